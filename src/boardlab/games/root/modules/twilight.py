"""The Twilight Council (LR-17): assemblies (Closed or Governing), Loyalists, Governors, Entreat, Peacekeepers,
cards revealed in Birdsong and convened in Evening (Banish, Agitate, Empower), Inspire, Adjourn and Oversee.

Setup: 20 warriors, 4 in a free corner and 2 in a different clearing, the 6 assemblies on the Assemblies track;
its setup card (Advanced Setup): a homeland away from enemy homelands, 4 warriors there, 2 in a clearing next to it.
Birdsong: reveal cards from the hand, each for one action in a matching clearing (Move, Recruit, Assemble,
Battle). Daylight: Sleep (assemblies ruled by enemies close). Evening: Convene Woodfolk (each revealed card back
to the hand, with Banish, Agitate or Empower), Inspire (craft with assemblies, or draw a card per card draw icon
showing on the track), Adjourn, Oversee, Draw and Discard.

The base rules reach the Council through its hooks: Governors refuse enemies placing (`blocks_placing`),
removing (`keeps_pieces`) and crafting (`blocks_crafting`) at Governing assemblies outside battle; Peacekeepers
defend beside an enemy battled at an assembly (`defending_ally`); Banish moves the defender's warriors instead of
removing them (`defender_hits`); an enemy Entreats on its turn (`phase_options`), the Council then choosing what
it does (its own pending decision); an enemy removing an assembly costs a Loyalist (`removed`).

State: `mods["twilight"]`: the Loyalists and the cards revealed this turn. Assemblies on the map are its tokens,
`assembly` (Closed) or `governing` (Governing); those not on it are on the Assemblies track. Everything of the
Council's is public but its hand (RTA-TC-02): cards it revealed and took back are known to every player. Choices
the Law leaves open: RTA-TC-01..13 (docs/root-rulings.md, "Twilight Council"); the board's numbers:
data/factions/twilight.yaml.
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
from ..program import Faction, extensions
from ..records import Battle, RemovePieces, StartBattle
from ..state import RootState
from . import twilight_board

NAME = "twilight"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
CLOSED, GOVERNING = "assembly", "governing"
KINDS = (CLOSED, GOVERNING)
ACTIONS = ("move", "recruit", "assemble", "battle")
BANISH = "LR-17-06-01-01"
Rules = tuple[str, ...]


@register
class TwilightState(Data):
    __slots__ = ("loyalists", "revealed")

    def __init__(self) -> None:
        self.loyalists = 0                  # warriors on the board as Loyalists (LR-17-02-01)
        self.revealed: list[str] = []       # cards revealed this Birdsong, in the play area (LR-17-04)


MODULE.data = lambda state: TwilightState()


def TW(state: RootState) -> TwilightState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- assemblies and Loyalists (LR-17-02-01/02) ------------------------------------------------------------------------

def assemblies(state: RootState) -> list[int]:
    """The clearings of its assemblies on the map, either side up."""
    return [c for c, pieces in enumerate(state.tokens) if (NAME, CLOSED) in pieces or (NAME, GOVERNING) in pieces]


def governing(state: RootState, c: int) -> bool:
    return c < len(state.tokens) and (NAME, GOVERNING) in state.tokens[c]


def on_track(state: RootState) -> int:
    """Assemblies still on the Assemblies track (LR-17-03-03)."""
    return BOARD["assemblies"] - len(assemblies(state))


def draw_icons(state: RootState) -> int:
    """Card draw icons showing: those under the spaces already emptied (RTA-TC-09)."""
    placed = len(assemblies(state))
    return sum(1 for k in BOARD["draw_icons"]["spaces"] if placed >= k)


def flip(state: RootState, c: int, to: str) -> bool:
    """Turn the assembly in `c` over to side `to` (no piece is placed: nothing triggers); False if it was so."""
    other = CLOSED if to == GOVERNING else GOVERNING
    pieces = list(state.tokens[c])
    if (NAME, other) not in pieces:
        return False
    pieces[pieces.index((NAME, other))] = (NAME, to)
    state.tokens[c] = tuple(pieces)
    return True


def room(state: RootState) -> int:
    """How many more warriors the Loyalists can hold."""
    return BOARD["loyalists_max"] - TW(state).loyalists


def gain_loyalists(state: RootState, n: int) -> int:
    """Up to `n` warriors from the supply to the Loyalists, as far as supply and room allow."""
    n = max(0, min(n, state.supply[NAME], room(state)))
    state.supply[NAME] -= n
    TW(state).loyalists += n
    return n


def lose_loyalist(state: RootState) -> int:
    """A Loyalist back to the supply (LR-17-02-01: removed at any time)."""
    if not TW(state).loyalists:
        return 0
    TW(state).loyalists -= 1
    state.supply[NAME] += 1
    return 1


def place_loyalists(state: RootState, c: int, n: int) -> None:
    TW(state).loyalists -= n
    state.warriors[NAME][c] += n


def is_enemy(state: RootState, owner: str) -> bool:
    return B.are_enemies(state, owner, NAME)


# ---- setup (LR-17-03) and its setup card (Advanced Setup, RTA-TC-10) ------------------------------------------------

@record
class TwilightSetup(NamedTuple):
    """Stages: corner (Standard Setup) or homeland (its setup card), then second (the 2 other warriors)."""
    seat: int
    stage: str
    home: int | None


def _supplies(state: RootState) -> None:
    state.log(("LR-17-03-01", "LR-17-03-03"), "ev.twilight.supplies", n=state.supply[NAME], assemblies=on_track(state))


@MODULE.step("twilight.setup")
def setup(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [TwilightSetup(seat(state), "corner", None)], RETURN)


@MODULE.step("twilight.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [TwilightSetup(seat(state), "homeland", None)], RETURN)


def start_corners(state: RootState) -> list[int]:
    """LR-17-03-02: a corner that is no other player's starting corner."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    return [c for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]


