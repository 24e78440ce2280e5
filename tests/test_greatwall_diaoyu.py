"""The Great Wall, Ancient Chronicles: the Battle of Diaoyu Fortress (釣魚城之戰, AC-DIA-01..28 of
shared/rules/greatwall-stretch.yaml), played only cooperatively (AC-DIA-03; AC-03 and ruling D4: shared
win or loss), with the authored rulings GWA-DIA-01..05 (data/rules-coop.yaml) and rulings D3 (a loss
ends the game at once), D10 (the Raid is the invasion overflow), D11 (Shame pool), D13 (Fortress
Archers may hit any first-row card), D20/D24 (the Builders' Camp is the Engineer Workshop; the
Transport Station is on the board only in this scenario).

Timing (greatwall-conflicts.md §2.1): the Fortress fires before the shooting of the first battle of
Spring (#10); the Night follows the battles, before Summer (#8b, #11).
"""
from __future__ import annotations

import pytest

import boardlab
from boardlab.core import positions
from boardlab.games.greatwall.data_tables import BOARD
from boardlab.games.greatwall.modules import diaoyu, shame
from greatwall_helpers import (ARCHER, SPEARMAN, advance, clear_schedule, commit, cover, do, empty_battlefield,
                              events, fresh, place, put_horde, restart_spring, season_is)

DIA = {"scenario": "diaoyu", "mode": "cooperative"}
NEUTRAL = "su_dongpo"
POOL = BOARD.shame["pool_per_player"] * 3
START = BOARD.scenarios["diaoyu"]["defence"]


def dia_game(seed: int = 1):
    return boardlab.new_game("greatwall", 3, seed=seed, options=DIA)


def fort(g) -> dict:
    f = g.state.mods["diaoyu"]
    return {"archers": f.archers, "defence": f.defence, "shame": f.shame}


def set_fort(g, **changes):
    for name, value in changes.items():
        setattr(g.state.mods["diaoyu"], name, value)
    return fresh(g)


def set_pool(g, pool: int, held=(0, 0, 0)):
    g.state.mods["shame"].pool, g.state.mods["shame"].held = pool, tuple(held)
    return fresh(g)


def spring_game(seed: int = 1, leader=(0, 1, 2), tea=(0, 1, 2)):
    g = dia_game(seed)
    advance(g, season_is("spring"))
    # Defence 13 on every section: nothing breaches
    return empty_battlefield(g, soldiers=(5, 4, 1), wall=(3, 3, 3), general=NEUTRAL, leader=leader, tea=tea)


# ---- setup, the Fortress, the cooperative goal (AC-DIA-03..10, -27, AC-03, D4, D24) ------------------------------


@pytest.mark.rule("AC-DIA-03", "AC-DIA-04", "AC-DIA-08", "AC-DIA-10", "AC-DIA-15", "GWA-DIA-01", "GWA-DIA-05", "D24", "AC-04")
def test_setup_the_fortress_card_and_the_transport_station():
    g = dia_game()
    s = g.state
    assert START == 2                                               # GWA-DIA-01 (tuned in balance run 6)
    assert fort(g) == {"archers": (), "defence": START, "shame": 0}
    assert g.modules == ("shame", "cooperative", "chronicles", "diaoyu")
    assert s.mods["shame"].out == ("AC-DIA-07",)
    assert "transport_station" in s.clerks_on and "transport_station" in g.view(0)["locations"]
    assert "transport_station" not in boardlab.new_game("greatwall", 3, seed=1).state.clerks_on   # D24
    assert g.view(None)["scenario"] == {"id": "diaoyu", "card": "diaoyu", "mode": "cooperative",
                                        "artifacts_claimed": {}, "defence": START, "shame": 0, "archers": [], "slots": 3}
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert g.rules.catalogue.text("txt.dia", lang, defence=START, shame=0, archers="-", slots=3) \
            in g.rules.render_text(g.view(1), lang)
    base = boardlab.new_game("greatwall", 3, seed=1).state          # otherwise the base setup
    assert s.res == base.res and s.clerks == base.clerks and shame.pool(s) == POOL


