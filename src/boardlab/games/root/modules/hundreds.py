"""The Lord of the Hundreds (LR-14): the warlord, the Hoard with its Command and Prowess tracks, moods, mobs and the
mob die, strongholds, Oppress, Contempt for Trade and Looters.

Setup: 20 warriors, the warlord, 6 strongholds and 5 mobs; the warlord, 4 warriors and a stronghold in a free corner
(opposite a starting corner if one is free), the "R" items under the ruins unless a Vagabond put them there, the
Stubborn mood; its setup card (Advanced Setup): the same in an edge homeland two clearings from enemy homelands.
Birdsong: Raze (every mob clearing loses its enemy buildings and tokens and gives up a ruin item, then the mob die
spreads one mob), Recruit (Prowess warriors at the warlord, one at each stronghold), Anoint (a warrior becomes the
warlord if it is off the map), Choose Mood (then Lavish's sale of items). Daylight: craft with strongholds, Command
the Hundreds (move, battle, build; Command times), Advance the Warlord (move with him, then battle where he is;
Prowess times), Grandiose swapping the last two. Evening: Incite (a card for a mob where Hundreds warriors are,
Jubilant spreading more), Oppress, draw one (Rowdy: more) and the hand limit.

Pieces: the warlord is the Hundreds' pawn (`state.pawns["hundreds"]`): a warrior for rule (extension point
`rule_bonus`), battle (`max_rolled_hits`, `defenceless`, the base's fighters) and moves (the module's own moves); as
a pawn no base rule removes it outside battle nor moves it outside its turn (LR-14-02-02). Hits the Hundreds take
go through `takes_hits`: they choose whether the warlord takes one (Law FAQ). The Hoard is the seat's Crafted
Items box (`state.crafted[seat]`): its items are counted on their tracks, so an item another player takes from it
(the Vagabond's Aid) lowers Command or Prowess at once. Strongholds are buildings, mobs tokens; those not on the
map are in the supply.

State: `mods["hundreds"]`: the mood card on the slot, the "R" item types held from ruins, the Contempt for Trade
choice of the item being crafted and the clearing where the warlord is being removed. Everything of the Hundreds'
is public but its hand. Choices the Law leaves open: RTA-LH-01..14 (docs/root-rulings.md, "Lord of the Hundreds");
the board's numbers: data/factions/hundreds.yaml.
"""
from __future__ import annotations

from collections import Counter
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
from ..content import CARDS, DECKS, ITEMS, faction_sheet
from ..program import Faction, extensions
from ..records import Battle, RemovePieces, StartBattle, TakeHits
from ..state import RUIN, RootState
from . import hundreds_board

NAME = "hundreds"
MODULE = Faction(NAME)
MODULE.warrior_pawn = True  # the warlord (RTA-LH-05)
BOARD = faction_sheet(NAME)
RUIN_ITEMS = tuple(faction_sheet("vagabond")["ruin_items"])
STRONGHOLD, MOB = "stronghold", "mob"
MOODS = tuple(BOARD["moods"])
TRACKS = {track: tuple(items) for track, items in BOARD["tracks"].items()}
ADVANCED = BOARD["advanced"]
Rules = tuple[str, ...]


@register
class HundredsState(Data):
    __slots__ = ("mood", "ruin_kinds", "contempt", "dying")

    def __init__(self) -> None:
        self.mood: str | None = None          # the mood card on the Mood Card slot (LR-14-03-04)
        self.ruin_kinds: tuple[str, ...] = ()  # "R" items in the Hoard, taken from ruins (Law 9.7.3)
        self.contempt = "take"                # the item being crafted: taken, or removed for its points (LR-14-02-03)
        self.dying: int | None = None         # the warlord's clearing while a hit removes him (RTA-LH-05)


MODULE.data = lambda state: HundredsState()


def H(state: RootState) -> HundredsState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- the warlord, the Hoard, mobs and strongholds --------------------------------------------------------------------

def warlord(state: RootState) -> int | None:
    """The warlord's clearing (None: not on the map, LR-14-04-03)."""
    return state.pawns.get(NAME)


def mood(state: RootState) -> str | None:
    data = state.mods.get(NAME)
    return data.mood if data is not None else None


def hoard(state: RootState) -> tuple[str, ...]:
    """The items in the Hoard box (the seat's Crafted Items box, LR-14-02-04)."""
    return state.crafted[seat(state)]


def track_of(item: str) -> str | None:
    return next((t for t, items in TRACKS.items() if item in items), None)


def on_track(state: RootState, track: str) -> list[str]:
    return [i for i in hoard(state) if i in TRACKS[track]]


def value(state: RootState, track: str) -> int:
    """LR-14-02-04-02: 1 with no items on the track, 2 with one or two, 3 with three, 4 with four."""
    values = BOARD["values"]
    return values[min(len(on_track(state, track)), len(values) - 1)]


def command(state: RootState) -> int:
    return value(state, "command")


def prowess(state: RootState) -> int:
    return value(state, "prowess")


def strongholds_left(state: RootState) -> int:
    return BOARD["strongholds"] - B.count_on_map(state, NAME, STRONGHOLD)


def mobs_left(state: RootState) -> int:
    return BOARD["mobs"] - B.count_on_map(state, NAME, MOB)


def mob_clearings(state: RootState) -> list[int]:
    return sorted(set(B.where(state, NAME, MOB)))


def has_mob(state: RootState, c: int) -> bool:
    return (NAME, MOB) in state.tokens[c]


def spread_sites(state: RootState, suit: str) -> list[int]:
    """LR-14-04-01 / LR-14-07-03: clearings of the die's suit with no mob, next to a clearing with a mob, where the
    Hundreds may place (a mob in supply)."""
    if mobs_left(state) <= 0:
        return []
    mobs = set(mob_clearings(state))
    return [c for c in B.clearings_of_suit(state, suit) if c not in mobs and B.may_place(state, NAME, c)
            and any(d in mobs for d in B.adjacent(state, NAME, c))]


def place_mob(state: RootState, c: int, rules: Rules) -> None:
    B.add_token(state, NAME, MOB, c)
    state.log(rules, "ev.hundreds.mob", clearing=c)


def roll_mob_die(state: RootState, rules: Rules) -> str:
    faces = BOARD["mob_die"]
    suit = faces[state.roll(len(faces))]
    state.log(rules, "ev.hundreds.mob_die", suit=suit)
    return suit


def enemy_pieces(state: RootState, c: int) -> int:
    """Enemy pieces in a clearing, of every enemy (warriors, buildings, tokens, pawns; LR-14-07-06)."""
    foes = set(B.enemies_at(state, NAME, c))
    n = sum(B.warriors(state, f, c) for f in foes)
    n += sum(1 for o, _ in state.buildings[c] + state.tokens[c] if o in foes)
    return n + sum(1 for o, at in state.pawns.items() if o in foes and at == c)


def oppressed(state: RootState) -> list[int]:
    """LR-14-06-02 (Law FAQ): clearings the Hundreds rule, with a Hundreds piece and no enemy piece."""
    ruled = B.rulers(state)
    return [c for c in range(len(state.suits)) if ruled[c] == NAME and B.has_pieces(state, NAME, c)
            and not B.enemies_at(state, NAME, c)]


def oppress_points(state: RootState) -> int:
    table = BOARD["oppress"]
    return table[min(len(oppressed(state)), len(table) - 1)]


