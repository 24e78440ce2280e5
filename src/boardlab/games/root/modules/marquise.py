"""The Marquise de Cat (LR-06): the keep and Field Hospitals, wood, and three actions a turn.

Setup: the keep in a corner (a decision), a warrior in every clearing but the opposite corner, then
a sawmill, a workshop and a recruiter in or next to the keep's clearing (a decision each).
Birdsong: a wood at each sawmill (a decision only if the wood runs short). Daylight: craft with
workshops, then up to three actions plus one per bird card spent: battle, march (two moves),
recruit (once), build (wood from connected ruled clearings), overwork. Evening: draw 1 + bonuses,
then the hand limit. Field Hospitals: when Marquise warriors are removed, the Marquise may spend a
card matching their clearing to put them at the keep instead (a decision of the Marquise's seat, in
anyone's turn).

State: `mods["marquise"]`: the keep's clearing (None once removed), wood in supply (removed wood comes
back to it), actions left and whether she recruited this turn. Building tracks are read off the map (6 of
each kind in all, RTA-CAT-01); the view shows her board. Choices the Law leaves open: RTA-CAT-01..04
(docs/root-rulings.md, "Marquise and Eyrie").
"""
from __future__ import annotations

from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import advanced as ADV
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS, DECKS, faction_sheet
from ..program import Faction
from ..state import RootState

NAME = "marquise"
WOOD = (NAME, "wood")
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
KINDS = ("sawmill", "workshop", "recruiter")
TOKENS = ("wood", "keep")


@register
class MarquiseState(Data):
    __slots__ = ("keep", "wood", "actions", "recruited")

    def __init__(self) -> None:
        self.keep: int | None = None
        self.wood = BOARD["wood"]
        self.actions = 0
        self.recruited = False


def M(state: RootState) -> MarquiseState:
    return state.mods[NAME]


MODULE.data = lambda state: MarquiseState()


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


@record
class CatSetup(NamedTuple):
    seat: int
    stage: str   # keep, sawmill, workshop, recruiter


@record
class CatWood(NamedTuple):
    """Birdsong: place wood at sawmills (LR-06-04), asking where when it runs short."""
    seat: int
    left: tuple[int, ...]   # sawmill clearings still to get a wood


@record
class CatDaylight(NamedTuple):
    seat: int
    stage: str   # craft, act


@record
class CatBuild(NamedTuple):
    """Build: where, which kind, then the wood to remove (LR-06-05-04)."""
    seat: int
    clearing: int | None
    kind: str | None
    wood_left: int


@record
class CatRecruit(NamedTuple):
    """Recruit when the supply runs short: which recruiters get the warriors left."""
    seat: int
    left: tuple[int, ...]


@record
class CatOverwork(NamedTuple):
    seat: int
    clearing: int | None


@record
class FieldHospitals(NamedTuple):
    """LR-06-02-03: `n` warriors removed from `clearing` may go to the keep for a matching card."""
    seat: int
    clearing: int
    n: int


# ---- setup (LR-06-03) -----------------------------------------------------------------------------------------

@MODULE.step("marquise.setup")
def setup(state: RootState) -> str:
    """LR-06-03-01 (25 warriors, 8 wood) and LR-06-03-05 (the other buildings on the tracks): the
    supplies are the faction's data; the tracks are read off the buildings on the map."""
    me = seat(state)
    state.log(("LR-06-03-01", "LR-06-03-05"), "ev.cat.supplies", warriors=state.supply[NAME], wood=M(state).wood)
    return T.run_then(state, [CatSetup(me, "keep")], RETURN)


def _setup_options(state: RootState, task: CatSetup) -> list[str]:
    if task.stage == "keep":
        taken = {c for cs in state.homes.values() for c in cs}
        return [f"keep:{A.clearing_id(c)}" for c in B.corners(state) if c not in taken and B.may_place(state, NAME, c)]
    keep = M(state).keep
    assert keep is not None
    near = (keep,) + B.neighbours(state, keep)
    return [f"place:{A.clearing_id(c)}" for c in sorted(near) if B.open_slots(state, c) > 0]


@MODULE.handler(CatSetup)
def run_setup(state: RootState, task: CatSetup) -> None:
    options = _setup_options(state, task)
    if not options:   # no open slot in or next to the keep: nothing more can be placed (LR-01-05-04)
        T.done(state)
    elif len(options) == 1:
        _do_setup(state, task, options[0])
    else:
        T.ask(state, task.seat, "marquise_setup")


