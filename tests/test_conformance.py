"""The conformance kit: every registered game and its main option sets get these for free."""
from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths

CASES = [(name, players, options) for name in boardlab.available_games()
         for players, options in ruleset(name).main_option_sets()]
IDS = [f"{n}-{p}p-{'+'.join(o.get('expansions', [])) or 'base'}" for n, p, o in CASES]
SEEDS = (11, 12)


def random_play(game, stream, upto=None):
    """Play random legal actions; returns the hash before every action."""
    hashes = []
    while not game.is_over and (upto is None or len(game.log) < upto):
        hashes.append(game.state_hash())
        legal = game.legal_action_ids()
        game.apply(legal[stream.below(len(legal))])
    return hashes


@pytest.fixture(params=CASES, ids=IDS)
def case(request):
    return request.param


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_and_replay_reproduces_every_hash(case, seed):
    name, players, options = case
    game = boardlab.new_game(name, players, seed=seed, options=options)
    hashes = random_play(game, Stream(seed))
    assert game.is_over and game.to_play is None and game.legal_action_ids() == []
    # a result: winners, or (a cooperative game, e.g. Great Wall D4) a loss shared by every player
    assert len(game.scores) == players and (game.winners or game.rules.everyone_lost(game.state))
    again = boardlab.new_game(name, players, seed=seed, options=options)
    for i, (seat, action) in enumerate(game.log):
        assert again.state_hash() == hashes[i], f"hash differs before action {i}"
        assert again.to_play == seat
        again.apply(action)
    assert again.state_hash() == game.state_hash()


def test_every_listed_action_applies(case):
    name, players, options = case
    game = boardlab.new_game(name, players, seed=5, options=options)
    stream = Stream(5)
    step = 0
    while not game.is_over:
        legal = game.legal_action_ids()
        if step % 7 == 0:
            for action in legal:
                probe = game.clone()
                probe.apply(action)
                assert probe.log[-1][1] == action
        game.apply(legal[stream.below(len(legal))])
        step += 1


def test_illegal_ids_are_rejected_and_change_nothing(case):
    name, players, options = case
    game = boardlab.new_game(name, players, seed=9, options=options)
    stream = Stream(9)
    while not game.is_over:
        before, log_before = game.state_hash(), game.log
        legal = game.legal_action_ids()
        for bad in ("nonsense", legal[0] + "x", "", "pass:0", 17):
            if bad in legal:
                continue
            with pytest.raises(boardlab.IllegalAction):
                game.apply(bad)
            assert game.state_hash() == before and game.log == log_before
            assert game.legal_action_ids() == legal
        game.apply(legal[stream.below(len(legal))])
    with pytest.raises(boardlab.IllegalAction):
        game.apply("pass")


def test_save_load_round_trips_at_random_points(case):
    name, players, options = case
    stream = Stream(21)
    game = boardlab.new_game(name, players, seed=21, options=options)
    while not game.is_over:
        random_play(game, stream, upto=len(game.log) + 1 + stream.below(25))
        data = json.loads(json.dumps(game.save(snapshot=True)))
        for trust in (False, True):
            loaded = boardlab.load(data, trust_snapshot=trust)
            assert loaded.state_hash() == game.state_hash()
            assert loaded.log == game.log and loaded.to_play == game.to_play
            assert loaded.legal_action_ids() == game.legal_action_ids()


def test_clones_are_independent(case):
    name, players, options = case
    stream = Stream(33)
    game = boardlab.new_game(name, players, seed=33, options=options)
    while not game.is_over:
        random_play(game, stream, upto=len(game.log) + 10)
        frozen = game.state_hash()
        copy = game.clone()
        assert copy.state_hash() == frozen
        random_play(copy, Stream(stream.below(1000)), upto=len(copy.log) + 15)
        assert game.state_hash() == frozen


def test_views_are_json_and_hide_what_is_declared(case):
    name, players, options = case
    rules = ruleset(name)
    stream = Stream(44)
    game = boardlab.new_game(name, players, seed=44, options=options)
    while not game.is_over:
        for seat in list(range(players)) + [None]:
            view = game.view(seat)
            json.dumps(view)
            assert hidden_paths(view, rules.zones_of(game.state), seat, game.state.known_to(seat)) == []
            # what the seat cannot see may be rearranged without changing its view
            other = game.clone()
            rules.resample_hidden(other.state, seat, Stream(stream.below(10**6)))
            assert other.view(seat) == view
        # views grow with the log: checks thin out as a game gets long (a Hundreds game runs ~3,500 decisions)
        random_play(game, stream, upto=len(game.log) + 1 + stream.below(12) + len(game.log) // 40)


def test_same_seed_same_game_different_seed_different_deal(case):
    name, players, options = case
    a = boardlab.new_game(name, players, seed=1, options=options)
    b = boardlab.new_game(name, players, seed=1, options=options)
    c = boardlab.new_game(name, players, seed=2, options=options)
    assert a.state_hash() == b.state_hash()
    assert a.state_hash() != c.state_hash()


def test_the_state_hash_covers_the_state_not_the_event_log(case):
    """The log is checked by replay; the hash stays cheap late in a game."""
    name, players, options = case
    game = boardlab.new_game(name, players, seed=3, options=options)
    random_play(game, Stream(3), upto=30)
    before = game.state_hash()
    game.state.events.append(game.state.events[-1])
    assert game.state_hash() == before
    game.state.rng ^= 1
    assert game.state_hash() != before


def test_the_action_space_encodes_every_legal_action(case):
    """A fixed integer encoding per configuration: every legal id has a number in range(size), distinct
    ids distinct numbers, decoding gives the id back, and another game of the same configuration has
    the same encoding."""
    name, players, options = case
    game = boardlab.new_game(name, players, seed=8, options=options)
    space = game.action_space
    other = boardlab.new_game(name, players, seed=9, options=options).action_space
    assert other.size == space.size and [s.size for s in other.segments] == [s.size for s in space.segments]
    stream = Stream(8)
    while not game.is_over:
        legal = game.legal_action_ids()
        numbers = [space.encode(a) for a in legal]
        assert all(0 <= n < space.size for n in numbers)
        assert len(set(numbers)) == len(legal)
        assert [space.decode(n) for n in numbers] == legal
        assert [other.encode(a) for a in legal] == numbers
        game.apply(legal[stream.below(len(legal))])
    with pytest.raises(ValueError):
        space.encode("no-such-action")
    with pytest.raises(ValueError):
        space.decode(space.size)
