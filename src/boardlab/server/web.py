"""What the browser client needs besides the game API: the lobby's metadata (games, their
options as form fields, bot agents), board pictures drawn from a seat's view, rule texts.

Pictures are drawn only from views (`Game.view(seat)`, redacted), never from a full state.
"""
from __future__ import annotations

from importlib import import_module
from pathlib import Path

from ..agents import agent_names
from ..core.i18n import LANGS
from ..core.options import allowed_values
from ..core.registry import available_games, info, ruleset

STATIC = Path(__file__).resolve().parent / "static"


def option_field(name: str, prop: dict, schema: dict, lang: str) -> dict:
    """A lobby form field for one game option, from the game's option schema: a list of values ->
    checkboxes, one value of a few -> a choice, a whole number -> a number; anything else is a
    free JSON value (empty: not given)."""
    values = [v for v in (allowed_values(prop, schema) or []) if v is not None]
    kinds = {prop.get("type")} | {alt.get("type") for alt in prop.get("anyOf", [])}
    kind = ("multi" if "array" in kinds else "one") if values else "number" if "integer" in kinds else "json"
    return {"name": name, "kind": kind, "values": values, "default": prop.get("default"),
            "title": prop["x-texts"]["title"][lang], "description": prop["x-texts"]["help"][lang],
            "value_texts": {v: t[lang] for v, t in prop.get("x-value-texts", {}).items()},
            "requires": prop.get("x-requires"), "per_seat": bool(prop.get("x-per-seat")),
            "minimum": prop.get("minimum"), "maximum": prop.get("maximum")}


def game_title(name: str, lang: str) -> str:
    cat = ruleset(name).catalogue
    return cat.text("game.title", lang) if cat.has("game.title") else name


def lobby_meta(lang: str) -> dict:
    games = []
    for name in available_games():
        rules = ruleset(name)
        schema = rules.option_schema()
        games.append({"name": name, "title": game_title(name, lang), "min_players": rules.min_players,
                      "max_players": rules.max_players, "seat_colours": list(info(name).seat_colours),
                      "options": [option_field(k, v, schema, lang) for k, v in schema.get("properties", {}).items()],
                      "option_schema": schema, "decisions": decision_texts(rules.catalogue, lang)})
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
    module = import_module(info(view["game"]).renderer)
    legal = [a["id"] for a in view.get("legal_actions", ())]
    return module.render_board(view, lang, legal=legal)


def rule_text(game: str, rule_id: str, lang: str) -> str | None:
    return ruleset(game).rule_text(rule_id, lang)
