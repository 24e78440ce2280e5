"""Spring: one battle per section facing Horde cards (GW-SPRING-*, GW-BATTLE-*, GW-BREACH-*).

A Horde card on the board is `(card id, cover, units)`: `cover` has one entry per wound
slot, None or `(seat, "w" | "s" | "h" | "x")` (wound, Spearman, Horseman, Secondary
Spearman); `units` lists the soldiers on it as `(seat, unit, slots)`.
"""
from __future__ import annotations

from operator import itemgetter

from . import actions as A
from . import mechanics as M
from . import tasks as T
from .data_tables import BOARD, HORDES, TACTICS, UNIT_INDEX, UNIT_NAMES
from .effects import effect_tasks
from .generals import trigger
from .records import (BattleBreach, BattleClaim, BattleDefeat, BattleHonor, BattleShift, BreachTactics, Dispatch,
                      Dispatched, Kills, PlaceSoldier, SecondaryDispatch, Shoot, TacticCommit, TacticResolve,
                      TacticReveal, Victim, Wound, WoundColumn)
from .seasons import release_soldiers, slot_index
from .state import ARCHER, GWState, HORSEMAN, SECONDARY, SPEARMAN
from .tasks import BASE

WOUND = "w"  # a cover mark: a wound; any other mark is a soldier (its unit's initial, "x" the Secondary's)


@BASE.step("spring.start")
def step_spring(state: GWState) -> str:
    state.season = "spring"
    todo = tuple(s for s in range(BOARD.sections) if column(state, s))
    state.battle = {"todo": todo, "fought": 0, "choosers": tuple(M.leader_order(state))}
    state.log(("GW-STRUCT-05", "GW-SPRING-01", "GW-SPRING-02"), "ev.spring", sections=list(todo))
    return "battle.choose"


def column(state: GWState, section: int) -> list[int]:
    """Rows of a section holding a Horde card (row 0 nearest the Wall)."""
    hordes, first = state.hordes, slot_index(section, 0)
    return [r for r in range(BOARD.horde_rows) if hordes[first + r] is not None]


@BASE.step("battle.choose")
def step_choose(state: GWState) -> str | None:
    """GW-SPRING-03, -05..07, GW-BREACH-19, GWA-SPRING-01: down the Leader track."""
    todo = state.battle["todo"]
    if not todo:
        return "spring.end"
    chooser = state.battle["choosers"][state.battle["fought"] % state.players]
    if len(todo) == 1:
        return start_battle(state, todo[0], chooser)
    T.ask(state, chooser, "battle_section")
    return None


def legal_section(state: GWState) -> list[str]:
    return [A.section_id(s) for s in state.battle["todo"]]


@BASE.decision("battle_section", legal_section)
def apply_section(state: GWState, action_id: str) -> str:
    return start_battle(state, A.arg(action_id), state.pending[0])


def start_battle(state: GWState, section: int, chooser: int) -> str:
    todo = tuple(s for s in state.battle["todo"] if s != section)
    state.battle = {"todo": todo, "fought": state.battle["fought"], "section": section,
                    "choosers": state.battle["choosers"]}
    state.log(("GW-SPRING-05", "GW-SPRING-08", "GWA-SPRING-01"), "ev.battle", seat=chooser, section=section)
    return BATTLE[0][0]


# GW-SPRING-08: each battle's steps, named so that expansions can hook them.
BATTLE = (
    ("battle.honor", BattleHonor()),               # 1 Honor
    ("battle.tactics", TacticCommit()),            # 2 Tactics: face down...
    ("battle.reveal", TacticReveal()),             # ...and revealed
    ("battle.shoot", Shoot(0)),                    # 3 Shooting
    ("battle.dispatch", Dispatch(0)),              # 4 Dispatch
    ("battle.defeat", BattleDefeat()),             # 5.1 defeat
    ("battle.breach", BattleBreach()),             # 5.2 breach check and disaster (effects, kills)
    ("battle.claim", BattleClaim()),               # breach 3: defeated cards kept or discarded
    ("battle.breach_tactics", BreachTactics()),    # breach 4
    ("battle.shift", BattleShift()),               # breach 5: cards move down
)


