"""The Lilypad Diaspora (Law of Root chapter 16), with boardlab's rulings RTA-LP-* (docs/root-rulings.md, "Lilypad
Diaspora").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; rivers 4-7, 5-10, 7-11,
10-11, none of them a path; paths 1-5, 1-9, 1-10, 2-5, 2-6, 2-10, 3-6, 3-7, 3-11, 4-8, 4-9, 4-12, 6-11, 7-8, 7-12,
9-12, 10-12, 11-12) with the Marquise (and the Eyrie where a test needs a third faction).
"""
from __future__ import annotations

import pytest
from root_helpers import clear, dice, events, games_end, hand, idx, new, play, put, render_and_click, rules_logged, set_up, start, warriors

from boardlab.core import positions
from boardlab.core.flow import GAME_OVER
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import battle as BT
from boardlab.games.root import board as B
from boardlab.games.root import cards as K
from boardlab.games.root.content import CARDS, FACTIONS, REACH, SETUP_CARDS
from boardlab.games.root.modules import lilypad as LP
from boardlab.games.root.records import DrawChoice

rule = pytest.mark.rule
NAME = "lilypad"
CAT, BIRD = "marquise", "eyrie"
FROG_CARD = LP.FROG_CARDS[0]
FROG_DOM = LP.FROG_DOMINANCE


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=(CAT, NAME)):
    """An empty Autumn map after setup (the keep gone), every hand, the discard pile and the Pond empty."""
    g = set_up(new(factions, seed=seed))
    clear(g)
    with positions.edit(g) as s:
        if CAT in s.faction:
            s.mods[CAT].keep = None
        d = s.mods[NAME]
        s.deck.extend(d.pond + s.discard + s.dominance_pool)
        d.pond, s.discard, s.dominance_pool = [], [], []
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def me(g) -> int:
    return g.state.seat_of(NAME)


def seat_of(g, faction: str) -> int:
    return g.state.seat_of(faction)


def enclave(g, side: str, *numbers: int):
    for n in numbers:
        put(g, NAME, n, tokens=(side,))
    return g


def side_at(g, number: int) -> str | None:
    return LP.enclave(g.state, idx(number))


def pond(g, cards):
    with positions.edit(g) as s:
        for c in cards:
            if c in s.deck:
                s.deck.remove(c)
        s.mods[NAME].pond = list(cards)
    return g


def run_tasks(g, seat, *tasks, then=GAME_OVER):
    """Run these tasks in `seat`'s Daylight, then stop (or go on at `then`)."""
    with positions.edit(g) as s:
        s.active, s.phase, s.used = seat, "daylight", {}
        s.tasks = list(reversed(tasks))
        s.stack = [(then, 0, None)]
    return positions.run_from(g, "tasks.run")


def logged(g, key: str, since: int = 0) -> list[dict]:
    return [p for _, k, p in events(g, since) if k == key]


def birdsong(g):
    return start(g, me(g), "birdsong.start")


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def frog_cards_in(cards) -> list[str]:
    return [c for c in cards if CARDS[c].suit == "frog"]


def to_setup_decision(g, decision: str):
    for _ in range(300):
        if g.decision == decision:
            return g
        legal = g.legal_action_ids()
        g.apply("draft:lilypad" if "draft:lilypad" in legal else legal[0])
    raise AssertionError(f"never reached {decision}")


# ---- setup (LR-16-03) -----------------------------------------------------------------------------------------------

