"""The base game's flow: setup, the turn (draw, place, follower, score) and final scoring."""
from __future__ import annotations

from ...core.flow import GAME_OVER
from ...core.module import Part
from . import board as B
from .actions import PLACE_IDS, meeple_id, meeple_label, parse_place, place_id, place_xyr
from .content import (CANONICAL_ROT, CITY, FIELD, FIT, FITS_ANY, MONASTERY, ROAD, TILE_INDEX, TILE_PIECES,
                      TILESET, in_range, pos, xy)
from .state import CarcState

START = TILE_INDEX[TILESET.start]
BASE = Part()  # the base game's steps and decisions; modules hook these names


# ---- setup --------------------------------------------------------------------------------

@BASE.step("game.setup")
def setup(state: CarcState) -> str:
    """CB-01: start tile at 0,0, the rest shuffled (the fixed draws of the option `draw_order`
    first); CW-23: the option `base_sets` shuffles more sets together."""
    rest = [i for i, t in enumerate(TILESET.tiles) for _ in range(t.count * state.options.get("base_sets", 1))]
    rest.remove(START)
    fixed = [TILE_INDEX[c] for c in state.options.get("draw_order", ())]
    for t in fixed:
        rest.remove(t)
    state.deck = state.shuffle(rest) + fixed[::-1]
    B.place_piece(state, TILE_PIECES[START][0], pos(0, 0))
    state.log(("CB-01",), "ev.start", tile=TILESET.start)
    return "turn.start"


# ---- the turn -------------------------------------------------------------------------------

@BASE.step("turn.start")
def step_start(state: CarcState) -> str:
    state.placed_meeples = []
    return "turn.draw"


@BASE.step("turn.draw")
def step_draw(state: CarcState) -> str:
    """CB-04/CB-05: draw until a tile fits somewhere; an empty deck ends the game."""
    while state.deck:
        t = state.deck.pop()
        fits = FITS_ANY[t]
        if any(code in fits for code in state.frontier.values()):
            state.hand = t
            state.log(("CB-04",), "ev.draw", seat=state.active, tile=TILESET.tiles[t].letter)
            return "turn.place"
        state.discarded.append(t)
        state.log(("CB-05",), "ev.discard", seat=state.active, tile=TILESET.tiles[t].letter)
    return "game.end"


@BASE.step("turn.place")
def step_place(state: CarcState) -> None:
    state.pending = (state.active, "place")


def legal_place(state: CarcState) -> list[str]:
    fit, known = FIT[state.hand], PLACE_IDS
    return [known.get((p, r)) or place_id(p, r) for p, code in state.frontier.items() for r in fit[code]]


@BASE.decision("place", legal_place)
def apply_place(state: CarcState, action_id: str) -> str:
    p, r = parse_place(action_id)
    t = state.hand
    state.hand = None
    B.place_piece(state, TILE_PIECES[t][r], p)
    x, y = xy(p)
    state.log(("CB-04",), "ev.place", seat=state.active, tile=TILESET.tiles[t].letter, x=x, y=y, rot=r, deg=r * 90)
    return "turn.meeple"


@BASE.step("turn.meeple")
def step_meeple(state: CarcState) -> str | None:
    """CB-06: offer a follower on a free feature of the new tile, if any and if in supply."""
    if state.supply[state.active] and B.free_segments(state, state.last[0]):
        state.pending = (state.active, "meeple")
        return None
    return "turn.score"


def legal_meeple(state: CarcState) -> list[str]:
    label = state.label
    return [meeple_id(label[s]) for s in B.free_segments(state, state.last[0])] + ["pass"]


@BASE.decision("meeple", legal_meeple)
def apply_meeple(state: CarcState, action_id: str) -> str:
    if action_id != "pass":
        seg = segment_of(state, meeple_label(action_id))
        B.put_follower(state, state.active, seg)
        x, y = xy(state.meeple_cell[seg])
        state.log(("CB-06",), "ev.meeple", seat=state.active, feature=state.label[seg], x=x, y=y)
    return "turn.score"


def segment_of(state: CarcState, label: str) -> int:
    """The placed piece's segment with this label (a meeple id names it by label)."""
    for s in state.last[0]:
        if state.label[s] == label:
            return s
    raise KeyError(label)


@BASE.step("turn.score")
def step_score(state: CarcState) -> str:
    """Score what the placed tile completed (CB-07..CB-12, CB-19)."""
    for root in B.completed_by_last(state):
        score_feature(state, root, final=False)
    return "turn.end"


