"""The Eyrie Dynasties (LR-07): roosts, the Decree, leaders and turmoil, Lords of the Forest and
Disdain for Trade.

Setup: a roost and 6 warriors in a corner (diagonally opposite another's starting corner if one is
free), then a leader (decisions). Birdsong: Emergency Orders, add one or two cards to the Decree (at
most one bird), A New Roost. Daylight: craft with roosts, then resolve the Decree column by column
(recruit, move, battle, build in a clearing matching each card; bird: any clearing), the cards of a
column in any order; an action that cannot be taken in full means turmoil (Humiliate, Purge, Depose,
Rest), which ends Daylight at once, even in the middle of a recruit. Evening: score the Roosts track,
draw, hand limit.

State: `mods["eyrie"]`: the leader, the leaders face up, the Decree (four columns of card ids; the
two Loyal Viziers are "vizier"), and during Daylight the column being resolved (past the last one once
the Decree is done or turmoil struck) and the cards left in it. The view shows it all (the Decree is
face up). Choices the Law leaves open: RTA-EYRIE-01..07 (docs/root-rulings.md, "Marquise and Eyrie").
"""
from __future__ import annotations

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
from ..state import RootState

NAME = "eyrie"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
COLUMNS = tuple(BOARD["columns"])
ADVANCED = BOARD["advanced"]  # its faction setup card (the Advanced Setup)
LEADERS = tuple(BOARD["leaders"])
VIZIER = "vizier"  # a Loyal Vizier: a bird card on the Decree that never leaves it (LR-07-03-04)


@register
class EyrieState(Data):
    __slots__ = ("leader", "face_up", "decree", "column", "todo", "added", "bird_added")

    def __init__(self) -> None:
        self.leader: str | None = None
        self.face_up: tuple[str, ...] = LEADERS
        self.decree: dict[str, tuple[str, ...]] = {c: () for c in COLUMNS}
        self.column = 0                 # the Decree column being resolved (len(COLUMNS): no more this turn)
        self.todo: tuple[str, ...] = ()  # cards of that column not resolved yet
        self.added = 0                  # cards added to the Decree this Birdsong
        self.bird_added = False


def E(state: RootState) -> EyrieState:
    return state.mods[NAME]


MODULE.data = lambda state: EyrieState()


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


def suit_of(card: str) -> str:
    return "bird" if card == VIZIER else CARDS[card].suit


def matching(state: RootState, card: str) -> list[int]:
    """Clearings matching a Decree card's suit (a bird: every clearing)."""
    s = suit_of(card)
    return list(range(len(state.suits))) if s == "bird" else B.clearings_of_suit(state, s)


@record
class EyrieSetup(NamedTuple):
    seat: int
    stage: str   # corner (or homeland, in the Advanced Setup), leader


@record
class EyrieBirdsong(NamedTuple):
    seat: int
    stage: str   # decree, roost, new_roost


@record
class EyrieDaylight(NamedTuple):
    seat: int
    stage: str   # craft, decree


@record
class NewLeader(NamedTuple):
    """Turmoil's Depose: choose a new leader among those face up (LR-07-07-03)."""
    seat: int


# ---- setup (LR-07-03) --------------------------------------------------------------------------------------------

@MODULE.step("eyrie.setup")
def setup(state: RootState) -> str:
    """LR-07-03-01 (20 warriors) and LR-07-03-05 (the other 6 roosts on the Roosts track, read off the
    roosts on the map)."""
    state.log(("LR-07-03-01", "LR-07-03-05"), "ev.eyrie.supplies", warriors=state.supply[NAME],
              roosts=BOARD["roosts"] - 1)
    return T.run_then(state, [EyrieSetup(seat(state), "corner")], RETURN)


def start_corners(state: RootState) -> list[int]:
    """A corner not another player's starting corner and, if possible, diagonally opposite one."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    free = [c for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]
    opposite = [c for c in free if B.opposite(state, c) in taken]
    return opposite or free


@MODULE.step("eyrie.setup_advanced")
def setup_advanced(state: RootState) -> str:
    """Its faction setup card (the Advanced Setup, LR-AA-08-03): a homeland, then the leader as above."""
    state.log(("LR-07-03-01", "LR-07-03-05"), "ev.eyrie.supplies", warriors=state.supply[NAME],
              roosts=BOARD["roosts"] - 1)
    return T.run_then(state, [EyrieSetup(seat(state), "homeland")], RETURN)


def homeland_sites(state: RootState) -> list[int]:
    """On the map's edge, with room for the roost, as far from enemy homelands as able: two clearings
    between, else not adjacent, else any but an enemy's homeland (LR-AA-08-03-01/02)."""
    edge = B.board(state).edge
    fit = [c for c in range(len(state.suits)) if edge[c] or not ADVANCED["edge"]]
    fit = [c for c in fit if B.open_slots(state, c) > 0]
    return ADV.farthest(state, NAME, fit, ADVANCED["apart"])


