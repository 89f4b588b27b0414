"""The figures that balance the Gigamic Regatta, per boat and race (see
:mod:`dinghy.core.balance`): suns laid before an opponent, turns hove to (en panne),
helm (la barre) and cloud (le nuage) cards sailed."""
from __future__ import annotations

from dinghy.core.balance import BalanceFigure

FIGURES = (
    BalanceFigure("suns", "suns laid before an opponent", "suns", events=("sun",)),
    BalanceFigure("heave_tos", "turns hove to (en panne)", "heaveto", events=("panne",)),
    BalanceFigure("helm", "helm cards sailed (la barre)", "helm", events=("barre",)),
    BalanceFigure("clouds", "cloud cards sailed (le nuage)", "cloud", events=("nuage",)),
)
