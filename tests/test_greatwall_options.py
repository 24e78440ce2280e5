"""The Great Wall: game options (`expansions`, `scenario`, `mode`) and which combinations are allowed.

Clauses of shared/rules/greatwall-stretch.yaml about combining options: AC-07 (Ancient Chronicles
scenarios cannot be combined with any other expansion), GK-02 (Genghis Khan works in any mode except
with Ancient Chronicles), GK-24/GK-25 (Genghis Khan's objective is competitive-only), AC-DIA-03 /
AC-RED-04 (the two co-op-only scenarios; AC-RED-04 read as "Red Turban" per the rulings' defect list),
AC-03/AC-05 (a scenario card may require cooperative play), RAT-01 (Rat works in any mode), with the
rulings of shared/rules/greatwall-rulings.md: D4 (cooperative mode exists only for Diaoyucheng and Red
Turban; competitive is the default).

Every refusal is a ConfigError whose message names the rule behind it (in every language); unknown
values are refused naming the valid ones. Options that are allowed but not built yet (Genghis Khan,
the six scenarios) are refused with a "not available yet" error, never silently ignored.
"""
from __future__ import annotations

import itertools

import pytest

import boardlab
from boardlab.core import codec
from boardlab.core.errors import ConfigError

EXPANSIONS = ("genghis", "rat")
SCENARIOS = ("freezing", "famine", "emperor", "ghost", "diaoyu", "redturban")
COOP_ONLY = {"diaoyu": "AC-DIA-03", "redturban": "AC-RED-04"}
LANGS = ("en", "zh-Hant", "zh-Hans")


def refused(options: dict, players: int = 3) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        boardlab.new_game("greatwall", players, seed=1, options=options)
    return info.value


def names_rule(err: ConfigError, rule: str) -> None:
    """The refusal names the rule, in every language."""
    assert err.key == "err.combo", (err.key, str(err))
    for lang in LANGS:
        assert rule in err.text(lang), (lang, err.text(lang))


# ---- defaults and normalisation -----------------------------------------------------------------------


@pytest.mark.rule("D4")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_no_options_is_the_competitive_base_game(players):
    g = boardlab.new_game("greatwall", players, seed=1)
    assert g.options == {"expansions": [], "scenario": None, "mode": "competitive"}   # D4: competitive default
    assert g.state.sets == (("base", "five") if players == 5 else ("base",))
    assert g.modules == () and not g.state.mods and "rat" not in g.view(0)


@pytest.mark.parametrize("given, expansions", [
    ({"expansions": ["rat"]}, ["rat"]),
    ({"expansions": ("rat",)}, ["rat"]),                       # any sequence; stored as a list
    ({"expansions": ["rat", "rat"]}, ["rat"]),                 # duplicates collapse
    ({"expansions": []}, []),
    ({"expansions": ["rat"], "mode": "competitive"}, ["rat"]),
    ({"expansions": ["rat"], "scenario": None}, ["rat"]),
])
def test_options_are_normalised(given, expansions):
    g = boardlab.new_game("greatwall", 3, seed=1, options=given)
    assert g.options == {"expansions": expansions, "scenario": None, "mode": "competitive"}


def test_normalised_options_survive_a_save_and_load():
    g = boardlab.new_game("greatwall", 4, seed=3, options={"expansions": ("rat", "rat")})
    for _ in range(12):
        g.apply(g.legal_action_ids()[0])
    data = g.save()
    assert data["options"] == {"expansions": ["rat"], "scenario": None, "mode": "competitive"}
    again = boardlab.load(data)
    assert again.options == g.options and again.state_hash() == g.state_hash()
    assert again.modules == g.modules == ("rat",)
    assert codec.encode(again.state.mods) == codec.encode(g.state.mods)


def test_the_option_schema_describes_the_valid_values():
    props = boardlab.option_schema("greatwall")["properties"]
    assert set(props) == {"expansions", "scenario", "mode"}
    assert set(props["expansions"]["x-value-texts"]) == set(EXPANSIONS)
    assert set(props["scenario"]["x-value-texts"]) == set(SCENARIOS)
    assert set(props["mode"]["x-value-texts"]) == {"competitive", "cooperative"}
    assert props["mode"]["default"] == "competitive" and props["scenario"]["default"] is None
    for texts in (props["scenario"]["x-texts"]["title"], props["scenario"]["x-value-texts"]["diaoyu"]):
        assert set(texts) == set(LANGS) and all(texts.values())


# ---- unknown values: refused, naming the valid ones ------------------------------------------------------


@pytest.mark.parametrize("value", [["wonders"], ["Rat"], ["rat", "khan"], "rat", None, [1], {"rat": 1}])
def test_unknown_or_malformed_expansions_are_refused_naming_the_valid_ones(value):
    err = refused({"expansions": value})
    assert err.key == "err.option_value" and err.params["option"] == "expansions"
    for lang in LANGS:
        assert "genghis, rat" in err.text(lang)


@pytest.mark.parametrize("value", ["diaoyucheng", "Freezing", "", 3, "red_turban"])
def test_an_unknown_scenario_is_refused_naming_the_six(value):
    err = refused({"scenario": value})
    assert err.key == "err.option_value" and err.params["option"] == "scenario"
    for lang in LANGS:
        assert ", ".join(SCENARIOS) in err.text(lang)


@pytest.mark.parametrize("value", ["solo", "coop", "Cooperative", None, ""])
def test_an_unknown_mode_is_refused_naming_both_modes(value):
    err = refused({"mode": value})
    assert err.key == "err.option_value" and err.params["option"] == "mode"
    for lang in LANGS:
        assert "competitive, cooperative" in err.text(lang)


