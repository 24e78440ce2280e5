"""The Great Wall: setup (3-5 players), the year and its seasons, Autumn income and invasion,
final scoring (GW-INTRO-*, GW-STRUCT-*, GW-COMP-*, GW-YEAR-*, GW-SETUP-*, GW-AUTUMN-*, GW-END-*).

Positions are reached by play with the passive policy of greatwall_helpers, then edited for
precision (always followed by `fresh`). `before(g, pred)` stops at the last decision after which
`pred` becomes true, so a test can edit the state just before a phase runs (e.g. the Autumn of
year 2, or final scoring).
"""
from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.core.errors import ConfigError
from boardlab.core.visibility import redact
from boardlab.games.greatwall.data_tables import ADVISORS, ARTIFACTS, CLANS, GENERALS, HORDES, TACTICS, in_play
from boardlab.games.greatwall.state import ARCHER, SPEARMAN

from greatwall_helpers import advance, events, fresh, horde, new, passive, put_horde, season_is, set_res

NEUTRAL = "xu_da"  # a General whose ability (on build) never fires in these scenarios


def before(g, pred, policy=passive, limit: int = 5000):
    """Advance to the last decision after which `pred` holds (that decision not yet taken)."""
    for _ in range(limit):
        if g.is_over:
            raise AssertionError("game over before the predicate held")
        probe = g.clone()
        probe.apply(policy(probe))
        if pred(probe):
            return g
        g.apply(policy(g))
    raise AssertionError("predicate never held")


def pick_generals(g, picks: dict[int, str] | None = None):
    """Answer the setup General decisions: the given pick per seat, else the first offered."""
    picks = picks or {}
    while g.decision == "general":
        seat = g.to_play
        g.apply(f"general:{picks[seat]}" if seat in picks else g.legal_action_ids()[0])
    return g


def offer(g, offers: dict[int, tuple[str, str]]):
    """Replace the dealt Generals (only while nobody has chosen yet)."""
    for seat, pair in offers.items():
        g.state.general_offer[seat] = pair
    return fresh(g)


def strings(x) -> set[str]:
    """Every string (keys and values) in a JSON-like structure."""
    out: set[str] = set()
    if isinstance(x, dict):
        for k, v in x.items():
            out.add(str(k))
            out |= strings(v)
    elif isinstance(x, list):
        for v in x:
            out |= strings(v)
    elif isinstance(x, str):
        out.add(x)
    return out


def honor_gains(g, seat: int, rule: str, since: int = 0) -> list[dict]:
    return [e.params["what"] for e in events(g, "ev.gain", since) if e.params["seat"] == seat and rule in e.rules]


# ---- player count --------------------------------------------------------------------------------------


@pytest.mark.rule("GW-SETUP-01", "GW-TWOP-01")
def test_player_counts_two_to_five_only():
    for n in (1, 6):
        with pytest.raises(ConfigError):
            boardlab.new_game("greatwall", n, seed=1)
    for n in (2, 3, 4, 5):
        g = boardlab.new_game("greatwall", n, seed=1)
        assert len(g.state.honor) == n and g.decision == "general"


# ---- setup per player count ---------------------------------------------------------------------------


@pytest.mark.rule("GW-SETUP-13", "GW-COMP-01", "GW-SETUP-14", "GW-SETUP-15", "GW-SETUP-16", "GW-SETUP-18",
                  "GW-SETUP-23", "GWA-SETUP-03")
@pytest.mark.parametrize("players,supply,post,res", [
    (3, 6, 2, (2, 2, 2, 2)),
    (4, 5, 3, (2, 2, 2, 2)),
    (5, 4, 4, (1, 1, 1, 1)),  # the 5-player mode: GWA-FIVE-01 (ruling D5, FIVE-10)
])
def test_player_setup_per_count(players, supply, post, res):
    g = new(players, seed=7)
    s = g.state
    assert s.res == [res] * players                   # GW-SETUP-18 / -19 (before the General's bonus)
    assert s.honor == [15] * players                  # GW-SETUP-23
    assert s.clerks == [supply] * players             # GW-SETUP-14/16: 8 minus those at the Post Office
    assert s.post_clerks == [post] * players
    assert all(c + p == 8 for c, p in zip(s.clerks, s.post_clerks))   # GW-COMP-01: 8 Clerks per race
    assert s.soldiers == [(10, 4, 2)] * players       # 10 Spearmen, 4 Archers, 2 Horsemen
    assert g.scores == [15] * players