def _battle_step(task, nxt: str):
    return lambda state: T.run_then(state, [task], nxt)


for _i, (_name, _task) in enumerate(BATTLE):
    BASE.step(_name)(_battle_step(_task, BATTLE[_i + 1][0] if _i + 1 < len(BATTLE) else "battle.next"))


@BASE.step("battle.next")
def step_next(state: GWState) -> str:
    state.battle = {"todo": state.battle["todo"], "fought": state.battle["fought"] + 1,
                    "choosers": state.battle["choosers"]}
    return "battle.choose"


@BASE.step("spring.end")
def step_spring_end(state: GWState) -> str:
    """GW-FORT-04, GW-BREACH-20: Fortifications go; Spring ends."""
    state.forts = [0] * BOARD.sections
    state.battle = {}
    state.log(("GW-FORT-04", "GW-BREACH-20"), "ev.spring_end")
    return "spring.after"


@BASE.step("spring.after")
def step_spring_after(state: GWState) -> str:
    """A named point for modules: after the battles (GW-BREACH-20), before Summer's donation
    (greatwall-conflicts.md §2.1 row #8b: 000's "after the Siege phase"); hook it "before"/"after"."""
    return "summer.donate"


def section_of(state: GWState) -> int:
    return state.battle["section"]


# ---- step 1: Honor (GW-BATTLE-01, GWA-BATTLE-01) ---------------------------------------------------

@T.handler(BASE, BattleHonor)
def run_honor(state: GWState, task: BattleHonor) -> None:
    T.done(state)
    here = M.defenders(state, section_of(state))
    if len(here) == 1:
        M.gain(state, here[0], {"honor": BOARD.lone_defender_honor}, ("GW-BATTLE-01", "GWA-BATTLE-01"))
    for seat in here:
        trigger(state, seat, "battle_start")


# ---- step 2: Tactics (GW-BATTLE-03/04, GW-TACTICS-*, GWA-BATTLE-02) -------------------------------------

def tactic_players(state: GWState) -> list[int]:
    s = section_of(state)
    return [seat for seat in M.leader_order(state) if M.has_soldiers_at(state, seat, s) and state.tactics[seat]]


@T.handler(BASE, TacticCommit)
def run_tactic_commit(state: GWState, task: TacticCommit) -> None:
    for seat in tactic_players(state):
        if seat not in state.commits:
            T.ask(state, seat, "tactic")
            return
    T.done(state)


@T.task_decision(BASE, "tactic", lambda state: [A.tactic_id(t) for t in dict.fromkeys(state.tactics[state.pending[0]])]
                 + ["none"])
def apply_tactic(state: GWState, action_id: str) -> None:
    seat = state.pending[0]
    card = None if action_id == "none" else A.arg(action_id)
    if card is not None:
        hand = list(state.tactics[seat])
        hand.remove(card)
        state.tactics[seat] = tuple(hand)
    state.commits[seat] = card
    state.log(("GW-BATTLE-03",), "ev.committed", seat=seat)


@T.handler(BASE, TacticReveal)
def run_tactic_reveal(state: GWState, task: TacticReveal) -> None:
    T.done(state)
    later = []
    for seat in M.leader_order(state):
        card = state.commits.pop(seat, None)
        if card is None:
            continue
        state.log(("GW-BATTLE-04", "GWA-BATTLE-02"), "ev.reveal_tactic", seat=seat, card=card)
        timing = TACTICS[card].timing
        if timing == "tactics":
            later.append(TacticResolve(seat, card, ("GW-TACTICS-04", "GW-BATTLE-04")))
        else:
            state.battle[f"{timing}_card:{seat}"] = card
    T.push(state, *later)


