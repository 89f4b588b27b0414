"""Dinghy Race's data files: card sets, hazard tables and courses, read and validated.

Each loader takes a shipped file's name (``"strong"``, ``"olympic_triangle"``) or a path
to a ``.toml`` file, reads it through :mod:`dinghy.core.io` and hands the mapping to the
model's own ``from_mapping`` (a course: ``course_reading.read_course``), which names the
file and field of anything wrong.
"""
from __future__ import annotations

import os

from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.core.setup import RaceSetup
from dinghy.games.dinghy_race.cards import CardSet
from dinghy.games.dinghy_race.course import Course
from dinghy.games.dinghy_race.options import OPTIONS
from dinghy.games.dinghy_race.course_reading import read_course
from dinghy.games.dinghy_race.game import DinghyRace
from dinghy.games.dinghy_race.hazards import HazardTable


def load_hazard_table(name_or_path: str | os.PathLike[str]) -> HazardTable:
    """A hazard table (``light``, ``medium``, ``strong`` or a path)."""
    p = io.resolve("hazard_tables", name_or_path)
    return HazardTable.from_mapping(io.read_toml(p), source=str(p))


def load_course(name_or_path: str | os.PathLike[str]) -> Course:
    """A course (a shipped course's file stem, or a path)."""
    p = io.resolve("courses", name_or_path)
    return read_course(io.read_toml(p), source=str(p))


def load_playable_course(name_or_path: str | os.PathLike[str]) -> Course:
    """A course to race on: read as :func:`load_course`, then held to every error of
    ``dinghy course check`` that does not depend on the fleet (a mark or a line off the
    water or on land, a mark cut off from the start, a Weather Eye marker misplaced);
    the first is a DataError naming the file and field. Every door that races a course
    (``dinghy race``, ``dinghy simulate``, a record replayed, the table) comes here."""
    course = load_course(name_or_path)
    check_playable(course, str(io.resolve("courses", name_or_path)))
    return course


def check_playable(course: Course, source: str) -> None:
    from dinghy.games.dinghy_race.course_checks import validate
    error = next((f for f in validate(course) if f.level == "error"), None)
    if error is not None:
        raise DataError(source, error.field, error.message)


def load_cards(size_or_path: str | os.PathLike[str]) -> CardSet:
    """A manoeuvre card set (``small``, ``standard`` or a path)."""
    p = io.resolve("cards", size_or_path)
    return CardSet.from_mapping(io.read_toml(p), source=str(p))


def load_game(setup: RaceSetup) -> DinghyRace:
    """Everything a race is played with, read from the files its set-up names."""
    for key, value in setup.extra:
        option = OPTIONS.get(key)
        allowed = [v for v, _ in option.choices] if option is not None else None
        if allowed is not None and value not in allowed:
            raise DataError("setup", f"extra.{key}", f"must be one of {', '.join(allowed)}, not {value!r}")
    course = load_playable_course(setup.course)
    size = setup.card_size or course.card_size
    force = setup.wind_force or course.wind_force
    return DinghyRace(setup=setup, course=course, cards=load_cards(size),
                      hazards=load_hazard_table(force))
