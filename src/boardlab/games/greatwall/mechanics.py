"""Mechanics every rule uses: tracks, resources, Clerks on Locations, soldiers on the Wall,
hand limits, the Advisor track. Each function changes the state and logs with a rule id."""
from __future__ import annotations

from .content import RESOURCES
from .data_tables import BOARD, LOC_ORDER, LOCS, UNIT_NAMES, vector
from .state import GWState, SECONDARY
from .tasks import END_NOW, extensions


# ---- tracks (GWA-TRACK-01/02) ----------------------------------------------------------------

def _effective(state: GWState, base: list[int], loc: str) -> list[int]:
    order = list(base)
    on = state.clerks_on.get(loc, ())
    if not on:
        return order
    for seat in base:
        up = on.count(seat)
        if up:  # (no Clerk of this seat there: it keeps its place)
            i = order.index(seat)
            order.insert(max(0, i - up), order.pop(i))
    return order


def tea_order(state: GWState) -> list[int]:
    """GW-ACTIVATE-07 and every tie: the Tea track, counting Clerks still on the Tea House."""
    return _effective(state, state.tea, "tea_house")


def leader_order(state: GWState) -> list[int]:
    return _effective(state, state.leader, "war_room")


def move_up(state: GWState, track: str, seat: int, n: int, rules: tuple[str, ...]) -> None:
    order = getattr(state, track)
    i = order.index(seat)
    order.insert(max(0, i - n), order.pop(i))
    state.log(rules, f"ev.{track}", seat=seat, n=n, place=order.index(seat) + 1)


# ---- resources and Honor ---------------------------------------------------------------------

def gain(state: GWState, seat: int, amounts: dict, rules: tuple[str, ...]) -> None:
    if seat == SECONDARY:
        return
    delta = vector(amounts)
    if any(delta):
        state.add_res(seat, delta)
    if amounts.get("honor"):
        state.honor[seat] += amounts["honor"]
    state.log(rules, "ev.gain", seat=seat, what=_describe(amounts))


def lose_honor(state: GWState, seat: int, n: int, rules: tuple[str, ...], key: str = "ev.lose_honor") -> None:
    """Every loss of Honor is logged with `honor` (the change, negative), whatever its message."""
    if seat == SECONDARY or n <= 0:
        return
    state.honor[seat] -= n
    state.log(rules, key, seat=seat, n=n, honor=-n)


def can_pay(state: GWState, seat: int, amounts: dict) -> bool:
    return all(have >= need for have, need in zip(state.res[seat], vector(amounts)))


def pay(state: GWState, seat: int, amounts: dict, rules: tuple[str, ...]) -> None:
    state.add_res(seat, tuple(-n for n in vector(amounts)))
    state.log(rules, "ev.pay", seat=seat, what=_describe(amounts))


def _describe(amounts: dict) -> dict:
    return {k: v for k, v in amounts.items() if v}


# ---- Clerks on Locations ---------------------------------------------------------------------

def clerk_prices(players: int) -> list[int]:
    """GWA-SETUP-03 (2-3 and 4 players) and GWA-FIVE-01 (5 players: 4 Clerks on the board)."""
    return BOARD.clerk_prices["2-3" if players <= 3 else "4-5" if players == 4 else "5"]



_LOCATIONS: dict[tuple[str, ...], tuple[str, ...]] = {}  # the board's Locations as placed -> in board order


def locations(state: GWState) -> tuple[str, ...]:
    """The Locations on the board in this game, in board order (scenario-only ones when played, D24)."""
    placed = tuple(state.clerks_on)
    found = _LOCATIONS.get(placed)
    if found is None:
        found = _LOCATIONS[placed] = tuple(loc for loc in LOC_ORDER if loc in state.clerks_on)
    return found


def slots(state: GWState, loc: str) -> int:
    spec = LOCS[loc]
    return spec.slots + (spec.slots_5p if state.players == 5 else 0)


