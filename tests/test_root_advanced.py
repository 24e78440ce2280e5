"""The Advanced Setup (option `setup: advanced`): the Law's Appendix A (LR-AA-*) and seed 001's 高級設置 (RT-AS-*),
with boardlab's rulings RTA-AS-* (docs/root-rulings.md, "Advanced Setup"). The hirelings' own clauses (dealing,
demoting, placing them, their markers) belong to the hirelings' tests; here a stand-in hireling module checks
the extension point and the setup cards it returns to the box.

Positions use the Autumn map (clearings 1-9 on the edge, corners 1-4; 1 is next to 5, 9, 10; 2 to 5, 6, 10;
3 to 6, 7, 11; 4 to 8, 9, 12; 7 to 3, 8, 12; 12 to 4, 7, 9, 10, 11; one building slot in 1, 3 and 4).
"""
from __future__ import annotations

import math

import json
import sys
from collections import Counter
from pathlib import Path

import pytest
from root_helpers import events, idx, rules_logged

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.module import Module, ModuleRegistry
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET, RootOptions
from boardlab.games.root import advanced as ADV
from boardlab.games.root import scoring as S
from boardlab.games.root.content import CARDS, CHARACTERS, DECKS, FACTIONS, MAPS, SETUP_CARDS
from boardlab.games.root.modules import REGISTRY
from boardlab.games.root.program import PROGRAM
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
ADVANCED = {"setup": "advanced"}


def game(players: int = 3, seed: int = 1, **options):
    return boardlab.new_game("root", players, seed=seed, options={**ADVANCED, **options})


def table(g, cards, order=None, locked=None, characters=None):
    """Lay out the draft: these setup cards on the table, this turn order; the flow asks the first chooser."""
    with positions.edit(g) as s:
        if order is not None:
            s.order = tuple(order)
            s.first = s.order[0]
        s.draft.cards = tuple(cards)
        s.draft.locked = locked
        s.draft.characters = dict(characters or {})
        s.draft.taken = {}
    positions.run_from(g, "advanced.choose")
    return g


def take(g, card):
    assert g.decision == "setup_card", g.decision
    legal = g.legal_action_ids()
    assert f"draft:{card}" in legal, legal
    g.apply(f"draft:{card}")
    return g


def play(g, *ids):
    for a in ids:
        legal = g.legal_action_ids()
        assert a in legal, f"{a} not legal at {g.decision}: {legal}"
        g.apply(a)
    return g


def until(g, decision, limit=400):
    """Take the first legal answer until `decision` is asked."""
    for _ in range(limit):
        if g.decision == decision:
            return g
        g.apply(g.legal_action_ids()[0])
    raise AssertionError(f"never asked {decision}")


def finish_setup(g, limit=400):
    for _ in range(limit):
        if g.state.phase != "setup":
            return g
        g.apply(g.legal_action_ids()[0])
    raise AssertionError("setup never ended")


def clearings(ids, head):
    return sorted(int(a.split(":")[1]) for a in ids if a.startswith(head + ":"))


def keyed(g, key, since=0):
    return [p for _, k, p in events(g, since) if k == key]


# ---- Steps 1-2: map, deck, seats ----------------------------------------------------------------------------------

@rule("RT-AS-04", "LR-AA-01", "LR-AA-02")
def test_the_map_and_the_deck_are_chosen_by_option():
    g = game(map="winter", deck="exiles", seed=4)
    s = g.state
    assert s.map == "winter" and sorted(Counter(s.suits).values()) == [4, 4, 4]  # 12 markers at random
    assert any(k == "ev.suit_markers" and "LR-AA-01" in r for r, k, _ in events(g))
    in_play = sorted(s.deck + [c for h in s.hands for c in h])
    assert in_play == sorted(c.id for c in DECKS["exiles"])  # three players: the whole Exiles deck
    # Autumn keeps its printed suits: LR-AA-01 covers the variant maps only (RTA-AS-11)
    autumn = game(seed=4)
    assert autumn.state.suits == MAPS["autumn"].printed_suits
    assert not any(k == "ev.suit_markers" for _, k, _ in events(autumn))


@rule("RT-AS-05", "LR-AA-04", "RTA-AS-01")
def test_the_seating_order_and_the_first_player_are_random():
    orders = set()
    for seed in range(40):
        s = game(4, seed=seed).state
        assert sorted(s.order) == [0, 1, 2, 3] and s.first == s.order[0]
        orders.add(s.order)
    rotations = {tuple((f + k) % 4 for k in range(4)) for f in range(4)}
    assert len(orders) > 8 and orders - rotations  # not only who starts: the seating order too
    assert {o[0] for o in orders} == {0, 1, 2, 3}


