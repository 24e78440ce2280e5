"""The Great Wall, Ancient Chronicles: the Ghost Festival (中元節, AC-GHO-01..14 of
shared/rules/greatwall-stretch.yaml), a competitive scenario, with the authored rulings GWA-GHO-01/02
(data/rules-coop.yaml) and rulings D11 (the Shame pool) and D23 (killed soldiers leave the game).

Timing through greatwall-conflicts.md §2.1: the haunting happens after the Spring battles, before
Summer (row #8b, the "spring.after" point); the tokens leave the Locations at the start of Spring
(row #8a); a defeated Horde card is row #20 (battle step 5.1).

Positions: a ghost game reaches the start of Spring of year 1 by play; the board is then cleared and
set exactly, and Spring is run again from its first step (as in test_greatwall_spring.py).
"""
from __future__ import annotations

import pytest

import boardlab
from boardlab.core import positions
from boardlab.games.greatwall import mechanics as M
from boardlab.games.greatwall.data_tables import BOARD, LOC_ORDER, LOCS
from boardlab.games.greatwall.modules import ghost, shame
from boardlab.games.greatwall.records import EffectOp
from greatwall_helpers import (ARCHER, SPEARMAN, advance, clear_schedule, cover, do, empty_battlefield, events,
                              fresh, put_horde, restart_spring, run_tasks, season_is)

GHOST = {"scenario": "ghost"}
NEUTRAL_GENERAL = "su_dongpo"  # ability: on activate:tea_house (never in Spring/Summer)
POOL = BOARD.shame["pool_per_player"] * 3


def ghost_game(seed: int = 1):
    return boardlab.new_game("greatwall", 3, seed=seed, options=GHOST)


def spring_game(seed: int = 1, tea=(0, 1, 2), leader=(0, 1, 2)):
    """Year 1, start of Spring, empty battlefield, neutral Generals, no resources, 15 Honor each."""
    g = ghost_game(seed)
    advance(g, season_is("spring"))
    s = g.state
    for loc, on in s.clerks_on.items():
        for seat in on:
            s.clerks[seat] += 1
        s.clerks_on[loc] = ()
    return empty_battlefield(g, general=NEUTRAL_GENERAL, leader=leader, tea=tea)


def haunted(g) -> dict:
    return ghost.tokens(g.state)


def set_haunted(g, tokens: dict):
    """Shame tokens on Locations (the module's data, `state.mods["ghost"]`)."""
    g.state.mods["ghost"].haunted = tuple(sorted((loc, n) for loc, n in tokens.items() if n))
    return fresh(g)


def closed(g) -> list[str]:
    return [loc for loc in LOC_ORDER if M.closed(g.state, loc)]


def set_pool(g, pool: int):
    g.state.mods["shame"].pool = pool
    return fresh(g)


def put_clerks(g, loc: str, *seats: int):
    for seat in seats:
        g.state.clerks[seat] -= 1
        g.state.clerks_on[loc] = g.state.clerks_on[loc] + (seat,)
    return fresh(g)


# ---- the scenario card and setup (AC-GHO-02, AC-GHO-03, AC-02) ------------------------------------------------


@pytest.mark.rule("AC-GHO-02", "AC-GHO-03", "AC-01", "AC-04")
def test_the_scenario_card_is_a_public_reference_and_nothing_is_haunted_at_first():
    g = ghost_game()
    for seat in (0, 1, 2, None):
        assert g.view(seat)["scenario"] == {"id": "ghost", "card": "ghost", "mode": "competitive",
                                            "artifacts_claimed": {}, "haunted": {}, "dead": {}}
    assert closed(g) == []
    assert "AC-GHO-02" in events(g, "ev.ghost.setup")[0].rules
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert g.rules.catalogue.text("txt.ghost", lang, haunted="-", dead="-") in g.rules.render_text(g.view(0), lang)
    # the rest of the setup is the base game's (the Shame pool of D11 comes with every scenario)
    base = boardlab.new_game("greatwall", 3, seed=1).state
    assert g.state.res == base.res and g.state.clerks == base.clerks and g.state.soldiers == base.soldiers
    assert shame.pool(g.state) == POOL


@pytest.mark.rule("AC-02", "GW-END-02")
def test_the_ghost_festival_is_competitive_the_most_honor_wins():
    g = ghost_game(seed=4)
    advance(g, lambda x: x.is_over)
    assert g.options["mode"] == "competitive" and "cooperative" not in g.modules
    best = max(g.scores)
    assert len(g.winners) == 1 and g.scores[g.winners[0]] == best


# ---- after the siege: haunting (AC-GHO-04..09, GWA-GHO-01) ----------------------------------------------------


