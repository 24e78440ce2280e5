"""API errors: an HTTP status and a message in the request's language."""
from __future__ import annotations

from ..core.errors import BoardlabError
from ..core.i18n import LANGS, core_catalogue


class ApiError(Exception):
    """`ApiError(404, "server.err.not_found", id=...)` or `ApiError(422, error=ConfigError(...))`."""

    def __init__(self, status: int, key: str | None = None, error: BoardlabError | None = None, **params):
        self.status = status
        self.error = error
        self.key = error.key if error is not None else key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        lang = lang if lang in LANGS else "en"
        if self.error is not None:
            return self.error.text(lang)
        shown = {k: v.text(lang) if isinstance(v, BoardlabError) else v for k, v in self.params.items()}
        return core_catalogue().text(self.key, lang, **shown)

    def body(self, lang: str = "en") -> dict:
        return {"detail": self.text(lang), "code": self.key}


def request_lang(value) -> str:
    """The language an error is worded in: the request's `lang` when valid, else English."""
    return value if value in LANGS else "en"
