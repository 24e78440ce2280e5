"""The Root state: flat lists and dicts of ints, strings and tuples (cheap to clone).

Clearings are indices 0..11 (a map's clearing id - 1); a pawn in a forest stands at FOREST + the
forest's index. Pieces on the map:
- `warriors[faction][clearing]`: counts;
- `buildings[clearing]`: a tuple of (faction, kind) in slot order; ("", "ruin") is a ruin;
- `tokens[clearing]`: a tuple of (faction, kind) (wood, the keep, sympathy, ...);
- `pawns[owner]`: where a pawn stands (the Vagabond, ...);
- `on_paths[(a, b)]`: pieces standing on the path between clearings a < b, a tuple of (owner, kind) (the
  Highway Bandits); only open paths hold them (rivers are no paths, LR-AH-03-05; closed paths none, LR-AM-04-02).
Cards: `deck` (the next draw is last), `discard`, `dominance_pool` (discarded dominance cards near the
map, LR-03-03-03), `hands[seat]`, `play_area[seat]` (crafted persistent effects, an activated dominance
card), `crafted[seat]` (items in the Crafted Items box). Each faction's own pieces and tracks are its
module's data (`mods[faction]`).

Piece owners: every piece on the map is keyed by its owner, a faction's key (`marquise`, ...) or a
hireling's key (`forest_patrol`, ...: data/hirelings.yaml, the name of the module playing it). The two sets
of keys never meet, so `warriors`, `supply`, `buildings`, `tokens` and `pawns` hold hireling pieces beside
faction pieces (a hireling's tokens too: footholds, lilypads, never counted for rule, program.Hireling).
`hired` lists the hirelings in play and who controls each (None: uncontrolled, in the supply, LR-AH-01 /
RT-HR-02): board.py's `side` and `party` read it (the controller treats its hireling's pieces as its own for
rule only, LR-AH-03-01). `exhausted[seat]` are items of the seat's Crafted Items box
that an effect exhausted (League of Adventurous Mice, the Brigand): nothing refreshes them (RTA-EP-08).
"""
from __future__ import annotations

from typing import Any

from ...core.codec import register
from ...core.state import BaseState

FOREST = 100  # pawn locations from FOREST on are forests
Piece = tuple[str, str]  # (faction, kind)
RUIN: Piece = ("", "ruin")


@register
class RootState(BaseState):
    __slots__ = (
        # the table
        "map", "suits", "faction", "first", "active", "phase", "turn", "homes",
        # pieces
        "warriors", "supply", "buildings", "tokens", "pawns", "ruin_items", "items", "closed", "ferry", "on_paths",
        # cards
        "deck", "discard", "dominance_pool", "hands", "play_area", "crafted", "quests",
        # scoring
        "score", "dominance", "coalition", "winners",
        # this turn
        "used",
        # hirelings in play and their controllers; exhausted crafted items
        "hired", "exhausted",
        # the turn order, and the Advanced Setup's draft while it lasts (advanced.py)
        "order", "draft",
    )

    def __init__(self, players: int, seed: int, options: dict | None = None):
        super().__init__(players, seed, options)
        self.map = ""
        self.suits: tuple[str, ...] = ()
        self.faction: tuple[str, ...] = ()
        self.first = 0
        self.active = 0
        self.phase = "setup"
        self.turn = 0
        self.homes: dict[str, tuple[int, ...]] = {}        # each faction's starting clearing(s) / homelands
        self.warriors: dict[str, list[int]] = {}
        self.supply: dict[str, int] = {}                   # warriors in each faction's supply
        self.buildings: list[tuple[Piece, ...]] = []
        self.tokens: list[tuple[Piece, ...]] = []
        self.pawns: dict[str, int] = {}
        self.ruin_items: dict[int, tuple[str, ...]] = {}   # clearing -> items under its ruin (hidden)
        self.items: dict[str, int] = {}                    # the item supply
        self.closed: tuple[tuple[int, int], ...] = ()      # closed paths (Mountain)
        self.ferry: int | None = None                      # the Ferry's clearing (Lake)
        self.on_paths: dict[tuple[int, int], tuple[Piece, ...]] = {}  # pieces on paths (a < b)
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.dominance_pool: list[str] = []
        self.hands: list[list[str]] = []
        self.play_area: list[tuple[str, ...]] = []
        self.crafted: list[tuple[str, ...]] = []
        self.quests: dict[str, Any] = {}                   # face-up quests and the quest deck (Vagabond)
        self.score: list[int] = []
        self.dominance: list[str | None] = []              # activated dominance card per seat
        self.coalition: dict[int, int] = {}                # Vagabond seat -> the seat he joined
        self.winners: tuple[int, ...] = ()
        self.used: dict[str, int] = {}                     # once-per-turn uses and crafting pieces used
        self.hired: dict[str, int | None] = {}             # hireling key -> controlling seat (None: uncontrolled)
        self.exhausted: list[tuple[str, ...]] = []         # per seat: exhausted items of its Crafted Items box
        self.order: tuple[int, ...] = ()                   # seats in turn order, the first player first
        self.draft: Any = None                             # the Advanced Setup's `advanced.Draft`, while it lasts

    def clone(self) -> "RootState":
        new: RootState = super().clone()  # type: ignore[assignment]
        new.map, new.suits, new.faction = self.map, self.suits, self.faction
        new.first, new.active, new.phase, new.turn = self.first, self.active, self.phase, self.turn
        new.homes = self.homes
        new.warriors = {f: list(v) for f, v in self.warriors.items()}
        new.supply = dict(self.supply)
        new.buildings = list(self.buildings)
        new.tokens = list(self.tokens)
        new.pawns = dict(self.pawns)
        new.ruin_items = dict(self.ruin_items)
        new.items = dict(self.items)
        new.closed, new.ferry = self.closed, self.ferry
        new.on_paths = dict(self.on_paths)
        new.deck, new.discard = list(self.deck), list(self.discard)
        new.dominance_pool = list(self.dominance_pool)
        new.hands = [list(h) for h in self.hands]
        new.play_area, new.crafted = list(self.play_area), list(self.crafted)
        new.quests = dict(self.quests)
        new.score, new.dominance = list(self.score), list(self.dominance)
        new.coalition, new.winners = dict(self.coalition), self.winners
        new.used = dict(self.used)
        new.hired, new.exhausted = dict(self.hired), list(self.exhausted)
        new.order = self.order
        new.draft = None if self.draft is None else self.draft.clone()
        return new

    def seat_of(self, faction: str) -> int | None:
        try:
            return self.faction.index(faction)
        except ValueError:
            return None
