"""The Great Wall: the Genghis Khan expansion (GK-01..GK-65 of shared/rules/greatwall-stretch.yaml).

Seed 000 times the Khan by the retail year; boardlab places him on seed 004's year through the phase
mapping (greatwall-conflicts.md §2) and the rulings D3, D8, D9, D12, D15, D16, D18, D22, with the
authored rulings GWA-GK-01..09 (data/rules-genghis.yaml; docs/greatwall-genghis.md):

- setup: 2 random base Horde types out, the 3 Genghis types in (GK-09/10), 1 Emperor's Award, 2 Skill
  cards, a Bannerman per player; the Khan at the top card's invasion indicator (GK-17). 2 players: the
  leftmost column closed and its cards out of the deck (GK-12/13, D22, GWA-GK-02).
- the Khan moves at the end of each Autumn invasion, before Winter (GK-40, GWA-GK-03).
- Skills act in the battle at his section (GK-38); the attack on him follows the breach step's
  casualties, once per defeated card, by its defeat-credit holder (GK-45..52, D15, GWA-GK-05).
- his defeat ends the game after Summer of that year (GK-22, D3).
- the Emperor's Award goes to whoever builds a Wall level in Summer (GK-55/57, D18).
- the Bannerman: recruited at the Barracks, dispatched like a Spearman, rallies 2 soldiers before the
  shooting at its section (GK-58..62, GWA-GK-08/09).

Positions are reached by play and then edited (tests/greatwall_helpers.py), always followed by `fresh`.
Seats 0/1/2 are the red/yellow/blue clans. Skills are chosen per test through `set_gk` (the module's
data, `g.state.mods["genghis"]`).
"""
from __future__ import annotations

from collections import Counter

import pytest

import boardlab
from boardlab.games.greatwall.data_tables import ADVISORS, BOARD, CLANS, HORDES, LOCS, in_play
from boardlab.games.greatwall.modules import genghis as GK
from boardlab.games.greatwall.seasons import place_horde
from boardlab.games.greatwall.state import HORSEMAN, SPEARMAN
from greatwall_helpers import (BANNERMAN, advance, cover, do, empty_battlefield, events, fresh, horde, passive,
                              put_horde, restart_spring, season_is)

OPTS = {"expansions": ["genghis"]}
NEUTRAL_GENERAL = "su_dongpo"  # ability: on activate:tea_house (never in Spring or Summer)
PLAIN = ("scorched_earth", "shake_the_walls")  # skills used where no Skill should act (Khan elsewhere)


# ---- builders -----------------------------------------------------------------------------------------

def gk_game(players: int = 3, seed: int = 1):
    return boardlab.new_game("greatwall", players, seed=seed, options=OPTS)


def gk(g) -> dict:
    d = g.state.mods["genghis"]
    return {name: getattr(d, name) for name in d.__slots__}


def set_gk(g, **changes):
    for name, value in changes.items():
        setattr(g.state.mods["genghis"], name, value)
    return fresh(g)


def spring(players: int = 3, seed: int = 1, khan: int = 2, skills=PLAIN, leader=None):
    """Year 1, start of Spring, empty battlefield (as in test_greatwall_spring), the Khan at `khan`."""
    g = gk_game(players, seed)
    advance(g, season_is("spring"))
    s = g.state
    s.clerks_on = {loc: () for loc in s.clerks_on}
    empty_battlefield(g, soldiers=(5, 2, 1, 1), general=NEUTRAL_GENERAL, leader=leader)
    set_gk(g, khan=khan, skills=tuple(skills), spots=(), holder=None, rally=(), defeated=False, closed=())
    return fresh(g)


def until(g, decision: str, policy=passive):
    return advance(g, lambda x: x.decision == decision, policy=policy)


def beaten(g, section: int = 0, row: int = 0, seat: int = 0, units=((SPEARMAN, 0),)):
    """An outriders card (vital 0 and 5) already defeated: `seat`'s soldiers on slot 0 (and 1.. for
    more units), seat 1's wound on slot 5. `units`: (unit, slot) pairs of `seat`."""
    marks = [(5, 1, "w")] + [(slot, seat, "s" if u == SPEARMAN else "h") for u, slot in units]
    return put_horde(g, section, row, "steppe_outriders", cover(*marks),
                     tuple((seat, u, (slot,)) for u, slot in units))


