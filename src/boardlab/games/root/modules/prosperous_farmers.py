"""Prosperous Farmers (promoted) / Struggling Farmers (demoted): a hireling of no faction (data/hirelings.yaml).

Both sides (an ability): nobody scores for removing farms (extension point `unscored_removal`); farms are hireling
buildings otherwise (modules/hireling_kit.py, RTA-HB-01). Prosperous Farmers: set up with a farm and a Farmer
warrior in each of two clearings; when hired with no farm on the map, a Farmer and a farm in a clearing with the
controller's faction pieces. Once per Daylight: if the controller rules a clearing with a farm, it draws a card and
a farm goes in the clearing with the fewest warriors that has an open slot (the controller breaking ties); then
either a battle of the Farmers at a farm or a Farmer at each farm (RTA-HB-08). Struggling Farmers: when hired,
farms and Farmers leave every clearing the previous controller does not rule; once per Daylight the controller may
place a farm and a Farmer in a clearing it rules, drawing a card if it placed both (RTA-HB-09).

State: `mods["prosperous_farmers"]`: the side, and the seat that last took control (`holder`).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from ..program import Hireling, HirelingCard
from ..records import RemovePieces
from ..state import RootState
from . import hireling_kit as KIT
from . import hirelings as HL

NAME = "prosperous_farmers"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
FARM = "farm"
SETUP_FARMS = 2
SETUP: Rules = ("RT-AS-17", "RT-HR-01", "RTA-HB-01", "RTA-HB-08")
HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HB-01", "RTA-HB-08")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HB-08")
STRUGGLING_HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HB-09")
STRUGGLING_DAY: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HB-09")


@register
class FarmersCard(HirelingCard):
    __slots__ = ("holder",)

    def __init__(self) -> None:
        super().__init__()
        self.holder: int | None = None   # the seat that last took control (its "former controller" next time)


MODULE.data = lambda state: FarmersCard()


def farms(state: RootState) -> list[int]:
    return KIT.holding(state, NAME, FARM)


def place_pair(state: RootState, c: int, rules: Rules) -> tuple[int, bool]:
    """A Farmer and a farm in `c`, each if it can go there: (warriors placed, farm placed)."""
    n = B.place_warriors(state, NAME, c, 1)
    built = KIT.build(state, NAME, FARM, c)
    state.log(rules, "ev.farmers.placed", clearing=c, n=n, farms=int(built))
    return n, built


# ---- the ability: no points for farms ------------------------------------------------------------------------------

def unscored_removal(state: RootState, owner: str, pieces: tuple) -> list[tuple[str, int]]:
    n = sum(k for kind, k in pieces if kind == FARM) if owner == NAME else 0
    if not n:
        return []
    state.log(("LR-AH-02-02", "RT-HR-26", "RTA-HB-08"), "ev.farmers.unscored", n=n)
    return [(FARM, n)]


MODULE.answer("unscored_removal", unscored_removal)


# ---- setup and When-Hired ------------------------------------------------------------------------------------------

@record
class FarmPlace(NamedTuple):
    """A Farmer and a farm in a clearing, `n` times in different clearings (`used`), among `where` ("any", or
    "faction": with the seat's faction pieces)."""
    seat: int
    n: int
    where: str
    rules: Rules
    used: tuple[int, ...] = ()


def pair_sites(state: RootState, task: FarmPlace) -> list[int]:
    among = KIT.faction_sites(state, task.seat, NAME) if task.where == "faction" else KIT.placeable(state, NAME)
    sites = KIT.building_sites(state, NAME, FARM, [c for c in among if c not in task.used])
    return sites if state.supply[NAME] or any(KIT.can_build(state, NAME, FARM, c) for c in sites) else []


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [FarmPlace(seat, SETUP_FARMS, "any", SETUP)]


def when_hired(state: RootState, seat: int) -> list:
    card: FarmersCard = state.mods[NAME]
    former, card.holder = card.holder, seat
    if MODULE.demoted(state):
        return struggle(state, seat, former)
    return [] if farms(state) else [FarmPlace(seat, 1, "faction", HIRED)]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(FarmPlace)
def run_place(state: RootState, task: FarmPlace) -> None:
    sites = pair_sites(state, task)
    if task.n <= 0 or not sites:
        T.done(state)
    elif len(sites) == 1:
        place(state, task, sites[0])
    else:
        T.ask(state, task.seat, "farmers_place")


@MODULE.task_decision("farmers_place", lambda state: [f"farm_at:{A.clearing_id(c)}" for c in pair_sites(
    state, T.top(state))])
def apply_place(state: RootState, action_id: str) -> None:
    place(state, T.top(state), A.clearing_arg(action_id))


def place(state: RootState, task: FarmPlace, c: int) -> None:
    T.replace(state, task._replace(n=task.n - 1, used=task.used + (c,)))
    place_pair(state, c, task.rules)


# ---- Prosperous Farmers: once per Daylight -----------------------------------------------------------------------------

@record
class FarmDay(NamedTuple):
    """Stages: "fewest" (after the card drawn: a farm in the clearing with the fewest warriors and a slot),
    "choice", "recruit" (`left`: a farm clearing per Farmer due)."""
    seat: int
    stage: str
    left: tuple[int, ...] = ()


def rules_a_farm(state: RootState, seat: int) -> bool:
    return any(B.rules(state, state.faction[seat], c) for c in farms(state))


def fewest_sites(state: RootState) -> list[int]:
    """The clearings with an open slot (where a farm can go) holding the fewest warriors, anyone's."""
    open_ = [c for c in KIT.clearings(state) if KIT.can_build(state, NAME, FARM, c)]
    count = {c: sum(w[c] for w in state.warriors.values()) for c in open_}
    least = min(count.values(), default=0)
    return [c for c in open_ if count[c] == least]


def second_step(state: RootState) -> list[str]:
    out = ["farmers:battle"] if BT.battle_sites(state, NAME, tuple(farms(state))) else []
    return out + (["farmers:recruit"] if farms(state) and state.supply[NAME] else [])


def daylight(state: RootState, seat: int) -> list[str]:
    if not HL.once(state, NAME):
        return []
    if MODULE.demoted(state):
        return [f"hireling:{NAME}:plant"] if plant_sites(state, seat) else []
    return [f"hireling:{NAME}:act"] if rules_a_farm(state, seat) or second_step(state) else []


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    if A.args(action_id)[1] == "plant":
        T.push(state, Plant(seat))
        return
    if not rules_a_farm(state, seat):
        T.push(state, FarmDay(seat, "choice"))
        return
    state.log(DAYLIGHT, "ev.farmers.harvest", seat=seat)
    T.push(state, FarmDay(seat, "fewest"))
    K.draw(state, seat, 1, DAYLIGHT)  # an Informants choice, if any, runs before the farm


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@MODULE.handler(FarmDay)
def run_day(state: RootState, task: FarmDay) -> None:
    if task.stage == "fewest":
        sites = fewest_sites(state)
        if len(sites) > 1:
            T.ask(state, task.seat, "farmers_fewest")
            return
        T.replace(state, task._replace(stage="choice"))
        for c in sites:
            build_farm(state, c)
    elif task.stage == "choice":
        T.ask_or_done(state, task.seat, "farmers_choice", second_step(state))
    else:
        run_recruit(state, task)


def build_farm(state: RootState, c: int) -> None:
    KIT.build(state, NAME, FARM, c)
    state.log(DAYLIGHT, "ev.farmers.placed", clearing=c, n=0, farms=1)


@MODULE.task_decision("farmers_fewest", lambda state: [f"farm_at:{A.clearing_id(c)}" for c in fewest_sites(state)])
def apply_fewest(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(stage="choice"))
    build_farm(state, A.clearing_arg(action_id))


@MODULE.task_decision("farmers_choice", lambda state: second_step(state))
def apply_choice(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "farmers:battle":
        T.done(state)
        T.push(state, BT.start(task.seat, NAME, DAYLIGHT, tuple(farms(state)), must=True))
    else:
        T.replace(state, task._replace(stage="recruit", left=tuple(B.where(state, NAME, FARM))))


def run_recruit(state: RootState, task: FarmDay) -> None:
    """A Farmer at each farm; when the supply runs short, the controller picks the farms (as LR-01-05-04)."""
    supply = state.supply[NAME]
    if supply and len(task.left) > supply:
        T.ask(state, task.seat, "farmers_recruit")
        return
    T.done(state)
    for c in task.left:
        B.place_warriors(state, NAME, c, 1)
    if task.left and supply:
        state.log(DAYLIGHT, "ev.farmers.recruit", clearings=list(task.left))


@MODULE.task_decision("farmers_recruit", lambda state: [f"farm_at:{A.clearing_id(c)}" for c in sorted(set(
    T.top(state).left))])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    left = list(task.left)
    left.remove(c)
    B.place_warriors(state, NAME, c, 1)
    state.log(DAYLIGHT, "ev.farmers.recruit", clearings=[c])
    T.replace(state, task._replace(left=tuple(left) if state.supply[NAME] else ()))


# ---- Struggling Farmers (demoted) ----------------------------------------------------------------------------------

def struggle(state: RootState, seat: int, former: int | None) -> list:
    """Farms and Farmers leave every clearing the former controller does not rule now (with no former
    controller, every clearing); the new controller removes them, scoring nothing."""
    f = state.faction[former] if former is not None else None
    gone = [c for c in KIT.clearings(state) if KIT.on_map_at(state, NAME, c) and (f is None or not B.rules(state, f, c))]
    state.log(STRUGGLING_HIRED, "ev.farmers.struggle", seat=seat, clearings=gone)
    return [RemovePieces(seat, NAME, c, K.everything_of(state, NAME, c), False, STRUGGLING_HIRED, NAME) for c in gone]


@record
class Plant(NamedTuple):
    seat: int


def plant_sites(state: RootState, seat: int) -> list[int]:
    """Clearings the controller rules where a farm or a Farmer can go."""
    f = state.faction[seat]
    return [c for c in KIT.clearings(state) if B.rules(state, f, c) and B.may_place(state, NAME, c)
            and (state.supply[NAME] or KIT.can_build(state, NAME, FARM, c))]


@MODULE.handler(Plant)
def run_plant(state: RootState, task: Plant) -> None:
    sites = plant_sites(state, task.seat)
    if len(sites) == 1:
        plant(state, task.seat, sites[0])
    else:
        T.ask_or_done(state, task.seat, "farmers_plant", sites)


@MODULE.task_decision("farmers_plant", lambda state: [f"farm_at:{A.clearing_id(c)}" for c in plant_sites(
    state, T.top(state).seat)])
def apply_plant(state: RootState, action_id: str) -> None:
    plant(state, T.top(state).seat, A.clearing_arg(action_id))


def plant(state: RootState, seat: int, c: int) -> None:
    T.done(state)
    n, built = place_pair(state, c, STRUGGLING_DAY)
    if n and built:
        K.draw(state, seat, 1, STRUGGLING_DAY)


# ---- view, action ids ----------------------------------------------------------------------------------------------

MODULE.card = lambda state: {"farms_left": KIT.buildings_left(state, NAME, FARM)}


def actions(players: int, options: dict) -> list[Segment]:
    ids = [f"hireling:{NAME}:{a}" for a in ("act", "plant")] + ["farmers:battle", "farmers:recruit", f"remove:{FARM}"]
    ids += [f"farm_at:{A.clearing_id(c)}" for c in range(12)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"farm_at": ("clearing",), "farmers": ("word",)}
