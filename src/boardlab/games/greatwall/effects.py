"""The interpreter of the card effect vocabulary (docs/greatwall-effects.md).

`effect_tasks(seat, effects, rules)` turns a card's effect list into tasks; each op is a
handler below. Ops that need a choice ask their own decision.
"""
from __future__ import annotations

from . import actions as A
from . import mechanics as M
from . import tasks as T
from .content import RESOURCES
from .data_tables import BOARD, HORDES, LOCS, UNIT_INDEX, vector
from .records import (Activate, ClerkMove, DiscardCards, EffectOp, FortifyFree, HandLimit, PlaceOverseer,
                      RecruitFree, SoldierMove, TakeAdvisor, Wound, WoundColumn)
from .state import ARCHER, GWState, HORSEMAN, SPEARMAN
from .tasks import BASE


def effect_tasks(seat: int, effects: list[dict], rules: tuple[str, ...]) -> list[EffectOp]:
    return [EffectOp(seat, op, arg, rules) for e in effects for op, arg in e.items()]


@T.handler(BASE, EffectOp)
def run_effect(state: GWState, task: EffectOp) -> None:
    OPS[task.op](state, task.seat, task.arg, task.rules)


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
    T.push(state, HandLimit(seat, "tactics"))


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
        fate = M.soldier_dies(state, seat, ARCHER)
        state.log(rules + fate, "ev.kill", seat=seat, unit="archer", section=where)


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


@T.task_decision(BASE, "pay", legal_pay)
def apply_pay(state, action_id):
    task = T.top(state)
    seat, arg, rules = task.seat, task.arg, task.rules
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
    return [A.resource_id(r) for r in T.top(state).arg["of"]]


@T.task_decision(BASE, "gain_any", legal_gain_any)
def apply_gain_any(state, action_id):
    task = T.top(state)
    T.done(state)
    M.gain(state, task.seat, {A.arg(action_id): task.arg["n"]}, task.rules)


def op_trade(state, seat, arg, rules):
    if not M.can_pay(state, seat, arg["pay"]):
        T.done(state)
        return
    T.ask(state, seat, "trade")


@T.task_decision(BASE, "trade", lambda state: ["trade", "skip"])
def apply_trade(state, action_id):
    task = T.top(state)
    T.done(state)
    if action_id == "trade":
        M.pay(state, task.seat, task.arg["pay"], task.rules)
        M.gain(state, task.seat, task.arg["gain"], task.rules)


def op_move_clerks(state, seat, arg, rules):
    """GWA-MOVE-01: up to n moves, each from supply or a non-full Location to a free slot."""
    T.replace(state, ClerkMove(seat, arg, rules, None))


@T.handler(BASE, ClerkMove)
def run_clerk_move(state: GWState, task: ClerkMove) -> None:
    seat, source = task.seat, task.source
    if source is None:  # the legal lists as `legal_clerk_from` / `legal_clerk_to` give them
        sources = clerk_sources(state, seat) if task.left > 0 else ()
        if sources and M.with_room(state):
            T.offer(state, seat, "clerk_from", [A.from_id(s) for s in sources] + ["done"])
        else:
            T.done(state)
        return
    # a source was chosen just now (`apply_clerk_from`, nothing else changed): a Clerk can come from there
    rooms = M.with_room(state)
    if rooms:
        T.offer(state, seat, "clerk_to", [A.to_id(l) for l in rooms if l != source])
    else:
        T.done(state)


def clerk_sources(state, seat) -> list[str]:
    out = ["supply"] if state.clerks[seat] > 0 else []
    on, capacity = state.clerks_on, M.capacities(state)
    return out + [l for l in M.locations(state) if seat in on[l] and len(on[l]) < capacity[l]]


def legal_clerk_from(state):
    seat = T.top(state).seat
    return [A.from_id(s) for s in clerk_sources(state, seat)] + ["done"]


@T.task_decision(BASE, "clerk_from", legal_clerk_from)
def apply_clerk_from(state, action_id):
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    T.replace(state, task._replace(source=A.arg(action_id)))


