"""The grid table for newcomers (issue 21): where the camera looks and where the edge
arrow goes (screen geometry), the course card and key, the cards drawn as cards with
the engine's reason, and the log in board terms."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.games.grid.board import Mark
from dinghy.games.grid.compass import where_words
from dinghy.ui.camera import Camera
from dinghy.ui.grid.framing import frame, rooms, span
from dinghy.ui.shell.on_screen import edge_slot, inside, overlap


class _Board:
    def __init__(self, w, h):
        self.width, self.height = w, h


def cam(w=700, h=500, zoom=10.0):
    c = Camera(zoom=zoom, min_zoom=4.0, max_zoom=400.0)
    c.set_viewport(0, 0, w, h)
    return c


def test_where_words_name_the_nearest_mark_and_the_way_to_it():
    marks = [Mark("A", 5, 5, "port", 1), Mark("pin", 20, 2, "port", 0)]
    assert where_words(marks, (5, 5)) == "on mark A"
    assert where_words(marks, (7, 7)) == "two squares north-east of mark A"
    assert where_words(marks, (8, 6), "space") == "three spaces east and one space north of mark A"
    assert where_words(marks, (19, 2)) == "one square west of the pin"
    assert where_words([], (3, 4)) == "(3, 4)"


def test_rooms_leave_out_a_corner_cover_above_or_beside_it():
    found = rooms((0, 0, 100, 100), [(80, 80, 20, 20), (0, 0, 30, 10)])
    assert (0, 10, 100, 70) in found            # below the rose, above the buttons
    assert (0, 10, 80, 90) in found             # beside the rose, above the buttons
    for r in found:
        assert overlap(r, (80, 80, 20, 20)) == 0 and overlap(r, (0, 0, 30, 10)) == 0


@settings(max_examples=60, deadline=None)
@given(cells=st.lists(st.tuples(st.integers(0, 29), st.integers(0, 29)), min_size=1, max_size=8),
       mark=st.tuples(st.integers(0, 29), st.integers(0, 29)), zoom=st.floats(4, 120),
       cx=st.floats(0, 30), cy=st.floats(0, 30))
def test_frame_shows_the_boat_and_targets_and_the_mark_only_at_finger_size(cells, mark, zoom, cx, cy):
    """Wherever the camera was: afterwards the boat and its targets lie in a clear room
    (at a finger's size when their spread allows it), and the mark is said to be shown
    only when it lies in that room with them at a finger's size."""
    c = cam(zoom=zoom)
    c.cx, c.cy = cx, cy
    board = _Board(30, 30)
    clear = rooms((0, 0, 700, 500), [(600, 380, 100, 120), (0, 0, 300, 56)])
    touch = 48
    shown = frame(c, board, cells, mark, clear, touch)
    need = span(cells, board)
    lo, hi = c.world_to_screen(need[0], need[1]), c.world_to_screen(need[2], need[3])
    box = (lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1])
    assert any(inside(box, r, slack=1) for r in clear)
    spread = max(need[2] - need[0], need[3] - need[1])
    if spread * touch * 1.05 <= 300:               # fits at a finger's size in the smallest room
        assert c.zoom >= touch - 1e-6
    if shown:
        both = span(list(cells) + [mark], board)
        lo, hi = c.world_to_screen(both[0], both[1]), c.world_to_screen(both[2], both[3])
        assert any(inside((lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]), r, slack=1) for r in clear)
        assert c.zoom >= touch - 1e-6


def test_a_view_that_already_shows_everything_at_finger_size_does_not_move():
    c = cam(zoom=60)
    c.cx, c.cy = 5, 4
    clear = [(0, 0, 700, 500)]
    before = (c.zoom, c.cx, c.cy)
    assert frame(c, _Board(30, 30), [(4, 4), (5, 4), (6, 5)], (7, 6), clear, 48)
    assert (c.zoom, c.cx, c.cy) == before


