"""Activating Locations (GW-ACTIVATE-*, GW-PROD-*, GW-ACTION-*, GW-BARRACKS-*, GW-ACADEMY-*,
GW-TEA-*, GW-POST-*, GW-MESSENGER-*, GW-WORKSHOP-*, GW-OVERSEER-*)."""
from __future__ import annotations

from itertools import combinations_with_replacement

from . import mechanics as M
from . import tasks as T
from .data_tables import BOARD, LOCS, LOC_ORDER
from .effects import build_fort, deploy
from .state import ARCHER, BANNERMAN, GWState, HORSEMAN, SECONDARY, SPEARMAN

ACT = ("GW-ENGINE-02", "GW-ENGINE-03", "GW-ACTIVATE-07")


# ---- which Locations activate, and in what order (GWA-COMMAND-04) -----------------------------------

def due(state: GWState) -> list[str]:
    """GW-ACTIVATE-01/05: full regular Locations and occupied green ones, in board order.
    A Location without an effect (in EFFECTS) never activates (the Warehouse, AC-EMP-08)."""
    return [loc for loc in LOC_ORDER if state.clerks_on.get(loc) and loc in EFFECTS
            and (LOCS[loc].kind == "green" or M.is_full(state, loc))]


@T.handler("activations")
def run_activations(state, task):
    """Activate every due Location; with a third step the current player picks the order."""
    _, seat, third_step = task
    pending = due(state)
    if not pending:
        T.done(state)
        return
    if third_step and len(pending) > 1:
        T.ask(state, seat, "activate_order")
        return
    T.push(state, ("activate", seat, pending[0], False, ("GW-ACTIVATE-01",)))


@T.decision("activate_order", lambda state: [f"activate:{l}" for l in due(state)])
def apply_activate_order(state, action_id):
    seat = T.top(state)[1]
    T.push(state, ("activate", seat, action_id.split(":")[1], False, ("GW-ACTIVATE-01", "GW-RESOLVE-04")))


@T.handler("activate")
def run_activate(state, task):
    """One activation: each player's effect in Tea order, then Overseers, then Clerks go home."""
    _, current, loc, advanced, rules = task
    T.done(state)
    state.flags = {k: v for k, v in state.flags.items() if not k.startswith(("gathered:", "recruited:"))}
    on = state.clerks_on.get(loc, ())
    players = [s for s in M.tea_order(state) if s in on]
    state.log(rules + ACT, "ev.activate", location=loc, advanced=advanced)
    spec = LOCS[loc]
    steps: list[tuple] = []
    for seat in players:
        steps.append(("loc_effect", seat, loc, M.clerks_of(state, loc, seat), 0))
    if spec.overseer:
        steps += [("overseer_offer", seat, loc) for seat in players]
    if SECONDARY in on:
        steps.append(("secondary", current, loc, on.count(SECONDARY)))
    if spec.honor_icon and not advanced and len(players) == 1 and SECONDARY not in on:
        steps.append(("monopoly", players[0], loc))
    for extension in T.extensions("activation"):
        steps += extension(state, loc, players)
    steps.append(("clerks_home", -2, loc))
    T.push(state, *steps)


@T.handler("clerks_home")
def run_clerks_home(state, task):
    T.done(state)
    M.return_clerks(state, task[2])


@T.handler("monopoly")
def run_monopoly(state, task):
    """Rulings (defects) / GW-TIPS-07: alone on an Honor-icon Location costs Honor."""
    T.done(state)
    M.lose_honor(state, task[1], BOARD.monopoly_penalty, ("GWA-PROD-02", "GW-TWOP-11"), "ev.monopoly")


@T.handler("secondary")
def run_secondary(state, task):
    """GW-TWOP-08: +1 Secondary Honor per Secondary Clerk; GW-TWOP-10 at the Barracks."""
    _, current, loc, n = task
    T.done(state)
    state.secondary_honor += n
    state.log(("GW-TWOP-08", "GW-TWOP-09"), "ev.secondary_honor", n=n, total=state.secondary_honor)
    if loc == "barracks" and state.secondary_spearmen > 0:
        T.push(state, ("secondary_spearman", current))


@T.handler("secondary_spearman")
def run_secondary_spearman(state, task):
    T.ask(state, task[1], "secondary_spearman")


@T.decision("secondary_spearman", lambda state: [f"section:{s}" for s in range(BOARD.sections)] + ["skip"])
def apply_secondary_spearman(state, action_id):
    seat = T.top(state)[1]
    T.done(state)
    if action_id != "skip":
        section = int(action_id.split(":")[1])
        state.secondary_spearmen -= 1
        M.place_behind(state, SECONDARY, SPEARMAN, section)
        state.log(("GW-TWOP-10",), "ev.secondary_spearman", seat=seat, section=section)