def moods_open(state: RootState) -> list[str]:
    """LR-14-04-04: another mood card, not showing an item in the Hoard (Lavish shows none)."""
    held = set(hoard(state))
    return [m for m in MOODS if m != mood(state) and BOARD["moods"][m] not in held]


def evening_draws(state: RootState) -> int:
    """LR-14-06-03 / LR-14-07-06: one card; Rowdy one more, two more with 3+ enemy pieces in the warlord's clearing."""
    n = BOARD["draw"]
    if mood(state) == "rowdy":
        w = warlord(state)
        crowd = w is not None and enemy_pieces(state, w) >= BOARD["rowdy_crowd"]
        n += BOARD["rowdy_draw"][1 if crowd else 0]
    return n


# ---- gaining items (LR-14-02-04-01) ------------------------------------------------------------------------------------

@record
class HundredsGain(NamedTuple):
    """An item the Hundreds gain: into the leftmost empty space of its track, or, with the track full, one item
    removed for good (the gained one or one on the track) for a point."""
    seat: int
    item: str
    ruin: bool
    rules: Rules


def gain(seat_: int, item: str, rules: Rules, ruin: bool = False) -> HundredsGain:
    return HundredsGain(seat_, item, ruin, rules)


@MODULE.handler(HundredsGain)
def run_gain(state: RootState, task: HundredsGain) -> None:
    track = track_of(task.item)
    if track is None:  # no track holds it (a torch): it goes back to the supply (RTA-LH-08)
        T.done(state)
        state.items[task.item] = state.items.get(task.item, 0) + 1
        state.log(task.rules + ("LR-14-02-04", "RTA-LH-08"), "ev.hundreds.no_track", item=task.item)
        return
    if len(on_track(state, track)) < BOARD["spaces"]:
        T.done(state)
        _into_hoard(state, task.seat, task.item, task.ruin)
        state.log(task.rules + ("LR-14-02-04", "LR-14-02-04-01"), "ev.hundreds.hoard", item=task.item, track=track,
                  n=value(state, track))
        return
    T.ask(state, task.seat, "hundreds_overflow")


def _overflow_options(state: RootState) -> list[str]:
    task = T.top(state)
    return [f"lose:{k}" for k in sorted(set(on_track(state, track_of(task.item) or "")) | {task.item})]


@MODULE.task_decision("hundreds_overflow", _overflow_options)
def apply_overflow(state: RootState, action_id: str) -> None:
    """The item removed leaves the game; the gained one takes a freed space (LR-14-02-04-01)."""
    task = T.top(state)
    T.done(state)
    lost = A.arg(action_id)
    if lost != task.item:
        _out_of_hoard(state, task.seat, lost)
        _into_hoard(state, task.seat, task.item, task.ruin)
    state.log(task.rules + ("LR-14-02-04-01",), "ev.hundreds.overflow", item=lost, track=track_of(task.item))
    S.score(state, task.seat, BOARD["overflow_points"], ("LR-14-02-04-01",))


def _into_hoard(state: RootState, me: int, item: str, ruin: bool) -> None:
    state.crafted[me] = state.crafted[me] + (item,)
    if ruin:
        H(state).ruin_kinds = H(state).ruin_kinds + (item,)


def _out_of_hoard(state: RootState, me: int, item: str) -> None:
    items = list(state.crafted[me])
    items.remove(item)
    state.crafted[me] = tuple(items)
    left = Counter(items)
    marks = Counter(H(state).ruin_kinds)
    H(state).ruin_kinds = tuple(k for k in marks for _ in range(min(marks[k], left[k])))


def ruin_kinds_held(state: RootState) -> set[str]:
    """The "R" item types the Hoard holds as ones taken from ruins (an item another player took is no longer held)."""
    have = Counter(hoard(state))
    return {k for k in H(state).ruin_kinds if have[k]}


# ---- setup (LR-14-03) and its setup card (Advanced Setup, RTA-LH-02) ------------------------------------------------

@record
class HundredsSetup(NamedTuple):
    seat: int
    stage: str    # corner (Standard Setup) or homeland (its setup card)


def _supplies(state: RootState) -> None:
    state.log(("LR-14-03-01",), "ev.hundreds.supplies", n=state.supply[NAME], strongholds=BOARD["strongholds"],
              mobs=BOARD["mobs"])


@MODULE.step("hundreds.setup")
def setup(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [HundredsSetup(seat(state), "corner")], RETURN)


@MODULE.step("hundreds.setup_advanced")
def setup_advanced(state: RootState) -> str:
    _supplies(state)
    return T.run_then(state, [HundredsSetup(seat(state), "homeland")], RETURN)


def start_corners(state: RootState) -> list[int]:
    """LR-14-03-02: a corner no other player started in and, if possible, diagonally opposite a starting corner."""
    taken = {c for f, cs in state.homes.items() if f != NAME for c in cs}
    free = [c for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]
    opposite = [c for c in free if B.opposite(state, c) in taken]
    return opposite or free


def homeland_sites(state: RootState) -> list[int]:
    """Its setup card: on the map's edge, two clearings from enemy homelands as far as able (RTA-LH-02)."""
    edge = B.board(state).edge
    fit = [c for c in range(len(state.suits)) if edge[c] or not ADVANCED["edge"]]
    return ADV.farthest(state, NAME, fit, ADVANCED["apart"])


def _setup_sites(state: RootState, task: HundredsSetup) -> list[int]:
    return start_corners(state) if task.stage == "corner" else homeland_sites(state)


@MODULE.handler(HundredsSetup)
def run_setup(state: RootState, task: HundredsSetup) -> None:
    sites = _setup_sites(state, task)
    if len(sites) == 1:
        _garrison(state, task, sites[0])
    elif sites:
        T.ask(state, task.seat, "hundreds_garrison")
    else:  # nowhere to start (RTA-AS-05): the warlord comes by Anoint
        ADV.no_room(state, NAME)
        T.done(state)
        _finish_setup(state)


@MODULE.task_decision("hundreds_garrison", lambda state: [f"garrison:{A.clearing_id(c)}" for c in _setup_sites(
    state, T.top(state))])
def apply_garrison(state: RootState, action_id: str) -> None:
    _garrison(state, T.top(state), A.clearing_arg(action_id))


def _garrison(state: RootState, task: HundredsSetup, c: int) -> None:
    """LR-14-03-02: the warlord, four warriors and a stronghold (if the clearing has room, LR-01-05-04)."""
    T.done(state)
    state.homes = {**state.homes, NAME: (c,)}
    state.pawns = {**state.pawns, NAME: c}
    n = B.place_warriors(state, NAME, c, BOARD["start_warriors"] if task.stage == "corner" else ADVANCED["warriors"])
    built = B.open_slots(state, c) > 0
    if built:
        B.add_building(state, NAME, STRONGHOLD, c)
    rules: Rules = ("LR-14-03-02", "LR-14-02-02") if task.stage == "corner" else (
        "LR-14-02-02", "LR-AA-08-03-01", "LR-AA-08-03-02", "RT-AS-30", "RT-AS-31", "RT-AS-32", "RTA-LH-02")
    state.log(rules, "ev.hundreds.garrison" if built else "ev.hundreds.garrison_bare", clearing=c, n=n)
    _finish_setup(state)


