"""Spring: one battle per section facing Horde cards (GW-SPRING-*, GW-BATTLE-*, GW-BREACH-*).

A Horde card on the board is `(card id, cover, units)`: `cover` has one entry per wound
slot, None or `(seat, "w" | "s" | "h" | "x")` (wound, Spearman, Horseman, Secondary
Spearman); `units` lists the soldiers on it as `(seat, unit, slots)`.
"""
from __future__ import annotations

from . import mechanics as M
from . import tasks as T
from .data_tables import BOARD, HORDES, TACTICS
from .effects import effect_tasks
from .generals import trigger
from .seasons import release_soldiers, slot_index
from .state import ARCHER, BANNERMAN, GWState, HORSEMAN, SECONDARY, SPEARMAN

SOLDIER_MARKS = ("s", "h", "x", "b")  # b: a Bannerman (Genghis Khan, GK-58)
DISPATCHED = {"spearman": SPEARMAN, "horseman": HORSEMAN, "bannerman": BANNERMAN}


def step_spring(state: GWState) -> str:
    state.season = "spring"
    todo = tuple(s for s in range(BOARD.sections) if column(state, s))
    state.battle = {"todo": todo, "fought": 0, "choosers": tuple(M.leader_order(state))}
    state.log(("GW-STRUCT-05", "GW-SPRING-01", "GW-SPRING-02"), "ev.spring", sections=list(todo))
    return "battle.choose"


def column(state: GWState, section: int) -> list[int]:
    """Rows of a section holding a Horde card (row 0 nearest the Wall)."""
    return [r for r in range(BOARD.horde_rows) if state.hordes[slot_index(section, r)] is not None]


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
    return [f"section:{s}" for s in state.battle["todo"]]


def apply_section(state: GWState, action_id: str) -> str:
    return start_battle(state, int(action_id.split(":")[1]), state.pending[0])


def start_battle(state: GWState, section: int, chooser: int) -> str:
    todo = tuple(s for s in state.battle["todo"] if s != section)
    state.battle = {"todo": todo, "fought": state.battle["fought"], "section": section,
                    "choosers": state.battle["choosers"]}
    state.log(("GW-SPRING-05", "GW-SPRING-08", "GWA-SPRING-01"), "ev.battle", seat=chooser, section=section)
    return BATTLE[0][0]


# GW-SPRING-08: each battle's steps, named so that expansions can hook them.
BATTLE = (
    ("battle.honor", ("honor_step", -2)),               # 1 Honor
    ("battle.tactics", ("tactic_commit", -2)),          # 2 Tactics: face down...
    ("battle.reveal", ("tactic_reveal", -2)),           # ...and revealed
    ("battle.shoot", ("shoot", -2, 0)),                 # 3 Shooting
    ("battle.dispatch", ("dispatch", -2, 0)),           # 4 Dispatch
    ("battle.defeat", ("defeat_step", -2)),             # 5.1 defeat
    ("battle.breach", ("breach_step", -2)),             # 5.2 breach check and disaster (effects, kills)
    ("battle.claim", ("claim_step", -2)),               # breach 3: defeated cards kept or discarded
    ("battle.breach_tactics", ("breach_tactics", -2)),  # breach 4
    ("battle.shift", ("shift_step", -2)),               # breach 5: cards move down
)


def _battle_step(task: tuple, nxt: str):
    return lambda state: T.run_then(state, [task], nxt)


STEPS = {name: _battle_step(task, BATTLE[i + 1][0] if i + 1 < len(BATTLE) else "battle.next")
         for i, (name, task) in enumerate(BATTLE)}


def step_next(state: GWState) -> str:
    state.battle = {"todo": state.battle["todo"], "fought": state.battle["fought"] + 1,
                    "choosers": state.battle["choosers"]}
    return "battle.choose"


def step_spring_end(state: GWState) -> str:
    """GW-FORT-04, GW-BREACH-20: Fortifications go; Spring ends."""
    state.forts = [0] * BOARD.sections
    state.battle = {}
    state.log(("GW-FORT-04", "GW-BREACH-20"), "ev.spring_end")
    return "spring.after"


def step_spring_after(state: GWState) -> str:
    """A named point for modules: after the battles (GW-BREACH-20), before Summer's donation
    (greatwall-conflicts.md §2.1 row #8b: 000's "after the Siege phase"); hook it "before"/"after"."""
    return "summer.donate"


def section_of(state) -> int:
    return state.battle["section"]


# ---- step 1: Honor (GW-BATTLE-01, GWA-BATTLE-01) ---------------------------------------------------

