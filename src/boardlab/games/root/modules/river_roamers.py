"""River Roamers (promoted) / Frog Tinkers (demoted): the Lilypad Diaspora's hireling (data/hirelings.yaml).

River Roamers: 10 Roamer warriors and 5 lilypads (hireling tokens, program.Hireling). Set up with 2 Roamers
and a lilypad in a river clearing (a clearing a river touches); when hired with no lilypad on the map, the
same again. Once per Daylight: first the controller may craft with the lilypads as its crafting pieces
(each once per turn, apart from its own crafting pieces); then either a battle at each lilypad, or 2 Roamers
in a river clearing and a lilypad there if it has none (RTA-HC-06). Frog Tinkers (the controller's): at the
start of its Birdsong the top card of the deck is revealed beside it; when crafting, the card pays one
crafting icon of its suit (a bird: any suit), then is discarded; unused, it is discarded at the end of the
controller's Evening (RTA-HC-07).

State: `mods["river_roamers"]`: the side, and the Frog Tinkers' revealed card with the seat it serves.
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
from ..content import CARDS, DECKS, MAPS
from ..program import Hireling, HirelingCard
from ..state import RootState
from . import hirelings as HL

NAME = "river_roamers"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
LILYPAD = "lilypad"
POOL = "lilypad"     # the lilypads' own once-per-turn activations (cards.available_suits)
LANDING = 2          # the card: 2 Roamers with a lilypad
WHEN_HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HC-06")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HC-06")
TINKERS: Rules = ("LR-AH-02", "LR-AH-02-03", "RT-HR-29", "RTA-HC-07")


@register
class RoamersCard(HirelingCard):
    __slots__ = ("tinkers", "serves")

    def __init__(self) -> None:
        super().__init__()
        self.tinkers: str | None = None   # the Frog Tinkers' revealed card
        self.serves: int | None = None    # the seat whose Birdsong revealed it


MODULE.data = lambda state: RoamersCard()


def R(state: RootState) -> RoamersCard:
    return state.mods[NAME]


def lilypads(state: RootState) -> list[int]:
    return B.where(state, NAME, LILYPAD)


def river_sites(state: RootState) -> list[int]:
    """River clearings (a river touches them) where Roamer pieces may be placed."""
    rivers = MAPS[state.map].river_adj
    return [c for c in range(len(state.suits)) if rivers[c] and B.may_place(state, NAME, c)]


# ---- 2 Roamers and a lilypad in a river clearing: setup, When Hired, the Daylight's second step -------------------

@record
class RoamersLand(NamedTuple):
    seat: int
    rules: Rules


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [RoamersLand(seat, ("RT-AS-17", "RT-HR-01"))]


def when_hired(state: RootState, seat: int) -> list:
    """With no lilypad on the map, the setup's placement again."""
    return [] if MODULE.demoted(state) or lilypads(state) else [RoamersLand(seat, WHEN_HIRED)]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(RoamersLand)
def run_land(state: RootState, task: RoamersLand) -> None:
    sites = river_sites(state)
    if len(sites) == 1:
        apply_land(state, f"roamers_at:{A.clearing_id(sites[0])}")
    else:
        T.ask_or_done(state, task.seat, "roamers_land", sites)


@MODULE.task_decision("roamers_land", lambda state: [f"roamers_at:{A.clearing_id(c)}" for c in river_sites(state)])
def apply_land(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    land(state, A.clearing_arg(action_id), task.rules)


def land(state: RootState, c: int, rules: Rules) -> None:
    """2 Roamers (as many as are left, LR-01-05-04) and a lilypad unless one is there or none is left."""
    n = B.place_warriors(state, NAME, c, LANDING)
    pad = LILYPAD not in B.tokens_of(state, NAME, c) and MODULE.tokens_left(state, LILYPAD) > 0
    if pad:
        B.add_token(state, NAME, LILYPAD, c)
    state.log(rules, "ev.roamers.landed", clearing=c, n=n, lilypads=int(pad))


# ---- Once per Daylight: craft with the lilypads, then battle at each or land ------------------------------------------

def craft_ids(state: RootState, seat: int) -> list[str]:
    return K.craft_options(state, seat, lilypads(state), POOL)


def next_options(state: RootState) -> list[str]:
    out = ["roamers:battle"] if battle_sites(state) else []
    if river_sites(state) and (state.supply[NAME] or MODULE.tokens_left(state, LILYPAD)):
        out.append("roamers:land")
    return out


def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME) or not (craft_ids(state, seat) or next_options(state)):
        return []
    return [f"hireling:{NAME}:act"]


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    state.log(DAYLIGHT, "ev.roamers.act", seat=seat)
    T.push(state, RoamersCraft(seat), RoamersNext(seat))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class RoamersCraft(NamedTuple):
    """The controller crafts with the lilypads, card after card, until done."""
    seat: int


