#!/usr/bin/env python3
"""Root's rule texts (src/boardlab/games/root/data/rules-law.yaml): fill in the derived fields and check.

    python tools/root_rule_texts.py --fill    # add zh-Hans (OpenCC t2s of zh-Hant), testable, source, kind
    python tools/root_rule_texts.py --check   # exit 1 and list the problems, if any

The file holds one entry per clause of the Law of Root (shared/rules/root-law.yaml) whose id starts
with one of PREFIXES. Each entry's `en` is the project's own paraphrase of the clause (the Law's
wording is copyrighted: never the catalogue's sentence, and no run of RUN_WORDS words in common with
it); `zh-Hant` is written by hand in the vocabulary of docs/root-rulings.md RTA-NAMES; `zh-Hans` is
derived from it (OpenCC t2s, with corner quotes turned into curly ones and the particle 著 into 着). `testable` comes from the
catalogue and `source` names the Law's section ("Law 4.3.1"; appendices are numbered 19 Advanced
Setup, 20 Components, 21 Glossary, 22 Hirelings, 25 Maps, 26 Vagabonds as in the Law's own
cross-references). OpenCC (the `test` extra) is needed for --fill and for the zh-Hans check.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent


def _find_catalogue() -> Path:
    """shared/rules/root-law.yaml beside the repo (or beside a folder holding it, for git worktrees)."""
    for folder in REPO.parents:
        path = folder / "shared" / "rules" / "root-law.yaml"
        if path.is_file():
            return path
    return REPO.parent / "shared" / "rules" / "root-law.yaml"


CATALOGUE = _find_catalogue()
TEXTS = REPO / "src" / "boardlab" / "games" / "root" / "data" / "rules-law.yaml"
PREFIXES = ("LR-01", "LR-02", "LR-03", "LR-04", "LR-05", "LR-06", "LR-07", "LR-08", "LR-09",
            "LR-AA", "LR-AC", "LR-AG", "LR-AH", "LR-AM", "LR-AV")
APPENDICES = {"AA": 19, "AC": 20, "AG": 21, "AH": 22, "AK": 23, "AL": 24, "AM": 25, "AV": 26}
RUN_WORDS = 8
QUOTES = str.maketrans({"「": "“", "」": "”", "『": "‘", "』": "’"})
# t2s keeps 著 (a valid Simplified character in 著名); as the particle of 隔著, 沿著 it is 着.
PARTICLE = re.compile(r"著(?![名作称])")
FIELDS = ("id", "kind", "testable", "en", "zh-Hant", "zh-Hans", "source")

HEADER = """\
# The Law of Root's clauses in the project's own words (en) and in Chinese, for "why?" in the log and
# `boardlab rules root`. One entry per clause id of shared/rules/root-law.yaml in the chapters 1-9 and the
# appendices Advanced Setup, Components, Glossary, Hirelings, Maps and Vagabonds (LR-01..LR-09, LR-AA,
# LR-AC, LR-AG, LR-AH, LR-AM, LR-AV). The English is a paraphrase (the Law's text is Leder Games'), every
# number and condition kept; zh-Hant is written by hand with the terms of docs/root-rulings.md RTA-NAMES;
# zh-Hans, testable, source and kind are filled in by tools/root_rule_texts.py --fill, and
# tools/root_rule_texts.py --check (and tests/test_root_texts.py) keep the file whole and consistent.
"""


def in_scope(rule_id: str) -> bool:
    return rule_id.startswith(PREFIXES) and (len(rule_id) == 5 or rule_id[5] == "-")


def load_catalogue(path: Path = CATALOGUE) -> dict[str, dict]:
    """id -> catalogue entry, for the ids in scope, in catalogue order."""
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {e["id"]: e for e in entries if in_scope(e["id"])}


def load_texts(path: Path = TEXTS) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8")) or []


def law_section(rule_id: str) -> str:
    """LR-04-03-01 -> 'Law 4.3.1'; LR-AG-20 -> 'Law 21.20'."""
    parts = rule_id.split("-")[1:]
    head = APPENDICES.get(parts[0], None)
    numbers = [str(head) if head is not None else str(int(parts[0]))] + [str(int(p)) for p in parts[1:]]
    return "Law " + ".".join(numbers)


def kind_of(rule_id: str, section: str) -> str:
    """A rough kind for `boardlab rules`: setup, scoring, end, flavor (faction overviews) or rule."""
    chapter = rule_id.split("-")[1]
    if chapter in ("05", "AA") or "Faction Setup" in section or section.endswith("/ Setup"):
        return "setup"
    if rule_id.startswith("LR-03-02"):
        return "scoring"
    if chapter == "03":
        return "end"
    if section.endswith("/ Overview"):
        return "flavor"
    return "rule"


def to_hans(text: str, converter=None) -> str:
    """zh-Hans from zh-Hant: OpenCC t2s, then curly quotes for corner quotes."""
    if converter is None:
        from opencc import OpenCC  # test extra
        converter = OpenCC("t2s")
    return PARTICLE.sub("着", converter.convert(text)).translate(QUOTES)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", re.sub(r"[*_`]", "", text.lower()))


def shared_run(ours: str, theirs: str, n: int = RUN_WORDS) -> str | None:
    """The first run of n words that both texts contain, if any."""
    grams = {tuple(theirs_w) for theirs_w in _ngrams(words(theirs), n)}
    for gram in _ngrams(words(ours), n):
        if tuple(gram) in grams:
            return " ".join(gram)
    return None


def _ngrams(seq: list[str], n: int):
    return (seq[i:i + n] for i in range(len(seq) - n + 1))


def problems(texts: list[dict], catalogue: dict[str, dict], converter=None) -> list[str]:
    """Everything wrong with the texts, as readable lines (empty when all is well)."""
    out: list[str] = []
    ids = [e.get("id") for e in texts]
    for rid in sorted({i for i in ids if ids.count(i) > 1}):
        out.append(f"{rid}: listed more than once")
    out += [f"{rid}: no entry" for rid in catalogue if rid not in ids]
    for entry in texts:
        rid = entry.get("id")
        law = catalogue.get(rid)
        if law is None:
            out.append(f"{rid}: not a catalogue id in scope")
            continue
        out += _entry_problems(entry, law, converter)
    return out


def _entry_problems(entry: dict, law: dict, converter) -> list[str]:
    rid, out = entry["id"], []
    for lang in ("en", "zh-Hant", "zh-Hans"):
        if not str(entry.get(lang) or "").strip():
            out.append(f"{rid}: no {lang} text")
    if entry.get("testable") != law.get("testable", True):
        out.append(f"{rid}: testable is {entry.get('testable')}, the catalogue says {law.get('testable', True)}")
    if entry.get("source") != law_section(rid):
        out.append(f"{rid}: source is {entry.get('source')!r}, expected {law_section(rid)!r}")
    en = " ".join(str(entry.get("en", "")).split())
    if en == " ".join(law["en"].split()):
        out.append(f"{rid}: en is the catalogue's text")
    run = shared_run(en, law["en"])
    if run:
        out.append(f"{rid}: en shares {RUN_WORDS} words in a row with the Law: {run!r}")
    if converter is not False and entry.get("zh-Hant"):
        hans = to_hans(entry["zh-Hant"], converter)
        if entry.get("zh-Hans") != hans:
            out.append(f"{rid}: zh-Hans is not t2s(zh-Hant): {entry.get('zh-Hans')!r} != {hans!r}")
    return out


def filled(texts: list[dict], catalogue: dict[str, dict], converter=None) -> list[dict]:
    """The entries in catalogue order, each with every field (zh-Hans kept if already consistent)."""
    by_id = {e["id"]: e for e in texts}
    out = []
    for rid, law in catalogue.items():
        if rid not in by_id:
            continue
        e = by_id[rid]
        out.append({"id": rid, "kind": kind_of(rid, law.get("section", "")),
                    "testable": law.get("testable", True), "en": " ".join(str(e["en"]).split()),
                    "zh-Hant": e["zh-Hant"].strip(), "zh-Hans": to_hans(e["zh-Hant"].strip(), converter),
                    "source": law_section(rid)})
    out += [e for e in texts if e["id"] not in catalogue]  # kept so --check can report them
    return out


def render(entries: list[dict]) -> str:
    lines = [HEADER.rstrip("\n")]
    for e in entries:
        lines.append(f"- id: {e['id']}")
        for key in FIELDS[1:]:
            if key in e:
                value = e[key]
                text = json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value).lower()
                lines.append(f"  {key}: {text}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fill", action="store_true", help="rewrite the file with every derived field")
    ap.add_argument("--check", action="store_true", help="list the problems; exit 1 if any")
    ap.add_argument("--catalogue", type=Path, default=CATALOGUE)
    ap.add_argument("--texts", type=Path, default=TEXTS)
    args = ap.parse_args(argv)
    catalogue = load_catalogue(args.catalogue)
    texts = load_texts(args.texts)
    if args.fill:
        args.texts.write_text(render(filled(texts, catalogue)), encoding="utf-8")
        texts = load_texts(args.texts)
    found = problems(texts, catalogue)
    for line in found:
        print(line, file=sys.stderr)
    print(f"{len(texts)} entries, {len(catalogue)} catalogue ids in scope, {len(found)} problem(s)")
    return 1 if found and (args.check or args.fill) else 0


if __name__ == "__main__":
    sys.exit(main())
