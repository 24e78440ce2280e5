"""Root content: maps, the shared deck, items, factions, quests and Vagabond characters, validated
(pydantic) and turned into lookup tables at import. States hold only indices and ids into these."""
from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any, Literal

from ...core.yamltext import load_yaml
from pydantic import BaseModel, ConfigDict, Field

SUITS = ("fox", "rabbit", "mouse")           # clearing suits
CARD_SUITS = ("bird",) + SUITS                # card suits (bird is wild when spending, LR-02-01-01)
ITEMS = ("boot", "sack", "crossbow", "hammer", "sword", "tea", "coin", "torch")
Suit = Literal["fox", "rabbit", "mouse"]
CardSuit = Literal["bird", "fox", "rabbit", "mouse", "frog"]  # frog: cards a module adds (data/card-sets.yaml)
Item = Literal["boot", "sack", "crossbow", "hammer", "sword", "tea", "coin", "torch"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Names(_Strict):
    en: str
    zh_Hant: str = Field(alias="zh-Hant")
    zh_Hans: str = Field(alias="zh-Hans")

    def get(self, lang: str) -> str:
        return {"en": self.en, "zh-Hant": self.zh_Hant, "zh-Hans": self.zh_Hans}[lang]


# ---- maps ----------------------------------------------------------------------------------------------

class MapClearing(_Strict):
    id: int
    suit: Suit | Literal["random"]
    slots: int = Field(ge=1, le=3)
    ruin: bool
    edge: bool
    xy: tuple[float, float]
    corner: int | None = None            # the opposite corner clearing (corners only)
    coastal: bool = False
    ferry: bool = False                   # the Ferry starts here (Lake)
    ferry_xy: tuple[float, float] | None = None  # where the board draws the Ferry at setup
    pass_: bool = Field(False, alias="pass")  # the Pass (Mountain)
    tower_xy: tuple[float, float] | None = None  # where the board draws the Tower


class MapForest(_Strict):
    id: int
    label: str
    clearings: tuple[int, ...]
    xy: tuple[float, float]


class MapData(_Strict):
    name: str
    module: str | None = None             # the module holding the map's own rules (modules/)
    clearings: tuple[MapClearing, ...]
    paths: tuple[tuple[int, int], ...]
    rivers: tuple[tuple[int, int], ...] = ()
    closed_paths: tuple[tuple[int, int], ...] = ()
    forests: tuple[MapForest, ...]
    forest_adjacency: tuple[tuple[int, int], ...]
    coastal_forests: tuple[int, ...] = ()


class Board:
    """One map as index tables: clearings 0..11 (the data's id - 1), forests 0..k-1. Adjacency through
    closed paths is left to the state (the Mountain's closed paths can be opened during play)."""

    def __init__(self, data: MapData):
        self.name = data.name
        self.data = data
        self.module = data.module
        n = len(data.clearings)
        self.n = n
        self.printed_suits = tuple(c.suit for c in data.clearings)
        self.slots = tuple(c.slots for c in data.clearings)
        self.ruins = tuple(i for i, c in enumerate(data.clearings) if c.ruin)
        self.edge = tuple(c.edge for c in data.clearings)
        self.corners = tuple(i for i, c in enumerate(data.clearings) if c.corner is not None)
        self.opposite = {i: c.corner - 1 for i, c in enumerate(data.clearings) if c.corner is not None}
        self.coastal = tuple(i for i, c in enumerate(data.clearings) if c.coastal)
        self.ferry_start = next((i for i, c in enumerate(data.clearings) if c.ferry), None)
        self.pass_clearing = next((i for i, c in enumerate(data.clearings) if c.pass_), None)
        self.paths = tuple(sorted((a - 1, b - 1) if a < b else (b - 1, a - 1) for a, b in data.paths))
        self.closed_at_start = tuple(sorted((min(a, b) - 1, max(a, b) - 1) for a, b in data.closed_paths))
        adj: list[list[int]] = [[] for _ in range(n)]
        for a, b in self.paths:
            adj[a].append(b)
            adj[b].append(a)
        self.adj = tuple(tuple(sorted(x)) for x in adj)
        radj: list[list[int]] = [[] for _ in range(n)]
        for a, b in data.rivers:
            radj[a - 1].append(b - 1)
            radj[b - 1].append(a - 1)
        self.river_adj = tuple(tuple(sorted(set(x))) for x in radj)
        self.forests = tuple(tuple(c - 1 for c in f.clearings) for f in data.forests)
        self.forest_labels = tuple(f.label for f in data.forests)
        fadj: list[list[int]] = [[] for _ in data.forests]
        for a, b in data.forest_adjacency:
            fadj[a - 1].append(b - 1)
            fadj[b - 1].append(a - 1)
        self.forest_adj = tuple(tuple(sorted(set(x))) for x in fadj)
        self.clearing_forests = tuple(tuple(f for f, cs in enumerate(self.forests) if i in cs) for i in range(n))
        self.xy = tuple(c.xy for c in data.clearings)
        self.forest_xy = tuple(f.xy for f in data.forests)
        self._check()

    def _check(self) -> None:
        """What the Law ties together: the Ferry starts in the corner that is coastal (LR-AM-03-01);
        closed paths are paths (LR-AM-04-01); the lake links every two coastal clearings (LR-AM-03-02)."""
        if self.ferry_start is not None and [c for c in self.corners if c in self.coastal] != [self.ferry_start]:
            raise ValueError(f"{self.name}: the Ferry must start in the one coastal corner")
        if not set(self.closed_at_start) <= set(self.paths):
            raise ValueError(f"{self.name}: a closed path that is not a path")
        for c in self.coastal:
            if not set(self.coastal) - {c} <= set(self.river_adj[c]):
                raise ValueError(f"{self.name}: the lake must link clearing {c + 1} to every coastal clearing")


# ---- cards ---------------------------------------------------------------------------------------------

class CardSpec(_Strict):
    key: str
    suit: CardSuit
    copies: int = 1
    kind: Literal["ambush", "dominance", "item", "persistent", "favor", "plain"]  # plain: no crafted effect
    cost: tuple[Literal["fox", "rabbit", "mouse", "any", "frog"], ...]
    item: Item | None = None
    vp: int = 0


class Card:
    """One card of the deck: its own id (`suit_key`, `_2`, `_3` for copies), suit, kind and cost."""

    __slots__ = ("id", "key", "suit", "kind", "cost", "item", "vp")

    def __init__(self, card_id: str, spec: CardSpec):
        self.id, self.key, self.suit, self.kind = card_id, spec.key, spec.suit, spec.kind
        self.cost, self.item, self.vp = spec.cost, spec.item, spec.vp


class CardText(_Strict):
    names: Names
    text: Names | None = None
    source: str = ""


# ---- factions, characters, quests ----------------------------------------------------------------------

class FactionSpec(_Strict):
    key: str
    names: Names
    reach: int
    militant: bool
    order: int        # setup order (the letter on the board: A = 1)
    warriors: int     # warriors in the faction's supply
    colour: str
    source: str = ""


class CharacterSpec(_Strict):
    key: str
    names: Names
    items: tuple[Item, ...]
    action: Names
    source: str = ""


class SetupCardSpec(_Strict):
    """A faction setup card of the Advanced Setup draft (data/setup-cards.yaml)."""
    key: str
    faction: str
    implemented: bool
    militant: bool
    reach: int
    names: Names
    text: Names | None = None
    modules: tuple[str, ...] = ()  # the modules the k-th card of its faction plays (default: the faction's)
    character: bool = False        # a Vagabond card: a character is dealt beside it (LR-AA-08-02-03)
    beside: tuple[str, ...] = ()   # other cards of which `beside_dealt` are dealt face up beside it (the Knaves'
    beside_dealt: int = 0          # Captains, LR-AA-08-02-04); named by the catalogue's `name.KEY`
    recommended: bool = True       # in the pool by default (the Law recommends one Vagabond card, LR-AA-08-01)
    source: str = ""


class QuestSpec(_Strict):
    key: str
    suit: Suit
    items: tuple[Item, Item]
    names: Names


def _load(path: str) -> Any:
    return load_yaml(resources.files(__package__).joinpath("data").joinpath(path).read_text(encoding="utf-8"))


@cache
def faction_sheet(faction: str) -> dict:
    """A faction board's printed numbers (data/factions/<faction>.yaml: track sizes, costs, draw bonuses); {} for a
    faction without one. Shared: do not change it."""
    path = resources.files(__package__).joinpath(f"data/factions/{faction}.yaml")
    return load_yaml(path.read_text(encoding="utf-8")) if path.is_file() else {}


MAPS: dict[str, Board] = {name: Board(MapData.model_validate(_load(f"maps/{name}.yaml")))
                          for name in ("autumn", "winter", "lake", "mountain")}
DECKS: dict[str, tuple[Card, ...]] = {}
CARDS: dict[str, Card] = {}


def _deck(path: str) -> tuple[Card, ...]:
    out = []
    for raw in _load(path):
        spec = CardSpec.model_validate(raw)
        for n in range(spec.copies):
            card = Card(f"{spec.suit}_{spec.key}" + (f"_{n + 1}" if n else ""), spec)
            out.append(card)
    ids = [c.id for c in out]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path}: duplicate card ids")
    return tuple(out)


