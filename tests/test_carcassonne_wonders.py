"""The Wonders of Humanity: scenario tests for every testable CW id and rulings C-1..C-12.

Sources: the seed shared/seeds/002_4737ec064b899775.txt, its catalogue
shared/rules/carcassonne-wonders.yaml (CW-01..CW-81), the rulings in
shared/rules/root-carcassonne-rulings.md and the C-1..C-12 recommendations of
shared/rules/root-carcassonne-notes.md (which are rulings).

The four wonder layouts are authored data (ruling C-10, data/wonders/*.yaml); the
scenarios below use them as they are and say which cells they rely on.

Setting scores directly: to get a wonder into a player's hands without a dozen scripted
scoring turns, a test may set `g.state.score[seat]` right before the turn whose scoring
check should see it (helpers.claim_first_wonder). Claims by real scoring are tested on
their own (test_first_to_reach_10_*).
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from importlib import resources

import pytest
import yaml

import boardlab
from boardlab.core.registry import ruleset
from boardlab.core.errors import ConfigError, IllegalAction
from carcassonne_helpers import (WONDERS_OF_SET_I, allow_later_wonder_sets, claim_first_wonder, events, index_of, new_game, occupied_cells,
                                 pick, place_wonder, render, scored, supply, turn)

DATA = resources.files("boardlab.games.carcassonne").joinpath("data")
SIDES = "NESW"
STEP = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}
EDGE = {"city": "C", "road": "R"}


# ---- an independent reading of the tile and layout data (for the placement oracle) ----------

@lru_cache(maxsize=None)
def _tile_edges(letter: str) -> dict[int, str]:
    tiles = {t["letter"]: t for t in yaml.safe_load(DATA.joinpath("tiles.yaml").read_text(encoding="utf-8"))["tiles"]}
    out = {s: "F" for s in range(4)}
    for f in tiles[letter]["features"]:
        for s in f.get("sides", ()):
            out[SIDES.index(s)] = EDGE[f["kind"]]
    return out


@lru_cache(maxsize=None)
def _layout(name: str) -> dict:
    return yaml.safe_load(DATA.joinpath("wonders", f"{name}.yaml").read_text(encoding="utf-8"))


def _rot(c, r):
    x, y = c
    for _ in range(r):
        x, y = y, -x  # a quarter turn clockwise
    return x, y


def _wonder_cells(name: str, r: int) -> dict[tuple[int, int], dict[int, str]]:
    """Rotated cell offset -> {board side: edge} for the outer sides of each cell."""
    lay = _layout(name)
    cells = [tuple(c) for c in lay["cells"]]
    kinds = {(x, y, s): EDGE[f["kind"]] for f in lay["features"] for x, y, s in f.get("sides", ())}
    out = {}
    for c in cells:
        edges = {}
        for s in range(4):
            n = (c[0] + STEP[s][0], c[1] + STEP[s][1])
            if n not in cells:
                edges[(s + r) % 4] = kinds.get((c[0], c[1], SIDES[s]), "F")
        out[_rot(c, r)] = edges
    return out


def _board_edges(g) -> dict[tuple[int, int], dict[int, str]]:
    view = g.view()
    out = {}
    for t in view["tiles"]:
        e = _tile_edges(t["tile"])
        out[(t["x"], t["y"])] = {(s + t["rotation"]) % 4: e[s] for s in range(4)}
    for w in view["wonders_placed"]:
        for (dx, dy), edges in _wonder_cells(w["wonder"], w["rotation"]).items():
            out[(w["x"] + dx, w["y"] + dy)] = edges
    return out


def oracle_wonder_placements(g, name: str) -> set[str]:
    """Every anchor/rotation where the wonder's 5 cells are free, it touches the map and
    every touching edge matches (the normal placement rule, CW-52)."""
    board = _board_edges(g)
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    out = set()
    for r in range(4):
        cells = _wonder_cells(name, r)
        for ax in range(min(xs) - 6, max(xs) + 7):
            for ay in range(min(ys) - 6, max(ys) + 7):
                ok, touching = True, False
                for (dx, dy), edges in cells.items():
                    p = (ax + dx, ay + dy)
                    if p in board:
                        ok = False
                        break
                    for s, e in edges.items():
                        q = (p[0] + STEP[s][0], p[1] + STEP[s][1])
                        if q in board:
                            touching = True
                            if board[q].get((s + 2) % 4) != e:
                                ok = False
                if ok and touching:
                    out.add(f"wonder:{name}:{ax},{ay},{r}")
    return out


def oracle_tile_placements(g, letter: str) -> set[tuple]:
    """(x, y, board edges N E S W) of every way to put the tile next to the map with all
    touching edges matching (CB-04), wonders' outer edges included."""
    board = _board_edges(g)
    e = _tile_edges(letter)
    free = {(x + dx, y + dy) for x, y in board for dx, dy in STEP.values()} - set(board)
    out = set()
    for x, y in free:
        for r in range(4):
            edges = tuple(e[(s - r) % 4] for s in range(4))
            if all(board.get((x + STEP[s][0], y + STEP[s][1]), {}).get((s + 2) % 4, edges[s]) == edges[s]
                   for s in range(4)):
                out.add((x, y, edges))
    return out


def engine_tile_placements(g) -> set[tuple]:
    e = _tile_edges(g.view()["tile_in_hand"])
    out = set()
    for a in g.legal_action_ids():
        x, y, r = (int(v) for v in a[len("place:"):].split(","))
        out.add((x, y, tuple(e[(s - r) % 4] for s in range(4))))
    return out


def first_score_index(g, rules=("CB-14", "CB-15", "CB-16", "CB-17")) -> int:
    return min(i for i, e in enumerate(g.events) if set(e.rules) & set(rules))


# ---- set-up (CW-24..CW-33) -----------------------------------------------------------------------

@pytest.mark.rule("CW-24", "CW-25", "CW-27", "CW-28", "CW-29")
def test_setup_pairs_wait_beside_the_10_space_and_each_player_has_6_followers():
    g = new_game(4, wonders=list(WONDERS_OF_SET_I))
    w = g.view()["wonders"]
    assert w["pair_space"] == 10
    assert w["waiting"] == [0, 1, 2, 3]  # every colour's (meeple + marker) pair is beside the 10 space
    assert supply(g) == [6, 6, 6, 6]      # 8 - 1 scoring meeple - 1 meeple of the pair (the marker is extra)
    assert g.scores == [0, 0, 0, 0]       # each colour's scoring meeple starts at 0
    setup = [e for e in g.events if "CW-29" in e.rules]
    assert len(setup) == 1 and setup[0].params["meeples"] == 6
    base = new_game(4)
    assert supply(base) == [7, 7, 7, 7]


@pytest.mark.rule("CW-30", "CW-31", "C-11")
def test_as_many_wonders_as_players_the_rest_set_aside():
    seen = set()
    for seed in range(12):
        g = boardlab.new_game("carcassonne", players=2, seed=seed, options={"expansions": ["wonders"]})
        avail = g.view()["wonders"]["available"]
        assert len(avail) == 2 and len(set(avail)) == 2 and set(avail) <= set(WONDERS_OF_SET_I)
        seen.add(tuple(avail))
    assert len(seen) > 1  # chosen at random by default (C-11)
    g = new_game(3, ["U"], wonders=["stonehenge", "alhambra", "notre_dame"])
    assert sorted(g.view()["wonders"]["available"]) == ["alhambra", "notre_dame", "stonehenge"]
    # the set-aside wonder (Circus Maximus) is never offered
    g.state.score[0] = 10
    turn(g, "place:1,0,0")
    assert sorted(g.legal_action_ids()) == ["pick:alhambra", "pick:notre_dame", "pick:stonehenge"]