@settings(max_examples=60, deadline=None)
@given(tx=st.floats(-500, 1200), ty=st.floats(-500, 1000),
       blocks=st.lists(st.tuples(st.floats(0, 650), st.floats(0, 450)), max_size=6))
def test_the_edge_arrow_sits_in_the_room_off_everything_it_must_not_cover(tx, ty, blocks):
    room = (0, 0, 700, 500)
    avoid = [(x, y, 48, 48) for x, y in blocks]
    r = edge_slot(room, (tx, ty), (180, 48), avoid, 24)
    assert inside(r, room, slack=1e-6)
    # six 48-pixel squares cannot close the whole rim of a 700 x 500 room to a 180 x 48 box
    assert sum(overlap(r, a) for a in avoid) == 0


def load(rules, course, seats=2, seed=3):
    names = [("Ann", "Orange"), ("Bob", "Sky"), ("Cy", "Green")][:seats]
    return games.load_game(RaceSetup(seats=tuple(Seat(n, c) for n, c in names), course=course, seed=seed), rules)


def test_the_course_card_lists_the_legs_in_order_and_the_key_what_is_on_the_water():
    from dinghy.ui.grid.course_card import card_text, course_lines, legend_lines

    game = load("regatta", "3m_triangle")
    lines = course_lines(game.board)
    assert lines[0].startswith("Start") and lines[-1].startswith("Finish")
    assert lines[1] == "1. Round mark A, to port, 1st (red arrow: leave it on your left)"
    assert lines[2].startswith("2. Round mark B, to port, 2nd")
    rtw = load("race_the_wind", "race_the_wind")
    race = Race(rtw)
    while race.chance:
        race.roll()
    key = legend_lines(rtw.picture(race.state, 0))
    kinds = {t.kind for t in rtw.picture(race.state, 0).tokens}
    assert ("puff" in kinds) == any(k.startswith("Puff") for k in key)
    assert ("shadow" in kinds) == any(k.startswith("Wind shadow") for k in key)
    assert "The course" in card_text(rtw.board, rtw.picture(race.state, 0))


def test_every_grid_picture_names_each_boats_next_goal_in_words():
    for rules, course in (("race_the_wind", "race_the_wind"), ("regatta", "3m_triangle"),
                          ("yacht_race", "yacht_race")):
        game = load(rules, course)
        race = Race(game)
        pic = game.picture(race.state, 0)
        assert set(pic.goals) == {0, 1}
        for g in pic.goals.values():
            assert game.board.in_bounds(int(g.x), int(g.y)) and "start" in g.name


def test_the_log_says_where_a_boat_went_in_board_terms():
    """No coordinates in the moves' lines: "moves one square north-east, to two squares
    south of mark top"."""
    for rules, course in (("race_the_wind", "race_the_wind"), ("regatta", "3m_triangle"),
                          ("yacht_race", "yacht_race")):
        game = load(rules, course)
        race = Race(game)
        from dinghy.skippers import skipper
        import random
        bot, rng = skipper(None, rules), random.Random(2)
        moves = []
        for _ in range(400):
            if race.over:
                break
            events = race.roll() if race.chance else race.push(bot.choose(race, rng))
            moves += [e.text for e in events if e.kind in ("move", "leg", "sail", "place")]
            if len(moves) > 6:
                break
        assert moves, rules
        for text in moves:
            assert not re.search(r"\(\d+, \d+\)", text), text
            assert re.search(r" of (mark \w+|the [a-z ]+)|on mark", text), text


@pytest.fixture
def yacht_table(make_ui_app):
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(1024, 600)
    setup = RaceSetup(seats=(Seat("Ann", "Orange", "pilot"), Seat("Bob", "Sky", None)), course="yacht_race", seed=4)
    race = Race(games.load_game(setup, "yacht_race"))
    while race.chance:
        race.roll()
    scene = TableScene(race, bot_delay=0)
    app.push(scene)
    app.step()
    return app, scene


