"""The Riverfolk Company (Law of Root chapter 11), with boardlab's rulings RTA-RF-* (docs/root-rulings.md, "Riverfolk
Company").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11). Rivers link 4-7, 5-10,
7-11 and 10-11 (no path along any of them); the clearings a river touches are 4, 5, 7, 10 and 11. Paths used here:
10-12, 11-12, 7-12, 4-12, 7-8, 4-8, 4-9.
"""
from __future__ import annotations

import pytest
from root_helpers import dice, draft_offering, drafts_end, empty_table, games_end, hand, idx, new, play, put, render_and_click, rules_logged, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import advanced as ADV
from boardlab.games.root import board as B
from boardlab.games.root import move as MV
from boardlab.games.root.content import FACTIONS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import riverfolk as RF
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
NAME = "riverfolk"
POST = "trade_post"


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=("marquise", NAME)):
    """An empty Autumn map after setup (the keep gone), every hand and the discard pile empty, the Company's boxes
    empty and its prices 2; returns the game."""
    g = empty_table(factions, seed)
    with positions.edit(g) as s:
        s.mods[NAME] = RF.RiverfolkState()
        s.mods[NAME].prices = {k: 2 for k in RF.SERVICES}
    return g


def rf(g) -> RF.RiverfolkState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def boxes(g, **owners):
    """Set the Company's boxes: `funds={...}`, `payments={...}`, `committed={...}` (warriors from their supplies)."""
    with positions.edit(g) as s:
        for box, warriors_ in owners.items():
            setattr(s.mods[NAME], box, dict(warriors_))
            for owner, n in warriors_.items():
                s.supply[owner] -= n
    return g


def post(g, number: int):
    """A trade post of the clearing's suit on the map (taken from its track)."""
    return put(g, NAME, number, tokens=[POST])


def logged(g, key: str) -> list[dict]:
    return [e.params for e in g.state.events if e.key == key]


def daylight(g):
    return start(g, me(g), "daylight.start")


def cat_daylight(g):
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    return g


def hire(g):
    """The Marquise buys mercenaries at the start of her Birdsong and goes on to her Daylight (the services of a
    turn live in `state.used`, which `start` would clear)."""
    start(g, cat(g), "birdsong.start")
    play(g, "buy:mercenaries")
    if g.decision == "riverfolk_buy":
        play(g, "done")
    if g.decision == "marquise_craft":
        play(g, "done")
    assert g.state.phase == "daylight" and g.to_play == cat(g)
    return g


def buy(g, seat: int, *ids: str):
    """The seat's Birdsong starts: buy these services, then nothing more."""
    start(g, seat, "birdsong.start")
    assert g.decision == "riverfolk_buy" and g.to_play == seat
    play(g, *ids)
    if g.decision == "riverfolk_buy":
        play(g, "done")
    return g


# ---- setup (LR-11-03) ---------------------------------------------------------------------------------------------------

@rule("LR-11-03-01", "LR-11-03-02", "LR-11-03-03", "LR-11-03-04", "LR-11-03-05", "RTA-RF-02", "LR-05-01-07")
def test_setup_fifteen_warriors_four_along_the_river_nine_posts_three_payments_and_prices():
    g = new(("riverfolk", "marquise"), seed=3)
    assert g.decision == "marquise_setup"  # the Marquise (A) sets up before the Company
    play(g, "keep:1")
    while g.decision == "marquise_setup":
        g.apply(g.legal_action_ids()[0])
    assert g.decision == "riverfolk_start" and g.to_play == me(g)
    assert g.legal_action_ids() == [f"warrior_at:{n}" for n in (4, 5, 7, 10, 11)]  # the clearings a river touches
    play(g, "warrior_at:4", "warrior_at:4", "warrior_at:7", "warrior_at:11")
    assert [warriors(g, NAME, n) for n in (4, 7, 11)] == [2, 1, 1]
    assert g.state.supply[NAME] == FACTIONS[NAME].warriors - 4 - 3 == 8
    assert rf(g).payments == {NAME: 3} and rf(g).funds == {} and rf(g).committed == {}
    assert all(RF.posts_left(g.state, s) == 3 for s in RF.SUITS) and not RF.posts_on_map(g.state)
    assert g.decision == "riverfolk_start_price"
    assert g.legal_action_ids() == [f"price:hand_card:{p}" for p in (1, 2, 3, 4)]
    play(g, "price:hand_card:3", "price:riverboats:1", "price:mercenaries:4")
    assert rf(g).prices == {"hand_card": 3, "riverboats": 1, "mercenaries": 4}
    assert g.state.phase != "setup" or g.decision != "riverfolk_start_price"
    assert {"LR-11-03-01", "LR-11-03-02", "LR-11-03-03", "LR-11-03-04", "LR-11-03-05"} <= rules_logged(g)


