"""Genghis Khan (GK-01..65): the Khan in the Horde array, his Skill cards, attacking him, the
Emperor's Award and the Bannermen.

Timing through the phase mapping (greatwall-conflicts.md §2, rulings D3, D8, D9, D12, D15, D18, D22;
docs/greatwall-genghis.md explains each choice):
- setup (GK-03..19): before 004's setup, 2 random base Horde types leave the deck (GK-09; the Genghis
  Horde types and Advisors come in with the content set "genghis", GK-10/18); 1 Emperor's Award and
  2 Skill cards are drawn; each player's Bannerman joins their supply (GK-07). After 004's setup
  (the deck is shuffled) the Khan stands at the invasion indicator of the top card (GK-17).
- 2 players: the leftmost column is closed (GK-12, D22): no Horde goes there, and the Horde cards
  whose indicator points there leave the deck (GK-13).
- the Khan moves at the end of every Autumn invasion, before Winter (GK-40, §2.1 row #13).
- the Bannerman's rally (GK-62, §2.1 rows #7/#9): noted at the start of Spring; the extra attacks
  are made before the shooting step of the battle at that section.
- Skills (GK-37..39) act in battles at the Khan's section; the attack on him (GK-41..52, D15) comes
  after the casualties of a battle (after `battle.breach`), before defeated cards leave
  (`battle.claim`), once per defeated card.
- the Khan defeated (GK-21/22, D3): the game ends at `year.end` of that year.
- the Emperor's Award (GK-54..57, D18): whoever builds a Wall level in Summer takes it; its ability
  fires on the same triggers as General abilities (extension point "trigger").

Extension points answered: "closed_sections" (2 players), "trigger" (the Award), "dispatch_options" and
"dispatched" (the Bannerman), "slot_reward", "breach_value", "kill_value", "breach" (Skills). The
Barracks' decision `recruit` gains `bannerman:S` (instead_of_decision). The attack reads the battle's
`saved:SEAT:ROW` (the base game's record of soldiers saved from each card, GK-48).

State: a `GenghisState` in `state.mods["genghis"]`: khan (section), skills, award, holder, spots
(occupied: (card, spot, seat, unit)), rally ((seat, section) pairs this Spring), defeated (bool),
removed (the base Horde types taken out), closed (sections closed to Hordes: the leftmost with 2
players). Each seat's `soldiers` has a 4th entry: its Bannerman in supply (0 or 1). Its battle marks in
`state.battle` (shown with the battle): `no_rewards`, `rallied:SEAT`.
View: `view["genghis"]` (everything is on the table)."""
from __future__ import annotations

from typing import NamedTuple

from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN, Decision
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import locations as L
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import BOARD, CLANS, HORDES, KHAN_SET, UNIT_INDEX
from ..effects import deploy, effect_tasks
from ..records import Victim
from ..spring import column, cover, horde_at, live_rows, open_slots, section_of
from ..seasons import slot_index
from ..state import ARCHER, HORSEMAN, SPEARMAN
from ..tally import count_events
from ..view import describer

MODULE = Module("genghis", messages="genghis.yaml")
NUMBERS = KHAN_SET.numbers
KHAN = KHAN_SET.khan
SKILLS = {s.id: s for s in KHAN_SET.skills}
AWARDS = {a.id: a for a in KHAN_SET.awards}
BANNERMEN = {b.clan: b for b in KHAN_SET.bannermen}
BANNERMAN = UNIT_INDEX["bannerman"]  # GK-58: the 4th kind of soldier, a 4th entry of `soldiers`
LEFTMOST = 0  # GK-12: the leftmost Horde column (section 0)


# ---- the module's state ----------------------------------------------------------------------------------

@register
class GenghisState(Data):
    __slots__ = ("khan", "skills", "award", "holder", "spots", "rally", "defeated", "removed", "closed")

    def __init__(self, skills: tuple[str, ...], award: str, removed: tuple[str, ...], closed: tuple[int, ...]):
        self.khan: int | None = None
        self.skills = skills
        self.award = award
        self.holder: int | None = None
        self.spots: tuple = ()
        self.rally: tuple = ()
        self.defeated = False
        self.removed = removed
        self.closed = closed


@record
class KhanRally(NamedTuple):
    """GK-62: `left` extra attacks for the seat whose Bannerman rallies at this battle."""
    seat: int
    left: int


