import pytest
import shots
from hypothesis import given, settings
from hypothesis import strategies as st

from dinghy.core.setup import PALETTE, RaceSetup, Seat, default_setup
from dinghy.ui import testing as ui
from dinghy.ui.app import App
from dinghy.ui.shell.setup_form import MAX_SEATS, MIN_SEATS, SetupForm
from dinghy.ui.shell.setup_screen import SetupScreen
from dinghy.ui.widgets.gui import key
from dinghy.ui.widgets.buttons import Button, Toggle
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text, TextField



@pytest.fixture
def setup_screen(ui_app):
    started, resumed = [], []

    def open_screen(**kw):
        kw.setdefault("courses", ["harbour", "olympic_triangle"])
        kw.setdefault("seed", 1234)
        screen = ui_app.push(SetupScreen(started.append, on_resume=lambda: resumed.append(1), **kw))
        screen.started, screen.resumed = started, resumed
        return screen
    return open_screen


def test_one_click_start_with_the_defaults(ui_app, setup_screen):
    s = setup_screen()
    ui.tap(ui_app, s.start_button)
    # the defaults, with Dinghy Race's options said (a Spi down with no spinnaker up; rule 1
    # looks at the card laid after a tack)
    assert s.started == [default_setup(seed=1234).with_(extra=(("spi_down_without_spinnaker", "sails"),
                                                               ("rule_1_next_card", "card_after")))]


def test_default_seed_is_random_and_shown(ui_app, setup_screen):
    s = setup_screen(seed=None)
    assert SetupForm().seed != SetupForm().seed     # a clash is a 1 in 2**31 chance
    assert str(s.form.seed) in s.seed_text.text


def test_drive_the_screen_with_taps_and_typing(ui_app, setup_screen):
    s = setup_screen()
    ui.tap(ui_app, s.add_button)                     # a fifth boat: Blue, sailed by a bot
    ui.click(ui_app, *s.rows[0].colour.next_point)   # Orange -> first free colour
    ui.tap(ui_app, s.rows[1].bot)                    # Sky becomes a bot
    ui.tap(ui_app, s.rows[2].remove)                 # Green leaves
    ui.tap(ui_app, s.rows[0].name)                   # rename the first skipper
    for _ in range(len("Vermilion")):
        ui.text_motion(ui_app, key.MOTION_BACKSPACE)
    ui.type_text(ui_app, "Kai")
    ui.click(ui_app, *s.wind.next_point)
    ui.click(ui_app, *s.cards.prev_point)
    ui.click(ui_app, *s.course.next_point)
    ui.click(ui_app, *s.lady_luck.prev_point)
    for _ in range(9):
        ui.click(ui_app, *s.weather_eye.next_point)  # stops at 9
    ui.tap(ui_app, s.inner_rule)
    ui.tap(ui_app, s.start_button)
    assert s.started == [RaceSetup(
        seats=(Seat("Kai", "Vermilion", None), Seat("Sky", "Sky", "simple"),
               Seat("Yellow", "Yellow", "simple"), Seat("Blue", "Blue", "simple")),
        course="harbour", wind_force="light", card_size="standard", lady_luck=2,
        weather_eye=9, inner_boat_rule=False, seed=1234,
        extra=(("spi_down_without_spinnaker", "sails"), ("rule_1_next_card", "card_after")))]


def test_seat_limits_disable_the_buttons_and_say_why(ui_app, setup_screen):
    s = setup_screen()
    for _ in range(3):
        ui.tap(ui_app, s.rows[-1].remove)
    assert len(s.form.seats) == MIN_SEATS
    ui.tap(ui_app, s.rows[0].remove)
    assert len(s.form.seats) == MIN_SEATS and "at least 2" in s.gui.tooltip_text
    for _ in range(6):
        ui.tap(ui_app, s.add_button)
    assert len(s.form.seats) == MAX_SEATS and not s.add_button.enabled
    assert "6 boats at most" in s.gui.tooltip_text
    colours = [seat.colour for seat in s.form.seats]
    assert len(set(colours)) == MAX_SEATS