@rule("LR-16-01", "LR-16-03-01", "LR-16-03-02", "LR-16-03-04", "LR-16-02-02")
def test_setup_places_five_warriors_and_a_peaceful_enclave_on_the_river_and_shuffles_in_fourteen_frog_cards():
    g = to_setup_decision(new((CAT, BIRD, NAME), seed=2), "lilypad_start")
    legal = g.legal_action_ids()
    river = {A for A in ("enclave_at:4", "enclave_at:5", "enclave_at:7", "enclave_at:10", "enclave_at:11")}
    assert legal and set(legal) <= river  # a clearing on the river only
    target = legal[-1]
    c = int(target.split(":")[1])
    before = len(g.state.deck)
    play(g, target)
    s = g.state
    assert warriors(g, NAME, c) == 5 and side_at(g, c) == LP.PEACEFUL
    assert s.supply[NAME] == FACTIONS[NAME].warriors - 5 == 15  # a supply of 20 warriors
    assert LP.enclaves_left(s) == 11  # 12 enclaves, one placed
    assert len(frog_cards_in(s.deck)) == 14 and FROG_DOM in s.deck and len(s.deck) == before + 14
    assert s.mods[NAME].pond == []  # the Pond, empty beside the deck
    assert {"LR-16-03-01", "LR-16-03-02", "LR-16-03-04"} <= rules_logged(g)


@rule("LR-16-03-03", "LR-16-03-04")
def test_two_players_play_without_frog_dominance():
    g = set_up(new((CAT, NAME), seed=4))
    s = g.state
    everywhere = s.deck + s.discard + [c for h in s.hands for c in h] + s.mods[NAME].pond
    assert len(frog_cards_in(everywhere)) == 13 and FROG_DOM not in everywhere
    assert logged(g, "ev.lilypad.frog_cards")[0]["n"] == 13


@rule("RTA-LP-03")
def test_its_setup_card_is_in_the_draft_with_the_laws_reach():
    card = SETUP_CARDS["lilypad"]
    assert card.implemented and card.militant and card.reach == REACH[NAME] == 7
    g = to_setup_decision(boardlab_advanced(), "lilypad_start")
    assert g.legal_action_ids() and all(int(a.split(":")[1]) in (4, 5, 7, 10, 11) for a in g.legal_action_ids())


def boardlab_advanced():
    import boardlab
    return boardlab.new_game("root", 2, seed=5, options={"setup": "advanced", "setup_cards": [
        "marquise", "eyrie", "lilypad"], "below_reach": True})


# ---- enclaves and the frog suit (LR-16-02-01) -----------------------------------------------------------------------

@rule("LR-16-02-01-01", "LR-16-02-01-02", "RTA-LP-12")
def test_a_peaceful_enclave_adds_the_frog_suit_and_a_militant_one_covers_the_clearing_suit():
    g = enclave(table(), LP.PEACEFUL, 1)
    enclave(g, LP.MILITANT, 8)
    s = g.state
    assert B.suits_at(s, idx(1)) == ("fox", "frog") and B.suits_at(s, idx(8)) == ("frog",)
    assert idx(1) in B.clearings_of_suit(s, "fox") and idx(8) not in B.clearings_of_suit(s, "fox")
    assert B.clearings_of_suit(s, "frog") == [idx(1), idx(8)]
    hand(g, seat_of(g, CAT), ["fox_ambush"])  # a fox ambush matches the Peaceful clearing only
    assert BT.ambushes(s, seat_of(g, CAT), idx(1)) == ["fox_ambush"] and BT.ambushes(s, seat_of(g, CAT), idx(8)) == []


@rule("LR-16-02-01-02")
def test_dominance_of_a_suit_does_not_count_a_clearing_its_militant_enclave_covers(monkeypatch):
    g = table()
    cat = seat_of(g, CAT)
    for n in (1, 6, 8):
        put(g, CAT, n, warriors=2)
    with positions.edit(g) as s:
        s.dominance[cat] = "fox_dominance"
    from boardlab.games.root import scoring as S
    assert S.dominance_win(g.state, cat)
    enclave(g, LP.MILITANT, 8)
    assert not S.dominance_win(g.state, cat)
    enclave(g, LP.PEACEFUL, 12)
    put(g, CAT, 12, warriors=1)
    assert S.dominance_win(g.state, cat)  # a Peaceful enclave keeps the printed fox suit


@rule("RTA-LP-02")
def test_the_diaspora_sets_up_after_every_later_faction_but_the_knaves():
    from boardlab.games.root.content import FACTIONS
    later = ("lizard", "riverfolk", "duchy", "corvid", "hundreds", "keepers")
    assert all(FACTIONS[f].order < FACTIONS[NAME].order for f in later)
    assert FACTIONS[NAME].order < FACTIONS["twilight"].order < FACTIONS["knaves"].order


