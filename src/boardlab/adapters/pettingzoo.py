"""PettingZoo AEC environments for every registered boardlab game.

    from boardlab.adapters import pettingzoo
    env = pettingzoo.env("carcassonne", players=3, options={"expansions": ["wonders"]})

Agents are `seat_0`, `seat_1`, ...; each observes a dict: `observation`, the seat's fixed-size
encoding (`encodings/`), and `action_mask` over the game's integer action space (`Game.action_space`;
ones only for the seat to play). Rewards come at the end from `Ruleset.rewards` (a cooperative result
is shared). `reset(seed=s)` starts the boardlab game of seed s, so the same seed gives the same
episode. An illegal or malformed action raises boardlab's `IllegalAction` and changes nothing.

`env()` returns the environment itself, which enforces PettingZoo's call order as its
`OrderEnforcingWrapper` would (step, observe, render and agent_iter before reset raise; agents,
rewards and the like do not exist before reset; a loop over `agent_iter` must step): the wrapper
forwards every attribute through `__getattr__`, which cost about a fifth of a step. Rewards come only
at the end, so a step before it leaves the (zero) rewards dictionaries as they are.
"""
from __future__ import annotations

import sys
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable, AECIterator
from pettingzoo.utils.env_logger import EnvLogger

from ..core.errors import IllegalAction
from ..core.game import Game, new_game
from .codes import ActionCodes
from .encodings import LIMIT, encoding_for


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class BoardlabAEC(AECEnv):
    """One boardlab game as an AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, options: dict | None = None,
                 render_mode: str | None = None):
        super().__init__()
        self.game: Game = new_game(game, players, 0, options)  # checks the name, players, options
        self.game_name, self.players, self.options = game, players, self.game.options
        self.metadata = {**self.metadata, "name": f"boardlab_{game}_v0"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.encoding = encoding_for(game, players, self.options)
        self.space = self.game.action_space
        self.codes = ActionCodes(self.space)
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._next_seed = 0
        self._legal_read: list[str] | None = None  # the game's legal list last encoded
        self._codes: list[int] = []  # and its integers, in its order
        self._masks = MaskPool(self.space.size)
        self._index_of: list[int] | None = None  # the legal integers last made an index array
        self._index = np.zeros(0, np.intp)
        self._has_reset = False
        self._has_stepped = False  # since agent_iter last gave an agent (PettingZoo's order)

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (self.encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # episodes ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: of `seed`, or (no seed) of the next seed after the last one used."""
        seed = self._next_seed if seed is None else int(seed)
        self._next_seed = seed + 1
        self.game = new_game(self.game_name, self.players, seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.game.to_play)
        self._has_reset = self._has_stepped = True

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_stepped = True
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._play(action)
        game = self.game
        if game.is_over:  # the only step with rewards (every step before left them all zero)
            self._finish()
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[game.to_play]

    def _play(self, action: Any) -> None:
        """A legal integer of this position is played as the id it was encoded from (the game's own
        legal list: nothing to parse or check again); anything else through `action_id` and
        `Game.apply`, which raise IllegalAction for what is not legal."""
        game = self.game
        if (type(action) is int or type(action) is np.int64) and game.legal_action_ids() is self._legal_read:
            try:  # (bool is neither type)
                listed = self._legal_read[self._codes.index(action)]
            except ValueError:  # not legal here
                pass
            else:
                game.apply_listed(listed)
                return
        game.apply(self.action_id(action))

    def action_id(self, action: Any) -> str:
        """The boardlab id of an integer action (IllegalAction for anything else)."""
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                or not 0 <= int(action) < self.space.size:
            raise IllegalAction("err.action_index", hi=self.space.size - 1, action=repr(action))
        return self.space.decode(int(action))

    def _finish(self) -> None:
        for agent in self.agents:
            self._cumulative_rewards[agent] = 0.0
        for agent, reward in zip(self.possible_agents, self.game.rules.rewards(self.game.state)):
            self.rewards[agent] = float(reward)
            self.terminations[agent] = True
            self.infos[agent] = {"scores": self.game.scores, "winners": self.game.winners}

    # observations -------------------------------------------------------------------------
    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderedIterable(self, max_iter)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self.seat_of[agent]
        return {"observation": self.encoding.encode(self.game, seat), "action_mask": self.mask(seat)}

    def mask(self, seat: int, dtype: type = np.int8) -> np.ndarray:
        """The seat's action mask, a new array or one no caller holds any more (`MaskPool`)."""
        codes = self._legal_codes(seat)
        if dtype is np.int8:
            return self._masks.mask(self._legal_index(codes))
        mask = np.zeros(self.space.size, dtype=dtype)
        if codes:
            mask[codes] = 1
        return mask

    def _legal_index(self, codes: list[int]) -> np.ndarray:
        """`codes` as an index array (made once per position)."""
        if codes is not self._index_of:
            self._index_of, self._index = codes, np.array(codes, np.intp)
        return self._index

    def legal_actions(self, seat: int) -> list[int]:
        """The integer ids of `seat`'s legal actions, ascending (none unless it is to play): the
        mask's ones, without scanning the mask."""
        return sorted(self._legal_codes(seat))

    def _legal_codes(self, seat: int) -> list[int]:
        """The integers of `seat`'s legal ids in the game's order (read-only). Encoded once per
        position: the game keeps one legal list per position (a new list after each action), and
        this keeps that list and its integers until the game gives another."""
        if self.game.to_play != seat:
            return []
        legal = self.game.legal_action_ids()
        if legal is not self._legal_read:
            self._legal_read, self._codes = legal, self.codes.codes(legal)
        return self._codes

    def render(self) -> str | None:
        """The spectator's view as text (the game's terminal picture, or a summary)."""
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        text = render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class MaskPool:
    """Action masks of one size, reused once no one else holds them: a mask is a large array
    (Carcassonne's has 134,041 entries) and allocating and zeroing one each observation costs more
    than clearing the few ones of an old one. An array is reused only when the pool's is its one
    reference (CPython's reference count: a caller's variable, dictionary, numpy view or exported
    buffer each hold one), so a mask a caller keeps never changes. Elsewhere than CPython (up to 3.13),
    always a new array."""

    KEPT = 4  # arrays kept (a loop holds the last observation or two while it asks the next)

    def __init__(self, size: int):
        self.size = size
        self.arrays: list[np.ndarray] = []
        self.ones: list[np.ndarray] = []  # each array's ones (an index array)
        # CPython up to 3.13: from 3.14 the interpreter may skip counting a reference on its stack, so a
        # count could read as free an array a caller still holds
        self.counted = sys.implementation.name == "cpython" and sys.version_info < (3, 14)

    def mask(self, index: np.ndarray) -> np.ndarray:
        """A mask with ones at `index` only."""
        arrays = self.arrays
        if self.counted:
            for i in range(len(arrays)):
                if sys.getrefcount(arrays[i]) == 2:  # the list's reference and the call's own
                    mask = arrays[i]
                    mask[self.ones[i]] = 0
                    mask[index] = 1
                    self.ones[i] = index
                    return mask
        mask = np.zeros(self.size, np.int8)
        mask[index] = 1
        if self.counted and len(arrays) < self.KEPT:
            arrays.append(mask)
            self.ones.append(index)
        return mask


