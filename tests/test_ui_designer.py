"""The course designer window, driven headless by synthetic input only.

The main test builds a course from the template dialog with taps and a drag, saves it,
loads it back through dinghy.core.io and has bots race it to the finish.
"""
from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
import shots

import dinghy.core.io
from dinghy import games
from dinghy.games.dinghy_race import data as dr_data
from dinghy.games.dinghy_race import designer as D
from dinghy.games.dinghy_race.course_checks import validate
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import play_bots
from dinghy.ui import testing as ui
from dinghy.ui.designer.dialogs import NameDialog, TemplateDialog
from dinghy.ui.designer.pieces import FindingRow
from dinghy.ui.designer.window import DesignerScene, run_designer
from dinghy.ui.widgets.gui import key
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import HelpOverlay
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text



@pytest.fixture
def designer(ui_app, tmp_path):
    """Open the designer on ``course`` (None: the template dialog) with a courses folder
    in tmp_path; ``scene.sailed`` collects the Test sail calls."""
    def open_scene(course=None, path=None, **kw):
        sailed = []
        kw.setdefault("on_test_sail", sailed.append)
        kw.setdefault("home", tmp_path / "courses")
        scene = ui_app.push(DesignerScene(course, path, **kw))
        scene.sailed = sailed
        ui_app.step()
        return scene
    return open_scene


def screen(scene, xy):
    return scene.camera.world_to_screen(*xy)


def drag_world(app, scene, start, by_px, steps=5):
    """Press on a world point, drag by (dx, dy) pixels in a few moves, release."""
    x, y = screen(scene, start)
    dx, dy = by_px
    ui.press(app, x, y)
    for i in range(1, steps + 1):
        ui.drag(app, x + dx * i / steps, y + dy * i / steps, dx / steps, dy / steps)
    ui.release(app, x + dx, y + dy)


def tap_world(app, scene, xy):
    ui.click(app, *screen(scene, xy))


def labels(course):
    return [r.label for r in course.rounding]


# --- the whole workflow -----------------------------------------------------------------------

def test_build_from_a_template_by_taps_save_load_and_race_it_with_bots(ui_app, designer, tmp_path):
    s = designer()
    dialog = s.gui.modal
    assert isinstance(dialog, TemplateDialog)
    assert dialog.kind.value == "olympic_triangle"           # sensible defaults
    for _ in range(2):
        ui.click(ui_app, *dialog.beat.prev_point)            # 12 -> 10 card lengths
    for _ in range(4):
        ui.click(ui_app, *dialog.fleet.prev_point)           # 6 -> 2 boats
    ui.click(ui_app, *dialog.force.prev_point)               # medium -> light
    ui.tap(ui_app, dialog.buttons[-1])                       # Create
    assert not s.gui.modals
    c = s.history.current
    assert c.name == "Olympic triangle" and s.fleet == 2 and c.wind_force == "light"
    assert validate(c, 2) == []

    before = c.mark("2").xy
    drag_world(ui_app, s, before, (-20, 30))                 # the wing mark a little further out
    after = s.history.current.mark("2").xy
    assert after != before and after[0] < before[0] and after[1] > before[1]
    assert after == (round(after[0]), round(after[1]))       # whole millimetres
    assert s.selection == ("mark", "2")

    ui.tap(ui_app, s.save_button)
    path = tmp_path / "courses" / "olympic_triangle.toml"
    assert path.is_file() and str(path) in s.status and not s.modified
    assert dr_data.load_course(path) == s.history.current

    race = Race(games.load_game(RaceSetup(seats=(Seat('Orange', 'Orange', 'simple'),
                                                      Seat('Sky', 'Sky', 'simple')),
                                               course=str(path), seed=1)))
    play_bots(race, random.Random(1))
    assert race.over


def test_tap_a_mark_to_select_it_then_again_to_switch_its_side(ui_app, designer):
    s = designer(D.olympic_triangle())
    m3 = s.history.current.mark("3").xy
    tap_world(ui_app, s, m3)
    assert s.selection == ("mark", "3") and s.entry == 2
    assert labels(s.history.current) == ["1P", "2P", "3P"]
    tap_world(ui_app, s, m3)
    assert labels(s.history.current) == ["1P", "2P", "3S"]
    assert "starboard" in s.status
    ui.key_press(ui_app, key.Z, key.MOD_ACCEL)
    assert labels(s.history.current) == ["1P", "2P", "3P"]
    ui.key_press(ui_app, key.Y, key.MOD_ACCEL)
    assert labels(s.history.current) == ["1P", "2P", "3S"]
    ui.tap(ui_app, s.undo_button)
    ui.tap(ui_app, s.redo_button)
    ui.tap(ui_app, s.undo_button)
    assert labels(s.history.current) == ["1P", "2P", "3P"]


