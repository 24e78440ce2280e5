"""Root's hirelings, part A (issue 13): Riverfolk Flotilla / Otter Divers, Warm Sun Prophets / Lizard Envoys,
Highway Bandits / Bandit Gangs, Furious / Stoic Protector, each side with a scenario citing the clauses it
proves (the Law's Appendix H, LR-AH-*; seed 001, RT-HR-*) and boardlab's rulings RTA-HA-* (docs/root-rulings.md,
"Hirelings: Riverfolk and Protector"); then random games with them dealt.

Autumn map unless a test says otherwise: 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox; paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12
9-12 10-12 11-12; rivers 4-7 5-10 7-11 10-11 (so 4, 5, 7, 10, 11 are river clearings); ruins in 6, 10, 11, 12.
"""
from __future__ import annotations

import pytest
from root_helpers import idx, new, play, put, set_up, start
from test_root_hirelings import answer, blank, control, end_turn, keys, params, run_tasks, side

import boardlab
from boardlab.core import positions
from boardlab.core.flow import GAME_OVER
from boardlab.core.rng import Stream
from boardlab.games.root import RULESET, Root
from boardlab.games.root import battle as BT
from boardlab.games.root import board as B
from boardlab.games.root import cards as K
from boardlab.games.root import move as MV
from boardlab.games.root.modules import highway_bandits as HB

FLOTILLA, PROPHETS = "riverfolk_flotilla", "warm_sun_prophets"
BANDITS, PROTECTOR = "highway_bandits", "furious_protector"
MINE = (FLOTILLA, PROPHETS, BANDITS, PROTECTOR)


def game(factions=("marquise", "eyrie"), hirelings=MINE[:3], seed=1, **options):
    return set_up(new(factions, seed=seed, hirelings=list(hirelings), **options))


def bare(g):
    """`blank` (every warrior, building and token off the map, hands empty, scores 0), pawns of these
    hirelings and bandits off the map too, ruins kept."""
    blank(g)
    with positions.edit(g) as s:
        for key in (FLOTILLA, PROTECTOR):
            s.pawns.pop(key, None)
        if BANDITS in s.supply:
            s.supply[BANDITS] += sum(1 for pieces in s.on_paths.values() for p in pieces if p[0] == BANDITS)
        s.on_paths = {}
    return g


def pawn(g, key, number):
    with positions.edit(g) as s:
        s.pawns[key] = idx(number)
    return g


def bandit(g, a, b):
    with positions.edit(g) as s:
        B.place_on_path(s, BANDITS, "warrior", idx(a), idx(b))
    return g


def legal_heads(g, head):
    return sorted(a for a in g.legal_action_ids() if a.startswith(head + ":"))


# ---- Riverfolk Flotilla ----------------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HA-01")
def test_the_flotilla_starts_on_the_map_edge_on_a_river():
    g = new(("marquise", "eyrie"), seed=2, hirelings=[FLOTILLA])
    while g.decision != "flotilla_setup":
        g.apply(g.legal_action_ids()[0])
    expected = [f"flotilla_at:{n}" for n in (4, 5, 7) if B.may_place(g.state, FLOTILLA, idx(n))]
    assert sorted(g.legal_action_ids()) == expected and len(expected) >= 2  # edge and river: 4, 5, 7 (not 10, 11)
    play(g, expected[-1])
    assert g.state.pawns[FLOTILLA] == idx(int(expected[-1].split(":")[1]))


@pytest.mark.rule("LR-AH-02-02", "RT-HR-26", "RT-HR-45", "RTA-HA-01")
def test_the_flotilla_cannot_be_battled_nor_removed():
    g = pawn(bare(game()), FLOTILLA, 7)
    put(g, "marquise", 7, 2)
    put(g, "eyrie", 7, 2)
    assert BT.targets(g.state, "eyrie", idx(7)) == ["marquise"]  # uncontrolled, an enemy, yet no defender
    control(g, FLOTILLA, 0)
    assert BT.targets(g.state, "eyrie", idx(7)) == ["marquise"]
    put(g, "marquise", 7, -2)
    assert BT.battle_sites(g.state, "eyrie", (idx(7),)) == []  # the Flotilla alone there: no battle
    run_tasks(g, 1, *K.remove_all(g.state, 1, "eyrie", idx(7), ("test",)), then=GAME_OVER)
    assert g.state.pawns[FLOTILLA] == idx(7)  # "remove all enemy pieces" leaves it


