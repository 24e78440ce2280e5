"""The Great Wall's base action ids, built and parsed here, and their integer encoding.

An id is `HEAD` or `HEAD:ARG[:ARG]`; the decision asking it gives its meaning (`g.decision`).

| id | decision(s) | meaning |
|---|---|---|
| `general:G` | general | keep General G (GW-SETUP-10) |
| `command:C` | command | play Command card C (GW-COMMAND-04) |
| `wood:N`, `stone:N`, `gold:N` | donate | give N of that resource (GW-SUMMER-01), N in 0..99 |
| `section:S` | battle_section, secondary_spearman, recruit_free, soldier_to, fortify_free | Wall section S (0..2) |
| `advisor:CARD` | advisor | play that Advisor card |
| `advisor:I` | pick, post, take_advisor | the card at position I of the Advisor track |
| `to:LOC`, `from:LOC`, `from:supply` | secondary_clerk, clerk_to, clerk_from | a Clerk's destination / origin |
| `activate:LOC` | activate_order, advanced | activate that Location |
| `build:S` | build | raise section S one level |
| `archer:S`, `spearman:S`, `horseman:S:archer`, `horseman:S:spearman` | recruit | recruit at section S (a Horseman upgrades that soldier) |
| `fort:S:R1+R2` | workshop | a Fortification at S paid with those two resources |
| `buy:LOC`, `upgrade:LOC` | overseer | a new Overseer / one level more |
| `resource:R` | pay_any, gain_any | one resource R |
| `move:UNIT@S` | soldier_from | move that soldier from section S |
| `discard:CARD` | discard_tactics, discard_advisors | discard that card |
| `tactic:CARD` | tactic | commit that Tactic card face down |
| `slot:R:K` | shoot, wound | wound slot K (0..5) of the Horde card at row R (0..2) |
| `column:R:C` | wound_column | wound column C (0..2) of the card at row R |
| `dispatch:UNIT:R` | dispatch | send that soldier onto the card at row R |
| `slot:K` | slot | the soldier covers slot K |
| `skip`, `use`, `clerk`, `chi`, `move`, `pay`, `refuse`, `trade`, `done`, `none`, `boost`, `base`, `pass`, `dispatch`, `save`, `die` | (as listed) | a word answer |

Modules add their own ids (modules/<name>.py), some in these forms (a Bannerman's `dispatch:bannerman:R`).

The action space (`Game.action_space`) lays out, in this order: the words; `general:` for every General in
play; `command:` for the Command cards of every seat's clan; `section:`; `advisor:CARD` for every Advisor
in play, then `advisor:I` for the track positions; `to:`/`from:`/`activate:` for every Location of the
content (a scenario's Locations included); `build:`; the recruits; `fort:` (section x the 6 payments);
`buy:`/`upgrade:` for the Locations with Overseers; `resource:`; `move:` for the three base kinds of
soldier at each section; `discard:` for the Tactics, then the Advisors in play; `tactic:`; `slot:R:K`;
`column:`; `dispatch:` for Spearmen and Horsemen; `slot:K`; then the three donation grids (0..99 each: the
engine does not cap what a player holds, the retail supply has 50 of each resource, and the most anyone
held in 640,000 random decisions was 45); then the segments of the modules the options switch on, in
their order. Sizes: 615 ids with 2 players and 627 with 4 (base game); famine with 3 players 683.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ...core.actions import Grid, Segment, Vocabulary
from .content import RESOURCES, UNITS
from .data_tables import ADVISORS, BOARD, CLAN_CARDS, CLANS, GENERALS, LOC_ORDER, LOCS, TACTICS, in_play

WORDS = ("skip", "use", "clerk", "chi", "move", "pay", "refuse", "trade", "done", "none", "boost", "base", "pass",
         "dispatch", "save", "die")
DONATED = ("wood", "stone", "gold")
MOST_GIVEN = 99  # donations encoded up to this many of one resource (see above)
SLOTS = 6    # wound slots of a Horde card (2 x 3)
PAYMENTS = tuple("+".join(p) for p in combinations_with_replacement(("wood", "stone", "gold"), 2))
SECTIONS = range(BOARD.sections)
ROWS = range(BOARD.horde_rows)


# ---- building ids ------------------------------------------------------------------------------------------

def general_id(general: str) -> str:
    return f"general:{general}"


def command_id(card: str) -> str:
    return f"command:{card}"


def donation_id(kind: str, n: int) -> str:
    return f"{kind}:{n}"


def section_id(section: int) -> str:
    return f"section:{section}"


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
    return f"build:{section}"


def recruit_id(unit: str, section: int, upgrade: str | None = None) -> str:
    return f"{unit}:{section}" if upgrade is None else f"{unit}:{section}:{upgrade}"


def fort_id(section: int, payment: str) -> str:
    return f"fort:{section}:{payment}"


def overseer_id(what: str, loc: str) -> str:
    return f"{what}:{loc}"


def resource_id(resource: str) -> str:
    return f"resource:{resource}"


def soldier_at(unit: str, section: int) -> str:
    """A soldier on or behind a section: `UNIT@S` (in `move:` and a scenario's ids)."""
    return f"{unit}@{section}"


def move_id(at: str) -> str:
    return f"move:{at}"


def discard_id(card: str) -> str:
    return f"discard:{card}"


def tactic_id(card: str) -> str:
    return f"tactic:{card}"


def wound_id(row: int, slot: int) -> str:
    return f"slot:{row}:{slot}"


def column_id(row: int, column: int) -> str:
    return f"column:{row}:{column}"


def dispatch_id(unit: str, row: int) -> str:
    return f"dispatch:{unit}:{row}"


def slot_id(slot: int) -> str:
    return f"slot:{slot}"


# ---- parsing ids ---------------------------------------------------------------------------------------------

def arg(action_id: str) -> str:
    """What follows the head: `to:quarry` -> `quarry`, `horseman:1:archer` -> `1:archer`."""
    return action_id.partition(":")[2]


def args(action_id: str) -> list[str]:
    """The arguments after the head: `slot:1:4` -> ["1", "4"]."""
    return action_id.split(":")[1:]


def int_arg(action_id: str) -> int:
    return int(action_id.partition(":")[2])


def unit_at(at: str) -> tuple[str, int]:
    """`UNIT@S` -> (unit name, section)."""
    unit, _, section = at.partition("@")
    return unit, int(section)


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
    ids += [overseer_id(what, loc) for loc in overseen for what in ("buy", "upgrade")]
    ids += [resource_id(r) for r in RESOURCES]
    ids += [move_id(soldier_at(u, s)) for s in SECTIONS for u in UNITS]
    ids += [discard_id(c) for c in tactics + advisors]
    ids += [tactic_id(t) for t in tactics]
    ids += [wound_id(r, k) for r in ROWS for k in range(SLOTS)]
    ids += [column_id(r, c) for r in ROWS for c in range(3)]
    ids += [dispatch_id(u, r) for u in ("spearman", "horseman") for r in ROWS]
    ids += [slot_id(k) for k in range(SLOTS)]
    amounts = range(MOST_GIVEN + 1)
    return [Vocabulary(ids)] + [Grid(kind, (amounts,), _donation(kind), _parse_donation(kind)) for kind in DONATED]


def _donation(kind: str):
    return lambda n: donation_id(kind, n)


def _parse_donation(kind: str):
    def parse(action_id: str):
        head, _, n = action_id.partition(":")
        return (int(n),) if head == kind and n.isdigit() and str(int(n)) == n else None
    return parse
