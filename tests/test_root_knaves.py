"""The Knaves of the Deepwood (Law of Root chapter 18) and the Knave Captains (the Law's Appendix K), with boardlab's
rulings RTA-KN-* (docs/root-rulings.md, "Knaves of the Deepwood").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; ruins in 6, 10, 11, 12).
Its forests: f1 between 1, 2, 5, 10; f2 1, 9, 10, 12; f3 2, 6, 10, 11, 12; f4 4, 9, 12; f5 3, 7, 11, 12; f6 3, 6, 11;
f7 4, 7, 8, 12 (clearing 8 touches f7 only, 5 f1 only; f7 is beside f4 and f5).
"""
from __future__ import annotations

import pytest
from root_helpers import dice, drafts_end, empty_table, games_end, hand, idx, new, play, put, render_and_click, rules_logged, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.registry import ruleset
from boardlab.games.root import RULESET
from boardlab.games.root.content import FACTIONS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import knaves as KN
from boardlab.games.root.render import render_board
from boardlab.games.root.state import FOREST

rule = pytest.mark.rule
NAME = "knaves"
# the Law's Appendix K, written out here (not read from the data) so that a wrong data file fails
STARTING_ITEMS = {"thief": ("boot", "sack"), "tinker": ("sack", "hammer"), "ranger": ("sword", "crossbow"),
                  "vagrant": ("tea", "coin"), "arbiter": ("sword", "coin"), "scoundrel": ("crossbow", "tea"),
                  "adventurer": ("hammer", "coin"), "harrier": ("boot", "crossbow"), "ronin": ("boot", "sword"),
                  "cheat": ("boot", "tea"), "gladiator": ("sword", "hammer"), "jailor": ("crossbow", "sack")}


# ---- positions ---------------------------------------------------------------------------------------------------------

def table(captains=("thief", "ranger", "vagrant"), factions=("marquise", "knaves"), seed=3, **options):
    """An empty Autumn map after setup (the keep gone), hands and the discard pile empty; the Knaves with these
    Captain cards face up, their Captains off the map, their Stash full and face up."""
    g = empty_table(factions, seed, **options)
    with positions.edit(g) as s:
        data = KN.KnavesState()
        data.captains = data.up = tuple(captains)
        data.stash = tuple(sorted((i, True) for k in captains for i in STARTING_ITEMS[k]))
        s.mods[NAME] = data
    return g


def kn(g) -> KN.KnavesState:
    return g.state.mods[NAME]


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def loc(where) -> int:
    return FOREST + int(where[1:]) - 1 if isinstance(where, str) else idx(where)


def captain(g, key: str, where, acting: bool = True):
    """Put a Captain in a clearing (a number) or a forest (`"f3"`); it becomes the Acting Captain unless told."""
    at = loc(where)
    with positions.edit(g) as s:
        data = s.mods[NAME]
        old = data.at.get(key)
        if old is not None and old < FOREST:
            s.warriors[NAME][old] -= 1
        data.at = {**data.at, key: at}
        if at < FOREST:
            s.warriors[NAME][at] += 1
        if acting:
            data.acting = key
    return g


def skunks(g, where, n: int):
    at = loc(where)
    if at < FOREST:
        return put(g, NAME, where, n)
    with positions.edit(g) as s:
        data = s.mods[NAME]
        data.skunks = {**data.skunks, at - FOREST: data.skunks.get(at - FOREST, 0) + n}
        s.supply[NAME] -= n
    return g


def acclaim(g, *numbers: int):
    for n in numbers:
        put(g, NAME, n, tokens=("acclaim",))
    return g


def prisoner(g, forest: str, owner: str):
    with positions.edit(g) as s:
        data = s.mods[NAME]
        data.prisoners = {**data.prisoners, loc(forest) - FOREST: owner}
        s.supply[owner] -= 1
    return g


def stash(g) -> list[tuple[str, bool]]:
    return list(kn(g).stash)


def face_up(g) -> list[str]:
    return [k for k, up in kn(g).stash if up]


def facing_the_cat(g, monkeypatch, key: str, n_skunks: int, *rolls: int):
    """The Acting Captain `key` and `n_skunks` Skunks against three Marquise warriors in 4, the battle dice set to
    `rolls`: the Knaves' Daylight begins."""
    captain(g, key, 4)
    if n_skunks:
        skunks(g, 4, n_skunks)
    put(g, "marquise", 4, 3)
    dice(monkeypatch, *rolls)
    daylight(g)
    return g


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def keys(g, since: int = 0) -> list[str]:
    return [e.key for e in g.state.events[since:]]


def forest_skunks(g, forest: str) -> int:
    return kn(g).skunks.get(loc(forest) - FOREST, 0)


def knave_count(g) -> int:
    """Skunks on the map and in forests, plus the supply (always 10)."""
    data = kn(g)
    captains = sum(1 for at in data.at.values() if at < FOREST)
    return sum(g.state.warriors[NAME]) - captains + sum(data.skunks.values()) + g.state.supply[NAME]


# ---- setup (LR-18-03), Exclusive with Vagabond (LR-18-02-01) ----------------------------------------------------------

@rule("LR-18-01", "LR-18-03-01", "LR-18-03-02", "LR-18-03-03", "LR-18-03-04", "LR-18-02-02", "LR-18-02-03",
      "RTA-KN-01", "RTA-KN-12")
