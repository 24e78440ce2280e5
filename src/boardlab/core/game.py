"""The public game object: one game in progress, its log, views and saves."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import codec, rng
from . import tasks as _tasks
from .action import Action
from .actions import ActionSpace
from .codec import JSON
from .errors import ConfigError, IllegalAction, SaveFileError, Texts
from .events import Event
from .i18n import LANGS, check_lang, core_catalogue
from .registry import ruleset
from .ruleset import Ruleset
from .visibility import redact

SAVE_FORMAT = "boardlab-save"
SAVE_VERSION = 3
# Version 1 (before the module contract) hashed the state with its event log and in another
# layout: such saves are migrated by replaying their log (`migrate`). Version 2 wrote some action
# ids another way (The Great Wall counted places from 0): each game reads them as it writes them
# now (`Ruleset.upgrade_log`); their hashes still hold.
OLD_VERSIONS = (1,)
READABLE_VERSIONS = (1, 2, 3)
SHORT_LIST = 16  # legal lists up to this long are searched as lists (is_legal)
_EVERY = -1  # the readable log's cache key for the texts of all events (no seat is numbered -1)


class Game:
    """A game: rules + state + the log of (seat, action id) that produced it from the seed."""

    __slots__ = ("rules", "state", "seed", "players", "options", "_log", "_legal", "_legal_set", "_shown", "_full")

    def __init__(self, name: str, players: int, seed: int = 0, options: JSON | None = None):
        rules = ruleset(name)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError("err.seed", seed=seed)
        self.rules: Ruleset = rules
        self.options = rules.configure(players, {} if options is None else options)
        self.players = players
        self.seed = seed
        self.state = rules.new_state(players, self.options, seed)
        self._log: list[tuple[int, str]] = []
        self._legal: list[str] | None = None
        self._legal_set: frozenset[str] | None = None
        self._shown: dict[tuple[int | None, str], tuple[Any, int, tuple[JSON, ...]]] = {}  # the log as each seat reads it
        self._full: JSON | None = None  # the rules' full view of this position, shared by the seats' shared views

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
            self._legal = [] if self.state.pending is None else self.rules.flow_of(self.state).legal(self.state)
        return self._legal

    def is_legal(self, action_id: str) -> bool:
        """O(1) after the first question at a decision (a short list is searched: as fast, no set to build)."""
        if self._legal_set is None:
            legal = self.legal_action_ids()
            if len(legal) <= SHORT_LIST:
                return action_id in legal
            self._legal_set = frozenset(legal)
        return action_id in self._legal_set

    def legal_actions(self) -> list[Action]:
        return [Action(a, self.describe_action) for a in self.legal_action_ids()]

    def describe_action(self, action_id: str, lang: str = "en") -> str:
        """An action's text; IllegalAction for an id that is no action of this game."""
        check_lang(lang)
        if not isinstance(action_id, str):
            raise IllegalAction("err.action_type", type=type(action_id).__name__)
        if not self.is_legal(action_id):
            self._check_known(action_id)
        return self.rules.describe_action(self.state, action_id, lang)

    def _check_known(self, action_id: str) -> None:
        """An id outside the game's action space cannot be described (a malformed id)."""
        try:
            self.action_space.encode(action_id)
        except ValueError:
            examples = ", ".join(dict.fromkeys(self.legal_action_ids()[:3])) or "-"
            raise IllegalAction("err.action_unknown", action=action_id, examples=examples) from None

    @property
    def action_space(self) -> ActionSpace:
        """The fixed integer encoding of this configuration's action ids (same for every game of
        the same name, player count and options)."""
        return self.rules.action_space(self.players, self.options)

    def apply(self, action: Any) -> None:
        """Play the pending seat's action (an Action or its id); IllegalAction leaves all unchanged."""
        action_id = action.id if isinstance(action, Action) else action
        if self.state.pending is None:
            raise IllegalAction("err.game_over")
        if not isinstance(action_id, str):
            raise IllegalAction("err.action_type", type=type(action_id).__name__)
        if not self.is_legal(action_id):
            canonical = self.rules.normalize(self.state, action_id)
            if not self.is_legal(canonical):
                raise self._illegal(action_id)
            action_id = canonical
        self.apply_listed(action_id)

    def apply_listed(self, action_id: str) -> None:
        """`apply` for an id just taken from `legal_action_ids()`, without checking it again (search
        bots play many such moves on their samples). Any other id: `apply`."""
        state = self.state
        flow = self.rules.flow_of(state)
        seat = state.pending[0]
        flow.apply(state, action_id)
        self._log.append((seat, action_id))
        self._legal_set = None
        self._full = None
        self._legal = self._offered(flow)

    def check_listed(self, action_ids: Iterable[str]) -> None:
        """IllegalAction for the first of these ids not legal now (a search bot checks the true game's
        ids once on a sample, then plays them with `apply_listed`)."""
        for action_id in action_ids:
            if not self.is_legal(action_id):
                raise self._illegal(action_id)

    def _offered(self, flow: Any) -> list[str] | None:
        """The legal ids the flow listed as it asked the pending decision (tasks.offer), unless a module
        replaced that decision (its legal list is then another). `flow`: the one that ran, if still in force."""
        state = self.state
        offered = _tasks.offered(state)
        if offered is None:
            return None
        if state.modules != flow.names:  # a module was switched on on the way
            flow = self.rules.flow_of(state)
        return None if state.pending[1] in flow.replaced else offered

    def _illegal(self, action_id: str) -> IllegalAction:
        """The error for an id not listed now: the decision, the first legal ids and, when the game
        can tell, why this one is not among them."""
        legal = self.legal_action_ids()
        shown = ", ".join(legal[:8]) + (", ..." if len(legal) > 8 else "")
        why = {lang: self.rules.why_not(self.state, action_id, lang) for lang in LANGS}
        because = Texts({lang: core_catalogue().text("err.because", lang, why=text) if text else ""
                         for lang, text in why.items()})
        return IllegalAction("err.illegal", action=action_id, seat=self.to_play, decision=self.decision,
                             legal=shown, why=because)

    def needless(self) -> str | None:
        """The answer a table may give for the seat to play because no choice can matter (None: ask)."""
        return None if self.is_over else self.rules.needless(self.state)

    def why_missing(self, lang: str = "en") -> list[str]:
        """The options the seat to play might expect that are not offered now, each with why."""
        return [] if self.is_over else self.rules.why_missing(self.state, check_lang(lang))

    def forget_legal(self) -> None:
        """The state changed outside `apply` (core.positions): the legal list is recomputed."""
        self._legal = None
        self._legal_set = None
        self._full = None

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
    def events(self) -> list[Event]:
        return list(self.state.events)

    @property
    def modules(self) -> tuple[str, ...]:
        """The modules switched on (expansions, scenario, factions, hirelings), in hook order."""
        modules: tuple[str, ...] = self.state.modules
        return modules

    # copies, views and hashes -----------------------------------------------------------
    def clone(self) -> "Game":
        new = Game.__new__(Game)
        new.rules, new.seed, new.players, new.options = self.rules, self.seed, self.players, self.options
        new.state = self.state.clone()
        new._log = list(self._log)
        new._legal, new._legal_set = self._legal, self._legal_set
        new._shown = dict(self._shown)  # immutable entries, checked against the clone's events when read
        new._full = None
        return new

    def redrawn(self, seat: int | None, stream: rng.Stream) -> "Game":
        """A copy whose information hidden from `seat` is redrawn (what the seat knows stays)."""
        twin = self.clone()
        self.rules.resample_hidden(twin.state, seat, stream)
        twin.forget_legal()
        return twin

    def determinise(self, seat: int, stream: rng.Stream, redraw: Any = None) -> "Game":
        """For information-set search: a copy consistent with `seat`'s view, hidden information
        redrawn, the random stream reseeded (future chance unknown too), neither the event log (it
        holds other seats' private events) nor the action log (other seats' hidden choices, such as a
        card put face down) copied, and another seed (the true one would let a bot replay the setup's
        deals). `redraw`: `rules.resampler(self.state, seat)`, made once for many determinisations of
        this game."""
        events, log = self.state.events, self._log
        self.state.events, self._log = [], []
        try:
            twin = self.clone()
        finally:
            self.state.events, self._log = events, log
        if redraw is None:
            self.rules.resample_hidden(twin.state, seat, stream)
        else:
            redraw(twin.state, stream)
        twin.forget_legal()
        twin.state.rng = rng.seed_state(stream.below(1 << 62))
        twin.seed = stream.below(1 << 62)
        return twin

    def view(self, seat: int | None = None, lang: str = "en", shared: bool = False) -> JSON:
        """JSON-ready: only what `seat` may know (None: a spectator). `shared`: the view may share
        containers with the game's state (cheaper; for a view encoded at once and never changed)."""
        check_lang(lang)
        view = self.seat_view(seat, shared)
        view["game"] = self.rules.name
        view["player_count"] = self.players
        view["modules"] = list(self.state.modules)
        view["seat"] = seat
        view["to_play"] = self.to_play
        view["decision"] = self.decision
        view["scores"] = self.scores
        view["is_over"] = self.is_over
        view["winners"] = self.winners
        view["log"] = self._readable_log(seat, lang)
        mine = seat is not None and seat == self.to_play
        view["legal_actions"] = self._legal_with_texts(lang) if mine else []
        return view

    def _legal_with_texts(self, lang: str) -> list[JSON]:
        """The legal actions with their texts (listed ids: nothing to check before describing them)."""
        legal = self.legal_action_ids()
        return [{"id": a, "text": t} for a, t in zip(legal, self.rules.describe_actions(self.state, legal, lang))]

    def seat_view(self, seat: int | None = None, shared: bool = False) -> JSON:
        """The game's part of `view(seat)`: only what `seat` may know, without the readable log,
        the common keys and the legal actions' texts (for learning agents' encodings)."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players):
            raise ConfigError("err.seat", hi=self.players - 1, seat=seat)
        full = self._shared_full_view() if shared else self.rules.full_view(self.state)
        view: JSON = redact(full, self.rules.zones_of(self.state), seat, self.state.known_to(seat), shared)
        return view

    def _shared_full_view(self) -> JSON:
        """The full view of this position, built once for all seats' shared views (the server builds one view
        per seat and language each move). A shared view copies the top level, so nobody changes it."""
        if self._full is None:
            self._full = self.rules.full_view(self.state)
        return self._full

    def _readable_log(self, seat: int | None, lang: str) -> list[JSON]:
        """The events `seat` may see, as text: each event's text is built once per language, when a
        seat first reads it, and shared by the seats that may see it (`_kept`)."""
        events = self.state.events

        def visible(read: int) -> tuple[JSON, ...]:
            texts = self._kept((_EVERY, lang), lambda r: tuple(e.as_dict(self.rules, lang) for e in events[r:]))
            return tuple(texts[i] for i in range(read, len(events)) if events[i].visible_to(seat))
        return list(self._kept((seat, lang), visible))

    def _kept(self, key: tuple[int | None, str], more: Any) -> tuple[JSON, ...]:
        """What is kept under `key` for the event log so far, `more(first unread index)` appended. Events
        are only ever appended (a clone shares the Event objects of its original), so what was read is
        kept while the last event read is still in place, and clones inherit it: only newer events are read."""
        events = self.state.events
        last, read, kept = self._shown.get(key, (None, 0, ()))
        if read > len(events) or (read and events[read - 1] is not last):
            read, kept = 0, ()
        if read < len(events):
            kept += more(read)
            self._shown[key] = (events[-1], len(events), kept)
        return kept

    def state_hash(self) -> str:
        """A hash of the game state (not of its event log: a log is checked by replaying it), so it
        costs the same early and late in a game."""
        return codec.digest_encoded(_encode_state(self.state))

    # saving -------------------------------------------------------------------------------
    def save(self, snapshot: bool = False) -> JSON:
        """Config, seed and log (the game itself), the state hash, and optionally a snapshot."""
        encoded = _encode_state(self.state)
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.rules.name,
                "players": self.players, "options": self.options, "seed": self.seed,
                "log": [[s, a] for s, a in self._log], "state_hash": codec.digest_encoded(encoded)}
        if snapshot:
            encoded["v"]["events"] = codec.encode(self.state.events)
            data["snapshot"] = encoded
        return data


def _encode_state(state: Any) -> JSON:
    encoded: JSON = codec.encode(state, omit=("events",))
    return encoded


def new_game(name: str, players: int, seed: int = 0, options: JSON | None = None) -> Game:
    return Game(name, players, seed, options)


def replay(game: Game, log: list[tuple[int, str]], first: int = 0) -> int:
    """Apply a log of (seat, action id) to a game (a fresh one, or one restored at entry `first` of its log);
    raises SaveFileError on the first bad entry. Returns how many entries were played under another id:
    spellings the rules now list under one id (a Carcassonne tile's equivalent rotations, listed once since
    save version 3). A version-2 save holding one was written when its state differed in layout only: its
    log is checked by replay."""
    aliased = 0
    for i, (seat, action_id) in enumerate(log, first):
        if seat != game.to_play:
            raise SaveFileError("err.save.seat", i=i, seat=seat, expected=game.to_play)
        try:
            game.apply(action_id)
        except IllegalAction as exc:
            raise SaveFileError("err.save.entry", i=i, reason=exc) from None
        aliased += game._log[-1][1] != action_id
    return aliased


def _entries(log: Any) -> list[tuple[int, str]]:
    """A save's log as (seat, action id) pairs; SaveFileError naming the first malformed entry."""
    if not isinstance(log, list):
        raise SaveFileError("err.save.types")
    out = []
    for i, entry in enumerate(log):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise SaveFileError("err.save.pair", i=i)
        seat, action_id = entry
        if type(seat) is not int or not isinstance(action_id, str):  # not 0.0, true or 5
            raise SaveFileError("err.save.entry_types", i=i, seat=seat, action=action_id)
        out.append((seat, action_id))
    return out


