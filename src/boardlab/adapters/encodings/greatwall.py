"""The Great Wall's observation (after the common header, `encodings/__init__.py`):

1. the year / 10 and the season one-hot (autumn, winter, spring, summer);
2. per seat (observer first) 14 values: honor / 10, wood, stone, gold, chi (/ 10), Clerks, post
   Clerks, spearmen, archers, horsemen (/ 10), walls built, donated, and the sizes of its Command
   hand and Advisors (a hidden zone gives its count, a visible one its length);
3. per Location (LOC_ORDER) 2 + 2 * players values: its slots / 5 (0: not on the board in this game),
   each seat's Clerks there (observer first), the other Clerks there (those of no seat), each seat's
   Overseer level there / 4 (observer first);
4. per wall section 4 + 2 * players values: the wall level, defence / 10, fortifications, archer
   slots / 5, each seat's archers on it and its units behind it (observer first);
5. per Horde place (section by row) 3 + players values: a card is there, the card's code ((its
   number in CARD_ORDER + 1) / len(CARD_ORDER)), its covered spaces, each seat's units on it
   (observer first);
6. the Advisor track: each slot's card code; the warehouse's wood, stone and gold / 5; each seat's
   place on the Tea track and on the leader track / players (observer first); the secondary
   player's honor / 10 and spearmen / 10 (2 players; else 0);
7. the rest, hashed into BUCKETS buckets (`HashedView`, each top-level key a part, remembered by
   content): the Generals, each seat's kept cards and overseers' soldiers, the observer's own
   hand (Commands, Advisors, Tactics, the Generals offered), the commitments, the artifacts, the
   initiative, the face-down commitments, the battle, then every module's part of the view,
   redacted by the game's zones as the view is.

`encode_part` reads these from the seat's view (the reference); the fast path (`encode`) reads
them from the state, outside every hidden zone: the observer's own hand (its zones' owner), the
sizes of the other hands (public counts), the commitments redacted by their zone, the modules'
parts redacted by theirs; the face-down decks are not read. Each seat's vector is kept between
calls (`Encoding.kept_vector`): sections 1-2, 3, 4, 5 and 6 and each base part of section 7 are
made again only when a state field they read changed (`Fields`, `KeptRest`). The values are the
same, bit for bit (tests/test_adapters_fast.py).
"""
from __future__ import annotations

import numpy as np

from ...games.greatwall import mechanics as M
from ...games.greatwall.data_tables import BOARD, LOCS
from ...games.greatwall.view import CARDS, UNITS
from . import COMMON_KEYS, Encoding, Fields, HashedView, KeptRest, Part

SEASONS = {"autumn": 0, "winter": 1, "spring": 2, "summer": 3}
PER_SEAT = 14
BUCKETS = 1024
LOC_ORDER = tuple(LOCS)
CARD_ORDER = tuple(CARDS)
CARD_CODE = {card: (i + 1) / len(CARD_ORDER) for i, card in enumerate(CARD_ORDER)}
HORDES = BOARD.sections * BOARD.horde_rows
TRACK = len(BOARD.advisor_prices)
# the keys of the base game's view (`view.full_view`): a key not among them is a module's part
BASE_KEYS = ("year", "season", "players", "tea", "leader", "commits", "locations", "sections", "hordes",
             "advisor_track", "artifacts", "warehouse", "initiative", "face_down", "battle", "decks", "secondary")
OWN = ("commands", "advisors", "tactics", "general_offer")  # the observer's own cards (section 7)


