"""Bad input is answered with the project's errors (issue 16): a ConfigError, SaveFileError or
IllegalAction naming what was wrong from the API, one line and exit code 2 from the command line,
never a traceback, and nothing changed. One test per input the issue lists, then a property test
throwing generated garbage at `new_game`, `load`, `apply` and the command line."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import boardlab
from boardlab import sim
from boardlab.cli import app
from boardlab.core.errors import BoardlabError, ConfigError, IllegalAction, SaveFileError
from boardlab.core.i18n import LANGS

HUGE = 10 ** 5000  # more digits than Python turns into text


def run(*args: str, input: str | None = None):
    return CliRunner(env={"BOARDLAB_LANG": None}).invoke(app, list(args), input=input)


def assert_one_line_error(result) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def readable(exc: BoardlabError) -> None:
    """The error reads in every language, and stays short whatever it quotes."""
    for lang in LANGS:
        assert 0 < len(exc.text(lang)) < 2000


def carcassonne_save(actions: int = 2, snapshot: bool = False) -> dict:
    g = boardlab.new_game("carcassonne", 2, seed=5)
    for _ in range(actions):
        g.apply(g.legal_action_ids()[0])
    return g.save(snapshot=snapshot)


def nested(depth: int):
    """[[[...]]] `depth` lists deep (built without recursion)."""
    inner: list = []
    outer = inner
    for _ in range(depth - 1):
        inner.append([])
        inner = inner[0]
    return outer


# ---- new_game --------------------------------------------------------------------------------------
@pytest.mark.parametrize("options", ["wonders", ["wonders"], 5, {5: 1}], ids=["text", "list", "number", "int-key"])
def test_new_game_options_that_are_not_an_object_of_known_names(options):
    with pytest.raises(ConfigError) as caught:
        boardlab.new_game("carcassonne", 2, options=options)
    readable(caught.value)


def test_new_game_with_a_number_of_players_too_large_to_print():
    with pytest.raises(ConfigError, match="5001 digits") as caught:
        boardlab.new_game("carcassonne", HUGE)
    readable(caught.value)


def test_view_of_seat_true_is_refused():
    g = boardlab.new_game("carcassonne", 2)
    with pytest.raises(ConfigError, match="not True"):
        g.view(True)


# ---- load ------------------------------------------------------------------------------------------
def test_a_save_with_a_number_of_players_too_large_to_print():
    with pytest.raises(SaveFileError, match="digits") as caught:
        boardlab.load(dict(carcassonne_save(), players=HUGE))
    readable(caught.value)


@pytest.mark.parametrize("bad", [{"d": 5}, [[0]], [5], nested(5000)], ids=["tag", "pair", "number", "deep"])
def test_a_trusted_snapshot_that_is_malformed(bad):
    data = carcassonne_save(snapshot=True)
    with pytest.raises(SaveFileError):
        boardlab.load(dict(data, snapshot=bad), trust_snapshot=True)


@pytest.mark.parametrize("bad", [{"d": 5}, [[0]], [5], nested(5000)], ids=["object", "short", "number", "deep"])
def test_a_trusted_snapshot_with_a_malformed_log(bad):
    data = carcassonne_save(snapshot=True)
    with pytest.raises(SaveFileError, match="log"):
        boardlab.load(dict(data, log=bad), trust_snapshot=True)


def test_a_save_without_its_state_hash_is_refused():
    """Tamper detection does not depend on an optional field: an altered log without a hash fails."""
    data = carcassonne_save()
    del data["state_hash"]
    with pytest.raises(SaveFileError, match="state_hash"):
        boardlab.load(data)
    with pytest.raises(SaveFileError, match="state_hash"):
        boardlab.load(dict(carcassonne_save(snapshot=True), state_hash=None), trust_snapshot=True)


@pytest.mark.parametrize("version", [1.0, True, "2", 2.0])
def test_a_save_version_that_is_not_a_whole_number(version):
    with pytest.raises(SaveFileError, match="version"):
        boardlab.load(dict(carcassonne_save(), version=version))


@pytest.mark.parametrize("seat", [0.0, False, "0"])
def test_a_log_seat_that_is_not_a_whole_number(seat):
    data = carcassonne_save()
    data["log"][0][0] = seat
    with pytest.raises(SaveFileError, match="log entry 0"):
        boardlab.load(data)


# ---- apply and describe_action ---------------------------------------------------------------------
def test_a_5_mb_action_id_is_quoted_by_a_bounded_prefix():
    g = boardlab.new_game("carcassonne", 2)
    before = g.state_hash()
    with pytest.raises(IllegalAction) as caught:
        g.apply("place:" + "9" * 5_000_000)
    assert "place:999" in str(caught.value) and "5000006" in str(caught.value)
    readable(caught.value)
    assert g.state_hash() == before and g.log == []


@pytest.mark.parametrize("game", ["carcassonne", "greatwall", "root", "pairs"])
@pytest.mark.parametrize("action", ["", "nonsense", "place:a", "place:1,2", "meeple:", "command:", "x" * 10_000,
                                    "general:" + "z" * 300])
def test_describe_action_of_a_malformed_id(game, action):
    g = boardlab.new_game(game, 2, seed=1)
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="not an action of this game") as caught:
        g.describe_action(action)
    readable(caught.value)
    assert g.state_hash() == before
    with pytest.raises(IllegalAction):
        g.describe_action(5)


# ---- the command line ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", ["99999999999999999999999", "1000000000"])
def test_play_with_absurd_player_counts_is_refused_before_allocating(players):
    started = time.perf_counter()
    result = run("play", "carcassonne", "--players", players)
    assert_one_line_error(result)
    assert "players" in result.stderr and time.perf_counter() - started < 10


def test_replay_of_json_nested_100000_deep(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    result = run("replay", str(path))
    assert_one_line_error(result)
    assert "nested" in result.stderr


def test_sim_of_10_billion_games_makes_no_list_of_every_index(tmp_path, monkeypatch):
    """The games are batched as they are needed: the first ones are played at once (here the run is
    stopped after three, as Ctrl-C would)."""
    played = []

    def batch(spec, indices):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.extend(indices)
        return [json.dumps({"index": i}) for i in indices]

    monkeypatch.setattr(sim, "play_batch", batch)
    out = tmp_path / "r.jsonl"
    started = time.perf_counter()
    result = run("sim", "carcassonne", "-n", "10000000000", "--workers", "1", "--out", str(out), "--no-progress")
    assert result.exit_code == 130, result.output
    assert played == [0, 1, 2] and len(out.read_text().splitlines()) == 3
    assert time.perf_counter() - started < 10


def test_sim_out_a_folder(tmp_path):
    result = run("sim", "carcassonne", "-n", "1", "--out", str(tmp_path), "--no-progress")
    assert_one_line_error(result)
    assert "is a folder" in result.stderr


def test_report_out_an_existing_file(tmp_path):
    results = tmp_path / "r.jsonl"
    assert run("sim", "carcassonne", "-n", "1", "--out", str(results), "--no-progress").exit_code == 0
    existing = tmp_path / "notes.txt"
    existing.write_text("mine")
    result = run("report", str(results), "--out", str(existing))
    assert_one_line_error(result)
    assert "existing file" in result.stderr and existing.read_text() == "mine"


def test_play_save_to_a_folder_is_refused_before_the_game_starts(tmp_path):
    result = run("play", "carcassonne", "--save", str(tmp_path), input="1\n")
    assert_one_line_error(result)
    assert "is a folder" in result.stderr and result.stdout == ""


# ---- garbage in, the project's errors out ----------------------------------------------------------
GAMES = ["carcassonne", "greatwall", "root", "pairs"]
OPTION_NAMES = sorted({name for g in GAMES for name in boardlab.option_schema(g)["properties"]})
OPTION_VALUES = sorted({str(v) for g in GAMES for p in boardlab.option_schema(g)["properties"].values()
                        for v in p.get("x-value-texts", {})})
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4),
                           max_leaves=12)
anything = json_values | st.sampled_from([HUGE, -HUGE, b"bytes", object(), {5: 1}, (1, 2)])
GARBAGE = settings(max_examples=int(__import__("os").environ.get("GARBAGE_N", 60)), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@GARBAGE
@given(name=st.sampled_from(GAMES) | anything, players=st.integers(-3, 8) | anything,
       seed=st.integers() | anything, options=st.dictionaries(st.sampled_from(OPTION_NAMES) | st.text(), anything | st.lists(
           st.sampled_from(OPTION_VALUES), max_size=6) | st.sampled_from(OPTION_VALUES), max_size=3) | anything)
def test_new_game_raises_only_config_errors(name, players, seed, options):
    try:
        boardlab.new_game(name, players, seed, options)
    except ConfigError as exc:
        readable(exc)


SAVE = carcassonne_save(actions=4, snapshot=True)


@GARBAGE
@given(field=st.sampled_from(sorted(SAVE)), value=anything, trust=st.booleans())
def test_load_of_a_save_with_one_garbage_field_raises_only_save_errors(field, value, trust):
    try:
        boardlab.load(dict(SAVE, **{field: value}), trust_snapshot=trust)
    except SaveFileError as exc:
        readable(exc)


@GARBAGE
@given(data=anything, trust=st.booleans())
def test_load_of_garbage_raises_only_save_errors(data, trust):
    with pytest.raises(SaveFileError):
        boardlab.load(data, trust_snapshot=trust)


@GARBAGE
@given(game=st.sampled_from(GAMES), moves=st.integers(0, 5), action=st.text(max_size=40) | anything | st.sampled_from(
    ["place:0,1,0", "place:-1,1025,2", "pass", "meeple:city:N", "command:red_attack", "keep:1", "general:x"])
    | st.builds("{}:{}".format, st.sampled_from(["place", "meeple", "wonder", "section", "slot", "move"]),
                st.text(max_size=12)))
def test_apply_and_describe_of_garbage_raise_only_illegal_action(game, moves, action):
    g = boardlab.new_game(game, 2, seed=3)
    for _ in range(moves):  # at another decision (a follower, a Command card, ...)
        g.apply(g.legal_action_ids()[0])
    before, log, legal = g.state_hash(), g.log, g.is_legal(action) if isinstance(action, str) else False
    if legal:
        return
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert g.state_hash() == before and g.log == log
    try:
        g.describe_action(action)
    except IllegalAction as exc:
        readable(exc)


FLAGS = ["--players", "-p", "--seats", "--seed", "--option", "-o", "--save", "--lang", "--step", "--seat",
         "--missing", "-n", "--out", "--workers"]
VALUES = st.sampled_from(["2", "0", "-1", "99999999999999999999999", "carcassonne", "greatwall", "human",
                          "human,random", "human,nobody", "expansions=wonders", "wonders=x", "x=", "=", "zh-Hant",
                          "xx", ".", "/no/such", "", "[[[", "1e9"]) | st.text(max_size=12)


@GARBAGE
@given(command=st.sampled_from(["play", "replay", "rules", "games"]),
       args=st.lists(st.sampled_from(FLAGS) | VALUES, max_size=6))
def test_the_command_line_answers_garbage_with_one_line_not_a_traceback(command, args, tmp_path_factory):
    if command == "play" and "--seats" in args:  # a game of bots only would play to its end
        args = [a if a != "--seats" else "--players" for a in args]
    folder = tmp_path_factory.mktemp("cli")
    args = [str(folder / "game.json") if a == "/no/such" else a for a in args]
    result = CliRunner(env={"BOARDLAB_LANG": None}).invoke(app, [command, *args], input="q\n")
    assert result.exit_code in (0, 2), (args, result.output)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), (
        args, repr(result.exception))
    if result.exit_code == 2:
        assert len(result.stderr.strip().splitlines()) == 1, (args, result.stderr)
    Path(folder / "game.json").unlink(missing_ok=True)


# ---- saves written before tile H's equivalent turns were merged ----------------------------------
def test_a_save_holding_an_equivalent_turn_is_checked_by_replay_alone():
    """Before save version 3 tile H turned 180° was listed as its own id, with another state layout:
    such a save replays (every action re-validated) and its old hash cannot be recomputed. A save of
    this version holds only listed ids: an equivalent spelling in it is held to the hash."""
    g = boardlab.new_game("carcassonne", 2, seed=1, options={"draw_order": ["H"]})
    g.apply("place:0,1,0")
    old = dict(g.save(), version=2, log=[[0, "place:0,1,2"]], state_hash="the hash of the old layout")
    assert boardlab.load(old).log == [(0, "place:0,1,0")]
    with pytest.raises(SaveFileError, match="hash"):
        boardlab.load(dict(old, log=[[0, "place:0,1,0"]]))
    with pytest.raises(SaveFileError, match="hash"):
        boardlab.load(dict(old, version=3))
    assert boardlab.load(dict(g.save(), log=[[0, "place:0,1,2"]])).state_hash() == g.state_hash()


def test_saves_of_version_2_number_the_great_walls_places_from_0():
    g = boardlab.new_game("greatwall", 2, seed=4)
    while not any(a.startswith("section:") for a in g.legal_action_ids()):
        g.apply(g.legal_action_ids()[0])
    g.apply("section:2")
    old = g.save()
    old["log"][-1] = [old["log"][-1][0], "section:1"]  # as version 2 wrote Section 2
    restored = boardlab.load(dict(old, version=2))
    assert restored.log == g.log and restored.state_hash() == g.state_hash()
    with pytest.raises(SaveFileError):
        boardlab.load(dict(old, version=3))  # this version's `section:1` is Section 1: another game