def test_setup_three_captains_each_with_a_skunk_in_a_different_forest_six_items_and_eight_acclaim():
    g = new(("knaves", "marquise"), seed=3)
    play(g, "keep:1")
    while g.decision == "marquise_setup":
        g.apply(g.legal_action_ids()[0])
    assert g.decision == "knaves_captain" and g.to_play == me(g)  # the Knaves set up after the Marquise
    assert len(g.legal_action_ids()) == 12
    play(g, "captain:ronin", "captain:tinker")
    assert "captain:ronin" not in g.legal_action_ids()
    play(g, "captain:scoundrel")
    assert g.decision == "knaves_forest" and len(g.legal_action_ids()) == 7
    play(g, "den:f2", "den:f5")
    assert "den:f2" not in g.legal_action_ids() and "den:f5" not in g.legal_action_ids()
    items = dict(g.state.items)
    play(g, "den:f7")
    data = kn(g)
    assert data.captains == ("ronin", "tinker", "scoundrel") == data.up
    assert data.at == {"ronin": FOREST + 1, "tinker": FOREST + 4, "scoundrel": FOREST + 6}
    assert data.skunks == {1: 1, 4: 1, 6: 1} and g.state.supply[NAME] == 7 and sum(g.state.warriors[NAME]) == 0
    assert sorted(data.stash) == sorted((i, True) for i in ("boot", "sword", "sack", "hammer", "crossbow", "tea"))
    assert g.state.items == items  # the Stash's items are not the map's (RTA-KN-12)
    assert KN.acclaim_left(g.state) == 8 and not KN.acclaim_on_map(g.state)
    assert {"LR-18-03-01", "LR-18-03-02", "LR-18-03-03", "LR-18-03-04"} <= rules_logged(g)
    assert FACTIONS[NAME].warriors == 10 and REACH[NAME] == 4


@rule("LR-AK-01-01", "LR-AK-02-01", "LR-AK-03-01", "LR-AK-04-01", "LR-AK-05-01", "LR-AK-06-01", "LR-AK-07-01",
      "LR-AK-08-01", "LR-AK-09-01", "LR-AK-10-01", "LR-AK-11-01", "LR-AK-12-01")
@pytest.mark.parametrize("trio", [("thief", "tinker", "ranger"), ("vagrant", "arbiter", "scoundrel"),
                                  ("adventurer", "harrier", "ronin"), ("cheat", "gladiator", "jailor")])
def test_each_captain_brings_its_two_starting_items(trio):
    g = new(("marquise", "knaves"), seed=5)
    while g.state.phase == "setup":
        legal = g.legal_action_ids()
        choice = next((f"captain:{k}" for k in trio if f"captain:{k}" in legal), legal[0])
        g.apply(choice)
    assert kn(g).captains == trio
    assert sorted(k for k, _ in kn(g).stash) == sorted(i for k in trio for i in STARTING_ITEMS[k])


@rule("LR-18-02-01", "RTA-KN-03", "LR-AA-08-01")
def test_never_with_the_vagabond():
    with pytest.raises(ConfigError, match="LR-18-02-01"):
        new(("knaves", "vagabond", "marquise"))
    with pytest.raises(ConfigError, match="LR-18-02-01"):
        boardlab.new_game("root", 3, seed=1, options={"setup": "advanced", "setup_cards": [
            "marquise", "eyrie", "alliance", "vagabond", "knaves"]})
    assert not SETUP_CARDS[NAME].recommended  # the default pool holds a Vagabond card
    with pytest.raises(ConfigError):   # the Exile stands for both (LR-AA-06-05)
        new(("knaves", "marquise"), hirelings=["exile", "forest_patrol", "vault_keepers"])
    assert new(("knaves", "marquise", "eyrie")).state.faction == ("knaves", "marquise", "eyrie")


