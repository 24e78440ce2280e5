"""Root's maps (the Law's Maps appendix, LR-AM): Autumn, Winter, Lake (the Ferry) and Mountain (closed
paths, the Pass and the Tower); each map's graph checked against the reference
(shared/references/root-hirelings-maps.md §3); random games end on every map.

Clearings are named by their printed number (1-12) as in the action ids; `idx` gives the state's index.
"""
from __future__ import annotations

from collections import Counter

import pytest
from root_helpers import clear, decline, events, hand, idx, new, play, put, rules_logged, set_up, start

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.rng import Stream
from boardlab.games.root import RULESET
from boardlab.games.root import board as B
from boardlab.games.root import move as MV
from boardlab.games.root import turn as TN
from boardlab.games.root.content import MAPS
from boardlab.games.root.program import PROGRAM
from boardlab.games.root.state import RootState

CAT, BIRD = 0, 1  # seats: the Marquise, the Eyrie


def game(map_name: str, seed: int = 1):
    g = set_up(new(seed=seed, map=map_name))
    clear(g)
    hand(g, CAT, [])
    hand(g, BIRD, [])
    return g


def adjacent(map_name: str, a: int, b: int) -> bool:
    return idx(b) in MAPS[map_name].adj[idx(a)]


def forest(map_name: str, label: str) -> int:
    return MAPS[map_name].forest_labels.index(label)


def forests_adjacent(map_name: str, one: str, other: str) -> bool:
    return forest(map_name, other) in MAPS[map_name].forest_adj[forest(map_name, one)]


def forest_clearings(map_name: str, label: str) -> set[int]:
    return {c + 1 for c in MAPS[map_name].forests[forest(map_name, label)]}


def drew_by_ferry(g, seat: int, since: int = 0) -> int:
    return sum(p["n"] for rules, key, p in events(g, since)
               if key == "ev.draw" and p["seat"] == seat and "LR-AM-03-05" in rules)


# ---- each map's graph, against the reference ---------------------------------------------------------------

GRAPH = {
    # map: (adjacent pairs, pairs linked by no path, ruin clearings, corner -> opposite, inner clearings)
    "autumn": ([(1, 5), (1, 9), (1, 10), (6, 11), (11, 12), (4, 8)], [(1, 2), (5, 10), (7, 11), (10, 11), (4, 7)],
               {6, 10, 11, 12}, {1: 3, 3: 1, 2: 4, 4: 2}, {10, 11, 12}),
    "winter": ([(1, 11), (5, 6), (8, 12), (2, 12), (9, 11)], [(11, 12), (7, 12), (10, 11), (1, 2), (5, 11)],
               {8, 9, 11, 12}, {1: 3, 3: 1, 2: 4, 4: 2}, {11, 12}),
    "lake": ([(1, 5), (7, 11), (2, 10), (3, 12), (9, 12)], [(10, 11), (1, 12), (1, 10), (11, 12), (10, 12)],
             {5, 10, 11, 12}, {1: 2, 2: 1, 3: 4, 4: 3}, {10, 11, 12}),
    "mountain": ([(1, 8), (9, 10), (10, 12), (2, 5), (8, 9)], [(2, 10), (4, 10), (1, 2), (6, 7)],
                 {9, 10, 11, 12}, {1: 3, 3: 1, 2: 4, 4: 2}, {10, 11}),
}
COUNTS = {"autumn": (18, 7, 22), "winter": (16, 8, 22), "lake": (17, 9, 22), "mountain": (21, 10, 23)}


@pytest.mark.parametrize("map_name", sorted(GRAPH))
def test_each_maps_graph_matches_the_reference(map_name):
    near, apart, ruins, corners, inner = GRAPH[map_name]
    board = MAPS[map_name]
    assert all(adjacent(map_name, a, b) and adjacent(map_name, b, a) for a, b in near)
    assert not any(adjacent(map_name, a, b) for a, b in apart)
    assert {c + 1 for c in board.ruins} == ruins
    assert {c + 1: o + 1 for c, o in board.opposite.items()} == corners
    assert {c + 1 for c in range(12) if not board.edge[c]} == inner
    paths, forests, slots = COUNTS[map_name]
    assert (len(board.paths), len(board.forests), sum(board.slots)) == (paths, forests, slots)


