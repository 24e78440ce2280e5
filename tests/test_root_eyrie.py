"""The Eyrie Dynasties (Law of Root, chapter 7): scenario tests, one position per clause.

Autumn map (clearing: suit, slots): 1 fox 1, 2 mouse 2, 3 rabbit 1, 4 rabbit 1, 5 rabbit 2, 6 fox 2 (a ruin),
7 mouse 2, 8 fox 2, 9 mouse 2, 10 rabbit 2 (a ruin), 11 mouse 3 (a ruin), 12 fox 2 (a ruin). Paths: 1-5 1-9
1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; corners 1/3 and 2/4 are opposite.
Seat 0 plays the Marquise, seat 1 the Eyrie. A Decree column with a single card resolves it without a question.
"""
from __future__ import annotations

import pytest
import root_helpers as H

from boardlab.core import positions
from boardlab.games.root import board as B
from boardlab.games.root.modules.eyrie import COLUMNS, LEADERS, VIZIER

CAT, EYRIE = 0, 1


def board(leader: str = "builder", seed: int = 1, **decree: tuple[str, ...]):
    """A set-up game with an empty map (ruins stay), empty hands, no points, no keep; the Eyrie led by
    `leader` (the others face up) with exactly this Decree (columns not named are empty)."""
    g = H.clear(H.set_up(H.new(seed=seed)))
    H.hand(g, CAT, [])
    H.hand(g, EYRIE, [])
    with positions.edit(g) as s:
        s.score = [0, 0]
        s.mods["marquise"].keep = None
        e = s.mods["eyrie"]
        e.leader, e.face_up = leader, tuple(x for x in LEADERS if x != leader)
        e.decree = {c: tuple(decree.get(c, ())) for c in COLUMNS}
    return g


def eyrie(g):
    return g.state.mods["eyrie"]


def keys(g, since: int = 0) -> list[str]:
    return [key for _, key, _ in H.events(g, since)]


def roosts(g) -> list[int]:
    return [c + 1 for c in B.where(g.state, "eyrie", "roost")]


# ---- setup (LR-07-03) ---------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-07-03-01", "LR-07-03-02", "LR-07-03-03", "LR-07-03-04", "LR-07-03-05", "LR-07-08-04")
def test_setup_roost_warriors_leader_and_viziers():
    g = H.new(seed=3)
    H.play(g, "keep:1", "place:1", "place:5", "place:5")
    # the corner diagonally opposite the Marquise's is the only choice: placed without a question
    assert roosts(g) == [3] and H.warriors(g, "eyrie", 3) == 6
    assert g.state.supply["eyrie"] == 20 - 6
    assert g.decision == "eyrie_leader" and g.to_play == EYRIE
    assert g.legal_action_ids() == ["leader:builder", "leader:charismatic", "leader:commander", "leader:despot"]
    H.play(g, "leader:despot")
    assert eyrie(g).leader == "despot" and eyrie(g).face_up == ("builder", "charismatic", "commander")
    assert eyrie(g).decree == {"recruit": (), "move": (VIZIER,), "battle": (), "build": (VIZIER,)}
    seen = g.view(CAT)["eyrie"]           # the leader, those face up and the Decree are public
    assert seen["leader"] == "despot" and seen["decree"]["build"] == [VIZIER]
    assert seen["roosts"] == 1 and seen["roost_points"] == 0          # 6 roosts left on the track
    assert H.rules_logged(g) >= {"LR-07-03-01", "LR-07-03-02", "LR-07-03-03", "LR-07-03-04", "LR-07-03-05"}


@pytest.mark.rule("LR-07-03-02")
def test_setup_corner_choice_when_no_free_corner_is_opposite_a_start():
    g = H.new(seed=3)
    H.play(g, "keep:1", "place:1", "place:5")
    with positions.edit(g) as s:         # another player started in the opposite corner, 3
        s.homes = {**s.homes, "alliance": (H.idx(3),)}
    H.play(g, "place:5")
    assert g.decision == "eyrie_corner" and g.legal_action_ids() == ["roost_at:2", "roost_at:4"]
    H.play(g, "roost_at:4")
    assert roosts(g) == [4] and H.warriors(g, "eyrie", 4) == 6


