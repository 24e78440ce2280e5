"""Carcassonne content: tiles and wonder layouts, validated and turned into lookup tables.

Everything here is computed once at import; states only hold indices into these tables.
"""
from __future__ import annotations

import math
from importlib import resources
from typing import Literal

from ...core.yamltext import load_yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

SIDES = ("N", "E", "S", "W")
HALVES = ("NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN")
SIDE_HALVES = ((0, 1), (2, 3), (4, 5), (6, 7))  # the two halves of each side
MIRROR = (5, 4, 7, 6, 1, 0, 3, 2)  # the half facing each half across its edge
F, R, C = 0, 1, 2  # edge types; 3 in a constraint means "no neighbour"
EDGE_NAMES = "FRC"
ROAD, CITY, FIELD, MONASTERY = 0, 1, 2, 3
KIND_NAMES = ("road", "city", "field", "monastery")
KINDS = {n: i for i, n in enumerate(KIND_NAMES)}
STRIDE, OFFSET = 1 << 10, 1 << 9
DELTA = (1, STRIDE, -1, -STRIDE)  # N E S W: y is the low part of a position


def pos(x: int, y: int) -> int:
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def in_range(x: int, y: int) -> bool:
    """Whether `pos` packs x, y without wrapping onto another cell."""
    return -OFFSET <= x < OFFSET and -OFFSET <= y < OFFSET


def xy(p: int) -> tuple[int, int]:
    return p // STRIDE - OFFSET, p % STRIDE - OFFSET


# where each half-edge lies from the tile's centre (x east, y north)
HALF_AT = {"NW": (-1, 2), "NE": (1, 2), "EN": (2, 1), "ES": (2, -1), "SE": (1, -2), "SW": (-1, -2),
           "WS": (-2, -1), "WN": (-2, 1)}
COMPASS = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")  # by angle, counter-clockwise from east


CORNERS = {frozenset(("NE", "EN")): "NE", frozenset(("ES", "SE")): "SE", frozenset(("SW", "WS")): "SW",
           frozenset(("WN", "NW")): "NW"}


def field_direction(halves) -> str:
    """Where a field lies on its tile: `around` when it reaches every side; `corner_NE` (and so on)
    for the two half-edges around a corner; `middle` for two half-edges on either side of such a
    corner (tiles O and P: the field between the city and the road's bend); else a compass point
    (the mean of its half-edges) or, when they balance out, the sides it reaches (`EW`: tile H)."""
    sides = {h[0] for h in halves}
    if len(sides) == 4:
        return "around"
    corner = CORNERS.get(frozenset(halves))
    if corner is not None:
        return "corner_" + corner
    if len(halves) == 2 and len(sides) == 2 and "".join(sorted(sides)) in ("EN", "ES", "SW", "NW"):
        return "middle"
    x, y = sum(HALF_AT[h][0] for h in halves), sum(HALF_AT[h][1] for h in halves)
    if x == y == 0:
        return "".join(s for s in "NESW" if s in sides)
    angle = math.degrees(math.atan2(y, x)) % 360
    return COMPASS[round(angle / 45) % 8]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileFeature(_Strict):
    kind: Literal["road", "city", "field"]
    sides: tuple[Literal["N", "E", "S", "W"], ...] = ()
    halves: tuple[Literal["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"], ...] = ()
    pennant: bool = False
    cities: tuple[int, ...] = ()


class TileType(_Strict):
    letter: str = Field(pattern="^[A-Z]$")
    count: int = Field(ge=1)
    monastery: bool = False
    features: tuple[TileFeature, ...]

    @model_validator(mode="after")
    def _consistent(self):
        _check_cover({(0, s) for f in self.features for s in f.sides},
                     {(0, h) for f in self.features for h in f.halves},
                     [(0, s) for f in self.features for s in f.sides] + [(0, h) for f in self.features for h in f.halves],
                     [(0, d) for d in SIDES], self.letter)
        for f in self.features:
            for c in f.cities:
                if not 0 <= c < len(self.features) or self.features[c].kind != "city":
                    raise ValueError(f"tile {self.letter}: field touches {c}, which is not a city")
        return self


class TileSet(_Strict):
    source: str
    start: str
    tiles: tuple[TileType, ...]


Cell = tuple[int, int]