@record
class KhanAttack(NamedTuple):
    """GK-45..47: the credited seat may attack the Khan from the defeated card at `row`; `source` the
    soldier chosen (`card:UNIT` / `saved:UNIT`), then the spot."""
    seat: int
    row: int
    source: str | None = None


@record
class BannermanBonus(NamedTuple):
    seat: int


def gk(state) -> GenghisState:
    return state.mods["genghis"]


# ---- the module's action ids ----------------------------------------------------------------------------
# `bannerman:S` (recruit the Bannerman at section S), `dispatch:bannerman:R` and `move:bannerman@S` (base
# forms), `attack:R:K` (a rally attack on slot K of the card at row R), `card:UNIT` / `saved:UNIT` (the
# soldier attacking the Khan), `spot:CARD:K` (the spot it takes). Their arguments by kind (actions.py):
FORMS: A.Forms = {"bannerman": ("section",), "attack": ("row", "slot"), "card": ("unit",), "saved": ("unit",),
                  "spot": ("card", "slot")}


def bannerman_id(section: int) -> str:
    return f"bannerman:{A.pos(section)}"


def attack_id(row: int, slot: int) -> str:
    return f"attack:{A.pos(row)}:{A.pos(slot)}"


def attacker_id(where: str, unit: str) -> str:
    """The soldier attacking the Khan: `card:UNIT` (still on the defeated card) or `saved:UNIT`."""
    return f"{where}:{unit}"


def spot_id(card: str, k: int) -> str:
    return f"spot:{card}:{A.pos(k)}"


def actions(players: int, options: dict) -> list[Segment]:
    sections, rows = range(BOARD.sections), range(BOARD.horde_rows)
    ids = [bannerman_id(s) for s in sections] + [A.dispatch_id("bannerman", r) for r in rows]
    ids += [A.move_id(A.soldier_at("bannerman", s)) for s in sections]
    ids += [attack_id(r, k) for r in rows for k in range(A.SLOTS)]
    ids += [attacker_id(where, unit) for where in ("card", "saved") for unit in ("spearman", "horseman")]
    ids += [spot_id(card, k) for card in (KHAN.id, *SKILLS) for k in range(len(spots_of(card)))]
    return [Vocabulary(ids)]


def counts(mark: int, players: int) -> bool:
    """GK-32..36: blank spots always; "4" with 4+ players; "5" with 5 players."""
    return mark == 0 or players >= mark


def spots_of(card: str) -> list:
    return KHAN.spots if card == KHAN.id else SKILLS[card].spots


def khan_cards(state) -> tuple[str, ...]:
    return (KHAN.id,) + tuple(gk(state).skills)


def occupied(state) -> set[tuple[str, int]]:
    return {(card, k) for card, k, _, _ in gk(state).spots}


def open_spots(state, cards=None) -> list[tuple[str, int]]:
    """The spots still to occupy (GK-31): uncovered, and counting at this player count."""
    taken = occupied(state)
    return [(card, k) for card in (cards or khan_cards(state)) for k, spot in enumerate(spots_of(card))
            if counts(spot.mark, state.players) and (card, k) not in taken]


def disabled(state, skill: str) -> bool:
    """GK-39: a Skill card stops once all its (counting) vital spots are occupied."""
    return not open_spots(state, (skill,))


def skill(state, kind: str, section: int | None = None):
    """The revealed, working Skill card of this kind (at `section`, if given: GK-38), else None."""
    d = gk(state)
    if section is not None and d.khan != section:
        return None
    for s in d.skills:
        if SKILLS[s].skill == kind and not disabled(state, s):
            return SKILLS[s]
    return None


# ---- setup (GK-03..19) ------------------------------------------------------------------------------------

