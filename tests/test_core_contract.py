"""The core's module contract, played on Pairs (tests/toygame): modules switched on at setup or during
play, extension points, typed task records, per-item knowledge, the action space, the option schema,
saves of the current and the old format, and the testing entry point `core.positions`."""
from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.core import codec, positions
from boardlab.core.actions import ActionSpace, Grid, Vocabulary
from boardlab.core.flow import Decision
from boardlab.core.i18n import LANGS
from boardlab.core.module import Module, ModuleRegistry, Part, Program
from boardlab.core.options import parse_value
from boardlab.core.rng import Stream
from boardlab.core.state import BaseState
from toygame import Draw


def pairs(players=2, seed=1, **options):
    return boardlab.new_game("pairs", players, seed=seed, options=options)


def hand(g, seat):
    return list(g.state.hands[seat])


def set_table(g, hands, table=(), deck=None):
    """A position: the given hands (seat order), cards on the table and deck."""
    with positions.edit(g) as s:
        s.hands = [list(h) for h in hands]
        s.table = list(table)
        if deck is not None:
            s.deck = list(deck)
        s.known = {}
    return g


# ---- modules: on at setup, on during play, off -------------------------------------------------------

def test_a_module_switched_on_at_setup_is_in_the_state_and_the_view():
    g = pairs(expansions=["bonus"])
    assert g.modules == ("bonus",) and g.state.mods["bonus"] == (0, 0)
    assert g.view(0)["modules"] == ["bonus"] and g.view(None)["bonus"] == [0, 0]
    plain = pairs()
    assert plain.modules == () and plain.state.mods == {} and "bonus" not in plain.view(0)


def test_an_extension_point_answers_only_while_its_module_is_on():
    for options, expected in (({}, 3), ({"expansions": ["bonus"]}, 6)):
        g = set_table(pairs(**options), [["c3", "c4"], ["c6", "c2"]], table=["c1"], deck=[])
        g.apply("play:c3")  # c3 follows c1: same parity
        assert g.scores[0] == expected
        bonus = [e for e in g.events if e.key == "ev.bonus"]
        assert len(bonus) == (expected == 6) and all(e.rules == ("PAIRS-B1",) for e in bonus)


def test_a_module_switched_on_during_play_hooks_from_then_on_and_is_saved():
    g = pairs(players=3, seed=2, draft=True)
    assert (g.to_play, g.decision, g.modules) == (0, "draft", ())
    g.apply("draft:bonus")
    assert g.modules == ("bonus",) and g.state.mods["bonus"] == (0, 0, 0)
    assert g.view(1)["modules"] == ["bonus"]
    set_table(g, [["c3", "c5"], ["c2"], ["c4"]], table=["c1"], deck=[])
    g.apply("play:c5")
    assert g.scores[0] == 10 and g.state.mods["bonus"] == (1, 0, 0)
    # an edited position is not reachable by replay: its snapshot holds it, modules included
    again = boardlab.load(json.loads(json.dumps(g.save(snapshot=True))), trust_snapshot=True)
    assert again.modules == ("bonus",) and again.state_hash() == g.state_hash()
    assert again.view(0) == g.view(0)


def test_a_drafted_module_is_replayed_from_the_log():
    g = pairs(players=3, seed=5, draft=True)
    stream = Stream(5)
    g.apply("draft:bonus")
    while not g.is_over:
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
    again = boardlab.load(json.loads(json.dumps(g.save())))
    assert again.modules == ("bonus",) and again.state_hash() == g.state_hash() and again.scores == g.scores


def test_switching_on_twice_or_an_unknown_module_is_refused():
    g = pairs(expansions=["bonus"])
    with pytest.raises(ValueError, match="already on"):
        positions.switch_on(g, "bonus")
    with pytest.raises(KeyError):
        positions.switch_on(g, "nothing")
    assert g.modules == ("bonus",)


# ---- the contract refuses broken modules when it compiles them ----------------------------------------

def _program(*modules, points=None):
    base = Part()
    base.step("a")(lambda s: None)
    base.decision("choose", lambda s: ["x"])(lambda s, a: "a")
    return Program(base, ModuleRegistry.of(*modules), points or {"p": "fn(state) -> int"})