@MODULE.handler(EyrieSetup)
def run_setup(state: RootState, task: EyrieSetup) -> None:
    if task.stage == "homeland":
        sites = homeland_sites(state)
        if len(sites) == 1:
            _homeland(state, task, sites[0])
        elif sites:
            T.ask(state, task.seat, "eyrie_homeland")
        else:  # nowhere to set up (RTA-AS-05): it starts with no roost, as after losing them all
            ADV.no_room(state, NAME)
            T.replace(state, task._replace(stage="leader"))
            T.ask(state, task.seat, "eyrie_leader")
    elif task.stage == "corner":
        corners = start_corners(state)
        if len(corners) == 1:
            _corner(state, task, corners[0])
        else:
            T.ask(state, task.seat, "eyrie_corner")
    else:
        T.ask(state, task.seat, "eyrie_leader")


@MODULE.task_decision("eyrie_corner", lambda state: [f"roost_at:{A.clearing_id(c)}" for c in start_corners(state)])
def apply_corner(state: RootState, action_id: str) -> None:
    _corner(state, T.top(state), A.clearing_arg(action_id))


def _corner(state: RootState, task: EyrieSetup, c: int) -> None:
    B.add_building(state, NAME, "roost", c)
    B.place_warriors(state, NAME, c, BOARD["start_warriors"])
    state.homes = {**state.homes, NAME: (c,)}
    state.log(("LR-07-03-02",), "ev.eyrie.start", clearing=c)
    T.replace(state, task._replace(stage="leader"))


@MODULE.task_decision("eyrie_homeland", lambda state: [f"roost_at:{A.clearing_id(c)}" for c in homeland_sites(state)])
def apply_homeland(state: RootState, action_id: str) -> None:
    _homeland(state, T.top(state), A.clearing_arg(action_id))


def _homeland(state: RootState, task: EyrieSetup, c: int) -> None:
    B.add_building(state, NAME, "roost", c)
    B.place_warriors(state, NAME, c, ADVANCED["warriors"])
    state.homes = {**state.homes, NAME: (c,)}
    state.log(("LR-AA-08-03-01", "LR-AA-08-03-02", "RT-AS-30", "RT-AS-31", "RT-AS-32", "RT-AS-33", "RTA-AS-08"),
              "ev.eyrie.homeland", clearing=c, n=ADVANCED["warriors"])
    T.replace(state, task._replace(stage="leader"))


@MODULE.task_decision("eyrie_leader", lambda state: [f"leader:{x}" for x in E(state).face_up])
def apply_leader(state: RootState, action_id: str) -> None:
    T.done(state)
    crown(state, A.arg(action_id), ("LR-07-03-03", "LR-07-03-04"))


def crown(state: RootState, leader: str, rules: tuple[str, ...]) -> None:
    """The leader takes the Leader Card slot; the Loyal Viziers go to its columns (LR-07-08)."""
    data = E(state)
    data.leader = leader
    data.face_up = tuple(x for x in data.face_up if x != leader)
    decree = dict(data.decree)
    columns = BOARD["leaders"][leader]
    for column in columns:
        decree[column] = decree[column] + (VIZIER,)
    data.decree = decree
    state.log(rules + ("LR-07-08",), "ev.eyrie.leader", leader=leader)


# ---- Birdsong (LR-07-04) ---------------------------------------------------------------------------------------------

@MODULE.step("eyrie.birdsong")
def birdsong(state: RootState) -> str:
    """LR-07-04: Emergency Orders, Add to the Decree, A New Roost, in this order."""
    me = seat(state)
    data = E(state)
    data.added, data.bird_added = 0, False
    if not state.hands[me]:
        K.draw(state, me, 1, ("LR-07-04", "LR-07-04-01"))
    return T.run_then(state, [EyrieBirdsong(me, "decree")], RETURN)


