"""The Great Wall: the Rat expansion (RAT-01..RAT-14 of shared/rules/greatwall-stretch.yaml).

Seed 000 times the Rat by the retail year; boardlab places it on seed 004's year through the phase
mapping of shared/rules/greatwall-conflicts.md §2 and the rulings of greatwall-rulings.md:

- setup (RAT-06..09, 000 steps 18-20): after 004's setup, before year 1 (§2.3, appended after
  GW-SETUP-25); the top of the Tea track places the Rat (RAT-08).
- RAT-13 "after the Summer 'Retrieve Command cards' step": ruling D21, the start of Winter (when the
  Command hand is restored), from year 2 on (the setup card serves year 1).
- RAT-12/RAT-14 "after the Autumn 'Check defeated Hordes' step" / "in Autumn": §2.1 rows #5/#6, the
  end of 004's Winter, after the 2nd Command phase's clean-up (GW-COMMAND-11), before Spring.
- RAT-10: on every activation of the Rat's Location (the "activation" extension point of
  locations.run_activate), 1 Gold per player with Clerks there (not per Clerk).
- RAT-04/RAT-05: the Rat Artifacts and Rat Advisors are shuffled into 004's pools (D6: 4 Advisors
  each, 6 on the track; D17: Artifacts score at the end).

Position builders follow tests/greatwall_helpers.py: reach a position by play, then edit the state
(always followed by `fresh`). Seats 0/1/2 are the red/yellow/blue clans.
"""
from __future__ import annotations

import pytest

import boardlab
from boardlab.agents import choose, make_agent
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.greatwall.data_tables import ADVISORS, ARTIFACTS, BOARD, LOCS, RAT_CARDS, in_play
from boardlab.games.greatwall.data_tables import LOC_ORDER as ALL_LOCATIONS
from greatwall_helpers import act, advance, commit, events, fresh, new, passive, place

LOC_ORDER = tuple(loc for loc in ALL_LOCATIONS if LOCS[loc].scenario is None)  # the base board (D24)

RAT = {"expansions": ["rat"]}
LANGS = ("en", "zh-Hant", "zh-Hans")
NEUTRAL = "xu_da"  # a General whose ability (on build) never fires in these scenarios


# ---- builders -----------------------------------------------------------------------------------------


def rat_game(players: int = 3, seed: int = 1):
    """A Rat game at its first decision (the Generals)."""
    return boardlab.new_game("greatwall", players, seed=seed, options=RAT)


def rat(g) -> dict:
    """The module's data (`state.mods["rat"]`) as a dict."""
    r = g.state.mods["rat"]
    return {name: getattr(r, name) for name in r.__slots__}


def set_rat(g, **changes):
    for name, value in changes.items():
        setattr(g.state.mods["rat"], name, value)
    return fresh(g)


def placed(players: int = 3, seed: int = 1, where: str = "quarry"):
    """The Rat placed at setup on `where`."""
    g = rat_game(players, seed)
    advance(g, "rat_place")
    g.apply(f"rat:{where}")
    return g


def rat_winter(players: int = 3, seed: int = 1, where: str = "quarry"):
    """The first Command decision of year 1 with a neutral position (as in test_greatwall_winter)."""
    g = placed(players, seed, where)
    advance(g, "command")
    s = g.state
    assert (s.year, s.season, g.to_play) == (1, "winter", 0)
    s.general = [NEUTRAL] * players
    s.advisors = [()] * players
    s.tactics = [()] * players
    s.res = [(0, 0, 0, 0)] * players
    s.tea = list(range(players))
    s.leader = list(range(players))
    return fresh(g)


def before(g, pred, policy=passive, limit: int = 5000):
    """Advance to the last decision after which `pred` holds (that decision not yet taken)."""
    for _ in range(limit):
        assert not g.is_over, "game over before the predicate held"
        probe = g.clone()
        probe.apply(policy(probe))
        if pred(probe):
            return g
        g.apply(policy(g))
    raise AssertionError("predicate never held")


