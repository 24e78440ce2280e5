"""The simulation lab (boardlab.sim, boardlab.report, `boardlab sim` / `boardlab report`):
seeds, determinism across worker counts and backends, resuming, summaries, the report, CLI errors."""
from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

import boardlab
from boardlab import report, sim
from boardlab.agents import choose, make_agent
from boardlab.cli import _bot_seed, app
from boardlab.core import rng
from boardlab.core.i18n import LANGS
from boardlab.core.registry import ruleset
from boardlab.games.carcassonne.content import WONDER_ORDER
from boardlab.games.greatwall.data_tables import CLANS, GENERALS

CARC = {"game": "carcassonne", "players": 2, "agents": ["random", "random"], "seed": 11}


def cli(*args: str):
    return CliRunner(env={"BOARDLAB_LANG": None}).invoke(app, list(args))


def assert_bad_args(result, *words: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert result.stdout == ""
    for w in words:
        assert w in lines[0], lines[0]


@pytest.fixture(scope="module")
def full_file(tmp_path_factory):
    """8 random 2-player games played in-process: the reference bytes."""
    path = tmp_path_factory.mktemp("sim") / "full.jsonl"
    records = sim.run(n=8, workers=1, out=path, progress=False, **CARC)
    return path, records


# ---- seeds ---------------------------------------------------------------------------------------
def test_game_seeds_derive_from_the_master_seed_by_mix_and_index():
    # the (i+1)-th SplitMix64 output of the master seed's stream, kept to 63 bits
    state = rng.seed_state(42)
    for i in range(5):
        state, out = rng.next_u64(state)
        assert sim.game_seed(42, i) == out >> 1
    seeds = [sim.game_seed(42, i) for i in range(2000)]
    assert len(set(seeds)) == 2000 and all(0 <= s < 2 ** 63 for s in seeds)
    assert sim.game_seed(43, 0) != sim.game_seed(42, 0)
    assert sim.game_seed(-1, 3) == sim.game_seed(2 ** 64 - 1, 3)  # the master seed is taken mod 2^64


def test_bot_seeds_derive_from_game_seed_and_seat_as_in_play():
    assert sim.bot_seed(123, 0) != sim.bot_seed(123, 1) != sim.bot_seed(124, 1)
    assert all(sim.bot_seed(s, seat) == _bot_seed(s, seat) for s in (0, 7, 2 ** 62) for seat in range(5))


def test_a_result_replays_from_its_seed_and_agents(full_file):
    """A record names everything needed to play its game again through the public API."""
    _, records = full_file
    for r in records[:3]:
        assert r["seed"] == sim.game_seed(CARC["seed"], r["index"])
        g = boardlab.new_game(r["game"], r["players"], r["seed"], r["options"])
        bots = [make_agent(a, seed=sim.bot_seed(r["seed"], s)) for s, a in enumerate(r["agents"])]
        while not g.is_over:
            g.apply(choose(bots[g.to_play], g))
        assert (g.scores, g.winners, len(g.log)) == (r["scores"], r["winners"], r["decisions"])


def test_record_fields(full_file):
    _, records = full_file
    r = records[0]
    assert list(r) == ["index", "seed", "game", "players", "options", "agents", "scores", "winners", "rewards",
                       "decisions", "turns", "summary"]
    for rec in records:
        shares = [1 / len(rec["winners"]) if s in rec["winners"] else 0.0 for s in range(rec["players"])]
        assert rec["rewards"] == shares  # competitive: 1/k for each of k winners
    assert [x["index"] for x in records] == list(range(8))
    assert r["options"] == ruleset("carcassonne").configure(2, {})
    assert r["summary"] == {} and 0 < r["turns"] <= r["decisions"]
    assert all(set(x["winners"]) <= {0, 1} and x["winners"] for x in records)


def test_rotate_moves_the_agent_list_one_seat_per_game(tmp_path):
    agents = ["greedy", "random", "random"]
    assert sim.seat_agents(agents, 0, True) == agents
    assert sim.seat_agents(agents, 1, True) == ["random", "greedy", "random"]
    assert sim.seat_agents(agents, 2, True) == ["random", "random", "greedy"]
    assert sim.seat_agents(agents, 3, True) == agents
    assert sim.seat_agents(agents, 5, False) == agents
    records = sim.run("carcassonne", 3, 3, agents, seed=1, rotate=True, progress=False)
    assert [r["agents"].index("greedy") for r in records] == [0, 1, 2]


# ---- determinism across workers and backends -------------------------------------------------------
def test_two_workers_write_the_same_bytes_as_one(full_file, tmp_path):
    path, records = full_file
    out = tmp_path / "w2.jsonl"
    again = sim.run(n=8, workers=2, out=out, progress=False, batch_size=1, **CARC)
    assert out.read_bytes() == path.read_bytes()
    assert again == records == sim.load_results(out)


@pytest.mark.parametrize("count", [1, 7, 60, 1000])
def test_batches_shrink_toward_the_end_so_the_workers_finish_together(count):
    """Guided batches (issue 17): every index once and in order, at most MAX_BATCH a batch, sizes never
    growing, and the run ends on single games (no worker waits on another's last big batch)."""
    sizes, seen = [], []
    for batch in sim._batches(iter(range(count)), count, 2, "local", None):
        sizes.append(len(batch))
        seen += batch
    assert seen == list(range(count)) and max(sizes) <= sim.MAX_BATCH
    assert sizes == sorted(sizes, reverse=True) and sizes[-1] == 1
    assert [len(b) for b in sim._batches(iter(range(7)), 7, 2, "ray", 3)] == [3, 3, 1]  # as asked
    assert [len(b) for b in sim._batches(iter(range(3)), 3, 1, "local", None)] == [1, 1, 1]  # in-process


@pytest.mark.ray
def test_ray_backend_writes_the_same_bytes_as_the_local_pool(full_file, tmp_path):
    import ray  # the ray extra is part of `make test`: this test must run, not skip

    path, records = full_file
    out = tmp_path / "ray.jsonl"
    assert not ray.is_initialized()
    again = sim.run(n=8, workers=2, backend="ray", out=out, progress=False, batch_size=3, **CARC)
    assert out.read_bytes() == path.read_bytes()
    assert again == records
    assert not ray.is_initialized()  # the local instance it started is shut down


def test_without_ray_the_ray_backend_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(sim.SimError, match=r"pip install 'boardlab\[ray\]'"):
        sim.run(n=1, backend="ray", out=tmp_path / "x.jsonl", progress=False, **CARC)
    assert not (tmp_path / "x.jsonl").exists()
    assert_bad_args(cli("sim", "carcassonne", "-n", "2", "--backend", "ray", "--out", str(tmp_path / "x.jsonl")),
                    "pip install")


# ---- resuming --------------------------------------------------------------------------------------
def _lines(path):
    return path.read_bytes().split(b"\n")[:-1]


@pytest.mark.parametrize("keep, half", [(3, True), (0, True), (5, False), (0, False), (8, False)])
def test_an_interrupted_file_is_resumed_to_the_same_bytes(full_file, tmp_path, monkeypatch, keep, half):
    """Keep the first `keep` lines (and half of the next one): only the missing games are played."""
    path, records = full_file
    lines = _lines(path)
    out = tmp_path / "part.jsonl"
    out.write_bytes(b"".join(line + b"\n" for line in lines[:keep]) + (lines[keep][:40] if half else b""))
    played = []
    real = sim.play_game
    monkeypatch.setattr(sim, "play_game", lambda spec, i: played.append(i) or real(spec, i))
    again = sim.run(n=8, workers=1, out=out, progress=False, **CARC)
    assert out.read_bytes() == path.read_bytes()
    assert again == records
    assert played == list(range(keep, 8))


def test_a_longer_run_extends_a_shorter_one(full_file, tmp_path):
    path, records = full_file
    out = tmp_path / "grow.jsonl"
    assert sim.run(n=5, out=out, progress=False, **CARC) == records[:5]
    assert sim.run(n=8, out=out, progress=False, **CARC) == records
    assert out.read_bytes() == path.read_bytes()


def test_a_run_that_keeps_no_records_writes_the_same_file_and_reads_it_back_lazily(full_file, tmp_path, monkeypatch):
    """keep=False (the CLI's way, issue 17): no record is parsed or held, the file is the same, and
    `each_result` reads it back a line at a time (games 0..n-1, a half-written last line ignored)."""
    path, records = full_file
    out = tmp_path / "lean.jsonl"
    assert sim.run(n=5, out=out, progress=False, keep=False, **CARC) == []
    parsed = []
    real = json.loads
    monkeypatch.setattr(sim.json, "loads", lambda text: parsed.append(text) or real(text))
    assert sim.run(n=8, out=out, progress=False, keep=False, **CARC) == []
    monkeypatch.undo()
    lines = [t for t in parsed if '"index"' in str(t)]
    assert len(lines) == 5  # the resumed lines only (checked against the simulation), none of the new ones
    assert out.read_bytes() == path.read_bytes()
    assert list(sim.each_result(out)) == records and list(sim.each_result(out, 3)) == records[:3]
    with open(out, "ab") as f:
        f.write(b'{"index": 8, "se')
    assert list(sim.each_result(out)) == records
    with pytest.raises(sim.SimError, match="needs out"):
        sim.run(n=2, progress=False, keep=False, **CARC)


def test_lines_out_of_order_or_repeated_are_rewritten_in_index_order(full_file, tmp_path):
    path, records = full_file
    lines = _lines(path)
    out = tmp_path / "mixed.jsonl"
    out.write_bytes(b"\n".join([lines[4], lines[1], lines[1], b"", lines[6]]) + b"\n")
    assert sim.run(n=8, out=out, progress=False, **CARC) == records
    assert out.read_bytes() == path.read_bytes()


def test_a_file_of_another_simulation_is_refused(full_file, tmp_path):
    path, _ = full_file
    out = tmp_path / "other.jsonl"
    for change in ({"seed": 12}, {"agents": ["random", "greedy"]}, {"players": 3, "agents": ["random"] * 3},
                   {"options": {"expansions": ["wonders"]}}):
        out.write_bytes(path.read_bytes())
        with pytest.raises(sim.SimError, match="another simulation"):
            sim.run(n=8, out=out, progress=False, **{**CARC, **change})
        assert out.read_bytes() == path.read_bytes()  # left as it was
    out.write_bytes(path.read_bytes())
    with pytest.raises(sim.SimError, match="another simulation"):
        sim.run(n=8, out=out, progress=False, rotate=True, **{**CARC, "agents": ["greedy", "random"]})


def test_a_damaged_line_inside_the_file_is_an_error(full_file, tmp_path):
    path, _ = full_file
    lines = _lines(path)
    out = tmp_path / "bad.jsonl"
    out.write_bytes(lines[0] + b"\n" + lines[1][:30] + b"\n" + lines[2] + b"\n")
    with pytest.raises(sim.SimError, match="line 2"):
        sim.run(n=8, out=out, progress=False, **CARC)
    with pytest.raises(sim.SimError, match="line 2"):
        sim.load_results(out)


def test_load_results_ignores_a_half_written_last_line(full_file, tmp_path):
    path, records = full_file
    out = tmp_path / "cut.jsonl"
    out.write_bytes(path.read_bytes()[:-10])
    assert sim.load_results(out) == records[:7]


# ---- the summary hook --------------------------------------------------------------------------------
def test_summary_default_is_empty_and_base_carcassonne_has_none():
    g = boardlab.new_game("carcassonne", 2, seed=1)
    assert g.rules.summary(g.state) == {}
    assert boardlab.core.ruleset.Ruleset.summary(g.rules, g.state) == {}


def test_greatwall_summary_names_each_seats_general_and_clan():
    records = sim.run("greatwall", 1, 3, ["random"] * 3, seed=2, progress=False)
    summary = records[0]["summary"]
    assert set(summary) == {"general", "clan", "hordes_kept", "battles", "honor_by_source"}
    assert summary["clan"] == [c.id for c in CLANS[:3]]
    assert len(summary["general"]) == 3 and all(g in GENERALS for g in summary["general"])
    assert len(set(summary["general"])) == 3


def test_wonders_summary_names_the_wonder_each_seat_owns():
    records = sim.run("carcassonne", 3, 3, ["greedy", "random", "random"], {"expansions": ["wonders"]}, seed=5,
                      rotate=True, progress=False)
    owned = [w for r in records for w in r["summary"]["wonder"]]
    assert all(len(r["summary"]["wonder"]) == 3 for r in records)
    assert all(w is None or w in WONDER_ORDER for w in owned)
    assert any(w is not None for w in owned)
    g = boardlab.new_game("carcassonne", 3, records[0]["seed"], {"expansions": ["wonders"]})
    assert g.rules.summary(g.state) == {"wonder": [None, None, None]}


# ---- the report ------------------------------------------------------------------------------------
def test_wilson_interval_and_shared_wins():
    lo, hi = report.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert report.wilson(0, 10)[0] == 0.0 and report.wilson(10, 10)[1] == 1.0
    assert report.wilson(0, 0) == (0.0, 1.0)
    assert report.win_shares({"players": 3, "winners": [0, 2]}) == [0.5, 0.0, 0.5]


def _record(i, winners, agents=("a", "b"), summary=None):
    return {"index": i, "seed": i, "game": "carcassonne", "players": 2, "options": {}, "agents": list(agents),
            "scores": [10 + i, 12], "winners": winners, "decisions": 20 + i, "turns": 10, "summary": summary or {}}


def test_report_tables_count_ties_as_shared_wins(tmp_path):
    records = [_record(0, [0], summary={"wonder": ["alhambra", None]}),
               _record(1, [0, 1], summary={"wonder": [None, None]}),
               _record(2, [1], agents=("b", "a"), summary={"wonder": [None, "alhambra"]})]
    (section,) = report.analyse(records)
    assert [(r["key"], r["games"], r["wins"]) for r in section["seats"]] == [(0, 3, 1.5), (1, 3, 1.5)]
    assert {r["key"]: r["wins"] for r in section["agents"]} == {"a": 2.5, "b": 0.5}  # game 2: "a" sits in seat 1
    assert {r["key"]: (r["games"], r["wins"]) for r in section["categories"]["wonder"]} == {
        "alhambra": (2, 2.0), None: (4, 1.0)}


def test_report_pools_measures_over_games_and_shows_their_figures(tmp_path):
    records = [_record(0, [0], summary={"control_turns": {"lead": [2, 4], "other": [1]}, "held": ["1", "0"]}),
               _record(1, [1], summary={"control_turns": {"lead": [3]}, "held": ["0", "2"]})]
    (section,) = report.analyse(records)
    assert section["measures"]["control_turns"] == [
        {"key": "lead", "n": 3, "mean": 3.0, "median": 3.0, "min": 2, "max": 4},
        {"key": "other", "n": 1, "mean": 1.0, "median": 1.0, "min": 1, "max": 1}]
    assert "control_turns" not in section["categories"]  # a measure is no per-seat category
    assert {r["key"]: r["wins"] for r in section["categories"]["held"]} == {"1": 1.0, "0": 0.0, "2": 1.0}
    assert report.measure_rows({"x": [1, 2, 3, 10]})[0]["median"] == 2.5
    html = report.build(records, tmp_path / "r").index.read_text(encoding="utf-8")
    assert "control_turns (pooled over all games)" in html and "<td>lead</td><td>3</td><td>3.00</td>" in html


def test_report_writes_index_html_with_the_tables_and_plots(tmp_path):
    results = tmp_path / "gw.jsonl"
    sim.run("greatwall", 2, 2, ["random", "greedy"], seed=3, out=results, progress=False)
    sim.run("carcassonne", 3, 3, ["greedy", "random", "random"], {"expansions": ["wonders"]}, seed=5, rotate=True,
            out=tmp_path / "cw.jsonl", progress=False)
    for name, categories in (("gw", ("general", "clan")), ("cw", ("wonder",))):
        folder = tmp_path / f"report-{name}"
        result = cli("report", str(tmp_path / f"{name}.jsonl"), "--out", str(folder))
        assert result.exit_code == 0, result.output
        page = (folder / "index.html").read_text(encoding="utf-8")
        for heading in ["Win rate by seat", "Win rate by agent"] + [f"Win rate by {c}" for c in categories]:
            assert heading in page
        for cls in ["by-seat", "by-agent"] + [f"by-{c}" for c in categories]:
            assert f'<table class="{cls}">' in page
        assert "95% interval" in page and "Score distributions" in page and "Decisions per game" in page
        pngs = sorted(p.name for p in folder.glob("*.png"))
        assert pngs == ["decisions.png", "scores_agent.png", "scores_seat.png", "turns.png", "winrate_agent.png"]
        for p in folder.glob("*.png"):
            assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and f'src="{p.name}"' in page
    zh = tmp_path / "report-zh"
    assert cli("report", str(results), "--out", str(zh), "--lang", "zh-Hant").exit_code == 0
    assert "各座位勝率" in (zh / "index.html").read_text(encoding="utf-8")


def test_report_of_several_configurations_has_one_section_each(tmp_path):
    records = [_record(0, [0]), {**_record(1, [1]), "players": 3, "agents": ["a", "b", "c"], "scores": [1, 2, 3]}]
    records[1]["winners"] = [2]
    built = report.build(records, tmp_path / "r")
    page = built.index.read_text(encoding="utf-8")
    assert page.count("<h2>") == 2 and len(built.plots) == 10 and (tmp_path / "r" / "s1_turns.png").exists()


def test_report_errors_are_one_line(tmp_path):
    assert_bad_args(cli("report", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "r")), "missing.jsonl")
    (tmp_path / "empty.jsonl").write_text("")
    assert_bad_args(cli("report", str(tmp_path / "empty.jsonl"), "--out", str(tmp_path / "r")), "no results")


