"""The Keepers in Iron (Law of Root chapter 15), with boardlab's rulings RTA-KI-* (docs/root-rulings.md, "Keepers in
Iron").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; 1 is next to 5, 9 and 10,
5 to 1 and 2, 10 to 1, 2 and 12; forest 1 lies between 1, 2, 5 and 10, forest 2 between 1, 9, 10 and 12) with the
Marquise in seat 0 and the Keepers in seat 1.
"""
from __future__ import annotations

import pytest
from root_helpers import dice, draft_offering, drafts_end, empty_table, games_end, hand, idx, new, play, put, render_and_click, rules_logged, set_up, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import advanced as ADV
from boardlab.games.root import board as B
from boardlab.games.root.content import FACTIONS, MAPS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import keepers as KI
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
NAME = "keepers"
FOREST_1 = (1, 2, 5, 10)


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=("marquise", "keepers")):
    """An empty Autumn map after setup (the keep gone), every hand and the discard pile empty, no relic anywhere, the
    waystations on the board and an empty Retinue; returns the game."""
    g = empty_table(factions, seed)
    with positions.edit(g) as s:
        s.mods[NAME] = KI.IronState()
    return g


def ki(g) -> KI.IronState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def relic(g, forest: int, code: str, value: int | None = None):
    """A relic into forest `forest` (its number): face down (`code` a type, its hidden `value`) or face up (a kind)."""
    f = forest - 1
    with positions.edit(g) as s:
        data = s.mods[NAME]
        data.forests = {**data.forests, f: data.forests.get(f, ()) + (code,)}
        if value is not None:
            data.hidden = {**data.hidden, f: data.hidden.get(f, ()) + (value,)}
    return g


def station(g, number: int, kind: str, side: str):
    """A waystation of the board into clearing `number`, `side` up."""
    with positions.edit(g) as s:
        s.buildings[idx(number)] = s.buildings[idx(number)] + ((NAME, kind),)
        s.mods[NAME].faces = {**s.mods[NAME].faces, kind: KI.STATIONS[kind].index(side)}
    return g


def retinue(g, **columns):
    with positions.edit(g) as s:
        s.mods[NAME].retinue = {**s.mods[NAME].retinue, **{k: tuple(v) for k, v in columns.items()}}
    return g


def keys(g, since: int = 0) -> list[str]:
    return [e.key for e in g.state.events[since:]]


def legal(g) -> set[str]:
    return set(g.legal_action_ids())


def birdsong(g):
    return start(g, me(g), "birdsong.start")


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def all_relics(g) -> list[str]:
    """Every relic in the forests and on the map (face-down ones by type)."""
    data = ki(g)
    out = [r for f, rs in data.forests.items() for r in rs]
    return out + [k for pieces in g.state.tokens for o, k in pieces if o == NAME]


# ---- setup (LR-15-03) ---------------------------------------------------------------------------------------------------

@rule("LR-15-03-01", "LR-15-03-02", "LR-15-03-03", "LR-15-03-04", "LR-15-03-05", "LR-15-03-06", "LR-15-02-01",
      "RTA-KI-01")
