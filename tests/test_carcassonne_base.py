"""Carcassonne base game (with farmers): scenario tests for CB-01..CB-21.

Catalogue: src/boardlab/games/carcassonne/data/rules-base.yaml; facts and scoring values:
shared/references/carcassonne-facts.md and shared/rules/root-carcassonne-rulings.md
(current HiG scoring: a completed city scores 2 per tile and 2 per pennant, tied
majorities all score in full, farmers score 3 per completed city at the end only).

Positions are built by scripted play with `draw_order`; the map of each scenario is
drawn in its docstring (x east, y north, tile letter + rotation).
"""
from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest
import yaml

import boardlab
from boardlab.core.errors import IllegalAction
from carcassonne_helpers import events, new_game, scored, supply, turn

# Base tile counts from carcassonne-facts.md §1 (72 tiles, 24 types).
RETAIL_COUNTS = dict(A=2, B=4, C=1, D=4, E=5, F=2, G=1, H=3, I=2, J=3, K=3, L=3, M=2, N=3, O=2, P=3,
                     Q=1, R=3, S=2, T=1, U=8, V=9, W=4, X=1)


def followers_on_board(g, seat: int) -> int:
    return sum(1 for m in g.view()["meeples"] if m["seat"] == seat)


# ---- set-up and turn order ---------------------------------------------------------------------

@pytest.mark.rule("CB-01")
def test_start_tile_d_at_origin_and_the_other_71_are_shuffled():
    g = boardlab.new_game("carcassonne", players=2, seed=3)
    view = g.view()
    assert view["tiles"] == [{"tile": "D", "x": 0, "y": 0, "rotation": 0}]
    assert g.events[0].rules == ("CB-01",) and g.events[0].params == {"tile": "D"}
    # the whole deck = the tile in hand + the face-down tiles: 71 tiles, retail counts minus the start D
    from boardlab.games.carcassonne.content import LETTERS
    rest = Counter(LETTERS[t] for t in g.state.deck) + Counter([view["tile_in_hand"]])
    expected = Counter(RETAIL_COUNTS)
    expected["D"] -= 1
    assert sum(rest.values()) == 71
    assert rest == expected
    # shuffled: another seed gives another order (same multiset)
    other = boardlab.new_game("carcassonne", players=2, seed=4)
    assert [LETTERS[t] for t in other.state.deck] != [LETTERS[t] for t in g.state.deck]


@pytest.mark.rule("CB-01")
def test_start_tile_city_north_road_west_east():
    """The start tile's edges: only a city may go north, a field south, roads east and west."""
    g = new_game(2, ["C"])  # C is city on all four sides: it fits only against D's city
    assert g.legal_action_ids() == ["place:0,1,0"]
    g = new_game(2, ["B"])  # B is field on all four sides: only against D's southern field
    assert g.legal_action_ids() == ["place:0,-1,0"]


@pytest.mark.rule("CB-02")
def test_each_player_starts_with_seven_followers():
    for n in (2, 3, 4, 5):
        g = boardlab.new_game("carcassonne", players=n, seed=1)
        assert supply(g) == [7] * n
        assert g.scores == [0] * n


@pytest.mark.rule("CB-02", "CB-11")
def test_followers_are_conserved_over_a_whole_random_game():
    """In supply + on the board = 7 for every player at every moment of a long game."""
    g = boardlab.new_game("carcassonne", players=3, seed=11)
    steps = 0
    while not g.is_over:
        legal = g.legal_action_ids()
        # prefer placing followers (farmers first) so supplies run low and come back
        pref = [a for a in legal if a.startswith("meeple:field")] or [a for a in legal if a.startswith("meeple:")]
        g.apply(pref[0] if pref and steps % 3 else legal[steps % len(legal)])
        steps += 1
        for seat in range(3):
            assert g.state.supply[seat] + followers_on_board(g, seat) == 7
    assert steps > 71


