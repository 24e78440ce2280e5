"""The Great Wall, Winter: Command cards, Clerk moves, activations and every Location.

Clauses GW-ENGINE-*, GW-BOARD-*, GW-COMMAND-*, GW-RESOLVE-*, GW-MOVE-*, GW-ACTIVATE-*, GW-PROD-*,
GW-OVERSEER-*, GW-ACTION-*, GW-BARRACKS-*, GW-ACADEMY-*, GW-TEA-*, GW-POST-*, GW-MESSENGER-*,
GW-WORKSHOP-*, GW-FORT-01..03 of shared/rules/greatwall-base.yaml, with the authored rulings
(src/boardlab/games/greatwall/data/rules-authored.yaml) that complete them.

Every scenario starts at the first Command decision of year 1 (reached by passive play), then
fixes the position: all Generals are Xu Da (whose ability only fires on building a Wall level,
so no General ability disturbs a Winter count), hands of Advisors and Tactics are emptied,
resources are set explicitly, and Clerks are placed on Locations by editing `clerks_on`
(each Clerk placed that way is taken out of its owner's supply). Seats 0/1/2/3 are the
red/yellow/blue/black clans; their Command cards are `<clan>_<name>`.

Command cards used (data/commands.yaml; they resolve in Tea-track order, GW-COMMAND-06): haste top:
move up to 2 Clerks, bottom: move up to 1; economy top: move 2 + gain 1 Wood/Stone/Gold, bottom: gain
1 Wood/Stone; diplomacy top: move 3 + Tea +1; betrayal top: move 3 + Leader +1 (third step);
despotism top: move up to 4 + gain 2 of one resource (third step).
"""
from __future__ import annotations

import pytest

from boardlab.games.greatwall.data_tables import ADVISORS, BOARD
from boardlab.games.greatwall.data_tables import LOCS as ALL_LOCATIONS
from boardlab.games.greatwall.locations import clerk_price, legal_recruit
from boardlab.games.greatwall.state import HORSEMAN, SPEARMAN
from greatwall_helpers import act, advance, card, commit, events, fresh, new, passive, place, put_horde, season_is

LOCS = {loc: spec for loc, spec in ALL_LOCATIONS.items() if spec.scenario is None}  # the base board (D24)

PRODUCTION = {"quarry": 1, "lumber_mill": 0, "gold_mine": 2, "temple": 3}  # resource index W S G C


# ---- builders ----------------------------------------------------------------------------------

def winter(players: int = 3, seed: int = 1):
    """The first Command decision of year 1, with a neutral, fully specified position."""
    g = new(players, seed)
    advance(g, "command")
    s = g.state
    assert (s.year, s.season, s.flags["phase"], g.to_play) == (1, "winter", 1, 0)
    s.general = ["xu_da"] * players
    s.advisors = [()] * players
    s.tactics = [()] * players
    s.res = [(0, 0, 0, 0)] * players
    s.tea = list(range(players))
    s.leader = list(range(players))
    s.archers = [()] * BOARD.sections
    s.behind = [()] * BOARD.sections
    s.forts = [0] * BOARD.sections
    s.soldiers = [(10, 4, 2)] * players
    return fresh(g)


def move(g, seat: int, source: str, target: str):
    act(g, seat, "clerk_from", f"from:{source}")
    return act(g, seat, "clerk_to", f"to:{target}")


def until(g, seat: int, decision: str, limit: int = 200):
    """Play passively until `seat` faces `decision`."""
    return advance(g, lambda x: (x.to_play, x.decision) == (seat, decision), limit=limit)


def keys(g, since: int = 0) -> list[str]:
    return [e.key for e in g.state.events[since:]]


def activations(g, since: int = 0) -> list[str]:
    return [e.params["location"] for e in events(g, "ev.activate", since)]


def on(g, loc: str) -> tuple:
    return g.state.clerks_on[loc]


# ---- the secret choice, the reveal and the order (GW-COMMAND-*) --------------------------------------

@pytest.mark.rule("GW-COMMAND-04", "GW-COMMAND-05", "GWA-COMMAND-01")
def test_command_card_is_chosen_face_down_and_revealed_together():
    g = winter()
    s = g.state
    for seat in range(3):  # GWA-COMMAND-01: 3 of the clan's 6 cards in hand, 3 left in the deck
        assert len(s.cmd_hand[seat]) == 3 and len(s.cmd_deck[seat]) == 3
        assert sorted(s.cmd_hand[seat] + s.cmd_deck[seat]) == sorted(card(seat, n) for n in (
            "despotism", "conscription", "betrayal", "diplomacy", "economy", "haste"))
    chosen = s.cmd_hand[0][1]
    since = len(s.events)
    g.apply(f"command:{chosen}")
    assert chosen not in s.cmd_hand[0]
    # the committed card is visible to its owner only
    assert g.view(0)["commits"]["0"] == chosen
    for other in (1, 2, None):
        view = g.view(other)
        assert view["commits"]["0"] == {"hidden": True}
        assert chosen not in repr(view["log"][-5:]) and view["initiative"] == []
    assert [(e.key, e.rules, e.params) for e in s.events[since:]] == [
        ("ev.committed", ("GW-COMMAND-04",), {"seat": 0})]
    # nothing is revealed until the last seat has committed, then all are revealed at once
    g.apply(f"command:{s.cmd_hand[1][0]}")
    assert "ev.reveal_command" not in keys(g, since) and g.view(2)["commits"]["1"] == {"hidden": True}
    g.apply(f"command:{s.cmd_hand[2][0]}")
    reveal = [e for e in s.events[since:] if e.key == "ev.reveal_command"]
    assert len(reveal) == 3 and {e.params["seat"] for e in reveal} == {0, 1, 2}
    assert all({"GW-COMMAND-05", "GW-COMMAND-06"} <= set(e.rules) for e in reveal)
    assert {"seat": 0, "card": chosen} in [e["params"] for e in g.view(1)["log"] if e["key"] == "ev.reveal_command"]


@pytest.mark.rule("GW-COMMAND-06", "GW-COMMAND-07", "GW-COMMAND-08")
def test_cards_resolve_in_tea_track_order_whatever_the_cards():
    """GW-COMMAND-06: the player higher on the Tea track resolves first (GW-TIPS-03: the Tea track
    decides the resolution order); the card played has no say (GWA-COMMAND-02 is retired)."""
    g = winter()
    g.state.tea = [2, 0, 1]
    fresh(g)
    since = len(g.state.events)
    commit(g, "despotism", "haste", "economy")  # under the retired card values: haste, economy, despotism
    assert [e.params["seat"] for e in events(g, "ev.reveal_command", since)] == [2, 0, 1]
    assert all("GW-COMMAND-06" in e.rules and "GWA-COMMAND-02" not in e.rules
               for e in events(g, "ev.reveal_command", since))
    advance(g, lambda x: x.state.flags["phase"] == 2)
    resolved = [(e.params["seat"], e.params["card"]) for e in events(g, "ev.resolve_command", since)]
    assert resolved == [(2, "blue_economy"), (0, "red_despotism"), (1, "yellow_haste")]
    assert all("GW-COMMAND-08" in e.rules for e in events(g, "ev.resolve_command", since))
    # one card at a time: each card's clean-up comes before the next card starts
    order = [e.key for e in g.state.events[since:] if e.key in ("ev.resolve_command", "ev.command_done")]
    assert order == ["ev.resolve_command", "ev.command_done"] * 3


