"""The Wonders of Humanity (CW-*, rulings C-1..C-12), as a module hooking the base flow."""
from __future__ import annotations

from ...core.codec import register
from ...core.flow import RETURN, Decision, Module
from . import board as B
from .content import CITY, DELTA, FIELD, ROAD, WONDER_ORDER, WONDER_PIECES, WONDERS, xy, pos
from .rules import add_points, segment_of
from .state import CarcState

FIRST_SPACE, STEP, LAST_SPACE = 10, 5, 25  # CW-37, CW-39/44, CW-49
MEEPLES_WITH_WONDERS = 6                    # CW-29
WONDER_MEEPLES = 2                          # CW-57
NOTRE_DAME_BONUS, STONEHENGE_BONUS, ALHAMBRA_PER_FARMER = 3, 3, 4  # CW-63, CW-66, CW-76


def circus_rate(players: int) -> int:
    """CW-71..73: points per other player's follower in an incomplete city."""
    return 4 if players == 2 else 3 if players <= 4 else 2


@register
class WonderState:
    __slots__ = ("in_play", "space", "pairs", "held", "owned", "candidates", "claimer", "on_wonder")

    def __init__(self, players: int, in_play: list[str]):
        self.in_play = in_play                 # face-up wonders nobody has taken (CW-30)
        self.space = FIRST_SPACE               # where the waiting pairs stand (CW-28)
        self.pairs = list(range(players))      # seats whose (meeple + marker) still wait
        self.held = [None] * players           # taken, not yet placed (CW-40/41)
        self.owned = [None] * players          # placed and marked (CW-53, CW-62)
        self.candidates: list[int] = []        # seats the active player picks among (CW-46)
        self.claimer = -1
        self.on_wonder = 0                     # followers put on the wonder this turn (CW-57)

    def clone(self):
        new = WonderState.__new__(WonderState)
        new.in_play, new.space, new.pairs = list(self.in_play), self.space, list(self.pairs)
        new.held, new.owned, new.candidates = list(self.held), list(self.owned), list(self.candidates)
        new.claimer, new.on_wonder = self.claimer, self.on_wonder
        return new


def W(state: CarcState) -> WonderState:
    return state.ext["wonders"]


def wonder_id(name: str, p: int, r: int) -> str:
    x, y = xy(p)
    return f"wonder:{name}:{x},{y},{r}"


# ---- setup (CW-24..CW-31, C-11, C-12) -----------------------------------------------------------

def make_setup(chosen: tuple[str, ...]):
    def setup(state: CarcState) -> None:
        n = min(state.players, len(WONDER_ORDER))  # CW-30, CW-32/33: set I has four
        pool = list(chosen) if chosen else state.shuffle(list(WONDER_ORDER))[:n]
        state.ext["wonders"] = WonderState(state.players, sorted(pool, key=WONDER_ORDER.index))
        state.supply = [MEEPLES_WITH_WONDERS] * state.players
        state.log(("CW-29", "CW-30", "C-11"), "ev.wonders.setup", wonders=list(W(state).in_play),
                  meeples=MEEPLES_WITH_WONDERS)
    return setup


# ---- placing a wonder instead of drawing (CW-51..CW-58, C-3..C-5) ------------------------------------

def _fitting(state: CarcState, name: str):
    """(anchor, rotation) of every legal placement of a wonder, lazily."""
    seen = set()
    for p in state.frontier:
        for r, piece in enumerate(WONDER_PIECES[name]):
            for dx, dy in piece.offsets:
                anchor = p - dx * DELTA[1] - dy * DELTA[0]
                if (anchor, r) not in seen:
                    seen.add((anchor, r))
                    if B.fits(state, piece, anchor):
                        yield anchor, r


def wonder_placements(state: CarcState, name: str) -> list[str]:
    return sorted((wonder_id(name, a, r) for a, r in _fitting(state, name)), key=_wonder_sort_key)


def _wonder_sort_key(action_id: str):
    x, y, r = (int(v) for v in action_id.rsplit(":", 1)[1].split(","))
    return (x, y, r)


