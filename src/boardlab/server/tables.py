"""The games in play: each game's rules object in memory, its row in the store, its lock.

Every change (an action, a seat taken, an undo request or answer) happens under the game's
lock, on a copy: the copy is written to the store and only once the write has committed does
it replace the game in memory, reach the websockets and get acknowledged. A refused request
(403, 409, 422) changes nothing, neither in memory nor in the store. Game objects in memory
are never changed in place, so views can be read without the lock.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import json
import logging
import secrets
import time

import anyio
from sqlalchemy.exc import SQLAlchemyError

from ..agents import parse_spec
from ..core.errors import BoardlabError, ConfigError, IllegalAction
from ..core.game import SAVE_FORMAT, SAVE_VERSION, Game, load, new_game, replay
from ..core.i18n import check_lang
from . import undo as undo_rules
from .bots import BotRunner
from .errors import ApiError
from .hub import Hub
from .store import SNAPSHOT_EVERY, Store, now

log = logging.getLogger("boardlab.server")

HUMAN, BOT = "human", "bot"
REPLAY_CACHE = 32  # finished games' replays kept in memory (per game and language) ...
REPLAY_CACHE_BYTES = 64 * 2 ** 20  # ... up to this many bytes of JSON in all
MAX_LIVE = 2000  # games held in memory at most (the least recently used idle ones leave first)
MAX_BOTLESS = 100_000  # games remembered as having no bot seats (tables.botless)
# keys the server adds to a game's view (a game's own view never uses them)
SERVER_VIEW_KEYS = ("id", "version", "revision", "status", "seats", "options", "undo_request", "undo_last", "created",
                    "seed_kind")
SEED_BITS = 256  # a server-drawn seed: this many secret bits, kept on the server until the game is over


def draw_seed() -> int:
    """A secret seed for the keyed stream (core/rng.py): 2**SEED_BITS plus SEED_BITS random bits."""
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


def seed_columns(seed: int, kind: str) -> dict:
    """How a seed is stored: in `seed` when it fits 64 bits, else in decimal in `seed_text`."""
    if -(2 ** 63) <= seed < 2 ** 63:
        return {"seed": seed, "seed_text": None, "seed_kind": kind}
    return {"seed": 0, "seed_text": str(seed), "seed_kind": kind}


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def public_seats(seats: list[dict]) -> list[dict]:
    """Seats as anyone may see them: kind, the bot's agent, whether the seat is taken."""
    out = []
    for i, s in enumerate(seats):
        if s["kind"] == BOT:
            out.append({"seat": i, "kind": BOT, "agent": s["agent"], "taken": True})
        else:
            out.append({"seat": i, "kind": HUMAN, "agent": None, "taken": bool(s.get("taken"))})
    return out


def status_of(game: Game, seats: list[dict]) -> str:
    if game.is_over:
        return "finished"
    return "open" if any(s["kind"] == HUMAN and not s.get("taken") for s in seats) else "running"


def iso(t: dt.datetime) -> str:
    if t.tzinfo is None:  # SQLite gives back naive datetimes: they were written in UTC
        t = t.replace(tzinfo=dt.timezone.utc)
    return t.isoformat()


class Live:
    """One game as the server holds it in memory (mirrors its row at `revision`)."""

    __slots__ = ("id", "game", "seats", "revision", "created", "undo", "seed_kind")

    def __init__(self, game_id: str, game: Game, seats: list[dict], revision: int, created, undo: dict | None,
                 seed_kind: str = "legacy"):
        self.seed_kind = seed_kind  # drawn (secret), chosen (by the creator) or legacy (guessable)
        self.id = game_id
        self.game = game
        self.seats = seats
        self.revision = revision
        self.created = created
        self.undo = undo or {"request": None, "last": None}

    @property
    def status(self) -> str:
        return status_of(self.game, self.seats)

    @classmethod
    def from_row(cls, row: dict) -> "Live":
        at = row.get("snapshot_at", len(row["log"]))
        data = {"format": SAVE_FORMAT, "version": row.get("save_version", SAVE_VERSION), "game": row["game"],
                "players": row["players"], "options": row["options"], "log": row["log"][:at],
                "seed": int(row["seed_text"]) if row.get("seed_text") else row["seed"],
                "state_hash": row["state_hash"], "snapshot": row["snapshot"]}
        # SaveFileError if the snapshot does not match its hash; a row of an older format is replayed
        game = load(data, trust_snapshot=True)
        replay(game, [(seat, action) for seat, action in row["log"][at:]], at)  # the actions after the snapshot
        return cls(row["id"], game, row["seats"], row["revision"], row["created"], row["undo"],
                   row.get("seed_kind") or "legacy")


