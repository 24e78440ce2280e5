"""The interpreter of the card effect vocabulary (docs/greatwall-effects.md).

`effect_tasks(seat, effects, rules)` turns a card's effect list into tasks; each op is a
handler below. Ops that need a choice ask their own decision.
"""
from __future__ import annotations

from . import mechanics as M
from . import tasks as T
from .content import RESOURCES
from .data_tables import BOARD, LOCS, vector
from .state import ARCHER, BANNERMAN, GWState, HORSEMAN, SPEARMAN

UNITS = {"spearman": SPEARMAN, "archer": ARCHER, "horseman": HORSEMAN, "bannerman": BANNERMAN}


def effect_tasks(seat: int, effects: list[dict], rules: tuple[str, ...]) -> list[tuple]:
    return [("fx", seat, op, arg, rules) for e in effects for op, arg in e.items()]


@T.handler("fx")
def run_effect(state: GWState, task: tuple) -> None:
    _, seat, op, arg, rules = task
    OPS[op](state, seat, arg, rules)


def _simple(fn):
    """An op that needs no choice: do it and finish the task."""
    def op(state, seat, arg, rules):
        T.done(state)
        fn(state, seat, arg, rules)
    return op


# ---- ops without choices ------------------------------------------------------------------------

@_simple
def op_gain(state, seat, arg, rules):
    M.gain(state, seat, arg, rules)


@_simple
def op_lose_honor(state, seat, arg, rules):
    M.lose_honor(state, seat, arg, rules)


@_simple
def op_tea(state, seat, arg, rules):
    M.move_up(state, "tea", seat, arg, rules)


@_simple
def op_leader(state, seat, arg, rules):
    M.move_up(state, "leader", seat, arg, rules)


@_simple
def op_gain_clerk(state, seat, arg, rules):
    n = min(arg, state.post_clerks[seat])
    state.post_clerks[seat] -= n
    state.clerks[seat] += n
    state.log(rules, "ev.gain_clerk", seat=seat, n=n)


@_simple
def op_draw_tactics(state, seat, arg, rules):
    M.draw_tactics(state, seat, arg, rules)
    T.push(state, ("limit", seat, "tactics"))


def _battle(key: str, per_seat: bool):
    @_simple
    def op(state, seat, arg, rules):
        k = f"{key}:{seat}" if per_seat else key
        state.battle[k] = state.battle.get(k, 0) + arg
        state.log(rules, f"ev.battle.{key}", seat=seat, n=arg)
    return op


@_simple
def op_honor_per(state, seat, arg, rules):
    n = measure(state, seat, arg["measure"]) * arg["n"]
    if n:
        M.gain(state, seat, {"honor": n}, rules)


@_simple
def op_kill_archers(state, seat, arg, rules):
    section = state.battle.get("section")
    sections = [section] if section is not None else range(BOARD.sections)
    for _ in range(arg):
        where = next((s for s in sections if seat in state.archers[s]), None)
        if where is None:
            return
        M.remove_archer(state, seat, where)
        M.soldier_dies(state, seat, ARCHER)
        state.log(rules, "ev.kill", seat=seat, unit="archer", section=where)


# ---- ops with choices ---------------------------------------------------------------------------

def op_pay(state, seat, arg, rules):
    """GW-BREACH-07: a resource not paid costs 1 Honor; the player may refuse to pay."""
    if not any(state.res[seat][i] for i, n in enumerate(vector(arg)) if n):
        T.done(state)
        M.lose_honor(state, seat, sum(arg.values()), rules + ("GW-BREACH-07",), "ev.unpaid")
        return
    T.ask(state, seat, "pay")


def legal_pay(state):
    return ["pay", "refuse"]


@T.decision("pay", legal_pay)
def apply_pay(state, action_id):
    _, seat, _, arg, rules = T.top(state)
    T.done(state)
    owed = vector(arg)
    paid = tuple(min(h, n) for h, n in zip(state.res[seat], owed)) if action_id == "pay" else (0, 0, 0, 0)
    if any(paid):
        M.pay(state, seat, dict(zip(RESOURCES, paid)), rules)
    M.lose_honor(state, seat, sum(owed) - sum(paid), rules + ("GW-BREACH-07",), "ev.unpaid")


