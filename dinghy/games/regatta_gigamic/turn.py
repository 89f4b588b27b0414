"""The dispatcher: what may be done now, why not, and what it does.

Steps: ``deal`` (chance: five cards each), ``first`` (chance: "Le premier joueur est
désigné au hasard"), ``place`` ("chacun choisit un bateau et le place à son tour juste
derrière la ligne de départ"), then turns "à tour de rôle en sens horaire" (seat
order): ``turn`` (play a card, or heave to), ``again`` (a cloud card's second play),
``extra`` (the helm's one more card), ``sun``, ``draw`` (chance), until ``over``.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from dinghy.core.errors import IllegalAction
from dinghy.core.interface import Event
from dinghy.games.regatta_gigamic import hand as hands
from dinghy.games.regatta_gigamic import panne, symbols
from dinghy.games.regatta_gigamic.actions import Act
from dinghy.games.regatta_gigamic.collisions import air_over, surroundings
from dinghy.games.regatta_gigamic.moving import Trace, stop_short, trace
from dinghy.games.regatta_gigamic.progress import advance
from dinghy.games.regatta_gigamic.state import (AGAIN, DEAL, DRAW, EXTRA, FIRST, OVER, PLACE,
                                                SUN, TURN, State)

_EXPECTED = {
    DEAL: "the cards are being dealt", DRAW: "cards are being drawn",
    FIRST: "the first player is being drawn", PLACE: "the boats are being set down behind the start line",
    TURN: "a boat's turn begins", AGAIN: "a cloud card is played a second time ('again N')",
    EXTRA: "the helm allows one more card ('play CARD N' or 'done')",
    SUN: "a sun card may be laid ('sun SEAT' or 'no sun')", OVER: "the race is over",
}


# --- the options of a move -------------------------------------------------------------

def plays(game, state: State) -> dict[tuple[str, int], Trace]:
    """Every (card, arrow) the acting boat could sail now, with its trace."""
    seat = state.active
    if state.step == AGAIN:
        cards: tuple[str, ...] = (state.card,)
    elif state.step in (TURN, EXTRA):
        cards = tuple(sorted({c for c in state.hands[seat] if not game.deck.face(c).is_sun}))
    else:
        return {}
    def traces():
        sur = surroundings(game, state, seat)
        start = state.boats[seat].spot
        found = {}
        for c in cards:
            for k, arrow in enumerate(game.deck.face(c).arrows):
                found[(c, k + 1)] = trace(game.shapes, sur, start, arrow)
        return found
    return game.kept((state, cards), traces)


def _move_blocked(game, state: State, card: str, n: int) -> str | None:
    options = plays(game, state)
    tr = options.get((card, n))
    face = game.deck.face(card)
    if tr is None:
        return f"{face.name} has no arrow {n} (it has {len(face.arrows)})"
    if tr.touch is not None:
        return f"along arrow {n} of {face.name} the boat {tr.touch}"
    if tr.zone_of:
        alt = next(((c, k) for (c, k), t in options.items() if t.good), None)
        if alt is not None:
            whose = " and ".join(f"{game.name(o)}'s" for o in tr.zone_of)
            return (f"along arrow {n} of {face.name} the boat would end in the forbidden zone in "
                    f"front of {whose} bow, and {game.deck.face(alt[0]).name} (arrow {alt[1]}) ends clear")
    return None


def _play_blocked(game, state: State, a: Act) -> str | None:
    seat = state.active
    if a.verb == "again":
        return _move_blocked(game, state, state.card, a.n)
    if a.card not in game.deck.ids:
        return f"there is no card {a.card!r} in this deck"
    if a.card not in state.hands[seat]:
        return f"{game.name(seat)} holds no {game.deck.face(a.card).name}"
    if game.deck.face(a.card).is_sun:
        return "the sun is no direction card: it is laid in front of an opponent after moving"
    return _move_blocked(game, state, a.card, a.n)


# --- the interface -----------------------------------------------------------------------

def chance_outcomes(game, state: State) -> list[tuple[Act, Fraction]]:
    if state.step in (DEAL, DRAW):
        return hands.draw_outcomes(state)
    if state.step == FIRST:
        n = len(state.boats)
        return [(Act("first", n=k), Fraction(1, n)) for k in range(n)]
    return []


def legal_actions(game, state: State) -> list[Act]:
    if state.step in (TURN, EXTRA, AGAIN):        # asked again and again of one state by the bots
        return list(game.kept(("legal", state), lambda: tuple(_legal_actions(game, state))))
    return _legal_actions(game, state)


def _legal_actions(game, state: State) -> list[Act]:
    step, seat = state.step, state.active
    if step in (DEAL, DRAW, FIRST):
        return [a for a, _ in chance_outcomes(game, state)]
    if step == PLACE:
        return [Act("place", n=k + 1) for k, s in enumerate(game.slots) if _slot_free(state, s)]
    if step == TURN and state.boats[seat].sun is not None:
        return [Act("becalmed")]
    if step in (TURN, EXTRA):
        acts = [Act("play", card=c, n=k) for (c, k) in plays(game, state)
                if _move_blocked(game, state, c, k) is None]
        if step == EXTRA:
            return acts + [Act("done")]
        acts += panne.swaps(state.hands[seat])
        return acts + [Act("pivot", n=d) for d in panne.PIVOTS if panne.pivot_blocked(game, state, seat, d) is None]
    if step == AGAIN:
        acts = [Act("again", n=k) for (_, k) in plays(game, state) if _move_blocked(game, state, state.card, k) is None]
        return acts or [Act("stay")]
    if step == SUN:
        return [Act("sun", n=i) for i in symbols.sun_targets(state, seat)] + [Act("no sun")]
    return []


def why_not(game, state: State, a: Act) -> str | None:
    step, seat = state.step, state.active
    if step == OVER:
        return "the race is over"
    verb = a.verb
    wanted = {"draw": (DEAL, DRAW), "first": (FIRST,), "place": (PLACE,), "play": (TURN, EXTRA),
              "again": (AGAIN,), "stay": (AGAIN,), "done": (EXTRA,), "sun": (SUN,), "no sun": (SUN,),
              "becalmed": (TURN,), "swap": (TURN,), "pivot": (TURN,)}
    if verb not in wanted:
        return f"{a.text()!r} is not an action of this game"
    if step not in wanted[verb]:
        return f"{a.text()!r} is not possible now: {_EXPECTED[step]}"
    if verb == "draw":
        if a.card not in dict(state.pile):
            return f"there is no {a.card!r} in the draw pile"
        return None
    if verb == "first":
        return None if 0 <= a.n < len(state.boats) else f"there is no seat {a.n}"
    if verb == "place":
        if not 1 <= a.n <= len(game.slots):
            return f"the start has slots 1 to {len(game.slots)}"
        return None if _slot_free(state, game.slots[a.n - 1]) else f"slot {a.n} is taken"
    becalmed = state.boats[seat].sun is not None
    if step == TURN and becalmed and verb != "becalmed":
        return f"{game.name(seat)} is becalmed by a sun card: no move this turn ('becalmed')"
    if verb == "becalmed":
        return None if becalmed else f"{game.name(seat)} is not becalmed"
    if verb in ("play", "again"):
        return _play_blocked(game, state, a)
    if verb == "stay":
        if any(_move_blocked(game, state, state.card, k) is None for (_, k) in plays(game, state)):
            return "an arrow of the cloud card is still open: it must be played a second time"
        return None
    if verb == "swap":
        if hands.remove_cards(state.hands[seat], a.cards) is None:
            return f"{game.name(seat)} does not hold {', '.join(a.cards)}"
        return None
    if verb == "pivot":
        return panne.pivot_blocked(game, state, seat, a.n)
    if verb == "sun":
        return symbols.sun_blocked(game, state, a.n)
    return None          # done, no sun


def apply(game, state: State, a: Act) -> tuple[State, list[Event]]:
    reason = why_not(game, state, a)
    if reason is not None:
        raise IllegalAction(reason)
    seat, verb = state.active, a.verb
    if verb == "draw":
        return _draw(game, state, a.card)
    if verb == "first":
        return (replace(state, step=PLACE, first=a.n, active=a.n),
                [Event("first", a.n, f"{game.name(a.n)} is drawn to begin.")])
    if verb == "place":
        return _place(game, state, a.n)
    if verb == "becalmed":
        return symbols.becalmed(game, state)
    if verb == "play":
        tr = plays(game, state)[(a.card, a.n)]         # worked out by why_not above
        state = state.with_hand(seat, hands.remove_cards(state.hands[seat], [a.card]))
        state = replace(state, discard=state.discard + (a.card,))
        return _sail(game, state, a.card, a.n, first=True, tr=tr)
    if verb == "again":
        return _sail(game, state, state.card, a.n, first=False, tr=plays(game, state)[(state.card, a.n)])
    if verb == "stay":
        ev = [Event("stay", seat, f"Every arrow of the cloud card's second play is blocked: "
                                  f"{game.name(seat)}'s boat stays where it is.")]
        return symbols.after_card(game, state, state.card, ev)
    if verb == "done":
        return symbols.offer_sun(game, state, [Event("done", seat, f"{game.name(seat)} plays no second card.")])
    if verb == "sun":
        return symbols.lay_sun(game, state, a.n)
    if verb == "no sun":
        return symbols.finish_turn(game, state, [])
    if verb == "swap":
        return _swap(game, state, a.cards)
    return _pivot(game, state, a.n)


# --- the actions' effects ---------------------------------------------------------------

def _slot_free(state: State, spot) -> bool:
    return all(b.spot != spot for b in state.boats)


def _draw(game, state: State, card: str) -> tuple[State, list[Event]]:
    seat = state.active
    state = hands.draw(game, state, seat, card)
    if state.step == DEAL:
        if hands.short(game, state, seat):
            return state, []
        if seat + 1 < len(state.boats):
            return replace(state, active=seat + 1), []
        return replace(state, step=FIRST, active=0), [Event("deal", None, f"Each player is dealt "
                                                              f"{game.deck.hand_size} cards.")]
    state, events = hands.refill(game, state, seat)
    if hands.can_draw(game, state, seat):
        return state, events
    return symbols.next_turn(game, state, events)


def _place(game, state: State, n: int) -> tuple[State, list[Event]]:
    seat = state.active
    spot = game.slots[n - 1]
    state = state.with_boat(seat, spot=spot)
    events = [Event("place", seat, f"{game.name(seat)} sets the boat down behind the start line at {spot.text()}.")]
    nxt = (seat + 1) % len(state.boats)
    if nxt == state.first:
        return replace(state, step=TURN, active=state.first, turns=1), events
    return replace(state, active=nxt), events


def _sail(game, state: State, card: str, n: int, first: bool, tr: Trace) -> tuple[State, list[Event]]:
    """Sail arrow ``n`` of ``card``, whose trace from where the boat stands is ``tr``."""
    seat = state.active
    face = game.deck.face(card)
    arrow = face.arrows[n - 1]
    boat = state.boats[seat]
    sur = surroundings(game, state, seat)
    who = game.name(seat)
    how = "lays" if first else "plays again"
    events = [Event("play", seat, f"{who} {how} {face.name} in line in front of the bow and sails "
                                  f"arrow {n} ({arrow.describe()}).")]
    air = air_over(game, sur, game.shapes.card_at(boat.spot))
    if air and first:
        events.append(Event("air", seat, f"The card cannot lie flat over {', '.join(air)}: it is held in "
                                         "the air, and the boat follows the path drawn on it."))
    if tr.zone_of:
        end, track = stop_short(game.shapes, sur, boat.spot, arrow)
        whose = " and ".join(f"{game.name(o)}'s" for o in tr.zone_of)
        events.append(Event("zone", seat, f"The arrow ends in the forbidden zone in front of {whose} bow and no "
                                          f"card ends clear: {who} stops at the entry of the zone, at {end.text()}."))
    else:
        end, track = tr.end, tr.track
        events.append(Event("move", seat, f"{who}'s stern on the arrow's tip: the boat is now at {end.text()}."))
    stage, wound, done = advance(game.course, boat.stage, boat.wound, track)
    state = state.with_boat(seat, spot=end, stage=stage, wound=wound)
    state = replace(state, moved=True)
    events += _stage_events(game, seat, done)
    if game.course.stages - 1 in done:
        return _finish(game, state, events)
    if first and face.symbol == "nuage":
        events.append(Event("nuage", seat, f"{face.name} carries the cloud: it must be played a second time."))
        return replace(state, step=AGAIN, card=card), events
    return symbols.after_card(game, state, card, events)


def _stage_events(game, seat: int, done: list[int]) -> list[Event]:
    out = []
    for s in done:
        if s == 0:
            out.append(Event("start", seat, f"{game.name(seat)} crosses the start line."))
        elif s < game.course.stages - 1:
            out.append(Event("round", seat, f"{game.name(seat)} rounds {game.course.stage_name(s)}."))
    return out


def _finish(game, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    seat = state.active
    place = len(state.finished) + 1
    state = state.with_boat(seat, place=place)
    state = replace(state, finished=state.finished + (seat,))
    if place == 1:
        events.append(Event("finish", seat, f"{game.name(seat)} crosses the finish line having rounded "
                                            "every buoy in order: first over the line, winner of the regatta!"))
    else:
        events.append(Event("finish", seat, f"{game.name(seat)} crosses the finish line: place {place}."))
    if not game.play_on or not any(b.racing for b in state.boats):
        return replace(state, step=OVER), events
    return symbols.next_turn(game, state, events)


def _swap(game, state: State, cards: tuple[str, ...]) -> tuple[State, list[Event]]:
    seat = state.active
    state = state.with_hand(seat, hands.remove_cards(state.hands[seat], cards))
    state = replace(state, discard=state.discard + tuple(cards))
    events = [Event("panne", seat, f"{game.name(seat)} heaves to (en panne) and changes {len(cards)} "
                                   f"card{'s' * (len(cards) > 1)}; the boat does not move.")]
    return symbols.finish_turn(game, state, events)


def _pivot(game, state: State, turn: int) -> tuple[State, list[Event]]:
    seat = state.active
    spots = panne.pivot_spots(state.boats[seat].spot, turn, game.shapes.hull_length)
    end = spots[-1]
    boat = state.boats[seat]
    stage, wound, done = advance(game.course, boat.stage, boat.wound, [(s.x, s.y) for s in spots])
    state = state.with_boat(seat, spot=end, stage=stage, wound=wound)
    events = [Event("panne", seat, f"{game.name(seat)} heaves to (en panne) and turns the boat {turn:+d}° "
                                   f"in place, now heading {end.heading:.0f}°.")]
    events += _stage_events(game, seat, done)
    if game.course.stages - 1 in done:
        return _finish(game, state, events)
    return symbols.finish_turn(game, state, events)
