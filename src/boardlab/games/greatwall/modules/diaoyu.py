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

Extension points answered: "location_effect" (the Transport Station), "raid" (AC-DIA-26). The Barracks'
and the Workshop's choices (`recruit`, `workshop`) gain the Fortress's options (instead_of_decision).
The cooperative result and the Shame pool are the `cooperative` and `shame` modules'.

State: a `FortressState` in `state.mods["diaoyu"]`: the seats of the Archers on the Fortress, its Defence,
the Shame tokens beside the card. View: `view["scenario"]` adds them and the slots. Ids: `archer:fortress`,
`defence:R1+R2+R3`, `wall:S`, `rest:S` (the Transport Station), the Fortress's shot `slot:S:K` (a section,
not a row) and its Archer's rest `section:S`.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import NamedTuple

from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN, Decision
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import locations as L
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import BOARD, HORDES
from ..effects import effect_tasks
from ..seasons import slot_index
from ..spring import defeated, open_slots
from ..state import ARCHER
from ..view import describer
from . import chronicles as AC, shame

MODULE = Module("diaoyu", messages="diaoyu.yaml")
STATION = "transport_station"


# ---- the module's action ids (above) and their arguments by kind (actions.py) --------------------------------

FORTRESS_RECRUIT = "archer:fortress"  # the base game's recruits are `archer:S`
CAMP_PAYMENTS = tuple(combinations_with_replacement(("wood", "stone", "gold"), 3))
FORMS: A.Forms = {
    "archer": {"recruit": ("word",)},
    "defence": ("payment",),
    "wall": ("section",),
    "rest": ("section",),
    "slot": {"fortress_shoot": ("section", "slot")},
}


def camp_id(payment: tuple[str, ...]) -> str:
    return f"defence:{A.payment_text(payment)}"


def shot_id(section: int, k: int) -> str:
    """The Fortress's shot at slot K of the first-row Horde card at section S: `slot:S:K`."""
    return f"slot:{A.pos(section)}:{A.pos(k)}"


def transport_id(where: str, section: int) -> str:
    """`wall:S` (an Archer on the Wall at S) or `rest:S` (one resting behind S) goes to the Fortress."""
    return f"{where}:{A.pos(section)}"


@register
class FortressState(Data):
    __slots__ = ("archers", "defence", "shame")

    def __init__(self, defence: int):
        self.archers: tuple[int, ...] = ()  # seats of the Archers on the Fortress
        self.defence = defence
        self.shame = 0                      # Shame tokens beside the card (siege works, AC-DIA-26)


@record
class FortressShoot(NamedTuple):
    seat: int


@record
class FortressRest(NamedTuple):
    seat: int


@record
class SiegeWorks(NamedTuple):
    """AC-DIA-26: a Raid puts 1 Shame token from the pool beside the card."""


def numbers() -> dict:
    return BOARD.scenarios["diaoyu"]


def fortress(state) -> FortressState:
    return state.mods["diaoyu"]


def free_slot(state) -> bool:
    return len(fortress(state).archers) < numbers()["slots"]


def setup(state) -> None:
    shame.lose_when_empty(state, ("AC-DIA-07",))
    state.mods["diaoyu"] = FortressState(numbers()["defence"])
    state.clerks_on[STATION] = ()                                         # D24: on the board only here
    state.log(("AC-DIA-03", "AC-DIA-04", "AC-DIA-05", "AC-DIA-08", "AC-DIA-10", "AC-DIA-15", "GWA-DIA-01"),
              "ev.dia.setup", defence=numbers()["defence"])


def to_fortress(state, seat, rules) -> None:
    f = fortress(state)
    f.archers = f.archers + (seat,)
    state.log(rules, "ev.dia.archer", seat=seat)


def _before_skip(ids: list[str], more: list[str]) -> list[str]:
    """A per-Clerk choice's ids with `more` before its last one, "skip"."""
    return ids[:-1] + more + ids[-1:] if more else ids


# ---- AC-DIA-14: the Barracks, 1 extra Wood -----------------------------------------------------------

def fortress_cost(state, seat) -> dict:
    cost = dict(L.recruit_cost(state, seat, "archer"))
    cost["wood"] = cost.get("wood", 0) + numbers()["fortress_wood"]
    return cost


def fortress_recruits(state, seat: int) -> list[str]:
    """`archer:fortress` while the Fortress has room and the seat an Archer and the price (AC-DIA-14)."""
    ok = free_slot(state) and state.soldiers[seat][ARCHER] and M.can_pay(state, seat, fortress_cost(state, seat))
    return [FORTRESS_RECRUIT] if ok else []


