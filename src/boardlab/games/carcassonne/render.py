"""SVG pictures of a Carcassonne map and of single tiles, drawn from the content tables.

Nothing here is a hard-coded picture: each cell (a tile, or one of a wonder's five cells)
is turned into a `CellArt` (its cities, roads, fields and monastery with the sides and
halves they reach, in board orientation) and drawn from that. Every element standing for
a game object carries `data-*` attributes for tests and the web client.

Local cell coordinates run 0..U with SVG's y down (north at the top); on the board, cell
(x, y) has its top-left corner at (x*U, -y*U), since the game's y grows north.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple
from xml.sax.saxutils import escape

from .actions import place_xyr
from .content import CITY, FIELD, LETTERS, MONASTERY, ROAD, TILE_INDEX, TILE_PIECES, WONDER_PIECES, WONDERS
from .modules import REGISTRY

U = 100  # one cell, in SVG units
C = U / 2
PLAYER_COLOURS = ("#d7263d", "#1b5fd1", "#f2c40f", "#1e1e1e", "#a03fd0")  # red, blue, yellow, black, purple
FIELD_FILL, CITY_FILL, CITY_LINE = "#8fc462", "#cfa46a", "#6e4d22"
ROAD_FILL, ROAD_LINE, PENNANT_FILL = "#f6f1df", "#6b5a3c", "#2458b3"
TABLE_FILL, LEGAL_LINE, WONDER_GOLD = "#e9e2cf", "#222222", "#d4a017"

SIDE_MID = ((C, 0.0), (U, C), (C, U), (0.0, C))            # N E S W
SIDE_START = ((0.0, 0.0), (U, 0.0), (U, U), (0.0, U))      # clockwise: each side from this corner...
SIDE_END = ((U, 0.0), (U, U), (0.0, U), (0.0, 0.0))        # ...to this one
INWARD = ((0, 1), (-1, 0), (0, -1), (1, 0))
BOARD_STEP = ((0, 1), (1, 0), (0, -1), (-1, 0))             # N E S W in game coordinates (y north)
HALF_SIDE = (0, 0, 1, 1, 2, 2, 3, 3)
HALF_ALONG = (0.25, 0.75, 0.25, 0.75, 0.25, 0.75, 0.25, 0.75)  # along the side, clockwise


def colour(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


# ---- small helpers ------------------------------------------------------------------------

def _n(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)


def _pts(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _path_d(lines) -> str:
    """An SVG path through each polyline of `lines`."""
    return " ".join("M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in line) for line in lines)


def _attr(value) -> str:
    return escape(str(value), {'"': "&quot;"})


def _data(**attrs) -> str:
    return " ".join(f'data-{k.replace("_", "-")}="{_attr(v)}"' for k, v in attrs.items())


def _quad(a, ctrl, b, steps: int = 12) -> list[tuple[float, float]]:
    """Points of a quadratic curve, without its first point."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        out.append(tuple(u * u * a[k] + 2 * u * t * ctrl[k] + t * t * b[k] for k in (0, 1)))
    return out


def _through(a, mid, b, steps: int = 12):
    """Quadratic curve from a to b passing through `mid` halfway."""
    ctrl = (2 * mid[0] - (a[0] + b[0]) / 2, 2 * mid[1] - (a[1] + b[1]) / 2)
    return _quad(a, ctrl, b, steps)


def _rot_point(p, r: int):
    """Turn a local point r quarter turns clockwise about the cell centre."""
    x, y = p
    for _ in range(r % 4):
        x, y = U - y, x
    return (x, y)


def _inside(p, poly) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _dist_to_line(p, line) -> float:
    best = float("inf")
    for (x1, y1), (x2, y2) in zip(line, line[1:]):
        dx, dy = x2 - x1, y2 - y1
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - x1) * dx + (p[1] - y1) * dy) / (dx * dx + dy * dy)))
        best = min(best, ((p[0] - x1 - t * dx) ** 2 + (p[1] - y1 - t * dy) ** 2) ** 0.5)
    return best


