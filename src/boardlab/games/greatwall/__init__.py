"""The Great Wall: the base game of seed 004 (GW-*), 2-5 players, with boardlab's authored
rulings (GWA-*) and content where the seed is silent.

The base rules register on `tasks.BASE` (seasons.py, spring.py, locations.py, effects.py); the
expansions, the Shame pool, the cooperative mode and the Ancient Chronicles scenarios are modules
(modules/), reached only through `REGISTRY` and the extension points the base game declares
(`tasks.POINTS`)."""
from __future__ import annotations

import importlib
from typing import Literal

from pydantic import field_validator

from ...core.actions import Segment
from ...core.errors import ConfigError
from ...core.i18n import Catalogue, core_catalogue
from ...core.options import Options, option
from ...core.registry import GameInfo
from ...core.ruleset import Ruleset, lead, leads
from ...core.visibility import NOBODY, OWNER, Zone
from . import actions as A, effects, mechanics as M, planning, seasons as S, spring as SP, tally, tasks as T
from . import locations  # noqa: F401  (registers the Location tasks and decisions)
from .content import _load
from .data_tables import CLANS, HORDES
from .modules import REGISTRY
from .state import GWState
from .text import render_text
from .view import CARDS, describe_action, full_view, localize_params, resample, resampler

T.PROGRAM.registry = REGISTRY
POINTS = T.POINTS

EXPANSIONS = ("genghis", "rat")
SCENARIOS = ("freezing", "famine", "emperor", "ghost", "diaoyu", "redturban")
COOP_ONLY = {"diaoyu": "AC-DIA-03", "redturban": "AC-RED-04"}
MODES = ("competitive", "cooperative")


class GreatWallOptions(Options):
    expansions: list[Literal[EXPANSIONS]] = option([])  # type: ignore[valid-type]
    scenario: Literal[SCENARIOS] | None = option(None)  # type: ignore[valid-type]
    mode: Literal[MODES] = option("competitive")  # type: ignore[valid-type]

    @field_validator("expansions")
    @classmethod
    def _distinct(cls, value: list[str]) -> list[str]:
        return sorted(set(value))

    def check(self, players: int) -> None:
        _check_combination(RULESET.catalogue, self.expansions, self.scenario, self.mode)

    @classmethod
    def value_texts(cls, name: str) -> dict[str, dict[str, str]]:
        """A scenario is named as on its Scenario card (data/scenarios.yaml)."""
        if name != "scenario":
            return {}
        return {card["id"]: dict(card["names"]) for card in _load("scenarios.yaml")}


