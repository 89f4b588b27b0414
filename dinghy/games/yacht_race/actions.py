"""The actions of Yacht Race, each with a one-line text that ``parse`` reads back.

    block 4                  chance: the next skipper is allotted yacht-club block 4
    wind card                spend one wind change card: the wind shifts 45° clockwise
    sail SW                  move on course south-west (a spinnaker that is up comes down)
    sail SW spinnaker        move on course south-west under spinnaker (five blocks)
    forfeit                  no course is open: the turn is forfeited
    luck fog                 chance: the top Sailors' Luck card is "fog"
    fog 2 sail SW            "Fog settles": the drawer moves seat 2's yacht south-west
"""
from __future__ import annotations

from dataclasses import dataclass

from dinghy.core.errors import IllegalAction
from dinghy.games.yacht_race.sailing import SHORT


@dataclass(frozen=True, slots=True)
class Allot:
    block: int

    def text(self) -> str:
        return f"block {self.block}"


@dataclass(frozen=True, slots=True)
class WindCard:
    def text(self) -> str:
        return "wind card"


@dataclass(frozen=True, slots=True)
class Sail:
    heading: int
    spinnaker: bool = False
    boat: int | None = None          # set for a move the fog makes the drawer sail for another yacht

    def text(self) -> str:
        body = f"sail {SHORT[self.heading]}" + (" spinnaker" if self.spinnaker else "")
        return body if self.boat is None else f"fog {self.boat} {body}"


@dataclass(frozen=True, slots=True)
class Forfeit:
    def text(self) -> str:
        return "forfeit"


@dataclass(frozen=True, slots=True)
class Draw:
    card: str                         # the card's key in the Sailors' Luck pack

    def text(self) -> str:
        return f"luck {self.card}"


Action = Allot | WindCard | Sail | Forfeit | Draw


def parse(text: str) -> Action:
    words = text.split()
    try:
        if words == ["wind", "card"]:
            return WindCard()
        if words == ["forfeit"]:
            return Forfeit()
        if len(words) == 2 and words[0] == "block":
            return Allot(int(words[1]))
        if len(words) == 2 and words[0] == "luck":
            return Draw(words[1])
        boat = None
        if len(words) >= 2 and words[0] == "fog":
            boat = int(words[1])
            words = words[2:]
        if words and words[0] == "sail" and 2 <= len(words) <= 3:
            spin = len(words) == 3
            if spin and words[2] != "spinnaker":
                raise ValueError(words[2])
            return Sail(SHORT.index(words[1].upper()), spin, boat)
    except ValueError:
        pass
    raise IllegalAction(f"not a Yacht Race action: {text!r} (try 'sail SW', 'sail W spinnaker', "
                        "'wind card', 'forfeit')")
