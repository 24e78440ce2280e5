"""The Vagabond characters' special actions (the Law's Vagabonds appendix, LR-AV-*): each character's
Daylight options and what they do (`SPECIALS`), and the two that act in battle (the Ronin's Swift
Strike, the Arbiter's Protector) as battle effects."""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import scoring as S
from ..content import ITEMS
from ..records import Battle, RemovePieces
from ..state import RootState
from . import vagabond_core as C
from . import vagabond_quests as Q
from .vagabond_actions import SPECIALS, VRepair
from .vagabond_core import BOARD, MODULE, V, ready, ready_kinds
from .vagabond_turn import move_pawn


def _here(state: RootState, name: str) -> int | None:
    return C.clearing(state, name)


# ---- Thief: Steal (LR-AV-01-02) -------------------------------------------------------------------------

def steal_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or not ready(V(state, name), "torch"):
        return []
    return [f"steal:{s}" for s in C.factions_with_pieces(state, name, c) if state.hands[s]]


def steal(state: RootState, seat: int, name: str, action_id: str) -> None:
    target = int(A.arg(action_id))
    C.exhaust(state, name, "torch")
    hand = state.hands[target]
    card = hand.pop(state.roll(len(hand)))
    state.hands[seat].append(card)
    state.reveal(card, (seat, target))
    state.log(("LR-AV-01-02",), "ev.steal", seat=seat, victim=target)
    state.log(("LR-AV-01-02",), "ev.steal_card", to=(seat, target), seat=seat, victim=target, card=card)


# ---- Tinker: Day Labor (LR-AV-02-02) ----------------------------------------------------------------------

def day_labor_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or not ready(V(state, name), "torch"):
        return []
    return [f"day_labor:{card}" for card in dict.fromkeys(state.discard) if K.matches(card, state.suits[c])]


def day_labor(state: RootState, seat: int, name: str, action_id: str) -> None:
    card = A.arg(action_id)
    C.exhaust(state, name, "torch")
    state.discard.remove(card)
    state.hands[seat].append(card)
    state.reveal(card, range(state.players))  # it was face up in the discard pile
    state.log(("LR-AV-02-02",), "ev.vb.day_labor", faction=name, card=card)


# ---- Ranger: Hideout (LR-AV-03-02) ----------------------------------------------------------------------

def hideout_options(state: RootState, seat: int, name: str) -> list[str]:
    data = V(state, name)
    return ["hideout"] if ready(data, "torch") and C.damaged(data) else []


def hideout(state: RootState, seat: int, name: str, action_id: str) -> None:
    """Repair three items, then Daylight ends at once: the Daylight task is dropped."""
    C.exhaust(state, name, "torch")
    state.log(("LR-AV-03-02", "RTA-VB-13"), "ev.vb.hideout", faction=name)
    T.done(state)
    T.push(state, VRepair(seat, name, BOARD["hideout_repairs"], ("LR-AV-03-02",)))


# ---- Vagrant: Instigate (LR-AV-04-02) ---------------------------------------------------------------------

def instigate_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or not ready(V(state, name), "torch"):
        return []
    return [f"instigate:{a}:{d}" for a in state.faction if BT.fighters(state, a, c) for d in BT.targets(state, a, c)]


def instigate(state: RootState, seat: int, name: str, action_id: str) -> None:
    _, attacker, defender = action_id.split(":")
    c = _here(state, name)
    assert c is not None
    C.exhaust(state, name, "torch")
    att = state.seat_of(attacker)
    assert att is not None
    if attacker != name:
        V(state, name).instigating = c
    state.log(("LR-AV-04-02", "RTA-VB-11"), "ev.vb.instigate", faction=name, attacker=attacker, defender=defender, clearing=c)
    BT.begin(state, att, defender, c, ("LR-AV-04-02",))


def scores_removal(state: RootState, by_seat, owner: str, c: int, pieces: tuple, in_battle: bool) -> int | None:
    """LR-AV-04-02: buildings and tokens removed in an instigated battle count as the Vagrant's."""
    for name in C.in_play(state):
        data = V(state, name)
        if in_battle and data.instigating == c and by_seat != C.seat_of(state, name) and any(
                k != "warrior" for k, _ in pieces):
            data.assigned = True
            return C.seat_of(state, name)
    return None


