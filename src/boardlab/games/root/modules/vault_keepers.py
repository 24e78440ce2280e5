"""Vault Keepers (promoted) / Badger Bodyguards (demoted): the Keepers in Iron's hireling (data/hirelings.yaml).

Vault Keepers: set up with 2 Keeper warriors and a vault (a hireling building, modules/hireling_kit.py) in a
clearing with an open slot. When hired with no Keeper piece on the map, the same again. Once per Daylight: first
a vault may go in or next to a clearing with a vault (if no such clearing can take one, a warrior and a vault in
any clearing); then either a battle in each clearing with a vault, each optional, or a Keeper warrior at each
vault (RTA-HB-02). Badger Bodyguards (the controller's ability): in a battle its faction ignores the first hit it
takes, ambush hits included (extension point `ignores_first_hit`, RTA-HB-03).
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from ..program import Hireling
from ..records import Battle, StartBattle
from ..state import RootState
from . import hireling_kit as KIT
from . import hirelings as HL

NAME = "vault_keepers"
MODULE = Hireling(NAME)
Rules = tuple[str, ...]
VAULT = "vault"
GROUP = 2  # Keeper warriors placed with a vault (setup, When-Hired)
SETUP: Rules = ("RT-AS-17", "RT-HR-01", "RTA-HB-01")
HIRED: Rules = ("LR-AH-02-01", "RT-HR-28", "RTA-HB-01")
DAYLIGHT: Rules = ("LR-AH-02-04", "RT-HR-30", "RTA-HB-02")


def vaults(state: RootState) -> list[int]:
    return KIT.holding(state, NAME, VAULT)


# ---- setup and When-Hired: 2 warriors and a vault in one clearing -----------------------------------------------

@record
class KeepersPlace(NamedTuple):
    seat: int
    rules: Rules


def group_sites(state: RootState) -> list[int]:
    return KIT.building_sites(state, NAME, VAULT)


def setup(state: RootState, seat: int) -> list:
    return [] if MODULE.demoted(state) else [KeepersPlace(seat, SETUP)]


def when_hired(state: RootState, seat: int) -> list:
    if MODULE.demoted(state) or KIT.on_map(state, NAME):
        return []
    return [KeepersPlace(seat, HIRED)]


MODULE.setup = setup
MODULE.when_hired = when_hired


@MODULE.handler(KeepersPlace)
def run_place(state: RootState, task: KeepersPlace) -> None:
    sites = group_sites(state)
    if len(sites) == 1:
        T.done(state)
        place_group(state, sites[0], GROUP, task.rules)
    else:
        T.ask_or_done(state, task.seat, "keepers_place", sites)


@MODULE.task_decision("keepers_place", lambda state: [f"keepers_at:{A.clearing_id(c)}" for c in group_sites(state)])
def apply_place(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    place_group(state, A.clearing_arg(action_id), GROUP, task.rules)


def place_group(state: RootState, c: int, warriors: int, rules: Rules) -> None:
    n = B.place_warriors(state, NAME, c, warriors)
    built = KIT.build(state, NAME, VAULT, c)
    state.log(rules, "ev.keepers.placed", clearing=c, n=n, vaults=int(built))


# ---- Once per Daylight: a vault, then battles or recruits ----------------------------------------------------------

@record
class KeepersDay(NamedTuple):
    """The Daylight action by stages: "vault" (a vault near one, or the fallback), "choice", "battles" (the
    vault clearings not battled yet are asked), "recruit" (`left`: a vault clearing per warrior due)."""
    seat: int
    stage: str
    left: tuple[int, ...] = ()


def near_sites(state: RootState) -> list[int]:
    return [c for c in KIT.near(state, vaults(state)) if KIT.can_build(state, NAME, VAULT, c)]


def fallback_sites(state: RootState) -> list[int]:
    return [c for c in KIT.clearings(state) if KIT.can_build(state, NAME, VAULT, c)]


def battle_sites(state: RootState, fought: tuple[int, ...] = ()) -> list[int]:
    return BT.battle_sites(state, NAME, tuple(c for c in vaults(state) if c not in fought))


def second_step(state: RootState) -> list[str]:
    out = ["keepers:battle"] if battle_sites(state) else []
    return out + (["keepers:recruit"] if vaults(state) and state.supply[NAME] else [])


def daylight(state: RootState, seat: int) -> list[str]:
    if MODULE.demoted(state) or not HL.once(state, NAME):
        return []
    return [f"hireling:{NAME}:act"] if fallback_sites(state) or second_step(state) else []


def use_daylight(state: RootState, seat: int, action_id: str) -> None:
    HL.use_once(state, NAME)
    state.log(DAYLIGHT, "ev.keepers.act", seat=seat)
    T.push(state, KeepersDay(seat, "vault"))


MODULE.daylight = daylight
MODULE.use_daylight = use_daylight


@MODULE.handler(KeepersDay)
def run_day(state: RootState, task: KeepersDay) -> None:
    if task.stage == "vault":
        if near_sites(state):
            T.ask(state, task.seat, "keepers_vault")
        elif len(fallback_sites(state)) > 1:
            T.ask(state, task.seat, "keepers_fallback")
        else:
            T.replace(state, task._replace(stage="choice"))
            for c in fallback_sites(state):
                place_group(state, c, 1, DAYLIGHT)
    elif task.stage == "choice":
        T.ask_or_done(state, task.seat, "keepers_choice", second_step(state))
    elif task.stage == "battles":
        T.ask_or_done(state, task.seat, "keepers_battle", battle_sites(state, task.left))
    else:
        run_recruit(state, task)


@MODULE.task_decision("keepers_vault", lambda state: [f"keepers_at:{A.clearing_id(c)}" for c in near_sites(state)]
                      + ["skip"])
def apply_vault(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(stage="choice"))
    if action_id != "skip":
        c = A.clearing_arg(action_id)
        KIT.build(state, NAME, VAULT, c)
        state.log(DAYLIGHT, "ev.keepers.placed", clearing=c, n=0, vaults=1)


@MODULE.task_decision("keepers_fallback", lambda state: [f"keepers_at:{A.clearing_id(c)}" for c in fallback_sites(
    state)])
def apply_fallback(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(stage="choice"))
    place_group(state, A.clearing_arg(action_id), 1, DAYLIGHT)


@MODULE.task_decision("keepers_choice", lambda state: second_step(state) + ["skip"])
def apply_choice(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "skip":
        T.done(state)
    elif action_id == "keepers:battle":
        T.replace(state, task._replace(stage="battles"))
    else:
        T.replace(state, task._replace(stage="recruit", left=tuple(B.where(state, NAME, VAULT))))


@MODULE.task_decision("keepers_battle", lambda state: [A.battle_id(c) for c in battle_sites(state, T.top(
    state).left)] + ["done"])
def apply_battle(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    c = A.clearing_arg(action_id)
    T.replace(state, task._replace(left=task.left + (c,)))
    T.push(state, StartBattle(task.seat, NAME, (c,), True, c, DAYLIGHT))


def run_recruit(state: RootState, task: KeepersDay) -> None:
    """A warrior at each vault; when the supply runs short, the controller picks the vaults (as LR-01-05-04)."""
    supply = state.supply[NAME]
    if supply and len(task.left) > supply:
        T.ask(state, task.seat, "keepers_recruit")
        return
    T.done(state)
    for c in task.left:
        B.place_warriors(state, NAME, c, 1)
    if task.left and supply:
        state.log(DAYLIGHT, "ev.keepers.recruit", clearings=list(task.left))


@MODULE.task_decision("keepers_recruit", lambda state: [f"keepers_at:{A.clearing_id(c)}" for c in sorted(set(
    T.top(state).left))])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    left = list(task.left)
    left.remove(c)
    B.place_warriors(state, NAME, c, 1)
    state.log(DAYLIGHT, "ev.keepers.recruit", clearings=[c])
    T.replace(state, task._replace(left=tuple(left) if state.supply[NAME] else ()))


# ---- Badger Bodyguards (demoted) --------------------------------------------------------------------------------------

def ignores_first_hit(state: RootState, battle: Battle, owner: str) -> tuple[str, ...]:
    """The controller's faction ignores the first hit it takes in each battle (not its hirelings' pieces)."""
    seat = MODULE.controller(state)
    if seat is None or not MODULE.demoted(state) or owner != state.faction[seat]:
        return ()
    return ("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HB-03")


MODULE.answer("ignores_first_hit", ignores_first_hit)


# ---- view, action ids ----------------------------------------------------------------------------------------------

MODULE.card = lambda state: {} if MODULE.demoted(state) else {"vaults_left": KIT.buildings_left(state, NAME, VAULT)}


def actions(players: int, options: dict) -> list[Segment]:
    ids = [f"hireling:{NAME}:act", "keepers:battle", "keepers:recruit", f"remove:{VAULT}"]
    ids += [f"keepers_at:{A.clearing_id(c)}" for c in range(12)]
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"keepers_at": ("clearing",), "keepers": ("word",)}