@pytest.mark.parametrize("seed", [1, 2, 5])
def test_setup_relics_in_every_forest_eight_warriors_in_a_corner_and_beside_it(seed):
    g = set_up(new(("marquise", "keepers"), seed=seed))
    s, data = g.state, ki(g)
    keep = s.homes["marquise"][0]
    corner = s.homes[NAME][0]
    assert corner == B.opposite(s, keep)                      # diagonally opposite the Marquise's corner
    second = s.homes[NAME][1]
    assert second in B.neighbours(s, corner) and MAPS["autumn"].edge[second]
    assert s.warriors[NAME][corner] == 4 and s.warriors[NAME][second] == 4 and sum(s.warriors[NAME]) == 8
    assert s.supply[NAME] == FACTIONS[NAME].warriors - 8 == 7
    # twelve relics, four of each type, valued 1, 2, 3, 3 within a type, every one face down
    n = len(MAPS["autumn"].forests)
    assert all(data.forests.get(f) for f in range(n)) and sorted(data.forests) == list(range(n))
    codes = [r for rs in data.forests.values() for r in rs]
    assert sorted(codes) == sorted(t for t in KI.TYPES for _ in range(4))
    for t in KI.TYPES:
        values = [v for f, rs in data.forests.items() for r, v in zip(rs, data.hidden[f]) if r == t]
        assert sorted(values) == [1, 2, 3, 3]
    # the five relics beyond one a forest, only in forests away from their warriors, spread evenly
    near = {f for f in range(n) if any(s.warriors[NAME][c] for c in MAPS["autumn"].forests[f])}
    extra = {f: len(rs) - 1 for f, rs in data.forests.items()}
    assert sum(extra.values()) == 12 - n and all(extra[f] == 0 for f in near)
    assert max(extra[f] for f in range(n) if f not in near) - min(extra[f] for f in range(n) if f not in near) <= 1
    assert data.retinue == {"move": ("retainer1",), "delve": ("retainer2",), "recover": ("retainer3",)}
    assert KI.stations_left(s) == list(KI.STATIONS) and not KI.station_sites(s)
    assert {"LR-15-03-01", "LR-15-03-02", "LR-15-03-03", "LR-15-03-04", "LR-15-03-05", "LR-15-03-06"} <= rules_logged(g)


@rule("LR-15-03-03", "LR-15-03-04", "RTA-KI-01")
def test_setup_corner_is_chosen_when_several_are_free_and_the_edge_clearing_after_it():
    g = new(("vagabond", "keepers"), seed=4)   # no starting corner taken: any corner
    for _ in range(100):
        if g.decision == "iron_corner":
            break
        g.apply(g.legal_action_ids()[0])
    assert legal(g) == {"garrison:1", "garrison:2", "garrison:3", "garrison:4"}
    play(g, "garrison:3")
    assert g.decision == "iron_edge" and legal(g) == {"garrison:6", "garrison:7"}   # 11 is next to 3 but inland
    play(g, "garrison:7")
    assert warriors(g, NAME, 3) == 4 and warriors(g, NAME, 7) == 4
    g = table(seed=4)
    with positions.edit(g) as s:
        s.homes = {"marquise": (idx(1),)}
    assert KI.start_corners(g.state) == [idx(3)]   # diagonally opposite the Marquise's corner


# ---- hidden information --------------------------------------------------------------------------------------------------

@rule("LR-15-02-01", "LR-15-03-01", "RTA-KI-08")
def test_no_one_sees_a_face_down_relics_value_and_resampling_deals_them_again_by_type():
    g = set_up(new(("marquise", "eyrie", "keepers"), seed=2))
    data = ki(g)
    for seat in (0, 1, 2, None):
        view = g.view(seat)
        assert view[NAME]["hidden"]["hidden"] is True and "count" in view[NAME]["hidden"]
        assert hidden_paths(view, RULESET.zones_of(g.state), seat, g.state.known_to(seat)) == []
        assert {r for rs in view[NAME]["forests"].values() for r in rs} == set(KI.TYPES)  # types only
    seen = set()
    for k in range(16):
        probe = g.clone()
        RULESET.resample_hidden(probe.state, me(g), Stream(k))  # the Keepers do not know them either
        d = probe.state.mods[NAME]
        assert d.forests == data.forests
        for t in KI.TYPES:
            values = [v for f, rs in d.forests.items() for r, v in zip(rs, d.hidden[f]) if r == t]
            assert sorted(values) == [1, 2, 3, 3]
        seen.add(tuple(sorted(d.hidden.items())))
    assert len(seen) > 1


# ---- waystations and Birdsong (LR-15-04) ------------------------------------------------------------------------------------

