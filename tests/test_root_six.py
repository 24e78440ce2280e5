"""Six players (issues 13 and 14): the Law's player counts go to six (viable reach LR-05-02-01, hirelings "five or
more" LR-AA-06-02); the standard setup, the Advanced Setup draft and the hirelings take six seats, and so do the
views, the SVG table and the terminal table. The default six factions: RTA-SIX-01 (docs/root-rulings.md).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from root_helpers import set_up

import boardlab
from boardlab.core.errors import ConfigError
from boardlab.core.registry import info
from boardlab.games.root import RULESET, default_factions
from boardlab.games.root import advanced as ADV
from boardlab.games.root.content import FACTIONS, REACH, SETUP_CARDS, VIABLE_REACH
from boardlab.games.root.program import PROGRAM
from boardlab.games.root.render import render_board

rule = pytest.mark.rule
SIX = 6
REACH_27 = ["eyrie", "lilypad", "alliance", "corvid", "lizard", "riverfolk"]   # 7 + 7 + 3 + 3 + 2 + 5
REACH_28 = ["eyrie", "lilypad", "alliance", "corvid", "twilight", "knaves"]    # 7 + 7 + 3 + 3 + 4 + 4


def six(seed: int = 1, **options):
    return boardlab.new_game("root", SIX, seed=seed, options=options)


@rule("LR-05-02", "LR-05-02-01", "LR-05-01-01", "RTA-SIX-01")
def test_six_players_need_a_reach_of_28_and_seven_are_refused():
    assert VIABLE_REACH[SIX] == 28 and RULESET.max_players == SIX
    assert sum(REACH[f] for f in REACH_27) == 27 and sum(REACH[f] for f in REACH_28) == 28
    with pytest.raises(ConfigError, match="28") as refused:
        six(factions=REACH_27)
    assert "27" in str(refused.value)
    assert six(factions=REACH_28).state.faction == tuple(REACH_28)
    assert six(factions=REACH_27, below_reach=True).state.faction == tuple(REACH_27)  # the adventurous may (LR-05-02)
    with pytest.raises(ConfigError, match="2-6"):
        boardlab.new_game("root", 7, seed=1)


@rule("RTA-SIX-01", "LR-05-01-01", "LR-05-01-02", "LR-05-01-03", "LR-09-07-01")
def test_the_default_six_add_the_riverfolk_company_to_the_five_and_set_up():
    assert default_factions(5) == ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"]
    assert default_factions(SIX) == default_factions(5) + ["riverfolk"]
    assert sum(REACH[f] for f in default_factions(SIX)) >= VIABLE_REACH[SIX]
    g = set_up(six())
    assert g.state.faction == tuple(default_factions(SIX)) and g.state.score == [0] * SIX
    assert [len(h) for h in g.state.hands] == [3] * SIX  # three cards each, dominance cards kept (not two players)
    assert sorted(len(items) for items in g.state.ruin_items.values()) == [2, 2, 2, 2]  # two Vagabonds: two a ruin


@rule("LR-AA-06-02", "RT-AS-16")
@pytest.mark.parametrize("setup", ["standard", "advanced"])
def test_with_six_players_all_three_hirelings_are_demoted(setup):
    for seed in range(3):
        g = six(seed=seed, setup=setup, hirelings="random")
        set_up(g)
        dealt = g.state.mods["hirelings"].dealt
        assert len(dealt) == 3 and all(PROGRAM.module(k).demoted(g.state) for k in dealt)


@rule("LR-AA-08-02", "RT-AS-21", "LR-AA-08-03")
@pytest.mark.parametrize("hirelings,control", [("random", "seed"), ("random", "law"), ("off", "seed")])
def test_a_six_player_draft_deals_seven_setup_cards_and_six_are_taken(hirelings, control):
    g = six(seed=4, setup="advanced", hirelings=hirelings, hireling_control=control)
    d = g.state.draft
    assert len(d.cards) == SIX + 1 and len(set(d.cards)) == SIX + 1 and SETUP_CARDS[d.cards[0]].militant
    assert g.view(None)["draft"]["setup_cards"] == list(d.cards)
    set_up(g)
    assert all(g.state.faction) and len(set(g.state.faction)) == SIX
    assert set(g.state.faction) <= {SETUP_CARDS[c].faction for c in d.cards} | {"vagabond2"}


@rule("LR-AA-08-02", "LR-AA-06-05", "RTA-AS-03")
def test_a_six_player_draft_from_too_few_cards_is_refused_naming_why():
    seven = ["marquise", "eyrie", "alliance", "vagabond", "lizard", "riverfolk", "duchy"]
    assert ADV.shortfall(SIX, seven) is None
    with pytest.raises(ConfigError, match="7") as refused:
        six(setup="advanced", setup_cards=seven[:-1])
    assert "6" in str(refused.value)
    with pytest.raises(ConfigError):  # the Forest Patrol returns the Marquise's card: six cards left
        six(setup="advanced", setup_cards=seven, hirelings=["forest_patrol"])
    assert six(setup="advanced", setup_cards=seven, hirelings=["popular_band"]).state.draft is not None


def test_six_seats_on_the_tables():
    """The SVG table (the web table draws it) and the terminal table show six seats: six score markers on the
    track, six players' panels, six names; the web's seat colours cover six seats, each its faction's."""
    g = set_up(six(seed=2, map="winter"))
    view = g.view(0)
    assert view["colours"] == [FACTIONS[f].colour for f in default_factions(SIX)]
    root = ET.fromstring(render_board(view, "en", g.legal_action_ids()))
    scored = [e for e in root.iter() if "data-score-seat" in e.attrib]
    assert sorted(int(e.get("data-score-seat")) for e in scored) == list(range(SIX))
    for lang in ("en", "zh-Hant", "zh-Hans"):
        text = RULESET.render_text(g.view(5, lang), lang)
        for seat, faction in enumerate(default_factions(SIX)):
            assert FACTIONS[faction].names.get(lang) in text
            assert RULESET.catalogue.text("seat", lang, n=seat) in text
    colours = info("root").seat_colours
    assert len(colours) == SIX and len(set(colours)) == SIX