def draft(seed: int = 1, players: int = 3, **options):
    return boardlab.new_game("root", players, seed=seed, options={
        "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "riverfolk"], **options})


@rule("LR-AA-08-01", "RTA-RF-03", "LR-11-03-02")
def test_the_setup_card_is_its_own_setup_without_a_homeland():
    g = draft()
    draft_offering(g, ("eyrie", "riverfolk", "alliance", "marquise"))
    play(g, "draft:eyrie", "roost_at:1")
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    play(g, "draft:riverfolk")
    assert g.decision == "riverfolk_start"
    assert {a.split(":")[1] for a in g.legal_action_ids()} == {"4", "5", "7", "10", "11"}
    for _ in range(4):
        play(g, g.legal_action_ids()[0])
    for _ in range(3):
        play(g, g.legal_action_ids()[-1])
    assert sum(g.state.warriors[NAME]) == 4 and rf(g).payments == {NAME: 3}
    assert rf(g).prices == {k: 4 for k in RF.SERVICES} and NAME not in g.state.homes


@rule("LR-05-02", "LR-05-02-01", "LR-05-02-02", "LR-AA-08-01")
def test_reach_five_counts_in_the_reach_check_and_the_setup_card_is_drafted():
    assert REACH[NAME] == 5 and SETUP_CARDS[NAME].reach == 5 and not SETUP_CARDS[NAME].militant
    assert NAME in ADV.IMPLEMENTED and SETUP_CARDS[NAME].faction == NAME and NAME in ADV.default_pool(4)
    with pytest.raises(ConfigError, match="15"):  # Marquise 10 + Company 5 < 17 for two players
        boardlab.new_game("root", 2, seed=1, options={"factions": ["marquise", "riverfolk"]})
    ok = boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "riverfolk"]})  # 22 >= 18
    assert ok.state.faction == ("marquise", "eyrie", "riverfolk")


# ---- Birdsong (LR-11-04) ------------------------------------------------------------------------------------------------

@rule("LR-11-01", "LR-11-04", "LR-11-04-01", "LR-11-04-02", "LR-11-04-03", "LR-11-02-04")
def test_birdsong_protectionism_then_dividends_on_the_funds_box_then_everything_gathered():
    g = table()
    post(g, 7)
    boxes(g, funds={NAME: 2, "marquise": 3}, committed={"marquise": 1}, payments={})
    with positions.edit(g) as s:
        s.mods[NAME].tracks["mouse"] = ("marquise",)
        s.supply["marquise"] -= 1
    since = len(g.state.events)
    start(g, me(g), "birdsong.start")
    assert g.decision == "riverfolk_daylight"
    keys = [e.key for e in g.state.events[since:] if e.key.startswith("ev.riverfolk")]
    assert keys[:3] == ["ev.riverfolk.protectionism", "ev.riverfolk.dividends", "ev.riverfolk.gathered"]
    assert logged(g, "ev.riverfolk.dividends")[-1] == {"n": 5, "points": 2}  # payments and committed not counted
    assert g.state.score[me(g)] == 2
    assert rf(g).funds == {NAME: 4, "marquise": 5} and rf(g).payments == {} and rf(g).committed == {}
    assert rf(g).tracks["mouse"] == ()
    # no trade post on the map: no dividends; a Payments box with a warrior: no Protectionism
    g = table()
    boxes(g, funds={NAME: 6}, payments={"marquise": 1})
    start(g, me(g), "birdsong.start")
    assert g.state.score[me(g)] == 0 and not logged(g, "ev.riverfolk.protectionism")
    assert rf(g).funds == {NAME: 6, "marquise": 1}


