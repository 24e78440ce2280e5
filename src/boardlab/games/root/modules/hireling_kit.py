"""Small helpers the hireling modules share (not a module): their buildings, where their pieces may go, and
one-at-a-time placement choices. Hireling buildings (the Vault Keepers' vaults, the Farmers' farms) are ordinary
buildings keyed by the hireling (state.py): they fill building slots, count for rule (for the controller,
LR-AH-03-01, or for the hireling itself when uncontrolled), take hits and are removed as any building, and
whoever removes them scores as for any enemy building (RT-HR-49) unless a hireling removed them (LR-AH-03-06)
or the card says they score nothing (extension point `unscored_removal`). How many a card has is data
(data/hirelings.yaml, `pieces.buildings`), the supply being what is not on the map (RTA-HB-01).
"""
from __future__ import annotations

from .. import board as B
from ..content import HIRELINGS
from ..state import RootState


def buildings_left(state: RootState, owner: str, kind: str) -> int:
    """The hireling's buildings of a kind still in its supply (the card's number less those on the map)."""
    return HIRELINGS[owner].pieces.buildings.get(kind, 0) - B.count_on_map(state, owner, kind)


def can_build(state: RootState, owner: str, kind: str, c: int) -> bool:
    """A building of the hireling can go in `c`: one left, an open slot (LR-02-02-03), placing allowed there."""
    return buildings_left(state, owner, kind) > 0 and B.open_slots(state, c) > 0 and B.may_place(state, owner, c)


def build(state: RootState, owner: str, kind: str, c: int) -> bool:
    """Place one building if it can go there; whether it was placed."""
    if not can_build(state, owner, kind, c):
        return False
    B.add_building(state, owner, kind, c)
    return True


def clearings(state: RootState) -> range:
    return range(len(state.suits))


def placeable(state: RootState, owner: str) -> list[int]:
    """Clearings where the hireling may place pieces (the keep and the like say no)."""
    return [c for c in clearings(state) if B.may_place(state, owner, c)]


def on_map(state: RootState, owner: str) -> bool:
    """Any warrior, building or token of the owner on the map."""
    return any(state.warriors.get(owner, ())) or any(o == owner for pieces in state.buildings for o, _ in pieces) or any(
        o == owner for pieces in state.tokens for o, _ in pieces)


def on_map_at(state: RootState, owner: str, c: int) -> bool:
    """Any warrior, building or token of the owner in `c`."""
    return B.warriors(state, owner, c) > 0 or any(o == owner for o, _ in state.buildings[c] + state.tokens[c])


def building_sites(state: RootState, owner: str, kind: str, among: list[int] | None = None) -> list[int]:
    """Where a building of the hireling may go (among `among`, else anywhere); if none can take it, where its
    warriors alone may go (RTA-HB-01: pieces that cannot be placed are not)."""
    where = list(clearings(state)) if among is None else among
    built = [c for c in where if can_build(state, owner, kind, c)]
    return built or [c for c in where if B.may_place(state, owner, c)]


def faction_sites(state: RootState, seat: int, owner: str) -> list[int]:
    """Clearings with the seat's faction pieces where the hireling may place pieces."""
    f = state.faction[seat]
    return [c for c in clearings(state) if B.has_pieces(state, f, c) and B.may_place(state, owner, c)]


def near(state: RootState, found: list[int]) -> list[int]:
    """The clearings of `found` and those adjacent to one of them (by path, LR-02-02-01)."""
    out = set(found)
    for c in found:
        out.update(B.neighbours(state, c))
    return sorted(out)


def holding(state: RootState, owner: str, kind: str) -> list[int]:
    """The clearings holding the hireling's buildings of a kind, once each, in order."""
    return sorted(set(B.where(state, owner, kind)))
