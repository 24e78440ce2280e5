"""The Exiles and Partisans deck (option `deck: exiles`, LR-AA-02): its composition against the
reference (shared/references/root-hirelings-maps.md section 5), and a scenario per card effect,
each naming the card as `card:<key>` and the Law clauses it touches. Rulings: docs/root-rulings.md,
section "Exiles and Partisans" (RTA-EP-*).

Seats: 0 is the Marquise de Cat, 1 the Eyrie. Positions start from a cleared map (`fresh`), with
empty hands and play areas; a card's effect is put in play with `in_play`.
"""
from __future__ import annotations

from collections import Counter

import pytest
import root_helpers as H

import boardlab
from boardlab.core import positions
from boardlab.core.rng import Stream
from boardlab.games.root import battle as BT
from boardlab.games.root import cards as K
from boardlab.games.root import move as MV
from boardlab.games.root.content import CARD_TEXTS, CARDS, DECKS
from boardlab.games.root.records import Battle

CAT, BIRD = "marquise", "eyrie"
LANGS = ("en", "zh-Hant", "zh-Hans")

# The reference's table (section 5.2): key -> (suit, copies, cost).
EFFECT_CARDS = {
    "saboteurs": ("bird", 3, ("any",)),
    "soup_kitchens": ("bird", 1, ("fox", "rabbit", "mouse")),
    "boat_builders": ("bird", 1, ("any", "any")),
    "corvid_planners": ("bird", 1, ("any", "any")),
    "eyrie_emigre": ("bird", 1, ("fox", "fox")),
    "fox_partisans": ("fox", 1, ("fox",)),
    "propaganda_bureau": ("fox", 1, ("any", "any", "any")),
    "false_orders": ("fox", 2, ("fox",)),
    "informants": ("fox", 2, ("fox", "fox")),
    "rabbit_partisans": ("rabbit", 1, ("rabbit",)),
    "tunnels": ("rabbit", 2, ("rabbit",)),
    "charm_offensive": ("rabbit", 1, ("rabbit",)),
    "swap_meet": ("rabbit", 2, ("rabbit",)),
    "coffin_makers": ("rabbit", 1, ("rabbit", "rabbit")),
    "mouse_partisans": ("mouse", 1, ("mouse",)),
    "league_of_adventurous_mice": ("mouse", 2, ("mouse",)),
    "murine_broker": ("mouse", 1, ("mouse", "mouse")),
    "master_engravers": ("mouse", 1, ("mouse", "mouse")),
}


# ---- builders ---------------------------------------------------------------------------------------------------

def card(key: str, copy: int = 1) -> str:
    """The id of a card of the E&P deck by its key (`suit_key`, `_2` for the second copy)."""
    ids = [c.id for c in DECKS["exiles"] if c.key == key]
    return ids[copy - 1]


def fresh(seed: int = 1):
    """A 2-player E&P game after setup, the map cleared, no keep, empty hands and play areas."""
    g = H.set_up(H.new(deck="exiles", seed=seed))
    H.clear(g)
    with positions.edit(g) as s:
        s.mods[CAT].keep = None
        for h in s.hands:
            s.deck.extend(h)
            h.clear()
        s.play_area = [()] * s.players
        s.crafted = [()] * s.players
    return g


def in_play(g, seat: int, *ids: str):
    """Put crafted persistent cards in a seat's play area (taken out of wherever they are)."""
    with positions.edit(g) as s:
        for c in ids:
            for pile in (s.deck, s.discard, *s.hands):
                if c in pile:
                    pile.remove(c)
                    break
        s.play_area[seat] = s.play_area[seat] + tuple(ids)
    return g


def to_discard(g, *ids: str):
    with positions.edit(g) as s:
        for c in ids:
            s.deck.remove(c)
            s.discard.append(c)
    return g


def logged(g, key: str, since: int = 0) -> list[tuple]:
    return [e for e in H.events(g, since) if e[1] == key]


def daylight_actions(g):
    """The Marquise's Daylight, past crafting, at her action decision."""
    H.start(g, 0, "daylight.start")
    H.past_crafting(g)
    assert g.decision == "marquise_action"
    return g


