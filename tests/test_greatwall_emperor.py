"""The Great Wall: the Emperor's Visit (皇帝出巡, AC-EMP-* of shared/rules/greatwall-stretch.yaml).

After the siege (greatwall-conflicts.md §2.1 #8b: after the Spring battles, before Summer's donation)
every player shows the year's quantity of the valued resource (GWA-EMP-01: 3/4/5) for 10 Honor or takes
1 Shame token; then the Warehouse majority may move the marker and the Warehouse empties. Positions:
`scenario_summer` (an emptied board at the first donation) and `run_from` (run the flow from a step).
"""
from __future__ import annotations

import pytest

from boardlab.games.greatwall import effects, locations
from boardlab.games.greatwall import mechanics as M
from boardlab.games.greatwall.content import RESOURCES
from boardlab.games.greatwall.modules import shame
from boardlab.games.greatwall.records import Activations
from greatwall_helpers import events, fresh, new, run_from, run_tasks, scenario_game, scenario_summer


def emperor(valued: str = "gold", **res):
    """Year 1's Summer, the board emptied, nobody holding Shame yet (the pool full)."""
    g = scenario_summer("emperor")
    g.state.mods["emperor"] = valued
    pool = g.state.mods["shame"]
    pool.pool, pool.held = pool.pool + sum(pool.held), (0,) * g.players
    for seat, r in res.items():
        g.state.res[int(seat[1:])] = r
    return fresh(g)


def warehouse(g, *seats):
    for seat in seats:
        g.state.clerks[seat] -= 1
        M.put_clerk(g.state, seat, "warehouse")
    return fresh(g)


@pytest.mark.rule("AC-EMP-03", "GWA-EMP-02")
def test_a_wound_marker_marks_the_valued_resource_drawn_at_setup():
    seen = set()
    for seed in range(1, 13):
        g = scenario_game("emperor", seed=seed)
        valued = g.state.mods["emperor"]
        assert valued in RESOURCES
        seen.add(valued)
        ev = events(g, "ev.emp.marker")
        assert [e.params["target"] for e in ev] == [valued] and "AC-EMP-03" in ev[0].rules
        assert g.view(0)["scenario"]["valued"] == valued and g.view(None)["scenario"]["demand"] == 3
    assert len(seen) >= 3


@pytest.mark.rule("AC-EMP-04", "AC-EMP-05", "AC-EMP-06", "GWA-EMP-01")
def test_after_the_siege_enough_of_the_valued_resource_gives_10_honor_else_1_shame():
    g = emperor("gold", s0=(0, 0, 3, 0), s1=(9, 9, 2, 9), s2=(0, 0, 7, 0))
    since = run_from(g, "spring.after")
    s = g.state
    assert g.decision == "donate"                                        # before Summer's donation
    assert s.honor == [25, 15, 25]                                       # AC-EMP-05: 10 Honor
    assert s.res[0] == (0, 0, 3, 0) and s.res[2] == (0, 0, 7, 0)          # shown, not paid
    assert [shame.held(s, seat) for seat in range(3)] == [0, 1, 0]       # AC-EMP-06: 1 Shame token
    assert shame.pool(s) == 29
    shown = events(g, "ev.emp.shown", since)
    assert [e.params["seat"] for e in shown] == [0, 2] and all("AC-EMP-04" in e.rules for e in shown)


@pytest.mark.rule("AC-EMP-04", "GWA-EMP-01")
def test_the_check_comes_after_the_battles_and_wants_more_each_year():
    g = emperor("stone", s0=(0, 4, 0, 0), s1=(0, 3, 0, 0), s2=(0, 5, 0, 0))
    g.state.year = 2                                                     # 4 Stone wanted in year 2
    since = run_from(g, "spring.start")
    keys = [e.key for e in g.state.events[since:]]
    assert keys.index("ev.spring_end") < keys.index("ev.emp.shown")
    assert [e.params["seat"] for e in events(g, "ev.emp.shown", since)] == [0, 2]
    assert [e.params["seat"] for e in events(g, "ev.emp.short", since)] == [1]


@pytest.mark.rule("AC-EMP-07", "AC-EMP-08", "GWA-EMP-03", "D19", "D24")
def test_clerks_may_go_to_the_warehouse_which_has_no_effect():
    g = warehouse(emperor("gold"), 0, 1)
    s = g.state
    assert "warehouse" in M.locations(s) and M.has_room(s, "warehouse")   # AC-EMP-07
    assert "warehouse" not in M.locations(new().state)                   # only in this scenario (D24)
    assert "warehouse" not in locations.due(s)                           # AC-EMP-08: never activates
    assert "warehouse" not in effects.activation_targets(s, "any")       # nor by advanced activation
    assert "warehouse" not in effects.activation_targets(s, "green")


@pytest.mark.rule("AC-EMP-08")
def test_warehouse_clerks_stay_through_winter_activations():
    g = warehouse(emperor("gold"), 2)
    s = g.state
    run_tasks(g, [Activations(0, True)], "summer.donate")
    assert s.clerks_on["warehouse"] == (2,)
    assert not [e for e in s.events if e.key == "ev.activate" and e.params.get("location") == "warehouse"]


@pytest.mark.rule("AC-EMP-09", "AC-EMP-10", "AC-EMP-11")
def test_the_warehouse_majority_moves_the_marker_then_the_clerks_go_home():
    g = warehouse(emperor("gold"), 0, 1, 1)
    clerks = list(g.state.clerks)
    run_from(g, "spring.after")
    assert (g.decision, g.to_play) == ("emp_move", 1)                    # most Clerks
    assert g.legal_action_ids() == ["move:wood", "move:stone", "move:chi", "skip"]   # not the same resource
    g.apply("move:chi")
    s = g.state
    assert s.mods["emperor"] == "chi" and g.decision == "donate"
    assert s.clerks_on["warehouse"] == ()                                # AC-EMP-11
    assert s.clerks == [clerks[0] + 1, clerks[1] + 2, clerks[2]]


@pytest.mark.rule("AC-EMP-09", "D16")
def test_a_warehouse_tie_goes_by_tea_order_and_the_marker_may_stay():
    g = warehouse(emperor("wood"), 0, 2)
    g.state.tea = [2, 0, 1]
    run_from(fresh(g), "spring.after")
    assert (g.decision, g.to_play) == ("emp_move", 2)
    g.apply("skip")
    assert g.state.mods["emperor"] == "wood" and g.state.clerks_on["warehouse"] == ()


def test_no_clerk_in_the_warehouse_no_move():
    g = emperor("wood")
    run_from(g, "spring.after")
    assert g.decision == "donate" and not events(g, "ev.emp.majority")
