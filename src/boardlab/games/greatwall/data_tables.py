"""The loaded content, indexed for the rules (one place; imported by every rules module)."""
from __future__ import annotations

from . import content as C

BOARD = C.Board.model_validate(C._load("board.yaml"))
LOCS = {loc.id: loc for loc in BOARD.locations}
LOC_ORDER = tuple(loc.id for loc in BOARD.locations)
HORDES = {h.id: h for h in C.load_cards("hordes.yaml", C.HordeCard)}
COMMANDS = {c.id: c for c in C.load_cards("commands.yaml", C.CommandCard)}
ADVISORS = {a.id: a for a in C.load_cards("advisors.yaml", C.Advisor)}
GENERALS = {g.id: g for g in C.load_cards("generals.yaml", C.General)}
TACTICS = {t.id: t for t in C.load_cards("tactics.yaml", C.Tactic)}
ARTIFACTS = {a.id: a for a in C.load_cards("artifacts.yaml", C.Artifact)}
CLANS = [C.Clan.model_validate(c) for c in C._load("clans.yaml")]
RAT_CARDS = {c.id: c for c in C.load_cards("rat_cards.yaml", C.RatCard)}
KHAN_SET = C.KhanSet.model_validate(C._load("khan.yaml"))  # the Genghis Khan cards (GK-*)
KHAN_CARDS = {KHAN_SET.khan.id: KHAN_SET.khan, **{c.id: c for c in (*KHAN_SET.skills, *KHAN_SET.awards,
                                                                   *KHAN_SET.bannermen)}}
SCENARIO_CARDS = {c.id: c for c in C.load_cards("scenarios.yaml", C.ScenarioCard)}  # AC-04..06
CARD_TABLES = (HORDES, COMMANDS, ADVISORS, GENERALS, TACTICS, ARTIFACTS, RAT_CARDS, KHAN_CARDS, SCENARIO_CARDS)
CLAN_CARDS = {clan.id: tuple(c.id for c in COMMANDS.values() if c.clan == clan.id) for clan in CLANS}
RES_INDEX = {r: i for i, r in enumerate(C.RESOURCES)}
# Kinds of soldier by their index in a seat's `soldiers`: the base game's three, then the Bannerman,
# a fourth kind that exists only where a module gives each seat one (GK-58). Views and events name
# units by this table.
UNIT_NAMES = C.UNITS + ("bannerman",)
UNIT_INDEX = {u: i for i, u in enumerate(UNIT_NAMES)}


def duplicate_card_ids(tables=CARD_TABLES) -> list[str]:
    """Ids used by more than one card of the content: actions, events and rule texts name a card by its
    id alone, so each must be unique across every card table."""
    seen: set[str] = set()
    repeated = []
    for table in tables:
        for card in table:
            if card in seen:
                repeated.append(card)
            seen.add(card)
    return repeated


if duplicate_card_ids():
    raise ValueError(f"card ids used twice in the Great Wall content: {duplicate_card_ids()}")


def in_play(cards: dict, sets) -> list[str]:
    """Ids of the cards whose set is in play, in a stable order."""
    return sorted(c for c, card in cards.items() if card.set in sets)


_WOOD, _STONE, _GOLD, _CHI = C.RESOURCES  # (four: a vector's places)


def vector(amounts: dict) -> tuple[int, int, int, int]:
    """A resource dict as a (wood, stone, gold, chi) tuple."""
    get = amounts.get
    return get(_WOOD, 0), get(_STONE, 0), get(_GOLD, 0), get(_CHI, 0)
