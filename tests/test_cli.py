"""The `boardlab` command line: games, play, replay, rules, and one-line errors for bad arguments."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import boardlab
from boardlab.cli import app
from boardlab.core.i18n import LANGS, core_catalogue
from boardlab.core.registry import ruleset
from boardlab.core.rules_text import rule_texts

REPO = Path(__file__).resolve().parent.parent
CW66_ZH_HANT = "如果您在遊戲中完成了一條或多條得分道路"


def rid(prefix: str, n: int) -> str:
    """A rule id built at run time: this file tests the CLI, so `boardlab rules` must not count
    it as citing the rules it mentions (it scans tests/ for literal ids)."""
    return f"{prefix}-{n:02d}" if prefix != "C" else f"C-{n}"


def run(*args: str, input: str | None = None):
    # BOARDLAB_LANG unset: the default language is en whatever the caller's environment says
    return CliRunner(env={"BOARDLAB_LANG": None}).invoke(app, list(args), input=input)


def assert_bad_args(result) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == ""


@pytest.fixture
def human_save(tmp_path) -> Path:
    """A game where seat 0 (human) plays a few moves by number, asks why, then quits with --save."""
    save = tmp_path / "game.json"
    result = run("play", "carcassonne", "--players", "2", "--seats", "human,random", "--seed", "11",
                 "--save", str(save), input="1\n1\n?\nnonsense\n2\n1\nq\n")
    assert result.exit_code == 0, result.output
    return save


# ---- games -------------------------------------------------------------------------------------
def test_games_lists_each_game_with_players_and_options():
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "carcassonne" in result.output
    assert "2-5" in result.output
    for name in boardlab.option_schema("carcassonne")["properties"]:
        assert name in result.output


def test_games_headings_follow_lang():
    result = run("games", "--lang", "zh-Hant")
    assert result.exit_code == 0
    assert "卡卡頌" in result.output and "人數" in result.output


def games_rows(*args: str) -> str:
    """`boardlab games` on a wide terminal (one option a line), table borders removed."""
    result = CliRunner(env={"BOARDLAB_LANG": None, "COLUMNS": "300"}).invoke(app, ["games", *args])
    assert result.exit_code == 0, result.output
    return "\n".join(" ".join(line.replace("│", " ").split()) for line in result.output.splitlines())


def test_games_shows_each_option_with_its_title_and_values_in_the_chosen_language():
    en = games_rows()
    assert "rounds (Rounds): a whole number from 1 to 5; default 2" in en  # the toy game, from its schema
    assert "draft (Draft): true or false; default false" in en
    assert "colours (Colours): one per seat, comma-separated, each one of red, blue, green" in en
    assert "mode (Mode): one of competitive (Competitive), cooperative (Cooperative); default competitive" in en
    assert "rat (The Rat)" in en and "redturban (The Red Turban Rebellion), none" in en
    assert "wonders (Wonders in play): a list of any of notre_dame (Notre-Dame)" in en
    assert "only with expansions=wonders" in en
    zh = games_rows("--lang", "zh-Hant")
    assert "base_sets (基本版圖套數): 1 到 3 的整數; 預設 1" in zh
    assert "mode (模式): 以下其中之一：competitive (競爭), cooperative (合作); 預設 competitive" in zh
    assert "rat (老鼠)" in zh and "僅在 expansions=wonders 時適用" in zh
    assert "每個座位一個" in zh
    assert "base_sets (基本版图套数)" in games_rows("--lang", "zh-Hans")


def test_no_command_shows_help():
    result = run()
    assert result.exit_code == 0
    for cmd in ("games", "play", "replay", "rules"):
        assert cmd in result.output


# ---- play ---------------------------------------------------------------------------------------
def test_two_bot_game_runs_to_the_end_with_scores():
    args = ("play", "carcassonne", "--players", "2", "--seats", "random,random", "--seed", "3")
    result = run(*args)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game over" in out and "Final scores" in out and "Winner(s): Seat" in out
    assert "Seat 0: " in out and "Seat 1: " in out
    assert "The start tile D is placed at (0, 0)" in out
    assert run(*args).output == out  # same seed, same bots: the same game


def test_two_bot_game_in_simplified_chinese_with_wonders():
    result = run("play", "carcassonne", "--seats", "random,random", "--seed", "4",
                 "--option", "expansions=wonders", "--lang", "zh-Hans")
    assert result.exit_code == 0, result.output
    assert "游戏结束" in result.output and "最终分数" in result.output
    assert "选项：扩充：人类奇观" in result.output


@pytest.mark.parametrize("value", ['["wonders"]', "wonders"])
def test_list_options_take_json_or_comma_lists(value, tmp_path):
    save = tmp_path / "s.json"
    result = run("play", "carcassonne", "--seats", "random,random", "--seed", "1",
                 "--option", f"expansions={value}", "--option", "draw_order=A,B",
                 "--option", "wonders=alhambra,stonehenge", "--save", str(save))
    assert result.exit_code == 0, result.output
    options = json.loads(save.read_text(encoding="utf-8"))["options"]
    assert options == {"expansions": ["wonders"], "draw_order": ["A", "B"], "wonders": ["alhambra", "stonehenge"],
                       "base_sets": 1}


PAIRS_DEFAULTS = {"rounds": 2, "expansions": [], "draft": False, "colours": None}


@pytest.mark.parametrize("items, expected", [
    (["rounds=3"], {"rounds": 3}),                                    # an integer
    (["rounds= 1 "], {"rounds": 1}),
    (["draft=yes"], {"draft": True}),                                  # booleans
    (["draft=true"], {"draft": True}),
    (["draft=off"], {"draft": False}),
    (["expansions=bonus"], {"expansions": ["bonus"]}),                 # a comma list (of one)
    (["expansions="], {"expansions": []}),
    (["colours=red,blue"], {"colours": ["red", "blue"]}),              # per seat: one value per seat
    (["colours=blue, green"], {"colours": ["blue", "green"]}),
    (["colours=none"], {"colours": None}),                             # `none` clears a nullable option
    (['colours=["green","red"]'], {"colours": ["green", "red"]}),      # a JSON value as it is
    (["expansions=[]", "rounds=5"], {"expansions": [], "rounds": 5}),
])
def test_options_are_typed_by_the_schema(items, expected, tmp_path):
    save = tmp_path / "pairs.json"
    args = ["play", "pairs", "--players", "2", "--seats", "random,random", "--seed", "3", "--save", str(save)]
    for item in items:
        args += ["--option", item]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text(encoding="utf-8"))["options"] == {**PAIRS_DEFAULTS, **expected}


def test_a_nullable_choice_takes_none():
    from boardlab.cli import _parse_options

    assert _parse_options(ruleset("greatwall"), ["scenario=none", "mode=cooperative"], "en") == \
        {"scenario": None, "mode": "cooperative"}
    assert _parse_options(ruleset("greatwall"), ["scenario=famine"], "en") == {"scenario": "famine"}
    assert _parse_options(ruleset("carcassonne"), ["base_sets=2", "wonders=none"], "en") == \
        {"base_sets": 2, "wonders": None}


@pytest.mark.parametrize("item, lang, words", [
    ("size=3", "en", ["unknown option(s) size for pairs", "valid options: colours, draft, expansions, rounds"]),
    ("rounds=x", "en", ['option rounds: "x" is not accepted', "a whole number from 1 to 5"]),
    ("rounds=9", "en", ["option rounds: 9 is not accepted", "a whole number from 1 to 5"]),
    ("rounds=2.5", "en", ["option rounds", "2.5"]),
    ("draft=maybe", "en", ['option draft: "maybe" is not accepted']),
    ("expansions=bonus,extra", "en", ["option expansions", "a list of any of bonus"]),
    ("colours=red,pink", "en", ["option colours", "pink", "one of red, blue, green"]),
    ("colours=red", "en", ["colours", "one value per seat: 2, not 1"]),               # per seat: one per player
    ("colours=red,blue,green", "en", ["colours", "one value per seat: 2, not 3"]),
    ("size=3", "zh-Hant", ["錯誤：pairs 沒有選項 size；可用的選項：colours, draft, expansions, rounds"]),
    ("rounds=x", "zh-Hant", ['錯誤：選項 rounds：不接受 "x"', "1 到 5 的整數"]),
    ("colours=red,pink", "zh-Hant", ["選項 colours：不接受", "以下其中之一：red, blue, green"]),
    ("rounds=0", "zh-Hans", ["错误：选项 rounds：不接受 0", "1 到 5 的整数"]),
])
def test_bad_options_name_the_option_and_what_it_accepts(item, lang, words):
    result = run("play", "pairs", "--players", "2", "--seats", "random,random", "--option", item, "--lang", lang)
    assert_bad_args(result)
    for w in words:
        assert w in result.stderr, (w, result.stderr)


def test_human_seat_plays_by_number_explains_and_quits_with_a_loadable_save(human_save):
    data = json.loads(human_save.read_text(encoding="utf-8"))
    game = boardlab.load(data)
    assert not game.is_over
    seat0 = [a for s, a in game.log if s == 0]
    assert len(seat0) >= 4  # two full turns of seat 0 (tile + follower each)
    assert seat0[0].startswith("place:")


def test_human_transcript_shows_view_options_and_rule_texts(tmp_path):
    result = run("play", "carcassonne", "--seed", "11", "--save", str(tmp_path / "g.json"),
                 input="1\nwhy\nnot-an-action\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Seat 0: Place the tile" in out  # the decision, localised
    assert "Seat 0 draws tile" in out  # new log lines
    assert "Scores: Seat 0: 0, Seat 1: 0" in out
    assert "Tile in hand:" in out  # the view's scalar fields, localised
    assert "  1. Place tile " in out and "[place:" in out  # numbered options with their ids
    rules = ruleset("carcassonne")
    assert f"{rid('CB', 4)}: " + rules.rule_text(rid("CB", 4), "en") in out  # ? explains the last events
    assert "'not-an-action' is not an option" in out
    assert "Game stopped." in out and "Game saved to" in out


def test_help_lists_the_commands_and_each_one_answers():
    result = run("play", "carcassonne", "--seed", "11", "--seats", "human,random",
                 input="help\nboard\nmap\nrule cb-06\nrule nothing\nplace:5,5,0\nwhy\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    for word in ("why", "board", "map", "rule ID", "help, ?", "q "):
        assert word in out, word
    assert out.count("Tile in hand: ") == 3  # the turn, `board` and `map`
    assert f"{rid('CB', 6)}: After placing the tile" in out and "there is no rule 'nothing'" in out
    assert "'place:5,5,0' is not an option" in out and "(5, 5) has no tile next to it" in out
    assert "Seat 0 draws tile" in out and f"— {rid('CB', 4)}: Draw a tile" in out  # why: a line an event


def test_the_board_is_printed_when_it_changed_not_at_every_decision(tmp_path):
    """Great Wall: the decisions after using a bottom effect find the board as it was; each says so once
    instead of printing it again."""
    result = run("play", "greatwall", "--seed", "4", "--seats", "human,random", input="1\n1\n1\n1\nq\n")
    out = result.output
    assert result.exit_code == 0, out
    decisions = out.count("Your options:")
    assert out.count("the board has not changed") >= 1
    assert out.count("Year 1, ") + out.count("the board has not changed") == decisions


def test_the_options_line_names_options_and_values_in_the_readers_language():
    result = run("play", "carcassonne", "--seed", "1", "--option", "expansions=wonders", "--lang", "zh-Hant",
                 input="q\n")
    assert "選項：擴充：人類奇觀" in result.output and "{" not in result.output.splitlines()[1]


def test_human_seat_accepts_action_ids_and_offers_a_save_on_quit(tmp_path):
    first = boardlab.new_game("carcassonne", 2, 11).legal_action_ids()[-1]
    target = tmp_path / "offered.json"
    result = run("play", "carcassonne", "--seed", "11", input=f"{first}\nq\n{target}\n")
    assert result.exit_code == 0, result.output
    assert "Save the game?" in result.output
    assert boardlab.load(json.loads(target.read_text(encoding="utf-8"))).log[0] == (0, first)


def test_quit_at_end_of_input_without_saving():
    result = run("play", "carcassonne", "--seed", "11", input="1\n")
    assert result.exit_code == 0
    assert "Game stopped." in result.output


# ---- replay -------------------------------------------------------------------------------------
def test_replay_prints_the_localised_log(human_save):
    result = run("replay", str(human_save), "--lang", "zh-Hant")
    assert result.exit_code == 0, result.output
    assert "起始版圖 D 放在 (0, 0)" in result.output
    assert "遊戲尚未結束" in result.output


def test_replay_step_shows_each_action_and_can_stop(human_save):
    n = len(json.loads(human_save.read_text(encoding="utf-8"))["log"])
    result = run("replay", str(human_save), "--step", "--seat", "0", input="\n" * n)
    assert result.exit_code == 0, result.output
    assert f"[1/{n}] Seat 0: Place tile " in result.output
    assert f"[{n}/{n}]" in result.output
    stopped = run("replay", str(human_save), "--step", "--seat", "0", input="q\n")
    assert f"Replay stopped after 1 of {n}" in stopped.output
    assert "[2/" not in stopped.output


def test_replay_for_a_seat_does_not_name_the_other_seats_secret_choices(tmp_path):
    """Generals and Command cards are chosen in secret: the replay for seat 0 names only seat 0's
    actions; seat 1's choices are known through the events that reveal them (as in the web replay)."""
    g = boardlab.new_game("greatwall", 2, seed=3)
    for _ in range(4):  # both Generals, then both Command cards (not the same card as seat 0's)
        g.apply(g.legal_action_ids()[0 if g.to_play == 0 else -1])
    secret = [g.describe_action(a) for s, a in g.log if s == 1]
    save = tmp_path / "gw.json"
    save.write_text(json.dumps(boardlab.load(g.save()).save()))
    replayed = boardlab.new_game("greatwall", 2, seed=3)
    mine = []
    for seat, action in g.log:
        if seat == 0:
            mine.append(replayed.describe_action(action))
        replayed.apply(action)
    result = run("replay", str(save), "--step", "--seat", "0", input="\n" * 4)
    assert result.exit_code == 0, result.output
    theirs = [f"[{i}/4] Seat 1 acts" for i, (seat, _) in enumerate(g.log, 1) if seat == 1]
    assert len(theirs) == 2 and all(line in result.output for line in theirs)
    assert all(text not in result.output for text in secret)
    assert all(text in result.output for text in mine)


