"""The Great Wall: the base game of seed 004 (GW-*), 2-5 players, with boardlab's authored
rulings (GWA-*) and content where the seed is silent."""
from __future__ import annotations

from ...core.errors import ConfigError
from ...core.flow import Decision, Flow
from ...core.i18n import Catalogue, core_catalogue
from ...core.ruleset import Ruleset
from ...core.visibility import NOBODY, OWNER, Zone
from . import effects, locations, mechanics as M, seasons as S, spring as SP, tasks as T  # noqa: F401
from .content import RESOURCES
from .data_tables import ADVISORS, ARTIFACTS, BOARD, CLANS, COMMANDS, GENERALS, HORDES, LOCS, TACTICS
from .state import GWState, SECONDARY
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
    "spring.start": SP.step_spring,
    "battle.choose": SP.step_choose,
    "battle.next": SP.step_next,
    "spring.end": SP.step_spring_end,
    "summer.donate": S.step_summer,
    "summer.reveal": S.step_reveal_donations,
    "year.end": S.step_year_end,
    "game.final": S.step_final,
    "tasks.run": T.step_run,
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
        self.catalogue = Catalogue.load(__package__, parent=core_catalogue())
        self._flow = Flow(STEPS, DECISIONS)

    def option_names(self) -> dict[str, str]:
        return {}

    def main_option_sets(self):
        return [(n, {}) for n in range(2, 6)]

    def flow(self, options: dict) -> Flow:
        return self._flow

    def new_state(self, players: int, options: dict, seed: int) -> GWState:
        state = S.new_state(players, seed)
        self._flow.start(state, "game.setup")
        return state

    def scores(self, state: GWState) -> list[int]:
        return list(state.honor)

    def winners(self, state: GWState) -> list[int]:
        return list(state.flags.get("winners", ()))

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

    def potential(self, state: GWState) -> list[float]:
        """Honor plus rough worth of what each seat holds and has put to work (for bots)."""
        tea = M.tea_order(state)
        return [state.honor[s] + 0.4 * sum(state.res[s]) + effects.measure(state, s, "soldiers_on_wall")
                + 1.5 * effects.measure(state, s, "overseer_levels") + len(state.tactics[s]) + len(state.advisors[s])
                + effects.measure(state, s, "horde_end_honor")
                + 0.6 * sum(on.count(s) for on in state.clerks_on.values())
                + 0.3 * (state.players - 1 - tea.index(s)) for s in range(state.players)]

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


RULESET = GreatWall()