# ---- the command line ------------------------------------------------------------------------------
def test_sim_command_writes_results_and_resumes(full_file, tmp_path):
    path, _ = full_file
    out = tmp_path / "cli.jsonl"
    args = ["sim", "carcassonne", "-n", "8", "--players", "2", "--agents", "random,random", "--seed", "11",
            "--workers", "1", "--out", str(out), "--no-progress"]
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == path.read_bytes()
    assert "8 game(s)" in result.stdout and "random" in result.stdout
    out.write_bytes(path.read_bytes()[:-25])
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert "Resuming" in result.stdout and "7 of 8" in result.stdout
    assert out.read_bytes() == path.read_bytes()


def test_sim_command_takes_options_and_agent_parameters(tmp_path):
    out = tmp_path / "w.jsonl"
    result = cli("sim", "carcassonne", "-n", "1", "--agents", "ismcts:iterations=5,depth=1,random",
                 "--option", "expansions=wonders", "--out", str(out), "--no-progress", "-w", "1")
    assert result.exit_code == 0, result.output
    (record,) = sim.load_results(out)
    assert record["agents"] == ["ismcts:iterations=5,depth=1", "random"]
    assert record["options"]["expansions"] == ["wonders"] and "wonder" in record["summary"]


@pytest.mark.parametrize("args, words", [
    (["--players", "3", "--agents", "random,random"], ["2 agent(s)", "3 player(s)"]),
    (["--players", "2", "--agents", "random,random,greedy"], ["3 agent(s)"]),
    (["--agents", "random,minimax"], ["minimax"]),
    (["--backend", "spark"], ["spark", "local, ray"]),
    (["--ray-address", "127.0.0.1:6379"], ["--ray-address"]),
    (["--workers", "0"], ["workers"]),
    (["-n", "-3"], ["-3"]),
    (["--option", "expansions=nope"], ["nope"]),
    (["--players", "9"], ["2-5"]),
    (["--seed", "x"], ["--seed"]),
])
def test_sim_command_errors_are_one_line(tmp_path, args, words):
    out = tmp_path / "e.jsonl"
    assert_bad_args(cli("sim", "carcassonne", "--out", str(out), "--no-progress", *args), *words)
    assert not out.exists()


