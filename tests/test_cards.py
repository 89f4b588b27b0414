"""Manoeuvre cards as data: the shipped sets, the arc model and placement.

Rule text ("The Manoeuvre Cards"): "place it so that the bow touches the entry line ...
and move the boat so that the stern touches one of the exit lines and the hull is
parallel to the exit line."  "The exit lines ... are always in 15° steps".
"""
import math

import pytest
from hypothesis import given, strategies as st

from dinghy.core import io
from dinghy.games.dinghy_race import data as dr_data
from dinghy.games.dinghy_race.cards import CardSet, Kind, arc_exit_point, exit_pose
from dinghy.core.errors import DataError
from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack

SIZES = ["small", "standard"]


@pytest.fixture(scope="module", params=SIZES)
def cards(request):
    return dr_data.load_cards(request.param)


def test_a_player_has_17_cards(cards):
    # Rule text: "Here is an overview of all manoeuvre cards a player has (a total of 17 cards)"
    assert cards.total_cards == 17
    assert len(cards.hand_keys()) == 17


def test_card_sizes_match_the_text():
    # "Small cards are 67 x 43 mm, standard cards (Gigamic) are 89 x 58 mm in size."
    small, std = dr_data.load_cards("small"), dr_data.load_cards("standard")
    assert (small.card_length, small.card_width, small.hull_length) == (67, 43, 17)
    assert (std.card_length, std.card_width, std.hull_length) == (89, 58, 62)


def test_cards_that_may_be_played_twice_come_twice(cards):
    # "Cards that may be played twice in succession are available twice in the manoeuvre deck."
    assert cards.copies["reach.port"] == 2 and cards.copies["close_hauled_trapeze.starboard"] == 2
    assert cards.copies["tack"] == 1 and cards.copies["close_hauled.port"] == 1


def test_every_exit_is_a_15_degree_step_on_the_card(cards):
    for card in cards.types.values():
        for ex in card.exits:
            assert ex.turn % 15 == 0
            assert -card.across / 2 - 1e-9 <= ex.x <= card.across / 2 + 1e-9
            assert -1e-9 <= ex.y <= card.along + 1e-9
            # every exit lies on the card's edge (far edge or a side edge)
            assert math.isclose(abs(ex.x), card.across / 2) or math.isclose(ex.y, card.along)


def test_non_trapeze_close_hauled_card_has_no_straight_exit(cards):
    # "The fact that the left card shows no blue sector between the two leftmost exit lines
    # is just a visual reminder that there is no "straight" exit line on this card."
    assert 0 not in [e.turn for e in cards.types["close_hauled.port"].exits]
    assert 0 in [e.turn for e in cards.types["close_hauled_trapeze.port"].exits]


def test_close_hauled_cards_are_played_sideways(cards):
    # rules notes: close-hauled "cards played sideways (short side along the boat)"
    c = cards.types["close_hauled_trapeze.starboard"]
    assert (c.along, c.across) == (cards.card_width, cards.card_length)
    r = cards.types["reach.starboard"]
    assert (r.along, r.across) == (cards.card_length, cards.card_width)


@given(st.integers(-11, 11).map(lambda k: k * 15), st.floats(20, 120), st.floats(20, 120))
def test_arc_exit_point_lies_on_the_card_edge(turn, along, across):
    x, y = arc_exit_point(turn, along, across)
    assert -1e-9 <= y <= along + 1e-9 and abs(x) <= across / 2 + 1e-9
    assert math.isclose(y, along, rel_tol=1e-9) or math.isclose(abs(x), across / 2, rel_tol=1e-9)
    assert (x > 0) == (turn > 0) or turn == 0


@given(st.sampled_from(SIZES), st.floats(-3000, 3000), st.floats(-3000, 3000),
       st.integers(0, 23).map(lambda k: k * 15), st.sampled_from(list(Tack)), st.data())
def test_execution_puts_the_stern_on_the_exit_and_the_hull_along_it(size, x, y, h, tack, data):
    cards = dr_data.load_cards(size)
    card = data.draw(st.sampled_from([c for c in cards.types.values() if c.exits]))
    ex = data.draw(st.sampled_from(card.exits))
    start = Pose(x, y, h)
    end = exit_pose(start, tack, card, ex, cards.hull_length)
    assert end.heading % 15 == 0
    assert (end.heading - h) % 360 == (tack.windward_sign * ex.turn) % 360
    stern = end.forward(-cards.hull_length)
    expected = start.to_world(tack.windward_sign * ex.x, ex.y)
    assert stern.xy == pytest.approx(expected, abs=1e-6)


def test_tack_card_exits_reproduce_the_texts_examples():
    # "You can tack successfully from an angle of 45° or 60° to the wind, the "sharp turn"
    # exit line on the tack card makes that possible."  And from 75° "to 30° instead of the
    # 45° minimum".
    cards = dr_data.load_cards("small")
    turns = sorted(e.turn for e in cards.types["tack"].exits)
    assert turns == [90, 105]
    for start, reachable in ((45, {45, 60}), (60, {30, 45}), (75, {15, 30})):
        assert {abs(start - t) for t in turns} == reachable


def _card_file(tmp_path, text):
    p = tmp_path / "cards.toml"
    p.write_text(text)
    return p


BASE = (io.data_dir("cards") / "small.toml").read_text()


@pytest.mark.parametrize("old, new, field", [
    ('card_width = 43', 'card_width = "wide"', "card_width"),
    ('exits = [{ turn = 60 }', 'exits = [{ turn = 65 }', "cards[3].exits[0].turn"),
    ('fits = ["close_hauled"]\ntrapeze = false\nplayed = "sideways"\nkind = "tack"',
     'fits = ["beating"]\ntrapeze = false\nplayed = "sideways"\nkind = "tack"', "cards[4].fits"),
    ('kind = "jibe"', 'kind = "gybe"', "cards[5].kind"),
    ('copies = 2\ntack = "each"\nfits = ["reaching", "running"]',
     'copies = 2\ncolour = "red"\ntack = "each"\nfits = ["reaching", "running"]', "cards[2].colour"),
    ('plus_zone = 0.34', 'plus_zone = 3', "plus_zone"),
])
def test_malformed_card_file_names_file_and_field(tmp_path, old, new, field):
    assert old in BASE
    p = _card_file(tmp_path, BASE.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        dr_data.load_cards(p)
    assert err.value.field == field
    assert str(p) in str(err.value) and field in str(err.value)


def test_broken_toml_names_the_file(tmp_path):
    p = _card_file(tmp_path, "size = \n")
    with pytest.raises(DataError, match="not valid TOML") as err:
        dr_data.load_cards(p)
    assert str(p) in str(err.value)


def test_set_without_delay_card_is_refused(tmp_path):
    text = BASE[:BASE.index('[[cards]]\nid = "delay"')]
    with pytest.raises(DataError, match="delay"):
        dr_data.load_cards(_card_file(tmp_path, text))


def test_explicit_exit_position_overrides_the_arc_model(tmp_path):
    text = BASE.replace('exits = [{ turn = 60 }', 'exits = [{ turn = 60, at = [10, 43] }', 1)
    cs = dr_data.load_cards(_card_file(tmp_path, text))
    ex = cs.types["round_up.port"].exits[0]
    assert (ex.x, ex.y) == (10, 43)
    with pytest.raises(DataError, match="off the card"):
        dr_data.load_cards(_card_file(tmp_path, text.replace("at = [10, 43]", "at = [10, 99]")))


def test_card_kinds_cover_the_set(cards):
    kinds = {c.kind for c in cards.types.values()}
    assert kinds == set(Kind)
