"""The Lizard Cult (Law of Root chapter 10), with boardlab's rulings RTA-LC-* (docs/root-rulings.md, "Lizard Cult").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; corners 1-4, 1 opposite
3 and 2 opposite 4; ruins in 6, 10, 11, 12; one building slot in 1, 3 and 4, three in 11; 8 is next to 4 and 7, 12
to 4, 7, 9, 10 and 11, 1 to 5, 9 and 10) with the Marquise (and the Eyrie where a test needs a third faction).
"""
from __future__ import annotations

import pytest
from root_helpers import clear, dice, draft_offering, events, games_end, hand, idx, new, play, put, render_and_click, rules_logged, set_up, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import advanced as ADV
from boardlab.games.root import board as B
from boardlab.games.root.content import FACTIONS, HIRELINGS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import lizard as LZ
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
NAME = "lizard"


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=("marquise", "lizard"), outcast: str = "fox", hated: bool = False):
    """An empty Autumn map after setup (the keep gone), every hand, pile and Lost Souls empty, no acolytes, the
    Outcast as given; returns the game."""
    g = set_up(new(factions, seed=seed))
    clear(g)
    with positions.edit(g) as s:
        if "marquise" in s.faction:
            s.mods["marquise"].keep = None
        d = s.mods[NAME]
        s.deck.extend(d.lost_souls + d.revealed + s.discard + s.dominance_pool)
        d.lost_souls, d.revealed, s.discard, s.dominance_pool = [], [], [], []
        d.outcast, d.hated, d.acolytes, d.scored = outcast, hated, 0, ()
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def lz(g) -> LZ.LizardState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def acolytes(g, n: int):
    with positions.edit(g) as s:
        s.supply[NAME] -= n
        s.mods[NAME].acolytes += n
    return g


def souls(g, cards):
    """The Lost Souls pile is exactly these cards (taken out of the deck where they are in it)."""
    with positions.edit(g) as s:
        for c in cards:
            if c in s.deck:
                s.deck.remove(c)
        s.mods[NAME].lost_souls = list(cards)
    return g


def garden(g, *numbers: int):
    for n in numbers:
        put(g, NAME, n, buildings=("garden",))
    return g


def keys(g, since: int = 0) -> list[str]:
    return [k for _, k, _ in events(g, since)]


def logged(g, key: str, since: int = 0) -> list[dict]:
    return [p for _, k, p in events(g, since) if k == key]


SOUL = {"fox": "fox_root_tea", "rabbit": "rabbit_bake_sale", "mouse": "mouse_root_tea"}  # a lost soul of each suit


def birdsong(g, outcast: str | None = None, hated: bool = False):
    """The Cult's Birdsong: Adjust Outcast, Discard Lost Souls, then its conspiracies (asked if any). With
    `outcast`, the Lost Souls pile makes that suit the Outcast, Hated or not, before the conspiracies."""
    if outcast is not None:
        before = outcast if hated else next(x for x in LZ.SUITS if x != outcast)
        with positions.edit(g) as s:
            s.mods[NAME].outcast, s.mods[NAME].hated = before, False
        souls(g, [SOUL[outcast]])
    return start(g, me(g), "birdsong.start")


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def cat_battle(g, clearing: int):
    """The Marquise battles the Cult in `clearing` (her Daylight)."""
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "battle", f"battle:{clearing}")
    if g.decision == "battle_whom":
        play(g, f"defender:{NAME}")
    return g


# ---- setup (LR-10-03) --------------------------------------------------------------------------------------------------