def op_gain_any(state, seat, arg, rules):
    if len(arg["of"]) == 1:
        T.done(state)
        M.gain(state, seat, {arg["of"][0]: arg["n"]}, rules)
        return
    T.ask(state, seat, "gain_any")


def legal_gain_any(state):
    return [f"resource:{r}" for r in T.top(state)[3]["of"]]


@T.decision("gain_any", legal_gain_any)
def apply_gain_any(state, action_id):
    _, seat, _, arg, rules = T.top(state)
    T.done(state)
    M.gain(state, seat, {action_id.split(":")[1]: arg["n"]}, rules)


def op_trade(state, seat, arg, rules):
    if not M.can_pay(state, seat, arg["pay"]):
        T.done(state)
        return
    T.ask(state, seat, "trade")


@T.decision("trade", lambda state: ["trade", "skip"])
def apply_trade(state, action_id):
    _, seat, _, arg, rules = T.top(state)
    T.done(state)
    if action_id == "trade":
        M.pay(state, seat, arg["pay"], rules)
        M.gain(state, seat, arg["gain"], rules)


def op_move_clerks(state, seat, arg, rules):
    """GWA-MOVE-01: up to n moves, each from supply or a non-full Location to a free slot."""
    T.replace(state, ("clerk_move", seat, arg, rules, None))


@T.handler("clerk_move")
def run_clerk_move(state, task):
    _, seat, left, rules, source = task
    if left <= 0 or not clerk_sources(state, seat) or not any(M.has_room(state, l) for l in M.locations(state)):
        T.done(state)
        return
    T.ask(state, seat, "clerk_from" if source is None else "clerk_to")


def clerk_sources(state, seat) -> list[str]:
    out = ["supply"] if state.clerks[seat] > 0 else []
    return out + [l for l in M.locations(state) if M.clerks_of(state, l, seat) and not M.is_full(state, l)]


def legal_clerk_from(state):
    seat = T.top(state)[1]
    return [f"from:{s}" for s in clerk_sources(state, seat)] + ["done"]


@T.decision("clerk_from", legal_clerk_from)
def apply_clerk_from(state, action_id):
    kind, seat, left, rules, _ = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    T.replace(state, (kind, seat, left, rules, action_id.split(":")[1]))


def legal_clerk_to(state):
    _, seat, _, _, source = T.top(state)
    return [f"to:{l}" for l in M.locations(state) if l != source and M.has_room(state, l)]


@T.decision("clerk_to", legal_clerk_to)
def apply_clerk_to(state, action_id):
    kind, seat, left, rules, source = T.top(state)
    target = action_id.split(":")[1]
    if source == "supply":
        state.clerks[seat] -= 1
    else:
        M.take_clerk(state, seat, source)
    M.put_clerk(state, seat, target)
    state.log(rules + ("GW-MOVE-01", "GW-MOVE-02"), "ev.clerk", seat=seat, source=source, target=target)
    T.replace(state, (kind, seat, left - 1, rules, None))
    overseer_bonus(state, seat, target)


def overseer_bonus(state, seat, loc) -> None:
    """GWA-OVERSEER-03: the first Clerk placed each Command phase where you have an Overseer."""
    level = state.overseers.get(loc, ())[seat] if loc in state.overseers else 0
    key = f"bonus:{seat}:{loc}"
    if level and LOCS[loc].resource and not state.flags.get(key):
        state.flags[key] = 1
        M.gain(state, seat, {LOCS[loc].resource: BOARD.overseer["winter_bonus"][level]}, ("GW-OVERSEER-06", "GWA-OVERSEER-03"))


def op_advanced_activation(state, seat, arg, rules):
    if not activation_targets(state, arg):
        T.done(state)
        state.log(rules, "ev.nothing_to_activate", seat=seat)
        return
    T.ask(state, seat, "advanced")


