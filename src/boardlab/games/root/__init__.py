"""Root: the base game by the Law of Root (newest printing), its four factions, maps and deck.

Rules come from the Law (`LR-*` ids, catalogue in shared/rules/root-law.yaml) and boardlab's rulings
where the Law leaves a choice open (`RTA-*`, docs/root-rulings.md). Every faction is a module
(`modules/`), switched on by the option `factions`; base code asks the faction of a seat through the
`Faction` hooks and the extension points of `program.py`.
"""
from __future__ import annotations

from typing import Literal

from ...core.actions import Segment
from ...core.errors import ConfigError
from ...core.i18n import Catalogue, core_catalogue
from ...core.options import Options, option
from ...core.registry import GameInfo
from ...core.ruleset import Ruleset
from ...core.visibility import NOBODY, OWNER, Zone
from . import actions as A
from . import advanced as ADV
from . import battle, cards, move, turn  # noqa: F401  (register the base steps, decisions and tasks)
from .content import (CARD_TEXTS, CHARACTERS, DECK_MODULES, DECKS, FACTIONS, HIRELINGS, MAPS, PLAYABLE_HIRELINGS,
                      REACH, SETUP_CARDS, VIABLE_REACH, hirelings_possible)
from .evaluate import base_potential, base_summary
from .modules import FACTION_MODULES, REGISTRY
from .program import PROGRAM
from .state import RootState
from .text import render_text
from .view import base_view, describe, localize, resample

PROGRAM.registry = REGISTRY
# the factions of a game whose options name none, the first `players` of them (six: RTA-SIX-01)
DEFAULT_FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "riverfolk")
Faction = Literal[FACTION_MODULES]  # type: ignore[valid-type]
Character = Literal[tuple(CHARACTERS)]  # type: ignore[valid-type]
Hireling = Literal[PLAYABLE_HIRELINGS]  # type: ignore[valid-type]
SetupCard = Literal[ADV.IMPLEMENTED]  # type: ignore[valid-type]
VAGABONDS = ("vagabond", "vagabond2")