@rule("LR-15-02-02", "LR-15-04", "LR-15-04-01")
def test_encamp_replaces_a_warrior_once_per_clearing_either_side_up():
    g = table()
    put(g, NAME, 5, warriors=2)
    put(g, NAME, 10, warriors=1)
    birdsong(g)
    assert g.decision == "iron_encamp" and {"encamp:5", "encamp:10"} <= legal(g)
    play(g, "encamp:5")
    assert legal(g) == {f"station:{k}:{t}" for k, sides in KI.STATIONS.items() for t in sides}
    assert all(a != b for a, b in KI.STATIONS.values()) and len(KI.STATIONS) == 3  # two types on every waystation
    play(g, "station:station_tj:jewelry")
    assert warriors(g, NAME, 5) == 1 and (NAME, "station_tj") in g.state.buildings[idx(5)]
    assert KI.shows(g.state, "station_tj") == "jewelry"
    assert "encamp:5" not in legal(g) and "encamp:10" in legal(g)  # once per clearing
    play(g, "done")
    assert g.decision == "iron_decamp"  # Encamp, then Decamp, then Recruit
    assert {"LR-15-04", "LR-15-04-01"} <= rules_logged(g)


@rule("LR-15-04-01", "RTA-KI-09")
def test_encamp_with_nothing_on_the_map_places_a_waystation_and_a_warrior_on_the_edge():
    g = table()
    birdsong(g)
    edge = {f"encamp:{c}" for c in range(1, 10)}
    assert g.decision == "iron_encamp" and {a for a in legal(g) if a.startswith("encamp:")} == edge
    play(g, "encamp:8", "station:station_ft:tablets")
    assert warriors(g, NAME, 8) == 1 and (NAME, "station_ft") in g.state.buildings[idx(8)]
    assert g.state.supply[NAME] == 14 and KI.shows(g.state, "station_ft") == "tablets"
    assert g.decision == "iron_decamp"  # once: nothing more to encamp (its only warrior was just placed)


@rule("LR-15-04-02", "RTA-KI-03")
def test_decamp_turns_a_waystation_back_into_a_warrior_once_per_clearing():
    g = table()
    station(g, 5, "station_tj", "tablets")
    station(g, 1, "station_ft", "figures")
    birdsong(g)
    assert g.decision == "iron_decamp" and {"decamp:station_tj", "decamp:station_ft"} <= legal(g)
    play(g, "decamp:station_tj")
    assert warriors(g, NAME, 5) == 1 and not KI.stations_in(g.state, idx(5)) and "station_tj" in KI.stations_left(
        g.state)
    g = table()
    station(g, 5, "station_tj", "tablets")
    with positions.edit(g) as s:
        s.supply[NAME] = 0
    birdsong(g)
    assert g.decision != "iron_decamp"  # no warrior to put in its place


@rule("LR-15-04-03")
def test_recruit_spends_a_matching_card_for_two_warriors_at_a_waystation_any_number_of_times():
    g = table()
    station(g, 5, "station_tj", "tablets")  # rabbit
    hand(g, me(g), ["rabbit_root_tea", "fox_anvil", "bird_crossbow", "rabbit_a_visit_to_friends"])
    birdsong(g)
    play(g, "done")  # no decamp
    assert g.decision == "iron_recruit" and "recruit_at:5" in legal(g)
    play(g, "recruit_at:5")
    assert legal(g) == {"spend:rabbit_root_tea", "spend:bird_crossbow", "spend:rabbit_a_visit_to_friends"}  # no fox
    play(g, "spend:rabbit_root_tea")
    assert warriors(g, NAME, 5) == 2 and "rabbit_root_tea" in g.state.discard
    play(g, "recruit_at:5", "spend:bird_crossbow")
    assert warriors(g, NAME, 5) == 4 and g.state.hands[me(g)] == ["fox_anvil", "rabbit_a_visit_to_friends"]
    assert g.decision == "iron_recruit"
    assert "LR-15-04-03" in rules_logged(g)


