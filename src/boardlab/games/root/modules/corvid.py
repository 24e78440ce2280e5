"""The Corvid Conspiracy (LR-13): plot tokens placed face down, flipped for points, bombs, snares, extortions and
raids; Exposure, Embedded Agents and Nimble.

Setup: 15 warriors and the 8 plots face down in the supply, a warrior in a clearing of each suit; its setup card
(Advanced Setup): a homeland with a warrior and a face-down plot of its choice, then the same scatter. Birdsong:
craft by activating plots, flip plots in clearings with its warriors (points per face-up plot on the map, a bomb's
or an extortion's effect), recruit once by spending a card. Daylight: three actions among move, plot (warriors
removed, one more per plot placed this turn), battle and trick (swap two plots of the same facing). Evening: Exert
(one more action instead of drawing), then draw 1 + 1 per face-up extortion, hand limit.

The base rules reach the Conspiracy through its hooks: it moves whoever rules (`needs_rule_to_move`), deals an extra
hit defending with a face-down plot (`extra_hits`), a face-up snare stops enemies placing (`blocks_placing`) and
moving out (extension point `blocks_leaving`), removed plots go back to its supply and a removed raid places
warriors around (`removed`), and Exposure is a phase option of every enemy (`phase_options`).

State: `mods["corvid"]`: the identity of each face-down plot on the map (by clearing) and the plots in its supply;
face-up plots are tokens of their type on the map, face-down ones tokens of the kind `plot`. The face-down plots'
identities and the supply are hidden from every other seat (zones `corvid.facedown.*`, `corvid.reserve.*`);
resampling deals them again among themselves. Choices the Law leaves open: RTA-CC-01..12 (docs/root-rulings.md,
"Corvid Conspiracy"); the board's numbers: data/factions/corvid.yaml.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from ....core.visibility import OWNER, Zone
from .. import actions as A
from .. import advanced as ADV
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS, DECKS, SUITS, faction_sheet
from ..program import Faction
from ..records import RemovePieces
from ..state import RootState
from . import corvid_board

NAME = "corvid"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
PLOTS = tuple(BOARD["plots"])        # bomb, snare, extortion, raid
FACEDOWN = "plot"                    # the token kind of a face-down plot on the map
ADVANCED = BOARD["advanced"]
Rules = tuple[str, ...]
EXPOSURE: Rules = ("LR-13-02-04",)


@register
class CorvidState(Data):
    __slots__ = ("facedown", "supply", "exposing")

    def __init__(self) -> None:
        self.facedown: dict[int, str] = {}  # clearing -> the type of the face-down plot there (LR-13-02-02-01)
        self.supply: list[str] = sorted(k for k, n in BOARD["plots"].items() for _ in range(n))  # face down
        self.exposing: int | None = None    # the clearing whose plot Exposure is removing (no raid, LR-13-02-04)


MODULE.data = lambda state: CorvidState()
MODULE.zones = (
    Zone("corvid.facedown.*", OWNER, describe="the types of the Corvids' face-down plots on the map (LR-13-02-02-01)"),
    Zone("corvid.reserve.*", OWNER, describe="the Corvids' plots in their supply, face down (LR-13-02-02-01)"),
)


def C(state: RootState) -> CorvidState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- reading the map -------------------------------------------------------------------------------------------------

def plot_in(state: RootState, c: int) -> str | None:
    """The kind of the Corvids' plot token in `c` (`plot` when face down), or None."""
    return next((k for o, k in state.tokens[c] if o == NAME and (k == FACEDOWN or k in PLOTS)), None)


def plot_clearings(state: RootState) -> list[int]:
    """The clearings with a plot token, face up or down (one each, LR-13-02-02-02)."""
    return [c for c in range(len(state.tokens)) if plot_in(state, c) is not None]


def face_up(state: RootState, kind: str | None = None) -> int:
    """Face-up plots on the map (of one type)."""
    kinds = PLOTS if kind is None else (kind,)
    return sum(1 for pieces in state.tokens for o, k in pieces if o == NAME and k in kinds)