@pytest.mark.rule("LR-07-03-04", "LR-07-08", "LR-07-08-01", "LR-07-08-02", "LR-07-08-03", "LR-07-08-04")
@pytest.mark.parametrize("leader, columns", [("builder", ("recruit", "move")), ("charismatic", ("recruit", "battle")),
                                             ("commander", ("move", "battle")), ("despot", ("move", "build"))])
def test_each_leader_tucks_the_viziers_in_its_columns(leader, columns):
    g = H.new(seed=3)
    H.play(g, "keep:1", "place:1", "place:5", "place:5", f"leader:{leader}")
    assert {c for c, cards in eyrie(g).decree.items() if cards == (VIZIER,)} == set(columns)
    assert sum(len(cards) for cards in eyrie(g).decree.values()) == 2


# ---- Birdsong (LR-07-04) ------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-07-04", "LR-07-04-01", "LR-07-04-02", "LR-07-04-03")
def test_birdsong_emergency_orders_then_the_decree_then_a_new_roost():
    g = board()
    for n in range(1, 13):
        if n != 6:
            H.put(g, "marquise", n, warriors=1)
    top = g.state.deck[-1]
    since = H.start(g, EYRIE)
    assert g.state.hands[EYRIE] == [top] and g.decision == "eyrie_decree_add"
    assert g.legal_action_ids() == [f"decree:{c}:{top}" for c in COLUMNS]   # one card must be added
    H.play(g, f"decree:build:{top}")
    order = [k for k in keys(g, since) if k in ("ev.draw", "ev.eyrie.decree", "ev.eyrie.new_roost")]
    assert order == ["ev.draw", "ev.eyrie.decree", "ev.eyrie.new_roost"]
    assert ("LR-07-04", "LR-07-04-01") in [r for r, k, _ in H.events(g, since) if k == "ev.draw"]
    assert 6 in roosts(g)
    assert [p for _, k, p in H.events(g, since) if k == "ev.eyrie.decree"] == [{"column": "build", "card": top}]


@pytest.mark.rule("LR-07-04-01")
def test_no_emergency_orders_with_a_card_in_hand():
    g = board()
    H.put(g, "eyrie", 3, buildings=["roost"])
    H.hand(g, EYRIE, ["fox_anvil"])
    since = H.start(g, EYRIE)
    assert "ev.draw" not in keys(g, since) and g.state.hands[EYRIE] == ["fox_anvil"]


@pytest.mark.rule("LR-07-04-02")
def test_add_one_or_two_cards_at_most_one_bird():
    g = board()
    H.put(g, "eyrie", 3, buildings=["roost"])
    H.hand(g, EYRIE, ["bird_crossbow", "bird_armorers", "fox_anvil", "rabbit_a_visit_to_friends"])
    H.start(g, EYRIE)
    assert "done" not in g.legal_action_ids() and len(g.legal_action_ids()) == 16
    H.play(g, "decree:battle:bird_crossbow")
    # a second card, not a bird; or stop at one
    assert g.legal_action_ids() == [f"decree:{c}:{card}" for card in ("fox_anvil", "rabbit_a_visit_to_friends")
                                    for c in COLUMNS] + ["done"]
    H.play(g, "decree:battle:fox_anvil")  # a column holds any number of cards; no third card
    assert g.decision == "eyrie_craft"    # Daylight (the rabbit card can be crafted at the rabbit roost)
    assert eyrie(g).decree["battle"] == ("bird_crossbow", "fox_anvil")
    assert g.state.hands[EYRIE] == ["bird_armorers", "rabbit_a_visit_to_friends"]
    # revealed: the Marquise sees the cards in the Decree and in the log
    assert g.view(CAT)["eyrie"]["decree"]["battle"] == ["bird_crossbow", "fox_anvil"]


