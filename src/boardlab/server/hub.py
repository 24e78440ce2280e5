"""Websocket subscriptions: after every change each subscriber gets its own seat's view.

A subscriber keeps only the latest view to send (a slow connection skips intermediate
views instead of queueing them); views are computed once per (seat, language).
"""
from __future__ import annotations

import asyncio


class Subscriber:
    __slots__ = ("seat", "lang", "latest", "ready")

    def __init__(self, seat: int | None, lang: str):
        self.seat = seat
        self.lang = lang
        self.latest: dict | None = None
        self.ready = asyncio.Event()

    def offer(self, view: dict) -> None:
        self.latest = view
        self.ready.set()

    async def next(self) -> dict:
        await self.ready.wait()
        self.ready.clear()
        view, self.latest = self.latest, None
        return view


class Hub:
    def __init__(self, render):
        self.render = render  # (live, seat, lang) -> view
        self.subs: dict[str, set[Subscriber]] = {}

    def subscribe(self, live, seat: int | None, lang: str) -> Subscriber:
        sub = Subscriber(seat, lang)
        self.subs.setdefault(live.id, set()).add(sub)
        sub.offer(self.render(live, seat, lang))
        return sub

    def unsubscribe(self, game_id: str, sub: Subscriber) -> None:
        subs = self.subs.get(game_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subs[game_id]

    def publish(self, live) -> None:
        views: dict = {}
        for sub in list(self.subs.get(live.id, ())):
            key = (sub.seat, sub.lang)
            if key not in views:
                views[key] = self.render(live, sub.seat, sub.lang)
            sub.offer(views[key])

    def count(self, game_id: str) -> int:
        return len(self.subs.get(game_id, ()))