def legal_clerk_to(state):
    source = T.top(state).source
    return [A.to_id(l) for l in M.with_room(state) if l != source]


@T.task_decision(BASE, "clerk_to", legal_clerk_to)
def apply_clerk_to(state, action_id):
    task = T.top(state)
    seat, rules, source = task.seat, task.rules, task.source
    target = A.arg(action_id)
    if source == "supply":
        state.clerks[seat] -= 1
    else:
        M.take_clerk(state, seat, source)
    M.put_clerk(state, seat, target)
    state.log(rules + ("GW-MOVE-01", "GW-MOVE-02"), "ev.clerk", seat=seat, source=source, target=target)
    T.replace(state, task._replace(left=task.left - 1, source=None))
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
    from .locations import effect_of  # here, not at the top: locations.py builds on this file
    # a Location without an effect cannot be activated (AC-EMP-08)
    here = M.locations(state)
    pool = here if ref == "any" else [l for l in here if LOCS[l].kind == ref] if ref in (
        "production", "action", "green") else [ref]
    return [l for l in pool if effect_of(state, l) is not None and any(s >= 0 for s in state.clerks_on.get(l, ()))]


def legal_advanced(state):
    return [A.activate_id(l) for l in activation_targets(state, T.top(state).arg)]


@T.task_decision(BASE, "advanced", legal_advanced)
def apply_advanced(state, action_id):
    task = T.top(state)
    T.done(state)
    T.push(state, Activate(task.seat, A.arg(action_id), True, task.rules + ("GW-ACTIVATE-03", "GW-ACTIVATE-04")))


def op_recruit(state, seat, arg, rules):
    T.replace(state, RecruitFree(seat, arg["unit"], arg.get("n", 1), rules))


@T.handler(BASE, RecruitFree)
def run_recruit_free(state: GWState, task: RecruitFree) -> None:
    u = UNIT_INDEX[task.unit]
    if task.left <= 0 or state.soldiers[task.seat][u] == 0 or not recruit_sections(state, u):
        T.done(state)
        return
    T.ask(state, task.seat, "recruit_free")


def recruit_sections(state, unit: int) -> list[int]:
    return [s for s in range(BOARD.sections) if unit != ARCHER or M.free_archer_slot(state, s)]


def legal_recruit_free(state):
    return [A.section_id(s) for s in recruit_sections(state, UNIT_INDEX[T.top(state).unit])]


@T.task_decision(BASE, "recruit_free", legal_recruit_free)
def apply_recruit_free(state, action_id):
    task = T.top(state)
    deploy(state, task.seat, UNIT_INDEX[task.unit], A.arg(action_id), task.rules)
    T.replace(state, task._replace(left=task.left - 1))


def deploy(state, seat, unit: int, section: int, rules) -> None:
    """A recruit from supply: an Archer onto the Wall, others behind it (GW-BARRACKS-02/03)."""
    state.add_soldiers(seat, unit, -1)
    if unit == ARCHER:
        M.place_archer(state, seat, section)
    else:
        M.place_behind(state, seat, unit, section)
    state.log(rules, "ev.recruit", seat=seat, unit=M.unit_name(unit), section=section)


def op_move_soldiers(state, seat, arg, rules):
    T.replace(state, SoldierMove(seat, arg, rules, None, None))


@T.handler(BASE, SoldierMove)
def run_soldier_move(state: GWState, task: SoldierMove) -> None:
    if task.left <= 0 or not movable(state, task.seat, task.route):
        T.done(state)
        return
    T.ask(state, task.seat, "soldier_from" if task.picked is None else "soldier_to")


