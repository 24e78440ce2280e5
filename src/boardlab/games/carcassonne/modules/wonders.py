"""The Wonders of Humanity (CW-*, rulings C-1..C-12), as a module hooking the base flow.

Hooks: after `game.setup` (pairs at 10, 6 followers), instead of `turn.draw` (place the held
wonder), before `turn.score` (Notre-Dame and Stonehenge bonuses), after `turn.score` (claims,
ruling C-1), before `game.final` (Circus Maximus and Alhambra). State: a `WonderState` in
`state.mods["wonders"]`; view: `view["wonders"]`; texts: `wonders.yaml` beside this file.
"""
from __future__ import annotations

from functools import partial

from ....core.actions import Grid, Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.module import Module
from ....core.state import Data
from .. import board as B
from ..actions import ROTATIONS, arg, coordinates, meeple_id, meeple_label, xyr_after
from ..content import CITY, DELTA, FIELD, ROAD, WONDER_ORDER, WONDER_PIECES, WONDERS, xy, pos
from ..rules import add_points, segment_of
from ..state import CarcState
from ..text import wonder_code

MODULE = Module("wonders", messages="wonders.yaml")

FIRST_SPACE, STEP, LAST_SPACE = 10, 5, 25  # CW-37, CW-39/44, CW-49
MEEPLES_WITH_WONDERS = 6                    # CW-29
WONDER_MEEPLES = 2                          # CW-57
NOTRE_DAME_BONUS, STONEHENGE_BONUS, ALHAMBRA_PER_FARMER = 3, 3, 4  # CW-63, CW-66, CW-76


def circus_rate(players: int) -> int:
    """CW-71..73: points per other player's follower in an incomplete city."""
    return 4 if players == 2 else 3 if players <= 4 else 2


@register
class WonderState(Data):
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

    def clone(self) -> "WonderState":  # by hand: clones are the inner loop of the bots' search
        new = WonderState.__new__(WonderState)
        new.in_play, new.space, new.pairs = list(self.in_play), self.space, list(self.pairs)
        new.held, new.owned, new.candidates = list(self.held), list(self.owned), list(self.candidates)
        new.claimer, new.on_wonder = self.claimer, self.on_wonder
        return new


def W(state: CarcState) -> WonderState:
    return state.mods["wonders"]


# ---- the module's action ids, built and parsed here only -----------------------------------------------------
# `wonder:NAME:X,Y,R` (place the held wonder, anchor cell at X,Y, turned R), `claimant:SEAT` (that seat
# takes a wonder first), `pick:NAME` (take that wonder); followers on a wonder use the base `meeple:` ids.

def wonder_id(name: str, p: int, r: int) -> str:
    x, y = xy(p)
    return f"wonder:{name}:{x},{y},{r}"


def parse_wonder(action_id: str) -> tuple[str, int, int, int] | None:
    """NAME, X, Y, R of a `wonder:NAME:X,Y,R` id, or None."""
    head, _, rest = action_id.partition(":")
    name, _, coords = rest.partition(":")
    xyr = xyr_after(coords, "")
    return (name, *xyr) if head == "wonder" and xyr is not None else None


def claimant_id(seat: int) -> str:
    return f"claimant:{seat}"


def pick_id(name: str) -> str:
    return f"pick:{name}"


def actions(players: int, options: dict) -> list[Segment]:
    """Integer encoding: each wonder on the base placement grid, then claimants and picks."""
    coords = coordinates(options)
    grids: list[Segment] = [Grid("wonder", (coords, coords, ROTATIONS), partial(_build, name), partial(_at, name))
                            for name in WONDER_ORDER]
    return grids + [Vocabulary([claimant_id(s) for s in range(players)] + [pick_id(n) for n in WONDER_ORDER])]


def _build(name: str, x: int, y: int, r: int) -> str:
    return wonder_id(name, pos(x, y), r)


def _at(name: str, action_id: str) -> tuple[int, int, int] | None:
    parsed = parse_wonder(action_id)
    return None if parsed is None or parsed[0] != name else parsed[1:]


# ---- setup (CW-24..CW-31, C-11, C-12) -----------------------------------------------------------

def setup(state: CarcState) -> None:
    """The wonders in play: those of the option `wonders`, else as many as players drawn at random."""
    n = min(state.players, len(WONDER_ORDER))  # CW-30, CW-32/33: set I has four
    chosen = state.options.get("wonders")
    pool = list(chosen) if chosen else state.shuffle(list(WONDER_ORDER))[:n]
    state.mods["wonders"] = WonderState(state.players, sorted(pool, key=WONDER_ORDER.index))
    state.supply = [MEEPLES_WITH_WONDERS] * state.players
    state.log(("CW-29", "CW-30", "C-11"), "ev.wonders.setup", wonders=list(W(state).in_play),
              meeples=MEEPLES_WITH_WONDERS)


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


@MODULE.decision("wonder", legal_wonder)
def apply_wonder(state: CarcState, action_id: str) -> str:
    name, x, y, r = parse_wonder(action_id)
    w = W(state)
    piece = WONDER_PIECES[name][r]
    B.place_piece(state, piece, pos(x, y), owner=state.active)
    w.held[state.active] = None
    w.owned[state.active] = name
    w.on_wonder = 0
    state.log(("CW-51", "CW-52"), "ev.wonders.place", seat=state.active, wonder=name, x=x, y=y, rot=r, deg=r * 90)
    cx, cy = xy(state.last[1][piece.centre])
    state.log(("CW-53", "CW-56", "C-3"), "ev.wonders.marker", seat=state.active, wonder=name, x=cx, y=cy)
    return "wonders.meeples"