def _cards_to_add(state: RootState, me: int) -> list[str]:
    """LR-07-04-02: one or two cards, at most one of them a bird, each to any column."""
    data = E(state)
    if data.added >= 2:
        return []
    return [f"decree:{col}:{card}" for card in dict.fromkeys(state.hands[me])
            if not (CARDS[card].suit == "bird" and data.bird_added) for col in COLUMNS]


def _may_add(state: RootState, me: int) -> bool:
    """Whether `_cards_to_add` lists anything (without making its ids)."""
    data = E(state)
    return data.added < 2 and any(not (data.bird_added and CARDS[card].suit == "bird") for card in state.hands[me])


def _decree_options(state: RootState, me: int) -> list[str]:
    done = ["done"] if E(state).added >= 1 else []
    return _cards_to_add(state, me) + done + TN.phase_options(state, me)


@MODULE.handler(EyrieBirdsong)
def run_birdsong(state: RootState, task: EyrieBirdsong) -> None:
    if task.stage == "decree":
        if _may_add(state, task.seat):
            T.ask(state, task.seat, "eyrie_decree_add")
        else:  # two added, or nothing more may be added (an empty hand, only birds after a bird)
            T.replace(state, task._replace(stage="roost"))
    elif task.stage == "new_roost":
        T.ask(state, task.seat, "eyrie_new_roost")
    else:
        _a_new_roost(state, task)


@MODULE.task_decision("eyrie_decree_add", lambda state: _decree_options(state, T.top(state).seat))
def apply_add(state: RootState, action_id: str) -> None:
    task = T.top(state)
    data = E(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="roost"))
        return
    if TN.is_phase_option(state, task.seat, action_id):
        TN.apply_phase_option(state, task.seat, action_id)
        return
    _, column, card = action_id.split(":")
    state.hands[task.seat].remove(card)
    state.conceal(card)  # face up on the Decree from now on (the view shows it)
    data.decree = {**data.decree, column: data.decree[column] + (card,)}
    data.added += 1
    data.bird_added = data.bird_added or CARDS[card].suit == "bird"
    state.log(("LR-07-04-02",), "ev.eyrie.decree", column=column, card=card)


def _a_new_roost(state: RootState, task: EyrieBirdsong) -> None:
    """LR-07-04-03, only with no roost on the map; a decision only when several clearings qualify."""
    T.done(state)
    if B.where(state, NAME, "roost"):
        return
    sites = new_roost_sites(state)
    if len(sites) > 1:
        T.push(state, EyrieBirdsong(task.seat, "new_roost"))
    elif sites:
        new_roost(state, sites[0])


def new_roost_sites(state: RootState) -> list[int]:
    """LR-07-04-03: of the clearings where a roost and warriors can be placed (an open slot, no one
    forbidding it: the keep), those with the fewest warriors of all players (RTA-EYRIE-04)."""
    ok = [c for c in range(len(state.suits)) if B.open_slots(state, c) > 0 and B.may_place(state, NAME, c)]
    if not ok:
        return []
    counts = {c: sum(B.warriors(state, f, c) for f in B.owners(state)) for c in ok}
    low = min(counts.values())
    return [c for c in ok if counts[c] == low]


@MODULE.task_decision("eyrie_new_roost", lambda state: [f"roost_at:{A.clearing_id(c)}" for c in new_roost_sites(state)])
def apply_new_roost(state: RootState, action_id: str) -> None:
    T.done(state)
    new_roost(state, A.clearing_arg(action_id))


def new_roost(state: RootState, c: int) -> None:
    """A roost and three warriors (as many as the supply holds, LR-01-05-04)."""
    B.add_building(state, NAME, "roost", c)
    n = B.place_warriors(state, NAME, c, BOARD["new_roost_warriors"])
    short = ("LR-01-05-04",) if n < BOARD["new_roost_warriors"] else ()
    state.log(("LR-07-04-03", "RTA-EYRIE-04") + short, "ev.eyrie.new_roost", clearing=c, n=n)


# ---- Daylight (LR-07-05) ---------------------------------------------------------------------------------------------

