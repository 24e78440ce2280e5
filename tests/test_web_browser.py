"""The browser client, driven through Debian's chromium by Playwright (sync API).

The server runs as `boardlab serve` in a subprocess on a free loopback port with a temporary
SQLite file, with the toy game Pairs (tests/toygame) registered: a game the client has never
heard of, which gets its lobby form from its option schema and its table without a board picture. `make test` installs chromium when it is missing (root with apt); without it these
tests skip, except in CI (CI=true) where they fail. Screenshots of the tables are saved in
test-artifacts/.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from server_helpers import free_port, in_ci, need_web, wait_for

need_web()

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM = os.environ.get("BOARDLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run"]
TIMEOUT = 20_000  # ms, for one page change
TESTS = Path(__file__).resolve().parent
# `boardlab serve` with Pairs registered first (the rest of argv goes to serve)
SERVE_WITH_PAIRS = ("import sys; sys.path.insert(0, sys.argv.pop(1)); from boardlab.core import registry; "
                    "registry.register('pairs', 'toygame'); from boardlab.cli import main; "
                    "sys.argv = ['boardlab', 'serve', *sys.argv[1:]]; main()")


def _unavailable(reason: str):
    if in_ci():
        pytest.fail(f"the browser tests must run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on a free loopback port: its base URL."""
    folder = tmp_path_factory.mktemp("web")
    port = free_port()
    cmd = [sys.executable, "-c", SERVE_WITH_PAIRS, str(TESTS), "--port", str(port), "--db",
           f"sqlite:///{folder / 'games.sqlite'}"]
    log = open(folder / "server.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            return urllib.request.urlopen(base + "/api/games", timeout=2).status == 200
        except OSError:
            assert proc.poll() is None, (folder / "server.log").read_text()
            return False

    try:
        wait_for(up, timeout=60, interval=0.1, what="the server to start")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        _unavailable(f"playwright is not installed: {exc}")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _unavailable(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.set_default_timeout(TIMEOUT)
    yield ctx
    ctx.close()


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=False)


# ---- lobby helpers --------------------------------------------------------------------------------

def create_in_lobby(page, base: str, game: str, seats: list[str], options=None) -> list[str]:
    """Fill the lobby form and create the game; returns the seat links shown."""
    page.goto(base + "/")
    page.wait_for_selector("#lobby-form, #page-error")
    assert page.locator("#lobby-form").count(), page.inner_text("#app")  # else: the server's error
    page.select_option("#game-select", game)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    for i, kind in enumerate(seats):
        page.select_option(f'.seat-kind[data-seat="{i}"]', kind)
    for name, value in (options or {}).items():
        page.select_option(f'select[name="opt-{name}"]', value)
    page.click("#create")
    page.wait_for_selector("#created .seat-link")
    return [e.input_value() for e in page.query_selector_all("#created .seat-link")]


def wait_settled(page) -> str:
    """Wait until the table shows its latest view and board; returns the state (my-turn, waiting, over)."""
    page.wait_for_function(
        "() => ['my-turn', 'waiting', 'over'].includes(document.body.dataset.state)"
        " && document.body.dataset.revision === document.body.dataset.boardRevision")
    return page.evaluate("document.body.dataset.state")


def wait_my_turn_or_over(page) -> str:
    page.wait_for_function("() => ['my-turn', 'over'].includes(document.body.dataset.state)"
                           " && document.body.dataset.revision === document.body.dataset.boardRevision",
                           timeout=60_000)
    return page.evaluate("document.body.dataset.state")


def place_by_clicking(page, turn: int) -> None:
    """Carcassonne: click a highlighted cell (twice: the tile turns), then confirm. The picture of
    the tile turned as chosen is drawn on the cell and beside the options (the board's
    data-preview / data-in-hand, filled in by the client)."""
    cells = page.query_selector_all("#board rect.legal[data-rotations]")
    assert cells, "no legal placement is highlighted"
    cell = cells[turn % len(cells)]
    rotations = cell.get_attribute("data-rotations").split()
    cell.click()
    clicks = 2 if turn % 3 == 0 else 1
    if clicks == 2:
        cell.click()  # a second click on the same cell turns the tile
    if turn < 6:
        rotation = rotations[(clicks - 1) % len(rotations)]
        want = cell.get_attribute("data-preview").replace("{rotation}", rotation)
        assert page.get_attribute("#board image.preview", "href") == want
        page.wait_for_function("want => document.querySelector('#in-hand img')?.getAttribute('src') === want", arg=want)
    page.click("#confirm-place")


def follower_by_clicking(page, turn: int) -> None:
    rings = page.query_selector_all("#board .meeple-option")
    if rings and turn % 2 == 0:
        rings[0].click()
    else:
        page.click('#options .option[data-action="pass"]')


def version(page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


# ---- the scenarios ---------------------------------------------------------------------------------

def test_carcassonne_against_a_bot_to_the_end_then_replay(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "carcassonne", ["human", "bot:random"])
    assert len(links) == 1 and "#token=" in links[0]
    page.goto(links[0])
    turn = followers = 0
    screenshot_taken = False
    while wait_my_turn_or_over(page) == "my-turn":
        decision = page.evaluate("document.body.dataset.decision")
        before = version(page)
        if decision == "place":
            if not screenshot_taken and turn >= 6:
                shot(page, "carcassonne-table.png")
                screenshot_taken = True
            place_by_clicking(page, turn)
        elif decision == "meeple":
            follower_by_clicking(page, followers)
            followers += 1
        else:
            page.click("#options .option >> nth=0")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        turn += 1
    assert turn > 40  # every decision of the human seat was made by clicking
    assert page.locator("#log li[data-key='ev.meeple']", has_text="Seat 0 ").count() > 0  # rings were clicked
    assert page.is_visible("#result") and page.inner_text("#winners")
    shot(page, "carcassonne-final.png")
    # the replay: starts at the end, steps back and forward
    page.click("#replay-link")
    page.wait_for_selector("#board svg")
    last = int(page.get_attribute("#board", "data-step"))
    assert last > 40
    page.click("#step-back")
    page.wait_for_function(f"() => document.body.dataset.step === '{last - 1}'")
    assert re.search(rf"\b{last - 1}\b", page.inner_text("#step-label"))
    page.click("#step-start")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    assert page.locator("#board svg [data-tile]").count() == 1  # only the start tile
    page.click("#step-forward")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    page.click("#step-end")
    page.wait_for_function(f"() => document.body.dataset.step === '{last}'")
    assert page.locator("#board svg [data-tile]").count() > 40
    shot(page, "carcassonne-replay.png")


def test_a_second_player_sees_moves_live_and_agrees_to_an_undo(server, browser):
    ctx_a = browser.new_context()
    ctx_b = browser.new_context()
    try:
        for c in (ctx_a, ctx_b):
            c.set_default_timeout(TIMEOUT)
        a, b = ctx_a.new_page(), ctx_b.new_page()
        links = create_in_lobby(a, server, "carcassonne", ["human", "human"])
        assert len(links) == 2
        a.goto(links[0])
        b.goto(links[1])
        assert wait_settled(a) == "my-turn" and wait_settled(b) == "waiting"
        tiles_before = b.locator("#board svg [data-tile]").count()
        place_by_clicking(a, 1)
        # seat 1 sees the tile appear without reloading (the websocket push)
        b.wait_for_function("() => document.body.dataset.version === '1'")
        wait_settled(b)
        assert b.locator("#board svg [data-tile]").count() == tiles_before + 1
        # seat 0 asks to take the placement back; seat 1 sees the request and agrees
        wait_settled(a)
        a.click("#undo-request")
        b.wait_for_selector("#undo-accept")
        assert "0" in b.inner_text("#undo-status")
        b.click("#undo-accept")
        a.wait_for_function("() => document.body.dataset.version === '0'")
        assert wait_settled(a) == "my-turn" and a.evaluate("document.body.dataset.decision") == "place"
        assert "0" in a.inner_text("#undo-last")
        # a refusal: seat 0 places again, asks again, seat 1 refuses
        place_by_clicking(a, 2)
        a.wait_for_function("() => document.body.dataset.version === '1'")
        wait_settled(a)
        a.click("#undo-request")
        b.wait_for_selector("#undo-refuse")
        b.click("#undo-refuse")
        a.wait_for_selector("#undo-request")
        assert version(a) == 1
        # a spectator watches the same table live
        spectator = ctx_b.new_page()
        spectator.goto(links[0].split("#")[0])
        wait_settled(spectator)
        assert spectator.locator("#options .option").count() == 0
        follower_by_clicking(a, 1)
        spectator.wait_for_function("() => Number(document.body.dataset.version) >= 2")
    finally:
        ctx_a.close()
        ctx_b.close()


def test_moves_go_on_the_websocket_and_a_refused_one_leaves_the_table_live(server, context):
    """The table sends its moves on its open websocket (no POST); the first one is forged on the way into an
    illegal id: the refusal is shown, the table is ready to play again, and the next move lands."""
    page = context.new_page()
    sent, posts, forge = [], [], [True]

    def route(ws):
        upstream = ws.connect_to_server()

        def from_page(message):
            if isinstance(message, str) and '"act"' in message:
                sent.append(json.loads(message))
                if forge[0]:
                    forge[0] = False
                    message = json.dumps({"type": "act", "action": "no-such-action"})
            upstream.send(message)
        ws.on_message(from_page)

    page.route_web_socket(re.compile(r"/ws/games/"), route)
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and "/actions" in r.url else None)
    links = create_in_lobby(page, server, "carcassonne", ["human", "human"])
    page.goto(links[0])
    assert wait_settled(page) == "my-turn"
    before = version(page)
    place_by_clicking(page, 0)
    page.wait_for_selector("#toast:not([hidden])")
    assert "no-such-action" in page.inner_text("#toast")
    assert wait_settled(page) == "my-turn" and version(page) == before
    place_by_clicking(page, 7)
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    assert [m["type"] for m in sent] == ["act", "act"] and sent[0]["action"].startswith("place")
    assert posts == []


def test_language_switch(server, context):
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    assert "New game" in page.inner_text("#new-game h2")
    for lang, title, lobby in (("zh-Hant", "網頁遊戲桌", "開新遊戲"), ("zh-Hans", "网页游戏桌", "开新游戏")):
        page.select_option("#lang", lang)
        page.wait_for_function(f"() => document.querySelector('#new-game h2').textContent === '{lobby}'")
        assert title in page.inner_text("#brand")
        assert ("卡卡頌" if lang == "zh-Hant" else "卡卡颂") in page.inner_text("#game-select")
    # the choice sticks: a table opened now speaks Chinese, game texts (from the server) included
    links = create_in_lobby(page, server, "carcassonne", ["human", "bot:random"])
    page.goto(links[0])
    wait_settled(page)
    assert "你的选择" in page.inner_text("#decision")
    assert re.search(r"[\u4e00-\u9fff]", page.inner_text("#options .option >> nth=0"))
    assert re.search(r"[\u4e00-\u9fff]", page.inner_text("#log"))
    page.select_option("#lang", "en")
    page.wait_for_function("() => document.querySelector('#decision h3')?.textContent === 'Your options'")
    wait_settled(page)
    assert "Place tile" in page.inner_text("#options .option >> nth=0")


def test_greatwall_table_renders_and_decisions_are_clicked(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "greatwall", ["human", "bot:random"])
    page.goto(links[0])
    wait_my_turn_or_over(page)
    board = page.locator("#board svg[data-game='greatwall']")
    for layer in ("hordes", "wall", "locations", "players", "hand"):
        assert board.locator(f"[data-layer='{layer}']").count() == 1, layer
    assert board.locator("[data-location]").count() >= 11 and board.locator("[data-section]").count() >= 3
    made = 0
    clicked_board = 0
    while made < 8 and wait_my_turn_or_over(page) == "my-turn":
        before = version(page)
        single = page.query_selector_all("#board svg .legal[data-actions]:not([data-actions*=' '])")
        if single:
            single[0].click()
            clicked_board += 1
        else:
            page.click("#options .option >> nth=0")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        made += 1
        if made == 3:
            shot(page, "greatwall-table.png")
    assert made >= 3 and clicked_board >= 1
    # the log explains itself: a rule id shows its text when clicked
    rule = page.locator("#log .rule").first
    rule.click()
    page.wait_for_selector("#log .rule-text")
    assert len(page.inner_text("#log .rule-text")) > 10


def test_server_errors_are_shown(server, context):
    page = context.new_page()
    page.goto(server + "/play/no-such-game")
    page.wait_for_selector("#page-error")
    assert "no game" in page.inner_text("#page-error")
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.fill("#join-link", "http://elsewhere.invalid/x")
    page.click("#join-form button")
    page.wait_for_selector("#toast:not([hidden])")


def test_a_game_the_client_never_heard_of_gets_its_lobby_form_from_its_schema(server, context):
    """Pairs (tests/toygame) is registered only in this server: its form comes from its option
    schema (a number for rounds 1-5, a checkbox for draft and one for its expansion, a colour
    per seat shown with the seats), in the chosen language; the game has no renderer, so its
    table shows its view as text and the options as buttons."""
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.select_option("#game-select", "pairs")
    option = lambda name: page.locator(f'#options-box .option[data-option="{name}"]')  # noqa: E731
    rounds = option("rounds").locator("input[type=number]")
    assert (rounds.get_attribute("min"), rounds.get_attribute("max"), rounds.input_value()) == ("1", "5", "2")
    assert "Rounds" in option("rounds").inner_text() and "rounds of turns" in option("rounds").inner_text()
    draft = option("draft").locator("input[type=checkbox]")
    assert draft.count() == 1 and not draft.is_checked()
    assert option("expansions").locator("input[type=checkbox][value=bonus]").count() == 1
    assert option("colours").count() == 0  # per seat: shown with the seats
    colours = page.locator('#seats-box .seat select[name="opt-colours"]')
    assert colours.count() == 2
    assert [o.get_attribute("value") for o in colours.first.locator("option").all()] == ["", "red", "blue", "green"]
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert colours.count() == 3
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    assert colours.count() == 2
    # texts from the schema in the chosen language; the chosen game stays chosen
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("() => document.querySelector('#new-game h2').textContent === '開新遊戲'")
    assert page.input_value("#game-select") == "pairs"
    assert option("rounds").locator(".option-name").inner_text() == "回合數"
    assert "顏色" in page.inner_text('#seats-box .seat[data-seat="0"]')
    shot(page, "pairs-lobby.png")
    # a server refusal (a colour for one seat only) is shown as the server words it
    page.select_option('.seat-kind[data-seat="1"]', "bot:random")
    page.select_option('select[name="opt-colours"][data-seat="0"]', "red")
    page.click("#create")
    page.wait_for_selector("#toast:not([hidden])")
    assert "colours" in page.inner_text("#toast") and "不接受" in page.inner_text("#toast")
    # now a valid form: one round, the draft, a colour per seat
    page.select_option('select[name="opt-colours"][data-seat="1"]', "green")
    rounds.fill("1")
    rounds.dispatch_event("change")
    draft.check()
    page.click("#create")
    page.wait_for_selector("#created .seat-link")
    link = page.input_value("#created .seat-link")
    game_id = link.split("/play/")[1].split("#")[0]
    with urllib.request.urlopen(f"{server}/api/games/{game_id}") as r:
        options = json.load(r)["options"]
    assert options == {"rounds": 1, "expansions": [], "draft": True, "colours": ["red", "green"]}
    page.goto(link)
    assert wait_my_turn_or_over(page) == "my-turn" and page.evaluate("document.body.dataset.decision") == "draft"
    assert page.locator("#board svg").count() == 0 and "hands: " in page.inner_text("#state-text")
    assert page.locator("#scores .swatch").first.get_attribute("style") == "background:#aa0000"  # its seat colours
    shot(page, "pairs-table.png")
    moves = 0
    while wait_my_turn_or_over(page) == "my-turn":
        before = version(page)
        page.click("#options .option >> nth=0")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        moves += 1
    assert moves >= 2 and page.is_visible("#result") and page.inner_text("#winners")
    assert page.locator("#log li").count() > 3


def test_the_lobby_form_follows_each_games_schema(server, context):
    """Checkboxes for expansions, a number for base tile sets, an option shown only while the
    option it requires has its value, a select with a none entry for a scenario."""
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.select_option("#game-select", "carcassonne")
    option = lambda name: page.locator(f'#options-box .option[data-option="{name}"]')  # noqa: E731
    sets = option("base_sets").locator("input[type=number]")
    assert (sets.get_attribute("min"), sets.get_attribute("max"), sets.input_value()) == ("1", "3", "1")
    assert option("expansions").locator("input[type=checkbox]").count() == 1
    assert option("wonders").is_hidden()  # x-requires: expansions contains wonders
    option("expansions").locator("input[value=wonders]").check()
    assert option("wonders").is_visible()
    assert "Notre-Dame" in option("wonders").inner_text()
    shot(page, "carcassonne-lobby.png")
    for w in ("alhambra", "stonehenge"):
        option("wonders").locator(f"input[value={w}]").check()
    sets.fill("2")
    sets.dispatch_event("change")
    page.select_option('.seat-kind[data-seat="1"]', "bot:random")
    page.click("#create")
    page.wait_for_selector("#created .seat-link")
    game_id = page.input_value("#created .seat-link").split("/play/")[1].split("#")[0]
    with urllib.request.urlopen(f"{server}/api/games/{game_id}") as r:
        options = json.load(r)["options"]
    assert options == {"expansions": ["wonders"], "draw_order": [], "base_sets": 2,
                       "wonders": ["stonehenge", "alhambra"]}
    # unticking the expansion hides the wonders again, and they are not sent
    option("expansions").locator("input[value=wonders]").uncheck()
    assert option("wonders").is_hidden()
    page.select_option("#game-select", "greatwall")
    scenario = option("scenario").locator("select")
    assert scenario.input_value() == "" and scenario.locator("option").first.get_attribute("value") == ""
    assert option("mode").locator("select").input_value() == "competitive"
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function("() => document.querySelector('#new-game h2').textContent === '开新游戏'")
    assert "竞争" in option("mode").inner_text() and "扩充" in option("expansions").inner_text()