def homeland_sites(state: RootState) -> list[int]:
    """Its setup card: not an enemy homeland, not next to one if able (LR-AA-08-03-01/02, RTA-TC-10)."""
    fit = [c for c in range(len(state.suits)) if B.may_place(state, NAME, c)]
    return ADV.farthest(state, NAME, fit, BOARD["advanced"]["apart"])


def second_sites(state: RootState, task: TwilightSetup) -> list[int]:
    """A different clearing (LR-17-03-02); next to the homeland with its setup card (RTA-TC-10)."""
    if task.home is None or not state.supply[NAME]:
        return []
    where = B.neighbours(state, task.home) if task.stage == "second_near" else range(len(state.suits))
    return [c for c in where if c != task.home and B.may_place(state, NAME, c)]


def _setup_options(state: RootState, task: TwilightSetup) -> list[str]:
    if task.stage == "corner":
        return [f"tc_start:{A.clearing_id(c)}" for c in start_corners(state)]
    if task.stage == "homeland":
        return [f"tc_start:{A.clearing_id(c)}" for c in homeland_sites(state)]
    return [f"tc_second:{A.clearing_id(c)}" for c in second_sites(state, task)]


@MODULE.handler(TwilightSetup)
def run_setup(state: RootState, task: TwilightSetup) -> None:
    options = _setup_options(state, task)
    if not options:
        if task.stage in ("corner", "homeland"):
            ADV.no_room(state, NAME)
        T.done(state)
    elif len(options) == 1:
        _setup_step(state, task, options[0])
    else:
        T.offer(state, task.seat, "twilight_setup", options)


MODULE.task_decision("twilight_setup", lambda state: _setup_options(state, T.top(state)))(
    lambda state, action_id: _setup_step(state, T.top(state), action_id))


def _setup_step(state: RootState, task: TwilightSetup, action_id: str) -> None:
    c = A.clearing_arg(action_id)
    advanced = task.stage in ("homeland", "second_near")
    rules: Rules = ("LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-TC-10") if advanced else ("LR-17-03-02",)
    if task.stage in ("corner", "homeland"):
        state.homes = {**state.homes, NAME: (c,)}
        n = B.place_warriors(state, NAME, c, BOARD["advanced"]["warriors"] if advanced else BOARD["start_warriors"])
        state.log(rules, "ev.twilight.start", clearing=c, n=n)
        T.replace(state, task._replace(stage="second_near" if advanced else "second", home=c))
        return
    T.done(state)
    n = B.place_warriors(state, NAME, c, BOARD["advanced"]["second_warriors"] if advanced else BOARD["second_warriors"])
    state.log(rules, "ev.twilight.second", clearing=c, n=n)


# ---- matching (birds are wild in Birdsong, not when convening: LR-17-06-01, RTA-TC-03) ------------------------------

def matching(state: RootState, card: str) -> tuple[int, ...]:
    suit = CARDS[card].suit
    if suit == "bird":
        return tuple(range(len(state.suits)))
    return tuple(B.clearings_of_suit(state, suit))


# ---- Birdsong (LR-17-04) ----------------------------------------------------------------------------------------------

@record
class TwilightBirdsong(NamedTuple):
    seat: int


