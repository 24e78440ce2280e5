"""The simulation lab: many bot-against-bot games, reproducible from one master seed.

    results = boardlab.sim.run("carcassonne", 1000, players=4, agents=["greedy", "random", "random", "random"],
                               seed=7, workers=2, out="results.jsonl")

Game *i* is played with the seed `game_seed(master, i)` (SplitMix64 `mix` of the master seed and
the index) and the bot in seat *s* gets `bot_seed(game seed, s)`, the same derivation as
`boardlab play`, so `boardlab play GAME --seed <seed> --seats <agents>` replays any game of a
results file. Each game is independent of the others, so the results do not depend on how the
games are spread over processes: the output file is written in index order and is byte for byte
the same whatever the worker count or backend (`local`: this machine's processes; `ray`: a local
Ray instance or a cluster). A file left by an interrupted run is resumed: indices already
present are skipped, a half-written last line is dropped and the game played again.

Each result is one JSON line: index, seed, game, players, options, agents (per seat), scores,
winners, decisions (actions in the log), turns (runs of consecutive actions by one seat) and
summary (the game's per-seat categories, `Ruleset.summary`).
"""
from __future__ import annotations

import json
import logging
import math
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from itertools import islice
from pathlib import Path
from typing import Iterator

from .agents import choose, make_agent, split_specs
from .core import rng
from .core.errors import BoardlabError, ConfigError, IllegalAction
from .core.game import new_game
from .core.i18n import check_lang, core_catalogue
from .core.registry import ruleset

BACKENDS = ("local", "ray")
RAY_INSTALL = "pip install 'boardlab[ray]'"
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
MAX_BATCH = 16  # games per task at most (pool or Ray): small enough for steady progress with slow bots


class SimError(BoardlabError, ValueError):
    """A simulation that cannot run as asked (bad arguments, foreign results file, no Ray)."""


# ---- seeds -----------------------------------------------------------------------------------
def game_seed(master: int, index: int) -> int:
    """Game `index`'s seed: the (index+1)-th SplitMix64 output of the master seed's stream
    (`mix` of the mixed master seed plus index+1 golden-gamma steps), kept to 63 bits so it
    fits a signed 64-bit integer wherever the results go."""
    return rng.mix((rng.mix(master & _MASK) + (index + 1) * _GAMMA) & _MASK) >> 1


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in `seat` of the game with seed `seed` (as `boardlab play` does)."""
    return rng.mix((seed * _GAMMA + seat + 1) & _MASK)


def seat_agents(agents: list[str], index: int, rotate: bool) -> list[str]:
    """Who sits where in game `index`: the list as given, or with `rotate` moved one seat
    further each game (agent k sits in seat (k + index) mod players)."""
    n = len(agents)
    return [agents[(s - index) % n] for s in range(n)] if rotate else list(agents)


# ---- the simulation ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    """Everything that decides a simulation's results (not how they are computed)."""

    game: str
    players: int
    options: dict
    agents: tuple
    seed: int
    rotate: bool = False


def make_spec(game: str, players: int | None = None, agents=None, options: dict | None = None, seed: int = 0,
              rotate: bool = False) -> Spec:
    """A validated simulation: the game, players and options as the game configures them, and
    one agent spec per seat (a list, or one comma-separated string as on the command line)."""
    rules = ruleset(game)
    if isinstance(agents, str):
        agents = split_specs(",".join(p.strip() for p in agents.split(",")))
    agents = list(agents) if agents is not None else None
    if players is None:
        players = len(agents) if agents else rules.min_players
    if agents is None:
        agents = ["random"] * players if isinstance(players, int) and players > 0 else []
    configured = rules.configure(players, dict(options or {}))
    if len(agents) != players:
        raise SimError("err.sim.agents_count", agents=len(agents), players=players)
    for spec in agents:
        if not isinstance(spec, str) or not spec:
            raise SimError("err.sim.agent_empty", spec=spec)
        make_agent(spec)  # ConfigError names the agent or parameter
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError("err.seed", seed=seed)
    return Spec(game, players, json.loads(json.dumps(configured)), tuple(agents), seed, bool(rotate))