@pytest.mark.rule("LR-07-04-02")
def test_add_a_single_card_and_stop():
    g = board()
    H.put(g, "eyrie", 3, buildings=["roost"])
    H.hand(g, EYRIE, ["fox_anvil", "rabbit_root_tea"])
    H.start(g, EYRIE)
    H.play(g, "decree:recruit:rabbit_root_tea", "done")
    assert eyrie(g).decree["recruit"] == ("rabbit_root_tea",) and g.state.hands[EYRIE][0] == "fox_anvil"


@pytest.mark.rule("LR-07-04-03")
def test_a_new_roost_in_a_clearing_with_the_fewest_warriors_and_an_open_slot():
    g = board()
    for n in range(1, 13):
        if n not in (3, 7, 9):
            H.put(g, "marquise", n, warriors=1)
    H.put(g, "marquise", 3, buildings=["sawmill"])   # no warrior, but no open slot either
    H.hand(g, EYRIE, ["fox_anvil"])
    H.start(g, EYRIE)
    H.play(g, "decree:move:fox_anvil")
    assert g.decision == "eyrie_new_roost" and g.legal_action_ids() == ["roost_at:7", "roost_at:9"]
    H.play(g, "roost_at:9")
    assert roosts(g) == [9] and H.warriors(g, "eyrie", 9) == 3


@pytest.mark.rule("LR-07-04-03", "LR-01-05-04")
def test_a_new_roost_with_fewer_than_three_warriors_left():
    g = board()
    H.put(g, "eyrie", 2, warriors=18)                   # two left in the supply
    for n in range(1, 13):
        if n not in (2, 3):
            H.put(g, "marquise", n, warriors=1)         # clearing 3 is the only one without warriors
    H.hand(g, EYRIE, ["fox_anvil"])
    since = H.start(g, EYRIE)
    H.play(g, "decree:move:fox_anvil")
    assert [(r, p) for r, k, p in H.events(g, since) if k == "ev.eyrie.new_roost"] == [
        (("LR-07-04-03", "RTA-EYRIE-04", "LR-01-05-04"), {"clearing": H.idx(3), "n": 2})]
    assert roosts(g) == [3] and H.warriors(g, "eyrie", 3) == 2 and g.state.supply["eyrie"] == 0


@pytest.mark.rule("LR-07-04-03")
def test_no_new_roost_while_one_is_on_the_map():
    g = board()
    H.put(g, "eyrie", 3, buildings=["roost"])
    H.hand(g, EYRIE, ["fox_anvil"])
    since = H.start(g, EYRIE)
    H.play(g, "decree:move:fox_anvil")
    assert "ev.eyrie.new_roost" not in keys(g, since) and roosts(g) == [3]


# ---- Daylight: crafting (LR-07-02-01, LR-07-05-01), Disdain for Trade (LR-07-02-03) -----------------------------

@pytest.mark.rule("LR-07-02-01", "LR-07-05", "LR-07-05-01", "LR-07-02-03", "LR-07-08-01")
@pytest.mark.parametrize("leader, points", [("despot", 1), ("commander", 1), ("builder", 2)])
def test_craft_with_roosts_before_the_decree_items_score_one(leader, points):
    g = board(leader, move=("rabbit_root_tea",))
    H.put(g, "eyrie", 1, buildings=["roost"])                    # a fox roost
    H.put(g, "eyrie", 5, warriors=1)
    H.put(g, "marquise", 2, warriors=1, buildings=["workshop"])  # a Marquise workshop crafts nothing for them
    H.hand(g, EYRIE, ["fox_anvil", "mouse_crossbow", "mouse_sword"])
    H.start(g, EYRIE, "daylight.start")
    assert g.decision == "eyrie_craft"
    crafts = [a for a in g.legal_action_ids() if a.startswith("craft:")]
    assert crafts == ["craft:fox_anvil", "craft:mouse_crossbow"]   # one fox; the sword needs two
    since = len(g.state.events)
    H.play(g, "craft:fox_anvil")                                  # a hammer: 2 points printed
    assert g.state.score[EYRIE] == points and g.state.crafted[EYRIE] == ("hammer",)
    assert ("LR-07-08-01" if leader == "builder" else "LR-07-02-03") in H.rules_logged(g, since)
    # the roost is used: the Decree comes next (its move), and crafting is over
    assert g.decision == "move_from" and g.legal_action_ids() == ["from:5"]


