"""The Rat (RAT-*): a Rat model on a Location pays Gold there and moves by the revealed Rat card.

Timing through the phase mapping (greatwall-conflicts.md §2, rulings D21): set up before the
first year (RAT-06..08); a new Rat card at the start of Winter from year 2 on (RAT-13: Summer's
"retrieve Command cards"); the move at the end of Winter (RAT-12/14: Autumn's "check defeated
Hordes").

State: a `RatState` in `state.mods["rat"]` from its setup on (the Rat's Location, the Rat deck, the
cards shown, the seat who must move it). View: `view["rat"]` (Location and cards shown) and the deck
in `view["decks"]["rat"]` (hidden with the other decks). Ids: `rat:LOC`.
"""
from __future__ import annotations

from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.module import Module
from ....core.state import Data
from .. import actions as A
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import LOC_ORDER, RAT_CARDS
from ..effects import measure
from ..records import EffectOp
from ..view import describer

MODULE = Module("rat")


@register
class RatState(Data):
    __slots__ = ("location", "deck", "shown", "mover")

    def __init__(self, deck: tuple[str, ...], shown: tuple[str, ...]):
        self.location: str | None = None  # where the Rat sits (None: not placed yet)
        self.deck = deck                  # Rat cards face down, the next first
        self.shown = shown                # revealed, the current one last
        self.mover = -1                   # who must move the Rat (RAT-12)


def rat(state) -> RatState:
    return state.mods["rat"]


def place_id(loc: str) -> str:
    return f"rat:{loc}"


FORMS: A.Forms = {"rat": ("location",)}  # the module's ids by kind (actions.py)


def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary(place_id(loc) for loc in LOC_ORDER)]


@MODULE.step("rat.setup")
def step_setup(state) -> str | None:
    """RAT-06/07: the Rat deck, 1 card revealed; RAT-08: the top of the Tea track places the Rat."""
    if "rat" in state.mods:
        return RETURN
    deck = state.shuffle(sorted(RAT_CARDS))
    state.mods["rat"] = RatState(tuple(deck[1:]), (deck[0],))
    state.log(("RAT-03", "RAT-06", "RAT-07"), "ev.rat.card", card=deck[0])
    T.ask(state, M.tea_order(state)[0], "rat_place")
    return None


def legal_place(state) -> list[str]:
    here = rat(state).location
    return [place_id(loc) for loc in M.locations(state) if loc != here]


@MODULE.decision("rat_place", legal_place)
def apply_place(state, action_id: str) -> str:
    loc = A.arg(action_id, forms=FORMS)
    r = rat(state)
    first = r.location is None
    r.location = loc
    rules = ("RAT-08", "RAT-09") if first else ("RAT-11", "RAT-12", "RAT-14")
    state.log(rules, "ev.rat.place", seat=state.pending[0], location=loc)
    return RETURN


def reveal(state) -> None:
    """RAT-13 (D21: the start of Winter, from the second year): a new Rat card on top."""
    if state.year < 2:
        return None
    r = rat(state)
    deck, shown = list(r.deck), r.shown
    if not deck:
        deck = state.shuffle(sorted(shown[:-1]))
        shown = shown[-1:]
    card = deck.pop(0)
    r.deck, r.shown = tuple(deck), shown + (card,)
    state.log(("RAT-13",), "ev.rat.card", card=card)
    return None


def move_check(state) -> str | None:
    """RAT-12/14: whoever meets the card's condition (ties: Tea track) must move the Rat."""
    card = RAT_CARDS[rat(state).shown[-1]]
    name = card.most or card.least
    values = {s: measure(state, s, name) for s in range(state.players)}
    best = (max if card.most else min)(values.values())
    mover = next(s for s in M.tea_order(state) if values[s] == best)
    state.log(("RAT-11", "RAT-12"), "ev.rat.mover", seat=mover, card=card.id)
    rat(state).mover = mover
    return "rat.move"


@MODULE.step("rat.move")
def step_move(state) -> None:
    r = rat(state)
    mover, r.mover = r.mover, -1
    T.ask(state, mover, "rat_place")
    return None


def gold_on_activation(state, loc: str, players: list[int]) -> list:
    """RAT-10: each player with Clerks where the Rat sits gains 1 Gold."""
    if rat(state).location != loc:
        return []
    return [EffectOp(seat, "gain", {"gold": 1}, ("RAT-10",)) for seat in players]


# ---- what the players see ---------------------------------------------------------------------------------

def view(state, full: dict) -> None:
    r = state.mods.get("rat")
    if r is None:  # not set up yet (the first year's start)
        return
    full["rat"] = {"location": r.location, "cards": list(r.shown)}
    full["decks"]["rat"] = list(r.deck)


def resample(state, seat, stream) -> None:
    """The order of the Rat deck is hidden from everyone."""
    r = state.mods.get("rat")
    if r is not None:
        r.deck = tuple(stream.shuffle(sorted(r.deck)))


def lines(view: dict, lang: str, cat) -> list[str]:
    if "rat" not in view:
        return []
    from ..view import CARDS, name_of
    r = view["rat"]
    card = r["cards"][-1]
    return [cat.text("txt.rat", lang, location=name_of(r["location"], lang, cat) if r["location"] else "-",
                     card=f"{name_of(card, lang, cat)}: {CARDS[card].text.get(lang)}")]


HEADLINE = {"en": "The Rat is at {location}", "zh-Hant": "老鼠在{location}", "zh-Hans": "老鼠在{location}"}


def picture(ctx, y: float):
    """The headline names the Rat's Location."""
    if not ctx.view.get("rat"):
        return None
    from ..render import Picture
    words = HEADLINE.get(ctx.lang, HEADLINE["en"]).format(location=ctx.name(ctx.view["rat"]["location"]))
    return Picture(headline=(words,))


MODULE.hook("year.start", "before", lambda state: "rat.setup" if "rat" not in state.mods else None)
MODULE.hook("winter.start", "after", reveal)
MODULE.hook("spring.start", "before", move_check)
MODULE.answer("activation", gold_on_activation)
MODULE.view = view
MODULE.describe = describer(FORMS)
MODULE.resample = resample
MODULE.lines = lines
MODULE.picture = picture
MODULE.actions = actions
