"""The Twilight Council (Law of Root chapter 17), with boardlab's rulings RTA-TC-* (docs/root-rulings.md, "Twilight
Council").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; corners 1-4; 1 is next
to 5, 9 and 10; 2 to 5, 6 and 10; 8 to 4 and 7; 12 to 4, 7, 9, 10 and 11; building slots: none in 1 and 5, two in
2, 7, 8, 9 and 11) with the Marquise (and the Eyrie where a test needs a third faction).
"""
from __future__ import annotations

import json

import pytest
from root_helpers import clear, dice, events, hand, idx, new, play, put, render_and_click, rules_logged, set_up, start, warriors
from test_root_render import parse

import boardlab
from boardlab.agents import choose, make_agent
from boardlab.core import positions
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import board as B
from boardlab.games.root.content import FACTIONS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import twilight as TC
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
NAME = "twilight"
FOX, RABBIT, MOUSE, BIRD = "fox_root_tea", "rabbit_bake_sale", "mouse_root_tea", "bird_crossbow"


# ---- positions ------------------------------------------------------------------------------------------------------

def table(factions=("marquise", NAME), seed: int = 3):
    """An empty Autumn map after setup (the keep gone), every hand empty, no Loyalists; returns the game."""
    g = set_up(new(factions, seed=seed))
    clear(g)
    with positions.edit(g) as s:
        if "marquise" in s.faction:
            s.mods["marquise"].keep = None
        d = s.mods[NAME]
        s.deck.extend(d.revealed + s.discard)
        d.revealed, d.loyalists, s.discard = [], 0, []
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def tc(g) -> TC.TwilightState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def assembly(g, number: int, governing: bool = False, warriors: int = 0):
    return put(g, NAME, number, warriors=warriors, tokens=(TC.GOVERNING if governing else TC.CLOSED,))


def loyalists(g, n: int):
    with positions.edit(g) as s:
        s.supply[NAME] -= n
        s.mods[NAME].loyalists += n
    return g


def revealed(g, *cards: str):
    """These cards lie revealed in the Council's play area (taken out of the deck)."""
    with positions.edit(g) as s:
        for c in cards:
            s.deck.remove(c)
        s.mods[NAME].revealed = list(cards)
    return g


def keys(g, since: int = 0) -> list[str]:
    return [k for _, k, _ in events(g, since)]


def side(g, number: int) -> str | None:
    tokens = g.state.tokens[idx(number)]
    return TC.GOVERNING if (NAME, TC.GOVERNING) in tokens else TC.CLOSED if (NAME, TC.CLOSED) in tokens else None


def evening(g):
    """The Council's Evening from its start, the revealed cards as they are."""
    return start(g, me(g), "evening.start")


def to_adjourn(g):
    """Past Convene Woodfolk (no action) and Inspire (no craft) to Adjourn."""
    for _ in range(30):
        if g.decision == "twilight_adjourn":
            return g
        legal = g.legal_action_ids()
        g.apply("pass" if "pass" in legal else "done" if "done" in legal else legal[0])
    raise AssertionError(g.decision)


# ---- setup (LR-17-03) -----------------------------------------------------------------------------------------------

@rule("LR-17-03-01", "LR-17-03-02", "LR-17-03-03", "RTA-TC-01")
def test_setup_20_warriors_4_in_a_free_corner_2_in_another_clearing_6_assemblies_on_the_track():
    assert FACTIONS[NAME].warriors == 20 and REACH[NAME] == 4
    g = new(("marquise", NAME), seed=2)
    for _ in range(60):
        if g.decision == "twilight_setup":
            break
        g.apply(g.legal_action_ids()[0])
    keep = g.state.homes["marquise"][0]
    corners = {f"tc_start:{c + 1}" for c in B.corners(g.state)} - {f"tc_start:{keep + 1}"}
    assert set(g.legal_action_ids()) == corners
    first = sorted(corners)[0]
    home = int(first.split(":")[1])
    play(g, first)
    assert warriors(g, NAME, home) == 4 and g.state.homes[NAME] == (idx(home),)
    assert g.decision == "twilight_setup" and f"tc_second:{home}" not in g.legal_action_ids()
    second = next(a for a in g.legal_action_ids() if a != f"tc_second:{keep + 1}")
    play(g, second)
    assert warriors(g, NAME, int(second.split(":")[1])) == 2
    assert g.state.supply[NAME] == 20 - 6 and TC.on_track(g.state) == 6 and tc(g).loyalists == 0
    assert {"ev.twilight.supplies", "ev.twilight.start", "ev.twilight.second"} <= set(keys(g))


