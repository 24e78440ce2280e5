"""Errors a caller can act on; each message says what was wrong."""


class BoardlabError(Exception):
    """Base class for every error boardlab raises on purpose."""


class ConfigError(BoardlabError, ValueError):
    """Unknown game, bad player count or an invalid option."""


class IllegalAction(BoardlabError, ValueError):
    """An action that is not legal now; the game is unchanged."""


class SaveFileError(BoardlabError, ValueError):
    """A save file that is malformed, from another version or tampered with."""