class GreatWallEncoding(Encoding):
    def __init__(self, players: int, options: dict):
        self.per_loc = 2 + 2 * players
        self.per_section = 4 + 2 * players
        self.per_horde = 3 + players
        self.numbers = (5 + PER_SEAT * players + len(LOC_ORDER) * self.per_loc + BOARD.sections * self.per_section
                        + HORDES * self.per_horde + TRACK + 3 + 2 * players + 2)
        self.part_size = self.numbers + BUCKETS
        super().__init__(players, options)
        self.rest = HashedView(BUCKETS, by_part=True)
        self.kept_rest = KeptRest(self.rest, self._rest_parts(), scratch=("decks",))  # (the Rat adds its deck there: hidden)
        # what each group reads: sections 1-2, 3, 4, 5, 6, each part of the rest
        self.fields = Fields({
            "head": ("year", "season", "honor", "res", "clerks", "post_clerks", "soldiers", "walls_built", "donated",
                     "cmd_hand", "advisors"),
            "locations": ("clerks_on", "overseers"),
            "sections": ("wall", "forts", "archers", "behind", "battle"),
            "hordes": ("hordes",),
            "track": ("advisor_track", "warehouse", "tea", "leader", "clerks_on", "secondary_honor", "secondary_spearmen"),
            **self.kept_rest.groups()})
        at, groups = 3 * players + 1, []  # (group, start, stop, make) of sections 1-6
        for name, size, make in (("head", 5 + PER_SEAT * players, self._fast_head),
                                 ("locations", len(LOC_ORDER) * self.per_loc, self._fast_locations),
                                 ("sections", BOARD.sections * self.per_section, self._fast_sections),
                                 ("hordes", HORDES * self.per_horde, self._fast_hordes),
                                 ("track", TRACK + 3 + 2 * players + 2, self._fast_track)):
            groups.append((name, at, at + size, make))
            at += size
        self.groups = tuple(groups)

    # from the view (the reference) ------------------------------------------------------------
    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        players = {p["seat"]: p for p in view.get("players", ())}
        locations = view.get("locations") or {}
        board = Board(
            year=view.get("year", 0), season=view.get("season"),
            seats={s: _seat_values(p) for s, p in players.items()},
            locations={loc: (v.get("slots", 0), v.get("clerks") or ()) for loc, v in locations.items()},
            overseers=_overseers(players, self.players),
            sections=[(v["wall"], v["defence"], v["fortifications"], v["archer_slots"], v["archers"],
                       [seat_ for seat_, _unit in v["behind"]]) for v in view.get("sections", ())],
            hordes={h["section"] * BOARD.horde_rows + h["row"]: (h["card"], sum(c is not None for c in h["cover"]),
                                                                  [u[0] for u in h["units"]])
                    for h in view.get("hordes", ())},
            track=[t["card"] for t in view.get("advisor_track", ())],
            warehouse=[(view.get("warehouse") or {}).get(k, 0) for k in ("wood", "stone", "gold")],
            tea=view.get("tea") or [], leader=view.get("leader") or [], secondary=view.get("secondary"))
        self._numbers(board, seat, out)
        mine = players.get(seat, {})
        rest = {"generals": [players[s].get("general") if s in players else None for s in range(self.players)],
                "kept": [players[s].get("kept") if s in players else None for s in range(self.players)],
                "overseer_soldiers": [players[s].get("overseer_soldiers") if s in players else None
                                      for s in range(self.players)],
                "own": {key: mine.get(key) for key in OWN}}
        rest.update((key, view[key]) for key in ("commits", "artifacts", "initiative", "face_down", "battle") if key in view)
        rest.update((key, value) for key, value in view.items() if key not in BASE_KEYS and key not in COMMON_KEYS)
        self.rest.encode(rest, out[self.numbers:])

    # from the state (the fast path: see the module's docstring) --------------------------------
    def encode(self, game, seat: int) -> np.ndarray:
        """`Encoding.encode` from the state: the seat's last vector with the groups whose fields
        changed made again (`Encoding.kept_vector`)."""
        return self.kept_vector(game, seat, self.fields, self.groups, self.kept_rest)

    def _fast_head(self, state, seat: int, order: list[int]) -> list[float]:
        return self._head(Board(year=state.year, season=state.season,
                                seats={s: _state_seat(state, s) for s in range(state.players)}), order)

    def _fast_locations(self, state, seat: int, order: list[int]) -> list[float]:
        return self._locations(Board(
            locations={loc: (M.slots(state, loc), state.clerks_on.get(loc, ())) for loc in M.locations(state)},
            overseers=state.overseers), _places(order))

    def _fast_sections(self, state, seat: int, order: list[int]) -> list[float]:
        return self._sections(Board(sections=[
            (state.wall[s], M.defence(state, s), state.forts[s], M.archer_slots(state, s), state.archers[s],
             [seat_ for seat_, _unit in state.behind[s]]) for s in range(BOARD.sections)]), _places(order))

    def _fast_hordes(self, state, seat: int, order: list[int]) -> list[float]:
        return self._hordes(Board(hordes={i: (h[0], sum(c is not None for c in h[1]), [u[0] for u in h[2]])
                                          for i, h in enumerate(state.hordes) if h is not None}), _places(order))

    def _fast_track(self, state, seat: int, order: list[int]) -> list[float]:
        return self._track(Board(
            track=state.advisor_track, warehouse=state.warehouse, tea=M.tea_order(state), leader=M.leader_order(state),
            secondary=None if state.players != 2 else {"honor": state.secondary_honor, "spearmen": state.secondary_spearmen}),
            _places(order))

    def observe_part(self, game, seat: int, out: np.ndarray) -> None:
        out[:] = self.encode(game, seat)[3 * self.players + 1:]

    def _rest_parts(self) -> list[Part]:
        """Section 7's keys, each made as `view.full_view` makes it (redacted by the zones on it: `KeptRest`)."""
        return [
            Part("generals", ("general",), lambda state, seat: list(state.general)),
            Part("kept", ("kept",), lambda state, seat: [list(state.kept[s]) for s in range(state.players)]),
            Part("overseer_soldiers", ("overseer_units", "overseers"), lambda state, seat: [
                {loc: UNITS[units[s]] for loc, units in state.overseer_units.items()
                 if units[s] is not None and state.overseers[loc][s]} for s in range(state.players)]),
            Part("own", ("cmd_hand", "advisors", "tactics", "general_offer"), lambda state, seat: {
                "commands": list(state.cmd_hand[seat]), "advisors": list(state.advisors[seat]),
                "tactics": list(state.tactics[seat]), "general_offer": list(state.general_offer[seat])}),
            Part("commits", ("commits",), lambda state, seat: {
                str(s): list(v) if isinstance(v, tuple) else v for s, v in state.commits.items()}),
            Part("artifacts", ("artifacts",), lambda state, seat: list(state.artifacts)),
            Part("initiative", ("initiative",), lambda state, seat: [[s, c] for s, c in state.initiative]),
            Part("face_down", ("commits", "season"), lambda state, seat: sorted(
                s for s, card in state.commits.items() if card is not None) if state.season == "spring" else []),
            Part("battle", ("battle",), lambda state, seat: {
                k: list(v) if isinstance(v, tuple) else v for k, v in state.battle.items()}),
        ]

    # both -------------------------------------------------------------------------------------
    def _numbers(self, board: "Board", seat: int, out: np.ndarray) -> None:
        """Sections 1-6 (the reference: every group made afresh)."""
        order = self.rotated(list(range(self.players)), seat)
        place = {s: i for i, s in enumerate(order)}
        out[:self.numbers] = self._head(board, order) + self._locations(board, place) + self._others(board, place)

    def _head(self, board: "Board", order: list[int]) -> list[float]:
        """Sections 1-2."""
        values = [0.0] * (5 + PER_SEAT * self.players)
        values[0] = board.year / 10.0
        if board.season in SEASONS:
            values[1 + SEASONS[board.season]] = 1.0
        for i, s in enumerate(order):
            if s in board.seats:
                values[5 + PER_SEAT * i:5 + PER_SEAT * (i + 1)] = board.seats[s]
        return values

    def _locations(self, board: "Board", place: dict[int, int]) -> list[float]:
        """Section 3."""
        n = self.players
        values = [0.0] * (len(LOC_ORDER) * self.per_loc)
        at = 0
        for loc in LOC_ORDER:
            if loc in board.locations:
                slots, clerks = board.locations[loc]
                values[at] = slots / 5.0
                for clerk in clerks:
                    values[at + 1 + place[clerk] if clerk in place else at + 1 + n] += 1.0
                for s, level in enumerate(board.overseers.get(loc, ())):
                    if s in place:
                        values[at + 2 + n + place[s]] = level / 4.0
            at += self.per_loc
        return values

    def _others(self, board: "Board", place: dict[int, int]) -> list[float]:
        """Sections 4-6."""
        return self._sections(board, place) + self._hordes(board, place) + self._track(board, place)

    def _sections(self, board: "Board", place: dict[int, int]) -> list[float]:
        """Section 4."""
        n = self.players
        values = [0.0] * (BOARD.sections * self.per_section)
        at = 0
        for wall, defence, forts, archer_slots, archers, behind in board.sections[:BOARD.sections]:
            values[at:at + 4] = (float(wall), defence / 10.0, float(forts), archer_slots / 5.0)
            for s in archers:
                if s in place:
                    values[at + 4 + place[s]] += 1.0
            for s in behind:
                if s in place:
                    values[at + 4 + n + place[s]] += 1.0
            at += self.per_section
        return values

    def _hordes(self, board: "Board", place: dict[int, int]) -> list[float]:
        """Section 5."""
        values = [0.0] * (HORDES * self.per_horde)
        at = 0
        for i in range(HORDES):
            if i in board.hordes:
                card, covered, units = board.hordes[i]
                values[at:at + 3] = (1.0, CARD_CODE.get(card, 0.0), float(covered))
                for s in units:
                    if s in place:
                        values[at + 3 + place[s]] += 1.0
            at += self.per_horde
        return values

    def _track(self, board: "Board", place: dict[int, int]) -> list[float]:
        """Section 6."""
        n = self.players
        values = [0.0] * (TRACK + 3 + 2 * n + 2)
        for i, card in enumerate(list(board.track)[:TRACK]):
            values[i] = CARD_CODE.get(card, 0.0)
        at = TRACK
        values[at:at + 3] = [v / 5.0 for v in list(board.warehouse)[:3]]
        at += 3
        for track, offset in ((board.tea, 0), (board.leader, n)):
            for rank, s in enumerate(track):
                if s in place:
                    values[at + offset + place[s]] = rank / n
        at += 2 * n
        if board.secondary:
            values[at:at + 2] = (board.secondary.get("honor", 0) / 10.0, board.secondary.get("spearmen", 0) / 10.0)
        return values


