"""Sunward Expedition (promoted) / Mole Artisans (demoted): the Underground Duchy's hireling (data/hirelings.yaml).

Sunward Expedition: 8 warriors and 3 footholds (hireling tokens, program.Hireling). Set up with a foothold and
3 Expedition warriors in any clearing. Once per Daylight: first a foothold and up to 3 warriors in a clearing
without a foothold (with none left in its supply, one is taken off the map first); then either one move and
then one battle with Expedition warriors (each optional), or an Expedition warrior at each foothold
(RTA-HC-02). Mole Artisans (the controller's ability): crafting an item card, it may reveal the card instead
of discarding it; the revealed cards go back to its hand at the end of its Evening, after its hand limit
(RTA-HC-03).

State: `mods["sunward_expedition"]`: the side, and the cards revealed this turn with the seat revealing them.
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

NAME = "sunward_expedition"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
FOOTHOLD = "foothold"
SETUP: Rules = ("RT-AS-17", "RT-HR-01")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HC-02")
MOLES: Rules = ("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HC-03")
SETUP_WARRIORS = LANDING = 3  # the card: 3 warriors with the setup foothold, up to 3 with a new one


@register
class ExpeditionCard(HirelingCard):
    __slots__ = ("revealed", "pending")

    def __init__(self) -> None:
        super().__init__()
        self.revealed: tuple[tuple[int, str], ...] = ()  # (seat, card) revealed with the Mole Artisans this turn
        self.pending: str | None = None                   # the crafted card the controller decides about


MODULE.data = lambda state: ExpeditionCard()


def E(state: RootState) -> ExpeditionCard:
    return state.mods[NAME]


def footholds(state: RootState) -> list[int]:
    return B.where(state, NAME, FOOTHOLD)


def landing_sites(state: RootState) -> list[int]:
    """Clearings without a foothold where its pieces may be placed."""
    held = set(footholds(state))
    return [c for c in range(len(state.suits)) if c not in held and B.may_place(state, NAME, c)]


# ---- a foothold and warriors: setup, then the first step of the Daylight action ---------------------------------

@record
class Landing(NamedTuple):
    """A foothold and warriors in a clearing: `clearing` chosen (None: not yet), then the foothold to take
    off the map when none is left (`taken`), then how many warriors (setup: always 3)."""
    seat: int
    setup: bool
    clearing: int | None = None
    taken: bool = False


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [Landing(seat, True)]


MODULE.setup = setup


@MODULE.handler(Landing)
def run_landing(state: RootState, task: Landing) -> None:
    if task.clearing is None:
        sites = landing_sites(state)
        if len(sites) == 1:
            T.replace(state, task._replace(clearing=sites[0]))
        else:
            T.ask_or_done(state, task.seat, "sunward_land", sites)
    elif not task.taken and not MODULE.tokens_left(state, FOOTHOLD):
        T.ask(state, task.seat, "sunward_take")  # LR-01-05-01: none left, one comes off the map first
    elif task.setup:
        T.done(state)
        land(state, task.clearing, SETUP_WARRIORS, SETUP)
    elif state.supply[NAME]:
        T.ask(state, task.seat, "sunward_warriors")
    else:
        apply_warriors(state, "sunward_warriors:0")


@MODULE.task_decision("sunward_land", lambda state: [f"foothold_at:{A.clearing_id(c)}" for c in landing_sites(state)])
def apply_land(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("sunward_take", lambda state: [f"foothold_from:{A.clearing_id(c)}" for c in footholds(state)])
def apply_take(state: RootState, action_id: str) -> None:
    c = A.clearing_arg(action_id)
    B.take_token(state, NAME, FOOTHOLD, c)
    state.log(DAYLIGHT, "ev.sunward.taken", clearing=c)
    T.replace(state, T.top(state)._replace(taken=True))


def warrior_counts(state: RootState) -> list[str]:
    return [f"sunward_warriors:{n}" for n in range(min(LANDING, state.supply[NAME]) + 1)]


@MODULE.task_decision("sunward_warriors", warrior_counts)
def apply_warriors(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    T.push(state, ExpeditionNext(task.seat))  # the second step, after the first
    assert task.clearing is not None
    land(state, task.clearing, int(A.arg(action_id)), DAYLIGHT)


def land(state: RootState, c: int, n: int, rules: Rules) -> None:
    B.add_token(state, NAME, FOOTHOLD, c)
    placed = B.place_warriors(state, NAME, c, n)
    state.log(rules, "ev.sunward.landed", clearing=c, n=placed)


# ---- Once per Daylight ---------------------------------------------------------------------------------------------

def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME) or not landing_sites(state):
        return []
    return [f"hireling:{NAME}:act"]


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    state.log(DAYLIGHT, "ev.sunward.act", seat=seat)
    T.push(state, Landing(seat, False))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class ExpeditionNext(NamedTuple):
    """The second step: a move then a battle, or a warrior at each foothold."""
    seat: int


def recruit_sites(state: RootState) -> list[int]:
    return [c for c in footholds(state) if B.may_place(state, NAME, c)] if state.supply[NAME] else []


def next_options(state: RootState) -> list[str]:
    out = ["sunward:move"] if MV.can_move(state, NAME) or BT.can_battle(state, NAME) else []
    return out + (["sunward:recruit"] if recruit_sites(state) else [])


@MODULE.handler(ExpeditionNext)
def run_next(state: RootState, task: ExpeditionNext) -> None:
    T.ask_or_done(state, task.seat, "sunward_next", next_options(state))


@MODULE.task_decision("sunward_next", next_options)
def apply_next(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if A.arg(action_id) == "move":
        T.push(state, MV.moves(task.seat, NAME, 1, DAYLIGHT), BT.start(task.seat, NAME, DAYLIGHT))
    else:
        T.push(state, Recruit(task.seat, tuple(recruit_sites(state))))


@record
class Recruit(NamedTuple):
    """A warrior at each foothold in `left`; with too few warriors, the controller picks where (LR-01-05-04)."""
    seat: int
    left: tuple[int, ...]


@MODULE.handler(Recruit)
def run_recruit(state: RootState, task: Recruit) -> None:
    if not task.left or not state.supply[NAME]:
        T.done(state)
    elif state.supply[NAME] >= len(task.left):
        T.done(state)
        for c in task.left:
            recruit(state, c)
    else:
        T.ask(state, task.seat, "sunward_recruit")


@MODULE.task_decision("sunward_recruit", lambda state: [f"sunward_at:{A.clearing_id(c)}" for c in T.top(state).left])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    T.replace(state, task._replace(left=tuple(d for d in task.left if d != c)))
    recruit(state, c)


def recruit(state: RootState, c: int) -> None:
    B.place_warriors(state, NAME, c, 1)
    state.log(DAYLIGHT + ("LR-01-05-04",), "ev.sunward.recruited", clearing=c)


# ---- Mole Artisans (demoted): crafted item cards revealed, back in hand after Evening --------------------------------

def keeps_crafted(state: RootState, seat: int, card: str) -> bool:
    """The controller's crafted item card waits on the card while it decides (MoleChoice)."""
    if not MODULE.demoted(state) or MODULE.controller(state) != seat:
        return False
    E(state).pending = card
    T.push(state, MoleChoice(seat, card))
    return True