@rule("LR-16-02-01")
def test_twelve_enclaves_and_no_more():
    g = table()
    put(g, NAME, 7, warriors=1)
    enclave(g, LP.PEACEFUL, 1, 2, 3, 4, 5, 6)
    enclave(g, LP.MILITANT, 8, 9, 10, 11, 12)
    assert LP.enclaves_left(g.state) == 1
    daylight(g)
    assert "provoke:place:7" in g.legal_action_ids()
    with positions.edit(g) as s:  # the twelfth in the supply goes on the map: none left
        s.tokens[idx(7)] = ((NAME, LP.PEACEFUL),)
    daylight(g)
    assert LP.enclaves_left(g.state) == 0
    assert not [a for a in g.legal_action_ids() if a.startswith("provoke:place")]
    play(g, "provoke:flip:7")  # a flip changes the side of the same token
    assert side_at(g, 7) == LP.MILITANT and LP.enclaves_left(g.state) == 0


# ---- frog cards and the Pond (LR-16-02-02, LR-16-02-03) -------------------------------------------------------------

@rule("LR-16-02-02", "RTA-LP-01")
def test_frog_cards_are_of_the_frog_suit_and_the_plain_ones_cannot_be_crafted():
    assert len(LP.FROG_CARDS) == 14 and all(CARDS[c].suit == "frog" for c in LP.FROG_CARDS)
    assert [c for c in LP.FROG_CARDS if CARDS[c].kind == "dominance"] == [FROG_DOM]
    g = enclave(table(), LP.PEACEFUL, 1, 2, 3)
    hand(g, me(g), [FROG_CARD])
    assert not K.craftable(g.state, me(g), FROG_CARD, K.available_suits(g.state, [0, 1, 2]))


@rule("LR-16-02-03")
def test_a_discarded_frog_card_goes_face_up_onto_the_pond():
    g = table()
    cat = seat_of(g, CAT)
    hand(g, cat, [FROG_CARD, "fox_root_tea"])
    with positions.edit(g) as s:
        K.discard(s, cat, FROG_CARD, ("test",))
        K.discard(s, cat, "fox_root_tea", ("test",))
    s = g.state
    assert s.mods[NAME].pond == [FROG_CARD] and s.discard == ["fox_root_tea"]
    assert g.view(cat)[NAME]["pond"] == g.view(me(g))[NAME]["pond"] == [FROG_CARD]  # face up: every player sees it


@rule("RTA-LP-06")
def test_frog_dominance_discarded_goes_near_the_map_not_onto_the_pond():
    g = table(factions=(CAT, BIRD, NAME))
    cat = seat_of(g, CAT)
    hand(g, cat, [FROG_DOM])
    with positions.edit(g) as s:
        K.discard(s, cat, FROG_DOM, ("test",))
    assert g.state.dominance_pool == [FROG_DOM] and g.state.mods[NAME].pond == []


@rule("LR-16-02-03-01", "RTA-LP-14")
def test_a_player_drawing_may_take_the_ponds_top_card_first():
    g = pond(table(), [LP.FROG_CARDS[1], FROG_CARD])
    cat = seat_of(g, CAT)
    top_deck = g.state.deck[-1]
    run_tasks(g, cat, DrawChoice(cat, 2, ("test",)))
    assert g.decision == "draw_choice" and g.legal_action_ids() == ["draw", "pond:2"]
    play(g, "pond:2")
    s = g.state
    assert s.hands[cat] == [FROG_CARD, top_deck] and s.mods[NAME].pond == [LP.FROG_CARDS[1]]


@rule("LR-16-02-03-02")
def test_a_reshuffle_takes_the_pond_into_the_new_deck():
    g = pond(table(), [FROG_CARD])
    with positions.edit(g) as s:
        s.discard, s.deck = s.deck, []
        K.reshuffle(s)
    s = g.state
    assert FROG_CARD in s.deck and s.mods[NAME].pond == [] and s.discard == []