def with_fortress(base: Decision) -> Decision:
    """The Barracks' choice (`recruit`) with `archer:fortress`."""
    def legal(state) -> list[str]:
        return _before_skip(base.legal(state), fortress_recruits(state, T.top(state).seat))

    def apply(state, action_id: str) -> str | None:
        if action_id != FORTRESS_RECRUIT:
            return base.apply(state, action_id)
        seat = L.advance(state)
        M.pay(state, seat, fortress_cost(state, seat), ("GW-BARRACKS-02", "AC-DIA-13", "AC-DIA-14"))
        L.recruited(state, seat)
        state.add_soldiers(seat, ARCHER, -1)
        to_fortress(state, seat, ("AC-DIA-13", "AC-DIA-14"))
        return T.resume(state)
    return Decision(legal, apply)


# ---- AC-DIA-25: the Builders' Camp (004's Engineer Workshop, D20) -----------------------------------

def with_camp(base: Decision) -> Decision:
    """The Workshop's choice (`workshop`) with `defence:R1+R2+R3`."""
    def legal(state) -> list[str]:
        seat = T.top(state).seat
        return _before_skip(base.legal(state), [camp_id(p) for p in CAMP_PAYMENTS
                                                if M.can_pay(state, seat, L.payment(p))])

    def apply(state, action_id: str) -> str | None:
        if not action_id.startswith("defence:"):
            return base.apply(state, action_id)
        seat = L.advance(state)
        M.pay(state, seat, L.payment(A.arg(action_id, forms=FORMS)), ("AC-DIA-25", "D20"))
        f = fortress(state)
        f.defence += numbers()["camp_defence"]
        state.log(("AC-DIA-25", "AC-DIA-10", "D20"), "ev.dia.camp", seat=seat, defence=f.defence)
        return T.resume(state)
    return Decision(legal, apply)


# ---- AC-DIA-15/16: the Transport Station ------------------------------------------------------------

def legal_transport(state, seat=None):
    seat = T.top(state).seat if seat is None else seat
    if not free_slot(state) or state.res[seat][0] < numbers()["transport_wood"]:
        return []
    out = [transport_id("wall", s) for s in range(BOARD.sections) if seat in state.archers[s]]
    return out + [transport_id("rest", s) for s in range(BOARD.sections) if (seat, ARCHER) in state.behind[s]]


@L.per_clerk_choice(MODULE, "transport", legal_transport)
def apply_transport(state, seat, action_id):
    parsed = A.parse(action_id, forms=FORMS)
    where, (section,) = parsed.head, parsed.values
    M.pay(state, seat, {"wood": numbers()["transport_wood"]}, ("AC-DIA-15", "AC-DIA-16"))
    if where == "wall":
        M.remove_archer(state, seat, section)
    else:
        M.remove_behind(state, seat, ARCHER, section)
    to_fortress(state, seat, ("AC-DIA-13", "AC-DIA-15", "AC-DIA-16"))


STATION_EFFECT = L.per_clerk("transport")


def location_effect(state, loc: str):
    """The Transport Station (AC-DIA-15/16): each Clerk there sends one Archer to the Fortress."""
    return STATION_EFFECT if loc == STATION else None


# ---- AC-DIA-17..20: the Fortress fires first, once, at any first-row Horde card ---------------------------

def before_shooting(state) -> str | None:
    """§2.1 row #10: before step 3 of the first battle of Spring."""
    if state.battle.get("fought") != 0 or not fortress(state).archers:
        return None
    return "diaoyu.shoot"


@MODULE.step("diaoyu.shoot")
def step_shoot(state) -> str:
    order = M.leader_order(state)
    seats = sorted(fortress(state).archers, key=order.index)
    state.log(("AC-DIA-17", "AC-DIA-18"), "ev.dia.fire", n=len(seats))
    return T.run_then(state, [FortressShoot(seat) for seat in seats], RETURN)


def fortress_targets(state) -> list[str]:
    """AC-DIA-19, D13: any open slot of an undefeated card in the first row of any section."""
    out = []
    for section in range(BOARD.sections):
        h = state.hordes[slot_index(section, 0)]
        if h is not None and not defeated(h):
            out += [shot_id(section, k) for k in open_slots(h)]
    return out


@T.handler(MODULE, FortressShoot)
def run_fortress_shoot(state, task: FortressShoot) -> None:
    T.ask_or_done(state, task.seat, "fortress_shoot", fortress_targets(state))


