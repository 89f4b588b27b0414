"""What every square does in one position: the engine's ``square_actions`` asked once a
cell, nearest the acting boat first, within a time budget (no pyglet).

A grid engine may answer a cell in microseconds or in tens of milliseconds; a board has
hundreds of cells. So the view asks them in rings round the boat (where the choices
usually are) until ``budget`` seconds have gone, and asks any other cell when it is
tapped or hovered. A game that can list them all at once may offer
``game.square_map(state) -> {(x, y): [SquareAction]}``: then that is used instead.
"""
from __future__ import annotations

import time
from typing import Any

from dinghy.games.grid.picture import card_played

#: Seconds a scan may take before the rest of the board is asked cell by cell.
SCAN_BUDGET = 0.25

Cell = tuple[int, int]


class SquareScan:
    """``SquareScan(game, state, origin)``: ``at(cell)`` the cell's actions (asked once),
    ``targets`` the cells with a legal action found so far, ``complete`` whether every
    cell has been asked."""

    def __init__(self, game: Any, state: Any, origin: Cell | None = None, *,
                 budget: float = SCAN_BUDGET, clock: Any = time.perf_counter) -> None:
        self.game, self.state = game, state
        self.cells: dict[Cell, list[Any]] = {}
        self.targets: list[Cell] = []
        board = game.board
        ox, oy = origin if origin is not None else (board.width // 2, board.height // 2)
        order = sorted(((x, y) for x in range(board.width) for y in range(board.height)),
                       key=lambda c: (max(abs(c[0] - ox), abs(c[1] - oy)), c[1], c[0]))
        whole = getattr(game, "square_map", None)
        if callable(whole):
            listed = {tuple(cell): acts for cell, acts in whole(state).items()}
            for cell in order:                   # nearest the boat first, as a scan asks
                self._keep(cell, list(listed.get(cell, ())))
            self.complete = True
            return
        end = clock() + budget
        for i, cell in enumerate(order):
            self.at(cell)
            if clock() > end and i + 1 < len(order):
                self.complete = False
                return
        self.complete = True

    def _keep(self, cell: Cell, acts: list[Any]) -> list[Any]:
        self.cells[cell] = acts
        if any(a.legal for a in acts) and cell not in self.targets:
            self.targets.append(cell)
        return acts

    def at(self, cell: Cell) -> list[Any]:
        """What tapping ``cell`` does (asked of the engine the first time)."""
        if cell in self.cells:
            return self.cells[cell]
        return self._keep(cell, list(self.game.square_actions(self.state, *cell)))

    def legal_actions(self) -> list[Any]:
        """The actions found on the squares asked so far."""
        return [a.action for acts in self.cells.values() for a in acts if a.legal]

    def card_targets(self, seat: int | None) -> dict[Cell, str]:
        """The targets found so far that a tap reaches only by playing a card (a 3M puff
        card), each with the card's name: the engine's ``turned_card`` of every legal
        action there (:func:`~dinghy.games.grid.picture.card_played`)."""
        out = {}
        for cell in self.targets:
            card = card_played(self.game, [a.action for a in self.cells[cell] if a.legal], seat)
            if card is not None:
                out[cell] = card.name
        return out