@MODULE.step("eyrie.daylight")
def daylight(state: RootState) -> str:
    """LR-07-05: craft, then resolve the Decree."""
    data = E(state)
    data.column, data.todo = 0, data.decree[COLUMNS[0]]
    return T.run_then(state, [EyrieDaylight(seat(state), "craft")], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    return B.where(state, NAME, "roost")


MODULE.crafting_pieces = crafting_pieces


def startable(state: RootState, column: str, card: str) -> bool:
    """Can the card's action be taken now? A move, battle or build that can start is taken in full; a
    recruit that can place one warrior starts, and falls short only for want of warriors
    (LR-07-05-02, the Law's FAQ on the Charismatic)."""
    where = matching(state, card)
    if column == "recruit":
        return state.supply[NAME] > 0 and bool(_recruit_sites(state, tuple(where)))
    if column == "move":
        return MV.can_move(state, NAME, tuple(where))
    if column == "battle":
        return BT.can_battle(state, NAME, tuple(where))
    return bool(build_sites(state, where))


def build_sites(state: RootState, where: list[int] | tuple[int, ...]) -> list[int]:
    """LR-07-05-02-04: a ruled clearing of the suit with no roost, an open slot, a roost left to place."""
    if B.count_on_map(state, NAME, "roost") >= BOARD["roosts"]:
        return []
    ruled = B.rulers(state)
    return [c for c in where if ruled[c] == NAME and "roost" not in B.buildings_of(state, NAME, c)
            and B.open_slots(state, c) > 0 and B.may_place(state, NAME, c)]


def _craft_options(state: RootState, task: EyrieDaylight) -> list[str]:
    return K.craft_options(state, task.seat) + TN.phase_options(state, task.seat) + ["done"]


def _resolve_options(state: RootState, task: EyrieDaylight) -> list[str]:
    """Every card left in the column, in any order (RTA-EYRIE-02): one whose action cannot be taken
    means turmoil."""
    data = E(state)
    column = COLUMNS[data.column]
    return [f"resolve:{column}:{card}" for card in dict.fromkeys(data.todo)] + TN.phase_options(state, task.seat)


@MODULE.handler(EyrieDaylight)
def run_daylight(state: RootState, task: EyrieDaylight) -> None:
    data = E(state)
    if task.stage == "craft":
        crafts = _craft_options(state, task)
        if crafts == ["done"]:
            T.replace(state, task._replace(stage="decree"))
        else:
            T.offer(state, task.seat, "eyrie_craft", crafts)
        return
    while data.column < len(COLUMNS) and not data.todo:
        data.column += 1
        data.todo = data.decree[COLUMNS[data.column]] if data.column < len(COLUMNS) else ()
    if data.column >= len(COLUMNS):
        T.done(state)  # the Decree is resolved, or turmoil ended Daylight (LR-07-07-04)
        return
    column = COLUMNS[data.column]
    options = _resolve_options(state, task)
    if len(options) > len(dict.fromkeys(data.todo)):  # phase options besides the cards
        T.offer(state, task.seat, "eyrie_resolve", options)
    elif not any(startable(state, column, card) for card in {suit_of(c): c for c in data.todo}.values()):  # by suit
        _cannot(state, task.seat, column, data.todo[0])  # whatever the order, turmoil now
    elif len(options) == 1:  # its one card: the one found startable above
        _resolve(state, task, options[0], startable_known=True)
    else:
        T.offer(state, task.seat, "eyrie_resolve", options)


@MODULE.task_decision("eyrie_craft", lambda state: _craft_options(state, T.top(state)))
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="decree"))
    elif A.head(action_id) == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


@MODULE.task_decision("eyrie_resolve", lambda state: _resolve_options(state, T.top(state)))
def apply_resolve(state: RootState, action_id: str) -> None:
    _resolve(state, T.top(state), action_id)


def _resolve(state: RootState, task: EyrieDaylight, action_id: str, startable_known: bool = False) -> None:
    """Resolve a card of the Decree (`startable_known`: its action was just found startable)."""
    if TN.is_phase_option(state, task.seat, action_id):
        TN.apply_phase_option(state, task.seat, action_id)
        return
    _, column, card = action_id.split(":")
    data = E(state)
    todo = list(data.todo)
    todo.remove(card)
    data.todo = tuple(todo)
    if not startable_known and not startable(state, column, card):
        _cannot(state, task.seat, column, card)
        return
    where = tuple(matching(state, card))
    rules = ("LR-07-05-02",)
    if column == "recruit":
        T.push(state, EyrieRecruit(task.seat, where))
    elif column == "move":
        T.push(state, MV.moves(task.seat, NAME, 1, rules + ("LR-07-05-02-02",), where, must=True))
    elif column == "battle":
        T.push(state, BT.start(task.seat, NAME, rules + ("LR-07-05-02-03",), where, must=True))
    else:
        T.push(state, EyrieBuild(task.seat, where))


