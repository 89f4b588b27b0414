"""A test sail of a grid board from its designer: save the board, then bots race the
board's game on it in the same window; leaving the race comes back to the designer."""
from __future__ import annotations

from typing import Any

from dinghy.ui.shell.flow import TestSail


class GridTestSail(TestSail):
    """A test sail of a grid board: the race is of the board's game, not the first one."""

    __test__ = False

    def __init__(self, app: Any, autosave: Any, rules: str, **kw: Any) -> None:
        super().__init__(app, autosave, **kw)
        self.rules = rules

    def start(self, setup: Any, rules: str | None = None, *, confirmed: bool = False) -> Any:
        return super().start(setup, rules or self.rules, confirmed=confirmed)


def sail_board(designer: Any, boats: int = 3) -> Any:
    """Save the designer's board, then race it with ``boats`` bots (the App's
    ``test_sail`` is the wiring); None with the reason in the status line if it cannot."""
    from dinghy import games
    from dinghy.ui.shell.autosave import Autosave, home

    rules = designer.board.game
    if rules not in games.GAMES:
        designer.say(f"No game called {rules!r} is installed to sail this board.")
        return None
    target = designer.save()
    if target is None or designer.app is None:
        return None
    sail = GridTestSail(designer.app, Autosave(home() / "test-sail"), rules, bot_delay=designer.bot_delay)
    designer.app.test_sail = sail
    return sail(target, boats=boats)
