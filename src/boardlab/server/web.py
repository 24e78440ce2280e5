"""What the browser client needs besides the game API: the lobby's metadata (games, their
options as form fields, bot agents), board pictures drawn from a seat's view, rule texts.

Pictures are drawn only from views (`Game.view(seat)`, redacted), never from a full state.
"""
from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

from ..agents import agent_names
from ..core.i18n import LANGS
from ..core.registry import available_games, ruleset

STATIC = Path(__file__).resolve().parent / "static"
# game name -> module with `render_board(view, lang, legal=[ids]) -> svg`
RENDERERS = {"carcassonne": "boardlab.games.carcassonne.render", "greatwall": "boardlab.games.greatwall.render"}
_CHOICE = re.compile(r"^(list, any of|one of):\s*([^()]+?)\s*(?:\(default ([^)]+)\))?$")


def option_field(name: str, description: str) -> dict:
    """A lobby form field for one game option, read from its one-line description:
    `list, any of: a, b` -> checkboxes, `one of: a, b (default a)` -> a choice; anything
    else is a free JSON value (empty: not given)."""
    m = _CHOICE.match(description.strip())
    if not m:
        return {"name": name, "kind": "json", "description": description}
    values = [v.strip() for v in m.group(2).split(",") if v.strip()]
    kind = "multi" if m.group(1).startswith("list") else "one"
    return {"name": name, "kind": kind, "values": values, "default": m.group(3), "description": description}


def game_title(name: str, lang: str) -> str:
    cat = ruleset(name).catalogue
    return cat.text("game.title", lang) if cat.has("game.title") else name


def lobby_meta(lang: str) -> dict:
    games = []
    for name in available_games():
        rules = ruleset(name)
        games.append({"name": name, "title": game_title(name, lang), "min_players": rules.min_players,
                      "max_players": rules.max_players,
                      "options": [option_field(k, v) for k, v in rules.option_names().items()],
                      "decisions": decision_texts(rules.catalogue, lang)})
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
    """The table picture of a view: the legal ids in it (the seat to play only) are clickable."""
    module = import_module(RENDERERS[view["game"]])
    legal = [a["id"] for a in view.get("legal_actions", ())]
    return module.render_board(view, lang, legal=legal)


def rule_text(game: str, rule_id: str, lang: str) -> str | None:
    return ruleset(game).rule_text(rule_id, lang)
