"""The Underground Duchy (LR-12): the Burrow, tunnels, citadels and markets, nine ministers swayed by revealing cards,
crowns and the Price of Failure.

Setup: 2 warriors and a tunnel in a free corner (opposite a starting corner if one is free), 2 warriors in each
clearing next to it; its setup card (Advanced Setup): a homeland not next to an enemy homeland, 2 warriors and a
tunnel, 5 warriors among the clearings next to it. Birdsong: warriors into the Burrow (one, plus the warrior icons
the Citadels track shows). Daylight: Assembly (two actions among build, recruit, move, battle, dig), Parliament (each
swayed minister's action once), Sway (one minister, revealing cards that match clearings with Duchy pieces, scoring
the crown's space). Evening: the revealed cards back to hand (birds discarded), craft with citadels and markets, draw
1 + the card icons the Markets track shows, hand limit.

The Burrow is a place beside the map: index `len(state.suits)` of the Duchy's warriors list, which is one entry longer
than the map (board.py's extension point `off_map`: the Duchy rules it, it is adjacent to every clearing with a
tunnel; `adjacent` makes those clearings adjacent to it for the Duchy alone, so no one else's pieces ever reach it).
Its ids are `from:13` / `to:13` and the catalogue names it (`place.13`). The base rules reach the Duchy through its
hooks: its crafting pieces, and removals of its buildings (`removed`: the Price of Failure, a pending decision of its
seat when two ministers of the highest rank are swayed).

State: `mods["duchy"]`: the swayed ministers, the crowns removed from the game, the cards revealed this turn, the
Assembly actions and the ministers used this turn. Everything of the Duchy's but its hand is public: cards it reveals
are seen by every player from the moment they are shown, and once back in its hand every player knows them there
(the hand itself stays a hidden zone, `hands.*`). Choices the Law leaves open: RTA-UD-01..12 (docs/root-rulings.md,
"Underground Duchy"); the board's numbers: data/factions/duchy.yaml.
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
from ..content import CARDS, DECKS, SUITS, faction_sheet
from ..program import Faction
from ..records import RemovePieces
from ..state import RootState
from . import duchy_board

NAME = "duchy"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
RANKS = tuple(BOARD["ranks"])                 # squire, noble, lord: lowest first
RANK: dict[str, str] = dict(BOARD["ministers"])
MINISTERS = tuple(RANK)
BUILDINGS = ("citadel", "market")
TUNNEL = "tunnel"
ADVANCED = BOARD["advanced"]
ASSEMBLY = ("build", "recruit", "move", "battle", "dig")
Rules = tuple[str, ...]
PRICE: Rules = ("LR-12-02-03", "RTA-UD-07")


@register
class DuchyState(Data):
    __slots__ = ("swayed", "lost", "revealed", "acted", "worked", "price")

    def __init__(self) -> None:
        self.swayed: list[str] = []          # swayed ministers, in the order swayed (LR-12-05-03-03)
        self.lost: dict[str, int] = {}       # crowns of each rank removed from the game (LR-12-02-03)
        self.revealed: list[str] = []        # cards revealed this turn (LR-12-06-01)
        self.acted = 0                       # Assembly actions taken this turn (LR-12-05-01)
        self.worked: tuple[str, ...] = ()    # ministers whose action was taken this turn (LR-12-05-02)
        self.price = False                   # a Price of Failure waits on the task stack (RTA-UD-07)


MODULE.data = lambda state: DuchyState()


def D(state: RootState) -> DuchyState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- the Burrow, tunnels and the board's tracks (LR-12-02-02, LR-12-02-04) -----------------------------------------

def burrow(state: RootState) -> int:
    """The Burrow's index: the first past the map's clearings."""
    return len(state.suits)


def in_burrow(state: RootState) -> int:
    w = state.warriors.get(NAME)
    return w[burrow(state)] if w is not None and len(w) > burrow(state) else 0


def open_burrow(state: RootState) -> None:
    """The Burrow board beside the map (LR-12-03-02): one more entry in the Duchy's warriors list."""
    w = state.warriors[NAME]
    if len(w) == burrow(state):
        state.warriors[NAME] = w + [0]


def tunnels(state: RootState) -> list[int]:
    return B.where(state, NAME, TUNNEL)


def tunnels_left(state: RootState) -> int:
    return BOARD["tunnels"] - len(tunnels(state))


def on_map(state: RootState, kind: str) -> int:
    return B.count_on_map(state, NAME, kind)


def left(state: RootState, kind: str) -> int:
    """Buildings of a kind still on their track."""
    return BOARD[f"{kind}s"] - on_map(state, kind)


def warrior_icons(state: RootState) -> int:
    """Warrior icons uncovered on the Citadels track (LR-12-04, RTA-UD-01)."""
    return sum(BOARD["citadel_icons"][:on_map(state, "citadel")])


def card_icons(state: RootState) -> int:
    """Card draw icons uncovered on the Markets track (LR-12-06-03, RTA-UD-01)."""
    return sum(BOARD["market_icons"][:on_map(state, "market")])