def test_an_unknown_option_name_is_refused_listing_the_options():
    err = refused({"expansion": ["rat"]})
    assert err.key == "err.unknown_option"
    assert "expansions, mode, scenario" in str(err)


# ---- forbidden combinations, each naming its rule -----------------------------------------------------


@pytest.mark.rule("AC-07", "GK-02", "RAT-01")
@pytest.mark.parametrize("scenario, expansion", list(itertools.product(SCENARIOS, EXPANSIONS)))
@pytest.mark.parametrize("mode", ["competitive", "cooperative"])
def test_a_scenario_with_an_expansion_is_refused_naming_ac_07(scenario, expansion, mode):
    """AC-07: Ancient Chronicles cannot be combined with other expansions (GK-02 says the same from
    the Genghis Khan side; RAT-01's "any game mode" does not lift AC-07)."""
    err = refused({"scenario": scenario, "expansions": [expansion], "mode": mode})
    names_rule(err, "AC-07")
    assert scenario in str(err) and expansion in str(err)


@pytest.mark.rule("AC-07")
def test_a_scenario_with_both_expansions_is_refused_naming_ac_07():
    names_rule(refused({"scenario": "ghost", "expansions": ["genghis", "rat"]}), "AC-07")


@pytest.mark.rule("D4", "AC-07", "GK-24", "GK-25", "GK-02")
@pytest.mark.parametrize("expansions", [["genghis"], ["genghis", "rat"]])
def test_genghis_khan_in_cooperative_mode_is_refused_by_d4_and_ac_07(expansions):
    """GK-24/25 allow the Khan in a cooperative game (without his objective, ending by the base rules);
    it is refused because the cooperative mode exists only for the co-op scenarios (D4), which take no
    expansion (AC-07). The error names those rules, not GK-24/25."""
    err = refused({"expansions": expansions, "mode": "cooperative"})
    names_rule(err, "D4")
    names_rule(err, "AC-07")
    assert "GK-24" not in str(err) and "GK-25" not in str(err)
    assert "genghis" in str(err) and "cooperative" in str(err)


@pytest.mark.rule("AC-DIA-03", "AC-RED-04", "AC-05", "AC-03", "D4")
@pytest.mark.parametrize("scenario", sorted(COOP_ONLY))
@pytest.mark.parametrize("explicit", [True, False])
def test_co_op_only_scenarios_are_refused_in_competitive_mode(scenario, explicit):
    """AC-DIA-03 / AC-RED-04 (the latter read as naming Red Turban, rulings "Defects"): only
    cooperatively. Competitive is the default mode (D4), so leaving `mode` out is refused too."""
    options = {"scenario": scenario, **({"mode": "competitive"} if explicit else {})}
    err = refused(options)
    names_rule(err, COOP_ONLY[scenario])
    assert scenario in str(err)


@pytest.mark.rule("D4", "AC-03", "RAT-01")
@pytest.mark.parametrize("options", [
    {"mode": "cooperative"},
    {"mode": "cooperative", "expansions": ["rat"]},
    {"mode": "cooperative", "scenario": "freezing"},
    {"mode": "cooperative", "scenario": "famine"},
    {"mode": "cooperative", "scenario": "emperor"},
    {"mode": "cooperative", "scenario": "ghost"},
])
def test_cooperative_mode_needs_a_co_op_scenario(options):
    """D4: cooperative mode exists only for Diaoyucheng and Red Turban. Rat in cooperative mode is
    therefore impossible under 004 (a co-op scenario forbids expansions, AC-07)."""
    names_rule(refused(options), "D4")


@pytest.mark.rule("AC-07", "GK-24", "AC-DIA-03", "AC-RED-04", "D4")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_forbidden_combination_is_refused_at_every_player_count(players):
    options = [{"expansions": ["genghis", "rat"], "scenario": s, "mode": m} for s in SCENARIOS
               for m in ("competitive", "cooperative")]
    options += [{"expansions": e, "mode": "cooperative"} for e in (["genghis"], ["rat"], [])]
    options += [{"scenario": s} for s in COOP_ONLY]
    for opts in options:
        assert refused(opts, players).key == "err.combo", opts


@pytest.mark.rule("GK-02", "GK-24")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("expansions", [["genghis"], ["genghis", "rat"]])
def test_genghis_khan_is_accepted_in_competitive_mode_at_every_player_count(players, expansions):
    g = boardlab.new_game("greatwall", players, seed=2, options={"expansions": expansions})
    assert g.options == {"expansions": expansions, "scenario": None, "mode": "competitive"}
    assert g.state.sets == ("base",) + (("five",) if players == 5 else ()) + tuple(expansions)
    assert "genghis" in g.modules and "genghis" in g.state.mods and "genghis" in g.view(0)


@pytest.mark.rule("RAT-01")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rat_is_accepted_in_competitive_mode_at_every_player_count(players):
    g = boardlab.new_game("greatwall", players, seed=2, options={"expansions": ["rat"], "mode": "competitive"})
    assert g.options == {"expansions": ["rat"], "scenario": None, "mode": "competitive"}
    assert g.state.sets == ("base",) + (("five",) if players == 5 else ()) + ("rat",)


# ---- every option the game offers is built ----------------------------------------------------------------


def test_every_expansion_scenario_and_mode_has_its_module():
    from boardlab.games.greatwall import EXPANSIONS, SCENARIOS
    from boardlab.games.greatwall.modules import REGISTRY
    assert set(EXPANSIONS) | set(SCENARIOS) | {"cooperative", "shame", "chronicles"} == set(REGISTRY.names())
    for name in REGISTRY.names():
        assert REGISTRY.get(name).name == name