def activation_targets(state, ref) -> list[str]:
    here = M.locations(state)
    pool = here if ref == "any" else [l for l in here if LOCS[l].kind == ref] if ref in (
        "production", "action", "green") else [ref]
    from .locations import EFFECTS  # a Location without an effect cannot be activated (AC-EMP-08)
    return [l for l in pool if l in EFFECTS and any(s >= 0 for s in state.clerks_on.get(l, ()))]


def legal_advanced(state):
    return [f"activate:{l}" for l in activation_targets(state, T.top(state)[3])]


@T.decision("advanced", legal_advanced)
def apply_advanced(state, action_id):
    _, seat, _, _, rules = T.top(state)
    T.done(state)
    T.push(state, ("activate", seat, action_id.split(":")[1], True, rules + ("GW-ACTIVATE-03",)))


def op_recruit(state, seat, arg, rules):
    T.replace(state, ("recruit_free", seat, arg["unit"], arg.get("n", 1), rules))


@T.handler("recruit_free")
def run_recruit_free(state, task):
    _, seat, unit, left, rules = task
    u = UNITS[unit]
    if left <= 0 or state.soldiers[seat][u] == 0 or not recruit_sections(state, u):
        T.done(state)
        return
    T.ask(state, seat, "recruit_free")


def recruit_sections(state, unit: int) -> list[int]:
    return [s for s in range(BOARD.sections) if unit != ARCHER or M.free_archer_slot(state, s)]


def legal_recruit_free(state):
    return [f"section:{s}" for s in recruit_sections(state, UNITS[T.top(state)[2]])]


@T.decision("recruit_free", legal_recruit_free)
def apply_recruit_free(state, action_id):
    kind, seat, unit, left, rules = T.top(state)
    section = int(action_id.split(":")[1])
    deploy(state, seat, UNITS[unit], section, rules)
    T.replace(state, (kind, seat, unit, left - 1, rules))


def deploy(state, seat, unit: int, section: int, rules) -> None:
    """A recruit from supply: an Archer onto the Wall, others behind it (GW-BARRACKS-02/03)."""
    state.add_soldiers(seat, unit, -1)
    if unit == ARCHER:
        M.place_archer(state, seat, section)
    else:
        M.place_behind(state, seat, unit, section)
    state.log(rules, "ev.recruit", seat=seat, unit=M.unit_name(unit), section=section)


def op_move_soldiers(state, seat, arg, rules):
    T.replace(state, ("soldier_move", seat, arg, rules, None, None))


# A soldier move task: (kind, seat, moves left, rules, picked "unit@section" or None, route).
# `route` None lets each move go anywhere; "fix" (the Messenger Office, GW-MESSENGER-01) makes
# the first move's (origin, destination) the route of the others.

@T.handler("soldier_move")
def run_soldier_move(state, task):
    _, seat, left, rules, picked, route = task
    if left <= 0 or not movable(state, seat, route):
        T.done(state)
        return
    T.ask(state, seat, "soldier_from" if picked is None else "soldier_to")


def movable(state, seat, route=None) -> list[str]:
    """GWA-MESSENGER-01: own soldiers on or behind the Wall (not on Horde cards)."""
    out = []
    for s in range(BOARD.sections):
        if isinstance(route, tuple) and s != route[0]:
            continue
        targets = [t for t in range(BOARD.sections) if t != s and (not isinstance(route, tuple) or t == route[1])]
        if seat in state.archers[s] and any(M.free_archer_slot(state, t) for t in targets):
            out.append(f"archer@{s}")
        for unit in (SPEARMAN, HORSEMAN, BANNERMAN):
            if (seat, unit) in state.behind[s] and targets:
                out.append(f"{M.unit_name(unit)}@{s}")
    return out


def legal_soldier_from(state):
    task = T.top(state)
    return [f"move:{m}" for m in movable(state, task[1], task[5])] + ["done"]


@T.decision("soldier_from", legal_soldier_from)
def apply_soldier_from(state, action_id):
    kind, seat, left, rules, _, route = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    T.replace(state, (kind, seat, left, rules, action_id.split(":")[1], route))