# ---- what one cell shows -----------------------------------------------------------------

class CellArt(NamedTuple):
    cities: tuple    # ((label, frozenset of sides, pennants), ...)
    roads: tuple     # ((label, frozenset of sides), ...)
    fields: tuple    # ((label, tuple of halves), ...)
    monastery: str | None


@lru_cache(maxsize=None)
def tile_art(letter: str, rotation: int) -> CellArt:
    piece = TILE_PIECES[TILE_INDEX[letter]][rotation % 4]
    sides, halves = piece.side_seg[0], piece.half_seg[0]
    cities, roads, fields, monastery = [], [], [], None
    for i, seg in enumerate(piece.segs):
        mine = frozenset(s for s in range(4) if sides[s] == i)
        if seg.kind == CITY:
            cities.append((seg.label, mine, seg.pennants))
        elif seg.kind == ROAD:
            roads.append((seg.label, mine))
        elif seg.kind == FIELD:
            fields.append((seg.label, tuple(h for h in range(8) if halves[h] == i)))
        elif seg.kind == MONASTERY:
            monastery = seg.label
    return CellArt(tuple(cities), tuple(roads), tuple(fields), monastery)


@lru_cache(maxsize=None)
def wonder_art(name: str, rotation: int, ci: int) -> CellArt:
    """The part of a wonder's features in its cell `ci`; features crossing to another cell
    of the wonder reach the shared side, so they join up across the wonder."""
    piece = WONDER_PIECES[name][rotation % 4]
    offsets = piece.offsets
    cities, roads, fields, monastery = [], [], [], None
    for i, seg in enumerate(piece.segs):
        if seg.kind == FIELD:
            halves = tuple(h for h in range(8) if piece.half_seg[ci][h] == i)
            if halves:
                fields.append((seg.label, halves))
            continue
        if seg.kind == MONASTERY:
            monastery = seg.label if ci == seg.meeple_cell else monastery
            continue
        sides = {s for s in range(4) if piece.side_seg[ci][s] == i}
        if ci in seg.cells:
            sides |= {s for s in range(4) if _neighbour(offsets, ci, s) in seg.cells}
        if sides:
            if seg.kind == CITY:
                cities.append((seg.label, frozenset(sides), seg.pennants if ci == seg.meeple_cell else 0))
            else:
                roads.append((seg.label, frozenset(sides)))
    return CellArt(tuple(cities), tuple(roads), tuple(fields), monastery)


def _neighbour(offsets, ci: int, side: int) -> int:
    dx, dy = BOARD_STEP[side]
    x, y = offsets[ci]
    return offsets.index((x + dx, y + dy)) if (x + dx, y + dy) in offsets else -1


# ---- geometry of features ------------------------------------------------------------------

@lru_cache(maxsize=None)
def city_shape(sides: frozenset, others: frozenset = frozenset()) -> tuple:
    """A city reaching `sides`: (polygon points, walls), the walls being its inner edges
    (the polygon's sides along the cell's border get no wall, so cities join seamlessly).
    Where a side next to it holds another city of the same cell, the corner is pulled in
    so the two cities stay apart."""
    if len(sides) == 4:
        return ((0.0, 0.0), (U, 0.0), (U, U), (0.0, U)), ()
    first = next(s for s in range(4) if s in sides and (s - 1) % 4 not in sides)
    order = [(first + k) % 4 for k in range(4)]
    pts: list = []
    walls = []
    k = 0
    while k < 4:
        run = [order[k]]
        while k + len(run) < 4 and order[k + len(run)] in sides:
            run.append(order[k + len(run)])
        pts += [q for q in _city_run(run, others, sides) if not pts or q != pts[-1]]
        k += len(run)
        gap = []
        while k < 4 and order[k] not in sides:
            gap.append(order[k])
            k += 1
        nxt = order[k] if k < 4 else first
        curve = _gap_curve(pts[-1], _corner(nxt, True, others, sides), gap, run)
        walls.append(tuple([pts[-1]] + curve))
        pts += curve
    return (tuple(pts[:-1]) if pts[0] == pts[-1] else tuple(pts)), tuple(walls)


