"""The Great Wall: the 5-player mode (FIVE-01..FIVE-10 of shared/rules/greatwall-stretch.yaml).

The 5-player mode is seed 000's (written against the retail rulebook); boardlab layers it on seed 004
through the rulings in shared/rules/greatwall-rulings.md, so several FIVE clauses are tested through
the ruling that replaces them:

- FIVE-02 (the main board's 4-5 side): 004 flips the Post Office board instead (GW-SETUP-04,
  GWA-SETUP-04), ruling D5; every other Location is as with 4 players.
- FIVE-03/FIVE-04 (Time marker on the 2nd space, at most 4 years): ruling D1, 3 years for every
  player count under 004.
- FIVE-05/FIVE-06 (3 + 2 Horde cards at setup, by invasion indicator): rulings D8/D9 (no Hordes at
  setup, the first invasion is Autumn of year 1, filled left to right, row 1 first) and D5 (5 Horde
  cards in the first invasion).
- FIVE-08 (deal 2 Generals): D7 (deal 2, keep 1); FIVE-09 (deal 2 Advisors): D6 (004's deal of 4).
- FIVE-10 (4 Clerks on the board's Clerk spaces): GWA-FIVE-01 (4 at the Post Office, 3/4/4/5 Gold).

Seat 4 is the white clan, which exists only in 5-player games.
"""
from __future__ import annotations

import pytest

import boardlab
from boardlab.agents import choose, make_agent
from boardlab.core.visibility import hidden_paths
from boardlab.games.greatwall.data_tables import (ADVISORS, BOARD, CLAN_CARDS, CLANS, GENERALS, HORDES, LOCS,
                                                  TACTICS, in_play)
from greatwall_helpers import advance, events, fresh, new

FIVE = ("base", "five")


def five_cards(table: dict) -> set[str]:
    return {c for c, card in table.items() if card.set == "five"}


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


def play_out(g, bot: str = "random"):
    bots = [make_agent(bot, seed=s) for s in range(g.players)]
    while not g.is_over:
        g.apply(choose(bots[g.to_play], g))
    return g


# ---- FIVE-01: plays like 4 players, plus a fifth clan ------------------------------------------------


@pytest.mark.rule("FIVE-01", "D5", "GW-COMP-01", "GW-SETUP-13")
def test_five_players_each_get_a_full_clan_the_fifth_is_white():
    g = new(5, seed=4)
    s = g.state
    assert [CLANS[seat].id for seat in range(5)] == ["red", "yellow", "blue", "black", "white"]
    assert g.view(4)["players"][4]["clan"] == "white"
    # the 5th player's components are those of any clan: 8 Clerks, 10 Spearmen, 4 Archers, 2 Horsemen
    assert [c + p for c, p in zip(s.clerks, s.post_clerks)] == [8] * 5
    assert s.soldiers == [(10, 4, 2)] * 5
    assert sorted(s.tea) == [0, 1, 2, 3, 4] and s.leader == s.tea     # markers numbered at random (GWA-TRACK-01)
    assert len(CLAN_CARDS["white"]) == 6


@pytest.mark.rule("FIVE-01", "D5", "GWA-COMMAND-01")
def test_the_white_clan_commands_with_its_own_six_cards():
    g = new(5, seed=6)
    advance(g, "command")
    s = g.state
    assert s.season == "winter"
    for seat in range(5):
        own = CLAN_CARDS[CLANS[seat].id]
        assert len(s.cmd_hand[seat]) == 3 and sorted(s.cmd_hand[seat] + s.cmd_deck[seat]) == sorted(own)
    while g.decision == "command":                     # all five commit, the white clan last
        g.apply(g.legal_action_ids()[0])
    revealed = {e.params["seat"]: e.params["card"] for e in events(g, "ev.reveal_command")}
    assert set(revealed) == {0, 1, 2, 3, 4} and revealed[4] in CLAN_CARDS["white"]


@pytest.mark.rule("FIVE-01", "D5")
@pytest.mark.parametrize("seed", [1, 2])
def test_a_five_player_game_plays_to_the_end(seed):
    g = play_out(boardlab.new_game("greatwall", 5, seed=seed))
    assert g.is_over and len(g.scores) == 5 and len(g.winners) == 1
    assert {e.params["seat"] for e in events(g, "ev.reveal_command")} == {0, 1, 2, 3, 4}
    again = boardlab.load(g.save())                    # and replays exactly
    assert again.state_hash() == g.state_hash()