def _finish_setup(state: RootState) -> None:
    """LR-14-03-03: the "R" items under the ruins unless already done; LR-14-03-04: the Stubborn mood."""
    if not state.ruin_items:
        ruins = [c for c, pieces in enumerate(state.buildings) if RUIN in pieces]
        items = state.shuffle(sorted(RUIN_ITEMS))
        state.ruin_items = {c: (items[k],) for k, c in enumerate(ruins[:len(items)])}
        state.log(("LR-14-03-03",), "ev.hundreds.ruins", n=len(state.ruin_items))
    else:
        state.log(("LR-14-03-03",), "ev.hundreds.ruins_done")
    H(state).mood = BOARD["start_mood"]
    state.log(("LR-14-03-04",), "ev.hundreds.mood", kind=H(state).mood)


# ---- Birdsong (LR-14-04) ---------------------------------------------------------------------------------------------

@record
class HundredsBirdsong(NamedTuple):
    """The steps in order: raze (mob clearings still to raze in `left`), spread, recruit, anoint, mood, lavish."""
    seat: int
    stage: str
    left: tuple[int, ...] | None


@MODULE.step("hundreds.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [HundredsBirdsong(seat(state), "raze", None)], RETURN)


BIRDSONG = ("raze", "spread", "recruit", "anoint", "mood", "lavish")


def _next(task: HundredsBirdsong) -> HundredsBirdsong:
    k = BIRDSONG.index(task.stage) + 1
    return task._replace(stage=BIRDSONG[k] if k < len(BIRDSONG) else "end", left=None)


@MODULE.handler(HundredsBirdsong)
def run_birdsong(state: RootState, task: HundredsBirdsong) -> None:
    if task.stage == "end":
        T.done(state)
    else:
        STEPS[task.stage](state, task)


def _raze(state: RootState, task: HundredsBirdsong) -> None:
    """LR-14-04-01: each mob clearing in turn (by number, RTA-LH-03): its enemy buildings and tokens removed, then
    one item from its ruin."""
    left = tuple(mob_clearings(state)) if task.left is None else task.left
    if not left:
        T.replace(state, _next(task))
        return
    c = left[0]
    T.replace(state, task._replace(left=left[1:]))
    rules: Rules = ("LR-14-04", "LR-14-04-01")
    state.log(rules, "ev.hundreds.raze", clearing=c)
    removals = []
    for owner in B.enemies_at(state, NAME, c):
        pieces = Counter(B.buildings_of(state, owner, c) + B.tokens_of(state, owner, c))
        if pieces:
            removals.append(RemovePieces(task.seat, owner, c, tuple(pieces.items()), False, rules))
    T.push(state, *removals, HundredsRuin(task.seat, c))


def _spread(state: RootState, task: HundredsBirdsong) -> None:
    """LR-14-04-01: after the mobs, one roll of the mob die and a mob in a matching clearing next to a mob."""
    T.replace(state, _next(task))
    rules: Rules = ("LR-14-04-01",)
    suit = roll_mob_die(state, rules)
    T.push(state, HundredsSpread(task.seat, suit, rules))


def _recruit(state: RootState, task: HundredsBirdsong) -> None:
    """LR-14-04-02: Prowess warriors at the warlord, then one per stronghold at each (RTA-LH-04 when short)."""
    T.replace(state, _next(task))
    rules: Rules = ("LR-14-04-02",)
    w = warlord(state)
    if w is not None and B.may_place(state, NAME, w):
        n = B.place_warriors(state, NAME, w, prowess(state))
        state.log(rules, "ev.hundreds.recruit_warlord", clearing=w, n=n)
    sites = tuple(c for c in B.where(state, NAME, STRONGHOLD) if B.may_place(state, NAME, c))
    if sites:
        T.push(state, HundredsRecruit(task.seat, sites))


def _anoint(state: RootState, task: HundredsBirdsong) -> None:
    T.replace(state, _next(task))
    if warlord(state) is None:
        T.push(state, HundredsAnoint(task.seat))


def _choose_mood(state: RootState, task: HundredsBirdsong) -> None:
    """LR-14-04-04: another mood not showing an item of the Hoard; Lavish with none open stays Lavish."""
    options = moods_open(state)
    if len(options) > 1:
        T.ask(state, task.seat, "hundreds_mood")
        return
    T.replace(state, _next(task))
    if options:
        set_mood(state, options[0])
    else:
        state.log(("LR-14-04-04",), "ev.hundreds.stays", kind=mood(state))


@MODULE.task_decision("hundreds_mood", lambda state: [f"mood:{m}" for m in moods_open(state)])
def apply_mood(state: RootState, action_id: str) -> None:
    T.replace(state, _next(T.top(state)))
    set_mood(state, A.arg(action_id))


def set_mood(state: RootState, new: str) -> None:
    H(state).mood = new
    state.log(("LR-14-04-04",), "ev.hundreds.mood", kind=new)


def _lavish(state: RootState, task: HundredsBirdsong) -> None:
    """LR-14-07-04: at the end of Birdsong, Lavish may sell items of the Hoard for two warriors each."""
    if mood(state) != "lavish" or not hoard(state):
        T.replace(state, _next(task))
        return
    T.ask(state, task.seat, "hundreds_lavish")


@MODULE.task_decision("hundreds_lavish", lambda state: [f"lose:{k}" for k in sorted(set(hoard(state)))] + ["done"])
def apply_lavish(state: RootState, action_id: str) -> None:
    task = T.top(state)
    rules: Rules = ("LR-14-07-04",)
    if action_id == "done":
        T.replace(state, _next(task))
        state.log(rules, "ev.hundreds.shifted")
        return
    item = A.arg(action_id)
    _out_of_hoard(state, task.seat, item)
    w = warlord(state)
    if w is None:  # no warlord on the map: the item goes, no warriors come (RTA-LH-12)
        state.log(rules, "ev.hundreds.lavish_none", item=item)
        return
    n = B.place_warriors(state, NAME, w, BOARD["lavish_warriors"]) if B.may_place(state, NAME, w) else 0
    state.log(rules, "ev.hundreds.lavish", item=item, clearing=w, n=n)


STEPS = {"raze": _raze, "spread": _spread, "recruit": _recruit, "anoint": _anoint, "mood": _choose_mood,
         "lavish": _lavish}


@record
class HundredsRuin(NamedTuple):
    """Raze: one item from the ruin of a mob clearing (a choice with two items, Law 9.7.3)."""
    seat: int
    clearing: int


def ruin_choices(state: RootState, c: int) -> list[str]:
    held = ruin_kinds_held(state)
    return sorted({k for k in state.ruin_items.get(c, ()) if k not in held})


@MODULE.handler(HundredsRuin)
def run_ruin(state: RootState, task: HundredsRuin) -> None:
    choices = ruin_choices(state, task.clearing)
    if len(choices) > 1:
        T.ask(state, task.seat, "hundreds_ruin")
        return
    T.done(state)
    if choices:
        take_from_ruin(state, task.seat, task.clearing, choices[0])


@MODULE.task_decision("hundreds_ruin", lambda state: [f"take:{k}" for k in ruin_choices(state, T.top(state).clearing)])
def apply_ruin(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    take_from_ruin(state, task.seat, task.clearing, A.arg(action_id))


def take_from_ruin(state: RootState, me: int, c: int, item: str) -> None:
    """LR-14-04-01: the item into the Hoard; the last one taken removes the ruin."""
    left = list(state.ruin_items[c])
    left.remove(item)
    if left:
        state.ruin_items = {**state.ruin_items, c: tuple(left)}
    else:
        state.ruin_items = {k: v for k, v in state.ruin_items.items() if k != c}
        B.take_building(state, *RUIN, c)
    state.log(("LR-14-04-01",), "ev.hundreds.ruin", clearing=c, item=item, ruin_left=len(left))
    T.push(state, gain(me, item, ("LR-14-04-01",), ruin=True))


@record
class HundredsSpread(NamedTuple):
    """A mob spread by the mob die (Raze, Jubilant): where, among the matching clearings next to a mob."""
    seat: int
    suit: str
    rules: Rules


@MODULE.handler(HundredsSpread)
def run_spread(state: RootState, task: HundredsSpread) -> None:
    sites = spread_sites(state, task.suit)
    if len(sites) > 1:
        T.ask(state, task.seat, "hundreds_spread")
        return
    T.done(state)
    if sites:
        place_mob(state, sites[0], task.rules)
    else:
        state.log(task.rules, "ev.hundreds.no_spread", suit=task.suit)


@MODULE.task_decision("hundreds_spread", lambda state: [f"mob_at:{A.clearing_id(c)}" for c in spread_sites(
    state, T.top(state).suit)])
def apply_spread(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    place_mob(state, A.clearing_arg(action_id), task.rules)


@record
class HundredsRecruit(NamedTuple):
    """Recruit at the strongholds (one entry per stronghold still to get its warrior)."""
    seat: int
    left: tuple[int, ...]


@MODULE.handler(HundredsRecruit)
def run_recruit(state: RootState, task: HundredsRecruit) -> None:
    supply = state.supply[NAME]
    if not task.left or not supply:
        T.done(state)
        return
    if supply >= len(task.left) or len(set(task.left)) == 1:
        T.done(state)
        for c in task.left[:supply]:
            B.place_warriors(state, NAME, c, 1)
        state.log(("LR-14-04-02",), "ev.hundreds.recruit", clearings=list(task.left[:supply]))
        return
    T.ask(state, task.seat, "hundreds_recruit")


@MODULE.task_decision("hundreds_recruit", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in sorted(set(
    T.top(state).left))])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    left = list(task.left)
    left.remove(c)
    T.replace(state, task._replace(left=tuple(left)))
    B.place_warriors(state, NAME, c, 1)
    state.log(("LR-14-04-02", "LR-01-05-04", "RTA-LH-04"), "ev.hundreds.recruit", clearings=[c])


@record
class HundredsAnoint(NamedTuple):
    seat: int


def anoint_sites(state: RootState) -> list[int]:
    """LR-14-04-03: a clearing with a Hundreds warrior; with none, any clearing where it may place."""
    w = state.warriors[NAME]
    mine = [c for c in range(len(w)) if w[c] > 0]
    return mine or [c for c in range(len(state.suits)) if B.may_place(state, NAME, c)]


@MODULE.handler(HundredsAnoint)
def run_anoint(state: RootState, task: HundredsAnoint) -> None:
    sites = anoint_sites(state)
    if len(sites) > 1:
        T.ask(state, task.seat, "hundreds_anoint")
        return
    T.done(state)
    if sites:
        anoint(state, sites[0])


@MODULE.task_decision("hundreds_anoint", lambda state: [f"anoint:{A.clearing_id(c)}" for c in anoint_sites(state)])
def apply_anoint(state: RootState, action_id: str) -> None:
    T.done(state)
    anoint(state, A.clearing_arg(action_id))


def anoint(state: RootState, c: int) -> None:
    """The warlord replaces a warrior there (it goes to the supply), or is placed there if none is on the map."""
    replaced = state.warriors[NAME][c] > 0
    if replaced:
        B.remove_warriors(state, NAME, c, 1)
    state.pawns = {**state.pawns, NAME: c}
    state.log(("LR-14-04-03", "LR-14-02-02"), "ev.hundreds.anoint" if replaced else "ev.hundreds.anoint_new",
              clearing=c)


# ---- Daylight (LR-14-05) ---------------------------------------------------------------------------------------------

@record
class HundredsDaylight(NamedTuple):
    """The steps in order: craft, command, advance (Grandiose: craft, advance, command, LR-14-07-02)."""
    seat: int
    stages: tuple[str, ...]


@MODULE.step("hundreds.daylight")
def daylight(state: RootState) -> str:
    stages = ("craft", "advance", "command") if mood(state) == "grandiose" else ("craft", "command", "advance")
    if mood(state) == "grandiose":
        state.log(("LR-14-07-02",), "ev.hundreds.grandiose")
    return T.run_then(state, [HundredsDaylight(seat(state), stages)], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    """LR-14-02-01: the strongholds."""
    return B.where(state, NAME, STRONGHOLD)


MODULE.crafting_pieces = crafting_pieces


def build_sites(state: RootState, me: int) -> list[int]:
    """LR-14-05-02-03: a clearing the Hundreds rule, with room, a stronghold in supply and a matching card in hand."""
    if strongholds_left(state) <= 0 or not state.hands[me]:
        return []
    ruled = B.rulers(state)
    return [c for c in range(len(state.suits)) if ruled[c] == NAME and B.open_slots(state, c) > 0
            and B.may_place(state, NAME, c) and K.matching(state, me, state.suits[c])]


def move_origins(state: RootState) -> list[int]:
    """Clearings with Hundreds warriors or the warlord from which a move can be made."""
    w, lord = state.warriors[NAME], warlord(state)
    return [c for c in range(len(w)) if (w[c] > 0 or lord == c) and MV.destinations(state, NAME, c)]


def can_advance(state: RootState) -> bool:
    w = warlord(state)
    return w is not None and bool(MV.destinations(state, NAME, w) or BT.targets(state, NAME, w))


def _stage_options(state: RootState, me: int, stage: str) -> list[str]:
    if stage == "craft":
        return K.craft_options(state, me)
    out = []
    if stage == "command" and state.used.get("hundreds_command", 0) < command(state):
        if move_origins(state):
            out.append("command:move")
        if BT.can_battle(state, NAME):
            out.append("command:battle")
        if build_sites(state, me):
            out.append("command:build")
    if stage == "advance" and state.used.get("hundreds_advance", 0) < prowess(state) and can_advance(state):
        out.append("advance")
    return out


def _daylight_legal(state: RootState) -> list[str]:
    task = T.top(state)
    return _stage_options(state, task.seat, task.stages[0]) + TN.phase_options(state, task.seat) + ["done"]


@MODULE.handler(HundredsDaylight)
def run_daylight(state: RootState, task: HundredsDaylight) -> None:
    if not task.stages:
        T.done(state)
        return
    own = _stage_options(state, task.seat, task.stages[0])
    if own or TN.phase_options(state, task.seat):
        T.ask(state, task.seat, f"hundreds_{task.stages[0]}")
    else:
        T.replace(state, task._replace(stages=task.stages[1:]))


def _apply_daylight(state: RootState, action_id: str) -> None:
    task = T.top(state)
    me, head = task.seat, A.head(action_id)
    if action_id == "done":
        T.replace(state, task._replace(stages=task.stages[1:]))
    elif head == "craft":
        craft(state, me, A.arg(action_id))
    elif head == "command":
        state.used["hundreds_command"] = state.used.get("hundreds_command", 0) + 1
        do_command(state, me, A.arg(action_id))
    elif action_id == "advance":
        state.used["hundreds_advance"] = state.used.get("hundreds_advance", 0) + 1
        state.log(("LR-14-05-03",), "ev.hundreds.advance", n=state.used["hundreds_advance"], of=prowess(state))
        T.push(state, HundredsAdvance(me, "move", False, False, False))
    else:
        TN.apply_phase_option(state, me, action_id)


for _kind in ("hundreds_craft", "hundreds_command", "hundreds_advance"):
    MODULE.task_decision(_kind, _daylight_legal)(_apply_daylight)


def do_command(state: RootState, me: int, what: str) -> None:
    rules: Rules = ("LR-14-05-02",)
    state.log(rules, "ev.hundreds.command", n=state.used["hundreds_command"], of=command(state))
    if what == "move":
        T.push(state, HundredsMove(me, None, None, -1, rules + ("LR-14-05-02-01",), False))
    elif what == "battle":
        T.push(state, BT.start(me, NAME, rules + ("LR-14-05-02-02",), must=True))
    else:
        T.push(state, HundredsBuild(me, None))


# ---- crafting, Contempt for Trade (LR-14-02-03) ------------------------------------------------------------------------

@record
class HundredsContempt(NamedTuple):
    """An item card chosen to craft: take the item (no points) or remove it for good (its points)."""
    seat: int
    card: str


def craft(state: RootState, me: int, card: str) -> None:
    pieces = tuple(crafting_pieces(state, me))
    if CARDS[card].kind == "item":
        T.push(state, HundredsContempt(me, card))
    else:
        T.push(state, K.craft(me, card, pieces))


@MODULE.handler(HundredsContempt)
def run_contempt(state: RootState, task: HundredsContempt) -> None:
    T.ask(state, task.seat, "hundreds_contempt")


@MODULE.task_decision("hundreds_contempt", lambda state: ["contempt:take", "contempt:score"])
def apply_contempt(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    H(state).contempt = A.arg(action_id)
    T.push(state, K.craft(task.seat, task.card, tuple(crafting_pieces(state, task.seat))))


def takes_item(state: RootState, me: int, item: str) -> None:
    """The crafted item: into the Hoard, or out of the game for the card's points (then `item_points`)."""
    if H(state).contempt == "score":
        state.log(("LR-14-02-03",), "ev.hundreds.contempt", item=item)
    else:
        T.push(state, gain(me, item, ("LR-14-02-03", "LR-14-02-04-01")))


def item_points(state: RootState, me: int, vp: int) -> int:
    """LR-14-02-03: the listed points only for an item removed (effects such as Master Engravers still score)."""
    chosen, H(state).contempt = H(state).contempt, "take"
    return vp if chosen == "score" else 0


MODULE.takes_item = takes_item
MODULE.item_points = item_points
MODULE.gains_item = lambda state, me, item, rules: [gain(me, item, rules + ("LR-14-02-04-01",))]


# ---- Command: build, moves (LR-14-05-02) ---------------------------------------------------------------------------------

@record
class HundredsBuild(NamedTuple):
    """Build: the clearing, then the card spent (a choice only with several matching cards)."""
    seat: int
    clearing: int | None


def _build_cards(state: RootState, task: HundredsBuild) -> list[str]:
    assert task.clearing is not None
    return list(dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing])))


@MODULE.handler(HundredsBuild)
def run_build(state: RootState, task: HundredsBuild) -> None:
    if task.clearing is None:
        T.ask_or_done(state, task.seat, "hundreds_build", build_sites(state, task.seat))
        return
    cards = _build_cards(state, task)
    if len(cards) > 1:
        T.ask(state, task.seat, "hundreds_build_card")
    else:
        build(state, task, cards[0])


@MODULE.task_decision("hundreds_build", lambda state: [f"stronghold_at:{A.clearing_id(c)}" for c in build_sites(
    state, T.top(state).seat)])
def apply_build_at(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("hundreds_build_card", lambda state: [f"spend:{c}" for c in _build_cards(state, T.top(state))])
def apply_build_card(state: RootState, action_id: str) -> None:
    build(state, T.top(state), A.arg(action_id))


def build(state: RootState, task: HundredsBuild, card: str) -> None:
    T.done(state)  # before placing: what placing triggers runs next (board.add_building)
    c = task.clearing
    assert c is not None
    K.discard(state, task.seat, card, ("LR-14-05-02-03",))
    B.add_building(state, NAME, STRONGHOLD, c)
    state.log(("LR-14-05-02-03",), "ev.hundreds.build", clearing=c, card=card)


@record
class HundredsMove(NamedTuple):
    """One move of Hundreds warriors, the warlord with them or not: origin, destination, whether the warlord goes
    (-1: not asked yet), then how many other warriors (LR-14-05-02-01, LR-14-05-03). `advance`: the warlord's move
    of Advance the Warlord (he goes; any number of warriors with him, none too)."""
    seat: int
    origin: int | None
    dest: int | None
    lord: int
    rules: Rules
    advance: bool


def _move_options(state: RootState, task: HundredsMove) -> tuple[str, list[str]]:
    """The decision the move asks next and its options."""
    if task.origin is None:
        return "hundreds_move_from", [A.from_id(c) for c in move_origins(state)]
    if task.dest is None:
        return "hundreds_move_to", [A.to_id(c) for c in MV.destinations(state, NAME, task.origin)]
    n = state.warriors[NAME][task.origin]
    if task.lord < 0:
        return "hundreds_warlord_goes", ["warlord:go", "warlord:stay"]
    low = 0 if task.lord else 1
    return "hundreds_move_count", [A.warriors_id(k) for k in range(low, n + 1)]


@MODULE.handler(HundredsMove)
def run_move(state: RootState, task: HundredsMove) -> None:
    if task.origin is not None and task.dest is not None and task.lord < 0:
        here = warlord(state) == task.origin
        if not here or not state.warriors[NAME][task.origin]:  # no choice: he goes only if he is all there is
            T.replace(state, task._replace(lord=1 if here else 0))
            return
    kind, options = _move_options(state, task)
    if not options:
        T.done(state)
    elif len(options) == 1 and kind in ("hundreds_move_count", "hundreds_move_from", "hundreds_move_to"):
        _move_step(state, task, options[0])
    else:
        T.offer(state, task.seat, kind, options)


def _move_legal(state: RootState) -> list[str]:
    return _move_options(state, T.top(state))[1]


def _apply_move(state: RootState, action_id: str) -> None:
    _move_step(state, T.top(state), action_id)


for _kind in ("hundreds_move_from", "hundreds_move_to", "hundreds_warlord_goes", "hundreds_move_count"):
    MODULE.task_decision(_kind, _move_legal)(_apply_move)


def _move_step(state: RootState, task: HundredsMove, action_id: str) -> None:
    head = A.head(action_id)
    if head == "from":
        T.replace(state, task._replace(origin=A.clearing_arg(action_id)))
    elif head == "to":
        T.replace(state, task._replace(dest=A.clearing_arg(action_id)))
    elif head == "warlord":
        T.replace(state, task._replace(lord=1 if action_id == "warlord:go" else 0))
    else:
        T.done(state)
        assert task.origin is not None and task.dest is not None
        T.push(state, *relocate(state, task.seat, task.origin, task.dest, int(A.arg(action_id)), bool(task.lord),
                                task.rules))


def relocate(state: RootState, me: int, a: int, b: int, n: int, lord: bool, rules: Rules) -> list:
    """Move `n` Hundreds warriors and the warlord if `lord`; the effects a move triggers see all of them as warriors
    (the warlord is one, LR-14-02-02)."""
    B.move_warriors(state, NAME, a, b, n)
    if lord:
        state.pawns = {**state.pawns, NAME: b}
    total = n + (1 if lord else 0)
    state.log(rules + ("LR-04-02",), "ev.move", seat=me, faction=NAME, origin=a, dest=b, n=total)
    if lord:
        state.log(rules + ("LR-14-02-02",), "ev.hundreds.warlord_moved", origin=a, dest=b)
    later: list = []
    for fn in extensions(state, "moved"):
        later += fn(state, me, NAME, a, b, total) or []
    for fn in extensions(state, "moved_into"):
        later += fn(state, me, NAME, b, total) or []
    return later


# ---- Advance the Warlord (LR-14-05-03), Relentless (LR-14-07-05) ---------------------------------------------------------

@record
class HundredsAdvance(NamedTuple):
    """One Advance: stage move (the warlord may move), battle (then may battle where he is), more (Relentless)."""
    seat: int
    stage: str
    moved: bool
    battled: bool
    relentless: bool


ADVANCE: Rules = ("LR-14-05-03",)


def _advance_options(state: RootState, task: HundredsAdvance) -> list[str]:
    w = warlord(state)
    if w is None:
        return []
    if task.stage == "move":
        return [A.to_id(c) for c in MV.destinations(state, NAME, w)]
    if task.stage == "battle":
        return [A.battle_id(w)] if BT.targets(state, NAME, w) else []
    if task.stage == "more" and task.moved and task.battled and mood(state) == "relentless" and not task.relentless:
        out = ["relentless:move"] if MV.destinations(state, NAME, w) else []
        return out + (["relentless:battle"] if BT.targets(state, NAME, w) else [])
    return []


@MODULE.handler(HundredsAdvance)
def run_advance(state: RootState, task: HundredsAdvance) -> None:
    if _advance_options(state, task):
        T.ask(state, task.seat, f"hundreds_advance_{task.stage}")
    elif task.stage == "more":
        T.done(state)
    else:
        T.replace(state, task._replace(stage="battle" if task.stage == "move" else "more"))


def _advance_legal(state: RootState) -> list[str]:
    return _advance_options(state, T.top(state)) + ["skip"]


def _apply_advance(state: RootState, action_id: str) -> None:
    task = T.top(state)
    w = warlord(state)
    assert w is not None
    head = A.head(action_id)
    if action_id == "skip":
        if task.stage == "more":
            T.done(state)
        else:
            T.replace(state, task._replace(stage="battle" if task.stage == "move" else "more"))
    elif head == "to":
        T.replace(state, task._replace(stage="battle", moved=True))
        T.push(state, HundredsMove(task.seat, w, A.clearing_arg(action_id), 1, ADVANCE, True))
    elif head == "battle":
        T.replace(state, task._replace(stage="more", battled=True))
        T.push(state, StartBattle(task.seat, NAME, (w,), True, w, ADVANCE))
    else:
        T.done(state)
        rules = ADVANCE + ("LR-14-07-05",)
        state.log(rules, "ev.hundreds.relentless")
        if action_id == "relentless:move":
            T.push(state, HundredsMove(task.seat, w, None, 1, rules, True))
        else:
            T.push(state, StartBattle(task.seat, NAME, (w,), True, w, rules))


for _kind in ("hundreds_advance_move", "hundreds_advance_battle", "hundreds_advance_more"):
    MODULE.task_decision(_kind, _advance_legal)(_apply_advance)


# ---- Evening (LR-14-06) -----------------------------------------------------------------------------------------------

@record
class HundredsEvening(NamedTuple):
    """Incite (any number of times), then Oppress, then draw and discard."""
    seat: int
    stage: str


@MODULE.step("hundreds.evening")
def evening(state: RootState) -> str:
    return T.run_then(state, [HundredsEvening(seat(state), "incite")], RETURN)


def incite_sites(state: RootState, me: int) -> list[int]:
    """LR-14-06-01: no mob there, a Hundreds warrior (the warlord too), a matching card in hand, a mob in supply."""
    if mobs_left(state) <= 0 or not state.hands[me]:
        return []
    w, lord = state.warriors[NAME], warlord(state)
    return [c for c in range(len(w)) if (w[c] > 0 or lord == c) and not has_mob(state, c)
            and B.may_place(state, NAME, c) and K.matching(state, me, state.suits[c])]


def _incite_legal(state: RootState) -> list[str]:
    me = T.top(state).seat
    return [f"incite:{A.clearing_id(c)}" for c in incite_sites(state, me)] + TN.phase_options(state, me) + ["done"]


@MODULE.handler(HundredsEvening)
def run_evening(state: RootState, task: HundredsEvening) -> None:
    if task.stage == "incite":
        if incite_sites(state, task.seat) or TN.phase_options(state, task.seat):
            T.ask(state, task.seat, "hundreds_incite")
        else:
            T.replace(state, task._replace(stage="oppress"))
        return
    T.done(state)
    oppress(state, task.seat)
    n = evening_draws(state)
    rules: Rules = ("LR-14-06", "LR-14-06-03") + (("LR-14-07-06",) if n > BOARD["draw"] else ())
    K.draw(state, task.seat, n, rules)
    T.push(state, K.hand_limit(task.seat, ("LR-14-06-03",)))


@MODULE.task_decision("hundreds_incite", _incite_legal)
def apply_incite(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="oppress"))
    elif A.head(action_id) == "incite":
        T.push(state, HundredsIncite(task.seat, A.clearing_arg(action_id)))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


def oppress(state: RootState, me: int) -> None:
    """LR-14-06-02: points by the number of oppressed clearings."""
    where = oppressed(state)
    points = oppress_points(state)
    state.log(("LR-14-06-02",), "ev.hundreds.oppress", clearings=where, n=len(where), points=points)
    S.score(state, me, points, ("LR-14-06-02",))


@record
class HundredsIncite(NamedTuple):
    """Incite in a clearing: the card spent (a choice only with several matching cards)."""
    seat: int
    clearing: int


def _incite_cards(state: RootState, task: HundredsIncite) -> list[str]:
    return list(dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing])))