@pytest.mark.parametrize("map_name", sorted(GRAPH))
def test_each_map_has_drawing_coordinates(map_name):
    board = MAPS[map_name]
    assert len(board.xy) == 12 and len(board.forest_xy) == len(board.forests)
    assert all(0 <= v <= 1 for xy in board.xy + board.forest_xy for v in xy)
    assert len(set(board.xy)) == 12  # no two clearings drawn on the same spot


def test_coordinates_are_the_references():
    assert MAPS["autumn"].xy[idx(1)] == (0.101, 0.116)
    assert MAPS["lake"].xy[idx(1)] == (0.866, 0.836)
    assert MAPS["mountain"].xy[idx(10)] == (0.532, 0.412)
    assert MAPS["winter"].forest_xy[forest("winter", "Deadwood")] == (0.516, 0.255)
    assert MAPS["lake"].data.clearings[idx(1)].ferry_xy == (0.715, 0.675)
    assert MAPS["mountain"].data.clearings[idx(10)].tower_xy == (0.43, 0.36)


@pytest.mark.rule("LR-AM-04-05", "LR-AM-03-02", "LR-AM-02-01")
@pytest.mark.parametrize("map_name,dividers", [("autumn", 0), ("winter", 3), ("lake", 4), ("mountain", 0)])
def test_forests_are_the_areas_paths_rivers_and_the_lake_enclose(map_name, dividers):
    """Euler: the areas a connected plane graph encloses are E - V + 1. Printed paths (closed ones
    included, LR-AM-04-02/05), the Winter river (LR-AM-02-01) and the lake's four shores
    (LR-AM-03-02) enclose them; on the Lake one of those areas is the lake itself."""
    board = MAPS[map_name]
    areas = len(board.paths) + dividers - 12 + 1
    assert len(board.forests) == areas - (1 if map_name == "lake" else 0)


# ---- Autumn (LR-AM-01) ---------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AM-01")
def test_autumn_has_no_rules_of_its_own():
    g = game("autumn")
    assert g.state.modules == ("marquise", "eyrie")
    assert g.state.suits == MAPS["autumn"].printed_suits  # printed suits, no markers
    assert g.state.closed == () and g.state.ferry is None
    assert "ev.suit_markers" not in {key for _, key, _ in events(g)}
    put(g, "marquise", 1, warriors=2)
    put(g, "marquise", 10, warriors=2)  # a ruin clearing, Autumn's corner
    hand(g, CAT, ["fox_anvil"])
    start(g, CAT, "daylight.start")
    assert not [a for a in g.legal_action_ids() if a.startswith(("open_path:", "ferry:"))]  # no map option
    since = start(g, CAT, "evening.end")
    assert not [e for e in events(g, since) if e[1] == "ev.score"]


# ---- Winter (LR-AM-02) and the suit markers (LR-AA-01) ------------------------------------------------------

@pytest.mark.rule("LR-AM-02-01")
def test_winter_river_divides_forests_as_a_path_does():
    board = MAPS["winter"]
    # clearing 10 sits on the river between two forests, not in one forest spanning it
    assert {board.forest_labels[f] for f in board.clearing_forests[idx(10)]} == {"WinterNW", "WinterW"}
    assert forest_clearings("winter", "WinterNW") == {1, 10, 11}
    assert forest_clearings("winter", "WinterW") == {4, 10, 11}
    assert forest_clearings("winter", "Deadwood") == {1, 2, 5, 6, 11, 12}
    assert forest_clearings("winter", "Mirkwood") == {8, 9, 11, 12}
    # the forests on either side of one river segment are adjacent (RTA-MAP-07)
    for one, other in (("WinterNW", "WinterW"), ("Deadwood", "Mirkwood"), ("WinterNE", "WinterE")):
        assert forests_adjacent("winter", one, other)
    assert not forests_adjacent("winter", "WinterNW", "Mirkwood")


