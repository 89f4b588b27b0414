"""A grid game's board in the replay viewer: the board at any point of the record, with
every boat's track (the squares it sailed through)."""
from __future__ import annotations

from typing import Any

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button

from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.grid.compass import WindRose  # noqa: E402
from dinghy.ui.grid.drawing import BoardDrawing  # noqa: E402
from dinghy.ui.grid.layers import CameraMoves  # noqa: E402
from dinghy.ui.grid.view import (  # noqa: E402
    MAX_ZOOM, MIN_ZOOM, board_title, chips_with_flags, colours, status_lines,
)  # noqa: E402
from dinghy.ui.grid.framing import fit_beside_rose, place_rose  # noqa: E402
from dinghy.ui.hud import SeatChip  # noqa: E402
from dinghy.ui.shell.replay_camera import ReplayCamera  # noqa: E402
from dinghy.ui.shell.tracks import Tracks  # noqa: E402
from dinghy.ui.shell.board_view import ordinal, seat_colour  # noqa: E402


def spectator_picture(game: Any, state: Any) -> Any:
    """The picture of a finished race as everyone may now see it (every seat's tokens):
    asked for seat None, or seat 0 from a game that wants a seat."""
    try:
        return game.picture(state, None)
    except (TypeError, IndexError, KeyError, AttributeError):
        return game.picture(state, 0)


class BoatTracks(Tracks[tuple[int, int]]):
    """Each boat's squares through a playback, and the pictures of every state."""

    def __init__(self, game: Any, states: list[Any]) -> None:
        self.pictures = [spectator_picture(game, s) for s in states]
        super().__init__([(b.seat, (b.x, b.y)) for b in pic.boats if b.heading is not None]
                         for pic in self.pictures)


class GridReplay(ReplayCamera):
    """``GridReplay(scene)``: what the replay scene asks of the board."""

    shortcuts = [("+ / −", "Zoom in / out"), ("F", "Fit the board")]

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.game = scene.game
        self.camera = Camera(min_zoom=MIN_ZOOM, max_zoom=MAX_ZOOM)
        self.tracks = BoatTracks(self.game, scene.playback.states)
        self.index = 0
        self.drawing: BoardDrawing | None = None
        self.moves = CameraMoves()        # a pan or zoom going on: what is drawn follows it

    def build(self) -> None:
        s = self.scene
        g = s.gui
        self.drawing = BoardDrawing(g.batch, self.game.board, scale=g.scale)
        s.chart = self.drawing            # the scene frees it when it leaves the stack
        self.rose = g.add(WindRose(g, getattr(self.game.board, "wind_from", 0) or 0))
        self.fit_button = g.add(Button(g, "Fit board", self.fit, style="water"))

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        place_rose(self.rose, self.scene.gui, (x, y, w, h))
        if self.set_viewport(x, y, w, h):
            self.fit(redraw=False)
        self.redraw()

    def fit(self, redraw: bool = True) -> None:
        """The whole board clear of the rose (the camera buttons have a strip of their own)."""
        fit_beside_rose(self.camera, self.game.board, self.scene.gui, self.rose, buttons=False)
        if redraw:
            self.redraw()

    def show(self, index: int, state: Any) -> None:
        """The record at ``index``; while the camera moves (a replay playing under the
        wheel), drawn for the camera of the last drawing and moved with the rest."""
        self.index = index
        self.rose.set_wind(self.tracks.pictures[index].wind_from)
        still = self.drawing.drawn_camera(self.camera) if self.drawing and self.moves.moving else None
        if still is None:
            self.redraw()
        else:
            self._draw(still)
            self.drawing.follow(self.camera)

    def redraw(self) -> None:
        if self.drawing is None or self.camera.width <= 1:
            return
        self.moves.drawn()
        self._draw(self.camera)

    def _draw(self, camera: Any) -> None:
        pic = self.tracks.pictures[self.index]
        self.drawing.draw(camera, pic, colours(self.game), viewer=None,
                          tracks=self.tracks.tracks(self.index), clear=self.overlays())

    def overlays(self) -> list[tuple[float, float, float, float]]:
        """What is drawn over the board (the rose, the camera buttons): words keep off."""
        ws = [self.rose, self.fit_button] + [b for b, _ in getattr(self.scene, "camera_buttons", ())]
        return [(w.x, w.y, w.w, w.h) for w in ws if w.visible and w.w > 0]

    def status_text(self, state: Any) -> str:
        main, sub = status_lines(self.tracks.pictures[self.index].note, board_title(self.game))
        return f"{main} ({sub})" if sub else main

    def seat_chips(self, state: Any) -> list[SeatChip]:
        places = self.game.places(state)
        chips = [SeatChip(k, s.name, seat_colour(self.game, k),
                          f"finished {ordinal(places[k])}" if places[k] else "", done=bool(places[k]))
                 for k, s in enumerate(self.game.setup.seats)]
        return chips_with_flags(chips, self.tracks.pictures[self.index])

    def camera_moved(self) -> None:
        """A drag, the wheel, "+" or "−": drawn afresh the first time, then what is drawn
        follows the camera while it keeps moving (see :class:`CameraMoves`)."""
        self.moves.zoomed(self.drawing, self.camera, self.redraw)

    def update(self, dt: float) -> None:
        """Every frame: the frame after the camera stopped, the board drawn afresh."""
        if self.moves.tick():
            self.redraw()