@pytest.mark.rule("AC-DIA-05", "AC-DIA-27", "AC-03", "D4", "D11")
def test_holding_out_to_the_end_of_the_base_game_wins_for_everyone():
    g = dia_game(seed=2)
    g.state.wall = [3, 3, 3]
    fresh(g)
    advance(g, lambda x: x.state.year == 3 and x.state.season == "summer")
    set_pool(g, shame.pool(g.state) - 1, (1, 0, 0))
    advance(g, lambda x: x.is_over)
    assert g.state.year == 3 and not g.state.flags.get("lost")          # AC-DIA-27: 004's 3 years
    assert g.winners == [0, 1, 2]
    assert [(e.params["seat"], e.params["n"]) for e in events(g, "ev.shame.penalty")] == [(0, 5)]


# ---- AC-DIA-13/14: Archers onto the Fortress from the Barracks ---------------------------------------------------


def winter(seed: int = 1, tea=(0, 1, 2)):
    g = dia_game(seed)
    advance(g, "command")
    s = g.state
    for loc, on in s.clerks_on.items():
        for seat in on:
            s.clerks[seat] += 1
        s.clerks_on[loc] = ()
    s.general = ["xu_da"] * 3
    s.advisors, s.tactics = [()] * 3, [()] * 3
    s.res = [(0, 0, 0, 0)] * 3
    s.tea = list(tea)
    return fresh(g)


def activate_green(g, loc, seat=0):
    """Seat 0 plays Haste and moves a Clerk from supply to the green `loc`: it activates."""
    commit(g, "haste", "despotism", "despotism")
    do(g, 0, "from:supply")
    do(g, 0, f"to:{loc}")
    do(g, 0, "done")
    do(g, 1, "skip")
    do(g, 2, "skip")


@pytest.mark.rule("AC-DIA-13", "AC-DIA-14", "GW-BARRACKS-02")
@pytest.mark.parametrize("wood, offered", [(3, True), (2, False)])
def test_the_barracks_deploys_an_archer_on_the_fortress_for_one_extra_wood(wood, offered):
    g = winter()
    place(g, "barracks", 1, 2, 2)
    g.state.res[0] = (wood, 0, 0, 2)                    # an Archer costs 2 Wood + 2 Chi (+1 Wood)
    fresh(g)
    commit(g, "haste", "despotism", "despotism")
    do(g, 0, "from:supply")
    do(g, 0, "to:barracks")
    do(g, 0, "done")
    do(g, 1, "skip")
    do(g, 2, "skip")
    assert g.decision == "recruit" and g.to_play == 0
    assert ("archer:fortress" in g.legal_action_ids()) is offered
    assert "archer:1" in g.legal_action_ids()
    if offered:
        since = len(g.state.events)
        do(g, 0, "archer:fortress")
        assert g.state.res[0] == (0, 0, 0, 0) and fort(g)["archers"] == (0,)
        assert g.state.soldiers[0][ARCHER] == 3 and all(0 not in a for a in g.state.archers)
        assert "AC-DIA-14" in events(g, "ev.dia.archer", since)[0].rules


@pytest.mark.rule("AC-DIA-08", "AC-DIA-14")
def test_a_full_fortress_takes_no_more_archers():
    g = winter()
    set_fort(g, archers=(1, 2, 2))
    g.state.res[0] = (9, 0, 0, 9)
    fresh(g)
    assert "archer:fortress" not in diaoyu.fortress_recruits(g.state, 0)
    set_fort(g, archers=(1, 2))
    assert diaoyu.fortress_recruits(g.state, 0) == ["archer:fortress"]


# ---- AC-DIA-15/16: the Transport Station ---------------------------------------------------------------------