@rule("LR-AA-08-02-04", "RTA-KN-02", "LR-18-03-02")
def test_its_setup_card_deals_four_captains_of_which_it_chooses_three():
    for seed in range(12):
        g = boardlab.new_game("root", 3, seed=seed, options={
            "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "knaves"]})
        while g.decision != "knaves_captain" and not g.is_over and g.state.phase == "setup":
            legal = g.legal_action_ids()
            g.apply("draft:knaves" if "draft:knaves" in legal else legal[0])
        if g.decision != "knaves_captain":
            continue
        dealt = kn(g).dealt
        beside = g.state.draft.beside["knaves"]   # dealt face up with the setup cards, before anyone chose
        assert dealt == beside and len(dealt) == 4 and len(set(dealt)) == 4
        dealt_at = next(i for i, e in enumerate(g.state.events) if e.key == "ev.adv.beside")
        taken_at = next(i for i, e in enumerate(g.state.events) if e.key == "ev.adv.take")
        assert dealt_at < taken_at
        text = ruleset("root").render_text(g.view(0), "en")
        assert "Knaves of the Deepwood (with " in text and KN.CAPTAINS[dealt[0]]["names"]["en"] in text
        assert sorted(a.split(":")[1] for a in g.legal_action_ids()) == sorted(dealt)
        while g.state.phase == "setup":
            g.apply(g.legal_action_ids()[0])
        assert len(kn(g).captains) == 3 and set(kn(g).captains) < set(dealt)
        return
    raise AssertionError("no draft gave the Knaves' card a seat")


# ---- Ready (LR-18-04) -------------------------------------------------------------------------------------------------

@rule("LR-18-04", "LR-18-05-01")
def test_ready_a_captain_off_the_map_returns_in_a_forest_frees_prisoners_around_and_acts_three_times():
    g = table()
    captain(g, "thief", 8, acting=False)
    prisoner(g, "f4", "marquise")   # beside f7
    prisoner(g, "f7", "marquise")
    prisoner(g, "f1", "marquise")   # not beside f7
    with positions.edit(g) as s:
        s.mods[NAME].up = ("thief", "ranger")
    supply = g.state.supply["marquise"]
    start(g, me(g), "birdsong.start")
    assert g.decision == "knaves_ready" and g.legal_action_ids() == ["ready:thief", "ready:ranger"]
    play(g, "ready:ranger")
    assert g.decision == "knaves_return" and len(g.legal_action_ids()) == 7
    play(g, "den:f7")
    assert kn(g).acting == "ranger" and kn(g).at["ranger"] == FOREST + 6
    assert kn(g).prisoners == {0: "marquise"} and g.state.supply["marquise"] == supply + 2
    assert g.decision == "knaves_daylight"
    assert [e.params["n"] for e in g.state.events if e.key == "ev.knaves.acts"][-1] == 3


@rule("LR-18-04", "LR-18-05", "LR-18-05-01", "LR-18-05-02")
def test_ready_a_captain_on_the_map_acts_four_times_then_retires_face_down():
    g = table()
    captain(g, "thief", 8, acting=False)
    with positions.edit(g) as s:
        s.mods[NAME].up = ("thief", "ranger")
    start(g, me(g), "birdsong.start")
    play(g, "ready:thief")
    assert kn(g).acting == "thief" and g.decision == "knaves_daylight"
    for _ in range(4):
        play(g, "move")
        play(g, g.legal_action_ids()[0])
        if g.decision == "knaves_skunks":
            play(g, "skunks:0")
    assert g.decision != "knaves_daylight"   # four actions: Daylight is over
    after = keys(g)[keys(g).index("ev.knaves.retire"):]
    assert "ev.knaves.easy" not in after   # the Ranger's card is still face up
    readied = [e.params["captain"] for e in g.state.events if e.key == "ev.knaves.ready"]
    assert readied[-1] == "ranger" and kn(g).up == ("ranger",)   # next turn: the only face-up card


# ---- moving (LR-18-02-04, LR-18-02-05, LR-18-05-01-01) ------------------------------------------------------------------

@rule("LR-18-02-04", "LR-18-02-05", "LR-18-05-01-01", "RTA-KN-04")
def test_captains_move_in_and_out_of_forests_without_rule_and_skunks_follow():
    g = table()
    captain(g, "thief", 8)
    skunks(g, 8, 2)
    put(g, "marquise", 8, 4)
    put(g, "marquise", 4, 2)
    put(g, "marquise", 7, 2)
    daylight(g)
    play(g, "move")
    # the Marquise rules 8, 4 and 7: no clearing is open, the forest is
    assert g.legal_action_ids() == ["sneak:f7"]
    play(g, "sneak:f7")
    assert g.legal_action_ids() == ["skunks:0", "skunks:1", "skunks:2"]
    play(g, "skunks:2")
    assert kn(g).at["thief"] == FOREST + 6 and forest_skunks(g, "f7") == 2 and warriors(g, NAME, 8) == 0
    play(g, "move")
    assert set(g.legal_action_ids()) == {"sneak:4", "sneak:7", "sneak:8", "sneak:12", "sneak:f4", "sneak:f5"}
    play(g, "sneak:4", "skunks:1")   # into a clearing the Marquise rules, from a forest
    assert kn(g).at["thief"] == idx(4) and warriors(g, NAME, 4) == 2 and forest_skunks(g, "f7") == 1
    assert knave_count(g) == 10


@rule("LR-18-02-05", "RTA-KN-04")
def test_skunks_never_move_without_a_captain():
    g = table()
    captain(g, "thief", "f1")
    skunks(g, 5, 3)
    daylight(g)
    play(g, "move")
    assert all(a.startswith("sneak:") for a in g.legal_action_ids())
    assert not any(a.startswith("from:") for a in g.legal_action_ids())


# ---- battles: Have at Thee (LR-18-02-06), Follow Me (LR-18-02-05) -------------------------------------------------------

@rule("LR-18-02-06", "LR-18-05-01-02", "RTA-KN-08")
def test_have_at_thee_one_warrior_hit_becomes_a_prisoner_and_acclaim_follows_the_battle(monkeypatch):
    g = table()
    captain(g, "thief", 4)
    skunks(g, 4, 2)
    put(g, "marquise", 4, 3)
    supply = g.state.supply["marquise"]
    dice(monkeypatch, 2, 0)
    daylight(g)
    assert "battle" in g.legal_action_ids()
    play(g, "battle")
    assert g.decision == "knaves_prison" and g.legal_action_ids() == ["den:f4", "den:f7"]
    play(g, "den:f7")
    assert kn(g).prisoners == {6: "marquise"}
    assert warriors(g, "marquise", 4) == 1 and g.state.supply["marquise"] == supply + 1  # one removed, one taken
    assert KN.has_acclaim(g.state, idx(4)) and "LR-18-02-06" in rules_logged(g)


@rule("LR-18-02-06", "RTA-KN-08")
def test_have_at_thee_removes_as_usual_without_a_free_forest(monkeypatch):
    g = table()
    captain(g, "thief", 8)
    put(g, "marquise", 8, 2)
    prisoner(g, "f7", "eyrie") if "eyrie" in g.state.faction else prisoner(g, "f7", "marquise")
    supply = g.state.supply["marquise"]
    dice(monkeypatch, 1, 0)
    daylight(g)
    play(g, "battle")
    assert kn(g).prisoners == {6: "marquise"} and warriors(g, "marquise", 8) == 1
    assert g.state.supply["marquise"] == supply + 1


@rule("LR-18-02-05", "RTA-KN-05")
def two_captains_and_a_skunk_hit_twice_by_the_cat(g, monkeypatch):
    """The thief and the ranger (not acting) with a Skunk in 4; the Marquise battles them there with 3 warriors and
    rolls 2 against 0: the Skunk goes, then the Knaves choose which Captain takes the second hit."""
    captain(g, "thief", 4, acting=False)
    captain(g, "ranger", 4, acting=False)
    skunks(g, 4, 1)
    put(g, "marquise", 4, 3)
    dice(monkeypatch, 2, 0)
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "battle", "battle:4")
    if g.decision == "battle_whom":
        play(g, f"defender:{NAME}")
    while g.decision in ("ambush", "battle_effects") and g.to_play == me(g):
        play(g, "pass" if "pass" in g.legal_action_ids() else "done")
    return g


def test_captains_are_hit_only_once_no_skunk_is_left_and_leave_the_map(monkeypatch):
    g = two_captains_and_a_skunk_hit_twice_by_the_cat(table(factions=("marquise", "knaves")), monkeypatch)
    assert g.decision == "knaves_captain_hit" and g.to_play == me(g)  # the Knaves' own decision, in the cat's turn
    assert warriors(g, NAME, 4) == 2   # the Skunk went first
    play(g, "captain:ranger")
    assert kn(g).at == {"thief": idx(4)} and warriors(g, NAME, 4) == 1
    assert g.state.supply[NAME] == 10   # the Skunk back; no Captain in the supply
    assert "ev.knaves.captain_removed" in keys(g)


@rule("LR-18-02-05", "LR-AG-24", "RTA-KN-05")
def test_a_captain_removed_never_goes_on_coffin_makers_only_the_skunk_does(monkeypatch):
    """Captains cannot be replaced (LR-18-02-05): a removed Captain leaves the map, not for the supply, so Coffin
    Makers (which holds removed warriors instead of their supply) takes the Skunk hit and no second Skunk."""
    g = table(factions=("marquise", "knaves"), deck="exiles")
    coffin = next(c for c in g.state.deck if c.endswith("coffin_makers"))
    with positions.edit(g) as s:
        s.deck.remove(coffin)
        s.play_area[cat(g)] = s.play_area[cat(g)] + (coffin,)
    supply = g.state.supply[NAME] - 1   # one Skunk goes to the map
    two_captains_and_a_skunk_hit_twice_by_the_cat(g, monkeypatch)
    play(g, "captain:ranger")
    assert kn(g).at == {"thief": idx(4)} and warriors(g, NAME, 4) == 1
    assert g.state.mods["deck_exiles"].coffins == {NAME: 1}
    assert g.state.supply[NAME] == supply   # the Skunk on the card, no Skunk taken from the supply for the Captain


@rule("LR-18-02-05", "RTA-KN-05")
def test_knave_warriors_moved_by_another_effect_take_captains_only_after_the_skunks():
    from boardlab.games.root import move as MV
    g = table()
    captain(g, "thief", 4)
    captain(g, "ranger", 4, acting=False)
    skunks(g, 4, 1)
    with positions.edit(g) as s:
        MV.relocate(s, cat(g), NAME, idx(4), idx(8), 2, ("card:false_orders",))
    assert kn(g).at == {"thief": idx(4), "ranger": idx(8)}   # the Skunk, then the Captain not acting
    assert warriors(g, NAME, 4) == 1 and warriors(g, NAME, 8) == 2


@rule("LR-18-02-07")
def test_run_away_the_enemy_removing_acclaim_places_a_skunk_in_a_forest_of_its_choice(monkeypatch):
    g = table()
    acclaim(g, 4)
    put(g, "marquise", 4, 2)
    dice(monkeypatch, 1, 0)
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "battle", "battle:4")
    while g.to_play == me(g) and g.decision in ("ambush", "battle_effects"):
        play(g, "pass" if "pass" in g.legal_action_ids() else "done")
    assert g.decision == "knaves_run_away" and g.to_play == cat(g)
    assert g.legal_action_ids() == ["den:f4", "den:f7"]
    play(g, "den:f4")
    assert not KN.has_acclaim(g.state, idx(4)) and forest_skunks(g, "f4") == 1 and g.state.supply[NAME] == 9


