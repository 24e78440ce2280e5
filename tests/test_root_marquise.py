"""The Marquise de Cat (Law of Root, chapter 6): scenario tests, one position per clause.

Autumn map (clearing: suit, slots): 1 fox 1, 2 mouse 2, 3 rabbit 1, 4 rabbit 1, 5 rabbit 2, 6 fox 2 (a ruin),
7 mouse 2, 8 fox 2, 9 mouse 2, 10 rabbit 2 (a ruin), 11 mouse 3 (a ruin), 12 fox 2 (a ruin). Paths: 1-5 1-9
1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12; corners 1/3 and 2/4 are opposite.
Seat 0 plays the Marquise, seat 1 the Eyrie.
"""
from __future__ import annotations

import pytest
import root_helpers as H

from boardlab.core import positions

CAT, EYRIE = 0, 1


def board(keep: int | None = 1, seed: int = 1):
    """A set-up game with an empty map (ruins stay), empty hands, no points, all her wood in supply, and
    her keep in clearing `keep`."""
    g = H.clear(H.set_up(H.new(seed=seed)))
    H.hand(g, CAT, [])
    H.hand(g, EYRIE, [])
    with positions.edit(g) as s:
        s.score = [0, 0]
        s.mods["marquise"].wood = 8
        s.mods["marquise"].keep = None if keep is None else H.idx(keep)
    if keep is not None:
        H.put(g, "marquise", keep, tokens=["keep"])
    return g


def wood_at(g, number: int) -> int:
    return H.pieces(g, number).count(("marquise", "wood"))


def cat(g):
    return g.state.mods["marquise"]


def keys(g, since: int = 0) -> list[str]:
    return [key for _, key, _ in H.events(g, since)]


def act(g, since: int = 0):
    """Go on to her actions (past a crafting decision, if one is asked)."""
    if g.decision == "marquise_craft":
        H.play(g, "done")
    return g


# ---- setup (LR-06-03) ---------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-03-01", "LR-06-03-02", "LR-06-03-03", "LR-06-03-04", "LR-06-03-05")
def test_setup_keep_garrison_buildings_and_tracks():
    g = H.new(seed=3)
    assert g.decision == "marquise_setup" and g.to_play == CAT
    assert g.legal_action_ids() == ["keep:1", "keep:2", "keep:3", "keep:4"]  # any corner
    H.play(g, "keep:2")
    assert H.pieces(g, 2) == (("marquise", "keep"),)
    # a warrior everywhere but the opposite corner (4)
    assert [H.warriors(g, "marquise", n) for n in range(1, 13)] == [1, 1, 1, 0] + [1] * 8
    # the buildings go in the keep's clearing or next to it (5, 6, 10), where a slot is open
    assert g.legal_action_ids() == ["place:2", "place:5", "place:6", "place:10"]
    H.play(g, "place:2", "place:2")       # a sawmill, then a workshop: clearing 2 is full
    assert g.legal_action_ids() == ["place:5", "place:6", "place:10"]
    H.play(g, "place:6")
    assert g.state.buildings[H.idx(2)] == (("marquise", "sawmill"), ("marquise", "workshop"))
    assert ("marquise", "recruiter") in g.state.buildings[H.idx(6)]
    # 25 warriors (11 placed) and 8 wood
    assert g.state.supply["marquise"] == 25 - 11 and cat(g).wood == 8
    # the rest of each kind on its track: the next of each costs 1 and scores its track's second space
    tracks = g.view(CAT)["marquise"]["tracks"]
    assert tracks == {"sawmill": {"on_map": 1, "next_cost": 1, "next_points": 1},
                      "workshop": {"on_map": 1, "next_cost": 1, "next_points": 2},
                      "recruiter": {"on_map": 1, "next_cost": 1, "next_points": 1}}
    assert H.rules_logged(g) >= {"LR-06-03-01", "LR-06-03-02", "LR-06-03-03", "LR-06-03-04", "LR-06-03-05"}