# ---- Daylight (LR-11-05) ------------------------------------------------------------------------------------------------

@rule("LR-11-05", "LR-11-05-01", "LR-11-02-04", "RTA-RF-12")
def test_a_move_commits_one_fund_of_the_companys_choice():
    g = table()
    put(g, NAME, 12, 2)
    boxes(g, funds={NAME: 1, "marquise": 1})
    daylight(g)
    assert "rf:move" in g.legal_action_ids() and "rf:battle" not in g.legal_action_ids()  # no enemy to battle
    play(g, "rf:move")
    assert g.decision == "riverfolk_fund" and g.legal_action_ids() == ["fund:marquise", "fund:riverfolk"]
    play(g, "fund:marquise")
    assert rf(g).funds == {NAME: 1} and rf(g).committed == {"marquise": 1}
    assert g.decision == "move_from" and "skip" not in g.legal_action_ids()  # paid for: it must be taken
    play(g, "from:12", "to:10", "warriors:2")
    assert warriors(g, NAME, 10) == 2
    play(g, "rf:move", "from:10", "to:12", "warriors:1")  # the last fund: no choice left
    assert rf(g).funds == {} and rf(g).committed == {"marquise": 1, NAME: 1}
    assert "rf:move" not in g.legal_action_ids()


@rule("LR-11-02-02")
def test_swimmers_move_along_a_river_ignoring_rule_and_still_along_paths():
    g = table()
    put(g, NAME, 4, 1)
    put(g, "marquise", 4, 2)
    put(g, "marquise", 7, 2)
    assert MV.destinations(g.state, NAME, idx(4)) == [idx(7)]  # the river 4-7; paths need rule
    put(g, NAME, 10, 1)
    assert MV.destinations(g.state, NAME, idx(10)) == sorted(idx(n) for n in (1, 2, 5, 11, 12))
    assert MV.destinations(g.state, "marquise", idx(7)) == sorted(idx(n) for n in (3, 8, 12))  # no river for her


@rule("LR-11-05-02", "LR-11-05-04")
def test_battle_and_draw_commit_one_fund_each(monkeypatch):
    g = table()
    put(g, NAME, 12, 2)
    put(g, "marquise", 12, 1)
    boxes(g, funds={NAME: 2})
    dice(monkeypatch, 2, 0)
    daylight(g)
    play(g, "rf:battle")
    assert g.decision == "battle_where" and "skip" not in g.legal_action_ids()
    play(g, "battle:12")
    assert warriors(g, "marquise", 12) == 0 and rf(g).committed == {NAME: 1}
    before = len(g.state.hands[me(g)])
    play(g, "rf:draw")
    assert len(g.state.hands[me(g)]) == before + 1 and rf(g).committed == {NAME: 2} and rf(g).funds == {}


@rule("LR-11-05-05")
def test_recruit_spends_a_fund_back_to_its_owner_and_places_a_warrior_by_a_river():
    g = table()
    boxes(g, funds={"marquise": 1})
    supply = g.state.supply["marquise"]
    daylight(g)
    play(g, "rf:recruit")
    assert g.state.supply["marquise"] == supply + 1 and rf(g).funds == {} and rf(g).committed == {}
    assert g.decision == "riverfolk_recruit"
    assert g.legal_action_ids() == [f"recruit_at:{n}" for n in (4, 5, 7, 10, 11)]
    play(g, "recruit_at:5")
    assert warriors(g, NAME, 5) == 1


