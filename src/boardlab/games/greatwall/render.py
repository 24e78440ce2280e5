"""An SVG picture of a Great Wall table, drawn from a seat's (redacted) view.

The picture shows the Horde array above the three Wall sections, the Locations with their
Clerks, the advisor track and Artifacts, every player's area (Honor, resources, soldiers,
cards: other seats' hands show only as counts) and the viewer's own hand. Elements that a
legal action refers to (a Location, a section, a card, a Horde slot) carry the action ids in
`data-actions` and the class `legal`, so the web client can act by clicking them.
"""
from __future__ import annotations

from xml.sax.saxutils import escape

from typing import NamedTuple

from ...core.registry import ruleset
from .actions import pos
from .data_tables import BOARD, CLANS, COMMANDS, HORDES, LOCS, TACTICS
from .text import module_lines, shown_modules
from .view import CARDS, name_of, reward_text

W = 1000
CLAN_COLOURS = {"red": "#c0392b", "yellow": "#e0b000", "blue": "#2e6fd1", "black": "#222222", "white": "#f4f4f4"}
NEUTRAL = "#8a8a8a"  # the Secondary (2 players) and anything without a seat
UNIT_LETTER = {"spearman": "S", "archer": "A", "horseman": "H", "bannerman": "B", "s": "S", "a": "A", "h": "H"}
RESOURCES = ("wood", "stone", "gold", "chi")
RES_COLOURS = {"wood": "#8b5a2b", "stone": "#9a9a9a", "gold": "#d4a017", "chi": "#6a5acd"}
CARD_W, CARD_H = 96, 62
HAND_W, HAND_H = 136, 84  # cards in hand are bigger: they show their numbers
FONT = 'font-family="sans-serif"'


# ---- helpers ------------------------------------------------------------------------------------

def attr(value) -> str:
    return escape(str(value), {'"': "&quot;"})


def svg_text(x, y, s, size=12, anchor="start", weight="normal", fill="#222", extra="") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" {FONT} {extra}>{escape(str(s))}</text>')


def clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def seat_colour(view: dict, seat: int) -> str:
    players = view.get("players", [])
    if 0 <= seat < len(players):
        return CLAN_COLOURS.get(players[seat].get("clan"), NEUTRAL)
    return NEUTRAL


def matching(legal: list[str], test) -> list[str]:
    return [a for a in legal if test(a.split(":"))]


