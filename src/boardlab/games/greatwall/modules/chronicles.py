"""Ancient Chronicles (AC-01..AC-17): what every scenario shares. Loaded with any scenario (module
"chronicles", before the scenario's own module; `module_names` in __init__.py).

- The Scenario card (AC-01, AC-04..06): `data/scenarios.yaml` (schema `ScenarioCard`): names, the setup
  side with the mode (AC-05), the rules side (AC-06) and the numbers its module reads (`param`).
- Setup (AC-08..16): the "ac" content set is in play with any scenario (`content_sets`), so the
  Ancient Chronicles Artifacts, Tactics, Generals and Advisors are shuffled into the base (or, in
  co-op, the same base, D4) pools by the base setup (AC-11, AC-14..16; D6/D7 deal counts). The
  scenario module sets `ext["scenario"]` in a "before" hook of `game.setup`; this module's "after"
  hook checks the setup against the card (AC-17) and logs it.
- Artifacts (D17, AC-12/13, GWA-AC-02): base Artifacts score only at final scoring; an Ancient
  Chronicles Artifact (`timing: any`) is claimed during the game, once, by the first player (Tea
  order) who reaches its threshold, checked after each Command card's resolution, at the end of
  Winter, after the siege, at the end of each year and before final scoring.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from ....core.flow import RETURN
from ....core.module import Module
from .. import content as C
from .. import mechanics as M
from .. import tasks as T
from ..data_tables import ARTIFACTS, LOCS
from ..effects import effect_tasks, measure


class ScenarioCard(C.Card):
    """AC-04..06: one card per scenario; `setup` (mode and setup side), `text` (the rules side)."""
    mode: Literal["competitive", "cooperative"]
    setup: C.Text
    params: dict[str, int | str | list[int] | list[str]] = Field(default_factory=dict)


SCENARIO_CARDS = {c.id: c for c in C.load_cards("scenarios.yaml", ScenarioCard)}


def scenario(state) -> ScenarioCard:
    return SCENARIO_CARDS[state.ext["scenario"]]


def param(state, key: str):
    return scenario(state).params[key]


def by_year(state, key: str) -> int:
    """A per-year number of the card (the last value serves any later year)."""
    values = param(state, key)
    return values[min(state.year, len(values)) - 1]


# ---- setup check (AC-08, AC-10, AC-17) ------------------------------------------------------------------

def check_setup(state) -> None:
    """AC-17: the game is set up as the Scenario card says; anything else is an engine error."""
    sid = state.ext.get("scenario")
    if sid not in SCENARIO_CARDS:
        raise RuntimeError(f"AC-08: no Scenario card chosen ({sid!r})")
    card = SCENARIO_CARDS[sid]
    problems = []
    if "ac" not in state.sets:
        problems.append("the Ancient Chronicles cards are not in play (AC-11, AC-14..16)")
    if (card.mode == "cooperative") != bool(state.ext.get("cooperative")):
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
    return dict(state.ext.get("ac_claimed", ()))


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


def step_artifacts(state) -> str:
    tasks = []
    done = claimed(state)
    for art, seat in _claims(state):
        spec = ARTIFACTS[art]
        done[art] = seat
        rules = ("AC-13", "GWA-AC-02")
        state.log(rules, "ev.ac.artifact", seat=seat, card=art)
        tasks += [("fx", seat, "gain", {"honor": spec.honor}, rules)] + effect_tasks(seat, spec.effects, rules)
    state.ext["ac_claimed"] = tuple(sorted(done.items()))
    return T.run_then(state, tasks, RETURN) if tasks else RETURN


CHECK_POINTS = ("command.next", "winter.end", "spring.after", "year.end", "game.final")


def common_view(state) -> dict:
    """The Scenario card's public part, shared by the scenario views."""
    card = scenario(state)
    return {"id": card.id, "card": card.id, "mode": card.mode,
            "artifacts_claimed": {a: s for a, s in claimed(state).items()}}


def module() -> tuple[Module, dict]:
    m = Module("chronicles")
    m.steps["ac.artifacts"] = step_artifacts
    m.hook("game.setup", "after", check_setup)
    for point in CHECK_POINTS:
        m.hook(point, "before", check_artifacts)
    return m, {}


# Scenario cards get localised names and texts like other cards (events, rule_text "scenario:ID").
from ..view import CARDS  # noqa: E402

CARDS.update(SCENARIO_CARDS)


# Bots (GreatWall.potential): what a scenario's own state is worth to a seat, scenario id -> fn(state, seat).
POTENTIAL: dict = {}


def potential(state, seat: int) -> float:
    """Shame tokens held (D11: 5 Honor each at the end) and the scenario's own worth; 0 without a scenario."""
    worth = 0.0
    if "shame" in state.ext:
        worth -= state.ext["shame"][1][seat] * C_SHAME
    fn = POTENTIAL.get(state.ext.get("scenario"))
    return worth + (fn(state, seat) if fn else 0.0)


from ..data_tables import BOARD  # noqa: E402

C_SHAME = BOARD.shame["honor_per_token"]
