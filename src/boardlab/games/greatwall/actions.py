"""The Great Wall's base action ids: built, parsed and typed here, and their integer encoding.

An id is `HEAD` or `HEAD:ARG[:ARG]`; the decision asking it gives its meaning (`g.decision`). `FORMS`
declares each head's arguments by kind (by decision where one head means different things there), and
`parse(id, decision)` reads an id into a `Parsed(head, args)` of (kind, typed value) pairs: the rules read
ids through it (`arg`, `args`) and `view.describe_action` shows each argument by its kind.

| id | decision(s) | kinds | meaning |
|---|---|---|---|
| `general:G` | general | general | keep General G (GW-SETUP-10) |
| `command:C` | command | card | play Command card C (GW-COMMAND-04) |
| `wood:N`, `stone:N`, `gold:N` | donate | count | give N of that resource (GW-SUMMER-01), N in 0..99 |
| `section:S` | battle_section, secondary_spearman, recruit_free, soldier_to, fortify_free | section | Wall section S (1..3) |
| `advisor:CARD` | advisor | card | play that Advisor card |
| `advisor:I` | pick, post, take_advisor | track | the card at position I of the Advisor track |
| `to:LOC`, `from:LOC`, `from:supply` | secondary_clerk, clerk_to, clerk_from | location | a Clerk's destination / origin |
| `activate:LOC` | activate_order, advanced | location | activate that Location |
| `build:S` | build | section | raise section S one level |
| `archer:S`, `spearman:S` | recruit | section | recruit at section S |
| `horseman:S:archer`, `horseman:S:spearman` | recruit | section, unit | a Horseman at S upgrades that soldier |
| `fort:S:R1+R2` | workshop | section, payment | a Fortification at S paid with those two resources |
| `buy:LOC:UNIT` | overseer | location, unit | a new Overseer, paid with that soldier from supply (GW-OVERSEER-02) |
| `upgrade:LOC` | overseer | location | one level more for the Overseer there |
| `resource:R` | pay_any, gain_any | resource | one resource R |
| `move:UNIT@S` | soldier_from | soldier_at | move that soldier from section S |
| `discard:CARD` | discard_tactics, discard_advisors | card | discard that card |
| `tactic:CARD` | tactic | card | commit that Tactic card face down |
| `slot:R:K` | shoot, wound | row, slot | wound slot K (1..6) of the Horde card at row R (1..3) |
| `column:R:C` | wound_column | row, column | wound column C (1..3) of the card at row R |
| `dispatch:UNIT:R` | dispatch | unit, row | send that soldier onto the card at row R |
| `slot:K` | slot | slot | the soldier covers slot K |
| `move` | messenger | | move soldiers between sections |
| `dispatch` | secondary_dispatch | | dispatch a Secondary Spearman |
| `skip`, `use`, `clerk`, `chi`, `pay`, `refuse`, `trade`, `done`, `none`, `boost`, `base`, `save`, `die` | (as listed) | | a word answer |

The kinds (`KINDS`: what an argument's text may be and what `parse` makes of it; `view.show`: how a text
shows it). Places (sections, rows, slots, columns, places of the Horde array) are numbered from 1 in ids as
in texts ("Section 1" is `section:1`); the rules index them from 0, and `pos` writes an index as an id does
(saves of version 2 and older numbered them from 0: `from_zero` reads their ids):

| kind | text | value | shown as |
|---|---|---|---|
| `section` | `1`..`3` | int, from 0 | the section's name ("Section 1") |
| `row` | `1`..`3` | int, from 0 | its number (a row of the Horde array) |
| `slot` | `1`..`6` | int, from 0 | its number (a Horde card's slot, a Khan card's vital spot) |
| `column` | `1`..`3` | int, from 0 | its number (a column of a Horde card's slots) |
| `count` | `0`, `1`, ... | int | the number |
| `track` | `0`..`5` | int | the card at that position of the Advisor track and its price |
| `horde` | `1`..`9` | int, from 0 | its number (a place of the Horde array, section * 3 + row + 1) |
| `location` | a Location id, or `supply` | str | its name |
| `card`, `general` | a card id, a General's id | str | its name (the text then adds the card's text) |
| `unit` | `spearman`, `archer`, `horseman`, `bannerman` | str | its name |
| `resource` | `wood`, `stone`, `gold`, `chi` | str | its name |
| `soldier_at` | `UNIT@S` | (unit, section) | "Spearman at Section 1" |
| `payment` | `R1+R2[+R3]` | tuple of resources | their names, listed |
| `word` | a name (`fortress`) | str | its name (`name.WORD`) |

Modules add their own ids (modules/<name>.py) and declare their forms the same way (a module-level `FORMS`
beside their builders, passed to `parse` and to `view.describer`); some ids are in base forms (a
Bannerman's `dispatch:bannerman:R`, `move:bannerman@S`).

The action space (`Game.action_space`) lays out, in this order: the words; `general:` for every General in
play; `command:` for the Command cards of every seat's clan; `section:`; `advisor:CARD` for every Advisor
in play, then `advisor:I` for the track positions; `to:`/`from:`/`activate:` for every Location of the
content (a scenario's Locations included); `build:`; the recruits; `fort:` (section x the 6 payments);
`buy:` (each base kind of soldier) and `upgrade:` for the Locations with Overseers; `resource:`; `move:` for the three base kinds of
soldier at each section; `discard:` for the Tactics, then the Advisors in play; `tactic:`; `slot:R:K`;
`column:`; `dispatch:` for Spearmen and Horsemen; `slot:K`; then the three donation grids (0..99 each: the
engine does not cap what a player holds, the retail supply has 50 of each resource, and the most anyone
held in 640,000 random decisions was 45); then the segments of the modules the options switch on, in
their order. Sizes: 624 ids with 2 players and 636 with 4 (base game); famine with 3 players 692.
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Callable, NamedTuple

from ...core.actions import Grid, Segment, Vocabulary
from .content import RESOURCES, UNITS
from . import data_tables as D
from .data_tables import (ADVISORS, BOARD, CLAN_CARDS, CLANS, GENERALS, LOC_ORDER, LOCS, TACTICS, UNIT_NAMES,
                          in_play)

WORDS = ("skip", "use", "clerk", "chi", "move", "pay", "refuse", "trade", "done", "none", "boost", "base",
         "dispatch", "save", "die")
DONATED = ("wood", "stone", "gold")
MOST_GIVEN = 99  # donations encoded up to this many of one resource (see above)
SLOTS = 6    # wound slots of a Horde card (2 x 3)
COLUMNS = 3  # columns of those slots
PAYMENTS = tuple(combinations_with_replacement(("wood", "stone", "gold"), 2))  # a Fortification's prices
SECTIONS = range(BOARD.sections)
ROWS = range(BOARD.horde_rows)
# Every card of the content by table (names and texts: `view.CARDS`; the `card` kind); ids are unique
# across them (data_tables.duplicate_card_ids).
CARD_TABLES = D.CARD_TABLES


# ---- building ids ------------------------------------------------------------------------------------------

def general_id(general: str) -> str:
    return f"general:{general}"


def command_id(card: str) -> str:
    return f"command:{card}"


def donation_id(kind: str, n: int) -> str:
    return f"{kind}:{n}"


def pos(index: int) -> int:
    """A place on the board as ids and texts number it: from 1 (the rules count from 0)."""
    return index + 1


def section_id(section: int) -> str:
    return f"section:{pos(section)}"


def advisor_id(card: str) -> str:
    return f"advisor:{card}"


def track_id(index: int) -> str:
    return f"advisor:{index}"


def to_id(loc: str) -> str:
    return f"to:{loc}"


def from_id(source: str) -> str:
    return f"from:{source}"


def activate_id(loc: str) -> str:
    return f"activate:{loc}"


def build_id(section: int) -> str:
    return f"build:{pos(section)}"


def recruit_id(unit: str, section: int, upgrade: str | None = None) -> str:
    return f"{unit}:{pos(section)}" if upgrade is None else f"{unit}:{pos(section)}:{upgrade}"


def payment_text(resources: tuple[str, ...]) -> str:
    """A payment argument: ("wood", "stone") -> `wood+stone`."""
    return "+".join(resources)


def fort_id(section: int, payment: tuple[str, ...]) -> str:
    return f"fort:{pos(section)}:{payment_text(payment)}"


def overseer_id(what: str, loc: str, unit: str | None = None) -> str:
    """`buy:LOC:UNIT` (a new Overseer paid with that soldier), `upgrade:LOC`."""
    return f"{what}:{loc}" if unit is None else f"{what}:{loc}:{unit}"


def resource_id(resource: str) -> str:
    return f"resource:{resource}"


def soldier_at(unit: str, section: int) -> str:
    """A soldier on or behind a section: `UNIT@S` (in `move:` and a scenario's ids)."""
    return f"{unit}@{pos(section)}"


def move_id(at: str) -> str:
    return f"move:{at}"


def discard_id(card: str) -> str:
    return f"discard:{card}"


def tactic_id(card: str) -> str:
    return f"tactic:{card}"


def wound_id(row: int, slot: int) -> str:
    return f"slot:{pos(row)}:{pos(slot)}"


def column_id(row: int, column: int) -> str:
    return f"column:{pos(row)}:{pos(column)}"


def dispatch_id(unit: str, row: int) -> str:
    return f"dispatch:{unit}:{pos(row)}"


def slot_id(slot: int) -> str:
    return f"slot:{pos(slot)}"


# ---- the forms: each head's arguments by kind (the tables above) --------------------------------------------

Kinds = tuple[str, ...]
Form = Kinds | dict[str, Kinds]  # the same kinds at every decision, or the kinds at each decision asking it
Forms = dict[str, Form]

FORMS: Forms = {
    **{word: () for word in WORDS},
    "move": {"messenger": (), "soldier_from": ("soldier_at",)},
    "dispatch": {"secondary_dispatch": (), "dispatch": ("unit", "row")},
    "general": ("general",),
    "command": ("card",),
    **{kind: ("count",) for kind in DONATED},
    "section": ("section",),
    "advisor": {"advisor": ("card",), "pick": ("track",), "post": ("track",), "take_advisor": ("track",)},
    "to": ("location",),
    "from": ("location",),
    "activate": ("location",),
    "build": ("section",),
    "archer": ("section",),
    "spearman": ("section",),
    "horseman": ("section", "unit"),
    "fort": ("section", "payment"),
    "buy": ("location", "unit"),
    "upgrade": ("location",),
    "resource": ("resource",),
    "discard": ("card",),
    "tactic": ("card",),
    "slot": {"shoot": ("row", "slot"), "wound": ("row", "slot"), "slot": ("slot",)},
    "column": ("row", "column"),
}


def _number(below: int | None = None) -> Callable[[str], int]:
    """A number written plainly (`7`, not `07` or `+7`), under `below` if given."""
    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit()) or str(int(text)) != text:
            raise ValueError(f"{text!r} is not a number")
        if below is not None and int(text) >= below:
            raise ValueError(f"{text} is not below {below}")
        return int(text)
    return read


