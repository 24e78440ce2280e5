"""The Knaves' Daylight (LR-18-05): Captain Acts with the Acting Captain (move with Skunks, battle, Filch, item
actions from the Stash, the Captains' abilities, LR-AK-*), then Retire; and what their battles do: Have at Thee
(Prisoners and acclaim, LR-18-02-06, through the extension point `captures`), Follow Me when they take hits
(LR-18-02-05), the Skirmish's ignored hit, the Nab's escape and the Captains' battle abilities."""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.flow import RETURN
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import turn as TN
from ..program import extensions
from ..records import Battle, RemovePieces, StartBattle, TakeHits
from ..state import FOREST, RootState
from .knaves import (ACTION_ITEM, ACTIONS, BOARD, ITEM_RULES, MODULE, NAME, D, Rules, acclaim_on_map, acting_clearing,
                     acting_loc, active_captain, captains_in, face_up_items, flip_item, forest_clearings,
                     forest_neighbours, free_forests, has_acclaim, log_at, may_acclaim, place_acclaim, place_skunks,
                     seat, skunks_at, stash_add)
from .vagabond_turn import loc_of, loc_text

ACTS: Rules = ("LR-18-05", "LR-18-05-01")


# ---- the Daylight ---------------------------------------------------------------------------------------------------

@record
class KnavesActs(NamedTuple):
    seat: int
    left: int


@record
class KnavesRetire(NamedTuple):
    seat: int


@MODULE.step("knaves.daylight")
def daylight(state: RootState) -> str:
    """LR-18-05-01: four actions, three after Ready placed the Acting Captain in a forest (LR-18-04)."""
    me = seat(state)
    left = BOARD["ready_actions"] if state.used.get("knaves_three") else BOARD["actions"]
    state.log(ACTS + (("LR-18-04",) if left < BOARD["actions"] else ()), "ev.knaves.acts", captain=D(state).acting,
              n=left)
    return T.run_then(state, [KnavesActs(me, left), KnavesRetire(me)], RETURN)


def move_targets(state: RootState, loc: int, free: bool) -> list[int]:
    """Where the Captain at `loc` may move: clearings along paths as any warriors do (rule, unless `free`), the
    forests around its clearing; from a forest, the clearings around it and the forests beside it, ignoring rule
    (Deepwood Runners, LR-18-02-04; RTA-KN-04)."""
    if loc >= FOREST:
        f = loc - FOREST
        return list(forest_clearings(state, f)) + [FOREST + g for g in forest_neighbours(state, f)]
    out = MV.destinations(state, NAME, loc, ignore_rule=free)
    if not B.leaving_blocked(state, NAME, loc):
        out += [FOREST + f for f in B.forests_of(state, loc)]
    return out


def skirmish_targets(state: RootState) -> list[int]:
    """LR-18-05-01-04-03: from a forest to a clearing around it; the Scoundrel also from a clearing to an adjacent
    clearing (LR-AK-06-02)."""
    loc = acting_loc(state)
    if loc is None:
        return []
    if loc >= FOREST:
        return list(forest_clearings(state, loc - FOREST))
    return MV.destinations(state, NAME, loc) if active_captain(state, "scoundrel") else []


def can_fight(state: RootState) -> bool:
    c = acting_clearing(state)
    return c is not None and bool(BT.targets(state, NAME, c))


def feasible(state: RootState, me: int, action: str) -> bool:
    """Whether an item action would do something now."""
    loc, c = acting_loc(state), acting_clearing(state)
    if loc is None:
        return False
    if action == "dash":
        return bool(move_targets(state, loc, True))
    if action == "assault":
        return can_fight(state) or (active_captain(state, "ronin") and bool(move_targets(state, loc, False)))
    if action == "skirmish":
        return any(B.enemies_at(state, NAME, d) for d in skirmish_targets(state))
    if action == "nab":
        return can_fight(state)
    if action == "revel":
        return state.supply[NAME] > 0 or (c is not None and may_acclaim(state, c))
    if action == "gift":
        return True
    assert action == "serve"
    if c is None:
        return False
    return bool(serve_crafts(state, me, c)) if has_acclaim(state, c) else may_acclaim(state, c)