# Location -> the Clerks it holds when full (`slots`), with fewer than 5 players and with 5; a green Location is
# never full (no count reaches NEVER)
NEVER = 1 << 62
_CAPACITY = tuple({loc: NEVER if spec.kind == "green" else spec.slots + (spec.slots_5p if five else 0)
                   for loc, spec in LOCS.items()} for five in (False, True))


def capacities(state: GWState) -> dict[str, int]:
    """Location -> the Clerks it holds when full in this game (NEVER for a green Location)."""
    return _CAPACITY[state.players == 5]


def is_full(state: GWState, loc: str) -> bool:
    return len(state.clerks_on.get(loc, ())) >= _CAPACITY[state.players == 5][loc]


def has_room(state: GWState, loc: str) -> bool:
    """GW-MOVE-02 / GW-ACTIVATE-06: an empty slot, or any green Location (never a closed one)."""
    if is_full(state, loc):
        return False
    return not closed(state, loc)  # (asked last: it asks the modules)


def with_room(state: GWState) -> list[str]:
    """The Locations on the board with room for a Clerk (`has_room`), in board order: the modules are asked once."""
    on, capacity = state.clerks_on, _CAPACITY[state.players == 5]
    rooms = [loc for loc in locations(state) if len(on[loc]) < capacity[loc]]  # (`locations`: the keys of `on`)
    answers = extensions(state, "closed_location")
    if answers and rooms:
        return [loc for loc in rooms if not any(answer(state, loc) for answer in answers)]
    return rooms


def closed(state: GWState, loc: str) -> bool:
    """A module may close Locations to Clerks (haunted ones, AC-GHO-08): extension point "closed_location"."""
    answers = extensions(state, "closed_location")
    return bool(answers) and any(answer(state, loc) for answer in answers)


def clerks_of(state: GWState, loc: str, seat: int) -> int:
    return sum(1 for s in state.clerks_on.get(loc, ()) if s == seat)


def put_clerk(state: GWState, seat: int, loc: str) -> None:
    state.clerks_on[loc] = state.clerks_on.get(loc, ()) + (seat,)


def take_clerk(state: GWState, seat: int, loc: str) -> None:
    on = list(state.clerks_on[loc])
    on.reverse()
    on.remove(seat)
    on.reverse()
    state.clerks_on[loc] = tuple(on)


def return_clerks(state: GWState, loc: str) -> None:
    """GW-PROD-05 / GW-ACTION-04: Clerks go home (the Secondary race's too, GWA-TWOP-02)."""
    for s in state.clerks_on.get(loc, ()):
        if s == SECONDARY:
            state.flags["secondary_clerks"] = state.flags.get("secondary_clerks", 0) + 1
        else:
            state.clerks[s] += 1
    state.clerks_on[loc] = ()


# ---- soldiers on the Wall -----------------------------------------------------------------------

def archer_slots(state: GWState, section: int) -> int:
    return BOARD.wall[state.wall[section]].archer_slots


def free_archer_slot(state: GWState, section: int) -> bool:
    return len(state.archers[section]) < archer_slots(state, section)


def place_archer(state: GWState, seat: int, section: int) -> None:
    state.archers[section] = state.archers[section] + (seat,)


def place_behind(state: GWState, seat: int, unit: int, section: int) -> None:
    state.behind[section] = state.behind[section] + ((seat, unit),)


def remove_behind(state: GWState, seat: int, unit: int, section: int) -> None:
    items = list(state.behind[section])
    items.remove((seat, unit))
    state.behind[section] = tuple(items)


def soldier_dies(state: GWState, seat: int, unit: int) -> tuple[str, ...]:
    """A killed soldier goes back to its owner's supply (GW-BREACH-12, D23), unless a module takes
    the dead out of the game (extension point "soldier_killed", e.g. AC-GHO-14). Returns the rules
    that decided where it went, for the log."""
    for answer in extensions(state, "soldier_killed"):
        rules = answer(state, seat, unit)
        if rules:
            return tuple(rules)
    if seat == SECONDARY:
        state.secondary_spearmen += 1
    else:
        state.add_soldiers(seat, unit, 1)
    return ("GW-BREACH-12", "D23")


