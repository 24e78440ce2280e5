"""The Corvid Conspiracy (Law of Root chapter 13), with boardlab's rulings RTA-CC-* (docs/root-rulings.md, "Corvid
Conspiracy").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; 1 is next to 5, 9 and
10, 8 to 4 and 7, 12 to 4, 7, 9, 10 and 11) with the Marquise (and a third faction where a test needs one).
"""
from __future__ import annotations

import json

import pytest
from root_helpers import dice, draft_offering, drafts_end, empty_table, games_end, hand, idx, new, play, put, render_and_click, rules_logged, set_up, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import advanced as ADV
from boardlab.games.root.content import FACTIONS, HIRELINGS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import corvid as CV
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
NAME = "corvid"
PLOT_KINDS = ("bomb", "snare", "extortion", "raid")


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=("marquise", "corvid")):
    """An empty Autumn map after setup (the keep gone), every hand and the discard pile empty, the Corvids' eight
    plots in their supply; returns the game."""
    g = empty_table(factions, seed)
    with positions.edit(g) as s:
        s.mods[NAME] = CV.CorvidState()
    return g


def cv(g) -> CV.CorvidState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def plot(g, number: int, kind: str, up: bool = False):
    """A plot of the Corvids from their supply to clearing `number`, face down unless `up`."""
    c = idx(number)
    with positions.edit(g) as s:
        s.mods[NAME].supply.remove(kind)
        if up:
            s.tokens[c] = s.tokens[c] + ((NAME, kind),)
        else:
            s.mods[NAME].facedown[c] = kind
            s.tokens[c] = s.tokens[c] + ((NAME, "plot"),)
    return g


def keys(g, since: int = 0) -> list[str]:
    return [e.key for e in g.state.events[since:]]


def logged(g, key: str) -> list[dict]:
    return [e.params for e in g.state.events if e.key == key]


def birdsong(g):
    return start(g, me(g), "birdsong.start")


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def cat_daylight(g):
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    return g


def pieces_at(g, number: int) -> tuple:
    return g.state.tokens[idx(number)]


# ---- setup (LR-13-03) ---------------------------------------------------------------------------------------------------

@rule("LR-13-03-01", "LR-13-03-02", "LR-13-02-02", "LR-13-02-02-01", "RTA-CC-01", "LR-05-01-07")
def test_setup_fifteen_warriors_eight_plots_face_down_and_a_warrior_in_a_clearing_of_each_suit():
    g = new(("corvid", "marquise"), seed=3)
    assert g.decision == "marquise_setup"  # the Marquise (A) sets up before the Conspiracy
    play(g, "keep:1")
    while g.decision == "marquise_setup":
        g.apply(g.legal_action_ids()[0])
    assert g.decision == "corvid_scatter" and g.to_play == me(g)
    assert g.legal_action_ids() == ["warrior_at:6", "warrior_at:8", "warrior_at:12"]  # fox, not the keep (1)
    play(g, "warrior_at:8")
    assert g.legal_action_ids() == ["warrior_at:3", "warrior_at:4", "warrior_at:5", "warrior_at:10"]  # rabbit
    play(g, "warrior_at:4", "warrior_at:7")  # then mouse
    assert [warriors(g, NAME, n) for n in (8, 4, 7)] == [1, 1, 1] and sum(g.state.warriors[NAME]) == 3
    assert g.state.supply[NAME] == FACTIONS[NAME].warriors - 3 == 12
    assert sorted(cv(g).supply) == sorted(k for k in PLOT_KINDS for _ in range(2)) and cv(g).facedown == {}
    assert not any(o == NAME for pieces in g.state.tokens for o, _ in pieces)
    assert {"LR-13-03-01", "LR-13-03-02"} <= rules_logged(g)


