"""Root's hirelings (issue 13): seed 001's clauses (RT-HR-*, RT-AS-09..18) and the Law's Appendix H
(LR-AH-*), with boardlab's rulings RTA-HIRE-* (docs/root-rulings.md, "Hirelings").

The framework (modules/hirelings.py: dealing, control by either scheme, the markers, the dice) and the
first four hirelings (Forest Patrol / Feline Physicians, Last Dynasty / Bluebird Nobles, Spring Uprising /
Rabbit Scouts, The Exile / The Brigand), each side with a scenario. Clearings are named by their printed
number (Autumn map unless a test says otherwise): 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox,
7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; 10, 11 and 12 are off the map edge.
"""
from __future__ import annotations

import pytest
from root_helpers import events, hand, idx, new, play, put, rules_logged, set_up, start

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.flow import GAME_OVER
from boardlab.core.options import parse_value
from boardlab.core.rng import Stream
from boardlab.games.root import RULESET
from boardlab.games.root import battle as BT
from boardlab.games.root import board as B
from boardlab.games.root import move as MV
from boardlab.games.root import scoring as S
from boardlab.games.root.content import HIRELING_DATA, HIRELINGS, MAPS, PLAYABLE_HIRELINGS
from boardlab.games.root.modules import hirelings as HL
from boardlab.games.root.program import PROGRAM
from boardlab.games.root.state import FOREST, RUIN

PATROL, DYNASTY, UPRISING, EXILE = "forest_patrol", "last_dynasty", "spring_uprising", "exile"
LEAD, OTHER = HIRELING_DATA.dice["lead"].faces, HIRELING_DATA.dice["other"].faces


# ---- builders ----------------------------------------------------------------------------------------------------

def game(factions=("marquise", "alliance"), hirelings=(DYNASTY, EXILE), seed=1, control="seed", **options):
    """A game set up with these hirelings (the first legal answer to every setup decision)."""
    chosen = hirelings if isinstance(hirelings, str) else list(hirelings)
    return set_up(new(factions, seed=seed, hirelings=chosen, hireling_control=control, **options))


def blank(g):
    """Every piece off the map (hirelings' too) back to its supply, ruins kept, hands empty, no keep."""
    with positions.edit(g) as s:
        for owner, on_map in s.warriors.items():
            s.supply[owner] += sum(on_map)
            s.warriors[owner] = [0] * len(on_map)
        s.buildings = [tuple(p for p in b if p == RUIN) for b in s.buildings]
        s.tokens = [()] * len(s.tokens)
        if "marquise" in s.mods:
            s.mods["marquise"].keep = None
        s.score = [0] * s.players
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def control(g, key, seat, markers=2, gained=0):
    """`seat` controls hireling `key` with `markers` control markers, gained on turn `gained`."""
    with positions.edit(g) as s:
        s.hired[key] = seat
        data = s.mods["hirelings"]
        data.control = {**data.control, key: markers}
        data.gained = {**data.gained, key: gained}
    return g


def side(g, key, demoted):
    with positions.edit(g) as s:
        s.mods[key].demoted = demoted
    return g


def markers(g, key):
    return g.state.mods["hirelings"].control[key]


def keys(g, since=0):
    return [k for _, k, _ in events(g, since)]


def params(g, key, since=0):
    return [p for _, k, p in events(g, since) if k == key]


def end_turn(g, seat):
    """Run the end of `seat`'s turn (the hirelings' end-of-turn step first) to the next decision."""
    return start(g, seat, "turn.end", phase="evening")


# ---- setup (RT-AS-09..18, LR-AA-06, RTA-HIRE-01) ------------------------------------------------------------------

@pytest.mark.rule("RT-AS-09", "RT-AS-12", "RT-AS-17", "RT-AS-18", "RT-HR-01", "RT-HR-02", "LR-AA-06",
                  "LR-AA-06-04", "RTA-HIRE-01")
def test_named_hirelings_are_set_up_by_the_last_player_uncontrolled_with_a_marker_each():
    g = new(("marquise", "eyrie"), seed=4, hirelings=[UPRISING, EXILE])
    last = (g.state.first - 1) % 2
    while g.state.phase == "setup" and g.decision not in ("uprising_place", "exile_setup"):
        g.apply(g.legal_action_ids()[0])
    assert g.state.modules[-2:] == (UPRISING, EXILE)  # switched on as they are dealt (RT-HR-01)
    assert g.decision in ("uprising_place", "exile_setup") and g.to_play == last  # RT-AS-17
    set_up(g)
    s = g.state
    assert s.hired == {UPRISING: None, EXILE: None}  # uncontrolled, in the supply (RT-HR-02)
    assert sum(s.warriors[UPRISING]) == 2 and s.supply[UPRISING] == 2  # 4 Uprising warriors collected (RT-AS-12)
    assert s.pawns[EXILE] >= FOREST and [i for i, _ in s.mods[EXILE].items] == ["club"] * 3
    assert s.mods["hirelings"].track == (4, 8)  # one marker per hireling dealt (RT-AS-18, RTA-HIRE-01)
    assert g.view(0)["score_markers"] == [{"space": 4, "kind": "hireling_marker"}, {"space": 8, "kind": "hireling_marker"}]


@pytest.mark.rule("RT-AS-10", "RT-AS-11", "RT-HR-08", "LR-AA-06-01")
def test_the_extension_point_deals_three_at_random_and_boxes_the_rest():
    """As an Advanced Setup's step 4 asks it, before any faction is chosen: three of the four dealt."""
    dealt = set()
    for seed in range(6):
        g = new(("marquise", "eyrie"), seed=seed, hirelings="random")
        with positions.edit(g) as s:
            factions, s.faction = s.faction, ()
            tasks = HL.setup_hirelings(s, "random")
            s.faction = factions
        data = g.state.mods["hirelings"]
        assert len(data.dealt) == 3 and len(set(data.dealt)) == 3 and set(data.dealt) <= set(PLAYABLE_HIRELINGS)
        assert data.track == (4, 8, 12) and len(tasks) >= 1
        assert set(g.state.hired) == set(data.dealt)  # the fourth stays in the box
        assert HL.setup_hirelings(g.state, "random") == []  # dealt once
        dealt.add(data.dealt)
    assert len(dealt) > 1  # at random


@pytest.mark.rule("RT-AS-14", "RT-AS-15", "RT-AS-16", "RT-HR-11", "RT-HR-12", "LR-AA-06-02")
@pytest.mark.parametrize("players,demoted", [(2, 0), (3, 1), (4, 2), (5, 3), (6, 3)])
def test_demoted_sides_by_player_count(players, demoted):
    g = boardlab.new_game("root", players, seed=players)
    positions.switch_on(g, "hirelings")
    with positions.edit(g) as s:
        factions, s.faction = s.faction, ()
        HL.setup_hirelings(s, "random")
        s.faction = factions
    dealt = g.state.mods["hirelings"].dealt
    assert sum(PROGRAM.module(k).demoted(g.state) for k in dealt) == demoted
    assert params(g, "ev.hirelings.demoted")[0]["n"] == demoted


