"""The learning seat picks among its legal actions, listed, each described by features (a per-decision
action head instead of one output per id of the game's whole action space).

    from boardlab.adapters import gymnasium, listed
    env = listed.ListedActions(gymnasium.env("carcassonne", 2, opponents=["random"]), max_actions=128)

Action `i` is the i-th legal id of the decision (the game's order); `action_masks()` marks the first
n slots (n legal ids), the rest are padding. The observation is a dict: `observation`, the seat's
encoding (as the wrapped environment gives it), and `actions`, one row of ACTION_FEATURES per slot
(zeros for padding):

- the id's words hashed: its first word (`place`, `meeple`, `pass`, ...) one-hot over WORD_BUCKETS
  buckets, and its first two words (`meeple:road`; a segment with digits is no word) over as many;
- what the action changes, from one look ahead: the seat's score and potential (`Ruleset.potential`,
  its expected final score) and the best other seat's, each as the change / 10, and whether the
  seat still decides next;
- a constant 1.

The look ahead runs on `Game.determinise(seat, stream)`: a copy consistent with the seat's view whose
hidden information (Carcassonne's deck order, hands) and random stream are redrawn from a fixed
stream, so the features depend on what the seat may know only (the next tile drawn there is not the
true one). A decision with more than `max_actions` legal ids lists the first `max_actions` only
(`info["unlisted"]` counts the others); choose `max_actions` above the game's largest decision. An
index outside the listed slots follows the wrapped environment's `illegal` mode (raise, or a penalty
and nothing changed).
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from ..core.errors import IllegalAction
from ..core.rng import Stream
from .encodings import LIMIT, bucket
from .gymnasium import ILLEGAL_PENALTY

WORD_BUCKETS = 8
ACTION_FEATURES = 2 * WORD_BUCKETS + 6
LOOKAHEAD_STREAM = 0  # the determinisation's stream: fixed, so a position always gets the same features


class ListedActions(gym.Wrapper):
    """A Gymnasium wrapper over `adapters.gymnasium.BoardlabEnv` (see the module's docstring)."""

    def __init__(self, env: gym.Env, max_actions: int = 128):
        super().__init__(env)
        if max_actions < 1:
            raise ValueError("max_actions must be at least 1")
        self.max_actions = max_actions
        self.action_space = gym.spaces.Discrete(max_actions)
        self.observation_space = gym.spaces.Dict({
            "observation": env.observation_space,
            "actions": gym.spaces.Box(-LIMIT, LIMIT, (max_actions, ACTION_FEATURES), np.float32),
        })
        self.listed: list[str] = []

    def reset(self, **kwargs) -> tuple[dict, dict]:
        obs, info = self.env.reset(**kwargs)
        return self._observation(obs, info)

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)) \
                or not 0 <= int(action) < len(self.listed):
            error = IllegalAction("err.action_index", hi=len(self.listed) - 1, action=repr(action))
            if self.env.unwrapped.illegal == "raise":
                raise error
            obs, info = self._observation(self.env.unwrapped._observation(), self.env.unwrapped._info())
            return obs, ILLEGAL_PENALTY, False, False, {**info, "illegal": str(error)}
        base = self.env.unwrapped
        obs, reward, done, truncated, info = self.env.step(base.aec.codes.code(self.listed[int(action)]))
        obs, info = self._observation(obs, info)
        return obs, reward, done, truncated, info

    def action_masks(self) -> np.ndarray:
        mask = np.zeros(self.max_actions, dtype=bool)
        mask[:len(self.listed)] = True
        return mask

    def _observation(self, obs: np.ndarray, info: dict) -> tuple[dict, dict]:
        base = self.env.unwrapped
        game, seat = base.game, base.seat
        legal = [] if game.is_over or game.to_play != seat else game.legal_action_ids()
        self.listed = list(legal[:self.max_actions])
        info = {k: v for k, v in info.items() if k != "action_mask"}
        info["unlisted"] = len(legal) - len(self.listed)
        return {"observation": obs, "actions": action_features(game, seat, self.listed, self.max_actions)}, info


def action_features(game: Any, seat: int, listed: list[str], rows: int) -> np.ndarray:
    """One row of ACTION_FEATURES per listed id (see the module's docstring), `rows` rows in all."""
    out = np.zeros((rows, ACTION_FEATURES), dtype=np.float32)
    if not listed:
        return out
    twin = game.determinise(seat, Stream(LOOKAHEAD_STREAM))
    before = _values(twin, seat)
    for row, action in zip(out, listed):
        words = _words(action)
        row[bucket(words[0], WORD_BUCKETS)] = 1.0
        row[WORD_BUCKETS + bucket(":".join(words[:2]), WORD_BUCKETS)] = 1.0
        after = twin.clone()
        after.apply(action)
        row[2 * WORD_BUCKETS:2 * WORD_BUCKETS + 4] = (_values(after, seat) - before) / 10.0
        row[2 * WORD_BUCKETS + 4] = float(after.to_play == seat)
        row[2 * WORD_BUCKETS + 5] = 1.0
    np.clip(out, -LIMIT, LIMIT, out=out)
    return out


def _values(game: Any, seat: int) -> np.ndarray:
    """The seat's score and potential, and the best other seat's (0 alone)."""
    scores, potential = game.scores, game.rules.potential(game.state)
    others = [s for s in range(game.players) if s != seat]
    return np.array([scores[seat], max((scores[s] for s in others), default=0),
                     potential[seat], max((potential[s] for s in others), default=0)], dtype=np.float32)


def _words(action_id: str) -> list[str]:
    """The id's leading segments made of letters (`meeple:road:E` -> meeple, road; `place:1,0,1` -> place)."""
    words = []
    for part in action_id.split(":"):
        if not part.replace("_", "").isalpha():
            break
        words.append(part)
    return words or [action_id]