@pytest.mark.rule("GW-SETUP-19")
def test_five_players_start_with_one_of_each_resource_after_general_bonus():
    g = new(5, seed=3)
    offer(g, {seat: (NEUTRAL, "fan_zhongyan") for seat in range(5)})
    pick_generals(g, {seat: "fan_zhongyan" for seat in range(5)})  # no start bonus, income 1 Wood 2 Gold
    assert g.state.season == "winter"
    # 1 of each at setup + Autumn income of year 1 (1 Wood, 2 Gold)
    assert g.state.res == [(2, 1, 3, 1)] * 5


@pytest.mark.rule("GW-COMP-01", "GW-SETUP-13")
def test_each_player_has_their_own_race():
    for n in (3, 4, 5):
        clans = [CLANS[s].id for s in range(new(n, seed=2).state.players)]
        assert len(set(clans)) == n
    assert [c.id for c in CLANS[:4]] == ["red", "yellow", "blue", "black"]  # the four base races


@pytest.mark.rule("GW-SETUP-15", "GW-SETUP-16", "GW-SETUP-17", "GWA-SETUP-03")
def test_three_players_clerk_prices_are_4_then_5_gold():
    g = _post_office(new(3, seed=5), clerks=2)
    seat = g.to_play
    set_res(g, seat, gold=3)
    assert "clerk" not in g.legal_action_ids()        # the 3-Gold column is not used with 3 players
    set_res(g, seat, gold=9)
    assert "clerk" in g.legal_action_ids()
    g.apply("clerk")
    assert g.state.res[seat][2] == 5 and g.state.post_clerks[seat] == 1 and g.state.clerks[seat] == 6 - 2 + 1
    assert g.decision == "post" and g.to_play == seat
    set_res(g, seat, gold=4)
    assert "clerk" not in g.legal_action_ids()        # the last one costs 5
    set_res(g, seat, gold=5)
    g.apply("clerk")
    assert g.state.res[seat][2] == 0 and g.state.post_clerks[seat] == 0


@pytest.mark.rule("GW-SETUP-14", "GW-SETUP-17", "GWA-SETUP-03", "GWA-FIVE-01", "FIVE-10")
@pytest.mark.parametrize("players, prices", [(4, [3, 4, 5]), (5, [3, 4, 4, 5])])
def test_four_and_five_players_clerk_prices(players, prices):
    g = _post_office(new(players, seed=5), clerks=len(prices))
    seat = g.to_play
    paid = []
    for _ in prices:
        assert g.decision == "post" and g.to_play == seat
        set_res(g, seat, gold=12)
        g.apply("clerk")
        paid.append(12 - g.state.res[seat][2])
    assert paid == prices
    owned = g.state.clerks[seat] + sum(on.count(seat) for on in g.state.clerks_on.values())
    assert g.state.post_clerks[seat] == 0 and owned == 8


def _post_office(g, clerks: int):
    """The first Command resolution of year 1: the current player puts `clerks` Clerks on the
    Post Office (edited in), then the Post Office activates for them."""
    advance(g, "clerk_from")
    seat = g.to_play
    g.state.clerks[seat] -= clerks
    g.state.clerks_on["post_office"] = (seat,) * clerks
    g.state.res[seat] = (0, 0, 12, 0)       # Gold to buy with
    for other in range(g.players):
        g.state.advisors[other] = ()        # no Advisor decisions on the way
    fresh(g).apply("done")
    advance(g, lambda g: g.decision == "post")
    assert g.to_play == seat
    return g


@pytest.mark.rule("GW-SETUP-04", "GWA-SETUP-04", "GW-SETUP-03")
def test_five_players_post_office_back_side_has_one_more_slot():
    assert new(5).view(0)["locations"]["post_office"]["slots"] == 3
    assert new(4).view(0)["locations"]["post_office"]["slots"] == 2
    assert new(3).view(0)["locations"]["post_office"]["kind"] == "green"


@pytest.mark.rule("GW-SETUP-02", "GW-SETUP-05", "GW-SETUP-06", "GW-SETUP-24", "GW-SETUP-25", "GWA-BOARD-03",
                  "GWA-AUTUMN-02")
def test_board_at_setup_no_hordes_wall_level_zero():
    g = new(4, seed=11)
    s = g.state
    assert s.hordes == [None] * 9                      # Horde cards wait beside the slots
    assert sorted(s.horde_deck) == sorted(h for h in in_play(HORDES, ("base",)) for _ in range(HORDES[h].copies))
    assert len(s.horde_deck) == 24
    other = new(4, seed=12).state.horde_deck
    assert s.horde_deck != other                       # shuffled (GWA-AUTUMN-02)
    assert s.wall == [0, 0, 0] and s.forts == [0, 0, 0] and s.warehouse == (0, 0, 0)
    view = g.view(0)
    assert [sec["defence"] for sec in view["sections"]] == [4, 4, 4]
    assert set(view["warehouse"]) == {"wood", "stone", "gold"}
    assert all(len(r) == 4 for r in s.res)             # the four resources: Wood, Stone, Gold, Chi


