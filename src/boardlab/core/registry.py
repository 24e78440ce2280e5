"""Which games exist. A game package registers its Ruleset when imported."""
from __future__ import annotations

import importlib

from .errors import ConfigError

_GAMES: dict[str, str] = {
    "carcassonne": "boardlab.games.carcassonne",
    "greatwall": "boardlab.games.greatwall",
}
_LOADED: dict = {}


def available_games() -> list[str]:
    return sorted(_GAMES)


def ruleset(name: str):
    if not isinstance(name, str) or name not in _GAMES:
        raise ConfigError("err.unknown_game", name=name, valid=", ".join(available_games()))
    if name not in _LOADED:
        _LOADED[name] = importlib.import_module(_GAMES[name]).RULESET
    return _LOADED[name]
