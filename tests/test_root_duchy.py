"""The Underground Duchy (Law of Root chapter 12), with boardlab's rulings RTA-UD-* (docs/root-rulings.md, "Underground
Duchy").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; corners 1-4, 1 opposite
3 and 2 opposite 4; ruins in 6, 10, 11, 12; one building slot in 1, 3 and 4; 3 is next to 6, 7 and 11, 8 to 4 and 7,
9 to 1, 4 and 12, 7 to 3, 8 and 12) with the Marquise (and the Eyrie or the Alliance where a test needs a third
faction). The Burrow is the place numbered 13 in ids (`from:13`), index 12 of the Duchy's warriors list.
"""
from __future__ import annotations

import pytest
from root_helpers import clear, dice, draft_offering, drafts_end, events, games_end, hand, idx, new, play, put, render_and_click, rules_logged, set_up, start, warriors

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
from boardlab.games.root.content import CARDS, FACTIONS, HIRELINGS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import duchy as DU
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
NAME = "duchy"
BURROW = 13  # its number in ids; its index is 12


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=("marquise", "duchy")):
    """An empty Autumn map after setup (the keep gone), every hand and pile empty, nothing swayed, nothing revealed;
    returns the game."""
    g = set_up(new(factions, seed=seed))
    clear(g)
    with positions.edit(g) as s:
        if "marquise" in s.faction:
            s.mods["marquise"].keep = None
        d = s.mods[NAME]
        s.deck.extend(d.revealed + s.discard + s.dominance_pool)
        d.revealed, s.discard, s.dominance_pool = [], [], []
        d.swayed, d.lost, d.acted, d.worked = [], {}, 0, ()
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def du(g) -> DU.DuchyState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def burrow(g, n: int):
    with positions.edit(g) as s:
        s.warriors[NAME][idx(BURROW)] += n
        s.supply[NAME] -= n
    return g


def in_burrow(g) -> int:
    return g.state.warriors[NAME][idx(BURROW)]


def tunnel(g, *numbers: int):
    for n in numbers:
        put(g, NAME, n, tokens=("tunnel",))
    return g


def sway(g, *ministers: str):
    with positions.edit(g) as s:
        s.mods[NAME].swayed = list(ministers)
    return g


def keys(g, since: int = 0) -> list[str]:
    return [k for _, k, _ in events(g, since)]


def logged(g, key: str, since: int = 0) -> list[dict]:
    return [p for _, k, p in events(g, since) if k == key]


def birdsong(g):
    return start(g, me(g), "birdsong.start")


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def parliament(g):
    """Daylight, the Assembly skipped."""
    daylight(g)
    assert g.decision == "duchy_assembly"
    return play(g, "done")


def cat_battle(g, clearing: int):
    """The Marquise battles the Duchy in `clearing` (her Daylight)."""
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "battle", f"battle:{clearing}")
    if g.decision == "battle_whom":
        play(g, f"defender:{NAME}")
    return g


def buildings(g, number: int) -> list[str]:
    return B.buildings_of(g.state, NAME, idx(number))


# ---- setup (LR-12-03) --------------------------------------------------------------------------------------------------

@rule("LR-12-03-01", "LR-12-03-02", "LR-12-03-03", "LR-12-03-04", "LR-12-03-05", "LR-12-03-06", "RTA-UD-02")
def test_setup_twenty_warriors_three_tunnels_a_corner_opposite_the_keep_and_the_boards_filled():
    g = new(("duchy", "marquise"), seed=3)
    assert g.decision == "marquise_setup"  # the Marquise (A) sets up before the Duchy
    play(g, "keep:1")
    while g.state.phase == "setup":
        assert g.decision.startswith("marquise")  # the Duchy's only corner opposite the keep: 3, no question
        g.apply(g.legal_action_ids()[0])
    assert g.state.homes[NAME] == (idx(3),) and B.tokens_of(g.state, NAME, idx(3)) == ["tunnel"]
    assert [warriors(g, NAME, n) for n in (3, 6, 7, 11)] == [2, 2, 2, 2]  # 2 there, 2 in each clearing next to it
    first = DU.in_burrow(g.state)  # the Duchy's first Birdsong if it plays first
    assert sum(g.state.warriors[NAME][:12]) == 8 and g.state.supply[NAME] + first == FACTIONS[NAME].warriors - 8 == 12
    assert len(g.state.warriors[NAME]) == 13 and first in (0, 1)  # the Burrow beside the map
    view = g.view(0)[NAME]
    assert view["tunnels_left"] == 2 and view["citadels_left"] == view["markets_left"] == 3
    assert view["unswayed"] == list(DU.MINISTERS) and len(DU.MINISTERS) == 9 and view["swayed"] == []
    assert view["crowns"] == {"squire": 3, "noble": 3, "lord": 3}
    assert {"LR-12-03-01", "LR-12-03-02", "LR-12-03-03"} <= rules_logged(g)