# ---- Daylight (LR-15-05) ------------------------------------------------------------------------------------------------

@rule("LR-15-02-03", "LR-15-05", "LR-15-05-01")
def test_the_keepers_craft_in_daylight_with_waystations_of_any_type():
    g = table()
    station(g, 2, "station_jf", "figures")  # a mouse clearing, whatever the type shown
    hand(g, me(g), ["mouse_root_tea"])
    birdsong(g)
    assert not any(a.startswith("craft:") for a in legal(g))  # not in Birdsong
    daylight(g)
    assert g.decision == "iron_craft" and "craft:mouse_root_tea" in legal(g)
    play(g, "craft:mouse_root_tea")
    assert g.state.score[me(g)] == 2 and "mouse_root_tea" not in g.state.hands[me(g)]
    assert "LR-15-05" in rules_logged(g)


@rule("LR-15-05-02", "LR-15-05-02-01", "RTA-KI-07")
def test_the_retinue_acts_column_by_column_each_card_once_moving_from_a_matching_clearing():
    g = table()
    put(g, NAME, 1, warriors=3)   # fox
    put(g, NAME, 5, warriors=2)   # rabbit
    retinue(g, move=["fox_anvil", "rabbit_root_tea"], delve=["retainer2"], recover=["mouse_root_tea"])
    daylight(g)
    assert g.decision == "iron_move" and legal(g) >= {"retinue:fox_anvil", "retinue:rabbit_root_tea", "done"}
    assert "retinue:retainer2" not in legal(g)  # the delve column waits its turn
    play(g, "retinue:fox_anvil")
    assert g.decision == "move_from" and legal(g) == {"from:1"}  # from a fox clearing only, no skipping
    play(g, "from:1", "to:9", "warriors:2")
    assert warriors(g, NAME, 9) == 2
    assert g.decision == "iron_move" and "retinue:fox_anvil" not in legal(g)  # each card once
    play(g, "done")  # the rest of the column is forgone
    assert g.decision != "iron_move" and ki(g).used == ("fox_anvil",)
    assert {"LR-15-05-02", "LR-15-05-02-01"} <= rules_logged(g)


@rule("LR-15-05-02-02", "LR-15-05-02-02-01", "LR-15-05-02-02-02", "LR-15-01", "RTA-KI-08")
def test_battle_then_delve_fights_first_then_brings_a_relic_in_and_may_lose_the_card(monkeypatch):
    g = table()
    put(g, NAME, 10, warriors=3)   # rabbit, next to forest 1
    put(g, "marquise", 10, warriors=1)
    relic(g, 1, "tablets", 2)
    retinue(g, delve=["rabbit_root_tea"])
    dice(monkeypatch, 3, 0)
    daylight(g)
    assert g.decision == "iron_delve"
    play(g, "retinue:rabbit_root_tea")
    assert legal(g) == {"delve_at:10"}
    play(g, "delve_at:10")
    assert g.decision in ("battle_where", "battle_whom") or "ev.battle" in keys(g)
    assert "skip" not in legal(g)  # the battle is compulsory
    while g.decision != "iron_delve_relic":
        g.apply(g.legal_action_ids()[0])
    assert warriors(g, "marquise", 10) == 0
    assert legal(g) == {"delve:1:tablets", "skip"}
    play(g, "delve:1:tablets")
    assert (NAME, "tablets2") in g.state.tokens[idx(10)] and not ki(g).forests[0]   # face up now, in the clearing
    # forest 1 touches 1, 2, 5 and 10: they rule 10 only, fewer than 2: the card is discarded
    assert "rabbit_root_tea" in g.state.discard and ki(g).retinue["delve"] == ()
    assert {"LR-15-05-02-02", "LR-15-05-02-02-01", "LR-15-05-02-02-02"} <= rules_logged(g)