def city_polygon(sides: frozenset, others: frozenset = frozenset()) -> tuple:
    return city_shape(sides, others)[0]


def _corner(side: int, start: bool, others: frozenset, sides: frozenset):
    """A city side's start or end corner, pulled along the side if the neighbouring side
    holds another city of this cell."""
    x, y = SIDE_START[side] if start else SIDE_END[side]
    beside = (side - 1) % 4 if start else (side + 1) % 4
    if beside in others and beside not in sides:
        ex, ey = SIDE_END[side] if start else SIDE_START[side]
        x, y = x + (ex - x) * 0.14, y + (ey - y) * 0.14
    return (x, y)


def _city_run(run: list, others: frozenset, sides: frozenset) -> list:
    pts = [_corner(run[0], True, others, sides)]
    pts += [SIDE_END[s] for s in run[:-1]]
    pts.append(_corner(run[-1], False, others, sides))
    return pts


def _gap_curve(a, b, gap: list, run: list) -> list:
    """The city's inner edge across the non-city sides `gap`, from corner a to corner b."""
    if len(gap) == 3:        # one city side: a cap 30 deep
        s = run[0]
        mid = (SIDE_MID[s][0] + INWARD[s][0] * 30, SIDE_MID[s][1] + INWARD[s][1] * 30)
    elif len(gap) == 2:      # two adjacent city sides: a diagonal bowing toward their corner
        cx, cy = SIDE_END[run[0]]
        mid = (C + (cx - C) * 0.2, C + (cy - C) * 0.2)
    else:                    # one field side between city sides: a bay 30 deep
        s = gap[0]
        mid = (SIDE_MID[s][0] + INWARD[s][0] * 30, SIDE_MID[s][1] + INWARD[s][1] * 30)
    return _through(a, mid, b)


@lru_cache(maxsize=None)
def road_lines(sides: frozenset) -> tuple:
    """Polylines of a road reaching `sides`: one curve for two sides, else spokes to the centre."""
    ss = sorted(sides)
    if len(ss) == 2:
        a, b = SIDE_MID[ss[0]], SIDE_MID[ss[1]]
        if (ss[1] - ss[0]) % 2 == 0:
            return ((a, (C, C), b),)
        return ((a,) + tuple(_quad(a, (C, C), b)),)
    return tuple((SIDE_MID[s], (C, C)) for s in ss)


# Spots for a knight in a city, in the canonical orientation of each city shape:
# (canonical sides, meeple spot, pennant spot).
CITY_SPOTS = (
    (frozenset({0}), (C, 14), (76, 10)),
    (frozenset({0, 3}), (22, 22), (46, 13)),
    (frozenset({1, 3}), (C, C), (82, C)),
    (frozenset({0, 1, 3}), (C, 38), (22, 20)),
    (frozenset({0, 1, 2, 3}), (C, C), (24, 24)),
)


@lru_cache(maxsize=None)
def city_spots(sides: frozenset) -> tuple:
    """(meeple spot, pennant spot) of a city reaching `sides`."""
    for canon, meeple, pennant in CITY_SPOTS:
        for r in range(4):
            if frozenset((s + r) % 4 for s in canon) == sides:
                return _rot_point(meeple, r), _rot_point(pennant, r)
    return (C, C), (C, C)


