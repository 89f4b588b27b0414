"""Hazard tables: the shipped data, the roll, Lady Luck and the odds.

Expected figures come from the rule text (quoted next to each test) or are counted by
hand from the rules-notes table; none is copied from the code's own output.
"""
from __future__ import annotations

import random
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dinghy.core.errors import DataError
from dinghy.games.dinghy_race.hazards import (
    INVOLUNTARY_MODIFIER, ROW_IDS, UNSCATHED, Hazard, HazardRow, HazardTable, Outcome,
    roll_2d6,
)
from dinghy.core.io import data_dir, shipped
from dinghy.games.dinghy_race.data import load_hazard_table

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
TABLES = {name: load_hazard_table(name) for name in ("light", "medium", "strong")}
CAPSIZE = Outcome("capsize", 2)
OVERBOARD = Outcome("man_overboard", 3)


def delay(n: int) -> Outcome:
    return Outcome("delay", n)


def percent(p: Fraction) -> int:
    """The way the rule text quotes chances: whole percent, rounded."""
    return round(p * 100)


def at_least(n: int) -> Fraction:
    """P(2d6 >= n), counted here independently of the code under test."""
    return Fraction(sum(1 for a, b in ROLLS if a + b >= n), 36)


def below(n: int) -> Fraction:
    return 1 - at_least(n)


# --- the shipped tables ----------------------------------------------------------------

def test_every_shipped_table_loads_through_io():
    assert shipped("hazard_tables") == ["light", "medium", "strong"]
    for name in shipped("hazard_tables"):
        table = load_hazard_table(name)
        assert table.name == name
        assert tuple(table.rows) == ROW_IDS


def test_shipped_titles_and_beaufort_follow_the_rule_text():
    # "Light wind (1-2 Beaufort, ...), medium wind (3-4 Beaufort, ...) and strong wind
    # (5-6 Beaufort, ...)"
    assert TABLES["light"].beaufort == (1, 2)
    assert TABLES["medium"].beaufort == (3, 4)
    assert TABLES["strong"].beaufort == (5, 6)
    assert TABLES["strong"].title == "Strong wind (5–6 Beaufort)"


# The rules-notes table, typed in again by hand: (effect, below, delay cards).
NOTES = {
    "light": {
        "tack": [("delay", 3, 1)], "tack_trapeze": [("delay", 4, 1)], "jibe": [("delay", 3, 1)],
        "jibe_spi": [("capsize", 3, 2), ("delay", 5, 1)], "spi_up": [],
        "spi_down": [("delay", 3, 1)], "spi_abuse": [("delay", 4, 1)],
        "trapeze_abuse": [("delay", 3, 1)],
    },
    "medium": {
        "tack": [("delay", 4, 1)], "tack_trapeze": [("capsize", 3, 2), ("delay", 4, 2)],
        "jibe": [("delay", 4, 1)],
        "jibe_spi": [("man_overboard", 3, 3), ("capsize", 4, 2), ("delay", 6, 1)],
        "spi_up": [("delay", 4, 1)], "spi_down": [("delay", 4, 1)],
        "spi_abuse": [("capsize", 3, 2), ("delay", 5, 1)],
        "trapeze_abuse": [("capsize", 3, 2), ("delay", 4, 1)],
    },
    "strong": {
        "tack": [("delay", 5, 1)], "tack_trapeze": [("capsize", 4, 2), ("delay", 5, 2)],
        "jibe": [("delay", 4, 1)], "jibe_spi": [("man_overboard", 4, 3), ("capsize", 5, 2)],
        "spi_up": [("delay", 4, 1)], "spi_down": [("delay", 6, 1)],
        "spi_abuse": [("capsize", 4, 2), ("delay", 6, 1)],
        "trapeze_abuse": [("capsize", 4, 2), ("delay", 5, 1)],
    },
}