def setup_before(state) -> None:
    """Before 004's setup shuffles: the Horde deck (GK-09..13), the Award (GK-04/05), the Skills
    (GK-15/16), the Bannermen (GK-07/08)."""
    if "genghis" in state.mods:
        return
    base_types = sorted({h for h in state.horde_deck if HORDES[h].set == "base"})
    removed = tuple(sorted(state.shuffle(base_types)[:NUMBERS.base_types_removed]))
    deck = [h for h in state.horde_deck if h not in removed]
    rules = ("GK-03", "GK-09", "GK-10", "GK-11", "GWA-GK-01")
    closed: tuple[int, ...] = ()
    if state.players == 2:
        closed = (LEFTMOST,)
        deck = [h for h in deck if HORDES[h].invasion != LEFTMOST]
        rules += ("GK-12", "GK-13", "D22", "GWA-GK-02")
    state.horde_deck = deck
    award = state.shuffle(sorted(AWARDS))[0]
    skills = tuple(state.shuffle(sorted(SKILLS))[:NUMBERS.skills_revealed])
    for seat in range(state.players):
        state.soldiers[seat] = tuple(state.soldiers[seat][:3]) + (1,)
    state.mods["genghis"] = GenghisState(skills, award, removed, closed)
    state.log(rules, "ev.gk.deck", cards=list(removed), n=len(deck))
    state.log(("GK-04", "GK-05", "GK-54"), "ev.gk.award", card=award)
    state.log(("GK-15", "GK-16"), "ev.gk.skills", cards=list(skills))
    state.log(("GK-07", "GK-08", "GK-58"), "ev.gk.bannermen")


def setup_after(state) -> None:
    """GK-17: the Khan goes to the column shown on the back of the top Horde card."""
    if gk(state).khan is None:
        move_khan(state, ("GK-17", "D9", "GWA-GK-01"))


def move_khan(state, rules) -> None:
    """GK-27/40: he stays in the Horde array; with an empty deck he stays where he is."""
    if not state.horde_deck:
        return
    section = HORDES[state.horde_deck[-1]].invasion
    gk(state).khan = section
    state.log(rules, "ev.gk.khan", section=section)


def invasion_over(state) -> None:
    """GK-40 (§2.1 row #13): at the end of the invasion, before Winter."""
    move_khan(state, ("GK-40", "GK-27", "D9", "GWA-GK-03"))


# ---- the end (GK-20..23, GK-63..65, D3) -----------------------------------------------------------------

def year_end(state, base) -> str:
    if gk(state).defeated:
        state.log(("GK-20", "GK-22", "GK-64", "D3", "GWA-GK-06"), "ev.gk.game_ends")
        return "game.final"
    return base(state)


# ---- the Emperor's Award (GK-54..57, D18) -------------------------------------------------------------

def award_listener(state, seat: int, event: str) -> None:
    """Extension point "trigger": the Award's holder uses its ability on its trigger."""
    d = gk(state)
    if event == "build":
        if d.holder != seat:
            d.holder = seat
            state.log(("GK-55", "GK-57", "D18", "GWA-GK-07"), "ev.gk.award_taken", seat=seat, card=d.award)
        return
    ability = AWARDS[d.award].ability
    if d.holder == seat and ability.on == event:
        state.log(("GK-56", "GWA-GK-07"), "ev.gk.award_used", seat=seat, card=d.award)
        T.push(state, *effect_tasks(seat, ability.effects, ("GK-56", f"award:{d.award}")))


# ---- Spring: the rally (GK-62), Skills in battle (GK-37..39) ------------------------------------------------

def bannerman_section(state, seat: int) -> int | None:
    """Where the seat's Bannerman stands: behind a section or on a Horde card of it."""
    for s in range(len(state.behind)):
        if (seat, BANNERMAN) in state.behind[s]:
            return s
        if any(u[0] == seat and u[1] == BANNERMAN for r in column(state, s) for u in state.hordes[slot_index(s, r)][2]):
            return s
    return None


def spring_start(state) -> None:
    """GK-62 (§2.1 row #7): the start of Spring decides who rallies where."""
    rally = tuple((seat, s) for seat in range(state.players) if (s := bannerman_section(state, seat)) is not None)
    gk(state).rally = rally
    for seat, s in rally:
        state.log(("GK-62", "GWA-GK-09"), "ev.gk.rally", seat=seat, section=s)


def battle_start(state) -> None:
    """Skills that change the whole battle at the Khan's section (GK-38): Defence, rewards."""
    s = section_of(state)
    minus = skill(state, "defence_minus", s)
    if minus:
        state.battle["defence"] = state.battle.get("defence", 0) - minus.value
        state.log(("GK-37", "GK-38", "GWA-GK-04"), "ev.gk.skill", card=minus.id, section=s)
    if skill(state, "no_rewards", s):
        state.battle["no_rewards"] = True
        state.log(("GK-37", "GK-38", "GWA-GK-04"), "ev.gk.skill", card=skill(state, "no_rewards", s).id, section=s)