def off_map(state: RootState, place: int) -> tuple[str, tuple[int, ...]] | None:
    """LR-12-02-02: the Duchy always rules the Burrow, adjacent to each clearing with a tunnel."""
    if place != burrow(state) or state.seat_of(NAME) is None:
        return None
    return NAME, tuple(tunnels(state))


def adjacent(state: RootState, faction: str, c: int) -> list[int]:
    """LR-12-02-02: a clearing with a tunnel is adjacent to the Burrow, for the Duchy alone (no one else's pieces may
    go there)."""
    if faction != NAME or c >= len(state.suits) or (NAME, TUNNEL) not in state.tokens[c]:
        return []
    return [burrow(state)]


MODULE.answer("off_map", off_map)
MODULE.answer("adjacent", adjacent)


# ---- ministers and crowns (LR-12-03-05/06, LR-12-05-03) -------------------------------------------------------------

def swayed_of(state: RootState, rank: str) -> list[str]:
    return [m for m in D(state).swayed if RANK[m] == rank]


def crowns_left(state: RootState, rank: str) -> int:
    """Crowns of a rank still on the faction board: not on a swayed minister, not removed from the game."""
    return len(BOARD["crowns"][rank]) - len(swayed_of(state, rank)) - D(state).lost.get(rank, 0)


def crown_points(state: RootState, rank: str) -> int | None:
    """The points of the next crown space of the rank to be uncovered (taken in order), or None if none is left."""
    taken = len(swayed_of(state, rank)) + D(state).lost.get(rank, 0)
    spaces = BOARD["crowns"][rank]
    return spaces[taken] if taken < len(spaces) else None


def highest_swayed(state: RootState) -> list[str]:
    """The swayed ministers of the highest rank (lord, then noble, then squire)."""
    for rank in reversed(RANKS):
        found = swayed_of(state, rank)
        if found:
            return found
    return []


# ---- revealing cards (LR-12-05-01-01, LR-12-05-02-01, LR-12-05-03-02, LR-12-06-01) ---------------------------------

def reveal(state: RootState, me: int, card: str, rules: Rules) -> None:
    """From the hand to the table, face up: every player sees it from now on."""
    state.hands[me].remove(card)
    state.conceal(card)  # public from now on (the view lists the revealed cards)
    D(state).revealed.append(card)
    state.log(rules, "ev.duchy.reveal", card=card)


def return_revealed(state: RootState, me: int) -> None:
    """LR-12-06-01: the bird cards revealed this turn are discarded, the others go back to the hand (known to all)."""
    data = D(state)
    cards, data.revealed = data.revealed, []
    birds = [c for c in cards if CARDS[c].suit == "bird"]
    back = [c for c in cards if CARDS[c].suit != "bird"]
    for card in birds:
        K.to_pile(state, card)
    for card in back:
        state.hands[me].append(card)
        state.reveal(card, range(state.players))
    if birds:
        state.log(("LR-12-06", "LR-12-06-01"), "ev.duchy.birds_discarded", cards=birds)
    if back:
        state.log(("LR-12-06", "LR-12-06-01", "RTA-UD-05"), "ev.duchy.returned", cards=back)


# ---- setup (LR-12-03) and its setup card (Advanced Setup, RTA-UD-02) ------------------------------------------------

@record
class DuchySetup(NamedTuple):
    """Stages: corner (Standard Setup) or homeland (its setup card), around (warriors next to the homeland, `left`
    still to place)."""
    seat: int
    stage: str
    home: int | None
    left: int


def _supplies(state: RootState) -> None:
    open_burrow(state)
    state.log(("LR-12-03-01", "LR-12-03-02", "LR-12-03-04", "LR-12-03-05", "LR-12-03-06"), "ev.duchy.supplies",
              n=state.supply[NAME], tunnels=BOARD["tunnels"], citadels=BOARD["citadels"], markets=BOARD["markets"],
              ministers=len(MINISTERS), crowns=sum(len(v) for v in BOARD["crowns"].values()))


@MODULE.step("duchy.setup")
def setup(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [DuchySetup(seat(state), "corner", None, 0)], RETURN)


