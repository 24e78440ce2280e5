"""Ancient Chronicles (AC-01..AC-17): what every scenario shares. On with any scenario (module
"chronicles", before the scenario's own module; `module_names` in __init__.py).

- The Scenario card (AC-01, AC-04..06): `data/scenarios.yaml` (content.ScenarioCard, data_tables.
  SCENARIO_CARDS): names, the setup side with the mode (AC-05), the rules side (AC-06) and the numbers
  its module reads (`param`). The game's option `scenario` names the card.
- Setup (AC-08..16): the "ac" content set is in play with any scenario (`content_sets`), so the
  Ancient Chronicles Artifacts, Tactics, Generals and Advisors are shuffled into the base (or, in
  co-op, the same base, D4) pools by the base setup (AC-11, AC-14..16; D6/D7 deal counts). The
  scenario's module sets up its own part in a "before" hook of `game.setup`; this module's "after"
  hook checks the setup against the card (AC-17) and logs it.
- Artifacts (D17, AC-12/13, GWA-AC-02): base Artifacts score only at final scoring; an Ancient
  Chronicles Artifact (`timing: any`) is claimed during the game, once, by the first player (Tea
  order) who reaches its threshold, checked after each Command card's resolution, at the end of
  Winter, after the siege, at the end of each year and before final scoring.

State: `state.mods["chronicles"]`, the Artifacts claimed: ((artifact, seat), ...) sorted. View:
`view["scenario"]`, the card's public part; the scenario's module adds its own to it.
"""
from __future__ import annotations

from ....core.flow import RETURN
from ....core.module import Module
from .. import mechanics as M
from .. import tasks as T
from ..content import ScenarioCard
from ..data_tables import ARTIFACTS, LOCS, SCENARIO_CARDS
from ..effects import effect_tasks, measure
from ..records import EffectOp

MODULE = Module("chronicles", messages="chronicles.yaml")


def scenario(state) -> ScenarioCard:
    return SCENARIO_CARDS[state.options["scenario"]]


def param(state, key: str):
    return scenario(state).params[key]


def by_year(state, key: str) -> int:
    """A per-year number of the card (the last value serves any later year)."""
    values = param(state, key)
    return values[min(state.year, len(values)) - 1]


# ---- setup check (AC-08, AC-10, AC-17) ------------------------------------------------------------------

def check_setup(state) -> None:
    """AC-17: the game is set up as the Scenario card says; anything else is an engine error."""
    sid = state.options.get("scenario")
    if sid not in SCENARIO_CARDS or sid not in state.modules:
        raise RuntimeError(f"AC-08: no Scenario card chosen ({sid!r})")
    card = SCENARIO_CARDS[sid]
    problems = []
    if "ac" not in state.sets:
        problems.append("the Ancient Chronicles cards are not in play (AC-11, AC-14..16)")
    if (card.mode == "cooperative") != ("cooperative" in state.modules):
        problems.append(f"the card's mode is {card.mode} (AC-05, AC-09)")
    for loc, spec in LOCS.items():
        if spec.scenario is not None and (loc in state.clerks_on) != (spec.scenario == sid):
            problems.append(f"Location {loc} (D24)")
    if problems:
        raise RuntimeError("AC-17: setup differs from the Scenario card: " + "; ".join(problems))
    state.log(("AC-01", "AC-04", "AC-05", "AC-08", "AC-09", "AC-10", "AC-17"), "ev.ac.setup",
              card=sid, mode=card.mode)


# ---- Ancient Chronicles Artifacts (AC-12/13, GWA-AC-02) ----------------------------------------------------

def claimed(state) -> dict:
    return dict(state.mods["chronicles"])


def _claims(state) -> list[tuple[str, int]]:
    done = claimed(state)
    tea = M.tea_order(state)
    out = []
    for art in state.artifacts:
        spec = ARTIFACTS[art]
        if spec.timing != "any" or art in done:
            continue
        seat = next((s for s in tea if measure(state, s, spec.measure) >= spec.at_least), None)
        if seat is not None:
            out.append((art, seat))
    return out


def check_artifacts(state) -> str | None:
    return "ac.artifacts" if not state.flags.get("lost") and _claims(state) else None


@MODULE.step("ac.artifacts")
def step_artifacts(state) -> str:
    tasks: list = []
    done = claimed(state)
    for art, seat in _claims(state):
        spec = ARTIFACTS[art]
        done[art] = seat
        rules = ("AC-13", "GWA-AC-02")
        state.log(rules, "ev.ac.artifact", seat=seat, card=art)
        tasks += [EffectOp(seat, "gain", {"honor": spec.honor}, rules)] + effect_tasks(seat, spec.effects, rules)
    state.mods["chronicles"] = tuple(sorted(done.items()))
    return T.run_then(state, tasks, RETURN) if tasks else RETURN


CHECK_POINTS = ("command.next", "winter.end", "spring.after", "year.end", "game.final")


def view(state, full: dict) -> None:
    """The Scenario card's public part; the scenario's module adds its own (after this one)."""
    card = scenario(state)
    full["scenario"] = {"id": card.id, "card": card.id, "mode": card.mode,
                        "artifacts_claimed": {a: s for a, s in claimed(state).items()}}


def scenario_of(view: dict, sid: str) -> dict | None:
    """A seat's view of scenario `sid` (None: another scenario, or none)."""
    scn = view.get("scenario") or {}
    return scn if scn.get("id") == sid else None


MODULE.data = lambda state: ()
MODULE.hook("game.setup", "after", check_setup)
for _point in CHECK_POINTS:
    MODULE.hook(_point, "before", check_artifacts)
MODULE.view = view
