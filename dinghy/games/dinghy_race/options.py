"""The set-up options Dinghy Race reads from ``RaceSetup.extra`` (the registry offers them
on the set-up screen and to ``--option``; the loader checks them; the table reads them)."""
from __future__ import annotations

from dinghy.core.interface import GameOption

#: A Spi down laid with no spinnaker up (the text: "I would not punish a player for using
#: it out of context"): it only sails, or it rolls the take-down (how records before
#: format 3 were sailed).
SPI_DOWN = GameOption(
    "spi_down_without_spinnaker", "Spi down", (("sails", "No roll if none up"), ("rolls", "Always rolls")),
    "sails", "a Spi down laid with no spinnaker up: only sails (nothing to take down), or rolls as a take-down")

#: Every option, by key.
OPTIONS = {o.key: o for o in (SPI_DOWN,)}