@pytest.mark.rule("AC-GHO-04", "AC-GHO-05", "AC-GHO-06", "GWA-GHO-01", "D11")
@pytest.mark.parametrize("cards, rows", [
    ([(0, 0)], 1),                                   # one card: 1 row
    ([(0, 0), (1, 0), (2, 0)], 1),                   # three cards in the same row: still 1
    ([(0, 0), (0, 1)], 2),                           # rows 1 and 2
    ([(0, 0), (0, 1), (0, 2)], 3),                   # all three rows
    ([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)], 3),
    ([(0, 0), (2, 1)], 1),                           # counted after the siege: section 3's card moved down
])
def test_after_the_siege_one_shame_token_per_row_holding_horde_cards(cards, rows):
    """Great Trebuchets (breach 6) stay undefeated; Wall level 3 (Defence 13) holds them."""
    g = spring_game(tea=(1, 2, 0))
    g.state.wall = [3, 3, 3]
    for section, row in cards:
        put_horde(g, section, row, "great_trebuchet")
    since = restart_spring(g)
    if g.decision == "battle_section":
        while g.decision == "battle_section":
            g.apply(g.legal_action_ids()[0])
    ev = events(g, "ev.ghost.tokens", since)
    assert [(e.params["rows"], e.params["n"]) for e in ev] == [(rows, rows)]
    assert {"AC-GHO-04", "AC-GHO-05"} <= set(ev[0].rules)
    assert shame.pool(g.state) == POOL - rows
    assert [shame.held(g.state, s) for s in range(3)] == [0, 0, 0]          # nobody holds them (GWA-GHO-01)
    assert g.state.season == "spring" and events(g, "ev.spring_end", since)  # after the battles ...
    placers = []
    while g.decision == "ghost_place":
        placers.append(g.to_play)
        g.apply("haunt:quarry")
    assert placers == [1, 2, 0][:rows]                                       # in Tea order, one each
    assert haunted(g) == {"quarry": rows}                                    # a Location may hold several
    assert g.state.season == "summer" and g.decision == "donate"             # ... before Summer


@pytest.mark.rule("AC-GHO-05", "AC-GHO-04")
def test_no_horde_cards_left_after_the_siege_means_no_haunting():
    g = spring_game()
    since = restart_spring(g)
    assert g.decision == "donate"
    assert not events(g, "ev.ghost.tokens", since) and haunted(g) == {} and shame.pool(g.state) == POOL


@pytest.mark.rule("AC-GHO-05", "GWA-GHO-01")
def test_an_almost_empty_pool_gives_only_what_it_has_and_is_no_loss_in_competitive_play():
    g = spring_game()
    g.state.wall = [3, 3, 3]
    put_horde(g, 0, 0, "great_trebuchet")
    put_horde(g, 0, 1, "great_trebuchet")
    set_pool(g, 1)
    since = restart_spring(g)
    assert [e.params["n"] for e in events(g, "ev.ghost.tokens", since)] == [1]
    do(g, 0, "haunt:academy")
    assert g.decision == "donate" and not g.state.flags.get("lost") and shame.pool(g.state) == 0


@pytest.mark.rule("AC-GHO-06", "AC-GHO-07", "AC-GHO-09", "AC-GHO-03")
def test_a_haunted_location_sends_its_clerks_home_and_barracks_and_tea_house_are_never_haunted():
    g = spring_game(tea=(2, 0, 1))
    g.state.wall = [3, 3, 3]
    put_horde(g, 0, 0, "great_trebuchet")
    put_horde(g, 0, 1, "great_trebuchet")
    put_clerks(g, "quarry", 0, 1, 1)
    put_clerks(g, "barracks", 2)
    put_clerks(g, "post_office", 0)
    supply = list(g.state.clerks)
    restart_spring(g)
    while g.decision == "battle_section":
        g.apply(g.legal_action_ids()[0])
    assert g.decision == "ghost_place" and g.to_play == 2
    legal = g.legal_action_ids()
    board = [loc for loc in LOC_ORDER if LOCS[loc].scenario is None]          # no scenario-only Location here
    assert legal == [f"haunt:{loc}" for loc in board if loc not in ("barracks", "tea_house")]   # AC-GHO-09
    since = len(g.state.events)
    do(g, 2, "haunt:quarry")
    assert g.state.clerks_on["quarry"] == ()                                  # AC-GHO-07: all go back
    assert g.state.clerks == [supply[0] + 1, supply[1] + 2, supply[2]]
    ev = events(g, "ev.ghost.haunt", since)[0]
    assert (ev.params["seat"], ev.params["location"], ev.params["n"]) == (2, "quarry", 3)
    assert {"AC-GHO-06", "AC-GHO-07"} <= set(ev.rules)
    do(g, 0, "haunt:post_office")
    assert g.state.clerks_on["post_office"] == () and g.state.clerks_on["barracks"] == (2,)
    assert haunted(g) == {"quarry": 1, "post_office": 1}
    assert g.view(1)["scenario"]["haunted"] == {"post_office": 1, "quarry": 1}


