"""The Great Wall, Spring: battle order, the five battle steps, Tactic cards, shooting,
dispatch, defeat, the breach and its aftermath (GW-SPRING-*, GW-BATTLE-*, GW-BREACH-*,
GW-TACTICS-*, GW-FORT-04), with the authored rulings the engine follows (GWA-SPRING-01,
GWA-BATTLE-01..04, GWA-BREACH-01..05, GWA-BOARD-02/03, GWA-BARRACKS-01).

Every scenario is reached by real play to the start of Spring of year 1 (`spring_game`),
then the board is cleared and set exactly (`spring_game` + edits), and Spring is restarted
from its first step (`restart_spring`) so the engine computes the battles from the edited
board. Generals are set to one whose ability never fires in Spring or Summer (Su Dongpo:
"when you activate the Tea House") so that no General ability blurs the numbers.

Horde cards used (hordes.yaml, slots 0 1 2 / 3 4 5, V = vital):
  steppe_outriders  breach 2 kill 1 win 4: V0 (1 Gold), V5 (1 Honor); breach: pay 1 Gold
  plunder_band      breach 3 kill 1 win 5: V0 (Gold) 1 (Gold) V2 (Wood) V4 (Honor); pay 2 Gold
  shaman_drummers   breach 2 kill 1 win 5: V1 (Chi) V3 (Tactic) V5 (Chi)
  siege_sappers     breach 4 kill 1 win 7: V0 (Stone) V2 (Wood) V3 (Stone) V5 (Honor); pay 2 Stone
  armoured_lancers  breach 4 kill 3 win 8: V0 (Gold) V1 (Honor) 2 V3 (Honor) V4 (Stone) 5 (Wood); lose 2 Honor
  keshig_guard      breach 5 kill 3 win 9: 0 (Gold) V1 V3 V4 V5
  great_trebuchet   breach 6 kill 2 win 10 end 5: V0..V3, 4, V5; pay 1 Stone + 1 Wood, lose 1 Archer
Wall level 0: Defence 4, 2 Archer slots; +2 Defence per Fortification.
"""
from __future__ import annotations

import json

import pytest

from greatwall_helpers import (ARCHER, HORSEMAN, SPEARMAN, advance, cover, do, empty_battlefield, events,
                              horde, new, put_horde, restart_spring, season_is)

NEUTRAL_GENERAL = "su_dongpo"  # ability: on activate:tea_house (never in Spring/Summer)


# ---- builders -----------------------------------------------------------------------------------------

def spring_game(players: int = 3, seed: int = 1, leader=None):
    """Year 1, start of Spring, with an empty battlefield: no Hordes, no soldiers on or behind the
    Wall, no Fortifications, no Tactic cards, no resources, 15 Honor each, neutral Generals."""
    g = new(players, seed)
    advance(g, season_is("spring"))
    g.state.clerks_on = {loc: () for loc in g.state.clerks_on}
    return empty_battlefield(g, general=NEUTRAL_GENERAL, leader=leader)


def first_index(g, since: int, key: str, rule: str | None = None) -> int:
    for i, e in enumerate(g.state.events[since:]):
        if e.key == key and (rule is None or rule in e.rules):
            return i
    raise AssertionError(f"no {key} {rule or ''} event")


def battles(g, since: int) -> list[tuple[int, int]]:
    return [(e.params["seat"], e.params["section"]) for e in events(g, "ev.battle", since)]


# ---- battles and their order (GW-SPRING-*) ---------------------------------------------------------------

@pytest.mark.rule("GW-SPRING-01", "GW-SPRING-02", "GW-BREACH-20", "GWA-BOARD-02")
def test_one_battle_per_section_facing_hordes_then_spring_ends():
    g = spring_game()
    put_horde(g, 0, 0, "steppe_outriders")
    put_horde(g, 2, 0, "steppe_outriders")
    since = restart_spring(g)
    spring = events(g, "ev.spring", since)
    assert spring[0].params["sections"] == [0, 2]
    assert {"GW-SPRING-01", "GW-SPRING-02"} <= set(spring[0].rules)
    # section 1 faces no Horde card: it is not offered and never fought
    assert g.decision == "battle_section" and g.legal_action_ids() == ["section:1", "section:3"]
    do(g, 0, "section:3")
    assert [sec for _, sec in battles(g, since)] == [2, 0]
    end = events(g, "ev.spring_end", since)
    assert len(end) == 1 and "GW-BREACH-20" in end[0].rules
    assert g.state.season == "summer" and g.decision == "donate"


@pytest.mark.rule("GW-SPRING-03", "GW-SPRING-05", "GW-SPRING-06", "GW-SPRING-07", "GW-BREACH-19",
                  "GWA-SPRING-01", "GWA-BOARD-02")
def test_battle_order_is_chosen_down_the_leader_track():
    g = spring_game(leader=[2, 0, 1])
    for section in range(3):
        put_horde(g, section, 0, "steppe_outriders")
    since = restart_spring(g)
    # the top of the Leader track (seat 2) chooses among all three sections
    assert g.to_play == 2 and g.legal_action_ids() == ["section:1", "section:2", "section:3"]
    do(g, 2, "section:2")
    # after that battle, the next player on the Leader track (seat 0) chooses among the rest
    assert g.to_play == 0 and g.legal_action_ids() == ["section:1", "section:3"]
    do(g, 0, "section:3")
    # the third player (seat 1) is left with the remaining section
    assert battles(g, since) == [(2, 1), (0, 2), (1, 0)]
    assert all("GWA-SPRING-01" in e.rules for e in events(g, "ev.battle", since))
    assert g.state.season == "summer"


@pytest.mark.rule("GW-SPRING-07", "GW-BREACH-19", "GWA-SPRING-01")
def test_battle_order_wraps_round_the_leader_track_with_two_players():
    g = spring_game(players=2, leader=[1, 0])
    for section in range(3):
        put_horde(g, section, 0, "steppe_outriders")
    since = restart_spring(g)
    do(g, 1, "section:1")
    do(g, 0, "section:3")
    # three sections, two players: the third battle goes back to the top of the track
    assert battles(g, since) == [(1, 0), (0, 2), (1, 1)]