@rule("RTA-TC-10", "LR-05-02-02")
def test_its_setup_card_in_the_draft_homeland_away_from_enemies_then_two_warriors_next_to_it():
    card = SETUP_CARDS[NAME]
    assert card.implemented and card.reach == 4 and not card.militant and card.text is not None
    g = boardlab.new_game("root", 3, seed=5, options={"setup": "advanced", "setup_cards": [
        "marquise", "eyrie", "alliance", NAME]})
    for _ in range(400):
        if g.state.phase != "setup":
            break
        legal = g.legal_action_ids()
        g.apply(f"draft:{NAME}" if f"draft:{NAME}" in legal else legal[0])
    s = g.state
    assert NAME in s.faction
    home = s.homes[NAME][0]
    assert s.warriors[NAME][home] == 4 and sum(s.warriors[NAME]) == 6
    near = [c for c in B.neighbours(s, home) if s.warriors[NAME][c]]
    assert len(near) == 1 and s.warriors[NAME][near[0]] == 2
    enemies = {c for f, cs in s.homes.items() if f != NAME for c in cs}
    assert home not in enemies


# ---- Birdsong (LR-17-04) ----------------------------------------------------------------------------------------------

@rule("LR-17-04", "LR-17-04-02", "RTA-TC-03")
def test_reveal_a_card_to_recruit_in_a_matching_clearing_birds_match_any():
    g = table()
    put(g, NAME, 5, warriors=1)
    hand(g, me(g), [FOX, BIRD])
    start(g, me(g))
    legal = g.legal_action_ids()
    assert {f"tc_reveal:recruit:{FOX}", f"tc_reveal:recruit:{BIRD}", f"tc_reveal:move:{BIRD}"} <= set(legal)
    assert f"tc_reveal:move:{FOX}" not in legal  # no Council warrior in a fox clearing
    play(g, f"tc_reveal:recruit:{FOX}")
    assert set(g.legal_action_ids()) == {"tc_recruit:1", "tc_recruit:6", "tc_recruit:8", "tc_recruit:12"}
    play(g, "tc_recruit:8")
    assert warriors(g, NAME, 8) == 1 and tc(g).revealed == [FOX] and FOX not in g.state.hands[me(g)]
    assert not any(FOX in a for a in g.legal_action_ids())  # revealed: no other use in Birdsong
    play(g, f"tc_reveal:recruit:{BIRD}")
    assert len([a for a in g.legal_action_ids() if a.startswith("tc_recruit:")]) == 12


@rule("LR-17-04-01")
def test_reveal_a_card_to_move_from_a_matching_clearing():
    g = table()
    put(g, NAME, 1, warriors=3)
    put(g, NAME, 2, warriors=1)
    hand(g, me(g), [FOX, RABBIT])  # a second card keeps Birdsong open
    start(g, me(g))
    play(g, f"tc_reveal:move:{FOX}")
    assert g.legal_action_ids() == ["from:1"]  # fox clearings only
    play(g, "from:1", "to:5", "warriors:2")
    assert warriors(g, NAME, 1) == 1 and warriors(g, NAME, 5) == 2 and tc(g).revealed == [FOX]


@rule("LR-17-04-03", "LR-17-02-01")
def test_assemble_a_closed_assembly_with_loyalists_the_card_kept_where_it_rules():
    g = table()
    put(g, "marquise", 6, warriors=2)
    loyalists(g, 3)
    hand(g, me(g), [FOX, "fox_travel_gear", RABBIT])
    start(g, me(g))
    play(g, f"tc_reveal:assemble:{FOX}", "tc_assemble:6")
    assert g.legal_action_ids() == ["tc_loyalists:0", "tc_loyalists:1", "tc_loyalists:2", "tc_loyalists:3"]
    play(g, "tc_loyalists:3")
    assert side(g, 6) == TC.CLOSED and warriors(g, NAME, 6) == 3 and tc(g).loyalists == 0
    assert tc(g).revealed == [FOX] and TC.on_track(g.state) == 5  # it rules 6 (3 to 2): the card stays
    play(g, "tc_reveal:assemble:fox_travel_gear")
    assert "tc_assemble:6" not in g.legal_action_ids()  # one assembly a clearing
    play(g, "tc_assemble:8")  # no Loyalists: no question; it does not rule 8
    assert side(g, 8) == TC.CLOSED and tc(g).revealed == [FOX] and "fox_travel_gear" in g.state.discard