# ---- resolving the Decree (LR-07-05-02) -------------------------------------------------------------------------

@pytest.mark.rule("LR-07-05-02-01")
def test_recruit_at_a_roost_matching_the_card():
    g = board(recruit=("fox_anvil",))
    for n in (1, 8, 2):
        H.put(g, "eyrie", n, buildings=["roost"])
    H.start(g, EYRIE, "daylight.start")
    assert g.decision == "eyrie_recruit" and g.legal_action_ids() == ["recruit_at:1", "recruit_at:8"]
    H.play(g, "recruit_at:8")
    assert H.warriors(g, "eyrie", 8) == 1 and H.warriors(g, "eyrie", 1) == 0 and H.warriors(g, "eyrie", 2) == 0


@pytest.mark.rule("LR-07-05-02-01", "LR-07-08-02")
def test_the_charismatic_recruits_two():
    g = board("charismatic", recruit=(VIZIER,))
    H.put(g, "eyrie", 2, buildings=["roost"])
    since = H.start(g, EYRIE, "daylight.start")
    assert H.warriors(g, "eyrie", 2) == 2 and g.state.supply["eyrie"] == 18
    assert "LR-07-08-02" in H.rules_logged(g, since) and "ev.eyrie.turmoil" not in keys(g, since)


@pytest.mark.rule("LR-07-08-02", "LR-07-07", "LR-01-05-04")
def test_the_charismatic_with_one_warrior_left_places_it_then_turmoil():
    """The Law's FAQ: place as many as possible, then fall into turmoil (RTA-EYRIE-01)."""
    g = board("charismatic", recruit=(VIZIER,), build=("rabbit_root_tea",))
    H.put(g, "eyrie", 2, buildings=["roost"])
    H.put(g, "eyrie", 5, warriors=19)
    since = H.start(g, EYRIE, "daylight.start")
    assert H.warriors(g, "eyrie", 2) == 1 and g.state.supply["eyrie"] == 0
    assert keys(g, since).index("ev.eyrie.recruit") < keys(g, since).index("ev.eyrie.turmoil")
    assert g.decision == "eyrie_leader_turmoil"
    assert roosts(g) == [2]                  # the build card was never resolved


@pytest.mark.rule("LR-07-05-02-02")
def test_move_from_a_clearing_matching_the_card():
    g = board(move=("mouse_sword",))
    H.put(g, "eyrie", 2, warriors=2)
    H.put(g, "eyrie", 1, warriors=2)
    H.start(g, EYRIE, "daylight.start")
    assert g.decision == "move_from" and g.legal_action_ids() == ["from:2"]   # a mouse clearing; no skip
    H.play(g, "from:2", "to:5", "warriors:1")
    assert H.warriors(g, "eyrie", 5) == 1 and H.warriors(g, "eyrie", 2) == 1


@pytest.mark.rule("LR-07-05-02", "LR-07-05-02-02")
def test_the_same_warrior_may_answer_several_move_cards():
    """The Law's FAQ: back and forth, one card after another."""
    g = board(move=("fox_anvil", "rabbit_root_tea"))
    H.put(g, "eyrie", 1, warriors=1)
    H.start(g, EYRIE, "daylight.start")
    assert g.legal_action_ids() == ["resolve:move:fox_anvil", "resolve:move:rabbit_root_tea"]  # any order
    H.play(g, "resolve:move:fox_anvil", "from:1", "to:5")
    # the rabbit card is the last one: resolved at once, from rabbit clearing 5
    assert g.legal_action_ids() == ["from:5"]
    H.play(g, "from:5", "to:1")
    assert H.warriors(g, "eyrie", 1) == 1 and "ev.eyrie.turmoil" not in keys(g)