@pytest.mark.rule("LR-AA-06-03", "RTA-HIRE-02")
def test_under_the_law_players_set_up_one_hireling_each_counterclockwise_from_the_last():
    g = game(("marquise", "vagabond", "vagabond2"), (DYNASTY, UPRISING), control="law", below_reach=True)
    last = (g.state.first - 1) % 3
    seats = [p["seat"] for p in params(g, "ev.hirelings.set_up")]
    dealt = len(g.state.mods["hirelings"].dealt)
    assert dealt >= 2 and seats == [(last - k) % 3 for k in range(dealt)]
    seed_game = game(("marquise", "vagabond", "vagabond2"), "random", below_reach=True)
    assert {p["seat"] for p in params(seed_game, "ev.hirelings.set_up")} == {(seed_game.state.first - 1) % 3}


@pytest.mark.rule("RT-HR-09", "RT-HR-10", "LR-AA-06-05", "RTA-HIRE-01")
def test_no_hireling_beside_its_faction(monkeypatch):
    with pytest.raises(ConfigError):
        new(("marquise", "alliance"), hirelings=[PATROL])  # RT-HR-10: the Forest Patrol and the Marquise
    with pytest.raises(ConfigError):
        new(("eyrie", "vagabond"), hirelings=[EXILE], below_reach=True)
    marauder = {PATROL, DYNASTY, UPRISING, EXILE}
    g = set_up(new(("marquise", "eyrie", "alliance", "vagabond"), hirelings="random"))
    assert g.state.hired and not set(g.state.hired) & marauder  # none of the four beside its faction
    import boardlab.games.root as root_package
    with monkeypatch.context() as m:  # with only the four hirelings of these factions playable
        m.setattr(root_package, "PLAYABLE_HIRELINGS", tuple(marauder))
        with pytest.raises(ConfigError):
            new(("marquise", "eyrie", "alliance", "vagabond"), hirelings="random")  # none can be dealt
    for seed in range(5):
        g = set_up(new(("marquise", "eyrie"), seed=seed, hirelings="random"))
        assert len(g.state.hired) == 3 and not set(g.state.hired) & {PATROL, DYNASTY}  # never these two
        assert all(not set(HIRELINGS[k].replaces) & set(g.state.faction) for k in g.state.hired)


def test_the_option_reads_random_or_a_list_on_the_command_line():
    schema = boardlab.option_schema("root")
    assert parse_value(schema, "hirelings", "random") == "random"
    assert parse_value(schema, "hirelings", "exile,last_dynasty") == ["exile", "last_dynasty"]
    assert schema["properties"]["hirelings"]["x-value-texts"][PATROL]["zh-Hant"] == "森林巡邏隊"  # seed 001's name


# ---- gaining control from the supply (RT-HR-03/04/13..17, LR-AH-01-01/02) ----------------------------------------

@pytest.mark.rule("RT-HR-03", "RT-HR-04", "RT-HR-13", "RT-HR-14", "RT-HR-15", "RT-HR-16", "RT-HR-17",
                  "LR-AH-01-01", "RTA-HIRE-04", "RTA-HIRE-05")
def test_passing_two_markers_takes_both_and_hires_two_at_the_end_of_the_turn():
    g = blank(game())
    with positions.edit(g) as s:
        s.score = [3, 2]
    since = len(g.state.events)
    with positions.edit(g) as s:
        S.score(s, 0, 6, ("test",))  # the leader goes from 3 to 9, past 4 and 8
        S.score(s, 1, 18, ("test",))  # then falls behind (points scored defending, say)
    data = g.state.mods["hirelings"]
    assert data.track == () and data.taken == {0: (4, 8)}  # below the Evening until the turn's end
    assert [p["space"] for p in params(g, "ev.hirelings.marker_taken", since)] == [4, 8]
    assert g.state.hired == {DYNASTY: None, EXILE: None}  # nothing hired before the end of the turn
    end_turn(g, 0)
    assert g.decision == "hireling_gain" and g.to_play == 0
    assert set(g.legal_action_ids()) == {f"hire:{DYNASTY}", f"hire:{EXILE}"}  # an uncontrolled one of its choice
    play(g, f"hire:{EXILE}")  # the second is the only one left
    assert g.state.hired == {DYNASTY: 0, EXILE: 0}
    rolls = params(g, "ev.hirelings.rolled", since)
    assert [r["die"] for r in rolls] == ["lead", "lead"] and all(r["n"] in LEAD for r in rolls)
    assert markers(g, EXILE) == rolls[0]["n"] and data.kept == {0: (4, 8)} and data.taken == {}


@pytest.mark.rule("LR-AH-01-01", "LR-AH-01-02", "RTA-HIRE-02", "RTA-HIRE-06")
def test_under_the_law_the_supply_roll_reads_all_pips_when_not_leading():
    g = blank(game(control="law"))
    with positions.edit(g) as s:
        s.score = [5, 20]
        s.mods["hirelings"].taken = {0: (4,)}
        s.mods["hirelings"].track = (8,)
    end_turn(g, 0)
    play(g, f"hire:{DYNASTY}")
    roll = params(g, "ev.hirelings.rolled")[-1]
    assert roll["die"] == "control_all" and roll["n"] in HIRELING_DATA.dice["control"].all


@pytest.mark.rule("RTA-HIRE-04")
def test_an_activated_dominance_card_takes_no_marker():
    g = blank(game())
    with positions.edit(g) as s:
        s.score = [3, 0]
        s.dominance = ["bird_dominance", None]
    with positions.edit(g) as s:
        S.score(s, 0, 5, ("test",))
    assert g.state.mods["hirelings"].track == (4, 8) and g.state.score[0] == 3


# ---- losing control, the seed's scheme (RT-HR-05..07, RT-HR-18..24) ------------------------------------------------

@pytest.mark.rule("RT-HR-18", "RT-HR-19", "RT-HR-29", "LR-AH-02-03", "RTA-HIRE-05")
def test_markers_come_off_as_the_turn_starts_before_the_start_of_birdsong_action():
    g = blank(game(("marquise", "eyrie"), (UPRISING, EXILE)))
    put(g, UPRISING, 1, 1)
    control(g, UPRISING, 1, markers=1)
    control(g, EXILE, 1, markers=3)
    since = start(g, 1, "birdsong.start")
    order = keys(g, since)
    assert order.index("ev.hirelings.marker_off") < order.index("ev.uprising.rolled")
    assert markers(g, UPRISING) == 0 and markers(g, EXILE) == 2  # one off each card it controls
    assert g.state.hired[UPRISING] == 1  # held through this turn (its action is taken, RT-HR-19)


@pytest.mark.rule("RT-HR-05", "RT-HR-06", "RT-HR-20", "RT-HR-21", "RT-HR-22", "RT-HR-24", "RTA-HIRE-05")
@pytest.mark.parametrize("receiver_score,die", [(10, "lead"), (9, "other")])
def test_a_hireling_without_markers_is_handed_on_and_the_receiver_rolls_by_its_lead(receiver_score, die):
    g = blank(game())
    control(g, DYNASTY, 0, markers=0, gained=0)
    with positions.edit(g) as s:
        s.score = [10, receiver_score]  # tied for most: the lead die
    since = end_turn(g, 0)  # two players: the other one receives it
    handed = params(g, "ev.hirelings.handed", since)
    assert handed == [{"seat": 0, "hireling": DYNASTY, "receiver": 1}]
    roll = params(g, "ev.hirelings.rolled", since)[0]
    assert roll["die"] == die and roll["n"] in (LEAD if die == "lead" else OTHER)
    assert g.state.hired[DYNASTY] == 1
    assert markers(g, DYNASTY) == roll["n"] - 1  # seat 1's turn has started: one came off (RT-HR-18)