@T.handler(BASE, TacticResolve)
def run_tactic_resolve(state: GWState, task: TacticResolve) -> None:
    """GW-TACTICS-07/08: pay the Chi for the boosted half, which replaces the base half."""
    if state.res[task.seat][3] >= TACTICS[task.card].chi:
        T.ask(state, task.seat, "boost")
        return
    _resolve_tactic(state, "base")


@T.task_decision(BASE, "boost", lambda state: ["boost", "base"])
def apply_boost(state: GWState, action_id: str) -> None:
    _resolve_tactic(state, action_id)


def _resolve_tactic(state: GWState, half: str) -> None:
    task = T.top(state)
    seat, card, rules = task.seat, task.card, task.rules
    T.done(state)
    spec = TACTICS[card]
    state.tactic_discard.append(card)
    if half == "boost":
        M.pay(state, seat, {"chi": spec.chi}, ("GW-TACTICS-07",))
    state.log(rules + (("GW-TACTICS-07", "GW-TACTICS-08") if half == "boost" else ()), "ev.tactic",
              seat=seat, card=card, half=half)
    T.push(state, *effect_tasks(seat, spec.boosted if half == "boost" else spec.base, (f"tactic:{card}",)))


# ---- targets on Horde cards -------------------------------------------------------------------------------

def horde_at(state: GWState, row: int) -> tuple | None:
    return state.hordes[slot_index(section_of(state), row)]


def defeated(horde: tuple) -> bool:
    """GW-BREACH-01: every vital slot covered."""
    return None not in _VITAL[horde[0]](horde[1])


def _picker(slots: tuple[int, ...]):
    """`covers -> tuple of the covers at these slots`."""
    if len(slots) > 1:
        return itemgetter(*slots)
    return (lambda covers: (covers[slots[0]],)) if slots else (lambda covers: ())


# Horde card -> what covers its vital slots (GW-BREACH-01), read from a card's covers
_VITAL = {card: _picker(tuple(k for k, slot in enumerate(spec.slots) if slot.vital)) for card, spec in HORDES.items()}


def open_slots(horde: tuple) -> list[int]:
    return [k for k, c in enumerate(horde[1]) if c is None]


def live_rows(state: GWState) -> list[int]:
    """Rows of the battle's section holding an undefeated Horde card."""
    hordes, first = state.hordes, slot_index(section_of(state), 0)
    return [r for r in range(BOARD.horde_rows) if hordes[first + r] is not None and not defeated(hordes[first + r])]


def wound_targets(state: GWState) -> list[str]:
    """GW-BATTLE-06: any uncovered slot of an undefeated card facing the section."""
    return [A.wound_id(r, k) for r in live_rows(state) for k in open_slots(horde_at(state, r))]


def cover(state: GWState, seat: int, row: int, slot: int, mark: str, rules: tuple[str, ...]) -> None:
    """Cover a slot; a player's soldier or wound takes the slot's reward (not the Secondary race; a
    module may change it, extension point "slot_reward")."""
    i = slot_index(section_of(state), row)
    card, covered, units = state.hordes[i]
    covered = covered[:slot] + ((seat, mark),) + covered[slot + 1:]
    state.hordes[i] = (card, covered, units)
    reward = HORDES[card].slots[slot].reward
    if seat != SECONDARY and reward:
        for answer in T.extensions(state, "slot_reward"):
            reward = answer(state, seat, row, slot, reward)
        if reward:
            T.push(state, *effect_tasks(seat, reward, rules))


# ---- step 3: shooting (GW-BATTLE-05..08, GWA-BATTLE-03) ----------------------------------------------------

@T.handler(BASE, Shoot)
def run_shoot(state: GWState, task: Shoot) -> None:
    s = section_of(state)
    if "shots" not in state.battle:
        state.battle["shots"] = tuple(state.archers[s].count(seat) for seat in range(state.players))
    order = M.leader_order(state)
    shots = state.battle["shots"]
    targets = wound_targets(state)
    if not targets or not any(shots):
        T.done(state)
        return
    start = task.turn
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if shots[seat]:
            T.replace(state, Shoot((start + k) % len(order)))
            T.offer(state, seat, "shoot", targets)  # (the decision's legal list: the targets, listed once)
            return