def draw_or_wonder(state: CarcState, base) -> str | None:
    """CW-51: a player with a wonder in front of them places it instead of drawing."""
    w = W(state)
    name = w.held[state.active]
    if name is None:
        return base(state)
    if next(_fitting(state, name), None) is None:
        state.log(("CW-51", "C-4"), "ev.wonders.unplaceable", seat=state.active, wonder=name)
        return base(state)
    state.pending = (state.active, "wonder")
    return None


def legal_wonder(state: CarcState) -> list[str]:
    return wonder_placements(state, W(state).held[state.active])


def apply_wonder(state: CarcState, action_id: str) -> str:
    _, name, coords = action_id.split(":")
    x, y, r = (int(v) for v in coords.split(","))
    w = W(state)
    piece = WONDER_PIECES[name][r]
    B.place_piece(state, piece, pos(x, y), owner=state.active)
    w.held[state.active] = None
    w.owned[state.active] = name
    w.on_wonder = 0
    state.log(("CW-51", "CW-52"), "ev.wonders.place", seat=state.active, wonder=name, x=x, y=y, rot=r)
    cx, cy = xy(state.last[1][piece.centre])
    state.log(("CW-53", "CW-56", "C-3"), "ev.wonders.marker", seat=state.active, wonder=name, x=cx, y=cy)
    return "wonders.meeples"


def step_wonder_meeples(state: CarcState) -> str | None:
    """CW-57/58: up to two followers on different unoccupied features of the wonder."""
    if W(state).on_wonder < WONDER_MEEPLES and state.supply[state.active] and B.free_segments(state, state.last[0]):
        state.pending = (state.active, "wonder_meeple")
        return None
    return "turn.score"


def legal_wonder_meeple(state: CarcState) -> list[str]:
    return ["meeple:" + state.label[s] for s in B.free_segments(state, state.last[0])] + ["pass"]


def apply_wonder_meeple(state: CarcState, action_id: str) -> str:
    if action_id == "pass":
        return "turn.score"
    label = action_id[len("meeple:"):]
    seg = segment_of(state, label)
    B.put_follower(state, state.active, seg)
    W(state).on_wonder += 1
    x, y = xy(state.meeple_cell[seg])
    state.log(("CW-57", "C-5"), "ev.meeple", seat=state.active, feature=label, x=x, y=y)
    return "wonders.meeples"


# ---- wonder effects during the game (CW-62..CW-69, C-6, C-7) ------------------------------------------

def bonuses_before_scoring(state: CarcState) -> None:
    owned = W(state).owned[state.active]
    if owned == "notre_dame":
        notre_dame(state)
    elif owned == "stonehenge":
        stonehenge(state)


def notre_dame(state: CarcState) -> None:
    """CW-63/64, C-6: 3 points per follower placed on a tile around a monastery, once each."""
    for seat, seg in state.placed_meeples:
        cell = state.meeple_cell[seg]
        if seat == state.active and any(cell + d in state.monasteries for d in B.NEIGHBOURS8):
            x, y = xy(cell)
            add_points(state, seat, NOTRE_DAME_BONUS, ("CW-63", "CW-64", "C-6"), "ev.wonders.notre_dame", x=x, y=y)


def stonehenge(state: CarcState) -> None:
    """CW-66/67, C-7: 3 points per scoring road the owner's placement completes."""
    for root in B.completed_by_last(state):
        if state.kind[root] == ROAD and state.meeples[root]:
            x, y = xy(state.meeple_cell[root])
            add_points(state, state.active, STONEHENGE_BONUS, ("CW-66", "CW-67", "C-7"),
                       "ev.wonders.stonehenge", x=x, y=y)


# ---- claiming wonders after scoring (CW-37..CW-50, C-1, C-2) ----------------------------------------------

def after_scoring(state: CarcState) -> str:
    return "wonders.claim"


def step_claim(state: CarcState) -> str | None:
    w = W(state)
    ready = [s for s in w.pairs if state.score[s] >= w.space]
    if not ready or not w.in_play:
        return RETURN
    if len(ready) == 1:
        w.claimer = ready[0]
        return "wonders.take"
    w.candidates = ready
    state.pending = (state.active, "wonder_claimant")  # CW-46: the active player chooses
    return None


