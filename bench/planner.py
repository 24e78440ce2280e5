"""The Great Wall's `planner` bot: time per decision and what it does at the Wall, against `greedy`.

    .venv/bin/python bench/planner.py [--games N] [--players P] [--spec planner] [--json]

Games 0..N-1 (seed 100 + i), the planner in seat i mod P, `greedy` in the others, through the harness
(`agents.choose`). Timed: every planner decision with two legal actions or more (wall-clock seconds,
one process on one core, so the figures depend on the machine and its load). Counted: Horde cards the
planner defeated (local victories, GW-BREACH-02) per game and the games where it defeated at least one.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import boardlab
from boardlab.agents import choose, make_agent


def play(spec: str, players: int, index: int) -> tuple[list[float], int, bool]:
    """One game: the planner's decision times, its local victories and whether it won."""
    seat = index % players
    game = boardlab.new_game("greatwall", players, seed=100 + index)
    bots = [make_agent(spec if s == seat else "greedy", seed=s) for s in range(players)]
    times = []
    while not game.is_over:
        to_play = game.to_play
        start = time.perf_counter()
        action = choose(bots[to_play], game)
        if to_play == seat and len(game.legal_action_ids()) > 1:
            times.append(time.perf_counter() - start)
        game.apply(action)
    victories = sum(1 for e in game.events if e.key == "ev.kept" and e.params.get("seat") == seat)
    return times, victories, seat in game.winners


def measure(spec: str, players: int, games: int) -> dict:
    times, victories, wins = [], [], 0
    for index in range(games):
        t, v, won = play(spec, players, index)
        times += t
        victories.append(v)
        wins += won
    times.sort()
    return {"spec": spec, "players": players, "games": games, "decisions": len(times),
            "mean_s": statistics.mean(times), "median_s": times[len(times) // 2],
            "p95_s": times[int(len(times) * 0.95)], "max_s": times[-1],
            "hordes_defeated_per_game": statistics.mean(victories),
            "games_with_a_defeat": sum(1 for v in victories if v) / games, "wins": wins}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spec", default="planner")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = measure(args.spec, args.players, args.games)
    if args.json:
        print(json.dumps(r))
    else:
        print(f"{r['spec']} vs greedy, {r['players']} players, {r['games']} games: {r['decisions']} decisions, "
              f"mean {r['mean_s']:.3f} s, median {r['median_s']:.3f} s, 95th percentile {r['p95_s']:.3f} s, "
              f"max {r['max_s']:.3f} s; Horde cards defeated {r['hordes_defeated_per_game']:.2f} a game, "
              f"at least one in {r['games_with_a_defeat']:.0%} of games; won {r['wins']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