@pytest.mark.rule("LR-07-05-02-03")
def test_battle_in_a_clearing_matching_the_card():
    g = board(battle=("rabbit_root_tea",))
    H.put(g, "eyrie", 5, warriors=2)
    H.put(g, "marquise", 5, warriors=1)
    H.put(g, "eyrie", 1, warriors=2)
    H.put(g, "marquise", 1, warriors=1)
    H.start(g, EYRIE, "daylight.start")
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:5"]


@pytest.mark.rule("LR-07-05-02-04", "LR-07-02-02")
def test_build_a_roost_in_a_ruled_clearing_without_one():
    g = board(build=(VIZIER,))                            # a bird: any clearing
    H.put(g, "eyrie", 5, warriors=2)
    H.put(g, "eyrie", 2, warriors=1)
    H.put(g, "marquise", 2, warriors=1)                   # a tie: Lords of the Forest
    H.put(g, "eyrie", 7, buildings=["roost"])             # ruled, but it has a roost
    H.put(g, "eyrie", 9, warriors=1)
    H.put(g, "marquise", 9, warriors=2)                   # the Marquise rule 9
    H.start(g, EYRIE, "daylight.start")
    assert g.decision == "eyrie_build" and g.legal_action_ids() == ["roost_at:2", "roost_at:5"]
    H.play(g, "roost_at:2")
    assert roosts(g) == [2, 7]


@pytest.mark.rule("LR-07-05-02")
def test_the_decree_resolves_left_to_right():
    """The recruit (leftmost) places the warrior the move (next column) then moves."""
    g = board(recruit=("fox_anvil",), move=("fox_root_tea",))
    H.put(g, "eyrie", 1, buildings=["roost"])
    since = H.start(g, EYRIE, "daylight.start")
    assert g.decision == "move_from" and g.legal_action_ids() == ["from:1"]
    H.play(g, "from:1", "to:5")
    assert keys(g, since).index("ev.eyrie.recruit") < keys(g, since).index("ev.move")
    assert "ev.eyrie.turmoil" not in keys(g, since)


# ---- turmoil (LR-07-07) ------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-07-01", "LR-07-05-02", "LR-07-07", "LR-07-07-01", "LR-07-07-02", "LR-07-07-03", "LR-07-07-04")
def test_turmoil_humiliate_purge_depose_rest():
    g = board("builder", recruit=(VIZIER,), move=(VIZIER,), battle=("bird_crossbow", "fox_anvil"),
              build=("rabbit_root_tea",))
    H.put(g, "eyrie", 1, warriors=1, buildings=["roost"])
    with positions.edit(g) as s:
        s.score = [0, 5]
    since = H.start(g, EYRIE, "daylight.start")
    H.play(g, "from:1", "to:5", "warriors:1")             # recruit at 1, then the move
    # no enemy anywhere: neither battle card can be taken, so turmoil
    assert "ev.eyrie.turmoil" in keys(g, since)
    assert g.state.score[EYRIE] == 5 - 3                   # two viziers and a bird card
    assert {"bird_crossbow", "fox_anvil", "rabbit_root_tea"} <= set(g.state.discard)
    assert eyrie(g).decree == {c: () for c in COLUMNS} and eyrie(g).leader is None
    assert g.decision == "eyrie_leader_turmoil"
    assert g.legal_action_ids() == ["leader:charismatic", "leader:commander", "leader:despot"]
    H.play(g, "leader:commander")
    assert eyrie(g).decree == {"recruit": (), "move": (VIZIER,), "battle": (VIZIER,), "build": ()}
    assert "builder" not in eyrie(g).face_up and eyrie(g).face_up == ("charismatic", "despot")
    # Rest: the build card was never resolved, and Evening follows (score for one roost: 0; draw 1)
    assert roosts(g) == [1]
    after = keys(g, since)
    assert after.index("ev.eyrie.rest") < after.index("ev.draw")
    assert H.rules_logged(g, since) >= {"LR-07-07", "LR-07-07-01", "LR-07-07-02", "LR-07-07-03", "LR-07-07-04"}


