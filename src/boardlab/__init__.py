"""boardlab: modern board games played exactly by their rules."""
from typing import Any

from .core.errors import BoardlabError, ConfigError, IllegalAction, SaveFileError
from .core.action import Action
from .core.game import Game, load, new_game
from .core.registry import available_games, ruleset


def option_schema(name: str) -> dict[str, Any]:
    """A game's options as a JSON Schema (types, allowed values, defaults, dependencies, and texts
    in every language under `x-texts` / `x-value-texts`)."""
    return ruleset(name).option_schema()


__all__ = ["Action", "BoardlabError", "ConfigError", "Game", "IllegalAction", "SaveFileError",
           "available_games", "load", "new_game", "option_schema"]
__version__ = "0.1.0"