class RootOptions(Options):
    map: Literal[tuple(MAPS)] = option("autumn")  # type: ignore[valid-type]
    deck: Literal[tuple(DECKS)] = option("standard")  # type: ignore[valid-type]
    factions: list[Faction] | None = option(None, per_seat=True)
    below_reach: bool = option(False)
    turn_limit: int | None = option(None, ge=1, le=500)
    # one character per Vagabond in play, in the seat order of the Vagabonds (None: each chooses at setup)
    vagabond: list[Character] | None = option(None)
    # hirelings (RT-HR, LR-AH): "off", "random" (three dealt at setup), or the ones to play, by key
    hirelings: Literal["off", "random"] | list[Hireling] = option("off")  # type: ignore[valid-type]
    # who gains and loses hirelings: seed 001's scheme (RT-HR-13..24) or the Law's Appendix H (LR-AH-01)
    hireling_control: Literal["seed", "law"] = option("seed")
    # the Advanced Setup (the Law's Appendix A, seed 001; advanced.py) and its settings
    setup: Literal["standard", "advanced"] = option("standard")
    # the setup cards of the draft (LR-AA-08-01; None: RTA-AS-03's pool)
    setup_cards: list[SetupCard] | None = option(None, requires={"setup": "advanced"})
    # LR-AA-08-02-01, RT-AS-23: two players keep the insurgent setup cards (with hirelings only)
    keep_insurgents: bool = option(False, requires={"setup": "advanced"})
    # R-10, RTA-AS-02: the two-player deck's dominance cards, and where the cards not kept go
    two_player_dominance: Literal["remove", "keep"] = option("remove", requires={"setup": "advanced"})
    returned_cards: Literal["shuffle", "top"] = option("shuffle", requires={"setup": "advanced"})

    def check(self, players: int) -> None:
        if self.setup == "advanced":
            self.check_advanced(players)
        if self.setup == "advanced" and self.factions is None:
            return  # the draft chooses the factions and uses no reach (RT-AS-03)
        chosen = list(self.factions or default_factions(players))
        if len(set(chosen)) != len(chosen):
            raise ConfigError("err.root.factions_twice", RULESET.catalogue, factions=", ".join(chosen))
        if "vagabond2" in chosen and "vagabond" not in chosen:
            raise ConfigError("err.root.second_vagabond", RULESET.catalogue)
        if "knaves" in chosen and set(chosen) & set(VAGABONDS):  # LR-18-02-01
            raise ConfigError("err.root.knaves_vagabond", RULESET.catalogue)
        self.check_characters(chosen)
        self.check_hirelings(chosen)
        total, need = sum(REACH[f] for f in chosen), VIABLE_REACH.get(players, 0)
        if total < need and not self.below_reach:  # LR-05-02
            raise ConfigError("err.root.reach", RULESET.catalogue, total=total, need=need, players=players,
                              factions=", ".join(chosen))


    def check_characters(self, chosen: list[str]) -> None:
        """LR-09-03-01: one character card per Vagabond, no character twice."""
        if self.vagabond is None:
            return
        vagabonds = [f for f in chosen if f in VAGABONDS]
        if len(self.vagabond) != len(vagabonds):
            raise ConfigError("err.root.vagabond_count", RULESET.catalogue, characters=", ".join(self.vagabond),
                              n=len(vagabonds))
        twice = sorted({c for c in self.vagabond if self.vagabond.count(c) > 1})
        if twice:
            raise ConfigError("err.root.vagabond_twice", RULESET.catalogue, character=twice[0])

    def check_hirelings(self, chosen: list[str]) -> None:
        """RT-HR-08 (three at most, none twice) and RT-HR-09 / LR-AA-06-05: no hireling beside the faction it
        replaces; `random` needs one hireling that can be dealt (RTA-HIRE-01)."""
        if self.hirelings == "off":
            return
        if self.hirelings == "random":
            if not any(not set(HIRELINGS[h].replaces) & set(chosen) for h in PLAYABLE_HIRELINGS):
                raise ConfigError("err.root.no_hireling", RULESET.catalogue, factions=", ".join(chosen))
            return
        named = list(self.hirelings)
        if not named or len(named) > 3 or len(set(named)) != len(named):
            raise ConfigError("err.root.hireling_count", RULESET.catalogue, hirelings=", ".join(named))
        for h in named:
            clash = sorted(set(HIRELINGS[h].replaces) & set(chosen))
            if clash:
                raise ConfigError("err.root.hireling_faction", RULESET.catalogue, hireling=h, faction=clash[0])

    def check_advanced(self, players: int) -> None:
        """The Advanced Setup's options: with `factions` there is no draft (LR-AA-08); a draft deals the
        characters (LR-AA-08-02-03) and needs a pool the implemented factions can fill (R-10)."""
        cat = RULESET.catalogue
        if self.keep_insurgents and self.hirelings == "off":  # LR-AA-08-02-01, RT-AS-23
            raise ConfigError("err.root.keep_insurgents", cat)
        deals = ADV.hireling_sets(self.hirelings)
        if self.factions is not None:
            if self.setup_cards is not None:
                raise ConfigError("err.root.cards_without_draft", cat)
            return  # the hirelings beside given factions: check_hirelings (LR-AA-06-05, RT-HR-09)
        if self.vagabond is not None:
            raise ConfigError("err.root.draft_characters", cat)
        pool = list(self.setup_cards) if self.setup_cards is not None else ADV.default_pool(players)
        if len(set(pool)) != len(pool):
            raise ConfigError("err.root.cards_twice", cat, cards=", ".join(pool))
        if {SETUP_CARDS[c].faction for c in pool} >= {"knaves", "vagabond"}:  # LR-AA-08-01, LR-18-02-01
            raise ConfigError("err.root.knaves_vagabond", cat)
        problems = [ADV.shortfall(players, pool, gone, self.keep_insurgents) for gone in deals]
        if all(problems):  # not one deal of hirelings leaves a pool to draft
            key, about = problems[0]  # type: ignore[misc]
            raise ConfigError(key, cat, **about)

    @classmethod
    def value_texts(cls, name: str) -> dict[str, dict[str, str]]:
        """The factions', the characters', the hirelings' and the setup cards' names come from content."""
        langs = ("en", "zh-Hant", "zh-Hans")
        if name == "factions":
            return {k: {lang: f.names.get(lang) for lang in langs} for k, f in FACTIONS.items()}
        if name == "hirelings":
            return {k: {lang: HIRELINGS[k].promoted.names.get(lang) for lang in langs} for k in PLAYABLE_HIRELINGS}
        if name == "setup_cards":
            return {k: {lang: SETUP_CARDS[k].names.get(lang) for lang in langs} for k in ADV.IMPLEMENTED}
        if name != "vagabond":
            return {}
        return {k: {lang: c.names.get(lang) for lang in langs} for k, c in CHARACTERS.items()}


