"""A series in the window: several races between the same boats, scored together.

The set-up chooses how many races, the scoring system and whether each boat drops its
worst race (:mod:`dinghy.core.scoring` scores it); the results screen shows the table
after each race and starts the next. The series is kept in ``$DINGHY_HOME/series.json``
(through :mod:`dinghy.core.io`), so that leaving the window between two races loses
nothing; a damaged file is simply no series.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dinghy.core import io
from dinghy.core.errors import DinghyError
from dinghy.core.scoring import SCORING_SYSTEMS, higher_wins, series_table

FILE = "series.json"
RACE_CHOICES = (1, 2, 3, 4, 5, 6, 7)
#: short names for a chooser
SCORING_TITLES = {"low_point": "Low point", "bonus_point": "Bonus point", "10-9-8": "10-9-8",
                  "3m": "3M 1000-900"}


@dataclass
class Series:
    races: int
    scoring: str = "low_point"
    discard: bool = False
    rules: str = "dinghy_race"
    names: tuple[str, ...] = ()
    results: list[list[int | None]] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)      # the races counted, by seed

    def __post_init__(self) -> None:
        if self.scoring not in SCORING_SYSTEMS:
            raise ValueError(f"unknown scoring system {self.scoring!r}")

    @property
    def sailed(self) -> int:
        return len(self.results)

    @property
    def over(self) -> bool:
        return self.sailed >= self.races

    def add(self, race: Any) -> bool:
        """Count a finished race once (by its seed); False if it was counted already."""
        seed = race.game.setup.seed
        if seed in self.seeds or self.over:
            return False
        self.results.append(list(race.places()))
        self.seeds.append(seed)
        return True

    def table(self) -> list[Any]:
        # boats that tie share a place (the 3M Regatta: same round, same legs): 1, 1, 3
        ties = any(len(f) != len(set(f)) for f in ([p for p in r if p is not None] for r in self.results))
        return series_table(self.results, self.scoring, self.discard, ties=ties) if self.results else []

    @property
    def higher_wins(self) -> bool:
        return higher_wins(self.scoring)

    def describe(self) -> str:
        drop = ", worst race dropped" if self.discard else ""
        return f"{SCORING_TITLES.get(self.scoring, self.scoring)}{drop}"

    # --- kept between sessions ----------------------------------------------------------
    def to_mapping(self) -> dict[str, Any]:
        return {"races": self.races, "scoring": self.scoring, "discard": self.discard,
                "rules": self.rules, "names": list(self.names), "results": self.results,
                "seeds": self.seeds}

    @classmethod
    def from_mapping(cls, d: Any) -> "Series":
        if not isinstance(d, dict):
            raise ValueError("not a series")
        return cls(int(d["races"]), str(d["scoring"]), bool(d["discard"]), str(d["rules"]),
                   tuple(str(n) for n in d["names"]),
                   [list(r) for r in d["results"]], [int(s) for s in d["seeds"]])

    def save(self, folder: str | os.PathLike[str]) -> None:
        Path(folder).mkdir(parents=True, exist_ok=True)
        io.write_json_atomic(Path(folder) / FILE, self.to_mapping())

    @classmethod
    def load(cls, folder: str | os.PathLike[str]) -> "Series | None":
        path = Path(folder) / FILE
        if not path.is_file():
            return None
        try:
            return cls.from_mapping(io.read_json(path))
        except (DinghyError, OSError, ValueError, KeyError, TypeError):
            return None

    @staticmethod
    def forget(folder: str | os.PathLike[str]) -> None:
        try:
            (Path(folder) / FILE).unlink()
        except OSError:
            pass
