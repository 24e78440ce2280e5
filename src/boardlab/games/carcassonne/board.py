"""Placing pieces and followers, and scoring features: the mechanics every rule builds on."""
from __future__ import annotations

from itertools import compress

from .content import (CITY, DELTA, FIELD, MIRROR, MONASTERY, OPEN, ROAD, SIDE_HALVES, Piece)
from .state import CarcState

NEIGHBOURS8 = tuple(dx * DELTA[1] + dy * DELTA[0] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def fits(state: CarcState, piece: Piece, anchor: int) -> bool:
    """All cells free, at least one neighbour, every touching edge matching."""
    board, frontier = state.board, state.frontier
    touching = False
    for (dx, dy), edges in zip(piece.offsets, piece.edges):
        p = anchor + dx * DELTA[1] + dy * DELTA[0]
        if p in board:
            return False
        code = frontier.get(p)
        if code is None:
            continue
        for s in range(4):
            need = (code >> (2 * s)) & 3
            if need != 3 and edges[s] is not None:
                if need != edges[s]:
                    return False
                touching = True
    return touching


def place_piece(state: CarcState, piece: Piece, anchor: int, owner: int = -1) -> None:
    """Put a tile or wonder on the map, join its features to their neighbours."""
    base = len(state.parent)
    cells = tuple(anchor + shift for shift in piece.shifts)
    index = len(state.placed)
    state.placed.append((piece.name, anchor, piece.rot, owner))
    n = len(piece.kinds)
    state.parent.extend(range(base, base + n))
    state.kind.extend(piece.kinds)
    state.open.extend(piece.opens)
    state.tiles.extend([frozenset([cells[c] for c in where]) for where in piece.cell_of_seg])
    state.pennants.extend(piece.pennants)
    state.meeples.extend([()] * n)
    state.cities.extend([frozenset([base + c for c in cities]) for cities in piece.cities_of_seg])
    state.meeple_cell.extend([cells[c] for c in piece.meeple_cells])
    state.label.extend(piece.labels)
    for i, k in enumerate(piece.kinds):
        if k == MONASTERY:
            state.monasteries[cells[piece.meeple_cells[i]]] = base + i
    board, frontier = state.board, state.frontier
    for p in cells:
        board[p] = index
        frontier.pop(p, None)
    for ci, p in enumerate(cells):
        state.side_segs[p] = tuple(-1 if s < 0 else base + s for s in piece.side_seg[ci])
        state.half_segs[p] = tuple(-1 if h < 0 else base + h for h in piece.half_seg[ci])
    for ci, p in enumerate(cells):
        edges = piece.edges[ci]
        for side in range(4):
            e = edges[side]
            if e is None:
                continue
            q = p + DELTA[side]
            if q in board:
                _join(state, p, q, side, e)
            else:
                opp = (side + 2) % 4
                code = frontier.get(q, OPEN)
                frontier[q] = code & ~(3 << (2 * opp)) | (e << (2 * opp))
    state.last = (tuple(range(base, len(state.parent))), cells)
    state.placed_meeples = []


def _join(state: CarcState, p: int, q: int, side: int, edge: int) -> None:
    opp = (side + 2) % 4
    if edge != 2:  # fields meet along road and field edges
        mine, theirs = state.half_segs[p], state.half_segs[q]
        for h in SIDE_HALVES[side]:
            _union(state, mine[h], theirs[MIRROR[h]])
    if edge != 0:
        root = _union(state, state.side_segs[p][side], state.side_segs[q][opp])
        state.open[root] -= 2


def _union(state: CarcState, a: int, b: int) -> int:
    ra, rb = state.find(a), state.find(b)
    if ra == rb:
        return ra
    tiles = state.tiles
    if len(tiles[ra]) < len(tiles[rb]):
        ra, rb = rb, ra
    state.parent[rb] = ra
    tiles[ra] = tiles[ra] | tiles[rb]
    state.open[ra] += state.open[rb]
    state.pennants[ra] += state.pennants[rb]
    if state.meeples[rb]:
        state.meeples[ra] = state.meeples[ra] + state.meeples[rb]
    if state.cities[rb]:
        state.cities[ra] = state.cities[ra] | state.cities[rb]
    return ra


def free_segments(state: CarcState, segs) -> list[int]:
    """Segments of the given ones whose whole feature holds no follower."""
    meeples, find = state.meeples, state.find
    return [s for s in segs if not meeples[find(s)]]


def put_follower(state: CarcState, seat: int, seg: int) -> None:
    root = state.find(seg)
    state.meeples[root] = state.meeples[root] + ((seat, seg),)
    state.supply[seat] -= 1
    state.placed_meeples.append((seat, seg))


def neighbours(state: CarcState, p: int) -> int:
    board = state.board
    return sum(1 for d in NEIGHBOURS8 if p + d in board)


def is_complete(state: CarcState, root: int) -> bool:
    k = state.kind[root]
    if k == MONASTERY:
        return neighbours(state, state.meeple_cell[root]) == 8
    return k != FIELD and state.open[root] == 0


def majority(state: CarcState, root: int) -> list[int]:
    """Seats with the most followers on a feature (all of them on a tie)."""
    holders = state.meeples[root]
    if len(holders) == 1:  # the usual case, and bots ask for it at every evaluation
        return [holders[0][0]]
    counts: dict[int, int] = {}
    for seat, _ in holders:
        counts[seat] = counts.get(seat, 0) + 1
    if not counts:
        return []
    best = max(counts.values())
    return sorted(s for s, n in counts.items() if n == best)


def return_followers(state: CarcState, root: int) -> None:
    for seat, _ in state.meeples[root]:
        state.supply[seat] += 1
    state.meeples[root] = ()


def completed_by_last(state: CarcState) -> list[int]:
    """Roots of the roads, cities and monasteries the last placed piece completed."""
    segs, cells = state.last
    find, kind, open_ = state.find, state.kind, state.open
    roots = []
    for s in segs:
        if kind[s] in (ROAD, CITY):
            r = find(s)
            if open_[r] == 0 and r not in roots:
                roots.append(r)
    board, monasteries = state.board, state.monasteries
    seen = set()
    for p in cells:
        for q in (p,) + tuple(p + d for d in NEIGHBOURS8):
            m = monasteries.get(q)
            if m is not None and m not in seen and q in board:
                seen.add(m)
                if neighbours(state, q) == 8:
                    roots.append(m)
    return roots


def roots_with_followers(state: CarcState) -> list[int]:
    parent = state.parent
    return [s for s in compress(range(len(parent)), state.meeples) if parent[s] == s]  # few segments hold followers


def touched_complete_cities(state: CarcState, field_root: int) -> int:
    roots = {state.find(c) for c in state.cities[field_root]}
    return sum(1 for r in roots if state.open[r] == 0)