def legal_soldier_to(state):
    _, seat, _, _, picked, route = T.top(state)
    unit, origin = picked.split("@")
    return [f"section:{t}" for t in range(BOARD.sections)
            if t != int(origin) and (unit != "archer" or M.free_archer_slot(state, t))
            and (not isinstance(route, tuple) or t == route[1])]


@T.decision("soldier_to", legal_soldier_to)
def apply_soldier_to(state, action_id):
    kind, seat, left, rules, picked, route = T.top(state)
    unit, origin = picked.split("@")
    origin, target = int(origin), int(action_id.split(":")[1])
    if unit == "archer":
        M.remove_archer(state, seat, origin)
        M.place_archer(state, seat, target)
    else:
        M.remove_behind(state, seat, UNITS[unit], origin)
        M.place_behind(state, seat, UNITS[unit], target)
    state.log(rules, "ev.move_soldier", seat=seat, unit=unit, source=origin, target=target)
    T.replace(state, (kind, seat, left - 1, rules, None, (origin, target) if route == "fix" else route))


def op_fortify(state, seat, arg, rules):
    T.replace(state, ("fortify_free", seat, arg, rules))


@T.handler("fortify_free")
def run_fortify_free(state, task):
    T.ask_or_done(state, task[1], "fortify_free", task[2] > 0 and fort_sections(state))


def fort_sections(state) -> list[int]:
    return [s for s in range(BOARD.sections) if state.forts[s] < BOARD.fortification["max_per_section"]]


@T.decision("fortify_free", lambda state: [f"section:{s}" for s in fort_sections(state)])
def apply_fortify_free(state, action_id):
    kind, seat, left, rules = T.top(state)
    build_fort(state, seat, int(action_id.split(":")[1]), rules)
    T.replace(state, (kind, seat, left - 1, rules))


def build_fort(state, seat, section, rules) -> None:
    """GW-FORT-01..03."""
    state.forts[section] += 1
    state.forts_built[seat] += 1
    state.log(rules + ("GW-FORT-01", "GW-FORT-03"), "ev.fort", seat=seat, section=section)


def op_overseer(state, seat, arg, rules):
    T.replace(state, ("overseer", seat, arg, rules, "any", True))


def op_take_advisor(state, seat, arg, rules):
    T.replace(state, ("take_advisor", seat, arg, rules))


@T.handler("take_advisor")
def run_take_advisor(state, task):
    T.ask_or_done(state, task[1], "take_advisor", task[2] > 0 and state.advisor_track)


@T.decision("take_advisor", lambda state: [f"advisor:{i}" for i in range(len(state.advisor_track))])
def apply_take_advisor(state, action_id):
    kind, seat, left, rules = T.top(state)
    M.take_from_track(state, seat, int(action_id.split(":")[1]), rules)
    M.refill_advisor_track(state, 1)
    T.replace(state, (kind, seat, left - 1, rules))
    T.push(state, ("limit", seat, "advisors"))


def op_discard_tactic(state, seat, arg, rules):
    T.replace(state, ("discard", seat, "tactics", arg, rules, 0))


@T.handler("discard")
def run_discard(state, task):
    """Discard `left` cards; the `keep` newest cards of the hand may not be chosen."""
    _, seat, hand, left, rules, keep = task
    if left <= 0 or len(getattr(state, hand)[seat]) <= keep:
        T.done(state)
        return
    T.ask(state, seat, f"discard_{hand}")


def _legal_discard(hand):
    def legal(state):
        _, seat, _, _, _, keep = T.top(state)
        cards = getattr(state, hand)[seat]
        return [f"discard:{c}" for c in dict.fromkeys(cards[:len(cards) - keep])]
    return legal


def _apply_discard(hand):
    def apply(state, action_id):
        kind, seat, _, left, rules, keep = T.top(state)
        card = action_id.split(":", 1)[1]
        cards = list(getattr(state, hand)[seat])
        cards.remove(card)
        getattr(state, hand)[seat] = tuple(cards)
        (state.tactic_discard if hand == "tactics" else state.advisor_discard).append(card)
        state.log(rules, f"ev.discard_{hand}", seat=seat)
        T.replace(state, (kind, seat, hand, left - 1, rules, keep))
    return apply