def _position(count: int) -> Callable[[str], int]:
    """A place numbered from 1 as written (`1`..`count`), read as the rules' index from 0."""
    number = _number(count + 1)

    def read(text: str) -> int:
        value = number(text)
        if value == 0:
            raise ValueError(f"{text} is not from 1 to {count}")
        return value - 1
    return read


def _among(names, what: str) -> Callable[[str], str]:
    names = frozenset(names)

    def read(text: str) -> str:
        if text not in names:
            raise ValueError(f"{text!r} is not {what}")
        return text
    return read


def _soldier_at(text: str) -> tuple[str, int]:
    unit, at, section = text.partition("@")
    if not at:
        raise ValueError(f"{text!r} is not UNIT@SECTION")
    return KINDS["unit"](unit), KINDS["section"](section)


def _payment(text: str) -> tuple[str, ...]:
    return tuple(KINDS["resource"](r) for r in text.split("+"))


def _word(text: str) -> str:
    if not text.isidentifier():
        raise ValueError(f"{text!r} is not a word")
    return text


KINDS: dict[str, Callable[[str], Any]] = {
    "section": _position(BOARD.sections),
    "row": _position(BOARD.horde_rows),
    "slot": _position(SLOTS),
    "column": _position(COLUMNS),
    "count": _number(),
    "track": _number(len(BOARD.advisor_prices)),
    "horde": _position(BOARD.sections * BOARD.horde_rows),
    "location": _among((*LOCS, "supply"), "a Location"),
    "card": _among((c for table in CARD_TABLES for c in table), "a card"),
    "general": _among(GENERALS, "a General"),
    "unit": _among(UNIT_NAMES, "a kind of soldier"),
    "resource": _among(RESOURCES, "a resource"),
    "soldier_at": _soldier_at,
    "payment": _payment,
    "word": _word,
}
POSITIONS = ("section", "row", "slot", "column", "horde")  # kinds written from 1 (`pos`)


