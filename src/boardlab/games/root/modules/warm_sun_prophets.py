"""Warm Sun Prophets (promoted) / Lizard Envoys (demoted): the Lizard Cult's hireling (data/hirelings.yaml).

Warm Sun Prophets: set up with a Prophet warrior in each clearing with a ruin. When hired with none on the
map: one in any clearing. Once per Daylight, one of two: the controller picks a player (itself too) with
faction pieces in a clearing with a Prophet and forces that player either to battle there, or to move every
warrior it has there to a clearing the controller picks and then, if the controller wishes, to battle there;
the controller picks each defender, and the forced player scores as usual for what it removes (LR-AH-03-06);
or a Prophet is placed in a clearing without one (RTA-HA-03).
Lizard Envoys (the controller's, at the start of its Birdsong, optional): among the top five cards of the
discard pile it takes a card of their most common suit (birds a suit of their own, ties its choice), not an
ambush (RTA-HA-04).
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import move as MV
from ..content import CARDS, DECKS
from ..program import Hireling
from ..state import RUIN, RootState
from . import hirelings as HL

NAME = "warm_sun_prophets"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HA-03")
FORCED: Rules = DAYLIGHT + ("LR-AH-03-06",)
ENVOYS: Rules = ("LR-AH-02", "LR-AH-02-03", "RT-HR-29", "RTA-HA-04")
SEARCHED = 5  # the card: the top five cards of the discard pile


def at(state: RootState) -> list[int]:
    """The clearings with Prophet warriors."""
    return [c for c, n in enumerate(state.warriors[NAME]) if n]


# ---- setup and when hired -----------------------------------------------------------------------------------------

def setup(state: RootState, seat: int) -> list:
    """A Prophet in each clearing with a ruin (where it may be placed)."""
    if MODULE.demoted(state):
        return []
    placed = [c for c, pieces in enumerate(state.buildings) if RUIN in pieces and B.may_place(state, NAME, c)
              and B.place_warriors(state, NAME, c, 1)]
    state.log(("RT-AS-17", "RT-HR-01"), "ev.prophets.setup", clearings=placed)
    return []


def when_hired(state: RootState, seat: int) -> list:
    if MODULE.demoted(state) or at(state):
        return []
    return [ProphetPlace(seat, ("LR-AH-02-01", "RT-HR-28"), False)]


MODULE.setup = setup
MODULE.when_hired = when_hired


@record
class ProphetPlace(NamedTuple):
    """A Prophet into a clearing (`fresh`: one without a Prophet, the Daylight's; else any)."""
    seat: int
    rules: Rules
    fresh: bool


def place_sites(state: RootState, fresh: bool) -> list[int]:
    if not state.supply[NAME]:
        return []
    return [c for c in range(len(state.suits)) if B.may_place(state, NAME, c)
            and not (fresh and state.warriors[NAME][c])]


@MODULE.handler(ProphetPlace)
def run_place(state: RootState, task: ProphetPlace) -> None:
    sites = place_sites(state, task.fresh)
    if len(sites) == 1:
        T.done(state)
        place(state, task, sites[0])
    else:
        T.ask_or_done(state, task.seat, "prophets_place", sites)


@MODULE.task_decision("prophets_place", lambda state: [f"prophets_at:{A.clearing_id(c)}" for c in place_sites(
    state, T.top(state).fresh)])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    place(state, task, A.clearing_arg(action_id))


def place(state: RootState, task: ProphetPlace, c: int) -> None:
    B.place_warriors(state, NAME, c, 1)
    state.log(task.rules, "ev.prophets.placed", seat=task.seat, clearing=c)


# ---- Once per Daylight: force a player, or place a Prophet -----------------------------------------------------------

def force_dests(state: RootState, faction: str, c: int) -> list[int]:
    """Where its warriors can be made to move from `c`: an ordinary move of its own (no Ferry, RTA-HA-03)."""
    if not B.warriors(state, faction, c):
        return []
    near = set(B.adjacent(state, faction, c))
    return [d for d in MV.destinations(state, faction, c) if d in near]


def ways(state: RootState, faction: str, c: int) -> list[str]:
    """How the faction can be forced in `c`: to battle there, to move from there."""
    out = ["battle"] if BT.battle_sites(state, faction, (c,)) else []
    return out + (["move"] if force_dests(state, faction, c) else [])


def force_sites(state: RootState, seat: int) -> list[int]:
    f = state.faction[seat]
    return [c for c in at(state) if B.has_pieces(state, f, c) and ways(state, f, c)]


def forceable(state: RootState) -> list[int]:
    return [s for s in range(state.players) if force_sites(state, s)]


def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME):
        return []
    out = [f"hireling:{NAME}:force"] if forceable(state) else []
    return out + ([f"hireling:{NAME}:place"] if place_sites(state, True) else [])


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    if A.args(action_id)[1] == "force":
        T.push(state, Force(seat, None, None, None))
    else:
        T.push(state, ProphetPlace(seat, DAYLIGHT, True))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class Force(NamedTuple):
    """The controller forces `target` (a seat) in `clearing`: `how` is "battle", "move", then "after" (the
    move done, `clearing` its destination: a battle there if the controller wishes)."""
    seat: int
    target: int | None
    clearing: int | None
    how: str | None