def _cannot(state: RootState, me: int, column: str, card: str) -> None:
    state.log(("LR-07-05-02", "RTA-EYRIE-02", "RTA-EYRIE-05"), "ev.eyrie.cannot", column=column, card=card)
    turmoil(state, me)


@record
class EyrieRecruit(NamedTuple):
    seat: int
    where: tuple[int, ...]


@record
class EyrieBuild(NamedTuple):
    seat: int
    where: tuple[int, ...]


def _recruit_sites(state: RootState, where: tuple[int, ...]) -> list[int]:
    return sorted({c for c in B.where(state, NAME, "roost") if c in where and B.may_place(state, NAME, c)})


@MODULE.handler(EyrieRecruit)
def run_recruit(state: RootState, task: EyrieRecruit) -> None:
    sites = _recruit_sites(state, task.where)
    if len(sites) == 1:
        T.done(state)
        recruit(state, task.seat, sites[0])
    else:
        T.ask(state, task.seat, "eyrie_recruit")


@MODULE.task_decision("eyrie_recruit", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in _recruit_sites(
    state, T.top(state).where)])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    recruit(state, task.seat, A.clearing_arg(action_id))


def recruit(state: RootState, me: int, c: int) -> None:
    """LR-07-05-02-01 (the Charismatic places two, LR-07-08-02). Short of warriors, as many as the
    supply holds are placed, then the action was not taken in full: turmoil (LR-01-05-04, RTA-EYRIE-01)."""
    need = 2 if E(state).leader == "charismatic" else 1
    n = B.place_warriors(state, NAME, c, need)
    rules = ("LR-07-05-02-01",) + (("LR-07-08-02",) if need == 2 else ()) + (("LR-01-05-04", "RTA-EYRIE-01") if n < need else ())
    state.log(rules, "ev.eyrie.recruit", clearing=c, n=n)
    if n < need:
        turmoil(state, me)


@MODULE.handler(EyrieBuild)
def run_build(state: RootState, task: EyrieBuild) -> None:
    sites = build_sites(state, task.where)
    if len(sites) == 1:
        T.done(state)
        build(state, sites[0])
    else:
        T.ask(state, task.seat, "eyrie_build")


@MODULE.task_decision("eyrie_build", lambda state: [f"roost_at:{A.clearing_id(c)}" for c in build_sites(
    state, T.top(state).where)])
def apply_build(state: RootState, action_id: str) -> None:
    T.done(state)
    build(state, A.clearing_arg(action_id))


def build(state: RootState, c: int) -> None:
    B.add_building(state, NAME, "roost", c)
    state.log(("LR-07-05-02-04",), "ev.eyrie.roost", clearing=c)


# ---- turmoil (LR-07-07) ------------------------------------------------------------------------------------------------

def birds_on_decree(state: RootState) -> int:
    return sum(1 for cards in E(state).decree.values() for c in cards if suit_of(c) == "bird")


def turmoil(state: RootState, me: int) -> None:
    """LR-07-07: Humiliate (a point per bird card on the Decree, the Viziers too), Purge (the Viziers
    stay), Depose (a new leader, from all four again when none is face up), Rest (Daylight ends)."""
    data = E(state)
    birds = birds_on_decree(state)
    state.log(("LR-07-05-02", "LR-07-07"), "ev.eyrie.turmoil", birds=birds)
    S.score(state, me, -birds, ("LR-07-07-01",))
    purged = [c for cards in data.decree.values() for c in cards if c != VIZIER]
    for c in purged:
        K.to_pile(state, c)
    data.decree = {c: () for c in COLUMNS}
    data.column, data.todo = len(COLUMNS), ()
    state.log(("LR-07-07-02",), "ev.eyrie.purge", cards=purged)
    deposed = data.leader
    data.leader = None
    state.log(("LR-07-07-03",), "ev.eyrie.deposed", leader=deposed)
    if not data.face_up:
        data.face_up = LEADERS
        state.log(("LR-07-07-03-01", "RTA-EYRIE-03"), "ev.eyrie.new_clutch")
    T.push(state, NewLeader(me))


@MODULE.handler(NewLeader)
def run_new_leader(state: RootState, task: NewLeader) -> None:
    if len(E(state).face_up) == 1:
        T.done(state)
        _new_leader(state, E(state).face_up[0])
    else:
        T.ask(state, task.seat, "eyrie_leader_turmoil")


