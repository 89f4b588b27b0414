"""The Dinghy Race turn, rule by rule (quotes from the rule text, 002_...txt)."""
import pytest

from dinghy.games.dinghy_race.actions import Begin, Launch, Luck, Move, Pivot, Place, Roll
from dinghy.core.errors import IllegalAction
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.state import Step
from dinghy.core.wind import Tack, off_wind, points_of_sail, PointOfSail

from pathlib import Path

from enginekit import boat, far, game, open_course, race_at

RECORDS = Path(__file__).parent / "records"


@pytest.fixture
def g():
    return game(2)


def test_illegal_card_is_replaced_by_a_delay(g):
    # "Playing an illegal card ... The illegal card is immediately replaced with a delay
    # card which you then execute"
    r = race_at(g, [boat(0, 0, 300, 315, planned="reach.starboard"), far(1)])
    events = r.push(Begin(False))
    assert r.state.step is Step.PIVOT and r.state.turn.pivot_limit == 45
    assert any(e.kind == "illegal" and "reaching or running" in e.text for e in events)


def test_trapeze_card_needs_trapezing_declared_at_the_start_of_the_turn(g):
    # "playing a manoeuvre card that shows the trapeze symbol without actually being in
    # the trapeze is illegal"; "To go into trapezing mode, you must declare this at the
    # start of your turn."
    b = boat(0, 0, 300, 315, planned="close_hauled_trapeze.starboard")
    r = race_at(g, [b, far(1)])
    r.push(Begin(False))
    assert r.state.step is Step.PIVOT          # illegal: executed as a delay
    r = race_at(g, [b, far(1)])
    r.push(Begin(True))
    assert r.state.step is Step.MOVE and r.state.boat(0).trapeze


def test_the_executed_card_is_not_in_hand_while_it_lies_in_front(g):
    # "This implies that you cannot use the same manoeuvre twice in succession if you have
    # only one card for it."
    b = boat(0, 0, 300, 315, planned="tack")
    assert "tack" not in dr.hand(g, b)
    assert dr.hand(g, b)["close_hauled_trapeze.starboard"] == 2
    b2 = boat(0, 0, 300, 315, planned="reach.port")
    assert dr.hand(g, b2)["reach.port"] == 1     # two copies: the second may follow


@pytest.mark.parametrize("heading,card", [(315, "close_hauled.starboard"), (45, "tack"), (180, "jibe")])
def test_a_card_held_once_cannot_follow_itself(g, heading, card):
    # "In his turn, each player moves his boat according to the card placed in front of
    # his boat, places a new card, face down, in front of his boat, and then takes the
    # card just executed back to his hand. This implies that you cannot use the same
    # manoeuvre twice in succession if you have only one card for it."
    assert g.cards.copies[card] == 1
    r = race_at(g, [boat(0, 0, 600, heading, planned=card), far(1)])
    r.push(Begin(False))
    # an exit after which the same card would fit again
    b0, kind = r.state.boat(0), g.cards.types[card]
    again = [o.index for o in dr.exit_options(g, r.state) if o.reason is None and
             dr.card_fits(g, b0.with_(pose=o.pose, tack=o.tack), kind, False, r.state.round + 1) is None]
    r.push(Move(again[0]))
    while r.state.step in (Step.LUCK, Step.ROLL):
        r.push(Luck(0) if r.state.step is Step.LUCK else Roll(6, 6))
    assert r.state.step is Step.PLACE and r.state.active == 0
    # the card just executed is not yet back in the hand while the new one is laid
    assert card not in {a.card for a in r.legal_actions() if isinstance(a, Place)}
    assert "not in the hand" in r.why_not(Place(card))
    assert card not in r.game.observation(r.state, 0)["hand"]
    assert card not in dr.hand(g, r.state.boat(0), executed=r.state.turn.card)