@pytest.mark.parametrize("name", NOTES)
def test_shipped_values_are_the_rules_notes_table(name):
    table = TABLES[name]
    for row_id, expected in NOTES[name].items():
        got = [(h.effect, h.below, h.delay_cards) for h in table.row(row_id).hazards]
        assert got == expected, row_id


# --- the rule text's worked examples --------------------------------------------------

def test_lady_luck_worked_example():
    # "The skipper wanted to try a tack with a fast-trapeze action (2nd table row) in spite
    # of the high winds, and he committed one Lady Luck card. ... He rolled a 3, which
    # becomes a 4 with the luck card bonus. This means he avoided capsizing (4 is not
    # "< 4"), but instead he is affected by a 2-turn delay (because 4 is "< 5")."
    strong = TABLES["strong"]
    assert strong.resolve("tack_trapeze", (1, 2), luck=1) == delay(2)
    assert strong.resolve("tack_trapeze", (1, 2), luck=0) == CAPSIZE  # without the card


def test_lady_luck_worked_example_odds():
    # "playing Lady Luck changed his chance to capsize from 8% to 3% (only a snake-eyes
    # roll would still have got him) and his chance to get away completely unscathed from
    # 83% (100-17) to 92% (100-8)."
    strong = TABLES["strong"]
    without, with_one = strong.odds_table("tack_trapeze", max_luck=1)
    assert without[CAPSIZE] == Fraction(3, 36) and percent(without[CAPSIZE]) == 8
    assert with_one[CAPSIZE] == Fraction(1, 36) and percent(with_one[CAPSIZE]) == 3
    assert without[UNSCATHED] == Fraction(30, 36) and percent(without[UNSCATHED]) == 83
    assert with_one[UNSCATHED] == Fraction(33, 36) and percent(with_one[UNSCATHED]) == 92
    # "only a snake-eyes roll would still have got him"
    capsizing = [d for d in ROLLS if strong.resolve("tack_trapeze", d, luck=1) == CAPSIZE]
    assert capsizing == [(1, 1)]


@pytest.mark.parametrize("name, chance, pct", [
    ("light", Fraction(1, 36), 3), ("medium", Fraction(3, 36), 8), ("strong", Fraction(6, 36), 17),
])
def test_tack_without_trapeze(name, chance, pct):
    # "Since he is not using the trapeze while going about, the worst that could happen to
    # him in any wind is a delay (a 3% chance in low wind, an 8% chance in medium and a
    # 17% chance in strong wind)."
    odds = TABLES[name].odds("tack")
    assert set(odds) == {delay(1), UNSCATHED}
    assert odds[delay(1)] == chance and percent(chance) == pct


@pytest.mark.parametrize("name, chance, pct", [
    ("light", Fraction(1, 36), 3), ("medium", Fraction(3, 36), 8), ("strong", Fraction(3, 36), 8),
])
def test_jibe_without_spinnaker(name, chance, pct):
    # "assuming that he is not flying a spinnaker, the worst risk the skipper faces is a
    # 3% or, in medium and strong winds, an 8% chance for a delay."
    odds = TABLES[name].odds("jibe")
    assert set(odds) == {delay(1), UNSCATHED}
    assert odds[delay(1)] == chance and percent(chance) == pct


def test_spinnaker_up_and_down_example():
    # "In light wind, the risk would be 3% (one roll < 3 when taking the spi down), in
    # medium wind it would be two chances of 8% each and in strong wind one chance of 8%
    # and one of 28% to get at last one delay."
    light, medium, strong = TABLES["light"], TABLES["medium"], TABLES["strong"]
    assert not light.needs_roll("spi_up")
    assert light.resolve("spi_up", (1, 1)) == UNSCATHED  # "-": nothing can happen
    assert light.odds("spi_down")[delay(1)] == below(3) == Fraction(1, 36)
    assert medium.odds("spi_up")[delay(1)] == medium.odds("spi_down")[delay(1)] == Fraction(3, 36)
    chances = sorted([strong.odds("spi_up")[delay(1)], strong.odds("spi_down")[delay(1)]])
    assert chances == [Fraction(3, 36), Fraction(10, 36)]
    assert [percent(c) for c in chances] == [8, 28]


