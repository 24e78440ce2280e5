"""The fourth round of Root speed work (issue 12) keeps every answer as before.

`board._rule_kind` (whether rule is the plain count or effects add to it) is kept for the tuple of active modules
asked about last, not for their answers looked up first; the Scoundrel's scorched clearings are read from his data
directly; `cards.available_suits` copies its counts once when no suit was spent. Each test sets up a position where
a stale or wrong answer gives another legal list or ruler.
"""
from __future__ import annotations

import pytest

from boardlab.core import positions
from boardlab.games.root import board as B
from boardlab.games.root import cards as K
from boardlab.games.root.modules import vagabond_characters as VC
from boardlab.games.root.modules import vagabond_turn as VT
from root_helpers import clear, idx, new, put, set_up


def _plain_and_cult():
    """Two games with the same pieces in clearing 1 (three Marquise warriors, a Lizard garden): one with the Lizard
    Cult's module on (its garden rules there, Pilgrims, LR-10-02-04), one without (the most pieces rule, LR-02-05)."""
    plain = clear(set_up(new(("marquise", "eyrie"))))
    with positions.edit(plain) as s:
        s.buildings[idx(1)] = (("lizard", "garden"),)
    put(plain, "marquise", 1, warriors=3)
    assert B.rulers(plain.state)[idx(1)] == "marquise"  # the plain count is the kind kept now
    cult = clear(set_up(new(("marquise", "lizard"))))
    put(cult, "marquise", 1, warriors=3)
    put(cult, "lizard", 1, buildings=["garden"])
    return plain, cult


@pytest.mark.rule("LR-10-02-04", "LR-02-05")
def test_rule_kind_follows_the_modules_of_the_game_asked():
    """The plain game is asked first, so the kind kept is the plain count: the Cult's game asked next must not be
    counted plainly (its garden would lose to the three warriors), and the plain game asked again not through the
    Cult's effects."""
    plain, cult = _plain_and_cult()
    for _ in range(2):
        assert B.rulers(plain.state)[idx(1)] == "marquise"
        assert B.ruler(plain.state, idx(1)) == "marquise"
        assert B.rulers(cult.state)[idx(1)] == "lizard"
        assert B.ruler(cult.state, idx(1)) == "lizard"


def _vagabond_game():
    return clear(set_up(new(("marquise", "eyrie", "alliance", "vagabond"))))


@pytest.mark.rule("LR-AV-06-02")
def test_a_scorched_clearing_blocks_moves_into_it():
    """LR-AV-06-02: nothing moves into a clearing with the Scoundrel's torch, read from his data as it is now (set
    in place, then taken away)."""
    g = _vagabond_game()
    to = idx(5)  # on a path from clearing 1
    assert not VC.scorched(g.state, to)
    assert not VT.blocked(g.state, "marquise", idx(1), to)
    with positions.edit(g) as s:
        s.mods["vagabond"].scorched = (to,)
    assert VC.scorched(g.state, to)
    assert VT.blocked(g.state, "marquise", idx(1), to)
    assert not VT.blocked(g.state, "marquise", idx(1), idx(9))
    with positions.edit(g) as s:
        s.mods["vagabond"].scorched = ()
    assert not VT.blocked(g.state, "marquise", idx(1), to)


@pytest.mark.rule("LR-04-01-01")
def test_available_suits_with_and_without_pieces_spent():
    """LR-04-01-01: each crafting piece is activated once per turn; the suits left are what the pieces give less
    what was spent this turn, and a suit spent in full is gone (not a zero count)."""
    g = clear(set_up(new()))
    fox = [c for c in range(12) if g.state.suits[c] == "fox"]
    mouse = [c for c in range(12) if g.state.suits[c] == "mouse"]
    pieces = (fox[0], fox[1], mouse[0])
    assert dict(K.available_suits(g.state, pieces)) == {"fox": 2, "mouse": 1}
    with positions.edit(g) as s:
        s.used = {"craft:fox": 1}
    assert dict(K.available_suits(g.state, pieces)) == {"fox": 1, "mouse": 1}
    with positions.edit(g) as s:
        s.used = {"craft:mouse": 1}
    have = K.available_suits(g.state, pieces)
    assert dict(have) == {"fox": 2} and have["mouse"] == 0