@pytest.mark.rule("CW-30")
def test_the_chosen_wonders_must_number_the_players():
    for bad in (["notre_dame"], ["notre_dame", "stonehenge", "alhambra"], ["notre_dame", "notre_dame"],
                ["notre_dame", "pyramids"]):
        with pytest.raises(ConfigError):
            boardlab.new_game("carcassonne", players=2, seed=1,
                              options={"expansions": ["wonders"], "wonders": bad})


@pytest.mark.rule("CW-10", "CW-20", "CW-32")
def test_set_i_is_stonehenge_circus_maximus_notre_dame_and_alhambra():
    g = new_game(4, wonders=list(WONDERS_OF_SET_I))
    assert sorted(g.view()["wonders"]["available"]) == sorted(WONDERS_OF_SET_I)
    from boardlab.games.carcassonne.content import WONDERS
    assert sorted(WONDERS) == sorted(WONDERS_OF_SET_I)
    assert {WONDERS[n].names.get("zh-Hant") for n in WONDERS} == {"巨石陣", "馬克西穆斯競技場", "巴黎聖母院", "阿罕布拉宮"}


@pytest.mark.rule("CW-08", "CW-20")
@pytest.mark.parametrize("name", WONDERS_OF_SET_I)
def test_each_wonder_is_a_connected_five_square_tile_and_covers_five_spaces(name):
    cells = {tuple(c) for c in _layout(name)["cells"]}
    assert len(cells) == 5
    todo, seen = [next(iter(cells))], set()
    while todo:  # one edge-connected piece
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo += [(c[0] + dx, c[1] + dy) for dx, dy in STEP.values() if (c[0] + dx, c[1] + dy) in cells]
    assert seen == cells
    g = new_game(2, ["U"], wonders=[name, "notre_dame" if name != "notre_dame" else "stonehenge"])
    claim_first_wonder(g, 0, name, "place:1,0,0")
    turn(g, g.legal_action_ids()[0])
    before = occupied_cells(g)
    place_wonder(g, g.legal_action_ids()[0])
    assert len(occupied_cells(g) - before) == 5


@pytest.mark.rule("CW-33", "CW-32", "C-12")
def test_five_players_are_refused_with_the_first_set_of_wonders():
    for lang, words in (("en", "at most 4 players"), ("zh-Hant", "最多 4 人"), ("zh-Hans", "最多 4 人")):
        with pytest.raises(ConfigError, match="CW-33") as caught:
            boardlab.new_game("carcassonne", players=5, seed=2, options={"expansions": ["wonders"]})
        assert words in caught.value.text(lang)
    boardlab.new_game("carcassonne", players=5, seed=2)  # the base game takes 5
    assert (5, {"expansions": ["wonders"]}) not in ruleset("carcassonne").main_option_sets()


@pytest.mark.rule("CW-33", "CW-32", "C-12")
def test_a_later_set_for_five_players_still_has_only_the_four_wonders_of_set_i(monkeypatch):
    allow_later_wonder_sets(monkeypatch)
    g = boardlab.new_game("carcassonne", players=5, seed=2, options={"expansions": ["wonders"]})
    assert sorted(g.view()["wonders"]["available"]) == sorted(WONDERS_OF_SET_I)
    assert g.view()["wonders"]["waiting"] == [0, 1, 2, 3, 4]
    with pytest.raises(ConfigError):
        boardlab.new_game("carcassonne", players=5, seed=2,
                          options={"expansions": ["wonders"], "wonders": list(WONDERS_OF_SET_I) + ["colosseum"]})


@pytest.mark.rule("CW-23")
def test_wonders_are_played_with_the_whole_base_tile_set():
    """The wonders are not shuffled into the deck; the land tiles are the full base set."""
    from boardlab.games.carcassonne.content import LETTERS
    a = boardlab.new_game("carcassonne", players=2, seed=5, options={"expansions": ["wonders"]})
    b = boardlab.new_game("carcassonne", players=2, seed=5)
    deck = lambda g: Counter(LETTERS[t] for t in g.state.deck) + Counter([g.view()["tile_in_hand"]])
    assert deck(a) == deck(b)
    assert sum(deck(a).values()) == 71


@pytest.mark.rule("CW-23")
def test_more_base_tiles_may_be_added_to_a_wonders_game():
    """CW-23: you may add tiles; option base_sets shuffles 2 or 3 base sets together (one start tile)."""
    from boardlab.games.carcassonne.content import LETTERS
    g = boardlab.new_game("carcassonne", players=3, seed=8, options={"expansions": ["wonders"], "base_sets": 2})
    tiles = Counter(LETTERS[t] for t in g.state.deck) + Counter([g.view()["tile_in_hand"]])
    assert sum(tiles.values()) == 143 and tiles["D"] == 7 and tiles["V"] == 18 and tiles["C"] == 2
    boardlab.new_game("carcassonne", players=2, seed=1, options={"base_sets": 3, "draw_order": ["C", "C", "C"]})
    for bad in (0, 4, "2", 1.5, True):
        with pytest.raises(ConfigError, match="base_sets"):
            boardlab.new_game("carcassonne", players=2, seed=1, options={"base_sets": bad})
    with pytest.raises(ConfigError, match="2 tiles C"):
        boardlab.new_game("carcassonne", players=2, seed=1, options={"draw_order": ["C", "C"]})


# ---- claiming a wonder (CW-35..CW-50, C-1, C-2) -------------------------------------------------------

@pytest.mark.rule("CW-37", "CW-38", "CW-39", "CW-40", "CW-42", "C-1")
def test_first_to_reach_10_takes_the_pair_and_chooses_a_wonder():
    """Seat 0 (6 points set up) closes D's city with a knight on E2: 4 points, exactly 10."""
    g = new_game(2, ["E", "U"], wonders=["notre_dame", "alhambra"])
    g.state.score[0] = 6
    turn(g, "place:0,1,2", "meeple:city:S")
    assert g.scores == [10, 0]
    # the claim comes after the turn's scoring
    assert index_of(g, "ev.score.city") < index_of(g, "ev.wonders.pair")
    pair = events(g, "ev.wonders.pair")[0]
    assert pair.params == {"seat": 0, "space": 10, "next": 15}
    assert {"CW-37", "CW-38", "CW-39"} <= set(pair.rules)
    assert supply(g) == [7, 6]  # 6 + the knight back + the pair's meeple; the marker is no follower
    w = g.view()["wonders"]
    assert w["waiting"] == [1] and w["pair_space"] == 15
    assert (g.to_play, g.decision) == (0, "wonder_pick")
    assert g.legal_action_ids() == ["pick:notre_dame", "pick:alhambra"]
    pick(g, "alhambra")
    w = g.view()["wonders"]
    assert w["held"] == ["alhambra", None] and w["available"] == ["notre_dame"]
    take = events(g, "ev.wonders.take")[0]
    assert take.params == {"seat": 0, "wonder": "alhambra"} and "CW-40" in take.rules


