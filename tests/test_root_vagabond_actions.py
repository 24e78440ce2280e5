"""The Vagabond's Daylight actions (LR-09-05), battles and hits, relationships (LR-09-02-09), coalitions.

Autumn map: 1 fox [5, 9, 10]; 2 mouse; 5 rabbit [1, 2]; 6 fox ruin; 7 mouse; 9 mouse; 10 rabbit ruin.
Seats: the Marquise 0, the Vagabond 1 unless told.
"""
from __future__ import annotations

import pytest

from boardlab.games.root.state import RUIN
from root_helpers import hand, idx, pieces, play, put, rules_logged, start, warriors
from vagabond_helpers import VB, at, data, daylight, dice, edit, game, items, kit, relation, seat


def score(g, name=VB):
    return g.state.score[seat(g, name)]


def quests(g, *up):
    with edit(g) as s:
        s.quests = {"up": tuple(up), "deck": tuple(q for q in s.quests["up"] + s.quests["deck"] if q not in up)}


# ---- Battle (LR-09-05-02) and hits --------------------------------------------------------------------------

@pytest.mark.rule("LR-09-05-02", "LR-09-02-06", "LR-09-02-07", "LR-09-02-09-03", "LR-09-01")
def test_battle_exhausts_a_sword_rolls_up_to_undamaged_swords_and_damages_items(monkeypatch):
    g = game()
    kit(g, "sword", "sword:damaged_up", "boot", "torch")
    at(g, 1)
    put(g, "marquise", 1, warriors=3)
    hand(g, 0, [])
    daylight(g)
    dice(monkeypatch, 3, 2)
    play(g, "attack:marquise")
    # rolled 3 but one undamaged sword (exhausted now: still counts) -> 1 hit; the Marquise deals 2
    assert warriors(g, "marquise", 1) == 2
    assert g.decision == "vagabond_hits" and set(g.legal_action_ids()) == {"item:boot:up", "item:sword:down",
                                                                           "item:torch:up"}
    play(g, "item:boot:up", "item:torch:up")
    assert items(g) == ["boot:damaged_up", "sword:damaged_up", "sword:down", "torch:damaged_up"]
    assert data(g).rel["marquise"] == -1 and score(g) == 0  # now Hostile; a warrior scores nothing


@pytest.mark.rule("LR-09-02-07")
def test_hits_beyond_his_undamaged_items_are_ignored(monkeypatch):
    g = game()
    kit(g, "sword", "boot:damaged_up")
    at(g, 1)
    put(g, "marquise", 1, warriors=3)
    hand(g, 0, [])
    daylight(g)
    dice(monkeypatch, 3, 3)
    play(g, "attack:marquise")
    assert items(g) == ["boot:damaged_up", "sword:damaged_down"] and g.decision == "vagabond_daylight"
    assert "LR-09-02-07" in rules_logged(g)


@pytest.mark.rule("LR-09-02-04")
def test_defenceless_without_an_undamaged_sword(monkeypatch):
    g = game(("thief", "tinker"), factions=("marquise", VB, "vagabond2"))
    kit(g, "sword:damaged_up", "boot", "torch")
    kit(g, "sword", name="vagabond2")
    at(g, 1)
    at(g, 1, name="vagabond2")
    for s in range(3):
        hand(g, s, [])
    daylight(g, "vagabond2")
    dice(monkeypatch, 0, 0)
    play(g, f"attack:{VB}")
    assert g.decision == "vagabond_hits" and g.state.pending[0] == seat(g)  # his decision in another's turn
    play(g, "item:boot:up")
    assert sum(1 for i in items(g) if "damaged" in i) == 2  # 0 rolled + 1 extra hit: defenceless
    kit(g, "sword", "boot", "torch")
    kit(g, "sword", name="vagabond2")
    daylight(g, "vagabond2")
    dice(monkeypatch, 0, 0)
    play(g, f"attack:{VB}")
    assert not any("damaged" in i for i in items(g))


