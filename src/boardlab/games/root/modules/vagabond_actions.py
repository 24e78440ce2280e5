"""The Vagabond's Daylight (LR-09-05): exhaust items to move, battle, explore, aid, quest, strike,
repair, craft and take his character's special action, in any order and number, until he ends
Daylight. Relationships change here too: Aid improves them (LR-09-02-09-01), removing warriors makes
factions Hostile (LR-09-02-09-03), Infamy scores (LR-09-02-09-03-01)."""
from __future__ import annotations

from typing import Callable, NamedTuple

from ....core import tasks as T
from ....core.flow import RETURN
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS
from ..records import RemovePieces
from ..state import FOREST, RUIN, RootState
from . import vagabond_core as C
from . import vagabond_quests as Q
from .vagabond_core import BOARD, HOSTILE, MODULE, V, ready, ready_kinds, seat_of
from .vagabond_turn import adjacent, blocked, loc_of, loc_text, move_pawn

# character -> (options(state, seat, name) -> ids, apply(state, seat, name, action_id) -> None); filled by
# vagabond_characters
SPECIALS: dict[str, tuple[Callable, Callable]] = {}


@record
class VDaylight(NamedTuple):
    seat: int
    name: str


def daylight(name: str) -> Callable[[RootState], str]:
    def step(state: RootState) -> str:
        return T.run_then(state, [VDaylight(seat_of(state, name), name)], RETURN)
    return step


@MODULE.handler(VDaylight)
def run_daylight(state: RootState, task: VDaylight) -> None:
    data = V(state, task.name)
    if data.coerce_due:  # LR-AV-12-02: after the action a coerced item served
        data.coerce_due = False
        S.score(state, task.seat, -1, ("LR-AV-12-02",))
    T.ask(state, task.seat, "vagabond_daylight")


def menu(state: RootState, seat: int, name: str) -> list[str]:
    data = V(state, name)
    c = C.clearing(state, name)
    have = C.ready_counts(data)  # what `ready` says of each kind, counted once (`get`: no Counter.__missing__)
    out = [f"go:{loc_text(d)}" for d in move_options(state, name, have.get("boot", 0))]
    if c is not None:
        if have.get("sword"):
            out += [f"attack:{f}" for f in BT.targets(state, name, c)]
        if have.get("torch") and state.ruin_items.get(c):
            out.append("explore")
        if have and any(K.matches(card, state.suits[c]) for card in state.hands[seat]):  # any item ready
            out += [f"aid:{s}" for s in C.factions_with_pieces(state, name, c)]
        out += [f"quest:{q}" for q in Q.doable(state, name, c, have)]
        if have.get("crossbow"):
            out += [f"strike:{f}" for f in strike_targets(state, name, c)]
        if have.get("hammer"):
            out += craft_options(state, seat, name, c)
    if have.get("hammer") and C.damaged(data):
        out.append("repair")
    special = SPECIALS.get(data.character or "")
    if special:
        out += special[0](state, seat, name)
    return out + TN.phase_options(state, seat) + ["done"]


@MODULE.task_decision("vagabond_daylight", lambda state: menu(state, T.top(state).seat, T.top(state).name))
def apply_daylight(state: RootState, action_id: str) -> None:
    task = T.top(state)
    seat, name = task.seat, task.name
    head, arg = A.head(action_id), A.arg(action_id)
    if action_id == "done":
        T.done(state)
    elif TN.is_phase_option(state, seat, action_id):
        TN.apply_phase_option(state, seat, action_id)
    elif head == "go":
        move(state, seat, name, loc_of(arg))
    elif head == "attack":
        T.push(state, VBattle(seat, name, arg))
    elif head == "explore":
        explore(state, seat, name)
    elif head == "aid":
        T.push(state, VAid(seat, name, int(arg), None, None))
    elif head == "quest":
        Q.start(state, seat, name, arg, "quest")
    elif head == "strike":
        T.push(state, VStrike(seat, name, arg))
    elif head == "repair":
        C.exhaust(state, name, "hammer")
        T.push(state, VRepair(seat, name, 1, ("LR-09-05-07",)))
    elif head == "craft":
        craft(state, seat, name, arg)
    else:
        special = SPECIALS[V(state, name).character or ""]
        special[1](state, seat, name, action_id)


# ---- Move (LR-09-05-01) ----------------------------------------------------------------------------------

def boots_to(state: RootState, name: str, dest: int) -> int:
    """One boot, plus one into a clearing with Hostile warriors (LR-09-02-09-03-02)."""
    return 1 + (BOARD["hostile_extra_boots"] if C.hostile_warriors_in(state, name, dest) else 0)


