"""The Exile (promoted) / The Brigand (demoted): the Vagabond's hireling (data/hirelings.yaml).

The Exile: a pawn in a forest and items on its card (3 Clubs at setup). Ability: any player, on their own
turn, with faction pieces in a clearing next to the Exile's forest, may put an item of their Crafted Items box
on the card (ready or exhausted, as it was) to draw a card and score a point. Once per Daylight, any number
of times: exhaust an item on the card to move to an adjacent forest, or two to battle in a clearing next to
its forest; then every item on the card is refreshed. In battle it rolls up to one hit per item on the card,
and each hit it takes exhausts a ready item, or removes an exhausted one (out of the game) when none is
ready (RTA-HIRE-15). The Brigand (the controller's): set up by putting the "R" items under the ruins as if a
Vagabond were in play; once per Daylight it may take an item from a ruin in a clearing with its faction
pieces into its Crafted Items box, and once per Daylight exhaust an item there to take a random card from a
player with faction pieces in a clearing where it has faction pieces (RTA-HIRE-16).

State: `mods["exile"]`: the side and the items on the card, `(item, exhausted)`; the pawn is `pawns["exile"]`
(a forest: FOREST + its index).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import scoring as S
from ..content import ITEMS, MAPS, faction_sheet
from ..program import Hireling, HirelingCard
from ..state import FOREST, RUIN, RootState
from . import hirelings as HL

NAME = "exile"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30")
ABILITY: Rules = ("LR-AH-02-02", "RT-HR-26", "RT-HR-27")
MOVE_COST, BATTLE_COST = 1, 2  # items exhausted (the card)
AID_POINTS, AID_DRAW = 1, 1
RUIN_ITEMS = tuple(faction_sheet("vagabond")["ruin_items"])  # "as if a Vagabond were in play"
Item = tuple[str, bool]  # (item, exhausted)


@register
class ExileCard(HirelingCard):
    __slots__ = ("items",)

    def __init__(self) -> None:
        super().__init__()
        self.items: tuple[Item, ...] = ()   # the items on the card


MODULE.data = lambda state: ExileCard()


def X(state: RootState) -> ExileCard:
    return state.mods[NAME]


def forest(state: RootState) -> int | None:
    """The Exile's forest (its index), None while off the map."""
    loc = state.pawns.get(NAME)
    return None if loc is None or loc < FOREST else loc - FOREST


def ready(state: RootState) -> int:
    return sum(1 for _, exhausted in X(state).items if not exhausted)


def near(state: RootState) -> tuple[int, ...]:
    """The clearings next to its forest."""
    f = forest(state)
    return () if f is None else MAPS[state.map].forests[f]


# ---- setup ---------------------------------------------------------------------------------------------------

@record
class ExileSetup(NamedTuple):
    seat: int


def setup(state: RootState, seat: int) -> list:
    if MODULE.demoted(state):
        populate_ruins(state)
        return []
    X(state).items = tuple((item, False) for item, n in MODULE.spec.pieces.items.items() for _ in range(n))
    return [ExileSetup(seat)]


MODULE.setup = setup


def populate_ruins(state: RootState) -> None:
    """The Brigand: one "R" item under each ruin, shuffled, as a Vagabond's setup would (LR-09-03-04)."""
    if state.ruin_items:
        return
    ruins = [c for c, pieces in enumerate(state.buildings) if RUIN in pieces]
    items = state.shuffle(sorted(RUIN_ITEMS))
    state.ruin_items = {c: (items[k],) for k, c in enumerate(ruins[:len(items)])}
    state.log(("RT-AS-17", "LR-09-03-04", "RTA-HIRE-16"), "ev.exile.ruins", n=len(state.ruin_items))


def forest_ids(forests) -> list[str]:
    return [f"exile_forest:{f + 1}" for f in forests]


@MODULE.handler(ExileSetup)
def run_setup(state: RootState, task: ExileSetup) -> None:
    T.ask(state, task.seat, "exile_setup")


@MODULE.task_decision("exile_setup", lambda state: forest_ids(range(len(MAPS[state.map].forests))))
def apply_setup(state: RootState, action_id: str) -> None:
    T.done(state)
    f = int(A.arg(action_id)) - 1
    state.pawns = {**state.pawns, NAME: FOREST + f}
    state.log(("RT-AS-17", "RT-HR-01"), "ev.exile.placed", forest=f)


