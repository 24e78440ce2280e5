"""The Law of Root's components appendix (LR-AC-*): what each box holds, against the engine's content and setup.

The Law's numbers are written here, not read from the data, so that a wrong number in data/ fails. Where a box
holds something the engine deliberately leaves out (booklets, overview cards, Rootbotics, landmarks, the Marsh and
Gorge maps, the Squires and Disciples deck), the test checks what the engine does about it: the option is refused
by name, or no option, faction, map or deck pretends to offer it (docs/root-rulings.md RTA-AS-12, RTA-MAP-08,
RTA-AC-*)."""
from __future__ import annotations

import itertools
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from root_helpers import clear, hand, new, play, put, set_up, start

import boardlab
from boardlab.core.errors import ConfigError
from boardlab.games.root import RULESET, RootOptions
from boardlab.games.root import board as B
from boardlab.games.root.content import (ADDED_CARDS, CARDS, CHARACTERS, DECKS, FACTIONS, HIRELING_DATA, HIRELINGS,
                                         ITEM_SUPPLY, ITEMS, MAPS, QUESTS, SETUP_CARDS)
from boardlab.games.root.modules import (alliance, corvid, duchy, eyrie, hundreds, keepers, knaves, lilypad, lizard,
                                         marquise, riverfolk, twilight, vagabond_core)
from boardlab.games.root.modules.hirelings import SCHEMES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import root_rule_texts as texts_tool  # noqa: E402

rule = pytest.mark.rule
LAW = texts_tool.CATALOGUE  # shared/rules/root-law.yaml: the Law, every clause

BASE_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")
BASE_CHARACTERS = ("thief", "tinker", "ranger")
RIVERFOLK_CHARACTERS = ("vagrant", "arbiter", "scoundrel")
PACK_CHARACTERS = ("adventurer", "harrier", "ronin")
HOMELAND_CHARACTERS = ("jailor", "gladiator", "cheat")
RUIN_SET = Counter(sack=1, boot=1, hammer=1, sword=1)  # the "R" items, one set per Vagabond (LR-09-03-04)


def option_values(name: str) -> set[str]:
    """The values an option's schema accepts (a Literal, or a list of a Literal)."""
    schema = RootOptions.model_json_schema()
    prop = schema["properties"][name]
    found: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            if "enum" in node:
                found.update(node["enum"])
            if "const" in node:
                found.add(node["const"])
            if "$ref" in node:
                walk(schema["$defs"][node["$ref"].rsplit("/", 1)[1]])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(prop)
    return found


def refused(players: int, **options) -> str:
    with pytest.raises(ConfigError) as err:
        boardlab.new_game("root", players, seed=1, options=options)
    return str(err.value)


def pieces_on_map(g, owner: str) -> Counter:
    s = g.state
    return Counter(k for c in s.buildings + s.tokens for o, k in c if o == owner)


def items_needed(characters) -> Counter:
    """Starting items enough for any one of these characters: the most of each kind one of them needs."""
    need: Counter = Counter()
    for c in characters:
        need |= Counter(CHARACTERS[c].items)
    return need


# ---- booklets and printed aids: the engine's rule book is the Law ----------------------------------------------

@rule("LR-AC-01-01", "LR-AC-02-01", "LR-AC-03-01", "LR-AC-04-01", "LR-AC-05-01", "LR-AC-11-01", "LR-AC-01-04")
def test_the_engine_carries_this_law_as_its_rule_book_and_no_walkthrough_or_overview():
    """The boxes' booklets: "this Law" is the engine's rule book (`boardlab rules root`: every clause of the Law
    has its text there, in three languages); the Walkthrough, the Learning to Play booklets and the walkthrough
    and faction overview cards are printed teaching aids with no engine counterpart: no option offers them."""
    book = RULESET.rule_texts()
    if LAW.is_file():   # the catalogue beside the repo: each of its clauses
        ids = [c["id"] for c in yaml.safe_load(LAW.read_text(encoding="utf-8"))]
    else:               # a checkout alone: the Law's clauses the rule book holds
        ids = [i for i in book if i.startswith("LR-")]
    assert len(ids) >= 705
    for lang in ("en", "zh-Hant", "zh-Hans"):
        missing = [i for i in ids if i not in book or not RULESET.rule_text(i, lang)]
        assert missing == [], (lang, missing[:5])
    names = " ".join(RootOptions.model_json_schema()["properties"]).lower()
    for aid in ("walkthrough", "learning", "tutorial", "overview", "booklet"):
        assert aid not in names


# ---- Root, the base game ------------------------------------------------------------------------------------

