"""Hirelings (seed 001 "雇傭兵-雇傭玩法", RT-HR-*; the Law's Appendix H, LR-AH-*): dealing and setting them
up, gaining and losing control, the control dice and the hireling markers on the score track.

Switched on with the option `hirelings` ("random" or a list of keys). Each hireling dealt is a module of its
own (`program.Hireling`, modules/<key>.py) switched on as it is dealt; this module runs what every hireling
shares and asks their hooks: setup, When-Hired, Start-of-Birdsong and Once-Per-Daylight actions, and
actions any player may take (the Exile's Aid). Who controls each hireling is the base's `state.hired`
(board.py reads it for rule and enemies); the rest is this module's data.

Control follows a scheme (option `hireling_control`), one object behind one interface (`Scheme`, R-1):
- `seed` (default, RT-HR-13..24): markers come off at the start of the controller's turn (before any
  Start-of-Birdsong action, R-4); at the end of a turn a hireling without markers is handed on, the
  new controller rolling the gold lead die when leading (or tied) and the blue other die otherwise
  (always the other die with an activated dominance card); a hireling from the supply is rolled for
  with the lead die (R-3); hireling warriors moved into sympathy cause no Outrage (RT-HR-43).
- `law` (LR-AH-01): markers come off at the end of the controller's turn, from hirelings gained on
  earlier turns, then the hand-off; every roll reads the control die's gold pips when leading (or tied,
  without an activated dominance card) and all its pips otherwise; moving hireling warriors into
  sympathy causes Outrage (LR-AH-03-07).
End of a turn, both schemes: hand-offs first, then one hireling from the supply per hireling marker the
player took (R-4, RTA-HIRE-05). The texts of the choices: docs/root-rulings.md, section "Hirelings".

State: `mods["hirelings"]` (`HirelingsState`): the cards dealt, their control markers, the turn each was
gained, the markers still on the track and those each player took.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import advanced as ADV
from ..content import HIRELING_DATA, HIRELINGS, PLAYABLE_HIRELINGS, hirelings_possible
from ..program import PROGRAM, hireling
from ..state import RootState
from . import hireling_stats, hirelings_board

NAME = "hirelings"
MODULE = Module(NAME, messages=f"{NAME}.yaml")
DICE = HIRELING_DATA.dice
MARKER = "hireling_marker"


@register
class HirelingsState(Data):
    __slots__ = ("dealt", "control", "gained", "track", "taken", "kept")

    def __init__(self) -> None:
        self.dealt: tuple[str, ...] = ()          # the hirelings in play, in deal order
        self.control: dict[str, int] = {}         # control markers on each card (RT-HR-17, LR-AH-01-02)
        self.gained: dict[str, int] = {}          # the turn (state.turn) each was last gained
        self.track: tuple[int, ...] = ()          # hireling markers still on the score track (RT-AS-18)
        self.taken: dict[int, tuple[int, ...]] = {}  # seat -> markers taken: a hireling due at its turn's end (RT-HR-14)
        self.kept: dict[int, tuple[int, ...]] = {}   # seat -> markers kept in its area once it hired (RT-HR-16)


MODULE.data = lambda state: HirelingsState()


def H(state: RootState) -> HirelingsState:
    return state.mods[NAME]


def controlled(state: RootState, seat: int) -> list[str]:
    """The hirelings the seat controls, in deal order."""
    return [k for k in H(state).dealt if state.hired.get(k) == seat]


def uncontrolled(state: RootState) -> list[str]:
    return [k for k in H(state).dealt if state.hired.get(k) is None]


def leads(state: RootState, seat: int) -> bool:
    """Most points or tied for most, among the players on the score track; an activated dominance card
    (a Vagabond's coalition too) never leads (RT-HR-21..23, LR-AH-01-02, RTA-HIRE-06)."""
    if state.dominance[seat] is not None:
        return False
    marked = [state.score[s] for s in range(state.players) if state.dominance[s] is None]
    return state.score[seat] >= max(marked)


# ---- the control schemes (R-1) ----------------------------------------------------------------------------

class Scheme:
    """How control is gained and lost; `seed` and `law` below."""
    name = ""
    outrage_on_move = True

    def start_of_turn(self, state: RootState, seat: int) -> None:
        """What happens to the seat's cards as its turn starts."""

    def countdown(self, state: RootState, seat: int) -> None:
        """What happens to the seat's cards at the end of its turn, before hand-offs."""

    def die(self, state: RootState, seat: int, from_supply: bool) -> tuple[str, tuple[int, ...], tuple[str, ...]]:
        """The die the seat rolls as it gains a hireling: (name, faces, rules)."""
        raise NotImplementedError

    def setup_seats(self, state: RootState, n: int) -> list[int]:
        """Who sets up each of the `n` hirelings dealt, in deal order."""
        last = (state.first - 1) % state.players
        return [last] * n  # RT-AS-17: the last player in turn order sets up every hireling


def remove_marker(state: RootState, key: str, rules: tuple[str, ...]) -> None:
    data = H(state)
    left = max(0, data.control.get(key, 0) - 1)
    data.control = {**data.control, key: left}
    state.log(rules, "ev.hirelings.marker_off", hireling=key, n=left, seat=state.hired.get(key))


class SeedScheme(Scheme):
    name = "seed"
    outrage_on_move = False  # RT-HR-43

    def start_of_turn(self, state: RootState, seat: int) -> None:
        """RT-HR-18/19: one marker off each card the seat controls (the last one flips its reminder)."""
        for key in controlled(state, seat):
            if H(state).control.get(key, 0) > 0:
                remove_marker(state, key, ("RT-HR-18", "RT-HR-19"))

    def die(self, state: RootState, seat: int, from_supply: bool) -> tuple[str, tuple[int, ...], tuple[str, ...]]:
        if from_supply:  # RT-HR-17: the lead die, whoever leads now
            return "lead", DICE["lead"].faces, ("RT-HR-04", "RT-HR-17")
        if leads(state, seat):
            return "lead", DICE["lead"].faces, ("RT-HR-06", "RT-HR-21", "RT-HR-24")
        rules = ("RT-HR-06", "RT-HR-22", "RT-HR-24") + (("RT-HR-23",) if state.dominance[seat] else ())
        return "other", DICE["other"].faces, rules


class LawScheme(Scheme):
    name = "law"

    def countdown(self, state: RootState, seat: int) -> None:
        """LR-AH-01-03: one marker off each card the seat gained on an earlier turn."""
        for key in controlled(state, seat):
            if H(state).gained.get(key) != state.turn and H(state).control.get(key, 0) > 0:
                remove_marker(state, key, ("LR-AH-01-03",))

    def die(self, state: RootState, seat: int, from_supply: bool) -> tuple[str, tuple[int, ...], tuple[str, ...]]:
        """LR-AH-01-02: the control die's gold pips when leading, all its pips otherwise."""
        if leads(state, seat):
            return "control_gold", DICE["control"].gold, ("LR-AH-01-02",)
        return "control_all", DICE["control"].all, ("LR-AH-01-02",)

    def setup_seats(self, state: RootState, n: int) -> list[int]:
        """LR-AA-06-03: from the last player in turn order, counterclockwise, one hireling each."""
        last = (state.first - 1) % state.players
        return [(last - k) % state.players for k in range(n)]


SCHEMES: dict[str, Scheme] = {"seed": SeedScheme(), "law": LawScheme()}


def scheme(state: RootState) -> Scheme:
    return SCHEMES[state.options.get("hireling_control") or "seed"]


# ---- setup (RT-AS-09..18, LR-AA-06) ------------------------------------------------------------------------

def setup_hirelings(state: RootState, chosen: Any) -> list:
    """Deal the hirelings (the named ones, or three at random among those whose faction is not in play,
    RT-HR-09), switch their modules on, demote some by player count, put the hireling markers on the
    score track, and return the tasks of their setup. Dealt once: a second call does nothing."""
    data = H(state)
    if data.dealt or chosen in (None, "off"):
        return []
    if chosen == "random":
        pool = [k for k in PLAYABLE_HIRELINGS if not set(HIRELINGS[k].replaces) & set(state.faction)]
        dealt = random_deal(state, state.shuffle(pool))
        rules: tuple[str, ...] = ("RT-AS-10", "RT-AS-11", "RT-HR-08", "RT-HR-09", "LR-AA-06-01", "RTA-HIRE-01",
                                  "RTA-HIRE-19")
        rules += ("RTA-AS-03",) if ADV.drafting(state.options) else ()
    else:
        dealt, rules = tuple(chosen), ("RT-AS-12", "RT-HR-08", "RT-HR-09", "RTA-HIRE-01")
    state.log(rules, "ev.hirelings.dealt", hirelings=list(dealt))
    data.dealt = dealt
    data.control = {k: 0 for k in dealt}
    for key in dealt:
        bring_in(state, key)
    demote(state, dealt)
    data.track = HIRELING_DATA.markers[:len(dealt)]
    state.log(("RT-AS-18", "LR-AA-06-04", "RTA-HIRE-01"), "ev.hirelings.markers", spaces=list(data.track))
    seats = scheme(state).setup_seats(state, len(dealt))
    tasks = []
    for seat, key in zip(seats, dealt):
        state.log(("RT-AS-17", "LR-AA-06-03"), "ev.hirelings.set_up", hireling=key, seat=seat)
        tasks += hireling(key).setup(state, seat)
    return tasks


def random_deal(state: RootState, shuffled: list[str]) -> tuple[str, ...]:
    """The first three of the shuffled hirelings; before a faction draft, the first three (in shuffled order)
    that leave setup cards enough to draft (R-10, RTA-HIRE-19: a deal that would stop the draft is not dealt)."""
    n = HIRELING_DATA.dealt
    if not ADV.drafting(state.options):
        return tuple(shuffled[:n])
    cards = list(state.options["setup_cards"])
    keep = bool(state.options.get("keep_insurgents"))
    for trio in combinations(shuffled, min(n, len(shuffled))):
        gone = [f for k in trio for f in HIRELINGS[k].replaces]
        if ADV.shortfall(state.players, cards, gone, keep) is None:
            return trio
    return ()


def bring_in(state: RootState, key: str) -> None:
    """Its module on (from the next step), its pieces in a supply of their own (RT-AS-12, RT-HR-01/02)."""
    PROGRAM.switch_on(state, key)
    spec = HIRELINGS[key]
    state.hired = {**state.hired, key: None}
    state.warriors = {**state.warriors, key: [0] * len(state.suits)}
    state.supply = {**state.supply, key: spec.pieces.warriors}


def demote(state: RootState, dealt: tuple[str, ...]) -> None:
    """RT-AS-14..16 / LR-AA-06-02: 1, 2 or 3 of them at random for 3, 4 or 5+ players (none for 2)."""
    n = min(len(dealt), HIRELING_DATA.demoted.get(min(state.players, 5), 0))
    flipped = state.shuffle(list(dealt))[:n] if n else []
    for key in dealt:
        state.mods[key].demoted = key in flipped
    rules = {0: (), 1: ("RT-AS-14",), 2: ("RT-AS-15",), 3: ("RT-AS-16",)}.get(n, ())
    state.log(rules + ("RT-HR-11", "RT-HR-12", "LR-AA-06-02"), "ev.hirelings.demoted", hirelings=list(flipped),
              n=n)


MODULE.answer("setup_hirelings", setup_hirelings)


# ---- hireling markers on the score track (RT-HR-13/14/16, LR-AH-01-01) ---------------------------------------

def scored(state: RootState, seat: int, before: int, after: int) -> None:
    """A score marker reaching (onto or past, R-2) a space with a hireling marker takes it."""
    data = H(state)
    reached = [m for m in data.track if before < m <= after]
    if not reached or state.phase == "setup":
        return
    data.track = tuple(m for m in data.track if m not in reached)
    data.taken = {**data.taken, seat: data.taken.get(seat, ()) + tuple(reached)}
    for m in reached:
        state.log(("RT-HR-03", "RT-HR-13", "RT-HR-14", "LR-AH-01-01", "RTA-HIRE-04"), "ev.hirelings.marker_taken",
                  seat=seat, space=m)


MODULE.answer("scored", scored)


# ---- gaining control ------------------------------------------------------------------------------------------

def gain(state: RootState, seat: int, key: str, from_supply: bool) -> list:
    """The seat takes control: it rolls for the control markers and takes its When-Hired action."""
    data = H(state)
    die, faces, rules = scheme(state).die(state, seat, from_supply)
    n = faces[state.roll(len(faces))]
    state.hired = {**state.hired, key: seat}
    data.control = {**data.control, key: n}
    data.gained = {**data.gained, key: state.turn}
    state.log(rules, "ev.hirelings.rolled", seat=seat, hireling=key, die=die, n=n)
    return hireling(key).when_hired(state, seat)


@record
class GainFromSupply(NamedTuple):
    """RT-HR-15..17 / LR-AH-01-01: at the end of its turn, the seat takes an uncontrolled hireling."""
    seat: int


@record
class HandOff(NamedTuple):
    """RT-HR-05/07/20 / LR-AH-01-03: the seat gives a hireling without control markers to another player."""
    seat: int
    key: str


@MODULE.handler(GainFromSupply)
def run_gain(state: RootState, task: GainFromSupply) -> None:
    free = uncontrolled(state)
    if len(free) == 1:
        T.done(state)
        _take(state, task.seat, free[0])
    else:
        T.ask_or_done(state, task.seat, "hireling_gain", free)


@MODULE.task_decision("hireling_gain", lambda state: [f"hire:{k}" for k in uncontrolled(state)])
def apply_gain(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    _take(state, task.seat, A.arg(action_id))


def _take(state: RootState, seat: int, key: str) -> None:
    """The marker taken goes from below the Evening to the player's area (a reminder only, R-6)."""
    data = H(state)
    space, *rest = data.taken[seat]
    data.taken = {s: m for s, m in {**data.taken, seat: tuple(rest)}.items() if m}
    data.kept = {**data.kept, seat: data.kept.get(seat, ()) + (space,)}
    state.log(("RT-HR-15", "RT-HR-16", "LR-AH-01-01"), "ev.hirelings.hired", seat=seat, hireling=key)
    T.push(state, *gain(state, seat, key, True))


def recipients(state: RootState, seat: int) -> list[int]:
    """Any other player, the leader too (RT-HR-07, LR-AH-01-03; R-11: back and forth is allowed)."""
    return [s for s in range(state.players) if s != seat]


@MODULE.handler(HandOff)
def run_hand_off(state: RootState, task: HandOff) -> None:
    others = recipients(state, task.seat)
    if len(others) == 1:
        T.done(state)
        _hand(state, task.seat, task.key, others[0])
    else:
        T.ask(state, task.seat, "hireling_handoff")


@MODULE.task_decision("hireling_handoff", lambda state: [f"hand_to:{T.top(state).key}:{s}" for s in recipients(
    state, T.top(state).seat)])
def apply_hand_off(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    _hand(state, task.seat, task.key, int(A.args(action_id)[1]))


def _hand(state: RootState, giver: int, key: str, to: int) -> None:
    state.log(("RT-HR-05", "RT-HR-07", "RT-HR-20", "LR-AH-01-03"), "ev.hirelings.handed", seat=giver, hireling=key,
              receiver=to)
    T.push(state, *gain(state, to, key, False))


# ---- the turn -------------------------------------------------------------------------------------------------

def birdsong_start(state: RootState, seat: int) -> list:
    """The scheme's start of turn (markers off, before any hireling action, R-4), then the Start-of-Birdsong
    actions of the seat's hirelings, in deal order (LR-AH-02-03, RT-HR-29, RTA-HIRE-10)."""
    scheme(state).start_of_turn(state, seat)
    tasks = []
    for key in controlled(state, seat):
        tasks += hireling(key).birdsong(state, seat)
    return tasks


MODULE.answer("birdsong_start", birdsong_start)


@MODULE.step("hirelings.turn_end")
def turn_end(state: RootState) -> str:
    """At the end of the turn: the scheme's countdown, hand-offs of the seat's hirelings without markers
    (not one gained this turn, R-4), then a hireling from the supply per marker the seat took."""
    seat = state.active
    scheme(state).countdown(state, seat)
    data = H(state)
    tasks: list = [HandOff(seat, k) for k in controlled(state, seat)
                   if data.control.get(k, 0) == 0 and data.gained.get(k) != state.turn]
    tasks += [GainFromSupply(seat) for _ in range(min(len(data.taken.get(seat, ())), len(uncontrolled(state))))]
    return T.run_then(state, tasks, RETURN)


MODULE.hook("turn.end", "before", lambda state: "hirelings.turn_end" if not state.over else None)


# ---- actions in a phase: Once-Per-Daylight actions, what anyone may do ------------------------------------------

def phase_options(state: RootState, seat: int, phase: str) -> list[str]:
    out: list[str] = []
    if phase == "daylight":  # LR-AH-02-04, RT-HR-30: the controller's, once in its Daylight each
        for key in controlled(state, seat):
            out += hireling(key).daylight(state, seat)
    for key in H(state).dealt:
        out += hireling(key).anyone(state, seat, phase)
    return out


def use_phase_option(state: RootState, seat: int, action_id: str) -> bool:
    if A.head(action_id) != "hireling":
        return False
    module = hireling(A.args(action_id)[0])
    if state.hired.get(module.name) == seat and action_id in module.daylight(state, seat):
        module.use_daylight(state, seat, action_id)
    else:
        module.use_anyone(state, seat, action_id)
    return True


MODULE.answer("phase_options", phase_options)
MODULE.answer("use_phase_option", use_phase_option)


def once(state: RootState, key: str, action: str = "") -> bool:
    """Whether a Once-Per-Daylight action is still open this turn (state.used is cleared each turn)."""
    return not state.used.get(f"hireling:{key}:{action}")


def use_once(state: RootState, key: str, action: str = "") -> None:
    state.used[f"hireling:{key}:{action}"] = 1


# ---- Outrage (RT-HR-43, LR-AH-03-07) --------------------------------------------------------------------------

def outrage_exempt(state: RootState, seat: int, owner: str) -> bool:
    """Asked as hireling warriors enter a sympathetic clearing: no Outrage under the seed's rules."""
    if owner not in state.hired:
        return False
    if scheme(state).outrage_on_move:
        state.log(("LR-AH-03-07", "RTA-HIRE-08"), "ev.hirelings.outrage", seat=seat, hireling=owner)
        return False
    state.log(("RT-HR-43", "RTA-HIRE-08"), "ev.hirelings.no_outrage", seat=seat, hireling=owner)
    return True


MODULE.answer("outrage_exempt", outrage_exempt)


# ---- view, texts, bots, action ids -------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    data = state.mods.get(NAME)
    if data is None:
        return
    cards = []
    for key in data.dealt:
        module = hireling(key)
        cards.append({"key": key, "side": "demoted" if module.demoted(state) else "promoted",
                      "controller": state.hired.get(key), "control": data.control.get(key, 0),
                      "gained": data.gained.get(key), **module.card(state)})
    full[NAME] = {"scheme": scheme(state).name, "cards": cards, "track": list(data.track),
                  "taken": {str(s): list(m) for s, m in data.taken.items()},
                  "kept": {str(s): list(m) for s, m in data.kept.items()}}
    full["score_markers"] = [{"space": m, "kind": MARKER} for m in data.track]


MODULE.view = view
MODULE.lines = hirelings_board.lines
MODULE.picture = hirelings_board.picture

CONTROL_VALUE = 0.3  # bots: a control marker is a turn of a hireling's help (tuning, not rules)


def potential(state: RootState, seat: int) -> float:
    data = state.mods.get(NAME)
    if data is None:
        return 0.0
    return CONTROL_VALUE * sum(data.control.get(k, 0) for k in controlled(state, seat))


MODULE.potential = potential
MODULE.summary = lambda state: hireling_stats.summary(state, H(state).dealt)


def actions(players: int, options: dict) -> list[Segment]:
    keys = hirelings_possible(options)
    ids = [f"hire:{k}" for k in keys] + [f"hand_to:{k}:{s}" for k in keys for s in range(players)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"hire": ("faction",), "hand_to": ("faction", "seat"), "hireling": ("faction", "word")}


def describe(state: RootState, action_id: str, lang: str) -> str | None:
    """`hireling:KEY:ACTION`: the hireling's action by its message `act.hireling.KEY.ACTION`."""
    if A.head(action_id) != "hireling":
        return None
    from .. import RULESET
    key, action = A.args(action_id)[:2]
    cat = RULESET.catalogue
    text_key = f"act.hireling.{key}.{action}"
    return cat.text(text_key, lang) if cat.has(text_key) else None


MODULE.describe = describe