@pytest.mark.rule("RT-HR-07", "RT-HR-20", "RT-HR-23", "LR-AH-01-03", "RTA-HIRE-06")
def test_any_other_player_may_receive_it_and_a_dominance_player_rolls_the_other_die():
    g = blank(game(("marquise", "alliance", "vagabond"), (DYNASTY,), below_reach=True))
    control(g, DYNASTY, 0, markers=0)
    with positions.edit(g) as s:
        s.score = [3, 12, 1]
        s.dominance = [None, "fox_dominance", None]  # the highest score, but an activated dominance card
    end_turn(g, 0)
    assert g.decision == "hireling_handoff" and g.to_play == 0
    assert set(g.legal_action_ids()) == {f"hand_to:{DYNASTY}:1", f"hand_to:{DYNASTY}:2"}  # the leader too
    play(g, f"hand_to:{DYNASTY}:1")
    rolled = [(rules, p) for rules, k, p in events(g) if k == "ev.hirelings.rolled"][-1]
    assert rolled[1]["seat"] == 1 and rolled[1]["die"] == "other" and "RT-HR-23" in rolled[0]


@pytest.mark.rule("RT-HR-07", "RT-HR-20")
def test_hirelings_may_go_back_and_forth():
    """R-11: nothing stops two players passing a hireling between them."""
    g = blank(game())
    control(g, DYNASTY, 0, markers=0)
    end_turn(g, 0)
    assert g.state.hired[DYNASTY] == 1
    control(g, DYNASTY, 1, markers=0, gained=g.state.turn - 1)
    end_turn(g, 1)
    assert g.state.hired[DYNASTY] == 0


@pytest.mark.rule("RTA-HIRE-05")
def test_a_hireling_gained_this_turn_is_not_handed_on():
    g = blank(game())
    control(g, DYNASTY, 0, markers=0, gained=g.state.turn)
    since = end_turn(g, 0)
    assert "ev.hirelings.handed" not in keys(g, since) and g.state.hired[DYNASTY] == 0


# ---- the Law's scheme (LR-AH-01-02/03) ------------------------------------------------------------------------------

@pytest.mark.rule("LR-AH-01-02", "LR-AH-01-03", "RTA-HIRE-02")
def test_under_the_law_markers_come_off_at_the_end_of_the_turn_then_the_hand_off():
    g = blank(game(control="law"))
    control(g, DYNASTY, 0, markers=1, gained=g.state.turn - 1)  # gained on an earlier turn
    control(g, EXILE, 0, markers=1, gained=g.state.turn)  # gained this turn: keeps its marker
    with positions.edit(g) as s:
        s.score = [4, 9]
    since = start(g, 0, "birdsong.start")
    assert "ev.hirelings.marker_off" not in keys(g, since)  # nothing comes off as the turn starts
    since = end_turn(g, 0)
    assert markers(g, EXILE) == 1
    assert params(g, "ev.hirelings.marker_off", since)[0]["hireling"] == DYNASTY
    roll = params(g, "ev.hirelings.rolled", since)[0]
    assert g.state.hired[DYNASTY] == 1 and roll["die"] == "control_gold"  # seat 1 leads: gold pips only


# ---- rule, enemies, separate pieces (LR-AH-03, RT-HR-31..40) --------------------------------------------------------

def run_tasks(g, seat, *tasks, then="evening.start"):
    """Run these tasks in `seat`'s Daylight, then go on at the step `then` (GAME_OVER: stop there, to look
    at the state the tasks left)."""
    with positions.edit(g) as s:
        s.active, s.phase, s.used = seat, "daylight", {}
        s.tasks = list(reversed(tasks))
        s.stack = [(then, 0, None)]
    return positions.run_from(g, "tasks.run")


@pytest.mark.rule("LR-AH-03-01", "RT-HR-31", "RTA-HIRE-07")
def test_the_controller_rules_with_its_hirelings_pieces_and_an_uncontrolled_one_rules_alone():
    g = blank(game())
    put(g, DYNASTY, 5, 2)
    put(g, "marquise", 5, 1)
    assert B.ruler(g.state, idx(5)) == DYNASTY  # uncontrolled: as if it were a player
    control(g, DYNASTY, 1)
    assert B.ruler(g.state, idx(5)) == "alliance"  # with hireling pieces alone (LR-AH-03-01)
    assert idx(5) in B.ruled_by(g.state, "alliance")
    control(g, DYNASTY, 0)
    put(g, "alliance", 5, 2)
    assert B.ruler(g.state, idx(5)) == "marquise"  # 1 + 2 against 2


@pytest.mark.rule("RT-HR-32", "RT-HR-37", "RT-HR-38", "RT-HR-44", "LR-AH-03-03", "LR-AH-03-04")
def test_hireling_pieces_stay_apart_from_the_controllers_moves_and_battles():
    g = blank(game())
    control(g, DYNASTY, 0)
    put(g, DYNASTY, 5, 3)
    put(g, "alliance", 5, 1)
    put(g, "marquise", 2, 1)
    put(g, "alliance", 2, 2)
    assert B.warriors(g.state, "marquise", idx(5)) == 0 and B.has_pieces(g.state, "marquise", idx(5)) is False
    assert idx(5) not in MV.origins(g.state, "marquise")  # its moves never move the Dynasty
    assert idx(5) not in BT.battle_sites(g.state, "marquise")  # nor do its battles battle with it
    assert MV.destinations(g.state, "marquise", idx(2)) == [idx(5)]  # but it rules 5 through it (RT-HR-31)


@pytest.mark.rule("LR-08-04-02-02-01", "RTA-HIRE-07")
def test_martial_law_counts_a_players_hireling_warriors():
    from boardlab.games.root.modules import alliance as AL
    g = blank(game())
    put(g, "marquise", 5, 1)
    put(g, DYNASTY, 5, 2)
    assert not AL.martial_law(g.state, idx(5))  # an uncontrolled hireling is no player
    control(g, DYNASTY, 0)
    assert AL.martial_law(g.state, idx(5))  # the Marquise treats them as hers for rule


@pytest.mark.rule("RT-HR-39", "RT-HR-40", "LR-AH-03-05", "RTA-HIRE-07")
def test_lords_of_the_forest_needs_the_eyries_own_pieces():
    g = blank(game(("eyrie", "alliance"), (PATROL,)))
    control(g, PATROL, 0)
    put(g, "eyrie", 5, 1)
    put(g, PATROL, 5, 1)
    put(g, "alliance", 5, 2)
    assert B.ruler(g.state, idx(5)) == "eyrie"  # tied 2-2, with a piece of its own there
    put(g, PATROL, 2, 2)
    put(g, "alliance", 2, 2)
    assert B.ruler(g.state, idx(2)) is None  # tied with hireling pieces only: the Patrol gains no Lords


