"""The Lizard Cult (LR-10): gardens, the Outcast, the Lost Souls pile, rituals by revealing cards, conspiracies
paid with acolytes, Revenge, Pilgrims, Fear of the Faithful and Hatred of Birds.

Setup: 4 warriors and a garden in a free corner (opposite a starting corner if one is free), a warrior in each
clearing next to it, then the Outcast (a decision); its setup card (Advanced Setup): a homeland not next to an
enemy homeland, 4 warriors and a garden, 3 warriors among the clearings next to it, 2 acolytes, the Outcast.
Birdsong: Adjust the Outcast from the Lost Souls pile, discard the pile, then conspiracies (Crusade, Convert,
Sanctify) in Outcast clearings for acolytes. Daylight: reveal cards from hand, a ritual each (Build, Recruit,
Score, Sacrifice). Evening: the revealed cards back to hand, craft with the gardens of the Outcast suit, draw
1 + the card bonuses uncovered on the Gardens tracks, hand limit.

The base rules reach the Cult through its hooks: every card spent or discarded goes to its Lost Souls pile
(extension point `takes_discard`), it rules where it has a garden (`rules_outright`), and removals tell it
when its warriors die defending (Revenge) or its gardens go (Fear of the Faithful) (`removed`).

State: `mods["lizard"]`: the Outcast and whether it is Hated, the acolytes, the Lost Souls pile, the cards
revealed this turn and the suits scored this turn. Gardens on the map are read off the map (a garden's
printed suit is its clearing's, RTA-LC-04); those not on it are on the Gardens tracks. Everything of the Cult's
is public but its hand (RTA-LC-05): cards it revealed and took back are known to every player. Choices the Law
leaves open: RTA-LC-01..12 (docs/root-rulings.md, "Lizard Cult"); the board's numbers: data/factions/lizard.yaml.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import advanced as ADV
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS, DECKS, faction_sheet
from ..program import Faction
from ..records import Battle, RemovePieces
from ..state import RootState
from . import lizard_board

NAME = "lizard"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
SUITS = tuple(BOARD["suits"])
ADVANCED = BOARD["advanced"]
GARDEN = "garden"
RITUALS = ("build", "recruit", "score", "sacrifice")
CONSPIRACIES = tuple(BOARD["conspiracies"])
Rules = tuple[str, ...]


@register
class LizardState(Data):
    __slots__ = ("outcast", "hated", "acolytes", "lost_souls", "revealed", "scored")

    def __init__(self) -> None:
        self.outcast: str | None = None     # the suit under the outcast marker (LR-10-03-03)
        self.hated = False                  # the marker on its Hated side (LR-10-04-01)
        self.acolytes = 0                   # warriors in the Acolytes box
        self.lost_souls: list[str] = []     # the Lost Souls pile, face up (LR-10-02-06)
        self.revealed: list[str] = []       # cards revealed this turn, in the play area (LR-10-05)
        self.scored: tuple[str, ...] = ()   # suits scored this turn (LR-10-05-03)


MODULE.data = lambda state: LizardState()


def L(state: RootState) -> LizardState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- the Gardens tracks (a garden's printed suit is its clearing's, RTA-LC-04) ------------------------------------

def gardens_on_map(state: RootState, suit: str) -> int:
    return sum(1 for c in B.where(state, NAME, GARDEN) if state.suits[c] == suit)


def gardens_left(state: RootState, suit: str) -> int:
    """Gardens of the suit still on its Gardens track (LR-10-03-04)."""
    return BOARD["gardens"] - gardens_on_map(state, suit)


def score_points(state: RootState, suit: str) -> int:
    """The points above the rightmost empty space of the suit's track: the k-th space with k gardens of that
    suit on the map (LR-10-05-03, RTA-LC-03)."""
    k = gardens_on_map(state, suit)
    return BOARD["points"][k - 1] if k else 0


def draw_bonuses(state: RootState) -> int:
    """Card bonuses uncovered on the Gardens tracks (LR-10-06-03, RTA-LC-03)."""
    return sum(1 for s in SUITS for k in BOARD["draw_bonus"] if gardens_on_map(state, s) >= k)


def place_garden(state: RootState, c: int) -> bool:
    """A garden of the clearing's suit, if one is left on its track and the clearing has room for it."""
    if gardens_left(state, state.suits[c]) <= 0 or B.open_slots(state, c) <= 0 or not B.may_place(state, NAME, c):
        return False
    B.add_building(state, NAME, GARDEN, c)
    return True