@pytest.mark.rule("GW-SETUP-07", "GW-SETUP-08", "GWA-END-01")
def test_tactic_deck_shuffled_and_three_artifacts_public():
    g = new(3, seed=4)
    s = g.state
    assert sorted(s.tactic_deck) == sorted(t for t in in_play(TACTICS, s.sets) for _ in range(TACTICS[t].copies))
    assert s.tactics == [(), (), ()]
    assert s.tactic_deck != new(3, seed=5).state.tactic_deck
    assert len(s.artifacts) == 3 and len(set(s.artifacts)) == 3 and set(s.artifacts) <= set(ARTIFACTS)
    for seat in range(3):                              # public: every seat sees the same 3
        assert g.view(seat)["artifacts"] == list(s.artifacts)
    seen = {a for seed in range(1, 30) for a in new(3, seed=seed).state.artifacts}
    assert seen == set(in_play(ARTIFACTS, ("base",)))  # drawn at random out of the 5 base ones


@pytest.mark.rule("GW-SETUP-11", "GW-SETUP-12", "GWA-SETUP-02")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_advisors_dealt_four_each_and_six_on_the_track(players):
    g = new(players, seed=8)
    s = g.state
    assert all(len(h) == 4 for h in s.advisors)
    assert len(s.advisor_track) == 6                   # laid out once, not 6 per player
    dealt = [a for h in s.advisors for a in h] + s.advisor_track
    assert len(set(dealt)) == len(dealt)
    assert len(s.advisor_deck) == len(in_play(ADVISORS, s.sets)) - 4 * players - 6
    assert s.sets == (("base", "five") if players == 5 else ("base",))   # FIVE-09: 5th-player Advisors join
    assert [c["price"] for c in g.view(0)["advisor_track"]] == [3, 3, 4, 4, 5, 5]
    hidden = g.view(1)["log"]                          # the deal is private
    assert all(e["params"].get("seat") == 1 for e in hidden if e["key"] == "ev.dealt")


