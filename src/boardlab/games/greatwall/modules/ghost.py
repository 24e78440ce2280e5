"""中元節, the Ghost Festival (AC-GHO-*): a competitive Ancient Chronicles scenario.

Timing through the phase mapping (greatwall-conflicts.md §2.1):
- after the siege (#8b: after the Spring battles, before Summer's donation): 1 Shame token from the
  pool per row of the Horde array holding cards, at most 3 (AC-GHO-04/05); the players, in Tea order,
  place them one at a time on Locations (not the Barracks or the Tea House, AC-GHO-09; GWA-GHO-01)
  and the Clerks there go home (AC-GHO-06/07);
- a haunted Location cannot take Clerks (AC-GHO-08): the extension point "closed_location";
  `mechanics.has_room` refuses closed Locations, and every Clerk placement (Command cards, effects, the
  Secondary race) goes through it;
- at the start of the siege (#8a: the start of Spring) every token goes back to the pool (AC-GHO-11);
  when a Horde card is defeated the defeat credit holder may remove 1 token, or, without a credit
  holder, the top of the Tea track removes 1 (AC-GHO-12/13, GWA-GHO-02);
- killed soldiers leave the game (AC-GHO-14, D23): the extension point "soldier_killed" counts them
  here instead of returning them to their owners' supplies.

State: a `GhostState` in `state.mods["ghost"]`: `haunted`, ((Location, tokens), ...) sorted; `dead`,
((seat, soldiers dead), ...) sorted. View: `view["scenario"]` adds both. Ids: `haunt:LOC`,
`exorcise:LOC`.
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
from ..data_tables import LOC_ORDER
from ..tally import count_events
from ..view import describer
from . import chronicles as AC, shame

MODULE = Module("ghost", messages="ghost.yaml")
FORBIDDEN = ("barracks", "tea_house")  # AC-GHO-09
FORMS: A.Forms = {"haunt": ("location",), "exorcise": ("location",)}  # the module's ids by kind (actions.py)


def haunt_id(loc: str) -> str:
    return f"haunt:{loc}"


def exorcise_id(loc: str) -> str:
    return f"exorcise:{loc}"


@register
class GhostState(Data):
    __slots__ = ("haunted", "dead")

    def __init__(self):
        self.haunted: tuple[tuple[str, int], ...] = ()  # Location -> tokens, sorted
        self.dead: tuple[tuple[int, int], ...] = ()     # seat -> soldiers killed (out of the game), sorted


@record
class GhostPlace(NamedTuple):
    seat: int


@record
class GhostRemove(NamedTuple):
    """AC-GHO-12/13: remove a token; `optional` for the credit holder (else the top of the Tea track must)."""
    seat: int
    optional: bool


def tokens(state) -> dict:
    return dict(state.mods["ghost"].haunted)


def _set(state, haunted: dict) -> None:
    state.mods["ghost"].haunted = tuple(sorted((loc, n) for loc, n in haunted.items() if n > 0))


def closed(state, loc: str) -> bool:
    """AC-GHO-08: a haunted Location takes no Clerk (extension point "closed_location")."""
    return any(where == loc for where, _ in state.mods["ghost"].haunted)


def killed(state, seat: int, unit: int) -> tuple[str, ...]:
    """AC-GHO-14, D23: the dead leave the game (extension point "soldier_killed"): the rules the log cites."""
    g = state.mods["ghost"]
    dead = dict(g.dead)
    dead[seat] = dead.get(seat, 0) + 1
    g.dead = tuple(sorted(dead.items()))
    return ("AC-GHO-14", "D23")


def setup(state) -> None:
    state.mods["ghost"] = GhostState()
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
    T.push(state, *[GhostPlace(tea[i % len(tea)]) for i in range(got)])  # GWA-GHO-01
    return "ghost.run"


@MODULE.step("ghost.run")
def step_run(state) -> str:
    return T.run_then(state, [], RETURN)


def places(state) -> list[str]:
    return [loc for loc in M.locations(state) if loc not in FORBIDDEN]


@T.handler(MODULE, GhostPlace)
def run_place(state, task: GhostPlace) -> None:
    T.ask(state, task.seat, "ghost_place")


@T.task_decision(MODULE, "ghost_place", lambda state: [haunt_id(loc) for loc in places(state)])
def apply_place(state, action_id):
    """AC-GHO-06/07: a token on the Location; all Clerks there go back to their owners."""
    seat = T.top(state).seat
    T.done(state)
    loc = A.arg(action_id, forms=FORMS)
    haunted = tokens(state)
    haunted[loc] = haunted.get(loc, 0) + 1
    _set(state, haunted)
    sent = len(state.clerks_on.get(loc, ()))
    M.return_clerks(state, loc)
    state.log(("AC-GHO-06", "AC-GHO-07", "AC-GHO-08", "AC-GHO-09"), "ev.ghost.haunt", seat=seat, location=loc,
              n=sent)


def on_defeat(state, row, winner) -> list:
    """AC-GHO-12/13: a defeated Horde card lets its credit holder (else the Tea track's top) remove 1."""
    if not tokens(state):
        return []
    if winner is None:
        return [GhostRemove(M.tea_order(state)[0], False)]
    return [GhostRemove(winner, True)]


@T.handler(MODULE, GhostRemove)
def run_remove(state, task: GhostRemove) -> None:
    T.ask_or_done(state, task.seat, "ghost_remove", tokens(state))


def legal_remove(state) -> list[str]:
    optional = T.top(state).optional
    return [exorcise_id(loc) for loc in tokens(state)] + (["skip"] if optional else [])


@T.task_decision(MODULE, "ghost_remove", legal_remove)
def apply_remove(state, action_id):
    task = T.top(state)
    seat, optional = task.seat, task.optional
    T.done(state)
    if action_id == "skip":
        return
    loc = A.arg(action_id, forms=FORMS)
    haunted = tokens(state)
    haunted[loc] -= 1
    _set(state, haunted)
    rules = ("AC-GHO-10", "AC-GHO-12") if optional else ("AC-GHO-10", "AC-GHO-13", "GWA-GHO-02")
    shame.give_back(state, 1, rules)
    state.log(rules, "ev.ghost.exorcise", seat=seat, location=loc)


def view(state, full: dict) -> None:
    full["scenario"].update({"haunted": tokens(state),
                             "dead": {str(seat): n for seat, n in state.mods["ghost"].dead}})


def lines(view: dict, lang: str, cat) -> list[str]:
    scn = AC.scenario_of(view, "ghost")
    if scn is None:
        return []
    from ..view import name_of
    haunted = ", ".join(f"{name_of(loc, lang, cat)} {n}" for loc, n in scn["haunted"].items()) or "-"
    dead = ", ".join(f"{seat}: {n}" for seat, n in scn["dead"].items()) or "-"
    return [cat.text("txt.ghost", lang, haunted=haunted, dead=dead)]


def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary([haunt_id(loc) for loc in LOC_ORDER] + [exorcise_id(loc) for loc in LOC_ORDER])]


AFTER_SIEGE = "spring.after"  # greatwall-conflicts.md §2.1 row #8b
MODULE.hook("game.setup", "before", setup)
MODULE.hook("spring.start", "before", clear_at_siege)
MODULE.hook(AFTER_SIEGE, "before", haunt)
MODULE.answer("defeated", on_defeat)
MODULE.answer("closed_location", closed)
MODULE.answer("soldier_killed", killed)
MODULE.view = view
MODULE.summary = lambda state: {"ghost_festival": count_events(state, {"ev.ghost.exorcise": "tokens_removed",
                                                                      "ev.ghost.haunt": "tokens_placed"})}
MODULE.describe = describer(FORMS)
MODULE.lines = lines
MODULE.actions = actions