@pytest.mark.rule("LR-AH-03-02", "LR-AG-08", "LR-AG-09", "RT-HR-34", "RT-HR-35", "RT-HR-36", "RT-HR-45", "RTA-HIRE-07")
def test_a_hireling_is_an_enemy_of_all_but_its_controller_and_the_controllers_partner():
    g = blank(game(("marquise", "alliance", "vagabond", "vagabond2"), (DYNASTY,), below_reach=True))
    put(g, DYNASTY, 5, 2)
    put(g, "marquise", 5, 2)
    put(g, "alliance", 5, 2)
    s = g.state
    assert DYNASTY in BT.targets(s, "marquise", idx(5)) and DYNASTY in BT.targets(s, "alliance", idx(5))
    control(g, DYNASTY, 0)
    assert DYNASTY not in BT.targets(s, "marquise", idx(5))  # its own (RT-HR-35/36)
    assert DYNASTY in BT.targets(s, "alliance", idx(5))  # an enemy's (RT-HR-34/45)
    assert BT.targets(s, DYNASTY, idx(5)) == ["alliance"]
    with positions.edit(g) as st:
        st.coalition = {2: 0}  # the first Vagabond joined the Marquise
    assert not B.are_enemies(s, "vagabond", DYNASTY) and B.are_enemies(s, "vagabond2", DYNASTY)


# ---- battles with hirelings, scoring (RT-HR-44..48, LR-AH-03-04..06) -------------------------------------------------

MARQUISE_DAY = ("marquise_craft", "marquise_action")
EYRIE_DAY = ("eyrie_craft", "eyrie_resolve")


def answer(g, choose, until=(), limit=60, seen=None):
    """Answer decisions with `choose(game) -> id or None` (None: decline) until one in `until`; `seen`
    collects (seat, decision) of every decision answered."""
    until = (until,) if isinstance(until, str) else until
    for _ in range(limit):
        if g.is_over or g.decision in until:
            return g
        if seen is not None:
            seen.append((g.to_play, g.decision))
        pick = choose(g)
        if pick is None:
            legal = g.legal_action_ids()
            pick = next((w for w in ("skip", "done", "pass") if w in legal), legal[0])
        g.apply(pick)
    raise AssertionError(f"never reached {until}")


@pytest.mark.rule("RT-HR-46", "RT-HR-47", "LR-AH-03-04", "LR-AH-03-05", "RTA-HIRE-09", "RTA-HIRE-12")
def test_battling_with_a_hireling_the_controller_adds_no_piece_no_foil_no_effect():
    g = blank(game())
    control(g, DYNASTY, 0)
    put(g, DYNASTY, 5, 1)
    put(g, "marquise", 5, 2)
    put(g, "alliance", 5, 4)  # 1 + 2 against 4: the Dynasty does not rule: two battles
    hand(g, 0, ["bird_ambush"])  # the controller could foil, were it its battle
    hand(g, 1, ["rabbit_ambush"])
    with positions.edit(g) as s:
        s.play_area[0] = ("bird_armorers",)
    start(g, 0, "daylight.start")
    since = len(g.state.events)
    play(g, f"hireling:{DYNASTY}:act", "battle:5")
    assert g.decision == "ambush" and g.to_play == 1  # the enemy may ambush the hireling
    play(g, "ambush:rabbit_ambush")
    assert "ev.foil" not in keys(g, since) and B.warriors(g.state, DYNASTY, idx(5)) == 0
    assert B.warriors(g.state, "marquise", idx(5)) == 2 and g.state.hands[0] == ["bird_ambush"]
    assert f"hireling:{DYNASTY}:act" not in g.legal_action_ids()  # once per Daylight


@pytest.mark.rule("RT-HR-46", "RT-HR-47", "RTA-HIRE-09", "RTA-HIRE-12")
def test_a_hireling_rolls_up_to_its_own_warriors_and_takes_the_hits_alone():
    for seed in range(4):
        g = blank(game(seed=seed))
        control(g, DYNASTY, 0)
        put(g, DYNASTY, 5, 1)
        put(g, "marquise", 5, 3)
        put(g, "alliance", 5, 5)
        with positions.edit(g) as s:
            s.play_area[0] = ("bird_armorers",)
        start(g, 0, "daylight.start")
        since = len(g.state.events)
        play(g, f"hireling:{DYNASTY}:act")
        seen: list = []
        answer(g, lambda game: "battle:5" if "battle:5" in game.legal_action_ids() else None, until=MARQUISE_DAY,
               seen=seen)
        assert (0, "battle_effects") not in seen  # no Armorers for the controller (RT-HR-47)
        hits = params(g, "ev.hits", since)
        assert hits and all(h["attacker"] <= 1 for h in hits)  # one Dynasty warrior: at most one rolled hit
        assert B.warriors(g.state, "marquise", idx(5)) == 3  # never the controller's warriors
        assert len(hits) == 2 or B.warriors(g.state, DYNASTY, idx(5)) == 0  # twice, unless none is left


@pytest.mark.rule("RT-HR-48", "LR-AH-03-06", "LR-AH-03-07", "RTA-HIRE-08", "RTA-HIRE-09")
@pytest.mark.parametrize("scheme", ["seed", "law"])
def test_the_controller_scores_nothing_for_what_its_hireling_removes_but_owes_outrage(scheme):
    g = blank(game(control=scheme))
    control(g, DYNASTY, 0)
    put(g, DYNASTY, 5, 1)
    put(g, "alliance", 5, 0, buildings=["base"], tokens=["sympathy"])  # tied 1-1: two battles, defenceless
    hand(g, 0, ["rabbit_root_tea"])
    start(g, 0, "daylight.start")
    since = len(g.state.events)
    play(g, f"hireling:{DYNASTY}:act", "battle:5")
    answer(g, lambda game: ("remove:sympathy" if "remove:sympathy" in game.legal_action_ids() else
                            "first:outrage" if "first:outrage" in game.legal_action_ids() else None),
           until=MARQUISE_DAY)
    removed = [p for p in params(g, "ev.removed", since) if p["owner"] == "alliance"]
    assert removed and g.state.score[0] == 0  # the base or token removed scores nothing (RT-HR-48)
    assert any(p["seat"] == 0 for p in params(g, "ev.alliance.outrage", since))  # the controller owes it
    assert params(g, "ev.alliance.outrage_paid", since)[0]["seat"] == 0  # and pays with its matching card
    assert "rabbit_root_tea" not in g.state.hands[0]


