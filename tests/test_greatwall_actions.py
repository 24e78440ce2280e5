"""The Great Wall's action space (games/greatwall/actions.py and each module's `MODULE.actions`), the typed
reading of its ids (`actions.parse` by the declared `FORMS`, the base game's and each module's), and the
module contract's promise that a module exists only while it is on: importing one changes no table of
the base game."""
from __future__ import annotations

import importlib
import re
import subprocess
import sys

import pytest

import boardlab
from boardlab.core.registry import ruleset
from boardlab.games.greatwall import actions as A, view

BASE_IDS = ["skip", "general:su_dongpo", "command:red_haste", "wood:0", "stone:17", "gold:99", "section:3",
            "advisor:0", "to:quarry", "from:supply", "activate:post_office", "build:2", "archer:1",
            "horseman:3:spearman", "fort:2:wood+gold", "buy:quarry:archer", "upgrade:temple", "resource:chi",
            "move:horseman@2", "tactic:volley", "slot:3:6", "column:1:3", "dispatch:horseman:3", "slot:5"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_base_space_numbers_every_id_form_once_and_decodes_it(players):
    space = boardlab.new_game("greatwall", players, seed=1).action_space
    numbers = [space.encode(a) for a in BASE_IDS]
    assert len(set(numbers)) == len(numbers) and all(0 <= n < space.size for n in numbers)
    assert [space.decode(n) for n in numbers] == BASE_IDS
    assert all(space.encode(space.decode(n)) == n for n in range(space.size))      # no id twice
    for missing in ("wood:100", "wood:01", "rat:quarry", "bannerman:1", "dispatch:bannerman:1", "archer:fortress"):
        with pytest.raises(ValueError):
            space.encode(missing)


@pytest.mark.parametrize("options, ids", [
    ({"expansions": ["rat"]}, ["rat:quarry"]),
    ({"expansions": ["genghis"]}, ["bannerman:1", "dispatch:bannerman:2", "move:bannerman@3", "attack:3:6",
                                   "card:horseman", "saved:spearman", "spot:genghis_khan:6"]),
    ({"scenario": "diaoyu", "mode": "cooperative"}, ["archer:fortress", "defence:wood+stone+gold", "wall:1", "rest:3"]),
    ({"scenario": "famine"}, ["buy:chi", "sell", "feed", "unfed:archer@2", "unfed_oncard:9",
                              "unfed_overseer:quarry", "unfed_clerk:market", "unfed_all"]),
    ({"scenario": "freezing"}, ["tribute:gold", "discard:wood", "shame", "supply"]),
    ({"scenario": "emperor"}, ["move:chi"]),
    ({"scenario": "ghost"}, ["haunt:academy", "exorcise:quarry"]),
    ({"scenario": "redturban", "mode": "cooperative"}, ["buy", "war", "peace:2"]),   # its `gold:N`: the base's
])
def test_a_module_adds_its_own_segment_after_the_base_games(options, ids):
    g = boardlab.new_game("greatwall", 3, seed=1, options=options)
    space = g.action_space
    base = sum(seg.size for seg in g.rules.base_actions(3, g.options))    # the base game's segments first
    assert space.size > base
    for a in ids:
        assert space.decode(space.encode(a)) == a and space.encode(a) >= base
    for a in BASE_IDS:
        assert space.encode(a) < base
    assert all(space.encode(space.decode(n)) == n for n in range(space.size))      # no id twice


def test_importing_every_module_changes_no_table_of_the_base_game():
    """Modules act only while on in a state: loading them all leaves every base table as it was."""
    code = """
import boardlab
from boardlab.games.greatwall import effects, locations, render, tasks, text, view
from boardlab.games.greatwall.modules import REGISTRY
def tables():
    return (sorted(locations.EFFECTS), sorted(effects.OPS), sorted(view.CARDS), sorted(tasks.POINTS),
            sorted(tasks.BASE.steps), sorted(tasks.BASE.decisions), sorted(t.__name__ for t in tasks.BASE.handlers),
            len(tasks.BASE.hooks), sorted(tasks.BASE.answers))
before = tables()
for name in REGISTRY.names():
    REGISTRY.get(name)
assert tables() == before, "a module changed a base table"
assert not tasks.BASE.hooks and not tasks.BASE.answers and not tasks.BASE.decision_hooks
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# ---- reading ids by their forms ---------------------------------------------------------------------------

def module_forms(name: str) -> dict:
    """The forms a module declares beside its builders (none: its ids, if any, are in base forms)."""
    return getattr(importlib.import_module(f"boardlab.games.greatwall.modules.{name}"), "FORMS", {})


def decisions_named(forms: dict) -> list:
    return [None] + sorted({d for form in forms.values() if isinstance(form, dict) for d in form})


def readings(action_id: str, forms: dict) -> list:
    """Every way `parse` reads the id with these forms, at some decision they name (or none)."""
    out = []
    for decision in decisions_named(forms):
        try:
            out.append(A.parse(action_id, decision, forms))
        except ValueError:
            pass
    return out


@pytest.mark.parametrize("players, options", ruleset("greatwall").main_option_sets())
def test_every_id_of_every_configurations_space_parses_by_a_declared_form(players, options):
    g = boardlab.new_game("greatwall", players, seed=1, options=options)
    space = g.action_space
    forms = [A.FORMS] + [module_forms(name) for name in g.modules]
    for n in range(space.size):
        action_id = space.decode(n)
        parsed = [p for f in forms for p in readings(action_id, f)]
        assert parsed, f"{action_id} has no form"
        for p in parsed:
            assert len(p.args) == action_id.count(":") and all(kind in A.KINDS for kind, _ in p.args)


def test_parse_gives_typed_values_by_the_decision_asking():
    assert A.parse("slot:2:5", "wound") == A.Parsed("slot", (("row", 1), ("slot", 4)))
    assert A.parse("slot:5", "slot").args == (("slot", 4),)
    assert A.parse("advisor:3", "pick").args == (("track", 3),)
    assert A.parse("advisor:yang_shiqi", "advisor").args == (("card", "yang_shiqi"),)
    assert A.parse("horseman:3:spearman", "recruit").args == (("section", 2), ("unit", "spearman"))
    assert A.args("fort:2:wood+gold") == (1, ("wood", "gold"))
    assert A.arg("move:horseman@2", "soldier_from") == ("horseman", 1)
    assert A.arg("wood:17") == 17 and A.arg("from:supply") == "supply" and A.parse("skip").args == ()
    for action_id, decision in [("wood:01", None), ("section:4", None), ("advisor:3", None), ("to:nowhere", None),
                                ("slot:2:5", "slot"), ("move:wood", "soldier_from"), ("move", "soldier_from"),
                                ("fort:1:wood+honor", None), ("rat:quarry", None)]:
        with pytest.raises(ValueError):
            A.parse(action_id, decision)


def test_a_modules_forms_read_its_ids_where_the_base_games_read_others():
    diaoyu, emperor, genghis = (module_forms(n) for n in ("diaoyu", "emperor", "genghis"))
    assert A.parse("archer:fortress", "recruit", diaoyu).args == (("word", "fortress"),)
    with pytest.raises(ValueError):
        A.parse("archer:1", "recruit", diaoyu)             # the base game's recruit, not the Fortress's
    assert A.parse("slot:3:6", "fortress_shoot", diaoyu).args == (("section", 2), ("slot", 5))
    assert A.args("defence:wood+stone+stone", forms=diaoyu) == (("wood", "stone", "stone"),)
    assert A.arg("move:chi", "emp_move", emperor) == "chi"
    assert A.parse("spot:genghis_khan:6", forms=genghis).args == (("card", "genghis_khan"), ("slot", 5))
    assert A.args("dispatch:bannerman:3", "dispatch") == ("bannerman", 2)   # a base form (UNIT_NAMES has it)


SAMPLES = {"section": "1", "row": "1", "slot": "4", "column": "2", "count": "7", "track": "0", "horde": "8",
           "location": "quarry", "card": "red_haste", "general": "xu_da", "unit": "horseman", "resource": "chi",
           "soldier_at": "archer@2", "payment": "wood+gold", "word": "fortress"}


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_a_text_shows_every_kind(lang):
    assert set(SAMPLES) == set(A.KINDS)
    g = boardlab.new_game("greatwall", 3, seed=1)
    cat = g.rules.catalogue
    shown = {kind: view.show(kind, A.KINDS[kind](text), g.state, lang, cat) for kind, text in SAMPLES.items()}
    assert all(shown.values())
    # places are numbered from 1 in ids as in texts: `section:1` is Section 1, `slot:4` the 4th slot
    assert shown["section"] == cat.text("section", lang, n=1) and shown["row"] == "1" and shown["count"] == "7"
    assert shown["slot"] == "4" and shown["column"] == "2" and shown["horde"] == "8" and shown["track"] != "0"


def doc_rows() -> list:
    """The id table of actions.py's docstring: (heads, decisions, kinds) per row."""
    doc = A.__doc__.split("The kinds")[0]
    rows = []
    for line in doc.splitlines():
        if not line.startswith("| `"):
            continue
        ids, decisions, kinds, _ = (cell.strip() for cell in line.strip("|").split("|"))
        heads = {i.split(":")[0] for i in re.findall(r"`([^`]+)`", ids)}
        named = [None] if decisions.startswith("(") else [d.strip() for d in decisions.split(",")]
        rows.append((heads, named, tuple(k.strip() for k in kinds.split(",") if k.strip())))
    return rows


def test_the_docstrings_tables_and_the_forms_agree():
    rows = doc_rows()
    assert {h for heads, _, _ in rows for h in heads} == set(A.FORMS)
    for heads, decisions, kinds in rows:
        for head in heads:
            for decision in decisions:
                assert A.form_of(head, decision) == kinds, (head, decision)
    kinds_doc = A.__doc__.split("The kinds")[1]
    assert {k for line in kinds_doc.splitlines() if line.startswith("| `")
            for k in re.findall(r"`([a-z_]+)`", line.split("|")[1])} == set(A.KINDS)