# ---- setup (LR-10-03) and its setup card (Advanced Setup, RTA-LC-02) -------------------------------------------------

@record
class LizardSetup(NamedTuple):
    """Stages: corner (Standard Setup) or homeland (its setup card), around (warriors next to the homeland, `left`
    still to place), outcast."""
    seat: int
    stage: str
    home: int | None
    left: int


def _supplies(state: RootState) -> None:
    state.log(("LR-10-03-01", "LR-10-03-04"), "ev.lizard.supplies", n=state.supply[NAME],
              gardens=len(SUITS) * BOARD["gardens"] - len(B.where(state, NAME, GARDEN)) - 1)


@MODULE.step("lizard.setup")
def setup(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [LizardSetup(seat(state), "corner", None, 0)], RETURN)


@MODULE.step("lizard.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [LizardSetup(seat(state), "homeland", None, ADVANCED["adjacent_warriors"])], RETURN)


def start_corners(state: RootState) -> list[int]:
    """LR-10-03-02: a corner that is no other player's starting corner and, if possible, diagonally opposite
    one (RTA-LC-01)."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    free = [c for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]
    opposite = [c for c in free if B.opposite(state, c) in taken]
    return opposite or free


def homeland_sites(state: RootState) -> list[int]:
    """Its setup card: room for the garden, not an enemy homeland, not next to one if able (LR-AA-08-03-01/02)."""
    fit = [c for c in range(len(state.suits)) if B.open_slots(state, c) > 0]
    return ADV.farthest(state, NAME, fit, ADVANCED["apart"])


def around_sites(state: RootState, task: LizardSetup) -> list[int]:
    if task.home is None or not state.supply[NAME]:
        return []
    return [c for c in B.neighbours(state, task.home) if B.may_place(state, NAME, c)]


def _setup_options(state: RootState, task: LizardSetup) -> list[str]:
    if task.stage == "corner":
        return [f"garden_at:{A.clearing_id(c)}" for c in start_corners(state)]
    if task.stage == "homeland":
        return [f"garden_at:{A.clearing_id(c)}" for c in homeland_sites(state)]
    if task.stage == "around":
        return [f"warrior_at:{A.clearing_id(c)}" for c in around_sites(state, task)] if task.left > 0 else []
    return [f"outcast:{s}" for s in SUITS]


@MODULE.handler(LizardSetup)
def run_setup(state: RootState, task: LizardSetup) -> None:
    options = _setup_options(state, task)
    if task.stage == "outcast":
        T.ask(state, task.seat, "lizard_outcast")
    elif not options:
        _no_more(state, task)
    elif len(options) == 1:
        _setup_step(state, task, options[0])
    else:
        T.ask(state, task.seat, f"lizard_{task.stage}")


def _no_more(state: RootState, task: LizardSetup) -> None:
    """Nowhere to start (RTA-AS-05), or no clearing next to the homeland takes a warrior: go on."""
    if task.stage in ("corner", "homeland"):
        ADV.no_room(state, NAME)
    if task.stage in ("homeland", "around"):
        _acolytes_at_setup(state)
    T.replace(state, task._replace(stage="outcast"))


def _setup_decision(state: RootState, action_id: str) -> None:
    _setup_step(state, T.top(state), action_id)


for _kind in ("lizard_corner", "lizard_homeland", "lizard_around"):
    MODULE.task_decision(_kind, lambda state: _setup_options(state, T.top(state)))(_setup_decision)


def _setup_step(state: RootState, task: LizardSetup, action_id: str) -> None:
    c = A.clearing_arg(action_id)
    if task.stage == "around":
        B.place_warriors(state, NAME, c, 1)
        state.log(("LR-AA-08-03", "RTA-LC-02"), "ev.lizard.around", clearing=c)
        left = task.left - 1
        if left and around_sites(state, task):
            T.replace(state, task._replace(left=left))
        else:
            _acolytes_at_setup(state)
            T.replace(state, task._replace(stage="outcast", left=0))
        return
    state.homes = {**state.homes, NAME: (c,)}
    garden = place_garden(state, c)
    if task.stage == "corner":
        n = B.place_warriors(state, NAME, c, BOARD["start_warriors"])
        near = [d for d in B.neighbours(state, c) if B.may_place(state, NAME, d)]
        for d in near:
            B.place_warriors(state, NAME, d, BOARD["adjacent_warriors"])
        state.log(("LR-10-03-02", "RTA-LC-01"), "ev.lizard.start" if garden else "ev.lizard.start_bare", clearing=c,
                  n=n, clearings=near)
        T.replace(state, task._replace(stage="outcast", home=c))
        return
    n = B.place_warriors(state, NAME, c, ADVANCED["warriors"])
    state.log(("LR-AA-08-03-01", "LR-AA-08-03-02", "RT-AS-30", "RT-AS-31", "RT-AS-32", "RTA-LC-02"),
              "ev.lizard.homeland" if garden else "ev.lizard.homeland_bare", clearing=c, n=n)
    T.replace(state, task._replace(stage="around", home=c))


def _acolytes_at_setup(state: RootState) -> None:
    """Its setup card: warriors from the supply to the Acolytes box."""
    n = min(ADVANCED["acolytes"], state.supply[NAME])
    state.supply[NAME] -= n
    L(state).acolytes += n
    state.log(("LR-AA-08-03", "RTA-LC-02"), "ev.lizard.setup_acolytes", n=n)


@MODULE.task_decision("lizard_outcast", lambda state: [f"outcast:{s}" for s in SUITS])
def apply_outcast(state: RootState, action_id: str) -> None:
    T.done(state)
    data = L(state)
    data.outcast, data.hated = A.arg(action_id), False
    state.log(("LR-10-03-03",), "ev.lizard.outcast_set", suit=data.outcast)


# ---- Birdsong (LR-10-04) ----------------------------------------------------------------------------------------------

@record
class LizardBirdsong(NamedTuple):
    seat: int


@MODULE.step("lizard.birdsong")
def birdsong(state: RootState) -> str:
    """LR-10-04: Adjust the Outcast, Discard the Lost Souls, then the conspiracies, in this order."""
    adjust_outcast(state)
    discard_lost_souls(state)
    return T.run_then(state, [LizardBirdsong(seat(state))], RETURN)


def adjust_outcast(state: RootState) -> None:
    """LR-10-04-01: the suit with the most cards in the pile (birds ignored) becomes the Outcast, Hated if it was
    the Outcast already; no one suit with the most (an empty pile too, RTA-LC-06): the marker stays, Hated."""
    data = L(state)
    counts = Counter(CARDS[c].suit for c in data.lost_souls if CARDS[c].suit != "bird")
    best = max(counts.values(), default=0)
    top = [s for s in SUITS if best and counts[s] == best]
    rules: Rules = ("LR-10-04", "LR-10-04-01")
    if len(top) == 1 and top[0] != data.outcast:
        data.outcast, data.hated = top[0], False
        state.log(rules, "ev.lizard.outcast", suit=data.outcast)
        return
    data.hated = True
    state.log(rules + (() if top else ("RTA-LC-06",)), "ev.lizard.hated", suit=data.outcast)


def discard_lost_souls(state: RootState) -> None:
    """LR-10-04-02: the whole pile to the discard pile, dominance cards near the map (available)."""
    data = L(state)
    cards, data.lost_souls = data.lost_souls, []
    for card in cards:
        K.to_discard_pile(state, card)
    if cards:
        state.log(("LR-10-04-02", "LR-03-03-03"), "ev.lizard.souls_discarded", cards=cards)


def cost(state: RootState, conspiracy: str) -> int:
    """LR-10-04-03: acolytes to spend, one fewer while the Outcast is Hated."""
    return BOARD["conspiracies"][conspiracy] - (BOARD["hated_discount"] if L(state).hated else 0)


def affordable(state: RootState, conspiracy: str) -> bool:
    return L(state).acolytes >= cost(state, conspiracy)


def outcast_clearings(state: RootState) -> tuple[int, ...]:
    outcast = L(state).outcast
    return tuple(B.clearings_of_suit(state, outcast)) if outcast else ()


def convert_targets(state: RootState, c: int) -> list[str]:
    """LR-10-04-03-02: enemies with a warrior there that the Cult can remove, when it can place one of its own
    (a warrior in supply, placing allowed there; RTA-LC-09)."""
    me = state.seat_of(NAME)
    if not state.supply[NAME] or not B.may_place(state, NAME, c):
        return []
    return [o for o in B.enemies_at(state, NAME, c) if B.warriors(state, o, c) and not K.kept(state, me, "", o, c)]


def sanctify_targets(state: RootState, c: int) -> list[tuple[str, str]]:
    """LR-10-04-03-03: enemy buildings there that the Cult can remove, when a garden of the Outcast suit is left
    and it may place there (RTA-LC-09)."""
    me = state.seat_of(NAME)
    if gardens_left(state, state.suits[c]) <= 0 or not B.may_place(state, NAME, c):
        return []
    enemies = set(B.enemies_at(state, NAME, c))
    return list(dict.fromkeys(p for p in state.buildings[c] if p[0] in enemies and not K.kept(state, me, "", p[0], c)))


def _conspiracy_options(state: RootState, me: int) -> list[str]:
    where = outcast_clearings(state)
    out = []
    if affordable(state, "crusade"):
        if BT.can_battle(state, NAME, where):
            out.append("crusade:battle")
        if MV.can_move(state, NAME, where):
            out.append("crusade:move")
    if affordable(state, "convert"):
        out += [f"convert:{A.clearing_id(c)}" for c in where if convert_targets(state, c)]
    if affordable(state, "sanctify"):
        out += [f"sanctify:{A.clearing_id(c)}" for c in where if sanctify_targets(state, c)]
    return out + TN.phase_options(state, me)


@MODULE.handler(LizardBirdsong)
def run_birdsong(state: RootState, task: LizardBirdsong) -> None:
    T.ask_or_done(state, task.seat, "lizard_conspiracy", _conspiracy_options(state, task.seat))


@MODULE.task_decision("lizard_conspiracy", lambda state: _conspiracy_options(state, T.top(state).seat) + ["done"])
def apply_conspiracy(state: RootState, action_id: str) -> None:
    me = T.top(state).seat
    head = A.head(action_id)
    if action_id == "done":
        T.done(state)
    elif head in CONSPIRACIES:
        conspire(state, me, action_id)
    else:
        TN.apply_phase_option(state, me, action_id)


def spend_acolytes(state: RootState, conspiracy: str, rules: Rules) -> None:
    """Acolytes back to the supply (LR-10-04-03)."""
    n = cost(state, conspiracy)
    L(state).acolytes -= n
    state.supply[NAME] += n
    state.log(rules + ("LR-10-04-03",), f"ev.lizard.{conspiracy}", n=n)


def conspire(state: RootState, me: int, action_id: str) -> None:
    head = A.head(action_id)
    rules: Rules = {"crusade": ("LR-10-04-03-01", "RTA-LC-08"), "convert": ("LR-10-04-03-02", "RTA-LC-09"),
                    "sanctify": ("LR-10-04-03-03", "RTA-LC-09")}[head]
    spend_acolytes(state, head, rules)
    if action_id == "crusade:battle":
        T.push(state, BT.start(me, NAME, rules, outcast_clearings(state), must=True))
    elif action_id == "crusade:move":
        T.push(state, MV.moves(me, NAME, 1, rules, outcast_clearings(state), must=True),
               LizardCrusade(me, tuple(state.warriors[NAME])))
    elif head == "convert":
        T.push(state, LizardReplace(me, A.clearing_arg(action_id), "warrior", None, rules))
    else:
        T.push(state, LizardReplace(me, A.clearing_arg(action_id), GARDEN, None, rules))


@record
class LizardCrusade(NamedTuple):
    """After a Crusade's move: a battle in its destination if the Cult wishes (`before`: its warriors by clearing
    before the move, to find the destination)."""
    seat: int
    before: tuple[int, ...]


@MODULE.handler(LizardCrusade)
def run_crusade_battle(state: RootState, task: LizardCrusade) -> None:
    T.done(state)
    dest = next((c for c, n in enumerate(state.warriors[NAME]) if n > task.before[c]), None)
    if dest is not None and BT.can_battle(state, NAME, (dest,)):
        T.push(state, BT.start(task.seat, NAME, ("LR-10-04-03-01", "RTA-LC-08"), (dest,)))


@record
class LizardReplace(NamedTuple):
    """Convert (`kind` "warrior") or Sanctify (`kind` "garden") in a clearing: whose piece (`owner`), which
    building for a Sanctify, then remove it and place the Cult's (RTA-LC-09)."""
    seat: int
    clearing: int
    kind: str
    owner: str | None
    rules: Rules