@T.task_decision(BASE, "shoot", lambda state: wound_targets(state))
def apply_shoot(state: GWState, action_id: str) -> None:
    seat = state.pending[0]
    row, slot = A.args(action_id, "shoot")
    shots = list(state.battle["shots"])
    shots[seat] -= 1
    state.battle["shots"] = tuple(shots)
    T.replace(state, Shoot(T.top(state).turn + 1))
    state.log(("GW-BATTLE-05", "GW-BATTLE-06", "GW-BATTLE-08"), "ev.shoot", seat=seat, row=row, slot=slot)
    cover(state, seat, row, slot, WOUND, ("GW-BATTLE-07",))


@T.handler(BASE, Wound)
def run_wound(state: GWState, task: Wound) -> None:
    T.ask_or_done(state, task.seat, "wound", task.left > 0 and "section" in state.battle and wound_targets(state))


@T.task_decision(BASE, "wound", lambda state: wound_targets(state))
def apply_wound(state: GWState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(left=task.left - 1))
    row, slot = A.args(action_id, "wound")
    cover(state, task.seat, row, slot, WOUND, task.rules + ("GW-BATTLE-07",))


@T.handler(BASE, WoundColumn)
def run_wound_column(state: GWState, task: WoundColumn) -> None:
    T.ask_or_done(state, task.seat, "wound_column",
                  task.left > 0 and "section" in state.battle and column_targets(state))


def column_targets(state: GWState) -> list[str]:
    """GW-TACTICS-09: a column is the vertically aligned slots (k and k + 3) of one card."""
    return [A.column_id(r, c) for r in live_rows(state) for c in range(3)
            if {c, c + 3} & set(open_slots(horde_at(state, r)))]


@T.task_decision(BASE, "wound_column", lambda state: column_targets(state))
def apply_wound_column(state: GWState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(left=task.left - 1))
    row, col = A.args(action_id)
    for k in (col, col + 3):
        if k in open_slots(horde_at(state, row)):
            cover(state, task.seat, row, k, WOUND, task.rules + ("GW-TACTICS-09", "GW-BATTLE-07"))


# ---- step 4: dispatch (GW-BATTLE-09..16, GW-TWOP-12..14) -------------------------------------------------------

def dispatch_options(state: GWState, seat: int) -> list[str]:
    """The seat's soldiers behind the battle's section that may go onto a Horde card: a Spearman onto
    the first undefeated card, a Horseman onto any; modules add theirs ("dispatch_options")."""
    s = section_of(state)
    rows = live_rows(state)
    if not rows:
        return []
    out = []
    if (seat, SPEARMAN) in state.behind[s]:
        out.append(A.dispatch_id("spearman", rows[0]))          # GW-BATTLE-14/15
    if (seat, HORSEMAN) in state.behind[s]:
        out += [A.dispatch_id("horseman", r) for r in rows]      # GW-BATTLE-16
    for answer in T.extensions(state, "dispatch_options"):
        out += answer(state, seat, rows)
    return out


@T.handler(BASE, Dispatch)
def run_dispatch(state: GWState, task: Dispatch) -> None:
    """GW-BATTLE-09/11: in Leader-track order, one soldier at a time, until every soldier at the section
    is dispatched or every Horde card there is defeated; nobody may hold a soldier back."""
    order = M.leader_order(state)
    start = task.turn
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        options = dispatch_options(state, seat)
        if options:
            T.replace(state, Dispatch((start + k) % len(order)))
            T.offer(state, seat, "dispatch", options)  # (the decision's own list, listed once)
            return
    T.done(state)