@rule("LR-11-05-05", "RTA-RF-12")
def test_recruit_with_an_empty_supply_spends_one_of_the_companys_own_funds_and_places_that_warrior():
    g = table()
    boxes(g, funds={NAME: 1, "marquise": 1})
    with positions.edit(g) as s:
        s.supply[NAME] = 0
    daylight(g)
    play(g, "rf:recruit")   # no choice of whose fund: only its own warrior can come back to be placed
    assert rf(g).funds == {"marquise": 1} and g.state.supply[NAME] == 1
    play(g, "recruit_at:5")
    assert warriors(g, NAME, 5) == 1 and g.state.supply[NAME] == 0
    g = table()
    boxes(g, funds={"marquise": 2})
    with positions.edit(g) as s:
        s.supply[NAME] = 0
    daylight(g)
    assert "rf:recruit" not in g.legal_action_ids()   # nothing of its own to place


@rule("LR-11-05-06", "LR-11-05-06-01", "LR-11-05-06-02", "LR-11-05-06-03", "LR-11-02-05", "RTA-RF-01", "RTA-RF-04",
      "RTA-RF-14")
def test_establish_spends_two_funds_of_the_ruler_and_scores_the_uncovered_space():
    g = table()
    put(g, "marquise", 7, 2)          # she rules 7 (mouse)
    put(g, NAME, 9, 1)                # the Company rules 9 (mouse) but has one fund of its own only
    post(g, 11)                       # 11 already has a trade post
    boxes(g, funds={"marquise": 2, NAME: 1})
    supply = g.state.supply["marquise"]
    daylight(g)
    est = [a for a in g.legal_action_ids() if a.startswith("establish")]
    assert est == ["establish:7"]
    play(g, "establish:7")
    assert (NAME, POST) in g.state.tokens[idx(7)] and warriors(g, NAME, 7) == 1
    assert g.state.supply["marquise"] == supply + 2 and rf(g).funds == {NAME: 1}
    assert RF.posts_left(g.state, "mouse") == 1 and g.state.score[me(g)] == 2  # the 2nd mouse space: 2 points
    assert RF.BOARD["post_points"] == [1, 2, 3]
    assert logged(g, "ev.riverfolk.trade_post")[-1]["points"] == 2


@rule("LR-11-02-01", "LR-11-05-03", "RTA-RF-06")
def test_crafting_commits_funds_onto_free_spaces_of_the_tracks():
    g = table()
    hand(g, 1, ["fox_root_tea", "fox_anvil"])
    boxes(g, funds={"marquise": 1, NAME: 1})
    daylight(g)
    assert not [a for a in g.legal_action_ids() if a.startswith("craft")]  # no space uncovered yet
    with positions.edit(g) as s:
        s.mods[NAME].lost["mouse"] = 1  # a mouse post placed and removed: its space stays uncovered
    daylight(g)
    assert [a for a in g.legal_action_ids() if a.startswith("craft")] == ["craft:fox_root_tea"]
    play(g, "craft:fox_root_tea", "fund:marquise")
    assert rf(g).tracks["mouse"] == ("marquise",) and rf(g).committed == {}
    assert g.decision == "riverfolk_export"
    play(g, "benefit")
    assert g.state.crafted[me(g)] == ("tea",) and g.state.score[me(g)] == 2
    assert not [a for a in g.legal_action_ids() if a.startswith("craft")]  # the one space is used this turn


@rule("LR-11-05-03-01", "RTA-RF-07")
def test_export_discards_the_crafted_card_for_a_warrior_in_payments():
    g = table()
    hand(g, 1, ["fox_root_tea"])
    post(g, 7)
    boxes(g, funds={NAME: 1})
    items = dict(g.state.items)
    daylight(g)
    play(g, "craft:fox_root_tea", "export")
    assert rf(g).payments == {NAME: 1} and "fox_root_tea" in g.state.discard
    assert g.state.items == items and g.state.crafted[me(g)] == () and g.state.score[me(g)] == 0


