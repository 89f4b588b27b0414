"""Finishing: the boat leaves the race at once, and the next boat's turn is its own.

Rule text (002_...txt): "Each boat finishes the race the moment it touches (or moves
beyond) the finish line; the boat itself counts, not its manoeuvre card. The boat is then
removed from the game immediately; you do not wait until the current round is finished."
"""
import json
import random
from pathlib import Path

import pytest

from dinghy import cli, games
from dinghy.core.errors import DataError
from dinghy.core.race import RECORD_FORMAT
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Begin, Drift, Move
from dinghy.games.dinghy_race.state import Step, WeatherEyeCard
from dinghy.skippers import play_bots, skipper

from botkit import resumed
from enginekit import boat, far, game, race_at


def _home(i, y=60, heading=195, **kw):
    """A boat on its last leg, running for the finish line (y = 0) just below it."""
    g = game(2)
    kw.setdefault("planned", "reach.starboard")
    return boat(i, 0, y, heading, legs_done=len(g.course.legs), **kw)


def test_a_finishing_move_hands_the_next_boat_its_whole_turn():
    # "The boat is then removed from the game immediately": the next boat begins its own
    # turn -- it reveals and moves; it is not asked to place a card straight away.
    g = game(3)
    r = race_at(g, [_home(0), far(1), far(2)])
    r.push(Begin(False))
    straight = next(o for o in dr.exit_options(g, r.state) if o.turn == 0)
    r.push(Move(straight.index))
    st = r.state
    assert st.boats[0].finished == 1 and st.places == (0,)
    assert st.active == 1 and st.step is Step.BEGIN
    assert st.turn == dr.Turn()
    assert st.boats[1].planned == "reach.port"       # its card still lies there, face-down
    assert Begin(False) in r.legal_actions()
    r.push(Begin(False))
    assert r.state.step is Step.MOVE and r.state.active == 1


def test_the_hazard_roll_of_a_finishing_move_falls_on_no_one():
    # The finishing boat is out of the game; no roll of its move is left for the next boat.
    g = game(3)
    r = race_at(g, [_home(0, heading=165, planned="jibe"), far(1), far(2)])
    r.push(Begin(False))
    opts = [o for o in dr.exit_options(g, r.state) if o.reason is None]
    assert opts, "the jibe must have an open exit"
    r.push(Move(opts[0].index))
    st = r.state
    assert st.boats[0].finished == 1
    assert st.active == 1 and st.step is Step.BEGIN and st.turn.hazards == ()
    assert st.boats[1].lady_luck == far(1).lady_luck


def test_when_the_last_boat_of_the_round_finishes_a_racing_boat_drifts_the_weather_eye():
    # "The last player in the round moves all Weather Eye cards downwind ... after his
    # turn" -- the finished boat is removed, so the last boat still racing does it.
    g = game(3)
    we = WeatherEyeCard(800, 1500, True, owner=1)
    r = race_at(g, [_home(0), far(1), far(2)], order=(1, 2, 0), weather_eyes=(we,),
                done=frozenset({1, 2}), active=0)
    r.push(Begin(False))
    straight = next(o for o in dr.exit_options(g, r.state) if o.turn == 0)
    r.push(Move(straight.index))
    st = r.state
    assert st.boats[0].finished == 1
    assert st.step is Step.DRIFT and st.active == 2 and st.boats[st.active].racing
    r.push(Drift(1))
    assert r.state.step is Step.BEGIN and r.state.active == 1


@pytest.mark.race
def test_whole_bot_races_give_every_boat_its_turns_after_others_finish():
    """Seeded whole races: after a finish, each boat still racing begins its turns with
    a reveal (Begin), never straight at the place step. (Four simple boats on the
    up-and-down course; each race is replayed from its record up to the action before
    the first finish, tests/records/bot_races.json, the skippers' random stream with it,
    and sailed on from there by the skippers, choice for choice as in the race sailed
    whole; every turn of the record is held to the same check.)"""
    for seed in (3, 8):
        race, rng = resumed(f"finishing_simple_{seed}")
        assert race.game.setup.seed == seed and not race.state.places
        bot = skipper("simple")
        while not race.over and len(race.actions) < 8000:
            if race.chance:
                race.roll()
            else:
                race.push(bot.choose(race, rng))
        for prev, st in zip(race.history, race.history[1:]):
            if st.active != prev.active and st.step not in (Step.LAUNCH, Step.OVER, Step.DRIFT):
                assert st.step is Step.BEGIN, f"boat {st.active} starts its turn at {st.step}"
        assert race.over and sorted(race.places()) == [1, 2, 3, 4]


