"""Websocket subscriptions: after every change each subscriber gets its own seat's view.

Views are built and encoded once per (revision, seat, language) and shared by every subscriber
of that seat and language and by the HTTP answers of the same revision. A websocket message
carries the view without its log and the log entries the connection has not had yet:
`{"type": "view", "log_from": k, "log": [entries k...], "view": {...}}` (k = 0: the whole log,
as on connecting or after an undo rewrote the log). A subscriber keeps only the latest view to
send (a slow connection skips intermediate views); its log delta is worked out when it is sent,
against what that connection already has.
"""
from __future__ import annotations

import asyncio

import orjson


def encode(value) -> bytes:
    """JSON bytes (orjson: a view encodes in a tenth of a millisecond; FastAPI's encoder took milliseconds)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def same_start(log: list, count: int, last: object) -> bool:
    """Whether `log` still begins with the `count` entries seen before, `last` the last of them: entries
    are shared with the game's log cache, and a log rewritten (an undo) is made of new entries."""
    return count <= len(log) and (count == 0 or log[count - 1] is last)


class LogJson:
    """One seat's log as JSON in one language, kept from one revision to the next: only the entries
    added since are encoded (a whole log late in a game is tens of KiB)."""

    __slots__ = ("count", "last", "body")

    def __init__(self):
        self.count, self.last, self.body = 0, None, b"[]"

    def of(self, log: list) -> bytes:
        start = self.count if same_start(log, self.count, self.last) else 0
        if start < len(log) or start < self.count:
            added = encode(log[start:])
            self.body = added if start == 0 else self.body[:-1] + b"," + added[1:]
        self.count, self.last = len(log), (log[-1] if log else None)
        return self.body


class Parts:
    """One seat's view at one revision: the view's JSON without its log, the log, and the whole view's
    JSON (log last), made when first asked for from the seat's kept log JSON."""

    __slots__ = ("bare", "log", "_whole", "_log_json")

    def __init__(self, view: dict, log_json: LogJson):
        self.log: list = view.pop("log", [])
        self.bare: str = encode(view).decode()
        self._log_json = log_json
        self._whole: bytes | None = None

    def whole(self) -> bytes:
        if self._whole is None:
            head = self.bare[:-1] + ("," if len(self.bare) > 2 else "")
            self._whole = head.encode() + b'"log":' + self._log_json.of(self.log) + b"}"
        return self._whole


class Subscriber:
    __slots__ = ("seat", "lang", "latest", "ready", "sent", "last")

    def __init__(self, seat: int | None, lang: str):
        self.seat = seat
        self.lang = lang
        self.latest: Parts | None = None
        self.ready = asyncio.Event()
        self.sent = 0  # log entries this connection has
        self.last: object = None  # the last of them

    def offer(self, parts: Parts) -> None:
        self.latest = parts
        self.ready.set()

    async def next(self) -> str:
        await self.ready.wait()
        self.ready.clear()
        parts, self.latest = self.latest, None
        assert parts is not None
        return self.message(parts)

    def message(self, parts: Parts) -> str:
        log = parts.log
        start = self.sent if same_start(log, self.sent, self.last) else 0
        self.sent, self.last = len(log), (log[-1] if log else None)
        delta = encode(log[start:]).decode()
        return f'{{"type":"view","log_from":{start},"log":{delta},"view":{parts.bare}}}'


class Hub:
    def __init__(self, render):
        self.render = render  # (live, seat, lang) -> view
        self.subs: dict[str, set[Subscriber]] = {}
        self.encoded: dict[str, tuple[int, dict]] = {}  # game id -> (revision, {(seat, lang): Parts})
        self.logs: dict[str, dict[tuple, LogJson]] = {}  # game id -> {(seat, lang): its log's JSON}

    def parts(self, live, seat: int | None, lang: str) -> Parts:
        """The seat's view of the game at its current revision, built and encoded once."""
        revision, views = self.encoded.get(live.id, (None, None))
        if revision != live.revision or views is None:
            views = {}
            self.encoded[live.id] = (live.revision, views)
        key = (seat, lang)
        if key not in views:
            log_json = self.logs.setdefault(live.id, {}).setdefault(key, LogJson())
            views[key] = Parts(self.render(live, seat, lang), log_json)
        return views[key]

    def view_json(self, live, seat: int | None, lang: str) -> bytes:
        """The whole view (log included) as JSON, for HTTP answers."""
        return self.parts(live, seat, lang).whole()

    def subscribe(self, live, seat: int | None, lang: str) -> Subscriber:
        sub = Subscriber(seat, lang)
        self.subs.setdefault(live.id, set()).add(sub)
        sub.offer(self.parts(live, seat, lang))
        return sub

    def unsubscribe(self, game_id: str, sub: Subscriber) -> None:
        subs = self.subs.get(game_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subs[game_id]

    def publish(self, live) -> None:
        for sub in list(self.subs.get(live.id, ())):
            sub.offer(self.parts(live, sub.seat, sub.lang))

    def forget(self, game_id: str) -> None:
        """The game left memory: its encoded views go too."""
        self.encoded.pop(game_id, None)
        self.logs.pop(game_id, None)

    def count(self, game_id: str) -> int:
        return len(self.subs.get(game_id, ()))
