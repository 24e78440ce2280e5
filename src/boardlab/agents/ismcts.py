"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012): every iteration plays out one determinisation sampled from the seat's
view; the tree is keyed by action ids, and a child's selection uses how often it was
available. Rollouts are random and cut at a depth, where the game's evaluation scores (depth 0:
the evaluation judges the new leaf, once): the potential (`Ruleset.evaluations`) or, with
`leaf="plan"`, the plan values the `planner` bot uses (`Ruleset.plan_evaluations`). Iterations, depth
and leaf default to the game's (`Ruleset.search_iterations`, `search_depth` or `search_depths` by player count,
`search_leaf`)."""
from __future__ import annotations

import math
import time

from ..core.rng import SearchStream
from . import Agent
from .model import Model


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "player")

    def __init__(self, player: int | None):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.player = player  # the seat that chose the action leading here


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float = 0.0, depth: int | None = None,
                 c: float = 0.2, prior: int = 2, width: int = 8, budget: float | None = None,
                 leaf: str | None = None):
        if iterations is not None and iterations < 1 and seconds <= 0:
            raise ValueError("give iterations >= 1 or seconds > 0")
        if depth is not None and depth < 0:
            raise ValueError("depth must be >= 0")
        if leaf not in (None, "potential", "plan"):
            raise ValueError("leaf must be potential or plan")
        self.stream = SearchStream(seed)
        self.iterations, self.seconds, self.depth, self.c, self.prior = iterations, seconds, depth, c, prior
        self.rollout = 0  # this decision's depth, set by act (the game's when `depth` is None)
        self.width = width
        self.leaf = leaf  # None: the game's (Ruleset.search_leaf)
        self._judge = self._judge_one = None  # this decision's evaluations (all seats, one seat), set by act
        self.budget = budget  # a hard cap on seconds per move (the web server's), whatever the settings
        self.last_iterations = 0

    def act(self, view: dict, legal: list[str], model: Model) -> str:
        if len(legal) == 1:
            return legal[0]
        root = _Node(None)
        iterations = model.rules.search_iterations if self.iterations is None else self.iterations
        self.rollout = self.depth if self.depth is not None else model.rules.search_depths.get(
            model.players, model.rules.search_depth)
        rules = model.rules
        plan = (rules.search_leaf if self.leaf is None else self.leaf) == "plan"
        self._judge = rules.plan_evaluations if plan else rules.evaluations
        self._judge_one = rules.plan_evaluate if plan else rules.evaluate
        candidates = self._shortlist(legal, model)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds > 0 else None
        cap = None if self.budget is None else start + self.budget
        n = 0
        while (n < iterations) if deadline is None else (time.perf_counter() < deadline):
            if cap is not None and time.perf_counter() >= cap:
                break
            self._iterate(root, model, candidates, check=n == 0)
            n += 1
        self.last_iterations = n
        best = max(candidates, key=lambda a: (root.children[a].visits if a in root.children else -1))
        return best

    def _shortlist(self, legal: list[str], model: Model) -> set[str] | list[str]:
        """Progressive pruning at the root: the `width` actions the evaluation likes best."""
        if not self.width or len(legal) <= self.width:
            return legal
        base = model.sample(self.stream)
        scored = []
        for action in legal:
            g = base.clone()
            g.apply(action)
            scored.append((self._judge_one(g.state, model.seat), action))
        scored.sort(key=lambda t: -t[0])
        return [a for _, a in scored[:self.width]]

    def _iterate(self, root: _Node, model: Model, candidates, check: bool = False) -> None:
        g = model.sample(self.stream)
        if check:  # the true game's ids, checked on the first sample (every sample lists the same at the root)
            g.check_listed(candidates)
        play, state = g.apply_listed, g.state  # (a game plays on in its one state object)
        node, path = root, [root]
        while state.pending is not None:  # (not over)
            legal = candidates if node is root else g.legal_action_ids()
            player = state.pending[0]
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[self.stream.below(len(untried))]
                child = node.children[action] = _Node(player)
                child.avail = 1
                play(action)
                path.append(child)
                if self.rollout == 0 and state.pending is not None:  # the leaf is judged once: prior and reward alike
                    rewards = self._judge(state)
                    self._initialise(child, rewards[player])
                    self._backup(path, rewards)
                    return
                if self.prior:
                    self._initialise(child, self._judge_one(state, player))
                break
            action = self._select(children, legal)
            node = children[action]
            play(action)
            path.append(node)
        self._backup(path, self._rollout(g))

    def _initialise(self, child: _Node, value: float) -> None:
        """Heuristic initialisation: the evaluation counts as `prior` visits."""
        if self.prior:
            child.visits = self.prior
            child.reward = self.prior * value

    @staticmethod
    def _backup(path: list[_Node], rewards: list[float]) -> None:
        for node in path[1:]:
            node.visits += 1
            node.reward += rewards[node.player]

    def _select(self, children: dict[str, _Node], legal) -> str:
        """The first legal action of highest UCB value (availability-counted: ISMCTS). Every child was
        counted available at least once on the way here (`_iterate`), so its log is defined."""
        c, log, sqrt = self.c, math.log, math.sqrt
        best, best_value = legal[0], -math.inf
        for a in legal:
            child = children[a]
            visits = child.visits
            value = child.reward / visits + c * sqrt(log(child.avail) / visits)
            if value > best_value:
                best, best_value = a, value
        return best

    def _rollout(self, g) -> list[float]:
        state, below, legal_ids, play = g.state, self.stream.below, g.legal_action_ids, g.apply_listed
        for _ in range(self.rollout):
            if state.pending is None:  # (over)
                break
            legal = legal_ids()
            play(legal[below(len(legal))])
        if state.pending is None:
            return g.rules.rewards(state)
        return self._judge(state)