@pytest.mark.rule("LR-AH-02-03", "RT-HR-29", "RTA-HA-01")
def test_the_flotilla_lets_players_there_draw_then_sails_a_river_ignoring_rule():
    g = pawn(bare(game()), FLOTILLA, 7)
    control(g, FLOTILLA, 1)
    put(g, "marquise", 7, 1)
    put(g, "eyrie", 7, 1)
    for n in (3, 4, 8, 11, 12):
        put(g, "marquise", n, 3)  # the Marquise rules every clearing around 7
    since = len(g.state.events)
    start(g, 1, "birdsong.start")
    assert g.decision == "flotilla_draw" and g.to_play == 1  # the controller first
    play(g, "flotilla_draw")
    assert g.decision == "flotilla_draw" and g.to_play == 0  # then the next player with pieces there
    play(g, "pass")
    assert len(g.state.hands[1]) == 1 and g.state.hands[0] == []
    assert g.decision == "flotilla_move" and sorted(g.legal_action_ids()) == ["flotilla_to:11", "flotilla_to:4"]
    play(g, "flotilla_to:11")  # along the river 7-11, not the paths 7-3, 7-8, 7-12
    assert g.state.pawns[FLOTILLA] == idx(11)
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:11", "skip"]  # it may battle there
    moved = [e.rules for e in g.state.events[since:] if e.key == "ev.flotilla.moved"]
    assert moved[0][:2] == ("LR-AH-02-03", "RT-HR-29")


@pytest.mark.rule("LR-AH-02-02", "RT-HR-26", "LR-AH-03-06", "RTA-HA-01")
def test_the_flotilla_rolls_up_to_three_hits_and_takes_none():
    for seed in range(6):
        g = pawn(bare(game(seed=seed)), FLOTILLA, 7)
        control(g, FLOTILLA, 1)
        put(g, "marquise", 11, 3, buildings=["sawmill"])
        start(g, 1, "birdsong.start")
        since = len(g.state.events)
        answer(g, lambda game: {"flotilla_move": "flotilla_to:11", "battle_where": "battle:11"}.get(game.decision),
               until=("eyrie_add", "eyrie_craft", "eyrie_resolve"))
        roll = params(g, "ev.roll", since)[0]
        assert roll["attacker"] == max(roll["dice"])  # a pawn with no warrior rolls up to 3 hits
        assert g.state.warriors["marquise"][idx(11)] == 3 - min(3, roll["attacker"])
        assert g.state.pawns[FLOTILLA] == idx(11) and g.state.score[1] == 0  # never removed; no points for it


# ---- Otter Divers ----------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HA-02")
def test_otter_divers_let_the_controller_move_into_or_out_of_river_clearings_ignoring_rule():
    g = side(bare(game()), FLOTILLA, True)
    for n in (1, 2, 3, 5, 6, 10, 11):
        put(g, "eyrie", n, 3)
    put(g, "marquise", 5, 1)  # a river clearing
    put(g, "marquise", 6, 1)  # not one
    assert MV.destinations(g.state, "marquise", idx(5)) == []  # uncontrolled: rule as usual
    control(g, FLOTILLA, 0)
    assert MV.destinations(g.state, "marquise", idx(5)) == [idx(1), idx(2)]  # out of a river clearing
    assert MV.destinations(g.state, "marquise", idx(6)) == [idx(11)]  # into one, not into 2 or 3
    assert MV.destinations(g.state, "eyrie", idx(5)) == [idx(1), idx(2)]  # the Eyrie rules them anyway
    control(g, FLOTILLA, 1)
    put(g, "eyrie", 4, 1)
    put(g, "marquise", 4, 3)
    put(g, "marquise", 8, 3)
    put(g, "marquise", 9, 3)
    put(g, "marquise", 12, 3)
    assert MV.destinations(g.state, "eyrie", idx(4)) == [idx(8), idx(9), idx(12)]  # for its new controller
    assert MV.destinations(g.state, "marquise", idx(5)) == []
    run_tasks(g, 1, MV.moves(1, "eyrie", 1, ("test",)))
    play(g, "from:4", "to:9")
    assert g.state.warriors["eyrie"][idx(9)] == 1


