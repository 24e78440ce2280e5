#!/usr/bin/env python3
"""Record or check seeded games, so refactoring the engine provably changes no game's course.

    python tools/golden.py record   # writes tests/data/golden.json and tests/data/saves-v1/*.json
    python tools/golden.py record carcassonne   # only that game's games and saves (a rule fixed)
    python tools/golden.py check    # replays every recorded game and compares, step by step

For every configuration of the conformance kit (each game's `main_option_sets`) and two seeds, a
game is played with random legal actions (`Stream(seed)`); the file keeps its action log and, after
every action, a digest of what the game *is* for its players: the full view before redaction, the
events (rule ids, message key, parameters, audience), the pending decision and the scores. The
digests do not depend on how the engine stores its state, so a change of state layout or of
`state_hash` keeps them, while any change of a rule's outcome, a legal list, an event or a view
shows up at the first action it touches.

`record` also writes saves (the save format of the time) after a third of each seed-1 game (with a
snapshot) and at its end (without): tests load them to check that saves from before a format
change still load. Re-recording one game (a rule fixed changes its course) rewrites its saves in the
format version each file had, so the older formats stay covered (`downgraded`).
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import boardlab
from boardlab.core.registry import ruleset
from boardlab.core.rng import Stream

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "data" / "golden.json"
SAVES = ROOT / "tests" / "data" / "saves-v1"
SEEDS = (1, 2)


def cases() -> list[tuple[str, int, dict]]:
    return [(name, players, options) for name in boardlab.available_games()
            for players, options in ruleset(name).main_option_sets()]


def case_id(name: str, players: int, options: dict) -> str:
    opts = "-".join(f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in sorted(options.items()))
    return f"{name}-{players}p" + (f"-{opts}" if opts else "")


def fingerprint(game) -> str:
    """A digest of the full view, the events, the decision and the scores (not of the state layout)."""
    full = game.rules.full_view(game.state)
    events = [[list(e.rules), e.key, e.params, None if e.to is None else list(e.to)] for e in game.events]
    body = json.dumps([full, events, game.to_play, game.decision, game.scores], sort_keys=True,
                      separators=(",", ":"), default=_plain)
    return hashlib.blake2b(body.encode(), digest_size=8).hexdigest()


def _plain(x):
    if isinstance(x, (tuple, set, frozenset)):
        return sorted(x, key=repr) if not isinstance(x, tuple) else list(x)
    raise TypeError(type(x).__name__)


def record(games: set[str] | None = None) -> None:
    """Record every configuration's games and write the saves; with `games`, re-record only those
    games' entries and saves (a change meant to alter their course) and keep the rest as they are."""
    SAVES.mkdir(parents=True, exist_ok=True)
    kept = json.loads(GOLDEN.read_text()) if games else {}
    out = {key: rec for key, rec in kept.items() if rec["game"] not in games} if games else {}
    for name, players, options in cases():
        if games and name not in games:
            continue
        for seed in SEEDS:
            game = boardlab.new_game(name, players, seed=seed, options=options)
            stream, prints = Stream(seed), [fingerprint(game)]
            while not game.is_over:
                legal = game.legal_action_ids()
                game.apply(legal[stream.below(len(legal))])
                prints.append(fingerprint(game))
            key = f"{case_id(name, players, options)}-seed{seed}"
            out[key] = {"game": name, "players": players, "options": options, "seed": seed,
                        "log": [[s, a] for s, a in game.log], "prints": prints}
            if seed == SEEDS[0]:
                _write_saves(key, name, players, options, seed, game.log)
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"recorded {len(out)} games in {GOLDEN.relative_to(ROOT)}")


def _write_saves(key, name, players, options, seed, log) -> None:
    game = boardlab.new_game(name, players, seed=seed, options=options)
    for seat, action in log[:len(log) // 3]:
        game.apply(action)
    _write_save(SAVES / f"{key}-mid.json", game.save(snapshot=True))
    for seat, action in log[len(log) // 3:]:
        game.apply(action)
    _write_save(SAVES / f"{key}-end.json", game.save())


def _write_save(path: Path, data: dict) -> None:
    """A save in the format version the file had (the current one for a new file)."""
    version = json.loads(path.read_text())["version"] if path.exists() else data["version"]
    path.write_text(json.dumps(downgraded(data, version)) + "\n")


def downgraded(data: dict, version: int) -> dict:
    """A save as an older format wrote it: version 2 numbered The Great Wall's places from 0 (checked:
    the game reads the ids back as they are written now). Version 1 hashed another layout: not written."""
    if version == data["version"]:
        return data
    if version != 2:
        raise SystemExit(f"cannot write a save of format version {version}")
    log = [[seat, _to_zero(data["game"], action)] for seat, action in data["log"]]
    rules = boardlab.new_game(data["game"], data["players"], seed=data["seed"], options=data["options"]).rules
    if rules.upgrade_log([tuple(e) for e in log], 2) != [tuple(e) for e in data["log"]]:
        raise SystemExit(f"{data['game']}: ids written from 0 do not read back")
    return {**data, "version": 2, "log": log}


def _to_zero(game: str, action: str) -> str:
    if game != "greatwall":
        return action
    from boardlab.games.greatwall import actions as A
    return A.renumbered(action, ruleset("greatwall").id_forms(), -1)


def check(keys=None) -> list[str]:
    """The recorded games whose replay differs, each with the first differing action."""
    recorded = json.loads(GOLDEN.read_text())
    problems = []
    for key, rec in recorded.items():
        if keys and key not in keys:
            continue
        problem = check_one(rec)
        if problem:
            problems.append(f"{key}: {problem}")
    return problems


def check_one(rec: dict) -> str | None:
    game = boardlab.new_game(rec["game"], rec["players"], seed=rec["seed"], options=rec["options"])
    if fingerprint(game) != rec["prints"][0]:
        return "differs at the start"
    for i, (seat, action) in enumerate(rec["log"]):
        if game.to_play != seat:
            return f"action {i}: seat {game.to_play} to play, recorded {seat}"
        game.apply(action)
        if fingerprint(game) != rec["prints"][i + 1]:
            return f"differs after action {i} ({action})"
    return None if game.is_over else "not over at the end of the log"


def main(argv: list[str]) -> int:
    if argv[:1] == ["record"]:
        record(set(argv[1:]) or None)
        return 0
    if argv[:1] == ["check"]:
        problems = check(set(argv[1:]) or None)
        print("\n".join(problems) or "every recorded game replays the same")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