@rule("LR-18-02-07")
def test_run_away_is_ignored_with_no_skunk_in_the_supply(monkeypatch):
    g = table()
    acclaim(g, 4)
    skunks(g, "f1", 10)
    put(g, "marquise", 4, 2)
    dice(monkeypatch, 1, 0)
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    play(g, "battle", "battle:4")
    while g.to_play == me(g) and g.decision in ("ambush", "battle_effects"):
        play(g, "pass" if "pass" in g.legal_action_ids() else "done")
    assert g.decision != "knaves_run_away" and not KN.has_acclaim(g.state, idx(4))


# ---- Filch (LR-18-05-01-03), crafting (LR-18-02-08), the Stash (LR-18-02-02) --------------------------------------------

@rule("LR-18-05-01-03", "LR-18-02-08", "LR-18-02-02", "RTA-KN-06")
def test_filch_crafts_with_the_acting_captain_scoring_no_points_and_the_item_goes_face_up_to_the_stash():
    g = table()
    captain(g, "ranger", 8)   # fox
    hand(g, me(g), ["fox_anvil", "mouse_root_tea"])
    daylight(g)
    play(g, "filch")
    assert g.legal_action_ids() == ["craft:fox_anvil"]
    score = g.state.score[me(g)]
    play(g, "craft:fox_anvil")
    assert g.state.score[me(g)] == score and ("hammer", True) in stash(g) and g.state.crafted[me(g)] == ()
    assert "filch" not in g.legal_action_ids()   # once per turn
    assert KN.MODULE.crafting_pieces(g.state, me(g)) == []   # no crafting outside Filch and Serve


@rule("LR-18-05-01-03", "LR-18-02-02", "RTA-KN-06")
def test_filch_takes_an_item_from_an_enemy_crafted_items_box_in_the_captains_clearing():
    g = table()
    captain(g, "ranger", "f7")
    hand(g, me(g), ["fox_anvil"])
    with positions.edit(g) as s:
        s.crafted[cat(g)] = ("boot", "sword")
    daylight(g)
    assert "filch" not in g.legal_action_ids()   # in a forest: no suit, no enemy
    captain(g, "ranger", 8)
    daylight(g)
    play(g, "filch")
    assert g.legal_action_ids() == ["craft:fox_anvil"]   # no Marquise piece there
    put(g, "marquise", 8, 1)
    daylight(g)
    play(g, "filch")
    assert set(g.legal_action_ids()) == {"craft:fox_anvil", f"filch_from:{cat(g)}:boot", f"filch_from:{cat(g)}:sword"}
    play(g, f"filch_from:{cat(g)}:sword")
    assert g.state.crafted[cat(g)] == ("boot",) and stash(g).count(("sword", True)) == 2


@rule("LR-18-02-02", "LR-04-01-02")
def test_an_item_gained_otherwise_goes_face_up_into_the_stash():
    g = table()
    from boardlab.games.root import cards as K
    with positions.edit(g) as s:
        K.gain_item(s, me(g), "torch", ("test",))
    assert ("torch", True) in stash(g)


# ---- item actions (LR-18-05-01-04) --------------------------------------------------------------------------------------

