"""Fixed-size numeric observations of a seat's view, one `Encoding` per game.

Every encoding starts with the same header (`HEADER`), then its game's part:

- header: the observer's seat one-hot (players), the seat to play one-hot (players, all zero when
  the game is over), the scores rotated so the observer comes first (divided by 100), is_over;
- the game's part (`encodings/<game>.py`, documented there). A game without an encoding of its own
  gets `HashedView` alone: every leaf of its view hashed into a fixed number of buckets.

An encoding reads `Game.seat_view(seat)` plus the common keys (scores, to_play, decision), so it can
never leak what the seat may not know (`Encoding.encode_view`). A game's encoding may also have a fast
path (`observe_part`) that reads only the parts of the state it needs, outside every hidden zone, and
keeps what changes little (a board) from one call to the next: it must give exactly `encode_view`'s
vector (tests/test_adapters_fast.py compares them on random positions and checks that redrawing the
hidden information changes nothing). Values lie in [-LIMIT, LIMIT].
"""
from __future__ import annotations

import marshal
import zlib
from typing import Any, Callable, Iterable

import numpy as np

from ...core.visibility import redact

LIMIT = 1000.0
PARTS_KEPT = 4096  # remembered parts per HashedView (a few MB; cleared when full: a game reuses its recent ones)
_BUCKETS: dict[tuple[str, int], int] = {}  # (feature, buckets) -> bucket, memoised crc32


def bucket(feature: str, buckets: int) -> int:
    """A stable bucket for a feature name (crc32: the same in every process)."""
    key = (feature, buckets)
    found = _BUCKETS.get(key)
    if found is None:
        if len(_BUCKETS) > 200_000:
            _BUCKETS.clear()
        found = _BUCKETS[key] = _crc_bucket(feature, buckets)
    return found


def _crc_bucket(feature: str, buckets: int) -> int:
    return zlib.crc32(feature.encode()) % buckets


