"""Race the Wind's actions: a verb and a number, written as one line of text.

    move                 one square forward (a puff move or a spinnaker move too)
    turn left 45 / turn right 90 ...   a turn of 45° or 90° either way
    wait                 let the boats still to act go first (once a turn)
    end                  skip the rest of this turn
    unblock              a blocked boat's whole turn: remove the X token
    penalty              declare a 360° penalty rotation (then turn one way round)
    protest N            declare a penalty on boat N (seat number from 1) in the way,
                         and skip the rest of one's own turn
    spinnaker set / spinnaker drop
    chance: layout K, spinnaker die K, die K, coin left / coin right
"""
from __future__ import annotations

from dataclasses import dataclass

from dinghy.core.errors import IllegalAction

VERBS = ("move", "turn", "wait", "end", "unblock", "penalty", "protest", "spinnaker",
         "layout", "spin_die", "die", "coin")


@dataclass(frozen=True, slots=True)
class Act:
    verb: str
    n: int = 0        # turn: signed eighths (-2..2); protest: seat; die faces; layout number;
                      # spinnaker: 1 set, 0 drop; coin: -1 left (anticlockwise), +1 right

    def text(self) -> str:
        v, n = self.verb, self.n
        if v == "turn":
            return f"turn {'left' if n < 0 else 'right'} {45 * abs(n)}"
        if v == "protest":
            return f"protest {n + 1}"
        if v == "spinnaker":
            return "spinnaker set" if n else "spinnaker drop"
        if v == "layout":
            return f"layout {n}"
        if v == "spin_die":
            return f"spinnaker die {n}"
        if v == "die":
            return f"die {n}"
        if v == "coin":
            return "coin left" if n < 0 else "coin right"
        return v


MOVE, WAIT, END, UNBLOCK, PENALTY = Act("move"), Act("wait"), Act("end"), Act("unblock"), Act("penalty")
SET_SPINNAKER, DROP_SPINNAKER = Act("spinnaker", 1), Act("spinnaker", 0)


def turn(n: int) -> Act:
    return Act("turn", n)


def parse(text: str) -> Act:
    words = text.strip().lower().split()
    try:
        match words:
            case [("move" | "wait" | "end" | "unblock" | "penalty") as v]:
                return Act(v)
            case ["turn", ("left" | "right") as way, deg] if deg in ("45", "90"):
                k = int(deg) // 45
                return Act("turn", -k if way == "left" else k)
            case ["protest", n] if int(n) >= 1:
                return Act("protest", int(n) - 1)
            case ["spinnaker", ("set" | "drop") as v]:
                return Act("spinnaker", 1 if v == "set" else 0)
            case ["layout", n] if int(n) >= 0:
                return Act("layout", int(n))
            case ["spinnaker", "die", n] if 1 <= int(n) <= 6:
                return Act("spin_die", int(n))
            case ["die", n] if 1 <= int(n) <= 6:
                return Act("die", int(n))
            case ["coin", ("left" | "right") as way]:
                return Act("coin", -1 if way == "left" else 1)
    except ValueError:
        pass
    raise IllegalAction(f"not a Race the Wind action: {text!r}")