def road_spot(sides: frozenset):
    lines = road_lines(sides)
    if len(sides) == 2:
        line = lines[0]
        return line[len(line) // 2]
    (ax, ay), _ = lines[0]
    return ((ax + C) / 2, (ay + C) / 2)


def half_point(h: int, depth: float):
    s, along = HALF_SIDE[h], HALF_ALONG[h]
    (ax, ay), (bx, by) = SIDE_START[s], SIDE_END[s]
    dx, dy = INWARD[s]
    return (ax + (bx - ax) * along + dx * depth, ay + (by - ay) * along + dy * depth)


def field_spot(art: CellArt, halves: tuple):
    """A free spot in the field for a lying farmer: away from cities, roads and monastery."""
    mean = (sum(half_point(h, 16)[0] for h in halves) / len(halves),
            sum(half_point(h, 16)[1] for h in halves) / len(halves))
    candidates = [mean] + [half_point(h, d) for d in (18, 26, 10) for h in halves]
    for p in candidates:
        if _clear(art, p):
            return p
    return mean


def _clear(art: CellArt, p) -> bool:
    x, y = p
    if not (12 <= x <= U - 12 and 8 <= y <= U - 8):
        return False
    if art.monastery and 26 <= x <= 74 and 26 <= y <= 74:
        return False
    polys = [city_polygon(sides, _other_cities(art, label)) for label, sides, _ in art.cities]
    probes = ((x, y), (x - 11, y), (x + 11, y), (x, y - 6), (x, y + 6))
    if any(_inside(q, list(poly)) for poly in polys for q in probes):
        return False
    return all(_dist_to_line(p, line) >= 12 for _, sides in art.roads for line in road_lines(sides))


def _other_cities(art: CellArt, label: str) -> frozenset:
    return frozenset(s for lab, sides, _ in art.cities if lab != label for s in sides)


@lru_cache(maxsize=None)
def feature_spot(art: CellArt, label: str):
    """Where a follower on the feature `label` stands in this cell."""
    for lab, sides, _ in art.cities:
        if lab == label:
            return city_spots(sides)[0]
    for lab, sides in art.roads:
        if lab == label:
            return road_spot(sides)
    for lab, halves in art.fields:
        if lab == label:
            return field_spot(art, halves)
    return (C, C)


# ---- drawing one cell ---------------------------------------------------------------------------

@lru_cache(maxsize=None)
def draw_cell(art: CellArt) -> str:
    """The inside of a cell in local coordinates: fields, roads, cities, pennants, buildings."""
    fields = " ".join(label for label, _ in art.fields)
    out = [f'<rect width="{U}" height="{U}" fill="{FIELD_FILL}" {_data(fields=fields)}/>']
    out += [_draw_road(label, sides) for label, sides in art.roads]
    for label, sides, _ in art.cities:
        poly, walls = city_shape(sides, _other_cities(art, label))
        d = _path_d(walls)
        out.append(f'<polygon points="{_pts(poly)}" fill="{CITY_FILL}" {_data(feature=label)}/>')
        if d:
            out.append(f'<path d="{d}" fill="none" stroke="{CITY_LINE}" stroke-width="3" stroke-linecap="round"/>')
    for label, sides, pennants in art.cities:
        if pennants:
            out.append(_pennant(city_spots(sides)[1], label))
    if art.monastery:
        out.append(_monastery(art.monastery))
    out.append(_road_end(art))
    return "".join(out)


def _draw_road(label: str, sides: frozenset) -> str:
    d = _path_d(road_lines(sides))
    return (f'<g {_data(feature=label)} fill="none" stroke-linejoin="round">'
            f'<path d="{d}" stroke="{ROAD_LINE}" stroke-width="12"/>'
            f'<path d="{d}" stroke="{ROAD_FILL}" stroke-width="8"/></g>')


def _road_end(art: CellArt) -> str:
    """A village where three or more roads end (other road ends meet a city, monastery or wonder)."""
    ends = sum(1 for _, sides in art.roads if len(sides) == 1)
    if ends < 3:
        return ""
    roof = _pts([(C - 10, C - 5), (C, C - 13), (C + 10, C - 5)])
    return (f'<g data-junction="{ends}"><rect x="{C - 8}" y="{C - 5}" width="16" height="12" fill="#f0e2c0" '
            f'stroke="{ROAD_LINE}" stroke-width="1.5"/><polygon points="{roof}" fill="#9b3b25"/></g>')


def _pennant(at, label: str) -> str:
    x, y = at
    d = (f"M{_n(x - 6)},{_n(y - 7)} h12 v5 q0,7 -6,10 q-6,-3 -6,-10 z")
    return (f'<path d="{d}" fill="{PENNANT_FILL}" stroke="#ffffff" stroke-width="1.5" '
            f'{_data(pennant=label)}/>')


def _monastery(label: str) -> str:
    body = [(C - 14, C - 4), (C, C - 18), (C + 14, C - 4), (C + 14, C + 16), (C - 14, C + 16)]
    return (f'<g {_data(feature=label)}><polygon points="{_pts(body)}" fill="#f1e4c6" stroke="#5a4326" '
            f'stroke-width="2"/><polygon points="{_pts([(C - 17, C - 3), (C, C - 21), (C + 17, C - 3)])}" '
            f'fill="#b5482f"/><rect x="{C - 4}" y="{C + 4}" width="8" height="12" fill="#5a4326"/>'
            f'<line x1="{C}" y1="{C - 30}" x2="{C}" y2="{C - 20}" stroke="#5a4326" stroke-width="2"/>'
            f'<line x1="{C - 4}" y1="{C - 26}" x2="{C + 4}" y2="{C - 26}" stroke="#5a4326" stroke-width="2"/></g>')


# ---- tiles -----------------------------------------------------------------------------------

def _tile_group(letter: str, rot: int, x: int, y: int) -> str:
    return (f'<g {_data(tile=letter, x=x, y=y, rotation=rot)} transform="translate({x * U},{-y * U})">'
            f'{draw_cell(tile_art(letter, rot))}'
            f'<rect width="{U}" height="{U}" fill="none" stroke="#3d3a2a" stroke-opacity="0.45" stroke-width="1.5"/>'
            f'</g>')


def render_tile(letter: str, rotation: int = 0, size: int = 80) -> str:
    """A standalone SVG of one tile (e.g. the tile in hand), `size` pixels wide."""
    if letter not in TILE_INDEX:
        raise ValueError(f"unknown tile {letter!r}; tiles are {LETTERS[0]}-{LETTERS[-1]}")
    rot = int(rotation) % 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {U} {U}" width="{int(size)}" '
            f'height="{int(size)}" {_data(tile=letter, rotation=rot)}>'
            f'{draw_cell(tile_art(letter, rot))}'
            f'<rect width="{U}" height="{U}" fill="none" stroke="#3d3a2a" stroke-width="3"/></svg>')


