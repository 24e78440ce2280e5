"""The Mountain map's own rules (LR-AM-04): closed paths, the Pass and the Tower.

Setup (LR-AM-04-01): the six closed path markers cover the darker paths (`closed_paths` in
data/maps/mountain.yaml) and the Tower is placed in the central clearing showing two towers (`pass`).

Closed paths (LR-AM-04-02): clearings linked only by a closed path are not adjacent. The base game's
adjacency (`board.neighbours`) leaves out every path in `state.closed`, so moves, connections through
ruled clearings and every "adjacent" rule see it; forests stay as the data draws them (closed paths
divide forests like paths). No rule of the game places pieces on paths.

Removing a closed path (LR-AM-04-03): once per turn in their Daylight, a player with any faction
pieces in either clearing it links may spend a card (any card) to remove its marker for good and score
one point: a Daylight phase option (RTA-PHASE-01, RTA-MAP-05), `open_path:A:B`, then the card, `spend:CARD`.

The Pass (LR-AM-04-04): at the end of a player's Evening, ruling the clearing with the Tower scores one
point (RTA-MAP-06).

State: `state.closed` (a base field, the closed paths left); `mods["map_mountain"]`: the Tower's clearing.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.module import Module
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from .. import cards as K
from .. import scoring as S
from ..content import MAPS
from ..state import RootState

NAME = "map_mountain"
MODULE = Module(NAME, messages=f"{NAME}.yaml")
MODULE.data = lambda state: None
OPEN = ("LR-AM-04-03", "RTA-MAP-05")
PASS = ("LR-AM-04-04", "RTA-MAP-06")


@record
class RemoveClosedPath(NamedTuple):
    """Spend a card to remove the closed path `a`-`b` (LR-AM-04-03): the card is asked next."""
    seat: int
    a: int
    b: int


def open_id(a: int, b: int) -> str:
    return f"open_path:{A.clearing_id(a)}:{A.clearing_id(b)}"


def path_text(a: int, b: int) -> str:
    return f"{A.clearing_id(a)}-{A.clearing_id(b)}"


def tower(state: RootState) -> int | None:
    c: int | None = state.mods[NAME]
    return c


# ---- setup (LR-AM-04-01) ----------------------------------------------------------------------------------

def set_up(state: RootState) -> None:
    board = MAPS[state.map]
    state.closed = board.closed_at_start
    state.mods[NAME] = board.pass_clearing
    state.log(("LR-AM-04-01",), "ev.map_mountain.setup", n=len(state.closed),
              paths=", ".join(path_text(a, b) for a, b in state.closed), clearing=board.pass_clearing)


MODULE.hook("game.setup", "after", set_up)


# ---- removing a closed path (LR-AM-04-03) ---------------------------------------------------------------

def removable(state: RootState, seat: int) -> list[tuple[int, int]]:
    """Closed paths the seat may remove now: a card to spend, and a faction piece at either end."""
    if state.used.get("closed_path") or not state.hands[seat]:
        return []
    f = state.faction[seat]
    return [(a, b) for a, b in state.closed if B.has_pieces(state, f, a) or B.has_pieces(state, f, b)]


def options(state: RootState, seat: int, phase: str) -> list[str]:
    return [open_id(a, b) for a, b in removable(state, seat)] if phase == "daylight" else []


def use(state: RootState, seat: int, action_id: str) -> bool:
    if A.head(action_id) != "open_path":
        return False
    a, b = (A.clearing_of(x) for x in A.args(action_id))
    state.used["closed_path"] = 1  # once per turn
    T.push(state, RemoveClosedPath(seat, a, b))
    return True


MODULE.answer("phase_options", options)
MODULE.answer("use_phase_option", use)


def _cards(state: RootState, seat: int) -> list[str]:
    return list(dict.fromkeys(state.hands[seat]))


@MODULE.handler(RemoveClosedPath)
def run_remove(state: RootState, task: RemoveClosedPath) -> None:
    cards = _cards(state, task.seat)
    if len(cards) == 1:
        T.done(state)
        remove_path(state, task, cards[0])
    else:
        T.ask(state, task.seat, "closed_path_card")


@MODULE.task_decision("closed_path_card", lambda state: [f"spend:{c}" for c in _cards(state, T.top(state).seat)])
def apply_card(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    remove_path(state, task, A.arg(action_id))


def remove_path(state: RootState, task: RemoveClosedPath, card: str) -> None:
    state.closed = tuple(p for p in state.closed if p != (task.a, task.b))
    state.log(OPEN, "ev.map_mountain.open", seat=task.seat, path=path_text(task.a, task.b))
    K.discard(state, task.seat, card, OPEN)
    S.score(state, task.seat, 1, OPEN)


# ---- the Pass (LR-AM-04-04) -----------------------------------------------------------------------------

def the_pass(state: RootState, seat: int) -> list[Any]:
    c = tower(state)
    if c is not None and B.rules(state, state.faction[seat], c):
        state.log(PASS, "ev.map_mountain.pass", seat=seat, clearing=c)
        S.score(state, seat, 1, PASS)
    return []


MODULE.answer("evening_end", the_pass)


# ---- view, texts, action ids ----------------------------------------------------------------------------

def view(state: RootState, full: dict[str, Any]) -> None:
    c = tower(state)
    full["mountain"] = {"closed_paths": [[a + 1, b + 1] for a, b in state.closed],
                        "tower": None if c is None else c + 1,
                        "closed_path_removed": bool(state.used.get("closed_path"))}


def actions(players: int, options: dict[str, Any]) -> list[Segment]:
    return [Vocabulary([open_id(a, b) for a, b in MAPS[options.get("map", "mountain")].closed_at_start])]


MODULE.view = view
MODULE.actions = actions
MODULE.forms = {"open_path": ("clearing", "clearing")}
