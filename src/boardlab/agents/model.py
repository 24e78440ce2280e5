"""What a bot may use to look ahead: full games sampled to agree with its seat's view."""
from __future__ import annotations


class Model:
    """Samples determinisations of a game for one seat (information-set search).

    Each sample is `Game.determinise(seat, stream)`: a clone whose hidden information is
    redrawn by the game's `resample_hidden` (from canonical pools, so the true hidden values
    cannot leak through their order; items the seat knows stay where they are), whose random
    stream is reseeded (so future chance events are unknown too) and whose event log is emptied
    (it holds other seats' private events).
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game, seat: int):
        self._game = game
        self.seat = seat

    @property
    def rules(self):
        return self._game.rules

    def sample(self, stream) -> "object":
        return self._game.determinise(self.seat, stream)
