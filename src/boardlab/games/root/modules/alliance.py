"""The Woodland Alliance (LR-08): sympathy and supporters, Outrage, Guerrilla War, revolts, bases and officers.

Setup: 10 warriors, the three bases and ten sympathy tokens on the faction board, three cards drawn face
down to the Supporters stack. Birdsong: Revolt any number of times, then Spread Sympathy any number of
times. Daylight: craft with sympathy tokens, Mobilize and Train in any order. Evening: military operations,
one per officer (move, battle, recruit at a base, organize), then draw one card plus one per base on the map
and the hand limit.

Supporters: hidden from the other players (only their number is public: the zone `alliance.supporters.*`),
spent only for their suit (a bird supporter matches any clearing), at most five while no base is on the map.
Outrage: another player moving warriors into a sympathetic clearing, or removing a sympathy token, adds a
matching card from hand to the stack (a decision of that player, in anyone's turn) or shows the hand to the
Alliance, who then draws a supporter. Losing a base discards the supporters matching its clearing and half
the officers (rounded up).

State: `mods["alliance"]`: the Supporters stack (card ids), the officers, the military operations used this
Evening. Bases and sympathy tokens on the map are read off the map; those not on it are on the board.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from ....core.visibility import OWNER, Zone, redeal
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS, DECKS, faction_sheet
from ..program import Faction, extensions
from ..records import RemovePieces
from ..view import hidden_hands
from ..state import RootState
from . import alliance_board

NAME = "alliance"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
Rules = tuple[str, ...]
OUTRAGE: Rules = ("LR-08-02-06",)


@register
class AllianceState(Data):
    __slots__ = ("supporters", "officers", "operations")

    def __init__(self) -> None:
        self.supporters: list[str] = []  # the Supporters stack, face down (LR-08-02-03)
        self.officers = 0                # warriors in the Officers box
        self.operations = 0              # military operations taken this Evening


MODULE.data = lambda state: AllianceState()
MODULE.zones = (Zone("alliance.supporters.*", OWNER, items=True,
                     describe="the Alliance's Supporters stack (face down, its size public, LR-08-02-03)"),)


def W(state: RootState) -> AllianceState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- reading the map and the board -------------------------------------------------------------------------

SYMPATHY = (NAME, "sympathy")


def sympathetic(state: RootState, c: int) -> bool:
    """LR-08-02-05-02: a clearing with a sympathy token."""
    return SYMPATHY in state.tokens[c]


def sympathy_placed(state: RootState) -> int:
    return B.count_on_map(state, NAME, "sympathy")


def bases(state: RootState) -> list[int]:
    """The clearings with an Alliance base."""
    return B.where(state, NAME, "base")


def bases_on_board(state: RootState) -> list[str]:
    """The suits whose base is still in the Bases box (a base takes the suit of its clearing)."""
    built = {state.suits[c] for c in bases(state)}
    return [s for s in BOARD["bases"] if s not in built]


def matching_supporters(state: RootState, suit: str) -> list[str]:
    """Supporters that may be spent for a suit: of that suit, or birds (LR-08-02-03, LR-02-01-01)."""
    return [c for c in W(state).supporters if CARDS[c].suit in (suit, "bird")]  # K.matches


def matching_counts(state: RootState) -> dict[str, int]:
    """`len(matching_supporters(state, suit))` for every clearing suit, the stack read once (it grows long)."""
    by_suit: dict[str, int] = {}
    for c in W(state).supporters:
        s = CARDS[c].suit
        by_suit[s] = by_suit.get(s, 0) + 1
    birds = by_suit.get("bird", 0)
    return {s: by_suit.get(s, 0) + birds for s in set(state.suits)}


def capacity(state: RootState) -> int | None:
    """LR-08-02-03-01: five cards while no base is on the map, else no limit."""
    return None if bases(state) else BOARD["supporter_limit"]


# ---- the Supporters stack ------------------------------------------------------------------------------------

def add_supporter(state: RootState, card: str, rules: Rules) -> bool:
    """Put a card on the stack; a full stack discards it instead (LR-08-02-03-01). True if it was kept."""
    limit = capacity(state)
    if limit is not None and len(W(state).supporters) >= limit:
        K.to_pile(state, card)
        state.log(rules + ("LR-08-02-03-01",), "ev.alliance.stack_full", card=card)
        return False
    W(state).supporters.append(card)
    return True


def draw_supporters(state: RootState, n: int, rules: Rules) -> list[str]:
    """Draw cards from the deck onto the stack (reshuffling an empty deck, LR-02-01)."""
    kept = []
    for _ in range(n):
        if not state.deck:
            K.reshuffle(state)
        if not state.deck:
            break
        card = state.deck.pop()
        if add_supporter(state, card, rules):
            kept.append(card)
    me = seat(state)
    if kept:
        state.log(rules, "ev.alliance.drawn", n=len(kept))
        state.log(rules, "ev.alliance.drawn_cards", to=(me,), cards=kept)
    return kept


def spend_supporter(state: RootState, card: str, rules: Rules) -> None:
    W(state).supporters.remove(card)
    K.to_pile(state, card)
    state.log(rules, "ev.alliance.spend", card=card)


@record
class SpendSupporters(NamedTuple):
    """Spend `left` supporters matching `suit`, asking which when there is a choice."""
    seat: int
    suit: str
    left: int
    rules: Rules


@MODULE.handler(SpendSupporters)
def run_spend(state: RootState, task: SpendSupporters) -> None:
    cards = matching_supporters(state, task.suit)
    if task.left <= 0 or not cards:
        T.done(state)
    elif len(cards) <= task.left:
        spend_supporter(state, cards[0], task.rules)
        T.replace(state, task._replace(left=task.left - 1))
    else:
        T.ask(state, task.seat, "alliance_spend")


@MODULE.task_decision("alliance_spend", lambda state: [f"supporter:{c}" for c in dict.fromkeys(
    matching_supporters(state, T.top(state).suit))])
def apply_spend(state: RootState, action_id: str) -> None:
    task = T.top(state)
    spend_supporter(state, A.arg(action_id), task.rules)
    T.replace(state, task._replace(left=task.left - 1))


# ---- setup (LR-08-03) --------------------------------------------------------------------------------------------

@MODULE.step("alliance.setup")
def setup(state: RootState) -> str:
    """10 warriors in supply (factions.yaml), bases and sympathy on the board (off the map), 3 supporters."""
    state.log(("LR-08-03-01", "LR-08-03-02", "LR-08-03-03"), "ev.alliance.setup", n=state.supply[NAME],
              tokens=BOARD["sympathy"] - sympathy_placed(state))
    draw_supporters(state, BOARD["start_supporters"], ("LR-08-03-04",))
    return RETURN


MODULE.step("alliance.setup_advanced")(setup)  # its setup card sets up as the Standard Setup does (LR-AA-08-03)


# ---- Birdsong (LR-08-04) -----------------------------------------------------------------------------------------

@record
class AllianceBirdsong(NamedTuple):
    seat: int
    stage: str   # revolt, spread


@MODULE.step("alliance.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [AllianceBirdsong(seat(state), "revolt")], RETURN)


def room_after_revolt(state: RootState, c: int) -> bool:
    """The base can be placed once every enemy piece is gone: a slot not filled by a ruin (RTA-ALLIANCE-01)."""
    kept = sum(1 for owner, _ in state.buildings[c] if owner in ("", NAME))
    return B.board(state).slots[c] > kept


def revolt_sites(state: RootState) -> list[int]:
    """LR-08-04-01-01/02: a sympathetic clearing whose suit's base is on the board (so it has no base),
    and two matching supporters to spend."""
    free = bases_on_board(state)
    if not free:
        return []
    have = matching_counts(state)
    return [c for c in range(len(state.suits)) if sympathetic(state, c) and state.suits[c] in free
            and have[state.suits[c]] >= BOARD["revolt_cost"] and room_after_revolt(state, c)]


def martial_law(state: RootState, c: int) -> bool:
    """LR-08-04-02-02-01: another player has at least 3 warriors there, counting the warriors it treats as
    its own for rule (its hirelings'; an uncontrolled hireling is no player)."""
    need = BOARD["martial_law"]["warriors"]
    if not state.hired:  # each player's own warriors
        return any(f != NAME and B.warriors_counted(state, f, c) >= need for f in state.faction)
    counts: dict[str, int] = {}
    for f in B.owners(state):
        n = B.warriors_counted(state, f, c)
        if n and B.side(state, f) is not None:
            counts[B.party(state, f)] = counts.get(B.party(state, f), 0) + n
    return any(n >= need for f, n in counts.items() if f != NAME)


def spread_cost(state: RootState, c: int) -> int:
    """LR-08-04-02-02: the cost above the next token on the track, +1 under Martial Law."""
    cost = BOARD["cost"][sympathy_placed(state)]
    return cost + (BOARD["martial_law"]["extra"] if martial_law(state, c) else 0)


def sympathy_targets(state: RootState) -> list[int]:
    """LR-08-04-02-01: an unsympathetic clearing next to a sympathetic one (any, if none is), where a
    token may be placed (one a clearing, LR-08-02-05-01; not the keep's clearing)."""
    if sympathy_placed(state) >= BOARD["sympathy"]:
        return []
    return [c for c in _spread_candidates(state) if B.may_place(state, NAME, c)]


def _spread_candidates(state: RootState) -> list[int]:
    """`sympathy_targets` before asking whether the Alliance may place there (the costliest question)."""
    every = range(len(state.suits))
    tokens = state.tokens
    near = {d for c in every if SYMPATHY in tokens[c] for d in B.neighbours(state, c)}
    return [c for c in every if SYMPATHY not in tokens[c] and (not near or c in near)]


def spread_sites(state: RootState) -> list[int]:
    """`sympathy_targets` whose cost (`spread_cost`) matching supporters pay."""
    placed = sympathy_placed(state)
    if placed >= BOARD["sympathy"]:
        return []
    cost, extra = BOARD["cost"][placed], BOARD["martial_law"]["extra"]
    supporters = matching_counts(state)
    out = []
    for c in _spread_candidates(state):
        have = supporters[state.suits[c]]
        if have < cost or (have < cost + extra and martial_law(state, c)):  # Martial Law asked only if it matters
            continue
        if B.may_place(state, NAME, c):
            out.append(c)
    return out


def _birdsong_options(state: RootState, task: AllianceBirdsong) -> list[str]:
    if task.stage == "revolt":
        out = [f"revolt:{A.clearing_id(c)}" for c in revolt_sites(state)]
    else:
        out = [f"sympathy:{A.clearing_id(c)}" for c in spread_sites(state)]
    return out + TN.phase_options(state, task.seat)


@MODULE.handler(AllianceBirdsong)
def run_birdsong(state: RootState, task: AllianceBirdsong) -> None:
    options = _birdsong_options(state, task)
    if options:
        T.offer(state, task.seat, f"alliance_{task.stage}", options + ["done"])
    elif task.stage == "revolt":
        T.replace(state, task._replace(stage="spread"))
    else:
        T.done(state)


def _apply_birdsong(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        if task.stage == "revolt":
            T.replace(state, task._replace(stage="spread"))
        else:
            T.done(state)
    elif A.head(action_id) == "revolt":
        revolt(state, task.seat, A.clearing_arg(action_id))
    elif A.head(action_id) == "sympathy":
        spread(state, task.seat, A.clearing_arg(action_id))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


MODULE.task_decision("alliance_revolt", lambda state: _birdsong_options(state, T.top(state)) + ["done"])(
    _apply_birdsong)
MODULE.task_decision("alliance_spread", lambda state: _birdsong_options(state, T.top(state)) + ["done"])(
    _apply_birdsong)


# revolt (LR-08-04-01) -------------------------------------------------------------------------------------------

@record
class Revolt(NamedTuple):
    """After the supporters are spent: remove the enemies (stage "remove"), then place the base ("place")."""
    seat: int
    clearing: int
    stage: str


def revolt(state: RootState, me: int, c: int) -> None:
    state.log(("LR-08-04-01", "LR-08-04-01-01"), "ev.alliance.revolt", clearing=c)
    T.push(state, SpendSupporters(me, state.suits[c], BOARD["revolt_cost"], ("LR-08-04-01-02",)),
           Revolt(me, c, "remove"))


@MODULE.handler(Revolt)
def run_revolt(state: RootState, task: Revolt) -> None:
    T.done(state)
    if task.stage == "remove":  # LR-08-04-01-03: every enemy piece goes, scoring 1 per building and token
        T.push(state, *K.remove_all(state, task.seat, state.faction[task.seat], task.clearing,
                                      ("LR-08-04-01-03",)),
               task._replace(stage="place"))
        return
    c = task.clearing
    B.add_building(state, NAME, "base", c)
    n = sum(1 for d in B.clearings_of_suit(state, state.suits[c]) if sympathetic(state, d))
    placed = B.place_warriors(state, NAME, c, n)
    officers = min(BOARD["revolt_officers"], state.supply[NAME])
    train_officers(state, officers)
    state.log(("LR-08-04-01-03",), "ev.alliance.base", clearing=c, n=placed, officers=officers)


def train_officers(state: RootState, n: int) -> None:
    """Warriors from the supply to the Officers box."""
    state.supply[NAME] -= n
    W(state).officers += n


# spread sympathy (LR-08-04-02) and placing sympathy ----------------------------------------------------------------

@record
class PlaceSympathy(NamedTuple):
    """Place a sympathy token and score the space it uncovers (after paying for it)."""
    seat: int
    clearing: int
    rules: Rules


def spread(state: RootState, me: int, c: int) -> None:
    cost = spread_cost(state, c)
    rules = ("LR-08-04-02", "LR-08-04-02-01", "LR-08-04-02-02") + (
        ("LR-08-04-02-02-01",) if martial_law(state, c) else ())
    state.log(rules, "ev.alliance.spread", clearing=c, n=cost)
    T.push(state, SpendSupporters(me, state.suits[c], cost, rules), PlaceSympathy(me, c, ("LR-08-04-02-03",)))


@MODULE.handler(PlaceSympathy)
def run_place_sympathy(state: RootState, task: PlaceSympathy) -> None:
    T.done(state)
    placed = sympathy_placed(state)
    B.add_token(state, NAME, "sympathy", task.clearing)
    state.log(task.rules, "ev.alliance.sympathy", clearing=task.clearing)
    S.score(state, task.seat, BOARD["points"][placed], task.rules)


# ---- Daylight (LR-08-05) -------------------------------------------------------------------------------------------

@record
class AllianceDaylight(NamedTuple):
    seat: int


@MODULE.step("alliance.daylight")
def daylight(state: RootState) -> str:
    return T.run_then(state, [AllianceDaylight(seat(state))], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-08-02-01: sympathy tokens are the Alliance's crafting pieces."""
    return B.where(state, NAME, "sympathy")


MODULE.crafting_pieces = crafting_pieces


def train_cards(state: RootState, me: int) -> list[str]:
    """LR-08-05-03: a card matching the clearing of a base (birds match any), a warrior in supply."""
    if not state.supply[NAME]:
        return []
    suits = {state.suits[c] for c in bases(state)}
    if not suits:
        return []
    suits.add("bird")  # a bird card matches any base (K.matches)
    return [c for c in dict.fromkeys(state.hands[me]) if CARDS[c].suit in suits]


def _daylight_options(state: RootState, me: int) -> list[str]:
    return (K.craft_options(state, me) + [f"mobilize:{c}" for c in dict.fromkeys(state.hands[me])]
            + [f"train:{c}" for c in train_cards(state, me)] + TN.phase_options(state, me))


@MODULE.handler(AllianceDaylight)
def run_daylight(state: RootState, task: AllianceDaylight) -> None:
    options = _daylight_options(state, task.seat)
    T.offer_or_done(state, task.seat, "alliance_daylight", options + ["done"], options)


@MODULE.task_decision("alliance_daylight", lambda state: _daylight_options(state, T.top(state).seat) + ["done"])
def apply_daylight(state: RootState, action_id: str) -> None:
    me = T.top(state).seat
    h = A.head(action_id)
    if action_id == "done":
        T.done(state)
    elif h == "craft":
        T.push(state, K.craft(me, A.arg(action_id), tuple(crafting_pieces(state, me))))
    elif h == "mobilize":
        mobilize(state, me, A.arg(action_id))
    elif h == "train":
        K.discard(state, me, A.arg(action_id), ("LR-08-05-03",))
        train_officers(state, 1)
        state.log(("LR-08-05-03",), "ev.alliance.train", n=W(state).officers)
    else:
        TN.apply_phase_option(state, me, action_id)


def mobilize(state: RootState, me: int, card: str) -> None:
    """LR-08-05-02: a card from hand to the stack (discarded if the stack is full)."""
    state.hands[me].remove(card)
    state.conceal(card)  # whoever knew it in the hand does not see which card went
    state.log(("LR-08-05-02",), "ev.alliance.mobilize")
    if add_supporter(state, card, ("LR-08-05-02",)):
        state.log(("LR-08-05-02",), "ev.alliance.mobilize_card", to=(me,), card=card)


# ---- Evening (LR-08-06) ----------------------------------------------------------------------------------------------

@record
class AllianceEvening(NamedTuple):
    seat: int
    stage: str   # operations, draw


@MODULE.step("alliance.evening")
def evening(state: RootState) -> str:
    W(state).operations = 0
    return T.run_then(state, [AllianceEvening(seat(state), "operations")], RETURN)


def organize_sites(state: RootState) -> list[int]:
    """LR-08-06-01-04: an unsympathetic clearing with an Alliance warrior, a token left on the board."""
    if sympathy_placed(state) >= BOARD["sympathy"]:
        return []
    w = state.warriors.get(NAME)
    if w is None:
        return []
    return [c for c in range(len(state.suits)) if w[c] and not sympathetic(state, c) and B.may_place(state, NAME, c)]


def recruit_sites(state: RootState) -> list[int]:
    """LR-08-06-01-03: a clearing with a base, a warrior in supply."""
    if not state.supply[NAME]:
        return []
    return [c for c in bases(state) if B.may_place(state, NAME, c)]


def _operation_options(state: RootState, me: int) -> list[str]:
    out = []
    if W(state).operations < W(state).officers:  # LR-08-06-01: one per officer (RTA-ALLIANCE-04)
        if MV.can_move(state, NAME):
            out.append("move")
        if BT.can_battle(state, NAME):
            out.append("battle")
        out += [f"recruit_at:{A.clearing_id(c)}" for c in recruit_sites(state)]
        out += [f"organize:{A.clearing_id(c)}" for c in organize_sites(state)]
    return out + TN.phase_options(state, me)


@MODULE.handler(AllianceEvening)
def run_evening(state: RootState, task: AllianceEvening) -> None:
    if task.stage == "operations":
        options = _operation_options(state, task.seat)
        if options:
            T.offer(state, task.seat, "alliance_operation", options + ["done"])
        else:
            T.replace(state, task._replace(stage="draw"))
        return
    T.done(state)
    n = 1 + BOARD["base_draw_bonus"] * len(bases(state))
    K.draw(state, task.seat, n, ("LR-08-06-02",))
    T.push(state, K.hand_limit(task.seat, ("LR-08-06-02",)))


@MODULE.task_decision("alliance_operation", lambda state: _operation_options(state, T.top(state).seat) + ["done"])
def apply_operation(state: RootState, action_id: str) -> None:
    task = T.top(state)
    me, h = task.seat, A.head(action_id)
    if action_id == "done":
        T.replace(state, task._replace(stage="draw"))
        return
    if TN.is_phase_option(state, me, action_id):
        TN.apply_phase_option(state, me, action_id)
        return
    W(state).operations += 1
    rules = ("LR-08-06-01",)
    if action_id == "move":
        T.push(state, MV.moves(me, NAME, 1, rules + ("LR-08-06-01-01",), must=True))
    elif action_id == "battle":
        T.push(state, BT.start(me, NAME, rules + ("LR-08-06-01-02",), must=True))
    elif h == "recruit_at":
        c = A.clearing_arg(action_id)
        B.place_warriors(state, NAME, c, 1)
        state.log(rules + ("LR-08-06-01-03",), "ev.alliance.recruit", clearing=c)
    else:
        c = A.clearing_arg(action_id)
        rules += ("LR-08-06-01-04",)
        state.log(rules, "ev.alliance.organize", clearing=c)
        T.push(state, RemovePieces(me, NAME, c, (("warrior", 1),), False, rules), PlaceSympathy(me, c, rules))


# ---- Outrage (LR-08-02-06) ----------------------------------------------------------------------------------------------

@record
class Outrage(NamedTuple):
    """`seat` moved warriors into, or removed the sympathy token of, a clearing: it owes a matching card."""
    seat: int
    clearing: int


def outrage_cards(state: RootState, task: Outrage) -> list[str]:
    return list(dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing])))