def test_the_delay_card_is_taken_back_as_it_is_revealed_and_may_follow_itself(g):
    # "When played voluntarily, place the delay card in front of your boat normally
    # (face-down). When you reveal the card, simply remove it and end your turn by playing
    # a new card."
    assert g.cards.copies["delay"] == 1
    r = race_at(g, [boat(0, 0, 600, 90, planned="delay"), far(1)])
    r.push(Begin(False))
    r.push(Pivot(0))
    assert r.state.step is Step.PLACE
    assert r.why_not(Place("delay")) is None


def test_a_placed_card_must_be_executed_and_the_exit_is_chosen_when_moving(g):
    # "If the movement card in front of the boat can be played legally it must be
    # executed ... However, you decide the details of the movement (which exit line to use)
    # only when actually moving the boat."
    r = race_at(g, [boat(0, 0, 300, 90, planned="reach.port"), far(1)])
    r.push(Begin(False))
    legal = r.legal_actions()
    assert {a.exit for a in legal if isinstance(a, Move)} == set(range(7))
    with pytest.raises(IllegalAction):
        r.push(Place("reach.port"))


def test_move_puts_the_stern_on_the_exit_and_turns_by_the_exit(g):
    r = race_at(g, [boat(0, 0, 300, 90, planned="reach.port"), far(1)])
    r.push(Begin(False))
    card = g.cards.types["reach.port"]
    i = next(k for k, e in enumerate(card.exits) if e.turn == 30)   # 30° towards the wind
    r.push(Move(i))
    b = r.state.boat(0)
    # port tack (wind from north on the left of an eastbound boat): luffing is turning left
    assert b.pose.heading == 60
    assert r.state.step is Step.PLACE


def test_tacking_from_45_degrees_reaches_45_or_60_on_the_other_tack(g):
    # "The tack now puts the boat on the other (port) tack with the choice to have a 45°
    # or 60° course on that tack"
    r = race_at(g, [boat(0, 0, 300, 315, planned="tack"), far(1)])
    r.push(Begin(False))
    opts = dr.exit_options(g, r.state)
    ends = {off_wind(o.pose.heading, 0) for o in opts if o.reason is None}
    assert ends == {45, 60}
    assert all(o.tack is Tack.PORT for o in opts)


def test_tack_from_75_degrees_ends_in_irons_and_only_the_delay_fits(g):
    # "The boat started at 90° ... went to 75° ... this turn did not bring him around quite
    # as far as necessary, i.e. to 30° ... the only manoeuvre card he can play now is the
    # delay card."
    r = race_at(g, [boat(0, 0, 300, 285, planned="tack"), far(1)])
    r.push(Begin(False))
    sharp = max(range(2), key=lambda i: g.cards.types["tack"].exits[i].turn)
    r.push(Move(sharp))
    assert off_wind(r.state.boat(0).pose.heading, 0) == 30
    while r.state.step in (Step.LUCK, Step.ROLL):
        r.push(Luck(3) if r.state.step is Step.LUCK else Roll(6, 6))
    assert [a.card for a in r.legal_actions()] == ["delay"]


def test_tack_card_calls_for_a_hazard_roll_and_rolls_on_the_tack_row(g):
    # "After each such manoeuvre, voluntary or involuntary, look up the hazard table"
    r = race_at(g, [boat(0, 0, 300, 315, planned="tack"), far(1)])
    r.push(Begin(False))
    r.push(Move(0))
    assert r.state.step is Step.LUCK
    assert r.state.turn.hazards[0] == ("tack", 0)


def test_involuntary_jibe_rolls_with_minus_two(g):
    # "An involuntary tack or jibe implies the normal hazards, but modified with a -2
    # modifier ... and it automatically voids any possible bonus move."
    r = race_at(g, [boat(0, 0, 800, 195, planned="reach.starboard", spi_up=True), far(1)])
    assert r.state.boat(0).tack is Tack.STARBOARD
    r.push(Begin(False))
    opts = dr.exit_options(g, r.state)
    away = next(o for o in opts if o.turn == -30)     # bear away 30° through dead downwind
    assert away.involuntary == "jibe" and away.tack is Tack.PORT
    assert away.bonus is None
    straight = next(o for o in opts if o.turn == 0)
    assert straight.bonus is not None                 # spinnaker up, running: bonus line
    r.push(Move(away.index))
    assert r.state.turn.hazards[0] == ("jibe_spi", -2)