class HashedView:
    """Feature hashing of a JSON view: a number at path P adds its value to bucket(P); a string S
    at path P adds 1 to bucket(P=S); a list of strings is a bag (P[]=S); other lists keep their
    indices; booleans count as 0/1; None adds nothing. The sums are made in Python per bucket and
    added to the vector at once (numpy's per-item writes cost more than the walk).

    `by_part` (for a game whose hashed view is large and changes a few parts a step: The Great
    Wall's): each top-level key is a part, its values summed per bucket in the walk's order, and the
    parts' sums added up in the view's key order. A part's sums are remembered by its content (the
    key and `marshal.dumps` of its value, an exact serialisation): looking one up costs far less
    than walking it. What a lookup gives is what the walk gives, so the vector never depends on
    what was asked before. (A small view, or one most of whose parts change every step, costs less
    walked whole: measured, bench/adapters.py.)"""

    def __init__(self, buckets: int, skip: Iterable[str] = (), by_part: bool = False):
        self.size = buckets
        self.skip = frozenset(skip)
        self.known: dict[str, int] = {}  # feature -> bucket
        self.by_part = by_part
        self.parts: dict[tuple[str, bytes], tuple[np.ndarray, np.ndarray]] = {}  # content -> its sums
        self.remember = True  # False: every part walked (by_part only; bench/adapters.py's reference path)

    def encode(self, view: dict, out: np.ndarray) -> None:
        if self.by_part:
            self._encode_by_part(view, out)
            return
        sums: dict[int, float] = {}
        for key, value in view.items():
            if key not in self.skip:
                self._walk(value, key, sums)
        if sums:
            out[np.fromiter(sums.keys(), np.intp, len(sums))] += np.fromiter(sums.values(), np.float64, len(sums))

    def _encode_by_part(self, view: dict, out: np.ndarray) -> None:
        parts = [self._part(key, value) for key, value in view.items() if key not in self.skip]
        if parts:
            buckets = np.concatenate([b for b, _ in parts])
            if len(buckets):
                out += np.bincount(buckets, np.concatenate([v for _, v in parts]), self.size)

    def _part(self, key: str, value: Any) -> tuple[np.ndarray, np.ndarray]:
        """The (buckets, sums) of one top-level part, remembered by content."""
        if not self.remember:
            return self._walked(key, value)
        try:
            content = (key, marshal.dumps(value))
        except ValueError:  # a value marshal cannot write (not JSON-like): walked every time
            return self._walked(key, value)
        found = self.parts.get(content)
        if found is None:
            if len(self.parts) > PARTS_KEPT:
                self.parts.clear()
            found = self.parts[content] = self._walked(key, value)
        return found

    def _walked(self, key: str, value: Any) -> tuple[np.ndarray, np.ndarray]:
        sums: dict[int, float] = {}
        self._walk(value, key, sums)
        return (np.fromiter(sums.keys(), np.intp, len(sums)), np.fromiter(sums.values(), np.float64, len(sums)))

    def _add(self, feature: str, value: float, sums: dict[int, float]) -> None:
        b = self.known.get(feature)
        if b is None:
            if len(self.known) > 200_000:
                self.known.clear()
            b = self.known[feature] = _crc_bucket(feature, self.size)
        sums[b] = sums.get(b, 0.0) + value

    def _walk(self, value: Any, path: str, sums: dict[int, float]) -> None:
        kind = type(value)  # the exact types first (most leaves), then their subclasses
        if kind is str:
            self._add(f"{path}={value}", 1.0, sums)
        elif kind is int or kind is float:
            self._add(path, value, sums)
        elif kind is dict:
            for key, item in value.items():
                self._walk(item, f"{path}.{key}", sums)
        elif kind is list or kind is tuple:
            self._walk_list(value, path, sums)
        elif value is not None:
            self._walk_other(value, path, sums)

    def _walk_other(self, value: Any, path: str, sums: dict[int, float]) -> None:
        if isinstance(value, bool):
            self._add(path, float(value), sums)
        elif isinstance(value, (int, float)):
            self._add(path, value, sums)
        elif isinstance(value, str):
            self._add(f"{path}={value}", 1.0, sums)
        elif isinstance(value, dict):
            for key, item in value.items():
                self._walk(item, f"{path}.{key}", sums)
        elif isinstance(value, (list, tuple)):
            self._walk_list(value, path, sums)

    def _walk_list(self, values: list | tuple, path: str, sums: dict[int, float]) -> None:
        if values and all(isinstance(v, str) for v in values):
            for v in values:
                self._add(f"{path}[]={v}", 1.0, sums)
            return
        for i, v in enumerate(values):
            self._walk(v, f"{path}.{i}", sums)


# the keys every view carries (Game.view adds them; seat_view has the game's own part)
COMMON_KEYS = ("game", "player_count", "modules", "seat", "to_play", "decision", "scores", "is_over",
               "winners", "log", "legal_actions", "colours")


