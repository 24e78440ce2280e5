"""The Great Wall with 2 players: the Secondary race (GW-TWOP-*, GWA-TWOP-*).

Positions are reached by play with the passive policy, then edited (followed by `fresh`).
The Secondary race is seat -1 (`SECONDARY`); its Clerk supply is `state.flags["secondary_clerks"]`.
"""
from __future__ import annotations

import pytest

from boardlab.games.greatwall.state import SECONDARY, SPEARMAN

from greatwall_helpers import advance, events, fresh, horde, new, passive, put_horde, season_is, set_res

NEUTRAL = "xu_da"  # a General whose ability (on build) never fires in these scenarios


def before(g, pred, policy=passive, limit: int = 5000):
    """Advance to the last decision after which `pred` holds (that decision not yet taken)."""
    for _ in range(limit):
        probe = g.clone()
        probe.apply(policy(probe))
        if pred(probe):
            return g
        g.apply(policy(g))
    raise AssertionError("predicate never held")


def chosen(g):
    """Both players keep their first General; then make both neutral."""
    while g.decision == "general":
        g.apply(g.legal_action_ids()[0])
    return g


def first_move(g):
    """Year 1, the first Command card: stop at its current player's Clerk move (no Advisors in hand)."""
    advance(g, "command")
    for seat in range(2):
        g.state.advisors[seat] = ()
        g.state.general[seat] = NEUTRAL
    advance(fresh(g), "clerk_from")
    return g, g.to_play


def place(g, seat: int, loc: str):
    """The pending Clerk move: one Clerk from the supply to `loc`, then stop."""
    assert g.decision == "clerk_from" and g.to_play == seat
    g.apply("from:supply")
    g.apply(f"to:{loc}")
    if g.decision == "clerk_from" and g.to_play == seat:
        g.apply("done")
    return g


# ---- setup --------------------------------------------------------------------------------------------


@pytest.mark.rule("GW-TWOP-01", "GW-TWOP-02", "GW-TWOP-03", "GW-TWOP-04", "GWA-SETUP-03", "GW-SETUP-15",
                  "GW-SETUP-16")
def test_two_player_setup_as_for_three_plus_secondary_race():
    g = new(2, seed=3)
    s = g.state
    assert len(s.honor) == 2 and s.honor == [15, 15]
    assert s.res == [(2, 2, 2, 2)] * 2
    assert s.clerks == [6, 6] and s.post_clerks == [2, 2]       # as with 3 players
    assert s.soldiers == [(10, 4, 2)] * 2
    assert sorted(s.tea) == [0, 1] and s.leader == s.tea
    # the Secondary race: a Clerk each on the Barracks, the Temple and the Lumber Mill; Honor at 0
    on = {loc: c for loc, c in s.clerks_on.items() if c}
    assert on == {"barracks": (SECONDARY,), "temple": (SECONDARY,), "lumber_mill": (SECONDARY,)}
    assert s.secondary_honor == 0 and s.secondary_spearmen == 10
    assert not s.flags.get("secondary_clerks")                 # none left in its supply
    assert g.view(0)["secondary"] == {"honor": 0, "spearmen": 10}
    setup = events(g, "ev.secondary_setup")
    assert len(setup) == 1 and {"GW-TWOP-01", "GW-TWOP-03", "GW-TWOP-04"} <= set(setup[0].rules)
    assert len(g.state.artifacts) == 3 and all(len(a) == 4 for a in s.advisors)


@pytest.mark.rule("GW-TWOP-01", "GW-SETUP-15", "GWA-SETUP-03")
def test_two_players_post_office_clerk_costs_4_gold():
    g, seat = first_move(chosen(new(2, seed=5)))
    place(g, seat, "post_office")
    advance(g, "post")
    assert g.to_play == seat
    set_res(g, seat, gold=3)
    assert "clerk" not in g.legal_action_ids()
    set_res(g, seat, gold=4)
    g.apply("clerk")
    assert g.state.res[seat][2] == 0 and g.state.post_clerks[seat] == 1


# ---- Winter: the Secondary Clerks ------------------------------------------------------------------------