# ---- the keep (LR-06-02-02) -------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-02-02")
def test_others_cannot_place_at_the_keep_a_new_roost():
    """A New Roost goes to a clearing with the fewest warriors: the keep's clearing (none) is left out."""
    g = board(keep=1)
    for n in range(2, 13):
        H.put(g, "marquise", n, warriors=1)
    H.hand(g, EYRIE, ["fox_anvil"])
    H.start(g, EYRIE)
    H.play(g, "decree:build:fox_anvil")
    assert g.decision == "eyrie_new_roost"
    assert g.legal_action_ids() == [f"roost_at:{n}" for n in range(2, 13)]


@pytest.mark.rule("LR-06-02-02")
def test_without_the_keep_the_empty_clearing_gets_the_new_roost():
    g = board(keep=None)
    for n in range(2, 13):
        H.put(g, "marquise", n, warriors=1)
    H.hand(g, EYRIE, ["fox_anvil"])
    since = H.start(g, EYRIE)
    H.play(g, "decree:build:fox_anvil")
    assert ("eyrie", "roost") in g.state.buildings[H.idx(1)]
    assert [p for _, k, p in H.events(g, since) if k == "ev.eyrie.new_roost"] == [{"clearing": 0, "n": 3}]


@pytest.mark.rule("LR-06-02-02")
def test_others_cannot_build_at_the_keep_but_may_move_in():
    g = board(keep=1)
    H.put(g, "eyrie", 1, warriors=2)     # the Eyrie rule the keep's clearing (fox)
    H.put(g, "eyrie", 8, warriors=1)     # and clearing 8 (fox)
    H.put(g, "eyrie", 5, warriors=2)
    with positions.edit(g) as s:
        s.mods["eyrie"].decree = {"recruit": (), "move": ("rabbit_root_tea",), "battle": (), "build": ("fox_anvil",)}
    H.start(g, EYRIE, "daylight.start")
    # moving into the keep's clearing is allowed
    H.play(g, "from:5")   # the only card of the Move column is resolved at once
    assert "to:1" in g.legal_action_ids()
    H.play(g, "to:1", "warriors:2")
    assert H.warriors(g, "eyrie", 1) == 4
    # building: only clearing 8 (the roost is placed there without a choice)
    assert ("eyrie", "roost") in g.state.buildings[H.idx(8)]
    assert ("eyrie", "roost") not in g.state.buildings[H.idx(1)]


@pytest.mark.rule("LR-06-02-02", "LR-06-02-03")
def test_a_removed_keep_never_returns_and_field_hospitals_stop():
    g = board(keep=1)
    H.put(g, "marquise", 1, warriors=1)
    H.put(g, "marquise", 8, warriors=2)
    for n in (6, 8, 12):
        H.put(g, "eyrie", n, buildings=["roost"])
    H.hand(g, CAT, ["fox_anvil", "fox_root_tea"])
    H.hand(g, EYRIE, ["fox_favor_of_the_foxes"])
    H.start(g, EYRIE, "daylight.start")
    since = len(g.state.events)
    H.play(g, "craft:fox_favor_of_the_foxes")   # removes every enemy piece in fox clearings (1, 6, 8, 12)
    # clearing 1: her warrior and the keep go together; the keep is gone, so no Field Hospitals anywhere
    assert cat(g).keep is None and H.pieces(g, 1) == ()
    assert "ev.cat.keep_removed" in keys(g, since)
    assert g.decision != "field_hospitals" and H.warriors(g, "marquise", 8) == 0
    assert sorted(g.state.hands[CAT]) == ["fox_anvil", "fox_root_tea"]
    assert g.view(CAT)["marquise"]["keep"] is None


