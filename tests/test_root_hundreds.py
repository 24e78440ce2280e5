"""The Lord of the Hundreds (Law of Root chapter 14), with boardlab's rulings RTA-LH-* (docs/root-rulings.md, "Lord
of the Hundreds").

Positions use the Autumn map (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; 1 is next to 5, 9 and
10, 2 to 5, 6 and 10, 8 to 4 and 7, 12 to 4, 7, 9, 10 and 11; ruins in 6, 10, 11, 12) with the Marquise (and a third
faction where a test needs one).
"""
from __future__ import annotations

import json

import pytest
from root_helpers import draft_offering, empty_table, games_end, hand, idx, new, play, play_out, put, render_and_click, rules_logged, set_up, start, warriors

import boardlab
from boardlab.core import positions
from boardlab.core.errors import ConfigError
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream
from boardlab.core.visibility import hidden_paths
from boardlab.games.root import RULESET
from boardlab.games.root import advanced as ADV
from boardlab.games.root import move as MV
from boardlab.games.root.content import FACTIONS, HIRELINGS, REACH, SETUP_CARDS
from boardlab.games.root.evaluate import base_potential
from boardlab.games.root.modules import hundreds as HU
from boardlab.games.root.render import render_board
from boardlab.games.root.state import RootState

rule = pytest.mark.rule
NAME = "hundreds"
RUINS = {6: ("boot",), 10: ("hammer",), 11: ("sack",), 12: ("sword",)}


# ---- positions ------------------------------------------------------------------------------------------------------

def table(seed: int = 3, factions=("marquise", "hundreds")):
    """An empty Autumn map after setup (the keep gone, the warlord off the map), every hand, Hoard and the discard
    pile empty, the Stubborn mood, known items under the ruins; returns the game."""
    g = empty_table(factions, seed)
    with positions.edit(g) as s:
        s.pawns = {k: v for k, v in s.pawns.items() if k != NAME}
        s.mods[NAME] = HU.HundredsState()
        s.mods[NAME].mood = "stubborn"
        s.crafted = [()] * s.players
        s.ruin_items = {idx(c): items for c, items in RUINS.items()}
    return g


def me(g) -> int:
    return g.state.seat_of(NAME)


def cat(g) -> int:
    return g.state.seat_of("marquise")


def lord(g, number: int | None):
    with positions.edit(g) as s:
        s.pawns = {k: v for k, v in s.pawns.items() if k != NAME}
        if number is not None:
            s.pawns[NAME] = idx(number)
    return g


def hoard(g, *items: str):
    with positions.edit(g) as s:
        s.crafted[s.seat_of(NAME)] = tuple(items)
    return g


def mood(g, name: str):
    with positions.edit(g) as s:
        s.mods[NAME].mood = name
    return g


def mobs(g, *numbers: int):
    for n in numbers:
        put(g, NAME, n, tokens=["mob"])
    return g


def dice(monkeypatch, battle=(), mob=()):
    """The next battle dice (d4 rolls) and mob die rolls (0 fox, 1 rabbit, 2 mouse) give these values, in order."""
    fours, threes = list(battle), list(mob)
    real = RootState.roll

    def roll(self, n):
        if n == 4 and fours:
            return fours.pop(0)
        if n == 3 and threes:
            return threes.pop(0)
        return real(self, n)
    monkeypatch.setattr(RootState, "roll", roll)


def keys(g, since: int = 0) -> list[str]:
    return [e.key for e in g.state.events[since:]]


def logged(g, key: str) -> list[dict]:
    return [e.params for e in g.state.events if e.key == key]


def birdsong(g):
    return start(g, me(g), "birdsong.start")


def daylight(g):
    return start(g, me(g), "daylight.start")


def evening(g):
    return start(g, me(g), "evening.start")