@MODULE.step("duchy.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [DuchySetup(seat(state), "homeland", None, ADVANCED["adjacent_warriors"])], RETURN)


def start_corners(state: RootState) -> list[int]:
    """LR-12-03-03: a corner that is no other player's starting corner and, if possible, diagonally opposite one."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    free = [c for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]
    opposite = [c for c in free if B.opposite(state, c) in taken]
    return opposite or free


def homeland_sites(state: RootState) -> list[int]:
    """Its setup card: not an enemy homeland, not next to one if able (LR-AA-08-03-01/02)."""
    return ADV.farthest(state, NAME, range(len(state.suits)), ADVANCED["apart"])


def around_sites(state: RootState, task: DuchySetup) -> list[int]:
    if task.home is None or not state.supply[NAME]:
        return []
    return [c for c in B.neighbours(state, task.home) if B.may_place(state, NAME, c)]


def _setup_options(state: RootState, task: DuchySetup) -> list[str]:
    if task.stage == "corner":
        return [f"tunnel_at:{A.clearing_id(c)}" for c in start_corners(state)]
    if task.stage == "homeland":
        return [f"tunnel_at:{A.clearing_id(c)}" for c in homeland_sites(state)]
    return [f"warrior_at:{A.clearing_id(c)}" for c in around_sites(state, task)] if task.left > 0 else []


@MODULE.handler(DuchySetup)
def run_setup(state: RootState, task: DuchySetup) -> None:
    options = _setup_options(state, task)
    if not options:
        if task.stage in ("corner", "homeland"):
            ADV.no_room(state, NAME)  # nowhere to start (RTA-AS-05)
        T.done(state)
    elif len(options) == 1:
        _setup_step(state, task, options[0])
    else:
        T.ask(state, task.seat, f"duchy_{task.stage}")


def _setup_decision(state: RootState, action_id: str) -> None:
    _setup_step(state, T.top(state), action_id)


for _kind in ("duchy_corner", "duchy_homeland", "duchy_around"):
    MODULE.task_decision(_kind, lambda state: _setup_options(state, T.top(state)))(_setup_decision)


def _setup_step(state: RootState, task: DuchySetup, action_id: str) -> None:
    c = A.clearing_arg(action_id)
    if task.stage == "around":
        B.place_warriors(state, NAME, c, 1)
        state.log(("LR-AA-08-03", "RTA-UD-02"), "ev.duchy.around", clearing=c)
        if task.left > 1 and around_sites(state, task):
            T.replace(state, task._replace(left=task.left - 1))
        else:
            T.done(state)
        return
    state.homes = {**state.homes, NAME: (c,)}
    if task.stage == "corner":
        T.done(state)
        n = B.place_warriors(state, NAME, c, BOARD["start_warriors"])
        near = [d for d in B.neighbours(state, c) if B.may_place(state, NAME, d)]
        for d in near:
            B.place_warriors(state, NAME, d, BOARD["adjacent_warriors"])
        state.log(("LR-12-03-03",), "ev.duchy.start", clearing=c, n=n, clearings=near)
        B.add_token(state, NAME, TUNNEL, c)
        return
    T.replace(state, task._replace(stage="around", home=c))
    n = B.place_warriors(state, NAME, c, ADVANCED["warriors"])
    state.log(("LR-AA-08-03-01", "LR-AA-08-03-02", "RT-AS-30", "RT-AS-31", "RT-AS-32", "RTA-UD-02"),
              "ev.duchy.homeland", clearing=c, n=n)
    B.add_token(state, NAME, TUNNEL, c)


# ---- Birdsong (LR-12-04) --------------------------------------------------------------------------------------------

@MODULE.step("duchy.birdsong")
def birdsong(state: RootState) -> str:
    """LR-12-04: one warrior in the Burrow, plus one per warrior icon showing on the Citadels track."""
    icons = warrior_icons(state)
    n = B.place_warriors(state, NAME, burrow(state), BOARD["birdsong_warriors"] + icons)
    state.log(("LR-12-04", "RTA-UD-01"), "ev.duchy.birdsong", n=n, icons=icons)
    return RETURN


# ---- Daylight (LR-12-05): Assembly, Parliament, Sway ----------------------------------------------------------------

@record
class DuchyDaylight(NamedTuple):
    seat: int
    stage: str   # assembly, parliament, sway, end


@MODULE.step("duchy.daylight")
def daylight(state: RootState) -> str:
    data = D(state)
    data.acted, data.worked = 0, ()
    return T.run_then(state, [DuchyDaylight(seat(state), "assembly")], RETURN)


NEXT_STAGE = {"assembly": "parliament", "parliament": "sway", "sway": "end"}


def _menu(state: RootState, task: DuchyDaylight) -> list[str]:
    """The stage's own ids, the phase options, then `done` (the decision's legal list)."""
    if task.stage == "assembly":
        own = assembly_options(state, task.seat) if D(state).acted < BOARD["assembly_actions"] else []
    elif task.stage == "parliament":
        own = parliament_options(state, task.seat)
    else:
        own = sway_options(state, task.seat)
    return own + TN.phase_options(state, task.seat) + ["done"]


@MODULE.handler(DuchyDaylight)
def run_daylight(state: RootState, task: DuchyDaylight) -> None:
    if task.stage == "end":
        T.done(state)
        return
    ids = _menu(state, task)
    if len(ids) > 1:
        T.offer(state, task.seat, f"duchy_{task.stage}", ids)
    else:
        T.replace(state, task._replace(stage=NEXT_STAGE[task.stage]))


def _daylight_decision(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage=NEXT_STAGE[task.stage]))
    elif A.head(action_id) == "assembly":
        assemble(state, task.seat, A.arg(action_id))
    elif A.head(action_id) == "minister":
        work(state, task.seat, A.arg(action_id), by_mayor=False)
    elif A.head(action_id) == "sway":
        T.replace(state, task._replace(stage="end"))  # one sway a turn (LR-12-05-03)
        T.push(state, DuchySway(task.seat, A.arg(action_id), 0))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


for _kind in ("duchy_assembly", "duchy_parliament", "duchy_sway"):
    MODULE.task_decision(_kind, lambda state: _menu(state, T.top(state)))(_daylight_decision)


# ---- Assembly (LR-12-05-01) -----------------------------------------------------------------------------------------

def assembly_options(state: RootState, me: int) -> list[str]:
    out = []
    if build_kinds(state, me, foremole=False):
        out.append("assembly:build")
    if state.supply[NAME]:
        out.append("assembly:recruit")
    if MV.can_move(state, NAME):
        out.append("assembly:move")
    if BT.can_battle(state, NAME):
        out.append("assembly:battle")
    if dig_sites(state, me):
        out.append("assembly:dig")
    return out


def assemble(state: RootState, me: int, action: str) -> None:
    D(state).acted += 1
    rules: Rules = ("LR-12-05-01", f"LR-12-05-01-0{ASSEMBLY.index(action) + 1}")
    if action == "build":
        T.push(state, DuchyBuild(me, None, None, False, rules))
    elif action == "recruit":
        n = B.place_warriors(state, NAME, burrow(state), 1)
        state.log(rules, "ev.duchy.recruit", n=n)
    elif action == "move":
        T.push(state, MV.moves(me, NAME, 1, rules, must=True))
    elif action == "battle":
        T.push(state, BT.start(me, NAME, rules, must=True))
    else:
        T.push(state, DuchyDig(me, "where", None, None))


# Build (Assembly: a matching clearing; the Foremole: any clearing it rules) --------------------------------------------

@record
class DuchyBuild(NamedTuple):
    """Place a citadel or market: which (`kind`), where (`clearing`), then the card revealed for it."""
    seat: int
    kind: str | None
    clearing: int | None
    foremole: bool      # any card, any clearing it rules (LR-12-05-02-01)
    rules: Rules


def build_sites(state: RootState, me: int, kind: str, foremole: bool) -> list[int]:
    """Clearings it rules with an open slot and a building of the kind on its track: matching a card in its hand
    (Build, LR-12-05-01-01), or with any card in hand (the Foremole, LR-12-05-02-01)."""
    hand = state.hands[me]
    if left(state, kind) <= 0 or not hand:
        return []
    ruled = B.rulers(state)
    return [c for c in range(len(state.suits)) if ruled[c] == NAME and B.open_slots(state, c) > 0
            and B.may_place(state, NAME, c) and (foremole or any(K.matches(card, state.suits[c]) for card in hand))]


def build_kinds(state: RootState, me: int, foremole: bool) -> list[str]:
    return [k for k in BUILDINGS if build_sites(state, me, k, foremole)]


def build_cards(state: RootState, task: DuchyBuild) -> list[str]:
    assert task.clearing is not None
    hand = state.hands[task.seat]
    if task.foremole:
        return list(dict.fromkeys(hand))
    return list(dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing])))


def _build_options(state: RootState, task: DuchyBuild) -> list[str]:
    if task.kind is None:
        return [f"building:{k}" for k in build_kinds(state, task.seat, task.foremole)]
    if task.clearing is None:
        return [f"build_at:{A.clearing_id(c)}" for c in build_sites(state, task.seat, task.kind, task.foremole)]
    return [f"reveal:{c}" for c in build_cards(state, task)]


@MODULE.handler(DuchyBuild)
def run_build(state: RootState, task: DuchyBuild) -> None:
    options = _build_options(state, task)
    if len(options) > 1:
        stage = "kind" if task.kind is None else "at" if task.clearing is None else "card"
        T.offer(state, task.seat, f"duchy_build_{stage}", options)
    elif options:
        _build_step(state, task, options[0])
    else:
        T.done(state)


def _build_decision(state: RootState, action_id: str) -> None:
    _build_step(state, T.top(state), action_id)


for _kind in ("duchy_build_kind", "duchy_build_at", "duchy_build_card"):
    MODULE.task_decision(_kind, lambda state: _build_options(state, T.top(state)))(_build_decision)


def _build_step(state: RootState, task: DuchyBuild, action_id: str) -> None:
    head = A.head(action_id)
    if head == "building":
        T.replace(state, task._replace(kind=A.arg(action_id)))
    elif head == "build_at":
        T.replace(state, task._replace(clearing=A.clearing_arg(action_id)))
    else:
        assert task.kind is not None and task.clearing is not None
        T.done(state)  # before placing: what placing triggers runs next (board.add_building)
        reveal(state, task.seat, A.arg(action_id), task.rules)
        state.log(task.rules, "ev.duchy.build", kind=task.kind, clearing=task.clearing)
        B.add_building(state, NAME, task.kind, task.clearing)


# Dig (LR-12-05-01-05, LR-12-02-04) -----------------------------------------------------------------------------------

@record
class DuchyDig(NamedTuple):
    """Stages: where (the clearing), card (the matching card spent), reroute (all three tunnels on the map: which
    one comes off first), warriors (how many go from the Burrow)."""
    seat: int
    stage: str
    clearing: int | None
    removed: int | None


DIG: Rules = ("LR-12-05-01", "LR-12-05-01-05", "RTA-UD-03")


def dig_sites(state: RootState, me: int) -> list[int]:
    """A clearing without a tunnel, matching a card in hand, with a warrior in the Burrow to send (at least one,
    RTA-UD-03)."""
    if not in_burrow(state) or not state.hands[me]:
        return []
    held = set(tunnels(state))
    hand = state.hands[me]
    return [c for c in range(len(state.suits)) if c not in held and B.may_place(state, NAME, c)
            and any(K.matches(card, state.suits[c]) for card in hand)]


def _dig_options(state: RootState, task: DuchyDig) -> list[str]:
    if task.stage == "where":
        return [f"dig:{A.clearing_id(c)}" for c in dig_sites(state, task.seat)]
    assert task.clearing is not None
    if task.stage == "card":
        return [f"spend:{c}" for c in dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing]))]
    if task.stage == "reroute":
        return [f"tunnel_from:{A.clearing_id(c)}" for c in tunnels(state)]
    return [A.warriors_id(n) for n in range(1, min(BOARD["dig_warriors"], in_burrow(state)) + 1)]


@MODULE.handler(DuchyDig)
def run_dig(state: RootState, task: DuchyDig) -> None:
    options = _dig_options(state, task)
    if len(options) > 1:
        T.offer(state, task.seat, f"duchy_dig_{task.stage}", options)
    elif options:
        _dig_step(state, task, options[0])
    else:
        T.done(state)


def _dig_decision(state: RootState, action_id: str) -> None:
    _dig_step(state, T.top(state), action_id)


for _kind in ("duchy_dig_where", "duchy_dig_card", "duchy_dig_reroute", "duchy_dig_warriors"):
    MODULE.task_decision(_kind, lambda state: _dig_options(state, T.top(state)))(_dig_decision)


def _dig_step(state: RootState, task: DuchyDig, action_id: str) -> None:
    if task.stage == "where":
        T.replace(state, task._replace(stage="card", clearing=A.clearing_arg(action_id)))
        return
    c = task.clearing
    assert c is not None
    if task.stage == "card":
        card = A.arg(action_id)
        state.hands[task.seat].remove(card)
        K.to_pile(state, card)
        state.log(DIG, "ev.duchy.dig_spend", card=card, clearing=c)
        if tunnels_left(state) > 0:
            _place_tunnel(state, task)
        else:
            T.replace(state, task._replace(stage="reroute"))
        return
    if task.stage == "reroute":
        gone = A.clearing_arg(action_id)
        B.take_token(state, NAME, TUNNEL, gone)
        state.log(DIG + ("LR-12-02-04",), "ev.duchy.reroute", origin=gone, clearing=c)
        _place_tunnel(state, task)
        return
    T.done(state)
    n = int(A.arg(action_id))
    T.push(state, *MV.relocate(state, task.seat, NAME, burrow(state), c, n, DIG))


def _place_tunnel(state: RootState, task: DuchyDig) -> None:
    assert task.clearing is not None
    T.replace(state, task._replace(stage="warriors"))
    state.log(DIG, "ev.duchy.tunnel", clearing=task.clearing)
    B.add_token(state, NAME, TUNNEL, task.clearing)


# ---- Parliament (LR-12-05-02) -----------------------------------------------------------------------------------------

def lord_points(state: RootState, m: str) -> int:
    """What the Duchess of Mud, the Baron of Dirt or the Earl of Stone scores now (LR-12-05-02-07..09)."""
    if m == "duchess":
        return BOARD["duchess_points"] if tunnels_left(state) == 0 else 0
    return on_map(state, "market" if m == "baron" else "citadel")


def can_work(state: RootState, me: int, m: str) -> bool:
    """Whether the minister's action would do something now."""
    if m == "foremole":
        return bool(build_kinds(state, me, foremole=True))
    if m == "captain":
        return BT.can_battle(state, NAME)
    if m == "marshal":
        return MV.can_move(state, NAME)
    if m == "brigadier":
        return BT.can_battle(state, NAME) or MV.can_move(state, NAME)
    if m == "banker":
        return bool(state.hands[me])
    if m == "mayor":
        return bool(mayor_targets(state, me))
    return lord_points(state, m) > 0


