"""Bots: construction, determinism, and that they decide from the seat's view only."""
from __future__ import annotations

import pytest

import boardlab
from boardlab.agents import Model, choose, make_agent, split_specs
from boardlab.agents.ismcts import ISMCTSAgent
from boardlab.core.rng import Stream

BOTS = ["random", "greedy", "ismcts:iterations=30,depth=2"]


def test_specs_and_parameters():
    assert split_specs("ismcts:iterations=800,depth=4,greedy,random") == [
        "ismcts:iterations=800,depth=4", "greedy", "random"]
    bot = make_agent("ismcts:iterations=800,depth=4,c=0.5")
    assert isinstance(bot, ISMCTSAgent) and (bot.iterations, bot.depth, bot.c) == (800, 4, 0.5)
    assert make_agent("ismcts:iterations=10:depth=1").depth == 1
    for bad, words in (("minimax", "unknown agent"), ("ismcts:iterations", "key=value"),
                       ("ismcts:speed=3", "ismcts"), ("greedy:samples=0", "greedy"), ("ismcts:iterations=0", "ismcts")):
        with pytest.raises(boardlab.ConfigError, match=words):
            make_agent(bad)


def _position(name: str, players: int, seed: int, moves: int):
    g = boardlab.new_game(name, players, seed=seed)
    s = Stream(seed)
    for _ in range(moves):
        legal = g.legal_action_ids()
        g.apply(legal[s.below(len(legal))])
    return g


POSITIONS = [("carcassonne", 2, 3, 9), ("carcassonne", 3, 4, 30), ("greatwall", 3, 5, 40), ("greatwall", 4, 6, 150)]


@pytest.mark.parametrize("spec", BOTS)
@pytest.mark.parametrize("name, players, seed, moves", POSITIONS)
def test_a_bot_ignores_what_its_seat_cannot_see(spec, name, players, seed, moves):
    """Rearrange everything hidden from the seat to play: same view, so the same choice."""
    g = _position(name, players, seed, moves)
    seat = g.to_play
    twin = g.clone()
    twin.rules.resample_hidden(twin.state, seat, Stream(999))
    assert twin.view(seat) == g.view(seat)
    assert twin.state_hash() != g.state_hash() or name == "carcassonne" and len(g.state.deck) < 2
    first = choose(make_agent(spec, seed=7), g, seat)
    second = choose(make_agent(spec, seed=7), twin, seat)
    assert first == second and first in g.legal_action_ids()


def test_a_model_sample_hides_the_true_future():
    """Samples redraw hidden cards and reseed chance; the bot never gets the true state."""
    g = _position("carcassonne", 2, 1, 5)
    model = Model(g, g.to_play)
    samples = [model.sample(Stream(k)) for k in range(4)]
    assert len({tuple(s.state.deck) for s in samples}) > 1
    assert all(s.state.rng != g.state.rng and s.state.events == [] for s in samples)
    assert all(s.view(g.to_play)["tiles"] == g.view(g.to_play)["tiles"] for s in samples)


@pytest.mark.parametrize("spec", BOTS)
def test_bots_are_deterministic_for_a_seed(spec):
    def play(seed):
        g = boardlab.new_game("carcassonne", 2, seed=seed)
        bots = [make_agent(spec, seed=s) for s in (1, 2)]
        for _ in range(12):
            g.apply(choose(bots[g.to_play], g))
        return g.log
    assert play(5) == play(5)


def test_ismcts_respects_a_time_budget_and_counts_iterations():
    g = _position("carcassonne", 2, 2, 4)
    bot = ISMCTSAgent(seed=1, iterations=0, seconds=0.05)
    action = choose(bot, g)
    assert action in g.legal_action_ids() and bot.last_iterations >= 1
    bot = ISMCTSAgent(seed=1, iterations=17)
    choose(bot, g)
    assert bot.last_iterations == 17


def test_greedy_beats_random_at_carcassonne():
    wins = 0
    for seed in range(6):
        g = boardlab.new_game("carcassonne", 2, seed=seed)
        bots = {seed % 2: make_agent("greedy", seed=seed), 1 - seed % 2: make_agent("random", seed=seed)}
        while not g.is_over:
            g.apply(choose(bots[g.to_play], g))
        wins += (seed % 2) in g.winners and len(g.winners) == 1
    assert wins >= 5


def test_the_harness_builds_a_seats_view_only_when_a_bot_reads_it(monkeypatch):
    from boardlab.agents import Agent, SeatView
    from boardlab.core.game import Game
    g = boardlab.new_game("carcassonne", 2, seed=3)
    calls = []
    real = Game.view

    def counting(self, seat=None, lang="en"):
        calls.append(seat)
        return real(self, seat, lang)

    monkeypatch.setattr(Game, "view", counting)
    choose(make_agent("random", seed=1), g)
    assert calls == []  # a random bot never reads it: no view was built

    class Reader(Agent):
        def act(self, view, legal, model):
            assert dict(view) == real(g, g.to_play) and view["seat"] == g.to_play and len(view) > 5
            return legal[0]

    choose(Reader(), g)
    assert calls == [g.to_play]  # built once, on the first read
    view = SeatView(g, 0)
    assert not any("game" in name or "state" in name for name in dir(view) if not name.startswith("__"))


def test_a_sampled_game_carries_neither_the_event_log_nor_the_action_log():
    """Other seats' hidden choices (a card put face down) are in the action log: a bot's samples get none."""
    from boardlab.core.rng import Stream
    g = boardlab.new_game("root", 3, seed=4)
    for _ in range(40):
        g.apply(g.legal_action_ids()[0])
    twin = g.determinise(1, Stream(9))
    assert twin.log == [] and twin.state.events == []
    assert g.log and g.state.events  # the real game keeps both
    assert twin.legal_action_ids() and twin.to_play == g.to_play
