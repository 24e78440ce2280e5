"""Using the web table (issue 15, "Use"), in Debian's chromium driven by Playwright as in
tests/test_web_browser.py (its server, browser and context fixtures): the lobby's option form for
every game (no raw JSON), seats kept when the player count changes, a new game's links replacing
the old ones at once; Carcassonne's map centred, zoomed and moved (buttons, wheel, drag) and kept
so across a redraw; The Great Wall's card numbers on the table; the status line, the take-back
button, the log's numbers, the spectator's panel; the Chinese tables rendered with a CJK font (no
empty boxes). Skipped without chromium or Playwright, except in CI. No test here measures time."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

from server_helpers import need_web, wait_for

need_web()

import test_web_browser as web  # noqa: E402  (its fixtures and page helpers)
from test_web_browser import (  # noqa: E402
    create_in_lobby, shot, version, wait_my_turn_or_over, wait_settled,
)

server, browser, context = web.server, web.browser, web.context  # the same fixtures (pytest finds them here)

pytestmark = pytest.mark.browser


def api(base: str, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def bots_game(base: str, game: str, players: int = 2, seed: int = 5, options: dict | None = None) -> str:
    """A game of bots only, played to its end by the server: its id."""
    made = api(base, "/api/games", {"game": game, "players": players, "seed": seed, "options": options or {},
                                    "seats": [{"kind": "bot", "agent": "random"}] * players})
    wait_for(lambda: api(base, f"/api/games/{made['id']}")["is_over"], timeout=240, interval=0.2,
             what="the bots to finish")
    return made["id"]


def rect(page, selector: str) -> dict:
    return page.evaluate("s => { const r = document.querySelector(s).getBoundingClientRect();"
                         " return {x: r.x, y: r.y, w: r.width, h: r.height}; }", selector)


def centre(r: dict) -> tuple[float, float]:
    return r["x"] + r["w"] / 2, r["y"] + r["h"] / 2


def camera(page) -> dict:
    return page.evaluate("() => ({...document.querySelector('#board').dataset})")


# ---- Carcassonne: zoom, pan, centring ---------------------------------------------------------------

def test_a_late_carcassonne_map_is_centred_and_zooms_and_moves(server, context):
    """A finished game's map (every tile on it) fills the board area centred on its extent (not
    64-pixel tiles from the top left corner); + and − zoom about the middle, the wheel about the
    pointer, a drag moves the map by as much as the pointer moved, ⌖ centres it again."""
    game_id = bots_game(server, "carcassonne", players=3, seed=11)
    page = context.new_page()
    page.goto(f"{server}/play/{game_id}")
    wait_settled(page)
    assert page.is_visible("#zoom-controls") and page.locator("#board.zoomable").count() == 1
    board, tiles = rect(page, "#board"), rect(page, "#board svg [data-layer='tiles']")
    (bx, by), (tx, ty) = centre(board), centre(tiles)
    assert abs(bx - tx) < 0.03 * board["w"] and abs(by - ty) < 0.03 * board["h"], (board, tiles)
    assert tiles["x"] >= board["x"] - 1 and tiles["x"] + tiles["w"] <= board["x"] + board["w"] + 1
    assert tiles["y"] >= board["y"] - 1 and tiles["y"] + tiles["h"] <= board["y"] + board["h"] + 1
    assert max(tiles["w"] / board["w"], tiles["h"] / board["h"]) > 0.9  # it fills the area, one way
    shot(page, "carcassonne-late-centred.png")
    one = rect(page, "#board svg [data-tile]")["w"]
    page.click("#zoom-in")
    assert rect(page, "#board svg [data-tile]")["w"] == pytest.approx(one * 1.25, rel=0.02)
    assert centre(rect(page, "#board svg [data-layer='tiles']")) == pytest.approx((tx, ty), abs=2)
    page.click("#zoom-out")
    page.click("#zoom-out")
    assert rect(page, "#board svg [data-tile]")["w"] == pytest.approx(one / 1.25, rel=0.02)
    # the wheel zooms about the pointer: the tile under it stays under it
    page.click("#zoom-fit")
    first = page.locator("#board svg [data-tile]").nth(3)
    fb = first.bounding_box()
    fx, fy = fb["x"] + fb["width"] / 2, fb["y"] + fb["height"] / 2
    page.mouse.move(fx, fy)
    fitted = float(camera(page)["zoom"])
    page.mouse.wheel(0, -200)
    page.wait_for_function("w => Number(document.querySelector('#board').dataset.zoom) > w", arg=fitted * 1.01)
    box = first.bounding_box()
    assert box["width"] > one * 1.2
    assert box["x"] <= fx <= box["x"] + box["width"] and box["y"] <= fy <= box["y"] + box["height"]
    # a drag moves the map with the pointer
    page.click("#zoom-fit")
    before = rect(page, "#board svg [data-layer='tiles']")
    page.mouse.move(bx, by)
    page.mouse.down()
    page.mouse.move(bx + 60, by + 40, steps=4)
    page.mouse.move(bx + 120, by + 80, steps=4)
    page.mouse.up()
    after = rect(page, "#board svg [data-layer='tiles']")
    assert (after["x"] - before["x"], after["y"] - before["y"]) == pytest.approx((120, 80), abs=2)
    assert camera(page)["camera"] == "user"
    shot(page, "carcassonne-late-moved.png")
    page.click("#zoom-fit")
    assert camera(page)["camera"] == "fit"
    assert centre(rect(page, "#board svg [data-layer='tiles']")) == pytest.approx((tx, ty), abs=2)
    # the replay's board zooms the same way
    page.goto(f"{server}/replay/{game_id}")
    page.wait_for_selector("#board.zoomable svg")
    page.click("#zoom-in")
    assert camera(page)["camera"] == "user"


def test_the_zoom_and_position_stay_when_the_map_is_redrawn_after_a_move(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "carcassonne", ["human", "bot:random"])
    page.goto(links[0])
    assert wait_my_turn_or_over(page) == "my-turn"
    assert camera(page)["camera"] == "fit"
    page.click("#zoom-out")
    board = rect(page, "#board")
    bx, by = centre(board)
    # a drag that starts on a highlighted cell moves the map and selects nothing
    cell = page.locator("#board rect.legal[data-rotations]").first
    cb = cell.bounding_box()
    page.mouse.move(cb["x"] + cb["width"] / 2, cb["y"] + cb["height"] / 2)
    page.mouse.down()
    page.mouse.move(cb["x"] + cb["width"] / 2 - 50, cb["y"] + cb["height"] / 2 - 30, steps=5)
    page.mouse.up()
    assert page.locator("#board .selected").count() == 0 and page.locator("#confirm-place").count() == 0
    kept = camera(page)
    assert kept["camera"] == "user"
    # a plain click still selects a cell, and the move is played; the new picture keeps the camera
    cell = page.locator("#board rect.legal[data-rotations]").first
    cell.click()
    assert page.locator("#board .selected").count() == 1
    before = version(page)
    page.click("#confirm-place")
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    wait_settled(page)
    now = camera(page)
    assert (now["zoom"], now["cx"], now["cy"], now["camera"]) == (kept["zoom"], kept["cx"], kept["cy"], "user")
    assert rect(page, "#board") == pytest.approx(board)
    assert centre(rect(page, "#board")) == pytest.approx((bx, by))


# ---- Chinese tables: a CJK font renders the text (no empty boxes) ------------------------------------

GLYPHS_JS = """
async (selector) => {
  await document.fonts.ready;
  const node = document.querySelector(selector);
  const font = getComputedStyle(node).fontFamily;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const ctx = canvas.getContext("2d");
  const draw = (ch) => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = `32px ${font}`;
    ctx.textBaseline = "top";
    ctx.fillText(ch, 4, 4);
    const data = ctx.getImageData(0, 0, 48, 48).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) ink += data[i] > 0 ? 1 : 0;
    return { key: Array.from(data).join(","), ink };
  };
  // U+0378 and U+0379 are unassigned: every font lacks them, so they show the missing-glyph box
  const missing = draw("\\u0378");
  const chars = [...new Set([...node.textContent].filter((c) => /[\\u4e00-\\u9fff]/.test(c)))].slice(0, 12);
  const images = chars.map(draw);
  return { font, chars: chars.join(""), count: chars.length, distinct: new Set(images.map((i) => i.key)).size,
           boxes: images.filter((i) => i.key === missing.key).length, blank: images.filter((i) => !i.ink).length,
           detector: draw("\\u0379").key === missing.key };
}
"""


def cjk_fonts() -> list[str]:
    import shutil
    import subprocess
    if not shutil.which("fc-list"):
        return []
    out = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line.strip()]


def need_cjk_font() -> None:
    if not cjk_fonts():
        web._unavailable("no CJK font on this machine (make test installs Debian's fonts-noto-cjk where apt works): "
                         "the Chinese tables would show empty boxes")


def assert_chinese_renders(page, selector: str, want_font: str) -> dict:
    """The CJK characters of `selector` are drawn from a font that has them: each a glyph of its own, none
    the missing-glyph box (a test that fails on a machine without a CJK font)."""
    got = page.evaluate(GLYPHS_JS, selector)
    assert got["detector"], got  # the missing-glyph box is recognised at all
    assert got["count"] >= 2, got
    assert got["boxes"] == 0 and got["blank"] == 0 and got["distinct"] == got["count"], got
    assert want_font in got["font"], got  # the page names the right fallback for its language (:lang)
    return got


@pytest.mark.parametrize("lang, font, lobby, board_game", [
    ("zh-Hant", "Noto Sans CJK TC", "開新遊戲", "greatwall"),
    ("zh-Hans", "Noto Sans CJK SC", "开新游戏", "carcassonne"),
])
def test_chinese_tables_render_their_text(server, context, lang, font, lobby, board_game):
    need_cjk_font()
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.select_option("#lang", lang)
    page.wait_for_function(f"() => document.querySelector('#new-game h2').textContent === '{lobby}'")
    assert page.evaluate("document.documentElement.lang") == lang
    assert_chinese_renders(page, "#new-game", font)
    shot(page, f"lobby-{lang}.png")
    links = create_in_lobby(page, server, board_game, ["human", "bot:random"])
    page.goto(links[0])
    wait_settled(page)
    assert_chinese_renders(page, "#decision", font)
    assert_chinese_renders(page, "#log", font)
    if board_game == "greatwall":  # the board's own words (SVG text) too
        assert_chinese_renders(page, "#board svg [data-layer='locations'] text", font)
    shot(page, f"{board_game}-table-{lang}.png")


# ---- the lobby ----------------------------------------------------------------------------------------

def option(page, name: str):
    return page.locator(f'#lobby-form .option[data-option="{name}"]')


def created_options(page, server: str) -> dict:
    game_id = page.input_value("#created .seat-link").split("/play/")[1].split("#")[0]
    return api(server, f"/api/games/{game_id}")["options"]


@pytest.mark.parametrize("game", ["carcassonne", "greatwall", "root", "pairs"])
def test_every_games_options_are_form_fields_not_json(server, context, game):
    """Each game's every option (those shown only under a requirement too) is a checkbox, a select, a
    number or an ordered list of its values: none is a raw JSON field."""
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.select_option("#game-select", game)
    meta = api(server, "/api/meta")
    schema = next(g for g in meta["games"] if g["name"] == game)["option_schema"]
    names = set(schema["properties"])
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    shown = {n for n in page.locator("#lobby-form .option").evaluate_all("ns => ns.map((n) => n.dataset.option)")}
    assert shown == names, (shown, names)
    kinds = page.locator("#lobby-form .option").evaluate_all("ns => ns.map((n) => [n.dataset.option, n.dataset.kind])")
    assert all(kind in ("multi", "choice", "number", "boolean", "sequence", "either") for _, kind in kinds), kinds
    assert page.locator("#lobby-form input.json").count() == 0


def test_roots_options_form_names_factions_and_hirelings_and_sends_them(server, context):
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.select_option("#game-select", "root")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    factions = page.locator('#seats-box select[name="opt-factions"]')
    assert factions.count() == 3
    assert "Eyrie Dynasties" in factions.first.inner_text() and "Woodland Alliance" in factions.first.inner_text()
    for seat, faction in enumerate(("eyrie", "marquise", "alliance")):
        page.select_option(f'select[name="opt-factions"][data-seat="{seat}"]', faction)
    hirelings = option(page, "hirelings")
    assert hirelings.get_attribute("data-kind") == "either"
    assert hirelings.locator("select").input_value() == "off"
    assert hirelings.locator("input[type=checkbox]").first.is_hidden()
    hirelings.locator("select").select_option("(list)")
    assert "Forest Patrol" in hirelings.inner_text()
    for name in ("exile", "flame_bearers", "popular_band"):
        hirelings.locator(f"input[value={name}]").check()
    assert option(page, "setup_cards").is_hidden()
    option(page, "setup").locator("select").select_option("advanced")
    assert option(page, "setup_cards").is_visible() and option(page, "keep_insurgents").is_visible()
    option(page, "setup").locator("select").select_option("standard")
    turns = option(page, "turn_limit").locator("input[type=number]")
    assert (turns.get_attribute("min"), turns.get_attribute("max"), turns.input_value()) == ("1", "500", "")
    turns.fill("40")
    turns.dispatch_event("change")
    option(page, "map").locator("select").select_option("winter")
    for seat in (1, 2):
        page.select_option(f'.seat-kind[data-seat="{seat}"]', "bot:random")
    shot(page, "root-lobby.png")
    page.click("#create")
    page.wait_for_selector("#created .seat-link")
    got = created_options(page, server)
    assert got["factions"] == ["eyrie", "marquise", "alliance"] and got["map"] == "winter"
    assert got["hirelings"] == ["exile", "flame_bearers", "popular_band"] and got["turn_limit"] == 40
    # back to one word: "Three at random"
    hirelings.locator("select").select_option("random")
    assert hirelings.locator("input[type=checkbox]").first.is_hidden()
    page.click("#create")
    page.wait_for_function("() => !document.querySelector('#creating') && document.querySelector('#created .seat-link')")
    assert created_options(page, server)["hirelings"] == "random"


def seat_kinds(page) -> list[str]:
    return page.locator("#seats-box .seat-kind").evaluate_all("ns => ns.map((n) => n.value)")


def test_changing_the_player_count_or_the_game_keeps_the_seats_chosen(server, context):
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#lobby-form")
    page.select_option("#game-select", "carcassonne")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.select_option('.seat-kind[data-seat="0"]', "bot:greedy")
    page.select_option('.seat-kind[data-seat="1"]', "human")
    page.select_option('.seat-kind[data-seat="2"]', "bot:planner")
    assert seat_kinds(page) == ["bot:greedy", "human", "bot:planner"]
    page.fill("#players", "4")
    page.dispatch_event("#players", "change")
    assert seat_kinds(page)[:3] == ["bot:greedy", "human", "bot:planner"] and len(seat_kinds(page)) == 4
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    assert seat_kinds(page) == ["bot:greedy", "human"]
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert seat_kinds(page) == ["bot:greedy", "human", "bot:planner"]  # seat 2's choice came back
    page.select_option("#game-select", "greatwall")
    assert seat_kinds(page) == ["bot:greedy", "human", "bot:planner"]
    page.select_option("#lang", "zh-Hant")  # the form is drawn again in Chinese: the seats stay
    page.wait_for_function("() => document.querySelector('#new-game h2').textContent === '開新遊戲'")
    assert seat_kinds(page) == ["bot:greedy", "human", "bot:planner"]
    page.select_option("#lang", "en")


def test_a_new_games_links_replace_the_old_ones_at_once(server, context):
    page = context.new_page()
    first = create_in_lobby(page, server, "carcassonne", ["human", "human"])
    first_id = first[0].split("/play/")[1].split("#")[0]
    held = []
    page.route("**/api/games?*", lambda route: held.append(route) if route.request.method == "POST"
               else route.continue_())
    page.click("#create")
    wait_for(lambda: held or page.wait_for_timeout(20) or held, timeout=20, what="the creation request")
    # while the new game is being made, the old links are gone (nobody hands them out by mistake)
    assert page.locator("#created .seat-link, #created .spectate-link").count() == 0
    assert page.is_visible("#creating") and page.is_disabled("#create")
    held[0].continue_()
    page.wait_for_selector("#created .seat-link")
    links = [e.input_value() for e in page.query_selector_all("#created .seat-link, #created .spectate-link")]
    assert len(links) == 3 and not any(first_id in link for link in links)
    assert page.get_attribute("#created", "data-game") not in (None, first_id)
    page.unroute("**/api/games?*")


# ---- the table's small things ---------------------------------------------------------------------------

def test_status_line_take_back_log_numbers_and_the_spectators_panel(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "carcassonne", ["human", "human"])
    page.goto(links[0])
    assert wait_settled(page) == "my-turn"
    # one sentence naming the seat as the game does ("Seat 0", as in its log), then the game's status
    assert page.inner_text("#whoami") == "You play Seat 0 · Waiting for players to join"
    other = context.new_page()
    other.goto(links[1])  # seat 1 is taken: the game is under way
    assert wait_settled(other) == "waiting"
    assert other.inner_text("#whoami") == "You play Seat 1 · Game in progress"
    assert other.get_attribute("#decision", "data-kind") == "nothing"
    assert other.inner_text("#decision h3") == "Nothing to decide"
    page.wait_for_function("() => document.querySelector('#whoami').textContent === 'You play Seat 0 · Game in progress'")
    assert "null" not in page.inner_text("#status")
    # nothing to take back before the first move
    assert page.locator("#undo-request").count() == 0 and page.is_hidden("#undo")
    page.click("#options .option >> nth=0")
    page.wait_for_function("() => document.body.dataset.version === '1'")
    wait_settled(page)
    assert page.is_visible("#undo-request")
    # a spectator: no options, a panel saying so, no take-back
    watcher = context.new_page()
    watcher.goto(links[0].split("#")[0])
    wait_settled(watcher)
    assert watcher.inner_text("#whoami") == "You are watching (spectator) · Game in progress"
    assert watcher.get_attribute("#decision", "data-kind") == "spectator"
    assert watcher.inner_text("#decision h3") == "Nothing to decide"
    assert "the players decide" in watcher.inner_text("#nothing-why")
    assert watcher.is_hidden("#undo") and watcher.locator("#options .option").count() == 0
    assert re.match(r"Waiting for Seat 0: ", watcher.inner_text("#turn"))
    for lang, who, status in (("zh-Hant", "你正在觀戰", "遊戲進行中"), ("zh-Hans", "你正在观战", "游戏进行中")):
        watcher.select_option("#lang", lang)
        watcher.wait_for_function(f"() => document.querySelector('#whoami')?.textContent === '{who} · {status}'")


def test_log_numbers_from_100_are_shown_whole(server, context):
    game_id = bots_game(server, "carcassonne", players=2, seed=3)
    page = context.new_page()
    page.goto(f"{server}/play/{game_id}")
    wait_settled(page)
    count = int(page.get_attribute("#log", "data-count"))
    assert count > 100
    for index in (99, count - 1):  # the 100th line and the last one
        item = page.locator(f"#log li[data-index='{index}']")
        item.scroll_into_view_if_needed()
        number = item.locator(".n")
        assert number.inner_text() == str(index + 1)
        box, log = number.bounding_box(), page.locator("#log").bounding_box()
        assert box["x"] >= log["x"] and box["x"] + box["width"] <= log["x"] + log["width"]
        fits = number.evaluate("n => n.scrollWidth <= n.clientWidth + 1 && getComputedStyle(n).overflow !== 'hidden'")
        assert fits
        assert box["x"] + box["width"] <= item.locator(".event").bounding_box()["x"]  # not under the text
    shot(page, "log-numbers.png")


def test_roots_seats_are_named_by_their_faction(server, context):
    page = context.new_page()
    made = api(server, "/api/games", {"game": "root", "players": 2, "seed": 4, "options": {"factions": ["eyrie", "marquise"]},
                                      "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]})
    page.goto(f"{server}/play/{made['id']}#token={made['seats'][0]['token']}")
    wait_settled(page)
    assert page.inner_text("#whoami").startswith("You play Seat 0 (Eyrie Dynasties)")
    assert "Seat 1 (Marquise de Cat)" in page.inner_text("#scores")
    page.select_option("#lang", "zh-Hant")
    page.wait_for_function("() => document.querySelector('#whoami')?.textContent.startsWith('你是 0 號座位（') "
                           "|| document.querySelector('#whoami')?.textContent.startsWith('你是 0 號座位 (')")
    assert "飛鷹帝國" in page.inner_text("#whoami")


def test_favicon_answers(server):
    with urllib.request.urlopen(server + "/favicon.ico") as r:
        assert r.status == 200 and r.headers["Content-Type"] == "image/x-icon" and len(r.read()) > 0


def test_greatwall_hand_and_hordes_show_their_numbers_on_the_table(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "greatwall", ["human", "bot:random"])
    page.goto(links[0])
    moves = 0
    board = page.locator("#board svg[data-game='greatwall']")
    while wait_my_turn_or_over(page) == "my-turn" and moves < 12:
        if board.locator("[data-layer='hand'] [data-card-numbers]").count() and board.locator("[data-horde]").count():
            break
        before = version(page)
        page.click("#options .option >> nth=0")
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
        moves += 1
    horde = board.locator("[data-horde]").first
    assert re.search(r"Breach \d+ · Kill \d+", horde.text_content())
    assert re.search(r"Victory ★\d+ · End ★\d+", horde.text_content())
    assert board.locator("[data-horde] [data-slot-reward]").count() > 0
    numbers = board.locator("[data-layer='hand'] [data-card-numbers]").all_text_contents()
    assert any(n.startswith("▲ ") for n in numbers) and any(n.startswith("▼ ") for n in numbers), numbers
    assert board.locator("[data-location='quarry'] [data-yield='stone']").text_content().startswith("+1 Stone per Clerk")
    shot(page, "greatwall-numbers.png")