def test_the_web_table_seats_six(tmp_path):
    """The lobby's form takes its players' range from /api/meta, the table its seat colours from the view."""
    from server_helpers import need_web
    need_web()
    from fastapi.testclient import TestClient

    from boardlab.server.app import create_app
    with TestClient(create_app(f"sqlite:///{tmp_path / 'six.sqlite'}")) as client:
        meta = {g["name"]: g for g in client.get("/api/meta").json()["games"]}["root"]
        assert meta["max_players"] == SIX and len(set(meta["seat_colours"])) == SIX
        r = client.post("/api/games", json={"game": "root", "players": SIX, "seats": [{"kind": "human"}] * SIX,
                                            "seed": 3, "options": {"map": "lake"}})
        assert r.status_code == 201, r.text
        made = r.json()
        gid, token = made["id"], made["seats"][5]["token"]
        view = client.get(f"/api/games/{gid}", params={"token": token}).json()
        assert view["colours"] == [FACTIONS[f].colour for f in default_factions(SIX)]
        picture = client.get(f"/api/games/{gid}/board.svg", params={"token": token})
        assert picture.status_code == 200 and picture.text.count("data-score-seat=") == SIX


def kit() -> list[tuple[int, dict]]:
    return [(players, RULESET.configure(players, options)) for players, options in RULESET.main_option_sets()]


def test_the_conformance_kit_puts_every_faction_in_every_player_count_and_on_every_map():
    """Issue 14: every faction in 2-6 player mixes on every map (the second Vagabond from three players: it needs
    the first, LR-09-07); a rotation, not the cross product."""
    counts, maps = {}, {}
    for players, cfg in kit():
        if ADV.drafting(cfg):
            continue  # a draft's factions depend on the seed
        for faction in cfg["factions"]:
            counts.setdefault(faction, set()).add(players)
            maps.setdefault(faction, set()).add(cfg["map"])
    for faction in FACTIONS:
        assert counts[faction] >= set(range(2 if faction != "vagabond2" else 3, SIX + 1)), faction
        assert maps[faction] == {"autumn", "winter", "lake", "mountain"}, faction


def test_the_conformance_kit_runs_advanced_setups_with_hirelings_for_two_to_six_players_under_both_schemes():
    """Issue 13: advanced setups with hirelings for 2-6 players, under the seed's control scheme and the Law's;
    six players draft (seven setup cards)."""
    seen = {(players, cfg["hireling_control"]) for players, cfg in kit()
            if cfg["setup"] == "advanced" and cfg["hirelings"] != "off"}
    assert seen >= {(p, scheme) for p in range(2, SIX + 1) for scheme in ("seed", "law")}
    assert any(players == SIX and ADV.drafting(cfg) and cfg["hireling_control"] == scheme
               for players, cfg in kit() for scheme in ("seed", "law"))