# ---- the deck and the option ------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AA-02", "LR-02-01-02", "LR-02-01-03", "LR-02-01")
def test_the_deck_matches_the_reference_composition():
    """54 cards, suit totals 14/14/13/13; the standard ambush, dominance and 20 item cards kept with their
    ids; the 25 standard effect cards replaced by the reference's 25 (suit, copies, cost)."""
    deck, standard = DECKS["exiles"], DECKS["standard"]
    assert len(deck) == 54
    assert Counter(c.suit for c in deck) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    kept = [c.id for c in standard if c.kind in ("ambush", "dominance", "item")]
    assert len([c for c in standard if c.kind == "ambush"]) == 5 and len(kept) == 5 + 4 + 20
    assert [c.id for c in deck if c.kind in ("ambush", "dominance", "item")] == kept
    effects = [c for c in deck if c.kind not in ("ambush", "dominance", "item")]
    assert len(effects) == 25 and all(c.kind == "persistent" for c in effects)
    assert {c.key for c in effects}.isdisjoint({c.key for c in standard})
    got = {k: (next(c.suit for c in effects if c.key == k), sum(1 for c in effects if c.key == k),
               next(c.cost for c in effects if c.key == k)) for k in {c.key for c in effects}}
    assert got == EFFECT_CARDS
    assert card("saboteurs", 3) == "bird_saboteurs_3" and card("false_orders", 2) == "fox_false_orders_2"


@pytest.mark.rule("LR-AA-02", "LR-05-01-03")
def test_the_option_deals_the_deck_and_switches_on_its_effects():
    """`deck: exiles` deals the E&P deck (without dominance cards with 2 players) and switches on the
    module of its effects; the standard deck does neither."""
    g = H.new(deck="exiles")
    s = g.state
    dealt = s.deck + [c for h in s.hands for c in h]
    assert sorted(dealt) == sorted(c.id for c in DECKS["exiles"] if c.kind != "dominance")
    assert "deck_exiles" in s.modules
    std = H.new()
    assert "deck_exiles" not in std.state.modules and "bird_saboteurs" not in std.state.deck
    with pytest.raises(boardlab.ConfigError):
        H.new(deck="dusk")


def test_every_card_has_names_and_an_effect_text_in_three_languages():
    """card:<key> for every E&P effect card is a rule id with a text (the log's trail)."""
    for key in EFFECT_CARDS:
        text = CARD_TEXTS[key]
        for lang in LANGS:
            assert text.names.get(lang) and text.text is not None and text.text.get(lang)
        assert H.new(deck="exiles").rules.rule_text(f"card:{key}", "zh-Hant").startswith(text.names.zh_Hant)


@pytest.mark.rule("LR-04-01-04", "LR-04-01-01", "LR-04-01-03")
def test_no_duplicate_persistent_effect_and_question_mark_costs():
    """card:tunnels: the second Tunnels cannot be crafted beside the first (LR-04-01-04); card:saboteurs
    costs one "?" (a workshop of any suit), card:boat_builders two (LR-04-01-01)."""
    g = fresh()
    H.put(g, CAT, 8, buildings=["workshop"])      # one fox workshop
    H.put(g, CAT, 5, buildings=["workshop"])      # one rabbit workshop
    H.hand(g, 0, [card("tunnels", 2), card("saboteurs"), card("boat_builders"), card("propaganda_bureau")])
    in_play(g, 0, card("tunnels"))
    H.start(g, 0, "daylight.start")
    legal = g.legal_action_ids()
    assert f"craft:{card('tunnels', 2)}" not in legal
    assert f"craft:{card('saboteurs')}" in legal and f"craft:{card('boat_builders')}" in legal
    assert f"craft:{card('propaganda_bureau')}" not in legal   # three "?" and two workshops
    H.play(g, f"craft:{card('saboteurs')}", "any:fox")
    assert card("saboteurs") in g.state.play_area[0]
    assert f"craft:{card('boat_builders')}" not in g.legal_action_ids()  # the fox workshop is used
    assert g.state.used["craft:fox"] == 1


# ---- Saboteurs ----------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-02-01-04", "LR-03-03-02", "LR-AG-05", "LR-01-04-01")
def test_saboteurs_discards_itself_and_an_enemy_crafted_card_at_the_start_of_birdsong():
    """card:saboteurs: at the start of Birdsong the holder may discard it to make an enemy discard a
    crafted card; an activated dominance card is not a target (RTA-EP-09)."""
    g = fresh()
    in_play(g, 0, card("saboteurs"))
    in_play(g, 1, card("tunnels"), "bird_dominance")
    H.start(g, 0, "birdsong.start")
    assert g.decision == "saboteurs" and g.state.phase == "birdsong"
    assert g.legal_action_ids() == [f"sabotage:{card('tunnels')}", "pass"]
    since = len(g.state.events)
    H.play(g, f"sabotage:{card('tunnels')}")
    assert g.state.play_area == [(), ("bird_dominance",)]
    assert g.state.discard[-2:] == [card("saboteurs"), card("tunnels")]
    assert "card:saboteurs" in H.rules_logged(g, since)