# ---- FIVE-02: the board (004: the Post Office's back side) -----------------------------------------------


@pytest.mark.rule("FIVE-02", "D5", "GW-SETUP-04", "GWA-SETUP-04")
def test_the_five_player_board_is_the_four_player_board_with_a_bigger_post_office():
    five, four = new(5).view(0)["locations"], new(4).view(0)["locations"]
    assert set(five) == set(four) == {loc for loc, spec in LOCS.items() if spec.scenario is None}  # D24
    for loc in five:
        extra = 1 if loc == "post_office" else 0
        assert five[loc]["slots"] == four[loc]["slots"] + extra, loc
        assert five[loc]["kind"] == four[loc]["kind"]
    assert five["post_office"]["slots"] == 3


# ---- FIVE-03/04: the length of the game (ruling D1) --------------------------------------------------------


@pytest.mark.rule("FIVE-03", "FIVE-04", "D1", "GW-STRUCT-01")
@pytest.mark.parametrize("players", [4, 5])
def test_a_five_player_game_lasts_three_years_like_every_other(players):
    """FIVE-03/04 shorten the retail time track by a year; under 004 the game is 3 years for every
    player count (D1), so 5 players play exactly as long as 4."""
    g = new(players, seed=2)
    advance(g, lambda x: x.is_over)
    years = [e.params["year"] for e in events(g, "ev.year")]
    assert years == [1, 2, 3]
    assert g.state.year == 3 and BOARD.years == 3
    keys = [e.key for e in g.state.events]
    final = keys.index("ev.final")
    assert "ev.spring_end" in keys[:final] and keys[final:].count("ev.year") == 0
    assert len([k for k in keys if k == "ev.winter"]) == 3


# ---- FIVE-05/06: Hordes (rulings D8/D9 and D5) -------------------------------------------------------------


@pytest.mark.rule("FIVE-05", "FIVE-06", "D5", "D8", "D9", "GW-SETUP-24", "GW-AUTUMN-05", "GW-AUTUMN-06")
def test_no_hordes_at_setup_and_five_in_the_first_invasion_left_to_right():
    g = new(5, seed=9)
    s = g.state
    assert g.decision == "general" and s.hordes == [None] * 9       # D8: nothing placed at setup
    # the next 5 cards all carry the invasion indicator "section 3" on their backs; D9: ignored for
    # placement, the slots fill left to right, row 1 before row 2
    back3 = [h for h in in_play(HORDES, FIVE) if HORDES[h].invasion == 2]
    assert back3
    top = [back3[k % len(back3)] for k in range(5)]
    for card in top:
        s.horde_deck.remove(card)
    s.horde_deck.extend(reversed(top))                              # drawn from the end
    size = len(s.horde_deck)
    fresh(g)
    since = len(s.events)
    advance(g, "command")
    placed = [(e.params["card"], e.params["section"], e.params["row"]) for e in events(g, "ev.horde", since)]
    assert placed == [(top[0], 0, 0), (top[1], 1, 0), (top[2], 2, 0), (top[3], 0, 1), (top[4], 1, 1)]
    assert len(g.state.horde_deck) == size - 5
    assert [h is not None for h in g.state.hordes] == [True, True, False, True, True, False, True, False, False]
    assert all({"GW-AUTUMN-05", "GW-AUTUMN-06"} <= set(e.rules) for e in events(g, "ev.horde", since))


@pytest.mark.rule("FIVE-05", "D5", "GW-AUTUMN-05")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_first_invasion_draws_one_horde_card_per_player(players):
    g = new(players, seed=3)
    advance(g, "command")
    assert sum(h is not None for h in g.state.hordes) == players
    assert len(events(g, "ev.horde")) == players


# ---- FIVE-07..09: the 5th-player cards join the pools ---------------------------------------------------