# ---- Frog Dominance (LR-16-02-02-01) --------------------------------------------------------------------------------

@rule("LR-16-02-02-01")
def test_frog_dominance_wins_with_two_enclaves_on_the_river_ruled():
    g = table(factions=(CAT, BIRD, NAME))
    cat = seat_of(g, CAT)
    enclave(g, LP.PEACEFUL, 5)
    enclave(g, LP.MILITANT, 1)  # not on the river
    put(g, CAT, 5, warriors=2)
    put(g, CAT, 1, warriors=2)
    with positions.edit(g) as s:
        s.dominance[cat] = FROG_DOM
        s.play_area[cat] = (FROG_DOM,)
    start(g, cat, "birdsong.start")
    assert not g.is_over
    enclave(g, LP.MILITANT, 10)
    put(g, CAT, 10, warriors=1)
    start(g, cat, "birdsong.start")
    assert g.is_over and g.state.winners == (cat,)


@rule("LR-16-02-02-01-01", "LR-16-02-02-01-02", "RTA-LP-08")
def test_enclave_defense_adds_the_holders_warriors_taking_hits_after_the_diasporas(monkeypatch):
    g = table(factions=(CAT, BIRD, NAME))
    cat, bird = seat_of(g, CAT), seat_of(g, BIRD)
    enclave(g, LP.PEACEFUL, 5)
    put(g, NAME, 5, warriors=1)
    put(g, CAT, 5, warriors=2)
    put(g, BIRD, 5, warriors=4)
    with positions.edit(g) as s:
        s.dominance[cat] = FROG_DOM
    dice(monkeypatch, 3, 2)
    run_tasks(g, bird, BT.start(bird, BIRD, ("test",), (idx(5),), must=True))
    play(g, "battle:5", f"defender:{NAME}")
    # the defenders rolled 2 with 3 defending warriors (1 Diaspora + 2 Marquise): 2 hits on the Eyrie
    assert warriors(g, BIRD, 5) == 2
    # 3 hits: the Diaspora's warrior, then both Marquise warriors; the enclave stays (no Council here to share them);
    # then fears come to pass: the enclave turns Militant with a new warrior
    assert warriors(g, CAT, 5) == 0 and side_at(g, 5) == LP.MILITANT and warriors(g, NAME, 5) == 1
    removed = logged(g, "ev.removed")
    assert [(p["owner"], p["pieces"]) for p in removed[:2]] == [(NAME, [["warrior", 1]]), (CAT, [["warrior", 2]])]


@rule("LR-16-02-02-01-01")
def test_enclave_defense_does_not_apply_when_the_holder_attacks(monkeypatch):
    g = table(factions=(CAT, BIRD, NAME))
    cat = seat_of(g, CAT)
    enclave(g, LP.MILITANT, 5)
    put(g, NAME, 5, warriors=1)
    put(g, CAT, 5, warriors=3)
    with positions.edit(g) as s:
        s.dominance[cat] = FROG_DOM
    dice(monkeypatch, 3, 3)
    run_tasks(g, cat, BT.start(cat, CAT, ("test",), (idx(5),), must=True))
    while g.state.tasks and g.decision:
        legal = g.legal_action_ids()
        g.apply(next((a for a in legal if a in ("skip", "done", "pass")), f"defender:{NAME}" if f"defender:{NAME}"
                     in legal else legal[0]))
    # the Diaspora's one warrior rolls at most 1 hit; its warrior and then its enclave take the Marquise's hits
    assert warriors(g, CAT, 5) == 2 and warriors(g, NAME, 5) == 0 and side_at(g, 5) is None


# ---- Fears Come to Pass (LR-16-02-04) -------------------------------------------------------------------------------