def test_worked_example_strong_wind_tack_on_the_trapeze_with_lady_luck():
    # "He rolled a 3, which becomes a 4 with the luck card bonus. This means he avoided
    # capsizing (4 is not "< 4"), but instead he is affected by a 2-turn delay"
    g = game(2, wind_force="strong")
    r = race_at(g, [boat(0, 0, 300, 315, planned="tack", trapeze=True), far(1)])
    r.push(Begin(True))
    r.push(Move(0))
    assert r.state.turn.hazards[0] == ("tack_trapeze", 0)
    r.push(Luck(1))
    r.push(Roll(1, 2))
    b = r.state.boat(0)
    assert b.delays == 2 and b.lady_luck == 2
    assert not b.trapeze
    assert r.state.step is Step.BEGIN and r.state.active == 1   # no card placed: the turn ends


def test_face_up_delays_are_removed_one_a_turn_with_a_45_degree_pivot(g):
    # "Each turn, remove one delay card. When the last card has been removed, play a new
    # manoeuvre card as usual"; "You are allowed to perform one 45°-turn"
    r = race_at(g, [boat(0, 0, 300, 315, delays=2), far(1)])
    r.push(Begin(False))
    assert r.state.step is Step.PIVOT and {a.turn for a in r.legal_actions()} == {0, 45, -45}
    r.push(Pivot(45))
    assert r.state.boat(0).delays == 1 and r.state.active == 1     # still delayed: turn over
    r.push(Begin(False))
    r.push(Move(0)) if r.state.step is Step.MOVE else None


def test_pivot_that_changes_tack_is_automatic_and_rolls_nothing(g):
    # "if this pivoting changes the tack the boat is on, adjust the heel of the boat (it is
    # an automatic tack or jibe ... and it does not involve a hazard die roll)"
    r = race_at(g, [boat(0, 0, 300, 30, tack=Tack.PORT, planned="delay"), far(1)])
    r.push(Begin(False))
    r.push(Pivot(-45))
    b = r.state.boat(0)
    assert b.pose.heading == 345 and b.tack is Tack.STARBOARD
    assert r.state.step is Step.PLACE


def test_delay_card_removes_trapeze_and_spinnaker(g):
    # "A delay card automatically and immediately removes any "trapezing" or "spi up" status"
    r = race_at(g, [boat(0, 0, 900, 180, planned="delay", spi_up=True, trapeze=True), far(1)])
    r.push(Begin(True))
    b = r.state.boat(0)
    assert not b.spi_up and not b.trapeze


def test_dead_in_the_water_turns_90_and_may_stay(g):
    # "such a boat may make a 90°-turn in either direction and may then place ... any
    # manoeuvre card ... The player is not required to play a manoeuvre card"
    r = race_at(g, [boat(0, 0, 300, 90, planned=None), far(1)])
    r.push(Begin(False))
    assert {a.turn for a in r.legal_actions()} == {0, 90, -90}
    r.push(Pivot(-90))
    assert r.state.boat(0).pose.heading == 0
    assert Place(None) in r.legal_actions()
    r.push(Place(None))
    assert r.state.boat(0).planned is None


def test_running_into_a_mark_stops_a_short_card_side_short_and_leaves_the_boat_dead():
    # "it must stop one card length (short side) short of the obstacle and does not place a
    # new movement card; it is "dead in the water""
    g = game(2)
    mark = g.course.mark("1")
    r = race_at(g, [boat(0, mark.x - 60, mark.y, 90, planned="reach.port"), far(1)])
    r.push(Begin(False))
    opts = dr.exit_options(g, r.state)
    assert all(o.blocked_by == "mark 1" for o in opts)
    assert all(o.reason is None for o in opts)          # nothing clear: every exit stops short
    start_gap = g.hull(r.state.boat(0).pose, Tack.PORT).distance(mark.geometry)
    r.push(Move(0))
    b = r.state.boat(0)
    hull = g.hull(b.pose, b.tack)
    # already closer than a short card side: the boat cannot move on at all
    assert hull.distance(mark.geometry) >= min(start_gap, g.cards.card_width) - 1e-6
    assert b.planned is None and r.state.active == 1


