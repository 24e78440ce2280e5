"""The Lizard Cult's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from its
part of a seat's view (`lizard.view`, all public): the Outcast box (the suit under the marker, Hated or not),
the Acolytes box with what each conspiracy costs now, the three Gardens tracks (gardens on the map and on the
track, the points above each space, the card bonuses, the suit scored this turn), the cards revealed this turn
and the Lost Souls pile, face up (its cards by suit: the next Outcast).

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back
to their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "lizard"


def sheet() -> dict:
    """The board's printed numbers (data/factions/lizard.yaml)."""
    return TX.faction_sheet(NAME)


def by_suit(cards: list[str]) -> dict[str, int]:
    """The Lost Souls pile counted by suit, birds apart (they never make the Outcast)."""
    out: dict[str, int] = {}
    for card in cards:
        suit = TX.card_suit(card) or "-"
        out[suit] = out.get(suit, 0) + 1
    return out


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def outcast_text(part: dict, w: TX.Words) -> str:
    if not part["outcast"]:
        return w("txt.lizard.no_outcast")
    key = "txt.lizard.outcast_hated" if part["hated"] else "txt.lizard.outcast"
    return w(key, suit=w.suit(part["outcast"]))


def acolytes_text(part: dict, w: TX.Words) -> str:
    costs = part.get("costs") or {}
    listed = w.join(w(f"txt.lizard.cost_{k}", n=n) for k, n in costs.items())
    return w("txt.lizard.acolytes", n=part["acolytes"], costs=listed)


def track_text(suit: str, track: dict, w: TX.Words) -> str:
    line = w("txt.lizard.track", suit=w.suit(suit), on_map=track["on_map"], left=track["left"])
    if track["points"]:
        line += " · " + w("txt.lizard.score_done" if track["scored"] else "txt.lizard.score_next",
                          points=track["points"])
    return line


def cards_text(key: str, cards: list[str], w: TX.Words) -> str:
    return w.label(w(key, n=len(cards)), w.join(w.card_with_suit(c) for c in cards))


def souls_text(part: dict, w: TX.Words) -> str:
    cards = part["lost_souls"]
    line = cards_text("txt.lizard.lost_souls", cards, w)
    if cards:
        line += " · " + w.label(w("txt.lizard.by_suit"), w.join(f"{w.suit(s)} {n}" for s, n in by_suit(cards).items()))
    return line


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    out = [outcast_text(part, w) + " · " + acolytes_text(part, w)]
    out += [track_text(s, t, w) for s, t in part["gardens"].items()]
    out.append(w("txt.lizard.draws", n=part["draws"]))
    if part["revealed"]:
        out.append(cards_text("txt.lizard.revealed", part["revealed"], w))
    return out + [souls_text(part, w)]


# ---- the web table ------------------------------------------------------------------------------------------------

CELL, GAP, ROW = 34, 6, 44


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}">', RD.svg_text(x, y + 12, w("txt.lizard.draws", n=part["draws"]), 12)]
    tracks, h = gardens_tracks(ctx, part, x, y + 22)
    out.append(tracks)
    out.append(outcast_box(ctx, part, x + 360, y + 22))
    out.append(acolytes_box(ctx, part, x + 360, y + 82))
    svg, h2 = card_rows(ctx, part, x, y + 22 + h + 8, width)
    out.append(svg)
    return "".join(out) + "</g>", 22 + h + 8 + h2 + 4


def gardens_tracks(ctx: Any, part: dict, x: float, y: float) -> tuple[str, float]:
    """One row per suit: its spaces left to right, the points above each (the Score ritual with that many
    gardens on the map), a card under the spaces with a draw bonus; a space is empty once its garden is on the
    map, the next Score's space ringed."""
    w, numbers = ctx.w, sheet()
    fill = ctx.colour(NAME)
    out = ['<g data-gardens-tracks="1">', RD.svg_text(x, y + 12, w("txt.lizard.gardens"), 12, weight="bold")]
    for row, (suit, track) in enumerate(part["gardens"].items()):
        ry = y + 22 + row * ROW
        colour = RD.SUIT_COLOURS.get(suit, RD.NEUTRAL)
        out.append(f'<g data-gardens="{RD.attr(suit)}" data-on-map="{track["on_map"]}" data-left="{track["left"]}"'
                   f' data-scored="{int(bool(track["scored"]))}">'
                   + RD.svg_text(x, ry + 20, w.suit(suit), 12, weight="bold", fill=colour))
        for i in range(numbers["gardens"]):
            out.append(space(ctx, suit, track, i, x + 70 + i * (CELL + GAP), ry, fill))
        out.append("</g>")
    return "".join(out) + "</g>", 22 + len(part["gardens"]) * ROW


