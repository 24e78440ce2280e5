"""When an action may be taken back (server/undo.py), checked on the engine directly."""
from __future__ import annotations

import pytest

import boardlab
from boardlab.core.rng import Stream
from server_helpers import need_web

need_web()

from boardlab.server import undo  # noqa: E402


def test_carcassonne_place_can_be_taken_back_but_not_once_the_next_tile_is_drawn():
    g = boardlab.new_game("carcassonne", 2, seed=3)
    fresh = g.state_hash()
    g.apply(g.legal_action_ids()[0])  # place: the same seat now decides on a follower
    before = undo.plan(g, 0)
    assert before.state_hash() == fresh and before.log == [] and before.to_play == 0
    g.apply(g.legal_action_ids()[-1])  # follower or pass: the turn ends, seat 1's tile is drawn
    with pytest.raises(undo.UndoRefused) as refused:
        undo.plan(g, 0)
    assert refused.value.key == "server.err.undo_hidden"
    with pytest.raises(undo.UndoRefused) as refused:
        undo.plan(g, 1)
    assert refused.value.key == "server.err.undo_nothing"
    g.apply(g.legal_action_ids()[0])
    with pytest.raises(undo.UndoRefused) as refused:
        undo.plan(g, 0)
    assert refused.value.key == "server.err.undo_other_player"


@pytest.mark.parametrize("players, seed", [(3, 5), (2, 7)])
def test_great_wall_undo_reasons_are_the_real_ones(players, seed):
    """Along a random game: an accepted undo gives back the exact earlier state; a refusal
    for private events or chance is refused because that really happened."""
    g = boardlab.new_game("greatwall", players, seed=seed)
    stream = Stream(seed)
    seen = set()
    for _ in range(90):
        if g.is_over:
            break
        prior_hash, prior_rng, prior_events = g.state_hash(), g.state.rng, len(g.state.events)
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
        seat = g.log[-1][0]
        private = any(e.to is not None for e in g.state.events[prior_events:])
        try:
            before = undo.plan(g, seat)
        except undo.UndoRefused as exc:
            seen.add(exc.key)
            if exc.key == "server.err.undo_private":
                assert private
            elif exc.key == "server.err.undo_random":
                assert not private and g.state.rng != prior_rng
            else:
                assert exc.key == "server.err.undo_hidden" and not private and g.state.rng == prior_rng
            continue
        seen.add("ok")
        assert not private and g.state.rng == prior_rng
        assert before.state_hash() == prior_hash and before.log == g.log[:-1]
    assert {"ok", "server.err.undo_private", "server.err.undo_hidden"} <= seen


def test_a_great_wall_secret_choice_can_be_taken_back_until_it_is_revealed():
    g = boardlab.new_game("greatwall", 3, seed=5)
    g.apply(g.legal_action_ids()[0])  # seat 0 keeps a General, in secret
    assert undo.plan(g, 0).log == []
    while g.decision == "general":
        g.apply(g.legal_action_ids()[0])
    # the last choice revealed every General (and dealt private cards): no going back
    with pytest.raises(undo.UndoRefused) as refused:
        undo.plan(g, g.log[-1][0])
    assert refused.value.key in ("server.err.undo_private", "server.err.undo_hidden")
