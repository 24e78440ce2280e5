"""The Vagabond characters (the Law's Vagabonds appendix, LR-AV-*): starting items and special actions.

Autumn map: 1 fox [5, 9, 10]; 2 mouse; 5 rabbit [1, 2]; 6 fox ruin; 10 rabbit; forest f1 = 1, 2, 5, 10.
Seats: the Marquise 0, the Vagabond 1 unless told.
"""
from __future__ import annotations

import pytest

from boardlab.games.root.content import CHARACTERS
from root_helpers import hand, idx, new, pieces, play, put, rules_logged, set_up, warriors
from vagabond_helpers import VB, at, data, daylight, dice, edit, game, items, kit, relation, seat, where

STARTS = {
    "thief": ("LR-AV-01-01", ["boot", "sword", "tea", "torch"]),
    "tinker": ("LR-AV-02-01", ["boot", "hammer", "sack", "torch"]),
    "ranger": ("LR-AV-03-01", ["boot", "crossbow", "sword", "torch"]),
    "vagrant": ("LR-AV-04-01", ["boot", "coin", "torch"]),
    "arbiter": ("LR-AV-05-01", ["boot", "sword", "sword", "torch"]),
    "scoundrel": ("LR-AV-06-01", ["boot", "boot", "crossbow", "torch"]),
    "adventurer": ("LR-AV-07-01", ["boot", "hammer", "torch"]),
    "harrier": ("LR-AV-08-01", ["coin", "crossbow", "sword", "torch"]),
    "ronin": ("LR-AV-09-01", ["boot", "boot", "sword", "torch"]),
    "cheat": ("LR-AV-10-01", ["boot", "crossbow", "tea", "torch"]),
    "gladiator": ("LR-AV-11-01", ["boot", "hammer", "torch"]),
    "jailor": ("LR-AV-12-01", ["boot", "crossbow", "torch"]),
}


def score(g, name=VB):
    return g.state.score[seat(g, name)]


@pytest.mark.parametrize("key", sorted(STARTS))
@pytest.mark.rule(*sorted(rule for rule, _ in STARTS.values()))
def test_starting_items_face_up(key):
    rule, start_items = STARTS[key]
    g = new(("marquise", VB), seed=2, vagabond=[key])
    set_up(g)
    assert sorted(CHARACTERS[key].items) == start_items
    assert items(g) == [f"{k}:up" for k in start_items]


# ---- Thief: Steal --------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-01-02", "LR-09-05-09")
def test_thief_steals_a_random_card(monkeypatch):
    g = game("thief")
    kit(g, "torch")
    at(g, 1)
    put(g, "marquise", 1, buildings=["sawmill"])
    hand(g, 0, ["fox_anvil", "rabbit_bake_sale"])
    hand(g, seat(g), [])
    daylight(g)
    assert "steal:0" in g.legal_action_ids()
    dice(monkeypatch, 1)
    play(g, "steal:0")
    assert g.state.hands[seat(g)] == ["rabbit_bake_sale"] and g.state.hands[0] == ["fox_anvil"]
    assert g.state.known["rabbit_bake_sale"] == frozenset({0, seat(g)}) and items(g) == ["torch:down"]


def test_no_steal_without_a_torch_or_from_an_empty_clearing():
    g = game("thief")
    kit(g, "torch")
    at(g, 5)
    hand(g, 0, ["fox_anvil"])
    daylight(g)
    assert not any(a.startswith("steal:") for a in g.legal_action_ids())


# ---- Tinker: Day Labor ------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-02-02")
def test_tinker_takes_a_matching_card_or_a_bird_from_the_discard():
    g = game("tinker")
    kit(g, "torch")
    at(g, 1)
    with edit(g) as s:
        for c in ("fox_anvil", "rabbit_bake_sale", "bird_crossbow"):
            for pile in (s.deck, *s.hands):
                if c in pile:
                    pile.remove(c)
        s.discard = ["fox_anvil", "rabbit_bake_sale", "bird_crossbow"]
    daylight(g)
    legal = [a for a in g.legal_action_ids() if a.startswith("day_labor:")]
    assert legal == ["day_labor:fox_anvil", "day_labor:bird_crossbow"]
    play(g, "day_labor:fox_anvil")
    assert "fox_anvil" in g.state.hands[seat(g)] and "fox_anvil" not in g.state.discard


