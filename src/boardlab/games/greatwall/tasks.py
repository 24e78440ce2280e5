"""The Great Wall's place in the engine contract: its base Part, the extension points it declares,
its Program, and thin helpers over the core task runner (core/tasks.py).

- `BASE`: the base game's Part. Base steps, decisions, task handlers and task decisions register on
  it; each module registers its own on its `MODULE` (modules/<name>.py).
- `POINTS`: the extension points the base game offers, with what an answer receives and returns.
  `extensions(state, point)` gives the answers of the modules active in `state` (none: `()`); base
  code calls them where the rules leave room (a module never changes base code or global tables).
- `PROGRAM`: BASE + the module registry (attached by the package, `__init__.py`) + POINTS.
- Ending at once (D3): `mechanics.end_now(state, rules)` records the loss (`state.flags["lost"]`).
  Handlers and task decisions registered here (`handler`, `task_decision`) then leave to the step
  `game.end_now` as soon as they finish (the core runner's rule: a handler returning a step name
  leaves the runner there), so nothing scheduled runs any more; a flow step returns that step name.
- A per-Clerk Location choice lists "skip" last; `has_choice(state, kind)` asks the decision as the
  active modules compiled it whether anything else is possible (a module may add choices to a
  base decision with `instead_of_decision`).
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.flow import TASKS, Legal
from ...core.module import Part, Program
from ...core.tasks import ask, ask_or_done, done, offer, push, replace, run_then, top  # noqa: F401  (re-exported)

BASE = Part()
END_NOW = "game.end_now"
POINTS: dict[str, str] = {
    # the year
    "overseer_income": "fn(state, seat, location, amount) -> amount an Overseer yields in the Autumn income",
    "invasion_size": "fn(state, n) -> how many Horde cards the Autumn invasion places (at least 1 is)",
    "closed_sections": "fn(state) -> sections that take no Horde card (tuple of ints)",
    "raid": "fn(state, card, tasks) -> tasks when a Horde card raids (overflow, D10): its destruction effects",
    "years": "fn(state, years) -> how many years the game lasts (D1)",
    "trigger": "fn(state, seat, event) -> None, told of every General ability trigger before the General",
    # Locations
    "location_effect": "fn(state, location) -> effect of a Location a module put on the board, or None",
    "closed_location": "fn(state, location) -> True if no Clerk may be placed there now",
    "activation": "fn(state, location, players) -> extra tasks after a Location's effects (players: Tea order)",
    "production": "fn(state, seat, location, amount) -> amount gathered at a production Location",
    "overseer_locked": "fn(state, location) -> True if Overseers there cannot be upgraded",
    # battles
    "slot_reward": "fn(state, seat, row, slot, reward) -> reward (effects) for covering a Horde card's slot",
    "dispatch_options": "fn(state, seat, rows) -> more `dispatch:UNIT:ROW` ids, after the base ones",
    "dispatched": "fn(state, seat, unit) -> tasks after a soldier is dispatched",
    "defeated": "fn(state, row, winner or None) -> tasks when a Horde card is defeated",
    "breach_value": "fn(state, section, rows) -> extra Breach value of the undefeated cards at `rows`",
    "breach": "fn(state, section, rows, here, tasks) -> tasks when the Wall is breached (here: involved seats)",
    "kill_value": "fn(state, row, kill) -> Kill value of the breaching card at `row`",
    "soldier_killed": "fn(state, seat, unit) -> the rule ids (non-empty) if it took the dead soldier out of the game "
                      "(not to its supply), else ()",
    # the result
    "rewards": "fn(state) -> each seat's reward of a finished game, replacing the base game's (a shared result)",
    "evaluate": "fn(state, seat, values=None) -> position value in [0, 1], replacing the base game's (a team's "
                "value; `values`: the seats' worths to use, the planner's plan values, else the potential)",
}
PROGRAM = Program(BASE, points=POINTS)  # the package attaches the registry of its modules


def extensions(state: Any, point: str) -> tuple[Callable[..., Any], ...]:
    """The answers of the active modules to one of the base game's extension points (in hook order;
    `()` when none answers). Program.extensions, one call shorter: base rules ask often."""
    if point not in POINTS:
        raise KeyError(f"unknown extension point {point!r}")
    return PROGRAM.flow(state.modules).answers.get(point, ())


def handler(part: Part, task_type: type) -> Callable[[Callable[[Any, Any], Any]], Callable[[Any, Any], Any]]:
    """Register `fn(state, task)` on `part` for the records of `task_type`; once a loss is recorded
    (D3) the runner leaves to `game.end_now` after it."""
    def register(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def run(state: Any, task: Any) -> str | None:
            nxt = fn(state, task)
            if nxt is None and "lost" in state.flags:
                state.pending = None
                return END_NOW
            return nxt
        part.handler(task_type)(run)
        return fn
    return register


def task_decision(part: Part, kind: str, legal: Legal) -> Callable[[Callable[[Any, str], None]], Callable[[Any, str], None]]:
    """A decision asked by a handler: `fn(state, action_id)` updates or pops the task on top, then
    the tasks run on (or the game ends at once if a loss was recorded, D3)."""
    def register(fn: Callable[[Any, str], None]) -> Callable[[Any, str], None]:
        def apply(state: Any, action_id: str) -> str:
            fn(state, action_id)
            return resume(state)
        part.decision(kind, legal)(apply)
        return fn
    return register


def resume(state: Any) -> str:
    """Where the flow goes after a task decision was applied: back to the tasks (the game ending at
    once instead if a loss was recorded)."""
    return END_NOW if "lost" in state.flags else TASKS


def has_choice(state: Any, kind: str) -> bool:
    """Whether a decision whose legal list ends with "skip" offers anything else now."""
    return len(choices(state, kind)) > 1


def choices(state: Any, kind: str) -> list[str]:
    """The legal ids of the decision `kind` now, as the active modules compiled it (a new list: it may be
    `offer`ed)."""
    return PROGRAM.flow_of(state).decisions[kind].legal(state)