def winter_move(g):
    return g.decision == "rat_place" and g.state.season == "winter"


def end_of_winter(year: int = 1, seed: int = 1, players: int = 3):
    """Just before the last decision of Winter `year`; the board is cleared of Clerks so nothing
    activates on the way, and the Generals are neutral. The caller sets what the Rat card measures."""
    g = placed(players, seed)
    advance(g, lambda x: x.state.year == year and x.decision == "command")
    before(g, winter_move)
    s = g.state
    for loc, on in s.clerks_on.items():
        for seat in on:
            s.clerks[seat] += 1
        s.clerks_on[loc] = ()
    s.general = [NEUTRAL] * players
    s.tea = list(range(players))
    return fresh(g)


def move(g, seat: int, source: str, target: str):
    act(g, seat, "clerk_from", f"from:{source}")
    return act(g, seat, "clerk_to", f"to:{target}")


def rat_gold(g, since: int = 0) -> list[int]:
    return [e.params["seat"] for e in events(g, "ev.gain", since) if "RAT-10" in e.rules]


def strings(x) -> set[str]:
    out: set[str] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            out |= {str(k)} | strings(v)
    elif isinstance(x, list):
        for v in x:
            out |= strings(v)
    elif isinstance(x, str):
        out.add(x)
    return out


# ---- setup (RAT-03, RAT-06..09) -------------------------------------------------------------------------


@pytest.mark.rule("RAT-06", "RAT-07")
def test_the_rat_deck_is_shuffled_and_one_card_revealed_beside_it():
    firsts, orders = set(), set()
    for seed in range(1, 16):
        g = rat_game(seed=seed)
        advance(g, "rat_place")
        r = rat(g)
        assert len(r["shown"]) == 1 and len(r["deck"]) == 4
        assert sorted(r["shown"] + r["deck"]) == sorted(RAT_CARDS)          # RAT-06: all 5 Rat cards
        firsts.add(r["shown"][0])
        orders.add(r["shown"] + r["deck"])
        ev = events(g, "ev.rat.card")
        assert [e.params["card"] for e in ev] == list(r["shown"])           # RAT-07: revealed to all
        assert {"RAT-06", "RAT-07"} <= set(ev[0].rules)
        for seat in (0, 1, 2, None):
            assert {"key": "ev.rat.card", "card": r["shown"][0]} in [
                {"key": e["key"], "card": e["params"].get("card")} for e in g.view(seat)["log"]]
            assert g.view(seat)["rat"] == {"location": None, "cards": list(r["shown"])}
    assert len(firsts) >= 3 and len(orders) >= 10                           # shuffled by the seed


@pytest.mark.rule("RAT-08")
@pytest.mark.parametrize("tea", [[0, 1, 2], [2, 0, 1], [1, 2, 0]])
def test_the_top_of_the_tea_track_places_the_rat_on_any_location(tea):
    g = rat_game(seed=3)
    g.state.tea = list(tea)
    fresh(g)
    advance(g, "rat_place")
    assert g.to_play == tea[0]
    assert g.legal_action_ids() == [f"rat:{loc}" for loc in LOC_ORDER]      # any Location of the board
    g.apply("rat:war_room")
    assert rat(g)["location"] == "war_room"
    ev = events(g, "ev.rat.place")
    assert [(e.params["seat"], e.params["location"]) for e in ev] == [(tea[0], "war_room")]
    assert "RAT-08" in ev[0].rules
    assert all(v["rat"]["location"] == "war_room" for v in (g.view(0), g.view(1), g.view(2), g.view(None)))


