"""The Vagabond (Law of Root chapter 9): setup, items and tracks, Birdsong, Evening, moving.

Autumn map (printed numbers): 1 fox [5, 9, 10]; 2 mouse [5, 6, 10]; 5 rabbit [1, 2]; 6 fox ruin;
10 rabbit ruin [1, 2, 12]; 12 fox [4, 7, 9, 10, 11]; forest f1 = clearings 1, 2, 5, 10 (next to f2, f3).
Seats: the Marquise 0, the Vagabond 1 unless told.
"""
from __future__ import annotations

from collections import Counter

import pytest

import boardlab
from boardlab.core.errors import ConfigError
from boardlab.games.root.content import QUESTS
from boardlab.games.root.state import FOREST, RUIN
from root_helpers import hand, new, play, put, rules_logged, set_up, start
from vagabond_helpers import VB, at, data, daylight, game, items, kit, relation, seat, where


def choose(picks):
    def policy(g):
        legal = g.legal_action_ids()
        return next((p for p in picks if p in legal), legal[0])
    return policy


# ---- setup (LR-09-03) -------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-09-03-01", "LR-09-03-02", "LR-09-03-03", "LR-09-03-04", "LR-09-03-05", "LR-09-03-06",
                  "LR-09-02-09", "LR-09-02-05-01", "LR-09-02-05-02")
def test_setup_character_forest_quests_ruins_items_relationships():
    g = new(("marquise", "eyrie", VB), seed=4)
    seen = {}

    def policy(game_):
        legal = game_.legal_action_ids()
        if game_.decision in ("vagabond_character", "vagabond_forest"):
            seen[game_.decision] = legal
        return {"vagabond_character": "character:tinker", "vagabond_forest": "forest:f3"}.get(game_.decision, legal[0])
    set_up(g, policy)
    s, d = g.state, data(g)
    assert len(seen["vagabond_character"]) == 12 and seen["vagabond_forest"] == [f"forest:f{i}" for i in range(1, 8)]
    assert d.character == "tinker" and s.pawns[VB] == FOREST + 2
    # starting items face up; the sack sits on its track, the others in the Satchel
    assert items(g) == ["boot:up", "hammer:up", "sack:up", "torch:up"]
    from boardlab.games.root.modules.vagabond_core import capacity, carried, on_track
    assert on_track(d, "sack") == 1 and sum(carried(d).values()) == 3 and capacity(d) == 8
    assert d.rel == {"marquise": 0, "eyrie": 0}  # Indifferent, one marker per non-Vagabond faction
    assert len(s.quests["up"]) == 3 and len(s.quests["deck"]) == 12
    assert sorted(s.quests["up"] + s.quests["deck"]) == sorted(q.key for q in QUESTS)
    ruins = [c for c, b in enumerate(s.buildings) if RUIN in b]
    assert sorted(s.ruin_items) == ruins and all(len(v) == 1 for v in s.ruin_items.values())
    assert Counter(i for v in s.ruin_items.values() for i in v) == Counter(["sack", "boot", "hammer", "sword"])


def test_the_option_assigns_characters_in_seat_order_of_the_vagabonds():
    g = new(("vagabond2", "marquise", VB), seed=2, vagabond=["ronin", "cheat"])
    set_up(g)
    assert data(g, "vagabond2").character == "ronin" and data(g).character == "cheat"


@pytest.mark.parametrize("factions, chars, key", [
    (["marquise", "eyrie", VB], ["thief", "tinker"], "err.root.vagabond_count"),
    (["marquise", "eyrie", VB, "vagabond2"], ["thief", "thief"], "err.root.vagabond_twice")])
def test_the_option_refuses_a_wrong_list(factions, chars, key):
    with pytest.raises(ConfigError) as err:
        boardlab.new_game("root", len(factions), seed=1, options={"factions": factions, "vagabond": chars,
                                                                  "below_reach": True})
    assert err.value.key == key


def test_an_unknown_character_is_refused_naming_the_value():
    with pytest.raises(ConfigError) as err:
        boardlab.new_game("root", 2, seed=1, options={"factions": ["marquise", VB], "vagabond": ["pirate"],
                                                      "below_reach": True})
    assert "pirate" in str(err.value)


