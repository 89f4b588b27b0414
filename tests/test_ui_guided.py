"""The guided first round (issue 22: "A first race may turn on a guided turn: the panel
says what to tap and why, for the first round"), played by taps alone as a newcomer
does: the set-up's switch, "Start race", then each decision by the taps the strip names."""
import random

import pytest

from dinghy.ui import help as guides
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.guided import TITLE
from dinghy.ui.shell.table import TableScene
from shots import shot
from test_ui_table import human_turns


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class _Done(Exception):
    pass


def start_guided(app, home, guided=True):
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    setup = flow.show_setup()
    app.step()
    switch = dict(setup.setting_rows)["Guided first round"]
    while not switch.visible:                      # the option rows fold into pages
        ui.tap(app, setup.more_button)
    if switch.value != guided:
        ui.tap(app, switch)
    assert flow.settings.guided is guided
    ui.tap(app, setup.rows[1].level)               # Human -> Bot: one person, three bots
    setup.form.seed = 11
    ui.tap(app, setup.start_button)
    app.step()
    assert isinstance(app.scene, TableScene)
    return app.scene


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600), (800, 1280)])
def test_a_newcomer_plays_the_guided_first_round_by_taps(make_ui_app, home, size):
    app = make_ui_app(*size)
    scene = start_guided(app, home)
    g = guides.guide("dinghy_race")
    said = []

    def on_step(app, sc):
        text = sc.guide_shown
        person = sc.race.current_player()
        if sc.actions_by(person) >= g.guided_actions:
            assert text == ""                      # the first round over: the strip goes
            raise _Done
        assert text.startswith(f"{TITLE}: ") and "Why: " in text
        said.append(text)
        buttons = getattr(sc.view.turn, "buttons", {})
        for name in ("launch", "reveal", "roll"):  # the button it names is the one shown
            b = buttons.get(name)
            if b is not None and b.visible and b.enabled:
                assert b.label in text, (b.label, text)
        strip = sc.guide_card
        assert strip.y + strip.h <= sc.gui.height - sc.bar_h + 1     # under the top bar
        assert strip.w > 0 and sc.guide_text.label.content_height <= sc.guide_text.h + 1
        if len(said) == 1:
            shot(app, f"guided_{size[0]}x{size[1]}.png")
        return False

    with pytest.raises(_Done):
        human_turns(app, scene, random.Random(2), limit=40, on_step=on_step)
    assert len(said) == g.guided_actions
    assert any("Launch here" in t for t in said) and any("chip" in t for t in said)


def test_without_the_switch_the_table_says_nothing_more(make_ui_app, home):
    app = make_ui_app()
    scene = start_guided(app, home, guided=False)
    for _ in range(30):
        app.step()
        if scene.human_turn:
            break
    assert scene.human_turn and scene.guide_shown == ""