@pytest.mark.rule("RAT-09", "RAT-08", "GW-SETUP-10")
def test_setup_is_complete_only_once_the_rat_is_placed():
    g = rat_game(seed=4)
    assert g.decision == "general"                         # the Generals first (000 step 10 < step 19)
    advance(g, "rat_place")
    assert all(gen is not None for gen in g.state.general)
    assert (g.state.year, g.state.season) == (1, "setup")
    assert events(g, "ev.year") == [] and events(g, "ev.horde") == []
    assert not [e for e in events(g, "ev.gain") if "GW-AUTUMN-01" in e.rules]
    since = len(g.state.events)
    g.apply("rat:temple")
    keys = [e.key for e in g.state.events[since:]]
    assert keys[0] == "ev.rat.place" and "RAT-09" in g.state.events[since].rules
    assert keys[1] == "ev.year" and g.state.events[since + 1].params["year"] == 1
    assert g.state.season in ("autumn", "winter")                    # year 1 has begun


@pytest.mark.rule("RAT-03", "D6", "GW-SETUP-11", "GW-SETUP-12", "GW-SETUP-08")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_everything_else_is_set_up_as_usual(players):
    rat_s = rat_game(players, seed=5).state
    base = new(players, seed=5)
    s = base.state
    assert rat_s.res == s.res and rat_s.honor == s.honor and rat_s.clerks == s.clerks
    assert rat_s.post_clerks == s.post_clerks and rat_s.soldiers == s.soldiers
    assert rat_s.tea == s.tea and rat_s.leader == s.leader and rat_s.hordes == s.hordes
    assert [len(h) for h in rat_s.advisors] == [4] * players and len(rat_s.advisor_track) == 6
    assert [len(o) for o in rat_s.general_offer] == [2] * players and len(rat_s.artifacts) == 3
    assert sorted(rat_s.horde_deck) == sorted(s.horde_deck) and sorted(rat_s.tactic_deck) == sorted(s.tactic_deck)
    # without the option there is no Rat at all
    advance(base, lambda x: x.is_over)
    assert "rat" not in base.modules and "rat" not in base.state.mods and not events(base, "ev.rat.card")
    assert "rat" not in base.view(0) and "rat" not in base.view(0)["decks"]


# ---- the Rat pools (RAT-04, RAT-05) ------------------------------------------------------------------------


@pytest.mark.rule("RAT-04", "GW-SETUP-08")
def test_rat_artifacts_are_shuffled_in_before_three_are_drawn():
    pool = set(in_play(ARTIFACTS, ("base", "rat")))
    rat_only = {a for a, card in ARTIFACTS.items() if card.set == "rat"}
    assert len(rat_only) == 5
    seen = set()
    for seed in range(1, 60):
        arts = rat_game(seed=seed).state.artifacts
        assert len(set(arts)) == 3 and set(arts) <= pool
        seen |= set(arts)
        assert not set(new(3, seed=seed).state.artifacts) & rat_only
    assert seen == pool


@pytest.mark.rule("RAT-05", "D6", "GW-SETUP-11", "GW-SETUP-12")
def test_rat_advisors_are_shuffled_into_the_advisor_pool():
    rat_only = {a for a, card in ADVISORS.items() if card.set == "rat"}
    assert len(rat_only) == 4
    seen = set()
    for seed in range(1, 20):
        s = rat_game(seed=seed).state
        every = [a for h in s.advisors for a in h] + s.advisor_track + s.advisor_deck
        assert sorted(every) == in_play(ADVISORS, ("base", "rat"))
        assert [len(h) for h in s.advisors] == [4, 4, 4]                  # D6: 004's deal of 4
        seen |= {a for h in s.advisors for a in h} | set(s.advisor_track)
    assert rat_only <= seen


def final_position(artifacts: tuple[str, ...]):
    """Just before the last decision of the game (the last donation of year 3), with the given
    Artifacts in play and a neutral position: 20 Honor each, nothing kept, no Overseers."""
    g = placed(seed=17)
    before(g, lambda c: c.is_over)
    s = g.state
    assert s.year == 3 and s.season == "summer" and g.decision == "donate"
    s.artifacts = artifacts
    s.kept = [(), (), ()]
    s.overseers = {loc: (0, 0, 0) for loc in s.overseers}
    s.honor = [20, 20, 20]
    s.tea = [1, 0, 2]
    s.clerks_on = {loc: () for loc in s.clerks_on}
    s.general = [NEUTRAL] * 3
    s.archers, s.behind = [()] * BOARD.sections, [()] * BOARD.sections
    s.res = [(0, 0, 0, 0)] * 3
    s.tactics = [(), (), ()]
    s.forts_built = [0, 0, 0]
    return fresh(g)


