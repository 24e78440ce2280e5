"""A Vagabond's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from
his part of a seat's view (`vagabond.view`, public: LR-09-02-05) and the shared quests near the map:
his character and special action, where his pawn stands, his items as the board holds them (the tea,
coin and bag tracks and what they give, the Satchel face up and exhausted, the Damaged box), the
relationship chart (Hostile, Indifferent, the Allied track's spaces), the quests in play (shared by
the Vagabonds: drawn on the first Vagabond's board in seat order) and his completed quests by suit.

On the web table an element is clickable for the viewer's legal ids naming it (the contract of
render.py): an item for `item:KIND:SIDE` (that item on that side) and `exhaust:KIND` (a face-up
undamaged item of that kind, or the Jailor's coerced card), a quest card for the ids naming that quest
(`quest:`, `improvise:`, `con:`), a relationship marker for the ids naming its faction or seat.

`lines(name)` and `picture(name)` give the hooks of one Vagabond (`vagabond`, `vagabond2`); a view
part shaped otherwise falls back to the generic list of text.py and render.py.
"""
from __future__ import annotations

from typing import Any, Callable

from .. import render as RD
from .. import text as TX
from ..content import CHARACTERS, ITEMS, QUESTS, SUIT_NAMES
from ..view import forms
from .vagabond_core import NAMES

SHAPE_ERRORS = RD.SHAPE_ERRORS
QUEST = {q.key: q for q in QUESTS}
QUEST_SUITS = tuple(s for s in SUIT_NAMES if any(q.suit == s for q in QUESTS))
UP, DOWN = "up", "down"


# ---- reading the view part ------------------------------------------------------------------------------------

def sheet() -> dict:
    """The board's printed numbers (data/factions/vagabond.yaml)."""
    return TX.faction_sheet("vagabond")


def order(kind: str) -> int:
    return ITEMS.index(kind) if kind in ITEMS else len(ITEMS)


def boxes(part: dict) -> dict[str, list[tuple[str, str, bool]]]:
    """His items where the board holds them: `track` (face-up undamaged tea, coins, bags, as many as
    the view puts on their tracks), `up` and `down` (the Satchel), `damaged` (the Damaged box); each
    item as (kind, side, ruin)."""
    left = dict(part["tracks"])
    out: dict[str, list[tuple[str, str, bool]]] = {"track": [], UP: [], DOWN: [], "damaged": []}
    for kind, side, ruin in sorted(part["items"], key=lambda i: (order(i[0]), i[1])):
        if side == UP and left.get(kind, 0) > 0:
            left[kind] -= 1
            out["track"].append((kind, side, bool(ruin)))
        elif side in (UP, DOWN):
            out[side].append((kind, side, bool(ruin)))
        else:
            out["damaged"].append((kind, side, bool(ruin)))
    return out


def ready(part: dict) -> dict[str, int]:
    """Face-up undamaged items by kind (a coerced card counts as one)."""
    out = {k: 0 for k in ITEMS}
    for kind, side, _ in part["items"]:
        if side == UP:
            out[kind] = out.get(kind, 0) + 1
    if part.get("coerced"):
        out[part["coerced"]] = out.get(part["coerced"], 0) + 1
    return out


def carried(part: dict) -> int:
    """Items counted against the item limit: those not on a track."""
    return len(part["items"]) - sum(part["tracks"].values())


def track_gives(part: dict) -> dict[str, int]:
    """What each track gives now: items refreshed in Birdsong, cards drawn in Evening, the item limit."""
    s = sheet()
    return {"tea": s["refresh"]["base"] + s["refresh"]["per_tea"] * part["tracks"].get("tea", 0),
            "coin": s["draw"]["base"] + s["draw"]["per_coin"] * part["tracks"].get("coin", 0),
            "sack": part["capacity"]}


def seat_of(view: dict, faction: str) -> int | None:
    factions = list(view.get("factions", ()))
    return factions.index(faction) if faction in factions else None


def shows_shared_quests(view: dict, name: str) -> bool:
    """The quests near the map go on the first Vagabond's board (seat order)."""
    first = next((f for f in view.get("factions", ()) if f in NAMES), None)
    return first == name and isinstance(view.get("quests"), dict)


def quest_deck(view: dict) -> int:
    deck = view["quests"].get("deck")
    return int(deck.get("count", 0)) if isinstance(deck, dict) else len(deck or ())


