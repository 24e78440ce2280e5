"""Moving warriors (LR-04-02): one decision for the origin, one for the destination, one for how many.

Who may move where: from a clearing with the mover's warriors along a path to an adjacent clearing,
ruling the origin or the destination (LR-04-02-01; a faction that ignores rule says so with
`Faction.needs_rule_to_move`). Modules add destinations (the Lake's Ferry) and forbid moves (the
Scoundrel's torch) through the extension points `move_destinations` and `blocks_move`, and react to
warriors entering a clearing through `moved_into` (the Alliance's Outrage).
"""
from __future__ import annotations

from collections.abc import Iterable

from ...core import tasks as T
from . import actions as A
from . import board as B
from .program import BASE, all_extensions, extensions, of
from .records import Move
from .state import RootState

def destinations(state: RootState, faction: str, origin: int, ignore_rule: bool = False,
                 ruled: tuple[str | None, ...] | None = None) -> list[int]:
    """Where warriors of `faction` in `origin` may move now (adjacent for the faction, extension point
    `adjacent`); `ignore_rule` for a move that ignores rule (False Orders), as do factions that
    need no rule and moves under `moves_ignore_rule` (Corvid Planners). `ruled`: the rulers, if known."""
    return sorted(_moves_from(state, faction, origin, _rule_for(state, faction, ignore_rule, ruled), every=True))


def _rule_for(state: RootState, faction: str, ignore_rule: bool,
              ruled: tuple[str | None, ...] | None) -> tuple[tuple[str | None, ...], str] | None:
    """The rulers a move of `faction` must heed and whose rule counts (a hireling moves by its controller's,
    LR-AH-03-01); None if its moves ignore rule."""
    ignoring = extensions(state, "moves_ignore_rule")
    if not of(faction).needs_rule_to_move or ignore_rule or (ignoring and any(fn(state, faction) for fn in ignoring)):
        return None
    return ruled or B.rulers(state), B.party(state, faction)


def _moves_from(state: RootState, faction: str, origin: int, rule: tuple[tuple[str | None, ...], str] | None,
                every: bool) -> list[int]:
    """The destinations from `origin` (unsorted), or only the first one found unless `every`."""
    answers = all_extensions(state)
    if "blocks_leaving" in answers and B.leaving_blocked(state, faction, origin):  # a snare (LR-13-07-02)
        return []
    near: Iterable[int] = B.adjacent(state, faction, origin) if "adjacent" in answers else B.neighbours(state, origin)
    more = answers.get("move_destinations", ())
    if every or more:  # a set: no clearing twice (the first found needs none)
        near = set(near)
        for fn in more:
            near.update(fn(state, faction, origin))
    ruled, mover = rule if rule is not None else ((), "")
    n = len(ruled)  # places beside the map (the Duchy's Burrow) say who rules them (board.place_ruler)
    restricted = rule is not None and (ruled[origin] if origin < n else B.place_ruler(state, ruled, origin)) != mover
    free = answers.get("move_ignores_rule", ()) if restricted else ()  # a move ignoring rule itself (Otter Divers)
    blocks = answers.get("blocks_move", ())
    out = []
    for d in near:
        if d == origin:
            continue
        if restricted and (ruled[d] if d < n else B.place_ruler(state, ruled, d)) != mover and not (
                free and _any_says(free, state, faction, origin, d)):
            continue
        if blocks and _any_says(blocks, state, faction, origin, d):
            continue
        out.append(d)
        if not every:
            break
    return out


def _any_says(answers: tuple, state: RootState, faction: str, origin: int, dest: int) -> bool:
    """Whether any of these extension point answers says yes to the move (a loop: no generator at each path)."""
    for fn in answers:
        if fn(state, faction, origin, dest):
            return True
    return False


def origins(state: RootState, faction: str, allowed: tuple[int, ...] | None = None) -> list[int]:
    """Clearings from which `faction` can make a move now."""
    w = state.warriors.get(faction)
    if w is None:
        return []
    where = range(len(w)) if allowed is None else allowed
    rule = _rule_for(state, faction, False, None)
    answers = all_extensions(state)
    if _PATHS_CHANGE.isdisjoint(answers):
        return _origins_on_paths(state, faction, w, where, rule, answers, first=False)
    return [c for c in where if w[c] > 0 and _moves_from(state, faction, c, rule, every=False)]


def can_move(state: RootState, faction: str, allowed: tuple[int, ...] | None = None) -> bool:
    w = state.warriors.get(faction)
    if w is None:
        return False
    where = range(len(w)) if allowed is None else allowed
    rule = _rule_for(state, faction, False, None)
    answers = all_extensions(state)
    if _PATHS_CHANGE.isdisjoint(answers):
        return bool(_origins_on_paths(state, faction, w, where, rule, answers, first=True))
    return any(w[c] > 0 and _moves_from(state, faction, c, rule, every=False) for c in where)