@pytest.mark.rule("RT-HR-43", "LR-AH-03-07", "RTA-HIRE-08")
@pytest.mark.parametrize("scheme", ["seed", "law"])
def test_moving_hireling_warriors_into_sympathy_causes_outrage_only_under_the_law(scheme):
    g = blank(game(("eyrie", "alliance"), (PATROL,), control=scheme))
    control(g, PATROL, 0)
    put(g, PATROL, 5, 2)
    put(g, "alliance", 1, 0, tokens=["sympathy"])
    hand(g, 0, ["fox_root_tea"])
    start(g, 0, "daylight.start")
    since = len(g.state.events)
    answer(g, lambda game: next((a for a in (f"hireling:{PATROL}:move", "from:5", "to:1", "warriors:2")
                                 if a in game.legal_action_ids()), None), until="battle_where")
    assert B.warriors(g.state, PATROL, idx(1)) == 2
    outraged = any(p["seat"] == 0 for p in params(g, "ev.alliance.outrage", since))
    assert outraged is (scheme == "law")
    assert ("fox_root_tea" in g.state.hands[0]) is (scheme == "seed")
    assert ("ev.hirelings.no_outrage" if scheme == "seed" else "ev.hirelings.outrage") in keys(g, since)


@pytest.mark.rule("RT-HR-41", "RT-HR-42", "RTA-HIRE-11")
def test_a_hireling_on_the_ferry_draws_nothing_and_uses_it_up():
    g = blank(game(("eyrie", "alliance"), (PATROL,), map="lake"))
    control(g, PATROL, 0)
    ferry = MAPS["lake"].ferry_start + 1
    put(g, PATROL, ferry, 2)
    put(g, "eyrie", ferry, 1)
    cards = len(g.state.hands[0])
    run_tasks(g, 0, MV.moves(0, PATROL, 1, ("test",)), then=GAME_OVER)
    play(g, f"from:{ferry}", "ferry:10", "warriors:2")
    assert B.warriors(g.state, PATROL, idx(10)) == 2 and g.state.ferry == idx(10)
    assert len(g.state.hands[0]) == cards  # the controller draws nothing (RT-HR-41)
    from boardlab.games.root.modules import map_lake
    assert g.state.used.get("ferry") and map_lake.ferry_crossings(g.state, "eyrie", idx(10)) == []  # RT-HR-42


@pytest.mark.rule("RT-HR-33", "LR-AH-03-01")
def test_ruling_the_tower_with_a_hireling_alone_scores():
    g = blank(game(("eyrie", "alliance"), (PATROL,), map="mountain"))
    tower = MAPS["mountain"].pass_clearing + 1
    control(g, PATROL, 0)
    put(g, PATROL, tower, 2)
    since = start(g, 0, "evening.end")
    assert any(p["seat"] == 0 for p in params(g, "ev.map_mountain.pass", since))
    assert g.state.score[0] == 1


# ---- actions and abilities: icons (RT-HR-25..30, LR-AH-02) --------------------------------------------------------

@pytest.mark.rule("RT-HR-25", "RT-HR-30", "LR-AH-02", "LR-AH-02-04", "RTA-HIRE-10")
def test_a_daylight_action_is_offered_to_its_controller_once_per_daylight_only():
    g = blank(game(("eyrie", "alliance"), (PATROL,)))
    put(g, PATROL, 5, 2)
    put(g, "alliance", 2, 1)
    start(g, 0, "daylight.start")
    assert not any(a.startswith("hireling:") for a in g.legal_action_ids())  # uncontrolled: no one's action
    control(g, PATROL, 1)
    start(g, 0, "daylight.start")
    assert not any(a.startswith("hireling:") for a in g.legal_action_ids())  # another seat's hireling
    control(g, PATROL, 0)
    start(g, 0, "birdsong.start")
    assert not any(a.startswith("hireling:") for a in g.legal_action_ids())  # not in Birdsong
    with positions.edit(g) as s:
        s.dominance_pool = ["fox_dominance"]  # something else for the Eyrie to do in its Daylight
    hand(g, 0, ["fox_root_tea"])
    start(g, 0, "daylight.start")
    play(g, f"hireling:{PATROL}:move", "skip")
    assert g.decision == "eyrie_craft" and f"hireling:{PATROL}:move" not in g.legal_action_ids()


# ---- Forest Patrol / Feline Physicians -----------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01")
def test_forest_patrol_sets_up_a_warrior_in_every_clearing():
    g = game(("eyrie", "alliance"), (PATROL,))
    assert g.state.warriors[PATROL] == [1] * 12 and g.state.supply[PATROL] == 0