def test_reading_the_table_left_to_right():
    # "If you had tried a jibe without taking the spinnaker down before (4th row of the
    # table), you lose a man over board if you roll less than 4 (i.e. a 2 or a 3 ...);
    # ignore the "capsize" hazard to the right in this case. ... If you rolled a 4 ("<5"),
    # your boat capsizes. If you rolled 5 or more, your gamble paid off and nothing happens."
    strong = TABLES["strong"]
    for dice in ROLLS:
        total = sum(dice)
        expected = OVERBOARD if total < 4 else CAPSIZE if total == 4 else UNSCATHED
        assert strong.resolve("jibe_spi", dice) == expected, dice


def test_only_one_hazard_is_applied():
    # "Only one hazard is ever applied on a hazard check, never both."
    # A roll of 2 is below every hazard of the medium jibe-with-spi row; only the leftmost
    # (man overboard) applies, and its cost is not added to the others'.
    medium = TABLES["medium"]
    outcome = medium.resolve("jibe_spi", (1, 1))
    assert outcome == OVERBOARD and outcome.delay_cards == 3


def test_involuntary_tack_has_minus_two():
    # "An involuntary tack or jibe implies the normal hazards, but modified with a -2
    # modifier (a malus) on the die roll"
    assert INVOLUNTARY_MODIFIER == -2
    strong = TABLES["strong"]
    assert strong.resolve("tack", (2, 3)) == UNSCATHED                    # 5 is not < 5
    assert strong.resolve("tack", (2, 3), modifier=INVOLUNTARY_MODIFIER) == delay(1)  # 3 < 5
    # strong tack, delay < 5: voluntary 6/36, involuntary P(2d6 - 2 < 5) = P(2d6 < 7) = 15/36
    assert strong.odds("tack")[delay(1)] == Fraction(6, 36)
    assert strong.odds("tack", modifier=-2)[delay(1)] == Fraction(15, 36)


def test_involuntary_jibe_with_spinnaker_is_much_riskier():
    # "This is not an illegal move, but it changes the risk he takes on the hazard rolls
    # considerably". Strong wind, jibe with spi: overboard < 4, capsize < 5; with -2,
    # overboard is 2d6 < 6 (10/36) and capsize 2d6 == 6 (5/36).
    odds = TABLES["strong"].odds("jibe_spi", modifier=INVOLUNTARY_MODIFIER)
    assert odds[OVERBOARD] == Fraction(10, 36)
    assert odds[CAPSIZE] == Fraction(5, 36)
    assert odds[UNSCATHED] == Fraction(21, 36)


def test_each_lady_luck_card_adds_one():
    # "each card played adds 1 to your die roll result."
    for table in TABLES.values():
        for row_id in ROW_IDS:
            for dice in ROLLS:
                for k in range(4):
                    assert table.resolve(row_id, dice, luck=k) == table.resolve(row_id, dice, modifier=k)


def test_enough_luck_removes_every_risk():
    # "He could play Lady Luck cards to diminish or eliminate that risk."
    strong = TABLES["strong"]
    # the highest "below" anywhere in the strong table is 6; a roll of 2 plus 4 cards is 6
    for row_id in ROW_IDS:
        assert strong.odds(row_id, luck=4)[UNSCATHED] == 1
        assert strong.resolve(row_id, (1, 1), luck=4) == UNSCATHED


# --- resolve and odds agree, odds are probabilities --------------------------------------

@pytest.mark.parametrize("name", TABLES)
def test_resolve_agrees_with_odds_on_all_36_rolls(name):
    table = TABLES[name]
    for row_id in ROW_IDS:
        for luck in range(4):
            for modifier in (-2, 0, 1):
                counted: dict[Outcome, int] = {}
                for dice in ROLLS:
                    o = table.resolve(row_id, dice, luck, modifier)
                    counted[o] = counted.get(o, 0) + 1
                odds = table.odds(row_id, luck, modifier)
                assert {o: Fraction(n, 36) for o, n in counted.items()} == {o: p for o, p in odds.items() if p}