@rule("LR-18-05-01-04", "LR-18-05-01-04-01", "RTA-KN-07")
def test_dash_flips_a_boot_to_move_twice_ignoring_rule():
    g = table()
    captain(g, "thief", 8)
    put(g, "marquise", 8, 3)
    put(g, "marquise", 4, 3)
    put(g, "marquise", 12, 3)
    daylight(g)
    assert "act:dash" in g.legal_action_ids()
    play(g, "act:dash")
    assert ("boot", False) in stash(g)
    assert "sneak:4" in g.legal_action_ids() and "done" not in g.legal_action_ids()
    play(g, "sneak:4")
    assert "sneak:12" in g.legal_action_ids() and "done" in g.legal_action_ids()
    play(g, "sneak:12")
    assert kn(g).at["thief"] == idx(12) and g.decision == "knaves_daylight"
    assert "act:dash" not in g.legal_action_ids()   # the only boot is face down


@rule("LR-AK-08-02")
def test_the_harrier_dashes_three_times():
    g = table(captains=("harrier", "ranger", "vagrant"))
    captain(g, "harrier", 8)
    daylight(g)
    play(g, "act:dash", "sneak:4", "sneak:9", "sneak:1")
    assert kn(g).at["harrier"] == idx(1) and g.decision == "knaves_daylight"
    g2 = table()
    captain(g2, "thief", 8)
    daylight(g2)
    play(g2, "act:dash", "sneak:4", "sneak:9")
    assert g2.decision == "knaves_daylight"   # two moves only for another Captain


@rule("LR-18-05-01-04-02", "LR-18-02-06")
def test_assault_takes_every_warrior_hit_prisoner_each_in_its_own_forest(monkeypatch):
    g = table()
    facing_the_cat(g, monkeypatch, "ranger", 2, 3, 0)
    play(g, "act:assault")
    assert g.decision == "knaves_prison"
    assert g.legal_action_ids() == ["den:f4", "den:f7"]
    play(g, "den:f4")   # the second Prisoner goes to the last free forest; the third warrior is removed as usual
    assert kn(g).prisoners == {3: "marquise", 6: "marquise"} and warriors(g, "marquise", 4) == 0
    assert ("sword", False) in stash(g) and KN.has_acclaim(g.state, idx(4))


@rule("LR-AK-05-02", "RTA-KN-10")
def test_the_arbiter_takes_an_extra_hit_to_deal_an_extra_hit_in_an_assault(monkeypatch):
    g = table(captains=("arbiter", "ranger", "vagrant"))
    facing_the_cat(g, monkeypatch, "arbiter", 3, 1, 1)
    play(g, "act:assault")
    while g.decision == "ambush":
        play(g, "pass")
    assert g.decision == "battle_effects" and "effect:arbiter" in g.legal_action_ids()
    play(g, "effect:arbiter")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert warriors(g, "marquise", 4) == 1 and warriors(g, NAME, 4) == 2   # two hits each way
    g2 = table(captains=("arbiter", "ranger", "vagrant"))
    facing_the_cat(g2, monkeypatch, "arbiter", 0, 1, 1)
    play(g2, "battle")   # not an Assault
    assert g2.decision != "battle_effects" or "effect:arbiter" not in g2.legal_action_ids()


@rule("LR-AK-11-02")
def test_the_gladiator_draws_a_card_as_its_assault_begins(monkeypatch):
    g = table(captains=("gladiator", "ranger", "vagrant"))
    captain(g, "gladiator", 4)
    put(g, "marquise", 4, 1)
    dice(monkeypatch, 0, 0)
    daylight(g)
    play(g, "act:assault")
    assert len(g.state.hands[me(g)]) == 1 and "LR-AK-11-02" in rules_logged(g)


@rule("LR-AK-09-02")
def test_the_ronin_may_move_before_its_assault(monkeypatch):
    g = table(captains=("ronin", "ranger", "vagrant"))
    captain(g, "ronin", "f7")
    put(g, "marquise", 8, 1)
    dice(monkeypatch, 1, 0)
    daylight(g)
    assert "act:assault" in g.legal_action_ids()   # from a forest: it may move first
    play(g, "act:assault")
    assert g.decision == "knaves_move" and "done" in g.legal_action_ids()
    play(g, "sneak:8")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert kn(g).prisoners and warriors(g, "marquise", 8) == 0


@rule("LR-18-05-01-04-03", "RTA-KN-07")
def test_skirmish_moves_out_of_a_forest_and_ignores_the_first_hit(monkeypatch):
    g = table()
    captain(g, "ranger", "f7")
    skunks(g, "f7", 1)
    put(g, "marquise", 8, 3)
    dice(monkeypatch, 1, 1)
    daylight(g)
    play(g, "act:skirmish")
    assert set(g.legal_action_ids()) == {"sneak:4", "sneak:7", "sneak:8", "sneak:12"}
    play(g, "sneak:8", "skunks:1")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert warriors(g, NAME, 8) == 2 and "LR-18-05-01-04-03" in rules_logged(g)   # the cat's hit ignored
    g2 = table()
    captain(g2, "ranger", 8)
    put(g2, "marquise", 4, 1)
    daylight(g2)
    assert "act:skirmish" not in g2.legal_action_ids()   # not from a clearing


@rule("LR-AK-06-02")
def test_the_scoundrel_may_skirmish_from_a_clearing_and_then_ignores_no_hit(monkeypatch):
    g = table(captains=("scoundrel", "ranger", "vagrant"))
    captain(g, "scoundrel", 4)
    skunks(g, 4, 1)
    put(g, "marquise", 8, 3)
    dice(monkeypatch, 1, 1)
    daylight(g)
    play(g, "act:skirmish", "sneak:8", "skunks:1")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert warriors(g, NAME, 8) == 1 and "ev.knaves.scoundrel" in keys(g)