def completed_by_suit(part: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {s: [] for s in QUEST_SUITS}
    for q in part["quests"]:
        out.setdefault(QUEST[q].suit, []).append(q)
    return out


# ---- words ------------------------------------------------------------------------------------------------

def character_name(part: dict, lang: str) -> str | None:
    key = part.get("character")
    return CHARACTERS[key].names.get(lang) if key in CHARACTERS else None


def where(view: dict, name: str, w: TX.Words) -> str:
    at = view.get("pawns", {}).get(name) or {}
    if "clearing" in at:
        n = at["clearing"]
        return w("txt.vb.at_clearing", clearing=w("clearing", n=n), suit=w.suit(view["clearings"][n - 1]["suit"]))
    if "forest" in at:
        return w("forest", n=at["forest"])
    return "-"


def headline(view: dict, part: dict, name: str, w: TX.Words) -> str:
    who = character_name(part, w.lang)
    if who is None:
        return w("txt.vb.no_character", where=where(view, name, w))
    return w("txt.vb.character", character=who, action=CHARACTERS[part["character"]].action.get(w.lang),
             where=where(view, name, w))


def counted(kinds: list[str], w: TX.Words) -> str:
    """`boot ×2, torch` in the board's item order."""
    counts: dict[str, int] = {}
    for kind in sorted(kinds, key=order):
        counts[kind] = counts.get(kind, 0) + 1
    return w.join(w.item(k) + (f" ×{n}" if n > 1 else "") for k, n in counts.items())


def satchel_text(part: dict, w: TX.Words) -> str:
    held = boxes(part)
    return w("txt.vb.satchel", up=counted([k for k, _, _ in held[UP]], w),
             down=counted([k for k, _, _ in held[DOWN]], w))


def damaged_text(part: dict, w: TX.Words) -> str:
    held = boxes(part)["damaged"]
    return w("txt.vb.damaged", up=counted([k for k, s, _ in held if s.endswith(UP)], w),
             down=counted([k for k, s, _ in held if s.endswith(DOWN)], w))


def tracks_text(part: dict, w: TX.Words) -> str:
    gives = track_gives(part)
    size = sheet()["track_size"]
    return w("txt.vb.tracks", tea=part["tracks"].get("tea", 0), coin=part["tracks"].get("coin", 0),
             sack=part["tracks"].get("sack", 0), size=size, refresh=gives["tea"], draws=gives["coin"],
             limit=gives["sack"], carried=carried(part))


def ready_text(part: dict, w: TX.Words) -> str:
    have = ready(part)
    kinds = [k for k in ITEMS if k not in sheet()["tracks"]]
    line = w.label(w("txt.vb.ready"), w.join(f"{w.item(k)} {have.get(k, 0)}" for k in kinds))
    swords = sum(1 for kind, side, _ in part["items"] if kind == "sword" and not side.startswith("damaged"))
    return line + " · " + w("txt.vb.swords", n=swords)


def relationship_text(level: int, w: TX.Words) -> str:
    rel = sheet()["relationships"]
    allied = len(rel["aids"])
    if level < 0:
        return w("txt.vb.hostile")
    if level >= allied:
        return w("txt.vb.allied", points=rel["ally_aid_points"])
    state = w("txt.vb.indifferent") if level == 0 else w("txt.vb.space", n=level, of=allied)
    return w("txt.vb.next_space", state=state, aids=rel["aids"][level], points=rel["points"][level])


def relationships_lines(part: dict, w: TX.Words) -> list[str]:
    """A heading, then a line per faction (indented)."""
    return [w("txt.vb.relationships") + w("txt.colon").rstrip()] + [
        "  " + w.label(w.faction(f), relationship_text(level, w)) for f, level in part["relationships"].items()]


def quest_text(q: str, w: TX.Words) -> str:
    spec = QUEST[q]
    return w("txt.vb.quest", name=spec.names.get(w.lang), suit=w.suit(spec.suit),
             items=" + ".join(w.item(i) for i in spec.items))


def quests_in_play_text(view: dict, w: TX.Words) -> str:
    up = view["quests"].get("up", ())
    return w.label(w("txt.vb.quests_up", n=quest_deck(view)), w.join(quest_text(q, w) for q in up))


def completed_text(part: dict, w: TX.Words) -> str:
    parts = []
    for suit, done in completed_by_suit(part).items():
        names = w.join(QUEST[q].names.get(w.lang) for q in done)
        parts.append(w("txt.vb.completed_suit", suit=w.suit(suit), n=len(done), names=names) if done
                     else f"{w.suit(suit)} {len(done)}")
    return w.label(w("txt.vb.completed"), " · ".join(parts))


def extras_text(part: dict, w: TX.Words) -> list[str]:
    """The Scoundrel's torches on the map, the Jailor's coerced card."""
    out = []
    if part.get("scorched"):
        out.append(w("txt.vb.scorched", clearings=w.join(part["scorched"])))
    if part.get("coerced"):
        out.append(w("txt.vb.coerced", item=w.item(part["coerced"])))
    return out


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(name: str) -> Callable[[dict, str, Any], list[str]]:
    def hook(view: dict, lang: str, catalogue: Any) -> list[str]:
        w = TX.Words(catalogue, lang)
        part = TX.faction_part(view, name)
        if part is None:
            return []
        try:
            return board_lines(view, part, name, w)
        except SHAPE_ERRORS:
            return TX.generic_lines(part, w)
    return hook


def board_lines(view: dict, part: dict, name: str, w: TX.Words) -> list[str]:
    out = [headline(view, part, name, w), tracks_text(part, w), satchel_text(part, w), damaged_text(part, w),
           ready_text(part, w)] + relationships_lines(part, w)
    if shows_shared_quests(view, name):
        out.append(quests_in_play_text(view, w))
    return out + [completed_text(part, w)] + extras_text(part, w)


# ---- the web table ------------------------------------------------------------------------------------------------

CHIP, STEP = 26, 30
DAMAGED = "#b3261e"


def picture(name: str) -> Callable[[Any, float, float, float], tuple[str, float]]:
    def hook(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
        part = TX.faction_part(ctx.view, name)
        if part is None:
            return "", 0
        try:
            return board(ctx, part, name, x, y, width)
        except SHAPE_ERRORS:
            return RD.generic_board(ctx, part, x, y, width)
    return hook


def board(ctx: Any, part: dict, name: str, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    mine = TX.viewer(ctx.view) == seat_of(ctx.view, name)
    ids = ItemIds(ctx.legal if mine else [])
    out = [f'<g data-board="{name}" data-character="{RD.attr(part.get("character") or "")}">',
           RD.svg_text(x, y + 12, headline(ctx.view, part, name, w), 12, weight="bold")]
    dy = 22
    out.append(tracks_row(ctx, part, ids, x, y + dy))
    dy += 58
    svg, h = satchel_row(ctx, part, ids, x, y + dy, width)
    out.append(svg)
    dy += h
    out.append(RD.svg_text(x, y + dy + 12, ready_text(part, w), 11, fill="#3b2f1e"))
    dy += 22
    svg, h = relationship_chart(ctx, part, w, x, y + dy, mine)
    out.append(svg)
    dy += h
    svg, h = quests_row(ctx, part, name, w, x, y + dy, width)
    out.append(svg)
    dy += h
    for extra in extras_text(part, w):
        out.append(RD.svg_text(x, y + dy + 12, extra, 12))
        dy += 18
    return "".join(out) + "</g>", dy + 4


class ItemIds:
    """The viewer's legal ids naming his items: `item:KIND:SIDE` and `exhaust:KIND`."""

    def __init__(self, legal: list[str]):
        self.exact = {a for a in legal if a.startswith("item:") and a.count(":") == 2}
        self.exhaust = {a.split(":")[1]: a for a in legal if a.startswith("exhaust:") and a.count(":") == 1}

    def of(self, kind: str, side: str) -> list[str]:
        out = [f"item:{kind}:{side}"] if f"item:{kind}:{side}" in self.exact else []
        return out + ([self.exhaust[kind]] if side == UP and kind in self.exhaust else [])


def outline(attrs: str, colour: str, width: float) -> str:
    """The stroke of an element: the table's green for a clickable one."""
    return 'stroke="#0a8f3c" stroke-width="3.5"' if attrs else f'stroke="{colour}" stroke-width="{width}"'


def item_chip(ctx: Any, ids: ItemIds, item: tuple[str, str, bool], box: str, x: float, y: float) -> str:
    """An item: its colour and initials; exhausted ones dimmed with a down arrow, damaged ones crossed."""
    kind, side, ruin = item
    fill = RD.ITEM_COLOURS.get(kind, RD.NEUTRAL)
    attrs, tip = ctx.attrs(ids.of(kind, side))
    name = ctx.w.item(kind) + " (" + ctx.w.piece(side) + ")" + (" R" if ruin else "")
    down = side.endswith(DOWN)
    out = [f'<g data-vb-item="{RD.attr(kind)}" data-side="{side}" data-box="{box}"{attrs}>',
           RD.title(name + ("\n" + tip if tip else "")),
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{CHIP}" height="{CHIP}" rx="4" fill="{fill}" '
           f'{outline(attrs, "#222", 1.2)} opacity="{0.45 if down else 1}"/>',
           RD.svg_text(x + CHIP / 2, y + 17, RD.initial(ctx.w.item(kind), 2), 11, "middle", "bold", RD.ink(fill))]
    if down:
        out.append(RD.svg_text(x + CHIP - 3, y + CHIP - 2, "↓", 10, "end", "bold", "#111"))
    if side.startswith("damaged"):
        out.append(f'<path d="M{x + 3:.1f},{y + 3:.1f} L{x + CHIP - 3:.1f},{y + CHIP - 3:.1f} M{x + CHIP - 3:.1f},'
                   f'{y + 3:.1f} L{x + 3:.1f},{y + CHIP - 3:.1f}" stroke="{DAMAGED}" stroke-width="2" opacity="0.7" '
                   f'pointer-events="none"/>')
    if ruin:
        out.append(RD.svg_text(x + 3, y + 9, "R", 8, weight="bold", fill="#111"))
    return "".join(out) + "</g>"


def capital(s: str) -> str:
    return s[:1].upper() + s[1:]


def tracks_row(ctx: Any, part: dict, ids: ItemIds, x: float, y: float) -> str:
    """The tea, coin and bag tracks: three spaces each, and what the track gives now."""
    w = ctx.w
    size = sheet()["track_size"]
    gives = track_gives(part)
    on_track = boxes(part)["track"]
    keys = {"tea": "txt.vb.gives_refresh", "coin": "txt.vb.gives_draws", "sack": "txt.vb.gives_limit"}
    out = ['<g data-vb-tracks="1">']
    for i, kind in enumerate(sheet()["tracks"]):
        tx = x + i * 330
        held = [it for it in on_track if it[0] == kind]
        out.append(f'<g data-track="{RD.attr(kind)}" data-count="{len(held)}">'
                   + RD.svg_text(tx, y + 12, capital(w("txt.vb.track", item=w.item(kind), n=len(held), size=size)), 12,
                                 weight="bold"))
        for k in range(size):
            cx = tx + k * STEP
            if k < len(held):
                out.append(item_chip(ctx, ids, held[k], "track", cx, y + 18))
            else:
                out.append(RD.space(cx, y + 18, CHIP, CHIP, "", False, ' stroke="#8a7650"'))
        out.append(RD.svg_text(tx + size * STEP + 6, y + 36, w(keys.get(kind, "txt.vb.gives_limit"),
                                                                 n=gives.get(kind, 0), carried=carried(part)), 11))
        out.append("</g>")
    return "".join(out) + "</g>"


def satchel_row(ctx: Any, part: dict, ids: ItemIds, x: float, y: float, width: float) -> tuple[str, float]:
    """The Satchel (face up, then exhausted) and the Damaged box, with the coerced card if any."""
    w = ctx.w
    held = boxes(part)
    satchel = held[UP] + held[DOWN]
    out = ['<g data-satchel="1">', RD.svg_text(x, y + 12, w("txt.vb.satchel_box", up=len(held[UP]),
                                                            down=len(held[DOWN])), 12, weight="bold")]
    per_row = max(1, int((width * 0.58) // STEP))
    for i, item in enumerate(satchel):
        row, col = divmod(i, per_row)
        out.append(item_chip(ctx, ids, item, "satchel", x + col * STEP, y + 18 + row * STEP))
    coerced = part.get("coerced")
    if coerced:
        i = len(satchel)
        row, col = divmod(i, per_row)
        out.append(coerced_chip(ctx, ids, coerced, x + col * STEP, y + 18 + row * STEP))
    rows = max(1, -(-(len(satchel) + (1 if coerced else 0)) // per_row))
    out.append("</g>")
    dx = x + width * 0.62
    out.append(f'<g data-damaged="{len(held["damaged"])}">'
               + RD.svg_text(dx, y + 12, w("txt.vb.damaged_box", n=len(held["damaged"])), 12, weight="bold",
                             fill=DAMAGED))
    per_row_d = max(1, int((width * 0.38) // STEP))
    for i, item in enumerate(held["damaged"]):
        row, col = divmod(i, per_row_d)
        out.append(item_chip(ctx, ids, item, "damaged", dx + col * STEP, y + 18 + row * STEP))
    rows = max(rows, -(-len(held["damaged"]) // per_row_d))
    out.append("</g>")
    return "".join(out), 18 + rows * STEP + 4


def coerced_chip(ctx: Any, ids: ItemIds, kind: str, x: float, y: float) -> str:
    """The Jailor's coerced card, serving as an item once (a card-coloured chip)."""
    attrs, tip = ctx.attrs([ids.exhaust[kind]] if kind in ids.exhaust else [])
    name = ctx.w("txt.vb.coerced", item=ctx.w.item(kind))
    return (f'<g data-vb-item="{RD.attr(kind)}" data-side="{UP}" data-box="coerced"{attrs}>'
            + RD.title(name + ("\n" + tip if tip else ""))
            + f'<rect x="{x:.1f}" y="{y:.1f}" width="{CHIP}" height="{CHIP}" rx="4" fill="#fffaf0" '
              f'{outline(attrs, "#6b5a3c", 2)} stroke-dasharray="4 2"/>'
            + RD.svg_text(x + CHIP / 2, y + 17, RD.initial(ctx.w.item(kind), 2), 11, "middle", "bold", "#3b2f1e")
            + "</g>")


def relationship_ids(ctx: Any, faction: str) -> list[str]:
    """The viewer's legal ids naming this faction or its seat."""
    seat = seat_of(ctx.view, faction)
    shapes = forms()
    out = []
    for action in ctx.legal:
        head, *args = action.split(":")
        kinds = shapes.get(head, ())
        if any((k == "faction" and a == faction) or (k == "seat" and a == str(seat)) for a, k in zip(args, kinds)):
            out.append(action)
    return out


def relationship_chart(ctx: Any, part: dict, w: TX.Words, x: float, y: float, mine: bool) -> tuple[str, float]:
    """A row per faction: the Hostile box, Indifferent, the Allied track's spaces (aids needed between
    spaces, points of each space) and its marker in its space."""
    rel = sheet()["relationships"]
    allied = len(rel["aids"])
    labels = [w("txt.vb.hostile"), w("txt.vb.indifferent")] + [
        w("txt.vb.space_short", n=n) for n in range(1, allied)] + [w("txt.vb.allied_short")]
    cell_w, row_h, label_w, top = 120, 24, 170, 32
    out = ['<g data-relationships="1">', RD.svg_text(x, y + 12, w("txt.vb.relationships"), 12, weight="bold")]
    x0 = x + label_w
    for i, label in enumerate(labels):
        level = i - 1
        note = w("txt.vb.points_short", n=rel["points"][level - 1]) if level >= 1 else ""
        out.append(RD.svg_text(x0 + i * cell_w + cell_w / 2, y + 12, label + (f" · {note}" if note else ""), 10,
                               "middle", "bold", DAMAGED if level < 0 else "#3b2f1e"))
        if 0 <= level < allied:
            out.append(RD.svg_text(x0 + (i + 1) * cell_w, y + 26, w("txt.vb.aids_short", n=rel["aids"][level]), 9,
                                   "middle", fill="#6b5537"))
    for r, (faction, level) in enumerate(part["relationships"].items()):
        ry = y + top + r * row_h
        column = max(-1, min(level, allied)) + 1
        out.append(RD.svg_text(x, ry + 16, ctx.w.faction(faction), 12))
        for i in range(len(labels)):
            out.append(f'<rect x="{x0 + i * cell_w + 2}" y="{ry}" width="{cell_w - 4}" height="{row_h - 4}" rx="3" '
                       f'fill="{"#f3d9d6" if i == 0 else "#f3ead2"}" stroke="#8a7650" stroke-width="0.8"/>')
        attrs, tip = ctx.attrs(relationship_ids(ctx, faction) if mine else [])
        fill = ctx.colour(faction)
        cx = x0 + column * cell_w + cell_w / 2
        out.append(f'<g data-relationship="{RD.attr(faction)}" data-level="{level}"{attrs}>'
                   + RD.title(w.label(ctx.w.faction(faction), relationship_text(level, w)) + ("\n" + tip if tip else ""))
                   + f'<circle cx="{cx:.1f}" cy="{ry + (row_h - 4) / 2:.1f}" r="8" fill="{fill}" '
                     f'{outline(attrs, "#111", 1.5)}/></g>')
    return "".join(out) + "</g>", top + len(part["relationships"]) * row_h + 6


def quest_ids(ctx: Any, quest: str) -> list[str]:
    shapes = forms()
    return [a for a in ctx.legal if any(k == "quest" and v == quest
                                        for v, k in zip(a.split(":")[1:], shapes.get(a.split(":")[0], ())))]


def quest_card(ctx: Any, quest: str, x: float, y: float, zone: str, w_: float = 150, h: float = 46) -> str:
    spec = QUEST[quest]
    colour = RD.SUIT_COLOURS.get(spec.suit, RD.NEUTRAL)
    attrs, tip = ctx.attrs(quest_ids(ctx, quest))
    out = [f'<g data-quest="{RD.attr(quest)}" data-zone="{zone}"{attrs}>',
           RD.title(quest_text(quest, ctx.w) + ("\n" + tip if tip else "")),
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w_}" height="{h}" rx="5" fill="#fffaf0" '
           f'{outline(attrs, colour, 2)}/>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w_}" height="13" rx="5" fill="{colour}"/>',
           RD.svg_text(x + 5, y + 10, ctx.w.suit(spec.suit), 9, weight="bold", fill=RD.ink(colour)),
           RD.svg_text(x + 5, y + 26, spec.names.get(ctx.lang)[:24], 11, weight="bold")]
    for i, kind in enumerate(spec.items):
        fill = RD.ITEM_COLOURS.get(kind, RD.NEUTRAL)
        ix = x + 5 + i * 22
        out.append(f'<rect x="{ix:.1f}" y="{y + h - 16:.1f}" width="18" height="13" rx="2" fill="{fill}" stroke="#222" '
                   f'stroke-width="0.8"/>'
                   + RD.svg_text(ix + 9, y + h - 6, RD.initial(ctx.w.item(kind), 2), 8, "middle", "bold", RD.ink(fill)))
    return "".join(out) + "</g>"


def quests_row(ctx: Any, part: dict, name: str, w: TX.Words, x: float, y: float, width: float) -> tuple[str, float]:
    """The quests in play (on the first Vagabond's board) and the completed ones in columns by suit."""
    out = []
    dy = 0.0
    if shows_shared_quests(ctx.view, name):
        up = list(ctx.view["quests"].get("up", ()))
        out.append(f'<g data-quests-up="{len(up)}" data-quest-deck="{quest_deck(ctx.view)}">'
                   + RD.svg_text(x, y + 12, w("txt.vb.quests_up", n=quest_deck(ctx.view)), 12, weight="bold"))
        out += [quest_card(ctx, q, x + i * 158, y + 18, "quests-up") for i, q in enumerate(up)]
        out.append("</g>")
        dy += 18 + 46 + 8
    done = completed_by_suit(part)
    out.append(f'<g data-completed="{len(part["quests"])}">'
               + RD.svg_text(x, y + dy + 12, w("txt.vb.completed"), 12, weight="bold"))
    col_w = min(330.0, width / max(1, len(done)))
    tallest = 0
    for i, (suit, quests) in enumerate(done.items()):
        cx = x + i * col_w
        out.append(f'<g data-completed-suit="{RD.attr(suit)}" data-count="{len(quests)}">'
                   + RD.svg_text(cx, y + dy + 30, f"{w.suit(suit)} {len(quests)}", 12, weight="bold",
                                 fill=RD.SUIT_COLOURS.get(suit, "#222")))
        for k, q in enumerate(quests):
            row, col = divmod(k, 2)
            out.append(quest_card(ctx, q, cx + col * 158, y + dy + 36 + row * 52, "completed"))
        out.append("</g>")
        tallest = max(tallest, -(-len(quests) // 2))
    out.append("</g>")
    return "".join(out), dy + 36 + tallest * 52 + 4