def test_saboteurs_may_be_kept_and_is_not_asked_without_a_target():
    """card:saboteurs: passing keeps it; with only a dominance card among enemies no question is asked."""
    g = fresh()
    in_play(g, 0, card("saboteurs"))
    in_play(g, 1, card("tunnels"))
    H.start(g, 0, "birdsong.start")
    H.play(g, "pass")
    assert g.state.play_area[0] == (card("saboteurs"),) and g.state.play_area[1] == (card("tunnels"),)
    g = fresh()
    in_play(g, 0, card("saboteurs"))
    in_play(g, 1, "bird_dominance")
    H.start(g, 0, "birdsong.start")
    assert g.decision != "saboteurs"


# ---- Soup Kitchens ----------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-02-05", "LR-AG-28", "LR-01-01-01")
def test_soup_kitchens_counts_the_holder_tokens_twice_toward_rule():
    """card:soup_kitchens: a warrior and a wood (1 + 2) beat two Eyrie warriors; without it, tokens do
    not count (LR-02-05) and the Eyrie rule."""
    from boardlab.games.root import board as B
    g = fresh()
    H.put(g, CAT, 5, warriors=1, tokens=["wood"])
    H.put(g, BIRD, 5, warriors=2)
    assert B.ruler(g.state, H.idx(5)) == BIRD
    in_play(g, 0, card("soup_kitchens"))
    assert B.rule_total(g.state, CAT, H.idx(5)) == 3
    assert B.ruler(g.state, H.idx(5)) == CAT
    in_play(g, 1, card("saboteurs"))  # nothing changes for the Eyrie, who have no tokens
    assert B.rule_total(g.state, BIRD, H.idx(5)) == 2


# ---- Boat Builders, Corvid Planners, Tunnels --------------------------------------------------------------------

@pytest.mark.rule("LR-02-03", "LR-02-02-01", "LR-04-02")
def test_boat_builders_makes_rivers_paths_for_the_holder():
    """card:boat_builders: the river from 5 to 10 (Autumn) becomes a path for the holder only."""
    g = fresh()
    H.put(g, CAT, 5, warriors=3)
    H.put(g, BIRD, 10, warriors=1)
    assert MV.destinations(g.state, CAT, H.idx(5)) == [H.idx(1), H.idx(2)]
    in_play(g, 0, card("boat_builders"))
    assert MV.destinations(g.state, CAT, H.idx(5)) == [H.idx(1), H.idx(2), H.idx(10)]
    H.start(g, 0, "daylight.start")
    H.past_crafting(g)
    H.play(g, "march", "from:5", "to:10", "warriors:2")
    assert H.warriors(g, CAT, 10) == 2
    H.put(g, BIRD, 5, warriors=5)
    assert H.idx(10) not in MV.destinations(g.state, BIRD, H.idx(5))  # not for the Eyrie


@pytest.mark.rule("LR-04-02-01")
def test_corvid_planners_ignores_rule_when_moving():
    """card:corvid_planners: the Marquise may leave a clearing she does not rule for one she does not
    rule (LR-04-02-01 otherwise forbids it)."""
    g = fresh()
    H.put(g, CAT, 5, warriors=1)
    for c in (5, 1, 2):
        H.put(g, BIRD, c, warriors=3)
    assert MV.destinations(g.state, CAT, H.idx(5)) == []
    in_play(g, 0, card("corvid_planners"))
    assert MV.destinations(g.state, CAT, H.idx(5)) == [H.idx(1), H.idx(2)]
    H.start(g, 0, "daylight.start")
    H.past_crafting(g)
    H.play(g, "march", "from:5", "to:1")
    assert H.warriors(g, CAT, 1) == 1
    H.put(g, BIRD, 8, warriors=1)
    H.put(g, CAT, 8, warriors=2)
    for c in (4, 7):
        H.put(g, CAT, c, warriors=2)
    assert MV.destinations(g.state, BIRD, H.idx(8)) == []   # the Eyrie still need rule


@pytest.mark.rule("LR-02-02-01", "LR-04-02", "LR-06-05-04-02")
def test_tunnels_links_the_clearings_of_the_holder_crafting_pieces():
    """card:tunnels: workshops in 1 and 3 (not linked by a path) are adjacent for the Marquise: she can
    move from 1 to 3, and wood in 3 pays for a building in 1."""
    from boardlab.games.root import board as B
    g = fresh()
    H.put(g, CAT, 1, warriors=2, buildings=["workshop"])
    H.put(g, CAT, 3, warriors=1, buildings=["workshop"], tokens=["wood"])
    assert H.idx(3) not in MV.destinations(g.state, CAT, H.idx(1))
    in_play(g, 0, card("tunnels"))
    assert H.idx(3) in MV.destinations(g.state, CAT, H.idx(1))
    assert H.idx(3) in B.connected(g.state, CAT, H.idx(1))
    assert H.idx(3) not in MV.destinations(g.state, CAT, H.idx(5))   # 5 holds no crafting piece
    assert H.idx(3) not in B.adjacent(g.state, BIRD, H.idx(1))       # and only for the holder
    H.start(g, 0, "daylight.start")
    H.past_crafting(g)
    H.play(g, "march", "from:1", "to:3", "warriors:1")
    assert H.warriors(g, CAT, 3) == 2