# --- records: format 2 and later ---------------------------------------------------------

RECORDS = Path(__file__).parent / "records"


def test_a_race_with_finishes_is_recorded_in_todays_format_and_replays(tmp_path):
    # (two simple boats on the short lap, the shortest shipped course: a whole race)
    seats = tuple(Seat(n, n, "simple") for n in list(PALETTE)[:2])
    race = Race(games.load_game(RaceSetup(seats=seats, course="short_lap", seed=3)))
    play_bots(race, random.Random(3))
    assert race.over
    path = tmp_path / "race.json"
    games.save_race(path, race)
    assert json.loads(path.read_text())["format"] == RECORD_FORMAT == 4
    again = games.load_race(path)
    assert again.state == race.state and again.record_format == 4


def test_a_format_1_record_made_under_the_old_finishing_rule_is_refused_in_one_line(tmp_path):
    # Made by the dinghy whose finishing move handed its hazard roll and the place step to
    # the next boat: today's rules cannot replay what it recorded, so it fails whole.
    path = RECORDS / "format1_finish_hands_on_the_move.json"
    assert json.loads(path.read_text())["format"] == 1
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == "format"
    assert "old finishing rule" in str(err.value) and "\n" not in str(err.value)
    out = tmp_path / "x.svg"
    assert cli.main(["replay", str(path), "--export", str(out)]) == 2
    assert not out.exists()


def test_a_format_1_record_the_fix_does_not_touch_replays_the_same(tmp_path):
    # Until a boat finishes, format 1 and format 2 mean the same actions.
    path = RECORDS / "format1_before_the_finish.json"
    data = json.loads(path.read_text())
    race = games.load_race(path)
    assert race.record_format == 1 and len(race.actions) == len(data["actions"])
    assert not race.state.places
    # re-saved, it is a record of today's format of the same race, sailed by the readings
    # of its time (a Spi down with no spinnaker up rolled then: the set-up says so)
    games.save_race(tmp_path / "again.json", race)
    again = games.load_race(tmp_path / "again.json")
    assert again.record_format == RECORD_FORMAT and again.state == race.state
    assert dict(again.game.setup.extra)["spi_down_without_spinnaker"] == "rolls"
    # and rule 1 then looked at the tack card only (format 4 looks at the next card too)
    assert dict(again.game.setup.extra)["rule_1_next_card"] == "tack_only" and not again.game.rule_1_next_card


@pytest.mark.parametrize("fmt", [0, 5, "2", True, None, 1.0])
def test_a_record_of_an_unknown_format_names_the_field(tmp_path, fmt):
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    data["format"] = fmt
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == "format"


def test_a_format_2_record_sailed_when_spi_down_always_rolled_replays_the_same(tmp_path):
    # Format 2 was written while a Spi down laid with no spinnaker up rolled the
    # take-down's hazard; today it only sails ("I would not punish a player for using it
    # out of context"). The older record is replayed by the reading it was sailed under
    # (its set-up's option), and re-saved it keeps that reading.
    path = RECORDS / "format2_spi_down_rolled.json"
    data = json.loads(path.read_text())
    assert data["format"] == 2 and "spi_down_without_spinnaker" not in dict(map(tuple, data["setup"]["extra"]))
    race = games.load_race(path)
    assert len(race.actions) == len(data["actions"]) and race.game.spi_down_rolls
    rolled = [i for i, s in enumerate(race.history[:-1])
              if s.step.value == "move" and s.turn.card == "spi_down" and not s.boat().spi_up
              and race.history[i + 1].step.value in ("luck", "roll")]
    assert rolled, "the record has a Spi down rolled with no spinnaker up"
    games.save_race(tmp_path / "again.json", race)
    again = games.load_race(tmp_path / "again.json")
    assert again.record_format == RECORD_FORMAT and again.state == race.state
    # the same set-up without the option is today's reading: that record no longer replays
    fresh = dict(data, format=RECORD_FORMAT)
    (tmp_path / "today.json").write_text(json.dumps(fresh))
    with pytest.raises(DataError) as err:
        games.load_race(tmp_path / "today.json")
    assert "cannot be played here" in str(err.value)


def test_the_spi_down_option_takes_sails_or_rolls_only(tmp_path):
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    data["format"] = RECORD_FORMAT
    data["setup"]["extra"] = [["spi_down_without_spinnaker", "sometimes"]]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == "setup.extra.spi_down_without_spinnaker" and "sails, rolls" in str(err.value)
