"""The Great Wall in the terminal: a seat's view as a few lines of text.

Each module of the game may give `MODULE.lines(view, lang, catalogue) -> [lines]`: what it adds to a
seat's view, a line each (also shown by the web table). The modules asked are those the view names as on
(`view["modules"]`, from `Game.view`), in the registry's order; a bare full view (no `modules` key) asks
every registered module, and one that finds nothing of its own in the view gives no line.
"""
from __future__ import annotations

from rich.cells import cell_len

from .data_tables import HORDES
from .state import SECONDARY
from .view import CARDS, name_of


def render_text(rules, view: dict, lang: str) -> str:
    cat = rules.catalogue
    t = lambda key, **kw: cat.text(key, lang, **kw)  # noqa: E731
    sep = t("list.sep")
    lines = [t("txt.when", year=view["year"], season=t(f"txt.season.{view['season']}"))]
    lines.append(t("txt.tracks", tea=sep.join(map(str, view["tea"])), leader=sep.join(map(str, view["leader"]))))
    for p in view["players"]:
        res = sep.join(f"{n} {name_of(r, lang, cat)}" for r, n in p["resources"].items())
        line = t("txt.player", seat=p["seat"], general=name_of(p["general"], lang, cat) if p["general"] else "?",
                 honor=p["honor"], res=res, clerks=p["clerks"])
        lines.append(line)
        for key in ("commands", "advisors", "tactics"):
            cards = p[key]
            if isinstance(cards, list) and cards:
                lines.append("    " + t("txt.label", label=t(f"txt.hand.{key}"),
                                          items=sep.join(name_of(c, lang, cat) for c in cards)))
    lines += location_lines(view, lang, cat)
    lines.append(t("txt.legend.hordes"))
    for i, sec in enumerate(view["sections"]):
        rows = sorted((h for h in view["hordes"] if h["section"] == i), key=lambda h: h["row"])
        hordes = sep.join(f"{h['row'] + 1}:{name_of(h['card'], lang, cat)} ({HORDES[h['card']].breach}/"
                          f"{HORDES[h['card']].kill}) {_cover(h)}" for h in rows) or "-"
        archers = " ".join(map(str, sec["archers"])) or "-"
        lines.append(t("txt.section", name=name_of(i, lang, cat), level=sec["wall"], defence=sec["defence"],
                       forts=sec["fortifications"], archers=archers, behind=len(sec["behind"]), hordes=hordes))
    lines += module_lines(rules, view, lang)
    track = sep.join(f"{name_of(a['card'], lang, cat)} ({a['price']})" for a in view["advisor_track"])
    lines.append(t("txt.label", label=t("txt.advisor_track"), items=track or "-"))
    lines.append(t("txt.label", label=t("txt.artifacts"), items=""))
    lines += ["  " + t("txt.label", label=name_of(a, lang, cat), items=CARDS[a].text.get(lang))
              for a in view["artifacts"]]
    return "\n".join(lines)


def location_lines(view: dict, lang: str, cat, width: int = 78) -> list[str]:
    """Every Location: Clerks on it out of its slots, whose they are, and whether it is green (activated
    as soon as it holds a Clerk, which may exceed its slots: GW-ACTIVATE-05/06)."""
    t = lambda key, **kw: cat.text(key, lang, **kw)  # noqa: E731
    items = []
    for loc, v in view["locations"].items():
        name = name_of(loc, lang, cat) + ("*" if v.get("kind") == "green" else "")
        whose = " ".join("S" if seat == SECONDARY else str(seat) for seat in v["clerks"])
        items.append(f"{name} {len(v['clerks'])}/{v['slots']}" + (f" ({whose})" if whose else ""))
    lines, line = [t("txt.locations")], " "
    for item in items:
        if cell_len(line) + cell_len(item) + 3 > width and line.strip():
            lines.append(line)
            line = " "
        line += (" · " if line.strip() else " ") + item
    return lines + [line]


def module_lines(rules, view: dict, lang: str) -> list[str]:
    """What the expansions and the scenario add to a view, a line each (also shown by the web table)."""
    registry = rules.program.registry
    lines: list[str] = []
    for name in shown_modules(registry, view):
        part = registry.get(name)
        if part.lines is not None:
            lines += part.lines(view, lang, rules.catalogue)
    return lines


def _cover(h: dict) -> str:
    vital = [s.vital for s in HORDES[h["card"]].slots]
    marks = ["#" if c else ("!" if vital[k] else ".") for k, c in enumerate(h["cover"])]
    return "[" + "".join(marks[:3]) + "/" + "".join(marks[3:]) + "]"




def shown_modules(registry, view: dict) -> list[str]:
    """The modules a view shows: those it names as on, else every registered one (registry order)."""
    on = view.get("modules")
    return [n for n in registry.names() if on is None or n in on]