def button(scene, label):
    b = ui.find_button(scene.gui, label)
    assert b is not None, f"no visible button {label!r}"
    return b


def test_place_in_the_order_round_twice_drop_add_and_delete(ui_app, designer):
    s = designer(D.olympic_triangle())
    tap_world(ui_app, s, s.history.current.mark("2").xy)
    ui.tap(ui_app, button(s, "Round this mark again"))                        # round mark 2 twice
    assert labels(s.history.current) == ["1P", "2P", "3P", "2P"] and s.entry == 3
    ui.tap(ui_app, button(s, "Show its next rounding"))
    assert s.entry == 1
    ui.tap(ui_app, button(s, "Switch to starboard"))
    assert labels(s.history.current) == ["1P", "2S", "3P", "2P"]
    ui.tap(ui_app, button(s, "Move later in the course"))
    assert labels(s.history.current) == ["1P", "3P", "2S", "2P"] or "straight" in s.status
    ui.tap(ui_app, button(s, "Take out of the order"))
    dropped = labels(s.history.current)
    assert len(dropped) == 3
    tap_world(ui_app, s, s.history.current.mark("1").xy)
    ui.tap(ui_app, button(s, "Move earlier in the course"))                      # already first: disabled, says why
    assert s.gui.tooltip_text == "already first"
    tap_world(ui_app, s, s.history.current.mark("3").xy)
    ui.tap(ui_app, button(s, "Delete this mark"))
    assert [m.id for m in s.history.current.marks] == ["1", "2"] and s.selection is None
    assert "3" not in "".join(labels(s.history.current))


def test_new_mark_tool_and_delete_key(ui_app, designer):
    s = designer(D.olympic_triangle())
    ui.tap(ui_app, s.tool_buttons["mark"])
    c = s.history.current
    spot = (c.mark("1").x + 200, c.mark("1").y - 300)
    tap_world(ui_app, s, spot)
    c = s.history.current
    assert c.marks[-1].id == "4" and labels(c)[-1] == "4P"
    assert math_close(c.marks[-1].xy, spot, 3)
    assert s.selection == ("mark", "4")
    ui.key_press(ui_app, key.DELETE)
    assert [m.id for m in s.history.current.marks] == ["1", "2", "3"]


def math_close(a, b, tol):
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def test_drag_the_line_ends(ui_app, designer):
    s = designer(D.up_and_down())
    c = s.history.current
    drag_world(ui_app, s, c.start.a, (-40, 0))
    c2 = s.history.current
    assert c2.start.a[0] < c.start.a[0] and c2.finish == c2.start      # the finish follows
    assert s.selection == ("line", "start", "a")
    ui.tap(ui_app, button(s, "Give the finish its own line"))
    c3 = s.history.current
    assert c3.finish != c3.start
    drag_world(ui_app, s, c3.finish.b, (30, 0))
    assert s.history.current.finish.b[0] > c3.finish.b[0]
    assert s.history.current.start == c3.start


def test_draw_land_vertex_by_vertex_then_edit_it(ui_app, designer):
    s = designer(D.olympic_triangle())
    ui.tap(ui_app, s.tool_buttons["land"])
    pts = [(650, 700), (800, 700), (800, 850), (650, 850)]
    for p in pts:
        tap_world(ui_app, s, p)
    assert len(s.draft) == 4 and "4 corners" in s.sel_text.text
    ui.key_press(ui_app, key.ENTER)
    c = s.history.current
    assert len(c.land) == 1 and c.land[0].name == "Island 1" and not s.draft
    assert all(math_close(a, b, 3) for a, b in zip(c.land[0].outline, pts))
    assert s.tool == "move" and s.selection == ("land", 0)
    # drag a corner
    drag_world(ui_app, s, c.land[0].outline[2], (25, 25))
    c2 = s.history.current
    assert c2.land[0].outline[2][0] > c.land[0].outline[2][0]
    assert s.selection == ("vertex", 0, 2)
    # a dot between two corners adds one when dragged
    a, b = c2.land[0].outline[0], c2.land[0].outline[1]
    drag_world(ui_app, s, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (0, -25))
    c3 = s.history.current
    assert len(c3.land[0].outline) == 5 and s.selection == ("vertex", 0, 1)
    ui.tap(ui_app, button(s, "Delete this corner"))
    assert s.history.current.land[0].outline == c2.land[0].outline
    # drag the inside: the whole island moves
    inside = s.history.current.land[0].polygon.representative_point()
    drag_world(ui_app, s, (inside.x, inside.y), (-30, 0))
    moved = s.history.current.land[0].outline
    assert moved[0][0] < c2.land[0].outline[0][0] and len(moved) == 4
    ui.tap(ui_app, button(s, "Delete this land"))
    assert s.history.current.land == ()


