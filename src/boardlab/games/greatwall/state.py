"""The Great Wall state: per-seat lists of ints and tuples, dicts of tuples (cheap to clone).

Seat -1 is the Secondary race of the 2-player game (GW-TWOP-*). A seat's `soldiers` counts each kind
of soldier in its supply, by index (data_tables.UNIT_NAMES); a module may give a fourth kind. Module
data lives in `state.mods[name]` (core/state.py), never here; `flags` and `battle` are the base
game's scratch (the year's and the battle in progress), shown in the view.
"""
from __future__ import annotations

from ...core.codec import register
from ...core.state import BaseState

SECONDARY = -1
WOOD, STONE, GOLD, CHI = range(4)
SPEARMAN, ARCHER, HORSEMAN = range(3)


@register
class GWState(BaseState):
    __slots__ = (
        "year", "season",
        # per seat
        "res", "honor", "clerks", "post_clerks", "soldiers", "general", "general_offer",
        "cmd_hand", "cmd_deck", "advisors", "tactics", "kept", "donated", "forts_built", "walls_built",
        "tea", "leader",
        # board
        "clerks_on", "overseers", "overseer_units", "wall", "forts", "archers", "behind", "hordes",
        "warehouse", "secondary_honor", "secondary_spearmen",
        # decks (orders hidden)
        "horde_deck", "horde_discard", "advisor_deck", "advisor_track", "advisor_discard",
        "tactic_deck", "tactic_discard", "secret_discards", "artifacts",
        # the season in progress
        "commits", "initiative", "battle", "flags",
        # the configuration: content sets in play
        "sets",
    )

    def clone(self):
        new = super().clone()
        _copy_fields(self, new)
        new.year, new.season, new.initiative = self.year, self.season, self.initiative
        new.warehouse, new.secondary_honor, new.secondary_spearmen = (
            self.warehouse, self.secondary_honor, self.secondary_spearmen)
        new.artifacts, new.sets, new.secret_discards = self.artifacts, self.sets, self.secret_discards
        return new

    _LISTS = ("res", "honor", "clerks", "post_clerks", "soldiers", "general", "general_offer", "cmd_hand",
              "cmd_deck", "advisors", "tactics", "kept", "donated", "forts_built", "walls_built", "tea", "leader",
              "wall", "forts", "archers", "behind", "hordes", "horde_deck", "horde_discard", "advisor_deck",
              "advisor_track", "advisor_discard", "tactic_deck", "tactic_discard")
    _DICTS = ("clerks_on", "overseers", "overseer_units", "commits", "battle", "flags")

    # ---- small mutators used everywhere -------------------------------------------------------
    def add_res(self, seat: int, delta: tuple[int, int, int, int]) -> None:
        self.res[seat] = tuple(a + b for a, b in zip(self.res[seat], delta))

    def add_soldiers(self, seat: int, unit: int, n: int) -> None:
        s = list(self.soldiers[seat])
        s[unit] += n
        self.soldiers[seat] = tuple(s)


def _copier(lists: tuple[str, ...], dicts: tuple[str, ...]):
    """`_copy_fields(old, new)`: each of these fields copied one level deep, written out as one function (a
    determinisation clones the state at every search iteration; a loop of getattr / setattr costs twice)."""
    lines = [f"    new.{name} = list(old.{name})" for name in lists] + [f"    new.{name} = dict(old.{name})" for name in dicts]
    scope: dict = {}
    exec("def _copy_fields(old, new):\n" + "\n".join(lines), scope)  # noqa: S102 - built from the slot names above
    return scope["_copy_fields"]


_copy_fields = _copier(GWState._LISTS, GWState._DICTS)