class GroupCommit:
    """Writes of many games in one transaction: while one commits, the next ones queue up and go
    together (one disk flush for all of them). Each write is a function run in the worker thread
    that returns its `Store.write_many` entry (the snapshot is encoded there, off the event loop)."""

    def __init__(self, store: Store):
        self.store = store
        self.pending: list[tuple] = []
        self.running = False

    async def write(self, prepare) -> bool:
        future = asyncio.get_running_loop().create_future()
        self.pending.append((prepare, future))
        if not self.running:
            self.running = True
            asyncio.get_running_loop().create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    results = await anyio.to_thread.run_sync(self._write, [p for p, _ in batch])
                except Exception as exc:  # the transaction failed: every write of it did
                    results = [exc] * len(batch)
                for (_, future), result in zip(batch, results):
                    if future.done():
                        continue
                    if isinstance(result, BaseException):
                        future.set_exception(result)
                    else:
                        future.set_result(result)
        finally:
            self.running = False

    def _write(self, prepares: list) -> list:
        updates, out = [], []
        for prepare in prepares:
            try:
                updates.append(prepare())
                out.append(None)
            except Exception as exc:  # this write alone fails
                out.append(exc)
        written = iter(self.store.write_many(updates)) if updates else iter(())
        return [next(written) if r is None else r for r in out]


