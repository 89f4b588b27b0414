"""Hazard tables with every hazard's chance scaled: "what if capsizes were 50% likelier?"

A hazard applies when 2d6 (plus Lady Luck and modifiers) is below its threshold, so its
chance moves in 36ths. Scaling keeps the table's shape: each threshold becomes the one
whose chance of the roll falling below it is nearest the scaled chance, the thresholds
still rising left to right (a hazard squeezed out of the table is dropped).
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from dinghy.games.dinghy_race.hazards import BELOW_MAX, BELOW_MIN, HazardTable

_BELOW = {b: Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if x + y < b), 36)
          for b in range(BELOW_MIN, BELOW_MAX + 1)}


def scaled_below(below: int, scale: float) -> int:
    """The threshold whose chance is nearest ``scale`` times that of ``below``."""
    target = float(_BELOW[below]) * scale
    return min(_BELOW, key=lambda b: (abs(float(_BELOW[b]) - target), b))


def scaled(table: HazardTable, scale: float) -> HazardTable:
    rows = {}
    for rid, row in table.rows.items():
        out, last = [], BELOW_MIN - 1
        for h in row.hazards:
            b = max(scaled_below(h.below, scale), last + 1)
            if b > BELOW_MAX or b <= BELOW_MIN:
                continue
            out.append(replace(h, below=b))
            last = b
        rows[rid] = replace(row, hazards=tuple(out))
    return replace(table, name=f"{table.name} x{scale:g}", title=f"{table.title}, hazards x{scale:g}", rows=rows)