# ---- Scoundrel: Scorched Earth (LR-AV-06-02) ------------------------------------------------------------

def scorched_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    return ["scorched_earth"] if c is not None and ready(V(state, name), "torch") and c not in V(
        state, name).scorched else []


def scorched_earth(state: RootState, seat: int, name: str, action_id: str) -> None:
    """The torch leaves his board for the clearing; every enemy piece there is removed."""
    c = _here(state, name)
    assert c is not None
    data = V(state, name)
    if data.coerced == "torch":
        data.coerced, data.coerce_due = None, True
    else:
        C.remove_item(state, name, "torch", False, False)
    data.scorched = data.scorched + (c,)
    state.log(("LR-AV-06-02",), "ev.vb.scorched", faction=name, clearing=c)
    T.push(state, *K.remove_all(state, seat, name, c, ("LR-AV-06-02",)))


def scorched(state: RootState, c: int) -> bool:
    """Whether the Scoundrel's torch is in `c` (asked at every move's every path: his data read directly)."""
    mods = state.mods
    for name in C.NAMES:
        data = mods.get(name)
        if data is not None and c in data.scorched and name in state.faction:
            return True
    return False


# ---- Adventurer: Improvise (LR-AV-07-02), Cheat: Con (LR-AV-10-02) --------------------------------------------

def improvise_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or state.used.get(f"{name}:improvise"):
        return []
    return [f"improvise:{q}" for q in Q.matching(state, c) if Q.improvisable(state, name, q)]


def improvise(state: RootState, seat: int, name: str, action_id: str) -> None:
    Q.start(state, seat, name, A.arg(action_id), "improvise")


def con_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or state.used.get(f"{name}:con") or sum(C.ready_counts(V(state, name)).values()) < 2:
        return []
    return [f"con:{q}" for q in Q.matching(state, c)]


def con(state: RootState, seat: int, name: str, action_id: str) -> None:
    Q.start(state, seat, name, A.arg(action_id), "con")


# ---- Harrier: Glide (LR-AV-08-02) ---------------------------------------------------------------------------

def glide_options(state: RootState, seat: int, name: str) -> list[str]:
    if not ready(V(state, name), "torch"):
        return []
    loc = C.location(state, name)
    return [f"glide:{A.clearing_id(c)}" for c in range(len(state.suits)) if c != loc and not scorched(state, c)]


def glide(state: RootState, seat: int, name: str, action_id: str) -> None:
    C.exhaust(state, name, "torch")
    move_pawn(state, seat, name, A.clearing_arg(action_id), ("LR-AV-08-02",), allies=False)


# ---- Gladiator: Duel (LR-AV-11-02) --------------------------------------------------------------------

@record
class VDuel(NamedTuple):
    seat: int
    name: str
    target: str


def duel_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or not ready_kinds(V(state, name)):
        return []
    return [f"duel:{f}" for f in B.enemies_at(state, name, c) if B.warriors(state, f, c)]  # no battle


def duel(state: RootState, seat: int, name: str, action_id: str) -> None:
    T.push(state, VDuel(seat, name, A.arg(action_id)))


@MODULE.handler(VDuel)
def run_duel(state: RootState, task: VDuel) -> None:
    kinds = ready_kinds(V(state, task.name))
    if len(kinds) == 1:
        _duel(state, task, kinds[0])
    else:
        T.ask(state, task.seat, "vagabond_duel")


@MODULE.task_decision("vagabond_duel", lambda state: [f"exhaust:{k}" for k in ready_kinds(V(state, T.top(state).name))])
def apply_duel(state: RootState, action_id: str) -> None:
    _duel(state, T.top(state), A.arg(action_id))


def _duel(state: RootState, task: VDuel, kind: str) -> None:
    """Exhaust and damage the item, remove a warrior (no one goes Hostile), draw a card."""
    T.done(state)
    data = V(state, task.name)
    coerced = data.coerced == kind
    C.exhaust(state, task.name, kind)
    if not coerced:
        C.damage(state, task.name, kind, True)
    c = _here(state, task.name)
    state.log(("LR-AV-11-02",), "ev.vb.duel", faction=task.name, owner=task.target, item=kind)
    data.quiet = True
    K.draw(state, task.seat, 1, ("LR-AV-11-02",))
    T.push(state, RemovePieces(task.seat, task.target, c, (("warrior", 1),), False, ("LR-AV-11-02",)),
           VQuietEnd(task.seat, task.name))


