"""The Great Wall's action space (games/greatwall/actions.py and each module's `MODULE.actions`) and the
module contract's promise that a module exists only while it is on: importing one changes no table of
the base game."""
from __future__ import annotations

import subprocess
import sys

import pytest

import boardlab

BASE_IDS = ["skip", "general:su_dongpo", "command:red_haste", "wood:0", "stone:17", "gold:99", "section:2",
            "advisor:0", "to:quarry", "from:supply", "activate:post_office", "build:1", "archer:0",
            "horseman:2:spearman", "fort:1:wood+gold", "buy:quarry", "upgrade:temple", "resource:chi",
            "move:horseman@1", "tactic:volley", "slot:2:5", "column:0:2", "dispatch:horseman:2", "slot:4"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_base_space_numbers_every_id_form_once_and_decodes_it(players):
    space = boardlab.new_game("greatwall", players, seed=1).action_space
    numbers = [space.encode(a) for a in BASE_IDS]
    assert len(set(numbers)) == len(numbers) and all(0 <= n < space.size for n in numbers)
    assert [space.decode(n) for n in numbers] == BASE_IDS
    assert all(space.encode(space.decode(n)) == n for n in range(space.size))      # no id twice
    for missing in ("wood:100", "wood:01", "rat:quarry", "bannerman:0", "dispatch:bannerman:0", "archer:fortress"):
        with pytest.raises(ValueError):
            space.encode(missing)


@pytest.mark.parametrize("options, ids", [
    ({"expansions": ["rat"]}, ["rat:quarry"]),
    ({"expansions": ["genghis"]}, ["bannerman:0", "dispatch:bannerman:1", "move:bannerman@2", "attack:2:5",
                                   "card:horseman", "saved:spearman", "spot:genghis_khan:5"]),
    ({"scenario": "diaoyu", "mode": "cooperative"}, ["archer:fortress", "defence:wood+stone+gold", "wall:0", "rest:2"]),
    ({"scenario": "famine"}, ["buy:chi", "sell", "feed", "unfed:archer@1", "unfed_oncard:8",
                              "unfed_overseer:quarry", "unfed_clerk:market", "unfed_all"]),
    ({"scenario": "freezing"}, ["tribute:gold", "discard:wood", "shame", "supply"]),
    ({"scenario": "emperor"}, ["move:chi"]),
    ({"scenario": "ghost"}, ["haunt:academy", "exorcise:quarry"]),
    ({"scenario": "redturban", "mode": "cooperative"}, ["buy", "war", "peace:2"]),   # its `gold:N`: the base's
])
def test_a_module_adds_its_own_segment_after_the_base_games(options, ids):
    g = boardlab.new_game("greatwall", 3, seed=1, options=options)
    space = g.action_space
    base = sum(seg.size for seg in g.rules.base_actions(3, g.options))    # the base game's segments first
    assert space.size > base
    for a in ids:
        assert space.decode(space.encode(a)) == a and space.encode(a) >= base
    for a in BASE_IDS:
        assert space.encode(a) < base
    assert all(space.encode(space.decode(n)) == n for n in range(space.size))      # no id twice


def test_importing_every_module_changes_no_table_of_the_base_game():
    """Modules act only while on in a state: loading them all leaves every base table as it was."""
    code = """
import boardlab
from boardlab.games.greatwall import effects, locations, render, tasks, text, view
from boardlab.games.greatwall.modules import REGISTRY
def tables():
    return (sorted(locations.EFFECTS), sorted(effects.OPS), sorted(view.CARDS), sorted(tasks.POINTS),
            sorted(tasks.BASE.steps), sorted(tasks.BASE.decisions), sorted(t.__name__ for t in tasks.BASE.handlers),
            len(tasks.BASE.hooks), sorted(tasks.BASE.answers))
before = tables()
for name in REGISTRY.names():
    REGISTRY.get(name)
assert tables() == before, "a module changed a base table"
assert not tasks.BASE.hooks and not tasks.BASE.answers and not tasks.BASE.decision_hooks
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
