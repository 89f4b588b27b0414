"""The set-up for a first evening (issue 22): each game in one line, the short course
first for a new group, and next to every course and board the race's length in rounds
and in minutes for the people at the table."""
import pytest

from dinghy import games
from dinghy.core import estimates
from dinghy.core.setup import default_setup
from dinghy.ui import help as guides
from dinghy.ui import testing as ui
from dinghy.ui.shell.setup_screen import SetupScreen


def test_a_new_group_starts_on_the_short_course_with_its_length_shown(ui_app):
    s = ui_app.push(SetupScreen(lambda *a: None, seed=3))
    assert s.form.course == "short_lap"
    n = round(estimates.rounds("dinghy_race", "short_lap"))
    people = sum(seat.skipper is None for seat in s.form.seats)
    assert s.length_text.visible and s.length_text.text.startswith(f"about {n} rounds")
    assert s.length_text.text.endswith(f"for {people} people")
    # a group coming back to its own race keeps its course
    again = ui_app.push(SetupScreen(lambda *a: None, seed=3, initial=default_setup()))
    assert again.form.course == default_setup().course


def test_the_length_follows_the_course_and_the_people(ui_app):
    s = ui_app.push(SetupScreen(lambda *a: None, seed=3))
    short = s.length_text.text
    ui.click(ui_app, *s.course.next_point)
    assert s.form.course != "short_lap" and s.length_text.text != short
    assert s.length_text.text == estimates.describe("dinghy_race", s.form.course, *s.crew())
    before = s.length_text.text
    bot = next(r for r in s.rows if r.seat.skipper is not None)
    while bot.seat.skipper is not None:          # the bot seat becomes a person: more minutes
        ui.tap(ui_app, bot.level)
    assert s.length_text.text != before and s.length_text.text.endswith(f"for {s.crew()[0]} people")


@pytest.mark.parametrize("rules", list(games.GAMES))
def test_every_game_says_in_one_line_what_it_is(ui_app, rules):
    s = ui_app.push(SetupScreen(lambda *a: None, seed=3, rules=rules))
    g = guides.guide(rules)
    assert s.subtitle.text.startswith(f"{g.line}; {g.boats}")
    n = estimates.rounds(rules, s.form.course)
    if n is not None:     # a measured board: its minutes in the line, its rounds beside it
        assert "about" in s.subtitle.text and "minutes" in s.subtitle.text
        assert f"about {round(n)} rounds" in s.length_text.text


@pytest.mark.parametrize("screen, expected", [
    ((1920, 1080), (1280, 800, False)),      # room to spare: the preferred window
    ((1366, 768), (1280, 688, False)),       # the largest that fits under a task bar
    ((1024, 600), (1024, 600, True)),        # a small tablet: full screen
    ((800, 1280), (800, 1280, True)),        # upright: full screen
    (None, (1280, 800, False)),              # no screen to ask (headless)
])
def test_the_window_fits_the_screen(screen, expected):
    from dinghy.ui.app import fit_window

    assert fit_window(screen) == expected


def test_upright_the_panels_stack_at_full_width_and_titles_stay_on_one_line(ui_app):
    s = ui_app.push(SetupScreen(lambda *a: None, seed=3))
    ui.resize(ui_app, 800, 1280)
    assert s.stacked
    boats, race = s.boats_panel, s.race_panel
    assert boats.w == race.w and boats.w >= 800 - 2 * 16 * ui_app.scale - 1   # full width
    assert boats.y >= race.y + race.h                                       # Boats above Race
    assert not s.game_choice.text.multiline and s.game_choice.shown_text == "Dinghy Race"
    assert not s.course.text.multiline
    assert s.seats_hint.visible
    for label, widget in s.options:          # the rows shown lie inside the Race panel
        if widget.visible:
            assert race.y <= widget.y and widget.y + widget.h <= race.y + race.h
            assert widget.x + widget.w <= race.x + race.w + 0.5
    # used height: the panels fill most of the window
    assert (boats.y + boats.h - race.y) > 0.7 * 1280
    ui.resize(ui_app, 1280, 800)             # landscape: side by side again
    assert not s.stacked and s.race_panel.x > s.boats_panel.x + s.boats_panel.w
