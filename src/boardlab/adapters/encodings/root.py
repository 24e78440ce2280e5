"""Root's observation (after the common header, `encodings/__init__.py`):

1. per clearing (up to CLEARINGS, in the map's order) 3 + 2 * players values: its suit one-hot (fox,
   mouse, rabbit), then per seat (observer first) its warriors / 10 and its buildings and tokens
   (a faction's pieces count for the seat playing it);
2. per seat (observer first) 3 + len(FACTION_ORDER) values: the score / 30, the cards in hand / 10
   (hidden hands: their count), the warriors in its faction's supply / 25, its faction one-hot
   (FACTION_ORDER; all 0 before the Advanced Setup's draft gives it one);
3. the table: the phase one-hot (PHASES), the turn / 10, the cards in the deck / 54, the discard
   pile and the observer's own hand as counts per card (CARD_ORDER, the cards of both decks; other
   cards, as a faction's own, are left out), the item supply per item (ITEMS) / 2;
4. the rest, hashed into BUCKETS buckets (`HashedView`, each top-level key a part): the Advanced
   Setup's draft, the pawns, each seat's play area, crafted items and activated dominance card, the
   dominance cards by the map, the coalitions, the closed paths, the Ferry, the pieces on paths, then
   every module's own part of the view (the factions' boards, the hirelings, the quests), redacted
   by the game's zones as the view is.

`encode_part` reads these from the seat's view (the reference); the fast path (`encode`) reads
them from the state, outside every hidden zone: the observer's own hand (its zone's owner), the
sizes of the other hands and of the deck (public counts), and the rest built as the view builds
those keys and redacted by the same zones (the draft's secret choices, the modules' hidden parts).
Each seat's vector is kept between calls (`Encoding.kept_vector`): sections 1, 2 and 3 and each
base part of section 4 are made again only when a state field they read changed (`Fields`,
`KeptRest`; the draft and the modules' parts every call). Values are the same, bit for bit
(tests/test_adapters_fast.py).
"""
from __future__ import annotations

import numpy as np

from ...games.root import advanced
from ...games.root.content import CARDS, FACTIONS, ITEMS
from ...games.root.view import pawn_place
from . import COMMON_KEYS, Encoding, Fields, HashedView, KeptRest, Part

CLEARINGS = 12
SUITS = {"fox": 0, "mouse": 1, "rabbit": 2}
BUCKETS = 1024
PHASES = ("setup", "birdsong", "daylight", "evening")
FACTION_ORDER = tuple(FACTIONS)
CARD_ORDER = tuple(CARDS)
CARD_INDEX = {card: i for i, card in enumerate(CARD_ORDER)}
ITEM_INDEX = {item: i for i, item in enumerate(ITEMS)}
FACTION_INDEX = {faction: i for i, faction in enumerate(FACTION_ORDER)}
# the keys of the base game's view (`view.base_view`): a key not among them is a module's part
BASE_KEYS = ("map", "phase", "turn", "active", "first", "factions", "colours", "order", "draft", "clearings",
             "pawns", "ruin_items", "items", "supply", "deck", "discard", "dominance_pool", "hands", "play_area",
             "crafted", "score", "dominance", "coalition", "closed_paths", "ferry", "on_paths", "homes")
# the base keys hashed in section 4, in the view's order
HASHED_BASE = ("draft", "pawns", "dominance_pool", "play_area", "crafted", "dominance", "coalition", "closed_paths",
               "ferry", "on_paths")