@pytest.mark.rule("GW-SETUP-20", "GW-SETUP-21", "GW-SETUP-22", "GWA-TRACK-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tea_and_leader_tracks_start_in_the_order_of_markers_numbered_at_random(players):
    """GW-SETUP-22: the lower-numbered marker on top, the same order on both tracks; who has which number
    is drawn (GWA-TRACK-01), so no seat starts on top by its place at the table."""
    orders = set()
    for seed in range(12):
        g = new(players, seed=seed)
        assert sorted(g.state.tea) == list(range(players)) and g.state.leader == g.state.tea
        assert g.view(0)["tea"] == g.state.tea and new(players, seed=seed).state.tea == g.state.tea
        ev = [e for e in g.state.events if e.key == "ev.tracks"]
        assert [e.params["seats"] for e in ev] == [g.state.tea] and "GW-SETUP-22" in ev[0].rules
        orders.add(tuple(g.state.tea))
    assert len({order[0] for order in orders}) > 1


# ---- Generals: deal 2, keep 1 in secret -------------------------------------------------------------------


@pytest.mark.rule("GW-SETUP-09", "GW-SETUP-10", "GWA-SETUP-01")
def test_generals_dealt_two_each_and_the_unchosen_never_shown_to_others():
    g = new(3, seed=21)
    offers = [tuple(g.state.general_offer[s]) for s in range(3)]
    assert all(len(o) == 2 for o in offers)
    flat = [x for o in offers for x in o]
    assert len(set(flat)) == 6 and set(flat) <= set(GENERALS)
    picks = {0: offers[0][1], 1: offers[1][0], 2: offers[2][1]}
    unchosen = {s: next(x for x in offers[s] if x != picks[s]) for s in range(3)}

    def check_secret(chosen_revealed: bool):
        for seat in range(3):
            for other in range(3):
                if other == seat:
                    continue
                seen = strings(g.view(other)) | strings(redact(g.rules.full_view(g.state), g.rules.zones, other))
                text = json.dumps(g.view(other), ensure_ascii=False)
                assert unchosen[seat] not in seen
                assert GENERALS[unchosen[seat]].names.get("en") not in text
                if not chosen_revealed:
                    assert picks[seat] not in seen

    for seat in range(3):
        assert g.decision == "general" and g.to_play == seat
        assert sorted(g.legal_action_ids()) == sorted(f"general:{x}" for x in offers[seat])
        own = strings(redact(g.rules.full_view(g.state), g.rules.zones, seat))
        assert set(offers[seat]) <= own                          # the owner sees their pair
        check_secret(chosen_revealed=False)
        g.apply(f"general:{picks[seat]}")
    # all chose: the kept Generals are revealed together, the others go back unseen
    assert g.state.general == [picks[0], picks[1], picks[2]]
    assert g.state.general_offer == [(), (), ()]
    reveals = [e for e in events(g, "ev.general")]
    assert [(e.params["seat"], e.params["general"], e.to) for e in reveals] == [
        (s, picks[s], None) for s in range(3)]
    for other in range(3):
        shown = {e["params"]["general"] for e in g.view(other)["log"] if e["key"] == "ev.general"}
        assert shown == set(picks.values())
    check_secret(chosen_revealed=True)
    advance(g, lambda g: g.is_over)
    check_secret(chosen_revealed=True)


@pytest.mark.rule("GWA-SETUP-01", "GW-SETUP-10")
def test_revealed_general_shown_in_each_players_view():
    g = pick_generals(new(3, seed=21))
    for other in range(3):
        panel = g.view(other)["players"]
        assert [p["general"] for p in panel] == g.state.general


@pytest.mark.rule("GW-SETUP-10", "GWA-GENERAL-01")
def test_general_setup_bonus_applied_when_revealed():
    g = new(3, seed=2)
    offer(g, {0: ("di_qing", NEUTRAL), 1: ("yang_ye", NEUTRAL), 2: ("fan_zhongyan", NEUTRAL)})
    deck = len(g.state.tactic_deck)
    g.apply("general:di_qing")
    assert g.state.res[0] == (2, 2, 2, 2) and g.state.tactics[0] == ()   # nothing until all have chosen
    g.apply("general:yang_ye")
    g.apply("general:fan_zhongyan")
    assert g.state.season == "winter"
    # start bonus + year-1 Autumn income (GW-AUTUMN-01)
    assert g.state.res[0] == (2 + 0 + 1, 2 + 0 + 1, 2 + 1 + 1, 2 + 0 + 0)   # di_qing: +1 Gold; W S G
    assert g.state.res[1] == (2 + 1, 2 + 1, 2 + 1, 2)                      # yang_ye: W S G
    assert g.state.res[2] == (2 + 1, 2, 2 + 2, 2)                          # fan_zhongyan: W 2G
    assert [len(t) for t in g.state.tactics] == [1, 2, 0]
    assert len(g.state.tactic_deck) == deck - 3


# ---- Autumn income ----------------------------------------------------------------------------------------


@pytest.mark.rule("GW-AUTUMN-01", "GW-AUTUMN-03", "GW-AUTUMN-04", "GWA-OVERSEER-02", "GW-STRUCT-03",
                  "GWA-GENERAL-01")
def test_autumn_income_general_icons_and_overseer_levels():
    g = new(3, seed=1)
    offer(g, {0: ("qi_jiguang", NEUTRAL), 1: ("zhang_juzheng", NEUTRAL), 2: ("di_qing", NEUTRAL)})
    ov = g.state.overseers
    ov["lumber_mill"] = (1, 0, 0)
    ov["quarry"] = (2, 0, 0)
    ov["gold_mine"] = (3, 0, 0)
    ov["temple"] = (4, 0, 0)
    ov["barracks"] = (2, 0, 3)          # the Barracks has no resource: no Autumn income
    fresh(g)
    pick_generals(g, {0: "qi_jiguang", 1: "zhang_juzheng", 2: "di_qing"})
    # zhang_juzheng's ability (GWA-GENERAL-01): 2 more of a resource of his choice in Autumn (run 8)
    assert g.decision == "gain_any" and g.to_play == 1
    assert g.legal_action_ids() == ["resource:wood", "resource:stone", "resource:gold", "resource:chi"]
    assert g.state.hordes == [None] * 9                # income comes before the invasion
    g.apply("resource:gold")
    assert g.state.season == "winter"
    s = g.state
    # base 2/2/2/2 + start bonus + General icons + Overseer level n -> n
    assert s.res[0] == (2 + 1 + 1, 2 + 2 + 2, 2 + 3, 2 + 2 + 4)   # qi_jiguang: start 2 Chi; W 2S
    assert s.res[1] == (2, 2 + 1, 2 + 1 + 1 + 2, 2 + 1 + 1)       # zhang_juzheng: start 1 Chi 1 Gold; S G Chi; +2 Gold
    assert s.res[2] == (2 + 1, 2 + 1, 2 + 1 + 1, 2)               # di_qing: start G; W S G
    assert honor_gains(g, 0, "GW-AUTUMN-01") == [{"wood": 1, "stone": 2}]
    assert honor_gains(g, 0, "GW-AUTUMN-04") == [{"stone": 2}, {"wood": 1}, {"gold": 3}, {"chi": 4}]
    assert honor_gains(g, 2, "GW-AUTUMN-04") == []
    assert any(e.params["seat"] == 1 for e in events(g, "ev.general_ability") if "GWA-GENERAL-01" in e.rules)
    keys = [e.key for e in g.state.events]
    assert max(i for i, k in enumerate(keys) if k == "ev.gain") < keys.index("ev.horde")


@pytest.mark.rule("GW-AUTUMN-01", "GW-AUTUMN-03", "GW-AUTUMN-04", "GWA-OVERSEER-02")
def test_autumn_income_every_year():
    g = pick_generals(new(3, seed=3))
    before(g, lambda c: c.state.year == 2)
    for seat in range(3):
        g.state.general[seat] = "fan_zhongyan"            # 1 Wood, 2 Gold, no Autumn ability
        set_res(g, seat)
    g.state.overseers["temple"] = (0, 2, 0)
    g.state.overseers["quarry"] = (0, 0, 1)
    g.apply(passive(fresh(g)))
    assert g.state.year == 2 and g.state.season == "winter"
    since = max(i for i, e in enumerate(g.state.events) if e.key == "ev.year")
    assert [(e.params["seat"], e.params["what"]) for e in events(g, "ev.gain", since)] == [
        (0, {"wood": 1, "gold": 2}),
        (1, {"wood": 1, "gold": 2}), (1, {"chi": 2}),
        (2, {"wood": 1, "gold": 2}), (2, {"stone": 1}),
    ]


# ---- invasion ----------------------------------------------------------------------------------------------


@pytest.mark.rule("GW-AUTUMN-05", "GW-AUTUMN-06", "GW-AUTUMN-07", "GW-INTRO-05", "GWA-BOARD-02")
@pytest.mark.parametrize("players,slots", [
    (3, [(0, 0), (1, 0), (2, 0)]),
    (4, [(0, 0), (1, 0), (2, 0), (0, 1)]),
    (5, [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]),
])
def test_invasion_draws_one_card_per_player_row_one_first(players, slots):
    g = new(players, seed=13)
    deck = list(g.state.horde_deck)
    advance(g, season_is("winter"))
    placed = [(e.params["section"], e.params["row"], e.params["card"]) for e in events(g, "ev.horde")]
    assert placed == [(s, r, deck[-1 - k]) for k, (s, r) in enumerate(slots)]
    assert all({"GW-AUTUMN-05", "GW-AUTUMN-06"} <= set(e.rules) for e in events(g, "ev.horde"))
    for s in range(3):
        for r in range(3):
            expected = deck[-1 - slots.index((s, r))] if (s, r) in slots else None
            got = horde(g, s, r)
            assert (got and got[0]) == expected
    assert len(g.state.horde_deck) == 24 - players


@pytest.mark.rule("GW-AUTUMN-05", "GW-AUTUMN-06", "GW-STRUCT-01")
def test_second_invasion_fills_row_two():
    g = new(3, seed=13)
    deck = list(g.state.horde_deck)
    advance(g, lambda g: g.state.year == 2 and g.state.season == "winter")
    # nobody fought (passive play): row 1 keeps year 1's cards, row 2 gets year 2's, left to right
    assert [horde(g, s, 0)[0] for s in range(3)] == deck[-1:-4:-1]
    assert [horde(g, s, 1)[0] for s in range(3)] == deck[-4:-7:-1]
    assert [horde(g, s, 2) for s in range(3)] == [None] * 3


@pytest.mark.rule("GW-AUTUMN-08", "GW-AUTUMN-09", "GWA-AUTUMN-01", "GWA-BREACH-02")
def test_overflow_removes_first_card_of_last_row_with_its_destruction():
    g = pick_generals(new(3, seed=6))
    before(g, lambda c: c.state.year == 2)
    s = g.state
    rows = [["steppe_outriders", "shaman_drummers", "plunder_band"],
            ["siege_sappers", "horse_archers", "great_trebuchet"],
            ["armoured_lancers", "keshig_guard", "armoured_lancers"]]      # destruction: -1, -2, -1 Honor
    for r, cards in enumerate(rows):
        for sec, card in enumerate(cards):
            put_horde(g, sec, r, card)
    for seat in range(3):
        s.general[seat] = NEUTRAL
    s.honor = [20, 20, 20]
    s.tea = [0, 1, 2]
    s.clerks_on["tea_house"] = ()
    top = s.horde_deck[-3:][::-1]
    n_events = len(s.events)
    g.apply(passive(fresh(g)))
    assert g.state.year == 2 and g.state.season == "winter"
    over = events(g, "ev.overflow", n_events)
    assert [(e.params["removed"], e.params["card"]) for e in over] == [
        ("armoured_lancers", top[0]), ("keshig_guard", top[1]), ("armoured_lancers", top[2])]
    assert all({"GW-AUTUMN-08", "GW-AUTUMN-09", "GWA-AUTUMN-01"} <= set(e.rules) for e in over)
    # rows 1 and 2 untouched; the last row closed up and the new cards took the right end
    for r in (0, 1):
        assert [horde(g, sec, r)[0] for sec in range(3)] == rows[r]
    assert [horde(g, sec, 2)[0] for sec in range(3)] == top
    assert g.state.horde_discard[-3:] == ["armoured_lancers", "keshig_guard", "armoured_lancers"]
    # every player suffered every destruction effect (1 + 2 + 1 Honor)
    assert g.state.honor == [16, 16, 16]
    lost = [(e.params["seat"], e.params["n"]) for e in events(g, "ev.lose_honor", n_events)]
    assert lost == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 1), (1, 1), (2, 1)]
    assert all("GW-AUTUMN-09" in e.rules for e in events(g, "ev.lose_honor", n_events))


