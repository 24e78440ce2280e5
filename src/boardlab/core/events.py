"""Events: what happened, to whom, and the catalogue ids of the rules behind it."""
from __future__ import annotations

from typing import Any

from .codec import JSON, register


@register
class Event:
    """`rules` are catalogue ids; `to` is None (everyone) or the tuple of seats that may see it."""

    __slots__ = ("rules", "key", "params", "to")

    def __init__(self, rules: tuple[str, ...], key: str, params: JSON, to: tuple[int, ...] | None = None):
        self.rules = rules
        self.key = key
        self.params = params
        self.to = to

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def as_dict(self, rules: Any, lang: str = "en") -> JSON:
        """JSON-ready, with the text in `lang` (`rules` is the game's Ruleset)."""
        shown = rules.localize(self.key, self.params, lang)
        return {"rules": list(self.rules), "key": self.key, "params": dict(self.params),
                "text": rules.catalogue.text(self.key, lang, **shown)}