@pytest.mark.rule("GW-COMMAND-06", "GWA-TRACK-01")
@pytest.mark.parametrize("tea, cards", [
    ([2, 0, 1], ("haste", "haste", "haste")),
    ([1, 2, 0], ("despotism", "haste", "economy")),
    ([0, 1, 2], ("haste", "economy", "despotism")),
])
def test_the_tea_track_alone_orders_the_cards(tea, cards):
    g = winter()
    g.state.tea = tea
    fresh(g)
    since = len(g.state.events)
    commit(g, *cards)
    assert [e.params["seat"] for e in events(g, "ev.reveal_command", since)] == tea
    assert g.to_play == tea[0]


@pytest.mark.rule("GW-TEA-03", "GWA-TRACK-02", "GW-COMMAND-06")
def test_clerk_on_the_tea_house_counts_for_the_order_before_activation():
    g = winter()
    place(g, "tea_house", 2)  # 1 of 2 slots: not full, no activation yet
    since = len(g.state.events)
    commit(g, "haste", "despotism", "economy")
    assert [e.params["seat"] for e in events(g, "ev.reveal_command", since)] == [0, 2, 1]
    assert g.state.tea == [0, 1, 2]  # the move becomes permanent only on activation


@pytest.mark.rule("GW-COMMAND-09", "GW-COMMAND-10", "GWA-COMMAND-01")
def test_second_phase_hand_is_the_rest_plus_one_new_card():
    g = winter()
    s = g.state
    hand, deck = s.cmd_hand[0], s.cmd_deck[0]
    played = hand[0]
    g.apply(f"command:{played}")
    until(g, 0, "command")  # the first phase resolves passively
    assert s.flags["phase"] == 2 and g.to_play == 0
    assert s.cmd_hand[0] == hand[1:] + (deck[0],)
    assert g.legal_action_ids() == [f"command:{c}" for c in hand[1:] + (deck[0],)]
    assert f"command:{played}" not in g.legal_action_ids()  # set aside for this Winter
    done = [e for e in events(g, "ev.command_done") if e.params["seat"] == 0]
    assert [e.params["card"] for e in done] == [played] and done[0].rules == ("GW-COMMAND-09",)
    assert "GW-COMMAND-10" in events(g, "ev.command_draw")[-1].rules


@pytest.mark.rule("GW-COMMAND-01", "GW-COMMAND-02", "GW-COMMAND-11", "GW-STRUCT-04")
def test_winter_is_two_command_phases_of_card_then_clerks_then_spring():
    g = winter()
    since = len(g.state.events)
    current = []

    def policy(x):
        if x.decision == "clerk_from":  # the seat resolving its own card redeploys Clerks
            current.append((x.state.flags["phase"], x.to_play))
        return passive(x)

    advance(g, season_is("spring"), policy=policy)
    commits = [e for e in g.state.events[since:] if e.key == "ev.committed"]
    assert len(commits) == 6 and sorted(e.params["seat"] for e in commits) == [0, 0, 1, 1, 2, 2]
    assert len(events(g, "ev.reveal_command", since)) == 6
    assert sorted(current) == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
    assert keys(g, since).count("ev.command_draw") == 1
    end = events(g, "ev.winter_end", since)
    assert len(end) == 1 and end[0].rules == ("GW-COMMAND-11",)
    assert g.state.cmd_hand == [(), (), ()] and g.state.season == "spring"


@pytest.mark.rule("GWA-TRACK-01", "GW-COMMAND-03", "GW-TEA-01")
def test_moving_up_passes_the_player_above():
    g = winter()                                  # tracks set to seats 0, 1, 2 from the top
    since = len(g.state.events)
    commit(g, "haste", "betrayal", "diplomacy")   # resolve 0, 1 (Leader +1), 2 (Tea +1)
    advance(g, lambda x: x.state.flags["phase"] == 2)
    assert g.state.tea == [0, 2, 1] and g.state.leader == [1, 0, 2]
    assert [(e.params["seat"], e.params["place"]) for e in events(g, "ev.tea", since)] == [(2, 2)]
    assert [(e.params["seat"], e.params["place"]) for e in events(g, "ev.leader", since)] == [(1, 1)]


# ---- resolving a card (GW-RESOLVE-*, GWA-COMMAND-03/04) -------------------------------------------------

@pytest.mark.rule("GW-RESOLVE-01", "GW-RESOLVE-02", "GW-RESOLVE-03", "GWA-COMMAND-03")
def test_top_for_the_current_player_then_optional_bottoms_in_tea_order():
    g = winter()
    g.state.tea = [0, 2, 1]
    fresh(g)
    commit(g, "economy", "despotism", "despotism")
    since = len(g.state.events)
    # the top (black text): move up to 2 Clerks, then 1 Wood, Stone or Gold
    act(g, 0, "clerk_from", "done")
    assert g.legal_action_ids() == ["resource:wood", "resource:stone", "resource:gold"]
    act(g, 0, "gain_any", "resource:gold")
    # the bottom (gold text), other players in Tea order (2 before 1), each may decline
    act(g, 2, "bottom", "use")
    assert g.legal_action_ids() == ["resource:wood", "resource:stone"]
    act(g, 2, "gain_any", "resource:stone")
    act(g, 1, "bottom", "skip")
    assert g.state.res == [(0, 0, 1, 0), (0, 0, 0, 0), (0, 1, 0, 0)]
    gains = events(g, "ev.gain", since)
    assert [(e.params["seat"], e.rules) for e in gains] == [
        (0, ("GW-RESOLVE-02",)), (2, ("GW-RESOLVE-03", "GWA-COMMAND-03"))]
    assert (g.to_play, g.decision) == (2, "clerk_from")  # no bottom for the current player
    assert events(g, "ev.command_done", since)[0].params == {"seat": 0, "card": "red_economy"}


@pytest.mark.rule("GW-RESOLVE-04", "GWA-COMMAND-04", "GW-ACTIVATE-01")
@pytest.mark.parametrize("name, choice, expected", [
    ("despotism", "activate:war_room", ["war_room", "tea_house"]),   # third step: the player orders
    ("despotism", "activate:tea_house", ["tea_house", "war_room"]),
    ("haste", None, ["tea_house", "war_room"]),                     # no third step: board order
])
def test_third_step_lets_the_current_player_order_the_activations(name, choice, expected):
    g = winter()
    place(g, "tea_house", 0)
    place(g, "war_room", 2)
    commit(g, name, name, name)
    since = len(g.state.events)
    move(g, 0, "supply", "tea_house")
    move(g, 0, "supply", "war_room")
    if name == "despotism":
        act(g, 0, "clerk_from", "done")
        act(g, 0, "gain_any", "resource:chi")
    act(g, 1, "bottom", "skip")
    assert activations(g, since) == []  # nothing activates before the bottoms are done
    act(g, 2, "bottom", "skip")
    if choice:
        assert g.legal_action_ids() == ["activate:tea_house", "activate:war_room"]
        act(g, 0, "activate_order", choice)
        until(g, 1, "clerk_from")
    assert activations(g, since) == expected
    if choice:
        assert "GW-RESOLVE-04" in events(g, "ev.activate", since)[0].rules


# ---- Clerk moves (GW-MOVE-*, GW-ENGINE-01, GWA-MOVE-01) ---------------------------------------------

