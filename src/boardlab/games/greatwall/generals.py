"""General abilities: an ability names a trigger; when it fires its effects become tasks."""
from __future__ import annotations

from . import tasks as T
from .data_tables import GENERALS
from .effects import effect_tasks
from .state import GWState


def trigger(state: GWState, seat: int, event: str) -> None:
    """Fire the seat's General ability if it listens to `event` (the ability's rule: its card).
    Modules hear every trigger first (extension point "trigger", e.g. the Emperor's Award, GK-56)."""
    if seat < 0:
        return
    for answer in T.extensions(state, "trigger"):
        answer(state, seat, event)
    if state.general[seat] is None:
        return
    ability = GENERALS[state.general[seat]].ability
    if ability.on == event:
        state.log(("GWA-GENERAL-01",), "ev.general_ability", seat=seat, general=state.general[seat])
        T.push(state, *effect_tasks(seat, ability.effects, (f"general:{state.general[seat]}",)))
