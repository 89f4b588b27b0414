"""Regatta (Gigamic)'s part in the pictures of a race (:mod:`dinghy.core.picture`): the
table (water, rocks, the line between its two buoys, the buoys in their colours) and
each boat's bow and hull, in the engine's own millimetres and shapes. The window's
board (:mod:`dinghy.ui.regatta_gigamic.board`) uses the same colours."""
from __future__ import annotations

from typing import Any

from dinghy.core.picture import Chart, Shape

WATER = (30, 86, 128)
TABLE_EDGE = (200, 220, 235)
ROCK = (150, 132, 100)
BUOYS = {"white": (245, 245, 245), "red": (220, 50, 40), "green": (40, 170, 70), "yellow": (240, 220, 60),
         "orange": (240, 140, 30), "black": (30, 30, 30), "blue": (40, 90, 220)}


def buoy_colour(name: str) -> tuple[int, int, int]:
    return BUOYS.get(name, (255, 255, 255))


def chart(game: Any) -> Chart:
    course = game.course
    xs = [p[0] for p in course.area]
    ys = [p[1] for p in course.area]
    edge = max(2.0, (max(xs) - min(xs)) / 400)
    shapes = [Shape("polygon", tuple(course.area), WATER, TABLE_EDGE, edge)]
    shapes += [Shape("polygon", tuple(o.outline), ROCK) for o in course.obstacles]
    shapes.append(Shape("line", tuple(course.line_ends), stroke=(255, 255, 255), width=edge * 0.6))
    shapes += [Shape("circle", ((b.x, b.y),), buoy_colour(b.colour), (20, 20, 20), edge * 0.6, radius=b.radius)
               for b in course.buoys]
    return Chart((min(xs), min(ys), max(xs), max(ys)), tuple(shapes), unit=edge * 1.2, title=course.name)


def boat_points(state: Any) -> list[Any]:
    return [(b.spot.x, b.spot.y) if b.spot is not None else None for b in state.boats]


def boat_outlines(game: Any, state: Any) -> list[Any]:
    return [tuple((float(x), float(y)) for x, y in list(game.shapes.hull_at(b.spot).exterior.coords)[:-1])
            if b.spot is not None else None for b in state.boats]