@pytest.mark.rule("RAT-04", "D17", "D16", "GW-END-01", "GWA-END-01", "GW-END-03")
def test_rat_artifacts_score_at_the_end_of_the_game():
    g = final_position(("zhaoyao_jing", "golden_rat_paperweight", "sticky_rice_mortar"))
    s = g.state
    s.wall = [1, 1, 0]                                   # sections 1 and 2 are the highest built
    s.archers = [(0,), (), (1,)]
    s.behind = [((2, 0), (2, 0)), ((0, 0),), ((0, 0), (1, 0))]
    s.res = [(0, 0, 5, 0), (0, 0, 5, 0), (0, 0, 3, 0)]
    s.forts_built = [3, 2, 4]
    since = len(s.events)
    fresh(g).apply(passive(g))                           # the last donation: nothing
    assert g.is_over
    # Zhaoyao Jing (retail): 3 Honor per soldier at the highest sections: seats 0 and 2 have 2 there
    # Golden Rat Paperweight: most Gold, 8; seats 0 and 1 tie, seat 1 is higher on the Tea track
    # Sticky Rice Mortar: 6 for at least 3 Fortifications built
    assert g.scores == [20 + 6 + 6, 20 + 8, 20 + 6 + 6]
    assert all("GW-END-01" in e.rules for e in events(g, "ev.gain", since))
    assert g.winners == [0]                              # 32 each; seat 0 is above seat 2 on the Tea track


@pytest.mark.rule("RAT-04", "D17", "GW-END-01")
def test_the_jade_rat_artifact_scores_at_most_8_honor():
    g = final_position(("jade_zodiac_rat",))
    g.state.tactics = [("t",) * 5, ("t",) * 3, ()]
    fresh(g).apply(passive(g))
    assert g.scores == [20 + 8, 20 + 6, 20]


# ---- RAT-10: Gold where the Rat is ---------------------------------------------------------------------------


@pytest.mark.rule("RAT-10", "GW-ACTIVATE-01", "GW-PROD-02")
@pytest.mark.parametrize("where, gold", [("quarry", [1, 1, 0]), ("temple", [0, 0, 0])])
def test_when_the_rats_location_activates_each_player_there_gains_one_gold(where, gold):
    """1 Gold per player with Clerks there, not per Clerk; nothing when the Rat is elsewhere."""
    g = rat_winter(where=where)
    place(g, "quarry", 1, 1)                              # seat 1: 2 Clerks on the Quarry (3 slots)
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", "quarry")                        # seat 0 fills it
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    while g.decision == "overseer":
        g.apply("skip")
    assert [e.params["location"] for e in events(g, "ev.activate", since)] == ["quarry"]
    assert [r[2] for r in g.state.res] == gold
    assert [r[1] for r in g.state.res] == [1, 2, 0]      # the Quarry's own effect is unchanged
    assert rat_gold(g, since) == ([0, 1] if where == "quarry" else [])
    assert rat(g)["location"] == where                     # the Rat stays where it is


@pytest.mark.rule("RAT-10", "GW-ACTIVATE-07")
def test_rat_gold_goes_to_the_players_there_in_tea_order():
    g = rat_winter(where="quarry")
    g.state.tea = [2, 0, 1]
    place(g, "quarry", 0, 1)
    commit(g, "despotism", "despotism", "haste")   # seat 2, top of the Tea track, resolves first
    since = len(g.state.events)
    move(g, 2, "supply", "quarry")
    advance(g, lambda x: x.decision == "command" or x.state.season != "winter")
    assert rat_gold(g, since) == [2, 0, 1]


