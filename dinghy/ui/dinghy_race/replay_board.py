"""Dinghy Race's board in the replay viewer: the chart at any point of the record, each
boat's track (its bow after every action), the compass and "Fit course". One step
forward is shown moving, as at the table (the table's :class:`Motion`, fed from the
record: the states before and after, the action, its events)."""
from __future__ import annotations

from typing import Any

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button

from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.dinghy_race.chart import Chart  # noqa: E402
from dinghy.ui.dinghy_race.compass import Compass  # noqa: E402
from dinghy.ui.dinghy_race.motion import Motion  # noqa: E402
from dinghy.ui.dinghy_race.view import round_text, seat_chips  # noqa: E402
from dinghy.ui.hud import SeatChip  # noqa: E402
from dinghy.ui.shell.replay_camera import ReplayCamera  # noqa: E402
from dinghy.ui.shell.tracks import Tracks  # noqa: E402


class BoatTracks(Tracks[tuple[float, float]]):
    """Each boat's track through a playback: its bow after every action that moved it."""

    def __init__(self, states: list[Any]) -> None:
        super().__init__([(b.index, b.pose.xy) for b in s.boats if b.launched] for s in states)


class ShownState:
    """What :class:`Motion` asks of "the race": the state on the screen."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    @property
    def state(self) -> Any:
        return self.scene.playback.states[self.scene.index]


class ChartReplay(ReplayCamera):
    """``ChartReplay(scene)``: what the replay scene asks of the board."""

    shortcuts = [("+ / −", "Zoom in / out"), ("F", "Fit the course")]

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.game = scene.game
        self.camera = Camera(min_zoom=0.05, max_zoom=25.0)
        self.tracks = BoatTracks(scene.playback.states)
        self.race = ShownState(scene)
        self.motion: Motion | None = None
        self.board_rect = (0.0, 0.0, 1.0, 1.0)
        self._batches: list[Any] | None = None     # the record's events, by action
        self._said: dict[Any, Any] = {}             # the log's lines made so far

    @property
    def gui(self) -> Any:
        return self.scene.gui

    def build(self) -> None:
        s = self.scene
        g = s.gui
        self.chart = Chart(g.batch, s.app.window, self.game, self.camera, scale=g.scale)
        self.chart.active_ring = False
        s.chart = self.chart                # the scene frees it when it leaves the stack
        self.compass = g.add(Compass(g, self.game.wind_from))
        self.fit_button = g.add(Button(g, "Fit course", self.fit, style="water"))
        self.motion = Motion(self)

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        g = self.scene.gui
        px, t, m = g.px, g.touch, g.px(8)
        self.board_rect = (x, y, w, h)
        self.compass.place(x + m, y + h - m - px(190), px(150), px(190))
        if self.set_viewport(x, y, w, h):
            self.fit()
        self.chart.camera_moved()

    def fit(self) -> None:
        """The whole course, clear of the compass (beside it or below it, whichever
        shows the course larger; the camera buttons have a strip of their own)."""
        g = self.scene.gui
        margin, gap = (g.px(24), g.px(8)) if g else (24, 8)
        c, cam = self.compass, self.camera
        cam.fit(self.chart.bounds, margin=margin, left=c.w + gap)
        beside = cam.zoom
        cam.fit(self.chart.bounds, margin=margin, top=c.h + gap)
        if beside > cam.zoom:
            cam.fit(self.chart.bounds, margin=margin, left=c.w + gap)
        self.chart.camera_moved()

    def show(self, index: int, state: Any) -> None:
        if self.motion is not None and self.motion.active:
            self.motion.finish(redraw=False)
        self.chart.hidden = frozenset()
        self.chart.update_state(state)
        self.chart.show_tracks(self.tracks.tracks(index))

    # --- one step forward, moving ----------------------------------------------------------
    def animate(self, index: int) -> bool:
        """Show action ``index - 1`` moving into state ``index`` (already shown); False:
        nothing to show."""
        pb = self.scene.playback
        if self.motion is None or not 0 < index < len(pb):
            return False
        events = pb.events[pb.event_counts[index - 1]:pb.event_counts[index]]
        if not self.motion.start(pb.states[index - 1], pb.actions[index - 1], events, pb.states[index]):
            return False
        self.chart.hidden = self.motion.hidden
        self.chart.update_state(pb.states[index])
        return True

    def update(self, dt: float) -> None:
        if self.motion is not None and self.motion.active:
            self.motion.update(dt)

    def skip(self) -> bool:
        """Skip the animation to its end (a tap on the board); False: none running."""
        if self.motion is None or not self.motion.active:
            return False
        self.motion.finish()
        return True

    def delete(self) -> None:
        if self.motion is not None:
            self.motion.delete()

    def log_events(self, index: int) -> list[Any]:
        """The log up to position ``index``, each boat's place said by the course as at
        the table ("now two card lengths below mark 2"; the same function,
        :func:`~dinghy.ui.dinghy_race.words.said_events`)."""
        from dinghy.ui.dinghy_race.words import said_events

        pb = self.scene.playback
        if self._batches is None:
            self._batches = pb.events_by_action()
        return said_events(self.game, self._batches[:index], pb.states, self._said)

    def status_text(self, state: Any) -> str:
        return round_text(state)

    def seat_chips(self, state: Any) -> list[SeatChip]:
        return seat_chips(self.game, state)

    def camera_moved(self) -> None:
        self.chart.camera_moved()
