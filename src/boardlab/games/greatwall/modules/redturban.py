"""紅巾軍起義, the Red Turban Rebellion (AC-RED-*): a cooperative-only Ancient Chronicles scenario.

The players survive together (AC-RED-06, AC-03, D4: the `cooperative` module shares the result):
- any breach of the Wall is an immediate loss (AC-RED-07/20: the "breach" extension ends the game
  at once, D3); the Shame pool running out is a loss (AC-RED-08: `ext["shame_out"]`);
- the game lasts 2 years (AC-RED-09, D1: `ext["years"]`);
- Gold Mine Overseers cannot be upgraded (AC-RED-11/12: `ext["overseer_locked"]`, which every
  upgrade path checks in `locations.overseer_options`); the reminder token comes from the pool;
- the Emperor's Envoy is 004's Post Office (D20): its Clerks are each player's `post_clerks`.

Timing (greatwall-conflicts.md §2.1): after the Autumn income (#1) each player may buy 1 Clerk from
the Envoy for 20 Honor (AC-RED-13); then, before the invasion (#12), the top of the Tea track decides
peace or war (AC-RED-14, -19, GWA-RED-02): peace places fewer Horde cards (at least 1) for 3 Gold per
card fewer, paid together (AC-RED-15/16, GWA-RED-03); war lets each player take 1 Clerk from the Envoy
free (AC-RED-17). When a production Location activates, the player with the most Clerks there returns
1 to the Envoy (AC-RED-18/19); a Raid makes each player return 1 Clerk from supply (AC-RED-21).
"""
from __future__ import annotations

from ....core.flow import RETURN
from ....core.module import Module
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import BOARD
from ..text import SCENARIO_LINES
from ..view import SCENARIO_VIEWS
from . import chronicles as AC, shame

PRODUCTION = ("lumber_mill", "quarry", "gold_mine", "temple")  # AC-RED-18


def numbers() -> dict:
    return BOARD.scenarios["redturban"]


def setup(state) -> None:
    state.ext["scenario"] = "redturban"
    state.ext["years"] = numbers()["years"]                        # AC-RED-09, D1
    state.ext["shame_out"] = ("AC-RED-08",)                        # AC-RED-08
    state.ext["overseer_locked"] = ("gold_mine",)                  # AC-RED-11/12
    state.ext["redturban"] = ("none",)
    state.log(("AC-RED-04", "AC-RED-05", "AC-RED-06", "AC-RED-09", "AC-RED-10", "D1"), "ev.red.setup",
              years=state.ext["years"])


def reminder(state) -> None:
    """AC-RED-11: 1 Shame token on the Gold Mine's Overseer level slots (from the pool, GWA-RED-01)."""
    shame.spend_from_pool(state, 1, ("AC-RED-11", "AC-RED-12", "GWA-RED-01"))


def before_invasion(state) -> str:
    """§2.1 #1 then #12: the Envoy purchases (AC-RED-13), then peace or war (AC-RED-14)."""
    return "redturban.run"


def step_run(state) -> str:
    tasks = [("red_buy", seat) for seat in M.tea_order(state)] + [("red_decide", M.tea_order(state)[0])]
    return T.run_then(state, tasks, RETURN)


# ---- AC-RED-13: 20 Honor for 1 Clerk from the Envoy -----------------------------------------------------

@T.handler("red_buy")
def run_buy(state, task):
    seat = task[1]
    if not state.post_clerks[seat] or state.honor[seat] < numbers()["clerk_honor"]:
        T.done(state)
        return
    T.ask(state, seat, "red_buy")


@T.decision("red_buy", lambda state: ["buy", "skip"])
def apply_buy(state, action_id):
    seat = T.top(state)[1]
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


@T.handler("red_decide")
def run_decide(state, task):
    T.ask(state, task[1], "red_decide")


@T.decision("red_decide", lambda state: ["war"] + [f"peace:{k}" for k in peace_options(state)])
def apply_decide(state, action_id):
    seat = T.top(state)[1]
    T.done(state)
    if action_id == "war":
        state.ext["redturban"] = ("war",)
        state.log(("AC-RED-14", "AC-RED-17", "AC-RED-19", "GWA-RED-02"), "ev.red.war", seat=seat)
        T.push(state, *[("red_war", s) for s in M.tea_order(state)])
        return
    k = int(action_id.split(":")[1])
    state.ext["redturban"] = ("peace", k)
    state.flags["invasion_fewer"] = k
    owed = k * numbers()["peace_gold"]
    state.log(("AC-RED-14", "AC-RED-15", "AC-RED-16", "AC-RED-19", "GWA-RED-02"), "ev.red.peace", seat=seat, n=k,
              gold=owed)
    T.push(state, ("red_pay", owed, tuple(M.tea_order(state))))


