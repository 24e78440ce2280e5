"""Root's base rules (Law of Root chapters 1-5): golden rules, key concepts, victory, crafting, moving,
battle, setup. Positions use the Autumn map (clearing numbers as in data/maps/autumn.yaml: corners 1 fox,
2 mouse, 3 rabbit, 4 rabbit; ruins in 6, 10, 11, 12) with the Marquise and the Eyrie."""
from __future__ import annotations

from collections import Counter

import pytest
from root_helpers import clear, events, hand, idx, new, play, put, set_up, start, warriors

from boardlab.core import positions
from boardlab.core.rng import seed_state
from boardlab.games.root import board as B
from boardlab.games.root.content import CARDS, MAPS

rule = pytest.mark.rule


def table(seed: int = 3, factions=("marquise", "eyrie")):
    """An empty Autumn map after setup (the keep gone), every hand empty; returns (game, cat seat, bird seat)."""
    g = set_up(new(factions, seed=seed))
    clear(g)
    with positions.edit(g) as s:
        s.mods["marquise"].keep = None
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g, g.state.seat_of("marquise"), g.state.seat_of("eyrie")


def cat_actions(g, seat):
    """The Marquise's Daylight, past crafting: her action decision."""
    start(g, seat, "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    assert g.decision == "marquise_action"
    return g


def reroll(g, seed: int):
    with positions.edit(g) as s:
        s.rng = seed_state(seed)
    return g


def logged(g, key: str, since: int = 0) -> list[dict]:
    return [p for _, k, p in events(g, since) if k == key]


# ---- setup (LR-05) ----------------------------------------------------------------------------------------

@rule("LR-05-01-02", "LR-05-01-03", "LR-05-01-04", "LR-05-01-05")
def test_setup_scores_hands_ruins_and_item_supply():
    s = new(seed=5).state
    assert s.score == [0, 0]
    assert [len(h) for h in s.hands] == [3, 3]
    everything = s.deck + s.discard + [c for h in s.hands for c in h]
    assert len(everything) == 54 - 4 and not any(CARDS[c].kind == "dominance" for c in everything)
    assert [c + 1 for c, b in enumerate(s.buildings) if ("", "ruin") in b] == [6, 10, 11, 12]
    assert {k: n for k, n in s.items.items() if n} == {"boot": 2, "sack": 2, "crossbow": 1, "hammer": 1,
                                                       "sword": 2, "tea": 2, "coin": 2}


@rule("LR-05-01-01")
def test_the_starting_player_is_random_and_factions_sit_as_chosen():
    assert {new(seed=seed).state.first for seed in range(12)} == {0, 1}
    g = new(("eyrie", "marquise"), seed=1)
    assert g.state.faction == ("eyrie", "marquise")
    assert g.state.supply["eyrie"] == 20


@rule("LR-05-01-07")
def test_factions_set_up_in_setup_order_whatever_the_seats():
    g = new(("eyrie", "marquise"), seed=1)
    assert g.state.phase == "setup" and g.to_play == 1 and g.decision == "marquise_setup"  # A before B
    while g.decision == "marquise_setup":
        g.apply(g.legal_action_ids()[0])
    assert g.to_play == 0 and g.decision.startswith("eyrie")


@rule("LR-05-01-06", "LR-04-03-03")
def test_battles_roll_two_four_sided_dice_attacker_high_defender_low():
    seen = Counter()
    for seed in range(40):
        g, cat, _ = table()
        put(g, "marquise", 12, warriors=3)
        put(g, "eyrie", 12, warriors=3)
        cat_actions(reroll(g, seed), cat)
        since = len(g.state.events)
        play(g, "battle", "battle:12")
        roll = logged(g, "ev.roll", since)[0]
        a, b = roll["dice"]
        seen.update((a, b))
        assert (roll["attacker"], roll["defender"]) == (max(a, b), min(a, b))
        assert warriors(g, "eyrie", 12) == 3 - max(a, b) and warriors(g, "marquise", 12) == 3 - min(a, b)
    assert set(seen) == {0, 1, 2, 3}


@rule("LR-05-02", "LR-05-02-01", "LR-05-02-02")
def test_reach_values_and_viable_totals_come_from_the_law():
    from boardlab.games.root.content import REACH, VIABLE_REACH
    assert {f: REACH[f] for f in ("marquise", "eyrie", "alliance", "vagabond", "vagabond2")} == {
        "marquise": 10, "eyrie": 7, "alliance": 3, "vagabond": 5, "vagabond2": 2}
    assert {n: VIABLE_REACH[n] for n in (2, 3, 4, 5)} == {2: 17, 3: 18, 4: 21, 5: 25}
    new(("marquise", "eyrie"))  # 17: viable for two


# ---- golden rules (LR-01) ---------------------------------------------------------------------------------

@rule("LR-01-02-01", "LR-01-02-02")
def test_hands_are_private_but_counted_the_discard_is_open_the_deck_is_not():
    g, cat, bird = table()
    hand(g, cat, ["fox_anvil", "mouse_sword"])
    hand(g, bird, ["rabbit_bake_sale"])
    with positions.edit(g) as s:
        s.deck.remove("bird_crossbow")
        s.discard = ["bird_crossbow"]
    view = g.view(cat)
    assert view["hands"][str(cat)] == ["fox_anvil", "mouse_sword"]
    assert view["hands"][str(bird)] == {"hidden": True, "count": 1} and "rabbit_bake_sale" not in str(view)
    assert view["discard"] == ["bird_crossbow"]
    assert view["deck"] == {"hidden": True, "count": len(g.state.deck)}


@rule("LR-01-03-01", "LR-01-03-02")
def test_no_action_makes_agreements_or_gives_cards_unless_an_effect_says_so():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=2, buildings=["workshop", ])
    hand(g, cat, ["fox_anvil", "bird_crossbow", "mouse_sword"])
    cat_actions(g, cat)
    for a in g.legal_action_ids():
        assert a.split(":")[0] not in ("give", "agree", "offer", "trade"), a
    since = len(g.state.events)
    play(g, "end")
    turn_of_eyrie = next(i for i, (_, k, p) in enumerate(events(g, since)) if k == "ev.turn")
    draws = [p["seat"] for _, k, p in events(g, since)[:turn_of_eyrie] if k == "ev.draw"]
    assert draws == [cat]  # in the Marquise's turn, cards reached only her own hand (her Evening draw)