def remove_archer(state: GWState, seat: int, section: int) -> None:
    items = list(state.archers[section])
    items.remove(seat)
    state.archers[section] = tuple(items)


def has_soldiers_at(state: GWState, seat: int, section: int) -> bool:
    return seat in state.archers[section] or any(s == seat for s, _ in state.behind[section])


def defenders(state: GWState, section: int) -> list[int]:
    """Players with soldiers at a section (Archers on it or soldiers behind it)."""
    return [s for s in range(state.players) if has_soldiers_at(state, s, section)]


def defence(state: GWState, section: int) -> int:
    """GW-BREACH-05: Defence value + Fortification bonus (+ battle bonuses)."""
    bonus = state.battle.get("defence", 0) if state.battle.get("section") == section else 0
    return BOARD.wall[state.wall[section]].defence + BOARD.fortification["defence"] * state.forts[section] + bonus


# ---- cards in hand --------------------------------------------------------------------------------

def draw_tactics(state: GWState, seat: int, n: int, rules: tuple[str, ...]) -> int:
    drawn = 0
    for _ in range(n):
        if not state.tactic_deck and state.tactic_discard:
            state.tactic_deck = state.shuffle(state.tactic_discard)
            state.tactic_discard = []
            forget_discards(state, "tactic_discard")
        if not state.tactic_deck:
            break
        state.tactics[seat] = state.tactics[seat] + (state.tactic_deck.pop(),)
        drawn += 1
    state.log(rules, "ev.draw_tactics", seat=seat, n=drawn)
    state.log(rules, "ev.draw_tactics_private", to=(seat,), seat=seat, cards=list(state.tactics[seat][-drawn:]) if drawn else [])
    return drawn


def forget_discards(state: GWState, pile: str) -> None:
    """A discard pile shuffled into its deck: its face-down discards are in the (hidden) deck now."""
    state.secret_discards = tuple(entry for entry in state.secret_discards if entry[0] != pile)


def refill_advisor_track(state: GWState, n: int) -> None:
    for _ in range(n):
        if not state.advisor_deck and state.advisor_discard:
            state.advisor_deck = state.shuffle(state.advisor_discard)
            state.advisor_discard = []
            forget_discards(state, "advisor_discard")
        if state.advisor_deck and len(state.advisor_track) < len(BOARD.advisor_prices):
            state.advisor_track.append(state.advisor_deck.pop())


def take_from_track(state: GWState, seat: int, index: int, rules: tuple[str, ...]) -> str:
    card = state.advisor_track.pop(index)
    state.advisors[seat] = state.advisors[seat] + (card,)
    state.log(rules, "ev.take_advisor", seat=seat, card=card)
    return card


def unit_name(unit: int) -> str:
    return UNIT_NAMES[unit]


def resources_of(state: GWState, seat: int) -> dict:
    return dict(zip(RESOURCES, state.res[seat]))




# ---- ending at once (D3: a scenario's loss condition ends the game immediately) --------------------

def years(state: GWState) -> int:
    """D1: the game's length; a scenario may shorten it (extension point "years")."""
    n = BOARD.years
    for answer in extensions(state, "years"):
        n = answer(state, n)
    return n


def end_now(state: GWState, rules: tuple[str, ...]) -> str:
    """A loss condition (D3): every player loses and the game ends at once. Records the loss
    (`state.flags["lost"]`, the rules) and returns the step `game.end_now`: a flow step returns it;
    a handler or task decision (tasks.handler, tasks.task_decision) leaves to it when it finishes,
    and that step drops whatever was still scheduled."""
    state.flags["lost"] = tuple(rules)
    state.log(rules, "ev.all_lose")
    return END_NOW


def lost(state: GWState) -> bool:
    """A loss condition ended (or is ending) the game (D3)."""
    return "lost" in state.flags