@pytest.mark.rule("LR-09-02-09-03-01", "LR-09-02-09-03")
def test_infamy_in_battle_on_his_turn(monkeypatch):
    g = game()
    kit(g, "sword", "sword", "sword")
    at(g, 1)
    put(g, "marquise", 1, warriors=1, buildings=["sawmill"])
    hand(g, 0, [])
    daylight(g)
    dice(monkeypatch, 2, 0)
    play(g, "attack:marquise")
    # warrior (makes them Hostile: no Infamy for it) + sawmill (1 point + 1 Infamy)
    assert score(g) == 2 and data(g).rel["marquise"] == -1
    put(g, "marquise", 1, warriors=1, buildings=["workshop"])
    daylight(g)
    dice(monkeypatch, 2, 0)
    play(g, "attack:marquise")
    assert score(g) == 2 + 1 + 2  # already Hostile: both pieces score Infamy, the workshop its point


@pytest.mark.rule("LR-09-05-06")
def test_strike_a_warrior_makes_hostile_without_infamy_then_a_building():
    g = game()
    kit(g, "crossbow", "crossbow")
    at(g, 1)
    put(g, "marquise", 1, warriors=1, buildings=["sawmill"])
    hand(g, 0, [])
    daylight(g)
    play(g, "strike:marquise")
    assert warriors(g, "marquise", 1) == 0 and data(g).rel["marquise"] == -1 and score(g) == 0
    play(g, "strike:marquise")  # no warriors left: another piece
    assert pieces(g, 1) == () and score(g) == 1
    assert items(g) == ["crossbow:down", "crossbow:down"]


def test_removing_only_a_building_does_not_make_hostile():
    g = game()
    kit(g, "crossbow")
    at(g, 1)
    put(g, "marquise", 1, buildings=["sawmill"])
    daylight(g)
    play(g, "strike:marquise")
    assert data(g).rel["marquise"] == 0 and score(g) == 1


# ---- Explore (LR-09-05-03) -----------------------------------------------------------------------------------

@pytest.mark.rule("LR-09-05-03")
def test_explore_takes_the_item_scores_and_removes_the_empty_ruin():
    g = game()
    kit(g, "torch", "coin:down")
    at(g, 6)
    with edit(g) as s:
        s.ruin_items = {**s.ruin_items, idx(6): ("sack",)}
    daylight(g)
    play(g, "explore")
    assert items(g) == ["coin:down", "sack:up", "torch:down"] and score(g) == 1
    assert RUIN not in g.state.buildings[idx(6)] and idx(6) not in g.state.ruin_items
    assert data(g).items[-3:] and any(r for k, _, _, r in data(g).items if k == "sack")


@pytest.mark.rule("LR-09-07-03")
def test_two_items_under_a_ruin_a_choice_and_no_second_r_item_of_a_type():
    g = game(("thief", "tinker"), factions=("marquise", VB, "vagabond2"))
    kit(g, "torch", "torch", "torch", "hammer:ruin")
    at(g, 6)
    with edit(g) as s:
        s.ruin_items = {**s.ruin_items, idx(6): ("boot", "sword")}
    daylight(g)
    play(g, "explore")
    assert g.decision == "vagabond_ruin" and g.legal_action_ids() == ["take:boot", "take:sword"]
    play(g, "take:sword")
    assert g.state.ruin_items[idx(6)] == ("boot",) and RUIN in g.state.buildings[idx(6)] and score(g) == 1
    with edit(g) as s:
        s.ruin_items = {**s.ruin_items, idx(6): ("hammer",)}
    play(g, "explore")  # holds an "R" hammer: may not take this one; the torch is spent, no point
    assert g.state.ruin_items[idx(6)] == ("hammer",) and score(g) == 1 and items(g).count("torch:down") == 2


@pytest.mark.rule("RTA-VB-07", "LR-09-07-03")
def test_a_bot_choosing_from_a_ruin_keeps_what_it_sees_there_in_every_sample():
    """The items he chooses from are known to him: a determinised game keeps them (others are reshuffled),
    so a bot can try each of its legal choices on any sample."""
    from boardlab.agents import choose, make_agent
    from boardlab.agents.model import Model
    from boardlab.core.rng import Stream
    g = game(("thief", "tinker"), factions=("marquise", VB, "vagabond2"))
    kit(g, "torch", "torch")
    at(g, 6)
    with edit(g) as s:
        s.ruin_items = {idx(6): ("boot", "sword"), idx(10): ("hammer", "sack"), idx(1): ("coin", "tea")}
    daylight(g)
    play(g, "explore")
    model, stream, others = Model(g, seat(g)), Stream(3), set()
    for _ in range(20):
        sample = model.sample(stream)
        assert sample.state.ruin_items[idx(6)] == ("boot", "sword")
        assert sample.legal_action_ids() == ["take:boot", "take:sword"]
        others.add(sample.state.ruin_items[idx(10)])
    assert len(others) > 1  # the ruins he is not looking into are still resampled
    assert choose(make_agent("greedy", seed=1), g) in ("take:boot", "take:sword")


