"""Furious Protector (promoted) / Stoic Protector (demoted): a hireling of no faction (data/hirelings.yaml).

One pawn. On both sides it cannot be battled (extension point `blocks_battle`) nor removed (no effect removes
a pawn), and at the start of its controller's Birdsong it must move to an adjacent clearing, ignoring rule
(along a path; no Ferry, RTA-HA-07).
Furious Protector: set up in any clearing. Ability: its enemies (everyone but its controller's side;
everyone while uncontrolled) cannot place pieces in its clearing (`Faction.blocks_placing`). After its move,
one faction warrior of each player there is removed, the controller's too, hireling pieces never; nobody
scores for them (LR-AH-03-06, RTA-HA-07).
Stoic Protector: no setup (the pawn waits in the supply). When hired with the pawn off the map: it goes into a
clearing with the controller's faction pieces. Controller's ability: enemies cannot battle its faction pieces
in the Protector's clearing, nor remove them there (extension point `keeps_pieces`: hits they deal there remove
nothing, RTA-HA-08).

State: `mods["furious_protector"]`: the side; the pawn is `pawns["furious_protector"]` (a clearing).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from ..program import Hireling, extensions
from ..records import RemovePieces
from ..state import FOREST, RootState

NAME = "furious_protector"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
BIRDSONG: Rules = ("LR-AH-02-03", "RT-HR-29", "RTA-HA-07")
ABILITY: Rules = ("LR-AH-02-02", "RT-HR-26", "RTA-HA-07")
STOIC: Rules = ("LR-AH-02", "LR-AH-02-02", "RTA-HA-08")
FURY = 1  # the card: one faction warrior of each player in its clearing


def where(state: RootState) -> int | None:
    loc = state.pawns.get(NAME)
    return None if loc is None or loc >= FOREST else loc


def controller_faction(state: RootState) -> str | None:
    seat = MODULE.controller(state)
    return None if seat is None else state.faction[seat]


# ---- placing the pawn: setup (promoted), when hired (demoted) --------------------------------------------------------

@record
class ProtectorPlace(NamedTuple):
    """The pawn into a clearing: any (setup) or one with the controller's faction pieces (`mine`)."""
    seat: int
    mine: bool
    rules: Rules


def place_sites(state: RootState, task: ProtectorPlace) -> list[int]:
    f = state.faction[task.seat]
    return [c for c in range(len(state.suits)) if B.may_place(state, NAME, c)
            and (not task.mine or B.has_pieces(state, f, c))]


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [ProtectorPlace(seat, False, ("RT-AS-17", "RT-HR-01"))]


def when_hired(state: RootState, seat: int) -> list:
    if not MODULE.demoted(state) or where(state) is not None:
        return []
    return [ProtectorPlace(seat, True, ("LR-AH-02-01", "RT-HR-28", "RTA-HA-08"))]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(ProtectorPlace)
def run_place(state: RootState, task: ProtectorPlace) -> None:
    sites = place_sites(state, task)
    if len(sites) == 1:
        T.done(state)
        place(state, task, sites[0])
    else:
        T.ask_or_done(state, task.seat, "protector_place", sites)


@MODULE.task_decision("protector_place", lambda state: [f"protector_at:{A.clearing_id(c)}" for c in place_sites(
    state, T.top(state))])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    place(state, task, A.clearing_arg(action_id))


def place(state: RootState, task: ProtectorPlace, c: int) -> None:
    state.pawns = {**state.pawns, NAME: c}
    state.log(task.rules, "ev.protector.placed", clearing=c)


# ---- abilities: never battled; the Furious side keeps enemies from placing -------------------------------------------

def blocks_battle(state: RootState, seat: int | None, attacker: str, defender: str, c: int) -> bool:
    """The pawn is never battled; on the Stoic side, nor are its controller's faction pieces by enemies there."""
    if defender == NAME:
        return True
    f = controller_faction(state)
    return (MODULE.demoted(state) and f is not None and defender == f and where(state) == c
            and B.are_enemies(state, attacker, f))


MODULE.answer("blocks_battle", blocks_battle)


def blocks_placing(state: RootState, placer: str, c: int) -> bool:
    return not MODULE.demoted(state) and where(state) == c and B.are_enemies(state, NAME, placer)


MODULE.blocks_placing = blocks_placing


def keeps_pieces(state: RootState, by_seat: int | None, via: str, owner: str, c: int) -> bool:
    """The Stoic side: an enemy of the controller removes none of its faction pieces at the Protector."""
    f = controller_faction(state)
    if not MODULE.demoted(state) or f is None or owner != f or where(state) != c:
        return False
    remover = via or (state.faction[by_seat] if by_seat is not None else None)
    if remover is None or not B.are_enemies(state, remover, f):
        return False
    state.log(STOIC, "ev.protector.kept", owner=owner, clearing=c)
    return True


MODULE.answer("keeps_pieces", keeps_pieces)


# ---- Start of Birdsong: the move, then (Furious) one warrior of each player ------------------------------------------

@record
class ProtectorMove(NamedTuple):
    seat: int


def birdsong(state: RootState, seat: int) -> list:
    return [ProtectorMove(seat)] if where(state) is not None else []


MODULE.birdsong = birdsong


def moves(state: RootState) -> list[int]:
    """Adjacent clearings, ignoring rule (what forbids a move there still does)."""
    c = where(state)
    if c is None:
        return []
    blocks = extensions(state, "blocks_move")
    if B.leaving_blocked(state, NAME, c):
        return []
    return [d for d in B.adjacent(state, NAME, c) if not any(fn(state, NAME, c, d) for fn in blocks)]


@MODULE.handler(ProtectorMove)
def run_move(state: RootState, task: ProtectorMove) -> None:
    dests = moves(state)
    if len(dests) == 1:
        T.done(state)
        move(state, task.seat, dests[0])
    elif dests:
        T.ask(state, task.seat, "protector_move")
    else:
        T.done(state)
        T.push(state, *fury(state, task.seat))


@MODULE.task_decision("protector_move", lambda state: [f"protector_to:{A.clearing_id(c)}" for c in moves(state)])
def apply_move(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    move(state, task.seat, A.clearing_arg(action_id))


def move(state: RootState, seat: int, dest: int) -> None:
    origin = where(state)
    assert origin is not None
    state.pawns = {**state.pawns, NAME: dest}
    state.log(BIRDSONG + ("LR-04-02",), "ev.protector.moved", seat=seat, origin=origin, dest=dest)
    later = [t for fn in extensions(state, "moved") for t in fn(state, seat, NAME, origin, dest, 0) or []]
    T.push(state, *later, *fury(state, seat))


def fury(state: RootState, seat: int) -> list:
    """The Furious side: a faction warrior of each player there, in turn order from the controller (the
    hireling removes them: nobody scores)."""
    c = where(state)
    if MODULE.demoted(state) or c is None:
        return []
    order = [(seat + k) % state.players for k in range(state.players)]
    hit = [state.faction[s] for s in order if B.warriors(state, state.faction[s], c)]
    state.log(BIRDSONG + ABILITY, "ev.protector.fury", seat=seat, clearing=c, factions=hit)
    return [RemovePieces(seat, f, c, (("warrior", FURY),), False, BIRDSONG + ("LR-AH-03-06",), NAME) for f in hit]


# ---- action ids ------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary([f"{h}:{A.clearing_id(c)}" for h in ("protector_at", "protector_to") for c in range(12)])]


MODULE.actions = actions
MODULE.forms = {"protector_at": ("clearing",), "protector_to": ("clearing",)}