def mayor_targets(state: RootState, me: int) -> list[str]:
    """LR-12-05-02-06: any swayed noble or squire but the Mayor, whether its own action was taken or not
    (RTA-UD-06)."""
    return [m for m in D(state).swayed if m != "mayor" and RANK[m] != "lord" and can_work(state, me, m)]


def parliament_options(state: RootState, me: int) -> list[str]:
    data = D(state)
    return [f"minister:{m}" for m in data.swayed if m not in data.worked and can_work(state, me, m)]


MINISTER_RULES = {m: f"LR-12-05-02-0{i + 1}" for i, m in enumerate(MINISTERS)}


def work(state: RootState, me: int, m: str, by_mayor: bool) -> None:
    """The minister's action (once a turn each, LR-12-05-02); by the Mayor, the Mayor is the one used."""
    data = D(state)
    if not by_mayor:
        data.worked = data.worked + (m,)
    rules: Rules = ("LR-12-05-02", MINISTER_RULES[m], "RTA-UD-11") + (("LR-12-05-02-06", "RTA-UD-06") if by_mayor
                                                                        else ())
    state.log(rules, "ev.duchy.minister", minister=m)
    if m == "foremole":
        T.push(state, DuchyBuild(me, None, None, True, rules))
    elif m == "captain":
        T.push(state, BT.start(me, NAME, rules, must=True))
    elif m == "marshal":
        T.push(state, MV.moves(me, NAME, 1, rules, must=True))
    elif m in ("brigadier", "mayor"):
        T.push(state, DuchyMinister(me, m, rules))
    elif m == "banker":
        T.push(state, DuchyBank(me, 0, None, rules + ("RTA-UD-08",)))
    else:
        S.score(state, me, lord_points(state, m), rules)