@T.handler(BASE, Dispatched)
def run_dispatched(state: GWState, task: Dispatched) -> None:
    """Extension point "dispatched": `fn(state, seat, unit) -> tasks` after a soldier is dispatched
    (e.g. a Bannerman's clan bonus, GK-08)."""
    T.done(state)
    tasks: list = []
    for answer in T.extensions(state, "dispatched"):
        tasks += answer(state, task.seat, task.unit)
    T.push(state, *tasks)


@T.task_decision(BASE, "dispatch", lambda state: dispatch_options(state, state.pending[0]))
def apply_dispatch(state: GWState, action_id: str) -> None:
    """The player chooses which of their soldiers goes onto which card (GW-BATTLE-09, -14..16)."""
    seat = state.pending[0]
    turn = T.top(state).turn
    extra = state.battle.get(f"extra_dispatch:{seat}", 0)
    if extra:
        state.battle[f"extra_dispatch:{seat}"] = extra - 1  # GW-BATTLE-12: the same player again
    else:
        T.replace(state, Dispatch(turn + 1))
    unit, row = A.args(action_id, "dispatch")
    unit_id = UNIT_INDEX[unit]
    M.remove_behind(state, seat, unit_id, section_of(state))
    n = 1 if unit_id != HORSEMAN else min(2, len(open_slots(horde_at(state, row))))  # GWA-BARRACKS-01
    tasks: list = [PlaceSoldier(seat, unit_id, row, n, ()), Dispatched(seat, unit_id)]
    card = state.battle.pop(f"dispatch_card:{seat}", None)
    if card is not None:  # GW-TACTICS-05, GW-BATTLE-13: once per section
        tasks.append(TacticResolve(seat, card, ("GW-TACTICS-05", "GW-BATTLE-12", "GW-BATTLE-13")))
    if state.players == 2 and (SECONDARY, SPEARMAN) in state.behind[section_of(state)]:
        tasks.append(SecondaryDispatch(seat))
    T.push(state, *tasks)


def slot_choices(state: GWState, task: PlaceSoldier) -> list[int]:
    """Open slots for this soldier; a Horseman's second slot is next to its first (GWA-BARRACKS-01)."""
    horde = horde_at(state, task.row)
    if horde is None:
        return []
    chosen = task.chosen
    return [k for k in open_slots(horde) if k not in chosen and (not chosen or adjacent(k, chosen[0]))]


def adjacent(a: int, b: int) -> bool:
    """Orthogonal neighbours in the 2 x 3 grid of wound slots."""
    ra, ca, rb, cb = a // 3, a % 3, b // 3, b % 3
    return abs(ra - rb) + abs(ca - cb) == 1


@T.handler(BASE, PlaceSoldier)
def run_place_soldier(state: GWState, task: PlaceSoldier) -> None:
    slots = legal_slot(state) if task.left > 0 else ()
    if not slots:
        T.done(state)
        i = slot_index(section_of(state), task.row)
        card, covered, units = state.hordes[i]
        state.hordes[i] = (card, covered, units + ((task.seat, task.unit, task.chosen),))
        return
    T.offer(state, task.seat if task.seat != SECONDARY else state.battle.get("secondary_by", 0), "slot", slots)


def legal_slot(state: GWState) -> list[str]:
    return [A.slot_id(k) for k in slot_choices(state, T.top(state))]


@T.task_decision(BASE, "slot", legal_slot)
def apply_slot(state: GWState, action_id: str) -> None:
    task = T.top(state)
    seat, unit, row = task.seat, task.unit, task.row
    k = A.arg(action_id, "slot")
    T.replace(state, task._replace(left=task.left - 1, chosen=task.chosen + (k,)))
    mark = "x" if seat == SECONDARY else UNIT_NAMES[unit][0]  # s, h, or a module's kind (b: Bannerman)
    state.log(("GW-BATTLE-09", "GW-BATTLE-10") + (("GW-TWOP-12", "GW-TWOP-13") if seat == SECONDARY else ()),
              "ev.dispatch", seat=seat, unit=M.unit_name(unit), row=row, slot=k)
    cover(state, seat, row, k, mark, ("GW-BATTLE-10",))


