"""The cooperative mode (ruling D4, AC-03): all players win or lose together. The goal is to
survive to the end of the game under the scenario's loss conditions; a loss ends the game at
once (D3). No Emperor's Requests (AC-DIA-04, AC-RED-05); base card pools are used (D4).

Hooks: instead of `game.result` (the shared result, after the base game's final scoring). Extension points: "rewards" (a shared win is a
whole win for every seat) and "evaluate" (bots value the team's worth). No state of its own.
"""
from __future__ import annotations

from ....core.flow import GAME_OVER
from ....core.module import Module
from ..data_tables import BOARD

MODULE = Module("cooperative", messages="common.yaml")


def result(state, base_result) -> str:
    """Scores are kept as usual; the result is shared, and announced once: everyone wins unless a loss
    condition struck (no single winner is named)."""
    lost = bool(state.flags.get("lost"))
    state.flags["winners"] = () if lost else tuple(range(state.players))
    state.log(("AC-03", "D4") + tuple(state.flags.get("lost", ())), "ev.coop.lost" if lost else "ev.coop.won")
    state.over = True
    return GAME_OVER


def rewards(state) -> list[float]:
    """D4: a cooperative game is won or lost by all together, a whole win for each."""
    return [1.0 if state.flags.get("winners") else 0.0] * state.players


def evaluate(state, seat: int, values: list[float] | None = None) -> float:
    """The team's mean worth (every seat shares it); `values`: the seats' worths to use (the planner's)."""
    if values is None:
        from .. import RULESET  # the game's position value (this module is loaded after the game package)
        values = RULESET.potential(state)
    mean = sum(values) / len(values)
    return min(1.0, max(0.0, 0.5 + (mean - BOARD.starting_honor) / (4 * max(10.0, abs(mean)))))


MODULE.hook("game.result", "instead", result)
MODULE.answer("rewards", rewards)
MODULE.answer("evaluate", evaluate)
