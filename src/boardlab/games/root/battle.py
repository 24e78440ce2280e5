"""Battle (LR-04-03): choose the clearing and the defender, then the stages of a `Battle` record:

ambush (the defender may play a matching ambush card) -> foil (the attacker may cancel it) ->
before-roll effects (the attacker's, then the defender's: what modules offer, LR-04-03-02) -> roll (two dice: the attacker deals the higher, the defender the lower; the Alliance's Guerrilla War
swaps them) -> effects (the attacker's first, then the defender's: Armorers, Sappers, Brutal Tactics
and what modules offer) -> hits (the defender's side takes its hits, then the attacker's; warriors
first, then buildings and tokens in the order the side taking them chooses) -> ended.

Decisions by the defender (ambush, its effects, which of its pieces to lose) are pending decisions of
the defender's seat, taken during the attacker's turn.

Hirelings (LR-AH-03, RT-HR-44..49): a hireling battles only through its own actions (`StartBattle` with
the hireling's key as the faction, taken by its controller's seat; the `Battle` records it as `by`) and
with its own pieces only; neither side of a hireling uses ambush cards, foils or battle effects of its
controller; hits a hireling deals carry it as `via`, so its controller scores nothing for them. A
hireling's choices (which of its pieces to lose) are its controller's decisions.
"""
from __future__ import annotations

from collections import Counter

from ...core import tasks as T
from . import actions as A
from . import board as B
from . import cards as K
from . import scoring as S
from .content import CARDS
from .program import BASE, all_extensions, answered_tasks, extensions, of
from .records import Battle, RemovePieces, StartBattle, TakeHits
from .state import RootState

AMBUSH_HITS = 2  # LR-04-03-01-02


# ---- starting a battle ---------------------------------------------------------------------------------------

def fighters(state: RootState, faction: str, c: int, defender: str | None = None) -> int:
    """The attacker's warriors and pawns in the clearing (LR-04-03), or what its `Faction.fighters` hook
    counts (the Exile battles from its forest), and the warriors of its battle ally but against the ally itself
    (extension point `battle_ally`: the Riverfolk's mercenaries, LR-11-02-07-03)."""
    n = own_fighters(state, faction, c)
    ally = battle_ally(state, faction, defender) if extensions(state, "battle_ally") else None
    return n + (B.warriors(state, ally, c) if ally else 0)


def own_fighters(state: RootState, faction: str, c: int) -> int:
    hook = of(faction).fighters
    if hook is not None:
        return hook(state, faction, c)
    return B.warriors(state, faction, c) + (1 if state.pawns.get(faction) == c else 0)


def battle_ally(state: RootState, faction: str, defender: str | None = None) -> str | None:
    """The owner whose warriors `faction` treats as its own for battle now (`B.warriors_as_own`), None in a
    battle against that owner."""
    ally = B.warriors_as_own(state, faction)
    return None if ally == defender else ally


def targets(state: RootState, faction: str, c: int) -> list[str]:
    """Enemies that can be battled in `c`: any with pieces there (a pawn counts), unless a module forbids
    it now (extension point `blocks_battle`: the Spring Uprising's toll)."""
    foes = B.enemies_at(state, faction, c)
    if foes and extensions(state, "battle_ally"):  # with its ally's warriors alone it cannot battle the ally
        ally = battle_ally(state, faction)
        if ally in foes and not own_fighters(state, faction, c):
            foes = [d for d in foes if d != ally]
    blocks = extensions(state, "blocks_battle")
    if not blocks or not foes:
        return foes
    seat = B.side(state, faction)
    return [d for d in foes if not any(fn(state, seat, faction, d, c) for fn in blocks)]


def battle_sites(state: RootState, faction: str, allowed: tuple[int, ...] | None = None) -> list[int]:
    sites = _with_fighters(state, faction, allowed)
    if sites and not state.hired and _TARGETS_CHANGE.isdisjoint(all_extensions(state)):  # `targets` is `enemies_at`
        return [c for c in sites if B.enemies_at(state, faction, c)]
    return [c for c in sites if targets(state, faction, c)]


