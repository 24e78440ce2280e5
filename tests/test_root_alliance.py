"""The Woodland Alliance (Law of Root chapter 8). Positions use the Autumn map (suits: 1 fox, 2 mouse, 3-5
rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; ruins in 6, 10, 11, 12; 1 is next to
5, 9 and 10; 12 to 4, 7, 9, 10 and 11) with the Marquise, the Eyrie and the Alliance."""
from __future__ import annotations

import pytest
from root_helpers import clear, events, hand, idx, new, play, put, rules_logged, set_up, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.rng import Stream, seed_state
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import board as B
from boardlab.games.root.program import of
from boardlab.games.root.state import RUIN

rule = pytest.mark.rule
FACTIONS = ("marquise", "eyrie", "alliance")


def table(seed: int = 3, factions=FACTIONS):
    """An empty Autumn map after setup (the keep gone), every hand and the Supporters stack empty;
    returns (game, cat seat, bird seat, alliance seat)."""
    g = set_up(new(factions, seed=seed))
    clear(g)
    with positions.edit(g) as s:
        s.mods["marquise"].keep = None
        s.deck.extend(s.mods["alliance"].supporters)
        s.mods["alliance"].supporters = []
    for seat in range(g.state.players):
        hand(g, seat, [])
    s = g.state
    return g, s.seat_of("marquise"), s.seat_of("eyrie"), s.seat_of("alliance")


def supporters(g, cards):
    """The Alliance's Supporters stack is exactly these cards (taken from wherever they are)."""
    cards = list(cards)
    with positions.edit(g) as s:
        data = s.mods["alliance"]
        s.deck.extend(data.supporters)
        data.supporters = []
        for c in cards:
            for pile in (s.deck, s.discard, *s.hands):
                if c in pile:
                    pile.remove(c)
                    break
        data.supporters = cards
    return g


def officers(g, n):
    with positions.edit(g) as s:
        s.mods["alliance"].officers = n
        s.supply["alliance"] -= n
    return g


def stack(g):
    return g.state.mods["alliance"].supporters


def logged(g, key: str, since: int = 0) -> list[dict]:
    return [p for _, k, p in events(g, since) if k == key]


def reroll(g, seed: int):
    with positions.edit(g) as s:
        s.rng = seed_state(seed)
    return g


def cat_actions(g, seat):
    start(g, seat, "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    assert g.decision == "marquise_action"
    return g


def ids(g, head: str) -> list[str]:
    return sorted(a for a in g.legal_action_ids() if a.startswith(head + ":"))


# ---- setup (LR-08-03) ------------------------------------------------------------------------------------------

@rule("LR-08-03-01", "LR-08-03-02", "LR-08-03-03", "LR-08-03-04", "LR-08-02-05")
def test_setup_supply_bases_and_sympathy_on_the_board_three_supporters_drawn():
    g = set_up(new(FACTIONS, seed=4))
    s = g.state
    a = s.seat_of("alliance")
    data = s.mods["alliance"]
    assert s.supply["alliance"] == 10 and data.officers == 0
    assert len(data.supporters) == 3 and len(s.hands[a]) == 3 and not set(data.supporters) & set(s.hands[a])
    assert len(s.deck) == 54 - 3 * 3 - 3  # the supporters came from the deck
    assert not any(B.has_pieces(s, "alliance", c) for c in range(12))  # nothing on the map
    board = g.view(a)["alliance"]
    assert board["bases_box"] == ["fox", "rabbit", "mouse"] and board["bases"] == []
    assert board["sympathy_track"] == 10 and board["next_sympathy"] == {"cost": 1, "points": 0}
    assert {"LR-08-03-01", "LR-08-03-02", "LR-08-03-03", "LR-08-03-04"} <= rules_logged(g)


# ---- crafting and Guerrilla War (LR-08-02-01/02) -----------------------------------------------------------------

@rule("LR-08-02-01", "LR-08-05-01")
def test_the_alliance_crafts_in_daylight_with_its_sympathy_tokens():
    g, cat, bird, al = table()
    hand(g, al, ["fox_anvil", "mouse_sword"])
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "alliance", 2, warriors=3)  # warriors are no crafting pieces
    start(g, al, "daylight.start")
    assert g.decision == "alliance_daylight"
    assert ids(g, "craft") == ["craft:fox_anvil"]  # one fox sympathy token; the sword needs two fox
    play(g, "craft:fox_anvil")
    assert g.state.crafted[al] == ("hammer",) and g.state.score[al] == 2
    assert ids(g, "craft") == []  # the token was activated this turn