@rule("LR-12-03-03", "RTA-UD-02")
def test_setup_a_corner_no_one_started_in_when_the_opposite_one_is_taken():
    g = new(("marquise", "eyrie", "duchy"), seed=3)
    play(g, "keep:1")
    while g.decision.startswith("marquise"):
        g.apply(g.legal_action_ids()[0])
    while g.decision.startswith("eyrie"):  # the Eyrie takes the corner opposite the keep
        legal = g.legal_action_ids()
        g.apply("roost_at:3" if "roost_at:3" in legal else legal[0])
    assert g.state.homes["eyrie"] == (idx(3),)
    assert g.decision == "duchy_corner" and g.to_play == me(g)
    assert g.legal_action_ids() == ["tunnel_at:2", "tunnel_at:4"]  # not 1 or 3, started in already
    play(g, "tunnel_at:4")
    assert [warriors(g, NAME, n) for n in (4, 8, 9, 12)] == [2, 2, 2, 2]


def draft(seed: int = 1, players: int = 3, **options):
    return boardlab.new_game("root", players, seed=seed, options={
        "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "duchy"], **options})


@rule("LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-UD-02")
def test_the_setup_card_a_homeland_not_next_to_an_enemy_two_warriors_and_a_tunnel_then_five_around():
    g = draft()
    draft_offering(g, ("eyrie", "duchy", "alliance", "marquise"))
    play(g, "draft:eyrie", "roost_at:1")  # the last seat takes the Eyrie, homeland 1
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    play(g, "draft:duchy")
    assert g.decision == "duchy_homeland"
    offered = {int(a.split(":")[1]) for a in g.legal_action_ids()}
    assert not offered & {1, 5, 9, 10} and 12 in offered  # not the Eyrie's homeland nor next to it
    play(g, "tunnel_at:12")
    assert g.decision == "duchy_around"
    assert sorted(g.legal_action_ids()) == sorted(f"warrior_at:{n}" for n in (4, 7, 9, 10, 11))
    play(g, "warrior_at:4", "warrior_at:4", "warrior_at:7", "warrior_at:9", "warrior_at:11")
    assert g.decision != "duchy_around"
    assert warriors(g, NAME, 12) == 2 and warriors(g, NAME, 4) == 2 and sum(g.state.warriors[NAME]) == 7
    assert B.tokens_of(g.state, NAME, idx(12)) == ["tunnel"] and g.state.homes[NAME] == (idx(12),)


@rule("LR-05-02", "LR-05-02-01", "LR-05-02-02", "LR-AA-08-01", "LR-AA-08-02")
def test_reach_eight_counts_in_the_reach_check_and_the_militant_setup_card_is_drafted():
    assert REACH[NAME] == 8 and SETUP_CARDS[NAME].reach == 8 and SETUP_CARDS[NAME].militant
    assert NAME in ADV.IMPLEMENTED and SETUP_CARDS[NAME].faction == NAME
    with pytest.raises(ConfigError):  # Alliance 3 + Duchy 8 < 17 for two players
        boardlab.new_game("root", 2, seed=1, options={"factions": ["alliance", "duchy"]})
    ok = boardlab.new_game("root", 2, seed=1, options={"factions": ["marquise", "duchy"]})  # 18 >= 17
    assert ok.state.faction == ("marquise", "duchy")
    assert NAME in ADV.default_pool(3)
    seen = set()
    for seed in range(12):
        seen |= set(draft(seed=seed).state.draft.cards)
    assert NAME in seen


@rule("LR-AA-06-05", "LR-AA-06-01")
def test_the_sunward_expedition_is_never_dealt_beside_the_duchy_and_returns_its_setup_card():
    assert HIRELINGS["sunward_expedition"].replaces == (NAME,)
    with pytest.raises(ConfigError):
        boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "duchy"],
                                                      "hirelings": ["sunward_expedition"]})
    for seed in range(6):
        g = boardlab.new_game("root", 3, seed=seed, options={"factions": ["marquise", "eyrie", "duchy"],
                                                             "hirelings": "random"})
        set_up(g)
        assert "sunward_expedition" not in g.state.hired
    g = draft(seed=2, hirelings=["sunward_expedition", "popular_band", "highway_bandits"])
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    assert NAME in g.state.draft.removed and NAME not in g.state.draft.cards


# ---- the Burrow and tunnels (LR-12-02-02, LR-12-02-04) ------------------------------------------------------------------

@rule("LR-12-02-02", "RTA-UD-10")
def test_the_burrow_is_next_to_every_tunnel_the_duchy_rules_it_even_empty_and_no_one_else_goes_there():
    g = tunnel(table(), 8, 9)
    put(g, "marquise", 8, warriors=3)
    put(g, NAME, 8, warriors=1)
    s = g.state
    assert B.adjacent(s, NAME, idx(BURROW)) == (idx(8), idx(9))
    assert idx(BURROW) in B.adjacent(s, NAME, idx(8)) and idx(BURROW) not in B.adjacent(s, NAME, idx(4))
    assert idx(BURROW) not in B.adjacent(s, "marquise", idx(8))  # the Burrow is the Duchy's alone
    assert B.place_ruler(s, B.rulers(s), idx(BURROW)) == NAME  # ruled, with no one in it
    assert MV.destinations(s, NAME, idx(8)) == [idx(BURROW)]  # out of the Marquise's 8 only into its own rule
    assert idx(BURROW) not in MV.destinations(s, "marquise", idx(8))
    burrow(g, 2)
    assert MV.destinations(s, NAME, idx(BURROW)) == [idx(8), idx(9)]  # from the Burrow, rule or not
    daylight(g)
    play(g, "assembly:move")
    assert "from:13" in g.legal_action_ids()
    play(g, "from:13", "to:8", "warriors:2")
    assert warriors(g, NAME, 8) == 3 and in_burrow(g) == 0
    assert g.view(cat(g))[NAME]["burrow"] == 0 and g.describe_action("from:13", "en") != "from:13"