def play_game(spec: Spec, index: int) -> dict:
    """Game `index` of a simulation, played to the end: its result record."""
    seed = game_seed(spec.seed, index)
    seats = seat_agents(list(spec.agents), index, spec.rotate)
    game = new_game(spec.game, spec.players, seed, spec.options)
    bots = [make_agent(a, seed=bot_seed(seed, s)) for s, a in enumerate(seats)]
    while not game.is_over:
        seat = game.to_play
        action = choose(bots[seat], game, seat)
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise SimError("err.sim.bot_illegal", index=index, seat=seat, agent=seats[seat], reason=exc) from None
    log = game.log
    turns = sum(1 for i, (s, _) in enumerate(log) if i == 0 or log[i - 1][0] != s)
    return {"index": index, "seed": seed, "game": spec.game, "players": spec.players, "options": spec.options,
            "agents": seats, "scores": game.scores, "winners": game.winners,
            "rewards": game.rules.rewards(game.state), "decisions": len(log),
            "turns": turns, "summary": game.rules.summary(game.state)}


def dumps(record: dict) -> str:
    """A record as its line in a results file (without the newline)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def play_batch(spec: dict, indices: list[int]) -> list[str]:
    """A task: the result lines of some games (the unit sent to a pool worker or a Ray task)."""
    s = Spec(**{**spec, "agents": tuple(spec["agents"])})
    return [dumps(play_game(s, i)) for i in indices]


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl-C to the main process (which stops and keeps what it wrote)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# ---- backends: each yields (batch position, lines) as batches complete, in any order ---------------
def _local(spec: dict, batches: Iterator[list[int]], workers: int) -> Iterator[tuple[int, list[str]]]:
    if workers == 1:
        return ((pos, play_batch(spec, batch)) for pos, batch in enumerate(batches))
    results = _pool(spec, batches, workers)
    next(results)  # the workers start now, before the caller starts any thread (a progress bar)
    return results


def pool_context():
    """`fork` where the OS has it safely (Linux): each worker starts as a copy of this process, its
    imports and the game's tables already loaded (a spawned worker imports them again, about 0.4 s);
    `spawn` elsewhere."""
    import multiprocessing
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


def _pool(spec: dict, batches: Iterator[list[int]], workers: int):
    """A generator that yields None once its workers are started, then the completed batches."""
    context = pool_context()
    if context.get_start_method() == "fork":
        new_game(spec["game"], spec["players"], 0, spec["options"])  # the tables, loaded once for all workers
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_sigint)
    finished = False
    try:
        numbered = enumerate(batches)
        pending = {pool.submit(play_batch, spec, batch): pos for pos, batch in islice(numbered, _in_flight(workers))}
        yield None
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in sorted(done, key=pending.get):
                yield pending.pop(fut), fut.result()
                for pos, batch in islice(numbered, 1):
                    pending[pool.submit(play_batch, spec, batch)] = pos
        finished = True
    finally:
        if not finished:  # interrupted or failed: stop the games in progress instead of waiting for them
            if hasattr(pool, "terminate_workers"):  # Python 3.14+
                pool.terminate_workers()
            else:
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def import_ray():
    """The `ray` module, or SimError telling how to install it."""
    try:
        import ray
    except ImportError:
        raise SimError("err.sim.no_ray", install=RAY_INSTALL) from None
    return ray


def _ray(spec: dict, batches: Iterator[list[int]], workers: int, address: str | None):
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        kwargs = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR}
        try:
            if address:
                ray.init(address=address, **kwargs)
            else:
                ray.init(num_cpus=workers, **kwargs)
        except Exception as exc:  # ConnectionError, ValueError, RuntimeError...: all mean "no cluster"
            raise SimError("err.sim.ray_init", address=address or "local", reason=str(exc).splitlines()[0]
                           if str(exc) else type(exc).__name__) from None
        started = True
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(play_batch)
        numbered = enumerate(batches)
        pending = {task.remote(spec, batch): pos for pos, batch in islice(numbered, _in_flight(workers))}
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    pos = pending.pop(ref)
                    for next_pos, batch in islice(numbered, 1):
                        pending[task.remote(spec, batch)] = next_pos
                    try:
                        lines = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:  # a boardlab error in a task: show it as is
                        cause = getattr(exc, "cause", None)
                        if isinstance(cause, BoardlabError):
                            raise cause from None
                        raise
                    yield pos, lines
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()


# ---- results files -------------------------------------------------------------------------------
def _parse_line(raw: bytes, path, number: int) -> dict:
    try:
        record = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        record = None
    if not isinstance(record, dict) or type(record.get("index")) is not int or record["index"] < 0:
        raise SimError("err.sim.bad_line", path=str(path), line=number)
    return record


def _read(path) -> tuple[list[tuple[int, dict, bytes]], int, bool, bool]:
    """(records with their line number and bytes, length of the complete lines, whether a
    half-written last line follows them, whether blank lines were skipped)."""
    data = Path(path).read_bytes()
    cut = data.rfind(b"\n") + 1
    records = []
    blanks = False
    for number, raw in enumerate(data[:cut].split(b"\n")[:-1], 1):
        if raw.strip():
            records.append((number, _parse_line(raw, path, number), raw))
        else:
            blanks = True
    return records, cut, cut < len(data), blanks


def load_results(path) -> list[dict]:
    """The records of a results file, by index (a half-written last line is ignored)."""
    records = _read(path)[0]
    by_index: dict[int, dict] = {}
    for _, record, _ in records:
        by_index.setdefault(record["index"], record)
    return [by_index[i] for i in sorted(by_index)]


def _expected(spec: Spec, index: int) -> dict:
    return {"seed": game_seed(spec.seed, index), "game": spec.game, "players": spec.players,
            "options": spec.options, "agents": seat_agents(list(spec.agents), index, spec.rotate)}


def _resume(path: Path, spec: Spec) -> tuple[dict[int, dict], bool]:
    """The results already in `path` ({index: record}) and whether the file must be rewritten
    (lines out of order, duplicated or blank). A half-written last line is cut off the file."""
    records, cut, partial, rewrite = _read(path)
    found: dict[int, dict] = {}
    last = -1
    for number, record, raw in records:
        index = record["index"]
        for key, value in _expected(spec, index).items():
            if record.get(key) != value:
                raise SimError("err.sim.other_run", path=str(path), line=number, field=key,
                               found=json.dumps(record.get(key)), expected=json.dumps(value))
        if index in found or index < last or raw != dumps(record).encode("utf-8"):
            rewrite = True
        found.setdefault(index, record)
        last = max(last, index)
    if partial:
        with open(path, "r+b") as f:
            f.truncate(cut)
    return found, rewrite


def _batches(indices: Iterator[int], count: int, workers: int, backend: str,
             batch_size: int | None) -> Iterator[list[int]]:
    """The `count` indices in batches, made as they are needed. Without a `batch_size`, one game at a
    time in-process; else batches shrink as the run nears its end (guided scheduling: a share of
    what is left, at most MAX_BATCH), so the workers finish together instead of one waiting on a
    last big batch."""
    if batch_size is not None or (backend == "local" and workers == 1):
        size = batch_size or 1
        while batch := list(islice(indices, size)):
            yield batch
        return
    left = count
    while batch := list(islice(indices, max(1, min(MAX_BATCH, math.ceil(left / (workers * 4)))))):
        left -= len(batch)
        yield batch


def _in_flight(workers: int) -> int:
    """How many batches a pool or cluster holds at once (the rest wait in the iterator)."""
    return max(4 * workers, 8)


def check_run_args(n, workers, backend, ray_address) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise SimError("err.sim.games", n=n)
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise SimError("err.sim.workers", workers=workers)
    if backend not in BACKENDS:
        raise SimError("err.sim.backend", backend=backend, valid=", ".join(BACKENDS))
    if ray_address and backend != "ray":
        raise SimError("err.sim.ray_address")
    if backend == "ray":
        import_ray()


def run(game: str, n: int, players: int | None = None, agents=None, options: dict | None = None, seed: int = 0,
        workers: int = 1, backend: str = "local", out=None, ray_address: str | None = None, rotate: bool = False,
        progress: bool = True, lang: str = "en", batch_size: int | None = None, on_start=None,
        keep: bool = True) -> list[dict]:
    """Play games 0..n-1 and return their records by index; with `out`, append them to that
    JSON Lines file in index order, first resuming what it already holds (the file must come
    from the same simulation: game, players, options, agents, seed and rotation). `keep=False`
    (with `out`): return no records, so a long run's memory stays flat (`each_result` reads them
    back one by one).

    Backends: `local` plays in this process with `workers=1`, else in a pool of `workers`
    processes (forked on Linux; elsewhere spawned: scripts need the `if __name__ == "__main__":` guard);
    `ray` sends batches of games as tasks to the Ray instance already initialised in this
    process if any, else to the cluster at `ray_address`, else to a local instance with `workers`
    CPUs, shutting down what it started. `on_start(spec, done)` is called once the arguments
    and the file are checked, before any game is played (`done`: games 0..n-1 already there)."""
    check_lang(lang)
    spec = make_spec(game, players, agents, options, seed, rotate)
    check_run_args(n, workers, backend, ray_address)
    results: dict[int, dict] = {}
    rewrite = False
    path = Path(out) if out is not None else None
    if not keep and path is None:
        raise SimError("err.sim.keep_out")
    if path is not None:
        if path.is_dir():
            raise SimError("err.sim.out_is_dir", path=str(path))
        if path.exists():
            results, rewrite = _resume(path, spec)
        elif not path.parent.is_dir():
            raise SimError("err.sim.out_dir", path=str(path), folder=str(path.parent))
    if not keep:  # only which games are there counts
        results = dict.fromkeys(results)  # type: ignore[arg-type]
    done = sum(1 for i in results if i < n)
    if on_start is not None:
        on_start(spec, done)
    todo = (i for i in range(n) if i not in results)  # lazily: n may be huge
    batches = _batches(todo, n - done, workers, backend, batch_size)
    spec_dict = {**asdict(spec), "agents": list(spec.agents)}
    ready: dict[int, list[str]] = {}
    next_pos = 0
    handle = open(path, "a", encoding="utf-8") if path is not None else None
    source, bar = None, None
    try:
        if backend == "ray":
            source = _ray(spec_dict, batches, workers, ray_address)
        else:
            source = _local(spec_dict, batches, workers)
        bar = _Progress(n, done, lang, game) if progress else None
        for pos, lines in source:
            ready[pos] = lines
            if bar:
                bar.advance(len(lines))
            while next_pos in ready:
                chunk = ready.pop(next_pos)
                next_pos += 1
                if handle is not None:
                    handle.write("".join(line + "\n" for line in chunk))
                    handle.flush()
                if keep:
                    for line in chunk:
                        record = json.loads(line)
                        results[record["index"]] = record
    finally:
        if source is not None:
            source.close()
        if handle is not None:
            handle.close()
        if bar:
            bar.stop()
    if path is not None and rewrite:
        _rewrite_sorted(path)
    return [results[i] for i in range(n)] if keep else []


def each_result(path, n: int | None = None) -> Iterator[dict]:
    """The records of a results file written by `run` (index order, each index once), read one
    line at a time; with `n`, games 0..n-1 only. A half-written last line is ignored."""
    seen = -1
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.endswith(b"\n"):
                break
            if not raw.strip():
                continue
            record = _parse_line(raw, path, number)
            index = record["index"]
            if n is not None and index >= n:
                break
            if index > seen:
                seen = index
                yield record


def _rewrite_sorted(path: Path) -> None:
    records = load_results(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(dumps(r) + "\n" for r in records), encoding="utf-8")
    os.replace(tmp, path)


# ---- progress ------------------------------------------------------------------------------------
class _Progress:
    """A rich progress bar on stderr: games done, rate, elapsed time and ETA."""

    def __init__(self, total: int, done: int, lang: str, game: str):
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        from rich.text import Text

        cat = core_catalogue()

        class Rate(ProgressColumn):
            def render(self, task):
                speed = task.finished_speed or task.speed
                return Text(cat.text("cli.sim.rate", lang, rate="-" if speed is None else f"{speed:,.1f}"))

        eta = cat.text("cli.sim.eta", lang)
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
                                 TimeElapsedColumn(), TextColumn(eta), TimeRemainingColumn(),
                                 console=Console(stderr=True), speed_estimate_period=60)
        self.progress.start()
        self.task = self.progress.add_task(cat.text("cli.sim.progress", lang, game=game), total=total,
                                           completed=done)
        self.start = time.perf_counter()

    def advance(self, k: int) -> None:
        self.progress.advance(self.task, k)

    def stop(self) -> None:
        self.progress.stop()