@pytest.mark.rule("FIVE-07", "GW-SETUP-07")
def test_five_player_tactics_are_shuffled_into_the_tactic_deck():
    five, four = new(5, seed=1).state, new(4, seed=1).state
    assert five_cards(TACTICS) and len(five_cards(TACTICS)) == 4
    expected = sorted(t for t in in_play(TACTICS, FIVE) for _ in range(TACTICS[t].copies))
    assert sorted(five.tactic_deck) == expected and len(expected) == 24
    assert not five_cards(TACTICS) & set(four.tactic_deck)
    positions = {t: [] for t in five_cards(TACTICS)}   # shuffled in, not stacked on top or bottom
    for seed in range(1, 25):
        deck = new(5, seed=seed).state.tactic_deck
        for t in positions:
            positions[t].append(deck.index(t))
    assert all(len(set(p)) > 5 for p in positions.values())


@pytest.mark.rule("FIVE-08", "D7", "GW-SETUP-09", "GW-SETUP-10")
def test_five_player_generals_are_shuffled_in_deal_two_keep_one():
    offered = set()
    for seed in range(1, 40):
        s = new(5, seed=seed).state
        offers = [g for pair in s.general_offer for g in pair]
        assert all(len(pair) == 2 for pair in s.general_offer)
        assert len(offers) == 10 and len(set(offers)) == 10 and set(offers) <= set(in_play(GENERALS, FIVE))
        offered |= set(offers)
        four = new(4, seed=seed).state
        assert not five_cards(GENERALS) & {g for pair in four.general_offer for g in pair}
    assert five_cards(GENERALS) <= offered and len(five_cards(GENERALS)) == 4


@pytest.mark.rule("FIVE-08", "D7", "GW-SETUP-10")
def test_a_kept_five_player_general_gives_its_setup_bonus_and_income():
    g = new(5, seed=5)
    for seat in range(5):
        g.state.general_offer[seat] = ("zong_ze", "fan_zhongyan")
    fresh(g)
    while g.decision == "general":
        g.apply("general:zong_ze")
    s = g.state
    assert s.general == ["zong_ze"] * 5
    zong = GENERALS["zong_ze"]
    # 1 of each (5 players) + setup bonus (1 Stone, 1 Gold) + Autumn income (1 Wood, 1 Stone, 1 Chi)
    assert zong.start == {"stone": 1, "gold": 1} and zong.income == {"wood": 1, "stone": 1, "chi": 1}
    assert s.res == [(2, 3, 2, 2)] * 5
    assert [len(t) for t in s.tactics] == [1] * 5


@pytest.mark.rule("FIVE-09", "D6", "GW-SETUP-11", "GW-SETUP-12")
def test_five_player_advisors_join_the_pool_and_four_are_dealt_to_each():
    seen = set()
    for seed in range(1, 20):
        s = new(5, seed=seed).state
        assert [len(h) for h in s.advisors] == [4] * 5           # D6: 004's deal of 4, not 000's 2
        assert len(s.advisor_track) == 6
        every = [a for h in s.advisors for a in h] + s.advisor_track + s.advisor_deck
        assert sorted(every) == in_play(ADVISORS, FIVE)
        seen |= {a for h in s.advisors for a in h} | set(s.advisor_track)
        four = new(4, seed=seed).state
        assert not five_cards(ADVISORS) & set([a for h in four.advisors for a in h] + four.advisor_track
                                              + four.advisor_deck)
    assert five_cards(ADVISORS) <= seen


# ---- FIVE-10: Clerks (GWA-FIVE-01) and starting resources (D5) ---------------------------------------------


@pytest.mark.rule("FIVE-10", "GWA-FIVE-01", "D5", "GW-SETUP-14")
def test_four_clerks_in_supply_and_four_waiting_at_the_post_office():
    s = new(5, seed=2).state
    assert s.clerks == [4] * 5 and s.post_clerks == [4] * 5
    view = new(5, seed=2).view(3)
    assert all(p["clerks"] == 4 and p["post_clerks"] == 4 for p in view["players"])


@pytest.mark.rule("FIVE-10", "GWA-FIVE-01", "GW-POST-05")
def test_the_four_post_office_clerks_cost_3_4_4_5_gold():
    g = new(5, seed=5)
    advance(g, "clerk_from")
    seat = g.to_play
    g.state.clerks[seat] -= 4
    g.state.clerks_on["post_office"] = (seat,) * 4                  # 4 Clerks: 4 Post Office actions
    g.state.res[seat] = (0, 0, 12, 0)                                # Gold to buy with
    for other in range(5):
        g.state.advisors[other] = ()
    fresh(g).apply("done")
    advance(g, lambda x: x.decision == "post")
    assert g.to_play == seat
    paid = []
    for _ in range(4):
        assert g.decision == "post" and g.to_play == seat
        g.state.res[seat] = (0, 0, 12, 0)
        fresh(g).apply("clerk")
        paid.append(12 - g.state.res[seat][2])
    assert paid == [3, 4, 4, 5]
    assert g.state.post_clerks[seat] == 0


