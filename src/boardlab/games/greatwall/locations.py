"""Activating Locations (GW-ACTIVATE-*, GW-PROD-*, GW-ACTION-*, GW-BARRACKS-*, GW-ACADEMY-*,
GW-TEA-*, GW-POST-*, GW-MESSENGER-*, GW-WORKSHOP-*, GW-OVERSEER-*).

A Location's effect is `effect(state, task)` for the LocationEffect task on top: `EFFECTS` holds the base
board's; a module that puts a Location on the board gives its effect through the extension point
"location_effect". A Location with no effect never activates (the Warehouse, AC-EMP-08).
"""
from __future__ import annotations

from typing import Callable

from . import actions as A
from . import mechanics as M
from . import tasks as T
from .data_tables import BOARD, LOCS, LOC_ORDER, UNIT_INDEX
from .effects import build_fort, deploy, fort_sections, movable
from .generals import trigger
from .records import (Activate, Activations, ClerksHome, HandLimit, LocationEffect, Monopoly, OverseerOffer, PayAny,
                      PlaceOverseer, SecondaryActivation, SecondarySpearman, SoldierMove)
from .state import ARCHER, GWState, HORSEMAN, SECONDARY, SPEARMAN
from .tasks import BASE

ACT = ("GW-ENGINE-03", "GW-ACTIVATE-07")  # every activation: the players there share it, in Tea order
Effect = Callable[[GWState, LocationEffect], None]


def effect_of(state: GWState, loc: str) -> Effect | None:
    """The Location's effect: the base board's, else the one a module gives ("location_effect")."""
    effect = EFFECTS.get(loc)
    if effect is None:
        for answer in T.extensions(state, "location_effect"):
            effect = answer(state, loc)
            if effect is not None:
                break
    return effect


# ---- which Locations activate, and in what order (GWA-COMMAND-04) -----------------------------------

def due(state: GWState) -> list[str]:
    """GW-ACTIVATE-01/05: full regular Locations and occupied green ones, in board order.
    A Location without an effect never activates (the Warehouse, AC-EMP-08)."""
    return [loc for loc in LOC_ORDER if state.clerks_on.get(loc) and effect_of(state, loc) is not None
            and (LOCS[loc].kind == "green" or M.is_full(state, loc))]


@T.handler(BASE, Activations)
def run_activations(state: GWState, task: Activations) -> None:
    """Activate every due Location; with a third step the current player picks the order."""
    pending = due(state)
    if not pending:
        T.done(state)
        return
    if task.third_step and len(pending) > 1:
        T.ask(state, task.seat, "activate_order")
        return
    T.push(state, Activate(task.seat, pending[0], False, why_due(pending[0])))


@T.task_decision(BASE, "activate_order", lambda state: [A.activate_id(loc) for loc in due(state)])
def apply_activate_order(state: GWState, action_id: str) -> None:
    seat = T.top(state).seat
    loc = A.arg(action_id)
    T.push(state, Activate(seat, loc, False, why_due(loc) + ("GW-RESOLVE-04",)))


def why_due(loc: str) -> tuple[str, ...]:
    """The rule that makes a Location activate: a green one as soon as it holds a Clerk (GW-ACTIVATE-05),
    a regular one when it is completely filled (GW-ACTIVATE-01, GW-ENGINE-02)."""
    return ("GW-ACTIVATE-05",) if LOCS[loc].kind == "green" else ("GW-ACTIVATE-01", "GW-ENGINE-02")


@T.handler(BASE, Activate)
def run_activate(state: GWState, task: Activate) -> None:
    """One activation: each player's effect in Tea order, then Overseers, then Clerks go home."""
    current, loc, advanced, rules = task.seat, task.location, task.advanced, task.rules
    T.done(state)
    state.flags = {k: v for k, v in state.flags.items() if not k.startswith(("gathered:", "recruited:"))}
    on = state.clerks_on.get(loc, ())
    players = [s for s in M.tea_order(state) if s in on]
    state.log(rules + ACT, "ev.activate", location=loc, advanced=advanced)
    spec = LOCS[loc]
    steps: list = []
    for seat in players:
        steps.append(LocationEffect(seat, loc, M.clerks_of(state, loc, seat), 0))
    if spec.overseer:
        steps += [OverseerOffer(seat, loc) for seat in players]
    if SECONDARY in on:
        steps.append(SecondaryActivation(current, loc, on.count(SECONDARY)))
    if spec.honor_icon and not advanced and len(players) == 1 and SECONDARY not in on:
        steps.append(Monopoly(players[0], loc))
    for answer in T.extensions(state, "activation"):
        steps += answer(state, loc, players)
    steps.append(ClerksHome(loc))
    T.push(state, *steps)