@rule("LR-08-02-02")
def test_guerrilla_war_the_defending_alliance_deals_the_higher_roll():
    seen = set()
    for seed in range(30):
        g, cat, bird, al = table()
        put(g, "marquise", 12, warriors=3)
        put(g, "alliance", 12, warriors=3)
        cat_actions(reroll(g, seed), cat)
        since = len(g.state.events)
        play(g, "battle", "battle:12")
        roll = logged(g, "ev.roll", since)[0]
        hi, lo = max(roll["dice"]), min(roll["dice"])
        assert (roll["attacker"], roll["defender"]) == (lo, hi)
        assert warriors(g, "alliance", 12) == 3 - lo and warriors(g, "marquise", 12) == 3 - hi
        assert "LR-08-02-02" in rules_logged(g, since)
        seen.add(hi != lo)
    assert seen == {True, False}
    g, cat, bird, al = table()  # attacking, the Alliance rolls as anyone does
    put(g, "marquise", 12, warriors=3)
    put(g, "alliance", 12, warriors=3)
    officers(g, 1)
    start(reroll(g, 2), al, "evening.start")
    play(g, "battle", "battle:12")
    roll = logged(g, "ev.roll")[-1]
    assert (roll["attacker"], roll["defender"]) == (max(roll["dice"]), min(roll["dice"]))


# ---- the Supporters stack (LR-08-02-03) --------------------------------------------------------------------------

@rule("LR-08-02-03")
def test_supporters_are_spent_only_for_their_suit_birds_match_any():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])  # 5, 9, 10 next to it: rabbit, mouse, rabbit
    supporters(g, ["bird_armorers", "fox_anvil"])
    start(g, al, "birdsong.start")
    play(g, "done")  # no revolt
    assert ids(g, "sympathy") == ["sympathy:10", "sympathy:5", "sympathy:9"]  # the bird pays for any suit
    supporters(g, ["fox_anvil", "fox_root_tea"])
    start(g, al, "birdsong.start")
    play(g, "done")
    assert ids(g, "sympathy") == []  # fox supporters pay for no rabbit or mouse clearing


@rule("LR-08-02-03")
def test_supporters_are_no_hand_cards_they_cannot_craft_nor_count_for_the_hand_limit():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])  # one fox crafting piece
    supporters(g, ["fox_anvil", "bird_armorers", "mouse_sword", "rabbit_bake_sale", "fox_root_tea", "fox_ambush"])
    hand(g, al, ["bird_crossbow", "mouse_investments", "rabbit_ambush", "mouse_ambush", "bird_ambush"])
    put(g, "alliance", 12, buildings=["base"])  # no limit on the stack with a base
    start(g, al, "daylight.start")
    assert ids(g, "craft") == ["craft:bird_crossbow"]  # the Anvil and the Armorers (fox) are supporters
    play(g, "done")
    assert g.decision == "discard"  # 5 + 2 drawn (1 + a base): down to five, the stack untouched
    while g.decision == "discard":
        play(g, g.legal_action_ids()[0])
    assert len(g.state.hands[al]) == 5 and len(stack(g)) == 6


@rule("LR-08-02-03")
def test_the_alliance_sees_its_supporters_the_others_only_their_number():
    g, cat, bird, al = table()
    supporters(g, ["fox_anvil", "bird_crossbow"])
    assert g.view(al)["alliance"]["supporters"] == {str(al): ["fox_anvil", "bird_crossbow"]}
    for seat in (cat, bird, None):
        view = g.view(seat)
        assert view["alliance"]["supporters"] == {str(al): {"hidden": True, "count": 2}}
        assert "fox_anvil" not in str(view) and "bird_crossbow" not in str(view)


