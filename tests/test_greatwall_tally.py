"""The Great Wall's report measures (games/greatwall/tally.py, `Ruleset.summary`): every change of Honor
is counted under one source, the battles are counted from the log, and each module adds its own."""
from __future__ import annotations

import pytest

import boardlab
from boardlab.agents import choose, make_agent
from boardlab.games.greatwall import tally
from boardlab.games.greatwall.data_tables import BOARD


def played(players: int, options: dict | None = None, seed: int = 3, bot: str = "greedy"):
    g = boardlab.new_game("greatwall", players, seed=seed, options=options or {})
    bots = [make_agent(bot, seed=s) for s in range(players)]
    while not g.is_over:
        g.apply(choose(bots[g.to_play], g))
    return g


@pytest.mark.parametrize("players, options", [(2, {}), (4, {}), (3, {"scenario": "ghost"}),
                                              (3, {"expansions": ["genghis"]})])
def test_honor_by_source_adds_up_to_each_seats_honor(players, options):
    g = played(players, options)
    sources = g.rules.summary(g.state)["honor_by_source"]
    for seat in range(players):
        assert sum(v[seat] for v in sources.values()) == g.state.honor[seat] - BOARD.starting_honor
    assert "donation" in sources


def test_the_battles_are_counted_from_the_log():
    g = played(3)
    counts = g.rules.summary(g.state)["battles"]
    keys = [e.key for e in g.events]
    assert counts["battles"] == [keys.count("ev.battle")] and counts["breaches"] == [keys.count("ev.breached")]
    assert counts["battles"][0] == counts["breaches"][0] + counts["held"][0]
    assert counts["hordes_kept"] == [sum(len(k) for k in g.state.kept)]
    assert g.rules.summary(g.state)["hordes_kept"] == [len(k) for k in g.state.kept]


def test_a_source_is_named_by_the_rule_an_event_cites():
    assert tally.source_of(("GW-SUMMER-04", "GW-SUMMER-05", "GWA-SUMMER-01")) == "donation"
    assert tally.source_of(("GW-BREACH-02", "GW-BREACH-03", "GWA-BREACH-01")) == "victory"
    assert tally.source_of(("general:yue_fei",)) == "general"
    assert tally.source_of(("nothing",)) == "other"


@pytest.mark.parametrize("options, measure, labels", [
    ({"expansions": ["genghis"]}, "khan", {"attacks", "defeated"}),
    ({"scenario": "freezing"}, "harsh_weather", {"raids_from_supply", "raids_for_shame", "tributes"}),
    ({"scenario": "ghost"}, "ghost_festival", {"tokens_removed", "tokens_placed"}),
    ({"scenario": "famine"}, "famine", {"limit_at_end"}),
    ({"scenario": "diaoyu", "mode": "cooperative"}, "fortress", {"defence_at_end", "siege_works"}),
])
def test_each_module_reports_its_own_measures(options, measure, labels):
    g = played(3, options, bot="random")
    summary = g.rules.summary(g.state)
    assert set(summary[measure]) == labels and all(len(v) == 1 for v in summary[measure].values())