@rule("LR-01-03-03")
def test_actions_never_wait_for_the_victims_consent():
    g, cat, bird = table()
    hand(g, bird, ["rabbit_bake_sale"])
    put(g, "marquise", 1, warriors=1)  # something to do in Daylight: her turn waits there
    with positions.edit(g) as s:
        s.play_area[cat] = ("fox_stand_and_deliver",)
    start(g, cat, "birdsong.start")
    play(g, f"use:stand_and_deliver:{bird}")
    assert g.to_play == cat  # the Eyrie was never asked
    assert "rabbit_bake_sale" in g.state.hands[cat] and g.state.score[bird] == 1


@rule("LR-01-04-01")
def test_a_turn_runs_birdsong_daylight_evening_then_passes_clockwise():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["sawmill"])
    since = len(g.state.events)
    start(g, cat, "turn.start", phase="birdsong")
    while g.state.active == cat:
        legal = g.legal_action_ids()
        g.apply(next((w for w in ("end", "done", "skip", "pass") if w in legal), legal[0]))
    keys = [k if k != "ev.phase" else p["phase"] for _, k, p in events(g, since)]
    cut = keys.index("ev.turn", 1)  # the next player's turn
    assert [k for k in keys[:cut] if k in ("birdsong", "daylight", "evening")] == ["birdsong", "daylight", "evening"]
    assert keys.index("birdsong") < keys.index("ev.cat.wood") < keys.index("daylight")  # wood is Birdsong's
    assert keys.index("evening") < keys.index("ev.draw") < cut  # the draw is Evening's
    assert g.state.active == (cat + 1) % 2 and g.state.phase == "birdsong"
    assert [p["seat"] for p in logged(g, "ev.turn", since)] == [cat, bird]


@rule("LR-01-04-02")
def test_a_compound_action_cannot_be_interrupted():
    g, cat, bird = table()
    put(g, "marquise", 5, warriors=2)
    with positions.edit(g) as s:
        s.play_area[cat] = ("fox_tax_collector",)
    cat_actions(g, cat)
    assert "use:tax_collector" in g.legal_action_ids()  # open between actions ...
    play(g, "march", "from:5", "to:1", "warriors:1")
    assert g.decision == "move_from"  # ... but not inside the March's two moves
    assert "use:tax_collector" not in g.legal_action_ids()
    play(g, "skip")
    assert "use:tax_collector" in g.legal_action_ids()


@rule("LR-01-04-03")
def test_no_actions_once_evening_begins_its_last_step():
    g, cat, bird = table()
    put(g, "marquise", 5, warriors=2)
    hand(g, cat, ["fox_anvil", "fox_root_tea", "fox_sword" if False else "mouse_sword", "rabbit_bake_sale",
                  "mouse_investments", "bird_crossbow"])
    with positions.edit(g) as s:
        s.play_area[cat] = ("fox_tax_collector", "mouse_codebreakers", "bird_royal_claim")
    start(g, cat, "evening.start")
    assert g.decision == "discard" and g.to_play == cat
    assert all(a.startswith("discard:") for a in g.legal_action_ids())


@rule("LR-01-05-01", "LR-01-05-04")
def test_pieces_are_limited_and_as_many_as_possible_are_placed():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["recruiter"])
    put(g, "marquise", 5, warriors=1, buildings=["recruiter"])
    with positions.edit(g) as s:
        s.supply["marquise"] = 1
    cat_actions(g, cat)
    play(g, "recruit")
    assert g.decision == "marquise_recruit" and sorted(g.legal_action_ids()) == ["recruit_at:1", "recruit_at:5"]
    play(g, "recruit_at:5")
    assert warriors(g, "marquise", 5) == 2 and warriors(g, "marquise", 1) == 1 and g.state.supply["marquise"] == 0
    assert "recruit" not in g.legal_action_ids()


@rule("LR-01-05-02", "LR-01-05-03")
def test_faction_pieces_stay_their_owners_field_hospitals_only_for_cat_warriors():
    g, cat, bird = table()
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(1)
    put(g, "marquise", 1, tokens=["keep"])
    put(g, "marquise", 12, warriors=3)
    put(g, "eyrie", 12, warriors=3)
    hand(g, cat, ["fox_anvil"])
    for seed in range(50):  # a roll where both sides lose warriors
        h = reroll(g.clone(), seed)
        cat_actions(h, cat)
        play(h, "battle", "battle:12")
        roll = logged(h, "ev.roll")[-1]
        if min(roll["dice"]) > 0:
            break
    assert h.decision == "field_hospitals" and h.to_play == cat
    assert h.legal_action_ids() == ["discard:fox_anvil", "pass"]
    lost = min(roll["dice"])
    play(h, "discard:fox_anvil")
    assert warriors(h, "marquise", 1) == lost  # her warriors back at the keep
    assert warriors(h, "eyrie", 12) == 3 - max(roll["dice"]) and h.state.supply["eyrie"] == 20 - 3 + max(roll["dice"])
    assert not any(k == "ev.cat.field_hospitals" and p.get("faction") == "eyrie" for _, k, p in events(h))


