"""The Great Wall's authored rulings (GWA-*): each completes seed clauses it names, reads in three
languages, is listed in docs/greatwall-rulings-audit.md with why the seed leaves it open, and a retired
one (a seed clause decides) is cited nowhere by the engine."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardlab.core.registry import ruleset
from boardlab.core.rules_text import rule_texts

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "boardlab" / "games" / "greatwall"
AUDIT = ROOT / "docs" / "greatwall-rulings-audit.md"
TEXTS = rule_texts(ruleset("greatwall"))
RULINGS = {rid: entry for rid, entry in TEXTS.items() if rid.startswith("GWA-")}
RETIRED = sorted(rid for rid, entry in RULINGS.items() if entry.get("retired"))


def test_every_ruling_names_the_clauses_it_completes_and_reads_in_three_languages():
    assert len(RULINGS) >= 70
    for rid, entry in RULINGS.items():
        assert entry.get("completes"), rid
        assert all(clause in TEXTS for clause in entry["completes"]), (rid, entry["completes"])
        assert entry.get("source"), rid
        assert all(entry.get(lang) for lang in ("en", "zh-Hant", "zh-Hans")), rid


@pytest.mark.rule("GW-COMMAND-06", "GW-BATTLE-11")
def test_retired_rulings_name_the_deciding_clause_and_no_engine_code_cites_them():
    assert RETIRED == ["GWA-BATTLE-04", "GWA-COMMAND-02"]
    code = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    for rid in RETIRED:
        named = re.findall(r"\b(?:GW|GK|AC|D)-?[A-Z0-9-]*\d\b", RULINGS[rid]["retired"])
        assert named and all(n in TEXTS for n in named), (rid, named)
        assert rid not in code, f"{rid} is retired but the engine still cites it"


def test_the_audit_lists_every_ruling_with_its_clauses():
    text = AUDIT.read_text(encoding="utf-8")
    for rid, entry in RULINGS.items():
        row = next((line for line in text.splitlines() if line.startswith(f"| {rid} ")), None)
        assert row is not None, f"{rid} is not in {AUDIT.name}"
        assert all(clause in row for clause in entry["completes"]), (rid, entry["completes"])
        assert ("retired" in row.lower()) == bool(entry.get("retired")), rid