@T.handler(BASE, SecondaryDispatch)
def run_secondary_dispatch(state: GWState, task: SecondaryDispatch) -> None:
    possible = live_rows(state) and (SECONDARY, SPEARMAN) in state.behind[section_of(state)]
    T.ask_or_done(state, task.seat, "secondary_dispatch", possible)


@T.task_decision(BASE, "secondary_dispatch", lambda state: (["dispatch"] if live_rows(state) else []) + ["skip"])
def apply_secondary_dispatch(state: GWState, action_id: str) -> None:
    """GW-TWOP-12: after dispatching one of their own, a player may send a Secondary Spearman."""
    seat = T.top(state).seat
    T.done(state)
    if action_id == "dispatch":
        state.battle["secondary_by"] = seat
        M.remove_behind(state, SECONDARY, SPEARMAN, section_of(state))
        T.push(state, PlaceSoldier(SECONDARY, SPEARMAN, live_rows(state)[0], 1, ()))


# ---- step 5: defeat, breach, claims, breach Tactics, moving down (GW-BREACH-*) -----------------------------------

def soldier_slots(horde: tuple, seat: int) -> int:
    return sum(1 for c in horde[1] if c is not None and c[0] == seat and c[1] != WOUND)


@T.handler(BASE, BattleDefeat)
def run_defeat(state: GWState, task: BattleDefeat) -> None:
    """5.1: local victory to the most slots covered by soldiers (ties: Leader track)."""
    T.done(state)
    order = M.leader_order(state)
    later = []
    for row in column(state, section_of(state)):
        horde = horde_at(state, row)
        if not defeated(horde):
            continue
        counts = {seat: soldier_slots(horde, seat) for seat in range(state.players)}
        best = max(counts.values())
        winner = next(s for s in order if counts[s] == best) if best else None
        state.battle[f"won:{row}"] = -9 if winner is None else winner
        spec = HORDES[horde[0]]
        state.log(("GW-BREACH-01",), "ev.defeated", card=horde[0], row=row)
        if winner is not None:
            M.gain(state, winner, {"honor": spec.victory_honor}, ("GW-BREACH-02", "GW-BREACH-03", "GWA-BREACH-01"))
            trigger(state, winner, "local_victory")
        for seat in range(state.players):
            if seat != winner and any(c is not None and c[0] == seat for c in horde[1]):
                M.gain(state, seat, {"honor": BOARD.defeat_participation_honor}, ("GW-BREACH-04", "GWA-BATTLE-03"))
        # Extension point "defeated" (#20, e.g. AC-GHO-12): `fn(state, row, winner or None) -> tasks`.
        later += [t for answer in T.extensions(state, "defeated") for t in answer(state, row, winner)]
    T.push(state, *later)


@T.handler(BASE, BattleBreach)
def run_breach(state: GWState, task: BattleBreach) -> None:
    """5.2: undefeated Breach values above the total Defence breach the section."""
    T.done(state)
    s = section_of(state)
    alive = [r for r in column(state, s) if not defeated(horde_at(state, r))]
    total = sum(HORDES[horde_at(state, r)[0]].breach for r in alive)
    for answer in T.extensions(state, "breach_value"):  # `fn(state, section, rows) -> extra Breach value`
        total += answer(state, s, alive)
    if total <= M.defence(state, s):
        state.log(("GW-BREACH-05",), "ev.held", section=s, breach=total, defence=M.defence(state, s))
        return
    state.log(("GW-BREACH-05", "GW-INTRO-06"), "ev.breached", section=s, breach=total, defence=M.defence(state, s))
    here = [seat for seat in M.tea_order(state) if involved(state, seat, s)]
    tasks: list = []
    for r in alive:
        spec = HORDES[horde_at(state, r)[0]]
        for seat in here:
            tasks += effect_tasks(seat, spec.breach_effect, ("GW-BREACH-06", "GWA-BREACH-02"))
    tasks += [Kills(r) for r in alive]
    # Extension point "breach" (scenarios: "when the Wall is breached"): `fn(state, section, rows, here,
    # tasks) -> tasks` (rows: the undefeated Horde rows that breach; here: the players involved, Tea order).
    for answer in T.extensions(state, "breach"):
        tasks = answer(state, s, alive, here, tasks)
    T.push(state, *tasks)
    for seat in here:  # pushed last, so abilities (e.g. fewer kills) act before the breach effects
        trigger(state, seat, "breach_here")


