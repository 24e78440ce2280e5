"""Carcassonne's observation (after the common header, `encodings/__init__.py`):

1. the tile in hand, one-hot over the tile letters A..X, then the wonders, then "none";
2. the tiles left in the deck / 72, each seat's followers in supply / 7 (observer first), the
   decision (place, meeple, other) one-hot;
3. the board: a window of (2*RADIUS+1)^2 cells around the start tile, cells row by row (y from
   -RADIUS, x from -RADIUS), CHANNELS = 3 values per cell: the tile's letter, (its number + 1) / 24
   (a wonder's cell: 1; an empty cell: 0), its rotation, (quarter turns + 1) / 4 (empty: 0), and 1
   on the cells of the last tile placed. Cells outside the window are left out. (The open
   positions are the empty cells next to a tile: a network sees them in the first channel);
4. the followers on the map: per seat (observer first) SLOTS = 7 slots (a seat has at most 7
   followers) of SLOT = 4 values, the seat's followers in the view's order (x, then y, then the
   feature's label), then empty slots (all 0): 1, x / RADIUS, y / RADIUS (any cell, inside the
   window or not), the feature's kind (road, city, field, monastery) as (its number + 1) / 4;
5. the rest of the view (discarded tiles, the wonders' track) hashed into REST = 64 buckets.

The fast path (`observe_part`) reads the state instead of the whole view: the hand, the deck's size
(its order and content are the one hidden zone), the supply, the board (kept from one call to the
next, `KeptBoard`: tiles are only ever added), the followers (`KeptFollowers`: listed again only
when the map's followers changed) and, for the hashed rest, the discarded tiles, the wonders placed
and the modules' own view parts, redacted by the game's zones as a view is (remembered while the
discarded tiles and wonders stay the same, when no module adds to the view and no zone covers them).
"""
from __future__ import annotations

from itertools import compress
from operator import itemgetter
from typing import Callable

import numpy as np

from ...games.carcassonne.content import KIND_NAMES, LETTERS, WONDER_ORDER, xy
from . import LIMIT, Encoding, HashedView

RADIUS = 10
SIDE = 2 * RADIUS + 1
CHANNELS = 3
SLOTS = 7
SLOT = 4
REST = 64
HAND = {name: i for i, name in enumerate(LETTERS + WONDER_ORDER)}
DECISIONS = {"place": 0, "meeple": 1}
KIND = {name: (i + 1) / len(KIND_NAMES) for i, name in enumerate(KIND_NAMES)}
BOARD_KEYS = ("tile_in_hand", "deck", "supply", "tiles", "meeples", "open_positions", "last_placed")