@rule("LR-08-02-03-01", "LR-08-05-02")
def test_five_supporters_at_most_without_a_base_the_extra_card_is_discarded():
    g, cat, bird, al = table()
    five = ["fox_anvil", "fox_root_tea", "mouse_sword", "rabbit_bake_sale", "bird_crossbow"]
    supporters(g, five)
    hand(g, al, ["mouse_investments", "rabbit_ambush"])
    start(g, al, "daylight.start")
    play(g, "mobilize:mouse_investments")
    assert stack(g) == five and g.state.discard[-1] == "mouse_investments"
    assert "mouse_investments" not in g.state.hands[al] and "LR-08-02-03-01" in rules_logged(g)
    put(g, "alliance", 7, buildings=["base"])
    play(g, "mobilize:rabbit_ambush")
    assert stack(g) == five + ["rabbit_ambush"]  # with a base on the map, no limit


# ---- losing a base (LR-08-02-04) -----------------------------------------------------------------------------------

def lose_base_in_battle(g, cat, number):
    """The Marquise attacks a clearing where the Alliance has only its base: at least one hit (defenceless)."""
    put(g, "marquise", number, warriors=3)
    cat_actions(g, cat)
    play(g, "battle", f"battle:{number}")
    return g


@rule("LR-08-02-04")
def test_losing_a_base_discards_matching_supporters_and_half_the_officers_rounded_up():
    g, cat, bird, al = table()
    put(g, "alliance", 12, buildings=["base"])  # fox
    put(g, "alliance", 2, buildings=["base"])   # mouse
    supporters(g, ["fox_anvil", "bird_crossbow", "mouse_sword", "rabbit_bake_sale", "fox_root_tea"])
    officers(g, 3)
    lose_base_in_battle(g, cat, 12)
    assert "base" not in B.buildings_of(g.state, "alliance", idx(12))
    assert stack(g) == ["mouse_sword", "rabbit_bake_sale"]  # fox and bird gone
    assert {"fox_anvil", "bird_crossbow", "fox_root_tea"} <= set(g.state.discard)
    assert g.state.mods["alliance"].officers == 1 and g.state.supply["alliance"] == 10 - 1
    assert g.state.score[cat] == 1  # a building removed (LR-03-02-01)


@rule("LR-08-02-04")
def test_with_no_base_left_the_alliance_discards_supporters_down_to_five():
    g, cat, bird, al = table()
    put(g, "alliance", 12, buildings=["base"])
    seven = ["mouse_sword", "rabbit_bake_sale", "mouse_investments", "rabbit_root_tea", "mouse_root_tea",
             "rabbit_ambush", "mouse_ambush"]
    supporters(g, seven + ["fox_anvil"])
    lose_base_in_battle(g, cat, 12)
    assert g.decision == "alliance_trim" and g.to_play == al  # the Alliance's choice, in the Marquise's turn
    assert sorted(g.legal_action_ids()) == sorted(f"supporter:{c}" for c in seven)
    play(g, "supporter:mouse_sword", "supporter:rabbit_ambush")
    assert len(stack(g)) == 5 and g.decision == "marquise_action" and g.to_play == cat
    assert "mouse_sword" in g.state.discard and "rabbit_ambush" in g.state.discard


# ---- sympathy tokens (LR-08-02-05) --------------------------------------------------------------------------------

@rule("LR-08-02-05", "LR-08-02-05-01", "LR-08-02-05-02")
def test_ten_sympathy_tokens_one_a_clearing():
    g, cat, bird, al = table()
    for n in (1, 5, 9, 10):
        put(g, "alliance", n, tokens=["sympathy"])
    put(g, "alliance", 1, warriors=1)
    put(g, "alliance", 3, warriors=1)
    supporters(g, ["bird_armorers", "bird_sappers", "bird_crossbow"])
    officers(g, 2)
    start(g, al, "evening.start")
    assert ids(g, "organize") == ["organize:3"]  # not the sympathetic clearing 1
    start(g, al, "birdsong.start")
    play(g, "done")
    assert g.decision == "alliance_spread" and ids(g, "sympathy") == ["sympathy:12", "sympathy:2", "sympathy:4"]
    for n in (2, 3, 4, 6, 7, 8):  # all ten tokens on the map
        put(g, "alliance", n, tokens=["sympathy"])
    assert B.count_on_map(g.state, "alliance", "sympathy") == 10
    start(g, al, "birdsong.start")
    play(g, "done")
    assert ids(g, "sympathy") == [] and g.view(al)["alliance"]["next_sympathy"] is None
    with positions.edit(g) as s:
        s.tokens[idx(3)] = ()
        s.tokens[idx(11)] = (("alliance", "sympathy"),)
    start(g, al, "evening.start")
    assert g.view(al)["alliance"]["sympathy_track"] == 0 and ids(g, "organize") == []  # no token left