@rule("RTA-AS-01", "LR-01-04-01")
def test_play_passes_along_the_seating_order():
    g = finish_setup(game(4, seed=7))
    order = g.state.order
    stream = Stream(7)
    while len(keyed(g, "ev.turn")) < 6 and not g.is_over:
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
    turns = [p["seat"] for p in keyed(g, "ev.turn")]
    assert len(turns) >= 6 and turns == [order[k % 4] for k in range(len(turns))]


@rule("RTA-AS-01", "LR-03-01-01")
def test_the_tie_at_30_is_broken_along_the_seating_order():
    g = finish_setup(game(3, seed=2))
    with positions.edit(g) as s:
        s.order = (1, 0, 2)
        s.score = [30, 0, 30]
        s.active = 1
    assert S.reached_30(g.state) == (0,)   # after 1 comes 0 in this seating, then 2
    with positions.edit(g) as s:
        s.active = 2
    assert S.reached_30(g.state) == (2,)
    with positions.edit(g) as s:
        s.score = [30, 0, 0]
    assert S.reached_30(g.state) == (0,)


@rule("RT-AS-06", "RT-AS-07", "RT-AS-28", "LR-AA-08-03")
def test_factions_are_chosen_in_reverse_turn_order_and_the_first_player_plays_first():
    for seed in (1, 2, 3):
        g = game(4, seed=seed)
        order = g.state.order
        assert g.view(None)["draft"]["choosers"] == list(reversed(order))
        finish_setup(g)
        takers = [p["seat"] for p in keyed(g, "ev.adv.take")]
        assert takers == list(reversed(order))     # the first player sets up last ...
        assert takers[-1] == g.state.first
        assert keyed(g, "ev.turn")[0]["seat"] == g.state.first == order[0]  # ... but plays first


# ---- Step 3: five cards -----------------------------------------------------------------------------------------------

@rule("RT-AS-08", "LR-AA-07", "RTA-AS-02")
def test_everyone_draws_five_cards_from_a_shuffled_deck():
    g = game(4, seed=5)
    assert [len(h) for h in g.state.hands] == [5, 5, 5, 5]
    assert [p["n"] for p in keyed(g, "ev.draw")] == [5] * 4
    assert game(4, seed=6).state.hands != g.state.hands
    # two players (factions chosen, RTA-AS-10): no dominance cards, unless the option keeps them
    two = game(2, factions=["marquise", "eyrie"])
    cards = two.state.deck + [c for h in two.state.hands for c in h]
    assert [len(h) for h in two.state.hands] == [5, 5]
    assert not [c for c in cards if CARDS[c].kind == "dominance"]
    kept = game(2, factions=["marquise", "eyrie"], two_player_dominance="keep")
    cards = kept.state.deck + [c for h in kept.state.hands for c in h]
    assert len([c for c in cards if CARDS[c].kind == "dominance"]) == 4


# ---- Step 4: hirelings (the extension point) -------------------------------------------------------------------------

def stand_in(replaces):
    """A hireling module standing in for the hirelings' branch: it answers `setup_hirelings` and names the
    faction it replaces."""
    module = Module("stand_in_" + (replaces or "none"))
    module.replaces = replaces
    module.calls = []

    def answer(state, value):
        module.calls.append(value)
        return []
    module.answer("setup_hirelings", answer)
    return module


@pytest.fixture
def with_module(monkeypatch):
    added = []

    def add(module):
        added.append(module)
        registry = ModuleRegistry.of(*(REGISTRY.get(n) for n in REGISTRY.names()), *added)
        monkeypatch.setattr(PROGRAM, "registry", registry)
        return module
    return add


def redo_hirelings(g, module, **options):
    """Run the hireling step again with a hireling module on and the option set (the option takes `off`
    only until the hirelings are built)."""
    with positions.edit(g) as s:
        s.options = {**s.options, "hirelings": "random", **options}
        s.draft = ADV.Draft()
    positions.switch_on(g, module.name)
    return positions.run_from(g, "advanced.hirelings")


@rule("RT-AS-09", "LR-AA-06")
def test_the_hireling_step_asks_the_extension_point_only_with_hirelings(with_module):
    module = with_module(stand_in(None))
    g = game(3, seed=2)
    assert module.calls == [] and g.decision == "setup_card"   # hirelings: off, nothing happens
    assert RootOptions.model_fields["hirelings"].default == "off"
    redo_hirelings(g, module)
    assert module.calls == ["random"] and g.decision == "setup_card"


