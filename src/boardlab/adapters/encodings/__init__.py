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

A fast path may keep each seat's vector between calls (`Encoding.kept_vector`) and make again only
the groups whose state fields changed (`Fields`: the fields read at once and compared with copies as
deep as to share no container with the state) and the hashed parts likewise (`KeptRest`).
"""
from __future__ import annotations

import copy
import marshal
import operator
import zlib
from itertools import compress
from operator import attrgetter
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


# a part's sums: its buckets (each once), the sum at each, whether every sum is a whole number below WHOLE
WHOLE = 2.0 ** 40  # (float64 adds thousands of such numbers exactly, in any order)
Sums = tuple[np.ndarray, np.ndarray, bool]


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
        self.parts: dict[tuple[str, bytes], Sums] = {}  # content -> its sums
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
            buckets = np.concatenate([b for b, _, _ in parts])
            if len(buckets):
                out += np.bincount(buckets, np.concatenate([v for _, v, _ in parts]), self.size)

    def _part(self, key: str, value: Any) -> "Sums":
        """The (buckets, sums, whole) of one top-level part, remembered by content."""
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

    def _walked(self, key: str, value: Any) -> "Sums":
        sums: dict[int, float] = {}
        self._walk(value, key, sums)
        whole = all(map(float.is_integer, sums.values())) and (not sums or max(map(abs, sums.values())) < WHOLE)
        return (np.fromiter(sums.keys(), np.intp, len(sums)), np.fromiter(sums.values(), np.float64, len(sums)), whole)

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


# values a copy shares (tuples too: a state's clone shares them, so the engine never changes one)
_SHARED = frozenset({int, float, str, bool, type(None), bytes, frozenset, tuple})


def _copied(value: Any) -> Any:
    """A copy of a state field whose every list, dict and set is copied, at any depth (a state's clone
    copies its containers one or two levels deep, and the engine changes them in place down to there):
    nothing the engine does to the state changes the copy. Anything else but a shared value is copied
    whole (`copy.deepcopy`: compared by its own equality, or its identity, so never taken as unchanged
    wrongly)."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return list(value) if all(map(_SHARED.__contains__, map(type, value))) else [_copied(v) for v in value]
    if kind is dict:
        return (dict(value) if all(map(_SHARED.__contains__, map(type, value.values())))
                else {k: _copied(v) for k, v in value.items()})
    if kind is set:
        return set(value)
    return copy.deepcopy(value)


class Fields:
    """The state fields each group of a fast path reads (`groups`: group -> field names), read at once
    and compared by value with copies taken when the seat asking last had its groups made: `changed`
    names the groups to make again. A copy shares no container with the state (`_copied`: the
    engine changes lists and dicts in place, Root's warriors and hands one level down), so a field
    equal to its copy is the field the seat's groups were made from. Exact whatever state was asked
    before (a game reset, OpenSpiel's interleaved states, a clone)."""

    def __init__(self, groups: dict[str, tuple[str, ...]]):
        names = sorted({name for fields in groups.values() for name in fields} | {"modules"})
        self.names = names
        self.read = attrgetter(*names)
        self.groups_of = [frozenset(g for g, fields in groups.items() if name in fields) for name in names]
        self.every = frozenset(groups)
        self.seen: dict[int, list] = {}  # seat -> the fields its groups were last made from (copies)

    def changed(self, state: Any, seat: int) -> frozenset[str]:
        """The groups to make again for `seat` (their fields are taken as they are now)."""
        live = self.read(state)
        seen = self.seen.get(seat)
        if seen is None:
            self.seen[seat] = [_copied(value) for value in live]
            return self.every
        flags = list(map(operator.ne, live, seen))
        if True not in flags:
            return frozenset()
        changed: set[str] = set()
        for i in compress(range(len(flags)), flags):
            seen[i] = _copied(live[i])
            changed |= self.groups_of[i]
        return frozenset(changed)


def _limited(total: np.ndarray) -> np.ndarray:
    """A float64 total as float32 within [-LIMIT, LIMIT] (as `Encoding.encode` limits its vector)."""
    out = total.astype(np.float32)
    if out.max(initial=0.0) > LIMIT or out.min(initial=0.0) < -LIMIT:
        np.clip(out, -LIMIT, LIMIT, out=out)
    return out


def clipped(values: list[float]) -> list[float]:
    """Values limited to [-LIMIT, LIMIT] (as `Encoding.encode` limits its whole vector)."""
    if values and (max(values) > LIMIT or min(values) < -LIMIT):
        return [min(max(v, -LIMIT), LIMIT) for v in values]
    return values


class Part:
    """One top-level part of a fast path's hashed rest: its key, the state fields it is made from
    (`fields`; None: made every call, for a part read from an object changed in place) and how
    (`make(state, seat)`: the value the view has there, before redaction)."""

    def __init__(self, key: str, fields: tuple[str, ...] | None, make: Callable[[Any, int], Any]):
        self.key, self.fields, self.make = key, fields, make
        self.sums: dict[int, Sums | None] = {}  # seat -> the part's sums last made


