"""釣魚城之戰, the Battle of Diaoyu Fortress (AC-DIA-*): a cooperative-only Ancient Chronicles scenario.

The Scenario card is the Fortress (AC-DIA-08): 3 shooting slots and a Defence track whose starting
value is authored data (board.yaml `scenarios.diaoyu`, GWA-DIA-01). The players survive together
(AC-DIA-05, AC-03, D4): the Fortress's Defence reaching 0 and the Shame pool running out are losses
that end the game at once (AC-DIA-06/07/12/28, D3).

- Archers reach the Fortress from the Barracks for 1 extra Wood (AC-DIA-14) or from the board through
  the Transport Station, 1 Wood per Clerk there (AC-DIA-15/16; a scenario-only green Location, D20/D24).
- They fire once, first, before the shooting of the first battle of Spring, at any first-row Horde card
  of any section (AC-DIA-17..19, D13, §2.1 row #10); they are not on the Wall, so nothing that makes
  Wall Archers shoot or die touches them (AC-DIA-20).
- The Night after the siege (#8b, #11): Defence -= Shame beside the card - Archers on the Fortress (no
  loss when negative, GWA-DIA-02), then each Archer there goes to a rest area (behind a Wall section
  of its owner's choice, AC-DIA-24, GWA-DIA-03).
- The Engineer Workshop is the Builders' Camp (D20): per Clerk, 3 resources except Chi raise the Defence
  by 1 (AC-DIA-25). A Raid puts 1 Shame token from the pool beside the card (AC-DIA-26, D10).

State: `ext["diaoyu"]` = (("archers", seats on the Fortress), ("defence", n), ("shame", n)).
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ....core.flow import RETURN, Decision
from ....core.module import Module
from .. import locations as L
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import BOARD, HORDES
from ..effects import effect_tasks
from ..seasons import slot_index
from ..spring import defeated, open_slots
from ..state import ARCHER
from ..text import SCENARIO_LINES
from ..view import SCENARIO_VIEWS
from . import chronicles as AC, shame

STATION = "transport_station"


def numbers() -> dict:
    return BOARD.scenarios["diaoyu"]


def fortress(state) -> dict:
    return dict(state.ext["diaoyu"])


def _set(state, **changes) -> None:
    state.ext["diaoyu"] = tuple(sorted({**fortress(state), **changes}.items()))


def active(state) -> bool:
    return "diaoyu" in state.ext


def free_slot(state) -> bool:
    return len(fortress(state)["archers"]) < numbers()["slots"]


def setup(state) -> None:
    state.ext["scenario"] = "diaoyu"
    state.ext["shame_out"] = ("AC-DIA-07",)
    state.ext["diaoyu"] = (("archers", ()), ("defence", numbers()["defence"]), ("shame", 0))
    state.clerks_on[STATION] = ()                                         # D24: on the board only here
    state.log(("AC-DIA-03", "AC-DIA-04", "AC-DIA-05", "AC-DIA-08", "AC-DIA-10", "AC-DIA-15", "GWA-DIA-01"),
              "ev.dia.setup", defence=numbers()["defence"])


def to_fortress(state, seat, rules) -> None:
    _set(state, archers=fortress(state)["archers"] + (seat,))
    state.log(rules, "ev.dia.archer", seat=seat)


# ---- AC-DIA-14: the Barracks, 1 extra Wood -----------------------------------------------------------

def fortress_cost(state, seat) -> dict:
    cost = dict(L.recruit_cost(state, seat, "archer"))
    cost["wood"] = cost.get("wood", 0) + numbers()["fortress_wood"]
    return cost


def legal_recruit(state, seat=None):
    seat = T.top(state)[1] if seat is None else seat
    out = BASE_LEGAL["recruit"](state, seat)
    if active(state) and free_slot(state) and state.soldiers[seat][ARCHER] and M.can_pay(state, seat, fortress_cost(state, seat)):
        out = out + ["archer:fortress"]
    return out


def apply_recruit(state, action_id):
    if action_id != "archer:fortress":
        return BASE_DECISIONS["recruit"].apply(state, action_id)
    seat, _ = L._advance(state)
    M.pay(state, seat, fortress_cost(state, seat), ("GW-BARRACKS-02", "AC-DIA-13", "AC-DIA-14"))
    state.flags[f"recruited:{seat}"] = 1
    state.add_soldiers(seat, ARCHER, -1)
    to_fortress(state, seat, ("AC-DIA-13", "AC-DIA-14"))
    return "tasks.run"


# ---- AC-DIA-25: the Builders' Camp (004's Engineer Workshop, D20) -----------------------------------

CAMP_PAYMENTS = ["+".join(p) for p in combinations_with_replacement(("wood", "stone", "gold"), 3)]


def _payment(parts: str) -> dict:
    out: dict = {}
    for r in parts.split("+"):
        out[r] = out.get(r, 0) + 1
    return out


def legal_workshop(state, seat=None):
    seat = T.top(state)[1] if seat is None else seat
    out = BASE_LEGAL["workshop"](state, seat)
    if active(state):
        out = out + [f"defence:{p}" for p in CAMP_PAYMENTS if M.can_pay(state, seat, _payment(p))]
    return out


def apply_workshop(state, action_id):
    if not action_id.startswith("defence:"):
        return BASE_DECISIONS["workshop"].apply(state, action_id)
    seat, _ = L._advance(state)
    M.pay(state, seat, _payment(action_id.split(":")[1]), ("AC-DIA-25", "D20"))
    defence = fortress(state)["defence"] + numbers()["camp_defence"]
    _set(state, defence=defence)
    state.log(("AC-DIA-25", "AC-DIA-10", "D20"), "ev.dia.camp", seat=seat, defence=defence)
    return "tasks.run"


# ---- AC-DIA-15/16: the Transport Station ------------------------------------------------------------

def legal_transport(state, seat=None):
    seat = T.top(state)[1] if seat is None else seat
    if not free_slot(state) or state.res[seat][0] < numbers()["transport_wood"]:
        return []
    out = [f"wall:{s}" for s in range(BOARD.sections) if seat in state.archers[s]]
    return out + [f"rest:{s}" for s in range(BOARD.sections) if (seat, ARCHER) in state.behind[s]]


def apply_transport(state, action_id):
    if action_id == "skip":
        L._skip_rest(state)
        return "tasks.run"
    seat, _ = L._advance(state)
    where, section = action_id.split(":")
    section = int(section)
    M.pay(state, seat, {"wood": numbers()["transport_wood"]}, ("AC-DIA-15", "AC-DIA-16"))
    if where == "wall":
        M.remove_archer(state, seat, section)
    else:
        M.remove_behind(state, seat, ARCHER, section)
    to_fortress(state, seat, ("AC-DIA-13", "AC-DIA-15", "AC-DIA-16"))
    return "tasks.run"


# ---- AC-DIA-17..20: the Fortress fires first, once, at any first-row Horde card ---------------------------

def before_shooting(state) -> str | None:
    """§2.1 row #10: before step 3 of the first battle of Spring."""
    if state.battle.get("fought") != 0 or not fortress(state)["archers"]:
        return None
    return "diaoyu.shoot"


