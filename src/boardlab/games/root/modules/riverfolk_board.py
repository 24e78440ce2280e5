"""The Riverfolk Company's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from its
part of a seat's view (`riverfolk.view`, all public): the Payments, Funds and Committed boxes (warriors by owner),
the three Trade Posts tracks (posts left, spaces uncovered and the warriors on them, the next post's points), the
Services tracks' prices, the services bought this turn and the public hand (its cards clickable for the ids naming
them: a buyer's `buy:hand_card:CARD`).

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back to
their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "riverfolk"
BOXES = ("payments", "funds", "committed")


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def box_text(part: dict, box: str, w: TX.Words) -> str:
    warriors = part[box]
    listed = w.join(f"{w.faction(o)} {n}" for o, n in warriors.items()) if warriors else "-"
    return w.label(w(f"txt.riverfolk.{box}", n=sum(warriors.values())), listed)


def track_text(suit: str, track: dict, w: TX.Words) -> str:
    line = w("txt.riverfolk.track", suit=w.suit(suit), left=track["left"], spaces=track["uncovered"],
             used=len(track["warriors"]))
    if track["next_points"] is not None:
        line += " · " + w("txt.riverfolk.next_post", points=track["next_points"])
    return line


def prices_text(part: dict, w: TX.Words) -> str:
    listed = w.join(w(f"txt.riverfolk.{k}", n=n) for k, n in part["prices"].items())
    return w.label(w("txt.riverfolk.prices"), listed)


def turn_text(part: dict, w: TX.Words) -> str | None:
    turn = part["turn"]
    bought = [w(f"txt.riverfolk.bought_{k}") for k in ("riverboats", "mercenaries") if turn[k]]
    if not turn["allowed"] and not bought:
        return None
    return w("txt.riverfolk.services_turn", bought=turn["bought"], allowed=turn["allowed"],
             services=w.join(bought) if bought else "-")


def hand_text(part: dict, w: TX.Words) -> str:
    cards = part["hand"]
    return w.label(w("txt.riverfolk.hand", n=len(cards)), w.join(w.card_with_suit(c) for c in cards) or "-")


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    out = [" · ".join(box_text(part, b, w) for b in BOXES)]
    out += [track_text(s, t, w) for s, t in part["tracks"].items()]
    out.append(prices_text(part, w))
    turn = turn_text(part, w)
    return out + ([turn] if turn else []) + [hand_text(part, w)]


# ---- the web table ------------------------------------------------------------------------------------------------

ROW, DOT = 22, 8


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}">']
    dy = 0.0
    for box in BOXES:
        out.append(warriors_row(ctx, part[box], box, box_text(part, box, w), x, y + dy))
        dy += ROW
    for suit, track in part["tracks"].items():
        out.append(f'<g data-track="{RD.attr(suit)}" data-left="{track["left"]}" data-uncovered="{track["uncovered"]}"'
                   f' data-used="{len(track["warriors"])}">'
                   + RD.svg_text(x, y + dy + 14, track_text(suit, track, w), 12,
                                 fill=RD.SUIT_COLOURS.get(suit, RD.NEUTRAL)) + "</g>")
        dy += ROW
    prices = " ".join(f'data-{k.replace("_", "-")}="{n}"' for k, n in part["prices"].items())
    out.append(f'<g data-prices="1" {prices}>' + RD.svg_text(x, y + dy + 14, prices_text(part, w), 12, weight="bold")
               + "</g>")
    dy += ROW
    turn = turn_text(part, w)
    if turn:
        out.append('<g data-services-turn="1">' + RD.svg_text(x, y + dy + 14, turn, 12) + "</g>")
        dy += ROW
    svg, h = hand_row(ctx, part, x, y + dy, width)
    out.append(svg)
    return "".join(out) + "</g>", dy + h + 4


def warriors_row(ctx: Any, warriors: dict, box: str, label: str, x: float, y: float) -> str:
    out = [f'<g data-box="{box}" data-n="{sum(warriors.values())}">', RD.svg_text(x, y + 14, label, 12)]
    i = 0
    for owner, n in warriors.items():
        for _ in range(n):
            out.append(f'<circle cx="{x + 330 + i * (2 * DOT + 2)}" cy="{y + 10}" r="{DOT}" '
                       f'fill="{ctx.colour(owner)}" stroke="#222" stroke-width="1"/>')
            i += 1
    return "".join(out) + "</g>"


def hand_row(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """The public hand, face up: each card clickable for the ids naming it (buying it)."""
    cards = part["hand"]
    out = [f'<g data-public-hand="{len(cards)}">', RD.svg_text(x, y + 14, hand_text(part, ctx.w), 12, weight="bold")]
    per_row = max(1, int(width // (RD.CARD_W + 6)))
    rows = 0
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        rows = row + 1
        out.append(RD.card(ctx, card, x + col * (RD.CARD_W + 6), y + 22 + row * (RD.CARD_H + 6), "riverfolk-hand"))
    return "".join(out) + "</g>", 22 + rows * (RD.CARD_H + 6)
