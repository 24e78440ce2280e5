"""Riverfolk Flotilla (promoted) / Otter Divers (demoted): the Riverfolk's hireling (data/hirelings.yaml).

Riverfolk Flotilla: a pawn, set up in a clearing both on the map edge and on the river. Ability: it cannot
be battled or removed (extension point `blocks_battle`; no effect removes a pawn), and in battle it rolls up
to 3 hits. At the start of its controller's Birdsong (mandatory): each player with faction pieces in its
clearing may draw a card, in turn order from the controller; then it moves along a river to a clearing
linked to its own, ignoring rule, and may battle there (RTA-HA-01).
Otter Divers (the controller's ability): its faction's moves into or out of a river clearing ignore rule
(extension point `move_ignores_rule`, RTA-HA-02). A river clearing is one a river touches; the Lake's lake
counts as rivers (LR-AM-03-02).

State: `mods["riverfolk_flotilla"]`: the side; the pawn is `pawns["riverfolk_flotilla"]` (a clearing).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from ..program import Hireling, extensions
from ..state import FOREST, RootState

NAME = "riverfolk_flotilla"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
BIRDSONG: Rules = ("LR-AH-02-03", "RT-HR-29", "RTA-HA-01")
ABILITY: Rules = ("LR-AH-02-02", "RT-HR-26", "RTA-HA-01")
MAX_HITS = 3    # the card: in battle the Flotilla rolls up to 3 hits
DRAW = 1        # the card: a card for each player with faction pieces there


def river_clearing(state: RootState, c: int) -> bool:
    """A clearing a river (or the Lake's lake, LR-AM-03-02) touches."""
    return bool(B.board(state).river_adj[c])


def where(state: RootState) -> int | None:
    loc = state.pawns.get(NAME)
    return None if loc is None or loc >= FOREST else loc


# ---- setup: a clearing on the map edge and on the river ---------------------------------------------------------

@record
class FlotillaSetup(NamedTuple):
    seat: int


def setup_sites(state: RootState) -> list[int]:
    edge = B.board(state).edge
    return [c for c in range(len(state.suits)) if edge[c] and river_clearing(state, c) and B.may_place(state, NAME, c)]


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [FlotillaSetup(seat)]


MODULE.setup = setup


@MODULE.handler(FlotillaSetup)
def run_setup(state: RootState, task: FlotillaSetup) -> None:
    sites = setup_sites(state)
    if len(sites) == 1:
        T.done(state)
        place(state, sites[0])
    else:
        T.ask_or_done(state, task.seat, "flotilla_setup", sites)


@MODULE.task_decision("flotilla_setup", lambda state: [f"flotilla_at:{A.clearing_id(c)}" for c in setup_sites(state)])
def apply_setup(state: RootState, action_id: str) -> None:
    T.done(state)
    place(state, A.clearing_arg(action_id))


def place(state: RootState, c: int) -> None:
    state.pawns = {**state.pawns, NAME: c}
    state.log(("RT-AS-17", "RT-HR-01"), "ev.flotilla.placed", clearing=c)


# ---- ability: never battled, rolls up to 3 hits -------------------------------------------------------------------

def blocks_battle(state: RootState, seat: int | None, attacker: str, defender: str, c: int) -> bool:
    return defender == NAME and not MODULE.demoted(state)


MODULE.answer("blocks_battle", blocks_battle)
MODULE.max_rolled_hits = lambda state, faction, c: MAX_HITS if where(state) == c else 0


# ---- Start of Birdsong: draws, the river move, a battle -------------------------------------------------------------

@record
class FlotillaDraw(NamedTuple):
    """The players still to answer whether they draw, in order."""
    seat: int
    left: tuple[int, ...]


@record
class FlotillaMove(NamedTuple):
    seat: int


def birdsong(state: RootState, seat: int) -> list:
    c = where(state)
    if MODULE.demoted(state) or c is None:
        return []
    order = [(seat + k) % state.players for k in range(state.players)]
    present = tuple(s for s in order if B.has_pieces(state, state.faction[s], c))
    state.log(BIRDSONG, "ev.flotilla.sails", seat=seat, clearing=c)
    return [FlotillaDraw(seat, present), FlotillaMove(seat)]


MODULE.birdsong = birdsong


@MODULE.handler(FlotillaDraw)
def run_draw(state: RootState, task: FlotillaDraw) -> None:
    if task.left:
        T.ask(state, task.left[0], "flotilla_draw")
    else:
        T.done(state)


@MODULE.task_decision("flotilla_draw", lambda state: ["flotilla_draw", "pass"])
def apply_draw(state: RootState, action_id: str) -> None:
    task = T.top(state)
    drawer = task.left[0]
    T.replace(state, task._replace(left=task.left[1:]))
    if action_id == "flotilla_draw":
        K.draw(state, drawer, DRAW, BIRDSONG)


def river_moves(state: RootState) -> list[int]:
    """The clearings a river links to the Flotilla's (its move ignores rule: none is asked)."""
    c = where(state)
    if c is None:
        return []
    blocks = extensions(state, "blocks_move")
    if B.leaving_blocked(state, NAME, c):
        return []
    return [d for d in B.board(state).river_adj[c] if not any(fn(state, NAME, c, d) for fn in blocks)]


@MODULE.handler(FlotillaMove)
def run_move(state: RootState, task: FlotillaMove) -> None:
    dests = river_moves(state)
    if len(dests) == 1:
        T.done(state)
        sail(state, task.seat, dests[0])
    else:
        T.ask_or_done(state, task.seat, "flotilla_move", dests)


@MODULE.task_decision("flotilla_move", lambda state: [f"flotilla_to:{A.clearing_id(c)}" for c in river_moves(state)])
def apply_move(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    sail(state, task.seat, A.clearing_arg(action_id))


def sail(state: RootState, seat: int, dest: int) -> None:
    """Along the river, then a battle there if the controller wishes; `moved` effects act as for any move."""
    origin = where(state)
    assert origin is not None
    state.pawns = {**state.pawns, NAME: dest}
    state.log(BIRDSONG + ("LR-04-02",), "ev.flotilla.moved", seat=seat, origin=origin, dest=dest)
    later = [t for fn in extensions(state, "moved") for t in fn(state, seat, NAME, origin, dest, 0) or []]
    T.push(state, *later, BT.start(seat, NAME, BIRDSONG, (dest,)))


# ---- Otter Divers (demoted): moves into or out of a river clearing ignore rule ---------------------------------------

def move_ignores_rule(state: RootState, faction: str, origin: int, dest: int) -> bool:
    seat = MODULE.controller(state)
    return (seat is not None and MODULE.demoted(state) and faction == state.faction[seat]
            and (river_clearing(state, origin) or river_clearing(state, dest)))


MODULE.answer("move_ignores_rule", move_ignores_rule)


# ---- action ids ------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    ids = ["flotilla_draw", "pass"]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("flotilla_at", "flotilla_to") for c in range(12)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"flotilla_at": ("clearing",), "flotilla_to": ("clearing",)}