# ---- battle hooks: items are its strength and take its hits -------------------------------------------------------

def fighters(state: RootState, faction: str, c: int) -> int:
    return len(X(state).items) if c in near(state) else 0


def takes_hits(state: RootState, task) -> list:
    """Each hit exhausts a ready item; with none ready, it removes an exhausted one (out of the game)."""
    items = list(X(state).items)
    for _ in range(task.hits):
        if not items:
            break
        i = next((k for k, (_, exhausted) in enumerate(items) if not exhausted), None)
        if i is not None:
            items[i] = (items[i][0], True)
            state.log(task.rules + ABILITY + ("RTA-HIRE-15",), "ev.exile.exhausted", item=items[i][0])
        else:
            item, _ = items.pop(0)
            state.log(task.rules + ABILITY + ("RTA-HIRE-15",), "ev.exile.lost", item=item)
    X(state).items = tuple(items)
    return []


MODULE.fighters = fighters
MODULE.max_rolled_hits = lambda state, faction, c: len(X(state).items)
MODULE.takes_hits = takes_hits


# ---- Once per Daylight: moves and battles, then refresh ------------------------------------------------------------

def exile_options(state: RootState) -> list[str]:
    f = forest(state)
    if f is None:
        return []
    out = forest_ids(MAPS[state.map].forest_adj[f]) if ready(state) >= MOVE_COST else []
    if ready(state) >= BATTLE_COST:
        out += [f"exile_battle:{A.clearing_id(c)}" for c in BT.battle_sites(state, NAME, near(state))]
    return out


def daylight(state: RootState, seat: int) -> list[str]:
    out = []
    if MODULE.demoted(state):
        if HL.once(state, NAME, "explore") and explore_sites(state, seat):
            out.append(f"hireling:{NAME}:explore")
        if HL.once(state, NAME, "steal") and steal_items(state, seat) and steal_targets(state, seat):
            out.append(f"hireling:{NAME}:steal")
    elif HL.once(state, NAME) and exile_options(state):
        out.append(f"hireling:{NAME}:act")
    return out


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    action = A.args(action_id)[1]
    if action == "act":
        HL.use_once(state, NAME)
        state.log(DAYLIGHT, "ev.exile.act", seat=seat)
        T.push(state, ExileTurn(seat))
    elif action == "explore":
        HL.use_once(state, NAME, action)
        T.push(state, BrigandExplore(seat, None))
    else:
        HL.use_once(state, NAME, action)
        T.push(state, BrigandSteal(seat, None))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@record
class ExileTurn(NamedTuple):
    seat: int


@MODULE.handler(ExileTurn)
def run_turn(state: RootState, task: ExileTurn) -> None:
    if exile_options(state):
        T.ask(state, task.seat, "exile_act")
    else:
        finish(state)


