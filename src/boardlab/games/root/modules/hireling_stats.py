"""What a simulation report tallies about hirelings (`Module.summary` of `hirelings`), read from the
game's events: who held which hireling, how often each was hired, how long each control lasted."""
from __future__ import annotations

from ..state import RootState


def side(state: RootState, key: str) -> str:
    return f"{key} ({'demoted' if state.mods[key].demoted else 'promoted'})"


def control_spells(state: RootState) -> list[tuple[int, str, str, int, bool]]:
    """(seat, hireling, die, turns, ended) for every time a seat gained a hireling: `turns` counts the
    turns that seat began while holding it; `ended` is False when the game ended during the spell."""
    spells: list[tuple[int, str, str, int, bool]] = []
    open_: dict[str, list] = {}
    for event in state.events:
        p = event.params
        if event.key == "ev.hirelings.rolled":  # a new control (taking it from a holder ends theirs)
            if p["hireling"] in open_:
                spells.append((*open_.pop(p["hireling"]), True))
            open_[p["hireling"]] = [p["seat"], p["hireling"], p["die"], 0]
        elif event.key == "ev.turn":
            for spell in open_.values():
                spell[3] += spell[0] == p["seat"]
        elif event.key == "ev.hirelings.handed" and p["hireling"] in open_:
            spells.append((*open_.pop(p["hireling"]), True))
    return spells + [(*spell, False) for spell in open_.values()]


def summary(state: RootState, dealt: tuple[str, ...]) -> dict:
    """Per seat: how many hirelings it held during the game, and at its end (win-rate categories). Pooled over games
    (measures, label -> numbers): whether each dealt hireling was ever hired (1/0), how many times it
    changed hands, and the turns each control lasted by die (cut short by the game's end or not)."""
    spells = control_spells(state)
    held = [len({key for seat, key, *_ in spells if seat == s}) for s in range(state.players)]
    gains = {side(state, key): [sum(1 for _, k, *_ in spells if k == key)] for key in dealt}
    turns: dict[str, list[int]] = {}
    for _, _, die, n, ended in spells:
        turns.setdefault(die if ended else f"{die}, cut by the game's end", []).append(n)
    at_end = [sum(1 for key in dealt if state.hired.get(key) == s) for s in range(state.players)]
    return {"hirelings_held": [str(n) for n in held], "hirelings_at_end": [str(n) for n in at_end],
            "hireling_hired": {label: [int(n[0] > 0)] for label, n in gains.items()},
            "hireling_gains": gains, "control_turns": turns}
