"""Quests (LR-09-05-05): the face-up quests shared by the Vagabonds (LR-09-07-02), completing one by
exhausting its two items, the reward, and the Adventurer's Improvise (LR-AV-07-02) and the Cheat's Con
(LR-AV-10-02), which complete a quest with other items.

`state.quests` holds `up` (face up, near the map) and `deck` (hidden; the next draw is last)."""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ....core import tasks as T
from ....core.tasks import record
from .. import actions as A
from .. import cards as K
from .. import scoring as S
from ..content import QUESTS
from ..state import RootState
from . import vagabond_core as C
from .vagabond_core import BOARD, MODULE, V, ready_counts

QUEST = {q.key: q for q in QUESTS}


@record
class VQuest(NamedTuple):
    """A quest under way. `mode`: quest, improvise or con; `replace`: the listed item Improvise stands in
    for; `picks`: items chosen to exhaust so far; `stage`: items, reward."""
    seat: int
    name: str
    quest: str
    mode: str
    replace: str | None
    picks: tuple[str, ...]
    stage: str


def up(state: RootState) -> tuple[str, ...]:
    return state.quests.get("up", ())


def matching(state: RootState, c: int) -> list[str]:
    return [q for q in up(state) if QUEST[q].suit == state.suits[c]]


def has_items(have: Counter[str], need: list[str]) -> bool:
    return all(have.get(k, 0) >= need.count(k) for k in need)


def doable(state: RootState, name: str, c: int, have: Counter[str] | None = None) -> list[str]:
    """Face-up quests of his clearing's suit whose two items he can exhaust (LR-09-05-05); `have`: his
    `ready_counts`, if known."""
    quests = matching(state, c)
    if not quests:
        return []
    have = ready_counts(V(state, name)) if have is None else have
    return [q for q in quests if has_items(have, list(QUEST[q].items))]


def improvisable(state: RootState, name: str, q: str) -> list[str]:
    """The listed items Improvise may stand in for: another unexhausted item takes its place, the other
    listed item still exhausted as itself (LR-AV-07-02)."""
    have = ready_counts(V(state, name))
    a, b = QUEST[q].items
    out = []
    for x, other in ((a, b), (b, a)):
        rest = have - Counter([other])
        if has_items(have, [other]) and any(k != x for k in +rest):
            out.append(x)
    return sorted(set(out))


def substitutes(state: RootState, task: VQuest) -> list[str]:
    a, b = QUEST[task.quest].items
    other = b if task.replace == a else a
    rest = ready_counts(V(state, task.name)) - Counter([other])
    return sorted(k for k in +rest if k != task.replace)


def start(state: RootState, seat: int, name: str, q: str, mode: str) -> None:
    T.push(state, VQuest(seat, name, q, mode, None, (), "items"))


@MODULE.handler(VQuest)
def run_quest(state: RootState, task: VQuest) -> None:
    if task.stage == "reward":
        T.ask(state, task.seat, "vagabond_quest_reward")
    elif task.mode == "quest":
        complete(state, task, list(QUEST[task.quest].items), ("LR-09-05-05",))
    elif task.mode == "improvise":
        _improvise(state, task)
    else:
        _con(state, task)


def _improvise(state: RootState, task: VQuest) -> None:
    if task.replace is None:
        options = improvisable(state, task.name, task.quest)
        if len(options) == 1:
            T.replace(state, task._replace(replace=options[0]))
        else:
            T.ask(state, task.seat, "vagabond_quest_replace")
        return
    subs = substitutes(state, task)
    if len(subs) == 1:
        _improvised(state, task, subs[0])
    else:
        T.ask(state, task.seat, "vagabond_quest_item")


