"""The Great Wall, Summer: secret donations, their ranking and Honor, the Warehouse, picks in
donation order, building the Wall, and no building in year 3 (GW-SUMMER-*, with GWA-SUMMER-01..03
and GWA-BOARD-03).

Positions: real play to the first donation decision of year 1 (`summer_game`), then resources,
tracks, the Warehouse and Generals are set. Generals are set to one whose ability never fires in
Summer (Su Dongpo, "when you activate the Tea House"), so Fan Zhongyan's donation bonus or Xu Da's
building bonus do not blur the numbers.

Wall levels (board.yaml, GWA-BOARD-03): level 0/1/2/3 = Defence 4/7/10/13, Archer slots 2/3/4/5;
building the next level costs 5/8/11 from the Warehouse and scores 5/10/15 Honor (GWA-SUMMER-02).
"""
from __future__ import annotations

import pytest

from greatwall_helpers import advance, do, events, fresh, new

NEUTRAL_GENERAL = "su_dongpo"


def summer_game(players: int = 3, seed: int = 2, res=None, tea=None, warehouse=(0, 0, 0)):
    g = new(players, seed)
    advance(g, "donate")
    s = g.state
    n = s.players
    assert s.season == "summer" and s.year == 1 and g.to_play == 0 and not s.commits
    s.general = [NEUTRAL_GENERAL] * n
    s.honor = [15] * n
    s.res = [tuple(r) for r in res] if res is not None else [(10, 10, 10, 5)] * n
    s.tea = list(tea) if tea is not None else list(range(n))
    s.clerks_on = {loc: () for loc in s.clerks_on}
    s.warehouse = tuple(warehouse)
    s.advisors = [()] * n
    return fresh(g)


def donate(g, seat: int, wood: int = 0, stone: int = 0, gold: int = 0):
    for kind, n in (("wood", wood), ("stone", stone), ("gold", gold)):
        assert g.decision == "donate"
        do(g, seat, f"{kind}:{n}")
    return g


def honor_gains(g, since: int = 0) -> list[tuple[int, int]]:
    return [(e.params["seat"], e.params["what"]["honor"]) for e in events(g, "ev.gain", since)
            if "GWA-SUMMER-01" in e.rules]


# ---- donations (GW-SUMMER-01..07) ------------------------------------------------------------------------------

@pytest.mark.rule("GW-SUMMER-01", "GW-SUMMER-02", "GW-SUMMER-03", "GW-SUMMER-06")
def test_donations_are_secret_without_chi_and_revealed_together_into_the_warehouse():
    g = summer_game(res=[(3, 2, 1, 5), (4, 4, 4, 4), (0, 1, 0, 6)], warehouse=(1, 0, 2))
    s = g.state
    since = len(s.events)
    asked = []
    # seat 0 chooses Wood, Stone and Gold in turn; there is never a Chi choice
    for kind, n, have in (("wood", 2, 3), ("stone", 1, 2), ("gold", 1, 1)):
        assert g.to_play == 0 and g.decision == "donate"
        assert g.legal_action_ids() == [f"{kind}:{k}" for k in range(have + 1)]
        asked += g.legal_action_ids()
        do(g, 0, f"{kind}:{n}")
    # committed but secret: nothing has moved, only seat 0 sees its own choice
    assert s.res[0] == (3, 2, 1, 5) and s.warehouse == (1, 0, 2)
    assert g.view(1)["commits"]["0"] == {"hidden": True}
    assert g.view(0)["commits"]["0"] == [2, 1, 1]
    assert not events(g, "ev.donation", since)
    for kind in ("wood", "stone", "gold"):
        asked += g.legal_action_ids()
        do(g, 1, f"{kind}:{ {'wood': 0, 'stone': 3, 'gold': 0}[kind]}")
    donate(g, 2, stone=1)
    assert not any(a.startswith("chi") for a in asked)
    # revealed together, once everybody has chosen
    reveal = events(g, "ev.donation", since)
    assert [e.params["seat"] for e in reveal] == [0, 1, 2]
    last_commit = max(i for i, e in enumerate(s.events) if e.key == "ev.committed")
    assert s.events.index(reveal[0]) > last_commit
    assert all({"GW-SUMMER-03", "GW-SUMMER-06"} <= set(e.rules) for e in reveal)
    assert s.res == [(1, 1, 0, 5), (4, 1, 4, 4), (0, 0, 0, 6)]     # Chi untouched
    assert s.warehouse == (1 + 2, 0 + 1 + 3 + 1, 2 + 1)
    assert g.view(2)["warehouse"] == {"wood": 3, "stone": 5, "gold": 3}