_PATHS_CHANGE = frozenset({"blocks_leaving", "adjacent", "move_destinations"})  # points changing where moves go


def _origins_on_paths(state: RootState, faction: str, w: list[int], where: Iterable[int],
                      rule: tuple[tuple[str | None, ...], str] | None, answers: dict, first: bool) -> list[int]:
    """The clearings of `where` from which warriors of `faction` can move along an open path (where `_moves_from`
    finds a destination), when no module changes where moves go (the map's paths alone: its questions in one
    loop); only the first one found if `first`."""
    ruled, mover = rule if rule is not None else ((), "")
    n = len(ruled)
    blocks = answers.get("blocks_move", ())
    free = answers.get("move_ignores_rule", ())
    out = []
    for c in where:
        if not w[c]:
            continue
        restricted = rule is not None and (ruled[c] if c < n else B.place_ruler(state, ruled, c)) != mover
        for d in B.neighbours(state, c):
            if d == c:
                continue
            if restricted and (ruled[d] if d < n else B.place_ruler(state, ruled, d)) != mover and not (
                    free and _any_says(free, state, faction, c, d)):
                continue
            if blocks and _any_says(blocks, state, faction, c, d):
                continue
            out.append(c)
            if first:
                return out
            break
    return out


def moves(seat: int, faction: str, n: int, rules: tuple[str, ...], allowed: tuple[int, ...] | None = None,
          must: bool = False, every: bool = False) -> Move:
    """`n` moves for `faction` (moved by `seat`), each optional unless `must`; `every`: each takes all the
    warriors of its origin."""
    return Move(seat, faction, n, allowed, must, None, None, rules, every)


@BASE.handler(Move)
def run_move(state: RootState, task: Move) -> None:
    if task.left <= 0:
        T.done(state)
        return
    if task.origin is None:
        sites = origins(state, task.faction, task.origins)
        if sites:
            T.offer(state, task.seat, "move_from", _from_ids(task, sites))
        else:
            T.done(state)
    elif task.dest is None:
        T.ask(state, task.seat, "move_to")
    elif state.warriors[task.faction][task.origin] == 1 or task.every:
        _move(state, task, state.warriors[task.faction][task.origin])
    else:
        T.ask(state, task.seat, "move_count")


def _legal_from(state: RootState) -> list[str]:
    task = T.top(state)
    return _from_ids(task, origins(state, task.faction, task.origins))


def _from_ids(task: Move, sites: list[int]) -> list[str]:
    out = [A.from_id(c) for c in sites]
    return out if task.must else out + ["skip"]


@BASE.task_decision("move_from", _legal_from)
def apply_from(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "skip":
        T.done(state)
        return
    T.replace(state, task._replace(origin=A.clearing_arg(action_id)))


@BASE.task_decision("move_to", lambda state: [A.to_id(c) for c in destinations(state, T.top(state).faction,
                                                                             T.top(state).origin)])
def apply_to(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(dest=A.clearing_arg(action_id)))


@BASE.task_decision("move_count", lambda state: [A.warriors_id(n) for n in range(
    1, state.warriors[T.top(state).faction][T.top(state).origin] + 1)])
def apply_count(state: RootState, action_id: str) -> None:
    _move(state, T.top(state), int(A.arg(action_id)))


def _move(state: RootState, task: Move, n: int) -> None:
    a, b = task.origin, task.dest
    assert a is not None and b is not None
    T.replace(state, task._replace(left=task.left - 1, origin=None, dest=None, must=False))
    T.push(state, *relocate(state, task.seat, task.faction, a, b, n, task.rules))


def relocate(state: RootState, seat: int, faction: str, a: int, b: int, n: int, rules: tuple[str, ...]) -> list:
    """Move `n` warriors of `faction` from `a` to `b` (moved by `seat`): log it and return the tasks
    of the effects a move triggers (`moved`, `moved_into`). For moves made outside a `Move` task
    (False Orders) as well."""
    B.move_warriors(state, faction, a, b, n)
    state.log(rules + ("LR-04-02",), "ev.move", seat=seat, faction=faction, origin=a, dest=b, n=n)
    later = []
    for fn in extensions(state, "moved"):
        later += fn(state, seat, faction, a, b, n) or []
    if b < len(state.suits):  # a place beside the map (the Duchy's Burrow) holds no one else's pieces: no reaction
        for fn in extensions(state, "moved_into"):
            later += fn(state, seat, faction, b, n) or []
    return later
