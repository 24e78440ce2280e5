"""adapters.listed: the learning seat picks among its listed legal actions, each row of features
built from what the seat may know."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from boardlab import IllegalAction  # noqa: E402
from boardlab.adapters import gymnasium as bgym  # noqa: E402
from boardlab.adapters.listed import ACTION_FEATURES, WORD_BUCKETS, ListedActions, action_features  # noqa: E402
from boardlab.core import rng  # noqa: E402

GAIN = 2 * WORD_BUCKETS + 2  # the column of the seat's change of potential


def listed(name: str = "carcassonne", illegal: str = "raise", slots: int = 128) -> ListedActions:
    return ListedActions(bgym.env(name, 2, opponents=["random"], illegal=illegal), slots)


@pytest.mark.parametrize("name", ["carcassonne", "greatwall", "root"])
def test_check_env(name):
    check_env(listed(name, illegal="penalty", slots=256))


def test_slots_are_the_legal_ids_in_order_and_the_chosen_one_is_played():
    env = listed()
    obs, info = env.reset(seed=3)
    for _ in range(20):
        legal = env.unwrapped.game.legal_action_ids()
        mask = env.action_masks()
        assert mask.sum() == len(legal) and mask[:len(legal)].all() and info["unlisted"] == 0
        assert obs["actions"].shape == (128, ACTION_FEATURES)
        assert not obs["actions"][len(legal):].any() and (obs["actions"][:len(legal), -1] == 1.0).all()
        log = len(env.unwrapped.game.log)
        obs, _, done, _, info = env.step(len(legal) - 1)
        assert env.unwrapped.game.log[log] == (0, legal[-1])
        if done:
            break


def test_features_show_what_an_action_gains():
    """Playing the action the features rate best (by the seat's change of potential against the
    best other's) beats `random` in every one of 6 games: the rows carry the game's look ahead."""
    wins = 0.0
    for i in range(6):
        env = ListedActions(bgym.env("carcassonne", 2, opponents=["random"], seat=i % 2), 128)
        obs, _ = env.reset(seed=100 + i)
        done = False
        while not done:
            rows = obs["actions"]
            value = np.where(env.action_masks(), rows[:, GAIN] - rows[:, GAIN + 1], -np.inf)
            obs, reward, done, _, _ = env.step(int(np.argmax(value)))
        wins += reward
    assert wins == 6.0


@pytest.mark.parametrize("name", ["carcassonne", "greatwall", "root"])
def test_features_read_nothing_hidden(name):
    """Redrawing what the seat cannot see (the deck's order, the others' hands) changes no row."""
    env = listed(name, slots=256)
    env.reset(seed=2)
    game, stream = env.unwrapped.game, rng.Stream(9)
    for _ in range(15):
        if game.is_over:
            break
        seat = game.to_play
        legal = game.legal_action_ids()
        rows = action_features(game, seat, legal, 256)
        assert np.array_equal(action_features(game.redrawn(seat, stream), seat, legal, 256), rows)
        game.apply(legal[0])


def test_index_outside_the_list_raises_or_penalises_without_change():
    strict = listed()
    strict.reset(seed=1)
    before = strict.unwrapped.game.state_hash()
    with pytest.raises(IllegalAction):
        strict.step(127)
    with pytest.raises(IllegalAction):
        strict.step(-1)
    assert strict.unwrapped.game.state_hash() == before
    lenient = listed(illegal="penalty")
    obs, _ = lenient.reset(seed=1)
    again, reward, done, _, info = lenient.step(127)
    assert reward == bgym.ILLEGAL_PENALTY and not done and "integer" in info["illegal"]
    assert np.array_equal(obs["actions"], again["actions"])


def test_a_decision_longer_than_the_slots_lists_the_first_ones():
    env = listed(slots=2)
    _, info = env.reset(seed=3)
    legal = env.unwrapped.game.legal_action_ids()
    assert env.listed == legal[:2] and info["unlisted"] == len(legal) - 2