class Tables:
    def __init__(self, store: Store, bot_budget: float = 10.0, idle_seconds: float = 300.0,
                 bot_processes: bool = False):
        self.store = store
        self.live: dict[str, Live] = {}
        self.news: dict[str, int] = {}  # game id -> the newest revision another process told of (relay.py)
        self.loading: dict[str, int] = {}  # game id -> reads of its row under way
        self.used: dict[str, float] = {}  # game id -> when it was last asked for (time.monotonic)
        self.idle_seconds = idle_seconds
        self.locks: dict[str, asyncio.Lock] = {}
        self.botless: dict[str, None] = {}  # games found without bot seats (kinds never change), newest last
        self.hub = Hub(lambda live, seat, lang: self.view(live, seat, lang, shared=True))
        self.writer = GroupCommit(store)
        self.bots = BotRunner(self, bot_budget, processes=bot_processes)
        self.replays: dict[tuple, tuple[list[bytes], int]] = {}  # (id, lang, version) -> (steps as JSON, bytes)
        self.replay_jobs: dict[tuple, asyncio.Future] = {}
        self.replay_limiter = anyio.CapacityLimiter(1)  # one replay built at a time, off the event loop

    # loading -------------------------------------------------------------------------------
    def lock(self, game_id: str) -> asyncio.Lock:
        if game_id not in self.locks:
            self.locks[game_id] = asyncio.Lock()
        return self.locks[game_id]

    async def get(self, game_id: str) -> Live:
        live = self.live.get(game_id)
        if live is not None:
            self.used[game_id] = time.monotonic()
            return live
        row = await self._read(game_id)
        for _ in range(3):  # bounded: a notice names a revision, it cannot hold a read back for ever
            if self.news.get(game_id, -1) <= row["revision"]:
                break
            row = await self._read(game_id)  # a change committed while the row was read
        self.used[game_id] = time.monotonic()
        if game_id in self.live:  # loaded by someone else meanwhile
            return self.live[game_id]
        try:
            live = await anyio.to_thread.run_sync(Live.from_row, row)
        except BoardlabError:
            log.exception("game %s cannot be restored from the database", game_id)
            raise ApiError(500, "server.err.corrupt", id=game_id) from None
        return self.live.setdefault(game_id, live)

    async def _read(self, game_id: str) -> dict:
        self.loading[game_id] = self.loading.get(game_id, 0) + 1
        try:
            row = await anyio.to_thread.run_sync(self.store.get, game_id)
        except SQLAlchemyError:
            log.exception("cannot read game %s", game_id)
            raise ApiError(503, "server.err.database") from None
        finally:
            self.loading[game_id] -= 1
            if not self.loading[game_id]:
                del self.loading[game_id]
        if row is None:
            raise ApiError(404, "server.err.not_found", id=game_id)
        return row

    # memory --------------------------------------------------------------------------------
    def busy(self, game_id: str) -> bool:
        """In use: watched by a websocket, played by a bot, or a change under way."""
        lock = self.locks.get(game_id)
        return self.hub.count(game_id) > 0 or game_id in self.bots.tasks or (lock is not None and lock.locked())

    def evict_idle(self, now: float | None = None) -> int:
        """Drop from memory the games nobody asked for in `idle_seconds` (and, over MAX_LIVE games,
        the least recently used), unless busy; they come back from the store when asked for."""
        now = time.monotonic() if now is None else now
        order = sorted(self.live, key=lambda g: self.used.get(g, 0.0))
        over = len(order) - MAX_LIVE
        gone = 0
        for game_id in order:
            idle = now - self.used.get(game_id, 0.0) >= self.idle_seconds
            if (idle or gone < over) and not self.busy(game_id):
                self.live.pop(game_id, None)
                self.locks.pop(game_id, None)
                self.used.pop(game_id, None)
                self.hub.forget(game_id)
                gone += 1
        for game_id in [g for g in self.used if g not in self.live]:
            self.used.pop(game_id)  # its row could not be restored
        for game_id in [g for g in self.news if g not in self.live and g not in self.loading]:
            self.news.pop(game_id)  # the next read of its row is newer than any news of it
        return gone

    async def sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.05, self.idle_seconds / 4)))
            self.evict_idle()

    def seat_of(self, live: Live, token: str | None, required: bool = True) -> int | None:
        """The human seat whose token this is; 403 if it is no seat's (None: no token, when allowed)."""
        if not token:
            if required:
                raise ApiError(403, "server.err.token")
            return None
        digest = token_hash(token)
        found = None
        for i, s in enumerate(live.seats):
            if s["kind"] == HUMAN and hmac.compare_digest(s["token_sha256"], digest):
                found = i
        if found is None:
            raise ApiError(403, "server.err.token")
        return found

    # views ---------------------------------------------------------------------------------
    def view(self, live: Live, seat: int | None, lang: str, shared: bool = False) -> dict:
        """The seat's (None: the spectator's) view, plus the table's public facts. `shared`: it may share
        containers with the game (the hub encodes it at once)."""
        v = live.game.view(seat, lang, shared)
        request = live.undo.get("request")
        if request is not None:
            request = dict(request, waiting_for=self._waiting_for(live, request))
        v.update(id=live.id, version=len(live.game.log), revision=live.revision, status=live.status,
                 seats=public_seats(live.seats), options=live.game.options, undo_request=request,
                 undo_last=live.undo.get("last"), created=iso(live.created), seed_kind=live.seed_kind)
        return v

    def _waiting_for(self, live: Live, request: dict) -> list[int]:
        return [i for i, s in enumerate(live.seats)
                if s["kind"] == HUMAN and i != request["seat"] and i not in request["accepted"]]

    # writing -------------------------------------------------------------------------------
    async def _commit(self, live: Live, game: Game | None = None, seats: list[dict] | None = None,
                      undo: dict | None = None) -> None:
        """Write the change, then (only then) make it the game in memory and tell everyone."""
        game = live.game if game is None else game
        seats = live.seats if seats is None else seats
        undo = live.undo if undo is None else undo
        fields = {"seats": seats, "undo": undo, "status": status_of(game, seats), "revision": live.revision + 1}
        append = None
        if game is not live.game:
            fields.update(version=len(game.log), to_play=game.to_play)
            append = _appended(live.game, game)

        def prepare() -> tuple:
            if game is not live.game and append is None:  # a snapshot is due, or the log changed otherwise
                saved = game.save(snapshot=True)
                fields.update(log=saved["log"], snapshot=saved["snapshot"], state_hash=saved["state_hash"],
                              save_version=SAVE_VERSION)
            return live.id, live.revision, append, fields

        try:
            ok = await self.writer.write(prepare)
        except SQLAlchemyError:
            log.exception("cannot write game %s", live.id)
            self.live.pop(live.id, None)  # the next request reads what the database really has
            raise ApiError(503, "server.err.storage") from None
        if not ok:
            self.live.pop(live.id, None)
            raise ApiError(409, "server.err.conflict")
        live.game, live.seats, live.undo, live.revision = game, seats, undo, live.revision + 1
        self.hub.publish(live)
        self._kick_bot(live)

    def _kick_bot(self, live: Live) -> None:
        seat = live.game.to_play
        if seat is not None and live.seats[seat]["kind"] == BOT:
            self.bots.kick(live.id)

    def _claimed(self, live: Live, seat: int | None) -> list[dict] | None:
        """The seats with `seat` marked taken, or None if nothing changes."""
        if seat is None or live.seats[seat].get("taken"):
            return None
        seats = [dict(s) for s in live.seats]
        seats[seat]["taken"] = True
        return seats

    # requests ------------------------------------------------------------------------------
    async def create(self, game_name: str, players: int, options: dict, seats: list[dict], seed: int | None) -> dict:
        if len(seats) != players:
            raise ApiError(422, "server.err.seats_count", seats=len(seats), players=players)
        kind = "chosen" if seed is not None else "drawn"
        seed = draw_seed() if seed is None else seed
        try:
            game = new_game(game_name, players, seed, options)
        except ConfigError as exc:
            raise ApiError(422, error=exc) from None
        except (TypeError, ValueError) as exc:  # an option value the game's checks did not foresee
            raise ApiError(422, "server.err.invalid", errors=f"options: {exc}") from None
        stored, tokens = [], []
        for i, s in enumerate(seats):
            if s["kind"] == BOT:
                self._check_bot(i, s["agent"])
                stored.append({"kind": BOT, "agent": s["agent"]})
                tokens.append({"seat": i, "kind": BOT, "token": None})
            else:
                token = secrets.token_urlsafe(24)
                stored.append({"kind": HUMAN, "token_sha256": token_hash(token), "taken": False})
                tokens.append({"seat": i, "kind": HUMAN, "token": token})
        game_id = secrets.token_hex(8)
        created = now()
        saved = game.save(snapshot=True)
        row = {"id": game_id, "game": game.rules.name, "players": players, "options": game.options, **seed_columns(seed, kind),
               "seats": stored, "log": [], "snapshot": saved["snapshot"], "state_hash": saved["state_hash"],
               "save_version": SAVE_VERSION, "version": 0, "revision": 0, "status": status_of(game, stored), "to_play": game.to_play,
               "undo": {"request": None, "last": None}, "created": created, "updated": created}
        try:
            await anyio.to_thread.run_sync(self.store.insert, row)
        except SQLAlchemyError:
            log.exception("cannot create a game")
            raise ApiError(503, "server.err.storage") from None
        self.live[game_id] = live = Live(game_id, game, stored, 0, created, row["undo"], kind)
        self.used[game_id] = time.monotonic()
        if len(self.live) > MAX_LIVE:
            self.evict_idle()
        self._kick_bot(live)
        return {"id": game_id, "seats": tokens}

    def _check_bot(self, seat: int, spec: str) -> None:
        """422 for a spec its agent's schema refuses, or one that asks for more time than a move gets."""
        try:
            _name, params = parse_spec(spec)
        except ConfigError as exc:
            raise ApiError(422, "server.err.bot_spec", seat=seat, message=exc) from None
        if params.get("seconds", 0) > self.bots.budget:
            raise ApiError(422, "server.err.bot_budget", seat=seat, seconds=params["seconds"], budget=self.bots.budget)

    async def look(self, game_id: str, token: str | None, lang: str) -> dict:
        """GET a view: the token's seat (marking it taken), else the spectator's."""
        return self.view(*await self._looked(game_id, token, lang), lang)

    async def look_json(self, game_id: str, token: str | None, lang: str) -> bytes:
        """`look`, encoded (shared with the websocket pushes of the same revision)."""
        return self.view_json(*await self._looked(game_id, token, lang), lang)

    async def _looked(self, game_id: str, token: str | None, lang: str) -> tuple[Live, int | None]:
        """The game and the seat of `token` (None without one), the seat marked taken on its first look."""
        return await self._once_more(self._look, game_id, token, lang)

    async def _look(self, game_id: str, token: str | None, lang: str) -> tuple[Live, int | None]:
        _check_lang(lang)
        live = await self.get(game_id)
        seat = self.seat_of(live, token, required=False)
        if seat is not None and not live.seats[seat].get("taken"):
            async with self.lock(game_id):
                live = await self.get(game_id)
                seats = self._claimed(live, seat)
                if seats is not None:
                    await self._commit(live, seats=seats)
        return live, seat

    def view_json(self, live: Live, seat: int | None, lang: str) -> bytes:
        return self.hub.view_json(live, seat, lang)

    async def watch(self, game_id: str, token: str | None, lang: str):
        """For a websocket: (live, seat), checking the game, language and token like `look`."""
        _check_lang(lang)
        live = await self.get(game_id)
        seat = self.seat_of(live, token, required=False)
        if seat is not None:
            await self._looked(game_id, token, lang)
        return await self.get(game_id), seat

    async def act(self, game_id: str, token: str | None, action: str, lang: str, answer: bool = True) -> bytes | None:
        """Apply a seat's action; the seat's new view as JSON if `answer` (a move sent on a websocket is answered
        by the push everyone gets)."""
        return await self._once_more(self._act, game_id, token, action, lang, answer)

    async def _once_more(self, attempt, game_id: str, *args):
        """`attempt(game_id, *args)`, and once more if it failed on a stale copy: another server process moved the
        game or claimed a seat, and this one has not heard of it yet. A write on a stale copy is refused by revision
        (409 conflict); a refusal decided on it (409 not your turn, 422 illegal...) is checked against the row's
        revision (a token's seat never changes: 403 is not). The copy is dropped, so the second attempt reads the
        game again."""
        try:
            return await attempt(game_id, *args)
        except ApiError as exc:
            if exc.key != "server.err.conflict" and (exc.status not in (409, 422) or not await self._stale(game_id)):
                raise
        return await attempt(game_id, *args)

    async def _stale(self, game_id: str) -> bool:
        """Whether this process's copy of the game is behind its row (then the copy is dropped)."""
        live = self.live.get(game_id)
        if live is None:
            return False
        try:
            revision = await anyio.to_thread.run_sync(self.store.game_revision, game_id)
        except SQLAlchemyError:
            return False  # the refusal stands; the database's trouble shows on the next request
        if revision == live.revision:
            return False
        self.live.pop(game_id, None)
        return True

    async def _act(self, game_id: str, token: str | None, action: str, lang: str, answer: bool) -> bytes | None:
        _check_lang(lang)
        await self.get(game_id)
        async with self.lock(game_id):
            live = await self.get(game_id)
            seat = self.seat_of(live, token)
            game = live.game
            _not_over(live)
            if game.to_play != seat:
                raise ApiError(409, "server.err.not_your_turn", seat=seat, to_play=game.to_play)
            moved = game.clone()
            try:
                moved.apply(action)
            except IllegalAction as exc:
                raise ApiError(422, error=exc) from None
            await self._commit(live, game=moved, seats=self._claimed(live, seat), undo=self._after_move(live))
            return self.view_json(live, seat, lang) if answer else None

    def _after_move(self, live: Live) -> dict | None:
        """A move makes a pending undo request moot (the game moved on)."""
        request = live.undo.get("request")
        if request is None:
            return None
        return {"request": None, "last": {"seat": request["seat"], "result": "cancelled", "by": None,
                                          "version": request["version"]}}

    # bots ----------------------------------------------------------------------------------
    async def bot_job(self, game_id: str):
        """(copy of the game, seat, agent spec, the game object it was copied from), or None."""
        live = await self.get(game_id)
        if not any(s["kind"] == BOT for s in live.seats):
            self._botless(game_id)
            return None
        game = live.game
        seat = game.to_play
        if seat is None or live.seats[seat]["kind"] != BOT:
            return None
        return game.clone(), seat, live.seats[seat]["agent"], game

    def _botless(self, game_id: str) -> None:
        """Remember a game without bot seats: the bots need not read it again when its changes are heard of
        (a process running the bots would otherwise load every game another process moves). Bounded: the
        oldest are forgotten (read once more if heard of again)."""
        self.botless[game_id] = None
        if len(self.botless) > MAX_BOTLESS:
            del self.botless[next(iter(self.botless))]

    async def bot_move(self, game_id: str, seat: int, action: str, based_on: Game) -> None:
        async with self.lock(game_id):
            live = await self.get(game_id)
            if live.game is not based_on or live.game.to_play != seat:
                return  # the game changed while the bot was thinking: it thinks again
            moved = live.game.clone()
            moved.apply(action)  # an illegal bot action is a bug: BotRunner logs it and stops
            await self._commit(live, game=moved, undo=self._after_move(live))

    # undo ----------------------------------------------------------------------------------
    async def undo_request(self, game_id: str, token: str | None, lang: str) -> tuple[int, bytes]:
        return await self._once_more(self._undo_request, game_id, token, lang)

    async def _undo_request(self, game_id: str, token: str | None, lang: str) -> tuple[int, bytes]:
        _check_lang(lang)
        await self.get(game_id)
        async with self.lock(game_id):
            live = await self.get(game_id)
            seat = self.seat_of(live, token)
            _not_over(live)
            if live.undo.get("request") is not None:
                raise ApiError(409, "server.err.undo_pending")
            before = await self._plan(live, seat)
            request = {"seat": seat, "version": len(live.game.log), "accepted": []}
            seats = self._claimed(live, seat)
            if not self._waiting_for(live, request):  # no other human: bots always agree
                await self._commit(live, game=before, seats=seats, undo=self._done(request))
                return 200, self.view_json(live, seat, lang)
            await self._commit(live, seats=seats, undo={"request": request, "last": live.undo.get("last")})
            return 202, self.view_json(live, seat, lang)

    async def undo_answer(self, game_id: str, token: str | None, accept: bool, lang: str) -> bytes:
        return await self._once_more(self._undo_answer, game_id, token, accept, lang)

    async def _undo_answer(self, game_id: str, token: str | None, accept: bool, lang: str) -> bytes:
        _check_lang(lang)
        await self.get(game_id)
        async with self.lock(game_id):
            live = await self.get(game_id)
            seat = self.seat_of(live, token)
            _not_over(live)
            request = live.undo.get("request")
            if request is None:
                raise ApiError(409, "server.err.undo_none")
            seats = self._claimed(live, seat)
            if not accept:  # a refusal (or the asker withdrawing) ends the request
                result = "cancelled" if seat == request["seat"] else "refused"
                last = {"seat": request["seat"], "result": result, "by": seat, "version": request["version"]}
                await self._commit(live, seats=seats, undo={"request": None, "last": last})
                return self.view_json(live, seat, lang)
            if seat == request["seat"] or seat in request["accepted"]:
                if seats is not None:
                    await self._commit(live, seats=seats)
                return self.view_json(live, seat, lang)
            request = dict(request, accepted=sorted([*request["accepted"], seat]))
            if self._waiting_for(live, request):
                await self._commit(live, seats=seats, undo={"request": request, "last": live.undo.get("last")})
            else:
                try:
                    before = await self._plan(live, request["seat"])
                except ApiError:
                    # cannot happen while moves cancel requests; end the request rather than stick
                    last = {"seat": request["seat"], "result": "refused", "by": None, "version": request["version"]}
                    await self._commit(live, seats=seats, undo={"request": None, "last": last})
                    raise
                await self._commit(live, game=before, seats=seats, undo=self._done(request))
            return self.view_json(live, seat, lang)

    async def _plan(self, live: Live, seat: int) -> Game:
        try:
            return await anyio.to_thread.run_sync(undo_rules.plan, live.game, seat)
        except undo_rules.UndoRefused as exc:
            raise ApiError(409, exc.key, **exc.params) from None

    @staticmethod
    def _done(request: dict) -> dict:
        return {"request": None, "last": {"seat": request["seat"], "result": "done", "by": None,
                                          "version": request["version"]}}

    # replay --------------------------------------------------------------------------------
    async def replay(self, game_id: str, lang: str, start: int = 0, count: int | None = None) -> bytes:
        """The replay's JSON (steps start .. start+count-1), built once per game and language off the
        event loop; only the header and the joining of ready-made steps happen here."""
        _check_lang(lang)
        live = await self.get(game_id)
        steps = await self._replay_steps(live, lang)
        game = live.game
        head = {"id": live.id, "game": game.rules.name, "players": game.players, "options": game.options,
                "seats": public_seats(live.seats), "version": len(game.log), "seed": str(game.seed),
                "seed_kind": live.seed_kind, "start": start, "total": len(steps)}
        page = steps[start:] if count is None else steps[start:start + count]
        return json.dumps(head, ensure_ascii=False)[:-1].encode() + b', "steps": [' + b",".join(page) + b"]}"

    async def replay_view(self, game_id: str, step: int, lang: str) -> dict:
        """The spectator's view after `step` actions of a finished game (for the replay viewer)."""
        _check_lang(lang)
        live = await self.get(game_id)
        steps = await self._replay_steps(live, lang)
        if not 0 <= step < len(steps):
            raise ApiError(404, "server.err.no_step", step=step, last=len(steps) - 1)
        return json.loads(steps[step])["view"]

    async def _replay_steps(self, live: Live, lang: str) -> list[bytes]:
        """Each step's JSON, from the cache or built once (concurrent requests share the work)."""
        if not live.game.is_over:
            raise ApiError(409, "server.err.not_finished")
        key = (live.id, lang, len(live.game.log))
        cached = self.replays.pop(key, None)
        if cached is None:
            job = self.replay_jobs.get(key)
            if job is None:
                job = self.replay_jobs[key] = asyncio.ensure_future(self._build_replay(live.game, lang))
                job.add_done_callback(lambda _f: self.replay_jobs.pop(key, None))
            cached = await asyncio.shield(job)
        self.replays[key] = cached  # most recently used last
        while len(self.replays) > REPLAY_CACHE or sum(n for _s, n in self.replays.values()) > REPLAY_CACHE_BYTES:
            if len(self.replays) == 1:
                break
            self.replays.pop(next(iter(self.replays)))
        return cached[0]

    async def _build_replay(self, game: Game, lang: str) -> tuple[list[bytes], int]:
        steps = await anyio.to_thread.run_sync(replay_json, game, lang, limiter=self.replay_limiter)
        return steps, sum(map(len, steps))

    # other server processes (relay.py) ------------------------------------------------------
    def heard(self, game_id: str, revision: int) -> None:
        """Another process committed `revision` of the game: refresh it (event loop callback)."""
        self.news[game_id] = max(self.news.get(game_id, -1), revision)
        live = self.live.get(game_id)
        if live is not None and live.revision >= revision:
            return
        asyncio.get_running_loop().create_task(self._refresh(game_id, revision))

    async def _refresh(self, game_id: str, revision: int) -> None:
        async with self.lock(game_id):
            live = self.live.get(game_id)
            if live is None or live.revision < revision:
                self.live.pop(game_id, None)
                if self.hub.count(game_id):
                    try:
                        self.hub.publish(await self.get(game_id))
                    except ApiError:
                        log.exception("cannot refresh game %s", game_id)
        if game_id not in self.botless:
            self.bots.kick(game_id)

    def lead(self, leading: bool) -> None:
        """This process runs the bots from now on (True), or no longer (False)."""
        self.bots.active = leading
        log.info("this process %s the bots", "runs" if leading else "no longer runs")
        if leading:
            asyncio.get_running_loop().create_task(self.resume_bots())

    # startup -------------------------------------------------------------------------------
    async def resume_bots(self) -> int:
        """Kick the bots of every unfinished game that waits on a bot; returns how many."""
        rows = await anyio.to_thread.run_sync(self.store.summaries)
        n = 0
        for row in rows:
            seat = row["to_play"]
            if seat is not None and row["seats"][seat]["kind"] == BOT:
                self.bots.kick(row["id"])
                n += 1
        return n

    async def summaries(self, offset: int = 0, limit: int = 50) -> tuple[list[dict], int]:
        """A page of the open and running games (oldest first) and how many there are in all."""
        def read():
            return self.store.summaries(offset=offset, limit=limit), self.store.count()
        try:
            rows, total = await anyio.to_thread.run_sync(read)
        except SQLAlchemyError:
            log.exception("cannot list games")
            raise ApiError(503, "server.err.database") from None
        return [{"id": r["id"], "game": r["game"], "players": r["players"], "options": r["options"],
                 "seats": public_seats(r["seats"]), "status": r["status"], "version": r["version"],
                 "to_play": r["to_play"], "created": iso(r["created"]), "seed_kind": r["seed_kind"]}
                for r in rows], total