# ---- haunted Locations take no Clerks (AC-GHO-08) ---------------------------------------------------------------


def winter_with_haunting(where: tuple[str, ...]):
    """Year 2's first Command decision, with `where` haunted."""
    g = ghost_game(seed=2)
    advance(g, lambda x: x.state.year == 2 and x.decision == "command")
    return set_haunted(g, {loc: 1 for loc in where})


@pytest.mark.rule("AC-GHO-08", "AC-GHO-03", "GW-MOVE-02")
def test_clerk_moves_of_command_cards_cannot_go_to_a_haunted_location():
    g = winter_with_haunting(("quarry", "engineer_workshop"))
    checked = 0
    for _ in range(400):
        if g.decision == "clerk_to":
            legal = g.legal_action_ids()
            assert "to:quarry" not in legal and "to:engineer_workshop" not in legal
            assert "to:lumber_mill" in legal or "to:temple" in legal or "to:post_office" in legal
            checked += 1
        if g.state.season != "winter":
            break
        g.apply(g.legal_action_ids()[0] if g.decision in ("clerk_from", "clerk_to") else _passive(g))
    assert checked >= 2
    assert g.state.clerks_on.get("quarry", ()) == () and g.state.clerks_on.get("engineer_workshop", ()) == ()


def _passive(g):
    legal = g.legal_action_ids()
    for word in ("skip", "done", "none", "pass", "base", "die", "refuse"):
        if word in legal:
            return word
    return legal[0]


@pytest.mark.rule("AC-GHO-08")
def test_has_room_refuses_every_haunted_location_even_a_green_one():
    g = winter_with_haunting(("post_office", "academy"))
    s = g.state
    assert not M.has_room(s, "post_office") and not M.has_room(s, "academy")
    assert M.has_room(s, "messenger_office")
    set_haunted(g, {})
    assert M.has_room(s, "post_office")


# ---- tokens leave the Locations (AC-GHO-10..13, GWA-GHO-02) ---------------------------------------------------


@pytest.mark.rule("AC-GHO-10", "AC-GHO-11", "D11")
def test_at_the_start_of_the_siege_every_token_goes_back_to_the_pool():
    g = spring_game()
    set_haunted(g, {"quarry": 2, "academy": 1})
    set_pool(g, POOL - 3)
    put_horde(g, 0, 0, "steppe_outriders")
    since = restart_spring(g)
    cleared = events(g, "ev.ghost.cleared", since)
    assert [e.params["n"] for e in cleared] == [3] and {"AC-GHO-10", "AC-GHO-11"} <= set(cleared[0].rules)
    keys = [e.key for e in g.state.events[since:]]
    assert keys.index("ev.ghost.cleared") < keys.index("ev.spring")         # before the first battle
    assert [e.params["pool"] for e in events(g, "ev.shame.back", since)] == [POOL]
    # the Outriders survive the battle: after it, 1 new token haunts again (1 row)
    assert g.decision == "ghost_place" and shame.pool(g.state) == POOL - 1
    assert haunted(g) == {} and closed(g) == []


def battle_with_tokens(card_cover, units=()):
    """Tokens on the Quarry (2) and the Academy (1) during a battle at section 0 (Steppe Outriders)."""
    g = spring_game(tea=(2, 1, 0), leader=(0, 1, 2))
    put_horde(g, 0, 0, "steppe_outriders", cover=card_cover, units=units)
    set_pool(g, POOL - 3)
    s = g.state
    s.battle = {"todo": (0,), "fought": 0, "choosers": (0, 1, 2)}
    set_haunted(g, {"quarry": 2, "academy": 1})
    s.pending = None
    positions.run_from(g, "battle.choose")
    return fresh(g)


@pytest.mark.rule("AC-GHO-12", "AC-GHO-10", "GWA-GHO-02", "GW-BREACH-02")
@pytest.mark.parametrize("choice, left", [("exorcise:quarry", {"quarry": 1, "academy": 1}),
                                          ("exorcise:academy", {"quarry": 2}),
                                          ("skip", {"quarry": 2, "academy": 1})])
