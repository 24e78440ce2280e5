"""Pairs: a tiny card game that exercises the whole core contract (and shows how a game is added).

Six cards c1..c6 worth 1..6. Each seat is dealt two; the rest is a face-down deck. On a turn the
active seat plays a card face up (its value scores, through the extension point `points`), shows a
card to another seat (that seat now knows it: per-item knowledge) or gives a card to the next seat
(both know where it went). After a card is played the active seat draws when the deck has cards:
a task, and a task decision when the drawer may refuse (`draw:yes` / `draw:no`). The game ends
after `rounds` rounds or when hands and deck are empty; the highest score wins.

Option `draft`: before the first turn, seat 0 decides whether the module `bonus` is switched on
(`Program.switch_on` during play). Option `expansions=["bonus"]` switches it on at setup. Option
`colours`: one colour per seat (a per-seat option for the lobby).
"""
from __future__ import annotations

from typing import Literal, NamedTuple

from boardlab.core.actions import Segment, Vocabulary
from boardlab.core.codec import register
from boardlab.core.errors import ConfigError
from boardlab.core.flow import GAME_OVER
from boardlab.core.i18n import Catalogue, core_catalogue
from boardlab.core.module import ModuleRegistry, Part, Program
from boardlab.core.options import Options, option
from boardlab.core.registry import GameInfo
from boardlab.core.ruleset import Ruleset
from boardlab.core.state import BaseState
from boardlab.core.tasks import ask_or_done, done, record, run_then, top
from boardlab.core.visibility import NOBODY, OWNER, Zone, redeal

CARDS = ("c1", "c2", "c3", "c4", "c5", "c6")
VALUE = {c: i + 1 for i, c in enumerate(CARDS)}
BASE = Part()
REGISTRY = ModuleRegistry(f"{__name__}.modules", ("bonus",))
PROGRAM = Program(BASE, REGISTRY, points={"points": "fn(state, seat, card, points) -> points"})


@register
class PairsState(BaseState):
    __slots__ = ("hands", "deck", "table", "score", "active", "turns")

    def clone(self) -> "PairsState":
        new = super().clone()
        new.hands, new.deck, new.table = [list(h) for h in self.hands], list(self.deck), list(self.table)
        new.score, new.active, new.turns = list(self.score), self.active, self.turns
        return new


@record
class Draw(NamedTuple):
    seat: int


# ---- flow ---------------------------------------------------------------------------------------------

@BASE.step("game.setup")
def setup(state: PairsState) -> str:
    deck = state.shuffle(list(CARDS))
    state.hands = [[deck.pop(), deck.pop()] for _ in range(state.players)]
    state.deck, state.table, state.score, state.active, state.turns = deck, [], [0] * state.players, 0, 0
    state.log(("PAIRS-1",), "ev.deal")
    return "draft" if state.options.get("draft") else "turn"


@BASE.step("draft")
def draft(state: PairsState) -> None:
    state.pending = (0, "draft")


@BASE.decision("draft", lambda state: ["draft:bonus", "draft:none"])
def apply_draft(state: PairsState, action_id: str) -> str:
    if action_id == "draft:bonus":
        PROGRAM.switch_on(state, "bonus")
        state.log(("PAIRS-7",), "ev.draft")
    return "turn"


@BASE.step("turn")
def turn(state: PairsState) -> str | None:
    if state.turns >= state.options.get("rounds", 2) * state.players or not any(state.hands):
        return "game.end"
    state.pending = (state.active, "turn")
    return None


def legal_turn(state: PairsState) -> list[str]:
    seat, hand = state.active, state.hands[state.active]
    others = [s for s in range(state.players) if s != seat]
    return ([f"play:{c}" for c in hand] + [f"show:{c}:{o}" for c in hand for o in others]
            + [f"give:{c}" for c in hand] + ["pass"])


@BASE.decision("turn", legal_turn)
def apply_turn(state: PairsState, action_id: str) -> str:
    seat = state.active
    head, _, rest = action_id.partition(":")
    if head == "play":
        return play(state, seat, rest)
    if head == "show":
        card, other = rest.split(":")
        state.reveal(card, (seat, int(other)))
        state.log(("PAIRS-3",), "ev.show", seat=seat, other=int(other))
    elif head == "give":
        receiver = (seat + 1) % state.players
        state.hands[seat].remove(rest)
        state.hands[receiver].append(rest)
        state.reveal(rest, (seat, receiver))
        state.log(("PAIRS-4",), "ev.give", seat=seat, other=receiver)
    return "turn.end"


def play(state: PairsState, seat: int, card: str) -> str:
    state.hands[seat].remove(card)
    state.table.append(card)
    state.conceal(card)  # face up now: nothing left to know
    points = VALUE[card]
    for fn in PROGRAM.extensions(state, "points"):
        points = fn(state, seat, card, points)
    state.score[seat] += points
    state.log(("PAIRS-2",), "ev.play", seat=seat, card=card, points=points)
    return run_then(state, [Draw(seat)] if state.deck else [], "turn.end")


