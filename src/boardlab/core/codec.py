"""Canonical, JSON-ready encoding of plain game data: state hashes and snapshots.

Dict key order and set order never change the encoding, so equal states give equal
hashes in every process. Only registered classes decode, so a snapshot cannot make
the loader build arbitrary objects.
"""
from __future__ import annotations

import hashlib
import json

_CLASSES: dict[str, type] = {}


def register(cls: type) -> type:
    """Allow a slotted data class to be encoded and decoded (use as a decorator)."""
    _CLASSES[cls.__name__] = cls
    return cls


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for k in reversed(cls.__mro__):
        names.extend(s for s in k.__dict__.get("__slots__", ()) if s not in names)
    return names


def _key(enc) -> str:
    return json.dumps(enc, sort_keys=True, separators=(",", ":"))


def encode(obj, canonical: bool = False):
    """JSON-ready data. `canonical` sorts dicts and sets (for hashing); otherwise dict
    insertion order is kept, so a restored state lists its options in the same order."""
    t = type(obj)
    if obj is None or t is bool or t is int or t is str or t is float:
        return obj
    if t is list:
        return [encode(x, canonical) for x in obj]
    if t is tuple:
        return {"t": [encode(x, canonical) for x in obj]}
    if t is dict:
        if all(type(k) is str for k in obj):
            return {"d": {k: encode(v, canonical) for k, v in obj.items()}}
        pairs = [[encode(k, canonical), encode(v, canonical)] for k, v in obj.items()]
        return {"m": sorted(pairs, key=_key) if canonical else pairs}
    if t is set or t is frozenset:
        return {"s" if t is set else "f": sorted((encode(x, canonical) for x in obj), key=_key)}
    if t.__name__ in _CLASSES:
        return {"o": t.__name__, "v": {s: encode(getattr(obj, s), canonical) for s in _slots(t)}}
    raise TypeError(f"cannot encode {t.__name__}")


def decode(data):
    if data is None or isinstance(data, (bool, int, str, float)):
        return data
    if isinstance(data, list):
        return [decode(x) for x in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise ValueError("malformed snapshot value")
    if "o" in data:
        cls = _CLASSES.get(data["o"])
        fields = data.get("v")
        if cls is None or not isinstance(fields, dict) or set(fields) != set(_slots(cls)):
            raise ValueError(f"unknown or malformed object {data.get('o')!r}")
        obj = cls.__new__(cls)
        for k, v in fields.items():
            setattr(obj, k, decode(v))
        return obj
    (tag, val), = data.items()
    if tag == "t":
        return tuple(decode(x) for x in val)
    if tag == "d":
        return {str(k): decode(v) for k, v in val.items()}
    if tag == "m":
        return {_hashable(decode(k)): decode(v) for k, v in val}
    if tag == "s":
        return {_hashable(decode(x)) for x in val}
    if tag == "f":
        return frozenset(_hashable(decode(x)) for x in val)
    raise ValueError(f"unknown snapshot tag {tag!r}")


def _hashable(x):
    if isinstance(x, list):
        raise ValueError("unhashable key in snapshot")
    return x


def digest(obj) -> str:
    """A stable hash of plain data."""
    return hashlib.blake2b(_key(encode(obj, canonical=True)).encode(), digest_size=16).hexdigest()