@pytest.mark.parametrize("build, words", [
    (lambda m: m.answer("nope", lambda s: 0), "unknown extension point 'nope'"),
    (lambda m: m.step("a")(lambda s: None), "defined twice"),
    (lambda m: m.decision("choose", lambda s: [])(lambda s, a: None), "defined twice"),
    (lambda m: m.hook("zzz", "after", lambda s: None), "unknown step 'zzz'"),
    (lambda m: m.instead_of_decision("nope", lambda d: d), "unknown decision 'nope'"),
])
def test_a_broken_module_fails_when_compiled_naming_the_problem(build, words):
    m = Module("broken")
    build(m)
    with pytest.raises(ValueError, match=words):
        _program(m).flow(("broken",))


def test_switching_on_a_broken_module_changes_nothing():
    broken = Module("broken")
    broken.hook("nowhere", "after", lambda s: None)
    program = _program(broken)
    state = BaseState(1, 0)
    with pytest.raises(ValueError, match="unknown step 'nowhere'"):
        program.switch_on(state, "broken")
    assert state.modules == () and state.mods == {}


def test_halt_drops_what_was_scheduled_and_goes_to_its_step():
    """A game won in the middle of a task chain ends there: tasks and return steps are dropped."""
    from typing import NamedTuple

    from boardlab.core.flow import GAME_OVER, halt
    from boardlab.core.tasks import record, run_then

    @record
    class _Tick(NamedTuple):
        n: int

    base = Part()
    trace = []
    base.step("a")(lambda s: run_then(s, [_Tick(1), _Tick(2), _Tick(3)], "b"))
    base.step("b")(lambda s: trace.append("b") or GAME_OVER)
    base.step("won")(lambda s: trace.append("won") or GAME_OVER)

    @base.handler(_Tick)
    def tick(s, task):
        trace.append(task.n)
        s.tasks.pop()
        if task.n == 2:
            halt(s, "won")

    program = Program(base)
    state = BaseState(1, 0)
    program.start(state, "a")
    assert trace == [1, 2, "won"] and state.tasks == [] and state.stack == [] and state.at is None


def test_a_hook_point_must_be_before_instead_or_after():
    with pytest.raises(ValueError, match="before, instead, after"):
        Module("m").hook("a", "during", lambda s: None)


def test_a_decision_hook_wraps_the_decision_it_replaces():
    m = Module("more")
    m.instead_of_decision("choose", lambda base: Decision(lambda s: base.legal(s) + ["y"], base.apply))
    program = _program(m)
    state = BaseState(1, 0)
    assert program.flow(("more",)).decisions["choose"].legal(state) == ["x", "y"]
    assert program.flow(()).decisions["choose"].legal(state) == ["x"]


def test_extension_points_must_be_declared_to_be_asked():
    m = Module("answers")
    m.answer("p", lambda s: 7)
    program = _program(m)
    state = BaseState(1, 0)
    state.modules = ("answers",)
    assert [fn(state) for fn in program.extensions(state, "p")] == [7]
    with pytest.raises(KeyError):
        program.extensions(state, "undeclared")


# ---- tasks: typed records in the state --------------------------------------------------------------

def test_a_pending_task_is_a_typed_record_that_survives_a_snapshot():
    g = set_table(pairs(), [["c3", "c4"], ["c6"]], deck=["c1", "c2"])
    g.apply("play:c3")
    assert (g.to_play, g.decision) == (0, "draw") and g.state.tasks == [Draw(seat=0)]
    data = json.loads(json.dumps(g.save(snapshot=True)))
    assert data["snapshot"]["v"]["tasks"] == [{"o": "Draw", "v": {"seat": 0}}]
    again = boardlab.load(data, trust_snapshot=True)
    assert again.state.tasks == [Draw(0)] and again.legal_action_ids() == ["draw:yes", "draw:no"]
    again.apply("draw:yes")
    assert hand(again, 0) == ["c4", "c2"] and again.state.tasks == []


def test_task_records_cannot_share_a_name():
    from typing import NamedTuple

    from boardlab.core.tasks import record

    class Draw(NamedTuple):  # noqa: F811 - the clash is the point
        seat: int
    with pytest.raises(ValueError, match="two registered classes are named Draw"):
        record(Draw)


# ---- knowledge of single hidden items ---------------------------------------------------------------

def test_a_shown_card_is_known_to_the_two_seats_only():
    g = set_table(pairs(players=3), [["c1", "c2"], ["c3"], ["c4"]], deck=["c5", "c6"])
    g.apply("show:c2:1")
    hidden = g.view(1)["hands"]["0"]
    assert hidden == {"hidden": True, "count": 2, "known": ["c2"]}
    assert g.view(2)["hands"]["0"] == {"hidden": True, "count": 2}
    assert g.view(None)["hands"]["0"] == {"hidden": True, "count": 2}
    assert g.view(0)["hands"]["0"] == ["c1", "c2"]