@pytest.mark.rule("LR-07-07-03-01")
def test_a_new_clutch_when_no_leader_is_face_up():
    g = board("despot", battle=("fox_anvil",))
    with positions.edit(g) as s:
        s.mods["eyrie"].face_up = ()
    since = H.start(g, EYRIE, "daylight.start")
    assert "ev.eyrie.new_clutch" in keys(g, since)
    # all four again, the one just deposed too (RTA-EYRIE-03)
    assert g.legal_action_ids() == [f"leader:{x}" for x in LEADERS]
    H.play(g, "leader:despot")
    assert eyrie(g).leader == "despot" and eyrie(g).face_up == ("builder", "charismatic", "commander")


@pytest.mark.rule("LR-07-05-02", "LR-07-07")
def test_a_card_that_cannot_be_taken_may_be_chosen_first():
    """RTA-EYRIE-02: cards of a column in any order; choosing one that cannot be taken is turmoil."""
    g = board(move=("fox_anvil", "rabbit_root_tea"))
    H.put(g, "eyrie", 1, warriors=1)                      # no warrior in a rabbit clearing
    since = H.start(g, EYRIE, "daylight.start")
    H.play(g, "resolve:move:rabbit_root_tea")
    assert "ev.eyrie.turmoil" in keys(g, since) and "ev.move" not in keys(g, since)
    assert H.warriors(g, "eyrie", 1) == 1


@pytest.mark.rule("LR-07-07")
def test_an_empty_column_is_no_turmoil():
    g = board(build=())
    since = H.start(g, EYRIE, "daylight.start")
    assert "ev.eyrie.turmoil" not in keys(g, since)


@pytest.mark.rule("LR-07-07-01")
def test_humiliation_stops_at_zero_points():
    g = board("builder", recruit=(VIZIER,), move=(VIZIER,))
    with positions.edit(g) as s:
        s.score = [0, 1]
    H.start(g, EYRIE, "daylight.start")                   # no roost: the recruit fails
    assert g.state.score[EYRIE] == 0


# ---- Evening (LR-07-06) ------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-07-01", "LR-07-06", "LR-07-06-01", "LR-07-06-02")
@pytest.mark.parametrize("count, points, drawn", [(0, 0, 1), (1, 0, 1), (2, 1, 1), (3, 2, 2), (4, 3, 2),
                                                  (5, 4, 2), (6, 4, 3), (7, 5, 3)])
def test_evening_scores_the_roost_track_then_draws(count, points, drawn):
    g = board()
    for n in (1, 2, 3, 4, 5, 7, 8)[:count]:
        H.put(g, "eyrie", n, buildings=["roost"])
    since = H.start(g, EYRIE, "evening.start")
    assert g.state.score[EYRIE] == points
    assert [p["n"] for r, k, p in H.events(g, since) if k == "ev.draw" and "LR-07-06-02" in r] == [drawn]
    order = [k for k in keys(g, since) if k in ("ev.score", "ev.draw")]
    assert order[:1] == (["ev.score"] if points else ["ev.draw"])


@pytest.mark.rule("LR-07-06-02")
def test_evening_hand_limit_five():
    g = board()
    H.hand(g, EYRIE, ["fox_anvil", "fox_root_tea", "rabbit_root_tea", "mouse_sword", "bird_crossbow"])
    H.start(g, EYRIE, "evening.start")
    assert len(g.state.hands[EYRIE]) == 6 and g.decision == "discard" and g.to_play == EYRIE
    H.play(g, "discard:mouse_sword")
    assert len(g.state.hands[EYRIE]) == 5 and "mouse_sword" in g.state.discard


# ---- Lords of the Forest (LR-07-02-02) ---------------------------------------------------------------------------