@MODULE.task_decision("eyrie_leader_turmoil", lambda state: [f"leader:{x}" for x in E(state).face_up])
def apply_new_leader(state: RootState, action_id: str) -> None:
    T.done(state)
    _new_leader(state, A.arg(action_id))


def _new_leader(state: RootState, leader: str) -> None:
    crown(state, leader, ("LR-07-07-03",))
    state.log(("LR-07-07-04",), "ev.eyrie.rest")


# ---- Evening (LR-07-06) -------------------------------------------------------------------------------------------------

@MODULE.step("eyrie.evening")
def evening(state: RootState) -> str:
    """LR-07-06: score the rightmost empty space of the Roosts track, then draw and discard."""
    me = seat(state)
    roosts = B.count_on_map(state, NAME, "roost")
    S.score(state, me, roost_points(roosts), ("LR-07-06", "LR-07-06-01", "RTA-CAT-01"))
    K.draw(state, me, 1 + draw_bonuses(roosts), ("LR-07-06", "LR-07-06-02", "RTA-CAT-01"))
    return T.run_then(state, [K.hand_limit(me, ("LR-07-06-02",))], RETURN)


def roost_points(roosts: int) -> int:
    """The points on the rightmost empty space of the track: the space of the `roosts`-th roost
    (none empty with no roost on the map)."""
    return BOARD["points"][roosts - 1] if roosts else 0


def draw_bonuses(roosts: int) -> int:
    return sum(1 for k in BOARD["draw_bonus"] if roosts >= k)


# ---- Lords of the Forest, Disdain for Trade, leaders in battle (LR-07-02, LR-07-08) -------------------------------------
# The hooks below are asked once, as their rule applies, so each logs it.

MODULE.wins_rule_ties = True  # LR-07-02-02 (board.ruler)


def item_points(state: RootState, s: int, vp: int) -> int:
    """LR-07-02-03: an item scores 1, unless the Builder leads (LR-07-08-01)."""
    if E(state).leader == "builder":
        state.log(("LR-07-08-01",), "ev.eyrie.builder", vp=vp)
        return vp
    state.log(("LR-07-02-03",), "ev.eyrie.disdain", vp=vp)
    return 1


MODULE.item_points = item_points


def extra_hits(state: RootState, c: int, attacking: bool) -> int:
    """LR-07-08-03: the Commander deals an extra hit as attacker."""
    if attacking and E(state).leader == "commander":
        state.log(("LR-07-08-03",), "ev.eyrie.commander", clearing=c)
        return 1
    return 0


MODULE.extra_hits = extra_hits


def removal_points(state: RootState, owner: str, pieces: list, in_battle: bool) -> int:
    """LR-07-08-04: the Despot scores one more when removing at least one enemy building or token in
    battle (one more for each removal, however many pieces it removes: the Law's FAQ)."""
    if in_battle and E(state).leader == "despot" and any(k != "warrior" for k, _ in pieces):
        state.log(("LR-07-08-04", "RTA-EYRIE-07"), "ev.eyrie.despot", owner=owner)
        return 1
    return 0


MODULE.removal_points = removal_points


# ---- what everyone sees ---------------------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """The faction board: the leader and those face up, the Decree (face up, LR-07-04-02), the roosts
    on the map with the points and cards of the track, and the column being resolved."""
    data = E(state)
    roosts = B.count_on_map(state, NAME, "roost")
    full[NAME] = {"leader": data.leader, "face_up": list(data.face_up),
                  "decree": {col: list(cards) for col, cards in data.decree.items()},
                  "roosts": roosts, "roost_points": roost_points(roosts), "draw_bonuses": draw_bonuses(roosts),
                  "column": COLUMNS[data.column] if data.column < len(COLUMNS) else None, "todo": list(data.todo)}


MODULE.view = view


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]] + [VIZIER]
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = [f"leader:{x}" for x in LEADERS] + ["done"]
    ids += [f"decree:{col}:{c}" for col in COLUMNS for c in cards]
    ids += [f"resolve:{col}:{c}" for col in COLUMNS for c in cards]
    ids += [f"{h}:{c}" for h in ("roost_at", "recruit_at") for c in clearings]
    return [Vocabulary(ids + A.remove_ids(("roost",)))]


MODULE.actions = actions
MODULE.forms = {"roost_at": ("clearing",), "leader": ("word",), "decree": ("word", "card"), "resolve": ("word", "card")}