class Encoding:
    """A fixed-size float32 vector per seat. Subclasses set `part_size` and fill `encode_part`."""

    part_size = 0

    def __init__(self, players: int, options: dict):
        self.players = players
        self.options = options
        self.size = 3 * players + 1 + self.part_size
        self.groups: dict[tuple, tuple[tuple, list[float]]] = {}  # (group, seat) -> (what it was made of, numbers)
        self.modules: dict[tuple, tuple[tuple, tuple]] = {}  # state.modules -> (view functions, zones)

    def kept(self, group: tuple, key: tuple, made: Callable[[], list[float]]) -> list[float]:
        """A fast path's group of numbers, made again only when what it is made of changed since the
        last call for that group: `key` holds every field of the state the group reads, by value
        (tuples of the state's immutable parts; a mutable part copied into a tuple), so a group is
        never stale, whatever state was asked before."""
        kept = self.groups.get(group)
        if kept is None or kept[0] != key:
            kept = self.groups[group] = (key, made())
        return kept[1]

    def module_views(self, game: Any) -> tuple[tuple, tuple]:
        """The active modules' view functions and the game's hidden zones (both depend on the
        modules switched on only, `state.modules`: remembered by it)."""
        state = game.state
        found = self.modules.get(state.modules)
        if found is None:
            views = tuple(m.view for m in game.rules.active(state) if m.view is not None)
            found = self.modules[state.modules] = (views, game.rules.zones_of(state))
        return found

    def with_module_parts(self, game: Any, seat: int, rest: dict, scratch: tuple[str, ...] = ()) -> dict:
        """`rest` (a fast path's parts of the view, built from the state as the view builds them) with
        every active module's part added, redacted by the game's zones on its keys as the view is.
        `scratch`: keys of the base view a module may write into, given empty and taken out again
        (what a module puts there is not encoded)."""
        state = game.state
        views, zones = self.module_views(game)
        for key in scratch:
            rest[key] = {}
        for view in views:
            view(state, rest)
        for key in scratch:
            del rest[key]
        # a zone on the children of a part that has none (None, empty) has nothing to hide
        zones = tuple(z for z in zones if (top := z.path.partition(".")[0]) in rest and ("." not in z.path or rest[top]))
        return redact(rest, zones, seat, state.known_to(seat), shared=True) if zones else rest

    def encode(self, game: Any, seat: int) -> np.ndarray:
        """The seat's observation, by the game's fast path (`observe_part`) where it has one."""
        return self._encoded(game, seat, self.observe_part)

    def encode_view(self, game: Any, seat: int) -> np.ndarray:
        """The same observation built from the seat's whole view (the reference a fast path must equal)."""
        return self._encoded(game, seat, self.view_part)

    def _encoded(self, game: Any, seat: int, part: Callable[[Any, int, np.ndarray], None]) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        self._header(game, seat, out)
        part(game, seat, out[3 * self.players + 1:])
        if out.max() > LIMIT or out.min() < -LIMIT:  # rare: reading is cheaper than writing every value
            np.clip(out, -LIMIT, LIMIT, out=out)
        return out

    def view_part(self, game: Any, seat: int, out: np.ndarray) -> None:
        # shared: the view may share containers with the state (cheaper), read here and never changed
        # (its top level is the view's own: the decision is added there)
        view = game.seat_view(seat, shared=True)
        view["decision"] = game.decision
        self.encode_part(view, seat, out)

    def observe_part(self, game: Any, seat: int, out: np.ndarray) -> None:
        """The game's part of the observation; a game may read its state here instead of building the
        whole view, as long as the result equals `view_part`'s and reads nothing the seat may not know
        (tests/test_adapters_fast.py checks both). Default: `view_part`."""
        self.view_part(game, seat, out)

    def _header(self, game: Any, seat: int, out: np.ndarray) -> None:
        out[:3 * self.players + 1] = self.header_values(game, seat)

    def header_values(self, game: Any, seat: int) -> list[float]:
        """The header (see the module's docstring) as Python floats (one write costs less than many)."""
        n = self.players
        values = [0.0] * (3 * n + 1)
        values[seat] = 1.0
        to_play = game.to_play
        if to_play is not None:
            values[n + to_play] = 1.0
        values[2 * n:3 * n] = [score / 100.0 for score in self.rotated(game.scores, seat)]
        values[3 * n] = float(to_play is None)
        return values

    def rotated(self, per_seat: list, seat: int) -> list:
        """Per-seat values from the observer's seat on (the observer first)."""
        return list(per_seat[seat:]) + list(per_seat[:seat])

    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        raise NotImplementedError


class GenericEncoding(Encoding):
    """The header and the whole view hashed into 1024 buckets."""

    part_size = 1024

    def __init__(self, players: int, options: dict):
        super().__init__(players, options)
        self.hashed = HashedView(self.part_size, COMMON_KEYS)

    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        self.hashed.encode(view, out)


def encoding_for(game_name: str, players: int, options: dict) -> Encoding:
    """The encoding of a configuration: the game's own (encodings/<game>.py) or the generic one."""
    from . import carcassonne, greatwall, root
    own = {"carcassonne": carcassonne.CarcassonneEncoding, "greatwall": greatwall.GreatWallEncoding,
           "root": root.RootEncoding}
    return own.get(game_name, GenericEncoding)(players, options)