def test_colour_choice_skips_colours_in_use(ui_app, setup_screen):
    s = setup_screen()
    taken = {seat.colour for seat in s.form.seats[1:]}
    for _ in range(len(PALETTE)):
        ui.click(ui_app, *s.rows[0].colour.prev_point)
        assert s.form.seats[0].colour not in taken
        assert s.rows[0].name.value == s.form.seats[0].colour   # a default name follows


def test_resume_button_shows_only_when_a_race_can_resume(ui_app, setup_screen):
    saved = {"race": False}
    s = setup_screen(can_resume=lambda: saved["race"])
    assert not s.resume_button.visible
    ui.click(ui_app, *s.resume_button.center)
    assert s.resumed == []
    saved["race"] = True
    ui_app.step(0.6)
    assert s.resume_button.visible
    ui.tap(ui_app, s.resume_button)
    assert s.resumed == [1] and s.started == []


def test_no_courses_installed_is_tolerated(ui_app, setup_screen):
    s = setup_screen(courses=None)        # whatever is shipped, possibly nothing yet
    ui.click(ui_app, *s.course.next_point)
    ui.tap(ui_app, s.start_button)
    assert isinstance(s.started[0].course, str) and s.started[0].course


def test_keyboard_shortcuts(ui_app, setup_screen):
    s = setup_screen()
    ui.key_press(ui_app, key.N, key.MOD_ACCEL)
    assert len(s.form.seats) == 5
    ui.key_press(ui_app, key.TAB)
    assert s.gui.focus is s.rows[0].name
    ui.key_press(ui_app, key.ENTER)        # finishes the name, does not start
    assert s.started == [] and s.gui.focus is None
    ui.tap(ui_app, s.help_button)
    assert s.help_open
    ui.key_press(ui_app, key.ESCAPE)
    ui.key_press(ui_app, key.ENTER)
    assert len(s.started) == 1 and len(s.started[0].seats) == 5


def _boxes(screen):
    """Every visible control's rectangle and every text's inked box."""
    boxes = []
    for w in screen.gui.walk():
        if not w.visible:
            continue
        if isinstance(w, (Button, ChoiceSelector, TextField, Toggle)):
            boxes.append((w, w.rect))
        elif isinstance(w, Text):
            lab = w.label
            boxes.append((w, (w.x, w.y + w.h / 2 - lab.content_height / 2,
                              lab.content_width, lab.content_height)))
    return boxes


def _overlap(a, b):
    return (a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5
            and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5)


@pytest.fixture
def two_games(monkeypatch):
    """The toy game of tests/toy_game.py registered beside Dinghy Race, for one test."""
    from dinghy import games
    from toy_game import Pinboat

    monkeypatch.setattr(games, "GAMES", {"dinghy_race": games.GAMES["dinghy_race"]})
    games.register("pinboat", "Pinboat", Pinboat, lambda: ["straight_line"])
    yield


@pytest.fixture
def one_game(monkeypatch):
    """Dinghy Race alone, as a build without the other rulesets would offer it."""
    from dinghy import games

    monkeypatch.setattr(games, "GAMES", {"dinghy_race": games.GAMES["dinghy_race"]})
    yield


def _check_screen(s, size, scale, name):
    app = s.app
    boxes = _boxes(s)
    assert len(boxes) > 30
    W, H = size
    for w, (x, y, bw, bh) in boxes:
        assert x >= 0 and y >= 0 and x + bw <= W and y + bh <= H, (w, x, y, bw, bh)
        if isinstance(w, (Button, ChoiceSelector)):
            label = w.text
            assert label.content_width <= bw, (label.text, label.content_width, bw)
    for i, (wa, a) in enumerate(boxes):
        for wb, b in boxes[i + 1:]:
            assert not _overlap(a, b), (wa, a, wb, b)
    assert s.start_button.h >= 48 * scale
    for w in s.gui.walk():       # every control a finger can reach
        if w.visible and isinstance(w, (Button, ChoiceSelector, TextField, Toggle)):
            assert w.w >= 48 * scale - 0.5 and w.h >= 48 * scale - 0.5, w
    app.step()
    shots.shot(app, name)