def snared(state: RootState, c: int) -> bool:
    return 0 <= c < len(state.tokens) and (NAME, "snare") in state.tokens[c]


def enemy(state: RootState, owner: str) -> bool:
    return state.seat_of(NAME) is not None and B.are_enemies(state, NAME, owner)


def _set_token(state: RootState, c: int, old: str, new: str) -> None:
    """Turn a plot token over in place (flipping is not placing)."""
    pieces = list(state.tokens[c])
    pieces[pieces.index((NAME, old))] = (NAME, new)
    state.tokens[c] = tuple(pieces)


# ---- setup (LR-13-03) and its setup card (Advanced Setup, RTA-CC-02) -------------------------------------------------

@record
class CorvidSetup(NamedTuple):
    """Stages: homeland (its setup card), plot (the homeland's plot), scatter (a warrior of the suit `suit`)."""
    seat: int
    stage: str
    home: int | None
    suit: int


def _supplies(state: RootState) -> None:
    state.log(("LR-13-03-01", "LR-13-02-02", "LR-13-02-02-01"), "ev.corvid.supplies", n=state.supply[NAME],
              plots=len(C(state).supply))


@MODULE.step("corvid.setup")
def setup(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [CorvidSetup(seat(state), "scatter", None, 0)], RETURN)