def _replace_targets(state: RootState, task: LizardReplace) -> list[tuple[str, str]]:
    if task.kind == "warrior":
        return [(o, "warrior") for o in convert_targets(state, task.clearing)]
    return [p for p in sanctify_targets(state, task.clearing) if task.owner in (None, p[0])]


@MODULE.handler(LizardReplace)
def run_replace(state: RootState, task: LizardReplace) -> None:
    targets = _replace_targets(state, task)
    owners = list(dict.fromkeys(o for o, _ in targets))
    if not targets:
        T.done(state)
    elif len(targets) == 1:
        _replace(state, task, *targets[0])
    elif task.owner is None and len(owners) > 1:
        T.ask(state, task.seat, "lizard_convert_whom" if task.kind == "warrior" else "lizard_sanctify_whom")
    elif task.owner is None:
        T.replace(state, task._replace(owner=owners[0]))
    else:
        T.ask(state, task.seat, "lizard_sanctify_what")


def _whom_options(state: RootState) -> list[str]:
    return [A.defender_id(o) for o in dict.fromkeys(o for o, _ in _replace_targets(state, T.top(state)))]


@MODULE.task_decision("lizard_convert_whom", _whom_options)
def apply_convert_whom(state: RootState, action_id: str) -> None:
    _replace(state, T.top(state), A.arg(action_id), "warrior")


