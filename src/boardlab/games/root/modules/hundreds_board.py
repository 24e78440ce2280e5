"""The Lord of the Hundreds' faction board on the terminal table (`lines`) and the web table (`picture`), drawn from
its part of a seat's view (`hundreds.view`): the warlord's clearing, the mood on the slot and those open next, the
Hoard's two tracks with Command and Prowess, strongholds and mobs in supply, the mobs on the map, what Oppress scores
now and the Evening draw. Everything on it is public.

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back to
their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "hundreds"
TRACKS = ("command", "prowess")
SPACES = 4


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def headline(part: dict, w: TX.Words) -> str:
    lord = w("txt.hundreds.warlord_at", n=part["warlord"]) if part["warlord"] else w("txt.hundreds.no_warlord")
    return w("txt.hundreds.board", warlord=lord, mood=w.piece(part["mood"]), command=part["command"],
             prowess=part["prowess"], strongholds=part["strongholds"], mobs=part["mobs"], oppressed=part["oppressed"],
             points=part["oppress_points"], draws=part["draws"])


def hoard_text(part: dict, w: TX.Words) -> str:
    tracks = [w.label(w(f"txt.hundreds.{t}"), w.join(w.item(i) for i in part["hoard"][t])) for t in TRACKS]
    return w.label(w("txt.hundreds.hoard"), " · ".join(tracks))


def more_text(part: dict, w: TX.Words) -> str:
    moods = w.join(w.piece(m) for m in part["moods_open"])
    mobs = w.join(part["mob_clearings"])
    return w("txt.hundreds.more", moods=moods, mobs=mobs)


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    return [headline(part, w), hoard_text(part, w), more_text(part, w)]


# ---- the web table ------------------------------------------------------------------------------------------------

CELL, GAP = 30, 6


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}" data-warlord="{RD.attr(part["warlord"] or "")}" data-mood="{RD.attr(part["mood"])}" '
           f'data-command="{part["command"]}" data-prowess="{part["prowess"]}" data-strongholds="{part["strongholds"]}" '
           f'data-mobs="{part["mobs"]}" data-oppress="{part["oppress_points"]}" data-draws="{part["draws"]}">',
           RD.svg_text(x, y + 12, headline(part, w), 12, weight="bold")]
    dy = 22.0
    for track in TRACKS:
        out.append(track_row(ctx, track, part["hoard"][track], part[track], x, y + dy))
        dy += CELL + GAP
    out.append(RD.svg_text(x, y + dy + 12, more_text(part, w), 12))
    return "".join(out) + "</g>", dy + 20


def track_row(ctx: Any, track: str, items: list[str], level: int, x: float, y: float) -> str:
    """A Hoard track: its name and value, then its spaces, filled from the left."""
    w = ctx.w
    label = w.label(w(f"txt.hundreds.{track}"), str(level))
    out = [f'<g data-track="{track}" data-items="{RD.attr(",".join(items))}">', RD.svg_text(x, y + CELL / 2 + 4, label,
                                                                                           12, weight="bold")]
    left = x + 110
    for k in range(SPACES):
        cx = left + k * (CELL + GAP)
        item = items[k] if k < len(items) else None
        fill = ctx.colour(NAME) if item else "#f7f0dc"
        out.append(f'<rect x="{cx}" y="{y}" width="{CELL}" height="{CELL}" rx="4" fill="{fill}" stroke="#3b2f1e" '
                   f'stroke-width="1.2">' + RD.title(w.item(item) if item else "-") + "</rect>")
        if item:
            out.append(RD.svg_text(cx + CELL / 2, y + CELL / 2 + 4, RD.initial(w.item(item)), 12, "middle", "bold",
                                   RD.ink(fill)))
    return "".join(out) + "</g>"
