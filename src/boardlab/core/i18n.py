"""Message catalogues: every user-facing string in en, zh-Hant and zh-Hans."""
from __future__ import annotations

from importlib import resources
from typing import Any

from .yamltext import load_yaml

from .errors import ConfigError

LANGS = ("en", "zh-Hant", "zh-Hans")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ConfigError("err.unknown_lang", given=lang, valid=", ".join(LANGS))
    return lang


class Catalogue:
    """Messages keyed by id, each with a text per language and `{name}` parameters."""

    def __init__(self, messages: dict[str, dict[str, str]], parent: "Catalogue | None" = None):
        self.messages = messages
        self.parent = parent

    @classmethod
    def load(cls, package: str, name: str = "messages.yaml", parent: "Catalogue | None" = None,
             extra: str | None = None) -> "Catalogue":
        """The package's messages; `extra` names a sub-directory whose `*.yaml` files add more
        (one file per module, so modules keep their texts beside their code)."""
        root = resources.files(package)
        messages = load_yaml(root.joinpath(name).read_text(encoding="utf-8")) or {}
        if extra:
            for part in sorted(root.joinpath(extra).iterdir(), key=lambda p: p.name):
                if part.name.endswith(".yaml"):
                    more = load_yaml(part.read_text(encoding="utf-8")) or {}
                    clash = sorted(set(more) & set(messages))
                    if clash:
                        raise ValueError(f"{part.name}: message keys defined twice: {clash}")
                    messages.update(more)
        return cls(messages, parent)

    def has(self, key: str) -> bool:
        return key in self.messages or (self.parent is not None and self.parent.has(key))

    def text(self, key: str, lang: str = "en", **params: Any) -> str:
        entry = self.messages.get(key)
        if entry is None:
            if self.parent is not None:
                return self.parent.text(key, lang, **params)
            raise KeyError(f"no message {key!r}")
        return entry[check_lang(lang)].format(**params)

    def missing(self) -> list[str]:
        """Keys lacking one of the languages (the test suite keeps this empty)."""
        return [f"{k}:{lang}" for k, v in self.messages.items() for lang in LANGS if not v.get(lang)]


def core_catalogue() -> Catalogue:
    global _CORE
    if _CORE is None:
        _CORE = Catalogue.load("boardlab.core")
    return _CORE


_CORE: Catalogue | None = None