@rule("LR-AC-01-02", "LR-06-03-01", "LR-07-03-02", "LR-08-03-02", "LR-08-03-03")
def test_base_game_buildings_and_tokens():
    """28 buildings (7 roosts, 6 sawmills, 6 recruiters, 6 workshops, 3 bases) and 19 tokens (10 sympathy,
    8 wood, 1 keep): the faction boards' data, and what a setup puts out and keeps on the tracks."""
    assert eyrie.BOARD["roosts"] == 7
    assert marquise.BOARD["buildings"] == 6 and set(marquise.BOARD["points"]) == {"sawmill", "workshop", "recruiter"}
    assert len(alliance.BOARD["bases"]) == 3 and set(alliance.BOARD["bases"]) == {"fox", "rabbit", "mouse"}
    assert alliance.BOARD["sympathy"] == 10 and len(alliance.BOARD["cost"]) == len(alliance.BOARD["points"]) == 10
    assert marquise.BOARD["wood"] == 8
    g = set_up(new(BASE_FACTIONS, seed=4))
    cat = pieces_on_map(g, "marquise")
    assert cat["keep"] == 1 and cat["sawmill"] == cat["workshop"] == cat["recruiter"] == 1
    assert pieces_on_map(g, "eyrie") == Counter(roost=1)
    assert g.state.mods["marquise"].wood + cat["wood"] == 8  # her supply and the map


@rule("LR-AC-01-02", "RTA-AS-11")
def test_base_game_clearing_markers_and_ruins():
    """12 clearing markers (4 of each suit) for the Winter map's blank clearings, 4 ruins on each base map."""
    for seed in (1, 2, 3):
        assert Counter(new(seed=seed, map="winter").state.suits) == Counter(fox=4, rabbit=4, mouse=4)
    for name in ("autumn", "winter"):
        assert len(MAPS[name].ruins) == 4
        assert Counter(MAPS[name].printed_suits)["random"] == (12 if name == "winter" else 0)
    s = new(seed=1, map="winter").state
    assert sum(b.count(("", "ruin")) for b in s.buildings) == 4


@rule("LR-AC-01-02", "LR-AC-01-03")
def test_base_game_markers_for_four_factions():
    """4 victory point markers, 3 relationship markers, 1 Vagabond pawn: a four-faction base game scores four
    seats, the Vagabond keeps a relationship with each of the three others and stands as one pawn."""
    g = set_up(new(BASE_FACTIONS, seed=4))
    assert len(g.state.score) == 4
    assert set(g.state.mods["vagabond"].rel) == {"marquise", "eyrie", "alliance"}
    assert list(g.state.pawns) == ["vagabond"] and B.is_forest(g.state.pawns["vagabond"])


@rule("LR-AC-01-02", "LR-05-01-05", "LR-09-03-04")
def test_base_game_items_cover_the_supply_the_ruins_and_any_base_character():
    """23 items (4 boots, 4 swords, 4 bags, 3 hammers, 3 tea, 2 coins, 2 crossbows, 1 torch): exactly the item
    supply at setup, one set of ruin items and the starting items of whichever base character is chosen."""
    box = Counter(boot=4, sword=4, sack=4, hammer=3, tea=3, coin=2, crossbow=2, torch=1)
    assert sum(box.values()) == 23 and set(box) == set(ITEMS)
    assert Counter(ITEM_SUPPLY) + RUIN_SET + items_needed(BASE_CHARACTERS) == box
    assert Counter(vagabond_core.BOARD["ruin_items"]) == RUIN_SET
    g = set_up(new(BASE_FACTIONS, seed=4))
    s = g.state
    kit = Counter(i[0] for i in s.mods["vagabond"].items)
    in_play = Counter(s.items) + Counter(i for items in s.ruin_items.values() for i in items) + kit
    assert in_play <= box


@rule("LR-AC-01-03", "LR-AC-02-03", "LR-AC-03-03", "LR-AC-04-03", "LR-AC-05-03", "LR-06-03-01", "LR-08-03-01")
@pytest.mark.parametrize("faction, law", [
    ("marquise", 25), ("eyrie", 20), ("alliance", 10), ("vagabond", 0), ("lizard", 25), ("riverfolk", 15),
    ("duchy", 20), ("corvid", 15), ("hundreds", 20), ("keepers", 15), ("lilypad", 20), ("twilight", 20),
    ("knaves", 10)])
def test_faction_warriors_in_the_supply(faction, law):
    """The wooden warriors of each box: 25 Marquise, 20 Eyrie, 10 Alliance (base); 25 Lizard, 15 Riverfolk;
    20 Duchy, 15 Corvid; 20 Hundreds, 15 Keepers; 20 Diaspora, 20 Council, 10 Skunks (the Captains apart):
    the supply a faction starts with, and all of them in the supply, on the map or on its board after setup."""
    assert FACTIONS[faction].warriors == law
    others = [f for f in ("marquise", "eyrie", "alliance", "lizard") if f != faction][:2]
    g = new([faction, *others], seed=2)
    assert g.state.supply[faction] == law
    set_up(g)
    s = g.state
    assert s.supply[faction] + sum(s.warriors.get(faction, ())) + on_board(s, faction) == law


