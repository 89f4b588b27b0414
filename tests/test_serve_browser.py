"""`dinghy serve` in a real browser (issue 24): Debian's chromium, headless, driven by
Playwright with the system browser (never a browser of its own: no download).

Issue 24, done means: "A test in a real browser ... Two browser contexts play a
two-person race of every game to the finish by taps, and screenshots at phone, tablet and
laptop sizes are looked at. On a machine without that browser, `python3 run.py test`
skips only the browser tests and says in one line how to install it."

Two people on two devices: a laptop (the host, who creates the table and sits at seat 0)
and a phone (touch: it taps), who joins by the link the host's page shows. Each person
decides with a skipper's brain and plays by tapping the button (or the point on the
board) their own page offers; the server judges and both pages show the new table.
The screenshots go to a temporary folder, or where $DINGHY_SHOTS asks (tests/shots.py).
"""
from __future__ import annotations

import json
import random
import re
import socket
import threading
import time
import warnings
from pathlib import Path

import pytest
import shots as shots_kit

CHROMIUM = "/usr/bin/chromium"
HOW = ("browser tests skipped: apt-get install chromium && pip install -e '.[browser]' "
       "(CI=true bash .ci/run does both)")
if not Path(CHROMIUM).exists():
    pytest.skip(HOW, allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason=HOW)
pytest.importorskip("starlette", reason=HOW)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import uvicorn  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from dinghy.serve.app import MAX_MESSAGE, create_app  # noqa: E402
from dinghy.serve.tables import make_setup, seat_view  # noqa: E402
from dinghy.skippers import skipper  # noqa: E402

#: How chromium is started: headless, no sandbox (root in a container), nothing fetched.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE, TABLET, LAPTOP = (390, 844), (820, 1180), (1280, 800)
BOARDS = {"race_the_wind": "race_the_wind", "yacht_race": "yacht_race", "regatta": "3m_triangle",
          "regatta_advanced": "3m_triangle", "regatta_gigamic": "small", "dinghy_race": "short_lap"}
#: A page shows a new table within this (a wait, not a measure: the machine is shared).
WAIT_MS = 60_000

pytestmark = pytest.mark.race


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    path = shots_kit.folder() or tmp_path_factory.mktemp("shots")
    path.mkdir(parents=True, exist_ok=True)
    return path


class Server:
    """`dinghy serve`'s app under uvicorn on a free localhost port, in a thread of this
    process (so that the test's brains can read the races the server holds)."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.app = create_app(folder, rate=50.0, burst=200)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=MAX_MESSAGE * 4)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(400):
            if self.server.started:
                break
            time.sleep(0.025)
        assert self.server.started, "the server did not start"
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("serve"))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def _quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def shown(page, n: int) -> None:
    """Wait until ``page`` shows the table after ``n`` actions."""
    page.wait_for_selector(f'#main .table[data-n="{n}"]', timeout=WAIT_MS)


def create_table(page, base: str, rules: str, options: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """The host creates a two-person table on the start page (``options``: the game's
    options chosen, by their words); the table's id and the seats' join links as the
    host's page shows them."""
    page.goto(base + "/")
    page.select_option("#game", rules)
    page.select_option("#board", BOARDS[rules])
    for key, words in (options or {}).items():
        page.select_option(f'select[data-option="{key}"]', label=words)
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_url(re.compile(r"/host/[0-9a-f]+#"), timeout=WAIT_MS)
    page.wait_for_selector(".seat .qr svg", timeout=WAIT_MS)
    links = [a.get_attribute("href") for a in page.locator(".seat a.link").all()]
    return page.url.split("/host/", 1)[1].split("#", 1)[0], links