@pytest.mark.rule("CW-37")
def test_nine_points_do_not_reach_the_10_space():
    g = new_game(2, ["E", "U"], wonders=["notre_dame", "alhambra"])
    g.state.score[0] = 5
    turn(g, "place:0,1,2", "meeple:city:S")
    assert g.scores == [9, 0]
    assert (g.to_play, g.decision) == (1, "place")
    assert g.view()["wonders"]["waiting"] == [0, 1] and g.view()["wonders"]["pair_space"] == 10
    assert supply(g) == [6, 6]


@pytest.mark.rule("CW-37")
def test_passing_the_10_space_counts_like_landing_on_it():
    g = new_game(2, ["E", "U"], wonders=["notre_dame", "alhambra"])
    g.state.score[0] = 8
    turn(g, "place:0,1,2", "meeple:city:S")
    assert g.scores == [12, 0]
    assert (g.to_play, g.decision) == (0, "wonder_pick")
    assert events(g, "ev.wonders.pair")[0].params == {"seat": 0, "space": 10, "next": 15}


@pytest.mark.rule("CW-37", "CW-41", "C-2")
def test_a_player_can_claim_on_another_players_turn():
    """Seat 1's tile closes the city where seat 0's knight stands: seat 0 reaches 10 on seat 1's turn,
    picks then, and places the wonder at the start of its own next turn."""
    g = new_game(2, ["M", "E", "U"], wonders=["notre_dame", "alhambra"])
    g.state.score[0] = 2
    turn(g, "place:0,1,2", "meeple:city:E,S")   # M2: city D+M open to the east
    turn(g, "place:1,1,3")                      # seat 1's E3 closes it: 3 tiles + pennant = 8
    assert g.scores == [10, 0]
    assert (g.to_play, g.decision) == (0, "wonder_pick")
    pick(g, "notre_dame")
    assert (g.to_play, g.decision) == (0, "wonder")


@pytest.mark.rule("CW-41", "CW-51")
def test_the_wonder_is_placed_on_the_next_own_turn_instead_of_drawing():
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "stonehenge", "place:1,0,0")
    # not on the turn it was taken: the turn passes to seat 1, who draws normally
    assert (g.to_play, g.decision) == (1, "place")
    assert g.view()["tile_in_hand"] == "U"
    turn(g, "place:-1,0,0")
    deck = len(g.state.deck)
    draws = len(events(g, "ev.draw"))
    assert (g.to_play, g.decision) == (0, "wonder")
    assert g.view()["tile_in_hand"] is None and len(g.state.deck) == deck
    assert len(events(g, "ev.draw")) == draws
    assert g.legal_action_ids() and all(a.startswith("wonder:stonehenge:") for a in g.legal_action_ids())
    place_wonder(g, "wonder:stonehenge:0,-1,0")
    assert len(g.state.deck) == deck - 1  # the next draw is seat 1's
    assert events(g, "ev.draw")[-1].params == {"seat": 1, "tile": "U"}
    assert g.view()["wonders"]["held"] == [None, None]
    assert g.view()["wonders"]["owned"] == ["stonehenge", None]


@pytest.mark.rule("CW-43", "CW-44", "CW-45", "CW-49", "CW-50", "CW-41")
def test_later_claims_at_15_20_then_25_with_four_players():
    g = new_game(4, ["U", "U", "U", "U", "U"], wonders=list(WONDERS_OF_SET_I))
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    assert g.view()["wonders"]["pair_space"] == 15
    g.state.score[1] = 14                       # short of 15: no claim
    turn(g, "place:2,0,0")
    assert (g.to_play, g.decision) == (2, "place")
    assert g.view()["wonders"]["waiting"] == [1, 2, 3]
    g.state.score[1] = 15                       # seat 1 reaches 15 (checked after seat 2's turn)
    turn(g, "place:-1,0,0")
    assert (g.to_play, g.decision) == (1, "wonder_pick")
    assert sorted(g.legal_action_ids()) == ["pick:alhambra", "pick:circus_maximus", "pick:stonehenge"]
    pick(g, "stonehenge")
    assert events(g, "ev.wonders.pair")[-1].params == {"seat": 1, "space": 15, "next": 20}
    assert (g.to_play, g.decision) == (3, "place")
    g.state.score[2], g.state.score[3] = 22, 19
    turn(g, "place:-2,0,0")
    assert (g.to_play, g.decision) == (2, "wonder_pick")
    assert sorted(g.legal_action_ids()) == ["pick:alhambra", "pick:circus_maximus"]
    pick(g, "alhambra")
    assert events(g, "ev.wonders.pair")[-1].params == {"seat": 2, "space": 20, "next": 25}
    assert g.view()["wonders"]["waiting"] == [3]  # 19 < 25: seat 3 waits
    assert (g.to_play, g.decision) == (0, "wonder")
    g.state.score[3] = 25
    place_wonder(g, "wonder:notre_dame:0,2,2")
    # the last wonder goes to seat 3 without a choice; the pairs would move to 30 but stop at 25
    assert events(g, "ev.wonders.pair")[-1].params == {"seat": 3, "space": 25, "next": 25}
    w = g.view()["wonders"]
    assert w["held"] == [None, "stonehenge", "alhambra", "circus_maximus"]
    assert w["available"] == [] and w["waiting"] == [] and w["pair_space"] == 25
    assert supply(g) == [7, 7, 7, 7]


