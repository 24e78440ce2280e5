"""An SVG picture of a Root table, drawn from a seat's (redacted) view.

The map comes from the map's data (`content.MAPS`: clearing positions, paths, rivers, forests, the
lake's coastal clearings, the Pass) and the view (each clearing's suit, warriors per faction,
buildings in slot order with ruins, tokens; pawns in clearings or forests; pieces on paths; the Ferry; closed
paths).
Below it: the score track, the deck (a count), the discard pile face up, the dominance cards
available, the item supply, one panel per seat (faction, score or activated dominance card, hand
size, play area, crafted items and the faction's board) and the viewer's own hand face up.

Clickable targets follow the web client's generic contract (docs/web-api.md, "Board pictures"):
every element a legal id names carries the ids in `data-actions` (and `data-action` when there is
one) with the class `legal`. What an id's argument names comes from the id forms (`view.forms()`,
with the faction modules' own): a clearing (`from:5`, `build_at:3`, `roost_at:1`, ...) makes the
clearing clickable, a card (`craft:CARD`, `discard:CARD`, `decree:move:CARD`, ...) the card wherever
it shows (hand, Decree, dominance cards), a faction or a seat that seat's panel, a forest the forest, a
place (`go:5`, `slip:f2`: a clearing's number or a forest's) that clearing or forest.

A faction's board: the Marquise's and the Eyrie's have their own drawing (`BOARD_PICTURES`); a
faction module may draw its own with `MODULE.picture(ctx, x, y, width) -> (svg, height)`; any other
faction's view part is written out field by field (text.py's `generic_lines`).
"""
from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Callable
from xml.sax.saxutils import escape

from ...core.registry import ruleset
from . import text as TX
from .content import CARDS, CHARACTERS, MAPS, SETUP_CARDS, Board, owner_colour
from .view import forms

W = 1100
FONT = 'font-family="sans-serif"'
MAP_X, MAP_Y, MAP_W, MAP_H = 20, 44, 1060, 740
R = 50  # a clearing's radius
SUIT_COLOURS = {"fox": "#d2452f", "rabbit": "#e6b422", "mouse": "#e07a2e", "bird": "#5aa7d6",
                "frog": "#5a9e3a"}  # frog: the Lilypad Diaspora's cards (LR-16-02-02)
NEUTRAL = "#8a8a8a"
CARD_W, CARD_H = 124, 84
ITEM_COLOURS = {"boot": "#8d6e4c", "sack": "#a08a5c", "crossbow": "#6b4e2e", "hammer": "#707070", "sword": "#9aa4ad",
                "tea": "#5f8f4e", "coin": "#d4a017", "torch": "#c8562a"}


# ---- helpers ---------------------------------------------------------------------------------------------------------

def attr(value: Any) -> str:
    return escape(str(value), {'"': "&quot;"})