@BASE.handler(Draw)
def run_draw(state: PairsState, task: Draw) -> None:
    ask_or_done(state, task.seat, "draw", len(state.hands[task.seat]) < 3)


@BASE.task_decision("draw", lambda state: ["draw:yes", "draw:no"])
def apply_draw(state: PairsState, action_id: str) -> None:
    seat = top(state).seat
    done(state)
    if action_id == "draw:yes":
        state.hands[seat].append(state.deck.pop())
        state.log(("PAIRS-5",), "ev.draw", seat=seat)


@BASE.step("turn.end")
def turn_end(state: PairsState) -> str:
    state.turns += 1
    state.active = (state.active + 1) % state.players
    return "turn"


@BASE.step("game.end")
def game_end(state: PairsState) -> str:
    state.over = True
    state.log(("PAIRS-6",), "ev.end")
    return GAME_OVER


# ---- the game -----------------------------------------------------------------------------------------

class PairsOptions(Options):
    rounds: int = option(2, ge=1, le=5)
    expansions: list[Literal["bonus"]] = option([])
    draft: bool = option(False)
    colours: list[Literal["red", "blue", "green"]] | None = option(None, per_seat=True)

    def check(self, players: int) -> None:
        if self.draft and self.expansions:
            raise ConfigError("err.draft", RULESET.catalogue)


class Pairs(Ruleset):
    name = "pairs"
    min_players, max_players = 2, 3
    zones = (Zone("hands.*", OWNER, items=True, describe="cards in hand"),
             Zone("deck", NOBODY, describe="the face-down deck"))
    options = PairsOptions
    program = PROGRAM
    state_class = PairsState

    def __init__(self) -> None:
        self.catalogue = Catalogue(MESSAGES, core_catalogue())

    def main_option_sets(self) -> list[tuple[int, dict]]:
        return [(2, {}), (3, {"rounds": 3}), (2, {"expansions": ["bonus"]}), (3, {"draft": True})]

    def modules_for(self, players: int, options: dict) -> tuple[str, ...]:
        return tuple(options.get("expansions", ()))

    def possible_modules(self, players: int, options: dict) -> tuple[str, ...]:
        return ("bonus",) if options.get("draft") else self.modules_for(players, options)

    def base_actions(self, players: int, options: dict) -> list[Segment]:
        seats = range(players)
        return [Vocabulary([f"play:{c}" for c in CARDS] + [f"show:{c}:{o}" for c in CARDS for o in seats]
                           + [f"give:{c}" for c in CARDS] + ["pass", "draw:yes", "draw:no", "draft:bonus",
                                                               "draft:none"])]

    def describe(self, state: PairsState, action_id: str, lang: str) -> str:
        return action_id

    def scores(self, state: PairsState) -> list[int]:
        return list(state.score)

    def base_view(self, state: PairsState) -> dict:
        return {"hands": {str(s): list(h) for s, h in enumerate(state.hands)}, "deck": list(state.deck),
                "table": list(state.table), "active": state.active}

    def resample_base(self, state: PairsState, seat: int | None, stream) -> None:
        """Cards the seat cannot see (other hands, the deck) are dealt again; cards it knows stay."""
        known = state.known_to(seat)
        places = [h for s, h in enumerate(state.hands) if s != seat] + [state.deck]
        redeal(places, lambda card: card in known, stream.shuffle)


MESSAGES = {key: {"en": text, "zh-Hant": text, "zh-Hans": text} for key, text in {
    "game.title": "Pairs", "ev.deal": "Two cards each", "ev.draft": "The bonus module is on",
    "ev.play": "Seat {seat} plays {card} for {points}", "ev.show": "Seat {seat} shows a card to seat {other}",
    "ev.give": "Seat {seat} gives a card to seat {other}", "ev.draw": "Seat {seat} draws",
    "ev.end": "The game ends", "ev.bonus": "Seat {seat} scores a bonus",
    "err.draft": "the draft chooses the expansions: give draft or expansions, not both",
    "option.rounds": "Rounds", "option.rounds.help": "rounds of turns", "option.expansions": "Expansions",
    "option.draft": "Draft", "option.colours": "Colours", "decision.turn": "Your turn",
}.items()}
# two option names in Chinese: the lobby's browser test switches language and finds them
MESSAGES["option.rounds"].update({"zh-Hant": "回合數", "zh-Hans": "回合数"})
MESSAGES["option.colours"].update({"zh-Hant": "顏色", "zh-Hans": "颜色"})

RULESET = Pairs()
GAME = GameInfo(ruleset=RULESET, seat_colours=("#aa0000", "#0000aa", "#00aa00"))
