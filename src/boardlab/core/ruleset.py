"""The contract between a game package and the engine."""
from __future__ import annotations

from typing import Callable, Any

from . import codec
from . import options as opt
from .actions import ActionSpace, Segment
from .codec import JSON
from .errors import ConfigError
from .flow import Flow
from .i18n import Catalogue
from .module import Module, Part, Program
from .visibility import Zone


class Ruleset:
    """One game: static rules, content and metadata. States hold everything that changes.

    A game sets `name`, the player range, its base hidden `zones`, its `catalogue`, its `options`
    schema (an `options.Options` subclass) and its `program` (base rules + module registry), and
    implements `new_state`, `describe`, `scores`, `full_view`, `resample_hidden` and
    `action_space`. The active modules of a state add their zones, view parts, descriptions,
    position-value terms and report categories through the methods below.
    """

    name: str = ""
    min_players: int = 2
    max_players: int = 2
    zones: tuple[Zone, ...] = ()
    catalogue: Catalogue
    options: type[opt.Options] = opt.Options
    program: Program = Program(Part())
    state_class: type = object  # the game's state class (a BaseState)
    start_step: str = "game.setup"
    # ISMCTS's settings where a bot's spec gives none (docs/bots.md): iterations a decision, and random
    # actions played after the tree before the evaluation judges (0: it judges the new leaf at once)
    search_iterations: int = 600
    search_depth: int = 3
    search_depths: dict[int, int] = {}  # the depth for some player counts, where it differs from search_depth
    # what judges the end of an iteration: "potential" (`evaluations`) or "plan" (`plan_evaluations`)
    search_leaf: str = "potential"

    # configuration -------------------------------------------------------------------
    def configure(self, players: int, options: Any) -> JSON:
        """Validated, normalised options; raises ConfigError naming the option and what it accepts."""
        if isinstance(players, bool) or not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ConfigError("err.players", game=self.name, lo=self.min_players, hi=self.max_players, players=players)
        return opt.configure(self.options, self.name, self.catalogue, players, options)

    def option_schema(self) -> JSON:
        """The options as a JSON Schema, with their texts in every language."""
        cached = self.__dict__.get("_option_schema")
        if cached is None:
            cached = self.__dict__["_option_schema"] = opt.schema(self.options, self.name, self.catalogue)
        return cached

    def main_option_sets(self) -> list[tuple[int, JSON]]:
        """(players, options) pairs the conformance kit runs."""
        return [(self.min_players, {})]

    def modules_for(self, players: int, options: JSON) -> tuple[str, ...]:
        """The modules a configuration switches on at setup, in hook order (default: none)."""
        return ()

    def possible_modules(self, players: int, options: JSON) -> tuple[str, ...]:
        """Every module a game of this configuration may switch on, at setup or later (a draft)."""
        return self.modules_for(players, options)

    # play ------------------------------------------------------------------------------
    def new_state(self, players: int, options: JSON, seed: int) -> Any:
        """The state at its first decision: made, its first modules switched on, run from `start_step`."""
        state = self.state_class(players, seed, options)
        self.program.start(state, self.start_step, self.modules_for(players, options))
        return state

    def flow_of(self, state: Any) -> Flow:
        return self.program.flow(state.modules)

    def active(self, state: Any) -> tuple[Module, ...]:
        return self.program.active(state)

    def action_space(self, players: int, options: JSON) -> ActionSpace:
        """The fixed integer encoding of every action id this configuration can offer: the base
        game's segments, then those of every module it may switch on (cached per configuration)."""
        key = (players, codec.digest(options))
        cache = self.__dict__.setdefault("_action_spaces", {})
        if key not in cache:
            segments = list(self.base_actions(players, options))
            for name in self.possible_modules(players, options):
                module = self.program.module(name)
                if module.actions is not None:
                    segments += module.actions(players, options)
            cache[key] = ActionSpace(segments)
        space: ActionSpace = cache[key]
        return space

    def base_actions(self, players: int, options: JSON) -> list[Segment]:
        """The base game's segments of the action encoding (core/actions.py)."""
        raise NotImplementedError

    def upgrade_log(self, log: list[tuple[int, str]], version: int) -> list[tuple[int, str]]:
        """A log saved in an older save format version, with its action ids as the game writes them
        now (default: unchanged)."""
        return log

    def normalize(self, state: Any, action_id: str) -> str:
        """Map an equivalent spelling of an action to its listed id (default: unchanged)."""
        return action_id

    def describe(self, state: Any, action_id: str, lang: str) -> str:
        raise NotImplementedError

    def why_not(self, state: Any, action_id: str, lang: str) -> str | None:
        """Why an id is not a legal action now, from what the seat to play may know and citing the
        rule (None: the game cannot say more than that it is not listed)."""
        return None

    def needless(self, state: Any) -> str | None:
        """At a decision none of whose choices can change anything, the answer a table may give for
        the player instead of asking (None: ask). The legal actions stay as they are."""
        return None

    def why_missing(self, state: Any, lang: str) -> list[str]:
        """At a decision: the options a player might expect that are not offered, each with why
        (from what the seat to play may know, citing the rule)."""
        return []

    def describe_action(self, state: Any, action_id: str, lang: str) -> str:
        """An action's text: from the active module that describes it, else from the base game."""
        return self.describe_actions(state, [action_id], lang)[0]

    def describe_actions(self, state: Any, action_ids: list[str], lang: str) -> list[str]:
        """`describe_action` of each id (the modules that describe actions looked up once)."""
        describers = [m.describe for m in self.active(state) if m.describe is not None]
        if not describers:
            return [self.describe(state, a, lang) for a in action_ids]
        return [self._described(describers, state, a, lang) for a in action_ids]

    def _described(self, describers: list[Callable[..., str | None]], state: Any, action_id: str, lang: str) -> str:
        for describe in describers:
            text = describe(state, action_id, lang)
            if text is not None:
                return text
        return self.describe(state, action_id, lang)

    def scores(self, state: Any) -> list[int]:
        raise NotImplementedError

    def winners(self, state: Any) -> list[int]:
        best = max(self.scores(state))
        return [s for s, v in enumerate(self.scores(state)) if v == best]

    def summary(self, state: Any) -> JSON:
        """Per-game categories for simulation reports: name -> one JSON value per seat
        (e.g. {"general": ["g1", "g4"]}); a report tallies wins by each value. An entry that maps
        labels to lists of numbers is a measure the report pools over games instead. The base
        game's and the active modules'."""
        out = dict(self.base_summary(state))
        for module in self.active(state):
            if module.summary is not None:
                out.update(module.summary(state))
        return out

    def base_summary(self, state: Any) -> JSON:
        return {}

    # information -----------------------------------------------------------------------
    def zones_of(self, state: Any) -> tuple[Zone, ...]:
        """The hidden zones of this state: the base game's and its active modules'."""
        return self.program.zones(state, self.zones)

    def full_view(self, state: Any) -> JSON:
        """Everything in the state, JSON-ready, before redaction by `zones_of(state)`: the base
        game's part (`base_view`), then each active module's."""
        view = self.base_view(state)
        for module in self.active(state):
            if module.view is not None:
                module.view(state, view)
        return view

    def base_view(self, state: Any) -> JSON:
        raise NotImplementedError

    def resample_hidden(self, state: Any, seat: int | None, stream: Any) -> None:
        """Refill what `seat` cannot see with another arrangement consistent with its view (items
        it knows stay put): the base game's part, then each active module's."""
        self.resample_base(state, seat, stream)
        for module in self.active(state):
            if module.resample is not None:
                module.resample(state, seat, stream)

    def resample_base(self, state: Any, seat: int | None, stream: Any) -> None:
        raise NotImplementedError

    def resampler(self, state: Any, seat: int | None) -> Callable[[Any, Any], None]:
        """`resample_hidden(·, seat, stream)` made ready for many states equal to `state` (a search bot
        redraws one determinisation at every iteration): `redraw(state, stream)` does the same draws
        and leaves the same state."""
        base = self.base_resampler(state, seat)
        modules = [m.resample for m in self.active(state) if m.resample is not None]

        def redraw(state: Any, stream: Any) -> None:
            base(state, stream)
            for resample in modules:
                resample(state, seat, stream)
        return redraw

    def base_resampler(self, state: Any, seat: int | None) -> Callable[[Any, Any], None]:
        """The base game's part of `resampler` (default: `resample_base` each time)."""
        return lambda state, stream: self.resample_base(state, seat, stream)

    def render_text(self, view: JSON, lang: str) -> Any:
        """A terminal picture of a seat's view: a str, or a `rich.text.Text` for colours (None: the
        CLI prints a generic summary)."""
        return None

    def render_map(self, view: JSON, lang: str) -> Any:
        """The whole board for the terminal's `map` command, where `render_text` crops it (None: the
        game draws nothing larger than `render_text`)."""
        return None

    # bots ----------------------------------------------------------------------------
    def everyone_lost(self, state: Any) -> bool:
        """A finished game without winners by design (a cooperative loss); default: never."""
        return False

    def rewards(self, state: Any) -> list[float]:
        """Each seat's share of the result of a finished game: 1/k for each of k winners (a shared
        cooperative win may give every winner 1)."""
        winners = self.winners(state)
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]

    def potential(self, state: Any) -> list[float]:
        """Each seat's expected final score if the game stopped now: the base game's estimate plus
        each active module's term."""
        values = self.base_potential(state)
        for module in self.active(state):
            if module.potential is not None:
                values = [v + module.potential(state, s) for s, v in enumerate(values)]
        return values

    def base_potential(self, state: Any) -> list[float]:
        return [float(v) for v in self.scores(state)]

    def evaluate(self, state: Any, seat: int) -> float:
        """A heuristic in [0, 1]: 0.5 + this seat's lead over the best other seat, scaled."""
        return lead(self.potential(state), seat)

    def plan_values(self, state: Any) -> list[float]:
        """For the `planner` bot: each seat's expected final score, counting the plans under way (a game
        may look further than `potential`; default: the potential)."""
        return self.potential(state)

    def plan_evaluate(self, state: Any, seat: int) -> float:
        """`evaluate` from `plan_values`: what the `planner` bot maximises."""
        return lead(self.plan_values(state), seat)

    def plan_evaluations(self, state: Any) -> list[float]:
        """`plan_evaluate` for every seat, from one computation of the plan values."""
        return leads(self.plan_values(state))

    def plan_lookahead(self, state: Any, seat: int) -> Callable[[Any], bool] | None:
        """For the `planner` bot, at `seat`'s decision: a decision whose effect shows only later (a card
        chosen face down) returns when the lookahead may stop (`done(state)`); the bot then plays on,
        the other seats passively. None (default): judge the decision where it leads at once."""
        return None

    def evaluations(self, state: Any) -> list[float]:
        """`evaluate` for every seat, from one computation of the potential (a game overriding
        `evaluate` overrides this too)."""
        return leads(self.potential(state))

    def rule_texts(self) -> dict[str, JSON]:
        """Every rule id the game can cite -> its entry (texts in each language, source)."""
        if getattr(self, "_rule_texts", None) is None:
            from .rules_text import rule_texts
            self._rule_texts = rule_texts(self)
        return self._rule_texts

    def rule_text(self, rule_id: str, lang: str) -> str | None:
        entry = self.rule_texts().get(rule_id)
        return None if entry is None else entry.get(lang) or entry.get("en")

    def localize(self, key: str, params: JSON, lang: str) -> JSON:
        """Event parameters as the reader should see them (default: unchanged)."""
        return params


def lead(values: list[float], seat: int) -> float:
    """0.5 + `seat`'s lead over the best other seat, scaled into [0, 1]."""
    lead = values[seat] - max(values[:seat] + values[seat + 1:])
    scale = max(10.0, max(map(abs, values)))
    return min(1.0, max(0.0, 0.5 + lead / (2 * scale)))


def leads(values: list[float]) -> list[float]:
    """`lead(values, seat)` for every seat, the scale and the best values found once (bots judge every seat
    at each leaf): the best other seat's value is the best value, or the second best for the seat holding it."""
    scale = 2 * max(10.0, max(map(abs, values)))
    best = max(values)
    first = values.index(best)
    second = max(values[:first] + values[first + 1:])
    return [min(1.0, max(0.0, 0.5 + (v - (second if s == first else best)) / scale)) for s, v in enumerate(values)]