def cat_daylight(g):
    start(g, cat(g), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    return g


def tokens_at(g, number: int) -> tuple:
    return g.state.tokens[idx(number)]


def buildings_at(g, number: int) -> tuple:
    return g.state.buildings[idx(number)]


# ---- setup (LR-14-03) ---------------------------------------------------------------------------------------------------

@rule("LR-14-03-01", "LR-14-03-02", "LR-14-03-03", "LR-14-03-04", "RTA-LH-01", "LR-14-02-02")
def test_setup_the_warlord_four_warriors_and_a_stronghold_opposite_the_keep_the_ruin_items_and_stubborn():
    g = new(("hundreds", "marquise"), seed=3)
    assert g.decision == "marquise_setup"  # the Marquise (A) sets up first
    play(g, "keep:1")
    while g.decision == "marquise_setup":
        g.apply(g.legal_action_ids()[0])
    # the only free corner diagonally opposite a starting corner is 3: taken at once
    assert logged(g, "ev.hundreds.garrison") == [{"clearing": idx(3), "n": 4}]
    assert logged(g, "ev.hundreds.supplies") == [{"n": 20, "strongholds": 6, "mobs": 5}]
    assert g.state.pawns[NAME] == idx(3) and (NAME, "stronghold") in buildings_at(g, 3)
    assert FACTIONS[NAME].warriors == 20 and sum(g.state.warriors[NAME]) + g.state.supply[NAME] == 20  # not him
    assert HU.strongholds_left(g.state) == 5 and HU.mobs_left(g.state) == 5
    assert sorted(i for items in g.state.ruin_items.values() for i in items) == ["boot", "hammer", "sack", "sword"]
    assert HU.mood(g.state) == "stubborn" and g.state.homes[NAME] == (idx(3),)
    assert {"LR-14-03-01", "LR-14-03-02", "LR-14-03-03", "LR-14-03-04"} <= rules_logged(g)
    # a Vagabond set up first put the "R" items there already: they stay as dealt
    v = new(("vagabond", "hundreds"), seed=2)
    while "ev.hundreds.mood" not in keys(v):
        v.apply(v.legal_action_ids()[0])
    dealt = [e.params for e in v.state.events if e.key == "ev.vb.ruins"]
    assert len(dealt) == 1 and "ev.hundreds.ruins_done" in keys(v) and "ev.hundreds.ruins" not in keys(v)


def draft(seed: int = 1, players: int = 3, **options):
    return boardlab.new_game("root", players, seed=seed, options={
        "setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "hundreds"], **options})


@rule("LR-AA-08-03-01", "LR-AA-08-03-02", "RTA-LH-02")
def test_the_setup_card_an_edge_homeland_far_from_enemy_homelands():
    g = draft()
    draft_offering(g, ("eyrie", "hundreds", "alliance", "marquise"))
    play(g, "draft:eyrie", "roost_at:1")  # the last seat takes the Eyrie, homeland 1
    while g.decision != "setup_card":
        g.apply(g.legal_action_ids()[0])
    play(g, "draft:hundreds")
    assert g.decision == "hundreds_garrison"
    offered = sorted(int(a.split(":")[1]) for a in g.legal_action_ids())
    assert offered == [3, 6, 7, 8]  # on the edge, three paths or more from 1 (not 2: 1-5-2; not 10, 11, 12 inland)
    play(g, "garrison:7")
    assert g.state.pawns[NAME] == idx(7) and warriors(g, NAME, 7) == 4 and (NAME, "stronghold") in buildings_at(g, 7)
    assert HU.mood(g.state) == "stubborn" and g.state.ruin_items
    assert {"RTA-LH-02", "LR-14-03-03", "LR-14-03-04"} <= rules_logged(g)


@rule("LR-05-02", "LR-05-02-02", "LR-AA-08-01", "LR-AA-08-02")
def test_reach_nine_a_militant_setup_card_in_the_draft_pool():
    assert REACH[NAME] == 9 and SETUP_CARDS[NAME].reach == 9 and SETUP_CARDS[NAME].militant
    assert NAME in ADV.IMPLEMENTED and NAME in ADV.default_pool(3)
    with pytest.raises(ConfigError, match="14"):  # Hundreds 9 + Vagabond 5 < 17 for two players
        boardlab.new_game("root", 2, seed=1, options={"factions": ["hundreds", "vagabond"]})
    ok = boardlab.new_game("root", 2, seed=1, options={"factions": ["marquise", "hundreds"]})  # 19 >= 17
    assert ok.state.faction == ("marquise", "hundreds")
    firsts = {draft(seed=seed).state.draft.cards[0] for seed in range(20)}
    assert NAME in firsts  # dealt as the militant card too


@rule("LR-AA-06-05", "LR-AA-06-01")
def test_the_flame_bearers_are_never_dealt_beside_the_hundreds():
    assert HIRELINGS["flame_bearers"].replaces == (NAME,)
    with pytest.raises(ConfigError):
        boardlab.new_game("root", 3, seed=1, options={"factions": ["marquise", "eyrie", "hundreds"],
                                                      "hirelings": ["flame_bearers"]})
    for seed in range(6):
        g = set_up(boardlab.new_game("root", 3, seed=seed, options={"factions": ["marquise", "eyrie", "hundreds"],
                                                                    "hirelings": "random"}))
        assert "flame_bearers" not in g.state.hired


# ---- the warlord (LR-14-02-02) --------------------------------------------------------------------------------------

@rule("LR-14-02-02", "RTA-LH-05")
def test_the_warlord_is_a_warrior_for_rule_and_battle_but_no_other_effect_removes_or_moves_him():
    g = table()
    lord(g, 8)
    put(g, "marquise", 8, warriors=1)
    assert g.state.warriors[NAME][idx(8)] == 0 and HU.B.ruler(g.state, idx(8)) is None  # one each: a tie
    put(g, NAME, 8, warriors=1)
    assert HU.B.ruler(g.state, idx(8)) == NAME
    assert HU.max_rolled_hits(g.state, NAME, idx(8)) == 2 and not HU.MODULE.defenceless(g.state, NAME, idx(8))
    # moves of other effects (the base move: Cobbler, False Orders) take warriors only
    lord(g, 12)
    assert idx(12) not in MV.origins(g.state, NAME) and idx(12) in HU.move_origins(g.state)
    # Favor of the Foxes removes every enemy piece in fox clearings but the warlord
    put(g, "marquise", 1, buildings=["workshop"])
    put(g, "marquise", 6, buildings=["workshop"])
    put(g, "marquise", 8, buildings=["workshop"])
    put(g, NAME, 12, warriors=2, tokens=["mob"])
    hand(g, cat(g), ["fox_favor_of_the_foxes"])
    start(g, cat(g), "daylight.start")
    play(g, "craft:fox_favor_of_the_foxes")
    assert warriors(g, NAME, 12) == 0 and tokens_at(g, 12) == () and g.state.pawns[NAME] == idx(12)
    assert warriors(g, NAME, 8) == 0


@rule("LR-14-02-02", "RTA-LH-05")
def test_in_battle_the_hundreds_choose_whether_a_hit_falls_on_the_warlord(monkeypatch):
    g = table()
    lord(g, 8)
    mood(g, "rowdy")
    put(g, NAME, 8, warriors=2)
    put(g, "marquise", 8, warriors=3)
    dice(monkeypatch, battle=(2, 0))
    cat_daylight(g)
    play(g, "battle", "battle:8")
    assert g.decision == "hundreds_hits" and g.to_play == me(g)  # the Hundreds' decision in the Marquise's turn
    assert g.legal_action_ids() == ["lose:warrior", "lose:warlord"]
    supply = g.state.supply[NAME]
    play(g, "lose:warlord")
    assert NAME not in g.state.pawns and warriors(g, NAME, 8) == 1
    assert g.state.supply[NAME] == supply + 1  # the warrior to the supply, the warlord off the map
    assert "ev.hundreds.warlord_removed" in keys(g)
    # more hits than warriors besides him: he falls without a choice
    g = table()
    lord(g, 8)
    mood(g, "rowdy")
    put(g, NAME, 8, warriors=1)
    put(g, "marquise", 8, warriors=3)
    dice(monkeypatch, battle=(3, 0))
    cat_daylight(g)
    play(g, "battle", "battle:8")
    assert NAME not in g.state.pawns and warriors(g, NAME, 8) == 0 and g.state.supply[NAME] == 20


# ---- the Hoard (LR-14-02-04) and Contempt for Trade (LR-14-02-03) ---------------------------------------------------

@rule("LR-14-02-04", "LR-14-02-04-02", "RTA-LH-09")
def test_command_and_prowess_are_read_off_the_tracks():
    g = table()
    assert (HU.command(g.state), HU.prowess(g.state)) == (1, 1)
    expect = {1: 2, 2: 2, 3: 3, 4: 4}
    for n, level in expect.items():
        hoard(g, *(["boot", "coin", "sack", "boot"][:n] + ["sword", "tea", "hammer", "crossbow"][:n]))
        assert (HU.command(g.state), HU.prowess(g.state)) == (level, level)
    hoard(g, "boot", "coin", "torch")
    assert HU.on_track(g.state, "command") == ["boot", "coin"] and HU.on_track(g.state, "prowess") == []
    # an item another player takes from the Hoard (a Vagabond's Aid) lowers the count at once
    with positions.edit(g) as s:
        s.crafted[me(g)] = ("boot",)
    assert HU.command(g.state) == 2 and g.view(cat(g))[NAME]["command"] == 2


@rule("LR-14-02-04-01", "LR-14-02-04", "RTA-LH-08")
def test_a_gained_item_fills_its_track_or_one_leaves_the_game_for_a_point():
    g2 = table()
    hoard(g2, "boot", "coin", "sack", "boot")
    put(g2, NAME, 10, warriors=1, tokens=["mob"])
    birdsong(g2)  # Raze takes the hammer of 10: onto Prowess, which has room
    assert HU.on_track(g2.state, "prowess") == ["hammer"] and g2.state.score[me(g2)] == 0
    g3 = table()
    hoard(g3, "hammer", "tea", "sword", "crossbow")
    put(g3, NAME, 12, warriors=1, tokens=["mob"])
    birdsong(g3)  # the sword of 12: Prowess is full
    assert g3.decision == "hundreds_overflow"
    assert g3.legal_action_ids() == ["lose:crossbow", "lose:hammer", "lose:sword", "lose:tea"]
    play(g3, "lose:tea")
    assert sorted(HU.on_track(g3.state, "prowess")) == ["crossbow", "hammer", "sword", "sword"]
    assert g3.state.score[me(g3)] == 1 and g3.state.items.get("tea", 0) == 2  # the tea left the game


@rule("LR-14-02-03", "LR-14-02-01", "LR-14-05-01", "RTA-LH-10")
def test_crafting_with_strongholds_an_item_is_taken_without_points_or_removed_for_them():
    g = table()
    put(g, NAME, 1, warriors=1, buildings=["stronghold"])
    put(g, NAME, 8, warriors=1, buildings=["stronghold"])
    put(g, NAME, 2, warriors=1, buildings=["stronghold"])
    lord(g, 1)
    hand(g, me(g), ["fox_foxfolk_steel", "mouse_root_tea", "rabbit_bake_sale"])
    daylight(g)
    assert g.decision == "hundreds_craft"
    legal = g.legal_action_ids()
    assert "craft:fox_foxfolk_steel" in legal and "craft:mouse_root_tea" in legal  # fox fox; mouse
    assert "craft:rabbit_bake_sale" not in legal  # no rabbit stronghold
    play(g, "craft:fox_foxfolk_steel")
    assert g.decision == "hundreds_contempt" and g.legal_action_ids() == ["contempt:take", "contempt:score"]
    play(g, "contempt:take")
    assert HU.hoard(g.state) == ("sword",) and g.state.score[me(g)] == 0
    items = g.state.items["tea"]
    play(g, "craft:mouse_root_tea", "contempt:score")
    assert HU.hoard(g.state) == ("sword",) and g.state.score[me(g)] == 2  # Root Tea lists 2 points
    assert g.state.items["tea"] == items - 1  # out of the game, not back to the supply
    assert "ev.hundreds.contempt" in keys(g)


# ---- Looters (LR-14-02-05) ------------------------------------------------------------------------------------------------

@rule("LR-14-02-05", "RTA-LH-07")
def test_looters_roll_no_hits_and_take_an_item_if_they_rule_after_the_battle(monkeypatch):
    g = table()
    lord(g, 9)
    mood(g, "rowdy")
    put(g, NAME, 9, warriors=4)
    put(g, "marquise", 9, warriors=1)
    with positions.edit(g) as s:
        s.crafted[cat(g)] = ("sword", "boot")
    hand(g, cat(g), ["mouse_ambush"])
    dice(monkeypatch, battle=(3, 1))
    daylight(g)
    play(g, "command:battle", "battle:9")
    assert g.decision == "hundreds_loot" and g.to_play == me(g)  # declared before the ambush
    play(g, "loot")
    assert g.decision == "ambush"
    play(g, "pass")
    events = logged(g, "ev.roll")
    assert events[-1]["attacker"] == 0 and events[-1]["defender"] == 1  # no rolled hits; the defender rolls
    assert warriors(g, "marquise", 9) == 1  # nothing of the Hundreds' dealt it harm
    play(g, "lose:warrior")  # the Marquise's hit
    # after the battle the Hundreds rule 9: they take an item of the Marquise's box
    assert g.decision == "hundreds_loot_item" and g.legal_action_ids() == ["take:boot", "take:sword"]
    play(g, "take:sword")
    assert g.state.crafted[cat(g)] == ("boot",) and HU.hoard(g.state) == ("sword",)
    # without rule there: nothing taken
    g = table()
    lord(g, 9)
    mood(g, "rowdy")
    put(g, "marquise", 9, warriors=3)
    with positions.edit(g) as s:
        s.crafted[cat(g)] = ("sword",)
    dice(monkeypatch, battle=(3, 0))
    daylight(g)
    play(g, "command:battle", "battle:9", "loot")
    assert g.state.crafted[cat(g)] == ("sword",) and "ev.hundreds.no_loot" in keys(g)


@rule("LR-14-02-05")
def test_no_looting_against_an_empty_box_or_the_vagabond(monkeypatch):
    g = table(factions=("vagabond", "hundreds"))
    lord(g, 9)
    mood(g, "rowdy")
    with positions.edit(g) as s:
        s.pawns["vagabond"] = idx(9)
    dice(monkeypatch, battle=(1, 0))
    daylight(g)
    play(g, "command:battle", "battle:9")
    assert g.decision != "hundreds_loot" and "ev.battle" in keys(g)


# ---- Birdsong (LR-14-04) ---------------------------------------------------------------------------------------------------

@rule("LR-14-04", "LR-14-04-01", "RTA-LH-03", "RTA-LH-15", "LR-14-01")
def test_raze_removes_enemy_buildings_and_tokens_takes_a_ruin_item_then_the_mob_die_spreads_a_mob(monkeypatch):
    g = table()
    mobs(g, 5, 10)
    lord(g, 10)
    put(g, "marquise", 5, warriors=2, buildings=["sawmill"], tokens=["wood"])
    put(g, "marquise", 10, buildings=["workshop"])
    dice(monkeypatch, mob=(2,))  # mouse
    since = len(g.state.events)
    birdsong(g)
    order = [p["clearing"] for p in logged(g, "ev.hundreds.raze")]
    assert order == [idx(5), idx(10)]
    assert buildings_at(g, 5) == () and tokens_at(g, 5) == ((NAME, "mob"),) and warriors(g, "marquise", 5) == 2
    assert buildings_at(g, 10) == () and idx(10) not in g.state.ruin_items  # the ruin's last item: the ruin goes
    assert HU.hoard(g.state) == ("hammer",) and g.state.score[me(g)] == 3  # sawmill, wood, workshop
    # the mob die: mouse; the only mouse clearing next to a mob without one is 2
    assert tokens_at(g, 2) == ((NAME, "mob"),) and logged(g, "ev.hundreds.mob_die")[-1]["suit"] == "mouse"
    steps = [k for k in keys(g, since) if k in ("ev.hundreds.raze", "ev.hundreds.mob_die", "ev.hundreds.recruit_warlord",
                                         "ev.hundreds.mood")]
    assert steps == ["ev.hundreds.raze", "ev.hundreds.raze", "ev.hundreds.mob_die", "ev.hundreds.recruit_warlord"]
    assert g.decision == "hundreds_mood"  # Raze, Recruit, (Anoint: he is there), then Choose Mood


@rule("LR-14-04-01", "RTA-LH-03")
def test_the_mob_spreads_only_to_a_matching_clearing_next_to_a_mob_with_a_choice_or_not_at_all(monkeypatch):
    g = table()
    mobs(g, 12)
    lord(g, 12)
    dice(monkeypatch, mob=(0,))  # fox: 12's neighbours 4, 7, 9, 10, 11 hold no fox clearing
    birdsong(g)
    assert "ev.hundreds.no_spread" in keys(g) and HU.mob_clearings(g.state) == [idx(12)]
    g = table()
    mobs(g, 12)
    lord(g, 12)
    dice(monkeypatch, mob=(2,))  # mouse: 7, 9 and 11
    birdsong(g)
    assert g.decision == "hundreds_spread" and g.legal_action_ids() == ["mob_at:7", "mob_at:9", "mob_at:11"]
    play(g, "mob_at:9")
    assert tokens_at(g, 9) == ((NAME, "mob"),)


@rule("LR-14-04-02", "RTA-LH-04")
def test_recruit_prowess_warriors_at_the_warlord_then_one_per_stronghold():
    g = table()
    lord(g, 12)
    hoard(g, "sword", "tea", "hammer")  # Prowess 3
    put(g, NAME, 1, buildings=["stronghold"])
    put(g, NAME, 8, buildings=["stronghold", "stronghold"])
    birdsong(g)
    assert warriors(g, NAME, 12) == 3 and warriors(g, NAME, 1) == 1 and warriors(g, NAME, 8) == 2
    # too few warriors for the strongholds: the Hundreds choose
    g = table()
    lord(g, 12)
    put(g, NAME, 1, buildings=["stronghold"])
    put(g, NAME, 8, buildings=["stronghold"])
    with positions.edit(g) as s:
        s.supply[NAME] = 2
    birdsong(g)
    assert warriors(g, NAME, 12) == 1 and g.decision == "hundreds_recruit"
    assert g.legal_action_ids() == ["recruit_at:1", "recruit_at:8"]
    play(g, "recruit_at:8")
    assert warriors(g, NAME, 8) == 1 and warriors(g, NAME, 1) == 0


@rule("LR-14-04-03", "LR-14-02-02")
def test_anoint_a_warrior_becomes_the_warlord_or_he_appears_anywhere():
    g = table()
    put(g, NAME, 3, warriors=2)
    put(g, NAME, 8, warriors=1)
    birdsong(g)
    assert g.decision == "hundreds_anoint" and g.legal_action_ids() == ["anoint:3", "anoint:8"]
    supply = g.state.supply[NAME]
    play(g, "anoint:8")
    assert g.state.pawns[NAME] == idx(8) and warriors(g, NAME, 8) == 0 and g.state.supply[NAME] == supply + 1
    g = table()
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(1)
        s.tokens[idx(1)] = (("marquise", "keep"),)
    birdsong(g)
    assert g.decision == "hundreds_anoint" and "anoint:1" not in g.legal_action_ids()  # not the keep (LR-06-02-02)
    assert len(g.legal_action_ids()) == 11
    play(g, "anoint:5")
    assert g.state.pawns[NAME] == idx(5)


@rule("LR-14-04-04", "RTA-LH-12", "LR-14-01")
def test_choose_mood_another_card_showing_no_item_of_the_hoard():
    g = table()
    lord(g, 12)
    hoard(g, "boot", "sword")
    birdsong(g)
    assert g.decision == "hundreds_mood"
    assert g.legal_action_ids() == ["mood:bitter", "mood:grandiose", "mood:lavish", "mood:relentless", "mood:rowdy"]
    play(g, "mood:rowdy")
    assert HU.mood(g.state) == "rowdy" and g.decision != "hundreds_mood"
    # Lavish with every item of the moods in the Hoard stays Lavish
    g = table()
    lord(g, 12)
    mood(g, "lavish")
    hoard(g, "hammer", "tea", "boot", "sack", "coin", "crossbow", "sword")
    birdsong(g)
    assert HU.mood(g.state) == "lavish" and "ev.hundreds.stays" in keys(g)


@rule("LR-14-07-04", "RTA-LH-09")
def test_lavish_sells_items_of_the_hoard_for_two_warriors_each_at_the_end_of_birdsong():
    g = table()
    lord(g, 12)
    mood(g, "stubborn")
    hoard(g, "hammer", "tea", "sword", "crossbow", "boot", "sack", "coin")  # only Lavish is open
    birdsong(g)
    assert HU.mood(g.state) == "lavish" and g.decision == "hundreds_lavish"
    before = warriors(g, NAME, 12)
    play(g, "lose:tea")
    assert warriors(g, NAME, 12) == before + 2 and "tea" not in HU.hoard(g.state)
    play(g, "lose:boot", "done")
    assert HU.command(g.state) == 2 and HU.prowess(g.state) == 3 and "ev.hundreds.shifted" in keys(g)
    assert g.state.phase == "daylight"


# ---- Daylight (LR-14-05) ---------------------------------------------------------------------------------------------------

@rule("LR-14-05", "LR-14-05-02", "LR-14-05-02-01", "LR-14-05-02-02", "LR-14-05-02-03", "RTA-LH-06", "RTA-LH-11")
def test_command_the_hundreds_up_to_command_times_move_battle_build(monkeypatch):
    g = table()
    lord(g, 1)
    mood(g, "rowdy")
    hoard(g, "boot", "coin", "sack")  # Command 3
    put(g, NAME, 1, warriors=3)
    put(g, "marquise", 5, warriors=1)
    hand(g, me(g), ["rabbit_ambush", "fox_anvil"])
    dice(monkeypatch, battle=(2, 0))
    daylight(g)
    assert g.decision == "hundreds_command"
    assert g.legal_action_ids()[:2] == ["command:move", "command:build"]  # no enemy to battle yet, 1 ruled (fox)
    play(g, "command:move", "to:5")  # 1 is the only origin
    assert g.decision == "hundreds_warlord_goes"
    play(g, "warlord:stay")
    assert g.legal_action_ids() == ["warriors:1", "warriors:2", "warriors:3"]
    play(g, "warriors:2")
    assert warriors(g, NAME, 5) == 2 and g.state.pawns[NAME] == idx(1)
    play(g, "command:battle", "battle:5")
    assert warriors(g, "marquise", 5) == 0
    play(g, "command:build")
    assert g.decision == "hundreds_build" and g.legal_action_ids() == ["stronghold_at:1", "stronghold_at:5"]
    play(g, "stronghold_at:5")  # rabbit: only the rabbit card matches
    assert (NAME, "stronghold") in buildings_at(g, 5) and g.state.hands[me(g)] == ["fox_anvil"]
    assert not any(a.startswith("command:") for a in g.legal_action_ids())  # three of three
    assert {"LR-14-05-02-01", "LR-14-05-02-02", "LR-14-05-02-03"} <= rules_logged(g)


@rule("LR-14-05-03", "RTA-LH-06")
def test_advance_the_warlord_moves_him_with_any_warriors_then_battles_where_he_is(monkeypatch):
    g = table()
    lord(g, 1)
    mood(g, "rowdy")
    put(g, NAME, 1, warriors=2)
    put(g, "marquise", 9, warriors=1)
    dice(monkeypatch, battle=(1, 0))
    daylight(g)
    play(g, "done")  # no commands
    assert g.decision == "hundreds_advance" and "advance" in g.legal_action_ids()
    play(g, "advance")
    assert g.decision == "hundreds_advance_move" and "to:9" in g.legal_action_ids() and "skip" in g.legal_action_ids()
    play(g, "to:9")
    assert g.legal_action_ids() == ["warriors:0", "warriors:1", "warriors:2"]  # none with him, too
    play(g, "warriors:0")
    assert g.state.pawns[NAME] == idx(9) and warriors(g, NAME, 1) == 2
    assert g.decision == "hundreds_advance_battle" and g.legal_action_ids() == ["battle:9", "skip"]
    play(g, "battle:9")
    assert warriors(g, "marquise", 9) == 0
    assert "advance" not in g.legal_action_ids()  # Prowess 1: one Advance


@rule("LR-14-07-05")
def test_relentless_an_advance_that_moved_and_battled_may_move_or_battle_once_more(monkeypatch):
    g = table()
    lord(g, 1)
    mood(g, "relentless")
    put(g, "marquise", 9, warriors=1)
    put(g, "marquise", 4, warriors=1)
    dice(monkeypatch, battle=(1, 0, 1, 0))
    daylight(g)
    play(g, "done", "advance", "to:9", "battle:9")
    assert g.decision == "hundreds_advance_more"
    assert g.legal_action_ids() == ["relentless:move", "skip"]  # no enemy left in 9
    play(g, "relentless:move", "to:4")
    assert g.state.pawns[NAME] == idx(4) and "LR-14-07-05" in rules_logged(g)
    # an Advance that only moved gets nothing more
    g = table()
    lord(g, 1)
    mood(g, "relentless")
    daylight(g)
    play(g, "done", "advance", "to:9")
    assert g.decision != "hundreds_advance_more"


@rule("LR-14-07-02")
def test_grandiose_advance_comes_before_command():
    g = table()
    lord(g, 1)
    mood(g, "grandiose")
    put(g, NAME, 1, warriors=1)
    daylight(g)
    assert g.decision == "hundreds_advance" and "ev.hundreds.grandiose" in keys(g)
    play(g, "done")
    assert g.decision == "hundreds_command"
    g = table()
    lord(g, 1)
    mood(g, "rowdy")
    put(g, NAME, 1, warriors=1)
    daylight(g)
    assert g.decision == "hundreds_command"


# ---- Evening (LR-14-06) -------------------------------------------------------------------------------------------------------

@rule("LR-14-06", "LR-14-06-01", "RTA-LH-14")
def test_incite_a_card_for_a_mob_where_hundreds_warriors_are():
    g = table()
    lord(g, 12)
    mood(g, "rowdy")
    put(g, NAME, 5, warriors=1)
    put(g, NAME, 9, warriors=1, tokens=["mob"])
    put(g, NAME, 3)
    hand(g, me(g), ["rabbit_ambush", "bird_crossbow"])
    since = len(g.state.events)
    evening(g)
    assert g.decision == "hundreds_incite"
    assert g.legal_action_ids() == ["incite:5", "incite:12", "done"]  # not 9 (a mob already); 12 by the bird card
    play(g, "incite:5")
    assert g.decision == "hundreds_incite_card" and g.legal_action_ids() == ["spend:rabbit_ambush", "spend:bird_crossbow"]
    play(g, "spend:rabbit_ambush")
    assert tokens_at(g, 5) == ((NAME, "mob"),) and "rabbit_ambush" in g.state.discard
    play(g, "incite:12")  # the only card left is spent without asking
    assert tokens_at(g, 12) == ((NAME, "mob"),) and "bird_crossbow" in g.state.discard
    steps = [k for k in keys(g, since) if k in ("ev.hundreds.mob", "ev.hundreds.oppress", "ev.draw")]
    assert steps[:4] == ["ev.hundreds.mob", "ev.hundreds.mob", "ev.hundreds.oppress", "ev.draw"]  # Incite, Oppress, Draw


@rule("LR-14-07-03", "RTA-LH-14")
def test_jubilant_inciting_by_the_warlord_rolls_up_to_four_more_mobs(monkeypatch):
    g = table()
    lord(g, 12)
    mood(g, "jubilant")
    hand(g, me(g), ["fox_anvil"])
    dice(monkeypatch, mob=(2, 0, 1, 2))
    evening(g)
    play(g, "incite:12")
    assert g.decision == "hundreds_jubilant"
    play(g, "jubilant:roll")  # mouse: 7, 9, 11 next to 12
    assert g.decision == "hundreds_spread"
    play(g, "mob_at:7", "jubilant:roll")  # fox: 8 next to 7
    assert tokens_at(g, 8) == ((NAME, "mob"),)
    play(g, "jubilant:roll")  # rabbit: 4 (next to 8 and 12) or 10 (next to 12)
    play(g, "mob_at:10", "jubilant:roll")  # mouse again: 9 or 11
    play(g, "mob_at:9")
    assert g.decision != "hundreds_jubilant" and len(HU.mob_clearings(g.state)) == 5  # four rolls at most
    # inciting away from the warlord: no roll
    g = table()
    lord(g, 12)
    mood(g, "jubilant")
    put(g, NAME, 8, warriors=1)
    hand(g, me(g), ["fox_anvil"])
    evening(g)
    play(g, "incite:8")
    assert g.decision != "hundreds_jubilant"


@rule("LR-14-06-02", "LR-14-01")
def test_oppress_scores_by_the_clearings_ruled_with_a_hundreds_piece_and_no_enemy_piece():
    expect = {0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4, 7: 4}
    for n, points in expect.items():
        g = table()
        for c in range(1, n + 1):
            put(g, NAME, c, warriors=1)
        evening(g)
        assert logged(g, "ev.hundreds.oppress")[-1]["n"] == n and g.state.score[me(g)] == points
    g = table(factions=("marquise", "hundreds", "alliance"))
    put(g, NAME, 1, warriors=2)
    put(g, NAME, 2, warriors=2, tokens=["mob"])
    put(g, NAME, 3, warriors=2)
    put(g, "alliance", 3, tokens=["sympathy"])  # an enemy token: not oppressed
    put(g, NAME, 4, warriors=1)
    put(g, "marquise", 4, warriors=1)  # not ruled
    lord(g, 5)
    evening(g)
    assert logged(g, "ev.hundreds.oppress")[-1]["clearings"] == [idx(1), idx(2), idx(5)]


@rule("LR-14-06-03", "LR-14-07-06")
def test_evening_draws_one_rowdy_more_then_the_hand_limit():
    g = table()
    lord(g, 12)
    evening(g)
    assert len(g.state.hands[me(g)]) == 1
    g = table()
    lord(g, 12)
    mood(g, "rowdy")
    evening(g)
    assert len(g.state.hands[me(g)]) == 2
    g = table()
    lord(g, 12)
    mood(g, "rowdy")
    put(g, "marquise", 12, warriors=2, buildings=["sawmill"])  # three enemy pieces
    evening(g)
    assert len(g.state.hands[me(g)]) == 3 and "LR-14-07-06" in rules_logged(g)
    g = table()
    lord(g, 12)
    hand(g, me(g), ["fox_anvil", "fox_ambush", "mouse_sword", "mouse_crossbow", "rabbit_ambush"])
    evening(g)
    play(g, "done")
    assert g.decision == "discard"
    play(g, "discard:fox_ambush")
    assert len(g.state.hands[me(g)]) == 5


# ---- moods in battle (LR-14-07) -----------------------------------------------------------------------------------------------

@rule("LR-14-07-07", "LR-14-03-04")
def test_stubborn_ignores_the_first_hit_in_the_warlords_clearing(monkeypatch):
    g = table()
    lord(g, 8)
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=3)
    dice(monkeypatch, battle=(2, 0))
    cat_daylight(g)
    play(g, "battle", "battle:8")
    if g.decision == "hundreds_hits":
        play(g, "lose:warrior")
    assert warriors(g, NAME, 8) == 2 and g.state.pawns[NAME] == idx(8)  # two hits, one ignored
    assert "LR-14-07-07" in rules_logged(g)
    g = table()
    lord(g, 12)
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=3)
    dice(monkeypatch, battle=(2, 0))
    cat_daylight(g)
    play(g, "battle", "battle:8")
    assert warriors(g, NAME, 8) == 1  # away from the warlord: no help


@rule("LR-14-07-08")
def test_wrathful_deals_an_extra_hit_attacking_in_the_warlords_clearing(monkeypatch):
    g = table()
    lord(g, 8)
    mood(g, "wrathful")
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=4)
    dice(monkeypatch, battle=(1, 0))
    daylight(g)
    play(g, "command:battle", "battle:8")
    assert warriors(g, "marquise", 8) == 2
    g = table()
    lord(g, 1)
    mood(g, "wrathful")
    put(g, NAME, 8, warriors=3)
    put(g, "marquise", 8, warriors=4)
    dice(monkeypatch, battle=(1, 0))
    daylight(g)
    play(g, "command:battle", "battle:8")
    assert warriors(g, "marquise", 8) == 3


