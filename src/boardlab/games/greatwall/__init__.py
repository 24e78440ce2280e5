"""The Great Wall: the base game of seed 004 (GW-*), 2-5 players, with boardlab's authored
rulings (GWA-*) and content where the seed is silent."""
from __future__ import annotations

from ...core.errors import ConfigError
from ...core.flow import Decision, Flow
from ...core.i18n import Catalogue, core_catalogue
from ...core.ruleset import Ruleset
from ...core.visibility import NOBODY, OWNER, Zone
from . import effects, mechanics as M, seasons as S, spring as SP, tasks as T
from . import locations  # noqa: F401  (registers the Location tasks and decisions)
from .data_tables import BOARD, CLANS, HORDES
from .modules import cooperative, diaoyu, genghis, ghost, rat, redturban, shame
from .modules import chronicles, emperor, famine, freezing  # Ancient Chronicles (AC-*)
from .state import GWState
from .text import render_text
from .view import CARDS, describe_action, full_view, localize_params, resample

STEPS = {
    "game.setup": S.step_setup,
    "setup.general": S.step_choose_general,
    "year.start": S.step_year,
    "autumn.income": S.step_income,
    "autumn.invasion": S.step_invasion,
    "winter.start": S.step_winter,
    "command.choose": S.step_choose_command,
    "command.reveal": S.step_reveal_command,
    "command.next": S.step_next_command,
    "command.end": S.step_end_command,
    "winter.end": S.step_winter_end,
    "spring.start": SP.step_spring,
    "battle.choose": SP.step_choose,
    "battle.next": SP.step_next,
    "spring.end": SP.step_spring_end,
    "spring.after": SP.step_spring_after,
    "summer.donate": S.step_summer,
    "summer.reveal": S.step_reveal_donations,
    "year.end": S.step_year_end,
    "game.end_now": S.step_end_now,
    "game.final": S.step_final,
    **SP.STEPS,
}
DECISIONS = dict(T.DECISIONS)
DECISIONS.update({
    "general": Decision(S.legal_general, S.apply_general),
    "command": Decision(S.legal_command, S.apply_command),
    "donate": Decision(S.legal_donate, S.apply_donate),
    "battle_section": Decision(SP.legal_section, SP.apply_section),
})


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

    def __init__(self):
        self.catalogue = Catalogue.load(__package__, parent=core_catalogue(), extra="modules")
        self._flows: dict = {}

    # ---- options (issue: expansions, scenario, mode; forbidden combinations refused) -----------
    def option_names(self) -> dict[str, str]:
        return {"expansions": f"list, any of: {', '.join(EXPANSIONS)}",
                "scenario": f"one of: {', '.join(SCENARIOS)}",
                "mode": f"one of: {', '.join(MODES)} (default competitive)"}

    def configure(self, players: int, options: dict) -> dict:
        opts = super().configure(players, options)
        exp = opts.get("expansions", [])
        if not isinstance(exp, (list, tuple)) or any(e not in EXPANSIONS for e in exp):
            raise ConfigError("err.expansions", self.catalogue, valid=", ".join(EXPANSIONS), got=exp)
        scenario, mode = opts.get("scenario"), opts.get("mode", "competitive")
        if scenario is not None and scenario not in SCENARIOS:
            raise ConfigError("err.scenario", self.catalogue, valid=", ".join(SCENARIOS), got=scenario)
        if mode not in MODES:
            raise ConfigError("err.mode", self.catalogue, valid=", ".join(MODES), got=mode)
        _check_combination(self.catalogue, sorted(set(exp)), scenario, mode)
        return {"expansions": sorted(set(exp)), "scenario": scenario, "mode": mode}

    def main_option_sets(self):
        return ([(n, {}) for n in range(2, 6)] + [(n, {"expansions": ["rat"]}) for n in (2, 3, 5)]
                + [(n, {"expansions": ["genghis"]}) for n in (2, 4, 5)] + [(3, {"expansions": ["genghis", "rat"]})]
                + [(3, {"scenario": "ghost"}), (3, {"scenario": "redturban", "mode": "cooperative"}),
                   (3, {"scenario": "diaoyu", "mode": "cooperative"})]
                + [(3, {"scenario": s}) for s in ("freezing", "famine", "emperor")])

    def flow(self, options: dict) -> Flow:
        key = module_names(options)
        if key not in self._flows:
            modules, extensions = [], {}
            for name in key:
                module, ext = MODULES[name]()
                modules.append(module)
                for point, fns in ext.items():
                    extensions[point] = extensions.get(point, ()) + fns
            steps = dict(STEPS, **{"tasks.run": T.runner(extensions)})
            self._flows[key] = Flow(steps, DECISIONS, tuple(modules))
        return self._flows[key]

    def new_state(self, players: int, options: dict, seed: int) -> GWState:
        state = S.new_state(players, seed, content_sets(players, options))
        self.flow(options).start(state, "game.setup")
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

    def localize(self, key: str, params: dict, lang: str) -> dict:
        return localize_params(self, key, params, lang)

    def full_view(self, state: GWState) -> dict:
        return full_view(state)

    def resample_hidden(self, state: GWState, seat, stream) -> None:
        resample(state, seat, stream)

    def summary(self, state: GWState) -> dict:
        """For simulation reports: each seat's General and clan (clan i is seat i's colour)."""
        return {"general": list(state.general), "clan": [CLANS[s].id for s in range(state.players)]}

    def rewards(self, state: GWState) -> list[float]:
        """D4: a cooperative game is won or lost by all together, a whole win for each."""
        if state.ext.get("cooperative"):
            return [1.0 if state.flags.get("winners") else 0.0] * state.players
        return super().rewards(state)

    def evaluate(self, state: GWState, seat: int) -> float:
        """Cooperative: the team's mean worth (every seat shares it); otherwise the lead over the best rival."""
        if not state.ext.get("cooperative"):
            return super().evaluate(state, seat)
        values = self.potential(state)
        mean = sum(values) / len(values)
        return min(1.0, max(0.0, 0.5 + (mean - BOARD.starting_honor) / (4 * max(10.0, abs(mean)))))

    def potential(self, state: GWState) -> list[float]:
        """Honor plus rough worth of what each seat holds and has put to work (for bots)."""
        tea = M.tea_order(state)
        return [state.honor[s] + 0.4 * sum(state.res[s]) + effects.measure(state, s, "soldiers_on_wall")
                + 1.5 * effects.measure(state, s, "overseer_levels") + len(state.tactics[s]) + len(state.advisors[s])
                + effects.measure(state, s, "horde_end_honor")
                + 0.6 * sum(on.count(s) for on in state.clerks_on.values())
                + 0.3 * (state.players - 1 - tea.index(s)) + chronicles.potential(state, s)
                + _horde_progress(state, s) for s in range(state.players)]

    def render_text(self, view: dict, lang: str) -> str:
        return render_text(self, view, lang)

    def rule_text(self, rule_id: str, lang: str) -> str | None:
        """Catalogue ids, and `advisor:ID` / `tactic:ID` / `general:ID` for the card behind an effect."""
        kind, _, card = rule_id.partition(":")
        if card and card in CARDS:
            return f"{CARDS[card].names.get(lang)}: {CARDS[card].text.get(lang)}"
        return super().rule_text(rule_id, lang)

    def state_classes(self):
        return (GWState,)


