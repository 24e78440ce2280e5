"""Shame tokens (ruling D11): a shared pool of 10 per player; each token a player holds costs
5 Honor at final scoring. No 004 rule gives Shame: only scenarios and the cooperative mode do,
and they switch this module on. A scenario saying "instead of taking Shame per the base rules"
replaces 004's Honor penalty for that event (D11).

State: a `ShamePool` in `state.mods["shame"]`: the pool, the tokens each seat holds, and the rules
that make the pool running out a loss (the cooperative scenarios: AC-DIA-07, AC-RED-08; set with
`lose_when_empty`). View: `view["shame"]` (public). Bots: each token held is worth -5 Honor.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core.codec import register
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import BOARD

MODULE = Module("shame", messages="common.yaml")


@register
class ShamePool(Data):
    __slots__ = ("pool", "held", "out")

    def __init__(self, pool: int, players: int):
        self.pool = pool
        self.held = (0,) * players         # tokens each seat holds
        self.out: tuple[str, ...] = ()     # rules making an empty pool a loss (none: no loss)


@record
class TakeShame(NamedTuple):
    """`seat` takes `n` tokens while tasks run (if that empties a losing pool, nothing after it runs)."""
    seat: int
    n: int
    rules: tuple[str, ...]


def data(state) -> ShamePool:
    return state.mods["shame"]


def pool(state) -> int:
    return data(state).pool


def held(state, seat: int) -> int:
    return data(state).held[seat]


def lose_when_empty(state, rules: tuple[str, ...]) -> None:
    """The pool running out is a loss (D3), citing `rules` (a cooperative scenario's setup)."""
    data(state).out = tuple(rules)


def _empty(state) -> None:
    d = data(state)
    if d.pool == 0 and d.out:
        M.end_now(state, d.out)


def take(state, seat: int, n: int, rules: tuple[str, ...]) -> int:
    """`seat` takes up to `n` tokens from the pool; returns how many it got."""
    d = data(state)
    got = min(n, d.pool)
    if got:
        d.pool -= got
        counts = list(d.held)
        counts[seat] += got
        d.held = tuple(counts)
        state.log(rules + ("D11",), "ev.shame.take", seat=seat, n=got, pool=d.pool)
    _empty(state)
    return got


def spend_from_pool(state, n: int, rules: tuple[str, ...]) -> int:
    """Tokens leave the pool without going to a player (a scenario's own use of the pool)."""
    d = data(state)
    got = min(n, d.pool)
    if got:
        d.pool -= got
        state.log(rules + ("D11",), "ev.shame.spend", n=got, pool=d.pool)
    _empty(state)
    return got


def give_back(state, n: int, rules: tuple[str, ...]) -> None:
    """Tokens a scenario had taken from the pool (`spend_from_pool`) go back to it."""
    if n:
        d = data(state)
        d.pool += n
        state.log(rules + ("D11",), "ev.shame.back", n=n, pool=d.pool)


@T.handler(MODULE, TakeShame)
def run_take(state, task: TakeShame) -> None:
    T.done(state)
    take(state, task.seat, task.n, task.rules)


def setup(state) -> None:
    if "shame" not in state.mods:
        state.mods["shame"] = ShamePool(BOARD.shame["pool_per_player"] * state.players, state.players)
        state.log(("D11",), "ev.shame.pool", pool=pool(state))


def final_penalty(state) -> None:
    """D11: each Shame token held costs its Honor at final scoring."""
    for seat in range(state.players):
        n = held(state, seat)
        if n:
            M.lose_honor(state, seat, n * BOARD.shame["honor_per_token"], ("D11",), "ev.shame.penalty")


def view(state, full: dict) -> None:
    """D11: the pool and each player's tokens are public."""
    d = data(state)
    full["shame"] = {"pool": d.pool, "held": list(d.held)}


def lines(view: dict, lang: str, cat) -> list[str]:
    if "shame" not in view:
        return []
    sep = cat.text("list.sep", lang)
    return [cat.text("txt.shame", lang, pool=view["shame"]["pool"], held=sep.join(map(str, view["shame"]["held"])))]


def potential(state, seat: int) -> float:
    """Bots: each token held costs its Honor at the end (D11)."""
    return -held(state, seat) * BOARD.shame["honor_per_token"]


MODULE.hook("game.setup", "before", setup)
MODULE.hook("game.final", "before", final_penalty)
MODULE.view = view
MODULE.lines = lines
MODULE.potential = potential
