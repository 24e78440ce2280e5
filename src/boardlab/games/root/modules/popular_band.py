"""Popular Band (promoted) / Street Band (demoted): a hireling of no faction (data/hirelings.yaml).

Both sides (an ability, RTA-HB-06): an enemy of the Band that moved into a clearing this turn cannot move out of
it while a Band warrior is there (extension points `moved`, which notes every move in this turn, and
`blocks_move`). Popular Band: set up with 2 Band warriors in two different clearings; when hired with none on the
map, one in a clearing with the controller's faction pieces. Once per Daylight: choose a clearing with a Band
warrior and pull into it, if the controller wishes, faction warriors from the clearings next to it (each
faction's from each clearing, as many as it chooses, ignoring rule); then a Band warrior may go in any clearing
(RTA-HB-07). Street Band: once per Daylight, a Band warrior in any clearing.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from .. import move as MV
from ..program import Hireling, extensions
from ..state import RootState
from . import hireling_kit as KIT
from . import hirelings as HL

NAME = "popular_band"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
SETUP_WARRIORS = 2
SETUP: Rules = ("RT-AS-17", "RT-HR-01", "RTA-HB-07")
HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HB-07")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HB-07")
ABILITY: Rules = ("LR-AH-02-02", "RT-HR-26", "RTA-HB-06")
MOVED_IN = "band_in"  # state.used keys (cleared each turn): `band_in:OWNER:CLEARING`


def stages(state: RootState) -> list[int]:
    return [c for c, n in enumerate(state.warriors[NAME]) if n]


# ---- the ability: no moving on out of the Band's clearing ------------------------------------------------------

def moved(state: RootState, seat: int, owner: str, origin: int, dest: int, warriors: int) -> list:
    state.used[f"{MOVED_IN}:{owner}:{dest}"] = 1
    return []


def blocks_move(state: RootState, owner: str, origin: int, dest: int) -> bool:
    """From a clearing (a pawn in a forest is never held), for an enemy of the Band."""
    return bool(origin < len(state.suits) and state.warriors[NAME][origin] and state.used.get(f"{MOVED_IN}:{owner}:{origin}")
                and B.are_enemies(state, NAME, owner))


MODULE.answer("moved", moved)
MODULE.answer("blocks_move", blocks_move)


# ---- placing Band warriors ------------------------------------------------------------------------------------------

@record
class BandPlace(NamedTuple):
    """Place `n` Band warriors one at a time, each in a clearing of `where` ("any": anywhere, "faction": with
    the seat's faction pieces) not used yet (`used`)."""
    seat: int
    n: int
    where: str
    rules: Rules
    used: tuple[int, ...] = ()


def place_sites(state: RootState, task: BandPlace) -> list[int]:
    if not state.supply[NAME]:
        return []
    sites = KIT.faction_sites(state, task.seat, NAME) if task.where == "faction" else KIT.placeable(state, NAME)
    return [c for c in sites if c not in task.used]


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [BandPlace(seat, SETUP_WARRIORS, "any", SETUP)]


def when_hired(state: RootState, seat: int) -> list:
    if MODULE.demoted(state) or any(state.warriors[NAME]):
        return []
    return [BandPlace(seat, 1, "faction", HIRED)]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(BandPlace)
def run_place(state: RootState, task: BandPlace) -> None:
    sites = place_sites(state, task)
    if task.n <= 0 or not sites:
        T.done(state)
    elif len(sites) == 1:
        place(state, task, sites[0])
    else:
        T.ask(state, task.seat, "band_place")


@MODULE.task_decision("band_place", lambda state: [f"band_at:{A.clearing_id(c)}" for c in place_sites(
    state, T.top(state))])
def apply_place(state: RootState, action_id: str) -> None:
    place(state, T.top(state), A.clearing_arg(action_id))


def place(state: RootState, task: BandPlace, c: int) -> None:
    T.replace(state, task._replace(n=task.n - 1, used=task.used + (c,)))
    B.place_warriors(state, NAME, c, 1)
    state.log(task.rules, "ev.band.placed", clearing=c)


# ---- Once per Daylight ---------------------------------------------------------------------------------------------

@record
class BandDay(NamedTuple):
    """The Popular Band's action: "stage" (choose the clearing), "pull" (`pulled`: the (clearing, faction)
    pairs pulled so far; `source`: the one chosen, its count asked next), "place" (a Band warrior anywhere, or
    none)."""
    seat: int
    stage: str
    clearing: int = -1
    pulled: tuple[tuple[int, str], ...] = ()
    source: tuple[int, str] | None = None


def daylight(state: RootState, seat: int) -> list[str]:
    if not HL.once(state, NAME):
        return []
    if MODULE.demoted(state):
        free = BandPlace(seat, 1, "any", DAYLIGHT)
        return [f"hireling:{NAME}:place"] if place_sites(state, free) else []
    return [f"hireling:{NAME}:act"] if stages(state) or state.supply[NAME] else []


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    if A.args(action_id)[1] == "place":  # Street Band
        T.push(state, BandPlace(seat, 1, "any", DAYLIGHT))
        return
    state.log(DAYLIGHT, "ev.band.act", seat=seat)
    T.push(state, BandDay(seat, "stage"))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


def pulls(state: RootState, task: BandDay) -> list[tuple[int, str]]:
    """Faction warriors next to the Band's clearing that may be pulled in (paths, not rule; what forbids
    entering it, as the torch, still does)."""
    c = task.clearing
    out = []
    for d in B.neighbours(state, c):
        for f in state.faction:
            if f and B.warriors(state, f, d) and (d, f) not in task.pulled and not B.leaving_blocked(state, f, d) and not any(
                    fn(state, f, d, c) for fn in extensions(state, "blocks_move")):
                out.append((d, f))
    return out


@MODULE.handler(BandDay)
def run_day(state: RootState, task: BandDay) -> None:
    if task.stage == "stage":
        sites = stages(state)
        if len(sites) > 1:
            T.ask(state, task.seat, "band_stage")
        else:
            T.replace(state, task._replace(stage="pull" if sites else "place", clearing=sites[0] if sites else -1))
    elif task.stage == "pull" and task.source is not None:
        d, f = task.source
        if B.warriors(state, f, d) > 1:
            T.ask(state, task.seat, "band_count")
        else:
            pull(state, task, B.warriors(state, f, d))
    elif task.stage == "pull":
        if pulls(state, task):
            T.ask(state, task.seat, "band_pull")
        else:
            T.replace(state, task._replace(stage="place"))
    else:
        T.done(state)
        T.push(state, BandMay(task.seat))


@MODULE.task_decision("band_stage", lambda state: [f"band_stage:{A.clearing_id(c)}" for c in stages(state)])
def apply_stage(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(stage="pull", clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("band_pull", lambda state: [f"band_pull:{A.clearing_id(d)}:{f}" for d, f in pulls(
    state, T.top(state))] + ["done"])
def apply_pull(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="place"))
        return
    where, f = A.args(action_id)
    T.replace(state, task._replace(source=(A.clearing_of(where), f)))


@MODULE.task_decision("band_count", lambda state: [A.warriors_id(n) for n in range(1, B.warriors(
    state, T.top(state).source[1], T.top(state).source[0]) + 1)])
def apply_count(state: RootState, action_id: str) -> None:
    pull(state, T.top(state), int(A.arg(action_id)))


def pull(state: RootState, task: BandDay, n: int) -> None:
    assert task.source is not None
    d, f = task.source
    T.replace(state, task._replace(source=None, pulled=task.pulled + (task.source,)))
    state.log(DAYLIGHT, "ev.band.pull", faction=f, origin=d, clearing=task.clearing, n=n)
    T.push(state, *MV.relocate(state, task.seat, f, d, task.clearing, n, DAYLIGHT))


@record
class BandMay(NamedTuple):
    """The Popular Band's second step: a Band warrior in any clearing, if the controller wishes."""
    seat: int


@MODULE.handler(BandMay)
def run_may(state: RootState, task: BandMay) -> None:
    T.ask_or_done(state, task.seat, "band_may", place_sites(state, BandPlace(task.seat, 1, "any", DAYLIGHT)))


@MODULE.task_decision("band_may", lambda state: [f"band_at:{A.clearing_id(c)}" for c in place_sites(
    state, BandPlace(T.top(state).seat, 1, "any", DAYLIGHT))] + ["skip"])
def apply_may(state: RootState, action_id: str) -> None:
    T.done(state)
    if action_id != "skip":
        c = A.clearing_arg(action_id)
        B.place_warriors(state, NAME, c, 1)
        state.log(DAYLIGHT, "ev.band.placed", clearing=c)


# ---- action ids ------------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    factions = A.factions_of(options)
    ids = [f"hireling:{NAME}:{a}" for a in ("act", "place")]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("band_at", "band_stage") for c in range(12)]
    ids += [f"band_pull:{A.clearing_id(c)}:{f}" for c in range(12) for f in factions]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"band_at": ("clearing",), "band_stage": ("clearing",), "band_pull": ("clearing", "faction")}