@record
class DuchyMinister(NamedTuple):
    """A minister's choice: the Brigadier's two moves or two battles, the Mayor's minister."""
    seat: int
    minister: str
    rules: Rules


def _minister_options(state: RootState, task: DuchyMinister) -> list[str]:
    if task.minister == "mayor":
        return [f"mayor:{m}" for m in mayor_targets(state, task.seat)]
    return [f"brigadier:{k}" for k, ok in (("move", MV.can_move(state, NAME)), ("battle", BT.can_battle(state, NAME)))
            if ok]


@MODULE.handler(DuchyMinister)
def run_minister(state: RootState, task: DuchyMinister) -> None:
    options = _minister_options(state, task)
    if len(options) > 1:
        T.offer(state, task.seat, f"duchy_{task.minister}", options)
    elif options:
        _minister_step(state, task, options[0])
    else:
        T.done(state)


def _minister_decision(state: RootState, action_id: str) -> None:
    _minister_step(state, T.top(state), action_id)


for _kind in ("duchy_brigadier", "duchy_mayor"):
    MODULE.task_decision(_kind, lambda state: _minister_options(state, T.top(state)))(_minister_decision)


def _minister_step(state: RootState, task: DuchyMinister, action_id: str) -> None:
    T.done(state)
    choice = A.arg(action_id)
    if task.minister == "mayor":
        work(state, task.seat, choice, by_mayor=True)
    elif choice == "move":  # LR-12-05-02-04: up to two moves (the first one chosen)
        T.push(state, MV.moves(task.seat, NAME, 2, task.rules + ("RTA-UD-12",), must=True))
    else:  # up to two battles, one after the other
        rules = task.rules + ("RTA-UD-12",)
        T.push(state, BT.start(task.seat, NAME, rules, must=True), BT.start(task.seat, NAME, rules))


