"""Highway Bandits (promoted) / Bandit Gangs (demoted): a hireling of no faction (data/hirelings.yaml).

Highway Bandits: its 4 Bandit warriors stand on paths (`state.on_paths`, board.py), never on a river nor on a
closed path (LR-AH-03-05, LR-AM-04-02); 2 are set up, each on a different path. Abilities: a player or
hireling moving between two clearings linked by a path with a bandit, as an enemy of the Bandits, removes one
of the warriors it moved (a pawn with a way of its own to take a hit, the Vagabond, takes one: he damages an
item; other pawns cannot be removed); its controller moving so may place one of its faction warriors in the
destination (RTA-HA-05). Once per Daylight: a bandit onto a path without one that touches a clearing with the
controller's faction pieces, taking one off a path first if none is left in the supply.
Bandit Gangs: Bandit warriors in clearings. When hired with none on the map: one in a clearing with the
controller's faction pieces. Ability: they cannot be battled in a clearing with their controller's faction
pieces. Once per Daylight, one of two: a warrior of the controller's faction at each Bandit warrior (the
controller choosing where when its supply runs short), or a Bandit warrior into a clearing with its faction
pieces (RTA-HA-06).

State: `mods["highway_bandits"]`: the side; the bandits are `on_paths` (promoted) or `warriors` (demoted).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import board as B
from ..content import MAPS
from ..program import Hireling, of
from ..records import RemovePieces, TakeHits
from ..state import RootState
from . import hirelings as HL

NAME = "highway_bandits"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
Path = tuple[int, int]
BANDIT = "warrior"      # Law C: Bandit warriors
SET_UP = 2              # the card: 2 bandits, each on a different path
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HA-05")
TOLL: Rules = ("LR-AH-02-02", "RT-HR-26", "RT-HR-27", "RTA-HA-05")
GANGS: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HA-06")


def controller_faction(state: RootState) -> str | None:
    seat = MODULE.controller(state)
    return None if seat is None else state.faction[seat]


def held(state: RootState) -> list[Path]:
    """The paths with a bandit."""
    return [p for p, pieces in state.on_paths.items() if (NAME, BANDIT) in pieces]


def free_paths(state: RootState) -> list[Path]:
    """Open paths without a bandit (a river is no path, LR-AH-03-05; a closed path holds nothing, LR-AM-04-02)."""
    taken = set(held(state))
    return [p for p in B.open_paths(state) if p not in taken]


def path_id(head: str, p: Path) -> str:
    return f"{head}:{A.clearing_id(p[0])}:{A.clearing_id(p[1])}"


def path_arg(action_id: str) -> Path:
    a, b = A.args(action_id)[:2]
    return B.path_key(A.clearing_of(a), A.clearing_of(b))


# ---- placing bandits on paths: setup, Daylight ---------------------------------------------------------------------

@record
class BanditPlace(NamedTuple):
    """Bandits onto paths, `left` of them: at setup any free paths, in Daylight one touching a clearing with the
    controller's faction pieces (`daylight`), a bandit taken off a path first if the supply has none."""
    seat: int
    left: int
    daylight: bool


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [BanditPlace(seat, SET_UP, False)]


MODULE.setup = setup


def place_sites(state: RootState, task: BanditPlace) -> list[Path]:
    if not task.daylight:
        return free_paths(state)
    f = state.faction[task.seat]
    return [p for p in free_paths(state) if B.has_pieces(state, f, p[0]) or B.has_pieces(state, f, p[1])]


@MODULE.handler(BanditPlace)
def run_place(state: RootState, task: BanditPlace) -> None:
    if task.left <= 0 or not place_sites(state, task):
        T.done(state)
    elif not state.supply[NAME]:
        T.ask_or_done(state, task.seat, "bandits_take", task.daylight and held(state))
    else:
        T.ask(state, task.seat, "bandits_place")


@MODULE.task_decision("bandits_place", lambda state: [path_id("bandit_on", p) for p in place_sites(
    state, T.top(state))])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(left=task.left - 1))
    a, b = path_arg(action_id)
    B.place_on_path(state, NAME, BANDIT, a, b)
    rules = DAYLIGHT if task.daylight else ("RT-AS-17", "RT-HR-01", "LR-AH-03-05", "LR-AM-04-02")
    state.log(rules, "ev.bandits.placed", seat=task.seat, path=f"{a + 1}-{b + 1}")


