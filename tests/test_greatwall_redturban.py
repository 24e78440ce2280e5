"""The Great Wall, Ancient Chronicles: the Red Turban Rebellion (紅巾軍起義, AC-RED-01..21 of
shared/rules/greatwall-stretch.yaml), played only cooperatively (AC-RED-04, read as naming Red Turban
per the rulings' defect list; AC-03 and ruling D4: shared win or loss), with the authored rulings
GWA-RED-01..04 (data/rules-coop.yaml) and rulings D1 (2 years), D3 (a loss ends the game at once),
D10 (the Raid is the invasion overflow), D11 (Shame pool and its end penalty), D20 (the Emperor's
Envoy is 004's Post Office: its Clerks are `post_clerks`).

Timing (greatwall-conflicts.md §2.1): the Envoy purchase follows the Autumn income (#1); the
peace-or-war decision comes right before the invasion (#12); a breach is battle step 5.2 (#19).
"""
from __future__ import annotations

import pytest

import boardlab
from boardlab.core import positions
from boardlab.games.greatwall import locations as L
from boardlab.games.greatwall import mechanics as M
from boardlab.games.greatwall.data_tables import BOARD
from boardlab.games.greatwall.modules import redturban, shame
from greatwall_helpers import (advance, clear_schedule, commit, do, events, fresh, place, put_horde, run_tasks,
                               season_is)

RED = {"scenario": "redturban", "mode": "cooperative"}
NEUTRAL = "xu_da"
POOL = BOARD.shame["pool_per_player"] * 3


def red_game(seed: int = 1):
    return boardlab.new_game("greatwall", 3, seed=seed, options=RED)


def at_invasion(seed: int = 1, tea=(0, 1, 2), honor=(15, 15, 15), gold=(0, 0, 0)):
    """Year 1, Autumn, after the income, just before the invasion: the scenario's own step runs
    again from the start on the edited position (no Hordes on the board)."""
    g = red_game(seed)
    advance(g, "red_decide")
    s = clear_schedule(g).state
    s.hordes = [None] * 9
    s.tea = list(tea)
    s.honor = list(honor)
    s.res = [(0, 0, n, 0) for n in gold]
    s.general = [NEUTRAL] * 3
    since = len(s.events)
    positions.run_from(g, "autumn.invasion")
    fresh(g)
    return g, since


def hordes_placed(g, since: int) -> int:
    return len(events(g, "ev.horde", since)) + len(events(g, "ev.overflow", since))


# ---- setup and the cooperative goal (AC-RED-04..10, AC-03, D1, D4) ------------------------------------------


@pytest.mark.rule("AC-RED-04", "AC-RED-05", "AC-RED-09", "AC-RED-10", "AC-RED-11", "AC-RED-12", "GWA-RED-01",
                  "D1", "D4", "AC-03")
def test_setup_two_years_a_locked_gold_mine_and_the_reference_card():
    g = red_game()
    s = g.state
    assert M.years(s) == 2 and g.modules == ("shame", "cooperative", "chronicles", "redturban")
    assert s.mods["shame"].out == ("AC-RED-08",)
    assert shame.pool(s) == POOL - 1                          # the reminder token on the Gold Mine
    assert [loc for loc in L.OVERSEEN if redturban.locked(s, loc)] == ["gold_mine"]
    v = g.view(None)["scenario"]
    assert v == {"id": "redturban", "card": "redturban", "mode": "cooperative", "artifacts_claimed": {}, "years": 2, "locked": ["gold_mine"], "envoy": list(s.post_clerks),
                 "choice": "none", "fewer": 0}
    assert "AC-RED-09" in events(g, "ev.red.setup")[0].rules
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert g.rules.catalogue.text("txt.red", lang, years=2, envoy="2, 2, 2",
                                      choice=g.rules.catalogue.text("txt.red.none", lang, n=0)) \
            in g.rules.render_text(g.view(0), lang)
    base = boardlab.new_game("greatwall", 3, seed=1).state                # otherwise the base setup
    assert s.res == base.res and s.clerks == base.clerks and s.post_clerks == base.post_clerks


@pytest.mark.rule("AC-RED-06", "AC-RED-09", "AC-03", "D4", "D1", "D11")
def test_surviving_two_years_wins_for_everyone_and_held_shame_still_costs_honor():
    """The Wall at level 3 (Defence 13) everywhere holds: the game ends after Summer of year 2."""
    g = red_game(seed=3)
    g.state.wall = [3, 3, 3]
    fresh(g)
    advance(g, lambda x: x.state.year == 2 and x.state.season == "summer")
    pool = g.state.mods["shame"]                                     # seat 1 holds 2 Shame tokens
    pool.pool, pool.held = pool.pool - 2, (0, 2, 0)
    fresh(g)
    advance(g, lambda x: x.is_over)
    s = g.state
    assert s.year == 2 and not events(g, "ev.breached") and not s.flags.get("lost")
    assert g.winners == [0, 1, 2]                                     # AC-03: all win together
    assert "AC-03" in events(g, "ev.coop.won")[0].rules
    assert not events(g, "ev.winners")                                # D4: no single winner announced first
    penalty = [e for e in events(g, "ev.shame.penalty")]
    assert [(e.params["seat"], e.params["n"]) for e in penalty] == [(1, 10)]       # D11: 5 per token
    assert not [e for e in events(g, "ev.year") if e.params["year"] == 3]           # only 2 years


