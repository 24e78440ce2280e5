"""JSON-ready encoding of plain game data: state hashes and snapshots.

Set order never changes the encoding, and string-keyed dicts are hashed with sorted keys, so a
state hashes the same in every process. Dicts with other keys keep their insertion order unless
`canonical` is asked for: that order is part of a game state (it can decide the order of legal
actions), replays reproduce it and snapshots restore it. Only registered classes decode, so a
snapshot cannot make the loader build arbitrary objects. Registered classes are slotted data
classes or `NamedTuple`s (task records).
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, TypeVar

JSON = dict[str, Any]  # a JSON object (a view, a save, an option schema, event parameters)
_PLAIN = frozenset({type(None), bool, int, str, float})  # JSON scalars encode as themselves
_CLASSES: dict[str, type] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
_NAMES: dict[type, str] = {}
T = TypeVar("T", bound=type)


def register(cls: T) -> T:
    """Allow a slotted data class or a NamedTuple to be encoded and decoded (a decorator). A class
    of a game package is named `<game>.<Class>` in snapshots; within a game (and in core) two
    registered classes may not share a name."""
    name = registered_name(cls)
    known = _CLASSES.get(name)
    if known is not None and known is not cls and (known.__module__, known.__qualname__) != (
            cls.__module__, cls.__qualname__):
        raise ValueError(f"two registered classes are named {name}: {known.__module__}, {cls.__module__}")
    _CLASSES[name] = cls
    _FIELDS[cls] = _fields(cls)
    _NAMES[cls] = name
    return cls


def registered_name(cls: type) -> str:
    parts = cls.__module__.split(".")
    if len(parts) > 2 and parts[0] == "boardlab" and parts[1] == "games":
        return f"{parts[2]}.{cls.__name__}"
    return cls.__name__


def _fields(cls: type) -> tuple[str, ...]:
    if issubclass(cls, tuple):
        return tuple(getattr(cls, "_fields"))
    names: list[str] = []
    for k in reversed(cls.__mro__):
        names.extend(s for s in k.__dict__.get("__slots__", ()) if s not in names)
    return tuple(names)


def _key(enc: Any) -> str:
    return json.dumps(enc, sort_keys=True, separators=(",", ":"))


def encode(obj: Any, canonical: bool = False, omit: tuple[str, ...] = ()) -> Any:
    """JSON-ready data. `canonical` also sorts dicts whose keys are not strings; otherwise their
    insertion order is kept, so a restored state lists its options in the same order. `omit`
    leaves out fields of the outermost object (e.g. a state's event log)."""
    t = type(obj)
    if t in _PLAIN:
        return obj
    if t is list:
        return [x if type(x) in _PLAIN else encode(x, canonical) for x in obj]
    if t is tuple:
        return {"t": [x if type(x) in _PLAIN else encode(x, canonical) for x in obj]}
    if t is dict:
        if all(type(k) is str for k in obj):
            return {"d": {k: v if type(v) in _PLAIN else encode(v, canonical) for k, v in obj.items()}}
        pairs = [[k if type(k) in _PLAIN else encode(k, canonical), v if type(v) in _PLAIN else encode(v, canonical)]
                 for k, v in obj.items()]
        return {"m": sorted(pairs, key=_key) if canonical else pairs}
    if t is set or t is frozenset:
        return {"s" if t is set else "f": sorted((encode(x, canonical) for x in obj), key=_key)}
    fields = _FIELDS.get(t)
    if fields is not None:
        return {"o": _NAMES[t], "v": {s: encode(getattr(obj, s), canonical) for s in fields if s not in omit}}
    raise TypeError(f"cannot encode {t.__name__}")


MAX_DEPTH = 200  # a state nests a few levels; a deeper snapshot is malformed (and would overflow the stack)


def decode(data: Any, depth: int = 0) -> Any:
    """Plain data back into registered objects; ValueError for anything malformed."""
    if data is None or isinstance(data, (bool, int, str, float)):
        return data
    if depth > MAX_DEPTH:
        raise ValueError(f"snapshot nested deeper than {MAX_DEPTH} levels")
    d = depth + 1
    if isinstance(data, list):
        return [decode(x, d) for x in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise ValueError("malformed snapshot value")
    if "o" in data:
        cls = _CLASSES.get(data["o"]) if isinstance(data["o"], str) else None
        fields = data.get("v")
        if cls is None or not isinstance(fields, dict) or set(fields) != set(_FIELDS[cls]):
            raise ValueError(f"unknown or malformed object {data.get('o')!r}")
        if issubclass(cls, tuple):
            return cls(**{k: decode(v, d) for k, v in fields.items()})
        obj = cls.__new__(cls)
        for k, v in fields.items():
            setattr(obj, k, decode(v, d))
        return obj
    (tag, val), = data.items()
    if tag == "d" and isinstance(val, dict):
        return {str(k): decode(v, d) for k, v in val.items()}
    if not isinstance(val, list):
        raise ValueError(f"malformed snapshot value under {tag!r}")
    if tag == "t":
        return tuple(decode(x, d) for x in val)
    if tag == "m":
        return {_hashable(decode(k, d)): decode(v, d) for k, v in _pairs(val)}
    if tag == "s":
        return {_hashable(decode(x, d)) for x in val}
    if tag == "f":
        return frozenset(_hashable(decode(x, d)) for x in val)
    raise ValueError(f"unknown snapshot tag {tag!r}")


def _pairs(items: list[Any]) -> list[Any]:
    if not all(isinstance(p, list) and len(p) == 2 for p in items):
        raise ValueError("malformed snapshot mapping")
    return items


def _hashable(x: Any) -> Any:
    if isinstance(x, (list, dict)):
        raise ValueError("unhashable key in snapshot")
    return x


def digest(obj: Any) -> str:
    """A stable hash of plain data, whatever the order of its dicts and sets."""
    return digest_encoded(encode(obj, canonical=True))


def digest_encoded(enc: Any) -> str:
    """The hash of data already encoded."""
    return hashlib.blake2b(_key(enc).encode(), digest_size=16).hexdigest()
