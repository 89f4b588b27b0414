"""Weather Eye cards, the inner-boat rule and protests (quotes from the rule text)."""
import pytest

from dinghy.games.dinghy_race.actions import Begin, Drift, Move, Overlap, Pass, Place, Protest, WeatherEye
from dinghy.core.errors import IllegalAction
from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.state import RulingRecord, Step, WeatherEyeCard
from dinghy.core.wind import Tack

from enginekit import boat, far, game, open_course, race_at


@pytest.fixture
def g():
    return game(2)


def _at_weather_eye_step(g, **kw):
    return race_at(g, [boat(0, 0, 600, 90, planned="reach.port"), far(1)], step=Step.WEATHER_EYE, **kw)


def test_weather_eye_placement_restrictions(g):
    # "the cards may not touch a boat, manoeuvre card or buoy, and ... must have a distance
    # of at least one ruler length from Weather Eye cards already in play"
    r = _at_weather_eye_step(g)
    assert "touches Orange" in r.why_not(WeatherEye(-5, 595, True))
    assert "card" in r.why_not(WeatherEye(30, 600, True))            # on Orange's card
    assert "mark 1" in r.why_not(WeatherEye(0, 1500, True))
    assert r.why_not(WeatherEye(400, 900, True)) is None
    r.push(WeatherEye(400, 900, True))
    assert r.state.boat(0).weather_eye == 1 and len(r.state.weather_eyes) == 1
    r2 = race_at(g, list(r.state.boats), step=Step.WEATHER_EYE, weather_eyes=r.state.weather_eyes)
    assert "ruler length" in r2.why_not(WeatherEye(400 + 40, 900 + 100, False))


def test_no_weather_eye_before_the_start(g):
    # rules notes: "no spi up and no weather eye placement before round 6"
    r = _at_weather_eye_step(g, round_=4)
    assert "round 6" in r.why_not(WeatherEye(400, 900, True))


def test_influence_lets_the_card_shift_sideways_within_the_plus_zone(g):
    # "you may move it sideways as far as you wish, as long as the bow still points into
    # the "+" zone on the card"; influence when the ruler "touches both the card and the
    # boat or its manoeuvre card"
    me = boat(0, 0, 600, 315, planned="close_hauled_trapeze.starboard", trapeze=True)
    card = g.cards.types["close_hauled_trapeze.starboard"]
    near = (WeatherEyeCard(-100, 690, True, 1),)
    r = race_at(g, [me, far(1)], step=Step.MOVE, turn=dr.Turn(card=card.key), weather_eyes=near)
    limit = dr.exit_options(g, r.state)[0].shift_limit
    assert limit == pytest.approx(card.across * g.cards.plus_zone / 2)
    straight = next(o for o in dr.exit_options(g, r.state) if o.turn == 0)
    shifted = next(o for o in dr.exit_options(g, r.state, limit) if o.turn == 0)
    # shifting to windward gains exactly the shift, sideways, and nothing else
    dx, dy = shifted.pose.x - straight.pose.x, shifted.pose.y - straight.pose.y
    assert (dx * dx + dy * dy) ** 0.5 == pytest.approx(limit)
    assert "at most" in r.why_not(Move(straight.index, shift=limit + 1))
    out_of_reach = (WeatherEyeCard(1200, 100, True, 1),)
    r = race_at(g, [me, far(1)], step=Step.MOVE, turn=dr.Turn(card=card.key), weather_eyes=out_of_reach)
    assert dr.exit_options(g, r.state)[0].shift_limit == 0
    assert "no Weather Eye" in r.why_not(Move(0, shift=3))


