"""Root's hirelings, the Marauder pack (issue 13): Vault Keepers / Badger Bodyguards, Flame Bearers / Rat
Smugglers, Popular Band / Street Band, Prosperous / Struggling Farmers, each side with a scenario of its
abilities (cards: data/hirelings.yaml; rulings RTA-HB-* in docs/root-rulings.md, "Hirelings: the Marauder
pack"), hireling buildings and who scores for them (RT-HR-48/49, LR-AH-03-06), and random games.

Clearings are named by their printed number (Autumn): 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox,
7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; paths 1-5, 1-9, 1-10, 2-5, 2-6, 2-10, ...; building
slots 1 in 1, 3, 4; ruins in 6, 10, 11, 12.
"""
from __future__ import annotations

import pytest
from root_helpers import events, hand, idx, new, play, put, rules_logged, start
from test_root_hirelings import answer, blank, control, end_turn, game, params, run_tasks, side

import boardlab
from boardlab.core import positions
from boardlab.core.flow import GAME_OVER
from boardlab.core.rng import Stream
from boardlab.games.root import RULESET
from boardlab.games.root import battle as BT
from boardlab.games.root import board as B
from boardlab.games.root import move as MV
from boardlab.games.root.modules import hireling_kit as KIT

KEEPERS, BEARERS, BAND, FARMERS = "vault_keepers", "flame_bearers", "popular_band", "prosperous_farmers"
PACK = (KEEPERS, BEARERS, BAND, FARMERS)


def until(g, decision, limit=300):
    """Answer the first legal id until `decision` is asked."""
    for _ in range(limit):
        if g.decision == decision:
            return g
        g.apply(g.legal_action_ids()[0])
    raise AssertionError(f"never reached {decision}")


def legal(g):
    return set(g.legal_action_ids())


def at(kind, *numbers):
    return {f"{kind}:{n}" for n in numbers}


def vaults_at(g, number):
    return B.buildings_of(g.state, KEEPERS, idx(number)).count("vault")


def farms_at(g, number):
    return B.buildings_of(g.state, FARMERS, idx(number)).count("farm")


# ---- hireling buildings: rule, hits, who scores (LR-AH-03-01, LR-AH-03-06, RT-HR-48, RT-HR-49, RTA-HB-01) ------------

@pytest.mark.rule("LR-AH-03-01", "RT-HR-31", "RTA-HB-01")
def test_a_hirelings_buildings_count_for_its_controllers_rule_or_its_own():
    g = blank(game(("marquise", "alliance"), (KEEPERS,)))
    put(g, KEEPERS, 5, 1, buildings=["vault"])
    put(g, "marquise", 5, 1)
    assert B.ruler(g.state, idx(5)) == KEEPERS  # 1 warrior and a vault against 1: uncontrolled, it rules
    put(g, "marquise", 5, 1)
    assert B.ruler(g.state, idx(5)) is None  # 2 against 2: the vault counts like any building
    control(g, KEEPERS, 1)
    put(g, "alliance", 5, 1)
    assert B.ruler(g.state, idx(5)) == "alliance"  # 1 + a warrior and a vault against 2
    put(g, KEEPERS, 9, 0, buildings=["vault"])
    assert B.ruler(g.state, idx(9)) == "alliance"  # a vault alone rules for its controller
    assert B.open_slots(g.state, idx(5)) == 1  # the vault fills a building slot