# ---- Outrage (LR-08-02-06) ------------------------------------------------------------------------------------------

def cat_moves_into(g, cat, origin, dest):
    cat_actions(g, cat)
    play(g, "march", f"from:{origin}", f"to:{dest}")
    if g.decision == "move_count":
        play(g, "warriors:1")
    return g


@rule("LR-08-02-06")
def test_outrage_moving_into_a_sympathetic_clearing_costs_a_matching_card_of_the_movers_choice():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "marquise", 5, warriors=2)
    hand(g, cat, ["fox_anvil", "bird_crossbow", "mouse_sword"])
    cat_moves_into(g, cat, 5, 1)
    assert g.decision == "outrage" and g.to_play == cat
    assert sorted(g.legal_action_ids()) == ["outrage:bird_crossbow", "outrage:fox_anvil"]  # birds match too
    play(g, "outrage:fox_anvil")
    assert stack(g) == ["fox_anvil"] and g.state.hands[cat] == ["bird_crossbow", "mouse_sword"]
    assert g.decision == "move_from"  # the March goes on
    # the card is known to the payer and to the Alliance, not to the Eyrie
    assert g.view(cat)["alliance"]["supporters"][str(al)] == {"hidden": True, "count": 1, "known": ["fox_anvil"]}
    assert "fox_anvil" not in str(g.view(bird)["alliance"]) and "fox_anvil" not in str(g.view(bird)["log"])
    assert any("fox_anvil" in str(e["params"]) for e in g.view(cat)["log"] if e["key"] == "ev.alliance.outrage_card")


@rule("LR-08-02-06")
def test_outrage_without_a_matching_card_the_hand_is_shown_and_the_alliance_draws():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "marquise", 5, warriors=2)
    hand(g, cat, ["mouse_sword", "rabbit_bake_sale"])
    supporters(g, ["mouse_investments"])
    since = len(g.state.events)
    cat_moves_into(g, cat, 5, 1)
    assert g.decision == "move_from"  # nothing to choose: shown at once
    assert len(stack(g)) == 2 and g.state.hands[cat] == ["mouse_sword", "rabbit_bake_sale"]
    assert logged(g, "ev.alliance.outrage_shown", since) == [{"seat": cat, "n": 2}]
    assert g.view(al)["hands"][str(cat)] == {"hidden": True, "count": 2, "known": ["mouse_sword", "rabbit_bake_sale"]}
    assert g.view(bird)["hands"][str(cat)] == {"hidden": True, "count": 2}
    bird_log = str(g.view(bird)["log"])
    assert "mouse_sword" not in bird_log and stack(g)[1] not in bird_log


@rule("LR-08-02-06")
def test_outrage_with_one_matching_card_takes_it():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "marquise", 5, warriors=1)
    hand(g, cat, ["fox_anvil", "mouse_sword"])
    cat_moves_into(g, cat, 5, 1)
    assert stack(g) == ["fox_anvil"] and g.state.hands[cat] == ["mouse_sword"]


@rule("LR-08-02-06")
def test_outrage_removing_a_sympathy_token_in_battle():
    g, cat, bird, al = table()
    put(g, "alliance", 12, tokens=["sympathy"])
    put(g, "marquise", 12, warriors=2)
    hand(g, cat, ["fox_anvil", "fox_root_tea"])
    cat_actions(g, cat)
    play(g, "battle", "battle:12")  # defenceless: at least one hit, the token goes
    assert not B.tokens_of(g.state, "alliance", idx(12))
    assert g.state.score[cat] == 1 and g.decision == "outrage" and g.to_play == cat
    play(g, "outrage:fox_root_tea")
    assert stack(g) == ["fox_root_tea"]


@rule("LR-08-02-06")
def test_no_outrage_for_placing_pieces_or_for_the_alliances_own_moves():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "marquise", 1, buildings=["recruiter"])
    hand(g, cat, ["fox_anvil"])
    cat_actions(g, cat)
    play(g, "recruit")  # placing, not moving (FAQ)
    assert warriors(g, "marquise", 1) == 1 and g.decision == "marquise_action" and stack(g) == []
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "alliance", 5, warriors=2)
    officers(g, 1)
    start(g, al, "evening.start")
    play(g, "move", "from:5", "to:1", "warriors:2")
    assert not logged(g, "ev.alliance.outrage") and warriors(g, "alliance", 1) == 2