@pytest.mark.rule("GW-MOVE-01", "GW-MOVE-02", "GW-MOVE-03", "GW-ENGINE-01", "GWA-MOVE-01", "GW-ACTIVATE-06")
def test_clerks_come_from_supply_or_a_non_full_location_and_go_to_free_slots():
    g = winter()
    place(g, "academy", 0)                 # 1/3: may be left
    place(g, "quarry", 0, 1, 2)            # 3/3: full, locked
    place(g, "war_room", 1, 1)             # 2/2: full, no room
    place(g, "post_office", 1, 2, 1)       # green: 3 Clerks on 2 printed slots, still room
    commit(g, "haste", "despotism", "despotism")
    assert g.legal_action_ids() == ["from:supply", "from:academy", "done"]   # never out of the Quarry
    act(g, 0, "clerk_from", "from:supply")
    targets = g.legal_action_ids()
    assert "to:quarry" not in targets and "to:war_room" not in targets
    assert {"to:academy", "to:post_office", "to:messenger_office", "to:lumber_mill"} <= set(targets)
    assert set(targets) == {f"to:{l}" for l in LOCS if l not in ("quarry", "war_room")}
    act(g, 0, "clerk_to", "to:post_office")
    assert g.state.clerks[0] == 6 - 2 - 1 and on(g, "post_office") == (1, 2, 1, 0)
    act(g, 0, "clerk_from", "from:academy")
    assert "to:academy" not in g.legal_action_ids()
    act(g, 0, "clerk_to", "to:lumber_mill")
    assert on(g, "academy") == () and on(g, "lumber_mill") == (0,) and on(g, "quarry") == (0, 1, 2)
    clerk = events(g, "ev.clerk")
    assert [(e.params["source"], e.params["target"]) for e in clerk] == [
        ("supply", "post_office"), ("academy", "lumber_mill")]
    assert all({"GW-MOVE-01", "GW-MOVE-02"} <= set(e.rules) for e in clerk)
    # "up to 2": after two moves the top is over and the bottoms begin
    assert g.decision == "bottom"


@pytest.mark.rule("GW-MOVE-01", "GWA-MOVE-01")
def test_moving_clerks_is_optional_and_limited_to_the_card_number():
    g = winter()
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "clerk_from", "done")          # may move none
    assert g.state.clerks[0] == 6 and (g.to_play, g.decision) == (1, "bottom")
    act(g, 1, "bottom", "use")
    move(g, 1, "supply", "academy")           # the bottom moves at most 1
    assert (g.to_play, g.decision) == (2, "bottom")


@pytest.mark.rule("GW-ENGINE-06", "GWA-BOARD-01", "GW-MOVE-02", "GW-MOVE-03")
@pytest.mark.parametrize("loc, slots", [
    ("quarry", 3), ("lumber_mill", 3), ("gold_mine", 4), ("temple", 3),
    ("barracks", 4), ("academy", 3), ("tea_house", 2), ("war_room", 2)])
def test_each_regular_location_is_full_at_its_slot_count(loc, slots):
    g = winter()
    g.state.tea = [0, 2, 1]  # seat 1's Clerk on the Tea House lifts it one space, still below seat 0
    place(g, loc, *([1] * (slots - 1)))
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "clerk_from", "from:supply")
    assert f"to:{loc}" in g.legal_action_ids()        # the last free slot
    act(g, 0, "clerk_to", f"to:{loc}")
    assert len(on(g, loc)) == slots
    assert g.legal_action_ids() == ["from:supply", "done"]   # the full Location is locked
    act(g, 0, "clerk_from", "from:supply")
    assert f"to:{loc}" not in g.legal_action_ids()    # and has no room left


# ---- regular and green activation (GW-ENGINE-*, GW-ACTIVATE-*) -----------------------------------------

@pytest.mark.rule("GW-ENGINE-02", "GW-ENGINE-03", "GW-ENGINE-04", "GW-ACTIVATE-01", "GW-PROD-05",
                  "GWA-COMMAND-04")
def test_filling_the_last_slot_activates_after_the_bottoms_and_clerks_go_home():
    g = winter()
    place(g, "quarry", 1, 2)
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", "quarry")
    act(g, 0, "clerk_from", "done")
    assert on(g, "quarry") == (1, 2, 0) and activations(g, since) == []
    act(g, 1, "bottom", "use")
    assert g.legal_action_ids() == ["from:supply", "done"]  # no Clerk leaves the full Quarry
    act(g, 1, "clerk_from", "done")
    assert activations(g, since) == []
    act(g, 2, "bottom", "skip")
    ev = events(g, "ev.activate", since)
    assert [e.params["location"] for e in ev] == ["quarry"] and ev[0].params["advanced"] is False
    assert {"GW-ACTIVATE-01", "GW-ENGINE-02", "GW-ENGINE-03"} <= set(ev[0].rules)
    for seat in (0, 1, 2):
        act(g, seat, "overseer", "skip")
    assert [r[1] for r in g.state.res] == [1, 1, 1]          # everyone there shares the effect
    assert on(g, "quarry") == () and g.state.clerks == [6, 6, 6]  # back to supply, reusable


@pytest.mark.rule("GW-ACTIVATE-02", "GW-ENGINE-02")
def test_a_location_that_is_not_full_does_not_activate():
    g = winter()
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", "gold_mine")
    move(g, 0, "supply", "academy")
    until(g, 1, "clerk_from")  # seat 0's card is over, seat 1 resolves next
    assert activations(g, since) == []
    assert on(g, "gold_mine") == (0,) and on(g, "academy") == (0,) and g.state.res[0] == (0, 0, 0, 0)
    advance(g, season_is("spring"))
    assert "gold_mine" not in activations(g, since) and "academy" not in activations(g, since)


@pytest.mark.rule("GW-ACTIVATE-05", "GWA-BOARD-01", "GW-BOARD-01", "GWA-COMMAND-04")
@pytest.mark.parametrize("loc, decision", [
    ("post_office", "post"), ("messenger_office", "messenger"), ("engineer_workshop", "workshop")])
def test_a_green_location_activates_with_a_single_clerk(loc, decision):
    g = winter()
    g.state.res[0] = (5, 5, 5, 5)
    g.state.behind[0] = ((0, SPEARMAN),)
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", loc)
    move(g, 0, "supply", "academy")     # a regular Location with one Clerk stays put
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    assert activations(g, since) == [loc] and g.decision == decision and g.to_play == 0
    rules = events(g, "ev.activate", since)[0].rules
    assert "GW-ACTIVATE-05" in rules                       # "activated with any Clerk", not "when filled"
    assert "GW-ACTIVATE-01" not in rules and "GW-ENGINE-02" not in rules
    assert on(g, "academy") == (0,)


@pytest.mark.rule("GW-ACTIVATE-06", "GW-ACTIVATE-05", "GW-WORKSHOP-01", "GW-WORKSHOP-02", "GW-FORT-01")
def test_a_green_location_takes_more_clerks_than_slots_and_each_one_acts():
    g = winter()
    g.state.res[0] = (6, 0, 0, 0)
    commit(g, "despotism", "despotism", "despotism")
    for _ in range(3):
        move(g, 0, "supply", "engineer_workshop")
    assert on(g, "engineer_workshop") == (0, 0, 0) and LOCS["engineer_workshop"].slots == 2
    act(g, 0, "clerk_from", "done")
    act(g, 0, "gain_any", "resource:chi")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    for section in (0, 1, 2):  # one Fortification per Clerk, each paid with 2 Wood
        act(g, 0, "workshop", f"fort:{section + 1}:wood+wood")
    assert g.state.forts == [1, 1, 1] and g.state.res[0] == (0, 0, 0, 2)
    assert g.state.honor[0] == BOARD.starting_honor + 3
    assert on(g, "engineer_workshop") == () and g.state.clerks[0] == 6