@pytest.mark.rule("RAT-10", "GW-ACTIVATE-03")
def test_an_advanced_activation_of_the_rats_location_also_pays_gold():
    g = rat_winter(where="quarry")
    place(g, "quarry", 0)
    g.state.advisors[0] = ("li_jie",)                     # move up to 1 Clerk, advanced-activate the Quarry
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    act(g, 0, "advisor", "advisor:li_jie")
    act(g, 0, "clerk_from", "done")
    act(g, 0, "advanced", "activate:quarry")
    act(g, 0, "overseer", "skip")
    assert rat_gold(g, since) == [0]
    assert g.state.res[0] == (0, 2, 1, 0)                 # 1 Stone from the Quarry, 1 from Li Jie, 1 Gold


@pytest.mark.rule("RAT-10", "GW-ACTIVATE-05")
def test_a_green_location_with_the_rat_pays_gold_to_a_single_clerk():
    g = rat_winter(where="engineer_workshop")
    commit(g, "haste", "despotism", "despotism")
    since = len(g.state.events)
    move(g, 0, "supply", "engineer_workshop")             # green: activates with one Clerk
    act(g, 0, "clerk_from", "done")
    act(g, 1, "bottom", "skip")
    act(g, 2, "bottom", "skip")
    assert "engineer_workshop" in [e.params["location"] for e in events(g, "ev.activate", since)]
    assert rat_gold(g, since) == [0] and g.state.res[0][2] == 1


# ---- RAT-13: a new Rat card each year (ruling D21: the start of Winter) ------------------------------------


@pytest.mark.rule("RAT-13", "D21", "GW-COMMAND-04")
def test_a_new_rat_card_is_revealed_on_top_at_the_start_of_winter_from_year_two():
    g = placed(seed=8)
    advance(g, "command")
    assert g.state.year == 1 and len(rat(g)["shown"]) == 1          # year 1 uses the setup card
    assert not [e for e in events(g, "ev.rat.card") if "RAT-13" in e.rules]
    for year in (2, 3):
        before_year = rat(g)
        advance(g, lambda x: x.state.year == year and x.decision == "command")
        after = rat(g)
        assert after["shown"] == before_year["shown"] + (before_year["deck"][0],)   # on top of the pile
        assert after["deck"] == before_year["deck"][1:]
        assert len(after["shown"]) == year
        keys = [e.key for e in g.state.events]
        year_at = max(i for i, e in enumerate(g.state.events) if e.key == "ev.year" and e.params["year"] == year)
        new_card = [i for i, e in enumerate(g.state.events) if e.key == "ev.rat.card" and "RAT-13" in e.rules][-1]
        winter = max(i for i, k in enumerate(keys) if k == "ev.winter")
        assert year_at < winter < new_card                          # D21: when the hand is restored ...
        assert "ev.committed" not in keys[new_card:]                # ... before the first Command choice
        assert g.state.events[new_card].params["card"] == after["shown"][-1]
        assert g.view(1)["rat"]["cards"] == list(after["shown"])


# ---- RAT-12/14: moving the Rat at the end of Winter ------------------------------------------------------


@pytest.mark.rule("RAT-12", "RAT-11", "GW-COMMAND-11", "GW-SPRING-01")
def test_at_the_end_of_winter_the_player_meeting_the_card_must_move_the_rat():
    g = end_of_winter()
    set_rat(g, shown=("rats_in_the_treasury",), location="quarry")   # the most Gold moves the Rat
    g.state.res = [(0, 0, 2, 0), (0, 0, 1, 0), (0, 0, 7, 0)]
    fresh(g)
    since = len(g.state.events)
    g.apply(passive(g))
    assert (g.decision, g.to_play, g.state.season) == ("rat_place", 2, "winter")
    keys = [e.key for e in g.state.events[since:]]
    assert keys.index("ev.winter_end") < keys.index("ev.rat.mover") and "ev.spring" not in keys
    mover = events(g, "ev.rat.mover", since)[0]
    assert mover.params == {"seat": 2, "card": "rats_in_the_treasury"} and "RAT-12" in mover.rules
    legal = g.legal_action_ids()
    assert "rat:quarry" not in legal and len(legal) == len(LOC_ORDER) - 1   # must move: a new Location
    assert not {"skip", "pass", "done", "none"} & set(legal)
    g.apply("rat:barracks")
    assert rat(g)["location"] == "barracks"
    assert {"RAT-12", "RAT-14"} <= set(events(g, "ev.rat.place", since)[0].rules)
    assert "ev.spring" in [e.key for e in g.state.events[since:]]              # then Spring begins
    assert g.state.season != "winter"