# ---- wonders ---------------------------------------------------------------------------------

def wonder_cells(w: dict) -> list[tuple[int, int]]:
    """The board cells of a placed wonder, in the layout's cell order."""
    piece = WONDER_PIECES[w["wonder"]][w["rotation"] % 4]
    return [(w["x"] + dx, w["y"] + dy) for dx, dy in piece.offsets]


def wonder_name(name: str, lang: str) -> str:
    names = WONDERS[name].names
    try:
        return names.get(lang)
    except KeyError:
        return names.en


def _draw_wonder(w: dict, lang: str) -> str:
    name, rot, owner = w["wonder"], w["rotation"] % 4, w["owner"]
    piece = WONDER_PIECES[name][rot]
    cells = wonder_cells(w)
    out = [f'<g {_data(wonder=name, x=w["x"], y=w["y"], rotation=rot, owner=owner)}>']
    for ci, (x, y) in enumerate(cells):
        out.append(f'<g {_data(wonder_cell=name, x=x, y=y)} transform="translate({x * U},{-y * U})">'
                   f'{draw_cell(wonder_art(name, rot, ci))}'
                   f'<rect width="{U}" height="{U}" fill="{WONDER_GOLD}" fill-opacity="0.18"/></g>')
    out.append(_wonder_border(cells, colour(owner)))
    cx, cy = cells[piece.centre]
    out.append(_wonder_building(name, cx * U + C, -cy * U + C, colour(owner), owner))
    label = escape(wonder_name(name, lang))
    out.append(f'<text x="{cx * U + C}" y="{-cy * U + U - 7}" text-anchor="middle" font-size="15" '
               f'font-weight="bold" font-family="sans-serif" fill="#2b2210" stroke="#ffffff" stroke-width="3" '
               f'paint-order="stroke" {_data(wonder_name=name, lang=lang)}>{label}</text></g>')
    return "".join(out)


