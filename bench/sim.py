"""Simulation throughput: games/s of `boardlab.sim.run` with 1 and 2 local workers and on Ray.

    .venv/bin/python bench/sim.py [--games N] [--long N] [--json]

For each configuration (2-player Carcassonne and The Great Wall, agents greedy vs random,
master seed 0, N games, default 60) the same simulation runs: on the local backend with 1
worker (in-process), with 2 workers (a process pool, started by the run: its start-up is in the
time), then on the ray backend with 2 CPUs of a local Ray instance started after the local rows
(its start-up time is shown apart; the tasks' own start-up is in the time). "speed-up" divides by the
1-worker rate; "vs local pool" divides Ray's time by the local 2-worker time; "same bytes" checks that
the results file equals the 1-worker one. A long run (`--long N`, default 2,000 random 2-player
Carcassonne games; 0 skips it) shows the scaling once start-up matters little. The local pool's
start-up (2 workers forked on Linux, else spawned: imports, a first game) is timed apart too, though the local rows include it. The process
may use every CPU (bench/carcassonne.py pins itself to one core: this module undoes that).

Then random bots through `sim.run` (1 worker) against the same games played on the bare engine (same
seeds, same bot streams, no harness), per game (Carcassonne 2 players, The Great Wall and Root 4
players): the slowdown is the harness's cost (target: within 1.2x).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

from boardlab import sim

CONFIGS = [("carcassonne", 2, ["greedy", "random"]), ("greatwall", 2, ["greedy", "random"])]
# The long run (--long N games): where start-up is small and Ray should come within 1.15x of the local pool.
LONG_CONFIG = ("carcassonne", 2, ["random", "random"])
# Random bots through the simulation lab against the same games on the bare engine (target: within 1.2x).
RAW_CONFIGS = [("carcassonne", 2), ("greatwall", 4), ("root", 4)]


def all_cpus() -> int:
    """Allow every CPU again (a benchmark run before may have pinned the process)."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, range(os.cpu_count() or 1))
        except OSError:
            pass
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def timed_run(folder: Path, name: str, game: str, players: int, agents: list[str], games: int, workers: int,
              backend: str) -> tuple[float, bytes]:
    out = folder / f"{name}.jsonl"
    start = time.perf_counter()
    sim.run(game, games, players, agents, seed=0, workers=workers, backend=backend, out=out, progress=False)
    return time.perf_counter() - start, out.read_bytes()


def raw_playouts(game: str, players: int, games: int) -> tuple[float, int]:
    """(seconds, decisions) of the sim's random games played on the bare engine: the same seeds
    (`sim.game_seed`) and the same choices (each seat's `Stream(sim.bot_seed(...))` over the legal ids),
    without the harness (no bot objects, views or models, no result records)."""
    import boardlab
    from boardlab.core.rng import Stream

    decisions = 0
    start = time.process_time()
    for index in range(games):
        seed = sim.game_seed(0, index)
        g = boardlab.new_game(game, players, seed=seed)
        below = [Stream(sim.bot_seed(seed, s)).below for s in range(players)]
        while not g.is_over:
            legal = g.legal_action_ids()
            g.apply(legal[below[g.to_play](len(legal))])
            decisions += 1
    return time.process_time() - start, decisions


def sim_against_raw(folder: Path, games: int) -> list[dict]:
    """`boardlab sim` with random bots (1 worker, in-process, master seed 0) against the same games
    played on the bare engine, per game: the slowdown is the harness's cost (the decision counts
    are checked equal, so both sides played the same games). Both sides are timed in this process's
    CPU time (`time.process_time`), so other processes on a shared machine disturb the ratio less."""
    rows = []
    for game, players in RAW_CONFIGS:
        raw_playouts(game, players, 1)  # warm-up: the game's imports and content tables
        raw_s, raw_decisions = raw_playouts(game, players, games)
        out = folder / f"{game}-raw.jsonl"
        start = time.process_time()
        records = sim.run(game, games, players, ["random"] * players, seed=0, out=out, progress=False)
        seconds = time.process_time() - start
        decisions = sum(r["decisions"] for r in records)
        rows.append({"game": game, "players": players, "games": games, "decisions": decisions,
                     "same_games": decisions == raw_decisions, "raw_games_per_s": games / raw_s,
                     "sim_games_per_s": games / seconds, "slowdown": seconds / raw_s})
    return rows


def start_ray(cpus: int) -> tuple[object | None, float | None, str | None]:
    try:
        ray = sim.import_ray()
    except sim.SimError as exc:
        return None, None, str(exc)
    import logging
    start = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    return ray, time.perf_counter() - start, None


