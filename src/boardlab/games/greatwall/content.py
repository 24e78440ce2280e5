"""The Great Wall content: board numbers and every card, as validated data.

Card effects are lists of primitive effects (the vocabulary below) that the rules
interpret. Every entry carries names in en / zh-Hant / zh-Hans and a `source`
(`seed GW-...`, `retail`, `authored`).
"""
from __future__ import annotations

from importlib import resources
from typing import Literal

from ...core.yamltext import load_yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

RESOURCES = ("wood", "stone", "gold", "chi")
UNITS = ("spearman", "archer", "horseman")
PRODUCTION = ("quarry", "lumber_mill", "gold_mine", "temple")
ACTIONS = ("barracks", "academy", "tea_house", "war_room")
GREEN = ("post_office", "messenger_office", "engineer_workshop")
# D20/D24: Locations that exist only in their scenario (on the board only when it is played).
SCENARIO_LOCATIONS = ("market", "transport_station", "warehouse")
LOCATIONS = PRODUCTION + ACTIONS + GREEN + SCENARIO_LOCATIONS

# Measures that scoring cards and `honor_per` count for one player.
MEASURES = (
    "archers_on_wall", "soldiers_on_wall", "horsemen", "spearmen", "overseers", "overseer_levels",
    "hordes_kept", "horde_end_honor", "advisors", "tactics", "clerks", "wall_levels", "resources",
    "donated", "fortifications_built", "honor", "wood", "stone", "gold", "chi", "clerks_on_board",
    "soldiers_at_highest_wall",
)
# Content sets: the base game, and what each module adds (a card is in play only with its set).
SETS = ("base", "five", "genghis", "rat", "ac")

# op -> how its parameter is checked: "amounts" (resource dict), "int", or a callable.
_AMOUNT_KEYS = set(RESOURCES) | {"honor"}


def _amounts(v, keys=_AMOUNT_KEYS) -> bool:
    return isinstance(v, dict) and v and set(v) <= keys and all(isinstance(n, int) and n > 0 for n in v.values())


def _pos_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _location_ref(v) -> bool:
    return v in LOCATIONS or v in ("any", "production", "action", "green")


EFFECTS = {
    # resources, Honor and tracks
    "gain": _amounts,
    "pay": lambda v: _amounts(v, set(RESOURCES)),
    "lose_honor": _pos_int,
    "gain_any": lambda v: isinstance(v, dict) and set(v) == {"n", "of"} and _pos_int(v["n"])
    and isinstance(v["of"], list) and v["of"] and set(v["of"]) <= set(RESOURCES),
    "trade": lambda v: isinstance(v, dict) and set(v) == {"pay", "gain"} and _amounts(v["pay"], set(RESOURCES))
    and _amounts(v["gain"]),
    "tea": _pos_int,
    "leader": _pos_int,
    # Clerks and Locations
    "move_clerks": _pos_int,
    "gain_clerk": _pos_int,
    "advanced_activation": _location_ref,
    # soldiers, Overseers, the Wall
    "recruit": lambda v: isinstance(v, dict) and v.get("unit") in UNITS and set(v) <= {"unit", "n"}
    and _pos_int(v.get("n", 1)),
    "move_soldiers": _pos_int,
    "fortify": _pos_int,
    "overseer": _pos_int,
    # cards
    "draw_tactics": _pos_int,
    "take_advisor": _pos_int,
    "discard_tactic": _pos_int,
    # battle (the current section)
    "wound": _pos_int,
    "wound_column": _pos_int,
    "defence": _pos_int,
    "extra_dispatch": _pos_int,
    "kill_less": _pos_int,
    "save_free": _pos_int,
    "kill_archers": _pos_int,
    "honor_per": lambda v: isinstance(v, dict) and set(v) == {"measure", "n"} and v["measure"] in MEASURES
    and _pos_int(v["n"]),
}


def check_effects(effects) -> list[dict]:
    if not isinstance(effects, list):
        raise ValueError("effects must be a list")
    for e in effects:
        if not isinstance(e, dict) or len(e) != 1:
            raise ValueError(f"an effect is a one-key mapping, not {e!r}")
        (op, arg), = e.items()
        if op not in EFFECTS:
            raise ValueError(f"unknown effect {op!r}; known: {', '.join(sorted(EFFECTS))}")
        if not EFFECTS[op](arg):
            raise ValueError(f"bad parameter for {op}: {arg!r}")
    return effects


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Text(_Strict):
    en: str = Field(min_length=1)
    zh_Hant: str = Field(alias="zh-Hant", min_length=1)
    zh_Hans: str = Field(alias="zh-Hans", min_length=1)

    def get(self, lang: str) -> str:
        return {"en": self.en, "zh-Hant": self.zh_Hant, "zh-Hans": self.zh_Hans}[lang]


