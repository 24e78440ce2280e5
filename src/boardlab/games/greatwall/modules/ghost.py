"""中元節, the Ghost Festival (AC-GHO-*): a competitive Ancient Chronicles scenario.

Timing through the phase mapping (greatwall-conflicts.md §2.1):
- after the siege (#8b: after the Spring battles, before Summer's donation): 1 Shame token from the
  pool per row of the Horde array holding cards, at most 3 (AC-GHO-04/05); the players, in Tea order,
  place them one at a time on Locations (not the Barracks or the Tea House, AC-GHO-09; GWA-GHO-01)
  and the Clerks there go home (AC-GHO-06/07);
- a haunted Location cannot take Clerks (AC-GHO-08): `mechanics.has_room` refuses closed Locations,
  and every Clerk placement (Command cards, effects, the Secondary race) goes through it;
- at the start of the siege (#8a: the start of Spring) every token goes back to the pool (AC-GHO-11);
  when a Horde card is defeated the defeat credit holder may remove 1 token, or, without a credit
  holder, the top of the Tea track removes 1 (AC-GHO-12/13, GWA-GHO-02);
- killed soldiers leave the game (AC-GHO-14, D23): `mechanics.soldier_dies`.

State: `ext["ghost"]` = ((Location, tokens), ...) sorted; `ext["closed_locations"]` the haunted ones.
"""
from __future__ import annotations

from ....core.flow import RETURN
from ....core.module import Module
from .. import mechanics as M
from .. import tasks as T
from ..text import SCENARIO_LINES
from ..view import SCENARIO_VIEWS
from . import chronicles as AC, shame

FORBIDDEN = ("barracks", "tea_house")  # AC-GHO-09


def tokens(state) -> dict:
    return dict(state.ext.get("ghost", ()))


def _set(state, haunted: dict) -> None:
    haunted = {loc: n for loc, n in haunted.items() if n > 0}
    state.ext["ghost"] = tuple(sorted(haunted.items()))
    state.ext["closed_locations"] = tuple(sorted(haunted))  # AC-GHO-08 (mechanics.has_room)


def setup(state) -> None:
    state.ext["scenario"] = "ghost"
    state.ext["permanent_death"] = True  # AC-GHO-14, D23
    _set(state, {})
    state.log(("AC-GHO-02", "AC-GHO-03", "AC-GHO-14"), "ev.ghost.setup")


def clear_at_siege(state) -> None:
    """AC-GHO-10/11 (#8a): at the start of Spring every token on the Locations goes back to the pool."""
    n = sum(tokens(state).values())
    if n:
        _set(state, {})
        shame.give_back(state, n, ("AC-GHO-10", "AC-GHO-11"))
        state.log(("AC-GHO-10", "AC-GHO-11"), "ev.ghost.cleared", n=n)


def rows_with_hordes(state) -> int:
    """AC-GHO-05: the horizontal rows of the Horde array holding at least one card (at most 3)."""
    from ..data_tables import BOARD
    rows = {i % BOARD.horde_rows for i, h in enumerate(state.hordes) if h is not None}
    return min(3, len(rows))


def haunt(state) -> str | None:
    """AC-GHO-04..07 (#8b): take the tokens, then the players place them in Tea order."""
    want = rows_with_hordes(state)
    if not want:
        return None
    got = shame.spend_from_pool(state, want, ("AC-GHO-04", "AC-GHO-05"))
    state.log(("AC-GHO-04", "AC-GHO-05"), "ev.ghost.tokens", rows=want, n=got)
    if not got:
        return None
    tea = M.tea_order(state)
    state.tasks.extend(reversed([("ghost_place", tea[i % len(tea)]) for i in range(got)]))  # GWA-GHO-01
    return "ghost.run"


def step_run(state) -> str:
    return T.run_then(state, [], RETURN)


def places(state) -> list[str]:
    return [loc for loc in M.locations(state) if loc not in FORBIDDEN]


@T.handler("ghost_place")
def run_place(state, task):
    T.ask(state, task[1], "ghost_place")


@T.decision("ghost_place", lambda state: [f"haunt:{loc}" for loc in places(state)])
def apply_place(state, action_id):
    """AC-GHO-06/07: a token on the Location; all Clerks there go back to their owners."""
    seat = T.top(state)[1]
    T.done(state)
    loc = action_id.split(":")[1]
    haunted = tokens(state)
    haunted[loc] = haunted.get(loc, 0) + 1
    _set(state, haunted)
    sent = len(state.clerks_on.get(loc, ()))
    M.return_clerks(state, loc)
    state.log(("AC-GHO-06", "AC-GHO-07", "AC-GHO-08", "AC-GHO-09"), "ev.ghost.haunt", seat=seat, location=loc,
              n=sent)


def on_defeat(state, row, winner) -> list[tuple]:
    """AC-GHO-12/13: a defeated Horde card lets its credit holder (else the Tea track's top) remove 1."""
    if not tokens(state):
        return []
    if winner is None:
        return [("ghost_remove", M.tea_order(state)[0], False)]
    return [("ghost_remove", winner, True)]


@T.handler("ghost_remove")
def run_remove(state, task):
    T.ask_or_done(state, task[1], "ghost_remove", tokens(state))


def legal_remove(state) -> list[str]:
    optional = T.top(state)[2]
    return [f"exorcise:{loc}" for loc in tokens(state)] + (["skip"] if optional else [])


@T.decision("ghost_remove", legal_remove)
def apply_remove(state, action_id):
    _, seat, optional = T.top(state)
    T.done(state)
    if action_id == "skip":
        return
    loc = action_id.split(":")[1]
    haunted = tokens(state)
    haunted[loc] -= 1
    _set(state, haunted)
    rules = ("AC-GHO-10", "AC-GHO-12") if optional else ("AC-GHO-10", "AC-GHO-13", "GWA-GHO-02")
    shame.give_back(state, 1, rules)
    state.log(rules, "ev.ghost.exorcise", seat=seat, location=loc)


def view(state) -> dict:
    return {**AC.common_view(state), "haunted": tokens(state),
            "dead": {str(seat): n for seat, n in state.ext.get("dead", ())}}


def render(view, t, name) -> list[str]:
    haunted = ", ".join(f"{name(loc)} {n}" for loc, n in view["haunted"].items()) or "-"
    dead = ", ".join(f"{seat}: {n}" for seat, n in view["dead"].items()) or "-"
    return [t("txt.ghost", haunted=haunted, dead=dead)]


def module() -> tuple[Module, dict]:
    m = Module("ghost")
    m.steps["ghost.run"] = step_run
    m.hook("game.setup", "before", setup)
    m.hook("spring.start", "before", clear_at_siege)
    m.hook(AFTER_SIEGE, "before", haunt)
    return m, {"defeated": (on_defeat,)}


AFTER_SIEGE = "spring.after"  # greatwall-conflicts.md §2.1 row #8b
SCENARIO_VIEWS["ghost"] = view
SCENARIO_LINES["ghost"] = render
