"""The Corvid Conspiracy's faction board on the terminal table (`lines`) and the web table (`picture`), drawn from
its part of a seat's view (`corvid.view`): the plots on the map (face up by type, face down as plots), the supply of
plots, the next plot's cost, what the next flip scores, the Evening draw; and for the Corvids' own seat only (the
zones hide them from everyone else) the types of the face-down plots and of the plots in the supply.

The hooks are the ones text.py and render.py ask a faction module for; a view part shaped otherwise falls back
to their generic list.
"""
from __future__ import annotations

from typing import Any

from .. import render as RD
from .. import text as TX

NAME = "corvid"


def secret(part: dict, key: str) -> Any:
    """The seat's own hidden part (a dict keyed by its seat), or None when the view hides it."""
    value = part.get(key) or {}
    if not isinstance(value, dict) or value.get("hidden"):
        return None
    mine = list(value.values())
    return mine[0] if mine and not (isinstance(mine[0], dict) and mine[0].get("hidden")) else None


# ---- texts shared by both tables ----------------------------------------------------------------------------------

def headline(part: dict, w: TX.Words) -> str:
    return w("txt.corvid.board", up=part["face_up"], down=part["face_down"], supply=part["in_supply"],
             cost=part["next_plot_cost"], flip=part["next_flip"], draws=part["draws"])


def map_text(part: dict, w: TX.Words) -> str:
    plots = part["plots"]
    listed = w.join(f"{c} {w.piece(k)}" for c, k in plots.items()) if plots else "-"
    return w.label(w("txt.corvid.on_map"), listed)


def secret_text(part: dict, w: TX.Words) -> str | None:
    down, reserve = secret(part, "facedown"), secret(part, "reserve")
    if down is None or reserve is None:
        return None
    listed = w.join(f"{c} {w.piece(k)}" for c, k in down.items()) if down else "-"
    kept = w.join(w.piece(k) for k in reserve) if reserve else "-"
    return w("txt.corvid.secret", down=listed, supply=kept)


# ---- the terminal table -------------------------------------------------------------------------------------------

def lines(view: dict, lang: str, catalogue: Any) -> list[str]:
    return TX.faction_lines(view, lang, catalogue, NAME, board_lines)


def board_lines(view: dict, part: dict, w: Any) -> list[str]:
    out = [headline(part, w), map_text(part, w)]
    mine = secret_text(part, w)
    return out + ([mine] if mine else [])


# ---- the web table ------------------------------------------------------------------------------------------------

CHIP, GAP = 40, 8


def picture(ctx: Any, x: float, y: float, width: float) -> tuple[str, float]:
    return RD.faction_picture(ctx, NAME, board, x, y, width)


def board(ctx: Any, part: dict, x: float, y: float, width: float) -> tuple[str, float]:
    w = ctx.w
    out = [f'<g data-board="{NAME}" data-face-up="{part["face_up"]}" data-face-down="{part["face_down"]}" '
           f'data-supply="{part["in_supply"]}" data-plot-cost="{part["next_plot_cost"]}" '
           f'data-next-flip="{part["next_flip"]}" data-draws="{part["draws"]}">',
           RD.svg_text(x, y + 12, headline(part, w), 12, weight="bold")]
    down = secret(part, "facedown") or {}
    for i, (c, kind) in enumerate(part["plots"].items()):
        out.append(plot_chip(ctx, c, kind, down.get(c), x + i * (CHIP + GAP), y + 22))
    dy = 22 + (CHIP + 14 if part["plots"] else 0)
    mine = secret_text(part, w)
    if mine:
        reserve = secret(part, "reserve") or []
        out.append(f'<g data-plot-supply="{len(reserve)}">' + RD.svg_text(x, y + dy + 12, mine, 12) + "</g>")
        dy += 18
    return "".join(out) + "</g>", dy + 4


def plot_chip(ctx: Any, clearing: str, kind: str, secret_kind: str | None, cx: float, y: float) -> str:
    """A plot on the map: its clearing, its type if face up; a face-down one shows its type to the Corvids only."""
    w = ctx.w
    fill = ctx.colour(NAME) if kind != "plot" else "#3b2f1e"
    label = w.piece(kind) + (f" ({w.piece(secret_kind)})" if secret_kind else "")
    tip = w("clearing", n=int(clearing)) + " · " + label
    shown = secret_kind or kind
    return (f'<g data-plot="{RD.attr(clearing)}" data-kind="{RD.attr(kind)}"'
            + (f' data-secret="{RD.attr(secret_kind)}"' if secret_kind else "") + ">"
            + RD.title(tip)
            + f'<circle cx="{cx + CHIP / 2}" cy="{y + CHIP / 2}" r="{CHIP / 2 - 2}" fill="{fill}" stroke="#222" '
              f'stroke-width="1.5"/>'
            + RD.svg_text(cx + CHIP / 2, y + CHIP / 2 + 4, RD.initial(w.piece(shown)), 12, "middle", "bold", "#fff")
            + RD.svg_text(cx + CHIP / 2, y + CHIP + 10, clearing, 10, "middle", "normal", "#3b2f1e") + "</g>")
