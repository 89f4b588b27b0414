"""Series scoring: the systems the rule text's "Winning the Race" names, discards, DNF
and the race-by-race tie-break. Expected totals are worked out by hand in the comments."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dinghy.core.scoring import SCORING_SYSTEMS, SeriesRow, higher_wins, points, series_table


def test_known_systems():
    assert set(SCORING_SYSTEMS) == {"3m", "10-9-8", "low_point", "bonus_point"}
    assert all(isinstance(d, str) and d for d in SCORING_SYSTEMS.values())
    assert higher_wins("3m") and higher_wins("10-9-8")
    assert not higher_wins("low_point") and not higher_wins("bonus_point")


def test_ten_nine_eight():
    # "You may award 10 points to the winner and one point less for each following place,
    # down to 5 points for 6th place"
    assert [points("10-9-8", p, 6) for p in range(1, 7)] == [10, 9, 8, 7, 6, 5]
    # past 6th: still one less a place, but never below 1 (our documented floor)
    assert [points("10-9-8", p, 12) for p in (7, 9, 10, 11, 12)] == [4, 2, 1, 1, 1]


def test_three_m():
    # "The 10-9-8-7-6-5 rule quoted above is from the 3M Regatta game, only, in a bout of
    # generosity, they made it 1000-900-800 etc. points."
    assert [points("3m", p, 6) for p in range(1, 7)] == [1000, 900, 800, 700, 600, 500]
    assert all(points("3m", p, 14) == 100 * points("10-9-8", p, 14) for p in range(1, 16))


def test_low_point():
    # "Under the low point system, boats get 1-2-3-4-5-6 etc. points for the races"
    assert [points("low_point", p, 9) for p in range(1, 10)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_bonus_point():
    # "under the bonus point system it is 0-3-5.7-8-10-11.7 for the first six places"
    assert [points("bonus_point", p, 6) for p in range(1, 7)] == [0, 3, 5.7, 8, 10, 11.7]
    # 7th and later: place + 6 (RRS appendix convention)
    assert [points("bonus_point", p, 9) for p in (7, 8, 9)] == [13, 14, 15]


def test_dnf_scores_one_place_worse_than_the_fleet():
    # fleet of 4: a DNF is scored as 5th place
    race = [[2, None, 1, 3]]
    low = {r.boat: r.total for r in series_table(race, "low_point")}
    assert low[1] == 5
    assert {r.boat: r.total for r in series_table(race, "bonus_point")}[1] == 10
    assert {r.boat: r.total for r in series_table(race, "10-9-8")}[1] == 6
    assert points("low_point", 5, 4) == 5  # the DNF place is allowed in points()
    # every finisher, even the last, beats a DNF
    assert [r.boat for r in series_table(race, "low_point")] == [2, 0, 3, 1]


def test_low_point_series_hand_worked():
    # 3 boats, 3 races.  boat 0: 1+3+1 = 5, boat 1: 2+1+3 = 6, boat 2: 3+2+2 = 7
    results = [[1, 2, 3], [3, 1, 2], [1, 3, 2]]
    table = series_table(results, "low_point")
    assert [(r.boat, r.total, r.rank) for r in table] == [(0, 5, 1), (1, 6, 2), (2, 7, 3)]
    assert table[0] == SeriesRow(0, (1.0, 3.0, 1.0), None, 5.0, 1)


def test_high_point_series_hand_worked():
    # 10-9-8, same results: boat 0: 10+8+10 = 28, boat 1: 9+10+8 = 27, boat 2: 8+9+9 = 26
    results = [[1, 2, 3], [3, 1, 2], [1, 3, 2]]
    table = series_table(results, "10-9-8")
    assert [(r.boat, r.total) for r in table] == [(0, 28), (1, 27), (2, 26)]
    assert [(r.boat, r.total) for r in series_table(results, "3m")] == [(0, 2800), (1, 2700), (2, 2600)]


def test_discard_worst():
    # "In both systems each boat can usually ignore its worst race result in a series."
    # low point: boat 0 = 1, 1, 4 -> drops race 2 (4) -> 2; boat 1 = 2, 2, 1 -> drops a 2
    # (race 0, the earliest) -> 3
    results = [[1, 2, 3, 4], [1, 2, 3, 4], [4, 1, 2, 3]]
    table = {r.boat: r for r in series_table(results, "low_point", discard_worst=True)}
    assert (table[0].discarded, table[0].total) == (2, 2)
    assert (table[1].discarded, table[1].total) == (0, 3)
    assert table[0].race_points == (1, 1, 4)  # the dropped race is still listed
    # high point: the worst race is the one with the fewest points
    table = {r.boat: r for r in series_table(results, "10-9-8", discard_worst=True)}
    assert (table[0].discarded, table[0].total) == (2, 20)


def test_discard_needs_two_races():
    table = series_table([[2, 1]], "low_point", discard_worst=True)
    assert all(r.discarded is None for r in table)
    assert {r.boat: r.total for r in table} == {0: 2, 1: 1}


def test_discard_can_drop_a_dnf():
    # boat 1 fails to finish race 0 (scored 4 in a fleet of 3) and drops it
    results = [[1, None, 2], [2, 1, 3]]
    row = {r.boat: r for r in series_table(results, "low_point", discard_worst=True)}[1]
    assert row.race_points == (4, 1) and row.discarded == 0 and row.total == 1


def test_tie_broken_by_first_untied_race():
    # "Ties are broken by listing the scores race by race; the first un-tied race result
    # wins the overall tie."  Boats 0 and 1 both total 4 (low point); race 0 decides:
    # boat 1 was 1st there.
    results = [[3, 1, 2], [1, 3, 2]]
    # boat 0: 3+1 = 4, boat 1: 1+3 = 4, boat 2: 2+2 = 4 -> race 0: boat 1 (1), boat 2 (2), boat 0 (3)
    assert [(r.boat, r.rank) for r in series_table(results, "low_point")] == [(1, 1), (2, 2), (0, 3)]
    # high point: the same order, because the better race-0 score is the higher one
    assert [r.boat for r in series_table(results, "10-9-8")] == [1, 2, 0]


def test_tie_falls_through_to_later_races():
    # Two finishers can share a race score only through the 10-9-8 floor (11th and 12th
    # both score 1). Boats 0 and 1 tie on total (1 + 9 + 10 = 1 + 10 + 9 = 20) and on
    # race 0, so race 1 decides: boat 1 scored 10 there, boat 0 only 9.
    results = [
        [11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],   # boats 0 and 1 both score 1
        [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],   # 9 vs 10: boat 1 better here
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],   # 10 vs 9: evens the total
    ]
    rows = {r.boat: r for r in series_table(results, "10-9-8")}
    assert rows[0].total == rows[1].total == 1 + 9 + 10
    assert rows[1].rank < rows[0].rank


def test_tie_break_counts_the_discarded_race():
    # Our reading of "listing the scores race by race": every race, the dropped one too.
    # boat 0: 1, 3, 2 -> drops 3 -> 3;  boat 1: 2, 1, 3 -> drops 3 -> 3.  Tied; race 0
    # (1 against 2) gives it to boat 0, even though boat 1's race 1 is better.
    results = [[1, 2, 3], [3, 1, 2], [2, 3, 1]]
    table = series_table(results, "low_point", discard_worst=True)
    order = [r.boat for r in table]
    assert table[0].total == table[1].total == table[2].total == 3
    assert order == [0, 1, 2]


def test_bonus_point_ties_exactly_despite_decimals():
    # boat 0: places 3, 1, 2, 3 -> 5.7 + 0 + 3 + 5.7 = 14.4 (in floats, summed in that
    # order, 14.399999999999999); boat 1: places 1, 3, 3, 2 -> 0 + 5.7 + 5.7 + 3 = 14.4.
    # A true tie, so race 0 decides: boat 1 was first there. Boat 2: 3 + 3 + 0 + 0 = 6.
    results = [[3, 1, 2], [1, 3, 2], [2, 3, 1], [3, 2, 1]]
    rows = {r.boat: r for r in series_table(results, "bonus_point")}
    assert rows[0].total == rows[1].total == pytest.approx(14.4)
    assert rows[0].total == rows[1].total  # exactly, not merely close
    assert [r.boat for r in series_table(results, "bonus_point")] == [2, 1, 0]


def test_identical_records_share_a_rank():
    # two boats both DNF every race: nothing can split them; listed by boat number
    results = [[1, None, None], [1, None, None]]
    table = series_table(results, "low_point")
    assert [(r.boat, r.rank) for r in table] == [(0, 1), (1, 2), (2, 2)]


def test_empty_series():
    assert series_table([], "low_point") == []


@pytest.mark.parametrize("results, words", [
    ([[1, 2], [1]], "race 2"),               # boats missing
    ([[1, 1]], "twice"),                     # two boats in one place
    ([[0, 1]], "place"),                     # no place 0
    ([[1, 3]], "place"),                     # beyond the fleet
    ([[1, True]], "place"),                  # not a number
    ([[1, 2.0]], "place"),
    (["12"], "list of places"),
    ("12", "list of races"),
])
def test_bad_results(results, words):
    with pytest.raises(ValueError, match=words):
        series_table(results, "low_point")


def test_unknown_system_lists_the_known_ones():
    for call in (lambda: points("f1", 1, 3), lambda: series_table([[1]], "f1"), lambda: higher_wins("f1")):
        with pytest.raises(ValueError) as info:
            call()
        for name in SCORING_SYSTEMS:
            assert name in str(info.value)


@pytest.mark.parametrize("place, fleet", [(0, 5), (7, 5), (1, 0), (True, 5), (2.5, 5)])
def test_points_rejects_impossible_places(place, fleet):
    with pytest.raises(ValueError):
        points("low_point", place, fleet)


# --- properties -----------------------------------------------------------------------

@st.composite
def series(draw):
    fleet = draw(st.integers(1, 8))
    races = []
    for _ in range(draw(st.integers(1, 5))):
        order = draw(st.permutations(range(1, fleet + 1)))
        races.append([None if draw(st.integers(0, 9)) == 0 else p for p in order])
    return races


@settings(max_examples=60, deadline=None)
@given(series(), st.sampled_from(sorted(SCORING_SYSTEMS)), st.booleans())
def test_table_is_consistent(results, system, discard):
    table = series_table(results, system, discard_worst=discard)
    fleet = len(results[0])
    assert sorted(r.boat for r in table) == list(range(fleet))
    sign = -1 if higher_wins(system) else 1
    for row in table:
        dropped = row.race_points[row.discarded] if row.discarded is not None else 0
        assert row.total == pytest.approx(sum(row.race_points) - dropped)
        assert (row.discarded is not None) == (discard and len(results) >= 2)
        if row.discarded is not None:  # the dropped race is a worst one
            assert all(sign * p <= sign * dropped for p in row.race_points)
    for a, b in zip(table, table[1:]):
        assert sign * a.total <= sign * b.total + 1e-9
        assert a.rank <= b.rank
    assert table[0].rank == 1


@settings(max_examples=60, deadline=None)
@given(series(), st.sampled_from(sorted(SCORING_SYSTEMS)))
def test_a_boat_beating_another_in_every_race_ranks_ahead(results, system):
    table = series_table(results, system)
    rank = {r.boat: r.rank for r in table}
    fleet = len(results[0])
    worst = fleet + 1
    for a in range(fleet):
        for b in range(fleet):
            if a != b and all((r[a] or worst) < (r[b] or worst) for r in results):
                assert rank[a] < rank[b]
