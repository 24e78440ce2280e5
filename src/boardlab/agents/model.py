"""What a bot may use to look ahead: full games sampled to agree with its seat's view."""
from __future__ import annotations

from ..core import rng


class Model:
    """Samples determinisations of a game for one seat (information-set search).

    Each sample is a clone whose hidden information is redrawn by the game's
    `resample_hidden` (from canonical pools, so the true hidden values cannot leak through
    their order), whose random stream is reseeded (so future chance events are unknown too)
    and whose event log is emptied (it holds other seats' private events).
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game, seat: int):
        self._game = game
        self.seat = seat

    @property
    def rules(self):
        return self._game.rules

    def sample(self, stream) -> "object":
        g = self._game.clone()
        g.rules.resample_hidden(g.state, self.seat, stream)
        g.state.rng = rng.seed_state(stream.below(1 << 62))
        g.state.events = []
        g._legal = None
        return g
