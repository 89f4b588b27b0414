import pytest

from dinghy.ui import testing as ui
from dinghy.ui.scene import GuiScene
from dinghy.ui.widgets.gui import Gui, key  # first: it configures pyglet before pyglet.window loads
from dinghy.ui.widgets.buttons import Button, PillToggle, Toggle
from dinghy.ui.widgets.dialogs import Curtain, Dialog, HelpOverlay
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import TextField


class Board(GuiScene):
    """A scene whose widgets a test lays out by hand."""

    shortcuts = [("Space", "Roll the dice")]

    def __init__(self, make):
        super().__init__()
        self.make = make

    def build(self):
        self.w = self.make(self.gui)
        for w in self.w.values():
            self.gui.add(w)

    def layout(self):
        for i, w in enumerate(self.w.values()):
            w.place(40, 700 - 70 * i, 220, 48)


@pytest.fixture
def board(ui_app):
    def open_board(make):
        return ui_app.push(Board(make))
    return open_board


def test_button_runs_its_callback_and_says_why_when_disabled(ui_app, board):
    calls = []
    b = board(lambda g: {
        "go": Button(g, "Go", lambda: calls.append("go")),
        "no": Button(g, "Jibe", lambda: calls.append("jibe"), enabled=False,
                     reason="No jibe card in hand"),
    })
    ui.tap(ui_app, b.w["go"])
    ui.tap(ui_app, b.w["no"])
    assert calls == ["go"]
    assert b.gui.tooltip_text == "No jibe card in hand"
    ui.tap(ui_app, b.w["go"])            # tapping elsewhere hides it
    assert b.gui.tooltip_text is None
    ui.move(ui_app, *b.w["no"].center)   # hovering shows it too
    assert b.gui.tooltip_text == "No jibe card in hand"


def test_press_inside_release_outside_cancels(ui_app, board):
    calls = []
    b = board(lambda g: {"go": Button(g, "Go", lambda: calls.append(1))})
    ui.press(ui_app, *b.w["go"].center)
    ui.release(ui_app, 1000, 100)
    assert calls == []


def test_touch_targets_scale_with_the_pixel_ratio():
    for scale in (1.0, 2.0):
        g = Gui(scale=scale)
        b = Button(g, "x").place(0, 0, 10, 10)
        t = Toggle(g).place(0, 0, 10, 10)
        c = ChoiceSelector(g, [(1, "1"), (2, "2")]).place(0, 0, 10, 10)
        assert min(b.w, b.h, t.h, c.h) >= 48 * scale
        assert c.w >= 2 * 48 * scale     # each half is a target of its own
        g.clear()


def test_toggles_and_selectors(ui_app, board):
    seen = []
    b = board(lambda g: {
        "t": Toggle(g, False, seen.append),
        "p": PillToggle(g, False, seen.append, text_on="Bot", text_off="Human"),
        "c": ChoiceSelector(g, [("a", "A"), ("b", "B"), ("c", "C")], 0, seen.append,
                            available=lambda v: v != "b"),
        "n": ChoiceSelector(g, [(i, str(i)) for i in range(3)], 2, seen.append, wrap=False),
    })
    ui.tap(ui_app, b.w["t"])
    ui.tap(ui_app, b.w["p"])
    assert b.w["p"].text.text == "Bot"
    ui.click(ui_app, *b.w["c"].next_point)     # skips the unavailable "b"
    ui.click(ui_app, *b.w["c"].next_point)     # wraps round
    ui.click(ui_app, *b.w["c"].prev_point)
    ui.click(ui_app, *b.w["n"].next_point)     # already at the top: nothing
    ui.click(ui_app, *b.w["n"].prev_point)
    assert seen == [True, True, "c", "a", "c", 1]
    assert not b.w["n"].can_step(-1) or b.w["n"].value == 1


def test_text_field_focus_typing_and_backspace(ui_app, board):
    names = []
    b = board(lambda g: {"f": TextField(g, "Ann", names.append, max_length=6),
                         "g": TextField(g, "", placeholder="Sky")})
    ui.type_text(ui_app, "zz")                 # nothing focused: nothing typed
    assert b.w["f"].value == "Ann"
    ui.tap(ui_app, b.w["f"])
    assert b.gui.focus is b.w["f"]
    ui.type_text(ui_app, "ie?\r")               # control characters are dropped
    assert names[-1] == "Annie?"
    ui.text_motion(ui_app, key.MOTION_BACKSPACE)
    ui.type_text(ui_app, "-Jo")                # stops at six characters
    assert b.w["f"].value == "Annie-" and names[-1] == "Annie-"
    assert not b.help_open                     # "?" went into the name, not to the help
    ui.key_press(ui_app, key.TAB)
    assert b.gui.focus is b.w["g"]
    ui.key_press(ui_app, key.ENTER)
    assert b.gui.focus is None


def test_dialog_is_modal(ui_app, board):
    calls = []
    b = board(lambda g: {"go": Button(g, "Go", lambda: calls.append("go"))})
    d = b.gui.open(Dialog(b.gui, "Protest?", "Orange hails Sky: protest under rule 10.",
                          [("Withdraw", lambda: calls.append("no")),
                           ("Protest", lambda: calls.append("yes"))]))
    ui.tap(ui_app, b.w["go"])                  # covered by the dialog
    assert calls == [] and b.gui.modal is d
    ui.tap(ui_app, ui.find_button(b.gui, "Protest"))
    assert calls == ["yes"] and b.gui.modal is None
    ui.tap(ui_app, b.w["go"])
    assert calls == ["yes", "go"]
    cancelled = []
    b.gui.open(Dialog(b.gui, "Quit?", "Leave the race?", on_cancel=lambda: cancelled.append(1)))
    ui.key_press(ui_app, key.ESCAPE)
    assert cancelled == [1] and b.gui.modal is None


def test_curtain_lifts_only_with_its_button(ui_app, board, tmp_path):
    ready = []
    b = board(lambda g: {})
    c = b.gui.open(Curtain(b.gui, "Pass to Orange", "Tap when ready", lambda: ready.append(1),
                           colour=(230, 159, 0), detail="Sky has played; Orange is next"))
    ui.click(ui_app, 20, 20)
    assert ready == [] and b.gui.modal is c
    shot = ui_app.screenshot(tmp_path / "curtain.png")
    assert ui.png_colours(shot) > 5
    ui.tap(ui_app, c.button)
    assert ready == [1] and b.gui.modal is None


def test_help_overlay_opens_with_f1_question_mark_and_closes(ui_app, board):
    b = board(lambda g: {})
    ui.key_press(ui_app, key.F1)
    assert b.help_open
    help_widget = b.gui.modal
    assert isinstance(help_widget, HelpOverlay)
    assert ("Space", "Roll the dice") in help_widget.shortcuts
    ui.key_press(ui_app, key.F1)
    assert not b.help_open
    ui.type_text(ui_app, "?")
    assert b.help_open
    ui.click(ui_app, 5, 5)                     # any tap closes it
    assert not b.help_open
    ui.type_text(ui_app, "?")
    ui.key_press(ui_app, key.ESCAPE)
    assert not b.help_open
