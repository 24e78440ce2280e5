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

State: `ext["frz_fields"]` = per resource the seats whose Clerk is on its field; `ext["frz_removed"]`
= resources removed from the game, per type (the supply is the retail 50 per type minus what players
hold, the Warehouse holds and what left the game, GWA-FRZ-04).
"""
from __future__ import annotations

from ....core.flow import RETURN
from ....core.module import Module
from .. import mechanics as M
from .. import tasks as T
from ..content import RESOURCES
from ..text import SCENARIO_LINES
from ..view import SCENARIO_VIEWS
from . import chronicles as AC
from . import shame


def setup(state) -> None:
    state.ext["scenario"] = "freezing"
    state.ext["frz_fields"] = ((),) * len(RESOURCES)
    state.ext["frz_removed"] = (0,) * len(RESOURCES)
    state.log(("AC-FRZ-04", "AC-FRZ-07", "GWA-FRZ-01"), "ev.frz.setup", track=list(AC.param(state, "track")))


def track_value(state) -> int:
    return AC.by_year(state, "track")


def fields(state) -> dict:
    return dict(zip(RESOURCES, state.ext["frz_fields"]))


def _remove(state, resource: str, n: int) -> None:
    removed = list(state.ext["frz_removed"])
    removed[RESOURCES.index(resource)] += n
    state.ext["frz_removed"] = tuple(removed)


def supply(state, resource: str) -> int:
    """GWA-FRZ-04: what is left in the general supply of one resource type."""
    i = RESOURCES.index(resource)
    held = sum(state.res[s][i] for s in range(state.players)) + (state.warehouse[i] if i < 3 else 0)
    return max(0, AC.param(state, "supply_per_resource") - held - state.ext["frz_removed"][i])


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

def step_tribute(state) -> str:
    return T.run_then(state, [("frz_tribute", seat) for seat in M.tea_order(state)], RETURN)


def tribute_options(state, seat: int) -> list[str]:
    if state.clerks[seat] < 1:  # AC-FRZ-12: the Clerk comes from the personal supply
        return []
    n = AC.param(state, "tribute")
    f = fields(state)
    return [f"tribute:{r}" for r in RESOURCES
            if seat not in f[r] and M.resources_of(state, seat)[r] >= n]  # AC-FRZ-13: all at once


@T.handler("frz_tribute")
def run_tribute(state, task):
    T.ask_or_done(state, task[1], "frz_tribute", tribute_options(state, task[1]))


@T.decision("frz_tribute", lambda state: tribute_options(state, T.top(state)[1]) + ["skip"])
def apply_tribute(state, action_id):
    seat = T.top(state)[1]
    T.done(state)
    if action_id == "skip":
        return
    resource = action_id.split(":")[1]
    n = AC.param(state, "tribute")
    M.pay(state, seat, {resource: n}, ("AC-FRZ-09", "AC-FRZ-10", "AC-FRZ-11", "AC-FRZ-13"))
    _remove(state, resource, n)
    state.clerks[seat] -= 1
    f = list(state.ext["frz_fields"])
    f[RESOURCES.index(resource)] = f[RESOURCES.index(resource)] + (seat,)
    state.ext["frz_fields"] = tuple(f)
    state.log(("AC-FRZ-08", "AC-FRZ-10", "AC-FRZ-11", "AC-FRZ-12", "GWA-FRZ-02"), "ev.frz.tribute",
              seat=seat, target=resource, n=n)


# ---- breach (AC-FRZ-14) ---------------------------------------------------------------------------------------

def on_breach(state, section, rows, here, tasks):
    kills = [t for t in tasks if t[0] == "kills"]
    return [("frz_breach", seat) for _ in rows for seat in here] + kills


@T.handler("frz_breach")
def run_breach(state, task):
    T.ask(state, task[1], "frz_breach")


def legal_breach(state) -> list[str]:
    seat = T.top(state)[1]
    return [f"discard:{r}" for r, n in M.resources_of(state, seat).items() if n] + ["shame"]


@T.decision("frz_breach", legal_breach)
def apply_breach(state, action_id):
    seat = T.top(state)[1]
    T.done(state)
    if action_id == "shame":
        shame.take(state, seat, 1, ("AC-FRZ-14", "GWA-FRZ-03"))
        return
    resource = action_id.split(":")[1]
    M.pay(state, seat, {resource: 1}, ("AC-FRZ-14", "GWA-FRZ-03"))
    _remove(state, resource, 1)
    state.log(("AC-FRZ-14",), "ev.frz.removed", seat=seat, target=resource)


# ---- Raid (AC-FRZ-15/16) ----------------------------------------------------------------------------------------

def on_raid(state, card, tasks):
    return [("frz_raid", M.tea_order(state)[0], card)]


@T.handler("frz_raid")
def run_raid(state, task):
    T.ask(state, task[1], "frz_raid")


@T.decision("frz_raid", lambda state: ["supply", "shame"])
def apply_raid(state, action_id):
    seat = T.top(state)[1]
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
        n = sum(seats.count(seat) for seats in state.ext["frz_fields"])
        if n:
            M.gain(state, seat, {"honor": per * n}, ("AC-FRZ-17",))


def view(state) -> dict:
    return {**AC.common_view(state), "track": list(AC.param(state, "track")), "value": track_value(state),
            "fields": {r: list(s) for r, s in fields(state).items()},
            "removed": dict(zip(RESOURCES, state.ext["frz_removed"])),
            "supply": {r: supply(state, r) for r in RESOURCES}}


def render(scn: dict, t, name) -> list[str]:
    f = ", ".join(f"{name(r)} {seats or '-'}" for r, seats in scn["fields"].items())
    return [t("txt.frz", value=scn["value"], fields=f)]


def module() -> tuple[Module, dict]:
    m = Module("freezing")
    m.steps["freezing.tribute"] = step_tribute
    m.hook("game.setup", "before", setup)
    m.hook("winter.end", "before", lambda state: "freezing.tribute")
    m.hook("game.final", "before", clerk_honor)
    return m, {"overseer_income": (weather("income"),), "production": (weather("activation"),),
               "breach": (on_breach,), "raid": (on_raid,)}


SCENARIO_VIEWS["freezing"] = view
SCENARIO_LINES["freezing"] = render
AC.POTENTIAL["freezing"] = lambda state, seat: AC.param(state, "clerk_honor") * sum(
    seats.count(seat) for seats in state.ext["frz_fields"])
