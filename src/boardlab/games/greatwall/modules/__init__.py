"""The stretch goals of The Great Wall as modules hooking the base game's named steps."""
from ....core.module import Module, ModuleRegistry

NAMES = ("genghis", "rat", "shame", "cooperative", "chronicles", "freezing", "famine", "emperor", "ghost",
         "diaoyu", "redturban")


class _Registry(ModuleRegistry):
    """Each module file's `module()` gives its flow Module and its extension answers (bridge to the
    core contract, until every module defines `MODULE` itself)."""

    def get(self, name: str) -> Module:
        if name not in self._loaded:
            import importlib

            from .. import tasks as T
            module, answers = importlib.import_module(f"{self.package}.{name}").module()
            for kind, owner in T.OWNERS.items():  # task decisions the file registered on import
                if owner == f"{self.package}.{name}":
                    module.decisions[kind] = T.DECISIONS[kind]
            for kind in [k for k in module.decisions if k in BASE_DECISIONS]:  # diaoyu's Barracks, Workshop
                replacement = module.decisions.pop(kind)
                module.instead_of_decision(kind, lambda base, replacement=replacement: replacement)
            for point, fns in answers.items():
                for fn in fns:
                    module.answer(point, fn)
            self._loaded[name] = module
        return self._loaded[name]


REGISTRY = _Registry(__name__, NAMES)
BASE_DECISIONS: set[str] = set()  # filled by the game package (bridge)
