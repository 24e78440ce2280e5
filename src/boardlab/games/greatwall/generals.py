"""General abilities: an ability names a trigger; when it fires its effects become tasks."""
from __future__ import annotations

from . import tasks as T
from .data_tables import GENERALS
from .effects import effect_tasks


# Module functions `fn(state, seat, event)` told of every trigger (e.g. the Emperor's Award, GK-56).
LISTENERS: list = []


def trigger(state, seat: int, event: str) -> None:
    """Fire the seat's General ability if it listens to `event` (the ability's rule: its card)."""
    if seat < 0:
        return
    for listener in LISTENERS:
        listener(state, seat, event)
    if state.general[seat] is None:
        return
    ability = GENERALS[state.general[seat]].ability
    if ability.on == event:
        state.log(("GWA-GENERAL-01",), "ev.general_ability", seat=seat, general=state.general[seat])
        T.push(state, *effect_tasks(seat, ability.effects, (f"general:{state.general[seat]}",)))