def test_last_player_drifts_weather_eye_cards_downwind_and_fixed_markers_stay(g):
    # "The last player in the round moves all Weather Eye cards downwind by one or two full
    # card lengths (his choice) ... When a weather eye card exits the playing area, remove it"
    eyes = (WeatherEyeCard(0, 900, True, 0), WeatherEyeCard(500, -560, False, 1),
            WeatherEyeCard(-600, 900, True, None))
    r = race_at(g, [boat(0, 0, 600, 90, planned="reach.port"), far(1)], step=Step.DRIFT,
                weather_eyes=eyes)
    r.push(Drift(2))
    kept = r.state.weather_eyes
    drifted = [w for w in kept if w.owner == 0][0]
    assert drifted.y == pytest.approx(900 - 2 * g.cards.card_length)   # long side along the wind
    assert not [w for w in kept if w.owner == 1]                      # drifted off the table
    assert [w for w in kept if w.owner is None][0].y == 900            # fixed marker
    assert r.state.round == 8 and r.state.step is Step.BEGIN


def test_round_ends_with_the_drift_step_when_cards_are_out(g):
    r = race_at(g, [boat(0, 0, 600, 90, planned="reach.port", weather_eye=0),
                    boat(1, 600, 600, 90, planned="reach.port")], step=Step.PLACE,
                order=(1, 0), weather_eyes=(WeatherEyeCard(0, 900, True, 1),), done=frozenset({1}),
                active=0)
    r.push(Place("reach.port"))
    assert r.state.step is Step.DRIFT


def _rounding_pair(g):
    """Two starboard-tack boats beating up to mark 1 (port rounding), cards across the
    line through the mark perpendicular to the best course (the 45° starboard course)."""
    m = g.course.mark("1")
    outer = boat(0, m.x - 98, m.y - 128, 315, planned="close_hauled_trapeze.starboard")
    inner = boat(1, m.x - 27, m.y - 57, 315, planned="close_hauled_trapeze.starboard")
    return outer, inner


def test_inner_boat_may_demand_the_outer_boats_position():
    # "The innermost boat (only) can then demand immediately ... to swap turn order
    # positions with the outer boat whose turn it is. ... After that, the active player
    # continues with his turn as usual."
    g = game(2)
    outer, inner = _rounding_pair(g)
    r = race_at(g, [outer, inner], order=(0, 1))
    assert Overlap(1) in r.interjections()
    assert "innermost" in r.why_not(Overlap(0)) or "rule 3" in r.why_not(Overlap(0))
    events = r.push(Overlap(1))
    assert r.state.order == (1, 0) and r.state.active == 0 and r.state.step is Step.BEGIN
    assert "rule 3" in events[0].text
    assert Overlap(1) not in r.interjections()          # once a turn
    # the claim is a ruling the players may protest while the outer boat's turn goes on
    r.push(Begin(False))
    assert Protest(True) in r.interjections() and r.state.last_ruling.rule == 3


def test_inner_boat_rule_is_an_option():
    # "If you think this rule is too fiddly, please feel free to ignore it."
    g = game(2, inner_boat_rule=False)
    outer, inner = _rounding_pair(g)
    r = race_at(g, [outer, inner], order=(0, 1))
    assert not [a for a in r.interjections() if isinstance(a, Overlap)]


def test_different_tacks_take_precedence_over_the_inner_boat():
    # "Note also that the "on different tacks" rule (rule 2., above) takes precedence"
    g = game(2)
    outer, inner = _rounding_pair(g)
    inner = inner.with_(tack=Tack.PORT, planned="close_hauled_trapeze.port")
    # not a position a race can be in: heading 315 with the wind from 0 is starboard tack
    # (game.position refuses it); only the tack differs from the pair that may demand room
    r = race_at(g, [outer, inner], order=(0, 1), check=False)
    assert not [a for a in r.interjections() if isinstance(a, Overlap)]