def can_battle(state: RootState, faction: str, allowed: tuple[int, ...] | None = None) -> bool:
    sites = _with_fighters(state, faction, allowed)
    if not sites:
        return False
    if not state.hired and _TARGETS_CHANGE.isdisjoint(all_extensions(state)):  # `targets` is `enemies_at`
        return _enemy_pieces_in(state, faction, sites)
    return any(targets(state, faction, c) for c in sites)


_TARGETS_CHANGE = frozenset({"battle_ally", "blocks_battle"})  # points changing whom `targets` lists


def _enemy_pieces_in(state: RootState, faction: str, sites: list[int]) -> bool:
    """Whether `B.enemies_at` lists anyone in one of these clearings (no hireling in play): a faction's pieces
    there, unless it is in a coalition with `faction`."""
    sites = [c for c in sites if c < len(state.buildings)]  # a place beside the map holds no one else's pieces
    foes = [f for f in state.faction if f != faction and not B.in_coalition(state, faction, f)]
    if not foes or not sites:
        return False
    warriors, pawns = state.warriors, state.pawns
    for f in foes:
        w = warriors.get(f)
        if (w is not None and any(w[c] for c in sites)) or pawns.get(f) in sites:
            return True
    buildings, tokens = state.buildings, state.tokens
    for c in sites:
        for layer in (buildings[c], tokens[c]):
            for owner, _ in layer:
                if owner in foes:
                    return True
    return False


def _with_fighters(state: RootState, faction: str, allowed: tuple[int, ...] | None) -> list[int]:
    """The clearings (of `allowed`, if given) where `faction` has pieces to battle with (`fighters`)."""
    where = range(len(state.suits)) if allowed is None else allowed
    if of(faction).fighters is not None or extensions(state, "battle_ally"):
        return [c for c in where if fighters(state, faction, c)]
    w, pawn = state.warriors.get(faction), state.pawns.get(faction)
    return [c for c in where if (w is not None and w[c]) or pawn == c]


def start(seat: int, faction: str, rules: tuple[str, ...], allowed: tuple[int, ...] | None = None,
          must: bool = False) -> StartBattle:
    return StartBattle(seat, faction, allowed, must, None, rules)


@BASE.handler(StartBattle)
def run_start(state: RootState, task: StartBattle) -> None:
    if task.clearing is None:
        sites = battle_sites(state, task.faction, task.where)
        if sites:
            T.offer(state, task.seat, "battle_where", _where_ids(task, sites))
        else:
            T.done(state)
        return
    foes = targets(state, task.faction, task.clearing)
    if len(foes) == 1:
        T.done(state)
        begin(state, task.seat, foes[0], task.clearing, task.rules, task.faction)
    else:
        T.ask(state, task.seat, "battle_whom")


def _legal_where(state: RootState) -> list[str]:
    task = T.top(state)
    return _where_ids(task, battle_sites(state, task.faction, task.where))


def _where_ids(task: StartBattle, sites: list[int]) -> list[str]:
    out = [A.battle_id(c) for c in sites]
    return out if task.must else out + ["skip"]