def eyrie_daylight(g, bird, decree: dict[str, tuple[str, ...]], leader: str = "builder"):
    """The Eyrie's Daylight with this Decree (cards need not be in hand)."""
    with positions.edit(g) as s:
        data = s.mods["eyrie"]
        data.decree = {c: tuple(decree.get(c, ())) for c in data.decree}
        data.leader = leader
    start(g, bird, "daylight.start")
    if g.decision == "eyrie_craft":
        play(g, "done")
    return g


def resolve(g, column: str, card: str):
    """Resolve a Decree card (asked only when the column holds several)."""
    if g.decision == "eyrie_resolve":
        play(g, f"resolve:{column}:{card}")
    return g


@rule("LR-01-01-01", "LR-03-02-02")
def test_a_faction_rule_beats_the_general_rule_crafted_items_score_their_points_but_the_eyries_one():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    hand(g, cat, ["fox_anvil"])
    start(g, cat, "daylight.start")
    play(g, "craft:fox_anvil")
    assert g.state.score[cat] == 2 and g.state.crafted[cat] == ("hammer",)  # the card's 2 points
    g, cat, bird = table()
    put(g, "eyrie", 1, warriors=1, buildings=["roost"])
    hand(g, bird, ["fox_anvil"])
    with positions.edit(g) as s:
        s.mods["eyrie"].leader = "commander"  # the Builder would ignore Disdain for Trade
    start(g, bird, "daylight.start")
    play(g, "craft:fox_anvil")
    assert g.state.score[bird] == 1  # Disdain for Trade, the faction rule, wins over the card's 2


@rule("LR-01-01-02", "LR-06-02-02")
def test_cannot_is_absolute_no_roost_in_the_keeps_clearing_even_where_the_eyrie_rules():
    g, cat, bird = table()
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(1)
    put(g, "marquise", 1, tokens=["keep"])
    put(g, "eyrie", 1, warriors=3)
    put(g, "eyrie", 5, warriors=1, buildings=["roost"])
    assert B.rules(g.state, "eyrie", idx(1)) and not B.may_place(g.state, "eyrie", idx(1))
    since = len(g.state.events)
    eyrie_daylight(g, bird, {"build": ("fox_root_tea",)})  # a fox card: only clearing 1 would match
    assert "ev.eyrie.turmoil" in [k for _, k, _ in events(g, since)]
    assert not any(p == ("eyrie", "roost") for p in g.state.buildings[idx(1)])


@rule("LR-01-01-03", "LR-04-03-04", "LR-04-03-05-03")
def test_the_player_taking_the_turn_uses_battle_effects_first_armorers_ignore_rolled_hits():
    g, cat, bird = table()
    put(g, "marquise", 12, warriors=3)
    put(g, "eyrie", 12, warriors=3)
    with positions.edit(g) as s:
        s.play_area[cat] = ("bird_armorers",)
        s.play_area[bird] = ("bird_armorers_2",)
    for seed in range(60):
        h = reroll(g.clone(), seed)
        cat_actions(h, cat)
        play(h, "battle", "battle:12")
        if min(logged(h, "ev.roll")[-1]["dice"]) > 0:
            break
    roll = logged(h, "ev.roll")[-1]
    assert h.decision == "battle_effects" and h.to_play == cat  # the attacker, taking the turn, goes first
    play(h, "effect:armorers")
    assert h.decision == "battle_effects" and h.to_play == bird  # her own Armorers do not use up the Eyrie's
    play(h, "done")
    assert warriors(h, "marquise", 12) == 3  # Armorers ignored every rolled hit she took
    assert warriors(h, "eyrie", 12) == 3 - roll["attacker"]
    assert "bird_armorers" in h.state.discard and h.state.play_area[cat] == ()


@rule("LR-02-01")
def test_an_empty_deck_is_reshuffled_from_the_discard_pile_at_once():
    g, cat, bird = table()
    with positions.edit(g) as s:
        pile = list(s.deck)
        s.discard, s.deck = pile, []
    start(g, cat, "evening.start")
    reshuffles = [p for _, k, p in events(g) if k == "ev.reshuffle"]
    assert reshuffles == [{"n": len(pile)}] and g.state.discard == []
    assert sorted(g.state.deck + [c for h in g.state.hands for c in h]) == sorted(pile)


@rule("LR-02-01-01", "LR-06-05-05")
def test_birds_are_wild_when_spending_overwork_takes_a_bird_card():
    g, cat, bird = table()
    put(g, "marquise", 12, warriors=1, buildings=["sawmill"])
    hand(g, cat, ["bird_crossbow", "rabbit_bake_sale"])
    cat_actions(g, cat)
    play(g, "overwork")
    if g.decision == "marquise_overwork":
        play(g, "overwork_at:12")
    assert g.legal_action_ids() == ["discard:bird_crossbow"]  # fox clearing: the bird, not the rabbit


@rule("LR-02-01-01-02", "LR-06-05")
def test_a_bird_card_cannot_be_replaced_by_another_suit_when_a_bird_is_asked_for():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1)
    hand(g, cat, ["fox_anvil", "bird_crossbow", "mouse_sword"])
    cat_actions(g, cat)
    assert [a for a in g.legal_action_ids() if a.startswith("extra:")] == ["extra:bird_crossbow"]