def on_board(s, faction: str) -> int:
    """A faction's own warriors off the map after setup: on its board (Officers, the Riverfolk's boxes, Acolytes,
    Loyalists) or in forests (Skunks); the Burrow is the Duchy's thirteenth place of `warriors`."""
    m = s.mods.get(faction)
    return {"alliance": lambda: m.officers, "riverfolk": lambda: sum(box.get(faction, 0) for box in (m.payments, m.funds, m.committed)),
            "knaves": lambda: sum(m.skunks.values()), "lizard": lambda: m.acolytes,
            "twilight": lambda: m.loyalists}.get(faction, lambda: 0)()


@rule("LR-AC-01-04", "LR-05-01-03")
def test_base_game_cards():
    """54 shared deck cards, 4 Eyrie leaders, 2 Loyal Viziers, 3 Vagabond characters, 15 quests."""
    assert len(DECKS["standard"]) == 54
    assert set(eyrie.BOARD["leaders"]) == {"builder", "charismatic", "commander", "despot"}
    g = set_up(new(BASE_FACTIONS, seed=4))
    decree = g.state.mods["eyrie"].decree
    assert sum(cards.count("vizier") for cards in decree.values()) == 2
    assert set(BASE_CHARACTERS) <= set(CHARACTERS)
    assert len(QUESTS) == 15 and Counter(q.suit for q in QUESTS) == Counter(fox=5, rabbit=5, mouse=5)


@rule("LR-AC-01-05", "LR-AC-03-05", "LR-AC-05-05", "LR-04-03-03")
def test_two_battle_dice_of_four_faces():
    """2 battle dice (the base game, Underworld and Homeland each bring a pair): a battle rolls two dice, each
    0-3."""
    seen = set()
    for seed in range(12):
        g = set_up(new(("marquise", "eyrie"), seed=seed))
        clear(g)
        put(g, "marquise", 1, warriors=3)
        put(g, "eyrie", 1, warriors=3)
        for seat in range(2):
            hand(g, seat, [])
        cat = g.state.seat_of("marquise")
        start(g, cat, "daylight.start")
        play(g, "battle", "battle:1")
        rolls = [p["dice"] for _, k, p in ((e.rules, e.key, e.params) for e in g.state.events) if k == "ev.roll"]
        assert len(rolls) == 1 and len(rolls[0]) == 2
        seen.update(rolls[0])
    assert seen == {0, 1, 2, 3}


@rule("LR-AC-01-05", "LR-AC-03-05", "LR-AC-05-05", "RTA-MAP-08", "LR-AG-14")
def test_the_boards_maps_offered_and_the_homeland_maps_refused():
    """The base board (Fall and Winter), the Underworld board (Lake and Mountain) are the map option's values;
    the Homeland board (Marsh and Gorge) is not implemented: its names are refused, naming the value."""
    assert option_values("map") == {"autumn", "winter", "lake", "mountain"} == set(MAPS)
    for name in ("marsh", "gorge"):
        text = refused(2, map=name)
        assert name in text and "map" in text


@rule("LR-AC-01-05", "LR-AC-02-05", "LR-AC-03-05", "LR-AC-04-05", "LR-AC-05-05")
def test_faction_boards_by_box():
    """Faction boards: Marquise, Eyrie, Alliance, Vagabond (base); Second Vagabond, Riverfolk, Lizard (Riverfolk:
    the Mechanical Marquise is Rootbotics, below); Duchy, Corvid; Hundreds, Keepers; Diaspora, Council, Knaves.
    Each is a faction the option accepts."""
    boxes = {"base": {"marquise", "eyrie", "alliance", "vagabond"},
             "riverfolk": {"vagabond2", "riverfolk", "lizard"}, "underworld": {"duchy", "corvid"},
             "marauder": {"hundreds", "keepers"}, "homeland": {"lilypad", "twilight", "knaves"}}
    offered = option_values("factions")
    assert set().union(*boxes.values()) == offered == set(FACTIONS)
    assert "mechanical_marquise" not in offered


# ---- Riverfolk expansion ----------------------------------------------------------------------------------