@MODULE.handler(HundredsIncite)
def run_incite(state: RootState, task: HundredsIncite) -> None:
    cards = _incite_cards(state, task)
    if len(cards) > 1:
        T.ask(state, task.seat, "hundreds_incite_card")
    else:
        incite(state, task, cards[0])


@MODULE.task_decision("hundreds_incite_card", lambda state: [f"spend:{c}" for c in _incite_cards(state, T.top(state))])
def apply_incite_card(state: RootState, action_id: str) -> None:
    incite(state, T.top(state), A.arg(action_id))


def incite(state: RootState, task: HundredsIncite, card: str) -> None:
    """The mob placed; Jubilant by the warlord: up to four rolls of the mob die after it (LR-14-07-03)."""
    T.done(state)
    c = task.clearing
    K.discard(state, task.seat, card, ("LR-14-06-01",))
    if mood(state) == "jubilant" and warlord(state) == c:
        T.push(state, HundredsJubilant(task.seat, BOARD["jubilant_rolls"]))
    place_mob(state, c, ("LR-14-06-01",))


@record
class HundredsJubilant(NamedTuple):
    seat: int
    left: int


@MODULE.handler(HundredsJubilant)
def run_jubilant(state: RootState, task: HundredsJubilant) -> None:
    T.ask_or_done(state, task.seat, "hundreds_jubilant", task.left > 0 and mobs_left(state) > 0)