# ---- Eyrie Émigré ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-01-04-01", "LR-01-04-02", "LR-04-02", "LR-04-03")
def test_eyrie_emigre_moves_then_battles_at_the_end_of_birdsong():
    """card:eyrie_emigre: after the Marquise's Birdsong (her wood first), a move, then a battle in the
    clearing moved into; the card stays (RTA-EP-04)."""
    g = fresh()
    in_play(g, 0, card("eyrie_emigre"))
    H.put(g, CAT, 5, warriors=3, buildings=["sawmill"])
    H.put(g, BIRD, 1, warriors=1)
    since = H.start(g, 0, "birdsong.start")
    assert g.decision == "move_from" and g.state.phase == "birdsong"
    assert "skip" not in g.legal_action_ids()
    assert logged(g, "ev.cat.wood", since)   # the end of Birdsong: after the faction's own steps
    H.play(g, "from:5", "to:1", "warriors:3")
    assert g.decision == "battle_where" and g.legal_action_ids() == ["battle:1"]
    H.play(g, "battle:1")
    battles = logged(g, "ev.battle", since)
    assert battles and "card:eyrie_emigre" in battles[0][0]
    H.decline(g, "marquise_action")
    assert g.state.phase == "daylight" and g.state.play_area[0] == (card("eyrie_emigre"),)


def test_eyrie_emigre_is_discarded_without_a_battle_or_a_move():
    """card:eyrie_emigre: a move into a clearing with no enemy, or no move at all, discards it."""
    g = fresh()
    in_play(g, 0, card("eyrie_emigre"))
    H.put(g, CAT, 5, warriors=2)
    H.start(g, 0, "birdsong.start")
    H.play(g, "from:5", "to:2", "warriors:2")
    assert g.state.phase == "daylight" and g.state.play_area[0] == ()
    assert g.state.discard[-1] == card("eyrie_emigre") and logged(g, "ev.ep.emigre_fails")
    g = fresh()
    in_play(g, 0, card("eyrie_emigre"))
    H.start(g, 0, "birdsong.start")
    assert g.state.play_area[0] == () and card("eyrie_emigre") in g.state.discard


# ---- the Partisans ------------------------------------------------------------------------------------------------

def _battle_to_effects(g, clearing: int):
    H.start(g, 0, "daylight.start")
    H.past_crafting(g)
    H.play(g, "battle", f"battle:{clearing}")
    assert g.decision == "battle_effects"
    return g


@pytest.mark.rule("LR-04-03-04", "LR-04-03-05-01", "LR-02-01-01-01", "LR-04-03-02")
def test_fox_partisans_deals_an_extra_hit_then_discards_every_card_but_foxes():
    """card:fox_partisans: attacking in fox clearing 1, an extra hit (not limited by warriors), then
    the rabbit and the bird cards go (birds are not foxes here, RTA-EP-03); offered after rolling only."""
    g = fresh()
    in_play(g, 0, card("fox_partisans"))
    H.put(g, CAT, 1, warriors=1)
    H.put(g, BIRD, 1, warriors=3)
    H.hand(g, 0, ["fox_anvil", "rabbit_bake_sale", "bird_crossbow", "fox_ambush"])
    H.hand(g, 1, [])
    H.put(g, CAT, 5, warriors=1)  # a March left for later: her Daylight waits for her
    battle = Battle(0, BIRD, H.idx(1), "before_a", 0, 0, False, False, 0, 0, (), ())
    assert BT.effect_options(g.state, battle, 0, True) == []
    _battle_to_effects(g, 1)
    assert "effect:fox_partisans" in g.legal_action_ids()
    rolled = logged(g, "ev.roll")[-1][2]["attacker"]
    since = len(g.state.events)
    H.play(g, "effect:fox_partisans")
    assert sorted(g.state.hands[0]) == ["fox_ambush", "fox_anvil"]
    assert {"rabbit_bake_sale", "bird_crossbow"} <= set(g.state.discard)
    assert g.decision != "battle_effects"   # once a battle: nothing else to use
    H.decline(g, "marquise_action")
    assert logged(g, "ev.hits", since)[0][2]["attacker"] == rolled + 1
    assert "card:fox_partisans" in H.rules_logged(g, since)


