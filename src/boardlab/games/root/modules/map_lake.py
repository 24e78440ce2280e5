"""The Lake map's own rules (LR-AM-03): the Ferry.

The lake itself is data (data/maps/lake.yaml): it counts as a river between every two coastal
clearings (LR-AM-03-02, a river is no path: moves never use it unless a rule says so, LR-02-03), it
divides forests, and each coastal forest is adjacent to its two neighbouring coastal forests
(LR-AM-03-04).

The Ferry (LR-AM-03-05): at setup it is placed in the corner that is coastal (LR-AM-03-01). Once per
turn, pieces moving out of the Ferry's clearing may cross to any other coastal clearing, ignoring paths
(a move like any other: the mover rules the origin or the destination unless its faction ignores
rule). Taking the Ferry is its own destination id, `ferry:C`, beside `to:C` when a clearing can be
reached both ways (RTA-MAP-02). The Ferry goes along, and the player of each faction whose pieces rode
it draws a card (RTA-MAP-04).

State: `state.ferry` (the Ferry's clearing, a base field the view shows); `mods["map_lake"]`: this
turn's Ferry trip `(turn, origin, dest, factions that drew)` or None. "Used this turn" is
`state.used["ferry"]` (cleared at each turn's start).
"""
from __future__ import annotations

from typing import Any

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.flow import TASKS, Decision
from ....core.module import Module
from .. import actions as A
from .. import cards as K
from .. import move as MV
from ..content import MAPS
from ..state import RootState

NAME = "map_lake"
MODULE = Module(NAME, messages=f"{NAME}.yaml")
MODULE.data = lambda state: None
Trip = tuple[int, int, int, tuple[str, ...]]  # (turn, origin, dest, factions whose player drew)
RULES = ("LR-AM-03-05", "RTA-MAP-02", "RTA-MAP-04")


def ferry_id(c: int) -> str:
    return f"ferry:{A.clearing_id(c)}"


def trip(state: RootState) -> Trip | None:
    now: Trip | None = state.mods[NAME]
    return now


# ---- setup (LR-AM-03-01) ------------------------------------------------------------------------------

def place_ferry(state: RootState) -> None:
    board = MAPS[state.map]
    state.ferry = board.ferry_start  # the one coastal corner (checked when the map is loaded)
    state.log(("LR-AM-03-01",), "ev.map_lake.ferry_start", clearing=state.ferry)


MODULE.hook("game.setup", "after", place_ferry)


# ---- the Ferry (LR-AM-03-05) ----------------------------------------------------------------------------

def ferry_crossings(state: RootState, faction: str, origin: int) -> list[int]:
    """The other coastal clearings, for pieces moving out of the Ferry's clearing while it is unused
    this turn. Rule and other limits are the move's own (move.destinations filters them)."""
    if state.ferry != origin or state.used.get("ferry"):
        return []
    return [c for c in MAPS[state.map].coastal if c != origin]


MODULE.answer("move_destinations", ferry_crossings)


def _without_ferry(state: RootState) -> RootState:
    """A copy in which the Ferry is used up: where a move could go without it."""
    copy = state.clone()
    copy.used["ferry"] = 1
    return copy


def _by_ferry(state: RootState, faction: str, origin: int) -> tuple[list[int], set[int]]:
    """(destinations by Ferry, destinations without it) of a move from `origin`."""
    crossings = ferry_crossings(state, faction, origin)
    if not crossings:
        return [], set()
    legal = set(MV.destinations(state, faction, origin))
    return [c for c in crossings if c in legal], set(MV.destinations(_without_ferry(state), faction, origin))


def _move_to(base: Decision) -> Decision:
    """The move's destination: `ferry:C` for a crossing by Ferry, `to:C` for the rest (RTA-MAP-02)."""

    def legal(state: RootState) -> list[str]:
        task = T.top(state)
        by_ferry, plain = _by_ferry(state, task.faction, task.origin)
        if not by_ferry:
            return base.legal(state)
        return [i for i in base.legal(state) if A.clearing_arg(i) in plain] + [ferry_id(c) for c in by_ferry]

    def apply(state: RootState, action_id: str) -> str | None:
        if A.head(action_id) != "ferry":
            return base.apply(state, action_id)
        task = T.top(state)
        dest = A.clearing_arg(action_id)
        state.used["ferry"] = 1  # once per turn
        state.mods[NAME] = (state.turn, task.origin, dest, ())
        T.replace(state, task._replace(dest=dest))
        return TASKS

    return Decision(legal, apply)


MODULE.instead_of_decision("move_to", _move_to)


def ferried(state: RootState, seat: int, faction: str, origin: int, dest: int, warriors: int) -> list[Any]:
    """After a move by Ferry: the Ferry goes along and the faction's player draws a card. Pieces of
    several factions moved together (reported as moves with the same origin and destination in this
    turn) each draw (RTA-MAP-04); pieces that are no faction's (hirelings) draw nothing."""
    now = trip(state)
    if now is None or now[:3] != (state.turn, origin, dest) or faction in now[3]:
        return []
    state.ferry = dest
    state.mods[NAME] = now[:3] + (now[3] + (faction,),)
    state.log(RULES, "ev.map_lake.ferry", faction=faction, origin=origin, dest=dest)
    owner = state.seat_of(faction)
    if owner is not None:
        K.draw(state, owner, 1, RULES)
    return []


MODULE.answer("moved", ferried)


# ---- view, texts, action ids ----------------------------------------------------------------------------

def view(state: RootState, full: dict[str, Any]) -> None:
    full["lake"] = {"ferry": None if state.ferry is None else state.ferry + 1,
                    "ferry_used": bool(state.used.get("ferry")),
                    "coastal": [c + 1 for c in MAPS[state.map].coastal] if state.map else []}


def actions(players: int, options: dict[str, Any]) -> list[Segment]:
    return [Vocabulary([ferry_id(c) for c in MAPS[options.get("map", "lake")].coastal])]


MODULE.view = view
MODULE.actions = actions
MODULE.forms = {"ferry": ("clearing",)}
