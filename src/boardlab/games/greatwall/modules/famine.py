"""大飢荒, the Great Famine (AC-FAM-*): a competitive Ancient Chronicles scenario.

Timing through the phase mapping (greatwall-conflicts.md §2.1):
- setup: each player's Clerk on the Food track (from their supply) at the starting food, the Wound
  marker at the storage limit (AC-FAM-04..06; numbers GWA-FAM-01); the Market on the board (AC-FAM-03,
  D20, D24);
- food is gained by the Autumn harvest (after the income, before the invasion, GWA-FAM-02) and at the
  Market (GWA-FAM-03), never beyond the limit (AC-FAM-07);
- each Horde card that breaches or raids lowers the limit by 1 (AC-FAM-10); food above it drops with
  it (AC-FAM-08); below 6 the game ends at once, everyone losing (AC-FAM-09, D3). That replaces the
  Shame of the base rules (AC-FAM-11), i.e. the breach effects and the Raid's destruction effects (004's
  penalties, D11; GWA-FAM-04); the kills still happen;
- the Feeding phase after the siege (#8b, step `spring.after`): each player in Tea order pays 1 food per
  soldier, Overseer and Clerk of theirs on the board, or sends the unfed ones home (AC-FAM-12/13).

Extension points answered: "location_effect" (the Market), "breach" and "raid" (AC-FAM-10/11).
State: a `FamineState` in `state.mods["famine"]`: food per seat and the limit (the Wound marker).
View: `view["scenario"]` adds food, limit and the losing threshold. Ids: the Market's `buy:R`, `sell`;
the Feeding's `feed`, `unfed:UNIT@S`, `unfed_oncard:I`, `unfed_overseer:LOC`, `unfed_clerk:LOC`,
`unfed_all`.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.module import Module
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import locations as L
from .. import mechanics as M
from .. import tasks as T
from ..content import RESOURCES, UNITS
from ..data_tables import BOARD, LOC_ORDER, UNIT_INDEX
from ..records import Kills
from ..view import describer
from . import chronicles as AC

MODULE = Module("famine", messages="famine.yaml")
MARKET = "market"
# The module's ids by kind (actions.py): the Market's trades and the Feeding phase's answers.
FORMS: A.Forms = {"buy": {"market": ("resource",)}, "sell": (), "feed": (), "unfed_all": (), "unfed": ("soldier_at",),
                  "unfed_oncard": ("horde",), "unfed_overseer": ("location",), "unfed_clerk": ("location",)}


def market_id(resource: str) -> str:
    """Pay that resource for food (the base game's `buy:LOC:UNIT` buys an Overseer)."""
    return f"buy:{resource}"


def unfed_id(what: str, where) -> str:
    """Leave one unfed: `unfed:UNIT@S` (a soldier on or behind the Wall), `unfed_oncard:I` (one on the Horde
    card at place I of the array, numbered from 1), `unfed_overseer:LOC`, `unfed_clerk:LOC`."""
    if what == "oncard":
        return f"unfed_oncard:{A.pos(where)}"
    return f"unfed:{where}" if what == "soldier" else f"unfed_{what}:{where}"


@register
class FamineState(Data):
    __slots__ = ("food", "limit")

    def __init__(self, food: tuple[int, ...], limit: int):
        self.food = food    # per seat, on the Food track
        self.limit = limit  # the Wound marker (AC-FAM-06)


@record
class FoodLimitDown(NamedTuple):
    """AC-FAM-10: the limit drops by `n` (`why`: "breach" or "raid")."""
    n: int
    why: str


@record
class Feeding(NamedTuple):
    seat: int


def fam(state) -> FamineState:
    return state.mods["famine"]


def setup(state) -> None:
    state.clerks_on[MARKET] = ()                                   # AC-FAM-03, D20, D24
    for seat in range(state.players):
        state.clerks[seat] -= 1                                    # AC-FAM-05: the Food track Clerk
    limit = min(AC.param(state, "start_limit"), AC.param(state, "track_max"))  # AC-FAM-06
    state.mods["famine"] = FamineState((min(AC.param(state, "start_food"), limit),) * state.players, limit)
    state.log(("AC-FAM-04", "AC-FAM-05", "AC-FAM-06", "GWA-FAM-01"), "ev.fam.setup",
              n=fam(state).food[0], limit=limit)


def food(state, seat: int) -> int:
    return fam(state).food[seat]


def limit(state) -> int:
    return fam(state).limit


def _set_food(state, seat: int, n: int) -> None:
    f = list(fam(state).food)
    f[seat] = n
    fam(state).food = tuple(f)


def gain_food(state, seat: int, n: int, rules: tuple[str, ...]) -> None:
    """AC-FAM-07: the Clerk never passes the Wound marker."""
    before = food(state, seat)
    now = min(limit(state), before + n)
    _set_food(state, seat, now)
    state.log(rules + ("AC-FAM-07",), "ev.fam.food", seat=seat, n=now - before, food=now, limit=limit(state))


def lower_limit(state, n: int, rules: tuple[str, ...]) -> None:
    """AC-FAM-10 (1 per Horde card), AC-FAM-08 (food above it drops with it), AC-FAM-09 (below 6: all lose)."""
    d = fam(state)
    d.limit -= n
    d.food = tuple(min(f, max(0, d.limit)) for f in d.food)
    state.log(rules + ("AC-FAM-08", "AC-FAM-10", "AC-FAM-11"), "ev.fam.limit", n=n, limit=limit(state))
    if limit(state) < AC.param(state, "lose_below"):
        M.end_now(state, ("AC-FAM-09",))


# ---- harvest (GWA-FAM-02) ---------------------------------------------------------------------------------

def harvest(state) -> None:
    for seat in range(state.players):
        gain_food(state, seat, AC.param(state, "harvest"), ("GWA-FAM-02",))


# ---- breaches and Raids (AC-FAM-10/11) -------------------------------------------------------------------------

def on_breach(state, section, rows, here, tasks):
    return [FoodLimitDown(len(rows), "breach")] + [t for t in tasks if isinstance(t, Kills)]


def on_raid(state, card, tasks):
    return [FoodLimitDown(1, "raid")]


@T.handler(MODULE, FoodLimitDown)
def run_lower(state, task: FoodLimitDown) -> None:
    T.done(state)
    lower_limit(state, task.n, ("GWA-FAM-04",))


# ---- the Market (AC-FAM-03, GWA-FAM-03) ---------------------------------------------------------------------------

def legal_market(state, seat=None) -> list[str]:
    seat = T.top(state).seat if seat is None else seat
    out = []
    if food(state, seat) < limit(state):
        pay = AC.param(state, "market_pay")
        out += [market_id(r) for r, n in M.resources_of(state, seat).items() if n >= pay]
    if food(state, seat) >= AC.param(state, "market_sell_food"):
        out.append("sell")
    return out


@L.per_clerk_choice(MODULE, "market", legal_market)
def apply_market(state, seat, action_id):
    if action_id == "sell":
        _set_food(state, seat, food(state, seat) - AC.param(state, "market_sell_food"))
        state.log(("AC-FAM-03", "GWA-FAM-03"), "ev.fam.sold", seat=seat, n=AC.param(state, "market_sell_food"),
                  food=food(state, seat))
        M.gain(state, seat, {"gold": AC.param(state, "market_sell_gold")}, ("GWA-FAM-03",))
        return
    resource = A.arg(action_id, "market", FORMS)
    M.pay(state, seat, {resource: AC.param(state, "market_pay")}, ("AC-FAM-03", "GWA-FAM-03"))
    gain_food(state, seat, AC.param(state, "market_food"), ("AC-FAM-03", "GWA-FAM-03"))


MARKET_EFFECT = L.per_clerk("market")


def location_effect(state, loc: str):
    """The Market (AC-FAM-03): each Clerk there trades once (GWA-FAM-03)."""
    return MARKET_EFFECT if loc == MARKET else None


# ---- the Feeding phase (AC-FAM-12/13) -------------------------------------------------------------------------

def fed(state, seat: int) -> list[str]:
    """One entry per soldier, Overseer and Clerk of `seat` on the main board (AC-FAM-12): the id leaving it
    unfed."""
    out = []
    for s in range(BOARD.sections):
        out += [unfed_id("soldier", A.soldier_at("archer", s))] * state.archers[s].count(seat)
        out += [unfed_id("soldier", A.soldier_at(M.unit_name(u), s)) for p, u in state.behind[s] if p == seat]
    for i, h in enumerate(state.hordes):
        if h is not None:
            out += [unfed_id("oncard", i) for p, _, _ in h[2] if p == seat]
    out += [unfed_id("overseer", loc) for loc, levels in state.overseers.items() if levels[seat]]
    for loc in M.locations(state):
        out += [unfed_id("clerk", loc)] * M.clerks_of(state, loc, seat)
    return out


@MODULE.step("famine.feed")
def step_feed(state) -> str:
    return T.run_then(state, [Feeding(seat) for seat in M.tea_order(state)], RETURN)


@T.handler(MODULE, Feeding)
def run_feed(state, task: Feeding) -> None:
    T.ask_or_done(state, task.seat, "fam_feed", fed(state, task.seat))


def legal_feed(state) -> list[str]:
    seat = T.top(state).seat
    units = fed(state, seat)
    return (["feed"] if food(state, seat) >= len(units) else []) + list(dict.fromkeys(units)) + ["unfed_all"]


@T.task_decision(MODULE, "fam_feed", legal_feed)
def apply_feed(state, action_id):
    seat = T.top(state).seat
    if action_id == "feed":
        T.done(state)
        n = len(fed(state, seat))
        _set_food(state, seat, food(state, seat) - n)
        state.log(("AC-FAM-12",), "ev.fam.fed", seat=seat, n=n, food=food(state, seat))
        return
    if action_id == "unfed_all":
        for unit in fed(state, seat):
            release(state, seat, unit)
        T.done(state)
        return
    release(state, seat, action_id)


def release(state, seat: int, action_id: str) -> None:
    """AC-FAM-13: an unfed soldier, Overseer or Clerk (`unfed_id`) goes back to its owner's supply."""
    parsed = A.parse(action_id, "fam_feed", FORMS)
    what, (where,) = parsed.head, parsed.values
    if what == "unfed":
        name, section = where
        if name == "archer" and seat in state.archers[section]:
            M.remove_archer(state, seat, section)  # on the Wall, else a saved Archer behind it (GW-BREACH-11)
        else:
            M.remove_behind(state, seat, UNIT_INDEX[name], section)
        state.add_soldiers(seat, UNIT_INDEX[name], 1)
    elif what == "unfed_oncard":
        card, covered, units = state.hordes[where]
        entry = next(u for u in units if u[0] == seat)
        state.hordes[where] = (card, tuple(None if k in entry[2] else c for k, c in enumerate(covered)),
                           tuple(u for u in units if u is not entry))
        state.add_soldiers(seat, entry[1], 1)
        name = M.unit_name(entry[1])
    elif what == "unfed_overseer":
        levels, units = list(state.overseers[where]), list(state.overseer_units[where])
        state.add_soldiers(seat, units[seat], 1)  # the soldier that became the Overseer (GW-OVERSEER-02)
        levels[seat], units[seat] = 0, None
        state.overseers[where], state.overseer_units[where] = tuple(levels), tuple(units)
        name = "overseer"
    else:
        M.take_clerk(state, seat, where)
        state.clerks[seat] += 1
        name = "clerk"
    state.log(("AC-FAM-12", "AC-FAM-13"), "ev.fam.released", seat=seat, unit=name)


def view(state, full: dict) -> None:
    full["scenario"].update({"food": list(fam(state).food), "limit": limit(state),
                             "lose_below": AC.param(state, "lose_below")})


def lines(view: dict, lang: str, cat) -> list[str]:
    scn = AC.scenario_of(view, "famine")
    if scn is None:
        return []
    return [cat.text("txt.fam", lang, food=", ".join(map(str, scn["food"])), limit=scn["limit"])]


def potential(state, seat: int) -> float:
    """Bots: food feeds soldiers, Overseers and Clerks."""
    return 0.3 * food(state, seat)


def actions(players: int, options: dict) -> list[Segment]:
    sections, cards = range(BOARD.sections), range(BOARD.sections * BOARD.horde_rows)
    ids = [market_id(r) for r in RESOURCES] + ["sell", "feed", "unfed_all"]
    ids += [unfed_id("soldier", A.soldier_at(u, s)) for s in sections for u in UNITS]
    ids += [unfed_id("oncard", i) for i in cards]
    ids += [unfed_id("overseer", loc) for loc in L.OVERSEEN] + [unfed_id("clerk", loc) for loc in LOC_ORDER]
    return [Vocabulary(ids)]


MODULE.hook("game.setup", "before", setup)
MODULE.hook("autumn.invasion", "before", harvest)
MODULE.hook("spring.after", "before", lambda state: "famine.feed")
MODULE.answer("location_effect", location_effect)
MODULE.answer("breach", on_breach)
MODULE.answer("raid", on_raid)
MODULE.view = view
MODULE.summary = lambda state: {"famine": {"limit_at_end": [limit(state)]}}
MODULE.describe = describer(FORMS)
MODULE.lines = lines
MODULE.potential = potential
MODULE.actions = actions
