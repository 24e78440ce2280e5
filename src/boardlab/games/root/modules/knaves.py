"""The Knaves of the Deepwood (LR-18) and the Knave Captains (the Law's Appendix K, LR-AK).

Setup: 10 Skunks in the supply; three Captain cards chosen (from all twelve; from the four dealt beside its setup
card in the Advanced Setup draft); each Captain with a Skunk in a different forest; the six items of the Captains'
cards face up in the Stash; 8 acclaim on the board. Birdsong: Ready (a face-up Captain card becomes the Acting
Captain; a Captain off the map comes back in a forest, freeing the Prisoners around it, and acts only three times).
Daylight: Captain Acts (move, battle, Filch, item actions, the Captains' abilities), then Retire. Evening: Mock the
Powerful, Protect the Weak, Take It Easy, draw and discard. `knaves_acts` holds the Daylight.

Pieces: Skunks and Captains in clearings are the faction's warriors on the map (`state.warriors["knaves"]`), so rule
and battle count them; where each Captain stands is the module's data (a clearing, or FOREST + a forest's index),
as are the Skunks in forests and the Prisoners (one enemy warrior per forest at most, LR-18-02-06: taken off the map,
in neither supply). Acclaim are tokens on the map. Every removal of Knave warriors takes Skunks first (Follow Me,
LR-18-02-05): `on_removed` puts a Captain that no warrior count still holds off the map.

Everything the Knaves have is public: no hidden zone (their Captain cards, Stash and Prisoners lie face up; the
cards not chosen go back to the box). Choices the Law leaves open: RTA-KN-01.. (docs/root-rulings.md, "Knaves of the
Deepwood"); the board's numbers and the Captains: data/factions/knaves.yaml.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from .. import cards as K
from .. import scoring as S
from .. import turn as TN
from ..content import ITEMS, MAPS, faction_sheet
from ..program import Faction
from ..state import FOREST, RUIN, RootState
from .vagabond_turn import loc_of, loc_text

NAME = "knaves"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
CAPTAINS: dict[str, dict] = BOARD["captains"]
ITEM_ACTION: dict[str, str] = BOARD["item_actions"]
ACTION_ITEM = {a: i for i, a in ITEM_ACTION.items()}
ACTIONS = tuple(ITEM_ACTION.values())
ACCLAIM = "acclaim"
Rules = tuple[str, ...]
ITEM_RULES = {"dash": "LR-18-05-01-04-01", "assault": "LR-18-05-01-04-02", "skirmish": "LR-18-05-01-04-03",
              "nab": "LR-18-05-01-04-04", "revel": "LR-18-05-01-04-05", "gift": "LR-18-05-01-04-06",
              "serve": "LR-18-05-01-04-07"}


@register
class KnavesState(Data):
    __slots__ = ("captains", "up", "at", "acting", "skunks", "prisoners", "stash", "dealt", "fight", "doomed",
                 "filching")

    def __init__(self) -> None:
        self.captains: tuple[str, ...] = ()       # the three Captain cards chosen (LR-18-03-02)
        self.up: tuple[str, ...] = ()             # ... those face up (LR-18-05-02, LR-18-06-03)
        self.at: dict[str, int] = {}              # Captain -> clearing or FOREST + forest (absent: off the map)
        self.acting: str | None = None            # the card in the Acting Captain slot (LR-18-04)
        self.skunks: dict[int, int] = {}          # forest -> Skunks there (LR-18-02-04)
        self.prisoners: dict[int, str] = {}       # forest -> the faction of its Prisoner (LR-18-02-06)
        self.stash: tuple[tuple[str, bool], ...] = ()  # (item, face up), sorted (LR-18-02-02)
        self.dealt: tuple[str, ...] = ()          # Captain cards dealt beside its setup card (LR-AA-08-02-04)
        self.fight: tuple[str, int, int, bool] = ("", -1, 0, False)  # the Acting Captain's battle: mode,
        # clearing, Prisoners taken, the Acting Captain hit ("" mode: none under way)
        self.doomed: tuple[str, ...] = ()         # Captains the hits being removed fall on
        self.filching = False                     # crafting with Filch: no points (LR-18-05-01-03)


MODULE.data = lambda state: KnavesState()


def D(state: RootState) -> KnavesState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


# ---- reading the map ---------------------------------------------------------------------------------------------

def forest_count(state: RootState) -> int:
    return len(MAPS[state.map].forests)


def forest_clearings(state: RootState, f: int) -> tuple[int, ...]:
    return MAPS[state.map].forests[f]


def forest_neighbours(state: RootState, f: int) -> tuple[int, ...]:
    return MAPS[state.map].forest_adj[f]


def captains_in(state: RootState, loc: int) -> list[str]:
    return sorted(k for k, at in D(state).at.items() if at == loc)


def skunks_at(state: RootState, loc: int) -> int:
    if loc >= FOREST:
        return D(state).skunks.get(loc - FOREST, 0)
    return B.warriors(state, NAME, loc) - len(captains_in(state, loc))


def acting_loc(state: RootState) -> int | None:
    data = D(state)
    return data.at.get(data.acting) if data.acting else None


def acting_clearing(state: RootState) -> int | None:
    loc = acting_loc(state)
    return loc if loc is not None and loc < FOREST else None


def has_acclaim(state: RootState, c: int) -> bool:
    return (NAME, ACCLAIM) in state.tokens[c]


def acclaim_on_map(state: RootState) -> list[int]:
    return [c for c in range(len(state.tokens)) if has_acclaim(state, c)]


def acclaim_left(state: RootState) -> int:
    return BOARD["acclaim"] - len(acclaim_on_map(state))


def prisoners_of(state: RootState, owner: str) -> int:
    return sum(1 for o in D(state).prisoners.values() if o == owner)


def free_forests(state: RootState, c: int) -> list[int]:
    """Forests adjacent to clearing `c` with no Prisoner (LR-18-02-06)."""
    return [f for f in B.forests_of(state, c) if f not in D(state).prisoners]


def face_up_items(state: RootState) -> list[str]:
    return [k for k, up in D(state).stash if up]


def active_captain(state: RootState, key: str) -> bool:
    """Whether `key` is the card in the Acting Captain slot: its effect holds until Retire (LR-18-04)."""
    data = state.mods.get(NAME)
    return data is not None and data.acting == key


def log_at(state: RootState, rules: Rules, key: str, loc: int, **params: Any) -> None:
    """An event naming a clearing (`key`) or a forest (`key`_forest)."""
    if loc >= FOREST:
        state.log(rules, f"{key}_forest", forest=loc - FOREST, **params)
    else:
        state.log(rules, key, clearing=loc, **params)


# ---- the Stash (LR-18-02-02) ----------------------------------------------------------------------------------------

def stash_add(state: RootState, item: str, rules: Rules) -> None:
    data = D(state)
    data.stash = tuple(sorted(data.stash + ((item, True),)))
    state.log(rules + ("LR-18-02-02",), "ev.knaves.stash", item=item)


def flip_item(state: RootState, item: str) -> None:
    """One face-up item of the kind face down (LR-18-05-01-04)."""
    data = D(state)
    stash = list(data.stash)
    stash[stash.index((item, True))] = (item, False)
    data.stash = tuple(sorted(stash))


def takes_item(state: RootState, s: int, item: str) -> None:
    stash_add(state, item, ("LR-04-01-02",))


def gains_item(state: RootState, s: int, item: str, rules: Rules) -> list:
    stash_add(state, item, rules)
    return []


MODULE.takes_item = takes_item
MODULE.gains_item = gains_item
MODULE.item_points = lambda state, s, vp: 0 if D(state).filching else vp   # LR-18-05-01-03
MODULE.crafting_pieces = lambda state, s: []   # it crafts only with Filch and Serve (LR-18-02-08)


# ---- placing acclaim and Skunks -------------------------------------------------------------------------------------

def may_acclaim(state: RootState, c: int) -> bool:
    """LR-18-02-03: one acclaim a clearing, from the 8."""
    return not has_acclaim(state, c) and acclaim_left(state) > 0 and B.may_place(state, NAME, c)


def place_acclaim(state: RootState, me: int, c: int, rules: Rules) -> bool:
    if not may_acclaim(state, c):
        return False
    B.add_token(state, NAME, ACCLAIM, c)
    state.log(rules + ("LR-18-02-03",), "ev.knaves.acclaim", clearing=c)
    if RUIN in state.buildings[c] and active_captain(state, "adventurer"):
        K.draw(state, me, BOARD["ability_draws"], ("LR-AK-07-02",))
    return True


def place_skunks(state: RootState, loc: int, n: int, rules: Rules) -> int:
    """Skunks from the supply into a clearing or a forest (as many as the supply holds)."""
    n = min(n, state.supply[NAME])
    if n <= 0 or (loc < FOREST and not B.may_place(state, NAME, loc)):
        return 0
    if loc >= FOREST:
        data = D(state)
        data.skunks = {**data.skunks, loc - FOREST: data.skunks.get(loc - FOREST, 0) + n}
        state.supply[NAME] -= n
    else:
        B.place_warriors(state, NAME, loc, n)
    log_at(state, rules, "ev.knaves.skunks", loc, n=n)
    return n


# ---- setup (LR-18-03) and its setup card ----------------------------------------------------------------------------

@record
class KnavesSetup(NamedTuple):
    """Stages: captain (the cards, one at a time), forest (each Captain's forest, in the order chosen)."""
    seat: int
    stage: str
    rules: Rules


def _supplies(state: RootState, rules: Rules) -> None:
    state.log(rules + ("LR-18-03-01", "LR-18-03-04", "LR-18-02-03"), "ev.knaves.supplies", n=state.supply[NAME],
              acclaim=BOARD["acclaim"])


@MODULE.step("knaves.setup")
def setup(state: RootState) -> str:
    rules: Rules = ("LR-18-03-01",)
    _supplies(state, rules)
    return T.run_then(state, [KnavesSetup(seat(state), "captain", rules)], RETURN)


@MODULE.step("knaves.setup_advanced")
def setup_advanced(state: RootState) -> str:
    """Its setup card: three of the four Captain cards dealt beside it (LR-AA-08-02-04), then the faction's setup
    (RTA-KN-02)."""
    data = D(state)
    card = state.draft.taken.get(seat(state)) if state.draft is not None else None
    data.dealt = tuple(state.draft.beside.get(card, ())) if card else ()
    if len(data.dealt) < BOARD["captains_chosen"]:  # a Knaves card with nothing beside it: deal now
        data.dealt = tuple(state.shuffle(sorted(CAPTAINS))[:BOARD["captains_dealt"]])
    rules: Rules = ("LR-AA-08-03", "LR-AA-08-02-04", "RTA-KN-02")
    _supplies(state, rules)
    return T.run_then(state, [KnavesSetup(seat(state), "captain", rules)], RETURN)


def captain_choices(state: RootState) -> list[str]:
    data = D(state)
    pool = data.dealt or tuple(CAPTAINS)
    return [k for k in pool if k not in data.captains]


def setup_forests(state: RootState) -> list[int]:
    """LR-18-03-03: a forest with no Captain yet (three different forests)."""
    taken = {loc - FOREST for loc in D(state).at.values()}
    return [f for f in range(forest_count(state)) if f not in taken]


def _setup_options(state: RootState, task: KnavesSetup) -> list[str]:
    if task.stage == "captain":
        return [f"captain:{k}" for k in captain_choices(state)]
    return [f"den:f{f + 1}" for f in setup_forests(state)]


@MODULE.handler(KnavesSetup)
def run_setup(state: RootState, task: KnavesSetup) -> None:
    data = D(state)
    if task.stage == "captain" and len(data.captains) >= BOARD["captains_chosen"]:
        T.replace(state, task._replace(stage="forest"))
        return
    if task.stage == "forest" and len(data.at) >= len(data.captains):
        T.done(state)
        _stock_stash(state, task.rules)
        return
    options = _setup_options(state, task)
    if len(options) == 1:
        _setup_step(state, task, options[0])
    else:
        T.ask(state, task.seat, f"knaves_{task.stage}")


for _kind in ("knaves_captain", "knaves_forest"):
    MODULE.task_decision(_kind, lambda state: _setup_options(state, T.top(state)))(
        lambda state, action_id: _setup_step(state, T.top(state), action_id))


def _setup_step(state: RootState, task: KnavesSetup, action_id: str) -> None:
    data = D(state)
    if task.stage == "captain":
        key = A.arg(action_id)
        data.captains = data.captains + (key,)
        data.up = data.up + (key,)
        state.log(task.rules + ("LR-18-03-02",), "ev.knaves.captain", captain=key)
        return
    key = next(k for k in data.captains if k not in data.at)
    loc = loc_of(A.arg(action_id))
    data.at = {**data.at, key: loc}
    state.log(task.rules + ("LR-18-03-03",), "ev.knaves.captain_placed_forest", captain=key, forest=loc - FOREST)
    place_skunks(state, loc, BOARD["setup_skunks"], task.rules + ("LR-18-03-03",))


def _stock_stash(state: RootState, rules: Rules) -> None:
    """LR-18-03-04: the items on the three Captain cards, face up (they are not the map's item supply)."""
    data = D(state)
    items = [i for k in data.captains for i in CAPTAINS[k]["items"]]
    data.stash = tuple(sorted((i, True) for i in items))
    state.log(rules + ("LR-18-03-04", "LR-18-02-02"), "ev.knaves.stash_set", items=", ".join(sorted(items)))


# ---- Birdsong: Ready (LR-18-04) ----------------------------------------------------------------------------------------

@record
class KnavesReady(NamedTuple):
    seat: int
    stage: str   # card, forest


@MODULE.step("knaves.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [KnavesReady(seat(state), "card")], RETURN)


def _ready_options(state: RootState, task: KnavesReady) -> list[str]:
    if task.stage == "card":
        return [f"ready:{k}" for k in D(state).up]
    return [f"den:f{f + 1}" for f in range(forest_count(state))]


@MODULE.handler(KnavesReady)
def run_ready(state: RootState, task: KnavesReady) -> None:
    options = _ready_options(state, task)
    if not options:  # no face-up card (cannot happen: Take It Easy turns them up)
        T.done(state)
    elif len(options) == 1 and task.stage == "card":
        _ready_step(state, task, options[0])
    else:
        T.ask(state, task.seat, f"knaves_{'ready' if task.stage == 'card' else 'return'}")


for _kind in ("knaves_ready", "knaves_return"):
    MODULE.task_decision(_kind, lambda state: _ready_options(state, T.top(state)))(
        lambda state, action_id: _ready_step(state, T.top(state), action_id))


def _ready_step(state: RootState, task: KnavesReady, action_id: str) -> None:
    data = D(state)
    if task.stage == "card":
        key = A.arg(action_id)
        data.acting = key
        state.log(("LR-18-04",), "ev.knaves.ready", captain=key)
        if key in data.at:
            T.done(state)
        else:
            T.replace(state, task._replace(stage="forest"))
        return
    T.done(state)
    f = loc_of(A.arg(action_id)) - FOREST
    assert data.acting is not None
    data.at = {**data.at, data.acting: FOREST + f}
    state.used["knaves_three"] = 1
    state.log(("LR-18-04", "LR-18-02-05"), "ev.knaves.captain_placed_forest", captain=data.acting, forest=f)
    for g in (f,) + forest_neighbours(state, f):
        free_prisoner(state, g, ("LR-18-04",))


def free_prisoner(state: RootState, f: int, rules: Rules) -> None:
    """A Prisoner removed from its forest, back to its faction's supply."""
    data = D(state)
    owner = data.prisoners.get(f)
    if owner is None:
        return
    data.prisoners = {g: o for g, o in data.prisoners.items() if g != f}
    state.supply[owner] = state.supply.get(owner, 0) + 1
    state.log(rules, "ev.knaves.freed", owner=owner, forest=f)


# ---- Evening (LR-18-06) ------------------------------------------------------------------------------------------------

@record
class KnavesEvening(NamedTuple):
    seat: int
    stage: str           # protect, spend (a card for the clearing `clearing`), easy, tied, draw
    clearing: int = -1


@MODULE.step("knaves.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    mock(state, me)
    return T.run_then(state, [KnavesEvening(me, "protect")], RETURN)


def mock(state: RootState, me: int) -> None:
    """LR-18-06-01: a point per 2 Prisoners and per 2 acclaim on the map."""
    m = BOARD["mock"]
    prisoners, acclaim = len(D(state).prisoners), len(acclaim_on_map(state))
    points = m["points"] * (prisoners // m["prisoners"] + acclaim // m["acclaim"])
    state.log(("LR-18-06-01",), "ev.knaves.mock", prisoners=prisoners, acclaim=acclaim, n=points)
    S.score(state, me, points, ("LR-18-06-01",))


def protect_sites(state: RootState, me: int) -> list[int]:
    """LR-18-06-02: each acclaim once, with a matching card in hand and a Skunk in the supply."""
    if state.supply[NAME] <= 0:
        return []
    return [c for c in acclaim_on_map(state) if not state.used.get(f"knaves_protect:{c}")
            and K.matching(state, me, state.suits[c]) and B.may_place(state, NAME, c)]


def _evening_options(state: RootState, task: KnavesEvening) -> list[str]:
    if task.stage == "protect":
        return [f"protect:{A.clearing_id(c)}" for c in protect_sites(state, task.seat)]
    if task.stage == "spend":
        return [f"spend:{card}" for card in dict.fromkeys(K.matching(state, task.seat, state.suits[task.clearing]))]
    if task.stage == "tied":
        return [A.defender_id(f) for f in most_prisoners(state)]
    return []


@MODULE.handler(KnavesEvening)
def run_evening(state: RootState, task: KnavesEvening) -> None:
    if task.stage == "protect":
        if _evening_options(state, task):
            T.ask(state, task.seat, "knaves_protect")
        else:
            T.replace(state, task._replace(stage="easy"))
    elif task.stage == "spend":
        options = _evening_options(state, task)
        if len(options) == 1:
            _protect(state, task, A.arg(options[0]))
        else:
            T.ask(state, task.seat, "knaves_spend")
    elif task.stage == "easy":
        take_it_easy(state, task)
    elif task.stage == "tied":
        T.ask(state, task.seat, "knaves_tied")
    else:
        T.done(state)
        K.draw(state, task.seat, BOARD["draw"], ("LR-18-06-04",))
        T.push(state, K.hand_limit(task.seat, ("LR-18-06-04",), BOARD["hand_limit"]))


def _evening_legal(state: RootState) -> list[str]:
    task = T.top(state)
    out = _evening_options(state, task)
    return out + TN.phase_options(state, task.seat) + ["done"] if task.stage == "protect" else out


def _apply_evening(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if task.stage == "protect":
        if action_id == "done":
            T.replace(state, task._replace(stage="easy"))
        elif A.head(action_id) == "protect":
            T.replace(state, task._replace(stage="spend", clearing=A.clearing_arg(action_id)))
        else:
            TN.apply_phase_option(state, task.seat, action_id)
    elif task.stage == "spend":
        _protect(state, task, A.arg(action_id))
    else:
        T.replace(state, task._replace(stage="draw"))
        release(state, A.arg(action_id))


for _kind in ("knaves_protect", "knaves_spend", "knaves_tied"):
    MODULE.task_decision(_kind, _evening_legal)(_apply_evening)


def _protect(state: RootState, task: KnavesEvening, card: str) -> None:
    c = task.clearing
    T.replace(state, task._replace(stage="protect", clearing=-1))
    state.used[f"knaves_protect:{c}"] = 1
    K.discard(state, task.seat, card, ("LR-18-06-02",))
    place_skunks(state, c, BOARD["protect_skunks"], ("LR-18-06-02",))


def most_prisoners(state: RootState) -> list[str]:
    counts: dict[str, int] = {}
    for owner in D(state).prisoners.values():
        counts[owner] = counts.get(owner, 0) + 1
    if not counts:
        return []
    top = max(counts.values())
    return sorted(f for f, n in counts.items() if n == top)


def take_it_easy(state: RootState, task: KnavesEvening) -> None:
    """LR-18-06-03: once every Captain card is face down, all of them and the Stash face up; the enemy with the
    most Prisoners may free its own into a clearing (the Knaves break a tie)."""
    data = D(state)
    if data.up:
        T.replace(state, task._replace(stage="draw"))
        return
    data.up = data.captains
    data.stash = tuple(sorted((k, True) for k, _ in data.stash))
    state.log(("LR-18-06-03",), "ev.knaves.easy")
    top = most_prisoners(state)
    if len(top) > 1:
        T.replace(state, task._replace(stage="tied"))
        return
    T.replace(state, task._replace(stage="draw"))
    if top:
        release(state, top[0])


def release(state: RootState, owner: str) -> None:
    s = state.seat_of(owner)
    if s is not None and release_sites(state, owner):
        T.push(state, KnavesRelease(s, owner))


@record
class KnavesRelease(NamedTuple):
    """Take It Easy: the enemy with the most Prisoners may choose a clearing (its decision, LR-18-06-03)."""
    seat: int
    owner: str


def release_sites(state: RootState, owner: str) -> list[int]:
    """Clearings next to a forest holding one of `owner`'s Prisoners, where `owner` may place pieces."""
    held = {f for f, o in D(state).prisoners.items() if o == owner}
    return [c for c in range(len(state.suits)) if held & set(B.forests_of(state, c)) and B.may_place(state, owner, c)]


@MODULE.handler(KnavesRelease)
def run_release(state: RootState, task: KnavesRelease) -> None:
    T.ask_or_done(state, task.seat, "knaves_release", release_sites(state, task.owner))


@MODULE.task_decision("knaves_release", lambda state: [f"release:{A.clearing_id(c)}" for c in release_sites(
    state, T.top(state).owner)] + ["skip"])
def apply_release(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "skip":
        return
    c = A.clearing_arg(action_id)
    data = D(state)
    freed = [f for f in B.forests_of(state, c) if data.prisoners.get(f) == task.owner]
    data.prisoners = {f: o for f, o in data.prisoners.items() if f not in freed}
    state.warriors[task.owner][c] += len(freed)
    state.log(("LR-18-06-03",), "ev.knaves.released", owner=task.owner, clearing=c, n=len(freed))


# ---- the Knaves' pieces removed: Follow Me (LR-18-02-05) and Run Away (LR-18-02-07) -------------------------------------

def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    if owner != NAME:
        return []
    if any(k == "warrior" for k, _ in pieces):
        drop_captains(state, c)
    me = seat(state)
    if any(k == ACCLAIM for k, _ in pieces) and by_seat is not None and by_seat != me and state.supply[NAME] > 0 \
            and B.forests_of(state, c):
        return [KnavesRunAway(by_seat, c)]
    return []


def drop_captains(state: RootState, c: int) -> None:
    """The Captains of `c` beyond the warriors left there leave the map: Skunks went first (LR-18-02-05); those
    the hits chose (`doomed`) before the others. Captains are not Skunks: the supply keeps only Skunks."""
    data = D(state)
    here = captains_in(state, c)
    excess = len(here) - B.warriors(state, NAME, c)
    if excess <= 0:
        return
    order = [k for k in data.doomed if k in here] + [k for k in here if k not in data.doomed]
    for key in order[:excess]:
        data.at = {k: loc for k, loc in data.at.items() if k != key}
        state.supply[NAME] -= 1
        state.log(("LR-18-02-05",), "ev.knaves.captain_removed", captain=key, clearing=c)
    data.doomed = ()


MODULE.answer("removed", on_removed)


def on_moved(state: RootState, by_seat: int, owner: str, origin: int, dest: int, n: int) -> list:
    """Knave warriors moved by another effect (False Orders): Captains go along only once no Skunk is left behind
    (Skunks first, as for removals: RTA-KN-05)."""
    if owner != NAME or origin >= len(state.suits) or dest >= len(state.suits):
        return []
    data = D(state)
    here = captains_in(state, origin)
    excess = len(here) - B.warriors(state, NAME, origin)
    for key in ([k for k in here if k != data.acting] + [k for k in here if k == data.acting])[:max(0, excess)]:
        data.at = {**data.at, key: dest}
        state.log(("LR-18-02-05", "RTA-KN-05"), "ev.knaves.moved_along", captain=key, clearing=dest)
    return []


MODULE.answer("moved", on_moved)


@record
class KnavesRunAway(NamedTuple):
    """Run Away: the enemy that removed acclaim chooses the forest of the Skunk (its decision, LR-18-02-07)."""
    seat: int
    clearing: int


def _run_away_options(state: RootState) -> list[str]:
    return [f"den:f{f + 1}" for f in B.forests_of(state, T.top(state).clearing)]


@MODULE.handler(KnavesRunAway)
def run_run_away(state: RootState, task: KnavesRunAway) -> None:
    if state.supply[NAME] <= 0:
        T.done(state)
        return
    T.ask(state, task.seat, "knaves_run_away")


@MODULE.task_decision("knaves_run_away", _run_away_options)
def apply_run_away(state: RootState, action_id: str) -> None:
    T.done(state)
    place_skunks(state, loc_of(A.arg(action_id)), BOARD["run_away_skunks"], ("LR-18-02-07",))


# ---- what everyone sees, bots, action ids --------------------------------------------------------------------------

def where(loc: int | None) -> str | None:
    return None if loc is None else loc_text(loc)


def view(state: RootState, full: dict) -> None:
    """All public (LR-18-02-02: the Stash lies face up; Captain cards face up or down in sight)."""
    data = state.mods.get(NAME)
    if data is None or state.seat_of(NAME) is None or not state.suits:
        return
    full[NAME] = {
        "captains": [{"key": k, "up": k in data.up, "at": where(data.at.get(k)), "acting": k == data.acting}
                     for k in data.captains],
        "dealt": list(data.dealt),
        "stash": [[k, up] for k, up in data.stash],
        "acclaim": [A.clearing_id(c) for c in acclaim_on_map(state)], "acclaim_left": acclaim_left(state),
        "forest_skunks": {f"f{f + 1}": n for f, n in sorted(data.skunks.items()) if n},
        "prisoners": {f"f{f + 1}": o for f, o in sorted(data.prisoners.items())},
        "skunks_supply": state.supply.get(NAME, 0),
    }


MODULE.view = view

ACCLAIM_VALUE = 0.5     # acclaim on the map: half a point each Evening (tuning, not rules)
PRISONER_VALUE = 0.5    # a Prisoner: half a point each Evening
ITEM_VALUE = 0.3        # a face-up item: an action to come
CAPTAIN_VALUE = 0.4     # a Captain on the map: four actions rather than three


def potential(state: RootState, s: int) -> float:
    if state.faction[s] != NAME:
        return 0.0
    data = D(state)
    return (ACCLAIM_VALUE * len(acclaim_on_map(state)) + PRISONER_VALUE * len(data.prisoners)
            + ITEM_VALUE * len(face_up_items(state)) + CAPTAIN_VALUE * len(data.at))


MODULE.potential = potential

FORMS: dict[str, tuple[str, ...]] = {"captain": ("word",), "ready": ("word",), "protect": ("clearing",),
                                     "release": ("clearing",), "spend": ("card",), "act": ("word",),
                                     "ranger": ("word",), "vagrant": ("word",), "cheat": ("word",),
                                     "stash": ("item",), "filch_from": ("seat", "item"), "skunks": ("number",)}
LOCATION_HEADS = ("den", "sneak")


def describe(state: RootState, action_id: str, lang: str) -> str | None:
    """Ids naming a clearing or a forest (`sneak:3`, `den:f2`), and the Captains by name."""
    from .. import RULESET
    from ..view import name_of
    head, arg = A.head(action_id), A.arg(action_id)
    cat = RULESET.catalogue
    if head in LOCATION_HEADS:
        loc = loc_of(arg)
        place = name_of("forest", loc - FOREST, lang, cat) if arg.startswith("f") else name_of(
            "clearing", loc, lang, cat, state)
        kind = state.pending[1] if state.pending else ""
        key = f"act.{kind}.{head}" if cat.has(f"act.{kind}.{head}") else f"act.{head}"
        return cat.text(key, lang, p0=place)
    if head in ("captain", "ready"):
        kind = state.pending[1] if state.pending else ""
        key = f"act.{kind}.{head}" if cat.has(f"act.{kind}.{head}") else f"act.{head}"
        return cat.text(key, lang, p0=CAPTAINS[arg]["names"].get(lang) or arg)
    return None


def actions(players: int, options: dict) -> list[Segment]:
    clearings = [A.clearing_id(c) for c in range(12)]
    forests = [f"f{f + 1}" for f in range(max(len(m.forests) for m in MAPS.values()))]
    ids = ["move", "battle", "filch"] + [f"{h}:{k}" for h in ("captain", "ready") for k in CAPTAINS]
    ids += [f"den:{f}" for f in forests] + [f"sneak:{loc}" for loc in clearings + forests]
    ids += [f"{h}:{c}" for h in ("protect", "release") for c in clearings]  # spend: is the base's
    ids += [f"{h}:{a}" for h in ("act", "ranger", "vagrant", "cheat") for a in ACTIONS]
    ids += [f"stash:{i}" for i in ITEMS] + [f"filch_from:{s}:{i}" for s in range(players) for i in ITEMS]
    ids += [f"skunks:{n}" for n in range(BOARD["skunks"] + 1)]
    ids += ["effect:arbiter", "effect:jailor"]
    return [Vocabulary(ids + A.remove_ids((ACCLAIM,)))]


MODULE.actions = actions
MODULE.forms = FORMS
MODULE.describe = describe

from . import knaves_acts  # noqa: E402,F401  (the Daylight: its steps, tasks and hooks)
from . import knaves_board  # noqa: E402

MODULE.lines = knaves_board.lines
MODULE.picture = knaves_board.picture