@pytest.mark.rule("GW-TWOP-08", "GW-TWOP-09", "GW-TWOP-11", "GWA-PROD-02", "GWA-TWOP-02")
def test_activation_with_secondary_clerk_scores_it_and_spares_the_monopoly_penalty():
    g, seat = first_move(chosen(new(2, seed=4)))
    s = g.state
    s.clerks_on["lumber_mill"] = (SECONDARY, seat)      # 3 slots: the Secondary Clerk and 1 of ours
    s.clerks[seat] -= 1
    fresh(g)
    honor = list(s.honor)
    n = len(s.events)
    place(g, seat, "lumber_mill")                       # full: it activates after the card
    advance(g, lambda g: events(g, "ev.secondary_honor", n))
    assert g.state.secondary_honor == 1
    gathered = [e.params["what"] for e in events(g, "ev.gain", n) if "GW-PROD-02" in e.rules]
    assert gathered == [{"wood": 2}]
    assert not events(g, "ev.monopoly", n) and g.state.honor == honor   # no penalty: Secondary is there
    advance(g, lambda g: g.state.clerks_on["lumber_mill"] == ())
    assert g.state.flags.get("secondary_clerks") == 1                   # back to the Secondary supply
    assert g.state.clerks_on["temple"] == (SECONDARY,) and g.state.clerks_on["barracks"] == (SECONDARY,)


@pytest.mark.rule("GWA-PROD-02", "GW-TWOP-11")
def test_same_activation_without_secondary_clerk_costs_two_honor():
    g = new(3, seed=4)
    advance(g, "command")
    for seat in range(3):
        g.state.advisors[seat] = ()
        g.state.general[seat] = NEUTRAL
    advance(fresh(g), "clerk_from")
    seat = g.to_play
    g.state.clerks_on["lumber_mill"] = (seat, seat)
    g.state.clerks[seat] -= 2
    honor = g.state.honor[seat]
    n = len(g.state.events)
    place(fresh(g), seat, "lumber_mill")
    advance(g, lambda g: g.state.clerks_on["lumber_mill"] == ())
    assert [e.params["n"] for e in events(g, "ev.monopoly", n)] == [2]
    assert g.state.honor[seat] == honor - 2


@pytest.mark.rule("GW-TWOP-06", "GW-TWOP-07", "GW-TWOP-09", "GWA-TWOP-02")
def test_current_player_may_place_a_secondary_clerk_from_its_supply_only():
    g, seat = first_move(chosen(new(2, seed=4)))
    s = g.state
    s.clerks_on["lumber_mill"] = (SECONDARY, seat)
    s.clerks[seat] -= 1
    decisions = []

    def watch(g):
        decisions.append((g.to_play, g.decision))
        return passive(g)

    place(fresh(g), seat, "lumber_mill")
    advance(g, lambda g: g.state.flags.get("secondary_clerks") == 1, watch)
    # while its supply was empty nobody was offered a Secondary Clerk (those on the board never move)
    assert all(d != "secondary_clerk" for _, d in decisions)
    advance(g, lambda g: g.decision == "secondary_clerk", watch)
    current = events(g, "ev.resolve_command")[-1].params["seat"]
    assert g.to_play == current
    legal = g.legal_action_ids()
    assert "skip" in legal and all(a == "skip" or a.startswith("to:") for a in legal)
    full = [loc for loc in g.state.clerks_on if f"to:{loc}" not in legal]
    assert all(g.state.clerks_on[loc] for loc in full)           # only Locations without room are missing
    assert "to:quarry" in legal and "to:post_office" in legal
    g.apply("to:quarry")
    assert g.state.clerks_on["quarry"][-1] == SECONDARY
    assert g.state.flags["secondary_clerks"] == 0
    assert g.state.clerks_on["temple"] == (SECONDARY,) and g.state.clerks_on["barracks"] == (SECONDARY,)
    ev = events(g, "ev.secondary_clerk")[-1]
    assert ev.params["target"] == "quarry" and {"GW-TWOP-06", "GW-TWOP-07"} <= set(ev.rules)