def _wonder_border(cells: list, line: str) -> str:
    """The outline of the wonder's cells: owner colour over a gold band."""
    cellset = set(cells)
    segs = []
    for x, y in cells:
        for s in range(4):
            dx, dy = BOARD_STEP[s]
            if (x + dx, y + dy) not in cellset:
                (ax, ay), (bx, by) = SIDE_START[s], SIDE_END[s]
                segs.append(f"M{_n(x * U + ax)},{_n(-y * U + ay)} L{_n(x * U + bx)},{_n(-y * U + by)}")
    d = " ".join(segs)
    return (f'<path d="{d}" fill="none" stroke="{WONDER_GOLD}" stroke-width="9" stroke-linecap="square"/>'
            f'<path d="{d}" fill="none" stroke="{line}" stroke-width="4" stroke-linecap="square" '
            f'data-wonder-border="1"/>')


def _wonder_building(name: str, x: float, y: float, owner_fill: str, owner: int) -> str:
    """A monument at the wonder's centre, with the owner's marker disc."""
    if name == "stonehenge":
        stones = "".join(f'<rect x="{_n(x + 20 * dx - 4)}" y="{_n(y + 20 * dy - 6)}" width="8" height="12" '
                         f'fill="#8d8d8d" stroke="#3b3b3b"/>'
                         for dx, dy in ((0, -1), (0.7, -0.7), (1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0),
                                        (-0.7, -0.7)))
        body = stones
    elif name == "circus_maximus":
        body = (f'<ellipse cx="{_n(x)}" cy="{_n(y)}" rx="34" ry="16" fill="#e8d3a0" stroke="#6b4f20" '
                f'stroke-width="3"/><line x1="{_n(x - 18)}" y1="{_n(y)}" x2="{_n(x + 18)}" y2="{_n(y)}" '
                f'stroke="#6b4f20" stroke-width="4"/>')
    else:
        base = [(x - 22, y + 14), (x + 22, y + 14), (x + 22, y - 6), (x - 22, y - 6)]
        roof = [(x - 26, y - 6), (x, y - 24), (x + 26, y - 6)]
        cols = "".join(f'<line x1="{_n(x + dx)}" y1="{_n(y - 4)}" x2="{_n(x + dx)}" y2="{_n(y + 12)}" '
                       f'stroke="#8a7444" stroke-width="3"/>' for dx in (-14, -5, 5, 14))
        body = (f'<polygon points="{_pts(base)}" fill="#f6ebcd" stroke="#6b5a30" stroke-width="2"/>{cols}'
                f'<polygon points="{_pts(roof)}" fill="{WONDER_GOLD}" stroke="#6b5a30" stroke-width="2"/>')
    marker = (f'<circle cx="{_n(x + 26)}" cy="{_n(y - 26)}" r="9" fill="{owner_fill}" stroke="#ffffff" '
              f'stroke-width="2.5" {_data(marker=name, seat=owner)}/>')
    return f'<g {_data(monument=name)}>{body}{marker}</g>'


# ---- meeples -----------------------------------------------------------------------------------

MEEPLE_PATH = ("M0,-12 C3.5,-12 4.5,-9 4,-6.5 L10,-3.5 C11.5,-2.5 11.5,1 9,1 L5,0.5 L8,11 L2.5,11 "
               "L0,6 L-2.5,11 L-8,11 L-5,0.5 L-9,1 C-11.5,1 -11.5,-2.5 -10,-3.5 L-4,-6.5 C-4.5,-9 -3.5,-12 0,-12 Z")