@rule("LR-02-01-02", "LR-02-01-03", "LR-04-01")
def test_ambush_and_dominance_cards_cannot_be_crafted():
    standard = [c for c in CARDS.values() if c.id.startswith(("bird_", "fox_", "rabbit_", "mouse_"))]
    assert sorted(c.suit for c in standard if c.kind == "ambush") == ["bird", "bird", "fox", "mouse", "rabbit"]
    assert sorted(c.suit for c in standard if c.kind == "dominance") == ["bird", "fox", "mouse", "rabbit"]
    g, cat, bird = table()
    for n in (1, 5, 9):  # a workshop of every suit
        put(g, "marquise", n, warriors=1, buildings=["workshop"])
    hand(g, cat, ["fox_ambush", "bird_ambush", "fox_dominance", "fox_anvil"])
    start(g, cat, "daylight.start")
    assert [a for a in g.legal_action_ids() if a.startswith("craft:")] == ["craft:fox_anvil"]


@rule("LR-02-01-04", "LR-04-01-03")
def test_persistent_effects_go_to_the_play_area_and_cannot_be_spent_from_there():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    put(g, "marquise", 12, warriors=1, buildings=["sawmill"])
    hand(g, cat, ["bird_armorers"])
    start(g, cat, "daylight.start")
    play(g, "craft:bird_armorers")
    assert g.state.play_area[cat] == ("bird_armorers",) and g.state.hands[cat] == []
    assert "overwork" not in g.legal_action_ids() and not any(a.startswith("extra:") for a in g.legal_action_ids())


@rule("LR-02-02", "LR-02-02-01", "LR-04-02")
def test_warriors_move_along_a_path_to_one_adjacent_clearing():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=3)
    cat_actions(g, cat)
    play(g, "march", "from:1")
    assert sorted(g.legal_action_ids()) == ["to:10", "to:5", "to:9"]  # Autumn: 1-5, 1-9, 1-10
    play(g, "to:9")
    assert g.legal_action_ids() == ["warriors:1", "warriors:2", "warriors:3"]  # any number, more than zero
    play(g, "warriors:2")
    assert (warriors(g, "marquise", 1), warriors(g, "marquise", 9)) == (1, 2)


@rule("LR-02-02-02")
def test_clearings_have_the_printed_suits():
    s = new().state
    assert s.suits == ("fox", "mouse", "rabbit", "rabbit", "rabbit", "fox", "mouse", "fox", "mouse", "rabbit",
                       "mouse", "fox")


@rule("LR-02-02-03")
def test_no_building_in_a_clearing_without_an_open_slot():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=2, buildings=["sawmill"])  # clearing 1 has one slot
    put(g, "marquise", 5, warriors=2, buildings=["sawmill"])  # 5 has two
    with positions.edit(g) as s:
        s.tokens[idx(1)] = (("marquise", "wood"),) * 3
    cat_actions(g, cat)
    play(g, "build")
    assert "build_at:1" not in g.legal_action_ids() and "build_at:5" in g.legal_action_ids()


@rule("LR-02-02-04")
def test_ruins_fill_slots_and_are_not_removed_by_favors_or_battles():
    g, cat, bird = table()
    put(g, "eyrie", 12, warriors=2, buildings=["roost"])  # 12: two slots, one a ruin
    assert B.open_slots(g.state, idx(12)) == 0
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    put(g, "marquise", 8, warriors=1, buildings=["workshop"])
    put(g, "marquise", 6, warriors=1, buildings=["workshop"])
    hand(g, cat, ["fox_favor_of_the_foxes"])
    start(g, cat, "daylight.start")
    play(g, "craft:fox_favor_of_the_foxes")
    assert g.state.buildings[idx(12)] == (("", "ruin"),) and warriors(g, "eyrie", 12) == 0
    assert g.state.score[cat] == 1  # the roost, not the ruin


@rule("LR-02-03")
def test_rivers_are_not_paths():
    g, cat, bird = table()
    put(g, "marquise", 4, warriors=2)  # Autumn: a river joins 4 and 7, paths 4-8, 4-9, 4-12
    cat_actions(g, cat)
    play(g, "march", "from:4")
    assert sorted(g.legal_action_ids()) == ["to:12", "to:8", "to:9"]


@rule("LR-02-04", "LR-02-04-01")
def test_forests_touch_their_clearings_and_forests_across_one_path():
    autumn = MAPS["autumn"].data
    paths = {frozenset(p) for p in autumn.paths}
    forests = {f.id: set(f.clearings) for f in autumn.forests}
    assert forests[3] == {2, 6, 10, 11, 12}  # the Witchwood
    for a, b in autumn.forest_adjacency:
        shared = forests[a] & forests[b]
        assert len(shared) == 2 and frozenset(shared) in paths, (a, b)  # one printed path between them
    g = new()
    assert set(B.forests_of(g.state, idx(12))) == {f - 1 for f, cs in forests.items() if 12 in cs}


@rule("LR-02-05")
def test_rule_counts_warriors_and_buildings_not_tokens():
    g, cat, bird = table()
    put(g, "marquise", 5, warriors=1, tokens=["wood", "wood", "wood"])
    put(g, "eyrie", 5, warriors=2)
    assert B.ruler(g.state, idx(5)) == "eyrie"
    put(g, "marquise", 5, buildings=["sawmill", "workshop"])
    assert B.ruler(g.state, idx(5)) == "marquise"  # 3 against 2
    assert B.ruler(g.state, idx(9)) is None  # nobody there


# ---- victory (LR-03) -----------------------------------------------------------------------------------------