@pytest.mark.rule("GW-ACTIVATE-07", "GW-POST-01", "GW-POST-02", "GWA-POST-01")
def test_players_on_a_location_act_in_tea_order():
    g = winter()
    g.state.tea = [0, 2, 1]
    g.state.res = [(0, 0, 0, 0), (0, 0, 0, 2), (0, 0, 0, 2)]
    place(g, "post_office", 1, 2)
    track = list(g.state.advisor_track)
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "clerk_from", "done")
    act(g, 2, "bottom", "skip")
    act(g, 1, "bottom", "skip")
    act(g, 2, "post", "chi")                    # seat 2 is higher on the Tea track: first pick
    act(g, 1, "post", "chi")
    assert g.state.advisors[2] == (track[0],)
    assert g.state.advisors[1] == (track[2],)   # track[1] was discarded with seat 2's purchase
    assert [e.params["seat"] for e in events(g, "ev.take_advisor")] == [2, 1]


# ---- advanced activation and Advisors (GW-ACTIVATE-03, GWA-ADVISOR-01) ----------------------------------

@pytest.mark.rule("GW-ACTIVATE-03", "GWA-ADVISOR-01", "GWA-PROD-02", "GW-PROD-02")
def test_an_advisor_advanced_activates_a_location_that_is_not_full():
    g = winter()
    place(g, "quarry", 0)
    g.state.advisors[0] = ("li_jie",)
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    assert g.legal_action_ids() == ["advisor:li_jie", "skip"]   # before the card's top
    act(g, 0, "advisor", "advisor:li_jie")
    assert g.state.advisors[0] == () and "li_jie" in g.state.advisor_discard  # one use
    act(g, 0, "clerk_from", "done")                 # Li Jie: move up to 1 Clerk
    assert g.legal_action_ids() == ["activate:quarry"]
    act(g, 0, "advanced", "activate:quarry")
    ev = events(g, "ev.activate", since)
    assert [(e.params["location"], e.params["advanced"]) for e in ev] == [("quarry", True)]
    assert "GW-ACTIVATE-03" in ev[0].rules
    act(g, 0, "overseer", "skip")
    assert g.state.res[0] == (0, 2, 0, 0)            # 1 from the Quarry, 1 from Li Jie
    assert g.state.honor[0] == BOARD.starting_honor  # alone, but advanced: no monopoly penalty
    assert on(g, "quarry") == () and g.decision == "clerk_from"  # then the card's own top


@pytest.mark.rule("GWA-ADVISOR-01", "GW-RESOLVE-03")
def test_an_advisor_may_be_played_with_a_bottom_effect():
    g = winter()
    g.state.advisors[1] = ("fiscal_commissioner", "kuai_xiang")
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "use")
    assert g.legal_action_ids() == ["advisor:fiscal_commissioner", "advisor:kuai_xiang", "skip"]
    act(g, 1, "advisor", "advisor:fiscal_commissioner")
    assert g.state.res[1] == (1, 1, 1, 1) and g.state.advisors[1] == ("kuai_xiang",)
    assert events(g, "ev.gain")[-1].rules == ("advisor:fiscal_commissioner",)
    act(g, 1, "clerk_from", "done")
    assert g.decision == "bottom" and g.to_play == 2  # one Advisor per effect


@pytest.mark.rule("GWA-BOARD-01", "GW-BOARD-01", "GW-PROD-01", "GW-ACTION-01", "GW-ACTIVATE-03")
@pytest.mark.parametrize("advisor, group", [
    ("zhou_chen", ["quarry", "lumber_mill", "gold_mine", "temple"]),
    ("wang_shouren", ["barracks", "academy", "tea_house", "war_room"]),
    ("fu_bi", ["post_office", "messenger_office", "engineer_workshop"]),
])
def test_the_three_kinds_of_location(advisor, group):
    g = winter()
    g.state.tea = [0, 2, 1]  # seat 1's Clerk on the Tea House lifts it one space, still below seat 0
    for loc in LOCS:
        place(g, loc, 1)
    g.state.advisors[0] = (advisor,)
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "advisor", f"advisor:{advisor}")
    act(g, 0, "clerk_from", "done")
    assert g.legal_action_ids() == [f"activate:{l}" for l in group]


# ---- production (GW-PROD-*, GWA-PROD-01) -------------------------------------------------------

@pytest.mark.rule("GW-PROD-01", "GW-PROD-02", "GW-ENGINE-03", "GWA-PROD-01")
@pytest.mark.parametrize("loc", sorted(PRODUCTION))
def test_each_production_location_gives_its_resource_per_clerk(loc):
    g = winter()
    slots = LOCS[loc].slots
    place(g, loc, 1, *([0] * (slots - 2)))
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", loc)
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    act(g, 0, "overseer", "skip")
    act(g, 1, "overseer", "skip")
    r = PRODUCTION[loc]
    assert g.state.res[0][r] == slots - 1 and sum(g.state.res[0]) == slots - 1
    assert g.state.res[1][r] == 1 and sum(g.state.res[1]) == 1
    assert g.state.res[2] == (0, 0, 0, 0)
    assert "GW-PROD-02" in events(g, "ev.gain", since)[0].rules


@pytest.mark.rule("GW-PROD-03", "GW-PROD-02", "GWA-PROD-01")
def test_overseer_level_adds_to_what_a_player_gathers():
    g = winter()
    g.state.overseers["quarry"] = (2, 0, 3)
    place(g, "quarry", 0, 1)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "quarry")
    assert g.state.res[0] == (0, 3, 0, 0)   # the Winter placement bonus of a level-2 Overseer
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    since = len(g.state.events)
    act(g, 2, "bottom", "skip")
    assert [r[1] for r in g.state.res] == [3 + 2 + 2, 1, 0]  # seat 2's Overseer, but no Clerk: nothing
    gains = [(e.params["seat"], e.params["what"]) for e in events(g, "ev.gain", since)]
    assert gains == [(0, {"stone": 4}), (1, {"stone": 1})]
    assert "GW-PROD-03" in events(g, "ev.gain", since)[0].rules


# ---- Overseers (GW-OVERSEER-*, GW-PROD-04, GW-ACTION-03, GWA-OVERSEER-01..04) ---------------------------

def fill_quarry(g, levels=(0, 0, 0)):
    """Seats 1 and 2 have a Clerk on the Quarry; seat 0 fills it; everyone declines the bottoms."""
    g.state.overseers["quarry"] = tuple(levels)
    place(g, "quarry", 1, 2)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "quarry")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    return g


