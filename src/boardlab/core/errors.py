"""Errors a caller can act on. Each names what was wrong, in any of the three languages.

An error carries a message key and parameters; `str(err)` is the English text and
`err.text(lang)` the text in another language (front ends show that one).
"""


class BoardlabError(Exception):
    """Base class for every error boardlab raises on purpose."""

    def __init__(self, key: str, catalogue=None, **params):
        self.key = key
        self.params = params
        self.catalogue = catalogue  # None: the core catalogue
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        from .i18n import core_catalogue
        shown = {k: v.text(lang) if isinstance(v, BoardlabError) else v for k, v in self.params.items()}
        return (self.catalogue or core_catalogue()).text(self.key, lang, **shown)


class ConfigError(BoardlabError, ValueError):
    """Unknown game, bad player count or an invalid option."""


class IllegalAction(BoardlabError, ValueError):
    """An action that is not legal now; the game is unchanged."""


class SaveFileError(BoardlabError, ValueError):
    """A save file that is malformed, from another version or tampered with."""