def clickable(actions: list[str], title: str = "") -> str:
    """Attributes making an element clickable for `actions` (none: just a tooltip)."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    if not actions:
        return "", tip
    return (f' class="legal" data-actions="{attr(" ".join(actions))}" data-action="{attr(actions[0])}" '
            f'style="cursor:pointer"'), tip


class Ctx:
    def __init__(self, view: dict, lang: str, legal: list[str]):
        self.view, self.lang, self.legal = view, lang, legal
        self.rules = ruleset("greatwall")
        self.cat = self.rules.catalogue

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
HORDE_TOP = 54  # below the headline (year, season)
ROW_H = 86


def _horde_card(ctx: Ctx, h: dict, x: float, y: float) -> str:
    card, section = h["card"], h["section"]
    spec = HORDES.get(card)
    battle_here = ctx.view.get("battle", {}).get("section") == section
    numbers = (f' data-breach="{spec.breach}" data-kill="{spec.kill}" data-victory-honor="{spec.victory_honor}" '
               f'data-end-honor="{spec.end_honor}"') if spec is not None else ""
    out = [f'<g data-horde="{attr(card)}" data-section="{section}" data-row="{h["row"]}"{numbers}>'
           f'<rect x="{x}" y="{y}" width="{SECTION_W - 20}" height="{ROW_H - 8}" rx="6" fill="#f3e3c3" '
           f'stroke="{"#b22222" if battle_here else "#6b4f20"}" stroke-width="{3 if battle_here else 1.5}">'
           f'<title>{escape(ctx.name(card))}: {escape(ctx.card_text(card))}</title></rect>',
           svg_text(x + 8, y + 16, clip(ctx.name(card), 24), 13, weight="bold")]
    if spec is not None:
        out.append(svg_text(x + 8, y + 34, _label(ctx, "horde", breach=spec.breach, kill=spec.kill), 12, weight="bold",
                            fill="#5a3a10", extra='data-numbers="breach-kill"'))
        out.append(svg_text(x + 8, y + 50, _label(ctx, "horde_honor", honor=spec.victory_honor, end=spec.end_honor), 11,
                            fill="#5a3a10", extra='data-numbers="honor"'))
    out.append(_horde_slots(ctx, h, spec, x + SECTION_W - 20 - 3 * 26 - 8, y + 8, battle_here))
    return "".join(out) + "</g>"


def _horde_slots(ctx: Ctx, h: dict, spec, x0: float, y0: float, battle_here: bool) -> str:
    out = []
    for k, cover in enumerate(h["cover"]):
        x, y = x0 + (k % 3) * 26, y0 + (k // 3) * 30
        vital = spec is not None and k < len(spec.slots) and spec.slots[k].vital
        reward = spec.slots[k].reward if spec is not None and k < len(spec.slots) else []
        fill = seat_colour(ctx.view, cover[0]) if cover else ("#ffffff" if vital else "#e8dcc0")
        acts = matching(ctx.legal, lambda p, k=k: battle_here and (
            (p[0] == "slot" and len(p) == 2 and p[1] == str(pos(k))) or
            (p[0] == "slot" and len(p) == 3 and p[1] == str(pos(h["row"])) and p[2] == str(pos(k))))) if not cover else []
        pays = reward_text(ctx.cat, reward, ctx.lang)
        attrs, tip = clickable(acts, " · ".join(t for t in (ctx.name("vital") if vital else "", pays) if t))
        out.append(f'<rect x="{x}" y="{y}" width="22" height="26" rx="3" fill="{fill}" '
                   f'stroke="{"#b22222" if vital else "#8a7a5a"}" stroke-width="{2.5 if vital else 1}" '
                   f'data-slot="{k}" data-vital="{int(vital)}" data-reward="{attr(_reward_key(reward))}"{attrs}>{tip}</rect>')
        if reward and not cover:  # what wounding the slot pays, in short
            out.append(svg_text(x + 11, y + 17, _reward_short(ctx, reward), 10, "middle", "bold", "#5a3a10",
                                'pointer-events="none" data-slot-reward="1"'))
        if cover:
            out.append(svg_text(x + 11, y + 18, UNIT_LETTER.get(cover[1], "?"), 12, "middle", "bold",
                             "#000" if fill in ("#f4f4f4", "#e0b000") else "#fff"))
    return "".join(out)


# ---- numbers in short (cards and slots) ------------------------------------------------------------

RES_SHORT = {"en": {"wood": "W", "stone": "S", "gold": "G", "chi": "C", "honor": "★"},
             "zh-Hant": {"wood": "木", "stone": "石", "gold": "金", "chi": "冥", "honor": "★"},
             "zh-Hans": {"wood": "木", "stone": "石", "gold": "金", "chi": "冥", "honor": "★"}}
UNIT_SHORT = {"en": {"spearman": "Spear", "archer": "Archer", "horseman": "Horse"},
              "zh-Hant": {"spearman": "長矛兵", "archer": "弓箭手", "horseman": "騎兵"},
              "zh-Hans": {"spearman": "长矛兵", "archer": "弓箭手", "horseman": "骑兵"}}
EFFECT_SHORT = {  # one effect of a card, in a few characters: {n} its number
    "move_clerks": {"en": "{n} Clerks", "zh-Hant": "移 {n} 書記員", "zh-Hans": "移 {n} 书记员"},
    "gain_any": {"en": "+{n} any", "zh-Hant": "+{n} 任選", "zh-Hans": "+{n} 任选"},
    "recruit": {"en": "+{n} {unit}", "zh-Hant": "+{n} {unit}", "zh-Hans": "+{n} {unit}"},
    "leader": {"en": "Leader +{n}", "zh-Hant": "領袖 +{n}", "zh-Hans": "领袖 +{n}"},
    "tea": {"en": "Tea +{n}", "zh-Hant": "茶 +{n}", "zh-Hans": "茶 +{n}"},
    "wound": {"en": "Wound {n}", "zh-Hant": "創傷 {n}", "zh-Hans": "创伤 {n}"},
    "wound_column": {"en": "Wound column ×{n}", "zh-Hant": "整列創傷 ×{n}", "zh-Hans": "整列创伤 ×{n}"},
    "defence": {"en": "Defence +{n}", "zh-Hant": "防禦 +{n}", "zh-Hans": "防御 +{n}"},
    "overseer": {"en": "Overseer +{n}", "zh-Hant": "監工 +{n}", "zh-Hans": "监工 +{n}"},
    "extra_dispatch": {"en": "Dispatch +{n}", "zh-Hant": "派遣 +{n}", "zh-Hans": "派遣 +{n}"},
    "move_soldiers": {"en": "Move {n} soldier", "zh-Hant": "調 {n} 士兵", "zh-Hans": "调 {n} 士兵"},
    "save_free": {"en": "Save {n}", "zh-Hant": "救回 {n}", "zh-Hans": "救回 {n}"},
    "kill_less": {"en": "Kill −{n}", "zh-Hant": "擊殺 −{n}", "zh-Hans": "击杀 −{n}"},
    "draw_tactics": {"en": "+{n} Tactic", "zh-Hant": "+{n} 戰術卡", "zh-Hans": "+{n} 战术卡"},
    "honor_per": {"en": "★{n} each", "zh-Hant": "每個 ★{n}", "zh-Hans": "每个 ★{n}"},
}
TIMING_SHORT = {"tactics": {"en": "Tactics", "zh-Hant": "戰術", "zh-Hans": "战术"},
                "dispatch": {"en": "Dispatch", "zh-Hant": "派遣", "zh-Hans": "派遣"},
                "breach": {"en": "Breach", "zh-Hant": "突破", "zh-Hans": "突破"}}


def _pick(texts: dict, lang: str) -> str:
    return texts.get(lang, texts["en"])


def _reward_key(effects: list) -> str:
    """A slot's reward for tests and tools: `gold:1`, `honor:1`, `tactics:1`, joined by spaces."""
    parts = []
    for effect in effects:
        for op, arg in effect.items():
            if op == "gain":
                parts += [f"{r}:{n}" for r, n in arg.items()]
            elif op == "draw_tactics":
                parts.append(f"tactics:{arg}")
    return " ".join(parts)