@pytest.mark.rule("LR-AM-02-01", "LR-02-03")
def test_winter_river_is_no_path_for_moves():
    g = game("winter")
    put(g, "marquise", 11, warriors=3)
    put(g, "marquise", 12, warriors=1)
    assert MV.destinations(g.state, "marquise", idx(11)) == [idx(1), idx(4), idx(9)]  # not 10 or 12


@pytest.mark.rule("LR-AA-01")
@pytest.mark.parametrize("map_name", ["winter", "lake", "mountain"])
def test_variant_maps_place_the_suit_markers_at_random(map_name):
    layouts = set()
    for seed in range(1, 6):
        g = new(seed=seed, map=map_name)
        assert Counter(g.state.suits) == {"fox": 4, "rabbit": 4, "mouse": 4}
        logged = [(r, p) for r, key, p in events(g) if key == "ev.suit_markers"]
        assert logged == [(("LR-AA-01", "RTA-MAP-01"), {"suits": list(g.state.suits)})]
        layouts.add(g.state.suits)
    assert len(layouts) > 1


def test_suit_markers_read_in_every_language():
    g = new(seed=3, map="winter")
    names = {"en": "Fox", "zh-Hant": "狐狸", "zh-Hans": "狐狸"}
    for lang, fox in names.items():
        entry = next(e for e in g.view(0, lang)["log"] if e["key"] == "ev.suit_markers")
        first = g.state.suits.index("fox") + 1
        assert f"{first} {fox}".lower() in entry["text"].lower()


# ---- Lake (LR-AM-03) ------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AM-03-01")
def test_the_ferry_starts_in_the_coastal_corner():
    g = new(seed=4, map="lake")
    board = MAPS["lake"]
    assert g.state.modules[-1] == "map_lake"
    assert g.state.ferry == idx(1)
    assert idx(1) in board.corners and idx(1) in board.coastal
    assert [c for c in board.corners if c in board.coastal] == [idx(1)]
    assert (("LR-AM-03-01",), "ev.map_lake.ferry_start", {"clearing": idx(1)}) in events(g)


@pytest.mark.rule("LR-AM-03-03")
def test_coastal_clearings_touch_the_lake():
    assert {c + 1 for c in MAPS["lake"].coastal} == {1, 10, 11, 12}
    assert MAPS["autumn"].coastal == () and MAPS["mountain"].coastal == ()


@pytest.mark.rule("LR-AM-03-02")
def test_the_lake_is_rivers_between_coastal_clearings_not_paths():
    board = MAPS["lake"]
    for c in (1, 10, 11, 12):
        assert {d + 1 for d in board.river_adj[idx(c)]} == {1, 10, 11, 12} - {c}
    g = game("lake")
    put(g, "marquise", 10, warriors=3)  # coastal, but without the Ferry
    for c in (1, 11, 12):
        put(g, "marquise", c, warriors=1)
    assert MV.destinations(g.state, "marquise", idx(10)) == [idx(2), idx(7), idx(8)]
    # the lake divides forests: clearing 10 touches two forests on either side of the lake's shore
    assert {board.forest_labels[f] for f in board.clearing_forests[idx(10)]} >= {"LakeN", "HeartOfOak"}
    assert forest_clearings("lake", "LakeN") == {7, 10, 11}
    assert forest_clearings("lake", "HeartOfOak") == {3, 8, 10, 12}


@pytest.mark.rule("LR-AM-03-04")
def test_coastal_forests_are_adjacent_to_their_neighbours_around_the_lake():
    board = MAPS["lake"]
    coastal = {board.forest_labels[f] for f in range(len(board.forests))
               if set(board.forests[f]) & set(board.coastal) and f + 1 in board.data.coastal_forests}
    assert coastal == {"LakeN", "LakeE", "LakeSE", "HeartOfOak"}
    ring = [("LakeN", "LakeE"), ("LakeE", "LakeSE"), ("LakeSE", "HeartOfOak"), ("HeartOfOak", "LakeN")]
    for one, other in ring:
        assert forests_adjacent("lake", one, other) and forests_adjacent("lake", other, one)
    # across the lake, not neighbours: not adjacent (RTA-MAP-07)
    assert not forests_adjacent("lake", "LakeN", "LakeSE")
    assert not forests_adjacent("lake", "LakeE", "HeartOfOak")
    # a forest touching a coastal clearing but not the lake gets no such link
    assert not forests_adjacent("lake", "LakeW", "LakeN")


