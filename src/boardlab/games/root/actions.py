"""Root's base action ids, built and parsed here only, and their integer encoding.

Clearings are named by their map number (1-12, the `id` in data/maps); seats by number; cards by id.

| id | decision | meaning |
|---|---|---|
| `craft:CARD` | a faction's Daylight | craft that card (LR-04-01) |
| `any:SUIT` | craft_any | pay a "?" cost with a crafting piece of that suit |
| `discard:CARD` | discard | discard that card (hand limit) |
| `from:C`, `to:C`, `warriors:N` | move_from, move_to, move_count | a move: origin, destination, how many warriors (LR-04-02) |
| `battle:C`, `defender:FACTION` | battle_where, battle_whom | a battle: where, against whom (LR-04-03) |
| `ambush:CARD`, `foil:CARD` | ambush, foil | play an ambush card / cancel it with one (LR-04-03-01) |
| `effect:KEY` | battle_effects | use a battle effect (Armorers, Sappers, Brutal Tactics, ...) |
| `remove:KIND` | take_hits | the next building or token kind to lose to a hit (LR-04-03-06) |
| `dominance:CARD` | phase option | activate a dominance card (LR-03-03-01) |
| `take_dominance:CARD`, `spend:CARD` | phase option, take_dominance | take an available dominance card by spending a matching card (LR-03-03-04) |
| `use:KEY`, `use:KEY:SEAT`, `use:KEY:C` | phase option | use a crafted card's effect (Royal Claim, Stand and Deliver!, Tax Collector, Codebreakers, Better Burrow Bank, ...) |
| `draw` | draw_choice | draw the cards after all (a module offered something else, such as Informants) |
| `give:CARD`, `exhaust:ITEM` | (modules) | a card to give another player, an item to exhaust (the Vagabond, Exiles cards) |
| `skip`, `done`, `pass` | (several) | a word answer |
| `draft:CARD` | setup_card | the Advanced Setup: take that faction setup card (LR-AA-08-03) |
| `keep_card:CARD` | keep_cards | the Advanced Setup: keep that card of the five (LR-AA-10) |

The action space lays out: the words; `craft:`, `discard:`, `ambush:`, `foil:`, `dominance:`,
`take_dominance:`, `spend:` for every card of the deck in play (option `deck`); `any:` for the suits; `from:`/`to:`/
`battle:` for every clearing; `warriors:1..25`; `defender:` for every faction and hireling in play; `effect:`
and `use:` forms; then the segments of the factions in play, in seat order (each with its own ids
and `remove:` for its building and token kinds). An Advanced Setup configuration adds a segment for
`draft:` (every implemented setup card) and `keep_card:` (every card of the deck); its factions are
those its draft may switch on (`factions_of`).
"""
from __future__ import annotations

from ...core.actions import Segment, Vocabulary
from .content import DECKS, ITEMS, SETUP_CARDS, SUITS

WORDS = ("skip", "done", "pass")
MAX_WARRIORS = 25  # the largest warrior supply (the Marquise, LR-06-03-01)
BATTLE_EFFECTS = ("armorers", "sappers", "brutal_tactics")
CARD_USES = ("royal_claim", "tax_collector")
SEAT_USES = ("stand_and_deliver", "codebreakers", "better_burrow_bank")


def clearing_id(c: int) -> str:
    return str(c + 1)


def clearing_of(text: str) -> int:
    return int(text) - 1


def head(action_id: str) -> str:
    return action_id.partition(":")[0]


def arg(action_id: str) -> str:
    return action_id.partition(":")[2]


def args(action_id: str) -> list[str]:
    return action_id.split(":")[1:]


def clearing_arg(action_id: str) -> int:
    """The clearing named by an id's argument (`to:5` -> clearing index 4)."""
    return clearing_of(arg(action_id))


def craft_id(card: str) -> str:
    return f"craft:{card}"


def discard_id(card: str) -> str:
    return f"discard:{card}"


def from_id(c: int) -> str:
    return f"from:{clearing_id(c)}"


def to_id(c: int) -> str:
    return f"to:{clearing_id(c)}"


def warriors_id(n: int) -> str:
    return f"warriors:{n}"


def battle_id(c: int) -> str:
    return f"battle:{clearing_id(c)}"


def defender_id(faction: str) -> str:
    return f"defender:{faction}"


def use_id(key: str, target: int | None = None) -> str:
    return f"use:{key}" if target is None else f"use:{key}:{target}"


def segments(players: int, factions: tuple[str, ...], deck: str = "standard") -> list[Segment]:
    """`factions`: every owner of pieces that may be in play (the factions, then the hirelings)."""
    cards = [c.id for c in DECKS[deck]]
    clearings = [clearing_id(c) for c in range(12)]
    ids = list(WORDS)
    for h in ("craft", "discard", "ambush", "foil", "dominance", "take_dominance", "spend"):
        ids += [f"{h}:{c}" for c in cards]
    ids += [f"any:{s}" for s in SUITS]
    for h in ("from", "to", "battle"):
        ids += [f"{h}:{c}" for c in clearings]
    ids += [warriors_id(n) for n in range(1, MAX_WARRIORS + 1)]
    ids += [defender_id(f) for f in factions]
    ids += [f"effect:{k}" for k in BATTLE_EFFECTS]
    ids += [use_id(k) for k in CARD_USES] + [use_id(k, s) for k in SEAT_USES for s in range(players)]
    ids.append("draw")  # a draw_choice answer: draw after all (a module offered something instead)
    ids += [f"give:{c}" for c in cards] + [f"exhaust:{i}" for i in ITEMS]  # shared by modules (Aid, Swap Meet, ...)
    return [Vocabulary(ids)]


def remove_ids(kinds: tuple[str, ...]) -> list[str]:
    """`remove:KIND` for a faction's building and token kinds (in its own segment)."""
    return [f"remove:{k}" for k in kinds]


def factions_of(options: dict) -> tuple[str, ...]:
    """The factions a configuration may have in play: its `factions`, or the modules its draft's setup cards
    may switch on (the k-th card of a faction plays its k-th module: the second Vagabond card `vagabond2`)."""
    if options.get("factions"):
        return tuple(options["factions"])
    seen: dict[str, int] = {}
    out = []
    for card in options.get("setup_cards") or ():
        spec = SETUP_CARDS[card]
        k = seen.get(spec.faction, 0)
        seen[spec.faction] = k + 1
        modules = spec.modules or (spec.faction,)
        out.append(modules[min(k, len(modules) - 1)])
    return tuple(dict.fromkeys(out))


def advanced_segments(deck: str) -> list[Segment]:
    """The Advanced Setup's ids: taking a setup card, keeping a card of the five."""
    cards = [f"keep_card:{c.id}" for c in DECKS[deck]]
    return [Vocabulary([f"draft:{k}" for k, c in SETUP_CARDS.items() if c.implemented] + cards)]