@pytest.mark.rule("GW-SPRING-05", "GW-SPRING-06", "GW-SPRING-07", "GWA-SPRING-01", "GWA-BOARD-02")
def test_with_four_players_only_the_top_three_leaders_choose():
    g = spring_game(players=4, leader=[3, 1, 0, 2])
    for section in range(3):
        put_horde(g, section, 0, "steppe_outriders")
    since = restart_spring(g)
    do(g, 3, "section:3")
    do(g, 1, "section:1")
    assert battles(g, since) == [(3, 2), (1, 0), (0, 1)]
    assert g.state.season == "summer"


# ---- the five steps (GW-SPRING-08) ------------------------------------------------------------------------

@pytest.mark.rule("GW-SPRING-08", "GW-TACTICS-03", "GW-TACTICS-06", "GW-BREACH-17", "GWA-BATTLE-02",
                  "GW-BREACH-06", "GW-BREACH-08", "GW-BREACH-13", "GW-BREACH-15", "GW-BREACH-18")
def test_each_battle_runs_honor_tactics_shooting_dispatch_breach_in_order():
    """Seat 0 alone at section 0: 1 Archer, 1 Spearman behind, a breach-step Tactic (Honor the
    Fallen). Row 0 Outriders (beaten by a shot and the Spearman), row 1 Great Trebuchet (breaches)."""
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "steppe_outriders")
    put_horde(g, 0, 1, "great_trebuchet")
    s.archers[0] = (0,)
    s.behind[0] = ((0, SPEARMAN),)
    s.tactics[0] = ("honor_the_fallen",)
    since = restart_spring(g)
    do(g, 0, "tactic:honor_the_fallen")
    do(g, 0, "slot:1:1")                       # shooting: the Outriders' vital slot 0
    do(g, 0, "dispatch:spearman:1")
    do(g, 0, "slot:6")                         # the other vital slot: the Outriders are beaten
    # breach: Trebuchet 6 > Defence 4; its effect (pay 1 Stone + 1 Wood: nothing to pay) and the
    # Archer it kills resolve by themselves; then the breach Tactic resolves (no Chi: base half)
    order = [
        first_index(g, since, "ev.battle"),
        first_index(g, since, "ev.gain", "GWA-BATTLE-01"),        # 1 Honor
        first_index(g, since, "ev.committed", "GW-BATTLE-03"),     # 2 Tactics: face down
        first_index(g, since, "ev.reveal_tactic"),                 #   revealed
        first_index(g, since, "ev.shoot"),                         # 3 Shooting
        first_index(g, since, "ev.dispatch"),                      # 4 Dispatch
        first_index(g, since, "ev.defeated"),                      # 5.1 defeat
        first_index(g, since, "ev.breached"),                      # 5.2 breach check
        first_index(g, since, "ev.unpaid", "GW-BREACH-06"),        # breach 1: effects
        first_index(g, since, "ev.kill"),                          # breach 2: the Archer dies
        first_index(g, since, "ev.kept"),                          # breach 3: card under the General
        first_index(g, since, "ev.tactic", "GW-BREACH-17"),        # breach 4: breach Tactics
        first_index(g, since, "ev.shift"),                         # breach 5: cards move down
        first_index(g, since, "ev.spring_end"),
    ]
    assert order == sorted(order) and len(set(order)) == len(order)
    # the breach-step card did not act earlier, in the Tactics step
    assert first_index(g, since, "ev.tactic") == order[11]
    assert g.state.kept[0] == ("steppe_outriders",)
    # the Spearman on the beaten card is not slaughtered: it moves behind the section
    assert g.state.behind[0] == ((0, SPEARMAN),) and g.state.archers[0] == ()
    assert horde(g, 0, 0)[0] == "great_trebuchet" and horde(g, 0, 1) is None
    # 15 + 3 lone defender + 1 (slot 5) + 4 local victory - 2 unpaid + 2 Honor the Fallen
    assert g.state.honor[0] == 23


# ---- step 1: Honor (GWA-BATTLE-01) -----------------------------------------------------------------------

@pytest.mark.rule("GW-BATTLE-01", "GW-BATTLE-02", "GWA-BATTLE-01")
@pytest.mark.parametrize("others_there, expected", [(False, [15, 18, 15]), (True, [15, 15, 15])],
                         ids=["alone", "shared"])
def test_a_lone_defender_gains_3_honor(others_there, expected):
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "keshig_guard")
    s.archers[0] = (1,)                         # seat 1: one Archer on section 0
    s.behind[1] = ((0, SPEARMAN), (2, HORSEMAN))  # soldiers elsewhere do not count here
    if others_there:
        s.behind[0] = ((0, SPEARMAN),)
    since = restart_spring(g)
    assert g.decision == "shoot"                # right after steps 1-2
    assert g.state.honor == expected
    lone = [e for e in events(g, "ev.gain", since) if "GWA-BATTLE-01" in e.rules]
    assert [(e.params["seat"], e.params["what"]) for e in lone] == ([] if others_there else [(1, {"honor": 3})])


# ---- step 2: Tactics (GW-BATTLE-03/04, GW-TACTICS-*) --------------------------------------------------------