class WonderFeature(_Strict):
    name: str
    kind: Literal["road", "city", "field", "monastery"]
    cells: tuple[Cell, ...] = ()
    sides: tuple[tuple[int, int, Literal["N", "E", "S", "W"]], ...] = ()
    halves: tuple[tuple[int, int, Literal["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]], ...] = ()
    pennants: int = 0
    cities: tuple[str, ...] = ()
    meeple: Cell


class Names(_Strict):
    en: str
    zh_Hant: str = Field(alias="zh-Hant")
    zh_Hans: str = Field(alias="zh-Hans")

    def get(self, lang: str) -> str:
        return {"en": self.en, "zh-Hant": self.zh_Hant, "zh-Hans": self.zh_Hans}[lang]


class WonderLayout(_Strict):
    name: str
    source: str
    names: Names
    cells: tuple[Cell, ...] = Field(min_length=5, max_length=5)
    centre: Cell
    features: tuple[WonderFeature, ...]

    @model_validator(mode="after")
    def _consistent(self):
        cells = set(self.cells)
        if (0, 0) not in cells or self.centre not in cells or len(cells) != 5:
            raise ValueError(f"{self.name}: 5 distinct cells with the anchor 0,0 and the centre among them")
        outer = [(c, s) for c in self.cells for i, s in enumerate(SIDES) if _step(c, i) not in cells]
        names = {f.name for f in self.features}
        for f in self.features:
            if not set(f.cells) | {f.meeple} <= cells or any((x, y) not in cells for x, y, _ in f.sides + f.halves):
                raise ValueError(f"{self.name}.{f.name}: refers to a cell outside the wonder")
            if set(f.cities) - names:
                raise ValueError(f"{self.name}.{f.name}: touches unknown cities {set(f.cities) - names}")
        used_sides = [((x, y), s) for f in self.features for x, y, s in f.sides]
        used_halves = [((x, y), h) for f in self.features for x, y, h in f.halves]
        _check_cover(set(used_sides), set(used_halves), used_sides + used_halves, outer, self.name)
        return self


def _step(c: Cell, side: int) -> Cell:
    return (c[0] + (0, 1, 0, -1)[side], c[1] + (1, 0, -1, 0)[side])


def _check_cover(sides: set, halves: set, uses: list, outer: list, what: str) -> None:
    """Each outer side is a road/city side or has both halves in fields; nothing used twice."""
    if len(uses) != len(set(uses)):
        raise ValueError(f"{what}: a side or half belongs to two features")
    for cell, s in outer:
        hs = {(cell, HALVES[h]) for h in SIDE_HALVES[SIDES.index(s)]}
        if (cell, s) in sides:
            continue
        if not hs <= halves:
            raise ValueError(f"{what}: side {s} of cell {cell} is neither road, city nor field")
    inner = {(c, s) for c, s in sides} - set(outer)
    if inner:
        raise ValueError(f"{what}: features on inner sides {sorted(inner)}")


# ---- lookup tables ----------------------------------------------------------------------

class Seg:
    """One feature of a placed piece, in board orientation."""

    __slots__ = ("kind", "label", "cells", "meeple_cell", "pennants", "cities", "open")

    def __init__(self, kind, label, cells, meeple_cell, pennants, cities, open_):
        self.kind, self.label, self.cells, self.meeple_cell = kind, label, cells, meeple_cell
        self.pennants, self.cities, self.open = pennants, cities, open_


class Piece:
    """A tile or wonder in one rotation: cells (offsets from the anchor) and features.

    For each cell: its edge types (None on sides shared with another cell of the piece),
    the feature on each side, and the feature on each half.
    """

    __slots__ = ("name", "rot", "offsets", "edges", "side_seg", "half_seg", "segs", "centre",
                 "kinds", "opens", "pennants", "labels", "cell_of_seg", "meeple_cells", "cities_of_seg", "shifts")

    def __init__(self, name, rot, offsets, edges, side_seg, half_seg, segs, centre=None):
        self.name, self.rot, self.offsets, self.edges = name, rot, offsets, edges
        self.side_seg, self.half_seg, self.segs, self.centre = side_seg, half_seg, segs, centre
        # the segments' data column by column (placing a piece extends the state's columns with them)
        self.kinds = tuple(seg.kind for seg in segs)
        self.opens = tuple(seg.open for seg in segs)
        self.pennants = tuple(seg.pennants for seg in segs)
        self.labels = tuple(seg.label for seg in segs)
        self.cell_of_seg = tuple(seg.cells for seg in segs)
        self.meeple_cells = tuple(seg.meeple_cell for seg in segs)
        self.cities_of_seg = tuple(seg.cities for seg in segs)
        self.shifts = tuple(dx * DELTA[1] + dy * DELTA[0] for dx, dy in offsets)  # cell offsets as positions


def _rot_side(s: int, r: int) -> int:
    return (s + r) % 4


def _rot_half(h: int, r: int) -> int:
    return (h + 2 * r) % 8


def _rot_cell(c: Cell, r: int) -> Cell:
    x, y = c
    for _ in range(r):
        x, y = y, -x
    return (x, y)


def _tile_piece(t: TileType, r: int) -> Piece:
    segs, side_seg, half_seg = [], [-1] * 4, [-1] * 8
    for i, f in enumerate(t.features):
        sides = sorted(_rot_side(SIDES.index(s), r) for s in f.sides)
        halves = sorted(_rot_half(HALVES.index(h), r) for h in f.halves)
        label = f.kind + ":" + ",".join(SIDES[s] for s in sides) if f.kind != "field" else \
            "field:" + ",".join(HALVES[h] for h in halves)
        for s in sides:
            side_seg[s] = i
        for h in halves:
            half_seg[h] = i
        segs.append(Seg(KINDS[f.kind], label, (0,), 0, int(f.pennant), tuple(f.cities), len(sides)))
    if t.monastery:
        segs.append(Seg(MONASTERY, "monastery", (0,), 0, 0, (), 0))
    edges = tuple(C if any(SIDES[s] in f.sides and f.kind == "city" for f in t.features) else
                  R if any(SIDES[s] in f.sides for f in t.features) else F
                  for s in (_rot_side(k, -r) for k in range(4)))
    return Piece(t.letter, r, ((0, 0),), (edges,), (tuple(side_seg),), (tuple(half_seg),), tuple(segs))


def _wonder_piece(w: WonderLayout, r: int) -> Piece:
    cells = list(w.cells)
    index = {c: i for i, c in enumerate(cells)}
    offsets = tuple(_rot_cell(c, r) for c in cells)
    edges = [[None] * 4 for _ in cells]
    side_seg = [[-1] * 4 for _ in cells]
    half_seg = [[-1] * 8 for _ in cells]
    names = [f.name for f in w.features]
    segs = []
    for i, f in enumerate(w.features):
        for x, y, s in f.sides:
            side_seg[index[(x, y)]][_rot_side(SIDES.index(s), r)] = i
        for x, y, h in f.halves:
            half_seg[index[(x, y)]][_rot_half(HALVES.index(h), r)] = i
        covered = tuple(index[c] for c in f.cells) or (index[f.meeple],)
        segs.append(Seg(KINDS[f.kind], f"{f.kind}:{f.name}", covered, index[f.meeple], f.pennants,
                        tuple(names.index(c) for c in f.cities), len(f.sides)))
    for ci, c in enumerate(cells):
        for s in range(4):
            if _step(c, s) in index:
                continue
            k = side_seg[ci][_rot_side(s, r)]
            kind = w.features[k].kind if k >= 0 else "field"
            edges[ci][_rot_side(s, r)] = C if kind == "city" else R if kind == "road" else F
    return Piece(w.name, r, offsets, tuple(tuple(e) for e in edges), tuple(tuple(s) for s in side_seg),
                 tuple(tuple(h) for h in half_seg), tuple(segs), index[w.centre])


def _load_yaml(path: str):
    return load_yaml(resources.files(__package__).joinpath(path).read_text(encoding="utf-8"))


TILESET = TileSet.model_validate(_load_yaml("data/tiles.yaml"))
LETTERS = tuple(t.letter for t in TILESET.tiles)
TILE_INDEX = {t.letter: i for i, t in enumerate(TILESET.tiles)}
WONDERS = {w.name: w for w in (WonderLayout.model_validate(_load_yaml(f"data/wonders/{n}.yaml"))
                               for n in ("notre_dame", "stonehenge", "circus_maximus", "alhambra"))}
WONDER_ORDER = tuple(WONDERS)

TILE_PIECES = tuple(tuple(_tile_piece(t, r) for r in range(4)) for t in TILESET.tiles)
WONDER_PIECES = {n: tuple(_wonder_piece(w, r) for r in range(4)) for n, w in WONDERS.items()}


def _signature(p: Piece) -> tuple:
    """What a rotation puts on the map: edges and each feature with the cities it touches (as a
    set: tile H's field touches its two cities in either order)."""
    return (p.edges, tuple(sorted((s.label, s.pennants, tuple(sorted(p.segs[c].label for c in s.cities)))
                                  for s in p.segs)))


def _canonical_rotations(t: int) -> tuple[int, ...]:
    """For each rotation, the smallest rotation that gives the same tile on the board."""
    sigs = [_signature(TILE_PIECES[t][r]) for r in range(4)]
    return tuple(sigs.index(s) for s in sigs)


CANONICAL_ROT = tuple(_canonical_rotations(t) for t in range(len(LETTERS)))


def _fits(t: int, code: int) -> tuple[int, ...]:
    """Distinct rotations of tile t whose edges fit a constraint (base-4 code, 3 = open)."""
    need = [(code >> (2 * s)) & 3 for s in range(4)]
    out = []
    for r in sorted(set(CANONICAL_ROT[t])):
        edges = TILE_PIECES[t][r].edges[0]
        if all(n == 3 or n == e for n, e in zip(need, edges)):
            out.append(r)
    return tuple(out)


OPEN = 255  # a constraint with no neighbour on any side
FIT = tuple(tuple(_fits(t, code) for code in range(256)) for t in range(len(LETTERS)))
FITS_ANY = tuple(frozenset(c for c in range(256) if FIT[t][c]) for t in range(len(LETTERS)))
