"""Root engine benchmark: random games through the public API, on one core.

    .venv/bin/python bench/root.py [--games N] [--json] [--clock wall|cpu]

Figures (see bench/README.md): games/s and decisions/s for 2-5 players with the base factions
(Marquise + Eyrie for 2, + Alliance for 3, + Vagabond for 4, + a second Vagabond for 5) and for
2 players on each map, and 4 players with later factions (the Lizard Cult, the Corvid Conspiracy, the Underground Duchy, the Riverfolk Company,
the Lord of the Hundreds, the Knaves of the Deepwood, the Lilypad Diaspora,
the Keepers in Iron, the Twilight Council); legal-move generation and apply per decision kind (µs); Game.clone() (µs);
ISMCTS iterations/s for the 4-player game. Each later-faction row also gives its decisions/s as a ratio to the
base 4-player game's (issue 14: within 2x, so 0.50x or more). The seeds are fixed (0..N-1); a random legal action is
chosen with random.Random(seed). The reference: the fastest Python Root engine we know plays about
87 random 4-player games/s with shortcuts in its rules (docs/bots.md); the ratio is to that figure.
A configuration whose factions are not available yet is reported as such, not timed. `--clock cpu` times with the
process's CPU time (`time.process_time`) instead of the wall clock: on a machine other processes load, it leaves out
the time the benchmark waits for the core (cache sharing still slows it).
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
from boardlab.core.errors import BoardlabError

REFERENCE_GAMES_PER_S = 87.0  # random 4-player games/s of the fastest Python Root engine we know
FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2")
LATER = [["marquise", "eyrie", "alliance", "lizard"], ["marquise", "eyrie", "lizard", "corvid"],
         ["marquise", "eyrie", "alliance", "corvid"], ["marquise", "eyrie", "alliance", "duchy"],
         ["marquise", "eyrie", "alliance", "riverfolk"], ["marquise", "eyrie", "alliance", "hundreds"],
         ["marquise", "eyrie", "alliance", "knaves"],
         ["marquise", "eyrie", "alliance", "lilypad"],
         ["marquise", "eyrie", "alliance", "keepers"],
         ["marquise", "eyrie", "alliance", "twilight"]]
# issue 14: within 2x of the base factions' decisions/s
CONFIGS = [(p, {}) for p in (2, 3, 4, 5)] + [(2, {"map": m}) for m in ("winter", "lake", "mountain")] + [
    (2, {"deck": "exiles"})] + [(4, {"factions": f}) for f in LATER]
ISMCTS_ITERATIONS = 200
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter  # what every figure is timed with (`--clock`)


def label(players: int, options: dict) -> str:
    extra = " ".join(f"{k}={v}" for k, v in options.items() if k != "factions")
    factions = options.get("factions") or FACTIONS[:players]
    return f"{players}p {'+'.join(factions)}" + (f" {extra}" if extra else "")


def new(players: int, options: dict, seed: int):
    return boardlab.new_game("root", players, seed=seed, options={"factions": list(FACTIONS[:players]), **options})


def available(players: int, options: dict) -> str | None:
    """None if the configuration can be played here, else why not."""
    try:
        new(players, options, 0)
    except BoardlabError as exc:
        return str(exc)
    return None


def play_random(players: int, options: dict, seed: int) -> int:
    """One random game through the public API; returns the number of decisions."""
    game = new(players, options, seed)
    choice = random.Random(seed).choice
    n = 0
    while not game.is_over:
        game.apply(choice(game.legal_action_ids()))
        n += 1
    return n


def throughput(players: int, options: dict, games: int) -> dict:
    row = {"config": label(players, options), "players": players, "options": options, "games": games}
    why = available(players, options)
    if why is not None:
        return {**row, "unavailable": why}
    start = clock()
    decisions = sum(play_random(players, options, seed) for seed in range(games))
    elapsed = clock() - start
    rate = games / elapsed
    return {**row, "seconds": elapsed, "games_per_s": rate, "decisions_per_s": decisions / elapsed,
            "decisions_per_game": decisions / games, "reference_ratio": rate / REFERENCE_GAMES_PER_S}


def _us(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {"n": len(samples), "mean_us": statistics.fmean(samples) * 1e6, "median_us": statistics.median(samples) * 1e6,
            "p95_us": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1e6}


def instrumented(players: int, games: int) -> dict:
    """Replays random games, timing legal-move generation and apply per decision kind, and clone."""
    legal: dict[str, list[float]] = {}
    apply: dict[str, list[float]] = {}
    clone: list[float] = []
    for seed in range(games):
        game = new(players, {}, seed)
        choice = random.Random(seed).choice
        while not game.is_over:
            kind = game.decision or "?"
            start = clock()
            game.rules.flow_of(game.state).legal(game.state)
            legal.setdefault(kind, []).append(clock() - start)
            action = choice(game.legal_action_ids())
            if len(clone) < 50 * (seed + 1) and random.Random(len(clone)).random() < 0.1:
                start = clock()
                game.clone()
                clone.append(clock() - start)
            start = clock()
            game.apply(action)
            apply.setdefault(kind, []).append(clock() - start)
    top = sorted(apply, key=lambda k: -sum(apply[k]))[:12]
    return {"config": label(players, {}), "games": games, "legal": {k: _us(legal[k]) for k in top},
            "apply": {k: _us(apply[k]) for k in top}, "clone": _us(clone) if clone else None}


def ismcts_rate(players: int, decisions: int = 6) -> dict | None:
    """ISMCTS iterations per second at the first decisions of a random game's first turn."""
    if available(players, {}) is not None:
        return None
    from boardlab.agents import choose, make_agent

    game = new(players, {}, 1)
    bot = make_agent(f"ismcts:iterations={ISMCTS_ITERATIONS}", seed=1)
    iterations, elapsed = 0, 0.0
    while decisions and not game.is_over:
        start = clock()
        action = choose(bot, game)
        elapsed += clock() - start
        iterations += bot.last_iterations
        game.apply(action)
        decisions -= 1
    return {"config": label(players, {}), "iterations": iterations, "seconds": elapsed,
            "iterations_per_s": iterations / elapsed if elapsed else None}


