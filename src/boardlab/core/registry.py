"""Which games exist, and everything each one brings: one registration per game.

A game is a package under `boardlab.games` (or one named by the `boardlab.games` entry point group,
or passed to `register`) whose `GAME` is a `GameInfo`: its Ruleset, the module that draws its board
for the web table, its seat colours and any extra assets (pictures the client may ask for, such as
a Carcassonne tile). The engine, the server and the browser client all ask this registry; nothing
else names a game.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from importlib import metadata
from typing import TYPE_CHECKING, Callable, Mapping

from .errors import ConfigError

if TYPE_CHECKING:
    from .ruleset import Ruleset

# An asset: (key, query parameters) -> (content, media type); KeyError or ValueError: no such asset.
Asset = Callable[[str, Mapping[str, str]], tuple[str | bytes, str]]


@dataclass(frozen=True)
class GameInfo:
    ruleset: "Ruleset"
    renderer: str | None = None  # module with `render_board(view, lang, legal=[ids]) -> svg`
    seat_colours: tuple[str, ...] = ("#d7263d", "#1b5fd1", "#f2c40f", "#1e1e1e", "#a03fd0")
    assets: Mapping[str, Asset] = field(default_factory=dict)


_EXTRA: dict[str, str] = {}
_LOADED: dict[str, GameInfo] = {}
_PACKAGES: dict[str, str] | None = None


def register(name: str, package: str) -> None:
    """Make a game package known by name (tests and plugins; built-in games are found by themselves)."""
    global _PACKAGES
    _EXTRA[name] = package
    _LOADED.pop(name, None)
    _PACKAGES = None


def _packages() -> dict[str, str]:
    global _PACKAGES
    if _PACKAGES is None:
        import boardlab.games as games
        found = {m.name: f"{games.__name__}.{m.name}" for m in pkgutil.iter_modules(games.__path__) if m.ispkg}
        for ep in metadata.entry_points(group="boardlab.games"):
            found.setdefault(ep.name, ep.value)
        found.update(_EXTRA)
        _PACKAGES = found
    return _PACKAGES


def available_games() -> list[str]:
    return sorted(_packages())


def info(name: str) -> GameInfo:
    if not isinstance(name, str) or name not in _packages():
        raise ConfigError("err.unknown_game", name=name, valid=", ".join(available_games()))
    if name not in _LOADED:
        game = importlib.import_module(_packages()[name]).GAME
        if not isinstance(game, GameInfo) or game.ruleset.name != name:
            raise TypeError(f"{_packages()[name]}.GAME must be the GameInfo of {name!r}")
        _LOADED[name] = game
    return _LOADED[name]


def ruleset(name: str) -> "Ruleset":
    return info(name).ruleset