MODULE.answer("keeps_crafted", keeps_crafted)


@record
class MoleChoice(NamedTuple):
    seat: int
    card: str


@MODULE.handler(MoleChoice)
def run_mole(state: RootState, task: MoleChoice) -> None:
    T.ask(state, task.seat, "mole_artisans")


@MODULE.task_decision("mole_artisans", lambda state: ["mole:reveal", "mole:discard"])
def apply_mole(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    E(state).pending = None
    if A.arg(action_id) == "reveal":
        E(state).revealed = E(state).revealed + ((task.seat, task.card),)
        state.log(MOLES, "ev.sunward.revealed", seat=task.seat, card=task.card)
    else:
        K.to_pile(state, task.card)
        state.log(MOLES, "ev.sunward.discarded", seat=task.seat, card=task.card)


def evening_end(state: RootState, seat: int) -> list:
    """At the end of its Evening (after the hand limit): the revealed cards back to the hand, known to all."""
    mine = [card for s, card in E(state).revealed if s == seat]
    if not mine:
        return []
    E(state).revealed = tuple((s, card) for s, card in E(state).revealed if s != seat)
    state.hands[seat].extend(mine)
    for card in mine:
        state.reveal(card, tuple(range(state.players)))
    state.log(MOLES, "ev.sunward.returned", seat=seat, cards=mine, n=len(state.hands[seat]))
    return []


MODULE.answer("evening_end", evening_end)


# ---- view, action ids ----------------------------------------------------------------------------------------------

def card(state: RootState) -> dict:
    if MODULE.demoted(state):
        data = E(state)
        return {"revealed": [c for _, c in data.revealed] + ([data.pending] if data.pending else [])}
    return {"footholds": MODULE.tokens_left(state, FOOTHOLD)}


MODULE.card = card


def actions(players: int, options: dict) -> list[Segment]:
    ids = [f"hireling:{NAME}:act", "sunward:move", "sunward:recruit", "mole:reveal", "mole:discard",
           A.remove_ids((FOOTHOLD,))[0]]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("foothold_at", "foothold_from", "sunward_at") for c in range(12)]
    ids += [f"sunward_warriors:{n}" for n in range(LANDING + 1)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"foothold_at": ("clearing",), "foothold_from": ("clearing",), "sunward_at": ("clearing",),
                "sunward_warriors": ("number",)}
