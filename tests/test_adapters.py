"""The learning-agent adapters: PettingZoo's and Gymnasium's own checks on every game, hidden
information, determinism and bad input."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import boardlab  # noqa: E402
from boardlab import ConfigError, IllegalAction  # noqa: E402
from boardlab.adapters import gymnasium as bgym  # noqa: E402
from boardlab.adapters import pettingzoo as bpz  # noqa: E402
from boardlab.core import rng  # noqa: E402

GAMES = boardlab.available_games()


def first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_and_seed(name):
    api_test(bpz.env(name, 2), num_cycles=100)
    seed_test(lambda: bpz.env(name, 2), num_cycles=60)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_every_option_set(name):
    for players, options in boardlab.ruleset(name).main_option_sets():
        api_test(bpz.env(name, players, options), num_cycles=30)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name):
    check_env(bgym.env(name, 2, opponents=["random"], illegal="penalty"), skip_render_check=False)


def play_aec(env, seed):
    """A whole episode, actions drawn uniformly among the legal ones (seeded)."""
    env.reset(seed=seed)
    pick = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, done, trunc, _ = env.last()
        action = None if done or trunc else int(pick.choice(np.flatnonzero(obs["action_mask"])))
        trace.append((agent, action, reward, obs["observation"].tobytes()))
        env.step(action)
    return trace


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_episode_other_seed_other(name):
    assert play_aec(bpz.env(name, 2), 5) == play_aec(bpz.env(name, 2), 5)
    assert play_aec(bpz.env(name, 2), 5) != play_aec(bpz.env(name, 2), 6)


@pytest.mark.parametrize("name", ["carcassonne", "greatwall", "root"])
def test_observation_ignores_what_the_seat_cannot_see(name):
    """Redrawing everything hidden from seat 0 leaves seat 0's observation unchanged, and the
    hidden information is really there (the other seat's observation may change)."""
    env = bpz.raw_env(name, 2)
    env.reset(seed=3)
    stream = rng.Stream(11)
    for _ in range(40):
        if env.game.is_over:
            break
        mine = env.observe("seat_0")
        original = env.game
        env.game = original.redrawn(0, stream)
        assert np.array_equal(env.observe("seat_0")["observation"], mine["observation"])
        env.game = original
        env.step(first_legal(env.observe(env.agent_selection)["action_mask"]))


def test_rewards_are_the_games_result():
    env = bpz.raw_env("carcassonne", 2)
    trace = play_aec(env, 2)
    finals = {agent: reward for agent, action, reward, _ in trace if action is None}
    expected = env.game.rules.rewards(env.game.state)
    assert finals == {"seat_0": expected[0], "seat_1": expected[1]}
    assert sorted(finals.values()) in ([0.0, 1.0], [0.5, 0.5])


def test_cooperative_reward_is_shared():
    env = bpz.raw_env("greatwall", 3, {"scenario": "redturban", "mode": "cooperative"})
    trace = play_aec(env, 1)
    finals = [reward for _, action, reward, _ in trace if action is None]
    assert len(set(finals)) == 1 and finals == [env.game.rules.rewards(env.game.state)[0]] * 3


def test_mask_is_the_legal_ids_and_only_for_the_seat_to_play():
    env = bpz.raw_env("greatwall", 3)
    env.reset(seed=4)
    seat = env.game.to_play
    mask = env.observe(f"seat_{seat}")["action_mask"]
    legal = {env.space.encode(a) for a in env.game.legal_action_ids()}
    assert set(np.flatnonzero(mask).tolist()) == legal
    other = (seat + 1) % 3
    assert not env.observe(f"seat_{other}")["action_mask"].any()


@pytest.mark.parametrize("action", [-1, 10**9, "place:0,1,2", 1.5, None, True])
def test_bad_actions_raise_and_change_nothing(action):
    env = bpz.raw_env("carcassonne", 2)
    env.reset(seed=1)
    before = (env.game.state_hash(), env.agent_selection)
    with pytest.raises(IllegalAction):
        env.step(action)
    assert (env.game.state_hash(), env.agent_selection) == before


def test_illegal_index_raises_and_changes_nothing():
    env = bpz.raw_env("carcassonne", 2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.game.state_hash()
    with pytest.raises(IllegalAction, match="not a legal action"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.game.state_hash() == before


def test_an_integer_legal_at_another_position_is_checked_again():
    """A step plays a listed integer without parsing it only at the position it was listed for: an
    integer legal a step ago (or in numpy's int64) is checked against the game's rules now."""
    env = bpz.env("carcassonne", 2)
    env.reset(seed=1)
    listed = env.legal_actions(env.game.to_play)
    env.step(np.int64(listed[0]))
    assert env.game.log[0][1] == env.space.decode(listed[0])
    stale = next(a for a in listed if env.space.decode(a) not in env.game.legal_action_ids())
    before = env.game.state_hash()
    with pytest.raises(IllegalAction):
        env.step(stale)
    assert env.game.state_hash() == before


def test_env_enforces_pettingzoo_call_order_itself():
    """`env()` is the environment (no wrapper forwarding every attribute) and refuses what PettingZoo's
    order enforcing wrapper refuses: use before reset, an agent_iter loop that does not step."""
    env = bpz.env("carcassonne", 2)
    assert env.unwrapped is env
    for call in (lambda: env.step(0), lambda: env.observe("seat_0"), env.render, env.agent_iter):
        with pytest.raises(AssertionError, match="reset"):
            call()
    with pytest.raises(AttributeError):
        env.agents  # noqa: B018
    env.reset(seed=0)
    loop = iter(env.agent_iter())
    assert next(loop) == env.agent_selection
    with pytest.raises(AssertionError, match="step"):
        next(loop)


def test_bad_configuration_raises_config_errors():
    with pytest.raises(ConfigError):
        bpz.env("chess", 2)
    with pytest.raises(ConfigError):
        bpz.env("carcassonne", 9)
    with pytest.raises(ConfigError):
        bpz.env("carcassonne", 2, {"expansions": ["dragons"]})
    with pytest.raises(ConfigError):
        bgym.env("carcassonne", 2, opponents=["nobody"])
    with pytest.raises(ConfigError):
        bgym.env("carcassonne", 3, opponents=["random"])


def test_gymnasium_plays_opponents_and_rewards_at_the_end():
    env = bgym.env("carcassonne", 2, opponents=["greedy"], seat=1)
    obs, info = env.reset(seed=8)
    assert env.game.to_play == 1 and env.action_masks().any()
    steps, done = 0, False
    while not done:
        obs, reward, done, truncated, info = env.step(first_legal(env.action_masks()))
        steps += 1
        assert done or env.game.to_play == 1
    assert reward == env.game.rules.rewards(env.game.state)[1]
    assert info["scores"] == env.game.scores and steps > 10


def test_gymnasium_illegal_action_raises_or_penalises_without_change():
    strict = bgym.env("carcassonne", 2)
    strict.reset(seed=1)
    before = strict.game.state_hash()
    illegal = int(np.flatnonzero(~strict.action_masks())[0])
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.game.state_hash() == before
    lenient = bgym.env("carcassonne", 2, illegal="penalty")
    obs, _ = lenient.reset(seed=1)
    again, reward, done, _, info = lenient.step(illegal)
    assert reward == bgym.ILLEGAL_PENALTY and not done and "not a legal action" in info["illegal"]
    assert np.array_equal(obs, again)


def test_render_is_text():
    env = bpz.env("root", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and len(text) > 20