@MODULE.handler(Force)
def run_force(state: RootState, task: Force) -> None:
    if task.target is None:
        pick(state, task, "target", forceable(state), "prophets_player")
    elif task.clearing is None:
        pick(state, task, "clearing", force_sites(state, task.target), "prophets_clearing")
    elif task.how is None:
        pick(state, task, "how", ways(state, state.faction[task.target], task.clearing), "prophets_how")
    elif task.how == "move":
        T.ask_or_done(state, task.seat, "prophets_to", force_dests(state, state.faction[task.target], task.clearing))
    else:
        T.ask_or_done(state, task.seat, "prophets_defender", defenders(state, task))


def pick(state: RootState, task: Force, field: str, options: list, kind: str) -> None:
    """One option is taken at once; several are the controller's choice."""
    if len(options) == 1:
        T.replace(state, task._replace(**{field: options[0]}))
    else:
        T.ask_or_done(state, task.seat, kind, options)


def defenders(state: RootState, task: Force) -> list[str]:
    assert task.target is not None and task.clearing is not None
    f = state.faction[task.target]
    return BT.targets(state, f, task.clearing) if BT.fighters(state, f, task.clearing) else []


@MODULE.task_decision("prophets_player", lambda state: [f"prophets_player:{s}" for s in forceable(state)])
def apply_player(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(target=int(A.arg(action_id))))


@MODULE.task_decision("prophets_clearing", lambda state: [f"prophets_in:{A.clearing_id(c)}" for c in force_sites(
    state, T.top(state).target)])
def apply_clearing(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("prophets_how", lambda state: [f"prophets_do:{w}" for w in ways(
    state, state.faction[T.top(state).target], T.top(state).clearing)])
def apply_how(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(how=A.arg(action_id)))


@MODULE.task_decision("prophets_to", lambda state: [f"prophets_to:{A.clearing_id(c)}" for c in force_dests(
    state, state.faction[T.top(state).target], T.top(state).clearing)])
def apply_to(state: RootState, action_id: str) -> None:
    """Every warrior of the forced player there moves (as many as it can, RTA-HA-03), as its own move."""
    task = T.top(state)
    assert task.target is not None and task.clearing is not None
    f, dest = state.faction[task.target], A.clearing_arg(action_id)
    n = B.warriors(state, f, task.clearing)
    state.log(FORCED, "ev.prophets.forced_move", seat=task.seat, target=task.target, origin=task.clearing, dest=dest)
    T.replace(state, task._replace(clearing=dest, how="after"))
    T.push(state, *MV.relocate(state, task.target, f, task.clearing, dest, n, FORCED))


def _legal_defender(state: RootState) -> list[str]:
    task = T.top(state)
    out = [A.defender_id(d) for d in defenders(state, task)]
    return out + ["skip"] if task.how == "after" else out


@MODULE.task_decision("prophets_defender", _legal_defender)
def apply_defender(state: RootState, action_id: str) -> None:
    """The forced player battles (its own battle: it scores as usual, LR-AH-03-06); the controller chose whom."""
    task = T.top(state)
    T.done(state)
    if action_id == "skip":
        return
    assert task.target is not None and task.clearing is not None
    state.log(FORCED, "ev.prophets.forced_battle", seat=task.seat, target=task.target, clearing=task.clearing)
    BT.begin(state, task.target, A.arg(action_id), task.clearing, FORCED)


# ---- Lizard Envoys (demoted): a card from the discard pile -----------------------------------------------------------

@record
class Envoys(NamedTuple):
    seat: int


def envoy_cards(state: RootState) -> list[str]:
    """The cards it may take: of the most common suit among the top five of the pile (a tie: any of them), not
    an ambush."""
    top = state.discard[-SEARCHED:]
    counts = Counter(CARDS[c].suit for c in top)
    most = max(counts.values(), default=0)
    return list(dict.fromkeys(c for c in reversed(top) if counts[CARDS[c].suit] == most and CARDS[c].kind != "ambush"))


def birdsong(state: RootState, seat: int) -> list:
    return [Envoys(seat)] if MODULE.demoted(state) and envoy_cards(state) else []


MODULE.birdsong = birdsong


@MODULE.handler(Envoys)
def run_envoys(state: RootState, task: Envoys) -> None:
    T.ask_or_done(state, task.seat, "lizard_envoys", envoy_cards(state))


@MODULE.task_decision("lizard_envoys", lambda state: [f"envoys_take:{c}" for c in envoy_cards(state)] + ["pass"])
def apply_envoys(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "pass":
        return
    card = A.arg(action_id)
    at_ = len(state.discard) - 1 - state.discard[::-1].index(card)  # the topmost copy
    state.discard.pop(at_)
    state.hands[task.seat].append(card)
    state.reveal(card, range(state.players))  # it was face up on the pile
    state.log(ENVOYS, "ev.prophets.envoys", seat=task.seat, card=card)


# ---- action ids ------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]
    ids = [f"hireling:{NAME}:{a}" for a in ("force", "place")] + ["skip", "pass"]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("prophets_at", "prophets_in", "prophets_to") for c in range(12)]
    ids += [f"prophets_player:{s}" for s in range(players)] + [f"prophets_do:{w}" for w in ("battle", "move")]
    ids += [f"envoys_take:{c}" for c in cards]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"prophets_at": ("clearing",), "prophets_in": ("clearing",), "prophets_to": ("clearing",),
                "prophets_player": ("seat",), "prophets_do": ("word",), "envoys_take": ("card",)}
