"""The turn panel pages its list of actions only when the list does not fit, and a
group opened shows its actions with its header.

A walk of Race the Wind on a tablet held upright (800x1280) found the panel paged
("More (1/2)") with a third of the bottom sheet empty, and once a group opened as
"end (1)" at the foot of page 1 with its one button on page 2.
"""
from __future__ import annotations

import random

from hypothesis import given, strategies as st

from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.ui import theme
from dinghy.ui.shell.action_list import sheet


@given(st.lists(st.integers(1, 6), min_size=2, max_size=7), st.integers(2, 9), st.data())
def test_an_open_group_s_header_is_never_the_last_row_of_its_page(sizes, room, data):
    """However little room there is, the page that shows an open group's header shows
    its first action under it (or the header starts the page)."""
    groups = [(f"g{k}", [(k, i) for i in range(n)]) for k, n in enumerate(sizes)]
    name = data.draw(st.sampled_from([g for g, _ in groups]))
    first = sheet(groups, name, 0, room)
    for page in range(first.pages):
        rows = sheet(groups, name, page, room).entries
        for i, e in enumerate(rows):
            if e.action is None and e.open and i > 0:
                assert i + 1 < len(rows) and rows[i + 1].action is not None, (page, rows)


@given(st.lists(st.integers(1, 6), min_size=2, max_size=7), st.integers(2, 9), st.data())
def test_opening_a_group_shows_the_page_with_its_actions(sizes, room, data):
    """A group opened by a tap (``page=None``) is shown on the page where its first
    action is, whatever page was shown before."""
    groups = [(f"g{k}", [(k, i) for i in range(n)]) for k, n in enumerate(sizes)]
    name, acts = data.draw(st.sampled_from(groups))
    sh = sheet(groups, name, None, room)
    assert acts[0] in [e.action for e in sh.entries], (sh.page, sh.entries)


def test_the_upright_panel_pages_only_when_one_more_row_would_not_fit(make_ui_app):
    """Race the Wind at 800x1280, the first person decisions: whenever the panel is
    paged, its rows fill the panel (one more row would not fit in it)."""
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(800, 1280)
    names = list(PALETTE)
    seats = (Seat(names[0], names[0], None), Seat(names[1], names[1], "easy"))
    race = Race(games.load_game(RaceSetup(seats=seats, course="race_the_wind", seed=5), "race_the_wind"))
    scene = app.push(TableScene(race, bot_delay=0))
    app.step()
    chooser, rng = skipper("easy", "race_the_wind"), random.Random(5)
    paged = decisions = 0
    while decisions < 10 and not race.over:
        if not scene.human_turn:
            scene.run_bots()
            continue
        if race.chance:
            scene.roll()
            continue
        view = scene.view
        g = view.gui
        row = g.touch + g.px(6)
        inside = scene.panel_avail - g.px(2 * theme.PAD)      # the panel less its padding
        if view.pages > 1:
            paged += 1
            assert view.used_rows() + row > inside + 0.5, (decisions, view.used_rows(), inside)
        decisions += 1
        scene.act(chooser.choose(race, rng))
    assert decisions == 10