@rule("LR-10-03-01", "LR-10-03-02", "LR-10-03-03", "LR-10-03-04", "RTA-LC-01", "LR-05-01-07")
def test_setup_warriors_a_garden_in_the_corner_opposite_a_start_warriors_around_and_the_outcast():
    g = new(("lizard", "marquise"), seed=3)
    assert g.decision == "marquise_setup"  # the Marquise (A) sets up before the Cult
    play(g, "keep:1")
    while g.decision == "marquise_setup":
        g.apply(g.legal_action_ids()[0])
    # the only corner opposite a starting corner is 3: taken at once; then the Outcast, any suit
    assert g.decision == "lizard_outcast" and g.to_play == me(g)
    assert g.legal_action_ids() == ["outcast:fox", "outcast:rabbit", "outcast:mouse"]
    play(g, "outcast:mouse")
    s = g.state
    assert s.homes[NAME] == (idx(3),) and warriors(g, NAME, 3) == 4 and (NAME, "garden") in s.buildings[idx(3)]
    assert [warriors(g, NAME, n) for n in (6, 7, 11)] == [1, 1, 1]
    assert sum(s.warriors[NAME]) == 7 and s.supply[NAME] == 25 - 7 == FACTIONS[NAME].warriors - 7
    assert lz(g).outcast == "mouse" and logged(g, "ev.lizard.outcast_set") == [{"suit": "mouse"}]
    assert lz(g).acolytes == 0
    part = g.view(0)[NAME]
    assert sum(t["left"] for t in part["gardens"].values()) == 14  # the other gardens on the tracks
    assert part["gardens"]["rabbit"] == {"on_map": 1, "left": 4, "points": 2, "scored": False}
    assert {"LR-10-03-01", "LR-10-03-02", "LR-10-03-03", "LR-10-03-04"} <= rules_logged(g)


@rule("LR-10-03-02", "RTA-LC-01")
def test_with_no_free_corner_opposite_a_start_any_free_corner():
    g = new(("marquise", "eyrie", "lizard"), seed=2)
    play(g, "keep:1")
    while g.decision != "lizard_corner":
        g.apply(g.legal_action_ids()[0])
    assert g.state.homes["eyrie"] == (idx(3),)  # the Eyrie took the corner opposite the keep
    assert g.legal_action_ids() == ["garden_at:2", "garden_at:4"]  # 2 and 4 face each other: neither is opposite a start
    play(g, "garden_at:4", "outcast:fox")
    assert warriors(g, NAME, 4) == 4 and [warriors(g, NAME, n) for n in (8, 9, 12)] == [1, 1, 1]


# ---- the setup card (the Advanced Setup) ------------------------------------------------------------------------------

def draft(seed: int = 1, players: int = 3, **options):
    g = boardlab.new_game("root", players, seed=seed, options={
        "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "lizard"], **options})
    return g


@rule("LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-LC-02")
def test_the_setup_card_a_homeland_away_from_enemies_warriors_around_two_acolytes_and_the_outcast():
    g = draft()
    draft_offering(g, ("eyrie", "lizard", "alliance", "marquise"))
    play(g, "draft:eyrie", "roost_at:1")  # the last seat takes the Eyrie, homeland 1
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    play(g, "draft:lizard")
    assert g.decision == "lizard_homeland" and g.to_play == 1
    offered = [int(a.split(":")[1]) for a in g.legal_action_ids()]
    assert 1 not in offered and not {5, 9, 10} & set(offered)  # not the Eyrie's homeland, nor next to it
    assert offered == [2, 3, 4, 6, 7, 8, 11, 12]  # every other clearing has room for the garden
    play(g, "garden_at:12")
    assert warriors(g, NAME, 12) == 4 and (NAME, "garden") in g.state.buildings[idx(12)]
    assert g.decision == "lizard_around" and [a.split(":")[1] for a in g.legal_action_ids()] == ["4", "7", "9", "10", "11"]
    play(g, "warrior_at:7", "warrior_at:7", "warrior_at:11")  # among the neighbours, as the Cult likes
    assert [warriors(g, NAME, n) for n in (7, 11)] == [2, 1] and lz(g).acolytes == 2
    assert g.state.supply[NAME] == 25 - 4 - 3 - 2
    assert g.decision == "lizard_outcast"
    play(g, "outcast:rabbit")
    assert g.state.homes[NAME] == (idx(12),) and lz(g).outcast == "rabbit"


@rule("LR-05-02", "LR-05-02-01", "LR-05-02-02", "LR-AA-08-01")
def test_reach_two_counts_in_the_reach_check_and_the_setup_card_is_drafted():
    assert REACH[NAME] == 2 and SETUP_CARDS[NAME].reach == 2 and not SETUP_CARDS[NAME].militant
    assert NAME in ADV.IMPLEMENTED and SETUP_CARDS[NAME].faction == NAME
    with pytest.raises(ConfigError, match="12"):  # Marquise 10 + Cult 2 < 17 for two players
        boardlab.new_game("root", 2, seed=1, options={"factions": ["marquise", "lizard"]})
    ok = boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "lizard"]})  # 19 >= 18
    assert ok.state.faction == ("marquise", "eyrie", "lizard")
    assert NAME in ADV.default_pool(3)
    seen = set()
    for seed in range(12):
        seen |= set(draft(seed=seed).state.draft.cards)
    assert NAME in seen


