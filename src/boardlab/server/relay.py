"""Several `boardlab serve` processes on one PostgreSQL database (docs/web-api.md, "Several processes").

Every committed change of a game notifies the channel `store.CHANNEL` with
"<game id>:<revision>:<process>" (store.py; a transaction's notices in one payload, `;`-separated). Each process listens on a connection of its own, in
a thread, and hands another process's notices to `Tables.heard` (its copy of the game goes,
its websockets get the new views, and the bot is kicked if this process runs the bots).

The bots run in one process at a time: the one holding the PostgreSQL advisory lock `BOTS_LOCK`
(on a second connection of the relay's). When that process dies its session ends and the lock is free; another
process takes it within a second or two and resumes every game that waits on a bot. A process
that loses its connection stops running bots until it holds the lock again (a bot move it commits
meanwhile is checked by revision like any other write).
"""
from __future__ import annotations

import asyncio
import logging
import threading
from typing import Callable

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("boardlab.server.relay")

BOTS_LOCK = 0x626F61726462  # the advisory lock whose holder runs the bots ("boardb")
POLL = 0.5  # seconds between looks at the lock while waiting for notices


def conninfo(url: str) -> str:
    """A psycopg connection string from the store's SQLAlchemy URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Relay:
    def __init__(self, url: str, origin: str, heard: Callable[[str, int], None], lead: Callable[[bool], None]):
        self.conninfo = conninfo(url)
        self.origin = origin  # this process's mark in the notices: its own are not news to it
        self.heard, self.lead = heard, lead  # called on the event loop
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.leading = False

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.Thread(target=self._run, name="boardlab-relay", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(timeout=5)

    def _call(self, fn, *args) -> None:
        assert self.loop is not None
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop is closed: the server is stopping
            self.stopping.set()

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:  # two connections: one only listens (notifies() alone is reliable), one holds the lock
                with psycopg.connect(self.conninfo, autocommit=True) as listener, \
                        psycopg.connect(self.conninfo, autocommit=True) as locker:
                    listener.execute(f"LISTEN {CHANNEL}")
                    self._serve(listener, locker)
            except psycopg.Error as exc:
                log.warning("relay connection lost (%s); retrying", exc)
            if self.leading:
                self.leading = False
                self._call(self.lead, False)
            self.stopping.wait(1.0)

    def _serve(self, listener, locker) -> None:
        while not self.stopping.is_set():
            if not self.leading:
                if locker.execute("SELECT pg_try_advisory_lock(%s)", (BOTS_LOCK,)).fetchone()[0]:
                    self.leading = True
                    self._call(self.lead, True)
            else:
                locker.execute("SELECT 1")  # the lock lives with this session: notice at once if it ends
            for notice in listener.notifies(timeout=POLL):
                for game_id, revision, origin in parse(notice.payload):
                    if origin != self.origin:
                        self._call(self.heard, game_id, revision)


def parse(payload: str) -> list[tuple[str, int, str]]:
    """The notices of a payload ("<game id>:<revision>:<process>", `;`-separated); what this program did not
    write is left out."""
    found = []
    for notice in payload.split(";"):
        parts = notice.split(":")
        if len(parts) == 3 and parts[0] and parts[1].isdigit():
            found.append((parts[0], int(parts[1]), parts[2]))
    return found
