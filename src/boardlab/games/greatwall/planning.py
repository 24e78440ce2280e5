"""The Great Wall's outlook for the `planner` bot (agents/planner.py): what the battles to come and the
donation in progress are likely to bring each seat, in Honor, read from a (sampled) state.

A section's battle is played out on paper, as the rules will play it: every Archer there shoots a vital
slot (GW-BATTLE-05..08), then every soldier behind it is dispatched (GW-BATTLE-09/11), Spearmen to the
first undefeated card (GW-BATTLE-14/15), a Horseman covering 2 slots (GWA-BARRACKS-01). The cards are
defeated front to back while the section's slots last; the seats share each defeat's Honor (victory and
the card kept, GW-BREACH-02/14) by the slots their soldiers cover, the others there take the participation
Honor (GW-BREACH-04). What stays undefeated breaches if its Breach value beats the Defence (GW-BREACH-05):
then the seats there pay its breach effects and lose soldiers to its Kill value (GW-BREACH-06..09), and a
lone defender gains its Honor (GWA-BATTLE-01). Before Spring a card short of a few slots may still be
defeated (more soldiers may come): each missing slot halves the chance, and so on.

All numbers here are the bot's estimates, not rules.
"""
from __future__ import annotations

from . import mechanics as M
from .data_tables import BOARD, HORDES, UNIT_INDEX
from .seasons import slot_index
from .state import GWState, HORSEMAN, SECONDARY

SOLDIER_LOSS = 2.5      # a soldier killed: its place at the Wall and what recruiting another costs
EFFECT_COST = 0.8       # a breach effect's resource or Honor, on average
MISSING_SLOT = 0.35     # before Spring: the chance of a defeat falls by this factor per missing slot
NEXT_YEAR = 0.5         # battles a year away (seen from Summer): the array will have changed
DONATED_WORTH = 0.4     # a resource's worth in the position value (GreatWall.base_potential)
SUPPLY_WORTH = (0.2, 0.5, 0.8)   # a Spearman, Archer, Horseman in supply: scarcer kinds are kept
RECRUIT_COST = 4 * DONATED_WORTH  # a recruit's price in the position value
FOOT = {UNIT_INDEX["spearman"], UNIT_INDEX["bannerman"]}


def outlook(state: GWState) -> list[float]:
    """Each seat's expected Honor from the battles to come, the recruits its Clerks on the Barracks
    prepare and the donation under way; its soldiers in supply, by kind."""
    out = [sum(w * n for w, n in zip(SUPPLY_WORTH, state.soldiers[s])) for s in range(state.players)]
    weight = horizon(state)
    if weight:
        battles = {section: section_outlook(state, section) for section in sections_to_fight(state)}
        for values in list(battles.values()) + [barracks_outlook(state, battles)]:
            for seat, value in enumerate(values):
                out[seat] += weight * value
    if state.season == "summer" and state.commits:
        for seat, value in enumerate(donation_outlook(state)):
            out[seat] += value
    return out


