"""An SVG picture of a Great Wall table, drawn from a seat's (redacted) view.

The picture shows the Horde array above the three Wall sections, the Locations with their
Clerks, the advisor track and Artifacts, every player's area (Honor, resources, soldiers,
cards: other seats' hands show only as counts) and the viewer's own hand. Elements that a
legal action refers to (a Location, a section, a card, a Horde slot) carry the action ids in
`data-actions` and the class `legal`, so the web client can act by clicking them.
"""
from __future__ import annotations

from xml.sax.saxutils import escape

from ...core.registry import ruleset
from .data_tables import BOARD, CLANS, HORDES
from .modules.genghis import CARDS as KHAN_CARDS
from .text import module_lines
from .view import CARDS, name_of

W = 1000
CLAN_COLOURS = {"red": "#c0392b", "yellow": "#e0b000", "blue": "#2e6fd1", "black": "#222222", "white": "#f4f4f4"}
NEUTRAL = "#8a8a8a"  # the Secondary (2 players) and anything without a seat
UNIT_LETTER = {"spearman": "S", "archer": "A", "horseman": "H", "bannerman": "B", "s": "S", "a": "A", "h": "H"}
RESOURCES = ("wood", "stone", "gold", "chi")
RES_COLOURS = {"wood": "#8b5a2b", "stone": "#9a9a9a", "gold": "#d4a017", "chi": "#6a5acd"}
CARD_W, CARD_H = 96, 62
FONT = 'font-family="sans-serif"'


# ---- helpers ------------------------------------------------------------------------------------

def _a(value) -> str:
    return escape(str(value), {'"': "&quot;"})


def _text(x, y, s, size=12, anchor="start", weight="normal", fill="#222", extra="") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" {FONT} {extra}>{escape(str(s))}</text>')


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def seat_colour(view: dict, seat: int) -> str:
    players = view.get("players", [])
    if 0 <= seat < len(players):
        return CLAN_COLOURS.get(players[seat].get("clan"), NEUTRAL)
    return NEUTRAL


def _matching(legal: list[str], test) -> list[str]:
    return [a for a in legal if test(a.split(":"))]