class KeptRest:
    """A fast path's hashed rest by parts (`HashedView(by_part=True)`'s vector): each base part made and
    looked up again only when the fields it reads changed (`Fields`: its group is the part's key; a part
    under a zone that shows known items: every call), the modules' parts made every call (what a
    module's view reads is its own), and the buckets summed again only when some part's sums changed.
    The sums are those of the parts in the view's order, as `HashedView` adds them."""

    def __init__(self, hashed: HashedView, parts: Iterable[Part], scratch: tuple[str, ...] = ()):
        self.hashed, self.parts, self.scratch = hashed, tuple(parts), scratch
        self.summed: dict[int, tuple] = {}  # seat -> (the parts' sums, their total if kept exact, within LIMIT)
        self.on_key: dict[tuple, dict[str, tuple]] = {}  # the game's zones -> those on each part's key

    def groups(self) -> dict[str, tuple[str, ...]]:
        """The fields each part reads, by its key (with the modules: the zones on a part depend on them)."""
        return {part.key: part.fields + ("modules",) for part in self.parts if part.fields is not None}

    def vector(self, encoding: "Encoding", game: Any, seat: int, changed: frozenset[str]) -> np.ndarray:
        """The rest's buckets for `seat` (float32; read-only); `changed`: the parts whose fields changed."""
        state = game.state
        views, zones = encoding.module_views(game)
        on_key = self.on_key.get(zones)
        if on_key is None:  # (the zones on each part's key, and the parts under a zone showing known items)
            on_key = self.on_key[zones] = {part.key: tuple(z for z in zones if z.path.partition(".")[0] == part.key)
                                           for part in self.parts}
            on_key[""] = frozenset([key for key, on in on_key.items() if any(z.items for z in on)]
                                   + [part.key for part in self.parts if part.fields is None])
        every = on_key[""]
        sums = [self._base_part(part, state, seat, on_key[part.key])
                if part.key in changed or part.key in every or seat not in part.sums else part.sums[seat]
                for part in self.parts]
        if views:
            modules = encoding.with_module_parts(game, seat, {}, self.scratch)
            sums += [self.hashed._part(key, value) for key, value in modules.items()]
        last = self.summed.get(seat)
        if last is None or len(last[0]) != len(sums):
            last = self.summed[seat] = self._summed(sums)
        elif not all(map(operator.is_, last[0], sums)):
            last = self.summed[seat] = self._updated(last, sums)
        return last[2]

    def _summed(self, sums: list) -> tuple[list, np.ndarray | None, np.ndarray]:
        """(the parts' sums, their total by bucket in float64 when every sum is a whole number below WHOLE,
        the total as float32 within LIMIT), added up as `HashedView` adds them."""
        total = np.zeros(self.hashed.size, np.float64)
        found = [s for s in sums if s is not None and len(s[0])]
        if found:
            total = np.bincount(np.concatenate([b for b, _, _ in found]), np.concatenate([v for _, v, _ in found]),
                                self.hashed.size)
        whole = all(s[2] for s in found) and total.max(initial=0.0) < WHOLE and total.min(initial=0.0) > -WHOLE
        return (sums, total if whole else None, _limited(total))

    def _updated(self, last: tuple[list, np.ndarray | None, np.ndarray], sums: list) -> tuple:
        """The total with the parts that changed taken out and added again: exact when every sum is a whole
        number below WHOLE (float64 then adds exactly in any order: the reference's sum, cast to float32
        alike); else summed afresh."""
        total = last[1]
        changed = [(old, new) for old, new in zip(last[0], sums) if old is not new]
        if total is None or not all((new is None or new[2]) for _old, new in changed):
            return self._summed(sums)
        for old, new in changed:  # (this seat's own total: changed in place)
            if old is not None:
                total[old[0]] -= old[1]
            if new is not None:
                total[new[0]] += new[1]
        high, low = total.max(), total.min()
        if high >= WHOLE or low <= -WHOLE:
            return self._summed(sums)
        return (sums, total, _limited(total))

    def _base_part(self, part: Part, state: Any, seat: int, on_part: tuple) -> Sums | None:
        value = part.make(state, seat)
        on_part = tuple(z for z in on_part if "." not in z.path or value)  # (on the children of an empty part: nothing hidden)
        if on_part:
            shown = redact({part.key: value}, on_part, seat, state.known_to(seat), shared=True)
            if part.key not in shown:
                part.sums[seat] = None
                return None
            value = shown[part.key]
        found = part.sums[seat] = self.hashed._part(part.key, value)
        return found


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
        self.modules: dict[tuple, tuple[tuple, tuple]] = {}  # state.modules -> (view functions, zones)
        self.vectors: dict[int, np.ndarray] = {}  # seat -> its last vector (`kept_vector`)

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

    def kept_vector(self, game: Any, seat: int, fields: Fields, groups: tuple, rest: KeptRest) -> np.ndarray:
        """A fast path's vector for `seat` kept from its last call: the header made, each group of
        `groups` ((name, start, stop, make(state, seat, order)): the values of vector[start:stop])
        made again only when `fields` says a field it reads changed, and the hashed rest (`rest`, the
        vector's end) brought up to date the same way. Every value is what making it afresh gives."""
        state = game.state
        vec = self.vectors.get(seat)
        if vec is None:
            vec = self.vectors[seat] = np.zeros(self.size, np.float32)
        vec[:3 * self.players + 1] = clipped(self.header_values(game, seat))
        changed = fields.changed(state, seat)
        if changed:
            order = self.rotated(list(range(self.players)), seat)
            for name, start, stop, make in groups:
                if name in changed:
                    vec[start:stop] = clipped(make(state, seat, order))
        vec[self.size - rest.hashed.size:] = rest.vector(self, game, seat, changed)
        return vec.copy()

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