@rule("LR-12-02-02", "RTA-UD-10")
def test_the_burrow_is_off_the_map_no_battle_there_no_tax_collector_from_it_and_named_in_every_language():
    g = tunnel(table(), 8)
    burrow(g, 3)
    s = g.state
    assert B.enemies_at(s, "marquise", idx(BURROW)) == []
    from boardlab.games.root import battle as BT
    from boardlab.games.root import turn as TN
    assert BT.battle_sites(s, NAME) == []  # its only warriors are in the Burrow
    with positions.edit(g) as st:
        st.play_area[me(g)] = ("fox_tax_collector",)
    assert TN._tax_sites(s, me(g)) == []  # "from the map"
    put(g, NAME, 8, warriors=1)
    assert TN._tax_sites(s, me(g)) == [idx(8)]
    for lang, word in (("en", "the Burrow"), ("zh-Hant", "地穴"), ("zh-Hans", "地穴")):
        assert word in g.rules.describe_action(s, "to:13", lang)


@rule("LR-12-02-04", "LR-12-03-01")
def test_three_tunnels_and_with_all_three_on_the_map_one_comes_off_first():
    g = tunnel(table(), 8, 9, 4)
    burrow(g, 1)
    hand(g, me(g), ["mouse_crossbow"])
    assert DU.tunnels_left(g.state) == 0
    daylight(g)
    play(g, "assembly:dig", "dig:7")
    assert g.decision == "duchy_dig_reroute"
    assert sorted(g.legal_action_ids()) == ["tunnel_from:4", "tunnel_from:8", "tunnel_from:9"]
    play(g, "tunnel_from:9")
    assert sorted(DU.tunnels(g.state)) == [idx(4), idx(7), idx(8)] and DU.tunnels_left(g.state) == 0
    assert warriors(g, NAME, 7) == 1 and logged(g, "ev.duchy.reroute")


# ---- Birdsong (LR-12-04) -----------------------------------------------------------------------------------------------

@rule("LR-12-04", "RTA-UD-01")
def test_birdsong_one_warrior_into_the_burrow_plus_the_warrior_icons_showing():
    g = table()
    birdsong(g)
    assert in_burrow(g) == 1 and logged(g, "ev.duchy.birdsong")[-1]["icons"] == 0
    g = table()
    put(g, NAME, 8, buildings=("citadel",))
    put(g, NAME, 7, buildings=("citadel",))
    birdsong(g)
    assert in_burrow(g) == 1 + 1 + 2  # icons 1 and 2 under the first two citadel spaces
    g = table()
    for n in (8, 7, 9):
        put(g, NAME, n, buildings=("citadel",))
    birdsong(g)
    assert in_burrow(g) == 6


# ---- Daylight: Assembly (LR-12-05-01) --------------------------------------------------------------------------------

@rule("LR-12-05", "LR-12-05-01", "LR-12-05-01-02")
def test_daylight_assembly_two_actions_the_same_twice_then_parliament_then_sway():
    g = table()
    sway(g, "marshal")
    put(g, NAME, 8, warriors=1)
    daylight(g)
    assert g.decision == "duchy_assembly" and "assembly:recruit" in g.legal_action_ids()
    play(g, "assembly:recruit", "assembly:recruit")
    assert in_burrow(g) == 2
    assert g.decision == "duchy_parliament"  # two actions taken: the Assembly is over
    g2 = table()
    sway(g2, "marshal")
    put(g2, NAME, 8, warriors=1)
    tunnel(g2, 7)
    hand(g2, me(g2), ["fox_anvil", "bird_arms_trader"])
    daylight(g2)
    play(g2, "done")
    assert g2.decision == "duchy_parliament" and "minister:marshal" in g2.legal_action_ids()
    play(g2, "done")
    assert g2.decision == "duchy_sway"