@pytest.mark.rule("RT-HR-49", "RT-HR-48", "LR-AH-03-06", "RTA-HB-01")
def test_removing_a_vault_scores_even_defending_against_the_keepers_but_the_keepers_score_nothing():
    fought = 0
    for seed in range(12):
        g = blank(game(("marquise", "alliance"), (KEEPERS,), seed=seed))
        control(g, KEEPERS, 1)
        put(g, KEEPERS, 5, 1, buildings=["vault"])
        put(g, "marquise", 5, 3, buildings=["sawmill"])
        run_tasks(g, 1, BT.start(1, KEEPERS, ("test",), (idx(5),), must=True), then=GAME_OVER)
        since = len(g.state.events)
        answer(g, lambda game: None, until=())
        removed = {p["owner"]: dict(map(tuple, p["pieces"])) for p in params(g, "ev.removed", since)}
        if removed.get(KEEPERS, {}).get("vault"):
            fought += 1
            assert g.state.score[0] == 1  # the Marquise, defending, scores the vault (LR-AH-03-06, RT-HR-49)
        if removed.get("marquise", {}).get("sawmill"):
            assert g.state.score[1] == 0  # the Keepers' controller scores nothing (RT-HR-48)
    assert fought  # the Keeper warrior fell and a hit reached the vault in some game


@pytest.mark.rule("RT-HR-49", "RTA-HB-01", "RTA-HB-08")
def test_a_player_removing_a_vault_scores_but_nobody_scores_for_a_farm():
    g = blank(game(("marquise", "alliance"), (KEEPERS, FARMERS)))
    control(g, FARMERS, 1)
    put(g, KEEPERS, 5, 0, buildings=["vault"])
    put(g, FARMERS, 2, 0, buildings=["farm"])
    with positions.edit(g) as s:
        tasks = [BT.take_hits(s, KEEPERS, 0, idx(5), 1, ("test",)), BT.take_hits(s, FARMERS, 0, idx(2), 1, ("test",))]
    since = run_tasks(g, 0, *tasks, then=GAME_OVER)
    assert vaults_at(g, 5) == 0 and farms_at(g, 2) == 0
    assert g.state.score[0] == 1  # the vault only (RT-HR-49); the farm: nobody scores (its card)
    assert params(g, "ev.farmers.unscored", since) == [{"n": 1}]


@pytest.mark.rule("RT-HR-49", "LR-07-08-04", "RTA-HB-08")
def test_no_bonus_for_a_farm_either_but_the_despot_gets_one_for_a_vault():
    g = blank(game(("eyrie", "alliance"), (KEEPERS, FARMERS)))
    with positions.edit(g) as s:
        s.mods["eyrie"].leader = "despot"
    put(g, FARMERS, 2, 0, buildings=["farm"])
    put(g, KEEPERS, 5, 0, buildings=["vault"])
    with positions.edit(g) as s:
        farm = BT.take_hits(s, FARMERS, 0, idx(2), 1, ("test",))
    run_tasks(g, 0, farm, then=GAME_OVER)
    assert farms_at(g, 2) == 0 and g.state.score[0] == 0  # a farm alone: not even the Despot's point
    with positions.edit(g) as s:
        vault = BT.take_hits(s, KEEPERS, 0, idx(5), 1, ("test",))
    run_tasks(g, 0, vault, then=GAME_OVER)
    assert vaults_at(g, 5) == 0 and g.state.score[0] == 2  # the vault and the Despot's point