@pytest.mark.rule("LR-09-07", "LR-09-07-01", "LR-09-07-02")
def test_two_vagabonds_two_items_per_ruin_shared_quests_random_first():
    firsts = set()
    for seed in range(1, 9):
        g = new(("marquise", VB, "vagabond2"), seed=seed)
        asked = []
        while g.state.phase == "setup":
            if g.decision == "vagabond_character":
                asked.append((g.pending_seat if hasattr(g, "pending_seat") else g.state.pending[0],
                              g.legal_action_ids()))
            g.apply(g.legal_action_ids()[0])
        firsts.add(g.state.faction[asked[0][0]])
        assert len(asked[1][1]) == 11 and asked[0][1][0] not in asked[1][1]  # the first's character is taken
        s = g.state
        assert all(len(v) == 2 for v in s.ruin_items.values())
        assert Counter(i for v in s.ruin_items.values() for i in v) == Counter(["sack", "boot", "hammer", "sword"] * 2)
        assert len(s.quests["up"]) == 3  # no extra quests
    assert firsts == {VB, "vagabond2"}


# ---- Birdsong (LR-09-04) ----------------------------------------------------------------------------------------

@pytest.mark.rule("LR-09-04", "LR-09-04-01", "LR-09-02-05-01")
def test_refresh_two_per_tea_on_the_track_then_three():
    g = game()
    # 2 teas face up on the track (a third is exhausted, in the Satchel): 2*2 + 3 = 7 of 9 exhausted items
    kit(g, "tea", "tea", "tea:down", "boot:down", "boot:down", "sword:down", "sword:down", "torch:down",
        "hammer:down", "crossbow:down", "coin:down")
    at(g, "f1")
    start(g, seat(g))
    assert g.decision == "vagabond_refresh"
    for _ in range(7):
        legal = g.legal_action_ids()
        assert all(a.endswith(":down") for a in legal)
        g.apply(legal[0])
    assert g.decision == "vagabond_slip"
    assert sum(1 for i in items(g) if i.endswith(":down")) == 2
    assert "LR-09-04-01" in rules_logged(g)


def test_refresh_flips_every_exhausted_item_when_few():
    g = game()
    kit(g, "boot:down", "sword:down", "torch")
    at(g, "f1")
    start(g, seat(g))
    assert g.decision == "vagabond_slip" and items(g) == ["boot:up", "sword:up", "torch:up"]


@pytest.mark.rule("LR-09-04-02", "LR-09-02-10", "LR-09-02-09-03-02")
def test_slip_into_a_forest_or_a_hostile_clearing_without_boots():
    g = game()
    kit(g, "torch")
    at(g, 1)
    put(g, "marquise", 5, warriors=2)
    relation(g, "marquise", -1)
    start(g, seat(g))
    legal = g.legal_action_ids()
    assert {"slip:5", "slip:9", "slip:10", "slip:f1", "slip:f2"} <= set(legal) and "slip:f3" not in legal
    play(g, "slip:5")
    assert where(g) == 5 and items(g) == ["torch:up"]
    # from a forest: its clearings and the forests next to it
    g2 = game()
    at(g2, "f1")
    start(g2, seat(g2))
    assert {a for a in g2.legal_action_ids() if a.startswith("slip:")} == {
        "slip:1", "slip:2", "slip:5", "slip:10", "slip:f2", "slip:f3"}


# ---- moving (LR-09-05-01, LR-09-02-03, LR-09-02-10, LR-09-02-09-03-02) -------------------------------------

@pytest.mark.rule("LR-09-05", "LR-09-05-01", "LR-09-02-03", "LR-09-02-05")
def test_move_exhausts_a_boot_and_ignores_rule():
    g = game()
    kit(g, "boot", "torch")
    at(g, 1)
    put(g, "marquise", 1, warriors=3)
    put(g, "marquise", 5, warriors=3, buildings=["sawmill"])
    daylight(g)
    legal = g.legal_action_ids()
    assert {"go:5", "go:9", "go:10"} <= set(legal) and not any(a.startswith("go:f") for a in legal)
    play(g, "go:5")
    assert where(g) == 5 and items(g) == ["boot:down", "torch:up"]
    assert not any(a.startswith("go:") for a in g.legal_action_ids())  # no boot left


