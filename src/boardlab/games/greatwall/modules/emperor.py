"""皇帝出巡, the Emperor's Visit (AC-EMP-*): a competitive Ancient Chronicles scenario.

Timing through the phase mapping (greatwall-conflicts.md §2.1):
- setup: a Wound marker on the resource type the Emperor values (AC-EMP-03), the starting type drawn
  at random (GWA-EMP-02); the Warehouse is on the board as a place for Clerks (AC-EMP-07, D19, D24);
- Clerks reach the Warehouse like any Location (Command cards, effects); it has no effect: it never
  activates, by filling or by advanced activation (AC-EMP-08; `locations.EFFECTS` has no entry);
- after the siege (#8b: after the Spring battles, before Summer's donation): each player, in Tea order,
  shows the year's quantity of the marked resource (GWA-EMP-01) and gains 10 Honor, or takes 1 Shame
  token (AC-EMP-04..06, D11); then the player with the most Clerks in the Warehouse (ties: Tea order)
  may move the marker to another resource (AC-EMP-09/10) and every Clerk in the Warehouse goes home
  (AC-EMP-11).

State: `state.mods["emperor"]`, the valued resource. View: `view["scenario"]` adds it, the year's demand
and the Clerks in the Warehouse. Ids: `move:R`, `skip`.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core.actions import Segment, Vocabulary
from ....core.flow import RETURN
from ....core.module import Module
from ....core.tasks import record
from .. import actions as A
from .. import mechanics as M
from .. import tasks as T
from ..content import RESOURCES
from ..view import describer
from . import chronicles as AC
from . import shame

MODULE = Module("emperor", messages="emperor.yaml")
WAREHOUSE = "warehouse"
FORMS: A.Forms = {"move": {"emp_move": ("resource",)}}  # the module's ids by kind (actions.py)


def move_id(resource: str) -> str:
    """Move the Emperor's marker to that resource (the base game's `move:UNIT@S` moves a soldier)."""
    return f"move:{resource}"


@record
class EmperorMove(NamedTuple):
    """AC-EMP-09/10: the seat with most Clerks in the Warehouse may move the marker."""
    seat: int


@record
class WarehouseHome(NamedTuple):
    """AC-EMP-11."""


def valued(state) -> str:
    return state.mods["emperor"]


def setup(state) -> None:
    state.clerks_on[WAREHOUSE] = ()                        # AC-EMP-07, D19, D24
    state.mods["emperor"] = state.shuffle(list(RESOURCES))[0]  # GWA-EMP-02
    state.log(("AC-EMP-03", "GWA-EMP-02"), "ev.emp.marker", target=valued(state))


def demand(state) -> int:
    return AC.by_year(state, "demand")


@MODULE.step("emperor.check")
def step_check(state) -> str:
    """AC-EMP-04..06 then AC-EMP-09..11."""
    wanted, n = valued(state), demand(state)
    for seat in M.tea_order(state):
        have = M.resources_of(state, seat)[wanted]
        if have >= n:
            state.log(("AC-EMP-04", "AC-EMP-05"), "ev.emp.shown", seat=seat, what={wanted: have})
            M.gain(state, seat, {"honor": AC.param(state, "honor")}, ("AC-EMP-05",))
        else:
            state.log(("AC-EMP-04", "AC-EMP-06"), "ev.emp.short", seat=seat, what={wanted: n}, n=have)
            shame.take(state, seat, AC.param(state, "shame"), ("AC-EMP-06",))
    tasks: list = []
    counts = {s: M.clerks_of(state, WAREHOUSE, s) for s in range(state.players)}
    best = max(counts.values())
    if best > 0:
        tasks.append(EmperorMove(next(s for s in M.tea_order(state) if counts[s] == best)))
    tasks.append(WarehouseHome())
    return T.run_then(state, tasks, RETURN)


@T.handler(MODULE, EmperorMove)
def run_move(state, task: EmperorMove) -> None:
    state.log(("AC-EMP-09",), "ev.emp.majority", seat=task.seat)
    T.ask(state, task.seat, "emp_move")


def legal_move(state) -> list[str]:
    return [move_id(r) for r in RESOURCES if r != valued(state)] + ["skip"]  # AC-EMP-10


@T.task_decision(MODULE, "emp_move", legal_move)
def apply_move(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    if action_id != "skip":
        state.mods["emperor"] = A.arg(action_id, "emp_move", FORMS)
        state.log(("AC-EMP-09", "AC-EMP-10"), "ev.emp.moved", seat=seat, target=valued(state))


@T.handler(MODULE, WarehouseHome)
def run_home(state, task: WarehouseHome) -> None:
    """AC-EMP-11: every Clerk in the Warehouse goes back to its owner."""
    T.done(state)
    if state.clerks_on.get(WAREHOUSE):
        state.log(("AC-EMP-11",), "ev.emp.home", n=len(state.clerks_on[WAREHOUSE]))
        M.return_clerks(state, WAREHOUSE)


def view(state, full: dict) -> None:
    full["scenario"].update({"valued": valued(state), "demand": demand(state),
                             "warehouse_clerks": list(state.clerks_on.get(WAREHOUSE, ()))})


def lines(view: dict, lang: str, cat) -> list[str]:
    scn = AC.scenario_of(view, "emperor")
    if scn is None:
        return []
    from ..view import name_of
    return [cat.text("txt.emp", lang, resource=name_of(scn["valued"], lang, cat), n=scn["demand"],
                     clerks=", ".join(map(str, scn["warehouse_clerks"])) or "-")]


def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary(move_id(r) for r in RESOURCES)]


MODULE.hook("game.setup", "before", setup)
MODULE.hook("spring.after", "before", lambda state: "emperor.check")
MODULE.view = view
MODULE.describe = describer(FORMS)
MODULE.lines = lines
MODULE.actions = actions