@pytest.mark.rule("GW-SUMMER-04", "GW-SUMMER-05", "GWA-SUMMER-01")
def test_five_donors_rank_by_total_ties_by_tea_for_12_9_6_3_1_honor():
    g = summer_game(players=5, tea=[4, 3, 2, 1, 0])
    since = len(g.state.events)
    donate(g, 0, wood=4)                  # 4
    donate(g, 1, wood=2, stone=2, gold=2)  # 6, tied with seat 2
    donate(g, 2, gold=6)                  # 6: above seat 1 on the Tea track
    donate(g, 3, stone=2)                 # 2
    donate(g, 4, wood=1)                  # 1
    assert honor_gains(g, since) == [(2, 12), (1, 9), (0, 6), (3, 3), (4, 1)]
    assert g.state.honor == [21, 24, 27, 18, 16]


@pytest.mark.rule("GW-SUMMER-04", "GW-SUMMER-05", "GWA-SUMMER-01")
@pytest.mark.parametrize("tea, expected", [([0, 1, 2], [(0, 12), (1, 9)]), ([2, 1, 0], [(1, 12), (0, 9)])])
def test_only_donors_are_ranked_and_a_tie_goes_by_the_tea_track(tea, expected):
    g = summer_game(tea=tea)
    since = len(g.state.events)
    donate(g, 0, stone=3)
    donate(g, 1, wood=1, gold=2)
    donate(g, 2)                          # gives nothing: no rank, no Honor
    assert honor_gains(g, since) == expected
    honor = [15, 15, 15]
    for seat, n in expected:
        honor[seat] += n
    assert g.state.honor == honor


# ---- picks (GW-SUMMER-09..11) ----------------------------------------------------------------------------------

@pytest.mark.rule("GW-SUMMER-09", "GW-SUMMER-10")
def test_players_pick_in_donation_order_and_non_donors_pick_last():
    g = summer_game(players=4, tea=[3, 1, 0, 2])
    donate(g, 0)
    donate(g, 1, wood=1)
    donate(g, 2, stone=2)
    donate(g, 3)
    pickers = []
    while g.decision == "pick":             # 3 in the Warehouse: nobody can build
        pickers.append(g.to_play)
        g.apply("clerk")
    assert pickers == [2, 1, 3, 0]           # donors by rank, then non-donors (by Tea track)


@pytest.mark.rule("GW-SUMMER-09", "GW-SUMMER-11")
def test_a_pick_is_a_free_advisor_from_the_track_or_a_free_own_clerk():
    g = summer_game()
    s = g.state
    for seat in range(3):
        donate(g, seat)
    track = list(s.advisor_track)
    new_card = s.advisor_deck[-1]
    res = list(s.res)
    assert g.to_play == 0 and g.decision == "pick"
    assert g.legal_action_ids() == [f"advisor:{i}" for i in range(6)] + ["clerk"]
    do(g, 0, "advisor:2")
    # the card is taken, the rest shift left and a new Advisor fills the last slot
    assert s.advisors[0] == (track[2],)
    assert s.advisor_track == track[:2] + track[3:] + [new_card]
    clerks, post = s.clerks[1], s.post_clerks[1]
    do(g, 1, "clerk")
    assert (s.clerks[1], s.post_clerks[1]) == (clerks + 1, post - 1)
    # nothing was paid for either (Advisors cost 3-5 Gold, Clerks 4-5 Gold at the Post Office)
    assert s.res == res
    assert [e.rules for e in events(g, "ev.take_advisor")][-1] == ("GW-SUMMER-09", "GW-SUMMER-11")


# ---- building the Wall (GW-SUMMER-07, -12..16) --------------------------------------------------------------------

