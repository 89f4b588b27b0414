"""Board views: what one game shows on the table, found by the game's rules name.

The shell (the table, the replay) knows a race only through the Race facade and the
game interface. Everything that knows a game's steps — the board drawing, the turn
panel, what the seats bar says of each seat — is the game's *view*, registered here
by rules name. A game with no view of its own is looked at once: a grid game (its
``board`` a grid Board, with ``picture`` and ``square_actions``) gets the grid board
view (:mod:`dinghy.ui.grid`), so a new grid game needs no edit here; any other gets
the generic one (:class:`dinghy.ui.shell.generic.GenericView`): the legal actions as
buttons, the log and the places, so every registered game is playable from the day it
registers.

What the shell asks a view, and the defaults, are in :mod:`dinghy.ui.shell.board_view`
(re-exported here for the views that import them from this module).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

#: names this module hands on from the board views, imported when first asked for: the
#: set-up screen asks only :func:`setup_options`, and draws itself without them
_LAZY = {"BoardView": "dinghy.ui.shell.board_view", "ordinal": "dinghy.ui.shell.board_view",
         "seat_colour": "dinghy.ui.shell.board_view", "GenericView": "dinghy.ui.shell.generic"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def is_grid_game(game: Any) -> bool:
    """Whether ``game`` keeps the grid contract: a grid ``board`` and ``picture`` /
    ``square_actions`` methods (see :mod:`dinghy.games.grid.picture`)."""
    if not (callable(getattr(game, "picture", None)) and callable(getattr(game, "square_actions", None))):
        return False
    try:
        from dinghy.games.grid.board import Board
    except ImportError:         # no grid board in this build
        return False
    return isinstance(getattr(game, "board", None), Board)


#: rules name -> the view class, or "module:Class" (imported when first asked for).
_VIEWS: dict[str, Any] = {
    "dinghy_race": "dinghy.ui.dinghy_race.view:DinghyRaceView",
    "regatta_gigamic": "dinghy.ui.regatta_gigamic.view:GigamicView",
}
_REPLAYS: dict[str, Any] = {
    "dinghy_race": "dinghy.ui.dinghy_race.replay_board:ChartReplay",
    "regatta_gigamic": "dinghy.ui.regatta_gigamic.replay_board:GigamicReplay",
}
#: rules name -> the set-up fields its view reads (the view's ``setup_options``), known
#: without importing the view: the set-up screen draws itself without loading a board
#: view (tests/test_ui_first_frame.py checks that both say the same).
_SETUP_OPTIONS: dict[str, tuple[str, ...]] = {
    "dinghy_race": ("wind_force", "card_size", "lady_luck", "weather_eye", "inner_boat_rule"),
}
#: For a game with no view of its own, asked in order: (does this game fit?, view, replay).
_FALLBACKS: list[tuple[Callable[[Any], bool], Any, Any]] = [
    (is_grid_game, "dinghy.ui.grid.view:GridView", "dinghy.ui.grid.replay:GridReplay"),
]
#: rules name (and loader) -> the fallback that fits a game of those rules, or None.
_PROBED: dict[tuple[str, Any], Any] = {}


def register_view(rules: str, view: Any, replay: Any = None) -> None:
    """The board view (and, optionally, the replay board) for game ``rules``."""
    _VIEWS[rules] = view
    if replay is not None:
        _REPLAYS[rules] = replay


def _resolve(spec: Any) -> Any:
    if isinstance(spec, str):
        module, _, name = spec.partition(":")
        return getattr(importlib.import_module(module), name)
    return spec


def _sample_game(rules: str) -> Any | None:
    """A game of ``rules`` on its first shipped board, to see what kind of game it is."""
    from dinghy import games
    from dinghy.core.setup import RaceSetup, Seat

    entry = games.GAMES.get(rules)
    if entry is None:
        return None
    key = (rules, entry.load)
    if key not in _PROBED:
        try:
            boards = entry.boards()
            setup = RaceSetup(seats=(Seat("A", "Orange"), Seat("B", "Sky")),
                              course=boards[0] if boards else "")
            _PROBED[key] = entry.load(setup)
        except Exception:       # a game that will not load here is shown generically
            _PROBED[key] = None
    return _PROBED[key]


def _fallback(game_or_rules: Any) -> tuple[Any, Any] | None:
    game = _sample_game(game_or_rules) if isinstance(game_or_rules, str) else game_or_rules
    if game is None:
        return None
    for fits, view, replay in _FALLBACKS:
        if fits(game):
            return view, replay
    return None


def _rules(game_or_rules: Any) -> str:
    return game_or_rules if isinstance(game_or_rules, str) else game_or_rules.rules_name


def view_class(game_or_rules: Any) -> Any:
    """The view for a game (or a rules name): registered, grid, or the generic one."""
    spec = _VIEWS.get(_rules(game_or_rules))
    if spec is None:
        found = _fallback(game_or_rules)
        return _resolve("dinghy.ui.shell.generic:GenericView" if found is None else found[0])
    return _resolve(spec)


def setup_options(rules: str) -> tuple[str, ...]:
    """The :class:`~dinghy.core.setup.RaceSetup` fields the set-up offers for game ``rules``
    (wind, cards, supplies ...), without importing a board view that is not loaded yet."""
    if rules in _SETUP_OPTIONS:
        return _SETUP_OPTIONS[rules]
    spec = _VIEWS.get(rules)
    if spec is not None and not isinstance(spec, str):
        return tuple(spec.setup_options)
    return tuple(_resolve("dinghy.ui.shell.board_view:BoardView").setup_options)


def replay_board_class(game_or_rules: Any) -> Any | None:
    """The replay board for a game (or rules name): its board drawn at any point, or None."""
    rules = _rules(game_or_rules)
    spec = _REPLAYS.get(rules)
    if spec is None and rules not in _VIEWS:
        found = _fallback(game_or_rules)
        spec = None if found is None else found[1]
    return None if spec is None else _resolve(spec)


__all__ = ["BoardView", "register_view", "view_class", "setup_options", "replay_board_class", "seat_colour",
           "ordinal"]