# ---- setup (GK-03..19) ------------------------------------------------------------------------------


@pytest.mark.rule("GK-03", "GK-04", "GK-05", "GK-06", "GK-07", "GK-15", "GK-16", "GK-54", "GK-58")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_draws_one_award_two_skills_and_gives_each_player_a_bannerman(players):
    g = gk_game(players)
    d = gk(g)
    assert d["award"] in GK.AWARDS and d["holder"] is None          # GK-04/05/54: 1 of 6, model on the card
    assert len(set(d["skills"])) == 2 and set(d["skills"]) <= set(GK.SKILLS)   # GK-16
    assert GK.khan_cards(g.state)[0] == "genghis_khan"              # GK-15
    assert len(g.state.artifacts) == 3                              # GK-06: Artifacts as normal
    for seat in range(players):                                     # GK-07/58: base soldiers + 1 Bannerman
        assert g.state.soldiers[seat] == tuple(BOARD.soldiers[u] for u in ("spearman", "archer", "horseman")) + (1,)
        assert g.view(seat)["players"][seat]["soldiers"]["bannerman"] == 1
        assert len(g.state.general_offer[seat]) == 2                # GK-03: the rest of setup as normal
    # a different game draws differently (the draws are random, from the state's rng)
    draws = {(gk(gk_game(players, seed))["award"], gk(gk_game(players, seed))["skills"]) for seed in range(6)}
    assert len(draws) > 1


@pytest.mark.rule("GK-08", "GK-07")
def test_each_clan_has_its_own_bannerman_type():
    assert set(GK.BANNERMEN) == {c.id for c in CLANS}
    bonuses = [repr(GK.BANNERMEN[c.id].on_dispatch) for c in CLANS]
    names = [GK.BANNERMEN[c.id].names.en for c in CLANS]
    assert len(set(bonuses)) == len(CLANS) and len(set(names)) == len(CLANS)


@pytest.mark.rule("GK-09", "GK-10", "GK-11", "GWA-GK-01")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_horde_deck_loses_two_base_types_and_gains_the_three_genghis_types(players):
    g = gk_game(players, seed=4)
    deck = Counter(g.state.horde_deck)
    removed = gk(g)["removed"]
    base = {h for h in HORDES if HORDES[h].set == "base"}
    genghis = {h for h in HORDES if HORDES[h].set == "genghis"}
    assert len(removed) == 2 and set(removed) <= base
    assert all(deck[h] == 0 for h in removed)                       # GK-09: 6 cards out
    assert all(deck[h] == 3 for h in genghis) and len(genghis) == 3  # GK-10: 9 cards in
    assert all(deck[h] == 3 for h in base - set(removed))
    assert sum(deck.values()) == 3 * (len(base) - 2) + 9
    # GK-11: shuffled (the deck is not in a sorted order; another seed orders it differently)
    assert g.state.horde_deck != sorted(g.state.horde_deck)
    assert gk_game(players, seed=5).state.horde_deck != g.state.horde_deck


@pytest.mark.rule("GK-12", "GK-13", "D22", "GWA-GK-02")
def test_two_players_never_use_the_leftmost_column():
    g = gk_game(2, seed=3)
    assert gk(g)["closed"] == (0,) and g.view(0)["genghis"]["closed_sections"] == [0]
    assert all(HORDES[h].invasion != 0 for h in g.state.horde_deck)          # GK-13: its cards removed
    advance(g, "command")
    s = g.state
    placed = [i for i, h in enumerate(s.hordes) if h is not None]
    assert placed == [3, 6]                                                  # sections 1 and 2, row 1
    # fills continue in the open columns only, row by row; the overflow uses them too
    for card in ("steppe_outriders", "plunder_band", "siege_sappers", "keshig_guard"):
        place_horde(s, card)
    assert [h is None for h in s.hordes[0:3]] == [True, True, True]
    last = [s.hordes[5][0], s.hordes[8][0]]
    before = s.hordes[5]
    tasks = place_horde(s, "armoured_lancers")
    assert s.hordes[0:3] == [None, None, None]
    assert [s.hordes[5][0], s.hordes[8][0]] == [last[1], "armoured_lancers"]   # first of the row removed
    assert before[0] in s.horde_discard and tasks
    # a 3-player Genghis game keeps all three columns
    assert gk(gk_game(3))["closed"] == () and gk_game(3).view(0)["genghis"]["closed_sections"] == []