class Card(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    names: Text
    text: Text  # what the card does, in words
    source: str = Field(min_length=1)
    set: Literal["base", "five", "genghis", "rat", "ac"] = "base"  # which module brings the card


Effects = list[dict]


class HordeSlot(_Strict):
    vital: bool
    reward: Effects = []

    _v = field_validator("reward")(check_effects)


class HordeCard(Card):
    copies: int = Field(default=3, ge=1)
    breach: int = Field(ge=0)          # GW-BREACH-05
    kill: int = Field(ge=0)            # GW-BREACH-09
    victory_honor: int = Field(ge=0)   # GW-BREACH-02
    end_honor: int = Field(ge=0)       # GW-BREACH-14
    invasion: int = Field(ge=0, le=2)  # D9: the section on the back
    slots: list[HordeSlot] = Field(min_length=6, max_length=6)  # 2 rows x 3 columns
    destruction: Effects               # GW-AUTUMN-09
    breach_effect: Effects             # GW-BREACH-06

    _v = field_validator("destruction", "breach_effect")(check_effects)

    @model_validator(mode="after")
    def _has_vital(self):
        if not any(s.vital for s in self.slots):
            raise ValueError(f"{self.id}: a Horde card needs at least one vital slot")
        return self


class CommandCard(Card):
    clan: str
    top: Effects
    bottom: Effects
    third_step: bool = True        # GWA-COMMAND-04

    _v = field_validator("top", "bottom")(check_effects)


class Advisor(Card):
    effects: Effects
    _v = field_validator("effects")(check_effects)


TRIGGERS = ("autumn", "battle_start", "local_victory", "breach_here", "donate", "build") + tuple(
    f"activate:{loc}" for loc in LOCATIONS)


class Ability(_Strict):
    on: str
    effects: Effects
    _v = field_validator("effects")(check_effects)

    @field_validator("on")
    @classmethod
    def _trigger(cls, v):
        if v not in TRIGGERS:
            raise ValueError(f"unknown trigger {v!r}; known: {', '.join(TRIGGERS)}")
        return v


class General(Card):
    income: dict[str, int]        # GW-AUTUMN-01
    start: dict[str, int] = {}    # extra starting resources
    tactics: int = Field(default=0, ge=0)  # Tactic cards drawn at setup
    ability: Ability

    @field_validator("income", "start")
    @classmethod
    def _res(cls, v):
        if set(v) - set(RESOURCES) or any(n < 0 for n in v.values()):
            raise ValueError(f"resources must be among {RESOURCES} and non-negative")
        return v


class Tactic(Card):
    timing: Literal["tactics", "dispatch", "breach"]  # GW-TACTICS-03..06
    base: Effects
    boosted: Effects
    chi: int = Field(ge=1)  # GW-TACTICS-07
    copies: int = Field(default=1, ge=1)

    _v = field_validator("base", "boosted")(check_effects)


class Artifact(Card):
    scoring: Literal["per", "most", "threshold"]
    measure: str
    honor: int = Field(ge=1)
    at_least: int = 0
    max: int = 0  # "per": the most units that count (0: no cap)
    # D17, AC-12/13: base Artifacts score at the end; Ancient Chronicles ones ("any") are claimed during
    # the game by the first player to reach `at_least` of `measure` (GWA-AC-02): Honor plus `effects`.
    timing: Literal["end", "any"] = "end"
    effects: Effects = []

    _v = field_validator("effects")(check_effects)

    @field_validator("measure")
    @classmethod
    def _measure(cls, v):
        if v not in MEASURES:
            raise ValueError(f"unknown measure {v!r}; known: {', '.join(MEASURES)}")
        return v

    @model_validator(mode="after")
    def _claim(self):
        if self.timing == "any" and (self.scoring != "threshold" or self.at_least < 1):
            raise ValueError(f"{self.id}: an artifact claimed during the game needs scoring threshold, at_least >= 1")
        return self


class RatCard(Card):
    """RAT-11: the condition for moving the Rat - the player with the most (or fewest) of a measure."""
    most: str | None = None
    least: str | None = None

    @model_validator(mode="after")
    def _one_condition(self):
        chosen = [m for m in (self.most, self.least) if m is not None]
        if len(chosen) != 1 or chosen[0] not in MEASURES:
            raise ValueError(f"{self.id}: give exactly one of most/least, a measure among {', '.join(MEASURES)}")
        return self


class KhanSpot(_Strict):
    """GK-33..36: a Vital spot is required at every player count (mark 0), from 4 players (4) or with 5 (5)."""
    mark: Literal[0, 4, 5] = 0


KHAN_SKILLS = ("breach_bonus", "kill_bonus", "attack_cost_chi", "no_retreat", "defence_minus", "no_rewards")


class KhanCard(Card):
    """GK-15, GK-21, GK-29..31: the Genghis Khan Horde card (no Offensive value, no rewards)."""
    spots: list[KhanSpot] = Field(min_length=4, max_length=8)


class SkillCard(Card):
    """GK-16, GK-37..39: a Skill card beside the Khan; its effect works only in his section."""
    spots: list[KhanSpot] = Field(min_length=1, max_length=4)
    skill: Literal["breach_bonus", "kill_bonus", "attack_cost_chi", "no_retreat", "defence_minus", "no_rewards"]
    value: int = Field(default=0, ge=0)


class EmperorsAward(Card):
    """GK-04/05, GK-54..57: its ability works for whoever holds the Award model."""
    ability: Ability


class Bannerman(Card):
    """GK-07/08, GK-58..62: each clan's Bannerman; `on_dispatch` is what makes its type different."""
    clan: str
    on_dispatch: Effects = []

    _v = field_validator("on_dispatch")(check_effects)


class KhanNumbers(_Strict):
    """The Genghis Khan module's numbers (GK-09, GK-16, GK-50, GK-60, GK-62)."""
    source: str
    base_types_removed: int = Field(ge=0)   # GK-09
    skills_revealed: int = Field(ge=1)      # GK-16
    honor_per_spot: int = Field(ge=0)       # GK-50
    bannerman_cost: dict[str, int]          # GK-60
    rally_attacks: int = Field(ge=1)        # GK-62

    @field_validator("bannerman_cost")
    @classmethod
    def _cost(cls, v):
        if not _amounts(v, set(RESOURCES)):
            raise ValueError(f"a cost is positive amounts of {RESOURCES}, not {v!r}")
        return v


class KhanSet(_Strict):
    """data/khan.yaml: everything the Genghis Khan module brings besides Hordes and Advisors."""
    numbers: KhanNumbers
    khan: KhanCard
    skills: list[SkillCard]
    awards: list[EmperorsAward]
    bannermen: list[Bannerman]


class ScenarioCard(Card):
    """AC-04..06: one card per Ancient Chronicles scenario (data/scenarios.yaml): `setup` (mode and setup
    side), `text` (the rules side) and the numbers its module reads (`params`)."""
    mode: Literal["competitive", "cooperative"]
    setup: Text
    params: dict[str, int | str | list[int] | list[str]] = Field(default_factory=dict)


class Clan(_Strict):
    id: str
    names: Text
    source: str


class LocationSpec(_Strict):
    id: str
    names: Text
    kind: Literal["production", "action", "green"]
    slots: int = Field(ge=1)
    slots_5p: int = 0            # GWA-SETUP-04: extra slots with 5 players
    resource: str | None = None  # production Locations
    honor_icon: bool = False     # GWA-PROD-02
    overseer: bool = False       # GWA-OVERSEER-01
    scenario: str | None = None  # D24: a scenario-only Location, on the board only in that scenario
    source: str


class WallLevel(_Strict):
    level: int = Field(ge=0)
    defence: int = Field(ge=0)
    archer_slots: int = Field(ge=1)
    build_cost: int = Field(ge=0)   # to build the next level (0: top level)
    build_honor: int = Field(ge=0)  # Honor for building the next level


class Board(_Strict):
    source: str
    sections: int = Field(ge=2, le=3)
    horde_rows: int = Field(ge=2, le=3)
    years: int = Field(ge=1)
    starting_honor: int
    starting_resources: dict[str, int]
    starting_resources_5p: dict[str, int]
    clerks: int
    soldiers: dict[str, int]
    clerk_prices: dict[str, list[int]]   # "2-3" / "4-5" / "5" players -> prices of the Post Office Clerks
    advisor_prices: list[int]
    advisors_dealt: int
    command_hand: int
    hand_limits: dict[str, int]
    wall: list[WallLevel]
    fortification: dict[str, int]
    overseer: dict[str, list[int] | int]
    donation_honor: list[int]
    monopoly_penalty: int
    lone_defender_honor: int
    save_cost: int
    defeat_participation_honor: int
    workshop_honor: int
    workshop_cost: int
    messenger_moves: int
    recruit_costs: dict[str, dict[str, int]]
    post_chi_cost: int
    secondary: dict[str, int | list[str]]
    shame: dict[str, int]                # ruling D11: pool_per_player, honor_per_token
    scenarios: dict[str, dict[str, int]] = {}   # scenario id -> its authored numbers (rules-coop.yaml, ...)
    locations: list[LocationSpec]


def _load(path: str):
    return load_yaml(resources.files(__package__).joinpath("data").joinpath(path).read_text(encoding="utf-8"))


def load_cards(path: str, model):
    cards = [model.model_validate(c) for c in _load(path)]
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{path}: duplicate ids")
    return cards