def barracks_outlook(state: GWState, battles: dict[int, list[float]]) -> list[float]:
    """Winter: a Clerk on the Barracks is a recruit to come once the Location fills (each Clerk counts by
    how full it is): worth the best gain one more Spearman of the seat would bring at a section."""
    value = [0.0] * state.players
    on = state.clerks_on.get("barracks", ())
    if state.season != "winter" or not on:
        return value
    fill = len(on) / max(1, M.slots(state, "barracks"))
    for seat in set(on):
        if seat < 0 or not state.soldiers[seat][UNIT_INDEX["spearman"]]:
            continue
        wood, stone = state.res[seat][0], state.res[seat][1]
        affordable = min(on.count(seat), min(wood, stone) // 2 + state.overseers["barracks"][seat])
        if affordable:
            value[seat] += affordable * fill * fill * max(0.0, recruit_gain(state, seat, battles) - RECRUIT_COST)
    return value


def recruit_gain(state: GWState, seat: int, battles: dict[int, list[float]]) -> float:
    """What one more Spearman of `seat` behind the best section adds to its battle outlook (`battles`:
    each section's outlook as it stands)."""
    return max([section_outlook(state, section, extra=seat)[seat] - values[seat]
                for section, values in battles.items()], default=0.0)


def horizon(state: GWState) -> float:
    """How much the Horde array as it stands says about the next battles."""
    if state.season in ("end", "setup") or state.pending is None:
        return 0.0
    last = state.year >= M.years(state)
    if state.season == "summer" or (state.season == "spring" and not state.battle):
        return 0.0 if last else NEXT_YEAR
    return 1.0


def sections_to_fight(state: GWState) -> list[int]:
    if state.season == "spring" and state.battle:
        todo = list(state.battle.get("todo", ()))
        return todo + ([state.battle["section"]] if "section" in state.battle else [])
    return [s for s in range(BOARD.sections)
            if any(state.hordes[slot_index(s, r)] is not None for r in range(BOARD.horde_rows))]


def forces(state: GWState, section: int, extra: int | None = None) -> tuple[list[int], list[int], list[int]]:
    """Per seat: shots left, dispatchable foot soldiers (Spearmen, Bannermen), Horsemen behind the section
    (`extra`: a seat given one Spearman more)."""
    n = state.players
    shots = [state.archers[section].count(s) for s in range(n)]
    if state.battle.get("section") == section and "shots" in state.battle:
        shots = list(state.battle["shots"])
    foot, horse = [0] * n, [0] * n
    for seat, unit in state.behind[section]:
        if 0 <= seat < n:
            if unit in FOOT:
                foot[seat] += 1
            elif unit == HORSEMAN:
                horse[seat] += 1
    if extra is not None:
        foot[extra] += 1
    return shots, foot, horse


def section_outlook(state: GWState, section: int, extra: int | None = None) -> list[float]:
    n = state.players
    value = [0.0] * n
    shots, foot, horse = forces(state, section, extra)
    wounds = sum(shots)
    soldiers = [foot[s] + 2 * horse[s] for s in range(n)]   # slots each seat's soldiers will cover
    pool = sum(soldiers)
    chance = 1.0
    cards = [state.hordes[slot_index(section, r)] for r in range(BOARD.horde_rows)]
    alive = []
    for card in (c for c in cards if c is not None):
        spec = HORDES[card[0]]
        need, covered, present = _read(card, spec, n)
        by_wounds = min(wounds, need)
        by_soldiers = min(pool, need - by_wounds)
        missing = need - by_wounds - by_soldiers
        p = chance * (1.0 if missing <= 0 else (0.0 if state.season == "spring" else MISSING_SLOT ** missing))
        total = sum(soldiers)
        slots = [covered[s] + (by_soldiers * soldiers[s] / total if total else 0.0) for s in range(n)]
        whole = sum(slots)
        honor = spec.victory_honor + spec.end_honor
        for seat in range(n):
            share = slots[seat] / whole if whole else 0.0
            value[seat] += p * share * honor
            if seat in present or soldiers[seat] or shots[seat]:
                value[seat] += p * (1 - share) * BOARD.defeat_participation_honor
        wounds -= by_wounds
        pool -= by_soldiers
        if total:
            soldiers = [max(0.0, x - by_soldiers * x / total) for x in soldiers]
        if missing > 0:
            alive.append((card, 1 - p))
            chance = p
    _breach(state, section, alive, value)
    _lone_defender(state, section, value)
    return value


def _read(card: tuple, spec, n: int) -> tuple[int, list[int], set[int]]:
    """A card's open vital slots, the slots each seat's soldiers cover on it, and the seats on it."""
    need, covered, present = 0, [0] * n, set()
    for c, slot in zip(card[1], spec.slots):
        if c is None:
            need += slot.vital
        elif 0 <= c[0] < n:
            present.add(c[0])
            if c[1] != "w":
                covered[c[0]] += 1
    return need, covered, present


def _breach(state: GWState, section: int, alive: list, value: list[float]) -> None:
    """The undefeated cards' Breach values against the Defence: breach effects and kills (each card weighed
    by how likely it stays undefeated)."""
    breach = sum(HORDES[c[0]].breach * p for c, p in alive)
    if breach <= M.defence(state, section):
        return
    here = [s for s in range(state.players) if M.has_soldiers_at(state, s, section)
            or any(u[0] == s for c, _ in alive for u in c[2])]
    units = {s: sum(1 for o, _ in state.behind[section] if o == s) + state.archers[section].count(s)
             + sum(1 for c, _ in alive for u in c[2] if u[0] == s) for s in here}
    everyone = sum(units.values()) or 1
    kills = sum(HORDES[c[0]].kill * p for c, p in alive)
    for seat in here:
        cost = sum(p * _effect_cost(HORDES[c[0]].breach_effect) for c, p in alive)
        lost = min(units[seat], kills * units[seat] / everyone)
        value[seat] -= cost * EFFECT_COST + lost * SOLDIER_LOSS


def _effect_cost(effects: list[dict]) -> float:
    total = 0.0
    for effect in effects:
        for op, arg in effect.items():
            if op == "pay":
                total += sum(arg.values())
            elif op in ("lose_honor", "kill_archers", "discard_tactic"):
                total += arg if isinstance(arg, int) else 1
    return total


def _lone_defender(state: GWState, section: int, value: list[float]) -> None:
    """GWA-BATTLE-01: alone at the section when its battle starts."""
    if state.battle.get("section") == section:
        return
    here = M.defenders(state, section)
    if len(here) == 1:
        value[here[0]] += BOARD.lone_defender_honor


def donation_outlook(state: GWState) -> list[float]:
    """The donation ranking as committed so far (GW-SUMMER-03..05): others not yet decided are taken to
    give half of what they could; the resources a seat gives are worth nothing to it any more."""
    n = state.players
    totals, value = [0.0] * n, [0.0] * n
    for seat in range(n):
        given = state.commits.get(seat)
        if isinstance(given, tuple) and len(given) == 3:
            totals[seat] = float(sum(given))
            value[seat] -= DONATED_WORTH * sum(given)
        else:
            done = sum(given) if isinstance(given, tuple) else 0
            rest = sum(state.res[seat][len(given or ()):3])
            totals[seat] = done + 0.5 * rest
            value[seat] -= DONATED_WORTH * done
    tea = M.tea_order(state)
    ranked = sorted((s for s in range(n) if totals[s] > 0), key=lambda s: (-totals[s], tea.index(s)))
    if n == 2 and state.secondary_honor > 0:
        ranked = sorted(ranked + [SECONDARY], key=lambda s: (-(BOARD.secondary["donation"] if s == SECONDARY
                                                               else totals[s]), s != SECONDARY))
    for rank, seat in enumerate(ranked):
        if seat != SECONDARY and rank < len(BOARD.donation_honor):
            value[seat] += BOARD.donation_honor[rank]
    return value
