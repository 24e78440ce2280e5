"""The flow of a game as named steps, with hooks that expansions attach to.

A step is a function `step(state) -> next step name`. It may instead ask for a decision
by setting `state.pending = (seat, kind)`; the decision's `apply(state, action_id)` then
returns the next step name. Hooks run around a step:

- `before`: `hook(state) -> None | detour step name`
- `instead`: `hook(state, base_step) -> next step name` (may call `base_step(state)`)
- `after`: `hook(state) -> None | detour step name` (after the step, or after its decision)

A detour runs its own steps and ends by returning `RETURN`; the flow then resumes where it
left. Where the flow is lives in the state (`state.at`, `state.stack`), so a saved or
cloned state resumes exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

RETURN = "return"
GAME_OVER = "game_over"


@dataclass(frozen=True)
class Decision:
    """A kind of decision: its legal action ids and how an answer changes the state."""

    legal: Callable  # (state) -> list[str]
    apply: Callable  # (state, action_id) -> next step name


@dataclass
class Module:
    """An expansion or scenario: its own steps, decisions and hooks on the base flow."""

    name: str
    steps: dict = field(default_factory=dict)
    decisions: dict = field(default_factory=dict)
    hooks: list = field(default_factory=list)  # (step name, "before" | "instead" | "after", fn)

    def hook(self, step: str, when: str, fn: Callable) -> None:
        if when not in ("before", "instead", "after"):
            raise ValueError(f"unknown hook point {when!r}")
        self.hooks.append((step, when, fn))


class Flow:
    """The compiled machine for one set of modules: steps, stages and decisions."""

    def __init__(self, steps: dict, decisions: dict, modules: tuple[Module, ...] = ()):
        steps = dict(steps)
        self.decisions = dict(decisions)
        before: dict[str, list] = {}
        after: dict[str, list] = {}
        for m in modules:
            steps.update(m.steps)
            self.decisions.update(m.decisions)
        for m in modules:
            for name, when, fn in m.hooks:
                if name not in steps:
                    raise ValueError(f"module {m.name} hooks unknown step {name!r}")
                if when == "instead":
                    steps[name] = _wrap(fn, steps[name])
                else:
                    (before if when == "before" else after).setdefault(name, []).append(fn)
        self.stages = {n: [("b", f) for f in before.get(n, ())] + [("s", s)] + [("a", f) for f in after.get(n, ())]
                       for n, s in steps.items()}

    def start(self, state, step: str) -> None:
        state.at = (step, 0, None)
        self.run(state)

    def run(self, state) -> None:
        """Advance until a decision is pending or the game is over."""
        stages = self.stages
        while state.pending is None and state.at is not None:
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
                state.at = (name, i + 1, nxt)
                continue
            detour = fn(state)
            state.at = (name, i + 1, nxt)
            if detour is not None:
                state.stack.append(state.at)
                state.at = (detour, 0, None)

    def legal(self, state) -> list[str]:
        return self.decisions[state.pending[1]].legal(state)

    def apply(self, state, action_id: str) -> None:
        """Resolve the pending decision with a legal id, then advance."""
        kind = state.pending[1]
        nxt = self.decisions[kind].apply(state, action_id)  # may read state.pending (whose turn)
        state.pending = None
        name, i, _ = state.at
        state.at = (name, i, nxt)
        self.run(state)


def call(state, sub: str, then: str) -> str:
    """From a step: run the steps from `sub` until one returns RETURN, then go on at `then`."""
    state.stack.append((then, 0, None))
    return sub


def _wrap(hook, base):
    return lambda state: hook(state, base)