# Hypothesis: arbitrary valid tables, built as the mapping a TOML file would give.
@st.composite
def table_mappings(draw):
    rows = []
    for row_id in ROW_IDS:
        belows = sorted(draw(st.sets(st.integers(2, 13), max_size=3)))
        hazards = []
        for b in belows:
            effect = draw(st.sampled_from(["man_overboard", "capsize", "delay"]))
            h = {"effect": effect, "below": b}
            if effect == "delay":
                h["cards"] = draw(st.integers(1, 4))
            hazards.append(h)
        rows.append({"id": row_id, "label": row_id, "hazards": hazards})
    draw(st.randoms()).shuffle(rows)  # file order must not matter
    return {"name": "t", "title": "T", "beaufort": [0, 12],
            "effects": {"man_overboard": draw(st.integers(1, 5)), "capsize": draw(st.integers(1, 5))},
            "rows": rows}


@settings(max_examples=60, deadline=None)
@given(table_mappings(), st.sampled_from(ROW_IDS), st.integers(0, 12), st.integers(-4, 4))
def test_odds_sum_to_exactly_one(mapping, row_id, luck, modifier):
    odds = HazardTable.from_mapping(mapping, "gen").odds(row_id, luck, modifier)
    assert sum(odds.values()) == 1
    assert all(p >= 0 for p in odds.values())


@settings(max_examples=40, deadline=None)
@given(table_mappings(), st.sampled_from(ROW_IDS), st.integers(0, 6), st.integers(-4, 2))
def test_resolve_agrees_with_odds_for_any_table(mapping, row_id, luck, modifier):
    table = HazardTable.from_mapping(mapping, "gen")
    counted: dict[Outcome, Fraction] = {}
    for dice in ROLLS:
        o = table.resolve(row_id, dice, luck, modifier)
        counted[o] = counted.get(o, 0) + Fraction(1, 36)
    assert counted == {o: p for o, p in table.odds(row_id, luck, modifier).items() if p}


@settings(max_examples=60, deadline=None)
@given(table_mappings(), st.sampled_from(ROW_IDS), st.integers(0, 10), st.integers(-4, 4))
def test_more_luck_never_makes_a_hazard_more_likely(mapping, row_id, luck, modifier):
    # "each card played adds 1 to your die roll result": the chance of a hazard being hit
    # at all, and of being hit by the k-th hazard or one to its left, can only fall. (A
    # single hazard far to the right can gain from luck that pushes rolls off a worse one;
    # see the per-hazard test on the shipped tables below.)
    # Relabel every hazard as a delay with its own number of cards, so that each hazard
    # has an outcome of its own (two "capsize" cells in one row would share one).
    for raw in mapping["rows"]:
        raw["hazards"] = [{"effect": "delay", "below": h["below"], "cards": j + 1}
                          for j, h in enumerate(raw["hazards"])]
    table = HazardTable.from_mapping(mapping, "gen")
    row = table.row(row_id)
    less, more = table.odds(row_id, luck, modifier), table.odds(row_id, luck + 1, modifier)
    assert more[UNSCATHED] >= less[UNSCATHED]
    for k in range(1, len(row.hazards) + 1):
        outcomes = {h.outcome for h in row.hazards[:k]}
        assert sum(more[o] for o in outcomes) <= sum(less[o] for o in outcomes)


@pytest.mark.parametrize("name", TABLES)
def test_more_luck_never_makes_any_shipped_hazard_more_likely(name):
    table = TABLES[name]
    for row_id in ROW_IDS:
        for modifier in (INVOLUNTARY_MODIFIER, 0):
            ladder = table.odds_table(row_id, max_luck=8, modifier=modifier)
            for less, more in zip(ladder, ladder[1:]):
                for outcome in less:
                    if outcome != UNSCATHED:
                        assert more[outcome] <= less[outcome], (row_id, outcome)