def test_a_given_card_is_known_to_giver_and_receiver_until_it_is_played():
    g = set_table(pairs(), [["c1", "c2"], ["c3"]], deck=[])
    g.apply("give:c2")  # to seat 1
    assert g.view(0)["hands"]["1"] == {"hidden": True, "count": 2, "known": ["c2"]}
    g.apply("play:c2")  # seat 1 plays it face up
    assert "c2" not in g.state.known and "known" not in g.view(0)["hands"]["1"]


def test_bots_resample_around_what_the_seat_knows():
    g = set_table(pairs(players=3), [["c1", "c2"], ["c3", "c4"], ["c5"]], deck=["c6"])
    g.apply("give:c2")  # seat 1 now holds c3, c4, c2; seats 0 and 1 know where c2 is
    seen_by_0 = set()
    for n in range(30):
        sample = g.determinise(0, Stream(n))
        assert "c2" in hand(sample, 1)  # seat 0 knows it
        assert sample.view(0) == {**g.view(0), "log": sample.view(0)["log"]}
        seen_by_0.add(tuple(sorted(hand(sample, 1))))
        other = g.determinise(2, Stream(n))
        assert other.view(2)["hands"] == g.view(2)["hands"]
    assert len(seen_by_0) > 1  # the rest of seat 1's hand is redrawn


def test_the_view_of_a_resampled_game_names_no_card_the_seat_does_not_know():
    g = set_table(pairs(players=3), [["c1", "c2"], ["c3"], ["c4"]], deck=["c5", "c6"])
    g.apply("show:c1:2")
    for seat in (0, 1, 2, None):
        view = g.view(seat)
        paths = boardlab.core.visibility.hidden_paths(view, g.rules.zones_of(g.state), seat,
                                                        g.state.known_to(seat))
        assert paths == []
    forged = g.view(1)
    forged["hands"]["0"]["known"] = ["c1"]  # seat 1 was not shown c1
    assert boardlab.core.visibility.hidden_paths(forged, g.rules.zones_of(g.state), 1,
                                                 g.state.known_to(1)) == ["hands.0.known"]


# ---- the action space ----------------------------------------------------------------------------------

def test_action_spaces_are_fixed_per_configuration():
    a, b = pairs(players=3, seed=1).action_space, pairs(players=3, seed=99).action_space
    assert a.size == b.size == 6 + 6 * 3 + 6 + 5
    assert [a.decode(i) for i in range(a.size)] == [b.decode(i) for i in range(b.size)]
    assert pairs(players=2).action_space.size == 6 + 6 * 2 + 6 + 5
    with pytest.raises(ValueError):
        a.decode(-1)
    with pytest.raises(ValueError):
        a.decode(True)


def test_grid_segments_number_fields_in_mixed_radix():
    space = ActionSpace([Vocabulary(["pass"]), Grid("move", (range(-1, 2), ("a", "b")),
                                                    lambda x, k: f"move:{x}:{k}", _parse_move)])
    assert space.size == 1 + 3 * 2
    assert [space.decode(i) for i in range(space.size)] == ["pass", "move:-1:a", "move:-1:b", "move:0:a",
                                                             "move:0:b", "move:1:a", "move:1:b"]
    assert space.encode("move:1:b") == 6
    for bad in ("move:2:a", "move:x", "jump:0:a"):
        with pytest.raises(ValueError):
            space.encode(bad)


def _parse_move(action_id):
    parts = action_id.split(":")
    try:
        return (int(parts[1]), parts[2]) if len(parts) == 3 else None
    except ValueError:
        return None


# ---- options as a schema ---------------------------------------------------------------------------------