@MODULE.task_decision("exile_act", lambda state: exile_options(state) + ["done"])
def apply_act(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        finish(state)
        return
    if A.head(action_id) == "exile_forest":
        exhaust(state, MOVE_COST)
        f = int(A.arg(action_id)) - 1
        state.pawns = {**state.pawns, NAME: FOREST + f}
        state.log(DAYLIGHT, "ev.exile.moved", forest=f)
        return
    c = A.clearing_arg(action_id)
    exhaust(state, BATTLE_COST)
    T.push(state, BT.start(task.seat, NAME, DAYLIGHT, (c,), must=True)._replace(clearing=c))


def exhaust(state: RootState, n: int) -> None:
    items = list(X(state).items)
    for _ in range(n):
        i = next(k for k, (_, exhausted) in enumerate(items) if not exhausted)
        items[i] = (items[i][0], True)
    X(state).items = tuple(items)


def finish(state: RootState) -> None:
    T.done(state)
    X(state).items = tuple((item, False) for item, _ in X(state).items)
    state.log(DAYLIGHT, "ev.exile.refreshed", n=len(X(state).items))


# ---- Aid: any player on their turn ------------------------------------------------------------------------------------

def aid_items(state: RootState, seat: int) -> list[str]:
    """`exile_aid:ITEM` for a ready item of its Crafted Items box, `exile_aid:ITEM:exhausted` for an exhausted one."""
    tired = list(state.exhausted[seat])
    fresh = list(state.crafted[seat])
    for item in tired:
        if item in fresh:
            fresh.remove(item)
    return ([f"exile_aid:{i}" for i in dict.fromkeys(fresh)] + [f"exile_aid:{i}:exhausted" for i in dict.fromkeys(tired)
                                                                   if i in state.crafted[seat]])


def anyone(state: RootState, seat: int, phase: str) -> list[str]:
    if MODULE.demoted(state) or seat != state.active or not aid_items(state, seat):
        return []
    f = state.faction[seat]
    return [f"hireling:{NAME}:aid"] if any(B.has_pieces(state, f, c) for c in near(state)) else []


def use_anyone(state: RootState, seat: int, action_id: str) -> None:
    T.push(state, ExileAid(seat))


MODULE.anyone = anyone
MODULE.use_anyone = use_anyone


@record
class ExileAid(NamedTuple):
    seat: int


@MODULE.handler(ExileAid)
def run_aid(state: RootState, task: ExileAid) -> None:
    choices = aid_items(state, task.seat)
    if len(choices) == 1:
        apply_aid(state, choices[0])
    else:
        T.ask_or_done(state, task.seat, "exile_aid", choices)


@MODULE.task_decision("exile_aid", lambda state: aid_items(state, T.top(state).seat))
def apply_aid(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    parts = A.args(action_id)
    item, exhausted = parts[0], len(parts) > 1
    state.crafted[task.seat] = without(state.crafted[task.seat], item)
    if exhausted:
        state.exhausted[task.seat] = without(state.exhausted[task.seat], item)
    X(state).items = X(state).items + ((item, exhausted),)
    state.log(ABILITY, "ev.exile.aided", seat=task.seat, item=item)
    K.draw(state, task.seat, AID_DRAW, ABILITY)
    S.score(state, task.seat, AID_POINTS, ABILITY)


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)
    return tuple(out)


# ---- The Brigand (demoted) ----------------------------------------------------------------------------------------------

@record
class BrigandExplore(NamedTuple):
    seat: int
    clearing: int | None


def explore_sites(state: RootState, seat: int) -> list[int]:
    f = state.faction[seat]
    return [c for c, items in sorted(state.ruin_items.items()) if items and B.has_pieces(state, f, c)]


@MODULE.handler(BrigandExplore)
def run_explore(state: RootState, task: BrigandExplore) -> None:
    if task.clearing is None:
        sites = explore_sites(state, task.seat)
        if len(sites) == 1:
            T.replace(state, task._replace(clearing=sites[0]))
        else:
            T.ask_or_done(state, task.seat, "brigand_ruin", sites)
        return
    kinds = sorted(set(state.ruin_items.get(task.clearing, ())))
    if len(kinds) == 1:
        T.done(state)
        take(state, task.seat, task.clearing, kinds[0])
    else:
        T.ask_or_done(state, task.seat, "brigand_take", kinds)


@MODULE.task_decision("brigand_ruin", lambda state: [f"brigand_ruin:{A.clearing_id(c)}" for c in explore_sites(
    state, T.top(state).seat)])
def apply_ruin(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("brigand_take", lambda state: [f"brigand_take:{k}" for k in sorted(set(state.ruin_items.get(
    T.top(state).clearing, ())))])
def apply_take(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    take(state, task.seat, task.clearing, A.arg(action_id))


def take(state: RootState, seat: int, c: int, item: str) -> None:
    """Into the controller's Crafted Items box; the last item taken removes the ruin."""
    left = list(state.ruin_items[c])
    left.remove(item)
    if left:
        state.ruin_items = {**state.ruin_items, c: tuple(left)}
    else:
        state.ruin_items = {k: v for k, v in state.ruin_items.items() if k != c}
        B.take_building(state, *RUIN, c)
    state.log(("LR-AH-02-04", "RT-HR-30", "RTA-HIRE-16"), "ev.exile.explored", seat=seat, clearing=c, item=item,
              ruin_left=len(left))
    K.gain_item(state, seat, item, ("LR-AH-02-04",))


@record
class BrigandSteal(NamedTuple):
    seat: int
    item: str | None


def steal_items(state: RootState, seat: int) -> list[str]:
    """Ready items of its Crafted Items box (RTA-EP-08: exhausted ones stay so)."""
    fresh = list(state.crafted[seat])
    for item in state.exhausted[seat]:
        if item in fresh:
            fresh.remove(item)
    return sorted(set(fresh))


def steal_targets(state: RootState, seat: int) -> list[int]:
    f = state.faction[seat]
    mine = [c for c in range(len(state.suits)) if B.has_pieces(state, f, c)]
    return [s for s in range(state.players) if s != seat and state.hands[s]
            and any(B.has_pieces(state, state.faction[s], c) for c in mine)]


@MODULE.handler(BrigandSteal)
def run_steal(state: RootState, task: BrigandSteal) -> None:
    if task.item is None:
        items = steal_items(state, task.seat)
        if len(items) == 1:
            T.replace(state, task._replace(item=items[0]))
        else:
            T.ask_or_done(state, task.seat, "brigand_item", items)
        return
    targets = steal_targets(state, task.seat)
    if len(targets) == 1:
        T.done(state)
        steal(state, task, targets[0])
    else:
        T.ask_or_done(state, task.seat, "brigand_steal", targets)


@MODULE.task_decision("brigand_item", lambda state: [f"exhaust:{i}" for i in steal_items(state, T.top(state).seat)])
def apply_item(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(item=A.arg(action_id)))


@MODULE.task_decision("brigand_steal", lambda state: [f"brigand_steal:{s}" for s in steal_targets(
    state, T.top(state).seat)])
def apply_steal(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    steal(state, task, int(A.arg(action_id)))


def steal(state: RootState, task: BrigandSteal, victim: int) -> None:
    assert task.item is not None
    state.exhausted[task.seat] = state.exhausted[task.seat] + (task.item,)
    hand = state.hands[victim]
    card = hand.pop(state.roll(len(hand)))
    state.hands[task.seat].append(card)
    state.reveal(card, (task.seat, victim))
    rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HIRE-16", "LR-AG-22")
    state.log(rules, "ev.exile.steal", seat=task.seat, victim=victim, item=task.item)
    state.log(rules, "ev.exile.steal_card", to=(task.seat, victim), seat=task.seat, victim=victim, card=card)


# ---- view, action ids ------------------------------------------------------------------------------------------------

def card(state: RootState) -> dict:
    if MODULE.demoted(state):
        return {}
    f = forest(state)
    return {"forest": None if f is None else f + 1, "items": [[item, exhausted] for item, exhausted in X(state).items]}


MODULE.card = card


def actions(players: int, options: dict) -> list[Segment]:
    forests = max(len(m.forests) for m in MAPS.values())
    ids = [f"hireling:{NAME}:{a}" for a in ("act", "aid", "explore", "steal")] + ["done"]
    ids += forest_ids(range(forests)) + [f"exile_battle:{A.clearing_id(c)}" for c in range(12)]
    ids += [f"exile_aid:{i}" for i in ITEMS] + [f"exile_aid:{i}:exhausted" for i in ITEMS]
    ids += [f"brigand_ruin:{A.clearing_id(c)}" for c in range(12)] + [f"brigand_take:{i}" for i in ITEMS]
    ids += [f"brigand_steal:{s}" for s in range(players)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"exile_forest": ("forest",), "exile_battle": ("clearing",), "exile_aid": ("item", "word"),
                "brigand_ruin": ("clearing",), "brigand_take": ("item",), "brigand_steal": ("seat",)}


def describe(state: RootState, action_id: str, lang: str) -> str | None:
    """`exile_forest:N` names a forest by its number (the forms' "forest" counts from 0);
    `exile_aid:ITEM:exhausted` gives an exhausted item."""
    from .. import RULESET
    from ..view import name_of
    cat = RULESET.catalogue
    head, parts = A.head(action_id), A.args(action_id)
    if head == "exile_forest":
        return cat.text(f"act.exile_forest.{state.pending[1] if state.pending else 'exile_act'}", lang,
                        p0=name_of("forest", int(parts[0]) - 1, lang, cat))
    if head == "exile_aid" and len(parts) > 1:
        return cat.text("act.exile_aid.exhausted", lang, p0=name_of("item", parts[0], lang, cat))
    return None


MODULE.describe = describe
