"""Carcassonne's observation (after the common header, `encodings/__init__.py`):

1. the tile in hand, one-hot over the tile letters A..X, then the wonders, then "none";
2. the tiles left in the deck / 72, each seat's followers in supply / 7 (observer first), the
   decision (place, meeple, other) one-hot;
3. the board: a window of (2*RADIUS+1)^2 cells around the start tile, cells row by row (y from
   -RADIUS, x from -RADIUS), CHANNELS values per cell: a tile is there, its letter's number / 24
   (wonder cells: 1), its rotation one-hot (4), an open position, the last tile placed, a follower of
   each seat (observer first, one channel per seat). Cells outside the window are left out;
4. the rest of the view (discarded tiles, the wonders' track) hashed into 64 buckets.
"""
from __future__ import annotations

import numpy as np

from ...games.carcassonne.content import LETTERS, WONDER_ORDER
from . import Encoding, HashedView

RADIUS = 10
SIDE = 2 * RADIUS + 1
HAND = {name: i for i, name in enumerate(LETTERS + WONDER_ORDER)}
DECISIONS = {"place": 0, "meeple": 1}
BOARD_KEYS = ("tile_in_hand", "deck", "supply", "tiles", "meeples", "open_positions", "last_placed")


class CarcassonneEncoding(Encoding):
    def __init__(self, players: int, options: dict):
        self.channels = 8 + players
        self.hand_size = len(HAND) + 1
        self.info_size = 1 + players + 3
        self.board_size = SIDE * SIDE * self.channels
        self.part_size = self.hand_size + self.info_size + self.board_size + 64
        super().__init__(players, options)
        self.rest = HashedView(64, BOARD_KEYS + ("active",))

    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        hand = view.get("tile_in_hand")
        out[HAND.get(hand, len(HAND)) if hand is not None else len(HAND)] = 1.0
        info = out[self.hand_size:self.hand_size + self.info_size]
        deck = view["deck"]
        info[0] = (deck["count"] if isinstance(deck, dict) else len(deck)) / 72.0
        for i, left in enumerate(self.rotated(view["supply"], seat)):
            info[1 + i] = left / 7.0
        info[1 + self.players + DECISIONS.get(view.get("decision") or "", 2)] = 1.0
        start = self.hand_size + self.info_size
        self._board(view, seat, out[start:start + self.board_size].reshape(SIDE, SIDE, self.channels))
        self.rest.encode(view, out[start + self.board_size:])

    def _board(self, view: dict, seat: int, board: np.ndarray) -> None:
        for tile in view["tiles"]:
            cell = _cell(tile["x"], tile["y"])
            if cell is not None:
                letter = HAND.get(tile["tile"], len(LETTERS))
                board[cell][0] = 1.0
                board[cell][1] = (letter + 1) / len(LETTERS) if letter < len(LETTERS) else 1.0
                board[cell][2 + tile.get("rotation", 0) % 4] = 1.0
        for x, y in view["open_positions"]:
            cell = _cell(x, y)
            if cell is not None:
                board[cell][6] = 1.0
        for x, y in view.get("last_placed") or ():
            cell = _cell(x, y)
            if cell is not None:
                board[cell][7] = 1.0
        for meeple in view["meeples"]:
            cell = _cell(meeple["x"], meeple["y"])
            if cell is not None:
                board[cell][8 + (meeple["seat"] - seat) % self.players] += 1.0


def _cell(x: int, y: int) -> tuple[int, int] | None:
    if -RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS:
        return y + RADIUS, x + RADIUS
    return None