@record
class DuchyBank(NamedTuple):
    """The Banker: cards of one suit spent one at a time (`suit`: the suit set by the first non-bird card), then the
    points."""
    seat: int
    spent: int
    suit: str | None
    rules: Rules


def _bank_options(state: RootState, task: DuchyBank) -> list[str]:
    """Cards of the same suit; a bird card is of any suit when spent (LR-02-01-01, RTA-UD-08)."""
    cards = [f"bank:{c}" for c in dict.fromkeys(state.hands[task.seat])
             if task.suit is None or K.matches(c, task.suit)]
    return cards + (["done"] if task.spent else [])


@MODULE.handler(DuchyBank)
def run_bank(state: RootState, task: DuchyBank) -> None:
    options = _bank_options(state, task)
    if options and options != ["done"]:
        T.offer(state, task.seat, "duchy_banker", options)
    else:
        _bank_score(state, task)


@MODULE.task_decision("duchy_banker", lambda state: _bank_options(state, T.top(state)))
def apply_bank(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        _bank_score(state, task)
        return
    card = A.arg(action_id)
    state.hands[task.seat].remove(card)
    K.to_pile(state, card)
    state.log(task.rules, "ev.duchy.bank", card=card)
    suit = CARDS[card].suit
    T.replace(state, task._replace(spent=task.spent + 1, suit=task.suit or (None if suit == "bird" else suit)))


def _bank_score(state: RootState, task: DuchyBank) -> None:
    T.done(state)
    state.log(task.rules, "ev.duchy.banked", n=task.spent)
    S.score(state, task.seat, task.spent, task.rules)


# ---- Sway (LR-12-05-03) ----------------------------------------------------------------------------------------------

def sway_capacity(state: RootState) -> dict[str, int]:
    """Clearings of each suit with a Duchy piece: each lets one matching card be revealed (LR-12-05-03-02)."""
    cap = {s: 0 for s in SUITS}
    for c, s in enumerate(state.suits):
        if s in cap and B.has_pieces(state, NAME, c):
            cap[s] += 1
    return cap


def can_reveal(cap: dict[str, int], chosen: list[str], rest: list[str], need: int) -> bool:
    """Whether `chosen` (cards revealed so far) fit distinct matching clearings and `need` cards in all can be
    revealed with cards of `rest`: a card of a suit takes a clearing of its suit, a bird card any clearing."""
    room = dict(cap)
    birds = 0
    for card in chosen:
        s = CARDS[card].suit
        if s == "bird":
            birds += 1
        else:
            room[s] = room.get(s, 0) - 1
            if room[s] < 0:
                return False
    free = sum(room.values()) - birds
    if free < 0:
        return False
    counts: dict[str, int] = {}
    for card in rest:
        s = CARDS[card].suit
        counts[s] = counts.get(s, 0) + 1
    more = counts.pop("bird", 0) + sum(min(n, room.get(s, 0)) for s, n in counts.items())
    return len(chosen) + min(free, more) >= need


def sway_options(state: RootState, me: int) -> list[str]:
    """LR-12-05-03-01: an unswayed minister with a crown of its rank left, whose cards can be revealed."""
    data = D(state)
    hand = state.hands[me]
    cap = sway_capacity(state) if hand else {}
    return [f"sway:{m}" for m in MINISTERS if m not in data.swayed and crowns_left(state, RANK[m]) > 0
            and len(hand) >= BOARD["reveal"][RANK[m]] and can_reveal(cap, [], hand, BOARD["reveal"][RANK[m]])]


@record
class DuchySway(NamedTuple):
    """Reveal the minister's cards one at a time (`shown` so far, the last ones of the revealed list), then sway it."""
    seat: int
    minister: str
    shown: int


SWAY: Rules = ("LR-12-05-03", "LR-12-05-03-02", "RTA-UD-04")


def _sway_cards(state: RootState, task: DuchySway) -> list[str]:
    need = BOARD["reveal"][RANK[task.minister]]
    revealed = D(state).revealed
    chosen = revealed[len(revealed) - task.shown:] if task.shown else []
    hand = state.hands[task.seat]
    cap = sway_capacity(state)
    out = []
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        if can_reveal(cap, chosen + [card], rest, need):
            out.append(f"reveal:{card}")
    return out


@MODULE.handler(DuchySway)
def run_sway(state: RootState, task: DuchySway) -> None:
    if task.shown >= BOARD["reveal"][RANK[task.minister]]:
        sway(state, task)
        return
    options = _sway_cards(state, task)
    if len(options) > 1:
        T.offer(state, task.seat, "duchy_sway_reveal", options)
    elif options:
        _sway_reveal(state, options[0])
    else:
        T.done(state)  # cannot happen: the minister was offered with its cards (RTA-UD-04)


@MODULE.task_decision("duchy_sway_reveal", lambda state: _sway_cards(state, T.top(state)))
def _sway_reveal(state: RootState, action_id: str) -> None:
    task = T.top(state)
    reveal(state, task.seat, A.arg(action_id), SWAY)
    T.replace(state, task._replace(shown=task.shown + 1))


def sway(state: RootState, task: DuchySway) -> None:
    """LR-12-05-03-03: the minister above the board, a crown of its rank on it, the uncovered space's points."""
    T.done(state)
    rank = RANK[task.minister]
    points = crown_points(state, rank) or 0
    D(state).swayed.append(task.minister)
    state.log(("LR-12-05-03", "LR-12-05-03-01", "LR-12-05-03-03", "RTA-UD-01", "RTA-UD-13"), "ev.duchy.sway",
              minister=task.minister, rank=rank, points=points)
    S.score(state, task.seat, points, ("LR-12-05-03-03",))


# ---- Evening (LR-12-06) ------------------------------------------------------------------------------------------------

@record
class DuchyEvening(NamedTuple):
    seat: int
    stage: str   # craft, draw


@MODULE.step("duchy.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    return_revealed(state, me)
    return T.run_then(state, [DuchyEvening(me, "craft")], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-12-02-01 / LR-12-06-02: citadels and markets alike."""
    return B.where(state, NAME, "citadel") + B.where(state, NAME, "market")


MODULE.crafting_pieces = crafting_pieces


def _craft_menu(state: RootState, me: int) -> list[str]:
    return K.craft_options(state, me) + TN.phase_options(state, me) + ["done"]


@MODULE.handler(DuchyEvening)
def run_evening(state: RootState, task: DuchyEvening) -> None:
    if task.stage == "craft":
        ids = _craft_menu(state, task.seat)
        if len(ids) > 1:
            T.offer(state, task.seat, "duchy_craft", ids)
        else:
            T.replace(state, task._replace(stage="draw"))
        return
    T.done(state)
    K.draw(state, task.seat, BOARD["draw"] + card_icons(state), ("LR-12-06-03", "RTA-UD-01"))
    T.push(state, K.hand_limit(task.seat, ("LR-12-06-03",), BOARD["hand_limit"]))


@MODULE.task_decision("duchy_craft", lambda state: _craft_menu(state, T.top(state).seat))
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="draw"))
    elif A.head(action_id) == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


# ---- the Price of Failure (LR-12-02-03) ----------------------------------------------------------------------------------

@record
class DuchyPrice(NamedTuple):
    """Return the highest swayed minister (the Duchy's choice among several of that rank), lose its crown, then
    discard a random card."""
    seat: int


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """Duchy buildings removed: one Price of Failure for the removals one effect makes at once (a Favor card's
    clearings: RTA-UD-07), below those still waiting."""
    if owner != NAME or not any(k in BUILDINGS for k, n in pieces if n) or D(state).price:
        return []
    D(state).price = True
    state.log(PRICE, "ev.duchy.failure", clearing=c)
    tasks = state.tasks
    at = len(tasks)
    while at and isinstance(tasks[at - 1], RemovePieces) and tasks[at - 1].owner == NAME:
        at -= 1
    tasks.insert(at, DuchyPrice(seat(state)))
    return []


MODULE.answer("removed", on_removed)


@MODULE.handler(DuchyPrice)
def run_price(state: RootState, task: DuchyPrice) -> None:
    highest = highest_swayed(state)
    if len(highest) > 1:
        T.ask(state, task.seat, "duchy_price")  # the Duchy's decision, whoever's turn it is
    else:
        pay(state, task, highest[0] if highest else None)


@MODULE.task_decision("duchy_price", lambda state: [f"minister:{m}" for m in highest_swayed(state)])
def apply_price(state: RootState, action_id: str) -> None:
    pay(state, T.top(state), A.arg(action_id))


def pay(state: RootState, task: DuchyPrice, minister: str | None) -> None:
    T.done(state)
    data = D(state)
    data.price = False
    if minister is not None:
        rank = RANK[minister]
        data.swayed.remove(minister)
        data.lost = {**data.lost, rank: data.lost.get(rank, 0) + 1}
        state.log(PRICE + ("RTA-UD-13",), "ev.duchy.minister_lost", minister=minister, rank=rank)
    hand = state.hands[task.seat]
    if not hand:
        state.log(PRICE + ("RTA-UD-09",), "ev.duchy.no_card")
        return
    card = hand[state.roll(len(hand))]
    K.discard(state, task.seat, card, PRICE)


# ---- what everyone sees, bots, action ids ----------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """All public (RTA-UD-05): the Burrow, the tunnels, the Buildings tracks (what Birdsong places and Evening
    draws), the ministers swayed and not, the crowns left and lost, the cards revealed this turn."""
    data = state.mods.get(NAME)
    if data is None or not state.suits or state.seat_of(NAME) is None:
        return
    mine = state.faction[state.active] == NAME if state.faction and state.faction[state.active] else False
    full[NAME] = {
        "burrow": in_burrow(state), "tunnels": [A.clearing_id(c) for c in tunnels(state)],
        "tunnels_left": tunnels_left(state),
        "citadels_left": left(state, "citadel"), "markets_left": left(state, "market"),
        "recruits": BOARD["birdsong_warriors"] + warrior_icons(state), "draws": BOARD["draw"] + card_icons(state),
        "swayed": list(data.swayed), "unswayed": [m for m in MINISTERS if m not in data.swayed],
        "crowns": {r: crowns_left(state, r) for r in RANKS}, "lost": {r: data.lost.get(r, 0) for r in RANKS},
        "next_points": {r: crown_points(state, r) if crowns_left(state, r) else None for r in RANKS},
        "revealed": list(data.revealed),
        "acted": data.acted if mine else 0, "worked": list(data.worked) if mine else [],
    }


MODULE.view = view

MINISTER = 0.8      # a swayed minister: an action each turn (tuning, not rules)
LORD_RATE = 0.5     # per point a lord would score now: points the next turns likely bring
IN_BURROW = 0.05    # a warrior in the Burrow: ready to dig anywhere


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: swayed ministers and what its lords would score."""
    if state.faction[s] != NAME:
        return 0.0
    data = D(state)
    lords = sum(lord_points(state, m) for m in data.swayed if RANK[m] == "lord")
    return MINISTER * len(data.swayed) + LORD_RATE * lords + IN_BURROW * in_burrow(state)


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["done"] + [f"assembly:{a}" for a in ASSEMBLY] + ["brigadier:move", "brigadier:battle"]
    for h in ("minister", "sway", "mayor"):
        ids += [f"{h}:{m}" for m in MINISTERS]
    ids += [f"building:{k}" for k in BUILDINGS]
    for h in ("reveal", "bank", "spend"):
        ids += [f"{h}:{c}" for c in cards]
    for h in ("tunnel_at", "warrior_at", "build_at", "dig", "tunnel_from"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [A.warriors_id(n) for n in range(1, BOARD["dig_warriors"] + 1)]
    burrow_id = A.clearing_id(12)  # the Burrow: a place beside the map's 12 clearings
    ids += [f"from:{burrow_id}", f"to:{burrow_id}"]
    return [Vocabulary(ids + A.remove_ids(BUILDINGS + (TUNNEL,)))]


MODULE.actions = actions
MODULE.forms = {**{h: ("clearing",) for h in ("tunnel_at", "warrior_at", "dig", "tunnel_from")},
                **{h: ("card",) for h in ("reveal", "bank")},
                **{h: ("word",) for h in ("minister", "sway", "mayor", "assembly", "brigadier")}}

# the faction board on the terminal and web tables (duchy_board.py)
MODULE.lines = duchy_board.lines
MODULE.picture = duchy_board.picture