def draft(seed: int = 1, players: int = 3, **options):
    return boardlab.new_game("root", players, seed=seed, options={
        "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "corvid"], **options})


@rule("LR-AA-08-03-01", "RTA-CC-02", "LR-13-02-02-01")
def test_the_setup_card_a_homeland_with_a_warrior_and_a_plot_of_its_choice_then_the_scatter():
    g = draft()
    draft_offering(g, ("eyrie", "corvid", "alliance", "marquise"))
    play(g, "draft:eyrie", "roost_at:1")  # the last seat takes the Eyrie, homeland 1
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    play(g, "draft:corvid")
    assert g.decision == "corvid_homeland"
    offered = [int(a.split(":")[1]) for a in g.legal_action_ids()]
    assert 1 not in offered and len(offered) == 11  # anywhere but the Eyrie's homeland
    play(g, "plot_at:12")
    assert g.decision == "corvid_plot" and g.legal_action_ids() == [f"plot:{k}" for k in PLOT_KINDS]
    play(g, "plot:snare")
    assert warriors(g, NAME, 12) == 1 and pieces_at(g, 12) == ((NAME, "plot"),)
    assert cv(g).facedown == {idx(12): "snare"} and cv(g).supply.count("snare") == 1
    assert g.decision == "corvid_scatter"
    for _ in range(3):
        play(g, g.legal_action_ids()[0])
    assert sum(g.state.warriors[NAME]) == 4 and g.state.homes[NAME] == (idx(12),)
    other = next(s for s in range(3) if s != me(g))
    assert g.view(other)[NAME]["facedown"] == {str(me(g)): {"hidden": True, "count": 1}}  # its type is the Corvids' secret


@rule("LR-05-02", "LR-05-02-01", "LR-05-02-02", "LR-AA-08-01")
def test_reach_three_counts_in_the_reach_check_and_the_setup_card_is_drafted():
    assert REACH[NAME] == 3 and SETUP_CARDS[NAME].reach == 3 and not SETUP_CARDS[NAME].militant
    assert NAME in ADV.IMPLEMENTED and SETUP_CARDS[NAME].faction == NAME
    with pytest.raises(ConfigError, match="13"):  # Marquise 10 + Corvids 3 < 17 for two players
        boardlab.new_game("root", 2, seed=1, options={"factions": ["marquise", "corvid"]})
    ok = boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "corvid"]})  # 20 >= 18
    assert ok.state.faction == ("marquise", "eyrie", "corvid")
    assert NAME in ADV.default_pool(3)
    seen = set()
    for seed in range(12):
        seen |= set(draft(seed=seed).state.draft.cards)
    assert NAME in seen


@rule("LR-AA-06-05", "LR-AA-06-01", "RTA-HC-10")
def test_the_corvid_spies_are_never_dealt_beside_the_conspiracy_and_return_its_setup_card():
    assert HIRELINGS["corvid_spies"].replaces == (NAME,)
    with pytest.raises(ConfigError):
        boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "corvid"],
                                                      "hirelings": ["corvid_spies"]})
    for seed in range(8):
        g = boardlab.new_game("root", 3, seed=seed, options={"factions": ["marquise", "eyrie", "corvid"],
                                                             "hirelings": "random"})
        set_up(g)
        assert "corvid_spies" not in g.state.hired
    g = draft(seed=2, hirelings=["corvid_spies", "popular_band", "highway_bandits"])
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    assert NAME in g.state.draft.removed and NAME not in g.state.draft.cards


# ---- Birdsong (LR-13-04) ---------------------------------------------------------------------------------------------------

@rule("LR-13-04", "LR-13-04-01", "LR-13-02-01")
def test_birdsong_crafts_with_plots_face_up_or_down_then_flips_then_recruits():
    g = table()
    put(g, NAME, 8, warriors=1)
    plot(g, 8, "raid")             # face down, fox
    plot(g, 7, "snare", up=True)   # face up, mouse
    hand(g, me(g), ["fox_anvil", "mouse_root_tea", "mouse_sword", "rabbit_bake_sale"])
    birdsong(g)
    assert g.decision == "corvid_craft"
    legal = g.legal_action_ids()
    assert "craft:fox_anvil" in legal and "craft:mouse_root_tea" in legal  # each plot pays its clearing's suit
    assert "craft:mouse_sword" not in legal and "craft:rabbit_bake_sale" not in legal
    play(g, "craft:fox_anvil")
    assert "craft:mouse_root_tea" in g.legal_action_ids() and "craft:mouse_crossbow" not in g.legal_action_ids()
    play(g, "done")
    assert g.decision == "corvid_flip" and g.legal_action_ids()[:1] == ["flip:8"]
    play(g, "done")
    assert g.decision == "corvid_recruit"  # the last step, once a turn
    play(g, "recruit:mouse_sword")
    assert g.decision == "corvid_daylight"


