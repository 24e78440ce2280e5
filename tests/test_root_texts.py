"""Root's rule texts and names in en, zh-Hant and zh-Hans: "why?" has an answer for every rule a game cites.

The texts live in src/boardlab/games/root/data/rules-law.yaml (the Law's clauses in the project's own
words) and rules-authored.yaml (boardlab's rulings, docs/root-rulings.md); tools/root_rule_texts.py
fills and checks the first. Rule ids in this file are built, never written out, so that the rule coverage
tool does not count these text checks as scenario tests of the clauses.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

import boardlab
from boardlab.agents import choose, make_agent
from boardlab.core.i18n import LANGS
from boardlab.core.registry import ruleset
from boardlab.games.root import RULESET, Root
from boardlab.games.root import content as C

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
import root_rule_texts as texts_tool  # noqa: E402

ROOT_SRC = REPO / "src" / "boardlab" / "games" / "root"
DATA = ROOT_SRC / "data"
RULINGS_DOC = REPO / "docs" / "root-rulings.md"
LAW, RTA = "LR", "RTA"
CITED = re.compile(r"""["']((?:LR|RTA)-[A-Z0-9]+(?:-[A-Z0-9]+)*)["']""")
CARD_CITED = re.compile(r"""["']card:([a-z_]+)["']""")


def _entries(name: str) -> list[dict]:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def _catalogue() -> dict[str, dict]:
    if not texts_tool.CATALOGUE.is_file():
        pytest.skip("shared/rules/root-law.yaml is not beside the repo")
    return texts_tool.load_catalogue()


def _converter():
    opencc = pytest.importorskip("opencc")
    return opencc.OpenCC("t2s")


def _rulings_in_doc() -> list[str]:
    """Every ruling id the page names (in order, once each), however it is marked up."""
    found = re.findall(r"\bRTA-[A-Z0-9]+(?:-[A-Z0-9]+)*\b(?!-\*)", RULINGS_DOC.read_text(encoding="utf-8"))
    return list(dict.fromkeys(found))


# ---- the Law's clauses -----------------------------------------------------------------------------------------
def test_every_clause_in_scope_has_a_text_in_every_language():
    catalogue = _catalogue()
    entries = {e["id"]: e for e in _entries("rules-law.yaml")}
    assert len(catalogue) == 389 and set(entries) == set(catalogue)
    for rid in catalogue:
        for lang in LANGS:
            assert RULESET.rule_text(rid, lang), (rid, lang)
        assert entries[rid]["testable"] == catalogue[rid].get("testable", True), rid
        assert entries[rid]["source"] == texts_tool.law_section(rid), rid
    assert texts_tool.law_section(f"{LAW}-04-03-01-02") == "Law 4.3.1.2"
    assert texts_tool.law_section(f"{LAW}-AG-20") == "Law 21.20"


def test_the_law_texts_are_the_projects_own_words():
    catalogue = _catalogue()
    for entry in _entries("rules-law.yaml"):
        law = " ".join(catalogue[entry["id"]]["en"].split())
        ours = " ".join(entry["en"].split())
        assert ours != law, entry["id"]
        assert texts_tool.shared_run(ours, law) is None, (entry["id"], texts_tool.shared_run(ours, law))


def test_the_own_words_check_finds_a_copied_run():
    law = "The attacker may also play an ambush card matching the clearing of the battle."
    assert texts_tool.shared_run("Then the attacker may also play an ambush card matching it.", law) \
        == "the attacker may also play an ambush card"
    assert texts_tool.shared_run("The attacker may answer with an ambush of the clearing's suit.", law) is None


def test_the_tool_finds_no_problem_in_the_law_texts():
    catalogue = _catalogue()
    assert texts_tool.problems(texts_tool.load_texts(), catalogue, _converter()) == []


def test_simplified_chinese_is_the_conversion_of_traditional():
    converter = _converter()
    for name in ("rules-law.yaml", "rules-authored.yaml"):
        for entry in _entries(name):
            assert entry["zh-Hans"] == texts_tool.to_hans(entry["zh-Hant"], converter), (name, entry["id"])
    assert texts_tool.to_hans("隔著一條「道路」", converter) == "隔着一条“道路”"


def test_a_clause_reads_in_simplified_chinese():
    clause = "-".join((LAW, "04", "03", "01"))
    text = Root().rule_text(clause, "zh-Hans")
    assert text and "伏击牌" in text and "防守方" in text
    assert Root().rule_text(clause, "en").startswith("The defender may play one ambush card")
    assert "伏擊牌" in Root().rule_text(clause, "zh-Hant")


# ---- boardlab's rulings ----------------------------------------------------------------------------------------
def test_every_ruling_of_the_rulings_page_has_a_text():
    """Merges of branches that add rulings show here which texts are missing."""
    in_doc = _rulings_in_doc()
    entries = {i: e for i, e in RULESET.rule_texts().items() if i.startswith(RTA + "-")}
    assert len(in_doc) >= 12 and all(i.startswith(RTA + "-") for i in in_doc)
    missing = [i for i in in_doc if i not in entries]
    assert missing == [], f"add these rulings to data/rules-authored.yaml (or a module's rules-*.yaml): {missing}"
    assert sorted(set(entries) - set(in_doc)) == [], "rulings no longer on docs/root-rulings.md"
    for rid in in_doc:
        assert entries[rid]["source"] == "docs/root-rulings.md"
        for lang in LANGS:
            assert RULESET.rule_text(rid, lang), (rid, lang)


# ---- what the code cites and what games log --------------------------------------------------------------------
def _cited_by_code() -> tuple[set[str], set[str]]:
    ids, cards = set(), set()
    for path in ROOT_SRC.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        ids.update(CITED.findall(source))
        cards.update(CARD_CITED.findall(source))
    return ids, cards


def test_every_rule_id_the_root_code_cites_has_a_text():
    ids, cards = _cited_by_code()
    assert len(ids) > 50 and any(i.startswith(RTA) for i in ids) and cards
    for rid in sorted(ids) + [f"card:{c}" for c in sorted(cards)]:
        for lang in LANGS:
            assert RULESET.rule_text(rid, lang), (rid, lang)


@pytest.mark.parametrize("map_name", sorted(C.MAPS))
def test_random_games_cite_rules_that_have_texts_and_read_in_every_language(map_name):
    rules = ruleset("root")
    cited: set[str] = set()
    for seed in (3, 4):
        game = boardlab.new_game("root", 2, seed, {"map": map_name})
        bots = [make_agent("random", seed=s) for s in range(2)]
        while not game.is_over:
            game.apply(choose(bots[game.to_play], game))
        for event in game.events:
            assert event.rules, event.key  # every event names the rules behind it
            cited.update(event.rules)
            for lang in LANGS:
                assert event.as_dict(rules, lang)["text"], (map_name, event.key, lang)
    assert any(r.startswith(f"{LAW}-04-03") for r in cited)  # battles happened
    for rid in cited:
        for lang in LANGS:
            assert rules.rule_text(rid, lang), (rid, lang)


# ---- names ---------------------------------------------------------------------------------------------------------
def _all_names() -> list[tuple[str, C.Names]]:
    names = [(f"faction {k}", f.names) for k, f in C.FACTIONS.items()]
    for key, card in C.CARD_TEXTS.items():
        names.append((f"card {key}", card.names))
        if card.text:
            names.append((f"card text {key}", card.text))
    for key, char in C.CHARACTERS.items():
        names += [(f"character {key}", char.names), (f"action {key}", char.action)]
    names += [(f"quest {q.key}", q.names) for q in C.QUESTS]
    names += [(f"item {k}", v) for k, v in C.ITEM_NAMES.items()]
    names += [(f"suit {k}", v) for k, v in C.SUIT_NAMES.items()]
    return names


def test_every_name_is_given_in_every_language_and_the_chinese_agree():
    converter = _converter()
    names = _all_names()
    assert len(names) > 80
    for what, n in names:
        assert n.en and n.zh_Hant and n.zh_Hans, what
        assert texts_tool.to_hans(n.zh_Hant, converter) == n.zh_Hans, what


def test_names_follow_the_chinese_sources():
    """Seed 001 and the Chinese edition (docs/root-rulings.md RTA-NAMES); suits as Chinese players name them."""
    assert C.FACTIONS["marquise"].names.zh_Hant == "貓咪貴族"
    assert C.FACTIONS["eyrie"].names.zh_Hans == "飞鹰帝国"
    assert C.FACTIONS["vagabond"].names.zh_Hant == "游俠"
    assert [C.SUIT_NAMES[s].zh_Hant for s in ("fox", "rabbit", "mouse", "bird")] == ["狐狸", "兔子", "老鼠", "鳥"]
    assert RULESET.catalogue.text("game.title", "zh-Hant") == "茂林源記"
    # Dominance is not "rule" (統治), which the texts use for ruling a clearing
    assert C.CARD_TEXTS["dominance"].names.zh_Hant == "支配"