def involved(state: GWState, seat: int, section: int) -> bool:
    """GWA-BREACH-02: soldiers on or behind the section, or on its Horde cards."""
    return M.has_soldiers_at(state, seat, section) or any(
        u[0] == seat for r in column(state, section) for u in state.hordes[slot_index(section, r)][2])


@T.handler(BASE, Kills)
def run_kills(state: GWState, task: Kills) -> None:
    """GW-BREACH-08/09, GWA-BREACH-03: the card's Kill value among the soldiers at the section."""
    row = task.row
    T.done(state)
    horde = horde_at(state, row)
    victims = kill_order(state, section_of(state), horde)
    kill = HORDES[horde[0]].kill
    for answer in T.extensions(state, "kill_value"):  # `fn(state, row, kill) -> kill`
        kill = answer(state, row, kill)
    victims = victims[:kill]
    T.push(state, *[Victim(seat, unit, where, row) for seat, unit, where in victims])


def kill_order(state: GWState, section: int, horde: tuple) -> list[tuple[int, int, str]]:
    """GWA-BREACH-03: whom a breaching card's warriors reach, in order: the soldiers on that card (in the
    order they were dispatched), then the Archers on the section's Wall, then the soldiers behind it (in
    the order they arrived), but not one saved in this battle (GW-BREACH-10: its death was prevented).
    Soldiers on a defeated card are not reached (D15)."""
    victims = [(seat, unit, "card") for seat, unit, _ in horde[2]]
    victims += [(seat, ARCHER, "wall") for seat in state.archers[section]]
    return victims + [(seat, unit, "behind") for seat, unit in unsaved_behind(state, section)]


def unsaved_behind(state: GWState, section: int) -> list[tuple[int, int]]:
    """The soldiers behind the section, less those saved in this battle (they went behind it last)."""
    saved = list(state.battle.get("saved", ()))
    out = []
    for entry in reversed(state.behind[section]):
        if entry in saved:
            saved.remove(entry)
        else:
            out.append(entry)
    return out[::-1]


@T.handler(BASE, Victim)
def run_victim(state: GWState, task: Victim) -> None:
    seat, unit = task.seat, task.unit
    if seat != SECONDARY:
        spared = state.battle.get(f"kill_less:{seat}", 0)
        if spared:
            state.battle[f"kill_less:{seat}"] = spared - 1
            T.done(state)
            state.log(("GW-BREACH-09",), "ev.spared", seat=seat, unit=M.unit_name(unit))
            return
        free = state.battle.get(f"save_free:{seat}", 0)
        if free:
            state.battle[f"save_free:{seat}"] = free - 1
            _save_or_kill(state, True, free=True)
            return
        if state.res[seat][3] >= BOARD.save_cost:
            T.ask(state, seat, "save")
            return
    _save_or_kill(state, False)


@T.task_decision(BASE, "save", lambda state: ["save", "die"])
def apply_save(state: GWState, action_id: str) -> None:
    _save_or_kill(state, action_id == "save")