@MODULE.task_decision("lizard_sanctify_whom", _whom_options)
def apply_sanctify_whom(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(owner=A.arg(action_id)))


@MODULE.task_decision("lizard_sanctify_what", lambda state: [f"remove:{k}" for _, k in _replace_targets(
    state, T.top(state))])
def apply_sanctify_what(state: RootState, action_id: str) -> None:
    task = T.top(state)
    _replace(state, task, task.owner, A.arg(action_id))


def _replace(state: RootState, task: LizardReplace, owner: str, kind: str) -> None:
    """Remove the piece (scoring and triggering as any removal by the Cult), then place the Cult's."""
    T.done(state)
    T.push(state, RemovePieces(task.seat, owner, task.clearing, ((kind, 1),), False, task.rules),
           LizardPlace(task.seat, task.clearing, task.kind, task.rules))


@record
class LizardPlace(NamedTuple):
    """The Cult's piece replacing the one just removed (a warrior, or a garden of the clearing's suit)."""
    seat: int
    clearing: int
    kind: str
    rules: Rules


@MODULE.handler(LizardPlace)
def run_place_after(state: RootState, task: LizardPlace) -> None:
    T.done(state)
    c = task.clearing
    if task.kind == "warrior":
        n = B.place_warriors(state, NAME, c, 1) if B.may_place(state, NAME, c) else 0
        state.log(task.rules, "ev.lizard.converted", clearing=c, n=n)
    else:
        placed = place_garden(state, c)
        state.log(task.rules, "ev.lizard.sanctified" if placed else "ev.lizard.no_garden", clearing=c)


