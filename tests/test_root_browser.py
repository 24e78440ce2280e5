"""Root in the browser client (Playwright with Debian's chromium, as tests/test_web_browser.py): the
table shows the map drawn by Root's renderer, and decisions are taken by clicking clearings (and cards,
when one is the only choice a card names) through the client's generic `data-action(s)` contract.
Skipped without chromium or Playwright, except in CI."""
from __future__ import annotations

import pytest

from server_helpers import need_web

need_web()

import test_web_browser as web  # noqa: E402  (its server, browser and page fixtures, and page helpers)
from test_web_browser import create_in_lobby, shot, version, wait_my_turn_or_over  # noqa: E402

server, browser, context = web.server, web.browser, web.context  # the same fixtures (pytest finds them here)

pytestmark = pytest.mark.browser


def test_root_map_is_shown_and_decisions_are_taken_by_clicking_clearings(server, context):
    page = context.new_page()
    links = create_in_lobby(page, server, "root", ["human", "bot:random"])
    page.goto(links[0])
    assert wait_my_turn_or_over(page) == "my-turn"
    assert page.evaluate("document.body.dataset.decision") == "marquise_setup"
    board = page.locator("#board svg[data-game='root']")
    assert board.locator("[data-clearing]").count() == 12
    for layer in ("map", "score-track", "table", "players", "hand"):
        assert board.locator(f"[data-layer='{layer}']").count() == 1, layer
    corners = board.locator("g.legal[data-clearing]")
    assert corners.count() == 4  # the keep goes in a corner: keep:1 .. keep:4
    corner = corners.first
    number = corner.get_attribute("data-clearing")
    assert corner.get_attribute("data-action") == f"keep:{number}"
    before = version(page)
    corner.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    wait_my_turn_or_over(page)
    keep = board.locator(f"[data-clearing='{number}'] [data-piece='token'][data-kind='keep']")
    assert keep.count() == 1
    shot(page, "root-table.png")
    # go on: a highlighted clearing or card when one id names it, else the first option button
    clicked = {"clearing": 0, "card": 0}
    for _ in range(30):
        if wait_my_turn_or_over(page) != "my-turn":
            break
        before = version(page)
        single = page.query_selector_all("#board svg .legal[data-action]")
        if single:
            target = single[0]
            kind = "card" if target.get_attribute("data-card") else "clearing"
            target.click(timeout=60_000)
            clicked[kind] += 1
        else:  # a loaded machine may keep the buttons disabled a while (a request under way)
            page.locator("#options .option:not([disabled])").first.click(timeout=60_000)
        page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}", timeout=60_000)
    assert clicked["clearing"] >= 3  # the three setup buildings at least were placed by clicking
    assert page.locator("#log li").count() > 5
    shot(page, "root-table-later.png")
