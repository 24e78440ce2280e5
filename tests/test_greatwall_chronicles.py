"""The Great Wall: Ancient Chronicles common rules (AC-01..AC-17 of shared/rules/greatwall-stretch.yaml).

The Scenario card is data (data/scenarios.yaml, data_tables.SCENARIO_CARDS, GWA-AC-01); the module
"chronicles" runs with every
scenario: it checks the setup against the card (AC-17) and lets Ancient Chronicles Artifacts be claimed
during the game (AC-12/13, GWA-AC-02). The "ac" card set is in play with any scenario, so its Artifacts,
Tactics, Generals and Advisors are shuffled into the base pools (AC-11, AC-14..16).
"""
from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.core.errors import ConfigError
from boardlab.games.greatwall import SCENARIOS, COOP_ONLY
from boardlab.games.greatwall.data_tables import ADVISORS, ARTIFACTS, BOARD, GENERALS, SCENARIO_CARDS, TACTICS
from boardlab.games.greatwall.modules import chronicles
from greatwall_helpers import events, fresh, new, run_from, scenario_game, scenario_summer

LANGS = ("en", "zh-Hant", "zh-Hans")
MINE = ("freezing", "famine", "emperor")


def ac(cards) -> set[str]:
    return {c for c, spec in cards.items() if spec.set == "ac"}


def play_out(g, seed: int):
    rnd = random.Random(seed)
    while not g.is_over:
        g.apply(rnd.choice(g.legal_action_ids()))
    return g


@pytest.mark.rule("AC-01", "AC-04", "AC-05", "AC-06", "AC-09", "GWA-AC-01")
def test_each_scenario_has_one_scenario_card_with_its_mode_setup_and_rules_in_three_languages():
    assert set(SCENARIO_CARDS) == set(SCENARIOS)
    for sid, card in SCENARIO_CARDS.items():
        assert card.mode == ("cooperative" if sid in COOP_ONLY else "competitive")   # AC-05, AC-09
        for lang in LANGS:
            assert card.names.get(lang) and card.setup.get(lang) and card.text.get(lang)
    for sid in MINE:
        g = scenario_game(sid)
        assert g.view(None)["scenario"]["card"] == sid and g.view(0)["scenario"]["mode"] == "competitive"
        for lang in LANGS:
            assert SCENARIO_CARDS[sid].text.get(lang) in g.rules.rule_text(f"scenario:{sid}", lang)
            assert g.rules.render_text(g.view(0), lang).count("\n") >= 5


@pytest.mark.rule("AC-08", "AC-10", "AC-17", "GWA-AC-01")
@pytest.mark.parametrize("sid", MINE)
def test_the_setup_is_checked_against_the_chosen_card(sid):
    g = scenario_game(sid)
    ev = events(g, "ev.ac.setup")
    assert [(e.params["card"], e.params["mode"]) for e in ev] == [(sid, "competitive")]
    assert "AC-17" in ev[0].rules and g.decision == "general"
    s = g.state.clone()
    chronicles.check_setup(s)                                   # as set up: fine
    s.sets = ("base",)
    with pytest.raises(RuntimeError, match="AC-17"):
        chronicles.check_setup(s)                               # without the Ancient Chronicles cards
    s = g.state.clone()
    s.modules = s.modules + ("cooperative",)
    with pytest.raises(RuntimeError, match="AC-17"):
        chronicles.check_setup(s)                               # in the wrong mode
    s = g.state.clone()
    s.clerks_on["transport_station"] = ()
    with pytest.raises(RuntimeError, match="AC-17"):
        chronicles.check_setup(s)                               # another scenario's Location (D24)


@pytest.mark.rule("AC-07")
@pytest.mark.parametrize("sid", MINE)
def test_a_scenario_cannot_be_combined_with_an_expansion(sid):
    for exp in ("rat", "genghis"):
        with pytest.raises(ConfigError) as info:
            boardlab.new_game("greatwall", 3, seed=1, options={"scenario": sid, "expansions": [exp]})
        assert info.value.key == "err.combo" and "AC-07" in str(info.value)


@pytest.mark.rule("AC-02")
@pytest.mark.parametrize("sid, seed", [("freezing", 3), ("emperor", 4), ("famine", 7)])
def test_in_a_competitive_scenario_the_most_honor_wins(sid, seed):
    g = play_out(scenario_game(sid, seed=seed), seed)
    honor = g.state.honor
    if g.state.flags.get("lost"):
        assert g.winners == []                                  # a scenario loss: nobody wins
    else:
        assert len(g.winners) == 1 and honor[g.winners[0]] == max(honor)


@pytest.mark.rule("AC-03", "D4")
def test_a_cooperative_scenario_is_won_or_lost_together():
    g = play_out(scenario_game("redturban", seed=2, mode="cooperative"), 2)
    assert g.winners in ([], [0, 1, 2])
    assert events(g, "ev.coop.won") or events(g, "ev.coop.lost")