@pytest.mark.rule("AC-DIA-15", "AC-DIA-16", "AC-DIA-13", "GWA-DIA-05", "D20")
def test_the_transport_station_moves_archers_from_the_wall_or_a_rest_area_for_one_wood_each():
    g = winter()
    s = g.state
    s.archers[1] = (0,)
    s.behind[2] = ((0, ARCHER), (0, SPEARMAN))
    s.res[0] = (1, 0, 0, 0)
    place(g, "transport_station", 0)                   # a second Clerk comes with the move below
    since = len(s.events)
    activate_green(g, "transport_station")
    assert "transport_station" in [e.params["location"] for e in events(g, "ev.activate", since)]
    assert g.decision == "transport" and g.legal_action_ids() == ["wall:2", "rest:3", "skip"]
    do(g, 0, "rest:3")
    # 2 Clerks, but the Wood is gone: the second move is not offered
    assert g.decision != "transport"
    assert fort(g)["archers"] == (0,) and s.behind[2] == ((0, SPEARMAN),) and s.archers[1] == (0,)
    assert s.res[0] == (0, 0, 0, 0)
    assert {"AC-DIA-15", "AC-DIA-16"} <= set(events(g, "ev.dia.archer", since)[0].rules)
    assert s.clerks_on["transport_station"] == ()


# ---- AC-DIA-17..20: the Fortress fires first, once -----------------------------------------------------------------


@pytest.mark.rule("AC-DIA-17", "AC-DIA-18", "AC-DIA-19", "D13", "GWA-DIA-04")
def test_fortress_archers_fire_first_at_any_first_row_card_of_any_section():
    g = spring_game(leader=(2, 0, 1))
    put_horde(g, 0, 0, "steppe_outriders")
    put_horde(g, 0, 1, "plunder_band")                 # second row: out of reach
    put_horde(g, 2, 0, "shaman_drummers", cover=cover((1, 1, "w")))
    g.state.archers[0] = (1,)
    set_fort(g, archers=(0, 2))
    since = restart_spring(g, drop_tasks=True)
    if g.decision == "battle_section":
        g.apply("section:1")
    assert g.decision == "fortress_shoot" and g.to_play == 2                     # Leader order
    legal = g.legal_action_ids()
    assert legal == [f"slot:1:{k + 1}" for k in range(6)] + [f"slot:3:{k + 1}" for k in (0, 2, 3, 4, 5)]
    do(g, 2, "slot:3:4")                               # a Tactic reward on section 3's card
    do(g, 0, "slot:1:1")                               # 1 Gold
    assert g.decision == "shoot" and g.to_play == 1                              # then the Wall Archers
    assert g.state.res[0][2] == 1 and len(g.state.tactics[2]) == 1
    assert g.state.hordes[6][1][3] == (2, "w")
    shots = events(g, "ev.dia.shot", since)
    assert [(e.params["seat"], e.params["section"], e.params["slot"]) for e in shots] == [(2, 2, 3), (0, 0, 0)]
    assert {"AC-DIA-18", "AC-DIA-19"} <= set(shots[0].rules)


@pytest.mark.rule("AC-DIA-18", "AC-DIA-20", "GWA-DIA-04")
def test_fortress_archers_fire_once_per_spring_and_never_as_wall_archers():
    g = spring_game()
    put_horde(g, 0, 0, "steppe_outriders")
    put_horde(g, 1, 0, "steppe_outriders")
    set_fort(g, archers=(1,))
    since = restart_spring(g, drop_tasks=True)
    while not g.state.season == "summer" and g.decision != "fortress_rest":
        g.apply(g.legal_action_ids()[0])
    assert len(events(g, "ev.dia.shot", since)) == 1                 # two battles, one volley
    assert not events(g, "ev.shoot", since)                          # no Wall Archers: nobody else shoots
    assert g.state.archers == [(), (), ()]


# ---- AC-DIA-21..24, -11, -12, -28: the Night ---------------------------------------------------------------------


@pytest.mark.rule("AC-DIA-09", "AC-DIA-11", "AC-DIA-21", "AC-DIA-22", "AC-DIA-23", "AC-DIA-24", "AC-DIA-17",
                  "GWA-DIA-02", "GWA-DIA-03")
@pytest.mark.parametrize("shame_beside, archers, defence", [(3, (0,), 4), (2, (0, 1), 6),
                                                             (1, (0, 1, 2), 6), (4, (), 2)])
