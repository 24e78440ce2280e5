"""OpenSpiel games for every registered boardlab game.

    import pyspiel
    import boardlab.adapters.openspiel  # registers python_boardlab_<game> for every game
    game = pyspiel.load_game("python_boardlab_carcassonne", {"players": 2})

Parameters: `players` (the ruleset's range), `options` (boardlab's options as a JSON object in a
string, e.g. '{"expansions": ["wonders"]}') and `seeds` (how many games chance deals from, below).

Chance. boardlab draws its randomness (tiles, shuffles, dice) inside its rules from one seeded
stream (`core/rng.py`), not at points the engine exposes. The OpenSpiel game therefore starts with
one explicit chance node (EXPLICIT_STOCHASTIC, as OpenSpiel's own Python games): chance picks the
game's seed among `seeds` equally likely outcomes, and every later draw of the engine follows from
it. No player observes that outcome (it is not in any view); what a seat learns of the draws (the
tile drawn, its own hand) comes through its view as the game goes on. So the game is exactly the
boardlab game of that seed, and `pyspiel`'s tools (random simulation, search, CFR-style algorithms
on small seed counts) see an honest game tree.

Information. Observation and information-state strings and tensors are built only from the seat's
view (`Game.seat_view(seat)`): the strings are that view as canonical JSON with the seat to play and
the decision, and the information-state string adds the seat's own actions so far (a view does
not always show a choice half made: Root's "move from" before its "to"); the tensors are the game's
encoding (`adapters/encodings/`, the same as PettingZoo's
and Gymnasium's). The view is what boardlab gives a seat to remember (the board, its own cards, the
cards it knows, the scores): the information state is that view and the seat's own actions, not the
sequence of past observations.

`resample_from_infostate(player, sampler)` is `Game.determinise(player, stream)`: the hidden
information redrawn consistently with the seat's view (items the seat knows kept), the random stream
and the seed redrawn (future chance unknown too). OpenSpiel's IS-MCTS
(`open_spiel.python.algorithms.ismcts.ISMCTSBot`) searches on it.

Rewards: `Ruleset.rewards` at the end (a winner's share; general-sum because a cooperative game
shares its result).
"""
from __future__ import annotations

import json
import sys
from typing import Any

import numpy as np
import pyspiel

from ..core.game import Game, new_game
from ..core.registry import available_games, ruleset
from ..core.rng import Stream
from .codes import ActionCodes
from .encodings import encoding_for

DEFAULT_SEEDS = 1 << 16
# OpenSpiel's max_game_length, well above random games' lengths (decisions, 3 seeds at 2 and at the most
# players: Carcassonne <= 130, The Great Wall <= 603, Root <= 2506)
MAX_LENGTH = {"carcassonne": 1_000, "greatwall": 5_000, "root": 20_000}


def short_name(game: str) -> str:
    return f"python_boardlab_{game}"


def game_type(name: str) -> pyspiel.GameType:
    rules = ruleset(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"boardlab {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": rules.min_players, "options": "{}", "seeds": DEFAULT_SEEDS},
    )


class Spec:
    """What a state needs of its configuration (shared, never copied: a state's clone keeps it)."""

    def __init__(self, name: str, players: int, options: dict, seeds: int):
        probe = new_game(name, players, 0, options)  # boardlab's ConfigError for a bad configuration
        self.name, self.players, self.options, self.seeds = name, players, probe.options, seeds
        self.space = probe.action_space
        self.codes = ActionCodes(self.space)
        self.encoding = encoding_for(name, players, self.options)
        self.lists = TensorLists(players, self.encoding.size)

    def __deepcopy__(self, memo: dict) -> "Spec":
        return self


_SPECS: dict[tuple[str, int, str, int], Spec] = {}


def spec_of(name: str, params: dict) -> Spec:
    players = int(params.get("players", ruleset(name).min_players))
    options = params.get("options", "{}") or "{}"
    seeds = int(params.get("seeds", DEFAULT_SEEDS))
    if seeds < 1:
        raise ValueError("seeds must be at least 1")
    key = (name, players, options, seeds)
    if key not in _SPECS:
        _SPECS[key] = Spec(name, players, json.loads(options), seeds)
    return _SPECS[key]


