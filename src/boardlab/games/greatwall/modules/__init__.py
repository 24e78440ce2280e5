"""The Great Wall's modules, each a file defining `MODULE` (core/module.py), with its texts in
`<name>.yaml` beside it:

- genghis: the Genghis Khan expansion (GK-*): the Khan, his Skills, the Emperor's Award, the Bannermen;
- rat: the Rat (RAT-*);
- chronicles: what every Ancient Chronicles scenario shares (AC-01..17), on with any scenario;
- freezing, famine, emperor, ghost, diaoyu, redturban: the six scenarios (AC-FRZ/FAM/EMP/GHO/DIA/RED-*);
- shame: the Shame pool (D11), with any scenario and the cooperative mode;
- cooperative: the cooperative mode (D4, AC-03).

`GreatWall.modules_for` switches them on (hook order: expansions, shame, cooperative, chronicles, the
scenario). The registry's order is the order of their lines and pictures on the table.
"""
from ....core.module import ModuleRegistry

REGISTRY = ModuleRegistry(__name__, ("rat", "genghis", "chronicles", "freezing", "famine", "emperor", "ghost",
                                     "diaoyu", "redturban", "shame", "cooperative"))