def _places(order: list[int]) -> dict[int, int]:
    """Each seat's place in the observer-first order."""
    return {s: i for i, s in enumerate(order)}


class Board:
    """What sections 1-6 read, from a view or from a state."""

    def __init__(self, **fields):
        self.__dict__.update(fields)


def _overseers(players: dict, n: int) -> dict[str, list[int]]:
    """The view's Overseer levels as the state keeps them: by Location, a level per seat."""
    levels: dict[str, list[int]] = {}
    for s, p in players.items():
        for loc, level in (p.get("overseers") or {}).items():
            levels.setdefault(loc, [0] * n)[s] = level
    return levels


def _state_seat(state, s: int) -> list[float]:
    res = M.resources_of(state, s)
    soldiers = dict(zip(UNITS, state.soldiers[s]))
    return [state.honor[s] / 10.0, *(res.get(k, 0) / 10.0 for k in ("wood", "stone", "gold", "chi")),
            state.clerks[s] / 10.0, state.post_clerks[s] / 10.0,
            *(soldiers.get(k, 0) / 10.0 for k in ("spearman", "archer", "horseman")),
            state.walls_built[s], state.donated[s], float(len(state.cmd_hand[s])), float(len(state.advisors[s]))]


def _seat_values(player: dict) -> list[float]:
    res, soldiers = player.get("resources", {}), player.get("soldiers", {})
    return [player.get("honor", 0) / 10.0,
            *(res.get(k, 0) / 10.0 for k in ("wood", "stone", "gold", "chi")),
            player.get("clerks", 0) / 10.0, player.get("post_clerks", 0) / 10.0,
            *(soldiers.get(k, 0) / 10.0 for k in ("spearman", "archer", "horseman")),
            player.get("walls_built", 0), player.get("donated", 0),
            _count(player.get("commands")), _count(player.get("advisors"))]


def _count(zone: object) -> float:
    if isinstance(zone, dict):
        return float(zone.get("count", 0))
    return float(len(zone)) if isinstance(zone, (list, tuple)) else 0.0
