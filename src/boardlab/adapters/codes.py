"""Action ids to their integers (`Game.action_space`), remembered: a game offers the same ids again and
again (Carcassonne's placements), and parsing one costs more than looking it up."""
from __future__ import annotations


class ActionCodes:
    """`ActionSpace.encode` with a memory (at most one entry per integer of the space)."""

    def __init__(self, space):
        self.space = space
        self.known: dict[str, int] = {}

    def code(self, action_id: str) -> int:
        found = self.known.get(action_id)
        if found is None:
            found = self.known[action_id] = self.space.encode(action_id)
        return found

    def codes(self, action_ids: list[str]) -> list[int]:
        """The integers of these ids, in their order."""
        codes = list(map(self.known.get, action_ids))  # looked up at C speed; the few new ids parsed after
        if None in codes:
            codes = [self.code(a) if c is None else c for a, c in zip(action_ids, codes)]
        return codes