@T.handler("honor_step")
def run_honor(state, task):
    T.done(state)
    here = M.defenders(state, section_of(state))
    if len(here) == 1:
        M.gain(state, here[0], {"honor": BOARD.lone_defender_honor}, ("GW-BATTLE-01", "GWA-BATTLE-01"))
    for seat in here:
        trigger(state, seat, "battle_start")


# ---- step 2: Tactics (GW-BATTLE-03/04, GW-TACTICS-*, GWA-BATTLE-02) -------------------------------------

def tactic_players(state) -> list[int]:
    s = section_of(state)
    return [seat for seat in M.leader_order(state) if M.has_soldiers_at(state, seat, s) and state.tactics[seat]]


@T.handler("tactic_commit")
def run_tactic_commit(state, task):
    for seat in tactic_players(state):
        if seat not in state.commits:
            T.ask(state, seat, "tactic")
            return
    T.done(state)


@T.decision("tactic", lambda state: [f"tactic:{t}" for t in dict.fromkeys(state.tactics[state.pending[0]])] + ["none"])
def apply_tactic(state, action_id):
    seat = state.pending[0]
    card = None if action_id == "none" else action_id.split(":", 1)[1]
    if card is not None:
        hand = list(state.tactics[seat])
        hand.remove(card)
        state.tactics[seat] = tuple(hand)
    state.commits[seat] = card
    state.log(("GW-BATTLE-03",), "ev.committed", seat=seat)


@T.handler("tactic_reveal")
def run_tactic_reveal(state, task):
    T.done(state)
    later = []
    for seat in M.leader_order(state):
        card = state.commits.pop(seat, None)
        if card is None:
            continue
        state.log(("GW-BATTLE-04", "GWA-BATTLE-02"), "ev.reveal_tactic", seat=seat, card=card)
        timing = TACTICS[card].timing
        if timing == "tactics":
            later.append(("tactic_resolve", seat, card, ("GW-TACTICS-04", "GW-BATTLE-04")))
        else:
            state.battle[f"{timing}_card:{seat}"] = card
    T.push(state, *later)


@T.handler("tactic_resolve")
def run_tactic_resolve(state, task):
    """GW-TACTICS-07/08: pay the Chi for the boosted half, which replaces the base half."""
    _, seat, card, rules = task
    if state.res[seat][3] >= TACTICS[card].chi:
        T.ask(state, seat, "boost")
        return
    _resolve_tactic(state, "base")


@T.decision("boost", lambda state: ["boost", "base"])
def apply_boost(state, action_id):
    _resolve_tactic(state, action_id)


def _resolve_tactic(state, half: str) -> None:
    _, seat, card, rules = T.top(state)
    T.done(state)
    spec = TACTICS[card]
    state.tactic_discard.append(card)
    if half == "boost":
        M.pay(state, seat, {"chi": spec.chi}, ("GW-TACTICS-07",))
    state.log(rules + (("GW-TACTICS-07", "GW-TACTICS-08") if half == "boost" else ()), "ev.tactic",
              seat=seat, card=card, half=half)
    T.push(state, *effect_tasks(seat, spec.boosted if half == "boost" else spec.base, (f"tactic:{card}",)))


# ---- targets on Horde cards -------------------------------------------------------------------------------

def horde_at(state, row: int) -> tuple | None:
    return state.hordes[slot_index(section_of(state), row)]


def defeated(horde: tuple) -> bool:
    """GW-BREACH-01: every vital slot covered."""
    return all(c is not None for c, slot in zip(horde[1], HORDES[horde[0]].slots) if slot.vital)


def open_slots(horde: tuple) -> list[int]:
    return [k for k, c in enumerate(horde[1]) if c is None]


def live_rows(state) -> list[int]:
    return [r for r in column(state, section_of(state)) if not defeated(horde_at(state, r))]


def wound_targets(state) -> list[str]:
    """GW-BATTLE-06: any uncovered slot of an undefeated card facing the section."""
    return [f"slot:{r}:{k}" for r in live_rows(state) for k in open_slots(horde_at(state, r))]


def cover(state, seat: int, row: int, slot: int, mark: str, rules) -> None:
    """Cover a slot; a player's soldier or wound takes the slot's reward (not the Secondary race)."""
    i = slot_index(section_of(state), row)
    card, covered, units = state.hordes[i]
    covered = covered[:slot] + ((seat, mark),) + covered[slot + 1:]
    state.hordes[i] = (card, covered, units)
    reward = HORDES[card].slots[slot].reward
    if seat != SECONDARY and reward and not state.battle.get("no_rewards"):  # a module may switch rewards off
        T.push(state, *effect_tasks(seat, reward, rules))