@pytest.mark.rule("GW-BATTLE-03", "GW-BATTLE-04", "GW-TACTICS-04", "GWA-BATTLE-02")
def test_tactics_are_committed_face_down_then_revealed_and_resolved_in_leader_order():
    g = spring_game(leader=[1, 0, 2])
    s = g.state
    put_horde(g, 0, 0, "keshig_guard")
    s.behind[0] = ((0, SPEARMAN),)
    s.archers[0] = (1,)
    s.behind[1] = ((2, SPEARMAN),)               # seat 2 is not at section 0
    s.tactics = [("supply_train", "vanguard"), ("war_drums",), ("shield_wall",)]
    since = restart_spring(g)
    # only players with soldiers at the section are asked, in Leader order; declining is allowed
    assert g.to_play == 1 and g.decision == "tactic"
    assert g.legal_action_ids() == ["tactic:war_drums", "none"]
    do(g, 1, "tactic:war_drums")
    assert g.to_play == 0 and g.decision == "tactic"
    # face down: the card left seat 1's hand, only seat 1 can see what it is
    assert g.state.tactics[1] == ()
    view0 = g.view(0)
    assert view0["commits"]["1"] == {"hidden": True}
    assert "war_drums" not in json.dumps(view0)
    assert g.view(1)["commits"]["1"] == "war_drums"
    assert not events(g, "ev.reveal_tactic", since)
    do(g, 0, "tactic:supply_train")
    # all revealed together, in Leader order; tactics-step cards resolve at once in that order
    assert [e.params["seat"] for e in events(g, "ev.reveal_tactic", since)] == [1, 0]
    assert g.decision == "gain_any" and g.to_play == 0      # Supply Train (war drums already done)
    do(g, 0, "resource:stone")
    assert [(e.params["seat"], e.params["card"]) for e in events(g, "ev.tactic", since)] == [
        (1, "war_drums"), (0, "supply_train")]
    assert g.state.honor[1] == 17 and g.state.res[0][1] == 2
    assert g.state.tactics[2] == ("shield_wall",)             # seat 2 was never asked
    assert g.decision == "shoot"                               # step 3 follows


@pytest.mark.rule("GW-TACTICS-07", "GW-TACTICS-08", "GWA-BATTLE-02", "GW-BREACH-05")
@pytest.mark.parametrize("chi, choice, chi_after, defence, key", [
    (2, "boost", 0, 8, "ev.held"),       # boosted: +4 (not +2 +4), 8 is not above 8
    (2, "base", 2, 6, "ev.breached"),    # base: +2
    (1, None, 1, 6, "ev.breached"),      # cannot pay 2 Chi: no boost offered
], ids=["boost", "base", "too-little-chi"])
def test_the_boosted_half_costs_its_chi_and_replaces_the_base_half(chi, choice, chi_after, defence, key):
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "siege_sappers")
    put_horde(g, 0, 1, "armoured_lancers")      # Breach 4 + 4 = 8
    s.behind[0] = ((0, SPEARMAN),)
    s.tactics[0] = ("shield_wall",)
    s.res[0] = (0, 0, 0, chi)
    since = restart_spring(g)
    do(g, 0, "tactic:shield_wall")
    if choice is not None:
        assert g.decision == "boost" and g.legal_action_ids() == ["boost", "base"]
        do(g, 0, choice)
    assert g.decision == "dispatch"
    do(g, 0, "dispatch:spearman:1")             # dispatching is not optional (GW-BATTLE-11)
    do(g, 0, "slot:2")                            # a slot without reward
    assert g.state.res[0][3] == chi_after
    tactic = events(g, "ev.tactic", since)[0]
    assert tactic.params["half"] == (choice or "base")
    assert ("GW-TACTICS-07" in tactic.rules) == (choice == "boost")
    check = [e for e in events(g, since=since) if e.key in ("ev.held", "ev.breached")]
    assert [(e.key, e.params["defence"], e.params["breach"]) for e in check] == [(key, defence, 8)]


@pytest.mark.rule("GW-TACTICS-04", "GW-TACTICS-07", "GW-TACTICS-08", "GWA-BATTLE-02", "GW-BATTLE-07")
def test_a_tactics_step_card_acts_before_shooting():
    """Volley, base half: 1 wound marker (and that slot's reward) before any Archer shoots."""
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "plunder_band")
    s.archers[0] = (0,)
    s.tactics[0] = ("volley",)
    since = restart_spring(g)
    do(g, 0, "tactic:volley")
    assert g.decision == "wound"                 # no Chi: no boost offered
    do(g, 0, "slot:1:1")
    assert g.decision == "shoot"                 # only now the Archer shoots
    assert [e.params["card"] for e in events(g, "ev.tactic", since)] == ["volley"]
    assert not events(g, "ev.shoot", since)
    assert g.state.res[0] == (0, 0, 1, 0)        # slot 0 gives 1 Gold
    assert [c for c in horde(g, 0, 0)[1] if c] == [(0, "w")]


@pytest.mark.rule("GW-TACTICS-09", "GW-TACTICS-07", "GW-TACTICS-08", "GW-BATTLE-07")
def test_a_column_is_the_vertically_aligned_slots_of_a_horde_card():
    """Volley boosted (1 Chi): a whole column - slots 0 and 3 of the 2 x 3 grid - not slots 0 and 1."""
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "plunder_band", cover=(None, None, None, None, (1, "w"), None))
    s.archers[0] = (0,)
    s.tactics[0] = ("volley",)
    s.res[0] = (0, 0, 0, 1)
    restart_spring(g)
    do(g, 0, "tactic:volley")
    do(g, 0, "boost")
    assert g.decision == "wound_column"
    assert g.legal_action_ids() == ["column:1:1", "column:1:2", "column:1:3"]
    do(g, 0, "column:1:2")                       # slots 1 and 4; 4 is already covered
    assert [k for k, c in enumerate(horde(g, 0, 0)[1]) if c == (0, "w")] == [1]
    do_again = spring_game()
    put_horde(do_again, 0, 0, "plunder_band")
    ds = do_again.state
    ds.archers[0], ds.tactics[0], ds.res[0] = (0,), ("volley",), (0, 0, 0, 1)
    restart_spring(do_again)
    do(do_again, 0, "tactic:volley")
    do(do_again, 0, "boost")
    do(do_again, 0, "column:1:1")
    assert [k for k, c in enumerate(horde(do_again, 0, 0)[1]) if c == (0, "w")] == [0, 3]
    assert ds.res[0] == (0, 0, 1, 0)             # Chi paid; slot 0 gives 1 Gold, slot 3 nothing
    assert do_again.decision == "shoot"