@rule("LR-14-07-01", "RTA-LH-13")
def test_bitter_turns_mobs_by_the_warlord_into_warriors_before_the_roll(monkeypatch):
    g = table()
    lord(g, 12)
    mood(g, "bitter")
    put(g, NAME, 12, warriors=1)
    mobs(g, 12, 9, 8)  # 8 is not next to 12
    put(g, "marquise", 12, warriors=3)
    dice(monkeypatch, battle=(0, 0))
    cat_daylight(g)
    play(g, "battle", "battle:12")
    assert g.decision == "battle_effects" and g.to_play == me(g)  # the defender, before the roll
    assert g.legal_action_ids() == ["effect:bitter:9", "effect:bitter:12", "done"]
    play(g, "effect:bitter:9", "effect:bitter:12")  # none left to remove: the battle goes on
    assert warriors(g, NAME, 12) == 3 and HU.mob_clearings(g.state) == [idx(8)]
    assert "LR-14-07-01" in rules_logged(g)


# ---- hidden information, bots, tables --------------------------------------------------------------------------------------------

@rule("RTA-LH-01")
def test_everything_of_the_hundreds_is_public_but_their_hand():
    g = table(factions=("marquise", "eyrie", "hundreds"))
    lord(g, 12)
    hoard(g, "boot", "sword")
    mobs(g, 9)
    hand(g, me(g), ["fox_anvil", "mouse_sword"])
    mine = g.view(me(g))[NAME]
    for seat in (cat(g), g.state.seat_of("eyrie"), None):
        view = g.view(seat)
        assert view[NAME] == mine
        assert view[NAME]["hoard"] == {"command": ["boot"], "prowess": ["sword"]} and view[NAME]["warlord"] == "12"
        assert "fox_anvil" not in json.dumps(view) and view["hands"][str(me(g))]["count"] == 2
        assert hidden_paths(view, RULESET.zones_of(g.state), seat, g.state.known_to(seat)) == []
    probe = g.clone()
    RULESET.resample_hidden(probe.state, cat(g), Stream(1))
    assert probe.state.mods[NAME].mood == "stubborn" and probe.state.crafted == g.state.crafted


