"""The Keepers in Iron's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from its
part of a seat's view (`keepers.view`): the recovered relics by type (the Relics spaces) and the sets completed, the
waystations (where, which side up), the Retinue's three columns with the cards used this Daylight, the Evening draw,
and the relics in the forests (face-down ones by type only: their values are hidden from everyone).

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back to their
generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "keepers"


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def headline(part: dict, w: TX.Words) -> str:
    return w("txt.iron.board", sets=part["sets"], draws=part["draws"],
             n=sum(len(v) for v in part["retinue"].values()))


def relics_text(part: dict, w: TX.Words) -> str:
    rows = [f"{w.piece(t)} {' '.join(str(v) for v in values) or '-'}" for t, values in part["recovered"].items()]
    return w.label(w("txt.iron.relics"), w.join(rows))


def stations_text(part: dict, w: TX.Words) -> str:
    rows = []
    for kind, s in part["stations"].items():
        where = w("clearing", n=int(s["at"])) if s["at"] else w("txt.iron.on_board")
        rows.append(f"{w.piece(kind)}: {w.piece(s['shows'])} ({where})")
    return w.label(w("txt.iron.stations"), w.join(rows))


def column_text(part: dict, col: str, w: TX.Words) -> str:
    used = set(part["used"])
    cards = [w.card(c) + (" *" if c in used else "") for c in part["retinue"][col]]
    return w.label(w(f"txt.iron.column.{col}"), w.join(cards) if cards else "-")


def relic_name(code: str, w: TX.Words) -> str:
    """A relic in a forest: its kind if face up, its type alone if face down."""
    return w.piece(code) if code[-1].isdigit() else w("txt.iron.face_down", kind=w.piece(code))


def forests_text(part: dict, w: TX.Words) -> str:
    rows = [f"{w('txt.forest', n=int(f))}: {w.join(relic_name(r, w) for r in relics)}"
            for f, relics in part["forests"].items()]
    return w.label(w("txt.iron.forests"), w.join(rows) if rows else "-")


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    return ([headline(part, w), relics_text(part, w), stations_text(part, w)]
            + [column_text(part, col, w) for col in part["retinue"]] + [forests_text(part, w)])


# ---- the web table ------------------------------------------------------------------------------------------------

LINE = 18
CHIP_W, CHIP_H = 92, 40


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}" data-sets="{part["sets"]}" data-draws="{part["draws"]}">',
           RD.svg_text(x, y + 12, headline(part, w), 12, weight="bold")]
    dy = LINE + 4
    out.append('<g data-relics="' + RD.attr(" ".join(f"{t}:{len(v)}" for t, v in part["recovered"].items())) + '">'
               + RD.svg_text(x, y + dy + 12, relics_text(part, w), 12) + "</g>")
    dy += LINE
    for kind, s in part["stations"].items():
        out.append(f'<g data-station="{RD.attr(kind)}" data-at="{RD.attr(s["at"] or "")}" '
                   f'data-shows="{RD.attr(s["shows"])}"></g>')
    out.append(RD.svg_text(x, y + dy + 12, stations_text(part, w), 12))
    dy += LINE
    for col, cards in part["retinue"].items():
        out.append(f'<g data-column="{RD.attr(col)}" data-cards="{len(cards)}">'
                   + RD.svg_text(x, y + dy + 12, column_text(part, col, w), 12))
        per_row = max(1, int(width // (CHIP_W + 6)))
        for i, card in enumerate(cards):  # each card drawn, clickable where an id names it (act, shift)
            row, k = divmod(i, per_row)
            out.append(RD.card(ctx, card, x + k * (CHIP_W + 6), y + dy + 18 + row * (CHIP_H + 6), "retinue", CHIP_W,
                               CHIP_H))
        rows = (len(cards) + per_row - 1) // per_row
        out.append("</g>")
        dy += LINE + rows * (CHIP_H + 6)
    out.append('<g data-forest-relics="' + str(sum(len(r) for r in part["forests"].values())) + '">'
               + RD.svg_text(x, y + dy + 12, forests_text(part, w), 12) + "</g>")
    dy += LINE
    return "".join(out) + "</g>", dy + 4
