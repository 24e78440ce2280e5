"""Shame tokens (ruling D11): a shared pool of 10 per player; each token a player holds costs
5 Honor at final scoring. No 004 rule gives Shame: only scenarios and the cooperative mode do,
and they load this module. A scenario saying "instead of taking Shame per the base rules"
replaces 004's Honor penalty for that event (D11).

State: `ext["shame"] = (pool, held per seat)`. In the cooperative mode the pool running out is a
loss (AC-DIA-07, AC-RED-08): the scenario names the rule in `ext["shame_out"]`."""
from __future__ import annotations

from ....core.module import Module
from .. import mechanics as M
from ..data_tables import BOARD


def pool(state) -> int:
    return state.ext["shame"][0]


def held(state, seat: int) -> int:
    return state.ext["shame"][1][seat]


def _set(state, pool_left: int, seat: int | None = None, delta: int = 0) -> None:
    counts = list(state.ext["shame"][1])
    if seat is not None:
        counts[seat] += delta
    state.ext["shame"] = (pool_left, tuple(counts))


def take(state, seat: int, n: int, rules: tuple[str, ...]) -> int:
    """`seat` takes up to `n` tokens from the pool; returns how many it got."""
    got = min(n, pool(state))
    if got:
        _set(state, pool(state) - got, seat, got)
        state.log(rules + ("D11",), "ev.shame.take", seat=seat, n=got, pool=pool(state))
    if pool(state) == 0 and state.ext.get("shame_out"):
        M.end_now(state, tuple(state.ext["shame_out"]))
    return got


def spend_from_pool(state, n: int, rules: tuple[str, ...]) -> int:
    """Tokens leave the pool without going to a player (a scenario's own use of the pool)."""
    got = min(n, pool(state))
    if got:
        _set(state, pool(state) - got)
        state.log(rules + ("D11",), "ev.shame.spend", n=got, pool=pool(state))
    if pool(state) == 0 and state.ext.get("shame_out"):
        M.end_now(state, tuple(state.ext["shame_out"]))
    return got


def give_back(state, n: int, rules: tuple[str, ...]) -> None:
    """Tokens a scenario had taken from the pool (`spend_from_pool`) go back to it."""
    if n:
        _set(state, pool(state) + n)
        state.log(rules + ("D11",), "ev.shame.back", n=n, pool=pool(state))


def step_setup(state) -> None:
    if "shame" not in state.ext:
        state.ext["shame"] = (BOARD.shame["pool_per_player"] * state.players, (0,) * state.players)
        state.log(("D11",), "ev.shame.pool", pool=pool(state))


def final_penalty(state) -> None:
    """D11: each Shame token held costs its Honor at final scoring."""
    for seat in range(state.players):
        n = held(state, seat)
        if n:
            M.lose_honor(state, seat, n * BOARD.shame["honor_per_token"], ("D11",), "ev.shame.penalty")


def module() -> tuple[Module, dict]:
    m = Module("shame")
    m.hook("game.setup", "before", step_setup)
    m.hook("game.final", "before", final_penalty)
    return m, {}