def test_odds_list_every_outcome_of_the_row_even_when_impossible():
    odds = TABLES["medium"].odds("jibe_spi", luck=10)
    assert list(odds) == [OVERBOARD, CAPSIZE, delay(1), UNSCATHED]
    assert odds == {OVERBOARD: 0, CAPSIZE: 0, delay(1): 0, UNSCATHED: 1}


# --- small API ---------------------------------------------------------------------

def test_outcome_describe():
    assert UNSCATHED.describe() == "no harm done"
    assert CAPSIZE.describe() == "capsized: 2 delay cards"
    assert OVERBOARD.describe() == "man overboard: 3 delay cards"
    assert delay(1).describe() == "delayed: 1 delay card"


def test_needs_roll():
    # "After each manoeuvre listed on the hazard card and not marked "-", roll both dies"
    assert not TABLES["light"].needs_roll("spi_up")
    assert TABLES["medium"].needs_roll("spi_up")
    assert all(TABLES["strong"].needs_roll(r) for r in ROW_IDS)


def test_roll_2d6_uses_the_given_rng_only():
    a = [roll_2d6(random.Random(7)) for _ in range(3)]
    b = [roll_2d6(random.Random(7)) for _ in range(3)]
    assert a == b
    rng = random.Random(1)
    seen = {roll_2d6(rng) for _ in range(2000)}
    assert seen == set(ROLLS)


@pytest.mark.parametrize("call", [
    lambda t: t.resolve("tack", (0, 3)),
    lambda t: t.resolve("tack", (3, 7)),
    lambda t: t.resolve("tack", (3,)),
    lambda t: t.resolve("tack", (True, 3)),
    lambda t: t.resolve("tack", (3, 3), luck=-1),
    lambda t: t.resolve("tack", (3, 3), modifier=1.5),
    lambda t: t.resolve("reef", (3, 3)),
    lambda t: t.odds("reef"),
    lambda t: t.odds("tack", luck=-1),
    lambda t: t.odds_table("tack", max_luck=-1),
    lambda t: t.needs_roll("reef"),
])
def test_bad_arguments_are_value_errors(call):
    with pytest.raises(ValueError):
        call(TABLES["strong"])


def test_outcome_rejects_nonsense():
    with pytest.raises(ValueError):
        Outcome("sunk", 1)
    with pytest.raises(ValueError):
        Outcome("capsize", 0)
    with pytest.raises(ValueError):
        Outcome(None, 2)


def test_table_rows_cannot_be_changed():
    table = TABLES["light"]
    with pytest.raises(TypeError):
        table.rows["tack"] = HazardRow("tack", "Tack", (Hazard("capsize", 13, 2),))  # type: ignore[index]


# --- malformed files ---------------------------------------------------------------

def _toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def _dump_toml(data: dict) -> str:
    """Just enough TOML for a hazard table (the standard library only reads TOML)."""
    lines, tables = [], []
    for k, v in data.items():
        if isinstance(v, dict):
            tables.append(f"[{k}]\n" + "".join(f"{kk} = {_toml_value(vv)}\n" for kk, vv in v.items()))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for item in v:
                tables.append(f"[[{k}]]\n" + "".join(f"{kk} = {_toml_value(vv)}\n" for kk, vv in item.items()))
        else:
            lines.append(f"{k} = {_toml_value(v)}\n")
    return "".join(lines) + "\n" + "\n".join(tables)


def _strong() -> dict:
    with (data_dir("hazard_tables") / "strong.toml").open("rb") as fh:
        return tomllib.load(fh)


def _set(path, value):
    def mutate(d):
        *head, last = path
        for k in head:
            d = d[k]
        d[last] = value
    return mutate


def _delete(path):
    def mutate(d):
        *head, last = path
        for k in head:
            d = d[k]
        del d[last]
    return mutate