def _improvised(state: RootState, task: VQuest, sub: str) -> None:
    """The stand-in is exhausted and damaged (LR-AV-07-02)."""
    a, b = QUEST[task.quest].items
    other = b if task.replace == a else a
    state.used[f"{task.name}:improvise"] = 1
    data = V(state, task.name)
    coerced = data.coerced == sub
    complete(state, task, [other, sub], ("LR-09-05-05", "LR-AV-07-02"))
    if not coerced:
        C.damage(state, task.name, sub, True)
    state.log(("LR-AV-07-02", "RTA-VB-12"), "ev.vb.improvise", faction=task.name, item=sub, instead=task.replace)


def _con(state: RootState, task: VQuest) -> None:
    """LR-AV-10-02: any two items (one decision each)."""
    left = ready_counts(V(state, task.name))
    if len(task.picks) == 2:
        state.used[f"{task.name}:con"] = 1
        complete(state, task, list(task.picks), ("LR-09-05-05", "LR-AV-10-02"), exhausted=True)
        return
    kinds = sorted(+left)
    if len(kinds) == 1:
        C.exhaust(state, task.name, kinds[0])
        T.replace(state, task._replace(picks=task.picks + (kinds[0],)))
    else:
        T.ask(state, task.seat, "vagabond_quest_item")


@MODULE.task_decision("vagabond_quest_replace", lambda state: [f"replace:{k}" for k in improvisable(
    state, T.top(state).name, T.top(state).quest)])
def apply_replace(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(replace=A.arg(action_id)))


def _item_choices(state: RootState) -> list[str]:
    task = T.top(state)
    if task.mode == "improvise":
        return [f"exhaust:{k}" for k in substitutes(state, task)]
    return [f"exhaust:{k}" for k in sorted(+ready_counts(V(state, task.name)))]


@MODULE.task_decision("vagabond_quest_item", _item_choices)
def apply_quest_item(state: RootState, action_id: str) -> None:
    task = T.top(state)
    kind = A.arg(action_id)
    if task.mode == "improvise":
        _improvised(state, task, kind)
    else:
        C.exhaust(state, task.name, kind)
        T.replace(state, task._replace(picks=task.picks + (kind,)))


def complete(state: RootState, task: VQuest, items: list[str], rules: tuple[str, ...], exhausted: bool = False) -> None:
    """Exhaust the items, place the quest among his completed ones, then the reward."""
    if not exhausted:
        for kind in items:
            C.exhaust(state, task.name, kind)
    data = V(state, task.name)
    data.quests = data.quests + (task.quest,)
    state.quests = {**state.quests, "up": tuple(q for q in up(state) if q != task.quest)}
    state.log(rules, "ev.vb.quest", faction=task.name, quest=task.quest)
    T.replace(state, task._replace(stage="reward"))


def points(state: RootState, task: VQuest) -> int:
    suit = QUEST[task.quest].suit
    return sum(1 for q in V(state, task.name).quests if QUEST[q].suit == suit)


@MODULE.task_decision("vagabond_quest_reward", lambda state: ["reward:vp", "reward:cards"])
def apply_reward(state: RootState, action_id: str) -> None:
    """Points per completed quest of its suit (this one included) or two cards; then a new quest
    (LR-09-05-05); a conned quest is shuffled back into the quest deck (LR-AV-10-02)."""
    task = T.top(state)
    T.done(state)
    if action_id == "reward:vp":
        S.score(state, task.seat, points(state, task), ("LR-09-05-05",))
    else:
        K.draw(state, task.seat, BOARD["quest_cards"], ("LR-09-05-05",))
    deck = list(state.quests.get("deck", ()))
    if deck:
        new = deck.pop()
        state.quests = {"up": up(state) + (new,), "deck": tuple(deck)}
        state.log(("LR-09-05-05",), "ev.vb.new_quest", quest=new)
    if task.mode == "con":
        data = V(state, task.name)
        done = list(data.quests)
        done.remove(task.quest)
        data.quests = tuple(done)
        state.quests = {**state.quests, "deck": tuple(state.shuffle(sorted(state.quests["deck"] + (task.quest,))))}
        state.log(("LR-AV-10-02",), "ev.vb.con_back", quest=task.quest)
