"""Learning-agent adapters: environment steps per second next to the engine's own decisions per
second, per game (2 players, default options).

    .venv/bin/python bench/adapters.py [--games N] [--json]

engine: game i (seed i) played through the public API, a uniformly random legal id each decision
(`random.Random(i)`). pettingzoo: the same games through `adapters.pettingzoo` (`env.last()`:
the observation encoding and the action mask, then `env.step`), a uniformly random one of the mask's
legal integers (`legal_actions`, the same list the mask is set from, so the agent does not scan a
134,041-long mask). pettingzoo, whole view: the same with every observation built from the seat's
whole view (`Encoding.encode_view`, the path before the fast ones; the same vectors). openspiel: the same games through `adapters.openspiel` (`python_boardlab_<game>`, the chance
node dealt seed i), each step the current player's `observation_tensor` and `legal_actions`, then
`apply_action` of a random one. cost: engine rate / environment rate (the adapter's budget is 2x). One process, pinned to
one core where the OS allows it, after one warm-up game.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import boardlab  # noqa: E402
from boardlab.adapters import pettingzoo as bpz  # noqa: E402

GAMES = ("carcassonne", "greatwall", "root")


def engine_rate(name: str, seeds: range) -> float:
    decisions, start = 0, time.perf_counter()
    for seed in seeds:
        game, pick = boardlab.new_game(name, 2, seed), random.Random(seed)
        while not game.is_over:
            legal = game.legal_action_ids()
            game.apply(legal[pick.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def pettingzoo_rate(name: str, seeds: range, whole_view: bool = False) -> float:
    env = bpz.env(name, 2)
    if whole_view:
        encoding = env.unwrapped.encoding
        encoding.encode = encoding.encode_view
    steps, start = 0, time.perf_counter()
    for seed in seeds:
        env.reset(seed=seed)
        pick = random.Random(seed)
        for _agent in env.agent_iter():
            obs, _reward, done, truncated, _info = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = env.unwrapped.legal_actions(env.unwrapped.seat_of[_agent])  # the mask's ones
            env.step(legal[pick.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_rate(name: str, seeds: range) -> float:
    import pyspiel
    import boardlab.adapters.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game(f"python_boardlab_{name}", {"players": 2})
    steps, start = 0, time.perf_counter()
    for seed in seeds:
        state, pick = game.new_initial_state(), random.Random(seed)
        state.apply_action(seed)
        while not state.is_terminal():
            player = state.current_player()
            state.observation_tensor(player)
            legal = state.legal_actions(player)
            state.apply_action(legal[pick.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def has_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def pin_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to cpu {cpu}"


def measure(games: int, names: tuple[str, ...] = GAMES) -> list[dict]:
    rows = []
    for name in names:
        engine_rate(name, range(1000, 1001))
        pettingzoo_rate(name, range(1000, 1001))  # warm-up: caches, encodings, imports
        engine = engine_rate(name, range(games))
        env = pettingzoo_rate(name, range(games))
        viewed = pettingzoo_rate(name, range(games), whole_view=True)
        row = {"game": name, "games": games, "engine_decisions_per_s": round(engine, 1),
               "pettingzoo_steps_per_s": round(env, 1), "cost": round(engine / env, 2),
               "pettingzoo_whole_view_steps_per_s": round(viewed, 1), "whole_view_cost": round(engine / viewed, 2)}
        if has_openspiel():
            openspiel_rate(name, range(1000, 1001))
            spiel = openspiel_rate(name, range(games))
            row.update(openspiel_steps_per_s=round(spiel, 1), openspiel_cost=round(engine / spiel, 2))
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/adapters.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game (default 20)")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    args = parser.parse_args(argv)
    where = pin_one_core()
    rows = measure(args.games, tuple(args.game or GAMES))
    if args.json:
        print(json.dumps({"benchmark": "adapters", "cpu": where, "rows": rows}))
        return 0
    from rich.console import Console
    from rich.table import Table
    table = Table(title=f"adapters: environment steps/s vs engine decisions/s ({where})")
    for column in ("game", "games", "engine decisions/s", "pettingzoo steps/s", "cost (engine/env)",
                   "pettingzoo, whole view", "cost", "openspiel steps/s", "cost (engine/openspiel)"):
        table.add_column(column, justify="right")
    for r in rows:
        spiel = ((f"{r['openspiel_steps_per_s']:,.0f}", f"{r['openspiel_cost']:.2f}x") if "openspiel_cost" in r
                 else ("not installed", "-"))
        table.add_row(r["game"], str(r["games"]), f"{r['engine_decisions_per_s']:,.0f}",
                      f"{r['pettingzoo_steps_per_s']:,.0f}", f"{r['cost']:.2f}x",
                      f"{r['pettingzoo_whole_view_steps_per_s']:,.0f}", f"{r['whole_view_cost']:.2f}x", *spiel)
    Console().print(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
