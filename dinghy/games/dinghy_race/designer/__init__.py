"""The course designer's headless half: templates, edits, undo, and the TOML writer.

One module a topic: ``templates``, ``edits``, ``history`` (undo/redo), ``course_file``
(the TOML writer, saving and loading) and ``common`` (constants, :class:`EditError`);
the package offers every public name of them.

Every function takes a :class:`~dinghy.games.dinghy_race.course.Course` (an immutable value) and returns a
new one, so a script can build a course without a window and the designer window is a
thin layer of taps over these functions::

    >>> from dinghy.games.dinghy_race import designer
    >>> c = designer.olympic_triangle(wind_from=45, upwind_cards=12, fleet=4)
    >>> c = designer.move_mark(c, "2", (300, 900))
    >>> c = designer.set_rounding_side(c, 1, "starboard")
    >>> text = designer.to_toml(c)          # designer.save(c, "my_course.toml") writes it

An edit that would break the course (a leg of no length, an island that crosses itself,
the last mark deleted) raises :class:`EditError` with a message a race officer
understands; the course passed in is untouched. Validation (an unfair but well-formed
course) is :func:`dinghy.games.dinghy_race.course_checks.validate`'s job and never blocks an edit.

Conventions are :mod:`dinghy.core.geometry`'s: millimetres, x east, y north, compass degrees,
``wind_from`` the direction the wind comes FROM.
"""
from __future__ import annotations

from dinghy.games.dinghy_race.designer.common import (
    ROTATE_DECIMALS,
    TEMPLATE_MARGIN_CARDS,
    PRESTART_CARDS,
    LINE_SPARE_CARDS,
    GATE_WIDTH_CARDS,
    MAX_FLEET,
    EditError,
    card_length,
    line_length_for,
    next_mark_id,
)
from dinghy.games.dinghy_race.designer.templates import (
    olympic_triangle,
    trapeze,
    up_and_down,
    blank,
    template,
    TEMPLATES,
    TEMPLATE_TITLES,
    TEMPLATE_PARAMS,
)
from dinghy.games.dinghy_race.designer.edits import (
    move_mark,
    add_mark,
    delete_mark,
    rename_mark,
    set_rounding_side,
    toggle_rounding_side,
    insert_rounding,
    append_rounding,
    remove_rounding,
    move_rounding,
    set_rounding,
    make_gate,
    finish_is_start,
    set_line,
    set_line_end,
    link_finish_to_start,
    square_line,
    add_land,
    move_land_vertex,
    insert_land_vertex,
    delete_land_vertex,
    move_land,
    rename_land,
    delete_land,
    set_area,
    fit_area,
    add_weather_eye,
    move_weather_eye,
    turn_weather_eye,
    delete_weather_eye,
    area_centre,
    rotate_course,
    translate,
    rename,
    set_description,
    set_laps,
    set_wind_force,
    set_card_size,
)
from dinghy.games.dinghy_race.designer.history import (
    History,
)
from dinghy.games.dinghy_race.designer.course_file import (
    toml_string,
    toml_key,
    toml_value,
    course_line,
    to_toml,
    save,
    load,
    open_for_design,
    slug,
    courses_home,
)

__all__ = [
    "ROTATE_DECIMALS",
    "TEMPLATE_MARGIN_CARDS",
    "PRESTART_CARDS",
    "LINE_SPARE_CARDS",
    "GATE_WIDTH_CARDS",
    "MAX_FLEET",
    "EditError",
    "card_length",
    "line_length_for",
    "next_mark_id",
    "olympic_triangle",
    "trapeze",
    "up_and_down",
    "blank",
    "template",
    "TEMPLATES",
    "TEMPLATE_TITLES",
    "TEMPLATE_PARAMS",
    "move_mark",
    "add_mark",
    "delete_mark",
    "rename_mark",
    "set_rounding_side",
    "toggle_rounding_side",
    "insert_rounding",
    "append_rounding",
    "remove_rounding",
    "move_rounding",
    "set_rounding",
    "make_gate",
    "finish_is_start",
    "set_line",
    "set_line_end",
    "link_finish_to_start",
    "square_line",
    "add_land",
    "move_land_vertex",
    "insert_land_vertex",
    "delete_land_vertex",
    "move_land",
    "rename_land",
    "delete_land",
    "set_area",
    "fit_area",
    "add_weather_eye",
    "move_weather_eye",
    "turn_weather_eye",
    "delete_weather_eye",
    "area_centre",
    "rotate_course",
    "translate",
    "rename",
    "set_description",
    "set_laps",
    "set_wind_force",
    "set_card_size",
    "History",
    "toml_string",
    "toml_key",
    "toml_value",
    "course_line",
    "to_toml",
    "save",
    "load",
    "open_for_design",
    "slug",
    "courses_home",
]