def pool_start(workers: int) -> float:
    """Seconds to start a local pool of `workers` processes and play one random game in each (the
    imports and the game's tables): the start-up the local multi-worker rows include."""
    from concurrent.futures import ProcessPoolExecutor

    spec = {"game": "carcassonne", "players": 2, "options": {}, "agents": ["random", "random"], "seed": 0,
            "rotate": False}
    start = time.perf_counter()
    with ProcessPoolExecutor(workers, mp_context=sim.pool_context()) as pool:
        list(pool.map(sim.play_batch, [spec] * workers, [[i] for i in range(workers)]))
    return time.perf_counter() - start


def run(games: int, long: int) -> dict:
    cpus = all_cpus()
    sim.run("carcassonne", 1, 2, ["random", "random"], progress=False)  # warm-up: imports, tables
    rows: list[dict] = []
    configs = [(g, p, a, games) for g, p, a in CONFIGS] + ([(*LONG_CONFIG, long)] if long else [])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base: dict[str, tuple[float, bytes]] = {}
        local2: dict[str, float] = {}

        def add(config, n, backend, workers, seconds, data):
            rows.append({"config": config, "backend": backend, "workers": workers, "games": n,
                         "seconds": seconds, "games_per_s": n / seconds, "speedup": base[config][0] / seconds,
                         "vs_local_pool": seconds / local2[config] if backend == "ray" else None,
                         "same_bytes": data == base[config][1]})

        for game, players, agents, n in configs:  # the local rows first, with no Ray instance running
            config = f"{game} {players}p {' vs '.join(agents)}"
            base[config] = timed_run(folder, f"{game}-{n}-1", game, players, agents, n, 1, "local")
            add(config, n, "local", 1, *base[config])
            seconds, data = timed_run(folder, f"{game}-{n}-2", game, players, agents, n, 2, "local")
            local2[config] = seconds
            add(config, n, "local", 2, seconds, data)
        started = pool_start(2)
        against_raw = sim_against_raw(folder, games)
        ray, ray_start, ray_missing = start_ray(2)
        if ray is not None:
            try:
                for game, players, agents, n in configs:
                    config = f"{game} {players}p {' vs '.join(agents)}"
                    add(config, n, "ray", 2, *timed_run(folder, f"{game}-{n}-ray", game, players, agents, n, 2, "ray"))
            finally:
                ray.shutdown()
    order = [f"{g} {p}p {' vs '.join(a)}" for g, p, a, _ in configs]
    rows.sort(key=lambda r: order.index(r["config"]))
    return {"benchmark": "sim", "games": games, "long": long, "cpus": cpus, "python": platform.python_version(),
            "machine": platform.machine(), "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "pool_start_s": started, "ray_start_s": ray_start, "ray_missing": ray_missing, "rows": rows,
            "against_raw": against_raw}


def print_table(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(100, Console().width))
    load = "" if result["load"] is None else f", load average {result['load']:.1f} at the end"
    t = Table(title=f"boardlab.sim.run: master seed 0, {result['cpus']} CPU(s){load}, Python {result['python']}")
    for col in ("config", "games", "backend", "workers", "seconds", "games/s", "speed-up", "vs local pool",
                "same bytes"):
        t.add_column(col, justify="left" if col in ("config", "backend") else "right", no_wrap=True)
    for r in result["rows"]:
        t.add_row(r["config"], str(r["games"]), r["backend"], str(r["workers"]), f"{r['seconds']:.2f}",
                  f"{r['games_per_s']:.1f}", f"{r['speedup']:.2f}x",
                  "" if r["vs_local_pool"] is None else f"{r['vs_local_pool']:.2f}x", "yes" if r["same_bytes"] else "NO")
    console.print(t)
    console.print(f"Local pool start-up (2 workers: imports and a first game's tables), counted in the local "
                  f"2-worker rows: {result['pool_start_s']:.1f} s")
    t = Table(title="Random bots: boardlab.sim.run (1 worker) against the same games on the bare engine "
                    "(target: within 1.2x)")
    for col in ("game", "players", "games", "decisions", "raw games/s", "sim games/s", "slowdown", "same games"):
        t.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for r in result["against_raw"]:
        t.add_row(r["game"], str(r["players"]), str(r["games"]), f"{r['decisions']:,}",
                  f"{r['raw_games_per_s']:.1f}", f"{r['sim_games_per_s']:.1f}", f"{r['slowdown']:.2f}x",
                  "yes" if r["same_games"] else "NO")
    console.print(t)
    if result["ray_missing"]:
        console.print(f"ray: {result['ray_missing']}", markup=False)
    else:
        console.print(f"Local Ray instance (2 CPUs) start-up, not counted above: {result['ray_start_s']:.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/sim.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per run (seeds from master seed 0)")
    parser.add_argument("--long", type=int, default=2000,
                        help="games of the long run (random bots; 0: none) where start-up matters little")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    if args.games < 1 or args.long < 0:
        parser.error("--games must be at least 1 and --long at least 0")
    result = run(args.games, args.long)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    same = all(r["same_bytes"] for r in result["rows"]) and all(r["same_games"] for r in result["against_raw"])
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