@rule("LR-AC-02-02", "LR-10-03-04", "LR-11-03-03")
def test_riverfolk_buildings_and_tokens():
    """15 gardens (5 per suit), 9 trade posts (3 per suit)."""
    assert lizard.BOARD["gardens"] == 5 and len(lizard.BOARD["suits"]) == 3 and len(lizard.BOARD["points"]) == 5
    assert riverfolk.BOARD["trade_posts"] == 3 and len(riverfolk.BOARD["suits"]) == 3
    g = set_up(new(("lizard", "riverfolk", "marquise"), seed=3))
    assert pieces_on_map(g, "lizard") == Counter(garden=1) and pieces_on_map(g, "riverfolk") == Counter()


@rule("LR-AC-02-02", "LR-09-07-01")
def test_riverfolk_items_cover_a_second_vagabond():
    """11 items (3 boots, 3 swords, 1 bag, 1 hammer, 1 torch, 1 coins, 1 crossbow): a second set of ruin items
    and the starting items of whichever Riverfolk character is chosen; a two-Vagabond game has two sets."""
    box = Counter(boot=3, sword=3, sack=1, hammer=1, torch=1, coin=1, crossbow=1)
    assert sum(box.values()) == 11
    assert RUIN_SET + items_needed(RIVERFOLK_CHARACTERS) == box
    g = set_up(new(("marquise", "eyrie", "vagabond", "vagabond2"), seed=2))
    ruins = Counter(i for items in g.state.ruin_items.values() for i in items)
    assert ruins == RUIN_SET + RUIN_SET


@rule("LR-AC-02-02", "LR-AC-02-05", "LR-10-02-01")
def test_riverfolk_outcast_relationships_and_services():
    """1 outcast marker (the Lizard Cult's Outcast, one suit at a time), 9 relationship markers (a second
    Vagabond's, and more factions for both), 3 service markers (the Riverfolk's three Services tracks)."""
    g = set_up(new(("marquise", "eyrie", "vagabond", "vagabond2", "lizard"), seed=2))
    assert g.state.mods["lizard"].outcast in ("fox", "rabbit", "mouse")
    markers = sum(len(g.state.mods[v].rel) for v in ("vagabond", "vagabond2"))
    assert markers == 6 and markers <= 3 + 9
    assert len(riverfolk.BOARD["services"]) == 3
    g = set_up(new(("riverfolk", "marquise"), seed=2))
    assert set(g.state.mods["riverfolk"].prices) == {"hand_card", "riverboats", "mercenaries"}


@rule("LR-AC-02-04", "LR-AC-02-03", "LR-09-07")
def test_riverfolk_cards_and_second_vagabond_pawn():
    """3 Vagabond characters (Vagrant, Arbiter, Scoundrel), 1 more Vagabond pawn. The 4 spy cards and the 2
    overviews have no engine counterpart (the references do not give the spy cards' use): no option and no deck
    card is a spy."""
    assert set(RIVERFOLK_CHARACTERS) <= set(option_values("vagabond"))
    g = set_up(new(("marquise", "eyrie", "vagabond", "vagabond2"), seed=2, vagabond=["vagrant", "scoundrel"]))
    assert set(g.state.pawns) == {"vagabond", "vagabond2"}
    assert (g.state.mods["vagabond"].character, g.state.mods["vagabond2"].character) == ("vagrant", "scoundrel")
    assert not any("spy" in name for name in RootOptions.model_json_schema()["properties"])
    assert not any("spy" in card for card in CARDS)


# ---- Underworld expansion -----------------------------------------------------------------------------------

@rule("LR-AC-03-02", "LR-12-03-01", "LR-12-03-04", "LR-13-02-02")
def test_underworld_buildings_and_tokens():
    """6 buildings (3 markets, 3 citadels), 19 tokens (8 plots, 8 spare plots, 3 tunnels), the Burrow, 6 closed
    path markers. The 8 spare plots are blanks the engine does not need (plots are face-down data)."""
    assert (duchy.BOARD["markets"], duchy.BOARD["citadels"], duchy.BOARD["tunnels"]) == (3, 3, 3)
    assert corvid.BOARD["plots"] == {"bomb": 2, "snare": 2, "extortion": 2, "raid": 2}
    assert len(MAPS["mountain"].closed_at_start) == 6
    g = set_up(new(("duchy", "corvid", "marquise"), seed=3))
    assert pieces_on_map(g, "duchy") == Counter(tunnel=1)
    assert sorted(g.state.mods["corvid"].supply) == sorted(["bomb", "snare", "extortion", "raid"] * 2)
    assert len(g.state.warriors["duchy"]) == 13  # the twelve clearings and the Burrow
    assert len(new(seed=1, map="mountain").state.closed) == 6