@MODULE.step("genghis.rally")
def step_rally(state) -> str:
    """GK-62 (§2.1 row #9): before the shooting step at the Bannerman's section."""
    s = section_of(state)
    seats = [seat for seat in M.leader_order(state) if (seat, s) in gk(state).rally]
    if not seats:
        return RETURN
    return T.run_then(state, [KhanRally(seat, NUMBERS.rally_attacks) for seat in seats], RETURN)


def soldiers_here(state, seat: int) -> list[int]:
    """The seat's soldiers deployed at the battle's section: Archers on it, soldiers behind it or
    on its Horde cards, less those that already attacked again this battle."""
    s = section_of(state)
    units = [ARCHER] * state.archers[s].count(seat) + [u for o, u in state.behind[s] if o == seat]
    units += [u[1] for r in column(state, s) for u in state.hordes[slot_index(s, r)][2] if u[0] == seat]
    for used in state.battle.get(f"rallied:{seat}", ()):
        if used in units:
            units.remove(used)
    return units


def rally_targets(state, seat: int) -> dict[str, int]:
    """Target slot -> the soldier that makes the attack (Spearmen and Bannermen reach only the
    first undefeated card, D12; Archers and Horsemen any, D13/GW-BATTLE-16). The least capable
    soldier able to reach is used."""
    rows = live_rows(state)
    units = soldiers_here(state, seat)
    out = {}
    for r in rows:
        for unit in ((SPEARMAN, BANNERMAN, ARCHER, HORSEMAN) if r == rows[0] else (ARCHER, HORSEMAN)):
            if unit in units:
                for k in open_slots(horde_at(state, r)):
                    out[attack_id(r, k)] = unit
                break
    return out


@T.handler(MODULE, KhanRally)
def run_rally(state, task: KhanRally) -> None:
    if task.left <= 0 or not rally_targets(state, task.seat):
        T.done(state)
        return
    T.ask(state, task.seat, "gk_rally")


@T.task_decision(MODULE, "gk_rally", lambda state: sorted(rally_targets(state, T.top(state).seat)) + ["skip"])
def apply_rally(state, action_id):
    task = T.top(state)
    seat = task.seat
    if action_id == "skip":
        T.done(state)
        return
    unit = rally_targets(state, seat)[action_id]
    T.replace(state, task._replace(left=task.left - 1))
    state.battle[f"rallied:{seat}"] = state.battle.get(f"rallied:{seat}", ()) + (unit,)
    row, slot = A.args(action_id, forms=FORMS)
    state.log(("GK-62", "D12", "GWA-GK-09"), "ev.gk.rally_attack", seat=seat, unit=M.unit_name(unit), row=row, slot=slot)
    cover(state, seat, row, slot, "w", ("GK-62", "GW-BATTLE-07"))


def on_dispatch(state, seat: int, unit: int) -> list:
    return [BannermanBonus(seat)] if unit == BANNERMAN else []


@T.handler(MODULE, BannermanBonus)
def run_bannerman_dispatched(state, task: BannermanBonus) -> None:
    """GK-08: each clan's Bannerman brings its own bonus when dispatched."""
    T.done(state)
    seat = task.seat
    card = BANNERMEN[CLANS[seat].id]
    state.log(("GK-08", "GK-58", "GWA-GK-08"), "ev.gk.bannerman_bonus", seat=seat, card=card.id)
    T.push(state, *effect_tasks(seat, card.on_dispatch, ("GK-08", f"bannerman:{card.id}")))


def breach_value(state, section: int, rows) -> int:
    """Eternal Blue Sky (GK-38): + per undefeated Horde card at the Khan's section."""
    sk = skill(state, "breach_bonus", section)
    if not sk or not rows:
        return 0
    state.log(("GK-37", "GK-38", "GWA-GK-04"), "ev.gk.skill", card=sk.id, section=section)
    return sk.value * len(rows)


def kill_value(state, row: int, kill: int) -> int:
    """Scourge of God (+ Kill value); No retreat: every soldier on the card dies (GK-38)."""
    s = section_of(state)
    sk = skill(state, "kill_bonus", s)
    if sk:
        kill += sk.value
    if skill(state, "no_retreat", s):
        kill = max(kill, len(horde_at(state, row)[2]))
    return kill