def test_bots_value_the_warlord_the_hoard_and_mobs():
    g = table()
    before = base_potential(g.state)[me(g)] + HU.potential(g.state, me(g))
    lord(g, 12)
    hoard(g, "boot", "sword")
    mobs(g, 9)
    after = base_potential(g.state)[me(g)] + HU.potential(g.state, me(g))
    assert after > before and HU.potential(g.state, cat(g)) == 0


@pytest.mark.parametrize("players, factions, options", [
    (2, ["hundreds", "marquise"], {}), (3, ["marquise", "eyrie", "hundreds"], {"map": "winter"}),
    (4, ["hundreds", "marquise", "alliance", "vagabond"], {"map": "lake", "hirelings": "random"}),
    (5, ["marquise", "eyrie", "lizard", "vagabond", "hundreds"], {"map": "mountain", "deck": "exiles"}),
])
def test_random_and_greedy_games_with_the_hundreds_end(players, factions, options):
    games_end(players, factions, options)


def test_random_drafts_with_the_hundreds_end():
    for seed, players in ((0, 2), (1, 3), (2, 4)):
        g = boardlab.new_game("root", players, seed=seed, options={
            "setup": "advanced", "turn_limit": 30, "hirelings": "random" if players > 2 else "off",
            "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "corvid", "hundreds"]})
        play_out(g, "random", seed=seed)


def test_the_board_on_the_terminal_and_web_tables_in_every_language():
    g = table()
    lord(g, 12)
    hoard(g, "boot", "sword")
    mobs(g, 9)
    rules = ruleset("root")
    text = rules.render_text(g.view(cat(g)), "en")
    assert "Warlord in 12 · mood Stubborn · Command 2, Prowess 2" in text and "Hoard: Command: boot" in text
    assert "mobs in: 9" in text
    assert "軍閥" in rules.render_text(g.view(cat(g)), "zh-Hant") and "军阀" in rules.render_text(g.view(0), "zh-Hans")
    svg = render_board(g.view(me(g)), "en", [])
    assert 'data-board="hundreds" data-warlord="12" data-mood="stubborn" data-command="2"' in svg
    assert 'data-track="prowess" data-items="sword"' in svg


def test_random_games_with_the_hundreds_render_and_click_exactly_the_legal_ids_naming_things():
    render_and_click(((1, ["hundreds", "marquise"], "autumn"), (2, ["eyrie", "hundreds", "alliance"], "lake")))


@rule("LR-14-02-04-01", "RTA-LH-09")
def test_an_item_the_brigand_explores_for_the_hundreds_goes_into_the_hoard_by_its_rules():
    from test_root_hirelings import blank, control, game, side

    exile = "exile"
    g = blank(game(("hundreds", "marquise", "eyrie"), (exile,), seed=5))
    side(g, exile, True)
    control(g, exile, me(g))
    with positions.edit(g) as s:
        s.ruin_items = {idx(6): ("boot",)}
    hoard(g, "boot", "coin", "sack", "sack")  # Command full
    mood(g, "rowdy")
    put(g, NAME, 6, warriors=1)
    lord(g, 6)
    start(g, me(g), "daylight.start")
    play(g, f"hireling:{exile}:explore")
    assert g.decision == "hundreds_overflow" and g.legal_action_ids() == ["lose:boot", "lose:coin", "lose:sack"]
    play(g, "lose:sack")
    assert sorted(HU.hoard(g.state)) == ["boot", "boot", "coin", "sack"] and g.state.score[me(g)] == 1


# ---- the warlord counted as a warrior by other factions' rules (RTA-LH-05) -------------------------------------------

@pytest.mark.rule("LR-08-04-02-02-01", "RTA-LH-05")
def test_martial_law_counts_the_warlord_among_the_hundreds_warriors():
    from boardlab.games.root.modules import alliance as AL
    g = table(factions=("alliance", NAME))
    put(g, NAME, 5, 2)
    before = AL.spread_cost(g.state, idx(5))
    assert not AL.martial_law(g.state, idx(5))  # two warriors: no Martial Law
    lord(g, 5)
    assert AL.martial_law(g.state, idx(5)) and AL.spread_cost(g.state, idx(5)) == before + 1


@pytest.mark.rule("LR-09-02-09-03-02", "RTA-LH-05")
def test_the_warlord_alone_is_a_hostile_warrior_for_the_vagabonds_moves():
    from boardlab.games.root.modules import vagabond_core as VC
    g = table(factions=("vagabond", NAME))
    lord(g, 5)
    with positions.edit(g) as s:
        VC.set_rel(s, "vagabond", NAME, VC.HOSTILE)
    assert VC.hostile_warriors_in(g.state, "vagabond", idx(5))
    assert not VC.hostile_warriors_in(g.state, "vagabond", idx(6))
