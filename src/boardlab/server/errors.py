"""API errors: an HTTP status and a message in the request's language."""
from __future__ import annotations

from ..core.errors import BoardlabError
from ..core.i18n import LANGS, Catalogue, core_catalogue

_SERVER: Catalogue | None = None


def server_catalogue() -> Catalogue:
    """The server's own messages (server/messages.yaml), falling back to the engine's."""
    global _SERVER
    if _SERVER is None:
        _SERVER = Catalogue.load(__package__, parent=core_catalogue())
    return _SERVER


class Text:
    """A server message used as a parameter of another one (worded in the reader's language)."""

    def __init__(self, key: str, **params):
        self.key, self.params = key, params

    def text(self, lang: str = "en") -> str:
        return server_catalogue().text(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")


class ApiError(Exception):
    """`ApiError(404, "server.err.not_found", id=...)` or `ApiError(422, error=ConfigError(...))`."""

    def __init__(self, status: int, key: str | None = None, error: BoardlabError | None = None,
                 headers: dict[str, str] | None = None, **params):
        self.status = status
        self.headers = headers or {}  # e.g. Retry-After
        self.error = error
        self.key = error.key if error is not None else key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        lang = lang if lang in LANGS else "en"
        if self.error is not None:
            return self.error.text(lang)
        shown = {k: v.text(lang) if isinstance(v, (BoardlabError, Text)) else v for k, v in self.params.items()}
        return server_catalogue().text(self.key, lang, **shown)

    def body(self, lang: str = "en") -> dict:
        return {"detail": self.text(lang), "code": self.key}


def request_lang(value) -> str:
    """The language an error is worded in: the request's `lang` when valid, else English."""
    return value if value in LANGS else "en"