@T.task_decision(MODULE, "fortress_shoot", fortress_targets)
def apply_fortress_shoot(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    section, k = A.args(action_id, "fortress_shoot", FORMS)
    i = slot_index(section, 0)
    card, covered, units = state.hordes[i]
    state.hordes[i] = (card, covered[:k] + ((seat, "w"),) + covered[k + 1:], units)
    state.log(("AC-DIA-17", "AC-DIA-18", "AC-DIA-19", "D13"), "ev.dia.shot", seat=seat, section=section, slot=k)
    reward = HORDES[card].slots[k].reward
    if reward:
        T.push(state, *effect_tasks(seat, reward, ("GW-BATTLE-07", "AC-DIA-19")))


# ---- AC-DIA-21..24: the Night after the siege --------------------------------------------------------------

@MODULE.step("diaoyu.night")
def night(state) -> str:
    f = fortress(state)
    loss = f.shame - len(f.archers)
    f.defence -= max(0, loss)                                      # GWA-DIA-02: never a gain
    state.log(("AC-DIA-11", "AC-DIA-21", "AC-DIA-22", "AC-DIA-23", "GWA-DIA-02"), "ev.dia.night",
              shame=f.shame, archers=len(f.archers), n=max(0, loss), defence=f.defence)
    if f.defence <= 0:
        return M.end_now(state, ("AC-DIA-06", "AC-DIA-12", "AC-DIA-28"))
    order = M.tea_order(state)
    seats = sorted(f.archers, key=order.index)
    return T.run_then(state, [FortressRest(seat) for seat in seats], RETURN)


@T.handler(MODULE, FortressRest)
def run_rest(state, task: FortressRest) -> None:
    T.ask(state, task.seat, "fortress_rest")


@T.task_decision(MODULE, "fortress_rest", lambda state: [A.section_id(s) for s in range(BOARD.sections)])
def apply_rest(state, action_id):
    """AC-DIA-24, GWA-DIA-03: the Archer leaves the Fortress for the rest area behind a section."""
    seat = T.top(state).seat
    T.done(state)
    section = A.arg(action_id)
    f = fortress(state)
    archers = list(f.archers)
    archers.remove(seat)
    f.archers = tuple(archers)
    M.place_behind(state, seat, ARCHER, section)
    state.log(("AC-DIA-24", "GWA-DIA-03"), "ev.dia.rest", seat=seat, section=section)


# ---- AC-DIA-26: a Raid adds siege works -------------------------------------------------------------------

def on_raid(state, card, tasks) -> list:
    return tasks + [SiegeWorks()]


@T.handler(MODULE, SiegeWorks)
def run_raid(state, task: SiegeWorks) -> None:
    T.done(state)
    got = shame.spend_from_pool(state, 1, ("AC-DIA-09", "AC-DIA-26"))
    if got:
        f = fortress(state)
        f.shame += got
        state.log(("AC-DIA-09", "AC-DIA-26", "D10"), "ev.dia.siege", shame=f.shame)


# ---- view, texts, ids ------------------------------------------------------------------------------------

def view(state, full: dict) -> None:
    f = fortress(state)
    full["scenario"].update({"defence": f.defence, "shame": f.shame, "archers": list(f.archers),
                             "slots": numbers()["slots"]})


def lines(view: dict, lang: str, cat) -> list[str]:
    scn = AC.scenario_of(view, "diaoyu")
    if scn is None:
        return []
    return [cat.text("txt.dia", lang, defence=scn["defence"], shame=scn["shame"],
                     archers=", ".join(map(str, scn["archers"])) or "-", slots=scn["slots"])]


def actions(players: int, options: dict) -> list[Segment]:
    sections = range(BOARD.sections)
    return [Vocabulary([FORTRESS_RECRUIT] + [camp_id(p) for p in CAMP_PAYMENTS]
                       + [transport_id("wall", s) for s in sections] + [transport_id("rest", s) for s in sections])]


MODULE.hook("game.setup", "before", setup)
MODULE.hook("battle.shoot", "before", before_shooting)
MODULE.hook("spring.after", "before", lambda state: "diaoyu.night")
MODULE.instead_of_decision("recruit", with_fortress)
MODULE.instead_of_decision("workshop", with_camp)
MODULE.answer("location_effect", location_effect)
MODULE.answer("raid", on_raid)
MODULE.view = view
MODULE.summary = lambda state: {"fortress": {"defence_at_end": [state.mods["diaoyu"].defence],
                                             "siege_works": [state.mods["diaoyu"].shame]}}
MODULE.describe = describer(FORMS)
MODULE.lines = lines
MODULE.actions = actions
