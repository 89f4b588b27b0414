"""What every grid game derives from where a boat stands when a position is built by hand."""
from __future__ import annotations

from dinghy.core.position import require


def last_side(line, p, given: int, field: str) -> int:
    """The side of ``line`` a boat at ``p`` last stood strictly on: the side it stands on
    now, or (standing on the line itself) ``given``, which only its track could tell."""
    side = line.side(p)
    if side:
        return side
    require(given in (-1, 0, 1), f"{field} is {given!r}, not -1, 0 or +1")
    return given


def free_and_alone(board, spots: dict, p, who: str, blocked) -> None:
    """``p`` is open water on ``board`` (``blocked(p)``: what else fills it, or None) and no
    boat listed in ``spots`` (point -> who) stands there; records ``who`` at ``p``."""
    require(board.in_bounds(*p), f"{who} at {list(p)} is off the board")
    what = blocked(p)
    require(what is None, f"{who} at {list(p)} stands on {what}")
    require(p not in spots, f"{who} and {spots.get(p)} both stand on {list(p)}")
    spots[p] = who