def tap(page, text: str, touch: bool) -> str:
    """Tap what the page offers for ``text``: its point on the board first (a point with
    several choices, or a thing to lay there, opens a chooser: then the choice), else its
    button; which it was."""
    press = (lambda t: t.tap()) if touch else (lambda t: t.click())
    spots = page.eval_on_selector_all(".board circle.target", "els => els.map(e => e.getAttribute('data-acts'))")
    for i, acts in enumerate(spots):
        acts = acts.split("\n")
        if text in acts:
            press(page.locator(".board circle.target").nth(i))
            if len(acts) > 1 or page.locator(".chooser").count():    # several, or a thing laid: which?
                press(page.locator(f'.chooser [data-action="{_quoted(text)}"]'))
            return "board"
    button = page.locator(f'.actions [data-action="{_quoted(text)}"]')
    if not button.is_visible():              # in a folded kind of choices: open it first
        press(page.locator(f'.actions details:has([data-action="{_quoted(text)}"]) > summary'))
    press(button)
    return "button"


@pytest.mark.parametrize("rules", list(BOARDS))
def test_two_people_on_two_devices_sail_a_race_to_the_finish_by_taps(server, browser, shots, rules):
    laptop = browser.new_context(viewport=dict(zip(("width", "height"), LAPTOP)))
    phone = browser.new_context(viewport=dict(zip(("width", "height"), PHONE)), has_touch=True,
                                is_mobile=True, device_scale_factor=2)
    try:
        host = laptop.new_page()
        chosen = {"race_the_wind": {"proper_course": "On"}, "regatta_advanced": {"penalty": "Disqualify"}}
        tid, links = create_table(host, server.base, rules, chosen.get(rules))
        assert len(links) == 2 and all(f"/play/{tid}#" in link for link in links)
        if rules == "race_the_wind":
            host.screenshot(path=str(shots / "host_laptop.png"), full_page=True)
        pages = [laptop.new_page(), phone.new_page()]
        touch = [False, True]
        for page, link in zip(pages, links):
            page.goto(link)
        table = server.app.state.tables.get(tid)
        race = table.race
        expected = {"race_the_wind": {"proper_course": True}, "regatta_advanced": {"penalty": "disqualify"}}
        assert dict(race.game.setup.extra) == expected.get(rules, {})
        brain, rng = skipper(None, rules), random.Random(3)
        taps = off_page = 0
        on = {"board": 0, "button": 0}
        played_shot = False
        while True:
            with table.lock:
                n, over = table.count, race.over
                seat = None if over else race.current_player()
            for page in pages:
                shown(page, n)
            if over:
                break
            assert pages[seat].locator(".turn.yours").count() == 1
            assert pages[1 - seat].locator(".turn.yours").count() == 0
            with table.lock:
                text = race.game.action_text(brain.choose(race, rng))
            if pages[seat].locator(f'[data-acts*="{_quoted(text)}"], [data-action="{_quoted(text)}"]').count() == 0:
                # a free point the page offers no target for (Dinghy Race's Weather Eye
                # anywhere on the water): the person taps what the page does offer
                offered = pages[seat].locator(".actions [data-action]")
                assert offered.count() > 0, f"{rules}: nothing to tap for {text!r}"
                text = offered.first.get_attribute("data-action")
                off_page += 1
            if not played_shot and taps >= 6 and seat == 1 and pages[1].locator(".board circle.target").count():
                _shoot(pages, shots, rules, "play")       # the phone's turn, with targets on its board
                played_shot = True
            on[tap(pages[seat], text, touch[seat])] += 1
            taps += 1
            # the tap is played: the table moves on past n (bots' and chance's actions too)
            pages[seat].wait_for_selector(f'#main .table:not([data-n="{n}"]), #main .refused', timeout=WAIT_MS)
            assert pages[seat].locator(".refused").count() == 0, pages[seat].inner_text(".refused")
            assert taps < 2000
        _shoot(pages, shots, rules, "over")
        assert off_page <= taps // 10
        assert on["board"] > 0, on          # the choices that move a boat are tapped on the board
        places = race.places()
        assert 1 in places
        winner = race.game.name(places.index(1))
        for page in pages:
            assert "The race is over." in page.inner_text(".turn")
            assert page.locator(".actions button").count() == 0
            assert f"1. {winner}" in page.inner_text(".fleet")
    finally:
        laptop.close()
        phone.close()


