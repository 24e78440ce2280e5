"""The one contract through which rules reach a game: its base part and its modules.

A game's rules are a base `Part` (its steps, decisions, task handlers and the extension points it
offers) plus `Module`s: expansions, scenarios, Root's factions and hirelings. A module declares in
one place everything it adds:

- flow: its own steps and decisions, hooks on the base game's named steps (`before`, `instead`,
  `after`), task handlers (`core/tasks.py`) and answers to the base game's extension points;
- state: its data in `state.mods[name]`, made by `data(state)` when the module is switched on
  (immutable values, or a `Data` object: the shared clone/encode protocol);
- information: its hidden `zones`, its part of the full `view`, how to `resample` what a seat
  cannot see of it;
- texts and pictures: action descriptions (`describe`), message file (`messages`, beside the
  module), terminal lines (`lines`) and its part of the board picture (`picture`);
- actions: the segments of the game's integer action encoding for its own ids (`actions`);
- bots: its term in the position value (`potential`) and its report categories (`summary`).

Which modules are on lives in the state (`state.modules`, in hook order), so a draft can switch
modules on during play and a saved game records them. Base code loops over
`Program.active(state)` and never imports a module: a game reaches its modules only through the
`ModuleRegistry` of its `modules` package.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Iterable, TypeVar

from .actions import Segment
from .codec import JSON
from .flow import TASKS, Apply, Decision, Flow, Handler, Legal, Step
from .visibility import Zone

F = TypeVar("F", bound=Callable[..., Any])
HOOK_POINTS = ("before", "instead", "after")


class Part:
    """Rules that plug into a game's flow: steps, decisions, task handlers, hooks, extension answers."""

    label = "base game"

    def __init__(self) -> None:
        self.steps: dict[str, Step] = {}
        self.decisions: dict[str, Decision] = {}
        self.handlers: dict[type, Handler] = {}
        self.hooks: list[tuple[str, str, Callable[..., Any]]] = []
        self.answers: dict[str, list[Callable[..., Any]]] = {}
        self.decision_hooks: list[tuple[str, Callable[[Decision], Decision]]] = []

    def step(self, name: str) -> Callable[[F], F]:
        """Register `fn(state) -> next step name` as the step `name`."""
        def register(fn: F) -> F:
            self.steps[name] = fn
            return fn
        return register

    def decision(self, kind: str, legal: Legal) -> Callable[[F], F]:
        """A flow decision: `fn(state, action_id) -> next step name` applies a legal answer."""
        def register(fn: F) -> F:
            self.decisions[kind] = Decision(legal, fn)
            return fn
        return register

    def task_decision(self, kind: str, legal: Legal) -> Callable[[F], F]:
        """A decision asked by a task handler: `fn(state, action_id)` applies the answer (it
        updates or pops the task on top), then the task stack runs on."""
        def register(fn: F) -> F:
            self.decisions[kind] = Decision(legal, _then_tasks(fn))
            return fn
        return register

    def handler(self, task_type: type) -> Callable[[F], F]:
        """Register `fn(state, task) -> None | step name` for the task records of `task_type`."""
        def register(fn: F) -> F:
            self.handlers[task_type] = fn
            return fn
        return register

    def hook(self, step: str, when: str, fn: Callable[..., Any]) -> None:
        if when not in HOOK_POINTS:
            raise ValueError(f"unknown hook point {when!r}; use one of {', '.join(HOOK_POINTS)}")
        self.hooks.append((step, when, fn))

    def instead_of_decision(self, kind: str, fn: Callable[[Decision], Decision]) -> None:
        """Replace a decision of the base game (or of an earlier module): `fn(decision) -> Decision`
        receives the one it replaces, to call or extend (a scenario adding options to a Location's
        choice, say)."""
        self.decision_hooks.append((kind, fn))

    def answer(self, point: str, fn: F) -> F:
        """Attach `fn` to one of the base game's extension points (its signature is the point's)."""
        self.answers.setdefault(point, []).append(fn)
        return fn


def _then_tasks(fn: Callable[[Any, str], None]) -> Apply:
    def apply(state: Any, action_id: str) -> str:
        fn(state, action_id)
        return TASKS
    return apply


