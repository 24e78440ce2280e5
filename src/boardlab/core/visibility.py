"""Declared hidden information: views are computed from zones, never by ad-hoc deletion.

A zone is a dotted path into a game's full view. `*` stands for every key (or index) at
that level; with OWNER visibility that key is the owning seat.
"""
from __future__ import annotations

from dataclasses import dataclass

EVERYONE = "everyone"
OWNER = "owner"
NOBODY = "nobody"


@dataclass(frozen=True)
class Zone:
    path: str
    visible_to: str  # EVERYONE | OWNER | NOBODY
    count_only: bool = True  # hidden content shows as its size
    describe: str = ""

    def hidden_from(self, owner, seat: int | None) -> bool:
        if self.visible_to == EVERYONE:
            return False
        if self.visible_to == NOBODY:
            return True
        return seat is None or str(owner) != str(seat)


def redact(full: dict, zones: tuple[Zone, ...], seat: int | None) -> dict:
    """A copy of `full` with every zone hidden from `seat` replaced by its size (or removed)."""
    out = _copy(full)
    for zone in zones:
        _apply(out, zone.path.split("."), zone, seat, None)
    return out


def hidden_paths(view: dict, zones: tuple[Zone, ...], seat: int | None) -> list[str]:
    """Paths where `view` still shows content that a zone hides from `seat` (should be empty)."""
    found: list[str] = []
    for zone in zones:
        _find(view, zone.path.split("."), zone, seat, None, [], found)
    return found


def _copy(x):
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


def _children(node, key):
    if key == "*":
        if isinstance(node, dict):
            return list(node.items())
        if isinstance(node, list):
            return list(enumerate(node))
        return []
    if isinstance(node, dict) and key in node:
        return [(key, node[key])]
    return []


def _apply(node, parts, zone, seat, owner):
    key, rest = parts[0], parts[1:]
    for k, child in _children(node, key):
        own = k if key == "*" else owner
        if rest:
            _apply(child, rest, zone, seat, own)
        elif zone.hidden_from(own, seat):
            node[k] = {"hidden": True, "count": _size(child)} if zone.count_only else {"hidden": True}


def _size(x) -> int:
    return len(x) if isinstance(x, (list, dict, str)) else 1


def _find(node, parts, zone, seat, owner, trail, found):
    key, rest = parts[0], parts[1:]
    for k, child in _children(node, key):
        own = k if key == "*" else owner
        if rest:
            _find(child, rest, zone, seat, own, trail + [str(k)], found)
        elif zone.hidden_from(own, seat) and not (isinstance(child, dict) and child.get("hidden") is True):
            found.append(".".join(trail + [str(k)]))
