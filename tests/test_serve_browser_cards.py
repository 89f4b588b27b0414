"""The browser table marks a point a boat reaches only by playing a card (3M's puff
card: "good for a 1-space extension of a leg") apart from the other targets: the
circle is a "card" target (lilac, dashed), the card's name is written on it and its
tooltip starts with it, as the pyglet table rings it lilac with "puff" (the engine's
``turned_card``, through ``serve.targets``). Needs chromium and playwright, as
tests/test_serve_browser.py does (skipped with one line otherwise)."""
from __future__ import annotations

import pytest

from test_serve_browser import BOARDS, TABLET, WAIT_MS, shown  # noqa: F401  (skips without a browser)
from test_serve_browser import browser, server, shots  # noqa: F401  (the fixtures)

from dinghy.serve.tables import make_setup, seat_view


def test_a_puff_only_point_is_marked_with_its_card_in_the_browser(server, browser, shots):  # noqa: F811
    setup = make_setup("regatta", BOARDS["regatta"], [{"name": "Ann", "who": "person"},
                                                       {"name": "Bo", "who": "person"}], 3)
    tables = server.app.state.tables
    table = tables.create("regatta", setup)
    for _ in range(40):                 # on to a turn with a point only a puff card reaches
        with table.lock:
            n, seat = table.count, table.race.current_player()
            view = seat_view(table, seat)
        cards = [t for t in view["targets"] if t.get("card")]
        if cards and len(cards) < len(view["targets"]):
            break
        tables.act(table, seat, view["actions"][0]["text"], n)
    assert cards, "no turn with a puff-only point"
    context = browser.new_context(viewport={"width": TABLET[0], "height": TABLET[1]}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/play/{table.table_id}#{table.seat_tokens[seat]}")
        shown(page, n)
        dots = page.locator(".board circle.target")
        assert dots.count() == len(view["targets"])
        marked = page.locator(".board circle.target.card")
        assert marked.count() == len(cards)
        words = page.locator(".board text.cardword")
        assert words.count() == len(cards) and set(words.all_text_contents()) == {"puff"}
        for i in range(marked.count()):
            assert marked.nth(i).locator("title").text_content().startswith("plays a puff card: ")
            assert " puff" in marked.nth(i).get_attribute("data-acts")
        fill = marked.nth(0).evaluate("e => getComputedStyle(e).fill")
        plain = page.locator(".board circle.target:not(.card)").nth(0).evaluate("e => getComputedStyle(e).fill")
        assert fill != plain
        marked.nth(0).scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "puff_targets_tablet.png"))
    finally:
        context.close()