@rule("LR-12-05-01-01")
def test_build_reveals_a_matching_card_for_a_citadel_or_market_where_it_rules():
    g = table()
    put(g, NAME, 8, warriors=2)    # fox, ruled
    put(g, NAME, 7, warriors=1)    # mouse, ruled
    put(g, "marquise", 9, warriors=2)
    put(g, NAME, 9, warriors=1)    # mouse, not ruled
    hand(g, me(g), ["fox_anvil", "rabbit_cobbler"])
    daylight(g)
    play(g, "assembly:build")
    assert g.decision == "duchy_build_kind" and g.legal_action_ids() == ["building:citadel", "building:market"]
    play(g, "building:market")
    play(g, "reveal:fox_anvil") if g.decision == "duchy_build_card" else None
    assert buildings(g, 8) == ["market"]  # the only ruled clearing a card in hand matches: no question
    assert du(g).revealed == ["fox_anvil"] and g.state.hands[me(g)] == ["rabbit_cobbler"]
    g = table()
    put(g, NAME, 7, warriors=1)
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["bird_arms_trader"])  # a bird card matches any clearing
    daylight(g)
    play(g, "assembly:build", "building:citadel")
    assert sorted(g.legal_action_ids()) == ["build_at:7", "build_at:8"]
    play(g, "build_at:7")
    assert buildings(g, 7) == ["citadel"]


@rule("LR-12-05-01-03", "LR-12-05-01-04", "RTA-UD-11")
def test_move_and_battle_actions():
    g = table()
    put(g, NAME, 8, warriors=2)
    put(g, "marquise", 7, warriors=1)
    daylight(g)
    play(g, "assembly:move")
    assert g.decision == "move_from" and "skip" not in g.legal_action_ids()  # the action chosen is made
    play(g, "from:8", "to:4", "warriors:1")
    assert warriors(g, NAME, 4) == 1 and du(g).acted == 1
    assert "assembly:battle" not in g.legal_action_ids()  # no enemy where it has warriors
    play(g, "assembly:move", "from:8", "to:7")
    assert warriors(g, NAME, 7) == 1 and g.decision != "duchy_assembly"  # two actions: the Assembly is over
    g = table()
    put(g, NAME, 8, warriors=2)
    put(g, "marquise", 8, warriors=1)
    daylight(g)
    play(g, "assembly:battle")
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:8"]  # no skip: the action is made


@rule("LR-12-05-01-05", "RTA-UD-03")
def test_dig_spends_a_matching_card_for_a_tunnel_then_one_to_four_warriors_from_the_burrow():
    g = table()
    hand(g, me(g), ["mouse_crossbow", "fox_anvil"])
    daylight(g)
    assert "assembly:dig" not in g.legal_action_ids()  # no warrior in the Burrow to send
    g = table()
    burrow(g, 6)
    tunnel(g, 9)
    hand(g, me(g), ["mouse_crossbow", "fox_anvil"])
    daylight(g)
    play(g, "assembly:dig")
    sites = {int(a.split(":")[1]) for a in g.legal_action_ids()}
    assert 9 not in sites and {7, 11, 1, 8} <= sites and 3 not in sites  # no tunnel there yet; a card of its suit
    play(g, "dig:7")  # mouse: the Crossbow is the only match, spent at once
    assert "mouse_crossbow" in g.state.discard and "mouse_crossbow" not in g.state.hands[me(g)]
    assert B.tokens_of(g.state, NAME, idx(7)) == ["tunnel"]
    assert g.decision == "duchy_dig_warriors"
    assert g.legal_action_ids() == ["warriors:1", "warriors:2", "warriors:3", "warriors:4"]  # up to four, at least one
    play(g, "warriors:4")
    assert warriors(g, NAME, 7) == 4 and in_burrow(g) == 2
    assert {"LR-12-05-01-05", "LR-04-02"} <= rules_logged(g)  # the trip is a move


@rule("LR-12-05-01-05", "LR-08-02-05-02", "RTA-UD-03")
def test_digging_into_a_sympathetic_clearing_is_a_move_that_outrages():
    g = table(factions=("marquise", "alliance", "duchy"))
    put(g, "alliance", 7, tokens=("sympathy",))
    burrow(g, 1)
    hand(g, me(g), ["mouse_crossbow", "rabbit_cobbler"])
    daylight(g)
    play(g, "assembly:dig", "dig:7")
    assert logged(g, "ev.alliance.outrage") and warriors(g, NAME, 7) == 1


# ---- Daylight: Parliament (LR-12-05-02) --------------------------------------------------------------------------------

@rule("LR-12-05-02", "LR-12-05-02-03", "LR-12-05-02-02", "RTA-UD-11")
def test_parliament_each_swayed_minister_once_marshal_moves_captain_battles():
    g = table()
    sway(g, "marshal", "captain")
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=1)
    parliament(g)
    assert sorted(g.legal_action_ids()) == ["done", "minister:captain", "minister:marshal"]  # the swayed ones only
    play(g, "minister:marshal", "from:8", "to:4", "warriors:1")
    assert warriors(g, NAME, 4) == 1
    assert g.decision == "duchy_parliament" and "minister:marshal" not in g.legal_action_ids()  # once a turn
    play(g, "minister:captain")
    assert g.decision in ("battle_where", "battle_whom") and "skip" not in g.legal_action_ids()


