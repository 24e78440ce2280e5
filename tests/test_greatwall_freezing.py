"""The Great Wall: Harsh Weather (酷寒天氣, AC-FRZ-* of shared/rules/greatwall-stretch.yaml).

The production track (GWA-FRZ-01: -1/-2/-1 by year) modifies each Overseer's Autumn income and each
production activation's yield; tribute at the end of Winter (§2.1 #5); breach and Raid choices with Shame
instead of 004's penalties (D11, GWA-FRZ-03/04); 12 Honor per Clerk on the card before final scoring.
Positions: `scenario_summer` (an emptied board at the first donation) and `run_from`.
"""
from __future__ import annotations

import pytest

from boardlab.games.greatwall import mechanics as M
from boardlab.games.greatwall.modules import freezing, shame
from boardlab.games.greatwall.records import Activate
from greatwall_helpers import (advance, cover, events, fresh, put_horde, run_from, run_tasks, scenario_game,
                               scenario_summer)
from boardlab.games.greatwall.state import SPEARMAN


def frz(**res):
    g = scenario_summer("freezing")
    for seat, r in res.items():
        g.state.res[int(seat[1:])] = r
    return fresh(g)


def income_events(g, seat):
    return [e.params["what"] for e in events(g, "ev.gain") if "GW-AUTUMN-04" in e.rules and e.params["seat"] == seat]


@pytest.mark.rule("AC-FRZ-04", "AC-FRZ-05", "AC-FRZ-06", "GWA-FRZ-01")
@pytest.mark.parametrize("year, seat0, seat1", [(1, [{"stone": 1}], [{"gold": 2}]), (2, [], [{"gold": 1}])])
def test_the_track_modifies_each_overseers_income_separately(year, seat0, seat1):
    g = scenario_game("freezing")
    advance(g, "general")
    s = g.state
    s.overseers["quarry"] = (2, 0, 0)
    s.overseers["temple"] = (1, 0, 0)
    s.overseers["gold_mine"] = (0, 3, 0)
    s.year = year
    for _ in range(3):
        g.apply(g.legal_action_ids()[0])
    assert income_events(g, 0) == seat0          # quarry 2 -1 = 1 (year 2: 0), temple 1 -1 = 0
    assert income_events(g, 1) == seat1          # gold mine 3 -1 = 2 (year 2: 3 -2 = 1)
    weather = events(g, "ev.frz.weather")
    assert sorted((e.params["seat"], e.params["location"], e.params["now"]) for e in weather) == sorted(
        [(0, "quarry", max(0, 2 - year)), (0, "temple", 0), (1, "gold_mine", 3 - year)])


@pytest.mark.rule("AC-FRZ-05", "AC-FRZ-06")
def test_the_track_modifies_a_production_activation():
    g = frz()
    s = g.state
    for _ in range(3):
        s.clerks[0] -= 1
        M.put_clerk(s, 0, "quarry")
    s.overseers["quarry"] = (1, 0, 0)
    run_tasks(g, [Activate(0, "quarry", False, ("GW-ACTIVATE-01",))], "summer.donate")
    assert s.res[0] == (0, 3, 0, 0)              # 3 Clerks + level 1 = 4, year 1: -1
    assert [e.params["now"] for e in events(g, "ev.frz.weather")] == [3]


@pytest.mark.rule("AC-FRZ-07", "AC-FRZ-08", "AC-FRZ-09", "AC-FRZ-10", "AC-FRZ-11", "AC-FRZ-12", "AC-FRZ-13",
                  "GWA-FRZ-02")
def test_tribute_at_the_end_of_winter_all_at_once_with_a_clerk_on_the_field():
    g = frz(s0=(4, 0, 0, 5), s1=(3, 3, 3, 3), s2=(4, 4, 0, 0))
    clerks = list(g.state.clerks)
    since = run_from(g, "winter.end")
    assert (g.decision, g.to_play) == ("frz_tribute", 0)
    assert g.legal_action_ids() == ["tribute:wood", "tribute:chi", "skip"]
    g.apply("tribute:wood")
    assert (g.decision, g.to_play) == ("frz_tribute", 2)     # seat 1 cannot pay 4 of any type (AC-FRZ-13)
    assert g.legal_action_ids() == ["tribute:wood", "tribute:stone", "skip"]
    g.apply("skip")
    s = g.state
    assert s.res[0] == (0, 0, 0, 5) and s.res[2] == (4, 4, 0, 0)       # paid in full, removed from the game
    assert s.clerks == [clerks[0] - 1, clerks[1], clerks[2]]           # the Clerk from the personal supply
    assert freezing.fields(s) == {"wood": (0,), "stone": (), "gold": (), "chi": ()}
    assert s.mods["freezing"].removed == (4, 0, 0, 0)
    assert g.view(1)["scenario"]["fields"]["wood"] == [0]
    keys = [e.key for e in s.events[since:]]
    assert keys.index("ev.frz.tribute") < keys.index("ev.spring")      # end of Winter, before the siege
    # a field takes a player's Clerk once; no Clerk in supply, no tribute
    s.res[0] = (4, 0, 0, 5)
    run_from(fresh(g), "winter.end")
    assert (g.decision, g.legal_action_ids()) == ("frz_tribute", ["tribute:chi", "skip"])
    g.apply("skip")
    g.apply("skip")
    s.clerks[0] = 0
    run_from(fresh(g), "winter.end")
    assert g.to_play == 2