@rule("LR-17-04-04", "RTA-TC-06")
def test_battle_in_a_matching_clearing_the_card_discarded_if_an_assembly_is_there(monkeypatch):
    g = table()
    assembly(g, 2, warriors=2)
    put(g, "marquise", 2, warriors=1)
    put(g, NAME, 7, warriors=2)
    put(g, "marquise", 7, warriors=1)
    hand(g, me(g), [MOUSE, "mouse_travel_gear", RABBIT])
    start(g, me(g))
    dice(monkeypatch, 3, 0, 3, 0)
    play(g, f"tc_reveal:battle:{MOUSE}")
    assert set(g.legal_action_ids()) == {"battle:2", "battle:7"}
    play(g, "battle:2")
    assert warriors(g, "marquise", 2) == 0 and MOUSE in g.state.discard and tc(g).revealed == []
    play(g, "tc_reveal:battle:mouse_travel_gear")
    assert warriors(g, "marquise", 7) == 0 and tc(g).revealed == ["mouse_travel_gear"]


# ---- Daylight (LR-17-05) ----------------------------------------------------------------------------------------------

@rule("LR-17-05-01")
def test_sleep_closes_assemblies_in_clearings_enemies_rule():
    g = table()
    assembly(g, 2, governing=True, warriors=1)
    put(g, "marquise", 2, warriors=2)
    assembly(g, 7, governing=True, warriors=2)
    put(g, "marquise", 7, warriors=1)
    assembly(g, 9, governing=True)  # no one rules 9
    start(g, me(g), "daylight.start")
    assert side(g, 2) == TC.CLOSED and side(g, 7) == TC.GOVERNING and side(g, 9) == TC.GOVERNING
    assert "LR-17-05-01" in rules_logged(g)


# ---- Evening (LR-17-06) -----------------------------------------------------------------------------------------------

@rule("LR-17-06", "LR-17-06-01", "LR-17-06-01-02", "RTA-TC-02")
def test_convene_returns_each_revealed_card_one_by_one_agitate_spends_it_for_a_loyalist_and_governing():
    g = table()
    assembly(g, 2, warriors=1)    # mouse
    assembly(g, 5, warriors=1)    # rabbit
    revealed(g, MOUSE, RABBIT)
    evening(g)
    assert set(g.legal_action_ids()) == {f"tc_convene:{MOUSE}", f"tc_convene:{RABBIT}"}
    play(g, f"tc_convene:{MOUSE}")
    assert MOUSE in g.state.hands[me(g)] and tc(g).revealed == [RABBIT]
    assert g.state.known_to(cat(g)) and MOUSE in json.dumps(g.view(cat(g)))  # every player saw it
    assert g.legal_action_ids() == ["tc_agitate:2", "pass"]  # no enemy at 2: no Banish
    play(g, "tc_agitate:2")
    assert MOUSE in g.state.discard and MOUSE not in g.state.hands[me(g)]
    assert tc(g).loyalists == 1 and side(g, 2) == TC.GOVERNING
    assert g.decision == "twilight_convene_action"  # the last card comes back by itself
    assert RABBIT in g.state.hands[me(g)] and g.legal_action_ids() == ["tc_agitate:5", "pass"]


@rule("LR-17-06-01-02", "RTA-TC-07", "LR-17-02-01")
def test_agitate_needs_a_matching_assembly_and_gains_no_fifth_loyalist():
    g = table()
    assembly(g, 2)
    loyalists(g, 4)
    revealed(g, MOUSE, FOX)
    evening(g)
    play(g, f"tc_convene:{FOX}")  # no fox assembly: nothing to do with it; the mouse card comes back next
    assert FOX in g.state.hands[me(g)] and g.legal_action_ids() == ["tc_agitate:2", "pass"]
    play(g, "tc_agitate:2")
    assert tc(g).loyalists == 4 and side(g, 2) == TC.GOVERNING and MOUSE in g.state.discard