# ---- Birdsong: Revolt (LR-08-04-01) --------------------------------------------------------------------------------

@rule("LR-08-01", "LR-08-04-01", "LR-08-04-01-01", "LR-08-04-01-02", "LR-08-04-01-03")
def test_revolt_removes_every_enemy_places_the_base_warriors_and_an_officer():
    g, cat, bird, al = table()
    for n in (1, 12, 5):
        put(g, "alliance", n, tokens=["sympathy"])
    put(g, "marquise", 1, warriors=2, buildings=["sawmill"], tokens=["wood"])
    put(g, "eyrie", 1, warriors=1)
    supporters(g, ["fox_anvil", "bird_crossbow", "mouse_sword"])
    start(g, al, "birdsong.start")
    assert g.decision == "alliance_revolt"
    assert ids(g, "revolt") == ["revolt:1", "revolt:12"]  # fox clearings; 5 (rabbit) has one matching supporter
    play(g, "revolt:1")
    s = g.state
    assert not B.enemies_at(s, "alliance", idx(1))
    assert s.buildings[idx(1)] == (("alliance", "base"),) and s.tokens[idx(1)] == (("alliance", "sympathy"),)
    assert warriors(g, "alliance", 1) == 2  # two sympathetic fox clearings (1 and 12)
    assert s.mods["alliance"].officers == 1 and s.supply["alliance"] == 10 - 2 - 1
    assert stack(g) == ["mouse_sword"] and {"fox_anvil", "bird_crossbow"} <= set(s.discard)
    assert s.score[al] == 2  # a sawmill and a wood removed
    assert s.supply["marquise"] == 25 and s.supply["eyrie"] == 20
    assert g.view(cat)["alliance"]["bases_box"] == ["rabbit", "mouse"]


@rule("LR-08-04-01-01")
def test_no_revolt_where_the_suits_base_is_built_or_the_base_would_have_no_room():
    g, cat, bird, al = table()
    for n in (1, 12, 3):
        put(g, "alliance", n, tokens=["sympathy"])
    put(g, "alliance", 8, buildings=["base"])  # the fox base is on the map (FAQ: no second fox revolt)
    with positions.edit(g) as s:
        s.buildings[idx(3)] = (RUIN,)  # clearing 3 has one slot: a ruin would fill it (RTA-ALLIANCE-01)
    supporters(g, ["bird_crossbow", "bird_armorers", "fox_anvil", "fox_root_tea"])
    start(g, al, "birdsong.start")
    assert g.decision != "alliance_revolt"
    put(g, "eyrie", 3, warriors=1)
    with positions.edit(g) as s:
        s.buildings[idx(3)] = (("eyrie", "roost"),)  # an enemy building leaves with the revolt
    start(g, al, "birdsong.start")
    assert ids(g, "revolt") == ["revolt:3"]


@rule("LR-08-04-01-02")
def test_revolt_asks_which_supporters_when_there_is_a_choice():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    supporters(g, ["fox_anvil", "bird_crossbow", "fox_dominance"])
    start(g, al, "birdsong.start")
    play(g, "revolt:1")
    assert g.decision == "alliance_spend"
    assert sorted(g.legal_action_ids()) == ["supporter:bird_crossbow", "supporter:fox_anvil", "supporter:fox_dominance"]
    play(g, "supporter:fox_dominance")  # a dominance card spent goes beside the map
    assert g.decision == "alliance_spend"
    play(g, "supporter:bird_crossbow")
    assert stack(g) == ["fox_anvil"] and "fox_dominance" in g.state.dominance_pool


# ---- Birdsong: Spread Sympathy (LR-08-04-02) -------------------------------------------------------------------------

@rule("LR-08-04-02", "LR-08-04-02-01")
def test_spread_sympathy_anywhere_at_first_then_only_next_to_sympathy():
    g, cat, bird, al = table()
    supporters(g, ["bird_crossbow"])
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(2)
    put(g, "marquise", 2, tokens=["keep"])
    start(g, al, "birdsong.start")
    assert g.decision == "alliance_spread"
    assert ids(g, "sympathy") == sorted(f"sympathy:{n}" for n in range(1, 13) if n != 2)  # not at the keep
    put(g, "alliance", 12, tokens=["sympathy"])
    start(g, al, "birdsong.start")
    assert ids(g, "sympathy") == ["sympathy:10", "sympathy:11", "sympathy:4", "sympathy:7", "sympathy:9"]


