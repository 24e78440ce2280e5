"""The Vagabond's setup (LR-09-03), Birdsong (LR-09-04), Evening (LR-09-06), moving his pawn (with
Allied warriors, LR-09-02-09-02-02) and taking hits (LR-09-02-07). Steps are built per Vagabond by
`steps(name)`; handlers and decisions are registered once on the `vagabond` module."""
from __future__ import annotations

from typing import Callable, NamedTuple

from ....core import tasks as T
from ....core.flow import RETURN
from ....core.tasks import record
from .. import actions as A
from .. import advanced as ADV
from .. import board as B
from .. import cards as K
from .. import turn as TN
from ..content import CHARACTERS, MAPS, QUESTS
from ..program import extensions
from ..records import RemovePieces
from ..state import FOREST, RUIN, RootState
from .vagabond_core import (BOARD, INDIFFERENT, MODULE, V, carried, capacity, clearing, exhausted,
                            flip_up, gain, in_play, item_id, on_track, parse_item, relationship_factions, seat_of,
                            side, undamaged_sides)
from . import vagabond_core as C


# ---- locations (clearings 0..11, forests FOREST + i) -------------------------------------------------------

def loc_text(loc: int) -> str:
    return f"f{loc - FOREST + 1}" if loc >= FOREST else A.clearing_id(loc)


def loc_of(text: str) -> int:
    return FOREST + int(text[1:]) - 1 if text.startswith("f") else A.clearing_of(text)


def log_at(state: RootState, rules: tuple[str, ...], key: str, name: str, loc: int) -> None:
    """An event naming a clearing (`key`) or a forest (`key`_forest)."""
    if loc >= FOREST:
        state.log(rules, f"{key}_forest", faction=name, forest=loc - FOREST)
    else:
        state.log(rules, key, faction=name, clearing=loc)


def adjacent(state: RootState, name: str, loc: int, forests: bool) -> list[int]:
    """Clearings along paths (or, from a forest, the clearings around it), and with `forests` the forests
    touching his place (LR-09-02-10)."""
    board = MAPS[state.map]
    if loc >= FOREST:
        f = loc - FOREST
        out = list(board.forests[f])
        if forests:
            out += [FOREST + g for g in board.forest_adj[f]]
        return out
    out = list(B.neighbours(state, loc))
    for fn in extensions(state, "move_destinations"):
        out += fn(state, name, loc) or []
    if forests:
        out += [FOREST + f for f in board.clearing_forests[loc]]
    return out


def blocked(state: RootState, name: str, origin: int, dest: int, slip: bool = False) -> bool:
    """A move into a clearing some effect forbids (the Scoundrel's torch, LR-AV-06-02), or out of one (the
    Corvids' snare, LR-13-07-02: the Slip ignores it, LR-09-04-02)."""
    if not slip and origin < FOREST and B.leaving_blocked(state, name, origin):
        return True
    if dest >= FOREST:
        return False
    for fn in extensions(state, "blocks_move"):  # a loop: no generator at each destination
        if fn(state, name, origin, dest):
            return True
    return False


# ---- setup (LR-09-03) ------------------------------------------------------------------------------------

@record
class VSetup(NamedTuple):
    seat: int
    name: str
    stage: str   # character, forest


def setup(name: str) -> Callable[[RootState], str]:
    def step(state: RootState) -> str:
        if V(state, name).set_up:  # both Vagabonds were set up by the first one's step
            return RETURN
        names = in_play(state)
        if len(names) > 1 and state.roll(2):  # LR-09-07-01: a random Vagabond sets up first
            names.reverse()
        for n in names:
            V(state, n).set_up = True
        populate_ruins(state, len(names))
        deal_quests(state)
        return T.run_then(state, [VSetup(seat_of(state, n), n, "character") for n in names], RETURN)
    return step