def test_partisans_need_a_clearing_of_their_suit_and_serve_the_defender_too():
    """card:rabbit_partisans is not offered in fox clearing 1; card:mouse_partisans serves the Eyrie
    defending in mouse clearing 2 (one more hit for them)."""
    g = fresh()
    in_play(g, 0, card("rabbit_partisans"))
    in_play(g, 1, card("mouse_partisans"))
    H.put(g, CAT, 1, warriors=2)
    H.put(g, BIRD, 1, warriors=2)
    H.put(g, CAT, 2, warriors=3)
    H.put(g, BIRD, 2, warriors=3)
    H.hand(g, 1, ["mouse_sword", "fox_anvil"])
    H.start(g, 0, "daylight.start")
    H.past_crafting(g)
    H.play(g, "battle", "battle:1")
    assert g.decision != "battle_effects"
    H.decline(g, "marquise_action")
    H.play(g, "battle", "battle:2")
    assert g.to_play == 1 and g.legal_action_ids() == ["effect:mouse_partisans", "done"]
    rolled = logged(g, "ev.roll")[-1][2]["defender"]
    since = len(g.state.events)
    H.play(g, "effect:mouse_partisans")
    assert g.state.hands[1] == ["mouse_sword"]
    H.decline(g, "marquise_action")
    assert logged(g, "ev.hits", since)[0][2]["defender"] == rolled + 1


# ---- Propaganda Bureau -------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AG-31", "LR-02-01-01", "LR-AG-08")
def test_propaganda_bureau_replaces_an_enemy_warrior_once_in_daylight():
    """card:propaganda_bureau: spend a card matching rabbit clearing 5 to remove an Eyrie warrior there
    and place a Marquise warrior; no card matches fox clearing 1; once a Daylight."""
    g = fresh()
    in_play(g, 0, card("propaganda_bureau"))
    H.put(g, BIRD, 5, warriors=2)
    H.put(g, BIRD, 1, warriors=1)
    H.hand(g, 0, ["rabbit_bake_sale", "mouse_sword"])
    daylight_actions(g)
    H.play(g, "use:propaganda_bureau")
    assert g.decision == "bureau_where" and g.legal_action_ids() == ["bureau:5"]  # no fox card for 1
    H.play(g, "bureau:5")
    assert H.warriors(g, BIRD, 5) == 1 and H.warriors(g, CAT, 5) == 1
    assert g.state.hands[0] == ["mouse_sword"] and g.state.discard[-1] == "rabbit_bake_sale"
    assert g.state.score == [0, 0]    # a warrior scores nothing (LR-03-02-01)
    assert "use:propaganda_bureau" not in g.legal_action_ids()


def test_propaganda_bureau_asks_the_card_and_places_as_many_as_it_can():
    """card:propaganda_bureau: with two matching cards (a bird is wild, LR-02-01-01) the holder picks
    one; at the Marquise's keep the Eyrie remove her warrior but place none (LR-01-05-04, RTA-EP-07)."""
    g = fresh()
    in_play(g, 1, card("propaganda_bureau"))
    H.put(g, CAT, 1, warriors=2, tokens=["keep"])
    with positions.edit(g) as s:
        s.mods[CAT].keep = H.idx(1)
    H.hand(g, 1, ["fox_anvil", "bird_crossbow"])
    H.start(g, 1, "daylight.start")
    H.play(g, "use:propaganda_bureau", "bureau:1")
    assert g.decision == "bureau_spend" and g.legal_action_ids() == ["spend:fox_anvil", "spend:bird_crossbow"]
    H.play(g, "spend:fox_anvil")
    H.decline(g, "eyrie_craft")
    assert H.warriors(g, CAT, 1) == 1 and H.warriors(g, BIRD, 1) == 0
    assert logged(g, "ev.ep.bureau_place")[-1][2]["n"] == 0


