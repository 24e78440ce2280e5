"""The Great Wall content: complete, valid, in three languages, every entry sourced."""
from __future__ import annotations

import re

import pytest

from boardlab.core.registry import ruleset
from boardlab.games.greatwall import content as C
from boardlab.games.greatwall import data_tables as D

DECKS = {"hordes": D.HORDES, "commands": D.COMMANDS, "advisors": D.ADVISORS, "generals": D.GENERALS,
         "tactics": D.TACTICS, "artifacts": D.ARTIFACTS}
HAN_TRADITIONAL_ONLY = set("車門個們說這還來長爲為書師軍將顧戰術騎營鬥監")
HAN_SIMPLIFIED_ONLY = set("车门个们说这还来长为书师军将顾战术骑营斗监")


@pytest.mark.rule("GW-SETUP-24", "GW-AUTUMN-05", "GW-BREACH-05", "GW-BREACH-09", "GW-BREACH-01")
def test_the_horde_deck_is_8_types_of_3_with_every_printed_value():
    base = D.in_play(D.HORDES, ("base",))
    assert len(base) == 8 and sum(D.HORDES[h].copies for h in base) == 24
    for h in D.HORDES.values():
        assert len(h.slots) == 6 and any(s.vital for s in h.slots)
        assert h.breach > 0 and h.kill > 0 and h.victory_honor > h.end_honor >= 1
        assert 0 <= h.invasion < D.BOARD.sections


@pytest.mark.rule("GW-COMMAND-04", "GWA-COMMAND-01", "GW-COMMAND-06")
def test_each_clan_has_the_same_six_command_designs_and_no_card_carries_an_order():
    """The cards carry no Tea value (GW-COMMAND-06 orders them by the Tea track): a card naming one is
    refused as content."""
    assert len(D.CLANS) == 5
    designs = {clan.id: sorted(c.removeprefix(clan.id + "_") for c in D.CLAN_CARDS[clan.id]) for clan in D.CLANS}
    assert len(set(map(tuple, designs.values()))) == 1 and len(designs["red"]) == 6
    spec = D.COMMANDS["red_haste"].model_dump(by_alias=True)
    with pytest.raises(ValueError, match="tea"):
        type(D.COMMANDS["red_haste"]).model_validate({**spec, "tea": 6})


def test_deck_sizes_meet_the_issue():
    base = ("base",)
    assert len(D.in_play(D.ADVISORS, base)) >= 40 and len(D.in_play(D.GENERALS, base)) == 12
    assert sum(D.TACTICS[t].copies for t in D.in_play(D.TACTICS, base)) == 20
    assert len(D.in_play(D.ARTIFACTS, base)) == 5
    assert {t.timing for t in D.TACTICS.values()} == {"tactics", "dispatch", "breach"}


@pytest.mark.rule("FIVE-07", "FIVE-08", "FIVE-09", "RAT-04", "RAT-05", "RAT-06", "RAT-11")
def test_the_five_player_and_rat_sets():
    five, rat = ("five",), ("rat",)
    assert len(D.in_play(D.GENERALS, five)) == 4 and len(D.in_play(D.TACTICS, five)) == 4
    assert len(D.in_play(D.ADVISORS, five)) == 4 and len(D.in_play(D.ADVISORS, rat)) == 4
    assert len(D.in_play(D.ARTIFACTS, rat)) == 5 and len(D.RAT_CARDS) == 5
    assert len(D.CLAN_CARDS["white"]) == 6                  # the 5th clan's Command cards
    assert "zhaoyao_jing" in D.in_play(D.ARTIFACTS, rat)


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_card_is_named_and_explained_in_three_languages_and_sourced(deck):
    for card in DECKS[deck].values():
        for text in (card.names, card.text):
            assert text.en and text.zh_Hant and text.zh_Hans
            assert not set(text.zh_Hans) & HAN_TRADITIONAL_ONLY, (card.id, text.zh_Hans)
            assert not set(text.zh_Hant) & HAN_SIMPLIFIED_ONLY, (card.id, text.zh_Hant)
        assert card.source
        assert re.fullmatch(r"[a-z0-9_]+", card.id)


@pytest.mark.rule("GWA-BOARD-01", "GWA-BOARD-03", "GW-FORT-02", "GW-FORT-03")
def test_board_numbers():
    b = D.BOARD
    assert {loc.id for loc in b.locations if loc.scenario is None} == set(C.LOCATIONS) - set(C.SCENARIO_LOCATIONS)
    assert {loc.id for loc in b.locations if loc.scenario} <= set(C.SCENARIO_LOCATIONS)
    assert {loc.id for loc in b.locations if loc.kind == "green" and loc.scenario is None} == set(C.GREEN)
    assert [w.level for w in b.wall] == [0, 1, 2, 3]
    assert all(a.defence < c.defence and a.archer_slots < c.archer_slots for a, c in zip(b.wall, b.wall[1:]))
    assert b.fortification == {"defence": 2, "max_per_section": 3}
    assert all(loc.source for loc in b.locations)


@pytest.mark.parametrize("bad, words", [
    ([{"gain": {"jade": 1}}], "gain"),
    ([{"summon": 1}], "unknown effect"),
    ([{"gain": {"wood": 1}, "pay": {"gold": 1}}], "one-key"),
    ([{"recruit": {"unit": "dragon"}}], "recruit"),
    ([{"honor_per": {"measure": "luck", "n": 1}}], "honor_per"),
    ("gain", "list"),
])
def test_the_effect_vocabulary_rejects_what_it_cannot_run(bad, words):
    with pytest.raises(ValueError, match=words):
        C.check_effects(bad)


def test_a_malformed_card_file_is_refused_with_its_reason():
    good = D.ADVISORS[next(iter(D.ADVISORS))].model_dump(by_alias=True)
    with pytest.raises(ValueError, match="names"):
        C.Advisor.model_validate({k: v for k, v in good.items() if k != "names"})
    with pytest.raises(ValueError, match="unknown effect"):
        C.Advisor.model_validate(dict(good, effects=[{"teleport": 1}]))


def test_card_ids_are_unique_across_every_card_table():
    """Actions, events and rule texts name a card by its id alone: an id shared by two tables (the Advisor
    and the 5-player General Meng Gong once were) would show one card's text for the other."""
    assert D.duplicate_card_ids() == []
    ids = [card for table in D.CARD_TABLES for card in table]
    assert len(ids) == len(set(ids))
    assert D.duplicate_card_ids(({"x": 1}, {"y": 1, "x": 2})) == ["x"]   # the check itself finds one
    rules = ruleset("greatwall")
    assert D.ADVISORS["meng_gong_advisor"].text.get("en") in rules.rule_text("advisor:meng_gong_advisor", "en")
    assert D.GENERALS["meng_gong"].text.get("en") in rules.rule_text("general:meng_gong", "en")
    assert "meng_gong" not in D.ADVISORS