def breach_board(g):
    put_horde(g, 0, 0, "armoured_lancers", cover=cover((2, 0, "s")), units=((0, SPEARMAN, (2,)),))
    put_horde(g, 0, 1, "armoured_lancers", cover=cover((2, 1, "s")), units=((1, SPEARMAN, (2,)),))
    return fresh(g)


def to_breach(g):
    """Seats 0 and 1 each have a Spearman on an Armoured Lancers card (slot 2, no reward) at section 0:
    nothing to dispatch, the section is breached."""
    return run_from(g, "spring.start")


@pytest.mark.rule("AC-FRZ-14", "GWA-FRZ-03", "D11")
def test_a_breach_costs_each_involved_player_a_resource_or_a_shame_token_per_card():
    g = breach_board(frz(s0=(1, 0, 0, 0), s1=(0, 0, 2, 0)))
    to_breach(g)
    assert (g.decision, g.to_play) == ("frz_breach", 0)
    assert g.legal_action_ids() == ["discard:wood", "shame"]
    g.apply("discard:wood")
    assert (g.decision, g.to_play, g.legal_action_ids()) == ("frz_breach", 1, ["discard:gold", "shame"])
    g.apply("shame")
    assert (g.decision, g.to_play, g.legal_action_ids()) == ("frz_breach", 0, ["shame"])   # 2nd card
    g.apply("shame")
    g.apply("discard:gold")
    s = g.state
    assert s.res[0] == (0, 0, 0, 0) and s.res[1] == (0, 0, 1, 0)
    assert (shame.held(s, 0), shame.held(s, 1), shame.held(s, 2)) == (1, 1, 0)
    assert s.mods["freezing"].removed == (1, 0, 1, 0)
    assert s.honor[:2] == [15, 15]                 # the cards' breach effect (lose 2 Honor) is replaced


def full_array(g, card="steppe_outriders"):
    for i in range(len(g.state.hordes)):
        g.state.hordes[i] = (card, (None,) * 6, ())
    return fresh(g)


@pytest.mark.rule("AC-FRZ-15", "GWA-FRZ-03", "GWA-FRZ-04", "D10")
def test_a_raid_removes_shame_tokens_equal_to_the_players_instead_of_its_destruction():
    g = full_array(frz(s0=(3, 0, 0, 0)))
    run_from(g, "autumn.invasion")
    assert (g.decision, g.to_play, g.legal_action_ids()) == ("frz_raid", 0, ["supply", "shame"])
    g.apply("shame")
    assert shame.pool(g.state) == 27 and g.state.res[0] == (3, 0, 0, 0)   # no Wood paid (destruction)


@pytest.mark.rule("AC-FRZ-15", "AC-FRZ-16", "GWA-FRZ-04")
def test_a_raid_on_the_supply_takes_2_of_each_and_shame_for_each_missing_one():
    g = full_array(frz())
    g.state.mods["freezing"].removed = (49, 0, 50, 0)                   # 1 Wood and no Gold left
    assert [freezing.supply(g.state, r) for r in ("wood", "stone", "gold", "chi")] == [1, 50, 0, 50]
    run_from(g, "autumn.invasion")
    g.apply("supply")
    assert g.state.mods["freezing"].removed == (50, 2, 50, 2)
    assert shame.pool(g.state) == 27                                      # 3 missing: 3 tokens


@pytest.mark.rule("AC-FRZ-17")
def test_each_clerk_on_the_card_is_worth_12_honor_before_final_scoring():
    g = frz()
    g.state.mods["freezing"].fields = ((0,), (0, 2), (), ())
    since = run_from(g, "game.final")
    assert g.is_over and g.state.honor == [39, 15, 27]
    keys = [e.key for e in g.state.events[since:]]
    gains = [i for i, e in enumerate(g.state.events[since:]) if "AC-FRZ-17" in e.rules]
    assert len(gains) == 2 and max(gains) < keys.index("ev.final")
