"""Root's modules (the core module contract): each file defines `MODULE`, a `program.Faction`.

- `marquise`: the Marquise de Cat (LR-06);
- `eyrie`: the Eyrie Dynasties (LR-07).

Maps with rules of their own (plain `core.module.Module`s, switched on by the `map` option: a map's
data names its module):
- `map_lake`: the Lake's Ferry (LR-AM-03);
- `map_mountain`: the Mountain's closed paths, the Pass and the Tower (LR-AM-04).
"""
from ....core.module import ModuleRegistry

FACTION_MODULES = ("marquise", "eyrie")
MAP_MODULES = ("map_lake", "map_mountain")
REGISTRY = ModuleRegistry(__name__, FACTION_MODULES + MAP_MODULES)