@BASE.task_decision("battle_where", _legal_where)
def apply_where(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "skip":
        T.done(state)
    else:
        T.replace(state, task._replace(clearing=A.clearing_arg(action_id)))


@BASE.task_decision("battle_whom", lambda state: [A.defender_id(f) for f in targets(
    state, T.top(state).faction, T.top(state).clearing)])
def apply_whom(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    begin(state, task.seat, A.arg(action_id), task.clearing, task.rules, task.faction)


def begin(state: RootState, seat: int, defender: str, c: int, rules: tuple[str, ...],
          attacker: str | None = None) -> None:
    """The seat starts a battle with its faction's pieces, or with a hireling's (`attacker`, LR-AH-03-04);
    what must happen as it begins (extension point `battle_begun`) runs first."""
    attacker = attacker or state.faction[seat]
    by = "" if attacker == state.faction[seat] else attacker
    state.log(rules + ("LR-04-03",), "ev.battle", seat=seat, faction=attacker, defender=defender, clearing=c)
    battle = Battle(seat, defender, c, "ambush", 0, 0, False, False, 0, 0, (), rules, by)
    T.push(state, battle)
    T.push(state, *answered_tasks(state, "battle_begun", battle))


def attacker_of(state: RootState, battle: Battle) -> str:
    """The attacking owner: the attacker seat's faction, or the hireling it battles with."""
    return battle.by or state.faction[battle.attacker]


# ---- the stages ----------------------------------------------------------------------------------------------------

def defender_seat(state: RootState, battle: Battle) -> int | None:
    return state.seat_of(battle.defender)


def ambushes(state: RootState, seat: int, c: int) -> list[str]:
    """Ambush cards matching the clearing (a bird ambush matches any, LR-04-03-01)."""
    suits = B.suits_at(state, c) + ("bird",)  # the clearing's suits now (LR-16-02-01-02)
    return [card for card in dict.fromkeys(state.hands[seat])
            if CARDS[card].kind == "ambush" and CARDS[card].suit in suits]


def has_persistent(state: RootState, seat: int, key: str) -> str | None:
    """The seat's crafted card (the first, in play order) whose effect is `key`, if any."""
    crafted = state.play_area[seat]
    if not crafted:
        return None
    found = _BY_KEY.get(crafted)
    if found is None:
        if len(_BY_KEY) >= _BY_KEY_MAX:
            _BY_KEY.clear()
        found = _BY_KEY[crafted] = {}
        for c in crafted:
            found.setdefault(CARDS[c].key, c)
    return found.get(key)


# play area -> its cards by effect key (the first card of each key): asked at every menu of a seat with crafted cards
_BY_KEY: dict[tuple[str, ...], dict[str, str]] = {}
_BY_KEY_MAX = 10_000


@BASE.handler(Battle)
def run_battle(state: RootState, battle: Battle) -> None:
    STAGES[battle.stage](state, battle)


def _ambush(state: RootState, battle: Battle) -> None:
    """LR-04-03-01: the defender may play a matching ambush (not against Scouting Party)."""
    d = defender_seat(state, battle)
    if d is None or has_persistent(state, battle.attacker, "scouting_party") or not ambushes(state, d, battle.clearing):
        _to(state, battle, "before_a")
        return
    T.ask(state, d, "ambush")


@BASE.task_decision("ambush", lambda state: [f"ambush:{c}" for c in ambushes(
    state, defender_seat(state, T.top(state)) or 0, T.top(state).clearing)] + ["pass"])
def apply_ambush(state: RootState, action_id: str) -> None:
    battle = T.top(state)
    if action_id == "pass":
        _to(state, battle, "before_a")
        return
    d = defender_seat(state, battle)
    assert d is not None
    card = A.arg(action_id)
    state.hands[d].remove(card)
    state.log(("LR-04-03-01",), "ev.ambush", seat=d, card=card)
    _to(state, battle._replace(used=battle.used + (card,)), "foil")


def _foil(state: RootState, battle: Battle) -> None:
    """LR-04-03-01-01: the attacker may cancel it with a matching ambush of its own (not when battling
    with a hireling, LR-AH-03-05 / RT-HR-47)."""
    if not battle.by and ambushes(state, battle.attacker, battle.clearing):
        T.ask(state, battle.attacker, "foil")
    else:
        _ambush_hits(state, battle)


@BASE.task_decision("foil", lambda state: [f"foil:{c}" for c in ambushes(
    state, T.top(state).attacker, T.top(state).clearing)] + ["pass"])
def apply_foil(state: RootState, action_id: str) -> None:
    battle = T.top(state)
    played = battle.used[-1]
    if action_id == "pass":
        _ambush_hits(state, battle)
        return
    card = A.arg(action_id)
    state.hands[battle.attacker].remove(card)
    K.to_pile(state, card)
    K.to_pile(state, played)
    state.log(("LR-04-03-01-01",), "ev.foil", seat=battle.attacker, card=card, cancelled=played)
    _to(state, battle, "before_a")


def _ambush_hits(state: RootState, battle: Battle) -> None:
    """LR-04-03-01-02: two hits at once, the ambush discarded; the battle ends if no attacker is left."""
    K.to_pile(state, battle.used[-1])
    d = defender_seat(state, battle)
    hits, battle = ignore_first_hit(state, battle, attacker_of(state, battle), AMBUSH_HITS)
    _to(state, battle, "after_ambush")
    T.push(state, *attacker_hits(state, battle, d, hits, ("LR-04-03-01-02",)))


def _after_ambush(state: RootState, battle: Battle) -> None:
    if fighters(state, attacker_of(state, battle), battle.clearing, battle.defender) == 0:
        state.log(("LR-04-03-01-02",), "ev.battle_over", clearing=battle.clearing)
        _to(state, battle, "ended")
    else:
        _to(state, battle, "before_a")


def _roll(state: RootState, battle: Battle) -> None:
    """LR-04-03-03: the attacker deals the higher roll, the defender the lower (the defender the higher
    if it rolls high defending: the Alliance, LR-08-02-02), each at most its maximum (LR-04-03-03-01)."""
    a, b = state.roll(4), state.roll(4)
    high, low = max(a, b), min(a, b)
    attacker = attacker_of(state, battle)
    rules: tuple[str, ...] = ("LR-04-03-03", "LR-04-03-03-01")
    if of(battle.defender).rolls_high_defending:
        high, low = low, high
        rules += ("LR-08-02-02",)
    elif any(fn(state, battle) for fn in extensions(state, "defender_rolls_high")):
        high, low = low, high
    ally = battle_ally(state, attacker, battle.defender) if extensions(state, "battle_ally") else None
    allies = B.warriors(state, ally, battle.clearing) if ally else 0  # mercenaries (LR-11-02-07-03)
    hits_a = min(high, max_hits(state, attacker, battle.clearing) + allies + hits_bonus(state, battle, attacker))
    guard = defending_ally(state, battle)  # Peacekeepers (LR-17-02-05)
    guards = B.warriors(state, guard, battle.clearing) if guard else 0
    hits_d = min(low, max_hits(state, battle.defender, battle.clearing) + guards + hits_bonus(
        state, battle, battle.defender))
    state.log(rules, "ev.roll", dice=[a, b], attacker=hits_a, defender=hits_d)
    _to(state, battle._replace(hits_a=hits_a, hits_d=hits_d, rolled_a=hits_a, rolled_d=hits_d), "effects_a")


def max_hits(state: RootState, f: str, c: int) -> int:
    hook = of(f).max_rolled_hits
    return hook(state, f, c) if hook is not None else B.warriors(state, f, c)


def hits_bonus(state: RootState, battle: Battle, f: str) -> int:
    """More maximum rolled hits from modules (the Arbiter's Protector)."""
    return sum(fn(state, battle, f) for fn in extensions(state, "rolled_hits_bonus"))


def effect_options(state: RootState, battle: Battle, seat: int, attacking: bool) -> list[str]:
    """What the seat may use now: before rolling, only what modules offer (LR-04-03-02); after,
    the crafted cards' effects too (LR-04-03-04). Each effect at most once a battle. Battling with a hireling,
    its controller uses none (LR-AH-03-05, RT-HR-47)."""
    out: list[str] = []
    if attacking and battle.by:
        return out
    if battle.stage.startswith("before"):
        for fn in extensions(state, "battle_effects"):
            out += fn(state, battle, seat, attacking) or []
        return out
    if has_persistent(state, seat, "armorers") and not used(battle, attacking, "armorers"):
        out.append("effect:armorers")
    if not attacking and has_persistent(state, seat, "sappers") and not used(battle, attacking, "sappers"):
        out.append("effect:sappers")
    if attacking and has_persistent(state, seat, "brutal_tactics") and not used(battle, attacking, "brutal_tactics"):
        out.append("effect:brutal_tactics")
    for fn in extensions(state, "battle_effects"):
        out += fn(state, battle, seat, attacking) or []
    return out


def used(battle: Battle, attacking: bool, key: str) -> bool:
    """Whether that side used the effect in this battle (each side's effects are its own)."""
    return f"{'a' if attacking else 'd'}:{key}" in battle.used


NEXT = {"before_a": "before_d", "before_d": "roll", "effects_a": "effects_d", "effects_d": "hits"}


def _effects(state: RootState, battle: Battle) -> None:
    """LR-04-03-02 / LR-04-03-04: optional effects, the attacker's first."""
    attacking = battle.stage.endswith("_a")
    seat = battle.attacker if attacking else defender_seat(state, battle)
    if seat is not None and effect_options(state, battle, seat, attacking):
        T.ask(state, seat, "battle_effects")
        return
    _to(state, battle, NEXT[battle.stage])


def _effect_seat(state: RootState) -> tuple[Battle, int, bool]:
    battle = T.top(state)
    attacking = battle.stage.endswith("_a")
    seat = battle.attacker if attacking else defender_seat(state, battle)
    assert seat is not None
    return battle, seat, attacking


def _legal_effects(state: RootState) -> list[str]:
    battle, seat, attacking = _effect_seat(state)
    return effect_options(state, battle, seat, attacking) + ["done"]


@BASE.task_decision("battle_effects", _legal_effects)
def apply_effect(state: RootState, action_id: str) -> None:
    battle, seat, attacking = _effect_seat(state)
    if action_id == "done":
        _to(state, battle, NEXT[battle.stage])
        return
    key = A.arg(action_id)
    T.replace(state, use_effect(state, battle, seat, attacking, key))


def use_effect(state: RootState, battle: Battle, seat: int, attacking: bool, key: str) -> Battle:
    after = battle._replace(used=battle.used + (f"{'a' if attacking else 'd'}:{key}",))
    if key in ("armorers", "sappers"):
        card = has_persistent(state, seat, key)
        assert card is not None
        state.play_area[seat] = tuple(c for c in state.play_area[seat] if c != card)
        K.to_pile(state, card)
    if key == "armorers":
        state.log(("card:armorers",), "ev.armorers", seat=seat)
        return after._replace(ignore_a=True) if attacking else after._replace(ignore_d=True)
    if key == "sappers":
        state.log(("card:sappers",), "ev.sappers", seat=seat)
        return after._replace(hits_d=after.hits_d + 1)
    if key == "brutal_tactics":
        state.log(("card:brutal_tactics",), "ev.brutal_tactics", seat=seat)
        d = defender_seat(state, battle)
        if d is not None:
            S.score(state, d, 1, ("card:brutal_tactics",))
        return after._replace(hits_a=after.hits_a + 1)
    for fn in extensions(state, "use_battle_effect"):
        changed = fn(state, after, seat, key)
        if changed is not None:
            return changed
    raise ValueError(f"unknown battle effect {key!r}")


def _hits(state: RootState, battle: Battle) -> None:
    """LR-04-03-05: count the hits (faction extra hits, +1 against a defenceless defender), then each
    side takes them: the defender's first, then the attacker's (both before the battle ends)."""
    attacker = attacker_of(state, battle)
    c = battle.clearing
    # Armorers ignores the rolled hits only (LR-04-03-05-03); extra hits still land (LR-04-03-05-01)
    extra_a = battle.hits_a - battle.rolled_a + of(attacker).extra_hits(state, c, True) + more_hits(
        state, battle, attacker, True)
    extra_d = battle.hits_d - battle.rolled_d + of(battle.defender).extra_hits(state, c, False) + more_hits(
        state, battle, battle.defender, False)
    dealt_a = (0 if battle.ignore_d else battle.rolled_a) + extra_a
    dealt_d = (0 if battle.ignore_a else battle.rolled_d) + extra_d
    rules = ("LR-04-03-05", "LR-04-03-06")
    guard = defending_ally(state, battle)
    if defenceless(state, battle.defender, c) and not (guard and B.warriors(state, guard, c)):
        dealt_a += 1
        rules += ("LR-04-03-05-02",)
    state.log(rules, "ev.hits", attacker=dealt_a, defender=dealt_d, clearing=c)
    dealt_a, battle = ignore_first_hit(state, battle, battle.defender, dealt_a)
    dealt_d, battle = ignore_first_hit(state, battle, attacker, dealt_d)
    _to(state, battle, "ended")
    hireling = battle.defender if battle.defender in state.hired else ""
    by_defender = B.side(state, battle.defender) if hireling else defender_seat(state, battle)
    T.push(state, *defender_hits(state, battle, guard, dealt_a, rules),
           *attacker_hits(state, battle, by_defender, dealt_d, rules, hireling))


def defending_ally(state: RootState, battle: Battle) -> str | None:
    """The owner whose warriors defend beside the defender (extension point `defending_ally`: Peacekeepers)."""
    for fn in extensions(state, "defending_ally"):
        guard = fn(state, battle)
        if guard is not None:
            return guard
    return None


def defender_hits(state: RootState, battle: Battle, guard: str | None, hits: int, rules: tuple[str, ...]) -> list:
    """The hits the defending side takes: a module's own way (extension point `defender_hits`: Banish), or the
    defender's, its warriors first, then its defending ally's warriors, then its buildings and tokens
    (LR-17-02-05, RTA-TC-05)."""
    for fn in extensions(state, "defender_hits"):
        instead = fn(state, battle, hits)
        if instead is not None:
            return list(instead)
    c, d = battle.clearing, battle.defender
    if not guard or not hits:
        return [take_hits(state, d, battle.attacker, c, hits, rules, via=battle.by)]
    first = min(hits, B.warriors(state, d, c))
    second = min(hits - first, B.warriors(state, guard, c))
    out = [take_hits(state, d, battle.attacker, c, first, rules, via=battle.by)] if first else []
    out += [take_hits(state, guard, battle.attacker, c, second, rules + ("LR-17-02-05",), via=battle.by)] if second else []
    rest = hits - first - second
    return out + ([take_hits(state, d, battle.attacker, c, rest, rules, via=battle.by)] if rest else [])


def attacker_hits(state: RootState, battle: Battle, by_seat: int | None, hits: int, rules: tuple[str, ...],
                  via: str = "") -> list[TakeHits]:
    """The hits the attacking side takes: its own, shared with its battle ally's warriors as the extension point
    `ally_hits` says (the Riverfolk's mercenaries, LR-11-02-07-03-01)."""
    attacker, c = attacker_of(state, battle), battle.clearing
    ally = battle_ally(state, attacker, battle.defender) if hits and extensions(state, "battle_ally") else None
    if ally is None:
        return [take_hits(state, attacker, by_seat, c, hits, rules, via=via)]
    shared = sum(fn(state, attacker, ally, c, hits) for fn in extensions(state, "ally_hits"))
    out = [take_hits(state, attacker, by_seat, c, hits - shared, rules, via=via)] if hits > shared else []
    return out + ([take_hits(state, ally, by_seat, c, shared, rules, via=via)] if shared else [])


def ignore_first_hit(state: RootState, battle: Battle, owner: str, hits: int) -> tuple[int, Battle]:
    """The hits `owner` takes now, less the first hit it takes in this battle if an effect lets it ignore that
    one (extension point `ignores_first_hit`: the Badger Bodyguards); one hit a battle at most."""
    mark = f"ignored:{owner}"
    if hits <= 0 or mark in battle.used:
        return hits, battle
    answers = extensions(state, "ignores_first_hit")  # asked first: seldom any (no generator to make)
    rules = next((r for fn in answers for r in [fn(state, battle, owner)] if r), ()) if answers else ()
    if not rules:
        return hits, battle
    state.log(tuple(rules), "ev.hit_ignored", owner=owner, clearing=battle.clearing)
    return hits - 1, battle._replace(used=battle.used + (mark,))


def more_hits(state: RootState, battle: Battle, owner: str, attacking: bool) -> int:
    """Extra hits from modules (extension point `extra_hits`: the Raven Sentries' controller)."""
    return sum(fn(state, battle, owner, attacking) for fn in extensions(state, "extra_hits"))


def defenceless(state: RootState, f: str, c: int) -> bool:
    hook = of(f).defenceless
    return hook(state, f, c) if hook is not None else B.warriors(state, f, c) == 0


def _ended(state: RootState, battle: Battle) -> None:
    T.done(state)
    later = []
    for fn in extensions(state, "battle_ended"):
        later += fn(state, battle) or []
    T.push(state, *later)


def _to(state: RootState, battle: Battle, stage: str) -> None:
    T.replace(state, battle._replace(stage=stage))


STAGES = {"ambush": _ambush, "foil": _foil, "after_ambush": _after_ambush, "before_a": _effects,
          "before_d": _effects, "roll": _roll, "effects_a": _effects, "effects_d": _effects, "hits": _hits,
          "ended": _ended}


# ---- taking hits (LR-04-03-06) -----------------------------------------------------------------------------------

def take_hits(state: RootState, owner: str, by_seat: int | None, c: int, hits: int, rules: tuple[str, ...],
              in_battle: bool = True, via: str = "") -> TakeHits:
    return TakeHits(owner, by_seat, c, hits, in_battle, (), rules, via)


def buildings_and_tokens(state: RootState, owner: str, c: int) -> Counter[str]:
    return Counter(B.buildings_of(state, owner, c) + B.tokens_of(state, owner, c))


@BASE.handler(TakeHits)
def run_take_hits(state: RootState, task: TakeHits) -> None:
    hook = of(task.owner).takes_hits
    if hook is not None:
        T.done(state)
        T.push(state, *hook(state, task))
        return
    if not task.chosen and K.kept(state, task.by_seat, task.via, task.owner, task.clearing):
        T.done(state)  # nothing of it can be removed there (extension point `keeps_pieces`)
        return
    if not task.chosen and _warriors_take_them(state, task):
        return
    chosen = Counter(dict(task.chosen))
    left = task.hits - sum(chosen.values())
    if "warrior" not in chosen:
        w = min(left, B.warriors(state, task.owner, task.clearing))
        chosen["warrior"] = w
        left -= w
    others = buildings_and_tokens(state, task.owner, task.clearing) - Counter({k: n for k, n in chosen.items()
                                                                                if k != "warrior"})
    if left > 0 and others:
        if sum(others.values()) <= left or len(others) == 1:
            kind = next(iter(others))
            take = min(left, others[kind]) if len(others) == 1 else None
            for k, n in others.items():
                chosen[k] += n if take is None else 0
            if take is not None:
                chosen[kind] += take
        else:
            T.replace(state, task._replace(chosen=tuple(chosen.items())))
            seat = B.side(state, task.owner)  # a hireling's controller chooses for it
            T.ask(state, seat if seat is not None else state.active, "take_hits")
            return
    T.done(state)
    pieces = tuple((k, n) for k, n in chosen.items() if n)
    if pieces:
        T.push(state, RemovePieces(task.by_seat, task.owner, task.clearing, pieces, task.in_battle, task.rules,
                                   task.via))


def _warriors_take_them(state: RootState, task: TakeHits) -> bool:
    """The usual case of `run_take_hits`, without its counters: its warriors take every hit, or it has no building
    or token there to take the rest; then the removal is scheduled and the task done (True)."""
    c = task.clearing
    w = min(task.hits, B.warriors(state, task.owner, c))
    if w != task.hits and B.has_building_or_token(state, task.owner, c):
        return False
    T.done(state)
    if w:
        T.push(state, RemovePieces(task.by_seat, task.owner, c, (("warrior", w),), task.in_battle, task.rules, task.via))
    return True


def _legal_take(state: RootState) -> list[str]:
    task = T.top(state)
    chosen = Counter(dict(task.chosen))
    others = buildings_and_tokens(state, task.owner, task.clearing) - Counter(
        {k: n for k, n in chosen.items() if k != "warrior"})
    return [f"remove:{k}" for k in sorted(others)]


@BASE.task_decision("take_hits", _legal_take)
def apply_take(state: RootState, action_id: str) -> None:
    task = T.top(state)
    chosen = Counter(dict(task.chosen))
    chosen[A.arg(action_id)] += 1
    T.replace(state, task._replace(chosen=tuple(chosen.items())))