@pytest.mark.rule("GK-17", "D9", "GWA-GK-01")
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_the_khan_starts_at_the_invasion_indicator_of_the_top_card(seed):
    g = gk_game(3, seed)
    assert gk(g)["khan"] == HORDES[g.state.horde_deck[-1]].invasion
    assert events(g, "ev.gk.khan")[0].params["section"] == gk(g)["khan"]


@pytest.mark.rule("GK-14", "GK-40", "GK-27", "D8", "GWA-GK-03")
def test_the_khan_moves_after_each_invasion_by_the_top_card_and_stays_in_the_array():
    g = gk_game(3, seed=2)
    for year in (1, 2, 3):
        advance(g, lambda x: x.state.year == year and x.decision == "command")
        s = g.state
        if year == 1:   # GK-14 / D8: the first invasion (Autumn, year 1) places one card per player
            assert sum(h is not None for h in s.hordes) == 3
        assert gk(g)["khan"] == HORDES[s.horde_deck[-1]].invasion and gk(g)["khan"] in (0, 1, 2)
        keys = [e.key for e in s.events]
        last_horde = max(i for i, k in enumerate(keys) if k in ("ev.horde", "ev.overflow"))
        move = max(i for i, e in enumerate(s.events) if e.key == "ev.gk.khan" and "GK-40" in e.rules)
        winter = max(i for i, k in enumerate(keys) if k == "ev.winter")
        assert last_horde < move < winter           # after placing new Hordes, before Winter
        advance(g, season_is("summer"))


@pytest.mark.rule("GK-18", "GK-19", "D6")
def test_genghis_advisors_are_shuffled_into_the_pool_and_dealt_as_in_004():
    g = gk_game(3)
    s = g.state
    pool = list(s.advisor_deck) + list(s.advisor_track) + [a for hand in s.advisors for a in hand]
    assert sorted(pool) == sorted(in_play(ADVISORS, s.sets))
    assert {a for a in ADVISORS if ADVISORS[a].set == "genghis"} <= set(pool) and len(
        [a for a in ADVISORS if ADVISORS[a].set == "genghis"]) == 6
    assert all(len(hand) == BOARD.advisors_dealt == 4 for hand in s.advisors)   # D6: 004's deal
    base_game = boardlab.new_game("greatwall", 3, seed=1)
    assert not {a for a in base_game.state.advisor_deck if ADVISORS[a].set == "genghis"}


# ---- vital spots by player count (GK-32..36) ----------------------------------------------------------------


@pytest.mark.rule("GK-32", "GK-33", "GK-34", "GK-35", "GK-36", "GK-31", "GK-37")
@pytest.mark.parametrize("players, khan, skills", [(2, 3, 3), (3, 3, 3), (4, 5, 4), (5, 6, 5)])
def test_the_spots_to_occupy_depend_on_the_player_count(players, khan, skills):
    g = gk_game(players)
    set_gk(g, skills=("no_retreat", "shake_the_walls"))   # no_retreat: blank, blank, 5; shake: blank, 4
    assert {s.mark for s in GK.KHAN.spots} == {0, 4, 5}       # GK-33: three kinds
    spots = GK.open_spots(g.state)
    assert len([c for c, _ in spots if c == "genghis_khan"]) == khan
    assert len([c for c, _ in spots if c != "genghis_khan"]) == skills   # GK-37: Skills add spots


# ---- attacking the Khan (GK-41..52, D15, D16) --------------------------------------------------------------


@pytest.mark.rule("GK-41", "GK-42", "GK-43", "GK-45", "GK-46", "GK-47", "GK-49", "GK-50", "GK-51", "GK-30",
                  "GK-52", "GK-29", "D15", "D16", "GWA-GK-05")