@rule("LR-AA-06-05", "LR-AA-06-01")
def test_the_lizard_envoys_are_never_dealt_beside_the_cult_and_return_its_setup_card():
    assert HIRELINGS["warm_sun_prophets"].replaces == (NAME,)
    with pytest.raises(ConfigError):
        boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "lizard"],
                                                      "hirelings": ["warm_sun_prophets"]})
    for seed in range(8):
        g = boardlab.new_game("root", 3, seed=seed, options={"factions": ["marquise", "eyrie", "lizard"],
                                                             "hirelings": "random"})
        set_up(g)
        assert "warm_sun_prophets" not in g.state.hired
    g = draft(seed=2, hirelings=["warm_sun_prophets", "popular_band", "highway_bandits"])
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    assert NAME in g.state.draft.removed and NAME not in g.state.draft.cards


# ---- the Lost Souls pile (LR-10-02-06) ---------------------------------------------------------------------------------

@rule("LR-10-02-06", "RTA-LC-05", "LR-01-02-02")
def test_cards_spent_or_discarded_by_anyone_even_dominance_go_to_the_lost_souls_face_up():
    g = table()
    hand(g, cat(g), ["bird_ambush", "fox_dominance", "mouse_sword"])
    put(g, "marquise", 8, warriors=1, buildings=("sawmill",))
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "extra:bird_ambush")  # a bird spent for an extra action
    assert lz(g).lost_souls == ["bird_ambush"] and g.state.discard == []
    play(g, "overwork", "overwork_at:8", "discard:fox_dominance")  # a dominance card spent for its suit
    assert lz(g).lost_souls == ["bird_ambush", "fox_dominance"]
    assert g.state.dominance_pool == [] and g.state.discard == []
    for seat in (0, 1, None):  # face up: every seat sees the pile
        assert g.view(seat)[NAME]["lost_souls"] == ["bird_ambush", "fox_dominance"]
    assert [p["card"] for p in logged(g, "ev.lizard.lost_soul")] == ["bird_ambush", "fox_dominance"]


# ---- Birdsong (LR-10-04) -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("outcast, hated, pile, after, now_hated", [
    ("fox", False, ["rabbit_cobbler", "rabbit_ambush", "fox_anvil", "bird_ambush", "bird_crossbow", "bird_sappers"],
     "rabbit", False),                                                           # the most cards, birds ignored
    ("rabbit", False, ["rabbit_cobbler", "rabbit_ambush", "mouse_sword"], "rabbit", True),  # already the Outcast
    ("rabbit", True, ["rabbit_cobbler", "rabbit_ambush", "mouse_sword"], "rabbit", True),   # stays Hated
    ("fox", False, ["rabbit_cobbler", "mouse_sword"], "fox", True),             # no one suit has the most
    ("fox", True, ["rabbit_cobbler", "mouse_sword", "bird_ambush"], "fox", True),
    ("mouse", True, ["fox_anvil"], "fox", False),                                # a new Outcast, not Hated
    ("fox", False, [], "fox", True),                                            # an empty pile (RTA-LC-06)
    ("fox", False, ["bird_ambush", "bird_sappers"], "fox", True),               # only birds
])
@rule("LR-10-04-01", "RTA-LC-06")
def test_adjust_the_outcast(outcast, hated, pile, after, now_hated):
    g = souls(table(outcast=outcast, hated=hated), pile)
    hand(g, me(g), ["mouse_crossbow"])  # so that its Daylight asks (a Recruit): the flow stops there
    birdsong(g)
    assert g.decision == "lizard_ritual"
    assert (lz(g).outcast, lz(g).hated) == (after, now_hated)