# ---- Field Hospitals (LR-06-02-03) ------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-02-03")
def test_field_hospitals_in_the_eyries_turn():
    """Favor of the Foxes removes her warriors in fox clearings 8 and 12: for each clearing she may spend
    a matching card (a bird is wild), a pending decision of her seat in the Eyrie's turn."""
    g = board(keep=3)
    H.put(g, "marquise", 8, warriors=3)
    H.put(g, "marquise", 12, warriors=1)
    for n in (6, 8, 12):
        H.put(g, "eyrie", n, buildings=["roost"])
    H.hand(g, CAT, ["fox_anvil", "bird_crossbow", "rabbit_root_tea"])
    H.hand(g, EYRIE, ["fox_favor_of_the_foxes"])
    H.start(g, EYRIE, "daylight.start")
    H.play(g, "craft:fox_favor_of_the_foxes")
    assert g.state.active == EYRIE and g.to_play == CAT and g.decision == "field_hospitals"
    assert g.legal_action_ids() == ["discard:fox_anvil", "discard:bird_crossbow", "pass"]  # not the rabbit
    assert g.view(EYRIE)["legal_actions"] == [] and g.view(EYRIE)["decision"] == "field_hospitals"
    H.play(g, "pass")                    # the three from clearing 8 go to her supply
    assert g.decision == "field_hospitals" and g.to_play == CAT
    since = len(g.state.events)
    H.play(g, "discard:fox_anvil")       # the one from clearing 12 goes to the keep
    assert H.warriors(g, "marquise", 3) == 1 and H.warriors(g, "marquise", 8) == 0
    assert H.warriors(g, "marquise", 12) == 0
    assert g.state.supply["marquise"] == 25 - 1
    assert sorted(g.state.hands[CAT]) == ["bird_crossbow", "rabbit_root_tea"] and "fox_anvil" in g.state.discard
    assert [r for r, k, _ in H.events(g, since) if k == "ev.cat.hospitals"] == [("LR-06-02-03", "RTA-CAT-03")]


@pytest.mark.rule("LR-06-02-03")
def test_field_hospitals_needs_a_matching_card():
    g = board(keep=3)
    H.put(g, "marquise", 8, warriors=2)
    for n in (6, 8, 12):
        H.put(g, "eyrie", n, buildings=["roost"])
    H.hand(g, CAT, ["rabbit_root_tea", "mouse_sword"])
    H.hand(g, EYRIE, ["fox_favor_of_the_foxes"])
    H.start(g, EYRIE, "daylight.start")
    H.play(g, "craft:fox_favor_of_the_foxes")
    assert g.decision != "field_hospitals" and g.to_play == EYRIE
    assert g.state.supply["marquise"] == 25


@pytest.mark.rule("LR-06-02-03", "LR-06-05-01")
def test_field_hospitals_after_an_ambush_at_the_keep_keeps_the_battle_going(monkeypatch):
    """The Law's FAQ: warriors saved from an ambush are back at once, so the battle goes on."""
    g = board(keep=1)
    H.put(g, "marquise", 1, warriors=2)
    H.put(g, "eyrie", 1, warriors=1, buildings=[])
    H.hand(g, CAT, ["fox_anvil"])
    H.hand(g, EYRIE, ["fox_ambush"])
    H.dice(monkeypatch, 3, 0)
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "battle", "battle:1")
    assert g.decision == "ambush" and g.to_play == EYRIE
    H.play(g, "ambush:fox_ambush")       # two hits: both her warriors are removed
    assert g.decision == "field_hospitals" and g.to_play == CAT
    since = len(g.state.events)
    H.play(g, "discard:fox_anvil")
    assert "ev.battle_over" not in keys(g, since) and "ev.roll" in keys(g, since)
    assert H.warriors(g, "eyrie", 1) == 0 and H.warriors(g, "marquise", 1) == 2


# ---- Birdsong: wood (LR-06-04) ------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-04")
def test_birdsong_one_wood_per_sawmill():
    g = board()
    H.put(g, "marquise", 5, warriors=1, buildings=["sawmill", "sawmill"])
    H.put(g, "marquise", 9, warriors=1, buildings=["sawmill"])
    since = H.start(g, CAT)
    assert wood_at(g, 5) == 2 and wood_at(g, 9) == 1 and cat(g).wood == 5
    assert [r for r, k, _ in H.events(g, since) if k == "ev.cat.wood"] == [("LR-06-04",)] * 3


