"""Declared hidden information: views are computed from zones, never by ad-hoc deletion.

A zone is a dotted path into a game's full view. `*` stands for every key (or index) at that
level; with OWNER visibility that key is the owning seat.

A zone of `items` holds a list of item ids (cards, say). An item hidden in such a zone may still
be known to some seats (it was shown to them, or one of them gave it): `state.known` says which,
and a seat's view of the zone lists the items it knows (`"known": [...]`) beside the count.
Bots' resampling keeps those items where they are (`redeal`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

from .codec import JSON

EVERYONE = "everyone"
OWNER = "owner"
NOBODY = "nobody"


@dataclass(frozen=True)
class Zone:
    path: str
    visible_to: str  # EVERYONE | OWNER | NOBODY
    count_only: bool = True  # hidden content shows as its size
    describe: str = ""
    items: bool = False  # the content is a list of item ids, each of which may be known to some seats

    def hidden_from(self, owner: Any, seat: int | None) -> bool:
        if self.visible_to == EVERYONE:
            return False
        if self.visible_to == NOBODY:
            return True
        return seat is None or str(owner) != str(seat)


def redact(full: JSON, zones: tuple[Zone, ...], seat: int | None, known: frozenset[Any] = frozenset(),
           shared: bool = False) -> JSON:
    """A copy of `full` with every zone hidden from `seat` replaced by its size (or removed);
    `known` are the hidden items the seat knows (shown in item zones). `shared`: only the top level and the
    containers on the way to a hidden zone are copied, the rest is `full`'s own (for a view encoded at once:
    `full` itself is never changed either way)."""
    if not shared:
        out: JSON = _copy(full)
        for zone in zones:
            _apply(out, zone.path.split("."), zone, seat, None, known)
        return out
    out = dict(full)
    for zone in zones:
        out = _applied(out, zone.path.split("."), zone, seat, None, known)
    return out


def hidden_paths(view: JSON, zones: tuple[Zone, ...], seat: int | None, known: frozenset[Any] = frozenset()) -> list[str]:
    """Paths where `view` still shows content that a zone hides from `seat` (should be empty),
    including known-item lists naming an item the seat does not know."""
    found: list[str] = []
    for zone in zones:
        _find(view, zone.path.split("."), zone, seat, None, [], found, known)
    return found


def redeal(places: Sequence[list[Any]], fixed: Callable[[Hashable], bool], shuffle: Callable[[list[Any]], list[Any]]) -> None:
    """Deal again, in place, every item of `places` for which `fixed(item)` is false: they are
    pooled (sorted, so the result depends on the shuffle alone), shuffled and put back into the
    free positions, each place keeping its size and its fixed items where they were."""
    free = [(p, i) for p, place in enumerate(places) for i, item in enumerate(place) if not fixed(item)]
    pool = shuffle(sorted(places[p][i] for p, i in free))
    for (p, i), item in zip(free, pool):
        places[p][i] = item


def _copy(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


def _children(node: Any, key: str) -> list[Any]:
    if key == "*":
        if isinstance(node, dict):
            return list(node.items())
        if isinstance(node, list):
            return list(enumerate(node))
        return []
    if isinstance(node, dict) and key in node:
        return [(key, node[key])]
    return []


def _apply(node: Any, parts: list[str], zone: Zone, seat: int | None, owner: Any, known: frozenset[Any]) -> None:
    key, rest = parts[0], parts[1:]
    for k, child in _children(node, key):
        own = k if key == "*" else owner
        if rest:
            _apply(child, rest, zone, seat, own, known)
        elif zone.hidden_from(own, seat):
            node[k] = _hidden(child, zone, known)


def _applied(node: Any, parts: list[str], zone: Zone, seat: int | None, owner: Any, known: frozenset[Any]) -> Any:
    """`_apply` without changing `node`: the node itself if nothing in it is hidden, else a shallow copy with
    the hidden children replaced."""
    key, rest = parts[0], parts[1:]
    out = node
    for k, child in _children(node, key):
        own = k if key == "*" else owner
        if rest:
            new = _applied(child, rest, zone, seat, own, known)
        elif zone.hidden_from(own, seat):
            new = _hidden(child, zone, known)
        else:
            continue
        if new is not child:
            if out is node:
                out = dict(node) if isinstance(node, dict) else list(node)
            out[k] = new
    return out


def _hidden(child: Any, zone: Zone, known: frozenset[Any]) -> JSON:
    out: JSON = {"hidden": True, "count": _size(child)} if zone.count_only else {"hidden": True}
    if zone.items and known and isinstance(child, list):
        mine = sorted({x for x in child if _hashable(x) and x in known}, key=str)
        if mine:
            out["known"] = mine
    return out


def _hashable(x: Any) -> bool:
    return not isinstance(x, (list, dict, set))


def _size(x: Any) -> int:
    return len(x) if isinstance(x, (list, dict, str)) else 1


def _find(node: Any, parts: list[str], zone: Zone, seat: int | None, owner: Any, trail: list[str],
          found: list[str], known: frozenset[Any]) -> None:
    key, rest = parts[0], parts[1:]
    for k, child in _children(node, key):
        own = k if key == "*" else owner
        if rest:
            _find(child, rest, zone, seat, own, trail + [str(k)], found, known)
        elif zone.hidden_from(own, seat):
            if not (isinstance(child, dict) and child.get("hidden") is True):
                found.append(".".join(trail + [str(k)]))
            elif any(x not in known for x in child.get("known", ())):
                found.append(".".join(trail + [str(k), "known"]))