def _shoot(pages, shots, rules: str, when: str) -> None:
    """The laptop's page as it is, the phone's, and the phone's page on a tablet."""
    pages[0].screenshot(path=str(shots / f"{rules}_{when}_laptop.png"))
    pages[1].screenshot(path=str(shots / f"{rules}_{when}_phone.png"), full_page=True)
    pages[1].set_viewport_size(dict(zip(("width", "height"), TABLET)))
    pages[1].screenshot(path=str(shots / f"{rules}_{when}_tablet.png"))
    pages[1].set_viewport_size(dict(zip(("width", "height"), PHONE)))


def test_hot_seat_in_one_browser_hides_each_seat_behind_a_curtain(server, browser, shots):
    """Issue 24: "One browser can also play hot-seat behind a curtain." A tablet passed
    round plays both people's seats of a Gigamic race (hands held secret) from the host's
    page: whenever the other seat is to act, the page shows a curtain naming it, with
    nothing of either seat's hand or choices on the page, until that person taps."""
    tablet = browser.new_context(viewport=dict(zip(("width", "height"), TABLET)), has_touch=True)
    try:
        page = tablet.new_page()
        tid, _ = create_table(page, server.base, "regatta_gigamic")
        page.locator("a.hot").tap()
        page.wait_for_url(re.compile(rf"/hot/{tid}#"), timeout=WAIT_MS)
        table = server.app.state.tables.get(tid)
        race = table.race
        brain, rng = skipper(None, "regatta_gigamic"), random.Random(5)
        curtains = taps = 0
        last_seat = None
        while True:
            with table.lock:
                n, over = table.count, race.over
                seat = None if over else race.current_player()
                hands = [list(h) for h in race.state.hands]
            if over:
                page.wait_for_selector('#main .table[data-over="true"]', timeout=WAIT_MS)
                break
            page.wait_for_selector(f'#main .curtain[data-seat="{seat}"], '
                                   f'#main .table[data-n="{n}"][data-seat="{seat}"]', timeout=WAIT_MS)
            if page.locator("#main .curtain").count():
                curtains += 1
                assert seat != last_seat
                body = page.inner_text("body")
                assert f"Pass to {race.game.name(seat)}" in body
                assert page.locator("#main .table, #main [data-action]").count() == 0
                assert "hand" not in body and "svg" not in page.inner_html("#main")
                if curtains == 2:
                    page.screenshot(path=str(shots / "hot_seat_curtain_tablet.png"))
                page.locator("#main .curtain button").tap()
                shown(page, n)
            else:
                assert seat == last_seat          # the same person acts on: no curtain
            last_seat = seat
            # the seat shown is the one to act, with its own hand and not the other's
            assert page.locator(f'#main .table[data-seat="{seat}"] .turn.yours').count() == 1
            seen = page.text_content("#main .seen")
            assert f"hand: {json.dumps(hands[seat], separators=(',', ':'))}" in seen
            assert all(f"hand: {json.dumps(h, separators=(',', ':'))}" not in seen
                       for k, h in enumerate(hands) if k != seat and h != hands[seat])
            with table.lock:
                text = race.game.action_text(brain.choose(race, rng))
            tap(page, text, True)
            taps += 1
            page.wait_for_selector(f'#main .table:not([data-n="{n}"]), #main .curtain, #main .refused',
                                   timeout=WAIT_MS)
            assert page.locator("#main .refused").count() == 0
            assert taps < 500
        assert curtains >= 4 and 1 in race.places()
        page.screenshot(path=str(shots / "hot_seat_over_tablet.png"))
    finally:
        tablet.close()


#: Issue 24: "It works by touch on a phone or tablet, portrait or landscape, with
#: targets ≥ 48 px." Phone portrait, phone landscape, tablet portrait (CSS px).
TOUCH_SIZES = {"phone": PHONE, "phone_landscape": PHONE[::-1], "tablet": TABLET}
FINGER = 48


