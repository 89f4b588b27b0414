"""Positions for Race the Wind tests, built by hand on a small copy of the web board."""
from __future__ import annotations

from dataclasses import replace

from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.grid.board import Board
from dinghy.games.race_the_wind import flow
from dinghy.games.race_the_wind.game import RaceTheWind
from dinghy.games.race_the_wind.state import Boat, Phase

NAMES = list(PALETTE)


def board_data(**extras) -> dict:
    ex = {"start_cells": [[5, 1], [7, 1], [9, 1], [6, 0]], "puffs": [], "lulls": []}
    ex.update(extras)
    return {"name": "test", "game": "race_the_wind", "width": 15, "height": 14, "wind_from": "north",
            "marks": [{"name": "pin", "x": 5, "y": 3, "side": "port", "order": 0},
                      {"name": "committee", "x": 9, "y": 3, "side": "starboard", "order": 0},
                      {"name": "top", "x": 7, "y": 10, "side": "port", "order": 1}],
            "start": {"a": [5, 3], "b": [9, 3]}, "finish": {"a": [5, 3], "b": [9, 3]}, "extras": ex}


def make_game(seats: int = 2, **opts) -> RaceTheWind:
    board = Board.from_mapping(board_data(), "test.toml")
    setup = RaceSetup(seats=tuple(Seat(n, n) for n in NAMES[:seats]), course="test",
                      extra=tuple(opts.items()))
    return RaceTheWind(setup, board)


def position(g: RaceTheWind, boats: list[dict], *, wind: int = 0, turn: int = 10, puffs=(), lulls=(),
             queue: tuple[int, ...] | None = None):
    """A state at the start of the first queued boat's turn. Each boat: x, y, heading and
    any Boat field; boats are started unless told otherwise."""
    s0 = g.initial_state()
    bs = []
    for i, d in enumerate(boats):
        d = dict(d)
        d.setdefault("started", True)
        bs.append(Boat(i, d.pop("x"), d.pop("y"), d.pop("heading"), **d))
    s = replace(s0, phase=Phase.PLAY, turn=turn, wind=wind, puffs=frozenset(puffs), lulls=frozenset(lulls),
                boats=tuple(bs), queue=queue if queue is not None else tuple(range(len(bs))),
                waited=frozenset(), progress=None, began=tuple(b.pos for b in bs))
    return flow.start_boat(g, g.position(s), [])


def texts(events) -> str:
    return " | ".join(e.text for e in events)
