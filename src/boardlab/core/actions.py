"""A fixed-size integer encoding of a game's action ids, for learning agents and action masks.

Action ids stay the public, readable form (`place:0,1,2`, `command:red_attack`); each game parses
and builds them in one place and declares here how they map onto `range(size)`:

- `Vocabulary(head, ids)`: a finite list of ids (every Command card, every Location, ...);
- `Grid(head, fields, build, parse)`: ids made of a few bounded fields (`place:X,Y,R` for X and Y in
  a range and R in 0..3), numbered in mixed radix.

`ActionSpace(segments)` lays the segments end to end. The encoding depends only on the game, its
player count and options, never on a position, so the same id has the same number in every game
of that configuration, and a legal-action mask is `[space.encode(a) for a in legal]`.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence


class Segment:
    """A part of an action space: ids of some heads, numbered 0..size-1."""

    heads: tuple[str, ...] = ()
    size: int = 0

    def encode(self, action_id: str) -> int | None:
        raise NotImplementedError

    def decode(self, index: int) -> str:
        raise NotImplementedError


class Vocabulary(Segment):
    """A finite list of action ids (duplicates collapse, the first one's number is kept)."""

    def __init__(self, ids: Iterable[str]):
        self.ids = list(dict.fromkeys(ids))
        self.index = {a: i for i, a in enumerate(self.ids)}
        self.heads = tuple(dict.fromkeys(a.partition(":")[0] for a in self.ids))
        self.size = len(self.ids)

    def encode(self, action_id: str) -> int | None:
        return self.index.get(action_id)

    def decode(self, index: int) -> str:
        return self.ids[index]


@dataclass
class Grid(Segment):
    """Ids of one head built from bounded fields: `build(*values) -> id`, `parse(id) -> values | None`."""

    head: str
    fields: Sequence[Sequence[Any]]  # the values of each field, in order (ranges are fine)
    build: Callable[..., str]
    parse: Callable[[str], Sequence[Any] | None]
    _index: list[dict[Any, int]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.heads = (self.head,)
        self._index = [{v: i for i, v in enumerate(values)} for values in self.fields]
        size = 1
        for values in self.fields:
            size *= len(values)
        self.size = size

    def encode(self, action_id: str) -> int | None:
        values = self.parse(action_id)
        if values is None or len(values) != len(self.fields):
            return None
        n = 0
        for value, index, values_ in zip(values, self._index, self.fields):
            i = index.get(value)
            if i is None:
                return None
            n = n * len(values_) + i
        return n

    def decode(self, index: int) -> str:
        parts = []
        for values in reversed(self.fields):
            index, i = divmod(index, len(values))
            parts.append(values[i])
        return self.build(*reversed(parts))


class ActionSpace:
    """Segments laid end to end: `size`, `encode(id) -> int`, `decode(int) -> id`."""

    def __init__(self, segments: Sequence[Segment]):
        self.segments = list(segments)
        self.offsets: list[int] = []
        total = 0
        for seg in self.segments:
            self.offsets.append(total)
            total += seg.size
        self.size = total
        self._by_head: dict[str, list[tuple[int, Segment]]] = {}
        for offset, seg in zip(self.offsets, self.segments):
            for head in seg.heads:
                self._by_head.setdefault(head, []).append((offset, seg))

    def encode(self, action_id: str) -> int:
        """The number of an action id; ValueError if the id is not in this space."""
        for offset, seg in self._by_head.get(action_id.partition(":")[0], ()):
            i = seg.encode(action_id)
            if i is not None:
                return offset + i
        raise ValueError(f"{action_id!r} is not an action of this game's action space")

    def decode(self, index: int) -> str:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ValueError(f"action number {index!r} is outside 0..{self.size - 1}")
        k = bisect_right(self.offsets, index) - 1  # the last segment starting at or before index
        return self.segments[k].decode(index - self.offsets[k])

    def encode_all(self, action_ids: Iterable[str]) -> list[int]:
        return [self.encode(a) for a in action_ids]