@rule("LR-18-05-01-04-04")
def test_nab_a_hit_acting_captain_escapes_to_a_forest(monkeypatch):
    g = table()
    facing_the_cat(g, monkeypatch, "thief", 0, 1, 1)
    play(g, "act:nab")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert g.decision == "knaves_escape" and g.legal_action_ids() == ["den:f4", "den:f7"]
    play(g, "den:f4")
    assert kn(g).at["thief"] == FOREST + 3 and warriors(g, NAME, 4) == 0
    assert not KN.has_acclaim(g.state, idx(4))   # it is not there at the battle's end
    assert g.decision == "knaves_daylight"        # no move after: it was hit


@rule("LR-18-05-01-04-04")
def test_nab_an_acting_captain_not_hit_may_move_after_the_acclaim(monkeypatch):
    g = table()
    captain(g, "thief", 4)
    skunks(g, 4, 1)
    put(g, "marquise", 4, 2)
    dice(monkeypatch, 1, 1)
    daylight(g)
    play(g, "act:nab")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert KN.has_acclaim(g.state, idx(4)) and g.decision == "knaves_move" and "done" in g.legal_action_ids()
    play(g, "sneak:f7")
    assert kn(g).at["thief"] == FOREST + 6


@rule("LR-AK-12-02", "RTA-KN-10")
def test_the_jailor_deals_a_hit_less_to_ignore_a_rolled_hit_in_a_nab(monkeypatch):
    g = table(captains=("jailor", "ranger", "vagrant"))
    facing_the_cat(g, monkeypatch, "jailor", 1, 2, 1)
    play(g, "act:nab")
    while g.decision == "ambush":
        play(g, "pass")
    assert "effect:jailor" in g.legal_action_ids()
    play(g, "effect:jailor")
    while g.decision == "knaves_prison":
        play(g, g.legal_action_ids()[0])
    assert kn(g).at["jailor"] == idx(4) and g.decision in ("knaves_move", "knaves_daylight")
    assert warriors(g, "marquise", 4) == 2 and warriors(g, NAME, 4) == 2   # one hit dealt of two, none taken


@rule("LR-18-05-01-04-05", "LR-18-02-03")
def test_revel_places_acclaim_and_a_skunk_then_two_skunks_and_only_a_skunk_in_a_forest():
    g = table(captains=("scoundrel", "cheat", "ranger"))   # two teas
    captain(g, "cheat", 4)
    daylight(g)
    play(g, "act:revel")
    assert KN.has_acclaim(g.state, idx(4)) and warriors(g, NAME, 4) == 2
    play(g, "act:revel")
    assert warriors(g, NAME, 4) == 4 and len(KN.acclaim_on_map(g.state)) == 1   # one acclaim a clearing
    g2 = table(captains=("scoundrel", "cheat", "ranger"))
    captain(g2, "cheat", "f3")
    daylight(g2)
    play(g2, "act:revel")
    assert forest_skunks(g2, "f3") == 1 and not KN.acclaim_on_map(g2.state)


@rule("LR-18-05-01-04-06", "LR-18-02-03")
def test_gift_places_acclaim_and_draws_then_draws_two_and_one_in_a_forest():
    g = table(captains=("vagrant", "arbiter", "ranger"))   # two coins
    captain(g, "vagrant", 4)
    daylight(g)
    play(g, "act:gift")
    assert KN.has_acclaim(g.state, idx(4)) and len(g.state.hands[me(g)]) == 1
    play(g, "act:gift")
    assert len(g.state.hands[me(g)]) == 3
    g2 = table(captains=("vagrant", "arbiter", "ranger"))
    captain(g2, "vagrant", "f3")
    daylight(g2)
    play(g2, "act:gift")
    assert len(g2.state.hands[me(g2)]) == 1 and not KN.acclaim_on_map(g2.state)


@rule("LR-18-02-03")
def test_eight_acclaim_at_most():
    g = table(captains=("vagrant", "arbiter", "ranger"))
    acclaim(g, 1, 2, 3, 5, 6, 7, 8, 9)
    captain(g, "vagrant", 4)
    daylight(g)
    play(g, "act:gift")
    assert not KN.has_acclaim(g.state, idx(4)) and len(g.state.hands[me(g)]) == 1


@rule("LR-18-05-01-04-07", "LR-18-02-08", "LR-AK-02-02")
def test_serve_places_acclaim_then_crafts_with_matching_acclaim_scoring_and_the_tinker_draws():
    g = table(captains=("tinker", "gladiator", "ranger"))   # two hammers
    captain(g, "tinker", 8)   # fox
    acclaim(g, 1)             # fox too
    hand(g, me(g), ["fox_anvil", "bird_arms_trader", "bird_crossbow"])
    daylight(g)
    play(g, "act:serve")
    assert KN.has_acclaim(g.state, idx(8)) and len(g.state.hands[me(g)]) == 4   # the Tinker draws after Serve
    hand(g, me(g), ["fox_anvil", "bird_arms_trader", "bird_crossbow"])
    play(g, "act:serve")
    assert g.decision == "knaves_serve"
    assert set(g.legal_action_ids()) == {"craft:fox_anvil", "craft:bird_arms_trader", "craft:bird_crossbow", "done"}
    score = g.state.score[me(g)]
    play(g, "craft:bird_arms_trader")   # both fox acclaim activated
    assert g.state.score[me(g)] == score + 2 and ("sword", True) in stash(g)
    assert g.decision == "knaves_daylight"   # each acclaim once a turn: no more crafting, the Serve ends
    assert len(g.state.hands[me(g)]) == 3    # two left, and the Tinker's card


@rule("LR-AK-07-02")
def test_the_adventurer_draws_when_it_places_acclaim_at_a_ruin():
    g = table(captains=("adventurer", "vagrant", "ranger"))
    captain(g, "adventurer", 6)   # a ruin
    assert ("", "ruin") in g.state.buildings[idx(6)]
    daylight(g)
    play(g, "act:serve")
    assert KN.has_acclaim(g.state, idx(6)) and len(g.state.hands[me(g)]) == 1
    captain(g, "adventurer", 8)   # no ruin
    daylight(g)
    play(g, "act:gift")
    assert len(g.state.hands[me(g)]) == 2   # Gift's card only