def movable(state, seat, route=None) -> list[str]:
    """GWA-MESSENGER-01: own soldiers on or behind the Wall (not on Horde cards): Archers on it, and
    every other kind behind it (an Archer behind it stays, GW-BREACH-11)."""
    out = []
    kinds = [u for u in range(len(state.soldiers[seat])) if u != ARCHER]
    for s in range(BOARD.sections):
        if isinstance(route, tuple) and s != route[0]:
            continue
        targets = [t for t in range(BOARD.sections) if t != s and (not isinstance(route, tuple) or t == route[1])]
        if seat in state.archers[s] and any(M.free_archer_slot(state, t) for t in targets):
            out.append(A.soldier_at("archer", s))
        for unit in kinds:
            if (seat, unit) in state.behind[s] and targets:
                out.append(A.soldier_at(M.unit_name(unit), s))
    return out


def legal_soldier_from(state):
    task = T.top(state)
    return [A.move_id(m) for m in movable(state, task.seat, task.route)] + ["done"]


@T.task_decision(BASE, "soldier_from", legal_soldier_from)
def apply_soldier_from(state, action_id):
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    T.replace(state, task._replace(picked=A.soldier_at(*A.arg(action_id, "soldier_from"))))


def legal_soldier_to(state):
    task = T.top(state)
    unit, origin = A.unit_at(task.picked)
    route = task.route
    return [A.section_id(t) for t in range(BOARD.sections)
            if t != origin and (unit != "archer" or M.free_archer_slot(state, t))
            and (not isinstance(route, tuple) or t == route[1])]


@T.task_decision(BASE, "soldier_to", legal_soldier_to)
def apply_soldier_to(state, action_id):
    task = T.top(state)
    seat, route = task.seat, task.route
    unit, origin = A.unit_at(task.picked)
    target = A.arg(action_id)
    if unit == "archer":
        M.remove_archer(state, seat, origin)
        M.place_archer(state, seat, target)
    else:
        M.remove_behind(state, seat, UNIT_INDEX[unit], origin)
        M.place_behind(state, seat, UNIT_INDEX[unit], target)
    state.log(task.rules, "ev.move_soldier", seat=seat, unit=unit, source=origin, target=target)
    T.replace(state, task._replace(left=task.left - 1, picked=None,
                                   route=(origin, target) if route == "fix" else route))


def op_fortify(state, seat, arg, rules):
    T.replace(state, FortifyFree(seat, arg, rules))


@T.handler(BASE, FortifyFree)
def run_fortify_free(state: GWState, task: FortifyFree) -> None:
    T.ask_or_done(state, task.seat, "fortify_free", task.left > 0 and fort_sections(state))


def fort_sections(state) -> list[int]:
    return [s for s in range(BOARD.sections) if state.forts[s] < BOARD.fortification["max_per_section"]]


@T.task_decision(BASE, "fortify_free", lambda state: [A.section_id(s) for s in fort_sections(state)])
def apply_fortify_free(state, action_id):
    task = T.top(state)
    build_fort(state, task.seat, A.arg(action_id), task.rules)
    T.replace(state, task._replace(left=task.left - 1))


def build_fort(state, seat, section, rules) -> None:
    """GW-FORT-01..03."""
    state.forts[section] += 1
    state.forts_built[seat] += 1
    state.log(rules + ("GW-FORT-01", "GW-FORT-03"), "ev.fort", seat=seat, section=section)


def op_overseer(state, seat, arg, rules):
    T.replace(state, PlaceOverseer(seat, arg, rules, "any", True))


def op_take_advisor(state, seat, arg, rules):
    T.replace(state, TakeAdvisor(seat, arg, rules))


@T.handler(BASE, TakeAdvisor)
def run_take_advisor(state: GWState, task: TakeAdvisor) -> None:
    T.ask_or_done(state, task.seat, "take_advisor", task.left > 0 and state.advisor_track)


@T.task_decision(BASE, "take_advisor", lambda state: [A.track_id(i) for i in range(len(state.advisor_track))])
def apply_take_advisor(state, action_id):
    task = T.top(state)
    M.take_from_track(state, task.seat, A.arg(action_id, "take_advisor"), task.rules)
    M.refill_advisor_track(state, 1)
    T.replace(state, task._replace(left=task.left - 1))
    T.push(state, HandLimit(task.seat, "advisors"))