def test_the_option_schema_types_and_texts_every_option():
    schema = boardlab.option_schema("pairs")
    props = schema["properties"]
    assert props["rounds"]["type"] == "integer" and (props["rounds"]["minimum"], props["rounds"]["maximum"]) == (1, 5)
    assert props["colours"]["x-per-seat"] is True and props["draft"]["type"] == "boolean"
    for prop in props.values():
        assert set(prop["x-texts"]["title"]) == set(LANGS)
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize("options, words", [
    ({"rounds": 9}, ["rounds", "9", "a whole number from 1 to 5"]),
    ({"rounds": "2"}, ["rounds", "a whole number from 1 to 5"]),
    ({"expansions": ["nope"]}, ["expansions", "a list of any of bonus"]),
    ({"colours": ["red", "pink"]}, ["colours", "red, blue, green"]),
    ({"color": 1}, ["unknown option", "color", "colours, draft, expansions, rounds"]),
    ({"draft": "yes"}, ["draft", "true or false"]),
    ({"colours": ["red"]}, ["colours", "one value per seat: 2, not 1"]),
])
def test_bad_options_are_refused_naming_the_option_and_what_it_takes(options, words):
    with pytest.raises(boardlab.ConfigError) as err:
        pairs(**options)
    for w in words:
        assert w in str(err.value)
    assert all(err.value.text(lang) for lang in LANGS)


def test_a_requirement_between_options_is_checked_from_the_schema():
    """x-requires: Carcassonne's `wonders` only with expansions=[wonders]."""
    with pytest.raises(boardlab.ConfigError) as err:
        boardlab.new_game("carcassonne", 2, options={"wonders": ["alhambra", "stonehenge"]})
    assert err.value.key == "err.option_requires" and "expansions" in str(err.value)
    g = boardlab.new_game("carcassonne", 2, options={"wonders": ["alhambra", "stonehenge"], "expansions": ["wonders"]})
    assert sorted(g.view(0)["wonders"]["available"]) == ["alhambra", "stonehenge"]


def test_an_ordered_list_option_is_marked_for_the_lobby():
    props = boardlab.option_schema("carcassonne")["properties"]
    assert props["draw_order"]["x-ordered"] is True and "x-ordered" not in props["expansions"]
    g = boardlab.new_game("carcassonne", 2, seed=1, options={"draw_order": ["D", "A", "D"]})
    assert g.options["draw_order"] == ["D", "A", "D"]


def test_options_that_are_not_a_dict_are_refused():
    with pytest.raises(boardlab.ConfigError, match="JSON object"):
        boardlab.new_game("pairs", 2, options=["rounds"])


@pytest.mark.parametrize("name, text, value", [
    ("rounds", "3", 3), ("draft", "true", True), ("draft", "no", False), ("expansions", "bonus", ["bonus"]),
    ("expansions", '["bonus"]', ["bonus"]), ("colours", "red, blue", ["red", "blue"]), ("colours", "none", None),
    ("rounds", "x", "x"),
])
def test_cli_values_are_typed_by_the_schema(name, text, value):
    assert parse_value(boardlab.option_schema("pairs"), name, text) == value


# ---- saves, hashes and the testing entry point -------------------------------------------------------------

def test_a_save_encodes_the_state_once_and_its_hash_ignores_the_log():
    g = pairs(players=3, seed=3)
    g.apply(g.legal_action_ids()[0])
    data = g.save(snapshot=True)
    assert data["version"] == boardlab.core.game.SAVE_VERSION and "events" in data["snapshot"]["v"]
    without_events = dict(data["snapshot"], v={k: v for k, v in data["snapshot"]["v"].items() if k != "events"})
    assert codec.digest_encoded(without_events) == data["state_hash"] == g.state_hash()


def test_old_saves_are_migrated_by_replay():
    g = pairs(players=2, seed=4)
    for _ in range(3):
        g.apply(g.legal_action_ids()[-1])
    old = {**g.save(), "version": 1, "state_hash": "an old layout's hash"}
    again = boardlab.load(old)
    assert again.state_hash() == g.state_hash() and again.log == g.log
    assert boardlab.core.game.migrate(old)["version"] == boardlab.core.game.SAVE_VERSION
    old["log"][1] = [old["log"][1][0], "play:c9"]
    with pytest.raises(boardlab.SaveFileError, match="log entry 1"):
        boardlab.load(old)


def test_a_snapshot_naming_an_unknown_module_is_refused():
    g = pairs(expansions=["bonus"])
    data = json.loads(json.dumps(g.save(snapshot=True)))
    data["snapshot"]["v"]["modules"] = {"t": ["nothing"]}
    with pytest.raises(boardlab.SaveFileError, match="snapshot"):
        boardlab.load(data, trust_snapshot=True)


def test_positions_edit_and_run_from_keep_the_game_consistent():
    g = pairs()
    with positions.edit(g) as s:
        s.hands = [["c1"], ["c2"]]
    assert g.legal_action_ids()[0] == "play:c1" and g.is_legal("pass")
    since = positions.run_from(g, "game.end")
    assert g.is_over and [e.key for e in g.events[since:]] == ["ev.end"]
