"""Every task of the base game, as a typed record (core/tasks.py): the task stack holds these.

A record names its fields; handlers read them by name and update the task on top with
`task._replace(...)`. Record names are global in the codec registry (snapshots), so they are specific
to this game. Modules define their own records beside their handlers. `rules` fields are the rule ids
an effect cites.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ...core.tasks import record

Rules = tuple[str, ...]


# ---- the year (seasons.py) ---------------------------------------------------------------------------------

@record
class Income(NamedTuple):
    """GW-AUTUMN-01..04: General income and Overseer production, every seat."""


@record
class Invasion(NamedTuple):
    """GW-AUTUMN-05..09: Horde cards come."""


@record
class AdvisorOption(NamedTuple):
    """GWA-ADVISOR-01: the seat may play an Advisor before a Command effect."""
    seat: int


@record
class BottomEffect(NamedTuple):
    """GW-RESOLVE-03: the seat may use the bottom effect of another player's Command card."""
    seat: int
    card: str


@record
class SecondaryClerk(NamedTuple):
    """GW-TWOP-06/07: the current player may place a Secondary Clerk."""
    seat: int


@record
class Activations(NamedTuple):
    """GW-ACTIVATE-01/05: activate every due Location; `third_step`: the seat picks the order."""
    seat: int
    third_step: bool


@record
class DiscardCommand(NamedTuple):
    seat: int
    card: str


@record
class SummerPick(NamedTuple):
    """GW-SUMMER-09: an Advisor from the track or a Clerk, then a Wall level (BuildWall)."""
    seat: int


@record
class BuildWall(NamedTuple):
    seat: int


# ---- Locations (locations.py) ------------------------------------------------------------------------------

@record
class Activate(NamedTuple):
    """One activation of a Location; `seat` is the current player, `advanced` an advanced activation."""
    seat: int
    location: str
    advanced: bool
    rules: Rules


@record
class LocationEffect(NamedTuple):
    """The Location's effect for one player with `clerks` Clerks there, `done` of them used."""
    seat: int
    location: str
    clerks: int
    done: int


@record
class OverseerOffer(NamedTuple):
    seat: int
    location: str


@record
class SecondaryActivation(NamedTuple):
    """GW-TWOP-08/10: the Secondary race's Clerks at an activated Location (`seat`: the current player)."""
    seat: int
    location: str
    clerks: int


@record
class Monopoly(NamedTuple):
    seat: int
    location: str


@record
class ClerksHome(NamedTuple):
    location: str


@record
class SecondarySpearman(NamedTuple):
    seat: int


@record
class PlaceOverseer(NamedTuple):
    """Buy or upgrade `left` Overseers at `where` (a Location or "any"); `free`: no resources paid."""
    seat: int
    left: int
    rules: Rules
    where: str
    free: bool


@record
class PayAny(NamedTuple):
    """Pay `left` resources of any kinds, one at a time."""
    seat: int
    left: int
    rules: Rules


# ---- the card effect vocabulary (effects.py) ---------------------------------------------------------------

@record
class EffectOp(NamedTuple):
    """One op of a card's effect list (docs/greatwall-effects.md)."""
    seat: int
    op: str
    arg: Any
    rules: Rules


@record
class ClerkMove(NamedTuple):
    """GWA-MOVE-01: up to `left` moves; `source` is the picked origin (None: not picked yet)."""
    seat: int
    left: int
    rules: Rules
    source: str | None


@record
class RecruitFree(NamedTuple):
    seat: int
    unit: str
    left: int
    rules: Rules


@record
class SoldierMove(NamedTuple):
    """`picked`: the soldier chosen ("unit@section") or None; `route` None (each move anywhere), "fix"
    (the first move's (origin, destination) becomes the route, GW-MESSENGER-01) or that route."""
    seat: int
    left: int
    rules: Rules
    picked: str | None
    route: Any


@record
class FortifyFree(NamedTuple):
    seat: int
    left: int
    rules: Rules


@record
class TakeAdvisor(NamedTuple):
    seat: int
    left: int
    rules: Rules


@record
class DiscardCards(NamedTuple):
    """Discard `left` cards of `hand` ("tactics" or "advisors"); the `keep` newest may not be chosen."""
    seat: int
    hand: str
    left: int
    rules: Rules
    keep: int


@record
class HandLimit(NamedTuple):
    seat: int
    hand: str


@record
class Wound(NamedTuple):
    seat: int
    left: int
    rules: Rules


@record
class WoundColumn(NamedTuple):
    seat: int
    left: int
    rules: Rules


# ---- Spring (spring.py) ---------------------------------------------------------------------------------------

@record
class BattleHonor(NamedTuple):
    """Battle step 1 (GW-BATTLE-01)."""


@record
class TacticCommit(NamedTuple):
    """Battle step 2: Tactic cards face down (GW-BATTLE-03)."""


@record
class TacticReveal(NamedTuple):
    """...and revealed (GW-BATTLE-04)."""


@record
class Shoot(NamedTuple):
    """Battle step 3 (GW-BATTLE-05..08); `turn`: whose turn it is, counted down the Leader track."""
    turn: int


@record
class Dispatch(NamedTuple):
    """Battle step 4 (GW-BATTLE-09..16); `turn` as in Shoot."""
    turn: int


@record
class BattleDefeat(NamedTuple):
    """5.1: defeated Horde cards (GW-BREACH-01..04)."""


@record
class BattleBreach(NamedTuple):
    """5.2: the breach check and its disaster (GW-BREACH-05..12)."""


@record
class BattleClaim(NamedTuple):
    """Breach 3: defeated cards kept or discarded (GW-BREACH-13..16)."""


@record
class BreachTactics(NamedTuple):
    """Breach 4 (GW-BREACH-17)."""


@record
class BattleShift(NamedTuple):
    """Breach 5: cards move down (GW-BREACH-18)."""


@record
class TacticResolve(NamedTuple):
    seat: int
    card: str
    rules: Rules


@record
class Dispatched(NamedTuple):
    """After a soldier is dispatched: the "dispatched" extension point."""
    seat: int
    unit: int


@record
class PlaceSoldier(NamedTuple):
    """A dispatched soldier covering `left` more slots of the card at `row`; `chosen` so far."""
    seat: int
    unit: int
    row: int
    left: int
    chosen: tuple[int, ...]


@record
class SecondaryDispatch(NamedTuple):
    seat: int


@record
class Kills(NamedTuple):
    """GW-BREACH-08/09: the Kill value of the breaching card at `row`."""
    row: int


@record
class Victim(NamedTuple):
    """A soldier the Kill value reaches: on the Horde card (`where` "card"), an Archer on the Wall
    ("wall") or a soldier behind the section ("behind")."""
    seat: int
    unit: int
    where: str
    row: int
