"""The Rat (RAT-*): a Rat model on a Location pays Gold there and moves by the revealed Rat card.

Timing through the phase mapping (greatwall-conflicts.md §2, rulings D21): set up before the
first year (RAT-06..08); a new Rat card at the start of Winter from year 2 on (RAT-13: Summer's
"retrieve Command cards"); the move at the end of Winter (RAT-12/14: Autumn's "check defeated
Hordes")."""
from __future__ import annotations

from ....core.flow import RETURN, Decision
from ....core.module import Module
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import RAT_CARDS
from ..effects import measure


def rat(state) -> dict:
    return dict(state.ext["rat"])


def _set(state, **changes) -> None:
    state.ext["rat"] = tuple(sorted({**rat(state), **changes}.items()))


def step_setup(state) -> str | None:
    """RAT-06/07: the Rat deck, 1 card revealed; RAT-08: the top of the Tea track places the Rat."""
    if "rat" in state.ext:
        return RETURN
    deck = state.shuffle(sorted(RAT_CARDS))
    state.ext["rat"] = tuple(sorted({"location": None, "deck": tuple(deck[1:]), "shown": (deck[0],)}.items()))
    state.log(("RAT-03", "RAT-06", "RAT-07"), "ev.rat.card", card=deck[0])
    T.ask(state, M.tea_order(state)[0], "rat_place")
    return None


def legal_place(state) -> list[str]:
    here = rat(state)["location"]
    return [f"rat:{loc}" for loc in M.locations(state) if loc != here]


def apply_place(state, action_id: str) -> str:
    loc = action_id.split(":")[1]
    first = rat(state)["location"] is None
    _set(state, location=loc)
    rules = ("RAT-08", "RAT-09") if first else ("RAT-11", "RAT-12", "RAT-14")
    state.log(rules, "ev.rat.place", seat=state.pending[0], location=loc)
    return RETURN


def reveal(state) -> None:
    """RAT-13 (D21: the start of Winter, from the second year): a new Rat card on top."""
    if state.year < 2:
        return None
    r = rat(state)
    deck, shown = list(r["deck"]), r["shown"]
    if not deck:
        deck = state.shuffle(sorted(shown[:-1]))
        shown = shown[-1:]
    card = deck.pop(0)
    _set(state, deck=tuple(deck), shown=shown + (card,))
    state.log(("RAT-13",), "ev.rat.card", card=card)
    return None


def move_check(state) -> str | None:
    """RAT-12/14: whoever meets the card's condition (ties: Tea track) must move the Rat."""
    card = RAT_CARDS[rat(state)["shown"][-1]]
    name = card.most or card.least
    values = {s: measure(state, s, name) for s in range(state.players)}
    best = (max if card.most else min)(values.values())
    mover = next(s for s in M.tea_order(state) if values[s] == best)
    state.log(("RAT-11", "RAT-12"), "ev.rat.mover", seat=mover, card=card.id)
    state.flags["rat_mover"] = mover
    return "rat.move"


def step_move(state) -> None:
    T.ask(state, state.flags.pop("rat_mover"), "rat_place")
    return None


def gold_on_activation(state, loc: str, players: list[int]) -> list[tuple]:
    """RAT-10: each player with Clerks where the Rat sits gains 1 Gold."""
    if rat(state)["location"] != loc:
        return []
    return [("fx", seat, "gain", {"gold": 1}, ("RAT-10",)) for seat in players]


def module() -> tuple[Module, dict]:
    m = Module("rat")
    m.steps.update({"rat.setup": step_setup, "rat.move": step_move})
    m.decisions["rat_place"] = Decision(legal_place, apply_place)
    m.hook("year.start", "before", lambda state: "rat.setup" if "rat" not in state.ext else None)
    m.hook("winter.start", "after", reveal)
    m.hook("spring.start", "before", move_check)
    return m, {"activation": (gold_on_activation,)}
