"""Bot speed: ISMCTS iterations per second and greedy (and random) decisions per second, per game.

    .venv/bin/python bench/agents.py [--games N] [--iterations K] [--depth D] [--json]

Positions: for seeds 0..N-1 (`--games N`, default 20), a game is played by uniformly random
legal actions (random.Random(seed)) up to a seeded depth, then on to the next decision with at
least two legal actions. Every bot decides there through the harness (`agents.choose`: the
seat's view, the legal ids and a sampling model), with its own seed; "legal" is the mean
number of legal actions at those positions. ISMCTS runs a fixed
number of iterations (`--iterations K`, default 200; the rollout's depth the game's,
`Ruleset.search_depth` or `search_depths`, unless `--depth D`; what judges the end, `Ruleset.search_leaf`, unless `--leaf
potential|plan`; the rest at the bot's defaults); iterations/s = K x positions / seconds. One process pinned to one core, timed in
its CPU time (`time.process_time`: other sessions on a shared machine disturb it less than wall time).
"vs before" divides ISMCTS iterations/s by the figure of bench/baselines/agents-before-issue17.json
(measured before issue 17's work, 20 positions, 200 iterations; a rough ratio: compare runs of one
session for a firm one).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

import boardlab
from boardlab.agents import choose
from boardlab.agents.greedy import GreedyAgent
from boardlab.agents.ismcts import ISMCTSAgent
from boardlab.agents import RandomAgent

BASELINE = Path(__file__).parent / "baselines" / "agents-before-issue17.json"
CONFIGS = [("carcassonne", 2, {}), ("carcassonne", 4, {"expansions": ["wonders"]}), ("greatwall", 2, {}),
           ("greatwall", 4, {})]


def label(game: str, players: int, options: dict) -> str:
    extra = "+".join(options.get("expansions", ()))
    return f"{game} {players}p{' +' + extra if extra else ''}"


def position(game: str, players: int, options: dict, seed: int):
    """A mid-game position with a real choice (two legal actions or more)."""
    rnd = random.Random(seed)
    for attempt in range(10):
        g = boardlab.new_game(game, players, seed=seed + 1000 * attempt, options=options)
        depth = rnd.randrange(5, 120)
        for _ in range(depth):
            if g.is_over:
                break
            g.apply(rnd.choice(g.legal_action_ids()))
        while not g.is_over and len(g.legal_action_ids()) < 2:
            g.apply(rnd.choice(g.legal_action_ids()))
        if not g.is_over:
            return g
    raise RuntimeError(f"no position with a choice for seed {seed}")


def timed(positions, make) -> tuple[float, float]:
    """(seconds, mean legal actions) for one decision of a fresh bot in each position."""
    start = time.process_time()
    for i, g in enumerate(positions):
        choose(make(i), g)
    elapsed = time.process_time() - start
    return elapsed, sum(len(g.legal_action_ids()) for g in positions) / len(positions)


def measure(game: str, players: int, options: dict, games: int, iterations: int, search: dict) -> dict:
    positions = [position(game, players, options, seed) for seed in range(games)]
    rnd_s, width = timed(positions, lambda i: RandomAgent(seed=i))
    greedy_s, _ = timed(positions, lambda i: GreedyAgent(seed=i))
    ismcts_s, _ = timed(positions, lambda i: ISMCTSAgent(seed=i, iterations=iterations, **search))
    n = len(positions)
    return {"config": label(game, players, options), "game": game, "players": players, "options": options,
            "positions": n, "legal_per_decision": width,
            "random_decisions_per_s": n / rnd_s, "greedy_decisions_per_s": n / greedy_s,
            "ismcts_iterations": iterations, "ismcts_iterations_per_s": iterations * n / ismcts_s,
            "ismcts_ms_per_decision": 1000 * ismcts_s / n}


def pin_one_core() -> int | None:
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def baseline() -> dict[str, float]:
    """ISMCTS iterations/s before issue 17, by configuration (empty without the file)."""
    if not BASELINE.exists():
        return {}
    return {r["config"]: r["ismcts_iterations_per_s"] for r in json.loads(BASELINE.read_text())["rows"]}


def run(games: int, iterations: int, depth: int | None = None, leaf: str | None = None) -> dict:
    cpu = pin_one_core()
    search = {} if depth is None else {"depth": depth}
    if leaf is not None:
        search["leaf"] = leaf
    measure("carcassonne", 2, {}, 1, 5, search)  # warm-up: imports, content tables
    rows = [measure(g, p, o, games, iterations, search) for g, p, o in CONFIGS]
    before = baseline()
    for r in rows:
        r["ismcts_vs_before"] = r["ismcts_iterations_per_s"] / before[r["config"]] if r["config"] in before else None
    return {"benchmark": "agents", "positions_per_config": games, "iterations": iterations, "depth": depth,
            "leaf": leaf, "cpu": cpu,
            "python": platform.python_version(), "machine": platform.machine(), "rows": rows}


def print_table(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"Bots: one decision per position ({result['positions_per_config']} positions per row, "
                    f"ISMCTS {result['iterations']} iterations"
                    f"{'' if result.get('depth') is None else ', depth ' + str(result['depth'])}"
                    f"{'' if result.get('leaf') is None else ', leaf ' + result['leaf']}, one core"
                    f"{'' if result['cpu'] is None else ' #' + str(result['cpu'])}, CPU time, Python {result['python']})")
    for col in ("config", "legal", "random dec/s", "greedy dec/s", "ISMCTS it/s", "ISMCTS ms/dec", "vs before"):
        t.add_column(col, justify="left" if col == "config" else "right", no_wrap=True)
    for r in result["rows"]:
        t.add_row(r["config"], f"{r['legal_per_decision']:.1f}", f"{r['random_decisions_per_s']:,.0f}",
                  f"{r['greedy_decisions_per_s']:,.1f}", f"{r['ismcts_iterations_per_s']:,.0f}",
                  f"{r['ismcts_ms_per_decision']:,.1f}",
                  "-" if r["ismcts_vs_before"] is None else f"{r['ismcts_vs_before']:.2f}x")
    Console(width=max(100, Console().width)).print(t)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/agents.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="positions per configuration (seeds 0..N-1)")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations per decision")
    parser.add_argument("--depth", type=int, default=None, help="ISMCTS rollout depth (default: the game's)")
    parser.add_argument("--leaf", choices=("potential", "plan"), default=None,
                        help="what judges an iteration's end (default: the game's, Ruleset.search_leaf)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations must be at least 1")
    if args.depth is not None and args.depth < 0:
        parser.error("--depth must be at least 0")
    result = run(args.games, args.iterations, args.depth, args.leaf)
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