class GreatWall(Ruleset):
    name = "greatwall"
    min_players = 2
    max_players = 5
    zones = (
        Zone("players.*.commands", OWNER, describe="Command cards in hand"),
        Zone("players.*.command_deck", NOBODY, describe="Command cards not drawn yet"),
        Zone("players.*.advisors", OWNER, describe="Advisors in hand"),
        Zone("players.*.tactics", OWNER, describe="Tactic cards in hand"),
        Zone("players.*.general_offer", OWNER, describe="the two Generals dealt, until one is kept"),
        Zone("commits.*", OWNER, count_only=False, describe="secret choices until revealed"),
        Zone("decks", NOBODY, describe="the order and content of the face-down decks"),
    )

    options = GreatWallOptions
    state_class = GWState
    program = T.PROGRAM
    # with 2 players, 2 random actions after the tree judge as well as 3 did (97.5 % against greedy either way)
    # at 1.1x the iterations a second; with 4, 2 lost strength (27.5 against 57.5 %), 1 or 0 did with 2
    # (docs/bots.md, "ISMCTS, fourth round")
    search_depths = {2: 2}

    def __init__(self):
        self.catalogue = Catalogue.load(__package__, parent=core_catalogue(), extra="modules")

    def main_option_sets(self):
        return ([(n, {}) for n in range(2, 6)] + [(n, {"expansions": ["rat"]}) for n in (2, 3, 5)]
                + [(n, {"expansions": ["genghis"]}) for n in (2, 4, 5)] + [(3, {"expansions": ["genghis", "rat"]})]
                + [(3, {"scenario": "ghost"}), (3, {"scenario": "redturban", "mode": "cooperative"}),
                   (3, {"scenario": "diaoyu", "mode": "cooperative"})]
                + [(3, {"scenario": s}) for s in ("freezing", "famine", "emperor")])

    def modules_for(self, players: int, options: dict) -> tuple[str, ...]:
        return module_names(options)

    def new_state(self, players: int, options: dict, seed: int) -> GWState:
        state = S.new_state(players, seed, content_sets(players, options), options)
        self.program.start(state, "game.setup", self.modules_for(players, options))
        return state

    def scores(self, state: GWState) -> list[int]:
        return list(state.honor)

    def winners(self, state: GWState) -> list[int]:
        return list(state.flags.get("winners", ()))

    def everyone_lost(self, state: GWState) -> bool:
        """D3/D4: a loss condition ended the game and every player lost (no winners, by design)."""
        return bool(state.flags.get("lost")) and not state.flags.get("winners")

    def describe(self, state: GWState, action_id: str, lang: str) -> str:
        return describe_action(self, state, action_id, lang)

    def upgrade_log(self, log: list[tuple[int, str]], version: int) -> list[tuple[int, str]]:
        """Saves before version 3 numbered places from 0 (`section:0`); ids number them from 1 now."""
        if version >= 3:
            return log
        forms = self.id_forms()
        return [(seat, A.from_zero(action, forms)) for seat, action in log]

    def id_forms(self) -> list:
        """The id forms of the base game and of every module (`actions.FORMS`)."""
        return [A.FORMS] + [getattr(importlib.import_module(f"{REGISTRY.package}.{name}"), "FORMS", {})
                            for name in REGISTRY.names()]

    def needless(self, state: GWState) -> str | None:
        """GWA-ADVISOR-02: "skip" when no Advisor in hand can change anything now."""
        if state.pending is not None and state.pending[1] == "advisor" and not S.useful_advisors(state, state.pending[0]):
            return "skip"
        return None

    def localize(self, key: str, params: dict, lang: str) -> dict:
        return localize_params(self, key, params, lang)

    def base_view(self, state: GWState) -> dict:
        return full_view(state)

    def resample_base(self, state: GWState, seat, stream) -> None:
        resample(state, seat, stream)

    def base_resampler(self, state: GWState, seat):
        return resampler(state, seat)

    def base_actions(self, players: int, options: dict) -> list[Segment]:
        """The base game's ids (actions.py): the same for every game of this player count and options."""
        return A.segments(players, content_sets(players, options))

    def base_summary(self, state: GWState) -> dict:
        """For simulation reports: each seat's General and clan (clan i is seat i's colour); measures: the
        battles of the game and each seat's Honor by source (tally.py)."""
        return {"general": list(state.general), "clan": [CLANS[s].id for s in range(state.players)],
                "hordes_kept": [len(state.kept[s]) for s in range(state.players)],
                "battles": tally.battle_counts(state), "honor_by_source": tally.honor_by_source(state)}

    def rewards(self, state: GWState) -> list[float]:
        """1/k of a win for each of k winners; a module may share the result instead (extension point
        "rewards": the cooperative mode, D4)."""
        for answer in T.extensions(state, "rewards"):
            return answer(state)
        return super().rewards(state)

    def evaluate(self, state: GWState, seat: int) -> float:
        """The lead over the best rival; a module may value the position otherwise (extension point
        "evaluate": the cooperative team's worth, D4)."""
        for answer in T.extensions(state, "evaluate"):
            return answer(state, seat)
        return super().evaluate(state, seat)

    def plan_values(self, state: GWState) -> list[float]:
        """For the `planner` bot: the potential, with the battles to come counted by their likely outcome
        (planning.py) instead of the soldiers' mere presence on the Horde cards."""
        outlook = planning.outlook(state)
        progress = _horde_progress(state)
        return [v - progress[s] + outlook[s] for s, v in enumerate(self.potential(state))]

    def plan_evaluate(self, state: GWState, seat: int) -> float:
        """A module may value the position otherwise (extension point "evaluate": the cooperative team)."""
        values = self.plan_values(state)
        for answer in T.extensions(state, "evaluate"):
            return answer(state, seat, values)
        return lead(values, seat)

    def plan_evaluations(self, state: GWState) -> list[float]:
        """`plan_evaluate` for every seat from one computation of the plan values (ISMCTS's leaf)."""
        values = self.plan_values(state)
        for answer in T.extensions(state, "evaluate"):
            return [answer(state, seat, values) for seat in range(state.players)]
        return leads(values)

    def plan_lookahead(self, state: GWState, seat: int):
        """A Command card chosen face down shows its worth once it has resolved (GW-COMMAND-04..09)."""
        if state.pending is None or state.pending[1] != "command":
            return None
        return lambda st: st.season != "winter" or any(
            e.key == "ev.command_done" and e.params.get("seat") == seat for e in st.events)

    def evaluations(self, state: GWState) -> list[float]:
        for answer in T.extensions(state, "evaluate"):
            return [answer(state, seat) for seat in range(state.players)]
        return super().evaluations(state)

    def base_potential(self, state: GWState) -> list[float]:
        """Honor plus rough worth of what each seat holds and has put to work (for bots); the active
        modules add their terms (`MODULE.potential`)."""
        tea = M.tea_order(state)
        progress = _horde_progress(state)
        on_wall, levels, clerks = _counts(state)
        honor, res, tactics, advisors, last, end_honor = (state.honor, state.res, state.tactics, state.advisors,
                                                          state.players - 1, effects.end_honor)
        return [honor[s] + 0.4 * sum(res[s]) + on_wall[s]
                + 1.5 * levels[s] + len(tactics[s]) + len(advisors[s])
                + end_honor(state, s)
                + 0.6 * clerks[s]
                + 0.3 * (last - tea.index(s))
                + progress[s] for s in range(state.players)]

    def render_text(self, view: dict, lang: str) -> str:
        return render_text(self, view, lang)

    def rule_text(self, rule_id: str, lang: str) -> str | None:
        """Catalogue ids, and `advisor:ID` / `tactic:ID` / `general:ID` for the card behind an effect."""
        kind, _, card = rule_id.partition(":")
        if card and card in CARDS:
            return f"{CARDS[card].names.get(lang)}: {CARDS[card].text.get(lang)}"
        return super().rule_text(rule_id, lang)