def _save_or_kill(state: GWState, saved: bool, free: bool = False) -> None:
    """GW-BREACH-10..12: saved soldiers go behind the section, killed ones home."""
    task = T.top(state)
    seat, unit, where, row = task.seat, task.unit, task.where, task.row
    T.done(state)
    s = section_of(state)
    if where == "wall":
        if seat not in state.archers[s]:
            return
        M.remove_archer(state, seat, s)
    elif where == "behind":
        if (seat, unit) not in state.behind[s]:
            return
        M.remove_behind(state, seat, unit, s)
    else:
        i = slot_index(s, row)
        card, covered, units = state.hordes[i]
        entry = next((u for u in units if u[0] == seat and u[1] == unit), None)
        if entry is None:
            return
        units = tuple(u for u in units if u is not entry)
        covered = tuple(None if k in entry[2] else c for k, c in enumerate(covered))
        state.hordes[i] = (card, covered, units)
    if saved:
        if not free:
            M.pay(state, seat, {"chi": BOARD.save_cost}, ("GW-BREACH-10",))
        M.place_behind(state, seat, unit, s)
        state.battle["saved"] = state.battle.get("saved", ()) + ((seat, unit),)
        if where == "card":  # the battle remembers who was saved from which card (`saved:SEAT:ROW`, shown)
            key = f"saved:{seat}:{row}"
            state.battle[key] = state.battle.get(key, ()) + (unit,)
        state.log(("GW-BREACH-10", "GW-BREACH-11"), "ev.saved", seat=seat, unit=M.unit_name(unit))
    else:
        fate = M.soldier_dies(state, seat, unit)
        state.log(("GW-BREACH-08", "GW-BREACH-09", "GWA-BREACH-03") + fate
                  + (("GW-TWOP-14",) if seat == SECONDARY else ()),
                  "ev.kill", seat=seat, unit=M.unit_name(unit), section=s)


@T.handler(BASE, BattleClaim)
def run_claim(state: GWState, task: BattleClaim) -> None:
    """Breach 3 (GW-BREACH-13..16, GWA-BREACH-04): the winner keeps the card; its soldiers go behind."""
    T.done(state)
    s = section_of(state)
    for row in column(state, s):
        horde = horde_at(state, row)
        if f"won:{row}" not in state.battle:  # defeated in 5.1 (soldiers killed since do not undo it)
            continue
        winner = state.battle[f"won:{row}"]
        release_soldiers(state, horde, s)
        state.hordes[slot_index(s, row)] = None
        if winner >= 0:
            state.kept[winner] = state.kept[winner] + (horde[0],)
            state.log(("GW-BREACH-13", "GW-BREACH-15"), "ev.kept", seat=winner, card=horde[0])
        else:
            state.horde_discard.append(horde[0])
            state.log(("GW-BREACH-16", "GWA-BREACH-04"), "ev.discard_horde", card=horde[0])


@T.handler(BASE, BreachTactics)
def run_breach_tactics(state: GWState, task: BreachTactics) -> None:
    """Breach 4 (GW-BREACH-17, GW-TACTICS-06)."""
    T.done(state)
    tasks = []
    for seat in M.leader_order(state):
        card = state.battle.pop(f"breach_card:{seat}", None)
        if card is not None:
            tasks.append(TacticResolve(seat, card, ("GW-BREACH-17", "GW-TACTICS-06")))
        leftover = state.battle.pop(f"dispatch_card:{seat}", None)
        if leftover is not None:  # a dispatch card whose owner never dispatched goes unused
            state.tactic_discard.append(leftover)
    T.push(state, *tasks)


@T.handler(BASE, BattleShift)
def run_shift(state: GWState, task: BattleShift) -> None:
    """Breach 5 (GW-BREACH-18, GWA-BREACH-05): cards move down toward the Wall."""
    T.done(state)
    s = section_of(state)
    cards = [state.hordes[slot_index(s, r)] for r in range(BOARD.horde_rows)]
    packed = [c for c in cards if c is not None]
    packed += [None] * (BOARD.horde_rows - len(packed))
    if packed != cards:
        for r, c in enumerate(packed):
            state.hordes[slot_index(s, r)] = c
        state.log(("GW-BREACH-18",), "ev.shift", section=s)