class CarcassonneEncoding(Encoding):
    def __init__(self, players: int, options: dict):
        self.hand_size = len(HAND) + 1
        self.info_size = 1 + players + 3
        self.board_size = SIDE * SIDE * CHANNELS
        self.followers_size = SLOTS * SLOT * players
        self.part_size = self.hand_size + self.info_size + self.board_size + self.followers_size + REST
        super().__init__(players, options)
        self.rest = HashedView(REST, BOARD_KEYS + ("active", "decision"))
        self.kept = KeptBoard()
        self.followers = KeptFollowers()
        self.slots: dict[int, tuple[int, np.ndarray]] = {}  # seat -> (followers' version, its slots)
        self.blocks: tuple[int, list] = (-1, [])  # (followers' version, each seat's slots)
        self.rest_kept: tuple | None = None  # (what the rest was made of, its buckets)

    # from the view (the reference) ------------------------------------------------------------
    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        deck = view["deck"]
        out[:self.hand_size + self.info_size] = self._info(
            view.get("tile_in_hand"), deck["count"] if isinstance(deck, dict) else len(deck), view["supply"],
            view.get("decision"), seat)
        board = out[self.hand_size + self.info_size:][:self.board_size]
        put_tiles(board, [(t["tile"], t["x"], t["y"], t.get("rotation", 0)) for t in view["tiles"]])
        board[[c * CHANNELS + 2 for c in _window_cells(view.get("last_placed") or ())]] = 1.0
        followers = [(m["seat"], m["x"], m["y"], KIND[m["kind"]]) for m in view["meeples"]]
        start = self.hand_size + self.info_size + self.board_size
        out[start:start + self.followers_size] = self._slots(followers, seat)
        self.rest.encode(view, out[start + self.followers_size:])

    # from the state (the fast path: see the module's docstring) --------------------------------
    def encode(self, game, seat: int) -> np.ndarray:
        """`Encoding.encode` made at once from its pieces: the header and sections 1-2 as Python
        floats, the kept board, the kept slots and the rest (only the header's scores could pass
        LIMIT: the other values are bounded by the game's size)."""
        state = game.state
        return np.concatenate((np.array(self._head(game, seat), np.float32), self.kept.board(state),
                               self._seat_slots(state, seat), self._rest(game, seat)))

    def _head(self, game, seat: int) -> list[float]:
        """The header and sections 1-2 as one list of Python floats, from the state (only the header's
        scores could pass LIMIT: the other values lie in 0..1)."""
        state, n = game.state, self.players
        values = [0.0] * (3 * n + 1 + self.hand_size + self.info_size)
        values[seat] = 1.0
        pending = state.pending
        if pending is not None:
            values[n + pending[0]] = 1.0
        scores = game.rules.scores(state)
        values[2 * n:3 * n] = [min(max(score / 100.0, -LIMIT), LIMIT) for score in scores[seat:] + scores[:seat]]
        values[3 * n] = float(pending is None)
        at = 3 * n + 1
        values[at + (len(HAND) if state.hand is None else HAND.get(LETTERS[state.hand], len(HAND)))] = 1.0
        at += self.hand_size
        values[at] = len(state.deck) / 72.0
        supply = state.supply
        values[at + 1:at + 1 + n] = [left / 7.0 for left in supply[seat:] + supply[:seat]]
        values[at + 1 + n + (2 if pending is None else DECISIONS.get(pending[1], 2))] = 1.0
        return values

    def observe_part(self, game, seat: int, out: np.ndarray) -> None:
        out[:] = self.encode(game, seat)[3 * self.players + 1:]

    def _seat_slots(self, state, seat: int) -> np.ndarray:
        version = self.followers.version(state)
        kept = self.slots.get(seat)
        if kept is None or kept[0] != version:
            if self.blocks[0] != version:
                self.blocks = (version, self._blocks(self.followers.listed))
            kept = self.slots[seat] = (version, self._rotated_blocks(self.blocks[1], seat))
        return kept[1]

    def _rest(self, game, seat: int) -> np.ndarray:
        state = game.state
        views, zones = self.module_views(game)
        alike = not views and not any(z.path.partition(".")[0] in REST_KEYS for z in zones)  # the same for every seat
        key = (state.modules, tuple(state.discarded), len(self.kept.wonders), self.kept.epoch) if alike else None
        if key is not None and self.rest_kept is not None and self.rest_kept[0] == key:
            return self.rest_kept[1]
        rest = np.zeros(REST, np.float32)
        self.rest.encode(self.with_module_parts(game, seat, {"discarded": [LETTERS[t] for t in state.discarded],
                                                            "wonders_placed": list(self.kept.wonders)}), rest)
        if key is not None:
            self.rest_kept = (key, rest)
        return rest

    # both -------------------------------------------------------------------------------------
    def _info(self, hand: str | None, deck: int, supply: list, decision: str | None, seat: int) -> list[float]:
        """Sections 1 and 2 as Python floats."""
        values = [0.0] * (self.hand_size + self.info_size)
        values[HAND.get(hand, len(HAND)) if hand is not None else len(HAND)] = 1.0
        info = self.hand_size
        values[info] = deck / 72.0
        values[info + 1:info + 1 + self.players] = [left / 7.0 for left in self.rotated(supply, seat)]
        values[info + 1 + self.players + DECISIONS.get(decision or "", 2)] = 1.0
        return values

    def _slots(self, followers: list[tuple[int, int, int, float]], seat: int) -> np.ndarray:
        """The followers' slots (section 4) of (seat, x, y, kind value) listed in the view's order."""
        return self._rotated_blocks(self._blocks(followers), seat)

    def _blocks(self, followers: list[tuple[int, int, int, float]]) -> list[list[float]]:
        """Each seat's SLOTS slots, by seat."""
        blocks: list[list[float]] = [[] for _ in range(self.players)]
        for owner, x, y, kind in followers:
            if len(blocks[owner]) < SLOTS * SLOT:
                blocks[owner] += (1.0, x / RADIUS, y / RADIUS, kind)
        return [block + [0.0] * (SLOTS * SLOT - len(block)) for block in blocks]

    def _rotated_blocks(self, blocks: list[list[float]], seat: int) -> np.ndarray:
        return np.array(self.rotated(blocks, seat), np.float32).reshape(-1)


REST_KEYS = ("discarded", "wonders_placed")


