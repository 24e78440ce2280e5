"""The public game object: one game in progress, its log, views and saves."""
from __future__ import annotations

from . import codec
from .action import Action
from .errors import ConfigError, IllegalAction, SaveFileError
from .i18n import check_lang
from .registry import ruleset
from .visibility import redact

SAVE_FORMAT = "boardlab-save"
SAVE_VERSION = 1


class Game:
    """A game: rules + state + the log of (seat, action id) that produced it from the seed."""

    __slots__ = ("rules", "flow", "state", "seed", "players", "options", "_log", "_legal")

    def __init__(self, name: str, players: int, seed: int = 0, options: dict | None = None):
        rules = ruleset(name)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError("err.seed", seed=seed)
        self.rules = rules
        self.options = rules.configure(players, dict(options or {}))
        self.players = players
        self.seed = seed
        self.flow = rules.flow(self.options)
        self.state = rules.new_state(players, self.options, seed)
        self._log: list[tuple[int, str]] = []
        self._legal: list[str] | None = None

    # the pending decision -------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        p = self.state.pending
        return None if p is None else p[0]

    @property
    def decision(self) -> str | None:
        p = self.state.pending
        return None if p is None else p[1]

    def legal_action_ids(self) -> list[str]:
        if self._legal is None:
            self._legal = [] if self.state.pending is None else self.flow.legal(self.state)
        return self._legal

    def legal_actions(self) -> list[Action]:
        return [Action(a, self.describe_action) for a in self.legal_action_ids()]

    def describe_action(self, action_id: str, lang: str = "en") -> str:
        return self.rules.describe(self.state, action_id, check_lang(lang))

    def apply(self, action) -> None:
        """Play the pending seat's action (an Action or its id); IllegalAction leaves all unchanged."""
        action_id = action.id if isinstance(action, Action) else action
        if self.state.pending is None:
            raise IllegalAction("err.game_over")
        if not isinstance(action_id, str):
            raise IllegalAction("err.action_type", type=type(action_id).__name__)
        legal = self.legal_action_ids()
        if action_id not in legal:
            canonical = self.rules.normalize(self.state, action_id)
            if canonical not in legal:
                raise IllegalAction("err.illegal", action=action_id, seat=self.to_play, decision=self.decision,
                                    legal=", ".join(legal[:8]) + (", ..." if len(legal) > 8 else ""))
            action_id = canonical
        seat = self.state.pending[0]
        self.flow.apply(self.state, action_id)
        self._log.append((seat, action_id))
        self._legal = None

    # results ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.pending is None

    @property
    def scores(self) -> list[int]:
        return list(self.rules.scores(self.state))

    @property
    def winners(self) -> list[int]:
        return self.rules.winners(self.state) if self.is_over else []

    @property
    def log(self) -> list[tuple[int, str]]:
        return list(self._log)

    @property
    def events(self):
        return list(self.state.events)

    # copies, views and hashes -----------------------------------------------------------
    def clone(self) -> "Game":
        new = Game.__new__(Game)
        new.rules, new.flow, new.seed, new.players, new.options = (
            self.rules, self.flow, self.seed, self.players, self.options)
        new.state = self.state.clone()
        new._log = list(self._log)
        new._legal = self._legal
        return new

    def view(self, seat: int | None = None, lang: str = "en") -> dict:
        """JSON-ready: only what `seat` may know (None: a spectator)."""
        check_lang(lang)
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.players):
            raise ConfigError("err.seat", hi=self.players - 1, seat=seat)
        full = self.rules.full_view(self.state)
        view = redact(full, self.rules.zones, seat)
        view["game"] = self.rules.name
        view["player_count"] = self.players
        view["seat"] = seat
        view["to_play"] = self.to_play
        view["decision"] = self.decision
        view["scores"] = self.scores
        view["is_over"] = self.is_over
        view["winners"] = self.winners
        view["log"] = [e.as_dict(self.rules, lang) for e in self.state.events if e.visible_to(seat)]
        mine = seat is not None and seat == self.to_play
        view["legal_actions"] = ([{"id": a, "text": self.describe_action(a, lang)} for a in self.legal_action_ids()]
                                 if mine else [])
        return view

    def state_hash(self) -> str:
        return codec.digest(self.state)

    # saving -------------------------------------------------------------------------------
    def save(self, snapshot: bool = False) -> dict:
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.rules.name,
                "players": self.players, "options": self.options, "seed": self.seed,
                "log": [[s, a] for s, a in self._log], "state_hash": self.state_hash()}
        if snapshot:
            data["snapshot"] = codec.encode(self.state)
        return data


def new_game(name: str, players: int, seed: int = 0, options: dict | None = None) -> Game:
    return Game(name, players, seed, options)


def replay(game: Game, log) -> Game:
    """Apply a log to a fresh game; raises SaveFileError on the first bad entry."""
    for i, entry in enumerate(log):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise SaveFileError("err.save.pair", i=i)
        seat, action_id = entry
        if seat != game.to_play:
            raise SaveFileError("err.save.seat", i=i, seat=seat, expected=game.to_play)
        try:
            game.apply(action_id)
        except IllegalAction as exc:
            raise SaveFileError("err.save.entry", i=i, reason=exc) from None
    return game


def load(data, trust_snapshot: bool = False) -> Game:
    """Rebuild a saved game by replaying its log and checking the recorded state hash.

    `trust_snapshot` restores the stored snapshot instead of replaying (for saves this
    program wrote itself); its hash is still checked.
    """
    if not isinstance(data, dict):
        raise SaveFileError("err.save.object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError("err.save.format", format=data.get("format"))
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError("err.save.version", version=data.get("version"), expected=SAVE_VERSION)
    missing = [k for k in ("game", "players", "options", "seed", "log") if k not in data]
    if missing:
        raise SaveFileError("err.save.missing", names=", ".join(missing))
    if not isinstance(data["log"], list) or not isinstance(data["options"], dict):
        raise SaveFileError("err.save.types")
    try:
        game = Game(data["game"], data["players"], data["seed"], data["options"])
    except ConfigError as exc:
        raise SaveFileError("err.save.config", reason=exc) from None
    if trust_snapshot and "snapshot" in data:
        if "state_hash" not in data:
            raise SaveFileError("err.save.snapshot_hash")
        _restore(game, data)
    else:
        replay(game, data["log"])
    if "state_hash" in data and data["state_hash"] != game.state_hash():
        raise SaveFileError("err.save.hash")
    return game


def _restore(game: Game, data: dict) -> None:
    try:
        state = codec.decode(data["snapshot"])
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveFileError("err.save.snapshot", reason=str(exc)) from None
    if type(state) is not type(game.state):
        raise SaveFileError("err.save.snapshot_game")
    game.state = state
    game._log = [(s, a) for s, a in data["log"]]
    game._legal = None