@rule("RT-AS-13", "LR-AA-06-05")
def test_the_setup_cards_of_the_factions_the_hirelings_replace_go_back_to_the_box(with_module):
    module = with_module(stand_in("alliance"))
    base = ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"]
    g = game(3, seed=2, setup_cards=base)
    since = redo_hirelings(g, module)
    d = g.state.draft
    assert d.removed == ("alliance",) and set(d.cards) == {"marquise", "eyrie", "vagabond", "vagabond2"}
    # a hireling replacing the Vagabond returns both Vagabond cards
    assert ADV.shortfall(3, base, ("vagabond",))[1]["cards"] == "marquise, eyrie, alliance"
    dealt = next(r for r, k, _ in events(g, since) if k == "ev.adv.dealt")
    assert "LR-AA-06-05" in dealt and "RT-AS-13" in dealt
    # a deal that leaves no pool to draft is an error of the hirelings' deal (R-10)
    short = game(3, seed=2, setup_cards=base[:4])   # one Vagabond card
    with pytest.raises(RuntimeError, match="R-10"):
        redo_hirelings(short, with_module(stand_in("marquise")))


@rule("LR-AA-06-05", "RTA-AS-03")
def test_hireling_deals_are_read_from_the_modules(with_module):
    patrol = with_module(stand_in("marquise"))
    assert ADV.hireling_sets("off") == [()]
    assert ADV.hireling_sets([patrol.name]) == [("marquise",)]
    assert ADV.hireling_replaces(Module("no_hireling")) == ()
    assert ADV.hireling_replaces(stand_in("eyrie")) == ("eyrie",)
    real = [n for n in REGISTRY.names() if hasattr(REGISTRY.get(n), "replaces")]  # the hirelings built
    with_module(stand_in("eyrie"))
    farmers = with_module(stand_in(None))
    farmers.replaces = ()
    deals = ADV.hireling_sets("random")  # every three hirelings: one deal each
    assert len(deals) == math.comb(len(real) + 3, 3)
    assert ("marquise", "eyrie") in deals  # the three stand-ins together
    # with the Marquise replaced, 3 players have the Eyrie, the Alliance and two Vagabond cards: enough
    assert ADV.shortfall(3, ADV.IMPLEMENTED, ("marquise",)) is None
    assert ADV.shortfall(3, ADV.IMPLEMENTED, ("marquise", "eyrie", "duchy")) is None  # the Hundreds' card is militant too
    assert ADV.shortfall(3, ADV.IMPLEMENTED, ("marquise", "eyrie", "duchy", "hundreds")) is None  # the Diaspora's too
    assert ADV.shortfall(3, ADV.IMPLEMENTED, ("marquise", "eyrie", "duchy", "hundreds", "lilypad")) is None  # the Keepers'
    assert ADV.shortfall(3, ADV.IMPLEMENTED, ("marquise", "eyrie", "duchy", "hundreds", "lilypad", "keepers"))[0] == (
        "err.root.draft_militant")


# ---- Step 5: the setup cards -------------------------------------------------------------------------------------------

@rule("RT-AS-19", "RT-AS-20", "RT-AS-21", "LR-AA-08-02")
def test_a_militant_card_is_dealt_first_then_one_card_per_player():
    firsts, others = Counter(), Counter()
    for seed in range(30):
        for players in (3, 4):
            g = game(players, seed=seed)
            d = g.state.draft
            assert len(d.cards) == players + 1 and len(set(d.cards)) == players + 1
            assert SETUP_CARDS[d.cards[0]].militant
            assert set(d.cards) <= set(g.options["setup_cards"])
            firsts[d.cards[0]] += 1
            others.update(d.cards[1:])
    assert set(firsts) == {"marquise", "eyrie", "duchy", "hundreds", "keepers", "lilypad"}
    assert {"marquise", "eyrie", "alliance", "vagabond"} <= set(others)  # the other militant cards are shuffled in


@rule("RT-AS-22", "RT-AS-23", "LR-AA-08-02-01")
def test_two_players_draft_militant_cards_only_unless_hirelings_keep_the_insurgents(monkeypatch):
    two_militant = [k for k in ADV.IMPLEMENTED if k not in ("duchy", "hundreds", "keepers", "lilypad", "knaves")]
    with pytest.raises(ConfigError) as refused:
        game(2, setup_cards=two_militant)
    text = str(refused.value)
    assert "LR-AA-08-02-01" in text and "marquise, eyrie" in text
    dealt = game(2).state.draft.cards   # six militant cards: enough, three of them dealt
    assert len(dealt) == 3 and set(dealt) <= {"marquise", "eyrie", "duchy", "hundreds", "keepers", "lilypad"}
    with pytest.raises(ConfigError, match="hirelings"):
        game(2, setup_cards=two_militant, keep_insurgents=True)   # only with hirelings (RT-AS-23)
    assert ADV.shortfall(2, two_militant, (), keep_insurgents=True) is None
    assert ADV.shortfall(2, ADV.IMPLEMENTED, ()) is None   # five militant cards
    assert ADV.shortfall(2, ["marquise", "eyrie", "alliance"], ())[0] == "err.root.draft_short_two"
    # the deal itself: the insurgent cards leave the pool unless kept
    monkeypatch.setattr(RootOptions, "check_advanced", lambda self, players: None)
    with pytest.raises(RuntimeError, match="R-10"):   # militant cards only: two, for three places
        game(2, seed=3, setup_cards=two_militant)
    for seed in range(12):
        d = game(2, seed=seed, setup_cards=two_militant, keep_insurgents=True).state.draft
        assert d.removed == () and len(d.cards) == 3 and SETUP_CARDS[d.cards[0]].militant