def test_replay_of_a_finished_game_shows_winners(tmp_path):
    save = tmp_path / "done.json"
    assert run("play", "carcassonne", "--seats", "random,random", "--seed", "3", "--save", str(save)).exit_code == 0
    result = run("replay", str(save))
    assert result.exit_code == 0
    assert "Game over" in result.output and "Winner(s): Seat" in result.output


# ---- rules ---------------------------------------------------------------------------------------
def test_rules_lists_cw66_with_its_zh_hant_text_and_citing_tests(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_wonders.py").write_text(
        f'@pytest.mark.rule("{rid("CW", 66)}")\ndef test_x(): "{rid("C", 1)}, not {rid("C", 10)}x nor {rid("CW", 66)}6"\n',
        encoding="utf-8")
    result = run("rules", "carcassonne", "--lang", "zh-Hant")
    assert result.exit_code == 0, result.output
    out = result.output
    block = out[out.index(f"\n{rid('CW', 66)} "):]
    block = block[:block.index("\n\n")]
    assert CW66_ZH_HANT in block
    assert "tests/test_wonders.py" in block
    c10 = out[out.index(f"\n{rid('C', 10)} "):]
    assert "測試：無" in c10[:c10.index("\n\n")]  # the "...10x" in the file is no citation

    missing = run("rules", "carcassonne", "--missing").output
    assert f"\n{rid('CW', 67)} " in missing
    assert f"\n{rid('CW', 66)} " not in missing and f"\n{rid('C', 1)} " not in missing
    assert f"\n{rid('CW', 1)} " not in missing  # flavour text is not testable


