"""`Flow.run` leaves its loop as soon as a step asks a decision, and `Flow.apply` goes straight on to the next step
when the step that asked was the last of its stage: the same steps run in the same order as through the loop's
general turns. These tests pin the cases where going straight on would be wrong."""
from __future__ import annotations

from boardlab.core.flow import GAME_OVER, Decision, halt
from boardlab.core.module import Module, ModuleRegistry, Part, Program
from boardlab.core.state import BaseState


class _S(BaseState):
    __slots__ = ("trace",)

    def __init__(self):
        super().__init__(1, 0)
        self.trace = []


def _program(late: Module, answer) -> Program:
    """a -> b (asks "choose", answered by `answer`) -> c -> over; `late` is a module the answer may switch on."""
    def a(s):
        s.trace.append("a")
        return "b"

    def b(s):
        s.trace.append("b")
        s.pending = (0, "choose")

    def c(s):
        s.trace.append("c")
        return GAME_OVER

    base = Part()
    base.steps.update({"a": a, "b": b, "c": c, "stop": lambda s: s.trace.append("stop") or GAME_OVER})
    base.decisions["choose"] = Decision(lambda s: ["x"], answer)
    return Program(base, ModuleRegistry.of(late))


def test_a_module_switched_on_by_the_answer_runs_its_hook_after_the_asking_step():
    """The step asking was the last of its stage in the flow that asked; the answer switches on a module hooking
    after it: the new module's hook runs (going straight on to the next step would skip it)."""
    late = Module("late")
    late.hook("b", "after", lambda s: s.trace.append("after-b"))

    def answer(s, action):
        s.trace.append(action)
        s.modules = ("late",)
        return "c"

    program = _program(late, answer)
    s = _S()
    flow = program.flow(())
    s.modules = flow.names
    flow.start(s, "a")
    assert s.trace == ["a", "b"] and s.pending == (0, "choose")
    flow.apply(s, "x")
    assert s.trace == ["a", "b", "x", "after-b", "c"] and s.at is None


def test_a_step_asking_and_halting_at_once_halts():
    """A step that asks a decision and ends what is under way in the same breath: the halt wins (the decision is
    withdrawn and the flow goes to the halt's step), as when the loop turned once more."""
    program = _program(Module("late"), lambda s, action: "c")

    def b(s):
        s.trace.append("b")
        s.pending = (0, "choose")
        halt(s, "stop")

    program.base.steps["b"] = b
    flow = program.flow(())
    s = _S()
    s.modules = flow.names
    flow.start(s, "a")
    assert s.trace == ["a", "b", "stop"] and s.pending is None and s.at is None