@rule("LR-15-05-02-02", "LR-15-05-02-02-02")
def test_delving_without_a_battle_keeps_the_card_when_they_rule_enough_around_the_forest():
    g = table()
    for c in (1, 2, 10):
        put(g, NAME, c, warriors=1)
    relic(g, 1, "figures", 3)
    relic(g, 1, "jewelry1")   # face up already (a trophy)
    put(g, "marquise", 5, warriors=1)
    retinue(g, delve=["bird_crossbow"])
    daylight(g)
    play(g, "retinue:bird_crossbow")
    assert legal(g) == {"delve_at:1", "delve_at:2", "delve_at:10", "delve_at:5"} - {"delve_at:5"}  # 5 not ruled
    play(g, "delve_at:2")
    assert g.decision == "iron_delve_relic" and legal(g) == {"delve:1:figures", "delve:1:jewelry1", "skip"}
    play(g, "delve:1:figures")
    assert (NAME, "figures3") in g.state.tokens[idx(2)]
    assert ki(g).retinue["delve"] == ("bird_crossbow",)   # 1, 2 and 10 ruled: 3, not fewer than 3
    assert ki(g).forests[0] == ("jewelry1",)


@rule("LR-15-05-02-02-02", "RTA-KI-06")
def test_a_faithful_retainer_lost_leaves_the_game():
    g = table()
    put(g, NAME, 5, warriors=1)
    relic(g, 1, "jewelry", 3)
    retinue(g, delve=["retainer2"])
    daylight(g)
    play(g, "retinue:retainer2", "delve_at:5", "delve:1:jewelry")
    assert ki(g).set_aside == ("retainer2",) and "retainer2" not in g.state.discard
    assert KI.card_suit("retainer2") == "bird"


@rule("LR-15-05-02-03", "LR-15-05-02-03-01", "LR-15-05-02-03-02", "LR-15-05-02-03-03", "LR-15-01", "RTA-KI-10")
def test_recover_relics_of_the_waystations_type_scoring_their_value_until_one_is_worth_too_much():
    g = table()
    put(g, NAME, 5, warriors=2)
    put(g, NAME, 10, warriors=1)   # rabbit clearings ruled: 5 and 10
    station(g, 5, "station_tj", "tablets")
    with positions.edit(g) as s:
        s.tokens[idx(5)] = ((NAME, "tablets1"), (NAME, "tablets3"), (NAME, "figures2"))
    retinue(g, recover=["rabbit_root_tea"])
    daylight(g)
    play(g, "retinue:rabbit_root_tea")
    assert legal(g) == {"move", "recover_at:5"}
    play(g, "recover_at:5")
    assert legal(g) == {"recover:tablets1", "recover:tablets3"}  # not the figures; a first relic must be taken
    play(g, "recover:tablets1")
    assert g.state.score[me(g)] == 1 and ki(g).recovered["tablets"] == (1,)
    assert legal(g) == {"recover:tablets3", "done"}   # 2 ruled, not fewer than 1: it may go on
    play(g, "recover:tablets3")
    assert g.state.score[me(g)] == 4 and ki(g).recovered["tablets"] == (1, 3)
    assert "rabbit_root_tea" in g.state.discard and ki(g).retinue["recover"] == ()  # 2 ruled, fewer than 3
    assert (NAME, "figures2") in g.state.tokens[idx(5)]


@rule("LR-15-05-02-03-02", "RTA-KI-10")
def test_a_relic_that_fills_a_relics_column_scores_two_more():
    g = table()
    put(g, NAME, 5, warriors=1)
    station(g, 5, "station_jf", "jewelry")
    with positions.edit(g) as s:
        s.tokens[idx(5)] = ((NAME, "jewelry1"),)
        s.mods[NAME].recovered = {"figures": (2, 3), "tablets": (1,), "jewelry": ()}
    retinue(g, recover=["rabbit_root_tea"])
    daylight(g)
    play(g, "retinue:rabbit_root_tea", "recover_at:5", "recover:jewelry1")
    assert g.state.score[me(g)] == 1 + 2 and KI.relic_sets(ki(g)) == 1
    assert "ev.iron.set" in keys(g)