@rule("LR-13-04-02", "LR-13-01", "LR-13-02-02-01")
def test_flipping_scores_a_point_per_face_up_plot_on_the_map_and_needs_corvid_warriors_there():
    g = table()
    plot(g, 7, "snare", up=True)
    plot(g, 3, "raid", up=True)
    plot(g, 8, "snare")
    plot(g, 4, "raid")            # no Corvid warrior in 4: it cannot be flipped
    put(g, NAME, 8, warriors=1)
    birdsong(g)
    assert g.decision == "corvid_flip" and "flip:4" not in g.legal_action_ids()
    score = g.state.score[me(g)]
    play(g, "flip:8")
    assert pieces_at(g, 8) == ((NAME, "snare"),) and idx(8) not in cv(g).facedown
    assert g.state.score[me(g)] == score + 3  # three face up now, this one included
    assert logged(g, "ev.corvid.flip")[-1] == {"clearing": idx(8), "kind": "snare", "n": 3}


@rule("LR-13-07-01", "RTA-CC-12", "LR-03-02-01")
def test_a_flipped_bomb_removes_every_enemy_piece_then_itself():
    g = table()
    put(g, "marquise", 8, warriors=3, buildings=("sawmill",), tokens=("wood",))
    put(g, NAME, 8, warriors=1)
    plot(g, 8, "bomb")
    birdsong(g)
    score = g.state.score[me(g)]
    play(g, "flip:8")
    assert warriors(g, "marquise", 8) == 0 and g.state.buildings[idx(8)] == () and pieces_at(g, 8) == ()
    assert warriors(g, NAME, 8) == 1
    assert g.state.score[me(g)] == score + 1 + 2  # the flip (one face up), the sawmill and the wood
    assert cv(g).supply.count("bomb") == 2  # back to the supply, face down
    assert "LR-13-07-01" in rules_logged(g)


@rule("LR-13-07-03", "RTA-CC-07", "LR-13-06-02")
def test_a_flipped_extortion_takes_a_random_card_from_each_enemy_there_and_draws_one_more_in_evening():
    g = table(factions=("marquise", "eyrie", "corvid"))
    eyrie = g.state.seat_of("eyrie")
    put(g, "marquise", 8, warriors=1)
    put(g, NAME, 8, warriors=1)
    plot(g, 8, "extortion")
    hand(g, cat(g), ["fox_anvil", "mouse_sword"])
    hand(g, eyrie, ["rabbit_cobbler"])  # no piece in 8: nothing taken
    birdsong(g)
    play(g, "flip:8")
    assert len(g.state.hands[cat(g)]) == 1 and len(g.state.hands[me(g)]) == 1
    taken = g.state.hands[me(g)][0]
    assert taken in ("fox_anvil", "mouse_sword") and g.state.hands[eyrie] == ["rabbit_cobbler"]
    view = g.view(eyrie)
    assert view["hands"][str(me(g))] == {"hidden": True, "count": 1}  # the card taken: the two players know it
    assert taken in g.view(cat(g))["hands"][str(me(g))].get("known", [])
    assert CV.draws(g.state) == 2
    hand(g, me(g), [])
    evening(g)
    play(g, "done")  # no Exert: draw 1 + 1 face-up extortion
    assert len(g.state.hands[me(g)]) == 2


