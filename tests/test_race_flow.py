"""Start, right of way, records and whole races (quotes from the rule text, 002_...txt)."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dinghy import games
from dinghy.games.dinghy_race.actions import Begin, Launch, Move, Pivot, Place, parse
from dinghy.core.errors import DataError
from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.games.dinghy_race.state import Step
from dinghy.core.wind import Tack

from enginekit import boat, far, game, race_at


def bot_setup(course: str, boats: int, seed: int) -> RaceSetup:
    names = list(PALETTE)[:boats]
    return RaceSetup(seats=tuple(Seat(n, n, "simple") for n in names), course=course, seed=seed)


# --- set-up and pre-start -------------------------------------------------------------

def test_turn_order_is_shuffled_by_the_seed():
    # "shuffle the turn order cards and put them face-up in a row to determine the turn order"
    orders = {Race(games.load_game(bot_setup("olympic_triangle", 6, s))).state.order for s in range(12)}
    assert len(orders) > 1
    assert all(sorted(o) == list(range(6)) for o in orders)
    again = Race(games.load_game(bot_setup("olympic_triangle", 6, 3))).state.order
    assert again == Race(games.load_game(bot_setup("olympic_triangle", 6, 3))).state.order


def test_launch_must_be_downwind_of_the_start_line_clear_of_others():
    # "each player puts his boat in a position of his choice downwind of the start line ...
    # Boats must be placed in a way that they and their manoeuvre cards do not touch"
    r = Race(game(2))
    first = r.state.active
    slots = r.legal_actions()
    assert slots and all(isinstance(a, Launch) for a in slots)
    assert all(r.game.leeward_depth(a.x, a.y) > 0 for a in slots)
    assert "downwind" in r.why_not(Launch(0, 50, 315, "close_hauled.starboard"))
    r.push(slots[0])
    assert r.state.active != first
    same = Launch(slots[0].x, slots[0].y, slots[0].heading, slots[0].card)
    assert "touches" in r.why_not(same)


def _launch_all(r: Race):
    while r.state.step is Step.LAUNCH:
        r.push(r.legal_actions()[0])


def test_five_prestart_rounds_then_the_start():
    # "five pre-start rounds are followed by as many rounds as needed"
    r = Race(game(2))
    _launch_all(r)
    assert r.state.round == 1 and r.state.step is Step.BEGIN
    assert dr.prestart(r.state)
    r2 = race_at(r.game, list(r.state.boats), round_=6)
    assert not dr.prestart(r2.state)


def test_touching_the_start_line_early_means_replacing_to_leeward_with_a_delay():
    # "When a player touches the start line before round 6, he must remove his boat place
    # it again ... at least as much to leeward as the boat that is farthest to downwind
    # at this moment. He must then place a delay card as his manoeuvre for the next turn."
    g = game(2)
    deep = boat(1, 200, -400, 90, planned="reach.port", started=False)
    near = boat(0, -100, -25, 315, planned="close_hauled_trapeze.starboard", started=False)
    r = race_at(g, [near, deep], round_=3)
    r.push(Begin(True))
    straight = next(o for o in dr.exit_options(g, r.state) if o.turn == 0)
    r.push(Move(straight.index))
    assert r.state.step is Step.LAUNCH
    relaunch = r.legal_actions()
    assert relaunch and all(a.card == "delay" for a in relaunch)
    assert all(g.leeward_depth(a.x, a.y) >= g.leeward_depth(-0, -400) - 1e-6 for a in relaunch)
    shallow = Launch(-100, -200, 315, "delay")
    assert "leeward" in r.why_not(shallow)
    r.push(relaunch[0])
    assert r.state.boat(0).planned == "delay" and r.state.active == 1


def test_a_prestart_pivot_that_swings_the_hull_over_the_start_line_touches_it():
    # "When a player touches the start line before round 6, he must remove his boat place
    # it again ..." -- a delay card's pivot ("You are allowed to perform one 45°-turn
    # whenever executing ... a delay card") turns the boat about its bow, so a boat lying
    # along the line just below it swings its stern across.
    g = game(2)
    deep = boat(1, 200, -400, 90, planned="reach.port", started=False)
    near = boat(0, -100, -4, 90, planned="delay", started=False)
    r = race_at(g, [near, deep], round_=3)
    r.push(Begin(False))
    assert r.state.step is Step.PIVOT
    r.push(Pivot(45))
    assert r.state.step is Step.LAUNCH, [e.text for e in r.last_events]
    assert any("touched the start line" in e.text for e in r.last_events)
    assert all(a.card == "delay" for a in r.legal_actions())


def test_a_prestart_pivot_clear_of_the_line_is_no_touch():
    g = game(2)
    deep = boat(1, 200, -400, 90, planned="reach.port", started=False)
    near = boat(0, -100, -4, 90, planned="delay", started=False)
    r = race_at(g, [near, deep], round_=3)
    r.push(Begin(False))
    r.push(Pivot(-45))                       # the stern swings down, away from the line
    assert r.state.step is Step.PLACE


def test_crossing_the_start_reorders_the_turn_order():
    # "The first boat ... to cross the start line becomes #1 in the subsequent turn, the
    # next #2 etc."
    g = game(3)
    a = boat(0, -200, -200, 0 + 315, planned="close_hauled_trapeze.starboard", started=False)
    b = boat(1, 100, -20, 315, planned="close_hauled_trapeze.starboard", started=False)
    c = boat(2, 1300, 2000, 90, planned="reach.port", started=False)
    r = race_at(g, [a, b, c], round_=6, order=(0, 2, 1))
    for _ in range(3):          # each boat: trapeze, straight on, a placement
        st = r.state
        r.push(Begin(st.boat().planned.startswith("close_hauled_trapeze")))
        opts = dr.exit_options(g, r.state)
        r.push(Move(next(o.index for o in opts if o.turn == 0 and o.reason is None)))
        while r.state.step is not Step.BEGIN:
            acts = r.legal_actions()
            r.push(next((x for x in acts if isinstance(x, Place) and x.card), acts[0]))
    assert [i for i, _ in r.state.start_crossings] == [1]
    assert r.state.order[0] == 1 and r.state.round == 7


# --- right of way ---------------------------------------------------------------------

def _meeting(g, my_heading, my_card, other_heading, other_card):
    me = boat(0, 0, 600, my_heading, planned=my_card)
    straight = next(o for o in dr.exit_options(
        g, race_at(g, [me, far(1)], step=Step.MOVE, turn=dr.Turn(card=my_card)).state) if o.turn == 0)
    # the other boat's card lies across my straight exit; its hull stays clear of my path
    other_card_type = g.cards.types[other_card]
    from dinghy.core.geometry import Pose
    ob = Pose(straight.pose.x, straight.pose.y, other_heading).offset(0, -other_card_type.along / 2)
    return me, boat(1, ob.x, ob.y, other_heading, planned=other_card)


def test_port_keeps_clear_of_starboard_and_swaps_when_it_cannot():
    # "2. If the boats are on different tacks, the boat on the starboard tack has the right of way."
    g = game(2)
    me, other = _meeting(g, 45, "close_hauled_trapeze.port", 315, "close_hauled_trapeze.starboard")
    assert me.tack is Tack.PORT and other.tack is Tack.STARBOARD
    r = race_at(g, [me, other], step=Step.MOVE, turn=dr.Turn(card="close_hauled_trapeze.port"),
                order=(0, 1))
    opts = dr.exit_options(g, r.state)
    met = [o for o in opts if o.gives_way]
    assert met and all(o.gives_way[0].rule == 2 for o in met)
    assert "port tack keeps clear of Sky on starboard tack (rule 2)" in met[0].gives_way[0].text


def test_the_boat_ahead_has_right_of_way_on_the_same_tack():
    # "4. If the boats are on the same tack, the boat that is ahead has the right of way."
    from dinghy.games.dinghy_race.right_of_way import ahead, decide
    g = game(2)
    leader = boat(1, 0, 1000, 45, legs_done=0)
    chaser = boat(0, 0, 400, 45, legs_done=0)
    r = race_at(g, [chaser, leader])
    assert ahead(g, r.state, 0, 1) == 1
    ruling = decide(g, r.state, 0, 1, False)
    assert ruling.rule == 4 and ruling.keeps_clear == 0
    # "If the boats are on different legs ... the boat that has already rounded more buoys is ahead."
    far_behind_but_rounded = boat(0, 0, -300, 45, legs_done=1)
    r = race_at(g, [far_behind_but_rounded, leader])
    assert ahead(g, r.state, 0, 1) == 0


def test_changing_tack_keeps_clear_first():
    # "1. When a boat is changing tack ... it shall keep clear of boats that are not changing tack."
    from dinghy.games.dinghy_race.right_of_way import decide
    g = game(2)
    r = race_at(g, [boat(0, 0, 400, 315), boat(1, 0, 1000, 45)])
    ruling = decide(g, r.state, 0, 1, True)
    assert ruling.rule == 1 and ruling.keeps_clear == 0   # even on starboard tack


# --- records --------------------------------------------------------------------------

def _bot_race(course="olympic_triangle", boats=3, seed=5, limit=400):
    race = Race(games.load_game(bot_setup(course, boats, seed)))
    rng = random.Random(seed)
    for _ in range(limit):
        if race.over:
            break
        race.push(skipper("simple").choose(race, rng))
    return race


def test_a_record_replays_to_the_identical_state(tmp_path):
    race = _bot_race()
    path = tmp_path / "race.json"
    games.save_race(path, race)
    again = games.load_race(path)
    assert again.state == race.state
    assert [e.text for e in again.events] == [e.text for e in race.events]


def test_a_tampered_record_fails_whole_naming_the_action(tmp_path):
    race = _bot_race(limit=120)
    data = race.record()
    # change one exit to one that does not exist
    k = next(i for i, a in enumerate(data["actions"]) if a.startswith("move"))
    data["actions"][k] = "move 99"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert f"actions[{k}]" in str(err.value) and str(path) in str(err.value)


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d.update(format=99), "format"),
    (lambda d: d.pop("actions"), "actions"),
    (lambda d: d["setup"].update(lady_luck=-1), "setup.lady_luck"),
    (lambda d: d.update(extra=1), "extra"),
])
def test_a_damaged_record_names_the_field(tmp_path, mutate, field):
    data = _bot_race(limit=10).record()
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == field


def test_a_record_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": 2, "actions": [')
    with pytest.raises(DataError, match="not valid JSON"):
        games.load_race(path)


# --- seeded random races: invariants after every action -------------------------------

def _check_invariants(race: Race):
    g, st = race.game, race.state
    hulls = [(b.index, g.hull(b.pose, b.tack)) for b in st.boats if b.launched and b.racing]
    for b in st.boats:
        assert b.pose.heading % 15 == 0
        assert 0 <= b.lady_luck <= g.setup.lady_luck
        assert b.legs_done <= len(g.course.legs)
    for i, (a, ha) in enumerate(hulls):
        for b, hb in hulls[i + 1:]:
            assert not ha.intersects(hb), f"hulls of boats {a} and {b} overlap"
    marks_and_land = [(n, geom) for n, geom in g.obstacles(dr.lines_on_water(g, st))[0]]
    for a, ha in hulls:
        for name, geom in marks_and_land:
            assert not ha.intersects(geom), f"boat {a} touches {name}"
    if st.places:
        assert [st.boats[i].finished for i in st.places] == list(range(1, len(st.places) + 1))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from(["olympic_triangle", "island_race", "up_and_down"]))
def test_random_legal_play_keeps_the_invariants(seed, course):
    """Players choosing uniformly among legal actions (dice from the seed) never break the
    table: no overlapping hulls, whole 15° headings, places in order; and replay = original."""
    race = Race(games.load_game(bot_setup(course, 4, seed)))
    rng = random.Random(seed)
    for _ in range(300):
        if race.over:
            break
        if race.chance:
            race.roll()
        else:
            race.push(rng.choice(race.legal_actions() + race.interjections()))
        _check_invariants(race)
    again = Race.replay(race.game, [a.text() for a in race.actions])
    assert again.state == race.state


def test_start_line_is_removed_when_the_last_boat_has_started_and_the_finish_set_up_late():
    # "When the last boat has started, remove the start line." "When the first boat begins
    # the last leg of the race, set up the finish line"
    g = game(2)
    (ax, ay) = g.course.start.a
    # a card lying right over the start line's end buoy
    me = boat(0, ax - 30, ay - 5, 90, planned=None)
    waiting = boat(1, 1300, -500, 90, planned="reach.port", started=False)
    r = race_at(g, [me, waiting], step=Step.PLACE)
    assert dr.lines_on_water(g, r.state) == (True, False)
    assert "start line's buoy" in dict(dr.card_options(g, r.state))["reach.port"]
    r = race_at(g, [me, waiting.with_(started=True)], step=Step.PLACE)
    assert dr.lines_on_water(g, r.state) == (False, False)
    assert dict(dr.card_options(g, r.state))["reach.port"] is None
    # the finish (here the same line) is set up once a boat sails its last leg
    home = waiting.with_(started=True, legs_done=len(g.course.legs))
    r = race_at(g, [me, home], step=Step.PLACE)
    assert dr.lines_on_water(g, r.state) == (False, True)
    assert "buoy" in dict(dr.card_options(g, r.state))["reach.port"]