@rule("LR-03-01", "LR-03-02")
def test_thirty_points_win_at_once():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    put(g, "marquise", 9, warriors=1, buildings=["workshop"])
    hand(g, cat, ["fox_anvil", "mouse_root_tea"])
    with positions.edit(g) as s:
        s.score[cat] = 28
    start(g, cat, "daylight.start")
    play(g, "craft:fox_anvil")
    assert g.is_over and g.winners == [cat] and g.state.score[cat] == 30
    assert "mouse_root_tea" in g.state.hands[cat]  # nothing more happened


@rule("LR-03-01-01")
def test_of_several_players_at_thirty_the_one_closest_clockwise_from_the_current_player_wins():
    from boardlab.games.root import scoring as S
    g, cat, bird = table()
    with positions.edit(g) as s:
        s.score = [30, 31]
        s.active = 1
        assert S.reached_30(s) == (1,)
        s.active = 0
        assert S.reached_30(s) == (0,)
        s.score = [12, 30]
        assert S.reached_30(s) == (1,)


@rule("LR-03-02-01")
def test_removing_an_enemy_building_or_token_scores_one_warriors_none():
    g, cat, bird = table()
    put(g, "marquise", 12, warriors=1, buildings=["sawmill"], tokens=["wood"])
    put(g, "eyrie", 12, warriors=4)
    hand(g, cat, ["fox_anvil"])
    for seed in range(80):
        h = reroll(g.clone(), seed)
        eyrie_daylight(h, bird, {"battle": ("fox_root_tea",)})
        resolve(h, "battle", "fox_root_tea")
        if h.decision == "battle_where":
            play(h, "battle:12")
        roll = logged(h, "ev.roll")
        if roll and roll[-1]["attacker"] == 2:
            break
    assert h.decision == "take_hits" and h.to_play == cat  # the Marquise picks: sawmill or wood first
    assert sorted(h.legal_action_ids()) == ["remove:sawmill", "remove:wood"]
    play(h, "remove:wood")
    assert h.state.score[bird] == 1  # the wood (the warrior scores nothing)
    assert warriors(h, "marquise", 12) == 0 and B.buildings_of(h.state, "marquise", idx(12)) == ["sawmill"]


# ---- dominance (LR-03-03) ---------------------------------------------------------------------------------------

def dominance_table(points: int, cards):
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1)
    hand(g, cat, cards)
    with positions.edit(g) as s:
        s.score[cat] = points
    cat_actions(g, cat)
    return g, cat, bird


@rule("LR-03-03", "LR-03-03-01")
def test_a_dominance_card_is_activated_in_daylight_from_ten_points_and_stops_scoring():
    g, cat, bird = dominance_table(9, ["fox_dominance"])
    assert "dominance:fox_dominance" not in g.legal_action_ids()
    g, cat, bird = dominance_table(10, ["fox_dominance", "fox_anvil"])
    play(g, "dominance:fox_dominance")
    assert g.state.dominance[cat] == "fox_dominance" and g.state.play_area[cat] == ("fox_dominance",)
    assert g.view(bird)["dominance"][cat] == "fox_dominance"
    from boardlab.games.root import scoring as S
    with positions.edit(g) as s:
        assert S.score(s, cat, 3, ("LR-03-02-01",)) == 0 and s.score[cat] == 10


@rule("LR-03-03-01-01")
def test_ruling_three_clearings_of_the_dominance_suit_at_the_start_of_birdsong_wins():
    g, cat, bird = table()
    for n in (1, 6, 8):  # the fox clearings 1, 6, 8 (12 is fox too)
        put(g, "marquise", n, warriors=1)
    with positions.edit(g) as s:
        s.dominance[cat] = "fox_dominance"
        s.play_area[cat] = ("fox_dominance",)
    h = g.clone()
    put(h, "eyrie", 8, warriors=1)  # Lords of the Forest: the Eyrie holds 8 on a tie
    start(h, cat, "birdsong.start")
    assert not h.is_over
    start(g, cat, "birdsong.start")
    assert g.is_over and g.winners == [cat]


@rule("LR-03-03-01-02")
def test_a_bird_dominance_wins_with_two_opposite_corners():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1)
    put(g, "marquise", 2, warriors=1)  # 1 and 2 are not opposite (1-3, 2-4)
    with positions.edit(g) as s:
        s.dominance[cat] = "bird_dominance"
    h = g.clone()
    start(h, cat, "birdsong.start")
    assert not h.is_over
    put(g, "marquise", 3, warriors=1)
    start(g, cat, "birdsong.start")
    assert g.is_over and g.winners == [cat]


@rule("LR-03-03-02")
def test_an_activated_dominance_card_stays_and_cannot_be_swapped():
    g, cat, bird = dominance_table(12, ["fox_dominance", "mouse_dominance"])
    play(g, "dominance:fox_dominance")
    assert not any(a.startswith("dominance:") for a in g.legal_action_ids())
    assert g.state.dominance[cat] == "fox_dominance"


