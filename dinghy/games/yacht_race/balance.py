"""The figures that balance Yacht Race, per boat and race (see
:mod:`dinghy.core.balance`): wind change cards spent, spinnaker cards turned over,
Sailors' Luck cards drawn and turns forfeited to blanketing."""
from __future__ import annotations

from dinghy.core.balance import BalanceFigure
from dinghy.games.yacht_race.actions import WindCard

FIGURES = (
    BalanceFigure("wind_cards", "wind change cards spent", "wind", action=lambda a: isinstance(a, WindCard)),
    BalanceFigure("spinnakers", "spinnaker cards turned over", "spi", events=("spinnaker",),
                  text="turns over a spinnaker card"),
    BalanceFigure("sailors_luck", "Sailors' Luck cards drawn", "luck", events=("luck",),
                  text="takes the top Sailors' Luck card"),
    BalanceFigure("blanketed", "turns lost to blanketing", "blanket", events=("blanketed",)),
)