def legal_claimant(state: CarcState) -> list[str]:
    return [f"claimant:{s}" for s in W(state).candidates]


def apply_claimant(state: CarcState, action_id: str) -> str:
    w = W(state)
    w.claimer = int(action_id.split(":")[1])
    state.log(("CW-46", "CW-48", "C-1"), "ev.wonders.claimant", seat=state.active, claimer=w.claimer,
              waiting=", ".join(str(s) for s in w.candidates if s != w.claimer))
    w.candidates = []
    return "wonders.take"


def step_take(state: CarcState) -> str | None:
    """CW-38/39: the claimer's pair goes to their supply, the others move on 5 (never past 25)."""
    w = W(state)
    seat = w.claimer
    w.pairs.remove(seat)
    state.supply[seat] += 1
    reached = w.space
    w.space = min(w.space + STEP, LAST_SPACE)
    state.log(("CW-37", "CW-38", "CW-39", "CW-43", "CW-44", "CW-49", "C-2"), "ev.wonders.pair",
              seat=seat, space=reached, next=w.space)
    if len(w.in_play) == 1:
        return _take(state, w.in_play[0])
    state.pending = (seat, "wonder_pick")
    return None


def legal_pick(state: CarcState) -> list[str]:
    return [f"pick:{n}" for n in W(state).in_play]


def apply_pick(state: CarcState, action_id: str) -> str:
    return _take(state, action_id.split(":", 1)[1])


def _take(state: CarcState, name: str) -> str:
    """CW-40/41/45: the wonder waits in front of its owner until their next turn."""
    w = W(state)
    w.in_play.remove(name)
    w.held[w.claimer] = name
    state.log(("CW-40", "CW-41", "CW-45", "CW-18"), "ev.wonders.take", seat=w.claimer, wonder=name)
    w.claimer = -1
    return "wonders.claim"


# ---- end of the game (CW-70..CW-79, C-8, C-9) ---------------------------------------------------------------

def wonders_at_end(state: CarcState) -> None:
    """CW-79: wonders score before the normal final scoring."""
    w = W(state)
    rate = circus_rate(state.players)
    for seat, name in enumerate(w.owned):
        if name == "circus_maximus":
            others = sum(1 for r in B.roots_with_followers(state) if state.kind[r] == CITY and state.open[r] > 0
                         for s, _ in state.meeples[r] if s != seat)
            if others:
                add_points(state, seat, rate * others, ("CW-70", "CW-71", "CW-72", "CW-73", "CW-75", "C-8"),
                           "ev.wonders.circus", followers=others, rate=rate)
        elif name == "alhambra":
            farmers = sum(1 for r in B.roots_with_followers(state) if state.kind[r] == FIELD
                          for s, _ in state.meeples[r] if s == seat)
            if farmers:
                add_points(state, seat, ALHAMBRA_PER_FARMER * farmers, ("CW-76", "CW-77", "C-9"),
                           "ev.wonders.alhambra", farmers=farmers)


def module(chosen: tuple[str, ...] = ()) -> Module:
    m = Module("wonders")
    m.steps.update({"wonders.meeples": step_wonder_meeples, "wonders.claim": step_claim,
                    "wonders.take": step_take})
    m.decisions.update({
        "wonder": Decision(legal_wonder, apply_wonder),
        "wonder_meeple": Decision(legal_wonder_meeple, apply_wonder_meeple),
        "wonder_claimant": Decision(legal_claimant, apply_claimant),
        "wonder_pick": Decision(legal_pick, apply_pick),
    })
    m.hook("game.setup", "after", make_setup(chosen))
    m.hook("turn.draw", "instead", draw_or_wonder)
    m.hook("turn.score", "before", bonuses_before_scoring)
    m.hook("turn.score", "after", after_scoring)
    m.hook("game.final", "before", wonders_at_end)
    return m


def names(lang: str) -> dict[str, str]:
    return {n: WONDERS[n].names.get(lang) for n in WONDER_ORDER}