@MODULE.task_decision("marquise_setup", lambda state: _setup_options(state, T.top(state)))
def apply_setup(state: RootState, action_id: str) -> None:
    _do_setup(state, T.top(state), action_id)


def _do_setup(state: RootState, task: CatSetup, action_id: str) -> None:
    c = A.clearing_arg(action_id)
    if task.stage == "keep":
        M(state).keep = c
        B.add_token(state, NAME, "keep", c)
        state.homes = {**state.homes, NAME: (c,)}
        far = B.opposite(state, c)
        for d in range(len(state.suits)):
            if d != far and B.may_place(state, NAME, d):  # a hireling set up first may forbid it (RTA-HA-07)
                B.place_warriors(state, NAME, d, 1)
        state.log(("LR-06-03-02", "LR-06-03-03"), "ev.cat.keep", clearing=c)
        T.replace(state, task._replace(stage="sawmill"))
        return
    B.add_building(state, NAME, task.stage, c)
    state.log(("LR-06-03-04",), "ev.cat.setup_building", kind=task.stage, clearing=c)
    nxt = KINDS.index(task.stage) + 1
    if nxt == len(KINDS):
        T.done(state)
    else:
        T.replace(state, task._replace(stage=KINDS[nxt]))


# ---- her faction setup card (the Advanced Setup, LR-AA-08-03; data/setup-cards.yaml) ------------------------------

ADVANCED = BOARD["advanced"]


@record
class CatHomelands(NamedTuple):
    """Three homelands one at a time, then the keep in one of them, then a building in each."""
    seat: int
    stage: str                 # homeland, keep, sawmill, workshop, recruiter
    homes: tuple[int, ...]


@MODULE.step("marquise.setup_advanced")
def setup_advanced(state: RootState) -> str:
    state.log(("LR-06-03-01", "LR-06-03-05"), "ev.cat.supplies", warriors=state.supply[NAME], wood=M(state).wood)
    return T.run_then(state, [CatHomelands(seat(state), "homeland", ())], RETURN)


def homeland_groups(state: RootState) -> list[tuple[int, ...]]:
    """The groups of homelands she may choose: linked clearings, none an enemy's homeland, each with room
    for the building it gets (LR-AA-08-03-01)."""
    fit = [c for c in range(len(state.suits)) if ADV.may_be_homeland(state, NAME, c) and B.open_slots(state, c) > 0]
    return ADV.connected_groups(state, fit, ADVANCED["homelands"])


def _advanced_options(state: RootState, task: CatHomelands) -> list[str]:
    if task.stage == "homeland":
        groups = [g for g in homeland_groups(state) if set(task.homes) <= set(g)]
        return [f"homeland:{A.clearing_id(c)}" for c in sorted({c for g in groups for c in g} - set(task.homes))]
    if task.stage == "keep":  # not adjacent to an enemy homeland if able (LR-AA-08-03-02)
        return [f"keep:{A.clearing_id(c)}" for c in ADV.farthest(state, NAME, task.homes, ADVANCED["keep_apart"])]
    built = {c for c in task.homes if B.buildings_of(state, NAME, c)}
    return [f"place:{A.clearing_id(c)}" for c in task.homes if c not in built and B.open_slots(state, c) > 0]


@MODULE.handler(CatHomelands)
def run_setup_advanced(state: RootState, task: CatHomelands) -> None:
    options = _advanced_options(state, task)
    if not options:   # no room left (RTA-AS-05): nothing more is placed
        ADV.no_room(state, NAME)
        T.done(state)
    elif len(options) == 1:
        _advanced_step(state, task, options[0])
    else:
        T.ask(state, task.seat, "marquise_homelands")


@MODULE.task_decision("marquise_homelands", lambda state: _advanced_options(state, T.top(state)))
def apply_setup_advanced(state: RootState, action_id: str) -> None:
    _advanced_step(state, T.top(state), action_id)