# ---- AC-RED-07/20: a breach loses at once -------------------------------------------------------------------


@pytest.mark.rule("AC-RED-07", "AC-RED-20", "AC-03", "D3", "D4")
def test_any_breach_ends_the_game_at_once_and_everyone_loses():
    g = red_game(seed=2)
    advance(g, season_is("spring"))
    s = g.state
    s.hordes = [None] * 9
    s.wall, s.forts = [0, 0, 0], [0, 0, 0]
    s.archers, s.behind = [()] * 3, [()] * 3
    s.tactics = [()] * 3
    s.general = [NEUTRAL] * 3
    put_horde(g, 0, 0, "great_trebuchet")                    # breach 6 > Defence 4
    put_horde(g, 1, 0, "steppe_outriders")                   # a second battle that never comes
    clear_schedule(g)
    s.battle, s.commits = {}, {}
    s.leader = [0, 1, 2]
    since = len(s.events)
    positions.run_from(g, "spring.start")
    fresh(g)
    if g.decision == "battle_section":
        do(g, 0, "section:1")
    assert g.is_over and g.winners == []
    assert s.flags["lost"] == ("AC-RED-07", "AC-RED-20")
    keys = [e.key for e in s.events[since:]]
    assert "ev.breached" in keys and "ev.all_lose" in keys and "ev.coop.lost" in keys
    assert keys.count("ev.battle") == 1 and "ev.kill" not in keys              # nothing after the breach
    assert s.season == "end" and "ev.donation" not in keys


@pytest.mark.rule("AC-RED-08", "AC-03", "D11", "D3")
def test_the_shame_pool_running_out_loses_at_once():
    """Shame taken while tasks run (the shame module's task; no 004 rule gives Shame, D11): the last
    token of the pool ends the game before anything scheduled after it runs."""
    g = red_game()
    advance(g, "command")
    s = g.state
    s.mods["shame"].pool = 2
    run_tasks(fresh(g), [shame.TakeShame(1, 1, ("D11",))], "command.choose")
    assert shame.held(s, 1) == 1 and shame.pool(s) == 1 and not s.flags.get("lost")   # not yet out
    assert g.decision == "command"
    run_tasks(g, [shame.TakeShame(2, 1, ("D11",)), shame.TakeShame(0, 1, ("D11",))], "command.choose")
    assert g.is_over and g.winners == [] and s.flags["lost"] == ("AC-RED-08",)
    assert shame.held(s, 2) == 1 and shame.held(s, 0) == 0                  # nothing ran after the last token
    assert "ev.coop.lost" in [e.key for e in s.events] and not events(g, "ev.coop.won")
    assert [e.params["n"] for e in events(g, "ev.shame.penalty")] == [5, 5]   # D11 still scores


# ---- AC-RED-11/12: Gold Mine Overseers cannot be upgraded -----------------------------------------------------


@pytest.mark.rule("AC-RED-11", "AC-RED-12", "GWA-RED-01")
def test_no_upgrade_path_offers_the_gold_mine_overseer():
    g = red_game()
    s = g.state
    s.overseers["gold_mine"] = (1, 0, 0)
    s.overseers["quarry"] = (1, 0, 0)
    s.res[0] = (5, 5, 5, 5)
    s.soldiers[0] = (5, 4, 2)
    # a Location's own offer (after production) and the card effect ("any" Location, free)
    assert L.overseer_options(s, 0, "gold_mine", False) == []
    assert L.overseer_options(s, 0, "quarry", False) == ["upgrade:quarry"]
    any_loc = L.overseer_options(s, 0, "any", True)
    assert "upgrade:quarry" in any_loc and not [o for o in any_loc if o.endswith("gold_mine")]
    assert "buy:gold_mine:spearman" in L.overseer_options(s, 1, "any", True)   # a new one at level 1: yes
    base = boardlab.new_game("greatwall", 3, seed=1).state
    base.overseers["gold_mine"] = (1, 0, 0)
    base.res[0] = (5, 5, 5, 5)
    assert L.overseer_options(base, 0, "gold_mine", False) == ["upgrade:gold_mine"]


# ---- AC-RED-13: 20 Honor for a Clerk from the Envoy --------------------------------------------------------


