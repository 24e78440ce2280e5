"""The second Vagabond (LR-09-07): the same rules as the first (`vagabond`, always in play with him),
his own character, pawn, items and relationships; the quests and the ruins are shared (two "R" items
under each ruin, LR-09-07-01..03)."""
from __future__ import annotations

from ..program import Faction
from .vagabond import configure

NAME = "vagabond2"
MODULE = Faction(NAME, messages="vagabond.yaml")
configure(MODULE, NAME)