# ---- Daylight (LR-10-05) ---------------------------------------------------------------------------------------------

@record
class LizardDaylight(NamedTuple):
    seat: int


@MODULE.step("lizard.daylight")
def daylight(state: RootState) -> str:
    L(state).scored = ()
    return T.run_then(state, [LizardDaylight(seat(state))], RETURN)


def build_sites(state: RootState, suit: str, ruled: list[str | None] | None = None) -> list[int]:
    """LR-10-05-01: a clearing of the suit the Cult rules, with room, and a garden of that suit left (`ruled`: the
    rulers, if known)."""
    if gardens_left(state, suit) <= 0:
        return []
    ruled = ruled or B.rulers(state)
    return [c for c in B.clearings_of_suit(state, suit) if ruled[c] == NAME and B.open_slots(state, c) > 0
            and B.may_place(state, NAME, c)]


def recruit_sites(state: RootState, suit: str) -> list[int]:
    """LR-10-05-02: any clearing of the suit it may place in, a warrior in its supply."""
    if not state.supply[NAME]:
        return []
    return [c for c in B.clearings_of_suit(state, suit) if B.may_place(state, NAME, c)]


def can_score(state: RootState, suit: str) -> bool:
    """LR-10-05-03: a garden of the suit on the map, and that suit not scored yet this turn."""
    return suit not in L(state).scored and gardens_on_map(state, suit) > 0


