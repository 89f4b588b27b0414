"""Regatta (Gigamic)'s board in the replay viewer: the water at any point of the
record, each boat's track (its bow after every action)."""
from __future__ import annotations

from typing import Any

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button

from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.hud import SeatChip  # noqa: E402
from dinghy.ui.regatta_gigamic.board import Board, BoatTracks, colour_of  # noqa: E402
from dinghy.ui.shell.replay_camera import ReplayCamera  # noqa: E402
from dinghy.games.regatta_gigamic.ask import Step  # noqa: E402


class GigamicReplay(ReplayCamera):
    """``GigamicReplay(scene)``: what the replay scene asks of the board."""

    shortcuts = [("+ / −", "Zoom in / out"), ("F", "Fit the table")]

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.game = scene.game
        self.camera = Camera(min_zoom=0.05, max_zoom=25.0)
        self.tracks = BoatTracks(scene.playback.states)

    def build(self) -> None:
        s = self.scene
        self.board = Board(s.gui.batch, s.app.window, self.game, self.camera)
        s.chart = self.board                # the scene frees it when it leaves the stack

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        if self.set_viewport(x, y, w, h):
            self.fit()

    def fit(self) -> None:
        """The whole table (the camera buttons have a strip of their own)."""
        g = self.scene.gui
        self.camera.fit(self.board.bounds, margin=g.px(24) if g else 24)

    def show(self, index: int, state: Any) -> None:
        self.board.show(state, self.tracks.tracks(index))

    def status_text(self, state: Any) -> str:
        return f"turn {state.turns}" if state.turns else "setting up"

    def seat_chips(self, state: Any) -> list[SeatChip]:
        chips = []
        for i, seat in enumerate(self.game.setup.seats):
            b = state.boats[i]
            status = f"finished {b.place}." if b.place else ("becalmed" if b.sun else "")
            chips.append(SeatChip(i, seat.name, colour_of(self.game, i), status,
                                  i == state.active and state.step is not Step.OVER, b.place is not None))
        return chips
