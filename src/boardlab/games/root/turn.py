"""Setup (LR-05-01) and the turn (LR-01-04-01): Birdsong, Daylight, Evening for the seat taking its
turn, each phase's start and end effects around the faction's own steps, and the actions any seat may
take anywhere in a phase (phase options: dominance, crafted cards such as Tax Collector).

A faction's four steps are `<key>.setup`, `<key>.birdsong`, `<key>.daylight`, `<key>.evening`: the base
flow calls each (`flow.call`) and goes on when it returns.
"""
from __future__ import annotations

from ...core import tasks as T
from ...core.flow import GAME_OVER, call
from . import actions as A
from . import advanced as ADV
from . import battle as BT
from . import board as B
from . import cards as K
from . import move as MV
from . import scoring as S
from .content import CARDS, DECKS, FACTIONS, ITEM_SUPPLY, MAPS, SUITS
from .program import BASE, answered_tasks, extensions, faction
from .records import BurrowBank, ChooseCoalition, PhaseOption, RemovePieces, TakeDominance, TaxCollector
from .state import RUIN, RootState

START_HAND = 3  # LR-05-01-03


# ---- setup (LR-05-01) -------------------------------------------------------------------------------------

@BASE.step("game.setup")
def setup(state: RootState) -> str:
    """The Standard Setup (LR-05-01); the Advanced Setup (option `setup`, advanced.py) shares the map, the
    ruins and the item supply (LR-AA-01) and goes on with its own steps."""
    opts = state.options
    board = MAPS[opts.get("map", "autumn")]
    n = board.n
    state.map = board.name
    state.suits = _suits(state, board.printed_suits)
    state.buildings = [(RUIN,) if c in board.ruins else () for c in range(n)]  # LR-05-01-04
    state.tokens = [()] * n
    state.items = dict(ITEM_SUPPLY)  # LR-05-01-05
    state.hands = [[] for _ in range(state.players)]
    state.play_area = [()] * state.players
    state.crafted = [()] * state.players
    state.exhausted = [()] * state.players
    state.score = [0] * state.players  # LR-05-01-02
    state.dominance = [None] * state.players
    if ADV.is_advanced(opts):
        return ADV.begin(state, n)
    state.faction = tuple(opts["factions"])
    state.first = state.roll(state.players)  # LR-05-01-01: the starting player at random
    state.active = state.first
    state.order = tuple((state.first + k) % state.players for k in range(state.players))  # clockwise (LR-01-04-01)
    state.warriors = {f: [0] * n for f in state.faction}
    state.supply = {f: FACTIONS[f].warriors for f in state.faction}
    cards = [c.id for c in DECKS[opts.get("deck", "standard")]]
    if state.players == 2:  # LR-05-01-03
        cards = [c for c in cards if CARDS[c].kind != "dominance"]
    state.deck = state.shuffle(cards)
    state.log(("LR-05-01-01", "LR-05-01-02", "LR-05-01-03", "LR-05-01-04", "LR-05-01-05"), "ev.setup",
              map=state.map, first=state.first, factions=list(state.faction))
    for seat in range(state.players):
        K.draw(state, seat, START_HAND, ("LR-05-01-03",))
    state.used = {"setup": 0}
    return "setup.faction"