@rule("RT-AS-24", "RT-AS-25", "LR-AA-08-02-02")
def test_the_last_card_dealt_is_locked_if_insurgent_until_a_militant_card_is_taken():
    locked = [game(3, seed=s).state.draft for s in range(20)]
    assert any(d.locked for d in locked) and any(d.locked is None for d in locked)
    for d in locked:
        assert d.locked == (None if SETUP_CARDS[d.cards[-1]].militant else d.cards[-1])
    g = table(game(4, seed=1), ["eyrie", "alliance", "vagabond", "marquise", "vagabond2"], order=[0, 1, 2, 3],
              locked="vagabond2", characters={"vagabond": "thief", "vagabond2": "tinker"})
    assert "draft:vagabond2" not in g.legal_action_ids()
    take(g, "alliance")
    finish_faction(g)
    assert "draft:vagabond2" not in g.legal_action_ids()     # an insurgent card taken: still locked
    take(g, "marquise")
    finish_faction(g)
    assert "draft:vagabond2" in g.legal_action_ids()         # a militant card taken: free


def finish_faction(g):
    """Answer the faction's own setup until the next seat is asked for a setup card (or the keep step)."""
    for _ in range(60):
        if g.decision in ("setup_card", "keep_cards"):
            return g
        g.apply(g.legal_action_ids()[0])
    raise AssertionError("the faction's setup never ended")


@rule("RT-AS-26", "RT-AS-27", "LR-AA-08-02-03", "RTA-AS-04")
def test_a_vagabond_card_comes_with_a_random_character_the_only_one_it_may_play():
    seen = set()
    for seed in range(25):
        d = game(4, seed=seed).state.draft
        vagabond_cards = [c for c in d.cards if SETUP_CARDS[c].character]
        assert sorted(d.characters) == sorted(vagabond_cards)
        assert len(set(d.characters.values())) == len(vagabond_cards)
        seen.update(d.characters.values())
    assert len(seen) > 4 and seen <= set(CHARACTERS)
    g = table(game(4, seed=1), ["eyrie", "vagabond", "vagabond2", "marquise", "alliance"], order=[0, 1, 2, 3],
              characters={"vagabond": "ranger", "vagabond2": "arbiter"})
    since = len(g.state.events)
    take(g, "vagabond2")          # seat 3 takes the second card first: it plays the Vagabond ...
    assert g.state.faction[3] == "vagabond" and g.decision == "vagabond_forest"   # no choice of character
    assert g.state.mods["vagabond"].character == "arbiter"
    assert sorted(i[0] for i in g.state.mods["vagabond"].items) == sorted(CHARACTERS["arbiter"].items)
    assert {"LR-AA-08-02-03", "RT-AS-27"} <= rules_logged(g, since)
    finish_faction(g)
    take(g, "vagabond")           # ... and the other card the second Vagabond, with its own character
    assert g.state.faction[2] == "vagabond2" and g.state.mods["vagabond2"].character == "ranger"


# ---- Step 6: choosing factions and homelands ----------------------------------------------------------------------------

@rule("RT-AS-29", "LR-AA-08-03")
def test_a_faction_is_set_up_at_once_before_the_next_seat_chooses():
    g = table(game(3, seed=2), ["eyrie", "marquise", "alliance", "vagabond"], order=[0, 1, 2],
              characters={"vagabond": "thief"})
    take(g, "eyrie")
    assert g.to_play == 2 and g.decision == "eyrie_homeland" and "eyrie" in g.state.modules
    play(g, "roost_at:1")
    assert g.state.buildings[idx(1)] == (("eyrie", "roost"),) and g.state.warriors["eyrie"][idx(1)] == 6
    play(g, "leader:builder")
    assert g.decision == "setup_card" and g.to_play == 1      # only now the next seat chooses
    assert g.state.mods["eyrie"].leader == "builder"


