"""The Keepers in Iron (LR-15): relics delved out of the forests and recovered at waystations of their type, the
Retinue's three columns of cards, Devout Knights and Prized Trophies.

Setup: 15 warriors, the twelve relics shuffled face down (one at random in each forest), four warriors in a free
corner and four in an edge clearing next to it, the other relics spread at random among the forests away from them,
a Faithful Retainer in each Retinue column; its setup card (Advanced Setup): two adjacent edge homelands instead.
Birdsong: Encamp (a warrior becomes a waystation, either face up), Decamp (the reverse), Recruit (a card for two
warriors at a matching waystation). Daylight: craft with waystations, then the Retinue's columns left to right, each
card once: Move; Battle then Delve (a relic from an adjacent forest into a ruled clearing); Move or Recover (relics
of a waystation's type there, scored with a set bonus). Delving or recovering a relic worth more than the clearings
counted loses the card used. Evening: Live Off the Land, Gather Retinue, draw 1 + 1 per waystation on the map.

The base rules reach the Keepers through hooks: waystations are its crafting pieces, relics in the clearing of a
battle with a Keeper warrior ignore the first hit (extension point `ignores_first_hit`), relics go along with moving
warriors (`moved`), a removed relic goes face up into a forest of the remover's choice (`removed`) and an enemy
removing it scores one more (`removal_bonus`).

State: `mods["keepers"]`: the relics in each forest (face-down ones by type only), the hidden values of the
face-down relics (zone `keepers.hidden`, hidden from everyone: no one knows them until a relic is delved; resampling
deals them again among the face-down relics of each type), the recovered relics, the waystations' faces, the
Retinue's columns and the cards used this Daylight. Relics in clearings are tokens of the kind `<type><value>`
(always face up there). Choices the Law leaves open: RTA-KI-01..10 (docs/root-rulings.md, "Keepers in Iron"); the
board's numbers: data/factions/keepers.yaml. Message keys use `iron` (`ev.iron.*`, `decision.iron_*`): the hireling
Vault Keepers already has `keepers`.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from ....core.visibility import NOBODY, Zone
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
from ..records import RemovePieces
from ..state import RootState
from . import keepers_board

NAME = "keepers"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
TYPES: tuple[str, ...] = tuple(BOARD["relic_types"])
VALUES: tuple[int, ...] = tuple(BOARD["relic_values"])
RELIC_KINDS = tuple(f"{t}{v}" for t in TYPES for v in sorted(set(VALUES)))  # face-up relic tokens
STATIONS: dict[str, tuple[str, str]] = {k: (v[0], v[1]) for k, v in BOARD["waystations"].items()}
COLUMNS: tuple[str, ...] = tuple(BOARD["retinue_columns"])
RETAINERS: tuple[str, ...] = tuple(BOARD["retainers"])
ADVANCED = BOARD["advanced"]
RESERVE = -1  # the key of the relics set aside in setup until the warriors are placed (LR-15-03-04)
Rules = tuple[str, ...]


@register
class IronState(Data):
    __slots__ = ("forests", "hidden", "recovered", "faces", "retinue", "used", "set_aside")

    def __init__(self) -> None:
        self.forests: dict[int, tuple[str, ...]] = {}    # forest (or RESERVE) -> relics: a type (face down) or a kind
        self.hidden: dict[int, tuple[int, ...]] = {}     # forest (or RESERVE) -> its face-down relics' values, in order
        self.recovered: dict[str, tuple[int, ...]] = {t: () for t in TYPES}  # Relics spaces, left to right
        self.faces: dict[str, int] = {k: 0 for k in STATIONS}  # waystation -> 0 front up, 1 back up
        self.retinue: dict[str, tuple[str, ...]] = {c: () for c in COLUMNS}
        self.used: tuple[str, ...] = ()                  # Retinue cards that acted this Daylight
        self.set_aside: tuple[str, ...] = ()             # Faithful Retainers lost (out of the game, RTA-KI-06)


MODULE.data = lambda state: IronState()
MODULE.zones = (
    Zone("keepers.hidden", NOBODY, describe="the values of the face-down relics (LR-15-02-01, LR-15-03-01): "
                                            "no one sees them until a relic is delved"),
)


def K_(state: RootState) -> IronState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- pieces ------------------------------------------------------------------------------------------------------------

def relic_type(kind: str) -> str:
    return kind.rstrip("0123456789")


def relic_value(kind: str) -> int:
    return int(kind[len(relic_type(kind)):])


def is_relic(kind: str) -> bool:
    return kind in RELIC_KINDS


def relics_in(state: RootState, c: int) -> list[str]:
    return [k for o, k in state.tokens[c] if o == NAME and k in RELIC_KINDS]


def stations_in(state: RootState, c: int) -> list[str]:
    return [k for o, k in state.buildings[c] if o == NAME and k in STATIONS]


def shows(state: RootState, station: str) -> str:
    """The relic type a waystation shows (its face up side)."""
    return STATIONS[station][K_(state).faces[station]]


def station_sites(state: RootState) -> list[int]:
    """The clearings of the waystations on the map, one entry per waystation."""
    return [c for c in range(len(state.buildings)) for _ in stations_in(state, c)]


def stations_left(state: RootState) -> list[str]:
    """Waystations on the faction board (not on the map)."""
    placed = {k for c in range(len(state.buildings)) for k in stations_in(state, c)}
    return [k for k in STATIONS if k not in placed]


def card_suit(card: str) -> str:
    """A Faithful Retainer is a bird (RTA-KI-06)."""
    return "bird" if card in RETAINERS else CARDS[card].suit


def card_matches(card: str, suit: str) -> bool:
    s = card_suit(card)
    return s == suit or s == "bird"


def enemy(state: RootState, owner: str) -> bool:
    return state.seat_of(NAME) is not None and B.are_enemies(state, NAME, owner)


def forests(state: RootState) -> int:
    return len(B.board(state).forests)


def forest_clearings(state: RootState, f: int) -> tuple[int, ...]:
    return B.board(state).forests[f]


# ---- setup (LR-15-03) and its setup card (Advanced Setup, RTA-KI-02) -----------------------------------------------------

@record
class IronSetup(NamedTuple):
    """Stages: corner, edge (Standard Setup); homeland, homeland2 (its setup card). `first`: the clearing chosen
    first (-1: none yet)."""
    seat: int
    stage: str
    first: int


def _start(state: RootState) -> None:
    """LR-15-03-01/02: the twelve relics shuffled face down, one at random in each forest; 15 warriors."""
    data = K_(state)
    relics = state.shuffle([(t, v) for t in TYPES for v in VALUES])
    n = min(forests(state), len(relics))
    for f in range(n):
        data.forests[f] = (relics[f][0],)
        data.hidden[f] = (relics[f][1],)
    data.forests[RESERVE] = tuple(t for t, _ in relics[n:])
    data.hidden[RESERVE] = tuple(v for _, v in relics[n:])
    state.log(("LR-15-03-01", "LR-15-02-01"), "ev.iron.relics", n=n, left=len(relics) - n)
    state.log(("LR-15-03-02",), "ev.iron.supplies", n=state.supply[NAME], stations=len(STATIONS))


@MODULE.step("keepers.setup")
def setup(state: RootState) -> str:
    _start(state)
    return T.run_then(state, [IronSetup(seat(state), "corner", -1)], RETURN)


@MODULE.step("keepers.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _start(state)
    return T.run_then(state, [IronSetup(seat(state), "homeland", -1)], RETURN)


def start_corners(state: RootState) -> list[int]:
    """LR-15-03-03: a corner no other player started in and, if possible, diagonally opposite a starting corner."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    free = [c for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]
    opposite = [c for c in free if B.opposite(state, c) in taken]
    return opposite or free


