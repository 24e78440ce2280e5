"""Root's modules (the core module contract): each file defines `MODULE`, a `program.Faction`.

- `marquise`: the Marquise de Cat (LR-06);
- `eyrie`: the Eyrie Dynasties (LR-07);
- `alliance`: the Woodland Alliance (LR-08);
- `vagabond`, `vagabond2`: the Vagabond and the second Vagabond (LR-09, the Vagabonds appendix);
- `lizard`: the Lizard Cult (LR-10; its board drawn by `lizard_board`);
- `riverfolk`: the Riverfolk Company (LR-11; its board drawn by `riverfolk_board`);
- `duchy`: the Underground Duchy (LR-12; its board and Burrow drawn by `duchy_board`);
- `corvid`: the Corvid Conspiracy (LR-13; its board drawn by `corvid_board`);
- `hundreds`: the Lord of the Hundreds (LR-14; its board drawn by `hundreds_board`);
- `keepers`: the Keepers in Iron (LR-15; its board drawn by `keepers_board`; not the hireling `vault_keepers`).
- `lilypad`: the Lilypad Diaspora (LR-16; its board drawn by `lilypad_board`; its frog cards data/card-sets.yaml).
- `knaves`: the Knaves of the Deepwood and their Captains (LR-18, the Knave Captains appendix LR-AK; its board
  drawn by `knaves_board`).
- `twilight`: the Twilight Council (LR-17; its board drawn by `twilight_board`).

The card effects of the Exiles and Partisans deck, `deck_exiles` (a plain module, switched on with the
option `deck: exiles`; data/decks.yaml names each deck's modules).

Hirelings (data/hirelings.yaml names the module of each card it plays): `hirelings` (a plain module, switched
on with the option `hirelings`: dealing, control, the markers) and one `program.Hireling` per card, switched on
as it is dealt: `forest_patrol`, `last_dynasty`, `spring_uprising`, `exile`; `vault_keepers`, `flame_bearers`,
`popular_band`, `prosperous_farmers` (with `hireling_kit`, helpers they share: hireling buildings, places);
`riverfolk_flotilla`, `warm_sun_prophets`, `highway_bandits`, `furious_protector` (docs/root-rulings.md,
"Hirelings: Riverfolk and Protector").;
`sunward_expedition`, `corvid_spies`, `river_roamers`, `sunny_advocates`.

Maps with rules of their own (plain `core.module.Module`s, switched on by the `map` option: a map's
data names its module):
- `map_lake`: the Lake's Ferry (LR-AM-03);
- `map_mountain`: the Mountain's closed paths, the Pass and the Tower (LR-AM-04).
"""
from ....core.module import ModuleRegistry
from ..content import DECK_MODULES, PLAYABLE_HIRELINGS

FACTION_MODULES = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizard", "riverfolk", "corvid", "duchy",
                   "hundreds", "keepers", "lilypad", "twilight", "knaves")
MAP_MODULES = ("map_lake", "map_mountain")
DECK_EFFECTS = tuple(m for ms in DECK_MODULES.values() for m in ms)
HIRELING_MODULES = ("hirelings",) + PLAYABLE_HIRELINGS
REGISTRY = ModuleRegistry(__name__, FACTION_MODULES + MAP_MODULES + DECK_EFFECTS + HIRELING_MODULES)