def test_the_credited_player_attacks_the_khan_with_a_soldier_from_the_defeated_card():
    g = spring(khan=2)                                         # GK-51: the Khan is elsewhere
    beaten(g, units=((SPEARMAN, 0), (HORSEMAN, 1)))
    g.state.archers[0] = (0,)                                  # an Archer at the section: never offered
    since = restart_spring(g)
    until(g, "gk_attack")
    assert g.to_play == 0
    assert g.legal_action_ids() == ["card:spearman", "card:horseman", "skip"]    # GK-42/43
    do(g, 0, "card:spearman")
    assert g.legal_action_ids() == [f"spot:{c}:{k + 1}" for c, k in GK.open_spots(g.state)]
    assert "spot:genghis_khan:4" not in g.legal_action_ids()   # a "4" spot does not count with 3 players
    honor, res = g.state.honor[0], g.state.res[0]
    do(g, 0, "spot:shake_the_walls:1")                         # GK-49: a Skill card's spot is fine too
    assert g.state.honor[0] == honor + 6 and g.state.res[0] == res      # GK-50, GK-30: no rewards
    assert gk(g)["spots"] == (("shake_the_walls", 0, 0, SPEARMAN),)
    attack = events(g, "ev.gk.attack", since)[0]
    assert {"GK-45", "GK-47", "D15"} <= set(attack.rules)
    # D15 / GK-47: after the casualties (the breach step), before the card's soldiers go behind the Wall
    keys = [e.key for e in g.state.events[since:]]
    assert keys.index("ev.held") < keys.index("ev.gk.attack") < keys.index("ev.kept")
    assert g.state.behind[0] == ((0, HORSEMAN),)               # the Horseman moved behind; the Spearman did not
    # GK-52: he stays there to the end of the game, never back in supply
    advance(g, lambda x: x.is_over)
    assert ("shake_the_walls", 0, 0, SPEARMAN) in gk(g)["spots"]
    # GK-29: the Khan adds nothing to the Breach value where he stands (none of his cards breach)
    g2 = spring(khan=0)
    put_horde(g2, 0, 0, "steppe_outriders")
    since = restart_spring(g2)
    advance(g2, season_is("summer"))
    assert events(g2, "ev.held", since)[0].params["breach"] == HORDES["steppe_outriders"].breach


@pytest.mark.rule("GK-46", "GK-45", "D16")
def test_only_the_player_with_the_defeat_credit_may_attack():
    g = spring(khan=1)
    # siege_sappers: vital 0 2 3 5. Seat 1's Horseman covers 2 and 5, seat 0's Spearman 0, seat 2 wounds 3.
    put_horde(g, 0, 0, "siege_sappers", cover((0, 0, "s"), (2, 1, "h"), (5, 1, "h"), (3, 2, "w")),
              ((0, SPEARMAN, (0,)), (1, HORSEMAN, (2, 5))))
    since = restart_spring(g)
    until(g, "gk_attack")
    assert g.to_play == 1 and g.legal_action_ids() == ["card:horseman", "skip"]
    do(g, 1, "skip")                                           # declining is allowed
    advance(g, season_is("summer"))
    assert gk(g)["spots"] == () and len(events(g, "ev.gk.attack", since)) == 0


@pytest.mark.rule("GK-48", "GK-47", "GK-38", "GWA-GK-04", "GWA-GK-05")
@pytest.mark.parametrize("save", [True, False])
def test_no_retreat_kills_soldiers_on_a_defeated_card_and_only_a_saved_one_may_attack(save):
    g = spring(khan=0, skills=("no_retreat", "scorched_earth"))
    beaten(g)                                                   # seat 0's Spearman on the defeated card
    put_horde(g, 0, 1, "keshig_guard")                          # breach 5 > Defence 4: a breach
    g.state.res[0] = (0, 0, 0, BOARD.save_cost)
    since = restart_spring(g)
    until(g, "save")
    assert g.to_play == 0
    do(g, 0, "save" if save else "die")
    advance(g, lambda x: x.decision == "gk_attack" or x.state.season == "summer")
    if save:   # GK-48: the soldier saved from the card (now behind the Wall) may attack
        assert g.to_play == 0 and g.legal_action_ids() == ["saved:spearman", "skip"]
        do(g, 0, "saved:spearman")
        do(g, 0, g.legal_action_ids()[0])
        assert (0, SPEARMAN) not in g.state.behind[0] and gk(g)["spots"][0][2:] == (0, SPEARMAN)
        assert "GK-48" in events(g, "ev.gk.attack", since)[0].rules
    else:      # all of them died: no attack
        assert g.state.season == "summer" and gk(g)["spots"] == ()
    # the card still counted as defeated: seat 0 keeps it
    assert "steppe_outriders" in g.state.kept[0]