def edge_neighbours(state: RootState, c: int) -> list[int]:
    """LR-15-03-03: edge clearings next to `c` (RTA-KI-01: any clearing next to it if none is on the edge)."""
    edge = B.board(state).edge
    near = [d for d in B.neighbours(state, c) if B.may_place(state, NAME, d)]
    return [d for d in near if edge[d]] or near


def homeland_sites(state: RootState, first: int) -> list[int]:
    """Its setup card: edge clearings two clearings from enemy homelands as far as able; the second next to the
    first (RTA-KI-02)."""
    edge = B.board(state).edge
    if first < 0:
        fit = [c for c in range(len(state.suits)) if edge[c]
               and any(edge[d] for d in B.neighbours(state, c))]
    else:
        fit = [d for d in B.neighbours(state, first) if edge[d] and d != first]
    return ADV.farthest(state, NAME, fit, ADVANCED["apart"])


def _setup_sites(state: RootState, task: IronSetup) -> list[int]:
    if task.stage == "corner":
        return start_corners(state)
    if task.stage == "edge":
        return edge_neighbours(state, task.first)
    return homeland_sites(state, task.first if task.stage == "homeland2" else -1)


@MODULE.handler(IronSetup)
def run_setup(state: RootState, task: IronSetup) -> None:
    sites = _setup_sites(state, task)
    if len(sites) == 1:
        _garrison(state, task, sites[0])
    elif sites:
        T.ask(state, task.seat, f"iron_{task.stage}")
    else:
        if task.stage.startswith("homeland"):
            ADV.no_room(state, NAME)
        T.done(state)
        _finish_setup(state, task.stage.startswith("homeland"))


def _setup_decision(state: RootState, action_id: str) -> None:
    _garrison(state, T.top(state), A.clearing_arg(action_id))


for _kind in ("iron_corner", "iron_edge", "iron_homeland", "iron_homeland2"):
    MODULE.task_decision(_kind, lambda state: [f"garrison:{A.clearing_id(c)}" for c in _setup_sites(
        state, T.top(state))])(_setup_decision)


def _garrison(state: RootState, task: IronSetup, c: int) -> None:
    advanced = task.stage.startswith("homeland")
    n = B.place_warriors(state, NAME, c, ADVANCED["warriors"] if advanced else BOARD["start_warriors"])
    homes = state.homes.get(NAME, ()) + (c,)
    state.homes = {**state.homes, NAME: homes}
    rules: Rules = ("LR-AA-08-03-01", "LR-AA-08-03-02", "RT-AS-30", "RT-AS-31", "RTA-KI-02") if advanced else (
        "LR-15-03-03",) + (("RTA-KI-01",) if task.stage == "edge" else ())
    state.log(rules, "ev.iron.garrison", clearing=c, n=n)
    if task.stage in ("corner", "homeland"):
        T.replace(state, task._replace(stage="edge" if task.stage == "corner" else "homeland2", first=c))
        return
    T.done(state)
    _finish_setup(state, advanced)


