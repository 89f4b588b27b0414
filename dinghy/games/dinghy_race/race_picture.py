"""Dinghy Race's part in the pictures of a race (:mod:`dinghy.core.picture` draws them for
every game): the chart of its course in the briefing sketch's colours
(:mod:`dinghy.games.dinghy_race.sketch`: the water, land, Weather Eyes, the start and
finish lines and the marks with their rounding labels), the Weather Eye cards the boats
have laid, and each boat's bow and hull.
"""
from __future__ import annotations

from typing import Any

import shapely

from dinghy.core.picture import Chart, Shape
from dinghy.games.dinghy_race import sketch
from dinghy.games.dinghy_race.state import RaceState


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def chart(game: Any) -> Chart:
    course = game.course
    xs = [p[0] for p in course.area]
    ys = [p[1] for p in course.area]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    lw = span / 400
    shapes = [Shape("polygon", tuple(course.area), _rgb(sketch.TABLE), _rgb(sketch.WATER), lw * 2)]
    for land in course.land:
        shapes.append(Shape("polygon", tuple(land.outline), _rgb(sketch.LAND), _rgb(sketch.LAND_EDGE), lw))
    for eye in course.weather_eyes:
        ring = tuple(list(course.weather_eye_shape(eye).exterior.coords)[:-1])
        shapes.append(Shape("polygon", ring, _rgb(sketch.WEATHER_EYE)))
    shapes.append(Shape("line", (course.start.a, course.start.b), stroke=_rgb(sketch.FOAM), width=lw * 1.5))
    if course.finish != course.start:
        shapes.append(Shape("line", (course.finish.a, course.finish.b), stroke=_rgb(sketch.FINISH), width=lw * 1.5))
    labels = sketch.mark_labels(course)
    for m in course.marks:
        shapes.append(Shape("circle", (m.xy,), _rgb(sketch.MARK), _rgb(sketch.INK), lw, radius=max(m.radius, lw * 3)))
        shapes.append(Shape("label", ((m.x, m.y + max(m.radius, lw * 3) * 1.6),), _rgb(sketch.PAPER),
                            text=labels[m.id]))
    return Chart((min(xs), min(ys), max(xs), max(ys)), tuple(shapes), unit=span / 450, title=course.name)


def laid_weather_eyes(game: Any, state: RaceState) -> tuple[Shape, ...]:
    """The Weather Eye cards the boats have laid (the course's own are on its chart),
    where they lie now, in the chart's Weather Eye colour with an ink edge."""
    from dinghy.games.dinghy_race.weather_eye import weather_eye_shape

    lw = game.cards.card_width / 40
    return tuple(Shape("polygon", tuple(list(weather_eye_shape(game, we).exterior.coords)[:-1]),
                       _rgb(sketch.WEATHER_EYE), _rgb(sketch.INK), lw)
                 for we in state.weather_eyes if we.owner is not None)


def boat_points(state: RaceState) -> list[Any]:
    return [b.pose.xy if b.launched else None for b in state.boats]


def boat_outlines(game: Any, state: RaceState) -> list[Any]:
    return [tuple(map(tuple, shapely.get_coordinates(game.hull(b.pose, b.tack)))) if b.launched else None
            for b in state.boats]
