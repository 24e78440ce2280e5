"""Errors a caller can act on. Each names what was wrong, in any of the three languages.

An error carries a message key and parameters; `str(err)` is the English text and
`err.text(lang)` the text in another language (front ends show that one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .i18n import Catalogue


class BoardlabError(Exception):
    """Base class for every error boardlab raises on purpose."""

    def __init__(self, key: str, catalogue: Catalogue | None = None, **params: Any):
        self.key = key
        self.params = {k: clip(v) for k, v in params.items()}
        self.catalogue = catalogue  # None: the core catalogue
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        texts: dict[str, str] | None = self.__dict__.get("_texts")
        if texts is not None:  # an error that crossed a process boundary
            return texts.get(lang) or texts["en"]
        from .i18n import core_catalogue
        shown = {k: _localized(v, lang) for k, v in self.params.items()}
        return (self.catalogue or core_catalogue()).text(self.key, lang, **shown)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its texts in every language (errors raised in worker processes, e.g. by
        the simulation lab's pool or Ray tasks, are pickled back to the caller)."""
        from .i18n import LANGS
        return _unpickle, (type(self), self.key, {lang: self.text(lang) for lang in LANGS})


def _localized(value: Any, lang: str) -> Any:
    """A parameter in the reader's language: errors and other objects with `text(lang)` render
    themselves (a nested error, the values an option accepts, ...)."""
    text = getattr(value, "text", None)
    return text(lang) if callable(text) and not isinstance(value, str) else value


LONGEST_TEXT = 200  # characters of a string parameter an error quotes
LONGEST_NUMBER = 10 ** 40  # larger numbers are shown by their size


class Clipped:
    """A parameter too large to quote whole (a 5 MB action id, a number of 5000 digits): its
    bounded prefix and its size, in the reader's language."""

    def __init__(self, value: str | int):
        if isinstance(value, str):
            self.key, self.params = "value.long_text", {"prefix": value[:LONGEST_TEXT], "length": len(value)}
        else:  # about log10(2) digits per bit
            self.key, self.params = "value.big_number", {"digits": int(abs(value).bit_length() * 0.30103) + 1}

    def text(self, lang: str = "en") -> str:
        from .i18n import core_catalogue
        return core_catalogue().text(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")

    __repr__ = __str__


class Texts:
    """A parameter already worded in every language (a game's explanation)."""

    def __init__(self, texts: dict[str, str]):
        self.texts = texts

    def text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts["en"]

    def __str__(self) -> str:
        return self.text("en")


def clip(value: Any) -> Any:
    """A parameter as an error may quote it: long strings and huge numbers are clipped."""
    if isinstance(value, str) and len(value) > LONGEST_TEXT:
        return Clipped(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= LONGEST_NUMBER:
        return Clipped(value)
    return value


def _unpickle(cls: type[BoardlabError], key: str, texts: dict[str, str]) -> BoardlabError:
    err = cls.__new__(cls)
    err.key, err.params, err.catalogue = key, {}, None
    err.__dict__["_texts"] = texts
    Exception.__init__(err, texts["en"])
    return err


class ConfigError(BoardlabError, ValueError):
    """Unknown game, bad player count or an invalid option."""


class IllegalAction(BoardlabError, ValueError):
    """An action that is not legal now; the game is unchanged."""


class SaveFileError(BoardlabError, ValueError):
    """A save file that is malformed, from another version or tampered with."""