def test_sim_command_refuses_a_missing_folder_or_a_foreign_file(full_file, tmp_path):
    path, _ = full_file
    assert_bad_args(cli("sim", "carcassonne", "--out", str(tmp_path / "no" / "x.jsonl")), "does not exist")
    assert_bad_args(cli("sim", "greatwall", "--out", str(path)), "another simulation")
    assert_bad_args(cli("sim", "carcassonne", "--agents", "random,random"), "--out")
    result = cli("sim", "nogame", "--out", str(tmp_path / "x.jsonl"), "--lang", "zh-Hans")
    assert_bad_args(result, "nogame")
    assert "错误" in result.stderr


def test_api_arguments_are_checked():
    with pytest.raises(sim.SimError, match="one agent per seat"):
        sim.run("carcassonne", 1, 3, ["random"], progress=False)
    with pytest.raises(boardlab.ConfigError):
        sim.run("carcassonne", 1, 2, "random,nobot", progress=False)
    with pytest.raises(sim.SimError, match="backend"):
        sim.run("carcassonne", 1, backend="dask", progress=False)
    assert sim.run("carcassonne", 0, progress=False) == []
    assert [r["agents"] for r in sim.run("carcassonne", 1, agents="greedy, random", progress=False)] == [
        ["greedy", "random"]]