# ---- Aid (LR-09-05-04) and relationships (LR-09-02-09-01 ...) ------------------------------------------------

@pytest.mark.rule("LR-09-05-04", "LR-09-02-09-01", "LR-09-02-09-01-01", "LR-09-02-09-01-02", "LR-09-02-09-02",
                  "LR-09-02-09-02-01", "LR-09-01")
def test_aid_improves_relationships_step_by_step_then_allied_scores_two():
    g = game()
    kit(g, *["boot"] * 8)
    at(g, 1)
    put(g, "marquise", 1, warriors=1)
    me = seat(g)
    fox = [c for c in g.state.deck if c.startswith(("fox_", "bird_"))][:8]
    hand(g, me, fox)
    daylight(g)

    def aid():
        play(g, "aid:0")
        play(g, g.legal_action_ids()[0])

    aid()
    assert data(g).rel["marquise"] == 1 and score(g) == 1 and fox[0] in g.state.hands[0]
    assert me in g.state.known[fox[0]] and 0 in g.state.known[fox[0]]
    aid()
    assert data(g).rel["marquise"] == 1 and score(g) == 1  # 1 of the 2 aids toward the next space
    aid()
    assert data(g).rel["marquise"] == 2 and score(g) == 3
    aid()
    aid()
    assert data(g).rel["marquise"] == 2
    aid()
    assert data(g).rel["marquise"] == 3 and score(g) == 5  # Allied
    aid()
    assert score(g) == 7  # Aiding an ally: 2 each


def test_aids_toward_a_space_count_within_one_turn():
    g = game()
    kit(g, "boot", "boot")
    at(g, 1)
    put(g, "marquise", 1, warriors=1)
    relation(g, "marquise", 1)
    me = seat(g)
    hand(g, me, [c for c in g.state.deck if c.startswith("fox_")][:2])
    daylight(g)
    play(g, "aid:0")
    start(g, me, "evening.start")
    daylight(g)
    play(g, "aid:0")
    assert data(g).rel["marquise"] == 1 and score(g) == 0


@pytest.mark.rule("LR-09-02-09-03-03", "LR-09-05-04")
def test_aiding_a_hostile_faction_takes_an_item_but_never_improves():
    g = game()
    kit(g, "boot", "torch")
    at(g, 1)
    put(g, "marquise", 1, buildings=["sawmill"])
    relation(g, "marquise", -1)
    with edit(g) as s:
        s.crafted[0] = ("hammer",)
    me = seat(g)
    card = next(c for c in g.state.deck if c.startswith("fox_"))
    hand(g, me, [card])
    daylight(g)
    play(g, "aid:0", f"give:{card}")
    assert g.decision == "vagabond_aid_item"
    play(g, "exhaust:torch")
    assert g.legal_action_ids() == ["take:hammer", "skip"]
    play(g, "take:hammer")
    assert g.state.crafted[0] == () and "hammer:up" in items(g) and data(g).rel["marquise"] == -1 and score(g) == 0


def test_aid_needs_a_card_matching_his_clearing():
    g = game()
    kit(g, "boot")
    at(g, 1)
    put(g, "marquise", 1, warriors=1)
    hand(g, seat(g), [c for c in g.state.deck if c.startswith("rabbit_")][:1])
    daylight(g)
    assert "aid:0" not in g.legal_action_ids()


# ---- Quest (LR-09-05-05) -----------------------------------------------------------------------------------

@pytest.mark.rule("LR-09-05-05")
def test_quest_exhausts_its_items_scores_per_matching_quest_and_draws_a_new_one():
    g = game()
    kit(g, "tea", "boot", "torch", "tea")
    at(g, 1)
    quests(g, "fox_errand", "fox_give_a_speech", "mouse_escort")
    with edit(g) as s:
        s.mods[VB].quests = ("fox_fundraising", "rabbit_errand")
    deck_top = g.state.quests["deck"][-1]
    daylight(g)
    legal = g.legal_action_ids()
    assert "quest:fox_errand" in legal and "quest:fox_give_a_speech" in legal and "quest:mouse_escort" not in legal
    play(g, "quest:fox_errand")
    assert items(g) == ["boot:down", "tea:down", "tea:up", "torch:up"]
    play(g, "reward:vp")
    assert score(g) == 2  # fundraising and errand: two fox quests
    assert g.state.quests["up"] == ("fox_give_a_speech", "mouse_escort", deck_top)
    play(g, "quest:fox_give_a_speech", "reward:cards")
    assert score(g) == 2 and len(g.state.hands[seat(g)]) >= 2


