"""What a bot may use to look ahead: full games sampled to agree with its seat's view."""
from __future__ import annotations

from ..core.rng import Stream

BASE_STREAM = 0  # the first redraw's stream: any fixed value (the pools it deals from are canonical)


class Model:
    """Samples determinisations of a game for one seat (information-set search).

    The model never hands out the true game: it keeps one determinisation of it (`Game.determinise`:
    hidden information redrawn from canonical pools, so the true hidden values cannot leak through
    their order, items the seat knows kept where they are; the random stream reseeded; another seed;
    no event or action log), and every sample is drawn again from that one. A sample therefore
    carries nothing the seat's view does not: its seed, log and hidden parts are redrawn.

    That determinisation is made when the first sample is asked for (a bot that never samples, such
    as `random`, costs no copy of the game); until then the game is reached only through a closure,
    as `SeatView` does, and the closure is dropped once used. The harness samples while the bot
    decides, so the determinisation is of the position being decided.
    """

    __slots__ = ("_base", "_make", "_redraw", "seat", "rules", "players")

    def __init__(self, game, seat: int):
        self._base = None
        self._make = lambda: game.determinise(seat, Stream(BASE_STREAM))
        self._redraw = None  # the rules' resampler for the determinisation, made with it
        self.seat = seat
        self.rules = game.rules
        self.players = game.players

    def sample(self, stream) -> "object":
        base = self._base
        if base is None:
            base = self._base = self._make()
            self._make = None
            self._redraw = self.rules.resampler(base.state, self.seat)
        return base.determinise(self.seat, stream, self._redraw)