@rule("LR-AC-03-03", "LR-AC-03-04", "LR-12-03-05", "LR-12-03-06")
def test_underworld_ferry_tower_crowns_and_ministers():
    """1 Ferry (Lake), 1 Tower (the Mountain's Pass), 9 crowns (3 per rank), 9 ministers."""
    assert MAPS["lake"].ferry_start is not None and new(seed=1, map="lake").state.ferry == MAPS["lake"].ferry_start
    assert sum(c.ferry for c in MAPS["lake"].data.clearings) == 1
    assert sum(c.pass_ for c in MAPS["mountain"].data.clearings) == 1
    assert sum(len(v) for v in duchy.BOARD["crowns"].values()) == 9
    assert len(duchy.BOARD["ministers"]) == 9
    assert Counter(duchy.BOARD["ministers"].values()) == Counter(squire=3, noble=3, lord=3)


# ---- Marauder expansion -------------------------------------------------------------------------------------

@rule("LR-AC-04-02", "LR-14-03-01", "LR-15-02-01", "LR-15-02-02")
def test_marauder_buildings_and_tokens():
    """9 buildings (3 waystations, 6 strongholds), 17 tokens (12 relics, 5 mobs): the boards' data, and the
    relics a setup hides in the forests (four of each type)."""
    assert len(keepers.BOARD["waystations"]) == 3
    assert hundreds.BOARD["strongholds"] == 6 and hundreds.BOARD["mobs"] == 5
    assert len(keepers.BOARD["relic_types"]) * len(keepers.BOARD["relic_values"]) == 12
    g = set_up(new(("keepers", "hundreds", "marquise"), seed=3))
    relics = [t for kinds in g.state.mods["keepers"].forests.values() for t in kinds]
    assert Counter(relics) == Counter(figures=4, tablets=4, jewelry=4)
    assert pieces_on_map(g, "hundreds") == Counter(stronghold=1)


@rule("LR-AC-04-02", "LR-AC-11-02", "LR-AA-06-04")
def test_hireling_markers_control_markers_and_clubs():
    """3 hireling markers (on 4, 8 and 12 points), 12 control markers, 3 club items (the Exile's)."""
    assert HIRELING_DATA.markers == (4, 8, 12)
    assert HIRELING_DATA.control_markers == 12
    assert HIRELINGS["exile"].pieces.items == {"club": 3} and HIRELINGS["exile"].pieces.pawns == 1


@rule("LR-AC-04-03", "LR-14-03-02")
def test_marauder_wooden_pieces():
    """56 warriors (20 Hundreds, 15 Keepers, 12 Patrol, 5 Dynasty, 4 Uprising), 1 warlord, 1 Exile pawn."""
    assert (FACTIONS["hundreds"].warriors, FACTIONS["keepers"].warriors) == (20, 15)
    assert [HIRELINGS[h].pieces.warriors for h in ("forest_patrol", "last_dynasty", "spring_uprising")] == [12, 5, 4]
    g = set_up(new(("hundreds", "marquise"), seed=3))
    assert list(g.state.pawns) == ["hundreds"]  # the warlord, one pawn
    assert HIRELINGS["exile"].pieces.pawns == 1


@rule("LR-AC-04-04", "LR-14-03-04", "LR-15-03-05", "LR-AA-08")
def test_marauder_cards():
    """8 moods, 3 Faithful Retainers, 10 faction setup cards, 4 hirelings (the box's own: Patrol, Dynasty,
    Uprising, Exile)."""
    assert len(hundreds.BOARD["moods"]) == 8
    assert set_up(new(("hundreds", "marquise"), seed=3)).state.mods["hundreds"].mood == "stubborn"
    assert len(keepers.BOARD["retainers"]) == 3
    g = set_up(new(("keepers", "marquise"), seed=3))
    assert sorted(c for cards in g.state.mods["keepers"].retinue.values() for c in cards) == \
        ["retainer1", "retainer2", "retainer3"]
    marauder_box = {"marquise", "eyrie", "alliance", "vagabond", "lizard", "riverfolk", "duchy", "corvid",
                    "hundreds", "keepers"}
    assert {SETUP_CARDS[k].faction for k in SETUP_CARDS if SETUP_CARDS[k].faction in marauder_box} == marauder_box
    assert {h for h, spec in HIRELINGS.items() if spec.pack == "marauder"} == \
        {"forest_patrol", "last_dynasty", "spring_uprising", "exile"}


@rule("LR-AC-04-04", "LR-AC-05-04", "RTA-AC-01")
def test_setup_cards_ten_and_three_and_the_second_vagabond_card():
    """The Marauder box's 10 setup cards and the Homeland's 3 make 13; the engine has 14: the second Vagabond
    card that the Advanced Setup names (LR-AA-08-01) is kept apart, not recommended (RTA-AC-01)."""
    cards = set(SETUP_CARDS)
    assert len(cards) == 14 and "vagabond2" in cards and not SETUP_CARDS["vagabond2"].recommended
    homeland = {k for k in cards if SETUP_CARDS[k].faction in ("lilypad", "twilight", "knaves")}
    assert len(homeland) == 3 and len(cards - homeland - {"vagabond2"}) == 10