@T.handler(BASE, ClerksHome)
def run_clerks_home(state: GWState, task: ClerksHome) -> None:
    T.done(state)
    M.return_clerks(state, task.location)


@T.handler(BASE, Monopoly)
def run_monopoly(state: GWState, task: Monopoly) -> None:
    """Rulings (defects) / GW-TIPS-07: alone on an Honor-icon Location costs Honor."""
    T.done(state)
    M.lose_honor(state, task.seat, BOARD.monopoly_penalty, ("GWA-PROD-02", "GW-TWOP-11"), "ev.monopoly")


@T.handler(BASE, SecondaryActivation)
def run_secondary(state: GWState, task: SecondaryActivation) -> None:
    """GW-TWOP-08: +1 Secondary Honor per Secondary Clerk; GW-TWOP-10 at the Barracks."""
    n = task.clerks
    T.done(state)
    state.secondary_honor += n
    state.log(("GW-TWOP-08", "GW-TWOP-09"), "ev.secondary_honor", n=n, total=state.secondary_honor)
    if task.location == "barracks" and state.secondary_spearmen > 0:
        T.push(state, SecondarySpearman(task.seat))


@T.handler(BASE, SecondarySpearman)
def run_secondary_spearman(state: GWState, task: SecondarySpearman) -> None:
    T.ask(state, task.seat, "secondary_spearman")


@T.task_decision(BASE, "secondary_spearman", lambda state: [A.section_id(s) for s in range(BOARD.sections)] + ["skip"])
def apply_secondary_spearman(state: GWState, action_id: str) -> None:
    seat = T.top(state).seat
    T.done(state)
    if action_id != "skip":
        section = A.arg(action_id)
        state.secondary_spearmen -= 1
        M.place_behind(state, SECONDARY, SPEARMAN, section)
        state.log(("GW-TWOP-10",), "ev.secondary_spearman", seat=seat, section=section)


# ---- each Location's effect --------------------------------------------------------------------------

@T.handler(BASE, LocationEffect)
def run_loc_effect(state: GWState, task: LocationEffect) -> None:
    effect = effect_of(state, task.location)
    assert effect is not None, task.location
    effect(state, task)


def production(state: GWState, task: LocationEffect) -> None:
    """GW-PROD-02/03, GWA-PROD-01: 1 per Clerk, plus the Overseer's level."""
    T.done(state)
    seat, loc, n = task.seat, task.location, task.clerks
    level = state.overseers[loc][seat]
    amount = n + level if n else 0
    for answer in T.extensions(state, "production"):  # scenarios: `fn(state, seat, loc, amount) -> amount`
        amount = max(0, answer(state, seat, loc, amount))
    M.gain(state, seat, {LOCS[loc].resource: amount}, ("GW-PROD-01", "GW-PROD-02", "GW-PROD-03"))
    state.flags[f"gathered:{seat}:{loc}"] = amount
    _trigger(state, seat, loc)


def academy(state: GWState, task: LocationEffect) -> None:
    """GW-ACADEMY-01/02."""
    T.done(state)
    M.draw_tactics(state, task.seat, task.clerks, ("GW-ACADEMY-01", "GW-ACADEMY-02"))
    T.push(state, HandLimit(task.seat, "tactics"))
    _trigger(state, task.seat, task.location)


def track_location(track: str, rules: tuple[str, ...]) -> Effect:
    def effect(state: GWState, task: LocationEffect) -> None:
        """GW-TEA-01/02: up 1 space per Clerk."""
        T.done(state)
        M.move_up(state, track, task.seat, task.clerks, rules)
        _trigger(state, task.seat, task.location)
    return effect


def per_clerk(kind: str) -> Effect:
    """A Location where each Clerk gives its owner one choice, the decision `kind` (GW-BARRACKS-01,
    GW-POST-01, ...; registered with `per_clerk_choice`), asked while it offers more than "skip"."""
    def effect(state: GWState, task: LocationEffect) -> None:
        if task.done < task.clerks:
            ids = T.choices(state, kind)
            if len(ids) > 1:  # more than "skip"
                T.offer(state, task.seat, kind, ids)  # (listed once: the ids just found)
                return
        T.done(state)
        if task.done:
            _trigger(state, task.seat, task.location)
    return effect


def _trigger(state: GWState, seat: int, loc: str) -> None:
    trigger(state, seat, f"activate:{loc}")


