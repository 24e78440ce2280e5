"""The base game's task records (core/tasks.py): the Root task stack holds these. Factions define their
own beside their handlers. Record names are global in the codec registry, so they say Root's."""
from __future__ import annotations

from typing import NamedTuple

from ...core.tasks import record

Rules = tuple[str, ...]


@record
class HandLimit(NamedTuple):
    """Discard down to `limit` cards, one decision per card (LR-06-06 and the like)."""
    seat: int
    limit: int
    rules: Rules


@record
class Craft(NamedTuple):
    """Craft `card` from the seat's hand (LR-04-01): its named suits are paid first, then `wild` "?"
    costs one at a time (-1: nothing paid yet)."""
    seat: int
    card: str
    pieces: tuple[int, ...]   # the clearings of the crafting pieces available (one entry per piece)
    wild: int
    pool: str = "craft"       # whose once-per-turn activations these pieces count against (cards.available_suits)


@record
class RemovePieces(NamedTuple):
    """Remove pieces of `owner` from a clearing, then score and trigger (LR-01-05-04, LR-03-02-01).
    `pieces` are (kind, n): "warrior" or a building or token kind."""
    by_seat: int | None
    owner: str
    clearing: int
    pieces: tuple[tuple[str, int], ...]
    in_battle: bool
    rules: Rules
    via: str = ""      # the hireling whose action removes them: its controller scores nothing (LR-AH-03-06)


@record
class Move(NamedTuple):
    """Take up to `left` moves (LR-04-02): origin, destination, then how many warriors.
    `origins`: the clearings allowed to move from (None: any); `must`: a move cannot be skipped."""
    seat: int
    faction: str
    left: int
    origins: tuple[int, ...] | None
    must: bool
    origin: int | None
    dest: int | None
    rules: Rules
    every: bool = False    # each move takes every warrior of the origin (the Last Dynasty moves all together)


@record
class StartBattle(NamedTuple):
    """Initiate a battle (LR-04-03): choose the clearing, then the defender. `where`: allowed clearings
    (None: any with the attacker's warriors or pawn); `must`: cannot be skipped."""
    seat: int
    faction: str
    where: tuple[int, ...] | None
    must: bool
    clearing: int | None
    rules: Rules


@record
class Battle(NamedTuple):
    """A battle under way: its stage, the hits each side will deal, and what was used."""
    attacker: int
    defender: str
    clearing: int
    stage: str
    hits_a: int                # hits the attacker deals
    hits_d: int                # hits the defender deals
    ignore_a: bool             # the attacker ignores the rolled hits it takes (Armorers)
    ignore_d: bool
    rolled_a: int
    rolled_d: int
    used: tuple[str, ...]      # battle effects used (each at most once)
    rules: Rules
    by: str = ""               # the attacking hireling, taken by the seat `attacker` ("": the seat's faction)


@record
class TakeHits(NamedTuple):
    """`hits` hits to take in a clearing: warriors first, then buildings and tokens in the order the
    side taking them chooses (LR-04-03-06); `chosen` are the pieces picked so far, removed together."""
    owner: str
    by_seat: int | None
    clearing: int
    hits: int
    in_battle: bool
    chosen: tuple[tuple[str, int], ...]
    rules: Rules
    via: str = ""      # the hireling dealing them (its controller scores nothing, LR-AH-03-06)


@record
class PhaseOption(NamedTuple):
    """An action a seat may take anywhere in its phase (dominance, Tax Collector, ...) chosen from a
    faction's decision; it runs as a task above the faction's own."""
    seat: int
    action: str


@record
class TakeDominance(NamedTuple):
    """Take an available dominance card by spending a matching card (LR-03-03-04)."""
    seat: int
    card: str


@record
class ChooseCoalition(NamedTuple):
    """The Vagabond picks the player to join among those tied for fewest points (LR-09-02-08)."""
    seat: int
    card: str


@record
class TaxCollector(NamedTuple):
    """Tax Collector: remove one of your warriors (from a clearing you choose) to draw a card."""
    seat: int


@record
class BurrowBank(NamedTuple):
    """Better Burrow Bank: you and another player of your choice draw a card."""
    seat: int


@record
class DrawChoice(NamedTuple):
    """A draw a module lets the seat replace (extension point `draw_options`: Informants): draw the
    `n` cards after all, or take one of the options offered. A hand limit waits for it."""
    seat: int
    n: int
    rules: Rules


@record
class WarriorsReturned(NamedTuple):
    """After a removal and the effects it triggered (Field Hospitals): the `n` warriors of `owner`
    removed from `clearing` that are still in the supply (`supply` is its count right after the
    removal), for the extension point `warriors_returned` (Coffin Makers)."""
    owner: str
    clearing: int
    n: int
    supply: int