@rule("LR-10-04", "LR-10-04-02", "LR-03-03-03")
def test_birdsong_adjusts_then_discards_the_lost_souls_then_conspires():
    g = souls(table(), ["rabbit_cobbler", "rabbit_dominance", "fox_anvil"])
    acolytes(g, 2)
    put(g, NAME, 5, warriors=2)
    put(g, "marquise", 5, warriors=1)
    since = len(g.state.events)
    birdsong(g)
    assert g.decision == "lizard_conspiracy"
    order = [k for k in keys(g, since) if k.startswith("ev.lizard.")]
    assert order[:2] == ["ev.lizard.outcast", "ev.lizard.souls_discarded"]
    assert lz(g).outcast == "rabbit" and lz(g).lost_souls == []
    assert g.state.discard == ["rabbit_cobbler", "fox_anvil"] and g.state.dominance_pool == ["rabbit_dominance"]
    assert "convert:5" in g.legal_action_ids()  # now in a clearing of the new Outcast


@rule("LR-10-04-03", "LR-10-01")
def test_conspiracies_only_in_outcast_clearings_and_only_for_acolytes():
    g = table(outcast="fox")
    for n in (1, 5):  # a fox and a rabbit clearing, each with both factions
        put(g, NAME, n, warriors=2)
        put(g, "marquise", n, warriors=1)
    hand(g, me(g), ["mouse_crossbow"])
    birdsong(g, "fox")
    assert g.decision == "lizard_ritual"  # no acolytes: no move, no battle (LR-10-01)
    g = table(outcast="fox")
    for n in (1, 5):
        put(g, NAME, n, warriors=2)
        put(g, "marquise", n, warriors=1)
    put(g, "marquise", 1, buildings=("sawmill",))  # clearing 1 has one slot: full
    acolytes(g, 2)
    birdsong(g, "fox")
    assert g.legal_action_ids() == ["crusade:battle", "crusade:move", "convert:1", "done"]  # sanctify costs 3
    acolytes(g, 1)
    assert "sanctify:1" in g.legal_action_ids()
    play(g, "convert:1")
    assert lz(g).acolytes == 1 and g.state.supply[NAME] == 25 - 4 - 3 + 2 - 1  # 2 spent back, 1 placed


@rule("LR-10-04-03", "LR-10-04-03-02")
def test_a_hated_outcast_makes_each_conspiracy_one_acolyte_cheaper():
    g = table(outcast="fox", hated=True)
    put(g, "marquise", 12, warriors=1, buildings=("workshop",))
    souls(g, ["fox_anvil", "fox_ambush", "rabbit_cobbler"])  # fox again: Hated
    acolytes(g, 2)
    birdsong(g)
    assert lz(g).hated and g.legal_action_ids() == ["convert:12", "sanctify:12", "done"]
    assert g.view(me(g))[NAME]["costs"] == {"crusade": 1, "convert": 1, "sanctify": 2}
    play(g, "convert:12")
    assert lz(g).acolytes == 1 and warriors(g, "marquise", 12) == 0 and warriors(g, NAME, 12) == 1


@rule("LR-10-04-03-01", "RTA-LC-08")
def test_crusade_battles_in_an_outcast_clearing(monkeypatch):
    g = table(outcast="fox")
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=2)
    put(g, NAME, 5, warriors=3)
    put(g, "marquise", 5, warriors=2)  # a rabbit clearing: no crusade there
    acolytes(g, 2)
    birdsong(g, "fox")
    dice(monkeypatch, 2, 0)
    play(g, "crusade:battle")
    assert lz(g).acolytes == 0
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:8"]  # no skipping: paid for
    play(g, "battle:8")
    assert warriors(g, "marquise", 8) == 0 and warriors(g, NAME, 8) == 3


