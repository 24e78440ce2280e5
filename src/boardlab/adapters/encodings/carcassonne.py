"""Carcassonne's observation (after the common header, `encodings/__init__.py`):

1. the tile in hand, one-hot over the tile letters A..X, then the wonders, then "none";
2. the tiles left in the deck / 72, each seat's followers in supply / 7 (observer first), the
   decision (place, meeple, other) one-hot;
3. the board: a window of (2*RADIUS+1)^2 cells around the start tile, cells row by row (y from
   -RADIUS, x from -RADIUS), CHANNELS values per cell: a tile is there, its letter's number / 24
   (wonder cells: 1), its rotation one-hot (4), an open position, the last tile placed, a follower of
   each seat (observer first, one channel per seat). Cells outside the window are left out;
4. the rest of the view (discarded tiles, the wonders' track) hashed into 64 buckets.

The fast path (`observe_part`) reads the state instead of the whole view: the hand, the deck's size
(its order and content are the one hidden zone), the supply, the board (kept from one call to the
next, `KeptBoard`: tiles are only ever added) and, for the hashed rest, the discarded tiles, the
wonders placed and the modules' own view parts, redacted by the game's zones as a view is.
"""
from __future__ import annotations

from itertools import compress, repeat

import numpy as np

from ...core.visibility import redact
from ...games.carcassonne.content import LETTERS, WONDER_ORDER, xy
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
        self.rest = HashedView(64, BOARD_KEYS + ("active", "decision"))
        self.kept = KeptBoard(self.channels)

    # from the view (the reference) ------------------------------------------------------------
    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        deck = view["deck"]
        self._info(view.get("tile_in_hand"), deck["count"] if isinstance(deck, dict) else len(deck),
                   view["supply"], view.get("decision"), seat, out)
        board = out[self.hand_size + self.info_size:][:self.board_size]
        put_tiles(board, self.channels, [(t["tile"], t["x"], t["y"], t.get("rotation", 0)) for t in view["tiles"]])
        ones, counted = self._marks(_window_cells(view["open_positions"]), _window_cells(view.get("last_placed") or ()),
                                    [(m["seat"], c) for m in view["meeples"] for c in _window_cells(((m["x"], m["y"]),))],
                                    seat)
        board[ones] = 1.0
        np.add.at(board, counted, 1.0)
        self.rest.encode(view, out[self.hand_size + self.info_size + self.board_size:])

    # from the state (the fast path: see the module's docstring) --------------------------------
    def observe_part(self, game, seat: int, out: np.ndarray) -> None:
        state = game.state
        hand = None if state.hand is None else LETTERS[state.hand]
        self._info(hand, len(state.deck), state.supply, game.decision, seat, out)
        marks = self._marks(_cells(state.frontier), _cells(state.last[1] if state.last else ()),
                            _followers(state), seat)
        start = self.hand_size + self.info_size
        out[start:start + self.board_size] = self.kept.board(state, marks)
        self.rest.encode(self._rest_view(game, seat), out[start + self.board_size:])

    def _rest_view(self, game, seat: int) -> dict:
        """The view's keys the hashed rest reads, redacted by the game's zones as the view is (a
        zone outside these keys, as the deck's, has nothing to hide here)."""
        state = game.state
        rest = {"discarded": [LETTERS[t] for t in state.discarded], "wonders_placed": list(self.kept.wonders)}
        for module in game.rules.active(state):
            if module.view is not None:
                module.view(state, rest)
        zones = tuple(z for z in game.rules.zones_of(state) if z.path.partition(".")[0] in rest)
        return redact(rest, zones, seat, state.known_to(seat), shared=True) if zones else rest

    # both -------------------------------------------------------------------------------------
    def _info(self, hand: str | None, deck: int, supply: list, decision: str | None, seat: int,
              out: np.ndarray) -> None:
        out[HAND.get(hand, len(HAND)) if hand is not None else len(HAND)] = 1.0
        info = out[self.hand_size:self.hand_size + self.info_size]
        info[0] = deck / 72.0
        for i, left in enumerate(self.rotated(supply, seat)):
            info[1 + i] = left / 7.0
        info[1 + self.players + DECISIONS.get(decision or "", 2)] = 1.0

    def _marks(self, open_cells: list[int], last_cells: list[int], followers: list[tuple[int, int]],
               seat: int) -> tuple[list[int], list[int]]:
        """The board's flat indices set to 1 for the open positions and the last tile placed, and
        those counting the followers (seat, cell; an index once per follower), from window cells."""
        channels, players = self.channels, self.players
        return ([c * channels + 6 for c in open_cells] + [c * channels + 7 for c in last_cells],
                [c * channels + 8 + (owner - seat) % players for owner, c in followers])


