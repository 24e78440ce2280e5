"""The Lilypad Diaspora (LR-16): enclaves with a Peaceful and a Militant side, the frog suit they bring to their
clearings, the frog cards and the Pond, Rally or Reconcile, Settle and Provoke, Retaliate, Integrate, Fears Come to
Pass, enemies' Negotiations, Swimmers and Frog Dominance with its Enclave Defense.

Setup: 5 warriors and a Peaceful enclave in a clearing on the river; the frog cards shuffled into the deck (without
Frog Dominance at two players) and the Pond beside it. Its setup card (Advanced Setup, RTA-LP-03): the same in a
river homeland, not next to an enemy homeland if able. Birdsong: craft with enclaves, then Rally or Reconcile.
Daylight: up to three Settle or Provoke. Evening: battle at each Militant enclave, Integrate, draw and discard.

The base rules reach the Diaspora through extension points: enclaves change their clearings' suits
(`clearing_suits`), frog cards go to the Pond (`takes_discard`), which may be drawn from (`draw_options`) and is
shuffled into a new deck (`reshuffle_cards`); rivers are paths for it and its river moves ignore rule (`adjacent`,
`move_ignores_rule`); an enemy attacking or removing a Peaceful enclave makes fears come to pass (`battle_begun`,
`battle_ended`, `removed`); enemies negotiate on their turns (`phase_options`); Frog Dominance wins its own way
(`dominance_win`). Its own hooks take its hits (warriors, then Enclave Defense warriors, then the enclave) and count
Enclave Defense warriors as defenders.

State: `mods["lilypad"]`: the Pond (face up, its top last), Daylight actions taken, the battles at Peaceful enclaves
under way, the Militant enclaves battled this Evening. Enclaves are tokens on the map (kinds `peaceful` and
`militant`); those not on it are in its supply. Everything of the Diaspora's is public but its hand. Choices the Law
leaves open: RTA-LP-01..12 (docs/root-rulings.md, "Lilypad Diaspora"); the board's numbers:
data/factions/lilypad.yaml.
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
from ..content import ADDED_CARDS, CARDS, DECK_MODULES, DECKS, MAPS, SUITS, hirelings_possible, faction_sheet
from ..program import PROGRAM, Faction
from ..records import Battle, RemovePieces, StartBattle, TakeHits
from ..state import RootState
from . import lilypad_board

NAME = "lilypad"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
ADVANCED = BOARD["advanced"]
PEACEFUL, MILITANT = "peaceful", "militant"
FROG = "frog"
FROG_CARDS = tuple(c.id for c in ADDED_CARDS["frog"])
FROG_DOMINANCE = next(c for c in FROG_CARDS if CARDS[c].kind == "dominance")
MAX_DRAW = 8  # the most cards one draw asks for (`pond:N` ids)
Rules = tuple[str, ...]


@register
class LilypadState(Data):
    __slots__ = ("pond", "actions", "fears", "retaliated")

    def __init__(self) -> None:
        self.pond: list[str] = []              # the Pond, face up, its top last (LR-16-02-03)
        self.actions = 0                       # Settle and Provoke taken this Daylight (LR-16-05)
        self.fears: tuple[tuple[int, str], ...] = ()  # (clearing, attacker) of battles at Peaceful enclaves
        self.retaliated: tuple[int, ...] = ()  # Militant enclaves battled this Evening (LR-16-06-01)


MODULE.data = lambda state: LilypadState()


def P(state: RootState) -> LilypadState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- enclaves (LR-16-02-01) ------------------------------------------------------------------------------------------

def enclave(state: RootState, c: int) -> str | None:
    """The side of the enclave in `c`, or None (one enclave a clearing at most, RTA-LP-04)."""
    for owner, kind in state.tokens[c]:
        if owner == NAME:
            return kind
    return None


def enclaves(state: RootState, side: str) -> list[int]:
    return B.where(state, NAME, side)


def enclaves_left(state: RootState) -> int:
    """Enclaves in its supply (LR-16-03-01)."""
    return BOARD["enclaves"] - len(enclaves(state, PEACEFUL)) - len(enclaves(state, MILITANT))


def flip(state: RootState, c: int, side: str) -> None:
    """Turn the enclave in `c` to `side` (a flip places nothing)."""
    other = MILITANT if side == PEACEFUL else PEACEFUL
    state.tokens[c] = tuple((NAME, side) if p == (NAME, other) else p for p in state.tokens[c])


def rivers(state: RootState, c: int) -> tuple[int, ...]:
    """Clearings a river links to `c` (the Lake's lake counts, LR-AM-03-02)."""
    return MAPS[state.map].river_adj[c] if c < len(state.suits) else ()


def on_river(state: RootState, c: int) -> bool:
    return bool(rivers(state, c))


def clearing_suits(state: RootState, c: int) -> tuple[str, ...] | None:
    """LR-16-02-01-01/02: a Peaceful enclave adds the frog suit, a Militant one covers the printed suit with it."""
    for owner, kind in state.tokens[c]:
        if owner == NAME:
            return (FROG,) if kind == MILITANT else (state.suits[c], FROG)
    return None


MODULE.answer("clearing_suits", clearing_suits)


def rally_at_militant(state: RootState, rules: Rules) -> None:
    """A warrior at each Militant enclave, in clearing order while the supply lasts (LR-01-05-04, RTA-LP-05)."""
    placed = []
    for c in sorted(enclaves(state, MILITANT)):
        if state.supply[NAME] and B.may_place(state, NAME, c) and B.place_warriors(state, NAME, c,
                                                                                 BOARD["rally_warriors"]):
            placed.append(c)
    state.log(rules + ("RTA-LP-05",), "ev.lilypad.rally", clearings=placed)


def peaceful_count(state: RootState) -> int:
    return len(enclaves(state, PEACEFUL))


# ---- setup (LR-16-03) and its setup card (RTA-LP-03) -----------------------------------------------------------------

@record
class LilypadSetup(NamedTuple):
    seat: int
    advanced: bool


def _supplies(state: RootState) -> None:
    state.log(("LR-16-03-01",), "ev.lilypad.supplies", n=state.supply[NAME], enclaves=BOARD["enclaves"])


@MODULE.step("lilypad.setup")
def setup(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [LilypadSetup(seat(state), False)], RETURN)


@MODULE.step("lilypad.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [LilypadSetup(seat(state), True)], RETURN)


def start_sites(state: RootState, advanced: bool) -> list[int]:
    """LR-16-03-02: a clearing on the river; its setup card: a river homeland away from enemy homelands if able."""
    river = [c for c in range(len(state.suits)) if on_river(state, c) and B.may_place(state, NAME, c)]
    return ADV.farthest(state, NAME, river, ADVANCED["apart"]) if advanced else river


@MODULE.handler(LilypadSetup)
def run_setup(state: RootState, task: LilypadSetup) -> None:
    sites = start_sites(state, task.advanced)
    if len(sites) > 1:
        T.ask(state, task.seat, "lilypad_start")
    elif sites:
        start_at(state, task, sites[0])
    else:
        T.done(state)
        ADV.no_room(state, NAME)
        add_frog_cards(state)


@MODULE.task_decision("lilypad_start", lambda state: [f"enclave_at:{A.clearing_id(c)}" for c in start_sites(
    state, T.top(state).advanced)])
def apply_start(state: RootState, action_id: str) -> None:
    start_at(state, T.top(state), A.clearing_arg(action_id))


def start_at(state: RootState, task: LilypadSetup, c: int) -> None:
    T.done(state)
    state.homes = {**state.homes, NAME: (c,)}
    n = B.place_warriors(state, NAME, c, ADVANCED["warriors"] if task.advanced else BOARD["start_warriors"])
    B.add_token(state, NAME, PEACEFUL, c)
    rules: Rules = ("LR-16-03-02",) + (("LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-LP-03") if task.advanced else ())
    state.log(rules, "ev.lilypad.start", clearing=c, n=n)
    add_frog_cards(state)


def add_frog_cards(state: RootState) -> None:
    """LR-16-03-03/04: the frog cards into the deck, shuffled (Frog Dominance removed at two players)."""
    cards = [c for c in FROG_CARDS if state.players > 2 or c != FROG_DOMINANCE]
    state.conceal(*cards)
    state.deck = state.shuffle(state.deck + cards)
    state.log(("LR-16-02-02", "LR-16-03-03", "LR-16-03-04"), "ev.lilypad.frog_cards", n=len(cards),
              dominance=FROG_DOMINANCE in cards)


# ---- Birdsong (LR-16-04) ---------------------------------------------------------------------------------------------

@record
class LilypadBirdsong(NamedTuple):
    seat: int
    stage: str   # craft, choose (Rally or Reconcile), reconcile


@MODULE.step("lilypad.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [LilypadBirdsong(seat(state), "craft")], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-16-02-07: its enclaves, either side (a Militant one pays only frog or "?", LR-16-02-01-01)."""
    return sorted(enclaves(state, PEACEFUL) + enclaves(state, MILITANT))


MODULE.crafting_pieces = crafting_pieces


def _craft_options(state: RootState, me: int) -> list[str]:
    return K.craft_options(state, me) + TN.phase_options(state, me)


@MODULE.handler(LilypadBirdsong)
def run_birdsong(state: RootState, task: LilypadBirdsong) -> None:
    if task.stage == "craft":
        if _craft_options(state, task.seat):
            T.ask(state, task.seat, "lilypad_craft")
        else:
            T.replace(state, task._replace(stage="choose"))
    elif task.stage == "choose":
        T.ask(state, task.seat, "lilypad_rally_or_reconcile")
    else:
        T.ask_or_done(state, task.seat, "lilypad_reconcile", enclaves(state, MILITANT))


@MODULE.task_decision("lilypad_craft", lambda state: _craft_options(state, T.top(state).seat) + ["done"])
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="choose"))
    elif A.head(action_id) == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


@MODULE.task_decision("lilypad_rally_or_reconcile", lambda state: ["rally", "reconcile"])
def apply_rally_or_reconcile(state: RootState, action_id: str) -> None:
    """LR-16-04-02: one of the two, always (with no Militant enclave either does nothing)."""
    task = T.top(state)
    if action_id == "rally":
        T.done(state)
        rally_at_militant(state, ("LR-16-04", "LR-16-04-02", "LR-16-04-02-01"))
    else:
        state.log(("LR-16-04-02", "LR-16-04-02-02"), "ev.lilypad.reconcile")
        T.replace(state, task._replace(stage="reconcile"))


@MODULE.task_decision("lilypad_reconcile", lambda state: [f"reconcile_at:{A.clearing_id(c)}" for c in sorted(
    enclaves(state, MILITANT))] + ["done"])
def apply_reconcile(state: RootState, action_id: str) -> None:
    if action_id == "done":
        T.done(state)
        return
    c = A.clearing_arg(action_id)
    flip(state, c, PEACEFUL)
    state.log(("LR-16-04-02-02",), "ev.lilypad.reconciled", clearing=c)
    ruler_draws(state, c, ("LR-16-04-02-02",))


def ruler_draws(state: RootState, c: int, rules: Rules) -> None:
    """The player ruling `c` draws a card (the Pond's top if it likes, LR-16-02-03-01)."""
    ruler = B.ruler(state, c)
    who = state.seat_of(ruler) if ruler else None
    if who is not None:
        K.draw(state, who, 1, rules)


# ---- Daylight (LR-16-05) ---------------------------------------------------------------------------------------------

@record
class LilypadDaylight(NamedTuple):
    seat: int


@MODULE.step("lilypad.daylight")
def daylight(state: RootState) -> str:
    P(state).actions = 0
    return T.run_then(state, [LilypadDaylight(seat(state))], RETURN)


def moves_into(state: RootState) -> dict[int, list[int]]:
    """Each clearing the Diaspora's warriors may move into now, with the clearings they may come from (adjacent for
    it: rivers too, LR-16-02-06)."""
    w = state.warriors[NAME]
    ruled = B.rulers(state)
    out: dict[int, list[int]] = {}
    for o in range(len(state.suits)):
        if w[o]:
            for d in MV.destinations(state, NAME, o, ruled=ruled):
                out.setdefault(d, []).append(o)
    return out


def settle_origins(state: RootState, c: int, used: tuple[int, ...] = ()) -> list[int]:
    """LR-16-05-01: adjacent clearings whose warriors may move into `c`, each once."""
    return [o for o in moves_into(state).get(c, ()) if o not in used]


def may_place_enclave(state: RootState, c: int) -> bool:
    return enclave(state, c) is None and enclaves_left(state) > 0 and B.may_place(state, NAME, c)


def settle_enclave_ok(state: RootState, c: int) -> bool:
    """LR-16-05-01: a Peaceful enclave where it has none and the Diaspora rules."""
    return may_place_enclave(state, c) and B.rules(state, NAME, c)


def settle_sites(state: RootState) -> list[int]:
    """Clearings where a Settle can do something: move in, battle, or place an enclave."""
    into = moves_into(state)
    return [c for c in range(len(state.suits)) if c in into or settle_enclave_ok(state, c)
            or (B.warriors(state, NAME, c) and BT.targets(state, NAME, c))]


def provoke_flips(state: RootState) -> list[int]:
    return sorted(enclaves(state, PEACEFUL))


def provoke_places(state: RootState) -> list[int]:
    """LR-16-05-02: on the river or at a Diaspora warrior, where it has no enclave (RTA-LP-04)."""
    return [c for c in range(len(state.suits)) if (on_river(state, c) or B.warriors(state, NAME, c))
            and may_place_enclave(state, c)]


def daylight_options(state: RootState, me: int) -> list[str]:
    if P(state).actions >= BOARD["daylight_actions"]:
        return []
    out = [f"settle:{A.clearing_id(c)}" for c in settle_sites(state)]
    out += [f"provoke:flip:{A.clearing_id(c)}" for c in provoke_flips(state)]
    return out + [f"provoke:place:{A.clearing_id(c)}" for c in provoke_places(state)]


def _daylight_ids(state: RootState, me: int) -> list[str]:
    return daylight_options(state, me) + TN.phase_options(state, me)


@MODULE.handler(LilypadDaylight)
def run_daylight(state: RootState, task: LilypadDaylight) -> None:
    ids = _daylight_ids(state, task.seat)
    if ids:
        T.offer(state, task.seat, "lilypad_daylight", ids + ["done"])
    else:
        T.done(state)


@MODULE.task_decision("lilypad_daylight", lambda state: _daylight_ids(state, T.top(state).seat) + ["done"])
def apply_daylight(state: RootState, action_id: str) -> None:
    me = T.top(state).seat
    head = A.head(action_id)
    if action_id == "done":
        T.done(state)
    elif head == "settle":
        P(state).actions += 1
        c = A.clearing_arg(action_id)
        state.log(("LR-16-05", "LR-16-05-01"), "ev.lilypad.settle", clearing=c)
        T.push(state, LilypadSettle(me, c, (), None, "move"))
    elif head == "provoke":
        P(state).actions += 1
        provoke(state, me, A.args(action_id)[0], A.clearing_of(A.args(action_id)[1]))
    else:
        TN.apply_phase_option(state, me, action_id)


@record
class LilypadSettle(NamedTuple):
    """Moves into `clearing` (each origin once: `used`; `origin` chosen, its count next), then battle or enclave."""
    seat: int
    clearing: int
    used: tuple[int, ...]
    origin: int | None
    stage: str   # move, after


def _settle_options(state: RootState, task: LilypadSettle) -> list[str]:
    c = task.clearing
    if task.stage == "move":
        return [A.from_id(o) for o in settle_origins(state, c, task.used)]
    out = [A.battle_id(c)] if B.warriors(state, NAME, c) and BT.targets(state, NAME, c) else []
    return out + ([f"enclave_at:{A.clearing_id(c)}"] if settle_enclave_ok(state, c) else [])


@MODULE.handler(LilypadSettle)
def run_settle(state: RootState, task: LilypadSettle) -> None:
    if task.origin is not None and B.warriors(state, NAME, task.origin) > 1:
        T.ask(state, task.seat, "lilypad_settle_count")
    elif task.origin is not None:
        settle_move(state, task, 1)
    elif task.stage == "move" and not _settle_options(state, task):
        T.replace(state, task._replace(stage="after"))
    elif task.stage == "move":
        T.ask(state, task.seat, "lilypad_settle_from")
    else:
        T.ask_or_done(state, task.seat, "lilypad_settle_then", _settle_options(state, task))


@MODULE.task_decision("lilypad_settle_from", lambda state: _settle_options(state, T.top(state)) + ["done"])
def apply_settle_from(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="after"))
    else:
        T.replace(state, task._replace(origin=A.clearing_arg(action_id)))