@pytest.mark.rule("GW-PROD-04", "GW-OVERSEER-01", "GW-OVERSEER-02", "GW-OVERSEER-03", "GWA-OVERSEER-01")
@pytest.mark.parametrize("unit, left", [("spearman", (9, 4, 2)), ("archer", (10, 3, 2)), ("horseman", (10, 4, 1))])
def test_buying_an_overseer_costs_a_soldier_of_the_players_choice_and_one_resource(unit, left):
    g = winter()
    g.state.res[0] = (1, 0, 0, 0)
    fill_quarry(g)
    assert g.state.res[0] == (1, 1, 0, 0)
    assert g.legal_action_ids() == ["buy:quarry:spearman", "buy:quarry:archer", "buy:quarry:horseman", "skip"]
    act(g, 0, "overseer", f"buy:quarry:{unit}")                # only at the Location that produced
    assert sorted(g.legal_action_ids()) == ["resource:stone", "resource:wood"]
    act(g, 0, "pay_any", "resource:wood")
    assert g.state.overseers["quarry"] == (1, 0, 0)          # starts at level 1
    assert g.state.res[0] == (0, 1, 0, 0) and g.state.soldiers[0] == left
    assert g.view(1)["players"][0]["overseer_soldiers"] == {"quarry": unit}   # the soldier on the track
    ev = events(g, "ev.overseer")[-1]
    assert {"GW-OVERSEER-02", "GW-OVERSEER-03", "GW-PROD-04"} <= set(ev.rules)
    act(g, 1, "overseer", "skip")
    act(g, 2, "overseer", "skip")
    assert (g.to_play, g.decision) == (1, "clerk_from")      # one buy per activation, then next card


@pytest.mark.rule("GW-OVERSEER-01", "GW-OVERSEER-04", "GW-OVERSEER-08", "GWA-OVERSEER-01")
def test_upgrading_an_overseer_costs_two_resources_and_stops_at_level_four():
    g = winter()
    g.state.res = [(1, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)]
    fill_quarry(g, levels=(1, 3, 4))
    assert g.state.res[0] == (1, 1 + 2, 0, 0)                  # placement bonus 1, production 1 + 1
    assert g.legal_action_ids() == ["upgrade:quarry", "skip"]  # no second Overseer there
    act(g, 0, "overseer", "upgrade:quarry")
    act(g, 0, "pay_any", "resource:wood")                      # 2 resources, any kinds
    assert g.state.res[0] == (0, 2, 0, 0) and g.state.overseers["quarry"][0] == 2
    assert g.state.soldiers[0] == (10, 4, 2)                   # an upgrade takes no soldier
    assert {"GW-OVERSEER-04", "GW-OVERSEER-08"} <= set(events(g, "ev.overseer")[-1].rules)
    act(g, 1, "overseer", "upgrade:quarry")                    # 3 -> 4, paid in Stone alone
    assert g.state.overseers["quarry"] == (2, 4, 4) and g.state.res[1] == (0, 2, 0, 0)
    # seat 2 is at level 4 already: nothing to offer, the activation ends
    assert (g.to_play, g.decision) == (1, "clerk_from")
    assert on(g, "quarry") == ()


@pytest.mark.rule("GW-OVERSEER-03", "GW-OVERSEER-02", "GW-BARRACKS-03")
def test_the_spearman_turned_overseer_cannot_be_recruited():
    g = winter()
    g.state.soldiers[0] = (1, 0, 0)
    g.state.res[0] = (2, 2, 0, 0)
    fill_quarry(g)
    assert g.legal_action_ids() == ["buy:quarry:spearman", "skip"]   # only the kinds in supply
    act(g, 0, "overseer", "buy:quarry:spearman")
    act(g, 0, "pay_any", "resource:stone")
    assert g.state.soldiers[0] == (0, 0, 0) and g.state.res[0] == (2, 2, 0, 0)
    # later at the Barracks, 2 Wood + 2 Stone would pay a Spearman, but none is left
    assert legal_recruit(g.state, 0) == []
    g.state.soldiers[0] = (1, 0, 0)
    assert legal_recruit(g.state, 0) == ["spearman:1", "spearman:2", "spearman:3"]


@pytest.mark.rule("GW-OVERSEER-06", "GWA-OVERSEER-03")
@pytest.mark.parametrize("level, bonus", [(1, 1), (2, 3), (3, 4), (4, 5)])
def test_overseer_bonus_for_the_first_clerk_placed_each_command_phase(level, bonus):
    g = winter()
    g.state.overseers["lumber_mill"] = (level, 0, 0)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "lumber_mill")
    assert g.state.res[0] == (bonus, 0, 0, 0)
    assert {"GW-OVERSEER-06", "GWA-OVERSEER-03"} <= set(events(g, "ev.gain")[-1].rules)
    move(g, 0, "supply", "lumber_mill")
    assert g.state.res[0] == (bonus, 0, 0, 0)   # only the first Clerk this phase
    # the next Command phase pays it again
    until(g, 0, "command")
    commit(g, "economy", "despotism", "despotism")
    before = g.state.res[0][0]
    move(g, 0, "supply", "lumber_mill")
    assert g.state.res[0][0] == before + bonus


@pytest.mark.rule("GW-OVERSEER-05", "GWA-OVERSEER-02")
def test_overseers_produce_by_level_every_autumn():
    g = winter()
    g.state.overseers["quarry"] = (2, 0, 0)
    g.state.overseers["temple"] = (1, 0, 0)
    g.state.overseers["barracks"] = (3, 0, 0)   # no resource of its own: no Autumn production
    fresh(g)
    advance(g, lambda x: x.state.year == 2 and x.state.season == "winter")
    autumn = [e for e in events(g, "ev.gain") if "GWA-OVERSEER-02" in e.rules]
    assert [(e.params["seat"], e.params["what"]) for e in autumn] == [(0, {"stone": 2}), (0, {"chi": 1})]


@pytest.mark.rule("GW-OVERSEER-07", "GWA-OVERSEER-04", "GW-ACTION-03")
@pytest.mark.parametrize("level, res, option, left", [
    (1, (1, 2, 0, 0), "spearman:1", (0, 0, 0, 0)),     # 2 Wood + 2 Stone -> 1 Wood + 2 Stone
    (2, (0, 2, 0, 0), "spearman:1", (0, 0, 0, 0)),     # -> 2 Stone
    (3, (0, 0, 0, 1), "archer:1", (0, 0, 0, 0)),       # 2 Wood + 2 Chi -> 1 Chi
    (2, (0, 0, 2, 0), "horseman:1:spearman", (0, 0, 0, 0)),  # 4 Gold -> 2 Gold
])
def test_barracks_overseer_makes_each_recruit_cheaper(level, res, option, left):
    g = winter()
    g.state.overseers["barracks"] = (level, 0, 0)
    g.state.res[0] = res
    g.state.behind[0] = ((0, SPEARMAN),)
    g.state.soldiers[0] = (9, 4, 2)
    place(g, "barracks", 0, 0, 0)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "barracks")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    assert option in g.legal_action_ids()
    act(g, 0, "recruit", option)
    assert g.state.res[0] == left
    assert "GWA-OVERSEER-04" in events(g, "ev.pay")[-1].rules