class DeckSpec(_Strict):
    cards: str            # the deck's card list (data/cards-*.yaml)
    texts: str            # names and effect texts of its cards (data/card-texts*.yaml)
    modules: tuple[str, ...] = ()  # the modules carrying its card effects, switched on with the deck


DECK_SPECS: dict[str, DeckSpec] = {k: DeckSpec.model_validate(v) for k, v in _load("decks.yaml").items()}
CARD_TEXTS: dict[str, CardText] = {}
for _name, _spec in DECK_SPECS.items():
    DECKS[_name] = _deck(_spec.cards)
    CARD_TEXTS.update({k: CardText.model_validate(v) for k, v in _load(_spec.texts).items()})
for _deck_cards in DECKS.values():
    for _card in _deck_cards:
        _seen = CARDS.setdefault(_card.id, _card)
        if (_seen.key, _seen.suit, _seen.kind, _seen.cost, _seen.item, _seen.vp) != (
                _card.key, _card.suit, _card.kind, _card.cost, _card.item, _card.vp):
            raise ValueError(f"card {_card.id} differs between decks")  # decks share ids of shared cards
DECK_MODULES: dict[str, tuple[str, ...]] = {k: d.modules for k, d in DECK_SPECS.items()}


class CardSetSpec(_Strict):
    """Cards a module shuffles into the deck in play during its setup (the Lilypad Diaspora's frog cards): they
    are no deck of the option `deck`; the module adds their ids to the action space itself."""
    cards: str
    texts: str
    module: str