@rule("LR-17-06-01-03", "RTA-TC-08")
def test_empower_a_bird_card_rolls_a_die_removes_warriors_then_loyalists_or_a_point(monkeypatch):
    g = table()
    assembly(g, 2, warriors=3)
    put(g, "marquise", 2, warriors=1)
    assembly(g, 5, warriors=1)
    revealed(g, BIRD)
    evening(g)
    assert g.legal_action_ids() == ["tc_empower:2", "tc_empower:5", "pass"]  # a bird: Empower only
    dice(monkeypatch, 2)
    play(g, "tc_empower:2")
    assert warriors(g, NAME, 2) == 1
    assert g.legal_action_ids() == ["tc_empower_keep", "pass"]  # 1 to 1: it does not rule 2 now
    play(g, "tc_empower_keep")
    assert tc(g).loyalists == 2 and g.state.supply[NAME] == 20 - 4 - 2 + 2  # 4 placed, 2 removed, 2 kept
    g = table()
    assembly(g, 5, warriors=2)
    revealed(g, BIRD)
    evening(g)
    dice(monkeypatch, 3)
    play(g, "tc_empower:5")
    assert warriors(g, NAME, 5) == 0 and g.legal_action_ids() == ["tc_empower_keep", "pass"]
    g = table()
    assembly(g, 5, warriors=3)
    revealed(g, BIRD)
    evening(g)
    dice(monkeypatch, 0)
    play(g, "tc_empower:5")
    assert g.legal_action_ids() == ["tc_empower_score", "pass"]  # 0 removed: no Loyalist, but it rules 5
    play(g, "tc_empower_score")
    assert g.state.score[me(g)] == 1


@rule("LR-17-06-01-01", "RTA-TC-11")
def test_banish_moves_the_defenders_warriors_to_one_clearing_and_ignores_rolled_hits(monkeypatch):
    g = table()
    assembly(g, 1, warriors=2)
    put(g, "marquise", 1, warriors=3, tokens=("wood",))
    revealed(g, FOX)
    evening(g)
    assert "tc_banish:1" in g.legal_action_ids()
    dice(monkeypatch, 3, 2)
    play(g, "tc_banish:1")
    assert set(g.legal_action_ids()) == {"to:5", "to:9", "to:10"}
    play(g, "to:9")
    assert warriors(g, "marquise", 1) == 1 and warriors(g, "marquise", 9) == 2  # 2 hits: the Council's 2 warriors
    assert warriors(g, NAME, 1) == 2 and ("marquise", "wood") in g.state.tokens[idx(1)]  # rolled hits ignored
    assert g.state.score[me(g)] == 0 and FOX in g.state.hands[me(g)]  # the card is back, not spent
    assert "ev.move" in keys(g)


@rule("LR-17-06-01-01-01", "LR-17-06-01-01-02")
def test_banish_cannot_hit_the_warlord_or_the_vagabond():
    from boardlab.games.root.records import Battle
    g = table(("hundreds", NAME))
    assembly(g, 1, warriors=2)
    put(g, "hundreds", 1, warriors=1)
    with positions.edit(g) as s:
        s.pawns["hundreds"] = idx(1)
    battle = Battle(me(g), "hundreds", idx(1), "hits", 3, 0, True, False, 3, 0, (), (TC.BANISH,))
    tasks = TC.banish_hits(g.state, battle, 3)
    assert [t.n for t in tasks] == [1]  # the warlord takes none of the 3 hits
    assert TC.banishable(g.state, "vagabond", idx(1)) == 0
    g = table(("marquise", NAME, "vagabond"))
    assembly(g, 1, warriors=2)
    with positions.edit(g) as s:
        s.pawns["vagabond"] = idx(1)
    battle = Battle(me(g), "vagabond", idx(1), "hits", 2, 0, True, False, 2, 0, (), (TC.BANISH,))
    assert TC.banish_hits(g.state, battle, 2) == [] and g.state.pawns["vagabond"] == idx(1)


@rule("LR-17-06-01-01-03")
def test_banish_cannot_hit_hirelings():
    g = set_up(new(("eyrie", NAME), seed=3, hirelings=["forest_patrol", "spring_uprising", "exile"]))
    hired = next(h for h in ("forest_patrol", "spring_uprising") if h in g.state.warriors)
    where = next(c for c, n in enumerate(g.state.warriors[hired]) if n)
    assert g.state.warriors[hired][where] and TC.banishable(g.state, hired, where) == 0