def test_yacht_race_cards_are_tiles_with_the_count_and_the_engines_words(yacht_table):
    from dinghy.games.yacht_race.actions import WindCard
    from dinghy.ui import testing as ui
    from dinghy.ui.grid.card_tile import CardTile

    app, scene = yacht_table
    view, race = scene.view, scene.race
    tiles = [w for w in view.widgets if isinstance(w, CardTile)]
    me = race.state.yachts[race.current_player()]
    names = {t.name: t for t in tiles}
    assert names["Wind change card"].count == me.wind_cards
    assert names["Spinnaker card"].count == me.spinnakers
    why = race.why_not(WindCard())
    wind = names["Wind change card"]
    assert wind.playable == (why is None)
    assert ("Tap to play" in wind.words) if why is None else (why in wind.words)
    assert "drawn" in names["Sailors' Luck pack"].words.lower()
    # tiles lie inside the panel, one under the other
    p = scene.panel
    for t in tiles:
        assert p.x <= t.x and t.x + t.w <= p.x + p.w + 1 and p.y <= t.y and t.y + t.h <= p.y + p.h + 1
    # the wind card is played by a tap on its card (no text box, no second button for it)
    assert "play_typed" not in view.buttons
    n = len(race.actions)
    ui.tap(app, wind)
    if why is None:
        assert race.actions[n] == WindCard()
    else:
        assert len(race.actions) == n and why in scene.toast.message


def test_the_roll_button_says_what_the_roll_is_for(make_ui_app):
    """A person's roll in the 3M Regatta: the game's note over "Roll the dice" says what
    is rolled for (the order of play, a round's legs)."""
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(1024, 600)
    game = load("regatta", "3m_triangle")
    scene = TableScene(Race(game), bot_delay=0)
    app.push(scene)
    app.step()
    race, view = scene.race, scene.view
    from dinghy.ui.widgets.dialogs import Curtain
    from dinghy.ui import testing as ui
    for _ in range(300):                  # play on by the first legal action until a person rolls
        if isinstance(scene.gui.modal, Curtain):
            ui.tap(app, scene.gui.modal.button)
        elif race.chance and scene.human_turn:
            break
        else:
            scene.act(race.legal_actions()[0])
    assert race.chance and "roll" in view.buttons
    note = game.picture(race.state, 0).note
    assert "roll" in note.lower() and view.hint_row is not None and view.hint_row.text == note


def test_under_the_curtain_the_next_persons_panel_and_board_wait_for_the_lift(make_ui_app):
    """Between two people the curtain covers the table ("nobody sees the last hand"): while
    it is up the turn panel holds nothing to play (no button of the last position), and
    lifted, the panel lists the next person's actions (the engine's legal ones, the
    squares' hint over them) and the board shows their highlighted squares."""
    from dinghy.ui import testing as ui
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(1024, 600)
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky")), course="race_the_wind", seed=3)
    race = Race(games.load_game(setup, "race_the_wind"))
    scene = TableScene(race, bot_delay=0)
    app.push(scene)
    app.step()
    view = scene.view
    for _ in range(40):
        if scene.curtain is not None:
            ui.tap(app, scene.curtain.button)
            if race.chance:
                continue
            seat = race.current_player()
            if len(race.actions) > 2:
                break
        if race.chance:
            scene.roll()
        else:
            scene.act(race.legal_actions()[0])
            if scene.curtain is not None:
                assert not view.buttons and not view.keyed and not view.actions, sorted(view.buttons)
                assert not any(w.visible for w in view.widgets)
    else:
        raise AssertionError("no decision of the second person came behind a curtain")
    assert scene.curtain is None and scene.viewer == seat
    assert view.actions and all(a in race.legal_actions() for a in view.actions)
    assert view.hint_row is not None and "highlighted" in view.hint_row.text
    assert view.targets and set(view.drawing.target_spots) == set(view.targets)