@BASE.step("turn.end")
def step_end(state: CarcState) -> str:
    if not state.deck:
        return "game.end"
    state.active = (state.active + 1) % state.players
    return "turn.start"


@BASE.step("game.end")
def step_game_end(state: CarcState) -> str:
    """CB-13: the last tile is placed; final scoring follows."""
    state.hand = None
    state.log(("CB-13",), "ev.game_end")
    return "game.final"


@BASE.step("game.final")
def step_final(state: CarcState) -> str:
    """CB-14..CB-17: incomplete features and fields, then the game is over."""
    for root in B.roots_with_followers(state):
        score_feature(state, root, final=True)
    state.over = True
    best = max(state.score)
    state.log(("CB-18",), "ev.winners", seats=[s for s, v in enumerate(state.score) if v == best])
    return GAME_OVER


# ---- scoring --------------------------------------------------------------------------------

def feature_value(state: CarcState, root: int, final: bool) -> tuple[int, tuple[str, ...], str]:
    """(points, rule ids, event key) a feature is worth now."""
    k = state.kind[root]
    tiles = len(state.tiles[root])
    if k == ROAD:
        return tiles, ("CB-14",) if final else ("CB-07", "CB-12"), "ev.score.road"
    if k == CITY:
        per = 1 if final else 2
        return per * (tiles + state.pennants[root]), ("CB-15",) if final else ("CB-08", "CB-12"), "ev.score.city"
    if k == MONASTERY:
        if final:
            return 1 + B.neighbours(state, state.meeple_cell[root]), ("CB-16",), "ev.score.monastery"
        return 9, ("CB-09",), "ev.score.monastery"
    return 3 * B.touched_complete_cities(state, root), ("CB-17",), "ev.score.field"


def score_feature(state: CarcState, root: int, final: bool) -> None:
    """CB-10: the majority scores in full; CB-11: followers (not farmers) go home."""
    winners = B.majority(state, root)
    if winners:
        points, rules, key = feature_value(state, root, final)
        x, y = xy(state.meeple_cell[root])
        for seat in winners:
            add_points(state, seat, points, rules + ("CB-10",), key, x=x, y=y, tiles=len(state.tiles[root]))
    if not final and state.kind[root] != FIELD:
        B.return_followers(state, root)


def projected_scores(state: CarcState) -> list[float]:
    """For bots: the score if final scoring happened now (a complete feature at its completed value, as
    `feature_value` gives), plus a little for free followers. Bots ask at every leaf: the values are
    `feature_value`'s written out, a city's completeness looked up once for all fields."""
    out = [float(v) for v in state.score]
    kind, tiles, open_, parent, meeples = state.kind, state.tiles, state.open, state.parent, state.meeples
    complete_city: dict[int, bool] = {}  # city root -> complete (shared by the fields touching it)
    for root in B.roots_with_followers(state):
        k = kind[root]
        if k == FIELD:
            closed = set()
            for c in state.cities[root]:
                while parent[c] != c:
                    c = parent[c]
                done = complete_city.get(c)
                if done is None:
                    done = complete_city[c] = open_[c] == 0
                if done:
                    closed.add(c)
            points = 3 * len(closed)
        elif k == ROAD:
            points = len(tiles[root])
        elif k == CITY:
            points = (2 if open_[root] == 0 else 1) * (len(tiles[root]) + state.pennants[root])
        else:  # a monastery: 1 + its neighbours, 9 once complete
            points = 1 + B.neighbours(state, state.meeple_cell[root])
        holders = meeples[root]
        if len(holders) == 1:
            out[holders[0][0]] += points
        else:
            for seat in B.majority(state, root):
                out[seat] += points
    for seat, n in enumerate(state.supply):
        out[seat] += 0.5 * min(n, 4)
    return out


def add_points(state: CarcState, seat: int, points: int, rules: tuple[str, ...], key: str, **params) -> None:
    state.score[seat] += points
    state.log(rules, key, seat=seat, points=points, **params)


def canonical_place(state: CarcState, action_id: str) -> str:
    """`place:X,Y,R` with R any rotation giving the same tile maps to the listed id. Coordinates
    beyond the packed range stay as they are (illegal): they must not wrap onto another cell."""
    xyr = place_xyr(action_id)
    if xyr is None or state.hand is None or not 0 <= xyr[2] < 4 or not in_range(xyr[0], xyr[1]):
        return action_id
    x, y, r = xyr
    return place_id(pos(x, y), CANONICAL_ROT[state.hand][r])