# ---- step 3: shooting (GW-BATTLE-05..08, GWA-BATTLE-03) ----------------------------------------------------

@T.handler("shoot")
def run_shoot(state, task):
    s = section_of(state)
    if "shots" not in state.battle:
        state.battle["shots"] = tuple(state.archers[s].count(seat) for seat in range(state.players))
    order = M.leader_order(state)
    shots = state.battle["shots"]
    if not wound_targets(state) or not any(shots):
        T.done(state)
        return
    start = task[2]
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if shots[seat]:
            T.replace(state, ("shoot", -2, (start + k) % len(order)))
            T.ask(state, seat, "shoot")
            return


@T.decision("shoot", lambda state: wound_targets(state))
def apply_shoot(state, action_id):
    seat = state.pending[0]
    _, row, slot = action_id.split(":")
    shots = list(state.battle["shots"])
    shots[seat] -= 1
    state.battle["shots"] = tuple(shots)
    T.replace(state, ("shoot", -2, T.top(state)[2] + 1))
    state.log(("GW-BATTLE-05", "GW-BATTLE-06", "GW-BATTLE-08"), "ev.shoot", seat=seat, row=int(row), slot=int(slot))
    cover(state, seat, int(row), int(slot), "w", ("GW-BATTLE-07",))


@T.handler("wound")
def run_wound(state, task):
    T.ask_or_done(state, task[1], "wound", task[2] > 0 and "section" in state.battle and wound_targets(state))


@T.decision("wound", lambda state: wound_targets(state))
def apply_wound(state, action_id):
    kind, seat, left, rules = T.top(state)
    T.replace(state, (kind, seat, left - 1, rules))
    _, row, slot = action_id.split(":")
    cover(state, seat, int(row), int(slot), "w", rules + ("GW-BATTLE-07",))


@T.handler("wound_column")
def run_wound_column(state, task):
    T.ask_or_done(state, task[1], "wound_column", task[2] > 0 and "section" in state.battle and column_targets(state))


def column_targets(state) -> list[str]:
    """GW-TACTICS-09: a column is the vertically aligned slots (k and k + 3) of one card."""
    return [f"column:{r}:{c}" for r in live_rows(state) for c in range(3)
            if {c, c + 3} & set(open_slots(horde_at(state, r)))]


@T.decision("wound_column", lambda state: column_targets(state))
def apply_wound_column(state, action_id):
    kind, seat, left, rules = T.top(state)
    T.replace(state, (kind, seat, left - 1, rules))
    _, row, col = action_id.split(":")
    row, col = int(row), int(col)
    for k in (col, col + 3):
        if k in open_slots(horde_at(state, row)):
            cover(state, seat, row, k, "w", rules + ("GW-TACTICS-09", "GW-BATTLE-07"))


# ---- step 4: dispatch (GW-BATTLE-09..16, GWA-BATTLE-04, GW-TWOP-12..14) -------------------------------------

def dispatch_options(state, seat: int) -> list[str]:
    s = section_of(state)
    rows = live_rows(state)
    if not rows:
        return []
    out = []
    if (seat, SPEARMAN) in state.behind[s]:
        out.append(f"dispatch:spearman:{rows[0]}")          # GW-BATTLE-14/15
    if (seat, HORSEMAN) in state.behind[s]:
        out += [f"dispatch:horseman:{r}" for r in rows]      # GW-BATTLE-16
    if (seat, BANNERMAN) in state.behind[s]:
        out.append(f"dispatch:bannerman:{rows[0]}")         # GK-61, D12: like a Spearman
    return out


@T.handler("dispatch")
def run_dispatch(state, task):
    order = M.leader_order(state)
    passed = state.battle.get("passed", ())
    start = task[2]
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if seat not in passed and dispatch_options(state, seat):
            T.replace(state, ("dispatch", -2, (start + k) % len(order)))
            T.ask(state, seat, "dispatch")
            return
    T.done(state)


@T.handler("dispatched")
def run_dispatched(state, task):
    """Extension point "dispatched": `fn(state, seat, unit) -> tasks` after a soldier is dispatched
    (e.g. a Bannerman's clan bonus, GK-08). Run as a task: extensions exist only inside the runner."""
    T.done(state)
    tasks = []
    for extension in T.extensions("dispatched"):
        tasks += extension(state, task[1], task[2])
    T.push(state, *tasks)


