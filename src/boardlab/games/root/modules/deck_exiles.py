"""The Exiles and Partisans deck's card effects (option `deck: exiles`, LR-AA-02): a plain module,
switched on with the deck (data/decks.yaml). Every effect card is a persistent effect crafted into
the play area (LR-04-01-03, no duplicates LR-04-01-04); this module gives each its effect through
the base game's extension points (program.POINTS). Every event names the card (`card:<key>`).

| card | when | how |
|---|---|---|
| Saboteurs | start of Birdsong | `birdsong_start`: discard it to discard an enemy's crafted card |
| Soup Kitchens | always | `rule_bonus`: the holder's tokens count two each toward rule |
| Boat Builders, Tunnels | always | `adjacent`: rivers / crafting-piece clearings are adjacent for the holder |
| Corvid Planners | moving | `moves_ignore_rule` |
| Eyrie Emigre | end of Birdsong | `birdsong_end` + `moved`: a move, then a battle where it ended, or discard it |
| Partisans (3) | battle, after rolling | `battle_effects`: an extra hit, then discard the hand's other suits |
| Propaganda Bureau, League of Adventurous Mice | once in Daylight | `phase_options` |
| False Orders, Swap Meet | in Birdsong (Swap Meet once) | `phase_options` |
| Informants | Evening draws | `draw_options`: an ambush from the discard pile instead |
| Charm Offensive | start of Evening | `evening_start` |
| Coffin Makers | warriors returned; start of Birdsong | `warriors_returned`, `birdsong_start` |
| Murine Broker, Master Engravers | items crafted | `item_crafted` |

State: `mods["deck_exiles"]`: warriors on Coffin Makers by faction and Eyrie Emigre's destination while
its move is under way; the items each seat exhausted for League of Adventurous Mice are the base's
`state.exhausted` (the Brigand hireling exhausts crafted items too).
Choices the cards leave open: docs/root-rulings.md, section "Exiles and Partisans" (RTA-EP-*).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from ..content import CARDS, DECKS, MAPS
from ..program import faction as faction_of
from ..records import Battle, RemovePieces
from ..state import RootState

NAME = "deck_exiles"
MODULE = Module(NAME, messages="deck_exiles.yaml")
PARTISANS = {"fox": "fox_partisans", "rabbit": "rabbit_partisans", "mouse": "mouse_partisans"}
LEAGUE = "league_of_adventurous_mice"
WAITING = -1  # Eyrie Emigre's move is under way and has not ended yet


@register
class ExilesState(Data):
    __slots__ = ("coffins", "emigre")

    def __init__(self, players: int = 0) -> None:
        self.coffins: dict[str, int] = {}                            # faction -> warriors on Coffin Makers
        self.emigre: int | None = None                                # Eyrie Emigre's destination (WAITING)


MODULE.data = lambda state: ExilesState(state.players)


def X(state: RootState) -> ExilesState:
    return state.mods[NAME]


def has(state: RootState, seat: int | None, key: str) -> str | None:
    """The card of that effect in the seat's play area, if any."""
    return None if seat is None else BT.has_persistent(state, seat, key)


def holder(state: RootState, key: str) -> int | None:
    return next((s for s in range(state.players) if has(state, s, key)), None)


def enemies(state: RootState, seat: int) -> list[int]:
    """LR-AG-08: every other player not in a coalition with the seat."""
    partners = {state.coalition.get(seat)} | {v for v, p in state.coalition.items() if p == seat}
    return [s for s in range(state.players) if s != seat and s not in partners]


def discard_played(state: RootState, seat: int, key: str) -> str:
    """A persistent card leaves the play area for the discard pile (used up, sabotaged, failed)."""
    card = has(state, seat, key)
    assert card is not None
    state.play_area[seat] = tuple(c for c in state.play_area[seat] if c != card)
    K.to_pile(state, card)
    if CARDS[card].key == "coffin_makers":
        release_coffins(state, ("card:coffin_makers", "RTA-EP-02"))
    return card


# ---- always on: Soup Kitchens, Boat Builders, Tunnels, Corvid Planners -----------------------------------------

def rule_bonus(state: RootState, faction: str, c: int) -> int:
    """Soup Kitchens: the holder's tokens count toward rule, two each (LR-02-05 otherwise ignores them)."""
    if not state.tokens[c] or not has(state, state.seat_of(faction), "soup_kitchens"):
        return 0
    return 2 * len(B.tokens_of(state, faction, c))