@pytest.mark.rule("LR-06-04", "LR-01-05-04")
def test_birdsong_short_of_wood_she_chooses_the_sawmills():
    """RTA-CAT-02: with 2 wood for 3 sawmills she picks where they go."""
    g = board()
    H.put(g, "marquise", 5, warriors=1, buildings=["sawmill", "sawmill"])
    H.put(g, "marquise", 9, warriors=1, buildings=["sawmill"])
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 2
    H.start(g, CAT)
    assert g.decision == "marquise_wood" and g.legal_action_ids() == ["wood:5", "wood:9"]
    H.play(g, "wood:9")                  # the last wood goes to clearing 5 (only sawmills there are left)
    assert wood_at(g, 9) == 1 and wood_at(g, 5) == 1 and cat(g).wood == 0


@pytest.mark.rule("LR-06-04")
def test_wood_removed_by_an_enemy_returns_to_her_supply():
    g = board(keep=3)
    H.put(g, "marquise", 8, tokens=["wood", "wood"])
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 6
    for n in (6, 8, 12):
        H.put(g, "eyrie", n, buildings=["roost"])
    H.hand(g, EYRIE, ["fox_favor_of_the_foxes"])
    H.start(g, EYRIE, "daylight.start")
    H.play(g, "craft:fox_favor_of_the_foxes")
    assert wood_at(g, 8) == 0 and cat(g).wood == 8
    assert g.state.score[EYRIE] == 2     # a point per token removed (LR-03-02-01)


# ---- Daylight: crafting and actions (LR-06-02-01, LR-06-05) -------------------------------------------------------

@pytest.mark.rule("LR-06-02-01", "LR-06-05")
def test_she_crafts_first_with_workshops_only():
    g = board()
    H.put(g, "marquise", 1, warriors=1, buildings=["workshop"])       # a fox workshop
    H.put(g, "marquise", 5, warriors=1, buildings=["sawmill"])        # a rabbit sawmill does not craft
    H.hand(g, CAT, ["fox_anvil", "rabbit_a_visit_to_friends"])
    H.start(g, CAT, "daylight.start")
    assert g.decision == "marquise_craft"
    assert "craft:fox_anvil" in g.legal_action_ids()
    assert "craft:rabbit_a_visit_to_friends" not in g.legal_action_ids()
    H.play(g, "craft:fox_anvil")
    assert g.state.score[CAT] == 2 and g.state.crafted[CAT] == ("hammer",)
    # the workshop is used up: only "done" is left, and crafting is over once the actions begin
    assert g.decision == "marquise_action" or g.legal_action_ids() == ["done"]
    act(g)
    assert not [a for a in g.legal_action_ids() if a.startswith("craft:")]


@pytest.mark.rule("LR-06-05", "LR-06-05-02", "LR-06-05-03")
def test_three_actions_then_one_more_per_bird_card_spent():
    g = board()
    H.put(g, "marquise", 1, warriors=3, buildings=["recruiter"])
    H.hand(g, CAT, ["bird_crossbow", "fox_anvil"])
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "recruit")
    assert H.warriors(g, "marquise", 1) == 4
    H.play(g, "march", "from:1", "to:5", "warriors:1", "skip")
    H.play(g, "march", "from:1", "to:9", "warriors:1", "skip")
    assert cat(g).actions == 0
    assert g.legal_action_ids() == ["extra:bird_crossbow", "end"]   # a bird only, and not as part of an action
    since = len(g.state.events)
    H.play(g, "extra:bird_crossbow")
    assert cat(g).actions == 1 and "bird_crossbow" in g.state.discard
    assert ("LR-06-05",) in [r for r, k, _ in H.events(g, since) if k == "ev.cat.extra_action"]
    assert "march" in g.legal_action_ids()
    assert "recruit" not in g.legal_action_ids()    # once per turn


