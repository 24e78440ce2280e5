"""What every game state carries: seats, the random stream, where the flow is, the active modules
and their data, the task stack, who knows which hidden item, and the event log."""
from __future__ import annotations

from typing import Any, Hashable, Iterable

from . import rng as _rng
from .codec import JSON
from .events import Event


class Data:
    """Module data that changes in place (a slotted class registered with `codec.register`).
    `clone` copies each field's container one level deep; values inside stay shared, so they must
    be immutable (ints, strings, tuples, frozensets)."""

    __slots__ = ()
    _fields: dict[type, tuple[str, ...]] = {}

    def clone(self) -> "Data":
        cls = self.__class__
        names = Data._fields.get(cls)
        if names is None:
            names = Data._fields[cls] = tuple(n for k in reversed(cls.__mro__) for n in k.__dict__.get("__slots__", ()))
        new = cls.__new__(cls)
        for name in names:
            setattr(new, name, _copy1(getattr(self, name)))
        return new


def _copy1(value: Any) -> Any:
    t = type(value)
    if t is list:
        return list(value)
    if t is dict:
        return dict(value)
    if t is set:
        return set(value)
    return value


class BaseState:
    """Plain data. Subclasses add their fields to `__slots__` and extend `clone`."""

    __slots__ = ("players", "options", "rng", "at", "stack", "pending", "modules", "mods", "tasks", "known",
                 "halt", "events", "over")

    def __init__(self, players: int, seed: int, options: JSON | None = None):
        self.players = players
        self.options: JSON = dict(options or {})  # the normalised configuration; never changed in play
        self.rng = _rng.seed_state(seed)
        self.at: tuple[Any, ...] | None = None
        self.stack: list[Any] = []
        self.pending: tuple[int, str] | None = None
        self.modules: tuple[str, ...] = ()      # active modules, in hook order
        self.mods: dict[str, Any] = {}           # module name -> its data
        self.tasks: list[Any] = []                    # the task stack (core/tasks.py), next task last
        self.known: dict[Hashable, frozenset[int]] = {}  # hidden item -> seats that know where it is
        self.halt: str | None = None             # a step to go to at once, dropping what was scheduled
        self.events: list[Event] = []
        self.over = False

    def clone(self) -> "BaseState":
        new = self.__class__.__new__(self.__class__)
        new.players = self.players
        new.options = self.options
        new.rng = self.rng
        new.at = self.at
        new.stack = list(self.stack)
        new.pending = self.pending
        new.modules = self.modules
        new.mods = {k: v.clone() if isinstance(v, Data) else v for k, v in self.mods.items()} if self.mods else {}
        new.tasks = list(self.tasks)
        new.known = dict(self.known) if self.known else {}
        new.halt = self.halt
        new.events = list(self.events)
        new.over = self.over
        return new

    # chance, always from the stream stored in the state
    def roll(self, n: int) -> int:
        self.rng, r = _rng.below(self.rng, n)
        return r

    def shuffle(self, items: list[Any]) -> list[Any]:
        self.rng, out = _rng.shuffled(self.rng, items)
        return out

    def log(self, rules: tuple[str, ...], key: str, to: tuple[int, ...] | None = None, **params: Any) -> None:
        self.events.append(Event(rules, key, params, to))

    # knowledge of single hidden items (a card shown to one player, or given to another)
    def reveal(self, item: Hashable, seats: Iterable[int]) -> None:
        """`seats` now know where `item` is (added to whoever knew already)."""
        self.known[item] = self.known.get(item, frozenset()) | frozenset(seats)

    def conceal(self, *items: Hashable) -> None:
        """Nobody knows where these items are any more (shuffled into a deck, say)."""
        for item in items:
            self.known.pop(item, None)

    def known_to(self, seat: int | None) -> frozenset[Any]:
        """The hidden items whose place `seat` knows (a spectator knows none)."""
        if seat is None:
            return frozenset()
        return frozenset(item for item, seats in self.known.items() if seat in seats)