CARD_SETS: dict[str, CardSetSpec] = {k: CardSetSpec.model_validate(v) for k, v in _load("card-sets.yaml").items()}
ADDED_CARDS: dict[str, tuple[Card, ...]] = {}  # card set -> its cards
for _name, _set in CARD_SETS.items():
    ADDED_CARDS[_name] = _deck(_set.cards)
    CARD_TEXTS.update({k: CardText.model_validate(v) for k, v in _load(_set.texts).items()})
    for _card in ADDED_CARDS[_name]:
        if _card.id in CARDS:
            raise ValueError(f"card {_card.id} of the set {_name} is a deck's card too")
        CARDS[_card.id] = _card
FACTIONS: dict[str, FactionSpec] = {f["key"]: FactionSpec.model_validate(f) for f in _load("factions.yaml")}
CHARACTERS: dict[str, CharacterSpec] = {c["key"]: CharacterSpec.model_validate(c) for c in _load("vagabonds.yaml")}
SETUP_CARDS: dict[str, SetupCardSpec] = {c["key"]: SetupCardSpec.model_validate(c) for c in _load("setup-cards.yaml")}
QUESTS: tuple[QuestSpec, ...] = tuple(QuestSpec.model_validate(q) for q in _load("quests.yaml"))
ITEM_SUPPLY: dict[str, int] = dict(_load("items.yaml")["supply"])    # LR-05-01-05
ITEM_NAMES: dict[str, Names] = {k: Names.model_validate(v) for k, v in _load("items.yaml")["names"].items()}
SUIT_NAMES: dict[str, Names] = {k: Names.model_validate(v) for k, v in _load("items.yaml")["suits"].items()}
REACH: dict[str, int] = {k: f.reach for k, f in FACTIONS.items()}
VIABLE_REACH: dict[int, int] = {2: 17, 3: 18, 4: 21, 5: 25, 6: 28}  # LR-05-02-01