def _appended(before: Game, after: Game) -> tuple[int, int, str] | None:
    """The action row of a move (n, seat, action), or None when the game's log and a new snapshot are to be
    written: a snapshot every SNAPSHOT_EVERY actions, and whenever the log did not just grow by one action (an
    undo). Not at the end: the last move is acknowledged as fast as any (a game ending is no reason to make its
    players wait for a snapshot; loading a finished game replays its last few actions like any other)."""
    n = len(after.log)
    if n != len(before.log) + 1 or n % SNAPSHOT_EVERY == 0:
        return None
    seat, action = after.log[-1]
    return n, seat, action


def replay_steps(game: Game, lang: str) -> list[dict]:
    """Step 0 is the start; step n follows the n-th action: who acted, the public events it
    caused and the spectator's view after it (without the cumulative `log`). Action ids are
    left out: a secret choice is only known through the events that reveal it."""
    g = new_game(game.rules.name, game.players, game.seed, game.options)
    steps = []
    shown = 0

    def step(n: int, seat: int | None) -> None:
        nonlocal shown
        v = g.view(None, lang)
        events = v.pop("log")
        steps.append({"n": n, "seat": seat, "events": events[shown:], "view": v})
        shown = len(events)

    step(0, None)
    for n, (seat, action) in enumerate(game.log, 1):
        g.apply(action)
        step(n, seat)
    return steps


def replay_json(game: Game, lang: str) -> list[bytes]:
    """`replay_steps`, each step as compact JSON (worker thread)."""
    return [json.dumps(step, ensure_ascii=False, separators=(",", ":")).encode() for step in replay_steps(game, lang)]


def _not_over(live: Live) -> None:
    """A finished game is final: no action, undo request or answer reopens it (409)."""
    if live.game.is_over:
        raise ApiError(409, error=IllegalAction("err.game_over"))


def _check_lang(lang: str) -> None:
    try:
        check_lang(lang)
    except ConfigError as exc:
        raise ApiError(422, error=exc) from None
