"""The Great Wall: the Great Famine (大飢荒, AC-FAM-* of shared/rules/greatwall-stretch.yaml).

A Food track per player (a Clerk from the supply) capped by the storage limit (a Wound marker); each
breaching or raiding Horde card lowers the limit (no Shame, and not 004's penalties: GWA-FAM-04); below 6
everyone loses at once (D3); the Feeding phase after the siege (§2.1 #8b); food from the Autumn harvest
(GWA-FAM-02) and the Market (GWA-FAM-03). Positions: `scenario_summer` and `run_from`.
"""
from __future__ import annotations

import pytest

from boardlab.games.greatwall import mechanics as M
from boardlab.games.greatwall.modules import famine, shame
from boardlab.games.greatwall.records import Activations
from boardlab.games.greatwall.state import ARCHER, SPEARMAN
from greatwall_helpers import (advance, cover, events, fresh, new, put_horde, run_from, run_tasks, scenario_game,
                               scenario_summer)


def food(g) -> tuple:
    return g.state.mods["famine"].food


def limit(g) -> int:
    return g.state.mods["famine"].limit


def set_food(g, food, limit):
    g.state.mods["famine"].food, g.state.mods["famine"].limit = tuple(food), limit
    return fresh(g)


def fam(food=(6, 6, 6), limit=12):
    return set_food(scenario_summer("famine"), food, limit)


@pytest.mark.rule("AC-FAM-03", "AC-FAM-04", "AC-FAM-05", "AC-FAM-06", "GWA-FAM-01", "D20", "D24")
def test_setup_food_track_clerks_storage_limit_and_the_market():
    base, g = new(), scenario_game("famine")
    assert food(g) == (6, 6, 6) and limit(g) == 9
    assert g.state.clerks == [c - 1 for c in base.state.clerks]        # AC-FAM-05: a Clerk on the track
    assert "market" in M.locations(g.state) and "market" not in M.locations(base.state)
    view = g.view(None)["scenario"]
    assert view["food"] == [6, 6, 6] and view["limit"] == 9 and "market" in g.view(0)["locations"]


@pytest.mark.rule("AC-FAM-07", "GWA-FAM-02")
def test_the_autumn_harvest_never_passes_the_storage_limit():
    g = set_food(scenario_game("famine"), (2, 9, 12), 10)
    advance(g, "command")
    assert food(g) == (6, 10, 10)


@pytest.mark.rule("AC-FAM-03", "AC-FAM-07", "GWA-FAM-03")
def test_the_market_buys_food_for_a_resource_or_sells_food_for_gold():
    g = fam(food=(9, 6, 6), limit=10)
    s = g.state
    s.res[0] = (0, 0, 1, 1)
    for _ in range(3):
        s.clerks[0] -= 1
        M.put_clerk(s, 0, "market")
    run_tasks(g, [Activations(1, True)], "summer.donate")
    assert (g.decision, g.to_play, g.legal_action_ids()) == ("market", 0, ["buy:gold", "buy:chi", "sell", "skip"])
    g.apply("buy:gold")
    assert food(g)[0] == 10 and s.res[0] == (0, 0, 0, 1)          # capped at the limit
    assert g.legal_action_ids() == ["sell", "skip"]                       # full: no buying
    g.apply("sell")
    assert food(g)[0] == 8 and s.res[0] == (0, 0, 1, 1)
    g.apply("buy:gold")
    assert food(g)[0] == 10 and s.clerks_on["market"] == ()


def breach_board(g):
    """Seats 0 and 1 each have a Spearman on an Armoured Lancers card (slot 2, no reward) at section 0."""
    put_horde(g, 0, 0, "armoured_lancers", cover=cover((2, 0, "s")), units=((0, SPEARMAN, (2,)),))
    put_horde(g, 0, 1, "armoured_lancers", cover=cover((2, 1, "s")), units=((1, SPEARMAN, (2,)),))
    return fresh(g)


@pytest.mark.rule("AC-FAM-08", "AC-FAM-10", "AC-FAM-11", "GWA-FAM-04")
def test_each_breaching_card_lowers_the_limit_and_food_above_it_drops_instead_of_shame():
    g = breach_board(fam(food=(12, 9, 11), limit=12))
    since = run_from(g, "spring.start")
    s = g.state
    assert limit(g) == 10 and food(g) == (10, 9, 10)    # 2 breaching cards
    assert [shame.held(s, seat) for seat in range(3)] == [0, 0, 0] and shame.pool(s) == 30
    assert s.honor[:2] == [15, 15]                                        # no breach effect (lose 2 Honor)
    assert any("AC-FAM-10" in e.rules for e in events(g, "ev.fam.limit", since))