class RootEncoding(Encoding):
    def __init__(self, players: int, options: dict):
        self.per_clearing = 3 + 2 * players
        self.per_seat = 3 + len(FACTION_ORDER)
        self.table_size = len(PHASES) + 2 + 2 * len(CARD_ORDER) + len(ITEMS)
        self.board_size = CLEARINGS * self.per_clearing
        self.part_size = self.board_size + players * self.per_seat + self.table_size + BUCKETS
        super().__init__(players, options)
        self.rest = HashedView(BUCKETS, by_part=True)
        self.kept_rest = KeptRest(self.rest, self._rest_parts())
        # what each group reads: sections 1, 2, 3, each base part of the rest
        self.fields = Fields({"clearings": ("suits", "faction", "warriors", "buildings", "tokens"),
                              "seats": ("score", "hands", "faction", "supply"),
                              "table": ("phase", "turn", "deck", "discard", "hands", "items"),
                              **self.kept_rest.groups()})
        at = 3 * players + 1
        self.groups = (("clearings", at, at + self.board_size, self._fast_clearings),
                       ("seats", at + self.board_size, at + self.board_size + players * self.per_seat, self._fast_seats),
                       ("table", at + self.board_size + players * self.per_seat,
                        at + self.board_size + players * self.per_seat + self.table_size, self._fast_table))

    # from the view (the reference) ------------------------------------------------------------
    def encode_part(self, view: dict, seat: int, out: np.ndarray) -> None:
        order = self.rotated(list(range(self.players)), seat)
        factions = view.get("factions") or ()
        clearings = [(c.get("suit"), c.get("warriors") or {},
                      [tuple(p) for p in list(c.get("buildings") or ()) + list(c.get("tokens") or ())])
                     for c in view.get("clearings", ())]
        hands = view.get("hands") or {}
        own = hands.get(str(seat))
        seats = [(_number((view.get("score") or [0] * self.players)[s]), _count(hands.get(str(s))),
                  factions[s] if s < len(factions) else None) for s in range(self.players)]
        deck = view.get("deck")
        out[:self.board_size + self.players * self.per_seat + self.table_size] = (
            self._clearings(clearings, self._slots(order, factions)) + self._seats(seats, view.get("supply") or {}, order)
            + self._table(view.get("phase"), view.get("turn") or 0, _count(deck), view.get("discard") or (),
                          own if isinstance(own, list) else (), view.get("items") or {}))
        rest = {key: view[key] for key in HASHED_BASE if key in view}
        rest.update((key, value) for key, value in view.items() if key not in BASE_KEYS and key not in COMMON_KEYS)
        self.rest.encode(rest, out[-BUCKETS:])

    # from the state (the fast path: see the module's docstring) --------------------------------
    def encode(self, game, seat: int) -> np.ndarray:
        """`Encoding.encode` from the state: the seat's last vector with the groups whose fields
        changed made again (`Encoding.kept_vector`)."""
        return self.kept_vector(game, seat, self.fields, self.groups, self.kept_rest)

    def observe_part(self, game, seat: int, out: np.ndarray) -> None:
        out[:] = self.encode(game, seat)[3 * self.players + 1:]

    def _fast_clearings(self, state, seat: int, order: list[int]) -> list[float]:
        warriors = state.warriors.items()
        return self._clearings([(suit, {f: n for f, w in warriors if (n := w[c])}, state.buildings[c] + state.tokens[c])
                                for c, suit in enumerate(state.suits)], self._slots(order, state.faction))

    def _fast_seats(self, state, seat: int, order: list[int]) -> list[float]:
        factions = state.faction
        seats = [(state.score[s] if s < len(state.score) else 0, len(state.hands[s]) if s < len(state.hands) else 0,
                  factions[s] if s < len(factions) else None) for s in range(self.players)]
        return self._seats(seats, state.supply, order)

    def _fast_table(self, state, seat: int, order: list[int]) -> list[float]:
        own = state.hands[seat] if seat < len(state.hands) else ()
        return self._table(state.phase, state.turn, len(state.deck), state.discard, own, state.items)

    def _rest_parts(self) -> list[Part]:
        """Section 4's base keys, each made as `view.base_view` makes it (redacted by the zones on it:
        `KeptRest`); the draft every call (`advanced.view` reads the Draft, changed in place)."""
        return [
            Part("draft", None, lambda state, seat: advanced.view(state)),
            Part("pawns", ("pawns",), lambda state, seat: {owner: pawn_place(loc) for owner, loc in state.pawns.items()}),
            Part("dominance_pool", ("dominance_pool",), lambda state, seat: state.dominance_pool),
            Part("play_area", ("play_area",), lambda state, seat: state.play_area),
            Part("crafted", ("crafted",), lambda state, seat: state.crafted),
            Part("dominance", ("dominance",), lambda state, seat: state.dominance),
            Part("coalition", ("coalition",), lambda state, seat: {str(v): p for v, p in state.coalition.items()}),
            Part("closed_paths", ("closed",), lambda state, seat: [[a + 1, b + 1] for a, b in state.closed]),
            Part("ferry", ("ferry",), lambda state, seat: None if state.ferry is None else state.ferry + 1),
            Part("on_paths", ("on_paths",), lambda state, seat: [
                {"path": [a + 1, b + 1], "pieces": pieces} for (a, b), pieces in sorted(state.on_paths.items())]),
        ]

    # both -------------------------------------------------------------------------------------
    def _slots(self, order: list[int], factions) -> dict[str, int]:
        """Each faction's place among the seats, observer first."""
        return {faction: order.index(s) for s, faction in enumerate(factions) if s < self.players}

    def _clearings(self, clearings: list, slot: dict[str, int]) -> list[float]:
        """Section 1 from (suit, warriors by owner, pieces) per clearing."""
        values = [0.0] * self.board_size
        for c, (suit, warriors, pieces) in enumerate(clearings[:CLEARINGS]):
            row = c * self.per_clearing
            if suit in SUITS:
                values[row + SUITS[suit]] = 1.0
            for owner, count in warriors.items():
                if owner in slot:
                    values[row + 3 + 2 * slot[owner]] += count / 10.0
            for owner, _kind in pieces:
                if owner in slot:
                    values[row + 4 + 2 * slot[owner]] += 1.0
        return values

    def _seats(self, seats: list, supply: dict, order: list[int]) -> list[float]:
        """Section 2 from (score, hand size, faction) per seat."""
        values = [0.0] * (self.players * self.per_seat)
        for i, s in enumerate(order):
            score, hand, faction = seats[s]
            start = i * self.per_seat
            values[start:start + 3] = (score / 30.0, hand / 10.0, supply.get(faction, 0) / 25.0)
            if faction in FACTION_INDEX:
                values[start + 3 + FACTION_INDEX[faction]] = 1.0
        return values

    def _table(self, phase: str | None, turn: int, deck: float, discard, hand, items: dict) -> list[float]:
        """Section 3."""
        values = [0.0] * self.table_size
        if phase in PHASES:
            values[PHASES.index(phase)] = 1.0
        at = len(PHASES)
        values[at:at + 2] = (turn / 10.0, deck / 54.0)
        at += 2
        for start, cards in ((at, discard), (at + len(CARD_ORDER), hand)):
            for card in cards:
                if card in CARD_INDEX:
                    values[start + CARD_INDEX[card]] += 1.0
        at += 2 * len(CARD_ORDER)
        for item, count in items.items():
            if item in ITEM_INDEX:
                values[at + ITEM_INDEX[item]] = count / 2.0
        return values


def _count(zone: object) -> float:
    if isinstance(zone, dict):
        return float(zone.get("count", 0))
    return float(len(zone)) if isinstance(zone, (list, tuple)) else 0.0


def _number(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) else 0.0