# ---- each Location's effect --------------------------------------------------------------------------

@T.handler("loc_effect")
def run_loc_effect(state, task):
    _, seat, loc, n, done_count = task
    EFFECTS[loc](state, seat, loc, n, done_count)


def production(state, seat, loc, n, _):
    """GW-PROD-02/03, GWA-PROD-01: 1 per Clerk, plus the Overseer's level."""
    T.done(state)
    level = state.overseers[loc][seat]
    amount = n + level if n else 0
    for extension in T.extensions("production"):  # scenarios: `fn(state, seat, loc, amount) -> amount`
        amount = max(0, extension(state, seat, loc, amount))
    M.gain(state, seat, {LOCS[loc].resource: amount}, ("GW-PROD-01", "GW-PROD-02", "GW-PROD-03"))
    state.flags[f"gathered:{seat}:{loc}"] = amount
    _trigger(state, seat, loc)


def academy(state, seat, loc, n, _):
    """GW-ACADEMY-01/02."""
    T.done(state)
    M.draw_tactics(state, seat, n, ("GW-ACADEMY-01", "GW-ACADEMY-02"))
    T.push(state, ("limit", seat, "tactics"))
    _trigger(state, seat, loc)


def track_location(track, rules):
    def effect(state, seat, loc, n, _):
        """GW-TEA-01/02: up 1 space per Clerk."""
        T.done(state)
        M.move_up(state, track, seat, n, rules)
        _trigger(state, seat, loc)
    return effect


def per_clerk(kind):
    """A Location where each Clerk gives its owner one choice (GW-BARRACKS-01, GW-POST-01, ...)."""
    def effect(state, seat, loc, n, done_count):
        if done_count >= n or not LEGAL[kind](state, seat):
            T.done(state)
            if done_count:
                _trigger(state, seat, loc)
            return
        T.ask(state, seat, kind)
    return effect


def _trigger(state, seat, loc) -> None:
    from .generals import trigger
    trigger(state, seat, f"activate:{loc}")


def _advance(state) -> tuple:
    kind, seat, loc, n, done_count = T.top(state)
    T.replace(state, (kind, seat, loc, n, done_count + 1))
    return seat, loc


def _skip_rest(state) -> None:
    kind, seat, loc, n, _ = T.top(state)
    T.replace(state, (kind, seat, loc, n, n))


def per_clerk_choice(kind: str, legal):
    """Register the choice made for each Clerk: `skip` ends the player's turn at the Location,
    anything else uses up one Clerk and is applied by the decorated `fn(state, seat, action_id)`."""
    def register(fn):
        def apply(state, action_id):
            if action_id == "skip":
                _skip_rest(state)
                return
            seat, _ = _advance(state)
            fn(state, seat, action_id)
        T.decision(kind, lambda state: legal(state) + ["skip"])(apply)
        T.OWNERS[kind] = fn.__module__
        return fn
    return register


# ---- Barracks (GW-BARRACKS-*, GWA-OVERSEER-04, GWA-BARRACKS-01) ---------------------------------------

def recruit_cost(state, seat, unit_name: str) -> dict:
    if unit_name == "bannerman":
        from .modules.genghis import NUMBERS  # GK-60
        cost = dict(NUMBERS.bannerman_cost)
    else:
        cost = dict(BOARD.recruit_costs[unit_name])
    discount = state.overseers["barracks"][seat]
    for r in ("wood", "stone", "chi", "gold"):
        while discount and cost.get(r):
            cost[r] -= 1
            discount -= 1
    return {r: n for r, n in cost.items() if n}


def legal_recruit(state, seat=None):
    seat = T.top(state)[1] if seat is None else seat
    out = []
    for s in range(BOARD.sections):
        if state.soldiers[seat][ARCHER] and M.free_archer_slot(state, s) and M.can_pay(state, seat, recruit_cost(state, seat, "archer")):
            out.append(f"archer:{s}")
        if state.soldiers[seat][SPEARMAN] and M.can_pay(state, seat, recruit_cost(state, seat, "spearman")):
            out.append(f"spearman:{s}")
        if state.soldiers[seat][HORSEMAN] and M.can_pay(state, seat, recruit_cost(state, seat, "horseman")):
            if seat in state.archers[s]:
                out.append(f"horseman:{s}:archer")
            if (seat, SPEARMAN) in state.behind[s]:
                out.append(f"horseman:{s}:spearman")
        if len(state.soldiers[seat]) > BANNERMAN and state.soldiers[seat][BANNERMAN] and M.can_pay(
                state, seat, recruit_cost(state, seat, "bannerman")):
            out.append(f"bannerman:{s}")  # GK-59/60: the one Bannerman, behind the Wall like a Spearman
    return out