@pytest.mark.rule("LR-09-02-05")
def test_only_face_up_undamaged_items_can_be_exhausted():
    g = game()
    kit(g, "boot:damaged_up", "boot:down", "sword:damaged_up")
    at(g, 1)
    put(g, "marquise", 1, warriors=1)
    daylight(g)
    assert g.legal_action_ids() == ["done"]


@pytest.mark.rule("LR-09-02-10")
def test_from_a_forest_daylight_moves_only_into_its_clearings():
    g = game()
    kit(g, "boot", "boot")
    at(g, "f1")
    daylight(g)
    assert sorted(a for a in g.legal_action_ids() if a.startswith("go:")) == ["go:1", "go:10", "go:2", "go:5"]


@pytest.mark.rule("LR-09-02-09-03-02")
def test_moving_into_hostile_warriors_costs_an_extra_boot():
    g = game()
    kit(g, "boot", "torch")
    at(g, 1)
    put(g, "marquise", 5, warriors=1)
    relation(g, "marquise", -1)
    daylight(g)
    assert "go:5" not in g.legal_action_ids() and "go:9" in g.legal_action_ids()
    kit(g, "boot", "boot")
    daylight(g)
    play(g, "go:5")
    assert items(g) == ["boot:down", "boot:down"] and "LR-09-02-09-03-02" in rules_logged(g)


# ---- Evening (LR-09-06) -----------------------------------------------------------------------------------------

@pytest.mark.rule("LR-09-06", "LR-09-06-01", "LR-09-06-02")
def test_rest_in_a_forest_repairs_and_coins_draw():
    g = game()
    kit(g, "sword:damaged_down", "boot:damaged_up", "coin", "coin", "torch:down")
    at(g, "f2")
    hand(g, seat(g), [])
    start(g, seat(g), "evening.start")
    assert items(g) == ["boot:up", "coin:up", "coin:up", "sword:up", "torch:down"]
    assert len(g.state.hands[seat(g)]) == 3  # 1 + 2 coins face up on the track


def test_no_rest_in_a_clearing():
    g = game()
    kit(g, "sword:damaged_down")
    at(g, 1)
    hand(g, seat(g), [])
    start(g, seat(g), "evening.start")
    assert items(g) == ["sword:damaged_down"] and len(g.state.hands[seat(g)]) == 1


@pytest.mark.rule("LR-09-06-03")
def test_discard_down_to_five():
    g = game()
    at(g, 1)
    s = seat(g)
    hand(g, s, g.state.deck[-6:])
    start(g, s, "evening.start")
    assert g.decision == "discard"
    play(g, g.legal_action_ids()[0], g.legal_action_ids()[1])
    assert len(g.state.hands[s]) == 5


@pytest.mark.rule("LR-09-06-04", "LR-09-02-05-01")
def test_item_limit_six_plus_two_per_sack_on_the_track():
    g = game()
    # 1 sack face up on its track (limit 8); 9 items in the Satchel and Damaged box -> remove one
    kit(g, "sack", "boot", "boot", "sword", "sword:down", "torch", "hammer", "crossbow", "tea:down", "coin:damaged_up")
    at(g, 1)
    hand(g, seat(g), [])
    start(g, seat(g), "evening.start")
    assert g.decision == "vagabond_capacity"
    assert "item:sack:up" not in g.legal_action_ids()  # on its track: not counted
    play(g, "item:coin:damaged_up")
    assert len(items(g)) == 9 and g.decision != "vagabond_capacity"
    assert g.state.items["coin"] == 2  # removed from the game, not to the supply


def test_an_exhausted_sack_is_not_on_its_track_and_gives_no_room():
    g = game()
    kit(g, "sack:down", "boot", "boot", "sword", "sword", "torch", "hammer")
    at(g, 1)
    hand(g, seat(g), [])
    start(g, seat(g), "evening.start")
    assert g.decision == "vagabond_capacity" and "item:sack:down" in g.legal_action_ids()


def test_the_quest_deck_and_ruin_items_are_hidden_his_board_is_public():
    g = game(keep_pieces=True)
    for s in (0, 1, None):
        v = g.view(s)
        assert v["quests"]["deck"] == {"hidden": True, "count": 12} and len(v["quests"]["up"]) == 3
        assert v["ruin_items"]["hidden"] is True
        assert v[VB]["character"] == "thief" and len(v[VB]["items"]) == 4