@rule("LR-13-04-03", "RTA-CC-05")
def test_recruit_spends_a_card_for_a_warrior_in_each_matching_clearing_once_a_turn():
    g = table()
    put(g, "marquise", 12, warriors=1)
    hand(g, me(g), ["fox_anvil", "bird_ambush"])
    birdsong(g)
    assert g.decision == "corvid_recruit"
    play(g, "recruit:fox_anvil")
    assert [warriors(g, NAME, n) for n in (1, 6, 8, 12)] == [1, 1, 1, 1]
    assert "fox_anvil" in g.state.discard and g.decision == "corvid_daylight"
    assert not CV.recruit_cards(g.state, me(g))  # once per turn
    # a bird: the Corvids choose the suit
    g = table()
    hand(g, me(g), ["bird_ambush"])
    birdsong(g)
    play(g, "recruit:bird_ambush")
    assert g.decision == "corvid_recruit_suit"
    play(g, "any:mouse")
    assert [warriors(g, NAME, n) for n in (2, 7, 9, 11)] == [1, 1, 1, 1]
    # too few warriors left: one at a time, where the Corvids choose
    g = table()
    with positions.edit(g) as s:
        s.supply[NAME] = 2
    hand(g, me(g), ["rabbit_cobbler"])
    birdsong(g)
    play(g, "recruit:rabbit_cobbler")
    assert g.decision == "corvid_place" and len(g.legal_action_ids()) == 4
    play(g, "recruit_at:10", "recruit_at:3")
    assert [warriors(g, NAME, n) for n in (3, 4, 5, 10)] == [1, 0, 0, 1] and g.state.supply[NAME] == 0


# ---- Daylight (LR-13-05) ---------------------------------------------------------------------------------------------------

@rule("LR-13-05", "LR-13-05-01", "LR-13-02-03", "RTA-CC-12")
def test_three_actions_and_nimble_moves_ignore_rule():
    g = table()
    put(g, "marquise", 8, warriors=3)
    put(g, "marquise", 7, warriors=3)
    put(g, NAME, 8, warriors=2)
    daylight(g)
    assert g.decision == "corvid_daylight" and "move" in g.legal_action_ids()
    play(g, "move", "from:8", "to:7", "warriors:1")  # the Marquise rules both clearings
    assert warriors(g, NAME, 7) == 1
    play(g, "move", "from:7", "to:8")
    play(g, "move", "from:8", "to:4", "warriors:2")
    assert warriors(g, NAME, 4) == 2 and g.decision == "corvid_exert"  # three actions: Daylight is over


@rule("LR-13-05-03")
def test_battle_action(monkeypatch):
    g = table()
    put(g, "marquise", 8, warriors=1)
    put(g, NAME, 8, warriors=2)
    dice(monkeypatch, 2, 0)
    daylight(g)
    play(g, "battle", "battle:8")
    assert warriors(g, "marquise", 8) == 0 and warriors(g, NAME, 8) == 2


@rule("LR-13-05-02", "LR-13-02-02-02", "RTA-CC-10", "LR-13-02-02-01")
def test_plot_removes_warriors_one_more_per_plot_placed_this_turn_where_no_plot_is():
    g = table()
    put(g, NAME, 8, warriors=1)
    put(g, NAME, 7, warriors=2)
    put(g, NAME, 4, warriors=3)
    plot(g, 3, "raid")
    put(g, NAME, 3, warriors=3)
    daylight(g)
    assert "plot_at:3" not in g.legal_action_ids()  # one plot a clearing
    assert {"plot_at:8", "plot_at:7", "plot_at:4"} <= set(g.legal_action_ids())
    play(g, "plot_at:8")
    assert g.decision == "corvid_plot_type" and g.legal_action_ids() == [f"plot:{k}" for k in PLOT_KINDS]
    play(g, "plot:bomb")
    assert warriors(g, NAME, 8) == 0 and pieces_at(g, 8) == ((NAME, "plot"),) and cv(g).facedown[idx(8)] == "bomb"
    assert "plot_at:7" in g.legal_action_ids() and CV.plot_cost(g.state) == 2
    play(g, "plot_at:7", "plot:extortion")
    assert warriors(g, NAME, 7) == 0 and CV.plot_cost(g.state) == 3
    assert "plot_at:4" in g.legal_action_ids()
    play(g, "plot_at:4", "plot:bomb")
    assert warriors(g, NAME, 4) == 0 and sorted(cv(g).facedown.values()) == ["bomb", "bomb", "extortion", "raid"]
    other = cat(g)
    text = json.dumps(g.view(other))
    assert "bomb" not in text and "extortion" not in text  # not in its view nor its log
    assert cv(g).supply == ["extortion", "raid", "snare", "snare"]


