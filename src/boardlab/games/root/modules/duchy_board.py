"""The Underground Duchy's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from its
part of a seat's view (`duchy.view`, all public): the Burrow with its warriors (clickable where a move names it), the
tunnels on the map and in the supply, the Citadels and Markets tracks (what Birdsong places and Evening draws), the
ministers swayed and unswayed with their ranks, the crowns left on the board (the next one's points) and those lost,
and the cards revealed this turn.

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back
to their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "duchy"
BURROW = 13  # the Burrow's number in ids (`from:13`): the place beside the map's 12 clearings


def sheet() -> dict:
    """The board's printed numbers (data/factions/duchy.yaml)."""
    return TX.faction_sheet(NAME)


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def burrow_text(part: dict, w: TX.Words) -> str:
    tunnels = w.join(part["tunnels"]) if part["tunnels"] else "-"
    return w("txt.duchy.burrow", n=part["burrow"], tunnels=tunnels, left=part["tunnels_left"],
             recruits=part["recruits"], draws=part["draws"])


def tracks_text(part: dict, w: TX.Words) -> str:
    numbers = sheet()
    return w("txt.duchy.tracks", citadels=numbers["citadels"] - part["citadels_left"], citadels_left=part["citadels_left"],
             markets=numbers["markets"] - part["markets_left"], markets_left=part["markets_left"])


def minister_name(m: str, w: TX.Words) -> str:
    return w.piece(m)


def ministers_text(part: dict, w: TX.Words) -> str:
    rank = sheet()["ministers"]
    swayed = w.join(f"{minister_name(m, w)} ({w.piece(rank[m])})" for m in part["swayed"]) or "-"
    unswayed = w.join(minister_name(m, w) for m in part["unswayed"]) or "-"
    return w("txt.duchy.ministers", swayed=swayed, unswayed=unswayed)


def crowns_text(part: dict, w: TX.Words) -> str:
    listed = []
    for r, n in part["crowns"].items():
        points = part["next_points"].get(r)
        item = w("txt.duchy.crown", rank=w.piece(r), n=n) + (" " + w("txt.duchy.next", points=points) if points else "")
        if part["lost"].get(r):
            item += " " + w("txt.duchy.lost", n=part["lost"][r])
        listed.append(item)
    return w.label(w("txt.duchy.crowns"), w.join(listed))


def revealed_text(part: dict, w: TX.Words) -> str:
    cards = part["revealed"]
    return w.label(w("txt.duchy.revealed", n=len(cards)), w.join(w.card_with_suit(c) for c in cards) or "-")


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    out = [burrow_text(part, w), tracks_text(part, w), ministers_text(part, w), crowns_text(part, w)]
    return out + ([revealed_text(part, w)] if part["revealed"] else [])


# ---- the web table ------------------------------------------------------------------------------------------------

CHIP_W, CHIP_H, GAP = 96, 30, 6


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}" data-burrow="{part["burrow"]}" data-tunnels-left="{part["tunnels_left"]}" '
           f'data-recruits="{part["recruits"]}" data-draws="{part["draws"]}">',
           RD.svg_text(x, y + 12, burrow_text(part, w), 12, weight="bold")]
    out.append(burrow_box(ctx, part, x, y + 22))
    out.append(tracks(ctx, part, x + 150, y + 22))
    svg, h = ministers(ctx, part, x, y + 90, width)
    out.append(svg)
    dy = 90 + h
    out.append(RD.svg_text(x, y + dy + 12, crowns_text(part, w), 12))
    dy += 18
    if part["revealed"]:
        svg, h = revealed(ctx, part, x, y + dy, width)
        out.append(svg)
        dy += h
    return "".join(out) + "</g>", dy + 4


def burrow_box(ctx: Any, part: dict, x: float, y: float) -> str:
    """The Burrow: its warriors, clickable for the ids naming it (a move from or into it)."""
    attrs, tip = ctx.clickable("clearing", BURROW)
    name = ctx.w("place.13")
    fill = ctx.colour(NAME)
    out = [f'<g data-clearing="{BURROW}" data-place="burrow" data-warriors="{part["burrow"]}"{attrs}>',
           RD.title(name + ("\n" + tip if tip else "")),
           f'<rect class="disc" x="{x}" y="{y}" width="136" height="56" rx="10" fill="#5b4636" stroke="#2b2016" '
           f'stroke-width="2"/>',
           RD.svg_text(x + 68, y + 18, name, 12, "middle", "bold", "#fffaf0")]
    out.append(f'<circle cx="{x + 52}" cy="{y + 38}" r="11" fill="{fill}" stroke="#222" stroke-width="1.2"/>'
               + RD.svg_text(x + 52, y + 42, part["burrow"], 11, "middle", "bold", RD.ink(fill))
               + RD.svg_text(x + 70, y + 42, ctx.w.piece("warrior"), 11, "start", "normal", "#fffaf0"))
    return "".join(out) + "</g>"


def tracks(ctx: Any, part: dict, x: float, y: float) -> str:
    numbers = sheet()
    out = []
    for row, kind in enumerate(("citadel", "market")):
        left = part[f"{kind}s_left"]
        placed = numbers[f"{kind}s"] - left
        ry = y + row * 32
        out.append(f'<g data-track="{kind}" data-on-map="{placed}" data-left="{left}">'
                   + RD.svg_text(x, ry + 18, ctx.w.piece(kind), 12, weight="bold")
                   + RD.track_cells(ctx, NAME, kind, left, placed, x + 70, ry) + "</g>")
    return "".join(out)


def ministers(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """The nine ministers by rank: swayed ones filled, unswayed ones outlined."""
    rank = sheet()["ministers"]
    fill = ctx.colour(NAME)
    swayed = set(part["swayed"])
    out = ['<g data-ministers="1">']
    per_row = max(1, int(width // (CHIP_W + GAP)))
    for i, m in enumerate(rank):
        row, col = divmod(i, per_row)
        cx, cy = x + col * (CHIP_W + GAP), y + row * (CHIP_H + GAP)
        on = m in swayed
        label = f"{ctx.w.piece(m)} · {ctx.w.piece(rank[m])}"
        out.append(f'<g data-minister="{m}" data-rank="{rank[m]}" data-swayed="{int(on)}">{RD.title(label)}'
                   f'<rect x="{cx}" y="{cy}" width="{CHIP_W}" height="{CHIP_H}" rx="5" '
                   f'fill="{fill if on else "#fffaf0"}" stroke="#3b2f1e" stroke-width="{2 if on else 1}"/>'
                   + RD.svg_text(cx + CHIP_W / 2, cy + 19, ctx.w.piece(m), 10, "middle", "bold" if on else "normal",
                                 RD.ink(fill) if on else "#3b2f1e") + "</g>")
    rows = -(-len(rank) // per_row)
    return "".join(out) + "</g>", rows * (CHIP_H + GAP) + 4


def revealed(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    cards = part["revealed"]
    out = [f'<g data-revealed="{len(cards)}">' + RD.svg_text(x, y + 12, ctx.w("txt.duchy.revealed", n=len(cards)), 12,
                                                             weight="bold")]
    chip_w, chip_h = 120, 40
    per_row = max(1, int(width // (chip_w + 6)))
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        out.append(RD.card(ctx, card, x + col * (chip_w + 6), y + 18 + row * (chip_h + 6), "revealed", chip_w, chip_h))
    rows = -(-len(cards) // per_row)
    return "".join(out) + "</g>", 20 + rows * (chip_h + 6)