# ---- False Orders --------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-01-05-05", "LR-04-02-01", "LR-04-02")
def test_false_orders_moves_half_an_enemy_warriors_ignoring_rule():
    """card:false_orders (errata): in Birdsong the holder discards it to make the Eyrie move 2 of their
    3 warriors (half, rounded up) from 1 to 5, though they rule neither; it is their move (RTA-EP-06)."""
    g = fresh()
    in_play(g, 0, card("false_orders"))
    H.put(g, BIRD, 1, warriors=3)
    H.put(g, CAT, 1, warriors=4)
    H.put(g, CAT, 5, warriors=5)
    assert MV.destinations(g.state, BIRD, H.idx(1)) == []
    H.start(g, 0, "birdsong.start")
    assert g.decision == "phase_window" and "use:false_orders" in g.legal_action_ids()
    H.play(g, "use:false_orders")
    assert g.decision == "false_orders_from" and g.legal_action_ids() == ["from:1"]
    H.play(g, "from:1")
    assert g.legal_action_ids() == ["to:5", "to:9", "to:10"]
    since = len(g.state.events)
    H.play(g, "to:5")
    assert H.warriors(g, BIRD, 5) == 2 and H.warriors(g, BIRD, 1) == 1
    moves = logged(g, "ev.move", since)
    assert moves[0][2]["seat"] == 1 and "card:false_orders" in moves[0][0]
    assert g.state.play_area[0] == () and card("false_orders") in g.state.discard


# ---- Informants ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-06-06", "LR-01-02-02", "LR-AG-06")
def test_informants_takes_an_ambush_from_the_discard_pile_instead_of_the_evening_draw():
    """card:informants: the Marquise's Evening draw may become an ambush card from the discard pile;
    the hand limit comes after it (LR-06-06)."""
    g = fresh()
    in_play(g, 0, card("informants"))
    to_discard(g, "fox_ambush", "mouse_ambush", "fox_anvil")
    H.hand(g, 0, ["rabbit_bake_sale", "mouse_sword", "bird_crossbow", "fox_root_tea", "mouse_investments"])
    deck = len(g.state.deck)
    H.start(g, 0, "evening.start")
    assert g.decision == "draw_choice"
    assert g.legal_action_ids() == ["draw", "informants:fox_ambush", "informants:mouse_ambush"]
    H.play(g, "informants:mouse_ambush")
    assert "mouse_ambush" in g.state.hands[0] and "mouse_ambush" not in g.state.discard
    assert len(g.state.deck) == deck and g.state.known_to(1) >= {"mouse_ambush"}
    assert g.decision == "discard" and len(g.state.hands[0]) == 6   # then the hand limit
    assert "card:informants" in H.rules_logged(g)


def test_informants_may_draw_and_is_only_for_the_holder_evening():
    """card:informants: "draw" draws as usual; in Daylight (Tax Collector-like draws) or without an
    ambush in the discard pile, there is no choice."""
    g = fresh()
    in_play(g, 0, card("informants"))
    to_discard(g, "fox_ambush")
    since = H.start(g, 0, "evening.start")
    H.play(g, "draw")
    assert logged(g, "ev.draw", since)[0][2] == {"seat": 0, "n": 1}
    assert len(g.state.hands[0]) == 1 and "fox_ambush" in g.state.discard
    with positions.edit(g) as s:
        s.active, s.phase = 0, "daylight"
        hand, tasks = len(s.hands[0]), len(s.tasks)
        K.draw(s, 0, 1, ("test",))
        assert len(s.tasks) == tasks and len(s.hands[0]) == hand + 1


# ---- Charm Offensive --------------------------------------------------------------------------------------------

def test_charm_offensive_draws_a_card_and_another_player_scores():
    """card:charm_offensive: at the start of Evening the Marquise may draw; the Eyrie then score a
    point. Passing changes nothing."""
    g = fresh()
    in_play(g, 0, card("charm_offensive"))
    H.start(g, 0, "evening.start")
    assert g.decision == "charm_offensive" and g.legal_action_ids() == ["charm:1", "pass"]
    since = len(g.state.events)
    H.play(g, "charm:1")
    assert g.state.score == [0, 1]
    draws = [e for e in logged(g, "ev.draw", since)]
    assert "card:charm_offensive" in draws[0][0] and draws[0][2]["n"] == 1
    g = fresh()
    in_play(g, 0, card("charm_offensive"))
    H.start(g, 0, "evening.start")
    H.play(g, "pass")
    assert g.state.score == [0, 0] and len(g.state.hands[0]) == 1   # only the Evening draw