@pytest.mark.rule("GW-TWOP-06", "GW-TWOP-09", "GWA-TWOP-02")
def test_secondary_clerk_placement_is_optional():
    g, seat = first_move(chosen(new(2, seed=4)))
    g.state.flags["secondary_clerks"] = 1
    advance(fresh(g), lambda g: g.decision == "secondary_clerk")
    g.apply("skip")
    assert g.state.flags["secondary_clerks"] == 1
    assert sum(on.count(SECONDARY) for on in g.state.clerks_on.values()) == 3


@pytest.mark.rule("GW-TWOP-10", "GW-TWOP-08")
def test_barracks_with_secondary_clerk_lets_current_player_place_a_secondary_spearman():
    g, seat = first_move(chosen(new(2, seed=6)))
    other = 1 - seat
    s = g.state
    s.clerks_on["barracks"] = (SECONDARY, other, other)     # 4 slots: ours fills it
    s.clerks[other] -= 2
    set_res(g, 0)
    set_res(g, 1)                                           # nobody can recruit
    place(g, seat, "barracks")
    advance(g, lambda g: g.decision == "secondary_spearman")
    assert g.to_play == seat                                # the current player, not the other Clerks' owner
    assert g.legal_action_ids() == ["section:1", "section:2", "section:3", "skip"]
    assert g.state.secondary_honor == 1
    g.apply("section:3")
    assert g.state.behind[2] == ((SECONDARY, SPEARMAN),)
    assert g.state.secondary_spearmen == 9
    assert "GW-TWOP-10" in events(g, "ev.secondary_spearman")[-1].rules


# ---- Spring: Secondary Spearmen ---------------------------------------------------------------------------