def test_close_an_island_with_a_double_tap_or_on_its_first_corner(ui_app, designer):
    s = designer(D.olympic_triangle())
    ui.key_press(ui_app, key.L)
    for p in [(650, 700), (800, 700), (720, 820)]:
        tap_world(ui_app, s, p)
    tap_world(ui_app, s, (720, 820))                         # a double tap
    assert len(s.history.current.land) == 1
    ui.key_press(ui_app, key.L)
    for p in [(300, 300), (400, 300), (350, 380), (300, 300)]:   # back on the first corner
        tap_world(ui_app, s, p)
    assert len(s.history.current.land) == 2
    ui.key_press(ui_app, key.L)
    tap_world(ui_app, s, (200, 200))
    ui.key_press(ui_app, key.ESCAPE)                          # drops the draft
    assert s.draft == [] and len(s.history.current.land) == 2


def test_weather_eye_markers(ui_app, designer):
    s = designer(D.olympic_triangle())
    ui.tap(ui_app, s.tool_buttons["eye"])
    tap_world(ui_app, s, (300, 1200))
    c = s.history.current
    assert len(c.weather_eyes) == 1 and s.selection == ("eye", 0)
    ui.tap(ui_app, button(s, "Turn it a quarter"))
    assert not s.history.current.weather_eyes[0].long_side_along_wind
    ui.tap(ui_app, s.tool_buttons["move"])
    e = s.history.current.weather_eyes[0]
    drag_world(ui_app, s, (e.x, e.y), (20, -20))
    assert s.history.current.weather_eyes[0].x > e.x
    ui.tap(ui_app, button(s, "Delete this marker"))
    assert s.history.current.weather_eyes == ()


def test_rotate_to_a_new_wind_and_other_settings(ui_app, designer):
    s = designer(D.olympic_triangle())
    c = s.history.current
    ui.click(ui_app, *s.wind_sel.next_point)
    r = s.history.current
    assert r.wind_from == 15 and r == D.rotate_course(c, 15)
    ui.click(ui_app, *s.laps_sel.next_point)
    assert s.history.current.laps == 2
    ui.click(ui_app, *s.cards_sel.next_point)
    assert s.history.current.card_size == "standard"
    assert validate(s.history.current, 6) == []              # scaled with the cards
    ui.click(ui_app, *s.force_sel.next_point)
    assert s.history.current.wind_force == "strong"
    ui.tap(ui_app, s.table_button)
    assert s.history.current.area != r.area
    for _ in range(5):
        ui.key_press(ui_app, key.Z, key.MOD_ACCEL)
    assert s.history.current == c


def test_live_check_lists_findings_and_shows_where(ui_app, designer):
    s = designer(D.olympic_triangle(fleet=6))
    assert s.check_title.text == "Check: all clear for 6 boats" and s.test_button.enabled
    c = s.history.current
    drag_world(ui_app, s, c.start.b, (-90, 0))               # the line gets too short for 6
    assert any(f.code == "line-too-short" for f in s.findings)
    assert "error" in s.check_title.text
    rows = [w for w in s.rows if w.visible]
    assert rows and isinstance(rows[0], FindingRow)
    row = next(r for r in rows if r.finding.code == "line-too-short")
    ui.move(ui_app, *row.center)                              # hover: the chart shows the spot
    assert s.hovered == row.finding
    ui.move(ui_app, 5, 5)
    assert s.hovered is None
    ui.tap(ui_app, row)                                       # tap: it stays shown
    assert s.pinned == row.finding and row.selected
    assert not s.test_button.enabled
    ui.tap(ui_app, s.test_button)
    assert s.sailed == [] and s.gui.tooltip_text == "Fix the errors first"
    ui.click(ui_app, *s.fleet_sel.prev_point)                 # 5 boats fit again? the check follows
    assert s.fleet == 5
    assert s.check_title.text.startswith("Check")


