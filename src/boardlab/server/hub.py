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


class Parts:
    """One seat's view at one revision: the view's JSON without its log, the log (entries shared with
    the game's log cache, so an unchanged entry is the same object from one revision to the next), and
    the whole view's JSON, encoded when first asked for."""

    __slots__ = ("bare", "log", "_whole", "_view")

    def __init__(self, view: dict):
        self.log: list = view.pop("log", [])
        self.bare: str = encode(view).decode()
        self._view = view
        self._whole: bytes | None = None

    def whole(self) -> bytes:
        if self._whole is None:
            self._whole = encode(dict(self._view, log=self.log))
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
        start = self.sent if self.sent <= len(log) and (self.sent == 0 or log[self.sent - 1] is self.last) else 0
        self.sent, self.last = len(log), (log[-1] if log else None)
        delta = encode(log[start:]).decode()
        return f'{{"type":"view","log_from":{start},"log":{delta},"view":{parts.bare}}}'


class Hub:
    def __init__(self, render):
        self.render = render  # (live, seat, lang) -> view
        self.subs: dict[str, set[Subscriber]] = {}
        self.encoded: dict[str, tuple[int, dict]] = {}  # game id -> (revision, {(seat, lang): Parts})

    def parts(self, live, seat: int | None, lang: str) -> Parts:
        """The seat's view of the game at its current revision, built and encoded once."""
        revision, views = self.encoded.get(live.id, (None, None))
        if revision != live.revision or views is None:
            views = {}
            self.encoded[live.id] = (live.revision, views)
        key = (seat, lang)
        if key not in views:
            views[key] = Parts(self.render(live, seat, lang))
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

    def count(self, game_id: str) -> int:
        return len(self.subs.get(game_id, ()))
