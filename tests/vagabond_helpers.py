"""Builders for the Vagabond's rule tests (on top of root_helpers)."""
from __future__ import annotations

from typing import Iterable

from boardlab.core import positions
from boardlab.games.root.state import FOREST, RootState
from root_helpers import idx, new, set_up, start

VB = "vagabond"


def game(character: str | Iterable[str] = "thief", factions=("marquise", VB), seed: int = 1, keep_pieces=False, **options):
    chars = [character] if isinstance(character, str) else list(character)
    g = new(factions, seed=seed, vagabond=chars, **options)
    set_up(g)
    if not keep_pieces:
        from root_helpers import clear
        clear(g)
    return g


def seat(g, name: str = VB) -> int:
    return g.state.faction.index(name)


def data(g, name: str = VB):
    return g.state.mods[name]


def kit(g, *specs: str, name: str = VB):
    """Give the Vagabond exactly these items: `boot`, `boot:down`, `sword:damaged_up`, `sack:ruin`, ..."""
    items = []
    for spec in specs:
        kind, _, rest = spec.partition(":")
        items.append((kind, "down" in rest, "damaged" in rest, "ruin" in rest))
    with positions.edit(g) as s:
        s.mods[name].items = tuple(sorted(items))
    return g


def items(g, name: str = VB) -> list[str]:
    """His items as `kind:side` (side: up, down, damaged_up, damaged_down), sorted."""
    out = []
    for k, ex, dmg, _ in data(g, name).items:
        out.append(f"{k}:{'damaged_' if dmg else ''}{'down' if ex else 'up'}")
    return sorted(out)


def at(g, loc, name: str = VB):
    """Put his pawn in clearing `loc` (a number) or forest `loc` ("f1")."""
    with positions.edit(g) as s:
        s.pawns[name] = FOREST + int(loc[1:]) - 1 if isinstance(loc, str) else idx(loc)
    return g


def where(g, name: str = VB):
    loc = g.state.pawns[name]
    return f"f{loc - FOREST + 1}" if loc >= FOREST else loc + 1


def relation(g, faction: str, value: int, name: str = VB):
    with positions.edit(g) as s:
        s.mods[name].rel = {**s.mods[name].rel, faction: value}
    return g


def daylight(g, name: str = VB):
    return start(g, seat(g, name), "daylight.start")


def edit(g):
    return positions.edit(g)


def dice(monkeypatch, *values: int):
    """Fix the next rolls (battle dice, random cards) to these values, then the real stream."""
    rolls = list(values)
    real = RootState.roll

    def roll(self, n):
        return rolls.pop(0) if rolls else real(self, n)
    monkeypatch.setattr(RootState, "roll", roll)