def move_options(state: RootState, name: str, boots: int | None = None) -> list[int]:
    """Adjacent clearings only (from a forest: the clearings around it), ignoring rule (LR-09-02-03); `boots`: his
    ready boots, if known."""
    loc = C.location(state, name)
    boots = ready(V(state, name), "boot") if boots is None else boots
    if not boots:  # every move takes a boot at least
        return []
    if loc < FOREST and B.leaving_blocked(state, name, loc):  # `blocked` for every destination
        return []
    spare = boots >= 1 + BOARD["hostile_extra_boots"]  # then `boots_to` cannot be too many
    return sorted(d for d in set(adjacent(state, name, loc, forests=False))
                  if d != loc and not blocked(state, name, loc, d, slip=True)  # leaving: asked above
                  and (spare or boots >= boots_to(state, name, d)))


def move(state: RootState, seat: int, name: str, dest: int) -> None:
    boots = boots_to(state, name, dest)
    C.exhaust(state, name, "boot", boots)
    rules = ("LR-09-05-01",) + (("LR-09-02-09-03-02",) if boots > 1 else ())
    move_pawn(state, seat, name, dest, rules, allies=True)


# ---- Battle (LR-09-05-02), with an ally (LR-09-02-09-02-03) ---------------------------------------------

@record
class VBattle(NamedTuple):
    seat: int
    name: str
    defender: str


def battle_allies(state: RootState, name: str, defender: str, c: int) -> list[str]:
    return [f for f in C.relationship_factions(state) if f != defender and C.allied(state, name, f)
            and B.warriors(state, f, c)]


@MODULE.handler(VBattle)
def run_battle(state: RootState, task: VBattle) -> None:
    c = C.clearing(state, task.name)
    assert c is not None
    if battle_allies(state, task.name, task.defender, c):
        T.ask(state, task.seat, "vagabond_ally_battle")
    else:
        T.done(state)
        begin_battle(state, task, None)


@MODULE.task_decision("vagabond_ally_battle", lambda state: [f"ally:{f}" for f in battle_allies(
    state, T.top(state).name, T.top(state).defender, C.clearing(state, T.top(state).name))] + ["alone"])