# ---- Swap Meet ---------------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-01-03-02", "LR-AG-22", "LR-01-02-01")
def test_swap_meet_takes_a_random_card_then_gives_one_once_in_birdsong():
    """card:swap_meet: the Marquise takes the Eyrie's only card, then gives them one of hers; both
    know both cards, no one else is told; once a Birdsong."""
    g = fresh()
    in_play(g, 0, card("swap_meet"))
    H.hand(g, 1, ["fox_anvil"])
    H.hand(g, 0, ["mouse_sword"])
    H.put(g, CAT, 5, warriors=1)  # a March to take in Daylight: her turn waits there
    H.start(g, 0, "birdsong.start")
    assert "use:swap_meet:1" in g.legal_action_ids()
    H.play(g, "use:swap_meet:1")
    assert g.decision == "swap_meet_give" and g.legal_action_ids() == ["give:mouse_sword", "give:fox_anvil"]
    H.play(g, "give:mouse_sword")
    assert g.state.hands == [["fox_anvil"], ["mouse_sword"]]
    private = [e for e in g.state.events if e.key == "ev.ep.give_card"]
    assert private and private[0].to == (0, 1)
    assert "use:swap_meet:1" not in g.legal_action_ids()


# ---- Coffin Makers ------------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AG-24", "LR-01-05-01", "LR-01-05-04")
def test_coffin_makers_holds_removed_warriors_and_scores_them_at_the_start_of_birdsong():
    """card:coffin_makers: an Eyrie warrior removed by the Marquise's Propaganda Bureau goes on the
    card, not to the supply; at the start of the holder's Birdsong, a point per five warriors there,
    then they all return to their supplies."""
    g = fresh()
    in_play(g, 1, card("coffin_makers"))
    in_play(g, 0, card("propaganda_bureau"))
    H.put(g, BIRD, 5, warriors=2)
    H.hand(g, 0, ["rabbit_bake_sale"])
    supply = g.state.supply[BIRD]
    daylight_actions(g)
    H.play(g, "use:propaganda_bureau", "bureau:5")
    assert g.state.supply[BIRD] == supply and g.state.mods["deck_exiles"].coffins == {BIRD: 1}
    assert g.view(0)["exiles"]["coffins"] == {BIRD: 1}
    with positions.edit(g) as s:
        s.mods["deck_exiles"].coffins = {BIRD: 3, CAT: 8}
        s.supply[CAT] -= 8
        s.supply[BIRD] -= 2
    cats = g.state.supply[CAT]
    since = H.start(g, 1, "birdsong.start")
    assert g.state.score[1] == 2 and g.state.mods["deck_exiles"].coffins == {}
    assert g.state.supply[CAT] == cats + 8 and g.state.supply[BIRD] == supply + 1
    assert "card:coffin_makers" in H.rules_logged(g, since)


@pytest.mark.rule("LR-06-02-03", "LR-01-01-03")
def test_field_hospitals_comes_before_coffin_makers():
    """card:coffin_makers: a Marquise warrior the Marquise sends to the keep with Field Hospitals never
    reaches the card; one she lets go does (RTA-EP-01)."""
    for answer, at_keep, on_card in (("discard:rabbit_bake_sale", 1, {}), ("pass", 0, {CAT: 1})):
        g = fresh()
        in_play(g, 1, card("coffin_makers"), card("propaganda_bureau"))
        H.put(g, CAT, 1, warriors=0, tokens=["keep"])
        with positions.edit(g) as s:
            s.mods[CAT].keep = H.idx(1)
        H.put(g, CAT, 5, warriors=1)
        H.hand(g, 0, ["rabbit_bake_sale"])
        H.hand(g, 1, ["bird_crossbow"])
        supply = g.state.supply[CAT]
        H.start(g, 1, "daylight.start")
        H.play(g, "use:propaganda_bureau", "bureau:5")
        assert g.to_play == 0 and g.decision == "field_hospitals"
        H.play(g, answer)
        assert H.warriors(g, CAT, 1) == at_keep and g.state.mods["deck_exiles"].coffins == on_card
        assert g.state.supply[CAT] == supply - at_keep - sum(on_card.values()) + 1


def test_sabotaged_coffin_makers_returns_its_warriors():
    """card:saboteurs on card:coffin_makers: the warriors on it go back to their supplies (RTA-EP-02)."""
    g = fresh()
    in_play(g, 0, card("saboteurs"))
    in_play(g, 1, card("coffin_makers"))
    with positions.edit(g) as s:
        s.mods["deck_exiles"].coffins = {CAT: 2}
        s.supply[CAT] -= 2
    supply = g.state.supply[CAT]
    H.start(g, 0, "birdsong.start")
    H.play(g, f"sabotage:{card('coffin_makers')}")
    assert g.state.mods["deck_exiles"].coffins == {} and g.state.supply[CAT] == supply + 2


# ---- League of Adventurous Mice ---------------------------------------------------------------------------------