@rule("LR-10-04-03-01", "RTA-LC-08")
def test_crusade_moves_from_an_outcast_clearing_then_may_battle_where_it_arrived(monkeypatch):
    g = table(outcast="fox")
    put(g, NAME, 1, warriors=3)
    put(g, "marquise", 5, warriors=1)
    acolytes(g, 2)
    birdsong(g, "fox")
    assert "crusade:battle" not in g.legal_action_ids()  # no enemy in a fox clearing
    play(g, "crusade:move")
    assert g.decision == "move_from" and g.legal_action_ids() == ["from:1"]  # no skip
    play(g, "from:1", "to:5", "warriors:2")
    assert warriors(g, NAME, 5) == 2
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:5", "skip"]  # a rabbit clearing
    dice(monkeypatch, 3, 0)
    play(g, "battle:5")
    assert warriors(g, "marquise", 5) == 0


@rule("LR-10-04-03-02", "RTA-LC-09")
def test_convert_replaces_an_enemy_warrior_only_where_both_halves_can_be_done():
    g = table(outcast="fox")
    put(g, "marquise", 8, warriors=2)
    put(g, "marquise", 1, warriors=1, tokens=("keep",))
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(1)
    acolytes(g, 2)
    birdsong(g, "fox")
    assert g.legal_action_ids() == ["convert:8", "done"]  # not at the keep: the Cult cannot place there
    hand(g, cat(g), ["fox_anvil"])
    play(g, "convert:8")
    assert g.decision == "field_hospitals"  # a removal like any other: the Marquise's Field Hospitals
    play(g, "pass")
    assert warriors(g, "marquise", 8) == 1 and warriors(g, NAME, 8) == 1
    g = table(outcast="fox")
    put(g, "marquise", 8, warriors=2)
    acolytes(g, 2)
    garden(g, 12)
    hand(g, me(g), ["fox_anvil"])
    with positions.edit(g) as s:
        s.mods[NAME].acolytes += s.supply[NAME]
        s.supply[NAME] = 0
    birdsong(g, "fox")
    assert g.decision == "lizard_ritual"  # no conspiracy: no warrior left to place


@rule("LR-10-04-03-03", "RTA-LC-09", "LR-03-02-01")
def test_sanctify_replaces_an_enemy_building_with_a_garden_of_the_outcast_suit():
    g = table(factions=("marquise", "eyrie", "lizard"), outcast="mouse")
    put(g, "marquise", 11, buildings=("sawmill", "workshop"))
    put(g, "eyrie", 7, buildings=("roost",))
    put(g, "marquise", 7, buildings=("recruiter",))
    acolytes(g, 6)
    birdsong(g, "mouse")
    assert g.legal_action_ids() == ["sanctify:7", "sanctify:11", "done"]
    play(g, "sanctify:7")
    assert g.decision == "lizard_sanctify_whom" and g.legal_action_ids() == ["defender:eyrie", "defender:marquise"]
    play(g, "defender:eyrie")
    assert B.buildings_of(g.state, "eyrie", idx(7)) == [] and B.buildings_of(g.state, NAME, idx(7)) == ["garden"]
    assert g.state.score[me(g)] == 1  # removing the roost scores as any removal
    assert lz(g).acolytes == 3 and LZ.gardens_on_map(g.state, "mouse") == 1
    play(g, "sanctify:11")
    assert g.decision == "lizard_sanctify_what" and g.legal_action_ids() == ["remove:sawmill", "remove:workshop"]
    play(g, "remove:workshop")
    assert B.buildings_of(g.state, "marquise", idx(11)) == ["sawmill"] and LZ.gardens_on_map(g.state, "mouse") == 2


# ---- Daylight (LR-10-05) ----------------------------------------------------------------------------------------------------

@rule("LR-10-05", "LR-10-05-01", "RTA-LC-10")
def test_build_a_garden_in_a_ruled_clearing_of_the_revealed_cards_suit():
    g = table()
    put(g, NAME, 8, warriors=1)
    put(g, NAME, 6, warriors=1)
    put(g, "marquise", 6, warriors=2)  # not ruled
    hand(g, me(g), ["fox_anvil", "rabbit_cobbler"])
    daylight(g)
    assert g.decision == "lizard_ritual"
    assert "ritual:build:fox_anvil" in g.legal_action_ids() and "ritual:build:rabbit_cobbler" not in g.legal_action_ids()
    play(g, "ritual:build:fox_anvil")  # one site: no question
    assert B.buildings_of(g.state, NAME, idx(8)) == ["garden"]
    assert g.state.hands[me(g)] == ["rabbit_cobbler"] and lz(g).revealed == ["fox_anvil"]
    assert not any("fox_anvil" in a for a in g.legal_action_ids())  # revealed: no other use this Daylight
    for seat in (0, 1, None):
        assert g.view(seat)[NAME]["revealed"] == ["fox_anvil"]


