"""The figures that balance the 3M Regatta, per boat and race (see
:mod:`dinghy.core.balance`): puff cards played, spinnakers set, penalties (Option A or
B, one a right-of-way failure) and turns or legs lost to blanketing."""
from __future__ import annotations

from dinghy.core.balance import BalanceFigure
from dinghy.games.regatta_3m.actions import Leg, Spinnaker

FIGURES = (
    BalanceFigure("puffs", "puff cards played", "puffs", action=lambda a: isinstance(a, Leg) and a.puff),
    BalanceFigure("spinnakers", "spinnakers set", "spi", action=lambda a: isinstance(a, Spinnaker) and a.up),
    # the penalty itself ("... Option A: ..." / "... Option B: ..."), not the turn it later forfeits
    BalanceFigure("penalties", "penalties for failing to keep clear", "penalty", events=("penalty",),
                  text=". Option "),
    BalanceFigure("blanketed", "turns or legs lost to blanketing", "blanket", events=("blanket",)),
)