@MODULE.step("twilight.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [TwilightBirdsong(seat(state))], RETURN)


def recruit_sites(state: RootState, where: tuple[int, ...]) -> list[int]:
    """LR-17-04-02: a matching clearing it may place in, a warrior in its supply."""
    if not state.supply[NAME]:
        return []
    return [c for c in where if B.may_place(state, NAME, c)]


def assemble_sites(state: RootState, where: tuple[int, ...]) -> list[int]:
    """LR-17-04-03: a matching clearing with no assembly, an assembly left on the track."""
    if on_track(state) <= 0:
        return []
    have = set(assemblies(state))
    return [c for c in where if c not in have and B.may_place(state, NAME, c)]


def _open(state: RootState, action: str, where: tuple[int, ...]) -> bool:
    if action == "move":
        return MV.can_move(state, NAME, where)
    if action == "recruit":
        return bool(recruit_sites(state, where))
    if action == "assemble":
        return bool(assemble_sites(state, where))
    return BT.can_battle(state, NAME, where)


def reveal_options(state: RootState, me: int) -> list[str]:
    """One action per card revealed (LR-17-04), where a matching clearing lets it be taken."""
    out = []
    for card in dict.fromkeys(state.hands[me]):
        where = matching(state, card)
        out += [f"tc_reveal:{a}:{card}" for a in ACTIONS if _open(state, a, where)]
    return out


def own_options(state: RootState, me: int) -> list[str]:
    """What it may do at any of its decisions: remove a Loyalist (LR-17-02-01, RTA-TC-04), its phase options."""
    return (["tc_dismiss"] if TW(state).loyalists else []) + TN.phase_options(state, me)


def apply_own(state: RootState, me: int, action_id: str) -> None:
    if action_id == "tc_dismiss":
        lose_loyalist(state)
        state.log(("LR-17-02-01", "RTA-TC-04"), "ev.twilight.dismiss", n=TW(state).loyalists)
    else:
        TN.apply_phase_option(state, me, action_id)


@MODULE.handler(TwilightBirdsong)
def run_birdsong(state: RootState, task: TwilightBirdsong) -> None:
    T.ask_or_done(state, task.seat, "twilight_reveal", reveal_options(state, task.seat) + own_options(
        state, task.seat))


@MODULE.task_decision("twilight_reveal", lambda state: reveal_options(state, T.top(state).seat) + own_options(
    state, T.top(state).seat) + ["done"])
def apply_reveal(state: RootState, action_id: str) -> None:
    me = T.top(state).seat
    if action_id == "done":
        T.done(state)
    elif A.head(action_id) == "tc_reveal":
        _, action, card = action_id.split(":")
        perform(state, me, action, card)
    else:
        apply_own(state, me, action_id)


def reveal(state: RootState, me: int, card: str) -> None:
    """From the hand into the play area, face up: public from now on (LR-17-04)."""
    state.hands[me].remove(card)
    state.conceal(card)
    TW(state).revealed.append(card)


def discard_revealed(state: RootState, card: str, rules: Rules) -> None:
    TW(state).revealed.remove(card)
    K.to_pile(state, card)
    state.log(rules, "ev.twilight.discard_revealed", card=card)


def perform(state: RootState, me: int, action: str, card: str) -> None:
    reveal(state, me, card)
    where = matching(state, card)
    state.log(("LR-17-04", f"LR-17-04-0{ACTIONS.index(action) + 1}"), f"ev.twilight.reveal_{action}", card=card)
    if action == "move":
        T.push(state, MV.moves(me, NAME, 1, ("LR-17-04-01",), where, must=True))
    else:
        T.push(state, TwilightAt(me, action, card, where, None))


@record
class TwilightAt(NamedTuple):
    """Recruit, Assemble or Battle: the clearing (asked if there is a choice), then, to Assemble, the Loyalists."""
    seat: int
    action: str
    card: str
    where: tuple[int, ...]
    clearing: int | None


def _sites(state: RootState, task: TwilightAt) -> list[int]:
    if task.action == "recruit":
        return recruit_sites(state, task.where)
    if task.action == "assemble":
        return assemble_sites(state, task.where)
    return BT.battle_sites(state, NAME, task.where)


def _site_ids(state: RootState, task: TwilightAt) -> list[str]:
    head = "battle" if task.action == "battle" else f"tc_{task.action}"
    return [f"{head}:{A.clearing_id(c)}" for c in _sites(state, task)]


@MODULE.handler(TwilightAt)
def run_at(state: RootState, task: TwilightAt) -> None:
    if task.clearing is not None:  # Assemble: how many Loyalists go along
        T.ask(state, task.seat, "twilight_loyalists")
        return
    ids = _site_ids(state, task)
    if len(ids) == 1:
        _at(state, task, A.clearing_arg(ids[0]))
    elif ids:
        T.offer(state, task.seat, f"twilight_{task.action}_at", ids)
    else:
        T.done(state)


for _action in ("recruit", "assemble", "battle"):
    MODULE.task_decision(f"twilight_{_action}_at", lambda state: _site_ids(state, T.top(state)))(
        lambda state, action_id: _at(state, T.top(state), A.clearing_arg(action_id)))


def _at(state: RootState, task: TwilightAt, c: int) -> None:
    if task.action == "recruit":
        T.done(state)
        B.place_warriors(state, NAME, c, 1)
        state.log(("LR-17-04-02",), "ev.twilight.recruit", clearing=c)
    elif task.action == "battle":
        T.done(state)
        if c in assemblies(state):
            discard_revealed(state, task.card, ("LR-17-04-04", "RTA-TC-06"))
        T.push(state, StartBattle(task.seat, NAME, (c,), True, c, ("LR-17-04-04",)))
    elif TW(state).loyalists:
        T.replace(state, task._replace(clearing=c))
    else:
        assemble(state, task, c, 0)


MODULE.task_decision("twilight_loyalists", lambda state: [f"tc_loyalists:{n}" for n in range(
    TW(state).loyalists + 1)])(lambda state, action_id: assemble(
        state, T.top(state), T.top(state).clearing, int(A.arg(action_id))))


def assemble(state: RootState, task: TwilightAt, c: int, n: int) -> None:
    """LR-17-04-03: a Closed assembly and `n` Loyalists; the card is discarded if it does not rule there then."""
    T.done(state)
    place_loyalists(state, c, n)
    state.log(("LR-17-04-03",), "ev.twilight.assemble", clearing=c, n=n)
    if not B.rules(state, NAME, c):
        discard_revealed(state, task.card, ("LR-17-04-03",))
    B.add_token(state, NAME, CLOSED, c)


# ---- Daylight (LR-17-05) ----------------------------------------------------------------------------------------------

@record
class TwilightDaylight(NamedTuple):
    seat: int


@MODULE.step("twilight.daylight")
def daylight(state: RootState) -> str:
    sleep(state)
    return T.run_then(state, [TwilightDaylight(seat(state))], RETURN)


def sleep(state: RootState) -> None:
    """LR-17-05-01: Governing assemblies ruled by enemies close."""
    ruled = B.rulers(state)
    closed = [c for c in assemblies(state) if ruled[c] is not None and is_enemy(state, ruled[c])
              and flip(state, c, CLOSED)]
    if closed:
        state.log(("LR-17-05-01",), "ev.twilight.sleep", clearings=closed)


@MODULE.handler(TwilightDaylight)
def run_daylight(state: RootState, task: TwilightDaylight) -> None:
    """Nothing more to do but what may be done anywhere in Daylight (dominance cards, Loyalists)."""
    T.ask_or_done(state, task.seat, "twilight_daylight", own_options(state, task.seat))


@MODULE.task_decision("twilight_daylight", lambda state: own_options(state, T.top(state).seat) + ["done"])
def apply_daylight(state: RootState, action_id: str) -> None:
    if action_id == "done":
        T.done(state)
    else:
        apply_own(state, T.top(state).seat, action_id)


# ---- Evening (LR-17-06) -----------------------------------------------------------------------------------------------

@record
class TwilightEvening(NamedTuple):
    seat: int
    stage: str        # convene, inspire, adjourn
    crafted: bool = False


@MODULE.step("twilight.evening")
def evening(state: RootState) -> str:
    return T.run_then(state, [TwilightEvening(seat(state), "convene")], RETURN)


def _convene_ids(state: RootState) -> list[str]:
    return [f"tc_convene:{c}" for c in dict.fromkeys(TW(state).revealed)]


def _craft_options(state: RootState, me: int) -> list[str]:
    return K.craft_options(state, me) + own_options(state, me)


def _adjourn_options(state: RootState, me: int) -> list[str]:
    return [f"tc_adjourn:{A.clearing_id(c)}" for c in assemblies(state)] + own_options(state, me)


@MODULE.handler(TwilightEvening)
def run_evening(state: RootState, task: TwilightEvening) -> None:
    if task.stage == "convene":
        ids = _convene_ids(state)
        if len(ids) == 1:
            convene(state, task.seat, A.arg(ids[0]))
        elif ids:
            T.offer(state, task.seat, "twilight_convene", ids)
        else:
            T.replace(state, task._replace(stage="inspire"))
    elif task.stage == "inspire":
        if _craft_options(state, task.seat):
            T.ask(state, task.seat, "twilight_craft")
        else:
            inspire_draw(state, task)
    elif task.stage == "adjourn":
        if _adjourn_options(state, task.seat):
            T.ask(state, task.seat, "twilight_adjourn")
        else:
            adjourn_flip(state, task)
    else:
        T.done(state)


MODULE.task_decision("twilight_convene", _convene_ids)(
    lambda state, action_id: convene(state, T.top(state).seat, A.arg(action_id)))


def convene(state: RootState, me: int, card: str) -> None:
    """LR-17-06-01: the card back to the hand (every player saw it, RTA-TC-02), then an action for it if wished."""
    TW(state).revealed.remove(card)
    state.hands[me].append(card)
    state.reveal(card, range(state.players))
    state.log(("LR-17-06", "LR-17-06-01"), "ev.twilight.convene", card=card)
    T.push(state, TwilightConvene(me, card))


@record
class TwilightConvene(NamedTuple):
    seat: int
    card: str


def banish_sites(state: RootState, suit: str) -> list[int]:
    """LR-17-06-01-01: an assembly of the card's suit where the Council can battle."""
    have = set(assemblies(state))
    return [c for c in BT.battle_sites(state, NAME, tuple(B.clearings_of_suit(state, suit))) if c in have]


def convene_options(state: RootState, me: int, card: str) -> list[str]:
    """Banish or Agitate for a non-bird card, Empower for a bird card (birds are not wild here, LR-17-06-01)."""
    suit = CARDS[card].suit
    if card not in state.hands[me]:
        return []
    if suit == "bird":
        return [f"tc_empower:{A.clearing_id(c)}" for c in assemblies(state)]
    here = [c for c in assemblies(state) if state.suits[c] == suit]
    return ([f"tc_banish:{A.clearing_id(c)}" for c in banish_sites(state, suit)]
            + [f"tc_agitate:{A.clearing_id(c)}" for c in here])


@MODULE.handler(TwilightConvene)
def run_convene(state: RootState, task: TwilightConvene) -> None:
    T.ask_or_done(state, task.seat, "twilight_convene_action", convene_options(state, task.seat, task.card))


@MODULE.task_decision("twilight_convene_action", lambda state: convene_options(
    state, T.top(state).seat, T.top(state).card) + ["pass"])
def apply_convene_action(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "pass":
        return
    head, c = A.head(action_id), A.clearing_arg(action_id)
    if head == "tc_banish":
        T.push(state, TwilightBanish(task.seat, c))
    elif head == "tc_agitate":
        agitate(state, task.seat, task.card, c)
    else:
        empower(state, task.seat, c)


def agitate(state: RootState, me: int, card: str, c: int) -> None:
    """LR-17-06-01-02: spend the card; a warrior to the Loyalists (if supply and room allow, RTA-TC-07); the
    assembly turns Governing if Closed."""
    state.hands[me].remove(card)
    state.conceal(card)
    K.to_pile(state, card)
    n = gain_loyalists(state, 1)
    flipped = flip(state, c, GOVERNING)
    state.log(("LR-17-06-01-02", "RTA-TC-07"), "ev.twilight.agitate", card=card, clearing=c, n=n,
              flipped=int(flipped))


def empower(state: RootState, me: int, c: int) -> None:
    """LR-17-06-01-03: one battle die; that many Council warriors removed from the assembly's clearing, then the
    choice (TwilightEmpower)."""
    rolled = state.roll(4)
    n = min(rolled, B.warriors(state, NAME, c))
    state.log(("LR-17-06-01-03",), "ev.twilight.empower", clearing=c, die=rolled, n=n)
    later = [TwilightEmpower(me, c, n)]
    if n:
        later.insert(0, RemovePieces(me, NAME, c, (("warrior", n),), False, ("LR-17-06-01-03",)))
    T.push(state, *later)


@record
class TwilightEmpower(NamedTuple):
    seat: int
    clearing: int
    n: int


def _empower_options(state: RootState, task: TwilightEmpower) -> list[str]:
    out = ["tc_empower_keep"] if task.n and state.supply[NAME] and room(state) else []
    return out + (["tc_empower_score"] if B.rules(state, NAME, task.clearing) else [])


@MODULE.handler(TwilightEmpower)
def run_empower(state: RootState, task: TwilightEmpower) -> None:
    T.ask_or_done(state, task.seat, "twilight_empower", _empower_options(state, task))


@MODULE.task_decision("twilight_empower", lambda state: _empower_options(state, T.top(state)) + ["pass"])
def apply_empower(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "tc_empower_keep":
        n = gain_loyalists(state, task.n)
        state.log(("LR-17-06-01-03",), "ev.twilight.empower_keep", n=n)
    elif action_id == "tc_empower_score":
        state.log(("LR-17-06-01-03", "RTA-TC-08"), "ev.twilight.empower_score", clearing=task.clearing)
        S.score(state, task.seat, 1, ("LR-17-06-01-03",))


# ---- Banish (LR-17-06-01-01) -------------------------------------------------------------------------------------------

@record
class TwilightBanish(NamedTuple):
    seat: int
    clearing: int


def _banish_whom(state: RootState) -> list[str]:
    return [A.defender_id(f) for f in BT.targets(state, NAME, T.top(state).clearing)]


@MODULE.handler(TwilightBanish)
def run_banish(state: RootState, task: TwilightBanish) -> None:
    foes = BT.targets(state, NAME, task.clearing)
    if len(foes) == 1:
        begin_banish(state, task, foes[0])
    elif foes:
        T.ask(state, task.seat, "twilight_banish_whom")
    else:
        T.done(state)


MODULE.task_decision("twilight_banish_whom", _banish_whom)(
    lambda state, action_id: begin_banish(state, T.top(state), A.arg(action_id)))


def begin_banish(state: RootState, task: TwilightBanish, defender: str) -> None:
    """A battle whose rolled hits the Council ignores (as Armorers lets one) and whose hits on the defender move
    its warriors (`defender_hits` below)."""
    T.done(state)
    rules: Rules = (BANISH,)
    state.log(rules + ("LR-04-03",), "ev.battle", seat=task.seat, faction=NAME, defender=defender,
              clearing=task.clearing)
    battle = Battle(task.seat, defender, task.clearing, "ambush", 0, 0, True, False, 0, 0, (), rules, "")
    T.push(state, battle)
    T.push(state, *[t for fn in extensions(state, "battle_begun") for t in fn(state, battle) or []])


def banishable(state: RootState, owner: str, c: int) -> int:
    """Warriors of `owner` there that banish can hit: not the warlord (a pawn), the Vagabond or a hireling's
    (LR-17-06-01-01-01..03), nor warriors that cannot leave (RTA-TC-11)."""
    if owner in state.hired or owner not in state.warriors or B.leaving_blocked(state, owner, c):
        return 0
    return B.warriors(state, owner, c)


def banish_destinations(state: RootState, owner: str, c: int) -> list[int]:
    """Where the banished warriors may go: a clearing next to it, ignoring rule (LR-17-06-01-01)."""
    blocks = extensions(state, "blocks_move")
    return [d for d in B.adjacent(state, owner, c) if d < len(state.suits) and d != c
            and not any(fn(state, owner, c, d) for fn in blocks)]


def banish_hits(state: RootState, battle: Battle, hits: int) -> list | None:
    if BANISH not in battle.rules:
        return None
    n = min(hits, banishable(state, battle.defender, battle.clearing))
    state.log((BANISH, "LR-17-06-01-01-01", "LR-17-06-01-01-02", "LR-17-06-01-01-03"), "ev.twilight.banish_hits",
              hits=hits, n=n, defender=battle.defender)
    if not n or not banish_destinations(state, battle.defender, battle.clearing):
        return []
    return [TwilightBanishMove(battle.attacker, battle.defender, battle.clearing, n)]


MODULE.answer("defender_hits", banish_hits)


@record
class TwilightBanishMove(NamedTuple):
    seat: int
    owner: str
    clearing: int
    n: int


def _banish_to(state: RootState) -> list[str]:
    task = T.top(state)
    return [A.to_id(d) for d in banish_destinations(state, task.owner, task.clearing)]


@MODULE.handler(TwilightBanishMove)
def run_banish_move(state: RootState, task: TwilightBanishMove) -> None:
    ids = _banish_to(state)
    if len(ids) == 1:
        banish_to(state, ids[0])
    else:
        T.offer(state, task.seat, "twilight_banish_to", ids)


@MODULE.task_decision("twilight_banish_to", _banish_to)
def banish_to(state: RootState, action_id: str) -> None:
    """Forced to move together, as one move for what moves trigger (LR-17-06-01-01)."""
    task = T.top(state)
    T.done(state)
    T.push(state, *MV.relocate(state, task.seat, task.owner, task.clearing, A.clearing_arg(action_id), task.n,
                               (BANISH,)))


# ---- Inspire, Adjourn, Oversee, Draw and Discard (LR-17-06-02..05) -------------------------------------------------

def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-17-02-06: its assemblies, either side up."""
    return assemblies(state)


MODULE.crafting_pieces = crafting_pieces


@MODULE.task_decision("twilight_craft", lambda state: _craft_options(state, T.top(state).seat) + ["done"])
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        inspire_draw(state, task)
    elif A.head(action_id) == "craft":
        T.replace(state, task._replace(crafted=True))
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        apply_own(state, task.seat, action_id)


def inspire_draw(state: RootState, task: TwilightEvening) -> None:
    """LR-17-06-02: no card crafted, a card per card draw icon showing on the Assemblies track."""
    T.replace(state, task._replace(stage="adjourn"))
    n = draw_icons(state)
    if not task.crafted and n:
        K.draw(state, task.seat, n, ("LR-17-06-02", "RTA-TC-09"))


@MODULE.task_decision("twilight_adjourn", lambda state: _adjourn_options(state, T.top(state).seat) + ["done"])
def apply_adjourn(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        adjourn_flip(state, task)
    elif A.head(action_id) == "tc_adjourn":
        c = A.clearing_arg(action_id)
        kind = GOVERNING if governing(state, c) else CLOSED
        T.push(state, RemovePieces(task.seat, NAME, c, ((kind, 1),), False, ("LR-17-06-03",)))
    else:
        apply_own(state, task.seat, action_id)


def adjourn_flip(state: RootState, task: TwilightEvening) -> None:
    """LR-17-06-03: assemblies it rules turn Governing; then Oversee, then Draw and Discard."""
    T.done(state)
    ruled = B.rulers(state)
    opened = [c for c in assemblies(state) if ruled[c] == NAME and flip(state, c, GOVERNING)]
    if opened:
        state.log(("LR-17-06-03",), "ev.twilight.adjourn", clearings=opened)
    oversee(state, task.seat)
    K.draw(state, task.seat, 1, ("LR-17-06-05",))
    T.push(state, K.hand_limit(task.seat, ("LR-17-06-05",)))


def overseen(state: RootState) -> list[int]:
    """Governing assemblies in a clearing with any enemy building or token (LR-17-06-04)."""
    owners = B.owners(state)  # ruins belong to no one
    return [c for c in assemblies(state) if governing(state, c) and any(
        o in owners and o != NAME and is_enemy(state, o) for o, _ in state.buildings[c] + state.tokens[c])]


def oversee_points(state: RootState) -> int:
    table = BOARD["oversee"]
    return table[min(len(overseen(state)), len(table) - 1)]


def oversee(state: RootState, me: int) -> None:
    where = overseen(state)
    points = oversee_points(state)
    state.log(("LR-17-06-04",), "ev.twilight.oversee", clearings=where, points=points)
    if points:
        S.score(state, me, points, ("LR-17-06-04",))


# ---- Governors (LR-17-02-03), Entreat (LR-17-02-04), Peacekeepers (LR-17-02-05), lost assemblies (LR-17-02-02) -----

def battle_at(state: RootState, c: int) -> bool:
    """Whether a battle in `c` is under way: what happens in it is "in battle" (RTA-TC-05)."""
    return any(isinstance(t, Battle) and t.clearing == c for t in state.tasks)


def blocks_placing(state: RootState, placer: str, c: int) -> bool:
    """Enemies place nothing at a Governing assembly, but in battle."""
    return (placer != NAME and c < len(state.tokens) and (NAME, GOVERNING) in state.tokens[c]
            and is_enemy(state, placer) and not battle_at(state, c))


MODULE.blocks_placing = blocks_placing


def keeps_pieces(state: RootState, by_seat: int | None, via: str, owner: str, c: int) -> bool:
    """Enemies remove no piece at a Governing assembly, but in battle."""
    if by_seat is None or not governing(state, c) or battle_at(state, c):
        return False
    remover = via or state.faction[by_seat]
    if remover == NAME or not is_enemy(state, remover):
        return False
    state.log(("LR-17-02-03",), "ev.twilight.governed", clearing=c, owner=owner)
    return True


MODULE.answer("keeps_pieces", keeps_pieces)


def blocks_crafting(state: RootState, s: int, c: int) -> bool:
    """Enemies activate no crafting piece at a Governing assembly (the Vagabond's pawn there included)."""
    return state.faction[s] != NAME and governing(state, c) and is_enemy(state, state.faction[s])


MODULE.answer("blocks_crafting", blocks_crafting)


def blocks_handling(state: RootState, s: int, c: int) -> bool:
    """Enemies take or flip no piece at a Governing assembly, but in battle (the Corvids' plots, RTA-TC-12)."""
    return blocks_crafting(state, s, c) and not battle_at(state, c)


MODULE.answer("blocks_handling", blocks_handling)


def entreat_options(state: RootState, s: int, phase: str) -> list[str]:
    """LR-17-02-04: an enemy, on its turn, may close any Governing assembly (RTA-TC-13)."""
    if state.faction[s] == NAME or not is_enemy(state, state.faction[s]):
        return []
    return [f"tc_entreat:{A.clearing_id(c)}" for c in assemblies(state) if governing(state, c)]


MODULE.answer("phase_options", entreat_options)


def use_entreat(state: RootState, s: int, action_id: str) -> bool:
    if A.head(action_id) != "tc_entreat":
        return False
    c = A.clearing_arg(action_id)
    flip(state, c, CLOSED)
    state.log(("LR-17-02-04", "RTA-TC-13"), "ev.twilight.entreat", seat=s, clearing=c)
    T.push(state, TwilightEntreat(seat(state), c))
    return True


MODULE.answer("use_phase_option", use_entreat)


@record
class TwilightEntreat(NamedTuple):
    """The Council's answer to an Entreat, its own decision in another player's turn."""
    seat: int
    clearing: int


def _entreat_answers(state: RootState) -> list[str]:
    task = T.top(state)
    out = []
    if TW(state).loyalists and B.may_place(state, NAME, task.clearing):
        out += [f"tc_entreat_place:{n}" for n in range(1, TW(state).loyalists + 1)]
    if state.supply[NAME] and room(state):
        out.append("tc_entreat_loyalist")
    return out


@MODULE.handler(TwilightEntreat)
def run_entreat(state: RootState, task: TwilightEntreat) -> None:
    T.ask_or_done(state, task.seat, "twilight_entreat", _entreat_answers(state))


@MODULE.task_decision("twilight_entreat", lambda state: _entreat_answers(state) + ["pass"])
def apply_entreat(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if A.head(action_id) == "tc_entreat_place":
        n = int(A.arg(action_id))
        place_loyalists(state, task.clearing, n)
        state.log(("LR-17-02-04",), "ev.twilight.entreat_place", clearing=task.clearing, n=n)
    elif action_id == "tc_entreat_loyalist":
        gain_loyalists(state, 1)
        state.log(("LR-17-02-04",), "ev.twilight.entreat_loyalist", n=TW(state).loyalists)


def peacekeepers(state: RootState, battle: Battle) -> str | None:
    """LR-17-02-05: an enemy battling another enemy at an assembly finds the Council's warriors defending too; not
    when the Vagabond defends, nor when the Council fights beside an Allied Vagabond (LR-17-02-05-01)."""
    c, d = battle.clearing, battle.defender
    if d == NAME or c not in assemblies(state) or state.seat_of(d) is None or BANISH in battle.rules:
        return None
    attacker = BT.attacker_of(state, battle)
    if attacker == NAME or not is_enemy(state, attacker) or not is_enemy(state, d) or d.startswith("vagabond"):
        return None
    if getattr(state.mods.get(attacker), "ally", None) == NAME:
        return None
    return NAME if B.warriors(state, NAME, c) else None


MODULE.answer("defending_ally", peacekeepers)


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """LR-17-02-02: each assembly an enemy removes costs a Loyalist."""
    if owner != NAME or by_seat is None or not is_enemy(state, state.faction[by_seat]):
        return []
    lost = sum(n for k, n in pieces if k in KINDS)
    n = sum(lose_loyalist(state) for _ in range(lost))
    if lost:
        state.log(("LR-17-02-02",), "ev.twilight.loyalist_lost", clearing=c, n=n)
    return []


MODULE.answer("removed", on_removed)


# ---- what everyone sees, bots, action ids ------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """The whole board is public (RTA-TC-02): Loyalists, cards revealed this turn, the Assemblies track."""
    data = state.mods.get(NAME)
    if data is None or not state.suits:
        return
    full[NAME] = {"loyalists": data.loyalists, "loyalists_max": BOARD["loyalists_max"],
                  "revealed": list(data.revealed), "on_track": on_track(state), "draws": draw_icons(state),
                  "governing": [c + 1 for c in assemblies(state) if governing(state, c)],
                  "closed": [c + 1 for c in assemblies(state) if not governing(state, c)],
                  "oversee": oversee_points(state)}


MODULE.view = view

ASSEMBLY = 0.5      # an assembly on the map: crafting, Banish, Agitate (tuning, not rules)
LOYALIST = 0.3      # a Loyalist: a warrior to place where it is needed
OVERSEE_RATE = 0.8  # per point Oversee would score now: points the next turns likely bring


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: assemblies, Loyalists, and what Oversee scores now."""
    if state.faction[s] != NAME:
        return 0.0
    return ASSEMBLY * len(assemblies(state)) + LOYALIST * TW(state).loyalists + OVERSEE_RATE * oversee_points(state)


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["tc_dismiss", "tc_empower_keep", "tc_empower_score", "tc_entreat_loyalist"]
    ids += [f"tc_reveal:{a}:{c}" for a in ACTIONS for c in cards] + [f"tc_convene:{c}" for c in cards]
    for h in ("tc_start", "tc_second", "tc_recruit", "tc_assemble", "tc_banish", "tc_agitate", "tc_empower",
              "tc_adjourn", "tc_entreat"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [f"tc_entreat_place:{n}" for n in range(1, BOARD["loyalists_max"] + 1)]
    ids += [f"tc_loyalists:{n}" for n in range(BOARD["loyalists_max"] + 1)]
    return [Vocabulary(ids + A.remove_ids(KINDS))]


MODULE.actions = actions
MODULE.forms = {**{h: ("clearing",) for h in ("tc_start", "tc_second", "tc_recruit", "tc_assemble", "tc_banish",
                                              "tc_agitate", "tc_empower", "tc_adjourn", "tc_entreat")},
                "tc_reveal": ("word", "card"), "tc_convene": ("card",), "tc_entreat_place": ("number",), "tc_loyalists": ("number",)}

# the faction board on the terminal and web tables (twilight_board.py)
MODULE.lines = twilight_board.lines
MODULE.picture = twilight_board.picture