@rule("LR-AC-04-05", "LR-AC-11-05", "LR-AH-01-02")
def test_marauder_dice_mob_uprising_control():
    """3 dice: the mob die (a suit a face), the Uprising die, the control die; the Law's hireling control rolls
    that one control die (the gold pips when leading, all its pips otherwise)."""
    assert set(hundreds.BOARD["mob_die"]) == {"fox", "rabbit", "mouse"}
    dice = HIRELING_DATA.dice
    assert set(dice["uprising"].faces) == {"fox", "rabbit", "mouse"} and len(dice["uprising"].faces) == 6
    control = dice["control"]
    assert len(control.gold) == len(control.all) == 6
    assert all(g <= a for g, a in zip(control.gold, control.all))
    g = set_up(new(("marquise", "eyrie", "alliance"), seed=3, hirelings=["popular_band", "flame_bearers",
                                                                          "vault_keepers"], hireling_control="law"))
    s = g.state
    s.score = [5, 1, 1]
    lead = SCHEMES["law"].die(s, 0, False)
    other = SCHEMES["law"].die(s, 1, False)
    assert (lead[0], lead[1]) == ("control_gold", control.gold)
    assert (other[0], other[1]) == ("control_all", control.all)


# ---- Homeland expansion -------------------------------------------------------------------------------------

@rule("LR-AC-05-02", "LR-16-03-01", "LR-17-03-03", "LR-18-02-03")
def test_homeland_tokens():
    """26 tokens (12 enclaves, 6 assemblies, 8 acclaim)."""
    assert lilypad.BOARD["enclaves"] == 12
    assert twilight.BOARD["assemblies"] == 6
    assert knaves.BOARD["acclaim"] == 8 and sum(knaves.BOARD["acclaim_slots"]) == 8


@rule("LR-AC-05-02", "LR-18-03-04")
def test_homeland_items_are_the_knaves_stash_kinds():
    """28 items (4 coins, 4 boots, 4 swords, 5 tea, 4 hammers, 4 bags, 3 crossbows), no torch: every Captain's
    starting items are of these kinds, and a setup's stash holds the 6 items of its 3 Captains."""
    box = Counter(coin=4, boot=4, sword=4, tea=5, hammer=4, sack=4, crossbow=3)
    assert sum(box.values()) == 28 and set(box) == set(ITEMS) - {"torch"}
    captains = knaves.BOARD["captains"]
    assert {i for c in captains.values() for i in c["items"]} == set(box)
    for trio in itertools.combinations(captains, 3):
        assert Counter(i for c in trio for i in captains[c]["items"]) <= box
    g = set_up(new(("knaves", "marquise"), seed=3))
    m = g.state.mods["knaves"]
    assert Counter(i for i, _ in m.stash) == Counter(i for c in m.captains for i in captains[c]["items"])
    assert len(m.stash) == 6


@rule("LR-AC-05-02", "LR-AC-05-05", "LR-AC-05-04", "RTA-AS-12")
def test_homeland_ruins_flood_markers_pond_and_landmarks():
    """4 ruins, 3 flood markers, the Marsh and Gorge (not offered, above); the Pond placard is the Lilypad
    Diaspora's Pond (its discard pile); landmarks (3 cards, 3 wooden) are not part of the engine: no option
    offers them."""
    g = set_up(new(("lilypad", "marquise"), seed=3))
    assert g.state.mods["lilypad"].pond == []
    assert not any("landmark" in name for name in RootOptions.model_json_schema()["properties"])


@rule("LR-AC-05-03", "LR-18-03-02", "LR-18-03-03")
def test_homeland_wooden_pieces_captains():
    """43 warriors (20 Diaspora, 20 Council, 10 Skunks), 3 Vagabond / Knave Captains (Jailor, Gladiator, Cheat):
    three Captains stand in three forests with a Skunk each after setup."""
    assert (FACTIONS["lilypad"].warriors, FACTIONS["twilight"].warriors, FACTIONS["knaves"].warriors) == (20, 20, 10)
    assert set(HOMELAND_CHARACTERS) <= set(CHARACTERS) and set(HOMELAND_CHARACTERS) <= set(knaves.BOARD["captains"])
    g = set_up(new(("knaves", "marquise"), seed=3))
    m = g.state.mods["knaves"]
    assert len(m.captains) == 3 and all(B.is_forest(at) for at in m.at.values())
    assert sum(m.skunks.values()) == 3 and g.state.supply["knaves"] == 10 - 3


