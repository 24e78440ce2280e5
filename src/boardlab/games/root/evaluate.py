"""Root for bots and reports: a seat's expected final score (`potential`, the greedy bot's and the
playouts' evaluation) and per-seat categories for simulation reports (`summary`).

The potential is the score plus a small value for what usually turns into points later: ruled
clearings, warriors, buildings and tokens on the map, and crafted persistent effects (cards in hand are
not counted, see CARD). A seat with an activated dominance card is valued by its progress toward the
dominance win instead of its frozen score; a Vagabond in a coalition shares its partner's. Faction
modules add their own terms (`Module.potential`: the Vagabond's items and allies). The weights are
tuning, not rules.
"""
from __future__ import annotations

from . import board as B
from .content import CARDS
from .scoring import WIN
from .state import RootState

RULED = 0.4
WARRIOR = 0.05
BUILDING = 1.0   # a building on the map: points when built, more each turn (roosts, bases, the Marquise's tracks)
TOKEN = 0.6      # a token on the map (sympathy, wood, ...)
CARD = 0.0       # not counted: with a one-decision horizon, the card drawn in Evening made ending the turn
                 # look better than any action (greedy then lost to random; measured in docs/bots.md)
PERSISTENT = 0.5
DOMINANCE_STEP = 6.0  # per clearing toward the dominance win (3 of a suit, or 2 opposite corners)


def base_potential(state: RootState) -> list[float]:
    values = [_own(state, s) for s in range(state.players)]
    for vagabond, partner in state.coalition.items():
        values[vagabond] = values[partner]
    return values


def _own(state: RootState, seat: int) -> float:
    f = state.faction[seat]
    if state.over:
        return float(WIN + 10 if seat in state.winners else state.score[seat])
    value = _dominance(state, seat) if state.dominance[seat] is not None else float(state.score[seat])
    value += RULED * len(B.ruled_by(state, f))
    value += WARRIOR * B.total_warriors(state, f)
    value += BUILDING * sum(1 for pieces in state.buildings for owner, _ in pieces if owner == f)
    value += TOKEN * sum(1 for pieces in state.tokens for owner, _ in pieces if owner == f)
    value += CARD * len(state.hands[seat])
    value += PERSISTENT * sum(1 for c in state.play_area[seat] if c in CARDS and CARDS[c].kind == "persistent")
    return value


def _dominance(state: RootState, seat: int) -> float:
    """Progress toward the dominance win, on the score's scale (the win itself is worth 30)."""
    card = state.dominance[seat]
    f = state.faction[seat]
    suit = CARDS[card].suit if card in CARDS else "bird"
    if suit == "bird":
        held = sum(1 for c in B.corners(state) if B.rules(state, f, c))
        return WIN - DOMINANCE_STEP * (2 - min(2, held))
    held = sum(1 for c in B.clearings_of_suit(state, suit) if B.rules(state, f, c))
    return WIN - DOMINANCE_STEP * (3 - min(3, held))


def base_summary(state: RootState) -> dict:
    """Categories a report tallies wins by: each seat's faction, and its dominance card at the end
    (`activated`, `coalition` for a Vagabond's, or `none`)."""
    plan = ["coalition" if s in state.coalition else "activated" if state.dominance[s] is not None else "none"
            for s in range(state.players)]
    return {"faction": list(state.faction), "dominance": plan}
