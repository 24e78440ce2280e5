"""Bot seats are played by the server, in a background task per game.

After every change (and at startup, for games waiting on a bot) `BotRunner.kick(id)` makes
sure a task is looking at that game. The task thinks on a clone of the game through
`agents.choose` (so a bot sees only its seat's view): searching agents (`agents.BUDGETED`) in a
worker process when the runner has a pool (`boardlab serve` does: their thinking then never holds
the interpreter the requests are served on), others in a worker thread. It then hands the
action to the table, which applies it only if the game did not change meanwhile (an undo,
say) and commits it like any other action. A bot's choice depends only on the game seed,
its seat and the number of actions played, so a restart does not change what it plays.
"""
from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import anyio
from sqlalchemy.exc import SQLAlchemyError

from ..agents import BUDGETED, choose, make_agent, parse_spec
from ..core import rng
from ..core.errors import ConfigError
from ..core.game import load
from .errors import ApiError

log = logging.getLogger("boardlab.server.bots")


def bot_seed(seed: int, seat: int, version: int) -> int:
    """The bot's own seed. For a secret (keyed) game seed, a keyed hash: a bot's random choices
    must not give the game seed away."""
    mask = (1 << 64) - 1
    if seed >= rng.KEYED:
        key = hashlib.blake2b(str(seed).encode(), digest_size=32).digest()
        return int.from_bytes(hashlib.blake2b(f"bot:{seat}:{version}".encode(), key=key, digest_size=8).digest(), "little")
    return rng.mix((rng.mix((seed * 0x9E3779B97F4A7C15 + seat + 1) & mask) + version * 0xBF58476D1CE4E5B9) & mask)


def decide(spec: str, game, seat: int, budget: float | None = None) -> str:
    """The bot's action for `seat` (runs in a worker thread, on a clone), thinking at most `budget`
    seconds. A spec stored before specs were checked and now refused plays as `random`."""
    seed = bot_seed(game.seed, seat, len(game.log))
    try:
        agent = make_agent(spec, seed=seed, budget=budget)
    except ConfigError as exc:
        log.warning("bot %r in seat %d is refused (%s): it plays as random", spec, seat, exc)
        agent = make_agent("random", seed=seed)
    return choose(agent, game, seat)


def decide_in_worker(spec: str, saved: dict, seat: int, budget: float | None) -> tuple[str, int]:
    """`decide` in a worker process, on the game restored from its save (plain data: a Game object may hold
    the rules' unpicklable caches): the action, and the process that chose it."""
    return decide(spec, load(saved, trust_snapshot=True), seat, budget), os.getpid()


class BotRunner:
    def __init__(self, tables, budget: float = 10.0, processes: bool = False):
        self.tables = tables
        self.processes = processes  # searching bots think in worker processes
        self._pool: ProcessPoolExecutor | None = None
        self.worker_pids: set[int] = set()  # processes that chose a move (tests, diagnostics)
        self.budget = budget  # seconds of thinking per bot move at most
        self.retry = (0.1, 10.0)  # first and longest pause (s) while the database is unreachable
        self.tasks: dict[str, asyncio.Task] = {}
        self.dirty: set[str] = set()
        self.failed: dict[str, str] = {}  # game id -> why its bot stopped (logged too)
        self.active = True  # whether this process runs the bots (relay.py: one process of several does)
        self._limiter = None  # bots think on at most one thread per core, apart from the store's threads

    @property
    def limiter(self):
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(max(1, os.cpu_count() or 1))
        return self._limiter

    def kick(self, game_id: str) -> None:
        if not self.active:
            return  # the process running the bots hears of the change and kicks its own
        self.dirty.add(game_id)
        if game_id not in self.tasks:
            self.tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def _run(self, game_id: str) -> None:
        try:
            while game_id in self.dirty:
                self.dirty.discard(game_id)
                while await self._step_or_wait(game_id):
                    pass
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a broken bot must not take the server down
            self.failed[game_id] = f"{type(exc).__name__}: {exc}"
            log.exception("bot stopped in game %s", game_id)
        finally:
            self.tasks.pop(game_id, None)

    async def _step_or_wait(self, game_id: str) -> bool:
        """`_step`, retried with growing pauses while the database cannot be reached or the row
        changed underneath (the game is then read again): the bot resumes by itself."""
        pause = self.retry[0]
        while True:
            try:
                return await self._step(game_id)
            except (ApiError, SQLAlchemyError) as exc:
                if isinstance(exc, ApiError) and exc.status not in (409, 503):
                    raise
                self.failed[game_id] = f"waiting {pause:.2f}s: {exc}"
                log.warning("bot of game %s waits %.2fs: %s", game_id, pause, exc)
            await asyncio.sleep(pause)
            pause = min(pause * 2, self.retry[1])

    async def _step(self, game_id: str) -> bool:
        """Play one bot action if a bot is to play; False when there is nothing to do."""
        job = await self.tables.bot_job(game_id)
        self.failed.pop(game_id, None)
        if job is None:
            return False
        game, seat, spec, based_on = job
        action = await self._think(spec, game, seat)
        await self.tables.bot_move(game_id, seat, action, based_on)
        return True

    async def _think(self, spec: str, game, seat: int) -> str:
        if self.processes and _searches(spec):
            saved = await anyio.to_thread.run_sync(game.save, True)
            action, pid = await asyncio.get_running_loop().run_in_executor(
                self.pool, decide_in_worker, spec, saved, seat, self.budget)
            self.worker_pids.add(pid)
            return str(action)
        return await anyio.to_thread.run_sync(decide, spec, game, seat, self.budget, abandon_on_cancel=True,
                                              limiter=self.limiter)

    @property
    def pool(self) -> ProcessPoolExecutor:
        """One worker process per core, started fresh (`spawn`: no fork of a threaded server)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max(1, os.cpu_count() or 1),
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def idle(self, timeout: float = 30.0) -> None:
        """Wait until no bot task is running (tests)."""
        async def wait():
            while self.tasks:
                await asyncio.sleep(0.01)
        await asyncio.wait_for(wait(), timeout)

    async def stop(self) -> None:
        tasks = list(self.tasks.values())
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)  # a search still running ends at its budget
            self._pool = None


def _searches(spec: str) -> bool:
    try:
        return parse_spec(spec)[0] in BUDGETED
    except ConfigError:  # a stored spec now refused plays as random (`decide`): a thread will do
        return False