@rule("LR-16-02-04", "RTA-LP-09")
def test_fears_come_to_pass_after_an_enemy_attacks_a_peaceful_enclave(monkeypatch):
    g = table()
    cat = seat_of(g, CAT)
    enclave(g, LP.PEACEFUL, 5, 2, 3)
    put(g, NAME, 5, warriors=2)
    put(g, CAT, 5, warriors=2)
    put(g, CAT, 2, buildings=("sawmill",))  # the Marquise's pieces at the enclave in 2, none in 3
    dice(monkeypatch, 1, 0)
    supply = g.state.supply[NAME]
    run_tasks(g, cat, BT.start(cat, CAT, ("test",), (idx(5),), must=True))
    while g.state.tasks and g.decision:
        legal = g.legal_action_ids()
        g.apply(next((a for a in legal if a in ("skip", "done", "pass")), legal[0]))
    assert side_at(g, 5) == side_at(g, 2) == LP.MILITANT and side_at(g, 3) == LP.PEACEFUL
    assert warriors(g, NAME, 5) == 2 and warriors(g, NAME, 2) == 1  # one lost, one placed in 5; one in 2
    assert g.state.supply[NAME] == supply + 1 - 2
    assert logged(g, "ev.lilypad.fears")[0]["clearings"] == [idx(2), idx(5)]


@rule("LR-16-02-04")
def test_fears_come_to_pass_when_an_enemy_removes_a_peaceful_enclave_outside_battle():
    g = table()
    cat = seat_of(g, CAT)
    enclave(g, LP.PEACEFUL, 5, 9)
    put(g, CAT, 9, warriors=1)
    from boardlab.games.root.records import RemovePieces
    run_tasks(g, cat, RemovePieces(cat, NAME, idx(5), ((LP.PEACEFUL, 1),), False, ("test",)))
    assert side_at(g, 5) is None and side_at(g, 9) == LP.MILITANT and warriors(g, NAME, 9) == 1
    assert g.state.score[cat] == 1  # a token removed scores as usual


# ---- Negotiations (LR-16-02-05) -------------------------------------------------------------------------------------

@rule("LR-16-02-05", "RTA-LP-10")
def test_an_enemy_negotiates_once_a_turn_giving_the_ruler_a_card():
    g = table(factions=(CAT, BIRD, NAME))
    cat, bird = seat_of(g, CAT), seat_of(g, BIRD)
    enclave(g, LP.MILITANT, 5, 2)
    put(g, CAT, 5, warriors=1)
    put(g, NAME, 5, warriors=2)  # the Diaspora rules 5
    put(g, CAT, 2, warriors=2)   # the Marquise rules 2
    hand(g, cat, ["fox_root_tea"])
    start(g, cat, "daylight.start")
    legal = g.legal_action_ids()
    assert "negotiate:5" in legal and "negotiate:2" in legal
    play(g, "negotiate:5")
    assert g.decision == "lilypad_negotiate_give" and g.state.pending[0] == cat
    play(g, "give:fox_root_tea")
    s = g.state
    assert side_at(g, 5) == LP.PEACEFUL and s.hands[me(g)] == ["fox_root_tea"] and s.hands[cat] == []
    assert not [a for a in g.legal_action_ids() if a.startswith("negotiate")]  # once during its turn
    hand(g, bird, [])
    put(g, BIRD, 2, warriors=1)
    start(g, bird, "daylight.start")
    assert "negotiate:2" not in g.legal_action_ids()  # another player rules 2 and the Eyrie has no card
    start(g, cat, "daylight.start")
    play(g, "negotiate:2")  # its own rule: no card
    assert side_at(g, 2) == LP.PEACEFUL


# ---- Swimmers (LR-16-02-06) -----------------------------------------------------------------------------------------

@rule("LR-16-02-06")
def test_the_diaspora_moves_along_rivers_ignoring_rule():
    g = table()
    put(g, NAME, 5, warriors=2)
    put(g, CAT, 5, warriors=3)
    put(g, CAT, 10, warriors=3)
    s = g.state
    assert idx(10) in B.adjacent(s, NAME, idx(5)) and idx(10) not in B.adjacent(s, CAT, idx(5))
    from boardlab.games.root import move as MV
    assert MV.destinations(s, NAME, idx(5)) == [idx(10)]  # by the river, though ruling neither; not by the paths