@pytest.mark.rule("AC-RED-13", "D20", "GWA-RED-02")
def test_after_the_income_each_player_may_buy_a_clerk_from_the_envoy_for_20_honor():
    g, since = at_invasion(tea=(2, 0, 1), honor=(25, 19, 20))
    clerks, post = list(g.state.clerks), list(g.state.post_clerks)
    assert g.decision == "red_buy" and g.to_play == 2 and g.legal_action_ids() == ["buy", "skip"]
    do(g, 2, "buy")
    do(g, 0, "skip")                                   # seat 1 (19 Honor) is never asked
    assert g.decision == "red_decide"
    s = g.state
    assert s.honor == [25, 19, 0]
    assert s.clerks == [clerks[0], clerks[1], clerks[2] + 1] and s.post_clerks == [post[0], post[1], post[2] - 1]
    assert "AC-RED-13" in events(g, "ev.gain_clerk", since)[0].rules
    assert not events(g, "ev.horde", since)            # still before the invasion


# ---- AC-RED-14..17, -19: peace or war ------------------------------------------------------------------------


@pytest.mark.rule("AC-RED-14", "AC-RED-15", "AC-RED-16", "AC-RED-19", "GWA-RED-02", "GWA-RED-03")
def test_peace_places_fewer_horde_cards_for_3_gold_each_paid_together():
    g, since = at_invasion(tea=(1, 2, 0), gold=(4, 1, 2))
    assert g.decision == "red_decide" and g.to_play == 1                        # the top of the Tea track
    assert g.legal_action_ids() == ["war", "peace:1", "peace:2"]                # 7 Gold: at most 2 fewer
    do(g, 1, "peace:2")
    # 6 Gold in Tea order 1, 2, 0: seat 1 (1 Gold) must leave at most 4 + 2 for the others
    assert g.decision == "red_pay" and g.to_play == 1 and g.legal_action_ids() == ["gold:0", "gold:1"]
    do(g, 1, "gold:1")
    assert g.to_play == 2 and g.legal_action_ids() == ["gold:1", "gold:2"]      # seat 0 has only 4
    do(g, 2, "gold:1")
    assert [r[2] for r in g.state.res] == [0, 0, 1]                            # seat 0 paid the last 4
    assert hordes_placed(g, since) == 1                                        # 3 - 2, at least 1
    assert g.view(0)["scenario"]["choice"] == "peace" and g.view(0)["scenario"]["fewer"] == 2
    assert {"AC-RED-14", "AC-RED-15"} <= set(events(g, "ev.red.peace", since)[0].rules)
    assert g.decision == "command"


@pytest.mark.rule("AC-RED-15", "AC-RED-16", "GWA-RED-03")
@pytest.mark.parametrize("gold, offered", [((0, 0, 0), ["war"]), ((2, 0, 0), ["war"]),
                                           ((1, 1, 1), ["war", "peace:1"]), ((9, 9, 9), ["war", "peace:1", "peace:2"])])
def test_peace_is_offered_only_as_far_as_the_gold_goes_and_never_below_one_card(gold, offered):
    g, _ = at_invasion(gold=gold)
    assert g.legal_action_ids() == offered


@pytest.mark.rule("AC-RED-14", "AC-RED-17", "D20", "GWA-RED-04")
def test_war_lets_each_player_take_one_clerk_from_the_envoy_free_and_all_cards_come():
    g, since = at_invasion(tea=(0, 2, 1), gold=(9, 9, 9))
    clerks, post = list(g.state.clerks), list(g.state.post_clerks)
    do(g, 0, "war")
    order = []
    while g.decision == "red_war":
        order.append(g.to_play)
        g.apply("skip" if g.to_play == 2 else "clerk")
    assert order == [0, 2, 1]
    s = g.state
    assert s.clerks == [clerks[0] + 1, clerks[1] + 1, clerks[2]]
    assert s.post_clerks == [post[0] - 1, post[1] - 1, post[2]]
    assert [r[2] for r in s.res] == [9, 9, 9]                                  # war costs nothing
    assert hordes_placed(g, since) == 3


# ---- AC-RED-18/19: production sends a Clerk to the Envoy ------------------------------------------------------


def winter(seed: int = 1, tea=(0, 1, 2)):
    g = red_game(seed)
    advance(g, "command")
    s = g.state
    for loc, on in s.clerks_on.items():
        for seat in on:
            s.clerks[seat] += 1
        s.clerks_on[loc] = ()
    s.general = [NEUTRAL] * 3
    s.advisors, s.tactics = [()] * 3, [()] * 3
    s.res = [(0, 0, 0, 0)] * 3
    s.tea = list(tea)
    return fresh(g)