@pytest.mark.rule("GW-AUTUMN-08", "GW-AUTUMN-09", "GWA-AUTUMN-01", "GWA-BREACH-02", "GW-AUTUMN-06")
def test_overflow_only_after_the_last_free_slot_and_unpaid_destruction_costs_honor():
    g = pick_generals(new(3, seed=6))
    before(g, lambda c: c.state.year == 2)
    s = g.state
    rows = [["steppe_outriders", "shaman_drummers", "plunder_band"],
            ["siege_sappers", "horse_archers", "great_trebuchet"],
            ["steppe_outriders", "armoured_lancers", None]]     # one free slot left
    for r, cards in enumerate(rows):
        for sec, card in enumerate(cards):
            s.hordes[sec * 3 + r] = None if card is None else (card, (None,) * 6, ())
    for seat in range(3):
        s.general[seat] = "su_dongpo"         # Autumn income 1 Gold 2 Chi: no Wood
    s.res = [(3, 0, 0, 0), (3, 0, 0, 0), (0, 0, 0, 0)]
    s.honor = [20, 20, 20]
    s.tea = [0, 1, 2]
    s.clerks_on["tea_house"] = ()
    top = s.horde_deck[-3:][::-1]
    n_events = len(s.events)
    g.apply(passive(fresh(g)))
    # 1st card fills the free slot; the 2nd pushes off the Outriders (every player pays 1 Wood)
    assert horde(g, 2, 2)[0] == top[2] and horde(g, 1, 2)[0] == top[1] and horde(g, 0, 2)[0] == top[0]
    assert [e.params["removed"] for e in events(g, "ev.overflow", n_events)] == ["steppe_outriders",
                                                                                "armoured_lancers"]
    assert g.decision == "pay" and g.to_play == 0          # Tea order
    g.apply("pay")
    assert g.decision == "pay" and g.to_play == 1
    g.apply("refuse")
    assert g.state.season == "winter"
    assert [r[0] for r in g.state.res] == [2, 3, 0]
    # seat 0 paid; seat 1 refused (1 Honor); seat 2 had no Wood (1 Honor); then the Lancers: 1 Honor each
    assert g.state.honor == [19, 18, 18]


