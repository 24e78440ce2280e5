"""The flow of a game as named steps, compiled from a game's base rules and its active modules.

A step is a function `step(state) -> next step name`. It may instead ask for a decision by setting
`state.pending = (seat, kind)`; the decision's `apply(state, action_id)` then returns the next step
name. Hooks run around a step:

- `before`: `hook(state) -> None | detour step name`
- `instead`: `hook(state, base_step) -> next step name` (may call `base_step(state)`)
- `after`: `hook(state) -> None | detour step name` (after the step, or after its decision)

A detour runs its own steps and ends by returning `RETURN`; the flow then resumes where it left.
Where the flow is lives in the state (`state.at`, `state.stack`), so a saved or cloned state
resumes exactly.

Multi-decision work inside a step runs on the state's task stack (`state.tasks`, see
`core/tasks.py`): the step `tasks.run` calls the handler of the task on top until the stack is
empty (then it returns to the caller, `RETURN`) or a decision is pending. A handler may also return
a step name to leave the runner there at once.

`halt(state, step)` ends whatever is under way (a game won in the middle of a battle, say): at the
next point where the flow moves on, every scheduled task and step is dropped and the flow goes to
`step`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .module import Module, Part, Program

RETURN = "return"
GAME_OVER = "game_over"
TASKS = "tasks.run"

Step = Callable[[Any], "str | None"]
Legal = Callable[[Any], list[str]]
Apply = Callable[[Any, str], "str | None"]
Handler = Callable[[Any, Any], "str | None"]


@dataclass(frozen=True)
class Decision:
    """A kind of decision: its legal action ids and how an answer changes the state."""

    legal: Legal   # (state) -> [action ids]
    apply: Apply   # (state, action_id) -> next step name


class Flow:
    """The compiled machine for one set of active modules: steps with their hooks, decisions,
    task handlers and the answers to the base game's extension points."""

    def __init__(self, program: "Program", modules: tuple["Module", ...]):
        self.program = program
        self.modules = modules
        self.names = tuple(m.name for m in modules)
        parts: tuple["Part", ...] = (program.base, *modules)
        self.steps: dict[str, Step] = {}
        self.decisions: dict[str, Decision] = {}
        self.handlers: dict[type, Handler] = {}
        for part in parts:
            _merge(self.steps, part.steps, part, "step")
            _merge(self.decisions, part.decisions, part, "decision")
            _merge(self.handlers, part.handlers, part, "task handler")
        for part in parts:
            for kind, replace in part.decision_hooks:
                if kind not in self.decisions:
                    raise ValueError(f"{part.label} replaces unknown decision {kind!r}")
                self.decisions[kind] = replace(self.decisions[kind])
        # decisions a module replaced: what their base handlers offer (tasks.offer) is not their legal list
        self.replaced = frozenset(kind for part in parts for kind, _ in part.decision_hooks)
        if self.handlers:
            _merge(self.steps, {TASKS: self._run_tasks}, program.base, "step")
        self.answers = _answers(program, parts)
        self.stages = _stages(self.steps, modules)

    # ---- running ----------------------------------------------------------------------------
    def start(self, state: Any, step: str) -> None:
        state.at = (step, 0, None)
        self.run(state)

    def run(self, state: Any) -> None:
        """Advance until a decision is pending or the game is over."""
        stages, names = self.stages, self.names
        checked = None  # the state's tuple of module names last found equal to ours (switching on makes a new one)
        while state.at is not None:
            if state.halt is not None:
                _stop(state)
            elif state.pending is not None:
                break
            modules = state.modules
            if modules is not checked:
                if modules != names:  # a module was switched on during play
                    self.program.flow(modules).run(state)
                    return
                checked = modules
            name, i, nxt = state.at
            if name == RETURN:
                state.at = state.stack.pop()
                continue
            if name == GAME_OVER:
                state.at = None
                break
            seq = stages[name]
            if i == len(seq):
                state.at = (nxt, 0, None)
                continue
            kind, fn = seq[i]
            if kind == "s":
                nxt = fn(state)
                i += 1
                if state.halt is None:  # else the loop's next turn stops what is under way
                    if state.pending is not None:
                        state.at = (name, i, nxt)
                        break  # a decision asked: as the loop's next turn would
                    if i == len(seq) and state.modules is checked:
                        state.at = (nxt, 0, None)  # no hook after it: on at once, as the loop's next turn would go
                        continue
                state.at = (name, i, nxt)
                continue
            detour = fn(state)
            state.at = (name, i + 1, nxt)
            if detour is not None:
                state.stack.append(state.at)
                state.at = (detour, 0, None)

    def legal(self, state: Any) -> list[str]:
        return self.decisions[state.pending[1]].legal(state)

    def apply(self, state: Any, action_id: str) -> None:
        """Resolve the pending decision with a legal id, then advance."""
        kind = state.pending[1]
        nxt = self.decisions[kind].apply(state, action_id)  # may read state.pending (whose turn)
        state.pending = None
        if state.halt is not None:
            _stop(state)
            self.program.flow(state.modules).run(state)
            return
        name, i, _ = state.at
        seq = self.stages.get(name)  # none for RETURN, GAME_OVER (a position set by hand)
        if seq is not None and i == len(seq) and state.modules == self.names:
            state.at = (nxt, 0, None)  # the step asking was the last of its stage: on at once, as `run` would go
        else:
            state.at = (name, i, nxt)
        self.run(state)  # it hands over to another flow if the decision switched a module on

    def extensions(self, point: str) -> tuple[Callable[..., Any], ...]:
        """The functions the active modules attached to an extension point of the base game."""
        return self.answers.get(point, ())

    def _run_tasks(self, state: Any) -> str | None:
        tasks, handlers = state.tasks, self.handlers
        while tasks:
            task = tasks[-1]
            leave = handlers[type(task)](state, task)
            if leave is not None or state.halt is not None:
                return leave
            if state.pending is not None:
                return None
        return RETURN