def from_zero(action_id: str, forms: list[Forms]) -> str:
    """An id written before places were numbered from 1 (save version 2 and older: `section:0`), as
    it is written now (`section:1`); `forms` are the base game's and the modules' forms."""
    return renumbered(action_id, forms, 1)


def renumbered(action_id: str, forms: list[Forms], by: int) -> str:
    """The id with every place it names moved `by` (1: from 0-based to 1-based; -1: back)."""
    head, *texts = action_id.split(":")
    kinds = _kinds_by_place(head, len(texts), forms)
    return ":".join([head] + [_shifted(t, k, by) for t, k in zip(texts, kinds)]) if kinds else action_id


def _kinds_by_place(head: str, arity: int, forms: list[Forms]) -> list[str] | None:
    """For each argument of a head with this many arguments: a kind numbered from 1 if any form of
    the head has one there, else the kind of the first form (None: no form has this arity)."""
    found = [kinds for f in forms for kinds in _alternatives(f.get(head)) if len(kinds) == arity]
    if not found:
        return None
    return [next((k for k in column if k in POSITIONS or k == "soldier_at"), column[0]) for column in zip(*found)]


def _alternatives(form: Form | None) -> list[Kinds]:
    return [] if form is None else list(form.values()) if isinstance(form, dict) else [form]


