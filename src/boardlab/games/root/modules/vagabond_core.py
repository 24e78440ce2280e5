"""The Vagabond's shared core (LR-09): the module objects, his data, items and relationships.

Both Vagabonds (`vagabond`, `vagabond2`, LR-09-07) run on the same rules: every task handler and
decision is registered once on the `vagabond` module (the second Vagabond is never in play without
the first) and its records carry the Vagabond's name; each `Faction` object gets its own hooks.

Items (LR-09-02-05) are tuples `(kind, exhausted, damaged, ruin)`: `ruin` marks an "R" item taken
from a ruin (LR-09-07-03). Where an item sits follows from its sides: a face-up undamaged tea, coin or
sack is on its track (up to 3 a track, LR-09-02-05-01), a damaged one in the Damaged box, any other in
the Satchel. In ids an item is `item:KIND:SIDE`, SIDE one of `up`, `down` (exhausted), `damaged_up`,
`damaged_down`.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from ..content import faction_sheet
from ....core.codec import register
from ....core.state import Data
from ....core.visibility import NOBODY, Zone
from .. import board as B
from ..program import PROGRAM, Faction
from ..state import FOREST, RootState

NAMES = ("vagabond", "vagabond2")
BOARD = faction_sheet("vagabond")
TRACKS = tuple(BOARD["tracks"])
SIDES = ("up", "down", "damaged_up", "damaged_down")
HOSTILE, INDIFFERENT, ALLIED = -1, 0, len(BOARD["relationships"]["aids"])

MODULE = Faction("vagabond")
MODULE.zones = (Zone("quests.deck", NOBODY, describe="the Vagabonds' quest deck (LR-09-03-03)"),)

Item = tuple[str, bool, bool, bool]


@register
class VagabondState(Data):
    __slots__ = ("character", "items", "rel", "aided", "quests", "ally", "ally_hits", "item_hits", "coerced",
                 "coerce_due", "scorched", "quiet", "instigating", "assigned", "set_up")

    def __init__(self) -> None:
        self.character: str | None = None
        self.items: tuple[Item, ...] = ()
        self.rel: dict[str, int] = {}            # non-Vagabond faction -> HOSTILE .. ALLIED (LR-09-02-09)
        self.aided: dict[str, int] = {}          # aids given this turn toward the next space
        self.quests: tuple[str, ...] = ()        # completed quests (LR-09-05-05)
        self.ally: str | None = None             # the Allied faction fighting along in this battle
        self.ally_hits = 0                       # hits taken this battle by removing Allied warriors
        self.item_hits = 0                       # ... and by damaging items (LR-09-02-09-02-04)
        self.coerced: str | None = None          # the Jailor's Coerce: an item he may exhaust once
        self.coerce_due = False                  # a coerced item was exhausted: lose a point after the action
        self.scorched: tuple[int, ...] = ()      # the Scoundrel's torches on the map
        self.quiet = False                       # the Gladiator's Duel: removing a warrior makes no one Hostile
        self.instigating: int | None = None      # the Vagrant's Instigate: the clearing of the forced battle
        self.assigned = False                    # the removal being scored was treated as his (Instigate)
        self.set_up = False


def V(state: RootState, name: str) -> VagabondState:
    return state.mods[name]


def seat_of(state: RootState, name: str) -> int:
    s = state.seat_of(name)
    assert s is not None
    return s


def in_play(state: RootState) -> list[str]:
    """The Vagabonds in play, in seat order."""
    return [f for f in state.faction if f in NAMES]


def character(state: RootState, name: str) -> str | None:
    return V(state, name).character


def with_character(state: RootState, key: str) -> str | None:
    for name in state.faction:  # in_play, in seat order
        if name in NAMES and V(state, name).character == key:
            return name
    return None


def location(state: RootState, name: str) -> int:
    return state.pawns[name]


def clearing(state: RootState, name: str) -> int | None:
    """His clearing, or None in a forest."""
    loc = state.pawns.get(name)
    return None if loc is None or loc >= FOREST else loc


def relationship_factions(state: RootState) -> list[str]:
    """Every non-Vagabond faction has a relationship marker (LR-09-02-09, LR-09-03-06)."""
    return [f for f in state.faction if f and f not in NAMES]  # "": a seat still to draft its faction


def is_vagabond(faction: str) -> bool:
    return faction in NAMES


# ---- items ------------------------------------------------------------------------------------------------

def side(item: Item) -> str:
    _, exhausted, damaged, _ = item
    return ("damaged_" if damaged else "") + ("down" if exhausted else "up")


def item_id(kind: str, s: str) -> str:
    return f"item:{kind}:{s}"


def parse_item(action_id: str) -> tuple[str, str]:
    _, kind, s = action_id.split(":")
    return kind, s


def _sorted(items: Iterable[Item]) -> tuple[Item, ...]:
    return tuple(sorted(items))


def ready(data: VagabondState, kind: str) -> int:
    """Face-up undamaged items of a kind (a coerced item counts, LR-AV-12-02)."""
    n = 1 if data.coerced == kind else 0
    for k, ex, dmg, _ in data.items:
        if k == kind and not ex and not dmg:
            n += 1
    return n


def ready_kinds(data: VagabondState) -> list[str]:
    return sorted({k for k, ex, dmg, _ in data.items if not ex and not dmg} | ({data.coerced} if data.coerced else set()))


def ready_counts(data: VagabondState) -> Counter[str]:
    """`ready` of every kind with one ready at least."""
    counts: dict[str, int] = {}
    for k, ex, dmg, _ in data.items:
        if not ex and not dmg:
            counts[k] = counts.get(k, 0) + 1
    if data.coerced:
        counts[data.coerced] = counts.get(data.coerced, 0) + 1
    return B.tally(counts)


def exhaust(state: RootState, name: str, kind: str, n: int = 1) -> None:
    """Exhaust `n` face-up undamaged items of a kind (a coerced one first, LR-AV-12-02)."""
    data = V(state, name)
    for _ in range(n):
        if data.coerced == kind:
            data.coerced = None
            data.coerce_due = True
            continue
        data.items = _change(data.items, (kind, False, False), lambda i: (i[0], True, i[2], i[3]))


def _change(items: tuple[Item, ...], match: tuple[str, bool, bool], fn: Any, prefer_ruin: bool = False) -> tuple[Item, ...]:
    """Change one item of (kind, exhausted, damaged) by `fn`."""
    found = [i for i, it in enumerate(items) if it[:3] == match]
    if not found:
        raise ValueError(f"no item {match}")
    pick = found[-1] if prefer_ruin else found[0]  # sorted: ruin=False first
    out = list(items)
    new = fn(out[pick])
    if new is None:
        del out[pick]
    else:
        out[pick] = new
    return _sorted(out)


def gain(state: RootState, name: str, kind: str, ruin: bool = False) -> None:
    """A gained item is face up (LR-09-02-05-01/02; a tea, coin or sack then sits on its track)."""
    data = V(state, name)
    data.items = _sorted(data.items + ((kind, False, False, ruin),))


def damage(state: RootState, name: str, kind: str, exhausted: bool) -> None:
    data = V(state, name)
    data.items = _change(data.items, (kind, exhausted, False), lambda i: (i[0], i[1], True, i[3]))


def repair(state: RootState, name: str, kind: str, exhausted: bool) -> None:
    """To the Satchel, keeping its side (LR-09-05-07)."""
    data = V(state, name)
    data.items = _change(data.items, (kind, exhausted, True), lambda i: (i[0], i[1], False, i[3]))


def flip_up(state: RootState, name: str, kind: str, damaged: bool) -> None:
    data = V(state, name)
    data.items = _change(data.items, (kind, True, damaged), lambda i: (i[0], False, i[2], i[3]))


def remove_item(state: RootState, name: str, kind: str, exhausted: bool, damaged: bool) -> None:
    """Remove one item from the game (an "R" one first among identical ones, RTA-VB-06)."""
    data = V(state, name)
    data.items = _change(data.items, (kind, exhausted, damaged), lambda i: None, prefer_ruin=True)


def on_track(data: VagabondState, kind: str) -> int:
    """Items of a kind on its track: the face-up undamaged ones, at most 3 (LR-09-02-05-01)."""
    if kind not in TRACKS:
        return 0
    return min(BOARD["track_size"], sum(1 for k, ex, dmg, _ in data.items if k == kind and not ex and not dmg))


def capacity(data: VagabondState) -> int:
    """The item limit: 6 plus 2 per face-up sack on its track (LR-09-06-04)."""
    return BOARD["capacity"]["base"] + BOARD["capacity"]["per_sack"] * on_track(data, "sack")


def carried(data: VagabondState) -> Counter[tuple[str, str]]:
    """Items in the Satchel and the Damaged box (not on tracks), by (kind, side)."""
    counts: dict[tuple[str, str], int] = {}
    for item in data.items:
        key = (item[0], side(item))
        counts[key] = counts.get(key, 0) + 1
    for kind in TRACKS:
        key = (kind, "up")
        if key in counts:
            counts[key] -= on_track(data, kind)
    return B.tally({key: n for key, n in counts.items() if n > 0})


def swords(data: VagabondState) -> int:
    """Undamaged swords, face up or down (LR-09-02-06)."""
    return sum(1 for k, _, dmg, _ in data.items if k == "sword" and not dmg)


def damaged(data: VagabondState) -> list[Item]:
    return [i for i in data.items if i[2]]


def exhausted(data: VagabondState) -> list[Item]:
    return [i for i in data.items if i[1]]


def undamaged_sides(data: VagabondState) -> list[str]:
    """The distinct undamaged items, as `item:KIND:SIDE` ids (what a hit may damage, LR-09-02-07)."""
    return sorted({item_id(i[0], side(i)) for i in data.items if not i[2]})


def ruin_kinds(data: VagabondState) -> set[str]:
    return {k for k, _, _, r in data.items if r}


# ---- relationships (LR-09-02-09) -------------------------------------------------------------------------

def rel(state: RootState, name: str, faction: str) -> int | None:
    return V(state, name).rel.get(faction)


def hostile(state: RootState, name: str, faction: str) -> bool:
    return rel(state, name, faction) == HOSTILE


def allied(state: RootState, name: str, faction: str) -> bool:
    return rel(state, name, faction) == ALLIED


def set_rel(state: RootState, name: str, faction: str, value: int) -> None:
    data = V(state, name)
    data.rel = {**data.rel, faction: value}


def hostile_warriors_in(state: RootState, name: str, c: int) -> bool:
    """Warriors of any Hostile faction in `c` (LR-09-02-09-03-02)."""
    if HOSTILE not in V(state, name).rel.values():
        return False
    return any(hostile(state, name, f) and B.warriors_counted(state, f, c) for f in relationship_factions(state))


def factions_with_pieces(state: RootState, name: str, c: int) -> list[int]:
    """Seats (not his) with faction pieces in `c` (a pawn counts)."""
    return [s for s, f in enumerate(state.faction) if f != name and B.has_pieces(state, f, c)]


def module_of(name: str) -> Faction:
    module = PROGRAM.module(name)
    assert isinstance(module, Faction)
    return module