def halt(state: Any, step: str) -> None:
    """End what is under way: the flow drops every scheduled task and step and goes to `step` (a
    pending decision is withdrawn too)."""
    state.halt = step


def _stop(state: Any) -> None:
    state.at = (state.halt, 0, None)
    state.halt = None
    state.pending = None
    state.tasks.clear()
    state.stack.clear()


def call(state: Any, sub: str, then: str) -> str:
    """From a step: run the steps from `sub` until one returns RETURN, then go on at `then`."""
    state.stack.append((then, 0, None))
    return sub


def _merge(into: dict[Any, Any], more: dict[Any, Any], part: "Part", what: str) -> None:
    clash = sorted(str(k) for k in set(into) & set(more))
    if clash:
        raise ValueError(f"{part.label}: {what}(s) {', '.join(clash)} defined twice")
    into.update(more)


def _answers(program: "Program", parts: tuple["Part", ...]) -> dict[str, tuple[Callable[..., Any], ...]]:
    out: dict[str, tuple[Callable[..., Any], ...]] = {}
    for part in parts:
        for point, fns in part.answers.items():
            if point not in program.points:
                raise ValueError(f"{part.label} answers unknown extension point {point!r}"
                                 f" (the base game offers: {', '.join(sorted(program.points)) or 'none'})")
            out[point] = out.get(point, ()) + tuple(fns)
    return out


def _stages(steps: dict[str, Step], modules: tuple["Module", ...]) -> dict[str, list[tuple[str, Callable[..., Any]]]]:
    steps = dict(steps)
    before: dict[str, list[Callable[..., Any]]] = {}
    after: dict[str, list[Callable[..., Any]]] = {}
    for m in modules:
        for name, when, fn in m.hooks:
            if name not in steps:
                raise ValueError(f"{m.label} hooks unknown step {name!r}")
            if when == "instead":
                steps[name] = _wrap(fn, steps[name])
            else:
                (before if when == "before" else after).setdefault(name, []).append(fn)
    return {n: [("b", f) for f in before.get(n, ())] + [("s", s)] + [("a", f) for f in after.get(n, ())]
            for n, s in steps.items()}


def _wrap(hook: Callable[[Any, Step], str | None], base: Step) -> Step:
    return lambda state: hook(state, base)