@rule("LR-12-05-02-01")
def test_the_foremole_reveals_any_card_to_build_in_any_clearing_it_rules():
    g = table()
    sway(g, "foremole")
    put(g, NAME, 8, warriors=1)  # fox
    hand(g, me(g), ["mouse_crossbow", "rabbit_cobbler"])  # no fox card
    daylight(g)
    assert "assembly:build" not in g.legal_action_ids()  # no matching card
    play(g, "done", "minister:foremole", "building:citadel")
    assert g.decision == "duchy_build_card" and sorted(g.legal_action_ids()) == ["reveal:mouse_crossbow",
                                                                                  "reveal:rabbit_cobbler"]
    play(g, "reveal:rabbit_cobbler")
    assert buildings(g, 8) == ["citadel"] and logged(g, "ev.duchy.reveal")[-1]["card"] == "rabbit_cobbler"


@rule("LR-12-05-02-04", "RTA-UD-12")
def test_the_brigadier_two_moves_or_two_battles():
    g = table()
    sway(g, "brigadier")
    put(g, NAME, 8, warriors=2)
    put(g, NAME, 7, warriors=1)
    put(g, "marquise", 7, warriors=1)
    parliament(g)
    play(g, "minister:brigadier")
    assert sorted(g.legal_action_ids()) == ["brigadier:battle", "brigadier:move"]
    play(g, "brigadier:move", "from:8", "to:4", "warriors:2")
    assert g.decision == "move_from" and "skip" in g.legal_action_ids()  # the second move is optional
    play(g, "from:4", "to:9", "warriors:1")
    assert warriors(g, NAME, 9) == 1 and warriors(g, NAME, 4) == 1
    g = table()
    sway(g, "brigadier")
    put(g, NAME, 8, warriors=2)
    put(g, "marquise", 8, warriors=2)
    parliament(g)
    play(g, "minister:brigadier")  # no move possible (no rule at 8 or next to it): battles, no question
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:8"]  # the first one is made


@rule("LR-12-05-02-05", "RTA-UD-08", "LR-02-01-01")
def test_the_banker_spends_cards_of_one_suit_birds_included_for_as_many_points():
    g = table()
    sway(g, "banker")
    hand(g, me(g), ["fox_anvil", "fox_ambush", "rabbit_cobbler", "bird_arms_trader"])
    parliament(g)
    play(g, "minister:banker")
    assert g.decision == "duchy_banker" and "done" not in g.legal_action_ids()  # at least one card
    play(g, "bank:fox_anvil")
    assert "bank:rabbit_cobbler" not in g.legal_action_ids() and "bank:bird_arms_trader" in g.legal_action_ids()
    play(g, "bank:bird_arms_trader", "bank:fox_ambush", "done")
    assert g.state.score[me(g)] == 3 and "rabbit_cobbler" in g.state.hands[me(g)]
    assert {"fox_anvil", "bird_arms_trader", "fox_ambush"} <= set(g.state.discard)


@rule("LR-12-05-02-06", "RTA-UD-06")
def test_the_mayor_takes_the_action_of_a_swayed_noble_or_squire_even_one_used_never_a_lord():
    g = table()
    sway(g, "marshal", "mayor", "earl")
    put(g, NAME, 8, warriors=3, buildings=("citadel",))
    parliament(g)
    play(g, "minister:marshal", "from:8", "to:4", "warriors:1")
    play(g, "minister:mayor")
    assert g.decision == "move_from"  # the only target, the Marshal, acts again: no question
    play(g, "from:8", "to:7", "warriors:1")
    assert warriors(g, NAME, 7) == 1 and "minister:mayor" not in g.legal_action_ids()
    assert "minister:earl" in g.legal_action_ids() and "LR-12-05-02-06" in rules_logged(g)
    g = table()
    sway(g, "mayor", "earl")
    put(g, NAME, 8, warriors=1, buildings=("citadel",))
    parliament(g)
    assert "minister:mayor" not in g.legal_action_ids()  # a lord is not for the Mayor


@rule("LR-12-05-02-07", "LR-12-05-02-08", "LR-12-05-02-09", "RTA-UD-11")
def test_the_lords_score_all_tunnels_markets_and_citadels():
    g = tunnel(table(), 8, 9)
    sway(g, "duchess", "baron", "earl")
    put(g, NAME, 8, warriors=1, buildings=("market",))
    put(g, NAME, 7, warriors=1, buildings=("market",))
    parliament(g)
    assert sorted(g.legal_action_ids()) == ["done", "minister:baron"]  # two tunnels, no citadel
    play(g, "minister:baron")
    assert g.state.score[me(g)] == 2
    g = tunnel(table(), 8, 9, 4)
    sway(g, "duchess", "earl")
    for n in (8, 7, 9):
        put(g, NAME, n, warriors=1, buildings=("citadel",))
    parliament(g)
    play(g, "minister:duchess")
    assert g.state.score[me(g)] == 2
    play(g, "minister:earl")
    assert g.state.score[me(g)] == 2 + 3


# ---- Daylight: Sway (LR-12-05-03) ---------------------------------------------------------------------------------------

