"""The rule texts a game ships: every catalogue id it can cite, for `boardlab rules`.

Convention: a game package keeps its rule texts in `data/rules-*.yaml`, each a list of
entries `{id, en, zh-Hant, zh-Hans, ...}` (optionally `kind`, `testable`, `source`).
`Ruleset.rule_text(id, lang)` answers for one id; this module lists them all.
"""
from __future__ import annotations

import sys
from importlib import resources

from .yamltext import load_yaml

from .codec import JSON


def rules_package(rules: object) -> str:
    """The package a Ruleset belongs to (where its data/ folder is)."""
    module = type(rules).__module__
    mod = sys.modules.get(module)
    return (getattr(mod, "__package__", None) or module.rpartition(".")[0]) if mod else module


def rule_texts(rules: object) -> dict[str, JSON]:
    """id -> entry, in file order (files sorted by name), for every rules-*.yaml of the game."""
    out: dict[str, JSON] = {}
    data = resources.files(rules_package(rules)).joinpath("data")
    if not data.is_dir():
        return out
    files = sorted((f for f in data.iterdir()
                    if f.name.startswith("rules-") and f.name.endswith(".yaml") and f.is_file()),
                   key=lambda f: f.name)
    for f in files:
        for entry in load_yaml(f.read_text(encoding="utf-8")) or []:
            if isinstance(entry, dict) and "id" in entry:
                out[str(entry["id"])] = dict(entry, file=f.name)
    return out
