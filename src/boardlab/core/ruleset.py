"""The contract between a game package and the engine."""
from __future__ import annotations

from .errors import ConfigError
from .i18n import Catalogue
from .visibility import Zone


class Ruleset:
    """One game: static rules, content and metadata. States hold everything that changes."""

    name: str = ""
    min_players: int = 2
    max_players: int = 2
    zones: tuple[Zone, ...] = ()
    catalogue: Catalogue

    # configuration -------------------------------------------------------------------
    def option_names(self) -> dict[str, str]:
        """Option name -> one-line description of its valid values."""
        return {}

    def configure(self, players: int, options: dict) -> dict:
        """Validated, normalised options; raises ConfigError naming the valid values."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ConfigError("err.players", game=self.name, lo=self.min_players, hi=self.max_players, players=players)
        unknown = sorted(set(options) - set(self.option_names()))
        if unknown:
            valid = ", ".join(sorted(self.option_names())) or "none"
            raise ConfigError("err.unknown_option", names=", ".join(unknown), game=self.name, valid=valid)
        return dict(options)

    def main_option_sets(self) -> list[tuple[int, dict]]:
        """(players, options) pairs the conformance kit runs."""
        return [(self.min_players, {})]

    # play ------------------------------------------------------------------------------
    def new_state(self, players: int, options: dict, seed: int):
        """The state at its first decision."""
        raise NotImplementedError

    def flow(self, options: dict):
        raise NotImplementedError

    def normalize(self, state, action_id: str) -> str:
        """Map an equivalent spelling of an action to its listed id (default: unchanged)."""
        return action_id

    def describe(self, state, action_id: str, lang: str) -> str:
        raise NotImplementedError

    def scores(self, state) -> list[int]:
        raise NotImplementedError

    def winners(self, state) -> list[int]:
        best = max(self.scores(state))
        return [s for s, v in enumerate(self.scores(state)) if v == best]

    def summary(self, state) -> dict:
        """Per-game categories for simulation reports: name -> one JSON value per seat
        (e.g. {"general": ["g1", "g4"]}); a report tallies wins by each value. Default: none."""
        return {}

    # information -----------------------------------------------------------------------
    def full_view(self, state) -> dict:
        """Everything in the state, JSON-ready, before redaction by `zones`."""
        raise NotImplementedError

    def resample_hidden(self, state, seat: int | None, stream) -> None:
        """Refill what `seat` cannot see with another arrangement consistent with its view."""
        raise NotImplementedError

    def render_text(self, view: dict, lang: str) -> str | None:
        """A terminal picture of a seat's view (None: the CLI prints a generic summary)."""
        return None

    # bots ----------------------------------------------------------------------------
    def everyone_lost(self, state) -> bool:
        """A finished game without winners by design (a cooperative loss); default: never."""
        return False

    def rewards(self, state) -> list[float]:
        """Each seat's share of the result of a finished game: 1/k for each of k winners (a shared
        cooperative win may give every winner 1)."""
        winners = self.winners(state)
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]

    def potential(self, state) -> list[float]:
        """Each seat's expected final score if the game stopped now (default: the scores)."""
        return [float(v) for v in self.scores(state)]

    def evaluate(self, state, seat: int) -> float:
        """A heuristic in [0, 1]: 0.5 + this seat's lead over the best other seat, scaled."""
        values = self.potential(state)
        lead = values[seat] - max(v for s, v in enumerate(values) if s != seat)
        scale = max(10.0, max(abs(v) for v in values))
        return min(1.0, max(0.0, 0.5 + lead / (2 * scale)))

    def state_classes(self) -> tuple[type, ...]:
        return ()

    def rule_texts(self) -> dict[str, dict]:
        """Every rule id the game can cite -> its entry (texts in each language, source)."""
        if getattr(self, "_rule_texts", None) is None:
            from .rules_text import rule_texts
            self._rule_texts = rule_texts(self)
        return self._rule_texts

    def rule_text(self, rule_id: str, lang: str) -> str | None:
        entry = self.rule_texts().get(rule_id)
        return None if entry is None else entry.get(lang) or entry.get("en")

    def localize(self, key: str, params: dict, lang: str) -> dict:
        """Event parameters as the reader should see them (default: unchanged)."""
        return params