@pytest.mark.rule("RAT-12", "D16")
@pytest.mark.parametrize("tea, mover", [([0, 1, 2], 0), ([2, 1, 0], 2), ([1, 2, 0], 2), ([1, 0, 2], 0)])
def test_a_tie_goes_to_the_tied_player_highest_on_the_tea_track(tea, mover):
    g = end_of_winter(seed=2)
    set_rat(g, shown=("rats_in_the_treasury",))
    g.state.res = [(0, 0, 4, 0), (0, 0, 1, 0), (0, 0, 4, 0)]
    g.state.tea = list(tea)
    fresh(g).apply(passive(g))
    assert (g.decision, g.to_play) == ("rat_place", mover)


@pytest.mark.rule("RAT-11", "RAT-12")
@pytest.mark.parametrize("card, edit", [
    ("rats_in_the_treasury", lambda s: s.res.__setitem__(1, (0, 0, 9, 0))),
    ("rats_in_the_alleys", lambda s: s.honor.__setitem__(1, 3)),
    ("rats_in_the_offices", lambda s: (s.clerks_on.__setitem__("academy", (1, 1)),
                                       s.clerks.__setitem__(1, s.clerks[1] - 2))),
    ("rats_on_the_ramparts", lambda s: s.behind.__setitem__(0, s.behind[0] + ((1, 0),) * 9)),
    ("rats_at_court", lambda s: s.advisors.__setitem__(1, tuple(s.advisor_deck[:6]))),
])
def test_each_rat_card_names_who_moves_the_rat(card, edit):
    g = end_of_winter(seed=3)
    s = g.state
    s.res = [(0, 0, 1, 0)] * 3
    s.honor = [20, 20, 20]
    s.advisors = [(), (), ()]
    s.archers, s.behind = [()] * BOARD.sections, [()] * BOARD.sections
    set_rat(g, shown=(card,))
    edit(s)
    fresh(g).apply(passive(g))
    assert (g.decision, g.to_play) == ("rat_place", 1), card
    assert events(g, "ev.rat.mover")[-1].params == {"seat": 1, "card": card}


@pytest.mark.rule("RAT-14", "RAT-13", "RAT-12")
@pytest.mark.parametrize("shown, mover", [
    (("rats_in_the_treasury", "rats_in_the_alleys"), 1),     # the newest card (least Honor) decides
    (("rats_in_the_alleys", "rats_in_the_treasury"), 0),     # the newest card (most Gold) decides
])
def test_only_the_newest_rat_cards_condition_counts(shown, mover):
    g = end_of_winter(year=2, seed=4)
    s = g.state
    s.res = [(0, 0, 9, 0), (0, 0, 0, 0), (0, 0, 1, 0)]       # seat 0 has the most Gold
    s.honor = [30, 10, 20]                                    # seat 1 has the least Honor
    set_rat(g, shown=shown)
    fresh(g).apply(passive(g))
    assert (g.decision, g.to_play) == ("rat_place", mover)
    assert events(g, "ev.rat.mover")[-1].params["card"] == shown[-1]