@rule("LR-03-03-03", "LR-03-03-04")
def test_discarded_dominance_cards_become_available_and_are_taken_by_spending_a_matching_card():
    g, cat, bird = dominance_table(0, ["mouse_dominance", "bird_crossbow", "fox_anvil"])
    with positions.edit(g) as s:
        s.hands[cat].remove("mouse_dominance")
        s.dominance_pool = ["mouse_dominance"]
        s.hands[cat] += ["rabbit_bake_sale"]
    h = g.clone()
    h.forget_legal()
    assert "take_dominance:mouse_dominance" in h.legal_action_ids()
    play(h, "take_dominance:mouse_dominance")
    assert h.legal_action_ids() == ["spend:bird_crossbow"]  # a mouse card (a bird is wild)
    play(h, "spend:bird_crossbow")
    assert "mouse_dominance" in h.state.hands[cat] and h.state.dominance_pool == []
    assert h.state.discard[-1] == "bird_crossbow"
    # a bird dominance card is taken only with a bird card
    with positions.edit(g) as s:
        s.dominance_pool = ["bird_dominance"]
        s.hands[cat] = ["fox_anvil", "rabbit_bake_sale"]
    assert "take_dominance:bird_dominance" not in g.legal_action_ids()
    # and a discarded dominance card goes near the map, not to the discard pile
    from boardlab.games.root import cards as K
    with positions.edit(g) as s:
        s.hands[cat].append("fox_dominance")
        K.discard(s, cat, "fox_dominance", ("LR-03-03-03",))
        assert "fox_dominance" in s.dominance_pool and "fox_dominance" not in s.discard


# ---- crafting (LR-04-01) ----------------------------------------------------------------------------------------

@rule("LR-04-01-01")
def test_crafting_activates_pieces_of_the_cost_suits_once_each_per_turn():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])   # fox
    put(g, "marquise", 9, warriors=1, buildings=["workshop"])   # mouse
    hand(g, cat, ["fox_anvil", "bird_crossbow", "rabbit_a_visit_to_friends", "bird_royal_claim", "mouse_root_tea"])
    start(g, cat, "daylight.start")
    crafts = {a for a in g.legal_action_ids() if a.startswith("craft:")}
    assert crafts == {"craft:fox_anvil", "craft:bird_crossbow", "craft:mouse_root_tea"}  # no rabbit; Royal Claim: 4
    play(g, "craft:fox_anvil")
    assert "craft:bird_crossbow" not in g.legal_action_ids()  # the fox workshop is used this turn
    put(g, "marquise", 12, warriors=1, buildings=["workshop"])  # a second fox workshop
    assert "craft:bird_crossbow" in g.legal_action_ids()


@rule("LR-04-01-01")
def test_a_question_mark_is_paid_with_a_piece_of_any_suit():
    g, cat, bird = table()
    for n in (1, 9, 4, 5):  # fox, mouse, rabbit, rabbit
        put(g, "marquise", n, warriors=1, buildings=["workshop"])
    hand(g, cat, ["bird_royal_claim"])
    start(g, cat, "daylight.start")
    play(g, "craft:bird_royal_claim")
    assert g.decision == "craft_any" and g.legal_action_ids() == ["any:fox", "any:mouse", "any:rabbit"]
    play(g, "any:rabbit", "any:mouse")
    assert g.legal_action_ids() == ["any:fox", "any:rabbit"]
    play(g, "any:rabbit")  # the fox workshop pays the last one without asking
    assert g.state.play_area[cat] == ("bird_royal_claim",)
    assert all(g.state.used.get(f"craft:{s}", 0) == n for s, n in (("fox", 1), ("mouse", 1), ("rabbit", 2)))


@rule("LR-04-01-02")
def test_an_item_goes_from_the_supply_to_the_crafted_items_box_and_needs_one_left():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    put(g, "marquise", 12, warriors=1, buildings=["workshop"])
    hand(g, cat, ["fox_anvil", "bird_crossbow", "mouse_crossbow"])
    start(g, cat, "daylight.start")
    play(g, "craft:bird_crossbow")
    assert g.state.items["crossbow"] == 0 and g.state.crafted[cat] == ("crossbow",)
    assert "bird_crossbow" in g.state.discard
    assert "craft:mouse_crossbow" not in g.legal_action_ids()  # no crossbow left in the supply
    assert "craft:fox_anvil" in g.legal_action_ids()


@rule("LR-04-01-04")
def test_no_second_identical_persistent_effect():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    hand(g, cat, ["bird_armorers_2"])
    with positions.edit(g) as s:
        s.play_area[cat] = ("bird_armorers",)
    start(g, cat, "daylight.start")
    assert g.decision == "marquise_action" and not [a for a in g.legal_action_ids() if a.startswith("craft:")]


# ---- moving (LR-04-02) ------------------------------------------------------------------------------------------

@rule("LR-04-02-01")
def test_a_move_needs_rule_of_the_origin_or_the_destination():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=1)
    put(g, "eyrie", 1, warriors=2)    # the Eyrie rules 1
    put(g, "eyrie", 9, warriors=1)    # and 9
    put(g, "marquise", 5, warriors=1)  # the Marquise rules 5
    cat_actions(g, cat)
    play(g, "march", "from:1")
    assert g.legal_action_ids() == ["to:5"]  # 9 and 10 are not hers; 5 is


@rule("LR-04-02-02")
def test_the_same_warriors_may_move_again():
    g, cat, bird = table()
    put(g, "marquise", 1, warriors=2)
    cat_actions(g, cat)
    play(g, "march", "from:1", "to:5", "warriors:2", "from:5", "to:2", "warriors:2")
    assert warriors(g, "marquise", 2) == 2 and warriors(g, "marquise", 1) == 0


# ---- battle (LR-04-03) ------------------------------------------------------------------------------------------

def battle_table(cat_warriors=2, bird_warriors=2, clearing=12, cat_hand=(), bird_hand=()):
    g, cat, bird = table()
    put(g, "marquise", clearing, warriors=cat_warriors)
    put(g, "eyrie", clearing, warriors=bird_warriors)
    hand(g, cat, cat_hand)
    hand(g, bird, bird_hand)
    return g, cat, bird


