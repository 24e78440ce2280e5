"""The OpenSpiel adapter: every game registered, OpenSpiel's own random-simulation test, its IS-MCTS
playing each game to the end, the chance node, observations from the seat's view only, resampling."""
from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import boardlab  # noqa: E402
from boardlab.adapters import openspiel as bos  # noqa: E402
from boardlab.core import rng  # noqa: E402

GAMES = boardlab.available_games()
PLAYED = ["carcassonne", "greatwall", "root"]


def load(name, **params):
    return pyspiel.load_game(f"python_boardlab_{name}", {"players": 2, "seeds": 16, **params})


def dealt(game, seed=3, moves=0, pick=None):
    """A state after the chance node (seed) and `moves` random legal actions."""
    state = game.new_initial_state()
    state.apply_action(seed)
    pick = pick or np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(int(pick.choice(state.legal_actions())))
    return state


def test_every_game_is_registered():
    names = set(pyspiel.registered_names())
    for name in GAMES:
        assert f"python_boardlab_{name}" in names
    game = pyspiel.load_game("python_boardlab_carcassonne", {"players": 2})
    assert game.num_players() == 2 and game.num_distinct_actions() == boardlab.new_game("carcassonne", 2).action_space.size
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_options_and_players_reach_the_game():
    game = pyspiel.load_game("python_boardlab_carcassonne", {"players": 3, "options": '{"expansions": ["wonders"]}'})
    state = dealt(game)
    assert state.game.players == 3 and state.game.modules == ("wonders",)


def test_the_chance_node_deals_the_seed():
    game = load("carcassonne")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(16)) and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply_action(5)
    assert state.game.state_hash() == boardlab.new_game("carcassonne", 2, 5).state_hash()
    assert state.current_player() == state.game.to_play


@pytest.mark.slow
@pytest.mark.parametrize("name", PLAYED)
def test_openspiel_random_sim_test(name):
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=False, verbose=False)


def test_returns_are_the_games_result():
    state = dealt(load("carcassonne"), seed=2, moves=10_000)
    assert state.is_terminal()
    assert state.returns() == [float(r) for r in state.game.rules.rewards(state.game.state)]


@pytest.mark.parametrize("name", PLAYED)
def test_observations_come_from_the_seat_view_only(name):
    """Redrawing what seat 0 cannot see changes none of seat 0's strings and tensors."""
    game = load(name)
    state = dealt(game, seed=4, moves=25)
    stream = rng.Stream(9)
    before = (state.observation_string(0), state.information_state_string(0),
              list(state.observation_tensor(0)), list(state.information_state_tensor(0)))
    original = state.game
    state._held.game = original.redrawn(0, stream)
    after = (state.observation_string(0), state.information_state_string(0),
             list(state.observation_tensor(0)), list(state.information_state_tensor(0)))
    state._held.game = original
    assert before == after
    encoding = bos.spec_of(name, game.get_parameters()).encoding  # the adapters' encoding, as PettingZoo's
    assert np.array_equal(np.asarray(before[2], np.float32), encoding.encode(original, 0))


@pytest.mark.parametrize("name", PLAYED)
def test_resample_keeps_the_information_state_and_legal_actions(name):
    game = load(name)
    state = dealt(game, seed=6)
    pick = np.random.default_rng(6)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        for _ in range(2):
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
            assert twin.legal_actions() == state.legal_actions()
            assert twin.history() == state.history()
        state.apply_action(int(pick.choice(state.legal_actions())))


def test_clone_is_independent():
    state = dealt(load("carcassonne"), seed=1, moves=3)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history()[:-1] == state.history() and twin.game.state_hash() != state.game.state_hash()


@pytest.mark.slow
@pytest.mark.parametrize("name", PLAYED)
def test_ismcts_plays_each_game_to_the_end(name):
    from open_spiel.python.algorithms import ismcts, mcts
    game = load(name)
    random_state = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=random_state)
    state = dealt(game, seed=2)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(random_state.choice(state.legal_actions())))
    assert sum(state.returns()) > 0 or name == "greatwall"


def test_bad_configuration_is_refused():
    with pytest.raises(Exception, match="players|player"):
        pyspiel.load_game("python_boardlab_carcassonne", {"players": 9})
    assert bos.short_name("root") == "python_boardlab_root"


@pytest.mark.parametrize("name", PLAYED)
def test_tensor_lists_are_openspiels_own_after_any_state(name):
    """The tensors' lists, made from the last list of the seat (TensorLists), equal OpenSpiel's own
    (its C++ State asking the observer) whatever state was listed before: two games interleaved,
    a clone moved apart, every seat, both tensors, a few hundred positions."""
    game = load(name)
    states = [dealt(game, seed=1), dealt(game, seed=2)]
    states.append(states[0].clone())
    pick = np.random.default_rng(0)
    for _ in range(120):
        for state in states:
            if state.is_terminal():
                continue
            for player in range(2):
                own = pyspiel.State.observation_tensor(state, player)
                assert state.observation_tensor(player) == own
                assert state.information_state_tensor(player) == pyspiel.State.information_state_tensor(state, player)
            state.apply_action(int(pick.choice(state.legal_actions())))
    assert not states[0].is_terminal() or not states[2].is_terminal() or states[0].history() != states[2].history()


def test_a_tensor_list_is_the_callers_own():
    """A list returned is the caller's (TensorLists reuses one only when no one holds it and it is
    unchanged): one changed, held or dropped, changes nothing the next call returns, and every list
    a caller keeps still holds its own position's values after later moves."""
    state = dealt(load("carcassonne"), seed=2, moves=4)
    first = state.observation_tensor(0)
    first[:] = [9.0] * len(first)
    assert state.observation_tensor(0) == pyspiel.State.observation_tensor(state, 0)
    state.observation_tensor(0)[:] = [7.0] * len(first)  # changed and dropped at once
    assert state.observation_tensor(0) == pyspiel.State.observation_tensor(state, 0)
    kept, pick = [], np.random.default_rng(1)
    for _ in range(10):
        kept.append((state.observation_tensor(0), pyspiel.State.observation_tensor(state, 0)))
        state.observation_tensor(0)  # dropped: its list may be given again
        state.apply_action(int(pick.choice(state.legal_actions())))
    assert all(mine == own for mine, own in kept) and len({id(mine) for mine, _ in kept}) == len(kept)


@pytest.mark.parametrize("name", PLAYED)
def test_legal_actions_are_openspiels_own(name):
    """The legal actions answered from the kept integers equal OpenSpiel's own (its C++ State asking
    `_legal_actions`), for every seat, the chance node and the end."""
    state = load(name).new_initial_state()
    assert state.legal_actions() == pyspiel.State.legal_actions(state) and len(state.legal_actions()) == 16
    state.apply_action(5)
    pick = np.random.default_rng(5)
    for _ in range(200):
        if state.is_terminal():
            break
        for player in range(2):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        state.apply_action(int(pick.choice(state.legal_actions())))
    final = dealt(load(name), seed=2, moves=100_000)
    assert final.is_terminal() and final.legal_actions() == [] == pyspiel.State.legal_actions(final, 0)