EXPANSIONS = ("genghis", "rat")
SCENARIOS = ("freezing", "famine", "emperor", "ghost", "diaoyu", "redturban")
COOP_ONLY = {"diaoyu": "AC-DIA-03", "redturban": "AC-RED-04"}
MODES = ("competitive", "cooperative")
# Module name -> factory returning (flow Module, task extension points). Expansions use their
# option name, scenarios theirs, and the cooperative mode is the module "cooperative".
MODULES = {"genghis": genghis.module, "rat": rat.module, "shame": shame.module, "cooperative": cooperative.module, "ghost": ghost.module,
           "redturban": redturban.module, "diaoyu": diaoyu.module}
MODULES.update({"chronicles": chronicles.module, "freezing": freezing.module, "famine": famine.module,
                "emperor": emperor.module})


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


def _horde_progress(state: GWState, seat: int) -> float:
    """For bots: soldiers on Horde cards, plus this seat's share of the victory a card's covered
    vital slots bring closer (a soldier there is worth what it was behind the Wall, and more)."""
    worth = 0.0
    for horde in state.hordes:
        if horde is None:
            continue
        mine = SP.soldier_slots(horde, seat)
        if not mine:
            continue
        slots = HORDES[horde[0]].slots
        vital = [c for c, slot in zip(horde[1], slots) if slot.vital]
        covered = sum(1 for c in vital if c is not None) / max(1, len(vital))
        everyone = sum(SP.soldier_slots(horde, s) for s in range(state.players))
        worth += mine + covered * HORDES[horde[0]].victory_honor * mine / everyone
    return worth


def _check_combination(catalogue, expansions: list[str], scenario, mode: str) -> None:
    """Refuse what the seeds forbid, naming the rule."""
    if scenario and expansions:
        raise ConfigError("err.combo", catalogue, what=f"scenario {scenario} + {', '.join(expansions)}",
                          rule="AC-07, GK-02, RAT-01")
    if "genghis" in expansions and mode == "cooperative":
        raise ConfigError("err.combo", catalogue, what="genghis + cooperative", rule="GK-24, GK-25")
    if scenario in COOP_ONLY and mode != "cooperative":
        raise ConfigError("err.combo", catalogue, what=f"scenario {scenario} in {mode} mode", rule=COOP_ONLY[scenario])
    if mode == "cooperative" and scenario not in COOP_ONLY:
        raise ConfigError("err.combo", catalogue, what=f"cooperative mode without {' or '.join(COOP_ONLY)}",
                          rule="D4, AC-03")


RULESET = GreatWall()