def _finish_setup(state: RootState, advanced: bool) -> None:
    """LR-15-03-04: the other relics at random, as evenly as possible, among forests not next to a clearing with
    Keeper warriors (RTA-KI-01: among all forests if none is left); LR-15-03-05/06: the Retainers, the waystations."""
    data = K_(state)
    away = [f for f in range(forests(state)) if not any(B.warriors(state, NAME, c) for c in forest_clearings(state, f))]
    rules: Rules = ("LR-15-03-04",) + (("RTA-KI-01",) if not away else ()) + (("RTA-KI-02",) if advanced else ())
    spots = state.shuffle(away or list(range(forests(state))))
    left, values = data.forests.pop(RESERVE, ()), data.hidden.pop(RESERVE, ())
    for i, (kind, value) in enumerate(zip(left, values)):
        f = spots[i % len(spots)]
        data.forests[f] = data.forests.get(f, ()) + (kind,)
        data.hidden[f] = data.hidden.get(f, ()) + (value,)
    state.log(rules, "ev.iron.relics_rest", n=len(left), forests=len(spots))
    data.retinue = {col: (card,) for col, card in zip(COLUMNS, RETAINERS)}
    state.log(("LR-15-03-05",), "ev.iron.retainers", n=len(RETAINERS))
    state.log(("LR-15-03-06", "LR-15-02-02"), "ev.iron.stations", n=len(STATIONS))


# ---- Birdsong (LR-15-04) -----------------------------------------------------------------------------------------------

@record
class IronBirdsong(NamedTuple):
    seat: int
    stage: str   # encamp, decamp, recruit


@MODULE.step("keepers.birdsong")
def birdsong(state: RootState) -> str:
    state.log(("LR-15-04",), "ev.iron.birdsong")
    return T.run_then(state, [IronBirdsong(seat(state), "encamp")], RETURN)


def stranded(state: RootState) -> bool:
    """LR-15-04-01: no Keeper warriors and no waystations in any clearing."""
    return not any(state.warriors[NAME]) and not station_sites(state)


def encamp_sites(state: RootState) -> list[int]:
    """LR-15-04-01: once per clearing, a clearing with a Keeper warrior and room for a waystation; when stranded, any
    clearing on the map's edge with room (once)."""
    if not stations_left(state) or state.used.get("iron_encamped"):  # the stranded Encamp is the whole step
        return []
    if stranded(state):
        if not state.supply[NAME]:
            return []
        edge = B.board(state).edge
        return [c for c in range(len(state.suits)) if edge[c] and B.open_slots(state, c) and B.may_place(state, NAME, c)]
    return [c for c in range(len(state.suits)) if B.warriors(state, NAME, c) and not state.used.get(f"iron_encamp:{c}")
            and B.open_slots(state, c) and B.may_place(state, NAME, c)]


def decamp_sites(state: RootState) -> list[str]:
    """LR-15-04-02: once per clearing, a waystation there back for a warrior (RTA-KI-03: one in the supply)."""
    if not state.supply[NAME]:
        return []
    return [k for c in range(len(state.suits)) if not state.used.get(f"iron_decamp:{c}")
            and B.may_place(state, NAME, c) for k in stations_in(state, c)]


def recruit_sites(state: RootState, me: int) -> list[int]:
    """LR-15-04-03: waystation clearings matching a card in hand, with a warrior in the supply."""
    if not state.supply[NAME]:
        return []
    return sorted({c for c in station_sites(state) if B.may_place(state, NAME, c)
                   and any(card_matches(card, state.suits[c]) for card in state.hands[me])})


def _birdsong_own(state: RootState, task: IronBirdsong) -> list[str]:
    if task.stage == "encamp":
        return [f"encamp:{A.clearing_id(c)}" for c in encamp_sites(state)]
    if task.stage == "decamp":
        return [f"decamp:{k}" for k in decamp_sites(state)]
    return [f"recruit_at:{A.clearing_id(c)}" for c in recruit_sites(state, task.seat)]


def _birdsong_act(state: RootState, task: IronBirdsong, action_id: str) -> bool:
    head = A.head(action_id)
    if head == "encamp":
        T.push(state, IronStation(task.seat, A.clearing_arg(action_id), stranded(state)))
    elif head == "decamp":
        decamp(state, A.arg(action_id))
    elif head == "recruit_at":
        T.push(state, IronRecruit(task.seat, A.clearing_arg(action_id)))
    else:
        return False
    return True


TN.staged_phase(MODULE, IronBirdsong, "iron", ("encamp", "decamp", "recruit"), _birdsong_own, _birdsong_act)


@record
class IronStation(NamedTuple):
    """Encamp in `clearing`: which waystation, and which side up (LR-15-04-01)."""
    seat: int
    clearing: int
    stranded: bool


def _station_options(state: RootState) -> list[str]:
    return [f"station:{k}:{t}" for k in stations_left(state) for t in STATIONS[k]]


@MODULE.handler(IronStation)
def run_station(state: RootState, task: IronStation) -> None:
    T.ask_or_done(state, task.seat, "iron_station", stations_left(state))