@rule("LR-15-05-02-03")
def test_move_or_recover_may_move_from_a_matching_clearing_instead():
    g = table()
    put(g, NAME, 5, warriors=2)
    station(g, 5, "station_tj", "tablets")
    with positions.edit(g) as s:
        s.tokens[idx(5)] = ((NAME, "tablets2"),)
    retinue(g, recover=["rabbit_root_tea"])
    daylight(g)
    play(g, "retinue:rabbit_root_tea", "move")
    assert legal(g) == {"from:5"}
    play(g, "from:5", "to:1", "warriors:1")
    assert warriors(g, NAME, 1) == 1 and ki(g).retinue["recover"] == ("rabbit_root_tea",)


# ---- Devout Knights, Prized Trophies (LR-15-02-04/05) -------------------------------------------------------------------------

@rule("LR-15-02-04")
def test_devout_knights_ignore_the_first_hit_where_a_relic_and_a_warrior_stand(monkeypatch):
    for with_relic in (True, False):
        g = table()
        put(g, NAME, 5, warriors=3, tokens=["figures2"] if with_relic else [])
        put(g, "marquise", 5, warriors=3)
        dice(monkeypatch, 2, 0)
        start(g, cat(g), "daylight.start")
        g.apply("done") if g.decision == "marquise_craft" else None
        play(g, "battle", "battle:5") if "battle" in legal(g) else play(g, "battle:5")
        while "ev.battle_done" not in keys(g) and g.state.pending and g.decision in (
                "battle_whom", "ambush", "foil", "battle_effects", "take_hits"):
            g.apply(g.legal_action_ids()[0])
        assert warriors(g, NAME, 5) == (2 if with_relic else 1)
        assert ("LR-15-02-04" in rules_logged(g)) == with_relic


@rule("LR-15-02-04", "RTA-KI-04")
def test_a_relic_may_go_along_with_each_keeper_warrior_moved():
    g = table()
    put(g, NAME, 5, warriors=3, tokens=["figures2", "tablets3", "jewelry1"])
    retinue(g, move=["rabbit_root_tea"])
    daylight(g)
    play(g, "retinue:rabbit_root_tea", "from:5", "to:1", "warriors:2")
    assert g.decision == "iron_carry" and legal(g) == {"carry:figures2", "carry:tablets3", "carry:jewelry1", "done"}
    play(g, "carry:tablets3", "carry:jewelry1")
    assert KI.relics_in(g.state, idx(1)) == ["tablets3", "jewelry1"] and KI.relics_in(g.state, idx(5)) == ["figures2"]
    assert g.decision != "iron_carry"   # two warriors: two relics


@rule("LR-15-02-05", "RTA-KI-05")
def test_prized_trophies_an_enemy_removing_a_relic_scores_two_and_puts_it_face_up_in_a_forest(monkeypatch):
    g = table()
    put(g, NAME, 5, tokens=["figures3"])
    put(g, "marquise", 5, warriors=2)
    dice(monkeypatch, 2, 1)
    start(g, cat(g), "daylight.start")
    g.apply("done") if g.decision == "marquise_craft" else None
    play(g, "battle", "battle:5") if "battle" in legal(g) else play(g, "battle:5")
    while g.decision != "iron_trophy":
        g.apply(g.legal_action_ids()[0])
    assert g.state.pending[0] == cat(g)   # the remover chooses the forest
    assert legal(g) == {f"trophy:{f}" for f in range(1, 8)}
    assert g.state.score[cat(g)] == 2 and not KI.relics_in(g.state, idx(5))
    play(g, "trophy:4")
    assert ki(g).forests[3] == ("figures3",)   # face up: delving it reveals nothing new
    assert {"LR-15-02-05", "RTA-KI-05"} <= rules_logged(g)