def action_options(state: RootState, me: int) -> list[str]:
    loc = acting_loc(state)
    if loc is None:
        return []
    out = []
    if move_targets(state, loc, False):
        out.append("move")
    if can_fight(state):
        out.append("battle")
    if not state.used.get("knaves_filch") and filch_options(state, me):
        out.append("filch")
    up = face_up_items(state)
    open_ = [a for a in ACTIONS if feasible(state, me, a)]
    out += [f"act:{a}" for a in open_ if ACTION_ITEM[a] in up]
    if up:
        for key in ("ranger", "vagrant"):
            if active_captain(state, key) and not state.used.get(f"knaves_{key}"):
                out += [f"{key}:{a}" for a in BOARD[f"{key}_actions"] if a in open_]
    if active_captain(state, "cheat") and len(up) >= BOARD["cheat_items"]:
        out += [f"cheat:{a}" for a in open_]
    return out


@MODULE.handler(KnavesActs)
def run_acts(state: RootState, task: KnavesActs) -> None:
    if task.left <= 0:
        T.done(state)
        return
    T.ask_or_done(state, task.seat, "knaves_daylight", action_options(state, task.seat) + TN.phase_options(
        state, task.seat))


def _acts_legal(state: RootState) -> list[str]:
    me = T.top(state).seat
    return action_options(state, me) + TN.phase_options(state, me) + ["done"]


@MODULE.task_decision("knaves_daylight", _acts_legal)
def apply_act(state: RootState, action_id: str) -> None:
    task = T.top(state)
    me, head = task.seat, A.head(action_id)
    if action_id == "done":
        T.done(state)
        return
    if head not in ("move", "battle", "filch", "act", "ranger", "vagrant", "cheat"):
        TN.apply_phase_option(state, me, action_id)
        return
    T.replace(state, task._replace(left=task.left - 1))
    if head == "move":
        T.push(state, KnavesMove(me, 1, False, "any", True, ACTS + ("LR-18-05-01-01",)))
    elif head == "battle":
        T.push(state, KnavesFight(me, "battle"))
    elif head == "filch":
        state.used["knaves_filch"] = 1
        T.push(state, KnavesFilch(me))
    elif head == "act":
        action = A.arg(action_id)
        flip_item(state, ACTION_ITEM[action])
        state.log(ACTS + ("LR-18-05-01-04", ITEM_RULES[action]), "ev.knaves.item_action", item=ACTION_ITEM[action],
                  action=action)
        item_action(state, me, action, ("LR-18-05-01-04", ITEM_RULES[action]))
    else:
        ability = {"ranger": "LR-AK-03-02", "vagrant": "LR-AK-04-02", "cheat": "LR-AK-10-02"}[head]
        if head != "cheat":
            state.used[f"knaves_{head}"] = 1
        n = BOARD["cheat_items"] if head == "cheat" else 1
        T.push(state, KnavesPay(me, n, A.arg(action_id), (ability, ITEM_RULES[A.arg(action_id)])))


@MODULE.handler(KnavesRetire)
def run_retire(state: RootState, task: KnavesRetire) -> None:
    """LR-18-05-02: the Acting Captain's card face down, back to the supply."""
    T.done(state)
    data = D(state)
    if data.acting is None:
        return
    data.up = tuple(k for k in data.up if k != data.acting)
    state.log(("LR-18-05-02",), "ev.knaves.retire", captain=data.acting)
    data.acting = None


# ---- abilities that flip other items (Ranger, Vagrant, Cheat) --------------------------------------------------------

@record
class KnavesPay(NamedTuple):
    """Flip `n` face-up items of the seat's choice, then take `action`."""
    seat: int
    n: int
    action: str
    rules: Rules


def _pay_options(state: RootState) -> list[str]:
    return [f"stash:{k}" for k in dict.fromkeys(face_up_items(state))]


@MODULE.handler(KnavesPay)
def run_pay(state: RootState, task: KnavesPay) -> None:
    if task.n <= 0:
        T.done(state)
        state.log(ACTS + task.rules, "ev.knaves.ability_action", action=task.action)
        item_action(state, task.seat, task.action, task.rules)
        return
    options = _pay_options(state)
    if len(options) == 1:
        _pay(state, task, options[0])
    else:
        T.ask(state, task.seat, "knaves_pay")


@MODULE.task_decision("knaves_pay", _pay_options)
def apply_pay(state: RootState, action_id: str) -> None:
    _pay(state, T.top(state), action_id)