# ---- Evening (LR-11-06) -------------------------------------------------------------------------------------------------

@rule("LR-11-06", "LR-11-06-01", "LR-11-06-02", "RTA-RF-08")
def test_evening_discards_to_five_then_moves_each_service_marker_once():
    g = table()
    cards = ["fox_root_tea", "fox_anvil", "fox_travel_gear", "rabbit_root_tea", "rabbit_bake_sale", "bird_crossbow",
             "fox_ambush"]
    hand(g, 1, cards)
    start(g, me(g), "evening.start")
    assert g.decision == "discard"
    play(g, "discard:fox_ambush", "discard:fox_anvil")
    assert g.decision == "riverfolk_price" and len(g.state.hands[me(g)]) == 5
    assert "price:hand_card:2" not in g.legal_action_ids() and "price:hand_card:4" in g.legal_action_ids()
    play(g, "price:hand_card:4")
    assert not [a for a in g.legal_action_ids() if a.startswith("price:hand_card")]
    play(g, "price:mercenaries:1", "done")
    assert rf(g).prices == {"hand_card": 4, "riverboats": 2, "mercenaries": 1}


# ---- services (LR-11-02-06, LR-11-02-07) --------------------------------------------------------------------------------

@rule("LR-11-02-06", "LR-11-02-06-01", "LR-11-02-06-02", "LR-11-02-07", "LR-11-02-07-01", "RTA-RF-13")
def test_another_player_buys_services_at_the_start_of_its_birdsong():
    g = table()
    hand(g, 1, ["fox_root_tea", "rabbit_bake_sale"])
    post(g, 7)
    post(g, 12)
    put(g, "marquise", 7, 1)   # her pieces share one trade post's clearing: two services this turn
    supply = g.state.supply["marquise"]
    start(g, cat(g), "birdsong.start")
    assert g.decision == "riverfolk_buy" and g.to_play == cat(g)
    assert set(g.legal_action_ids()) == {"buy:hand_card:fox_root_tea", "buy:hand_card:rabbit_bake_sale",
                                         "buy:riverboats", "buy:mercenaries", "done"}
    play(g, "buy:hand_card:fox_root_tea")
    assert g.state.hands[cat(g)] == ["fox_root_tea"] and g.state.hands[me(g)] == ["rabbit_bake_sale"]
    assert g.state.supply["marquise"] == supply - 2 and rf(g).payments == {"marquise": 2}
    play(g, "buy:hand_card:rabbit_bake_sale")  # a card may be bought again
    assert g.decision != "riverfolk_buy"  # two services: no more this turn
    assert rf(g).payments == {"marquise": 4} and g.state.hands[me(g)] == []
    # the Company's own Birdsong: nothing to buy
    start(g, me(g), "birdsong.start")
    assert g.decision != "riverfolk_buy"
    # a player without enough warriors in supply cannot pay
    with positions.edit(g) as s:
        s.supply["marquise"] = 1
    start(g, cat(g), "birdsong.start")
    assert g.decision != "riverfolk_buy"


@rule("LR-11-02-07-02")
def test_riverboats_make_rivers_paths_for_the_buyer_until_its_turn_ends():
    g = table()
    put(g, "marquise", 10, 2)
    assert idx(11) not in MV.destinations(g.state, "marquise", idx(10))
    buy(g, cat(g), "buy:riverboats")
    assert idx(11) in MV.destinations(g.state, "marquise", idx(10)) and idx(5) in MV.destinations(
        g.state, "marquise", idx(10))
    start(g, me(g), "birdsong.start")  # the next turn
    assert idx(11) not in MV.destinations(g.state, "marquise", idx(10))