# ---- Vault Keepers / Badger Bodyguards --------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HB-01", "RTA-HB-02")
def test_vault_keepers_set_up_two_warriors_and_a_vault_where_a_slot_is_open():
    g = until(new(("marquise", "alliance"), seed=3, hirelings=[KEEPERS]), "keepers_place")
    s = g.state
    fits = {c + 1 for c in range(12) if KIT.can_build(s, KEEPERS, "vault", c)}
    assert legal(g) == at("keepers_at", *fits) and len(fits) < 12  # full clearings and the keep are not offered
    c = min(fits)
    play(g, f"keepers_at:{c}")
    assert B.warriors(s, KEEPERS, idx(c)) == 2 and vaults_at(g, c) == 1 and s.supply[KEEPERS] == 4


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HB-02")
def test_vault_keepers_place_a_vault_near_a_vault_then_a_warrior_at_each_vault():
    g = blank(game(("marquise", "alliance"), (KEEPERS,)))
    control(g, KEEPERS, 0)
    put(g, KEEPERS, 5, 2, buildings=["vault"])
    put(g, "alliance", 5, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{KEEPERS}:act")
    assert legal(g) == at("keepers_at", 1, 2, 5) | {"skip"}  # in or next to 5, a slot open; optional
    play(g, "keepers_at:1")
    assert vaults_at(g, 1) == 1 and B.warriors(g.state, KEEPERS, idx(1)) == 0
    assert legal(g) == {"keepers:battle", "keepers:recruit", "skip"}  # battle only where Keepers meet enemies
    play(g, "keepers:recruit")
    assert B.warriors(g.state, KEEPERS, idx(5)) == 3 and B.warriors(g.state, KEEPERS, idx(1)) == 1
    assert f"hireling:{KEEPERS}:act" not in legal(g)  # once per Daylight


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RT-HR-44", "RTA-HB-02")
def test_vault_keepers_battle_in_each_vault_clearing_once_each_and_optional():
    g = blank(game(("marquise", "alliance"), (KEEPERS,)))
    control(g, KEEPERS, 0)
    for c in (5, 2):
        put(g, KEEPERS, c, 2, buildings=["vault"])
        put(g, "alliance", c, 1)
    put(g, "marquise", 2, 0, buildings=["sawmill"])  # no room left in 2 (2 slots)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{KEEPERS}:act", "skip", "keepers:battle")
    assert legal(g) == {"battle:2", "battle:5", "done"}
    since = len(g.state.events)
    play(g, "battle:5")
    answer(g, lambda game: None, until=("keepers_battle",))
    assert params(g, "ev.battle", since)[0] == {"seat": 0, "faction": KEEPERS, "defender": "alliance",
                                                "clearing": idx(5)}
    assert "battle:5" not in legal(g) and "done" in legal(g)  # each clearing once; the rest optional


@pytest.mark.rule("RTA-HB-02", "RTA-HB-01")
def test_with_no_room_near_a_vault_a_warrior_and_a_vault_go_anywhere_a_vault_fits():
    g = blank(game(("marquise", "alliance"), (KEEPERS,)))
    control(g, KEEPERS, 0)
    put(g, KEEPERS, 1, 0, buildings=["vault"])  # 1 has one slot; next to it 5, 9, 10
    put(g, "marquise", 5, 0, buildings=["sawmill", "workshop"])
    put(g, "marquise", 9, 0, buildings=["sawmill", "workshop"])
    put(g, "marquise", 10, 0, buildings=["recruiter"])  # and the ruin
    start(g, 0, "daylight.start")
    play(g, f"hireling:{KEEPERS}:act")
    assert g.decision == "keepers_fallback" and "skip" not in legal(g)
    assert legal(g) == at("keepers_at", 2, 3, 4, 6, 7, 8, 11, 12)
    play(g, "keepers_at:8")
    assert vaults_at(g, 8) == 1 and B.warriors(g.state, KEEPERS, idx(8)) == 1


@pytest.mark.rule("RT-HR-28", "LR-AH-02-01", "RTA-HB-02")
def test_vault_keepers_when_hired_place_again_only_with_none_on_the_map():
    g = blank(game(("marquise", "alliance"), (KEEPERS,)))
    control(g, KEEPERS, 1, markers=0)
    put(g, KEEPERS, 9, 0, buildings=["vault"])
    since = end_turn(g, 1)  # handed to the Marquise: a vault is on the map, nothing placed
    assert g.state.hired[KEEPERS] == 0 and not params(g, "ev.keepers.placed", since)
    g = blank(game(("marquise", "alliance"), (KEEPERS,)))
    control(g, KEEPERS, 1, markers=0)
    end_turn(g, 1)
    assert g.decision == "keepers_place" and g.to_play == 0  # the new controller places them
    play(g, "keepers_at:9")
    assert B.warriors(g.state, KEEPERS, idx(9)) == 2 and vaults_at(g, 9) == 1


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HB-03")
def test_badger_bodyguards_ignore_the_controllers_first_hit_in_each_battle():
    checked = 0
    for seed in range(10):
        g = blank(game(("marquise", "eyrie"), (KEEPERS,), seed=seed))
        side(g, KEEPERS, True)
        control(g, KEEPERS, 0)
        put(g, "marquise", 5, 5)
        put(g, "eyrie", 5, 5)
        hand(g, 0, [])
        hand(g, 1, [])
        since = run_tasks(g, 1, BT.start(1, "eyrie", ("test",), (idx(5),), must=True), then=GAME_OVER)
        answer(g, lambda game: None, until=())
        hits = params(g, "ev.hits", since)[0]
        lost_cat, lost_bird = 5 - B.warriors(g.state, "marquise", idx(5)), 5 - B.warriors(g.state, "eyrie", idx(5))
        assert lost_cat == max(0, hits["attacker"] - 1) and lost_bird == hits["defender"]  # the Eyrie has none
        assert bool(params(g, "ev.hit_ignored", since)) is (hits["attacker"] > 0)
        checked += hits["attacker"] > 0
    assert checked


@pytest.mark.rule("RTA-HB-03", "LR-04-03-01-02")
def test_badger_bodyguards_count_an_ambush_as_the_first_hit_and_protect_no_one_else():
    g = blank(game(("marquise", "eyrie"), (KEEPERS,)))
    side(g, KEEPERS, True)
    control(g, KEEPERS, 0)
    put(g, "marquise", 5, 4)
    put(g, "eyrie", 5, 1)
    hand(g, 0, [])
    hand(g, 1, ["rabbit_ambush"])
    since = run_tasks(g, 0, BT.start(0, "marquise", ("test",), (idx(5),), must=True), then=GAME_OVER)
    play(g, "battle:5", "ambush:rabbit_ambush")
    answer(g, lambda game: None, until=())
    assert len(params(g, "ev.hit_ignored", since)) == 1  # one hit a battle at most
    dealt = params(g, "ev.hits", since)
    rolled = dealt[0]["defender"] if dealt else 0  # the Eyrie's warrior may fall to the ambush's hit first
    assert 4 - B.warriors(g.state, "marquise", idx(5)) == 1 + rolled  # 2 ambush hits less the first, then all
    g = blank(game(("marquise", "eyrie"), (KEEPERS,)))
    side(g, KEEPERS, True)
    control(g, KEEPERS, 1)  # the Eyrie holds the Bodyguards: the Marquise takes every hit
    put(g, "marquise", 5, 4)
    put(g, "eyrie", 5, 1)
    hand(g, 1, ["rabbit_ambush"])
    since = run_tasks(g, 0, BT.start(0, "marquise", ("test",), (idx(5),), must=True), then=GAME_OVER)
    play(g, "battle:5", "ambush:rabbit_ambush")
    assert 4 - B.warriors(g.state, "marquise", idx(5)) >= 2  # the ambush's two hits, none ignored
    assert all(p["owner"] == "eyrie" for p in params(g, "ev.hit_ignored", since))  # only its controller's


# ---- Flame Bearers / Rat Smugglers -----------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HB-04")
def test_flame_bearers_set_up_two_bearers_the_same_clearing_allowed():
    g = until(new(("marquise", "alliance"), seed=2, hirelings=[BEARERS]), "bearers_place")
    assert legal(g) == {f"bearers_at:{c + 1}" for c in KIT.placeable(g.state, BEARERS)}
    play(g, "bearers_at:9")
    assert g.decision == "bearers_place" and "bearers_at:9" in legal(g)
    play(g, "bearers_at:9")
    assert B.warriors(g.state, BEARERS, idx(9)) == 2 and g.state.supply[BEARERS] == 4


@pytest.mark.rule("RT-HR-29", "LR-AH-02-03", "LR-AH-03-06", "RT-HR-48", "RTA-HB-04")
def test_flame_bearers_burn_warriors_first_then_buildings_and_spread_next_to_a_bearer():
    g = blank(game(("marquise", "alliance"), (BEARERS, KEEPERS)))
    control(g, BEARERS, 1, markers=3)
    put(g, BEARERS, 2, 3)
    put(g, "marquise", 2, 1, buildings=["sawmill"], tokens=["wood"])
    put(g, KEEPERS, 2, 1)  # an uncontrolled hireling: an enemy too
    put(g, "alliance", 2, 2)  # the controller's own warriors never burn
    start(g, 1, "birdsong.start")
    assert g.decision == "bearers_burn" and legal(g) == {"burn:marquise", f"burn:{KEEPERS}"}  # warriors first
    play(g, "burn:marquise")
    assert B.warriors(g.state, "marquise", idx(2)) == 0
    assert legal(g) == {f"burn:{KEEPERS}"} or B.warriors(g.state, KEEPERS, idx(2)) == 0
    if g.decision == "bearers_burn":
        play(g, f"burn:{KEEPERS}")
    assert g.decision == "bearers_burn_what" and legal(g) == {"remove:sawmill", "remove:wood"}
    play(g, "remove:sawmill")
    assert B.buildings_of(g.state, "marquise", idx(2)) == [] and B.tokens_of(g.state, "marquise", idx(2)) == ["wood"]
    assert B.warriors(g.state, "alliance", idx(2)) == 2 and g.state.score[1] == 0  # no points (LR-AH-03-06)
    assert g.decision == "bearers_place" and legal(g) == at("bearers_at", 2, 5, 6, 10)  # at or next to a Bearer
    play(g, "bearers_at:6")
    assert B.warriors(g.state, BEARERS, idx(6)) == 1


@pytest.mark.rule("RT-HR-29", "RTA-HB-04")
def test_flame_bearers_with_none_on_the_map_place_two_anywhere():
    g = blank(game(("marquise", "alliance"), (BEARERS,)))
    control(g, BEARERS, 1, markers=3)
    start(g, 1, "birdsong.start")
    assert g.decision == "bearers_place" and len(legal(g)) == 12
    play(g, "bearers_at:3", "bearers_at:3")
    assert B.warriors(g.state, BEARERS, idx(3)) == 2


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RT-HR-27", "RTA-HB-05")
def test_rat_smugglers_discard_item_cards_to_move_or_battle_any_number_of_times():
    g = blank(game(("marquise", "alliance"), (BEARERS,)))
    side(g, BEARERS, True)
    control(g, BEARERS, 0)
    put(g, "marquise", 1, 3)
    put(g, "alliance", 5, 1)
    hand(g, 0, ["fox_root_tea", "mouse_sword", "bird_ambush"])
    start(g, 0, "daylight.start")
    assert {f"hireling:{BEARERS}:move", f"hireling:{BEARERS}:battle"} - legal(g) == {f"hireling:{BEARERS}:battle"}
    play(g, f"hireling:{BEARERS}:move")
    assert g.decision == "rat_smugglers" and legal(g) == {"discard:fox_root_tea", "discard:mouse_sword"}
    play(g, "discard:mouse_sword")
    assert g.decision == "move_from" and "skip" not in legal(g)  # paid for: the move is taken
    play(g, "from:1", "to:5", "warriors:3")
    assert B.warriors(g.state, "marquise", idx(5)) == 3 and "mouse_sword" in g.state.discard
    assert f"hireling:{BEARERS}:battle" in legal(g)  # again, with the other item card
    play(g, f"hireling:{BEARERS}:battle")
    assert g.decision == "battle_where" and g.state.hands[0] == ["bird_ambush"]
    play(g, "battle:5")
    answer(g, lambda game: None, until=("marquise_action", "marquise_craft"))
    assert not any(a.startswith(f"hireling:{BEARERS}") for a in legal(g))  # no item card left


# ---- Popular Band / Street Band ------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HB-07")
def test_popular_band_sets_up_two_warriors_in_different_clearings():
    g = until(new(("marquise", "alliance"), seed=2, hirelings=[BAND]), "band_place")
    play(g, "band_at:7")
    assert g.decision == "band_place" and "band_at:7" not in legal(g)
    play(g, "band_at:8")
    assert B.warriors(g.state, BAND, idx(7)) == 1 and B.warriors(g.state, BAND, idx(8)) == 1


@pytest.mark.rule("LR-AH-02-02", "RT-HR-26", "RT-HR-27", "RTA-HB-06")
@pytest.mark.parametrize("demoted", [False, True])
def test_an_enemy_cannot_move_on_out_of_a_band_clearing_it_entered_this_turn(demoted):
    g = blank(game(("marquise", "alliance"), (BAND,)))
    side(g, BAND, demoted)
    put(g, BAND, 5, 1)
    put(g, "marquise", 1, 3)
    put(g, "marquise", 9, 1)
    run_tasks(g, 0, MV.moves(0, "marquise", 3, ("test",)), then=GAME_OVER)
    play(g, "from:1", "to:5", "warriors:2", "from:9", "to:1")
    s = g.state
    assert MV.destinations(s, "marquise", idx(5)) == []  # held in 5, where the Band plays
    assert MV.destinations(s, "marquise", idx(1)) != []  # 1 has no Band warrior
    control(g, BAND, 0)
    assert MV.destinations(s, "marquise", idx(5)) != []  # its controller is no enemy
    control(g, BAND, 1)
    with positions.edit(g) as st:
        st.used = {}
    assert MV.destinations(st, "marquise", idx(5)) != []  # a new turn: it did not enter 5 in this one


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HB-07")
def test_popular_band_pulls_faction_warriors_from_next_door_ignoring_rule_then_may_place():
    g = blank(game(("marquise", "alliance"), (BAND,)))
    control(g, BAND, 0)
    put(g, BAND, 5, 1)
    put(g, "marquise", 1, 2)
    put(g, "alliance", 2, 3)
    put(g, "alliance", 9, 1)  # not next to 5
    start(g, 0, "daylight.start")
    play(g, f"hireling:{BAND}:act")
    assert legal(g) == {"band_pull:1:marquise", "band_pull:2:alliance", "done"}
    play(g, "band_pull:2:alliance")
    assert legal(g) == {"warriors:1", "warriors:2", "warriors:3"}
    play(g, "warriors:2")
    assert B.warriors(g.state, "alliance", idx(5)) == 2 and B.warriors(g.state, "alliance", idx(2)) == 1
    assert legal(g) == {"band_pull:1:marquise", "done"}  # each faction from each clearing once
    play(g, "done")
    assert g.decision == "band_may" and "skip" in legal(g) and len(legal(g)) == 13
    play(g, "band_at:12")
    assert B.warriors(g.state, BAND, idx(12)) == 1 and g.state.supply[BAND] == 3


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RT-HR-28", "LR-AH-02-01", "RTA-HB-07")
def test_street_band_places_a_warrior_anywhere_and_the_popular_band_when_hired_at_the_controllers_pieces():
    g = blank(game(("marquise", "alliance"), (BAND,)))
    side(g, BAND, True)
    control(g, BAND, 0)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{BAND}:place")
    assert len(legal(g)) == 12
    play(g, "band_at:4")
    assert B.warriors(g.state, BAND, idx(4)) == 1 and f"hireling:{BAND}:place" not in legal(g)
    g = blank(game(("marquise", "alliance"), (BAND,)))
    control(g, BAND, 1, markers=0)
    put(g, "marquise", 3, 1)
    put(g, "marquise", 8, 0, buildings=["sawmill"])
    end_turn(g, 1)
    assert g.decision == "band_place" and g.to_play == 0 and legal(g) == at("band_at", 3, 8)


# ---- Prosperous Farmers / Struggling Farmers ------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HB-08")
def test_prosperous_farmers_set_up_a_farm_and_a_farmer_in_two_clearings():
    g = until(new(("marquise", "alliance"), seed=2, hirelings=[FARMERS]), "farmers_place")
    first = sorted(legal(g))[0]
    play(g, first)
    assert first not in legal(g)
    play(g, sorted(legal(g))[0])
    assert len(KIT.holding(g.state, FARMERS, "farm")) == 2 and sum(g.state.warriors[FARMERS]) == 2


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HB-08")
def test_prosperous_farmers_harvest_where_the_fewest_warriors_stand_then_recruit():
    g = blank(game(("marquise", "alliance"), (FARMERS,)))
    control(g, FARMERS, 0)
    put(g, FARMERS, 5, 1, buildings=["farm"])  # the Marquise rules 5 through the Farmers
    for c in (1, 2, 3, 4, 6, 7, 9, 10, 11, 12):
        put(g, "alliance", c, 1)
    start(g, 0, "daylight.start")
    cards = len(g.state.hands[0])
    play(g, f"hireling:{FARMERS}:act")
    assert len(g.state.hands[0]) == cards + 1 and farms_at(g, 8) == 1  # 8: no warrior, a free slot
    assert legal(g) == {"farmers:recruit"}  # no enemy at a farm with Farmers: no battle
    play(g, "farmers:recruit")
    assert B.warriors(g.state, FARMERS, idx(5)) == 2 and B.warriors(g.state, FARMERS, idx(8)) == 1


@pytest.mark.rule("RT-HR-30", "RTA-HB-08")
def test_prosperous_farmers_without_a_ruled_farm_go_straight_to_battle_or_recruit():
    g = blank(game(("marquise", "alliance"), (FARMERS,)))
    control(g, FARMERS, 0)
    put(g, FARMERS, 5, 1, buildings=["farm"])
    put(g, "alliance", 5, 3)
    start(g, 0, "daylight.start")
    cards = len(g.state.hands[0])
    play(g, f"hireling:{FARMERS}:act")
    assert len(g.state.hands[0]) == cards and len(KIT.holding(g.state, FARMERS, "farm")) == 1
    assert legal(g) == {"farmers:battle", "farmers:recruit"}
    play(g, "farmers:battle")
    assert legal(g) == {"battle:5"}  # must, at a farm
    play(g, "battle:5")
    assert params(g, "ev.battle")[-1]["faction"] == FARMERS


@pytest.mark.rule("RT-HR-28", "LR-AH-02-01", "RTA-HB-09")
def test_struggling_farmers_leave_the_clearings_their_former_controller_does_not_rule():
    g = blank(game(("marquise", "alliance"), (FARMERS,)))
    side(g, FARMERS, True)
    control(g, FARMERS, 1, markers=0)
    with positions.edit(g) as s:
        s.mods[FARMERS].holder = 1
    put(g, FARMERS, 5, 1, buildings=["farm"])
    put(g, "alliance", 5, 3)  # still the Alliance's once the Farmers count for the Marquise
    put(g, FARMERS, 2, 1, buildings=["farm"])
    put(g, "marquise", 2, 1)
    since = end_turn(g, 1)
    assert g.state.hired[FARMERS] == 0 and g.state.mods[FARMERS].holder == 0
    assert farms_at(g, 5) == 1 and B.warriors(g.state, FARMERS, idx(5)) == 1
    assert farms_at(g, 2) == 0 and B.warriors(g.state, FARMERS, idx(2)) == 0
    assert params(g, "ev.farmers.struggle", since)[0]["clearings"] == [idx(2)] and g.state.score[0] == 0


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HB-09")
def test_struggling_farmers_plant_in_a_ruled_clearing_and_draw_only_for_both():
    g = blank(game(("marquise", "alliance"), (FARMERS,)))
    side(g, FARMERS, True)
    control(g, FARMERS, 0)
    put(g, "marquise", 1, 1, buildings=["sawmill"])  # 1 has no free slot
    put(g, "marquise", 7, 1)
    start(g, 0, "daylight.start")
    cards = len(g.state.hands[0])
    play(g, f"hireling:{FARMERS}:plant")
    assert legal(g) == at("farm_at", 1, 7)
    play(g, "farm_at:1")
    assert B.warriors(g.state, FARMERS, idx(1)) == 1 and farms_at(g, 1) == 0 and len(g.state.hands[0]) == cards
    start(g, 0, "daylight.start")
    play(g, f"hireling:{FARMERS}:plant", "farm_at:7")
    assert farms_at(g, 7) == 1 and len(g.state.hands[0]) == cards + 1


# ---- the tables and random play --------------------------------------------------------------------------------------

def test_the_pack_shows_on_the_tables_with_its_buildings():
    from boardlab.games.root.render import render_board
    g = blank(game(("marquise", "alliance"), (KEEPERS, FARMERS)))
    put(g, KEEPERS, 5, 0, buildings=["vault"])
    put(g, FARMERS, 2, 1, buildings=["farm"])
    view = g.view(0)
    cards = {c["key"]: c for c in view["hirelings"]["cards"]}
    assert cards[KEEPERS]["vaults_left"] == 5 and cards[FARMERS]["farms_left"] == 3
    text = RULESET.render_text(view, "zh-Hant")
    assert "金庫守衛：金庫" in text and "農場" in text  # a vault alone in a clearing is shown too
    assert "Vault Keepers: vault" in RULESET.render_text(view, "en")
    svg = render_board(view, "en", g.legal_action_ids())
    assert f'data-faction="{KEEPERS}" data-kind="vault"' in svg


RANDOM = [
    (2, {"factions": ["marquise", "eyrie"], "hirelings": [KEEPERS, BEARERS, BAND]}),
    (3, {"factions": ["marquise", "eyrie", "alliance"], "hirelings": [FARMERS, BAND, KEEPERS],
         "hireling_control": "law"}),
    (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": [BEARERS, FARMERS, KEEPERS]}),
    (2, {"setup": "advanced", "factions": ["eyrie", "marquise"], "hirelings": [FARMERS, BEARERS, BAND]}),
    (3, {"setup": "advanced", "factions": ["alliance", "marquise", "vagabond"], "hirelings": [KEEPERS, FARMERS, BEARERS],
         "hireling_control": "law", "below_reach": True}),
    (4, {"setup": "advanced", "factions": ["vagabond", "alliance", "eyrie", "marquise"], "hirelings": [BAND, KEEPERS,
                                                                                                       FARMERS]}),
]


@pytest.mark.parametrize("players,options", RANDOM)
def test_random_games_with_the_pack_end_and_cite_rules_with_texts(players, options):
    from boardlab.core.i18n import LANGS
    for seed in (1, 2):
        g = boardlab.new_game("root", players, seed=seed, options=options)
        stream = Stream(seed)
        while not g.is_over:
            ids = g.legal_action_ids()
            g.apply(ids[stream.below(len(ids))])
        assert set(g.state.mods["hirelings"].dealt) == set(options["hirelings"])
        for event in g.state.events:
            assert event.rules, event.key
            for lang in LANGS:
                assert event.as_dict(RULESET, lang)["text"]
        for rid in rules_logged(g):
            assert RULESET.rule_text(rid, "zh-Hant"), rid
        assert [k for _, k, _ in events(g) if k.startswith(("ev.keepers", "ev.bearers", "ev.band", "ev.farmers"))]
