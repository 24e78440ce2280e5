"""Bot strength: seeded 2-player matches through the simulation lab, seats rotated game by game.

    .venv/bin/python bench/strength.py [--games N] [--workers W] [--game carcassonne|greatwall|root|all] [--json]

The issue's targets (2-player Carcassonne): ISMCTS beats random in at least 95 % of games and
greedy in at least 65 %. The same table is reported for The Great Wall. Ties count 1/k for each
of k winners; the interval is a 95 % Wilson interval. Root: 2 players (Marquise and Eyrie), ISMCTS with
100 iterations a decision (AGENT_SPECS). Results are cached in bench/.strength/
(one JSON Lines file per match; a rerun resumes them).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from boardlab import sim

MATCHES = [("greedy", "random"), ("ismcts", "greedy"), ("ismcts", "random")]
# Root's decisions are small steps (~500 a 2-player game): ISMCTS gets fewer iterations a decision there.
AGENT_SPECS = {("root", "ismcts"): "ismcts:iterations=100"}
TARGETS = {("carcassonne", "ismcts", "random"): 0.95, ("carcassonne", "ismcts", "greedy"): 0.65}
CACHE = Path(__file__).parent / ".strength"


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(game: str, first: str, second: str, games: int, workers: int) -> dict:
    CACHE.mkdir(exist_ok=True)
    out = CACHE / f"{game}-{first}-vs-{second}.jsonl"
    a, b = (AGENT_SPECS.get((game, x), x) for x in (first, second))
    records = sim.run(game, games, players=2, agents=[a, b], seed=2026, workers=workers,
                      out=out, rotate=True, progress=False)
    wins = 0.0
    for r in records:
        seat_of_first = r["agents"].index(a)
        if seat_of_first in r["winners"]:
            wins += 1 / len(r["winners"])
    low, high = wilson(wins, len(records))
    target = TARGETS.get((game, first, second))
    return {"game": game, "match": f"{first} vs {second}", "games": len(records), "wins": wins,
            "rate": wins / len(records), "ci95": [low, high], "target": target,
            "meets_target": None if target is None else wins / len(records) >= target}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--game", default="all", choices=["carcassonne", "greatwall", "root", "all"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    games = ["carcassonne", "greatwall", "root"] if args.game == "all" else [args.game]
    rows = [match(g, a, b, args.games, args.workers) for g in games for a, b in MATCHES]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table
    table = Table(title="Bot strength, 2 players, seats rotated")
    for col in ("game", "match", "games", "win rate", "95% CI", "target"):
        table.add_column(col)
    for r in rows:
        target = "-" if r["target"] is None else f"{r['target']:.0%} {'met' if r['meets_target'] else 'NOT met'}"
        table.add_row(r["game"], r["match"], str(r["games"]), f"{r['rate']:.1%}",
                      f"{r['ci95'][0]:.0%}-{r['ci95'][1]:.0%}", target)
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
