"""The water of a Gigamic regatta, drawn in world millimetres under a camera: the table,
rocks, the line and the buoys (once), then the boats with the forbidden zone before
each bow, their tracks, and ghosts. All shapes are the engine's own (the hull and zone
outlines of :class:`~dinghy.games.regatta_gigamic.spot.Shapes`)."""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from dinghy.ui.app import configure as _configure

_configure()

from pyglet.graphics import Group  # noqa: E402

from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.ui import camera as camera_module  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.mesh import Mesh  # noqa: E402
from dinghy.ui.shell.tracks import Tracks  # noqa: E402

from dinghy.games.regatta_gigamic.ask import BUOYS, ROCK, TABLE_EDGE, WATER  # noqa: E402,F401
ZONE = (255, 255, 255, 34)
REFUSED = (150, 156, 164, 120)
SUN = (255, 210, 40, 255)


def colour_of(game: Any, seat: int) -> tuple[int, int, int]:
    return PALETTE.get(game.setup.seats[seat].colour, (200, 200, 200))


def coords(poly: Any) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]]


class Board:
    """``Board(batch, window, game, camera)``; ``show(state)`` after every change."""

    def __init__(self, batch: Any, window: Any, game: Any, camera: Any) -> None:
        self.game = game
        self.root = camera_module.CameraGroup(camera, window, order=-5, clip=True)   # never beside its viewport
        self.course_mesh = Mesh(batch, Group(order=0, parent=self.root))
        self.state_mesh = Mesh(batch, Group(order=1, parent=self.root))
        self.ghost_mesh = Mesh(batch, Group(order=2, parent=self.root))
        xs = [p[0] for p in game.course.area]
        ys = [p[1] for p in game.course.area]
        self.bounds = (min(xs), min(ys), max(xs), max(ys))
        self.edge = max(2.0, (self.bounds[2] - self.bounds[0]) / 400)
        self._build_course()

    def _build_course(self) -> None:
        m, course, edge = self.course_mesh, self.game.course, self.edge
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

    def show(self, state: Any, tracks: dict[int, Sequence[tuple[float, float]]] | None = None) -> None:
        m, game = self.state_mesh, self.game
        shapes = game.shapes
        for seat, pts in (tracks or {}).items():
            if len(pts) > 1:
                m.line(pts, self.edge * 0.5, (*colour_of(game, seat), 150))
        placed = [(i, b) for i, b in enumerate(state.boats) if b.spot is not None]
        for i, b in placed:
            if b.racing:
                m.polygon(coords(shapes.zones([b.spot])[0]), ZONE)
        for i, b in placed:
            colour = colour_of(game, i)
            hull = coords(shapes.hull_at(b.spot))
            m.polygon(hull, theme.rgba(colour if b.racing else tuple(c // 2 for c in colour)))
            m.line(hull, 1.2, (20, 20, 20, 255), closed=True)
            if b.sun:
                m.circle(b.spot.x, b.spot.y, 9, SUN)
        m.build()

    def show_ghosts(self, ghosts: Iterable[tuple[Any, tuple[int, int, int, int]]]) -> None:
        """Ghost hulls: (spot, rgba fill) each."""
        m = self.ghost_mesh
        for spot, fill in ghosts:
            hull = coords(self.game.shapes.hull_at(spot))
            m.polygon(hull, fill)
            m.line(hull, 1.0, (255, 255, 255, 200), closed=True)
        m.build()

    def delete(self) -> None:
        for mesh in (self.course_mesh, self.state_mesh, self.ghost_mesh):
            mesh.delete()


class BoatTracks(Tracks[tuple[float, float]]):
    """Each boat's bow after every action of a playback, up to any point."""

    def __init__(self, states: list[Any]) -> None:
        super().__init__([(i, (b.spot.x, b.spot.y)) for i, b in enumerate(s.boats) if b.spot is not None]
                         for s in states)