@per_clerk_choice("recruit", legal_recruit)
def apply_recruit(state, seat, action_id):
    unit, section, *upgrade = action_id.split(":")
    section = int(section)
    rules = ("GW-BARRACKS-01", {"archer": "GW-BARRACKS-02", "spearman": "GW-BARRACKS-03",
                                "bannerman": "GK-59"}.get(unit, "GW-BARRACKS-05"))
    M.pay(state, seat, recruit_cost(state, seat, unit), rules + ("GW-OVERSEER-07", "GWA-OVERSEER-04"))
    state.flags[f"recruited:{seat}"] = 1
    if unit == "horseman":
        if upgrade[0] == "archer":
            M.remove_archer(state, seat, section)
            state.add_soldiers(seat, ARCHER, 1)
        else:
            M.remove_behind(state, seat, SPEARMAN, section)
            state.add_soldiers(seat, SPEARMAN, 1)
        deploy(state, seat, HORSEMAN, section, rules + ("GWA-BARRACKS-01",))
    elif unit == "bannerman":
        deploy(state, seat, BANNERMAN, section, rules + ("GK-58", "GK-60", "GWA-GK-08"))
    else:
        deploy(state, seat, ARCHER if unit == "archer" else SPEARMAN, section, rules)


# ---- Post Office (GW-POST-*, GWA-POST-01, GWA-SETUP-02/03) ------------------------------------------------

def clerk_price(state, seat) -> int | None:
    prices = M.clerk_prices(state.players)
    left = state.post_clerks[seat]
    return prices[len(prices) - left] if left else None


def legal_post(state, seat=None):
    seat = T.top(state)[1] if seat is None else seat
    wood, stone, gold, chi = state.res[seat]
    out = []
    if state.advisor_track and chi >= BOARD.post_chi_cost:
        out.append("chi")
    out += [f"advisor:{i}" for i, _ in enumerate(state.advisor_track) if gold >= BOARD.advisor_prices[i]]
    price = clerk_price(state, seat)
    if price is not None and gold >= price:
        out.append("clerk")
    return out


@per_clerk_choice("post", legal_post)
def apply_post(state, seat, action_id):
    if action_id == "chi":
        M.pay(state, seat, {"chi": BOARD.post_chi_cost}, ("GW-POST-02", "GWA-POST-01"))
        M.take_from_track(state, seat, 0, ("GW-POST-02", "GW-POST-03", "GWA-POST-01"))
        if state.advisor_track:
            state.advisor_discard.append(state.advisor_track.pop(0))
        M.refill_advisor_track(state, 2)
        T.push(state, ("limit", seat, "advisors"))
    elif action_id == "clerk":
        M.pay(state, seat, {"gold": clerk_price(state, seat)}, ("GW-POST-05", "GW-POST-07", "GWA-SETUP-03"))
        state.post_clerks[seat] -= 1
        state.clerks[seat] += 1
        state.log(("GW-POST-05",), "ev.gain_clerk", seat=seat, n=1)
    else:
        i = int(action_id.split(":")[1])
        M.pay(state, seat, {"gold": BOARD.advisor_prices[i]}, ("GW-POST-04", "GWA-SETUP-02"))
        M.take_from_track(state, seat, i, ("GW-POST-04", "GW-POST-08"))
        M.refill_advisor_track(state, 1)
        T.push(state, ("limit", seat, "advisors"))


# ---- Messenger Office (GW-MESSENGER-01, GWA-MESSENGER-01) --------------------------------------------------

def legal_messenger(state, seat=None):
    from .effects import movable
    seat = T.top(state)[1] if seat is None else seat
    return ["move"] if movable(state, seat) else []


@per_clerk_choice("messenger", legal_messenger)
def apply_messenger(state, seat, action_id):
    T.push(state, ("soldier_move", seat, BOARD.messenger_moves, ("GW-MESSENGER-01", "GWA-MESSENGER-01"), None, "fix"))


# ---- Engineer Workshop (GW-WORKSHOP-*, GW-FORT-*) ----------------------------------------------------------

PAYMENTS = [c for c in combinations_with_replacement(("wood", "stone", "gold"), 2)]


def legal_workshop(state, seat=None):
    from .effects import fort_sections
    seat = T.top(state)[1] if seat is None else seat
    payable = ["+".join(p) for p in PAYMENTS if M.can_pay(state, seat, _payment(p))]
    return [f"fort:{s}:{p}" for s in fort_sections(state) for p in payable]


def _payment(parts) -> dict:
    out: dict = {}
    for r in parts:
        out[r] = out.get(r, 0) + 1
    return out