def _meeple(m: dict, at) -> str:
    x, y = at
    turn = " rotate(-90)" if m["kind"] == "field" else ""  # farmers lie down
    return (f'<path d="{MEEPLE_PATH}" transform="translate({_n(x)},{_n(y)}) scale(1.25){turn}" '
            f'fill="{colour(m["seat"])}" '
            f'stroke="#ffffff" stroke-width="1.8" stroke-linejoin="round" '
            f'{_data(meeple=m["kind"], seat=m["seat"], x=m["x"], y=m["y"], kind=m["kind"], feature=m["feature"])}/>')


def _cell_lookup(view: dict) -> dict:
    """(x, y) -> the CellArt drawn there."""
    cells = {(t["x"], t["y"]): tile_art(t["tile"], t["rotation"] % 4) for t in view.get("tiles", ())}
    for w in view.get("wonders_placed", ()):
        for ci, xy in enumerate(wonder_cells(w)):
            cells[xy] = wonder_art(w["wonder"], w["rotation"] % 4, ci)
    return cells


def _draw_meeples(view: dict, cells: dict) -> str:
    out = []
    for m in view.get("meeples", ()):
        art = cells.get((m["x"], m["y"]))
        lx, ly = feature_spot(art, m["feature"]) if art is not None else (C, C)
        if m["feature"] == "monastery":
            ly += 6
        out.append(_meeple(m, (m["x"] * U + lx, -m["y"] * U + ly)))
    return "".join(out)


# ---- legal placements --------------------------------------------------------------------------

def _group_legal(view: dict, legal) -> dict:
    """(kind, piece, x, y) -> [(rotation, id)]: the base game's `place:` ids, then the placements the
    active modules name in their picture (`Module.picture(view, legal)`, the same shape; a wonder's
    piece is its name)."""
    groups: dict = {}
    for a in legal or ():
        xyr = place_xyr(a)
        if xyr is not None:
            groups.setdefault(("place", "", xyr[0], xyr[1]), []).append((xyr[2], a))
    for name in view.get("modules", ()):
        picture = REGISTRY.get(name).picture
        for key, rots in (picture(view, legal or ()) if picture is not None else {}).items():
            groups.setdefault(key, []).extend(rots)
    return groups


def tile_url(letter: str) -> str:
    """The web API's picture of a tile (the game's `tile` asset), `{rotation}` left for the client."""
    return f"/api/assets/carcassonne/tile/{letter}?rotation={{rotation}}"


def _draw_legal(groups: dict, in_hand: str | None = None) -> str:
    """Each cell with legal placements as one clickable outline: its ids and their rotations in
    `data-actions` / `data-rotations`; a tile placement also names its picture (`data-preview`,
    drawn by the web client over `data-preview-box` for the rotation chosen)."""
    out = []
    for (kind, wonder, x, y), rots in groups.items():
        rots = sorted(rots)
        extra = {"wonder": wonder} if wonder else {}
        if kind == "place" and in_hand:
            extra.update(preview=tile_url(in_hand), preview_box=f"{x * U} {-y * U} {U} {U}")
        stroke = WONDER_GOLD if wonder else LEGAL_LINE
        attrs = _data(action=rots[0][1], actions=" ".join(a for _, a in rots), x=x, y=y,
                      rotations=" ".join(str(r) for r, _ in rots), **extra)
        out.append(f'<rect class="legal" x="{x * U + 4}" y="{-y * U + 4}" width="{U - 8}" height="{U - 8}" rx="6" '
                   f'fill="#ffffff" fill-opacity="0.35" stroke="{stroke}" stroke-width="3" '
                   f'stroke-dasharray="10 7" style="cursor:pointer" {attrs}/>')
    return "".join(out)