@pytest.mark.rule("GK-44", "GK-29")
def test_wound_effects_never_reach_the_khan():
    g = spring(khan=0)
    put_horde(g, 0, 0, "steppe_outriders")
    g.state.archers[0] = (0,)
    restart_spring(g)
    until(g, "shoot")
    assert all(a.startswith("slot:") for a in g.legal_action_ids())
    do(g, 0, "slot:1:1")
    assert gk(g)["spots"] == () and len(GK.open_spots(g.state)) == 6


# ---- Skills (GK-37..39) -------------------------------------------------------------------------------------


def breach_result(g, since):
    e = (events(g, "ev.breached", since) + events(g, "ev.held", since))[0]
    return e.key, e.params["breach"], e.params["defence"]


@pytest.mark.rule("GK-38", "GK-39", "GK-37", "GWA-GK-04")
@pytest.mark.parametrize("khan, off, expected", [
    (0, False, ("ev.breached", 3, 2)),      # at his section, working: Defence 4 - 2
    (1, False, ("ev.held", 3, 4)),          # GK-38: elsewhere it does nothing
    (0, True, ("ev.held", 3, 4)),           # GK-39: its one required spot (3 players) occupied: off
])
def test_shake_the_walls_lowers_defence_only_at_his_section_until_switched_off(khan, off, expected):
    g = spring(khan=khan, skills=("shake_the_walls", "scorched_earth"))
    if off:
        set_gk(g, spots=(("shake_the_walls", 0, 1, SPEARMAN),))
        assert GK.disabled(g.state, "shake_the_walls")
    put_horde(g, 0, 0, "plunder_band")
    since = restart_spring(g)
    advance(g, season_is("summer"))
    assert breach_result(g, since) == expected


@pytest.mark.rule("GK-38", "GK-37")
@pytest.mark.parametrize("khan, expected", [(0, ("ev.breached", 5, 4)), (2, ("ev.held", 4, 4))])
def test_eternal_blue_sky_adds_breach_value_per_undefeated_card(khan, expected):
    g = spring(khan=khan, skills=("eternal_blue_sky", "scorched_earth"))
    put_horde(g, 0, 0, "siege_sappers")
    since = restart_spring(g)
    advance(g, season_is("summer"))
    assert breach_result(g, since) == expected


@pytest.mark.rule("GK-38", "GK-37")
@pytest.mark.parametrize("khan, killed", [(0, 4), (1, 3)])
def test_scourge_of_god_adds_kill_value(khan, killed):
    g = spring(khan=khan, skills=("scourge_of_god", "scorched_earth"))
    put_horde(g, 0, 0, "keshig_guard", cover((0, 0, "s"), (1, 0, "s"), (2, 0, "s"), (3, 0, "h"), (4, 0, "h")),
              ((0, SPEARMAN, (0,)), (0, SPEARMAN, (1,)), (0, SPEARMAN, (2,)), (0, HORSEMAN, (3, 4))))
    since = restart_spring(g)
    advance(g, season_is("summer"))
    kills = [e for e in events(g, "ev.kill", since) if "GW-BREACH-08" in e.rules]
    assert len(kills) == killed                            # Kill value 3 (+1) among the 4 on the card


@pytest.mark.rule("GK-38", "GK-37")
@pytest.mark.parametrize("khan, gold", [(0, 0), (2, 1)])
def test_scorched_earth_takes_away_slot_rewards_at_his_section(khan, gold):
    g = spring(khan=khan, skills=("scorched_earth", "shake_the_walls"))
    set_gk(g, spots=(("shake_the_walls", 0, 1, SPEARMAN),))  # Shake the Walls off: Defence stays 4
    put_horde(g, 0, 0, "steppe_outriders")
    g.state.archers[0] = (0,)
    restart_spring(g)
    until(g, "shoot")
    do(g, 0, "slot:1:1")                                      # slot 0: 1 Gold
    assert g.state.res[0][2] == gold


@pytest.mark.rule("GK-37", "GK-39")
@pytest.mark.parametrize("chi, asked", [(2, True), (1, False)])
def test_let_them_fear_us_makes_each_attack_cost_chi(chi, asked):
    g = spring(khan=2, skills=("let_them_fear_us", "scorched_earth"))   # its cost applies anywhere
    beaten(g)
    g.state.res[0] = (0, 0, 0, chi)
    restart_spring(g)
    advance(g, lambda x: x.decision == "gk_attack" or x.state.season == "summer")
    assert (g.decision == "gk_attack") == asked
    if asked:
        do(g, 0, "card:spearman")
        do(g, 0, "spot:genghis_khan:1")
        assert g.state.res[0][3] == 0