@pytest.mark.rule("GW-TWOP-12", "GW-TWOP-13", "GW-TWOP-14")
def test_secondary_spearman_dispatched_after_own_gives_nothing_and_is_not_saved():
    g = chosen(new(2, seed=8))
    before(g, season_is("spring"))
    s = g.state
    s.hordes = [None] * 9
    put_horde(g, 0, 0, "horse_archers")       # Breach 3, Kill 2; slot 3 gives 1 Wood
    put_horde(g, 0, 1, "steppe_outriders")    # Breach 2: 5 > Defence 4
    s.archers = [(), (), ()]
    s.behind = [((0, SPEARMAN), (SECONDARY, SPEARMAN)), ((SECONDARY, SPEARMAN),), ()]
    s.soldiers[0] = (9, 4, 2)
    s.secondary_spearmen = 8
    for seat in range(2):
        s.general[seat] = NEUTRAL
        s.tactics[seat] = ()
    g.apply(passive(fresh(g)))
    assert g.decision == "dispatch" and g.to_play == 0
    assert g.legal_action_ids() == ["dispatch:spearman:1"]            # no Secondary before our own
    set_res(g, 0, chi=5)
    set_res(g, 1, chi=5)
    g.apply("dispatch:spearman:1")
    g.apply("slot:3")
    assert g.decision == "secondary_dispatch" and g.to_play == 0
    assert g.legal_action_ids() == ["dispatch", "skip"]
    res = list(g.state.res)
    g.apply("dispatch")
    assert g.decision == "slot" and g.to_play == 0
    assert "slot:3" not in g.legal_action_ids()
    g.apply("slot:4")
    assert horde(g, 0, 0)[1][3] == (SECONDARY, "x")
    assert g.state.res == res                                 # the Wood reward goes to nobody
    assert g.state.behind[0] == () and g.state.behind[1] == ((SECONDARY, SPEARMAN),)
    saves = []

    def watch(g):
        if g.decision == "save":
            saves.append(g.to_play)
            return "die"
        return passive(g)

    n = len(g.state.events)
    advance(g, season_is("summer"), watch)
    assert saves == [0]                                       # only our own Spearman could be saved
    killed = [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill", n)]
    assert killed == [(0, "spearman"), (SECONDARY, "spearman")]
    assert "GW-TWOP-14" in events(g, "ev.kill", n)[1].rules
    assert g.state.secondary_spearmen == 9 and g.state.res[0][3] == 5


# ---- Summer: the donation ranking ----------------------------------------------------------------------------


def donation(a: int, b: int, secondary_honor: int = 3):
    """Year-1 Summer: seat 0 donates `a`, seat 1 donates `b`; returns (game, honor before)."""
    g = chosen(new(2, seed=11))
    advance(g, "donate")
    for seat in range(2):
        g.state.general[seat] = NEUTRAL
    g.state.secondary_honor = secondary_honor
    g.state.tea = [0, 1]
    g.state.clerks_on["tea_house"] = ()
    warehouse = g.state.warehouse
    honor = list(g.state.honor)
    for seat, total in ((0, a), (1, b)):
        assert g.decision == "donate" and g.to_play == seat
        set_res(g, seat, wood=total, stone=1, gold=1)
        for kind, n in (("wood", total), ("stone", 0), ("gold", 0)):
            g.apply(f"{kind}:{n}")
    return g, honor, warehouse


@pytest.mark.rule("GW-TWOP-15", "GW-TWOP-16", "GW-TWOP-17", "GW-TWOP-18", "GWA-SUMMER-01", "GWA-TWOP-01")
def test_donation_example_a14_secondary12_b4():
    g, honor, warehouse = donation(14, 4)
    assert g.state.honor == [honor[0] + 12, honor[1] + 6]        # A first, the Secondary race second, B third
    assert g.state.warehouse == (warehouse[0] + 18, warehouse[1], warehouse[2])   # no Secondary resources
    pickers = []

    def watch(g):
        if g.decision in ("pick", "build"):
            pickers.append((g.to_play, g.decision))
        return passive(g)

    advance(g, lambda g: g.state.year == 2, watch)
    assert [p for p, d in pickers if d == "pick"] == [0, 1]       # the Secondary race takes no Advisor
    assert all(p in (0, 1) for p, _ in pickers)                  # and builds nothing


@pytest.mark.rule("GW-TWOP-15", "GWA-TWOP-01", "GWA-SUMMER-01")
@pytest.mark.parametrize("a,b,gain", [
    (15, 13, (12, 9)),      # both above the Secondary race: it is third
    (4, 0, (9, 0)),         # the Secondary race first; B gave nothing, so B is not ranked
    (11, 13, (6, 12)),
])
def test_donation_ranking_with_secondary_race(a, b, gain):
    g, honor, _ = donation(a, b)
    assert g.state.honor == [honor[0] + gain[0], honor[1] + gain[1]]


@pytest.mark.rule("GW-TWOP-05", "GW-TWOP-15", "GW-TWOP-16", "GWA-TWOP-01")
@pytest.mark.parametrize("wealth", [1, 25])
def test_the_secondary_race_gives_all_its_wealth_counted_as_12(wealth):
    """GW-TWOP-05: the wealth marker is used in the donation step; GW-TWOP-15: all of it counts as 12."""
    g, honor, warehouse = donation(11, 0, secondary_honor=wealth)
    assert g.state.honor[0] == honor[0] + 9                  # second, behind the Secondary race's 12
    assert g.state.secondary_honor == 0                      # it gave all its wealth ...
    assert g.state.warehouse == (warehouse[0] + 11, warehouse[1], warehouse[2])   # ... to nobody's Warehouse
    ev = events(g, "ev.secondary_donation")[-1]
    assert ev.params == {"n": wealth, "counts": 12} and {"GW-TWOP-05", "GW-TWOP-15"} <= set(ev.rules)


@pytest.mark.rule("GW-TWOP-05", "GW-SUMMER-04", "GWA-TWOP-01")
def test_a_secondary_race_without_wealth_gives_nothing_and_is_not_ranked():
    g, honor, _ = donation(11, 4, secondary_honor=0)
    assert g.state.honor == [honor[0] + 12, honor[1] + 9]    # the players take the first two ranks
    assert events(g, "ev.secondary_no_donation") and not events(g, "ev.secondary_donation")


@pytest.mark.rule("GWA-TWOP-01", "GW-TWOP-15")
def test_secondary_race_wins_a_donation_tie():
    g, honor, _ = donation(12, 3)
    assert g.state.honor == [honor[0] + 9, honor[1] + 6]