# ---- Repair, Craft (LR-09-05-07, LR-09-05-08, LR-09-02-01) ----------------------------------------------------

@pytest.mark.rule("LR-09-05-07")
def test_repair_keeps_the_items_side():
    g = game()
    kit(g, "hammer", "sword:damaged_down", "tea:damaged_up")
    at(g, "f1")
    daylight(g)
    play(g, "repair")
    assert set(g.legal_action_ids()) == {"item:sword:damaged_down", "item:tea:damaged_up"}
    play(g, "item:sword:damaged_down")
    assert items(g) == ["hammer:down", "sword:down", "tea:damaged_up"]


@pytest.mark.rule("LR-09-05-08", "LR-09-02-01")
def test_craft_with_hammers_matching_his_clearing_takes_the_item():
    g = game()
    kit(g, "hammer", "hammer")
    at(g, 1)
    me = seat(g)
    hand(g, me, ["fox_anvil", "fox_tax_collector", "fox_foxfolk_steel", "rabbit_bake_sale"])
    daylight(g)
    legal = g.legal_action_ids()
    assert "craft:fox_anvil" in legal and "craft:fox_foxfolk_steel" in legal
    assert "craft:fox_tax_collector" not in legal and "craft:rabbit_bake_sale" not in legal
    play(g, "craft:fox_foxfolk_steel")
    assert items(g) == ["hammer:down", "hammer:down", "sword:up"] and score(g) == 2 and g.state.items["sword"] == 1
    assert g.state.crafted[me] == ()


def test_no_crafting_in_a_forest():
    g = game()
    kit(g, "hammer")
    at(g, "f1")
    hand(g, seat(g), ["fox_anvil"])
    daylight(g)
    assert not any(a.startswith("craft:") for a in g.legal_action_ids())


# ---- Lone Wanderer (LR-09-02-02, LR-09-02-02-01) --------------------------------------------------------------

@pytest.mark.rule("LR-09-02-02", "LR-09-02-02-01")
def test_full_removal_damages_three_items_and_the_pawn_stays():
    g = game()
    kit(g, "boot", "sword", "torch", "tea")
    at(g, 2)
    for c in (2, 7, 9):
        put(g, "marquise", c, buildings=["workshop"])
    hand(g, 0, ["mouse_favor_of_the_mice"])
    start(g, 0, "daylight.start")
    play(g, "craft:mouse_favor_of_the_mice")
    while g.decision == "vagabond_hits":
        play(g, g.legal_action_ids()[0])
    assert sum(1 for i in items(g) if "damaged" in i) == 3 and g.state.pawns[VB] == idx(2)


def test_the_pawn_does_not_rule():
    g = game()
    at(g, 5)
    from boardlab.games.root import board as B
    assert B.ruler(g.state, idx(5)) is None
    put(g, "marquise", 5, warriors=1)
    assert B.ruler(g.state, idx(5)) == "marquise"


# ---- Allies (LR-09-02-09-02-02 .. 04) ----------------------------------------------------------------------

@pytest.mark.rule("LR-09-02-09-02-02")
def test_allied_warriors_move_along():
    g = game()
    kit(g, "boot")
    at(g, 1)
    put(g, "marquise", 1, warriors=3)
    relation(g, "marquise", 3)
    daylight(g)
    play(g, "go:5")
    assert g.decision == "vagabond_ally_move" and g.legal_action_ids() == ["ally:marquise", "alone"]
    play(g, "ally:marquise", "warriors:2")
    assert warriors(g, "marquise", 5) == 2 and warriors(g, "marquise", 1) == 1


