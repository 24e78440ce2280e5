"""The Knaves of the Deepwood's faction board on the terminal table (`lines`) and the web table (`picture`), drawn
from their part of a seat's view (`knaves.view`, all public): the Captain cards (face up or down, the Acting Captain,
where each Captain stands), the Stash's items face up or down, acclaim on the map and on the board, Skunks in forests
and the Prisoners. A view part shaped otherwise falls back to the tables' generic list."""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "knaves"


def captain_name(key: str, lang: str) -> str:
    from .knaves import CAPTAINS
    return CAPTAINS[key]["names"].get(lang) or key


def place(w: TX.Words, at: str | None) -> str:
    if at is None:
        return w("txt.knaves.off_map")
    return w("txt.knaves.in", place=w("forest", n=int(at[1:])) if at.startswith("f") else w("clearing", n=int(at)))


def short_place(w: TX.Words, at: str) -> str:
    return w("forest", n=int(at[1:])) if at.startswith("f") else w("clearing", n=int(at))


def captain_text(c: dict, w: TX.Words) -> str:
    key = "txt.knaves.acting" if c["acting"] else "txt.knaves.up" if c["up"] else "txt.knaves.down"
    return w(key, captain=captain_name(c["key"], w.lang), where=place(w, c["at"]))


def headline(part: dict, w: TX.Words) -> str:
    return w("txt.knaves.board", acclaim=len(part["acclaim"]), left=part["acclaim_left"],
             prisoners=len(part["prisoners"]), skunks=part["skunks_supply"])


def stash_text(part: dict, w: TX.Words) -> str:
    items = [w.item(k) + ("" if up else w("txt.knaves.face_down")) for k, up in part["stash"]]
    return w.label(w("txt.knaves.stash"), w.join(items))


def forest_text(part: dict, w: TX.Words) -> str:
    skunks = [f"{short_place(w, f)} {n}" for f, n in part["forest_skunks"].items()]
    prisoners = [f"{short_place(w, f)} {w.faction(o)}" for f, o in part["prisoners"].items()]
    return w("txt.knaves.forests", skunks=w.join(skunks), prisoners=w.join(prisoners),
             acclaim=w.join(part["acclaim"]))


def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    return [headline(part, w)] + [captain_text(c, w) for c in part["captains"]] + [stash_text(part, w),
                                                                                  forest_text(part, w)]


CHIP, GAP = 34, 6


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}" data-acclaim="{len(part["acclaim"])}" data-prisoners="{len(part["prisoners"])}" '
           f'data-skunks="{part["skunks_supply"]}">', RD.svg_text(x, y + 12, headline(part, w), 12, weight="bold")]
    dy = 22.0
    for c in part["captains"]:
        out.append(f'<g data-captain="{RD.attr(c["key"])}" data-up="{int(c["up"])}" data-acting="{int(c["acting"])}">'
                   + RD.svg_text(x, y + dy + 12, captain_text(c, w), 12, weight="bold" if c["acting"] else "normal")
                   + "</g>")
        dy += 16
    for i, (k, up) in enumerate(part["stash"]):
        cx = x + i * (CHIP + GAP)
        fill = ctx.colour(NAME) if up else "#8a8178"
        out.append(f'<g data-item="{RD.attr(k)}" data-face-up="{int(up)}">' + RD.title(w.item(k))
                   + f'<rect x="{cx}" y="{y + dy + 4}" width="{CHIP}" height="{CHIP}" rx="4" fill="{fill}" '
                     f'stroke="#222"/>'
                   + RD.svg_text(cx + CHIP / 2, y + dy + 4 + CHIP / 2 + 4, RD.initial(w.item(k)), 12, "middle", "bold",
                                 "#fff") + "</g>")
    dy += CHIP + 10 if part["stash"] else 0
    out.append(RD.svg_text(x, y + dy + 12, forest_text(part, w), 12))
    return "".join(out) + "</g>", dy + 20
