"""Carcassonne state: flat lists and dicts of ints, tuples and frozensets (cheap to clone).

Features are a union-find over segments (one per feature of each placed piece); the data
of a feature lives at its root.
"""
from __future__ import annotations

from ...core.codec import register
from ...core.state import BaseState


@register
class CarcState(BaseState):
    __slots__ = (
        "active", "deck", "hand", "discarded", "score", "supply",
        "board", "placed", "frontier", "side_segs", "half_segs", "monasteries",
        "parent", "kind", "open", "tiles", "pennants", "meeples", "cities", "meeple_cell", "label",
        "last", "placed_meeples",
    )

    def __init__(self, players: int, seed: int, options: dict | None = None):
        super().__init__(players, seed, options)
        self.active = 0
        self.deck: list[int] = []          # tile type indices; the next draw is deck[-1]
        self.hand: int | None = None       # tile type in hand
        self.discarded: list[int] = []
        self.score = [0] * players
        self.supply = [7] * players
        self.board: dict[int, int] = {}    # position -> index into `placed`
        self.placed: list[tuple] = []      # (piece name, anchor position, rotation, owner or -1)
        self.frontier: dict[int, int] = {}  # empty position next to the map -> edge constraint code
        self.side_segs: dict[int, tuple] = {}  # position -> segment on each side (-1: none)
        self.half_segs: dict[int, tuple] = {}  # position -> segment on each half (-1: none)
        self.monasteries: dict[int, int] = {}  # position -> monastery segment
        # union-find over segments; the per-feature data is valid at roots
        self.parent: list[int] = []
        self.kind: list[int] = []
        self.open: list[int] = []          # unmatched road/city sides
        self.tiles: list[frozenset] = []   # positions the feature covers
        self.pennants: list[int] = []
        self.meeples: list[tuple] = []     # ((seat, segment), ...) on the feature
        self.cities: list[frozenset] = []  # fields: city segments they touch
        self.meeple_cell: list[int] = []   # where a follower on this segment stands
        self.label: list[str] = []
        self.last: tuple = ()              # segments and cells of the piece placed this turn
        self.placed_meeples: list = []     # (seat, segment) placed this turn

    def clone(self):
        new = super().clone()
        new.active = self.active
        new.deck = list(self.deck)
        new.hand = self.hand
        new.discarded = list(self.discarded)
        new.score = list(self.score)
        new.supply = list(self.supply)
        new.board = dict(self.board)
        new.placed = list(self.placed)
        new.frontier = dict(self.frontier)
        new.side_segs = dict(self.side_segs)
        new.half_segs = dict(self.half_segs)
        new.monasteries = dict(self.monasteries)
        new.parent = list(self.parent)
        new.kind = list(self.kind)
        new.open = list(self.open)
        new.tiles = list(self.tiles)
        new.pennants = list(self.pennants)
        new.meeples = list(self.meeples)
        new.cities = list(self.cities)
        new.meeple_cell = list(self.meeple_cell)
        new.label = list(self.label)
        new.last = self.last
        new.placed_meeples = list(self.placed_meeples)
        return new

    def find(self, s: int) -> int:
        """The root of a segment's feature. Read-only (no path compression), so looking
        never changes the state or its hash; union by size keeps the trees shallow."""
        parent = self.parent
        while parent[s] != s:
            s = parent[s]
        return s