def test_an_exit_into_another_boat_is_closed_while_another_exit_is_clear(g):
    # "the acting player must, if possible, use an exit line that does not cause
    # boat-to-boat conflict"
    me = boat(0, 0, 600, 90, planned="reach.port")
    straight_end = dr.exit_options(g, race_at(g, [me, far(1)], step=Step.MOVE,
                                              turn=dr.Turn(card="reach.port")).state)[0].pose
    other = boat(1, straight_end.x - 8, straight_end.y + 8, 0, planned=None)
    r = race_at(g, [me, other], step=Step.MOVE, turn=dr.Turn(card="reach.port"))
    opts = dr.exit_options(g, r.state)
    straight = next(o for o in opts if o.turn == 0)
    assert straight.blocked_by == "Sky" and "another exit is clear" in straight.reason
    assert any(o.reason is None for o in opts)


def test_card_that_would_lie_on_a_boat_is_held_aside(g):
    # "he places the card beside the boat ... When it is his turn again, he tries to place
    # the card and, if this is possible now, plays his turn normally. If he is still not
    # able ... he exchanges the manoeuvre card for his delay card"
    me = boat(0, 0, 600, 90, planned=None)
    blocker = boat(1, 40, 600, 0, planned=None)
    r = race_at(g, [me, blocker], step=Step.PLACE)
    r.push(Place("reach.port"))
    b = r.state.boat(0)
    assert b.planned == "reach.port" and b.aside
    # still blocked on the next turn: exchanged for the delay card, held aside, turn over
    r2 = race_at(g, [b, blocker])
    r2.push(Begin(False))
    assert r2.state.boat(0).planned == "delay" and r2.state.boat(0).aside
    assert r2.state.active == 1


def test_no_spinnaker_before_the_start(g):
    # rules notes, pre-start exceptions: "no spi up ... before round 6"
    r = race_at(g, [boat(0, 0, -300, 180, started=False), far(1)], round_=3, step=Step.PLACE)
    reasons = dict(dr.card_options(g, r.state))
    assert reasons["spi_up"] and "round 6" in reasons["spi_up"]
    r = race_at(g, [boat(0, 0, 600, 180), far(1)], round_=8, step=Step.PLACE)
    assert dict(dr.card_options(g, r.state))["spi_up"] is None


def test_spi_up_sets_the_spinnaker_with_a_roll_and_spi_down_takes_it_down(g):
    # "Note that both manoeuvres require a die roll on the hazard table"
    r = race_at(g, [boat(0, 0, 900, 180, planned="spi_up"), far(1)])
    r.push(Begin(False))
    r.push(Move(0))
    assert r.state.boat(0).spi_up and r.state.turn.hazards[0][0] == "spi_up"
    assert "spi_up" not in dr.hand(g, r.state.boat(0))   # the card marks "spi up"


def test_spi_down_with_the_spinnaker_up_takes_it_down_with_a_roll(g):
    # "by playing a "spi up" or "spi down" card, the player commits himself to actually
    # hoist the spinnaker or take it down ... both manoeuvres require a die roll"
    r = race_at(g, [boat(0, 0, 900, 180, planned="spi_down", spi_up=True), far(1)])
    r.push(Begin(False))
    r.push(Move(0))
    assert not r.state.boat(0).spi_up and ("spi_down", 0) in r.state.turn.hazards