def setup_advanced(name: str) -> Callable[[RootState], str]:
    """His faction setup card in the Advanced Setup draft (LR-AA-08-03): he sets up alone, when his seat takes
    the card; the first Vagabond deals the quests and the ruin items, the second adds his "R" items under the
    ruins (two each, LR-09-07-01, RTA-AS-04); his character is the one dealt beside the card (LR-AA-08-02-03)."""
    def step(state: RootState) -> str:
        V(state, name).set_up = True
        others = [n for n in in_play(state) if n != name and V(state, n).set_up]
        populate_ruins(state, len(others) + 1)
        if not others:
            deal_quests(state)
        return T.run_then(state, [VSetup(seat_of(state, name), name, "character")], RETURN)
    return step


def relationship_markers(name: str) -> Callable[[RootState], None]:
    """After the Advanced Setup's score markers (LR-AA-09): a relationship marker, Indifferent, for every
    faction drafted after him (LR-09-03-06)."""
    def hook(state: RootState) -> None:
        data = V(state, name)
        new = [f for f in C.relationship_factions(state) if f not in data.rel]
        if new:
            data.rel = {**data.rel, **{f: INDIFFERENT for f in new}}
            state.log(("LR-09-03-06", "LR-AA-09"), "ev.vb.markers", faction=name, factions=new)
    return hook


def populate_ruins(state: RootState, vagabonds: int) -> None:
    """LR-09-03-04: one "R" item under each ruin, shuffled (two Vagabonds: both sets, two each, LR-09-07-01)."""
    ruins = [c for c, pieces in enumerate(state.buildings) if RUIN in pieces]
    items = state.shuffle(sorted(BOARD["ruin_items"] * vagabonds))
    per = len(items) // max(1, len(ruins))
    state.ruin_items = {c: tuple(sorted(items[k * per:(k + 1) * per])) for k, c in enumerate(ruins)}
    state.log(("LR-09-03-04",) + (("LR-09-07-01", "RTA-VB-15") if vagabonds > 1 else ()), "ev.vb.ruins", n=per)


def deal_quests(state: RootState) -> None:
    """LR-09-03-03: shuffle the quest deck and turn 3 face up (two Vagabonds share them, LR-09-07-02)."""
    deck = state.shuffle([q.key for q in QUESTS])
    up = BOARD["quests_up"]
    state.quests = {"up": tuple(deck[-up:]), "deck": tuple(deck[:-up])}
    for q in state.quests["up"]:
        state.log(("LR-09-03-03", "LR-09-07-02"), "ev.vb.new_quest", quest=q)


def chosen_character(state: RootState, name: str) -> str | None:
    """The character dealt beside his setup card (the Advanced Setup draft, LR-AA-08-02-03), else the option
    `vagabond`: one character per Vagabond, in the seat order of the Vagabonds."""
    dealt = ADV.dealt_character(state, seat_of(state, name))
    if dealt is not None:
        return dealt
    wanted = state.options.get("vagabond")
    return wanted[in_play(state).index(name)] if wanted else None


def free_characters(state: RootState, name: str) -> list[str]:
    taken = {V(state, n).character for n in in_play(state) if n != name}
    return [k for k in CHARACTERS if k not in taken]


@MODULE.handler(VSetup)
def run_setup(state: RootState, task: VSetup) -> None:
    if task.stage == "character":
        chosen = chosen_character(state, task.name)
        if chosen is None:
            T.ask(state, task.seat, "vagabond_character")
        else:
            take_character(state, task, chosen)
    else:
        T.ask(state, task.seat, "vagabond_forest")


@MODULE.task_decision("vagabond_character", lambda state: [f"character:{k}" for k in free_characters(
    state, T.top(state).name)])
def apply_character(state: RootState, action_id: str) -> None:
    take_character(state, T.top(state), A.arg(action_id))


