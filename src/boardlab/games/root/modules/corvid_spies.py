"""Corvid Spies (promoted) / Raven Sentries (demoted): the Corvid Conspiracy's hireling (data/hirelings.yaml).

Corvid Spies: 6 Spy warriors. Set up with a Spy in each of two different clearings of the same suit. Once per
Daylight: first 2 Spies among clearings with enemy pieces (the same clearing allowed); then either a battle
in every clearing with Spies, or, in one clearing with Spies, the controller takes a random card from each
enemy player with faction pieces there (RTA-HC-04). Raven Sentries (the controller's ability): in a battle
in a clearing with its faction's buildings or tokens, attacking or defending with its faction, it deals an
extra hit (RTA-HC-05).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from ..program import Hireling
from ..records import Battle
from ..state import RootState
from . import hirelings as HL

NAME = "corvid_spies"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
SETUP: Rules = ("RT-AS-17", "RT-HR-01", "RTA-HC-04")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HC-04")
SENTRIES: Rules = ("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HC-05")
SPIES_PLACED = 2      # the card: 2 Spies placed each Daylight
SENTRY_HITS = 1       # the card: one extra hit


def spy_clearings(state: RootState) -> list[int]:
    return [c for c, n in enumerate(state.warriors[NAME]) if n]


# ---- setup: two clearings of one suit -----------------------------------------------------------------------------

@record
class SpiesSetup(NamedTuple):
    seat: int
    first: int | None = None


def setup_sites(state: RootState, first: int | None) -> list[int]:
    ok = [c for c in range(len(state.suits)) if B.may_place(state, NAME, c)]
    if first is not None:
        return [c for c in ok if c != first and state.suits[c] == state.suits[first]]
    return [c for c in ok if any(d != c and state.suits[d] == state.suits[c] for d in ok)]


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [SpiesSetup(seat)]


MODULE.setup = setup


@MODULE.handler(SpiesSetup)
def run_setup(state: RootState, task: SpiesSetup) -> None:
    sites = setup_sites(state, task.first)
    if len(sites) == 1:
        apply_setup(state, f"spy_at:{A.clearing_id(sites[0])}")
    else:
        T.ask_or_done(state, task.seat, "spies_setup", sites)


@MODULE.task_decision("spies_setup", lambda state: [f"spy_at:{A.clearing_id(c)}" for c in setup_sites(
    state, T.top(state).first)])
def apply_setup(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    if task.first is None:
        T.replace(state, task._replace(first=c))
    else:
        T.done(state)
    place(state, c, SETUP)


def place(state: RootState, c: int, rules: Rules) -> None:
    if B.place_warriors(state, NAME, c, 1):
        state.log(rules, "ev.spies.placed", clearing=c)


# ---- Once per Daylight -----------------------------------------------------------------------------------------------

def place_sites(state: RootState) -> list[int]:
    """Clearings with enemy pieces (the Spies' enemies: its controller's) where Spies may be placed."""
    if not state.supply[NAME]:
        return []
    return [c for c in range(len(state.suits)) if B.enemies_at(state, NAME, c) and B.may_place(state, NAME, c)]


def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME) or not (place_sites(state) or next_options(state, seat)):
        return []
    return [f"hireling:{NAME}:act"]


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    state.log(DAYLIGHT, "ev.spies.act", seat=seat)
    T.push(state, SpiesPlace(seat, SPIES_PLACED), SpiesNext(seat))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class SpiesPlace(NamedTuple):
    """Place `left` more Spies, one at a time (as many as the supply holds, LR-01-05-04)."""
    seat: int
    left: int


@MODULE.handler(SpiesPlace)
def run_place(state: RootState, task: SpiesPlace) -> None:
    sites = place_sites(state) if task.left else []
    if len(sites) == 1:
        apply_place(state, f"spy_at:{A.clearing_id(sites[0])}")
    else:
        T.ask_or_done(state, task.seat, "spies_place", sites)


@MODULE.task_decision("spies_place", lambda state: [f"spy_at:{A.clearing_id(c)}" for c in place_sites(state)])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(left=task.left - 1))
    place(state, A.clearing_arg(action_id), DAYLIGHT)


@record
class SpiesNext(NamedTuple):
    """The second step: battles in every clearing with Spies, or cards taken in one."""
    seat: int


def battle_sites(state: RootState) -> list[int]:
    return BT.battle_sites(state, NAME, tuple(spy_clearings(state)))


def victims(state: RootState, seat: int, c: int) -> list[int]:
    """Enemy players of the controller with faction pieces in `c` and cards to take."""
    me = state.faction[seat]
    return [s for s in range(state.players) if state.hands[s] and B.has_pieces(state, state.faction[s], c)
            and B.are_enemies(state, me, state.faction[s])]


def steal_sites(state: RootState, seat: int) -> list[int]:
    return [c for c in spy_clearings(state) if victims(state, seat, c)]


def next_options(state: RootState, seat: int) -> list[str]:
    return (["spies:battle"] if battle_sites(state) else []) + (["spies:steal"] if steal_sites(state, seat) else [])


@MODULE.handler(SpiesNext)
def run_next(state: RootState, task: SpiesNext) -> None:
    options = next_options(state, task.seat)
    if len(options) == 1:
        apply_next(state, options[0])
    else:
        T.ask_or_done(state, task.seat, "spies_next", options)


@MODULE.task_decision("spies_next", lambda state: next_options(state, T.top(state).seat))
def apply_next(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if A.arg(action_id) == "battle":
        T.push(state, SpiesBattles(task.seat, ()))
    else:
        T.push(state, SpiesSteal(task.seat))


@record
class SpiesBattles(NamedTuple):
    """A battle in each clearing with Spies (`done`: those fought), the controller choosing the order."""
    seat: int
    done: tuple[int, ...]


def battles_left(state: RootState, task: SpiesBattles) -> list[int]:
    return [c for c in battle_sites(state) if c not in task.done]


@MODULE.handler(SpiesBattles)
def run_battles(state: RootState, task: SpiesBattles) -> None:
    sites = battles_left(state, task)
    if len(sites) == 1:
        apply_battle(state, f"spies_battle:{A.clearing_id(sites[0])}")
    else:
        T.ask_or_done(state, task.seat, "spies_battle", sites)


@MODULE.task_decision("spies_battle", lambda state: [f"spies_battle:{A.clearing_id(c)}" for c in battles_left(
    state, T.top(state))])
def apply_battle(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    T.replace(state, task._replace(done=task.done + (c,)))
    T.push(state, BT.start(task.seat, NAME, DAYLIGHT, (c,), must=True))


@record
class SpiesSteal(NamedTuple):
    seat: int


@MODULE.handler(SpiesSteal)
def run_steal(state: RootState, task: SpiesSteal) -> None:
    sites = steal_sites(state, task.seat)
    if len(sites) == 1:
        apply_steal(state, f"spies_steal:{A.clearing_id(sites[0])}")
    else:
        T.ask_or_done(state, task.seat, "spies_steal", sites)


@MODULE.task_decision("spies_steal", lambda state: [f"spies_steal:{A.clearing_id(c)}" for c in steal_sites(
    state, T.top(state).seat)])
def apply_steal(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    c = A.clearing_arg(action_id)
    for victim in victims(state, task.seat, c):
        hand = state.hands[victim]
        card = hand.pop(state.roll(len(hand)))
        state.hands[task.seat].append(card)
        state.reveal(card, (task.seat, victim))
        rules = DAYLIGHT + ("LR-AG-22",)
        state.log(rules, "ev.spies.steal", seat=task.seat, victim=victim, clearing=c)
        state.log(rules, "ev.spies.steal_card", to=(task.seat, victim), seat=task.seat, victim=victim, card=card)


# ---- Raven Sentries (demoted): an extra hit where the controller has buildings or tokens -------------------------------

def extra_hits(state: RootState, battle: Battle, owner: str, attacking: bool) -> int:
    seat = MODULE.controller(state)
    if seat is None or not MODULE.demoted(state) or owner != state.faction[seat]:
        return 0
    c = battle.clearing
    if not (B.buildings_of(state, owner, c) or B.tokens_of(state, owner, c)):
        return 0
    state.log(SENTRIES, "ev.spies.sentries", seat=seat, clearing=c)
    return SENTRY_HITS


MODULE.answer("extra_hits", extra_hits)


# ---- action ids ----------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    ids = [f"hireling:{NAME}:act", "spies:battle", "spies:steal"]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("spy_at", "spies_battle", "spies_steal") for c in range(12)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"spy_at": ("clearing",), "spies_battle": ("clearing",), "spies_steal": ("clearing",)}