# ---- Warm Sun Prophets -----------------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HA-03")
def test_the_prophets_start_in_every_ruin_clearing():
    g = game(hirelings=[PROPHETS])
    assert [n + 1 for n, w in enumerate(g.state.warriors[PROPHETS]) if w] == [6, 10, 11, 12]
    assert g.state.supply[PROPHETS] == 0


@pytest.mark.rule("LR-AH-02-01", "RT-HR-28", "RTA-HA-03")
def test_the_prophets_when_hired_with_none_on_the_map_place_one_anywhere():
    g = bare(game(hirelings=[PROPHETS]))
    control(g, PROPHETS, 1, markers=0)
    end_turn(g, 1)  # handed to seat 0, who takes its When-Hired action at once
    assert g.decision == "prophets_place" and g.to_play == 0 and len(g.legal_action_ids()) == 12
    play(g, "prophets_at:3")
    assert g.state.warriors[PROPHETS][idx(3)] == 1


@pytest.mark.rule("LR-AH-02-04", "RT-HR-30", "LR-AH-03-06", "RTA-HA-03")
def test_the_prophets_force_a_player_to_battle_and_it_scores_as_usual():
    g = bare(game(hirelings=[PROPHETS]))
    control(g, PROPHETS, 1)
    put(g, PROPHETS, 5, 1)
    put(g, "marquise", 5, 2)
    put(g, "eyrie", 5, buildings=["roost"])  # the controller's own faction
    start(g, 1, "daylight.start")
    play(g, f"hireling:{PROPHETS}:force")  # the Marquise, in 5, a battle (it can move nowhere): taken at once
    assert g.decision == "prophets_defender" and g.to_play == 1  # the controller picks the defender
    assert sorted(g.legal_action_ids()) == ["defender:eyrie", f"defender:{PROPHETS}"]
    since = len(g.state.events)
    play(g, "defender:eyrie")
    battle = params(g, "ev.battle", since)[0]
    assert battle["seat"] == 0 and battle["faction"] == "marquise" and battle["defender"] == "eyrie"
    assert params(g, "ev.prophets.forced_battle", since)[0]["target"] == 0
    assert ("roost" not in B.buildings_of(g.state, "eyrie", idx(5))) and g.state.score[0] == 1  # scored as usual
    assert g.state.score[1] == 0 and f"hireling:{PROPHETS}:force" not in g.legal_action_ids()