@MODULE.handler(Outrage)
def run_outrage(state: RootState, task: Outrage) -> None:
    cards = outrage_cards(state, task)
    if len(cards) > 1:
        T.ask(state, task.seat, "outrage")
        return
    T.done(state)
    if cards:
        pay_outrage(state, task.seat, cards[0])
    else:
        show_hand(state, task.seat)


@MODULE.task_decision("outrage", lambda state: [f"outrage:{c}" for c in outrage_cards(state, T.top(state))])
def apply_outrage(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    pay_outrage(state, task.seat, A.arg(action_id))


def pay_outrage(state: RootState, payer: int, card: str) -> None:
    """The card goes from the payer's hand to the stack: both know where it is."""
    me = seat(state)
    state.hands[payer].remove(card)
    state.conceal(card)
    state.log(OUTRAGE, "ev.alliance.outrage_paid", seat=payer)
    if add_supporter(state, card, OUTRAGE):
        state.reveal(card, (payer, me))
        state.log(OUTRAGE, "ev.alliance.outrage_card", to=(payer, me), seat=payer, card=card)


def show_hand(state: RootState, payer: int) -> None:
    """No matching card: the hand is shown to the Alliance (it then knows those cards), who draws a supporter."""
    me = seat(state)
    hand = list(state.hands[payer])
    for card in hand:
        state.reveal(card, (me,))
    state.log(OUTRAGE, "ev.alliance.outrage_shown", seat=payer, n=len(hand))
    state.log(OUTRAGE, "ev.alliance.outrage_hand", to=(payer, me), seat=payer, cards=hand)
    draw_supporters(state, 1, OUTRAGE)


def on_moved_into(state: RootState, mover: int, faction: str, c: int, warriors: int) -> list:
    """Another player moving warriors (not the Alliance's) into a sympathetic clearing."""
    if faction == NAME or state.faction[mover] == NAME or not sympathetic(state, c):
        return []
    if any(fn(state, mover, faction) for fn in extensions(state, "outrage_exempt")):
        return []  # hireling warriors under the seed's hireling rules (RT-HR-43)
    state.log(OUTRAGE, "ev.alliance.outrage", seat=mover, clearing=c)
    return [Outrage(mover, c)]


MODULE.answer("moved_into", on_moved_into)


# ---- losing a base (LR-08-02-04) and removal triggers ----------------------------------------------------------------

@record
class BaseLost(NamedTuple):
    clearing: int


@record
class TrimSupporters(NamedTuple):
    """No base left: the Alliance discards supporters of its choice down to five (LR-08-02-04)."""
    seat: int


@record
class OrderEffects(NamedTuple):
    """A base and a sympathy token removed together: the player taking the turn picks which effect
    resolves first (LR-01-01-03, RTA-ALLIANCE-03)."""
    seat: int
    lost: BaseLost
    outrage: Outrage


@MODULE.handler(BaseLost)
def run_base_lost(state: RootState, task: BaseLost) -> None:
    T.done(state)
    data = W(state)
    suit = state.suits[task.clearing]
    gone = [c for c in data.supporters if K.matches(c, suit)]
    for card in gone:
        data.supporters.remove(card)
        K.to_pile(state, card)
    lost = (data.officers + 1) // 2
    data.officers -= lost
    state.supply[NAME] += lost
    state.log(("LR-08-02-04",), "ev.alliance.base_lost", clearing=task.clearing, cards=gone, n=lost)
    limit = capacity(state)
    if limit is not None and len(data.supporters) > limit:
        T.push(state, TrimSupporters(seat(state)))


@MODULE.handler(TrimSupporters)
def run_trim(state: RootState, task: TrimSupporters) -> None:
    limit = capacity(state)
    T.ask_or_done(state, task.seat, "alliance_trim", limit is not None and len(W(state).supporters) > limit)


@MODULE.task_decision("alliance_trim", lambda state: [f"supporter:{c}" for c in dict.fromkeys(W(state).supporters)])
def apply_trim(state: RootState, action_id: str) -> None:
    card = A.arg(action_id)
    W(state).supporters.remove(card)
    K.to_pile(state, card)
    state.log(("LR-08-02-04",), "ev.alliance.trim", card=card)


@MODULE.handler(OrderEffects)
def run_order(state: RootState, task: OrderEffects) -> None:
    T.ask(state, task.seat, "alliance_order")


@MODULE.task_decision("alliance_order", lambda state: ["first:base", "first:outrage"])
def apply_order(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    state.log(("LR-01-01-03", "RTA-ALLIANCE-03"), f"ev.alliance.first_{A.arg(action_id)}", seat=task.seat)
    first, then = (task.lost, task.outrage) if action_id == "first:base" else (task.outrage, task.lost)
    T.push(state, first, then)


def on_removed(state: RootState, by: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    if owner != NAME:
        return []
    kinds = {k for k, _ in pieces}
    lost = BaseLost(c) if "base" in kinds else None
    outrage = None
    if "sympathy" in kinds and by is not None and state.faction[by] != NAME:
        state.log(OUTRAGE, "ev.alliance.outrage", seat=by, clearing=c)
        outrage = Outrage(by, c)
    if lost and outrage:
        return [OrderEffects(state.active, lost, outrage)]
    return [t for t in (lost, outrage) if t is not None]


MODULE.answer("removed", on_removed)


# ---- Guerrilla War (LR-08-02-02) ---------------------------------------------------------------------------------------

MODULE.rolls_high_defending = True


# ---- view, hidden information, action ids ---------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """The board in public (bases, officers, sympathy), the supporters for the Alliance only (zone)."""
    data = state.mods.get(NAME)
    me = state.seat_of(NAME)
    if data is None or me is None or not state.suits:
        return
    placed = sympathy_placed(state)
    full["alliance"] = {
        "supporters": {str(me): list(data.supporters)},
        "officers": data.officers,
        "bases": [c + 1 for c in bases(state)],
        "bases_box": bases_on_board(state),
        "sympathy_on_map": placed,
        "sympathy_track": BOARD["sympathy"] - placed,
        "next_sympathy": ({"cost": BOARD["cost"][placed], "points": BOARD["points"][placed]}
                          if placed < BOARD["sympathy"] else None),
        "supporter_limit": capacity(state),
        "operations_left": (max(0, data.officers - data.operations)
                            if state.phase == "evening" and state.active == me else data.officers),
    }


def resample(state: RootState, seat_: int | None, stream: Any) -> None:
    """For anyone but the Alliance: the supporters it does not know are dealt again with the other hidden
    cards (hands, deck); cards it knows (given by Outrage) stay."""
    data = state.mods.get(NAME)
    me = state.seat_of(NAME)
    if data is None or seat_ == me:
        return
    known = state.known_to(seat_)
    places = hidden_hands(state, seat_) + [state.deck, data.supporters]
    redeal(places, lambda card: card in known, stream.shuffle)


MODULE.view = view
MODULE.resample = resample


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play (the Exiles deck too)
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["move", "battle", "done", "first:base", "first:outrage"]
    for h in ("revolt", "sympathy", "organize", "recruit_at"):
        ids += [f"{h}:{c}" for c in clearings]
    for h in ("mobilize", "train", "supporter", "outrage"):
        ids += [f"{h}:{c}" for c in cards]
    return [Vocabulary(ids + A.remove_ids(("base", "sympathy")))]


MODULE.actions = actions
MODULE.forms = {**{h: ("clearing",) for h in ("revolt", "sympathy", "organize")},
                **{h: ("card",) for h in ("mobilize", "train", "supporter", "outrage")}, "first": ("word",)}

# the faction board on the terminal and web tables (alliance_board.py)
MODULE.lines = alliance_board.lines
MODULE.picture = alliance_board.picture