def test_rules_without_a_tests_folder_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("rules", "carcassonne")
    assert result.exit_code == 0
    assert "No tests/ folder" in result.output
    for r in (rid("CW", 66), rid("C", 12), rid("CB", 1)):
        assert re.search(rf"^{r}( \(|$)", result.output, flags=re.M), r


def test_rule_texts_cover_every_id_the_game_cites():
    """"why?" has a text, in every language, for each rule id a game's events cite."""
    rules = ruleset("carcassonne")
    entries = rule_texts(rules)
    assert len([i for i in entries if i.startswith("CW-")]) == 81
    assert [i for i in entries if i.startswith("C-")] == [f"C-{n}" for n in range(1, 13)]
    configs = [("carcassonne", 3, {}), ("carcassonne", 3, {"expansions": ["wonders"]})]
    configs += [("greatwall", n, opts) for n, opts in ruleset("greatwall").main_option_sets()]  # every module
    for name, players, opts in configs:
        rules = ruleset(name)
        game = boardlab.new_game(name, players, 7, opts)
        from boardlab.agents import choose, make_agent
        bots = [make_agent("random", seed=s) for s in range(players)]
        while not game.is_over:
            game.apply(choose(bots[game.to_play], game))
        for rid in {r for e in game.events for r in e.rules}:
            for lang in LANGS:
                assert rules.rule_text(rid, lang), (name, rid, lang)
        for event in game.events:  # and every logged event reads in every language
            for lang in LANGS:
                assert event.as_dict(rules, lang)["text"], (name, opts, event.key, lang)


