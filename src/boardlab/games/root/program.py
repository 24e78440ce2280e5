"""Root's place in the engine contract: its base Part, the extension points it declares, its Program,
and the module types `Faction` (every faction) and `Hireling` (every hireling card).

A faction is a `Faction` (a core `Module`) named by its key (`marquise`, `eyrie`, ...). Its turn is
four named steps the base flow calls in turn, each ending with `RETURN`: `<key>.setup`,
`<key>.birdsong`, `<key>.daylight`, `<key>.evening`; and `<key>.setup_advanced`, its faction setup card
in the Advanced Setup draft (advanced.py), run as soon as a seat takes its card.

A hireling module (the Advanced Setup's hirelings, LR-AA-06) names the factions it stands for in its
attribute `replaces` (a faction key, a tuple of keys, or None): their setup cards are returned to the box
before the draft (LR-AA-06-05, RT-AS-13; advanced.replaced_in_play reads it from the active modules). Its hooks (attributes below) answer what the base
rules ask about the faction of a seat; broadcast reactions (another player's warriors entering a
clearing, say) are extension points (`POINTS`) any active module may answer.
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.codec import register
from ...core.module import Module, Part, Program
from ...core.state import Data
from .content import HIRELINGS

BASE = Part()
POINTS: dict[str, str] = {
    "ruins_seen": "fn(state, seat) -> clearings whose ruin items the seat is looking at now (a Vagabond choosing "
                  "what to take as he explores): resampling leaves them where they are",
    "moved_into": "fn(state, seat, faction, clearing, warriors) -> tasks, after warriors of `faction` (moved by "
                  "`seat`) entered `clearing` (the Alliance's Outrage)",
    "removed": "fn(state, by_seat, owner, clearing, pieces, in_battle) -> tasks, after `pieces` of `owner` were "
               "removed from `clearing` by `by_seat` (None: no player)",
    "phase_options": "fn(state, seat, phase) -> extra action ids the seat may take now, anywhere in its phase",
    "use_phase_option": "fn(state, seat, action_id) -> True if this module applied the option (its own ids)",
    "score_blocked": "fn(state, seat) -> True if the seat cannot score now (beyond dominance and coalitions)",
    "move_destinations": "fn(state, faction, origin) -> more clearings a move from `origin` may reach (the Ferry)",
    "blocks_move": "fn(state, faction, origin, dest) -> True if pieces of `faction` cannot make that move",
    "moved": "fn(state, seat, faction, origin, dest, warriors) -> tasks after any move (the Ferry goes along)",
    "blocks_leaving": "fn(state, owner, clearing) -> True if pieces of `owner` (warriors, a pawn) cannot be moved out of "
                      "`clearing` at all (the Corvids' face-up snare, LR-13-07-02); board.leaving_blocked asks it for "
                      "every move, the Vagabond's Slip excepted (LR-09-04-02)",
    "battle_effects": "fn(state, battle, seat, attacking) -> `effect:KEY` ids the seat may use in that battle now",
    "use_battle_effect": "fn(state, battle, seat, key) -> the battle after the effect, or None if the key is not "
                         "this module's",
    "battle_ended": "fn(state, battle) -> tasks after a battle's hits were taken (hostility, Infamy)",
    "birdsong_start": "fn(state, seat) -> tasks at the start of the seat's Birdsong",
    "daylight_start": "fn(state, seat) -> tasks at the start of the seat's Daylight",
    "evening_start": "fn(state, seat) -> tasks at the start of the seat's Evening",
    "evening_end": "fn(state, seat) -> tasks at the end of the seat's Evening (the Pass)",
    "birdsong_end": "fn(state, seat) -> tasks at the end of the seat's Birdsong, after its faction's steps "
                    "(Eyrie Emigre)",
    "rule_bonus": "fn(state, faction, clearing) -> more to count toward rule for `faction` there beyond its "
                  "warriors and buildings (Soup Kitchens counts its tokens twice); it may be negative (hired Riverfolk "
                  "mercenaries count for their buyer and not for the Riverfolk, RTA-RF-05)",
    "adjacent": "fn(state, faction, clearing) -> more clearings adjacent to `clearing` for `faction` (Boat "
                "Builders' rivers, Tunnels); moves and connected clearings use them",
    "moves_ignore_rule": "fn(state, faction) -> True if moves of `faction` ignore rule now (Corvid Planners)",
    "item_crafted": "fn(state, seat, item) -> tasks after the seat crafted an item and scored it (Master "
                    "Engravers, Murine Broker)",
    "warriors_returned": "fn(state, owner, clearing, n) -> tasks once a removal and the effects it triggered "
                         "resolved, for the `n` warriors of `owner` removed from `clearing` that are still in "
                         "its supply (Coffin Makers takes them; Field Hospitals came first)",
    "draw_options": "fn(state, seat, n) -> ids the seat may choose instead of drawing `n` cards now "
                    "(Informants: an ambush card from the discard pile)",
    "use_draw_option": "fn(state, seat, action_id) -> True if this module applied that draw option",
    "rolled_hits_bonus": "fn(state, battle, faction) -> more maximum rolled hits for `faction` (attacker or "
                         "defender) in that battle (the Arbiter's Protector)",
    "scores_removal": "fn(state, by_seat, owner, clearing, pieces, in_battle) -> the seat that scores for (and "
                      "counts as removing) these buildings and tokens instead of `by_seat`, or None (the Vagrant's "
                      "Instigate)",
    "coalition_formed": "fn(state, seat, partner) -> tasks after the Vagabond at `seat` joined `partner` "
                        "(LR-09-02-09-03-04)",
    # hirelings (modules/hirelings.py answers most; docs/root-rulings.md "Hirelings")
    "setup_hirelings": "fn(state, option_value) -> tasks that deal and set up the hirelings (the Advanced "
                       "Setup's step 4, RT-AS-09..18 / LR-AA-06): `option_value` is the option `hirelings` "
                       "(\"random\" or a list of keys). The standard setup asks it once its factions are set "
                       "up (RTA-HIRE-01); an Advanced Setup asks it at its step 4, before the factions. Ask "
                       "it from a step once the map is set (state.suits, warriors, supply exist) and run its tasks "
                       "from that step (T.run_then): it switches the dealt hirelings' modules on and adds their "
                       "owner keys to state.warriors / supply / hired, which later setup must keep",
    "scored": "fn(state, seat, before, after) -> None, after the seat's score went from `before` to `after` "
              "(hireling markers on the score track, RT-HR-13)",
    "wins_rule_ties": "fn(state, party) -> True if `party` rules where it is tied for rule (the Bluebird "
                      "Nobles' controller; a faction's own `Faction.wins_rule_ties` is asked besides)",
    "blocks_battle": "fn(state, seat, attacker, defender, clearing) -> True if `attacker` (taken by `seat`) "
                     "cannot battle `defender` there now (the Spring Uprising without a matching card)",
    "battle_begun": "fn(state, battle) -> tasks to run as a battle begins, before the ambush (the Spring "
                    "Uprising's toll)",
    "defender_rolls_high": "fn(state, battle) -> True if the defender deals the higher roll in this battle "
                           "(the Rabbit Scouts), beside `Faction.rolls_high_defending`",
    "move_ignores_rule": "fn(state, faction, origin, dest) -> True if that one move of `faction` ignores rule (the "
                         "Otter Divers' controller moving into or out of a river clearing), beside `moves_ignore_rule`",
    "keeps_pieces": "fn(state, by_seat, via, owner, clearing) -> True if `owner`'s pieces in `clearing` cannot be "
                    "removed by that remover (the seat `by_seat`, or the hireling `via` acting), so a removal or hits "
                    "there remove nothing (the Stoic Protector's controller); the answer logs why",
    "outrage_exempt": "fn(state, seat, owner) -> True if `seat` moving warriors of `owner` into a sympathetic "
                      "clearing causes no Outrage (hireling warriors under the seed's scheme, RT-HR-43)",
    "ignores_first_hit": "fn(state, battle, owner) -> the rule ids (empty: no) by which `owner` ignores the first "
                         "hit it takes in this battle, ambush hits included (the Badger Bodyguards); asked before "
                         "each batch of hits it takes until one is ignored: such effects never add up (one hit "
                         "a battle at most)",
    "unscored_removal": "fn(state, owner, pieces) -> the (kind, n) among the buildings and tokens `pieces` of "
                        "`owner` just removed that score no points for anyone, bonuses included (the Farmers' "
                        "farms); hireling buildings otherwise score as any (RT-HR-49, LR-AH-03-06)",
    "placed": "fn(state, owner, kind, clearing) -> tasks after a building or token of `owner` was placed in "
              "`clearing` (board.add_building / add_token push them: a task handler placing one finishes or "
              "replaces its own task first; the Bat Messengers' controller may add a warrior)",
    "extra_hits": "fn(state, battle, owner, attacking) -> more hits `owner` deals in that battle, beside its "
                  "`Faction.extra_hits` (the Raven Sentries' controller)",
    "keeps_crafted": "fn(state, seat, card) -> True if the module takes the item card the seat just crafted "
                     "instead of the discard pile (the Mole Artisans' controller may reveal it)",
    "crafting_icons": "fn(state, seat) -> suits of crafting icons the seat may pay a crafting cost with beyond its "
                      "crafting pieces, each once (\"bird\": any suit; the Frog Tinkers' revealed card)",
    "use_crafting_icon": "fn(state, seat, suit) -> True if the module paid one icon of `suit` (\"any\" for a "
                         "\"?\") of the seat's crafting cost with its icon",
    # later factions (issue 14)
    "takes_discard": "fn(state, card) -> True if the module took a card that is being spent or discarded instead of "
                     "the discard pile (the Lizard Cult's Lost Souls pile, LR-10-02-06); cards.to_pile asks it",
    "rules_outright": "fn(state, clearing) -> the faction that rules `clearing` whatever the warriors and buildings "
                      "there, or None (the Lizard Cult's Pilgrims where it has a garden, LR-10-02-04); board.ruler "
                      "asks it first, before counting and before Lords of the Forest",
    "off_map": "fn(state, place) -> None, or (ruler, adjacent clearings) of `place`, an index past the map's clearings "
               "that one faction's warriors list holds: a clearing of that faction alone, beside the map (the Duchy's "
               "Burrow, LR-12-02-02). It has no paths, suit, slots, buildings or tokens and no one else's pieces; its "
               "module answers `adjacent` for the map clearings next to it, puts `from:`/`to:` ids for it in its "
               "action segment and names it in the catalogue (`place.N`, N = index + 1). board.adjacent and "
               "board.place_ruler ask it (so moves reach it: move.py); battles, `moved_into`, Tax Collector and the "
               "other effects naming a clearing of the map never reach it",
    "battle_ally": "fn(state, faction) -> the owner whose warriors `faction` treats as its own for battle now, in "
                   "any battle but one against that owner, or None (the Riverfolk's mercenaries, LR-11-02-07-03): "
                   "battle.py counts them to battle with and for the attacker's rolled hits",
    "ally_hits": "fn(state, faction, ally, clearing, hits) -> how many of the `hits` `faction` takes there fall on "
                 "the warriors of its battle ally (LR-11-02-07-03-01); the rest `faction` takes as usual",
    "spares_hostility": "fn(state, owner, clearing) -> True if removing warriors of `owner` there now makes no "
                        "Vagabond Hostile (the Riverfolk's mercenaries, LR-11-02-07-03-02); vagabond.py asks it",
    "captures": "fn(state, task) -> how many of the warriors the removal `task` (a RemovePieces) is about to remove "
                "the module takes off the map itself instead, as prisoners (the Knaves' Have at Thee, LR-18-02-06): "
                "they are neither removed nor returned to the supply; cards.run_remove asks it before removing",
    "removal_bonus": "fn(state, scorer, owner, pieces, in_battle) -> more points for the seat `scorer` that scores for "
                     "removing `pieces` of `owner` (the Keepers' relics, LR-15-02-05); cards.run_remove asks it only "
                     "where a removal scores at all (not a hireling's, nor one's own pieces)",
    "public_hands": "fn(state) -> seats whose hands every player sees (the Riverfolk's Public Hand, LR-11-02-03): "
                    "resampling for bots leaves them as they are (view.resample)",
    "clearing_suits": "fn(state, clearing) -> the suits `clearing` matches now if an effect changes them, else None "
                      "(the Lilypad Diaspora's enclaves: a Peaceful one adds the frog suit, a Militant one covers the "
                      "printed suit with it, LR-16-02-01-01/02); board.suits_at asks it, and through it "
                      "board.clearings_of_suit (dominance, Favor cards, suit-matched placing), crafting pieces' suits "
                      "(cards.available_suits: the first suit answered) and ambushes (battle.ambushes)",
    "reshuffle_cards": "fn(state) -> cards a module's pile gives up to be shuffled into the deck with the discard "
                       "pile when the deck is reshuffled (the Lilypad Diaspora's Pond, LR-16-02-03-02); cards.reshuffle "
                       "asks it",
    "dominance_win": "fn(state, seat, card) -> True or False if `card` is a dominance card this module decides the "
                     "win of at the start of the seat's Birdsong, else None (Frog Dominance, LR-16-02-02-01); "
                     "scoring.dominance_win asks it before the suit's rule",
    "defending_ally": "fn(state, battle) -> the owner whose warriors defend beside the defender in that battle, or "
                      "None (the Twilight Council's Peacekeepers, LR-17-02-05): battle.py counts them for the "
                      "defender's rolled hits and defencelessness, and they take the defender's hits once the "
                      "defender's warriors are gone, before its buildings and tokens",
    "defender_hits": "fn(state, battle, hits) -> tasks that deal the `hits` to the defender instead of its taking "
                     "them as usual, or None (the Twilight Council's Banish moves warriors, LR-17-06-01-01)",
    "blocks_crafting": "fn(state, seat, clearing) -> True if the seat cannot activate a crafting piece in "
                       "`clearing` now (the Twilight Council's Governors, LR-17-02-03); cards.available_suits asks it",
    "blocks_handling": "fn(state, seat, clearing) -> True if the seat cannot take or flip pieces in `clearing` now "
                       "(the Twilight Council's Governors, LR-17-02-03); cards.handling_blocked asks it (the Corvids' "
                       "flips and tricks)",
}
PROGRAM = Program(BASE, points=POINTS)  # the package attaches the registry of its factions


def never_blocks(state: Any, placer: str, clearing: int) -> bool:
    """The default `Faction.blocks_placing` (board.may_place skips it)."""
    return False


class Faction(Module):
    """A Root faction: a module whose hooks the base rules ask about the faction of a seat."""

    def __init__(self, name: str, messages: str | None = None):
        super().__init__(name, messages=messages or f"{name}.yaml")
        # rule (LR-02-05): win ties for rule where it has a piece (the Eyrie's Lords of the Forest)
        self.wins_rule_ties = False
        # movement (LR-04-02-01): False lets the faction move whoever rules (the Vagabond)
        self.needs_rule_to_move = True
        # crafting (LR-04-01-01): the clearings of its crafting pieces, one entry per piece
        self.crafting_pieces: Callable[[Any, int], list[int]] = lambda state, seat: []
        # points for crafting an item (LR-03-02-02; the Eyrie's Disdain for Trade scores 1)
        self.item_points: Callable[[Any, int, int], int] = lambda state, seat, vp: vp
        # battle (LR-04-03): deals the higher roll when defending (the Alliance's Guerrilla War)
        self.rolls_high_defending = False
        # the most rolled hits it can deal in a clearing (default: its warriors there, LR-04-03-03-01)
        self.max_rolled_hits: Callable[[Any, str, int], int] | None = None
        # defenceless as defender (default: no warriors there, LR-04-03-05-02)
        self.defenceless: Callable[[Any, str, int], bool] | None = None
        # extra hits it deals as attacker / defender (leaders, characters)
        self.extra_hits: Callable[[Any, int, bool], int] = lambda state, clearing, attacking: 0
        # taking hits its own way (the Vagabond damages items): fn(state, clearing, hits, battle) -> tasks
        self.takes_hits: Callable[..., list[Any]] | None = None
        # an enemy's effect removing all enemy pieces from a clearing (Favor cards, the Alliance's Revolt) reached
        # this faction there beyond its removable pieces: fn(state, by_seat, clearing) -> tasks (the Vagabond
        # damages three items, LR-09-02-02-01). Every "remove all enemy pieces" effect calls it for each enemy.
        self.full_removal: Callable[[Any, int | None, int], list[Any]] = lambda state, by_seat, clearing: []
        # points for removing enemy pieces beyond 1 per building or token (the Eyrie's Despot, Infamy)
        self.removal_points: Callable[..., int] = lambda state, owner, pieces, in_battle: 0
        # an item the faction crafts: where it goes (default: its Crafted Items box)
        self.takes_item: Callable[[Any, int, str], None] | None = None
        # an item it gains into its Crafted Items box some other way (a hireling's Explore): its own way, as tasks
        # (the Hundreds' Hoard, whose full tracks cost an item, LR-14-02-04-01); cards.gain_item asks it
        self.gains_item: Callable[[Any, int, str, tuple[str, ...]], list[Any]] | None = None
        # the faction's own answer to "may it place pieces in this clearing?" beyond the keep
        self.blocks_placing: Callable[[Any, str, int], bool] = never_blocks
        # what an activated dominance card does: "win" (LR-03-03-01) or "coalition" (the Vagabond, LR-09-02-08)
        self.dominance = "win"
        # the pieces it battles with in a clearing (default: its warriors and pawn there, LR-04-03); the Exile
        # battles from its forest with its items
        self.fighters: Callable[[Any, str, int], int] | None = None
        # its pawn is one of its warriors wherever warriors are counted (the Hundreds' warlord, RTA-LH-05)
        self.warrior_pawn = False
        # paying for a Riverfolk service (LR-11-02-06-03): None pays with warriors from the supply; else the ready
        # items it may exhaust to pay (the Vagabond), and `exhaust_for_service(state, seat, kind)` exhausts one
        self.service_items: Callable[[Any, int], list[str]] | None = None
        self.exhaust_for_service: Callable[[Any, int, str], None] = lambda state, seat, kind: None


class Hireling(Faction):
    """A hireling card (LR-AH, RT-HR): a module named by the card's key (data/hirelings.yaml), switched on
    when the card is dealt. Its pieces are keyed by that name (state.py), so the base rules ask its
    `Faction` hooks about them (battle, hits, rule ties); modules/hirelings.py runs control and asks the
    hooks below, each answering for the side in play (`demoted(state)`):

    - `setup(state, seat)`: tasks that set the card up as it says, decisions of `seat` (RT-AS-17);
    - `when_hired(state, seat)`: tasks of its When-Hired action (LR-AH-02-01, RT-HR-28);
    - `birdsong(state, seat)`: tasks of its Start-of-Birdsong action (LR-AH-02-03, RT-HR-29);
    - `daylight(state, seat)`: the ids of its Once-Per-Daylight actions open now (LR-AH-02-04, RT-HR-30),
      offered among the controller's phase options; `use_daylight(state, seat, id)` takes one;
    - `anyone(state, seat, phase)`, `use_anyone(state, seat, id)`: what any player may do on their own turn
      (the Exile's Aid);
    - `card(state)`: its part of the hirelings' view (items on the card, ...).

    Abilities (LR-AH-02-02) answer the base game's extension points like any module, checking
    `controller(state)` and `demoted(state)` themselves. `replaces`: the faction keys whose setup cards
    leave the game with it (LR-AA-06-05, RT-HR-09).

    Hireling tokens (footholds, lilypads: `spec.pieces.tokens`) are `state.tokens` entries keyed by the
    hireling, as a faction's are: they never count for rule (board.rule_total / ruler count warriors and
    buildings, LR-AH-03-01), take hits after its warriors, and removing them scores 1 each for a player
    removing them with its own pieces or effects, nothing when a hireling removes them (cards.run_remove,
    RT-HR-48/49, LR-AH-03-06). The ones off the map are in its supply (`tokens_left`).
    """

    def __init__(self, name: str, messages: str | None = None):
        super().__init__(name, messages=messages)
        self.spec = HIRELINGS[name]  # the card's numbers and texts (data/hirelings.yaml)
        self.replaces: tuple[str, ...] = self.spec.replaces
        self.setup: Callable[[Any, int], list[Any]] = lambda state, seat: []
        self.when_hired: Callable[[Any, int], list[Any]] = lambda state, seat: []
        self.birdsong: Callable[[Any, int], list[Any]] = lambda state, seat: []
        self.daylight: Callable[[Any, int], list[str]] = lambda state, seat: []
        self.use_daylight: Callable[[Any, int, str], None] = lambda state, seat, action_id: None
        self.anyone: Callable[[Any, int, str], list[str]] = lambda state, seat, phase: []
        self.use_anyone: Callable[[Any, int, str], None] = lambda state, seat, action_id: None
        self.card: Callable[[Any], dict] = lambda state: {}
        self.data = lambda state: HirelingCard()

    def controller(self, state: Any) -> int | None:
        """The seat controlling it (None: in the supply, or not dealt)."""
        return state.hired.get(self.name)

    def demoted(self, state: Any) -> bool:
        """Whether the card lies on its demoted side (RT-HR-11, RT-AS-14..16)."""
        return bool(state.mods[self.name].demoted)

    def tokens_left(self, state: Any, kind: str) -> int:
        """Its tokens of a kind in its supply: those of the card's pieces not on the map (LR-01-05-01)."""
        placed = sum(1 for pieces in state.tokens for p in pieces if p == (self.name, kind))
        return self.spec.pieces.tokens.get(kind, 0) - placed