def ritual_options(state: RootState, me: int) -> list[str]:
    """One ritual per card revealed; a bird card only for Sacrifice (Hatred of Birds, LR-10-02-02; RTA-LC-10)."""
    cards = list(dict.fromkeys(state.hands[me]))
    suits = {CARDS[c].suit for c in cards} - {"bird"}
    ruled = B.rulers(state) if suits else []
    open_to = {s: [r for r, ok in (("build", build_sites(state, s, ruled)), ("recruit", recruit_sites(state, s)),
                                   ("score", can_score(state, s))) if ok] for s in suits}
    if state.supply[NAME]:
        open_to["bird"] = ["sacrifice"]
    return [f"ritual:{r}:{c}" for c in cards for r in open_to.get(CARDS[c].suit, ())]


@MODULE.handler(LizardDaylight)
def run_daylight(state: RootState, task: LizardDaylight) -> None:
    T.ask_or_done(state, task.seat, "lizard_ritual", ritual_options(state, task.seat) + TN.phase_options(
        state, task.seat))


@MODULE.task_decision("lizard_ritual", lambda state: ritual_options(state, T.top(state).seat) + TN.phase_options(
    state, T.top(state).seat) + ["done"])
def apply_ritual(state: RootState, action_id: str) -> None:
    me = T.top(state).seat
    if action_id == "done":
        T.done(state)
    elif A.head(action_id) == "ritual":
        _, ritual, card = action_id.split(":")
        perform(state, me, ritual, card)
    else:
        TN.apply_phase_option(state, me, action_id)


def reveal(state: RootState, me: int, card: str) -> None:
    """From the hand into the play area, face up (LR-10-05)."""
    state.hands[me].remove(card)
    state.conceal(card)  # public from now on (the view shows it)
    L(state).revealed.append(card)


def perform(state: RootState, me: int, ritual: str, card: str) -> None:
    reveal(state, me, card)
    suit = CARDS[card].suit
    state.log(("LR-10-05", "RTA-LC-10"), f"ev.lizard.reveal_{ritual}", card=card)
    if ritual == "build":
        T.push(state, LizardRitual(me, "build", suit))
    elif ritual == "recruit":
        T.push(state, LizardRitual(me, "recruit", suit))
    elif ritual == "score":
        score(state, me, card, suit)
    else:
        sacrifice(state)


def score(state: RootState, me: int, card: str, suit: str) -> None:
    """LR-10-05-03: the revealed card is spent (into the Lost Souls pile) for the points of the suit's track."""
    data = L(state)
    data.revealed.remove(card)
    data.scored = data.scored + (suit,)
    points = score_points(state, suit)
    state.log(("LR-10-05-03", "RTA-LC-03"), "ev.lizard.score", card=card, suit=suit, n=gardens_on_map(state, suit),
              points=points)
    K.to_pile(state, card)
    S.score(state, me, points, ("LR-10-05-03",))


def sacrifice(state: RootState) -> None:
    """LR-10-05-04: a warrior from the supply to the Acolytes box."""
    state.supply[NAME] -= 1
    L(state).acolytes += 1
    state.log(("LR-10-05-04",), "ev.lizard.sacrifice", n=L(state).acolytes)


@record
class LizardRitual(NamedTuple):
    """Build or Recruit: the clearing, once the card is revealed (a decision only if there is a choice)."""
    seat: int
    ritual: str
    suit: str