@pytest.mark.rule("GW-TACTICS-05", "GW-BATTLE-12", "GW-BATTLE-13", "GWA-BATTLE-02")
def test_a_dispatch_card_acts_on_the_first_dispatch_and_gives_one_extra_dispatch():
    g = spring_game(leader=[0, 1, 2])
    s = g.state
    put_horde(g, 0, 0, "keshig_guard")          # 6 slots; vital 1, 3, 4, 5
    s.behind[0] = ((0, SPEARMAN),) * 4 + ((1, SPEARMAN),) * 3
    s.tactics[0] = ("flanking_charge",)
    since = restart_spring(g)
    do(g, 0, "tactic:flanking_charge")
    assert not events(g, "ev.tactic", since)    # waits for the dispatch step
    dispatchers = []
    for slot in ("slot:1", "slot:3", "slot:2", "slot:4", "slot:5", "slot:6"):
        assert g.decision == "dispatch"
        dispatchers.append(g.to_play)
        do(g, g.to_play, "dispatch:spearman:1")
        do(g, g.to_play, slot)
    # seat 0's card resolves on its first dispatch; its extra dispatch comes once only
    assert dispatchers == [0, 1, 0, 0, 1, 0]
    tactic = events(g, "ev.tactic", since)
    assert len(tactic) == 1 and {"GW-TACTICS-05", "GW-BATTLE-12", "GW-BATTLE-13"} <= set(tactic[0].rules)
    assert first_index(g, since, "ev.dispatch") < first_index(g, since, "ev.tactic")
    assert "flanking_charge" in g.state.tactic_discard


@pytest.mark.rule("GW-TACTICS-01", "GW-TACTICS-02", "GW-BATTLE-07")
def test_a_seventh_tactic_card_drawn_in_battle_forces_a_discard():
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "shaman_drummers")        # vital slot 3: draw 1 Tactic card
    s.archers[0] = (0,)
    hand = ("volley", "rain_of_arrows", "shield_wall", "boiling_oil", "restless", "war_drums")
    s.tactics[0] = hand
    s.tactic_deck = [t for t in s.tactic_deck if t not in hand] + ["vanguard"]
    restart_spring(g)
    do(g, 0, "none")
    do(g, 0, "slot:1:4")
    assert g.decision == "discard_tactics" and g.to_play == 0
    assert sorted(g.legal_action_ids()) == sorted(f"discard:{c}" for c in hand + ("vanguard",))
    do(g, 0, "discard:volley")
    assert len(g.state.tactics[0]) == 6
    assert g.state.tactics[0] == hand[1:] + ("vanguard",)
    assert events(g, "ev.discard_tactics")[-1].rules == ("GW-TACTICS-01", "GW-TACTICS-02")


# ---- step 3: shooting (GW-BATTLE-05..08, GWA-BATTLE-03) -----------------------------------------------------

@pytest.mark.rule("GW-BATTLE-05", "GW-BATTLE-06", "GW-BATTLE-07", "GW-BATTLE-08", "GWA-BATTLE-03")
def test_archers_of_the_section_shoot_once_each_in_leader_order_and_take_slot_rewards():
    g = spring_game(leader=[1, 0, 2])
    s = g.state
    put_horde(g, 0, 0, "plunder_band")
    put_horde(g, 0, 1, "siege_sappers")
    put_horde(g, 1, 0, "steppe_outriders")
    s.archers[0] = (0, 0, 1)                     # seat 0: 2 Archers, seat 1: 1 Archer
    s.archers[1] = (2, 2)                         # seat 2's Archers guard another section
    s.forts[0] = 2                                # Defence 8 holds the 3 + 4 Breach
    since = restart_spring(g)
    do(g, 1, "section:1")
    # any uncovered slot of any undefeated card in front of this section (both rows)
    assert g.decision == "shoot" and g.to_play == 1
    assert g.legal_action_ids() == [f"slot:{r}:{k}" for r in (1, 2) for k in range(1, 7)]
    do(g, 1, "slot:1:1")                          # 1 Gold
    assert g.to_play == 0 and "slot:1:1" not in g.legal_action_ids()
    do(g, 0, "slot:2:1")                          # 1 Stone
    assert g.to_play == 0                         # seat 1 has no Archer left; seat 0 shoots again
    do(g, 0, "slot:1:2")                          # 1 Gold (not vital)
    shots = [(e.params["seat"], e.params["row"], e.params["slot"]) for e in events(g, "ev.shoot", since)]
    assert shots == [(1, 0, 0), (0, 1, 0), (0, 0, 1)]   # one shot per Archer, then the step ends
    assert s.res[1] == (0, 0, 1, 0) and s.res[0] == (0, 1, 1, 0)
    assert horde(g, 0, 0)[1][:2] == ((1, "w"), (0, "w")) and horde(g, 0, 1)[1][0] == (0, "w")
    rewards = [e for e in events(g, "ev.gain", since) if "GW-BATTLE-07" in e.rules]
    assert len(rewards) == 3
    # the last battle (section 1) starts at once: seat 2's Archers shoot there
    assert g.decision == "shoot" and g.to_play == 2 and g.state.battle["section"] == 1


@pytest.mark.rule("GW-BATTLE-06", "GW-BATTLE-08", "GW-BREACH-01", "GW-BREACH-04", "GW-BREACH-16",
                  "GWA-BATTLE-03", "GWA-BREACH-04")
def test_shots_only_hit_undefeated_cards_and_a_card_beaten_by_archers_alone_is_discarded():
    g = spring_game(leader=[0, 1, 2])
    s = g.state
    put_horde(g, 0, 0, "steppe_outriders")       # vital 0 and 5 only
    s.archers[0] = (0, 0, 1)
    since = restart_spring(g)
    do(g, 0, "slot:1:1")
    do(g, 1, "slot:1:6")                          # both vital slots covered: defeated
    # seat 0 still has an Archer, but no undefeated card is left: no more shooting
    assert len(events(g, "ev.shoot", since)) == 2
    assert g.decision == "donate"                  # the battle (and Spring) ran to the end
    assert [e.params["card"] for e in events(g, "ev.defeated", since)] == ["steppe_outriders"]
    # nobody covered a slot with a soldier: no local victory; both shooters are on the card (+2)
    assert not [e for e in events(g, "ev.gain", since) if "GW-BREACH-02" in e.rules]
    part = [e.params["seat"] for e in events(g, "ev.gain", since) if "GW-BREACH-04" in e.rules]
    assert part == [0, 1]
    # 15 + 2 (participation) and +1 Honor for slot 5 (seat 1)
    assert g.state.honor == [17, 18, 15]
    assert g.state.kept == [(), (), ()]
    assert g.state.horde_discard[-1] == "steppe_outriders" and horde(g, 0, 0) is None
    assert events(g, "ev.discard_horde", since)[0].rules == ("GW-BREACH-16", "GWA-BREACH-04")


