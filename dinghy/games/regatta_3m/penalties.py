"""Advanced game: penalties for failing to keep clear, chosen at set-up
(``RaceSetup.extra``: ("penalty", "disqualify") or ("penalty", "forfeit")).

"Option A -- Official NAYRU Penalty: The player who violates another's right of way is
disqualified ("protested out of the race")."

"Option B The player guilty of an infraction must take back his leg(s) and forfeit his
turn." Here: the yacht goes back to where (and as) it began the turn in which it failed
to keep clear, and it forfeits its next turn. If another yacht now stands on that space,
it stays where it is and still forfeits its next turn. (The default: "This option gives
less experienced players a chance to continue the race.")
"""
from __future__ import annotations

from dinghy.core.interface import Event
from dinghy.games.regatta_3m.state import Claim, State

OPTIONS = {"disqualify": "Option A: disqualification (the official NAYRU penalty)",
           "forfeit": "Option B: take back the leg(s) and forfeit the turn"}
DEFAULT = "forfeit"


def penalize(game, state: State, claim: Claim, why: str) -> tuple[State, list[Event]]:
    g = state.boats[claim.giver]
    name = game.name(claim.giver)
    if game.penalty == "disqualify":
        out = g.with_(out="disqualified", spinnaker=False)
        return (state.with_boat(out).with_(claims=tuple(c for c in state.claims if c.giver != g.seat)),
                [Event("penalty", g.seat, f"{why}. Option A: {name} is disqualified "
                       "(protested out of the race)")])
    back = claim.before
    taken = any(o.seat != g.seat and o.afloat and o.at == back.at for o in state.boats)
    if taken or back.at is None:
        nb = g.with_(lose_turn=True)
        text = (f"{why}. Option B: {name} cannot take back its legs (another yacht is at "
                f"{back.at}) and forfeits its next turn")
    else:
        nb = g.with_(at=back.at, heading=back.heading, tack=back.tack, luffing=back.luffing,
                     tacking=back.tacking, spinnaker=back.spinnaker, start_side=back.start_side,
                     finish_side=back.finish_side, premature=back.premature, started=back.started,
                     rounded=back.rounded, crossings=back.crossings, lose_turn=True)
        text = (f"{why}. Option B: {name} takes back its legs to {back.at} and forfeits its next turn")
    return state.with_boat(nb), [Event("penalty", g.seat, text)]
