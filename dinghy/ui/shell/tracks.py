"""Each boat's track through a replay, whatever the game: where the boat stood after
every action that moved it, and from which state on, so the replay board draws the
track up to any point of the scrubber without walking the record again."""
from __future__ import annotations

import bisect
from typing import Generic, Iterable, TypeVar

P = TypeVar("P")


class Tracks(Generic[P]):
    """``positions``: for each state of the playback, the (seat, point) of every boat on
    the water (a boat ashore or not yet placed is simply left out)."""

    def __init__(self, positions: Iterable[Iterable[tuple[int, P]]]) -> None:
        self._moves: dict[int, list[int]] = {}
        self._points: dict[int, list[P]] = {}
        for i, boats in enumerate(positions):
            for seat, point in boats:
                pts = self._points.setdefault(seat, [])
                if not pts or pts[-1] != point:
                    pts.append(point)
                    self._moves.setdefault(seat, []).append(i)

    def tracks(self, upto: int) -> dict[int, list[P]]:
        """Each boat's points from its first to state ``upto``."""
        out = {}
        for seat, moves in self._moves.items():
            n = bisect.bisect_right(moves, upto)
            if n:
                out[seat] = self._points[seat][:n]
        return out
