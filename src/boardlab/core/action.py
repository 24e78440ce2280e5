"""Actions as the public API hands them out: a stable id and a localised description."""
from __future__ import annotations

from typing import Callable


class Action:
    __slots__ = ("id", "_describe")

    def __init__(self, action_id: str, describe: Callable[[str, str], str]):
        self.id = action_id
        self._describe = describe

    def describe(self, lang: str = "en") -> str:
        return self._describe(self.id, lang)

    def __eq__(self, other: object) -> bool:
        return self.id == (other.id if isinstance(other, Action) else other)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Action({self.id!r})"

    def __str__(self) -> str:
        return self.id