def default_factions(players: int) -> list[str]:
    """Marquise + Eyrie for 2, + Alliance for 3, + Vagabond for 4, + the second Vagabond for 5, + the Riverfolk
    Company for 6 (RTA-SIX-01: the Riverfolk expansion's second Vagabond and Company make the six-player game)."""
    return list(DEFAULT_FACTIONS[:players])


class Root(Ruleset):
    name = "root"
    min_players = 2
    max_players = 6
    zones = (
        Zone("hands.*", OWNER, items=True, describe="cards in hand (their number is public, LR-01-02-01)"),
        Zone("deck", NOBODY, describe="the shared deck (LR-01-02-02)"),
        Zone("ruin_items", NOBODY, describe="the items under the ruins"),
        Zone("draft.kept.*", OWNER, describe="the Advanced Setup: the cards a seat chose to keep, until all chose "
                                              "(LR-AA-10)"),
    )
    options = RootOptions
    program = PROGRAM
    state_class = RootState

    def __init__(self) -> None:
        self.catalogue = Catalogue.load(__package__, parent=core_catalogue(), extra="modules")

    def configure(self, players: int, options: object) -> dict:
        out = super().configure(players, options)
        if ADV.drafting(out):
            if out.get("setup_cards") is None:
                out["setup_cards"] = ADV.default_pool(players)
        elif out.get("factions") is None:
            out["factions"] = default_factions(players)
        return out

    def main_option_sets(self) -> list[tuple[int, dict]]:
        return [(2, {}), (2, {"map": "winter"}), (2, {"map": "lake"}), (2, {"map": "mountain"}),
                (2, {"deck": "exiles"}),
                (2, {"factions": ["marquise", "vagabond"], "below_reach": True}),
                (3, {}), (3, {"factions": ["alliance", "marquise", "eyrie"]}),
                (3, {"factions": ["marquise", "eyrie", "vagabond"]}),
                (4, {}), (5, {}), (4, {"map": "winter", "factions": ["vagabond", "alliance", "eyrie", "marquise"]}),
                (4, {"factions": ["marquise", "eyrie", "vagabond", "vagabond2"], "vagabond": ["thief", "ranger"]}),
                # hirelings (the standard setup deals those whose faction is not in play, RTA-HIRE-01)
                (2, {"factions": ["marquise", "eyrie"], "hirelings": "random"}),
                (3, {"factions": ["marquise", "vagabond", "vagabond2"], "hirelings": "random", "below_reach": True}),
                (2, {"factions": ["eyrie", "alliance"], "hirelings": ["forest_patrol", "exile"], "below_reach": True,
                     "hireling_control": "law", "map": "lake"}),
                (3, {"factions": ["marquise", "eyrie", "alliance"], "hirelings": ["vault_keepers", "flame_bearers",
                                                                           "prosperous_farmers"]}),
                (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "map": "mountain",
                     "hirelings": ["riverfolk_flotilla", "highway_bandits", "furious_protector"]}),
                (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"],
                     "hirelings": ["river_roamers", "sunward_expedition", "sunny_advocates"]}),
                # the Advanced Setup: drafts for 3 and 4 players (5: below); 2 players choose their factions
                # (LR-AA-08), since the implemented setup cards cannot fill their drafts (RTA-AS-03)
                (3, {"setup": "advanced"}), (4, {"setup": "advanced", "map": "lake", "deck": "exiles"}),
                (2, {"setup": "advanced", "factions": ["eyrie", "marquise"]}),
                (5, {"setup": "advanced", "factions": default_factions(5)}),
                (2, {"setup": "advanced", "factions": ["marquise", "eyrie"], "hirelings": ["spring_uprising", "exile"],
                     "hireling_control": "law"}),
                (2, {"setup": "advanced", "factions": ["eyrie", "marquise"], "hirelings": ["popular_band", "flame_bearers",
                                                                                            "prosperous_farmers"]}),
                # drafts with hirelings dealt at random, under both control schemes (RT-HR, LR-AH)
                (3, {"setup": "advanced", "hirelings": "random"}),
                (3, {"setup": "advanced", "hirelings": "random", "hireling_control": "law"}),
                (4, {"setup": "advanced", "hirelings": "random", "map": "winter"}),
                (4, {"setup": "advanced", "hirelings": "random", "hireling_control": "law", "deck": "exiles"}),
                (5, {"setup": "advanced", "factions": default_factions(5), "hirelings": "random"}),
                (5, {"setup": "advanced", "factions": default_factions(5), "hirelings": "random",
                     "hireling_control": "law"}),
                # the Lizard Cult (issue 14): 2-5 players, every map, hirelings, its setup card in a five-player draft
                (2, {"factions": ["marquise", "lizard"], "below_reach": True}),
                (3, {"factions": ["marquise", "eyrie", "lizard"], "map": "winter"}),
                (4, {"factions": ["lizard", "marquise", "eyrie", "vagabond"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "alliance", "vagabond", "lizard"], "map": "mountain",
                     "deck": "exiles"}),
                (4, {"setup": "advanced", "hirelings": ["warm_sun_prophets", "popular_band", "highway_bandits"],
                     "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "vagabond2", "lizard"]}),
                (5, {"setup": "advanced"}),
                # the Corvid Conspiracy (issue 14): plots face down, a draft with its setup card
                (3, {"factions": ["marquise", "eyrie", "corvid"], "map": "lake"}),
                (4, {"factions": ["corvid", "marquise", "alliance", "vagabond"], "map": "winter", "hirelings": "random"}),
                (4, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "lizard", "corvid"],
                     "deck": "exiles"}),
                # the Riverfolk Company (issue 14): services bought by every other faction, the Vagabond's items, every
                # map, a draft with its setup card
                (2, {"factions": ["riverfolk", "marquise"], "below_reach": True}),
                (3, {"factions": ["marquise", "eyrie", "riverfolk"], "map": "winter"}),
                (4, {"factions": ["riverfolk", "marquise", "alliance", "vagabond"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "lizard", "vagabond", "riverfolk"], "map": "mountain",
                     "deck": "exiles"}),
                (4, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "riverfolk",
                                                          "corvid"]}),
                # the Underground Duchy (issue 14): the Burrow beside the map, 2-5 players, every map, its setup card
                (2, {"factions": ["duchy", "marquise"], "map": "mountain"}),
                (3, {"factions": ["eyrie", "duchy", "alliance"], "map": "lake"}),
                (4, {"factions": ["marquise", "duchy", "vagabond", "lizard"], "map": "winter", "hirelings": "random",
                     "deck": "exiles"}),
                (5, {"factions": ["duchy", "eyrie", "alliance", "vagabond", "corvid"]}),
                (4, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "corvid", "duchy"],
                     "map": "lake"}),
                (2, {"setup": "advanced"}),  # several militant cards now: a two-player draft (LR-AA-08-02-01)
                # the Lord of the Hundreds (issue 14): 2-5 players, every map, hirelings; its militant setup card lets
                # two players draft (with the Marquise's and the Eyrie's alone)
                (2, {"factions": ["hundreds", "marquise"]}),
                (3, {"factions": ["marquise", "eyrie", "hundreds"], "map": "winter"}),
                (4, {"factions": ["hundreds", "marquise", "alliance", "vagabond"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "alliance", "vagabond", "hundreds"], "map": "mountain",
                     "deck": "exiles"}),
                (2, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "hundreds"]}),
                (4, {"setup": "advanced", "hirelings": "random", "setup_cards": [
                    "marquise", "eyrie", "alliance", "vagabond", "lizard", "corvid", "hundreds"]}),
                # the Knaves of the Deepwood (issue 14): never beside the Vagabond (LR-18-02-01), 2-5 players, every map,
                # hirelings; its setup card with four Captains dealt in a draft without the Vagabond's cards
                (2, {"factions": ["knaves", "marquise"], "below_reach": True}),
                (3, {"factions": ["marquise", "eyrie", "knaves"], "map": "winter"}),
                (4, {"factions": ["knaves", "marquise", "alliance", "eyrie"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "alliance", "corvid", "knaves"], "map": "mountain",
                     "deck": "exiles"}),
                (4, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "lizard", "corvid", "knaves"],
                     "map": "winter"}),
                # the Lilypad Diaspora (issue 14): 2-5 players, every map, hirelings, the Exiles deck; its militant
                # setup card lets two players draft
                (2, {"factions": ["lilypad", "marquise"]}),
                (3, {"factions": ["marquise", "eyrie", "lilypad"], "map": "winter"}),
                (4, {"factions": ["lilypad", "marquise", "alliance", "vagabond"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "lizard", "riverfolk", "lilypad"], "map": "mountain",
                     "deck": "exiles"}),
                (2, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "lilypad"]}),
                (4, {"setup": "advanced", "hirelings": "random", "setup_cards": [
                    "marquise", "eyrie", "alliance", "vagabond", "corvid", "duchy", "lilypad"]}),
                # the Keepers in Iron (issue 14): relics face down (values no one sees), 2-5 players, every map,
                # hirelings; its militant setup card in drafts
                (2, {"factions": ["keepers", "marquise"]}),
                (3, {"factions": ["marquise", "eyrie", "keepers"], "map": "winter"}),
                (4, {"factions": ["keepers", "marquise", "alliance", "vagabond"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "alliance", "vagabond", "keepers"], "map": "mountain",
                     "deck": "exiles"}),
                (2, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "keepers"]}),
                (3, {"setup": "advanced", "map": "winter", "setup_cards": [
                    "marquise", "eyrie", "alliance", "vagabond", "keepers"]}),
                # the Twilight Council (issue 14): Governors and Peacekeepers against every faction kind, Entreat taken
                # by every enemy, 2-5 players, every map, hirelings, its setup card in a draft
                (2, {"factions": ["twilight", "marquise"], "below_reach": True}),
                (3, {"factions": ["eyrie", "twilight", "alliance"], "map": "winter", "below_reach": True}),
                (4, {"factions": ["marquise", "twilight", "vagabond", "hundreds"], "map": "lake", "hirelings": "random"}),
                (5, {"factions": ["marquise", "eyrie", "corvid", "vagabond", "twilight"], "map": "mountain",
                     "deck": "exiles", "below_reach": True}),
                (4, {"setup": "advanced", "setup_cards": ["marquise", "eyrie", "alliance", "vagabond", "twilight",
                                                          "duchy"]}),
                # six players (RTA-SIX-01): one mix a map, every faction in one of them; drafts of seven setup cards,
                # with hirelings (all three demoted, LR-AA-06-02) under both control schemes
                (6, {}),
                (6, {"factions": ["lizard", "duchy", "corvid", "hundreds", "knaves", "eyrie"], "map": "winter"}),
                (6, {"factions": ["keepers", "lilypad", "twilight", "vagabond", "vagabond2", "corvid"], "map": "lake",
                     "hirelings": "random", "hireling_control": "law"}),
                (6, {"factions": ["hundreds", "riverfolk", "lizard", "vagabond", "vagabond2", "marquise"],
                     "map": "mountain", "deck": "exiles", "hirelings": "random"}),
                (6, {"setup": "advanced", "hirelings": "random", "map": "winter"}),
                (6, {"setup": "advanced", "hirelings": "random", "hireling_control": "law", "map": "mountain"}),
                # the rest of the rotation: the Corvids with two players, the second Vagabond on the winter map, a
                # two-player draft with hirelings that keeps the insurgent cards (LR-AA-08-02-01)
                (2, {"factions": ["corvid", "marquise"], "map": "mountain", "below_reach": True}),
                (3, {"factions": ["vagabond", "vagabond2", "eyrie"], "map": "winter", "below_reach": True}),
                (2, {"setup": "advanced", "hirelings": "random", "keep_insurgents": True, "map": "lake"})]

    def modules_for(self, players: int, options: dict) -> tuple[str, ...]:
        """The factions in seat order (none yet when they are drafted: the draft switches each on, LR-AA-08),
        the map's own module if it has one (LR-AM), then the modules of the deck's card effects
        (data/decks.yaml), then `hirelings` (control, markers, dice) when the option `hirelings` is on: each
        hireling dealt switches its own module on at setup."""
        board = MAPS[options.get("map", "autumn")]
        hirelings = ("hirelings",) if hirelings_possible(options) else ()
        return (tuple(options.get("factions") or ()) + ((board.module,) if board.module else ())
                + DECK_MODULES[options.get("deck", "standard")] + hirelings)

    def possible_modules(self, players: int, options: dict) -> tuple[str, ...]:
        """Those of `modules_for`, then the factions a draft may switch on and every hireling that may be dealt
        (for the action space)."""
        return tuple(dict.fromkeys(self.modules_for(players, options) + A.factions_of(options)
                                   + hirelings_possible(options)))

    def base_actions(self, players: int, options: dict) -> list[Segment]:
        deck = options.get("deck", "standard")
        segments = A.segments(players, A.factions_of(options) + hirelings_possible(options), deck)
        return segments + (A.advanced_segments(deck) if ADV.is_advanced(options) else [])

    def scores(self, state: RootState) -> list[int]:
        return list(state.score) if state.score else [0] * state.players

    def winners(self, state: RootState) -> list[int]:
        return list(state.winners)

    def everyone_lost(self, state: RootState) -> bool:
        """A game stopped by the simulation lab's turn limit is a draw (RTA-TURN-LIMIT)."""
        return state.over and not state.winners

    def describe(self, state: RootState, action_id: str, lang: str) -> str:
        return describe(self, state, action_id, lang)

    def localize(self, key: str, params: dict, lang: str) -> dict:
        return localize(self, params, lang)

    def rule_text(self, rule_id: str, lang: str) -> str | None:
        """Catalogue ids, and `card:KEY` for a card whose effect acted."""
        head, _, key = rule_id.partition(":")
        if head == "card" and key in CARD_TEXTS:
            text = CARD_TEXTS[key]
            return text.names.get(lang) + (f": {text.text.get(lang)}" if text.text else "")
        return super().rule_text(rule_id, lang)

    def base_potential(self, state: RootState) -> list[float]:
        return base_potential(state)

    def base_summary(self, state: RootState) -> dict:
        return base_summary(state)

    def base_view(self, state: RootState) -> dict:
        return base_view(state)

    def resample_base(self, state: RootState, seat: int | None, stream) -> None:
        resample(state, seat, stream)

    def render_text(self, view: dict, lang: str) -> str:
        return render_text(self, view, lang)


RULESET = Root()
GAME = GameInfo(ruleset=RULESET, renderer=f"{__name__}.render", seat_colours=tuple(FACTIONS[f].colour for f in DEFAULT_FACTIONS))