def load(data: Any, trust_snapshot: bool = False) -> Game:
    """Rebuild a saved game by replaying its log and checking the recorded state hash.

    `trust_snapshot` restores the stored snapshot instead of replaying (for saves this program
    wrote itself); its hash is still checked. Saves of an older version are migrated (`migrate`).
    """
    version = _version(data)
    if version not in OLD_VERSIONS and not isinstance(data.get("state_hash"), str):
        raise SaveFileError("err.save.no_hash", version=version)  # tamper detection is not optional
    game = _fresh(data)
    log = game.rules.upgrade_log(_entries(data["log"]), version)
    if version in OLD_VERSIONS:
        replay(game, log)  # the old hash covered another state layout: the replay alone checks the log
        return game
    if trust_snapshot and "snapshot" in data:
        _restore(game, data, log)
    elif replay(game, log) and version < SAVE_VERSION:
        return game  # an id the rules now list under another (see `replay`): checked by replay alone
    if data["state_hash"] != game.state_hash():
        raise SaveFileError("err.save.hash")
    return game


def _version(data: Any) -> int:
    """The save format's version, a whole number this program reads (not 1.0 or true)."""
    if not isinstance(data, dict):
        raise SaveFileError("err.save.object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError("err.save.format", format=data.get("format"))
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise SaveFileError("err.save.version", version=version, expected=SAVE_VERSION)
    return version


def migrate(data: Any) -> JSON:
    """A save of any supported version as a current one (older versions are replayed)."""
    game = load(data)
    return game.save(snapshot="snapshot" in data)


def _fresh(data: JSON) -> Game:
    missing = [k for k in ("game", "players", "options", "seed", "log") if k not in data]
    if missing:
        raise SaveFileError("err.save.missing", names=", ".join(missing))
    if not isinstance(data["log"], list) or not isinstance(data["options"], dict):
        raise SaveFileError("err.save.types")
    try:
        return Game(data["game"], data["players"], data["seed"], data["options"])
    except ConfigError as exc:
        raise SaveFileError("err.save.config", reason=exc) from None


def _restore(game: Game, data: JSON, log: list[tuple[int, str]]) -> None:
    try:
        state = codec.decode(data["snapshot"])
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise SaveFileError("err.save.snapshot", reason=str(exc)) from None
    if type(state) is not type(game.state):
        raise SaveFileError("err.save.snapshot_game")
    try:
        game.rules.flow_of(state)  # its modules must exist
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFileError("err.save.snapshot", reason=str(exc)) from None
    game.state = state
    game._log = log
    game.forget_legal()