def _advanced_step(state: RootState, task: CatHomelands, action_id: str) -> None:
    c = A.clearing_arg(action_id)
    if task.stage == "homeland":
        homes = task.homes + (c,)
        state.log(("LR-AA-08-03-01", "LR-AA-08-03-03", "RT-AS-30", "RT-AS-31", "RTA-AS-07"), "ev.cat.homeland",
                  clearing=c)
        if len(homes) < ADVANCED["homelands"]:
            T.replace(state, task._replace(homes=homes))
            return
        _garrison(state, homes)
        T.replace(state, task._replace(stage="keep", homes=homes))
    elif task.stage == "keep":
        M(state).keep = c
        B.add_token(state, NAME, "keep", c)
        state.log(("LR-AA-08-03-02", "RT-AS-32", "RTA-AS-07"), "ev.cat.keep_home", clearing=c)
        T.replace(state, task._replace(stage=KINDS[0]))
    else:
        B.add_building(state, NAME, task.stage, c)
        state.log(("LR-06-03-04", "LR-AA-08-03"), "ev.cat.setup_building", kind=task.stage, clearing=c)
        nxt = KINDS.index(task.stage) + 1
        if nxt < len(KINDS):
            T.replace(state, task._replace(stage=KINDS[nxt]))
        else:
            T.done(state)


def _garrison(state: RootState, homes: tuple[int, ...]) -> None:
    """Warriors: more in each homeland, one in every other clearing where she may place them."""
    state.homes = {**state.homes, NAME: homes}
    for d in range(len(state.suits)):
        if B.may_place(state, NAME, d):
            B.place_warriors(state, NAME, d, ADVANCED["homeland_warriors" if d in homes else "other_warriors"])
    state.log(("LR-AA-08-03", "RT-AS-29", "RTA-AS-07"), "ev.cat.garrison", clearings=list(homes))


# ---- Birdsong (LR-06-04) ----------------------------------------------------------------------------------------

@MODULE.step("marquise.birdsong")
def birdsong(state: RootState) -> str:
    return T.run_then(state, [CatWood(seat(state), placeable(state, "sawmill"))], RETURN)


def placeable(state: RootState, kind: str) -> tuple[int, ...]:
    """Her buildings of `kind` where she may place (a face-up snare or the like says no: "cannot" wins, LR-01-01-02):
    one per building, for the wood of Birdsong and the warriors of Recruit."""
    return tuple(c for c in B.where(state, NAME, kind) if B.may_place(state, NAME, c))


@MODULE.handler(CatWood)
def run_wood(state: RootState, task: CatWood) -> None:
    """One wood per sawmill; with too little wood left, the Marquise picks which sawmills get it."""
    data = M(state)
    if not task.left or data.wood == 0:
        T.done(state)
        return
    if data.wood >= len(task.left) or len(set(task.left)) == 1:
        T.done(state)  # before placing: what placing triggers runs next (board.add_token)
        for c in task.left[:data.wood]:
            _place_wood(state, c, ("LR-06-04",))
        return
    T.ask(state, task.seat, "marquise_wood")