@rule("LR-04-03")
def test_battle_where_the_attacker_has_warriors_against_an_enemy_there():
    g, cat, bird = battle_table()
    put(g, "marquise", 5, warriors=1)
    put(g, "eyrie", 9, warriors=1)
    cat_actions(g, cat)
    play(g, "battle")
    assert g.legal_action_ids() == ["battle:12"]  # 5 has no enemy; 9 none of her warriors
    since = len(g.state.events)
    play(g, "battle:12")
    assert logged(g, "ev.battle", since)[0] == {"seat": cat, "faction": "marquise", "defender": "eyrie",
                                                "clearing": idx(12)}


@rule("LR-04-03-01", "LR-04-03-01-02")
def test_a_matching_ambush_deals_two_hits_and_ends_the_battle_if_no_attacker_is_left():
    g, cat, bird = battle_table(cat_warriors=2, bird_hand=["mouse_ambush", "fox_ambush", "bird_ambush"])
    cat_actions(g, cat)
    play(g, "battle", "battle:12")
    assert g.decision == "ambush" and g.to_play == bird
    assert g.legal_action_ids() == ["ambush:fox_ambush", "ambush:bird_ambush", "pass"]  # 12 is a fox clearing
    since = len(g.state.events)
    play(g, "ambush:fox_ambush")
    assert warriors(g, "marquise", 12) == 0 and warriors(g, "eyrie", 12) == 2
    assert "ev.roll" not in [k for _, k, _ in events(g, since)] and "fox_ambush" in g.state.discard
    assert logged(g, "ev.battle_over", since)


@rule("LR-04-03-01-01")
def test_the_attacker_foils_an_ambush_with_one_of_its_own():
    g, cat, bird = battle_table(cat_warriors=2, cat_hand=["bird_ambush"], bird_hand=["fox_ambush"])
    cat_actions(g, cat)
    play(g, "battle", "battle:12", "ambush:fox_ambush")
    assert g.decision == "foil" and g.to_play == cat
    since = len(g.state.events)
    play(g, "foil:bird_ambush")
    assert {"fox_ambush", "bird_ambush"} <= set(g.state.discard)
    keys = [k for _, k, _ in events(g, since) if k in ("ev.removed", "ev.roll")]
    assert keys[0] == "ev.roll"  # no ambush hits: straight on to the roll


@rule("LR-04-03-03-01")
def test_rolled_hits_are_capped_by_warriors_in_the_clearing():
    for seed in range(60):
        g, cat, bird = battle_table(cat_warriors=1, bird_warriors=5)
        cat_actions(reroll(g, seed), cat)
        play(g, "battle", "battle:12")
        roll = logged(g, "ev.roll")[-1]
        if max(roll["dice"]) >= 2:
            break
    assert roll["attacker"] == 1 and warriors(g, "eyrie", 12) == 4


@rule("LR-04-03-05", "LR-04-03-05-01", "card:brutal_tactics")
def test_extra_hits_are_not_capped_by_warriors():
    for seed in range(60):
        g, cat, bird = battle_table(cat_warriors=1, bird_warriors=5)
        with positions.edit(g) as s:
            s.play_area[cat] = ("bird_brutal_tactics",)
        cat_actions(reroll(g, seed), cat)
        play(g, "battle", "battle:12")
        roll = logged(g, "ev.roll")[-1]
        if max(roll["dice"]) >= 2 and min(roll["dice"]) == 0:
            break
    play(g, "effect:brutal_tactics")
    assert warriors(g, "eyrie", 12) == 5 - 2  # 1 rolled (capped) + 1 extra
    assert g.state.score[bird] == 1  # Brutal Tactics: the defender scores a point
    assert logged(g, "ev.hits")[-1]["attacker"] == 2


@rule("LR-04-03-05-02")
def test_a_defenceless_defender_takes_an_extra_hit():
    for seed in range(60):
        g, cat, bird = battle_table(cat_warriors=3, bird_warriors=0)
        put(g, "eyrie", 12, buildings=["roost"])
        put(g, "marquise", 5, warriors=1)  # (elsewhere)
        cat_actions(reroll(g, seed), cat)
        play(g, "battle", "battle:12")
        if max(logged(g, "ev.roll")[-1]["dice"]) == 0:
            break
    assert logged(g, "ev.hits")[-1]["attacker"] == 1  # no rolled hits, one extra: the roost goes
    assert B.buildings_of(g.state, "eyrie", idx(12)) == [] and g.state.score[cat] == 1


@rule("LR-04-03-06")
def test_the_side_taking_hits_loses_warriors_first_then_picks_among_its_other_pieces():
    for seed in range(80):
        g, cat, bird = battle_table(cat_warriors=1, bird_warriors=3)
        put(g, "marquise", 12, buildings=["workshop"], tokens=["wood"])
        hand(g, bird, ["fox_root_tea"])
        eyrie_daylight(reroll(g, seed), bird, {"battle": ("fox_root_tea",)})
        resolve(g, "battle", "fox_root_tea")
        if g.decision == "battle_where":
            play(g, "battle:12")
        roll = logged(g, "ev.roll")
        if roll and roll[-1]["attacker"] == 2:
            break
    assert warriors(g, "marquise", 12) == 1  # nothing removed yet: she chooses first
    assert g.decision == "take_hits" and g.to_play == cat
    assert sorted(g.legal_action_ids()) == ["remove:wood", "remove:workshop"]
    play(g, "remove:workshop")
    assert warriors(g, "marquise", 12) == 0 and B.tokens_of(g.state, "marquise", idx(12)) == ["wood"]
    assert B.buildings_of(g.state, "marquise", idx(12)) == []