def adjacent(state: RootState, faction: str, c: int) -> list[int]:
    """Boat Builders: rivers are paths for the holder (LR-02-03); Tunnels: the clearings of the holder's
    crafting pieces are adjacent to each other (LR-02-02-01 otherwise)."""
    seat = state.seat_of(faction)
    out: list[int] = []
    if has(state, seat, "boat_builders"):
        out += MAPS[state.map].river_adj[c]
    if seat is not None and has(state, seat, "tunnels"):
        sites = set(faction_of(state, seat).crafting_pieces(state, seat))
        if c in sites:
            out += sorted(sites - {c})
    return out


def moves_ignore_rule(state: RootState, faction: str) -> bool:
    """Corvid Planners: the holder moves whoever rules (LR-04-02-01 otherwise)."""
    return bool(has(state, state.seat_of(faction), "corvid_planners"))


MODULE.answer("rule_bonus", rule_bonus)
MODULE.answer("adjacent", adjacent)
MODULE.answer("moves_ignore_rule", moves_ignore_rule)


# ---- start of Birdsong: Coffin Makers' count, Saboteurs ---------------------------------------------------------

@record
class Sabotage(NamedTuple):
    """Saboteurs: discard it to discard an enemy's crafted card, or keep it."""
    seat: int


def sabotage_targets(state: RootState, seat: int) -> list[str]:
    """Crafted persistent cards in enemies' play areas (an activated dominance card is no crafted
    card and cannot leave, LR-03-03-02; RTA-EP-09)."""
    return [c for s in enemies(state, seat) for c in state.play_area[s] if CARDS[c].kind == "persistent"]


def birdsong_start(state: RootState, seat: int) -> list:
    if has(state, seat, "coffin_makers"):
        count_coffins(state, seat)
    if has(state, seat, "saboteurs") and sabotage_targets(state, seat):
        return [Sabotage(seat)]
    return []


MODULE.answer("birdsong_start", birdsong_start)


@MODULE.handler(Sabotage)
def run_sabotage(state: RootState, task: Sabotage) -> None:
    T.ask_or_done(state, task.seat, "saboteurs", sabotage_targets(state, task.seat))


@MODULE.task_decision("saboteurs", lambda state: [f"sabotage:{c}" for c in sabotage_targets(
    state, T.top(state).seat)] + ["pass"])
