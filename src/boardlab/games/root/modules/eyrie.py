"""The Eyrie Dynasties (LR-07): roosts, the Decree, leaders and turmoil, Lords of the Forest and
Disdain for Trade.

Setup: a roost and 6 warriors in a corner (diagonally opposite another's starting corner if one is
free), then a leader (decisions). Birdsong: Emergency Orders, add one or two cards to the Decree (at
most one bird), A New Roost. Daylight: craft with roosts, then resolve the Decree column by column
(recruit, move, battle, build in a clearing matching each card; bird: any clearing); an action that
cannot be taken in full means turmoil. Evening: score the Roosts track, draw, hand limit.

State: `mods["eyrie"]`: the leader, the leaders face up, the Decree (four columns of card ids; the
two Loyal Viziers are "vizier"), and during Daylight the column being resolved and the cards left in
it.
"""
from __future__ import annotations

from importlib import resources
from typing import NamedTuple

import yaml

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS, DECKS
from ..program import Faction
from ..state import RootState

NAME = "eyrie"
MODULE = Faction(NAME)
BOARD = yaml.safe_load(resources.files("boardlab.games.root").joinpath("data/factions/eyrie.yaml")
                       .read_text(encoding="utf-8"))
COLUMNS = tuple(BOARD["columns"])
LEADERS = tuple(BOARD["leaders"])
VIZIER = "vizier"  # a Loyal Vizier: a bird card on the Decree that never leaves it (LR-07-03-04)


@register
class EyrieState(Data):
    __slots__ = ("leader", "face_up", "decree", "column", "todo", "added", "bird_added")

    def __init__(self) -> None:
        self.leader: str | None = None
        self.face_up: tuple[str, ...] = LEADERS
        self.decree: dict[str, tuple[str, ...]] = {c: () for c in COLUMNS}
        self.column = 0                 # the Decree column being resolved
        self.todo: tuple[str, ...] = ()  # cards of that column not resolved yet
        self.added = 0                  # cards added to the Decree this Birdsong
        self.bird_added = False


def E(state: RootState) -> EyrieState:
    return state.mods[NAME]


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
    stage: str   # corner, leader


@record
class EyrieBirdsong(NamedTuple):
    seat: int
    stage: str   # decree, roost


@record
class EyrieDaylight(NamedTuple):
    seat: int
    stage: str   # craft, decree


@record
class NewLeader(NamedTuple):
    """Turmoil's last step: choose a new leader among those face up (LR-07-07-03)."""
    seat: int
    then_evening: bool


# ---- setup (LR-07-03) --------------------------------------------------------------------------------------------

@MODULE.step("eyrie.setup")
def setup(state: RootState) -> str:
    state.mods[NAME] = EyrieState()
    return T.run_then(state, [EyrieSetup(seat(state), "corner")], RETURN)