def test_league_of_adventurous_mice_exhausts_an_item_to_move_or_battle():
    """card:league_of_adventurous_mice: once in Daylight, exhaust a crafted item (it stays exhausted,
    RTA-EP-08) for a move or a battle; with every item exhausted it is not offered."""
    g = fresh()
    in_play(g, 0, card("league_of_adventurous_mice"))
    H.put(g, CAT, 1, warriors=2)
    H.put(g, BIRD, 1, warriors=1)
    with positions.edit(g) as s:
        s.crafted[0] = ("sword", "boot")
    daylight_actions(g)
    H.play(g, "use:league_of_adventurous_mice")
    assert g.decision == "league_item" and g.legal_action_ids() == ["exhaust:boot", "exhaust:sword"]
    H.play(g, "exhaust:boot")
    assert g.legal_action_ids() == ["league:move", "league:battle"]
    H.play(g, "league:move", "from:1", "to:5", "warriors:1")
    assert H.warriors(g, CAT, 5) == 1 and g.state.exhausted[0] == ("boot",)
    assert g.decision == "marquise_action" and "use:league_of_adventurous_mice" not in g.legal_action_ids()
    assert g.state.mods["marquise"].actions == 3   # no Marquise action spent
    with positions.edit(g) as s:
        s.exhausted = [("boot", "sword"), ()]
    daylight_actions(g)
    assert "use:league_of_adventurous_mice" not in g.legal_action_ids()


# ---- Murine Broker, Master Engravers ------------------------------------------------------------------------------

@pytest.mark.rule("LR-04-01-02", "LR-03-02-02", "LR-07-02-03")
def test_master_engravers_and_murine_broker_on_crafting_an_item():
    """card:master_engravers: the Marquise scores the Crossbow's 1 and 1 more; card:murine_broker: the
    Eyrie draw a card when she crafts an item, not when they would craft one themselves."""
    g = fresh()
    in_play(g, 0, card("master_engravers"))
    in_play(g, 1, card("murine_broker"))
    H.put(g, CAT, 1, buildings=["workshop"])
    H.hand(g, 0, ["bird_crossbow"])
    H.start(g, 0, "daylight.start")
    since = len(g.state.events)
    H.play(g, "craft:bird_crossbow")
    assert g.state.score[0] == 2 and g.state.crafted[0] == ("crossbow",)
    assert len(g.state.hands[1]) == 1
    assert {"card:master_engravers", "card:murine_broker"} <= H.rules_logged(g, since)


def test_master_engravers_adds_a_point_to_the_eyrie_disdain_for_trade():
    """card:master_engravers: the Eyrie score 1 for an item (LR-07-02-03), plus 1; the Murine Broker
    holder crafting draws nothing."""
    g = fresh()
    in_play(g, 1, card("master_engravers"), card("murine_broker"))
    H.put(g, BIRD, 1, warriors=1, buildings=["roost"])
    H.hand(g, 1, ["fox_anvil"])
    with positions.edit(g) as s:
        s.mods[BIRD].leader = "commander"   # not the Builder (LR-07-08-01)
    H.start(g, 1, "daylight.start")
    H.play(g, "craft:fox_anvil")
    assert g.state.score[1] == 2 and g.state.hands == [[], []]


# ---- random play, texts --------------------------------------------------------------------------------------------

def _random_game(seed: int):
    g = boardlab.new_game("root", 2, seed=seed, options={"factions": [CAT, BIRD], "deck": "exiles"})
    stream = Stream(seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
        steps += 1
        assert steps < 20000
    return g


def test_random_marquise_eyrie_games_with_the_exiles_deck_end():
    """30 seeds of random play end with a winner; the events logged have texts in three languages and
    the card effects leave their card:<key> trail."""
    rules = boardlab.new_game("root", 2, options={"deck": "exiles"}).rules
    trail: set[str] = set()
    for seed in range(30):
        g = _random_game(seed)
        assert g.winners
        for e in g.state.events:
            for lang in LANGS:
                rules.catalogue.text(e.key, lang, **rules.localize(e.key, e.params, lang))
            trail |= {r for r in e.rules if r.startswith(("card:", "RTA-EP"))}
    assert len({r for r in trail if r[5:] in EFFECT_CARDS}) >= 12
    for rule in trail:   # every card and ruling the log cites has its text
        assert all(rules.rule_text(rule, lang) for lang in LANGS), rule


def test_module_actions_are_described_in_three_languages():
    """Every E&P decision's ids have their own text (not the raw id) in every language."""
    g = fresh()
    in_play(g, 0, card("swap_meet"), card("false_orders"))
    H.hand(g, 1, ["fox_anvil"])
    H.put(g, BIRD, 1, warriors=2)
    H.start(g, 0, "birdsong.start")
    for a in g.legal_action_ids():
        for lang in LANGS:
            assert g.describe_action(a, lang) != a
    assert CARDS["bird_saboteurs"].kind == "persistent"