# ---- crafting and Birdsong (LR-16-02-07, LR-16-04) ------------------------------------------------------------------

@rule("LR-16-02-07", "LR-16-04", "LR-16-04-01")
def test_birdsong_crafts_with_enclaves_first_then_rally_or_reconcile():
    g = enclave(table(), LP.PEACEFUL, 1)  # fox
    enclave(g, LP.MILITANT, 8)           # fox covered: frog
    hand(g, me(g), ["fox_anvil", "bird_crossbow", "bird_royal_claim"])
    birdsong(g)
    assert g.decision == "lilypad_craft"
    legal = g.legal_action_ids()
    assert "craft:fox_anvil" in legal and "craft:bird_crossbow" in legal and "craft:bird_royal_claim" not in legal
    play(g, "craft:fox_anvil")  # the fox enclave is activated; the Militant pays no fox: nothing left to craft
    assert g.decision == "lilypad_rally_or_reconcile" and g.state.hands[me(g)] == ["bird_crossbow", "bird_royal_claim"]


@rule("LR-16-02-07", "RTA-LP-11")
def test_militant_enclaves_pay_a_question_mark_once_each():
    g = enclave(table(), LP.MILITANT, 8, 9, 10, 11)
    hand(g, me(g), ["bird_royal_claim", "fox_anvil"])
    birdsong(g)
    assert g.legal_action_ids()[:1] == ["craft:bird_royal_claim"] and "craft:fox_anvil" not in g.legal_action_ids()
    play(g, "craft:bird_royal_claim")
    assert "bird_royal_claim" in g.state.play_area[me(g)]
    assert not K.available_suits(g.state, LP.crafting_pieces(g.state, me(g)))  # each activated once this turn


@rule("LR-16-04-02", "LR-16-04-02-01", "RTA-LP-05")
def test_rally_places_a_warrior_at_each_militant_enclave():
    g = enclave(table(), LP.MILITANT, 8, 12)
    enclave(g, LP.PEACEFUL, 1)
    birdsong(g)
    assert g.legal_action_ids() == ["rally", "reconcile"]  # one of them, always
    play(g, "rally")
    assert warriors(g, NAME, 8) == warriors(g, NAME, 12) == 1 and warriors(g, NAME, 1) == 0


@rule("LR-16-04-02-02")
def test_reconcile_flips_militant_enclaves_and_their_rulers_draw():
    g = enclave(table(), LP.MILITANT, 8, 12)
    cat = seat_of(g, CAT)
    put(g, CAT, 8, warriors=1)
    birdsong(g)
    play(g, "reconcile", "reconcile_at:8")
    assert side_at(g, 8) == LP.PEACEFUL and len(g.state.hands[cat]) == 1  # the Marquise rules 8: it draws
    play(g, "reconcile_at:12")  # nobody rules 12: nobody draws
    assert side_at(g, 12) == LP.PEACEFUL and len(g.state.hands[cat]) == 1 and g.state.hands[me(g)] == []


# ---- Daylight (LR-16-05) --------------------------------------------------------------------------------------------

@rule("LR-16-05", "LR-16-05-01")
def test_settle_moves_in_from_adjacent_clearings_then_places_a_peaceful_enclave():
    g = table()
    put(g, NAME, 1, warriors=2)
    put(g, NAME, 2, warriors=1)
    daylight(g)
    play(g, "settle:5", "from:1", "warriors:2", "from:2")
    assert g.decision == "lilypad_settle_then"
    assert g.legal_action_ids() == ["enclave_at:5", "done"]
    play(g, "enclave_at:5")
    assert warriors(g, NAME, 5) == 3 and side_at(g, 5) == LP.PEACEFUL
    play(g, "settle:1", "done")  # nothing to move in; it does not rule 1
    play(g, "provoke:flip:5")
    assert g.state.mods[NAME].actions == 3
    assert not [a for a in g.legal_action_ids() if a.startswith(("settle", "provoke"))]  # three actions at most