def start_corners(state: RootState) -> list[int]:
    """A corner not another player's starting corner and, if possible, diagonally opposite one."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    free = [c for c in B.corners(state) if c not in taken]
    opposite = [c for c in free if B.opposite(state, c) in taken]
    return opposite or free


@MODULE.handler(EyrieSetup)
def run_setup(state: RootState, task: EyrieSetup) -> None:
    if task.stage == "corner":
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
    state.log(("LR-07-03-01", "LR-07-03-02"), "ev.eyrie.start", clearing=c)
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
    for column in BOARD["leaders"][leader]:
        decree[column] = decree[column] + (VIZIER,)
    data.decree = decree
    state.log(rules, "ev.eyrie.leader", leader=leader)


# ---- Birdsong (LR-07-04) ---------------------------------------------------------------------------------------------

@MODULE.step("eyrie.birdsong")
def birdsong(state: RootState) -> str:
    me = seat(state)
    data = E(state)
    data.added, data.bird_added = 0, False
    if not state.hands[me]:  # LR-07-04-01: Emergency Orders
        K.draw(state, me, 1, ("LR-07-04-01",))
    return T.run_then(state, [EyrieBirdsong(me, "decree")], RETURN)


def _decree_options(state: RootState, me: int) -> list[str]:
    """LR-07-04-02: one or two cards, at most one bird, to any column."""
    data = E(state)
    out = []
    if data.added < 2:
        for card in dict.fromkeys(state.hands[me]):
            if CARDS[card].suit == "bird" and data.bird_added:
                continue
            out += [f"decree:{col}:{card}" for col in COLUMNS]
    if data.added >= 1:
        out.append("done")
    return out + TN.phase_options(state, me)


@MODULE.handler(EyrieBirdsong)
def run_birdsong(state: RootState, task: EyrieBirdsong) -> None:
    if task.stage == "new_roost":
        T.ask(state, task.seat, "eyrie_new_roost")
        return
    if task.stage == "decree":
        if state.hands[task.seat] or E(state).added:
            T.ask(state, task.seat, "eyrie_decree_add")
        else:
            T.replace(state, task._replace(stage="roost"))
        return
    T.done(state)
    if not B.where(state, NAME, "roost"):
        sites = new_roost_sites(state)
        if len(sites) > 1:
            T.push(state, EyrieBirdsong(task.seat, "new_roost"))
        elif sites:
            new_roost(state, sites[0])


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
    state.conceal(card)
    data.decree = {**data.decree, column: data.decree[column] + (card,)}
    data.added += 1
    data.bird_added = data.bird_added or CARDS[card].suit == "bird"
    state.log(("LR-07-04-02",), "ev.eyrie.decree", column=column, card=card)
    if data.added == 2 or not _decree_options(state, task.seat)[:-1]:
        T.replace(state, task._replace(stage="roost"))


def new_roost_sites(state: RootState) -> list[int]:
    """LR-07-04-03: a clearing with the fewest warriors where a roost and 3 warriors can be placed."""
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
    B.add_building(state, NAME, "roost", c)
    n = B.place_warriors(state, NAME, c, BOARD["new_roost_warriors"])
    state.log(("LR-07-04-03",), "ev.eyrie.new_roost", clearing=c, n=n)


# ---- Daylight (LR-07-05) ---------------------------------------------------------------------------------------------

@MODULE.step("eyrie.daylight")
def daylight(state: RootState) -> str:
    data = E(state)
    data.column, data.todo = 0, data.decree[COLUMNS[0]]
    return T.run_then(state, [EyrieDaylight(seat(state), "craft")], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    return B.where(state, NAME, "roost")


MODULE.crafting_pieces = crafting_pieces


def feasible(state: RootState, column: str, card: str) -> bool:
    """Can the card's action be taken in full now (LR-07-05-02)?"""
    where = matching(state, card)
    if column == "recruit":
        need = 2 if E(state).leader == "charismatic" else 1
        return state.supply[NAME] >= need and any(c in where for c in B.where(state, NAME, "roost"))
    if column == "move":
        return MV.can_move(state, NAME, tuple(where))
    if column == "battle":
        return BT.can_battle(state, NAME, tuple(where))
    return bool(build_sites(state, where))


def build_sites(state: RootState, where: list[int]) -> list[int]:
    if B.count_on_map(state, NAME, "roost") >= BOARD["roosts"]:
        return []
    return [c for c in where if B.rules(state, NAME, c) and "roost" not in B.buildings_of(state, NAME, c)
            and B.open_slots(state, c) > 0 and B.may_place(state, NAME, c)]


def _daylight_options(state: RootState, task: EyrieDaylight) -> list[str]:
    if task.stage == "craft":
        return K.craft_options(state, task.seat) + TN.phase_options(state, task.seat) + ["done"]
    data = E(state)
    column = COLUMNS[data.column]
    return ([f"resolve:{column}:{card}" for card in dict.fromkeys(data.todo) if feasible(state, column, card)]
            + TN.phase_options(state, task.seat))


@MODULE.handler(EyrieDaylight)
def run_daylight(state: RootState, task: EyrieDaylight) -> None:
    data = E(state)
    if task.stage == "craft":
        T.ask(state, task.seat, "eyrie_craft")
        return
    while not data.todo and data.column < len(COLUMNS) - 1:
        data.column += 1
        data.todo = data.decree[COLUMNS[data.column]]
    if not data.todo:
        T.done(state)  # the Decree is resolved
        return
    if any(feasible(state, COLUMNS[data.column], card) for card in data.todo):
        T.ask(state, task.seat, "eyrie_resolve")
    else:
        T.done(state)
        turmoil(state, task.seat)


@MODULE.task_decision("eyrie_craft", lambda state: _daylight_options(state, T.top(state)))
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="decree"))
    elif A.head(action_id) == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


@MODULE.task_decision("eyrie_resolve", lambda state: _daylight_options(state, T.top(state)))
def apply_resolve(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if TN.is_phase_option(state, task.seat, action_id):
        TN.apply_phase_option(state, task.seat, action_id)
        return
    _, column, card = action_id.split(":")
    data = E(state)
    todo = list(data.todo)
    todo.remove(card)
    data.todo = tuple(todo)
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


@record
class EyrieRecruit(NamedTuple):
    seat: int
    where: tuple[int, ...]


@record
class EyrieBuild(NamedTuple):
    seat: int
    where: tuple[int, ...]


def _recruit_sites(state: RootState, where: tuple[int, ...]) -> list[int]:
    return sorted({c for c in B.where(state, NAME, "roost") if c in where})


@MODULE.handler(EyrieRecruit)
def run_recruit(state: RootState, task: EyrieRecruit) -> None:
    sites = _recruit_sites(state, task.where)
    if len(sites) == 1:
        T.done(state)
        recruit(state, sites[0])
    else:
        T.ask(state, task.seat, "eyrie_recruit")


@MODULE.task_decision("eyrie_recruit", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in _recruit_sites(
    state, T.top(state).where)])
