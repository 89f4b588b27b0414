"""Series scoring for a regatta of several races.

The rule text ("Winning the Race") leaves the system to the host and names four:
10-9-8-7-6-5 ("10 points to the winner and one point less for each following place,
down to 5 points for 6th place"), the 3M Regatta's 1000-900-800, and the Racing Rules of
Sailing's low point (1-2-3...) and bonus point (0-3-5.7-8-10-11.7) systems. Conventions
the text leaves open, and the choice made here:

* 10-9-8 goes on one point less a place past 6th but never below 1 point, so that a
  finisher always scores more than nothing; "3m" is the same scale times 100.
* Bonus point past 6th place is place + 6 (the RRS appendix convention).
* A boat that did not finish (``None``) scores as the place after the last boat of the
  fleet (fleet size + 1), so it is beaten by every finisher.
* ``discard_worst``: "each boat can usually ignore its worst race result in a series";
  each boat drops its single worst race, but only once at least 2 races were sailed (a
  series of one race has nothing to drop). When several races are equally bad, the
  earliest is marked discarded; the total is the same either way.
* Boats that tie in a race (the 3M Regatta: "Players finishing in the same round and the
  same number of legs tie") share the place and its points, and the next boat's place
  counts them (1, 1, 3): ``series_table(..., ties=True)`` accepts such races.
* Ties: "Ties are broken by listing the scores race by race; the first un-tied race
  result wins the overall tie." Race 1 is compared first, then race 2, and so on, the
  discarded race included (the text lists all the scores). Boats whose every race score
  is equal share a rank.

Points are exact fractions inside, floats outside: in floats 3 + 5.7 + 5.7 is not
5.7 + 5.7 + 3, and two boats with the same scores must tie.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

#: name -> description, for the set-up window and the CLI.
SCORING_SYSTEMS: dict[str, str] = {
    "3m": "3M Regatta: 1000 to the winner, 100 less a place (at least 100); highest total wins",
    "10-9-8": "10 to the winner, one less a place (5 for 6th, at least 1); highest total wins",
    "low_point": "Low point (RRS): 1 for 1st, 2 for 2nd, ...; lowest total wins",
    "bonus_point": "Bonus point (RRS): 0, 3, 5.7, 8, 10, 11.7, then place + 6; lowest total wins",
}

_HIGH_POINT = frozenset({"3m", "10-9-8"})
_BONUS = tuple(Fraction(x) for x in ("0", "3", "5.7", "8", "10", "11.7"))


@dataclass(frozen=True)
class SeriesRow:
    """One boat's line in the series table; ``discarded`` is a race index or None."""

    boat: int
    race_points: tuple[float, ...]
    discarded: int | None
    total: float
    rank: int


def higher_wins(system: str) -> bool:
    """True for the systems where the highest total wins (3m, 10-9-8)."""
    _check_system(system)
    return system in _HIGH_POINT


def points(system: str, place: int, fleet_size: int) -> float:
    """Points for one race; ``place`` may be ``fleet_size + 1``, the score of a DNF."""
    return float(_points(system, place, fleet_size))


def series_table(results: Sequence[Sequence[int | None]], system: str,
                 discard_worst: bool = False, ties: bool = False) -> list[SeriesRow]:
    """The series standings, best first.

    ``results[r][b]`` is the place of boat ``b`` in race ``r`` (1 = winner, None = did
    not finish). Every race must list the same boats; finishers' places in a race must
    be different and lie within 1..fleet size (boats finish one by one in this game),
    unless ``ties``: then boats that tie share a place (1, 1, 3).
    """
    _check_system(system)
    races = _check_results(results, ties)
    if not races or not races[0]:
        return []
    fleet = len(races[0])
    high = system in _HIGH_POINT
    lines = []
    for boat in range(fleet):
        scores = [_points(system, fleet + 1 if race[boat] is None else race[boat], fleet)
                  for race in races]
        discarded = None
        if discard_worst and len(scores) >= 2:
            worst = min(scores) if high else max(scores)
            discarded = scores.index(worst)
        total = sum(s for i, s in enumerate(scores) if i != discarded)
        lines.append((boat, scores, discarded, total))

    def key(line: tuple) -> tuple:
        _, scores, _, total = line
        sign = -1 if high else 1  # sort ascending: negate where higher is better
        return (sign * total, *(sign * s for s in scores))

    lines.sort(key=lambda line: (key(line), line[0]))
    rows: list[SeriesRow] = []
    for i, line in enumerate(lines):
        rank = rows[-1].rank if i and key(line) == key(lines[i - 1]) else i + 1
        boat, scores, discarded, total = line
        rows.append(SeriesRow(boat, tuple(float(s) for s in scores), discarded, float(total), rank))
    return rows


def _points(system: str, place: int, fleet_size: int) -> Fraction:
    _check_system(system)
    if not _is_int(fleet_size) or fleet_size < 1:
        raise ValueError(f"fleet size must be a whole number, 1 or more, got {fleet_size!r}")
    if not _is_int(place) or not 1 <= place <= fleet_size + 1:
        raise ValueError(f"place must be 1..{fleet_size + 1} (fleet of {fleet_size}, "
                         f"{fleet_size + 1} = did not finish), got {place!r}")
    if system == "low_point":
        return Fraction(place)
    if system == "bonus_point":
        return _BONUS[place - 1] if place <= len(_BONUS) else Fraction(place + 6)
    ten = max(11 - place, 1)
    return Fraction(ten * 100 if system == "3m" else ten)


def _check_system(system: str) -> None:
    if system not in SCORING_SYSTEMS:
        raise ValueError(f"unknown scoring system {system!r}; known: {', '.join(SCORING_SYSTEMS)}")


def _check_results(results: Sequence[Sequence[int | None]], ties: bool = False) -> list[Sequence[int | None]]:
    if isinstance(results, str | bytes) or not isinstance(results, Sequence):
        raise ValueError("results must be a list of races, each a list of places")
    races = list(results)
    for r, race in enumerate(races, start=1):
        if isinstance(race, str | bytes) or not isinstance(race, Sequence):
            raise ValueError(f"race {r}: must be a list of places, one a boat")
        if len(race) != len(races[0]):
            raise ValueError(f"race {r}: lists {len(race)} boats, race 1 lists {len(races[0])}")
        fleet = len(race)
        seen: set[int] = set()
        for b, place in enumerate(race):
            if place is None:
                continue
            if not _is_int(place) or not 1 <= place <= fleet:
                raise ValueError(f"race {r}, boat {b}: place must be 1..{fleet} or None "
                                 f"(did not finish), got {place!r}")
            if place in seen and not ties:
                raise ValueError(f"race {r}, boat {b}: place {place} is given twice")
            seen.add(place)
    return races


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