@rule("LR-12-05-03", "LR-12-05-03-01", "LR-12-05-03-02", "LR-12-05-03-03", "RTA-UD-04", "RTA-UD-13")
def test_sway_reveals_cards_matching_distinct_clearings_with_duchy_pieces_and_scores_the_crown():
    g = table()
    put(g, NAME, 8, warriors=1)   # fox
    tunnel(g, 1)                  # fox: a token counts as a piece
    hand(g, me(g), ["fox_anvil", "fox_ambush", "rabbit_cobbler"])
    daylight(g)
    play(g, "done")  # no minister to act: Parliament passes by
    assert g.decision == "duchy_sway"
    assert sorted(g.legal_action_ids())[:3] == ["done", "sway:captain", "sway:foremole"]
    assert "sway:brigadier" not in g.legal_action_ids()  # three cards need three clearings: only two fox ones
    play(g, "sway:marshal")
    assert g.decision == "duchy_sway_reveal"
    assert sorted(g.legal_action_ids()) == ["reveal:fox_ambush", "reveal:fox_anvil"]  # no rabbit clearing
    play(g, "reveal:fox_anvil")  # the Ambush follows: the only card left that fits
    assert du(g).swayed == ["marshal"] and g.state.score[me(g)] == 1  # a squire's crown space
    assert [p["card"] for p in logged(g, "ev.duchy.reveal")] == ["fox_anvil", "fox_ambush"]
    assert g.view(me(g))[NAME]["crowns"]["squire"] == 2
    assert g.decision != "duchy_sway"  # one sway a turn
    g = table()
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["fox_anvil", "fox_ambush"])
    assert DU.sway_options(g.state, me(g)) == []  # one fox clearing allows one fox card
    put(g, NAME, 7, warriors=1)
    hand(g, me(g), ["bird_arms_trader", "fox_anvil"])  # a bird card takes the mouse clearing
    daylight(g)
    play(g, "done", "sway:captain")
    assert sorted(g.legal_action_ids()) == ["reveal:bird_arms_trader", "reveal:fox_anvil"]
    play(g, "reveal:bird_arms_trader")  # the Anvil follows: the only card left
    assert du(g).swayed == ["captain"] and logged(g, "ev.duchy.sway")[-1]["points"] == 1


@rule("LR-12-05-03-01", "RTA-UD-13")
def test_no_sway_without_a_crown_of_the_rank_left():
    g = table()
    with positions.edit(g) as s:
        s.mods[NAME].lost = {"squire": 2}
        s.mods[NAME].swayed = ["foremole"]
    put(g, NAME, 8, warriors=1)
    put(g, NAME, 7, warriors=1)
    put(g, NAME, 4, warriors=1)
    hand(g, me(g), ["fox_anvil", "mouse_crossbow", "rabbit_cobbler"])
    daylight(g)
    play(g, "done")
    play(g, "done") if g.decision == "duchy_parliament" else None
    assert g.decision == "duchy_sway"
    assert not any(a in g.legal_action_ids() for a in ("sway:captain", "sway:marshal"))  # no squire crown left
    assert "sway:banker" in g.legal_action_ids()
    play(g, "sway:banker", "reveal:fox_anvil", "reveal:mouse_crossbow")  # the Cobbler follows
    assert g.state.score[me(g)] == 2 and "banker" in du(g).swayed  # a noble's crown space


# ---- Evening (LR-12-06) --------------------------------------------------------------------------------------------------

@rule("LR-12-06", "LR-12-06-01", "RTA-UD-05")
def test_evening_birds_revealed_are_discarded_the_others_come_back_known_to_everyone():
    g = table()
    with positions.edit(g) as s:
        for c in ("fox_anvil", "bird_arms_trader"):
            s.deck.remove(c)
        s.mods[NAME].revealed = ["fox_anvil", "bird_arms_trader"]
    evening(g)
    assert "bird_arms_trader" in g.state.discard and "fox_anvil" in g.state.hands[me(g)]
    assert du(g).revealed == []
    assert "fox_anvil" in g.view(cat(g))["hands"][str(me(g))]["known"]  # known in the Duchy's hand
    assert {"LR-12-06-01"} <= rules_logged(g)


@rule("LR-12-06-02", "LR-12-02-01")
def test_evening_crafts_with_citadels_and_markets_alike():
    g = table()
    put(g, NAME, 8, warriors=1, buildings=("citadel",))   # fox
    put(g, NAME, 4, warriors=1, buildings=("market",))    # rabbit
    assert sorted(DU.crafting_pieces(g.state, me(g))) == [idx(4), idx(8)]
    hand(g, me(g), ["fox_anvil", "rabbit_cobbler", "fox_root_tea"])
    evening(g)
    assert g.decision == "duchy_craft"
    assert "craft:fox_anvil" in g.legal_action_ids() and "craft:fox_root_tea" not in g.legal_action_ids()  # no mouse
    play(g, "craft:fox_anvil")
    assert "hammer" in g.state.crafted[me(g)]