@pytest.mark.rule("AC-11", "D17")
def test_ancient_chronicles_artifacts_are_shuffled_with_the_base_ones_and_3_drawn():
    seen = set()
    for seed in range(1, 25):
        g = scenario_game("emperor", seed=seed)
        assert len(g.state.artifacts) == 3 and len(set(g.state.artifacts)) == 3
        seen |= set(g.state.artifacts)
        assert not ac(ARTIFACTS) & set(new(seed=seed).state.artifacts)   # never without a scenario
    assert seen & ac(ARTIFACTS) and seen - ac(ARTIFACTS)                  # both kinds are drawn
    assert seen <= {a for a, spec in ARTIFACTS.items() if spec.set in ("base", "ac")}


def claim_board():
    g = scenario_summer("freezing")
    s = g.state
    s.artifacts = ("granary_seal", "first_emperors_brick", "dragon_bone_bow")
    s.res[1] = (4, 4, 3, 3)            # 14 resources: the granary seal's threshold
    s.res[2] = (5, 5, 5, 5)            # more, but lower on the Tea track
    s.walls_built[0] = 2               # a base Artifact's condition: it waits for final scoring
    return fresh(g)


@pytest.mark.rule("AC-12", "AC-13", "GWA-AC-02")
def test_an_ancient_chronicles_artifact_is_claimed_at_once_by_the_first_to_reach_it():
    g = claim_board()
    since = run_from(g, "spring.after")
    s = g.state
    claims = events(g, "ev.ac.artifact", since)
    assert [(e.params["seat"], e.params["card"]) for e in claims] == [(1, "granary_seal")]
    assert s.honor == [15, 18, 15] and len(s.tactics[1]) == 1          # 3 Honor and 1 Tactic card
    assert g.view(0)["scenario"]["artifacts_claimed"] == {"granary_seal": 1}
    run_from(g, "spring.after")
    assert len(events(g, "ev.ac.artifact")) == 1                         # once
    run_from(g, "game.final")
    assert s.honor[0] == 15 + 7                                          # AC-12: the base one at the end
    assert s.honor[1] == 18                                              # not scored again at the end


@pytest.mark.rule("AC-13", "GWA-AC-02")
def test_ancient_chronicles_artifacts_are_checked_after_each_command_card():
    g = scenario_game("emperor", seed=5)
    while not events(g, "ev.resolve_command"):                      # the first Command card resolving
        g.apply(g.legal_action_ids()[0])
    s = g.state
    s.artifacts = ("granary_seal",) + tuple(a for a in s.artifacts if ARTIFACTS[a].timing == "end")[:2]
    s.res[2] = (6, 6, 6, 6)
    fresh(g)
    while not events(g, "ev.ac.artifact"):
        g.apply("skip" if "skip" in g.legal_action_ids() else g.legal_action_ids()[0])
    keys = [e.key for e in s.events]
    claim = keys.index("ev.ac.artifact")
    assert keys[:claim].count("ev.resolve_command") == 1 and s.season == "winter"   # right after that card
    assert "ev.command_done" in keys[keys.index("ev.resolve_command"):claim]


@pytest.mark.rule("AC-14")
def test_ancient_chronicles_tactics_are_in_the_tactic_deck():
    g = scenario_game("famine")
    pool = set(g.state.tactic_deck) | {t for hand in g.state.tactics for t in hand}
    assert ac(TACTICS) <= pool
    assert not ac(TACTICS) & set(new().state.tactic_deck)


@pytest.mark.rule("AC-15", "D7")
def test_ancient_chronicles_generals_are_shuffled_in_and_2_dealt_to_each():
    seen = set()
    for seed in range(1, 20):
        g = scenario_game("freezing", seed=seed)
        offers = g.state.general_offer
        assert all(len(o) == 2 for o in offers)
        seen |= {x for o in offers for x in o}
        assert not ac(GENERALS) & {x for o in new(seed=seed).state.general_offer for x in o}
    assert ac(GENERALS) <= seen


@pytest.mark.rule("AC-16", "D6")
def test_ancient_chronicles_advisors_are_shuffled_into_the_advisor_pool():
    g = scenario_game("emperor")
    s = g.state
    assert all(len(hand) == BOARD.advisors_dealt for hand in s.advisors)
    pool = set(s.advisor_deck) | set(s.advisor_track) | {a for hand in s.advisors for a in hand}
    assert ac(ADVISORS) <= pool
    base = new().state
    assert not ac(ADVISORS) & (set(base.advisor_deck) | set(base.advisor_track) | {a for h in base.advisors for a in h})


@pytest.mark.rule("AC-11", "AC-14", "AC-15", "AC-16", "GWA-AC-01")
def test_ancient_chronicles_cards_have_their_own_ids_names_and_texts():
    from boardlab.games.greatwall.view import CARDS
    for cards in (ARTIFACTS, TACTICS, GENERALS, ADVISORS):
        for cid in ac(cards):
            assert CARDS[cid] is cards[cid]                      # no other card shares the id
            assert cards[cid].source == "authored"
            for lang in LANGS:
                assert cards[cid].names.get(lang) and cards[cid].text.get(lang)
    for sid, card in SCENARIO_CARDS.items():
        assert CARDS[sid] is card
    assert {a for a in ac(ARTIFACTS) if ARTIFACTS[a].timing == "any"} == ac(ARTIFACTS)
    assert all(ARTIFACTS[a].timing == "end" for a, spec in ARTIFACTS.items() if spec.set != "ac")
