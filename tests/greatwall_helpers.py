"""Shared builders for The Great Wall rule tests.

Positions are reached by real play with a fixed, passive policy (`advance`), then adjusted
by editing the state directly where a test needs a precise position, always followed by
`fresh(g)` so the game's cached legal list matches the edited state, and restarted at a named
step with `boardlab.core.positions.run_from` (or from a few scheduled tasks, `run_tasks`). Tasks are
the typed records of `boardlab.games.greatwall.records` (modules define theirs); a module's data is
`g.state.mods[name]`; `g.modules` lists the modules on.

State layout (src/boardlab/games/greatwall/state.py): per-seat lists `res` (wood, stone,
gold, chi tuples), `honor`, `clerks` (supply), `soldiers` (spearman, archer, horseman supply),
`tea`/`leader` (seat orders, top first), dicts `clerks_on` (location -> tuple of seats),
`overseers` (location -> tuple of levels per seat); per section `wall`, `forts`, `archers`
(tuple of seats), `behind` (tuple of (seat, unit)); `hordes` (flat list, index
section * 3 + row, each None or (card id, cover tuple of 6, units tuple)).
"""
from __future__ import annotations

import boardlab
from boardlab.core import positions
from boardlab.core.tasks import run_then
from boardlab.games.greatwall import data_tables as D
from boardlab.games.greatwall.spring import slot_index
from boardlab.games.greatwall.state import ARCHER, HORSEMAN, SECONDARY, SPEARMAN  # noqa: F401  (re-exported for the tests)

BANNERMAN = D.UNIT_INDEX["bannerman"]  # Genghis Khan's 4th kind of soldier (GK-58)


PASSIVE = ("skip", "done", "none", "pass", "base", "die", "refuse")


def new(players: int = 3, seed: int = 1):
    return boardlab.new_game("greatwall", players, seed=seed)


def fresh(g):
    """Call after editing g.state directly (the game recomputes its legal actions)."""
    g.forget_legal()
    return g


def passive(g) -> str:
    """A fixed policy: decline whatever can be declined, else the first legal action."""
    legal = g.legal_action_ids()
    for word in PASSIVE:
        if word in legal:
            return word
    if g.decision == "donate":
        return legal[0]  # donate nothing
    return legal[0]


def advance(g, until, policy=passive, limit: int = 5000):
    """Play `policy` until `until(g)` is true (a decision kind string, or a predicate)."""
    test = (lambda game: game.decision == until) if isinstance(until, str) else until
    for _ in range(limit):
        if g.is_over or test(g):
            return g
        g.apply(policy(g))
    raise AssertionError(f"never reached {until}")


def season_is(season: str):
    return lambda g: g.state.season == season


def events(g, key: str | None = None, since: int = 0):
    return [e for e in g.state.events[since:] if key is None or e.key == key]


def rules_of(g, key: str, since: int = 0) -> list[tuple]:
    return [e.rules for e in events(g, key, since)]


def set_res(g, seat: int, wood: int = 0, stone: int = 0, gold: int = 0, chi: int = 0):
    g.state.res[seat] = (wood, stone, gold, chi)
    return fresh(g)


def put_horde(g, section: int, row: int, card: str, cover=None, units=()):
    g.state.hordes[slot_index(section, row)] = (card, tuple(cover or (None,) * 6), tuple(units))
    return fresh(g)


def horde(g, section: int, row: int):
    return g.state.hordes[slot_index(section, row)]


def vital_slots(card: str) -> list[int]:
    return [k for k, s in enumerate(D.HORDES[card].slots) if s.vital]


def answer(g, *actions):
    for a in actions:
        g.apply(a)
    return g


# ---- Ancient Chronicles scenarios (tests/test_greatwall_chronicles.py and the scenario test files) ----------

def scenario_game(scenario: str, players: int = 3, seed: int = 1, **options):
    return boardlab.new_game("greatwall", players, seed=seed, options={"scenario": scenario, **options})


def scenario_summer(scenario: str, players: int = 3, seed: int = 1, general: str = "su_dongpo"):
    """Year 1 at the first donation decision, the board emptied: no Hordes, soldiers, Clerks on Locations,
    Fortifications, Tactic cards, resources, kept Hordes or Ancient Chronicles Artifacts; 15 Honor each,
    neutral Generals, Tea and Leader tracks in seat order. Continue with `run_from`."""
    g = scenario_game(scenario, players, seed)
    advance(g, "donate")
    s = g.state
    n = s.players
    s.hordes = [None] * len(s.hordes)
    s.archers, s.behind = [()] * D.BOARD.sections, [()] * D.BOARD.sections
    s.forts, s.wall = [0] * D.BOARD.sections, [0] * D.BOARD.sections
    for loc, on in s.clerks_on.items():
        for seat in on:
            if seat >= 0:
                s.clerks[seat] += 1
        s.clerks_on[loc] = ()
    s.overseers = {loc: (0,) * n for loc in s.overseers}
    s.tactics, s.kept = [()] * n, [()] * n
    s.general = [general] * n
    s.honor = [15] * n
    s.res = [(0, 0, 0, 0)] * n
    s.soldiers = [(5, 2, 1)] * n
    s.tea, s.leader = list(range(n)), list(range(n))
    s.artifacts = tuple(a for a in s.artifacts if D.ARTIFACTS[a].timing == "end")
    return fresh(g)