def _shifted(text: str, kind: str, by: int) -> str:
    if kind in POSITIONS and text.isdigit():
        return str(int(text) + by)
    unit, at, section = text.partition("@")
    if kind == "soldier_at" and at and section.isdigit():
        return f"{unit}@{int(section) + by}"
    return text


class Parsed(NamedTuple):
    """An id read by its form: its head and each argument as (kind, typed value)."""
    head: str
    args: tuple[tuple[str, Any], ...]

    @property
    def values(self) -> tuple[Any, ...]:
        return tuple(value for _, value in self.args)


def form_of(head: str, decision: str | None, forms: Forms = FORMS) -> Kinds | None:
    """The kinds of a head's arguments at a decision (None: no such form)."""
    form = forms.get(head)
    return form.get(decision or "") if isinstance(form, dict) else form


def parse(action_id: str, decision: str | None = None, forms: Forms = FORMS) -> Parsed:
    """Read an id by its form at `decision` (needed only where a head's form depends on it): `slot:1:4` at
    `wound` -> Parsed("slot", (("row", 1), ("slot", 4))). ValueError if the id has no such form."""
    head, *texts = action_id.split(":")
    kinds = form_of(head, decision, forms)
    if kinds is None:
        raise ValueError(f"{action_id!r}: no form for {head!r}" + (f" at {decision!r}" if decision else ""))
    if len(texts) != len(kinds):
        raise ValueError(f"{action_id!r}: {head!r} takes {len(kinds)} argument(s)")
    return Parsed(head, tuple((kind, KINDS[kind](text)) for kind, text in zip(kinds, texts)))


