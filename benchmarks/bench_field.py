"""The time-to-go field (``dinghy.skippers.dinghy_race.field``): how long it takes to build per
shipped course, its size, and its optimum from the middle of the start line set against
the same line sailed exactly (``Field.rollout``: no snapping, each hazard at its
expected delay).

    python benchmarks/bench_field.py [--course olympic_triangle ...]

Not a test: prints figures to compare before and after a change.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from dinghy import games
from dinghy.core import io
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers.dinghy_race.field import Field
from dinghy.skippers.dinghy_race.field_store import _FIELDS, _load, _save, field_of


def game_for(course: str):
    setup = RaceSetup(seats=tuple(Seat(n, n, "simple") for n in list(PALETTE)[:2]), course=course, seed=1)
    return games.load_game(setup)


def start_pose(game):
    """The middle of the start line, one card length downwind, close-hauled."""
    (ax, ay), (bx, by) = game.start_line
    ch = field_of(game, disk=False).chart
    x = (ax + bx) / 2 - ch.upx * ch.L
    y = (ay + by) / 2 - ch.upy * ch.L
    return x, y, (game.wind_from + 45) % 360


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--course", action="append")
    args = parser.parse_args()
    for course in args.course or io.shipped("courses"):
        game = game_for(course)
        f = Field(game)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "field.npz"
            _save(f, path)
            t = time.perf_counter()
            _load(game, path)
            disk = time.perf_counter() - t
        _FIELDS.clear()
        field_of(game, disk=False)
        t = time.perf_counter()
        field_of(game)
        cached = time.perf_counter() - t
        x, y, h = start_pose(game)
        opt = float(f.value([x], [y], [h], [0])[0])
        sailed, _ = f.rollout(x, y, h)
        nodes = f.values.size
        print(f"{course:18s} build {f.build_seconds:5.1f} s (from disk {disk:.2f} s, in memory {cached * 1e3:.2f} ms), "
              f"{f.nx}x{f.ny} cells of {f.cell:.1f} mm x 24 headings x {len(f.layers)} layers = "
              f"{nodes:,} nodes; from the start: field {opt:.1f} turns, sailed exactly {sailed:.1f}")


if __name__ == "__main__":
    main()
