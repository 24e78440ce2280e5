"""Flame Bearers (promoted) / Rat Smugglers (demoted): the Lord of the Hundreds' hireling (data/hirelings.yaml).

Flame Bearers: set up with 2 Bearer warriors among any clearings (the same one allowed); when hired with none on
the map, the same again. At the start of the controller's Birdsong (mandatory): in each clearing with Bearers, one
enemy piece removed per Bearer there, warriors first, the controller choosing whose and which; then a Bearer
placed in or next to a clearing with a Bearer, or 2 Bearers anywhere if none can be (RTA-HB-04). Its controller
scores nothing for what they remove (LR-AH-03-06). Rat Smugglers (the controller's ability): any number of times
in its Daylight, discard a card showing an item (no need to craft it) to take a move or start a battle with its
faction (RTA-HB-05).
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
from .. import move as MV
from ..content import CARDS, hirelings_possible
from ..program import Hireling
from ..records import RemovePieces
from ..state import RootState
from . import hireling_kit as KIT

NAME = "flame_bearers"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
GROUP = 2  # Bearers placed at setup, when hired, and when none can go near a Bearer
SETUP: Rules = ("RT-AS-17", "RT-HR-01", "RTA-HB-04")
HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HB-04")
BIRDSONG: Rules = ("LR-AH-02-03", "RT-HR-29", "RTA-HB-04")
SMUGGLE: Rules = ("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HB-05")


def bearers(state: RootState) -> list[int]:
    return [c for c, n in enumerate(state.warriors[NAME]) if n]


# ---- placing Bearers -----------------------------------------------------------------------------------------------

@record
class BearersPlace(NamedTuple):
    """Place `n` Bearers one at a time: in or next to a clearing with a Bearer (`anywhere` False; none possible:
    2 anywhere instead), or in any clearings (`anywhere` True)."""
    seat: int
    n: int
    anywhere: bool
    rules: Rules


def place_sites(state: RootState, anywhere: bool) -> list[int]:
    if not state.supply[NAME]:
        return []
    if anywhere:
        return KIT.placeable(state, NAME)
    return [c for c in KIT.near(state, bearers(state)) if B.may_place(state, NAME, c)]


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [BearersPlace(seat, GROUP, True, SETUP)]


def when_hired(state: RootState, seat: int) -> list:
    if MODULE.demoted(state) or any(state.warriors[NAME]):
        return []
    return [BearersPlace(seat, GROUP, True, HIRED)]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(BearersPlace)
def run_place(state: RootState, task: BearersPlace) -> None:
    sites = place_sites(state, task.anywhere)
    if task.n <= 0 or not state.supply[NAME]:
        T.done(state)
    elif not sites and not task.anywhere:  # "if you cannot": 2 Bearers in any clearings
        T.replace(state, task._replace(n=GROUP, anywhere=True))
    elif len(sites) == 1:
        place(state, task, sites[0])
    else:
        T.ask_or_done(state, task.seat, "bearers_place", sites)


@MODULE.task_decision("bearers_place", lambda state: [f"bearers_at:{A.clearing_id(c)}" for c in place_sites(
    state, T.top(state).anywhere)])
def apply_place(state: RootState, action_id: str) -> None:
    place(state, T.top(state), A.clearing_arg(action_id))


def place(state: RootState, task: BearersPlace, c: int) -> None:
    B.place_warriors(state, NAME, c, 1)
    state.log(task.rules, "ev.bearers.placed", clearing=c)
    if task.anywhere:
        T.replace(state, task._replace(n=task.n - 1))
    else:
        T.done(state)


# ---- Start of Birdsong: burn, then spread ------------------------------------------------------------------------

@record
class BearersBurn(NamedTuple):
    """`todo`: (clearing, pieces still to remove there) in clearing order; `whom`: the owner chosen, whose
    building or token kind is asked next."""
    seat: int
    todo: tuple[tuple[int, int], ...]
    whom: str = ""


def birdsong(state: RootState, seat: int) -> list:
    if MODULE.demoted(state):
        return []
    todo = tuple((c, state.warriors[NAME][c]) for c in bearers(state))
    state.log(BIRDSONG, "ev.bearers.burn", seat=seat, clearings=[c for c, _ in todo])
    return [BearersBurn(seat, todo), BearersPlace(seat, 1, False, BIRDSONG)]


MODULE.birdsong = birdsong


def burn_targets(state: RootState, c: int) -> tuple[list[str], bool]:
    """The enemies whose pieces may burn in `c`, and whether warriors go first (any enemy warrior there)."""
    foes = [o for o in B.owners(state) if B.are_enemies(state, NAME, o)]
    armed = [o for o in foes if B.warriors(state, o, c)]
    if armed:
        return armed, True
    return [o for o in foes if BT.buildings_and_tokens(state, o, c)], False


def kinds(state: RootState, owner: str, c: int) -> list[str]:
    return sorted(BT.buildings_and_tokens(state, owner, c))


@MODULE.handler(BearersBurn)
def run_burn(state: RootState, task: BearersBurn) -> None:
    todo = task.todo
    while todo and (todo[0][1] <= 0 or not burn_targets(state, todo[0][0])[0]):
        todo = todo[1:]
    if not todo:
        T.done(state)
        return
    task = task._replace(todo=todo)
    c = todo[0][0]
    owners, armed = burn_targets(state, c)
    if task.whom:
        options = kinds(state, task.whom, c)
        if len(options) == 1:
            burn(state, task, task.whom, options[0])
        else:
            T.replace(state, task)
            T.ask(state, task.seat, "bearers_burn_what")
    elif len(owners) == 1 and (armed or len(kinds(state, owners[0], c)) == 1):
        burn(state, task, owners[0], "warrior" if armed else kinds(state, owners[0], c)[0])
    elif len(owners) == 1:
        T.replace(state, task._replace(whom=owners[0]))
    else:
        T.replace(state, task)
        T.ask(state, task.seat, "bearers_burn")


@MODULE.task_decision("bearers_burn", lambda state: [f"burn:{o}" for o in burn_targets(
    state, T.top(state).todo[0][0])[0]])
def apply_burn(state: RootState, action_id: str) -> None:
    task = T.top(state)
    owner = A.arg(action_id)
    if burn_targets(state, task.todo[0][0])[1]:
        burn(state, task, owner, "warrior")
    else:
        T.replace(state, task._replace(whom=owner))


@MODULE.task_decision("bearers_burn_what", lambda state: [f"remove:{k}" for k in kinds(
    state, T.top(state).whom, T.top(state).todo[0][0])])
def apply_burn_what(state: RootState, action_id: str) -> None:
    task = T.top(state)
    burn(state, task, task.whom, A.arg(action_id))


def burn(state: RootState, task: BearersBurn, owner: str, kind: str) -> None:
    """One enemy piece removed by the hireling (its controller scores nothing for it, LR-AH-03-06)."""
    (c, n), *rest = task.todo
    T.replace(state, task._replace(todo=((c, n - 1), *rest), whom=""))
    T.push(state, RemovePieces(task.seat, owner, c, ((kind, 1),), False, BIRDSONG + ("LR-AH-03-06",), NAME))


# ---- Rat Smugglers (demoted) ---------------------------------------------------------------------------------------

@record
class Smuggle(NamedTuple):
    """The controller discards a card showing an item, then takes a move (`what` "move") or a battle."""
    seat: int
    what: str


def item_cards(state: RootState, seat: int) -> list[str]:
    return [c for c in dict.fromkeys(state.hands[seat]) if c in CARDS and CARDS[c].kind == "item"]


def daylight(state: RootState, seat: int) -> list[str]:
    """Any number of times in the controller's Daylight (an ability, not a once-per-Daylight action)."""
    if not MODULE.demoted(state) or not item_cards(state, seat):
        return []
    f = state.faction[seat]
    out = [f"hireling:{NAME}:move"] if MV.can_move(state, f) else []
    return out + ([f"hireling:{NAME}:battle"] if BT.can_battle(state, f) else [])


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    T.push(state, Smuggle(seat, A.args(action_id)[1]))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@MODULE.handler(Smuggle)
def run_smuggle(state: RootState, task: Smuggle) -> None:
    cards = item_cards(state, task.seat)
    if len(cards) == 1:
        smuggle(state, task, cards[0])
    else:
        T.ask_or_done(state, task.seat, "rat_smugglers", cards)


@MODULE.task_decision("rat_smugglers", lambda state: [A.discard_id(c) for c in item_cards(state, T.top(state).seat)])
def apply_smuggle(state: RootState, action_id: str) -> None:
    smuggle(state, T.top(state), A.arg(action_id))


def smuggle(state: RootState, task: Smuggle, card: str) -> None:
    T.done(state)
    K.discard(state, task.seat, card, SMUGGLE)
    state.log(SMUGGLE, f"ev.bearers.smuggle_{task.what}", seat=task.seat, card=card)
    f = state.faction[task.seat]
    if task.what == "move":
        T.push(state, MV.moves(task.seat, f, 1, SMUGGLE, must=True))
    else:
        T.push(state, BT.start(task.seat, f, SMUGGLE, must=True))


# ---- action ids ------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    owners = tuple(A.factions_of(options)) + hirelings_possible(options)
    ids = [f"hireling:{NAME}:{a}" for a in ("move", "battle")]
    ids += [f"bearers_at:{A.clearing_id(c)}" for c in range(12)] + [f"burn:{o}" for o in owners]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"bearers_at": ("clearing",), "burn": ("faction",)}