@T.decision("dispatch", lambda state: dispatch_options(state, state.pending[0]) + ["pass"])
def apply_dispatch(state, action_id):
    seat = state.pending[0]
    _, _, index = T.top(state)
    extra = state.battle.get(f"extra_dispatch:{seat}", 0)
    if action_id == "pass":
        state.battle["passed"] = state.battle.get("passed", ()) + (seat,)
        T.replace(state, ("dispatch", -2, index + 1))
        return
    if extra:
        state.battle[f"extra_dispatch:{seat}"] = extra - 1  # GW-BATTLE-12: the same player again
    else:
        T.replace(state, ("dispatch", -2, index + 1))
    _, unit, row = action_id.split(":")
    unit_id = DISPATCHED[unit]
    M.remove_behind(state, seat, unit_id, section_of(state))
    n = 1 if unit_id != HORSEMAN else min(2, len(open_slots(horde_at(state, int(row)))))  # GWA-BARRACKS-01
    tasks = [("place_soldier", seat, unit_id, int(row), n, ())]
    tasks.append(("dispatched", seat, unit_id))
    card = state.battle.pop(f"dispatch_card:{seat}", None)
    if card is not None:  # GW-TACTICS-05, GW-BATTLE-13: once per section
        tasks.append(("tactic_resolve", seat, card, ("GW-TACTICS-05", "GW-BATTLE-12", "GW-BATTLE-13")))
    if state.players == 2 and (SECONDARY, SPEARMAN) in state.behind[section_of(state)]:
        tasks.append(("secondary_dispatch", seat))
    T.push(state, *tasks)


def slot_choices(state, task) -> list[int]:
    """Open slots for this soldier; a Horseman's second slot is next to its first (GWA-BARRACKS-01)."""
    _, seat, unit, row, left, chosen = task
    horde = horde_at(state, row)
    if horde is None:
        return []
    return [k for k in open_slots(horde) if k not in chosen and (not chosen or adjacent(k, chosen[0]))]


def adjacent(a: int, b: int) -> bool:
    """Orthogonal neighbours in the 2 x 3 grid of wound slots."""
    ra, ca, rb, cb = a // 3, a % 3, b // 3, b % 3
    return abs(ra - rb) + abs(ca - cb) == 1


@T.handler("place_soldier")
def run_place_soldier(state, task):
    _, seat, unit, row, left, chosen = task
    if left <= 0 or not slot_choices(state, task):
        T.done(state)
        i = slot_index(section_of(state), row)
        card, covered, units = state.hordes[i]
        state.hordes[i] = (card, covered, units + ((seat, unit, chosen),))
        return
    T.ask(state, seat if seat != SECONDARY else state.battle.get("secondary_by", 0), "slot")


def legal_slot(state):
    return [f"slot:{k}" for k in slot_choices(state, T.top(state))]


@T.decision("slot", legal_slot)
def apply_slot(state, action_id):
    kind, seat, unit, row, left, chosen = T.top(state)
    k = int(action_id.split(":")[1])
    T.replace(state, (kind, seat, unit, row, left - 1, chosen + (k,)))
    mark = "x" if seat == SECONDARY else "s" if unit == SPEARMAN else "b" if unit == BANNERMAN else "h"
    state.log(("GW-BATTLE-09", "GW-BATTLE-10") + (("GW-TWOP-12", "GW-TWOP-13") if seat == SECONDARY else ()),
              "ev.dispatch", seat=seat, unit=M.unit_name(unit), row=row, slot=k)
    cover(state, seat, row, k, mark, ("GW-BATTLE-10",))


@T.handler("secondary_dispatch")
def run_secondary_dispatch(state, task):
    possible = live_rows(state) and (SECONDARY, SPEARMAN) in state.behind[section_of(state)]
    T.ask_or_done(state, task[1], "secondary_dispatch", possible)


@T.decision("secondary_dispatch", lambda state: (["dispatch"] if live_rows(state) else []) + ["skip"])
def apply_secondary_dispatch(state, action_id):
    """GW-TWOP-12: after dispatching one of their own, a player may send a Secondary Spearman."""
    seat = T.top(state)[1]
    T.done(state)
    if action_id == "dispatch":
        state.battle["secondary_by"] = seat
        M.remove_behind(state, SECONDARY, SPEARMAN, section_of(state))
        T.push(state, ("place_soldier", SECONDARY, SPEARMAN, live_rows(state)[0], 1, ()))


# ---- step 5: defeat, breach, claims, breach Tactics, moving down (GW-BREACH-*) -----------------------------------

def soldier_slots(horde: tuple, seat: int) -> int:
    return sum(1 for c in horde[1] if c is not None and c[0] == seat and c[1] in SOLDIER_MARKS)


@T.handler("defeat_step")
def run_defeat(state, task):
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
        later += [t for extension in T.extensions("defeated") for t in extension(state, row, winner)]
    T.push(state, *later)