def test_errors_cross_process_boundaries():
    """Errors raised in pool workers or Ray tasks are pickled back with their texts."""
    import pickle
    illegal = boardlab.IllegalAction("err.illegal", action="x", seat=1, decision="place", legal="a, b", why="")
    err = sim.SimError("err.sim.bot_illegal", index=3, seat=1, agent="x", reason=illegal)
    with pytest.raises(boardlab.ConfigError) as game_error:
        boardlab.new_game("carcassonne", 2, options={"expansions": ["nope"]})  # the game's own catalogue
    for e in (err, illegal, game_error.value):
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e) and str(again) == str(e) and again.key == e.key
        assert all(again.text(lang) == e.text(lang) for lang in LANGS)
    bad = {"game": "nogame", "players": 2, "options": {}, "agents": ["random", "random"], "seed": 0, "rotate": False}
    with pytest.raises(boardlab.ConfigError, match="unknown game 'nogame'"):
        list(sim._local(bad, [[0], [1]], 2))


def test_progress_bar_runs(tmp_path, capsys):
    records = sim.run(n=2, progress=True, **CARC)
    assert len(records) == 2
    assert "2/2" in capsys.readouterr().err


def test_results_are_json_lines_in_index_order(full_file):
    path, _ = full_file
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        assert json.loads(line)["index"] == i and line == sim.dumps(json.loads(line))
