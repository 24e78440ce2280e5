"""The Twilight Council's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from its
part of a seat's view (`twilight.view`, all public): the Loyalists box, the Assemblies track (assemblies left on it,
the card draw icons showing), its assemblies on the map by side (Governing, Closed), what Oversee scores now and the
cards revealed this turn.

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back to
their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "twilight"


def sheet() -> dict:
    """The board's printed numbers (data/factions/twilight.yaml)."""
    return TX.faction_sheet(NAME)


def numbers(values: list[int]) -> str:
    return ", ".join(str(v) for v in values) or "-"


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def loyalists_text(part: dict, w: TX.Words) -> str:
    return w("txt.twilight.loyalists", n=part["loyalists"], most=part["loyalists_max"])


def track_text(part: dict, w: TX.Words) -> str:
    return w("txt.twilight.track", n=part["on_track"], draws=part["draws"])


def map_text(part: dict, w: TX.Words) -> str:
    return w("txt.twilight.on_map", governing=numbers(part["governing"]), closed=numbers(part["closed"]),
             points=part["oversee"])


def revealed_text(part: dict, w: TX.Words) -> str:
    cards = part["revealed"]
    return w.label(w("txt.twilight.revealed", n=len(cards)), w.join(w.card_with_suit(c) for c in cards))


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    out = [loyalists_text(part, w) + " · " + track_text(part, w), map_text(part, w)]
    if part["revealed"]:
        out.append(revealed_text(part, w))
    return out


# ---- the web table ------------------------------------------------------------------------------------------------

CELL, GAP = 34, 6


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}">', RD.svg_text(x, y + 12, map_text(part, w), 12, weight="bold")]
    out.append(assemblies_track(ctx, part, x, y + 22))
    out.append(loyalists_box(ctx, part, x + 300, y + 22))
    svg, h = card_row(ctx, part, x, y + 90, width)
    out.append(svg)
    return "".join(out) + "</g>", 90 + h + 4


def assemblies_track(ctx: Any, part: dict, x: float, y: float) -> str:
    """Its spaces left to right, filled while their assembly is on the track (the rightmost leave first), a card
    under each space with a draw icon, shown once that space is empty."""
    w, spec = ctx.w, sheet()
    total, left = spec["assemblies"], part["on_track"]
    icons = set(spec["draw_icons"]["spaces"])
    fill = ctx.colour(NAME)
    out = [f'<g data-assemblies-track="{left}" data-draws="{part["draws"]}">',
           RD.svg_text(x, y + 12, track_text(part, w), 12, weight="bold")]
    for i in range(total):
        cx, filled = x + i * (CELL + GAP), i < left
        emptied = total - i  # this space empties with the k-th assembly placed
        icon = emptied in icons
        shape = RD.space(cx, y + 20, CELL, CELL - 8, fill, filled)
        out.append(f'<g data-assembly-space="{i + 1}" data-filled="{int(filled)}" data-card-icon="{int(icon)}">'
                   + RD.title(w("txt.twilight.space", n=i + 1)) + shape)
        if icon and not filled:
            out.append(f'<rect x="{cx + CELL / 2 - 5}" y="{y + 25}" width="10" height="14" rx="2" fill="#fffaf0" '
                       f'stroke="#6b5537" stroke-width="1.2" data-card-draw="1"/>')
        out.append("</g>")
    return "".join(out) + "</g>"


def loyalists_box(ctx: Any, part: dict, x: float, y: float) -> str:
    n = part["loyalists"]
    fill = ctx.colour(NAME)
    out = [f'<g data-loyalists="{n}">', RD.svg_text(x, y + 12, loyalists_text(part, ctx.w), 12, weight="bold")]
    out.append(RD.warrior_row(fill, n, x + 10, y + 32, part["loyalists_max"]))
    return "".join(out) + "</g>"


def card_row(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """The cards revealed this turn, face up."""
    cards = part["revealed"]
    out = [f'<g data-revealed="{len(cards)}">' + RD.svg_text(x, y + 12, ctx.w("txt.twilight.revealed", n=len(cards)),
                                                               12, weight="bold")]
    chip_w, chip_h = 120, 40
    per_row = max(1, int(width // (chip_w + 6)))
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        out.append(RD.card(ctx, card, x + col * (chip_w + 6), y + 18 + row * (chip_h + 6), "revealed", chip_w, chip_h))
    rows = -(-len(cards) // per_row)
    return "".join(out) + "</g>", 20 + rows * (chip_h + 6)