@T.handler("breach_step")
def run_breach(state, task):
    """5.2: undefeated Breach values above the total Defence breach the section."""
    T.done(state)
    s = section_of(state)
    alive = [r for r in column(state, s) if not defeated(horde_at(state, r))]
    total = sum(HORDES[horde_at(state, r)[0]].breach for r in alive)
    for extension in T.extensions("breach_value"):  # `fn(state, section, rows) -> extra Breach value`
        total += extension(state, s, alive)
    if total <= M.defence(state, s):
        state.log(("GW-BREACH-05",), "ev.held", section=s, breach=total, defence=M.defence(state, s))
        return
    state.log(("GW-BREACH-05", "GW-INTRO-06"), "ev.breached", section=s, breach=total, defence=M.defence(state, s))
    here = [seat for seat in M.tea_order(state) if involved(state, seat, s)]
    tasks = []
    for r in alive:
        spec = HORDES[horde_at(state, r)[0]]
        for seat in here:
            tasks += effect_tasks(seat, spec.breach_effect, ("GW-BREACH-06", "GWA-BREACH-02"))
    tasks += [("kills", -2, r) for r in alive]
    # Extension point "breach" (scenarios: "when the Wall is breached"): `fn(state, section, rows, here,
    # tasks) -> tasks` (rows: the undefeated Horde rows that breach; here: the players involved, Tea order).
    for extension in T.extensions("breach"):
        tasks = extension(state, s, alive, here, tasks)
    T.push(state, *tasks)
    for seat in here:  # pushed last, so abilities (e.g. fewer kills) act before the breach effects
        trigger(state, seat, "breach_here")


def involved(state, seat: int, section: int) -> bool:
    """GWA-BREACH-02: soldiers on or behind the section, or on its Horde cards."""
    return M.has_soldiers_at(state, seat, section) or any(
        u[0] == seat for r in column(state, section) for u in state.hordes[slot_index(section, r)][2])


@T.handler("kills")
def run_kills(state, task):
    """GW-BREACH-08/09, GWA-BREACH-03: the Kill value among soldiers on the card, then Archers."""
    _, _, row = task
    T.done(state)
    horde = horde_at(state, row)
    victims = [(seat, unit, "card") for seat, unit, _ in horde[2]]
    victims += [(seat, ARCHER, "wall") for seat in state.archers[section_of(state)]]
    kill = HORDES[horde[0]].kill
    for extension in T.extensions("kill_value"):  # `fn(state, row, kill) -> kill`
        kill = extension(state, row, kill)
    victims = victims[:kill]
    T.push(state, *[("victim", seat, unit, where, row) for seat, unit, where in victims])


@T.handler("victim")
def run_victim(state, task):
    _, seat, unit, where, row = task
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


@T.decision("save", lambda state: ["save", "die"])
def apply_save(state, action_id):
    _save_or_kill(state, action_id == "save")


def _save_or_kill(state, saved: bool, free: bool = False) -> None:
    """GW-BREACH-10..12: saved soldiers go behind the section, killed ones home."""
    _, seat, unit, where, row = T.top(state)
    T.done(state)
    s = section_of(state)
    if where == "wall":
        if seat not in state.archers[s]:
            return
        M.remove_archer(state, seat, s)
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
        if where == "card":  # remembered for the attack on Genghis Khan (GK-48)
            key = f"saved:{seat}:{row}"
            state.battle[key] = state.battle.get(key, ()) + (unit,)
        state.log(("GW-BREACH-10", "GW-BREACH-11"), "ev.saved", seat=seat, unit=M.unit_name(unit))
    else:
        M.soldier_dies(state, seat, unit)
        state.log(("GW-BREACH-08", "GW-BREACH-12") + (("GW-TWOP-14",) if seat == SECONDARY else ()),
                  "ev.kill", seat=seat, unit=M.unit_name(unit), section=s)


@T.handler("claim_step")
def run_claim(state, task):
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


@T.handler("breach_tactics")
def run_breach_tactics(state, task):
    """Breach 4 (GW-BREACH-17, GW-TACTICS-06)."""
    T.done(state)
    tasks = []
    for seat in M.leader_order(state):
        card = state.battle.pop(f"breach_card:{seat}", None)
        if card is not None:
            tasks.append(("tactic_resolve", seat, card, ("GW-BREACH-17", "GW-TACTICS-06")))
        leftover = state.battle.pop(f"dispatch_card:{seat}", None)
        if leftover is not None:  # a dispatch card whose owner never dispatched goes unused
            state.tactic_discard.append(leftover)
    T.push(state, *tasks)


@T.handler("shift_step")
def run_shift(state, task):
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