def _ritual_sites(state: RootState, task: LizardRitual) -> list[int]:
    return build_sites(state, task.suit) if task.ritual == "build" else recruit_sites(state, task.suit)


@MODULE.handler(LizardRitual)
def run_ritual(state: RootState, task: LizardRitual) -> None:
    sites = _ritual_sites(state, task)
    if len(sites) == 1:
        _ritual_at(state, task, sites[0])
    elif sites:
        T.ask(state, task.seat, f"lizard_{task.ritual}_at")
    else:
        T.done(state)


MODULE.task_decision("lizard_build_at", lambda state: [f"garden_at:{A.clearing_id(c)}" for c in _ritual_sites(
    state, T.top(state))])(lambda state, action_id: _ritual_at(state, T.top(state), A.clearing_arg(action_id)))
MODULE.task_decision("lizard_recruit_at", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in _ritual_sites(
    state, T.top(state))])(lambda state, action_id: _ritual_at(state, T.top(state), A.clearing_arg(action_id)))


def _ritual_at(state: RootState, task: LizardRitual, c: int) -> None:
    T.done(state)  # before placing: what placing triggers runs next (board.add_building)
    if task.ritual == "build":
        place_garden(state, c)
        state.log(("LR-10-05-01",), "ev.lizard.build", clearing=c)
    else:
        B.place_warriors(state, NAME, c, 1)
        state.log(("LR-10-05-02",), "ev.lizard.recruit", clearing=c)


# ---- Evening (LR-10-06) ----------------------------------------------------------------------------------------------

@record
class LizardEvening(NamedTuple):
    seat: int
    stage: str   # craft, draw