@pytest.mark.rule("D5", "GW-SETUP-19", "FIVE-01")
@pytest.mark.parametrize("players, each", [(4, 2), (5, 1)])
def test_five_players_start_with_one_of_each_resource(players, each):
    assert new(players, seed=8).state.res == [(each,) * 4] * players


# ---- hidden information with five seats -------------------------------------------------------------------


@pytest.mark.rule("GW-SETUP-10", "GW-SETUP-11")
def test_the_fifth_seats_hand_is_hidden_from_the_other_four():
    g = new(5, seed=12)
    s = g.state
    for seat in range(4):
        view = g.view(seat)
        white = view["players"][4]
        assert white["advisors"] == {"hidden": True, "count": 4}
        assert white["general_offer"] == {"hidden": True, "count": 2}
        assert hidden_paths(view, g.rules.zones, seat) == []
        private = set(s.advisors[4]) | set(s.general_offer[4])
        mine = set(s.advisors[seat]) | set(s.general_offer[seat])
        assert not (private - mine) & strings({k: v for k, v in view.items() if k != "legal_actions"})
    assert g.view(4)["players"][4]["advisors"] == list(s.advisors[4])
    g.apply(g.legal_action_ids()[0])                                # seat 0 keeps a General, in secret
    assert g.view(4)["commits"]["0"] == {"hidden": True}
    assert g.view(None)["players"][4]["advisors"] == {"hidden": True, "count": 4}


@pytest.mark.rule("FIVE-07", "FIVE-08", "FIVE-09", "D5")
def test_the_fifth_player_cards_work_in_play():
    """Seats hold 5th-player content (Generals, Advisors, Tactics); the game plays to the end."""
    g = new(5, seed=21)
    gens, advisors, tactics = sorted(five_cards(GENERALS)), sorted(five_cards(ADVISORS)), sorted(five_cards(TACTICS))
    for seat in range(5):
        g.state.general_offer[seat] = (gens[seat % 4], "fan_zhongyan" if seat == 4 else gens[(seat + 1) % 4])
    fresh(g)
    while g.decision == "general":
        g.apply(g.legal_action_ids()[0])
    s = g.state
    assert set(s.general[:4]) == set(gens)
    for seat in range(4):                      # each of seats 0-3 gets one 5th-player Advisor and Tactic
        for pool in ("advisor_deck", "advisor_track"):
            setattr(s, pool, [a for a in getattr(s, pool) if a != advisors[seat]])
        s.advisors = [tuple(a for a in hand if a != advisors[seat]) for hand in s.advisors]
        s.tactic_deck = [t for t in s.tactic_deck if t != tactics[seat]]
        s.tactics = [tuple(t for t in hand if t != tactics[seat]) for hand in s.tactics]
        s.advisors[seat] = (advisors[seat],) + s.advisors[seat][:3]
        s.tactics[seat] = s.tactics[seat] + (tactics[seat],)
    fresh(g)
    play_out(g)
    assert g.is_over and len(g.scores) == 5


@pytest.mark.rule("FIVE-08", "FIVE-09", "GW-SETUP-10")
@pytest.mark.parametrize("until", ["general", "command"])
def test_a_bot_sample_of_a_five_player_game_keeps_exactly_what_the_seat_sees(until):
    """Bots decide on samples of the hidden cards; a sample redraws the other seats' 5th-player cards
    too, and never changes the deciding seat's view."""
    from boardlab.core.rng import Stream
    g = new(5, seed=14)
    advance(g, until)
    g.apply(g.legal_action_ids()[0])                 # seat 0 has committed in secret
    seat = g.to_play
    hashes = set()
    for k in range(6):
        twin = g.clone()
        twin.rules.resample_hidden(twin.state, seat, Stream(k))
        assert twin.view(seat) == g.view(seat)
        hashes.add(twin.state_hash())
    assert len(hashes) > 1 and g.state_hash() not in hashes
