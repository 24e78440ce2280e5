"""Carcassonne: the base game with farmers, and The Wonders of Humanity (option `expansions`)."""
from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import field_validator

from ...core.actions import Segment
from ...core.errors import ConfigError
from ...core.i18n import LANGS, Catalogue, core_catalogue
from ...core.module import Program
from ...core.options import Options, option
from ...core.registry import GameInfo
from ...core.ruleset import Ruleset
from ...core.visibility import NOBODY, Zone
from . import actions as A
from . import rules as R
from .content import HALVES, KIND_NAMES, LETTERS, TILESET, WONDER_ORDER, WONDERS, field_direction, xy
from .modules import REGISTRY
from .render import render_tile
from .explain import why_missing, why_not
from .state import CarcState
from .text import render_text

MAX_BASE_SETS = 3
# CW-32/33, ruling C-12: the first set has 4 wonders, so at most 4 players; the rules for 5 or more
# stay implemented for later sets (their tests raise this limit as such a set would)
WONDERS_MAX_PLAYERS = len(WONDER_ORDER)
Letter = Literal[LETTERS]  # type: ignore[valid-type]
WonderName = Literal[WONDER_ORDER]  # type: ignore[valid-type]


class CarcassonneOptions(Options):
    keep_none = False
    expansions: list[Literal[REGISTRY.names()]] = option([])  # type: ignore[valid-type]
    draw_order: list[Letter] = option([], ordered=True)
    base_sets: int = option(1, ge=1, le=MAX_BASE_SETS)
    wonders: list[WonderName] | None = option(None, requires={"expansions": "wonders"})

    @field_validator("expansions")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        return sorted(set(value))

    @classmethod
    def value_texts(cls, name: str) -> dict[str, dict[str, str]]:
        if name != "wonders":
            return {}
        return {w: {lang: WONDERS[w].names.get(lang) for lang in LANGS} for w in WONDER_ORDER}

    def check(self, players: int) -> None:
        if "wonders" in self.expansions and players > WONDERS_MAX_PLAYERS:
            raise ConfigError("err.wonders_players", RULESET.catalogue, players=players, most=WONDERS_MAX_PLAYERS)
        available = Counter({t.letter: t.count * self.base_sets for t in TILESET.tiles})
        available[TILESET.start] -= 1
        for tile, n in Counter(self.draw_order).items():
            if n > available[tile]:
                raise ConfigError("err.draw_order_count", RULESET.catalogue, n=n, tile=tile, have=available[tile])
        if self.wonders is not None:  # given with expansions=[wonders] (x-requires, checked by the core)
            need = min(players, len(WONDER_ORDER))
            if len(set(self.wonders)) != len(self.wonders) or len(self.wonders) != need:
                raise ConfigError("err.wonders", RULESET.catalogue, need=need, valid=", ".join(WONDER_ORDER))