@MODULE.task_decision("hundreds_jubilant", lambda state: ["jubilant:roll", "done"])
def apply_jubilant(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    T.replace(state, task._replace(left=task.left - 1))
    rules: Rules = ("LR-14-07-03",)
    T.push(state, HundredsSpread(task.seat, roll_mob_die(state, rules), rules))


# ---- hits, the warlord in battle (LR-14-02-02, Law FAQ), Stubborn, Wrathful, Bitter -------------------------------------

@record
class HundredsHits(NamedTuple):
    """Hits the Hundreds take: whether the warlord takes one (-1: not decided), then warriors, then strongholds and
    mobs in the order they choose (`chosen`)."""
    by_seat: int | None
    clearing: int
    hits: int
    in_battle: bool
    rules: Rules
    via: str
    lord: int
    chosen: tuple[tuple[str, int], ...]


def takes_hits(state: RootState, task: TakeHits) -> list:
    return [HundredsHits(task.by_seat, task.clearing, task.hits, task.in_battle, task.rules, task.via, -1, ())]


MODULE.takes_hits = takes_hits


def _lord_here(state: RootState, task: HundredsHits) -> bool:
    """The warlord takes hits only in battle (LR-14-02-02)."""
    return task.in_battle and warlord(state) == task.clearing


@MODULE.handler(HundredsHits)
def run_hits(state: RootState, task: HundredsHits) -> None:
    c = task.clearing
    if not task.chosen and task.lord < 0 and K.kept(state, task.by_seat, task.via, NAME, c):
        T.done(state)
        return
    w = B.warriors(state, NAME, c)
    if task.lord < 0:
        here = _lord_here(state, task) and task.hits > 0
        if here and 0 < task.hits <= w:
            T.ask(state, B.side(state, NAME) or 0, "hundreds_hits")
            return
        T.replace(state, task._replace(lord=1 if here else 0))
        return
    left = task.hits - task.lord - min(task.hits - task.lord, w) - sum(n for _, n in task.chosen)
    others = Counter(B.buildings_of(state, NAME, c) + B.tokens_of(state, NAME, c)) - Counter(dict(task.chosen))
    if left > 0 and others and sum(others.values()) > left and len(others) > 1:
        T.ask(state, B.side(state, NAME) or 0, "hundreds_take_hits")
        return
    chosen = Counter(dict(task.chosen))
    if left > 0 and others:
        for k, n in others.items():
            chosen[k] += n if sum(others.values()) <= left else min(left, n)
    T.done(state)
    _remove(state, task, min(task.hits - task.lord, w), chosen)


@MODULE.task_decision("hundreds_hits", lambda state: ["lose:warrior", "lose:warlord"])
def apply_hits(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(lord=1 if action_id == "lose:warlord" else 0))


@MODULE.task_decision("hundreds_take_hits", lambda state: [f"remove:{k}" for k in sorted(
    Counter(B.buildings_of(state, NAME, T.top(state).clearing) + B.tokens_of(state, NAME, T.top(state).clearing))
    - Counter(dict(T.top(state).chosen)))])
def apply_take_hits(state: RootState, action_id: str) -> None:
    task = T.top(state)
    chosen = Counter(dict(task.chosen))
    chosen[A.arg(action_id)] += 1
    T.replace(state, task._replace(chosen=tuple(chosen.items())))


def _remove(state: RootState, task: HundredsHits, warriors: int, chosen: Counter) -> None:
    """One removal of everything hit; the warlord goes as a warrior (RTA-LH-05: for every effect of the removal he
    is one of the warriors removed) and off the map, not to the supply."""
    c = task.clearing
    if task.lord:
        state.pawns = {k: v for k, v in state.pawns.items() if k != NAME}
        state.warriors[NAME][c] += 1
        H(state).dying = c
        warriors += 1
    pieces = (("warrior", warriors),) + tuple((k, n) for k, n in chosen.items() if n)
    pieces = tuple(p for p in pieces if p[1])
    if pieces:
        T.push(state, RemovePieces(task.by_seat, NAME, c, pieces, task.in_battle, task.rules, task.via))


@record
class HundredsWarlordGone(NamedTuple):
    """The warlord, removed as one of the warriors hit, leaves the supply again: he waits off the map for Anoint."""
    clearing: int


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """The warlord removed (LR-14-02-02, LR-14-04-03): his task runs before any effect counting the warriors back
    in the supply (Coffin Makers finds only the others)."""
    data = state.mods.get(NAME)
    if owner != NAME or data is None or data.dying != c:
        return []
    data.dying = None
    return [HundredsWarlordGone(c)]


MODULE.answer("removed", on_removed)


@MODULE.handler(HundredsWarlordGone)
def run_warlord_gone(state: RootState, task: HundredsWarlordGone) -> None:
    T.done(state)
    state.supply[NAME] -= 1
    state.log(("LR-14-02-02", "RTA-LH-05"), "ev.hundreds.warlord_removed", clearing=task.clearing)


def rule_bonus(state: RootState, faction: str, c: int) -> int:
    """The warlord is a warrior: he counts for rule (LR-14-02-02, LR-02-05)."""
    return 1 if faction == NAME and state.pawns.get(NAME) == c else 0


MODULE.answer("rule_bonus", rule_bonus)


def battle_here(state: RootState, c: int) -> Battle | None:
    return next((t for t in reversed(state.tasks) if isinstance(t, Battle) and t.clearing == c), None)


def looting(state: RootState, battle: Battle | None) -> bool:
    return battle is not None and "loot" in battle.used and not battle.by and state.faction[battle.attacker] == NAME


def max_rolled_hits(state: RootState, f: str, c: int) -> int:
    """Its warriors there, the warlord one of them; none rolled when looting (LR-14-02-05)."""
    if looting(state, battle_here(state, c)):
        return 0
    return B.warriors(state, NAME, c) + (1 if warlord(state) == c else 0)


MODULE.max_rolled_hits = max_rolled_hits
MODULE.defenceless = lambda state, f, c: B.warriors(state, NAME, c) == 0 and warlord(state) != c


def stubborn(state: RootState, battle: Battle, owner: str) -> tuple[str, ...]:
    """LR-14-07-07: Stubborn ignores the first hit the Hundreds take in a battle in the warlord's clearing."""
    if owner == NAME and mood(state) == "stubborn" and warlord(state) == battle.clearing:
        return ("LR-14-07-07",)
    return ()


MODULE.answer("ignores_first_hit", stubborn)
MODULE.extra_hits = lambda state, c, attacking: 1 if (
    attacking and mood(state) == "wrathful" and warlord(state) == c) else 0  # Wrathful (LR-14-07-08)


def bitter_options(state: RootState, battle: Battle, s: int, attacking: bool) -> list[str]:
    """LR-14-07-01: before the roll, in a battle in the warlord's clearing, mobs there or next to it for warriors."""
    w = warlord(state)
    if (state.faction[s] != NAME or mood(state) != "bitter" or w != battle.clearing
            or not battle.stage.startswith("before")):
        return []
    near = {w, *B.adjacent(state, NAME, w)}
    return [f"effect:bitter:{A.clearing_id(c)}" for c in mob_clearings(state) if c in near]


def use_bitter(state: RootState, battle: Battle, s: int, key: str) -> Battle | None:
    if not key.startswith("bitter:"):
        return None
    c, w = A.clearing_of(key.partition(":")[2]), warlord(state)
    B.take_token(state, NAME, MOB, c)
    n = B.place_warriors(state, NAME, w, 1) if w is not None and B.may_place(state, NAME, w) else 0
    state.log(("LR-14-07-01",), "ev.hundreds.bitter", clearing=c, dest=w, n=n)
    return battle


MODULE.answer("battle_effects", bitter_options)
MODULE.answer("use_battle_effect", use_bitter)


# ---- Looters (LR-14-02-05) -----------------------------------------------------------------------------------------------

def lootable(state: RootState, victim: int) -> list[str]:
    """Items of a player's Crafted Items box the Hundreds could take (the Vagabond has none there)."""
    return sorted({i for i in state.crafted[victim] if track_of(i)})


@record
class HundredsLoot(NamedTuple):
    """At the start of a battle the Hundreds attack: declare Looters or not (before any ambush, Law FAQ)."""
    seat: int
    victim: int


def battle_begun(state: RootState, battle: Battle) -> list:
    if battle.by or state.faction[battle.attacker] != NAME:
        return []
    victim = state.seat_of(battle.defender)
    if victim is None or not lootable(state, victim):
        return []
    return [HundredsLoot(battle.attacker, victim)]


MODULE.answer("battle_begun", battle_begun)


@MODULE.handler(HundredsLoot)
def run_loot(state: RootState, task: HundredsLoot) -> None:
    T.ask(state, task.seat, "hundreds_loot")


@MODULE.task_decision("hundreds_loot", lambda state: ["loot", "pass"])
def apply_loot(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id != "loot":
        return
    for i in range(len(state.tasks) - 1, -1, -1):
        battle = state.tasks[i]
        if isinstance(battle, Battle):
            state.tasks[i] = battle._replace(used=battle.used + ("loot",))
            state.log(("LR-14-02-05",), "ev.hundreds.loot", victim=task.victim, clearing=battle.clearing)
            return


@record
class HundredsLootTake(NamedTuple):
    seat: int
    victim: int
    clearing: int


def battle_ended(state: RootState, battle: Battle) -> list:
    """Looting: after the battle, if the Hundreds rule its clearing, one item of the defender's box."""
    if not looting(state, battle):
        return []
    victim = state.seat_of(battle.defender)
    if victim is None:
        return []
    if not B.rules(state, NAME, battle.clearing) or not lootable(state, victim):
        state.log(("LR-14-02-05",), "ev.hundreds.no_loot", victim=victim, clearing=battle.clearing)
        return []
    return [HundredsLootTake(battle.attacker, victim, battle.clearing)]


MODULE.answer("battle_ended", battle_ended)


@MODULE.handler(HundredsLootTake)
def run_loot_take(state: RootState, task: HundredsLootTake) -> None:
    items = lootable(state, task.victim)
    if len(items) > 1:
        T.ask(state, task.seat, "hundreds_loot_item")
    else:
        take_loot(state, task, items[0])


@MODULE.task_decision("hundreds_loot_item", lambda state: [f"take:{i}" for i in lootable(state, T.top(state).victim)])
def apply_loot_item(state: RootState, action_id: str) -> None:
    take_loot(state, T.top(state), A.arg(action_id))


def take_loot(state: RootState, task: HundredsLootTake, item: str) -> None:
    """The item leaves the defender's box (a ready one first, RTA-LH-07) for the Hoard."""
    T.done(state)
    items = list(state.crafted[task.victim])
    items.remove(item)
    state.crafted[task.victim] = tuple(items)
    worn = list(state.exhausted[task.victim])
    if worn.count(item) > items.count(item):
        worn.remove(item)
        state.exhausted[task.victim] = tuple(worn)
    state.log(("LR-14-02-05",), "ev.hundreds.looted", victim=task.victim, item=item, clearing=task.clearing)
    T.push(state, gain(task.seat, item, ("LR-14-02-05", "LR-14-02-04-01")))


# ---- what everyone sees, bots, action ids ------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """Everything of the Hundreds' is public (RTA-LH-01): the warlord, the mood and the moods open to it next, the
    Hoard's tracks with Command and Prowess, strongholds and mobs in supply, what Oppress scores now and the draw."""
    data = state.mods.get(NAME)
    me = state.seat_of(NAME)
    if data is None or me is None or not state.suits or data.mood is None:
        return
    w = warlord(state)
    acting = state.active == me
    full[NAME] = {
        "warlord": A.clearing_id(w) if w is not None else None, "mood": data.mood, "moods_open": moods_open(state),
        "hoard": {t: on_track(state, t) for t in TRACKS}, "command": command(state), "prowess": prowess(state),
        "strongholds": strongholds_left(state), "mobs": mobs_left(state),
        "mob_clearings": [A.clearing_id(c) for c in mob_clearings(state)],
        "oppressed": len(oppressed(state)), "oppress_points": oppress_points(state), "draws": evening_draws(state),
        "commands_used": state.used.get("hundreds_command", 0) if acting else 0,
        "advances_used": state.used.get("hundreds_advance", 0) if acting else 0,
    }


MODULE.view = view

WARLORD = 1.5     # the warlord on the map: Recruit at his side, Advance, his mood (tuning, not rules)
RANK = 0.8        # each point of Command or Prowess above 1: an action and a warrior each turn
MOB_VALUE = 0.3   # a mob on the map: a raze each Birdsong, spreading
OPPRESS_RATE = 0.6  # per point Oppress would score now


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: the warlord, Command and Prowess, mobs, what Oppress scores."""
    if state.faction[s] != NAME or mood(state) is None:
        return 0.0
    value_ = WARLORD if warlord(state) is not None else 0.0
    value_ += RANK * (command(state) + prowess(state) - 2)
    return value_ + MOB_VALUE * B.count_on_map(state, NAME, MOB) + OPPRESS_RATE * oppress_points(state)


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["done", "skip", "pass", "loot", "advance", "warlord:go", "warlord:stay", "lose:warrior", "lose:warlord",
           "contempt:take", "contempt:score", "jubilant:roll", "relentless:move", "relentless:battle", A.warriors_id(0)]
    ids += [f"command:{k}" for k in ("move", "battle", "build")] + [f"mood:{m}" for m in MOODS]
    ids += [f"lose:{i}" for i in ITEMS] + [f"take:{i}" for i in ITEMS] + [f"spend:{c}" for c in cards]
    for h in ("garrison", "stronghold_at", "incite", "mob_at", "anoint", "recruit_at"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [f"effect:bitter:{c}" for c in clearings]
    return [Vocabulary(ids + A.remove_ids((STRONGHOLD, MOB)))]


MODULE.actions = actions
MODULE.forms = {**{h: ("clearing",) for h in ("garrison", "stronghold_at", "incite", "mob_at", "anoint")},
                "recruit_at": ("clearing",), "mood": ("piece",), "lose": ("item",), "take": ("item",),
                "contempt": ("word",), "command": ("word",), "relentless": ("word",)}

# the faction board on the terminal and web tables (hundreds_board.py)
MODULE.lines = hundreds_board.lines
MODULE.picture = hundreds_board.picture