def test_test_sail_saves_and_calls_back(ui_app, designer, tmp_path):
    s = designer(D.trapeze("inner"))
    ui.tap(ui_app, s.test_button)
    target = tmp_path / "courses" / "trapeze_inner_loop.toml"
    assert s.sailed == [target] and target.is_file()
    s2 = designer(D.blank(), on_test_sail=None)
    assert not s2.test_button.enabled and "not available" in s2.test_button.reason


def test_test_sail_races_bots_in_the_same_window_then_back(ui_app, tmp_path, monkeypatch):
    from dinghy.ui.shell.results import ResultsScene
    from dinghy.ui.shell.table import TableScene
    from dinghy.ui.widgets.dialogs import Dialog

    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "dinghy"))
    app = run_designer(tmp_path / "sail", headless=True, run=False, home=tmp_path / "home",
                       bot_delay=60.0)              # the bots wait: the race stays at its start
    try:
        s = app.designer
        ui.tap(app, s.gui.modal.buttons[-1])                   # Create the template course
        assert s.test_button.enabled
        course = s.history.current
        ui.tap(app, s.test_button)
        table = app.scene
        target = tmp_path / "sail.toml"
        assert isinstance(table, TableScene) and app.scenes == (s, table)
        assert table.race.game.setup.course == str(target) and target.is_file()
        assert table.race.game.course.name == course.name
        assert len(table.race.game.setup.seats) == 4
        assert all(seat.skipper for seat in table.race.game.setup.seats)
        app.step()
        ui.tap(app, table.menu_button)                         # Leave -> back to the designer
        dialog = table.gui.modal
        assert isinstance(dialog, Dialog) and "designer" in dialog.message.text
        ui.tap(app, dialog.buttons[-1])
        assert app.scene is s and s.history.current == course and not s.modified
        app.step()
        assert not (tmp_path / "dinghy" / "autosave.json").exists()   # the player's slot untouched
        ui.tap(app, s.test_button)                             # again; the results lead back too
        race = app.scene.race
        results = app.test_sail.show_results(race)
        assert isinstance(results, ResultsScene) and app.scenes == (s, results)
        app.step()
        ui.tap(app, results.quit_button)
        assert app.scene is s and app.scenes == (s,)
        app.step()
    finally:
        app.close()


def test_save_as_types_a_name(ui_app, designer, tmp_path):
    s = designer(D.olympic_triangle())
    ui.key_press(ui_app, key.S, key.MOD_ACCEL | key.MOD_SHIFT)
    d = s.gui.modal
    assert isinstance(d, NameDialog) and d.field.value == "Olympic triangle"
    for _ in range(len("triangle")):
        ui.key_press(ui_app, key.BACKSPACE)
    ui.type_text(ui_app, "Regatta 1")
    ui.key_press(ui_app, key.ENTER)
    target = tmp_path / "courses" / "olympic_regatta_1.toml"
    assert target.is_file() and s.path == target
    assert dr_data.load_course(target).name == "Olympic Regatta 1"
    ui.tap(ui_app, s.rename_button)
    ui.type_text(ui_app, "!")
    ui.tap(ui_app, s.gui.modal.buttons[-1])
    assert s.history.current.name == "Olympic Regatta 1!" and s.modified
    ui.key_press(ui_app, key.S, key.MOD_ACCEL)
    assert dr_data.load_course(target).name == "Olympic Regatta 1!"       # same file


def test_open_a_file_and_save_back_to_it(ui_app, tmp_path):
    path = D.save(D.up_and_down(laps=3), tmp_path / "mine.toml")
    app = run_designer(path, headless=True, run=False, home=tmp_path / "home")
    try:
        s = app.designer
        assert s.history.current.laps == 3 and not s.modified and not s.gui.modals
        ui.click(app, *s.laps_sel.prev_point)
        assert s.modified
        ui.tap(app, s.save_button)
        assert dr_data.load_course(path).laps == 2
        ui.tap(app, s.new_button)                              # a new course never overwrites it
        ui.tap(app, s.gui.modal.buttons[-1])
        assert s.save_target() == tmp_path / "home" / "olympic_triangle.toml"
    finally:
        app.close()
    app = run_designer(tmp_path / "fresh", headless=True, run=False, home=tmp_path / "home")
    try:
        s = app.designer
        ui.tap(app, s.gui.modal.buttons[0])                    # Cancel: the empty course
        ui.tap(app, s.save_button)
        assert (tmp_path / "fresh.toml").is_file()
    finally:
        app.close()