@rule("RT-AS-30", "RT-AS-31", "LR-AA-08-03-01", "LR-AA-08-03-03", "RTA-AS-07")
def test_the_marquise_chooses_three_linked_homelands_one_at_a_time():
    g = table(game(3, seed=2), ["eyrie", "marquise", "alliance", "vagabond"], order=[0, 1, 2],
              characters={"vagabond": "thief"})
    take(g, "eyrie")
    play(g, "roost_at:1", "leader:builder")
    take(g, "marquise")
    first = clearings(g.legal_action_ids(), "homeland")
    assert 1 not in first and first == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]   # never an enemy's homeland
    play(g, "homeland:3")
    assert clearings(g.legal_action_ids(), "homeland") == [2, 6, 7, 8, 11, 12]  # can still make a linked three
    since = len(g.state.events)
    play(g, "homeland:8")   # only 7 links 3 and 8: taken at once
    s = g.state
    assert s.homes["marquise"] == (idx(3), idx(8), idx(7))
    assert [s.warriors["marquise"][idx(c)] for c in range(1, 13)] == [1, 1, 2, 1, 1, 1, 2, 2, 1, 1, 1, 1]
    assert {"LR-AA-08-03-01", "RT-AS-30", "RTA-AS-07"} <= rules_logged(g, since)
    assert clearings(g.legal_action_ids(), "keep") == [3, 7, 8]
    play(g, "keep:3", "place:8", "place:7")   # the recruiter goes to the last homeland by itself
    assert s.mods["marquise"].keep == idx(3)
    assert {c + 1: s.buildings[c] for c in (idx(3), idx(7), idx(8))} == {
        3: (("marquise", "recruiter"),), 7: (("marquise", "workshop"),), 8: (("marquise", "sawmill"),)}
    assert g.decision == "setup_card"


@rule("RT-AS-32", "LR-AA-08-03-02", "RTA-AS-07")
def test_the_keep_avoids_homelands_next_to_an_enemy_homeland_if_able():
    g = table(game(3, seed=2), ["eyrie", "marquise", "alliance", "vagabond"], order=[0, 1, 2],
              characters={"vagabond": "thief"})
    take(g, "eyrie")
    play(g, "roost_at:1", "leader:builder")
    take(g, "marquise")
    second = g.clone()
    since = len(g.state.events)
    play(g, "homeland:5", "homeland:2", "homeland:10")
    assert g.state.mods["marquise"].keep == idx(2)       # 5 and 10 are next to the Eyrie's 1: the only choice
    assert keyed(g, "ev.cat.keep_home", since) == [{"clearing": idx(2)}]
    play(second, "homeland:5", "homeland:2")
    with positions.edit(second) as s:
        s.homes = {**s.homes, "eyrie": (idx(1), idx(6))}  # 2 is next to an enemy homeland too (6 is no longer free)
    assert clearings(second.legal_action_ids(), "homeland") == [10]
    play(second, "homeland:10")
    assert clearings(second.legal_action_ids(), "keep") == [2, 5, 10]   # none apart: any homeland


@rule("RT-AS-32", "RT-AS-33", "LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-AS-08")
def test_the_eyrie_sets_up_on_the_edge_as_far_from_enemy_homelands_as_able():
    g = table(game(3, seed=2), ["eyrie", "marquise", "alliance", "vagabond"], order=[0, 1, 2],
              characters={"vagabond": "thief"})
    take(g, "eyrie")
    assert clearings(g.legal_action_ids(), "roost_at") == [1, 2, 3, 4, 5, 6, 7, 8, 9]  # the edge; no enemy yet

    def offered(*homes):
        with positions.edit(g) as s:
            s.homes = {"marquise": tuple(idx(c) for c in homes)}
        return clearings(g.legal_action_ids(), "roost_at")
    assert offered(1, 2, 5) == [7, 8]             # two clearings or more between
    assert offered(12, 2) == [1, 3, 8]            # none: not adjacent
    assert offered(1, 2, 3, 8, 12) == [4, 5, 6, 7, 9]   # none: adjacent, but never an enemy homeland
    with positions.edit(g) as s:   # no room for the roost: not a homeland (LR-AA-08-03-01)
        s.buildings[idx(7)] = (("marquise", "sawmill"), ("marquise", "workshop"))
    assert offered(1, 2, 3, 8, 12) == [4, 5, 6, 9]
    since = len(g.state.events)
    play(g, "roost_at:9")
    assert g.state.homes["eyrie"] == (idx(9),) and {"RT-AS-33", "RTA-AS-08"} <= rules_logged(g, since)


@rule("RTA-AS-05")
def test_a_faction_without_room_for_its_homeland_places_nothing_there():
    g = table(game(3, seed=2), ["eyrie", "marquise", "alliance", "vagabond"], order=[0, 1, 2],
              characters={"vagabond": "thief"})
    with positions.edit(g) as s:
        s.homes = {"marquise": tuple(range(12))}
    since = len(g.state.events)
    take(g, "eyrie")
    assert g.decision == "eyrie_leader" and not g.state.homes.get("eyrie")
    assert keyed(g, "ev.adv.no_room", since) == [{"faction": "eyrie"}]