@MODULE.task_decision("lilypad_settle_count", lambda state: [A.warriors_id(n) for n in range(
    1, B.warriors(state, NAME, T.top(state).origin) + 1)])
def apply_settle_count(state: RootState, action_id: str) -> None:
    settle_move(state, T.top(state), int(A.arg(action_id)))


def settle_move(state: RootState, task: LilypadSettle, n: int) -> None:
    o = task.origin
    assert o is not None
    T.replace(state, task._replace(used=task.used + (o,), origin=None))
    T.push(state, *MV.relocate(state, task.seat, NAME, o, task.clearing, n, ("LR-16-05-01", "LR-16-02-06")))


@MODULE.task_decision("lilypad_settle_then", lambda state: _settle_options(state, T.top(state)) + ["done"])
def apply_settle_then(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    c = task.clearing
    if A.head(action_id) == "battle":
        T.push(state, battle_at(task.seat, c, ("LR-16-05-01",)))
    elif A.head(action_id) == "enclave_at":
        state.log(("LR-16-05-01",), "ev.lilypad.enclave_placed", clearing=c, kind=PEACEFUL)
        B.add_token(state, NAME, PEACEFUL, c)


def provoke(state: RootState, me: int, how: str, c: int) -> None:
    """LR-16-05-02: flip a Peaceful enclave or place a Militant one, a warrior at each Militant enclave, then a
    random card of the hand discarded."""
    rules: Rules = ("LR-16-05", "LR-16-05-02")
    if how == "flip":
        flip(state, c, MILITANT)
        state.log(rules, "ev.lilypad.provoked", clearing=c)
    else:
        state.log(rules, "ev.lilypad.enclave_placed", clearing=c, kind=MILITANT)
        B.add_token(state, NAME, MILITANT, c)
    rally_at_militant(state, rules)
    hand = state.hands[me]
    if hand:
        card = hand[state.roll(len(hand))]
        K.discard(state, me, card, rules)


# ---- Evening (LR-16-06) ----------------------------------------------------------------------------------------------

@record
class LilypadEvening(NamedTuple):
    seat: int
    stage: str   # retaliate, integrate


@MODULE.step("lilypad.evening")
def evening(state: RootState) -> str:
    P(state).retaliated = ()
    return T.run_then(state, [LilypadEvening(seat(state), "retaliate")], RETURN)


def retaliation_sites(state: RootState) -> list[int]:
    """LR-16-06-01: Militant enclaves not battled yet this Evening where it can battle now (enemy pieces placed there
    meanwhile count: each is looked at again after every battle)."""
    done = P(state).retaliated
    return [c for c in sorted(enclaves(state, MILITANT)) if c not in done and BT.fighters(state, NAME, c)
            and BT.targets(state, NAME, c)]


def matching_peaceful(state: RootState, suit: str) -> int:
    """Peaceful enclaves in clearings of the printed suit (LR-16-06-02: never the frog suit)."""
    return sum(1 for c in enclaves(state, PEACEFUL) if state.suits[c] == suit)


def integrate_options(state: RootState, me: int) -> list[str]:
    """One card, a suit it matches (a bird: any suit, LR-02-01-01; a frog card: none, RTA-LP-07)."""
    out = []
    for card in dict.fromkeys(state.hands[me]):
        suit = CARDS[card].suit
        for s in (SUITS if suit == "bird" else (suit,) if suit in SUITS else ()):
            if matching_peaceful(state, s):
                out.append(f"integrate:{card}:{s}")
    return out


def draws(state: RootState) -> int:
    """LR-16-06-03: one card plus the bonus of its Peaceful enclaves on the map."""
    n = peaceful_count(state)
    bonus = max((b["bonus"] for b in BOARD["draw_bonus"] if n >= b["at_least"]), default=0)
    return BOARD["draw_base"] + bonus


@MODULE.handler(LilypadEvening)
def run_evening(state: RootState, task: LilypadEvening) -> None:
    if task.stage == "retaliate":
        sites = retaliation_sites(state)
        if len(sites) > 1:
            T.ask(state, task.seat, "lilypad_retaliate")
        elif sites:
            retaliate(state, task.seat, sites[0])
        else:
            T.replace(state, task._replace(stage="integrate"))
        return
    if integrate_options(state, task.seat):
        T.ask(state, task.seat, "lilypad_integrate")
    else:
        draw_and_discard(state, task)


def draw_and_discard(state: RootState, task: LilypadEvening) -> None:
    T.done(state)
    T.push(state, K.hand_limit(task.seat, ("LR-16-06-03",)))
    K.draw(state, task.seat, draws(state), ("LR-16-06", "LR-16-06-03"))


@MODULE.task_decision("lilypad_retaliate", lambda state: [A.battle_id(c) for c in retaliation_sites(state)])
def apply_retaliate(state: RootState, action_id: str) -> None:
    retaliate(state, T.top(state).seat, A.clearing_arg(action_id))


def retaliate(state: RootState, me: int, c: int) -> None:
    P(state).retaliated = P(state).retaliated + (c,)
    T.push(state, battle_at(me, c, ("LR-16-06", "LR-16-06-01")))


def battle_at(me: int, c: int, rules: Rules) -> StartBattle:
    """A battle in `c`, the clearing chosen already (the defender next, if several)."""
    return StartBattle(me, NAME, (c,), True, c, rules)


def _integrate_decision(state: RootState) -> list[str]:
    return integrate_options(state, T.top(state).seat) + ["skip"]


@MODULE.task_decision("lilypad_integrate", _integrate_decision)
def apply_integrate(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id != "skip":
        _, card, suit = action_id.split(":")
        n = matching_peaceful(state, suit)
        state.hands[task.seat].remove(card)
        K.to_pile(state, card)
        state.log(("LR-16-06-02", "RTA-LP-07"), "ev.lilypad.integrate", card=card, suit=suit, n=n)
        S.score(state, task.seat, n * BOARD["integrate_vp"], ("LR-16-06-02",))
    draw_and_discard(state, task)


# ---- Fears Come to Pass (LR-16-02-04) ---------------------------------------------------------------------------------

@record
class LilypadFears(NamedTuple):
    enemy: str
    rules: Rules


def battle_begun(state: RootState, battle: Battle) -> list:
    """Note a battle where an enemy attacks the Diaspora at a Peaceful enclave."""
    attacker = BT.attacker_of(state, battle)
    if battle.defender == NAME and enclave(state, battle.clearing) == PEACEFUL and B.are_enemies(
            state, attacker, NAME):
        P(state).fears = P(state).fears + ((battle.clearing, attacker),)
    return []


MODULE.answer("battle_begun", battle_begun)


def battle_ended(state: RootState, battle: Battle) -> list:
    data = P(state)
    key = (battle.clearing, BT.attacker_of(state, battle))
    if battle.defender != NAME or key not in data.fears:
        return []
    data.fears = tuple(f for f in data.fears if f != key)
    return [LilypadFears(key[1], ("LR-16-02-04",))]


MODULE.answer("battle_ended", battle_ended)


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """An enemy removing a Peaceful enclave outside battle."""
    if owner != NAME or in_battle or by_seat is None or PEACEFUL not in dict(pieces):
        return []
    enemy = state.faction[by_seat]
    return [LilypadFears(enemy, ("LR-16-02-04",))] if B.are_enemies(state, enemy, NAME) else []


MODULE.answer("removed", on_removed)


@MODULE.handler(LilypadFears)
def run_fears(state: RootState, task: LilypadFears) -> None:
    """Every Peaceful enclave with that enemy's pieces turns Militant, with a warrior placed there."""
    T.done(state)
    flipped = [c for c in sorted(enclaves(state, PEACEFUL)) if B.has_pieces(state, task.enemy, c)]
    for c in flipped:
        flip(state, c, MILITANT)
        if state.supply[NAME] and B.may_place(state, NAME, c):
            B.place_warriors(state, NAME, c, BOARD["rally_warriors"])
    state.log(task.rules, "ev.lilypad.fears", other=task.enemy, clearings=flipped)


# ---- Negotiations (LR-16-02-05) ---------------------------------------------------------------------------------------

NEGOTIATED = "lilypad:negotiated"


def negotiation_sites(state: RootState, s: int) -> list[int]:
    """Militant enclaves where the enemy at seat `s` has pieces, once a turn; where another player rules, it needs a
    card to give."""
    me = state.faction[s]
    if me == NAME or state.used.get(NEGOTIATED) or not B.are_enemies(state, me, NAME):
        return []
    out = []
    for c in sorted(enclaves(state, MILITANT)):
        if not B.has_pieces(state, me, c):
            continue
        ruler = B.ruler(state, c)
        other = state.seat_of(ruler) if ruler else None
        if other is None or other == s or state.hands[s]:
            out.append(c)
    return out


def phase_options(state: RootState, s: int, phase: str) -> list[str]:
    if state.seat_of(NAME) is None:
        return []
    return [f"negotiate:{A.clearing_id(c)}" for c in negotiation_sites(state, s)]


MODULE.answer("phase_options", phase_options)


@record
class LilypadNegotiate(NamedTuple):
    seat: int
    clearing: int
    to: int | None   # the ruler to give a card to


def use_phase_option(state: RootState, s: int, action_id: str) -> bool:
    if A.head(action_id) != "negotiate":
        return False
    c = A.clearing_arg(action_id)
    state.used[NEGOTIATED] = 1
    ruler = B.ruler(state, c)
    other = state.seat_of(ruler) if ruler else None
    T.push(state, LilypadNegotiate(s, c, other if other not in (None, s) else None))
    return True


MODULE.answer("use_phase_option", use_phase_option)


@MODULE.handler(LilypadNegotiate)
def run_negotiate(state: RootState, task: LilypadNegotiate) -> None:
    if task.to is not None and state.hands[task.seat]:
        T.ask(state, task.seat, "lilypad_negotiate_give")
        return
    T.done(state)
    negotiated(state, task)


@MODULE.task_decision("lilypad_negotiate_give", lambda state: [f"give:{c}" for c in dict.fromkeys(
    state.hands[T.top(state).seat])])
def apply_negotiate_give(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    card = A.arg(action_id)
    state.hands[task.seat].remove(card)
    state.hands[task.to].append(card)
    state.reveal(card, (task.seat, task.to))
    state.log(("LR-16-02-05",), "ev.lilypad.negotiation_card", to=(task.seat, task.to), seat=task.seat, card=card,
              receiver=task.to)
    negotiated(state, task)


def negotiated(state: RootState, task: LilypadNegotiate) -> None:
    flip(state, task.clearing, PEACEFUL)
    state.log(("LR-16-02-05",), "ev.lilypad.negotiated", seat=task.seat, clearing=task.clearing)


# ---- Swimmers (LR-16-02-06) ---------------------------------------------------------------------------------------------

def adjacent(state: RootState, faction: str, c: int) -> tuple[int, ...]:
    return rivers(state, c) if faction == NAME else ()


MODULE.answer("adjacent", adjacent)


def move_ignores_rule(state: RootState, faction: str, origin: int, dest: int) -> bool:
    return faction == NAME and dest in rivers(state, origin)


MODULE.answer("move_ignores_rule", move_ignores_rule)


# ---- the Pond (LR-16-02-03) --------------------------------------------------------------------------------------------

def takes_discard(state: RootState, card: str) -> bool:
    """LR-16-02-03: a frog card discarded or spent goes face up onto the Pond (Frog Dominance near the map as any
    dominance card, RTA-LP-06)."""
    spec = CARDS[card]
    if spec.suit != FROG or spec.kind == "dominance" or state.seat_of(NAME) is None:
        return False
    state.conceal(card)
    P(state).pond.append(card)
    state.log(("LR-16-02-03",), "ev.lilypad.pond", card=card)
    return True


MODULE.answer("takes_discard", takes_discard)


def reshuffle_cards(state: RootState) -> list[str]:
    """LR-16-02-03-02: the Pond goes into the new deck."""
    data = P(state)
    cards, data.pond = data.pond, []
    return cards


MODULE.answer("reshuffle_cards", reshuffle_cards)


def draw_options(state: RootState, s: int, n: int) -> list[str]:
    """LR-16-02-03-01: the Pond's top card first, instead of the deck's."""
    return [f"pond:{min(n, MAX_DRAW)}"] if state.seat_of(NAME) is not None and P(state).pond and n > 0 else []


MODULE.answer("draw_options", draw_options)


def use_draw_option(state: RootState, s: int, action_id: str) -> bool:
    if A.head(action_id) != "pond":
        return False
    card = P(state).pond.pop()
    state.hands[s].append(card)
    state.reveal(card, range(state.players))  # it lay face up
    state.log(("LR-16-02-03-01",), "ev.lilypad.from_pond", seat=s, card=card)
    K.draw_now(state, s, int(A.arg(action_id)) - 1, ("LR-16-02-03-01",))
    return True


MODULE.answer("use_draw_option", use_draw_option)


# ---- Frog Dominance and Enclave Defense (LR-16-02-02-01) ------------------------------------------------------------

def dominance_win(state: RootState, s: int, card: str) -> bool | None:
    """LR-16-02-02-01: rule at least two enclaves on the river."""
    if card != FROG_DOMINANCE:
        return None
    me = state.faction[s]
    ruled = B.rulers(state)
    river = [c for c in enclaves(state, PEACEFUL) + enclaves(state, MILITANT) if on_river(state, c)]
    return sum(1 for c in river if ruled[c] == me) >= BOARD["dominance_enclaves"]


MODULE.answer("dominance_win", dominance_win)


def current_battle(state: RootState, c: int) -> Battle | None:
    battle = next((t for t in reversed(state.tasks) if isinstance(t, Battle)), None)
    return battle if battle is not None and battle.clearing == c and battle.defender == NAME else None


def defense_owner(state: RootState, c: int) -> str | None:
    """LR-16-02-02-01-01: the faction with Frog Dominance defends the Diaspora at an enclave, unless it attacks."""
    holder = next((s for s, card in enumerate(state.dominance) if card == FROG_DOMINANCE), None)
    if holder is None or state.faction[holder] == NAME or enclave(state, c) is None:
        return None
    battle = current_battle(state, c)
    if battle is None or battle.attacker == holder:
        return None
    return state.faction[holder]


def defense_warriors(state: RootState, c: int) -> int:
    owner = defense_owner(state, c)
    return B.warriors(state, owner, c) if owner else 0


MODULE.max_rolled_hits = lambda state, f, c: B.warriors(state, NAME, c) + defense_warriors(state, c)
MODULE.defenceless = lambda state, f, c: B.warriors(state, NAME, c) + defense_warriors(state, c) == 0


def takes_hits(state: RootState, task: TakeHits) -> list:
    """Its warriors first, then Enclave Defense warriors (RTA-LP-08), then its enclave there (one at most)."""
    c, left = task.clearing, task.hits
    if K.kept(state, task.by_seat, task.via, NAME, c):
        return []
    out: list = []
    own = min(left, B.warriors(state, NAME, c))
    pieces: list[tuple[str, int]] = [("warrior", own)] if own else []
    left -= own
    ally = defense_owner(state, c) if task.in_battle and left else None
    if ally:
        theirs = min(left, B.warriors(state, ally, c))
        if theirs:
            out.append(BT.take_hits(state, ally, task.by_seat, c, theirs, task.rules + ("LR-16-02-02-01-01",),
                                    via=task.via))
            left -= theirs
    side = enclave(state, c)
    if left and side:
        pieces.append((side, 1))
    if pieces:
        out.insert(0, RemovePieces(task.by_seat, NAME, c, tuple(pieces), task.in_battle, task.rules, task.via))
    return out


MODULE.takes_hits = takes_hits


# ---- what everyone sees, bots, action ids ------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """Everything but the hand is public: enclaves on the map and in the supply, the Pond, Daylight actions, draws."""
    data = state.mods.get(NAME)
    if data is None or not state.suits:
        return
    full[NAME] = {"peaceful": [A.clearing_id(c) for c in sorted(enclaves(state, PEACEFUL))],
                  "militant": [A.clearing_id(c) for c in sorted(enclaves(state, MILITANT))],
                  "enclaves_left": enclaves_left(state), "pond": list(data.pond), "actions": data.actions,
                  "actions_max": BOARD["daylight_actions"], "draws": draws(state),
                  "integrate": {s: matching_peaceful(state, s) for s in SUITS}}


MODULE.view = view

PEACEFUL_VALUE = 0.6   # a Peaceful enclave: Integrate points and draws to come (tuning, not rules)
MILITANT_VALUE = 0.3   # a Militant enclave: warriors to come, battles it must fight


def potential(state: RootState, s: int) -> float:
    if state.faction[s] != NAME:
        return 0.0
    return PEACEFUL_VALUE * peaceful_count(state) + MILITANT_VALUE * len(enclaves(state, MILITANT))


MODULE.potential = potential


def _frog_variants(players: int, options: dict) -> list[str]:
    """Every id of the base rules and the other modules in play that names a card of the deck, for each frog card
    too: frog cards go wherever a card may go (hands, Decrees, supporters, ...)."""
    deck = options.get("deck", "standard")
    deck_ids = {c.id for c in DECKS[deck]}
    owners = A.factions_of(options) + hirelings_possible(options)
    board_module = MAPS[options.get("map", "autumn")].module
    others = [m for m in owners + DECK_MODULES[deck] + ((board_module,) if board_module else ()) if m != NAME]
    segments = A.segments(players, owners, deck)
    for m in dict.fromkeys(others):
        module = PROGRAM.module(m)
        if getattr(module, "actions", None):
            segments += module.actions(players, options)
    templates: dict[tuple[str, ...], int] = {}
    for seg in segments:
        for a in getattr(seg, "ids", ()):
            parts = a.split(":")
            at = next((i for i, p in enumerate(parts) if p in deck_ids), None)
            if at is not None:
                templates.setdefault(tuple(parts[:at]) + ("",) + tuple(parts[at + 1:]), at)
    return [":".join(t[:at] + (card,) + t[at + 1:]) for t, at in templates.items() for card in FROG_CARDS]


def actions(players: int, options: dict) -> list[Segment]:
    deck = options.get("deck", "standard")
    cards = [c.id for c in DECKS[deck]]
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["rally", "reconcile", "any:frog"]
    for h in ("enclave_at", "reconcile_at", "settle", "provoke:flip", "provoke:place", "negotiate"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [f"integrate:{c}:{s}" for c in cards for s in SUITS if CARDS[c].suit in (s, "bird")]
    ids += [f"pond:{n}" for n in range(1, MAX_DRAW + 1)]
    return [Vocabulary(ids + A.remove_ids((PEACEFUL, MILITANT)) + _frog_variants(players, options))]


MODULE.actions = actions
MODULE.forms = {"enclave_at": ("clearing",), "reconcile_at": ("clearing",), "settle": ("clearing",),
                "provoke": ("word", "clearing"), "negotiate": ("clearing",), "integrate": ("card", "suit"),
                "pond": ("number",)}

# the faction board on the terminal and web tables (lilypad_board.py)
MODULE.lines = lilypad_board.lines
MODULE.picture = lilypad_board.picture
