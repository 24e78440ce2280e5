"""Bot seats are played by the server, in a background task per game.

After every change (and at startup, for games waiting on a bot) `BotRunner.kick(id)` makes
sure a task is looking at that game. The task thinks on a clone of the game in a worker
thread, through `agents.choose` (so a bot sees only its seat's view), then hands the
action to the table, which applies it only if the game did not change meanwhile (an undo,
say) and commits it like any other action. A bot's choice depends only on the game seed,
its seat and the number of actions played, so a restart does not change what it plays.
"""
from __future__ import annotations

import asyncio
import logging
import os

import anyio

from ..agents import choose, make_agent
from ..core import rng

log = logging.getLogger("boardlab.server.bots")


def bot_seed(seed: int, seat: int, version: int) -> int:
    mask = (1 << 64) - 1
    return rng.mix((rng.mix((seed * 0x9E3779B97F4A7C15 + seat + 1) & mask) + version * 0xBF58476D1CE4E5B9) & mask)


def decide(spec: str, game, seat: int) -> str:
    """The bot's action for `seat` (runs in a worker thread, on a clone)."""
    agent = make_agent(spec, seed=bot_seed(game.seed, seat, len(game.log)))
    return choose(agent, game, seat)


class BotRunner:
    def __init__(self, tables):
        self.tables = tables
        self.tasks: dict[str, asyncio.Task] = {}
        self.dirty: set[str] = set()
        self.failed: dict[str, str] = {}  # game id -> why its bot stopped (logged too)
        self._limiter = None  # bots think on at most one thread per core, apart from the store's threads

    @property
    def limiter(self):
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(max(1, os.cpu_count() or 1))
        return self._limiter

    def kick(self, game_id: str) -> None:
        self.dirty.add(game_id)
        if game_id not in self.tasks:
            self.tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def _run(self, game_id: str) -> None:
        try:
            while game_id in self.dirty:
                self.dirty.discard(game_id)
                while await self._step(game_id):
                    pass
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a broken bot must not take the server down
            self.failed[game_id] = f"{type(exc).__name__}: {exc}"
            log.exception("bot stopped in game %s", game_id)
        finally:
            self.tasks.pop(game_id, None)

    async def _step(self, game_id: str) -> bool:
        """Play one bot action if a bot is to play; False when there is nothing to do."""
        job = await self.tables.bot_job(game_id)
        if job is None:
            return False
        game, seat, spec, based_on = job
        action = await anyio.to_thread.run_sync(decide, spec, game, seat, abandon_on_cancel=True,
                                                limiter=self.limiter)
        await self.tables.bot_move(game_id, seat, action, based_on)
        return True

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