@rule("LR-17-06-02", "LR-17-02-06", "RTA-TC-09")
def test_inspire_crafts_with_assemblies_and_draws_per_icon_only_without_crafting():
    g = table()
    assembly(g, 1)
    assembly(g, 6, governing=True)
    hand(g, me(g), ["fox_anvil"])  # cost: one fox
    evening(g)
    assert g.decision == "twilight_craft" and "craft:fox_anvil" in g.legal_action_ids()
    before = len(g.state.hands[me(g)])
    play(g, "craft:fox_anvil")  # nothing left to craft: on to Adjourn
    assert g.decision == "twilight_adjourn" and len(g.state.hands[me(g)]) == before - 1  # crafted: no draw
    g = table()
    assembly(g, 1)
    assembly(g, 6)
    assert TC.draw_icons(g.state) == 1  # 2 assemblies off the track: one icon showing
    hand(g, me(g), [])
    evening(g)
    assert g.decision == "twilight_adjourn" and len(g.state.hands[me(g)]) == 1
    assert "LR-17-06-02" in rules_logged(g)


@rule("LR-17-06-03")
def test_adjourn_may_remove_assemblies_then_flips_those_it_rules_to_governing():
    g = table()
    assembly(g, 2, warriors=2)
    assembly(g, 7)
    put(g, "marquise", 7, warriors=1)
    assembly(g, 9, warriors=1)
    loyalists(g, 2)
    evening(g)
    to_adjourn(g)
    assert {"tc_adjourn:2", "tc_adjourn:7", "tc_adjourn:9"} <= set(g.legal_action_ids())
    play(g, "tc_adjourn:9", "done")
    assert side(g, 9) is None and TC.on_track(g.state) == 4 and tc(g).loyalists == 2  # its own removal costs nothing
    assert side(g, 2) == TC.GOVERNING and side(g, 7) == TC.CLOSED