def space(ctx: Any, suit: str, track: dict, i: int, cx: float, y: float, fill: str) -> str:
    numbers = sheet()
    points = numbers["points"][i]
    empty = i < track["on_map"]
    bonus = (i + 1) in numbers["draw_bonus"]
    ring = ' stroke="#0a5c2a" stroke-width="3"' if empty and i == track["on_map"] - 1 else ' stroke="#222"'
    tip = ctx.w("txt.lizard.space", points=points) + (" · " + ctx.w("txt.lizard.bonus") if bonus else "")
    shape = RD.space(cx, y + 8, CELL, CELL - 8, fill, not empty, ring)
    out = (f'<g data-garden-space="{i + 1}" data-suit="{RD.attr(suit)}" data-filled="{int(not empty)}" '
           f'data-points="{points}" data-bonus="{int(bonus)}">{RD.title(tip)}{shape}'
           + RD.svg_text(cx + CELL / 2, y + 6, f"+{points}", 10, "middle", "bold", "#6b5537"))
    if bonus:
        out += (f'<rect x="{cx + CELL / 2 - 5}" y="{y + 13}" width="10" height="14" rx="2" fill="#fffaf0" '
                f'stroke="#6b5537" stroke-width="1.2" data-card-bonus="1"/>')
    return out + "</g>"


def outcast_box(ctx: Any, part: dict, x: float, y: float) -> str:
    """The three suit spaces, the marker on the Outcast's (its Hated side up, or not)."""
    w = ctx.w
    out = [f'<g data-outcast="{RD.attr(part["outcast"] or "")}" data-hated="{int(bool(part["hated"]))}">',
           RD.svg_text(x, y + 12, outcast_text(part, w), 12, weight="bold")]
    for i, suit in enumerate(sheet()["suits"]):
        bx = x + i * 62
        colour = RD.SUIT_COLOURS.get(suit, RD.NEUTRAL)
        marked = suit == part["outcast"]
        out.append(f'<g data-outcast-space="{RD.attr(suit)}" data-marked="{int(marked)}">{RD.title(w.suit(suit))}'
                   f'<rect x="{bx}" y="{y + 20}" width="56" height="28" rx="4" fill="#fffaf0" stroke="{colour}" '
                   f'stroke-width="{4 if marked else 2}"/>'
                   + RD.svg_text(bx + 28, y + 39, w.suit(suit), 11, "middle", "bold" if marked else "normal", colour)
                   + "</g>")
    return "".join(out) + "</g>"


def acolytes_box(ctx: Any, part: dict, x: float, y: float) -> str:
    n = part["acolytes"]
    fill = ctx.colour(NAME)
    out = [f'<g data-acolytes="{n}">', RD.svg_text(x, y + 12, acolytes_text(part, ctx.w), 12, weight="bold")]
    out.append(RD.warrior_row(fill, n, x + 10, y + 30))
    return "".join(out) + "</g>"


def card_rows(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """The cards revealed this turn, then the Lost Souls pile (both face up)."""
    out, dy = [], 0.0
    for zone, key, cards in (("revealed", "txt.lizard.revealed", part["revealed"]),
                             ("lost-souls", "txt.lizard.lost_souls", part["lost_souls"])):
        head = souls_text(part, ctx.w) if zone == "lost-souls" else ctx.w(key, n=len(cards))
        out.append(f'<g data-{zone}="{len(cards)}">' + RD.svg_text(x, y + dy + 12, head, 12, weight="bold"))
        chip_w, chip_h = 120, 40
        per_row = max(1, int(width // (chip_w + 6)))
        for i, card in enumerate(cards):
            row, col = divmod(i, per_row)
            out.append(RD.card(ctx, card, x + col * (chip_w + 6), y + dy + 18 + row * (chip_h + 6), zone, chip_w,
                               chip_h))
        rows = -(-len(cards) // per_row)
        out.append("</g>")
        dy += 20 + rows * (chip_h + 6)
    return "".join(out), dy