# ---- the end (GK-20..23, GK-63..65, D3) ------------------------------------------------------------------------


@pytest.mark.rule("GK-20", "GK-21", "GK-22", "GK-31", "GK-63", "GK-64", "D3", "GWA-GK-06")
def test_occupying_the_last_spot_defeats_the_khan_and_the_game_ends_after_that_summer():
    g = spring(khan=2)
    others = [(c, k) for c, k in GK.open_spots(g.state)][1:]
    set_gk(g, spots=tuple((c, k, 1, SPEARMAN) for c, k in others))
    last = GK.open_spots(g.state)
    assert len(last) == 1
    beaten(g)
    since = restart_spring(g)
    until(g, "gk_attack")
    do(g, 0, "card:spearman")
    do(g, 0, f"spot:{last[0][0]}:{last[0][1] + 1}")
    assert gk(g)["defeated"] and events(g, "ev.gk.defeated", since)
    # the year goes on: Summer is played, then final scoring (year 1 of 3)
    until(g, "donate")
    advance(g, lambda x: x.is_over)
    assert g.state.year == 1 and g.state.season == "end"
    keys = [e.key for e in g.state.events[since:]]
    assert keys.index("ev.gk.defeated") < keys.index("ev.donation") < keys.index("ev.gk.game_ends") < keys.index("ev.final")


@pytest.mark.rule("GK-23", "GK-65", "GK-20")
def test_without_the_khan_defeated_the_game_ends_by_the_base_rules():
    g = gk_game(3, seed=5)
    advance(g, lambda x: x.is_over)                      # passive play never attacks him
    assert g.state.year == BOARD.years and not gk(g)["defeated"]
    assert not events(g, "ev.gk.game_ends") and events(g, "ev.final")


# ---- the Emperor's Award (GK-54..57, D18) ------------------------------------------------------------------------


def summer_build(players: int = 3, seed: int = 1):
    g = gk_game(players, seed)
    advance(g, lambda x: x.decision == "pick")
    g.state.warehouse = (30, 30, 30)
    return fresh(g)


@pytest.mark.rule("GK-55", "GK-57", "D18", "GWA-GK-07")
def test_each_builder_takes_the_award_model():
    g = summer_build()
    assert gk(g)["holder"] is None
    builders = []
    while g.state.season == "summer":
        if g.decision == "build":
            seat = g.to_play
            do(g, seat, g.legal_action_ids()[0])
            assert gk(g)["holder"] == seat                 # GK-55: the builder takes it at once
            builders.append(seat)
        else:
            g.apply(passive(g))
    assert len(builders) == 3 and gk(g)["holder"] == builders[-1]   # GK-57: it changed hands


def award_used(g, since, seat):
    used = [e for e in events(g, "ev.gk.award_used", since)]
    gains = [e.params["what"] for e in events(g, "ev.gain", since) if any(r.startswith("award:") for r in e.rules)]
    return [e.params["seat"] for e in used], gains


@pytest.mark.rule("GK-56")
def test_heirloom_seal_gives_income_to_its_holder_in_autumn():
    g = gk_game(3)
    advance(g, lambda x: x.decision == "general" and x.to_play == 2)
    set_gk(g, award="heirloom_seal", holder=1)
    since = len(g.state.events)
    advance(g, "command")
    assert award_used(g, since, 1) == ([1], [{"honor": 2, "chi": 1}])


@pytest.mark.rule("GK-56", "GK-38")
def test_imperial_sword_and_iron_tablet_in_battle():
    # Sword: +1 Defence where the holder fights, and 1 extra dispatch
    g = spring(khan=2)
    set_gk(g, award="imperial_sword", holder=0)
    put_horde(g, 0, 0, "plunder_band")
    g.state.archers[0] = (0,)
    since = restart_spring(g)
    advance(g, season_is("summer"))
    assert breach_result(g, since) == ("ev.held", 3, 5)
    assert award_used(g, since, 0)[0] == [0]
    # Tablet: the breach kills 2 fewer of the holder's soldiers there
    g = spring(khan=2)
    set_gk(g, award="iron_tablet", holder=0)
    put_horde(g, 0, 0, "keshig_guard", cover((1, 0, "s"), (3, 0, "h"), (4, 0, "h")),
              ((0, SPEARMAN, (1,)), (0, HORSEMAN, (3, 4))))
    g.state.archers[0] = (0,)
    since = restart_spring(g)
    advance(g, season_is("summer"))
    assert len(events(g, "ev.spared", since)) == 2                 # both soldiers on the card live
    assert [e.params["unit"] for e in events(g, "ev.kill", since)] == ["archer"]   # only the card's kill_archers