@T.handler("red_pay")
def run_pay(state, task):
    """GWA-RED-03: the players pay the Gold together, in Tea order, each choosing a share."""
    _, owed, order = task
    if owed <= 0 or not order:
        T.done(state)
        return
    shares = pay_shares(state, task)
    if len(shares) == 1:
        _pay(state, shares[0])
        return
    T.ask(state, order[0], "red_pay")


def pay_shares(state, task) -> list[int]:
    _, owed, order = task
    seat, rest = order[0], order[1:]
    others = sum(state.res[s][2] for s in rest)
    low, high = max(0, owed - others), min(owed, state.res[seat][2])
    return list(range(low, high + 1))


@T.decision("red_pay", lambda state: [f"gold:{n}" for n in pay_shares(state, T.top(state))])
def apply_pay(state, action_id):
    _pay(state, int(action_id.split(":")[1]))


def _pay(state, n: int) -> None:
    _, owed, order = T.top(state)
    T.replace(state, ("red_pay", owed - n, order[1:]))
    if n:
        M.pay(state, order[0], {"gold": n}, ("AC-RED-15", "GWA-RED-03"))


@T.handler("red_war")
def run_war(state, task):
    T.ask_or_done(state, task[1], "red_war", state.post_clerks[task[1]])


@T.decision("red_war", lambda state: ["clerk", "skip"])
def apply_war(state, action_id):
    seat = T.top(state)[1]
    T.done(state)
    if action_id == "clerk":
        _from_envoy(state, seat, ("AC-RED-17",))


# ---- AC-RED-18/19: production drains Clerks to the Envoy ----------------------------------------------

def on_activation(state, loc, players) -> list[tuple]:
    return [("red_drain", -2, loc)] if loc in PRODUCTION else []


@T.handler("red_drain")
def run_drain(state, task):
    T.done(state)
    loc = task[2]
    counts = {s: M.clerks_of(state, loc, s) for s in range(state.players)}
    best = max(counts.values(), default=0)
    if best:
        seat = next(s for s in M.tea_order(state) if counts[s] == best)   # AC-RED-19
        _to_envoy(state, seat, ("AC-RED-18", "AC-RED-19"), loc)


# ---- AC-RED-20/07: a breach loses; AC-RED-21: a Raid drains supplies ------------------------------------

def on_breach(state, section, rows, here, tasks) -> list[tuple]:
    M.end_now(state, ("AC-RED-07", "AC-RED-20"))
    return tasks


def on_raid(state, card, tasks) -> list[tuple]:
    return tasks + [("red_raid", -2)]


@T.handler("red_raid")
def run_raid(state, task):
    T.done(state)
    for seat in M.tea_order(state):
        if state.clerks[seat] > 0:
            _to_envoy(state, seat, ("AC-RED-21", "D10"))


# ---- view ------------------------------------------------------------------------------------------------

def view(state) -> dict:
    choice = state.ext.get("redturban", ("none",))
    return {**AC.common_view(state), "years": M.years(state), "locked": list(state.ext["overseer_locked"]),
            "envoy": [state.post_clerks[s] for s in range(state.players)],
            "choice": choice[0], "fewer": choice[1] if len(choice) > 1 else 0}


def render(view, t, name) -> list[str]:
    choice = t(f"txt.red.{view['choice']}", n=view["fewer"])
    return [t("txt.red", years=view["years"], envoy=", ".join(map(str, view["envoy"])), choice=choice)]


def module() -> tuple[Module, dict]:
    m = Module("redturban")
    m.steps["redturban.run"] = step_run
    m.hook("game.setup", "before", setup)
    m.hook("game.setup", "after", reminder)
    m.hook("autumn.invasion", "before", before_invasion)
    return m, {"activation": (on_activation,), "breach": (on_breach,), "raid": (on_raid,)}


SCENARIO_VIEWS["redturban"] = view
SCENARIO_LINES["redturban"] = render