@rule("LR-08-01", "LR-08-04-02-02", "LR-08-04-02-03")
def test_spread_sympathy_costs_and_scores_by_the_track():
    g, cat, bird, al = table()
    for n in (1, 5, 9):
        put(g, "alliance", n, tokens=["sympathy"])
    supporters(g, ["rabbit_bake_sale", "rabbit_root_tea", "mouse_sword"])
    start(g, al, "birdsong.start")
    play(g, "done")  # no revolt (one would be open in 5)
    assert ids(g, "sympathy") == ["sympathy:10", "sympathy:4"]  # the 4th token costs 2: two rabbits, one mouse
    play(g, "sympathy:10")
    s = g.state
    assert "sympathy" in B.tokens_of(s, "alliance", idx(10)) and stack(g) == ["mouse_sword"]
    assert s.score[al] == 1  # the 4th space uncovers 1
    scores = []
    for k in range(6):  # tokens 5 to 10: 2, 2, 3, 4, 4, 4 points for 2, 2, 3, 3, 3, 3 supporters
        g2, *_ = table()
        for m in [1, 5, 9, 10, 4, 12, 7, 11, 3][:4 + k]:
            put(g2, "alliance", m, tokens=["sympathy"])
        supporters(g2, ["bird_crossbow", "bird_armorers", "bird_sappers"])
        start(g2, al, "birdsong.start")
        play(g2, "done")  # past the Revolt step
        play(g2, ids(g2, "sympathy")[0])
        while g2.decision == "alliance_spend":
            play(g2, g2.legal_action_ids()[0])
        scores.append(g2.state.score[al])
        assert len(stack(g2)) == 3 - [2, 2, 3, 3, 3, 3][k]
    assert scores == [2, 2, 3, 4, 4, 4]


@rule("LR-08-04-02-02-01")
def test_martial_law_another_players_three_warriors_cost_one_more_supporter():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "eyrie", 5, warriors=3)
    put(g, "eyrie", 10, warriors=2)
    put(g, "marquise", 10, warriors=2)  # 4 enemy warriors, but no player has 3
    supporters(g, ["rabbit_bake_sale"])
    start(g, al, "birdsong.start")
    assert ids(g, "sympathy") == ["sympathy:10"]
    supporters(g, ["rabbit_bake_sale", "bird_crossbow"])
    start(g, al, "birdsong.start")
    assert ids(g, "sympathy") == ["sympathy:10", "sympathy:5", "sympathy:9"]
    since = len(g.state.events)
    play(g, "sympathy:5")
    assert stack(g) == [] and "LR-08-04-02-02-01" in rules_logged(g, since)


@rule("LR-08-04")
def test_birdsong_revolts_first_then_spreads_sympathy():
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    supporters(g, ["fox_anvil", "fox_root_tea", "bird_crossbow", "rabbit_bake_sale"])
    start(g, al, "birdsong.start")
    assert g.decision == "alliance_revolt" and ids(g, "revolt") == ["revolt:1"] and not ids(g, "sympathy")
    play(g, "done")
    assert g.decision == "alliance_spread" and not ids(g, "revolt")
    play(g, "sympathy:10", "supporter:rabbit_bake_sale")
    assert g.decision == "alliance_spread" and not ids(g, "revolt")  # no way back to Revolt
    play(g, "done")
    assert g.state.active != al and not logged(g, "ev.alliance.revolt")


# ---- Daylight (LR-08-05) ------------------------------------------------------------------------------------------

