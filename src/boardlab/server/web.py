"""What the browser client needs besides the game API: the lobby's metadata (each game's title,
player counts, seat colours, option schema and decision prompts, all from the registry; the bot
agents), board pictures drawn from a seat's view by the game's renderer, rule texts.

Nothing here names a game: a game registered with `core.registry` gets its lobby form (built by
the client from its option schema) and its table without changes to the server or the client.
Pictures are drawn only from views (`Game.view(seat)`, redacted), never from a full state.
"""
from __future__ import annotations

import logging
from importlib import import_module
from pathlib import Path

from ..agents import agent_names
from ..core.i18n import LANGS
from ..core.registry import available_games, info, ruleset
from .errors import ApiError

STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("boardlab.server")


def game_title(name: str, lang: str) -> str:
    cat = ruleset(name).catalogue
    return cat.text("game.title", lang) if cat.has("game.title") else name


def game_meta(name: str, lang: str) -> dict:
    """One game as the client sees it (docs/web-api.md, `GET /api/meta`)."""
    game = info(name)
    rules = game.ruleset
    return {"name": name, "title": game_title(name, lang), "min_players": rules.min_players,
            "max_players": rules.max_players, "seat_colours": list(game.seat_colours),
            "board": game.renderer is not None, "assets": sorted(game.assets),
            "option_schema": rules.option_schema(), "decisions": decision_texts(rules.catalogue, lang)}


def lobby_meta(lang: str) -> dict:
    games = []
    for name in available_games():
        try:
            games.append(game_meta(name, lang))
        except Exception:  # a game package that fails to load must not take the lobby down with it
            log.exception("game %r cannot be loaded: left out of the lobby", name)
    return {"langs": list(LANGS), "agents": agent_names(), "games": games}


def decision_texts(cat, lang: str) -> dict[str, str]:
    """Decision kind -> its prompt ("Place the tile"), from the game's `decision.*` messages."""
    out = {}
    for key in cat.messages:
        if key.startswith("decision."):
            try:
                out[key[len("decision."):]] = cat.text(key, lang)
            except (KeyError, IndexError, ValueError):
                continue  # a prompt that needs parameters is left to the option texts
    return out


def board_svg(view: dict, lang: str) -> str:
    """The table picture of a view: the legal ids in it (the seat to play only) are clickable.
    A game without a renderer has none (404): its table shows the options and the log."""
    renderer = info(view["game"]).renderer
    if renderer is None:
        raise ApiError(404, "server.err.no_board", game=view["game"])
    legal = [a["id"] for a in view.get("legal_actions", ())]
    return import_module(renderer).render_board(view, lang, legal=legal)


def rule_text(game: str, rule_id: str, lang: str) -> str | None:
    return ruleset(game).rule_text(rule_id, lang)
