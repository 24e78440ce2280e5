"""紅巾軍起義, the Red Turban Rebellion (AC-RED-*): a cooperative-only Ancient Chronicles scenario.

The players survive together (AC-RED-06, AC-03, D4: the `cooperative` module shares the result):
- any breach of the Wall is an immediate loss (AC-RED-07/20: the "breach" extension ends the game
  at once, D3); the Shame pool running out is a loss (AC-RED-08: `shame.lose_when_empty`);
- the game lasts 2 years (AC-RED-09, D1: the extension point "years");
- Gold Mine Overseers cannot be upgraded (AC-RED-11/12: the extension point "overseer_locked", which
  every upgrade path asks in `locations.overseer_options`); the reminder token comes from the pool;
- the Emperor's Envoy is 004's Post Office (D20): its Clerks are each player's `post_clerks`.

Timing (greatwall-conflicts.md §2.1): after the Autumn income (#1) each player may buy 1 Clerk from
the Envoy for 20 Honor (AC-RED-13); then, before the invasion (#12), the top of the Tea track decides
peace or war (AC-RED-14, -19, GWA-RED-02): peace places fewer Horde cards (at least 1) for 3 Gold per
card fewer, paid together (AC-RED-15/16, GWA-RED-03); war lets each player take 1 Clerk from the Envoy
free (AC-RED-17). When a production Location activates, the player with the most Clerks there returns
1 to the Envoy (AC-RED-18/19); a Raid makes each player return 1 Clerk from supply (AC-RED-21).
Peace places fewer Horde cards through the extension point "invasion_size".

State: `state.mods["redturban"]`, this year's choice: ("none",), ("war",) or ("peace", cards fewer). View:
`view["scenario"]` adds the years, the locked Overseers, the Envoy's Clerks and the choice. Ids: `buy`,
`war`, `peace:K`, the shares `gold:N`, `clerk`, `skip`.
"""
from __future__ import annotations

from typing import NamedTuple

from ....core.actions import Segment, Vocabulary
from ....core.flow import RETURN
from ....core.module import Module
from ....core.tasks import record
from .. import actions as A
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import BOARD
from ..view import describer
from . import chronicles as AC, shame

MODULE = Module("redturban", messages="redturban.yaml")
PRODUCTION = ("lumber_mill", "quarry", "gold_mine", "temple")  # AC-RED-18
LOCKED = ("gold_mine",)                                        # AC-RED-11/12
# The module's ids by kind (actions.py): `buy` (a Clerk from the Envoy), `war`, `peace:K`; its Gold shares
# are the base game's `gold:N`.
FORMS: A.Forms = {"buy": {"red_buy": ()}, "war": (), "peace": ("count",)}


def peace_id(fewer: int) -> str:
    return f"peace:{fewer}"


@record
class EnvoyBuy(NamedTuple):
    seat: int


@record
class PeaceOrWar(NamedTuple):
    seat: int


@record
class PeaceGold(NamedTuple):
    """GWA-RED-03: `owed` Gold still to pay, by the seats of `order` in turn."""
    owed: int
    order: tuple[int, ...]


@record
class WarClerk(NamedTuple):
    seat: int


@record
class EnvoyDrain(NamedTuple):
    location: str


@record
class RaidDrain(NamedTuple):
    """AC-RED-21."""


def numbers() -> dict:
    return BOARD.scenarios["redturban"]


def choice(state) -> tuple:
    return state.mods["redturban"]


def setup(state) -> None:
    shame.lose_when_empty(state, ("AC-RED-08",))                   # AC-RED-08
    state.mods["redturban"] = ("none",)
    state.log(("AC-RED-04", "AC-RED-05", "AC-RED-06", "AC-RED-09", "AC-RED-10", "D1"), "ev.red.setup",
              years=numbers()["years"])


def years(state, n: int) -> int:
    """AC-RED-09, D1: the game lasts 2 years."""
    return numbers()["years"]


def locked(state, loc: str) -> bool:
    """AC-RED-11/12: the Gold Mine's Overseers cannot be upgraded."""
    return loc in LOCKED