@pytest.mark.rule("GK-56")
def test_imperial_plaque_rewards_a_local_victory():
    g = spring(khan=2)
    set_gk(g, award="imperial_plaque", holder=0)
    beaten(g)
    since = restart_spring(g)
    advance(g, season_is("summer"))
    seats, gains = award_used(g, since, 0)
    assert seats == [0] and gains == [{"honor": 2}] and len(g.state.tactics[0]) == 1


@pytest.mark.rule("GK-56")
def test_imperial_silks_rewards_a_donation():
    g = gk_game(3)
    advance(g, "donate")
    set_gk(g, award="imperial_silks", holder=1)
    g.state.res[1] = (1, 0, 0, 0)
    since = len(g.state.events)
    advance(g, lambda x: x.state.year == 2, policy=lambda x: "wood:1" if x.to_play == 1 and "wood:1" in x.legal_action_ids()
            else passive(x))
    assert award_used(g, since, 1) == ([1], [{"gold": 1, "honor": 2}])


@pytest.mark.rule("GK-56", "GK-59", "GK-60", "GWA-GK-08")
def test_bannerman_is_recruited_once_at_the_barracks_and_tiger_tally_rewards_the_barracks():
    g = gk_game(3)
    advance(g, "command")
    s = g.state
    s.general = ["xu_da"] * 3
    s.advisors = [()] * 3
    s.res = [(1, 0, 4, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    s.clerks_on = {loc: () for loc in s.clerks_on}
    s.clerks[0] -= LOCS["barracks"].slots
    s.clerks_on["barracks"] = (0,) * LOCS["barracks"].slots
    s.tea, s.leader = [0, 1, 2], [1, 2, 0]
    set_gk(g, award="tiger_tally", holder=0)
    since = len(s.events)
    advance(g, lambda x: x.decision == "recruit")
    assert g.to_play == 0 and g.legal_action_ids() == ["bannerman:1", "bannerman:2", "bannerman:3", "skip"]
    do(g, 0, "bannerman:2")
    assert s.res[0] == (0, 0, 2, 0) and s.behind[1] == ((0, BANNERMAN),) and s.soldiers[0][BANNERMAN] == 0
    assert g.decision != "recruit"                              # GK-59: only 1 Bannerman each (3 Clerks left)
    seats, gains = award_used(g, since, 0)
    assert seats == [0] and gains == [{"honor": 2}]
    moved = [e.params for e in events(g, "ev.leader", since) if "award:tiger_tally" in e.rules]
    assert [(m["seat"], m["n"]) for m in moved] == [(0, 1)]    # up 1 on the Leader track


# ---- the Bannerman in battle (GK-61, GK-62) -----------------------------------------------------------------


@pytest.mark.rule("GK-61", "D12", "GK-08", "GWA-GK-08")
def test_bannerman_is_dispatched_like_a_spearman_with_its_clan_bonus():
    g = spring(khan=2)
    put_horde(g, 0, 0, "steppe_outriders")
    put_horde(g, 0, 1, "plunder_band")
    g.state.behind[0] = ((1, BANNERMAN),)                  # yellow: +2 Honor when dispatched
    since = restart_spring(g)
    until(g, "dispatch")
    assert g.to_play == 1 and g.legal_action_ids() == ["dispatch:bannerman:1"]   # first row only, not optional
    do(g, 1, "dispatch:bannerman:1")
    do(g, 1, "slot:1")
    assert horde(g, 0, 0)[1][0] == (1, "b")                # covers 1 slot, as a soldier
    assert g.state.honor[1] == 15 + BOARD.lone_defender_honor + 2 and g.state.res[1][2] == 1   # bonus; slot Gold
    assert events(g, "ev.gk.bannerman_bonus", since)[0].params["card"] == "bannerman_yellow"


@pytest.mark.rule("GK-62", "GWA-GK-09")
def test_a_deployed_bannerman_lets_two_soldiers_attack_again_before_the_shooting():
    g = spring(khan=2)
    put_horde(g, 0, 0, "siege_sappers")
    put_horde(g, 0, 1, "plunder_band")
    g.state.behind[0] = ((0, BANNERMAN), (0, SPEARMAN))
    g.state.archers[0] = (0,)
    since = restart_spring(g)
    until(g, "gk_rally")
    legal = g.legal_action_ids()
    assert "attack:1:1" in legal and "attack:2:1" in legal and legal[-1] == "skip"
    do(g, 0, "attack:2:1")                                   # row 2: an Archer (or Horseman) only
    do(g, 0, "attack:1:1")
    keys = [e.key for e in g.state.events[since:]]
    assert keys.count("ev.gk.rally_attack") == 2
    assert [e.params["unit"] for e in events(g, "ev.gk.rally_attack", since)] == ["archer", "spearman"]
    assert horde(g, 0, 1)[1][0] == (0, "w") and horde(g, 0, 0)[1][0] == (0, "w")
    assert g.decision == "shoot"                             # then the normal shooting step
    # without a deployed Bannerman there is no rally
    g = spring(khan=2)
    put_horde(g, 0, 0, "siege_sappers")
    g.state.behind[0] = ((0, SPEARMAN),)
    g.state.archers[0] = (0,)
    since = restart_spring(g)
    advance(g, season_is("summer"))
    assert not events(g, "ev.gk.rally", since) and not events(g, "ev.gk.rally_attack", since)


# ---- views and texts ------------------------------------------------------------------------------------------


def test_views_and_texts_show_the_khan_in_every_language():
    g = spring(khan=1)
    for lang in ("en", "zh-Hant", "zh-Hans"):
        v = g.view(0)
        assert v["genghis"]["khan"] == 1 and len(v["genghis"]["open"]) == 6
        text = g.rules.render_text(v, lang)
        assert GK.KHAN.names.get(lang) in text


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_new_actions_are_described_in_every_language(lang):
    g = spring(khan=2)
    put_horde(g, 0, 0, "siege_sappers")
    g.state.behind[0] = ((0, BANNERMAN),)
    g.state.archers[0] = (0,)
    restart_spring(g)
    until(g, "gk_rally")
    texts = [g.describe_action(a, lang) for a in g.legal_action_ids()]
    assert all(t != a for t, a in zip(texts, g.legal_action_ids())), texts
    if lang == "en":
        assert g.describe_action("attack:1:1", lang) != g.rules.describe(g.state, "attack:1:1", lang)  # the module's
    do(g, 0, "skip")
    until(g, "dispatch")
    assert GK.BANNERMEN and g.describe_action("dispatch:bannerman:1", lang) != "dispatch:bannerman:1"
    g2 = spring(khan=2)
    beaten(g2)
    restart_spring(g2)
    until(g2, "gk_attack")
    assert g2.describe_action("card:spearman", lang) != "card:spearman"
    do(g2, 0, "card:spearman")
    desc = g2.describe_action("spot:genghis_khan:1", lang)
    assert GK.KHAN.names.get(lang) in desc


@pytest.mark.rule("GK-58", "GK-59", "D23", "GWA-GK-08")
def test_a_killed_bannerman_goes_back_to_supply_and_can_be_recruited_again():
    from boardlab.games.greatwall.effects import movable
    g = spring(khan=2)
    g.state.behind[1] = ((0, BANNERMAN),)
    assert "bannerman@2" in movable(g.state, 0)                      # it moves like soldiers behind the Wall
    g.state.behind[1] = ()
    put_horde(g, 0, 0, "keshig_guard", cover((1, 0, "b")), ((0, BANNERMAN, (1,)),))
    g.state.soldiers[0] = (5, 2, 1, 0)
    since = restart_spring(g)
    advance(g, season_is("summer"))
    assert [e.params["unit"] for e in events(g, "ev.kill", since) if "GW-BREACH-08" in e.rules] == ["bannerman"]
    assert g.state.soldiers[0][BANNERMAN] == 1
    g.state.res[0] = (1, 0, 2, 0)
    assert GK.bannerman_recruits(g.state, 0) == ["bannerman:1", "bannerman:2", "bannerman:3"]
