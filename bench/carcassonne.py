"""Carcassonne engine benchmark: random games through the public API, on one core.

    .venv/bin/python bench/carcassonne.py [--games N] [--json]

Figures (see bench/README.md): games/s and actions/s for 2-5 players, base game (with
farmers) and with The Wonders of Humanity (2-4 players: its first set supports at most four, CW-33); legal-move generation per decision (µs);
Game.clone() at early/mid/late game (µs); Game.apply() per decision (µs). The seeds are
fixed (0..N-1), and a random legal action is chosen with random.Random(seed).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

import boardlab

TARGET_GAMES_PER_S = 100.0  # the stated target: random 2-player games per second
WONDERS_MAX_PLAYERS = 4  # CW-33 / ruling C-12: the first set of wonders supports at most four players
CONFIGS = [(p, exp) for p in (2, 3, 4, 5) for exp in ((), ("wonders",))
           if not exp or p <= WONDERS_MAX_PLAYERS]
STAGES = {"early": 5, "mid": 35, "late": 65}  # tiles placed (of 71) when clone time is measured
CLONE_REPEAT = 50


def options(expansions) -> dict:
    return {"expansions": list(expansions)} if expansions else {}


def label(players: int, expansions) -> str:
    return f"{players}p {'+'.join(expansions) or 'base'}"


# ---- throughput -----------------------------------------------------------------------------

def play_random(players: int, expansions, seed: int) -> int:
    """One random game through the public API; returns the number of actions."""
    game = boardlab.new_game("carcassonne", players, seed=seed, options=options(expansions))
    choice = random.Random(seed).choice
    actions = 0
    while not game.is_over:
        game.apply(choice(game.legal_action_ids()))
        actions += 1
    return actions


def throughput(players: int, expansions, games: int) -> dict:
    start = time.perf_counter()
    actions = sum(play_random(players, expansions, seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    rate = games / elapsed
    return {"config": label(players, expansions), "players": players, "expansions": list(expansions),
            "games": games, "seconds": elapsed, "games_per_s": rate, "actions_per_s": actions / elapsed,
            "actions_per_game": actions / games, "target_ratio": rate / TARGET_GAMES_PER_S}


# ---- per-operation timings --------------------------------------------------------------------

def _us(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0, "mean_us": None, "median_us": None, "p95_us": None}
    ordered = sorted(samples)
    return {"n": len(samples), "mean_us": statistics.fmean(samples) * 1e6,
            "median_us": statistics.median(samples) * 1e6,
            "p95_us": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1e6}


def _time_clone(game) -> float:
    start = time.perf_counter()
    for _ in range(CLONE_REPEAT):
        game.clone()
    return (time.perf_counter() - start) / CLONE_REPEAT


def instrumented(players: int, expansions, games: int) -> dict:
    """Replays the same random games, timing legal-move generation, apply and clone."""
    legal: dict[str, list[float]] = {}
    apply: dict[str, list[float]] = {}
    clone: dict[str, list[float]] = {stage: [] for stage in STAGES}
    for seed in range(games):
        game = boardlab.new_game("carcassonne", players, seed=seed, options=options(expansions))
        choice = random.Random(seed).choice
        placed, stages = 0, dict(STAGES)
        while not game.is_over:
            kind = game.decision
            start = time.perf_counter()
            game.rules.flow_of(game.state).legal(game.state)  # what legal_action_ids() computes (it caches)
            legal.setdefault(kind, []).append(time.perf_counter() - start)
            action = choice(game.legal_action_ids())
            start = time.perf_counter()
            game.apply(action)
            apply.setdefault(kind, []).append(time.perf_counter() - start)
            placed += kind in ("place", "wonder")
            for stage, at in list(stages.items()):
                if placed >= at and not game.is_over:
                    clone[stage].append(_time_clone(game))
                    del stages[stage]
    return {"config": label(players, expansions), "games": games,
            "legal": {k: _us(v) for k, v in legal.items()},
            "apply": {k: _us(v) for k, v in apply.items()},
            "clone": {k: _us(v) for k, v in clone.items()}}


# ---- running and reporting --------------------------------------------------------------------

def pin_one_core() -> int | None:
    """Run on one core: pin the process to the first CPU it may use (where supported)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def run(games: int) -> dict:
    cpu = pin_one_core()
    play_random(2, (), 10_000)  # warm-up: imports, content tables, caches
    result = {"benchmark": "carcassonne", "games_per_config": games, "seeds": f"0..{games - 1}",
              "cpu": cpu, "python": platform.python_version(), "machine": platform.machine(),
              "target_games_per_s": TARGET_GAMES_PER_S}
    result["throughput"] = [throughput(p, exp, games) for p, exp in CONFIGS]
    result["timings"] = [instrumented(2, (), games), instrumented(2, ("wonders",), games)]
    return result


def _f(v, digits: int = 1) -> str:
    return "-" if v is None else f"{v:,.{digits}f}"


def print_tables(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    t = Table(title=f"Carcassonne: random games through the public API ({result['games_per_config']} games each, "
                    f"seeds {result['seeds']}, one core{'' if result['cpu'] is None else ' #' + str(result['cpu'])}, "
                    f"Python {result['python']})")
    for col in ("config", "games/s", "actions/s", "actions/game", "seconds", f"vs target {TARGET_GAMES_PER_S:g}/s"):
        t.add_column(col, justify="left" if col == "config" else "right")
    for r in result["throughput"]:
        t.add_row(r["config"], _f(r["games_per_s"]), _f(r["actions_per_s"], 0), _f(r["actions_per_game"]),
                  _f(r["seconds"], 2), f"{r['target_ratio']:.2f}x")
    console.print(t)
    for timing in result["timings"]:
        t = Table(title=f"Per-operation times, {timing['config']} ({timing['games']} games), µs")
        for col in ("operation", "decision / stage", "n", "mean", "median", "p95"):
            t.add_column(col, justify="left" if col in ("operation", "decision / stage") else "right")
        for op, title in (("legal", "legal moves"), ("apply", "apply"), ("clone", "clone")):
            for kind, s in timing[op].items():
                t.add_row(title, kind, str(s["n"]), _f(s["mean_us"]), _f(s["median_us"]), _f(s["p95_us"]))
        console.print(t)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/carcassonne.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration (seeds 0..N-1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    result = run(args.games)
    if args.json:
        print(json.dumps(result))
    else:
        print_tables(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
