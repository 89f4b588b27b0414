"""Undo and redo over immutable courses."""
from __future__ import annotations

from typing import Any, Callable
from dinghy.games.dinghy_race.course import Course


# --- undo / redo ---------------------------------------------------------------------------

class History:
    """Undo and redo over Course values (they are immutable, so a list is enough).

    ``push`` records a new course (and forgets what could be redone); pushing a course
    equal to the current one records nothing.
    """

    def __init__(self, course: Course, limit: int = 500) -> None:
        self._past: list[Course] = []
        self._future: list[Course] = []
        self._current = course
        self.limit = max(1, int(limit))

    @property
    def current(self) -> Course:
        return self._current

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def push(self, course: Course) -> Course:
        if course == self._current:
            return self._current
        self._past.append(self._current)
        if len(self._past) > self.limit:
            del self._past[0]
        self._future.clear()
        self._current = course
        return course

    def apply(self, edit: Callable[..., Course], *args: Any, **kwargs: Any) -> Course:
        """Run an edit on the current course and record it (EditError leaves all as it was)."""
        return self.push(edit(self._current, *args, **kwargs))

    def undo(self) -> Course:
        if self._past:
            self._future.append(self._current)
            self._current = self._past.pop()
        return self._current

    def redo(self) -> Course:
        if self._future:
            self._past.append(self._current)
            self._current = self._future.pop()
        return self._current

    def reset(self, course: Course) -> Course:
        """Start afresh (a new template or another file): nothing to undo."""
        self._past.clear()
        self._future.clear()
        self._current = course
        return course
