"""The task stack: every multi-step piece of the rules (effects, Location activations,
battle steps) is a task; tasks that need a choice ask one decision at a time.

`state.tasks` is a stack (the next task is last). A task is a tuple `(kind, seat, *args)`.
A handler either finishes the task (popping it, possibly pushing sub-tasks) or asks a
decision, leaving the task on the stack; the decision's `apply` updates or pops it.
"""
from __future__ import annotations

import contextlib
import contextvars

from ...core.flow import RETURN, Decision, call

HANDLERS: dict = {}
DECISIONS: dict = {}
OWNERS: dict = {}  # decision kind -> the Python module that registered it
# Extension points inside tasks (e.g. "activation"): module functions the running flow provides.
_EXTENSIONS: contextvars.ContextVar[dict | None] = contextvars.ContextVar("extensions", default=None)


def handler(kind: str):
    def register(fn):
        HANDLERS[kind] = fn
        return fn
    return register


def decision(kind: str, legal):
    """Register a decision kind whose answer is applied by the decorated function."""
    def register(fn):
        def apply(state, action_id):
            fn(state, action_id)
            return "tasks.run"
        DECISIONS[kind] = Decision(legal, apply)
        OWNERS[kind] = fn.__module__
        return fn
    return register


def push(state, *tasks) -> None:
    """Schedule tasks to run next, in the order given."""
    state.tasks.extend(reversed(tasks))


def run_then(state, tasks, then: str) -> str:
    """From a flow step: run these tasks, then continue at step `then`."""
    push(state, *tasks)
    return call(state, "tasks.run", then)


def ask(state, seat: int, kind: str) -> None:
    state.pending = (seat, kind)


@contextlib.contextmanager
def extensions_of(extensions: dict):
    """Make a configuration's extension points available (the runner; tests calling rules directly)."""
    token = _EXTENSIONS.set(extensions)
    try:
        yield
    finally:
        _EXTENSIONS.reset(token)


def runner(extensions_for):
    """The `tasks.run` step: runs tasks with the extensions of the state's active modules
    (`extensions_for(state) -> {point: fns}`)."""
    def step_run(state):
        with extensions_of(extensions_for(state)):
            tasks = state.tasks
            while tasks:
                HANDLERS[tasks[-1][0]](state, tasks[-1])
                if state.flags.get("end_now"):
                    return "game.end_now"
                if state.pending is not None:
                    return None
            return RETURN
    return step_run


def extensions(point: str) -> tuple:
    """The functions modules attached to an extension point of the running configuration.
    Only the task runner knows the configuration: calling this elsewhere (a flow step, a decision's
    `apply`) would silently skip the modules, so it is an error."""
    known = _EXTENSIONS.get()
    if known is None:
        raise RuntimeError(f"extension point {point!r} used outside tasks.run: schedule a task instead")
    return known.get(point, ())


def ask_or_done(state, seat: int, kind: str, possible) -> None:
    """From a handler: ask `seat` the decision `kind` if there is a choice to make, else finish the task."""
    if possible:
        ask(state, seat, kind)
    else:
        done(state)


def top(state) -> tuple:
    return state.tasks[-1]


def replace(state, task: tuple) -> None:
    state.tasks[-1] = task


def done(state) -> None:
    state.tasks.pop()