def breach_tasks(state, section: int, rows, here, tasks) -> list:
    """No retreat (retail): in a breach at his section all soldiers on its Horde cards die, those
    on defeated cards too (they may be saved as usual; GK-47/48)."""
    sk = skill(state, "no_retreat", section)
    if not sk:
        return tasks
    state.log(("GK-37", "GK-38", "GWA-GK-04"), "ev.gk.skill", card=sk.id, section=section)
    victims = [Victim(seat, unit, "card", r) for r in column(state, section) if r not in rows
               for seat, unit, _ in state.hordes[slot_index(section, r)][2]]
    return victims + list(tasks)


# ---- attacking the Khan (GK-41..52, D15, D16) ------------------------------------------------------------------

@MODULE.step("genghis.attack")
def step_attack(state) -> str:
    """GK-45/47/51: after casualties, for each defeated card the credited player may attack him."""
    tasks = [KhanAttack(state.battle[f"won:{r}"], r) for r in column(state, section_of(state))
             if state.battle.get(f"won:{r}", -9) >= 0]
    if not tasks or gk(state).defeated:
        return RETURN
    return T.run_then(state, tasks, RETURN)


def attackers(state, seat: int, row: int) -> list[str]:
    """GK-42/43, D15: a Spearman or Horseman of the seat still on the defeated card, or one saved
    from it in this battle's casualties (GK-48), now behind the section."""
    out = []
    on_card = [u for o, u, _ in horde_at(state, row)[2] if o == seat]
    saved = list(state.battle.get(f"saved:{seat}:{row}", ()))
    for unit in (SPEARMAN, HORSEMAN):
        if unit in on_card:
            out.append(attacker_id("card", M.unit_name(unit)))
        if unit in saved and (seat, unit) in state.behind[section_of(state)]:
            out.append(attacker_id("saved", M.unit_name(unit)))
    return out


def attack_cost(state) -> dict:
    sk = skill(state, "attack_cost_chi")
    return {"chi": sk.value} if sk else {}


@T.handler(MODULE, KhanAttack)
def run_attack(state, task: KhanAttack) -> None:
    seat, row = task.seat, task.row
    if gk(state).defeated or not open_spots(state) or not attackers(state, seat, row) \
            or not M.can_pay(state, seat, attack_cost(state)):
        T.done(state)
        return
    T.ask(state, seat, "gk_attack" if task.source is None else "gk_spot")


@T.task_decision(MODULE, "gk_attack", lambda state: attackers(state, T.top(state).seat, T.top(state).row) + ["skip"])
def apply_attack(state, action_id):
    task = T.top(state)
    if action_id == "skip":
        T.done(state)
        return
    T.replace(state, task._replace(source=action_id))


@T.task_decision(MODULE, "gk_spot", lambda state: [spot_id(c, k) for c, k in open_spots(state)])
def apply_spot(state, action_id):
    task = T.top(state)
    seat, row, source = task.seat, task.row, task.source
    T.done(state)
    chosen = A.parse(source, forms=FORMS)
    where, (unit_name,) = chosen.head, chosen.values
    unit = SPEARMAN if unit_name == "spearman" else HORSEMAN
    card, k = A.args(action_id, forms=FORMS)
    cost = attack_cost(state)
    if cost:
        M.pay(state, seat, cost, ("GK-37", f"skill:{skill(state, 'attack_cost_chi').id}"))
    s = section_of(state)
    if where == "card":  # D15: before the others move behind the Wall
        i = slot_index(s, row)
        horde_card, covered, units = state.hordes[i]
        entry = next(u for u in units if u[0] == seat and u[1] == unit)
        state.hordes[i] = (horde_card, covered, tuple(u for u in units if u is not entry))
    else:
        M.remove_behind(state, seat, unit, s)
        saved = list(state.battle[f"saved:{seat}:{row}"])
        saved.remove(unit)
        state.battle[f"saved:{seat}:{row}"] = tuple(saved)
    d = gk(state)
    d.spots = d.spots + ((card, k, seat, unit),)
    rules = ("GK-41", "GK-42", "GK-45", "GK-46", "GK-47", "GK-49", "GK-52", "D15", "D16", "GWA-GK-05") + (
        ("GK-48",) if where == "saved" else ())
    state.log(rules, "ev.gk.attack", seat=seat, unit=unit_name, card=card)
    M.gain(state, seat, {"honor": NUMBERS.honor_per_spot}, ("GK-50", "GK-30"))
    for sk in d.skills:
        if card == sk and disabled(state, sk):
            state.log(("GK-39", "GWA-GK-04"), "ev.gk.skill_off", card=sk)
    if not open_spots(state):
        d.defeated = True
        state.log(("GK-21", "GK-31", "GK-63", "GK-22", "GWA-GK-06"), "ev.gk.defeated")