def test_export_svg_and_png(ui_app, designer, tmp_path):
    s = designer(D.add_land(D.trapeze("outer"), [(900, 900), (1000, 900), (950, 990)], name="Rock"))
    ui.tap(ui_app, s.svg_button)
    svg = tmp_path / "courses" / "trapeze_outer_loop.svg"
    root = ET.parse(svg).getroot()
    assert len(root.findall(".//{http://www.w3.org/2000/svg}g[@class='mark']")) == 6
    png = s.export_png(tmp_path / "chart.png")
    assert ui.png_colours(png) > 20
    assert s.top.visible and s.panel.visible and not s.export_title.visible   # the panels are back
    ui.tap(ui_app, s.png_button)
    assert (tmp_path / "courses" / "trapeze_outer_loop.png").is_file()


def test_pan_zoom_fit_and_help(ui_app, designer):
    s = designer(D.olympic_triangle())
    z, cx = s.camera.zoom, s.camera.cx
    x, y = s.camera.x0 + 5, s.camera.y0 + 5                  # open water in a corner of the view
    ui.press(ui_app, x, y)
    ui.drag(ui_app, x + 40, y, 40, 0)
    ui.release(ui_app, x + 40, y)
    assert s.camera.cx < cx and s.history.can_undo is False
    ui.scroll(ui_app, *s.camera.world_to_screen(500, 800), 2)
    assert s.camera.zoom > z
    ui.key_press(ui_app, key.F)
    assert s.camera.zoom == pytest.approx(z)
    ui.tap(ui_app, s.help_button)
    assert any(isinstance(m, HelpOverlay) for m in s.gui.modals)


def _boxes(scene):
    out = []
    for w in scene.gui.walk():
        if not w.visible or w in scene.gui.modals:
            continue
        if isinstance(w, (Button, ChoiceSelector, FindingRow)):
            out.append((w, w.rect))
        elif isinstance(w, Text) and w.text:
            lab = w.label
            out.append((w, (w.x, w.y, min(lab.content_width, w.w) if w.multiline else lab.content_width, w.h)))
    return out


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700), (800, 600)])
def test_nothing_clipped_or_overlapping(make_ui_app, tmp_path, size):
    app = make_ui_app(*size)
    c = D.set_line_end(D.olympic_triangle(), "start", "b", (500, 430))     # a couple of findings
    s = app.push(DesignerScene(c, home=tmp_path, on_test_sail=lambda p: None))
    ui.click(app, *screen(s, c.mark("2").xy))
    W, H = size
    boxes = _boxes(s)
    assert len(boxes) > 20
    for w, (x, y, bw, bh) in boxes:
        assert x >= 0 and y >= 0 and x + bw <= W + 0.5 and y + bh <= H + 0.5, (w, x, y, bw, bh)
        if isinstance(w, (Button, ChoiceSelector)):
            assert w.text.content_width <= bw, (w.text.text, bw)
    for i, (wa, a) in enumerate(boxes):
        for wb, b in boxes[i + 1:]:
            overlap = (a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5
                       and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5)
            assert not overlap, (wa, a, wb, b)


def test_screenshot_of_the_designer(ui_app, designer, tmp_path):
    c = D.olympic_triangle(wind_from=30, laps=2, fleet=6)
    c = D.add_land(c, [(160, 1040), (290, 980), (380, 1060), (330, 1170), (200, 1160)], name="Heron Island")
    c = D.add_weather_eye(c, (720, 1320))
    c = D.move_mark(c, "1", (c.mark("1").x - 60, c.mark("1").y - 200))   # a beat a bit short: a warning
    s = designer(c)
    tap_world(ui_app, s, c.mark("2").xy)
    row = next(r for r in s.rows if r.visible)
    ui.tap(ui_app, row)
    ui_app.step()
    shot = ui_app.screenshot(tmp_path / "designer.png")
    assert ui.png_colours(shot) > 60
    if shots.folder() is not None:                          # for a person to look at
        shots.shot(ui_app, "designer.png")
        s.export_png(shots.folder() / "designer_export.png")


def test_a_shipped_course_is_never_overwritten(ui_app, tmp_path):
    shipped = dinghy.core.io.data_dir("courses") / "island_race.toml"
    before = shipped.read_bytes()
    app = run_designer(shipped, headless=True, run=False, home=tmp_path / "home")
    try:
        s = app.designer
        assert s.history.current.name == "Island race" and "copy" in s.status
        ui.tap(app, s.save_button)
        assert (tmp_path / "home" / "island_race.toml").is_file()
    finally:
        app.close()
    assert shipped.read_bytes() == before