class Carcassonne(Ruleset):
    name = "carcassonne"
    min_players = 2
    max_players = 5
    zones = (Zone("deck", NOBODY, describe="the order of the face-down tiles"),)
    options = CarcassonneOptions
    program = Program(R.BASE, REGISTRY)
    state_class = CarcState
    # the projected final scores judge a leaf as well as 3 random placements after it did, at twice the
    # iterations a second (docs/bots.md, issue 17): the gain is spent on more iterations
    search_iterations = 1200
    search_depth = 0

    def __init__(self) -> None:
        self.catalogue = Catalogue.load(__package__, parent=core_catalogue(), extra="modules")

    def main_option_sets(self) -> list[tuple[int, dict]]:
        return [(n, {}) for n in range(2, 6)] + [(n, {"expansions": ["wonders"]})
                                                  for n in range(2, WONDERS_MAX_PLAYERS + 1)]

    def modules_for(self, players: int, options: dict) -> tuple[str, ...]:
        return tuple(options.get("expansions", ()))

    def base_actions(self, players: int, options: dict) -> list[Segment]:
        return A.segments(players, options)

    # ---- play ---------------------------------------------------------------------------
    def normalize(self, state: CarcState, action_id: str) -> str:
        return R.canonical_place(state, action_id)

    def scores(self, state: CarcState) -> list[int]:
        return state.score

    def base_potential(self, state: CarcState) -> list[float]:
        """Scores plus what the features with followers would score if the game ended now."""
        return R.projected_scores(state)

    # ---- text ---------------------------------------------------------------------------
    def describe(self, state: CarcState, action_id: str, lang: str) -> str:
        t = self.catalogue.text
        kind = action_id.partition(":")[0]
        if kind == "place":
            x, y, r = A.place_xyr(action_id) or (0, 0, 0)
            tile = LETTERS[state.hand] if state.hand is not None else "?"
            return t("action.place", lang, tile=tile, x=x, y=y, deg=r * 90)
        if kind == "meeple":
            feature, _, where = A.meeple_label(action_id).partition(":")
            return t(f"action.meeple.{feature}", lang, where=self._where(feature, where, lang))
        return t("action.pass", lang)

    def why_not(self, state: CarcState, action_id: str, lang: str) -> str | None:
        return why_not(self, state, action_id, lang)

    def why_missing(self, state: CarcState, lang: str) -> list[str]:
        return why_missing(self, state, lang)

    def feature_name(self, label: str, lang: str) -> str:
        """`city:N` -> "city (north)", `field:EN,ES,SE` -> "field (south-east)"."""
        kind, _, where = label.partition(":")
        return self.catalogue.text(f"feature.{kind}", lang) + (f" ({self._where(kind, where, lang)})" if where else "")

    def _where(self, kind: str, where: str, lang: str) -> str:
        """Sides and wonder feature names in the reader's language; a field by where it lies."""
        parts = [w for w in where.split(",") if w]
        if kind == "field" and parts and all(p in HALVES for p in parts):
            return self.catalogue.text(f"dir.{field_direction(parts)}", lang)
        names = [self.catalogue.text(f"place.{w}", lang) if self.catalogue.has(f"place.{w}") else w for w in parts]
        return self.catalogue.text("list.sep", lang).join(names)

    def render_text(self, view: dict, lang: str):
        return render_text(self, view, lang)

    def render_map(self, view: dict, lang: str):
        return render_text(self, view, lang, size=None)

    def localize(self, key: str, params: dict, lang: str) -> dict:
        """Event parameters in the reader's language: features, wonders, seat lists."""
        out = dict(params)
        sep = self.catalogue.text("list.sep", lang)
        if "feature" in out:
            out["feature"] = self.feature_name(out["feature"], lang)
        if "wonder" in out:
            out["wonder"] = WONDERS[out["wonder"]].names.get(lang)
        if isinstance(out.get("wonders"), list):
            out["wonders"] = sep.join(WONDERS[n].names.get(lang) for n in params["wonders"])
        if "seats" in out:
            out["seats"] = sep.join(self.catalogue.text("txt.seat_name", lang, seat=s) for s in params["seats"])
        return out

    # ---- information --------------------------------------------------------------------
    def base_view(self, state: CarcState) -> dict:
        tiles, wonders = [], []
        for name, anchor, rot, owner in state.placed:
            x, y = xy(anchor)
            if owner < 0:
                tiles.append({"tile": name, "x": x, "y": y, "rotation": rot})
            else:
                wonders.append({"wonder": name, "x": x, "y": y, "rotation": rot, "owner": owner})
        meeples = []
        for root in range(len(state.parent)):
            for seat, seg in state.meeples[root] if state.parent[root] == root else ():
                x, y = xy(state.meeple_cell[seg])
                meeples.append({"seat": seat, "x": x, "y": y, "kind": KIND_NAMES[state.kind[seg]],
                                "feature": state.label[seg]})
        meeples.sort(key=lambda m: (m["x"], m["y"], m["seat"], m["feature"]))
        return {
            "active": state.active,
            "tile_in_hand": None if state.hand is None else LETTERS[state.hand],
            "deck": [LETTERS[t] for t in state.deck],
            "discarded": [LETTERS[t] for t in state.discarded],
            "supply": list(state.supply),
            "tiles": tiles,
            "wonders_placed": wonders,
            "meeples": meeples,
            "open_positions": sorted(list(xy(p)) for p in state.frontier),
            "last_placed": [list(xy(p)) for p in state.last[1]] if state.last else [],
        }

    def resample_base(self, state: CarcState, seat: int | None, stream) -> None:
        """Only the deck order is hidden (from everyone): any order is consistent. The pool is
        sorted first so the result depends on the stream alone, not on the true order."""
        state.deck = stream.shuffle(sorted(state.deck))


def _tile_asset(key: str, params) -> tuple[str, str]:
    """A tile's picture: `key` is its letter, `rotation` (0-3) its quarter turns."""
    rotation = int(params.get("rotation", 0))
    if not 0 <= rotation <= 3:
        raise ValueError("rotation must be 0-3")
    return render_tile(key, rotation, size=100), "image/svg+xml"


RULESET = Carcassonne()
GAME = GameInfo(ruleset=RULESET, renderer="boardlab.games.carcassonne.render",
                seat_colours=("#d7263d", "#1b5fd1", "#f2c40f", "#1e1e1e", "#a03fd0"),
                assets={"tile": _tile_asset})