# ---- the Bannerman at the Barracks (GK-59/60) and in battle (GK-61, D12) ----------------------------------

def bannerman_cost(state, seat: int) -> dict:
    """GK-60, less the Barracks Overseer's discount (GWA-OVERSEER-04)."""
    return L.discounted(state, seat, NUMBERS.bannerman_cost)


def bannerman_recruits(state, seat: int) -> list[str]:
    """GK-59/60: the one Bannerman, from supply, paid, behind any section (like a Spearman)."""
    if state.soldiers[seat][BANNERMAN] and M.can_pay(state, seat, bannerman_cost(state, seat)):
        return [bannerman_id(s) for s in range(BOARD.sections)]
    return []


def _section(action_id: str) -> int | None:
    """The section of a base recruit (`archer:S`, `spearman:S`, `horseman:S:UNIT`), else None (`skip`)."""
    return next((value for kind, value in A.parse(action_id, "recruit").args if kind == "section"), None)


def with_bannerman(base: Decision) -> Decision:
    """The Barracks' choice (`recruit`) with `bannerman:S` after each section's recruits."""
    def legal(state) -> list[str]:
        ids = base.legal(state)
        more = bannerman_recruits(state, T.top(state).seat)
        if not more:
            return ids
        out, i = [], 0
        for s, extra in enumerate(more):
            while i < len(ids) and _section(ids[i]) == s:
                out.append(ids[i])
                i += 1
            out.append(extra)
        return out + ids[i:]

    def apply(state, action_id: str) -> str | None:
        if not action_id.startswith("bannerman:"):
            return base.apply(state, action_id)
        seat = L.advance(state)
        section = A.arg(action_id, forms=FORMS)
        rules = ("GW-BARRACKS-01", "GK-59")
        M.pay(state, seat, bannerman_cost(state, seat), rules + ("GW-OVERSEER-07", "GWA-OVERSEER-04"))
        L.recruited(state, seat)
        deploy(state, seat, BANNERMAN, section, rules + ("GK-58", "GK-60", "GWA-GK-08"))
        return T.resume(state)
    return Decision(legal, apply)


def dispatch_options(state, seat: int, rows: list[int]) -> list[str]:
    """GK-61, D12: the Bannerman goes onto the first undefeated card, like a Spearman."""
    return [A.dispatch_id("bannerman", rows[0])] if (seat, BANNERMAN) in state.behind[section_of(state)] else []


def slot_reward(state, seat: int, row: int, slot: int, reward):
    """A Skill may take the slots' rewards away in a battle at his section (GK-38, `battle_start`)."""
    return [] if state.battle.get("no_rewards") else reward


# ---- the module -------------------------------------------------------------------------------------------

MODULE.hook("game.setup", "before", setup_before)
MODULE.hook("game.setup", "after", setup_after)
MODULE.hook("winter.start", "before", invasion_over)
MODULE.hook("spring.start", "before", spring_start)
MODULE.hook("battle.honor", "before", battle_start)
MODULE.hook("battle.shoot", "before", lambda state: "genghis.rally")
MODULE.hook("battle.claim", "before", lambda state: "genghis.attack")
MODULE.hook("year.end", "instead", year_end)
MODULE.instead_of_decision("recruit", with_bannerman)
MODULE.answer("closed_sections", lambda state: gk(state).closed)
MODULE.answer("trigger", award_listener)
MODULE.answer("dispatch_options", dispatch_options)
MODULE.answer("dispatched", on_dispatch)
MODULE.answer("slot_reward", slot_reward)
MODULE.answer("breach_value", breach_value)
MODULE.answer("kill_value", kill_value)
MODULE.answer("breach", breach_tasks)


# ---- what the players see and read (public: the Khan, his cards, the Award, the Bannermen are all on the table)