@pytest.mark.rule("RT-HR-26", "RT-HR-27", "LR-AH-02-02", "RTA-HIRE-11")
def test_removed_patrol_warriors_put_one_on_the_card():
    from boardlab.games.root import cards as K
    g = blank(game(("eyrie", "alliance"), (PATROL,)))
    put(g, PATROL, 5, 2)
    put(g, PATROL, 3, 1)
    with positions.edit(g) as s:
        tasks = K.remove_all(s, 1, "alliance", idx(5), ("card:favor_of_the_rabbits",)) + K.remove_all(
            s, 1, "alliance", idx(3), ("card:favor_of_the_rabbits",))
    run_tasks(g, 1, *tasks, then=GAME_OVER)
    assert g.state.mods[PATROL].on_card == 2  # one of the two from 5, the one from 3
    assert g.state.supply[PATROL] == 12 - 2 and sum(g.state.warriors[PATROL]) == 0


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HIRE-11")
def test_forest_patrol_moves_then_battles_or_puts_the_card_warriors_out():
    g = blank(game(("eyrie", "alliance"), (PATROL,)))
    control(g, PATROL, 0)
    put(g, PATROL, 5, 3)
    put(g, "alliance", 2, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{PATROL}:move")
    assert "skip" in g.legal_action_ids()  # the move may be skipped
    play(g, "from:5", "to:2", "warriors:3")
    assert g.decision == "battle_where" and "skip" in g.legal_action_ids()  # so may the battle
    play(g, "battle:2")
    assert params(g, "ev.battle")[-1] == {"seat": 0, "faction": PATROL, "defender": "alliance", "clearing": idx(2)}
    g2 = blank(game(("eyrie", "alliance"), (PATROL,)))
    control(g2, PATROL, 0)
    put(g2, PATROL, 7, 1)
    put(g2, PATROL, 9, 1)
    with positions.edit(g2) as s:
        s.mods[PATROL].on_card, s.supply[PATROL] = 3, s.supply[PATROL] - 3
    start(g2, 0, "daylight.start")
    play(g2, f"hireling:{PATROL}:place")
    assert set(g2.legal_action_ids()) == {"patrol_at:7", "patrol_at:9"}
    play(g2, "patrol_at:9")
    assert B.warriors(g2.state, PATROL, idx(9)) == 4 and g2.state.mods[PATROL].on_card == 0


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RTA-HIRE-17")
def test_feline_physicians_heal_the_controllers_warriors():
    from boardlab.games.root import cards as K
    g = blank(game(("eyrie", "alliance"), (PATROL,)))
    side(g, PATROL, True)
    control(g, PATROL, 1)
    put(g, "alliance", 5, 2)
    put(g, "alliance", 2, 1)
    put(g, "alliance", 9, 1)
    hand(g, 1, ["rabbit_root_tea", "fox_root_tea"])
    with positions.edit(g) as s:
        tasks = K.remove_all(s, 0, "eyrie", idx(5), ("card:favor_of_the_rabbits",))
    run_tasks(g, 0, *tasks, then=GAME_OVER)
    assert g.decision == "feline_physicians" and g.to_play == 1
    assert set(g.legal_action_ids()) == {"discard:rabbit_root_tea", "pass"}  # a card matching the clearing
    play(g, "discard:rabbit_root_tea")
    assert set(g.legal_action_ids()) == {"heal_at:2", "heal_at:9"}  # a clearing with its faction pieces
    play(g, "heal_at:9")
    assert B.warriors(g.state, "alliance", idx(9)) == 3 and B.warriors(g.state, "alliance", idx(5)) == 0
    assert g.state.hands[1] == ["fox_root_tea"]


# ---- Last Dynasty / Bluebird Nobles -------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RTA-HIRE-12")
def test_last_dynasty_sets_up_in_a_map_edge_clearing():
    g = new(("marquise", "alliance"), seed=2, hirelings=[DYNASTY], below_reach=True)
    while g.decision != "dynasty_land":
        g.apply(g.legal_action_ids()[0])
    assert {A for A in g.legal_action_ids()} <= {f"dynasty_at:{c}" for c in range(1, 10)}  # 10-12 are inner
    play(g, g.legal_action_ids()[-1])
    assert sum(g.state.warriors[DYNASTY]) == 5


@pytest.mark.rule("RT-HR-30", "RTA-HIRE-12")
def test_last_dynasty_lands_then_battles_or_marches_then_battles():
    g = blank(game())
    control(g, DYNASTY, 0)
    put(g, "alliance", 2, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{DYNASTY}:act")  # none on the map: all five land on the edge
    assert g.decision == "dynasty_land" and "dynasty_at:10" not in g.legal_action_ids()
    play(g, "dynasty_at:2")
    assert B.warriors(g.state, DYNASTY, idx(2)) == 5 and g.decision == "battle_where"
    assert g.legal_action_ids() == ["battle:2"]  # the battle there must be fought
    g = blank(game())
    control(g, DYNASTY, 0)
    put(g, DYNASTY, 5, 3)  # they rule 5: all of them move, then battle
    put(g, "alliance", 2, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{DYNASTY}:act", "from:5", "to:2")
    assert B.warriors(g.state, DYNASTY, idx(2)) == 3 and B.warriors(g.state, DYNASTY, idx(5)) == 0  # all at once
    assert g.legal_action_ids() == ["battle:2"]


@pytest.mark.rule("LR-AH-02", "RTA-HIRE-18")
def test_bluebird_nobles_win_ties_for_the_controller():
    g = blank(game())
    side(g, DYNASTY, True)
    put(g, "marquise", 5, 1)
    put(g, "alliance", 5, 1)
    assert B.ruler(g.state, idx(5)) is None
    control(g, DYNASTY, 0)
    assert B.ruler(g.state, idx(5)) == "marquise"
    control(g, DYNASTY, 1)
    assert B.ruler(g.state, idx(5)) == "alliance"


@pytest.mark.rule("RT-HR-29", "LR-AH-02-03", "RTA-HIRE-18")
def test_bluebird_nobles_score_a_point_per_three_ruled_clearings():
    g = blank(game())
    side(g, DYNASTY, True)
    control(g, DYNASTY, 0, markers=3)
    for c in (1, 2, 3, 4, 5, 6, 7):
        put(g, "marquise", c, 1)
    start(g, 0, "birdsong.start")
    assert g.state.score[0] == 2 and params(g, "ev.dynasty.nobles")[-1]["n"] == 7


# ---- Spring Uprising / Rabbit Scouts -------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RTA-HIRE-13")
def test_spring_uprising_sets_up_by_two_rolls_of_its_die():
    g = game(("marquise", "eyrie"), (UPRISING,), seed=7)
    rolled = [p["suit"] for p in params(g, "ev.uprising.rolled")]
    placed = [p["clearing"] for p in params(g, "ev.uprising.placed")]
    assert len(rolled) == 2 and len(placed) == 2 and set(rolled) <= set(HIRELING_DATA.dice["uprising"].faces)
    assert sorted(g.state.suits[c] for c in placed) == sorted(rolled)  # each in a matching clearing


@pytest.mark.rule("RT-HR-28", "LR-AH-02-01", "RTA-HIRE-05")
def test_spring_uprising_when_hired_with_none_on_the_map_places_one():
    g = blank(game(("marquise", "eyrie"), (UPRISING, EXILE)))
    control(g, UPRISING, 1, markers=0)
    since = end_turn(g, 1)  # handed to seat 0, who takes its When-Hired action at once
    answer(g, lambda game: None if game.decision != "uprising_place" else game.legal_action_ids()[0],
           until=("marquise_craft", "marquise_action", "marquise_wood"))
    assert g.state.hired[UPRISING] == 0
    placed = [(rules, p) for rules, k, p in events(g, since) if k == "ev.uprising.placed"][0]
    assert "RT-HR-28" in placed[0]  # placed as it was hired, before seat 0's own turn began
    order = keys(g, since)
    assert order.index("ev.hirelings.rolled") < order.index("ev.uprising.placed") < order.index("ev.turn")


@pytest.mark.rule("RT-HR-26", "LR-AH-02-02", "RTA-HIRE-13")
def test_battling_the_uprising_costs_a_matching_card():
    g = blank(game(("marquise", "eyrie"), (UPRISING, EXILE)))
    put(g, UPRISING, 5, 1)
    put(g, "marquise", 5, 2)
    assert UPRISING not in BT.targets(g.state, "marquise", idx(5))  # no rabbit card: no battle
    hand(g, 0, ["rabbit_root_tea", "fox_root_tea"])
    assert UPRISING in BT.targets(g.state, "marquise", idx(5))
    since = run_tasks(g, 0, BT.start(0, "marquise", ("test",), (idx(5),), must=True), then=GAME_OVER)
    play(g, "battle:5")
    assert g.state.hands[0] == ["fox_root_tea"] and "rabbit_root_tea" in g.state.discard
    assert keys(g, since).index("ev.discard") < keys(g, since).index("ev.roll")  # paid as the battle begins


@pytest.mark.rule("RT-HR-29", "RT-HR-48", "LR-AH-02-03", "LR-AH-03-06", "RTA-HIRE-13")
def test_spring_uprising_rises_in_a_matching_clearing_and_its_controller_scores_nothing():
    g = blank(game(("marquise", "eyrie"), (UPRISING, EXILE)))
    control(g, UPRISING, 1, markers=3)
    for c in (1, 2, 5):  # one clearing of each suit
        put(g, UPRISING, c, 1)
        put(g, "marquise", c, 2, buildings=["sawmill"], tokens=["wood"])
    start(g, 1, "birdsong.start")
    suit = params(g, "ev.uprising.rolled")[-1]["suit"]
    c = {"fox": 1, "mouse": 2, "rabbit": 5}[suit]
    assert g.decision == "uprising_birdsong" and f"uprising_remove:{c}" in g.legal_action_ids()
    assert all(g.state.suits[idx(int(a.split(":")[1]))] == suit for a in g.legal_action_ids())
    play(g, f"uprising_remove:{c}")
    assert B.has_pieces(g.state, "marquise", idx(c)) is False and B.warriors(g.state, UPRISING, idx(c)) == 0
    assert g.state.score[1] == 0  # a building and a token removed by the hireling: no points


@pytest.mark.rule("LR-AH-02", "RTA-HIRE-14")
def test_rabbit_scouts_let_the_controller_defend_with_the_higher_roll():
    g = blank(game(("marquise", "eyrie"), (UPRISING, EXILE)))
    side(g, UPRISING, True)
    control(g, UPRISING, 0)
    put(g, "marquise", 5, 3)
    put(g, "eyrie", 5, 3)
    hand(g, 0, ["rabbit_root_tea"])
    hand(g, 1, [])
    since = run_tasks(g, 1, BT.start(1, "eyrie", ("test",), (idx(5),), must=True), then=GAME_OVER)
    play(g, "battle:5")
    assert g.decision == "battle_effects" and g.to_play == 0
    play(g, "effect:rabbit_scouts:rabbit_root_tea")
    answer(g, lambda game: None, until=())
    roll = params(g, "ev.roll", since)[0]
    assert roll["defender"] == max(roll["dice"]) and roll["attacker"] == min(roll["dice"])
    assert "rabbit_root_tea" in g.state.discard


# ---- The Exile / The Brigand ---------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RTA-HIRE-15")
def test_the_exile_starts_in_any_forest_with_three_ready_clubs():
    g = new(("marquise", "eyrie"), seed=3, hirelings=[EXILE])
    while g.decision != "exile_setup":
        g.apply(g.legal_action_ids()[0])
    assert len(g.legal_action_ids()) == len(MAPS["autumn"].forests)
    play(g, "exile_forest:5")
    assert g.state.pawns[EXILE] == FOREST + 4 and g.state.mods[EXILE].items == (("club", False),) * 3


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HIRE-15")
def test_the_exile_moves_and_battles_by_exhausting_items_then_refreshes():
    g = blank(game())
    control(g, EXILE, 0)
    with positions.edit(g) as s:
        s.pawns[EXILE] = FOREST + 0  # forest 1: clearings 1, 2, 5, 10
    put(g, "alliance", 9, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{EXILE}:act")
    assert set(g.legal_action_ids()) == {"exile_forest:2", "exile_forest:3", "done"}
    play(g, "exile_forest:2")  # forest 2: clearings 1, 9, 10, 12
    assert g.state.pawns[EXILE] == FOREST + 1 and [e for _, e in g.state.mods[EXILE].items] == [True, False, False]
    assert "exile_battle:9" in g.legal_action_ids()
    since = len(g.state.events)
    play(g, "exile_battle:9")
    answer(g, lambda game: None, until=("exile_act",))
    roll = params(g, "ev.roll", since)[0]
    assert roll["attacker"] <= 3  # up to one hit per item on the card
    assert params(g, "ev.battle", since)[0]["faction"] == EXILE
    play(g, "done")
    assert all(not e for _, e in g.state.mods[EXILE].items)  # every item refreshed


@pytest.mark.rule("LR-AH-02-02", "RTA-HIRE-15")
def test_hits_exhaust_the_exiles_ready_items_then_remove_exhausted_ones():
    from boardlab.games.root.modules import exile as EX
    g = blank(game())
    with positions.edit(g) as s:
        s.mods[EXILE].items = (("club", True), ("boot", False), ("club", True))
        EX.takes_hits(s, BT.take_hits(s, EXILE, 1, idx(2), 2, ("test",)))
    assert g.state.mods[EXILE].items == (("boot", True), ("club", True))


@pytest.mark.rule("RT-HR-26", "LR-AH-02-02", "RTA-HIRE-10", "RTA-HIRE-15")
def test_any_player_may_aid_the_exile_on_its_turn():
    g = blank(game())
    control(g, EXILE, 0)
    with positions.edit(g) as s:
        s.pawns[EXILE] = FOREST + 0
        s.crafted[1] = ("boot", "sword")
        s.exhausted[1] = ("sword",)
    put(g, "alliance", 9, 1)
    start(g, 1, "daylight.start")
    assert f"hireling:{EXILE}:aid" not in g.legal_action_ids()  # no pieces next to its forest
    put(g, "alliance", 2, 1)
    start(g, 1, "daylight.start")
    cards = len(g.state.hands[1])
    play(g, f"hireling:{EXILE}:aid")
    assert set(g.legal_action_ids()) == {"exile_aid:boot", "exile_aid:sword:exhausted"}
    play(g, "exile_aid:sword:exhausted")
    assert g.state.mods[EXILE].items[-1] == ("sword", True) and g.state.crafted[1] == ("boot",)
    assert g.state.exhausted[1] == () and g.state.score[1] == 1 and len(g.state.hands[1]) == cards + 1


@pytest.mark.rule("RT-AS-17", "LR-AH-02-04", "RTA-HIRE-16")
def test_the_brigand_explores_ruins_and_steals_with_crafted_items():
    from boardlab.games.root.modules import exile as EX
    g = game(("marquise", "eyrie", "alliance"), (EXILE,), seed=5)  # 3 players: the one hireling dealt is demoted
    assert g.state.mods["hirelings"].dealt == (EXILE,) and PROGRAM.module(EXILE).demoted(g.state)
    assert sorted(i for v in g.state.ruin_items.values() for i in v) == sorted(EX.RUIN_ITEMS)  # one per ruin
    assert EXILE not in g.state.pawns  # the Brigand has no pawn
    ruins = dict(g.state.ruin_items)
    blank(g)
    with positions.edit(g) as s:
        s.ruin_items = ruins
    control(g, EXILE, 0)
    put(g, "marquise", 6, 1)  # a ruin
    put(g, "alliance", 6, 1)
    hand(g, 2, ["fox_root_tea", "mouse_root_tea"])
    item = g.state.ruin_items[idx(6)][0]
    start(g, 0, "daylight.start")
    play(g, f"hireling:{EXILE}:explore")
    assert g.state.crafted[0] == (item,) and idx(6) not in g.state.ruin_items and RUIN not in g.state.buildings[idx(6)]
    assert g.state.score[0] == 0 and f"hireling:{EXILE}:explore" not in g.legal_action_ids()
    play(g, f"hireling:{EXILE}:steal")  # its only item, the only player beside it
    assert g.state.exhausted[0] == (item,) and len(g.state.hands[0]) == 1 and len(g.state.hands[2]) == 1
    stolen = g.state.hands[0][0]
    assert g.state.known[stolen] == frozenset({0, 2})  # both know the card
    assert f"hireling:{EXILE}:steal" not in g.legal_action_ids()


# ---- the tables, texts and random play -----------------------------------------------------------------------------

def test_the_hireling_cards_show_on_the_terminal_and_web_tables_in_three_languages():
    from boardlab.games.root.render import render_board
    g = blank(game(("marquise", "eyrie"), (UPRISING, EXILE)))
    control(g, UPRISING, 1, markers=2)
    side(g, UPRISING, True)
    put(g, UPRISING, 5, 1)
    view = g.view(0)
    cards = {c["key"]: c for c in view["hirelings"]["cards"]}
    assert cards[UPRISING] == {"key": UPRISING, "side": "demoted", "controller": 1, "control": 2, "gained": 0}
    assert cards[EXILE]["items"] == [["club", False]] * 3 and cards[EXILE]["controller"] is None
    assert view["clearings"][idx(5)]["warriors"] == {UPRISING: 1}
    text = RULESET.render_text(view, "zh-Hant")
    assert "兔子斥候（降級面）— 1 號座位 飛鷹帝國，控制權標記：2" in text and "流亡者（升級面）— 無人控制" in text
    assert "棍棒" in text and "春季起義：1 名士兵" in text
    assert "Rabbit Scouts (demoted)" in RULESET.render_text(view, "en")
    assert "兔子斥候（降级面）" in RULESET.render_text(view, "zh-Hans")
    svg = render_board(view, "en", g.legal_action_ids())
    assert svg.count("data-hireling=") == 2 and 'data-score-marker="hireling_marker" data-space="4"' in svg
    assert f'data-piece="warriors" data-faction="{UPRISING}"' in svg


def test_every_hireling_has_names_texts_and_pieces_in_three_languages():
    from boardlab.core.i18n import LANGS
    assert len(HIRELINGS) == 16 and set(PLAYABLE_HIRELINGS) >= {PATROL, DYNASTY, UPRISING, EXILE}
    for spec in HIRELINGS.values():
        for side_ in (spec.promoted, spec.demoted):
            for lang in LANGS:
                assert side_.names.get(lang) and all(a.text.get(lang) for a in side_.abilities), spec.key
            assert side_.abilities and all(a.source and a.confidence for a in side_.abilities)
        assert spec.promoted.setup is not None and spec.pieces.warriors + spec.pieces.pawns > 0
    for key in PLAYABLE_HIRELINGS:
        assert PROGRAM.module(key).replaces == HIRELINGS[key].replaces
    assert HIRELINGS[PATROL].promoted.names.zh_Hant == "森林巡邏隊"  # seed 001 (RT-HR-10)
    opencc = pytest.importorskip("opencc")
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from root_rule_texts import to_hans
    convert = opencc.OpenCC("t2s")
    for spec in HIRELINGS.values():
        for side_ in (spec.promoted, spec.demoted):
            for names in [side_.names] + [a.text for a in side_.abilities]:
                assert names.zh_Hans == to_hans(names.zh_Hant, convert), spec.key


RANDOM = [
    (2, {"factions": ["marquise", "eyrie"], "hirelings": "random"}),
    (2, {"factions": ["alliance", "vagabond"], "hirelings": "random", "below_reach": True, "hireling_control": "law"}),
    (3, {"factions": ["marquise", "vagabond", "vagabond2"], "hirelings": "random", "below_reach": True}),
    (3, {"factions": ["alliance", "eyrie", "vagabond"], "hirelings": [PATROL], "below_reach": True, "map": "lake"}),
    (4, {"factions": ["marquise", "eyrie", "vagabond", "vagabond2"], "hirelings": "random", "below_reach": True}),
    (4, {"factions": ["eyrie", "alliance", "vagabond", "vagabond2"], "hirelings": [PATROL], "below_reach": True,
         "deck": "exiles", "hireling_control": "law"}),
]


@pytest.mark.parametrize("players,options", RANDOM)
def test_random_games_with_hirelings_end_and_cite_rules_with_texts(players, options):
    from boardlab.core.i18n import LANGS
    for seed in (1, 2):
        g = boardlab.new_game("root", players, seed=seed, options=options)
        stream = Stream(seed)
        while not g.is_over:
            legal = g.legal_action_ids()
            g.apply(legal[stream.below(len(legal))])
        assert g.winners or g.state.winners == ()
        assert g.state.mods["hirelings"].dealt
        for event in g.state.events:
            assert event.rules, event.key
            for lang in LANGS:
                assert event.as_dict(RULESET, lang)["text"]
        for rid in rules_logged(g):
            assert RULESET.rule_text(rid, "zh-Hant"), rid


@pytest.mark.rule("RTA-HIRE-19")
def test_a_random_deal_before_a_draft_leaves_setup_cards_to_draft():
    """Whatever the shuffle, the trio dealt leaves a draft (R-10), or none is dealt when no trio would."""
    from itertools import combinations

    import boardlab
    from boardlab.games.root import advanced as ADV
    from boardlab.games.root.content import HIRELINGS, PLAYABLE_HIRELINGS
    from boardlab.games.root.modules.hirelings import random_deal
    g = boardlab.new_game("root", 4, seed=1, options={"setup": "advanced"})
    cards = list(g.state.options["setup_cards"])

    def drafts(trio):
        return ADV.shortfall(4, cards, [f for k in trio for f in HIRELINGS[k].replaces]) is None

    for seed in range(20):
        order = list(PLAYABLE_HIRELINGS)
        g.state.rng = seed + 1
        order = g.state.shuffle(order)
        trio = random_deal(g.state, order)
        possible = [t for t in combinations(order, 3) if drafts(t)]
        assert trio == (possible[0] if possible else ())


# ---- what a simulation report tallies (modules/hireling_stats.py) ------------------------------------------------

def test_the_report_summary_counts_holders_hires_and_control_turns_by_die():
    g = blank(game())
    with positions.edit(g) as s:
        s.score = [3, 2]
        S.score(s, 0, 6, ("test",))  # past 4 and 8: seat 0 hires both at its turn's end
    end_turn(g, 0)
    play(g, f"hire:{EXILE}")
    label = {k: f"{k} ({'demoted' if g.state.mods[k].demoted else 'promoted'})" for k in (DYNASTY, EXILE)}
    summary = g.rules.summary(g.state)
    assert summary["hirelings_held"] == ["2", "0"] and summary["faction"] == ["marquise", "alliance"]
    assert summary["hirelings_at_end"] == ["2", "0"]
    assert summary["hireling_hired"] == {label[DYNASTY]: [1], label[EXILE]: [1]}
    assert summary["hireling_gains"] == {label[DYNASTY]: [1], label[EXILE]: [1]}
    assert summary["control_turns"] == {"lead, cut by the game's end": [0, 0]}
    with positions.edit(g) as s:  # two turns of seat 0 and one of seat 1 pass, then the Dynasty is handed on
        for seat in (1, 0, 1, 0):
            s.log(("LR-01-04-01",), "ev.turn", seat=seat, faction=s.faction[seat], turn=0)
        s.log(("RT-HR-20",), "ev.hirelings.handed", seat=0, hireling=DYNASTY, receiver=1)
        s.log(("RT-HR-22",), "ev.hirelings.rolled", seat=1, hireling=DYNASTY, die="other", n=2)
        s.log(("LR-01-04-01",), "ev.turn", seat=1, faction=s.faction[1], turn=0)
    summary = g.rules.summary(g.state)
    assert summary["hirelings_held"] == ["2", "1"] and summary["hireling_gains"][label[DYNASTY]] == [2]
    assert summary["hirelings_at_end"] == ["2", "0"]  # the events alone change no control (state.hired)
    assert summary["control_turns"] == {"lead": [2], "lead, cut by the game's end": [2], "other, cut by the game's end": [1]}


def test_a_game_without_hirelings_has_no_hireling_summary():
    g = set_up(new(("marquise", "eyrie")))
    assert set(g.rules.summary(g.state)) == {"faction", "dominance"}