@pytest.mark.rule("LR-AH-02-04", "RT-HR-30", "RTA-HA-03")
def test_the_prophets_force_every_warrior_to_move_where_the_controller_says_then_maybe_battle():
    g = bare(game(hirelings=[PROPHETS]))
    control(g, PROPHETS, 0)
    put(g, PROPHETS, 2, 1)
    put(g, "eyrie", 2, 3)  # the Eyrie rules 2 (3 against 1)
    put(g, "marquise", 6, 1)
    put(g, "marquise", 10, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{PROPHETS}:force")
    assert sorted(g.legal_action_ids()) == ["prophets_do:battle", "prophets_do:move"]
    play(g, "prophets_do:move")
    assert g.decision == "prophets_to" and g.to_play == 0
    assert sorted(g.legal_action_ids()) == ["prophets_to:10", "prophets_to:5", "prophets_to:6"]
    play(g, "prophets_to:6")
    assert g.state.warriors["eyrie"][idx(2)] == 0 and g.state.warriors["eyrie"][idx(6)] == 3  # all of them
    assert g.decision == "prophets_defender" and g.legal_action_ids() == ["defender:marquise", "skip"]
    play(g, "skip")
    assert g.state.warriors["marquise"][idx(6)] == 1 and g.decision.startswith("marquise")  # no battle


@pytest.mark.rule("LR-AH-02-04", "RT-HR-30", "RTA-HA-03")
def test_the_prophets_place_one_where_there_is_none():
    g = bare(game(hirelings=[PROPHETS]))
    control(g, PROPHETS, 0)
    put(g, PROPHETS, 2, 1)
    start(g, 0, "daylight.start")
    assert f"hireling:{PROPHETS}:force" not in g.legal_action_ids()  # no player beside a Prophet
    play(g, f"hireling:{PROPHETS}:place")
    assert "prophets_at:2" not in g.legal_action_ids() and len(g.legal_action_ids()) == 11
    play(g, "prophets_at:9")
    assert g.state.warriors[PROPHETS][idx(9)] == 1


# ---- Lizard Envoys ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AH-02", "LR-AH-02-03", "RT-HR-29", "RTA-HA-04")
def test_lizard_envoys_take_a_card_of_the_most_common_suit_among_the_top_five():
    g = side(bare(game(hirelings=[PROPHETS])), PROPHETS, True)
    control(g, PROPHETS, 0)
    pile = ["mouse_sword", "rabbit_bake_sale", "rabbit_ambush", "bird_crossbow", "rabbit_cobbler", "fox_anvil"]
    with positions.edit(g) as s:
        s.discard = list(pile)
    start(g, 0, "birdsong.start")
    assert g.decision == "lizard_envoys" and g.to_play == 0  # the sword is not among the top five
    assert sorted(g.legal_action_ids()) == ["envoys_take:rabbit_bake_sale", "envoys_take:rabbit_cobbler", "pass"]
    play(g, "envoys_take:rabbit_cobbler")
    assert "rabbit_cobbler" in g.state.hands[0] and "rabbit_cobbler" not in g.state.discard
    assert g.state.known["rabbit_cobbler"] == frozenset({0, 1})  # taken face up
    with positions.edit(g) as s:  # a tie: fox and mouse; birds are a suit of their own
        s.discard = ["fox_anvil", "mouse_sword", "bird_crossbow", "fox_ambush", "mouse_investments"]
        s.hands[0] = []
    start(g, 0, "birdsong.start")
    assert sorted(g.legal_action_ids()) == ["envoys_take:fox_anvil", "envoys_take:mouse_investments",
                                            "envoys_take:mouse_sword", "pass"]
    since = len(g.state.events)
    play(g, "pass")
    assert "ev.prophets.envoys" not in keys(g, since) and "mouse_sword" not in g.state.hands[0]


# ---- Highway Bandits -------------------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "LR-AH-03-05", "LR-AM-04-02", "RTA-HA-05")
def test_bandits_start_on_two_different_paths_never_a_river_nor_a_closed_path():
    g = new(("marquise", "eyrie"), seed=3, hirelings=[BANDITS], map="mountain")
    while g.decision != "bandits_place":
        g.apply(g.legal_action_ids()[0])
    closed = {f"bandit_on:{a + 1}:{b + 1}" for a, b in g.state.closed}
    legal = set(g.legal_action_ids())
    assert len(closed) == 6 and not legal & closed  # no closed path
    assert "bandit_on:2:10" not in legal and "bandit_on:4:10" not in legal  # the Mountain's rivers are no paths
    assert len(legal) == len(B.board(g.state).paths) - 6
    first = sorted(legal)[0]
    play(g, first)
    assert g.decision == "bandits_place" and first not in g.legal_action_ids()  # a different path
    play(g, sorted(g.legal_action_ids())[0])
    assert len(g.state.on_paths) == 2 and g.state.supply[BANDITS] == 2
    view = g.view(0)
    assert len(view["on_paths"]) == 2 and view["on_paths"][0]["pieces"] == [[BANDITS, "warrior"]]


@pytest.mark.rule("LR-AH-02-02", "RT-HR-26", "RT-HR-27", "RTA-HA-05")
def test_an_enemy_moving_along_a_bandit_path_loses_a_moving_warrior_and_nobody_scores():
    g = bandit(bare(game(hirelings=[BANDITS])), 1, 5)
    control(g, BANDITS, 0)
    put(g, "eyrie", 1, 3)
    run_tasks(g, 1, MV.moves(1, "eyrie", 2, ("test",)))
    play(g, "from:1", "to:5", "warriors:3")  # along the path 1-5 with a bandit
    assert g.state.warriors["eyrie"][idx(5)] == 2 and g.state.score == [0, 0]
    assert "ev.bandits.toll" in keys(g)
    play(g, "from:5", "to:2", "warriors:2")  # no bandit on 5-2: no toll
    assert g.state.warriors["eyrie"][idx(2)] == 2


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RTA-HA-05")
def test_the_bandits_controller_may_recruit_where_it_moves_along_their_path():
    g = bandit(bare(game(hirelings=[BANDITS])), 1, 5)
    put(g, "marquise", 1, 2)
    control(g, BANDITS, 0)
    run_tasks(g, 0, MV.moves(0, "marquise", 1, ("test",)))
    play(g, "from:1", "to:5", "warriors:2")
    assert g.decision == "bandits_recruit" and g.to_play == 0
    play(g, "bandit_recruit")
    assert g.state.warriors["marquise"][idx(5)] == 3  # no toll for the controller, and one more warrior


@pytest.mark.rule("LR-AH-02-02", "RT-HR-26", "LR-09-02-07", "RTA-HA-05")
def test_the_vagabond_pays_the_bandits_with_an_item_and_a_pawn_that_cannot_be_removed_pays_nothing():
    g = bandit(bare(game(("marquise", "vagabond"), hirelings=[BANDITS, PROTECTOR], below_reach=True)), 1, 5)
    assert HB.moved(g.state, 1, "vagabond", idx(5), idx(1), 0) == [HB.BanditToll("vagabond", idx(1), 0)]
    assert HB.moved(g.state, 0, PROTECTOR, idx(5), idx(1), 0) == []  # the Protector cannot be removed
    assert HB.moved(g.state, 1, "vagabond", idx(5), idx(2), 0) == []  # no bandit on that path
    pawn(g, "vagabond", 1)
    before = [i for i in g.state.mods["vagabond"].items if i[2]]
    run_tasks(g, 1, HB.BanditToll("vagabond", idx(1), 0), then=GAME_OVER)
    assert g.decision == "vagabond_hits" and g.to_play == 1  # he chooses the item
    play(g, g.legal_action_ids()[0])
    damaged = [i for i in g.state.mods["vagabond"].items if i[2]]
    assert len(damaged) == len(before) + 1


@pytest.mark.rule("LR-AH-02-04", "RT-HR-30", "RTA-HA-05")
def test_the_bandits_daylight_puts_one_on_a_free_path_next_to_the_controller_moving_one_if_none_is_left():
    g = bandit(bare(game(hirelings=[BANDITS])), 1, 5)
    control(g, BANDITS, 0)
    put(g, "marquise", 1, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{BANDITS}:place")
    assert sorted(g.legal_action_ids()) == ["bandit_on:1:10", "bandit_on:1:9"]  # 1-5 holds one already
    play(g, "bandit_on:1:9")
    assert f"hireling:{BANDITS}:place" not in g.legal_action_ids()  # once per Daylight
    for a, b in ((2, 6), (3, 7)):
        bandit(g, a, b)
    assert g.state.supply[BANDITS] == 0
    start(g, 0, "daylight.start")
    play(g, f"hireling:{BANDITS}:place")
    assert g.decision == "bandits_take" and len(g.legal_action_ids()) == 4  # one off a path first
    play(g, "bandit_off:3:7")
    assert g.legal_action_ids() == ["bandit_on:1:10"]
    play(g, "bandit_on:1:10")
    assert sorted(g.state.on_paths) == [(0, 4), (0, 8), (0, 9), (1, 5)]


# ---- Bandit Gangs ----------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AH-02-01", "RT-HR-28", "RTA-HA-06")
def test_bandit_gangs_when_hired_with_none_on_the_map_place_one_with_the_controller():
    g = side(bare(game(hirelings=[BANDITS])), BANDITS, True)
    put(g, "marquise", 3, 1)
    put(g, "marquise", 8, buildings=["sawmill"])
    control(g, BANDITS, 1, markers=0)
    end_turn(g, 1)
    assert g.decision == "bandits_gang" and sorted(g.legal_action_ids()) == ["gang_at:3", "gang_at:8"]
    play(g, "gang_at:8")
    assert g.state.warriors[BANDITS][idx(8)] == 1


@pytest.mark.rule("LR-AH-02-02", "RT-HR-26", "RTA-HA-06")
def test_bandit_gangs_cannot_be_battled_where_their_controller_has_pieces():
    g = side(bare(game(hirelings=[BANDITS])), BANDITS, True)
    put(g, BANDITS, 3, 1)
    put(g, BANDITS, 8, 1)
    put(g, "eyrie", 3, 2)
    put(g, "eyrie", 8, 2)
    put(g, "marquise", 3, buildings=["sawmill"])
    assert BT.targets(g.state, "eyrie", idx(3)) == ["marquise", BANDITS]  # uncontrolled: they can be
    control(g, BANDITS, 0)
    assert BT.targets(g.state, "eyrie", idx(3)) == ["marquise"]
    assert BT.targets(g.state, "eyrie", idx(8)) == [BANDITS]  # not where the Marquise is absent


@pytest.mark.rule("LR-AH-02-04", "RT-HR-30", "RTA-HA-06")
def test_bandit_gangs_place_a_warrior_at_each_bandit_or_another_bandit():
    g = side(bare(game(hirelings=[BANDITS])), BANDITS, True)
    control(g, BANDITS, 0)
    put(g, BANDITS, 3, 2)
    put(g, BANDITS, 8, 1)
    put(g, "marquise", 9, 1)
    start(g, 0, "daylight.start")
    assert {f"hireling:{BANDITS}:recruit", f"hireling:{BANDITS}:gang"} <= set(g.legal_action_ids())
    play(g, f"hireling:{BANDITS}:recruit")
    assert [g.state.warriors["marquise"][idx(n)] for n in (3, 8, 9)] == [2, 1, 1]  # one per Bandit warrior
    assert not any(a.startswith(f"hireling:{BANDITS}") for a in g.legal_action_ids())
    with positions.edit(g) as s:
        s.supply["marquise"] = 2
    start(g, 0, "daylight.start")
    play(g, f"hireling:{BANDITS}:recruit")
    assert g.decision == "bandits_recruit_at" and sorted(g.legal_action_ids()) == ["gang_recruit:3", "gang_recruit:8"]
    play(g, "gang_recruit:8", "gang_recruit:3")
    assert [g.state.warriors["marquise"][idx(n)] for n in (3, 8)] == [3, 2] and g.state.supply["marquise"] == 0
    start(g, 0, "daylight.start")
    play(g, f"hireling:{BANDITS}:gang")
    assert sorted(g.legal_action_ids()) == ["gang_at:3", "gang_at:8", "gang_at:9"]
    play(g, "gang_at:9")
    assert g.state.warriors[BANDITS][idx(9)] == 1


# ---- Furious Protector -----------------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "LR-AH-02-02", "RT-HR-26", "RTA-HA-07")
def test_the_furious_protector_is_never_battled_and_its_enemies_cannot_place_beside_it():
    g = game(hirelings=[PROTECTOR])
    assert g.state.pawns[PROTECTOR] < 12  # in a clearing
    g = pawn(bare(g), PROTECTOR, 5)
    put(g, "marquise", 5, 1)
    put(g, "eyrie", 5, 1)
    assert BT.targets(g.state, "eyrie", idx(5)) == ["marquise"]
    assert not B.may_place(g.state, "marquise", idx(5)) and not B.may_place(g.state, "eyrie", idx(5))  # uncontrolled
    control(g, PROTECTOR, 0)
    assert B.may_place(g.state, "marquise", idx(5)) and not B.may_place(g.state, "eyrie", idx(5))
    assert B.may_place(g.state, "eyrie", idx(6))
    assert BT.targets(g.state, "eyrie", idx(5)) == ["marquise"]  # the Furious side shields nobody else


@pytest.mark.rule("LR-AA-06-03", "LR-AH-02-02", "RTA-HA-07", "RTA-AS-10")
def test_factions_set_up_after_the_furious_protector_place_nothing_beside_it():
    g = new(("marquise", "eyrie"), seed=2, hirelings=[PROTECTOR], setup="advanced")
    while g.decision != "protector_place":
        g.apply(g.legal_action_ids()[0])
    play(g, "protector_at:1")  # a corner, before the factions set up (the Advanced Setup's step 4)
    while g.decision not in ("marquise_setup", "eyrie_corner"):
        g.apply(g.legal_action_ids()[0])
    if g.decision == "marquise_setup":
        assert "keep:1" not in g.legal_action_ids()
    set_up(g)
    assert all(g.state.warriors[f][idx(1)] == 0 for f in ("marquise", "eyrie"))
    assert not g.state.buildings[idx(1)] and not g.state.tokens[idx(1)]


@pytest.mark.rule("LR-AH-02-03", "RT-HR-29", "LR-AH-03-06", "RTA-HA-07")
def test_the_furious_protector_moves_ignoring_rule_then_strikes_every_player_there():
    g = pawn(bare(game(("marquise", "alliance"), hirelings=[PROTECTOR, "last_dynasty"])), PROTECTOR, 5)
    control(g, PROTECTOR, 0)
    for n in (1, 2):
        put(g, "alliance", n, 2)  # the Alliance rules both neighbours of 5
    put(g, "marquise", 2, 2)
    put(g, "last_dynasty", 2, 1)
    start(g, 0, "birdsong.start")
    assert g.decision == "protector_move" and sorted(g.legal_action_ids()) == ["protector_to:1", "protector_to:2"]
    play(g, "protector_to:2")
    assert g.state.pawns[PROTECTOR] == idx(2)
    assert [g.state.warriors[f][idx(2)] for f in ("marquise", "alliance", "last_dynasty")] == [1, 1, 1]
    assert g.state.score == [0, 0] and params(g, "ev.protector.fury")[0]["factions"] == ["marquise", "alliance"]


# ---- Stoic Protector -------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AH-02-01", "RT-HR-28", "RTA-HA-08")
def test_the_stoic_protector_starts_off_the_map_and_is_placed_with_its_controller_when_hired():
    g = side(bare(game(hirelings=[PROTECTOR])), PROTECTOR, True)
    put(g, "eyrie", 7, 1)
    put(g, "eyrie", 9, buildings=["roost"])
    control(g, PROTECTOR, 0, markers=0)
    end_turn(g, 0)  # handed to the Eyrie, who places it at once
    assert g.decision == "protector_place" and g.to_play == 1
    assert sorted(g.legal_action_ids()) == ["protector_at:7", "protector_at:9"]
    play(g, "protector_at:9")
    assert g.state.pawns[PROTECTOR] == idx(9)


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RTA-HA-08")
def test_the_stoic_protector_keeps_its_controllers_pieces_from_enemy_battles_and_removals():
    g = pawn(side(bare(game(hirelings=[PROTECTOR])), PROTECTOR, True), PROTECTOR, 5)
    control(g, PROTECTOR, 0)
    put(g, "marquise", 5, 2, buildings=["sawmill"])
    put(g, "marquise", 2, 1)
    put(g, "eyrie", 5, 3)
    put(g, "eyrie", 2, 1)
    assert BT.targets(g.state, "eyrie", idx(5)) == []  # neither the pawn nor the Marquise there
    assert BT.targets(g.state, "eyrie", idx(2)) == ["marquise"]
    tasks = K.remove_all(g.state, 1, "eyrie", idx(5), ("test",)) + K.remove_all(g.state, 1, "eyrie", idx(2), ("test",))
    run_tasks(g, 1, *tasks, then=GAME_OVER)
    assert g.state.warriors["marquise"][idx(5)] == 2 and B.buildings_of(g.state, "marquise", idx(5)) == ["sawmill"]
    assert g.state.warriors["marquise"][idx(2)] == 0 and g.state.score[1] == 0
    assert "ev.protector.kept" in keys(g)
    dealt_back = 0
    for seed in range(6):  # the Marquise attacking there: the Eyrie's hits remove nothing of hers
        g = pawn(side(bare(game(seed=seed, hirelings=[PROTECTOR])), PROTECTOR, True), PROTECTOR, 5)
        control(g, PROTECTOR, 0)
        put(g, "marquise", 5, 2)
        put(g, "eyrie", 5, 3)
        since = len(g.state.events)
        run_tasks(g, 0, BT.start(0, "marquise", ("test",), (idx(5),), must=True), then=GAME_OVER)
        play(g, "battle:5")
        hits = params(g, "ev.hits", since)[0]
        assert g.state.warriors["marquise"][idx(5)] == 2 and g.state.warriors["eyrie"][idx(5)] == 3 - hits["attacker"]
        dealt_back += hits["defender"]
    assert dealt_back > 0


@pytest.mark.rule("LR-AH-02-03", "RT-HR-29", "RTA-HA-07")
def test_the_stoic_protector_moves_ignoring_rule_and_strikes_nobody():
    g = pawn(side(bare(game(hirelings=[PROTECTOR])), PROTECTOR, True), PROTECTOR, 5)
    control(g, PROTECTOR, 1)
    for n in (1, 2):
        put(g, "marquise", n, 2)
    put(g, "eyrie", 2, 2)
    start(g, 1, "birdsong.start")
    assert sorted(g.legal_action_ids()) == ["protector_to:1", "protector_to:2"]
    play(g, "protector_to:2")
    assert g.state.pawns[PROTECTOR] == idx(2) and g.state.warriors["marquise"][idx(2)] == 2
    assert g.state.warriors["eyrie"][idx(2)] == 2 and "ev.protector.fury" not in keys(g)


# ---- the tables, texts and random play -------------------------------------------------------------------------------

def test_pieces_on_paths_and_the_pawns_show_on_both_tables():
    from boardlab.games.root.render import render_board
    g = pawn(bandit(bare(game(hirelings=[BANDITS, FLOTILLA])), 1, 5), FLOTILLA, 7)
    view = g.view(1)
    assert view["on_paths"] == [{"path": [1, 5], "pieces": [[BANDITS, "warrior"]]}]
    assert "道路 1-5：攔路強盜士兵" in RULESET.render_text(view, "zh-Hant")
    assert "path 1-5: Highway Bandits warrior(s)" in RULESET.render_text(view, "en")
    svg = render_board(view, "en", g.legal_action_ids())
    assert f'data-faction="{BANDITS}" data-on-path="1-5"' in svg
    assert f'data-piece="pawn" data-faction="{FLOTILLA}"' in svg


RANDOM = [
    (2, {"factions": ["marquise", "eyrie"], "hirelings": [FLOTILLA, PROPHETS, BANDITS]}),
    (3, {"factions": ["marquise", "alliance", "vagabond"], "hirelings": [PROTECTOR, BANDITS, PROPHETS],
         "below_reach": True, "hireling_control": "law"}),
    (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": [FLOTILLA, PROTECTOR, BANDITS],
         "map": "lake"}),
    (2, {"factions": ["eyrie", "alliance"], "hirelings": [PROTECTOR, FLOTILLA], "setup": "advanced",
         "below_reach": True, "map": "mountain"}),
    (3, {"factions": ["marquise", "eyrie", "vagabond"], "hirelings": [BANDITS, PROPHETS, PROTECTOR],
         "setup": "advanced", "map": "winter", "hireling_control": "law"}),
    (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": [FLOTILLA, PROPHETS, PROTECTOR],
         "setup": "advanced", "deck": "exiles"}),
]


@pytest.mark.parametrize("players,options", RANDOM)
def test_random_games_with_these_hirelings_end_and_cite_rules_with_texts(players, options):
    from boardlab.core.i18n import LANGS
    for seed in (1, 2):
        g = boardlab.new_game("root", players, seed=seed, options=options)
        stream = Stream(seed)
        while not g.is_over:
            legal = g.legal_action_ids()
            g.apply(legal[stream.below(len(legal))])
        assert g.state.mods["hirelings"].dealt == tuple(options["hirelings"])
        for event in g.state.events:
            assert event.rules, event.key
            for lang in LANGS:
                assert event.as_dict(RULESET, lang)["text"]
        for rid in {r for e in g.state.events for r in e.rules}:
            assert RULESET.rule_text(rid, "zh-Hant"), rid


def test_a_main_configuration_plays_these_hirelings():
    assert any(set(o.get("hirelings") or ()) & set(MINE) for _, o in Root().main_option_sets())