def view(state, full: dict) -> None:
    d = gk(state)
    full["genghis"] = {
        "khan": d.khan, "cards": list(khan_cards(state)), "award": d.award, "holder": d.holder,
        "spots": [[card, k, seat, M.unit_name(unit)] for card, k, seat, unit in d.spots],
        "open": [[card, k] for card, k in open_spots(state)],
        "off": [s for s in d.skills if disabled(state, s)], "rally": [list(p) for p in d.rally],
        "defeated": d.defeated, "closed_sections": list(d.closed)}


def lines(view: dict, lang: str, cat) -> list[str]:
    v = view.get("genghis")
    if v is None:
        return []
    from ..view import name_of
    sep = cat.text("list.sep", lang)
    return [cat.text("txt.genghis", lang, section=name_of(v["khan"], lang, cat) if v["khan"] is not None else "-",
                     taken=len(v["spots"]), needed=len(v["spots"]) + len(v["open"]),
                     skills=sep.join(name_of(c, lang, cat) + (" (x)" if c in v["off"] else "") for c in v["cards"][1:]),
                     award=name_of(v["award"], lang, cat),
                     holder="-" if v["holder"] is None else str(v["holder"]))]


KHAN_W, SPOT = 200, 22


def _khan_card(ctx, gk_view: dict, card: str, x: float, y: float) -> str:
    """One of the Khan's cards with its Vital spots: taken (seat colour, unit), open and counting
    (clickable when an attack may take it), or not counting at this player count (dashed)."""
    from xml.sax.saxutils import escape

    from ..render import UNIT_LETTER, attr, clickable, clip, matching, seat_colour, svg_text
    taken = {(c, k): (seat, unit) for c, k, seat, unit in gk_view["spots"]}
    counting = {(c, k) for c, k in gk_view["open"]} | set(taken)
    off = card in gk_view.get("off", [])
    out = [f'<g data-khan-card="{attr(card)}"><rect x="{x}" y="{y}" width="{KHAN_W}" height="58" rx="6" '
           f'fill="{"#ddd" if off else "#f6e0d0"}" stroke="#7a2e1a"><title>{escape(ctx.name(card))}: '
           f'{escape(ctx.card_text(card))}</title></rect>',
           svg_text(x + 8, y + 16, clip(ctx.name(card), 28), 12, weight="bold")]
    for k, spot in enumerate(spots_of(card)):
        sx, sy = x + 8 + k * (SPOT + 4), y + 26
        who = taken.get((card, k))
        acts = matching(ctx.legal, lambda p, k=k: p[:3] == ["spot", card, str(A.pos(k))]) if who is None else []
        attrs, tip = clickable(acts, str(spot.mark or ""))
        fill = seat_colour(ctx.view, who[0]) if who else "#fff"
        dash = "" if (card, k) in counting else ' stroke-dasharray="3 2"'
        out.append(f'<rect x="{sx}" y="{sy}" width="{SPOT}" height="{SPOT}" rx="3" fill="{fill}" stroke="#b22222"'
                   f'{dash} data-spot="{k}"{attrs}>{tip}</rect>')
        label = UNIT_LETTER.get(who[1], "?") if who else (str(spot.mark) if spot.mark else "")
        out.append(svg_text(sx + SPOT / 2, sy + 15, label, 11, "middle", "bold", "#fff" if who else "#b22222"))
    return "".join(out) + "</g>"


def picture(ctx, y: float):
    """The Khan's model before his section (GK-17/40), and his cards in a band of the table."""
    v = ctx.view.get("genghis")
    if not v:
        return None
    from ..render import HORDE_TOP, SECTION_W, Picture, svg_text
    overlay = ""
    s = v["khan"]
    if s is not None:
        overlay = (f'<g data-khan="{s}">' + svg_text(s * SECTION_W + SECTION_W - 14, HORDE_TOP - 10,
                   "⚑ " + ctx.name(KHAN.id), 13, "end", "bold", "#b22222") + "</g>")
    band = "".join(_khan_card(ctx, v, card, 10 + i * (KHAN_W + 10), y + 4) for i, card in enumerate(v["cards"]))
    return Picture(overlay=overlay, band=band, height=70)


MODULE.view = view
MODULE.summary = lambda state: {"khan": count_events(state, {"ev.gk.attack": "attacks", "ev.gk.defeated": "defeated"})}
MODULE.lines = lines
MODULE.describe = describer(FORMS)
MODULE.picture = picture
MODULE.actions = actions
