"""The course designer's files: a new course from a template, Save and Save as,
Rename, the sketch exports (SVG, PNG) and Test sail.

Mixed into :class:`~dinghy.ui.designer.window.DesignerScene`.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dinghy.games.dinghy_race import designer as D
from dinghy.core import io
from dinghy.games.dinghy_race import sketch
from dinghy.games.dinghy_race.course import Course
from dinghy.core.errors import DinghyError
from dinghy.ui.designer.dialogs import NameDialog, TemplateDialog


class FilesMixin:
    """New, save, rename, export and test-sail."""

    app: Any
    gui: Any
    history: Any
    camera: Any
    chart: Any
    path: Path | None
    saved: Course | None
    fleet: int

    # --- dialogs -------------------------------------------------------------------------------------
    def ask_new(self, first: bool = False) -> None:
        assert self.gui is not None
        c = self.history.current
        self.gui.open(TemplateDialog(self.gui, self.create_from_template,
                                     on_cancel=(lambda: None), fleet=self.fleet,
                                     wind_from=c.wind_from, card_size=c.card_size))

    def create_from_template(self, kind: str, params: dict[str, Any]) -> None:
        try:
            course = D.template(kind, **params)
        except DinghyError as exc:
            self.say(str(exc))
            self.refresh()
            return
        self.fleet = params.get("fleet", self.fleet)
        if self.path is not None and self.path.exists() and self.saved is not None:
            self.path = None            # a new course never overwrites the file opened
        self.history.reset(course)
        self.saved = None
        self.selection, self.entry, self.draft = None, None, []
        self._fitted = False
        self.say(f"New course: {course.name}.")
        self.refresh()
        self.fit()

    def ask_save_as(self) -> None:
        assert self.gui is not None
        folder = self.save_target().parent
        dialog = self.gui.open(NameDialog(self.gui, "Save as", f"The course gets this name; the file goes to {folder}.",
                                          self.history.current.name, self.save_as))
        self.gui.set_focus(dialog.field)  # type: ignore[attr-defined]

    def save_as(self, name: str) -> None:
        folder = self.save_target().parent
        if not self.edit(D.rename, name):
            return
        self.path = folder / f"{D.slug(name)}.toml"
        self.save()

    def ask_rename(self) -> None:
        assert self.gui is not None
        self.gui.open(NameDialog(self.gui, "Course name", "The name players see in the set-up and on the sketch.",
                                 self.history.current.name, lambda n: self.edit(D.rename, n), ok="Rename"))

    def ask_rename_land(self) -> None:
        assert self.gui is not None and self.selection is not None
        i = self.selection[1]
        self.gui.open(NameDialog(self.gui, "Name of the land", "Islands, coasts and capes carry their name on the chart.",
                                 self.history.current.land[i].name,
                                 lambda n: self.edit(D.rename_land, i, n), ok="Rename"))

    # --- files ------------------------------------------------------------------------------------------
    def save(self) -> Path | None:
        target = self.save_target()
        try:
            D.save(self.history.current, target)
        except OSError as exc:
            self.say(f"Cannot save to {target}: {exc.strerror or exc}")
            self.refresh()
            return None
        self.path = target
        self.saved = self.history.current
        from dinghy.games.dinghy_race.race_length import estimate_saved_course

        rounds = estimate_saved_course(self.saved, target)     # the set-up shows it beside the course
        self.say(f"Saved to {target} (a race of about {round(rounds)} rounds).")
        self.refresh()
        return target

    def export_svg(self, path: str | os.PathLike[str] | None = None) -> Path:
        p = Path(path) if path is not None else self.save_target().with_suffix(".svg")
        io.write_text_atomic(p, sketch.course_svg(self.history.current))
        self.say(f"Sketch written to {p}.")
        self.refresh()
        return p

    def export_png(self, path: str | os.PathLike[str] | None = None) -> Path:
        """The chart alone (no panels, handles or highlights), fitted to the window."""
        assert self.app is not None
        p = Path(path) if path is not None else self.save_target().with_suffix(".png")
        view = (self.camera.zoom, self.camera.cx, self.camera.cy)
        self._exporting = True
        try:
            self.relayout()
            self.fit()
            self.redraw()
            self.app.screenshot(p)
        finally:
            self._exporting = False
            self.relayout()
            self.camera.zoom, self.camera.cx, self.camera.cy = view
            self.chart.camera_moved()
            self.say(f"Picture written to {p}.")
            self.refresh()
        return p

    def test_sail(self) -> Any:
        if self.on_test_sail is None:
            return None
        if any(f.level == "error" for f in self.findings):
            self.say("Fix the errors first.")
            self.refresh()
            return None
        target = self.save()
        if target is None:
            return None
        return self.on_test_sail(target)