for _hand in ("tactics", "advisors"):
    T.decision(f"discard_{_hand}", _legal_discard(_hand))(_apply_discard(_hand))


@T.handler("limit")
def run_limit(state, task):
    """GW-POST-09/10, GW-TACTICS-01/02: over the hand limit, discard down to it."""
    _, seat, hand = task
    T.done(state)
    over = len(getattr(state, hand)[seat]) - BOARD.hand_limits[hand]
    if over > 0:
        # GW-POST-10: a 7th Advisor makes you discard one of the 6 you had; a Tactic may be any
        keep = 1 if hand == "advisors" else 0
        rules = ("GW-POST-09", "GW-POST-10") if hand == "advisors" else ("GW-TACTICS-01", "GW-TACTICS-02")
        T.push(state, ("discard", seat, hand, over, rules, keep))


def op_wound(state, seat, arg, rules):
    T.replace(state, ("wound", seat, arg, rules))


def op_wound_column(state, seat, arg, rules):
    T.replace(state, ("wound_column", seat, arg, rules))


OPS = {
    "gain": op_gain, "pay": op_pay, "lose_honor": op_lose_honor, "gain_any": op_gain_any, "trade": op_trade,
    "tea": op_tea, "leader": op_leader, "move_clerks": op_move_clerks, "gain_clerk": op_gain_clerk,
    "advanced_activation": op_advanced_activation, "recruit": op_recruit, "move_soldiers": op_move_soldiers,
    "fortify": op_fortify, "overseer": op_overseer, "draw_tactics": op_draw_tactics,
    "take_advisor": op_take_advisor, "discard_tactic": op_discard_tactic, "wound": op_wound,
    "wound_column": op_wound_column,
    "defence": _battle("defence", False), "extra_dispatch": _battle("extra_dispatch", True),
    "kill_less": _battle("kill_less", True), "save_free": _battle("save_free", True),
    "kill_archers": op_kill_archers, "honor_per": op_honor_per,
}


# ---- measures (Artifacts, honor_per) ---------------------------------------------------------------

def measure(state: GWState, seat: int, name: str) -> int:
    from .data_tables import HORDES
    if name == "archers_on_wall":
        return sum(a.count(seat) for a in state.archers)
    if name == "soldiers_on_wall":
        return measure(state, seat, "archers_on_wall") + sum(1 for b in state.behind for s, _ in b if s == seat)
    if name in ("horsemen", "spearmen"):
        unit = HORSEMAN if name == "horsemen" else SPEARMAN
        return sum(1 for b in state.behind for s, u in b if s == seat and u == unit) + sum(
            1 for h in state.hordes if h for s, u, _ in h[2] if s == seat and u == unit)
    if name == "overseers":
        return sum(1 for levels in state.overseers.values() if levels[seat])
    if name == "overseer_levels":
        return sum(levels[seat] for levels in state.overseers.values())
    if name == "hordes_kept":
        return len(state.kept[seat])
    if name == "horde_end_honor":
        return sum(HORDES[h].end_honor for h in state.kept[seat])
    if name == "advisors":
        return len(state.advisors[seat])
    if name == "tactics":
        return len(state.tactics[seat])
    if name == "clerks":
        return state.clerks[seat] + sum(1 for on in state.clerks_on.values() for s in on if s == seat)
    if name == "wall_levels":
        return state.walls_built[seat]
    if name == "resources":
        return sum(state.res[seat])
    if name == "donated":
        return state.donated[seat]
    if name == "fortifications_built":
        return state.forts_built[seat]
    if name == "honor":
        return state.honor[seat]
    if name in ("wood", "stone", "gold", "chi"):
        return state.res[seat][("wood", "stone", "gold", "chi").index(name)]
    if name == "clerks_on_board":
        return sum(on.count(seat) for on in state.clerks_on.values())
    if name == "soldiers_at_highest_wall":
        top = max(state.wall)
        return sum(state.archers[s].count(seat) + sum(1 for o, _ in state.behind[s] if o == seat)
                   for s in range(len(state.wall)) if state.wall[s] == top)
    raise KeyError(name)


