"""Planner: looks through its own next decisions (a multi-step move, a dispatch and its slots, a
donation of three resources) and judges where they lead by the game's plan value
(`Ruleset.plan_evaluate`: The Great Wall counts the battles to come by their likely outcome)."""
from __future__ import annotations

import time

from ..core.rng import Stream
from . import Agent
from .model import Model

PASSIVE = ("skip", "done", "none", "pass", "refuse", "base", "die")  # answers that decline


class PlannerAgent(Agent):
    """Each legal action is tried on `samples` determinisations; after it the seat's own following
    decisions (up to `depth`) are played by the same plan value one step ahead; the action whose end
    position is worth most wins (ties by the bot's stream)."""

    name = "planner"
    LOOKAHEAD = 200  # decisions at most in a lookahead

    def __init__(self, seed: int = 0, samples: int = 2, depth: int = 6, budget: float | None = None):
        if samples < 1 or depth < 0:
            raise ValueError("samples must be at least 1 and depth at least 0")
        self.stream = Stream(seed)
        self.samples, self.depth = samples, depth
        self.budget = budget  # a hard cap on seconds per move (the web server's): no sample starts after it

    def act(self, view, legal: list[str], model: Model) -> str:
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        seat = model.seat
        cap = None if self.budget is None else time.monotonic() + self.budget
        for k in range(self.samples):
            if k and cap is not None and time.monotonic() > cap:
                break
            base = model.sample(self.stream)
            done = base.rules.plan_lookahead(base.state, seat)
            for action in legal:
                g = base.clone()
                g.apply(action)
                if done is None:
                    self._follow(g, seat)
                else:
                    self._play_on(g, seat, done)
                totals[action] += g.rules.plan_evaluate(g.state, seat)
        best = max(totals.values())
        ties = [a for a in legal if totals[a] >= best - 1e-9]
        return ties[self.stream.below(len(ties))]

    def _play_on(self, g, seat: int, done) -> None:
        """The game's lookahead (`Ruleset.plan_lookahead`): play until `done`, the seat by the plan value
        one step ahead, the others passively (declining what they may, else their first choice)."""
        for _ in range(self.LOOKAHEAD):
            if g.is_over or done(g.state):
                return
            legal = g.legal_action_ids()
            if g.to_play == seat and len(legal) > 1:
                g.apply(max(legal, key=lambda a: self._one_step(g, a, seat)))
            else:
                g.apply(next((a for a in legal if a in PASSIVE), legal[0]))

    def _follow(self, g, seat: int) -> None:
        """Play the seat's own next decisions, each the best one step ahead by the plan value."""
        for _ in range(self.depth):
            if g.is_over or g.to_play != seat:
                return
            legal = g.legal_action_ids()
            if len(legal) > 1:
                g.apply(max(legal, key=lambda a: self._one_step(g, a, seat)))
            else:
                g.apply(legal[0])

    @staticmethod
    def _one_step(g, action: str, seat: int) -> float:
        nxt = g.clone()
        nxt.apply(action)
        return nxt.rules.plan_evaluate(nxt.state, seat)
