"""What a bot may use to look ahead: full games sampled to agree with its seat's view."""
from __future__ import annotations

from ..core.rng import Stream

BASE_STREAM = 0  # the first redraw's stream: any fixed value (the pools it deals from are canonical)


class Model:
    """Samples determinisations of a game for one seat (information-set search).

    The model never holds the true game: it keeps one determinisation of it (`Game.determinise`:
    hidden information redrawn from canonical pools, so the true hidden values cannot leak through
    their order, items the seat knows kept where they are; the random stream reseeded; another seed;
    no event or action log), and every sample is drawn again from that one. A sample therefore
    carries nothing the seat's view does not: its seed, log and hidden parts are redrawn.
    """

    __slots__ = ("_base", "seat")

    def __init__(self, game, seat: int):
        self._base = game.determinise(seat, Stream(BASE_STREAM))
        self.seat = seat

    @property
    def rules(self):
        return self._base.rules

    def sample(self, stream) -> "object":
        return self._base.determinise(self.seat, stream)
