"""What a simulation sails: variants (what a rule designer changes) times races.

A :class:`Plan` is the cartesian product of the dimensions given (boards, fleet sizes,
wind forces, card sets, hazard tables and their scaled thresholds); each combination is
a :class:`Variant`, and each variant sails the same ``races`` seeds, so variants are
compared on the same dice and turn orders as far as the races run alike. A
:class:`Job` is one race: everything a worker process needs, as plain picklable values,
its seed fixed by the plan (never by the worker), so results do not depend on how many
workers share the work.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from dinghy.core.errors import DinghyError
from dinghy.core.setup import PALETTE

#: Settings only Dinghy Race has.
DINGHY_ONLY = ("wind_force", "card_size", "hazards", "hazard_scale")


@dataclass(frozen=True)
class Variant:
    """One combination of settings; ``None`` keeps the board's own default."""

    rules: str
    board: str
    boats: int
    levels: tuple[str, ...]            # the fleet's skippers (levels or names), by rotation
    wind_force: str | None = None
    card_size: str | None = None
    hazards: str | None = None         # a hazard table's name or file; None: the wind's table
    hazard_scale: float = 1.0          # every hazard's chance scaled (nearest whole 36th)

    @property
    def name(self) -> str:
        parts = [self.board, f"{self.boats} boats", "+".join(dict.fromkeys(self.levels))]
        if self.wind_force:
            parts.append(f"wind {self.wind_force}")
        if self.card_size:
            parts.append(f"cards {short_name(self.card_size)}")
        if self.hazards:
            parts.append(f"hazards {short_name(self.hazards)}")
        if self.hazard_scale != 1.0:
            parts.append(f"hazards x{self.hazard_scale:g}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Job:
    """One race of one variant."""

    index: int                  # position in the plan: results are kept in this order
    variant: int                # index into Plan.variants
    race: int                   # race number within the variant (0, 1, ...)
    seed: int
    spec: Variant
    max_actions: int = 30000

    @property
    def skippers(self) -> tuple[str, ...]:
        """Each seat's skipper: the fleet's levels rotated by the race number, so every
        level sails from every seat and every start position in turn."""
        lv = self.spec.levels
        return tuple(lv[(seat + self.race) % len(lv)] for seat in range(self.spec.boats))


@dataclass(frozen=True)
class Plan:
    variants: tuple[Variant, ...]
    races: int
    seed: int
    max_actions: int = 30000
    jobs: tuple[Job, ...] = field(init=False)

    def __post_init__(self) -> None:
        jobs = []
        for v, spec in enumerate(self.variants):
            for k in range(self.races):
                jobs.append(Job(len(jobs), v, k, self.seed + k, spec, self.max_actions))
        object.__setattr__(self, "jobs", tuple(jobs))


def make_plan(rules: str, boards: list[str], boats: list[int], levels: list[str] | list[list[str]], races: int,
              seed: int = 1, wind_forces: list[str] | None = None, card_sizes: list[str] | None = None,
              hazards: list[str] | None = None, hazard_scales: list[float] | None = None,
              max_actions: int = 30000) -> Plan:
    """Every combination of the given settings, checked; DinghyError on nonsense.
    ``levels`` is one fleet (a list of names) or several fleets to vary over."""
    if races < 1:
        raise DinghyError("--races must be at least 1")
    if not boards:
        raise DinghyError("no board or course to sail")
    for n in boats:
        if not 1 <= n <= len(PALETTE):
            raise DinghyError(f"--boats must be 1 to {len(PALETTE)}, got {n}")
    fleets = [tuple(f) for f in levels] if levels and not isinstance(levels[0], str) else [tuple(levels)]
    if not fleets or not all(fleets):
        raise DinghyError("--levels names no skipper")
    for s in hazard_scales or []:
        if not 0 <= s <= 10:
            raise DinghyError(f"--hazard-scale must be 0 to 10, got {s:g}")
    if rules != "dinghy_race" and (wind_forces or card_sizes or hazards or hazard_scales):
        raise DinghyError(f"wind force, cards and hazard tables are Dinghy Race settings; {rules} has none")
    variants = [Variant(rules, b, n, f, w, c, h, s)
                for b, n, f, w, c, h, s in itertools.product(
                    boards, boats, fleets, wind_forces or [None], card_sizes or [None], hazards or [None],
                    hazard_scales or [1.0])]
    return Plan(tuple(variants), races, seed, max_actions)


def short_name(name: str) -> str:
    """A table's or card set's name as a variant shows it: a file by its stem."""
    return name.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml")
