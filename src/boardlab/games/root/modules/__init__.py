"""Root's modules (the core module contract): each file defines `MODULE`, a `program.Faction`.

- `marquise`: the Marquise de Cat (LR-06);
- `eyrie`: the Eyrie Dynasties (LR-07);
- `deck_exiles`: the card effects of the Exiles and Partisans deck (a plain module, switched on with
  the option `deck: exiles`; data/decks.yaml names each deck's modules).
"""
from ....core.module import ModuleRegistry
from ..content import DECK_MODULES

FACTION_MODULES = ("marquise", "eyrie")
REGISTRY = ModuleRegistry(__name__, FACTION_MODULES + tuple(m for ms in DECK_MODULES.values() for m in ms))
