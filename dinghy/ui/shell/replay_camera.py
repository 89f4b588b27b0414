"""The replay board's camera under a player's hands, the same for every game: drag to
pan, scroll to zoom where the pointer is, + / − to zoom, F to fit. A replay board mixes
this in, has a ``camera`` and a ``fit()`` that leaves the board drawn, and redraws in
``camera_moved()`` if its drawing follows the camera."""
from __future__ import annotations

from dinghy.ui.widgets.gui import key


class ReplayCamera:
    camera: object

    def camera_moved(self) -> None:
        """Redraw what follows the camera (nothing by default: the drawing is the
        camera's own transform)."""

    def fit(self) -> None:
        raise NotImplementedError

    def set_viewport(self, x: float, y: float, w: float, h: float) -> bool:
        """The board's rectangle on the screen; True when it is new (the first layout, a
        window resized, a tablet turned): the caller fits the whole board again then."""
        self.camera.set_viewport(x, y, w, h)
        if getattr(self, "_fitted_for", None) == (x, y, w, h):
            return False
        self._fitted_for = (x, y, w, h)
        return True

    def board_contains(self, x: float, y: float) -> bool:
        return self.camera.contains_screen(x, y)

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)
        self.camera_moved()

    def scroll(self, x: float, y: float, clicks: float) -> None:
        if self.camera.contains_screen(x, y):
            self.camera.scroll(x, y, clicks)
            self.camera_moved()

    def zoom(self, factor: float) -> None:
        """Zoom about the middle of the board (the "+" and "−" buttons)."""
        c = self.camera
        c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        self.camera_moved()

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        c = self.camera
        if symbol == key.F:
            self.fit()
            return True
        if symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, 1.4)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, 1 / 1.4)
        else:
            return False
        self.camera_moved()
        return True