@rule("LR-16-05-01")
def test_settle_may_battle_instead_of_placing():
    g = table()
    put(g, NAME, 1, warriors=2)
    put(g, CAT, 5, warriors=1)
    daylight(g)
    play(g, "settle:5", "from:1", "warriors:2")
    assert g.legal_action_ids() == ["battle:5", "enclave_at:5", "done"]  # it rules 5: battle or enclave
    with positions.edit(g) as s:
        s.warriors[CAT][idx(5)] = 2  # now it does not rule: no enclave
    assert g.legal_action_ids() == ["battle:5", "done"]


@rule("LR-16-05-02", "RTA-LP-04")
def test_provoke_flips_or_places_a_militant_enclave_rallies_and_discards_at_random():
    g = enclave(table(), LP.PEACEFUL, 1)
    put(g, NAME, 9, warriors=1)
    hand(g, me(g), ["fox_root_tea", "mouse_root_tea"])
    daylight(g)
    legal = g.legal_action_ids()
    assert "provoke:place:9" in legal and "provoke:place:4" in legal and "provoke:place:8" not in legal
    assert "provoke:place:1" not in legal   # one enclave a clearing: the one in 1 is flipped, not joined
    play(g, "provoke:flip:1")
    assert side_at(g, 1) == LP.MILITANT and warriors(g, NAME, 1) == 1 and len(g.state.hands[me(g)]) == 1
    play(g, "provoke:place:9")
    assert side_at(g, 9) == LP.MILITANT and warriors(g, NAME, 1) == 2 and warriors(g, NAME, 9) == 2
    assert g.state.hands[me(g)] == []
    play(g, "provoke:place:4")  # an empty hand: no discard
    assert warriors(g, NAME, 4) == 1


# ---- Evening (LR-16-06) ---------------------------------------------------------------------------------------------

@rule("LR-16-06", "LR-16-06-01")
def test_evening_battles_at_each_militant_enclave_then_integrates_then_draws(monkeypatch):
    g = enclave(table(), LP.MILITANT, 8, 12)
    enclave(g, LP.PEACEFUL, 1)
    put(g, NAME, 8, warriors=2)
    put(g, NAME, 12, warriors=2)
    put(g, CAT, 8, warriors=1)
    put(g, CAT, 12, warriors=1)
    hand(g, me(g), ["fox_root_tea"])
    dice(monkeypatch, 2, 0, 2, 0)
    evening(g)
    assert g.decision == "lilypad_retaliate" and g.legal_action_ids() == ["battle:8", "battle:12"]
    play(g, "battle:12")
    assert warriors(g, CAT, 8) == 0 and warriors(g, CAT, 12) == 0  # both battled, without a choice to skip
    assert g.decision == "lilypad_integrate"


@rule("LR-16-06-01", "RTA-LP-13")
def test_retaliation_passes_over_militant_enclaves_without_warriors_or_enemies():
    g = enclave(table(), LP.MILITANT, 8, 12, 9)
    put(g, CAT, 8, warriors=1)      # no Diaspora warrior in 8: it cannot battle there
    put(g, NAME, 9, warriors=1)     # no enemy in 9
    put(g, NAME, 12, warriors=1)
    put(g, CAT, 12, warriors=1)
    assert LP.retaliation_sites(g.state) == [idx(12)]


@rule("LR-16-06-02", "RTA-LP-07")
def test_integrate_scores_a_point_per_matching_peaceful_enclave_never_frog():
    g = enclave(table(), LP.PEACEFUL, 1, 6, 3)
    enclave(g, LP.MILITANT, 8)
    hand(g, me(g), ["fox_root_tea", "bird_crossbow", FROG_CARD])
    evening(g)
    legal = g.legal_action_ids()
    assert "integrate:fox_root_tea:fox" in legal and "integrate:bird_crossbow:rabbit" in legal
    assert "integrate:bird_crossbow:mouse" not in legal and not [a for a in legal if FROG_CARD in a]
    play(g, "integrate:fox_root_tea:fox")
    assert g.state.score[me(g)] == 2 and "fox_root_tea" in g.state.discard  # 1 and 6 (8 is Militant)
    assert g.decision != "lilypad_integrate"  # once a turn


