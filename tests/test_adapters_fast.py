"""The adapters' fast observation paths: each equals the encoding of the seat's whole view on random
positions, reads nothing hidden (redrawing the hidden information changes nothing), and keeps no
stale board across games, clones and reloads."""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import boardlab  # noqa: E402
from boardlab.adapters import pettingzoo as bpz  # noqa: E402
from boardlab.adapters.encodings import Fields, encoding_for  # noqa: E402
from boardlab.adapters.encodings.carcassonne import DECISIONS  # noqa: E402
from boardlab.core import rng  # noqa: E402

CONFIGS = [("carcassonne", 2, {}), ("carcassonne", 3, {}), ("carcassonne", 2, {"expansions": ["wonders"]}),
           ("carcassonne", 4, {"expansions": ["wonders"]}), ("greatwall", 2, {}), ("root", 2, {}),
           ("greatwall", 3, {"expansions": ["genghis", "rat"]}), ("greatwall", 3, {"scenario": "ghost"}),
           ("greatwall", 3, {"scenario": "diaoyu", "mode": "cooperative"}), ("greatwall", 5, {}),
           ("root", 3, {"setup": "advanced", "hirelings": "random"}),
           ("root", 3, {"factions": ["marquise", "eyrie", "corvid"], "map": "lake"}),
           ("root", 2, {"factions": ["keepers", "marquise"]}),
           ("root", 4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "map": "mountain",
                        "hirelings": ["riverfolk_flotilla", "highway_bandits", "furious_protector"]})]


def positions(name: str, players: int, options: dict, seed: int, every: int = 1):
    """Every `every`-th position of a random game (the game object itself, moved on in place)."""
    game, pick = boardlab.new_game(name, players, seed, options), random.Random(seed)
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        legal = game.legal_action_ids()
        game.apply(legal[pick.randrange(len(legal))])
        step += 1
    yield game


@pytest.mark.parametrize("name,players,options", CONFIGS)
def test_fast_observation_equals_the_encoded_view(name, players, options):
    encoding = encoding_for(name, players, boardlab.new_game(name, players, 0, options).options)
    every = 1 if name == "carcassonne" else 7
    for seed in range(3):
        for game in positions(name, players, options, seed, every):
            for seat in range(players):
                assert np.array_equal(encoding.encode(game, seat), encoding.encode_view(game, seat)), \
                    (name, seed, len(game.log), seat)


@pytest.mark.parametrize("name,players,options", CONFIGS + [("greatwall", 4, {})])
def test_fast_observation_reads_nothing_hidden(name, players, options):
    """Redrawing what seat s cannot see leaves s's observation unchanged; the redraw is real (the
    hidden content differs at some position), so the test could fail."""
    encoding = encoding_for(name, players, boardlab.new_game(name, players, 0, options).options)
    stream, redrawn_differs = rng.Stream(5), False
    for game in positions(name, players, options, 1, every=3 if name == "carcassonne" else 9):
        for seat in range(players):
            twin = game.redrawn(seat, stream)
            redrawn_differs |= twin.state_hash() != game.state_hash()
            assert np.array_equal(encoding.encode(twin, seat), encoding.encode(game, seat))
    assert redrawn_differs


def test_board_kept_between_calls_follows_games_clones_and_reloads():
    """One encoding asked in turn about two games, a clone moved on and a reloaded save: each time
    the tile layer it keeps is that game's (it equals the encoded view)."""
    encoding = encoding_for("carcassonne", 2, {})
    a, b = boardlab.new_game("carcassonne", 2, 1), boardlab.new_game("carcassonne", 2, 2)
    pick = random.Random(0)
    for _ in range(60):
        for game in (a, b, a.clone(), boardlab.load(a.save())):
            assert np.array_equal(encoding.encode(game, 0), encoding.encode_view(game, 0))
        for game in (a, b):
            if not game.is_over:
                legal = game.legal_action_ids()
                game.apply(legal[pick.randrange(len(legal))])


