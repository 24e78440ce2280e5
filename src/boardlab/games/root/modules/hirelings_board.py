"""The hireling cards on the terminal and web tables (the `hirelings` module's `lines` and `picture`),
drawn from its part of a seat's view: each card's side and names, its controller and control markers, what
lies on it (the module's `card` part), its abilities in the reader's language, and the hireling markers
still on the score track or taken by players (render.py draws those on the track itself)."""
from __future__ import annotations

from typing import Any

from .. import text as TX
from ..content import HIRELINGS

BASE_FIELDS = ("key", "side", "controller", "control", "gained")


def controller_text(view: dict, card: dict, w: TX.Words) -> str:
    seat = card.get("controller")
    if seat is None:
        return w("txt.hirelings.uncontrolled")
    factions = view.get("factions", ())
    return w.seat(seat) + (" " + w.faction(factions[seat]) if 0 <= seat < len(factions) else "")


def extra(key: str, value, w: TX.Words) -> str:
    """What lies on a card, readable: items with their state, a forest by its number, else as a value."""
    if key == "items":
        return w.join(w.item(i) + (w("txt.hirelings.exhausted") if exhausted else "") for i, exhausted in value)
    if key == "forest" and value is not None:
        return w("forest", n=value)
    return w.value(value)


def card_lines(view: dict, card: dict, w: TX.Words) -> list[str]:
    spec = HIRELINGS[card["key"]]
    side = spec.side(card["side"] == "demoted")
    out = [w("txt.hirelings.card", name=side.names.get(w.lang), side=w(f"txt.hirelings.{card['side']}"),
             controller=controller_text(view, card, w), n=card.get("control", 0))]
    out += ["  " + w.label(w.key(k), extra(k, v, w)) for k, v in card.items() if k not in BASE_FIELDS]
    out += ["  " + w.label(w(f"txt.hirelings.icon.{a.icon}"), a.text.get(w.lang)) for a in side.abilities]
    return out


def marker_lines(view: dict, part: dict, w: TX.Words) -> list[str]:
    out = [w.label(w("txt.hirelings.track"), w.join(part.get("track") or ()))]
    for label, field in (("txt.hirelings.taken", "taken"), ("txt.hirelings.kept", "kept")):
        for seat, spaces in (part.get(field) or {}).items():
            out.append(w(label, seat=w.seat(int(seat)), spaces=w.join(spaces)))
    return out


def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    w = TX.Words(catalogue, lang)
    part = view.get("hirelings") or {}
    out = [w("txt.hirelings", scheme=w(f"txt.hirelings.scheme.{part.get('scheme', 'seed')}"))]
    for card in part.get("cards", ()):
        out += ["    " + line for line in card_lines(view, card, w)]
    out += ["    " + line for line in marker_lines(view, part, w)]
    return out


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    """A panel of the hireling cards: one box per card, its controller's colour on its edge, a disc per
    control marker, then its lines."""
    from .. import render as R
    w = ctx.w
    part = ctx.view.get("hirelings") or {}
    out = ['<g data-layer="hirelings">',
           R.svg_text(x, y + 16, w("txt.hirelings", scheme=w(f"txt.hirelings.scheme.{part.get('scheme', 'seed')}")),
                      14, weight="bold")]
    dy = 26.0
    for card in part.get("cards", ()):
        svg, h = card_box(ctx, card, x, y + dy, width)
        out.append(svg)
        dy += h + 6
    for line in marker_lines(ctx.view, part, w):
        out.append(R.svg_text(x, y + dy + 12, line, 12))
        dy += 16
    return "".join(out) + "</g>", dy + 4


def card_box(ctx: Any, card: dict, x: float, y: float, width: float) -> tuple[str, float]:
    from .. import render as R
    w = ctx.w
    seat = card.get("controller")
    factions = ctx.view.get("factions", ())
    edge = ctx.colour(factions[seat]) if seat is not None and 0 <= seat < len(factions) else R.NEUTRAL
    body = card_lines(ctx.view, card, w)
    texts = [piece for line in body for piece in R.wrap(line, int(width / 6.6))]
    height = 10 + 16 * len(texts)
    attrs, tip = ctx.clickable("faction", card["key"])
    out = [f'<g data-hireling="{R.attr(card["key"])}" data-side="{R.attr(card["side"])}" '
           f'data-controller="{"" if seat is None else seat}" data-control="{card.get("control", 0)}"{attrs}>',
           R.title(tip),
           f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="6" fill="#fbf8ef" stroke="{edge}" '
           f'stroke-width="3"/>',
           f'<rect x="{x}" y="{y}" width="10" height="{height}" rx="4" fill="{ctx.colour(card["key"])}"/>']
    for k in range(card.get("control", 0)):
        out.append(f'<circle data-control-marker="{k}" cx="{x + width - 14 - k * 16}" cy="{y + 12}" r="6" '
                   f'fill="#d4a017" stroke="#222"/>')
    for i, line in enumerate(texts):
        out.append(R.svg_text(x + 18, y + 18 + 16 * i, line, 12, weight="bold" if i == 0 else "normal"))
    return "".join(out) + "</g>", height