def _art_labels(art: CellArt) -> set:
    return ({lab for lab, _, _ in art.cities} | {lab for lab, _ in art.roads} | {lab for lab, _ in art.fields}
            | ({art.monastery} if art.monastery else set()))


def _draw_meeple_options(view: dict, legal, cells: dict) -> str:
    """Each legal `meeple:LABEL` id as a clickable ring where that follower would stand on
    the tile just placed (the web client's way to put a follower by clicking)."""
    placed = [tuple(xy) for xy in view.get("last_placed", ()) if tuple(xy) in cells]
    out = []
    for a in legal or ():
        if not a.startswith("meeple:") or not placed:
            continue
        label = a[len("meeple:"):]
        x, y = next((xy for xy in placed if label in _art_labels(cells[xy])), placed[0])
        art = cells[(x, y)]
        lx, ly = feature_spot(art, label) if label in _art_labels(art) else (C, C)
        out.append(f'<circle class="legal meeple-option" cx="{_n(x * U + lx)}" cy="{_n(-y * U + ly)}" r="13" '
                   f'fill="#ffffff" fill-opacity="0.75" stroke="{LEGAL_LINE}" stroke-width="3" '
                   f'stroke-dasharray="5 3" style="cursor:pointer" {_data(action=a, feature=label, x=x, y=y)}/>')
    return "".join(out)


# ---- the board -----------------------------------------------------------------------------------

def _bounds(view: dict, groups: dict) -> tuple[int, int, int, int]:
    xs, ys = [0], [0]
    for t in view.get("tiles", ()):
        xs.append(t["x"])
        ys.append(t["y"])
    for w in view.get("wonders_placed", ()):
        for x, y in wonder_cells(w):
            xs.append(x)
            ys.append(y)
    for _, _, x, y in groups:
        xs.append(x)
        ys.append(y)
    return min(xs), max(xs), min(ys), max(ys)


def render_board(view: dict, lang: str = "en", legal: list[str] | None = None, cell_px: int = 64) -> str:
    """A standalone SVG of the map in `view` (Game.view()): tiles, wonders, meeples, and the
    legal `place:`/`wonder:` ids in `legal` as clickable dashed outlines and the legal
    `meeple:` ids as clickable rings on the tile just placed. For the web client the root says
    `data-fit="zoom"` (the client centres the map's extent, the viewBox, and lets the player zoom and
    move it; `cell_px` is its size elsewhere) and, while a tile is in hand,
    `data-in-hand` (its picture, `{rotation}` to fill in)."""
    groups = _group_legal(view, legal)
    in_hand = view.get("tile_in_hand")
    hand = {"in_hand": tile_url(in_hand)} if in_hand else {}  # the web client shows it beside the options
    x0, x1, y0, y1 = _bounds(view, groups)
    pad = U // 2
    left, top = x0 * U - pad, -y1 * U - pad
    w, h = (x1 - x0 + 1) * U + 2 * pad, (y1 - y0 + 1) * U + 2 * pad
    scale = cell_px / U
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {w} {h}" width="{_n(w * scale)}" '
             f'height="{_n(h * scale)}" {_data(game="carcassonne", lang=lang, fit="zoom", **hand)}>',
             f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="{TABLE_FILL}"/>',
             '<g data-layer="tiles">']
    parts += [_tile_group(t["tile"], t["rotation"] % 4, t["x"], t["y"]) for t in view.get("tiles", ())]
    parts.append('</g><g data-layer="wonders">')
    parts += [_draw_wonder(wd, lang) for wd in view.get("wonders_placed", ())]
    parts.append(f'</g><g data-layer="meeples">{_draw_meeples(view, _cell_lookup(view))}</g>')
    parts.append(f'<g data-layer="legal">{_draw_legal(groups, in_hand)}'
                 f'{_draw_meeple_options(view, legal, _cell_lookup(view))}</g></svg>')
    return "".join(parts)