@rule("LR-AC-05-04", "LR-16-02-02", "LR-16-03-04")
def test_homeland_cards_frogs_captains_vagabonds():
    """14 frog cards, 12 Captains, 3 Vagabonds (Jailor, Gladiator, Cheat), 3 faction setup cards."""
    frogs = ADDED_CARDS["frog"]
    assert len(frogs) == 14 and all(c.suit == "frog" for c in frogs)
    assert len(knaves.BOARD["captains"]) == 12
    assert set(HOMELAND_CHARACTERS) <= set(option_values("vagabond"))
    assert {SETUP_CARDS[k].faction for k in SETUP_CARDS} >= {"lilypad", "twilight", "knaves"}
    g = set_up(new(("lilypad", "marquise", "eyrie"), seed=3))  # three players: the dominance cards stay in
    s = g.state
    cards = s.deck + s.discard + [c for h in s.hands for c in h] + list(s.mods["lilypad"].pond)
    assert sum(CARDS[c].suit == "frog" for c in cards) + sum(CARDS[c].suit == "frog" for c in s.dominance_pool) == 14


# ---- Clockwork (Rootbotics), decks, packs ------------------------------------------------------------------------

@rule("LR-AC-06-01", "LR-AC-06-02", "LR-AC-06-03", "LR-AC-06-04", "LR-AC-07-01", "LR-AC-07-02", "LR-AC-07-03",
      "LR-AC-07-04", "LR-AC-02-05", "RTA-AS-12")
def test_rootbotics_is_not_part_of_the_engine():
    """The Clockwork boxes (the Law of Rootbotics, priority markers, difficulties, traits, Vagabots, services,
    bot faction boards) and the Riverfolk's Mechanical Marquise board are Rootbotics: not part of the engine
    (RTA-AS-12). No faction, option or setup card offers a bot, and a Rootbotics faction is refused by name."""
    offered = option_values("factions") | set(SETUP_CARDS)
    bots = ("mechanical_marquise", "electric_eyrie", "automated_alliance", "vagabot", "riverfolk_robots",
            "logical_lizards", "drillbit_duchy", "cogwheel_corvids")
    assert not offered & set(bots)
    assert not any("bot" in name or "difficult" in name for name in RootOptions.model_json_schema()["properties"])
    text = refused(2, factions=["mechanical_marquise", "eyrie"])
    assert "mechanical_marquise" in text


@rule("LR-AC-08-01-01", "LR-AC-08-02-01", "LR-AA-02")
def test_additional_decks_exiles_offered_squires_refused():
    """The Exiles and Partisans deck (54 cards) is offered; the Squires and Disciples deck is not, and asking for
    it is refused by name."""
    assert len(DECKS["exiles"]) == 54
    assert option_values("deck") == {"standard", "exiles"}
    g = new(seed=2, deck="exiles")
    s = g.state
    assert len(s.deck) + sum(len(h) for h in s.hands) + len(s.discard) + len(s.dominance_pool) == 54 - 4
    assert "squires" in refused(2, deck="squires")


@rule("LR-AC-09-01", "LR-AC-09-02", "RTA-AS-12")
def test_landmarks_pack_is_not_part_of_the_engine():
    """The Landmarks Pack (its setup card, 6 landmark cards, 4 wooden landmarks): not offered (RTA-AS-12);
    the only landmark-like pieces are the Lake's Ferry and the Mountain's Tower, where their maps put them."""
    assert not any("landmark" in name for name in RootOptions.model_json_schema()["properties"])
    assert "landmarks" in refused(2, landmarks=["tower"])
    s = new(seed=1, map="mountain").state
    assert MAPS["mountain"].pass_clearing is not None and s.ferry is None


@rule("LR-AC-10-01", "LR-AC-10-02", "LR-AC-10-03")
def test_vagabond_pack_items_cover_its_characters():
    """The Vagabond Pack: 3 characters (Adventurer, Harrier, Ronin), 3 items (1 coins, 1 hammer, 1 boot), 7 pawns.
    With the base box's 23 items its 3 items give exactly what any pack character needs beside the item
    supply and the ruins (without them the Harrier lacks coins and the Ronin a boot); the pawns' colours are
    cosmetic: a game has one pawn per Vagabond."""
    base = Counter(boot=4, sword=4, sack=4, hammer=3, tea=3, coin=2, crossbow=2, torch=1)
    pack = Counter(coin=1, hammer=1, boot=1)
    free = base + pack - Counter(ITEM_SUPPLY) - RUIN_SET
    for c in PACK_CHARACTERS:
        assert Counter(CHARACTERS[c].items) <= free, c
    free_without = base - Counter(ITEM_SUPPLY) - RUIN_SET
    assert not Counter(CHARACTERS["harrier"].items) <= free_without
    assert not Counter(CHARACTERS["ronin"].items) <= free_without
    assert set(PACK_CHARACTERS) <= set(option_values("vagabond"))
    assert len(CHARACTERS) == 12 == len(BASE_CHARACTERS + RIVERFOLK_CHARACTERS + PACK_CHARACTERS + HOMELAND_CHARACTERS)
    g = set_up(new(("marquise", "eyrie", "vagabond"), seed=3, vagabond=["ronin"]))
    assert [k for k in g.state.pawns] == ["vagabond"]
    assert Counter(i[0] for i in g.state.mods["vagabond"].items) == Counter(CHARACTERS["ronin"].items)


