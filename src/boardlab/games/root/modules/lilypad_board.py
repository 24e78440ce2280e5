"""The Lilypad Diaspora's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from its
part of a seat's view (`lilypad.view`, all public): its enclaves on the map by side and those left in its supply,
the Daylight actions taken, what Integrate would score with a card of each suit, the cards it draws in Evening, and
the Pond, face up (its top card last).

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back to
their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "lilypad"


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def enclaves_text(part: dict, w: TX.Words) -> str:
    return w("txt.lilypad.enclaves", peaceful=w.join(part["peaceful"]) or "-", militant=w.join(part["militant"]) or "-",
             left=part["enclaves_left"])


def turn_text(part: dict, w: TX.Words) -> str:
    return w("txt.lilypad.turn", actions=part["actions"], most=part["actions_max"], draws=part["draws"])


def integrate_text(part: dict, w: TX.Words) -> str:
    return w.label(w("txt.lilypad.integrate"), w.join(f"{w.suit(s)} {n}" for s, n in part["integrate"].items()))


def pond_text(part: dict, w: TX.Words) -> str:
    cards = part["pond"]
    return w.label(w("txt.lilypad.pond", n=len(cards)), w.join(w.card_with_suit(c) for c in cards) or "-")


TEXTS = (enclaves_text, turn_text, integrate_text, pond_text)


# ---- the terminal table -----------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    return [text(part, w) for text in TEXTS]


# ---- the web table ------------------------------------------------------------------------------------------------

ROW, DOT = 22, 8
COLOURS = {"peaceful": "#8fd16a", "militant": "#3d6e2a"}


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}" data-peaceful="{len(part["peaceful"])}" data-militant="{len(part["militant"])}"'
           f' data-left="{part["enclaves_left"]}">', RD.svg_text(x, y + 14, enclaves_text(part, w), 12, weight="bold")]
    i = 0
    for side in ("peaceful", "militant"):
        for _ in part[side]:
            out.append(f'<circle data-enclave="{side}" cx="{x + 8 + i * (2 * DOT + 2)}" cy="{y + ROW + 10}" r="{DOT}"'
                       f' fill="{COLOURS[side]}" stroke="#222" stroke-width="1"/>')
            i += 1
    dy = 2 * ROW
    for text in (turn_text, integrate_text):
        out.append(RD.svg_text(x, y + dy + 14, text(part, w), 12))
        dy += ROW
    out.append(f'<g data-pond="{len(part["pond"])}">' + RD.svg_text(x, y + dy + 14, pond_text(part, w), 12) + "</g>")
    dy += ROW
    per_row = max(1, int(width // (RD.CARD_W + 6)))
    rows = 0
    for k, card in enumerate(part["pond"]):
        row, col = divmod(k, per_row)
        rows = row + 1
        out.append(RD.card(ctx, card, x + col * (RD.CARD_W + 6), y + dy + row * (RD.CARD_H + 6), "lilypad-pond"))
    return "".join(out) + "</g>", dy + rows * (RD.CARD_H + 6) + 4