@pytest.mark.rule("GW-AUTUMN-07", "GW-INTRO-05", "GW-STRUCT-05", "GWA-BOARD-02")
def test_each_column_attacks_its_own_wall_section():
    g = pick_generals(new(3, seed=4))
    before(g, season_is("spring"))
    s = g.state
    s.hordes = [None] * 9
    put_horde(g, 1, 0, "great_trebuchet")       # Breach 6
    s.wall = [2, 0, 0]                           # section 0 would hold (Defence 10); section 1 has 4
    s.archers, s.behind = [(), (), ()], [(), (), ()]
    n_events = len(s.events)
    g.apply(passive(fresh(g)))
    advance(g, season_is("summer"))
    assert [e.params["sections"] for e in events(g, "ev.spring", n_events)] == [[1]]
    assert [e.params["section"] for e in events(g, "ev.battle", n_events)] == [1]
    breached = events(g, "ev.breached", n_events)
    assert [(e.params["section"], e.params["breach"], e.params["defence"]) for e in breached] == [(1, 6, 4)]


@pytest.mark.rule("GW-INTRO-05", "GW-STRUCT-05")
def test_every_section_with_horde_cards_is_assaulted_in_spring():
    g = new(3, seed=13)
    advance(g, season_is("summer"))
    assert [e.params["sections"] for e in events(g, "ev.spring")] == [[0, 1, 2]]
    assert sorted(e.params["section"] for e in events(g, "ev.battle")) == [0, 1, 2]