def module_names(options: dict) -> tuple[str, ...]:
    """The modules a configuration runs, in hook order: expansions, the Shame pool, the mode, the scenario."""
    names = tuple(options.get("expansions", ()))
    if options.get("scenario") or options.get("mode") == "cooperative":
        names += ("shame",)  # D11: only scenarios and the cooperative mode speak of Shame
    if options.get("mode") == "cooperative":
        names += ("cooperative",)
    if options.get("scenario"):
        names += ("chronicles", options["scenario"])  # AC-01..17: what every scenario shares
    return names


def content_sets(players: int, options: dict) -> tuple[str, ...]:
    """The card sets in play (data_tables.in_play): base, 5-player cards, expansions, Ancient Chronicles."""
    return (("base",) + (("five",) if players == 5 else ()) + tuple(options.get("expansions", ()))
            + (("ac",) if options.get("scenario") else ()))


def _counts(state: GWState) -> tuple[list[int], list[int], list[int]]:
    """Each seat's soldiers on the Wall, Overseer levels and Clerks on the board, in one pass over the board
    for all seats (`effects.measure`'s "soldiers_on_wall", "overseer_levels", "clerks_on_board"; bots ask at
    every evaluation)."""
    n = state.players
    on_wall, levels, clerks = [0] * n, [0] * n, [0] * n
    for archers in state.archers:
        for seat in archers:
            if 0 <= seat < n:
                on_wall[seat] += 1
    for behind in state.behind:
        for seat, _ in behind:
            if 0 <= seat < n:
                on_wall[seat] += 1
    for row in state.overseers.values():
        if any(row):  # (most Locations have no Overseer)
            for seat in range(n):
                levels[seat] += row[seat]
    for on in state.clerks_on.values():
        for seat in on:
            if 0 <= seat < n:
                clerks[seat] += 1
    return on_wall, levels, clerks


def _horde_progress(state: GWState) -> list[float]:
    """For bots, each seat's: soldiers on Horde cards, plus its share of the victory a card's covered
    vital slots bring closer (a soldier there is worth what it was behind the Wall, and more). Each card's
    slots are counted once for all seats (bots ask at every evaluation)."""
    n = state.players
    worth = [0.0] * n
    for horde in state.hordes:
        if horde is None or not any(horde[1]):  # (no slot covered: no one's progress)
            continue
        held = [0] * n  # each seat's `spring.soldier_slots`, in one pass over the card
        for cover in horde[1]:
            if cover is not None and cover[1] != SP.WOUND and 0 <= cover[0] < n:
                held[cover[0]] += 1
        everyone = sum(held)
        if not everyone:
            continue
        slots = HORDES[horde[0]].slots
        vital = [c for c, slot in zip(horde[1], slots) if slot.vital]
        covered = sum(1 for c in vital if c is not None) / max(1, len(vital))
        for seat, mine in enumerate(held):
            if mine:
                worth[seat] += mine + covered * HORDES[horde[0]].victory_honor * mine / everyone
    return worth


def _check_combination(catalogue, expansions: list[str], scenario, mode: str) -> None:
    """Refuse what the seeds forbid, naming the rule."""
    if scenario and expansions:
        raise ConfigError("err.combo", catalogue, what=f"scenario {scenario} + {', '.join(expansions)}",
                          rule="AC-07, GK-02, RAT-01")
    if "genghis" in expansions and mode == "cooperative":
        # D4: the cooperative mode exists only for the co-op scenarios, which take no expansion (AC-07);
        # GK-24/25 themselves allow the Khan in a cooperative game (without his objective)
        raise ConfigError("err.combo", catalogue, what="genghis + cooperative", rule="D4, AC-07")
    if scenario in COOP_ONLY and mode != "cooperative":
        raise ConfigError("err.combo", catalogue, what=f"scenario {scenario} in {mode} mode", rule=COOP_ONLY[scenario])
    if mode == "cooperative" and scenario not in COOP_ONLY:
        raise ConfigError("err.combo", catalogue, what=f"cooperative mode without {' or '.join(COOP_ONLY)}",
                          rule="D4, AC-03")


RULESET = GreatWall()
GAME = GameInfo(ruleset=RULESET, renderer="boardlab.games.greatwall.render",
                seat_colours=("#c0392b", "#e0b000", "#2e6fd1", "#222222", "#f4f4f4"))