# ---- abilities that flip other items ---------------------------------------------------------------------------------

@rule("LR-AK-01-02")
def test_the_thief_may_move_after_it_filches():
    g = table()
    captain(g, "thief", 8)
    put(g, "marquise", 8, 1)
    with positions.edit(g) as s:
        s.crafted[cat(g)] = ("boot",)
    daylight(g)
    play(g, "filch", f"filch_from:{cat(g)}:boot")
    assert g.decision == "knaves_move" and "done" in g.legal_action_ids()
    play(g, "sneak:f7")
    g2 = table(captains=("ranger", "thief", "vagrant"))
    captain(g2, "ranger", 8)
    put(g2, "marquise", 8, 1)
    with positions.edit(g2) as s:
        s.crafted[cat(g2)] = ("boot",)
    daylight(g2)
    play(g2, "filch", f"filch_from:{cat(g2)}:boot")
    assert g2.decision == "knaves_daylight"


@rule("LR-AK-03-02")
def test_the_ranger_flips_any_item_once_a_turn_to_assault_skirmish_or_nab(monkeypatch):
    g = table(captains=("ranger", "vagrant", "thief"))
    captain(g, "ranger", 4)
    put(g, "marquise", 4, 1)
    dice(monkeypatch, 0, 0, 0, 0)
    daylight(g)
    legal = g.legal_action_ids()
    assert {"ranger:assault", "ranger:nab"} <= set(legal) and "ranger:gift" not in legal
    play(g, "ranger:nab", "stash:tea")
    assert ("tea", False) in stash(g)
    while g.decision != "knaves_daylight":
        play(g, g.legal_action_ids()[0])
    assert not any(a.startswith("ranger:") for a in g.legal_action_ids())


@rule("LR-AK-04-02")
def test_the_vagrant_flips_any_item_once_a_turn_to_revel_gift_or_serve():
    g = table(captains=("vagrant", "ranger", "thief"))
    captain(g, "vagrant", 4)
    daylight(g)
    legal = g.legal_action_ids()
    assert {"vagrant:revel", "vagrant:gift", "vagrant:serve"} <= set(legal) and "vagrant:nab" not in legal
    play(g, "vagrant:gift", "stash:sword")
    assert ("sword", False) in stash(g) and len(g.state.hands[me(g)]) == 1
    assert not any(a.startswith("vagrant:") for a in g.legal_action_ids())


@rule("LR-AK-10-02")
def test_the_cheat_flips_two_items_for_any_item_action():
    g = table(captains=("cheat", "ranger", "thief"))
    captain(g, "cheat", 4)
    daylight(g)
    play(g, "cheat:gift", "stash:sword", "stash:crossbow")
    assert ("sword", False) in stash(g) and ("crossbow", False) in stash(g) and len(g.state.hands[me(g)]) == 1
    assert "cheat:revel" in g.legal_action_ids()   # as often as items last


# ---- Evening (LR-18-06) -------------------------------------------------------------------------------------------------

@rule("LR-18-06", "LR-18-06-01", "LR-18-06-04")
def test_mock_the_powerful_scores_per_two_prisoners_and_two_acclaim_then_draw_and_discard():
    g = table()
    for f in ("f1", "f2", "f3"):
        prisoner(g, f, "marquise")
    acclaim(g, 1, 2, 3, 4, 5)
    hand(g, me(g), ["fox_anvil", "fox_ambush", "mouse_ambush", "rabbit_ambush", "bird_ambush", "bird_crossbow"])
    score = g.state.score[me(g)]
    evening(g)
    assert g.state.score[me(g)] == score + 1 + 2
    play(g, "done")   # no Protect the Weak
    assert g.decision == "discard" and len(g.state.hands[me(g)]) == 7
    play(g, "discard:fox_anvil", "discard:bird_crossbow")
    assert len(g.state.hands[me(g)]) == 5


@rule("LR-18-06", "LR-18-06-01", "LR-18-06-02", "LR-18-06-03", "LR-18-06-04")
def test_the_evening_runs_its_four_steps_in_order():
    g = table()
    acclaim(g, 1, 4)
    prisoner(g, "f1", "marquise")
    prisoner(g, "f2", "marquise")
    hand(g, me(g), ["fox_anvil"])
    with positions.edit(g) as s:
        s.mods[NAME].up = ()
    since = len(g.state.events)
    evening(g)
    assert g.decision == "knaves_protect" and keys(g, since).count("ev.knaves.mock") == 1
    assert "ev.knaves.easy" not in keys(g, since) and kn(g).up == ()   # Take It Easy waits for Protect the Weak
    play(g, "protect:1")   # the only card: Protect the Weak is over, Take It Easy follows
    assert g.decision == "knaves_release" and g.to_play == cat(g)
    assert "ev.draw" not in keys(g, since)   # the draw comes last
    play(g, "skip")
    order = [k for k in keys(g, since) if k in ("ev.knaves.mock", "ev.knaves.skunks", "ev.knaves.easy", "ev.draw")]
    assert order[:order.index("ev.draw") + 1] == ["ev.knaves.mock", "ev.knaves.skunks", "ev.knaves.easy", "ev.draw"]


@rule("LR-18-06-02", "RTA-KN-11")
def test_protect_the_weak_a_matching_card_per_acclaim_places_a_skunk():
    g = table()
    acclaim(g, 1, 4)
    hand(g, me(g), ["fox_anvil", "bird_crossbow", "rabbit_ambush"])
    evening(g)
    assert g.decision == "knaves_protect" and set(g.legal_action_ids()) == {"protect:1", "protect:4", "done"}
    play(g, "protect:1")
    assert g.legal_action_ids() == ["spend:fox_anvil", "spend:bird_crossbow"]
    play(g, "spend:bird_crossbow")
    assert warriors(g, NAME, 1) == 1 and "bird_crossbow" in g.state.discard
    assert "protect:1" not in g.legal_action_ids()   # once per acclaim
    play(g, "protect:4")   # one matching card: spent at once
    assert warriors(g, NAME, 4) == 1 and g.state.hands[me(g)][:1] != ["rabbit_ambush"]