@rule("LR-17-06-04", "LR-17-01")
@pytest.mark.parametrize("n, points", [(0, 0), (1, 1), (2, 2), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_oversee_scores_governing_assemblies_with_enemy_buildings_or_tokens(n, points):
    g = table()
    spots = [2, 7, 8, 9, 11, 3]
    for k, number in enumerate(spots):
        assembly(g, number, governing=True, warriors=3)
        if k < n:
            put(g, "marquise", number, buildings=("sawmill",) if k % 2 else (), tokens=() if k % 2 else ("wood",))
    put(g, "marquise", 12, warriors=4, buildings=("workshop",))
    assembly(g, 12, warriors=3)  # Closed (and the Marquise rules 12: Adjourn leaves it so): does not count
    assert TC.oversee_points(g.state) == points
    evening(g)
    to_adjourn(g)
    play(g, "done")
    assert g.state.score[me(g)] == points


@rule("LR-17-06-05")
def test_draw_and_discard_one_card_then_down_to_five():
    g = table()
    hand(g, me(g), [FOX, RABBIT, MOUSE, BIRD, "fox_travel_gear", "rabbit_smugglers_trail"])
    evening(g)  # no assembly: nothing to convene, craft or adjourn
    assert g.decision == "discard" and len(g.state.hands[me(g)]) == 7
    while g.decision == "discard":
        g.apply(g.legal_action_ids()[0])
    assert len(g.state.hands[me(g)]) == 5


# ---- Loyalists, assemblies, Governors, Entreat, Peacekeepers (LR-17-02) ------------------------------------------

@rule("LR-17-02-01", "RTA-TC-04")
def test_loyalists_at_most_four_and_removed_at_any_of_its_decisions():
    g = table()
    TC.gain_loyalists(g.state, 6)
    assert tc(g).loyalists == 4 and g.state.supply[NAME] == 16
    hand(g, me(g), [])
    start(g, me(g))
    assert g.legal_action_ids() == ["tc_dismiss", "done"]
    play(g, "tc_dismiss")
    assert tc(g).loyalists == 3 and g.state.supply[NAME] == 17


@rule("LR-17-02-02")
def test_an_enemy_removing_an_assembly_costs_a_loyalist(monkeypatch):
    g = table()
    assembly(g, 2)
    loyalists(g, 2)
    put(g, "marquise", 2, warriors=2)
    hand(g, cat(g), [])
    start(g, cat(g), "daylight.start")
    dice(monkeypatch, 3, 0)
    play(g, "battle", "battle:2")
    assert side(g, 2) is None and tc(g).loyalists == 1 and g.state.score[cat(g)] == 1
    assert "LR-17-02-02" in rules_logged(g)


@rule("LR-17-02-03", "RTA-TC-05", "RTA-TC-12")
def test_governors_enemies_place_remove_or_craft_nothing_at_governing_assemblies_but_in_battle(monkeypatch):
    g = table()
    assembly(g, 7, governing=True)
    assembly(g, 2)
    put(g, "marquise", 7, warriors=2, buildings=("workshop",))
    put(g, "marquise", 2, warriors=2)
    s = g.state
    assert not B.may_place(s, "marquise", idx(7)) and B.may_place(s, "marquise", idx(2))
    assert B.may_place(s, NAME, idx(7))
    from boardlab.games.root import cards as K
    assert K.available_suits(s, [idx(7)], seat=cat(g)) == {} and K.available_suits(s, [idx(7)]) == {"mouse": 1}
    assert K.kept(s, cat(g), "", NAME, idx(7)) and not K.kept(s, cat(g), "", NAME, idx(2))
    assert not K.kept(s, me(g), "", "marquise", idx(7))
    hand(g, cat(g), [])
    start(g, cat(g), "daylight.start")
    assert g.decision == "marquise_craft" and "craft:" not in " ".join(g.legal_action_ids())  # workshop governed
    play(g, "done")
    dice(monkeypatch, 3, 0)
    play(g, "battle", "battle:7")  # in battle the assembly can be removed
    assert side(g, 7) is None


@rule("LR-17-02-03")
def test_the_vagabond_cannot_craft_at_a_governing_assembly():
    from vagabond_helpers import VB, at, kit
    from vagabond_helpers import game as vb_game
    from boardlab.games.root.modules.vagabond_actions import craft_options
    g = vb_game(factions=("marquise", NAME, VB))
    kit(g, "hammer")
    at(g, 7)
    assembly(g, 7, governing=True)
    s = g.state
    vb = s.seat_of(VB)
    hand(g, vb, ["mouse_root_tea"])
    assert craft_options(s, vb, VB, idx(7)) == []
    with positions.edit(g) as s2:
        s2.tokens[idx(7)] = ((NAME, TC.CLOSED),)
    assert craft_options(g.state, vb, VB, idx(7)) == ["craft:mouse_root_tea"]


@rule("LR-17-02-04", "RTA-TC-13")
def test_entreat_an_enemy_closes_an_assembly_and_the_council_chooses_its_answer():
    g = table()
    assembly(g, 7, governing=True, warriors=1)
    assembly(g, 2)
    loyalists(g, 2)
    put(g, "marquise", 8, warriors=1)
    hand(g, cat(g), [])
    start(g, cat(g), "daylight.start")
    assert "tc_entreat:7" in g.legal_action_ids() and "tc_entreat:2" not in g.legal_action_ids()
    play(g, "tc_entreat:7")
    assert side(g, 7) == TC.CLOSED
    assert g.to_play == me(g) and g.decision == "twilight_entreat"
    assert g.legal_action_ids() == ["tc_entreat_place:1", "tc_entreat_place:2", "tc_entreat_loyalist", "pass"]
    play(g, "tc_entreat_place:2")
    assert warriors(g, NAME, 7) == 3 and tc(g).loyalists == 0 and g.to_play == cat(g)
    assert "tc_entreat:7" not in g.legal_action_ids()  # Closed now
    g = table()
    assembly(g, 7, governing=True)
    hand(g, cat(g), [])
    start(g, cat(g), "daylight.start")
    play(g, "tc_entreat:7")
    assert g.legal_action_ids() == ["tc_entreat_loyalist", "pass"]
    play(g, "tc_entreat_loyalist")
    assert tc(g).loyalists == 1
    hand(g, me(g), [])
    start(g, me(g), "daylight.start")
    assert not any(a.startswith("tc_entreat") for a in g.legal_action_ids())  # not the Council's own option


def warren_battle(g, monkeypatch, faction: str, rolls=(3, 3)):
    """`faction` starts its Daylight with Command Warren in play: a battle anywhere (card:command_warren)."""
    seat = g.state.seat_of(faction)
    with positions.edit(g) as s:
        s.deck.remove("rabbit_command_warren")
        s.play_area[seat] = ("rabbit_command_warren",)
    dice(monkeypatch, *rolls)
    return start(g, seat, "daylight.start")


@rule("LR-17-02-05", "RTA-TC-05")
def test_peacekeepers_defend_an_enemy_battled_at_an_assembly_taking_hits_after_its_warriors(monkeypatch):
    g = table(("marquise", "eyrie", NAME))
    assembly(g, 2, warriors=2)
    put(g, "marquise", 2, warriors=1, buildings=("sawmill",))
    put(g, "eyrie", 2, warriors=4)
    for seat in range(3):
        hand(g, seat, [])
    warren_battle(g, monkeypatch, "eyrie", rolls=(3, 3))
    play(g, "battle:2", "defender:marquise")
    # the defender rolls 3 hits: its 1 warrior and the Council's 2 count as defending warriors
    assert warriors(g, "eyrie", 2) == 1
    # the Eyrie's 3 hits: the Marquise's warrior, then both Council warriors; the sawmill stands
    assert warriors(g, "marquise", 2) == 0 and warriors(g, NAME, 2) == 0
    assert ("marquise", "sawmill") in g.state.buildings[idx(2)]
    assert "LR-17-02-05" in rules_logged(g)


@rule("LR-17-02-05")
def test_no_peacekeepers_away_from_assemblies_nor_when_the_council_is_battled(monkeypatch):
    g = table(("marquise", "eyrie", NAME))
    put(g, NAME, 2, warriors=2)
    put(g, "marquise", 2, warriors=1, buildings=("sawmill",))
    put(g, "eyrie", 2, warriors=4)
    for seat in range(3):
        hand(g, seat, [])
    warren_battle(g, monkeypatch, "eyrie", rolls=(3, 3))
    play(g, "battle:2", "defender:marquise")
    assert warriors(g, "eyrie", 2) == 3 and warriors(g, NAME, 2) == 2  # no assembly: only the Marquise defends
    assert warriors(g, "marquise", 2) == 0 and ("marquise", "sawmill") not in g.state.buildings[idx(2)]


@rule("LR-17-02-05", "LR-17-02-05-01")
def test_peacekeepers_ignored_when_the_vagabond_defends_and_allied_council_warriors_attack_with_him(monkeypatch):
    from vagabond_helpers import VB, at, kit, relation
    from vagabond_helpers import daylight as vb_daylight
    from vagabond_helpers import game as vb_game
    g = vb_game(factions=("marquise", NAME, VB))
    for seat in range(3):
        hand(g, seat, [])
    with positions.edit(g) as s:
        s.mods["marquise"].keep = None
    kit(g, "sword", "sword", "boot", "boot")
    at(g, 2)
    assembly(g, 2, warriors=2)
    put(g, "marquise", 2, warriors=2)
    battle = __import__("boardlab.games.root.records", fromlist=["Battle"]).Battle(
        g.state.seat_of("marquise"), VB, idx(2), "roll", 0, 0, False, False, 0, 0, (), ())
    assert TC.peacekeepers(g.state, battle) is None  # the Vagabond defends: no Peacekeepers
    relation(g, NAME, 3)  # Allied
    vb_daylight(g)
    play(g, "attack:marquise")
    assert g.legal_action_ids() == [f"ally:{NAME}", "alone"]
    dice(monkeypatch, 3, 0)
    play(g, f"ally:{NAME}")
    assert warriors(g, "marquise", 2) == 0 and warriors(g, NAME, 2) == 2  # attacking, not defending


# ---- hidden information, views, bots, tables ------------------------------------------------------------------------

@rule("RTA-TC-02")
def test_only_its_hand_is_hidden_cards_it_showed_stay_known_and_resampling_keeps_them():
    g = table()
    hand(g, me(g), [FOX, BIRD])
    revealed(g, RABBIT)
    assembly(g, 5)  # rabbit: Agitate is open, so the Council is asked about the card
    view = g.view(cat(g))
    assert hidden_paths(view, RULESET.zones_of(g.state), cat(g), g.state.known_to(cat(g))) == []
    assert FOX not in json.dumps(view) and BIRD not in json.dumps(view)
    assert view[NAME]["revealed"] == [RABBIT] and view[NAME]["on_track"] == 5
    evening(g)  # the only revealed card comes back by itself
    assert g.decision == "twilight_convene_action"
    view = g.view(cat(g))
    assert view["hands"][str(me(g))]["known"] == [RABBIT] and FOX not in json.dumps(view)
    probe = g.clone()
    RULESET.resample_hidden(probe.state, cat(g), Stream(7))
    assert RABBIT in probe.state.hands[me(g)] and len(probe.state.hands[me(g)]) == 3


def test_bots_value_assemblies_loyalists_and_oversee():
    g = table()
    before = base_potential(g.state)[me(g)] + TC.potential(g.state, me(g))
    assembly(g, 2, governing=True)
    put(g, "marquise", 2, buildings=("sawmill",))
    loyalists(g, 2)
    assert TC.potential(g.state, me(g)) == pytest.approx(TC.ASSEMBLY + 2 * TC.LOYALIST + TC.OVERSEE_RATE * 1)
    assert base_potential(g.state)[me(g)] + TC.potential(g.state, me(g)) > before
    assert TC.potential(g.state, cat(g)) == 0.0


MIXES = [(2, {"factions": ["marquise", NAME]}),
         (3, {"factions": [NAME, "eyrie", "alliance"], "map": "winter"}),
         (4, {"factions": ["marquise", NAME, "vagabond", "lizard"], "map": "lake", "hirelings": "random"}),
         (5, {"factions": ["marquise", "eyrie", "corvid", "vagabond", NAME], "map": "mountain", "deck": "exiles"}),
         (4, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", NAME, "corvid"]})]


@pytest.mark.parametrize("players, options", MIXES)
def test_random_and_greedy_games_with_the_council_end(players, options):
    extra = {} if options.get("setup") else {"below_reach": True}
    for agent in ("random", "greedy"):
        g = boardlab.new_game("root", players, seed=4, options={**options, **extra, "turn_limit": 40})
        bots = [make_agent(agent, seed=s) for s in range(players)]
        for _ in range(20000):
            if g.is_over:
                break
            assert g.legal_action_ids()  # a decision always exists
            g.apply(choose(bots[g.to_play], g))
        assert g.is_over


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = table()
    assembly(g, 2, governing=True)
    assembly(g, 5)
    loyalists(g, 3)
    revealed(g, FOX)
    rules = ruleset("root")
    text = rules.render_text(g.view(0), "en")
    assert "Loyalists 3/4" in text and "Governing: 2" in text and "Closed: 5" in text and "Revealed (1)" in text
    assert "忠誠者 3/4" in rules.render_text(g.view(0), "zh-Hant")
    assert "忠诚者 3/4" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(0), "en", g.legal_action_ids())
    assert 'data-board="twilight"' in svg and 'data-loyalists="3"' in svg and 'data-assemblies-track="4"' in svg
    assert svg.count("data-assembly-space=") == 6 and 'data-card-draw="1"' in svg and 'data-revealed="1"' in svg
    parse(svg)


def test_random_games_with_the_council_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, [NAME, "marquise"], "autumn"), (2, ["eyrie", NAME, "alliance"], "lake")))


@rule("LR-17-02-03", "RTA-TC-12", "LR-AG-33")
def test_governors_the_corvids_flip_no_plot_at_a_governing_assembly_but_a_trick_swaps_there():
    from boardlab.games.root.modules import corvid as CV
    g = table(("corvid", NAME))
    with positions.edit(g) as s:
        s.mods["corvid"] = CV.CorvidState()
        for number, kind in ((7, "bomb"), (8, "snare"), (9, "raid")):
            s.mods["corvid"].supply.remove(kind)
            s.mods["corvid"].facedown[idx(number)] = kind
            s.tokens[idx(number)] += (("corvid", "plot"),)
            s.warriors["corvid"][idx(number)] += 1
    assembly(g, 7, governing=True)
    assert CV.flip_sites(g.state) == [idx(8), idx(9)]
    assert CV.trick_partners(g.state, idx(8)) == [idx(7), idx(9)]   # a swap ignores place restrictions
    assert CV.trick_partners(g.state, idx(7)) == [idx(8), idx(9)]
    with positions.edit(g) as s:
        s.tokens[idx(7)] = (("corvid", "plot"), (NAME, TC.CLOSED))
    assert CV.flip_sites(g.state) == [idx(7), idx(8), idx(9)]