@pytest.mark.rule("CW-18", "CW-35")
def test_each_player_gets_only_one_wonder():
    g = new_game(2, ["U", "U", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    g.state.score[0] = 40  # far past every space: seat 0 has no pair left
    turn(g, "place:-1,0,0")
    assert (g.to_play, g.decision) == (0, "wonder")
    assert g.view()["wonders"]["available"] == ["stonehenge"]
    place_wonder(g, "wonder:notre_dame:0,2,2")
    turn(g, "place:2,0,0")
    assert g.view()["wonders"]["available"] == ["stonehenge"]
    assert g.view()["wonders"]["owned"] == ["notre_dame", None]
    assert [e.params["seat"] for e in events(g, "ev.wonders.take")] == [0]
    g.state.score[1] = 15
    turn(g, "place:-2,0,0")
    assert g.view()["wonders"]["held"] == [None, "stonehenge"]


def _tie_city(g):
    """Seat 0's knight (N2) and seat 1's knight (K0) end up in one city closed by N3 (+8 each).

        y=1   N2  N3
        y=0   D0  K0
    """
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    turn(g, "place:1,1,3")


@pytest.mark.rule("CW-46", "CW-47", "CW-48", "C-1")
def test_two_players_reach_10_in_one_turn_the_active_player_chooses_the_other_waits():
    g = new_game(2, ["N", "K", "N", "U"], wonders=["notre_dame", "alhambra"])
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    g.state.score[0] = g.state.score[1] = 2
    turn(g, "place:1,1,3")
    assert g.scores == [10, 10]
    assert (g.to_play, g.decision) == (0, "wonder_claimant")
    assert g.legal_action_ids() == ["claimant:0", "claimant:1"]
    g.apply("claimant:1")
    ev = events(g, "ev.wonders.claimant")[0]
    assert ev.params == {"seat": 0, "claimer": 1, "waiting": "0"}
    assert (g.to_play, g.decision) == (1, "wonder_pick")  # the chosen player chooses the wonder
    pick(g, "notre_dame")
    w = g.view()["wonders"]
    assert w["pair_space"] == 15 and w["waiting"] == [0]  # 10 < 15: seat 0 waits
    assert w["held"] == [None, "notre_dame"]
    assert supply(g) == [6, 7]
    assert (g.to_play, g.decision) == (1, "wonder")
    # seat 0 claims later, on reaching 15
    g.state.score[0] = 15
    place_wonder(g, g.legal_action_ids()[0])
    assert g.view()["wonders"]["held"] == ["alhambra", None]
    assert events(g, "ev.wonders.pair")[-1].params == {"seat": 0, "space": 15, "next": 20}


@pytest.mark.rule("CW-46", "C-1")
def test_both_past_the_next_space_claim_one_after_the_other_in_the_active_players_order():
    g = new_game(2, ["N", "K", "N"], wonders=["notre_dame", "alhambra"])
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    g.state.score[0] = g.state.score[1] = 7
    turn(g, "place:1,1,3")
    assert g.scores == [15, 15]
    assert g.legal_action_ids() == ["claimant:0", "claimant:1"]
    g.apply("claimant:0")
    pick(g, "notre_dame")
    # seat 1 (15) is at the new space already: it takes the last wonder at once
    assert [e.params for e in events(g, "ev.wonders.pair")] == [{"seat": 0, "space": 10, "next": 15},
                                                                {"seat": 1, "space": 15, "next": 20}]
    assert g.view()["wonders"]["held"] == ["notre_dame", "alhambra"]
    assert (g.to_play, g.decision) == (1, "wonder")


@pytest.mark.rule("CW-46", "CW-47")
def test_the_active_player_chooses_even_when_not_among_those_who_reached():
    """Three players: seat 0's tile closes the city of seat 1's and seat 2's knights."""
    g = new_game(3, ["U", "N", "K", "N"], wonders=["notre_dame", "alhambra", "stonehenge"])
    turn(g, "place:-1,0,0")
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    g.state.score[1] = g.state.score[2] = 2
    turn(g, "place:1,1,3")
    assert g.scores == [0, 10, 10]
    assert (g.to_play, g.decision) == (0, "wonder_claimant")
    assert g.legal_action_ids() == ["claimant:1", "claimant:2"]
    g.apply("claimant:2")
    assert (g.to_play, g.decision) == (2, "wonder_pick")
    assert len(g.legal_action_ids()) == 3
    pick(g, "stonehenge")
    assert g.view()["wonders"]["waiting"] == [0, 1]
    assert (g.to_play, g.decision) == (1, "place")


@pytest.mark.rule("CW-49", "CW-50", "CW-33", "C-12")
def test_five_players_the_pairs_stop_at_25_and_the_fifth_player_gets_no_wonder(monkeypatch):
    allow_later_wonder_sets(monkeypatch)
    g = new_game(5, ["U", "U", "U", "U"], wonders=list(WONDERS_OF_SET_I))
    for seat in range(5):
        g.state.score[seat] = 30
    turn(g, "place:1,0,0")
    for choice, wonder in ((3, "alhambra"), (0, "notre_dame"), (1, "stonehenge")):
        assert (g.to_play, g.decision) == (0, "wonder_claimant")
        g.apply(f"claimant:{choice}")
        pick(g, wonder)
    assert g.legal_action_ids() == ["claimant:2", "claimant:4"]
    g.apply("claimant:4")  # the last wonder: no pick needed
    pairs = [e.params for e in events(g, "ev.wonders.pair")]
    assert pairs == [{"seat": 3, "space": 10, "next": 15}, {"seat": 0, "space": 15, "next": 20},
                     {"seat": 1, "space": 20, "next": 25}, {"seat": 4, "space": 25, "next": 25}]
    w = g.view()["wonders"]
    assert w["pair_space"] == 25 and w["available"] == [] and w["waiting"] == [2]
    assert w["held"] == ["notre_dame", "stonehenge", None, "alhambra", "circus_maximus"]
    assert supply(g) == [7, 7, 6, 7, 7]
    # seat 2's pair waits for good: no more claims, whatever the scores
    g.state.score[2] = 45
    start = len(g.events)
    assert (g.to_play, g.decision) == (1, "wonder")
    place_wonder(g, g.legal_action_ids()[0])
    assert (g.to_play, g.decision) == (2, "place")
    assert g.view()["wonders"]["held"][2] is None and g.view()["wonders"]["waiting"] == [2]
    assert events(g, "ev.wonders.pair", start) == [] and events(g, "ev.wonders.take", start) == []


@pytest.mark.rule("CW-50", "CW-49")
def test_a_pair_left_at_25_is_claimed_at_25_not_30(monkeypatch):
    allow_later_wonder_sets(monkeypatch)
    g = new_game(5, ["U", "U", "U", "U"], wonders=list(WONDERS_OF_SET_I))
    g.state.score[:] = [30, 30, 30, 24, 24]
    turn(g, "place:1,0,0")
    for choice, wonder in ((0, "notre_dame"), (1, "stonehenge"), (2, "alhambra")):
        g.apply(f"claimant:{choice}")
        pick(g, wonder)
    assert g.view()["wonders"]["pair_space"] == 25 and g.view()["wonders"]["waiting"] == [3, 4]
    assert (g.to_play, g.decision) == (1, "wonder")
    g.state.score[4] = 25
    place_wonder(g, g.legal_action_ids()[0])
    assert events(g, "ev.wonders.pair")[-1].params == {"seat": 4, "space": 25, "next": 25}
    assert g.view()["wonders"]["held"][4] == "circus_maximus"


# ---- placing the wonder (CW-51..CW-59, C-3..C-5) ---------------------------------------------------------

@pytest.mark.rule("CW-52", "CW-08")
@pytest.mark.parametrize("name", WONDERS_OF_SET_I)
def test_wonder_placements_follow_the_normal_matching_rule(name):
    """The engine's list equals an independent edge-matching check over the layout data,
    on a map with cities, roads and fields on its border."""
    other = "notre_dame" if name != "notre_dame" else "stonehenge"
    g = new_game(2, ["M", "U", "V", "U"], wonders=[name, other])
    turn(g, "place:0,1,2")                          # M2: D's city continues, open to the east of (0,1)
    turn(g, "place:1,0,0")                          # U0
    claim_first_wonder(g, 0, name, "place:-1,0,3")  # V3: the road from D bends south at (-1,0)
    turn(g, "place:2,0,0")                          # U0
    assert (g.to_play, g.decision) == (0, "wonder"), render(g)
    expected = oracle_wonder_placements(g, name)
    assert len(expected) > 4
    assert set(g.legal_action_ids()) == expected


@pytest.mark.rule("CW-52")
def test_a_wonder_cannot_be_put_where_its_edges_do_not_match():
    g = new_game(2, ["U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    legal = g.legal_action_ids()
    # rot 0 anchored at (0,2): the city cell lands on (0,3) and a field arm on (0,1), against D's city
    assert "wonder:notre_dame:0,2,0" not in legal
    for bad in ("wonder:notre_dame:0,2,0", "wonder:notre_dame:10,10,0", "wonder:notre_dame:0,0,0"):
        with pytest.raises(IllegalAction):
            g.apply(bad)
    assert "wonder:notre_dame:0,2,2" in legal  # the city cell on (0,1), city to the south against D's city


@pytest.mark.rule("CW-51", "C-4")
def test_an_unplaceable_wonder_is_kept_and_a_tile_drawn_instead():
    """S1, S3 and R2 close D's road ends and field; C0 north: every open edge of the map is a
    city edge. Stonehenge has no city edge, so it fits nowhere.

        y=1       C0
        y=0   S3  D0  S1
        y=-1      R2
    """
    g = new_game(2, ["S", "S", "R", "C", "E", "U", "U"], wonders=["stonehenge", "notre_dame"])
    turn(g, "place:1,0,1")
    turn(g, "place:-1,0,3")
    claim_first_wonder(g, 0, "stonehenge", "place:0,-1,2")
    turn(g, "place:0,1,0")
    assert oracle_wonder_placements(g, "stonehenge") == set()
    # seat 0 cannot place Stonehenge: it keeps it, draws and plays a normal tile
    unplaceable = events(g, "ev.wonders.unplaceable")
    assert len(unplaceable) == 1 and unplaceable[0].params == {"seat": 0, "wonder": "stonehenge"}
    assert "C-4" in unplaceable[0].rules
    assert (g.to_play, g.decision) == (0, "place")
    assert g.view()["tile_in_hand"] == "E"
    assert g.view()["wonders"]["held"] == ["stonehenge", None]
    turn(g, "place:0,-2,0")   # E0 under R2: now a field edge is open
    turn(g, "place:1,-2,1")
    # next own turn: try again, and now it fits
    assert (g.to_play, g.decision) == (0, "wonder")
    assert set(g.legal_action_ids()) == oracle_wonder_placements(g, "stonehenge")


@pytest.mark.rule("C-4", "CW-76")
def test_a_wonder_still_unplaced_at_the_end_gives_nothing():
    """Seat 0 takes the Alhambra on the next-to-last turn; the game ends before it can be placed."""
    g = new_game(2, ["E", "U"], wonders=["alhambra", "stonehenge"], end=True)
    claim_first_wonder(g, 0, "alhambra", "place:0,1,2", "meeple:field:NW,NE,EN,ES,WS,WN")
    turn(g, "place:1,0,0")
    assert g.is_over
    assert g.view()["wonders"]["held"] == ["alhambra", None]
    assert events(g, "ev.wonders.alhambra") == []
    assert g.scores == [13, 0]  # 10 + the farmer's 3 for the completed city; no 4 for the Alhambra


@pytest.mark.rule("CW-53", "CW-56", "CW-25", "CW-26", "C-3")
def test_the_marker_goes_on_the_wonder_centre_is_no_follower_and_stays_to_the_end():
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"], end=True)
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    assert supply(g) == [7, 6]
    place_wonder(g, "wonder:notre_dame:0,2,2")
    marker = events(g, "ev.wonders.marker")
    # the centre of the layout (0,0) anchored at (0,2): the marker stands on (0,2), owned by seat 0
    assert len(marker) == 1 and marker[0].params == {"seat": 0, "wonder": "notre_dame", "x": 0, "y": 2}
    assert supply(g) == [7, 6]                     # marking took no follower
    assert g.view()["meeples"] == []               # and the marker is not a follower on any feature
    assert g.view()["wonders"]["owned"] == ["notre_dame", None]
    turn(g, "place:2,0,0")
    assert g.is_over
    assert g.view()["wonders"]["owned"] == ["notre_dame", None]
    assert supply(g) == [7, 6]                     # the marker never joins the supply


@pytest.mark.rule("CW-53", "CW-26")
def test_markers_are_kept_by_owner():
    g = new_game(2, ["U", "U"], wonders=["notre_dame", "stonehenge"])
    g.state.score[:] = [15, 10]
    turn(g, "place:1,0,0")
    g.apply("claimant:1")
    pick(g, "stonehenge")     # seat 1 first; seat 0 (15) then takes the last one at the 15 space
    assert g.view()["wonders"]["held"] == ["notre_dame", "stonehenge"]
    place_wonder(g, "wonder:stonehenge:0,-1,0")
    place_wonder(g, "wonder:notre_dame:0,2,2")
    markers = [(e.params["seat"], e.params["wonder"]) for e in events(g, "ev.wonders.marker")]
    assert markers == [(1, "stonehenge"), (0, "notre_dame")]
    assert g.view()["wonders"]["owned"] == ["notre_dame", "stonehenge"]


@pytest.mark.rule("CW-57", "C-5")
def test_up_to_two_followers_on_different_features_of_the_wonder():
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    g.apply("wonder:notre_dame:0,2,2")
    assert (g.to_play, g.decision) == (0, "wonder_meeple")
    # only the wonder's own features (D's city joins the wonder's city, which is still free)
    assert g.legal_action_ids() == ["meeple:city:city", "meeple:road:long_road", "meeple:field:north_field",
                                    "meeple:field:south_field", "pass"]
    g.apply("meeple:city:city")
    assert (g.to_play, g.decision) == (0, "wonder_meeple")
    assert "meeple:city:city" not in g.legal_action_ids()  # a different feature for the second
    g.apply("meeple:road:long_road")
    # two is the limit, and they replace the normal follower: the turn is over
    assert (g.to_play, g.decision) == (1, "place")
    assert supply(g) == [5, 6]
    assert sorted(m["feature"] for m in g.view()["meeples"]) == ["city:city", "road:long_road"]


@pytest.mark.rule("CW-57")
def test_an_occupied_feature_of_the_wonder_is_not_offered():
    """Stonehenge's long road joins the road where seat 1's thief stands (it even completes it)."""
    g = new_game(2, ["A", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "stonehenge", "place:1,0,1")
    turn(g, "place:-1,0,0", "meeple:road:E,W")
    g.apply("wonder:stonehenge:-4,0,3")
    assert g.legal_action_ids() == ["meeple:field:field", "pass"]


@pytest.mark.rule("CW-58")
def test_one_follower_or_none_on_the_wonder():
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    g.apply("wonder:notre_dame:0,2,2")
    g.apply("pass")
    assert (g.to_play, g.decision) == (1, "place") and supply(g) == [7, 6]
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    g.apply("wonder:notre_dame:0,2,2")
    g.apply("meeple:field:south_field")
    g.apply("pass")
    assert (g.to_play, g.decision) == (1, "place") and supply(g) == [6, 6]
    assert [m["feature"] for m in g.view()["meeples"]] == ["field:south_field"]


@pytest.mark.rule("CW-59", "CW-57")
def test_alhambra_example_marker_then_a_knight_in_the_city_and_a_thief_on_the_road():
    g = new_game(2, ["E", "U", "U"], wonders=["alhambra", "stonehenge"])
    claim_first_wonder(g, 0, "alhambra", "place:0,1,2")
    turn(g, "place:1,0,0")
    place_wonder(g, "wonder:alhambra:5,0,2", "meeple:city:city", "meeple:road:road")
    assert len(events(g, "ev.wonders.marker")) == 1
    mine = sorted((m["kind"], m["feature"]) for m in g.view()["meeples"] if m["seat"] == 0)
    assert mine == [("city", "city:city"), ("road", "road:road")]
    assert supply(g) == [5, 6]


# ---- the wonders' effects during the game (CW-62..CW-69, CW-80/81, C-6, C-7, C-10) -------------------------------

def _notre_dame_beside_a_monastery(g):
    """Seat 0 takes Notre-Dame; seat 1 puts B at (1,-1); seat 0 places Notre-Dame turned 180
    with its centre on (0,-2): its road arm (1,-2) and top arm (0,-1) touch the monastery.

        y=0        D0   U0
        y=-1       nd   B0
        y=-2   nd  nd*  nd      (* centre; city cell (0,-3) is two rows from B)
        y=-3       nd
    """
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:1,-1,0")


@pytest.mark.rule("CW-62", "CW-63", "CW-65", "C-6")
def test_notre_dame_scores_3_at_once_for_a_follower_placed_beside_a_monastery():
    g = new_game(2, ["U", "B", "U"], wonders=["notre_dame", "stonehenge"])
    _notre_dame_beside_a_monastery(g)
    start = len(g.events)
    place_wonder(g, "wonder:notre_dame:0,-2,2", "meeple:road:long_road", "meeple:city:city")
    nd = events(g, "ev.wonders.notre_dame", start)
    # the thief on (1,-2) touches the monastery; the knight on (0,-3) does not
    assert [(e.params["seat"], e.params["points"], e.params["x"], e.params["y"]) for e in nd] == [(0, 3, 1, -2)]
    assert "CW-63" in nd[0].rules
    assert g.scores == [13, 0]


@pytest.mark.rule("CW-63", "C-6")
def test_notre_dame_two_followers_beside_a_monastery_score_3_each():
    g = new_game(2, ["U", "B", "U"], wonders=["notre_dame", "stonehenge"])
    _notre_dame_beside_a_monastery(g)
    place_wonder(g, "wonder:notre_dame:0,-2,2", "meeple:road:long_road", "meeple:field:north_field")
    assert scored(g) == [("ev.wonders.notre_dame", 0, 3)] * 2
    assert g.scores == [16, 0]


@pytest.mark.rule("CW-53", "C-6")
def test_notre_dame_the_marker_alone_scores_nothing():
    """The centre (0,-2) touches B diagonally, but the marker is not a follower."""
    g = new_game(2, ["U", "B", "U"], wonders=["notre_dame", "stonehenge"])
    _notre_dame_beside_a_monastery(g)
    place_wonder(g, "wonder:notre_dame:0,-2,2")
    assert events(g, "ev.wonders.notre_dame") == []
    assert g.scores == [10, 0]


@pytest.mark.rule("CW-63", "CW-64", "CW-65", "C-6")
def test_notre_dame_tile_between_two_monasteries_scores_only_3():
    """
        y=3           nd
        y=2       nd  nd  nd
        y=1           nd            (Notre-Dame north of D, placed with a knight on its city)
        y=0   U0  U0  D0  U0  U0  U0
        y=-1      B0  E2  B0        (E2 touches both monasteries; U at (-2,0) touches B diagonally)
        x=   -2  -1   0   1   2   3
    """
    g = new_game(2, ["U", "U", "B", "B", "U", "E", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    place_wonder(g, "wonder:notre_dame:0,2,2", "meeple:city:city")   # no monastery anywhere yet: 0
    assert g.scores == [10, 0]
    turn(g, "place:1,-1,0")                                        # seat 1: B
    turn(g, "place:-1,-1,0", "meeple:monastery")                   # seat 0: a monk ON a monastery: 0
    assert g.scores == [10, 0]
    turn(g, "place:2,0,0", "meeple:road:E,W")                      # seat 1 beside B: no wonder, nothing
    assert g.scores == [10, 0]
    turn(g, "place:0,-1,2", "meeple:field:NW,NE,EN,ES,WS,WN")      # seat 0 beside both monasteries: 3
    nd = events(g, "ev.wonders.notre_dame")
    assert [(e.params["seat"], e.params["points"], e.params["x"], e.params["y"]) for e in nd] == [(0, 3, 0, -1)]
    assert g.scores == [13, 0]
    turn(g, "place:3,0,0")                                         # seat 1: far from the monasteries
    turn(g, "place:-2,0,0", "meeple:field:NW,NE,EN,WN")            # seat 0, diagonal to B at (-1,-1): 3
    nd = events(g, "ev.wonders.notre_dame")
    assert [(e.params["x"], e.params["y"]) for e in nd] == [(0, -1), (-2, 0)]
    assert g.scores == [16, 0]


@pytest.mark.rule("CW-62", "CW-66", "CW-67", "CW-68", "CW-69", "CW-80", "CW-81", "C-7", "C-10")
def test_stonehenge_placed_completing_a_road_of_another_player():
    """Seat 1's thief is on U-D-A (A's monastery ends it in the east). Seat 0 places Stonehenge
    turned 90 counter-clockwise: its long road (2 squares, ending at the stones) closes the west end.

        y=1   st
        y=0   st  st  st  U0  D0  A1        road: 3 tiles + the long road = 5
        y=-1  st
    """
    g = new_game(2, ["A", "U", "U"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "stonehenge", "place:1,0,1")
    turn(g, "place:-1,0,0", "meeple:road:E,W")
    start = len(g.events)
    place_wonder(g, "wonder:stonehenge:-4,0,3")
    assert scored(g, start) == [("ev.wonders.stonehenge", 0, 3), ("ev.score.road", 1, 5)]  # bonus first
    road = events(g, "ev.score.road", start)[0]
    assert road.params["tiles"] == 5 and road.rules == ("CB-07", "CB-12", "CB-10")
    assert g.scores == [13, 5]
    assert supply(g) == [7, 6]


def _stonehenge_owner(g, thief: bool = True):
    """Seat 0 owns Stonehenge (placed south of D, touching nothing but fields); the road
    U-D-U runs west-east, open at both ends, with seat 1's thief if `thief`.

        y=0    U0  D0  U0
        y=-1   st  st  st
        y=-2       st
        y=-3       st
    """
    claim_first_wonder(g, 0, "stonehenge", "place:1,0,0")
    turn(g, "place:-1,0,0", "meeple:road:E,W" if thief else None)
    place_wonder(g, "wonder:stonehenge:0,-1,0")
    assert g.scores == [10, 0]


@pytest.mark.rule("CW-66", "CW-67", "CW-68", "CW-69", "C-7")
def test_stonehenge_owner_completing_someone_elses_road_with_a_tile_scores_3_then_the_road_scores():
    g = new_game(2, ["U", "U", "A", "A"], wonders=["notre_dame", "stonehenge"])
    _stonehenge_owner(g)
    turn(g, "place:-2,0,3")        # seat 1: A closes the west end
    start = len(g.events)
    turn(g, "place:2,0,1")         # seat 0: A closes the east end
    assert scored(g, start) == [("ev.wonders.stonehenge", 0, 3), ("ev.score.road", 1, 5)]
    assert g.scores == [13, 5]


@pytest.mark.rule("CW-66", "C-7")
def test_stonehenge_completing_a_road_nobody_scores_gives_no_bonus():
    g = new_game(2, ["U", "U", "A", "A"], wonders=["notre_dame", "stonehenge"])
    _stonehenge_owner(g, thief=False)
    turn(g, "place:-2,0,3")
    turn(g, "place:2,0,1")
    assert events(g, "ev.wonders.stonehenge") == []
    assert g.scores == [10, 0]


@pytest.mark.rule("CW-66", "C-7")
def test_stonehenge_two_scoring_roads_completed_at_once_give_3_each():
    """W turned 90 at (2,0) ends the main road (thief of seat 1) and the road A-V from the north
    (another thief of seat 1) at its junction.

        y=1            A3  V0
        y=0    A3  U0  D0  U0  W1
    """
    g = new_game(2, ["U", "U", "A", "A", "V", "W"], wonders=["notre_dame", "stonehenge"])
    _stonehenge_owner(g)
    turn(g, "place:-2,0,3")
    turn(g, "place:1,1,3")
    turn(g, "place:2,1,0", "meeple:road:S,W")
    start = len(g.events)
    turn(g, "place:2,0,1")
    got = scored(g, start)
    assert got[:2] == [("ev.wonders.stonehenge", 0, 3), ("ev.wonders.stonehenge", 0, 3)]
    assert sorted(got[2:]) == [("ev.score.road", 1, 3), ("ev.score.road", 1, 5)]
    assert g.scores == [16, 8]


@pytest.mark.rule("CW-66", "C-7")
def test_stonehenge_gives_nothing_when_another_player_completes_the_road():
    g = new_game(2, ["U", "U", "A", "B", "A"], wonders=["notre_dame", "stonehenge"])
    _stonehenge_owner(g)
    turn(g, "place:-2,0,3")
    turn(g, "place:-1,-2,0")
    turn(g, "place:2,0,1")        # seat 1 closes its own road
    assert events(g, "ev.wonders.stonehenge") == []
    assert g.scores == [10, 5]


@pytest.mark.rule("CW-62")
def test_a_wonder_only_works_once_placed_not_on_the_turn_it_is_taken():
    """Seat 0 closes seat 1's road on the turn it reaches 10 and takes Stonehenge: no bonus yet."""
    g = new_game(2, ["A", "U", "A"], wonders=["notre_dame", "stonehenge"])
    turn(g, "place:1,0,1")
    turn(g, "place:-1,0,0", "meeple:road:E,W")
    g.state.score[0] = 10
    turn(g, "place:-2,0,3")
    assert scored(g) == [("ev.score.road", 1, 4)]
    pick(g, "stonehenge")
    assert events(g, "ev.wonders.stonehenge") == []
    assert g.scores == [10, 4]


@pytest.mark.rule("CW-80", "CW-81", "C-10")
def test_notre_dame_long_road_counts_two_tiles_at_the_end():
    """Seat 0's thief on Notre-Dame's long road (road arm (1,-2) + centre), extended by U: 3 tiles."""
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"], end=True)
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    place_wonder(g, "wonder:notre_dame:0,-2,2", "meeple:road:long_road")
    turn(g, "place:2,-2,0")
    assert g.is_over
    road = events(g, "ev.score.road")
    assert [(e.params["seat"], e.params["points"], e.params["tiles"]) for e in road] == [(0, 3, 3)]
    assert g.scores == [13, 0]


# ---- the end of the game (CW-70..CW-79, C-8, C-9) ------------------------------------------------------------

def _circus_game(players: int, knights: list[tuple[int, str, str]], monk_last: bool = False):
    """Seat 0 takes Circus Maximus on its first turn (a knight on D0 at (1,0)), the others
    put their knights, seat 0 lays the Circus along y=-1 under the road, and one last tile
    (B at (0,-2)) ends the game.

        y=0   J3  D0  D0  D0  D0  K0
        y=-1  ci  ci  ci* ci  ci
        y=-2          B0
    """
    wonders = list(WONDERS_OF_SET_I) if players >= 4 else ["circus_maximus", "alhambra", "notre_dame"][:players]
    order = ["D"] + [t for _, t, _ in knights] + ["B"]
    g = new_game(players, order, wonders=wonders, end=True)
    claim_first_wonder(g, 0, "circus_maximus", "place:1,0,0", "meeple:city:N")
    for seat, _, place in knights:
        if g.decision == "wonder":
            place_wonder(g, "wonder:circus_maximus:0,-1,0")
        assert g.to_play == seat, render(g)
        turn(g, place, "meeple:city:" + ("W" if place.endswith(",3") else "N"))
    if g.decision == "wonder":
        place_wonder(g, "wonder:circus_maximus:0,-1,0")
    turn(g, "place:0,-2,0", "meeple:monastery" if monk_last else None)
    assert g.is_over
    assert g.view()["wonders"]["owned"][0] == "circus_maximus"
    return g


@pytest.mark.rule("CW-70", "CW-72", "CW-74", "CW-75", "CW-79", "C-8")
def test_circus_maximus_three_players_example():
    """Seat 1 (Yellow) has 2 knights, seat 2 (Blue) 1, seat 0 (Red, the owner) 1, each in its own
    incomplete city; seat 2's monk is no knight. Red gets 2 x 3 + 1 x 3 = 9, nothing for its own."""
    g = _circus_game(3, [(1, "D", "place:-1,0,0"), (2, "D", "place:2,0,0"), (1, "J", "place:-2,0,3")],
                     monk_last=True)
    circus = events(g, "ev.wonders.circus")
    assert [(e.params["seat"], e.params["points"], e.params["followers"], e.params["rate"]) for e in circus] == \
        [(0, 9, 3, 3)]
    # wonders first, then the normal final scoring
    assert index_of(g, "ev.wonders.circus") < first_score_index(g)
    # 10 + 9 + own 1-tile city; seat 1: two 1-tile cities; seat 2: its city 1 + the monk at (0,-2),
    # 1 + its 3 Circus neighbours
    assert g.scores == [20, 2, 1 + 4]


@pytest.mark.rule("CW-72", "C-8")
def test_circus_maximus_four_players_3_per_knight():
    g = _circus_game(4, [(1, "D", "place:-1,0,0"), (2, "D", "place:2,0,0"), (3, "J", "place:-2,0,3")])
    circus = events(g, "ev.wonders.circus")
    assert [(e.params["points"], e.params["followers"], e.params["rate"]) for e in circus] == [(9, 3, 3)]
    assert g.scores[0] == 10 + 9 + 1


@pytest.mark.rule("CW-70", "CW-71", "CW-75", "C-8")
def test_circus_maximus_two_players_4_per_knight():
    g = _circus_game(2, [(1, "D", "place:-1,0,0"), (1, "J", "place:-2,0,3")])
    circus = events(g, "ev.wonders.circus")
    assert [(e.params["points"], e.params["rate"]) for e in circus] == [(8, 4)]
    assert g.scores == [10 + 8 + 1, 2]


@pytest.mark.rule("CW-70", "CW-73", "C-8", "C-12")
def test_circus_maximus_five_players_2_per_knight(monkeypatch):
    allow_later_wonder_sets(monkeypatch)
    g = _circus_game(5, [(1, "D", "place:-1,0,0"), (2, "D", "place:2,0,0"), (3, "J", "place:-2,0,3"),
                         (4, "K", "place:3,0,0")])
    circus = events(g, "ev.wonders.circus")
    assert [(e.params["points"], e.params["followers"], e.params["rate"]) for e in circus] == [(8, 4, 2)]
    assert g.scores[0] == 10 + 8 + 1


@pytest.mark.rule("CW-70", "C-8")
def test_circus_maximus_counts_only_knights_in_incomplete_cities():
    """Seat 1's knight on E2 scores D's city during the game and goes home; its thief on the open
    road is no knight; only its knight on K's open city counts: 1 x 4.

        y=1        .   .   E2  .   .   .
        y=0        .   U0  D0  D0  U0  K0
        y=-1       ci  ci  ci  ci  ci  .     (Circus anchored at (0,-1))
        x=        -2  -1   0   1   2   3
    """
    g = new_game(2, ["D", "E", "U", "U", "K"], wonders=["circus_maximus", "alhambra"], end=True)
    claim_first_wonder(g, 0, "circus_maximus", "place:1,0,0")
    turn(g, "place:0,1,2", "meeple:city:S")                 # seat 1 closes D's city: 4, knight home
    assert g.scores == [10, 4]
    place_wonder(g, "wonder:circus_maximus:0,-1,0")
    turn(g, "place:-1,0,0", "meeple:road:E,W")              # seat 1: thief on the open road
    turn(g, "place:2,0,0")
    turn(g, "place:3,0,0", "meeple:city:N")                 # seat 1: knight in an open city
    assert g.is_over
    circus = events(g, "ev.wonders.circus")
    assert [(e.params["seat"], e.params["points"], e.params["followers"]) for e in circus] == [(0, 4, 1)]
    # seat 1: 4 + the road U-D-D-U-K (5 tiles, still open at both ends) + K's 1-tile city
    assert g.scores == [14, 4 + 5 + 1]


@pytest.mark.rule("CW-76", "CW-77", "CW-78", "CW-79", "C-9")
def test_alhambra_each_farmer_of_the_owner_scores_4_whether_or_not_its_field_scores():
    """Seat 0's farmers: one in E2's field (touches the completed city D+E: 3 points) and one on
    the Alhambra's field north of its road (touches only the Alhambra's open city: 0 points).
    2 farmers x 4 = 8, before the fields are scored. Seat 1's farmer gets no Alhambra points.

        y=1        E2
        y=0   U0   D0  U0  al  al  al* al
        y=-1                           al
    """
    g = new_game(2, ["E", "U", "U"], wonders=["alhambra", "stonehenge"], end=True)
    claim_first_wonder(g, 0, "alhambra", "place:0,1,2", "meeple:field:NW,NE,EN,ES,WS,WN")
    turn(g, "place:1,0,0", "meeple:field:NW,NE,EN,WN")
    place_wonder(g, "wonder:alhambra:5,0,2", "meeple:field:south_field")
    turn(g, "place:-1,0,0")
    assert g.is_over
    alh = events(g, "ev.wonders.alhambra")
    assert [(e.params["seat"], e.params["points"], e.params["farmers"]) for e in alh] == [(0, 8, 2)]
    assert index_of(g, "ev.wonders.alhambra") < first_score_index(g)
    fields = sorted((e.params["seat"], e.params["points"]) for e in events(g, "ev.score.field"))
    assert fields == [(0, 0), (0, 3), (1, 3)]
    assert g.scores == [10 + 8 + 3, 3]


# ---- more cross-checks -------------------------------------------------------------------------------------------

@pytest.mark.rule("CW-08", "C-10", "CB-08")
def test_each_square_of_a_wonder_counts_as_a_tile_in_a_completed_city():
    """Notre-Dame north of D: its city (city cell + centre) joins D's city; E3 and E1 close it.
    D + 2 wonder squares + 2 E = 5 tiles: 10 points for seat 0's knight.

        y=3        nd
        y=2    nd  nd* nd
        y=1    E1  nd  E3
        y=0    U0  D0  U0
    """
    g = new_game(2, ["U", "U", "E", "E"], wonders=["notre_dame", "stonehenge"])
    claim_first_wonder(g, 0, "notre_dame", "place:1,0,0")
    turn(g, "place:-1,0,0")
    place_wonder(g, "wonder:notre_dame:0,2,2", "meeple:city:city")
    # the wonder's edges bind the next tiles: (1,1) must have a city to the west, fields north and south
    assert [a for a in g.legal_action_ids() if a.startswith("place:1,1,")] == ["place:1,1,3"]
    assert not [a for a in g.legal_action_ids() if a.startswith("place:2,2,")]  # the long road's end
    turn(g, "place:1,1,3")
    turn(g, "place:-1,1,1")
    city = events(g, "ev.score.city")
    assert [(e.params["seat"], e.params["points"], e.params["tiles"]) for e in city] == [(0, 10, 5)]
    assert g.scores == [20, 0]


@pytest.mark.rule("CB-04", "CB-05", "CW-52", "CW-51")
@pytest.mark.parametrize("seed", [3, 21])
def test_random_games_with_wonders_match_an_independent_edge_check(seed):
    """Every tile and wonder placement list of a random 3-player game equals an independent
    edge-matching computation, and every discarded tile really fitted nowhere.

    Random play rarely scores, so every player starts at 20 (set directly): all three take
    a wonder after the first turn and place it early, so most tiles are laid next to wonders."""
    g = boardlab.new_game("carcassonne", players=3, seed=seed, options={"expansions": ["wonders"]})
    g.state.score[:] = [20, 20, 20]
    rng = random.Random(seed)
    seen, tiles, wonders, discards = 0, 0, 0, 0
    while not g.is_over:
        for e in g.events[seen:]:
            if e.key == "ev.discard":
                assert oracle_tile_placements(g, e.params["tile"]) == set()
                discards += 1
        seen = len(g.events)
        if g.decision == "place":
            assert engine_tile_placements(g) == oracle_tile_placements(g, g.view()["tile_in_hand"])
            tiles += 1
        elif g.decision == "wonder":
            name = g.view()["wonders"]["held"][g.to_play]
            assert set(g.legal_action_ids()) == oracle_wonder_placements(g, name)
            wonders += 1
        g.apply(rng.choice(g.legal_action_ids()))
    assert tiles > 60 and wonders == 3


@pytest.mark.rule("C-1", "CW-37")
def test_no_claims_during_final_scoring():
    """Seat 1 has 9 after the last turn and passes 10 only in the final scoring: no wonder."""
    g = new_game(2, ["M", "U"], wonders=["notre_dame", "alhambra"], end=True)
    turn(g, "place:0,1,2", "meeple:city:E,S")
    g.state.score[1] = 9
    turn(g, "place:1,0,0", "meeple:road:E,W")
    assert g.is_over and g.decision is None
    assert g.scores == [3, 11]
    assert events(g, "ev.wonders.pair") == []
    assert g.view()["wonders"]["held"] == [None, None] and g.view()["wonders"]["waiting"] == [0, 1]


@pytest.mark.rule("CW-66", "C-7")
def test_stonehenge_gives_nothing_for_roads_left_incomplete_at_the_end():
    g = new_game(2, ["U", "U", "U"], wonders=["notre_dame", "stonehenge"], end=True)
    _stonehenge_owner(g)
    turn(g, "place:2,0,0")
    assert g.is_over
    assert events(g, "ev.wonders.stonehenge") == []
    assert scored(g) == [("ev.score.road", 1, 4)]
    assert g.scores == [10, 4]
