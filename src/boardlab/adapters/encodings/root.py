"""Root's observation (after the common header, `encodings/__init__.py`):

1. per clearing (up to CLEARINGS, in the map's order) 3 + 2 * players values: its suit one-hot (fox,
   mouse, rabbit), then per seat (observer first) its warriors / 10 and its buildings and tokens
   (a faction's pieces count for the seat playing it);
2. per seat (observer first): the score / 30 and the cards in hand / 10 (hidden hands: their count);
3. the rest of the view (the factions' boards, the seat's own cards, the discard pile, items,
   hirelings, the draft) hashed into 1024 buckets.
"""
from __future__ import annotations

import numpy as np

from . import COMMON_KEYS, Encoding, HashedView

CLEARINGS = 12
SUITS = {"fox": 0, "mouse": 1, "rabbit": 2}
BUCKETS = 1024
SKIP = COMMON_KEYS + ("clearings", "score")


class RootEncoding(Encoding):
    def __init__(self, players: int, options: dict):
        self.per_clearing = 3 + 2 * players
        self.part_size = CLEARINGS * self.per_clearing + 2 * players + BUCKETS
        super().__init__(players, options)
        self.rest = HashedView(BUCKETS, SKIP)

    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        order = self.rotated(list(range(self.players)), seat)
        slot = {faction: order.index(s) for s, faction in enumerate(view.get("factions") or ())
                if s < self.players}
        board = out[:CLEARINGS * self.per_clearing].reshape(CLEARINGS, self.per_clearing)
        for row, clearing in zip(board, view.get("clearings", ())):
            self._clearing(clearing, slot, row)
        seats = out[CLEARINGS * self.per_clearing:CLEARINGS * self.per_clearing + 2 * self.players]
        hands = view.get("hands") or {}
        for i, s in enumerate(order):
            seats[2 * i] = _number((view.get("score") or [0] * self.players)[s]) / 30.0
            seats[2 * i + 1] = _count(hands.get(str(s))) / 10.0
        self.rest.encode(view, out[CLEARINGS * self.per_clearing + 2 * self.players:])

    def _clearing(self, clearing: dict, slot: dict, row: np.ndarray) -> None:
        suit = SUITS.get(clearing.get("suit") or "")
        if suit is not None:
            row[suit] = 1.0
        for faction, warriors in (clearing.get("warriors") or {}).items():
            if faction in slot:
                row[3 + 2 * slot[faction]] += warriors / 10.0
        for faction, _kind in list(clearing.get("buildings") or ()) + list(clearing.get("tokens") or ()):
            if faction in slot:
                row[4 + 2 * slot[faction]] += 1.0


def _count(zone: object) -> float:
    if isinstance(zone, dict):
        return float(zone.get("count", 0))
    return float(len(zone)) if isinstance(zone, (list, tuple)) else 0.0


def _number(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) else 0.0
