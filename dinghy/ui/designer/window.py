"""The course designer window: ``dinghy design [FILE]``.

A race officer prepares a course before friends arrive: start from a template (or open
a file, or an empty course), drag marks, line ends, land corners and fixed Weather Eye
markers, tap a mark to change its rounding side and its place in the order, draw
islands corner by corner, turn the course to a new wind, and watch the live check of
:func:`dinghy.games.dinghy_race.course_checks.validate` (tap a finding to see where it is). Then save, export
the briefing sketch (SVG, PNG) and test-sail it with bots.

Every change is one of :mod:`dinghy.games.dinghy_race.designer`'s functions over immutable courses and is
recorded in its :class:`~dinghy.games.dinghy_race.designer.History` (Ctrl+Z / Ctrl+Y). The window decides
nothing about the course: an edit the course cannot take comes back as the edit's own
message in the status line.

The scene is one class made of parts, a module each: :mod:`.panels` (layout),
:mod:`.selection`, :mod:`.tools` (pointer and hit-testing) and :mod:`.files`.
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, Callable

from dinghy.games.dinghy_race import designer as D
from dinghy.core import io
from dinghy.games.dinghy_race import sketch
from dinghy.games.dinghy_race.course import CARD_SIZES, WIND_FORCES, Course, Finding
from dinghy.games.dinghy_race.course_checks import validate
from dinghy.core.errors import DinghyError
from dinghy.ui import theme
from dinghy.ui.app import App
from dinghy.ui.camera import Camera
from dinghy.ui.designer.chart import DesignerChart
from dinghy.ui.designer.pieces import FindingRow, WindArrow, wind_text
from dinghy.ui.designer.tools import TOOLS, ToolsMixin
from dinghy.ui.designer.selection import SelectionMixin
from dinghy.ui.designer.panels import PanelsMixin
from dinghy.ui.designer.files import FilesMixin
from dinghy.ui.scene import ChartScene
from dinghy.ui.widgets.gui import key
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text


class DesignerScene(PanelsMixin, SelectionMixin, ToolsMixin, FilesMixin, ChartScene):
    """``DesignerScene(course=None, path=None, on_test_sail=None, fleet=6, home=None)``.

    ``course`` None shows the template dialog over an empty course. ``path`` is where
    Save writes (the opened file, or the name given on the command line); without it
    Save writes ``<courses folder>/<course name>.toml`` (``home`` or
    ``$DINGHY_HOME/courses``).
    """

    shortcuts = [
        ("Ctrl+Z / Ctrl+Y", "Undo / redo"),
        ("Ctrl+S", "Save"),
        ("Ctrl+Shift+S", "Save as (a new name)"),
        ("V  M  L  W", "Tools: move, new mark, draw land, Weather Eye"),
        ("Tap a mark twice", "Switch its rounding side (port / starboard)"),
        ("Enter / Esc", "Close / drop the island being drawn"),
        ("Delete", "Delete what is selected"),
        ("F", "Fit the course in view"),
        ("Drag / wheel", "Move things or pan / zoom"),
    ]
    help_title = "Course designer: shortcuts"

    def __init__(self, course: Course | None = None, path: str | os.PathLike[str] | None = None, *,
                 on_test_sail: Callable[[Path], Any] | None = None, fleet: int = 6,
                 home: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        self.ask_template = course is None
        self.history = D.History(course if course is not None else D.blank(fleet=fleet))
        self.path: Path | None = Path(path) if path is not None else None
        self.home = Path(home) if home is not None else None
        opened_shipped = self.path is not None and _is_shipped(self.path)
        if opened_shipped:
            self.path = None        # a shipped course is never overwritten: Save makes a copy
        self.on_test_sail = on_test_sail
        self.fleet = max(2, min(int(fleet), D.MAX_FLEET))
        self.saved: Course | None = course if (course is not None and self.path is not None
                                               and self.path.exists()) else None
        self.camera = Camera(min_zoom=0.02, max_zoom=25.0)
        self.tool = "move"
        self.selection: tuple[Any, ...] | None = None
        self.entry: int | None = None            # the selected mark's rounding entry
        self.draft: list[tuple[float, float]] = []
        self.preview: Course | None = None
        self.findings: list[Finding] = []
        self.hovered: Finding | None = None
        self.pinned: Finding | None = None
        self.status = ("A shipped course: Save writes your copy to the courses folder."
                       if opened_shipped else "")
        self._press: dict[str, Any] | None = None
        self._last_tap: tuple[float, float, float] | None = None
        self._exporting = False
        self._fitted = False
        self._rows_for: list[Finding] | None = None
        self.rows: list[FindingRow] = []
        self._placed: dict[int, tuple[float, ...]] = {}

    # --- the course -----------------------------------------------------------------------
    @property
    def course(self) -> Course:
        return self.preview if self.preview is not None else self.history.current

    @property
    def modified(self) -> bool:
        return self.saved is None or self.saved != self.history.current

    def courses_folder(self) -> Path:
        return self.home if self.home is not None else D.courses_home()

    def save_target(self) -> Path:
        if self.path is not None:
            return self.path
        return self.courses_folder() / f"{D.slug(self.history.current.name)}.toml"

    def edit(self, fn: Callable[..., Course], *args: Any, **kwargs: Any) -> bool:
        """Apply one edit and record it; an EditError goes to the status line."""
        try:
            self.history.apply(fn, *args, **kwargs)
        except DinghyError as exc:
            self.say(str(exc))
            self.refresh()
            return False
        self.say("")
        self.refresh()
        return True

    def undo(self) -> None:
        if self.history.can_undo:
            self.history.undo()
            self.say("Undone.")
            self.refresh()

    def redo(self) -> None:
        if self.history.can_redo:
            self.history.redo()
            self.say("Redone.")
            self.refresh()

    def say(self, text: str) -> None:
        self.status = text
        if getattr(self, "status_text", None) is not None:
            self.status_text.text = text

    # --- building -----------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        assert g is not None and self.app is not None
        self.chart = DesignerChart(g.batch, self.app.window, self.camera, scale=g.scale)
        add = g.add
        self.top = add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.undo_button = add(Button(g, "Undo", self.undo, reason="Nothing to undo"))
        self.redo_button = add(Button(g, "Redo", self.redo, reason="Nothing to redo"))
        self.new_button = add(Button(g, "New…", self.ask_new))
        self.save_button = add(Button(g, "Save", self.save, style="primary"))
        self.save_as_button = add(Button(g, "Save as…", self.ask_save_as))
        self.svg_button = add(Button(g, "SVG", self.export_svg))
        self.png_button = add(Button(g, "PNG", lambda: self.export_png()))
        self.test_button = add(Button(g, "Test sail", self.test_sail))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        self.tool_buttons = {t: add(Button(g, label, (lambda t=t: self.set_tool(t)), style="water"))
                             for t, label in TOOLS}
        self.fit_button = add(Button(g, "Fit view", self.fit, style="water"))
        self.table_button = add(Button(g, "Fit table", lambda: self.edit(D.fit_area), style="water"))
        self.wind_arrow = add(WindArrow(g))
        self.status_text = add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER))
        self.export_title = add(Text(g, "", theme.HEADER_PT, theme.ON_WATER, bold=True))
        self.export_words = add(Text(g, "", theme.BODY_PT, theme.ON_WATER_SOFT))

        self.panel = add(Panel(g))
        self.name_text = add(Text(g, "", theme.HEADER_PT, theme.INK, bold=True))
        self.file_text = add(Text(g, "", theme.SMALL_PT, theme.INK_SOFT))
        self.rename_button = add(Button(g, "Rename", self.ask_rename))
        c = self.history.current
        self.wind_sel = add(ChoiceSelector(g, [(w, wind_text(w)) for w in range(0, 360, 15)],
                                           c.wind_from // 15, lambda w: self.edit(D.rotate_course, w)))
        self.laps_sel = add(ChoiceSelector(g, [(n, f"{n} lap{'s' if n > 1 else ''}") for n in range(1, 10)],
                                           min(c.laps, 9) - 1, lambda n: self.edit(D.set_laps, n), wrap=False))
        self.cards_sel = add(ChoiceSelector(g, [(s, f"{s.capitalize()} cards") for s in CARD_SIZES],
                                            list(CARD_SIZES).index(c.card_size),
                                            lambda s: self.edit(D.set_card_size, s, scale=True)))
        self.force_sel = add(ChoiceSelector(g, [(f, f"{f.capitalize()} wind") for f in WIND_FORCES],
                                            WIND_FORCES.index(c.wind_force), lambda f: self.edit(D.set_wind_force, f)))
        self.fleet_sel = add(ChoiceSelector(g, [(n, f"{n} boats") for n in range(2, D.MAX_FLEET + 1)],
                                            self.fleet - 2, self.set_fleet, wrap=False))
        self.order_text = add(Text(g, "", theme.SMALL_PT + 1, theme.INK, multiline=True))
        self.sel_title = add(Text(g, "", theme.BODY_PT + 1, theme.INK, bold=True))
        self.sel_text = add(Text(g, "", theme.SMALL_PT + 1, theme.INK_SOFT, multiline=True))
        self.actions = [add(Button(g, "·", None, pt=theme.SMALL_PT + 1)) for _ in range(8)]
        self.check_title = add(Text(g, "", theme.BODY_PT + 1, theme.INK, bold=True))
        self.more_text = add(Text(g, "", theme.SMALL_PT, theme.INK_SOFT))
        self.refresh()
        if self.ask_template:
            self.ask_template = False
            self.ask_new(first=True)

    # --- refresh: everything shown follows the course ----------------------------------------
    def refresh(self) -> None:
        if self.gui is None:
            return
        c = self.history.current
        self._fix_selection(c)
        if self.preview is None:
            self.findings = validate(c, self.fleet)
        self._sync_selectors(c)
        self.order_text.text = sketch.course_words(c) + f"   ·   first beat {self._first_cards(c):.1f} card lengths"
        self.wind_arrow.set_wind(c.wind_from)
        self.export_title.text = c.name
        self.export_words.text = f"{sketch.course_words(c)}   ·   {sketch.wind_words(c)}   ·   {c.card_size} cards"
        self.undo_button.enabled = self.history.can_undo
        self.redo_button.enabled = self.history.can_redo
        errors = sum(f.level == "error" for f in self.findings)
        self.test_button.enabled = self.on_test_sail is not None and errors == 0
        self.test_button.reason = ("Test sail is not available here" if self.on_test_sail is None else
                                   "Fix the errors first" if errors else "")
        for t, b in self.tool_buttons.items():
            b.style = "primary" if t == self.tool else "water"
            b.restyle()
        self._selection_panel(c)
        self._findings_panel()
        self.say(self.status)
        self.layout_dynamic()
        self.redraw()

    def redraw(self) -> None:
        land_mid = None
        if self.selection and self.selection[0] in ("land", "vertex"):
            land_mid = self.selection[1]
        self.chart.show(self.course, selection=None if self._exporting else self.selection,
                        highlight=None if self._exporting else (self.hovered or self.pinned),
                        draft=() if self._exporting else self.draft, handles_on=not self._exporting,
                        land_midpoints=None if self._exporting else land_mid)

    def _first_cards(self, c: Course) -> float:
        from dinghy.games.dinghy_race.course import leg_target
        return math.dist(c.start.midpoint, leg_target(c, 0)) / c.card_length

    def _file_words(self) -> str:
        """Where Save writes (``~`` for the home folder); an arrow while it is not written yet."""
        target = str(self.save_target())
        home = str(Path.home())
        if target.startswith(home + os.sep):
            target = "~" + target[len(home):]
        return target if self.saved is not None else f"→ {target}"

    def _sync_selectors(self, c: Course) -> None:
        for sel, value in ((self.wind_sel, c.wind_from), (self.laps_sel, min(c.laps, 9)),
                           (self.cards_sel, c.card_size), (self.force_sel, c.wind_force),
                           (self.fleet_sel, self.fleet)):
            if sel.value != value:
                sel.set_value(value)

    def set_fleet(self, n: int) -> None:
        self.fleet = n
        self.refresh()

    # --- keys ---------------------------------------------------------------------------------------
    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        accel = modifiers & key.MOD_ACCEL
        shift = modifiers & key.MOD_SHIFT
        if accel and symbol == key.Z and not shift:
            self.undo()
        elif accel and (symbol == key.Y or (symbol == key.Z and shift)):
            self.redo()
        elif accel and symbol == key.S:
            self.ask_save_as() if shift else self.save()
        elif accel:
            return False
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER) and self.tool == "land":
            self.close_draft()
        elif symbol == key.ESCAPE:
            if self.draft:
                self.drop_draft()
            else:
                self.select(None)
        elif symbol in (key.DELETE, key.BACKSPACE):
            self.delete_selected()
        elif symbol == key.F:
            self.fit()
        elif symbol in (key.V, key.M, key.L, key.W):
            self.set_tool({key.V: "move", key.M: "mark", key.L: "land", key.W: "eye"}[symbol])
        else:
            return False
        return True


def _is_shipped(path: Path) -> bool:
    try:
        shipped_dir = io.data_dir("courses").resolve()
    except FileNotFoundError:
        return False
    return path.resolve().parent == shipped_dir


def run_designer(file: str | os.PathLike[str] | None = None, *, headless: bool | None = None,
                 width: int = 1280, height: int = 800, run: bool = True, fleet: int = 6,
                 on_test_sail: Callable[[Path], Any] | None = None,
                 home: str | os.PathLike[str] | None = None, test_sail: bool = True,
                 bot_delay: float | None = None, game: str | None = None) -> App:
    """Open the designer window (and unless ``run=False`` run until it closes).

    A grid board file (or any file with ``game`` naming a grid game) opens the grid board
    designer (:mod:`dinghy.ui.grid.designer`) instead of the course designer.

    ``headless`` None takes the environment's choice (``DINGHY_HEADLESS``, or no display).
    Unless ``on_test_sail`` replaces it (or ``test_sail=False``), "Test sail" races the
    saved course with bots in the same window (:class:`~dinghy.ui.shell.flow.TestSail`, its
    files in ``$DINGHY_HOME/test-sail``) and comes back to the designer afterwards;
    the App's ``test_sail`` attribute is that wiring.
    """
    from dinghy.games.grid.board_edit import is_grid_board_file
    if game is not None or is_grid_board_file(file):
        from dinghy.ui.grid.designer import run_grid_designer
        return run_grid_designer(file, game=game, headless=headless, width=width, height=height,
                                 run=run, bot_delay=bot_delay)
    course, path = D.open_for_design(file)
    app = App(headless=headless, width=width, height=height, caption="Dinghy Race · course designer")
    if on_test_sail is None and test_sail:
        from dinghy.ui.shell.autosave import Autosave, home as dinghy_home
        from dinghy.ui.shell.flow import TestSail

        sail = TestSail(app, Autosave(dinghy_home() / "test-sail"), bot_delay=bot_delay)
        app.test_sail = sail  # type: ignore[attr-defined]
        on_test_sail = lambda p: sail(p, boats=min(sail.boats, scene.fleet))  # noqa: E731
    scene = DesignerScene(course, path, on_test_sail=on_test_sail, fleet=fleet, home=home)
    app.designer = scene  # type: ignore[attr-defined]
    app.push(scene)
    if run:
        app.run()
    return app