@register
class HirelingCard(Data):
    """A hireling module's data in `state.mods[name]`: which side is up (a module with more to keep
    subclasses it, registered too)."""
    __slots__ = ("demoted",)

    def __init__(self) -> None:
        self.demoted = False


def hireling(name: str) -> Hireling:
    module = PROGRAM.module(name)
    assert isinstance(module, Hireling)
    return module


def faction(state: Any, seat: int) -> Faction:
    return of(state.faction[seat])


_OF: dict[str, Faction] = {}  # modules never change once loaded; asked for at every rule check


def of(name: str) -> Faction:
    module = _OF.get(name)
    if module is None:
        found = PROGRAM.module(name)
        assert isinstance(found, Faction)
        module = _OF[name] = found
    return module


class KeptByModules:
    """A value worked out once per tuple of active modules; the tuple asked about last (the very object: a game keeps
    one) is kept at hand, so that most questions skip hashing it."""

    __slots__ = ("build", "known", "last")

    def __init__(self, build: Callable[[Any], Any]):
        self.build = build  # (state) -> the value for state.modules
        self.known: dict[tuple[str, ...], Any] = {}
        self.last: tuple[Any, Any] = (None, None)

    def get(self, state: Any) -> Any:
        modules = state.modules
        last = self.last
        if last[0] is modules:
            return last[1]
        found = self.known.get(modules)
        if found is None:
            found = self.known[modules] = self.build(state)
        self.last = (modules, found)
        return found