class KeptBoard:
    """The board part of the last state asked for, kept from one call to the next: its tile
    channels (and the wonders placed) brought up to date by the pieces placed since (a state's
    `placed` list only grows; another list, or one that does not continue the last, is read again
    from its start), the last tile's marks of the last call undone and this call's set. The same
    for every seat."""

    def __init__(self):
        self.flat = np.zeros(SIDE * SIDE * CHANNELS, dtype=np.float32)
        self.placed: list | None = None  # the list read last (held, so its identity stays its own)
        self.read = 0
        self.last: tuple | None = None
        self.marked: list[int] = []  # the last tile's marks set
        self.marked_for: tuple | None = None  # the state's `last` they were set for
        self.wonders: list[dict] = []  # the wonders placed, as the view lists them
        self.epoch = 0  # counts the times the board was read again from its start

    def board(self, state) -> np.ndarray:
        self._tiles(state.placed)
        last = state.last
        if last is not self.marked_for:  # (a tuple, held: the same object has the same cells)
            marks = [c * CHANNELS + 2 for c in _cells(last[1])] if last else []
            if marks != self.marked:
                flat = self.flat
                for i in self.marked:  # a cell or a few: one write each costs less than numpy's fancy indexing
                    flat[i] = 0.0
                for i in marks:
                    flat[i] = 1.0
            self.marked, self.marked_for = marks, last
        return self.flat

    def _tiles(self, placed: list) -> None:
        if placed is not self.placed or len(placed) < self.read or (self.read and placed[self.read - 1] is not self.last):
            self.placed, self.read, self.wonders, self.epoch = placed, 0, [], self.epoch + 1
            self.flat.fill(0.0)
            self.marked, self.marked_for = [], None
        if len(placed) == self.read:  # most calls: nothing placed since
            return
        tiles = []
        for name, anchor, rot, owner in placed[self.read:]:
            x, y = xy(anchor)
            if owner < 0:
                tiles.append((name, x, y, rot))
            else:
                self.wonders.append({"wonder": name, "x": x, "y": y, "rotation": rot, "owner": owner})
        put_tiles(self.flat, tiles)
        self.read = len(placed)
        self.last = placed[-1]


class KeptFollowers:
    """The followers on the map of the last state asked for, as (seat, x, y, kind value) in the
    view's order, listed again only when they may have changed. The map's followers are the
    holders at the features' roots (`meeples[root]`). A follower is put or scored, or moved when its
    feature joins another (`board._union`), only by writing a new tuple into the state's `meeples`
    list; a tile placed appends its segments' (empty) entries, and a root that stops being one
    never becomes one again. So while that list (the same list object) starts with the tuples it
    held when last listed, holds only empty ones after them, and every root then holding followers
    is a root still, the followers are the same (tests/test_adapters_fast.py compares them with the
    view's after every step of whole games). `version` counts the listings."""

    def __init__(self):
        self.meeples: list | None = None  # the state's list read last (held: its identity stays its own)
        self.seen: list = []  # its tuples then
        self.roots: list[int] = []  # the roots holding followers when last listed
        self.listed: list[tuple[int, int, int, float]] = []
        self.count = 0
        self.at_roots: Callable[[list[int]], tuple] = _nothing  # the parents of those roots, read at once
        self.roots_held: tuple = ()  # (the roots themselves when listed)

    def version(self, state) -> int:
        meeples, seen, parent = state.meeples, self.seen, state.parent
        if len(meeples) > len(seen) and meeples is self.meeples:
            added = meeples[len(seen):]
            if not any(added):  # (empty entries: seen as they are, then compared whole below)
                seen += added
        if meeples is not self.meeples or meeples != seen or self.at_roots(parent) != self.roots_held:
            self.roots = [r for r in compress(range(len(meeples)), meeples) if parent[r] == r]
            self.at_roots = itemgetter(*self.roots, *self.roots[:1]) if self.roots else _nothing  # (a tuple even for one)
            self.roots_held = self.at_roots(parent)
            self.listed = _followers(state, self.roots)
            self.count += 1
            self.meeples, self.seen = meeples, list(meeples)
        return self.count


def _nothing(parent: list[int]) -> tuple:
    return ()


def _followers(state, roots: list[int]) -> list[tuple[int, int, int, float]]:
    """(seat, x, y, kind value) of the followers at these roots (those holding any), in the view's
    order (`base_view`: sorted by x, y, seat and the feature's label)."""
    where, kind, label, meeples = state.meeple_cell, state.kind, state.label, state.meeples
    found = []
    for root in roots:
        for owner, seg in meeples[root]:
            x, y = xy(where[seg])
            found.append((x, y, owner, label[seg], KIND[KIND_NAMES[kind[seg]]]))
    found.sort()  # by x, y, seat and label (two followers never share all four: a feature holds a seat's one)
    return [(owner, x, y, value) for x, y, owner, _label, value in found]


def put_tiles(flat: np.ndarray, tiles: list[tuple[str, int, int, int]]) -> None:
    """The tile channels of (letter, x, y, rotation) tiles inside the window, on a flat board."""
    for name, x, y, rotation in tiles:  # one write each (a tile or two a call, but for a whole view)
        if _inside(x, y):
            start = ((y + RADIUS) * SIDE + x + RADIUS) * CHANNELS
            letter = HAND.get(name, len(LETTERS))
            flat[start] = (letter + 1) / len(LETTERS) if letter < len(LETTERS) else 1.0
            flat[start + 1] = (rotation % 4 + 1) / 4


_CELL: dict[int, int | None] = {}  # board position -> its window cell (None: outside the window)


def _cells(positions) -> list[int]:
    """The window cells (row-major index) of board positions inside the window."""
    return [cell for cell in map(_cell_of, positions) if cell is not None]


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
