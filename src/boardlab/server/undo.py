"""Taking back a seat's last action, decided generically from the engine's public API.

An undo rewinds through the log: the game is rebuilt from its config, seed and the log
without that action (and the same seat's actions after it). It is refused when going back
would let someone use what they learned since:

1. another seat acted after the action (its decision would be taken back too);
2. an event after the action was private (`to` is not None), or a seat came to know a hidden
   item (`state.known` changed: a card shown or given): someone saw hidden information;
3. the random stream (`state.rng`) moved: a random draw happened after the action;
4. hidden information was revealed (e.g. the next tile of a face-down deck). What the seat
   could not see before its action is redrawn several times with the game's own
   `resample_hidden` and the same actions replayed: the seat's view and the spectator's must
   come out the same as the real ones (and the actions must stay legal), else the seat or
   everyone saw something that was hidden from the seat. Likewise, for each other seat, what
   that seat could not see is redrawn: its view must come out the same (redraws under which
   the actions are not legal tell nothing and are skipped).
   This is a sampling test: a reveal that every redraw reproduces goes unnoticed only when
   the hidden part offered (almost) no alternative. What only the asking seat knew (its own
   hand, say) is its own to give away: others seeing it may not block its undo (and the
   other human seats must agree to the undo anyway).
"""
from __future__ import annotations

from ..core.errors import BoardlabError, IllegalAction
from ..core.game import Game, new_game
from ..core.rng import Stream

SAMPLES = 8


class UndoRefused(Exception):
    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key = key
        self.params = params


def last_action_of(game: Game, seat: int) -> int | None:
    """Index in the log of `seat`'s last action (None: it has not acted)."""
    for i in range(len(game.log) - 1, -1, -1):
        if game.log[i][0] == seat:
            return i
    return None


def rebuild(game: Game, length: int) -> Game:
    """The game after its first `length` actions, from config + seed + the shorter log."""
    fresh = new_game(game.rules.name, game.players, game.seed, game.options)
    for _seat, action in game.log[:length]:
        fresh.apply(action)
    return fresh


def plan(game: Game, seat: int) -> Game:
    """The game as it was before `seat`'s last action, or UndoRefused saying why not."""
    k = last_action_of(game, seat)
    if k is None:
        raise UndoRefused("server.err.undo_nothing", seat=seat)
    later = game.log[k:]
    if any(s != seat for s, _ in later):  # cannot happen for the last action; kept for safety
        raise UndoRefused("server.err.undo_other_player")
    before = rebuild(game, k)
    new_events = game.state.events[len(before.state.events):]
    if any(e.to is not None for e in new_events) or before.state.known != game.state.known:
        raise UndoRefused("server.err.undo_private")
    if before.state.rng != game.state.rng:
        raise UndoRefused("server.err.undo_random")
    if _revealed(before, game, later, seat):
        raise UndoRefused("server.err.undo_hidden")
    return before


def _revealed(before: Game, now: Game, later: list[tuple[int, str]], seat: int) -> bool:
    # what the seat itself could not see: redrawn, it must change neither the seat's view
    # nor the public one (and the actions must stay legal)
    watched = (seat, None)
    seen = {v: now.view(v) for v in watched}
    for n in range(SAMPLES):
        twin = _redrawn(before, seat, n)
        if not _replayed(twin, later):
            return True  # the actions were legal only thanks to something hidden from the seat
        if any(twin.view(v) != seen[v] for v in watched):
            return True
    # what each other seat could not see: redrawn, it must not change that seat's view
    # (redraws under which the actions are not legal tell nothing and are skipped)
    for other in range(before.players):
        if other == seat:
            continue
        mine = now.view(other)
        for n in range(SAMPLES):
            twin = _redrawn(before, other, n)
            if _replayed(twin, later) and twin.view(other) != mine:
                return True
    return False


def _redrawn(game: Game, seat: int, n: int) -> Game:
    return game.redrawn(seat, Stream(0x5EED + 7919 * n + 104729 * len(game.log)))


def _replayed(game: Game, actions: list[tuple[int, str]]) -> bool:
    try:
        for _seat, action in actions:
            game.apply(action)
    except (IllegalAction, BoardlabError):
        return False
    return True
