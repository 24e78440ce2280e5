"""Root's speed work (issue 12, second round) must not change a game: the random games of bench/root.py's
configurations give the same legal lists, actions and final state as before it.

tests/data/root_speed_golden.json was written by this file (`python tests/test_root_speed_golden.py --write`)
before the second round of speed work (branch rootspeed2 at fcfdc63): for each game, the number of decisions, a
digest of every legal list with the action taken from it (seed i, actions by random.Random(i), as bench/root.py
plays) and the final `state_hash()`. The 4-player game with the base factions on seeds 0..29; 2, 3 and 5 players;
each map; the Exiles and Partisans deck; each later-faction mix of bench/root.py. Never rewrite the file to make
a change pass: a change to any row is a change of the rules.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

import boardlab

GOLDEN = Path(__file__).parent / "data" / "root_speed_golden.json"
BASE = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2")
LATER = [["marquise", "eyrie", "alliance", f] for f in
         ("lizard", "corvid", "duchy", "riverfolk", "hundreds", "knaves", "lilypad", "keepers", "twilight")]
LATER.append(["marquise", "eyrie", "lizard", "corvid"])
GAMES = ([(4, {}, s) for s in range(30)] + [(p, {}, s) for p in (2, 3, 5) for s in range(4)]
         + [(2, {"map": m}, s) for m in ("winter", "lake", "mountain") for s in range(3)]
         + [(2, {"deck": "exiles"}, s) for s in range(3)] + [(4, {"deck": "exiles"}, s) for s in range(2)]
         + [(4, {"factions": f}, s) for f in LATER for s in range(2)])


def fingerprint(players: int, options: dict, seed: int) -> list:
    """[decisions, digest of the legal lists and actions, final state hash] of one random game."""
    game = boardlab.new_game("root", players, seed=seed, options={"factions": list(BASE[:players]), **options})
    choice = random.Random(seed).choice
    trail = hashlib.sha256()
    n = 0
    while not game.is_over:
        legal = game.legal_action_ids()
        action = choice(legal)
        trail.update(("|".join(legal) + ">" + action + "\n").encode())
        game.apply(action)
        n += 1
    return [n, trail.hexdigest()[:20], game.state_hash()]


def _key(players: int, options: dict, seed: int) -> str:
    return f"{players}p {json.dumps(options, sort_keys=True)} seed {seed}"


@pytest.mark.parametrize("players,options,seed", GAMES, ids=[_key(*g) for g in GAMES])
def test_random_game_as_before_the_speed_work(players, options, seed):
    golden = json.loads(GOLDEN.read_text())
    assert fingerprint(players, options, seed) == golden[_key(players, options, seed)]


if __name__ == "__main__" and "--write" in sys.argv:
    rows = [f"{json.dumps(_key(*g))}: {json.dumps(fingerprint(*g))}" for g in GAMES]
    GOLDEN.write_text("{\n" + ",\n".join(rows) + "\n}\n")
