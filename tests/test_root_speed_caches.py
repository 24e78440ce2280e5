"""The speed caches of the Root engine answer for the board as it is now, not as it was when last asked.

`board.rulers` and `board.pieces_index` remember the board they answered last (`rulers` counts the next one again
where it differs from it, `pieces_index` keeps every board seen, by its contents), and `board._plain_rule` the
active modules' answers it looked at last. The state's warriors, buildings
and tokens are changed in place by the rules (`warriors[f][c] += n`): a cache that trusted the same lists to hold
the same numbers would answer for the old board. Each test asks a legal list, changes the board in place, and
checks the new list against the rules (a stale cache gives the old list).
"""
from __future__ import annotations

import pytest

from boardlab.core import positions
from boardlab.games.root import board as B
from root_helpers import clear, idx, new, past_crafting, put, set_up, start

# Autumn: clearing 1's paths lead to 5, 9 and 10
AROUND_1 = (5, 9, 10)


def _marquise_daylight(g):
    start(g, 0, "daylight.start", "daylight")
    return past_crafting(g)


@pytest.mark.rule("LR-04-02-01", "LR-02-05")
def test_march_appears_when_rule_changes_in_place():
    """A move needs rule of its origin or destination (LR-04-02-01): Eyrie warriors rule clearing 1 and its
    neighbours, so the Marquise cannot march; two Eyrie warriors taken off clearing 1 in place (the same lists)
    give her rule there (LR-02-05), and march is offered."""
    g = clear(set_up(new()))
    put(g, "marquise", 1, warriors=1)
    put(g, "eyrie", 1, warriors=2)
    for c in AROUND_1:
        put(g, "eyrie", c, warriors=2)
    _marquise_daylight(g)
    assert g.decision == "marquise_action"
    assert "march" not in g.legal_action_ids()
    assert B.rulers(g.state)[idx(1)] == "eyrie"
    warriors_before = g.state.warriors["eyrie"]
    with positions.edit(g) as s:
        s.warriors["eyrie"][idx(1)] -= 2  # in place: the very list the cache saw
        s.supply["eyrie"] += 2
    assert g.state.warriors["eyrie"] is warriors_before
    assert B.rulers(g.state)[idx(1)] == "marquise"
    assert "march" in g.legal_action_ids()


@pytest.mark.rule("LR-04-03", "LR-06-05-01")
def test_battle_follows_warriors_added_in_place():
    """Battle needs an enemy piece in a clearing with the battler's warriors (LR-04-03): none at first; an Eyrie
    warrior added in place to the Marquise's clearing makes battle legal."""
    g = clear(set_up(new()))
    put(g, "marquise", 1, warriors=2)
    put(g, "eyrie", 12, warriors=1)
    _marquise_daylight(g)
    assert "battle" not in g.legal_action_ids()
    with positions.edit(g) as s:
        s.warriors["eyrie"][idx(1)] += 1
        s.supply["eyrie"] -= 1
    assert "battle" in g.legal_action_ids()


@pytest.mark.rule("LR-06-05-03")
def test_recruit_follows_recruiters_placed_and_taken():
    """Recruit needs a recruiter on the map (LR-06-05-03): `pieces_index` must see a recruiter placed, and see it
    gone again when the buildings list returns to an earlier content (a board seen before is answered from the
    cache by its contents, never by the list object)."""
    g = clear(set_up(new()))
    put(g, "marquise", 1, warriors=1)
    _marquise_daylight(g)
    assert "recruit" not in g.legal_action_ids()
    before = list(g.state.buildings)
    with positions.edit(g) as s:
        s.buildings[idx(1)] = s.buildings[idx(1)] + (("marquise", "recruiter"),)  # in place: the same list
    assert B.where(g.state, "marquise", "recruiter") == [idx(1)]
    assert "recruit" in g.legal_action_ids()
    with positions.edit(g) as s:
        s.buildings[:] = before
    assert B.where(g.state, "marquise", "recruiter") == []
    assert "recruit" not in g.legal_action_ids()


@pytest.mark.rule("LR-10-02-04", "LR-02-05")
def test_rule_follows_the_active_modules():
    """Rule is cached only while no active module adds to it, and the cache looks at the active modules of the
    game asked about: with the Lizard Cult on, its garden rules clearing 1 (Pilgrims, LR-10-02-04) against three
    Marquise warriors; the same board in a game without the Cult's module is ruled by the most pieces (LR-02-05),
    asked in turn so that each answer follows one asked about the other game."""
    cult = clear(set_up(new(("marquise", "lizard"))))
    put(cult, "marquise", 1, warriors=3)
    put(cult, "lizard", 1, buildings=["garden"])
    plain = clear(set_up(new(("marquise", "eyrie"))))
    with positions.edit(plain) as s:
        s.buildings[idx(1)] = (("lizard", "garden"),)  # the same pieces: a building of a faction not in play
    put(plain, "marquise", 1, warriors=3)
    for _ in range(2):
        assert B.rulers(cult.state)[idx(1)] == "lizard"
        assert B.rulers(plain.state)[idx(1)] == "marquise"