def test_protest_upheld_undoes_a_ruling_swap_and_is_recorded(g):
    ruling = RulingRecord(2, 0, 1, True, "Orange on port tack keeps clear of Sky on starboard tack (rule 2)")
    r = race_at(g, [boat(0, 0, 600, 45, planned="reach.port"), boat(1, 400, 600, 315, planned="reach.port")],
                order=(1, 0), last_ruling=ruling)
    assert Protest(True) in r.interjections()
    r.push(Protest(True))
    assert r.state.order == (0, 1) and r.state.last_ruling.protested
    assert r.actions[-1].text() == "protest upheld"
    with pytest.raises(IllegalAction):
        r.push(Protest(False))                          # one protest a ruling


def test_protest_dismissed_leaves_the_order(g):
    ruling = RulingRecord(4, 0, 1, False, "Orange is behind (rule 4)")
    r = race_at(g, [boat(0, 0, 600, 45), boat(1, 400, 600, 45)], order=(0, 1), last_ruling=ruling)
    events = r.push(Protest(False))
    assert r.state.order == (0, 1) and "dismissed" in events[0].text


def test_the_boat_whose_turn_it_is_must_be_one_of_the_outer_boats():
    # "The rule takes effect if a line drawn through the buoy, perpendicular to the best
    # course ..., touches the manoeuvre cards of more than one boat that are on a course to
    # round that turn marker, and one of the outer boats has its turn." A third boat on the
    # same leg and tack whose card is nowhere near that line is not an outer boat: the
    # inner boat may not take its position.
    g = game(3)
    outer, inner = _rounding_pair(g)
    m = g.course.mark("1")
    away = boat(2, m.x - 600, m.y - 700, 315, planned="close_hauled_trapeze.starboard")
    r = race_at(g, [outer, inner, away], order=(2, 0, 1))
    assert r.state.active == 2
    assert not [a for a in r.interjections() if isinstance(a, Overlap)]
    # the same three boats with an outer boat to act: the claim is open
    r = race_at(g, [outer, inner, away], order=(0, 2, 1))
    assert r.state.active == 0 and Overlap(1) in r.interjections()


def test_a_ruling_may_be_protested_only_until_the_next_boat_begins_its_turn(g):
    # "Any player may protest an illegal move. Once the player has completed the move and
    # removed his just-used movement card, the move cannot be changed, even if it was
    # illegal." Our reading for the engine's right-of-way rulings: a protest is heard
    # while the turn that drew the ruling goes on and before the next boat begins its
    # own; then the ruling stands, and the table no longer offers a protest.
    ruling = RulingRecord(2, 0, 1, True, "Orange on port tack keeps clear of Sky on starboard tack (rule 2)")
    r = race_at(g, [boat(0, 0, 600, 45, planned="reach.port"), boat(1, 400, 600, 315, planned="reach.port")],
                order=(1, 0), last_ruling=ruling)
    assert r.state.step is Step.BEGIN and Protest(True) in r.interjections()
    r.push(Begin(False))                                 # Sky begins its turn
    assert not [a for a in r.interjections() if isinstance(a, Protest)]
    assert r.why_not(Protest(True)) == "there is no right-of-way ruling open to protest"
    assert r.state.order == (1, 0)                       # the ruling stands


def test_a_weather_eye_card_may_not_lie_on_a_capsized_boats_face_up_delay_cards(g):
    # "the only restrictions are that the cards may not touch a boat, manoeuvre card or
    # buoy"; "more than one delay cards may be placed face-up in front of your boat,
    # replacing any card that may have been there"
    capsized = boat(1, 0, 600, 90, planned=None, delays=2)
    r = race_at(g, [boat(0, 400, 200, 90, planned="reach.port"), capsized], step=Step.WEATHER_EYE)
    delay_card = g.card_shape(capsized.pose, g.delay_card, capsized.tack)
    on_it = WeatherEye(40, 600, True)       # 43 mm across: x 18.5 to 61.5, clear of the hull
    shape = dr.weather_eye_shape(g, WeatherEyeCard(40, 600, True, 0))
    assert shape.intersects(delay_card) and not shape.intersects(g.hull(capsized.pose, capsized.tack))
    reason = r.why_not(on_it)
    assert reason is not None and "Sky's card" in reason