@pytest.mark.rule("GW-INTRO-06", "GWA-BREACH-02", "GWA-BREACH-03")
def test_breach_kills_troops_and_costs_honor():
    g = pick_generals(new(3, seed=4))
    before(g, season_is("spring"))
    s = g.state
    s.hordes = [None] * 9
    put_horde(g, 0, 0, "steppe_outriders")      # Breach 2, Kill 1, breach: pay 1 Gold
    put_horde(g, 0, 1, "plunder_band")          # Breach 3, Kill 1, breach: pay 2 Gold
    s.archers, s.behind = [(0,), (), ()], [((1, SPEARMAN),), (), ()]
    s.soldiers[0] = (10, 3, 2)
    s.soldiers[1] = (9, 4, 2)
    for seat in range(3):
        s.general[seat] = NEUTRAL
        s.tactics[seat] = ()
    g.apply(passive(fresh(g)))
    assert g.decision == "shoot" and g.to_play == 0
    for seat in range(3):
        set_res(g, seat)
    honor = list(g.state.honor)
    g.apply("slot:1:2")                         # a slot without reward
    assert g.decision == "dispatch" and g.to_play == 1
    assert g.legal_action_ids() == ["dispatch:spearman:1"]             # no holding back (GW-BATTLE-11)
    g.apply("dispatch:spearman:1")
    g.apply("slot:3")                           # a slot without reward
    advance(g, season_is("summer"))
    assert g.state.honor == [honor[0] - 3, honor[1] - 3, honor[2]]   # 1 + 2 unpaid Gold each
    assert g.state.archers[0] == () and g.state.soldiers[0][ARCHER] == 4   # the Archer was killed
    assert g.state.behind[0] == () and g.state.soldiers[1][SPEARMAN] == 10  # and the Spearman on the card
    killed = [(e.params["seat"], e.params["unit"]) for e in events(g, "ev.kill")]
    assert (0, "archer") in killed and (1, "spearman") in killed


# ---- the year and the whole game ------------------------------------------------------------------------------

PHASE = {"ev.year": "year", "ev.horde": "invasion", "ev.overflow": "invasion", "ev.winter": "winter",
         "ev.resolve_command": "command", "ev.command_draw": "draw", "ev.winter_end": "winter_end",
         "ev.spring": "spring", "ev.battle": "battle", "ev.spring_end": "spring_end", "ev.donation": "donation",
         "ev.build": "build", "ev.no_build": "no_build", "ev.final": "final", "ev.winners": "winners"}


def builder(g) -> str:
    """Donate everything, build whenever possible; otherwise passive."""
    legal = g.legal_action_ids()
    if g.decision == "donate":
        return legal[-1]
    if g.decision == "build":
        return next((a for a in legal if a.startswith("build:")), "skip")
    return passive(g)


def phases(g) -> list[tuple[int, str]]:
    out = []
    year = 0
    for e in g.state.events:
        if e.key == "ev.year":
            year = e.params["year"]
        label = "income" if e.key == "ev.gain" and "GW-AUTUMN-01" in e.rules else PHASE.get(e.key)
        if label and (not out or out[-1] != (year, label)):
            out.append((year, label))
    return out


@pytest.mark.rule("GW-STRUCT-01", "GW-STRUCT-02", "GW-STRUCT-03", "GW-STRUCT-04", "GW-STRUCT-05",
                  "GW-STRUCT-06", "GW-STRUCT-07", "GW-YEAR-02", "GW-INTRO-08")