@per_clerk_choice("workshop", legal_workshop)
def apply_workshop(state, seat, action_id):
    _, section, parts = action_id.split(":")
    M.pay(state, seat, _payment(parts.split("+")), ("GW-WORKSHOP-01",))
    build_fort(state, seat, int(section), ("GW-WORKSHOP-01",))
    M.gain(state, seat, {"honor": BOARD.workshop_honor}, ("GW-WORKSHOP-02",))


# ---- Overseers (GW-OVERSEER-*, GW-PROD-04, GW-ACTION-03, GWA-OVERSEER-01) ------------------------------------

@T.handler("overseer_offer")
def run_overseer_offer(state, task):
    """After a production activation (gathered >= 1) or the Barracks (recruited >= 1)."""
    _, seat, loc = task
    earned = state.flags.get(f"gathered:{seat}:{loc}", 0) if loc != "barracks" else state.flags.get(f"recruited:{seat}", 0)
    T.done(state)
    if earned:
        T.push(state, ("overseer", seat, 1, ("GW-PROD-04", "GW-ACTION-03"), loc, False))


@T.handler("overseer")
def run_overseer(state, task):
    _, seat, left, rules, where, free = task
    if left <= 0 or not overseer_options(state, seat, where, free):
        T.done(state)
        return
    T.ask(state, seat, "overseer")


def overseer_options(state, seat, where, free) -> list[str]:
    out = []
    for loc in ([where] if where != "any" else [l for l in LOC_ORDER if LOCS[l].overseer]):
        level = state.overseers[loc][seat]
        if level == 0 and state.soldiers[seat][SPEARMAN] and (free or sum(state.res[seat]) >= BOARD.overseer["buy_resources"]):
            out.append(f"buy:{loc}")
        elif 0 < level < BOARD.overseer["max_level"] and loc not in state.ext.get("overseer_locked", ()) and (free or sum(state.res[seat]) >= BOARD.overseer["upgrade_cost"]):
            out.append(f"upgrade:{loc}")
    return out


def legal_overseer(state):
    _, seat, _, _, where, free = T.top(state)
    return overseer_options(state, seat, where, free) + ["skip"]


@T.decision("overseer", legal_overseer)
def apply_overseer(state, action_id):
    kind, seat, left, rules, where, free = T.top(state)
    if action_id == "skip":
        T.done(state)
        return
    T.replace(state, (kind, seat, left - 1, rules, where, free))
    what, loc = action_id.split(":")
    levels = list(state.overseers[loc])
    if what == "buy":
        state.add_soldiers(seat, SPEARMAN, -1)
        cost = BOARD.overseer["buy_resources"]
        rules = rules + ("GW-OVERSEER-01", "GW-OVERSEER-02", "GW-OVERSEER-03", "GWA-OVERSEER-01")
    else:
        cost = BOARD.overseer["upgrade_cost"]
        rules = rules + ("GW-OVERSEER-04", "GW-OVERSEER-08", "GWA-OVERSEER-01")
    levels[seat] += 1
    state.overseers[loc] = tuple(levels)
    if not free:
        T.push(state, ("pay_any", seat, cost, rules))
    state.log(rules, "ev.overseer", seat=seat, location=loc, level=levels[seat])


@T.handler("pay_any")
def run_pay_any(state, task):
    """Pay n resources of any kinds, one at a time (auto when only one kind is held)."""
    _, seat, left, rules = task
    held = [r for r, n in zip(("wood", "stone", "gold", "chi"), state.res[seat]) if n]
    if left <= 0 or not held:
        T.done(state)
        return
    if len(held) == 1:
        T.replace(state, ("pay_any", seat, left - 1, rules))
        M.pay(state, seat, {held[0]: 1}, rules)
        return
    T.ask(state, seat, "pay_any")


@T.decision("pay_any", lambda state: [f"resource:{r}" for r, n in zip(("wood", "stone", "gold", "chi"),
                                                                        state.res[T.top(state)[1]]) if n])
def apply_pay_any(state, action_id):
    _, seat, left, rules = T.top(state)
    T.replace(state, ("pay_any", seat, left - 1, rules))
    M.pay(state, seat, {action_id.split(":")[1]: 1}, rules)


EFFECTS = {
    "quarry": production, "lumber_mill": production, "gold_mine": production, "temple": production,
    "barracks": per_clerk("recruit"), "academy": academy,
    "tea_house": track_location("tea", ("GW-TEA-01", "GW-TEA-03")),
    "war_room": track_location("leader", ("GW-TEA-02", "GW-TEA-03")),
    "post_office": per_clerk("post"), "messenger_office": per_clerk("messenger"),
    "engineer_workshop": per_clerk("workshop"),
}
LEGAL = {"recruit": legal_recruit, "post": legal_post, "messenger": legal_messenger, "workshop": legal_workshop}

