"""Why an action is not offered, in words citing the rule: the terminal's `why` and the reason an
IllegalAction gives. Only the map, the tile in hand and the followers are read: what every seat knows."""
from __future__ import annotations

from .actions import meeple_label, place_xyr
from .content import EDGE_NAMES, LETTERS, SIDES, TILE_PIECES, in_range, pos
from .state import CarcState

MEEPLE_DECISIONS = ("meeple", "wonder_meeple")


def why_not(rules, state: CarcState, action_id: str, lang: str) -> str | None:
    """Why `place:X,Y,R` or `meeple:LABEL` is not an option now (None: nothing more to say)."""
    t = lambda key, **kw: rules.catalogue.text(key, lang, **kw)  # noqa: E731
    decision = state.pending[1] if state.pending else None
    if action_id.startswith("place:") and decision == "place":
        return _why_not_place(state, action_id, t)
    if action_id.startswith("meeple:") and decision in MEEPLE_DECISIONS:
        return _why_not_meeple(rules, state, meeple_label(action_id), lang, t)
    return None


def _why_not_place(state: CarcState, action_id: str, t) -> str | None:
    xyr = place_xyr(action_id)
    if xyr is None:
        return None
    x, y, r = xyr
    if not 0 <= r < 4:
        return t("why.turns", r=r)
    if not in_range(x, y):
        return t("why.far", x=x, y=y)
    p = pos(x, y)
    if p in state.board:
        return t("why.taken", x=x, y=y)
    code = state.frontier.get(p)
    if code is None:
        return t("why.alone", x=x, y=y)
    edges = TILE_PIECES[state.hand][r].edges[0]
    for side in range(4):
        need = (code >> (2 * side)) & 3
        if need != 3 and need != edges[side]:
            return t("why.edges", tile=LETTERS[state.hand], deg=r * 90, side=t(f"place.{SIDES[side]}"),
                     mine=t(f"edge.{EDGE_NAMES[edges[side]]}"), theirs=t(f"edge.{EDGE_NAMES[need]}"))
    return None


def _why_not_meeple(rules, state: CarcState, label: str, lang: str, t) -> str | None:
    seg = next((s for s in state.last[0] if state.label[s] == label), None)
    if seg is None:  # a feature the new piece lacks (a follower id of another feature: nothing to say)
        known = rules.catalogue.has(f"feature.{label.partition(':')[0]}")
        return t("why.no_feature", feature=rules.feature_name(label, lang)) if known else None
    if not state.supply[state.active]:
        return t("why.no_supply")
    return _occupied(rules, state, seg, lang, t)


def _occupied(rules, state: CarcState, seg: int, lang: str, t) -> str | None:
    holders = sorted({seat for seat, _ in state.meeples[state.find(seg)]})
    if not holders:
        return None
    return t("why.occupied", feature=rules.feature_name(state.label[seg], lang),
             seats=t("list.sep").join(t("txt.seat_name", seat=s) for s in holders))


def why_missing(rules, state: CarcState, lang: str) -> list[str]:
    """At a follower decision: each feature of the new piece that is not offered, and why (CB-06)."""
    if state.pending is None or state.pending[1] not in MEEPLE_DECISIONS:
        return []
    t = lambda key, **kw: rules.catalogue.text(key, lang, **kw)  # noqa: E731
    return [why for why in (_occupied(rules, state, s, lang, t) for s in state.last[0]) if why]

