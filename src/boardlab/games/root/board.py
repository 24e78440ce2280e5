"""The map in play: adjacency, suits, rule, and placing and removing pieces (with supply limits).

Everything here reads or changes the state only (placing a building or token pushes the tasks the
extension point `placed` answers); who may do what is decided by the rules that call it. Piece limits
(LR-01-05-01): warriors come from the faction's supply; placing more than the supply holds places what is
there (LR-01-05-04).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import compress, islice
from operator import ne

from ...core import tasks as T
from .content import MAPS, Board
from .program import KeptByModules, all_extensions, answered_tasks, extensions, never_blocks, of, placers
from .state import FOREST, RootState


def board(state: RootState) -> Board:
    return MAPS[state.map]


def neighbours(state: RootState, c: int) -> tuple[int, ...]:
    """Clearings linked to `c` by an open path (LR-02-02-01; a closed path links nothing, LR-AM-04-02); a place
    beside the map has no paths (extension point `off_map`)."""
    paths = MAPS[state.map].adj
    if c >= len(paths):
        return ()
    adj = paths[c]
    if not state.closed:
        return adj
    return tuple(d for d in adj if (min(c, d), max(c, d)) not in state.closed)


def adjacent(state: RootState, faction: str, c: int) -> tuple[int, ...]:
    """Clearings adjacent to `c` for `faction`: linked by an open path, plus what its effects add
    (extension point `adjacent`: Boat Builders' rivers, Tunnels). A place beside the map (the Duchy's Burrow) is
    adjacent to what its module says (extension point `off_map`)."""
    if c >= len(state.suits):
        return tuple(sorted((off_map(state, c) or (None, ()))[1]))
    near = neighbours(state, c)
    answers = extensions(state, "adjacent")
    if not answers:
        return near
    more = [d for fn in answers for d in fn(state, faction, c) or ()]
    if not more:
        return near
    return tuple(sorted(set(near).union(more) - {c}))


def off_map(state: RootState, place: int) -> tuple[str | None, tuple[int, ...]] | None:
    """(ruler, adjacent clearings) of a place beside the map, from the module keeping it (extension point
    `off_map`: the Duchy's Burrow), or None."""
    for fn in extensions(state, "off_map"):
        found = fn(state, place)
        if found is not None:
            return found
    return None


def place_ruler(state: RootState, ruled: tuple[str | None, ...], c: int) -> str | None:
    """The ruler of `c` from the map's rulers `ruled`, or of a place beside the map (extension point `off_map`)."""
    if c < len(ruled):
        return ruled[c]
    found = off_map(state, c)
    return found[0] if found is not None else None


def suit(state: RootState, c: int) -> str:
    return state.suits[c]


def suits_at(state: RootState, c: int) -> tuple[str, ...]:
    """The suits clearing `c` matches now: its own, unless an effect changes them (extension point
    `clearing_suits`: the Lilypad Diaspora's enclaves, LR-16-02-01-01/02)."""
    for fn in extensions(state, "clearing_suits"):
        found = fn(state, c)
        if found is not None:
            return found
    return (state.suits[c],)


def clearings_of_suit(state: RootState, s: str) -> list[int]:
    """Clearings matching suit `s` now (LR-16-02-01-02 when an effect changes clearings' suits)."""
    if extensions(state, "clearing_suits"):
        return [c for c in range(len(state.suits)) if s in suits_at(state, c)]
    return [c for c, x in enumerate(state.suits) if x == s]


def warriors(state: RootState, faction: str, c: int) -> int:
    w = state.warriors.get(faction)
    return w[c] if w is not None else 0


def warriors_counted(state: RootState, faction: str, c: int) -> int:
    """Its warriors there, a pawn that is a warrior included (`Faction.warrior_pawn`: the Hundreds' warlord)."""
    pawn = 1 if state.pawns.get(faction) == c and of(faction).warrior_pawn else 0
    return warriors(state, faction, c) + pawn


def buildings_of(state: RootState, faction: str, c: int) -> list[str]:
    return [kind for owner, kind in state.buildings[c] if owner == faction]


def tokens_of(state: RootState, faction: str, c: int) -> list[str]:
    return [kind for owner, kind in state.tokens[c] if owner == faction]


def open_slots(state: RootState, c: int) -> int:
    """Empty building slots (LR-02-02-03; a ruin fills its slot, LR-02-02-04)."""
    return MAPS[state.map].slots[c] - len(state.buildings[c])


def owners(state: RootState) -> tuple[str, ...]:
    """Everyone who may have pieces on the map: the factions in play, then the hirelings in play (their
    pieces are keyed by the hireling's key, state.py)."""
    return state.faction + tuple(state.hired) if state.hired else state.faction


def side(state: RootState, owner: str) -> int | None:
    """The seat acting for an owner's pieces: a faction's player, a hireling's controller (None: an
    uncontrolled hireling, LR-AH-01 / RT-HR-02)."""
    if owner in state.hired:
        return state.hired[owner]
    return state.seat_of(owner)


def party(state: RootState, owner: str) -> str:
    """Whose rule an owner's warriors and buildings count for: a controlled hireling's count for its
    controller's faction (LR-AH-03-01, RT-HR-31), an uncontrolled one rules as if it were a player."""
    seat = state.hired.get(owner) if state.hired else None
    return owner if seat is None else state.faction[seat]


def are_enemies(state: RootState, a: str, b: str) -> bool:
    """Whether owners `a` and `b` are enemies: other players not in a coalition (LR-AG-08, LR-09-02-08);
    a hireling is an enemy of everyone but its controller and the controller's coalition partner, an
    uncontrolled one of everyone (LR-AH-03-02, LR-AG-08, RT-HR-34/35)."""
    if a == b:
        return False
    sa, sb = side(state, a), side(state, b)
    if sa is None or sb is None:
        return True
    return sa != sb and not seats_in_coalition(state, sa, sb)


def seats_in_coalition(state: RootState, a: int, b: int) -> bool:
    return bool(state.coalition) and (state.coalition.get(a) == b or state.coalition.get(b) == a)


def rule_total(state: RootState, faction: str, c: int) -> int:
    """Warriors plus buildings (tokens and pawns do not count, LR-02-05), plus what effects add
    (extension point `rule_bonus`: Soup Kitchens)."""
    total = warriors(state, faction, c) + sum(1 for owner, _ in state.buildings[c] if owner == faction)
    for fn in extensions(state, "rule_bonus"):
        total += fn(state, faction, c)
    return total


def ruler(state: RootState, c: int) -> str | None:
    """Who rules `c`: the most warriors and buildings; a tie means no one (LR-02-05), unless a tied
    faction wins ties where it has a piece (the Eyrie's Lords of the Forest, LR-07-02-02). A controlled
    hireling's pieces count for its controller, an uncontrolled hireling rules as if it were a player
    (LR-AH-03-01): the answer is a faction's key or an uncontrolled hireling's. An effect may give the rule
    outright (extension point `rules_outright`: the Lizard Cult's Pilgrims)."""
    if _plain_rule(state):
        return _plain_ruler(state.warriors, state.buildings[c], c)
    return _ruler_with_effects(state, c)


def _plain_rule(state: RootState) -> bool:
    """Whether rule is warriors and buildings alone: no hireling in play and no module adding to rule or
    winning ties (then `_plain_ruler` decides, and whole boards can be cached)."""
    return _rule_kind(state) == PLAIN


PLAIN, OVERLAID, EFFECTS = "plain", "overlaid", "effects"  # what decides rule (`_rule_kind`)


def _rule_kind(state: RootState) -> str:
    """PLAIN (`_plain_rule`); OVERLAID: plain rule but where an effect gives it outright or adds to it
    (extension points `rules_outright`, `rule_bonus`: the Lizard Cult's Pilgrims, the Riverfolk's mercenaries);
    EFFECTS: modules win ties, or hirelings are in play (`_ruler_with_effects` decides, clearing by clearing)."""
    if state.hired:
        return EFFECTS
    global _last_kind
    last = _last_kind
    if last[0] is state.modules:
        return last[1]
    answers = all_extensions(state)
    kind = EFFECTS if "wins_rule_ties" in answers else OVERLAID if _OVERLAY_POINTS & answers.keys() else PLAIN
    _last_kind = (state.modules, kind)
    return kind


_OVERLAY_POINTS = frozenset({"rules_outright", "rule_bonus"})
# the active modules asked about last (the very tuple: a game keeps one, and a module switched on makes another; held
# here, it cannot be freed and its id taken by another tuple) and their kind
_last_kind: tuple[object, str] = (None, PLAIN)


def _plain_ruler(warriors: dict[str, list[int]], pieces: tuple[tuple[str, str], ...], c: int) -> str | None:
    if not pieces:  # warriors alone (most clearings): the most, unless tied
        best, who, tied = 0, None, False
        for f, w in warriors.items():
            n = w[c]
            if n > best:
                best, who, tied = n, f, False
            elif n == best and n:
                tied = True
        if not tied:
            return who
    counts: dict[str, int] = {}
    for f, w in warriors.items():
        n = w[c]
        if n:
            counts[f] = n
    for owner, _ in pieces:
        if owner:
            counts[owner] = counts.get(owner, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    top = [f for f, n in counts.items() if n == best]
    if len(top) == 1:
        return top[0]
    lords = [f for f in top if of(f).wins_rule_ties]  # each tied faction has pieces there
    return lords[0] if len(lords) == 1 else None


def _ruler_with_effects(state: RootState, c: int) -> str | None:
    who = _outright(state, extensions(state, "rules_outright"), c)
    if who is not None:
        return who
    counts = {f: w[c] for f, w in state.warriors.items() if w[c]}
    for owner, _ in state.buildings[c]:
        if owner:
            counts[owner] = counts.get(owner, 0) + 1
    for fn in extensions(state, "rule_bonus"):  # LR-02-05 as rule_total counts it (Soup Kitchens)
        for f in owners(state):
            bonus = fn(state, f, c)
            if bonus:
                counts[f] = counts.get(f, 0) + bonus
    if not counts:
        return None
    own = counts
    if state.hired:
        merged: dict[str, int] = {}
        for f, n in counts.items():
            p = party(state, f)
            merged[p] = merged.get(p, 0) + n
        counts = merged
    best = max(counts.values())
    top = [f for f, n in counts.items() if n == best]
    if len(top) == 1:
        return top[0]
    lords = [f for f in top if wins_ties(state, f, own)]
    return lords[0] if len(lords) == 1 else None


def wins_ties(state: RootState, party_: str, own: dict[str, int]) -> bool:
    """A faction's own tie-winning (Lords of the Forest) needs its own pieces there: hirelings gain none of
    their controller's abilities (RT-HR-39/40, LR-AH-03-05); modules add theirs (the Bluebird Nobles)."""
    if own.get(party_) and of(party_).wins_rule_ties:
        return True
    return any(fn(state, party_) for fn in extensions(state, "wins_rule_ties"))


# The board whose rulers were asked for last, as copies of its warriors and buildings, and its answer: the same board
# is asked about many times in a row (comparing it with the copies is cheap), and the next board differs from it in
# a clearing or two (a move, a battle, a placement: only those clearings are counted again). The answer depends on
# the contents alone, not on the order of the factions.
_last_rulers: tuple[dict[str, list[int]], list[tuple[tuple[str, str], ...]], tuple[str | None, ...]] = ({}, [], ())


def rulers(state: RootState) -> tuple[str | None, ...]:
    """The ruler of every clearing (for rules that look at many clearings at once); do not change it."""
    kind = _rule_kind(state)
    if kind == EFFECTS:
        return tuple(_ruler_with_effects(state, c) for c in range(len(state.buildings)))
    plain = _board_rulers(state)
    return plain if kind == PLAIN else _overlaid(state, plain)


def _overlaid(state: RootState, plain: tuple[str | None, ...]) -> tuple[str | None, ...]:
    """`_ruler_with_effects` of every clearing, when no hireling is in play and no module wins ties: an effect's
    outright ruler; else, where no effect adds to anyone's rule (most clearings, most of the time), the plain
    ruler (the same counts, the same ties); else the counts with the bonuses."""
    answers = all_extensions(state)
    outright, bonuses, everyone = answers.get("rules_outright", ()), answers.get("rule_bonus", ()), owners(state)
    out = []
    for c, ruler in enumerate(plain):
        who = _outright(state, outright, c)
        if who is None:
            who = _ruler_with_effects(state, c) if _any_bonus(state, bonuses, everyone, c) else ruler
        out.append(who)
    return tuple(out)


def _any_bonus(state: RootState, bonuses: tuple, everyone: tuple[str, ...], c: int) -> bool:
    for fn in bonuses:
        for f in everyone:
            if fn(state, f, c):
                return True
    return False


def _outright(state: RootState, answers: tuple, c: int) -> str | None:
    """Who an effect makes rule `c` outright (the first of the `rules_outright` answers to say), if any."""
    for fn in answers:
        who = fn(state, c)
        if who is not None:
            return who  # type: ignore[no-any-return]
    return None


def _board_rulers(state: RootState) -> tuple[str | None, ...]:
    """The plain rulers of every clearing (`_plain_rulers`), counted again only where the board changed since the
    board asked about last."""
    global _last_rulers
    warriors, buildings = state.warriors, state.buildings
    last = _last_rulers
    if last[1] == buildings and last[0] == warriors:
        return last[2]
    changed = _changed_clearings(last[0], last[1], warriors, buildings)
    if changed is None or len(changed) > _RECOUNT_MAX:
        found = _plain_rulers(warriors, buildings)
    else:
        out = list(last[2])
        for c in changed:
            out[c] = _plain_ruler(warriors, buildings[c], c)
        found = tuple(out)
    _last_rulers = (dict(zip(warriors, map(list, warriors.values()))), list(buildings), found)
    return found


_RECOUNT_MAX = 4  # more changed clearings than this: the whole board is counted again (`_plain_rulers`)


def _changed_clearings(old_warriors: dict[str, list[int]], old_buildings: list[tuple[tuple[str, str], ...]],
                       warriors: dict[str, list[int]], buildings: list[tuple[tuple[str, str], ...]]) -> set[int] | None:
    """The clearings whose warriors or buildings differ between two boards, None if the boards are not alike (other
    owners, other sizes)."""
    n = len(buildings)
    if len(old_buildings) != n or old_warriors.keys() != warriors.keys():
        return None
    changed = set()
    if old_buildings != buildings:
        changed.update(compress(range(n), map(ne, old_buildings, buildings)))
    for f, now in warriors.items():
        was = old_warriors[f]
        if was != now:
            if len(was) != len(now) or len(now) < n:
                return None
            changed.update(compress(range(n), map(ne, was, now)))
    return changed


def _plain_rulers(warriors: dict[str, list[int]], buildings: list[tuple[tuple[str, str], ...]]) -> tuple[str | None, ...]:
    """`_plain_ruler` of every clearing: each owner's warriors plus buildings, clearing by clearing, then the
    largest count of each clearing wins unless tied (`_plain_ruler`'s answer, with fewer steps)."""
    n = len(buildings)
    totals: dict[str, list[int]] | None = None
    for c, pieces in enumerate(buildings):
        for owner, _ in pieces:
            if owner:  # not a ruin
                if totals is None:
                    totals = {f: list(w) for f, w in warriors.items()}
                counts = totals.get(owner)
                if counts is None:
                    counts = totals[owner] = [0] * n
                counts[c] += 1
    totals = totals or warriors
    if not totals:
        return (None,) * n
    owners_ = tuple(totals)
    out: list[str | None] = []
    for counts in islice(zip(*totals.values()), n):
        best = max(counts)
        if not best:
            out.append(None)
        elif counts.count(best) == 1:
            out.append(owners_[counts.index(best)])
        else:  # a tie: one tied faction winning ties (each tied faction has pieces there)
            lords = [f for f, k in zip(owners_, counts) if k == best and of(f).wins_rule_ties]
            out.append(lords[0] if len(lords) == 1 else None)
    return tuple(out)


def rules(state: RootState, faction: str, c: int) -> bool:
    return ruler(state, c) == faction


def ruled_by(state: RootState, faction: str) -> list[int]:
    return [c for c, f in enumerate(rulers(state)) if f == faction]


def has_pieces(state: RootState, faction: str, c: int) -> bool:
    """Any faction piece there: warriors, buildings, tokens or a pawn."""
    return _has_pieces_at(state, faction, c)


def warriors_as_own(state: RootState, faction: str) -> str | None:
    """The owner whose warriors `faction` treats as its own for rule and battle now (extension point
    `battle_ally`: the Riverfolk's mercenaries, LR-11-02-07-03); they are no enemy pieces to it (Glossary)."""
    for fn in extensions(state, "battle_ally"):
        ally = fn(state, faction)
        if ally is not None:
            return ally  # type: ignore[no-any-return]
    return None


def enemies_at(state: RootState, faction: str, c: int) -> list[str]:
    """The owners with pieces in `c` that are enemies of `faction` (a faction or a hireling): other
    players not in a coalition with it (LR-09-02-08 and the Glossary), and hirelings by their controller
    (`are_enemies`). A place beside the map holds no one else's pieces (extension point `off_map`)."""
    if c >= len(state.buildings):
        return []
    if not state.hired:  # has_pieces for each faction, the buildings and tokens read once
        buildings, tokens = state.buildings[c], state.tokens[c]
        placed = [o for o, _ in buildings] + [o for o, _ in tokens] if buildings or tokens else ()
        warriors, pawns, coalition = state.warriors, state.pawns, state.coalition
        out = []
        for f in state.faction:
            if f == faction:
                continue
            w = warriors.get(f)
            if ((w is not None and w[c] > 0) or f in placed or pawns.get(f) == c) and not (
                    coalition and in_coalition(state, faction, f)):
                out.append(f)
        return out
    return [f for f in owners(state) if has_pieces(state, f, c) and are_enemies(state, faction, f)]


def has_building_or_token(state: RootState, owner: str, c: int) -> bool:
    """Any building or token of `owner` in clearing `c`."""
    for pieces in (state.buildings[c], state.tokens[c]):
        for o, _ in pieces:
            if o == owner:
                return True
    return False


def _has_pieces_at(state: RootState, owner: str, c: int) -> bool:
    """`has_pieces`, the cheapest questions first."""
    w = state.warriors.get(owner)
    if (w is not None and w[c] > 0) or state.pawns.get(owner) == c:
        return True
    return has_building_or_token(state, owner, c)


def in_coalition(state: RootState, a: str, b: str) -> bool:
    """Whether factions `a` and `b` are a Vagabond and the player he formed a coalition with."""
    if not state.coalition:
        return False
    sa, sb = state.seat_of(a), state.seat_of(b)
    return state.coalition.get(sa) == sb or state.coalition.get(sb) == sa  # type: ignore[arg-type]


def connected(state: RootState, faction: str, start: int, ruled: tuple[str | None, ...] | None = None) -> list[int]:
    """`start` and every clearing reached from it through clearings `faction` rules (LR-06-05-04-02);
    `ruled`: the rulers, if known."""
    ruled = ruled or rulers(state)
    plain = not state.closed and not extensions(state, "adjacent")  # then adjacent() is the map's paths
    paths = MAPS[state.map].adj
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        for d in (paths[c] if plain else adjacent(state, faction, c)):
            if d not in seen and d < len(ruled) and ruled[d] == faction:
                seen.add(d)
                todo.append(d)
    return sorted(seen)


def may_place(state: RootState, faction: str, c: int) -> bool:
    """Whether `faction` may place pieces in `c` (the keep, LR-06-02-02, and the like say no)."""
    for block in _blockers(state):
        if block(state, faction, c):
            return False
    return True


# The active modules' `blocks_placing` hooks (their defaults left out): asked at every placement question.
_BLOCKERS = KeptByModules(lambda state: tuple(
    m.blocks_placing for m in placers(state) if m.blocks_placing is not never_blocks))
_blockers = _BLOCKERS.get


def leaving_blocked(state: RootState, owner: str, c: int) -> bool:
    """Whether pieces of `owner` cannot be moved out of clearing `c` (extension point `blocks_leaving`: the
    Corvids' snare)."""
    return c < len(state.tokens) and any(fn(state, owner, c) for fn in extensions(state, "blocks_leaving"))


# ---- placing and removing ------------------------------------------------------------------------------

def place_warriors(state: RootState, faction: str, c: int, n: int) -> int:
    """Up to `n` warriors from the supply (fewer if it runs out, LR-01-05-04); returns how many."""
    n = min(n, state.supply.get(faction, 0))
    if n > 0:
        state.supply[faction] -= n
        state.warriors[faction][c] += n
    return max(n, 0)


def remove_warriors(state: RootState, faction: str, c: int, n: int) -> int:
    """Up to `n` warriors back to the supply (LR-AG-24); returns how many."""
    n = min(n, state.warriors[faction][c])
    if n > 0:
        state.warriors[faction][c] -= n
        state.supply[faction] += n
    return n


def move_warriors(state: RootState, faction: str, a: int, b: int, n: int) -> None:
    state.warriors[faction][a] -= n
    state.warriors[faction][b] += n


def add_building(state: RootState, faction: str, kind: str, c: int) -> None:
    """Place a building (the caller checked the slot); what placing it triggers is pushed (`placed`)."""
    state.buildings[c] = state.buildings[c] + ((faction, kind),)
    _placed(state, faction, kind, c)


def take_building(state: RootState, faction: str, kind: str, c: int) -> None:
    pieces = list(state.buildings[c])
    pieces.remove((faction, kind))
    state.buildings[c] = tuple(pieces)


def add_token(state: RootState, faction: str, kind: str, c: int) -> None:
    """Place a token; what placing it triggers is pushed (`placed`)."""
    state.tokens[c] = state.tokens[c] + ((faction, kind),)
    _placed(state, faction, kind, c)


def _placed(state: RootState, owner: str, kind: str, c: int) -> None:
    """The extension point `placed` (the Bat Messengers): its tasks run next, so a task handler placing a
    building or token finishes or replaces its own task before it places."""
    tasks = answered_tasks(state, "placed", owner, kind, c)
    if tasks:
        T.push(state, *tasks)


def take_token(state: RootState, faction: str, kind: str, c: int) -> None:
    pieces = list(state.tokens[c])
    pieces.remove((faction, kind))
    state.tokens[c] = tuple(pieces)


def count_on_map(state: RootState, faction: str, kind: str) -> int:
    """How many buildings or tokens of a kind the faction has on the map."""
    return len(pieces_index(state).get((faction, kind), ()))


def where(state: RootState, faction: str, kind: str) -> list[int]:
    """The clearings holding the faction's buildings or tokens of a kind (one entry per piece)."""
    return list(pieces_index(state).get((faction, kind), ()))


# Where every building and token stands, by the map's buildings and tokens (asked many times between two
# changes of them: crafting pieces, building costs, sympathy): boards seen before are answered from here.
_PIECES: dict[tuple, dict[tuple[str, str], tuple[int, ...]]] = {}
_PIECES_MAX = 50_000
# as `_last_rulers`: copies of the buildings and tokens asked about last, and the answer
_last_pieces: tuple[list[tuple[tuple[str, str], ...]], list[tuple[tuple[str, str], ...]],
                    dict[tuple[str, str], tuple[int, ...]]] = ([], [], {})


def pieces_index(state: RootState) -> dict[tuple[str, str], tuple[int, ...]]:
    """(owner, kind) -> its clearings, one entry per piece: the buildings' in clearing order, then the tokens'
    (shared: do not change it)."""
    global _last_pieces
    buildings, tokens = state.buildings, state.tokens
    last = _last_pieces
    if last[0] == buildings and last[1] == tokens:
        return last[2]
    key = (tuple(buildings), tuple(tokens))
    found = _PIECES.get(key)
    if found is None:
        if len(_PIECES) >= _PIECES_MAX:
            _PIECES.clear()
        index: dict[tuple[str, str], list[int]] = {}
        for layer in key:
            for c, pieces in enumerate(layer):
                for piece in pieces:
                    index.setdefault(piece, []).append(c)
        found = _PIECES[key] = {piece: tuple(cs) for piece, cs in index.items()}
    _last_pieces = (list(buildings), list(tokens), found)
    return found


def forests_of(state: RootState, c: int) -> tuple[int, ...]:
    return MAPS[state.map].clearing_forests[c]


def is_forest(location: int) -> bool:
    return location >= FOREST


def corners(state: RootState) -> tuple[int, ...]:
    return MAPS[state.map].corners


def opposite(state: RootState, c: int) -> int | None:
    return MAPS[state.map].opposite.get(c)


def total_warriors(state: RootState, faction: str) -> int:
    return sum(state.warriors.get(faction, ()))


def tally(counts: dict[str, int]) -> Counter[str]:
    """A Counter holding `counts` as they are (without Counter.__init__'s costly checks: asked at every menu)."""
    out: Counter[str] = Counter.__new__(Counter)
    dict.update(out, counts)
    return out


def spread(values: Iterable[int]) -> list[int]:
    return sorted(set(values))


# ---- pieces on paths (state.on_paths) --------------------------------------------------------------------

def path_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def open_paths(state: RootState) -> list[tuple[int, int]]:
    """The paths pieces may stand on: the map's paths (rivers are none, LR-AH-03-05) that are not closed
    (LR-AM-04-02)."""
    return [p for p in MAPS[state.map].paths if p not in state.closed]


def on_path(state: RootState, a: int, b: int) -> tuple[tuple[str, str], ...]:
    return state.on_paths.get(path_key(a, b), ())


def place_on_path(state: RootState, owner: str, kind: str, a: int, b: int) -> None:
    """One piece onto a path (a warrior comes from the owner's supply)."""
    key = path_key(a, b)
    if kind == "warrior":
        state.supply[owner] -= 1
    state.on_paths = {**state.on_paths, key: state.on_paths.get(key, ()) + ((owner, kind),)}


def take_from_path(state: RootState, owner: str, kind: str, a: int, b: int) -> None:
    """One piece off a path (a warrior back to the owner's supply)."""
    key = path_key(a, b)
    left = list(state.on_paths[key])
    left.remove((owner, kind))
    state.on_paths = {k: v for k, v in {**state.on_paths, key: tuple(left)}.items() if v}
    if kind == "warrior":
        state.supply[owner] += 1