class BoardlabGame(pyspiel.Game):
    """One boardlab configuration (game name, players, options) as an OpenSpiel game."""

    def __init__(self, name: str, params: dict | None = None):
        spec = spec_of(name, dict(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.space.size,
            max_chance_outcomes=spec.seeds,
            num_players=spec.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_LENGTH.get(name, 10_000),
        )
        options = params.get("options", "{}") if params else "{}"
        super().__init__(game_type(name), info, {"players": spec.players, "options": options, "seeds": spec.seeds})
        self.spec = spec

    def new_initial_state(self) -> "BoardlabState":
        return BoardlabState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> "BoardlabObserver":
        return BoardlabObserver(self.spec, iig_obs_type)


class Held:
    """The boardlab game inside a state: OpenSpiel clones a Python state by deep-copying its
    attributes, and this copies the game with `Game.clone` (fast, exact)."""

    __slots__ = ("game", "encoded", "legal", "listed", "codes")

    def __init__(self, game: Game | None):
        self.game = game
        self.moved()

    def moved(self) -> None:
        """A new position: what was kept of the last one is dropped."""
        self.encoded: dict[int, np.ndarray] = {}  # seat -> its encoding of this position
        self.legal: list[int] | None = None  # the legal integer ids of this position, ascending
        self.listed: list[str] = []  # the game's legal ids
        self.codes: list[int] = []  # and their integers, in the same order

    def __deepcopy__(self, memo: dict) -> "Held":
        twin = Held(None if self.game is None else self.game.clone())
        # the same position: read-only, kept
        twin.encoded, twin.legal, twin.listed, twin.codes = dict(self.encoded), self.legal, self.listed, self.codes
        return twin


class TensorLists:
    """OpenSpiel gives a tensor as a Python list of floats, and making thousands of floats costs more
    than an engine decision. So, per seat, the last tensor listed and its list are kept: the next
    list is the kept one with the values that changed rewritten (a position changes few). Exact
    whatever position was listed before (the change is found by comparing the tensors). The list
    given out is reused for the seat's next one when no caller holds it any more (CPython's reference
    count: a caller's variable or container holds one) and it is unchanged (a caller may have
    written into it): else a copy of the kept list is given. So a list a caller keeps never changes,
    and one it changed (to other values) is not given again. Elsewhere than CPython (up to 3.13), a copy
    each call."""

    def __init__(self, players: int, size: int):
        self.tensors = [np.zeros(size, np.float32) for _ in range(players)]
        self.lists = [[0.0] * size for _ in range(players)]  # never given out
        self.given: list[list[float] | None] = [None] * players  # the list given out last, per seat
        self.counted = sys.implementation.name == "cpython" and sys.version_info < (3, 14)  # (as pettingzoo.MaskPool)

    def listed(self, seat: int, tensor: np.ndarray) -> list[float]:
        kept, last, given = self.lists[seat], self.tensors[seat], self.given[seat]
        reused = given is not None and sys.getrefcount(given) == 3 and given == kept  # (ours, this name's, the call's)
        if tensor is not last and tensor.tobytes() != last.tobytes():  # (the same bytes: the same values)
            changed = (tensor != last).nonzero()[0]
            for i, value in zip(changed.tolist(), tensor[changed].tolist()):
                kept[i] = value
                if reused:
                    given[i] = value
            self.tensors[seat] = tensor  # a position's encoding is never written after it is made
        if not reused:
            given = kept.copy()
            if self.counted:
                self.given[seat] = given
        return given


class BoardlabState(pyspiel.State):
    """Before the chance node: no boardlab game yet; then the boardlab game of the seed drawn."""

    def __init__(self, game: BoardlabGame):
        super().__init__(game)
        self._spec = spec_of(game.get_type().short_name[len("python_boardlab_"):], game.get_parameters())
        self._held = Held(None)

    @property
    def game(self) -> Game | None:
        """The boardlab game (None before the chance node deals it)."""
        return self._held.game

    # OpenSpiel's API -------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.game is None:
            return pyspiel.PlayerId.CHANCE
        to_play = self.game.to_play
        return pyspiel.PlayerId.TERMINAL if to_play is None else to_play

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._spec.seeds
        return [(seed, p) for seed in range(self._spec.seeds)]

    def _legal_actions(self, player: int) -> list[int]:
        game = self.game
        if game is None or game.to_play != player:
            return []
        held = self._held
        if held.legal is None:  # OpenSpiel asks more than once a position
            held.listed = game.legal_action_ids()
            held.codes = self._spec.codes.codes(held.listed)
            held.legal = sorted(held.codes)
        return held.legal  # (OpenSpiel copies it into its own vector)

    def _apply_action(self, action: int) -> None:
        held = self._held
        if held.game is None:
            held.game = new_game(self._spec.name, self._spec.players, int(action), self._spec.options)
        else:  # a listed integer is played as the id it was encoded from (nothing parsed or checked again)
            if action in held.codes:
                held.game.apply_listed(held.listed[held.codes.index(action)])
            else:
                held.game.apply(self._spec.space.decode(int(action)))
        held.moved()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed:{action}"
        return self._spec.space.decode(int(action))

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._spec.players
        return [float(r) for r in self.game.rules.rewards(self.game.state)]

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "BoardlabState":
        """A state consistent with `player_id`'s view: `Game.determinise` (see the module's docstring).
        Its OpenSpiel history is this state's (the seed drawn at the chance node is not redrawn there:
        no seat's information depends on it)."""
        twin = self.clone()
        if self.game is not None:
            twin._held = Held(self.game.determinise(player_id, Stream(_draw_seed(probability_sampler))))
        return twin

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's, from the integers kept for this position (a seat's question answered here
        without going through pyspiel and back); the chance node and bad input: OpenSpiel's own."""
        if self.game is None or (player is not None and (type(player) is not int or not 0 <= player < self._spec.players)):
            return super().legal_actions() if player is None else super().legal_actions(player)
        return list(self._legal_actions(self.current_player() if player is None else player))

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's, with the list of floats made from the last one listed for the seat
        (`TensorLists`)."""
        return self._tensor(player, super().observation_tensor)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The same tensor as the observation's (see the module's docstring), made the same way."""
        return self._tensor(player, super().information_state_tensor)

    def _tensor(self, player: int | None, own: Any) -> list[float]:
        if player is None:
            player = self.current_player()
        if self.game is None or type(player) is not int or not 0 <= player < self._spec.players:
            return own(player)  # OpenSpiel's own answer (or error)
        return self._spec.lists.listed(player, self.encoded(player))

    def encoded(self, player: int) -> np.ndarray:
        """The seat's encoding of this position (made once; read-only)."""
        held = self._held
        found = held.encoded.get(player)
        if found is None:
            found = held.encoded[player] = self._spec.encoding.encode(held.game, player)
        return found

    def __str__(self) -> str:
        if self.game is None:
            return "chance: the seed"
        return _canonical(self.game.seat_view(None), self.game)


