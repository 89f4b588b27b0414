"""Wind, puffs, lulls and wind shadows.

- Puffs and lulls: "At the beginning of the game they are randomly distributed along the
  field" (about 10% of the squares each on the web board). A board may instead fix them
  (``puffs`` and ``lulls`` lists in its ``[extras]``). Random boards are laid by chance:
  one of ``LAYOUTS`` equally likely layouts, each drawn square by square with the board's
  ``puff_share`` and ``lull_share`` (default 0.1 each), never on land, a mark or a
  boat's starting square.
- The end-of-turn die: "if the result is 1 all puffs and lulls move one space in the wind
  direction. If the result is 2, wind is rotated 45 degrees left or right (decided with a
  coinflip)". A puff or lull blown off the downwind edge comes back in at the upwind
  edge (the web board keeps its share of puffs and lulls; we wrap round the board).
  The coin: "left" turns the wind anticlockwise (a wind from the north then comes from
  the north-west), "right" clockwise.
- Wind shadow: "located one square away in the wind direction" from each boat.
"""
from __future__ import annotations

import random

from dinghy.games.grid import compass
from dinghy.games.grid.board import Board

Point = tuple[int, int]
LAYOUTS = 64


def layout(board: Board, k: int, keep_clear: frozenset[Point]) -> tuple[frozenset[Point], frozenset[Point]]:
    """Layout number ``k`` of a board with random puffs and lulls."""
    rng = random.Random(f"race_the_wind:{board.name}:{board.width}x{board.height}:{k}")
    ps = float(board.extras.get("puff_share", 0.1))
    ls = float(board.extras.get("lull_share", 0.1))
    puffs, lulls = set(), set()
    for y in range(board.height):
        for x in range(board.width):
            r = rng.random()
            if not board.is_free(x, y) or (x, y) in keep_clear:
                continue
            if r < ps:
                puffs.add((x, y))
            elif r < ps + ls:
                lulls.add((x, y))
    return frozenset(puffs), frozenset(lulls)


def downwind(wind: int) -> int:
    return (wind + 4) % 8


def drift(squares: frozenset[Point], wind: int, board: Board) -> frozenset[Point]:
    """Every square one step downwind, wrapping round the board's edges."""
    dx, dy = compass.DIRS[downwind(wind)]
    return frozenset(((x + dx) % board.width, (y + dy) % board.height) for x, y in squares)


def shadow_square(p: Point, wind: int) -> Point:
    """The square of a boat's wind shadow: one square downwind of it."""
    return compass.step(p[0], p[1], downwind(wind))


def shifted(wind: int, coin: int) -> int:
    return compass.turn(wind, coin)