@pytest.mark.rule("GW-ACTION-03", "GWA-OVERSEER-01", "GW-BARRACKS-01")
def test_only_a_player_who_recruited_may_buy_a_barracks_overseer():
    g = winter()
    g.state.res = [(3, 2, 0, 0), (5, 5, 5, 5), (0, 0, 0, 0)]
    place(g, "barracks", 1, 1, 0)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "barracks")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    act(g, 0, "recruit", "spearman:2")
    assert g.state.res[0] == (1, 0, 0, 0)
    assert g.decision == "recruit" and g.to_play == 1     # seat 0 can pay nothing more
    act(g, 1, "recruit", "skip")                           # declines both Clerks' recruits
    act(g, 0, "overseer", "buy:barracks:spearman")
    assert g.state.overseers["barracks"] == (1, 0, 0) and g.state.res[0] == (0, 0, 0, 0)
    assert (g.to_play, g.decision) == (1, "clerk_from")     # seat 1 recruited nothing: no offer
    assert g.state.soldiers[0] == (8, 4, 2)                # 1 recruited, 1 made Overseer


# ---- the monopoly penalty (GWA-PROD-02) ---------------------------------------------------------

@pytest.mark.rule("GWA-PROD-02", "GW-ENGINE-03")
@pytest.mark.parametrize("loc, others, penalty", [
    ("quarry", (), 2), ("quarry", (1,), 0), ("barracks", (), 2), ("academy", (), 0), ("tea_house", (), 0)])
def test_alone_on_an_honor_icon_location_costs_two_honor(loc, others, penalty):
    g = winter()
    place(g, loc, *others, *([0] * (LOCS[loc].slots - 1 - len(others))))
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", loc)
    advance(g, lambda x: bool(activations(x, since)) and x.decision in ("clerk_from", "command"))
    assert g.state.honor[0] == BOARD.starting_honor - penalty
    assert len(events(g, "ev.monopoly", since)) == (1 if penalty else 0)
    if penalty:
        assert "GWA-PROD-02" in events(g, "ev.monopoly", since)[0].rules


# ---- action Locations (GW-ACTION-*, GW-BARRACKS-*, GW-ACADEMY-*, GW-TEA-*) ------------------------------

def fill(g, loc, others=(), name="despotism"):
    """Seat 0 completes `loc` (after `others`' Clerks) with its own Clerks, the last one moved now."""
    place(g, loc, *others, *([0] * (LOCS[loc].slots - len(others) - 1)))
    commit(g, name, "despotism", "despotism")
    move(g, 0, "supply", loc)
    act(g, 0, "clerk_from", "done")
    if name == "despotism":
        act(g, 0, "gain_any", "resource:chi")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    return g


@pytest.mark.rule("GW-BARRACKS-01", "GW-BARRACKS-02", "GW-BARRACKS-03", "GW-BARRACKS-05", "GWA-BARRACKS-01",
                  "GW-ACTION-02", "GW-ACTION-04")
def test_barracks_one_recruit_per_clerk():
    g = winter()
    g.state.res[0] = (4, 2, 4, 0)     # + 2 Chi from Despotism
    g.state.behind[1] = ((0, SPEARMAN),)
    g.state.soldiers[0] = (9, 4, 2)
    fill(g, "barracks")
    assert g.state.res[0] == (4, 2, 4, 2)
    assert g.legal_action_ids() == [
        "archer:1", "spearman:1", "archer:2", "spearman:2", "horseman:2:spearman", "archer:3", "spearman:3",
        "skip"]
    act(g, 0, "recruit", "archer:1")                 # 2 Wood + 2 Chi, onto the Wall
    assert g.state.archers[0] == (0,) and g.state.res[0] == (2, 2, 4, 0)
    act(g, 0, "recruit", "spearman:3")               # 2 Wood + 2 Stone, behind the Wall
    assert g.state.behind[2] == ((0, SPEARMAN),) and g.state.res[0] == (0, 0, 4, 0)
    act(g, 0, "recruit", "horseman:2:spearman")      # 4 Gold, replaces the Spearman
    assert g.state.behind[1] == ((0, HORSEMAN),) and g.state.res[0] == (0, 0, 0, 0)
    assert g.state.soldiers[0] == (9 - 1 + 1, 3, 1)  # the replaced Spearman is back in supply
    # the 4th Clerk has nothing affordable, nor has the Overseer offer; the Clerks go home
    assert (g.to_play, g.decision) == (1, "clerk_from")
    assert on(g, "barracks") == () and g.state.clerks[0] == 6
    assert g.state.honor[0] == BOARD.starting_honor - BOARD.monopoly_penalty
    rules = [e.rules for e in events(g, "ev.recruit")]
    assert "GW-BARRACKS-02" in rules[0] and "GW-BARRACKS-03" in rules[1] and "GWA-BARRACKS-01" in rules[2]


@pytest.mark.rule("GW-BARRACKS-02", "GW-ACTION-02", "GW-ACTIVATE-07")
def test_barracks_archers_need_a_free_archer_slot_taken_in_tea_order():
    g = winter()
    g.state.tea = [0, 2, 1]
    g.state.archers = [(0, 0), (0, 0), (0,)]       # one free Archer slot left on the Wall
    g.state.soldiers[0] = (10, 0, 2)
    g.state.res = [(0, 0, 0, 0), (4, 0, 0, 4), (4, 0, 0, 4)]
    place(g, "barracks", 1, 2, 1)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "barracks")
    act(g, 0, "clerk_from", "done")
    act(g, 2, "bottom", "skip")
    act(g, 1, "bottom", "skip")
    assert g.to_play == 2 and g.legal_action_ids() == ["archer:3", "skip"]
    since = len(g.state.events)
    act(g, 2, "recruit", "archer:3")
    # no Archer slot is left for seat 1 (nothing else affordable): it is not even asked
    assert (g.to_play, g.decision) == (2, "overseer")
    assert g.state.archers[2] == (0, 2) and g.state.res[1] == (4, 0, 0, 4)
    assert [e.params["seat"] for e in events(g, "ev.recruit", since)] == [2]


@pytest.mark.rule("GW-BARRACKS-04", "GW-BARRACKS-06", "GWA-BARRACKS-01")
def test_soldiers_recruited_behind_a_section_fight_there_and_a_horseman_covers_two_slots():
    g = winter()
    g.state.hordes = [None] * len(g.state.hordes)
    put_horde(g, 0, 0, "great_trebuchet")
    g.state.res[0] = (2, 2, 4, 0)
    g.state.behind[0] = ((0, SPEARMAN),)
    g.state.soldiers[0] = (9, 4, 2)
    fill(g, "barracks")
    act(g, 0, "recruit", "spearman:1")
    act(g, 0, "recruit", "horseman:1:spearman")
    advance(g, "dispatch")
    assert g.state.season == "spring" and g.to_play == 0
    assert g.legal_action_ids() == ["dispatch:spearman:1", "dispatch:horseman:1"]
    act(g, 0, "dispatch", "dispatch:horseman:1")
    act(g, 0, "slot", "slot:1")
    act(g, 0, "slot", "slot:2")
    cover = g.state.hordes[0][1]
    assert cover[0] == (0, "h") and cover[1] == (0, "h")
    assert g.state.hordes[0][2] == ((0, HORSEMAN, (0, 1)),)


@pytest.mark.rule("GW-ACADEMY-01", "GW-ACADEMY-02", "GW-ACTION-02", "GW-ACTION-04", "GW-TACTICS-01",
                  "GW-TACTICS-02")