def invasion_size(state, n: int) -> int:
    """AC-RED-15/16: peace places fewer Horde cards this year."""
    c = choice(state)
    return n - c[1] if c[0] == "peace" else n


def reminder(state) -> None:
    """AC-RED-11: 1 Shame token on the Gold Mine's Overseer level slots (from the pool, GWA-RED-01)."""
    shame.spend_from_pool(state, 1, ("AC-RED-11", "AC-RED-12", "GWA-RED-01"))


def before_invasion(state) -> str:
    """§2.1 #1 then #12: the Envoy purchases (AC-RED-13), then peace or war (AC-RED-14)."""
    return "redturban.run"


@MODULE.step("redturban.run")
def step_run(state) -> str:
    tasks: list = [EnvoyBuy(seat) for seat in M.tea_order(state)] + [PeaceOrWar(M.tea_order(state)[0])]
    return T.run_then(state, tasks, RETURN)


# ---- AC-RED-13: 20 Honor for 1 Clerk from the Envoy -----------------------------------------------------

@T.handler(MODULE, EnvoyBuy)
def run_buy(state, task: EnvoyBuy) -> None:
    seat = task.seat
    if not state.post_clerks[seat] or state.honor[seat] < numbers()["clerk_honor"]:
        T.done(state)
        return
    T.ask(state, seat, "red_buy")