class BoardlabObserver:
    """OpenSpiel's observer from one seat's view: the encoding as `tensor` (and `dict["observation"]`),
    the canonical JSON of the view as the string (see the module's docstring)."""

    def __init__(self, spec: Spec, iig_obs_type: Any = None):
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.encoding = spec.encoding
        self.tensor = np.zeros(self.encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BoardlabState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.encoded(player)  # OpenSpiel may ask twice for one position (its tensor, then its dict)

    def string_from(self, state: BoardlabState, player: int) -> str:
        if state.game is None:
            return f"seat {player}: before the deal"
        text = f"seat {player}: " + _canonical(state.game.seat_view(player), state.game)
        if self.perfect_recall:  # the information state: the view and the seat's own actions
            text += " mine:" + ",".join(str(pa.action) for pa in state.full_history() if pa.player == player)
        return text


def _canonical(view: dict, game: Game) -> str:
    return json.dumps({"to_play": game.to_play, "decision": game.decision, "scores": game.scores,
                       "view": view}, sort_keys=True, separators=(",", ":"), default=str)


def _draw_seed(sampler: Any) -> int:
    global _FALLBACK
    if sampler is not None:
        try:
            return int(float(sampler()) * (1 << 53))
        except Exception:  # a sampler pybind does not let Python call: our own stream
            pass
    _FALLBACK = (_FALLBACK * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return _FALLBACK >> 11


_FALLBACK = 0x9E3779B97F4A7C15


GAME_CLASSES: dict[str, type] = {}


def register(name: str) -> None:
    """Registers `python_boardlab_<name>` (a class per game, as OpenSpiel's own Python games register)."""

    def __init__(self, params=None):
        BoardlabGame.__init__(self, name, params)

    cls = type(f"Boardlab_{name}_Game", (BoardlabGame,), {"__init__": __init__})
    GAME_CLASSES[name] = cls
    pyspiel.register_game(game_type(name), cls)


def _register_all() -> None:
    known = set(pyspiel.registered_names())
    for name in available_games():
        if short_name(name) not in known:
            register(name)


_register_all()