def card_name(card_id: str, lang: str) -> str:
    return CARD_TEXTS[CARDS[card_id].key].names.get(lang)


# ---- hirelings (data/hirelings.yaml) -------------------------------------------------------------------

Confidence = Literal["H", "M", "L", "authored"]


class HirelingText(_Strict):
    text: Names
    confidence: Confidence


class HirelingAbility(_Strict):
    icon: Literal["whenhired", "ability", "birdsong", "daylight"]  # LR-AH-02-01..04 (RT-HR-26..30)
    controller: bool = False      # "Controller:": the controlling player's ability, not the pieces' (LR-AH-02)
    text: Names
    confidence: Confidence
    source: str


class HirelingSide(_Strict):
    names: Names
    setup: HirelingText | None = None
    abilities: tuple[HirelingAbility, ...]


class HirelingPieces(_Strict):
    warriors: int = 0
    pawns: int = 0
    dice: int = 0
    buildings: dict[str, int] = {}
    tokens: dict[str, int] = {}
    items: dict[str, int] = {}


class HirelingSpec(_Strict):
    """One hireling card: both sides, its pieces, the factions it keeps out of the game, and the module
    playing it (None: data only so far)."""
    key: str
    module: str | None
    pack: str
    replaces: tuple[str, ...]
    cards: str = ""
    colour: str
    pieces: HirelingPieces
    source: str
    promoted: HirelingSide
    demoted: HirelingSide

    def side(self, demoted: bool) -> HirelingSide:
        return self.demoted if demoted else self.promoted


class DieSpec(_Strict):
    names: Names
    faces: tuple[Any, ...] = ()
    gold: tuple[int, ...] = ()     # the control die: gold pips per face (LR-AH-01-02)
    all: tuple[int, ...] = ()      # ... and all pips per face
    confidence: Confidence
    source: str


class HirelingItem(_Strict):
    names: Names
    source: str


class HirelingData(_Strict):
    markers: tuple[int, ...]
    control_markers: int
    dealt: int
    demoted: dict[int, int]
    dice: dict[str, DieSpec]
    packs: dict[str, Names]
    items: dict[str, HirelingItem]
    hirelings: tuple[HirelingSpec, ...]


HIRELING_DATA = HirelingData.model_validate(_load("hirelings.yaml"))
HIRELINGS: dict[str, HirelingSpec] = {h.key: h for h in HIRELING_DATA.hirelings}
# hirelings a module plays (the others are shown from data only); a module's name is its hireling's key
PLAYABLE_HIRELINGS: tuple[str, ...] = tuple(h.key for h in HIRELING_DATA.hirelings if h.module)
HIRELING_ITEM_NAMES: dict[str, Names] = {k: v.names for k, v in HIRELING_DATA.items.items()}


def hirelings_possible(options: dict) -> tuple[str, ...]:
    """The hirelings that may come into play with these options (option `hirelings`: "off", "random" or
    a list of keys): their keys are also the owner keys of their pieces (state.py)."""
    chosen = options.get("hirelings", "off")
    if chosen == "off" or not chosen:
        return ()
    return PLAYABLE_HIRELINGS if chosen == "random" else tuple(chosen)


def owner_name(key: str, lang: str) -> str:
    """The name of a piece owner: a faction, or a hireling (the card's promoted name)."""
    if key in FACTIONS:
        return FACTIONS[key].names.get(lang)
    if key in HIRELINGS:
        return HIRELINGS[key].promoted.names.get(lang)
    return str(key)


def owner_colour(key: str) -> str | None:
    if key in FACTIONS:
        return FACTIONS[key].colour
    return HIRELINGS[key].colour if key in HIRELINGS else None