def op_discard_tactic(state, seat, arg, rules):
    T.replace(state, DiscardCards(seat, "tactics", arg, rules, 0))


@T.handler(BASE, DiscardCards)
def run_discard(state: GWState, task: DiscardCards) -> None:
    """Discard `left` cards; the `keep` newest cards of the hand may not be chosen."""
    if task.left <= 0 or len(getattr(state, task.hand)[task.seat]) <= task.keep:
        T.done(state)
        return
    T.ask(state, task.seat, f"discard_{task.hand}")


def _legal_discard(hand):
    def legal(state):
        task = T.top(state)
        cards = getattr(state, hand)[task.seat]
        return [A.discard_id(c) for c in dict.fromkeys(cards[:len(cards) - task.keep])]
    return legal


def _apply_discard(hand):
    def apply(state, action_id):
        task = T.top(state)
        seat = task.seat
        card = A.arg(action_id)
        cards = list(getattr(state, hand)[seat])
        cards.remove(card)
        getattr(state, hand)[seat] = tuple(cards)
        pile = "tactic_discard" if hand == "tactics" else "advisor_discard"
        getattr(state, pile).append(card)
        state.secret_discards += ((pile, seat, len(getattr(state, pile)) - 1),)  # the others do not see which
        state.log(task.rules, f"ev.discard_{hand}", seat=seat)
        T.replace(state, task._replace(left=task.left - 1))
    return apply


for _hand in ("tactics", "advisors"):
    T.task_decision(BASE, f"discard_{_hand}", _legal_discard(_hand))(_apply_discard(_hand))


@T.handler(BASE, HandLimit)
def run_limit(state: GWState, task: HandLimit) -> None:
    """GW-POST-09/10, GW-TACTICS-01/02: over the hand limit, discard down to it."""
    seat, hand = task.seat, task.hand
    T.done(state)
    over = len(getattr(state, hand)[seat]) - BOARD.hand_limits[hand]
    if over > 0:
        # GW-POST-10: a 7th Advisor makes you discard one of the 6 you had; a Tactic may be any
        keep = 1 if hand == "advisors" else 0
        rules = ("GW-POST-09", "GW-POST-10") if hand == "advisors" else ("GW-TACTICS-01", "GW-TACTICS-02")
        T.push(state, DiscardCards(seat, hand, over, rules, keep))


def op_wound(state, seat, arg, rules):
    T.replace(state, Wound(seat, arg, rules))


def op_wound_column(state, seat, arg, rules):
    T.replace(state, WoundColumn(seat, arg, rules))


# GWA-ADVISOR-02: the ops that can do nothing, and when (any other op always acts)
VOID = {
    "move_clerks": lambda state, seat, arg: not clerk_sources(state, seat) or not M.with_room(state),
    "gain_clerk": lambda state, seat, arg: state.post_clerks[seat] == 0,
    "recruit": lambda state, seat, arg: state.soldiers[seat][UNIT_INDEX[arg["unit"]]] == 0 or not recruit_sections(
        state, UNIT_INDEX[arg["unit"]]),
    "move_soldiers": lambda state, seat, arg: not movable(state, seat),
    "fortify": lambda state, seat, arg: not fort_sections(state),
    "take_advisor": lambda state, seat, arg: not state.advisor_track,
    "trade": lambda state, seat, arg: not M.can_pay(state, seat, arg["pay"]),
    "discard_tactic": lambda state, seat, arg: not state.tactics[seat],
}


def can_matter(state, seat: int, effects: list[dict]) -> bool:
    """Whether resolving `effects` now could change anything (GWA-ADVISOR-02)."""
    return any(op not in VOID or not VOID[op](state, seat, arg) for e in effects for op, arg in e.items())


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

def end_honor(state: GWState, seat: int) -> int:
    """The Honor the Horde cards a seat kept bring at the end (the measure "horde_end_honor")."""
    kept = state.kept[seat]
    return sum(HORDES[h].end_honor for h in kept) if kept else 0


def measure(state: GWState, seat: int, name: str) -> int:
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
        return end_honor(state, seat)
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


