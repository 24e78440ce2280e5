"""The Great Wall engine benchmark: random full games through the public API, on one core.

    .venv/bin/python bench/greatwall.py [--games N] [--json]

Figures: for 2-5 players, random full games per second, actions per second, decisions per
game, and Game.clone() time (µs) at the start of each season of year 2. Seeds are fixed
(0..N-1); a random legal action is chosen with random.Random(seed).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

import boardlab


def play_random(players: int, seed: int) -> tuple[int, dict]:
    """One random game; returns (actions, {season: clone µs}) measured in year 2."""
    game = boardlab.new_game("greatwall", players, seed=seed)
    choice = random.Random(seed).choice
    actions, clones = 0, {}
    while not game.is_over:
        season = game.state.season
        if game.state.year == 2 and season not in clones:
            clones[season] = clone_us(game)
        game.apply(choice(game.legal_action_ids()))
        actions += 1
    return actions, clones


def clone_us(game, repeat: int = 50) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        game.clone()
    return (time.perf_counter() - start) / repeat * 1e6


def measure(players: int, games: int) -> dict:
    start = time.perf_counter()
    actions, clones = 0, {}
    for seed in range(games):
        n, c = play_random(players, seed)
        actions += n
        for season, us in c.items():
            clones.setdefault(season, []).append(us)
    elapsed = time.perf_counter() - start  # includes the clone timing, a small share
    return {"players": players, "games": games, "games_per_s": games / elapsed,
            "actions_per_s": actions / elapsed, "decisions_per_game": actions / games,
            "clone_us": {s: statistics.median(v) for s, v in clones.items()}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    play_random(3, 10**6)  # warm-up: module imports and content loading are not measured
    rows = [measure(p, args.games) for p in (2, 3, 4, 5)]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table
    table = Table(title=f"The Great Wall: random games ({args.games} per row, one core)")
    for col in ("players", "games/s", "actions/s", "decisions/game", "clone µs (autumn/winter/spring/summer)"):
        table.add_column(col, justify="right")
    for r in rows:
        c = r["clone_us"]
        table.add_row(str(r["players"]), f"{r['games_per_s']:.1f}", f"{r['actions_per_s']:,.0f}",
                      f"{r['decisions_per_game']:.0f}",
                      " / ".join(f"{c[s]:.1f}" if s in c else "-" for s in ("autumn", "winter", "spring", "summer")))
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