@pytest.mark.rule("LR-06-05-02")
def test_march_is_two_moves_the_second_may_be_skipped():
    g = board()
    H.put(g, "marquise", 1, warriors=2)
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "march")
    assert g.decision == "move_from" and "skip" not in g.legal_action_ids()
    H.play(g, "from:1", "to:5", "warriors:2")
    assert g.decision == "move_from" and g.legal_action_ids() == ["from:5", "skip"]
    H.play(g, "from:5", "to:2", "warriors:1")
    assert g.decision == "marquise_action" and cat(g).actions == 2
    assert H.warriors(g, "marquise", 5) == 1 and H.warriors(g, "marquise", 2) == 1


@pytest.mark.rule("LR-06-05-01")
def test_battle_action(monkeypatch):
    g = board()
    H.put(g, "marquise", 5, warriors=2)
    H.put(g, "eyrie", 5, warriors=1)
    H.dice(monkeypatch, 3, 1)
    H.start(g, CAT, "daylight.start")
    act(g)
    since = len(g.state.events)
    H.play(g, "battle")
    assert g.legal_action_ids() == ["battle:5"]          # the action cannot be dropped once chosen
    H.play(g, "battle:5")
    assert H.warriors(g, "eyrie", 5) == 0 and H.warriors(g, "marquise", 5) == 1
    assert "LR-06-05-01" in next(r for r, k, _ in H.events(g, since) if k == "ev.battle")
    assert cat(g).actions == 2


@pytest.mark.rule("LR-06-05-03", "LR-01-05-04")
def test_recruit_a_warrior_at_each_recruiter_and_short_supply():
    g = board()
    H.put(g, "marquise", 5, warriors=1, buildings=["recruiter", "recruiter"])
    H.put(g, "marquise", 9, warriors=1, buildings=["recruiter"])
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "recruit")
    assert H.warriors(g, "marquise", 5) == 3 and H.warriors(g, "marquise", 9) == 2
    # short of warriors (RTA-CAT-02): she chooses which recruiters get the last ones
    g = board()
    H.put(g, "marquise", 5, warriors=1, buildings=["recruiter", "recruiter"])
    H.put(g, "marquise", 9, warriors=1, buildings=["recruiter"])
    with positions.edit(g) as s:
        s.warriors["marquise"][H.idx(12)] += s.supply["marquise"] - 1
        s.supply["marquise"] = 1
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "recruit")
    assert g.decision == "marquise_recruit" and g.legal_action_ids() == ["recruit_at:5", "recruit_at:9"]
    H.play(g, "recruit_at:9")
    assert H.warriors(g, "marquise", 9) == 2 and H.warriors(g, "marquise", 5) == 1
    assert g.state.supply["marquise"] == 0 and "recruit" not in g.legal_action_ids()


# ---- build (LR-06-05-04) ----------------------------------------------------------------------------------------

def build_position(g):
    """She rules 5, 2 and 10 (2 and 10 full), not 1 (the keep only) nor 9 (the Eyrie's)."""
    H.put(g, "marquise", 5, warriors=1)
    H.put(g, "marquise", 2, warriors=1, buildings=["workshop", "recruiter"])
    H.put(g, "marquise", 10, warriors=1, buildings=["sawmill"])
    H.put(g, "eyrie", 9, warriors=2)
    return g