class Module(Part):
    """An expansion, scenario, faction or hireling: rules that can be switched on."""

    def __init__(self, name: str, *, zones: tuple[Zone, ...] = (), messages: str | None = None):
        super().__init__()
        self.name = name
        self.zones = zones
        self.messages = messages  # its message file, beside the module (merged into the game's catalogue)
        self.data: Callable[[Any], Any] | None = None  # (state) -> its data in state.mods[name]
        self.view: Callable[[Any, JSON], None] | None = None  # (state, full view) -> adds its part
        self.resample: Callable[[Any, int | None, Any], None] | None = None  # (state, seat, stream)
        self.describe: Callable[[Any, str, str], str | None] | None = None  # (state, action id, lang)
        self.lines: Callable[..., list[str]] | None = None  # terminal lines: the game defines the arguments
        self.picture: Callable[..., Any] | None = None  # its part of the board picture: the game defines it
        self.potential: Callable[[Any, int], float] | None = None  # (state, seat) -> term of the position value
        self.summary: Callable[[Any], JSON] | None = None  # (state) -> report categories (Ruleset.summary)
        self.actions: Callable[[int, JSON], list[Segment]] | None = None  # (players, options) -> its action ids

    @property
    def label(self) -> str:  # type: ignore[override]
        return f"module {self.name}"


class ModuleRegistry:
    """A game's modules by name, imported on first use from its `modules` package: each module
    file (or sub-package) defines `MODULE`."""

    def __init__(self, package: str, names: Iterable[str]):
        self.package = package
        self._names = tuple(names)
        self._loaded: dict[str, Module] = {}

    @classmethod
    def of(cls, *modules: Module) -> "ModuleRegistry":
        """A registry of modules already built (tests, small games without a modules package)."""
        registry = cls("", (m.name for m in modules))
        registry._loaded = {m.name: m for m in modules}
        return registry

    def names(self) -> tuple[str, ...]:
        return self._names

    def get(self, name: str) -> Module:
        module = self._loaded.get(name)
        if module is None:
            if name not in self._names:
                raise KeyError(f"no module {name!r} in {self.package}")
            module = importlib.import_module(f"{self.package}.{name}").MODULE
            if not isinstance(module, Module) or module.name != name:
                raise TypeError(f"{self.package}.{name}.MODULE must be the Module named {name!r}")
            self._loaded[name] = module
        return module


class Program:
    """A game's rules as the engine runs them: the base part, the registry of its modules and the
    extension points the base game offers (name -> what the answers receive and return), with one
    compiled `Flow` per set of active modules."""

    def __init__(self, base: Part, modules: ModuleRegistry | None = None, points: dict[str, str] | None = None):
        self.base = base
        self.registry = modules
        self.points = dict(points or {})
        self._flows: dict[tuple[str, ...], Flow] = {}
        self._last: tuple[Any, Any] = (None, None)  # the names asked about last (the very tuple) and their flow

    def flow(self, names: tuple[str, ...]) -> Flow:
        last = self._last
        if last[0] is names:  # a game keeps one tuple of names: no hashing it at every question
            return last[1]  # type: ignore[no-any-return]
        flow = self._flows.get(names)
        if flow is None:
            flow = self._flows[names] = Flow(self, tuple(self.module(n) for n in names))
        self._last = (names, flow)
        return flow

    def flow_of(self, state: Any) -> Flow:
        return self.flow(state.modules)

    def module(self, name: str) -> Module:
        if self.registry is None:
            raise KeyError(f"this game has no modules (asked for {name!r})")
        return self.registry.get(name)

    def active(self, state: Any) -> tuple[Module, ...]:
        """The modules switched on in this state, in hook order."""
        return self.flow(state.modules).modules

    def extensions(self, state: Any, point: str) -> tuple[Callable[..., Any], ...]:
        """The functions the active modules attached to `point` (empty when none did)."""
        if point not in self.points:
            raise KeyError(f"unknown extension point {point!r}")
        return self.flow(state.modules).answers.get(point, ())

    def start(self, state: Any, step: str, modules: tuple[str, ...] = ()) -> None:
        """Switch on the first modules, then run from `step` to the first decision."""
        for name in modules:
            self.switch_on(state, name)
        self.flow(state.modules).start(state, step)

    def switch_on(self, state: Any, name: str) -> None:
        """Activate a module during play (a draft choosing a faction, say): its hooks run from the
        next step on, and its data is created now."""
        if name in state.modules:
            raise ValueError(f"module {name!r} is already on")
        module = self.module(name)
        names = state.modules + (name,)
        self.flow(names)  # compile first: a broken module fails here, leaving the state as it was
        state.modules = names
        if module.data is not None:
            state.mods[name] = module.data(state)

    def zones(self, state: Any, base: tuple[Zone, ...]) -> tuple[Zone, ...]:
        """The base game's hidden zones plus those of the active modules."""
        extra = tuple(z for m in self.active(state) for z in m.zones)
        return base + extra if extra else base