def take_character(state: RootState, task: VSetup, key: str) -> None:
    """LR-09-03-01 and LR-09-03-05 (starting items face up: tea, coin and sack on their tracks)."""
    data = V(state, task.name)
    data.character = key
    for kind in CHARACTERS[key].items:
        gain(state, task.name, kind)
    state.log(("LR-09-03-01", "LR-09-03-05"), "ev.vb.character", faction=task.name, character=key)
    T.replace(state, task._replace(stage="forest"))


@MODULE.task_decision("vagabond_forest", lambda state: [f"forest:f{f + 1}" for f in range(len(MAPS[state.map].forests))])
def apply_forest(state: RootState, action_id: str) -> None:
    """LR-09-03-02 (the pawn in any forest) and LR-09-03-06 (every relationship Indifferent)."""
    task = T.top(state)
    T.done(state)
    loc = loc_of(A.arg(action_id))
    state.pawns = {**state.pawns, task.name: loc}
    data = V(state, task.name)
    data.rel = {f: INDIFFERENT for f in relationship_factions(state)}
    log_at(state, ("LR-09-03-02", "LR-09-03-06"), "ev.vb.start", task.name, loc)


# ---- Birdsong (LR-09-04) -------------------------------------------------------------------------------

@record
class VRefresh(NamedTuple):
    seat: int
    name: str
    left: int


@record
class VSlip(NamedTuple):
    seat: int
    name: str


def birdsong(name: str) -> Callable[[RootState], str]:
    def step(state: RootState) -> str:
        me = seat_of(state, name)
        return T.run_then(state, [refresh(state, me, name), VSlip(me, name)], RETURN)
    return step


def refresh(state: RootState, me: int, name: str) -> VRefresh:
    """LR-09-04-01: two per face-up tea on its track (counted before flipping), then three more."""
    data = V(state, name)
    n = BOARD["refresh"]["base"] + BOARD["refresh"]["per_tea"] * on_track(data, "tea")
    state.log(("LR-09-04", "LR-09-04-01", "RTA-VB-03"), "ev.vb.refresh", faction=name, n=n)
    return VRefresh(me, name, n)


@MODULE.handler(VRefresh)
def run_refresh(state: RootState, task: VRefresh) -> None:
    down = exhausted(V(state, task.name))
    if task.left <= 0 or not down:
        T.done(state)
    elif len(down) <= task.left or len({(i[0], i[2]) for i in down}) == 1:
        for item in down[:task.left]:
            flip_up(state, task.name, item[0], item[2])
        T.done(state)
    else:
        T.ask(state, task.seat, "vagabond_refresh")


@MODULE.task_decision("vagabond_refresh", lambda state: sorted({item_id(i[0], side(i)) for i in exhausted(
    V(state, T.top(state).name))}))
def apply_refresh(state: RootState, action_id: str) -> None:
    task = T.top(state)
    kind, s = parse_item(action_id)
    flip_up(state, task.name, kind, s.startswith("damaged"))
    T.replace(state, task._replace(left=task.left - 1))


def slip_options(state: RootState, name: str) -> list[int]:
    """LR-09-04-02: an adjacent clearing or forest (LR-09-02-10)."""
    loc = C.location(state, name)
    return sorted(d for d in set(adjacent(state, name, loc, forests=True)) if d != loc and not blocked(state, name, loc, d, slip=True))


@MODULE.handler(VSlip)
def run_slip(state: RootState, task: VSlip) -> None:
    T.ask(state, task.seat, "vagabond_slip")


@MODULE.task_decision("vagabond_slip", lambda state: [f"slip:{loc_text(d)}" for d in slip_options(
    state, T.top(state).name)] + TN.phase_options(state, T.top(state).seat) + ["skip"])
