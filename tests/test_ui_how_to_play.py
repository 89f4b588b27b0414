""""?" opens how to play the game on the table, for every game, paged by touch
(issue 22: "Headless tests open "?" for every game and page it through")."""
import pytest

from dinghy import games
from dinghy.core.errors import DataError
from dinghy.ui import help as guides
from dinghy.ui import testing as ui
from dinghy.ui.help.overlay import HowToPlay
from dinghy.ui.help.pictures import PICTURES, WIDGETS
from dinghy.ui.shell.setup_screen import SetupScreen
from dinghy.ui.widgets.gui import key


@pytest.mark.parametrize("rules", list(games.GAMES))
def test_every_registered_game_has_a_guide_with_known_pictures(rules):
    g = guides.guide(rules)
    assert g.steps and g.choices and g.line and g.boats
    assert all(s.picture in PICTURES or s.picture in WIDGETS for s in g.steps)


@pytest.mark.parametrize("rules", list(games.GAMES))
def test_question_mark_opens_the_game_guide_and_pages_through_by_taps(ui_app, rules, tmp_path):
    s = ui_app.push(SetupScreen(lambda *a: None, rules=rules, seed=5))
    ui_app.step()
    ui.type_text(ui_app, "?")
    m = s.gui.modal
    assert isinstance(m, HowToPlay) and m.guide.rules == rules
    assert m.title.text == guides.guide(rules).title
    seen = [m.title.text]
    assert not m.back.enabled                      # the first page
    while m.next.enabled:
        ui.tap(ui_app, m.next)
        seen.append(m.title.text)
        ui_app.step()
    steps = [st.title for st in guides.guide(rules).steps]
    assert [t for t in seen if t in steps] == steps          # every step, in order
    assert seen[-1] == s.help_title and m.on_keys_page       # then the shortcuts
    assert len(seen) == len(m.pages)
    shot = ui_app.screenshot(tmp_path / "keys.png")
    assert ui.png_colours(shot) > 5
    ui.tap(ui_app, m.back)
    assert not m.on_keys_page
    ui.tap(ui_app, m.close_button)
    assert not s.help_open


def test_the_help_button_opens_it_and_keys_jumps_to_the_shortcuts(ui_app):
    s = ui_app.push(SetupScreen(lambda *a: None, seed=5))
    ui.tap(ui_app, s.help_button)
    m = s.gui.modal
    assert isinstance(m, HowToPlay) and m.index == 0
    ui.click(ui_app, m.card.x + m.card.w / 2, m.card.y + m.card.h / 2)   # a tap on the page
    assert s.help_open and m.index == 0
    ui.key_press(ui_app, key.RIGHT)
    assert m.index == 1
    ui.tap(ui_app, m.keys_button)
    assert m.on_keys_page and ("Enter", "Start the race") in m.shortcuts
    ui.key_press(ui_app, key.ESCAPE)
    assert not s.help_open


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_the_guide_fits_the_window(ui_app, size):
    s = ui_app.push(SetupScreen(lambda *a: None, seed=5))
    ui.resize(ui_app, *size)
    ui_app.step()
    m = s.show_help()
    for _ in range(len(m.pages)):
        for w in (m.card, m.next, m.back, m.body):
            assert w.x >= 0 and w.y >= 0 and w.x + w.w <= size[0] + 0.5 and w.y + w.h <= size[1] + 0.5
        assert m.next.h >= ui_app.scale * 48 and m.back.w >= ui_app.scale * 48
        if m.body.visible:     # the text fits its box
            assert m.body.label.content_height <= m.body.h + 1
        m.forward()


def test_a_damaged_guide_names_file_and_field(tmp_path):
    (tmp_path / "toy.toml").write_text('title = "Toy"\nline = "x"\nboats = "2"\naim = "win"\n'
                                      '[[steps]]\ntitle = "Go"\npicture = "die"\n')
    with pytest.raises(DataError) as e:
        guides.guide("toy", str(tmp_path))
    assert "toy.toml" in str(e.value) and "steps[0].text" in str(e.value)


def test_one_line_says_what_the_game_is_how_many_boats_and_how_long():
    line = guides.one_line("dinghy_race", 45)
    assert line == "sail by manoeuvre cards on an open table; 2–6 boats; about 45 minutes"
    assert guides.one_line("no_such_game") == ""


@pytest.mark.parametrize("rules", ["dinghy_race", "yacht_race", "regatta_gigamic"])
def test_at_the_race_table_question_mark_opens_the_game_sailed(make_ui_app, tmp_path, rules):
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.ui.shell.autosave import Autosave
    from dinghy.ui.shell.flow import Flow

    app = make_ui_app(1024, 600)
    flow = Flow(app, Autosave(tmp_path / "home"), bot_delay=3600)
    app.flow = flow
    flow.show_setup()
    board = games.GAMES[rules].boards()[0]
    flow.start(RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")), course=board, seed=4),
               rules)
    scene = app.scene
    app.step()
    ui.tap(app, scene.help_button)
    m = scene.gui.modal
    assert isinstance(m, HowToPlay) and m.guide.rules == rules
    while m.next.enabled:
        ui.tap(app, m.next)
    assert m.on_keys_page and "Ctrl+Z" in [k for k, _ in m.shortcuts]
    ui.key_press(app, key.ESCAPE)
    assert scene.gui.modal is None or not isinstance(scene.gui.modal, HowToPlay)


def test_the_exit_step_shows_dinghy_races_own_card_face(ui_app):
    from dinghy.ui.dinghy_race.card_face import CardFace

    s = ui_app.push(SetupScreen(lambda *a: None, seed=5))
    m = s.show_help()
    while m.page.picture != "dinghy_race_card_face":
        m.forward()
    face = m.view_pictures["dinghy_race_card_face"]
    assert isinstance(face, CardFace) and face.visible
    assert sorted(face.numbers.values()) == list(range(1, len(face.numbers) + 1)) and len(face.numbers) >= 2
    assert m.card.x <= face.x and face.x + face.w <= m.body.x       # beside the text, inside the page
    m.forward()
    assert not face.visible                                         # the next page draws its own