def _suits(state: RootState, printed: tuple[str, ...]) -> tuple[str, ...]:
    """Printed suits (Autumn), or on a variant map (Winter, Lake, Mountain: no printed suits, RTA-MAP-01)
    the 12 suit markers, 4 of each suit, shuffled face down and placed one on each clearing (LR-AA-01)."""
    if all(s != "random" for s in printed):
        return printed
    suits = tuple(state.shuffle([s for s in SUITS for _ in range(len(printed) // 3)]))
    state.log(("LR-AA-01", "RTA-MAP-01"), "ev.suit_markers", suits=list(suits))
    return suits


def setup_order(state: RootState) -> list[int]:
    """LR-05-01-07: seats in the setup order of their factions (A, B, C, ...)."""
    return sorted(range(state.players), key=lambda s: FACTIONS[state.faction[s]].order)


@BASE.step("setup.faction")
def setup_faction(state: RootState) -> str:
    order = setup_order(state)
    k = state.used["setup"]
    if k == len(order):
        state.used = {}
        state.active = state.first  # the starting player takes the first turn (LR-05-01-01)
        return "advanced.markers" if ADV.is_advanced(state.options) else "setup.hirelings"  # LR-AA-08: Steps 9-10
    state.used = {"setup": k + 1}
    state.active = order[k]
    return call(state, f"{state.faction[order[k]]}.setup", "setup.faction")


@BASE.step("setup.hirelings")
def setup_hirelings(state: RootState) -> str:
    """With the option `hirelings`, the standard setup deals and sets up the hirelings once every faction
    is set up (RTA-HIRE-01), through the extension point `setup_hirelings` (an Advanced Setup asks it at its
    own step 4 instead)."""
    chosen = state.options.get("hirelings") or "off"
    tasks = [] if chosen == "off" else [t for fn in extensions(state, "setup_hirelings") for t in fn(state, chosen) or []]
    return T.run_then(state, tasks, "setup.end")


@BASE.step("setup.end")
def setup_end(state: RootState) -> str:
    state.active = state.first  # the starting player takes the first turn (LR-05-01-01)
    return "turn.start"


# ---- the turn (LR-01-04-01) ---------------------------------------------------------------------------------

@BASE.step("turn.start")
def turn_start(state: RootState) -> str:
    state.used = {}
    state.turn += 1
    limit = state.options.get("turn_limit")
    if limit and state.turn > limit * state.players:
        return "game.limit"
    state.phase = "birdsong"
    state.log(("LR-01-04-01",), "ev.turn", seat=state.active, faction=state.faction[state.active], turn=state.turn)
    state.log(("LR-01-04-01",), "ev.phase", seat=state.active, phase="birdsong")
    return "birdsong.start"


@BASE.step("birdsong.start")
def birdsong_start(state: RootState) -> str:
    """At the start of Birdsong: a dominance win (LR-03-03-01-01/02), then start-of-Birdsong effects."""
    seat = state.active
    if S.dominance_win(state, seat):
        S.win(state, (seat,), ("LR-03-03-01-01", "LR-03-03-01-02"))
        return S.GAME_WON
    tasks = _start_effects(state, seat, "birdsong_start")
    return T.run_then(state, tasks, "birdsong.window")


@BASE.step("birdsong.window")
def birdsong_window(state: RootState) -> str:
    """The seat may use what it may do anywhere in Birdsong (Royal Claim, Stand and Deliver!)."""
    return T.run_then(state, [PhaseOption(state.active, "")], "birdsong.faction")


@BASE.step("birdsong.faction")
def birdsong_faction(state: RootState) -> str:
    return call(state, f"{state.faction[state.active]}.birdsong", "birdsong.end")


@BASE.step("birdsong.end")
def birdsong_end(state: RootState) -> str:
    """At the end of Birdsong: after everything else in it, before Daylight (LR-01-04-01)."""
    tasks = answered_tasks(state, "birdsong_end", state.active)
    return T.run_then(state, tasks, "daylight.start")


@BASE.step("daylight.start")
def daylight_start(state: RootState) -> str:
    state.phase = "daylight"
    state.log(("LR-01-04-01",), "ev.phase", seat=state.active, phase="daylight")
    return T.run_then(state, _start_effects(state, state.active, "daylight_start"), "daylight.faction")


@BASE.step("daylight.faction")
def daylight_faction(state: RootState) -> str:
    return call(state, f"{state.faction[state.active]}.daylight", "evening.start")


@BASE.step("evening.start")
def evening_start(state: RootState) -> str:
    state.phase = "evening"
    state.log(("LR-01-04-01",), "ev.phase", seat=state.active, phase="evening")
    return T.run_then(state, _start_effects(state, state.active, "evening_start"), "evening.faction")


@BASE.step("evening.faction")
def evening_faction(state: RootState) -> str:
    return call(state, f"{state.faction[state.active]}.evening", "evening.end")


@BASE.step("evening.end")
def evening_end(state: RootState) -> str:
    tasks = answered_tasks(state, "evening_end", state.active)
    return T.run_then(state, tasks, "turn.end")


@BASE.step("turn.end")
def turn_end(state: RootState) -> str:
    state.active = next_seat(state, state.active)  # LR-01-04-01: clockwise, in the seating order
    return "turn.start"


def next_seat(state: RootState, seat: int) -> int:
    """The seat after `seat` in turn order (`state.order`: the seating, clockwise from the first player)."""
    order = state.order
    return order[(order.index(seat) + 1) % len(order)]


@BASE.step("game.won")
def game_won(state: RootState) -> str:
    return GAME_OVER


@BASE.step("game.limit")
def game_limit(state: RootState) -> str:
    """The simulation lab's turn limit (option `turn_limit`, RTA-TURN-LIMIT): a draw."""
    state.over = True
    state.winners = ()
    state.log(("RTA-TURN-LIMIT",), "ev.turn_limit", rounds=state.options.get("turn_limit"))
    return GAME_OVER


def _start_effects(state: RootState, seat: int, point: str) -> list:
    tasks = list(_card_starts(state, seat, point))
    for fn in extensions(state, point):
        tasks += fn(state, seat) or []
    return tasks


def _card_starts(state: RootState, seat: int, point: str) -> list:
    """Crafted cards acting at the start of a phase: Better Burrow Bank (Birdsong), Command Warren
    (Daylight), Cobbler (Evening)."""
    f = state.faction[seat]
    if point == "birdsong_start" and BT.has_persistent(state, seat, "better_burrow_bank"):
        return [BurrowBank(seat)]
    if point == "daylight_start" and BT.has_persistent(state, seat, "command_warren"):
        return [BT.start(seat, f, ("card:command_warren",))]
    if point == "evening_start" and BT.has_persistent(state, seat, "cobbler"):
        return [MV.moves(seat, f, 1, ("card:cobbler",))]
    return []


# ---- what a seat may do anywhere in its phase ----------------------------------------------------------------

def phase_options(state: RootState, seat: int) -> list[str]:
    """Actions open to the seat taking its turn at any point of the current phase; a faction's own
    decisions list these beside its actions (and apply them with `apply_phase_option`)."""
    if seat != state.active:
        return []
    out = []
    crafted = state.play_area[seat]  # the cards below need one of its persistent effects
    phase = state.phase
    if phase == "birdsong":
        if crafted:
            out += _crafted_birdsong_options(state, seat)
    elif phase == "daylight":
        if state.dominance_pool or not S.DOMINANCE_CARDS.isdisjoint(state.hands[seat]):  # seldom: no call
            out += _dominance_options(state, seat)
        if crafted:
            out += _crafted_daylight_options(state, seat)
    for fn in extensions(state, "phase_options"):
        out += fn(state, seat, phase) or []
    return out


def _crafted_birdsong_options(state: RootState, seat: int) -> list[str]:
    out = []
    if BT.has_persistent(state, seat, "royal_claim"):
        out.append(A.use_id("royal_claim"))
    if BT.has_persistent(state, seat, "stand_and_deliver") and not state.used.get("stand_and_deliver"):
        out += [A.use_id("stand_and_deliver", s) for s in range(state.players) if s != seat and state.hands[s]]
    return out


def _crafted_daylight_options(state: RootState, seat: int) -> list[str]:
    out = []
    if BT.has_persistent(state, seat, "tax_collector") and not state.used.get(
            "tax_collector") and B.total_warriors(state, state.faction[seat]):
        out.append(A.use_id("tax_collector"))
    if BT.has_persistent(state, seat, "codebreakers") and not state.used.get("codebreakers"):
        out += [A.use_id("codebreakers", s) for s in range(state.players) if s != seat]
    return out


def _dominance_options(state: RootState, seat: int) -> list[str]:
    """LR-03-03-01 (activate with 10 or more points; the Vagabond forms a coalition instead, with 4+
    players), LR-03-03-04 (take an available one by spending a matching card)."""
    out = []
    cards = S.dominance_cards(state, seat) if state.dominance[seat] is None and seat not in state.coalition else ()
    if cards:  # asked first: seldom any in hand
        mine = faction(state, seat).dominance
        if (mine == "win" and state.score[seat] >= S.DOMINANCE_MIN) or (
                mine == "coalition" and state.players >= 4 and seat not in state.coalition.values()
                and coalition_partners(state, seat)):
            out += [f"dominance:{c}" for c in cards]
    for card in dict.fromkeys(state.dominance_pool) if state.dominance_pool else ():
        if _can_spend(state, seat, card):
            out.append(f"take_dominance:{card}")
    return out


def _can_spend(state: RootState, seat: int, dominance: str) -> bool:
    """Whether `_spendable` lists a card (asked at every menu while a dominance card is available): one matching its
    suit (for a bird dominance card, matching is being a bird)."""
    suit = CARDS[dominance].suit
    for card in state.hands[seat]:
        if K.matches(card, suit):
            return True
    return False


def _spendable(state: RootState, seat: int, dominance: str) -> list[str]:
    """Cards the seat may spend to take this dominance card: matching its suit (a bird dominance
    card takes a bird card, LR-03-03-04)."""
    suit = CARDS[dominance].suit
    if suit == "bird":
        return [c for c in dict.fromkeys(state.hands[seat]) if CARDS[c].suit == "bird"]
    return [c for c in dict.fromkeys(state.hands[seat]) if K.matches(c, suit)]


def coalition_partners(state: RootState, seat: int) -> list[int]:
    """LR-09-02-08: the player with fewer points than each other player (but the Vagabond forming the
    coalition), not in a coalition; tied players are all offered. Players without a score marker (an
    activated dominance card, a Vagabond in a coalition) are not compared nor chosen (Law FAQ)."""
    marked = [s for s in range(state.players) if s != seat and state.dominance[s] is None and s not in state.coalition]
    if not marked:
        return []
    low = min(state.score[s] for s in marked)
    return [s for s in marked if state.score[s] == low and s not in state.coalition.values()]


def is_phase_option(state: RootState, seat: int, action_id: str) -> bool:
    if not action_id.startswith(_BASE_OPTION_HEADS) and not extensions(state, "phase_options"):
        return False  # none of the base game's options (`do_option`), and no module adds any: not listed
    return action_id in phase_options(state, seat)


_BASE_OPTION_HEADS = ("use:", "dominance:", "take_dominance:")  # how the base game's phase options begin


@BASE.handler(PhaseOption)
def run_phase_option(state: RootState, task: PhaseOption) -> None:
    """An empty action: the window at the start of Birdsong (asked only if there is a choice);
    otherwise the chosen option's effect."""
    if task.action == "":
        T.ask_or_done(state, task.seat, "phase_window", phase_options(state, task.seat))
    else:
        T.done(state)
        do_option(state, task.seat, task.action)


@BASE.task_decision("phase_window", lambda state: phase_options(state, T.top(state).seat) + ["done"])
def apply_window(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
    else:
        do_option(state, task.seat, action_id)


def apply_phase_option(state: RootState, seat: int, action_id: str) -> None:
    """For a faction's decision: run the chosen phase option above the faction's task."""
    T.push(state, PhaseOption(seat, action_id))


def staged_phase(module, task_type: type, prefix: str, stages: tuple[str, ...], own, act) -> None:
    """A phase of steps taken in order (`task.stage` among `stages`), each a decision `<prefix>_<stage>` offering the
    module's own options (`own(state, task)`), the phase options and "done"; a step with nothing of its own is passed
    over, the last one still waits while phase options remain. `act(state, task, action_id)` applies an own option
    and returns False for an id that is not one."""
    following = dict(zip(stages, stages[1:]))

    def run(state: RootState, task) -> None:
        if own(state, task):
            T.ask(state, task.seat, f"{prefix}_{task.stage}")
        elif task.stage in following:
            T.replace(state, task._replace(stage=following[task.stage]))
        else:
            T.ask_or_done(state, task.seat, f"{prefix}_{task.stage}", phase_options(state, task.seat))

    def options(state: RootState) -> list[str]:
        task = T.top(state)
        return own(state, task) + phase_options(state, task.seat) + ["done"]

    def apply(state: RootState, action_id: str) -> None:
        task = T.top(state)
        if action_id == "done":
            if task.stage in following:
                T.replace(state, task._replace(stage=following[task.stage]))
            else:
                T.done(state)
        elif not act(state, task, action_id):
            apply_phase_option(state, task.seat, action_id)

    module.handler(task_type)(run)
    for stage in stages:
        module.task_decision(f"{prefix}_{stage}", options)(apply)


def do_option(state: RootState, seat: int, action_id: str) -> None:
    h, rest = A.head(action_id), A.args(action_id)
    if h == "dominance":
        activate_dominance(state, seat, rest[0])
    elif h == "take_dominance":
        T.push(state, TakeDominance(seat, rest[0]))
    elif h == "use" and rest[0] in A.CARD_USES + A.SEAT_USES:
        use_card(state, seat, rest[0], int(rest[1]) if len(rest) > 1 else None)
    elif not any(fn(state, seat, action_id) for fn in extensions(state, "use_phase_option")):
        raise ValueError(f"unknown phase option {action_id!r}")


# ---- dominance (LR-03-03) and coalitions (LR-09-02-08) -----------------------------------------------------------

def activate_dominance(state: RootState, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    state.conceal(card)
    state.play_area[seat] = state.play_area[seat] + (card,)
    if faction(state, seat).dominance == "coalition":
        partners = coalition_partners(state, seat)
        if len(partners) == 1:
            form_coalition(state, seat, partners[0], card)
        else:
            T.push(state, ChooseCoalition(seat, card))
        return
    state.dominance[seat] = card
    state.log(("LR-03-03-01", "LR-03-03-02"), "ev.dominance", seat=seat, card=card)


@BASE.handler(ChooseCoalition)
def run_coalition(state: RootState, task: ChooseCoalition) -> None:
    T.ask(state, task.seat, "coalition")


@BASE.task_decision("coalition", lambda state: [f"partner:{s}" for s in coalition_partners(state, T.top(state).seat)])
def apply_coalition(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    form_coalition(state, task.seat, int(A.arg(action_id)), task.card)


def form_coalition(state: RootState, seat: int, partner: int, card: str) -> None:
    state.dominance[seat] = card
    state.coalition = {**state.coalition, seat: partner}
    state.log(("LR-09-02-08",), "ev.coalition", seat=seat, partner=partner, card=card)
    T.push(state, *[t for fn in extensions(state, "coalition_formed") for t in fn(state, seat, partner) or []])


@BASE.handler(TakeDominance)
def run_take_dominance(state: RootState, task: TakeDominance) -> None:
    T.ask(state, task.seat, "spend_for_dominance")


@BASE.task_decision("spend_for_dominance", lambda state: [f"spend:{c}" for c in _spendable(
    state, T.top(state).seat, T.top(state).card)])
def apply_spend_for_dominance(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    K.discard(state, task.seat, A.arg(action_id), ("LR-03-03-04",))
    state.dominance_pool.remove(task.card)
    state.hands[task.seat].append(task.card)
    state.log(("LR-03-03-04",), "ev.take_dominance", seat=task.seat, card=task.card)


# ---- crafted cards used in a phase ----------------------------------------------------------------------------

def use_card(state: RootState, seat: int, key: str, target: int | None) -> None:
    f = state.faction[seat]
    if key == "royal_claim":
        card = BT.has_persistent(state, seat, key)
        assert card is not None
        state.play_area[seat] = tuple(c for c in state.play_area[seat] if c != card)
        K.to_pile(state, card)
        ruled = len(B.ruled_by(state, f))
        state.log(("card:royal_claim",), "ev.royal_claim", seat=seat, n=ruled)
        S.score(state, seat, ruled, ("card:royal_claim",))
    elif key == "stand_and_deliver" and target is not None:
        state.used["stand_and_deliver"] = 1
        hand = state.hands[target]
        card = hand.pop(state.roll(len(hand)))
        state.hands[seat].append(card)
        # from a public hand (the Riverfolk's) everyone saw which card went
        seen = None if target in K.public_hands(state) else (seat, target)
        state.reveal(card, tuple(range(state.players)) if seen is None else seen)
        state.log(("card:stand_and_deliver", "LR-AG-22"), "ev.steal", seat=seat, victim=target)
        state.log(("card:stand_and_deliver",), "ev.steal_card", to=seen, seat=seat, victim=target, card=card)
        S.score(state, target, 1, ("card:stand_and_deliver",))
    elif key == "tax_collector":
        state.used["tax_collector"] = 1
        T.push(state, TaxCollector(seat))
    elif key == "codebreakers" and target is not None:
        state.used["codebreakers"] = 1
        for card in state.hands[target]:
            state.reveal(card, (seat,))
        state.log(("card:codebreakers",), "ev.codebreakers", seat=seat, target=target)
        state.log(("card:codebreakers",), "ev.codebreakers_cards", to=(seat,), target=target,
                  cards=list(state.hands[target]))


def _tax_sites(state: RootState, seat: int) -> list[int]:
    """Clearings of the map with the seat's warriors ("from the map": not a place beside it, the Duchy's Burrow)."""
    w = state.warriors.get(state.faction[seat], [])
    return [c for c, n in enumerate(w[:len(state.suits)]) if n]


@BASE.handler(TaxCollector)
def run_tax(state: RootState, task: TaxCollector) -> None:
    T.ask_or_done(state, task.seat, "tax_collector", _tax_sites(state, task.seat))


@BASE.task_decision("tax_collector", lambda state: [A.from_id(c) for c in _tax_sites(state, T.top(state).seat)])
def apply_tax(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    c = A.clearing_arg(action_id)
    state.log(("card:tax_collector",), "ev.tax_collector", seat=task.seat, clearing=c)
    K.draw(state, task.seat, 1, ("card:tax_collector",))
    T.push(state, RemovePieces(task.seat, state.faction[task.seat], c, (("warrior", 1),), False, ("card:tax_collector",)))


@BASE.handler(BurrowBank)
def run_burrow_bank(state: RootState, task: BurrowBank) -> None:
    T.ask(state, task.seat, "better_burrow_bank")


@BASE.task_decision("better_burrow_bank", lambda state: [A.use_id("better_burrow_bank", s) for s in range(
    state.players) if s != T.top(state).seat])
def apply_burrow_bank(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    other = int(A.args(action_id)[1])
    K.draw(state, task.seat, 1, ("card:better_burrow_bank",))
    K.draw(state, other, 1, ("card:better_burrow_bank",))
