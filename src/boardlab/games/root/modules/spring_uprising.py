"""Spring Uprising (promoted) / Rabbit Scouts (demoted): the Alliance's hireling (data/hirelings.yaml).

Spring Uprising: set up by rolling the Uprising die (a suit die, data) twice and placing an Uprising warrior
in a clearing matching each result. When hired with no Uprising warrior on the map: one roll and one
warrior. Ability: to battle the Uprising, the attacker's player first discards a card matching the
clearing (a player without one cannot choose it as defender). At the start of its controller's Birdsong
(mandatory): a roll, then either an Uprising warrior and every enemy piece removed from a matching clearing
holding one, or an Uprising warrior placed in a matching clearing (RTA-HIRE-13).
Rabbit Scouts (the controller's ability): defending in battle, before the roll, it may spend a card matching
the clearing to deal the higher roll and leave the lower to the attacker (as Guerrilla War, RTA-HIRE-14).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from .. import cards as K
from ..content import DECKS, HIRELING_DATA
from ..program import Hireling
from ..records import Battle, RemovePieces
from ..state import RootState

NAME = "spring_uprising"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
DIE = HIRELING_DATA.dice["uprising"]
SCOUTS = "rabbit_scouts"


def roll(state: RootState, rules: Rules) -> str:
    suit = DIE.faces[state.roll(len(DIE.faces))]
    state.log(rules, "ev.uprising.rolled", suit=suit)
    return str(suit)


def on_map(state: RootState) -> bool:
    return any(state.warriors[NAME])


# ---- placing Uprising warriors (setup, when hired, Birdsong) ----------------------------------------------------

@record
class UprisingPlace(NamedTuple):
    """Place an Uprising warrior in a clearing matching each suit rolled, the first suit first."""
    seat: int
    suits: tuple[str, ...]
    rules: Rules


def place_sites(state: RootState, suit: str) -> list[int]:
    if not state.supply[NAME]:
        return []
    return [c for c in B.clearings_of_suit(state, suit) if B.may_place(state, NAME, c)]


@MODULE.handler(UprisingPlace)
def run_place(state: RootState, task: UprisingPlace) -> None:
    if not task.suits:
        T.done(state)
        return
    sites = place_sites(state, task.suits[0])
    if len(sites) > 1:
        T.ask(state, task.seat, "uprising_place")
        return
    T.replace(state, task._replace(suits=task.suits[1:]))
    if sites:
        place(state, sites[0], task.rules)


@MODULE.task_decision("uprising_place", lambda state: [f"uprising_at:{A.clearing_id(c)}" for c in place_sites(
    state, T.top(state).suits[0])])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(suits=task.suits[1:]))
    place(state, A.clearing_arg(action_id), task.rules)


def place(state: RootState, c: int, rules: Rules) -> None:
    B.place_warriors(state, NAME, c, 1)
    state.log(rules, "ev.uprising.placed", clearing=c)


def setup(state: RootState, seat: int) -> list:
    if MODULE.demoted(state):
        return []
    rules = ("RT-AS-17", "RT-HR-01")
    return [UprisingPlace(seat, (roll(state, rules), roll(state, rules)), rules)]


def when_hired(state: RootState, seat: int) -> list:
    if MODULE.demoted(state) or on_map(state):
        return []
    rules = ("LR-AH-02-01", "RT-HR-28")
    return [UprisingPlace(seat, (roll(state, rules),), rules)]


MODULE.setup = setup
MODULE.when_hired = when_hired


# ---- Start of Birdsong: roll, then remove or place -------------------------------------------------------------------

@record
class UprisingBirdsong(NamedTuple):
    seat: int
    suit: str


def birdsong(state: RootState, seat: int) -> list:
    if MODULE.demoted(state):
        return []
    return [UprisingBirdsong(seat, roll(state, ("LR-AH-02-03", "RT-HR-29")))]


MODULE.birdsong = birdsong


def uprising_options(state: RootState, suit: str) -> list[str]:
    """Remove at a matching clearing with an Uprising warrior, or place in a matching clearing."""
    out = [f"uprising_remove:{A.clearing_id(c)}" for c in B.clearings_of_suit(state, suit) if B.warriors(state, NAME, c)]
    return out + [f"uprising_at:{A.clearing_id(c)}" for c in place_sites(state, suit)]


@MODULE.handler(UprisingBirdsong)
def run_birdsong(state: RootState, task: UprisingBirdsong) -> None:
    options = uprising_options(state, task.suit)
    if not options:
        T.done(state)
        state.log(("LR-AH-02-03", "RTA-HIRE-13"), "ev.uprising.nothing", suit=task.suit)
    elif len(options) == 1:
        apply_birdsong(state, options[0])
    else:
        T.ask(state, task.seat, "uprising_birdsong")


@MODULE.task_decision("uprising_birdsong", lambda state: uprising_options(state, T.top(state).suit))
def apply_birdsong(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    c = A.clearing_arg(action_id)
    rules = ("LR-AH-02-03", "RT-HR-29")
    if A.head(action_id) == "uprising_at":
        place(state, c, rules)
        return
    state.log(rules + ("RTA-HIRE-13",), "ev.uprising.revolt", clearing=c)
    T.push(state, *K.remove_all(state, task.seat, NAME, c, rules, via=NAME),
           RemovePieces(task.seat, NAME, c, (("warrior", 1),), False, rules, NAME))


# ---- ability: the toll to battle the Uprising ---------------------------------------------------------------------

def blocks_battle(state: RootState, seat: int | None, attacker: str, defender: str, c: int) -> bool:
    return (defender == NAME and not MODULE.demoted(state)
            and (seat is None or not K.matching(state, seat, state.suits[c])))


@record
class Toll(NamedTuple):
    seat: int
    clearing: int


def battle_begun(state: RootState, battle: Battle) -> list:
    if battle.defender != NAME or MODULE.demoted(state):
        return []
    return [Toll(battle.attacker, battle.clearing)]


MODULE.answer("blocks_battle", blocks_battle)
MODULE.answer("battle_begun", battle_begun)


def toll_cards(state: RootState, task: Toll) -> list[str]:
    return list(dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing])))


@MODULE.handler(Toll)
def run_toll(state: RootState, task: Toll) -> None:
    cards = toll_cards(state, task)
    if len(cards) > 1:
        T.ask(state, task.seat, "uprising_toll")
    else:
        T.done(state)
        if cards:
            K.discard(state, task.seat, cards[0], ("LR-AH-02-02", "RT-HR-26", "RTA-HIRE-13"))


@MODULE.task_decision("uprising_toll", lambda state: [A.discard_id(c) for c in toll_cards(state, T.top(state))])
def apply_toll(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    K.discard(state, task.seat, A.arg(action_id), ("LR-AH-02-02", "RT-HR-26", "RTA-HIRE-13"))


# ---- Rabbit Scouts (demoted) ------------------------------------------------------------------------------------------

def scouts_on(battle: Battle) -> bool:
    return any(u.startswith(f"d:{SCOUTS}") for u in battle.used)


def battle_effects(state: RootState, battle: Battle, seat: int, attacking: bool) -> list[str]:
    """Before the roll, to the controller defending with its faction: a matching card to spend."""
    me = MODULE.controller(state)
    if (attacking or me != seat or not MODULE.demoted(state) or battle.stage != "before_d"
            or battle.defender != state.faction[seat] or scouts_on(battle)):
        return []
    return [f"effect:{SCOUTS}:{c}" for c in dict.fromkeys(K.matching(state, seat, state.suits[battle.clearing]))]


def use_battle_effect(state: RootState, battle: Battle, seat: int, key: str) -> Battle | None:
    if not key.startswith(SCOUTS + ":"):
        return None
    K.discard(state, seat, key.partition(":")[2], ("LR-AH-02", "RTA-HIRE-14"))
    state.log(("LR-AH-02", "LR-AH-02-02", "RTA-HIRE-14"), "ev.uprising.scouts", seat=seat)
    return battle


MODULE.answer("battle_effects", battle_effects)
MODULE.answer("use_battle_effect", use_battle_effect)
MODULE.answer("defender_rolls_high", lambda state, battle: scouts_on(battle))


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]
    ids = [f"{h}:{A.clearing_id(c)}" for h in ("uprising_at", "uprising_remove") for c in range(12)]
    ids += [f"effect:{SCOUTS}:{c}" for c in cards]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"uprising_at": ("clearing",), "uprising_remove": ("clearing",)}



def describe(state: RootState, action_id: str, lang: str) -> str | None:
    """`effect:rabbit_scouts:CARD`: spend that card for the Rabbit Scouts."""
    if not action_id.startswith(f"effect:{SCOUTS}:"):
        return None
    from .. import RULESET
    from ..view import name_of
    cat = RULESET.catalogue
    return cat.text("act.effect.rabbit_scouts", lang, p0=name_of("card", action_id.split(":")[2], lang, cat))


MODULE.describe = describe
