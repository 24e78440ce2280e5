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
    cls._replace = _fast_replace(cls._fields)  # type: ignore[attr-defined]
    return codec.register(cls)


def _fast_replace(fields: tuple[str, ...]) -> Any:
    """`NamedTuple._replace` without its generic machinery (records are replaced at almost every decision): a
    function made for the record's fields, each a keyword defaulting to the record's own value."""
    # a NamedTuple's fields never start with "_": the function's own names cannot clash with them
    params = "".join(f", {name}=_KEEP" for name in fields)
    values = "".join(f"_self[{i}] if {name} is _KEEP else {name}, " for i, name in enumerate(fields))
    source = (f"def _replace(_self{', *' if fields else ''}{params}, **_unknown):\n"
              f"    if _unknown:\n"
              f"        raise ValueError(f'Got unexpected field names: {{list(_unknown)!r}}')\n"
              f"    return _new(type(_self), ({values}))\n")
    scope: dict[str, Any] = {"_KEEP": _KEEP, "_new": tuple.__new__}
    exec(source, scope)  # noqa: S102 - the source is built from a NamedTuple's field names (identifiers)
    return scope["_replace"]


_KEEP = object()  # a field `_replace` was not asked to change


def push(state: Any, *tasks: Any) -> None:
    """Schedule tasks to run next, in the order given."""
    if len(tasks) == 1:
        state.tasks.append(tasks[0])
    elif tasks:
        state.tasks.extend(reversed(tasks))


def run_then(state: Any, tasks: Iterable[Any], then: str) -> str:
    """From a flow step: run these tasks, then continue at step `then`."""
    push(state, *tasks)
    return call(state, TASKS, then)


def ask(state: Any, seat: int, kind: str) -> None:
    global _offered
    _offered = None
    state.pending = (seat, kind)


# The legal ids a handler computed to decide whether to ask (`offer`), for the game to take at once (`offered`):
# asking is where most handlers list the options, and listing them again at once would double the work.
_offered: tuple[Any, Any, Any, list[str]] | None = None  # (state, pending, top task, ids)


def offer(state: Any, seat: int, kind: str, ids: list[str]) -> None:
    """Ask `seat` the decision `kind` whose legal ids are `ids`: exactly what the decision's `legal(state)`
    returns now (the same ids in the same order), in a new list. `Game.apply` takes them (`offered`) instead
    of asking `legal` again."""
    global _offered
    state.pending = pending = (seat, kind)
    _offered = (state, pending, state.tasks[-1] if state.tasks else None, ids)


def offered(state: Any) -> list[str] | None:
    """The ids offered by the last `offer`, if it asked the decision pending in `state` now (same state, same
    pending decision, same task on top); forgotten once asked for."""
    global _offered
    memo, _offered = _offered, None
    if memo is None or memo[0] is not state or memo[1] is not state.pending:
        return None
    top_task = state.tasks[-1] if state.tasks else None
    return memo[3] if memo[2] is top_task else None


def ask_or_done(state: Any, seat: int, kind: str, possible: object) -> None:
    """From a handler: ask `seat` the decision `kind` if there is a choice to make, else finish the task."""
    if possible:
        ask(state, seat, kind)
    else:
        done(state)


def offer_or_done(state: Any, seat: int, kind: str, ids: list[str], possible: object = True) -> None:
    """From a handler: `offer` the decision if `possible` and there are `ids`, else finish the task."""
    if possible and ids:
        offer(state, seat, kind, ids)
    else:
        done(state)


def top(state: Any) -> Any:
    return state.tasks[-1]


def replace(state: Any, task: Any) -> None:
    state.tasks[-1] = task


def done(state: Any) -> None:
    state.tasks.pop()