def apply_recruit(state: RootState, action_id: str) -> None:
    T.done(state)
    recruit(state, A.clearing_arg(action_id))


def recruit(state: RootState, c: int) -> None:
    """LR-07-05-02-01 (the Charismatic places two, LR-07-08-02)."""
    n = 2 if E(state).leader == "charismatic" else 1
    B.place_warriors(state, NAME, c, n)
    state.log(("LR-07-05-02-01",) + (("LR-07-08-02",) if n == 2 else ()), "ev.eyrie.recruit", clearing=c, n=n)


@MODULE.handler(EyrieBuild)
def run_build(state: RootState, task: EyrieBuild) -> None:
    sites = build_sites(state, list(task.where))
    if len(sites) == 1:
        T.done(state)
        build(state, sites[0])
    else:
        T.ask(state, task.seat, "eyrie_build")


@MODULE.task_decision("eyrie_build", lambda state: [f"roost_at:{A.clearing_id(c)}" for c in build_sites(
    state, list(T.top(state).where))])
def apply_build(state: RootState, action_id: str) -> None:
    T.done(state)
    build(state, A.clearing_arg(action_id))


def build(state: RootState, c: int) -> None:
    B.add_building(state, NAME, "roost", c)
    state.log(("LR-07-05-02-04",), "ev.eyrie.roost", clearing=c)


def turmoil(state: RootState, me: int) -> None:
    """LR-07-07: lose a point per bird on the Decree, purge it (the Viziers stay), depose the leader,
    then Evening."""
    data = E(state)
    birds = sum(1 for cards in data.decree.values() for c in cards if suit_of(c) == "bird")
    state.log(("LR-07-07",), "ev.eyrie.turmoil", birds=birds)
    if birds:
        S.score(state, me, -birds, ("LR-07-07-01",))
    for cards in data.decree.values():
        for c in cards:
            if c != VIZIER:
                K.to_pile(state, c)
    data.decree = {c: () for c in COLUMNS}
    data.todo = ()
    deposed = data.leader
    data.leader = None
    if not data.face_up:  # LR-07-07-03-01
        data.face_up = tuple(x for x in LEADERS if x != deposed)
    state.log(("LR-07-07-02", "LR-07-07-03"), "ev.eyrie.deposed", leader=deposed)
    T.push(state, NewLeader(me, True))


@MODULE.handler(NewLeader)
def run_new_leader(state: RootState, task: NewLeader) -> None:
    if len(E(state).face_up) == 1:
        T.done(state)
        crown(state, E(state).face_up[0], ("LR-07-07-03",))
    else:
        T.ask(state, task.seat, "eyrie_leader_turmoil")


@MODULE.task_decision("eyrie_leader_turmoil", lambda state: [f"leader:{x}" for x in E(state).face_up])
def apply_new_leader(state: RootState, action_id: str) -> None:
    T.done(state)
    crown(state, A.arg(action_id), ("LR-07-07-03",))


# ---- Evening (LR-07-06) -------------------------------------------------------------------------------------------------

@MODULE.step("eyrie.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    roosts = B.count_on_map(state, NAME, "roost")
    S.score(state, me, BOARD["points"][max(0, roosts - 1)] if roosts else 0, ("LR-07-06-01",))
    bonus = sum(1 for k in BOARD["draw_bonus"] if roosts >= k)
    K.draw(state, me, 1 + bonus, ("LR-07-06-02",))
    return T.run_then(state, [K.hand_limit(me, ("LR-07-06-02",))], RETURN)


# ---- Lords of the Forest, Disdain for Trade, leaders in battle (LR-07-02, LR-07-08) -------------------------------------

MODULE.wins_rule_ties = True  # LR-07-02-02


def item_points(state: RootState, s: int, vp: int) -> int:
    """LR-07-02-03: an item scores 1, unless the Builder leads (LR-07-08-01)."""
    return vp if E(state).leader == "builder" else 1


MODULE.item_points = item_points
MODULE.extra_hits = lambda state, c, attacking: 1 if attacking and E(state).leader == "commander" else 0  # LR-07-08-03


def removal_points(state: RootState, owner: str, pieces: list, in_battle: bool) -> int:
    """LR-07-08-04: the Despot scores one more when removing buildings or tokens in battle."""
    return 1 if in_battle and E(state).leader == "despot" and any(k != "warrior" for k, _ in pieces) else 0


MODULE.removal_points = removal_points


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