def test_generated_rules_file_is_up_to_date():
    pytest.importorskip("opencc")
    source = REPO.parent / "shared" / "rules" / "carcassonne-wonders.yaml"
    if not source.is_file():
        pytest.skip("shared/rules is not next to the repo")
    result = subprocess.run([sys.executable, str(REPO / "tools" / "sync_rules.py"), str(source), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_cli_messages_exist_in_every_language():
    cat = core_catalogue()
    assert cat.missing() == []
    assert any(k.startswith("cli.") for k in cat.messages)


# ---- bad arguments --------------------------------------------------------------------------------
BAD_ARGS = [
    ["play", "chess"],
    ["play", "carcassonne", "--players", "9"],
    ["play", "carcassonne", "--players", "1", "--seats", "random"],
    ["play", "carcassonne", "--players", "many"],
    ["play", "carcassonne", "--option", "colour=red"],
    ["play", "carcassonne", "--option", "expansions=chess"],
    ["play", "carcassonne", "--option", "expansions"],
    ["play", "carcassonne", "--seats", "human,robot"],
    ["play", "carcassonne", "--seats", "human,random:depth=2"],
    ["play", "carcassonne", "--seats", "human,,random"],
    ["play", "carcassonne", "--players", "3", "--seats", "human,random"],
    ["play", "carcassonne", "--lang", "fr"],
    ["play", "carcassonne", "--save", "/no/such/folder/game.json"],
    ["play", "carcassonne", "--no-such-flag"],
    ["play"],
    ["replay", "does-not-exist.json"],
    ["replay", "."],
    ["replay", "{not_json}"],
    ["replay", "{not_utf8}"],
    ["replay", "{not_a_save}"],
    ["replay", "{bad_game}"],
    ["replay", "{altered}"],
    ["replay", "{list_game}"],
    ["replay", "{good}", "--lang", "xx"],
    ["replay", "{good}", "--seat", "7"],
    ["rules", "chess"],
    ["rules", "carcassonne", "--lang", "de"],
    ["games", "--lang", "xx"],
    ["no-such-command"],
]


@pytest.fixture
def save_files(tmp_path) -> dict[str, str]:
    good = boardlab.new_game("carcassonne", 2, 5)
    good.apply(good.legal_action_ids()[0])
    data = good.save()
    files = {
        "good": json.dumps(data),
        "not_json": "this is not json",
        "not_a_save": json.dumps({"format": "something-else"}),
        "bad_game": json.dumps(dict(data, game="chess")),
        "altered": json.dumps(dict(data, log=[[0, good.log[0][1]], [0, "pass"]])),
        "list_game": json.dumps(dict(data, game=["carcassonne"])),  # core raises TypeError here
    }
    paths = {}
    for name, text in files.items():
        p = tmp_path / f"{name}.json"
        p.write_text(text, encoding="utf-8")
        paths[name] = str(p)
    p = tmp_path / "not_utf8.json"
    p.write_bytes(b"\xff\xfe\x00garbage")
    paths["not_utf8"] = str(p)
    return paths


@pytest.mark.parametrize("args", BAD_ARGS, ids=lambda a: " ".join(a))
def test_bad_arguments_give_one_line_and_exit_2(args, save_files):
    result = run(*[a.format(**save_files) for a in args])
    assert_bad_args(result)


def test_errors_are_worded_in_the_chosen_language():
    result = run("play", "carcassonne", "--players", "9", "--lang", "zh-Hant")
    assert_bad_args(result)
    assert result.stderr.startswith("錯誤：")


# ---- the installed script -------------------------------------------------------------------------
def test_installed_console_script():
    script = shutil.which("boardlab", path=str(Path(sys.executable).parent)) or shutil.which("boardlab")
    if script is None:
        pytest.skip("the boardlab script is not installed (pip install -e .)")
    ok = subprocess.run([script, "games"], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "carcassonne" in ok.stdout
    bad = subprocess.run([script, "play", "carcassonne", "--players", "9"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == "" and len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
    module = subprocess.run([sys.executable, "-m", "boardlab", "games"], capture_output=True, text=True, timeout=60)
    assert module.returncode == 0 and "carcassonne" in module.stdout


@pytest.mark.rule("AC-FAM-09", "D3")
def test_play_says_when_every_player_lost():
    """The Great Famine ends at once when the storage limit falls below 6: nobody wins."""
    result = run("play", "greatwall", "--seats", "random,random,random", "--seed", "6", "--option", "scenario=famine")
    assert result.exit_code == 0, result.output
    assert "Nobody won: every player lost." in result.output and "Winner(s)" not in result.output
