"""The Great Wall's expansions and scenarios on the table: the Shame pool in views (D11), the
Khan's cards in the SVG with clickable spots, a scenario's lines; and the cooperative result as bots
and reports see it (D4: a shared win is a whole win for every seat)."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import boardlab
from boardlab.core.registry import ruleset
from boardlab.games.greatwall.modules import genghis as GK
from boardlab.games.greatwall.modules import shame
from boardlab.games.greatwall.render import render_board
from greatwall_helpers import advance, fresh

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "zh-Hant", "zh-Hans")


def texts(root) -> str:
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


@pytest.mark.rule("D11")
def test_the_shame_pool_and_every_players_tokens_are_public():
    g = boardlab.new_game("greatwall", 3, seed=2, options={"scenario": "ghost"})
    shame.take(g.state, 1, 2, ("AC-GHO-05",))
    fresh(g)
    for seat in (0, 1, 2, None):
        assert g.view(seat)["shame"] == {"pool": 28, "held": [0, 2, 0]}
    for lang in LANGS:
        root = ET.fromstring(render_board(g.view(0), lang))
        layer = root.find(f".//{SVG}g[@data-layer='modules']")
        held = "0, 2, 0" if lang == "en" else "0、2、0"
        assert "28" in texts(layer) and held in texts(layer), lang
    assert "shame" not in boardlab.new_game("greatwall", 3, seed=2).view(0)  # no Shame in the base game


@pytest.mark.rule("GK-15", "GK-16", "GK-17")
def test_the_khan_his_skills_and_open_spots_are_drawn_and_clickable():
    g = boardlab.new_game("greatwall", 4, seed=3, options={"expansions": ["genghis"]})
    advance(g, lambda x: x.state.season == "winter")
    view = g.view(0)
    cards = view["genghis"]["cards"]
    root = ET.fromstring(render_board(view, "en", legal=[f"spot:{cards[1]}:1"]))
    drawn = [e.get("data-khan-card") for e in root.iter(f"{SVG}g") if e.get("data-khan-card")]
    assert drawn == cards and len(cards) == 3
    marker = root.find(f".//{SVG}g[@data-khan]")
    assert marker is not None and marker.get("data-khan") == str(view["genghis"]["khan"])
    clickable = [e for e in root.iter(f"{SVG}rect") if e.get("data-action")]
    assert [e.get("data-action") for e in clickable] == [f"spot:{cards[1]}:1"]
    # a spot that does not count with 4 players ("5") is drawn dashed; counting ones are solid
    khan = root.find(f".//{SVG}g[@data-khan-card='{cards[0]}']")
    spots = [r for r in khan.iter(f"{SVG}rect") if r.get("data-spot")]
    marks = [s.mark for s in GK.spots_of(cards[0])]
    assert [r.get("stroke-dasharray") is not None for r in spots] == [m == 5 for m in marks]


@pytest.mark.rule("AC-DIA-08", "AC-DIA-10")
def test_a_scenario_shows_its_card_in_every_language():
    g = boardlab.new_game("greatwall", 3, seed=1, options={"scenario": "diaoyu", "mode": "cooperative"})
    rules = ruleset("greatwall")
    for lang in LANGS:
        lines = rules.render_text(g.view(0), lang).splitlines()
        card = rules.catalogue.text("txt.dia", lang, defence=g.view(0)["scenario"]["defence"], shame=0, archers="-", slots=3)
        fortress = [line for line in lines if card in line]
        assert fortress, lang
        root = ET.fromstring(render_board(g.view(0), lang))
        assert fortress[0][:10] in texts(root.find(f".//{SVG}g[@data-layer='modules']"))


@pytest.mark.rule("AC-03", "D4")
def test_a_cooperative_result_is_whole_for_every_seat_and_bots_value_the_team():
    rules = ruleset("greatwall")
    g = boardlab.new_game("greatwall", 3, seed=1, options={"scenario": "redturban", "mode": "cooperative"})
    before = [rules.evaluate(g.state, s) for s in range(3)]
    assert before[0] == before[1] == before[2]          # one team, one value
    g.state.honor[2] += 30                              # any seat's gain is the team's gain
    assert all(rules.evaluate(g.state, s) > before[s] for s in range(3))
    g.state.flags["winners"] = (0, 1, 2)
    assert rules.rewards(g.state) == [1.0, 1.0, 1.0]
    g.state.flags["winners"] = ()
    assert rules.rewards(g.state) == [0.0, 0.0, 0.0]
    # competitive: 1/k of a win each, and a rival's gain is this seat's loss
    c = boardlab.new_game("greatwall", 3, seed=1)
    c.state.flags["winners"] = (1,)
    assert rules.rewards(c.state) == [0.0, 1.0, 0.0]
    base = rules.evaluate(c.state, 0)
    c.state.honor[2] += 30
    assert rules.evaluate(c.state, 0) < base


def test_bots_value_a_soldier_on_a_horde_card_at_least_as_behind_the_wall():
    """The position value bots use: dispatching is not a loss, and covering vital slots adds the
    seat's share of the card's victory Honor (GW-BREACH-02)."""
    from boardlab.games.greatwall.data_tables import HORDES
    from greatwall_helpers import SPEARMAN, put_horde, vital_slots
    rules = ruleset("greatwall")
    g = boardlab.new_game("greatwall", 3, seed=1)
    card = sorted(HORDES)[0]
    g.state.behind[0] = ((0, SPEARMAN),)
    behind = rules.potential(g.state)[0]
    g.state.behind[0] = ()
    slot = vital_slots(card)[0]
    cover = [None] * 6
    cover[slot] = (0, "s")
    put_horde(g, 0, 0, card, tuple(cover), ((0, SPEARMAN, (slot,)),))
    on_card = rules.potential(g.state)[0]
    share = HORDES[card].victory_honor / len(vital_slots(card))
    assert on_card == pytest.approx(behind + share)
    cover[vital_slots(card)[1]] = (1, "s")                 # a rival covers another vital slot
    put_horde(g, 0, 0, card, tuple(cover), ((0, SPEARMAN, (slot,)), (1, SPEARMAN, (vital_slots(card)[1],))))
    assert rules.potential(g.state)[0] == pytest.approx(behind + 2 * share / 2)


def test_extension_points_are_answered_only_by_the_modules_that_are_on():
    """The base game declares its extension points (tasks.POINTS, with what an answer receives and
    returns); only the modules active in a state answer them, from anywhere in the rules."""
    from boardlab.games.greatwall import tasks as T
    from boardlab.games.greatwall.modules import REGISTRY
    from boardlab.games.greatwall.modules import rat as RAT
    base = boardlab.new_game("greatwall", 3, seed=1)
    with_rat = boardlab.new_game("greatwall", 3, seed=1, options={"expansions": ["rat"]})
    assert T.extensions(base.state, "activation") == ()
    assert T.extensions(with_rat.state, "activation") == (RAT.gold_on_activation,)
    assert T.extensions(with_rat.state, "breach") == ()
    with pytest.raises(KeyError, match="no_such_point"):
        T.extensions(base.state, "no_such_point")
    assert ruleset("greatwall").program.points == T.POINTS and all(T.POINTS.values())
    for name in REGISTRY.names():                            # every answer is to a declared point
        assert set(REGISTRY.get(name).answers) <= set(T.POINTS), name


@pytest.mark.parametrize("options, parts", [
    ({"expansions": ["rat"]}, {"rat"}), ({"expansions": ["genghis"]}, {"genghis"}),
    ({"scenario": "ghost"}, {"scenario", "shame"}),
    ({"scenario": "redturban", "mode": "cooperative"}, {"scenario", "shame"})])
def test_a_module_that_is_off_leaves_no_trace_in_views_texts_or_pictures(options, parts):
    """Module parts of the view exist only while the module is on; the base game's view, lines and
    picture have none of them (nothing is left behind by a game played with modules before)."""
    extra = {"rat", "genghis", "scenario", "shame"}
    with_modules = boardlab.new_game("greatwall", 3, seed=5, options=options)
    advance(with_modules, lambda x: x.state.year == 2)
    assert extra & set(with_modules.view(0)) == parts
    base = boardlab.new_game("greatwall", 3, seed=5)
    advance(base, lambda x: x.state.year == 2)
    view = base.view(0)
    assert not extra & set(view) and "rat" not in view["decks"] and base.modules == () and not base.state.mods
    from boardlab.games.greatwall.text import module_lines
    rules = ruleset("greatwall")
    assert module_lines(rules, view, "en") == [] and len(module_lines(rules, with_modules.view(0), "en")) == len(parts)
    root = ET.fromstring(render_board(view, "en"))
    assert root.find(f".//{SVG}g[@data-layer='modules']") is None and root.find(f".//{SVG}g[@data-khan]") is None
    root = ET.fromstring(render_board(with_modules.view(0), "en"))
    assert root.find(f".//{SVG}g[@data-layer='modules']") is not None
    assert (root.find(f".//{SVG}g[@data-khan]") is not None) == ("genghis" in parts)
