"""What a finished game's log says, counted for simulation reports (`GreatWall.base_summary`): the
battles and how they ended, and each seat's Honor by where it came from (the rule each event cites)."""
from __future__ import annotations

from .state import GWState

# The first rule of an Honor event found here names its source (a card's effect: its kind).
SOURCES = (
    ("GW-SUMMER-04", "donation"), ("GWA-SUMMER-02", "wall"), ("GW-BREACH-02", "victory"),
    ("GW-BREACH-14", "kept_hordes"), ("GW-BREACH-04", "participation"), ("GW-BATTLE-01", "lone_defender"),
    ("GW-END-01", "artifacts"), ("GW-WORKSHOP-02", "fortifications"), ("GW-BATTLE-07", "slots"),
    ("GW-BATTLE-10", "slots"), ("GW-BREACH-06", "breach_penalty"), ("GW-AUTUMN-09", "raid_penalty"),
    ("GW-BREACH-07", "breach_penalty"), ("GWA-PROD-02", "monopoly"),
    ("D11", "shame"),
)
PREFIXES = (("general:", "general"), ("advisor:", "cards"), ("tactic:", "cards"), ("AC-", "scenario"),
            ("GK-", "genghis"), ("award:", "genghis"), ("bannerman:", "genghis"), ("RAT-", "rat"))
BATTLE_EVENTS = {"ev.battle": "battles", "ev.defeated": "hordes_defeated", "ev.breached": "breaches",
                 "ev.held": "held", "ev.kill": "soldiers_killed", "ev.kept": "hordes_kept",
                 "ev.overflow": "raids"}


def source_of(rules: tuple[str, ...]) -> str:
    for rule in rules:
        for rid, name in SOURCES:
            if rule == rid:
                return name
    for rule in rules:
        for prefix, name in PREFIXES:
            if rule.startswith(prefix):
                return name
    return "other"


def honor_events(state: GWState):
    """(seat, Honor gained or lost, rules) for every Honor change the log records."""
    for e in state.events:
        if e.key == "ev.gain" and e.params.get("what", {}).get("honor"):
            yield e.params["seat"], e.params["what"]["honor"], e.rules
        elif e.params.get("honor", 0) < 0:   # mechanics.lose_honor
            yield e.params["seat"], e.params["honor"], e.rules


def honor_by_source(state: GWState) -> dict[str, list[int]]:
    """Per source, one number per seat: the Honor that seat got from it (losses negative)."""
    out: dict[str, list[int]] = {}
    for seat, n, rules in honor_events(state):
        if 0 <= seat < state.players:
            out.setdefault(source_of(rules), [0] * state.players)[seat] += n
    return out


def count_events(state: GWState, keys: dict[str, str]) -> dict[str, list[int]]:
    """A report measure: how often each event (message key -> label) happened in the game."""
    counts = dict.fromkeys(keys.values(), 0)
    for e in state.events:
        if e.key in keys:
            counts[keys[e.key]] += 1
    return {label: [n] for label, n in counts.items()}


def battle_counts(state: GWState) -> dict[str, list[int]]:
    """Per game: battles fought, Horde cards defeated and kept, breaches, sections held, soldiers killed,
    Raids (overflows)."""
    return count_events(state, BATTLE_EVENTS)
