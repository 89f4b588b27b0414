"""The race table's part in movement you can see: the view animates an action (its
``animate`` and ``motion``), the table holds the log back until the end, lets a tap or a
key skip, and plays the sounds the action's events call for."""
from __future__ import annotations

from typing import Any

from dinghy.core.setup import PALETTE


class MotionMixin:
    """Mixed into :class:`~dinghy.ui.shell.table.TableScene`."""

    race: Any
    game: Any
    view: Any
    log: Any
    sound: Any
    animate: bool
    log_hold: int | None

    @property
    def animating(self) -> bool:
        motion = getattr(self.view, "motion", None)
        return motion is not None and motion.active

    def _show_motion(self, before: Any, action: Any, events: list[Any]) -> None:
        """Let the view animate the action; the log waits for the end of it."""
        if self.sound is not None:
            self.sound.after(events)
        animate = getattr(self.view, "animate", None)
        if not self.animate or animate is None:
            return
        held = len(self.race.events) - len(events)
        if animate(before, action, events):
            self.log_hold = held if self.log_hold is None else min(self.log_hold, held)

    def motion_done(self) -> None:
        """The animation ended (or was skipped): the log catches up."""
        if self.log_hold is None:
            return
        self.log_hold = None
        colours = {i: PALETTE.get(s.colour, (200, 200, 200)) for i, s in enumerate(self.game.setup.seats)}
        self.log.set_events(self.race.events, colours)

    def skip_motion(self) -> bool:
        motion = getattr(self.view, "motion", None)
        if motion is None or not motion.active:
            return False
        motion.finish()
        return True