@MODULE.task_decision("iron_station", _station_options)
def apply_station(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    _, station, side = action_id.split(":")
    encamp(state, task.clearing, station, side, task.stranded)


def encamp(state: RootState, c: int, station: str, side: str, alone: bool) -> None:
    """LR-15-04-01: a warrior replaced by the waystation, the side chosen up; stranded: a waystation and a warrior
    placed on the edge."""
    K_(state).faces[station] = STATIONS[station].index(side)
    if alone:
        state.used["iron_encamped"] = 1
        B.place_warriors(state, NAME, c, 1)
        state.log(("LR-15-04-01", "RTA-KI-09"), "ev.iron.encamp_alone", clearing=c, kind=station)
    else:
        state.used[f"iron_encamp:{c}"] = 1
        B.remove_warriors(state, NAME, c, 1)
        state.log(("LR-15-04-01",), "ev.iron.encamp", clearing=c, kind=station)
    state.log(("LR-15-04-01", "LR-15-02-02"), "ev.iron.face", kind=side)
    B.add_building(state, NAME, station, c)


def decamp(state: RootState, station: str) -> None:
    c = next(c for c in range(len(state.buildings)) if station in stations_in(state, c))
    state.used[f"iron_decamp:{c}"] = 1
    B.take_building(state, NAME, station, c)
    B.place_warriors(state, NAME, c, 1)
    state.log(("LR-15-04-02", "RTA-KI-03"), "ev.iron.decamp", clearing=c, kind=station)


@record
class IronRecruit(NamedTuple):
    """Recruit at the waystation clearing `clearing`: which matching card to spend (LR-15-04-03)."""
    seat: int
    clearing: int


def _recruit_cards(state: RootState) -> list[str]:
    task = T.top(state)
    suit = state.suits[task.clearing]
    return [f"spend:{card}" for card in dict.fromkeys(state.hands[task.seat]) if card_matches(card, suit)]


@MODULE.handler(IronRecruit)
def run_recruit(state: RootState, task: IronRecruit) -> None:
    T.ask_or_done(state, task.seat, "iron_recruit_card", _recruit_cards(state))


@MODULE.task_decision("iron_recruit_card", _recruit_cards)
def apply_recruit_card(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    card = A.arg(action_id)
    state.hands[task.seat].remove(card)
    K.to_pile(state, card)
    n = B.place_warriors(state, NAME, task.clearing, BOARD["recruit_warriors"])
    state.log(("LR-15-04-03",), "ev.iron.recruit", card=card, clearing=task.clearing, n=n)


# ---- Daylight (LR-15-05) -----------------------------------------------------------------------------------------------

@record
class IronDaylight(NamedTuple):
    """`column`: -1 while crafting, then the Retinue column acting (0..2, left to right)."""
    seat: int
    column: int


@MODULE.step("keepers.daylight")
def daylight(state: RootState) -> str:
    K_(state).used = ()
    state.log(("LR-15-05",), "ev.iron.daylight")
    return T.run_then(state, [IronDaylight(seat(state), -1)], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-15-02-03: its waystations, of any type."""
    return station_sites(state)


MODULE.crafting_pieces = crafting_pieces


def matching_clearings(state: RootState, card: str) -> tuple[int, ...]:
    return tuple(c for c in range(len(state.suits)) if card_matches(card, state.suits[c]))


def delve_forests(state: RootState, c: int) -> list[int]:
    """Forests next to `c` holding a relic."""
    return [f for f in B.forests_of(state, c) if K_(state).forests.get(f)]


def may_delve(state: RootState, c: int) -> bool:
    """LR-15-05-02-02: a clearing it rules with a Keeper warrior, next to a forest with a relic."""
    return bool(B.warriors(state, NAME, c) and B.rules(state, NAME, c) and delve_forests(state, c))


def must_battle(state: RootState, c: int) -> bool:
    return bool(BT.battle_sites(state, NAME, (c,)))


def recoverable(state: RootState, c: int) -> list[str]:
    """LR-15-05-02-03-01: relics there of a type a waystation there shows."""
    types = {shows(state, k) for k in stations_in(state, c)}
    return [k for k in dict.fromkeys(relics_in(state, c)) if relic_type(k) in types]


def delve_sites(state: RootState, card: str) -> list[int]:
    return [c for c in matching_clearings(state, card) if must_battle(state, c) or may_delve(state, c)]


def recover_sites(state: RootState, card: str) -> list[int]:
    return [c for c in matching_clearings(state, card) if recoverable(state, c)]


def usable(state: RootState, column: str, card: str) -> bool:
    """Whether the card has an action to take now."""
    if column == "move":
        return MV.can_move(state, NAME, matching_clearings(state, card))
    if column == "delve":
        return bool(delve_sites(state, card))
    return MV.can_move(state, NAME, matching_clearings(state, card)) or bool(recover_sites(state, card))


def column_cards(state: RootState, column: int) -> list[str]:
    data = K_(state)
    col = COLUMNS[column]
    return [card for card in dict.fromkeys(data.retinue[col]) if card not in data.used and usable(state, col, card)]


def _daylight_own(state: RootState, task: IronDaylight) -> list[str]:
    if task.column < 0:
        return K.craft_options(state, task.seat)
    return [f"retinue:{card}" for card in column_cards(state, task.column)]


@MODULE.handler(IronDaylight)
def run_daylight(state: RootState, task: IronDaylight) -> None:
    if task.column >= len(COLUMNS):
        T.done(state)
    elif _daylight_own(state, task):
        T.ask(state, task.seat, "iron_craft" if task.column < 0 else f"iron_{COLUMNS[task.column]}")
    else:
        T.replace(state, task._replace(column=task.column + 1))


def _daylight_options(state: RootState) -> list[str]:
    task = T.top(state)
    return _daylight_own(state, task) + TN.phase_options(state, task.seat) + ["done"]


def _apply_daylight(state: RootState, action_id: str) -> None:
    task = T.top(state)
    head = A.head(action_id)
    if action_id == "done":
        T.replace(state, task._replace(column=task.column + 1))
    elif head == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    elif head == "retinue":
        act(state, task.seat, COLUMNS[task.column], A.arg(action_id))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


for _kind in ("iron_craft",) + tuple(f"iron_{c}" for c in COLUMNS):
    MODULE.task_decision(_kind, _daylight_options)(_apply_daylight)

COLUMN_RULES: dict[str, Rules] = {"move": ("LR-15-05-02", "LR-15-05-02-01"), "delve": ("LR-15-05-02", "LR-15-05-02-02"),
                                  "recover": ("LR-15-05-02", "LR-15-05-02-03")}


def act(state: RootState, me: int, column: str, card: str) -> None:
    """LR-15-05-02: the column's action with one of its cards, once each this Daylight."""
    data = K_(state)
    data.used = data.used + (card,)
    rules = COLUMN_RULES[column]
    state.log(rules + ("RTA-KI-07",), "ev.iron.act", column=f"iron_{column}", card=card)
    if column == "move":
        T.push(state, MV.moves(me, NAME, 1, rules, matching_clearings(state, card), must=True))
    elif column == "delve":
        T.push(state, IronDelve(me, card, -1, False))
    else:
        T.push(state, IronRecover(me, card, -1, True))


def lose_card(state: RootState, card: str, rules: Rules) -> None:
    """The Retinue card used is discarded (a Faithful Retainer leaves the game, RTA-KI-06)."""
    data = K_(state)
    for col, cards in data.retinue.items():
        if card in cards:
            left = list(cards)
            left.remove(card)
            data.retinue = {**data.retinue, col: tuple(left)}
            break
    if card in RETAINERS:
        data.set_aside = data.set_aside + (card,)
        state.log(rules + ("RTA-KI-06",), "ev.iron.retainer_lost", card=card)
    else:
        K.to_pile(state, card)
        state.log(rules, "ev.iron.card_lost", card=card)


@record
class IronDelve(NamedTuple):
    """Battle then Delve with `card`: the clearing (-1: not chosen yet), then, after the battle it must start there,
    the relic to delve (`ready`)."""
    seat: int
    card: str
    clearing: int
    ready: bool


@MODULE.handler(IronDelve)
def run_delve(state: RootState, task: IronDelve) -> None:
    if task.clearing < 0:
        T.ask_or_done(state, task.seat, "iron_delve_where", delve_sites(state, task.card))
    elif not task.ready:
        T.replace(state, task._replace(ready=True))
        if must_battle(state, task.clearing):
            T.push(state, BT.start(task.seat, NAME, COLUMN_RULES["delve"], (task.clearing,), must=True))
    else:
        T.ask_or_done(state, task.seat, "iron_delve_relic", may_delve(state, task.clearing))


@MODULE.task_decision("iron_delve_where", lambda state: [f"delve_at:{A.clearing_id(c)}" for c in delve_sites(
    state, T.top(state).card)])
def apply_delve_where(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


def _delve_options(state: RootState) -> list[str]:
    task = T.top(state)
    data = K_(state)
    out = [f"delve:{f + 1}:{code}" for f in delve_forests(state, task.clearing)
           for code in dict.fromkeys(data.forests[f])]
    return out + ["skip"]


@MODULE.task_decision("iron_delve_relic", _delve_options)
def apply_delve(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "skip":
        return
    _, forest, code = action_id.split(":")
    delve(state, task.card, task.clearing, int(forest) - 1, code)


def take_from_forest(state: RootState, f: int, code: str) -> str:
    """The relic `code` out of forest `f`, face up: its kind (a face-down one's value is revealed)."""
    data = K_(state)
    relics = list(data.forests[f])
    at = relics.index(code)
    before = sum(1 for r in relics[:at] if r not in RELIC_KINDS)  # face-down relics before it
    relics.pop(at)
    data.forests = {**data.forests, f: tuple(relics)}
    if code in RELIC_KINDS:
        return code
    hidden = list(data.hidden[f])
    value = hidden.pop(before)
    data.hidden = {**data.hidden, f: tuple(hidden)}
    return f"{code}{value}"


def delve(state: RootState, card: str, c: int, f: int, code: str) -> None:
    """LR-15-05-02-02-01/02: the relic flipped and moved into the clearing; the card is lost if the Keepers rule
    fewer of the forest's clearings than its value."""
    kind = take_from_forest(state, f, code)
    rules: Rules = ("LR-15-05-02-02", "LR-15-05-02-02-01", "RTA-KI-08")
    state.log(rules, "ev.iron.delve", forest=f, clearing=c, kind=kind, flipped=int(code not in RELIC_KINDS))
    B.add_token(state, NAME, kind, c)
    ruled = sum(1 for d in forest_clearings(state, f) if B.rules(state, NAME, d))
    if ruled < relic_value(kind):
        lose_card(state, card, ("LR-15-05-02-02-02",))
    else:
        state.log(("LR-15-05-02-02-02",), "ev.iron.card_kept", card=card, n=ruled)


@record
class IronRecover(NamedTuple):
    """Move or Recover with `card`: the choice (-1), then relics recovered in `clearing` one at a time (`first`:
    none yet)."""
    seat: int
    card: str
    clearing: int
    first: bool


def _move_or_recover(state: RootState) -> list[str]:
    card = T.top(state).card
    out = ["move"] if MV.can_move(state, NAME, matching_clearings(state, card)) else []
    return out + [f"recover_at:{A.clearing_id(c)}" for c in recover_sites(state, card)]


@MODULE.handler(IronRecover)
def run_recover(state: RootState, task: IronRecover) -> None:
    if task.clearing < 0:
        T.ask_or_done(state, task.seat, "iron_move_or_recover", _move_or_recover(state))
    else:
        T.ask_or_done(state, task.seat, "iron_recover_relic", recoverable(state, task.clearing))


@MODULE.task_decision("iron_move_or_recover", _move_or_recover)
def apply_move_or_recover(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "move":
        T.done(state)
        T.push(state, MV.moves(task.seat, NAME, 1, COLUMN_RULES["recover"], matching_clearings(state, task.card),
                               must=True))
    else:
        T.replace(state, task._replace(clearing=A.clearing_arg(action_id)))


def _recover_options(state: RootState) -> list[str]:
    task = T.top(state)
    return [f"recover:{k}" for k in recoverable(state, task.clearing)] + ([] if task.first else ["done"])


@MODULE.task_decision("iron_recover_relic", _recover_options)
def apply_recover(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    if recover(state, task.seat, task.card, task.clearing, A.arg(action_id)):
        T.replace(state, task._replace(first=False))
    else:
        T.done(state)


def recover(state: RootState, me: int, card: str, c: int, kind: str) -> bool:
    """LR-15-05-02-03-01..03: the relic to the leftmost empty Relics space of its type, its value scored, two more
    for a filled column; True if the Keepers may go on (they rule at least its value in clearings of the suit)."""
    data = K_(state)
    t = relic_type(kind)
    B.take_token(state, NAME, kind, c)
    data.recovered = {**data.recovered, t: data.recovered[t] + (relic_value(kind),)}
    column = len(data.recovered[t])
    state.log(("LR-15-05-02-03-01", "RTA-KI-10"), "ev.iron.recover", clearing=c, kind=kind, n=column)
    points = relic_value(kind)
    filled = all(len(data.recovered[o]) >= column for o in TYPES)
    if filled:
        state.log(("LR-15-05-02-03-02", "RTA-KI-10"), "ev.iron.set", n=column)
        points += BOARD["set_points"]
    S.score(state, me, points, ("LR-15-05-02-03-02",))
    ruled = sum(1 for d in B.clearings_of_suit(state, state.suits[c]) if B.rules(state, NAME, d))
    if ruled < relic_value(kind):
        lose_card(state, card, ("LR-15-05-02-03-03",))
        return False
    state.log(("LR-15-05-02-03-03",), "ev.iron.card_kept", card=card, n=ruled)
    return True


# ---- Evening (LR-15-06) -------------------------------------------------------------------------------------------------

@record
class IronEvening(NamedTuple):
    """Gather Retinue (`added`: cards added already, so no shift), then the draw."""
    seat: int
    stage: str   # gather, draw
    added: bool


@MODULE.step("keepers.evening")
def evening(state: RootState) -> str:
    state.log(("LR-15-06",), "ev.iron.evening")
    me = seat(state)
    return T.run_then(state, live_off_the_land(state, me) + [IronEvening(me, "gather", False)], RETURN)


def live_off_the_land(state: RootState, me: int) -> list[RemovePieces]:
    """LR-15-06-01: a warrior removed from each clearing with four or more Keeper warriors (a removal: effects that
    take removed warriors see them)."""
    rules: Rules = ("LR-15-06-01",)
    out = []
    for c in range(len(state.suits)):
        if B.warriors(state, NAME, c) >= BOARD["crowded"]:
            state.log(rules, "ev.iron.live_off", clearing=c)
            out.append(RemovePieces(me, NAME, c, (("warrior", 1),), False, rules))
    return out


def retinue_size(state: RootState) -> int:
    return sum(len(cards) for cards in K_(state).retinue.values())


def _gather_options(state: RootState, task: IronEvening) -> list[str]:
    out = []
    if retinue_size(state) < BOARD["retinue_limit"]:
        out += [f"retinue_add:{card}" for card in dict.fromkeys(state.hands[task.seat])]
    if not task.added:
        out += [f"retinue_shift:{card}" for cards in K_(state).retinue.values() for card in cards]
    return out


@MODULE.handler(IronEvening)
def run_evening(state: RootState, task: IronEvening) -> None:
    if task.stage == "gather":
        if _gather_options(state, task):
            T.ask(state, task.seat, "iron_gather")
        else:
            T.replace(state, task._replace(stage="draw"))
        return
    T.done(state)
    n = BOARD["draw"] + len(station_sites(state))
    K.draw(state, task.seat, n, ("LR-15-06-03",))
    T.push(state, K.hand_limit(task.seat, ("LR-15-06-03",)))


@MODULE.task_decision("iron_gather", lambda state: _gather_options(state, T.top(state)) + TN.phase_options(
    state, T.top(state).seat) + ["done"])
def apply_gather(state: RootState, action_id: str) -> None:
    task = T.top(state)
    head = A.head(action_id)
    if action_id == "done":
        T.replace(state, task._replace(stage="draw"))
    elif head in ("retinue_add", "retinue_shift"):
        card = A.arg(action_id)
        adding = head == "retinue_add"
        T.replace(state, task._replace(added=True) if adding else task._replace(stage="draw"))
        T.push(state, IronColumn(task.seat, card, adding))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


@record
class IronColumn(NamedTuple):
    """The Retinue column a card goes to (from the hand, or shifted from another column)."""
    seat: int
    card: str
    adding: bool


def column_of(state: RootState, card: str) -> str | None:
    return next((col for col, cards in K_(state).retinue.items() if card in cards), None)


def _column_options(state: RootState) -> list[str]:
    task = T.top(state)
    now = None if task.adding else column_of(state, task.card)
    return [f"retinue_column:{col}" for col in COLUMNS if col != now]


@MODULE.handler(IronColumn)
def run_column(state: RootState, task: IronColumn) -> None:
    T.ask(state, task.seat, "iron_column")


@MODULE.task_decision("iron_column", _column_options)
def apply_column(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    col = A.arg(action_id)
    data = K_(state)
    if task.adding:
        state.hands[task.seat].remove(task.card)
        state.log(("LR-15-06-02",), "ev.iron.retinue_add", card=task.card, column=f"iron_{col}")
    else:
        was = column_of(state, task.card)
        assert was is not None
        left = list(data.retinue[was])
        left.remove(task.card)
        data.retinue = {**data.retinue, was: tuple(left)}
        state.log(("LR-15-06-02",), "ev.iron.retinue_shift", card=task.card, column=f"iron_{col}")
    data.retinue = {**data.retinue, col: data.retinue[col] + (task.card,)}


# ---- Devout Knights (LR-15-02-04) ----------------------------------------------------------------------------------------

def devout(state: RootState, battle: Any, owner: str) -> tuple[str, ...]:
    """The first hit the Keepers take is ignored where the battle has a relic and a Keeper warrior."""
    c = battle.clearing
    if owner == NAME and relics_in(state, c) and B.warriors(state, NAME, c):
        return ("LR-15-02-04",)
    return ()


MODULE.answer("ignores_first_hit", devout)


@record
class IronCarry(NamedTuple):
    """Relics going along with the warriors that moved from `origin` to `dest`, one per warrior (`left`)."""
    seat: int
    origin: int
    dest: int
    left: int


def on_moved(state: RootState, mover: int, faction: str, a: int, b: int, n: int) -> list:
    """LR-15-02-04: a relic may go along with each Keeper warrior moved (the Keepers choose, RTA-KI-04)."""
    if faction != NAME or b >= len(state.suits) or not relics_in(state, a):
        return []
    return [IronCarry(seat(state), a, b, n)]


MODULE.answer("moved", on_moved)


@MODULE.handler(IronCarry)
def run_carry(state: RootState, task: IronCarry) -> None:
    T.ask_or_done(state, task.seat, "iron_carry", task.left > 0 and relics_in(state, task.origin))


@MODULE.task_decision("iron_carry", lambda state: [f"carry:{k}" for k in dict.fromkeys(relics_in(
    state, T.top(state).origin))] + ["done"])
def apply_carry(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    kind = A.arg(action_id)
    B.take_token(state, NAME, kind, task.origin)
    pieces = state.tokens[task.dest]
    state.tokens[task.dest] = pieces + ((NAME, kind),)  # moved, not placed
    state.log(("LR-15-02-04", "RTA-KI-04"), "ev.iron.carry", origin=task.origin, dest=task.dest, kind=kind)
    T.replace(state, task._replace(left=task.left - 1))


# ---- Prized Trophies (LR-15-02-05) ---------------------------------------------------------------------------------------

@record
class IronTrophy(NamedTuple):
    """A removed relic: the forest it goes to, face up, chosen by the remover (RTA-KI-05)."""
    seat: int
    kind: str


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    if owner != NAME:
        return []
    chooser = by_seat if by_seat is not None else state.active
    return [IronTrophy(chooser, kind) for kind, n in pieces if kind in RELIC_KINDS for _ in range(n)]


def removal_bonus(state: RootState, scorer: int, owner: str, pieces: list, in_battle: bool) -> int:
    """LR-15-02-05: an enemy removing a relic scores one more for it (nothing when a hireling removed it: the base
    rules score nothing then, RTA-KI-05)."""
    if owner != NAME or not enemy(state, state.faction[scorer]):
        return 0
    n = sum(k for kind, k in pieces if kind in RELIC_KINDS)
    if n:
        state.log(("LR-15-02-05",), "ev.iron.trophy_point", seat=scorer, n=n)
    return BOARD["trophy_points"] * n


MODULE.answer("removed", on_removed)
MODULE.answer("removal_bonus", removal_bonus)


@MODULE.handler(IronTrophy)
def run_trophy(state: RootState, task: IronTrophy) -> None:
    T.ask(state, task.seat, "iron_trophy")


@MODULE.task_decision("iron_trophy", lambda state: [f"trophy:{f + 1}" for f in range(forests(state))])
def apply_trophy(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    f = int(A.arg(action_id)) - 1
    data = K_(state)
    data.forests = {**data.forests, f: data.forests.get(f, ()) + (task.kind,)}
    state.log(("LR-15-02-05", "RTA-KI-05"), "ev.iron.trophy", seat=task.seat, kind=task.kind, forest=f)


# ---- what everyone sees, resampling, bots, action ids --------------------------------------------------------------------

def relic_sets(data: IronState) -> int:
    return min(len(data.recovered[t]) for t in TYPES)


def view(state: RootState, full: dict) -> None:
    """In public: the relics in the forests (face-down ones by type), the recovered relics, the waystations (where,
    which side up), the Retinue and the cards used this Daylight, the Evening draw; for no one (zone): the face-down
    relics' values."""
    data = state.mods.get(NAME)
    if data is None or state.seat_of(NAME) is None or not state.suits:
        return
    placed = {k: c for c in range(len(state.buildings)) for k in stations_in(state, c)}
    full[NAME] = {
        "forests": {str(f + 1): list(r) for f, r in sorted(data.forests.items()) if f >= 0 and r},
        "recovered": {t: list(v) for t, v in data.recovered.items()},
        "sets": relic_sets(data),
        "stations": {k: {"at": A.clearing_id(placed[k]) if k in placed else None, "shows": shows(state, k),
                         "sides": list(STATIONS[k])} for k in STATIONS},
        "retinue": {col: list(cards) for col, cards in data.retinue.items()},
        "used": list(data.used),
        "set_aside": list(data.set_aside),
        "draws": BOARD["draw"] + len(placed),
        "hidden": {str(f): list(v) for f, v in sorted(data.hidden.items()) if v},
    }


def resample(state: RootState, seat_: int | None, stream: Any) -> None:
    """For everyone (no one knows them): the face-down relics' values dealt again among the face-down relics of
    each type."""
    data = state.mods.get(NAME)
    if data is None or state.seat_of(NAME) is None:
        return
    for t in TYPES:
        slots = [(f, i) for f, relics in sorted(data.forests.items())
                 for i, r in enumerate([r for r in relics if r not in RELIC_KINDS]) if r == t]
        if len(slots) < 2:
            continue
        values = stream.shuffle(sorted(data.hidden[f][i] for f, i in slots))
        hidden = {f: list(v) for f, v in data.hidden.items()}
        for (f, i), v in zip(slots, values):
            hidden[f][i] = v
        data.hidden = {f: tuple(v) for f, v in hidden.items()}


MODULE.view = view
MODULE.resample = resample

RELIC_ON_MAP = 0.6       # a relic in a clearing: delved, on its way to a waystation (tuning, not rules)
RELIC_AT_STATION = 1.2   # a relic where a waystation shows its type: ready to recover
RETINUE_CARD = 0.3       # a card in the Retinue: one more action each turn
STATION = 0.4            # a waystation on the map: a card more each Evening


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: relics delved and ready to recover, the Retinue, waystations."""
    if state.faction[s] != NAME:
        return 0.0
    total = 0.0
    for c in range(len(state.suits)):
        relics = relics_in(state, c)
        if relics:
            ready = len(recoverable(state, c))
            total += RELIC_ON_MAP * len(relics) + RELIC_AT_STATION * ready
    return total + RETINUE_CARD * retinue_size(state) + STATION * len(station_sites(state))


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]
    clearings = [A.clearing_id(c) for c in range(12)]
    forest_ids = [str(f + 1) for f in range(12)]
    ids = ["move"] + [f"station:{k}:{t}" for k in STATIONS for t in STATIONS[k]]
    for h in ("garrison", "encamp", "recruit_at", "delve_at", "recover_at"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [f"decamp:{k}" for k in STATIONS] + [f"retinue_column:{c}" for c in COLUMNS]
    ids += [f"delve:{f}:{code}" for f in forest_ids for code in TYPES + RELIC_KINDS]
    ids += [f"trophy:{f}" for f in forest_ids]
    ids += [f"{h}:{k}" for h in ("recover", "carry") for k in RELIC_KINDS]
    ids += [f"retinue:{c}" for c in cards + list(RETAINERS)] + [f"retinue_add:{c}" for c in cards]
    ids += [f"retinue_shift:{c}" for c in cards + list(RETAINERS)]
    return [Vocabulary(ids + A.remove_ids(tuple(STATIONS) + RELIC_KINDS))]


MODULE.actions = actions
MODULE.forms = {**{h: ("clearing",) for h in ("garrison", "encamp", "recruit_at", "delve_at", "recover_at")},
                "station": ("piece", "piece"), "decamp": ("piece",), "delve": ("number", "piece"),
                "trophy": ("number",), "recover": ("piece",), "carry": ("piece",), "retinue": ("card",),
                "retinue_add": ("card",), "retinue_shift": ("card",), "retinue_column": ("word",)}

# the faction board on the terminal and web tables (keepers_board.py)
MODULE.lines = keepers_board.lines
MODULE.picture = keepers_board.picture