@MODULE.step("corvid.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [CorvidSetup(seat(state), "homeland", None, 0)], RETURN)


def scatter_sites(state: RootState, suit: str) -> list[int]:
    if not state.supply[NAME]:
        return []
    return [c for c in B.clearings_of_suit(state, suit) if B.may_place(state, NAME, c)]


def _setup_options(state: RootState, task: CorvidSetup) -> list[str]:
    if task.stage == "homeland":
        return [f"plot_at:{A.clearing_id(c)}" for c in range(len(state.suits)) if ADV.may_be_homeland(state, NAME, c)]
    if task.stage == "plot":
        return [f"plot:{k}" for k in PLOTS if k in C(state).supply]
    return [f"warrior_at:{A.clearing_id(c)}" for c in scatter_sites(state, BOARD["suits"][task.suit])]


@MODULE.handler(CorvidSetup)
def run_setup(state: RootState, task: CorvidSetup) -> None:
    if task.stage == "scatter" and task.suit >= len(BOARD["suits"]):
        T.done(state)
        return
    options = _setup_options(state, task)
    if not options:
        if task.stage == "homeland":
            ADV.no_room(state, NAME)
        T.replace(state, task._replace(stage="scatter", suit=task.suit + (task.stage == "scatter")))
    elif len(options) == 1:
        _setup_step(state, task, options[0])
    else:
        T.ask(state, task.seat, f"corvid_{task.stage}")


def _setup_decision(state: RootState, action_id: str) -> None:
    _setup_step(state, T.top(state), action_id)


for _kind in ("corvid_homeland", "corvid_plot", "corvid_scatter"):
    MODULE.task_decision(_kind, lambda state: _setup_options(state, T.top(state)))(_setup_decision)


def _setup_step(state: RootState, task: CorvidSetup, action_id: str) -> None:
    if task.stage == "scatter":
        c = A.clearing_arg(action_id)
        n = B.place_warriors(state, NAME, c, BOARD["scatter"] if task.home is None else ADVANCED["scatter"])
        rules = ("LR-13-03-02", "RTA-CC-01") if task.home is None else ("LR-AA-08-03", "RTA-CC-02")
        state.log(rules, "ev.corvid.scatter", clearing=c, n=n)
        T.replace(state, task._replace(suit=task.suit + 1))
    elif task.stage == "homeland":
        c = A.clearing_arg(action_id)
        state.homes = {**state.homes, NAME: (c,)}
        n = B.place_warriors(state, NAME, c, ADVANCED["warriors"])
        state.log(("LR-AA-08-03-01", "RT-AS-30", "RT-AS-31", "RTA-CC-02"), "ev.corvid.homeland", clearing=c, n=n)
        T.replace(state, task._replace(stage="plot", home=c))
    else:
        assert task.home is not None
        T.replace(state, task._replace(stage="scatter", suit=0))
        place_plot(state, task.seat, task.home, A.arg(action_id), ("LR-AA-08-03", "RTA-CC-02"))


def place_plot(state: RootState, me: int, c: int, kind: str, rules: Rules) -> None:
    """A plot of the chosen type from the supply, face down in `c` (its type told to the Corvids only)."""
    data = C(state)
    data.supply.remove(kind)
    data.facedown[c] = kind
    state.log(rules, "ev.corvid.plot_placed", clearing=c)
    state.log(rules, "ev.corvid.plot_secret", to=(me,), clearing=c, kind=kind)
    B.add_token(state, NAME, FACEDOWN, c)


# ---- Birdsong (LR-13-04) ----------------------------------------------------------------------------------------------

@record
class CorvidBirdsong(NamedTuple):
    seat: int
    stage: str   # craft, flip, recruit


@MODULE.step("corvid.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [CorvidBirdsong(seat(state), "craft")], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-13-02-01: its plot tokens, face up or face down, one entry each."""
    return plot_clearings(state)


MODULE.crafting_pieces = crafting_pieces


def flip_sites(state: RootState) -> list[int]:
    """LR-13-04-02: face-down plots in clearings with Corvid warriors."""
    me = state.seat_of(NAME)  # not where the seat may not flip pieces (Governors, LR-17-02-03)
    return [c for c in sorted(C(state).facedown) if B.warriors(state, NAME, c) > 0
            and not (me is not None and K.handling_blocked(state, me, c))]


def recruit_cards(state: RootState, me: int) -> list[str]:
    """LR-13-04-03: once per turn, any card, while a warrior is in the supply (RTA-CC-05)."""
    if state.used.get("corvid_recruit") or not state.supply[NAME]:
        return []
    return list(dict.fromkeys(state.hands[me]))


def _birdsong_own(state: RootState, task: CorvidBirdsong) -> list[str]:
    if task.stage == "craft":
        return K.craft_options(state, task.seat)
    if task.stage == "flip":
        return [f"flip:{A.clearing_id(c)}" for c in flip_sites(state)]
    return [f"recruit:{card}" for card in recruit_cards(state, task.seat)]


def _birdsong_act(state: RootState, task: CorvidBirdsong, action_id: str) -> bool:
    head = A.head(action_id)
    if head == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    elif head == "flip":
        flip(state, task.seat, A.clearing_arg(action_id))
    elif head == "recruit":
        T.done(state)  # once per turn: the Birdsong ends with it
        recruit(state, task.seat, A.arg(action_id))
    else:
        return False
    return True


TN.staged_phase(MODULE, CorvidBirdsong, "corvid", ("craft", "flip", "recruit"), _birdsong_own, _birdsong_act)


def flip(state: RootState, me: int, c: int) -> None:
    """LR-13-04-02: face up; a point per face-up plot on the map, this one included; then a bomb's or an
    extortion's effect (LR-13-07-01/03)."""
    kind = C(state).facedown.pop(c)
    _set_token(state, c, FACEDOWN, kind)
    up = face_up(state)
    state.log(("LR-13-04-02",), "ev.corvid.flip", clearing=c, kind=kind, n=up)
    S.score(state, me, BOARD["flip_points"] * up, ("LR-13-04-02",))
    if kind == "bomb":
        bomb(state, me, c)
    elif kind == "extortion":
        extort(state, me, c)


def bomb(state: RootState, me: int, c: int) -> None:
    """LR-13-07-01: remove every enemy piece in the clearing, then the bomb (back to the supply)."""
    rules: Rules = ("LR-13-07-01",)
    state.log(rules, "ev.corvid.bomb", clearing=c)
    T.push(state, *K.remove_all(state, me, NAME, c, rules),
           RemovePieces(me, NAME, c, (("bomb", 1),), False, rules))


def extort(state: RootState, me: int, c: int) -> None:
    """LR-13-07-03: a random card from each enemy player with faction pieces in the clearing (RTA-CC-07)."""
    for s in range(state.players):
        f = state.faction[s]
        if s == me or not enemy(state, f) or not B.has_pieces(state, f, c):
            continue
        for _ in range(BOARD["extortion_take"]):
            hand = state.hands[s]
            if not hand:
                state.log(("LR-13-07-03",), "ev.corvid.extort_none", victim=s, clearing=c)
                break
            card = hand.pop(state.roll(len(hand)))
            state.hands[me].append(card)
            state.reveal(card, (me, s))
            state.log(("LR-13-07-03", "LR-AG-22"), "ev.corvid.extort", victim=s, clearing=c)
            state.log(("LR-13-07-03",), "ev.corvid.extort_card", to=(me, s), victim=s, card=card)


def recruit(state: RootState, me: int, card: str) -> None:
    """LR-13-04-03: spend the card; a warrior in each clearing of its suit (a bird: a suit of its choice)."""
    state.used["corvid_recruit"] = 1
    state.hands[me].remove(card)
    K.to_pile(state, card)
    state.log(("LR-13-04-03",), "ev.corvid.recruit", card=card)
    suit = CARDS[card].suit
    if suit == "bird":
        T.push(state, CorvidRecruitSuit(me))
    else:
        T.push(state, place_each(me, suit, ("LR-13-04-03",)))


def place_each(me: int, suit: str, rules: Rules) -> "CorvidPlaceEach":
    return CorvidPlaceEach(me, suit, (), rules)


@record
class CorvidRecruitSuit(NamedTuple):
    seat: int


@MODULE.handler(CorvidRecruitSuit)
def run_recruit_suit(state: RootState, task: CorvidRecruitSuit) -> None:
    T.ask(state, task.seat, "corvid_recruit_suit")


@MODULE.task_decision("corvid_recruit_suit", lambda state: [f"any:{s}" for s in SUITS])
def apply_recruit_suit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    T.push(state, place_each(task.seat, A.arg(action_id), ("LR-13-04-03",)))


@record
class CorvidPlaceEach(NamedTuple):
    """A warrior in each of some clearings (those of `suit`, or `clearings` around a raid): all of them if the
    supply holds enough, else one at a time where the Corvids choose until it runs out (RTA-CC-05)."""
    seat: int
    suit: str            # "" for `clearings`
    clearings: tuple[int, ...]
    rules: Rules


def each_sites(state: RootState, task: CorvidPlaceEach) -> list[int]:
    where = B.clearings_of_suit(state, task.suit) if task.suit else list(task.clearings)
    return [c for c in where if B.may_place(state, NAME, c)]


@MODULE.handler(CorvidPlaceEach)
def run_place_each(state: RootState, task: CorvidPlaceEach) -> None:
    sites = each_sites(state, task)
    if sites and 0 < state.supply[NAME] < len(sites):
        T.replace(state, task._replace(suit="", clearings=tuple(sites)))
        T.ask(state, task.seat, "corvid_place")
        return
    T.done(state)
    placed = [c for c in sites if B.place_warriors(state, NAME, c, 1)]
    state.log(task.rules, "ev.corvid.placed", clearings=placed)


@MODULE.task_decision("corvid_place", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in each_sites(
    state, T.top(state))])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    B.place_warriors(state, NAME, c, 1)
    state.log(task.rules + ("RTA-CC-05",), "ev.corvid.placed", clearings=[c])
    left = tuple(d for d in task.clearings if d != c)
    if state.supply[NAME] and left:
        T.replace(state, task._replace(clearings=left))
    else:
        T.done(state)


# ---- Daylight (LR-13-05) and Exert (LR-13-06-01) ------------------------------------------------------------------------

@record
class CorvidActions(NamedTuple):
    seat: int
    left: int
    exert: bool      # the Evening's Exert: an action instead of drawing


@MODULE.step("corvid.daylight")
def daylight(state: RootState) -> str:
    return T.run_then(state, [CorvidActions(seat(state), BOARD["daylight_actions"], False)], RETURN)


def plot_cost(state: RootState) -> int:
    """LR-13-05-02: a warrior, plus one per plot placed this turn."""
    return BOARD["plot_cost"] + BOARD["plot_cost_step"] * state.used.get("corvid_plots", 0)


def plot_sites(state: RootState) -> list[int]:
    """LR-13-05-02 / LR-13-02-02-02: a clearing with no plot token and enough Corvid warriors, a plot in the
    supply, and the Corvids free to place there."""
    if not C(state).supply:
        return []
    cost = plot_cost(state)
    return [c for c in range(len(state.tokens)) if plot_in(state, c) is None and B.warriors(state, NAME, c) >= cost
            and B.may_place(state, NAME, c)]


def trick_partners(state: RootState, c: int) -> list[int]:
    """LR-13-05-04: the other plots of the same facing. A swap ignores move and place restrictions (LR-AG-33) and
    takes, removes and flips nothing, so Governing assemblies do not stop it (RTA-TC-12)."""
    down = plot_in(state, c) == FACEDOWN
    return [d for d in plot_clearings(state) if d != c and (plot_in(state, d) == FACEDOWN) == down]


def action_options(state: RootState) -> list[str]:
    out = []
    if MV.can_move(state, NAME):
        out.append("move")
    if BT.can_battle(state, NAME):
        out.append("battle")
    out += [f"plot_at:{A.clearing_id(c)}" for c in plot_sites(state)]
    out += [f"trick:{A.clearing_id(c)}" for c in plot_clearings(state) if trick_partners(state, c)]
    return out


@MODULE.handler(CorvidActions)
def run_actions(state: RootState, task: CorvidActions) -> None:
    if task.left <= 0:
        T.done(state)
        return
    T.ask_or_done(state, task.seat, "corvid_exert" if task.exert else "corvid_daylight",
                  action_options(state) + TN.phase_options(state, task.seat))


def _action_legal(state: RootState) -> list[str]:
    return action_options(state) + TN.phase_options(state, T.top(state).seat) + ["done"]


def _apply_action(state: RootState, action_id: str) -> None:
    task = T.top(state)
    me, head = task.seat, A.head(action_id)
    if action_id == "done":
        T.done(state)
        return
    if head not in ("move", "battle", "plot_at", "trick"):
        TN.apply_phase_option(state, me, action_id)
        return
    T.replace(state, task._replace(left=task.left - 1))
    rules: Rules = ("LR-13-05",) + (("LR-13-06-01",) if task.exert else ())
    if task.exert:
        state.used["corvid_exerted"] = 1
        state.log(rules, "ev.corvid.exert")
    if head == "move":
        T.push(state, MV.moves(me, NAME, 1, rules + ("LR-13-05-01",), must=True))
    elif head == "battle":
        T.push(state, BT.start(me, NAME, rules + ("LR-13-05-03",), must=True))
    elif head == "plot_at":
        c = A.clearing_arg(action_id)
        cost = plot_cost(state)
        state.used["corvid_plots"] = state.used.get("corvid_plots", 0) + 1
        state.log(rules + ("LR-13-05-02",), "ev.corvid.plot_cost", clearing=c, n=cost)
        T.push(state, RemovePieces(me, NAME, c, (("warrior", cost),), False, rules + ("LR-13-05-02",)),
               CorvidPlot(me, c))
    else:
        T.push(state, CorvidTrick(me, A.clearing_arg(action_id)))


MODULE.task_decision("corvid_daylight", _action_legal)(_apply_action)
MODULE.task_decision("corvid_exert", _action_legal)(_apply_action)


@record
class CorvidPlot(NamedTuple):
    """The Plot action, its warriors removed: which plot to place face down."""
    seat: int
    clearing: int


def _plot_types(state: RootState) -> list[str]:
    return [f"plot:{k}" for k in PLOTS if k in C(state).supply]


@MODULE.handler(CorvidPlot)
def run_plot(state: RootState, task: CorvidPlot) -> None:
    if plot_in(state, task.clearing) is not None or not C(state).supply:
        T.done(state)  # the clearing took a plot meanwhile, or none is left (cannot happen in play)
        return
    T.ask(state, task.seat, "corvid_plot_type")


@MODULE.task_decision("corvid_plot_type", _plot_types)
def apply_plot_type(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    place_plot(state, task.seat, task.clearing, A.arg(action_id), ("LR-13-05-02", "LR-13-02-02-02"))


@record
class CorvidTrick(NamedTuple):
    """The Trick action: the other plot to swap with the one in `clearing`."""
    seat: int
    clearing: int


@MODULE.handler(CorvidTrick)
def run_trick(state: RootState, task: CorvidTrick) -> None:
    T.ask_or_done(state, task.seat, "corvid_trick", trick_partners(state, task.clearing))


@MODULE.task_decision("corvid_trick", lambda state: [f"swap:{A.clearing_id(d)}" for d in trick_partners(
    state, T.top(state).clearing)])
def apply_trick(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    trick(state, task.seat, task.clearing, A.clearing_arg(action_id))


def trick(state: RootState, me: int, a: int, b: int) -> None:
    """LR-13-05-04: swap the two plots (face-down ones keep their facing and their secret, RTA-CC-06)."""
    ka, kb = plot_in(state, a), plot_in(state, b)
    assert ka is not None and kb is not None
    data = C(state)
    if ka == FACEDOWN:
        data.facedown[a], data.facedown[b] = data.facedown[b], data.facedown[a]
        state.log(("LR-13-05-04",), "ev.corvid.trick", origin=a, dest=b)
        for c in (a, b):
            state.log(("LR-13-05-04",), "ev.corvid.now_in", to=(me,), clearing=c, kind=data.facedown[c])
        return
    _set_token(state, a, ka, kb)
    _set_token(state, b, kb, ka)
    state.log(("LR-13-05-04",), "ev.corvid.trick_up", origin=a, dest=b)


# ---- Evening (LR-13-06) ------------------------------------------------------------------------------------------------

@record
class CorvidDraw(NamedTuple):
    seat: int


@MODULE.step("corvid.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    return T.run_then(state, [CorvidActions(me, BOARD["exert_actions"], True), CorvidDraw(me)], RETURN)


def draws(state: RootState) -> int:
    """LR-13-06-02 / LR-13-07-03: one card, plus one per face-up extortion on the map."""
    return BOARD["draw"] + BOARD["extortion_draw"] * face_up(state, "extortion")


@MODULE.handler(CorvidDraw)
def run_draw(state: RootState, task: CorvidDraw) -> None:
    """LR-13-06-02: after an Exert nothing is drawn, but the hand limit holds (RTA-CC-08)."""
    T.done(state)
    if state.used.get("corvid_exerted"):
        state.log(("LR-13-06-01", "RTA-CC-08"), "ev.corvid.no_draw")
    else:
        K.draw(state, task.seat, draws(state), ("LR-13-06-02", "LR-13-07-03"))
    T.push(state, K.hand_limit(task.seat, ("LR-13-06-02",)))


# ---- Exposure (LR-13-02-04) --------------------------------------------------------------------------------------------

def exposure_sites(state: RootState, s: int) -> list[int]:
    """Face-down plots where the seat (an enemy of the Corvids, on its turn) has faction pieces and a card
    matching the clearing to show."""
    me = state.seat_of(NAME)
    f = state.faction[s]
    if me is None or s == me or not f or not enemy(state, f):
        return []
    return [c for c in sorted(C(state).facedown)
            if B.has_pieces(state, f, c) and K.matching(state, s, state.suits[c])]


def exposure_options(state: RootState, s: int, phase: str) -> list[str]:
    if s != state.active or phase not in ("birdsong", "daylight", "evening"):
        return []
    return [f"expose:{A.clearing_id(c)}" for c in exposure_sites(state, s)]


def use_exposure(state: RootState, s: int, action_id: str) -> bool:
    if A.head(action_id) != "expose":
        return False
    T.push(state, CorvidExposure(s, A.clearing_arg(action_id), ""))
    return True


MODULE.answer("phase_options", exposure_options)
MODULE.answer("use_phase_option", use_exposure)


@record
class CorvidExposure(NamedTuple):
    """An enemy's guess: the matching card it shows (decided first), then the type it names."""
    seat: int
    clearing: int
    card: str


def _show_options(state: RootState, task: CorvidExposure) -> list[str]:
    return [f"show:{card}" for card in dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing]))]


@MODULE.handler(CorvidExposure)
def run_exposure(state: RootState, task: CorvidExposure) -> None:
    if task.clearing not in C(state).facedown:
        T.done(state)
        return
    if task.card:
        T.ask(state, task.seat, "corvid_guess")
        return
    options = _show_options(state, task)
    if len(options) == 1:
        T.replace(state, task._replace(card=A.arg(options[0])))
    elif options:
        T.ask(state, task.seat, "corvid_show")
    else:
        T.done(state)


@MODULE.task_decision("corvid_show", lambda state: _show_options(state, T.top(state)))
def apply_show(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(card=A.arg(action_id)))


@MODULE.task_decision("corvid_guess", lambda state: [f"guess:{k}" for k in PLOTS])
def apply_guess(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    guess(state, task.seat, task.clearing, task.card, A.arg(action_id))


def guess(state: RootState, s: int, c: int, card: str, kind: str) -> None:
    """LR-13-02-04: the card is shown to the Corvids; a wrong guess gives it to them, a right one removes the
    plot (a point for removing a token, no raid)."""
    me = seat(state)
    data = C(state)
    state.reveal(card, (me, s))
    state.log(EXPOSURE, "ev.corvid.guess", seat=s, clearing=c, kind=kind)
    state.log(EXPOSURE, "ev.corvid.shown", to=(me, s), seat=s, card=card)
    if data.facedown.get(c) != kind:
        state.hands[s].remove(card)
        state.hands[me].append(card)
        state.log(EXPOSURE, "ev.corvid.guess_wrong", seat=s, clearing=c, kind=kind)
        return
    state.log(EXPOSURE + ("LR-03-02-01",), "ev.corvid.exposed", seat=s, clearing=c, kind=kind)
    data.exposing = c
    T.push(state, RemovePieces(s, NAME, c, ((FACEDOWN, 1),), False, EXPOSURE))


# ---- plots removed: back to the supply; the raid (LR-13-07-04) -----------------------------------------------------------

def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    if owner != NAME:
        return []
    data = C(state)
    exposed, data.exposing = data.exposing == c, None
    tasks: list[Any] = []
    for kind, n in pieces:
        if kind not in PLOTS and kind != FACEDOWN:
            continue
        plot = data.facedown.pop(c, None) if kind == FACEDOWN else kind
        if plot is None:
            continue
        data.supply = sorted(data.supply + [plot])
        if kind == FACEDOWN and plot != "raid":  # its type stays secret (RTA-CC-04)
            state.log(("RTA-CC-04",), "ev.corvid.plot_back", to=(seat(state),), clearing=c, kind=plot)
        if plot == "raid" and not exposed:
            state.log(("LR-13-07-04",), "ev.corvid.raid", clearing=c)
            tasks.append(CorvidPlaceEach(seat(state), "", tuple(B.adjacent(state, NAME, c)), ("LR-13-07-04",)))
    return tasks


MODULE.answer("removed", on_removed)


# ---- the snare (LR-13-07-02), Nimble (LR-13-02-03), Embedded Agents (LR-13-02-05) ---------------------------------------

def blocks_placing(state: RootState, placer: str, c: int) -> bool:
    """LR-13-07-02: no enemy piece is placed where a snare is face up."""
    return placer != NAME and snared(state, c) and enemy(state, placer)


def blocks_leaving(state: RootState, owner: str, c: int) -> bool:
    """LR-13-07-02: no enemy piece is moved out of a clearing where a snare is face up."""
    return owner != NAME and snared(state, c) and enemy(state, owner)


MODULE.blocks_placing = blocks_placing
MODULE.answer("blocks_leaving", blocks_leaving)
MODULE.needs_rule_to_move = False
MODULE.extra_hits = lambda state, c, attacking: 0 if attacking or c not in C(state).facedown else BOARD[
    "embedded_agents"]


# ---- what everyone sees, resampling, bots, action ids ---------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """In public: the plots on the map (face-down ones as `plot`), how many are in the supply, the next plot's
    cost, what a flip scores and the Evening draw; for the Corvids only (zones): the face-down plots' types and
    the supply's."""
    data = state.mods.get(NAME)
    me = state.seat_of(NAME)
    if data is None or me is None or not state.suits:
        return
    mine = me == state.active
    full[NAME] = {
        "plots": {A.clearing_id(c): plot_in(state, c) for c in plot_clearings(state)},
        "face_up": face_up(state), "face_down": len(data.facedown), "in_supply": len(data.supply),
        "next_plot_cost": plot_cost(state) if mine else BOARD["plot_cost"],
        "plots_placed": state.used.get("corvid_plots", 0) if mine else 0,
        "next_flip": BOARD["flip_points"] * (face_up(state) + 1),
        "draws": draws(state),
        "recruited": bool(state.used.get("corvid_recruit")) if mine else False,
        "facedown": {str(me): {A.clearing_id(c): k for c, k in sorted(data.facedown.items())}},
        "reserve": {str(me): list(data.supply)},
    }


def resample(state: RootState, seat_: int | None, stream: Any) -> None:
    """For anyone but the Corvids: the face-down plots and the supply dealt again from the same plots (each
    clearing keeps a face-down plot, the supply its size)."""
    data = state.mods.get(NAME)
    me = state.seat_of(NAME)
    if data is None or me is None or seat_ == me:
        return
    where = sorted(data.facedown)
    pool = stream.shuffle(sorted(list(data.facedown.values()) + data.supply))
    data.facedown = dict(zip(where, pool[:len(where)]))
    data.supply = sorted(pool[len(where):])


MODULE.view = view
MODULE.resample = resample

FACE_DOWN_PLOT = 0.8   # a face-down plot: a flip to come, points and an effect (tuning, not rules)
FACE_UP_PLOT = 0.4     # a face-up plot: each later flip scores one more
EXTORTION = 0.5        # a face-up extortion: a card each Evening


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: plots on the map, face down (flips to come) and face up."""
    if state.faction[s] != NAME:
        return 0.0
    return (FACE_DOWN_PLOT * len(C(state).facedown) + FACE_UP_PLOT * face_up(state)
            + EXTORTION * face_up(state, "extortion"))


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["done", "move", "battle"] + [f"plot:{k}" for k in PLOTS] + [f"guess:{k}" for k in PLOTS]
    for h in ("plot_at", "warrior_at", "flip", "trick", "swap", "expose", "recruit_at"):
        ids += [f"{h}:{c}" for c in clearings]
    for h in ("recruit", "show"):
        ids += [f"{h}:{c}" for c in cards]
    return [Vocabulary(ids + A.remove_ids(PLOTS + (FACEDOWN,)))]


MODULE.actions = actions
MODULE.forms = {**{h: ("clearing",) for h in ("plot_at", "warrior_at", "flip", "trick", "swap", "expose")},
                "recruit": ("card",), "show": ("card",), "plot": ("piece",), "guess": ("piece",)}

# the faction board on the terminal and web tables (corvid_board.py)
MODULE.lines = corvid_board.lines
MODULE.picture = corvid_board.picture