@rule("LR-04-03-02")
def test_before_rolling_effects_come_before_the_roll_the_attackers_first(monkeypatch):
    """No card of the base game acts "before rolling"; modules offer such effects through the
    `battle_effects` extension point in the battle's before-roll stages. A stand-in effect here."""
    from boardlab.games.root.program import PROGRAM
    g, cat, bird = battle_table(cat_warriors=3, bird_warriors=3)
    flow = PROGRAM.flow_of(g.state)
    asked = []

    def offer(state, battle, seat, attacking):
        if battle.stage.startswith("before") and f"x{seat}" not in battle.used:
            asked.append((seat, battle.stage))
            return [f"effect:x{seat}"]
        return []

    def use(state, battle, seat, key):
        state.log(("LR-04-03-02",), "ev.test_effect", seat=seat)
        return battle._replace(used=battle.used + (key,))

    monkeypatch.setitem(flow.answers, "battle_effects", flow.answers.get("battle_effects", ()) + (offer,))
    monkeypatch.setitem(flow.answers, "use_battle_effect", flow.answers.get("use_battle_effect", ()) + (use,))
    cat_actions(g, cat)
    play(g, "battle", "battle:12")
    assert (g.decision, g.to_play) == ("battle_effects", cat) and asked[0] == (cat, "before_a")
    since = len(g.state.events)
    play(g, f"effect:x{cat}")
    assert (g.decision, g.to_play) == ("battle_effects", bird)
    play(g, f"effect:x{bird}")
    keys = [k for _, k, _ in events(g, since)]
    assert keys.index("ev.test_effect") < keys.index("ev.roll")
    assert [p["seat"] for _, k, p in events(g, since) if k == "ev.test_effect"] == [cat, bird]


@rule("LR-01-05-05", "LR-01-05-05-01")
def test_a_player_forced_to_battle_makes_the_battles_decisions():
    """The Vagrant's Instigate forces the Marquise to battle the Eyrie: the foil and her battle effects are
    her seat's decisions, not the Vagrant's."""
    from vagabond_helpers import at, daylight, game, kit, relation
    g = game("vagrant", factions=("marquise", "eyrie", "vagabond"))
    kit(g, "torch", "boot")
    at(g, 12)
    put(g, "marquise", 12, warriors=2)
    put(g, "eyrie", 12, warriors=2)
    relation(g, "eyrie", -1)
    hand(g, 0, ["bird_ambush"])
    hand(g, 1, ["fox_ambush"])
    hand(g, 2, [])
    with positions.edit(g) as s:
        s.play_area[0] = ("bird_brutal_tactics",)
    daylight(g)
    play(g, "instigate:marquise:eyrie")
    assert (g.decision, g.to_play) == ("ambush", 1)
    play(g, "ambush:fox_ambush")
    assert (g.decision, g.to_play) == ("foil", 0)  # the forced attacker decides
    play(g, "foil:bird_ambush")
    assert (g.decision, g.to_play) == ("battle_effects", 0)
    assert "effect:brutal_tactics" in g.legal_action_ids()


@rule("LR-05-02", "LR-05-02-01")
def test_a_faction_mix_below_the_viable_reach_is_refused_unless_the_table_says_so():
    import boardlab
    from boardlab.core.errors import ConfigError
    with pytest.raises(ConfigError) as err:
        boardlab.new_game("root", 3, seed=1, options={"factions": ["eyrie", "alliance", "vagabond"]})
    text = str(err.value)
    assert "15" in text and "18" in text  # 7 + 3 + 5 against 18 for three players
    g = boardlab.new_game("root", 3, seed=1, options={"factions": ["eyrie", "alliance", "vagabond"],
                                                      "below_reach": True})
    assert g.state.faction == ("eyrie", "alliance", "vagabond")
    boardlab.new_game("root", 4, seed=1)  # the default four: 25, viable for four (21)


@rule("LR-02-05")
def test_a_tie_for_rule_means_nobody_rules():
    g = set_up(new(("marquise", "eyrie", "alliance"), seed=2))
    clear(g)
    put(g, "marquise", 5, warriors=2)
    put(g, "alliance", 5, warriors=2)
    assert B.ruler(g.state, idx(5)) is None
    put(g, "eyrie", 5, warriors=2)  # the Eyrie tie too, and win ties (Lords of the Forest)
    assert B.ruler(g.state, idx(5)) == "eyrie"


@rule("LR-03-01")
def test_nothing_happens_after_the_winning_point():
    """The Eyrie's Evening scores the roost track, then draws: reaching 30 there ends the game before the draw."""
    g, cat, bird = table()
    for n in (1, 5, 9):  # three roosts: the track shows 2 points
        put(g, "eyrie", n, warriors=1, buildings=["roost"])
    with positions.edit(g) as s:
        s.score[bird] = 29
    hand_before = list(g.state.hands[bird])
    since = len(g.state.events)
    start(g, bird, "evening.start")
    assert g.is_over and g.winners == [bird]
    assert g.state.hands[bird] == hand_before
    assert [k for _, k, _ in events(g, since)][-1] == "ev.win"


def test_each_seat_shows_its_factions_colour():
    """The web table colours a seat by the faction it plays (view `colours`), whatever the seat order."""
    from boardlab.games.root.content import FACTIONS
    g = new(("eyrie", "marquise"), seed=1)
    assert g.view(0)["colours"] == [FACTIONS["eyrie"].colour, FACTIONS["marquise"].colour]