# ---- the Alliance and the Vagabonds -----------------------------------------------------------------------------------

@rule("LR-AA-08-03", "LR-AA-09", "RTA-AS-04", "LR-09-03-06")
def test_the_vagabond_gets_relationship_markers_for_factions_drafted_after_him():
    g = table(game(3, seed=2), ["eyrie", "marquise", "alliance", "vagabond"], order=[0, 1, 2],
              characters={"vagabond": "tinker"})
    take(g, "vagabond")
    finish_faction(g)
    assert g.state.mods["vagabond"].rel == {}
    take(g, "alliance")
    assert len(g.state.mods["alliance"].supporters) == 3   # its card: as the Standard Setup
    finish_faction(g)
    take(g, "eyrie")
    until(g, "keep_cards")
    assert g.state.mods["vagabond"].rel == {"alliance": 0, "eyrie": 0}
    assert keyed(g, "ev.vb.markers") == [{"faction": "vagabond", "factions": ["eyrie", "alliance"]}]
    assert keyed(g, "ev.adv.markers") == [{}] and g.state.score == [0, 0, 0]


@rule("RTA-AS-04", "LR-09-07-01", "LR-09-07-02")
def test_two_vagabond_cards_share_the_quests_and_put_two_items_under_each_ruin():
    g = table(game(4, seed=1), ["eyrie", "vagabond", "vagabond2", "marquise", "alliance"], order=[0, 1, 2, 3],
              characters={"vagabond": "ranger", "vagabond2": "arbiter"})
    take(g, "vagabond")
    finish_faction(g)
    assert [len(i) for i in g.state.ruin_items.values()] == [1, 1, 1, 1]
    quests = g.state.quests["up"]
    take(g, "vagabond2")
    finish_faction(g)
    assert [len(i) for i in g.state.ruin_items.values()] == [2, 2, 2, 2]
    assert g.state.quests["up"] == quests


# ---- Step 7: keeping three cards ------------------------------------------------------------------------------------

@rule("RT-AS-34", "LR-AA-10", "RTA-AS-09")
def test_each_player_keeps_three_cards_a_secret_choice_applied_together():
    g = until(game(3, seed=4), "keep_cards")
    s = g.state
    order = s.order
    hands = [list(h) for h in s.hands]
    first = order[0]
    assert g.to_play == first and sorted(g.legal_action_ids()) == sorted(f"keep_card:{c}" for c in hands[first])
    play(g, f"keep_card:{hands[first][4]}")
    other = order[1]
    assert g.to_play == first   # one card at a time
    assert g.view(first)["draft"]["kept"][str(first)] == [hands[first][4]]
    assert g.view(other)["draft"]["kept"][str(first)] == {"hidden": True, "count": 1}
    assert hands[first][4] not in json.dumps(g.view(other))
    play(g, f"keep_card:{hands[first][0]}")
    assert f"keep_card:{hands[first][0]}" not in g.legal_action_ids()
    play(g, f"keep_card:{hands[first][2]}")
    assert g.to_play == other and s.hands[first] == hands[first]   # nothing moves before everyone chose
    for seat in (other, order[2]):
        view = g.view(seat)
        assert hidden_paths(view, RULESET.zones_of(s), seat, s.known_to(seat)) == []
        assert hands[first][4] not in json.dumps(view)
    play(g, f"keep_card:{hands[other][1]}", f"keep_card:{hands[other][2]}", f"keep_card:{hands[other][3]}")
    assert s.hands[other] == hands[other]
    deck_before = len(s.deck)
    last = order[2]
    play(g, *[f"keep_card:{c}" for c in hands[last][:3]])
    assert s.hands[first] == [hands[first][0], hands[first][2], hands[first][4]]
    assert s.hands[other] == hands[other][1:4] and s.hands[last] == hands[last][:3]
    assert len(s.deck) == deck_before + 6 and s.draft is None
    assert g.state.turn == 1 and g.state.active == first  # its first turn began (a Marquise's Birdsong asks nothing)


@rule("LR-AA-10", "RTA-AS-09")
def test_bots_redraw_the_other_seats_secret_choices_from_their_hands():
    g = until(game(3, seed=4), "keep_cards")
    first, other = g.state.order[0], g.state.order[1]
    play(g, *[f"keep_card:{c}" for c in g.state.hands[first][3:]])
    mine = g.state.hands[other]
    copy = g.clone()
    RULESET.resample_hidden(copy.state, other, Stream(9))
    kept = ADV.kept_cards(copy.state, first)
    assert len(kept) == 2 and set(kept) <= set(copy.state.hands[first]) and copy.state.hands[other] == mine
    assert copy.state.hands[first] != g.state.hands[first]   # the other hand was dealt again
    assert copy.view(other) == g.view(other)
    finish_setup(copy)
    assert [len(h) for h in copy.state.hands] == [3, 3, 3]