def test_academy_draws_a_tactic_per_clerk_with_the_hand_limit():
    g = winter()
    deck = list(g.state.tactic_deck)
    filler = next(t for t in ("volley", "shield_wall") if t != deck[-3])
    g.state.tactics[1] = (filler,) * 6
    since = len(g.state.events)
    fill(g, "academy", others=(1,))
    # Tea order: seat 0 draws 2 (from the top of the deck), then seat 1 draws 1
    assert g.state.tactics[0] == (deck[-1], deck[-2])
    assert (g.to_play, g.decision) == (1, "discard_tactics")   # 7 in hand: discard 1
    new_card = deck[-3]
    assert set(g.legal_action_ids()) == {f"discard:{filler}", f"discard:{new_card}"}
    act(g, 1, "discard_tactics", f"discard:{filler}")
    assert g.state.tactics[1] == (filler,) * 5 + (new_card,)
    assert g.state.tactic_discard[-1] == filler
    assert on(g, "academy") == () and g.state.clerks == [6, 6, 6]
    assert (g.to_play, g.decision) == (1, "clerk_from")         # no Overseer track there
    assert {"GW-ACADEMY-01", "GW-ACADEMY-02"} <= set(events(g, "ev.draw_tactics", since)[0].rules)


@pytest.mark.rule("GW-TEA-01", "GW-TEA-02", "GWA-TRACK-01", "GWA-TRACK-02", "GW-ACTION-02")
def test_tea_house_and_war_room_move_players_up_one_space_per_clerk():
    g = winter()
    place(g, "war_room", 2)
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", "war_room")      # seats 0 and 2 there; Tea order 0 then 2
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "use")
    move(g, 2, "supply", "tea_house")
    assert g.state.leader == [0, 2, 1]    # 0 up 1 (already on top), then 2 passes 1
    moves = events(g, "ev.leader", since)
    assert [(e.params["seat"], e.params["place"]) for e in moves] == [(0, 1), (2, 2)]
    assert "GW-TEA-02" in moves[0].rules
    # seat 2 fills the Tea House in its own turn: 2 Clerks, 2 spaces
    until(g, 2, "clerk_from")
    move(g, 2, "supply", "tea_house")
    advance(g, lambda x: "tea_house" in activations(x))
    assert g.state.tea == [2, 0, 1] and "GW-TEA-01" in events(g, "ev.tea")[-1].rules
    assert events(g, "ev.tea")[-1].params == {"seat": 2, "n": 2, "place": 1}


# ---- the Post Office (GW-POST-*, GWA-POST-01, GWA-SETUP-02..04) -----------------------------------

def post_office(g, seat_res, clerks: int = 1):
    g.state.res[0] = seat_res
    commit(g, "haste", "despotism", "despotism")
    for _ in range(clerks):
        move(g, 0, "supply", "post_office")
    if clerks < 2:
        act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    return g


@pytest.mark.rule("GW-POST-02", "GW-POST-03", "GWA-POST-01")
def test_post_office_chi_buys_the_leftmost_advisor_and_deals_two():
    g = winter()
    track = list(g.state.advisor_track)
    deck = list(g.state.advisor_deck)
    post_office(g, (0, 0, 0, 2))
    assert g.legal_action_ids() == ["chi", "skip"]
    act(g, 0, "post", "chi")
    assert g.state.res[0] == (0, 0, 0, 0) and g.state.advisors[0] == (track[0],)
    assert g.state.advisor_discard[-1] == track[1]
    assert g.state.advisor_track == track[2:] + [deck[-1], deck[-2]]


@pytest.mark.rule("GW-POST-01", "GW-POST-04", "GW-POST-08", "GWA-SETUP-02")
def test_post_office_gold_buys_an_advisor_at_its_column_price():
    g = winter()
    track = list(g.state.advisor_track)
    deck = list(g.state.advisor_deck)
    post_office(g, (0, 0, 8, 0), clerks=2)
    # prices 3, 3, 4, 4, 5, 5; 8 Gold: every column and a Clerk (4 Gold in a 3-player game)
    assert g.legal_action_ids() == [f"advisor:{i}" for i in range(6)] + ["clerk", "skip"]
    act(g, 0, "post", "advisor:3")
    assert g.state.res[0] == (0, 0, 4, 0) and g.state.advisors[0] == (track[3],)
    assert g.state.advisor_track == track[:3] + track[4:] + [deck[-1]]
    # the second Clerk: 4 Gold left, the 5-Gold columns are out of reach
    assert g.legal_action_ids() == ["advisor:0", "advisor:1", "advisor:2", "advisor:3", "clerk", "skip"]
    act(g, 0, "post", "advisor:0")
    assert g.state.res[0] == (0, 0, 1, 0) and g.state.advisors[0] == (track[3], track[0])
    assert (g.to_play, g.decision) == (1, "clerk_from")  # two Clerks, two purchases


@pytest.mark.rule("GW-POST-05", "GW-POST-07", "GWA-SETUP-03")
@pytest.mark.parametrize("players, supply, prices", [(3, 6, [4, 5]), (4, 5, [3, 4, 5])])
def test_post_office_sells_your_own_clerks_by_column(players, supply, prices):
    g = new(players, 1)
    assert g.state.clerks == [supply] * players and g.state.post_clerks == [8 - supply] * players
    g = winter(players)
    g.state.res[0] = (0, 0, sum(prices), 0)
    commit(g, "haste", *["despotism"] * (players - 1))
    move(g, 0, "supply", "post_office")
    move(g, 0, "supply", "post_office")
    for seat in range(1, players):
        act(g, seat, "bottom", "skip")
    paid = []
    for _ in range(2):
        gold = g.state.res[0][2]
        act(g, 0, "post", "clerk")
        paid.append(gold - g.state.res[0][2])
    assert paid == prices[:2] and g.state.post_clerks[0] == len(prices) - 2
    assert g.state.clerks[0] == supply - 2 + 2 + 2  # 2 bought, 2 back from the Post Office
    assert clerk_price(g.state, 0) == (prices[2] if len(prices) > 2 else None)


@pytest.mark.rule("GW-POST-07", "GWA-SETUP-03")
def test_three_player_clerk_costs_at_least_four_gold():
    g = post_office(winter(), (0, 0, 3, 0))
    assert "clerk" not in g.legal_action_ids() and "advisor:0" in g.legal_action_ids()


@pytest.mark.rule("GWA-SETUP-04", "GW-SETUP-04", "GW-POST-01")
def test_five_player_post_office_has_an_extra_slot():
    assert new(5, 1).view(None)["locations"]["post_office"]["slots"] == 3
    assert new(3, 1).view(None)["locations"]["post_office"]["slots"] == 2


@pytest.mark.rule("GW-POST-09", "GW-POST-10")
def test_a_seventh_advisor_forces_a_discard_down_to_six():
    g = winter()
    hand = tuple(a for a in ADVISORS if a not in g.state.advisor_track)[:6]
    track = list(g.state.advisor_track)
    g.state.advisors[0] = hand
    g.state.res[0] = (0, 0, 3, 0)
    fresh(g)
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "advisor", "skip")
    move(g, 0, "supply", "post_office")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    assert g.legal_action_ids() == ["advisor:0", "advisor:1", "skip"]  # 3 Gold: the 3-Gold columns
    act(g, 0, "post", "advisor:0")
    assert g.decision == "discard_advisors" and g.to_play == 0
    act(g, 0, "discard_advisors", f"discard:{hand[2]}")
    assert len(g.state.advisors[0]) == 6 and track[0] in g.state.advisors[0]
    assert hand[2] not in g.state.advisors[0] and g.state.advisor_discard[-1] == hand[2]
    assert {"GW-POST-09", "GW-POST-10"} <= set(events(g, "ev.discard_advisors")[-1].rules)