@rule("LR-18-06-03", "RTA-KN-09")
def test_take_it_easy_turns_everything_up_and_the_enemy_with_most_prisoners_frees_them():
    g = table(factions=("marquise", "knaves", "eyrie"))
    prisoner(g, "f1", "marquise")
    prisoner(g, "f2", "marquise")
    prisoner(g, "f7", "marquise")
    prisoner(g, "f3", "eyrie")
    with positions.edit(g) as s:
        s.mods[NAME].up = ()
        s.mods[NAME].stash = (("boot", False), ("crossbow", False), ("sack", True), ("sword", False))
    evening(g)
    assert kn(g).up == kn(g).captains and all(up for _, up in kn(g).stash)
    assert g.decision == "knaves_release" and g.to_play == cat(g)
    assert "release:1" in g.legal_action_ids() and "skip" in g.legal_action_ids()
    play(g, "release:1")   # beside f1 and f2
    assert warriors(g, "marquise", 1) == 2 and kn(g).prisoners == {6: "marquise", 2: "eyrie"}


@rule("LR-18-06-03")
def test_take_it_easy_waits_for_every_captain_card_face_down_and_the_knaves_break_ties():
    g = table(factions=("marquise", "knaves", "eyrie"))
    prisoner(g, "f1", "marquise")
    prisoner(g, "f3", "eyrie")
    with positions.edit(g) as s:
        s.mods[NAME].up = ("ranger",)
        s.mods[NAME].stash = (("boot", False),)
    evening(g)
    assert kn(g).up == ("ranger",) and kn(g).stash == (("boot", False),)
    g2 = table(factions=("marquise", "knaves", "eyrie"))
    prisoner(g2, "f1", "marquise")
    prisoner(g2, "f3", "eyrie")
    with positions.edit(g2) as s:
        s.mods[NAME].up = ()
    evening(g2)
    assert g2.decision == "knaves_tied" and g2.to_play == me(g2)
    assert g2.legal_action_ids() == ["defender:eyrie", "defender:marquise"]
    play(g2, "defender:eyrie")
    assert g2.decision == "knaves_release" and g2.to_play == g2.state.seat_of("eyrie")


# ---- what everyone sees, bots, tables -----------------------------------------------------------------------------------

@rule("LR-18-02-02", "LR-18-01")
def test_everything_the_knaves_have_is_public_in_every_seats_view():
    """Captain cards, the Stash, Prisoners, Skunks in forests: all face up on the table, no hidden zone to resample."""
    from boardlab.core.rng import Stream
    g = table()
    captain(g, "thief", 8)
    skunks(g, "f2", 2)
    prisoner(g, "f1", "marquise")
    acclaim(g, 4)
    parts = [g.view(s)[NAME] for s in (0, 1, None)]
    assert parts[0] == parts[1] == parts[2]
    assert parts[0]["prisoners"] == {"f1": "marquise"} and parts[0]["forest_skunks"] == {"f2": 2}
    assert parts[0]["captains"][0] == {"key": "thief", "up": True, "at": "8", "acting": True}
    assert not getattr(KN.MODULE, "zones", ())
    probe = g.clone()
    RULESET.resample_hidden(probe.state, cat(g), Stream(3))
    assert probe.view(cat(g))[NAME] == parts[0]


def test_the_knaves_add_to_the_position_value():
    g = table()
    before = base_potential(g.state)[me(g)]
    acclaim(g, 1, 4)
    prisoner(g, "f1", "marquise")
    assert base_potential(g.state)[me(g)] > before


@pytest.mark.parametrize("players,factions,options", [
    (2, ["knaves", "marquise"], {}),
    (3, ["marquise", "eyrie", "knaves"], {"map": "winter"}),
    (4, ["knaves", "marquise", "alliance", "eyrie"], {"map": "lake", "hirelings": "random"}),
    (5, ["marquise", "eyrie", "alliance", "corvid", "knaves"], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_knaves_end(players, factions, options):
    games_end(players, factions, options)


def test_random_drafts_with_the_knaves_end():
    drafts_end(["marquise", "eyrie", "alliance", "lizard", "corvid", "knaves"], range(3))


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = table()
    captain(g, "thief", 8)
    prisoner(g, "f1", "marquise")
    acclaim(g, 4)
    rules = ruleset("root")
    text = rules.render_text(g.view(cat(g)), "en")
    assert "Thief (acting) in clearing 8" in text and "Ranger (face up) off the map" in text
    assert "Stash: boot, coins, crossbow, bag, sword, tea" in text and "Prisoners: forest 1 Marquise de Cat" in text
    assert "盜賊" in rules.render_text(g.view(0), "zh-Hant") and "赃物区" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(cat(g)), "en", [])
    assert 'data-board="knaves"' in svg and 'data-captain="thief" data-up="1" data-acting="1"' in svg
    assert 'data-item="boot" data-face-up="1"' in svg


def test_random_games_with_the_knaves_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["knaves", "marquise"], "autumn"), (2, ["eyrie", "knaves", "alliance"], "lake")))


def test_every_event_and_decision_of_the_knaves_reads_in_every_language():
    import random
    g = boardlab.new_game("root", 3, seed=7, options={"factions": ["marquise", "knaves", "eyrie"]})
    rng = random.Random(7)
    for _ in range(600):
        if g.is_over:
            break
        for a in g.legal_action_ids():
            for lang in ("en", "zh-Hant", "zh-Hans"):
                text = RULESET.describe(g.state, a, lang)
                assert text and "{" not in text and (a.partition(":")[0] in ("done", "skip", "pass") or text != a), a
        g.apply(rng.choice(g.legal_action_ids()))
    for seat in range(3):
        for lang in ("en", "zh-Hant", "zh-Hans"):
            for e in g.view(seat).get("log", [])[-300:]:
                assert e["text"] and "{" not in e["text"] and not e["text"].startswith("ev."), e