def pin_one_core() -> int | None:
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def run(games: int) -> dict:
    cpu = pin_one_core()
    play_random(2, {}, 10_000)  # warm-up: imports, content tables, caches
    timed = 4 if available(4, {}) is None else 2
    rows = [throughput(p, o, games) for p, o in CONFIGS]
    base_ratios(rows)
    return {"benchmark": "root", "games_per_config": games, "seeds": f"0..{games - 1}", "cpu": cpu,
            "clock": next(name for name, fn in CLOCKS.items() if fn is clock),
            "python": platform.python_version(), "machine": platform.machine(),
            "reference_games_per_s": REFERENCE_GAMES_PER_S, "throughput": rows,
            "timings": instrumented(timed, max(1, games // 4)), "ismcts": ismcts_rate(timed)}


def base_ratios(rows: list[dict]) -> None:
    """Each 4-player row with later factions gets `base_ratio`: its decisions/s over the base 4-player game's
    (issue 14 asks for 0.5 or more: within 2x)."""
    base = next((r for r in rows if r["players"] == 4 and not r["options"] and "unavailable" not in r), None)
    if base is None:
        return
    for r in rows:
        if "factions" in r["options"] and "unavailable" not in r:
            r["base_ratio"] = r["decisions_per_s"] / base["decisions_per_s"]


def _f(v, digits: int = 1) -> str:
    return "-" if v is None else f"{v:,.{digits}f}"


def print_tables(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    t = Table(title=f"Root: random games through the public API ({result['games_per_config']} games each, seeds "
                    f"{result['seeds']}, one core, {result['clock']} clock, Python {result['python']})")
    for col in ("config", "games/s", "decisions/s", "decisions/game", "seconds",
                f"vs {REFERENCE_GAMES_PER_S:g} games/s", "decisions/s vs base 4p"):
        t.add_column(col, justify="left" if col == "config" else "right")
    for r in result["throughput"]:
        if "unavailable" in r:
            t.add_row(r["config"], "not available yet", "", "", "", "", "")
            continue
        t.add_row(r["config"], _f(r["games_per_s"]), _f(r["decisions_per_s"], 0), _f(r["decisions_per_game"]),
                  _f(r["seconds"], 2), f"{r['reference_ratio']:.2f}x",
                  f"{r['base_ratio']:.2f}x" if "base_ratio" in r else "")
    console.print(t)
    timing = result["timings"]
    t = Table(title=f"Per-decision times, {timing['config']} ({timing['games']} games), µs (12 costliest kinds)")
    for col in ("operation", "decision", "n", "mean", "median", "p95"):
        t.add_column(col, justify="left" if col in ("operation", "decision") else "right")
    for op in ("legal", "apply"):
        for kind, s in timing[op].items():
            t.add_row(op, kind, str(s["n"]), _f(s["mean_us"]), _f(s["median_us"]), _f(s["p95_us"]))
    if timing["clone"]:
        c = timing["clone"]
        t.add_row("clone", "(sampled)", str(c["n"]), _f(c["mean_us"]), _f(c["median_us"]), _f(c["p95_us"]))
    console.print(t)
    if result["ismcts"]:
        r = result["ismcts"]
        console.print(f"ISMCTS ({ISMCTS_ITERATIONS} iterations a decision), {r['config']}: "
                      f"{_f(r['iterations_per_s'])} iterations/s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/root.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per configuration (seeds 0..N-1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                        help="time with the wall clock (default) or the process's CPU time (a loaded machine)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    global clock
    clock = CLOCKS[args.clock]
    result = run(args.games)
    print(json.dumps(result) if args.json else "", end="\n" if args.json else "")
    if not args.json:
        print_tables(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