@pytest.mark.rule("GW-SUMMER-07", "GW-SUMMER-12", "GW-SUMMER-13", "GW-SUMMER-14", "GW-SUMMER-15",
                  "GW-SUMMER-16", "GWA-SUMMER-02", "GWA-SUMMER-03", "GWA-BOARD-03")
def test_each_player_may_build_a_level_paid_from_the_warehouse_largest_pile_first():
    g = summer_game(warehouse=(4, 3, 5))
    s = g.state
    assert s.wall == [0, 0, 0]
    assert [(v["defence"], v["archer_slots"]) for v in g.view()["sections"]] == [(4, 2)] * 3
    for seat in range(3):
        donate(g, seat)                     # nothing: the Warehouse holds 12
    res = list(s.res)
    do(g, 0, "clerk")
    assert g.decision == "build" and g.to_play == 0
    assert g.legal_action_ids() == ["build:1", "build:2", "build:3", "skip"]
    do(g, 0, "build:1")
    # 5 paid from the largest pile each time (ties: Wood, Stone, Gold): 4 3 5 -> 2 2 3
    assert s.warehouse == (2, 2, 3)
    assert s.wall == [1, 0, 0]
    assert g.view()["sections"][0]["defence"] == 7 and g.view()["sections"][0]["archer_slots"] == 3
    assert s.honor[0] == 15 + 5
    do(g, 1, "clerk")
    # section 0's next level costs 8 > 7 left; level-0 sections still cost 5
    assert g.legal_action_ids() == ["build:2", "build:3", "skip"]
    do(g, 1, "build:3")
    assert s.warehouse == (0, 1, 1) and s.wall == [1, 0, 1] and s.honor[1] == 20
    assert s.res == res                     # the players' own resources never paid
    do(g, 2, "clerk")
    # 2 left: seat 2 is not offered a build; the year ends
    assert s.year == 2
    built = [(e.params["seat"], e.params["section"], e.params["level"]) for e in events(g, "ev.build")]
    assert built == [(0, 0, 1), (1, 2, 1)]
    assert {"GW-SUMMER-13", "GW-SUMMER-15", "GWA-SUMMER-03"} <= set(events(g, "ev.build")[0].rules)
    assert s.walls_built == [1, 1, 0]


@pytest.mark.rule("GW-SUMMER-13", "GW-SUMMER-15", "GW-SUMMER-16", "GWA-SUMMER-02", "GWA-BOARD-03")
@pytest.mark.parametrize("level, cost, honor, defence, archer_slots",
                         [(0, 5, 5, 7, 3), (1, 8, 10, 10, 4), (2, 11, 15, 13, 5)])
def test_each_level_costs_more_and_scores_more(level, cost, honor, defence, archer_slots):
    g = summer_game(warehouse=(cost - 1, 0, 0))
    s = g.state
    s.wall = [level, 3, 3]                 # sections 1 and 2 are at the top level
    for seat in range(3):
        donate(g, seat)
    do(g, 0, "clerk")
    assert g.decision == "pick" and g.to_play == 1  # one short of the cost: no build offered
    s.warehouse = (0, 0, cost)
    fresh(g)
    do(g, 1, "clerk")
    assert g.legal_action_ids() == ["build:1", "skip"]  # never beyond level 3
    do(g, 1, "build:1")
    assert s.warehouse == (0, 0, 0) and s.wall[0] == level + 1
    assert s.honor[1] == 15 + honor
    sec = g.view()["sections"][0]
    assert (sec["defence"], sec["archer_slots"]) == (defence, archer_slots)


@pytest.mark.rule("GW-SUMMER-08")
def test_no_picks_and_no_building_in_year_3():
    g = summer_game(warehouse=(20, 20, 20))
    s = g.state
    s.year = 3
    track = list(s.advisor_track)
    since = len(s.events)
    donate(g, 0, wood=2)
    donate(g, 1)
    donate(g, 2, gold=1)
    # donation Honor is still given, but the Build-the-Wall step is skipped: the game ends
    assert honor_gains(g, since) == [(0, 12), (2, 9)]
    assert [e.rules for e in events(g, "ev.no_build", since)] == [("GW-SUMMER-08",)]
    assert g.is_over
    assert not events(g, "ev.build", since) and not events(g, "ev.take_advisor", since)
    assert s.wall == [0, 0, 0] and s.advisor_track == track