@pytest.mark.rule("GW-POST-10")
def test_the_discard_for_a_seventh_advisor_is_one_of_the_six_already_held():
    g = winter()
    hand = tuple(a for a in ADVISORS if a not in g.state.advisor_track)[:6]
    track = list(g.state.advisor_track)
    g.state.advisors[0] = hand
    g.state.res[0] = (0, 0, 3, 0)
    fresh(g)
    commit(g, "haste", "despotism", "despotism")
    act(g, 0, "advisor", "skip")
    move(g, 0, "supply", "post_office")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    assert g.legal_action_ids() == ["advisor:0", "advisor:1", "skip"]  # 3 Gold: the 3-Gold columns
    act(g, 0, "post", "advisor:0")
    assert g.decision == "discard_advisors"
    assert sorted(g.legal_action_ids()) == sorted(f"discard:{a}" for a in hand)
    assert f"discard:{track[0]}" not in g.legal_action_ids()


# ---- the Messenger Office (GW-MESSENGER-01, GWA-MESSENGER-01) -------------------------------------

def messenger(g, clerks: int = 1):
    commit(g, "haste", "despotism", "despotism")
    for _ in range(clerks):
        move(g, 0, "supply", "messenger_office")
    if clerks < 2:
        act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    return g


@pytest.mark.rule("GW-MESSENGER-01", "GWA-MESSENGER-01")
def test_messenger_moves_up_to_two_of_your_own_soldiers_between_sections():
    g = winter()
    s = g.state
    s.behind = [((0, SPEARMAN), (1, SPEARMAN), (0, HORSEMAN)), (), ()]
    s.archers = [(0, 1), (1, 1), (2,)]      # one free Archer slot, on section 2
    messenger(g)
    act(g, 0, "messenger", "move")
    assert g.legal_action_ids() == ["move:archer@1", "move:spearman@1", "move:horseman@1", "done"]
    act(g, 0, "soldier_from", "move:archer@1")
    assert g.legal_action_ids() == ["section:3"]      # an Archer needs a free Archer slot
    act(g, 0, "soldier_to", "section:3")
    act(g, 0, "soldier_from", "move:spearman@1")
    assert g.legal_action_ids() == ["section:3"]        # the second soldier follows the first's route
    act(g, 0, "soldier_to", "section:3")
    assert (g.to_play, g.decision) == (1, "clerk_from")  # at most 2 per Clerk
    assert s.archers == [(1,), (1, 1), (2, 0)]
    assert s.behind == [((1, SPEARMAN), (0, HORSEMAN)), (), ((0, SPEARMAN),)]
    assert all({"GW-MESSENGER-01", "GWA-MESSENGER-01"} <= set(e.rules) for e in events(g, "ev.move_soldier"))


@pytest.mark.rule("GW-MESSENGER-01", "GWA-MESSENGER-01")
def test_messenger_never_moves_soldiers_off_horde_cards_or_another_players_soldiers():
    g = winter()
    g.state.hordes = [None] * len(g.state.hordes)
    put_horde(g, 0, 0, "great_trebuchet", cover=[(0, "s")] + [None] * 5, units=[(0, SPEARMAN, (0,))])
    g.state.behind = [((1, SPEARMAN),), (), ()]
    messenger(g)
    assert (g.to_play, g.decision) == (1, "clerk_from")  # nothing of seat 0's can move: no offer
    assert g.state.hordes[0][2] == ((0, SPEARMAN, (0,)),)


@pytest.mark.rule("GW-MESSENGER-01")
def test_the_two_soldiers_of_one_messenger_move_share_origin_and_destination():
    g = winter()
    g.state.behind = [((0, SPEARMAN), (0, SPEARMAN)), (), ((0, SPEARMAN),)]
    messenger(g)
    act(g, 0, "messenger", "move")
    act(g, 0, "soldier_from", "move:spearman@1")
    act(g, 0, "soldier_to", "section:2")
    # the second soldier of this move comes from the same section and goes to the same one
    assert g.legal_action_ids() == ["move:spearman@1", "done"]
    act(g, 0, "soldier_from", "move:spearman@1")
    assert g.legal_action_ids() == ["section:2"]


# ---- the Engineer Workshop and Fortifications (GW-WORKSHOP-*, GW-FORT-01..03) ------------------------

def workshop(g, res, forts=(0, 0, 0)):
    g.state.res[0] = res
    g.state.forts = list(forts)
    commit(g, "haste", "despotism", "despotism")
    move(g, 0, "supply", "engineer_workshop")
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    return g


@pytest.mark.rule("GW-WORKSHOP-01", "GW-WORKSHOP-02", "GW-FORT-01", "GW-FORT-03")
def test_workshop_builds_a_fortification_for_two_non_chi_resources_and_one_honor():
    g = workshop(winter(), (1, 1, 0, 9), forts=(3, 0, 2))
    # Chi is never accepted; a section already holding 3 Fortifications is full
    assert g.legal_action_ids() == ["fort:2:wood+stone", "fort:3:wood+stone", "skip"]
    act(g, 0, "workshop", "fort:3:wood+stone")
    assert g.state.forts == [3, 0, 3] and g.state.res[0] == (0, 0, 0, 9)
    assert g.state.honor[0] == BOARD.starting_honor + 1 and g.state.forts_built[0] == 1
    assert {"GW-FORT-01", "GW-FORT-03"} <= set(events(g, "ev.fort")[-1].rules)
    assert "GW-WORKSHOP-02" in events(g, "ev.gain")[-1].rules


@pytest.mark.rule("GW-WORKSHOP-01")
def test_workshop_with_only_chi_builds_nothing():
    g = workshop(winter(), (1, 0, 0, 9))
    assert (g.to_play, g.decision) == (1, "clerk_from") and g.state.forts == [0, 0, 0]
    assert g.state.honor[0] == BOARD.starting_honor and on(g, "engineer_workshop") == ()


@pytest.mark.rule("GW-FORT-03")
def test_no_workshop_offer_when_every_section_has_three_fortifications():
    g = workshop(winter(), (4, 4, 4, 0), forts=(3, 3, 3))
    assert (g.to_play, g.decision) == (1, "clerk_from") and g.state.res[0] == (4, 4, 4, 0)


@pytest.mark.rule("GW-FORT-02", "GW-BREACH-05")
@pytest.mark.parametrize("forts, outcome, defence", [(0, "ev.breached", 4), (1, "ev.held", 6), (3, "ev.held", 10)])
def test_each_fortification_adds_two_defence_in_the_battle(forts, outcome, defence):
    g = winter()
    g.state.hordes = [None] * len(g.state.hordes)
    put_horde(g, 0, 0, "keshig_guard")            # Breach 5 against Defence 4 (+2 per Fortification)
    g.state.forts = [forts, 0, 0]
    assert g.view(None)["sections"][0]["defence"] == defence
    since = len(g.state.events)
    advance(g, season_is("summer"))
    result = [e for e in g.state.events[since:] if e.key in ("ev.held", "ev.breached")]
    assert [(e.key, e.params["breach"], e.params["defence"]) for e in result] == [(outcome, 5, defence)]