@MODULE.step("wonders.meeples")
def step_wonder_meeples(state: CarcState) -> str | None:
    """CW-57/58: up to two followers on different unoccupied features of the wonder."""
    if W(state).on_wonder < WONDER_MEEPLES and state.supply[state.active] and B.free_segments(state, state.last[0]):
        state.pending = (state.active, "wonder_meeple")
        return None
    return "turn.score"


def legal_wonder_meeple(state: CarcState) -> list[str]:
    return [meeple_id(state.label[s]) for s in B.free_segments(state, state.last[0])] + ["pass"]


@MODULE.decision("wonder_meeple", legal_wonder_meeple)
def apply_wonder_meeple(state: CarcState, action_id: str) -> str:
    if action_id == "pass":
        return "turn.score"
    label = meeple_label(action_id)
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


@MODULE.step("wonders.claim")
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
    return [claimant_id(s) for s in W(state).candidates]


@MODULE.decision("wonder_claimant", legal_claimant)
def apply_claimant(state: CarcState, action_id: str) -> str:
    w = W(state)
    w.claimer = int(arg(action_id))
    state.log(("CW-46", "CW-48", "C-1"), "ev.wonders.claimant", seat=state.active, claimer=w.claimer,
              waiting=", ".join(str(s) for s in w.candidates if s != w.claimer))
    w.candidates = []
    return "wonders.take"


@MODULE.step("wonders.take")
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
    return [pick_id(n) for n in W(state).in_play]


@MODULE.decision("wonder_pick", legal_pick)
def apply_pick(state: CarcState, action_id: str) -> str:
    return _take(state, arg(action_id))


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


MODULE.hook("game.setup", "after", setup)
MODULE.hook("turn.draw", "instead", draw_or_wonder)
MODULE.hook("turn.score", "before", bonuses_before_scoring)
MODULE.hook("turn.score", "after", after_scoring)
MODULE.hook("game.final", "before", wonders_at_end)


# ---- what the players see and read ------------------------------------------------------------------------

def view(state: CarcState, full: dict) -> None:
    w = W(state)
    full["wonders"] = {"available": list(w.in_play), "pair_space": w.space, "waiting": list(w.pairs),
                       "held": list(w.held), "owned": list(w.owned)}


def lines(view: dict, lang: str, catalogue) -> list[str]:
    """The terminal's lines: the wonders still offered (each with its effect), where the waiting
    pairs stand, and each wonder held or placed (by its code on the map)."""
    w = view.get("wonders")
    if w is None:
        return []
    t = lambda key, **kw: catalogue.text(key, lang, **kw)  # noqa: E731
    sep = t("list.sep")
    out = [t("txt.wonders.track", space=w["pair_space"], seats=sep.join(map(str, w["waiting"])) or "-")]
    out += [t("txt.wonders.offered", wonder=WONDERS[n].names.get(lang), effect=effect(n, view["player_count"], lang))
            for n in w["available"]]
    for seat, name in enumerate(w["held"]):
        if name is not None:
            out.append(t("txt.wonders.held", seat=seat, wonder=WONDERS[name].names.get(lang)))
    for seat, name in enumerate(w["owned"]):
        if name is not None:
            out.append(t("txt.wonders.owned", seat=seat, wonder=WONDERS[name].names.get(lang),
                         code=wonder_code(name), effect=effect(name, view["player_count"], lang)))
    return out


def effect(name: str, players: int, lang: str) -> str:
    """What a wonder does for its owner (CW-63, CW-66, CW-70..73, CW-76)."""
    from .. import RULESET
    return RULESET.catalogue.text(f"wonder.effect.{name}", lang, rate=circus_rate(players),
                                  bonus=NOTRE_DAME_BONUS if name == "notre_dame" else STONEHENGE_BONUS,
                                  farmer=ALHAMBRA_PER_FARMER)


def summary(state: CarcState) -> dict:
    """For simulation reports: the wonder each seat owns (or None)."""
    return {"wonder": list(W(state).owned)}


def describe(state: CarcState, action_id: str, lang: str) -> str | None:
    from .. import RULESET  # the game's catalogue (this module is loaded after the game package)
    t = RULESET.catalogue.text
    kind = action_id.partition(":")[0]
    placed = parse_wonder(action_id)
    if placed is not None:
        name, x, y, r = placed
        return t("action.wonder", lang, wonder=WONDERS[name].names.get(lang), x=x, y=y, deg=r * 90)
    if kind == "claimant":
        return t("action.claimant", lang, seat=arg(action_id))
    if kind == "pick":
        name = arg(action_id)
        return t("action.pick", lang, wonder=WONDERS[name].names.get(lang), effect=effect(name, state.players, lang))
    return None


def picture(view: dict, legal) -> dict:
    """Its part of the board picture: each legal wonder placement, grouped by anchor cell, for the
    base renderer to draw as a clickable outline (render.py `_group_legal`)."""
    groups: dict = {}
    for a in legal:
        placed = parse_wonder(a)
        if placed is not None:
            name, x, y, r = placed
            groups.setdefault(("wonder", name, x, y), []).append((r, a))
    return groups


MODULE.view = view
MODULE.lines = lines
MODULE.picture = picture
MODULE.summary = summary
MODULE.describe = describe
MODULE.actions = actions