@rule("LR-13-05-04", "RTA-CC-06")
def test_trick_swaps_two_plots_of_the_same_facing():
    g = table()
    plot(g, 8, "bomb")
    plot(g, 7, "raid")
    plot(g, 4, "snare", up=True)
    plot(g, 3, "extortion", up=True)
    daylight(g)
    assert {"trick:8", "trick:7", "trick:4", "trick:3"} <= set(g.legal_action_ids())
    play(g, "trick:8")
    assert g.legal_action_ids() == ["swap:7"]  # face down with face down only
    play(g, "swap:7")
    assert cv(g).facedown == {idx(8): "raid", idx(7): "bomb"}
    play(g, "trick:4", "swap:3")
    assert pieces_at(g, 4) == ((NAME, "extortion"),) and pieces_at(g, 3) == ((NAME, "snare"),)
    assert "raid" not in json.dumps(g.view(cat(g))["log"])


# ---- Evening (LR-13-06) -----------------------------------------------------------------------------------------------------

@rule("LR-13-06", "LR-13-06-01", "RTA-CC-08", "LR-13-06-02")
def test_exert_one_more_action_instead_of_drawing_the_hand_limit_still_holds():
    g = table()
    put(g, NAME, 8, warriors=2)
    hand(g, me(g), ["fox_anvil", "mouse_sword", "rabbit_cobbler", "bird_ambush", "fox_ambush", "mouse_ambush"])
    evening(g)
    assert g.decision == "corvid_exert" and "move" in g.legal_action_ids()
    play(g, "move", "from:8", "to:4", "warriors:2")
    assert warriors(g, NAME, 4) == 2 and "ev.corvid.no_draw" in keys(g)
    assert g.decision == "discard" and g.to_play == me(g)  # six cards: down to five, nothing drawn
    play(g, "discard:fox_anvil")
    assert len(g.state.hands[me(g)]) == 5
    g = table()
    evening(g)
    assert g.decision == "corvid_exert" or len(g.state.hands[me(g)]) == 1
    if g.decision == "corvid_exert":
        play(g, "done")
    assert len(g.state.hands[me(g)]) == 1  # no Exert: one card


# ---- Exposure (LR-13-02-04) ------------------------------------------------------------------------------------------------

@rule("LR-13-02-04", "RTA-CC-09", "LR-13-07-04")
def test_exposure_a_wrong_guess_gives_the_card_a_right_one_removes_the_plot_for_a_point_and_no_raid():
    g = table()
    put(g, "marquise", 8, warriors=2)
    plot(g, 8, "raid")
    plot(g, 4, "bomb")  # no Marquise piece in 4: not offered there
    hand(g, cat(g), ["fox_anvil", "bird_ambush", "mouse_sword"])
    cat_daylight(g)
    legal = g.legal_action_ids()
    assert "expose:8" in legal and "expose:4" not in legal
    play(g, "expose:8")
    assert g.decision == "corvid_show" and g.to_play == cat(g)
    assert g.legal_action_ids() == ["show:fox_anvil", "show:bird_ambush"]  # matching the fox clearing (a bird too)
    play(g, "show:fox_anvil")
    assert g.decision == "corvid_guess" and g.legal_action_ids() == [f"guess:{k}" for k in PLOT_KINDS]
    play(g, "guess:bomb")
    assert "fox_anvil" in g.state.hands[me(g)] and "fox_anvil" not in g.state.hands[cat(g)]
    assert pieces_at(g, 8) == ((NAME, "plot"),) and logged(g, "ev.corvid.guess_wrong")
    score = g.state.score[cat(g)]
    play(g, "expose:8")  # one card left that matches: shown at once
    assert g.decision == "corvid_guess"
    play(g, "guess:raid")
    assert pieces_at(g, 8) == () and g.state.score[cat(g)] == score + 1
    assert "bird_ambush" in g.state.hands[cat(g)]  # a right guess keeps the card
    assert sum(g.state.warriors[NAME]) == 0  # removed by Exposure: the raid places nothing
    assert cv(g).supply.count("raid") == 2 and idx(8) not in cv(g).facedown