@rule("LR-08-05", "LR-08-05-02", "LR-08-05-03")
def test_daylight_mobilize_and_train_in_any_order_and_number():
    g, cat, bird, al = table()
    put(g, "alliance", 12, buildings=["base"])  # fox
    hand(g, al, ["mouse_sword", "fox_anvil", "bird_crossbow", "rabbit_bake_sale"])
    start(g, al, "daylight.start")
    assert ids(g, "train") == ["train:bird_crossbow", "train:fox_anvil"]  # matching the base's clearing
    assert ids(g, "mobilize") == sorted(f"mobilize:{c}" for c in g.state.hands[al])
    play(g, "mobilize:mouse_sword", "train:fox_anvil", "mobilize:rabbit_bake_sale", "train:bird_crossbow")
    s = g.state
    assert stack(g) == ["mouse_sword", "rabbit_bake_sale"] and s.hands[al] == []
    assert s.mods["alliance"].officers == 2 and s.supply["alliance"] == 8
    assert {"fox_anvil", "bird_crossbow"} <= set(s.discard)
    assert "mouse_sword" not in str(g.view(cat)["log"])  # mobilized face down


@rule("LR-08-05-03")
def test_no_training_without_a_base_or_a_warrior_in_supply():
    g, cat, bird, al = table()
    hand(g, al, ["fox_anvil", "bird_crossbow"])
    start(g, al, "daylight.start")
    assert ids(g, "train") == []
    put(g, "alliance", 12, buildings=["base"])
    with positions.edit(g) as s:
        s.supply["alliance"] = 0
    start(g, al, "daylight.start")
    assert ids(g, "train") == []


# ---- Evening (LR-08-06) -------------------------------------------------------------------------------------------

@rule("LR-08-06-01", "LR-08-06-01-01", "LR-08-06-01-02", "LR-08-06-01-03")
def test_military_operations_one_per_officer():
    g, cat, bird, al = table()
    put(g, "alliance", 12, warriors=3, buildings=["base"])
    put(g, "eyrie", 9, warriors=1)
    officers(g, 3)
    start(reroll(g, 1), al, "evening.start")
    assert g.decision == "alliance_operation"
    assert {"move", "recruit_at:12"} <= set(g.legal_action_ids()) and "battle" not in g.legal_action_ids()
    play(g, "move", "from:12", "to:9", "warriors:2")
    assert warriors(g, "alliance", 9) == 2 and "battle" in g.legal_action_ids()
    play(g, "battle", "battle:9")
    assert logged(g, "ev.battle")
    play(g, "recruit_at:12")
    assert warriors(g, "alliance", 12) == 2
    assert g.decision != "alliance_operation"  # three officers, three operations: then the draw
    assert any(k == "ev.draw" for _, k, _ in events(g))


@rule("LR-08-06-01-04")
def test_organize_turns_a_warrior_into_a_sympathy_token_and_scores():
    g, cat, bird, al = table()
    for n in (1, 5):
        put(g, "alliance", n, tokens=["sympathy"])
    put(g, "alliance", 3, warriors=2)
    officers(g, 1)
    start(g, al, "evening.start")
    assert ids(g, "organize") == ["organize:3"]  # no neighbour needed, no supporter spent
    play(g, "organize:3")
    s = g.state
    assert warriors(g, "alliance", 3) == 1 and s.supply["alliance"] == 10 - 1 - 1
    assert "sympathy" in B.tokens_of(s, "alliance", idx(3)) and s.score[al] == 1  # the 3rd token's point


@rule("LR-08-06", "LR-08-06-02")
def test_evening_draws_one_plus_one_per_base_after_the_operations_then_the_hand_limit():
    g, cat, bird, al = table()
    put(g, "alliance", 12, warriors=1, buildings=["base"])
    put(g, "alliance", 2, buildings=["base"])
    officers(g, 1)
    hand(g, al, ["fox_anvil", "mouse_sword", "rabbit_bake_sale"])
    since = len(g.state.events)
    start(g, al, "evening.start")
    play(g, "recruit_at:2")
    keys = [k for _, k, _ in events(g, since)]
    assert keys.index("ev.alliance.recruit") < keys.index("ev.draw")
    assert logged(g, "ev.draw", since) == [{"seat": al, "n": 3}]
    assert g.decision == "discard" and len(g.state.hands[al]) == 6
    play(g, "discard:fox_anvil")
    assert len(g.state.hands[al]) == 5 and g.state.active != al


# ---- removal scoring, ordering, dominance, the full-removal hook ------------------------------------------------------

def favor_of_the_foxes(g, cat):
    """The Marquise crafts Favor of the Foxes with three fox workshops (1, 6, 8)."""
    for n in (1, 6, 8):
        put(g, "marquise", n, buildings=["workshop"])
    start(g, cat, "daylight.start")
    play(g, "craft:fox_favor_of_the_foxes")
    return g