def step_shoot(state) -> str:
    order = M.leader_order(state)
    seats = sorted(fortress(state)["archers"], key=order.index)
    state.log(("AC-DIA-17", "AC-DIA-18"), "ev.dia.fire", n=len(seats))
    return T.run_then(state, [("fortress_shoot", seat) for seat in seats], RETURN)


def fortress_targets(state) -> list[str]:
    """AC-DIA-19, D13: any open slot of an undefeated card in the first row of any section."""
    out = []
    for section in range(BOARD.sections):
        h = state.hordes[slot_index(section, 0)]
        if h is not None and not defeated(h):
            out += [f"slot:{section}:{k}" for k in open_slots(h)]
    return out


@T.handler("fortress_shoot")
def run_fortress_shoot(state, task):
    T.ask_or_done(state, task[1], "fortress_shoot", fortress_targets(state))


def apply_fortress_shoot(state, action_id):
    seat = T.top(state)[1]
    T.done(state)
    _, section, k = action_id.split(":")
    section, k = int(section), int(k)
    i = slot_index(section, 0)
    card, covered, units = state.hordes[i]
    state.hordes[i] = (card, covered[:k] + ((seat, "w"),) + covered[k + 1:], units)
    state.log(("AC-DIA-17", "AC-DIA-18", "AC-DIA-19", "D13"), "ev.dia.shot", seat=seat, section=section, slot=k)
    reward = HORDES[card].slots[k].reward
    if reward:
        T.push(state, *effect_tasks(seat, reward, ("GW-BATTLE-07", "AC-DIA-19")))
    return "tasks.run"


