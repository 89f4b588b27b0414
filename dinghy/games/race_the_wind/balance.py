"""The figures that balance Race the Wind, per boat and race (see
:mod:`dinghy.core.balance`): moves ended on a puff, lulls sailed into, wind shadows
entered, spinnakers set and penalty rotations turned."""
from __future__ import annotations

from dinghy.core.balance import BalanceFigure

FIGURES = (
    BalanceFigure("puffs", "moves ended on a puff", "puffs", events=("puff",)),
    BalanceFigure("lulls", "lulls sailed into", "lulls", events=("lull",)),
    BalanceFigure("shadows", "wind shadows entered", "shadow", events=("shadowed",)),
    BalanceFigure("spinnakers", "spinnakers set", "spi", events=("spinnaker_set",)),
    BalanceFigure("penalty_turns", "penalty rotations (360° turns)", "360s", events=("penalty_turn",)),
)