@pytest.mark.rule("LR-07-02-02")
def test_lords_of_the_forest_rule_ties():
    g = board(move=("rabbit_root_tea",))
    H.put(g, "eyrie", 5, warriors=1)
    H.put(g, "marquise", 5, warriors=1)
    H.put(g, "marquise", 9, buildings=["sawmill"])
    H.put(g, "eyrie", 9, warriors=1)
    assert B.ruler(g.state, H.idx(5)) == "eyrie" and B.ruler(g.state, H.idx(9)) == "eyrie"
    assert B.ruler(g.state, H.idx(2)) is None             # no pieces: no one rules
    # the Marquise cannot march out of the tied clearing 5 (she rules neither end); the Eyrie can
    H.start(g, CAT, "daylight.start")
    assert "march" not in g.legal_action_ids() and "battle" in g.legal_action_ids()
    H.start(g, EYRIE, "daylight.start")
    assert g.legal_action_ids() == ["from:5"]
    H.play(g, "from:5")
    assert g.legal_action_ids() == ["to:1", "to:2"]


# ---- leaders in battle (LR-07-08-03, LR-07-08-04) ----------------------------------------------------------------

@pytest.mark.rule("LR-07-08-03")
def test_the_commander_deals_an_extra_hit_as_attacker(monkeypatch):
    g = board("commander", battle=(VIZIER,))
    H.put(g, "eyrie", 5, warriors=2)
    H.put(g, "marquise", 5, warriors=3)
    H.dice(monkeypatch, 1, 0)
    since = H.start(g, EYRIE, "daylight.start")
    H.play(g, "battle:5")
    assert H.warriors(g, "marquise", 5) == 3 - 2 and H.warriors(g, "eyrie", 5) == 2
    assert "ev.eyrie.commander" in keys(g, since)


@pytest.mark.rule("LR-07-08-03")
def test_the_commander_deals_no_extra_hit_as_defender(monkeypatch):
    g = board("commander")
    H.put(g, "eyrie", 5, warriors=2)
    H.put(g, "marquise", 5, warriors=3)
    H.dice(monkeypatch, 1, 1)
    H.start(g, CAT, "daylight.start")
    H.play(g, "battle", "battle:5")
    assert H.warriors(g, "marquise", 5) == 3 - 1 and H.warriors(g, "eyrie", 5) == 1
    assert "ev.eyrie.commander" not in keys(g)


@pytest.mark.rule("LR-07-08-04", "LR-03-02-01")
def test_the_despot_scores_one_more_for_buildings_and_tokens_in_battle(monkeypatch):
    """A sawmill and a wood removed together: 2 points, and 1 more for the Despot (not 2: the Law's FAQ)."""
    g = board("despot", battle=(VIZIER,))
    H.put(g, "eyrie", 5, warriors=3)
    H.put(g, "marquise", 5, buildings=["sawmill"], tokens=["wood"])
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 7
    H.dice(monkeypatch, 2, 0)
    since = H.start(g, EYRIE, "daylight.start")
    H.play(g, "battle:5")
    assert H.pieces(g, 5) == ()
    assert g.state.score[EYRIE] == 3 and "ev.eyrie.despot" in keys(g, since)
    assert g.state.mods["marquise"].wood == 8


@pytest.mark.rule("LR-07-08-04")
def test_the_despot_scores_nothing_more_outside_battle():
    g = board("despot")
    for n in (6, 8, 12):
        H.put(g, "eyrie", n, buildings=["roost"])
    H.put(g, "marquise", 1, buildings=["sawmill"])
    H.hand(g, EYRIE, ["fox_favor_of_the_foxes"])
    since = H.start(g, EYRIE, "daylight.start")
    H.play(g, "craft:fox_favor_of_the_foxes")
    assert H.pieces(g, 1) == ()
    assert [p["points"] for r, k, p in H.events(g, since) if k == "ev.score" and "LR-03-02-01" in r] == [1]
    assert "ev.eyrie.despot" not in keys(g)
