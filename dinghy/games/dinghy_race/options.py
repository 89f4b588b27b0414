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

#: Rule 1 and the card laid after a tack or jibe ("a boat may not execute a tack or jibe
#: if this would put the boat or its new manoeuvre card on another boat's manoeuvre
#: card"): the next card is looked at too, or only the tack card and the hull where it
#: ends (how records before format 4 were sailed).
RULE_1 = GameOption(
    "rule_1_next_card", "Rule 1", (("card_after", "Next card too"), ("tack_only", "Tack card only")),
    "card_after", "rule 1 (a tack or jibe keeps clear of other boats' cards): looks at the card laid "
    "after it too, or at the tack or jibe card only")

#: Every option, by key.
OPTIONS = {o.key: o for o in (SPI_DOWN, RULE_1)}