@MODULE.task_decision("bandits_take", lambda state: [path_id("bandit_off", p) for p in held(state)])
def apply_take(state: RootState, action_id: str) -> None:
    task = T.top(state)
    a, b = path_arg(action_id)
    B.take_from_path(state, NAME, BANDIT, a, b)
    state.log(DAYLIGHT, "ev.bandits.taken", seat=task.seat, path=f"{a + 1}-{b + 1}")


# ---- abilities: the toll on enemies, the controller's recruit --------------------------------------------------------

@record
class BanditToll(NamedTuple):
    """`owner` moved `warriors` along a path with a bandit into `clearing`: it loses one moving piece."""
    owner: str
    clearing: int
    warriors: int


@record
class BanditRecruit(NamedTuple):
    """The controller moved along a path with a bandit: a warrior of its faction into `clearing`, if it wishes."""
    seat: int
    clearing: int


def moved(state: RootState, seat: int, owner: str, origin: int, dest: int, warriors: int) -> list:
    if MODULE.demoted(state) or (NAME, BANDIT) not in B.on_path(state, origin, dest):
        return []
    if B.are_enemies(state, NAME, owner):  # a pawn without a way to take a hit cannot be removed: no toll
        return [BanditToll(owner, dest, warriors)] if warriors or of(owner).takes_hits is not None else []
    controller = MODULE.controller(state)
    if controller is not None and owner == state.faction[controller] and recruit_possible(state, controller, dest):
        return [BanditRecruit(controller, dest)]
    return []


MODULE.answer("moved", moved)


@MODULE.handler(BanditToll)
def run_toll(state: RootState, task: BanditToll) -> None:
    """The mover removes a warrior it moved (its own removal: nobody scores); a pawn takes a hit its own way."""
    T.done(state)
    by, via = B.side(state, task.owner), task.owner if task.owner in state.hired else ""
    state.log(TOLL, "ev.bandits.toll", owner=task.owner, clearing=task.clearing)
    if task.warriors and B.warriors(state, task.owner, task.clearing):
        T.push(state, RemovePieces(by, task.owner, task.clearing, (("warrior", 1),), False, TOLL, via))
    elif not task.warriors and of(task.owner).takes_hits is not None:
        T.push(state, TakeHits(task.owner, by, task.clearing, 1, False, (), TOLL, via))


def recruit_possible(state: RootState, seat: int, c: int) -> bool:
    f = state.faction[seat]
    return state.supply.get(f, 0) > 0 and B.may_place(state, f, c)


@MODULE.handler(BanditRecruit)
def run_recruit(state: RootState, task: BanditRecruit) -> None:
    T.ask_or_done(state, task.seat, "bandits_recruit", recruit_possible(state, task.seat, task.clearing))


@MODULE.task_decision("bandits_recruit", lambda state: ["bandit_recruit", "pass"])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "bandit_recruit":
        B.place_warriors(state, state.faction[task.seat], task.clearing, 1)
        state.log(TOLL, "ev.bandits.recruit", seat=task.seat, clearing=task.clearing)


# ---- Once per Daylight -----------------------------------------------------------------------------------------------

def daylight(state: RootState, seat: int) -> list[str]:
    if not HL.once(state, NAME):
        return []
    if not MODULE.demoted(state):
        task = BanditPlace(seat, 1, True)
        possible = place_sites(state, task) and (state.supply[NAME] or held(state))
        return [f"hireling:{NAME}:place"] if possible else []
    recruit = gang_recruits(state, seat) and state.supply.get(state.faction[seat], 0)
    out = [f"hireling:{NAME}:recruit"] if recruit else []
    return out + ([f"hireling:{NAME}:gang"] if gang_sites(state, seat) else [])


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    action = A.args(action_id)[1]
    if action == "place":
        T.push(state, BanditPlace(seat, 1, True))
    elif action == "gang":
        T.push(state, GangPlace(seat, GANGS))
    else:
        T.push(state, GangRecruit(seat, tuple(gang_recruits(state, seat))))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