@pytest.mark.rule("LR-06-01", "LR-06-05-04", "LR-06-05-04-01", "LR-06-05-04-02", "LR-06-05-04-03")
def test_build_with_wood_from_connected_ruled_clearings_and_score():
    g = build_position(board())
    H.put(g, "marquise", 10, tokens=["wood"])   # connected through ruled 2
    H.put(g, "marquise", 1, tokens=["wood"])    # next to 5, but she does not rule 1
    H.put(g, "marquise", 9, tokens=["wood"])    # the Eyrie rule 9
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 5
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "build")
    assert g.legal_action_ids() == ["build_at:5"]     # a ruled clearing with an open slot
    H.play(g, "build_at:5")
    assert g.legal_action_ids() == ["building:sawmill", "building:workshop", "building:recruiter"]
    since = len(g.state.events)
    H.play(g, "building:workshop")                    # the second workshop costs 1 and uncovers 2 points
    assert wood_at(g, 10) == 0 and wood_at(g, 1) == 1 and wood_at(g, 9) == 1
    assert ("marquise", "workshop") in g.state.buildings[H.idx(5)]
    assert g.state.score[CAT] == 2 and cat(g).wood == 6
    assert H.rules_logged(g, since) >= {"LR-06-05-04-01", "LR-06-05-04-02", "LR-06-05-04-03"}
    # no wood is left in reach: building is not offered though wood lies in clearings 1 and 9
    assert "build" not in g.legal_action_ids()


@pytest.mark.rule("LR-06-05-04-02")
def test_build_chooses_which_wood_to_remove():
    g = build_position(board())
    H.put(g, "marquise", 10, tokens=["wood"])
    H.put(g, "marquise", 2, tokens=["wood"])
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "build", "build_at:5", "building:sawmill")
    assert g.decision == "marquise_wood_from" and g.legal_action_ids() == ["wood_from:2", "wood_from:10"]
    H.play(g, "wood_from:2")
    assert wood_at(g, 2) == 0 and wood_at(g, 10) == 1
    assert g.state.score[CAT] == 1


@pytest.mark.rule("LR-06-01", "LR-06-05-04-01", "LR-06-05-04-03")
def test_building_tracks_costs_points_and_the_last_building():
    g = board()
    H.put(g, "marquise", 5, warriors=3, tokens=["wood"] * 3)
    H.put(g, "marquise", 2, warriors=1, buildings=["sawmill", "sawmill"])
    H.put(g, "marquise", 7, warriors=1, buildings=["recruiter", "recruiter"])
    H.put(g, "marquise", 8, warriors=1, buildings=["recruiter", "recruiter"])
    H.put(g, "marquise", 11, warriors=1, buildings=["recruiter", "recruiter"])   # all six recruiters placed
    H.put(g, "marquise", 9, warriors=1, buildings=["workshop"])
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "build", "build_at:5")
    # the third sawmill costs 2, the second workshop 1; no recruiter is left on the track
    assert g.legal_action_ids() == ["building:sawmill", "building:workshop"]
    H.play(g, "building:sawmill")
    assert g.state.score[CAT] == 2 and wood_at(g, 5) == 1
    H.play(g, "build", "build_at:5")     # the fourth sawmill would cost 3: the workshop is the only choice
    assert ("marquise", "workshop") in g.state.buildings[H.idx(5)]
    assert g.state.score[CAT] == 4 and wood_at(g, 5) == 0


@pytest.mark.rule("LR-06-05-04-01")
def test_no_build_where_she_does_not_rule():
    g = board()
    H.put(g, "marquise", 5, warriors=1, tokens=["wood"] * 2)
    H.put(g, "eyrie", 5, warriors=1)                # a tie: the Eyrie's Lords of the Forest rule 5
    H.start(g, CAT, "daylight.start")
    act(g)
    assert "build" not in g.legal_action_ids()


# ---- overwork (LR-06-05-05) -------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-05-05")
def test_overwork_spends_a_card_matching_a_sawmill():
    g = board()
    H.put(g, "marquise", 5, warriors=1, buildings=["sawmill"])     # rabbit
    H.put(g, "marquise", 1, warriors=1, buildings=["sawmill"])     # fox
    H.hand(g, CAT, ["rabbit_root_tea", "mouse_sword"])
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 1
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "overwork")
    assert g.legal_action_ids() == ["overwork_at:5"]              # no fox card for clearing 1
    H.play(g, "overwork_at:5")
    assert g.legal_action_ids() == ["discard:rabbit_root_tea"]
    H.play(g, "discard:rabbit_root_tea")
    assert wood_at(g, 5) == 1 and cat(g).wood == 0 and "rabbit_root_tea" in g.state.discard
    assert "overwork" not in g.legal_action_ids()                 # no wood left in her supply


