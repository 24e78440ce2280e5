"""Root's modules (the core module contract): each file defines `MODULE`, a `program.Faction`.

- `marquise`: the Marquise de Cat (LR-06);
- `eyrie`: the Eyrie Dynasties (LR-07);
- `vagabond`, `vagabond2`: the Vagabond and the second Vagabond (LR-09, the Vagabonds appendix).
"""
from ....core.module import ModuleRegistry

FACTION_MODULES = ("marquise", "eyrie", "vagabond", "vagabond2")
REGISTRY = ModuleRegistry(__name__, FACTION_MODULES)