def test_the_defeat_credit_holder_may_remove_one_token_from_any_location(choice, left):
    g = battle_with_tokens(cover((0, 1, "s"), (5, 1, "s")), units=((1, SPEARMAN, (0,)), (1, SPEARMAN, (5,))))
    assert g.decision == "ghost_remove" and g.to_play == 1                     # seat 1 won the card
    assert g.legal_action_ids() == ["exorcise:academy", "exorcise:quarry", "skip"]
    since = len(g.state.events)
    do(g, 1, choice)
    assert haunted(g) == left
    assert shame.pool(g.state) == POOL - sum(left.values())
    if choice != "skip":
        assert "AC-GHO-12" in events(g, "ev.ghost.exorcise", since)[0].rules
    assert ("academy" in left) == M.closed(g.state, "academy")


@pytest.mark.rule("AC-GHO-13", "AC-GHO-10", "GWA-GHO-02")
def test_without_a_defeat_credit_the_top_of_the_tea_track_removes_one_token():
    """Wounds only (seat 0's Archers): no soldier on the card, no credit; Tea track 2, 1, 0."""
    g = battle_with_tokens(cover((0, 0, "w"), (5, 0, "w")))
    assert g.decision == "ghost_remove" and g.to_play == 2
    assert g.legal_action_ids() == ["exorcise:academy", "exorcise:quarry"]     # no "skip": must remove
    since = len(g.state.events)
    do(g, 2, "exorcise:academy")
    assert haunted(g) == {"quarry": 2}
    assert "AC-GHO-13" in events(g, "ev.ghost.exorcise", since)[0].rules


# ---- permanent death (AC-GHO-14, D23) --------------------------------------------------------------------------


@pytest.mark.rule("AC-GHO-14", "D23", "GW-BREACH-12")
@pytest.mark.parametrize("scenario", [True, False])
def test_killed_soldiers_leave_the_game_instead_of_going_back_to_supply(scenario):
    """Armoured Lancers (breach 4, kill 3) at a level-0 section (Defence 4) + Outriders (2): breached.
    Kills: seat 0's Spearman on the card, then the Archers of seats 1 and 2 on the Wall."""
    g = spring_game() if scenario else _base_spring()
    s = g.state
    put_horde(g, 0, 0, "armoured_lancers", cover=cover((0, 0, "s")), units=((0, SPEARMAN, (0,)),))
    put_horde(g, 0, 1, "steppe_outriders")
    s.archers[0] = (1, 2)
    s.soldiers = [(5, 2, 1)] * 3
    since = restart_spring(g)
    while g.decision == "shoot":
        g.apply(g.legal_action_ids()[-1])
    kills = [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill", since)]
    assert kills == [(0, "spearman"), (1, "archer"), (2, "archer")]
    why = [set(e.rules) for e in events(g, "ev.kill", since)]
    assert all("GW-BREACH-08" in rules for rules in why)                   # the kill itself
    if scenario:
        assert s.soldiers == [(5, 2, 1)] * 3                               # gone for good
        assert g.view(0)["scenario"]["dead"] == {"0": 1, "1": 1, "2": 1}
        # the log says why it left the game (AC-GHO-14), not that it went back to supply (GW-BREACH-12)
        assert all("AC-GHO-14" in rules and "GW-BREACH-12" not in rules for rules in why)
    else:
        assert s.soldiers == [(6, 2, 1), (5, 3, 1), (5, 3, 1)]              # 004: back to supply
        assert all("GW-BREACH-12" in rules and "AC-GHO-14" not in rules for rules in why)


def _base_spring():
    from greatwall_helpers import new
    g = new(3, 1)
    advance(g, season_is("spring"))
    s = g.state
    s.hordes = [None] * 9
    s.archers, s.behind = [()] * 3, [()] * 3
    s.forts, s.wall = [0] * 3, [0] * 3
    s.tactics = [()] * 3
    s.general = [NEUTRAL_GENERAL] * 3
    s.res = [(0, 0, 0, 0)] * 3
    s.clerks_on = {loc: () for loc in s.clerks_on}
    s.tea, s.leader = [0, 1, 2], [0, 1, 2]
    return fresh(g)


@pytest.mark.rule("AC-GHO-14", "D23")
def test_an_archer_killed_by_a_card_effect_also_leaves_the_game():
    g = clear_schedule(spring_game())
    s = g.state
    s.archers[1] = (0,)
    s.soldiers = [(5, 2, 1)] * 3
    since = run_tasks(g, [EffectOp(0, "kill_archers", 1, ("test",))], "summer.donate")
    assert [e.params["unit"] for e in events(g, "ev.kill", since)] == ["archer"]
    assert "AC-GHO-14" in events(g, "ev.kill", since)[0].rules
    assert s.archers[1] == () and s.soldiers[0] == (5, 2, 1) and dict(s.mods["ghost"].dead) == {0: 1}
    assert s.soldiers[0][ARCHER] == 2