@pytest.fixture(scope="module")
def touch_tables(server):
    """One two-person table per game, shared by the sizes: each size's test opens the
    page of the seat to act and plays one tap, so the next size meets a new turn."""
    made = {}
    for rules in ("yacht_race", "dinghy_race"):
        setup = make_setup(rules, BOARDS[rules], [{"name": "Ann", "who": "person"},
                                                   {"name": "Bo", "who": "person"}], 11)
        made[rules] = server.app.state.tables.create(rules, setup)
    return made


def _on_screen(box, clip) -> bool:
    return (box["x"] >= clip["x"] - 0.5 and box["y"] >= clip["y"] - 0.5
            and box["x"] + box["width"] <= clip["x"] + clip["width"] + 0.5
            and box["y"] + box["height"] <= clip["y"] + clip["height"] + 0.5)


@pytest.mark.parametrize("size", list(TOUCH_SIZES))
@pytest.mark.parametrize("rules", ["yacht_race", "dinghy_race"])
def test_every_board_target_is_a_finger_wide_on_a_phone_or_tablet_and_a_tap_plays_it(
        server, browser, shots, touch_tables, rules, size):
    """On a seat's turn, at phone (portrait and landscape) and tablet sizes: the page
    opens with the turn's targets scrolled into the board's box, every target on the
    board is at least 48 x 48 CSS px and lies within the screen once scrolled into
    view, and tapping one plays its action."""
    width, height = TOUCH_SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    try:
        table = touch_tables[rules]
        tables = server.app.state.tables
        # a turn with no point to tap (a card, a hazard's choice) is played by its text
        for _ in range(20):
            with table.lock:
                n, seat = table.count, table.race.current_player()
                view = seat_view(table, seat)
                texts = [t["acts"] for t in view["targets"]]
            if texts:
                break
            tables.act(table, seat, view["actions"][0]["text"], n)
        assert texts, f"{rules}: no targets on seat {seat}'s turn"
        page = context.new_page()
        page.goto(f"{server.base}/play/{table.table_id}#{table.seat_tokens[seat]}")
        shown(page, n)
        dots = page.locator(".board circle.target")
        assert dots.count() == len(texts)
        board = page.locator("div.board").bounding_box()
        viewport = {"x": 0, "y": 0, "width": width, "height": height}
        assert _on_screen(board, viewport), (board, size)
        # the page opened scrolled to the turn: a target is in the board's box already
        assert any(_on_screen(dots.nth(i).bounding_box(), board) for i in range(dots.count()))
        page.screenshot(path=str(shots / f"targets_{rules}_{size}.png"))
        smallest = FINGER * 10
        for i in range(dots.count()):
            dots.nth(i).scroll_into_view_if_needed()
            box = dots.nth(i).bounding_box()
            smallest = min(smallest, box["width"], box["height"])
            assert box["width"] >= FINGER and box["height"] >= FINGER, (rules, size, i, box)
            assert _on_screen(box, viewport), (rules, size, i, box)
            assert _on_screen(box, page.locator("div.board").bounding_box()), (rules, size, i, box)
        print(f"{rules} at {size}: {dots.count()} targets, the smallest {smallest:.1f} CSS px")
        text = texts[-1][0]["text"]
        assert tap(page, text, True) == "board"
        page.wait_for_selector(f'#main .table:not([data-n="{n}"]), #main .refused', timeout=WAIT_MS)
        assert page.locator(".refused").count() == 0
        with table.lock:
            assert table.race.game.action_text(table.race.actions[n]) == text
    finally:
        context.close()