@pytest.mark.parametrize("name", ["greatwall", "root"])
def test_kept_groups_follow_games_clones_and_reloads(name):
    """The vector an encoding keeps per seat (`Encoding.kept_vector`: groups made again when a field
    they read changed) follows whichever game is asked: two games in turn, a clone moved apart and a
    reloaded save give each its own vector."""
    encoding = encoding_for(name, 2, {})
    a, b = boardlab.new_game(name, 2, 1), boardlab.new_game(name, 2, 2)
    pick = random.Random(0)
    twin = None
    for step in range(150):
        if step == 40:
            twin = a.clone()
        for game in (a, b, twin, boardlab.load(a.save())):
            if game is not None:
                for seat in range(2):
                    assert np.array_equal(encoding.encode(game, seat), encoding.encode_view(game, seat)), (step, seat)
        for game in (a, b, twin):
            if game is not None and not game.is_over:
                legal = game.legal_action_ids()
                game.apply(legal[pick.randrange(len(legal))])


def test_carcassonne_observation_shows_the_decision():
    """The decision one-hot (place, meeple) follows the game (the view has no decision key: the
    encoding once read it there and always saw "other")."""
    encoding = encoding_for("carcassonne", 2, {})
    game = boardlab.new_game("carcassonne", 2, 0)
    offset = 3 * 2 + 1 + encoding.hand_size + 1 + 2
    seen = set()
    for _ in range(6):
        one_hot = encoding.encode(game, game.to_play)[offset:offset + 3]
        assert one_hot[DECISIONS[game.decision]] == 1.0 and one_hot.sum() == 1.0
        seen.add(game.decision)
        game.apply(game.legal_action_ids()[0])
    assert seen == {"place", "meeple"}


@pytest.mark.parametrize("name", ["carcassonne", "greatwall", "root"])
def test_mask_and_legal_actions_are_the_legal_ids(name):
    env = bpz.raw_env(name, 2)
    env.reset(seed=4)
    for _ in range(30):
        if env.game.is_over:
            break
        seat = env.game.to_play
        expected = sorted(env.space.encode(a) for a in env.game.legal_action_ids())
        assert env.legal_actions(seat) == expected
        assert np.flatnonzero(env.observe(bpz.agent_name(seat))["action_mask"]).tolist() == expected
        assert not env.observe(bpz.agent_name(1 - seat))["action_mask"].any()
        env.step(expected[-1])