# ---- AC-DIA-21..24: the Night after the siege --------------------------------------------------------------

def night(state) -> str:
    f = fortress(state)
    loss = f["shame"] - len(f["archers"])
    defence = f["defence"] - max(0, loss)                          # GWA-DIA-02: never a gain
    _set(state, defence=defence)
    state.log(("AC-DIA-11", "AC-DIA-21", "AC-DIA-22", "AC-DIA-23", "GWA-DIA-02"), "ev.dia.night",
              shame=f["shame"], archers=len(f["archers"]), n=max(0, loss), defence=defence)
    if defence <= 0:
        M.end_now(state, ("AC-DIA-06", "AC-DIA-12", "AC-DIA-28"))
        return "game.end_now"
    order = M.tea_order(state)
    seats = sorted(f["archers"], key=order.index)
    return T.run_then(state, [("fortress_rest", seat) for seat in seats], RETURN)


@T.handler("fortress_rest")
def run_rest(state, task):
    T.ask(state, task[1], "fortress_rest")


def apply_rest(state, action_id):
    """AC-DIA-24, GWA-DIA-03: the Archer leaves the Fortress for the rest area behind a section."""
    seat = T.top(state)[1]
    T.done(state)
    section = int(action_id.split(":")[1])
    archers = list(fortress(state)["archers"])
    archers.remove(seat)
    _set(state, archers=tuple(archers))
    M.place_behind(state, seat, ARCHER, section)
    state.log(("AC-DIA-24", "GWA-DIA-03"), "ev.dia.rest", seat=seat, section=section)
    return "tasks.run"


# ---- AC-DIA-26: a Raid adds siege works -------------------------------------------------------------------

def on_raid(state, card, tasks) -> list[tuple]:
    return tasks + [("diaoyu_raid", -2)]


@T.handler("diaoyu_raid")
def run_raid(state, task):
    T.done(state)
    got = shame.spend_from_pool(state, 1, ("AC-DIA-09", "AC-DIA-26"))
    if got:
        _set(state, shame=fortress(state)["shame"] + got)
        state.log(("AC-DIA-09", "AC-DIA-26", "D10"), "ev.dia.siege", shame=fortress(state)["shame"])


# ---- view -----------------------------------------------------------------------------------------------

def view(state) -> dict:
    f = fortress(state)
    return {**AC.common_view(state), "defence": f["defence"], "shame": f["shame"], "archers": list(f["archers"]),
            "slots": numbers()["slots"]}


def render(view, t, name) -> list[str]:
    return [t("txt.dia", defence=view["defence"], shame=view["shame"],
              archers=", ".join(map(str, view["archers"])) or "-", slots=view["slots"])]


BASE_LEGAL = {"recruit": L.LEGAL["recruit"], "workshop": L.LEGAL["workshop"]}
BASE_DECISIONS = {k: T.DECISIONS[k] for k in ("recruit", "workshop")}
# The Barracks, the Workshop and the Transport Station ask "is there anything to do?" through
# locations.LEGAL; the scenario's options appear only in a game with the Fortress (`active`).
L.LEGAL.update({"recruit": legal_recruit, "workshop": legal_workshop, "transport": legal_transport})
L.EFFECTS[STATION] = L.per_clerk("transport")
DECISIONS = {
    "recruit": Decision(lambda state: legal_recruit(state) + ["skip"], apply_recruit),
    "workshop": Decision(lambda state: legal_workshop(state) + ["skip"], apply_workshop),
    "transport": Decision(lambda state: legal_transport(state) + ["skip"], apply_transport),
    "fortress_shoot": Decision(fortress_targets, apply_fortress_shoot),
    "fortress_rest": Decision(lambda state: [f"section:{s}" for s in range(BOARD.sections)], apply_rest),
}


def module() -> tuple[Module, dict]:
    m = Module("diaoyu")
    m.steps.update({"diaoyu.shoot": step_shoot, "diaoyu.night": night})
    m.decisions.update(DECISIONS)
    m.hook("game.setup", "before", setup)
    m.hook("battle.shoot", "before", before_shooting)
    m.hook("spring.after", "before", lambda state: "diaoyu.night")
    return m, {"raid": (on_raid,)}


SCENARIO_VIEWS["diaoyu"] = view
SCENARIO_LINES["diaoyu"] = render