@pytest.mark.rule("AC-FAM-09", "AC-FAM-10", "AC-FAM-11", "D3", "D10")
def test_raids_lower_the_limit_and_below_6_everyone_loses_at_once():
    g = fam(limit=8)
    for i in range(len(g.state.hordes)):
        g.state.hordes[i] = ("steppe_outriders", (None,) * 6, ())
    g.state.res[0] = (5, 0, 0, 0)
    since = run_from(fresh(g), "autumn.invasion")
    s = g.state
    assert g.is_over and limit(g) == 5                          # 3 raids: 8 -> 5
    assert s.flags["lost"] == ("AC-FAM-09",) and not g.winners
    assert s.res[0] == (5, 0, 0, 0) and shame.pool(s) == 30               # no destruction effect, no Shame
    assert not events(g, "ev.winter", since)                               # ended at once


@pytest.mark.rule("AC-FAM-09")
def test_a_limit_of_6_is_not_a_loss():
    g = fam(limit=7)
    famine.lower_limit(g.state, 1, ("test",))
    assert limit(g) == 6 and not g.state.flags.get("lost")
    famine.lower_limit(g.state, 1, ("test",))
    assert g.state.flags.get("lost") == ("AC-FAM-09",)


@pytest.mark.rule("AC-FAM-12", "AC-FAM-13")
def test_feeding_after_the_siege_one_food_each_or_they_go_home():
    g = fam(food=(5, 1, 3))
    s = g.state
    M.place_archer(s, 0, 0)
    s.soldiers[0] = (5, 1, 1)
    M.place_behind(s, 0, SPEARMAN, 1)
    s.overseers["quarry"] = (1, 0, 0)
    s.clerks[0] -= 1
    M.put_clerk(s, 0, "academy")
    M.place_behind(s, 1, SPEARMAN, 2)
    M.place_behind(s, 1, SPEARMAN, 2)
    since = run_from(fresh(g), "spring.start")
    assert (g.decision, g.to_play) == ("fam_feed", 0)
    assert g.legal_action_ids() == ["feed", "unfed:archer@1", "unfed:spearman@2", "unfed_overseer:quarry",
                                    "unfed_clerk:academy", "unfed_all"]
    g.apply("feed")
    assert food(g)[0] == 1 and s.archers[0] == (0,)
    assert (g.decision, g.to_play) == ("fam_feed", 1)
    assert "feed" not in g.legal_action_ids()                             # 2 to feed, 1 food
    spearmen = s.soldiers[1][SPEARMAN]
    g.apply("unfed:spearman@3")
    assert s.soldiers[1][SPEARMAN] == spearmen + 1 and s.behind[2] == ((1, SPEARMAN),)
    g.apply("feed")
    assert food(g)[1] == 0 and g.decision == "donate"               # seat 2 has nobody to feed
    keys = [e.key for e in s.events[since:]]
    assert keys.index("ev.spring_end") < keys.index("ev.fam.fed")


@pytest.mark.rule("AC-FAM-13")
def test_feeding_no_one_sends_everyone_home():
    g = fam(food=(0, 0, 0))
    s = g.state
    M.place_archer(s, 0, 1)
    s.soldiers[0] = (5, 1, 1)
    s.overseers["temple"] = (2, 0, 0)
    s.overseer_units["temple"] = (SPEARMAN, None, None)   # the soldier it was (GW-OVERSEER-02)
    s.clerks[0] -= 1
    M.put_clerk(s, 0, "academy")
    clerks = s.clerks[0]
    run_from(fresh(g), "spring.after")
    assert g.legal_action_ids() == ["unfed:archer@2", "unfed_overseer:temple", "unfed_clerk:academy", "unfed_all"]
    g.apply("unfed_all")
    assert s.archers[1] == () and s.soldiers[0] == (6, 2, 1)              # the Overseer was a Spearman
    assert s.overseer_units["temple"] == (None, None, None)
    assert s.overseers["temple"] == (0, 0, 0) and s.clerks[0] == clerks + 1 and g.decision == "donate"


@pytest.mark.rule("AC-FAM-13", "GW-OVERSEER-02")
def test_an_unfed_overseer_goes_home_as_the_soldier_it_was():
    """GW-OVERSEER-02: the Overseer is the soldier the player paid, of any kind; unfed, that soldier
    goes back to its owner's supply."""
    g = fam(food=(0, 0, 0))
    s = g.state
    s.soldiers[0] = (5, 1, 1)
    s.overseers["quarry"] = (1, 0, 0)
    s.overseer_units["quarry"] = (ARCHER, None, None)
    run_from(fresh(g), "spring.after")
    g.apply("unfed_overseer:quarry")
    assert s.soldiers[0] == (5, 2, 1) and s.overseers["quarry"] == (0, 0, 0)


@pytest.mark.rule("AC-FAM-12", "AC-FAM-13")
def test_a_saved_archer_behind_the_wall_must_be_fed_too():
    g = fam(food=(0, 0, 0))
    s = g.state
    M.place_behind(s, 0, ARCHER, 2)                                       # saved in a breach (GW-BREACH-11)
    s.soldiers[0] = (5, 1, 1)
    run_from(fresh(g), "spring.after")
    assert g.legal_action_ids() == ["unfed:archer@3", "unfed_all"]
    g.apply("unfed:archer@3")
    assert s.behind[2] == () and s.soldiers[0] == (5, 2, 1) and g.decision == "donate"