# ---- Evening (LR-15-06) ---------------------------------------------------------------------------------------------------

@rule("LR-15-06", "LR-15-06-01")
def test_live_off_the_land_removes_one_warrior_where_four_or_more_stand():
    g = table()
    put(g, NAME, 1, warriors=4)
    put(g, NAME, 5, warriors=3)
    put(g, NAME, 10, warriors=6)
    evening(g)
    assert (warriors(g, NAME, 1), warriors(g, NAME, 5), warriors(g, NAME, 10)) == (3, 3, 5)
    assert g.decision == "iron_gather" or "ev.draw" in keys(g)
    assert {"LR-15-06", "LR-15-06-01"} <= rules_logged(g)


@rule("LR-15-06-02")
def test_gather_retinue_adds_any_number_of_cards_or_shifts_one_ten_at_most():
    g = table()
    hand(g, me(g), ["fox_anvil", "rabbit_root_tea"])
    retinue(g, move=["retainer1"])
    evening(g)
    assert g.decision == "iron_gather"
    assert legal(g) >= {"retinue_add:fox_anvil", "retinue_add:rabbit_root_tea", "retinue_shift:retainer1", "done"}
    play(g, "retinue_add:fox_anvil")
    assert legal(g) == {"retinue_column:move", "retinue_column:delve", "retinue_column:recover"}
    play(g, "retinue_column:delve")
    assert ki(g).retinue["delve"] == ("fox_anvil",) and "fox_anvil" not in g.state.hands[me(g)]
    assert "retinue_shift:retainer1" not in legal(g) and "retinue_add:rabbit_root_tea" in legal(g)  # add or shift
    g = table()
    hand(g, me(g), ["fox_anvil"])
    retinue(g, move=["retainer1"], delve=["mouse_root_tea"])
    evening(g)
    play(g, "retinue_shift:retainer1")
    assert legal(g) == {"retinue_column:delve", "retinue_column:recover"}
    play(g, "retinue_column:recover")
    assert ki(g).retinue == {"move": (), "delve": ("mouse_root_tea",), "recover": ("retainer1",)}
    assert g.decision != "iron_gather"   # one shift, then the draw
    g = table()
    hand(g, me(g), ["fox_anvil"])
    retinue(g, move=["retainer1"] + [f"mouse_root_tea{i}" for i in range(9)])
    evening(g)
    assert not any(a.startswith("retinue_add:") for a in legal(g))   # ten cards already


@rule("LR-15-06-03")
def test_the_evening_draws_one_plus_one_per_waystation_then_the_hand_limit():
    g = table()
    station(g, 5, "station_tj", "tablets")
    station(g, 1, "station_ft", "figures")
    hand(g, me(g), ["fox_anvil", "rabbit_root_tea", "mouse_root_tea"])
    evening(g)
    play(g, "done")
    assert len(g.state.hands[me(g)]) == 6 and g.decision == "discard"   # 3 + 3 drawn, one too many
    while g.decision == "discard":
        g.apply(g.legal_action_ids()[0])
    assert len(g.state.hands[me(g)]) == 5
    draws = [e for e in g.state.events if e.key == "ev.draw" and e.params["seat"] == me(g)]
    assert draws[-1].params["n"] == 3 and "LR-15-06-03" in draws[-1].rules


# ---- its setup card, reach, the draft ---------------------------------------------------------------------------------------