def run_from(g, step: str) -> int:
    """Drop the pending decision and run the flow from the named step on the edited board; returns the
    event index before it."""
    s = g.state
    assert not s.tasks and not s.stack, "run_from needs a top-level decision"
    s.commits, s.battle = {}, {}
    return positions.run_from(g, step)


def clear_schedule(g):
    """Forget whatever was scheduled (tasks and the steps to return to) and the pending decision, before
    restarting the flow at a named step (boardlab.core.positions)."""
    with positions.edit(g) as s:
        s.tasks, s.stack, s.pending = [], [], None
    return g


def run_tasks(g, tasks, then: str) -> int:
    """From a top-level decision: run these task records on the edited board, then go on at step `then`
    (core tasks.run_then); returns the event index before them."""
    s = g.state
    assert not s.tasks, "run_tasks needs a position without scheduled tasks"
    return positions.run_from(g, run_then(s, list(tasks), then))


# ---- battles: an empty battlefield at the start of Spring, and acting in it ------------------------------

def empty_battlefield(g, soldiers=(5, 2, 1), wall=(0, 0, 0), general: str = "su_dongpo", leader=None, tea=None):
    """From the start of Spring: no Hordes, no soldiers on or behind the Wall, no Fortifications, no
    Tactic cards, no resources, 15 Honor each, the same neutral General for all (su_dongpo's ability
    fires on activating the Tea House: never in Spring or Summer), the Leader/Tea tracks as given."""
    s = g.state
    n = s.players
    s.hordes = [None] * 9
    s.archers, s.behind = [()] * 3, [()] * 3
    s.forts, s.wall = [0] * 3, list(wall)
    s.tactics = [()] * n
    s.general = [general] * n
    s.honor = [15] * n
    s.res = [(0, 0, 0, 0)] * n
    s.kept = [()] * n
    s.soldiers = [tuple(soldiers)] * n
    s.leader = list(leader) if leader is not None else list(range(n))
    s.tea = list(tea) if tea is not None else list(range(n))
    return fresh(g)


def restart_spring(g, drop_tasks: bool = False) -> int:
    """Run Spring again from its first step on the edited board; returns the event index before it.
    `drop_tasks`: forget what was scheduled (else Spring must be restarted from its first decision)."""
    s = g.state
    if drop_tasks:
        clear_schedule(g)
    assert not s.tasks and not s.stack, "Spring must be restarted from its first decision"
    s.commits, s.battle = {}, {}
    return positions.run_from(g, "spring.start")


def do(g, seat: int, action: str):
    """Apply `action` as `seat`, checking it is that seat's turn and the action is legal."""
    assert g.to_play == seat, (g.to_play, g.decision, g.legal_action_ids())
    assert action in g.legal_action_ids(), (action, g.decision, g.legal_action_ids())
    g.apply(action)
    return g


def cover(*marks):
    """A 6-slot cover tuple from (slot, seat, mark) triples."""
    out = [None] * 6
    for slot, seat, mark in marks:
        out[slot] = (seat, mark)
    return tuple(out)


# ---- Winter: Clerks on Locations and Command cards --------------------------------------------------------

CLAN = ("red", "yellow", "blue", "black", "white")  # seat i plays clan i


def card(seat: int, name: str) -> str:
    """A clan's Command card id, e.g. card(0, "attack") == "red_attack"."""
    return f"{CLAN[seat]}_{name}"


def place(g, loc: str, *seats: int):
    """Put Clerks on a Location, taken from their owners' supplies."""
    for seat in seats:
        g.state.clerks[seat] -= 1
        g.state.clerks_on[loc] = g.state.clerks_on[loc] + (seat,)
    return fresh(g)


def commit(g, *names: str):
    """Every seat commits the named card (seat order); the card is put in hand if needed."""
    for seat, name in enumerate(names):
        assert (g.to_play, g.decision) == (seat, "command"), (g.to_play, g.decision)
        c = card(seat, name)
        hand = g.state.cmd_hand[seat]
        if c not in hand:
            g.state.cmd_hand[seat] = (c,) + hand[1:]
            fresh(g)
        g.apply(f"command:{c}")
    return g


def act(g, seat: int, decision: str, action: str):
    """Apply `action` as `seat` facing `decision`, checking both and that the action is legal."""
    assert (g.to_play, g.decision) == (seat, decision), (g.to_play, g.decision, g.legal_action_ids())
    assert action in g.legal_action_ids(), (action, g.legal_action_ids())
    g.apply(action)
    return g