def test_spi_down_without_a_spinnaker_up_takes_nothing_down_and_rolls_nothing(g):
    # "to play "spi down" on a running course but without actually flying a spinnaker
    # is a disadvantage because of the fewer exit options, so I would not punish a player
    # for using it out of context": the card sails (its exits only), and with no
    # spinnaker to take down there is no handling to roll for (the roll is the
    # manoeuvre's: "the player commits himself to actually ... take it down")
    r = race_at(g, [boat(0, 0, 900, 180, planned="spi_down"), far(1)])
    r.push(Begin(False))
    assert r.state.step is Step.MOVE                 # not illegal: no delay instead
    events = r.push(Move(0))
    assert not r.state.boat(0).spi_up
    assert all(row != "spi_down" for row, _ in r.state.turn.hazards)
    assert r.state.step is not Step.ROLL
    assert any("no spinnaker" in e.text for e in events)


def test_the_older_reading_of_spi_down_without_a_spinnaker_is_a_set_up_option():
    # the reading before record format 3 ("both manoeuvres require a die roll on the
    # hazard table", whatever is up): kept as the option records of that time replay by
    g = game(2, extra=(("spi_down_without_spinnaker", "rolls"),))
    r = race_at(g, [boat(0, 0, 900, 180, planned="spi_down"), far(1)])
    r.push(Begin(False))
    r.push(Move(0))
    assert ("spi_down", 0) in r.state.turn.hazards and not r.state.boat(0).spi_up


def test_spinnaker_off_a_run_is_abuse(g):
    # rules notes: "Spinnaker abuse (spi up on a reach or close-hauled): no spinnaker bonus,
    # a hazard roll on the "spinnaker abuse" row each turn it persists"
    r = race_at(g, [boat(0, 0, 900, 90, planned="reach.port", spi_up=True), far(1)])
    r.push(Begin(False))
    assert all(o.bonus is None for o in dr.exit_options(g, r.state))
    r.push(Move(0))
    assert ("spi_abuse", 0) in r.state.turn.hazards


def test_trapezing_on_a_reach_is_abuse(g):
    # (90° is on the border, where the boat may still count as close-hauled)
    r = race_at(g, [boat(0, 0, 900, 120, planned="reach.port"), far(1)])
    r.push(Begin(True))
    r.push(Move(0))
    assert ("trapeze_abuse", 0) in r.state.turn.hazards


def test_lady_luck_is_spent_even_when_useless(g):
    # "spent cards are out of the game and may not be used again, even if they did not
    # actually change the net result"
    r = race_at(g, [boat(0, 0, 300, 315, planned="tack"), far(1)])
    r.push(Begin(False))
    r.push(Move(0))
    r.push(Luck(2))
    r.push(Roll(6, 6))
    assert r.state.boat(0).lady_luck == 1 and r.state.boat(0).delays == 0


def test_undo_reaches_back_to_the_last_roll_and_no_further(g):
    r = race_at(g, [boat(0, 0, 300, 315, planned="tack"), far(1)])
    r.push(Begin(False))
    r.push(Move(0))
    r.push(Luck(0))
    r.undo()
    assert r.state.step is Step.LUCK
    r.push(Luck(0))
    r.push(Roll(5, 5))
    assert not r.can_undo()
    with pytest.raises(IllegalAction):
        r.undo()