# ---- Ranger: Hideout --------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-03-02")
def test_ranger_repairs_three_then_evening():
    g = game("ranger")
    kit(g, "torch", "sword:damaged_up", "boot:damaged_down", "tea:damaged_up", "crossbow:damaged_up")
    at(g, 1)
    hand(g, seat(g), [])
    daylight(g)
    play(g, "hideout")
    for _ in range(3):
        assert g.decision == "vagabond_repair"
        play(g, g.legal_action_ids()[0])
    assert sum(1 for i in items(g) if "damaged" in i) == 1
    # Daylight ended at once: Evening drew his card and the turn passed on
    assert len(g.state.hands[seat(g)]) == 1 and g.state.active != seat(g)


# ---- Vagrant: Instigate --------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-04-02")
def test_vagrant_forces_a_battle_and_scores_the_buildings(monkeypatch):
    g = game("vagrant", factions=("marquise", "eyrie", VB))
    kit(g, "torch", "boot")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    put(g, "eyrie", 1, warriors=1, buildings=["roost"])
    relation(g, "eyrie", -1)
    for s in range(3):
        hand(g, s, [])
    daylight(g)
    assert "instigate:marquise:eyrie" in g.legal_action_ids() and "instigate:eyrie:marquise" in g.legal_action_ids()
    assert f"instigate:{VB}:marquise" in g.legal_action_ids()  # even himself
    dice(monkeypatch, 2, 0)
    play(g, "instigate:marquise:eyrie")
    assert warriors(g, "eyrie", 1) == 0 and pieces(g, 1) == ()
    # the roost counts as his: 1 point + 1 Infamy (the Eyrie are Hostile); the Marquise scores nothing
    assert score(g) == 2 and g.state.score[0] == 0
    assert data(g).rel["marquise"] == 0 and items(g) == ["boot:up", "torch:down"]


# ---- Arbiter: Protector ---------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-05-02")
def test_the_defender_enlists_the_arbiter(monkeypatch):
    g = game(("arbiter", "thief"), factions=("marquise", VB, "vagabond2"))
    kit(g, "sword", "sword", "sword:damaged_up")
    kit(g, "sword", "sword", "sword", name="vagabond2")
    at(g, 1)
    at(g, 1, name="vagabond2")
    put(g, "marquise", 1, warriors=1)
    for s in range(3):
        hand(g, s, [])
    daylight(g, "vagabond2")
    play(g, "attack:marquise")
    assert g.decision == "battle_effects" and g.state.pending[0] == 0  # the Marquise, before the roll
    assert g.legal_action_ids() == ["effect:protector", "done"]
    dice(monkeypatch, 3, 3)
    play(g, "effect:protector")  # used once: the battle goes on to the roll
    assert score(g) == 1
    while g.decision == "vagabond_hits":
        play(g, g.legal_action_ids()[0])
    # the Marquise's maximum: 1 warrior + the Arbiter's 2 undamaged swords = 3 hits on the thief
    assert sum(1 for i in items(g, "vagabond2") if "damaged" in i) == 3


def test_the_arbiter_cannot_be_enlisted_against_himself():
    g = game(("arbiter", "thief"), factions=("marquise", VB, "vagabond2"))
    kit(g, "sword")
    kit(g, "sword", name="vagabond2")
    at(g, 1)
    at(g, 1, name="vagabond2")
    put(g, "marquise", 1, warriors=1)
    for s in range(3):
        hand(g, s, [])
    daylight(g)
    play(g, "attack:marquise")
    assert g.decision != "battle_effects"


# ---- Scoundrel: Scorched Earth ----------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-06-02")
def test_scoundrel_burns_a_clearing(monkeypatch):
    g = game("scoundrel")
    kit(g, "torch", "boot", "boot")
    at(g, 1)
    put(g, "marquise", 1, warriors=2, buildings=["sawmill"])
    put(g, "marquise", 5, warriors=2)
    hand(g, 0, [])
    daylight(g)
    play(g, "scorched_earth")
    assert pieces(g, 1) == () and warriors(g, "marquise", 1) == 0 and score(g) == 1
    assert items(g) == ["boot:up", "boot:up"] and data(g).scorched == (idx(1),)
    from boardlab.games.root import board as B
    assert not B.may_place(g.state, "marquise", idx(1))
    play(g, "go:5")
    assert "go:1" not in g.legal_action_ids()  # he cannot come back
    from boardlab.games.root import move as MV
    assert idx(1) not in MV.destinations(g.state, "marquise", idx(5))


