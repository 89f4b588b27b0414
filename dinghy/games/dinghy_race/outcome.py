"""What a legal move does, told before it is made: where the boat ends, whether it
stopped short of something (and is then dead in the water), the spinnaker bonus, the
hazard rolls it calls for, a finish or a re-launch after touching the start line early;
and what a Lady Luck commitment does: the exact odds of the hazard roll to come.

:func:`outcome` asks the engine itself (it applies the move to the state, which is a
value, and reads the result), so what it tells can never differ from what ``apply``
does; a caller needs neither to apply the move nor to know the rules modules.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dinghy.core.errors import IllegalAction
from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.actions import Luck, Move
from dinghy.games.dinghy_race.state import RaceState, Step


@dataclass(frozen=True, slots=True)
class MoveOutcome:
    """What a legal ``Move`` does to the boat that makes it."""

    boat: int
    card: str                       # the card sailed (it goes back to the hand when the next is laid)
    pose: Pose                      # where the boat ends
    tack: Tack
    stopped_short_of: str | None    # what the move ran into ("X stops short of Y"), or None
    dead_in_the_water: bool         # stopped short of a fixed obstacle: no card laid next
    bonus: bool                     # the spinnaker bonus move was taken
    spinnaker_up: bool              # after the move
    hazards: tuple[str, ...]        # hazard table rows to roll for, in order
    finished: int | None            # the place, when the move crosses the finish line
    relaunch: bool                  # touched the start line early: re-placed behind it

    def describe(self, name: str) -> str:
        """The outcome in a player's words."""
        words = [f"{name} sails {self.card} to ({self.pose.x:.0f}, {self.pose.y:.0f}) heading "
                 f"{self.pose.heading:03d}° on {self.tack.value} tack"]
        if self.stopped_short_of:
            words.append(f"stopping short of {self.stopped_short_of}"
                         + (", dead in the water" if self.dead_in_the_water else ""))
        if self.bonus:
            words.append("with the spinnaker bonus")
        if self.hazards:
            words.append("then rolls for " + ", ".join(self.hazards))
        if self.finished is not None:
            words.append(f"and finishes {self.finished}.")
        if self.relaunch:
            words.append("and is re-placed behind the start line")
        return ", ".join(words)


@dataclass(frozen=True)
class LuckOutcome:
    """What committing ``cards`` Lady Luck cards does: the exact odds of each outcome of
    the hazard roll to come (the table's row, the dice modifier and the luck together)."""

    boat: int
    cards: int
    row: str                                    # the hazard row's label
    odds: tuple[tuple[str, Fraction], ...]      # (the outcome in words, its chance), worst first

    def describe(self, name: str) -> str:
        shown = [words + (" (certain)" if chance == 1 else f" {chance.numerator}/{chance.denominator}")
                 for words, chance in self.odds if chance]
        return f"{self.row}: " + ", ".join(shown)


def luck_outcome(game, state: RaceState, luck: Luck) -> LuckOutcome:
    """The odds a ``luck`` commitment gives the next hazard roll; IllegalAction (the
    engine's reason) if it is not legal."""
    from dinghy.games.dinghy_race import rules
    why = rules.why_not(game, state, luck)
    if why is not None:
        raise IllegalAction(why)
    row_id, modifier = state.turn.hazards[0]
    odds = game.hazards.odds(row_id, luck.cards, modifier)
    return LuckOutcome(boat=state.active, cards=luck.cards, row=game.hazards.rows[row_id].label,
                       odds=tuple((o.describe(), p) for o, p in odds.items()))


def outcome(game, state: RaceState, move: Move | Luck) -> MoveOutcome | LuckOutcome:
    """What ``move`` (or a Lady Luck commitment: the odds of the roll) does from
    ``state``; IllegalAction (the engine's reason) if it is not legal."""
    if isinstance(move, Luck):
        return luck_outcome(game, state, move)
    if not isinstance(move, Move):
        raise IllegalAction(f"only a move or a Lady Luck commitment has an outcome to tell, not {move.text()}")
    from dinghy.games.dinghy_race import rules
    from dinghy.games.dinghy_race.turn import exit_options

    after, _ = rules.apply(game, state, move)      # IllegalAction when not legal
    i = state.active
    opt = exit_options(game, state, move.shift)[move.exit]
    b = after.boats[i]
    still = after.active == i and b.racing
    relaunch = still and after.step is Step.LAUNCH
    hazards = after.turn.hazards if still and after.step in (Step.LUCK, Step.ROLL) else ()
    stopped = opt.blocked_by
    if stopped is None or not still or relaunch:
        dead = False
    elif hazards:
        dead = not after.turn.then_place
    else:
        dead = after.step is not Step.PLACE
    return MoveOutcome(
        boat=i, card=state.turn.card, pose=b.pose, tack=b.tack, stopped_short_of=stopped,
        dead_in_the_water=dead, bonus=bool(move.bonus and stopped is None and opt.bonus is not None),
        spinnaker_up=b.spi_up, hazards=tuple(row for row, _ in hazards), finished=b.finished,
        relaunch=relaunch)