def test_rule_1_looks_at_the_card_laid_after_the_tack_too(g):
    """Rule 1: "When a boat is changing tack (tacking or jibing, even involuntarily), it
    shall keep clear of boats that are not changing tack. In game turns this means that a
    boat may not execute a tack or jibe if this would put the boat or its new manoeuvre
    card on another boat's manoeuvre card; in such cases the player has the option to take
    a one-turn delay or to exchange the tack/jibe card with normal card for that point of
    sail."

    A boat on port tack at 45° with the tack card; Sky's reach card lies across every
    place a card laid after either tack exit could lie, clear of the tack card and of the
    hull where each exit ends."""
    me = boat(0, 0, 600, 45, planned=None)
    sky = boat(1, -120, 672, 90, planned="reach.port")
    r = race_at(g, [me, sky], step=Step.MOVE, turn=dr.Turn(card="tack"))
    sky_card = g.card_shape(sky.pose, g.cards.types["reach.port"], sky.tack)
    ends = [o for o in dr.exit_options(g, race_at(g, [me, far(1)], step=Step.MOVE,
                                                      turn=dr.Turn(card="tack")).state)]
    assert len(ends) == 2 and all(o.reason is None for o in ends)
    # the tack itself lies on no card: its card and the hull where each exit ends are clear
    assert not sky_card.intersects(g.card_shape(me.pose, g.cards.types["tack"], me.tack))
    assert not any(sky_card.intersects(g.hull(o.pose, o.tack)) for o in ends)
    for o in ends:
        # every card that could be laid next (the tack card is not yet back in the hand)
        after = r.state.with_boat(me.with_(pose=o.pose, tack=o.tack), step=Step.PLACE)
        keys = [k for k, why in dr.card_options(g, after) if why is None]
        assert keys and all(g.card_shape(o.pose, g.cards.types[k], o.tack).intersects(sky_card) for k in keys)
    opts = dr.exit_options(g, r.state)
    assert all(o.reason is not None and "rule 1" in o.reason for o in opts)
    assert set(dr.substitutes(g, r.state)) >= {"delay", "close_hauled.port"}


def test_an_exit_closed_by_rule_1_does_not_count_as_the_clear_exit_that_forbids_stopping_short():
    """"the acting player must, if possible, use an exit line that does not cause
    boat-to-boat conflict. If this does not solve the problem, he must stop the execution
    of his move in a way that his boat does not touch the other boat, still keeping the
    direction of one of the possible exit lines." and rule 1: "a boat may not execute a
    tack or jibe if this would put the boat ... on another boat's manoeuvre card".

    Seen in a seeded race (tactician against hard on the outer trapeze, seed 106): the
    spinnaker-down card on a run, exits 0 and 1 touch mark 3s, exit 2 is clear of it but
    jibes onto Sky's card (closed by rule 1). The clear exit is no exit at all, so the boat
    must be able to take exit 0 or 1 and stop short; before the fix every exit was closed
    and the race could not go on. The position is the one that race reached in round 57
    (its record, format 2, no longer replays: a stop short in it ended beyond the boat
    that stopped it, see tests/test_stop_short_track.py)."""
    from dinghy import games
    from dinghy.core.geometry import Pose
    from dinghy.core.race import Race
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.games.dinghy_race.state import Boat, RaceState, Turn
    from dinghy.games.dinghy_race.turn import exit_options

    seats = (Seat("Orange", "Orange", "tactician"), Seat("Sky", "Sky", "hard"))
    g = games.load_game(RaceSetup(seats=seats, course="trapeze_outer", seed=106))
    orange = Boat(0, Pose(435.6919923970322, 502.67034634878905, 180), Tack.STARBOARD, planned="spi_down",
                  spi_up=True, lady_luck=3, weather_eye=0, started=True, legs_done=2, launched=True)
    sky = Boat(1, Pose(441.79984768171914, 415.1568587603043, 120), Tack.PORT, planned="reach.port",
               lady_luck=2, weather_eye=0, started=True, legs_done=2, launched=True)
    state = RaceState(boats=(orange, sky), order=(0, 1), round=57, active=0, step=Step.MOVE,
                      turn=Turn(card="spi_down"), done=frozenset({1}), start_crossings=((1, 6), (0, 6)))
    race = Race.from_state(g, state)
    opts = exit_options(race.game, state)
    closed_by_rule_1 = [o for o in opts if o.reason and "rule 1" in o.reason]
    assert closed_by_rule_1 and all(o.blocked_by is None for o in closed_by_rule_1)
    stop_short = [o for o in opts if o.blocked_by is not None]
    assert stop_short and all(o.reason is None for o in stop_short)
    moves = race.legal_actions()
    assert moves and all(isinstance(m, Move) for m in moves)
    race.push(moves[0])                       # and the race goes on
    assert race.state.round >= 57