def _pay(state: RootState, task: KnavesPay, action_id: str) -> None:
    flip_item(state, A.arg(action_id))
    state.log(task.rules, "ev.knaves.flipped", item=A.arg(action_id))
    T.replace(state, task._replace(n=task.n - 1))


# ---- the item actions (LR-18-05-01-04-01..07) ------------------------------------------------------------------------

def item_action(state: RootState, me: int, action: str, rules: Rules) -> None:
    if action == "dash":
        moves = BOARD["harrier_dash_moves"] if active_captain(state, "harrier") else BOARD["dash_moves"]
        extra: Rules = ("LR-AK-08-02",) if active_captain(state, "harrier") else ()
        T.push(state, KnavesMove(me, moves, True, "any", True, rules + extra))
    elif action == "assault":
        first = [KnavesMove(me, 1, False, "any", False, rules + ("LR-AK-09-02",))] if active_captain(
            state, "ronin") else []
        T.push(state, *first, KnavesFight(me, "assault"))
    elif action == "skirmish":
        T.push(state, KnavesMove(me, 1, False, "skirmish", True, rules), KnavesFight(me, "skirmish"))
    elif action == "nab":
        T.push(state, KnavesFight(me, "nab"))
    elif action == "revel":
        revel(state, rules)
    elif action == "gift":
        gift(state, me, rules)
    else:
        serve(state, me, rules)


def revel(state: RootState, rules: Rules) -> None:
    """LR-18-05-01-04-05: acclaim and a Skunk at the Acting Captain (a forest: the Skunk only); two Skunks where
    acclaim already is."""
    loc = acting_loc(state)
    assert loc is not None
    one, two = BOARD["revel_skunks"]
    if loc >= FOREST:
        place_skunks(state, loc, one, rules)
    elif has_acclaim(state, loc):
        place_skunks(state, loc, two, rules)
    else:
        place_acclaim(state, seat(state), loc, rules)
        place_skunks(state, loc, one, rules)


def gift(state: RootState, me: int, rules: Rules) -> None:
    """LR-18-05-01-04-06: acclaim and a card (a forest: the card only); two cards where acclaim already is."""
    loc = acting_loc(state)
    assert loc is not None
    one, two = BOARD["gift_draws"]
    if loc < FOREST and has_acclaim(state, loc):
        K.draw(state, me, two, rules)
        return
    if loc < FOREST:
        place_acclaim(state, me, loc, rules)
    K.draw(state, me, one, rules)


def serve_pieces(state: RootState, c: int) -> tuple[int, ...]:
    """LR-18-02-08: the acclaim matching the Acting Captain's clearing."""
    return tuple(d for d in acclaim_on_map(state) if state.suits[d] == state.suits[c])


def serve_crafts(state: RootState, me: int, c: int) -> list[str]:
    return K.craft_options(state, me, list(serve_pieces(state, c)), pool="knaves_acclaim")


def serve(state: RootState, me: int, rules: Rules) -> None:
    """LR-18-05-01-04-07: acclaim in the Acting Captain's clearing, or, where acclaim already is, crafting with the
    matching acclaim (each once a turn); the Tinker draws after (LR-AK-02-02)."""
    c = acting_clearing(state)
    assert c is not None
    if has_acclaim(state, c):
        T.push(state, KnavesServe(me, c))
        return
    place_acclaim(state, me, c, rules)
    tinker(state, me)


def tinker(state: RootState, me: int) -> None:
    if active_captain(state, "tinker"):
        K.draw(state, me, BOARD["ability_draws"], ("LR-AK-02-02",))


@record
class KnavesServe(NamedTuple):
    seat: int
    clearing: int


@MODULE.handler(KnavesServe)
def run_serve(state: RootState, task: KnavesServe) -> None:
    if serve_crafts(state, task.seat, task.clearing):
        T.ask(state, task.seat, "knaves_serve")
    else:
        T.done(state)
        tinker(state, task.seat)


@MODULE.task_decision("knaves_serve", lambda state: serve_crafts(state, T.top(state).seat, T.top(state).clearing)
                      + ["done"])