class KeptBoard:
    """The board part of the last state asked for, kept from one call to the next: its tile
    channels (and the wonders placed) brought up to date by the pieces placed since (a state's
    `placed` list only grows; another list, or one that does not continue the last, is read again
    from its start), the marks (open positions, last tile, followers) of the last call undone and
    this call's set."""

    def __init__(self, channels: int):
        self.channels = channels
        self.flat = np.zeros(SIDE * SIDE * channels, dtype=np.float32)
        self.placed: list | None = None  # the list read last (held, so its identity stays its own)
        self.read = 0
        self.last: tuple | None = None
        self.marked: list[int] = []
        self.wonders: list[dict] = []  # the wonders placed, as the view lists them

    def board(self, state, marks: tuple[list[int], list[int]]) -> np.ndarray:
        """The board with `marks` (`CarcassonneEncoding._marks`: indices set to 1, indices counted)."""
        self._tiles(state.placed)
        flat, (ones, counted) = self.flat, marks
        flat[self.marked] = 0.0
        flat[ones] = 1.0
        for i in counted:  # a few followers; two on one cell count twice
            flat[i] += 1.0
        self.marked = ones + counted
        return flat

    def _tiles(self, placed: list) -> None:
        if placed is not self.placed or len(placed) < self.read or (self.read and placed[self.read - 1] is not self.last):
            self.placed, self.read, self.wonders = placed, 0, []
            self.flat.fill(0.0)
            self.marked = []
        tiles = []
        for name, anchor, rot, owner in placed[self.read:]:
            x, y = xy(anchor)
            if owner < 0:
                tiles.append((name, x, y, rot))
            else:
                self.wonders.append({"wonder": name, "x": x, "y": y, "rotation": rot, "owner": owner})
        put_tiles(self.flat, self.channels, tiles)
        self.read = len(placed)
        self.last = placed[-1] if placed else None


def put_tiles(flat: np.ndarray, channels: int, tiles: list[tuple[str, int, int, int]]) -> None:
    """The tile channels of (letter, x, y, rotation) tiles inside the window, on a flat board."""
    if not tiles:  # most calls of the kept board: nothing placed since
        return
    starts, letters, turns = [], [], []
    for name, x, y, rotation in tiles:
        if _inside(x, y):
            start = ((y + RADIUS) * SIDE + x + RADIUS) * channels
            letter = HAND.get(name, len(LETTERS))
            starts.append(start)
            letters.append((letter + 1) / len(LETTERS) if letter < len(LETTERS) else 1.0)
            turns.append(start + 2 + rotation % 4)
    flat[starts] = 1.0
    flat[[s + 1 for s in starts]] = letters
    flat[turns] = 1.0


def _followers(state) -> list[tuple[int, int]]:
    """(seat, window cell) of every follower on the map inside the window (as the view lists them: at
    the features' roots)."""
    parent, where, meeples = state.parent, state.meeple_cell, state.meeples
    occupied = compress(range(len(meeples)), meeples)  # the segments holding followers, found at C speed
    return [(owner, cell) for root in occupied if parent[root] == root
            for owner, seg in meeples[root] for cell in (_cell_of(where[seg]),) if cell is not None]


_CELL: dict[int, int | None] = {}  # board position -> its window cell (None: outside the window)


def _cells(positions) -> list[int]:
    """The window cells (row-major index) of board positions inside the window."""
    found = list(map(_CELL.get, positions, repeat(-1)))
    if -1 in found:
        found = [_cell_of(p) for p in positions]
    return [cell for cell in found if cell is not None]


def _cell_of(position: int) -> int | None:
    cell = _CELL.get(position, -1)
    if cell == -1:
        x, y = xy(position)
        cell = _CELL[position] = (y + RADIUS) * SIDE + x + RADIUS if _inside(x, y) else None
    return cell


def _inside(x: int, y: int) -> bool:
    return -RADIUS <= x <= RADIUS and -RADIUS <= y <= RADIUS


def _window_cells(points) -> list[int]:
    """The window cells (row-major index) of (x, y) points inside the window."""
    return [(y + RADIUS) * SIDE + x + RADIUS for x, y in points if _inside(x, y)]