def advance(state: GWState) -> int:
    """A per-Clerk choice was made: one more Clerk used; returns the seat choosing."""
    task = T.top(state)
    T.replace(state, task._replace(done=task.done + 1))
    return task.seat


def skip_rest(state: GWState) -> None:
    """`skip`: the player's turn at the Location ends."""
    task = T.top(state)
    T.replace(state, task._replace(done=task.clerks))


def per_clerk_choice(part, kind: str, legal: Callable[[GWState], list[str]]):
    """Register on `part` the choice made for each Clerk, listing `legal(state)` then "skip": `skip` ends
    the player's turn at the Location, anything else uses up one Clerk and is applied by the decorated
    `fn(state, seat, action_id)`."""
    def register(fn):
        def apply(state: GWState, action_id: str) -> None:
            if action_id == "skip":
                skip_rest(state)
                return
            fn(state, advance(state), action_id)
        T.task_decision(part, kind, lambda state: legal(state) + ["skip"])(apply)
        return fn
    return register


# ---- Barracks (GW-BARRACKS-*, GWA-OVERSEER-04, GWA-BARRACKS-01) ---------------------------------------

def discounted(state: GWState, seat: int, cost: dict) -> dict:
    """GWA-OVERSEER-04: each level of the seat's Barracks Overseer waives 1 resource of a recruit's
    cost, in the order Wood, Stone, Chi, Gold."""
    cost = dict(cost)
    discount = state.overseers["barracks"][seat]
    for r in ("wood", "stone", "chi", "gold"):
        while discount and cost.get(r):
            cost[r] -= 1
            discount -= 1
    return {r: n for r, n in cost.items() if n}


def recruit_cost(state: GWState, seat: int, unit_name: str) -> dict:
    return discounted(state, seat, BOARD.recruit_costs[unit_name])


def recruited(state: GWState, seat: int) -> None:
    """The seat recruited at the Barracks in this activation (its Overseer offer follows)."""
    state.flags[f"recruited:{seat}"] = 1


def legal_recruit(state: GWState, seat: int | None = None) -> list[str]:
    seat = T.top(state).seat if seat is None else seat
    out = []
    for s in range(BOARD.sections):
        if state.soldiers[seat][ARCHER] and M.free_archer_slot(state, s) and M.can_pay(state, seat, recruit_cost(state, seat, "archer")):
            out.append(A.recruit_id("archer", s))
        if state.soldiers[seat][SPEARMAN] and M.can_pay(state, seat, recruit_cost(state, seat, "spearman")):
            out.append(A.recruit_id("spearman", s))
        if state.soldiers[seat][HORSEMAN] and M.can_pay(state, seat, recruit_cost(state, seat, "horseman")):
            if seat in state.archers[s]:
                out.append(A.recruit_id("horseman", s, "archer"))
            if (seat, SPEARMAN) in state.behind[s]:
                out.append(A.recruit_id("horseman", s, "spearman"))
    return out


@per_clerk_choice(BASE, "recruit", legal_recruit)
def apply_recruit(state: GWState, seat: int, action_id: str) -> None:
    parsed = A.parse(action_id, "recruit")
    unit, (section, *upgrade) = parsed.head, parsed.values
    rules = ("GW-BARRACKS-01", {"archer": "GW-BARRACKS-02", "spearman": "GW-BARRACKS-03"}.get(unit, "GW-BARRACKS-05"))
    M.pay(state, seat, recruit_cost(state, seat, unit), rules + ("GW-OVERSEER-07", "GWA-OVERSEER-04"))
    recruited(state, seat)
    if unit == "horseman":
        if upgrade[0] == "archer":
            M.remove_archer(state, seat, section)
            state.add_soldiers(seat, ARCHER, 1)
        else:
            M.remove_behind(state, seat, SPEARMAN, section)
            state.add_soldiers(seat, SPEARMAN, 1)
        deploy(state, seat, HORSEMAN, section, rules + ("GWA-BARRACKS-01",))
    else:
        deploy(state, seat, ARCHER if unit == "archer" else SPEARMAN, section, rules)


# ---- Post Office (GW-POST-*, GWA-POST-01, GWA-SETUP-02/03) ------------------------------------------------

def clerk_price(state: GWState, seat: int) -> int | None:
    """GWA-SETUP-03: the next Clerk's price, cheapest space first; GWA-RED-05: Clerks returned beyond
    the price spaces (the Red Turban's Envoy) wait beside the first and cost its price."""
    prices = M.clerk_prices(state.players)
    left = state.post_clerks[seat]
    return prices[max(0, len(prices) - left)] if left else None