# ---- step 4: dispatch (GW-BATTLE-09..16, GWA-BARRACKS-01) ------------------------------------------------------

@pytest.mark.rule("GW-BATTLE-09", "GW-BATTLE-10", "GW-BATTLE-14", "GW-BATTLE-16", "GWA-BARRACKS-01")
def test_spearmen_go_to_the_nearest_row_horsemen_anywhere_covering_two_slots():
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "steppe_outriders")
    put_horde(g, 0, 1, "plunder_band")
    s.behind[0] = ((0, SPEARMAN), (0, HORSEMAN))
    s.behind[1] = ((0, SPEARMAN),)               # stationed elsewhere: not dispatched here
    s.forts[0] = 1                                # Defence 6 holds the 2 + 3 Breach
    since = restart_spring(g)
    assert g.decision == "dispatch" and g.to_play == 0
    assert g.legal_action_ids() == ["dispatch:spearman:1", "dispatch:horseman:1", "dispatch:horseman:2"]
    do(g, 0, "dispatch:horseman:2")
    do(g, 0, "slot:1")                            # 1 Gold
    assert g.decision == "slot" and "slot:1" not in g.legal_action_ids()
    do(g, 0, "slot:2")                            # 1 Gold: a Horseman covers 2 slots of one card
    card = horde(g, 0, 1)
    assert card[1][:2] == ((0, "h"), (0, "h")) and card[2] == ((0, HORSEMAN, (0, 1)),)
    assert s.res[0][2] == 2
    # the Spearman may still only go to row 0 (row 0 is undefeated)
    assert g.legal_action_ids() == ["dispatch:spearman:1"]
    do(g, 0, "dispatch:spearman:1")
    do(g, 0, "slot:6")                            # 1 Honor
    assert horde(g, 0, 0)[2] == ((0, SPEARMAN, (5,)),)
    assert g.state.behind[1] == ((0, SPEARMAN),)
    assert [e.params["row"] for e in events(g, "ev.dispatch", since)] == [1, 1, 0]
    assert all({"GW-BATTLE-09", "GW-BATTLE-10"} <= set(e.rules) for e in events(g, "ev.dispatch", since))


@pytest.mark.rule("GW-BATTLE-14", "GW-BATTLE-15", "GW-BATTLE-11")
def test_spearmen_reach_the_second_row_only_once_the_first_is_defeated():
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "steppe_outriders", cover=cover((0, 1, "w")))
    put_horde(g, 0, 1, "siege_sappers")
    s.behind[0] = ((0, SPEARMAN), (0, SPEARMAN))
    s.forts[0] = 3
    restart_spring(g)
    assert g.legal_action_ids() == ["dispatch:spearman:1"]
    do(g, 0, "dispatch:spearman:1")
    do(g, 0, "slot:6")                            # row 0 defeated
    assert g.legal_action_ids() == ["dispatch:spearman:2"]
    do(g, 0, "dispatch:spearman:2")
    do(g, 0, "slot:2")
    # every soldier dispatched: the dispatch step is over
    assert g.decision == "donate"


@pytest.mark.rule("GW-BATTLE-09", "GW-BATTLE-11")
def test_dispatch_is_not_optional_one_soldier_at_a_time_until_every_horde_is_defeated():
    """GW-BATTLE-09/11: in Leader-track order, one soldier at a time, until every soldier at the section
    is dispatched or every Horde there is defeated; nobody may pass (GWA-BATTLE-04 is retired)."""
    g = spring_game(leader=[0, 1, 2])
    s = g.state
    put_horde(g, 0, 0, "keshig_guard")            # vital slots 1, 3, 4, 5
    s.behind[0] = ((0, SPEARMAN), (0, SPEARMAN)) + ((1, SPEARMAN),) * 4
    since = restart_spring(g)
    turns = []
    for seat, slot in ((0, 0), (1, 1), (0, 3), (1, 4), (1, 5)):   # seat 0 runs out, seat 1 goes on alone
        assert g.decision == "dispatch" and "pass" not in g.legal_action_ids()
        assert g.legal_action_ids() == ["dispatch:spearman:1"]
        turns.append(g.to_play)
        do(g, seat, "dispatch:spearman:1")
        do(g, seat, f"slot:{slot + 1}")
    assert turns == [0, 1, 0, 1, 1]
    assert [e.params["seat"] for e in events(g, "ev.dispatch", since)] == [0, 1, 0, 1, 1]
    # the card is defeated: the dispatch step ends, seat 1's fourth Spearman stays behind the Wall (first
    # below); the card's soldiers then come back behind it (GW-BREACH-15)
    assert events(g, "ev.defeated", since) and g.decision == "donate"
    assert g.state.behind[0] == ((1, SPEARMAN), (0, SPEARMAN), (1, SPEARMAN), (0, SPEARMAN), (1, SPEARMAN),
                                 (1, SPEARMAN))


@pytest.mark.rule("GW-BATTLE-11", "GW-BATTLE-09")
def test_every_soldier_at_the_section_is_dispatched_when_no_card_is_defeated():
    g = spring_game(leader=[1, 0, 2])
    s = g.state
    put_horde(g, 0, 0, "keshig_guard")
    s.behind[0] = ((0, SPEARMAN), (1, HORSEMAN), (1, SPEARMAN))
    s.forts[0] = 1
    since = restart_spring(g)
    do(g, 1, "dispatch:spearman:1")               # seat 1 chooses which soldier goes first
    do(g, 1, "slot:1")
    assert g.legal_action_ids() == ["dispatch:spearman:1"]
    do(g, 0, "dispatch:spearman:1")
    do(g, 0, "slot:2")
    assert g.legal_action_ids() == ["dispatch:horseman:1"]   # the Horseman must go too
    do(g, 1, "dispatch:horseman:1")
    do(g, 1, "slot:3")
    do(g, 1, "slot:6")
    assert [e.params["seat"] for e in events(g, "ev.dispatch", since)] == [1, 0, 1, 1]  # a Horseman covers 2
    assert g.state.behind[0] == () and not events(g, "ev.defeated", since)   # nobody held back
    assert events(g, "ev.held", since) and g.decision == "donate"