_ANSWERS = KeptByModules(lambda state: PROGRAM.flow(state.modules).answers)


def extensions(state: Any, point: str) -> tuple[Callable[..., Any], ...]:
    """The answers of the active modules to one of the base game's extension points (asked often:
    kept per set of active modules)."""
    last = _ANSWERS.last
    if last[0] is state.modules:
        return last[1].get(point, ())
    return _ANSWERS.get(state).get(point, ())


def answered_tasks(state: Any, point: str, *args: Any) -> list[Any]:
    """The tasks the answers to an extension point return for these arguments, in order (the answers `fn(state,
    *args) -> tasks or None`; nothing is made when no module answers, the usual case)."""
    answers = extensions(state, point)
    return [t for fn in answers for t in fn(state, *args) or ()] if answers else []


def all_extensions(state: Any) -> dict[str, tuple[Callable[..., Any], ...]]:
    """Every extension point's answers (point -> functions), for code asking several points at once."""
    answers: dict[str, tuple[Callable[..., Any], ...]] = _ANSWERS.get(state)
    return answers


# The active modules with a `blocks_placing` hook.
_PLACERS = KeptByModules(lambda state: tuple(m for m in PROGRAM.active(state) if hasattr(m, "blocks_placing")))


def placers(state: Any) -> tuple[Faction, ...]:
    """The active modules with a `blocks_placing` hook (kept per set of active modules)."""
    found: tuple[Faction, ...] = _PLACERS.get(state)
    return found
