"""Greedy: try each legal action on a sampled game and keep the best by the game's evaluation."""
from __future__ import annotations

from ..core.rng import Stream
from . import Agent
from .model import Model


class GreedyAgent(Agent):
    """One decision ahead; `samples` determinisations are averaged when hidden information exists."""

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 1):
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.stream = Stream(seed)
        self.samples = samples

    def act(self, view: dict, legal: list[str], model: Model) -> str:
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            base = model.sample(self.stream)
            for action in legal:
                g = base.clone()
                g.apply(action)
                totals[action] += g.rules.evaluate(g.state, model.seat)
        best = max(totals.values())
        ties = [a for a in legal if totals[a] == best]
        return ties[self.stream.below(len(ties))]