def _effect_short(ctx: Ctx, effect: dict) -> str:
    res = _pick(RES_SHORT, ctx.lang)
    out = []
    for op, arg in effect.items():
        if op == "gain":
            out += [f"+{n}{res.get(r, r)}" for r, n in arg.items()]
        elif op in EFFECT_SHORT:
            n = arg.get("n", 1) if isinstance(arg, dict) else arg
            unit = _pick(UNIT_SHORT, ctx.lang).get(arg.get("unit"), "") if isinstance(arg, dict) else ""
            out.append(_pick(EFFECT_SHORT[op], ctx.lang).format(n=n, unit=unit))
        else:
            out.append(f"{op} {arg}" if not isinstance(arg, (dict, list)) else op)
    return " ".join(out)


def _effects_short(ctx: Ctx, effects: list) -> str:
    return " · ".join(_effect_short(ctx, e) for e in effects)


def _reward_short(ctx: Ctx, effects: list) -> str:
    """A slot's reward inside the slot: `1G`, `1★`, `T` (a Tactic card)."""
    res = _pick(RES_SHORT, ctx.lang)
    parts = []
    for effect in effects:
        for op, arg in effect.items():
            if op == "gain":
                parts += [f"{n}{res.get(r, r)}" for r, n in arg.items()]
            elif op == "draw_tactics":
                parts.append(f"{arg}{_pick(LABELS['tactic_short'], ctx.lang)}")
    return "".join(parts)


def card_numbers(ctx: Ctx, card: str) -> list[str]:
    """The numbers a player needs of a card in hand: a Command's top and bottom effects, a Tactic's
    step, its base effect and, for its Chi, the boosted one."""
    if card in COMMANDS:
        c = COMMANDS[card]
        return [f"▲ {_effects_short(ctx, c.top)}", f"▼ {_effects_short(ctx, c.bottom)}"]
    if card in TACTICS:
        c = TACTICS[card]
        return [f"{_pick(TIMING_SHORT[c.timing], ctx.lang)}: {_effects_short(ctx, c.base)}",
                _label(ctx, "boost", chi=c.chi, effects=_effects_short(ctx, c.boosted))]
    return []