# ---- Bandit Gangs (demoted) ------------------------------------------------------------------------------------------

def blocks_battle(state: RootState, seat: int | None, attacker: str, defender: str, c: int) -> bool:
    f = controller_faction(state)
    return defender == NAME and MODULE.demoted(state) and f is not None and B.has_pieces(state, f, c)


MODULE.answer("blocks_battle", blocks_battle)


@record
class GangPlace(NamedTuple):
    """A Bandit warrior into a clearing with the controller's faction pieces (When-Hired, Daylight)."""
    seat: int
    rules: Rules


def gang_sites(state: RootState, seat: int) -> list[int]:
    if not state.supply[NAME]:
        return []
    f = state.faction[seat]
    return [c for c in range(len(state.suits)) if B.has_pieces(state, f, c) and B.may_place(state, NAME, c)]


def when_hired(state: RootState, seat: int) -> list:
    if not MODULE.demoted(state) or any(state.warriors[NAME]):
        return []
    return [GangPlace(seat, ("LR-AH-02-01", "RT-HR-28", "RTA-HA-06"))]


MODULE.when_hired = when_hired


@MODULE.handler(GangPlace)
def run_gang(state: RootState, task: GangPlace) -> None:
    sites = gang_sites(state, task.seat)
    if len(sites) == 1:
        T.done(state)
        gang(state, task, sites[0])
    else:
        T.ask_or_done(state, task.seat, "bandits_gang", sites)


@MODULE.task_decision("bandits_gang", lambda state: [f"gang_at:{A.clearing_id(c)}" for c in gang_sites(
    state, T.top(state).seat)])
def apply_gang(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    gang(state, task, A.clearing_arg(action_id))


def gang(state: RootState, task: GangPlace, c: int) -> None:
    B.place_warriors(state, NAME, c, 1)
    state.log(task.rules, "ev.bandits.gang", seat=task.seat, clearing=c)


def gang_recruits(state: RootState, seat: int) -> list[int]:
    """A clearing per Bandit warrior where the controller's faction may place."""
    f = state.faction[seat]
    return [c for c, n in enumerate(state.warriors[NAME]) for _ in range(n) if B.may_place(state, f, c)]


@record
class GangRecruit(NamedTuple):
    """A warrior of the controller's faction at each Bandit warrior (`left`: a clearing per warrior still due)."""
    seat: int
    left: tuple[int, ...]


@MODULE.handler(GangRecruit)
def run_gang_recruit(state: RootState, task: GangRecruit) -> None:
    supply = state.supply.get(state.faction[task.seat], 0)
    if not task.left or not supply:
        T.done(state)
    elif supply >= len(task.left):
        T.done(state)
        for c in task.left:
            recruit_at(state, task.seat, c)
    else:
        T.ask(state, task.seat, "bandits_recruit_at")


@MODULE.task_decision("bandits_recruit_at", lambda state: [f"gang_recruit:{A.clearing_id(c)}" for c in dict.fromkeys(
    T.top(state).left)])
def apply_gang_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    left = list(task.left)
    left.remove(c)
    T.replace(state, task._replace(left=tuple(left)))
    recruit_at(state, task.seat, c)


def recruit_at(state: RootState, seat: int, c: int) -> None:
    B.place_warriors(state, state.faction[seat], c, 1)
    state.log(GANGS, "ev.bandits.gang_recruit", seat=seat, clearing=c)


# ---- view, action ids ------------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    paths = MAPS[options.get("map", "autumn")].paths
    ids = [f"hireling:{NAME}:{a}" for a in ("place", "recruit", "gang")] + ["bandit_recruit", "pass"]
    ids += [path_id(h, p) for h in ("bandit_on", "bandit_off") for p in paths]
    ids += [f"{h}:{A.clearing_id(c)}" for h in ("gang_at", "gang_recruit") for c in range(12)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"bandit_on": ("clearing", "clearing"), "bandit_off": ("clearing", "clearing"),
                "gang_at": ("clearing",), "gang_recruit": ("clearing",)}