def marquise_march_from(g, origin: int) -> None:
    start(g, CAT, "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "march", f"from:{origin}")


@pytest.mark.rule("LR-AM-03-05")
def test_the_ferry_carries_a_move_to_any_other_coastal_clearing_and_its_player_draws():
    g = game("lake")
    put(g, "marquise", 1, warriors=3)
    marquise_march_from(g, 1)
    legal = g.legal_action_ids()
    assert sorted(legal) == ["ferry:10", "ferry:11", "ferry:12", "to:5", "to:9"]
    assert "to:11" not in legal  # the lake is no path: only the Ferry crosses it
    since = len(g.state.events)
    play(g, "ferry:11", "warriors:2")
    assert (g.state.warriors["marquise"][idx(1)], g.state.warriors["marquise"][idx(11)]) == (1, 2)
    assert g.state.ferry == idx(11)  # the Ferry goes along
    assert len(g.state.hands[CAT]) == 1 and drew_by_ferry(g, CAT, since) == 1
    assert {"LR-AM-03-05", "RTA-MAP-02", "RTA-MAP-04"} <= rules_logged(g, since)
    assert ("ev.map_lake.ferry", {"faction": "marquise", "origin": idx(1), "dest": idx(11)}) in [
        (k, p) for _, k, p in events(g, since)]


@pytest.mark.rule("LR-AM-03-05")
def test_the_ferry_is_used_once_per_turn():
    g = game("lake")
    put(g, "marquise", 1, warriors=3)
    marquise_march_from(g, 1)
    play(g, "ferry:11", "warriors:3")
    play(g, "from:11")  # the march's second move, from the Ferry's new clearing
    assert not [a for a in g.legal_action_ids() if a.startswith("ferry:")]
    assert sorted(g.legal_action_ids()) == ["to:5", "to:6", "to:7"]
    # the next turn the Ferry sails again
    marquise_march_from(g, 11)
    assert {"ferry:1", "ferry:10", "ferry:12"} <= set(g.legal_action_ids())


@pytest.mark.rule("LR-AM-03-05")
def test_the_ferry_needs_rule_of_the_origin_or_the_destination():
    g = game("lake")
    put(g, "marquise", 1, warriors=1)
    put(g, "eyrie", 1, warriors=3)  # the Eyrie rule the Ferry's clearing
    put(g, "marquise", 12, warriors=1)  # the Marquise rule one coastal clearing
    marquise_march_from(g, 1)
    assert g.legal_action_ids() == ["ferry:12"]


@pytest.mark.rule("LR-AM-03-05")
def test_a_clearing_reached_both_ways_is_offered_both_ways(monkeypatch):
    """Were a coastal clearing also reachable by path (a rule treating rivers as paths would do it), the
    mover chooses: by path the Ferry stays and nobody draws; by Ferry it goes along (RTA-MAP-02)."""
    board = MAPS["lake"]
    adj = list(board.adj)
    adj[idx(1)] = tuple(sorted(adj[idx(1)] + (idx(12),)))
    adj[idx(12)] = tuple(sorted(adj[idx(12)] + (idx(1),)))
    monkeypatch.setattr(board, "adj", tuple(adj))
    for choice, ferry, cards in (("to:12", idx(1), 0), ("ferry:12", idx(12), 1)):
        g = game("lake")
        put(g, "marquise", 1, warriors=2)
        marquise_march_from(g, 1)
        assert {"to:12", "ferry:12"} <= set(g.legal_action_ids())
        play(g, choice, "warriors:2")
        assert (g.state.ferry, len(g.state.hands[CAT])) == (ferry, cards)
        assert bool(g.state.used.get("ferry")) == (choice == "ferry:12")


@pytest.mark.rule("LR-AM-03-05")
def test_no_ferry_from_a_clearing_without_it():
    g = game("lake")
    put(g, "marquise", 12, warriors=2)
    for c in (1, 10, 11):
        put(g, "marquise", c, warriors=1)
    marquise_march_from(g, 12)
    assert sorted(g.legal_action_ids()) == ["to:3", "to:9"]


@pytest.mark.rule("LR-AM-03-05")
def test_the_player_whose_pieces_ride_draws_not_the_seat_taking_the_turn():
    """The Eyrie move by Ferry with Cobbler in their Evening: the Eyrie's player draws."""
    g = game("lake")
    put(g, "eyrie", 1, warriors=2)
    with positions.edit(g) as s:
        s.play_area[BIRD] = ("rabbit_cobbler",)
    since = start(g, BIRD, "evening.start")
    play(g, "from:1", "ferry:10", "warriors:2")
    assert g.state.warriors["eyrie"][idx(10)] == 2 and g.state.ferry == idx(10)
    assert drew_by_ferry(g, BIRD, since) == 1 and drew_by_ferry(g, CAT, since) == 0


@pytest.mark.rule("LR-AM-03-05")
def test_pieces_of_several_factions_moving_together_each_draw():
    """A module moving two factions' pieces at once (the Vagabond with allies) reports each faction's
    move with the same origin and destination: each of their players draws, once (RTA-MAP-04)."""
    g = game("lake")
    put(g, "marquise", 1, warriors=2)
    put(g, "eyrie", 1, warriors=1)
    marquise_march_from(g, 1)
    play(g, "ferry:12", "warriors:2")
    state = g.state
    with positions.edit(g) as s:
        s.warriors["eyrie"][idx(1)] -= 1
        s.warriors["eyrie"][idx(12)] += 1
        for fn in PROGRAM.extensions(s, "moved"):
            fn(s, CAT, "eyrie", idx(1), idx(12), 1)
        for fn in PROGRAM.extensions(s, "moved"):  # reported twice: still one card
            fn(s, CAT, "eyrie", idx(1), idx(12), 1)
    assert drew_by_ferry(g, BIRD) == 1 and drew_by_ferry(g, CAT) == 1
    assert state.ferry == idx(12)


def test_lake_view_and_texts():
    g = game("lake")
    put(g, "marquise", 1, warriors=2)
    marquise_march_from(g, 1)
    view = g.view(CAT)
    assert view["lake"] == {"ferry": 1, "ferry_used": False, "coastal": [1, 10, 11, 12]}
    texts = {lang: RULESET.describe_action(g.state, "ferry:11", lang) for lang in ("en", "zh-Hant", "zh-Hans")}
    assert texts["en"].startswith("Take the Ferry to clearing 11") and "木筏" in texts["zh-Hant"]
    assert "ferry:11" in {g.action_space.decode(g.action_space.encode(a)) for a in g.legal_action_ids()}


# ---- Mountain (LR-AM-04) ----------------------------------------------------------------------------------------

CLOSED = {(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)}


@pytest.mark.rule("LR-AM-04-01")
def test_mountain_setup_closes_six_paths_and_places_the_tower():
    g = new(seed=2, map="mountain")
    assert g.state.modules[-1] == "map_mountain"
    assert {(a + 1, b + 1) for a, b in g.state.closed} == CLOSED
    assert g.state.mods["map_mountain"] == idx(10)  # the Tower on the central clearing, the Pass
    assert not MAPS["mountain"].edge[idx(10)]
    logged = [(r, p) for r, key, p in events(g) if key == "ev.map_mountain.setup"]
    assert logged == [(("LR-AM-04-01",), {"n": 6, "paths": "2-5, 3-7, 5-9, 6-11, 8-9, 11-12",
                                          "clearing": idx(10)})]


@pytest.mark.rule("LR-AM-04-02")
def test_clearings_linked_by_a_closed_path_are_not_adjacent():
    g = game("mountain")
    state = g.state
    assert B.neighbours(state, idx(2)) == (idx(6), idx(11))  # not 5
    assert B.neighbours(state, idx(9)) == (idx(1), idx(10), idx(12))  # not 5, not 8
    put(g, "marquise", 2, warriors=2)
    put(g, "marquise", 5, warriors=1)  # ruling the far end does not help
    marquise_march_from(g, 2)
    assert sorted(g.legal_action_ids()) == ["to:11", "to:6"]


@pytest.mark.rule("LR-AM-04-02")
def test_a_closed_path_breaks_connections_through_ruled_clearings():
    g = game("mountain")
    put(g, "marquise", 5, warriors=1)
    put(g, "marquise", 9, warriors=1)
    assert B.connected(g.state, "marquise", idx(5)) == [idx(5)]
    with positions.edit(g) as s:
        s.closed = tuple(p for p in s.closed if p != (idx(5), idx(9)))
    assert B.connected(g.state, "marquise", idx(5)) == [idx(5), idx(9)]


@pytest.mark.rule("LR-AM-04-02")
def test_marquise_setup_builds_next_to_the_keep_only_across_open_paths():
    g = new(seed=5, map="mountain")
    play(g, "keep:2")
    assert g.legal_action_ids() == ["place:2", "place:6", "place:11"]  # the keep's clearing and 6, 11: not 5


@pytest.mark.rule("LR-AM-04-02", "LR-AM-04-05")
def test_closed_paths_enclose_and_divide_forests_like_paths():
    assert forest_clearings("mountain", "MountainW") == {1, 8, 9}      # closed by 8-9
    assert forest_clearings("mountain", "LiarWind") == {4, 8, 9, 12}
    assert forests_adjacent("mountain", "MountainW", "LiarWind")        # across the closed path 8-9
    assert forest_clearings("mountain", "MountainN") == {2, 5, 11}      # closed by 2-5
    assert forest_clearings("mountain", "MountainCN") == {5, 10, 11}    # no trees drawn: still a forest
    assert len(MAPS["mountain"].forests) == 10


def mountain_daylight(cards=("fox_anvil", "mouse_sword")):
    g = game("mountain")
    put(g, "marquise", 2, warriors=1)
    hand(g, CAT, list(cards))
    start(g, CAT, "daylight.start")
    return g


@pytest.mark.rule("LR-AM-04-03")
def test_spend_a_card_to_remove_a_closed_path_and_score():
    g = mountain_daylight()
    options = [a for a in g.legal_action_ids() if a.startswith("open_path:")]
    assert options == ["open_path:2:5"]  # a Marquise piece at one end; 3-7 and the rest have none
    since = len(g.state.events)
    play(g, "open_path:2:5")
    assert g.decision == "closed_path_card"
    assert sorted(g.legal_action_ids()) == ["spend:fox_anvil", "spend:mouse_sword"]
    play(g, "spend:mouse_sword")
    assert (idx(2), idx(5)) not in g.state.closed and len(g.state.closed) == 5
    assert g.state.hands[CAT] == ["fox_anvil"] and g.state.discard[-1] == "mouse_sword"
    assert g.state.score[CAT] == 1
    assert idx(5) in B.neighbours(g.state, idx(2))
    assert ("ev.map_mountain.open", {"seat": CAT, "path": "2-5"}) in [(k, p) for _, k, p in events(g, since)]
    assert {"LR-AM-04-03", "RTA-MAP-05"} <= rules_logged(g, since)


@pytest.mark.rule("LR-AM-04-03")
def test_a_closed_path_is_removed_once_per_turn_and_for_good():
    g = mountain_daylight()
    put(g, "marquise", 6, warriors=1)
    play(g, "open_path:2:5", "spend:mouse_sword")
    assert not [a for a in g.legal_action_ids() if a.startswith("open_path:")]
    if g.decision == "marquise_craft":
        play(g, "done")  # crafting over: the actions
    assert not [a for a in g.legal_action_ids() if a.startswith("open_path:")]
    hand(g, CAT, ["fox_anvil", "rabbit_root_tea"])
    start(g, CAT, "daylight.start")  # the next turn
    assert [a for a in g.legal_action_ids() if a.startswith("open_path:")] == ["open_path:6:11"]
    assert (idx(2), idx(5)) not in g.state.closed


@pytest.mark.rule("LR-AM-04-03")
def test_removing_a_closed_path_needs_a_card_and_a_piece_at_an_end():
    g = mountain_daylight(cards=())
    assert not [a for a in g.legal_action_ids() if a.startswith("open_path:")]
    g = game("mountain")
    put(g, "marquise", 7, buildings=("sawmill",))  # any faction piece: a building will do
    hand(g, CAT, ["bird_dominance"])  # any card, even a dominance card
    start(g, CAT, "daylight.start")
    assert [a for a in g.legal_action_ids() if a.startswith("open_path:")] == ["open_path:3:7"]
    play(g, "open_path:3:7")  # one card: spent without asking
    assert "bird_dominance" not in g.state.hands[CAT] and "bird_dominance" in g.state.dominance_pool
    assert g.state.score[CAT] == 1


@pytest.mark.rule("LR-AM-04-03")
def test_removing_a_closed_path_is_a_daylight_action_only():
    g = game("mountain")
    put(g, "eyrie", 2, warriors=1)
    hand(g, BIRD, ["fox_anvil", "mouse_sword"])
    start(g, BIRD, "birdsong.start")
    assert g.decision == "eyrie_decree_add"
    assert not [a for a in g.legal_action_ids() if a.startswith("open_path:")]
    with positions.edit(g) as s:
        s.phase = "evening"
    assert not [a for a in TN.phase_options(g.state, BIRD) if a.startswith("open_path:")]
    with positions.edit(g) as s:
        s.phase = "daylight"
    assert [a for a in TN.phase_options(g.state, BIRD) if a.startswith("open_path:")] == ["open_path:2:5"]
    assert not [a for a in TN.phase_options(g.state, CAT) if a.startswith("open_path:")]  # not their turn


@pytest.mark.rule("LR-AM-04-04")
def test_ruling_the_pass_at_the_end_of_evening_scores_one():
    g = game("mountain")
    put(g, "marquise", 10, warriors=2)
    put(g, "eyrie", 10, warriors=1)
    since = start(g, CAT, "evening.start")
    scored = [(r, p) for r, key, p in events(g, since) if key == "ev.score"]
    assert scored == [(("LR-AM-04-04", "RTA-MAP-06"), {"seat": CAT, "points": 1, "total": 1})]
    assert ("ev.map_mountain.pass", {"seat": CAT, "clearing": idx(10)}) in [(k, p) for _, k, p in events(g, since)]
    # the Pass scores after the Evening's own steps: after the Marquise drew
    keys = [k for _, k, _ in events(g, since)]
    assert keys.index("ev.draw") < keys.index("ev.map_mountain.pass")


@pytest.mark.rule("LR-AM-04-04")
def test_only_the_player_ending_evening_scores_the_pass():
    g = game("mountain")
    put(g, "marquise", 10, warriors=1)
    put(g, "eyrie", 10, warriors=2)  # the Eyrie rule the Pass
    since = start(g, CAT, "evening.start")
    assert not [p for _, key, p in events(g, since) if key == "ev.map_mountain.pass"]
    assert g.state.score == [0, 0]
    hand(g, BIRD, [])
    since = start(g, BIRD, "evening.start")
    decline(g)
    assert [p for _, key, p in events(g, since) if key == "ev.map_mountain.pass"] == [
        {"seat": BIRD, "clearing": idx(10)}]


@pytest.mark.rule("LR-AM-04-04")
def test_no_point_for_the_pass_without_rule():
    g = game("mountain")
    put(g, "marquise", 11, warriors=5)  # next to the Pass, not in it
    since = start(g, CAT, "evening.start")
    assert not [p for _, key, p in events(g, since) if key in ("ev.map_mountain.pass", "ev.score")]


def test_mountain_view_and_texts():
    g = mountain_daylight()
    view = g.view(CAT)
    assert view["mountain"]["tower"] == 10 and [2, 5] in view["mountain"]["closed_paths"]
    assert view["closed_paths"] == view["mountain"]["closed_paths"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert "5" in RULESET.describe_action(g.state, "open_path:2:5", lang)
    assert "open_path:2:5" in [g.action_space.decode(g.action_space.encode(a)) for a in g.legal_action_ids()]


# ---- maps the engine does not offer (LR-AM-05, LR-AM-06) ----------------------------------------------------

@pytest.mark.rule("LR-AM-05-01", "LR-AM-05-01-01", "LR-AM-05-01-02", "LR-AM-05-02", "LR-AM-05-02-01",
                  "LR-AM-05-02-02", "LR-AM-06-01", "LR-AM-06-02", "LR-AM-06-03")
@pytest.mark.parametrize("map_name", ["marsh", "gorge"])
def test_the_homeland_maps_are_not_offered(map_name):
    """The Marsh (flooded clearings, LR-AM-05) and the Gorge (the dam and the bridge, LR-AM-06) are not
    part of boardlab's Root (RTA-MAP-08): a game on them is refused, not played by other rules."""
    assert set(MAPS) == {"autumn", "winter", "lake", "mountain"}
    with pytest.raises(ConfigError):
        new(map=map_name)


# ---- random play on every map ------------------------------------------------------------------------------------

@pytest.mark.parametrize("map_name", sorted(GRAPH))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_two_player_games_end_on_every_map(map_name, seed):
    g = boardlab.new_game("root", 2, seed=seed, options={"map": map_name, "factions": ["marquise", "eyrie"]})
    stream = Stream(seed)
    for _ in range(5000):
        if g.is_over:
            break
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
    assert g.is_over and g.winners


def test_a_logged_count_of_clearings_reads_in_the_log():
    """Royal Claim logs how many clearings were ruled (`n`): the log reads it."""
    g = game("autumn")
    with positions.edit(g) as s:
        s.log(("card:royal_claim",), "ev.royal_claim", seat=CAT, n=3)
    assert g.view(CAT)["log"][-1]["text"].endswith("3 clearing(s) ruled")


# ---- Landmarks (LR-AL): the Tower and the Ferry -----------------------------------------------------------------

def roll_dice(monkeypatch, *rolls: int) -> None:
    """The next battle dice roll these values, in order."""
    left = list(rolls)
    real = RootState.roll
    monkeypatch.setattr(RootState, "roll", lambda self, n: left.pop(0) if left and n == 4 else real(self, n))


@pytest.mark.rule("LR-AL-01-01", "LR-AL-01-02")
def test_a_landmark_alone_is_no_battle_target_and_rules_nothing():
    g = game("mountain")
    tower = g.state.mods["map_mountain"]
    assert B.ruler(g.state, tower) is None  # the Tower is nobody's: it rules nothing
    put(g, "marquise", tower + 1, warriors=1)
    assert B.ruler(g.state, tower) == "marquise"  # nor does it contest rule
    start(g, CAT, "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    assert "battle" not in g.legal_action_ids()  # no enemy piece: the Tower cannot be battled


@pytest.mark.rule("LR-AL-01-01", "LR-AL-01-02")
def test_a_battle_in_the_towers_clearing_removes_pieces_never_the_tower(monkeypatch):
    g = game("mountain")
    tower = g.state.mods["map_mountain"]
    put(g, "marquise", tower + 1, warriors=3)
    put(g, "eyrie", tower + 1, warriors=1)
    roll_dice(monkeypatch, 3, 0)
    start(g, CAT, "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "battle", f"battle:{tower + 1}")
    assert g.state.warriors["eyrie"][tower] == 0
    assert g.state.mods["map_mountain"] == tower  # the extra hits found no piece: the Tower stays
    assert B.ruler(g.state, tower) == "marquise"


@pytest.mark.rule("LR-AL-01-01")
def test_the_ferry_moves_only_by_its_own_rule():
    g = game("lake")
    put(g, "marquise", 1, warriors=3)
    marquise_march_from(g, 1)
    play(g, "to:5", "warriors:3")  # an ordinary move out of the Ferry's clearing
    assert g.state.ferry == idx(1)  # the Ferry does not go along a path