@rule("LR-13-02-04", "RTA-CC-09")
def test_exposure_only_on_the_enemys_own_turn():
    g = table()
    put(g, "marquise", 8, warriors=2)
    plot(g, 8, "raid")
    hand(g, cat(g), ["fox_anvil"])
    hand(g, me(g), ["fox_ambush"])
    put(g, NAME, 4, warriors=1)
    daylight(g)
    assert g.decision == "corvid_daylight" and not any(a.startswith("expose:") for a in g.legal_action_ids())  # the Corvids' turn
    assert CV.exposure_options(g.state, cat(g), "daylight") == []
    assert CV.exposure_options(g.state, me(g), "daylight") == []


# ---- Embedded Agents, the snare, the raid -------------------------------------------------------------------------------------

@rule("LR-13-02-05")
def test_embedded_agents_an_extra_hit_defending_with_a_face_down_plot_even_defenceless(monkeypatch):
    g = table()
    put(g, "marquise", 8, warriors=3)
    plot(g, 8, "snare")
    dice(monkeypatch, 1, 0)
    cat_daylight(g)
    play(g, "battle", "battle:8")
    if g.decision == "battle_whom":
        play(g, f"defender:{NAME}")
    assert warriors(g, "marquise", 8) == 2  # the Corvids rolled nothing but deal their extra hit
    assert pieces_at(g, 8) == ()  # the Marquise's rolled hit and the defenceless one take the plot
    g = table()
    put(g, "marquise", 8, warriors=3)
    put(g, NAME, 8, warriors=1)
    plot(g, 8, "snare", up=True)  # face up: no extra hit
    dice(monkeypatch, 1, 0)
    cat_daylight(g)
    play(g, "battle", "battle:8")
    assert warriors(g, "marquise", 8) == 3


@rule("LR-13-07-02", "RTA-CC-11")
def test_a_face_up_snare_stops_enemies_placing_there_and_moving_out():
    g = table()
    put(g, "marquise", 8, warriors=2)
    put(g, "marquise", 4, warriors=1)
    put(g, NAME, 8, warriors=1)
    plot(g, 8, "snare", up=True)
    from boardlab.games.root import board as B
    from boardlab.games.root import move as MV
    assert not B.may_place(g.state, "marquise", idx(8)) and B.may_place(g.state, NAME, idx(8))
    assert MV.destinations(g.state, "marquise", idx(8)) == [] and MV.destinations(g.state, NAME, idx(8))
    assert idx(8) in MV.destinations(g.state, "marquise", idx(4))  # moving in is allowed
    g2 = table()
    put(g2, "marquise", 8, warriors=2)
    plot(g2, 8, "snare")  # face down: no effect
    assert MV.destinations(g2.state, "marquise", idx(8))


@rule("LR-13-07-04", "RTA-CC-04")
def test_a_removed_raid_places_a_warrior_in_each_adjacent_clearing_other_plots_stay_secret(monkeypatch):
    g = table()
    put(g, "marquise", 8, warriors=3)
    plot(g, 8, "raid")
    dice(monkeypatch, 3, 0)
    cat_daylight(g)
    play(g, "battle", "battle:8")
    assert pieces_at(g, 8) == () and [warriors(g, NAME, n) for n in (4, 7)] == [1, 1]
    assert "ev.corvid.raid" in keys(g) and cv(g).supply.count("raid") == 2
    g = table()
    put(g, "marquise", 8, warriors=3)
    plot(g, 8, "bomb")
    dice(monkeypatch, 3, 0)
    cat_daylight(g)
    play(g, "battle", "battle:8")
    assert pieces_at(g, 8) == () and sum(g.state.warriors[NAME]) == 0
    assert cv(g).supply.count("bomb") == 2 and "bomb" not in json.dumps(g.view(cat(g)))


# ---- hidden information, bots, tables ------------------------------------------------------------------------------------------