@rule("LR-11-02-07-03", "RTA-RF-05")
def test_mercenaries_count_for_the_buyers_rule_in_daylight_and_evening_only():
    g = table()
    put(g, NAME, 12, 2)
    put(g, "marquise", 12, 1)
    post(g, 12)  # a second service allowed: the buying goes on in Birdsong
    start(g, cat(g), "birdsong.start")
    play(g, "buy:mercenaries")
    assert g.state.phase == "birdsong" and B.ruler(g.state, idx(12)) == NAME  # still Birdsong
    hire_rest = [a for a in ("done",) if g.decision == "riverfolk_buy"]
    play(g, *hire_rest)
    if g.decision == "marquise_craft":
        play(g, "done")
    assert g.state.phase == "daylight" and B.ruler(g.state, idx(12)) == "marquise"
    put(g, NAME, 5, 1)   # mercenaries alone rule for her too; she cannot move them
    assert B.ruler(g.state, idx(5)) == "marquise"
    assert idx(5) not in [o for o in MV.origins(g.state, "marquise")]
    start(g, me(g), "birdsong.start")
    assert B.ruler(g.state, idx(12)) == NAME


@rule("LR-11-02-07-03", "LR-11-02-07-03-01", "RTA-RF-09", "RTA-RF-05")
def test_mercenaries_battle_for_the_buyer_and_share_its_hits(monkeypatch):
    g = table(factions=("marquise", "eyrie", NAME))
    eyrie = g.state.seat_of("eyrie")
    put(g, "marquise", 12, 1, buildings=["sawmill"])
    put(g, NAME, 12, 2)
    put(g, "eyrie", 12, 3)
    put(g, NAME, 8, 1)
    put(g, "eyrie", 8, 1)
    hire(g)
    from boardlab.games.root import battle as BT
    assert BT.targets(g.state, "marquise", idx(8)) == ["eyrie"]  # mercenaries alone: never against the Riverfolk
    assert set(BT.battle_sites(g.state, "marquise")) == {idx(8), idx(12)}
    dice(monkeypatch, 3, 3)
    play(g, "battle", "battle:12", "defender:eyrie")
    while g.decision in ("ambush", "battle_effects"):
        play(g, "pass" if g.decision == "ambush" else "done")
    # she deals 3 (1 warrior + 2 mercenaries); the Eyrie deals 3: her warrior, a mercenary, then the other
    # mercenary (no warrior of hers left, so not her sawmill)
    assert warriors(g, "eyrie", 12) == 0
    assert warriors(g, "marquise", 12) == 0 and warriors(g, NAME, 12) == 0
    assert ("marquise", "sawmill") in g.state.buildings[idx(12)]
    assert eyrie is not None


@rule("LR-11-02-07-03-02", "LR-11-02-06-03")
def test_the_vagabond_pays_with_items_buys_no_mercenaries_and_stays_indifferent_to_hired_warriors(monkeypatch):
    from boardlab.games.root.modules import vagabond_core as VC
    g = table(factions=("marquise", "vagabond", NAME))
    vb = g.state.seat_of("vagabond")
    with positions.edit(g) as s:
        s.mods["vagabond"].items = (("boot", False, False, False), ("sword", False, False, False),
                                    ("torch", False, False, False))
        s.pawns["vagabond"] = idx(12)
    supply = g.state.supply[NAME]
    start(g, vb, "birdsong.start")
    while g.decision != "riverfolk_buy":
        g.apply(g.legal_action_ids()[0])
    assert "buy:mercenaries" not in g.legal_action_ids() and "buy:riverboats" in g.legal_action_ids()
    play(g, "buy:riverboats")
    assert g.decision == "riverfolk_items"
    play(g, "exhaust:boot", "exhaust:torch")
    assert rf(g).payments == {NAME: 2} and g.state.supply[NAME] == supply - 2
    assert [e["item"] for e in logged(g, "ev.riverfolk.item_paid")] == ["boot", "torch"]
    # the Marquise battles him with mercenaries: the Riverfolk warriors he removes make him no enemy of theirs
    put(g, "marquise", 12, 1)
    put(g, NAME, 12, 2)
    hire(g)
    with positions.edit(g) as s:
        s.mods["vagabond"].items = (("sword", False, False, False), ("sword", False, False, False))
    dice(monkeypatch, 2, 2)
    play(g, "battle", "battle:12", "defender:vagabond")
    while g.decision in ("ambush", "battle_effects", "vagabond_hits"):
        g.apply(g.legal_action_ids()[0] if g.decision == "vagabond_hits" else "done")
    assert warriors(g, "marquise", 12) == 0 and warriors(g, NAME, 12) == 1
    assert VC.hostile(g.state, "vagabond", "marquise") and not VC.hostile(g.state, "vagabond", NAME)