def test_a_dinghy_race_seat_lays_a_weather_eye_card_by_taps_on_a_phone(server, browser, shots):
    """Dinghy Race: a player "may place them anywhere on the playing surface at the end of
    his turn; the only restrictions are that the cards may not touch a boat, manoeuvre
    card or buoy ... The cards must be placed with either their short or their long side
    parallel to the wind". On a phone, at its Weather Eye step (a built position), a seat
    is offered the places near its boat as targets a finger wide and a finger apart; a
    tap on one opens a chooser naming the two ways round, and a tap there lays the card,
    which both seats' boards then show."""
    from botkit import served_at_weather_eye
    table = served_at_weather_eye(server.app.state.tables, 2, board="short_lap")
    race = table.race
    with table.lock:
        n, seat = table.count, race.current_player()
    context = browser.new_context(viewport=dict(zip(("width", "height"), PHONE)), has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(f"{server.base}/play/{table.table_id}#{table.seat_tokens[seat]}")
        shown(page, n)
        boxes = page.eval_on_selector_all(
            ".board circle.target", "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return {acts: e.getAttribute('data-acts'), x: r.x + r.width / 2, y: r.y + r.height / 2,"
            " w: r.width, h: r.height}; })")
        eyes = [b for b in boxes if b["acts"].startswith("weathereye ")]
        with table.lock:
            places = {a.text() for _, a in race.game.board_placements(race.state)}
        assert len(eyes) >= 10 and {t for b in eyes for t in b["acts"].split("\n")} == places
        nearest = min(((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5
                      for i, a in enumerate(eyes) for b in eyes[i + 1:])
        assert nearest >= FINGER - 0.5 and min(min(b["w"], b["h"]) for b in eyes) >= FINGER - 0.5
        print(f"{len(eyes)} Weather Eye places on a phone, the nearest two {nearest:.1f} CSS px apart")
        # the board zoomed in: its wind rose is pinned to the box's corner, wherever it is panned
        badge = page.locator(".windbadge svg")
        assert badge.locator("g.wind").count() == 1
        with table.lock:
            wind = race.game.board_wind(race.state)
        assert float(badge.locator("g.wind").get_attribute("data-from")) == wind % 360
        pinned, box = badge.bounding_box(), page.locator("div.board").bounding_box()
        assert pinned["width"] >= 40 and _on_screen(pinned, box)
        page.screenshot(path=str(shots / "weather_eye_places_phone.png"))
        at = next(i for i, b in enumerate(boxes) if b in eyes and len(b["acts"].split("\n")) == 2)
        text = boxes[at]["acts"].split("\n")[1]          # the long side across the wind
        assert text.endswith(" short")
        dot = page.locator(".board circle.target").nth(at)
        dot.scroll_into_view_if_needed()
        dot.tap()
        chooser = page.locator(".chooser")
        chooser.wait_for(timeout=WAIT_MS)
        assert "Weather Eye card, long side along the wind" in chooser.inner_text()
        assert "Weather Eye card, long side across the wind" in chooser.inner_text()
        # each way round previewed where it would lie, in its button's colour
        previews = page.locator(".board polygon.preview")
        assert previews.count() == 2
        sizes = [previews.nth(k).bounding_box() for k in range(2)]
        wind_down = abs(wind % 180) < 1e-9          # the wind along the screen's up and down
        along, across = sizes
        if wind_down:
            assert along["height"] > along["width"] and across["width"] > across["height"]
        for k in range(2):
            colour = previews.nth(k).evaluate("e => getComputedStyle(e).fill")
            edge = chooser.locator("button.primary").nth(k).evaluate("e => getComputedStyle(e).borderLeftColor")
            assert colour == edge
        page.screenshot(path=str(shots / "weather_eye_chooser_phone.png"))
        chooser.locator(f'[data-action="{_quoted(text)}"]').tap()
        page.wait_for_selector(f'#main .table:not([data-n="{n}"]), #main .refused', timeout=WAIT_MS)
        assert page.locator(".refused").count() == 0
        with table.lock:
            assert race.game.action_text(race.actions[n]) == text
            laid = race.history[n + 1].weather_eyes[-1]
        assert (laid.owner, laid.long_side_along_wind) == (seat, False)
        assert page.locator(".board g.pieces polygon").count() >= 1
        assert page.locator(".windbadge svg").count() == 0      # the whole board: its own rose
        page.locator(".board g.wind").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "weather_eye_laid_phone.png"), full_page=True)
    finally:
        context.close()