@MODULE.task_decision("marquise_wood", lambda state: [f"wood:{A.clearing_id(c)}" for c in sorted(set(T.top(state).left))])
def apply_wood(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    left = list(task.left)
    left.remove(c)
    T.replace(state, task._replace(left=tuple(left)))
    _place_wood(state, c, ("LR-06-04", "LR-01-05-04", "RTA-CAT-02"))


def _place_wood(state: RootState, c: int, rules: tuple[str, ...]) -> None:
    M(state).wood -= 1
    B.add_token(state, NAME, "wood", c)
    state.log(rules, "ev.cat.wood", clearing=c)


# ---- Daylight (LR-06-05) ---------------------------------------------------------------------------------------

@MODULE.step("marquise.daylight")
def daylight(state: RootState) -> str:
    data = M(state)
    data.actions, data.recruited = BOARD["actions"], False
    return T.run_then(state, [CatDaylight(seat(state), "craft")], RETURN)


def crafting_pieces(state: RootState, s: int) -> list[int]:
    return B.where(state, NAME, "workshop")


MODULE.crafting_pieces = crafting_pieces


def _craft_options(state: RootState, task: CatDaylight) -> list[str]:
    return K.craft_options(state, task.seat) + TN.phase_options(state, task.seat) + ["done"]


def _action_options(state: RootState, task: CatDaylight) -> list[str]:
    data, me = M(state), task.seat
    out = []
    if data.actions > 0:
        if BT.can_battle(state, NAME):
            out.append("battle")
        if MV.can_move(state, NAME):
            out.append("march")
        if not data.recruited and placeable(state, "recruiter") and state.supply[NAME]:
            out.append("recruit")
        if build_sites(state):
            out.append("build")
        if overwork_sites(state, me):
            out.append("overwork")
    out += [f"extra:{c}" for c in dict.fromkeys(state.hands[me]) if CARDS[c].suit == "bird"]
    return out + TN.phase_options(state, me) + ["end"]


@MODULE.handler(CatDaylight)
def run_daylight(state: RootState, task: CatDaylight) -> None:
    """Asked only when there is a choice: with nothing to craft she goes on to her actions, and with
    nothing left to do her Daylight ends."""
    if task.stage == "craft":
        options = _craft_options(state, task)
        if options == ["done"]:
            T.replace(state, task._replace(stage="act"))
        else:
            T.offer(state, task.seat, "marquise_craft", options)
    else:
        options = _action_options(state, task)
        T.offer_or_done(state, task.seat, "marquise_action", options, options != ["end"])


@MODULE.task_decision("marquise_craft", lambda state: _craft_options(state, T.top(state)))
def apply_craft(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.replace(state, task._replace(stage="act"))
    elif A.head(action_id) == "craft":
        T.push(state, K.craft(task.seat, A.arg(action_id), tuple(crafting_pieces(state, task.seat))))
    else:
        TN.apply_phase_option(state, task.seat, action_id)


@MODULE.task_decision("marquise_action", lambda state: _action_options(state, T.top(state)))
def apply_action(state: RootState, action_id: str) -> None:
    task = T.top(state)
    data = M(state)
    h = A.head(action_id)
    if action_id == "end":
        T.done(state)
        return
    if h == "extra":
        K.discard(state, task.seat, A.arg(action_id), ("LR-06-05",))
        data.actions += 1
        state.log(("LR-06-05",), "ev.cat.extra_action", seat=task.seat)
        return
    if TN.is_phase_option(state, task.seat, action_id):
        TN.apply_phase_option(state, task.seat, action_id)
        return
    data.actions -= 1
    if action_id == "battle":
        T.push(state, BT.start(task.seat, NAME, ("LR-06-05-01",), must=True))
    elif action_id == "march":
        T.push(state, MV.moves(task.seat, NAME, 2, ("LR-06-05-02",), must=True))
    elif action_id == "recruit":
        data.recruited = True
        T.push(state, CatRecruit(task.seat, placeable(state, "recruiter")))
    elif action_id == "build":
        T.push(state, CatBuild(task.seat, None, None, 0))
    elif action_id == "overwork":
        T.push(state, CatOverwork(task.seat, None))


# recruit (LR-06-05-03) ------------------------------------------------------------------------------------------------

@MODULE.handler(CatRecruit)
def run_recruit(state: RootState, task: CatRecruit) -> None:
    supply = state.supply[NAME]
    if not task.left or supply == 0:
        T.done(state)
        return
    if supply >= len(task.left) or len(set(task.left)) == 1:
        for c in task.left[:supply]:
            B.place_warriors(state, NAME, c, 1)
        state.log(("LR-06-05-03",), "ev.cat.recruit", clearings=list(task.left[:supply]))
        T.done(state)
        return
    T.ask(state, task.seat, "marquise_recruit")


@MODULE.task_decision("marquise_recruit", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in sorted(set(T.top(state).left))])
def apply_recruit(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    B.place_warriors(state, NAME, c, 1)
    state.log(("LR-06-05-03", "LR-01-05-04", "RTA-CAT-02"), "ev.cat.recruit", clearings=[c])
    left = list(task.left)
    left.remove(c)
    T.replace(state, task._replace(left=tuple(left)))


# build (LR-06-05-04) -----------------------------------------------------------------------------------------------------

def next_cost(state: RootState, kind: str, index: dict | None = None) -> int | None:
    """`index`: B.pieces_index(state), if known."""
    placed = len((index or B.pieces_index(state)).get((NAME, kind), ()))
    return BOARD["cost"][placed] if placed < BOARD["buildings"] else None


def wood_reach(state: RootState, c: int) -> int:
    """Wood she can remove for a building in `c`: in `c` and clearings connected to it through
    clearings she rules (LR-06-05-04-02)."""
    return sum(B.tokens_of(state, NAME, d).count("wood") for d in B.connected(state, NAME, c))


def buildable(state: RootState, c: int) -> list[str]:
    if not B.rules(state, NAME, c) or B.open_slots(state, c) <= 0 or not B.may_place(state, NAME, c):
        return []
    wood = wood_reach(state, c)
    return [k for k in KINDS if (cost := next_cost(state, k)) is not None and cost <= wood]


def build_sites(state: RootState) -> list[int]:
    """Where she can build now: a ruled clearing with an open slot, no rule against placing there, and
    wood in reach for the cheapest building left (what `buildable` says, for every clearing at once)."""
    index = B.pieces_index(state)
    cheapest = min((cost for k in KINDS if (cost := next_cost(state, k, index)) is not None), default=None)
    if cheapest is None or cheapest > len(index.get(WOOD, ())):  # not enough wood on the whole map
        return []
    ruled = B.rulers(state)
    wood = _wood_in_reach(state, ruled)
    return [c for c, f in enumerate(ruled) if f == NAME and wood.get(c, 0) >= cheapest and B.open_slots(state, c) > 0
            and B.may_place(state, NAME, c)]


def _wood_in_reach(state: RootState, ruled: tuple[str | None, ...]) -> dict[int, int]:
    """For each clearing she rules, the wood in it and the clearings connected to it through her rule (a
    clearing left out has none: only groups holding wood are searched)."""
    out: dict[int, int] = {}
    tokens = state.tokens
    for c, f in enumerate(ruled):
        if f == NAME and c not in out and WOOD in tokens[c]:
            group = B.connected(state, NAME, c, ruled)
            wood = sum(tokens[d].count(WOOD) for d in group)
            out.update(dict.fromkeys(group, wood))
    return out


def _wood_sources(state: RootState, c: int) -> list[int]:
    return [d for d in B.connected(state, NAME, c) if "wood" in B.tokens_of(state, NAME, d)]


@MODULE.handler(CatBuild)
def run_build(state: RootState, task: CatBuild) -> None:
    if task.clearing is None:
        T.ask(state, task.seat, "marquise_build_where")
    elif task.kind is None:
        kinds = buildable(state, task.clearing)
        if len(kinds) == 1:
            _choose_kind(state, task, kinds[0])
        else:
            T.ask(state, task.seat, "marquise_build_what")
    elif task.wood_left > 0:
        sources = _wood_sources(state, task.clearing)
        total = sum(B.tokens_of(state, NAME, d).count("wood") for d in sources)
        if len(sources) == 1 or total == task.wood_left:
            for d in sources:
                n = B.tokens_of(state, NAME, d).count("wood")
                for _ in range(min(n, task.wood_left)):
                    _take_wood(state, d)
                    task = task._replace(wood_left=task.wood_left - 1)
            T.replace(state, task)
        else:
            T.ask(state, task.seat, "marquise_wood_from")
    else:
        T.done(state)
        _finish_build(state, task.seat, task.clearing, task.kind)


@MODULE.task_decision("marquise_build_where", lambda state: [f"build_at:{A.clearing_id(c)}" for c in build_sites(state)])
def apply_build_where(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("marquise_build_what", lambda state: [f"building:{k}" for k in buildable(state, T.top(state).clearing)])
def apply_build_what(state: RootState, action_id: str) -> None:
    _choose_kind(state, T.top(state), A.arg(action_id))


def _choose_kind(state: RootState, task: CatBuild, kind: str) -> None:
    cost = next_cost(state, kind)
    assert cost is not None
    T.replace(state, task._replace(kind=kind, wood_left=cost))


@MODULE.task_decision("marquise_wood_from", lambda state: [f"wood_from:{A.clearing_id(c)}" for c in _wood_sources(
    state, T.top(state).clearing)])
def apply_wood_from(state: RootState, action_id: str) -> None:
    task = T.top(state)
    _take_wood(state, A.clearing_arg(action_id))
    T.replace(state, task._replace(wood_left=task.wood_left - 1))


def _take_wood(state: RootState, c: int) -> None:
    B.take_token(state, NAME, "wood", c)
    M(state).wood += 1


def _finish_build(state: RootState, me: int, c: int, kind: str) -> None:
    placed = B.count_on_map(state, NAME, kind)
    B.add_building(state, NAME, kind, c)
    state.log(("LR-06-05-04-01", "LR-06-05-04-02", "LR-06-05-04-03", "RTA-CAT-01"), "ev.cat.build", kind=kind, clearing=c)
    S.score(state, me, BOARD["points"][kind][placed], ("LR-06-05-04-03",))


# overwork (LR-06-05-05) ---------------------------------------------------------------------------------------------------

def overwork_sites(state: RootState, me: int) -> list[int]:
    if M(state).wood == 0:
        return []
    return [c for c in B.spread(placeable(state, "sawmill")) if K.matching(state, me, state.suits[c])]


@MODULE.handler(CatOverwork)
def run_overwork(state: RootState, task: CatOverwork) -> None:
    T.ask(state, task.seat, "marquise_overwork" if task.clearing is None else "marquise_overwork_card")


@MODULE.task_decision("marquise_overwork", lambda state: [f"overwork_at:{A.clearing_id(c)}" for c in overwork_sites(
    state, T.top(state).seat)])
def apply_overwork(state: RootState, action_id: str) -> None:
    T.replace(state, T.top(state)._replace(clearing=A.clearing_arg(action_id)))


@MODULE.task_decision("marquise_overwork_card", lambda state: [A.discard_id(c) for c in dict.fromkeys(K.matching(
    state, T.top(state).seat, state.suits[T.top(state).clearing]))])
def apply_overwork_card(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    K.discard(state, task.seat, A.arg(action_id), ("LR-06-05-05",))
    _place_wood(state, task.clearing, ("LR-06-05-05",))


# ---- Evening (LR-06-06) ------------------------------------------------------------------------------------------------

@MODULE.step("marquise.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    M(state).actions = 0
    recruiters = B.count_on_map(state, NAME, "recruiter")
    bonus = sum(1 for k in BOARD["draw_bonus"]["recruiter"] if recruiters >= k)
    K.draw(state, me, 1 + bonus, ("LR-06-06", "RTA-CAT-01"))
    return T.run_then(state, [K.hand_limit(me, ("LR-06-06",))], RETURN)


# ---- the keep and Field Hospitals (LR-06-02-02/03) ----------------------------------------------------------------------

def blocks_placing(state: RootState, placer: str, c: int) -> bool:
    return placer != NAME and M(state).keep == c


MODULE.blocks_placing = blocks_placing


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """Her removed pieces: wood back to her supply (LR-AG-24), the keep gone for good (LR-06-02-02),
    and removed warriors may go to the keep (Field Hospitals, LR-06-02-03)."""
    if owner != NAME:
        return []
    data = M(state)
    removed = dict(pieces)
    if removed.get("wood"):
        data.wood += removed["wood"]
        state.log(("LR-AG-24",), "ev.cat.wood_back", n=removed["wood"], clearing=c)
    if removed.get("keep"):
        data.keep = None
        state.log(("LR-06-02-02",), "ev.cat.keep_removed", clearing=c)
    me = state.seat_of(NAME)
    if removed.get("warrior") and data.keep is not None and me is not None and K.matching(state, me, state.suits[c]) \
            and B.may_place(state, NAME, data.keep):  # where she cannot place, no card buys it (LR-01-01-02)
        return [FieldHospitals(me, c, removed["warrior"])]
    return []


MODULE.answer("removed", on_removed)


@MODULE.handler(FieldHospitals)
def run_hospitals(state: RootState, task: FieldHospitals) -> None:
    T.ask(state, task.seat, "field_hospitals")


@MODULE.task_decision("field_hospitals", lambda state: [A.discard_id(c) for c in dict.fromkeys(K.matching(
    state, T.top(state).seat, state.suits[T.top(state).clearing]))] + ["pass"])
def apply_hospitals(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    keep = M(state).keep
    if action_id == "pass" or keep is None:
        return
    K.discard(state, task.seat, A.arg(action_id), ("LR-06-02-03",))
    placed = B.place_warriors(state, NAME, keep, task.n)
    state.log(("LR-06-02-03", "RTA-CAT-03"), "ev.cat.hospitals", n=placed, clearing=task.clearing, keep=keep)


# ---- what everyone sees -------------------------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """Her faction board: the keep, the wood supply, each Buildings track (buildings on the map, the
    next cost and points), and during her Daylight the actions left."""
    data = M(state)
    tracks = {}
    for kind in KINDS:
        placed = B.count_on_map(state, NAME, kind)
        tracks[kind] = {"on_map": placed, "next_cost": next_cost(state, kind),
                        "next_points": BOARD["points"][kind][placed] if placed < BOARD["buildings"] else None}
    full[NAME] = {"keep": None if data.keep is None else data.keep + 1, "wood": data.wood, "tracks": tracks,
                  "actions": data.actions, "recruited": data.recruited}


MODULE.view = view


# ---- the faction's action ids ------------------------------------------------------------------------------------------

def actions(players: int, options: dict) -> list[Segment]:
    clearings = [A.clearing_id(c) for c in range(12)]
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]
    ids = ["battle", "march", "recruit", "build", "overwork", "end"] + [f"extra:{c}" for c in cards]
    for h in ("keep", "place", "wood", "recruit_at", "build_at", "wood_from", "overwork_at", "homeland"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [f"building:{k}" for k in KINDS] + A.remove_ids(KINDS + TOKENS)
    return [Vocabulary(ids)]


MODULE.actions = actions
MODULE.forms = {"building": ("piece",), "homeland": ("clearing",)}