@T.task_decision(MODULE, "red_buy", lambda state: ["buy", "skip"])
def apply_buy(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    if action_id == "buy":
        M.lose_honor(state, seat, numbers()["clerk_honor"], ("AC-RED-13",), "ev.red.pay_honor")
        _from_envoy(state, seat, ("AC-RED-13",))


def _from_envoy(state, seat, rules) -> None:
    state.post_clerks[seat] -= 1
    state.clerks[seat] += 1
    state.log(rules + ("D20",), "ev.gain_clerk", seat=seat, n=1)


def _to_envoy(state, seat, rules, loc=None) -> None:
    if loc is None:
        state.clerks[seat] -= 1
    else:
        M.take_clerk(state, seat, loc)
    state.post_clerks[seat] += 1
    state.log(rules + ("D20",), "ev.red.to_envoy", seat=seat, source=loc or "supply")


# ---- AC-RED-14..17, -19: peace or war ------------------------------------------------------------------

def gold_total(state) -> int:
    return sum(r[2] for r in state.res)


def peace_options(state) -> list[int]:
    """AC-RED-15/16: any number of cards fewer, at least 1 card still placed, 3 Gold each, paid together."""
    cost = numbers()["peace_gold"]
    return [k for k in range(1, state.players) if k * cost <= gold_total(state)]


@T.handler(MODULE, PeaceOrWar)
def run_decide(state, task: PeaceOrWar) -> None:
    T.ask(state, task.seat, "red_decide")


@T.task_decision(MODULE, "red_decide", lambda state: ["war"] + [peace_id(k) for k in peace_options(state)])
def apply_decide(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    if action_id == "war":
        state.mods["redturban"] = ("war",)
        state.log(("AC-RED-14", "AC-RED-17", "AC-RED-19", "GWA-RED-02"), "ev.red.war", seat=seat)
        T.push(state, *[WarClerk(s) for s in M.tea_order(state)])
        return
    k = A.arg(action_id, forms=FORMS)
    state.mods["redturban"] = ("peace", k)  # the invasion that follows places k cards fewer
    owed = k * numbers()["peace_gold"]
    state.log(("AC-RED-14", "AC-RED-15", "AC-RED-16", "AC-RED-19", "GWA-RED-02"), "ev.red.peace", seat=seat, n=k,
              gold=owed)
    T.push(state, PeaceGold(owed, tuple(M.tea_order(state))))


@T.handler(MODULE, PeaceGold)
def run_pay(state, task: PeaceGold) -> None:
    """GWA-RED-03: the players pay the Gold together, in Tea order, each choosing a share."""
    if task.owed <= 0 or not task.order:
        T.done(state)
        return
    shares = pay_shares(state, task)
    if len(shares) == 1:
        _pay(state, shares[0])
        return
    T.ask(state, task.order[0], "red_pay")


def pay_shares(state, task: PeaceGold) -> list[int]:
    seat, rest = task.order[0], task.order[1:]
    others = sum(state.res[s][2] for s in rest)
    low, high = max(0, task.owed - others), min(task.owed, state.res[seat][2])
    return list(range(low, high + 1))


@T.task_decision(MODULE, "red_pay", lambda state: [A.donation_id("gold", n) for n in pay_shares(state, T.top(state))])
def apply_pay(state, action_id):
    _pay(state, A.arg(action_id))


def _pay(state, n: int) -> None:
    task = T.top(state)
    T.replace(state, PeaceGold(task.owed - n, task.order[1:]))
    if n:
        M.pay(state, task.order[0], {"gold": n}, ("AC-RED-15", "GWA-RED-03"))


@T.handler(MODULE, WarClerk)
def run_war(state, task: WarClerk) -> None:
    T.ask_or_done(state, task.seat, "red_war", state.post_clerks[task.seat])


@T.task_decision(MODULE, "red_war", lambda state: ["clerk", "skip"])
def apply_war(state, action_id):
    seat = T.top(state).seat
    T.done(state)
    if action_id == "clerk":
        _from_envoy(state, seat, ("AC-RED-17",))


# ---- AC-RED-18/19: production drains Clerks to the Envoy ----------------------------------------------

def on_activation(state, loc, players) -> list:
    return [EnvoyDrain(loc)] if loc in PRODUCTION else []


@T.handler(MODULE, EnvoyDrain)
def run_drain(state, task: EnvoyDrain) -> None:
    T.done(state)
    loc = task.location
    counts = {s: M.clerks_of(state, loc, s) for s in range(state.players)}
    best = max(counts.values(), default=0)
    if best:
        seat = next(s for s in M.tea_order(state) if counts[s] == best)   # AC-RED-19
        _to_envoy(state, seat, ("AC-RED-18", "AC-RED-19"), loc)


# ---- AC-RED-20/07: a breach loses; AC-RED-21: a Raid drains supplies ------------------------------------

def on_breach(state, section, rows, here, tasks) -> list:
    """AC-RED-07/20: the loss is recorded now; the game ends when the breach step finishes (D3)."""
    M.end_now(state, ("AC-RED-07", "AC-RED-20"))
    return tasks


def on_raid(state, card, tasks) -> list:
    return tasks + [RaidDrain()]


@T.handler(MODULE, RaidDrain)
def run_raid(state, task: RaidDrain) -> None:
    T.done(state)
    for seat in M.tea_order(state):
        if state.clerks[seat] > 0:
            _to_envoy(state, seat, ("AC-RED-21", "D10"))


# ---- view ------------------------------------------------------------------------------------------------

def view(state, full: dict) -> None:
    c = choice(state)
    full["scenario"].update({"years": M.years(state), "locked": list(LOCKED),
                             "envoy": [state.post_clerks[s] for s in range(state.players)],
                             "choice": c[0], "fewer": c[1] if len(c) > 1 else 0})


def lines(view: dict, lang: str, cat) -> list[str]:
    scn = AC.scenario_of(view, "redturban")
    if scn is None:
        return []
    c = cat.text(f"txt.red.{scn['choice']}", lang, n=scn["fewer"])
    return [cat.text("txt.red", lang, years=scn["years"], envoy=", ".join(map(str, scn["envoy"])), choice=c)]


def actions(players: int, options: dict) -> list[Segment]:
    return [Vocabulary(["buy", "war"] + [peace_id(k) for k in range(1, players)])]


MODULE.hook("game.setup", "before", setup)
MODULE.hook("game.setup", "after", reminder)
MODULE.hook("autumn.invasion", "before", before_invasion)
MODULE.answer("years", years)
MODULE.answer("overseer_locked", locked)
MODULE.answer("invasion_size", invasion_size)
MODULE.answer("activation", on_activation)
MODULE.answer("breach", on_breach)
MODULE.answer("raid", on_raid)
MODULE.view = view
MODULE.describe = describer(FORMS)
MODULE.lines = lines
MODULE.actions = actions