def _clickable(actions: list[str], title: str = "") -> str:
    """Attributes making an element clickable for `actions` (none: just a tooltip)."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    if not actions:
        return "", tip
    return (f' class="legal" data-actions="{_a(" ".join(actions))}" data-action="{_a(actions[0])}" '
            f'style="cursor:pointer"'), tip


class Ctx:
    def __init__(self, view: dict, lang: str, legal: list[str]):
        self.view, self.lang, self.legal = view, lang, legal
        self.cat = ruleset("greatwall").catalogue

    def name(self, thing) -> str:
        try:
            return name_of(thing, self.lang, self.cat)
        except (KeyError, ValueError):
            return str(thing)

    def card_text(self, card: str) -> str:
        c = CARDS.get(card)
        return c.text.get(self.lang) if c is not None else ""


# ---- the Horde array ----------------------------------------------------------------------------

SECTION_W = W / BOARD.sections
HORDE_TOP = 40
ROW_H = 86


def _horde_card(ctx: Ctx, h: dict, x: float, y: float) -> str:
    card, section = h["card"], h["section"]
    spec = HORDES.get(card)
    battle_here = ctx.view.get("battle", {}).get("section") == section
    out = [f'<g data-horde="{_a(card)}" data-section="{section}" data-row="{h["row"]}">'
           f'<rect x="{x}" y="{y}" width="{SECTION_W - 20}" height="{ROW_H - 8}" rx="6" fill="#f3e3c3" '
           f'stroke="{"#b22222" if battle_here else "#6b4f20"}" stroke-width="{3 if battle_here else 1.5}">'
           f'<title>{escape(ctx.name(card))}: {escape(ctx.card_text(card))}</title></rect>',
           _text(x + 8, y + 16, _clip(ctx.name(card), 24), 13, weight="bold")]
    if spec is not None:
        out.append(_text(x + 8, y + 32, _label(ctx, "horde", breach=spec.breach, kill=spec.kill, honor=spec.victory_honor), 11, fill="#5a3a10"))
    out.append(_horde_slots(ctx, h, spec, x + SECTION_W - 20 - 3 * 26 - 8, y + 8, battle_here))
    return "".join(out) + "</g>"


def _horde_slots(ctx: Ctx, h: dict, spec, x0: float, y0: float, battle_here: bool) -> str:
    out = []
    for k, cover in enumerate(h["cover"]):
        x, y = x0 + (k % 3) * 26, y0 + (k // 3) * 30
        vital = spec is not None and k < len(spec.slots) and spec.slots[k].vital
        fill = seat_colour(ctx.view, cover[0]) if cover else ("#ffffff" if vital else "#e8dcc0")
        acts = _matching(ctx.legal, lambda p, k=k: battle_here and (
            (p[0] == "slot" and len(p) == 2 and p[1] == str(k)) or
            (p[0] == "slot" and len(p) == 3 and p[1] == str(h["row"]) and p[2] == str(k)))) if not cover else []
        attrs, tip = _clickable(acts, ctx.name("vital") if vital else "")
        out.append(f'<rect x="{x}" y="{y}" width="22" height="26" rx="3" fill="{fill}" '
                   f'stroke="{"#b22222" if vital else "#8a7a5a"}" stroke-width="{2.5 if vital else 1}" '
                   f'data-slot="{k}" data-vital="{int(vital)}"{attrs}>{tip}</rect>')
        if cover:
            out.append(_text(x + 11, y + 18, UNIT_LETTER.get(cover[1], "?"), 12, "middle", "bold",
                             "#000" if fill in ("#f4f4f4", "#e0b000") else "#fff"))
    return "".join(out)


def _hordes(ctx: Ctx) -> str:
    out = ['<g data-layer="hordes">']
    khan = (ctx.view.get("genghis") or {}).get("khan")
    for s in range(BOARD.sections):
        out.append(_text(s * SECTION_W + SECTION_W / 2, HORDE_TOP - 10, ctx.name(s), 14, "middle", "bold"))
        if s == khan:  # GK-17/40: the Khan's model stands before this section
            out.append(f'<g data-khan="{s}">' + _text(s * SECTION_W + SECTION_W - 14, HORDE_TOP - 10,
                       "⚑ " + ctx.name("genghis_khan"), 13, "end", "bold", "#b22222") + "</g>")
    for h in ctx.view.get("hordes", []):
        row = BOARD.horde_rows - 1 - h["row"]  # row 0 stands nearest the Wall
        out.append(_horde_card(ctx, h, h["section"] * SECTION_W + 10, HORDE_TOP + row * ROW_H))
    return "".join(out) + "</g>"


# ---- the Wall -----------------------------------------------------------------------------------

WALL_TOP = HORDE_TOP + BOARD.horde_rows * ROW_H + 6
WALL_H = 96


def _section(ctx: Ctx, s: int, sec: dict) -> str:
    x = s * SECTION_W + 10
    acts = _matching(ctx.legal, lambda p: len(p) >= 2 and p[1] == str(s) and p[0] in ("section", "build", "fort"))
    attrs, tip = _clickable(acts, ctx.name(s))
    out = [f'<g data-section="{s}" data-wall="{sec["wall"]}">',
           f'<rect x="{x}" y="{WALL_TOP}" width="{SECTION_W - 20}" height="{WALL_H}" rx="4" fill="#b9a98a" '
           f'stroke="#4d4030" stroke-width="2"{attrs}>{tip}</rect>']
    for lv in range(sec["wall"] + 1):  # a brick band per built level
        out.append(f'<rect x="{x + 6}" y="{WALL_TOP + WALL_H - 14 - lv * 10}" width="60" height="8" '
                   f'fill="#7d6a4f" pointer-events="none"/>')
    label = _label(ctx, "wall", level=sec["wall"], defence=sec["defence"], forts=sec["fortifications"])
    out.append(_text(x + 76, WALL_TOP + 18, label, 12, extra='pointer-events="none"'))
    out.append(_units(ctx, [[seat, "archer"] for seat in sec["archers"]], x + 76, WALL_TOP + 34,
                      sec["archer_slots"]))
    out.append(_units(ctx, sec["behind"], x + 8, WALL_TOP + 58))
    return "".join(out) + "</g>"


def _units(ctx: Ctx, units: list, x: float, y: float, slots: int = 0) -> str:
    """Soldiers as coloured discs with their unit letter; `slots` empty rings after them."""
    out = []
    for i, (seat, unit) in enumerate(units):
        cx, cy = x + 10 + (i % 12) * 22, y + 10 + (i // 12) * 20
        fill = seat_colour(ctx.view, seat)
        ink = "#000" if fill in ("#f4f4f4", "#e0b000") else "#fff"
        out.append(f'<circle cx="{cx}" cy="{cy}" r="9" fill="{fill}" stroke="#333" data-unit="{_a(unit)}" '
                   f'data-seat="{seat}" pointer-events="none"/>'
                   + _text(cx, cy + 4, UNIT_LETTER.get(unit, "?"), 10, "middle", "bold", ink,
                           'pointer-events="none"'))
    for i in range(len(units), slots):
        out.append(f'<circle cx="{x + 10 + i * 22}" cy="{y + 10}" r="9" fill="none" stroke="#555" '
                   f'stroke-dasharray="3 2" pointer-events="none"/>')
    return "".join(out)


def _wall(ctx: Ctx) -> str:
    secs = ctx.view.get("sections", [])
    return '<g data-layer="wall">' + "".join(_section(ctx, s, sec) for s, sec in enumerate(secs)) + "</g>"


# ---- Locations ----------------------------------------------------------------------------------

LOC_TOP = WALL_TOP + WALL_H + 14
LOC_W, LOC_H, LOC_COLS = 176, 64, 5
KIND_FILL = {"production": "#e3efd5", "action": "#dfe7f3", "green": "#d6eedc"}


def _location(ctx: Ctx, loc: str, info: dict, x: float, y: float) -> str:
    acts = _matching(ctx.legal, lambda p: loc in p[1:])
    attrs, tip = _clickable(acts, ctx.name(loc))
    out = [f'<g data-location="{_a(loc)}">',
           f'<rect x="{x}" y="{y}" width="{LOC_W}" height="{LOC_H}" rx="6" fill="{KIND_FILL.get(info["kind"], "#eee")}" '
           f'stroke="#445" stroke-width="1.5"{attrs}>{tip}</rect>',
           _text(x + 8, y + 17, _clip(ctx.name(loc), 20), 13, weight="bold", extra='pointer-events="none"')]
    clerks = info.get("clerks", [])
    shown = max(info.get("slots", 0), len(clerks))
    for i in range(shown):
        cx, cy = x + 14 + (i % 8) * 20, y + 38 + (i // 8) * 18
        if i < len(clerks):
            out.append(f'<rect x="{cx - 7}" y="{cy - 8}" width="14" height="16" rx="3" '
                       f'fill="{seat_colour(ctx.view, clerks[i])}" stroke="#222" data-clerk="{clerks[i]}" '
                       f'pointer-events="none"/>')
        else:
            out.append(f'<rect x="{cx - 7}" y="{cy - 8}" width="14" height="16" rx="3" fill="none" '
                       f'stroke="#667" stroke-dasharray="3 2" pointer-events="none"/>')
    return "".join(out) + "</g>"


def _locations(ctx: Ctx) -> tuple[str, float]:
    out = ['<g data-layer="locations">']
    locs = list(ctx.view.get("locations", {}).items())
    for i, (loc, info) in enumerate(locs):
        x = 10 + (i % LOC_COLS) * (LOC_W + 20)
        y = LOC_TOP + (i // LOC_COLS) * (LOC_H + 10)
        out.append(_location(ctx, loc, info, x, y))
    rows = (len(locs) + LOC_COLS - 1) // LOC_COLS
    return "".join(out) + "</g>", LOC_TOP + rows * (LOC_H + 10)


# ---- cards: the advisor track, Artifacts, hands --------------------------------------------------

def _card(ctx: Ctx, card: str, x: float, y: float, acts: list[str], note: str = "", role: str = "card") -> str:
    attrs, tip = _clickable(acts, f"{ctx.name(card)}: {ctx.card_text(card)}")
    lines = _wrap(ctx.name(card), 13)
    out = [f'<g data-{role}="{_a(card)}">',
           f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fffaf0" stroke="#6b5a3c" '
           f'stroke-width="1.5"{attrs}>{tip}</rect>']
    out += [_text(x + 5, y + 15 + 13 * i, line, 11, weight="bold", extra='pointer-events="none"')
            for i, line in enumerate(lines[:3])]
    if note:
        out.append(_text(x + CARD_W - 5, y + CARD_H - 6, note, 10, "end", fill="#6b4f20", extra='pointer-events="none"'))
    return "".join(out) + "</g>"


def _wrap(s: str, n: int) -> list[str]:
    if " " not in s and not s.isascii():  # Chinese names: cut by characters
        step = max(1, n // 2 + 1)
        return [s[i:i + step] for i in range(0, len(s), step)]
    lines, cur = [], ""
    for word in s.split():
        if cur and len(cur) + 1 + len(word) > n:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return lines + [cur] if cur else lines


def _card_actions(ctx: Ctx, card: str) -> list[str]:
    return _matching(ctx.legal, lambda p: card in p[1:])


def _track(ctx: Ctx, y: float) -> tuple[str, float]:
    out = ['<g data-layer="track">', _text(10, y + 14, _label(ctx, "track"), 13, weight="bold")]
    picking = ctx.view.get("decision") in ("take_advisor", "pick")
    for i, entry in enumerate(ctx.view.get("advisor_track", [])):
        acts = _matching(ctx.legal, lambda p, i=i: picking and p[0] == "advisor" and p[1:] == [str(i)])
        out.append(_card(ctx, entry["card"], 10 + i * (CARD_W + 8), y + 22, acts, f'{entry["price"]}●',
                         role="track"))
    x = 10 + 6 * (CARD_W + 8) + 20
    for j, art in enumerate(ctx.view.get("artifacts", [])):
        out.append(_card(ctx, art, x + j * (CARD_W + 8), y + 22, [], role="artifact"))
    return "".join(out) + "</g>", y + 22 + CARD_H + 14


# ---- expansions and scenario: Genghis Khan's cards, then a line per module ----------------------

KHAN_W, SPOT = 200, 22


def _khan_card(ctx: Ctx, gk: dict, card: str, x: float, y: float) -> str:
    """One of the Khan's cards with its Vital spots: taken (seat colour, unit), open and counting
    (clickable when an attack may take it), or not counting at this player count (dashed)."""
    taken = {(c, k): (seat, unit) for c, k, seat, unit in gk["spots"]}
    counting = {(c, k) for c, k in gk["open"]} | set(taken)
    off = card in gk.get("off", [])
    out = [f'<g data-khan-card="{_a(card)}"><rect x="{x}" y="{y}" width="{KHAN_W}" height="58" rx="6" '
           f'fill="{"#ddd" if off else "#f6e0d0"}" stroke="#7a2e1a"><title>{escape(ctx.name(card))}: '
           f'{escape(ctx.card_text(card))}</title></rect>',
           _text(x + 8, y + 16, _clip(ctx.name(card), 28), 12, weight="bold")]
    for k, spot in enumerate(KHAN_CARDS[card].spots):
        sx, sy = x + 8 + k * (SPOT + 4), y + 26
        who = taken.get((card, k))
        acts = _matching(ctx.legal, lambda p, k=k: p[:3] == ["spot", card, str(k)]) if who is None else []
        attrs, tip = _clickable(acts, str(spot.mark or ""))
        fill = seat_colour(ctx.view, who[0]) if who else "#fff"
        dash = "" if (card, k) in counting else ' stroke-dasharray="3 2"'
        out.append(f'<rect x="{sx}" y="{sy}" width="{SPOT}" height="{SPOT}" rx="3" fill="{fill}" stroke="#b22222"'
                   f'{dash} data-spot="{k}"{attrs}>{tip}</rect>')
        label = UNIT_LETTER.get(who[1], "?") if who else (str(spot.mark) if spot.mark else "")
        out.append(_text(sx + SPOT / 2, sy + 15, label, 11, "middle", "bold", "#fff" if who else "#b22222"))
    return "".join(out) + "</g>"


def _modules(ctx: Ctx, y: float) -> tuple[str, float]:
    lines = module_lines(ctx.cat, ctx.view, ctx.lang)
    gk = ctx.view.get("genghis")
    if not lines and not gk:
        return "", y
    out = ['<g data-layer="modules">']
    if gk:
        for i, card in enumerate(gk["cards"]):
            out.append(_khan_card(ctx, gk, card, 10 + i * (KHAN_W + 10), y + 4))
        y += 70
    for line in lines:
        parts = _wrap(line, 150) if line.isascii() else [line[i:i + 76] for i in range(0, len(line), 76)]
        for part in parts:
            out.append(_text(10, y + 16, part, 12))
            y += 17
    return "".join(out) + "</g>", y + 8


# ---- players -------------------------------------------------------------------------------------

PLAYER_H = 92


def _player(ctx: Ctx, p: dict, y: float) -> str:
    seat = p["seat"]
    colour = CLAN_COLOURS.get(p["clan"], NEUTRAL)
    me = ctx.view.get("seat") == seat
    out = [f'<g data-player="{seat}">',
           f'<rect x="10" y="{y}" width="{W - 20}" height="{PLAYER_H - 8}" rx="6" fill="#fbfbf7" '
           f'stroke="{colour}" stroke-width="{4 if me else 2}"/>',
           f'<rect x="10" y="{y}" width="14" height="{PLAYER_H - 8}" rx="4" fill="{colour}" stroke="#333"/>',
           _text(32, y + 18, f'{_clan(ctx, p)} — {ctx.name(p["general"]) if p.get("general") else "…"}', 13,
                 weight="bold"),
           _text(W - 24, y + 18, f'★ {p["honor"]}', 15, "end", "bold", extra=f'data-honor="{p["honor"]}"')]
    x = 32
    for r in RESOURCES:
        out.append(f'<rect x="{x}" y="{y + 28}" width="12" height="12" rx="2" fill="{RES_COLOURS[r]}"/>'
                   + _text(x + 16, y + 39, f'{ctx.name(r)} {p["resources"].get(r, 0)}', 12,
                           extra=f'data-resource="{r}"'))
        x += 110
    soldiers = "  ".join(f'{ctx.name(u)} {n}' for u, n in p["soldiers"].items())
    out.append(_text(x + 10, y + 39, soldiers, 12))
    out.append(_text(32, y + 60, _holdings(ctx, p), 12))
    return "".join(out) + "</g>"


def _clan(ctx: Ctx, p: dict) -> str:
    clan = next((c for c in CLANS if c.id == p["clan"]), None)
    return clan.names.get(ctx.lang) if clan is not None else p["clan"]


def _count(x) -> int:
    return x.get("count", 0) if isinstance(x, dict) else len(x)


def _holdings(ctx: Ctx, p: dict) -> str:
    """Clerks and card counts (the only thing shown of another seat's hand)."""
    parts = [f'{_label(ctx, "clerks")} {p["clerks"]}', f'{_label(ctx, "commands")} {_count(p["commands"])}',
             f'{_label(ctx, "advisors")} {_count(p["advisors"])}', f'{_label(ctx, "tactics")} {_count(p["tactics"])}']
    if p.get("overseers"):
        parts.append(", ".join(f'{ctx.name(loc)} {lv}' for loc, lv in p["overseers"].items()))
    return "   ".join(parts)


LABELS = {  # short labels of the player area
    "clerks": {"en": "Clerks", "zh-Hant": "書記員", "zh-Hans": "书记员"},
    "commands": {"en": "Commands", "zh-Hant": "指令卡", "zh-Hans": "指令卡"},
    "advisors": {"en": "Advisors", "zh-Hant": "謀士", "zh-Hans": "谋士"},
    "tactics": {"en": "Tactics", "zh-Hant": "戰術卡", "zh-Hans": "战术卡"},
    "track": {"en": "Advisor track and Artifacts", "zh-Hant": "謀士軌與文物", "zh-Hans": "谋士轨与文物"},
    "generals": {"en": "Generals offered", "zh-Hant": "可選將軍", "zh-Hans": "可选将军"},
    "hand": {"en": "Your hand", "zh-Hant": "你的手牌", "zh-Hans": "你的手牌"},
    "wall": {"en": "Level {level} · Defence {defence} · Fortifications {forts}",
             "zh-Hant": "第 {level} 層 · 防禦 {defence} · 防禦工事 {forts}",
             "zh-Hans": "第 {level} 层 · 防御 {defence} · 防御工事 {forts}"},
    "horde": {"en": "Breach {breach} · Kill {kill} · Honor {honor}", "zh-Hant": "突破 {breach} · 擊殺 {kill} · 榮譽 {honor}",
              "zh-Hans": "突破 {breach} · 击杀 {kill} · 荣誉 {honor}"},
    "secondary": {"en": "Secondary race: Honor {honor}, Spearmen {spearmen}",
                  "zh-Hant": "次要種族：榮譽 {honor}，長矛兵 {spearmen}", "zh-Hans": "次要种族：荣誉 {honor}，长矛兵 {spearmen}"},
    "rat": {"en": "The Rat is at {location}", "zh-Hant": "老鼠在{location}", "zh-Hans": "老鼠在{location}"},
    "year": {"en": "Year {year}, {season}", "zh-Hant": "第 {year} 年，{season}", "zh-Hans": "第 {year} 年，{season}"},
}


def _label(ctx: Ctx, key: str, **params) -> str:
    return LABELS[key].get(ctx.lang, LABELS[key]["en"]).format(**params)


def _players(ctx: Ctx, y: float) -> tuple[str, float]:
    out = ['<g data-layer="players">']
    for p in ctx.view.get("players", []):
        out.append(_player(ctx, p, y))
        y += PLAYER_H
    return "".join(out) + "</g>", y


def _hand(ctx: Ctx, y: float) -> tuple[str, float]:
    """The viewer's own cards (a spectator has none): clickable when an action names them."""
    seat = ctx.view.get("seat")
    players = ctx.view.get("players", [])
    if seat is None or not 0 <= seat < len(players):
        return "", y
    p = players[seat]
    groups = [("generals", p.get("general_offer", [])), ("commands", p.get("commands", [])),
              ("advisors", p.get("advisors", [])), ("tactics", p.get("tactics", []))]
    out = [f'<g data-layer="hand" data-seat="{seat}">', _text(10, y + 14, _label(ctx, "hand"), 14, weight="bold")]
    x, y0 = 10, y + 22
    for key, cards in groups:
        if isinstance(cards, dict) or not cards:
            continue
        for card in cards:
            if x + CARD_W > W - 10:
                x, y0 = 10, y0 + CARD_H + 8
            out.append(_card(ctx, card, x, y0, _card_actions(ctx, card), _label(ctx, key), role="hand-card"))
            x += CARD_W + 8
        x += 12
    return "".join(out) + "</g>", y0 + CARD_H + 10


# ---- the whole table -----------------------------------------------------------------------------

def _season(ctx: Ctx) -> str:
    """The headline: year and season, the Secondary race (2 players) and the Rat's Location."""
    season = ctx.view.get("season", "")
    key = f"txt.season.{season}"
    name = ctx.cat.text(key, ctx.lang) if ctx.cat.has(key) else season
    parts = [_label(ctx, "year", year=ctx.view.get("year", ""), season=name)]
    if "secondary" in ctx.view:
        parts.append(_label(ctx, "secondary", **ctx.view["secondary"]))
    if ctx.view.get("rat"):
        parts.append(_label(ctx, "rat", location=ctx.name(ctx.view["rat"]["location"])))
    return "   ·   ".join(parts)


def render_board(view: dict, lang: str = "en", legal: list[str] | None = None) -> str:
    """A standalone SVG of the table in `view` (a seat's or the spectator's view); the ids in
    `legal` make the elements they name clickable."""
    ctx = Ctx(view, lang, list(legal or ()))
    locs, y = _locations(ctx)
    track, y = _track(ctx, y)
    modules, y = _modules(ctx, y)
    players, y = _players(ctx, y)
    hand, y = _hand(ctx, y)
    height = int(y + 10)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" '
            f'data-game="greatwall" data-lang="{_a(lang)}">'
            f'<style>.legal{{stroke:#0a8f3c;stroke-width:3.5px;stroke-dasharray:7 4}}</style>'
            f'<rect width="{W}" height="{height}" fill="#efe6d2"/>'
            + _text(10, 20, _season(ctx), 14, weight="bold", extra='data-season="1"')
            + _hordes(ctx) + _wall(ctx) + locs + track + modules + players + hand + "</svg>")