@pytest.mark.rule("AC-RED-18", "AC-RED-19", "GWA-RED-04", "GW-ACTIVATE-01")
@pytest.mark.parametrize("loc, others, tea, returned", [
    ("quarry", (1, 1), (0, 1, 2), 1),          # seat 1 has 2 of 3: most
    ("quarry", (1, 0), (2, 1, 0), 2),          # 1 each: the Tea track decides (seat 2 on top)
    ("quarry", (0, 2), (1, 0, 2), 1),
    ("temple", (2, 2), (0, 1, 2), 2),
])
def test_a_production_activation_sends_one_clerk_of_the_majority_to_the_envoy(loc, others, tea, returned):
    g = winter(tea=tea)
    place(g, loc, *others)
    post = list(g.state.post_clerks)
    commit(g, "haste", "haste", "haste")
    since = len(g.state.events)
    filler = tea[0]                                         # the top of the Tea track resolves first
    do(g, filler, "from:supply")
    do(g, filler, f"to:{loc}")                              # and fills it: it activates
    while g.decision in ("clerk_from", "bottom", "overseer"):
        g.apply("done" if g.decision == "clerk_from" else "skip")
    assert loc in [e.params["location"] for e in events(g, "ev.activate", since)]
    ev = events(g, "ev.red.to_envoy", since)
    assert [(e.params["seat"], e.params["source"]) for e in ev] == [(returned, loc)]
    assert {"AC-RED-18", "AC-RED-19"} <= set(ev[0].rules)
    assert g.state.post_clerks[returned] == post[returned] + 1
    assert g.state.clerks_on[loc] == ()


@pytest.mark.rule("GWA-RED-05", "AC-RED-18", "GW-POST-05", "GWA-SETUP-03", "D20")
def test_clerks_returned_beyond_the_envoys_price_spaces_cost_the_first_price():
    """3 players: 2 price spaces, 4 and 5 Gold. Two Clerks more than spaces wait beside the first: the
    first three purchases cost 4, the last 5 (it crashed or charged a wrong price before GWA-RED-05)."""
    g = winter(tea=(0, 1, 2))
    assert g.state.post_clerks[0] == 2 and M.clerk_prices(3) == [4, 5]
    g.state.post_clerks[0] = 4
    g.state.res[0] = (0, 0, 20, 0)
    commit(g, "haste", "despotism", "despotism")
    do(g, 0, "from:supply")
    do(g, 0, "to:post_office")
    do(g, 0, "from:supply")
    do(g, 0, "to:post_office")
    while g.decision in ("bottom",):
        g.apply("skip")
    paid, rules = [], []
    for _ in range(2):
        gold = g.state.res[0][2]
        do(g, 0, "clerk")
        paid.append(gold - g.state.res[0][2])
        rules.append(events(g, "ev.pay")[-1].rules)
    assert paid == [4, 4] and g.state.post_clerks[0] == 2
    assert all("GWA-RED-05" in r for r in rules)              # both waited beside the spaces
    assert L.clerk_price(g.state, 0) == 4                       # now the spaces: 4, then 5
    g.state.post_clerks[0] = 1
    assert L.clerk_price(g.state, 0) == 5


@pytest.mark.rule("AC-RED-18")
def test_an_action_location_sends_no_clerk_to_the_envoy():
    g = winter()
    place(g, "war_room", 1)
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    do(g, 0, "from:supply")
    do(g, 0, "to:war_room")
    while g.decision in ("clerk_from", "bottom", "overseer"):
        g.apply("done" if g.decision == "clerk_from" else "skip")
    assert "war_room" in [e.params["location"] for e in events(g, "ev.activate", since)]
    assert not events(g, "ev.red.to_envoy", since)


# ---- AC-RED-21: a Raid drains each player's supply -------------------------------------------------------------


@pytest.mark.rule("AC-RED-21", "D10", "GWA-RED-04", "GW-AUTUMN-08")
def test_each_raid_makes_every_player_return_a_clerk_from_supply_to_the_envoy():
    g = red_game(seed=5)
    advance(g, "red_decide")
    s = g.state
    for i in range(9):
        s.hordes[i] = ("steppe_outriders", (None,) * 6, ())
    s.clerks = [2, 0, 5]
    post = list(s.post_clerks)
    s.res = [(0, 0, 0, 0)] * 3
    fresh(g)
    since = len(s.events)
    do(g, g.to_play, "war")
    while g.decision == "red_war":
        g.apply("skip")
    while g.decision == "pay":
        g.apply("refuse")
    assert len(events(g, "ev.overflow", since)) == 3                # 3 Raids
    ev = events(g, "ev.red.to_envoy", since)
    assert all({"AC-RED-21"} <= set(e.rules) and e.params["source"] == "supply" for e in ev)
    assert s.clerks == [0, 0, 2] and s.post_clerks == [post[0] + 2, post[1], post[2] + 3]