@pytest.mark.rule("LR-06-05-05")
def test_overwork_with_a_bird_card_anywhere():
    g = board()
    H.put(g, "marquise", 5, warriors=1, buildings=["sawmill"])
    H.put(g, "marquise", 1, warriors=1, buildings=["sawmill"])
    H.hand(g, CAT, ["bird_crossbow"])
    H.start(g, CAT, "daylight.start")
    act(g)
    H.play(g, "overwork")
    assert g.legal_action_ids() == ["overwork_at:1", "overwork_at:5"]


# ---- Evening (LR-06-06) -----------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-06")
@pytest.mark.parametrize("recruiters, drawn", [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_evening_draws_one_plus_the_recruiter_bonuses(recruiters, drawn):
    g = board()
    for k in range(recruiters):
        H.put(g, "marquise", (5, 7, 8, 9, 11, 11)[k], warriors=1, buildings=["recruiter"])
    since = H.start(g, CAT, "evening.start")
    assert len(g.state.hands[CAT]) == drawn
    assert [p["n"] for r, k, p in H.events(g, since) if k == "ev.draw" and "LR-06-06" in r] == [drawn]


@pytest.mark.rule("LR-06-06")
def test_evening_hand_limit_five():
    g = board()
    cards = ["fox_anvil", "fox_root_tea", "rabbit_root_tea", "mouse_sword", "bird_crossbow", "mouse_crossbow"]
    H.hand(g, CAT, cards)
    H.start(g, CAT, "evening.start")
    assert len(g.state.hands[CAT]) == 7 and g.decision == "discard" and g.to_play == CAT
    H.play(g, "discard:fox_anvil")
    assert g.decision == "discard"
    H.play(g, "discard:mouse_sword")
    assert len(g.state.hands[CAT]) == 5 and g.state.active == EYRIE
    assert {"fox_anvil", "mouse_sword"} <= set(g.state.discard)


# ---- what she shows ---------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-05")
def test_daylight_ends_without_a_question_when_nothing_is_left():
    """With no action she can take, no bird card and nothing to craft, Daylight passes to Evening."""
    g = board()
    H.hand(g, CAT, ["fox_anvil"])
    since = H.start(g, CAT, "daylight.start")
    assert "ev.draw" in keys(g, since) and g.state.phase in ("evening", "birdsong")


# ---- base fixes this work needed -------------------------------------------------------------------------------

@pytest.mark.rule("LR-05-01-01", "LR-01-04-01")
@pytest.mark.parametrize("seed", range(6))
def test_the_starting_player_takes_the_first_turn(seed):
    """After every faction's setup, the turn goes to the player chosen at random, not the last to set up."""
    g = H.set_up(H.new(seed=seed))
    first_turn = next(p for _, k, p in H.events(g) if k == "ev.turn")
    assert first_turn["seat"] == g.state.first and first_turn["turn"] == 1


def test_royal_claim_is_told_in_every_language():
    g = board()
    H.put(g, "marquise", 5, warriors=1)
    H.put(g, "marquise", 9, warriors=1)
    with positions.edit(g) as s:
        s.play_area[CAT] = ("bird_royal_claim",)
    H.start(g, CAT)
    H.play(g, "use:royal_claim")
    assert g.state.score[CAT] == 2
    for lang in ("en", "zh-Hant", "zh-Hans"):
        told = [e["text"] for e in g.view(EYRIE, lang)["log"] if e["key"] == "ev.royal_claim"]
        assert len(told) == 1 and "2" in told[0] and "{" not in told[0]
