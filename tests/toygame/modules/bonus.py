"""The bonus module of Pairs: a played card of the same parity as the card played before it scores
double (an answer to the extension point `points`). The module counts each seat's bonuses in its own
data (`state.mods["bonus"]`), shows them in the view and values them for bots."""
from __future__ import annotations

from boardlab.core.module import Module

from .. import VALUE

MODULE = Module("bonus")


def points(state, seat: int, card: str, value: int) -> int:
    if len(state.table) < 2 or VALUE[state.table[-2]] % 2 != VALUE[card] % 2:
        return value
    counts = list(state.mods["bonus"])
    counts[seat] += 1
    state.mods["bonus"] = tuple(counts)
    state.log(("PAIRS-B1",), "ev.bonus", seat=seat)
    return value * 2


MODULE.answer("points", points)
MODULE.data = lambda state: (0,) * state.players
MODULE.view = lambda state, view: view.update(bonus=list(state.mods["bonus"]))
MODULE.potential = lambda state, seat: 0.5 * state.mods["bonus"][seat]
MODULE.summary = lambda state: {"bonuses": list(state.mods["bonus"])}
