"""Sunny Advocates (promoted) / Bat Messengers (demoted): the Twilight Council's hireling (data/hirelings.yaml).

Sunny Advocates: 8 Advocate warriors. Set up with 2 Advocates in each of a fox, a mouse and a rabbit clearing;
when hired with none on the map, one in any clearing. Once per Daylight: the controller names a suit, and in
each clearing of that suit with Advocates an enemy warrior is replaced by a warrior of the controller's
faction (removed by the hireling, LR-AH-03-06; only where both steps can be done, LR-AG-23); then an Advocate
goes to a clearing with the controller's faction pieces and no Advocate, or else to any clearing
(RTA-HC-08). Bat Messengers (the controller's): whenever it places a building or token of its faction, it may
place one of its warriors there too (RTA-HC-09).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from ..content import FACTIONS, SUITS, hirelings_possible
from ..program import Hireling
from ..records import RemovePieces
from ..state import RootState
from . import hirelings as HL

NAME = "sunny_advocates"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
SETUP_SUITS = ("fox", "mouse", "rabbit")   # the card: 2 Advocates in a clearing of each
SETUP_EACH = 2
SETUP: Rules = ("RT-AS-17", "RT-HR-01")
WHEN_HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HC-08")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HC-08")
BATS: Rules = ("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HC-09")


def placeable(state: RootState) -> list[int]:
    if not state.supply[NAME]:
        return []
    return [c for c in range(len(state.suits)) if B.may_place(state, NAME, c)]


# ---- placing Advocates: setup, When Hired, the Daylight's second step ----------------------------------------------

@record
class AdvocatesPlace(NamedTuple):
    """Place `n` Advocates in a clearing: of the first of `suits` at setup (then the next suit), anywhere when
    hired, at the controller's faction pieces without Advocates (else anywhere) in Daylight (`where`)."""
    seat: int
    where: str
    suits: tuple[str, ...] = ()


def sites(state: RootState, task: AdvocatesPlace) -> list[int]:
    ok = placeable(state)
    if task.where == "setup":
        return [c for c in ok if state.suits[c] == task.suits[0]] if task.suits else []
    if task.where == "daylight":
        f = state.faction[task.seat]
        near = [c for c in ok if B.has_pieces(state, f, c) and not B.warriors(state, NAME, c)]
        return near or ok
    return ok


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [AdvocatesPlace(seat, "setup", SETUP_SUITS)]


def when_hired(state: RootState, seat: int) -> list:
    if MODULE.demoted(state) or any(state.warriors[NAME]):
        return []
    return [AdvocatesPlace(seat, "hired")]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(AdvocatesPlace)
def run_place(state: RootState, task: AdvocatesPlace) -> None:
    found = sites(state, task)
    if len(found) == 1:
        apply_place(state, f"advocates_at:{A.clearing_id(found[0])}")
    elif found:
        T.ask(state, task.seat, "advocates_place")
    elif task.where == "setup" and len(task.suits) > 1:
        T.replace(state, task._replace(suits=task.suits[1:]))
    else:
        T.done(state)


@MODULE.task_decision("advocates_place", lambda state: [f"advocates_at:{A.clearing_id(c)}" for c in sites(
    state, T.top(state))])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    if task.where == "setup" and len(task.suits) > 1:
        T.replace(state, task._replace(suits=task.suits[1:]))
    else:
        T.done(state)
    n = B.place_warriors(state, NAME, c, SETUP_EACH if task.where == "setup" else 1)
    rules = {"setup": SETUP, "hired": WHEN_HIRED}.get(task.where, DAYLIGHT)
    state.log(rules, "ev.advocates.placed", clearing=c, n=n)


# ---- Once per Daylight: a suit, replacements, then an Advocate ---------------------------------------------------------

def foes(state: RootState, seat: int, c: int) -> list[str]:
    """Enemies of the controller with warriors in `c`."""
    return [f for f in B.enemies_at(state, state.faction[seat], c) if B.warriors(state, f, c)]


def replaceable(state: RootState, seat: int, c: int) -> bool:
    """Both steps of the replacement can be done (LR-AG-23): an enemy warrior there, and a warrior of the
    controller's faction to place there."""
    f = state.faction[seat]
    return bool(state.supply.get(f, 0) and B.may_place(state, f, c) and foes(state, seat, c))


def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME):
        return []
    if placeable(state) or any(B.warriors(state, NAME, c) and replaceable(state, seat, c) for c in range(len(
            state.suits))):
        return [f"hireling:{NAME}:act"]
    return []


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    state.log(DAYLIGHT, "ev.advocates.act", seat=seat)
    T.push(state, Replace(seat, None, ()), AdvocatesPlace(seat, "daylight"))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class Replace(NamedTuple):
    """The suit named (None: not yet), the clearings of that suit done, the clearing under way."""
    seat: int
    suit: str | None
    done: tuple[int, ...]
    clearing: int | None = None


