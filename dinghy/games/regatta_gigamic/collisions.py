"""What a moving boat must not touch, and the forbidden zones in front of the bows.

Rule text: "Il est interdit de toucher le bateau adverse, une bouée ou un obstacle
pendant ou à la fin de son mouvement." (Never touch an opponent's boat, a buoy or an
obstacle during or at the end of the move.) "la zone interdite correspond à la surface
d'une carte posée dans l'axe de tout bateau" (the forbidden zone is the surface of a
card laid in line in front of every boat). Touching counts (shapely ``intersects``);
the table's edge is a limit too (the water is the table).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from dinghy.games.regatta_gigamic.state import State


@dataclass(frozen=True)
class Surroundings:
    """Everything a boat must keep clear of, seen from seat ``seat``."""

    seat: int
    names: tuple[str, ...]
    shapes: np.ndarray          # boats' hulls, buoys, obstacles
    zone_owners: tuple[int, ...]
    zones: np.ndarray
    area: object                # the table (prepared)

    def touch(self, geoms: np.ndarray) -> str | None:
        """What the first of ``geoms`` (in path order) touches, in words; None if clear."""
        return next((t for t in self.touches(geoms) if t is not None), None)

    def touches(self, geoms: np.ndarray) -> list[str | None]:
        """What each of ``geoms`` touches, in words (None: it is clear)."""
        if len(geoms) == 0:
            return []
        if len(self.shapes):
            hits = shapely.intersects(geoms[:, None], self.shapes[None, :])
        else:
            hits = np.zeros((len(geoms), 0), dtype=bool)
        inside = shapely.covers(self.area, geoms)
        out: list[str | None] = []
        for i in range(len(geoms)):
            if hits[i].any():
                out.append(f"touches {self.names[int(np.argmax(hits[i]))]}")
            elif not inside[i]:
                out.append("leaves the table")
            else:
                out.append(None)
        return out

    def zones_of(self, hull) -> tuple[int, ...]:
        """The seats whose forbidden zone ``hull`` lies in (overlaps)."""
        if not len(self.zones):
            return ()
        hit = shapely.intersects(self.zones, hull)
        return tuple(o for o, h in zip(self.zone_owners, hit) if h)

    def in_any_zone(self, hulls: np.ndarray) -> np.ndarray:
        if not len(self.zones):
            return np.zeros(len(hulls), dtype=bool)
        return shapely.intersects(hulls[:, None], self.zones[None, :]).any(axis=1)


class Fixed:
    """The still parts of a course, built once per game: buoys, obstacles, the table."""

    def __init__(self, course) -> None:
        self.names = tuple([f"the {b.colour} buoy {b.id}" for b in course.buoys]
                           + [o.name for o in course.obstacles])
        geoms = [shapely.Point(b.x, b.y).buffer(b.radius, quad_segs=8) for b in course.buoys]
        geoms += [shapely.Polygon(o.outline) for o in course.obstacles]
        self.shapes = np.array(geoms, dtype=object)
        shapely.prepare(self.shapes)
        self.area = shapely.Polygon(course.area)
        shapely.prepare(self.area)


def surroundings(game, state: State, seat: int) -> Surroundings:
    others = [i for i, b in enumerate(state.boats) if i != seat and b.racing]
    spots = [state.boats[i].spot for i in others]
    hulls = game.shapes.hulls(spots) if spots else np.empty(0, dtype=object)
    zones = game.shapes.zones(spots) if spots else np.empty(0, dtype=object)
    names = tuple(f"{game.name(i)}'s boat" for i in others) + game.fixed.names
    shapes = np.concatenate([hulls, game.fixed.shapes]) if len(hulls) else game.fixed.shapes
    return Surroundings(seat, names, shapes, tuple(others), zones, game.fixed.area)


def air_over(game, sur: Surroundings, card) -> list[str]:
    """What a card laid on the table would lie over ("il la maintient en l'air")."""
    if not len(sur.shapes):
        return []
    hit = shapely.intersects(sur.shapes, card)
    return [n for n, h in zip(sur.names, hit) if h]