def test_three_years_of_autumn_winter_spring_summer():
    g = new(3, seed=13)
    seasons = []
    for _ in range(5000):
        if g.is_over:
            break
        if not seasons or seasons[-1] != (g.state.year, g.state.season):
            seasons.append((g.state.year, g.state.season))
        g.apply(builder(g))
    assert g.is_over
    assert [x for x in seasons if x[1] != "autumn"] == [
        (1, "setup"), (1, "winter"), (1, "spring"), (1, "summer"),
        (2, "winter"), (2, "spring"), (2, "summer"),
        (3, "winter"), (3, "spring"), (3, "summer")]
    assert [e.params["year"] for e in events(g, "ev.year")] == [1, 2, 3]
    assert all({"GW-STRUCT-01", "GW-STRUCT-02"} <= set(e.rules) for e in events(g, "ev.year"))
    got = phases(g)
    year = ["year", "income", "invasion", "winter", "command", "draw", "command", "winter_end",
            "spring", "battle", "spring_end", "donation"]
    assert got[:len(year) + 1] == [(1, p) for p in year + ["build"]]          # year 1: a wall is built
    y2 = [p for y, p in got if y == 2]
    assert [p for p in y2 if p != "build"] == year
    assert [p for y, p in got if y == 3] == year + ["no_build", "final", "winners"]
    # Winter has two Command phases: one card per player in each
    for y in (1, 2, 3):
        since = [i for i, e in enumerate(g.state.events) if e.key == "ev.year"][y - 1]
        winter = events(g, "ev.resolve_command", since)[:6]
        assert len(winter) == 6 and sorted(e.params["seat"] for e in winter) == [0, 0, 1, 1, 2, 2]
    assert g.state.year == 3
    assert g.winners == [max(range(3), key=lambda s: (g.scores[s], -g.state.tea.index(s)))]


# ---- final scoring ------------------------------------------------------------------------------------------------


def _final_position(tea):
    g = pick_generals(new(3, seed=17))
    before(g, lambda c: c.is_over)
    s = g.state
    assert s.year == 3 and s.season == "summer"
    s.artifacts = ("dragon_bone_bow", "nine_white_banners", "first_emperors_brick")
    s.archers = [(0, 0), (1,), ()]                              # 2 Honor per Archer on the Wall
    s.behind = [(), (), ()]
    s.kept = [("great_trebuchet", "steppe_outriders"), ("keshig_guard",), ("siege_sappers", "plunder_band")]
    s.walls_built = [1, 2, 0]                                   # the Brick needs 2 levels
    s.overseers["quarry"] = (4, 4, 4)                           # the Ledger is not in play
    s.honor = [20, 20, 20]
    s.tea = list(tea)
    s.clerks_on = {loc: () for loc in s.clerks_on}
    for seat in range(3):
        s.general[seat] = NEUTRAL
    return fresh(g)


@pytest.mark.rule("GW-END-01", "GWA-END-01", "GW-END-02", "GW-END-03", "GW-STRUCT-07", "GW-YEAR-02",
                  "GW-INTRO-08", "GWA-BREACH-01")
@pytest.mark.parametrize("tea,winner", [([2, 0, 1], 2), ([1, 2, 0], 1)])
def test_final_scoring_kept_hordes_artifacts_and_tea_tiebreak(tea, winner):
    g = _final_position(tea)
    n_events = len(g.state.events)
    g.apply(passive(g))                                         # the last donation: nothing
    assert g.is_over
    # kept cards' end Honor: 5+1, 4, 3+2; Bow: 2 per Archer; Banners (most kept cards, tie 0/2 by Tea);
    # Brick: 2 Wall levels
    banners = 8 if tea.index(0) < tea.index(2) else 0
    expected = [20 + 6 + 4 + banners, 20 + 4 + 2 + 7, 20 + 5 + (8 - banners)]
    assert g.scores == expected
    kept = [(e.params["seat"], e.params["what"]) for e in events(g, "ev.gain", n_events) if "GW-BREACH-14" in e.rules]
    assert kept == [(0, {"honor": 6}), (1, {"honor": 4}), (2, {"honor": 5})]
    arts = [e for e in events(g, "ev.gain", n_events) if "GW-END-01" in e.rules]
    assert all("GWA-END-01" in e.rules for e in arts)
    assert sum(e.params["what"]["honor"] for e in arts) == 4 + 2 + 8 + 7     # no Ledger Honor
    assert g.winners == [winner]
    won = events(g, "ev.winners", n_events)
    assert [e.params["seats"] for e in won] == [[winner]] and {"GW-END-02", "GW-END-03"} <= set(won[0].rules)


@pytest.mark.rule("GW-END-02", "GW-INTRO-08")
def test_most_honor_wins_regardless_of_tea_track():
    g = _final_position([2, 1, 0])
    g.state.kept = [("great_trebuchet", "keshig_guard", "armoured_lancers"), (), ()]   # 12 end Honor + Banners
    g.apply(passive(fresh(g)))
    assert g.scores == [20 + 12 + 4 + 8, 20 + 2 + 7, 20]
    assert g.winners == [0]
