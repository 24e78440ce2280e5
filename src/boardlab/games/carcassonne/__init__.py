"""Carcassonne: the base game with farmers, and The Wonders of Humanity (option `expansions`)."""
from __future__ import annotations

from collections import Counter

from ...core.errors import ConfigError
from ...core.flow import Flow
from ...core.i18n import Catalogue, core_catalogue
from ...core.ruleset import Ruleset
from ...core.visibility import NOBODY, Zone
from . import rules as R
from . import wonders as Wm
from .content import KIND_NAMES, LETTERS, TILESET, WONDER_ORDER, WONDERS, xy
from .state import CarcState

EXPANSIONS = ("wonders",)
MAX_BASE_SETS = 3


class Carcassonne(Ruleset):
    name = "carcassonne"
    min_players = 2
    max_players = 5
    zones = (Zone("deck", NOBODY, describe="the order of the face-down tiles"),)

    def __init__(self):
        self.catalogue = Catalogue.load(__package__, parent=core_catalogue())
        self._flows: dict = {}

    # ---- configuration --------------------------------------------------------------------
    def option_names(self) -> dict[str, str]:
        return {
            "expansions": f"list, any of: {', '.join(EXPANSIONS)}",
            "draw_order": "list of tile letters A-X drawn first, in order",
            "wonders": f"list of wonders in play (with expansions=[wonders]): {', '.join(WONDER_ORDER)}",
            "base_sets": f"number of base tile sets shuffled together (1-{MAX_BASE_SETS}; CW-23 suggests more tiles with wonders)",
        }

    def configure(self, players: int, options: dict) -> dict:
        opts = super().configure(players, options)
        exp = opts.get("expansions", [])
        if not isinstance(exp, (list, tuple)) or any(e not in EXPANSIONS for e in exp):
            raise ConfigError("err.expansions", RULESET.catalogue, valid=", ".join(EXPANSIONS), got=exp)
        out: dict = {"expansions": sorted(set(exp))}
        sets = opts.get("base_sets", 1)
        if type(sets) is not int or not 1 <= sets <= MAX_BASE_SETS:
            raise ConfigError("err.base_sets", RULESET.catalogue, hi=MAX_BASE_SETS, got=sets)
        out["base_sets"] = sets
        out["draw_order"] = self._check_draw_order(opts.get("draw_order", []), sets)
        if "wonders" in opts:
            out["wonders"] = self._check_wonders(opts["wonders"], players, "wonders" in exp)
        return out

    @staticmethod
    def _check_draw_order(order, sets: int) -> list[str]:
        if not isinstance(order, (list, tuple)) or any(c not in LETTERS for c in order):
            raise ConfigError("err.draw_order", RULESET.catalogue, first=LETTERS[0], last=LETTERS[-1], got=order)
        available = Counter({t.letter: t.count * sets for t in TILESET.tiles})
        available[TILESET.start] -= 1
        for c, n in Counter(order).items():
            if n > available[c]:
                raise ConfigError("err.draw_order_count", RULESET.catalogue, n=n, tile=c, have=available[c])
        return list(order)

    @staticmethod
    def _check_wonders(chosen, players: int, enabled: bool) -> list[str]:
        if not enabled:
            raise ConfigError("err.wonders_needs", RULESET.catalogue)
        need = min(players, len(WONDER_ORDER))
        if (not isinstance(chosen, (list, tuple)) or any(w not in WONDER_ORDER for w in chosen)
                or len(set(chosen)) != len(chosen) or len(chosen) != need):
            raise ConfigError("err.wonders", RULESET.catalogue, need=need, valid=", ".join(WONDER_ORDER))
        return list(chosen)

    def main_option_sets(self) -> list[tuple[int, dict]]:
        return [(n, {}) for n in range(2, 6)] + [(n, {"expansions": ["wonders"]}) for n in range(2, 6)]

    # ---- play ---------------------------------------------------------------------------
    def flow(self, options: dict) -> Flow:
        key = (tuple(options.get("expansions", ())), tuple(options.get("draw_order", ())),
               tuple(options.get("wonders", ())), options.get("base_sets", 1))
        if key not in self._flows:
            draw_order, sets = key[1], key[3]
            steps = dict(R.STEPS)
            steps["game.setup"] = lambda state: R.setup(state, draw_order, sets) or "turn.start"
            modules = (Wm.module(key[2]),) if "wonders" in key[0] else ()
            self._flows[key] = Flow(steps, R.DECISIONS, modules)
        return self._flows[key]

    def new_state(self, players: int, options: dict, seed: int) -> CarcState:
        state = CarcState(players, seed)
        self.flow(options).start(state, "game.setup")
        return state

    def normalize(self, state: CarcState, action_id: str) -> str:
        return R.canonical_place(state, action_id)

    def scores(self, state: CarcState) -> list[int]:
        return state.score

    def summary(self, state: CarcState) -> dict:
        """For simulation reports: with The Wonders of Humanity, the wonder each seat owns (or None)."""
        if "wonders" not in state.ext:
            return {}
        return {"wonder": list(Wm.W(state).owned)}

    def potential(self, state: CarcState) -> list[float]:
        """Scores plus what the features with followers would score if the game ended now."""
        return R.projected_scores(state)

    def state_classes(self):
        return (CarcState, Wm.WonderState)

    # ---- text ---------------------------------------------------------------------------
    def describe(self, state: CarcState, action_id: str, lang: str) -> str:
        t = self.catalogue.text
        kind, _, rest = action_id.partition(":")
        if kind == "place":
            x, y, r = rest.split(",")
            tile = LETTERS[state.hand] if state.hand is not None else "?"
            return t("action.place", lang, tile=tile, x=x, y=y, deg=int(r) * 90)
        if kind == "wonder":
            name, coords = rest.split(":")
            x, y, r = coords.split(",")
            return t("action.wonder", lang, wonder=WONDERS[name].names.get(lang), x=x, y=y, deg=int(r) * 90)
        if kind == "meeple":
            feature, _, where = rest.partition(":")
            return t(f"action.meeple.{feature}", lang, where=self._where(where, lang))
        if kind == "claimant":
            return t("action.claimant", lang, seat=rest)
        if kind == "pick":
            return t("action.pick", lang, wonder=WONDERS[rest].names.get(lang))
        return t("action.pass", lang)

    def _where(self, where: str, lang: str) -> str:
        """Sides, halves and wonder feature names in the reader's language."""
        parts = [self.catalogue.text(f"place.{w}", lang) if self.catalogue.has(f"place.{w}") else w
                 for w in where.split(",") if w]
        return self.catalogue.text("list.sep", lang).join(parts)

    def localize(self, key: str, params: dict, lang: str) -> dict:
        """Event parameters in the reader's language: features, wonders, seat lists."""
        out = dict(params)
        if "feature" in out:
            kind, _, where = out["feature"].partition(":")
            out["feature"] = self.catalogue.text(f"feature.{kind}", lang) + (
                f" ({self._where(where, lang)})" if where else "")
        for k in ("wonder",):
            if k in out:
                out[k] = WONDERS[out[k]].names.get(lang)
        if key == "ev.wonders.setup":
            out["wonders"] = self.catalogue.text("list.sep", lang).join(
                WONDERS[n].names.get(lang) for n in params["wonders"])
        if "seats" in out:
            out["seats"] = self.catalogue.text("list.sep", lang).join(str(s) for s in params["seats"])
        return out

    # ---- information --------------------------------------------------------------------
    def full_view(self, state: CarcState) -> dict:
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
        view = {
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
        w = state.ext.get("wonders")
        if w is not None:
            view["wonders"] = {"available": list(w.in_play), "pair_space": w.space, "waiting": list(w.pairs),
                               "held": list(w.held), "owned": list(w.owned)}
        return view

    def resample_hidden(self, state: CarcState, seat, stream) -> None:
        """Only the deck order is hidden (from everyone): any order is consistent. The pool is
        sorted first so the result depends on the stream alone, not on the true order."""
        state.deck = stream.shuffle(sorted(state.deck))


RULESET = Carcassonne()