def legal_post(state: GWState, seat: int | None = None) -> list[str]:
    seat = T.top(state).seat if seat is None else seat
    wood, stone, gold, chi = state.res[seat]
    out = []
    if state.advisor_track and chi >= BOARD.post_chi_cost:
        out.append("chi")
    out += [A.track_id(i) for i, _ in enumerate(state.advisor_track) if gold >= BOARD.advisor_prices[i]]
    price = clerk_price(state, seat)
    if price is not None and gold >= price:
        out.append("clerk")
    return out


@per_clerk_choice(BASE, "post", legal_post)
def apply_post(state: GWState, seat: int, action_id: str) -> None:
    if action_id == "chi":
        M.pay(state, seat, {"chi": BOARD.post_chi_cost}, ("GW-POST-02", "GWA-POST-01"))
        M.take_from_track(state, seat, 0, ("GW-POST-02", "GW-POST-03", "GWA-POST-01"))
        if state.advisor_track:
            state.advisor_discard.append(state.advisor_track.pop(0))
        M.refill_advisor_track(state, 2)
        T.push(state, HandLimit(seat, "advisors"))
    elif action_id == "clerk":
        beyond = ("GWA-RED-05",) if state.post_clerks[seat] > len(M.clerk_prices(state.players)) else ()
        M.pay(state, seat, {"gold": clerk_price(state, seat)}, ("GW-POST-05", "GW-POST-07", "GWA-SETUP-03") + beyond)
        state.post_clerks[seat] -= 1
        state.clerks[seat] += 1
        state.log(("GW-POST-05",), "ev.gain_clerk", seat=seat, n=1)
    else:
        i = A.arg(action_id, "post")
        M.pay(state, seat, {"gold": BOARD.advisor_prices[i]}, ("GW-POST-04", "GWA-SETUP-02"))
        M.take_from_track(state, seat, i, ("GW-POST-04", "GW-POST-08"))
        M.refill_advisor_track(state, 1)
        T.push(state, HandLimit(seat, "advisors"))


# ---- Messenger Office (GW-MESSENGER-01, GWA-MESSENGER-01) --------------------------------------------------

def legal_messenger(state: GWState, seat: int | None = None) -> list[str]:
    seat = T.top(state).seat if seat is None else seat
    return ["move"] if movable(state, seat) else []


@per_clerk_choice(BASE, "messenger", legal_messenger)
def apply_messenger(state: GWState, seat: int, action_id: str) -> None:
    T.push(state, SoldierMove(seat, BOARD.messenger_moves, ("GW-MESSENGER-01", "GWA-MESSENGER-01"), None, "fix"))


# ---- Engineer Workshop (GW-WORKSHOP-*, GW-FORT-*) ----------------------------------------------------------

def legal_workshop(state: GWState, seat: int | None = None) -> list[str]:
    seat = T.top(state).seat if seat is None else seat
    payable = [p for p in A.PAYMENTS if M.can_pay(state, seat, payment(p))]
    return [A.fort_id(s, p) for s in fort_sections(state) for p in payable]


def payment(resources: tuple[str, ...]) -> dict:
    """A `payment` argument as amounts: ("wood", "stone") -> {"wood": 1, "stone": 1}."""
    out: dict = {}
    for r in resources:
        out[r] = out.get(r, 0) + 1
    return out


@per_clerk_choice(BASE, "workshop", legal_workshop)
def apply_workshop(state: GWState, seat: int, action_id: str) -> None:
    section, resources = A.args(action_id)
    M.pay(state, seat, payment(resources), ("GW-WORKSHOP-01",))
    build_fort(state, seat, section, ("GW-WORKSHOP-01",))
    M.gain(state, seat, {"honor": BOARD.workshop_honor}, ("GW-WORKSHOP-02",))


# ---- Overseers (GW-OVERSEER-*, GW-PROD-04, GW-ACTION-03, GWA-OVERSEER-01) ------------------------------------

@T.handler(BASE, OverseerOffer)
def run_overseer_offer(state: GWState, task: OverseerOffer) -> None:
    """After a production activation (gathered >= 1) or the Barracks (recruited >= 1)."""
    seat, loc = task.seat, task.location
    earned = state.flags.get(f"gathered:{seat}:{loc}", 0) if loc != "barracks" else state.flags.get(f"recruited:{seat}", 0)
    T.done(state)
    if earned:
        T.push(state, PlaceOverseer(seat, 1, ("GW-PROD-04", "GW-ACTION-03"), loc, False))