def left(state: RootState, task: Replace) -> list[int]:
    return [c for c in B.clearings_of_suit(state, task.suit or "") if c not in task.done
            and B.warriors(state, NAME, c) and replaceable(state, task.seat, c)]


@MODULE.handler(Replace)
def run_replace(state: RootState, task: Replace) -> None:
    if task.suit is None:
        T.ask(state, task.seat, "advocates_suit")
        return
    if task.clearing is None:
        todo = left(state, task)
        if not todo:
            T.done(state)
        elif len(todo) == 1 or state.supply[state.faction[task.seat]] >= len(todo):
            T.replace(state, task._replace(clearing=todo[0]))  # enough warriors: the order does not matter
        else:
            T.ask(state, task.seat, "advocates_where")
        return
    found = foes(state, task.seat, task.clearing)
    if len(found) == 1:
        replace(state, task, found[0])
    elif found:
        T.ask(state, task.seat, "advocates_foe")
    else:
        T.replace(state, task._replace(done=task.done + (task.clearing,), clearing=None))


@MODULE.task_decision("advocates_suit", lambda state: [f"advocates_suit:{s}" for s in SUITS])
def apply_suit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    state.log(DAYLIGHT, "ev.advocates.suit", seat=task.seat, suit=A.arg(action_id))
    T.replace(state, task._replace(suit=A.arg(action_id)))


@MODULE.task_decision("advocates_where", lambda state: [f"advocates_in:{A.clearing_id(c)}" for c in left(
    state, T.top(state))])
def apply_where(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("advocates_foe", lambda state: [f"advocates_foe:{f}" for f in foes(
    state, T.top(state).seat, T.top(state).clearing)])
def apply_foe(state: RootState, action_id: str) -> None:
    replace(state, T.top(state), A.arg(action_id))


def replace(state: RootState, task: Replace, foe: str) -> None:
    """Remove the enemy warrior (the hireling removes it, LR-AH-03-06), then place the controller's."""
    c = task.clearing
    assert c is not None
    T.replace(state, task._replace(done=task.done + (c,), clearing=None))
    state.log(DAYLIGHT + ("LR-AG-23",), "ev.advocates.replace", seat=task.seat, clearing=c, owner=foe)
    T.push(state, RemovePieces(task.seat, foe, c, (("warrior", 1),), False, DAYLIGHT, NAME), Replaced(task.seat, c))


@record
class Replaced(NamedTuple):
    seat: int
    clearing: int


@MODULE.handler(Replaced)
def run_replaced(state: RootState, task: Replaced) -> None:
    T.done(state)
    B.place_warriors(state, state.faction[task.seat], task.clearing, 1)


# ---- Bat Messengers (demoted): a warrior with each building or token placed ---------------------------------------------

@record
class BatOffer(NamedTuple):
    seat: int
    clearing: int


def bat_possible(state: RootState, seat: int, c: int) -> bool:
    f = state.faction[seat]
    return bool(state.supply.get(f, 0)) and B.may_place(state, f, c)


def placed(state: RootState, owner: str, kind: str, c: int) -> list:
    seat = MODULE.controller(state)
    if seat is None or not MODULE.demoted(state) or owner != state.faction[seat] or not bat_possible(state, seat, c):
        return []
    return [BatOffer(seat, c)]


MODULE.answer("placed", placed)


@MODULE.handler(BatOffer)
def run_bat(state: RootState, task: BatOffer) -> None:
    T.ask_or_done(state, task.seat, "bat_messengers", bat_possible(state, task.seat, task.clearing))


@MODULE.task_decision("bat_messengers", lambda state: [f"bat_at:{A.clearing_id(T.top(state).clearing)}", "pass"])
def apply_bat(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id != "pass":
        B.place_warriors(state, state.faction[task.seat], task.clearing, 1)
        state.log(BATS, "ev.advocates.bat", seat=task.seat, clearing=task.clearing)


# ---- action ids ---------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    ids = [f"hireling:{NAME}:act"] + [f"advocates_suit:{s}" for s in SETUP_SUITS]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("advocates_at", "advocates_in", "bat_at") for c in range(12)]
    ids += [f"advocates_foe:{f}" for f in tuple(FACTIONS) + hirelings_possible(options)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"advocates_at": ("clearing",), "advocates_in": ("clearing",), "bat_at": ("clearing",),
                "advocates_suit": ("suit",), "advocates_foe": ("faction",)}
