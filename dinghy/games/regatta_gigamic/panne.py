"""Se mettre en panne: pass the turn without moving.

Rule text: "Il est possible et parfois obligatoire (voir ci-dessus) de passer son tour
en se mettant en panne : le joueur ne joue alors pas de carte de déplacement; il a le
choix entre : changer 1, 2 ou 3 cartes de sa main ou bien orienter son bateau comme il
le souhaite ; Dans les 2 cas, le bateau n'avance pas et le joueur n'a pas le droit de
poser de carte soleil." (One may, and sometimes must, pass by heaving to: no direction
card is played; either change 1, 2 or 3 cards of the hand, or turn the boat as one
wishes. Either way the boat does not advance and no sun card may be laid.)

Turning is offered in steps of 15° either way (up to a half turn), about the middle of
the hull; the hull must not touch a boat, a buoy or an obstacle as it turns (our
reading of "pendant ou à la fin de son mouvement"). The boat does not advance, so the
forbidden zones do not apply to a turn in place.
"""
from __future__ import annotations

from itertools import combinations

from dinghy.games.regatta_gigamic.actions import Act
from dinghy.games.regatta_gigamic.collisions import surroundings
from dinghy.games.regatta_gigamic.moving import pivot_spots

__all__ = ["PIVOTS", "pivot_blocked", "pivot_spots", "swaps"]
from dinghy.games.regatta_gigamic.state import State

PIVOT_STEP = 15
PIVOTS = tuple(d for d in range(-180 + PIVOT_STEP, 181, PIVOT_STEP) if d != 0)


def swaps(hand: tuple[str, ...]) -> list[Act]:
    """Every distinct choice of 1, 2 or 3 cards of the hand to change."""
    found = set()
    for k in (1, 2, 3):
        for combo in combinations(sorted(hand), k):
            found.add(combo)
    return [Act("swap", cards=c) for c in sorted(found, key=lambda c: (len(c), c))]


def pivot_blocked(game, state: State, seat: int, turn: int) -> str | None:
    """Why the boat cannot turn ``turn`` degrees in place (None: it can)."""
    if turn not in PIVOTS:
        return f"a turn in place is a multiple of {PIVOT_STEP}° from -165° to +180°, not {turn:+d}°"
    # A turn of d degrees passes the hull through the headings 0, 5, ... d (exactly:
    # pivot_spots steps d / (|d| / 5) = 5 degrees), so the widest turn each way holds
    # every narrower one's spots: what each of its spots touches answers them all, and
    # is kept for these boats.
    seen = game.kept(("pivot", state.boats, seat), lambda: _sweeps(game, state, seat))[turn > 0]
    touch = next((t for t in seen[:abs(turn) // 5 + 1] if t is not None), None)
    return None if touch is None else f"turning {turn:+d}° in place the hull {touch}"


def _sweeps(game, state: State, seat: int) -> tuple[list, list]:
    """What the hull touches at each 5° step of the widest turn in place to port and to
    starboard (``PIVOTS[0]``, ``PIVOTS[-1]``)."""
    around = surroundings(game, state, seat)
    start, hull = state.boats[seat].spot, game.shapes.hull_length
    return tuple(around.touches(game.shapes.hulls(pivot_spots(start, widest, hull)))
                 for widest in (PIVOTS[0], PIVOTS[-1]))