def _hordes(ctx: Ctx, overlay: str = "") -> str:
    """The Horde array, with what modules draw over it (`Picture.overlay`)."""
    out = ['<g data-layer="hordes">']
    for s in range(BOARD.sections):
        out.append(svg_text(s * SECTION_W + SECTION_W / 2, HORDE_TOP - 10, ctx.name(s), 14, "middle", "bold"))
    out.append(overlay)
    for h in ctx.view.get("hordes", []):
        row = BOARD.horde_rows - 1 - h["row"]  # row 0 stands nearest the Wall
        out.append(_horde_card(ctx, h, h["section"] * SECTION_W + 10, HORDE_TOP + row * ROW_H))
    return "".join(out) + "</g>"


# ---- the Wall -----------------------------------------------------------------------------------

WALL_TOP = HORDE_TOP + BOARD.horde_rows * ROW_H + 6
WALL_H = 96


def _section(ctx: Ctx, s: int, sec: dict) -> str:
    x = s * SECTION_W + 10
    acts = matching(ctx.legal, lambda p: len(p) >= 2 and p[1] == str(pos(s)) and p[0] in ("section", "build", "fort"))
    attrs, tip = clickable(acts, ctx.name(s))
    out = [f'<g data-section="{s}" data-wall="{sec["wall"]}">',
           f'<rect x="{x}" y="{WALL_TOP}" width="{SECTION_W - 20}" height="{WALL_H}" rx="4" fill="#b9a98a" '
           f'stroke="#4d4030" stroke-width="2"{attrs}>{tip}</rect>']
    for lv in range(sec["wall"] + 1):  # a brick band per built level
        out.append(f'<rect x="{x + 6}" y="{WALL_TOP + WALL_H - 14 - lv * 10}" width="60" height="8" '
                   f'fill="#7d6a4f" pointer-events="none"/>')
    label = _label(ctx, "wall", level=sec["wall"], defence=sec["defence"], forts=sec["fortifications"])
    out.append(svg_text(x + 76, WALL_TOP + 18, label, 12, extra='pointer-events="none"'))
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
        out.append(f'<circle cx="{cx}" cy="{cy}" r="9" fill="{fill}" stroke="#333" data-unit="{attr(unit)}" '
                   f'data-seat="{seat}" pointer-events="none"/>'
                   + svg_text(cx, cy + 4, UNIT_LETTER.get(unit, "?"), 10, "middle", "bold", ink,
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
LOC_W, LOC_H, LOC_COLS = 176, 80, 5
KIND_FILL = {"production": "#e3efd5", "action": "#dfe7f3", "green": "#d6eedc"}


def _location(ctx: Ctx, loc: str, info: dict, x: float, y: float) -> str:
    acts = matching(ctx.legal, lambda p: loc in p[1:])
    attrs, tip = clickable(acts, ctx.name(loc))
    out = [f'<g data-location="{attr(loc)}">',
           f'<rect x="{x}" y="{y}" width="{LOC_W}" height="{LOC_H}" rx="6" fill="{KIND_FILL.get(info["kind"], "#eee")}" '
           f'stroke="#445" stroke-width="1.5"{attrs}>{tip}</rect>',
           svg_text(x + 8, y + 17, clip(ctx.name(loc), 16), 13, weight="bold", extra='pointer-events="none"')]
    clerks = info.get("clerks", [])
    out.append(svg_text(x + LOC_W - 8, y + 17, f'{len(clerks)}/{info.get("slots", 0)}', 12, "end", "bold", "#334",
                        f'pointer-events="none" data-clerk-count="{len(clerks)}/{info.get("slots", 0)}"'))
    spec = LOCS.get(loc)
    if spec is not None and spec.resource:  # a production Location: what each Clerk gathers (GWA-PROD-01)
        words = _label(ctx, "yield", res=ctx.name(spec.resource)) + (" · ★" if spec.honor_icon else "")
        out.append(svg_text(x + 8, y + LOC_H - 8, words, 11, fill="#334",
                            extra=f'pointer-events="none" data-yield="{attr(spec.resource)}"'))
    elif spec is not None and spec.honor_icon:
        out.append(svg_text(x + 8, y + LOC_H - 8, "★", 11, fill="#334", extra='pointer-events="none"'))
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

def _card(ctx: Ctx, card: str, x: float, y: float, acts: list[str], note: str = "", role: str = "card",
          numbers: list[str] | None = None, w: float = CARD_W, h: float = CARD_H) -> str:
    """A card: its name, the `numbers` lines (a Command's or Tactic's effects in short) and `note`."""
    attrs, tip = clickable(acts, f"{ctx.name(card)}: {ctx.card_text(card)}")
    lines = _wrap(ctx.name(card), int(13 * w / CARD_W))
    out = [f'<g data-{role}="{attr(card)}">',
           f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="#fffaf0" stroke="#6b5a3c" '
           f'stroke-width="1.5"{attrs}>{tip}</rect>']
    out += [svg_text(x + 5, y + 15 + 13 * i, line, 11, weight="bold", extra='pointer-events="none"')
            for i, line in enumerate(lines[:2 if numbers else 3])]
    for i, line in enumerate(numbers or ()):
        out.append(svg_text(x + 5, y + 43 + 13 * i, clip(line, int(w / 5.6)), 10, fill="#3b2a10",
                            extra='pointer-events="none" data-card-numbers="1"'))
    if note:
        out.append(svg_text(x + w - 5, y + h - 6, note, 10, "end", fill="#6b4f20", extra='pointer-events="none"'))
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
    return matching(ctx.legal, lambda p: card in p[1:])


def _track(ctx: Ctx, y: float) -> tuple[str, float]:
    out = ['<g data-layer="track">', svg_text(10, y + 14, _label(ctx, "track"), 13, weight="bold")]
    picking = ctx.view.get("decision") in ("take_advisor", "pick")
    for i, entry in enumerate(ctx.view.get("advisor_track", [])):
        acts = matching(ctx.legal, lambda p, i=i: picking and p[0] == "advisor" and p[1:] == [str(i)])
        out.append(_card(ctx, entry["card"], 10 + i * (CARD_W + 8), y + 22, acts, f'{entry["price"]}●',
                         role="track"))
    x = 10 + 6 * (CARD_W + 8) + 20
    for j, art in enumerate(ctx.view.get("artifacts", [])):
        out.append(_card(ctx, art, x + j * (CARD_W + 8), y + 22, [], role="artifact"))
    return "".join(out) + "</g>", y + 22 + CARD_H + 14


# ---- expansions and scenarios: each module's picture, then a line per module ----------------------
#
# A module of the game may give `MODULE.picture(ctx, y) -> Picture | None`, drawn from the view in
# `ctx` (None, or an empty Picture, when the view holds nothing of it): words for the headline, SVG
# over the Horde array (`overlay`, board coordinates) and a band of the table below the Advisor track
# (`band`, drawn from `y`, `height` high). Its lines (`MODULE.lines`, text.py) follow the bands.

class Picture(NamedTuple):
    headline: tuple[str, ...] = ()
    overlay: str = ""
    band: str = ""
    height: float = 0


def _pictures(ctx: Ctx, y: float) -> tuple[list[Picture], float]:
    registry = ctx.rules.program.registry
    out = []
    for name in shown_modules(registry, ctx.view):
        part = registry.get(name)
        if part.picture is not None:
            pic = part.picture(ctx, y)
            if pic is not None:
                out.append(pic)
                y += pic.height
    return out, y


def _extras(ctx: Ctx, y: float) -> tuple[str, float, list[Picture]]:
    lines = module_lines(ctx.rules, ctx.view, ctx.lang)
    pictures, bottom = _pictures(ctx, y)
    bands = [p.band for p in pictures if p.band]
    if not lines and not bands:
        return "", y, pictures
    out = ['<g data-layer="modules">'] + bands
    y = bottom
    for line in lines:
        parts = _wrap(line, 150) if line.isascii() else [line[i:i + 76] for i in range(0, len(line), 76)]
        for part in parts:
            out.append(svg_text(10, y + 16, part, 12))
            y += 17
    return "".join(out) + "</g>", y + 8, pictures


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
           svg_text(32, y + 18, f'{_clan(ctx, p)} — {ctx.name(p["general"]) if p.get("general") else "…"}', 13,
                 weight="bold"),
           svg_text(W - 24, y + 18, f'★ {p["honor"]}', 15, "end", "bold", extra=f'data-honor="{p["honor"]}"')]
    x = 32
    for r in RESOURCES:
        out.append(f'<rect x="{x}" y="{y + 28}" width="12" height="12" rx="2" fill="{RES_COLOURS[r]}"/>'
                   + svg_text(x + 16, y + 39, f'{ctx.name(r)} {p["resources"].get(r, 0)}', 12,
                           extra=f'data-resource="{r}"'))
        x += 110
    soldiers = "  ".join(f'{ctx.name(u)} {n}' for u, n in p["soldiers"].items())
    out.append(svg_text(x + 10, y + 39, soldiers, 12))
    out.append(svg_text(32, y + 60, _holdings(ctx, p), 12))
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
    "horde": {"en": "Breach {breach} · Kill {kill}", "zh-Hant": "突破 {breach} · 擊殺 {kill}",
              "zh-Hans": "突破 {breach} · 击杀 {kill}"},
    "horde_honor": {"en": "Victory ★{honor} · End ★{end}", "zh-Hant": "勝利 ★{honor} · 終局 ★{end}",
                    "zh-Hans": "胜利 ★{honor} · 终局 ★{end}"},
    "boost": {"en": "{chi} Chi: {effects}", "zh-Hant": "{chi} 冥想：{effects}", "zh-Hans": "{chi} 冥想：{effects}"},
    "tactic_short": {"en": "T", "zh-Hant": "戰", "zh-Hans": "战"},
    "yield": {"en": "+1 {res} per Clerk", "zh-Hant": "每名書記員 +1 {res}", "zh-Hans": "每名书记员 +1 {res}"},
    "secondary": {"en": "Secondary race: Honor {honor}, Spearmen {spearmen}",
                  "zh-Hant": "次要種族：榮譽 {honor}，長矛兵 {spearmen}", "zh-Hans": "次要种族：荣誉 {honor}，长矛兵 {spearmen}"},
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
    out = [f'<g data-layer="hand" data-seat="{seat}">', svg_text(10, y + 14, _label(ctx, "hand"), 14, weight="bold")]
    x, y0 = 10, y + 22
    for key, cards in groups:
        if isinstance(cards, dict) or not cards:
            continue
        for card in cards:
            if x + HAND_W > W - 10:
                x, y0 = 10, y0 + HAND_H + 8
            out.append(_card(ctx, card, x, y0, _card_actions(ctx, card), _label(ctx, key), role="hand-card",
                             numbers=card_numbers(ctx, card), w=HAND_W, h=HAND_H))
            x += HAND_W + 8
        x += 12
    return "".join(out) + "</g>", y0 + HAND_H + 10


# ---- the whole table -----------------------------------------------------------------------------

def _season(ctx: Ctx, pictures: list[Picture]) -> str:
    """The headline: year and season, the Secondary race (2 players), then what modules add (the Rat's
    Location, say)."""
    season = ctx.view.get("season", "")
    key = f"txt.season.{season}"
    name = ctx.cat.text(key, ctx.lang) if ctx.cat.has(key) else season
    parts = [_label(ctx, "year", year=ctx.view.get("year", ""), season=name)]
    if "secondary" in ctx.view:
        parts.append(_label(ctx, "secondary", **ctx.view["secondary"]))
    parts += [words for p in pictures for words in p.headline]
    return "   ·   ".join(parts)


def render_board(view: dict, lang: str = "en", legal: list[str] | None = None) -> str:
    """A standalone SVG of the table in `view` (a seat's or the spectator's view); the ids in
    `legal` make the elements they name clickable."""
    ctx = Ctx(view, lang, list(legal or ()))
    locs, y = _locations(ctx)
    track, y = _track(ctx, y)
    extras, y, pictures = _extras(ctx, y)
    players, y = _players(ctx, y)
    hand, y = _hand(ctx, y)
    height = int(y + 10)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" '
            f'data-game="greatwall" data-lang="{attr(lang)}">'
            f'<style>.legal{{stroke:#0a8f3c;stroke-width:3.5px;stroke-dasharray:7 4}}</style>'
            f'<rect width="{W}" height="{height}" fill="#efe6d2"/>'
            + svg_text(10, 20, _season(ctx, pictures), 14, weight="bold", extra='data-season="1"')
            + _hordes(ctx, "".join(p.overlay for p in pictures)) + _wall(ctx) + locs + track + extras + players + hand + "</svg>")