@rule("LR-10-05-02", "RTA-LC-10")
def test_recruit_a_warrior_in_any_clearing_of_the_cards_suit():
    g = table()
    put(g, "marquise", 12, warriors=3)
    hand(g, me(g), ["fox_anvil"])
    daylight(g)
    play(g, "ritual:recruit:fox_anvil")
    assert g.decision == "lizard_recruit_at"
    assert g.legal_action_ids() == ["recruit_at:1", "recruit_at:6", "recruit_at:8", "recruit_at:12"]  # rule not needed
    play(g, "recruit_at:12")
    assert warriors(g, NAME, 12) == 1 and g.state.supply[NAME] == 24


@rule("LR-10-05-03", "RTA-LC-03", "LR-10-02-06")
def test_score_spends_the_card_for_the_points_of_the_suits_track_once_a_turn_per_suit():
    g = garden(table(), 8, 12)
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["fox_anvil", "fox_ambush", "rabbit_cobbler"])
    daylight(g)
    assert "ritual:score:rabbit_cobbler" not in g.legal_action_ids()  # no rabbit garden on the map
    play(g, "ritual:score:fox_anvil")
    assert g.state.score[me(g)] == 2  # two fox gardens: the second space's points
    assert lz(g).lost_souls == ["fox_anvil"] and lz(g).revealed == [] and lz(g).scored == ("fox",)
    assert "ritual:score:fox_ambush" not in g.legal_action_ids()  # once per turn per suit
    assert "ritual:recruit:fox_ambush" in g.legal_action_ids()
    g = garden(table(), 1, 8, 12)
    hand(g, me(g), ["fox_anvil"])
    daylight(g)
    play(g, "ritual:score:fox_anvil")
    assert g.state.score[me(g)] == LZ.BOARD["points"][2] == 3


@rule("LR-10-05-04", "LR-10-02-02", "RTA-LC-10")
def test_a_bird_card_only_sacrifices_a_warrior_to_the_acolytes():
    g = garden(table(), 8)
    put(g, NAME, 8, warriors=2)
    hand(g, me(g), ["bird_crossbow", "fox_anvil"])
    daylight(g)
    bird = [a for a in g.legal_action_ids() if "bird_crossbow" in a]
    assert bird == ["ritual:sacrifice:bird_crossbow"]  # birds are not wild for rituals
    assert not any(a.startswith("ritual:sacrifice:fox") for a in g.legal_action_ids())
    play(g, "ritual:sacrifice:bird_crossbow")
    assert lz(g).acolytes == 1 and g.state.supply[NAME] == 25 - 2 - 1


# ---- Evening (LR-10-06) -------------------------------------------------------------------------------------------------------

@rule("LR-10-06", "LR-10-06-01", "LR-10-06-02", "LR-10-02-01", "RTA-LC-04", "RTA-LC-05")
def test_evening_returns_the_revealed_cards_then_crafts_with_gardens_of_the_outcast_suit():
    g = garden(table(outcast="fox"), 8, 5)
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["fox_anvil", "rabbit_a_visit_to_friends"])
    daylight(g)
    play(g, "ritual:recruit:fox_anvil", "recruit_at:8")
    play(g, "ritual:recruit:rabbit_a_visit_to_friends")
    since = len(g.state.events)
    play(g, "recruit_at:5")  # no card left to reveal: Daylight ends, Evening begins
    assert g.decision == "lizard_craft" and "ev.lizard.returned" in keys(g, since)
    assert sorted(g.state.hands[me(g)]) == ["fox_anvil", "rabbit_a_visit_to_friends"] and lz(g).revealed == []
    # the fox garden pays the Anvil (fox); the rabbit garden is not of the Outcast suit
    assert g.legal_action_ids() == ["craft:fox_anvil", "done"]
    other = 1 - me(g)
    assert sorted(g.view(other)["hands"][str(me(g))]["known"]) == ["fox_anvil", "rabbit_a_visit_to_friends"]
    play(g, "craft:fox_anvil")
    assert "hammer" in g.state.crafted[me(g)] and g.state.score[me(g)] == 2
    assert logged(g, "ev.lizard.lost_soul", since)[0]["card"] == "fox_anvil"  # a crafted item card: a lost soul