def draft(seed: int = 1, players: int = 3, **options):
    return boardlab.new_game("root", players, seed=seed, options={
        "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "keepers"], **options})


@rule("LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-KI-02")
def test_the_setup_card_two_adjacent_edge_homelands_far_from_enemy_homelands():
    g = draft()
    draft_offering(g, ("eyrie", "keepers", "alliance", "marquise"))
    play(g, "draft:eyrie", "roost_at:1")
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    play(g, "draft:keepers")
    assert g.decision == "iron_homeland"
    assert legal(g) == {"garrison:3", "garrison:6", "garrison:7", "garrison:8"}   # edge, three paths from 1
    play(g, "garrison:7")
    assert legal(g) == {"garrison:3", "garrison:8"}   # next to 7 on the edge (12 is inland)
    play(g, "garrison:8")
    assert warriors(g, NAME, 7) == 4 and warriors(g, NAME, 8) == 4
    data = ki(g)
    assert sum(len(r) for r in data.forests.values()) == 12 and data.retinue["move"] == ("retainer1",)
    near = {f for f, cs in enumerate(MAPS["autumn"].forests) if idx(7) in cs or idx(8) in cs}
    assert all(len(data.forests[f]) == 1 for f in near)
    assert "RTA-KI-02" in rules_logged(g)


@rule("LR-05-02", "LR-05-02-02", "LR-AA-08-01")
def test_reach_eight_a_militant_setup_card_in_the_draft_pool():
    assert REACH[NAME] == 8 and SETUP_CARDS[NAME].reach == 8 and SETUP_CARDS[NAME].militant
    assert NAME in ADV.IMPLEMENTED and NAME in ADV.default_pool(3)
    assert FACTIONS[NAME].warriors == 15


# ---- bots, tables ---------------------------------------------------------------------------------------------------------

def test_the_potential_values_relics_ready_to_recover():
    g = table()
    put(g, NAME, 5, warriors=1, tokens=["tablets2"])
    before = base_potential(g.state)[me(g)] + KI.potential(g.state, me(g))
    station(g, 5, "station_tj", "tablets")
    after = base_potential(g.state)[me(g)] + KI.potential(g.state, me(g))
    assert after > before and KI.potential(g.state, cat(g)) == 0.0


@pytest.mark.parametrize("players,factions,options", [
    (2, ["marquise", "keepers"], {}),
    (3, ["keepers", "eyrie", "alliance"], {"map": "winter"}),
    (4, ["marquise", "keepers", "vagabond", "corvid"], {"map": "lake", "hirelings": "random"}),
    (5, ["keepers", "hundreds", "lizard", "duchy", "riverfolk"], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_keepers_end(players, factions, options):
    games_end(players, factions, options)


def test_random_drafts_with_the_keepers_end():
    drafts_end(["marquise", "eyrie", "alliance", "vagabond", "corvid", "keepers"], range(3))


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = table()
    station(g, 5, "station_tj", "jewelry")
    relic(g, 1, "tablets", 2)
    relic(g, 2, "figures3")
    retinue(g, move=["retainer1"], delve=["fox_anvil"])
    with positions.edit(g) as s:
        s.mods[NAME].recovered = {"figures": (2,), "tablets": (), "jewelry": ()}
    rules = ruleset("root")
    text = rules.render_text(g.view(cat(g)), "en")
    assert "Recovered relics: figures 2, tablets -, jewelry -" in text and "Relic sets: 0" in text
    assert "waystation (tablets / jewelry): jewelry (clearing 5)" in text
    assert "Battle then Delve: Anvil" in text and "Move: Faithful Retainer" in text
    assert "forest 1: tablets relic (face down), forest 2: figures relic worth 3" in text
    assert "森林中的聖物：1 號森林: 石板聖物（背面）" in rules.render_text(g.view(me(g)), "zh-Hant")
    assert "圣物套数：0" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(me(g)), "en", [])
    assert 'data-board="keepers"' in svg and 'data-station="station_tj" data-at="5" data-shows="jewelry"' in svg
    assert 'data-column="delve" data-cards="1"' in svg and 'data-card="fox_anvil" data-zone="retinue"' in svg


def test_random_games_with_the_keepers_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["keepers", "marquise"], "autumn"), (2, ["eyrie", "keepers", "alliance"], "lake")))