@T.handler(BASE, PlaceOverseer)
def run_overseer(state: GWState, task: PlaceOverseer) -> None:
    if task.left <= 0 or not overseer_options(state, task.seat, task.where, task.free):
        T.done(state)
        return
    T.ask(state, task.seat, "overseer")


OVERSEEN = tuple(loc for loc in LOC_ORDER if LOCS[loc].overseer)
OVERSEER_UNITS = (SPEARMAN, ARCHER, HORSEMAN)  # the base game's soldiers (GW-COMP: a clan's 10 + 4 + 2)


def overseer_options(state: GWState, seat: int, where: str, free: bool) -> list[str]:
    """New Overseers (GW-OVERSEER-02: any soldier of the player's supply, one id per kind held) and
    upgrades (not where a module locks them, extension point "overseer_locked")."""
    out = []
    locked = T.extensions(state, "overseer_locked")
    for loc in ([where] if where != "any" else OVERSEEN):
        level = state.overseers[loc][seat]
        if level == 0 and (free or sum(state.res[seat]) >= BOARD.overseer["buy_resources"]):
            out += [A.overseer_id("buy", loc, M.unit_name(u)) for u in OVERSEER_UNITS if state.soldiers[seat][u]]
        elif 0 < level < BOARD.overseer["max_level"] and not any(answer(state, loc) for answer in locked) and (
                free or sum(state.res[seat]) >= BOARD.overseer["upgrade_cost"]):
            out.append(A.overseer_id("upgrade", loc))
    return out


def legal_overseer(state: GWState) -> list[str]:
    task = T.top(state)
    return overseer_options(state, task.seat, task.where, task.free) + ["skip"]


@T.task_decision(BASE, "overseer", legal_overseer)
def apply_overseer(state: GWState, action_id: str) -> None:
    task = T.top(state)
    seat, rules, free = task.seat, task.rules, task.free
    if action_id == "skip":
        T.done(state)
        return
    T.replace(state, task._replace(left=task.left - 1))
    parsed = A.parse(action_id)
    what, loc = parsed.head, parsed.values[0]
    levels = list(state.overseers[loc])
    if what == "buy":
        unit = UNIT_INDEX[parsed.values[1]]
        state.add_soldiers(seat, unit, -1)
        units = list(state.overseer_units[loc])
        units[seat] = unit
        state.overseer_units[loc] = tuple(units)
        cost = BOARD.overseer["buy_resources"]
        rules = rules + ("GW-OVERSEER-01", "GW-OVERSEER-02", "GW-OVERSEER-03", "GWA-OVERSEER-01")
    else:
        cost = BOARD.overseer["upgrade_cost"]
        rules = rules + ("GW-OVERSEER-04", "GW-OVERSEER-08", "GWA-OVERSEER-01")
    levels[seat] += 1
    state.overseers[loc] = tuple(levels)
    if not free:
        T.push(state, PayAny(seat, cost, rules))
    state.log(rules, "ev.overseer", seat=seat, location=loc, level=levels[seat])


@T.handler(BASE, PayAny)
def run_pay_any(state: GWState, task: PayAny) -> None:
    """Pay n resources of any kinds, one at a time (auto when only one kind is held)."""
    seat = task.seat
    held = [r for r, n in zip(("wood", "stone", "gold", "chi"), state.res[seat]) if n]
    if task.left <= 0 or not held:
        T.done(state)
        return
    if len(held) == 1:
        T.replace(state, task._replace(left=task.left - 1))
        M.pay(state, seat, {held[0]: 1}, task.rules)
        return
    T.ask(state, seat, "pay_any")


@T.task_decision(BASE, "pay_any", lambda state: [A.resource_id(r) for r, n in zip(("wood", "stone", "gold", "chi"),
                                                                                 state.res[T.top(state).seat]) if n])
def apply_pay_any(state: GWState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(left=task.left - 1))
    M.pay(state, task.seat, {A.arg(action_id): 1}, task.rules)


EFFECTS: dict[str, Effect] = {
    "quarry": production, "lumber_mill": production, "gold_mine": production, "temple": production,
    "barracks": per_clerk("recruit"), "academy": academy,
    "tea_house": track_location("tea", ("GW-TEA-01", "GW-TEA-03")),
    "war_room": track_location("leader", ("GW-TEA-02", "GW-TEA-03")),
    "post_office": per_clerk("post"), "messenger_office": per_clerk("messenger"),
    "engineer_workshop": per_clerk("workshop"),
}

