"""A seeded random stream whose whole state is one int, so it lives in the game state.

SplitMix64: small, fast in pure Python and stable across Python versions (unlike
`random.shuffle`, whose algorithm CPython may change).
"""
from __future__ import annotations

from typing import Any, Sequence

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """The stream state for a user seed (any int)."""
    return mix(seed & _MASK)


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """(new_state, 64 random bits)."""
    state = (state + _GAMMA) & _MASK
    return state, mix(state)


def below(state: int, n: int) -> tuple[int, int]:
    """(new_state, uniform int in [0, n)) by rejection, so every value is equally likely."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _MASK - (_MASK + 1) % n
    while True:
        state, r = next_u64(state)
        if r <= limit:
            return state, r % n


def shuffled(state: int, items: Sequence[Any]) -> tuple[int, list[Any]]:
    """(new_state, a Fisher-Yates shuffled copy of items). The same draws as `below` (inlined: this
    runs for every deck and every bot's determinisation)."""
    out = list(items)
    mask, gamma = _MASK, _GAMMA
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = mask - (mask + 1) % n
        while True:
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            r = z ^ (z >> 31)
            if r <= limit:
                break
        j = r % n
        out[i], out[j] = out[j], out[i]
    return state, out


class Stream:
    """A mutable wrapper for code outside game states (bots, determinisation)."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        self.state, r = below(self.state, n)
        return r

    def shuffle(self, items: Sequence[Any]) -> list[Any]:
        self.state, out = shuffled(self.state, items)
        return out

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]