# ---- step 5.1: defeat and local victory (GW-BREACH-01..04, -13, -15) ------------------------------------------

@pytest.mark.rule("GW-BREACH-01", "GW-BREACH-02", "GW-BREACH-04", "GW-BREACH-13", "GW-BREACH-15",
                  "GWA-BREACH-01", "GWA-BREACH-04", "GWA-BATTLE-03", "GWA-BARRACKS-01")
def test_most_slots_with_soldiers_wins_the_card_others_on_it_gain_2():
    """Siege Sappers (vital 0, 2, 3, 5): seat 1's Horseman covers 0 and 2, seat 0's Spearman 3,
    seat 2's wound marker 5. Wound markers count for the +2, not for the local victory."""
    g = spring_game(leader=[0, 1, 2])
    s = g.state
    put_horde(g, 0, 0, "siege_sappers", cover=cover((0, 1, "h"), (2, 1, "h"), (3, 0, "s"), (5, 2, "w")),
              units=((1, HORSEMAN, (0, 2)), (0, SPEARMAN, (3,))))
    since = restart_spring(g)
    assert g.decision == "donate"                 # nobody at the section: no decisions
    assert [e.params["card"] for e in events(g, "ev.defeated", since)] == ["siege_sappers"]
    win = [e for e in events(g, "ev.gain", since) if "GW-BREACH-02" in e.rules]
    assert [(e.params["seat"], e.params["what"]) for e in win] == [(1, {"honor": 7})]
    others = [e.params["seat"] for e in events(g, "ev.gain", since) if "GW-BREACH-04" in e.rules]
    assert others == [0, 2]
    assert s.honor == [17, 22, 17]
    # not breached, yet breach step 3 applies: the card goes under the winner's General and its
    # soldiers move behind the section
    assert not events(g, "ev.breached", since)
    assert s.kept == [(), ("siege_sappers",), ()]
    assert horde(g, 0, 0) is None
    assert sorted(s.behind[0]) == [(0, SPEARMAN), (1, HORSEMAN)]
    assert {"GW-BREACH-13", "GW-BREACH-15"} <= set(events(g, "ev.kept", since)[0].rules)


@pytest.mark.rule("GW-BREACH-02", "GW-BREACH-03", "GW-BREACH-04")
@pytest.mark.parametrize("leader, winner", [([1, 0, 2], 1), ([0, 1, 2], 0), ([2, 0, 1], 0)])
def test_ties_for_the_local_victory_go_by_the_leader_track(leader, winner):
    g = spring_game(leader=leader)
    s = g.state
    put_horde(g, 0, 0, "steppe_outriders", cover=cover((0, 0, "s"), (5, 1, "s")),
              units=((0, SPEARMAN, (0,)), (1, SPEARMAN, (5,))))
    since = restart_spring(g)
    win = [e.params["seat"] for e in events(g, "ev.gain", since) if "GW-BREACH-02" in e.rules]
    assert win == [winner]
    loser = 1 - winner
    assert s.honor[winner] == 15 + 4 and s.honor[loser] == 15 + 2 and s.honor[2] == 15
    assert s.kept[winner] == ("steppe_outriders",)


@pytest.mark.rule("GW-BREACH-01")
def test_a_card_with_an_uncovered_vital_slot_is_not_defeated():
    g = spring_game()
    s = g.state
    # Plunder Band: vital 0, 2, 4; slots 0, 1, 2, 3, 5 covered, vital 4 open
    put_horde(g, 0, 0, "plunder_band",
              cover=cover((0, 0, "s"), (1, 0, "s"), (2, 0, "s"), (3, 0, "s"), (5, 0, "s")),
              units=tuple((0, SPEARMAN, (k,)) for k in (0, 1, 2, 3, 5)))
    since = restart_spring(g)
    assert not events(g, "ev.defeated", since)
    assert horde(g, 0, 0)[0] == "plunder_band" and len(horde(g, 0, 0)[2]) == 5   # soldiers stay on it
    assert s.kept[0] == () and s.honor[0] == 15


# ---- step 5.2: the breach (GW-BREACH-05..12) ----------------------------------------------------------------

@pytest.mark.rule("GW-BREACH-05", "GWA-BOARD-03", "GW-FORT-04")
@pytest.mark.parametrize("wall, forts, cards, beaten, breached", [
    (0, 0, ["siege_sappers"], False, False),                        # 4 vs 4: not higher
    (0, 0, ["siege_sappers", "steppe_outriders"], False, True),     # 6 vs 4
    (0, 1, ["siege_sappers", "steppe_outriders"], False, False),    # 6 vs 4 + 2
    (0, 1, ["siege_sappers", "plunder_band"], False, True),         # 7 vs 6
    (1, 0, ["great_trebuchet", "steppe_outriders"], False, True),   # 8 vs 7 (level 1)
    (1, 0, ["great_trebuchet", "steppe_outriders"], True, False),   # beaten Outriders do not count: 6 vs 7
    (2, 0, ["great_trebuchet", "steppe_outriders", "shaman_drummers"], False, False),  # 10 vs 10
], ids=["equal", "above", "fort-holds", "fort-breached", "level1", "defeated-excluded", "level2-equal"])
def test_a_section_breaches_only_when_the_undefeated_breach_sum_is_above_its_defence(
        wall, forts, cards, beaten, breached):
    g = spring_game()
    s = g.state
    for row, card in enumerate(cards):
        put_horde(g, 0, row, card)
    if beaten:
        put_horde(g, 0, 1, "steppe_outriders", cover=cover((0, 2, "w"), (5, 2, "w")))
    s.wall[0], s.forts[0] = wall, forts
    since = restart_spring(g)
    check = [e for e in events(g, since=since) if e.key in ("ev.held", "ev.breached")]
    assert len(check) == 1 and "GW-BREACH-05" in check[0].rules
    assert check[0].key == ("ev.breached" if breached else "ev.held")
    assert check[0].params["defence"] == (4, 7, 10)[wall] + 2 * forts
    # Fortifications are discarded at the end of Spring
    assert g.state.season == "summer" and s.forts == [0, 0, 0]
    assert "GW-FORT-04" in events(g, "ev.spring_end", since)[0].rules