def render_text(game: Game, seat: int | None = None) -> str:
    """`seat`'s view (None: a spectator's) as the game draws it for the terminal, else a summary."""
    view = game.view(seat)
    text = game.rules.render_text(view, "en")
    if text is not None:
        return text
    lines = [f"{game.rules.name}: scores {view['scores']}",
             "game over, winners " + str(view["winners"]) if view["is_over"]
             else f"seat {view['to_play']} to play ({view['decision']})"]
    lines += ["  " + e["text"] for e in view["log"][-5:]]
    return "\n".join(lines)


class _OrderedIterable(AECIterable):
    def __iter__(self) -> AECIterator:
        return _OrderedIterator(self.env, self.max_iter)


class _OrderedIterator(AECIterator):
    """`agent_iter`'s iterator: PettingZoo's, and (as its order enforcing wrapper's) each agent after
    the first only once the environment has stepped."""

    def __next__(self) -> str:
        agent = super().__next__()
        assert self.env._has_stepped, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_stepped = False
        return agent


def env(game: str, players: int = 2, options: dict | None = None, render_mode: str | None = None) -> AECEnv:
    """The AEC environment (it enforces PettingZoo's call order itself: see the module's docstring)."""
    return BoardlabAEC(game, players, options, render_mode)


def raw_env(game: str, players: int = 2, options: dict | None = None,
            render_mode: str | None = None) -> BoardlabAEC:
    return BoardlabAEC(game, players, options, render_mode)