@rule("LR-13-02-02-01", "RTA-CC-03")
def test_other_seats_never_see_a_face_down_plots_type_and_resampling_keeps_the_counts():
    g = table(factions=("marquise", "eyrie", "corvid"))
    plot(g, 8, "bomb")
    plot(g, 7, "extortion")
    plot(g, 4, "raid", up=True)
    for seat in (cat(g), g.state.seat_of("eyrie"), None):
        view = g.view(seat)
        assert view[NAME]["facedown"] == {str(me(g)): {"hidden": True, "count": 2}}
        assert view[NAME]["reserve"] == {str(me(g)): {"hidden": True, "count": 5}}
        assert view[NAME]["plots"] == {"8": "plot", "7": "plot", "4": "raid"}
        assert hidden_paths(view, RULESET.zones_of(g.state), seat, g.state.known_to(seat)) == []
    mine = g.view(me(g))[NAME]
    assert mine["facedown"] == {str(me(g)): {"7": "extortion", "8": "bomb"}}
    seen = set()
    for k in range(12):
        probe = g.clone()
        RULESET.resample_hidden(probe.state, cat(g), Stream(k))
        d = probe.state.mods[NAME]
        assert sorted(d.facedown) == [idx(7), idx(8)] and len(d.supply) == 5
        assert sorted(list(d.facedown.values()) + d.supply) == sorted(["bomb", "extortion"] + cv(g).supply)
        seen.add(d.facedown[idx(8)])
    assert len(seen) > 1
    probe = g.clone()
    RULESET.resample_hidden(probe.state, me(g), Stream(1))
    assert probe.state.mods[NAME].facedown == cv(g).facedown  # the Corvids know their own


def test_bots_value_plots_on_the_map():
    g = table()
    before = base_potential(g.state)[me(g)] + CV.potential(g.state, me(g))
    plot(g, 8, "bomb")
    plot(g, 7, "extortion", up=True)
    after = base_potential(g.state)[me(g)] + CV.potential(g.state, me(g))
    assert after > before and CV.potential(g.state, cat(g)) == 0


@pytest.mark.parametrize("players, factions, options", [
    (2, ["corvid", "marquise"], {}), (3, ["marquise", "eyrie", "corvid"], {"map": "winter"}),
    (4, ["corvid", "marquise", "alliance", "vagabond"], {"map": "lake", "hirelings": "random"}),
    (5, ["marquise", "eyrie", "lizard", "vagabond", "corvid"], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_conspiracy_end(players, factions, options):
    games_end(players, factions, options)


def test_random_drafts_with_the_conspiracy_end():
    drafts_end(["marquise", "eyrie", "alliance", "vagabond", "lizard", "corvid"])


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = table()
    plot(g, 8, "bomb")
    plot(g, 7, "extortion", up=True)
    rules = ruleset("root")
    mine = rules.render_text(g.view(me(g)), "en")
    assert "Your face-down plots: 8 bomb" in mine and "next flip scores 2" in mine and "Evening draws 2" in mine
    theirs = rules.render_text(g.view(cat(g)), "en")
    assert "Plots on the map: 7 extortion, 8 face-down plot" in theirs and "bomb" not in theirs
    assert "勒索" in rules.render_text(g.view(cat(g)), "zh-Hant") and "鸦众" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(me(g)), "en", [])
    assert 'data-board="corvid"' in svg and 'data-plot="8" data-kind="plot" data-secret="bomb"' in svg
    other = render_board(g.view(cat(g)), "en", [])
    assert 'data-plot="8" data-kind="plot">' in other and "bomb" not in other


def test_random_games_with_the_conspiracy_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["corvid", "marquise"], "autumn"), (2, ["eyrie", "corvid", "alliance"], "lake")))


@rule("LR-13-07-02", "RTA-CC-11", "LR-09-04-02")
def test_a_snare_holds_the_vagabond_in_but_not_his_slip():
    from boardlab.games.root.modules import vagabond_turn as VT
    from boardlab.games.root.state import FOREST
    g = table(factions=("vagabond", "corvid"))
    plot(g, 8, "snare", up=True)
    with positions.edit(g) as s:
        s.pawns = {**s.pawns, "vagabond": idx(8)}
    forest = FOREST  # the first forest: a move into it leaves the clearing too
    assert VT.blocked(g.state, "vagabond", idx(8), idx(4)) and VT.blocked(g.state, "vagabond", idx(8), forest)
    assert not VT.blocked(g.state, "vagabond", idx(8), idx(4), slip=True)
    assert idx(4) in VT.slip_options(g.state, "vagabond")
    with positions.edit(g) as s:
        s.tokens[idx(8)] = ((NAME, "plot"),)
        s.mods[NAME].facedown[idx(8)] = "snare"
    assert not VT.blocked(g.state, "vagabond", idx(8), idx(4))  # face down: no effect