# (mutation, field the error must name, words its message must contain)
MALFORMED = [
    (_delete(["title"]), "title", "missing"),
    (_set(["colour"], "red"), "colour", "unknown key"),
    (_set(["name"], 3), "name", "string"),
    (_set(["beaufort"], [5]), "beaufort", "[lowest, highest]"),
    (_set(["beaufort"], [6, 5]), "beaufort[1]", "6..12"),
    (_set(["effects"], "none"), "effects", "table"),
    (_delete(["effects", "capsize"]), "effects.capsize", "missing"),
    (_set(["effects", "delay"], 1), "effects.delay", "unknown key"),
    (_set(["effects", "capsize"], 0), "effects.capsize", "at least 1"),
    (_set(["effects", "man_overboard"], "3"), "effects.man_overboard", "whole number"),
    (_set(["rows"], {"id": "tack"}), "rows", "list"),
    (_set(["rows", 3, "id"], "reef"), "rows[3].id", "unknown row"),
    (_set(["rows", 3, "id"], "tack"), "rows[3].id", "twice"),
    (_delete(["rows", 4]), "rows", "spi_up"),
    (_delete(["rows", 2, "label"]), "rows[2].label", "missing"),
    (_set(["rows", 2, "odds"], 1), "rows[2].odds", "unknown key"),
    (_set(["rows", 2, "hazards"], "delay"), "rows[2].hazards", "list"),
    (_set(["rows", 2, "hazards"], [4]), "rows[2].hazards[0]", "table"),
    (_set(["rows", 3, "hazards", 0, "below"], 1), "rows[3].hazards[0].below", "2..13"),
    (_set(["rows", 3, "hazards", 0, "below"], 14), "rows[3].hazards[0].below", "2..13"),
    (_set(["rows", 3, "hazards", 0, "below"], 4.5), "rows[3].hazards[0].below", "whole number"),
    (_set(["rows", 3, "hazards", 0, "below"], True), "rows[3].hazards[0].below", "whole number"),
    (_set(["rows", 3, "hazards", 1, "below"], 4), "rows[3].hazards[1].below", "more than"),
    (_set(["rows", 3, "hazards", 1, "effect"], "sink"), "rows[3].hazards[1].effect", "unknown effect"),
    (_delete(["rows", 3, "hazards", 1, "effect"]), "rows[3].hazards[1].effect", "missing"),
    (_delete(["rows", 1, "hazards", 1, "cards"]), "rows[1].hazards[1].cards", "missing"),
    (_set(["rows", 1, "hazards", 1, "cards"], 0), "rows[1].hazards[1].cards", "at least 1"),
    (_set(["rows", 1, "hazards", 0, "cards"], 2), "rows[1].hazards[0].cards", "unknown key"),
]


@pytest.mark.parametrize("mutate, field, words", MALFORMED, ids=[m[1] + ":" + m[2] for m in MALFORMED])
def test_malformed_table_names_file_and_field(tmp_path: Path, mutate, field, words):
    data = _strong()
    mutate(data)
    path = tmp_path / "broken.toml"
    path.write_text(_dump_toml(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_hazard_table(path)
    err = info.value
    assert err.field == field
    assert str(path) in str(err) and field in str(err)
    assert words in err.message


def test_the_test_dumper_round_trips_a_good_table(tmp_path: Path):
    # guards the malformed-file test: an unmutated dump must load and equal the original
    path = tmp_path / "strong.toml"
    path.write_text(_dump_toml(_strong()), encoding="utf-8")
    assert load_hazard_table(path) == TABLES["strong"]


def test_toml_syntax_error_names_the_file(tmp_path: Path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "x\n', encoding="utf-8")
    with pytest.raises(DataError, match="bad.toml"):
        load_hazard_table(path)


def test_root_must_be_a_table():
    with pytest.raises(DataError) as info:
        HazardTable.from_mapping([1, 2], source="rec")  # type: ignore[arg-type]
    assert "rec" in str(info.value) and "table" in info.value.message