@pytest.mark.rule("GW-BREACH-06", "GW-BREACH-07", "GWA-BREACH-02")
def test_breach_effects_hit_players_at_the_section_and_unpaid_resources_cost_honor():
    """Plunder Band (pay 2 Gold) in row 0 and Outriders (pay 1 Gold) in row 1: 5 > 4."""
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "plunder_band")
    put_horde(g, 0, 1, "steppe_outriders")
    s.behind[0] = ((0, SPEARMAN), (1, SPEARMAN))
    s.behind[1] = ((2, SPEARMAN),)
    s.res = [(0, 0, 3, 0), (0, 0, 1, 0), (0, 0, 5, 0)]
    since = restart_spring(g)
    do(g, 0, "dispatch:spearman:1")
    do(g, 0, "slot:4")                            # slots without reward
    do(g, 1, "dispatch:spearman:1")
    do(g, 1, "slot:6")
    assert events(g, "ev.breached", since)
    do(g, 0, "pay")                               # Plunder Band: 2 Gold paid
    assert g.legal_action_ids() == ["pay", "refuse"]
    do(g, 1, "pay")                               # has only 1 Gold: pays 1, loses 1 Honor
    do(g, 0, "refuse")                            # Outriders: will not pay, loses 1 Honor
    # seat 1 has no Gold left: loses 1 Honor without being asked
    assert g.decision == "donate"
    assert [r[2] for r in s.res] == [1, 0, 5]
    assert s.honor == [14, 13, 15]                # seat 2 is not at this section
    unpaid = [(e.params["seat"], e.params["n"]) for e in events(g, "ev.unpaid", since)]
    assert unpaid == [(1, 1), (0, 1), (1, 1)]
    assert all({"GW-BREACH-06", "GW-BREACH-07"} <= set(e.rules) for e in events(g, "ev.unpaid", since))
    # then the kills: the Plunder Band's one kill takes the first soldier dispatched onto it
    assert [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill", since)] == [(0, "spearman")]


def _slaughter_setup(chi):
    """Wall level 1 (Defence 7, 3 Archer slots). Armoured Lancers (kill 3) in row 0 with a Spearman
    of seat 0 (slot 0) then one of seat 1 (slot 1) on it; Outriders (kill 1) in rows 1 and 2;
    4 + 2 + 2 = 8 > 7 breaches. Archers placed seat 1, then 0, then 2."""
    g = spring_game(leader=[0, 1, 2])
    s = g.state
    put_horde(g, 0, 0, "armoured_lancers", cover=cover((0, 0, "s"), (1, 1, "s")),
              units=((0, SPEARMAN, (0,)), (1, SPEARMAN, (1,))))
    put_horde(g, 0, 1, "steppe_outriders")
    s.archers[0] = (1, 0, 2)
    put_horde(g, 0, 2, "steppe_outriders")
    s.wall[0] = 1
    s.res = [(0, 0, 0, c) for c in chi]
    s.soldiers = [(5, 2, 1)] * 3
    since = restart_spring(g)
    # shooting: each Archer hits a slot without reward or Honor (non-vital)
    do(g, 0, "slot:1:3")
    do(g, 1, "slot:2:2")
    do(g, 2, "slot:3:2")
    assert events(g, "ev.breached", since)
    return g, since


@pytest.mark.rule("GW-BREACH-08", "GW-BREACH-09", "GW-BREACH-12", "GWA-BREACH-03", "GWA-BREACH-05")
def test_each_undefeated_card_kills_its_kill_value_soldiers_on_it_first_then_archers():
    g, since = _slaughter_setup(chi=(0, 0, 0))
    s = g.state
    assert g.decision == "donate"                 # no Chi: nobody can save, no decisions
    kills = [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill", since)]
    # Lancers (3): seat 0's Spearman, seat 1's Spearman (placed on it), then seat 1's Archer
    # (first placed on the Wall); Outriders row 1 (1): seat 0's Archer; Outriders row 2 (1): seat 2's
    assert kills == [(0, "spearman"), (1, "spearman"), (1, "archer"), (0, "archer"), (2, "archer")]
    assert all({"GW-BREACH-08", "GW-BREACH-12"} <= set(e.rules) for e in events(g, "ev.kill", since))
    # killed soldiers go back to their owners' supply
    assert s.soldiers == [(6, 3, 1), (6, 3, 1), (5, 3, 1)]
    assert s.archers[0] == () and s.behind[0] == ()
    # the slots the dead Spearmen covered are open again; the card stays (undefeated)
    lancers = horde(g, 0, 0)
    assert lancers[0] == "armoured_lancers" and lancers[2] == ()
    assert lancers[1][0] is None and lancers[1][1] is None and lancers[1][2] == (0, "w")


@pytest.mark.rule("GW-BREACH-10", "GW-BREACH-11", "GW-BREACH-12", "GWA-BREACH-03")
def test_a_victim_may_be_saved_for_3_chi_and_moves_behind_the_section():
    g, since = _slaughter_setup(chi=(3, 6, 2))
    s = g.state
    assert g.decision == "save" and g.to_play == 0 and g.legal_action_ids() == ["save", "die"]
    do(g, 0, "save")                              # seat 0's Spearman: 3 Chi
    do(g, 1, "die")                               # seat 1's Spearman
    do(g, 1, "save")                              # seat 1's Archer: 3 Chi
    # seat 0 has no Chi left and seat 2 only 2: their Archers die without a choice
    assert g.decision == "donate"
    assert [r[3] for r in s.res] == [0, 3, 2]
    assert sorted(s.behind[0]) == [(0, SPEARMAN), (1, ARCHER)]
    saved = [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.saved", since)]
    assert saved == [(0, "spearman"), (1, "archer")]
    assert all({"GW-BREACH-10", "GW-BREACH-11"} <= set(e.rules) for e in events(g, "ev.saved", since))
    kills = [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill", since)]
    assert kills == [(1, "spearman"), (0, "archer"), (2, "archer")]
    assert s.soldiers == [(5, 3, 1), (6, 2, 1), (5, 3, 1)]


@pytest.mark.rule("GW-BREACH-08", "GW-BREACH-09", "GWA-BREACH-03")
def test_soldiers_kept_behind_the_section_die_after_those_on_the_card_and_the_archers():
    """GW-BREACH-08: the warriors slaughter the soldiers on the Wall, those stationed behind it too: a
    soldier at the section is never safe by not fighting. Armoured Lancers (kill 3) with seat 2's
    Spearman on it, seat 0's Archer on the Wall, seat 1's Archer behind it (saved in an earlier breach:
    an Archer behind the Wall cannot be dispatched); Outriders (kill 1) behind; 4 + 2 > 4 breaches."""
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "armoured_lancers", cover=cover((2, 2, "s")), units=((2, SPEARMAN, (2,)),))
    put_horde(g, 0, 1, "steppe_outriders")
    s.archers[0] = (0,)
    s.behind[0] = ((1, ARCHER),)
    since = restart_spring(g)
    do(g, 0, "slot:1:6")                          # the Archer shoots (1 Wood)
    assert events(g, "ev.breached", since) and g.decision == "donate"
    kills = events(g, "ev.kill", since)
    assert [(e.params["seat"], e.params["unit"]) for e in kills] == [(2, "spearman"), (0, "archer"), (1, "archer")]
    assert all({"GW-BREACH-08", "GW-BREACH-09", "GWA-BREACH-03"} <= set(e.rules) for e in kills)
    assert s.archers[0] == () and s.behind[0] == () and horde(g, 0, 0)[2] == ()
    assert s.soldiers == [(5, 3, 1), (5, 3, 1), (6, 2, 1)]     # back to their owners' supplies (GW-BREACH-12)


@pytest.mark.rule("GW-BREACH-10", "GW-BREACH-11", "GWA-BREACH-03")
def test_a_soldier_saved_from_one_card_is_not_slaughtered_by_the_next():
    """GW-BREACH-10: 3 Chi prevent the soldier's death; it moves behind the section (GW-BREACH-11), where
    the next breaching card's warriors do not choose it again."""
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "armoured_lancers", cover=cover((2, 0, "s")), units=((0, SPEARMAN, (2,)),))
    put_horde(g, 0, 1, "steppe_outriders")       # 4 + 2 > 4
    s.res[0] = (0, 0, 0, 3)
    since = restart_spring(g)
    do(g, 0, "save")
    assert g.decision == "donate" and not events(g, "ev.kill", since)
    assert s.behind[0] == ((0, SPEARMAN),) and s.res[0][3] == 0


@pytest.mark.rule("GW-BREACH-09", "GWA-BREACH-03", "D15")
def test_a_cards_kills_never_reach_soldiers_on_another_card():
    """Each card kills among the soldiers on itself, then the Wall's Archers and the soldiers behind it:
    the Outriders' warriors do not reach seat 1's Spearman on the Sappers, nor those on a defeated card."""
    g = spring_game()
    put_horde(g, 0, 0, "siege_sappers", cover=cover((1, 1, "s"), (4, 2, "s")),
              units=((1, SPEARMAN, (1,)), (2, SPEARMAN, (4,))))
    put_horde(g, 0, 1, "steppe_outriders")
    put_horde(g, 0, 2, "steppe_outriders", cover=cover((0, 0, "s"), (5, 0, "s")),   # defeated (V0, V5)
              units=((0, SPEARMAN, (0,)), (0, SPEARMAN, (5,))))
    since = restart_spring(g)
    assert events(g, "ev.defeated", since) and events(g, "ev.breached", since) and g.decision == "donate"
    # Sappers (kill 1): seat 1's Spearman on it; Outriders (kill 1): nobody within its reach
    assert [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill", since)] == [(1, "spearman")]
    assert horde(g, 0, 0)[2] == ((2, SPEARMAN, (4,)),)
    assert g.state.behind[0] == ((0, SPEARMAN), (0, SPEARMAN))   # the defeated card's, back behind the Wall


# ---- breach 5: cards move down (GW-BREACH-18, GWA-BREACH-05) ---------------------------------------------------

@pytest.mark.rule("GW-BREACH-18", "GWA-BREACH-05", "GW-BREACH-13", "GW-FORT-04")
def test_cards_move_down_towards_the_wall_with_their_soldiers():
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "steppe_outriders", cover=cover((0, 0, "s"), (5, 0, "s")),
              units=((0, SPEARMAN, (0,)), (0, SPEARMAN, (5,))))
    sappers = ("siege_sappers", cover((1, 1, "s")), ((1, SPEARMAN, (1,)),))
    s.hordes[1] = sappers
    put_horde(g, 0, 2, "plunder_band")
    s.forts[0] = 2                                # 4 + 3 = 7 < 8: held
    since = restart_spring(g)
    assert events(g, "ev.held", since)
    assert s.kept[0] == ("steppe_outriders",)
    assert horde(g, 0, 0) == sappers              # with seat 1's Spearman still on it
    assert horde(g, 0, 1)[0] == "plunder_band" and horde(g, 0, 2) is None
    assert events(g, "ev.shift", since)[0].rules == ("GW-BREACH-18",)
    assert s.forts[0] == 0


# ---- end of game: Horde cards under the General (GW-BREACH-14) ------------------------------------------------

@pytest.mark.rule("GW-BREACH-14", "GWA-BREACH-01")
def test_kept_horde_cards_score_their_end_honor_at_the_end_of_the_game():
    g = spring_game()
    s = g.state
    s.year = 3
    s.kept = [("great_trebuchet", "steppe_outriders"), (), ("siege_sappers",)]
    restart_spring(g)                              # no Hordes: Spring ends at once
    while g.decision == "donate":
        g.apply(g.legal_action_ids()[0])           # donate nothing
    assert g.is_over
    end = [(e.params["seat"], e.params["what"]) for e in events(g, "ev.gain") if "GW-BREACH-14" in e.rules]
    assert end == [(0, {"honor": 5 + 1}), (2, {"honor": 3})]