@MODULE.step("lizard.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    return_revealed(state, me)
    return T.run_then(state, [LizardEvening(me, "craft")], RETURN)


def return_revealed(state: RootState, me: int) -> None:
    """LR-10-06-01: the cards revealed this turn back to the hand; every player saw them (RTA-LC-05)."""
    data = L(state)
    cards, data.revealed = data.revealed, []
    for card in cards:
        state.hands[me].append(card)
        state.reveal(card, range(state.players))
    if cards:
        state.log(("LR-10-06", "LR-10-06-01"), "ev.lizard.returned", cards=cards)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-10-02-01 / LR-10-06-02: the gardens of the Outcast suit (RTA-LC-04)."""
    outcast = L(state).outcast
    return [c for c in B.where(state, NAME, GARDEN) if state.suits[c] == outcast]


MODULE.crafting_pieces = crafting_pieces


def _craft_options(state: RootState, me: int) -> list[str]:
    return K.craft_options(state, me) + TN.phase_options(state, me)


@MODULE.handler(LizardEvening)
def run_evening(state: RootState, task: LizardEvening) -> None:
    if task.stage == "craft":
        if _craft_options(state, task.seat):
            T.ask(state, task.seat, "lizard_craft")
        else:
            T.replace(state, task._replace(stage="draw"))
        return
    T.done(state)
    K.draw(state, task.seat, 1 + draw_bonuses(state), ("LR-10-06-03", "RTA-LC-03"))
    T.push(state, K.hand_limit(task.seat, ("LR-10-06-03",)))


@MODULE.task_decision("lizard_craft", lambda state: _craft_options(state, T.top(state).seat) + ["done"])
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="draw"))
    elif A.head(action_id) == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


# ---- the Lost Souls pile, Pilgrims, Revenge, Fear of the Faithful (LR-10-02) ------------------------------------------

def takes_discard(state: RootState, card: str) -> bool:
    """LR-10-02-06: every card spent or discarded, a dominance card too, goes to the Lost Souls pile."""
    if state.seat_of(NAME) is None:
        return False
    state.conceal(card)
    L(state).lost_souls.append(card)
    state.log(("LR-10-02-06", "RTA-LC-05"), "ev.lizard.lost_soul", card=card)
    return True


MODULE.answer("takes_discard", takes_discard)


def pilgrims(state: RootState, c: int) -> str | None:
    """LR-10-02-04: the Cult rules wherever it has a garden, Lords of the Forest notwithstanding."""
    return NAME if (NAME, GARDEN) in state.buildings[c] else None


MODULE.answer("rules_outright", pilgrims)


@record
class LizardRevenge(NamedTuple):
    """LR-10-02-03: `n` Cult warriors removed defending in battle go to the Acolytes box, not the supply."""
    clearing: int
    n: int


def defending(state: RootState, c: int) -> bool:
    """Whether the battle under way in `c` has the Cult as its defender (RTA-LC-07)."""
    battle = next((t for t in reversed(state.tasks) if isinstance(t, Battle)), None)
    return battle is not None and battle.clearing == c and battle.defender == NAME


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    if owner != NAME:
        return []
    removed = dict(pieces)
    for _ in range(removed.get(GARDEN, 0)):
        fear_of_the_faithful(state, c)
    if removed.get("warrior") and in_battle and defending(state, c):
        return [LizardRevenge(c, removed["warrior"])]
    return []


MODULE.answer("removed", on_removed)


@MODULE.handler(LizardRevenge)
def run_revenge(state: RootState, task: LizardRevenge) -> None:
    """After the removal (its warriors went to the supply): they move on to the Acolytes box."""
    T.done(state)
    n = min(task.n, state.supply[NAME])
    state.supply[NAME] -= n
    L(state).acolytes += n
    state.log(("LR-10-02-03", "RTA-LC-07"), "ev.lizard.revenge", clearing=task.clearing, n=n,
              total=L(state).acolytes)


def fear_of_the_faithful(state: RootState, c: int) -> None:
    """LR-10-02-05: a garden removed costs the Cult a random card of its hand (RTA-LC-11)."""
    me = seat(state)
    hand = state.hands[me]
    if not hand:
        state.log(("LR-10-02-05", "RTA-LC-11"), "ev.lizard.fear_none", clearing=c)
        return
    card = hand[state.roll(len(hand))]
    state.log(("LR-10-02-05", "RTA-LC-11"), "ev.lizard.fear", clearing=c, card=card)
    K.discard(state, me, card, ("LR-10-02-05",))


# ---- what everyone sees, bots, action ids ------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """The whole board is public (RTA-LC-05): the Outcast, the acolytes, the Lost Souls pile, the cards revealed
    this turn, each Gardens track (gardens on the map and left, the Score ritual's points) and the card draw."""
    data = state.mods.get(NAME)
    if data is None or not state.suits:
        return
    tracks = {s: {"on_map": gardens_on_map(state, s), "left": gardens_left(state, s),
                  "points": score_points(state, s) or None, "scored": s in data.scored} for s in SUITS}
    full[NAME] = {"outcast": data.outcast, "hated": data.hated, "acolytes": data.acolytes,
                  "lost_souls": list(data.lost_souls), "revealed": list(data.revealed), "gardens": tracks,
                  "draws": 1 + draw_bonuses(state),
                  "costs": {k: cost(state, k) for k in CONSPIRACIES} if data.outcast else None}


MODULE.view = view

ACOLYTE = 0.4       # an acolyte: part of a conspiracy (tuning, not rules)
SCORE_RATE = 0.3    # per point a Score ritual of a suit would bring now: points the next turns likely bring


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: acolytes, and what its gardens let it score."""
    if state.faction[s] != NAME:
        return 0.0
    return ACOLYTE * L(state).acolytes + SCORE_RATE * sum(score_points(state, suit) for suit in SUITS)


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["done", "crusade:battle", "crusade:move"] + [f"outcast:{s}" for s in SUITS]
    ids += [f"ritual:{r}:{c}" for r in RITUALS for c in cards]
    for h in ("garden_at", "warrior_at", "recruit_at", "convert", "sanctify"):
        ids += [f"{h}:{c}" for c in clearings]
    return [Vocabulary(ids + A.remove_ids((GARDEN,)))]


MODULE.actions = actions
MODULE.forms = {"garden_at": ("clearing",), "warrior_at": ("clearing",), "convert": ("clearing",),
                "sanctify": ("clearing",), "outcast": ("suit",), "ritual": ("word", "card"), "crusade": ("word",)}

# the faction board on the terminal and web tables (lizard_board.py)
MODULE.lines = lizard_board.lines
MODULE.picture = lizard_board.picture
