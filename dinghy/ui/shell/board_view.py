"""What the table asks a game's view, with a game-free default for every question.

A view is made as ``View(scene)`` by the table scene (:mod:`dinghy.ui.shell.table`);
:class:`BoardView` lists what the shell asks. The registry that finds a game's view is
:mod:`dinghy.ui.shell.views`; the views themselves (generic, grid, Dinghy Race) build
on this module alone, so the registry can import them without a circle.
"""
from __future__ import annotations

from typing import Any

from dinghy.core.interface import CHANCE
from dinghy.core.setup import PALETTE
from dinghy.ui.hud import SeatChip


def seat_colour(game: Any, seat: int) -> tuple[int, int, int]:
    return PALETTE.get(game.setup.seats[seat].colour, (200, 200, 200))


def skipper_word(seat: Any) -> str:
    """Who sails a seat, in a word for its chip: "" for a person, "easy bot" (a level),
    or "bot"."""
    if not seat.skipper:
        return ""
    return f"{seat.skipper} bot" if seat.skipper in ("easy", "medium", "hard") else "bot"


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class BoardView:
    """What the table asks a game's view; every answer has a game-free default."""

    #: The set-up screen's game options this game reads from the set-up (the rest hide).
    setup_options: tuple[str, ...] = ()
    #: The view's own keyboard shortcuts, for the help overlay.
    shortcuts: list[tuple[str, str]] = []
    #: Whether the seats' skippers roll the dice themselves (else chance rolls for bots).
    bots_roll = False
    #: The share of an upright window the turn panel's sheet takes (the board the rest).
    sheet_share = 0.4

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    # --- words for the shell's other screens (no table needed) ------------------------
    @classmethod
    def board_name(cls, game: Any) -> str:
        """The board or course played, for titles."""
        return f"{game.title or game.rules_name} · {game.setup.course}"

    # --- what the shell reads -------------------------------------------------------
    @property
    def gui(self) -> Any:
        return self.scene.gui

    @property
    def race(self) -> Any:
        return self.scene.race

    @property
    def game(self) -> Any:
        return self.scene.game

    @property
    def human_turn(self) -> bool:
        return self.scene.human_turn

    def act(self, action: Any, refresh: bool = True) -> bool:
        return self.scene.act(action, refresh)

    def acting_seat(self) -> int | None:
        """The seat that decides now; when chance is due, the seat that rolls (None:
        nobody, chance acts by itself)."""
        player = self.race.current_player()
        if player >= 0:
            return player
        if player == CHANCE:
            seat = self.game.chance_seat(self.race.state)
            return self.scene.last_seat if seat is None else seat
        return None

    def status(self) -> tuple[str, str]:
        """The top bar's two lines (e.g. the round and a countdown)."""
        return (self.game.title or self.game.rules_name, "")

    def seat_chips(self) -> list[SeatChip]:
        """The seats bar, in the order the game plays them."""
        places = self.race.places()
        over = self.race.over
        active = None if over else self.acting_seat()
        chips = []
        for i, seat in enumerate(self.game.setup.seats):
            place = places[i] if i < len(places) else None
            status = f"finished {ordinal(place)}" if place else skipper_word(seat)
            chips.append(SeatChip(i, seat.name, seat_colour(self.game, i), status,
                                  i == active, place is not None))
        return chips

    # --- life cycle ------------------------------------------------------------------
    def build(self) -> None:
        """Make the board's widgets (once)."""

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        """Place the board in the area left of the side column, below the top bar."""

    def panel_height(self) -> float:
        """How tall the turn panel wants to be now."""
        return 0.0

    def layout_panel(self, x: float, y: float, w: float, h: float) -> None:
        """Place the turn panel's widgets in this rectangle."""

    def reset_choices(self) -> None:
        """A new decision: forget half-made choices."""

    def refresh(self, new_step: bool) -> None:
        """The state changed: redraw the board and rebuild the turn panel."""

    def after_action(self, events: list[Any], seat_before: int) -> None:
        """An action was played (events: what the engine said)."""

    def after_undo(self) -> None:
        """An undo went back to a human decision."""

    def log_events(self, events: list[Any]) -> list[Any]:
        """The race's events as the log shows them (a game may say them in its own
        words: places by the course rather than coordinates); the engine's by default."""
        return events

    def look_at(self, seat: int) -> None:
        """The seats bar's chip for ``seat`` was tapped."""

    def tick(self, dt: float) -> None:
        """Every frame, while the table runs: for work a view waits on (nothing here)."""

    def on_curtain_lifted(self) -> None:
        """The next player is at the table."""

    def delete(self) -> None:
        """Free what the view drew outside the scene's widgets."""

    # --- input the widgets did not take ------------------------------------------------
    def board_contains(self, x: float, y: float) -> bool:
        """Whether a press here belongs to the board (taps, drags)."""
        return False

    def tap(self, x: float, y: float) -> None:
        pass

    def hover(self, x: float, y: float) -> None:
        pass

    def pan(self, dx: float, dy: float) -> None:
        pass

    def scroll(self, x: float, y: float, clicks: float) -> bool:
        return False

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        return False


__all__ = ["BoardView", "seat_colour", "ordinal"]