REMEMBERED = [("greatwall", 2, {}), ("greatwall", 3, {}), ("greatwall", 4, {}), ("greatwall", 5, {}),
              ("greatwall", 3, {"expansions": ["genghis", "rat"]}), ("greatwall", 3, {"scenario": "ghost"}),
              ("root", 2, {}), ("root", 3, {"factions": ["marquise", "eyrie", "vagabond"]}),
              ("root", 4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": "random"})]


@pytest.mark.parametrize("name,players,options", REMEMBERED)
def test_remembered_parts_give_the_walked_vector_after_every_step(name, players, options):
    """The state-read encodings with their remembered part sums (The Great Wall's and Root's, kept
    across steps, games and seats) give exactly the vector of an encoding that reads the seat's whole
    view and walks every part afresh, for every seat after every step of whole games."""
    options = boardlab.new_game(name, players, 0, options).options
    remembering, walking = encoding_for(name, players, options), encoding_for(name, players, options)
    _hashed(walking).remember = False
    for seed in range(2):
        for game in positions(name, players, options, seed):
            for seat in range(players):
                assert np.array_equal(remembering.encode(game, seat), walking.encode_view(game, seat)), \
                    (name, seed, len(game.log), seat)
    assert _hashed(remembering).parts and not _hashed(walking).parts


def test_a_remembered_part_is_looked_up_by_content():
    """Two views whose parts have the same content share the remembered sums; a part whose content
    differs (a value, or one hidden card more) is walked, and its vector is its own."""
    encoding = encoding_for("greatwall", 2, {})
    hashed = _hashed(encoding)
    view = {"walls": [1, 2], "hand": {"hidden": True, "count": 3}}
    first = np.zeros(hashed.size, np.float32)
    hashed.encode(view, first)
    kept = dict(hashed.parts)
    again = np.zeros(hashed.size, np.float32)
    hashed.encode({"walls": [1, 2], "hand": {"hidden": True, "count": 3}}, again)
    assert np.array_equal(first, again) and hashed.parts == kept
    other = np.zeros(hashed.size, np.float32)
    hashed.encode({"walls": [1, 2], "hand": {"hidden": True, "count": 4}}, other)
    assert len(hashed.parts) == len(kept) + 1 and not np.array_equal(first, other)


def _hashed(encoding):
    return encoding.rest


def test_remembered_parts_are_bounded(monkeypatch):
    """The memory of parts is emptied when full; the vectors stay the walked ones."""
    from boardlab.adapters import encodings
    monkeypatch.setattr(encodings, "PARTS_KEPT", 8)
    remembering, walking = encoding_for("greatwall", 2, {}), encoding_for("greatwall", 2, {})
    _hashed(walking).remember = False
    for game in positions("greatwall", 2, {}, 4, every=5):
        assert np.array_equal(remembering.encode(game, 0), walking.encode_view(game, 0))
        assert len(_hashed(remembering).parts) <= 9


def test_fields_see_a_change_below_the_top_of_a_field():
    """Root's warriors are a dict of lists changed in place (its clone copies both levels): the copy
    `Fields` compares with shares no list with the state, so a warrior placed inside one list makes the
    clearings again (a copy one level deep would share the list, see nothing and keep the old clearings)."""
    encoding = encoding_for("root", 2, {})
    game = boardlab.new_game("root", 2, 0)
    before = encoding.encode(game, 0)
    faction = next(iter(game.state.warriors))
    game.state.warriors[faction][0] += 1  # in place, as the engine places a warrior
    after = encoding.encode(game, 0)
    assert np.array_equal(after, encoding.encode_view(game, 0)) and not np.array_equal(after, before)
    assert not encoding.fields.changed(game.state, 0)  # (taken as they are now)
    game.state.warriors[faction][0] -= 1
    assert encoding.fields.changed(game.state, 0) == {"clearings"}


def test_kept_rest_equals_the_hashed_parts_whole_numbers_or_not():
    """The rest kept by parts (`KeptRest`: a part made again when its field changed, the total updated
    by the parts that changed while every sum is a whole number, else summed afresh) equals the parts
    hashed afresh (`HashedView(by_part=True)`, within LIMIT) at every step, fractions, sums past LIMIT
    and past float32's whole numbers, and a part made every call included."""
    from types import SimpleNamespace

    from boardlab.adapters.encodings import LIMIT, HashedView, KeptRest, Part

    class Stub:  # what KeptRest asks of an encoding: no modules, no zones
        def module_views(self, game):
            return (), ()

    parts = [Part("a", ("a",), lambda state, seat: state.a), Part("b", ("b",), lambda state, seat: {"n": state.b}),
             Part("c", None, lambda state, seat: [state.a, "x"])]
    kept = KeptRest(HashedView(64, by_part=True), parts)
    fields = Fields(kept.groups())
    state = SimpleNamespace(a=[1, 2], b=3, modules=())
    pick = random.Random(0)
    for step in range(200):
        changed = fields.changed(state, 0)
        expected = np.zeros(64, np.float32)
        HashedView(64, by_part=True).encode({"a": state.a, "b": {"n": state.b}, "c": [state.a, "x"]}, expected)
        expected = np.clip(expected, -LIMIT, LIMIT)  # (as `Encoding.encode` limits its whole vector)
        assert np.array_equal(kept.vector(Stub(), SimpleNamespace(state=state), 0, changed), expected), step
        if pick.random() < 0.5:
            state.a = [pick.choice([1, 2, 0.25, 3.5]), pick.randrange(5)]
        else:
            state.b = pick.choice([0, 7, 1e9, -2, 0.1, 2 ** 25 + 1, 900])


def test_a_mask_held_by_the_caller_never_changes():
    """Masks are reused only when no one else holds them (`MaskPool`): every mask a caller keeps
    still shows its own position's legal actions after later steps; dropped ones are reused."""
    env = bpz.raw_env("carcassonne", 2)
    env.reset(seed=2)
    held = []
    for _ in range(12):
        seat = env.game.to_play
        mask = env.observe(bpz.agent_name(seat))["action_mask"]
        held.append((mask, np.flatnonzero(mask).tolist(), env.legal_actions(seat)))
        for _ in range(3):
            env.observe(bpz.agent_name(seat))  # dropped at once: their arrays are free again
        env.step(held[-1][2][0])
    assert len(env._masks.arrays) <= env._masks.KEPT
    for mask, ones, legal in held:
        assert np.flatnonzero(mask).tolist() == ones == legal
