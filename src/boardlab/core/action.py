"""Actions as the public API hands them out: a stable id and a localised description."""
from __future__ import annotations


class Action:
    __slots__ = ("id", "_describe")

    def __init__(self, action_id: str, describe):
        self.id = action_id
        self._describe = describe

    def describe(self, lang: str = "en") -> str:
        return self._describe(self.id, lang)

    def __eq__(self, other):
        return self.id == (other.id if isinstance(other, Action) else other)

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return f"Action({self.id!r})"

    def __str__(self):
        return self.id
