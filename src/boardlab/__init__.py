"""boardlab: modern board games played exactly by their rules."""
from .core.errors import BoardlabError, ConfigError, IllegalAction, SaveFileError
from .core.action import Action
from .core.game import Game, load, new_game
from .core.registry import available_games

__all__ = ["Action", "BoardlabError", "ConfigError", "Game", "IllegalAction", "SaveFileError",
           "available_games", "load", "new_game"]
__version__ = "0.1.0"