@pytest.mark.parametrize("size,scale", [((1280, 800), 1.0), ((800, 600), 1.0),
                                        ((1600, 1200), 2.0)])
@pytest.mark.parametrize("games", [1, 2])       # as registered; plus the toy game
def test_nothing_clipped_or_overlapping(make_ui_app, monkeypatch, request, size, scale, games):
    """With one game and with two registered: the option rows fold into pages when the
    screen is short; every page fits."""
    request.getfixturevalue("two_games" if games == 2 else "one_game")
    monkeypatch.setattr(App, "scale", property(lambda self: scale))   # a 2x HiDPI screen
    app = make_ui_app(*size)
    s = app.push(SetupScreen(lambda setup: None, can_resume=lambda: True, seed=1))
    for _ in range(2):
        ui.tap(app, s.add_button)
    assert len(s.rows) == MAX_SEATS
    from dinghy import games as registry

    assert (s.game_choice is not None) == (len(registry.GAMES) > 1)
    seen = set()
    for page in range(s.pages):
        _check_screen(s, size, scale, f"setup_{games}games_{size[0]}x{size[1]}_p{page}.png")
        seen |= {lab.text for lab, w in s.options if w.visible}
        if s.pages > 1:
            ui.tap(app, s.more_button)
    assert seen == {lab.text for lab, _ in s.options}      # every option on some page
    assert s.page == 0                                     # and back to the first


def test_seat_levels_and_an_unknown_level_shows_its_error(ui_app, setup_screen, monkeypatch):
    """A seat's level button steps Human -> Bot -> Easy -> Medium -> Hard; the names go
    to dinghy.skippers.skipper, and one it does not know is said in words."""
    from dinghy import skippers

    s = setup_screen()
    row = s.rows[0]
    seen = []
    for _ in range(5):
        ui.tap(ui_app, row.level)
        seen.append(s.form.seats[0].skipper)
    assert seen == ["simple", "easy", "medium", "hard", None]
    real = skippers.skipper

    def without_hard(name, rules="dinghy_race"):
        if name == "hard":
            raise ValueError(f"unknown skipper 'hard' for {rules}")
        return real(name, rules)
    monkeypatch.setattr(skippers, "skipper", without_hard)
    for _ in range(4):
        ui.tap(ui_app, row.level)                        # Hard
    assert s.form.seats[0].skipper == "hard"
    assert "hard" in s.subtitle.text and "default bot" in s.subtitle.text
    ui.tap(ui_app, s.start_button)                       # it still starts (the default sails)
    assert s.started[-1].seats[0].skipper == "hard"
    ui.tap(ui_app, row.level)                            # back to Human: the line goes
    assert s.subtitle.text == s.game_line() and "2–6 boats" in s.subtitle.text
    ui.tap(ui_app, s.start_button)
    assert s.started[-1].seats[0].skipper is None


def test_relayout_on_resize(ui_app, setup_screen):
    s = setup_screen()
    ui.resize(ui_app, 800, 600)
    x, y, w, h = s.start_button.rect
    assert x + w <= 800 and y >= 0
    assert all(r.remove.x + r.remove.w <= 800 for r in s.rows)


def test_screenshots_are_real_pictures(make_ui_app, tmp_path):
    for size in ((1280, 800), (800, 600)):
        app = make_ui_app(*size)
        app.push(SetupScreen(lambda setup: None, courses=["olympic_triangle"], seed=20240601))
        app.step()
        shot = app.screenshot(tmp_path / "setup.png")
        assert ui.png_colours(shot) > 40
        name = "setup.png" if size == (1280, 800) else "setup_800x600.png"
        shots.shot(app, name)