def apply_serve(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        tinker(state, task.seat)
        return
    state.log(("LR-18-05-01-04-07", "LR-18-02-08"), "ev.knaves.serve_craft", clearing=task.clearing)
    T.push(state, K.craft(task.seat, A.arg(action_id), serve_pieces(state, task.clearing), "knaves_acclaim"))


# ---- Filch (LR-18-05-01-03) -----------------------------------------------------------------------------------------

@record
class KnavesFilch(NamedTuple):
    seat: int


@record
class KnavesFilchEnd(NamedTuple):
    seat: int


def filch_options(state: RootState, me: int) -> list[str]:
    """Craft by activating the Acting Captain (the suit of its clearing), or take an item from the Crafted Items
    box of an enemy in its clearing."""
    c = acting_clearing(state)
    if c is None:
        return []
    out = K.craft_options(state, me, [c], pool="knaves_filch")
    for f in B.enemies_at(state, NAME, c):
        s = state.seat_of(f)
        if s is not None:
            out += [f"filch_from:{s}:{i}" for i in dict.fromkeys(state.crafted[s])]
    return out


@MODULE.handler(KnavesFilch)
def run_filch(state: RootState, task: KnavesFilch) -> None:
    T.ask_or_done(state, task.seat, "knaves_filch", filch_options(state, task.seat))


@MODULE.task_decision("knaves_filch", lambda state: filch_options(state, T.top(state).seat))
def apply_filch(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if A.head(action_id) == "craft":
        c = acting_clearing(state)
        assert c is not None
        D(state).filching = True
        state.log(("LR-18-05-01-03", "LR-18-02-08"), "ev.knaves.filch_craft", clearing=c)
        T.push(state, K.craft(task.seat, A.arg(action_id), (c,), "knaves_filch"), KnavesFilchEnd(task.seat))
        return
    s, item = A.args(action_id)
    take_item(state, int(s), item)
    stash_add(state, item, ("LR-18-05-01-03",))
    state.log(("LR-18-05-01-03",), "ev.knaves.filch_take", seat=int(s), item=item)
    after_filch(state, task.seat)


def take_item(state: RootState, s: int, item: str) -> None:
    """One item out of a Crafted Items box (an exhausted one only if no other of the kind is left)."""
    box = list(state.crafted[s])
    box.remove(item)
    state.crafted[s] = tuple(box)
    tired = list(state.exhausted[s]) if state.exhausted else []
    if tired.count(item) > box.count(item):
        tired.remove(item)
        state.exhausted[s] = tuple(tired)


@MODULE.handler(KnavesFilchEnd)
def run_filch_end(state: RootState, task: KnavesFilchEnd) -> None:
    T.done(state)
    D(state).filching = False
    after_filch(state, task.seat)


def after_filch(state: RootState, me: int) -> None:
    """LR-AK-01-02: the Thief may move after it Filches."""
    if active_captain(state, "thief"):
        T.push(state, KnavesMove(me, 1, False, "any", False, ("LR-AK-01-02", "LR-18-05-01-03")))


# ---- moving the Acting Captain with Skunks (LR-18-02-04, LR-18-02-05) -------------------------------------------------

@record
class KnavesMove(NamedTuple):
    """Up to `left` moves of the Acting Captain (`free`: ignoring rule; `kind`: any, or skirmish); the first
    cannot be skipped if `must`. `dest` >= 0: the destination chosen, how many Skunks go along is next."""
    seat: int
    left: int
    free: bool
    kind: str
    must: bool
    rules: Rules
    dest: int = -1


def _dests(state: RootState, task: KnavesMove) -> list[int]:
    loc = acting_loc(state)
    if loc is None or task.left <= 0:
        return []
    if task.kind == "skirmish":
        return skirmish_targets(state)
    return sorted(set(move_targets(state, loc, task.free)))


def _move_legal(state: RootState) -> list[str]:
    task = T.top(state)
    if task.dest >= 0:
        loc = acting_loc(state)
        return [f"skunks:{n}" for n in range(skunks_at(state, loc if loc is not None else 0) + 1)]
    out = [f"sneak:{loc_text(d)}" for d in _dests(state, task)]
    return out if task.must else out + ["done"]


@MODULE.handler(KnavesMove)
def run_move(state: RootState, task: KnavesMove) -> None:
    loc = acting_loc(state)
    if loc is None or task.left <= 0 or (task.dest < 0 and not _dests(state, task)):
        T.done(state)
        return
    if task.dest >= 0 and skunks_at(state, loc) == 0:
        _move(state, task, 0)
        return
    T.ask(state, task.seat, "knaves_move" if task.dest < 0 else "knaves_skunks")


def _apply_move(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
    elif A.head(action_id) == "sneak":
        T.replace(state, task._replace(dest=loc_of(A.arg(action_id))))
    else:
        _move(state, task, int(A.arg(action_id)))


for _kind in ("knaves_move", "knaves_skunks"):
    MODULE.task_decision(_kind, _move_legal)(_apply_move)


def _move(state: RootState, task: KnavesMove, n: int) -> None:
    data = D(state)
    origin, dest, key = acting_loc(state), task.dest, data.acting
    assert origin is not None and key is not None
    T.replace(state, task._replace(left=task.left - 1, dest=-1, must=False))
    if task.kind == "skirmish" and origin < FOREST:
        state.used["knaves_scoundrel"] = 1   # LR-AK-06-02: no hit ignored
        state.log(("LR-AK-06-02",), "ev.knaves.scoundrel")
    T.push(state, *move_captain(state, task.seat, key, origin, dest, n, task.rules))


def move_captain(state: RootState, me: int, key: str, origin: int, dest: int, n: int, rules: Rules) -> list:
    """The Captain and `n` Skunks from `origin` to `dest` (clearings or forests); the tasks a move into a clearing
    triggers (Outrage and the like)."""
    data = D(state)
    data.at = {**data.at, key: dest}
    forest = origin >= FOREST or dest >= FOREST
    rules = rules + ("LR-18-02-05",) + (("LR-18-02-04",) if forest else ())
    log_at(state, rules, "ev.knaves.move", dest, captain=key, n=n)
    if not forest:
        return MV.relocate(state, me, NAME, origin, dest, n + 1, rules)
    if origin >= FOREST:
        data.skunks = {**data.skunks, origin - FOREST: data.skunks.get(origin - FOREST, 0) - n}
    else:
        state.warriors[NAME][origin] -= n + 1
    if dest >= FOREST:
        data.skunks = {**data.skunks, dest - FOREST: data.skunks.get(dest - FOREST, 0) + n}
        return []
    state.warriors[NAME][dest] += n + 1
    return [t for fn in extensions(state, "moved_into") for t in fn(state, me, NAME, dest, n + 1) or []]


# ---- battles of the Acting Captain -------------------------------------------------------------------------------------

@record
class KnavesFight(NamedTuple):
    seat: int
    mode: str    # battle, assault, skirmish, nab


@MODULE.handler(KnavesFight)
def run_fight(state: RootState, task: KnavesFight) -> None:
    T.done(state)
    c = acting_clearing(state)
    rules = ACTS + (("LR-18-05-01-02",) if task.mode == "battle" else ("LR-18-05-01-04", ITEM_RULES[task.mode]))
    if c is None or not BT.targets(state, NAME, c):
        state.log(rules, "ev.knaves.no_battle")
        state.used.pop("knaves_scoundrel", None)
        return
    D(state).fight = (task.mode, c, 0, False)
    # the clearing is the Acting Captain's: only the defender is chosen
    T.push(state, StartBattle(task.seat, NAME, (c,), True, c, rules + ("LR-18-02-06",)))


def fighting(state: RootState, battle: Battle | None = None) -> str:
    """The mode of the Acting Captain's battle under way ("" if none, or not this battle)."""
    data = state.mods.get(NAME)
    if data is None or not data.fight[0]:
        return ""
    if battle is not None and (battle.attacker != state.seat_of(NAME) or battle.clearing != data.fight[1]):
        return ""
    return data.fight[0]


def captures(state: RootState, task: RemovePieces) -> int:
    """Have at Thee (LR-18-02-06): of the defender's warriors hit in the Acting Captain's battle, one (all with
    Assault, LR-18-05-01-04-02) goes to an adjacent forest without Prisoner instead of being removed."""
    data = state.mods.get(NAME)
    if data is None or not data.fight[0] or task.owner == NAME or task.owner not in state.faction:
        return 0
    mode, c, taken, hit = data.fight
    me = state.seat_of(NAME)
    if task.by_seat != me or task.clearing != c or acting_loc(state) != c:
        return 0
    limit = len(free_forests(state, c)) if mode == "assault" else BOARD["have_at_thee"] - taken
    n = min(sum(k for _, k in task.pieces), limit, len(free_forests(state, c)))
    if n <= 0:
        return 0
    state.warriors[task.owner][c] -= n
    data.fight = (mode, c, taken + n, hit)
    rules = ("LR-18-02-06",) + (("LR-18-05-01-04-02",) if mode == "assault" else ())
    state.log(rules, "ev.knaves.captured", owner=task.owner, clearing=c, n=n)
    assert me is not None
    T.push(state, KnavesPrison(me, task.owner, c, n, rules))
    return n


MODULE.answer("captures", captures)


@record
class KnavesPrison(NamedTuple):
    """Prisoners taken, each into an adjacent forest without Prisoner, one at a time (the Knaves choose)."""
    seat: int
    owner: str
    clearing: int
    n: int
    rules: Rules


def _prison_options(state: RootState) -> list[str]:
    return [f"den:f{f + 1}" for f in free_forests(state, T.top(state).clearing)]


@MODULE.handler(KnavesPrison)
def run_prison(state: RootState, task: KnavesPrison) -> None:
    if task.n <= 0:
        T.done(state)
        return
    options = _prison_options(state)
    if not options:  # no forest left: removed as normal (cannot happen: the count heeded the forests)
        T.done(state)
        state.supply[task.owner] = state.supply.get(task.owner, 0) + task.n
        return
    if len(options) == 1:
        _imprison(state, task, options[0])
    else:
        T.ask(state, task.seat, "knaves_prison")


@MODULE.task_decision("knaves_prison", _prison_options)
def apply_prison(state: RootState, action_id: str) -> None:
    _imprison(state, T.top(state), action_id)


def _imprison(state: RootState, task: KnavesPrison, action_id: str) -> None:
    f = loc_of(A.arg(action_id)) - FOREST
    data = D(state)
    data.prisoners = {**data.prisoners, f: task.owner}
    state.log(task.rules, "ev.knaves.prisoner", owner=task.owner, forest=f)
    T.replace(state, task._replace(n=task.n - 1))


def battle_ended(state: RootState, battle: Battle) -> list:
    """Have at Thee: acclaim where the battle was if the Acting Captain is still there (LR-18-02-06); after a Nab
    that did not hit it, the Acting Captain may move (LR-18-05-01-04-04)."""
    mode = fighting(state, battle)
    if not mode:
        return []
    data = D(state)
    _, c, _, hit = data.fight
    data.fight = ("", -1, 0, False)
    state.used.pop("knaves_scoundrel", None)
    me = battle.attacker
    if acting_loc(state) != c:
        return []
    place_acclaim(state, me, c, ("LR-18-02-06",))
    if mode == "nab" and not hit:
        return [KnavesMove(me, 1, False, "any", False, ("LR-18-05-01-04-04",))]
    return []


MODULE.answer("battle_ended", battle_ended)


def ignores_first_hit(state: RootState, battle: Battle, owner: str) -> Rules:
    """LR-18-05-01-04-03: the Skirmish ignores the first hit the Knaves take, unless the Scoundrel moved from a
    clearing (LR-AK-06-02)."""
    if owner == NAME and fighting(state, battle) == "skirmish" and not state.used.get("knaves_scoundrel"):
        return ("LR-18-05-01-04-03",)
    return ()


MODULE.answer("ignores_first_hit", ignores_first_hit)


def battle_begun(state: RootState, battle: Battle) -> list:
    """LR-AK-11-02: the Gladiator draws a card as its Assault begins."""
    if fighting(state, battle) == "assault" and active_captain(state, "gladiator"):
        K.draw(state, battle.attacker, BOARD["ability_draws"], ("LR-AK-11-02",))
    return []


MODULE.answer("battle_begun", battle_begun)


def battle_effects(state: RootState, battle: Battle, s: int, attacking: bool) -> list[str]:
    """After the roll: the Arbiter's extra hit in an Assault (LR-AK-05-02), the Jailor's trade in a Nab
    (LR-AK-12-02)."""
    if not attacking or s != state.seat_of(NAME) or battle.stage.startswith("before"):
        return []
    mode = fighting(state, battle)
    if mode == "assault" and active_captain(state, "arbiter") and not BT.used(battle, True, "arbiter"):
        return ["effect:arbiter"]
    if mode == "nab" and active_captain(state, "jailor") and not BT.used(battle, True, "jailor") and battle.rolled_d:
        return ["effect:jailor"]
    return []


def use_battle_effect(state: RootState, battle: Battle, s: int, key: str) -> Battle | None:
    if key == "arbiter":
        state.log(("LR-AK-05-02",), "ev.knaves.arbiter")
        return battle._replace(hits_a=battle.hits_a + 1, hits_d=battle.hits_d + 1)
    if key == "jailor":
        state.log(("LR-AK-12-02",), "ev.knaves.jailor")
        return battle._replace(hits_a=max(0, battle.hits_a - 1), hits_d=battle.hits_d - 1,
                               rolled_d=battle.rolled_d - 1)
    return None


MODULE.answer("battle_effects", battle_effects)
MODULE.answer("use_battle_effect", use_battle_effect)


# ---- taking hits: Skunks first, then Captains, then acclaim (LR-18-02-05, LR-04-03-06) ---------------------------------

@record
class KnavesCaptainHits(NamedTuple):
    """`n` hits on the Captains of a clearing: which ones (the Knaves choose), a Nab's Acting Captain escaping."""
    seat: int
    clearing: int
    n: int
    by_seat: int | None
    in_battle: bool
    rules: Rules
    via: str
    chosen: tuple[str, ...]


def takes_hits(state: RootState, task: TakeHits) -> list:
    c, left = task.clearing, task.hits
    if K.kept(state, task.by_seat, task.via, NAME, c):
        return []
    caps = captains_in(state, c)
    skunks = min(left, B.warriors(state, NAME, c) - len(caps))
    captains = min(left - skunks, len(caps))
    acclaim = min(left - skunks - captains, 1 if has_acclaim(state, c) else 0)
    pieces = tuple((k, n) for k, n in (("warrior", skunks), ("acclaim", acclaim)) if n)
    out: list = [RemovePieces(task.by_seat, NAME, c, pieces, task.in_battle, task.rules, task.via)] if pieces else []
    if captains:
        out.append(KnavesCaptainHits(seat(state), c, captains, task.by_seat, task.in_battle, task.rules, task.via, ()))
    return out


MODULE.takes_hits = takes_hits


def _hit_options(state: RootState) -> list[str]:
    task = T.top(state)
    return [f"captain:{k}" for k in captains_in(state, task.clearing) if k not in task.chosen]


@MODULE.handler(KnavesCaptainHits)
def run_captain_hits(state: RootState, task: KnavesCaptainHits) -> None:
    left = [k for k in captains_in(state, task.clearing) if k not in task.chosen]
    need = task.n - len(task.chosen)
    if need > 0 and need < len(left):
        T.ask(state, task.seat, "knaves_captain_hit")
        return
    T.done(state)
    doomed = task.chosen + tuple(left[:max(0, need)])
    data = D(state)
    if data.acting in doomed and fighting(state) and data.fight[1] == task.clearing:
        mode, c, taken, _ = data.fight
        data.fight = (mode, c, taken, True)
        if mode == "nab" and B.forests_of(state, c):
            doomed = tuple(k for k in doomed if k != data.acting)
            T.push(state, KnavesEscape(task.seat, c))
    if doomed:
        data.doomed = doomed
        T.push(state, RemovePieces(task.by_seat, NAME, task.clearing, (("warrior", len(doomed)),), task.in_battle,
                                   task.rules, task.via))


@MODULE.task_decision("knaves_captain_hit", _hit_options)
def apply_captain_hit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.replace(state, task._replace(chosen=task.chosen + (A.arg(action_id),)))


@record
class KnavesEscape(NamedTuple):
    """A Nab's Acting Captain, hit, goes to an adjacent forest instead (LR-18-05-01-04-04)."""
    seat: int
    clearing: int


def _escape_options(state: RootState) -> list[str]:
    return [f"den:f{f + 1}" for f in B.forests_of(state, T.top(state).clearing)]


@MODULE.handler(KnavesEscape)
def run_escape(state: RootState, task: KnavesEscape) -> None:
    options = _escape_options(state)
    if len(options) == 1:
        apply_escape(state, options[0])
    else:
        T.ask(state, task.seat, "knaves_escape")


@MODULE.task_decision("knaves_escape", _escape_options)
def apply_escape(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    data = D(state)
    key = data.acting
    assert key is not None
    f = loc_of(A.arg(action_id)) - FOREST
    state.warriors[NAME][task.clearing] -= 1
    data.at = {**data.at, key: FOREST + f}
    state.log(("LR-18-05-01-04-04",), "ev.knaves.escape", captain=key, forest=f)