HIRELING_PACKS = {  # the Law's pieces per hireling, by pack
    "riverfolk_hirelings": {"riverfolk_flotilla": dict(pawns=1), "warm_sun_prophets": dict(warriors=4),
                            "highway_bandits": dict(warriors=4)},
    "underworld_hirelings": {"sunward_expedition": dict(warriors=8, tokens={"foothold": 3}),
                             "corvid_spies": dict(warriors=6), "furious_protector": dict(pawns=1)},
    "marauder_hirelings": {"flame_bearers": dict(warriors=6), "vault_keepers": dict(warriors=6, buildings={"vault": 6}),
                           "popular_band": dict(warriors=5)},
    "homeland_hirelings": {"river_roamers": dict(warriors=10, tokens={"lilypad": 5}),
                           "sunny_advocates": dict(warriors=8),
                           "prosperous_farmers": dict(warriors=9, buildings={"farm": 4})},
}


@rule("LR-AC-11-02", "LR-AC-11-03", "LR-AC-11-04")
def test_hireling_packs_hold_three_hirelings_and_their_pieces():
    """Each Hireling Pack: 3 hireling cards and their pieces (3 footholds; 6 vaults; 4 farms, 5 lilypads; the
    Flotilla, 4 Prophets, 4 Bandits; 8 Expedition, 6 Spies, the Protector; 6 Bearers, 6 Keepers, 5 Band;
    10 Frogs, 8 Bats, 9 Ducks)."""
    for pack, hirelings in HIRELING_PACKS.items():
        assert {h for h, spec in HIRELINGS.items() if spec.pack == pack} == set(hirelings), pack
        for h, law in hirelings.items():
            p = HIRELINGS[h].pieces
            got = dict(warriors=p.warriors, pawns=p.pawns, tokens=p.tokens, buildings=p.buildings)
            want = dict(warriors=0, pawns=0, tokens={}, buildings={}) | law
            assert got == want, h


@rule("LR-AC-11-03", "LR-AC-04-03", "LR-AA-06")
@pytest.mark.parametrize("hirelings", [["forest_patrol", "last_dynasty", "spring_uprising"],
                                       ["warm_sun_prophets", "highway_bandits", "corvid_spies"],
                                       ["sunward_expedition", "flame_bearers", "popular_band"],
                                       ["river_roamers", "sunny_advocates", "prosperous_farmers"]])
def test_hireling_warriors_in_play_never_exceed_the_pack(hirelings):
    """After a setup with these hirelings, each one's warriors in the supply and on the map are its pack's."""
    law = {h: w.get("warriors", 0) for hs in HIRELING_PACKS.values() for h, w in hs.items()}
    law |= {"forest_patrol": 12, "last_dynasty": 5, "spring_uprising": 4}
    factions = [f for f in ("marquise", "eyrie", "alliance", "vagabond", "lizard", "duchy", "corvid", "lilypad",
                            "twilight", "hundreds", "keepers")
                if not any(f in HIRELINGS[h].replaces for h in hirelings)][:3]
    g = set_up(new(factions, seed=3, hirelings=hirelings))
    for h in hirelings:
        on_paths = sum(1 for ps in g.state.on_paths.values() for o, _ in ps if o == h)
        assert g.state.supply[h] + sum(g.state.warriors.get(h, [0])) + on_paths == law[h], h


@rule("LR-AC-05-04", "RTA-AC-02")
def test_homeland_update_cards_are_not_applied():
    """The 19 update and 4 clarification cards are not applied (RTA-AC-02): the decks are played as printed, 54
    cards each, the same card ids in both where the decks share a card; no option offers updates."""
    assert len(DECKS["standard"]) == len(DECKS["exiles"]) == 54
    shared = {c.id for c in DECKS["standard"]} & {c.id for c in DECKS["exiles"]}
    assert {CARDS[c].kind for c in shared} == {"ambush", "dominance", "item"}
    assert not any("update" in name or "clarif" in name for name in RootOptions.model_json_schema()["properties"])
    assert "updates" in refused(2, updates=True)