@MODULE.handler(RoamersCraft)
def run_craft(state: RootState, task: RoamersCraft) -> None:
    T.ask_or_done(state, task.seat, "roamers_craft", craft_ids(state, task.seat))


@MODULE.task_decision("roamers_craft", lambda state: craft_ids(state, T.top(state).seat) + ["done"])
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    state.log(DAYLIGHT, "ev.roamers.craft", seat=task.seat)
    T.push(state, K.craft(task.seat, A.arg(action_id), tuple(lilypads(state)), POOL))


@record
class RoamersNext(NamedTuple):
    seat: int


@MODULE.handler(RoamersNext)
def run_next(state: RootState, task: RoamersNext) -> None:
    T.ask_or_done(state, task.seat, "roamers_next", next_options(state))


@MODULE.task_decision("roamers_next", lambda state: next_options(state))
def apply_next(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if A.arg(action_id) == "battle":
        T.push(state, RoamersBattles(task.seat, ()))
    else:
        T.push(state, RoamersLand(task.seat, DAYLIGHT))


def battle_sites(state: RootState) -> list[int]:
    return BT.battle_sites(state, NAME, tuple(lilypads(state)))


@record
class RoamersBattles(NamedTuple):
    """A battle at each lilypad (`done`: the clearings fought in), the controller choosing the order."""
    seat: int
    done: tuple[int, ...]


def battles_left(state: RootState, task: RoamersBattles) -> list[int]:
    return [c for c in battle_sites(state) if c not in task.done]


@MODULE.handler(RoamersBattles)
def run_battles(state: RootState, task: RoamersBattles) -> None:
    sites = battles_left(state, task)
    if len(sites) == 1:
        apply_battle(state, f"roamers_battle:{A.clearing_id(sites[0])}")
    else:
        T.ask_or_done(state, task.seat, "roamers_battle", sites)


@MODULE.task_decision("roamers_battle", lambda state: [f"roamers_battle:{A.clearing_id(c)}" for c in battles_left(
    state, T.top(state))])
def apply_battle(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    T.replace(state, task._replace(done=task.done + (c,)))
    T.push(state, BT.start(task.seat, NAME, DAYLIGHT, (c,), must=True))


# ---- Frog Tinkers (demoted): the top card of the deck as a crafting icon -----------------------------------------------

def birdsong(state: RootState, seat: int) -> list:
    if not MODULE.demoted(state):
        return []
    if not state.deck:
        K.reshuffle(state)
    if not state.deck:
        return []
    card = state.deck.pop()
    R(state).tinkers, R(state).serves = card, seat
    state.log(TINKERS, "ev.roamers.tinkers", seat=seat, card=card)
    return []


MODULE.birdsong = birdsong


def icon(state: RootState, seat: int) -> str | None:
    data = R(state)
    if data.tinkers is None or data.serves != seat or not MODULE.demoted(state):
        return None
    return CARDS[data.tinkers].suit


def crafting_icons(state: RootState, seat: int) -> tuple[str, ...]:
    suit = icon(state, seat)
    return () if suit is None else (suit,)


def use_crafting_icon(state: RootState, seat: int, suit: str) -> bool:
    """Paying an icon of `suit` ("any": a "?") spends the card: it is discarded."""
    mine = icon(state, seat)
    if mine is None or not (suit == "any" or mine in (suit, "bird")):
        return False
    discard(state, ("LR-AH-02", "LR-AH-02-02", "RTA-HC-07"), "ev.roamers.tinkers_spent")
    return True


def discard(state: RootState, rules: Rules, key: str) -> None:
    data = R(state)
    card, seat = data.tinkers, data.serves
    assert card is not None
    data.tinkers = data.serves = None
    K.to_pile(state, card)
    state.log(rules, key, seat=seat, card=card)


def evening_end(state: RootState, seat: int) -> list:
    if R(state).tinkers is not None and R(state).serves == seat:
        discard(state, TINKERS, "ev.roamers.tinkers_discarded")
    return []


MODULE.answer("crafting_icons", crafting_icons)
MODULE.answer("use_crafting_icon", use_crafting_icon)
MODULE.answer("evening_end", evening_end)


# ---- view, action ids ------------------------------------------------------------------------------------------------

def card(state: RootState) -> dict:
    if MODULE.demoted(state):
        return {"revealed": [R(state).tinkers] if R(state).tinkers else []}
    return {"lilypads": MODULE.tokens_left(state, LILYPAD)}


MODULE.card = card


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]
    ids = [f"hireling:{NAME}:act", "roamers:battle", "roamers:land", A.remove_ids((LILYPAD,))[0], "craft_icon"]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("roamers_at", "roamers_battle") for c in range(12)]
    ids += [A.craft_id(c) for c in cards]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"roamers_at": ("clearing",), "roamers_battle": ("clearing",)}