# ---- Adventurer: Improvise -------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-07-02")
def test_adventurer_improvises_a_quest_item_and_damages_it():
    g = game("adventurer")
    kit(g, "tea", "hammer", "hammer")
    at(g, 1)
    with edit(g) as s:
        s.quests = {"up": ("fox_errand",), "deck": s.quests["deck"]}
    daylight(g)
    assert "quest:fox_errand" not in g.legal_action_ids()
    play(g, "improvise:fox_errand")  # tea + boot: a hammer stands in for the boot
    play(g, "reward:vp")
    assert items(g) == ["hammer:damaged_down", "hammer:up", "tea:down"] and score(g) == 1
    assert not any(a.startswith("improvise:") for a in g.legal_action_ids())  # once a turn


# ---- Harrier: Glide --------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-08-02")
def test_harrier_glides_anywhere_without_boots():
    g = game("harrier")
    kit(g, "torch")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    put(g, "marquise", 8, warriors=2)
    relation(g, "marquise", 3)
    relation(g, "marquise", -1)
    daylight(g)
    assert len([a for a in g.legal_action_ids() if a.startswith("glide:")]) == 11
    play(g, "glide:8")
    assert where(g) == 8 and items(g) == ["torch:down"] and g.decision == "vagabond_daylight"


def test_glide_moves_no_allies():
    g = game("harrier")
    kit(g, "torch")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    relation(g, "marquise", 3)
    daylight(g)
    play(g, "glide:8")
    assert g.decision == "vagabond_daylight" and warriors(g, "marquise", 1) == 2


# ---- Ronin: Swift Strike ------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-09-02")
def test_ronin_exhausts_a_sword_for_an_extra_hit(monkeypatch):
    g = game("ronin")
    kit(g, "sword", "sword")
    at(g, 1)
    put(g, "marquise", 1, warriors=3)
    hand(g, 0, [])
    daylight(g)
    dice(monkeypatch, 1, 0)
    play(g, "attack:marquise")
    assert g.decision == "battle_effects" and "effect:swift_strike" in g.legal_action_ids()
    play(g, "effect:swift_strike", "done")
    assert warriors(g, "marquise", 1) == 1 and items(g) == ["sword:down", "sword:down"]


# ---- Cheat: Con ---------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-10-02")
def test_cheat_completes_a_quest_with_any_two_items_and_shuffles_it_back():
    g = game("cheat")
    kit(g, "crossbow", "hammer", "torch")
    at(g, 1)
    with edit(g) as s:
        s.quests = {"up": ("fox_fundraising",), "deck": s.quests["deck"][:-3]}
    deck = len(g.state.quests["deck"])
    daylight(g)
    play(g, "con:fox_fundraising", "exhaust:crossbow", "exhaust:hammer", "reward:vp")
    assert score(g) == 1 and items(g) == ["crossbow:down", "hammer:down", "torch:up"]
    assert data(g).quests == () and "fox_fundraising" in g.state.quests["deck"]
    assert len(g.state.quests["up"]) == 1 and len(g.state.quests["deck"]) == deck
    assert not any(a.startswith("con:") for a in g.legal_action_ids())


# ---- Gladiator: Duel -------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-11-02")
def test_gladiator_duels_without_going_hostile():
    g = game("gladiator")
    kit(g, "boot", "hammer")
    at(g, 1)
    put(g, "marquise", 1, warriors=2)
    hand(g, 0, [])
    hand(g, seat(g), [])
    daylight(g)
    play(g, "duel:marquise", "exhaust:hammer")
    assert warriors(g, "marquise", 1) == 1 and items(g) == ["boot:up", "hammer:damaged_down"]
    assert len(g.state.hands[seat(g)]) == 1 and data(g).rel["marquise"] == 0


# ---- Jailor: Coerce ---------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-AV-12-02")
def test_jailor_spends_a_card_as_an_item_and_loses_a_point_after():
    g = game("jailor")
    kit(g, "torch")
    at(g, 1)
    with edit(g) as s:
        s.score[1] = 3
    hand(g, seat(g), ["fox_anvil", "rabbit_bake_sale"])
    daylight(g)
    assert [a for a in g.legal_action_ids() if a.startswith("coerce:")] == ["coerce:fox_anvil"]
    play(g, "coerce:fox_anvil", "as:boot")
    assert "go:5" in g.legal_action_ids() and score(g) == 3
    play(g, "go:5")
    assert score(g) == 2 and items(g) == ["torch:up"] and "fox_anvil" in g.state.discard
    assert not any(a.startswith("coerce:") for a in g.legal_action_ids())
    assert "LR-AV-12-02" in rules_logged(g)