@rule("RT-AS-35", "LR-AA-10", "RTA-AS-02")
def test_the_cards_not_kept_go_back_into_the_deck():
    def returned(**options):
        g = until(game(3, seed=4, **options), "keep_cards")
        back = []
        for _ in range(3):
            seat = g.to_play
            back += g.state.hands[seat][3:]
            play(g, *[f"keep_card:{c}" for c in g.state.hands[seat][:3]])
        return g, back
    g, back = returned()
    assert set(back) <= set(g.state.deck) and g.state.deck[-6:] != back   # shuffled in
    assert not any(c in g.state.known for c in back)
    assert keyed(g, "ev.adv.returned") == [{"n": 6, "shuffled": True}]
    top, back = returned(returned_cards="top")
    assert top.state.deck[-6:] == back              # on top, the first player's lowest
    seat = top.state.order[0]
    assert top.state.known[back[0]] == frozenset({seat})


# ---- the rest of Step 8: what the engine offers and refuses (R-10) ---------------------------------------------------

@rule("RT-AS-03", "LR-AA-08-01", "RTA-AS-03")
def test_the_draft_uses_no_reach_and_its_pool_is_an_option():
    # the Alliance, the Vagabond and the Eyrie: reach 15, below the 18 three players need in the Standard Setup
    with pytest.raises(ConfigError, match="LR-05-02"):
        boardlab.new_game("root", 3, 1, {"factions": ["alliance", "vagabond", "eyrie"]})
    g = table(game(3, seed=2), ["eyrie", "alliance", "vagabond", "marquise"], order=[0, 1, 2],
              characters={"vagabond": "thief"})
    for card in ("vagabond", "alliance", "eyrie"):
        take(g, card)
        finish_faction(g)
    assert sorted(g.state.faction) == ["alliance", "eyrie", "vagabond"]
    pool = ["marquise", "eyrie", "alliance", "vagabond", "lizard", "riverfolk", "corvid", "duchy", "hundreds",
            "keepers", "lilypad", "twilight"]  # one Vagabond card
    assert game(3).options["setup_cards"] == game(4).options["setup_cards"] == game(5).options["setup_cards"] == pool
    for seed in range(10):
        assert set(game(3, seed=seed, setup_cards=["eyrie", "marquise", "vagabond2", "alliance"]).state.draft.cards) \
            == {"eyrie", "marquise", "vagabond2", "alliance"}


@rule("LR-AA-08-01", "LR-AA-08-02-04", "LR-AA-03", "LR-AA-05", "LR-AA-05-01", "LR-AA-05-02", "LR-AA-05-03",
      "RTA-AS-12")
def test_only_implemented_factions_are_drafted_and_the_rest_of_appendix_a_is_left_out():
    assert ADV.IMPLEMENTED == ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizard", "riverfolk",
                               "corvid", "duchy", "hundreds", "keepers", "lilypad", "twilight", "knaves")
    assert set(ADV.NOT_IMPLEMENTED) == set()
    for key in ADV.IMPLEMENTED:
        assert SETUP_CARDS[key].faction in FACTIONS and SETUP_CARDS[key].text is not None
    with pytest.raises(ConfigError):
        game(3, setup_cards=["marquise", "eyrie", "vagabond", "knaves"])  # never the Knaves with the Vagabond
    schema = boardlab.option_schema("root")["properties"]
    assert not {"bots", "landmarks"} & set(schema)
    assert sorted(schema["setup_cards"]["x-value-texts"]) == sorted(ADV.IMPLEMENTED)
    lake = game(3, map="lake", seed=3)   # no landmarks: the Ferry starts where the map puts it
    assert lake.state.ferry == MAPS["lake"].ferry_start
    mountain = game(3, map="mountain", seed=3)
    assert mountain.state.closed == MAPS["mountain"].closed_at_start
    assert {"LR-AA-03", "LR-AA-05", "RTA-AS-12"} <= rules_logged(lake)