@rule("LR-10-06-03", "RTA-LC-03")
def test_evening_draws_one_plus_the_uncovered_card_bonuses_then_keeps_five():
    g = garden(table(outcast="rabbit"), 8, 12, 5)  # one rabbit garden crafts none of these
    hand(g, me(g), ["mouse_sword", "mouse_crossbow", "mouse_investments", "rabbit_cobbler"])
    since = len(g.state.events)
    evening(g)
    drawn = [p["n"] for p in logged(g, "ev.draw", since)]
    assert drawn == [2]  # one, and the card under the second fox garden
    assert g.decision == "discard" and len(g.state.hands[me(g)]) == 6
    g.apply("discard:mouse_sword")
    assert len(g.state.hands[me(g)]) == 5 and "mouse_sword" not in g.state.hands[me(g)]
    assert [p["card"] for p in logged(g, "ev.lizard.lost_soul", since)] == ["mouse_sword"]
    assert g.view(0)[NAME]["draws"] == 2


# ---- abilities (LR-10-02) ----------------------------------------------------------------------------------------------------------

@rule("LR-10-02-03", "RTA-LC-07")
def test_revenge_warriors_killed_defending_become_acolytes(monkeypatch):
    g = table()
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=3)
    dice(monkeypatch, 2, 0)
    cat_battle(g, 8)
    assert warriors(g, NAME, 8) == 1 and lz(g).acolytes == 2 and g.state.supply[NAME] == 25 - 3
    assert logged(g, "ev.lizard.revenge")[0]["n"] == 2


@rule("LR-10-02-03", "RTA-LC-07")
def test_no_revenge_for_warriors_killed_attacking(monkeypatch):
    g = table(outcast="fox")
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=3)
    acolytes(g, 2)
    birdsong(g, "fox")
    dice(monkeypatch, 2, 2)
    play(g, "crusade:battle", "battle:8")
    assert warriors(g, NAME, 8) == 1 and lz(g).acolytes == 0 and g.state.supply[NAME] == 25 - 3 + 2
    g = table(outcast="fox")  # an ambush's hits on the attacking Cult are no Revenge either
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=3)
    hand(g, cat(g), ["fox_ambush"])
    acolytes(g, 2)
    birdsong(g, "fox")
    play(g, "crusade:battle", "battle:8", "ambush:fox_ambush")
    assert warriors(g, NAME, 8) <= 1 and lz(g).acolytes == 0 and "fox_ambush" in lz(g).lost_souls


@rule("LR-10-02-04")
def test_pilgrims_rule_wherever_a_garden_stands_even_over_lords_of_the_forest():
    g = garden(table(factions=("marquise", "eyrie", "lizard")), 8, 7)
    put(g, "marquise", 8, warriors=3)
    put(g, "eyrie", 7, buildings=("roost",))  # a tie the Eyrie would win by Lords of the Forest
    assert B.ruler(g.state, idx(8)) == NAME and B.ruler(g.state, idx(7)) == NAME
    hand(g, me(g), ["fox_anvil"])
    daylight(g)
    play(g, "ritual:build:fox_anvil")  # 8 is ruled: a second garden there
    assert B.buildings_of(g.state, NAME, idx(8)) == ["garden", "garden"]
    with positions.edit(g) as s:
        s.buildings[idx(7)] = (("eyrie", "roost"),)
        s.warriors[NAME][idx(7)] = 1
    assert B.ruler(g.state, idx(7)) == "eyrie"  # a warrior instead of the garden: Lords of the Forest again