@rule("LR-08-02-04", "LR-08-02-06")
def test_a_base_and_sympathy_removed_together_the_player_taking_the_turn_orders_the_effects():
    for first, kept in (("first:base", ["fox_anvil"]), ("first:outrage", [])):
        g, cat, bird, al = table()
        put(g, "alliance", 12, warriors=1, buildings=["base"], tokens=["sympathy"])
        hand(g, cat, ["fox_favor_of_the_foxes", "fox_anvil"])
        supporters(g, ["fox_root_tea"])
        officers(g, 1)
        favor_of_the_foxes(g, cat)
        assert g.state.score[cat] == 2  # a base and a token (LR-03-02-01)
        assert g.decision == "alliance_order" and g.to_play == cat
        play(g, first)
        assert stack(g) == kept  # Outrage's card survives only if the base's loss came first


def test_revolt_and_favor_cards_tell_a_fully_removed_faction(monkeypatch):
    """`Faction.full_removal`: the Vagabond's three damaged items (LR-09-02-02-01) hook in here."""
    calls = []
    monkeypatch.setattr(of("eyrie"), "full_removal", lambda state, by, c: calls.append((by, c)) or [])
    g, cat, bird, al = table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "eyrie", 1, warriors=1)
    put(g, "eyrie", 8, warriors=1)
    supporters(g, ["fox_anvil", "fox_root_tea"])
    start(g, al, "birdsong.start")
    play(g, "revolt:1")
    assert calls == [(al, idx(1))]
    calls.clear()
    hand(g, cat, ["fox_favor_of_the_foxes"])
    favor_of_the_foxes(g, cat)
    assert calls == [(cat, idx(8))]


def test_the_alliance_activates_dominance_and_wins_by_it():
    g, cat, bird, al = table()
    hand(g, al, ["rabbit_dominance"])
    with positions.edit(g) as s:
        s.score[al] = 10
    start(g, al, "daylight.start")
    play(g, "dominance:rabbit_dominance")
    assert g.state.dominance[al] == "rabbit_dominance"
    for n in (3, 4, 5):
        put(g, "alliance", n, warriors=1)
    start(g, al, "birdsong.start")
    assert g.is_over and g.winners == [al]


# ---- hidden information, resampling, random play ----------------------------------------------------------------------

def strings(x) -> set[str]:
    """Every string in a JSON value (keys and leaves)."""
    if isinstance(x, dict):
        return set(map(str, x)) | {s for v in x.values() for s in strings(v)}
    if isinstance(x, list):
        return {s for v in x for s in strings(v)}
    return {x} if isinstance(x, str) else set()


def test_supporters_never_show_to_another_seat_and_redraw_for_bots():
    g = set_up(new(FACTIONS, seed=8))
    al = g.state.seat_of("alliance")
    stream = Stream(8)
    for _ in range(400):
        if g.is_over:
            break
        mine = set(g.state.mods["alliance"].supporters)
        for seat in range(3):
            if seat == al:
                continue
            view = g.view(seat)
            known = g.state.known_to(seat)
            assert hidden_paths(view, g.rules.zones_of(g.state), seat, known) == []
            shown = view["alliance"]["supporters"][str(al)]
            assert set(shown.get("known", [])) <= known and shown["count"] == len(mine)
            secret = mine - known
            board = strings({k: v for k, v in view.items() if k != "log"})  # the log may name a card's past
            assert not secret & board
            if g.to_play == seat:
                for a in g.legal_action_ids():
                    assert not secret & set(a.split(":"))
                    g.describe_action(a, "en")
            twin = g.redrawn(seat, Stream(stream.below(10**6)))
            assert twin.view(seat) == view
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])


@pytest.mark.parametrize("factions,seed", [(("marquise", "eyrie", "alliance"), 1), (("alliance", "marquise", "eyrie"), 2),
                                           (("eyrie", "alliance", "marquise"), 3), (("alliance", "eyrie", "marquise"), 4)])
def test_random_three_player_games_with_the_alliance_end(factions, seed):
    g = boardlab.new_game("root", 3, seed=seed, options={"factions": list(factions)})
    stream = Stream(seed)
    while not g.is_over:
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
    assert g.winners