@rule("LR-12-06-03", "RTA-UD-01")
def test_evening_draws_one_plus_a_card_per_market_then_discards_to_five():
    g = table()
    put(g, NAME, 8, warriors=1, buildings=("market",))
    put(g, NAME, 7, warriors=1, buildings=("market",))
    hand(g, me(g), ["fox_anvil", "fox_ambush", "mouse_crossbow"])
    evening(g)
    if g.decision == "duchy_craft":
        play(g, "done")
    assert len(g.state.hands[me(g)]) == 3 + 3 and g.decision == "discard"
    play(g, g.legal_action_ids()[0])
    assert len(g.state.hands[me(g)]) == 5


# ---- the Price of Failure (LR-12-02-03) ---------------------------------------------------------------------------------

@rule("LR-12-02-03", "RTA-UD-07", "RTA-UD-13")
def test_losing_buildings_returns_the_highest_minister_its_crown_leaves_and_a_random_card_goes(monkeypatch):
    g = table()
    sway(g, "marshal", "banker", "earl")
    put(g, NAME, 8, buildings=("citadel", "market"))
    put(g, "marquise", 8, warriors=3)
    hand(g, me(g), ["fox_anvil", "rabbit_cobbler"])
    dice(monkeypatch, 2, 0)
    cat_battle(g, 8)  # defenceless: 2 + 1 hits, both buildings in one batch
    while g.decision == "take_hits":
        play(g, g.legal_action_ids()[0])
    assert buildings(g, 8) == []
    assert du(g).swayed == ["marshal", "banker"] and du(g).lost == {"lord": 1}  # one price for the batch
    assert len(g.state.hands[me(g)]) == 1 and len(logged(g, "ev.duchy.minister_lost")) == 1
    assert g.view(me(g))[NAME]["crowns"]["lord"] == 2  # the Earl's crown is gone for good
    assert g.state.score[cat(g)] == 2  # two buildings removed


@rule("LR-12-02-03", "RTA-UD-07")
def test_two_ministers_of_the_highest_rank_the_duchy_chooses_out_of_its_turn(monkeypatch):
    g = table()
    sway(g, "marshal", "banker", "mayor")
    put(g, NAME, 8, buildings=("citadel",))
    put(g, "marquise", 8, warriors=2)
    dice(monkeypatch, 0, 0)
    cat_battle(g, 8)
    assert g.decision == "duchy_price" and g.to_play == me(g) and g.state.active == cat(g)
    assert sorted(g.legal_action_ids()) == ["minister:banker", "minister:mayor"]
    play(g, "minister:mayor")
    assert du(g).swayed == ["marshal", "banker"] and du(g).lost == {"noble": 1}
    assert logged(g, "ev.duchy.no_card")  # an empty hand: nothing to discard (RTA-UD-09)


@rule("LR-12-02-03", "RTA-UD-07", "RTA-UD-09")
def test_one_favor_removing_buildings_in_several_clearings_costs_one_price(monkeypatch):
    g = table()
    sway(g, "captain", "marshal")
    put(g, "marquise", 1, warriors=1, buildings=("workshop",))
    put(g, "marquise", 6, warriors=1, buildings=("workshop",))
    put(g, "marquise", 8, warriors=1, buildings=("workshop",))
    put(g, NAME, 12, buildings=("citadel",))
    put(g, NAME, 8, buildings=("market",))
    hand(g, cat(g), ["fox_favor_of_the_foxes"])
    start(g, cat(g), "daylight.start")
    play(g, "craft:fox_favor_of_the_foxes")
    if g.decision == "duchy_price":
        play(g, g.legal_action_ids()[0])
    assert buildings(g, 12) == buildings(g, 8) == []
    assert len(logged(g, "ev.duchy.minister_lost")) == 1 and len(du(g).swayed) == 1
    g = table()
    put(g, NAME, 8, buildings=("citadel",))
    put(g, "marquise", 8, warriors=2)
    hand(g, me(g), ["fox_anvil"])  # no swayed minister: only the discard
    dice(monkeypatch, 0, 0)
    cat_battle(g, 8)
    assert "fox_anvil" in g.state.discard and not logged(g, "ev.duchy.minister_lost")


# ---- the whole faction, information, bots, tables -------------------------------------------------------------------------

@rule("LR-12-01", "LR-12-05-03-03", "LR-12-02-03")
def test_swayed_ministers_score_and_act_every_turn_until_a_failure_takes_them(monkeypatch):
    g = table()
    put(g, NAME, 8, warriors=2)
    put(g, NAME, 7, warriors=1)
    hand(g, me(g), ["fox_anvil", "mouse_crossbow"])
    daylight(g)
    play(g, "done", "sway:marshal", "reveal:fox_anvil")
    assert g.state.score[me(g)] == 1
    evening(g)
    parliament(g)
    assert "minister:marshal" in g.legal_action_ids()  # the next turn, its action
    with positions.edit(g) as s:
        s.buildings[idx(8)] = ((NAME, "citadel"),)
        s.warriors[NAME][idx(8)] = 0
    put(g, "marquise", 8, warriors=2)
    dice(monkeypatch, 0, 0)
    cat_battle(g, 8)
    assert du(g).swayed == [] and du(g).lost == {"squire": 1}


