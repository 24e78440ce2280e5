"""Carcassonne's base action ids, built and parsed here only, and their integer encoding.

| id | meaning |
|---|---|
| `place:X,Y,R` | put the tile in hand at X (east), Y (north), turned R clockwise quarter turns |
| `meeple:LABEL` | a follower on the feature LABEL of the piece just placed (`road:N,S`, `field:NW,NE`, `monastery`, on a wonder `city:NAME`) |
| `pass` | no follower (or no more followers on a wonder) |

The Wonders of Humanity adds its own ids (`modules/wonders.py`: `wonder:NAME:X,Y,R`,
`claimant:SEAT`, `pick:NAME`).

The action space (`Game.action_space`) lays out, in this order: every `place` id for X and Y in
-B..B and R in 0..3, where B bounds how far from the start tile any cell can lie (one cell per tile
placed after the start tile plus the cells of every wonder layout); every `meeple` label of any tile
in any rotation and of every wonder layout; `pass`; then the segments of the modules the options
switch on, in their order.
"""
from __future__ import annotations

import re

from ...core.actions import Grid, Segment, Vocabulary
from .content import TILE_PIECES, TILESET, WONDER_ORDER, WONDER_PIECES, xy

ROTATIONS = range(4)
PLACE_IDS: dict[tuple[int, int], str] = {}  # (position, rotation) -> id, filled by place_id
_PARSED: dict[str, tuple[int, int]] = {}


def place_id(p: int, r: int) -> str:
    """The id of placing the tile in hand at packed position p with rotation r (cached)."""
    key = (p, r)
    s = PLACE_IDS.get(key)
    if s is None:
        x, y = xy(p)
        s = PLACE_IDS[key] = f"place:{x},{y},{r}"
        _PARSED[s] = key
    return s


def parse_place(action_id: str) -> tuple[int, int]:
    """(packed position, rotation) of a listed place id."""
    return _PARSED[action_id]


def place_xyr(action_id: str) -> tuple[int, int, int] | None:
    """X, Y, R of any `place:X,Y,R` spelling, or None (an id made by `place_id` is not parsed again)."""
    made = _PARSED.get(action_id)
    if made is not None:
        x, y = xy(made[0])
        return x, y, made[1]
    return xyr_after(action_id, "place:")


def meeple_id(label: str) -> str:
    return "meeple:" + label


def meeple_label(action_id: str) -> str:
    return action_id[len("meeple:"):]


def arg(action_id: str) -> str:
    """What follows the head of an id (`claimant:2` -> `2`)."""
    return action_id.partition(":")[2]


_XYR = re.compile(r"(-?[0-9]{1,6}),(-?[0-9]{1,6}),(-?[0-9]{1,6})")


def xyr_after(text: str, prefix: str) -> tuple[int, int, int] | None:
    """Three plain integers after the prefix (no spaces, signs other than -, or other digits)."""
    match = _XYR.fullmatch(text, len(prefix)) if text.startswith(prefix) else None
    return None if match is None else (int(match[1]), int(match[2]), int(match[3]))


# ---- the integer encoding ------------------------------------------------------------------------------

def meeple_labels() -> list[str]:
    labels = [seg.label for pieces in TILE_PIECES for piece in pieces for seg in piece.segs]
    labels += [seg.label for name in WONDER_ORDER for seg in WONDER_PIECES[name][0].segs]
    return list(dict.fromkeys(labels))


def coordinates(options: dict) -> range:
    """-B..B: how far from the start tile (in cells, along x or y) any cell of the map can lie."""
    tiles = sum(t.count for t in TILESET.tiles) * options.get("base_sets", 1) - 1
    b = tiles + sum(len(WONDER_PIECES[n][0].offsets) for n in WONDER_ORDER)
    return range(-b, b + 1)


def segments(players: int, options: dict) -> list[Segment]:
    coords = coordinates(options)
    return [Grid("place", (coords, coords, ROTATIONS), lambda x, y, r: f"place:{x},{y},{r}", place_xyr),
            Vocabulary([meeple_id(label) for label in meeple_labels()] + ["pass"])]
