"""酷寒天氣, Harsh Weather (AC-FRZ-*): a competitive Ancient Chronicles scenario.

Timing through the phase mapping (greatwall-conflicts.md §2.1):
- the production track (AC-FRZ-04..06; values by year, GWA-FRZ-01) modifies each Overseer's income in
  the Autumn income (#1, extension "overseer_income") and each player's yield of a production Location
  activation in Winter (#3, extension "production"); a yield never falls below 0;
- tribute (AC-FRZ-07..13): at the end of Winter (#5, step `winter.end`), each player in Tea order may
  pay 4 of one resource type (all at once), removed from the game, and put 1 Clerk from their supply on
  that field of the card; a player fills each field at most once (GWA-FRZ-02);
- a breach (AC-FRZ-14, D11): per breaching Horde card, each involved player removes 1 of their own
  resources from the game or takes 1 Shame token; this replaces the card's breach effect (the 004
  penalty, D11; GWA-FRZ-03); the kills still happen;
- a Raid (AC-FRZ-15/16, D10, D11): the player at the top of the Tea track chooses for everyone: 2 of
  each resource leave the supply (each missing one: 1 Shame token leaves the pool), or Shame tokens equal
  to the number of players leave the pool; this replaces the raiding card's destruction effect
  (GWA-FRZ-03/04);
- before final scoring each Clerk on the card is worth 12 Honor (AC-FRZ-17).

Extension points answered: "overseer_income" and "production" (the track), "breach" and "raid".
State: a `FreezingState` in `state.mods["freezing"]`: `fields`, per resource the seats whose Clerk is on
its field; `removed`, resources removed from the game per type (the supply is the retail 50 per type
minus what players hold, the Warehouse holds and what left the game, GWA-FRZ-04). View:
`view["scenario"]` adds the track, fields, removed resources and the supply. Ids: `tribute:R`, the
breach's `discard:R` / `shame`, the Raid's `supply` / `shame`.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import mechanics as M
from .. import tasks as T
from ..content import RESOURCES
from ..records import Kills
from ..tally import count_events
from ..view import describer
from . import chronicles as AC
from . import shame

MODULE = Module("freezing", messages="freezing.yaml")
# The module's ids by kind (actions.py): a tribute, a resource removed at a breach, the Raid's two answers.
FORMS: A.Forms = {"tribute": ("resource",), "discard": {"frz_breach": ("resource",)}, "shame": (), "supply": ()}


def tribute_id(resource: str) -> str:
    return f"tribute:{resource}"


def breach_id(resource: str) -> str:
    """Remove 1 of that resource at a breach (the base game's `discard:CARD` discards a card)."""
    return f"discard:{resource}"


@register
class FreezingState(Data):
    __slots__ = ("fields", "removed")

    def __init__(self):
        self.fields: tuple[tuple[int, ...], ...] = ((),) * len(RESOURCES)
        self.removed: tuple[int, ...] = (0,) * len(RESOURCES)


@record
class Tribute(NamedTuple):
    seat: int


@record
class FreezingBreach(NamedTuple):
    seat: int


@record
class FreezingRaid(NamedTuple):
    seat: int
    card: str


def frz(state) -> FreezingState:
    return state.mods["freezing"]


def setup(state) -> None:
    state.mods["freezing"] = FreezingState()
    state.log(("AC-FRZ-04", "AC-FRZ-07", "GWA-FRZ-01"), "ev.frz.setup", track=list(AC.param(state, "track")))


def track_value(state) -> int:
    return AC.by_year(state, "track")


def fields(state) -> dict:
    return dict(zip(RESOURCES, frz(state).fields))


def _remove(state, resource: str, n: int) -> None:
    removed = list(frz(state).removed)
    removed[RESOURCES.index(resource)] += n
    frz(state).removed = tuple(removed)


def supply(state, resource: str) -> int:
    """GWA-FRZ-04: what is left in the general supply of one resource type."""
    i = RESOURCES.index(resource)
    held = sum(state.res[s][i] for s in range(state.players)) + (state.warehouse[i] if i < 3 else 0)
    return max(0, AC.param(state, "supply_per_resource") - held - frz(state).removed[i])


# ---- the production track (AC-FRZ-04..06) -----------------------------------------------------------------

def weather(where: str):
    def modify(state, seat, loc, amount):
        if not amount:
            return amount
        now = max(0, amount + track_value(state))
        state.log(("AC-FRZ-04", "AC-FRZ-05", "AC-FRZ-06", "GWA-FRZ-01"), "ev.frz.weather", seat=seat,
                  location=loc, n=amount, now=now, value=track_value(state))
        return now
    return modify


# ---- tribute (AC-FRZ-07..13) ----------------------------------------------------------------------------

@MODULE.step("freezing.tribute")
def step_tribute(state) -> str:
    return T.run_then(state, [Tribute(seat) for seat in M.tea_order(state)], RETURN)


def tribute_options(state, seat: int) -> list[str]:
    if state.clerks[seat] < 1:  # AC-FRZ-12: the Clerk comes from the personal supply
        return []
    n = AC.param(state, "tribute")
    f = fields(state)
    return [tribute_id(r) for r in RESOURCES
            if seat not in f[r] and M.resources_of(state, seat)[r] >= n]  # AC-FRZ-13: all at once


@T.handler(MODULE, Tribute)
def run_tribute(state, task: Tribute) -> None:
    T.ask_or_done(state, task.seat, "frz_tribute", tribute_options(state, task.seat))


@T.task_decision(MODULE, "frz_tribute", lambda state: tribute_options(state, T.top(state).seat) + ["skip"])
def apply_tribute(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    if action_id == "skip":
        return
    resource = A.arg(action_id, forms=FORMS)
    n = AC.param(state, "tribute")
    M.pay(state, seat, {resource: n}, ("AC-FRZ-09", "AC-FRZ-10", "AC-FRZ-11", "AC-FRZ-13"))
    _remove(state, resource, n)
    state.clerks[seat] -= 1
    f = list(frz(state).fields)
    f[RESOURCES.index(resource)] = f[RESOURCES.index(resource)] + (seat,)
    frz(state).fields = tuple(f)
    state.log(("AC-FRZ-08", "AC-FRZ-10", "AC-FRZ-11", "AC-FRZ-12", "GWA-FRZ-02"), "ev.frz.tribute",
              seat=seat, target=resource, n=n)


# ---- breach (AC-FRZ-14) ---------------------------------------------------------------------------------------

def on_breach(state, section, rows, here, tasks):
    kills = [t for t in tasks if isinstance(t, Kills)]
    return [FreezingBreach(seat) for _ in rows for seat in here] + kills


@T.handler(MODULE, FreezingBreach)
def run_breach(state, task: FreezingBreach) -> None:
    T.ask(state, task.seat, "frz_breach")


def legal_breach(state) -> list[str]:
    seat = T.top(state).seat
    return [breach_id(r) for r, n in M.resources_of(state, seat).items() if n] + ["shame"]


@T.task_decision(MODULE, "frz_breach", legal_breach)
def apply_breach(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    if action_id == "shame":  # taken as a task: a losing pool would end the game before anything else runs
        T.push(state, shame.TakeShame(seat, 1, ("AC-FRZ-14", "GWA-FRZ-03")))
        return
    resource = A.arg(action_id, "frz_breach", FORMS)
    M.pay(state, seat, {resource: 1}, ("AC-FRZ-14", "GWA-FRZ-03"))
    _remove(state, resource, 1)
    state.log(("AC-FRZ-14",), "ev.frz.removed", seat=seat, target=resource)


# ---- Raid (AC-FRZ-15/16) ----------------------------------------------------------------------------------------

def on_raid(state, card, tasks):
    return [FreezingRaid(M.tea_order(state)[0], card)]


@T.handler(MODULE, FreezingRaid)
def run_raid(state, task: FreezingRaid) -> None:
    T.ask(state, task.seat, "frz_raid")


@T.task_decision(MODULE, "frz_raid", lambda state: ["supply", "shame"])
def apply_raid(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    state.log(("AC-FRZ-15", "GWA-FRZ-03"), f"ev.frz.raid.{action_id}", seat=seat)
    if action_id == "shame":
        shame.spend_from_pool(state, state.players, ("AC-FRZ-15",))
        return
    n, missing = AC.param(state, "raid_per_resource"), 0
    for r in RESOURCES:
        took = min(n, supply(state, r))
        _remove(state, r, took)
        missing += n - took
    if missing:
        shame.spend_from_pool(state, missing, ("AC-FRZ-16",))


# ---- final scoring (AC-FRZ-17) ------------------------------------------------------------------------------------

def clerk_honor(state) -> None:
    per = AC.param(state, "clerk_honor")
    for seat in range(state.players):
        n = sum(seats.count(seat) for seats in frz(state).fields)
        if n:
            M.gain(state, seat, {"honor": per * n}, ("AC-FRZ-17",))


def view(state, full: dict) -> None:
    full["scenario"].update({"track": list(AC.param(state, "track")), "value": track_value(state),
                             "fields": {r: list(s) for r, s in fields(state).items()},
                             "removed": dict(zip(RESOURCES, frz(state).removed)),
                             "supply": {r: supply(state, r) for r in RESOURCES}})


def lines(view: dict, lang: str, cat) -> list[str]:
    scn = AC.scenario_of(view, "freezing")
    if scn is None:
        return []
    from ..view import name_of
    f = ", ".join(f"{name_of(r, lang, cat)} {seats or '-'}" for r, seats in scn["fields"].items())
    return [cat.text("txt.frz", lang, value=scn["value"], fields=f)]


def potential(state, seat: int) -> float:
    """Bots: each Clerk on the card is worth its Honor at the end (AC-FRZ-17)."""
    return AC.param(state, "clerk_honor") * sum(seats.count(seat) for seats in frz(state).fields)


def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary([tribute_id(r) for r in RESOURCES] + [breach_id(r) for r in RESOURCES]
                       + ["shame", "supply"])]


MODULE.hook("game.setup", "before", setup)
MODULE.hook("winter.end", "before", lambda state: "freezing.tribute")
MODULE.hook("game.final", "before", clerk_honor)
MODULE.answer("overseer_income", weather("income"))
MODULE.answer("production", weather("activation"))
MODULE.answer("breach", on_breach)
MODULE.answer("raid", on_raid)
MODULE.view = view
MODULE.summary = lambda state: {"harsh_weather": count_events(state, {"ev.frz.raid.supply": "raids_from_supply",
                                                                     "ev.frz.raid.shame": "raids_for_shame",
                                                                     "ev.frz.tribute": "tributes"})}
MODULE.describe = describer(FORMS)
MODULE.lines = lines
MODULE.potential = potential
MODULE.actions = actions