def apply_slip(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if TN.is_phase_option(state, task.seat, action_id):
        TN.apply_phase_option(state, task.seat, action_id)
        return
    T.done(state)
    if action_id != "skip":
        move_pawn(state, task.seat, task.name, loc_of(A.arg(action_id)), ("LR-09-04-02", "LR-09-02-10"), allies=True)


# ---- moving the pawn, with Allied warriors (LR-09-02-09-02-02) --------------------------------------------

@record
class VAllies(NamedTuple):
    seat: int
    name: str
    origin: int
    dest: int
    ally: str | None
    rules: tuple[str, ...]


def move_pawn(state: RootState, seat: int, name: str, dest: int, rules: tuple[str, ...], allies: bool) -> None:
    origin = C.location(state, name)
    state.pawns = {**state.pawns, name: dest}
    log_at(state, rules + ("LR-09-02-03",), "ev.vb.move", name, dest)
    later = []
    if origin < FOREST and dest < FOREST:
        for fn in extensions(state, "moved"):
            later += fn(state, seat, name, origin, dest, 0) or []
        if allies and ally_options(state, name, origin, dest):
            later.insert(0, VAllies(seat, name, origin, dest, None, rules))
    T.push(state, *later)


def ally_options(state: RootState, name: str, origin: int, dest: int) -> list[str]:
    return [f for f in relationship_factions(state) if C.allied(state, name, f) and B.warriors(state, f, origin)
            and not B.leaving_blocked(state, f, origin) and not any(fn(state, f, origin, dest) for fn in extensions(state, "blocks_move"))]


@MODULE.handler(VAllies)
def run_allies(state: RootState, task: VAllies) -> None:
    T.ask(state, task.seat, "vagabond_ally_move" if task.ally is None else "vagabond_ally_count")


@MODULE.task_decision("vagabond_ally_move", lambda state: [f"ally:{f}" for f in ally_options(
    state, T.top(state).name, T.top(state).origin, T.top(state).dest)] + ["alone"])
def apply_ally_move(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "alone":
        T.done(state)
    else:
        T.replace(state, task._replace(ally=A.arg(action_id)))


@MODULE.task_decision("vagabond_ally_count", lambda state: [A.warriors_id(n) for n in range(
    1, B.warriors(state, T.top(state).ally, T.top(state).origin) + 1)])
def apply_ally_count(state: RootState, action_id: str) -> None:
    """The Allied warriors are forced along (no Outrage, Law FAQ; `moved` effects such as the Ferry act)."""
    task = T.top(state)
    T.done(state)
    n = int(A.arg(action_id))
    B.move_warriors(state, task.ally, task.origin, task.dest, n)
    state.log(task.rules + ("LR-09-02-09-02-02", "RTA-VB-05"), "ev.move", seat=task.seat, faction=task.ally, origin=task.origin,
              dest=task.dest, n=n)
    T.push(state, *[t for fn in extensions(state, "moved") for t in fn(state, task.seat, task.ally, task.origin,
                                                                         task.dest, n) or []])


# ---- Evening (LR-09-06) ----------------------------------------------------------------------------------

@record
class VCapacity(NamedTuple):
    seat: int
    name: str


@record
class VEveningEnd(NamedTuple):
    seat: int
    name: str


def evening(name: str) -> Callable[[RootState], str]:
    def step(state: RootState) -> str:
        me = seat_of(state, name)
        data = V(state, name)
        if C.location(state, name) >= FOREST:  # LR-09-06-01
            data.items = tuple(sorted((k, False, False, r) if dmg else (k, ex, dmg, r) for k, ex, dmg, r in data.items))
            state.log(("LR-09-06", "LR-09-06-01"), "ev.vb.rest", faction=name)
        draws = BOARD["draw"]["base"] + BOARD["draw"]["per_coin"] * on_track(data, "coin")
        K.draw(state, me, draws, ("LR-09-06-02",))
        return T.run_then(state, [K.hand_limit(me, ("LR-09-06-03",)), VCapacity(me, name), VEveningEnd(me, name)],
                          RETURN)
    return step


@MODULE.handler(VCapacity)
def run_capacity(state: RootState, task: VCapacity) -> None:
    """LR-09-06-04: remove items beyond the limit from the game, one decision each."""
    data = V(state, task.name)
    items = carried(data)
    over = sum(items.values()) - capacity(data)
    if over <= 0:
        T.done(state)
    elif len(items) == 1:
        kind, s = next(iter(items))
        drop(state, task.name, kind, s)
    else:
        T.ask(state, task.seat, "vagabond_capacity")


@MODULE.task_decision("vagabond_capacity", lambda state: [item_id(k, s) for k, s in sorted(carried(
    V(state, T.top(state).name)))])
def apply_capacity(state: RootState, action_id: str) -> None:
    drop(state, T.top(state).name, *parse_item(action_id))


def drop(state: RootState, name: str, kind: str, s: str) -> None:
    C.remove_item(state, name, kind, s.endswith("down"), s.startswith("damaged"))
    state.log(("LR-09-06-04", "RTA-VB-06"), "ev.vb.drop", faction=name, item=kind)


@MODULE.handler(VEveningEnd)
def run_evening_end(state: RootState, task: VEveningEnd) -> None:
    """Aids count within one turn (LR-09-02-09-01-01); an unused coerced item is gone (RTA-VB-10)."""
    T.done(state)
    data = V(state, task.name)
    data.aided = {}
    data.coerced = None


# ---- taking hits (LR-09-02-07) ----------------------------------------------------------------------------

@record
class VHits(NamedTuple):
    seat: int
    name: str
    hits: int
    by_seat: int | None
    clearing: int
    in_battle: bool
    rules: tuple[str, ...]


def takes_hits(name: str) -> Callable:
    def hook(state: RootState, task) -> list:
        return [VHits(seat_of(state, name), name, task.hits, task.by_seat, task.clearing, task.in_battle,
                      task.rules)]
    return hook


def full_removal(name: str) -> Callable:
    """LR-09-02-02-01: an enemy's "remove all enemy pieces" effect with him there damages three items."""
    def hook(state: RootState, by_seat: int | None, c: int) -> list:
        if clearing(state, name) != c:
            return []
        return [VHits(seat_of(state, name), name, BOARD["full_removal_damage"], by_seat, c, False,
                      ("LR-09-02-02-01",))]
    return hook


def hit_options(state: RootState, task: VHits) -> list[str]:
    """Damage an undamaged item, or (attacking with an ally) remove an Allied warrior (LR-09-02-09-02-04)."""
    data = V(state, task.name)
    out = undamaged_sides(data)
    if out and task.in_battle and data.ally and B.warriors(state, data.ally, task.clearing):
        out.append("remove:warrior")  # with no undamaged item left the hits are ignored (RTA-VB-18)
    return out


@MODULE.handler(VHits)
def run_hits(state: RootState, task: VHits) -> None:
    if task.hits <= 0:
        T.done(state)
        return
    options = hit_options(state, task)
    if not options:
        state.log(("LR-09-02-07",), "ev.vb.hits_ignored", faction=task.name, n=task.hits)
        T.done(state)
    elif len(options) == 1:
        take_hit(state, task, options[0])
    else:
        T.ask(state, task.seat, "vagabond_hits")


@MODULE.task_decision("vagabond_hits", lambda state: hit_options(state, T.top(state)))
def apply_hit(state: RootState, action_id: str) -> None:
    take_hit(state, T.top(state), action_id)


def take_hit(state: RootState, task: VHits, option: str) -> None:
    data = V(state, task.name)
    T.replace(state, task._replace(hits=task.hits - 1))
    if option == "remove:warrior":
        ally = data.ally
        assert ally is not None
        data.ally_hits += 1
        T.push(state, RemovePieces(task.by_seat, ally, task.clearing, (("warrior", 1),), True,
                                   task.rules + ("LR-09-02-09-02-04",)))
        return
    kind, s = parse_item(option)
    C.damage(state, task.name, kind, s == "down")
    if task.in_battle:
        data.item_hits += 1
    state.log(task.rules + ("LR-09-02-07",), "ev.vb.damaged", faction=task.name, item=kind)

