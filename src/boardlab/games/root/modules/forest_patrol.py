"""Forest Patrol (promoted) / Feline Physicians (demoted): the Marquise's hireling (data/hirelings.yaml).

Forest Patrol: set up with a Patrol warrior in every clearing. Ability: when Patrol warriors are removed,
one of them goes onto the card instead of the supply (RTA-HIRE-11). Once per Daylight, either a move with
Patrol warriors then a battle with them (each optional), or all the warriors on the card into one clearing
with Patrol warriors. Feline Physicians (the controller's ability): when warriors of the controller's
faction are removed, it may spend a card matching their clearing to put them in a clearing with its faction
pieces instead of the supply (like Field Hospitals, RTA-HIRE-17).

State: `mods["forest_patrol"]`: the side, and the Patrol warriors on the card.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from ..program import Hireling, HirelingCard
from ..state import RootState
from . import hirelings as HL

NAME = "forest_patrol"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30")


@register
class PatrolCard(HirelingCard):
    __slots__ = ("on_card",)

    def __init__(self) -> None:
        super().__init__()
        self.on_card = 0   # Patrol warriors waiting on the card (out of the supply)


MODULE.data = lambda state: PatrolCard()


def P(state: RootState) -> PatrolCard:
    return state.mods[NAME]


# ---- setup ---------------------------------------------------------------------------------------------

def setup(state: RootState, seat: int) -> list:
    """One Patrol warrior in every clearing (where pieces may be placed); the demoted side has none."""
    if MODULE.demoted(state):
        return []
    placed = 0
    for c in range(len(state.suits)):
        if B.may_place(state, NAME, c):
            placed += B.place_warriors(state, NAME, c, 1)
    state.log(("RT-AS-17", "RT-HR-01"), "ev.patrol.setup", n=placed)
    return []


MODULE.setup = setup


# ---- ability: one removed warrior onto the card ------------------------------------------------------------

@record
class ToCard(NamedTuple):
    """One of the Patrol warriors just removed goes from the supply onto the card."""
    clearing: int


def on_removed(state: RootState, by: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    if owner == NAME and not MODULE.demoted(state) and any(k == "warrior" for k, _ in pieces):
        return [ToCard(c)]
    if owner != NAME and MODULE.demoted(state):
        return physicians(state, owner, c, pieces)
    return []


MODULE.answer("removed", on_removed)


@MODULE.handler(ToCard)
def run_to_card(state: RootState, task: ToCard) -> None:
    T.done(state)
    if state.supply.get(NAME, 0) > 0:
        state.supply[NAME] -= 1
        P(state).on_card += 1
        state.log(("LR-AH-02-02", "RT-HR-26", "RTA-HIRE-11"), "ev.patrol.to_card", clearing=task.clearing,
                  n=P(state).on_card)


# ---- Once per Daylight: move then battle, or the card's warriors into a clearing ------------------------------

def place_sites(state: RootState) -> list[int]:
    return [c for c in range(len(state.suits)) if B.warriors(state, NAME, c) and B.may_place(state, NAME, c)]


def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME):
        return []
    out = []
    if MV.can_move(state, NAME) or BT.can_battle(state, NAME):
        out.append(f"hireling:{NAME}:move")
    if P(state).on_card and place_sites(state):
        out.append(f"hireling:{NAME}:place")
    return out


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    if A.args(action_id)[1] == "move":
        state.log(DAYLIGHT + ("RTA-HIRE-11",), "ev.patrol.act", seat=seat)
        T.push(state, MV.moves(seat, NAME, 1, DAYLIGHT), BT.start(seat, NAME, DAYLIGHT))
    else:
        T.push(state, PatrolPlace(seat))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class PatrolPlace(NamedTuple):
    seat: int


@MODULE.handler(PatrolPlace)
def run_place(state: RootState, task: PatrolPlace) -> None:
    sites = place_sites(state)
    if len(sites) == 1:
        T.done(state)
        place_from_card(state, sites[0])
    else:
        T.ask_or_done(state, task.seat, "patrol_place", sites)


@MODULE.task_decision("patrol_place", lambda state: [f"patrol_at:{A.clearing_id(c)}" for c in place_sites(state)])
def apply_place(state: RootState, action_id: str) -> None:
    T.done(state)
    place_from_card(state, A.clearing_arg(action_id))


def place_from_card(state: RootState, c: int) -> None:
    n = P(state).on_card
    P(state).on_card = 0
    state.warriors[NAME][c] += n
    state.log(DAYLIGHT, "ev.patrol.placed", clearing=c, n=n)


# ---- Feline Physicians (demoted): the controller's warriors healed ------------------------------------------

@record
class Physicians(NamedTuple):
    """The controller may spend a card matching `clearing` to put its `n` removed warriors elsewhere
    (stage "card"), then in which clearing (stage "place")."""
    seat: int
    clearing: int
    n: int
    stage: str


def physicians(state: RootState, owner: str, c: int, pieces: list) -> list:
    seat = MODULE.controller(state)
    n = sum(k for kind, k in pieces if kind == "warrior")
    if seat is None or owner != state.faction[seat] or not n or not K.matching(state, seat, state.suits[c]):
        return []
    return [Physicians(seat, c, n, "card")]


def heal_sites(state: RootState, seat: int) -> list[int]:
    """Clearings with the controller's faction pieces where its warriors may be placed."""
    f = state.faction[seat]
    return [c for c in range(len(state.suits)) if B.has_pieces(state, f, c) and B.may_place(state, f, c)]


@MODULE.handler(Physicians)
def run_physicians(state: RootState, task: Physicians) -> None:
    if task.stage == "card":
        T.ask_or_done(state, task.seat, "feline_physicians", heal_sites(state, task.seat) and K.matching(
            state, task.seat, state.suits[task.clearing]))
        return
    sites = heal_sites(state, task.seat)
    if len(sites) == 1:
        T.done(state)
        heal(state, task, sites[0])
    else:
        T.ask_or_done(state, task.seat, "feline_physicians_place", sites)


@MODULE.task_decision("feline_physicians", lambda state: [A.discard_id(c) for c in dict.fromkeys(K.matching(
    state, T.top(state).seat, state.suits[T.top(state).clearing]))] + ["pass"])
def apply_physicians(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "pass":
        T.done(state)
        return
    K.discard(state, task.seat, A.arg(action_id), ("LR-AH-02", "RTA-HIRE-17"))
    T.replace(state, task._replace(stage="place"))


@MODULE.task_decision("feline_physicians_place", lambda state: [f"heal_at:{A.clearing_id(c)}" for c in heal_sites(
    state, T.top(state).seat)])
def apply_physicians_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    heal(state, task, A.clearing_arg(action_id))


def heal(state: RootState, task: Physicians, c: int) -> None:
    f = state.faction[task.seat]
    n = B.place_warriors(state, f, c, task.n)
    state.log(("LR-AH-02", "LR-AH-02-02", "RTA-HIRE-17"), "ev.patrol.healed", seat=task.seat, clearing=c, n=n,
              origin=task.clearing)


# ---- view, action ids ----------------------------------------------------------------------------------------------

MODULE.card = lambda state: {} if MODULE.demoted(state) else {"on_card": P(state).on_card}


def actions(players: int, options: dict) -> list[Segment]:
    ids = [f"hireling:{NAME}:{a}" for a in ("move", "place")]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("patrol_at", "heal_at") for c in range(12)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"patrol_at": ("clearing",), "heal_at": ("clearing",)}
