"""Victory points, the win at 30, dominance and coalitions (LR-03, LR-09-02-08)."""
from __future__ import annotations

from ...core.flow import halt
from . import board as B
from .content import CARDS
from .program import extensions
from .state import RootState

WIN = 30  # LR-03-01
DOMINANCE_MIN = 10  # LR-03-03-01
GAME_WON = "game.won"


def can_score(state: RootState, seat: int) -> bool:
    """An activated dominance card (LR-03-03-01) or a coalition (LR-09-02-08) stops scoring."""
    if state.dominance[seat] is not None or seat in state.coalition:
        return False
    answers = extensions(state, "score_blocked")  # asked first: seldom any (no generator to make)
    return not (answers and any(fn(state, seat) for fn in answers))


def score(state: RootState, seat: int, points: int, rules: tuple[str, ...]) -> int:
    """Add (or, negative, take away: never below 0) points; reaching 30 wins at once (LR-03-01).
    Returns the points actually scored."""
    if points == 0 or state.over or not can_score(state, seat):  # nothing scores after the game ended
        return 0
    before = state.score[seat]
    state.score[seat] = max(0, before + points)
    delta = state.score[seat] - before
    state.log(rules, "ev.score", seat=seat, points=delta, total=state.score[seat])
    for fn in extensions(state, "scored"):  # hireling markers on the track (RT-HR-13)
        fn(state, seat, before, state.score[seat])
    if state.score[seat] >= WIN and not state.winners:
        win(state, reached_30(state), ("LR-03-01", "LR-03-01-01") + rules)
    return delta


def reached_30(state: RootState) -> tuple[int, ...]:
    """LR-03-01-01: of those at 30 or more, the one closest clockwise to the player taking the turn."""
    at = state.order.index(state.active)
    order = state.order[at:] + state.order[:at]  # clockwise: the seating order (LR-AA-04)
    return (next(s for s in order if state.score[s] >= WIN),)


def win(state: RootState, seats: tuple[int, ...], rules: tuple[str, ...]) -> None:
    """The game ends at once; a Vagabond in coalition with a winner wins too (LR-09-02-08)."""
    winners = set(seats)
    winners |= {v for v, partner in state.coalition.items() if partner in winners}
    state.winners = tuple(sorted(winners))
    state.over = True
    state.log(rules, "ev.win", seats=list(state.winners))
    halt(state, GAME_WON)


# ---- dominance (LR-03-03) -------------------------------------------------------------------------------

DOMINANCE_CARDS = frozenset(c for c, card in CARDS.items() if card.kind == "dominance")  # every deck's and set's


def dominance_cards(state: RootState, seat: int) -> list[str]:
    return [c for c in state.hands[seat] if c in DOMINANCE_CARDS]


def dominance_win(state: RootState, seat: int) -> bool:
    """At the start of Birdsong: three ruled clearings of the card's suit, or (bird) two opposite
    corners (LR-03-03-01-01/02)."""
    card = state.dominance[seat]
    if card is None:
        return False
    for fn in extensions(state, "dominance_win"):  # a module's own dominance card (Frog Dominance, LR-16-02-02-01)
        decided = fn(state, seat, card)
        if decided is not None:
            return decided
    f = state.faction[seat]
    suit = CARDS[card].suit
    ruled = B.rulers(state)
    if suit == "bird":
        return any(ruled[c] == f and ruled[B.opposite(state, c)] == f  # type: ignore[index]
                   for c in B.corners(state) if B.opposite(state, c) is not None)
    return sum(1 for c in B.clearings_of_suit(state, suit) if ruled[c] == f) >= 3