@rule("LR-10-02-05", "RTA-LC-11")
def test_fear_of_the_faithful_a_random_card_for_each_garden_removed(monkeypatch):
    g = garden(table(), 8)
    put(g, "marquise", 8, warriors=2)
    hand(g, me(g), ["fox_anvil", "rabbit_cobbler"])
    dice(monkeypatch, 0, 0)
    cat_battle(g, 8)  # a defenceless Cult: one hit, the garden
    assert B.buildings_of(g.state, NAME, idx(8)) == [] and g.state.score[cat(g)] == 1
    assert len(g.state.hands[me(g)]) == 1 and len(lz(g).lost_souls) == 1
    assert lz(g).lost_souls[0] in ("fox_anvil", "rabbit_cobbler")
    assert logged(g, "ev.lizard.fear")[0]["card"] == lz(g).lost_souls[0]
    g = garden(table(), 8)
    put(g, "marquise", 8, warriors=2)
    dice(monkeypatch, 0, 0)
    cat_battle(g, 8)
    assert logged(g, "ev.lizard.fear_none") and lz(g).lost_souls == []


# ---- the whole turn, information, bots, tables ---------------------------------------------------------------------------------

@rule("LR-10-01", "LR-10-06-01", "LR-01-02-01")
def test_revealed_cards_come_back_unless_scored_and_stay_known_to_everyone():
    g = garden(table(), 8)
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["fox_anvil", "fox_ambush", "mouse_crossbow"])
    daylight(g)
    play(g, "ritual:score:fox_anvil", "ritual:recruit:fox_ambush", "recruit_at:8", "done")
    assert g.decision == "lizard_craft"  # the Crossbow (fox) with the fox garden
    assert sorted(g.state.hands[me(g)]) == ["fox_ambush", "mouse_crossbow"]
    assert lz(g).lost_souls == ["fox_anvil"]
    other = 1 - me(g)
    view = g.view(other)
    assert view["hands"][str(me(g))]["known"] == ["fox_ambush"]  # the revealed card, not the one never shown
    assert hidden_paths(view, RULESET.zones_of(g.state), other, g.state.known_to(other)) == []
    probe = g.clone()
    RULESET.resample_hidden(probe.state, other, Stream(7))
    assert "fox_ambush" in probe.state.hands[me(g)]  # resampling for the other seat keeps it there


def test_bots_value_acolytes_and_gardens():
    g = table()
    before = base_potential(g.state)[me(g)] + LZ.potential(g.state, me(g))
    garden(g, 8)
    acolytes(g, 2)
    after = base_potential(g.state)[me(g)] + LZ.potential(g.state, me(g))
    assert after > before and LZ.potential(g.state, cat(g)) == 0


@pytest.mark.parametrize("players, factions, options", [
    (2, ["lizard", "marquise"], {}), (3, ["marquise", "eyrie", "lizard"], {"map": "winter"}),
    (4, ["lizard", "marquise", "alliance", "vagabond"], {"map": "lake", "hirelings": "random"}),
    (5, ["marquise", "eyrie", "alliance", "vagabond", "lizard"], {"map": "mountain"}),
])
def test_random_and_greedy_games_with_the_cult_end(players, factions, options):
    games_end(players, factions, options)


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = souls(garden(table(outcast="rabbit", hated=True), 8, 12), ["fox_anvil", "bird_ambush"])
    acolytes(g, 2)
    rules = ruleset("root")
    text = rules.render_text(g.view(0), "en")
    assert "Outcast: rabbit (Hated)" in text and "Acolytes 2" in text
    assert "fox gardens: 2 on the map, 3 on the track · Score: 2 VP" in text and "Lost Souls (2)" in text
    assert "被逐者：兔子（被憎恨）" in rules.render_text(g.view(0), "zh-Hant")
    assert "花园：地图上 2 座" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(0), "en", g.legal_action_ids())
    assert 'data-board="lizard"' in svg and 'data-gardens="fox" data-on-map="2" data-left="3"' in svg
    assert 'data-outcast="rabbit" data-hated="1"' in svg and 'data-acolytes="2"' in svg and 'data-lost-souls="2"' in svg


def test_random_games_with_the_cult_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["lizard", "marquise"], "autumn"), (2, ["eyrie", "lizard", "alliance"], "lake")))
