"""The Woodland Alliance's faction board on the terminal table (`lines`) and the web table (`picture`),
drawn from its part of a seat's view (`alliance.view`): the Sympathy track (tokens on the map and left,
the cost and points of the next token), the Bases box (bases on the map by clearing, those still on the
board by suit), the officers and the military operations left in its Evening, and the Supporters stack:
its cards for the Alliance's own seat (the view hides them from the others, who get their number and
any card they know, such as one they gave by Outrage).

The hooks are the ones text.py and render.py ask a faction module for (`MODULE.lines`,
`MODULE.picture`); a view part shaped otherwise falls back to their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "alliance"


# ---- reading the view part ------------------------------------------------------------------------------------

def sheet() -> dict:
    """The board's printed numbers (data/factions/alliance.yaml)."""
    return TX.faction_sheet(NAME)


def supporters(part: dict) -> tuple[int, list[str] | None, list[str]]:
    """(number, the cards if this view shows them, cards of the hidden stack the viewer knows)."""
    (stack,) = part["supporters"].values()
    if isinstance(stack, list):
        return len(stack), list(stack), []
    return int(stack["count"]), None, list(stack.get("known", ()))


def evening_draws(part: dict) -> int:
    """One card, plus one per base on the map (the spaces the bases uncovered)."""
    return 1 + sheet().get("base_draw_bonus", 1) * len(part["bases"])


def in_evening(view: dict) -> bool:
    """Whether it is the Alliance's Evening (its operations left then count down)."""
    factions, active = view.get("factions", ()), view.get("active")
    return view.get("phase") == "evening" and isinstance(active, int) and 0 <= active < len(factions) and (
        factions[active] == NAME)


def suit_of(view: dict, number: int) -> str:
    return view["clearings"][number - 1]["suit"]


