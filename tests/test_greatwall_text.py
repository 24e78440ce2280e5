"""The Great Wall in the terminal and its texts (issue 16): the Horde notation explained, every
Location with its Clerks out of its slots and whether it is green, shots and dispatches saying what
they hit and pay, no Advisor prompt where playing one cannot matter (GWA-ADVISOR-02), final scoring
saying where the Honor came from, and texts named as the project names them in every language."""
from __future__ import annotations

import re
from importlib import resources

import pytest
import yaml

import boardlab
from boardlab.core.i18n import LANGS
from boardlab.games.greatwall.data_tables import HORDES, LOCS
from boardlab.games.greatwall.state import SPEARMAN
from greatwall_helpers import act, commit, events, put_horde, restart_spring
from test_greatwall_spring import spring_game
from test_greatwall_winter import winter

RULES = boardlab.core.registry.ruleset("greatwall")


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_explains_its_horde_notation_and_lists_every_location(lang):
    g = boardlab.new_game("greatwall", 2, seed=4)
    text = RULES.render_text(g.view(0, lang), lang)
    assert RULES.catalogue.text("txt.legend.hordes", lang) in text
    assert RULES.catalogue.text("txt.locations", lang) in text
    for loc, info in g.view(0)["locations"].items():
        name = LOCS[loc].names.get(lang) + ("*" if info["kind"] == "green" else "")
        assert re.search(re.escape(name) + rf" {len(info['clerks'])}/{info['slots']}\b", text), (loc, text)
    assert {info["kind"] for info in g.view(0)["locations"].values()} >= {"green", "production", "action"}


@pytest.mark.rule("GW-BATTLE-07", "GW-BREACH-01")
def test_each_shot_and_each_slot_says_whether_it_is_vital_and_what_it_pays():
    g = spring_game()
    s = g.state
    put_horde(g, 0, 0, "plunder_band")
    s.archers[0] = (0,)
    s.behind[0] = ((0, SPEARMAN),)
    restart_spring(g)
    assert g.decision == "shoot"
    slots = HORDES["plunder_band"].slots
    for a in g.view(0)["legal_actions"]:
        k = int(a["id"].rsplit(":", 1)[1]) - 1  # ids number the slots from 1, as the text does
        assert ("not a vital slot" in a["text"]) == (not slots[k].vital), a["text"]
        pays = [f"{n} {name.capitalize()}" for e in slots[k].reward for name, n in e.get("gain", {}).items()]
        assert all(p in a["text"] for p in pays) and ("pays nothing" in a["text"]) == (not pays), a["text"]
    g.apply("slot:1:1")
    assert g.decision == "dispatch"
    texts = {a["id"]: a["text"] for a in g.view(0)["legal_actions"]}
    assert texts["dispatch:spearman:1"].endswith("(Plunder Band)")
    g.apply("dispatch:spearman:1")
    for lang in LANGS:
        for a in g.view(0, lang)["legal_actions"]:
            assert HORDES["plunder_band"].names.get(lang) in a["text"]


@pytest.mark.rule("GWA-ADVISOR-02", "GWA-ADVISOR-01")
def test_the_table_need_not_ask_for_an_advisor_that_can_do_nothing():
    g = winter()
    s = g.state
    s.post_clerks = [0] * s.players
    s.advisors[0] = ("hai_rui",)                  # take a Clerk back from the Post Office: none there
    commit(g, "haste", "despotism", "despotism")
    assert g.legal_action_ids() == ["advisor:hai_rui", "skip"]  # still legal (and a waste)
    assert g.needless() == "skip"                 # a table answers for the player
    s.post_clerks[0] = 1
    g.forget_legal()
    assert g.needless() is None                   # now it brings a Clerk back: ask


@pytest.mark.rule("GWA-ADVISOR-02")
def test_one_advisor_that_can_matter_is_enough_to_ask():
    g = winter()
    s = g.state
    s.post_clerks = [0] * s.players
    s.advisors[0] = ("hai_rui", "kuai_xiang")     # Kuai Xiang gains resources: always useful
    commit(g, "haste", "despotism", "despotism")
    assert g.decision == "advisor" and g.needless() is None