@rule("LR-01-02-01", "RTA-UD-05")
def test_the_hand_is_hidden_but_revealed_cards_are_seen_by_everyone_and_resampling_keeps_them():
    g = table(factions=("marquise", "eyrie", "duchy"))
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["fox_anvil", "rabbit_cobbler", "mouse_crossbow"])
    daylight(g)
    play(g, "assembly:build", "building:citadel")
    assert du(g).revealed == ["fox_anvil"]
    for seat in (cat(g), g.state.seat_of("eyrie"), None):
        view = g.view(seat)
        assert view[NAME]["revealed"] == ["fox_anvil"]
        assert "rabbit_cobbler" not in str(view["hands"]) and "mouse_crossbow" not in str(view["hands"])
        assert hidden_paths(view, RULESET.zones_of(g.state), seat, g.state.known_to(seat)) == []
    assert sorted(g.view(me(g))["hands"][str(me(g))]) == ["mouse_crossbow", "rabbit_cobbler"]
    evening(g)
    for k in range(6):
        probe = g.clone()
        RULESET.resample_hidden(probe.state, cat(g), Stream(k))
        assert "fox_anvil" in probe.state.hands[me(g)]  # known to all back in the hand: it stays
        assert len(probe.state.hands[me(g)]) == len(g.state.hands[me(g)])


def test_bots_value_swayed_ministers_and_what_lords_would_score():
    g = table()
    before = base_potential(g.state)[me(g)] + DU.potential(g.state, me(g))
    sway(g, "marshal", "earl")
    put(g, NAME, 8, warriors=1, buildings=("citadel",))
    after = base_potential(g.state)[me(g)] + DU.potential(g.state, me(g))
    assert after > before and DU.potential(g.state, cat(g)) == 0


@pytest.mark.parametrize("players, factions, options", [
    (2, ["duchy", "marquise"], {}), (3, ["marquise", "eyrie", "duchy"], {"map": "winter"}),
    (4, ["duchy", "marquise", "alliance", "vagabond"], {"map": "lake", "hirelings": "random"}),
    (5, ["marquise", "eyrie", "duchy", "vagabond", "corvid"], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_duchy_end(players, factions, options):
    games_end(players, factions, options)


def test_random_drafts_with_the_duchy_end():
    drafts_end(["marquise", "eyrie", "alliance", "vagabond", "lizard", "duchy"])


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = tunnel(table(), 8)
    burrow(g, 3)
    sway(g, "marshal", "earl")
    put(g, NAME, 8, warriors=1, buildings=("citadel",))
    with positions.edit(g) as s:
        s.deck.remove("fox_anvil")
        s.mods[NAME].revealed = ["fox_anvil"]
    rules = ruleset("root")
    text = rules.render_text(g.view(cat(g)), "en")
    assert "Burrow: 3 warrior(s)" in text and "Citadels: 1 on the map, 2 on the track" in text
    assert "Swayed: Marshal (squire), Earl of Stone (lord)" in text and "Revealed this turn (1)" in text
    assert "地穴：3 名士兵" in rules.render_text(g.view(0), "zh-Hant")
    assert "已拉拢：元帅" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(me(g)), "en", [])
    assert 'data-board="duchy" data-burrow="3"' in svg and 'data-track="citadel" data-on-map="1"' in svg
    assert 'data-minister="earl" data-rank="lord" data-swayed="1"' in svg and 'data-revealed="1"' in svg


def test_random_games_with_the_duchy_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["duchy", "marquise"], "autumn"), (2, ["eyrie", "duchy", "alliance"], "lake")))


def test_every_card_the_tests_name_exists():
    for card in ("fox_anvil", "fox_ambush", "rabbit_cobbler", "mouse_crossbow", "bird_arms_trader",
                 "fox_favor_of_the_foxes", "fox_tax_collector"):
        assert card in CARDS


@rule("RTA-UD-10", "LR-12-02-02", "LR-01-05-05")
def test_false_orders_may_move_the_duchys_warriors_out_of_the_burrow_to_a_tunnel():
    g = boardlab.new_game("root", 2, seed=5, options={"factions": ["marquise", "duchy"], "deck": "exiles",
                                                      "below_reach": True})
    set_up(g)
    clear(g)
    tunnel(g, 8)
    burrow(g, 3)
    with positions.edit(g) as s:
        s.mods["marquise"].keep = None
        card = next(c for c in CARDS if c.startswith("fox_false_orders"))
        for pile in (s.deck, s.discard, *s.hands):
            if card in pile:
                pile.remove(card)
        s.play_area[cat(g)] = (card,)
    start(g, cat(g), "birdsong.start")
    play(g, "use:false_orders")
    if g.decision == "false_orders_foe":
        play(g, f"foe:{NAME}")
    assert g.decision == "false_orders_from" and g.legal_action_ids() == ["from:13"]
    play(g, "from:13")
    assert g.legal_action_ids() == ["to:8"]  # the Burrow's only neighbour: the tunnel's clearing
    play(g, "to:8")
    assert warriors(g, NAME, 8) == 2 and in_burrow(g) == 1  # half, rounded up
