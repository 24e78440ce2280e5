"""What the engine core costs per call: clone, state hash, save and load, through the public API.

    .venv/bin/python bench/core.py [--games N] [--json] [--baseline FILE] [--write-baseline FILE]

For each configuration, N seeded games (seeds 0..N-1, random legal actions from random.Random(seed))
are played to the end; at three points of each game (after 10 %, 50 % and 90 % of its actions:
early, mid, late) every operation is timed (median of repeated calls, in microseconds):

- clone: `Game.clone()`
- hash: `Game.state_hash()`
- save: `Game.save()` (config, seed, log and the state hash)
- save+snap: `Game.save(snapshot=True)` (the same plus a state snapshot)
- load: `boardlab.load(save)` (replays the log and checks the hash)
- load snap: `boardlab.load(save, trust_snapshot=True)` (restores the snapshot, checks the hash)

With `--baseline FILE` (a JSON file written earlier by `--write-baseline`, e.g. by the code before a
change) each cell also shows the ratio baseline / now (above 1x: faster now). One process, pinned to
one core where the OS allows it.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

import boardlab

CONFIGS = [("carcassonne", 2, {}), ("carcassonne", 4, {"expansions": ["wonders"]}),
           ("greatwall", 4, {}), ("greatwall", 3, {"expansions": ["genghis"]})]
POINTS = (("early", 0.1), ("mid", 0.5), ("late", 0.9))
OPS = ("clone", "hash", "save", "save+snap", "load", "load snap")


def label(name: str, players: int, options: dict) -> str:
    return f"{name} {players}p" + "".join(f" {'+'.join(v) if isinstance(v, list) else v}" for v in options.values())


def timed(fn, budget: float = 0.05, at_least: int = 3) -> float:
    """Median µs of repeated calls, about `budget` seconds in all."""
    times: list[float] = []
    spent = 0.0
    while len(times) < at_least or spent < budget:
        start = time.perf_counter()
        fn()
        dt = time.perf_counter() - start
        times.append(dt)
        spent += dt
        if len(times) >= 2000:
            break
    return statistics.median(times) * 1e6


def measure_at(game) -> dict[str, float]:
    data = game.save()
    snap = json.loads(json.dumps(game.save(snapshot=True)))
    return {"clone": timed(game.clone), "hash": timed(game.state_hash), "save": timed(game.save),
            "save+snap": timed(lambda: game.save(snapshot=True)),
            "load": timed(lambda: boardlab.load(data), budget=0.2, at_least=2),
            "load snap": timed(lambda: boardlab.load(snap, trust_snapshot=True))}


def measure(name: str, players: int, options: dict, games: int) -> dict:
    cells: dict[str, dict[str, list[float]]] = {p: {op: [] for op in OPS} for p, _ in POINTS}
    for seed in range(games):
        log = _random_log(name, players, options, seed)
        for point, share in POINTS:
            game = boardlab.new_game(name, players, seed=seed, options=options)
            for action in log[:int(len(log) * share)]:
                game.apply(action)
            for op, us in measure_at(game).items():
                cells[point][op].append(us)
    return {"config": label(name, players, options), "games": games,
            "us": {p: {op: statistics.median(v) for op, v in ops.items()} for p, ops in cells.items()}}


def _random_log(name, players, options, seed) -> list[str]:
    game = boardlab.new_game(name, players, seed=seed, options=options)
    choice = random.Random(seed).choice
    while not game.is_over:
        game.apply(choice(game.legal_action_ids()))
    return [a for _, a in game.log]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--baseline", type=Path, help="JSON from an earlier --write-baseline run: show ratios")
    ap.add_argument("--write-baseline", type=Path, help="also write this run's figures to a JSON file")
    args = ap.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rows = [measure(n, p, o, max(1, args.games)) for n, p, o in CONFIGS]
    if args.write_baseline:
        args.write_baseline.write_text(json.dumps(rows, indent=1) + "\n")
    base = {r["config"]: r["us"] for r in json.loads(args.baseline.read_text())} if args.baseline else {}
    if args.json:
        print(json.dumps({"bench": "core", "rows": rows, "baseline": str(args.baseline or "")}))
        return 0
    from rich.console import Console
    from rich.table import Table
    title = "Engine core: µs per call (median)" + (f"; ratio = {args.baseline.name} / now" if base else "")
    table = Table(title=title)
    for col in ("config", "point") + OPS:
        table.add_column(col, justify="right")
    for r in rows:
        for point, _ in POINTS:
            now = r["us"][point]
            before = base.get(r["config"], {}).get(point, {})
            table.add_row(r["config"], point, *(_cell(now[op], before.get(op)) for op in OPS))
    Console(width=200).print(table)
    return 0


def _cell(now: float, before: float | None) -> str:
    text = f"{now:,.0f}" if now >= 100 else f"{now:.1f}"
    return text if before is None else f"{text} ({before / now:.1f}x)"


if __name__ == "__main__":
    sys.exit(main())
