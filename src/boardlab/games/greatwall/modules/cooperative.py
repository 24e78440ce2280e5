"""The cooperative mode (ruling D4, AC-03): all players win or lose together. The goal is to
survive to the end of the game under the scenario's loss conditions; a loss ends the game at
once (D3). No Emperor's Requests (AC-DIA-04, AC-RED-05); base card pools are used (D4)."""
from __future__ import annotations

from ....core.module import Module


def mark(state) -> None:
    state.ext["cooperative"] = True


def result(state, base_final) -> str:
    """Scores are kept as usual; the result is shared: everyone wins unless a loss condition struck."""
    nxt = base_final(state)
    lost = bool(state.flags.get("lost"))
    state.flags["winners"] = () if lost else tuple(range(state.players))
    state.log(("AC-03", "D4") + tuple(state.flags.get("lost", ())), "ev.coop.lost" if lost else "ev.coop.won")
    return nxt


def module() -> tuple[Module, dict]:
    m = Module("cooperative")
    m.hook("game.setup", "before", mark)
    m.hook("game.final", "instead", result)
    return m, {}
