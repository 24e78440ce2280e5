"""A Gymnasium single-agent environment: one learning seat, the other seats played by boardlab bots.

    from boardlab.adapters import gymnasium
    env = gymnasium.env("carcassonne", players=2, opponents=["random"])

The observation is the learning seat's encoding (`encodings/`), the action an integer of the game's
action space; `action_masks()` gives the legal ones (for maskable algorithms, e.g. sb3-contrib's
MaskablePPO) and `info["action_mask"]` the same. Opponents decide through `agents.choose` (their
seat's view and a sampling model, never the true state), seeded from the episode's seed. The reward
is the learning seat's share of the result (`Ruleset.rewards`) when the game ends, else 0.

An illegal action changes nothing in the game. By default (`illegal="raise"`) it raises boardlab's
`IllegalAction`; with `illegal="penalty"` (for algorithms without masks, and Gymnasium's `check_env`,
which steps with unmasked samples) it returns the same observation, reward `ILLEGAL_PENALTY` and the
error's text in `info["illegal"]`.
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from ..agents import Agent, choose, make_agent
from ..core.errors import ConfigError, IllegalAction
from ..core.rng import Stream
from .encodings import LIMIT
from .pettingzoo import BoardlabAEC, render_text

ILLEGAL_PENALTY = -1.0
ILLEGAL_MODES = ("raise", "penalty")


class BoardlabEnv(gym.Env):
    """One boardlab game from one seat's side (see the module's docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: str, players: int = 2, options: dict | None = None,
                 opponents: list[str] | None = None, seat: int = 0, render_mode: str | None = None, illegal: str = "raise"):
        self.aec = BoardlabAEC(game, players, options)
        opponents = ["random"] * (players - 1) if opponents is None else list(opponents)
        if len(opponents) != players - 1:
            raise ConfigError("err.players", game=game, lo=players - 1, hi=players - 1, players=len(opponents))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ConfigError("err.seat", hi=players - 1, seat=seat)
        for spec in opponents:
            make_agent(spec)  # a bad bot name or parameter fails here, with boardlab's error
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}")
        self.seat, self.opponent_specs, self.illegal = seat, opponents, illegal
        self.observation_space = gym.spaces.Box(-LIMIT, LIMIT, (self.aec.encoding.size,), np.float32)
        self.action_space = gym.spaces.Discrete(self.aec.space.size)
        self.bots: dict[int, Agent] = {}

    @property
    def game(self):
        return self.aec.game

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62)) if seed is None else seed
        self.aec.reset(seed=game_seed)
        others = [s for s in range(self.aec.players) if s != self.seat]
        stream = Stream(game_seed)
        self.bots = {s: make_agent(spec, stream.below(1 << 62)) for s, spec in zip(others, self.opponent_specs)}
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        try:
            self.game.apply(self.aec.action_id(action))
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            return self._observation(), ILLEGAL_PENALTY, False, False, {**self._info(), "illegal": str(exc)}
        self._play_opponents()
        over = self.game.is_over
        reward = float(self.game.rules.rewards(self.game.state)[self.seat]) if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def _play_opponents(self) -> None:
        game = self.game
        while not game.is_over and game.to_play != self.seat:
            game.apply(choose(self.bots[game.to_play], game))

    def action_masks(self) -> np.ndarray:
        return self.aec.mask(self.seat, bool)

    def _observation(self) -> np.ndarray:
        return self.aec.encoding.encode(self.game, self.seat)

    def _info(self) -> dict:
        info: dict[str, Any] = {"action_mask": self.aec.mask(self.seat)}
        if self.game.is_over:
            info.update(scores=self.game.scores, winners=self.game.winners)
        return info

    def render(self) -> str | None:
        text = render_text(self.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def env(game: str, players: int = 2, options: dict | None = None, opponents: list[str] | None = None,
        seat: int = 0, render_mode: str | None = None, illegal: str = "raise") -> BoardlabEnv:
    return BoardlabEnv(game, players, options, opponents, seat, render_mode, illegal)