@pytest.mark.rule("CB-03")
def test_seats_take_turns_in_order_starting_with_seat_0():
    g = new_game(3, ["U", "U", "U", "U"])
    seen = []
    for place in ("place:1,0,0", "place:2,0,0", "place:-1,0,0", "place:-2,0,0"):
        seen.append(g.to_play)
        turn(g, place)
    assert seen == [0, 1, 2, 0]
    assert [e.params["seat"] for e in events(g, "ev.place")] == [0, 1, 2, 0]


# ---- placing tiles -----------------------------------------------------------------------------

@pytest.mark.rule("CB-04")
def test_legal_placements_are_exactly_the_matching_adjacent_spots():
    # U (road west-east, fields north and south) next to D alone: both road ends and the south field
    g = new_game(2, ["U"])
    assert sorted(g.legal_action_ids()) == sorted(["place:1,0,0", "place:-1,0,0", "place:0,-1,0"])
    assert g.events[-1].rules == ("CB-04",) and g.events[-1].key == "ev.draw"
    # a road against D's city, a field against D's road, and a spot touching nothing are refused
    for bad in ("place:0,1,0", "place:1,0,1", "place:2,0,0", "place:1,1,0"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    # an equivalent rotation of a symmetric tile is accepted and recorded as the listed one
    g.apply("place:1,0,2")
    assert g.log == [(0, "place:1,0,0")]


# an independent reading of tiles.yaml: what a tile turned R quarter turns clockwise puts on the map
TILES = {t["letter"]: t for t in yaml.safe_load(resources.files("boardlab.games.carcassonne").joinpath(
    "data", "tiles.yaml").read_text(encoding="utf-8"))["tiles"]}
SIDES, HALVES = "NESW", ("NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN")


def turned_tile(letter: str, r: int) -> tuple[frozenset, dict[int, str]]:
    """(its features, each with the cities it touches as a set, and its edges by board side)."""
    tile = TILES[letter]
    sides = lambda f: frozenset(SIDES[(SIDES.index(s) + r) % 4] for s in f.get("sides", ()))
    halves = lambda f: frozenset(HALVES[(HALVES.index(h) + 2 * r) % 8] for h in f.get("halves", ()))
    features = frozenset((f["kind"], sides(f), halves(f), f.get("pennant", False),
                          frozenset(sides(tile["features"][c]) for c in f.get("cities", ())))
                         for f in tile["features"]) | ({"monastery"} if tile.get("monastery") else set())
    edges = {SIDES.index(s): f["kind"] for f in tile["features"] if f["kind"] != "field" for s in sides(f)}
    return features, edges


@pytest.mark.rule("CB-04")
@pytest.mark.parametrize("letter", sorted(RETAIL_COUNTS))
def test_each_different_way_to_place_a_tile_is_offered_once(letter):
    """Turns giving the same map (tile H turned 180°, a straight road turned 180°, ...) are one
    option; turns giving different maps are each offered where their edges match D's."""
    g = new_game(2, [letter])
    offered: dict[tuple[int, int], list[int]] = {}
    for a in g.legal_action_ids():
        x, y, r = (int(v) for v in a[len("place:"):].split(","))
        offered.setdefault((x, y), []).append(r)
    start = {0: "city", 1: "road", 3: "road"}  # D at 0,0: city north, road west-east
    for (x, y), side in (((0, 1), 2), ((1, 0), 3), ((0, -1), 0), ((-1, 0), 1)):
        fitting = {turned_tile(letter, r)[0] for r in range(4)
                   if turned_tile(letter, r)[1].get(side, "field") == start.get((side + 2) % 4, "field")}
        maps = [turned_tile(letter, r)[0] for r in offered.get((x, y), [])]
        assert len(maps) == len(set(maps)) and set(maps) == fitting, (x, y, offered.get((x, y)))


@pytest.mark.rule("CB-04")
def test_tile_h_turned_180_degrees_is_the_same_placement_with_the_same_state():
    g = new_game(2, ["H"])
    assert sorted(g.legal_action_ids()) == ["place:0,-1,1", "place:0,1,0"]
    other = new_game(2, ["H"])
    g.apply("place:0,1,0")
    other.apply("place:0,1,2")  # the same map: accepted as the listed id
    assert other.log == g.log == [(0, "place:0,1,0")] and other.state_hash() == g.state_hash()


@pytest.mark.rule("CB-04")
def test_coordinates_beyond_the_map_do_not_wrap_onto_another_cell():
    g = new_game(2, ["U"])
    for bad in ("place:-1,1025,2", "place:1024,0,0", "place:0,-1024,0", "place:+1,0,0", "place: 1,0,0",
                "place:1_0,0,0", "place:1,0,0,0", "place:１,0,0", "place:99999999999999999999,0,0"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert g.log == [] and g.decision == "place"


@pytest.mark.rule("CB-04")
def test_every_touching_edge_must_match_not_just_one():
    """
        y=1   N2  ?         (1,1) touches N2's city (west) and K0's city (south)
        y=0   D0  K0
    """
    g = new_game(2, ["N", "K", "N"])
    turn(g, "place:0,1,2")
    turn(g, "place:1,0,0")
    at_11 = [a for a in g.legal_action_ids() if a.startswith("place:1,1,")]
    assert at_11 == ["place:1,1,3"]  # the only rotation with city both west and south


@pytest.mark.rule("CB-05")
def test_a_tile_that_fits_nowhere_is_discarded_and_another_drawn():
    """E turned 180 closes D's city; then no open edge is a city, so C (city on all sides) fits nowhere.

        y=1   E2
        y=0   D0
    """
    g = new_game(2, ["E", "C", "U"])
    turn(g, "place:0,1,2")
    # seat 1's turn: C is discarded, U drawn in its place, still seat 1 to play
    assert (g.to_play, g.decision) == (1, "place")
    assert g.view()["discarded"] == ["C"]
    assert g.view()["tile_in_hand"] == "U"
    tail = [(e.rules, e.key, e.params) for e in g.events[-2:]]
    assert tail == [(("CB-05",), "ev.discard", {"seat": 1, "tile": "C"}),
                    (("CB-04",), "ev.draw", {"seat": 1, "tile": "U"})]
    assert "place:1,0,0" in g.legal_action_ids()


@pytest.mark.rule("CB-05", "CB-13")
def test_discarding_the_last_tiles_ends_the_game():
    g = new_game(2, ["E", "C"], end=True)
    turn(g, "place:0,1,2")
    assert g.is_over
    assert g.view()["discarded"] == ["C"]
    assert [e.key for e in g.events[-3:]] == ["ev.discard", "ev.game_end", "ev.winners"]


# ---- placing followers -------------------------------------------------------------------------

@pytest.mark.rule("CB-06")
def test_follower_choices_are_the_free_features_of_the_placed_tile_only():
    g = new_game(2, ["U", "U"])
    g.apply("place:1,0,0")
    # U's own road and its two fields; nothing of the start tile D; and "no follower"
    assert g.decision == "meeple"
    assert g.legal_action_ids() == ["meeple:road:E,W", "meeple:field:NW,NE,EN,WN", "meeple:field:ES,SE,SW,WS",
                                    "pass"]
    g.apply("meeple:road:E,W")
    # one follower per turn: the turn is over
    assert (g.to_play, g.decision) == (1, "place")
    assert supply(g) == [6, 7]
    # the road now holds a thief along its whole length: extending it, only the fields are free
    g.apply("place:-1,0,0")
    assert g.legal_action_ids() == ["meeple:field:NW,NE,EN,WN", "meeple:field:ES,SE,SW,WS", "pass"]
    with pytest.raises(IllegalAction):
        g.apply("meeple:road:E,W")


@pytest.mark.rule("CB-06")
def test_no_follower_decision_when_every_feature_of_the_tile_is_occupied():
    """C (one city, four sides) joins the city that already holds seat 0's knight.

        y=1   M2  C0
        y=0   D0
    """
    g = new_game(2, ["M", "C"])
    turn(g, "place:0,1,2", "meeple:city:E,S")
    g.apply("place:1,1,0")
    assert (g.to_play, g.decision) == (0, "place")  # seat 1 was not asked about a follower
    assert supply(g) == [6, 7]


@pytest.mark.rule("CB-06", "CB-02")
def test_no_follower_decision_with_an_empty_supply():
    """Seat 0 puts a farmer on every tile until its 7 followers are gone (farmers never come back)."""
    g = boardlab.new_game("carcassonne", players=2, seed=7)
    checked = 0
    while not g.is_over and checked < 3:
        seat, decision = g.to_play, g.decision
        before = g.state.supply[seat]
        legal = g.legal_action_ids()
        if decision == "place":
            g.apply(legal[0])
            if seat == 0 and before == 0:
                assert not (g.to_play == 0 and g.decision == "meeple")
                checked += 1
        elif decision == "meeple":
            farmers = [a for a in legal if a.startswith("meeple:field")]
            g.apply(farmers[0] if seat == 0 and farmers else "pass")
    assert checked == 3
    assert g.state.supply[0] == 0 and followers_on_board(g, 0) == 7


# ---- scoring during the game -------------------------------------------------------------------

@pytest.mark.rule("CB-07", "CB-11")
def test_completed_road_scores_one_per_tile_and_the_thief_returns():
    """
        y=0   A3  D0  A1      (the road runs from monastery to monastery over 3 tiles)
    """
    g = new_game(2, ["A", "A"])
    turn(g, "place:1,0,1", "meeple:road:W")
    assert supply(g) == [6, 7] and scored(g) == []
    turn(g, "place:-1,0,3")
    assert scored(g) == [("ev.score.road", 0, 3)]
    ev = events(g, "ev.score.road")[0]
    assert ev.rules == ("CB-07", "CB-12", "CB-10") and ev.params["tiles"] == 3
    assert g.scores == [3, 0]
    assert supply(g) == [7, 7]


@pytest.mark.rule("CB-21")
def test_completed_road_without_a_follower_scores_nothing():
    g = new_game(2, ["A", "A"])
    turn(g, "place:1,0,1")
    turn(g, "place:-1,0,3")
    assert scored(g) == []
    assert g.scores == [0, 0]


@pytest.mark.rule("CB-08", "CB-19", "CB-11")
def test_two_tile_city_scores_four_at_once_for_a_knight_on_the_completing_tile():
    """E turned 180 closes D's city; the knight put on E scores and comes back the same turn."""
    g = new_game(2, ["E"])
    g.apply("place:0,1,2")
    assert "meeple:city:S" in g.legal_action_ids()  # a feature the tile completes may be taken
    g.apply("meeple:city:S")
    assert scored(g) == [("ev.score.city", 0, 4)]
    assert events(g, "ev.score.city")[0].params["tiles"] == 2
    assert g.scores == [4, 0]
    assert supply(g) == [7, 7]
    assert followers_on_board(g, 0) == 0


@pytest.mark.rule("CB-08")
def test_city_with_a_pennant_scores_two_per_tile_and_two_per_pennant():
    """
        y=1   M2  E3      (M: city south+east with a pennant; E: city west)
        y=0   D0
    """
    g = new_game(2, ["M", "E"])
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,1,3")
    assert scored(g) == [("ev.score.city", 0, 8)]  # 3 tiles x 2 + 1 pennant x 2
    assert supply(g) == [7, 7]


@pytest.mark.rule("CB-09", "CB-11")
def test_monastery_scores_nine_when_surrounded_by_eight_tiles():
    """
        y=0   U0  D0  U0
        y=-1  E3  B0  E1
        y=-2  E2  E2  E2
    """
    g = new_game(2, ["B", "U", "U", "E", "E", "E", "E", "E"])
    turn(g, "place:0,-1,0", "meeple:monastery")
    for place in ("place:1,0,0", "place:-1,0,0", "place:1,-1,1", "place:-1,-1,3", "place:0,-2,2",
                  "place:1,-2,2"):
        turn(g, place)
    assert scored(g) == []  # 7 neighbours: not yet
    assert supply(g) == [6, 7]
    turn(g, "place:-1,-2,2")
    assert scored(g) == [("ev.score.monastery", 0, 9)]
    assert events(g, "ev.score.monastery")[0].rules == ("CB-09", "CB-10")
    assert supply(g) == [7, 7]


def _tie_city(g):
    """Seat 0's knight (N2) and seat 1's knight (K0) end up in one city closed by N3.

        y=1   N2  N3
        y=0   D0  K0
    """
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    turn(g, "place:1,1,3")


@pytest.mark.rule("CB-10")
def test_tied_majority_all_score_in_full():
    g = new_game(2, ["N", "K", "N"])
    _tie_city(g)
    assert scored(g) == [("ev.score.city", 0, 8), ("ev.score.city", 1, 8)]
    assert g.scores == [8, 8]
    assert supply(g) == [7, 7]


@pytest.mark.rule("CB-10", "CB-11")
def test_majority_scores_alone_and_every_follower_returns():
    """Seat 0's two knights (N2, E3) and seat 1's one (K0) meet in the city R2 closes.

        y=1   .   N2  R2  E3
        y=0   U0  D0  K0  B0
    """
    g = new_game(2, ["N", "K", "B", "U", "E", "R"])
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    turn(g, "place:2,0,0")
    turn(g, "place:-1,0,0")
    turn(g, "place:2,1,3", "meeple:city:W")
    assert supply(g) == [5, 6]
    turn(g, "place:1,1,2")
    assert scored(g) == [("ev.score.city", 0, 10)]  # 5 tiles x 2; seat 1 is outnumbered
    assert g.scores == [10, 0]
    assert supply(g) == [7, 7]


@pytest.mark.rule("CB-12")
def test_city_entering_one_tile_twice_counts_that_tile_once():
    """I has two separate city edges (west, south); the ring of N tiles joins them into one city.

        y=0   .   D0
        y=-1  N2  I3
        y=-2  N1  N0
    4 tiles: 8 points (counting I twice would give 10).
    """
    g = new_game(2, ["I", "N", "N", "N"])
    turn(g, "place:0,-1,3")
    turn(g, "place:-1,-1,2", "meeple:city:E,S")
    turn(g, "place:0,-2,0")
    assert scored(g) == []
    turn(g, "place:-1,-2,1")
    assert scored(g) == [("ev.score.city", 1, 8)]
    assert events(g, "ev.score.city")[0].params["tiles"] == 4


@pytest.mark.rule("CB-12", "CB-07")
def test_road_looping_back_into_its_junction_counts_the_junction_once():
    """The road leaves W's east end and comes back into W's south end over three curves.

        y=-1  W0  V0
        y=-2  V2  V1
    4 tiles: 4 points (counting W twice would give 5).
    """
    g = new_game(2, ["W", "V", "V", "V"])
    turn(g, "place:0,-1,0")
    turn(g, "place:1,-1,0", "meeple:road:S,W")
    turn(g, "place:1,-2,1")
    assert scored(g) == []
    turn(g, "place:0,-2,2")
    assert scored(g) == [("ev.score.road", 1, 4)]


# ---- the end of the game and final scoring ----------------------------------------------------------

@pytest.mark.rule("CB-13", "CB-14", "CB-15", "CB-18")
def test_game_ends_after_the_last_tile_and_incomplete_features_score():
    """
        y=1   M2          (city D+M open to the east, with M's pennant: 2 tiles + 1 pennant)
        y=0   D0  U0      (road D+U open at both ends: 2 tiles)
    """
    g = new_game(2, ["M", "U"], end=True)
    turn(g, "place:0,1,2", "meeple:city:E,S")
    assert not g.is_over
    turn(g, "place:1,0,0", "meeple:road:E,W")
    assert g.is_over and g.decision is None and g.legal_action_ids() == []
    with pytest.raises(IllegalAction):
        g.apply("pass")
    end = [e for e in g.events if e.key == "ev.game_end"]
    assert len(end) == 1 and end[0].rules == ("CB-13",)
    i = g.events.index(end[0])
    final = sorted((e.key, e.params["seat"], e.params["points"], e.rules) for e in g.events[i:] if "points" in e.params)
    assert final == [("ev.score.city", 0, 3, ("CB-15", "CB-10")), ("ev.score.road", 1, 2, ("CB-14", "CB-10"))]
    assert g.scores == [3, 2]
    assert g.winners == [0]
    assert g.events[-1].key == "ev.winners" and g.events[-1].rules == ("CB-18",)
    assert g.events[-1].params["seats"] == [0]


@pytest.mark.rule("CB-16")
def test_monastery_at_the_map_edge_scores_one_plus_its_neighbours_at_the_end():
    """
        y=0   D0  U0
        y=-1  B0          (neighbours: D above, U diagonally: 1 + 2 = 3)
    """
    g = new_game(2, ["B", "U"], end=True)
    turn(g, "place:0,-1,0", "meeple:monastery")
    turn(g, "place:1,0,0")
    assert g.is_over
    assert scored(g) == [("ev.score.monastery", 0, 3)]
    assert events(g, "ev.score.monastery")[0].rules == ("CB-16", "CB-10")


@pytest.mark.rule("CB-17", "CB-11")
def test_two_separate_fields_each_score_the_same_completed_city():
    """E2 closes D's city. Seat 0's farmer is in E2's field, seat 1's in the field north of the road
    (D's north half + U's north field); both fields touch the city, they do not touch each other.

        y=1   E2
        y=0   D0  U0
    """
    g = new_game(2, ["E", "U"], end=True)
    turn(g, "place:0,1,2", "meeple:field:NW,NE,EN,ES,WS,WN")
    assert supply(g) == [6, 7]  # the city completed, the farmer stays
    assert g.scores == [0, 0]   # and fields score only at the end
    turn(g, "place:1,0,0", "meeple:field:NW,NE,EN,WN")
    assert g.is_over
    assert sorted(scored(g)) == [("ev.score.field", 0, 3), ("ev.score.field", 1, 3)]
    assert all(e.rules == ("CB-17", "CB-10") for e in events(g, "ev.score.field"))
    assert g.scores == [3, 3]
    assert supply(g) == [6, 6]  # farmers never go back
    assert g.winners == [0, 1]


@pytest.mark.rule("CB-17", "CB-10", "CB-18", "CB-20")
def test_field_touching_one_city_through_several_tiles_scores_it_once():
    """B joins E2's field and the field north of the road into one field that touches the city
    along D and along E2. Seat 0 and seat 1 have a farmer each there: a tie, 3 points each
    (not 6). Seat 1's second farmer, south of the road, touches no city: 0.

        y=1   E2  B0
        y=0   U0  D0  U0
    """
    g = new_game(2, ["E", "U", "B", "U"], end=True)
    turn(g, "place:0,1,2", "meeple:field:NW,NE,EN,ES,WS,WN")
    turn(g, "place:1,0,0", "meeple:field:NW,NE,EN,WN")
    turn(g, "place:1,1,0")
    turn(g, "place:-1,0,0", "meeple:field:ES,SE,SW,WS")
    assert g.is_over
    fields = sorted((e.params["seat"], e.params["points"]) for e in events(g, "ev.score.field"))
    assert (0, 3) in fields and (1, 3) in fields
    assert all(p in (0, 3) for _, p in fields)
    assert g.scores == [3, 3]
    assert g.winners == [0, 1]


@pytest.mark.rule("CB-20")
def test_road_bounds_a_field_so_the_south_field_misses_the_city():
    """Seat 0's farmer south of D's road: D's city is complete but lies beyond the road."""
    g = new_game(2, ["E", "U"], end=True)
    turn(g, "place:0,1,2")
    turn(g, "place:1,0,0", "meeple:field:ES,SE,SW,WS")
    assert g.is_over
    assert g.scores == [0, 0]


@pytest.mark.rule("CB-17")
def test_field_scores_nothing_for_an_incomplete_city():
    """M2 leaves D's city open to the east: the farmer north of the road gets 0."""
    g = new_game(2, ["M", "U"], end=True)
    turn(g, "place:0,1,2")
    turn(g, "place:1,0,0", "meeple:field:NW,NE,EN,WN")
    assert g.is_over
    assert g.scores == [0, 0]


@pytest.mark.rule("CB-18")
def test_most_points_wins_and_ties_share_the_victory():
    g = new_game(2, ["N", "K", "N"], end=True)
    _tie_city(g)
    assert g.is_over
    assert g.scores == [8, 8]
    assert g.winners == [0, 1]
    g = new_game(2, ["A", "A"], end=True)
    turn(g, "place:1,0,1")
    turn(g, "place:-1,0,3", "meeple:road:E")  # seat 1's thief on the road it completes: 3
    assert g.is_over and g.scores == [0, 3] and g.winners == [1]


@pytest.mark.rule("CB-19", "CB-07")
def test_thief_on_the_road_its_own_tile_completes_scores_and_returns():
    g = new_game(2, ["A", "A"])
    turn(g, "place:1,0,1")
    turn(g, "place:-1,0,3", "meeple:road:E")
    assert scored(g) == [("ev.score.road", 1, 3)]
    assert supply(g) == [7, 7]


@pytest.mark.rule("CB-21", "CB-13")
def test_features_without_followers_score_nothing_at_the_end():
    """A finished map with an incomplete road, an incomplete city, a monastery and fields, no followers."""
    g = new_game(2, ["M", "U", "B"], end=True)
    turn(g, "place:0,1,2")
    turn(g, "place:1,0,0")
    turn(g, "place:0,-1,0")
    assert g.is_over
    assert scored(g) == []
    assert g.scores == [0, 0]


@pytest.mark.rule("CB-17")
def test_field_touching_two_completed_cities_scores_3_for_each():
    """The field north of the road touches D's city (closed by E2) and the city E0-E2 at (1,1)-(1,2).

        y=2       .   E2
        y=1       E2  E0
        y=0       D0  U0
    """
    g = new_game(2, ["E", "U", "E", "E"], end=True)
    turn(g, "place:0,1,2")
    turn(g, "place:1,0,0", "meeple:field:NW,NE,EN,WN")
    turn(g, "place:1,1,0")
    turn(g, "place:1,2,2")
    assert g.is_over
    assert scored(g) == [("ev.score.field", 1, 6)]


@pytest.mark.rule("CB-19", "CB-09")
def test_monk_on_a_monastery_that_fills_a_surrounded_hole_scores_9_at_once():
    """All 8 neighbours of (0,-1) are laid first; B with a monk goes into the hole last.

        y=0   U0  D0  U0
        y=-1  E3  B0  E1
        y=-2  E2  E2  E2
    """
    g = new_game(2, ["U", "U", "E", "E", "E", "E", "E", "B"])
    for place in ("place:1,0,0", "place:-1,0,0", "place:1,-1,1", "place:-1,-1,3", "place:1,-2,2",
                  "place:0,-2,2", "place:-1,-2,2"):
        turn(g, place)
    assert g.to_play == 1
    turn(g, "place:0,-1,0", "meeple:monastery")
    assert scored(g) == [("ev.score.monastery", 1, 9)]
    assert supply(g) == [7, 7]