@pytest.mark.rule("RAT-12", "RAT-13", "D21")
def test_the_rat_moves_once_at_the_end_of_every_winter():
    g = placed(seed=6)
    advance(g, lambda x: x.is_over)
    movers = events(g, "ev.rat.mover")
    assert len(movers) == 3
    keys = [e.key for e in g.state.events]
    ends = [i for i, k in enumerate(keys) if k == "ev.winter_end"]
    springs = [i for i, k in enumerate(keys) if k == "ev.spring"]
    mover_at = [i for i, k in enumerate(keys) if k == "ev.rat.mover"]
    assert all(e < m < s for e, m, s in zip(ends, mover_at, springs))
    places = events(g, "ev.rat.place")
    assert len(places) == 4                                   # setup + 3 moves
    locations = [p.params["location"] for p in places]
    assert all(a != b for a, b in zip(locations, locations[1:]))


# ---- RAT-01: in every player count and mode that exists ------------------------------------------------


@pytest.mark.rule("RAT-01", "RAT-10", "RAT-12", "RAT-13")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_rat_game_plays_to_the_end_and_replays(players):
    g = rat_game(players, seed=players)
    bots = [make_agent("random", seed=s) for s in range(players)]
    while not g.is_over:
        g.apply(choose(bots[g.to_play], g))
    assert len(events(g, "ev.rat.mover")) == 3 and len(rat(g)["shown"]) == 3
    again = boardlab.load(g.save())
    assert again.state_hash() == g.state_hash() and again.modules == g.modules == ("rat",)
    assert rat(again) == rat(g)


# ---- hidden information ---------------------------------------------------------------------------------


@pytest.mark.rule("RAT-06", "RAT-07", "RAT-13")
def test_the_rat_deck_order_is_hidden_from_every_seat():
    g = placed(seed=9, where="academy")
    checkpoints = [g.clone()]
    advance(g, lambda x: x.state.year == 2 and x.decision == "command")
    checkpoints.append(g.clone())
    advance(g, winter_move)
    checkpoints.append(g.clone())
    for c in checkpoints:
        r = rat(c)
        unseen = set(r["deck"]) - set(r["shown"])
        assert unseen
        for seat in (0, 1, 2, None):
            view = c.view(seat)
            assert view["decks"].get("hidden") is True                   # every deck, the Rat's too
            assert view["rat"] == {"location": r["location"], "cards": list(r["shown"])}   # public
            assert hidden_paths(view, c.rules.zones, seat) == []
            assert not unseen & strings(view), (seat, unseen & strings(view))


@pytest.mark.rule("RAT-06")
def test_resampling_for_a_bot_reshuffles_the_rat_deck_but_keeps_what_the_seat_sees():
    g = placed(seed=10, where="temple")
    advance(g, lambda x: x.state.year == 2 and x.decision == "command")
    seat = g.to_play
    orders = set()
    for k in range(12):
        twin = g.clone()
        twin.rules.resample_hidden(twin.state, seat, Stream(k))
        assert twin.view(seat) == g.view(seat)
        r, t = rat(g), rat(twin)
        assert t["shown"] == r["shown"] and t["location"] == r["location"]
        assert sorted(t["deck"]) == sorted(r["deck"])
        orders.add(t["deck"])
    assert len(orders) > 1


# ---- formerly known defects, now fixed --------------------------------------------------------------


@pytest.mark.rule("RAT-10", "RAT-12", "RAT-13")
def test_every_rule_a_rat_game_cites_has_a_text_in_every_language():
    g = rat_game(3, seed=7)
    bots = [make_agent("random", seed=s) for s in range(3)]
    while not g.is_over:
        g.apply(choose(bots[g.to_play], g))
    rules = ruleset("greatwall")
    cited = {r for e in g.events for r in e.rules}
    assert {"RAT-10", "RAT-12", "RAT-13"} & cited
    missing = sorted((rid, lang) for rid in cited for lang in LANGS if not rules.rule_text(rid, lang))
    assert missing == []


@pytest.mark.rule("RAT-07", "RAT-08")
def test_the_terminal_view_shows_the_rat_and_its_card():
    g = placed(seed=11, where="war_room")
    advance(g, "command")
    text = g.rules.render_text(g.view(0), "en")
    card = rat(g)["shown"][-1]
    assert "War Room" in text and "Rat" in text
    assert RAT_CARDS[card].names.en in text
