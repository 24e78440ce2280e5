"""Learning-agent adapters: environment steps per second next to the engine's own decisions per
second, per game (2 players, default options).

    .venv/bin/python bench/adapters.py [--games N] [--json]

engine: game i (seed i) played through the public API, a uniformly random legal id each decision
(`random.Random(i)`). pettingzoo: the same games through `adapters.pettingzoo` (`env.last()`:
the observation encoding and the action mask, then `env.step`), a uniformly random one of the mask's
legal integers (`legal_actions`, the same list the mask is set from, so the agent does not scan a
134,041-long mask). pettingzoo, bare: the same loop with no observation built (a constant vector
and mask): what PettingZoo's step costs beside the game's own apply. pettingzoo, whole view: the same with every observation built from the seat's
whole view (`Encoding.encode_view`) and every part of it hashed (`HashedView.remember` off): the path
before the fast ones, the same vectors. openspiel:
the same games through `adapters.openspiel` (`python_boardlab_<game>`, the chance
node dealt seed i), each step the current player's `observation_tensor` and `legal_actions`, then
`apply_action` of a random one. cost: engine rate / environment rate (the adapter's budget is 2x).
One process, pinned to one core where the OS allows it, after one warm-up game; each seed is played
every way in turn (engine, pettingzoo, whole view, bare, openspiel), so a shared machine's load falls on
all alike; the heap is collected before each timed run (a garbage collection inside one way's run
would scan what the other ways left, and which way paid for it moved with any change of allocations);
times are the process's CPU time (`time.process_time`), which other sessions' load on a
shared machine does not count (it still slows the caches). A second pass over the same games splits
each step's CPU time by part (`split`): the encoding, the mask and the rest of a PettingZoo step;
OpenSpiel's observation_tensor (the encoding and its list of floats), legal_actions and apply_action.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

import boardlab  # noqa: E402
from boardlab.adapters import pettingzoo as bpz  # noqa: E402

GAMES = ("carcassonne", "greatwall", "root")


def engine_run(name: str, seeds: range) -> tuple[int, float]:
    decisions, start = 0, time.process_time()
    for seed in seeds:
        game, pick = boardlab.new_game(name, 2, seed), random.Random(seed)
        while not game.is_over:
            legal = game.legal_action_ids()
            game.apply(legal[pick.randrange(len(legal))])
            decisions += 1
    return decisions, time.process_time() - start


def pettingzoo_env(name: str, whole_view: bool = False, bare: bool = False):
    env = bpz.env(name, 2)
    if bare:  # no observation: one constant vector and mask (what PettingZoo's step costs without them)
        raw = env.unwrapped
        vector, mask = np.zeros(raw.encoding.size, np.float32), np.zeros(raw.space.size, np.int8)
        raw.encoding.encode = lambda game, seat: vector
        raw.mask = lambda seat, dtype=np.int8: mask
    if whole_view:
        encoding = env.unwrapped.encoding
        encoding.encode = encoding.encode_view
        encoding.rest.remember = False
    return env


def pettingzoo_run(env, seeds: range) -> tuple[int, float]:
    steps, start = 0, time.process_time()
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
    return steps, time.process_time() - start


def openspiel_game(name: str):
    import pyspiel
    import boardlab.adapters.openspiel  # noqa: F401  (registers the games)
    return pyspiel.load_game(f"python_boardlab_{name}", {"players": 2})


def openspiel_run(game, seeds: range) -> tuple[int, float]:
    steps, start = 0, time.process_time()
    for seed in seeds:
        state, pick = game.new_initial_state(), random.Random(seed)
        state.apply_action(seed)
        while not state.is_terminal():
            player = state.current_player()
            state.observation_tensor(player)
            legal = state.legal_actions(player)
            state.apply_action(legal[pick.randrange(len(legal))])
            steps += 1
    return steps, time.process_time() - start


def timed(owner, attr: str, spent: dict, label: str) -> None:
    """`owner.attr` (a method) replaced by one adding its CPU time to spent[label]."""
    original = getattr(owner, attr)

    def run(*args, **kwargs):
        start = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            spent[label] += time.process_time() - start
    setattr(owner, attr, run)


def split(name: str, seeds: range) -> dict:
    """CPU microseconds per step, by part: PettingZoo's step (its observation's encoding; its action mask,
    which asks the game its legal ids first at a position; the rest: the game's apply, the action's
    decoding, PettingZoo's bookkeeping) and OpenSpiel's (observation_tensor: the encoding and OpenSpiel's
    list of floats; legal_actions; apply_action)."""
    env, spent = pettingzoo_env(name), {"pz_encoding": 0.0, "pz_mask": 0.0}
    timed(env.unwrapped.encoding, "encode", spent, "pz_encoding")
    timed(env.unwrapped, "mask", spent, "pz_mask")
    steps, seconds = pettingzoo_run(env, seeds)
    spent["pz_rest"] = seconds - spent["pz_encoding"] - spent["pz_mask"]
    per_step = {key: value / steps for key, value in spent.items()}
    if has_openspiel():
        per_step.update(openspiel_split(name, seeds))
    return {key: round(value * 1e6, 1) for key, value in per_step.items()}


def openspiel_split(name: str, seeds: range) -> dict:
    from boardlab.adapters.openspiel import spec_of
    game, spent = openspiel_game(name), {"os_encoding": 0.0, "os_tensor": 0.0, "os_legal": 0.0, "os_apply": 0.0}
    encoding, steps = spec_of(name, {"players": 2}).encoding, 0  # the games' shared encoding: timed here only
    timed(encoding, "encode", spent, "os_encoding")
    try:
        for seed in seeds:
            state, pick = game.new_initial_state(), random.Random(seed)
            state.apply_action(seed)
            while not state.is_terminal():
                player, start = state.current_player(), time.process_time()
                state.observation_tensor(player)
                tensor = time.process_time()
                legal = state.legal_actions(player)
                listed = time.process_time()
                state.apply_action(legal[pick.randrange(len(legal))])
                spent["os_tensor"] += tensor - start
                spent["os_legal"] += listed - tensor
                spent["os_apply"] += time.process_time() - listed
                steps += 1
    finally:
        del encoding.encode  # the class's method again
    return {key: value / steps for key, value in spent.items()}


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
    """Per game, each way of playing it in turn on seed 0, then on seed 1, ... (one environment per
    way for all the seeds, as a learner keeps one): the load of a shared machine then weighs on all
    of them alike, and the ratios hold better than the rates."""
    rows = []
    for name in names:
        runs = {"engine": lambda seeds, name=name: engine_run(name, seeds),
                "pettingzoo": partial(pettingzoo_run, pettingzoo_env(name)),
                "pettingzoo_whole_view": partial(pettingzoo_run, pettingzoo_env(name, whole_view=True)),
                "pettingzoo_bare": partial(pettingzoo_run, pettingzoo_env(name, bare=True))}
        if has_openspiel():
            runs["openspiel"] = partial(openspiel_run, openspiel_game(name))
        for run in runs.values():
            run(range(1000, 1001))  # warm-up: caches, encodings, imports
        totals = {way: [0, 0.0] for way in runs}
        for seed in range(games):
            for way, run in runs.items():
                gc.collect()  # each run starts from a collected heap: no way pays for another's garbage
                steps, seconds = run(range(seed, seed + 1))
                totals[way][0] += steps
                totals[way][1] += seconds
        rate = {way: steps / seconds for way, (steps, seconds) in totals.items()}
        row = {"game": name, "games": games, "engine_decisions_per_s": round(rate["engine"], 1)}
        for way in list(runs)[1:]:
            row[f"{way}_steps_per_s"] = round(rate[way], 1)
            row[f"{way}_cost"] = round(rate["engine"] / rate[way], 2)
        row["split_us"] = {"engine_decision": round(1e6 / rate["engine"], 1), **split(name, range(games))}
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
                   "pettingzoo, whole view", "cost", "pettingzoo, bare", "cost", "openspiel steps/s",
                   "cost (engine/openspiel)"):
        table.add_column(column, justify="right")
    for r in rows:
        spiel = ((f"{r['openspiel_steps_per_s']:,.0f}", f"{r['openspiel_cost']:.2f}x") if "openspiel_cost" in r
                 else ("not installed", "-"))
        table.add_row(r["game"], str(r["games"]), f"{r['engine_decisions_per_s']:,.0f}",
                      f"{r['pettingzoo_steps_per_s']:,.0f}", f"{r['pettingzoo_cost']:.2f}x",
                      f"{r['pettingzoo_whole_view_steps_per_s']:,.0f}", f"{r['pettingzoo_whole_view_cost']:.2f}x",
                      f"{r['pettingzoo_bare_steps_per_s']:,.0f}", f"{r['pettingzoo_bare_cost']:.2f}x", *spiel)
    Console().print(table)
    parts = Table(title="CPU microseconds per step, by part (a second pass over the same games)")
    for column in ("game", *rows[0]["split_us"]):
        parts.add_column(column.replace("_", " "), justify="right")
    for r in rows:
        parts.add_row(r["game"], *(f"{v:,.1f}" for v in r["split_us"].values()))
    Console().print(parts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