# --- the form on its own ----------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["add", "remove", "colour"]),
                          st.integers(0, 10), st.sampled_from(list(PALETTE)))))
def test_form_keeps_two_to_six_seats_with_distinct_colours(ops):
    form = SetupForm(seed=1)
    for op, i, colour in ops:
        if op == "add" and form.can_add:
            form.add_seat()
        elif op == "remove" and form.can_remove:
            form.remove_seat(i % len(form.seats))
        elif op == "colour" and form.colour_free_for(i % len(form.seats), colour):
            form.set_colour(i % len(form.seats), colour)
        colours = [seat.colour for seat in form.seats]
        assert MIN_SEATS <= len(colours) <= MAX_SEATS
        assert len(set(colours)) == len(colours)
    setup = form.to_setup()
    assert RaceSetup.from_mapping(setup.to_mapping()) == setup


def test_form_accepts_any_starting_setup():
    crowded = default_setup(humans=4, bots=3, seed=9)         # seven boats
    form = SetupForm(["x"], crowded)
    assert len(form.seats) == MAX_SEATS and form.course == "x"
    lonely = RaceSetup(seats=(Seat("Ann", "Sky"),), lady_luck=15)
    form = SetupForm([], lonely, seed=3)
    assert len(form.seats) == MIN_SEATS and form.lady_luck == 9
    assert form.to_setup().course == lonely.course


def test_a_game_s_own_options_are_offered_and_go_into_the_set_up(ui_app, setup_screen):
    """The 3M text lets the players choose the penalty before the race ("Option A --
    Official NAYRU Penalty ... Option B The player guilty of an infraction must take back
    his leg(s) and forfeit his turn"); Race the Wind's web board offers "proper course".
    Each game's options show as rows on the set-up, the heading names the game, and the
    choice reaches ``RaceSetup.extra``; another game's options do not carry over."""
    started = []
    s = ui_app.push(SetupScreen(lambda setup, rules="dinghy_race": started.append(setup), seed=1))
    s.started = started

    def pick(rules):
        for _ in range(len(s.games)):
            if s.rules == rules:
                break
            ui.click(ui_app, *s.game_choice.next_point)
        assert s.rules == rules

    def row(label):
        for page in range(s.pages + 1):
            found = [w for lab, w in s.options if lab.text == label and w.visible]
            if found:
                return found[0]
            ui.tap(ui_app, s.more_button)
        raise AssertionError(f"no visible {label!r} row")

    pick("regatta_advanced")
    assert s.title.text == "Regatta (3M), advanced"
    assert s.form.extra == (("penalty", "forfeit"),)
    ui.click(ui_app, *row("Penalty").next_point)
    ui.tap(ui_app, s.start_button)
    assert dict(s.started[-1].extra) == {"penalty": "disqualify"}
    pick("race_the_wind")
    assert s.title.text == "Race the Wind"
    assert dict(s.form.extra) == {"proper_course": False, "better_spinnaker": False}
    ui.click(ui_app, *row("Proper course").next_point)
    ui.tap(ui_app, s.start_button)
    assert dict(s.started[-1].extra) == {"proper_course": True, "better_spinnaker": False}
    pick("dinghy_race")
    assert s.form.extra == (("spi_down_without_spinnaker", "sails"), ("rule_1_next_card", "card_after"))
    assert s.title.text == "Dinghy Race"
    # the reading of a Spi down laid with no spinnaker up ("I would not punish a player
    # for using it out of context"): today's by default, the older one on request
    ui.click(ui_app, *row("Spi down").next_point)
    ui.tap(ui_app, s.start_button)
    assert dict(s.started[-1].extra) == {"spi_down_without_spinnaker": "rolls", "rule_1_next_card": "card_after"}
