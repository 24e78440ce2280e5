"""Last Dynasty (promoted) / Bluebird Nobles (demoted): the Eyrie's hireling (data/hirelings.yaml).

Last Dynasty: set up with all 5 Dynasty warriors in one clearing on the map edge. Once per Daylight, by the
state of the board (RTA-HIRE-12): with no Dynasty warrior on the map, all of them into a clearing on the map
edge and a battle there; if they rule their clearing (their controller's rule, LR-AH-03-01), all of them
move to an adjacent clearing, then battle there if able; otherwise two battles in their clearing.
Bluebird Nobles (the controller's abilities): it rules where it is tied for rule (as Lords of the Forest),
and at the start of its Birdsong it scores a point for every three clearings it rules.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import move as MV
from .. import scoring as S
from ..program import Hireling
from ..state import RootState
from . import hirelings as HL

NAME = "last_dynasty"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HIRE-12")
NOBLES_PER_POINT = 3  # a point for every three clearings ruled (the card)


def edge_sites(state: RootState) -> list[int]:
    board = B.board(state)
    return [c for c in range(len(state.suits)) if board.edge[c] and B.may_place(state, NAME, c)]


def where(state: RootState) -> int | None:
    """The clearing of the Dynasty's warriors (they move all together), None if none is on the map."""
    return next((c for c, n in enumerate(state.warriors[NAME]) if n), None)


@record
class DynastyLand(NamedTuple):
    """All the Dynasty warriors from the supply into an edge clearing (setup, or a Daylight with none on
    the map: then a battle there)."""
    seat: int
    battle: bool


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [DynastyLand(seat, False)]


MODULE.setup = setup


@MODULE.handler(DynastyLand)
def run_land(state: RootState, task: DynastyLand) -> None:
    sites = edge_sites(state)
    if len(sites) == 1:
        T.done(state)
        land(state, task, sites[0])
    else:
        T.ask_or_done(state, task.seat, "dynasty_land", sites)


@MODULE.task_decision("dynasty_land", lambda state: [f"dynasty_at:{A.clearing_id(c)}" for c in edge_sites(state)])
def apply_land(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    land(state, task, A.clearing_arg(action_id))


def land(state: RootState, task: DynastyLand, c: int) -> None:
    n = B.place_warriors(state, NAME, c, state.supply[NAME])
    rules = DAYLIGHT if task.battle else ("RT-AS-17", "RT-HR-01")
    state.log(rules, "ev.dynasty.land", clearing=c, n=n)
    if task.battle and BT.battle_sites(state, NAME, (c,)):
        T.push(state, BT.start(task.seat, NAME, rules, (c,), must=True))


# ---- Once per Daylight ------------------------------------------------------------------------------------------

def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME):
        return []
    c = where(state)
    if c is None:
        possible = bool(edge_sites(state)) and state.supply[NAME] > 0
    elif B.rules(state, B.party(state, NAME), c):
        possible = bool(MV.destinations(state, NAME, c))
    else:
        possible = bool(BT.battle_sites(state, NAME, (c,)))
    return [f"hireling:{NAME}:act"] if possible else []


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    c = where(state)
    if c is None:
        T.push(state, DynastyLand(seat, True))
    elif B.rules(state, B.party(state, NAME), c):
        state.log(DAYLIGHT, "ev.dynasty.march", clearing=c)
        T.push(state, MV.moves(seat, NAME, 1, DAYLIGHT, (c,), must=True, every=True), DynastyAfter(seat))
    else:
        state.log(DAYLIGHT, "ev.dynasty.twice", clearing=c)
        T.push(state, BT.start(seat, NAME, DAYLIGHT, (c,), must=True), DynastyAfter(seat, c))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class DynastyAfter(NamedTuple):
    """After the move: a battle where they went, if able; after the first of two battles (`again`: its
    clearing): the second, if still able."""
    seat: int
    again: int | None = None


@MODULE.handler(DynastyAfter)
def run_after(state: RootState, task: DynastyAfter) -> None:
    T.done(state)
    c = where(state) if task.again is None else task.again
    if c is not None and BT.battle_sites(state, NAME, (c,)):
        T.push(state, BT.start(task.seat, NAME, DAYLIGHT, (c,), must=True))


# ---- Bluebird Nobles (demoted) --------------------------------------------------------------------------------------

def wins_rule_ties(state: RootState, party: str) -> bool:
    """The controller rules where it is tied for rule (LR-07-02-02's Lords of the Forest, for it)."""
    seat = MODULE.controller(state)
    return seat is not None and MODULE.demoted(state) and party == state.faction[seat]


MODULE.answer("wins_rule_ties", wins_rule_ties)


def birdsong(state: RootState, seat: int) -> list:
    """At the start of its Birdsong: a point for every three clearings it rules."""
    if not MODULE.demoted(state):
        return []
    ruled = len(B.ruled_by(state, state.faction[seat]))
    state.log(("LR-AH-02-03", "RT-HR-29", "RTA-HIRE-18"), "ev.dynasty.nobles", seat=seat, n=ruled)
    S.score(state, seat, ruled // NOBLES_PER_POINT, ("LR-AH-02-03", "RT-HR-29"))
    return []


MODULE.birdsong = birdsong


def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary([f"hireling:{NAME}:act"] + [f"dynasty_at:{A.clearing_id(c)}" for c in range(12)])]


MODULE.actions = actions
MODULE.forms = {"dynasty_at": ("clearing",)}
