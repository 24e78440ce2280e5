"""The task stack: multi-decision work inside a flow step, one decision at a time.

`state.tasks` is a stack (the next task is last). A task is a typed record: a `NamedTuple`
registered with `record` (so snapshots can hold it), e.g.

    @record
    class Activate(NamedTuple):
        seat: int
        location: str

A handler (`Part.handler(Activate)`) either finishes its task (popping it, possibly pushing
sub-tasks) or asks a decision, leaving the task on the stack; the decision's answer
(`Part.task_decision`) updates (`replace`) or pops (`done`) it. Records are immutable, so a cloned
state can share them.
"""
from __future__ import annotations

from typing import Any, Iterable, TypeVar

from . import codec
from .flow import TASKS, call

T = TypeVar("T", bound=type)


def record(cls: T) -> T:
    """Register a NamedTuple as a task record (it may then be stored in snapshots)."""
    if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise TypeError(f"{cls.__name__}: a task record is a typing.NamedTuple")
    return codec.register(cls)


def push(state: Any, *tasks: Any) -> None:
    """Schedule tasks to run next, in the order given."""
    state.tasks.extend(reversed(tasks))


def run_then(state: Any, tasks: Iterable[Any], then: str) -> str:
    """From a flow step: run these tasks, then continue at step `then`."""
    push(state, *tasks)
    return call(state, TASKS, then)


def ask(state: Any, seat: int, kind: str) -> None:
    state.pending = (seat, kind)


def ask_or_done(state: Any, seat: int, kind: str, possible: object) -> None:
    """From a handler: ask `seat` the decision `kind` if there is a choice to make, else finish the task."""
    if possible:
        ask(state, seat, kind)
    else:
        done(state)


def top(state: Any) -> Any:
    return state.tasks[-1]


def replace(state: Any, task: Any) -> None:
    state.tasks[-1] = task


def done(state: Any) -> None:
    state.tasks.pop()