def apply_ally_battle(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    begin_battle(state, task, None if action_id == "alone" else A.arg(action_id))


def begin_battle(state: RootState, task: VBattle, ally: str | None) -> None:
    c = C.clearing(state, task.name)
    assert c is not None
    C.exhaust(state, task.name, "sword")
    data = V(state, task.name)
    data.ally, data.ally_hits, data.item_hits = ally, 0, 0
    rules = ("LR-09-05-02",) + (("LR-09-02-09-02-03",) if ally else ())
    if ally:
        state.log(rules, "ev.vb.with_ally", faction=task.name, ally=ally)
    BT.begin(state, task.seat, task.defender, c, rules)


def max_rolled_hits(name: str) -> Callable:
    """LR-09-02-06: his undamaged swords; with an ally, plus its warriors there (LR-09-02-09-02-03)."""
    def hook(state: RootState, faction: str, c: int) -> int:
        data = V(state, name)
        return C.swords(data) + (B.warriors(state, data.ally, c) if data.ally else 0)
    return hook


def defenceless(name: str) -> Callable:
    """LR-09-02-04: defenceless without an undamaged sword."""
    return lambda state, faction, c: C.swords(V(state, name)) == 0


# ---- Explore (LR-09-05-03, LR-09-07-03) ---------------------------------------------------------------------

@record
class VExplore(NamedTuple):
    seat: int
    name: str
    clearing: int


def ruin_choices(state: RootState, name: str, c: int) -> list[str]:
    """The items of the ruin he may take: not an "R" item of a type he holds as one (LR-09-07-03)."""
    held = C.ruin_kinds(V(state, name))
    return sorted({k for k in state.ruin_items.get(c, ()) if k not in held})


def explore(state: RootState, seat: int, name: str) -> None:
    c = C.clearing(state, name)
    assert c is not None
    C.exhaust(state, name, "torch")
    state.log(("LR-09-05-03",), "ev.vb.explore", faction=name, clearing=c)
    choices = ruin_choices(state, name, c)
    if len(choices) > 1:
        T.push(state, VExplore(seat, name, c))
    elif choices:
        take_from_ruin(state, seat, name, c, choices[0])
    else:
        state.log(("LR-09-07-03",), "ev.vb.nothing_taken", faction=name)


@MODULE.handler(VExplore)
def run_explore(state: RootState, task: VExplore) -> None:
    T.ask(state, task.seat, "vagabond_ruin")


def ruins_seen(state: RootState, seat: int) -> tuple[int, ...]:
    """The ruin the seat's Vagabond looks into while choosing an item (RTA-VB-07)."""
    task = T.top(state) if state.tasks else None
    return (task.clearing,) if isinstance(task, VExplore) and task.seat == seat else ()


MODULE.answer("ruins_seen", ruins_seen)


@MODULE.task_decision("vagabond_ruin", lambda state: [f"take:{k}" for k in ruin_choices(
    state, T.top(state).name, T.top(state).clearing)])
def apply_ruin(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    take_from_ruin(state, task.seat, task.name, task.clearing, A.arg(action_id))


def take_from_ruin(state: RootState, seat: int, name: str, c: int, kind: str) -> None:
    """Take it face up, score a point; the last item taken removes the ruin (LR-09-05-03)."""
    left = list(state.ruin_items[c])
    left.remove(kind)
    if left:
        state.ruin_items = {**state.ruin_items, c: tuple(left)}
    else:
        state.ruin_items = {k: v for k, v in state.ruin_items.items() if k != c}
        B.take_building(state, *RUIN, c)
    C.gain(state, name, kind, ruin=True)
    state.log(("LR-09-05-03", "RTA-VB-07"), "ev.vb.found", faction=name, item=kind, clearing=c, ruin_left=len(left))
    S.score(state, seat, BOARD["explore_points"], ("LR-09-05-03",))


# ---- Aid (LR-09-05-04) and relationships (LR-09-02-09-01, LR-09-02-09-02-01) --------------------------------

@record
class VAid(NamedTuple):
    seat: int
    name: str
    target: int
    card: str | None
    item: str | None


def aid_cards(state: RootState, task: VAid) -> list[str]:
    c = C.clearing(state, task.name)
    return [card for card in dict.fromkeys(state.hands[task.seat]) if K.matches(card, state.suits[c])]


@MODULE.handler(VAid)
def run_aid(state: RootState, task: VAid) -> None:
    if task.card is None:
        T.ask(state, task.seat, "vagabond_aid_card")
    elif task.item is None:
        kinds = ready_kinds(V(state, task.name))
        if len(kinds) == 1:
            give(state, task._replace(item=kinds[0]))
        else:
            T.ask(state, task.seat, "vagabond_aid_item")
    elif state.crafted[task.target]:
        T.ask(state, task.seat, "vagabond_aid_take")
    else:
        T.done(state)
        improve(state, task)


@MODULE.task_decision("vagabond_aid_card", lambda state: [f"give:{c}" for c in aid_cards(state, T.top(state))])
def apply_aid_card(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(card=A.arg(action_id)))


@MODULE.task_decision("vagabond_aid_item", lambda state: [f"exhaust:{k}" for k in ready_kinds(
    V(state, T.top(state).name))])
def apply_aid_item(state: RootState, action_id: str) -> None:
    give(state, T.top(state)._replace(item=A.arg(action_id)))


def give(state: RootState, task: VAid) -> None:
    """Exhaust the item, give the card (both players know it, LR-09-05-04)."""
    assert task.card is not None and task.item is not None
    C.exhaust(state, task.name, task.item)
    state.hands[task.seat].remove(task.card)
    state.hands[task.target].append(task.card)
    state.reveal(task.card, (task.seat, task.target))
    state.log(("LR-09-05-04",), "ev.vb.aid", faction=task.name, target=task.target, item=task.item)
    state.log(("LR-09-05-04",), "ev.vb.aid_card", to=(task.seat, task.target), target=task.target, card=task.card)
    T.replace(state, task)


@MODULE.task_decision("vagabond_aid_take", lambda state: [f"take:{k}" for k in sorted(set(
    state.crafted[T.top(state).target]))] + ["skip"])
def apply_aid_take(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id != "skip":
        kind = A.arg(action_id)
        items = list(state.crafted[task.target])
        items.remove(kind)
        state.crafted[task.target] = tuple(items)
        C.gain(state, task.name, kind)
        state.log(("LR-09-05-04",), "ev.vb.aid_item", faction=task.name, target=task.target, item=kind)
    improve(state, task)


def improve(state: RootState, task: VAid) -> None:
    """LR-09-02-09-01-01/02: enough aids in one turn advance the marker and score its space; an Allied
    faction scores 2 per aid (LR-09-02-09-02-01); never out of Hostile (LR-09-02-09-03-03)."""
    f = state.faction[task.target]
    r = C.rel(state, task.name, f)
    if r is None or r == HOSTILE:
        return
    rel = BOARD["relationships"]
    if r == C.ALLIED:
        S.score(state, task.seat, rel["ally_aid_points"], ("LR-09-02-09-02-01",))
        return
    data = V(state, task.name)
    n = data.aided.get(f, 0) + 1
    if n < rel["aids"][r]:
        data.aided = {**data.aided, f: n}
        return
    data.aided = {**data.aided, f: 0}
    C.set_rel(state, task.name, f, r + 1)
    rules = ("LR-09-02-09-01", "LR-09-02-09-01-01", "LR-09-02-09-01-02", "RTA-VB-01") + (
        ("LR-09-02-09-02",) if r + 1 == C.ALLIED else ())
    state.log(rules, "ev.vb.relationship", faction=task.name, other=f, space=r + 1)
    S.score(state, task.seat, rel["points"][r], rules)


# ---- Strike (LR-09-05-06) ------------------------------------------------------------------------------

@record
class VStrike(NamedTuple):
    seat: int
    name: str
    target: str


def strike_targets(state: RootState, name: str, c: int) -> list[str]:
    """Enemies with removable pieces there (a Vagabond has none: his pawn cannot be removed, RTA-VB-04)."""
    return [f for f in B.enemies_at(state, name, c) if K.everything_of(state, f, c)]  # no battle: no toll


def strike_kinds(state: RootState, task: VStrike) -> list[str]:
    c = C.clearing(state, task.name)
    if B.warriors(state, task.target, c):
        return ["warrior"]
    return sorted(set(B.buildings_of(state, task.target, c) + B.tokens_of(state, task.target, c)))


@MODULE.handler(VStrike)
def run_strike(state: RootState, task: VStrike) -> None:
    kinds = strike_kinds(state, task)
    if len(kinds) == 1:
        strike(state, task, kinds[0])
    else:
        T.ask(state, task.seat, "vagabond_strike")


@MODULE.task_decision("vagabond_strike", lambda state: [f"remove:{k}" for k in strike_kinds(state, T.top(state))])
def apply_strike(state: RootState, action_id: str) -> None:
    strike(state, T.top(state), A.arg(action_id))


def strike(state: RootState, task: VStrike, kind: str) -> None:
    T.done(state)
    c = C.clearing(state, task.name)
    C.exhaust(state, task.name, "crossbow")
    state.log(("LR-09-05-06", "RTA-VB-04"), "ev.vb.strike", faction=task.name, owner=task.target, kind=kind)
    T.push(state, RemovePieces(task.seat, task.target, c, ((kind, 1),), False, ("LR-09-05-06",)))


# ---- Repair (LR-09-05-07) ---------------------------------------------------------------------------------

@record
class VRepair(NamedTuple):
    seat: int
    name: str
    left: int
    rules: tuple[str, ...]


def damaged_ids(state: RootState, name: str) -> list[str]:
    return sorted({C.item_id(i[0], C.side(i)) for i in C.damaged(V(state, name))})


@MODULE.handler(VRepair)
def run_repair(state: RootState, task: VRepair) -> None:
    ids = damaged_ids(state, task.name)
    if task.left <= 0 or not ids:
        T.done(state)
    elif len(ids) == 1:
        repair_one(state, task, ids[0])
    else:
        T.ask(state, task.seat, "vagabond_repair")


@MODULE.task_decision("vagabond_repair", lambda state: damaged_ids(state, T.top(state).name))
def apply_repair(state: RootState, action_id: str) -> None:
    repair_one(state, T.top(state), action_id)


def repair_one(state: RootState, task: VRepair, item: str) -> None:
    kind, s = C.parse_item(item)
    C.repair(state, task.name, kind, s.endswith("down"))
    state.log(task.rules, "ev.vb.repaired", faction=task.name, item=kind)
    T.replace(state, task._replace(left=task.left - 1))


# ---- Craft (LR-09-05-08, LR-09-02-01) ------------------------------------------------------------------------

def craft_options(state: RootState, seat: int, name: str, c: int) -> list[str]:
    """One hammer per crafting icon; every icon must match his clearing (LR-09-05-08)."""
    hammers = ready(V(state, name), "hammer")
    if hammers <= 0 or K.crafting_blocked(state, seat, c):  # his pawn is his crafting piece (LR-17-02-03)
        return []
    have = B.tally({state.suits[c]: hammers})
    return [A.craft_id(card) for card in dict.fromkeys(state.hands[seat]) if K.craftable(state, seat, card, have)]


def craft(state: RootState, seat: int, name: str, card: str) -> None:
    C.exhaust(state, name, "hammer", len(CARDS[card].cost))
    state.log(("LR-09-05-08", "LR-09-02-01"), "ev.vb.craft", faction=name, n=len(CARDS[card].cost))
    K.resolve_craft(state, seat, card)


def takes_item(name: str) -> Callable:
    """A crafted item goes face up to his Satchel or track (LR-09-02-01, LR-09-05-08)."""
    def hook(state: RootState, seat: int, item: str) -> None:
        C.gain(state, name, item)
    return hook
