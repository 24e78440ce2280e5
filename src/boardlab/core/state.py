"""What every game state carries: seats, the random stream, where the flow is, the event log."""
from __future__ import annotations

from . import rng as _rng
from .events import Event


class BaseState:
    """Plain data. Subclasses add their fields to `__slots__` and extend `clone`."""

    __slots__ = ("players", "rng", "at", "stack", "pending", "events", "over")

    def __init__(self, players: int, seed: int):
        self.players = players
        self.rng = _rng.seed_state(seed)
        self.at = None
        self.stack: list = []
        self.pending: tuple[int, str] | None = None
        self.events: list[Event] = []
        self.over = False

    def clone(self):
        new = self.__class__.__new__(self.__class__)
        new.players = self.players
        new.rng = self.rng
        new.at = self.at
        new.stack = list(self.stack)
        new.pending = self.pending
        new.events = list(self.events)
        new.over = self.over
        return new

    # chance, always from the stream stored in the state
    def roll(self, n: int) -> int:
        self.rng, r = _rng.below(self.rng, n)
        return r

    def shuffle(self, items: list) -> list:
        self.rng, out = _rng.shuffled(self.rng, items)
        return out

    def log(self, rules: tuple[str, ...], key: str, to: tuple[int, ...] | None = None, **params) -> None:
        self.events.append(Event(rules, key, params, to))
