"""Regatta (Gigamic) at the table: the water with its buoys, line and obstacles, the
boats with the forbidden zone in front of each bow, and — on a person's turn — where
each arrow of the hand would put the boat, as ghosts to tap.

The side column is the generic view's (every legal action as a button, with the
engine's reason when refused, and a field to type one). Ghosts are the engine's own
results: a legal play is applied to a copy of the state to find where it ends (a stop
at a zone's entry included); a refused one is drawn grey and a tap shows the engine's
reason. Nothing here decides a rule.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from dinghy.ui.widgets import Text  # noqa: F401  (configures pyglet first)

from pyglet.graphics import Group  # noqa: E402

from dinghy.games.regatta_gigamic.actions import Act  # noqa: E402
from dinghy.games.regatta_gigamic.moving import end_spot  # noqa: E402
from dinghy.games.regatta_gigamic.state import AGAIN, EXTRA, TURN  # noqa: E402
from dinghy.ui import camera as camera_module  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.mesh import Mesh  # noqa: E402
from dinghy.ui.shell.generic import GenericView  # noqa: E402
from dinghy.ui.shell.views import ordinal, seat_colour  # noqa: E402

WATER = (30, 86, 128)
TABLE_EDGE = (200, 220, 235)
ROCK = (150, 132, 100)
BUOYS = {"white": (245, 245, 245), "red": (220, 50, 40), "green": (40, 170, 70), "yellow": (240, 220, 60),
         "orange": (240, 140, 30), "black": (30, 30, 30), "blue": (40, 90, 220)}
ZONE = (255, 255, 255, 34)
REFUSED = (150, 156, 164, 120)


@dataclass
class Ghost:
    action: Act
    x: float
    y: float
    reason: str | None


def _coords(poly: Any) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]]


class GigamicView(GenericView):
    """The board of a Gigamic regatta (``GigamicView(scene)``)."""

    shortcuts = GenericView.shortcuts + [("Tap a ghost", "Sail that arrow")]

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.camera = Camera(min_zoom=0.05, max_zoom=25.0)
        self.ghosts: list[Ghost] = []
        self.root: Any = None

    @classmethod
    def board_name(cls, game: Any) -> str:
        return f"{game.title} · {game.course.name}"

    @classmethod
    def summary(cls, race: Any) -> str:
        return f"{cls.board_name(race.game)} · {race.state.turns} turns · {len(race.actions)} actions"

    def status(self) -> tuple[str, str]:
        s = self.race.state
        return (f"Turn {s.turns}" if s.turns else "Setting up", f"pile {s.pile_count}")

    # --- building ---------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        self.root = camera_module.CameraGroup(self.camera, self.scene.app.window, order=-5)
        self.course_mesh = Mesh(g.batch, Group(order=0, parent=self.root))
        self.state_mesh = Mesh(g.batch, Group(order=1, parent=self.root))
        self.ghost_mesh = Mesh(g.batch, Group(order=2, parent=self.root))
        self.title = g.add(Text(g, "", theme.HEADER_PT, theme.ON_WATER, bold=True))
        self.places = g.add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER, multiline=True))
        self.seen = self.places            # the generic refresh is not used
        xs = [p[0] for p in self.game.course.area]
        ys = [p[1] for p in self.game.course.area]
        self.bounds = (min(xs), min(ys), max(xs), max(ys))
        self._build_course()

    def _build_course(self) -> None:
        m, course = self.course_mesh, self.game.course
        edge = max(2.0, (self.bounds[2] - self.bounds[0]) / 400)
        m.polygon(course.area, theme.rgba(WATER))
        m.line(course.area, edge, theme.rgba(TABLE_EDGE), closed=True)
        for o in course.obstacles:
            m.polygon(o.outline, theme.rgba(ROCK))
        a, b = course.line_ends
        m.line([a, b], edge * 0.6, (255, 255, 255, 150))
        for buoy in course.buoys:
            m.circle(buoy.x, buoy.y, buoy.radius + edge * 0.6, (20, 20, 20, 255))
            m.circle(buoy.x, buoy.y, buoy.radius, theme.rgba(BUOYS.get(buoy.colour, (255, 255, 255))))
        m.build()

    def delete(self) -> None:
        for mesh in ("course_mesh", "state_mesh", "ghost_mesh"):
            if hasattr(self, mesh):
                getattr(self, mesh).delete()

    # --- state -> screen ------------------------------------------------------------------
    def refresh(self, new_step: bool) -> None:
        game, race = self.game, self.race
        self.title.text = self.board_name(game)
        places = race.places()
        rows = []
        for i, seat in enumerate(game.setup.seats):
            b = race.state.boats[i]
            what = ordinal(places[i]) if places[i] else (game.course.stage_name(b.stage) if b.spot else "ashore")
            calm = " · becalmed" if b.sun else ""
            rows.append(f"{seat.name}: {what}{calm}")
        self.places.text = "\n".join(rows)
        self._draw_state()
        self._draw_ghosts()
        self.build_panel()
        self.scene.layout_side()

    def _draw_state(self) -> None:
        m, game, state = self.state_mesh, self.game, self.race.state
        shapes = game.shapes
        racing = [(i, b) for i, b in enumerate(state.boats) if b.spot is not None]
        for i, b in racing:
            if b.racing:
                m.polygon(_coords(shapes.zones([b.spot])[0]), ZONE)
        for i, b in racing:
            colour = seat_colour(game, i)
            hull = _coords(shapes.hull_at(b.spot))
            m.polygon(hull, theme.rgba(colour if b.racing else tuple(c // 2 for c in colour)))
            m.line(hull, 1.2, (20, 20, 20, 255), closed=True)
            if b.sun:
                m.circle(b.spot.x, b.spot.y, 9, (255, 210, 40, 255))
        m.build()

    def _draw_ghosts(self) -> None:
        self.ghosts = []
        m, race, game = self.ghost_mesh, self.race, self.game
        state = race.state
        if race.over or race.chance or not self.human_turn or state.step not in (TURN, EXTRA, AGAIN):
            m.build()
            return
        seat = state.active
        boat = state.boats[seat]
        if boat.sun:
            m.build()
            return
        cards = [state.card] if state.step == AGAIN else sorted({c for c in state.hands[seat]
                                                                 if not game.deck.face(c).is_sun})
        colour = seat_colour(game, seat)
        for c in cards:
            for k, arrow in enumerate(game.deck.face(c).arrows):
                act = Act("again", n=k + 1) if state.step == AGAIN else Act("play", card=c, n=k + 1)
                reason = race.why_not(act)
                if reason is None:
                    end = game.apply(state, act)[0].boats[seat].spot
                    fill = (*colour, 130)
                else:
                    end = end_spot(boat.spot, arrow, game.deck.hull_length)
                    fill = REFUSED
                hull = _coords(game.shapes.hull_at(end))
                m.polygon(hull, fill)
                m.line(hull, 1.0, (255, 255, 255, 200), closed=True)
                cx, cy = end.to_world(0, -game.deck.hull_length / 2)
                self.ghosts.append(Ghost(act, cx, cy, reason))
        m.build()

    # --- layout and input -------------------------------------------------------------------
    def layout(self, x: float, y: float, w: float, h: float) -> None:
        g = self.gui
        self.camera.set_viewport(x, y, w, h)
        self.camera.fit(self.bounds, margin=g.px(24))
        pad = g.px(theme.PAD)
        self.title.place(x + pad, y + h - pad - g.px(30), w - 2 * pad, g.px(30))
        self.places.place(x + pad, y + h - pad - g.px(150), w / 2, g.px(110))
        self.places.label.anchor_y = "top"
        self.places.label.y = round(y + h - pad - g.px(40))

    def board_contains(self, x: float, y: float) -> bool:
        return self.camera.contains_screen(x, y)

    def ghost_at(self, sx: float, sy: float) -> Ghost | None:
        """The ghost nearest a tap (ghosts that coincide: the first allowed one)."""
        best, best_d = None, (self.gui.touch * 0.75 if self.gui else 36.0) + 1e-6
        for gh in sorted(self.ghosts, key=lambda g: g.reason is not None):
            px, py = self.camera.world_to_screen(gh.x, gh.y)
            d = math.hypot(px - sx, py - sy)
            if d < best_d - 1e-6:
                best, best_d = gh, d
        return best

    def tap(self, x: float, y: float) -> None:
        gh = self.ghost_at(x, y)
        if gh is None:
            return
        if gh.reason is not None:
            self.scene.toast.show(f"{self.game.action_text(gh.action)}: {gh.reason}")
            return
        self.act(gh.action)

    def scroll(self, x: float, y: float, clicks: float) -> bool:
        if not self.camera.contains_screen(x, y):
            return False
        self.camera.scroll(x, y, clicks)
        return True

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)