@rule("RTA-AS-03")
def test_pools_the_implemented_factions_cannot_fill_are_refused_with_the_reason():
    with pytest.raises(ConfigError) as five:
        game(5, setup_cards=["marquise", "eyrie", "alliance", "vagabond", "vagabond2"])
    assert "6 setup cards" in str(five.value) and "RT-AS-21" in str(five.value) and "knaves" in str(five.value)
    with pytest.raises(ConfigError, match="militant"):
        game(3, setup_cards=["alliance", "vagabond", "vagabond2"])
    with pytest.raises(ConfigError, match="4 setup cards"):
        game(3, setup_cards=["marquise", "eyrie", "alliance"])
    with pytest.raises(ConfigError, match="once"):
        game(3, setup_cards=["marquise", "eyrie", "alliance", "alliance"])
    with pytest.raises(ConfigError, match="LR-AA-08-02-03"):
        game(3, vagabond=["thief"])
    with pytest.raises(ConfigError, match="LR-AA-08"):
        game(3, factions=["marquise", "eyrie", "alliance"], setup_cards=["marquise", "eyrie", "alliance", "vagabond"])
    with pytest.raises(ConfigError, match="setup"):
        boardlab.new_game("root", 3, 1, {"setup_cards": ["marquise", "eyrie", "alliance", "vagabond"]})
    for lang in ("en", "zh-Hant", "zh-Hans"):
        try:
            game(2)
        except ConfigError as err:
            assert err.text(lang) and "LR-AA-08-02-01" in err.text(lang)


@rule("LR-AA-08", "RTA-AS-10")
def test_factions_may_be_set_up_as_in_the_standard_setup():
    g = game(2, seed=3, factions=["marquise", "eyrie"])
    assert g.decision == "marquise_setup" and g.state.draft.cards == ()   # the Standard Setup's corners
    assert "LR-AA-08" in rules_logged(g)
    finish_setup(g)
    assert [len(h) for h in g.state.hands] == [3, 3] and g.state.mods["marquise"].keep in MAPS["autumn"].corners
    with pytest.raises(ConfigError, match="LR-05-02"):   # the Standard Setup's reach rule applies
        game(3, factions=["alliance", "vagabond", "eyrie"])


# ---- whole games ------------------------------------------------------------------------------------------------------

CONFIGS = [(2, {"factions": ["eyrie", "marquise"]}), (3, {}), (3, {"map": "winter", "returned_cards": "top"}),
           (4, {}), (4, {"map": "lake", "deck": "exiles"}), (4, {"map": "mountain"}),
           (5, {"factions": ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"]})]


@pytest.mark.parametrize("players,options", CONFIGS, ids=[f"{p}p-{'-'.join(map(str, o.values())) or 'draft'}"
                                                          for p, o in CONFIGS])
def test_random_advanced_games_end_without_error(players, options):
    for seed in (1, 2, 3):
        g = game(players, seed=seed, turn_limit=40, **options)
        stream = Stream(seed)
        while not g.is_over:
            legal = g.legal_action_ids()
            g.apply(legal[stream.below(len(legal))])
        assert g.state.draft is None and all(g.state.faction)
        for e in g.events[:40]:
            for lang in ("en", "zh-Hant", "zh-Hans"):
                assert e.as_dict(RULESET, lang)["text"]
            for rid in e.rules:
                assert RULESET.rule_text(rid, "zh-Hans"), rid


def test_the_draft_shows_on_the_tables():
    g = table(game(4, seed=1), ["eyrie", "vagabond", "vagabond2", "marquise", "alliance"], order=[0, 1, 2, 3],
              locked="alliance", characters={"vagabond": "ranger", "vagabond2": "arbiter"})
    view = g.view(3)
    assert view["draft"]["chooser"] == 3 and view["draft"]["locked"] == "alliance"
    assert view["factions"] == ["", "", "", ""]
    svg = render_board(view, "en", g.legal_action_ids())
    assert svg.count("data-setup-card=") == 5 and 'data-locked="1"' in svg
    assert 'data-action="draft:vagabond"' in svg and 'data-action="draft:alliance"' not in svg
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = RULESET.render_text(g.view(3, lang), lang)
        assert CHARACTERS["arbiter"].names.get(lang) in text and SETUP_CARDS["eyrie"].names.get(lang) in text
    described = {a["id"]: a["text"] for a in g.view(3)["legal_actions"]}
    assert described["draft:vagabond2"] == "Take the Vagabond (second card) (with the Arbiter) setup card"
    until(g, "keep_cards")
    seat = g.to_play
    card = g.state.hands[seat][0]
    play(g, f"keep_card:{card}")
    svg = render_board(g.view(seat), "en", g.legal_action_ids())
    assert f'data-kept="{card}"' in svg
    assert "1 card(s) to keep" in RULESET.render_text(g.view(g.state.order[1]), "en")


def test_setup_card_names_and_texts_in_every_language():
    import opencc
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import root_rule_texts as texts_tool
    converter = opencc.OpenCC("t2s")
    for key, spec in SETUP_CARDS.items():
        for names in (spec.names, spec.text):
            if names is None:
                continue
            assert names.en and names.zh_Hant
            assert texts_tool.to_hans(names.zh_Hant, converter) == names.zh_Hans, key
    assert SETUP_CARDS["duchy"].names.zh_Hant.startswith("鼴鼠")    # seed 001's name for the moles