def svg_text(x: float, y: float, s: Any, size: float = 12, anchor: str = "start", weight: str = "normal",
             fill: str = "#222", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" {FONT} pointer-events="none" {extra}>{escape(str(s))}</text>')


def title(s: str) -> str:
    return f"<title>{escape(s)}</title>" if s else ""


def ink(fill: str) -> str:
    """Black or white text, whichever reads on `fill` (#rrggbb)."""
    try:
        r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    except (ValueError, IndexError):
        return "#fff"
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def initial(name: str, letters: int = 1) -> str:
    return name[:letters].capitalize() if name.isascii() else name[:1]


def wrap(s: str, n: int) -> list[str]:
    """Lines of at most about `n` characters (Chinese text: half as many characters)."""
    if not s.isascii():
        step = max(1, n // 2)
        return [s[i:i + step] for i in range(0, len(s), step)]
    lines: list[str] = []
    cur = ""
    for word in s.split():
        if cur and len(cur) + 1 + len(word) > n:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return lines + [cur] if cur else lines


class Ctx:
    """What every drawing function needs: the view, the words of the language, the clickable ids."""

    def __init__(self, view: dict, lang: str, legal: list[str]):
        self.view, self.lang, self.legal = view, lang, legal
        self.rules = ruleset("root")
        self.w = TX.Words(self.rules.catalogue, lang)
        self.board: Board = MAPS[view["map"]]
        self.targets = targets(legal)
        self.texts = {a["id"]: a.get("text", "") for a in view.get("legal_actions", ()) if isinstance(a, dict)}

    def colour(self, faction: str) -> str:
        """A faction's colour, or a hireling's (an owner of pieces, state.py)."""
        return owner_colour(faction) or NEUTRAL

    def clickable(self, kind: str, value: Any, *more: tuple[str, Any]) -> tuple[str, str]:
        """Attributes making an element clickable for the ids naming it (as `kind` `value`, or as any
        of `more` such pairs), and their texts as a tooltip."""
        return self.attrs(list(dict.fromkeys(i for k, v in ((kind, value), *more) for i in self.targets[k].get(str(v), []))))

    def attrs(self, ids: list[str]) -> tuple[str, str]:
        if not ids:
            return "", ""
        tip = "\n".join(self.texts.get(i, i) for i in ids)
        attrs = f' class="legal" data-actions="{attr(" ".join(ids))}"' + (
            f' data-action="{attr(ids[0])}"' if len(ids) == 1 else "") + ' style="cursor:pointer"'
        return attrs, tip

    def xy(self, c: int) -> tuple[float, float]:
        x, y = self.board.xy[c]
        return MAP_X + x * MAP_W, MAP_Y + y * MAP_H

    def forest_xy(self, f: int) -> tuple[float, float]:
        x, y = self.board.forest_xy[f]
        return MAP_X + x * MAP_W, MAP_Y + y * MAP_H


def targets(legal: list[str]) -> dict[str, dict[str, list[str]]]:
    """kind (clearing, card, faction, seat, forest, path) -> argument -> the legal ids naming it."""
    shapes = forms()
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for action in legal:
        head, *parts = action.split(":")
        kinds = shapes.get(head, ())
        for i, part in enumerate(parts):
            kind = kinds[i] if i < len(kinds) else None
            if kind == "place":  # a clearing's number or a forest's `fN` (where a pawn goes)
                kind, part = ("forest", part[1:]) if part.startswith("f") else ("clearing", part)
            if kind in ("clearing", "card", "faction", "seat", "forest", "setup_card"):
                out[kind][part].append(action)
        ends = [int(p) for p, k in zip(parts, kinds) if k == "clearing" and p.isdigit()]
        if len(ends) == 2:  # two clearings: the path between them too (a closed path to open)
            out["path"]["-".join(map(str, sorted(ends)))].append(action)
    return out


# ---- the map ---------------------------------------------------------------------------------------------------------

def around(points: list[tuple[float, float]], centre: tuple[float, float], pull: float) -> str:
    """A polygon through `points` pulled towards `centre`, in angle order."""
    cx, cy = centre
    ordered = sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    return " ".join(f"{cx + (x - cx) * pull:.1f},{cy + (y - cy) * pull:.1f}" for x, y in ordered)


def forests_layer(ctx: Ctx) -> str:
    out = ['<g data-layer="forests">']
    for f, clearings in enumerate(ctx.board.forests):
        centre = ctx.forest_xy(f)
        pts = around([ctx.xy(c) for c in clearings], centre, 0.97)
        attrs, tip = ctx.clickable("forest", f + 1)
        out.append(f'<polygon data-forest="{f + 1}" points="{pts}" fill="#5f8f4e" fill-opacity="0.45" '
                   f'stroke="none"{attrs}>'
                   f'{title(tip or ctx.w("txt.forest", n=f + 1))}</polygon>')
    return "".join(out) + "</g>"


def lake_layer(ctx: Ctx) -> str:
    coastal = ctx.board.coastal
    if len(coastal) < 3:
        return ""
    pts = [ctx.xy(c) for c in coastal]
    centre = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
    return (f'<polygon data-lake="1" points="{around(pts, centre, 0.78)}" fill="#6fb3e0" fill-opacity="0.75" '
            f'stroke="#3d7fb5" stroke-width="2">{title(ctx.w("txt.lake"))}</polygon>')


def links_layer(ctx: Ctx) -> str:
    """Rivers, then paths (closed ones dashed and crossed)."""
    out = ['<g data-layer="links">']
    for a, nbrs in enumerate(ctx.board.river_adj):
        for b in nbrs:
            if a < b:
                (x1, y1), (x2, y2) = ctx.xy(a), ctx.xy(b)
                out.append(f'<line data-river="{a + 1}-{b + 1}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                           f'stroke="#4a90d9" stroke-width="7" stroke-linecap="round" opacity="0.8">'
                           f'{title(ctx.w("txt.river", a=a + 1, b=b + 1))}</line>')
    closed = set(TX.closed_paths(ctx.view))
    for a, b in ctx.board.paths:
        (x1, y1), (x2, y2) = ctx.xy(a), ctx.xy(b)
        shut = (a + 1, b + 1) in closed
        label = ctx.w("txt.closed_path" if shut else "txt.path", a=a + 1, b=b + 1)
        style = 'stroke="#6b5537" stroke-width="5" stroke-dasharray="6 7"' if shut else 'stroke="#cdb27a" stroke-width="10"'
        attrs, tip = ctx.clickable("path", f"{a + 1}-{b + 1}")
        out.append(f'<line data-path="{a + 1}-{b + 1}" data-closed="{int(shut)}" x1="{x1:.1f}" y1="{y1:.1f}" '
                   f'x2="{x2:.1f}" y2="{y2:.1f}" {style} stroke-linecap="round"{attrs}>'
                   f'{title(label + (chr(10) + tip if tip else ""))}</line>')
        if shut:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            out.append(svg_text(mx, my + 7, "✕", 20, "middle", "bold", "#6b1d1d"))
    return "".join(out) + "</g>"


def clearing_group(ctx: Ctx, clearing: dict) -> str:
    number = clearing["id"]
    c = number - 1
    cx, cy = ctx.xy(c)
    suit = clearing["suit"]
    colour = SUIT_COLOURS.get(suit, NEUTRAL)
    attrs, tip = ctx.clickable("clearing", number)
    name = ctx.w("clearing", n=number) + " · " + ctx.w.suit(suit)
    out = [f'<g data-clearing="{number}" data-suit="{attr(suit)}" data-slots="{clearing["slots"]}"{attrs}>',
           title(name + ("\n" + tip if tip else "")),
           f'<circle class="disc" cx="{cx:.1f}" cy="{cy:.1f}" r="{R}" fill="#f7f0dc" stroke="{colour}" stroke-width="6"/>',
           f'<circle cx="{cx - R + 8:.1f}" cy="{cy - R + 8:.1f}" r="14" fill="{colour}" stroke="#3b2f1e" stroke-width="1.5"/>',
           svg_text(cx - R + 8, cy - R + 13, number, 14, "middle", "bold", ink(colour)),
           svg_text(cx, cy + R + 15, ctx.w.suit(suit), 12, "middle", "bold", "#3b2f1e", f'data-suit-name="{attr(suit)}"')]
    out.append(slots(ctx, clearing, cx, cy - 22))
    out.append(tokens(ctx, clearing["tokens"], cx, cy + 7))
    out.append(warriors(ctx, clearing["warriors"], cx, cy + 31))
    for owner, at in ctx.view.get("pawns", {}).items():
        if at.get("clearing") == number:
            out.append(pawn(ctx, owner, cx + R - 6, cy - 4))
    return "".join(out) + "</g>"


def slots(ctx: Ctx, clearing: dict, cx: float, cy: float) -> str:
    """The building slots in order: ruins, buildings, then free slots (dashed)."""
    n = max(clearing["slots"], len(clearing["buildings"]))
    size, gap = 24, 4
    x0 = cx - (n * size + (n - 1) * gap) / 2
    out = []
    for i in range(n):
        x, y = x0 + i * (size + gap), cy - size / 2
        if i < len(clearing["buildings"]):
            owner, kind = clearing["buildings"][i]
            fill = "#9b9b9b" if kind == "ruin" and not owner else ctx.colour(owner)
            name = ctx.w.piece(kind) if not owner else f"{ctx.w.faction(owner)}: {ctx.w.piece(kind)}"
            out.append(f'<g data-piece="building" data-faction="{attr(owner)}" data-kind="{attr(kind)}" data-slot="{i}">'
                       f'<rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" rx="3" fill="{fill}" '
                       f'stroke="#222" stroke-width="1.5">{title(name)}</rect>'
                       + svg_text(x + size / 2, y + 17, initial(ctx.w.piece(kind)), 13, "middle", "bold", ink(fill))
                       + "</g>")
        else:
            out.append(f'<rect data-slot="{i}" data-free="1" x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" '
                       f'rx="3" fill="#ffffff" stroke="#6b5537" stroke-width="1.2" stroke-dasharray="3 2">'
                       f'{title(ctx.w("txt.free_slot"))}</rect>')
    return "".join(out)


def tokens(ctx: Ctx, pieces: list, cx: float, cy: float) -> str:
    """Tokens, one diamond per owner and kind with their number (a clearing may hold many wood)."""
    counts: dict[tuple[str, str], int] = {}
    for owner, kind in pieces:
        counts[(owner, kind)] = counts.get((owner, kind), 0) + 1
    step = 24
    x0 = cx - (len(counts) - 1) * step / 2
    out = []
    for i, ((owner, kind), n) in enumerate(counts.items()):
        x = x0 + i * step
        fill = ctx.colour(owner)
        name = ctx.w.faction(owner) + ": " + ctx.w.piece(kind) + (f" ×{n}" if n > 1 else "")
        out.append(f'<g data-piece="token" data-faction="{attr(owner)}" data-kind="{attr(kind)}" data-count="{n}">'
                   f'<polygon points="{x:.1f},{cy - 10:.1f} {x + 10:.1f},{cy:.1f} {x:.1f},{cy + 10:.1f} {x - 10:.1f},{cy:.1f}" '
                   f'fill="{fill}" stroke="#222" stroke-width="1.2">{title(name)}</polygon>'
                   + svg_text(x, cy + 4, initial(ctx.w.piece(kind)), 10, "middle", "bold", ink(fill)))
        if n > 1:
            out.append(svg_text(x + 8, cy + 13, n, 10, "start", "bold", "#222"))
        out.append("</g>")
    return "".join(out)


def warriors(ctx: Ctx, counts: dict, cx: float, cy: float) -> str:
    """A disc per faction with its number of warriors (three to a row)."""
    order = [f for f in ctx.view["factions"] if counts.get(f)] + [f for f in counts if f not in ctx.view["factions"]]
    out = []
    for i, faction in enumerate(order):
        row, col = divmod(i, 3)
        in_row = min(3, len(order) - row * 3)
        x = cx + (col - (in_row - 1) / 2) * 27
        y = cy + row * 24
        fill = ctx.colour(faction)
        n = counts[faction]
        out.append(f'<g data-piece="warriors" data-faction="{attr(faction)}" data-count="{n}">'
                   f'<circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="{fill}" stroke="#222" stroke-width="1.5">'
                   f'{title(ctx.w.faction(faction) + ": " + ctx.w("txt.warriors", n=n))}</circle>'
                   + svg_text(x, y + 4.5, n, 13, "middle", "bold", ink(fill)) + "</g>")
    return "".join(out)


def pawn(ctx: Ctx, owner: str, x: float, y: float) -> str:
    fill = ctx.colour(owner)
    return (f'<g data-piece="pawn" data-faction="{attr(owner)}">'
            f'<path d="M{x - 9:.1f},{y + 14:.1f} L{x - 5:.1f},{y:.1f} A7,7 0 1 1 {x + 5:.1f},{y:.1f} L{x + 9:.1f},{y + 14:.1f} Z" '
            f'fill="{fill}" stroke="#111" stroke-width="1.5">{title(ctx.w.faction(owner) + ": " + ctx.w("txt.pawn"))}</path></g>')


def landmark_xy(ctx: Ctx, c: int, printed: tuple[float, float] | None, towards: tuple[float, float]) -> tuple[float, float]:
    """Where a map piece in clearing `c` is drawn: where the board prints it, else beside the clearing
    on the side of `towards`."""
    if printed is not None:
        return MAP_X + printed[0] * MAP_W, MAP_Y + printed[1] * MAP_H
    (cx, cy), (tx, ty) = ctx.xy(c), towards
    d = math.hypot(tx - cx, ty - cy) or 1.0
    return cx + (tx - cx) / d * (R + 16), cy + (ty - cy) / d * (R + 16)


def ferry(ctx: Ctx) -> str:
    """The Ferry (Lake), on the lake's side of its clearing (where the board prints it at setup)."""
    number = TX.ferry(ctx.view)
    if not number:
        return ""
    c = number - 1
    coastal = [ctx.xy(k) for k in ctx.board.coastal] or [ctx.xy(c)]
    lake = (sum(x for x, _ in coastal) / len(coastal), sum(y for _, y in coastal) / len(coastal))
    x, y = landmark_xy(ctx, c, ctx.board.data.clearings[c].ferry_xy, lake)
    used = TX.map_part(ctx.view, "lake", "ferry_used", False)
    name = ctx.w("txt.ferry", n=number) + (" " + ctx.w("txt.ferry_used") if used else "")
    return (f'<g data-ferry="{number}"><path d="M{x - 16:.1f},{y - 4:.1f} L{x + 16:.1f},{y - 4:.1f} L{x + 10:.1f},{y + 6:.1f} '
            f'L{x - 10:.1f},{y + 6:.1f} Z" fill="#8b5a2b" stroke="#3b2f1e" stroke-width="1.5">{title(name)}</path></g>')


def tower(ctx: Ctx) -> str:
    """The Tower on the Pass (Mountain)."""
    number = TX.tower(ctx.view)
    if not number:
        return ""
    c = number - 1
    x, y = landmark_xy(ctx, c, ctx.board.data.clearings[c].tower_xy, (MAP_X, MAP_Y + MAP_H))
    return (f'<g data-tower="{number}"><rect x="{x - 7:.1f}" y="{y - 14:.1f}" width="14" height="22" fill="#8c8c8c" '
            f'stroke="#333" stroke-width="1.5">{title(ctx.w("txt.pass", n=number))}</rect>'
            f'<rect x="{x - 9:.1f}" y="{y - 18:.1f}" width="18" height="6" fill="#6d6d6d" stroke="#333"/></g>')


def path_pieces(ctx: Ctx) -> str:
    """Pieces standing on paths (state.on_paths), side by side across the path's middle."""
    out = []
    for entry in ctx.view.get("on_paths", ()):
        a, b = entry["path"]
        (x1, y1), (x2, y2) = ctx.xy(a - 1), ctx.xy(b - 1)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        for k, (owner, kind) in enumerate(entry["pieces"]):
            x = mx + (k - (len(entry["pieces"]) - 1) / 2) * 16
            label = ctx.w("txt.on_path", faction=ctx.w.faction(owner), piece=ctx.w.piece(kind), a=a, b=b)
            out.append(f'<g data-piece="{attr(kind)}" data-faction="{attr(owner)}" data-on-path="{a}-{b}">'
                       f'<rect x="{x - 7:.1f}" y="{my - 7:.1f}" width="14" height="14" '
                       f'transform="rotate(45 {x:.1f} {my:.1f})" fill="{ctx.colour(owner)}" stroke="#111" '
                       f'stroke-width="1.5">{title(label)}</rect></g>')
    return "".join(out)


def forest_pawns(ctx: Ctx) -> str:
    out = []
    for owner, at in ctx.view.get("pawns", {}).items():
        if "forest" in at:
            x, y = ctx.forest_xy(at["forest"] - 1)
            out.append(f'<g data-in-forest="{at["forest"]}">' + pawn(ctx, owner, x, y - 6) + "</g>")
    return "".join(out)


def map_layer(ctx: Ctx) -> str:
    out = ['<g data-layer="map">',
           f'<rect x="{MAP_X}" y="{MAP_Y}" width="{MAP_W}" height="{MAP_H}" rx="14" fill="#e4d8b4" stroke="#8a7650" '
           f'stroke-width="2"/>',
           forests_layer(ctx), lake_layer(ctx), links_layer(ctx), path_pieces(ctx), forest_pawns(ctx),
           '<g data-layer="clearings">']
    out += [clearing_group(ctx, c) for c in ctx.view["clearings"]]
    out.append('</g><g data-layer="landmarks">' + ferry(ctx) + tower(ctx))
    return "".join(out) + "</g></g>"


# ---- cards -----------------------------------------------------------------------------------------------------------

def card(ctx: Ctx, card_id: str, x: float, y: float, zone: str, w: float = CARD_W, h: float = CARD_H) -> str:
    """A card face: suit band, name, crafting cost and what crafting it gives; clickable if an id names it."""
    suit = TX.card_suit(card_id) or ""
    colour = SUIT_COLOURS.get(suit, NEUTRAL)
    attrs, tip = ctx.clickable("card", card_id)
    name = ctx.w.card(card_id)
    body = ctx.w.card_text(card_id)
    out = [f'<g data-card="{attr(card_id)}" data-zone="{zone}"{attrs}>',
           title(ctx.w.card_with_suit(card_id) + (f": {body}" if body else "") + ("\n" + tip if tip else "")),
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{h}" rx="6" fill="#fffaf0" stroke="#6b5a3c" stroke-width="1.5"/>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="14" rx="6" fill="{colour}"/>',
           svg_text(x + 6, y + 11, ctx.w.suit(suit) if suit else "", 10, weight="bold", fill=ink(colour))]
    size = 11 if h > 50 else 10
    for i, line in enumerate(wrap(name, int(w / 7))[:2 if h > 50 else 1]):
        out.append(svg_text(x + 6, y + 28 + i * 13, line, size, weight="bold"))
    spec = CARDS.get(card_id)
    if spec is not None and h > 50:
        for i, cost in enumerate(spec.cost):
            fill = SUIT_COLOURS.get(cost, "#ffffff")
            out.append(f'<circle cx="{x + 11 + i * 15:.1f}" cy="{y + h - 12:.1f}" r="6" fill="{fill}" stroke="#333" '
                       f'stroke-width="1"/>')
        gain = (f"{ctx.w.item(spec.item)} +{spec.vp}" if spec.item else "")
        if gain:
            out.append(svg_text(x + w - 6, y + h - 8, gain, 10, "end", fill="#5a3a10"))
    return "".join(out) + "</g>"


# ---- below the map ---------------------------------------------------------------------------------------------------

def score_track(ctx: Ctx, y: float) -> tuple[str, float]:
    cell, cells = 33, 31
    out = ['<g data-layer="score-track">', svg_text(20, y + 14, ctx.w("txt.score_track"), 14, weight="bold")]
    y0 = y + 22
    for v in range(cells):
        x = 20 + v * cell
        out.append(f'<rect x="{x}" y="{y0}" width="{cell - 2}" height="40" rx="3" fill="#f3ead2" stroke="#8a7650"/>'
                   + svg_text(x + 4, y0 + 11, v, 9, fill="#6b5537"))
    at: dict[int, int] = defaultdict(int)
    for seat, faction in enumerate(ctx.view["factions"]):
        if TX.per_seat(ctx.view, "dominance", seat):
            continue  # a seat with an activated dominance card has left the score track (LR-03-03-01)
        score = TX.per_seat(ctx.view, "score", seat, 0)
        v = max(0, min(score, cells - 1))
        x = 20 + v * cell + 8 + (at[v] % 2) * 14
        yy = y0 + 19 + (at[v] // 2) * 12
        at[v] += 1
        fill = ctx.colour(faction)
        out.append(f'<circle data-score-seat="{seat}" data-score="{score}" cx="{x}" cy="{yy}" r="6" fill="{fill}" '
                   f'stroke="#111">{title(f"{ctx.w.seat(seat)} {ctx.w.faction(faction)}: {score}")}</circle>')
    for marker in ctx.view.get("score_markers") or ():  # pieces a module keeps on the track (hireling markers)
        v = max(0, min(int(marker["space"]), cells - 1))
        x, yy = 20 + v * cell + cell - 9, y0 + 7
        out.append(f'<rect data-score-marker="{attr(marker["kind"])}" data-space="{v}" x="{x - 5}" y="{yy - 5}" '
                   f'width="10" height="10" transform="rotate(45 {x} {yy})" fill="#3b2f1e" stroke="#f3ead2">'
                   f'{title(ctx.w.piece(marker["kind"]) + f" {v}")}</rect>')
    return "".join(out) + "</g>", y0 + 52


def table_row(ctx: Ctx, y: float) -> tuple[str, float]:
    """The deck (a count), the discard pile (its top card face up), the dominance cards available,
    the item supply."""
    view = ctx.view
    out = ['<g data-layer="table">']
    deck = view.get("deck")
    n = deck.get("count", 0) if isinstance(deck, dict) else len(deck or ())
    out.append(f'<g data-deck="{n}"><rect x="20" y="{y + 18}" width="{CARD_W * 0.7:.0f}" height="{CARD_H}" rx="6" '
               f'fill="#4a6b3a" stroke="#2d4323" stroke-width="2"/>'
               + svg_text(20 + CARD_W * 0.35, y + 18 + CARD_H / 2 + 5, n, 18, "middle", "bold", "#fff") + "</g>")
    out.append(svg_text(20, y + 12, ctx.w("txt.deck", n=n), 12, weight="bold"))
    discard = view.get("discard", [])
    x = 130
    out.append(svg_text(x, y + 12, ctx.w("txt.counted", name=ctx.w("txt.discard_pile"), n=len(discard)), 12, weight="bold"))
    if discard:
        out.append(card(ctx, discard[-1], x, y + 18, "discard"))
    else:
        out.append(f'<rect x="{x}" y="{y + 18}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" stroke="#8a7650" '
                   f'stroke-dasharray="4 3"/>')
    x += CARD_W + 20
    pool = view.get("dominance_pool", [])
    out.append(svg_text(x, y + 12, ctx.w("txt.dominance_pool"), 12, weight="bold"))
    for i, c in enumerate(pool):
        out.append(card(ctx, c, x + i * (CARD_W + 6), y + 18, "dominance"))
    x += max(200, len(pool) * (CARD_W + 6) + 14)
    out.append(items_supply(ctx, x, y))
    return "".join(out) + "</g>", y + 18 + CARD_H + 14


def items_supply(ctx: Ctx, x: float, y: float) -> str:
    out = ['<g data-items="1">', svg_text(x, y + 12, ctx.w("txt.items"), 12, weight="bold")]
    shown = [(i, n) for i, n in ctx.view.get("items", {}).items() if n]
    for k, (item, n) in enumerate(shown):
        ix, iy = x + (k % 4) * 82, y + 22 + (k // 4) * 30
        fill = ITEM_COLOURS.get(item, NEUTRAL)
        out.append(f'<g data-item="{attr(item)}" data-count="{n}"><rect x="{ix}" y="{iy}" width="24" height="24" rx="4" '
                   f'fill="{fill}" stroke="#222">{title(ctx.w.item(item))}</rect>'
                   + svg_text(ix + 12, iy + 17, initial(ctx.w.item(item), 2), 12, "middle", "bold", ink(fill))
                   + svg_text(ix + 28, iy + 17, f"×{n}", 12) + "</g>")
    return "".join(out) + "</g>"


def item_chips(ctx: Ctx, items: list[str], x: float, y: float) -> str:
    out = []
    for k, item in enumerate(items):
        fill = ITEM_COLOURS.get(item, NEUTRAL)
        out.append(f'<rect data-crafted="{attr(item)}" x="{x + k * 24:.1f}" y="{y:.1f}" width="20" height="20" rx="3" '
                   f'fill="{fill}" stroke="#222">{title(ctx.w.item(item))}</rect>'
                   + svg_text(x + k * 24 + 10, y + 14, initial(ctx.w.item(item), 2), 11, "middle", "bold", ink(fill)))
    return "".join(out)


# ---- players and faction boards --------------------------------------------------------------------------------------

def player_panel(ctx: Ctx, seat: int, faction: str, y: float) -> tuple[str, float]:
    view = ctx.view
    colour = ctx.colour(faction)
    me = TX.viewer(view) == seat
    attrs, tip = ctx.clickable("seat", seat, ("faction", faction))
    dominance = TX.per_seat(view, "dominance", seat)
    score = TX.per_seat(view, "score", seat, 0)
    partner = view.get("coalition", {}).get(str(seat))
    head = f"{ctx.w.seat(seat)} — {ctx.w.faction(faction)}"
    right = (ctx.w("txt.dominance_on", card=ctx.w.card_with_suit(dominance)) if dominance else f"★ {score}")
    if partner is not None:
        right += " " + ctx.w("txt.coalition", seat=ctx.w.seat(partner))
    body, h = faction_board(ctx, seat, faction, 40, y + 54, W - 60)
    height = 54 + h + 10
    out = [f'<g data-player="{seat}" data-faction="{attr(faction)}">',
           f'<rect x="10" y="{y}" width="{W - 20}" height="{height}" rx="8" fill="#fbf8ef" stroke="{colour}" '
           f'stroke-width="{4 if me else 2}"/>',
           f'<rect x="10" y="{y}" width="18" height="{height}" rx="6" fill="{colour}"{attrs}>{title(tip)}</rect>',
           svg_text(40, y + 22, head, 15, weight="bold"),
           svg_text(W - 30, y + 22, right, 15, "end", "bold", extra=f'data-player-score="{score}"')]
    cards_n = TX.hand_size(view, seat)
    line = [ctx.w("txt.hand_count", seat=ctx.w.seat(seat), n=cards_n),
            ctx.w("txt.supply", n=view.get("supply", {}).get(faction, 0))]
    known = TX.known_in_hand(view, seat) if not me else []
    if known:
        line.append(ctx.w("txt.known", cards=ctx.w.join(ctx.w.card_with_suit(c) for c in known)))
    play_area = TX.per_seat(view, "play_area", seat, [])
    if play_area:
        line.append(ctx.w.label(ctx.w("txt.play_area"), ctx.w.join(ctx.w.card(c) for c in play_area)))
    out.append(svg_text(40, y + 42, "   ·   ".join(line), 12, extra=f'data-hand-count="{cards_n}"'))
    crafted = TX.per_seat(view, "crafted", seat, [])
    if crafted:
        label = ctx.w("txt.crafted")
        out.append(svg_text(W - 40 - len(crafted) * 24 - 8, y + 42, label, 12, "end"))
        out.append(item_chips(ctx, crafted, W - 40 - len(crafted) * 24, y + 28))
    out.append(body)
    return "".join(out) + "</g>", y + height + 8


def faction_board(ctx: Ctx, seat: int, faction: str, x: float, y: float, width: float) -> tuple[str, float]:
    part = TX.faction_part(ctx.view, faction)
    hook = TX.module_hook(faction, "picture")
    if hook is not None:
        return hook(ctx, x, y, width)
    if part is None:
        return "", 0
    draw = BOARD_PICTURES.get(faction)
    if draw is not None:
        try:
            return draw(ctx, part, x, y, width)
        except (KeyError, TypeError, ValueError, IndexError):
            pass  # a view part shaped otherwise than this drawing expects: list it instead
    return generic_board(ctx, part, x, y, width)


SHAPE_ERRORS = TX.SHAPE_ERRORS


def faction_picture(ctx: Ctx, name: str, board: Callable[..., tuple[str, float]], x: float, y: float,
                    width: float) -> tuple[str, float]:
    """A faction module's board picture: `board(ctx, part, x, y, width)` from the faction's part of the view, the
    generic board when that part has another shape (an older save), nothing when the faction is not in the view."""
    part = TX.faction_part(ctx.view, name)
    if part is None:
        return "", 0
    try:
        return board(ctx, part, x, y, width)
    except SHAPE_ERRORS:
        return generic_board(ctx, part, x, y, width)


def generic_board(ctx: Ctx, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    """Any faction's view part as a readable list, a field a line."""
    out = ['<g data-board="generic">']
    dy = 0.0
    for line in TX.generic_lines(part, ctx.w):
        for piece in wrap(line, int(width / 6.6)):
            out.append(svg_text(x, y + dy + 12, piece, 12))
            dy += 16
    return "".join(out) + "</g>", dy + 4


def space(x: float, y: float, w: float, h: float, fill: str, filled: bool, stroke: str = ' stroke="#222"') -> str:
    """A board space: in the faction's colour while its piece is on it, a dashed outline once it is empty."""
    body = fill if filled else '#ffffff'
    dashes = "" if filled else ' stroke-dasharray="3 2"'
    return f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{body}"{stroke}{dashes}/>'


def warrior_row(fill: str, n: int, x: float, cy: float, total: int | None = None) -> str:
    """`n` warriors in a row (of `total` places, the rest drawn empty): officers, acolytes, loyalists."""
    return "".join(f'<circle cx="{x + i * 22}" cy="{cy}" r="9" fill="{fill if i < n else "#ffffff"}" stroke="#222" '
                   f'stroke-width="1.2"/>' for i in range(n if total is None else total))


def track_cells(ctx: Ctx, faction: str, kind: str, left: int, placed: int, x: float, y: float) -> str:
    """A building track: cells uncovered by buildings on the map, then the buildings still on it."""
    fill = ctx.colour(faction)
    out = []
    for i in range(placed + left):
        cx = x + i * 30
        if i < placed:
            out.append(space(cx, y, 26, 26, fill, False, ' stroke="#8a7650"'))
        else:
            out.append(f'<rect data-on-track="{attr(kind)}" x="{cx}" y="{y}" width="26" height="26" rx="3" fill="{fill}" '
                       f'stroke="#222">{title(ctx.w.piece(kind))}</rect>'
                       + svg_text(cx + 13, y + 18, initial(ctx.w.piece(kind)), 13, "middle", "bold", ink(fill)))
    return "".join(out)


def marquise_board(ctx: Ctx, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = ['<g data-board="marquise">',
           svg_text(x, y + 12, TX.cat_headline(part, w, TX.acting_in_daylight(ctx.view, "marquise")), 12)]
    dy = 22
    for kind, track in part["tracks"].items():
        left = TX.track_left("marquise", track["on_map"])
        out.append(svg_text(x, y + dy + 18, w.piece(kind), 12, weight="bold"))
        out.append(track_cells(ctx, "marquise", kind, left, track["on_map"], x + 110, y + dy))
        nxt = (w("txt.next_building", cost=track["next_cost"], points=track["next_points"])
               if left and track["next_cost"] is not None else w("txt.track_empty"))
        out.append(svg_text(x + 110 + 6 * 30 + 12, y + dy + 18, nxt, 12))
        dy += 32
    return "".join(out) + "</g>", dy + 4


def eyrie_board(ctx: Ctx, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    leader = w.piece(part["leader"]) if part.get("leader") else "-"
    left = TX.track_left("eyrie", part["roosts"], "roosts")
    out = ['<g data-board="eyrie">',
           svg_text(x, y + 12, w("txt.eyrie_board", leader=leader, leaders=w.join(w.piece(v) for v in part["face_up"]),
                                 roosts=left, points=part["roost_points"], draws=1 + part.get("draw_bonuses", 0)), 12)]
    out.append(svg_text(x, y + 40, w("txt.roosts_track", points=part["roost_points"]), 12, weight="bold"))
    out.append(track_cells(ctx, "eyrie", "roost", left, part["roosts"], x + 190, y + 22))
    column_now, todo = TX.resolving(part, TX.acting_in_daylight(ctx.view, "eyrie"))
    columns = list(part["decree"])
    now = columns.index(column_now) if column_now in columns else -1
    col_w, chip_h = min(250.0, width / 4), 24
    top = y + 58
    tallest = 0
    for i, (column, cards) in enumerate(part["decree"].items()):
        cx = x + i * col_w
        out.append(f'<g data-decree="{attr(column)}">'
                   + svg_text(cx, top + 12, w.piece(column) + (" ◀" if i == now else ""), 13, weight="bold",
                              fill="#1d4f91" if i == now else "#222"))
        left_here = list(todo) if i == now else []
        for k, c in enumerate(cards):
            done = i < now or (i == now and c not in left_here)
            if c in left_here:
                left_here.remove(c)  # two Loyal Viziers: one may be resolved, the other not
            out.append(decree_chip(ctx, c, column, columns, cx, top + 18 + k * (chip_h + 4), col_w - 12, chip_h, done))
        out.append("</g>")
        tallest = max(tallest, len(cards))
    return "".join(out) + "</g>", 58 + 18 + tallest * (chip_h + 4) + 4


def decree_chip(ctx: Ctx, card_id: str, column: str, columns: list[str], x: float, y: float, w: float, h: float,
                done: bool) -> str:
    """A card on the Decree: clickable for the ids naming it and its column (the same card id, a Loyal
    Vizier, may stand in two columns)."""
    suit = TX.card_suit(card_id) or ""
    colour = SUIT_COLOURS.get(suit, NEUTRAL)
    ids = [i for i in ctx.targets["card"].get(card_id, []) if column in i.split(":")[1:]
           or not set(columns) & set(i.split(":")[1:])]
    attrs, tip = ctx.attrs([] if done else ids)
    return (f'<g data-card="{attr(card_id)}" data-zone="decree"{attrs}>'
            + title(ctx.w.card_with_suit(card_id) + ("\n" + tip if tip else ""))
            + f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h}" rx="4" fill="#fffaf0" stroke="{colour}" '
              f'stroke-width="2" opacity="{0.45 if done else 1}"/>'
            + f'<rect x="{x:.1f}" y="{y:.1f}" width="8" height="{h}" rx="3" fill="{colour}"/>'
            + svg_text(x + 14, y + 16, ctx.w.card(card_id)[:30], 11) + "</g>")


# The factions whose view part has a drawing of its own; any other is listed by `generic_board`.
BOARD_PICTURES: dict[str, Callable[..., tuple[str, float]]] = {"marquise": marquise_board, "eyrie": eyrie_board}


def draft_layer(ctx: Ctx, y: float) -> tuple[str, float]:
    """The Advanced Setup's setup cards on the table (clickable when one may be taken): each with its
    faction's colour, militant or not, the character dealt beside a Vagabond card, locked, or who took it."""
    draft = ctx.view.get("draft") or {}
    cards = draft.get("setup_cards") or []
    if not cards:
        return "", y
    taken = {card: int(seat) for seat, card in draft.get("taken", {}).items()}
    out = ['<g data-layer="draft">', svg_text(20, y + 14, ctx.w("txt.draft"), 14, weight="bold")]
    if draft.get("chooser") is not None:
        out.append(svg_text(W - 20, y + 14, ctx.w("txt.draft_chooser", seat=ctx.w.seat(draft["chooser"]), seats=ctx.w.join(
            ctx.w.seat(s) for s in draft.get("choosers", ()))), 12, "end"))
    width = min(200.0, (W - 40) / len(cards) - 8)
    for i, key in enumerate(cards):
        out.append(setup_card(ctx, draft, key, taken, 20 + i * (width + 8), y + 22, width))
    return "".join(out) + "</g>", y + 22 + CARD_H + 12


def setup_card(ctx: Ctx, draft: dict, key: str, taken: dict[str, int], x: float, y: float, w: float) -> str:
    spec = SETUP_CARDS[key]
    colour = ctx.colour(spec.faction)
    attrs, tip = ctx.clickable("setup_card", key)
    locked = draft.get("locked") == key and key not in taken
    text = spec.text.get(ctx.lang) if spec.text else ""
    out = [f'<g data-setup-card="{attr(key)}" data-locked="{int(locked)}"'
           f'{f" data-taken={chr(34)}{taken[key]}{chr(34)}" if key in taken else ""}{attrs}>',
           title(ctx.w.setup_card(key) + (f": {text}" if text else "") + ("\n" + tip if tip else "")),
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{CARD_H}" rx="6" fill="#fffaf0" '
           f'stroke="{"#b3261e" if spec.militant else "#6b5a3c"}" stroke-width="{3 if spec.militant else 1.5}" '
           f'stroke-dasharray="{"6 4" if locked else "none"}" opacity="{0.45 if key in taken else 1}"/>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="14" rx="6" fill="{colour}"/>',
           svg_text(x + 6, y + 32, ctx.w.setup_card(key)[:28], 12, weight="bold",
                    fill="#b3261e" if spec.militant else "#555")]
    character = draft.get("characters", {}).get(key)
    if character in CHARACTERS:
        out.append(svg_text(x + 6, y + 50, CHARACTERS[character].names.get(ctx.lang), 11))
    beside = draft.get("beside", {}).get(key)
    if beside:
        out.append(svg_text(x + 6, y + 50, ctx.w.join(ctx.w.piece(k) for k in beside)[:32], 11))
    if locked:
        out.append(svg_text(x + w - 6, y + CARD_H - 8, ctx.w("txt.draft_locked").strip(), 11, "end", "bold"))
    if key in taken:
        out.append(svg_text(x + 6, y + CARD_H - 8, ctx.w.seat(taken[key]), 11, weight="bold"))
    return "".join(out) + "</g>"


def hand_layer(ctx: Ctx, y: float) -> tuple[str, float]:
    """The viewer's own cards, face up (a spectator has none)."""
    seat = TX.viewer(ctx.view)
    cards = TX.hand_of(ctx.view, seat) if seat is not None else None
    if cards is None:
        return "", y
    out = [f'<g data-layer="hand" data-seat="{seat}">',
           svg_text(20, y + 14, ctx.w("txt.your_hand", n=len(cards)), 14, weight="bold")]
    per_row = int((W - 30) // (CARD_W + 8))
    kept = ((ctx.view.get("draft") or {}).get("kept") or {}).get(str(seat))
    kept = kept if isinstance(kept, list) else []
    for i, c in enumerate(cards):
        row, col = divmod(i, per_row)
        cx, cy = 20 + col * (CARD_W + 8), y + 22 + row * (CARD_H + 8)
        out.append(card(ctx, c, cx, cy, "hand"))
        if c in kept:  # the Advanced Setup: a card this seat chose to keep (LR-AA-10)
            out.append(svg_text(cx + CARD_W - 8, cy + 11, "✓", 13, "end", "bold", extra=f'data-kept="{attr(c)}"'))
    rows = max(1, -(-len(cards) // per_row))
    return "".join(out) + "</g>", y + 22 + rows * (CARD_H + 8) + 6


# ---- the whole table -------------------------------------------------------------------------------------------------

def render_board(view: dict, lang: str = "en", legal: list[str] | None = None) -> str:
    """A standalone SVG of the table in `view` (a seat's or a spectator's); the ids in `legal`
    make the clearings, cards and panels they name clickable."""
    if not view.get("map"):
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} 60" width="{W}" height="60" data-game="root">'
                + svg_text(20, 34, TX.Words(ruleset("root").catalogue, lang)("txt.no_map"), 16) + "</svg>")
    ctx = Ctx(view, lang, list(legal or ()))
    parts = [map_layer(ctx)]
    y = MAP_Y + MAP_H + 8
    for draw in (score_track, table_row, draft_layer):
        svg, y = draw(ctx, y)
        parts.append(svg)
    players = ['<g data-layer="players">']
    for seat, faction in enumerate(view["factions"]):
        svg, y = player_panel(ctx, seat, faction, y)
        players.append(svg)
    parts.append("".join(players) + "</g>")
    for name in TX.table_modules(view, "picture"):  # other modules' parts of the table (the hirelings)
        svg, h = TX.module_hook(name, "picture")(ctx, 20, y, W - 40)  # type: ignore[misc]
        parts.append(svg)
        y += h + 8
    hand, y = hand_layer(ctx, y)
    parts.append(hand)
    height = int(y + 10)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" '
            f'data-game="root" data-map="{attr(view["map"])}" data-lang="{attr(lang)}">'
            '<style>.legal > .disc { stroke: #0a8f3c; stroke-width: 9px; stroke-dasharray: 10 5; } '
            'g.legal[data-card] > rect:first-of-type { stroke: #0a8f3c; stroke-width: 3.5px; } '
            'polygon.legal, rect.legal { stroke: #0a8f3c; stroke-width: 4px; }</style>'
            f'<rect width="{W}" height="{height}" fill="#efe6d2"/>'
            + svg_text(20, 28, TX.headline(view, ctx.w), 16, weight="bold", extra='data-headline="1"')
            + "".join(parts) + "</svg>")
