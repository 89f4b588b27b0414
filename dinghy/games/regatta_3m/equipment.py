"""The equipment a 3M Regatta is played with, as data a player can correct
(``cards/regatta_3m/equipment.toml``; a board's ``[extras]`` may override ``die``).

The rule text names the die's faces 1, 2, 3 and a red and a green "S"; its sixth face is
lost, so the die is data (default 1, 2, 3, 2, red S, green S). The Wind Indicator's
spaces a leg are the text's table (running 2, broad reaching 3, beam reaching 2,
beating 1, luffing 0). "Each player gets three puff cards." The time limit (rounds) is
not in the text: a race committee's limit so that a race of stuck boats still ends.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from dinghy.core.errors import DataError, key_name

FACES = ("1", "2", "3", "red S", "green S")
#: the Wind Indicator's points of sail, by 45° steps off the wind (0 = head to wind)
POINTS = ("luffing", "beating", "beam reaching", "broad reaching", "running")


@dataclass(frozen=True, slots=True)
class Equipment:
    die: tuple[str, ...] = ("1", "2", "3", "2", "red S", "green S")
    speeds: tuple[int, ...] = (0, 1, 2, 3, 2)     # by POINTS
    puff_cards: int = 3
    yachts: int = 6
    time_limit: int = 200

    def die_outcomes(self) -> list[tuple[str, Fraction]]:
        """Each distinct face with its exact chance (faces in the order of FACES)."""
        n = len(self.die)
        return [(f, Fraction(self.die.count(f), n)) for f in FACES if f in self.die]

    @classmethod
    def from_mapping(cls, data: Any, source: str = "equipment") -> "Equipment":
        if not isinstance(data, Mapping):
            raise DataError(source, "", "must be a table")
        known = {"die", "wind_indicator", "puff_cards", "yachts", "time_limit"}
        for k in data:
            if k not in known:
                raise DataError(source, key_name(k), f"unknown key (known: {', '.join(sorted(known))})")
        out = cls()
        die = out.die
        if "die" in data:
            die = parse_die(data["die"], source, "die")
        speeds = out.speeds
        if "wind_indicator" in data:
            wi = data["wind_indicator"]
            if not isinstance(wi, Mapping):
                raise DataError(source, "wind_indicator", "must be a table of spaces by point of sail")
            names = [p.replace(" ", "_") for p in POINTS]
            for k in wi:
                if k not in names:
                    raise DataError(source, f"wind_indicator.{k}", f"unknown point of sail (known: {', '.join(names)})")
            speeds = tuple(_int(wi.get(n, s), source, f"wind_indicator.{n}", 0, 9)
                           for n, s in zip(names, out.speeds))
            if speeds[0] != 0:
                raise DataError(source, "wind_indicator.luffing", "a boat may not sail in a luffing direction: must be 0")
        return cls(die=die, speeds=speeds,
                   puff_cards=_int(data.get("puff_cards", out.puff_cards), source, "puff_cards", 0, 20),
                   yachts=_int(data.get("yachts", out.yachts), source, "yachts", 1, 7),
                   time_limit=_int(data.get("time_limit", out.time_limit), source, "time_limit", 10, 10_000))


def parse_die(v: Any, source: str, field: str) -> tuple[str, ...]:
    """A list of six faces: 1, 2, 3 (numbers or text), "red S", "green S"."""
    if not isinstance(v, (list, tuple)) or not 1 <= len(v) <= 20:
        raise DataError(source, field, "must be a list of faces, e.g. [1, 2, 3, 2, \"red S\", \"green S\"]")
    faces = []
    for i, f in enumerate(v):
        face = str(f) if isinstance(f, int) and not isinstance(f, bool) else f
        if face not in FACES:
            raise DataError(source, f"{field}[{i}]", f"must be 1, 2, 3, \"red S\" or \"green S\", not {f!r}")
        faces.append(face)
    if "3" not in faces:
        raise DataError(source, field, "needs a 3: \"the first player to roll a 3 is first\"")
    return tuple(faces)


def _int(v: Any, source: str, field: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise DataError(source, field, f"must be a whole number {lo} to {hi}, not {v!r}")
    return v