def apply_sabotage(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "pass":
        return
    target = A.arg(action_id)
    victim = next(s for s in range(state.players) if target in state.play_area[s])
    discard_played(state, task.seat, "saboteurs")
    state.log(("card:saboteurs", "LR-02-01-04", "RTA-EP-09"), "ev.ep.sabotage", seat=task.seat, victim=victim,
              card=target)
    discard_played(state, victim, CARDS[target].key)


# ---- Coffin Makers ---------------------------------------------------------------------------------------------------

def warriors_returned(state: RootState, owner: str, c: int, n: int) -> list:
    """Removed warriors that went back to a supply go on Coffin Makers instead (RTA-EP-01)."""
    if holder(state, "coffin_makers") is None:
        return []
    n = min(n, state.supply.get(owner, 0))
    if n:
        state.supply[owner] -= n
        data = X(state)
        data.coffins = {**data.coffins, owner: data.coffins.get(owner, 0) + n}
        state.log(("card:coffin_makers", "LR-AG-24", "RTA-EP-01"), "ev.ep.coffin", faction=owner, n=n, clearing=c)
    return []


MODULE.answer("warriors_returned", warriors_returned)


def count_coffins(state: RootState, seat: int) -> None:
    """At the start of the holder's Birdsong: a point per five warriors on the card, then they all
    go back to their supplies."""
    total = sum(X(state).coffins.values())
    S.score(state, seat, total // 5, ("card:coffin_makers", "RTA-EP-15"))
    release_coffins(state, ("card:coffin_makers", "RTA-EP-15"))


def release_coffins(state: RootState, rules: tuple[str, ...]) -> None:
    data = X(state)
    if not data.coffins:
        return
    for f, n in data.coffins.items():
        state.supply[f] = state.supply.get(f, 0) + n
    state.log(rules, "ev.ep.coffins_back", n=sum(data.coffins.values()))
    data.coffins = {}


# ---- end of Birdsong: Eyrie Emigre -----------------------------------------------------------------------------------

@record
class Emigre(NamedTuple):
    """Eyrie Emigre: a move (stage "move"), then a battle where it ended (stage "battle")."""
    seat: int
    stage: str


MODULE.answer("birdsong_end", lambda state, seat: [Emigre(seat, "move")] if has(state, seat, "eyrie_emigre") else [])


@MODULE.handler(Emigre)
def run_emigre(state: RootState, task: Emigre) -> None:
    f = state.faction[task.seat]
    data = X(state)
    if task.stage == "move":
        data.emigre = WAITING
        T.replace(state, task._replace(stage="battle"))
        T.push(state, MV.moves(task.seat, f, 1, ("card:eyrie_emigre", "RTA-EP-04"), must=True))
        return
    T.done(state)
    dest, data.emigre = data.emigre, None
    if dest is not None and dest >= 0 and BT.battle_sites(state, f, (dest,)):
        T.push(state, BT.start(task.seat, f, ("card:eyrie_emigre", "RTA-EP-04"), (dest,), must=True))
        return
    discard_played(state, task.seat, "eyrie_emigre")
    state.log(("card:eyrie_emigre", "RTA-EP-04"), "ev.ep.emigre_fails", seat=task.seat)


def emigre_moved(state: RootState, seat: int, faction: str, origin: int, dest: int, n: int) -> list:
    data = X(state)
    if data.emigre == WAITING and state.faction[seat] == faction:
        data.emigre = dest
    return []


MODULE.answer("moved", emigre_moved)


# ---- battle: the Partisans -------------------------------------------------------------------------------------------

def battle_effects(state: RootState, battle: Battle, seat: int, attacking: bool) -> list[str]:
    """After rolling (LR-04-03-04), in a clearing of the card's suit, once a battle."""
    if battle.stage.startswith("before"):
        return []
    key = PARTISANS[state.suits[battle.clearing]]
    return [f"effect:{key}"] if has(state, seat, key) and not BT.used(battle, attacking, key) else []


def use_battle_effect(state: RootState, battle: Battle, seat: int, key: str) -> Battle | None:
    suit = next((s for s, k in PARTISANS.items() if k == key), None)
    if suit is None:
        return None
    card = has(state, seat, key)
    gone = [c for c in state.hands[seat] if CARDS[c].suit != suit]  # birds too (LR-02-01-01-01, RTA-EP-03)
    state.hands[seat] = [c for c in state.hands[seat] if CARDS[c].suit == suit]
    for card in gone:
        K.to_pile(state, card)
    rules = (f"card:{key}", "LR-04-03-05-01", "LR-02-01-01-01", "RTA-EP-03")
    state.log(rules, "ev.ep.partisans", seat=seat, card=card, cards=gone)
    if seat == battle.attacker:
        return battle._replace(hits_a=battle.hits_a + 1)
    return battle._replace(hits_d=battle.hits_d + 1)


MODULE.answer("battle_effects", battle_effects)
MODULE.answer("use_battle_effect", use_battle_effect)


# ---- phase options: False Orders, Swap Meet (Birdsong); Propaganda Bureau, League (Daylight) --------------------------

def phase_options(state: RootState, seat: int, phase: str) -> list[str]:
    out: list[str] = []
    if phase == "birdsong":
        if has(state, seat, "false_orders") and order_foes(state, seat):
            out.append(A.use_id("false_orders"))
        if has(state, seat, "swap_meet") and not state.used.get("swap_meet"):
            out += [A.use_id("swap_meet", s) for s in range(state.players) if s != seat and state.hands[s]]
    elif phase == "daylight":
        if has(state, seat, "propaganda_bureau") and not state.used.get("propaganda_bureau") and bureau_sites(
                state, seat):
            out.append(A.use_id("propaganda_bureau"))
        if has(state, seat, LEAGUE) and not state.used.get(LEAGUE) and league_items(state, seat) and league_actions(
                state, seat):
            out.append(A.use_id(LEAGUE))
    return out


def use_phase_option(state: RootState, seat: int, action_id: str) -> bool:
    parts = A.args(action_id)
    if A.head(action_id) != "use" or not parts:
        return False
    key = parts[0]
    if key == "false_orders":
        T.push(state, FalseOrders(seat, None, None))
    elif key == "swap_meet":
        state.used["swap_meet"] = 1
        swap_take(state, seat, int(parts[1]))
    elif key == "propaganda_bureau":
        state.used["propaganda_bureau"] = 1
        T.push(state, Bureau(seat, None, None))
    elif key == LEAGUE:
        state.used[LEAGUE] = 1
        T.push(state, League(seat, None))
    else:
        return False
    return True


MODULE.answer("phase_options", phase_options)
MODULE.answer("use_phase_option", use_phase_option)


# False Orders ----------------------------------------------------------------------------------------------------------

@record
class FalseOrders(NamedTuple):
    """False Orders (with its errata): the holder picks an enemy, a clearing of its warriors and where
    half of them (rounded up) go, ignoring rule; the enemy makes that move (LR-01-05-05)."""
    seat: int
    foe: str | None
    origin: int | None


def order_sources(state: RootState, foe: str) -> list[int]:
    w = state.warriors.get(foe, [])
    return [c for c, n in enumerate(w) if n and MV.destinations(state, foe, c, ignore_rule=True)]


def order_foes(state: RootState, seat: int) -> list[str]:
    return [state.faction[s] for s in enemies(state, seat) if order_sources(state, state.faction[s])]


@MODULE.handler(FalseOrders)
def run_false_orders(state: RootState, task: FalseOrders) -> None:
    if task.foe is None:
        foes = order_foes(state, task.seat)
        if len(foes) == 1:
            T.replace(state, task._replace(foe=foes[0]))
        else:
            T.ask_or_done(state, task.seat, "false_orders_foe", foes)
    else:
        T.ask(state, task.seat, "false_orders_from" if task.origin is None else "false_orders_to")


@MODULE.task_decision("false_orders_foe", lambda state: [f"foe:{f}" for f in order_foes(state, T.top(state).seat)])
def apply_orders_foe(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(foe=A.arg(action_id)))


@MODULE.task_decision("false_orders_from", lambda state: [A.from_id(c) for c in order_sources(state, T.top(state).foe)])
def apply_orders_from(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(origin=A.clearing_arg(action_id)))


@MODULE.task_decision("false_orders_to", lambda state: [A.to_id(c) for c in MV.destinations(
    state, T.top(state).foe, T.top(state).origin, ignore_rule=True)])
def apply_orders_to(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    assert task.foe is not None and task.origin is not None
    discard_played(state, task.seat, "false_orders")
    forced = state.seat_of(task.foe)
    n = (state.warriors[task.foe][task.origin] + 1) // 2
    rules = ("card:false_orders", "LR-01-05-05", "RTA-EP-06")
    state.log(rules, "ev.ep.false_orders", seat=task.seat, faction=task.foe, n=n)
    T.push(state, *MV.relocate(state, forced if forced is not None else task.seat, task.foe, task.origin,
                               A.clearing_arg(action_id), n, rules))


# Swap Meet -------------------------------------------------------------------------------------------------------------

@record
class SwapGive(NamedTuple):
    """Swap Meet's second half: give the player robbed a card of your choice (LR-01-03-02)."""
    seat: int
    other: int


def swap_take(state: RootState, seat: int, other: int) -> None:
    hand = state.hands[other]
    card = hand.pop(state.roll(len(hand)))
    state.hands[seat].append(card)
    state.reveal(card, (seat, other))
    state.log(("card:swap_meet", "LR-AG-22"), "ev.steal", seat=seat, victim=other)
    state.log(("card:swap_meet",), "ev.steal_card", to=(seat, other), seat=seat, victim=other, card=card)
    T.push(state, SwapGive(seat, other))


@MODULE.handler(SwapGive)
def run_swap_give(state: RootState, task: SwapGive) -> None:
    T.ask_or_done(state, task.seat, "swap_meet_give", state.hands[task.seat])


@MODULE.task_decision("swap_meet_give", lambda state: [f"give:{c}" for c in dict.fromkeys(state.hands[T.top(state).seat])])
def apply_swap_give(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    card = A.arg(action_id)
    state.hands[task.seat].remove(card)
    state.hands[task.other].append(card)
    state.reveal(card, (task.seat, task.other))
    rules = ("card:swap_meet", "LR-01-03-02", "RTA-EP-10")
    state.log(rules, "ev.ep.give", seat=task.seat, target=task.other)
    state.log(rules, "ev.ep.give_card", to=(task.seat, task.other), seat=task.seat, target=task.other, card=card)


# Propaganda Bureau -----------------------------------------------------------------------------------------------------

@record
class Bureau(NamedTuple):
    """Propaganda Bureau: the clearing, the enemy whose warrior goes, then the card spent."""
    seat: int
    clearing: int | None
    foe: str | None


@record
class BureauPlace(NamedTuple):
    seat: int
    clearing: int


def bureau_foes(state: RootState, seat: int, c: int) -> list[str]:
    return [state.faction[s] for s in enemies(state, seat) if B.warriors(state, state.faction[s], c)]


def bureau_sites(state: RootState, seat: int) -> list[int]:
    return [c for c in range(len(state.suits)) if bureau_foes(state, seat, c) and K.matching(state, seat, state.suits[c])]


def bureau_cards(state: RootState, task: Bureau) -> list[str]:
    assert task.clearing is not None
    return list(dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing])))


@MODULE.handler(Bureau)
def run_bureau(state: RootState, task: Bureau) -> None:
    if task.clearing is None:
        T.ask_or_done(state, task.seat, "bureau_where", bureau_sites(state, task.seat))
    elif task.foe is None:
        foes = bureau_foes(state, task.seat, task.clearing)
        if len(foes) == 1:
            T.replace(state, task._replace(foe=foes[0]))
        else:
            T.ask(state, task.seat, "bureau_foe")
    elif len(bureau_cards(state, task)) == 1:
        _bureau(state, task, bureau_cards(state, task)[0])
    else:
        T.ask(state, task.seat, "bureau_spend")


@MODULE.task_decision("bureau_where", lambda state: [f"bureau:{A.clearing_id(c)}" for c in bureau_sites(
    state, T.top(state).seat)])
def apply_bureau_where(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("bureau_foe", lambda state: [f"foe:{f}" for f in bureau_foes(
    state, T.top(state).seat, T.top(state).clearing)])
def apply_bureau_foe(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(foe=A.arg(action_id)))


@MODULE.task_decision("bureau_spend", lambda state: [f"spend:{c}" for c in bureau_cards(state, T.top(state))])
def apply_bureau_spend(state: RootState, action_id: str) -> None:
    _bureau(state, T.top(state), A.arg(action_id))


def _bureau(state: RootState, task: Bureau, card: str) -> None:
    T.done(state)
    assert task.clearing is not None and task.foe is not None
    rules = ("card:propaganda_bureau", "RTA-EP-07")
    K.discard(state, task.seat, card, rules + ("LR-AG-31",))
    T.push(state, RemovePieces(task.seat, task.foe, task.clearing, (("warrior", 1),), False, rules),
           BureauPlace(task.seat, task.clearing))


@MODULE.handler(BureauPlace)
def run_bureau_place(state: RootState, task: BureauPlace) -> None:
    """Then one of the holder's warriors there, as far as the supply and placing limits allow
    (LR-01-05-04)."""
    T.done(state)
    f = state.faction[task.seat]
    n = B.place_warriors(state, f, task.clearing, 1) if B.may_place(state, f, task.clearing) else 0
    state.log(("card:propaganda_bureau", "LR-01-05-04", "RTA-EP-07"), "ev.ep.bureau_place", seat=task.seat,
              clearing=task.clearing, n=n)


# League of Adventurous Mice --------------------------------------------------------------------------------------------

@record
class League(NamedTuple):
    """League of Adventurous Mice: the item to exhaust, then a move or a battle."""
    seat: int
    item: str | None


def league_items(state: RootState, seat: int) -> list[str]:
    """Items in the seat's Crafted Items box not yet exhausted (RTA-EP-08)."""
    left = Counter(state.crafted[seat]) - Counter(state.exhausted[seat])
    return sorted(left)


def league_actions(state: RootState, seat: int) -> list[str]:
    f = state.faction[seat]
    return (["move"] if MV.can_move(state, f) else []) + (["battle"] if BT.can_battle(state, f) else [])


@MODULE.handler(League)
def run_league(state: RootState, task: League) -> None:
    if task.item is None:
        items = league_items(state, task.seat)
        if len(items) == 1:
            T.replace(state, task._replace(item=items[0]))
        else:
            T.ask_or_done(state, task.seat, "league_item", items)
        return
    choices = league_actions(state, task.seat)
    if len(choices) == 1:
        _league(state, task, choices[0])
    else:
        T.ask_or_done(state, task.seat, "league_action", choices)


@MODULE.task_decision("league_item", lambda state: [f"exhaust:{i}" for i in league_items(state, T.top(state).seat)])
def apply_league_item(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(item=A.arg(action_id)))


@MODULE.task_decision("league_action", lambda state: [f"league:{a}" for a in league_actions(state, T.top(state).seat)])
def apply_league_action(state: RootState, action_id: str) -> None:
    _league(state, T.top(state), A.arg(action_id))


def _league(state: RootState, task: League, what: str) -> None:
    T.done(state)
    assert task.item is not None
    exhausted = list(state.exhausted)
    exhausted[task.seat] = exhausted[task.seat] + (task.item,)
    state.exhausted = exhausted
    rules = (f"card:{LEAGUE}", "RTA-EP-08")
    state.log(rules, "ev.ep.league", seat=task.seat, item=task.item)
    f = state.faction[task.seat]
    if what == "move":
        T.push(state, MV.moves(task.seat, f, 1, rules, must=True))
    else:
        T.push(state, BT.start(task.seat, f, rules, must=True))


# ---- Evening: Charm Offensive, Informants -----------------------------------------------------------------------------

@record
class Charm(NamedTuple):
    seat: int


MODULE.answer("evening_start", lambda state, seat: [Charm(seat)] if has(state, seat, "charm_offensive") else [])


@MODULE.handler(Charm)
def run_charm(state: RootState, task: Charm) -> None:
    T.ask(state, task.seat, "charm_offensive")


@MODULE.task_decision("charm_offensive", lambda state: [f"charm:{s}" for s in range(state.players)
                                                       if s != T.top(state).seat] + ["pass"])
def apply_charm(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "pass":
        return
    other = int(A.arg(action_id))
    rules = ("card:charm_offensive", "RTA-EP-11")
    state.log(rules, "ev.ep.charm", seat=task.seat, target=other)
    K.draw(state, task.seat, 1, rules)
    S.score(state, other, 1, rules)


def draw_options(state: RootState, seat: int, n: int) -> list[str]:
    """Informants: in the holder's own Evening, an ambush card from the discard pile instead of the
    cards it would draw (RTA-EP-05)."""
    if state.phase != "evening" or seat != state.active or not has(state, seat, "informants"):
        return []
    return [f"informants:{c}" for c in dict.fromkeys(state.discard) if CARDS[c].kind == "ambush"]


def use_draw_option(state: RootState, seat: int, action_id: str) -> bool:
    if A.head(action_id) != "informants":
        return False
    card = A.arg(action_id)
    state.discard.remove(card)
    state.hands[seat].append(card)
    state.reveal(card, tuple(range(state.players)))  # taken from the face-up pile (LR-01-02-02)
    state.log(("card:informants", "LR-01-02-02", "RTA-EP-05"), "ev.ep.informants", seat=seat, card=card)
    return True


MODULE.answer("draw_options", draw_options)
MODULE.answer("use_draw_option", use_draw_option)


# ---- crafting items: Master Engravers, Murine Broker ----------------------------------------------------------------

def item_crafted(state: RootState, seat: int, item: str) -> list:
    if has(state, seat, "master_engravers"):
        S.score(state, seat, 1, ("card:master_engravers", "LR-03-02-02"))
    for other in range(state.players):
        if other != seat and has(state, other, "murine_broker"):
            K.draw(state, other, 1, ("card:murine_broker", "RTA-EP-14"))
    return []


MODULE.answer("item_crafted", item_crafted)


# ---- what the module shows and its action ids -----------------------------------------------------------------------

def view(state: RootState, full: dict[str, Any]) -> None:
    data = state.mods.get(NAME)
    if data is not None:
        full["exiles"] = {"coffins": dict(data.coffins), "exhausted": [list(e) for e in state.exhausted]}


MODULE.view = view


def actions(players: int, options: dict) -> list[Segment]:
    cards = DECKS[options.get("deck", "exiles")]
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = [A.use_id(k) for k in ("false_orders", "propaganda_bureau", LEAGUE)]
    ids += [A.use_id("swap_meet", s) for s in range(players)]
    ids += [f"effect:{k}" for k in PARTISANS.values()]
    ids += [f"sabotage:{c.id}" for c in cards if c.kind == "persistent"]
    ids += [f"informants:{c.id}" for c in cards if c.kind == "ambush"]  # give: and exhaust: are the base's
    ids += [f"foe:{f}" for f in A.factions_of(options)] + [f"bureau:{c}" for c in clearings]
    ids += ["league:move", "league:battle"]
    ids += [f"charm:{s}" for s in range(players)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"sabotage": ("card",), "informants": ("card",), "foe": ("faction",),  # type: ignore[attr-defined]
                "bureau": ("clearing",), "league": ("word",), "charm": ("seat",)}