@record
class VQuietEnd(NamedTuple):
    seat: int
    name: str


@MODULE.handler(VQuietEnd)
def run_quiet_end(state: RootState, task: VQuietEnd) -> None:
    T.done(state)
    V(state, task.name).quiet = False


# ---- Jailor: Coerce (LR-AV-12-02) -----------------------------------------------------------------------------

@record
class VCoerce(NamedTuple):
    seat: int
    name: str
    card: str


def coerce_options(state: RootState, seat: int, name: str) -> list[str]:
    c = _here(state, name)
    if c is None or state.used.get(f"{name}:coerce") or V(state, name).coerced:
        return []
    return [f"coerce:{card}" for card in dict.fromkeys(state.hands[seat]) if K.matches(card, state.suits[c])]


def coerce(state: RootState, seat: int, name: str, action_id: str) -> None:
    card = A.arg(action_id)
    state.used[f"{name}:coerce"] = 1
    K.discard(state, seat, card, ("LR-AV-12-02",))
    T.push(state, VCoerce(seat, name, card))


@MODULE.handler(VCoerce)
def run_coerce(state: RootState, task: VCoerce) -> None:
    T.ask(state, task.seat, "vagabond_coerce")


@MODULE.task_decision("vagabond_coerce", lambda state: [f"as:{k}" for k in ITEMS])
def apply_coerce(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    V(state, task.name).coerced = A.arg(action_id)
    state.log(("LR-AV-12-02", "RTA-VB-10"), "ev.vb.coerce", faction=task.name, item=A.arg(action_id))


# ---- Ronin: Swift Strike (LR-AV-09-02), Arbiter: Protector (LR-AV-05-02) -----------------------------------------

def battle_effects(state: RootState, battle: Battle, seat: int, attacking: bool) -> list[str]:
    out = []
    name = state.faction[seat]
    if C.is_vagabond(name) and V(state, name).character == "ronin" and battle.stage.startswith("effects") and ready(
            V(state, name), "sword"):
        out.append("effect:swift_strike")
    arbiter = C.with_character(state, "arbiter")
    if (arbiter and not attacking and battle.stage == "before_d" and not BT.used(battle, False, "protector")
            and C.clearing(state, arbiter) == battle.clearing
            and arbiter not in (battle.defender, state.faction[battle.attacker])):
        out.append("effect:protector")
    return out


def use_battle_effect(state: RootState, battle: Battle, seat: int, key: str) -> Battle | None:
    if key == "swift_strike":
        name = state.faction[seat]
        C.exhaust(state, name, "sword")
        state.log(("LR-AV-09-02", "RTA-VB-08"), "ev.vb.swift_strike", faction=name)
        return battle._replace(hits_a=battle.hits_a + 1) if seat == battle.attacker else battle._replace(
            hits_d=battle.hits_d + 1)
    if key == "protector":
        arbiter = C.with_character(state, "arbiter")
        assert arbiter is not None
        state.log(("LR-AV-05-02", "RTA-VB-09"), "ev.vb.protector", faction=arbiter, defender=battle.defender)
        S.score(state, C.seat_of(state, arbiter), 1, ("LR-AV-05-02",))
        return battle
    return None


def rolled_hits_bonus(state: RootState, battle: Battle, faction: str) -> int:
    """The enlisted Arbiter adds his undamaged swords to the defender's maximum rolled hits."""
    arbiter = C.with_character(state, "arbiter")
    if arbiter and BT.used(battle, False, "protector") and faction == battle.defender:
        return C.swords(V(state, arbiter))
    return 0


SPECIALS.update({
    "thief": (steal_options, steal), "tinker": (day_labor_options, day_labor), "ranger": (hideout_options, hideout),
    "vagrant": (instigate_options, instigate), "scoundrel": (scorched_options, scorched_earth),
    "adventurer": (improvise_options, improvise), "harrier": (glide_options, glide), "cheat": (con_options, con),
    "gladiator": (duel_options, duel), "jailor": (coerce_options, coerce),
})
