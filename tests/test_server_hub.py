"""The hub's encoded views: a seat's whole view (log included) made from its kept log JSON equals the
view encoded afresh, whatever happened to the log between revisions."""
from __future__ import annotations

import orjson

from boardlab.server.hub import Hub


class Live:
    def __init__(self, log: list):
        self.id, self.revision, self.log = "g", 0, log

    def moved(self, log: list) -> None:
        self.revision += 1
        self.log = log


def render(live, seat, lang):
    return {"seat": seat, "version": live.revision, "text": "位置", "log": list(live.log)}


def entry(n: int) -> dict:
    return {"key": f"e{n}", "text": f"第{n}步", "params": {"n": n}}


def fresh(live, seat, lang) -> dict:
    return orjson.loads(orjson.dumps(render(live, seat, lang)))


def test_the_whole_view_from_the_kept_log_equals_a_fresh_encoding_through_growth_and_rewrites():
    hub = Hub(render)
    e = [entry(i) for i in range(6)]
    live = Live(e[:3])
    steps = [
        e[:4],  # an entry added: only it is encoded
        e[:4],  # nothing new
        e[:6],
        [entry(0), entry(1)],  # an undo: a shorter log of new entries
        [entry(0), entry(1), entry(9)],
        [],  # emptied
        [entry(7)],
    ]
    assert orjson.loads(hub.view_json(live, 0, "zh-Hant")) == fresh(live, 0, "zh-Hant")
    for log in steps:
        live.moved(log)
        for seat in (0, 1, None):
            assert orjson.loads(hub.view_json(live, seat, "en")) == fresh(live, seat, "en")


def test_a_rewritten_log_of_the_same_length_is_encoded_again():
    hub = Hub(render)
    live = Live([entry(0), entry(1)])
    hub.view_json(live, 0, "en")
    live.moved([entry(0), {"key": "other", "text": "另一步", "params": {}}])  # same length, the last entry new
    assert orjson.loads(hub.view_json(live, 0, "en"))["log"][1]["key"] == "other"


def test_an_older_revisions_answer_after_a_newer_one_is_still_its_own():
    hub = Hub(render)
    live = Live([entry(0)])
    old = hub.parts(live, 0, "en")
    live.moved([entry(0), entry(1)])
    assert len(orjson.loads(hub.view_json(live, 0, "en"))["log"]) == 2
    assert orjson.loads(old.whole())["log"] == [entry(0)]


def test_a_forgotten_game_drops_its_kept_logs():
    hub = Hub(render)
    live = Live([entry(0)])
    hub.view_json(live, 0, "en")
    hub.forget("g")
    assert "g" not in hub.logs and "g" not in hub.encoded