def test_the_night_costs_defence_for_siege_works_minus_fortress_archers(shame_beside, archers, defence):
    g = spring_game(tea=(1, 0, 2))
    set_fort(g, archers=archers, shame=shame_beside, defence=6)   # above the starting Defence: nothing falls
    since = restart_spring(g, drop_tasks=True)
    night = events(g, "ev.dia.night", since)
    assert [(e.params["n"], e.params["defence"]) for e in night] == [(max(0, shame_beside - len(archers)), defence)]
    assert fort(g)["defence"] == defence and g.state.season == ("spring" if archers else "summer")
    # AC-DIA-24: each Archer on the Fortress goes to a rest area its owner picks (owners in Tea order)
    order = []
    while g.decision == "fortress_rest":
        order.append(g.to_play)
        assert g.legal_action_ids() == ["section:1", "section:2", "section:3"]
        g.apply(f"section:{g.to_play + 1}")
    assert order == sorted(archers, key=[1, 0, 2].index)
    assert fort(g)["archers"] == ()
    assert all((seat, ARCHER) in g.state.behind[seat] for seat in archers)
    assert g.state.season == "summer" and g.decision == "donate"


@pytest.mark.rule("AC-DIA-06", "AC-DIA-12", "AC-DIA-28", "AC-DIA-05", "AC-03", "D3", "D4")
def test_the_fortress_falling_to_zero_ends_the_game_at_once_and_everyone_loses():
    g = spring_game()
    set_fort(g, defence=2, shame=3, archers=(1,))
    since = restart_spring(g, drop_tasks=True)
    assert g.is_over and g.winners == []
    assert fort(g)["defence"] == 0
    assert g.state.flags["lost"] == ("AC-DIA-06", "AC-DIA-12", "AC-DIA-28")
    keys = [e.key for e in g.state.events[since:]]
    assert "ev.coop.lost" in keys and "ev.donation" not in keys and g.state.year == 1
    assert "ev.winners" not in keys                                   # the shared loss alone is announced (D4)


# ---- AC-DIA-25: the Builders' Camp -----------------------------------------------------------------------------


@pytest.mark.rule("AC-DIA-25", "AC-DIA-10", "D20")
def test_the_builders_camp_turns_three_resources_except_chi_into_one_defence():
    g = winter()
    g.state.res[0] = (1, 1, 1, 9)
    place(g, "engineer_workshop", 0)
    since = len(g.state.events)
    activate_green(g, "engineer_workshop")
    assert g.decision == "workshop"
    legal = g.legal_action_ids()
    assert [a for a in legal if a.startswith("defence:")] == ["defence:wood+stone+gold"]  # Chi never counts
    assert any(a.startswith("fort:") for a in legal)                                     # the base effect stays
    do(g, 0, "defence:wood+stone+gold")
    assert fort(g)["defence"] == START + 1 and g.state.res[0] == (0, 0, 0, 9)
    assert "AC-DIA-25" in events(g, "ev.dia.camp", since)[0].rules


# ---- AC-DIA-26, -07: Raids add siege works; an empty pool loses ------------------------------------------------


def raid_position(pool: int):
    g = dia_game(seed=4)
    advance(g, lambda x: x.state.season == "autumn" or x.decision == "command")
    s = g.state
    for i in range(9):
        s.hordes[i] = ("steppe_outriders", (None,) * 6, ())
    set_pool(g, pool)
    s.res = [(0, 0, 0, 0)] * 3
    clear_schedule(g)
    since = len(s.events)
    positions.run_from(g, "autumn.invasion")
    fresh(g)
    while g.decision == "pay":
        g.apply("refuse")
    return g, since


@pytest.mark.rule("AC-DIA-26", "AC-DIA-09", "D10", "D11")
def test_each_raid_puts_a_shame_token_from_the_pool_beside_the_fortress():
    g, since = raid_position(POOL)
    assert len(events(g, "ev.overflow", since)) == 3
    assert fort(g)["shame"] == 3 and shame.pool(g.state) == POOL - 3
    assert [e.params["shame"] for e in events(g, "ev.dia.siege", since)] == [1, 2, 3]
    assert g.view(0)["scenario"]["shame"] == 3 and not g.is_over


@pytest.mark.rule("AC-DIA-07", "AC-DIA-26", "AC-03", "D3", "D11")
def test_the_shame_pool_running_out_loses_at_once():
    g, since = raid_position(2)
    assert g.is_over and g.winners == []
    assert g.state.flags["lost"] == ("AC-DIA-07",)
    assert fort(g)["shame"] == 2 and shame.pool(g.state) == 0 and not events(g, "ev.year", since)