def by_suit(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in cards:
        suit = TX.card_suit(card) or "-"
        out[suit] = out.get(suit, 0) + 1
    return out


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def sympathy_text(part: dict, w: TX.Words) -> str:
    placed, left, nxt = part["sympathy_on_map"], part["sympathy_track"], part["next_sympathy"]
    if not nxt:
        return w("txt.alliance.sympathy_done", placed=placed)
    return w("txt.alliance.sympathy", placed=placed, left=left, cost=nxt["cost"], points=nxt["points"],
             extra=sheet().get("martial_law", {}).get("extra", 1))


def bases_text(view: dict, part: dict, w: TX.Words) -> str:
    on_map = w.join(f"{n} ({w.suit(suit_of(view, n))})" for n in part["bases"])
    return w("txt.alliance.bases", on_map=on_map, box=w.join(w.suit(s) for s in part["bases_box"]),
             draws=evening_draws(part))


def officers_text(view: dict, part: dict, w: TX.Words) -> str:
    if in_evening(view):
        return w("txt.alliance.operations", n=part["officers"], left=part["operations_left"])
    return w("txt.alliance.officers", n=part["officers"])


def supporters_head(part: dict, w: TX.Words) -> str:
    """Their number, and the stack's limit while no base is on the map."""
    n, limit = supporters(part)[0], part.get("supporter_limit")
    return w("txt.alliance.supporters", n=n) if limit is None else w("txt.alliance.supporters_limit", n=n, limit=limit)


def supporters_text(part: dict, w: TX.Words) -> str:
    n, cards, known = supporters(part)
    head = supporters_head(part, w)
    if cards is not None:
        suits = w.join(f"{w.suit(s)} {k}" for s, k in by_suit(cards).items())
        return w.label(head, w.join(w.card_with_suit(c) for c in cards)) + (
            " · " + w.label(w("txt.alliance.by_suit"), suits) if cards else "")
    line = w.label(head, w("txt.alliance.face_down"))
    return line + (" " + w("txt.known", cards=w.join(w.card_with_suit(c) for c in known)) if known else "")


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    return [sympathy_text(part, w), bases_text(view, part, w), officers_text(view, part, w),
            supporters_text(part, w)]


# ---- the web table ------------------------------------------------------------------------------------------------

CELL, GAP = 34, 4


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    head = " · ".join((officers_text(ctx.view, part, w), w("txt.alliance.draws", n=evening_draws(part))))
    out = [f'<g data-board="{NAME}">', RD.svg_text(x, y + 12, head, 12)]
    out.append(sympathy_track(ctx, part, x, y + 22))
    out.append(bases_box(ctx, part, x, y + 100))
    out.append(officers_box(ctx, part, x + 330, y + 100))
    svg, h = supporters_box(ctx, part, x, y + 140, width)
    out.append(svg)
    return "".join(out) + "</g>", 140 + h + 4


def sympathy_track(ctx: Any, part: dict, x: float, y: float) -> str:
    """The ten spaces: those uncovered (tokens on the map) show their points dimmed, the next is ringed;
    each space's points inside it, its cost in supporters below."""
    w, numbers = ctx.w, sheet()
    placed, total = part["sympathy_on_map"], numbers["sympathy"]
    fill = ctx.colour(NAME)
    out = [f'<g data-sympathy-track="1" data-placed="{placed}" data-left="{part["sympathy_track"]}">',
           RD.svg_text(x, y + 20, w("txt.alliance.sympathy_track"), 12, weight="bold"),
           RD.svg_text(x, y + 48, w("txt.alliance.track_legend"), 10, fill="#6b5537")]
    x0 = x + 120
    for i in range(total):
        cx = x0 + i * (CELL + GAP)
        points, cost = numbers["points"][i], numbers["cost"][i]
        on_track = i >= placed
        ring = ' stroke="#0a5c2a" stroke-width="3"' if i == placed else ' stroke="#222" stroke-width="1.2"'
        shape = RD.space(cx, y, CELL, CELL - 4, fill, on_track, ring if on_track else ' stroke="#8a7650"')
        tip = w("txt.alliance.space", points=points, cost=cost)
        out.append(f'<g data-sympathy-space="{i + 1}" data-filled="{int(on_track)}" data-points="{points}" '
                   f'data-cost="{cost}">{RD.title(tip)}{shape}'
                   + RD.svg_text(cx + CELL / 2, y + 20, f"+{points}", 12, "middle", "bold",
                                 RD.ink(fill) if on_track else "#8a7650")
                   + RD.svg_text(cx + CELL / 2, y + CELL + 10, cost, 10, "middle", fill="#6b5537") + "</g>")
    out.append(RD.svg_text(x0, y + CELL + 28, sympathy_text(part, w), 12))
    return "".join(out) + "</g>"


def bases_box(ctx: Any, part: dict, x: float, y: float) -> str:
    """One space per suit: the base still on it, or the clearing where it stands on the map."""
    w = ctx.w
    where = {suit_of(ctx.view, n): n for n in part["bases"]}
    fill = ctx.colour(NAME)
    out = ['<g data-bases-box="1">', RD.svg_text(x, y + 20, w("txt.alliance.bases_box"), 12, weight="bold")]
    for i, suit in enumerate(sheet()["bases"]):
        bx = x + 120 + i * 62
        colour = RD.SUIT_COLOURS.get(suit, RD.NEUTRAL)
        number = where.get(suit)
        label = w.suit(suit) + ": " + (w("txt.alliance.base_at", n=number) if number else w("txt.alliance.base_here"))
        out.append(f'<g data-base="{RD.attr(suit)}" data-on-map="{int(bool(number))}"'
                   + (f' data-base-clearing="{number}"' if number else "") + f'>{RD.title(label)}'
                   f'<rect x="{bx}" y="{y}" width="56" height="30" rx="4" fill="#fffaf0" stroke="{colour}" '
                   f'stroke-width="3"/>')
        if number:
            out.append(RD.svg_text(bx + 28, y + 20, f"→ {number}", 12, "middle", "bold", "#3b2f1e"))
        else:
            out.append(f'<rect x="{bx + 16}" y="{y + 4}" width="22" height="22" rx="3" fill="{fill}" stroke="#222"/>'
                       + RD.svg_text(bx + 27, y + 20, RD.initial(w.piece("base")), 12, "middle", "bold", RD.ink(fill)))
        out.append("</g>")
    return "".join(out) + "</g>"


def officers_box(ctx: Any, part: dict, x: float, y: float) -> str:
    n = part["officers"]
    fill = ctx.colour(NAME)
    out = [f'<g data-officers="{n}" data-operations-left="{part["operations_left"]}">',
           RD.svg_text(x, y + 20, ctx.w("txt.alliance.officers_box", n=n), 12, weight="bold")]
    out.append(RD.warrior_row(fill, n, x + 110, y + 15))
    return "".join(out) + "</g>"


def supporters_box(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """The stack: its cards (clickable where an id names them) when the view shows them, else a
    face-down pile with its number and the cards this seat knows in it."""
    w = ctx.w
    n, cards, known = supporters(part)
    head = supporters_head(part, w)
    out = [f'<g data-supporters="{n}" data-face-up="{int(cards is not None)}">',
           RD.svg_text(x, y + 12, head, 12, weight="bold")]
    chip_w, chip_h = 120, 46
    shown = cards if cards is not None else known
    x0 = x
    if cards is None:
        out.append(f'<rect data-supporters-stack="{n}" x="{x}" y="{y + 20}" width="{chip_w * 0.6:.0f}" height="{chip_h}" '
                   f'rx="5" fill="#4a6b3a" stroke="#2d4323" stroke-width="2">{RD.title(supporters_text(part, w))}</rect>'
                   + RD.svg_text(x + chip_w * 0.3, y + 20 + chip_h / 2 + 5, n, 16, "middle", "bold", "#fff"))
        x0 = x + chip_w * 0.6 + 10
    per_row = max(1, int((width - (x0 - x)) // (chip_w + 6)))
    for i, card in enumerate(shown):
        row, col = divmod(i, per_row)
        zone = "supporters" if cards is not None else "supporters-known"
        out.append(RD.card(ctx, card, x0 + col * (chip_w + 6), y + 20 + row * (chip_h + 6), zone, chip_w, chip_h))
    rows = max(1, -(-len(shown) // per_row))
    return "".join(out) + "</g>", 20 + rows * (chip_h + 6)
