"""Root's modules (the core module contract): each file defines `MODULE`, a `program.Faction`.

- `marquise`: the Marquise de Cat (LR-06);
- `eyrie`: the Eyrie Dynasties (LR-07);
- `alliance`: the Woodland Alliance (LR-08).
"""
from ....core.module import ModuleRegistry

FACTION_MODULES = ("marquise", "eyrie", "alliance")
REGISTRY = ModuleRegistry(__name__, FACTION_MODULES)
