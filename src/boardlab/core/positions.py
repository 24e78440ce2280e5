"""Building positions by hand, for rule tests and analysis: the documented way to change a game's
state outside `Game.apply`.

    with positions.edit(game) as state:      # change fields of the state in place
        state.score = [10, 3]
    positions.run_from(game, "turn.score")   # drop the pending decision, run the flow from a step

Both keep the game object consistent (its cached legal actions are recomputed). A position built
this way is not reachable by replaying the game's log: save it only as a snapshot, never as a
replay.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from .game import Game


@contextmanager
def edit(game: Game) -> Iterator[Any]:
    """The game's state, to change in place; the game notices the change when the block ends."""
    try:
        yield game.state
    finally:
        game.forget_legal()


def run_from(game: Game, step: str) -> int:
    """Forget the pending decision and run the flow from the named step to the next decision;
    returns the index of the first event this produced. The task stack and the flow's return
    stack are kept (clear them first with `edit` if the position needs it)."""
    state = game.state
    since = len(state.events)
    state.pending = None
    state.at = (step, 0, None)
    game.rules.flow_of(state).run(state)
    game.forget_legal()
    return since


def switch_on(game: Game, name: str) -> None:
    """Switch a module on in the middle of a game, as a draft would."""
    game.rules.program.switch_on(game.state, name)
    game.forget_legal()