@pytest.mark.rule("GWA-ADVISOR-02")
def test_the_terminal_answers_a_needless_advisor_prompt_and_says_so(monkeypatch):
    """Here every Advisor is taken to be useless: the terminal never shows the Advisor prompt, it
    answers it, a line each time."""
    from typer.testing import CliRunner

    from boardlab.cli import app
    from boardlab.games.greatwall import seasons
    monkeypatch.setattr(seasons, "useful_advisors", lambda state, seat: [])
    result = CliRunner(env={"BOARDLAB_LANG": None}).invoke(
        app, ["play", "greatwall", "--seed", "4", "--seats", "human,random"], input="1\n" * 30 + "q\n")
    assert result.exit_code == 0, result.output
    assert "Seat 0: Play an Advisor? No choice here can change anything: Skip" in result.output
    assert "Play Advisor " not in result.output  # never offered as an option


@pytest.mark.rule("GW-END-01", "GW-BREACH-14")
def test_final_scoring_says_where_each_seats_honor_came_from():
    g = boardlab.new_game("greatwall", 3, seed=4)
    from boardlab.agents import choose, make_agent
    bots = [make_agent("random", seed=s) for s in range(3)]
    while not g.is_over:
        g.apply(choose(bots[g.to_play], g))
    totals = events(g, "ev.final_total")
    assert [e.params["seat"] for e in totals] == [0, 1, 2]
    for e in totals:
        p = e.params
        assert p["total"] == g.scores[p["seat"]] == p["before"] + p["kept"] + sum(p["artifacts"].values())
    for lang in LANGS:
        log = [e["text"] for e in g.view(0, lang)["log"]]
        assert sum(1 for text in log if str(g.scores[2]) in text and RULES.catalogue.text(
            "txt.seat_name", lang, seat=2) in text) >= 1
    assert g.view(0)["log"][-1]["text"] == f"Winner: Seat {g.winners[0]}"


def test_units_take_their_article_and_tactic_halves_their_names():
    g = spring_game()
    put_horde(g, 0, 0, "plunder_band")
    g.state.archers[0] = (0,)
    g.state.tactics[0] = ("volley",)
    restart_spring(g)
    act(g, 0, "tactic", "tactic:volley")
    act(g, 0, "wound", "slot:1:1")
    texts = [e["text"] for e in g.view(0)["log"]] + [e["text"] for e in g.view(0, "zh-Hant")["log"]]
    assert any("uses Volley (basic half)" in t for t in texts) and not any("(base)" in t or "（base）" in t for t in texts)
    g = boardlab.new_game("greatwall", 2, seed=4)
    from boardlab.agents import choose, make_agent
    bots = [make_agent("random", seed=s) for s in range(2)]
    while not g.is_over:
        g.apply(choose(bots[g.to_play], g))
    log = " ".join(e["text"] for e in g.view(0)["log"])
    assert not re.search(r"\b(a Archer|an (Horseman|Spearman|Bannerman))\b", log)
    assert re.search(r"\ba Horseman\b", log)   # this game recruits and dispatches Horsemen


def test_zh_hant_rows_are_pai_and_columns_zhihang_as_the_project_writes_them():
    root = resources.files("boardlab.games.greatwall")
    files = [root.joinpath("messages.yaml")] + [p for p in root.joinpath("modules").iterdir() if p.name.endswith(".yaml")]
    for path in files:
        for key, entry in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            text = entry.get("zh-Hant", "")
            assert not re.search(r"(\{row\}|\{p\d\}|\{rows\}) ?[行列]", text), (path.name, key, text)
            assert "一列" not in text, (path.name, key, text)
    assert "直行" in RULES.catalogue.text("act.column", "zh-Hant", p0=1, p1=2)
    assert "第 1 排" in RULES.catalogue.text("act.shoot.slot", "zh-Hant", p0=1, p1=2)