@rule("LR-16-06-03")
def test_evening_draws_one_plus_the_peaceful_enclave_bonus_then_discards_to_five():
    g = enclave(table(), LP.PEACEFUL, 1, 2, 3, 4)
    evening(g)
    assert len(g.state.hands[me(g)]) == 3  # 1 + 2 for 4-7 Peaceful enclaves
    g = enclave(table(), LP.PEACEFUL, 1, 2)
    hand(g, me(g), ["fox_root_tea", "fox_anvil", "fox_travel_gear", "mouse_root_tea", "mouse_sword"])
    evening(g)
    play(g, "skip")
    assert g.decision == "discard" and len(g.state.hands[me(g)]) == 7  # 1 + 1 for 2-3
    play(g, "discard:fox_anvil", "discard:fox_travel_gear")
    assert len(g.state.hands[me(g)]) == 5
    g = enclave(table(), LP.PEACEFUL, *range(1, 9))
    assert LP.draws(g.state) == 4 and LP.draws(enclave(table(), LP.PEACEFUL, 1).state) == 1


# ---- hidden information, bots -----------------------------------------------------------------------------------------

@rule("LR-16-01")
def test_another_seats_view_has_the_diasporas_board_but_not_its_hand():
    g = enclave(table(), LP.PEACEFUL, 1)
    hand(g, me(g), ["fox_root_tea"])
    other = seat_of(g, CAT)
    view = g.view(other)
    assert view[NAME]["peaceful"] == ["1"] and "fox_root_tea" not in str(view)
    assert hidden_paths(view, RULESET.zones_of(g.state), other, g.state.known_to(other)) == []
    probe = g.clone()
    RULESET.resample_hidden(probe.state, other, Stream(7))
    assert len(probe.state.hands[me(g)]) == 1 and probe.state.mods[NAME].pond == g.state.mods[NAME].pond


def test_bots_value_enclaves():
    from boardlab.games.root.evaluate import base_potential
    g = table()
    before = base_potential(g.state)[me(g)] + LP.potential(g.state, me(g))
    enclave(g, LP.PEACEFUL, 1)
    enclave(g, LP.MILITANT, 8)
    after = base_potential(g.state)[me(g)] + LP.potential(g.state, me(g))
    assert after > before and LP.potential(g.state, seat_of(g, CAT)) == 0


@pytest.mark.parametrize("players, factions, options", [
    (2, [NAME, CAT], {}), (3, [CAT, BIRD, NAME], {"map": "winter"}),
    (4, [NAME, CAT, "alliance", "vagabond"], {"map": "lake", "hirelings": "random"}),
    (5, [CAT, BIRD, "lizard", "riverfolk", NAME], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_diaspora_end(players, factions, options):
    games_end(players, factions, options)


# ---- its board on the terminal and web tables -------------------------------------------------------------------------

def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    from boardlab.core.registry import ruleset
    from boardlab.games.root.render import render_board
    g = pond(enclave(enclave(table(), LP.PEACEFUL, 1, 3), LP.MILITANT, 8), [FROG_CARD])
    rules = ruleset("root")
    text = rules.render_text(g.view(0), "en")
    assert "Enclaves: Peaceful in 1, 3; Militant in 8; 9 in the supply" in text and "Pond (1)" in text
    assert "Evening draw 2" in text and "Integrate scores: fox 1, rabbit 1, mouse 0" in text
    assert "飛地：和平於 1、3；好戰於 8；供應堆 9 個" in rules.render_text(g.view(0), "zh-Hant")
    assert "池塘（1）" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(0), "en", g.legal_action_ids())
    assert 'data-board="lilypad" data-peaceful="2" data-militant="1" data-left="9"' in svg and 'data-pond="1"' in svg
    assert svg.count('data-enclave="peaceful"') == 2 and svg.count('data-enclave="militant"') == 1


def test_random_games_with_the_diaspora_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, [NAME, CAT], "autumn"), (2, [BIRD, NAME, "alliance"], "lake")))