# ---- Trade Disruption (LR-11-02-05-01), the public hand (LR-11-02-03) ----------------------------------------------------

@rule("LR-11-02-05-01", "RTA-RF-10", "RTA-RF-06")
def test_a_removed_trade_post_leaves_the_game_and_costs_half_the_funds_rounded_up(monkeypatch):
    g = table()
    post(g, 7)
    put(g, "marquise", 7, 2)
    boxes(g, funds={"marquise": 2, NAME: 3})
    supply = g.state.supply["marquise"]
    cat_daylight(g)
    dice(monkeypatch, 3, 0)
    play(g, "battle", "battle:7")
    while g.decision in ("ambush", "battle_effects"):
        play(g, "pass" if g.decision == "ambush" else "done")
    assert g.decision == "riverfolk_fund" and g.to_play == me(g)  # the Company chooses, in her turn
    play(g, "fund:marquise", "fund:marquise")
    assert rf(g).funds == {NAME: 2} and g.state.supply["marquise"] == supply + 2
    assert g.state.score[cat(g)] == 1 and (NAME, POST) not in g.state.tokens[idx(7)]
    assert rf(g).lost["mouse"] == 1 and RF.posts_left(g.state, "mouse") == 2 and RF.uncovered(g.state, "mouse") == 1
    assert logged(g, "ev.riverfolk.disruption")[-1]["n"] == 3


@rule("LR-11-02-03", "RTA-RF-11")
def test_the_hand_is_public_in_every_view_and_bots_do_not_redraw_it():
    g = table()
    hand(g, me(g), ["fox_root_tea", "bird_crossbow"])
    hand(g, cat(g), ["fox_anvil", "rabbit_ambush"])
    for seat in (cat(g), None):
        view = g.view(seat)
        assert view[NAME]["hand"] == ["fox_root_tea", "bird_crossbow"]
        assert view["hands"][str(me(g))]["hidden"] is True
        assert hidden_paths(view, RULESET.zones_of(g.state), seat, g.state.known_to(seat)) == []
    assert g.view(me(g))["hands"][str(cat(g))] == {"hidden": True, "count": 2}
    moved = False
    for k in range(10):
        probe = g.clone()
        RULESET.resample_hidden(probe.state, cat(g), Stream(k))
        assert probe.state.hands[me(g)] == ["fox_root_tea", "bird_crossbow"]
        probe = g.clone()
        RULESET.resample_hidden(probe.state, me(g), Stream(k))
        moved |= probe.state.hands[cat(g)] != ["fox_anvil", "rabbit_ambush"]
    assert moved  # her hand is hidden from the Company


# ---- bots, random games, tables --------------------------------------------------------------------------------------------

def test_bots_value_funds_and_trade_posts():
    g = table()
    before = base_potential(g.state)[me(g)] + RF.potential(g.state, me(g))
    post(g, 7)
    boxes(g, funds={"marquise": 2})
    after = base_potential(g.state)[me(g)] + RF.potential(g.state, me(g))
    assert after > before and RF.potential(g.state, cat(g)) == 0


