"""Bots. Every bot decides from a seat's view and the legal action ids, nothing else."""
from __future__ import annotations

from ..core.errors import ConfigError
from ..core.rng import Stream


class Agent:
    """`act(view, legal_ids) -> action id`; `view` is what the seat may know."""

    name = "agent"

    def act(self, view: dict, legal: list[str]) -> str:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random among the legal actions, from its own seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.stream = Stream(seed)

    def act(self, view: dict, legal: list[str]) -> str:
        return legal[self.stream.below(len(legal))]


AGENTS = {"random": RandomAgent}


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from `name` or `name:key=value,...`."""
    name, _, params = spec.partition(":")
    if name not in AGENTS:
        raise ConfigError("err.unknown_agent", name=name, valid=", ".join(sorted(AGENTS)))
    kwargs = {}
    for item in filter(None, params.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ConfigError("err.agent_param", item=item)
        kwargs[key] = int(value) if value.lstrip("-").isdigit() else value
    try:
        return AGENTS[name](seed=seed, **kwargs)
    except TypeError as exc:
        raise ConfigError("err.agent_params", name=name, reason=str(exc)) from None
