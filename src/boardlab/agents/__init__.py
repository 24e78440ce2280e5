"""Bots. A bot decides from what its seat may know: the seat's view, the legal action ids
and a `Model` that samples full games consistent with that view (never the true state)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.errors import ConfigError
from ..core.rng import Stream
from .model import Model


class Agent:
    """`act(view, legal, model) -> action id`."""

    name = "agent"

    def act(self, view: Mapping, legal: list[str], model: Model) -> str:
        """`view`: the seat's view (`Game.view(seat)`'s keys, built when first read)."""
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random among the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.stream = Stream(seed)

    def act(self, view: dict, legal: list[str], model: Model) -> str:
        return legal[self.stream.below(len(legal))]


class SeatView(Mapping):
    """A seat's view, built when a bot first reads it (the bundled bots never do: they search the
    model). It reads like the dict `Game.view(seat)` returns; the game is reached only through a
    closure, so the object offers no attribute leading to the true state."""

    __slots__ = ("_build", "_view")

    def __init__(self, game, seat: int):
        self._view: dict | None = None
        self._build = lambda: game.view(seat)

    def _data(self) -> dict:
        if self._view is None:
            self._view = self._build()
        return self._view

    def __getitem__(self, key):
        return self._data()[key]

    def __iter__(self):
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


def choose(agent: Agent, game, seat: int | None = None) -> str:
    """The harness: hand a bot only its seat's view (built if read), the legal ids and a sampling model."""
    seat = game.to_play if seat is None else seat
    return agent.act(SeatView(game, seat), list(game.legal_action_ids()), Model(game, seat))


def _agents() -> dict:
    from .greedy import GreedyAgent
    from .ismcts import ISMCTSAgent
    from .planner import PlannerAgent
    return {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": ISMCTSAgent, "planner": PlannerAgent}


class _Params(BaseModel):
    """An agent's parameters: known names only, numbers within bounds (never inf or nan)."""
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class RandomParams(_Params):
    pass


class GreedyParams(_Params):
    samples: int = Field(1, ge=1, le=64)


class ISMCTSParams(_Params):
    iterations: int | None = Field(None, ge=0, le=200_000)  # None: the game's (Ruleset.search_iterations)
    seconds: float = Field(0.0, ge=0, le=3600)
    depth: int | None = Field(None, ge=0, le=200)  # None: the game's (Ruleset.search_depth[s])
    c: float = Field(0.2, ge=0, le=100)
    prior: int = Field(2, ge=0, le=1000)
    width: int = Field(8, ge=0, le=1000)
    leaf: Literal["potential", "plan"] | None = None  # None: the game's (Ruleset.search_leaf)


class PlannerParams(_Params):
    samples: int = Field(2, ge=1, le=64)
    depth: int = Field(6, ge=0, le=200)


PARAMS: dict[str, type[_Params]] = {"random": RandomParams, "greedy": GreedyParams, "ismcts": ISMCTSParams,
                                    "planner": PlannerParams}
# agents whose search stops at a time budget (the web server's per-move cap)
BUDGETED = ("ismcts", "planner")


def parse_spec(spec: str) -> tuple[str, dict]:
    """(agent name, its parameters checked by the agent's schema) or ConfigError naming the fault."""
    agents = _agents()
    name, _, params = spec.partition(":")
    if name not in agents:
        raise ConfigError("err.unknown_agent", name=name, valid=", ".join(sorted(agents)))
    kwargs = {}
    for item in filter(None, params.replace(":", ",").split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ConfigError("err.agent_param", item=item)
        kwargs[key] = _number(value)
    try:
        checked = PARAMS[name].model_validate(kwargs)
    except ValidationError as exc:
        reason = "; ".join(f"{'.'.join(map(str, e['loc']))}={e.get('input')!r}: {e['msg']}" for e in exc.errors())
        raise ConfigError("err.agent_params", name=name, reason=reason) from None
    return name, checked.model_dump(exclude_unset=True)


def agent_names() -> list[str]:
    return sorted(_agents())


def make_agent(spec: str, seed: int = 0, budget: float | None = None) -> Agent:
    """An agent from `name` or `name:key=value,...` (e.g. `ismcts:iterations=800,depth=4`;
    `:` also separates parameters), checked by its schema (`PARAMS`). `budget`: at most this
    many seconds of thinking per move (agents that search stop there)."""
    name, kwargs = parse_spec(spec)
    if budget is not None and name in BUDGETED:
        kwargs["budget"] = budget
    try:
        return _agents()[name](seed=seed, **kwargs)
    except (TypeError, ValueError) as exc:
        raise ConfigError("err.agent_params", name=name, reason=str(exc)) from None


def split_specs(text: str) -> list[str]:
    """`ismcts:iterations=800,depth=4,greedy,random` -> one spec per agent: a comma-separated
    item with `=` and no agent name continues the previous spec's parameters."""
    specs: list[str] = []
    for item in text.split(","):
        name = item.partition(":")[0]
        if specs and "=" in item and name not in _agents():
            specs[-1] += ("," if ":" in specs[-1] else ":") + item
        else:
            specs.append(item)
    return specs


def _number(value: str):
    for cast in (int, float):
        try:
            return cast(value)
        except ValueError:
            pass
    return value