@pytest.mark.parametrize("players, factions, options", [
    (2, ["riverfolk", "marquise"], {}), (3, ["marquise", "eyrie", "riverfolk"], {"map": "winter"}),
    (4, ["riverfolk", "marquise", "alliance", "vagabond"], {"map": "lake", "hirelings": "random"}),
    (5, ["marquise", "eyrie", "lizard", "vagabond", "riverfolk"], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_company_end(players, factions, options):
    games_end(players, factions, options)


def test_random_drafts_with_the_company_end():
    drafts_end(["marquise", "eyrie", "alliance", "vagabond", "lizard", "riverfolk"])


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = table()
    hand(g, me(g), ["fox_root_tea"])
    post(g, 7)
    boxes(g, funds={"marquise": 2, NAME: 1}, payments={NAME: 1})
    rules = ruleset("root")
    text = rules.render_text(g.view(cat(g)), "en")
    assert "Funds 3" in text and "Payments 1" in text and "Public hand (1)" in text and "Root Tea" in text
    assert "mouse trade posts: 2 on the track" in text.lower() or "Mouse trade posts: 2 on the track" in text
    assert "河流公司" in rules.render_text(g.view(cat(g)), "zh-Hant") and "资金区" in rules.render_text(g.view(0), "zh-Hans")
    start(g, cat(g), "birdsong.start")
    svg = render_board(g.view(cat(g)), "en", g.legal_action_ids())
    assert 'data-board="riverfolk"' in svg and 'data-zone="riverfolk-hand"' in svg
    assert 'data-action="buy:hand_card:fox_root_tea"' in svg


def test_random_games_with_the_company_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["riverfolk", "marquise"], "autumn"), (2, ["eyrie", "riverfolk", "alliance"], "lake")))


@rule("LR-11-02-07-03")
def test_a_favor_card_spares_the_mercenaries_its_crafter_hired_but_not_their_trade_posts():
    """The Glossary: pieces treated as one's own for rule are no enemy pieces, yet a trade post stays an enemy's."""
    g = table(factions=("marquise", "eyrie", NAME))
    for number in (1, 6, 8):
        put(g, "marquise", number, buildings=["workshop"])
    put(g, NAME, 12, 2)
    post(g, 12)
    put(g, "eyrie", 12, 1)
    hand(g, cat(g), ["fox_favor_of_the_foxes"])
    start(g, cat(g), "birdsong.start")
    play(g, "buy:mercenaries")
    if g.decision == "riverfolk_buy":
        play(g, "done")
    assert g.decision == "marquise_craft"
    play(g, "craft:fox_favor_of_the_foxes")
    assert warriors(g, NAME, 12) == 2 and warriors(g, "eyrie", 12) == 0
    assert (NAME, POST) not in g.state.tokens[idx(12)]


@rule("LR-11-02-03")
def test_a_card_taken_from_the_public_hand_by_stand_and_deliver_stays_known_to_everyone():
    """Every player saw the Company's hand: which card Stand and Deliver! took is no secret from anyone."""
    g = table(factions=("marquise", "eyrie", NAME))
    eyrie = g.state.seat_of("eyrie")
    hand(g, me(g), ["rabbit_bake_sale"])
    put(g, "marquise", 1, warriors=1)
    with positions.edit(g) as s:
        s.play_area[cat(g)] = ("fox_stand_and_deliver",)
    start(g, cat(g), "birdsong.start")
    play(g, "done")  # no service bought
    play(g, f"use:stand_and_deliver:{me(g)}")
    assert g.state.hands[cat(g)] == ["rabbit_bake_sale"]
    theirs = g.view(eyrie)
    known = theirs["hands"][str(cat(g))]
    assert known.get("known") == ["rabbit_bake_sale"]  # the Eyrie, a bystander, knows it too
    assert any(e["key"] == "ev.steal_card" and e["params"]["card"] == "rabbit_bake_sale" for e in theirs["log"])