_ARGS: dict[tuple[str, str | None], tuple[Any, ...]] = {}  # the base forms' answers (ids are few, asked often)
_ARGS_MAX = 100_000


def args(action_id: str, decision: str | None = None, forms: Forms = FORMS) -> tuple[Any, ...]:
    """The typed arguments: `slot:1:4` at `wound` -> (1, 4), `fort:0:wood+gold` -> (0, ("wood", "gold")).
    Immutable values, so the base forms' answers are kept (search bots apply the same ids many times)."""
    if forms is not FORMS:
        return parse(action_id, decision, forms).values
    key = (action_id, decision)
    values = _ARGS.get(key)
    if values is None:
        values = parse(action_id, decision, forms).values
        if len(_ARGS) >= _ARGS_MAX:
            _ARGS.clear()
        _ARGS[key] = values
    return values


def arg(action_id: str, decision: str | None = None, forms: Forms = FORMS) -> Any:
    """The only argument, typed: `to:quarry` -> "quarry", `build:2` -> 2, `move:archer@1` at soldier_from ->
    ("archer", 1)."""
    values = args(action_id, decision, forms)
    if len(values) != 1:
        raise ValueError(f"{action_id!r} has {len(values)} arguments, not one")
    return values[0]


def unit_at(at: str) -> tuple[str, int]:
    """`UNIT@S` (a `soldier_at` argument, kept as text in a task) -> (unit name, section)."""
    return KINDS["soldier_at"](at)


# ---- the integer encoding ------------------------------------------------------------------------------------

def segments(players: int, sets: tuple[str, ...]) -> list[Segment]:
    """The base game's segments for a player count and the content sets in play."""
    locs = LOC_ORDER
    overseen = [loc for loc in LOC_ORDER if LOCS[loc].overseer]
    advisors = in_play(ADVISORS, sets)
    tactics = in_play(TACTICS, sets)
    clans = [CLANS[s].id for s in range(players)]
    ids = list(WORDS)
    ids += [general_id(g) for g in in_play(GENERALS, sets)]
    ids += [command_id(c) for clan in clans for c in CLAN_CARDS[clan]]
    ids += [section_id(s) for s in SECTIONS]
    ids += [advisor_id(a) for a in advisors] + [track_id(i) for i in range(len(BOARD.advisor_prices))]
    ids += [to_id(loc) for loc in locs] + [from_id("supply")] + [from_id(loc) for loc in locs]
    ids += [activate_id(loc) for loc in locs]
    ids += [build_id(s) for s in SECTIONS]
    for s in SECTIONS:
        ids += [recruit_id("archer", s), recruit_id("spearman", s), recruit_id("horseman", s, "archer"),
                recruit_id("horseman", s, "spearman")]
    ids += [fort_id(s, p) for s in SECTIONS for p in PAYMENTS]
    ids += [overseer_id("buy", loc, u) for loc in overseen for u in UNITS] + [overseer_id("upgrade", loc) for loc in overseen]
    ids += [resource_id(r) for r in RESOURCES]
    ids += [move_id(soldier_at(u, s)) for s in SECTIONS for u in UNITS]
    ids += [discard_id(c) for c in tactics + advisors]
    ids += [tactic_id(t) for t in tactics]
    ids += [wound_id(r, k) for r in ROWS for k in range(SLOTS)]
    ids += [column_id(r, c) for r in ROWS for c in range(COLUMNS)]
    ids += [dispatch_id(u, r) for u in ("spearman", "horseman") for r in ROWS]
    ids += [slot_id(k) for k in range(SLOTS)]
    amounts = range(MOST_GIVEN + 1)
    return [Vocabulary(ids)] + [Grid(kind, (amounts,), _donation(kind), _parse_donation(kind)) for kind in DONATED]


def _donation(kind: str):
    return lambda n: donation_id(kind, n)


def _parse_donation(kind: str):
    def parse_donation(action_id: str):
        try:
            parsed = parse(action_id, "donate")
        except ValueError:
            return None
        return parsed.values if parsed.head == kind else None
    return parse_donation