@pytest.mark.rule("LR-09-02-09-02-03", "LR-09-02-09-02-04")
def test_attacking_with_an_ally_and_taking_hits_with_its_warriors(monkeypatch):
    g = game(factions=("marquise", "eyrie", VB))
    kit(g, "sword", "boot")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    put(g, "eyrie", 1, warriors=3)
    relation(g, "marquise", 3)
    for s in range(3):
        hand(g, s, [])
    daylight(g)
    assert "attack:marquise" in g.legal_action_ids()
    play(g, "attack:eyrie")
    assert g.legal_action_ids() == ["ally:marquise", "alone"]
    dice(monkeypatch, 3, 2)
    play(g, "ally:marquise")
    assert warriors(g, "eyrie", 1) == 0  # 3 hits: 2 Marquise warriors + 1 sword
    assert set(g.legal_action_ids()) == {"item:boot:up", "item:sword:down", "remove:warrior"}
    play(g, "remove:warrior", "remove:warrior")
    assert warriors(g, "marquise", 1) == 0 and data(g).rel["marquise"] == -1  # more hits by allies than items
    assert data(g).rel["eyrie"] == -1


def test_no_ally_against_the_same_faction():
    g = game(factions=("marquise", "eyrie", VB))
    kit(g, "sword")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    relation(g, "marquise", 3)
    daylight(g)
    play(g, "attack:marquise")
    assert g.decision != "vagabond_ally_battle"


# ---- coalitions (LR-09-02-08, LR-09-02-09-03-04) ---------------------------------------------------------------

def four(**kw):
    return game(("thief", "ranger"), factions=("marquise", "eyrie", VB, "vagabond2"), **kw)


@pytest.mark.rule("LR-09-02-08", "LR-09-02-09-03-04")
def test_a_coalition_with_the_lowest_player_then_winning_together():
    g = four()
    with edit(g) as s:
        s.score = [7, 3, 4, 3]
    relation(g, "eyrie", -1)
    hand(g, 2, ["fox_dominance"])
    at(g, 1)
    daylight(g)
    play(g, "dominance:fox_dominance")
    # the Eyrie and the second Vagabond are tied for fewest: he chooses
    assert g.legal_action_ids() == ["partner:1", "partner:3"]
    play(g, "partner:1")
    assert g.state.coalition == {2: 1} and data(g).rel["eyrie"] == 0
    from boardlab.games.root import scoring as S
    with edit(g) as s:
        S.score(s, 2, 5, ("test",))
        assert s.score[2] == 4  # no more points for him
        S.score(s, 1, 27, ("test",))
    assert g.state.winners == (1, 2)


def test_no_coalition_with_three_players_nor_with_a_higher_player():
    g = game(factions=("marquise", "eyrie", VB))
    hand(g, 2, ["fox_dominance"])
    with edit(g) as s:
        s.deck = s.deck + ["fox_dominance"] if "fox_dominance" not in s.hands[2] else s.deck
    daylight(g)
    assert not any(a.startswith("dominance:") for a in g.legal_action_ids())
    g = four()
    with edit(g) as s:
        s.score = [7, 2, 4, 3]
    hand(g, 2, ["fox_dominance"])
    daylight(g)
    play(g, "dominance:fox_dominance")
    assert g.state.coalition == {2: 1}  # only the Eyrie has fewest


@pytest.mark.rule("LR-09-02-08")
def test_coalition_partners_are_not_enemies(monkeypatch):
    g = four()
    with edit(g) as s:
        s.coalition = {2: 0}
        s.dominance[2] = "fox_dominance"
    kit(g, "sword", "crossbow")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    daylight(g)
    legal = g.legal_action_ids()
    assert "attack:marquise" not in legal and "strike:marquise" not in legal


@pytest.mark.rule("LR-09-07-02")
def test_either_vagabond_completes_the_shared_face_up_quests():
    g = game(("thief", "tinker"), factions=("marquise", VB, "vagabond2"))
    quests(g, "fox_errand", "fox_give_a_speech", "mouse_escort")
    kit(g, "tea", "boot")
    kit(g, "torch", "tea", name="vagabond2")
    at(g, 1)
    at(g, 1, name="vagabond2")
    daylight(g, "vagabond2")
    assert {"quest:fox_errand", "quest:fox_give_a_speech"} & set(g.legal_action_ids()) == {"quest:fox_give_a_speech"}
    play(g, "quest:fox_give_a_speech", "reward:vp")
    assert data(g, "vagabond2").quests == ("fox_give_a_speech",) and "fox_give_a_speech" not in g.state.quests["up"]
    daylight(g)
    play(g, "quest:fox_errand", "reward:vp")
    assert data(g).quests == ("fox_errand",) and score(g) == 1
