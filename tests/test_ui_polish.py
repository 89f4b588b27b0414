"""Frictions of the newcomer pass, played headless by taps at the three sizes friends
play on: a laptop (1280x800), a small laptop (1024x600) and an upright tablet
(800x1280). Each test taps to the place a newcomer tripped and checks what they see."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.ui import testing as ui
from dinghy.ui.widgets.selectors import ChoiceSelector

from test_ui_newcomer import gigamic_sailing_turns, home, setup_for, shot, to_a_person_turn  # noqa: F401  (the fixture)

SIZES = [(1280, 800), (1024, 600), (800, 1280)]


class _Reached(Exception):
    pass


def label_box(label):
    """A pyglet label's drawn box (left, bottom, width, height), from its anchors."""
    w, h = label.content_width, label.content_height
    left = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    bottom = {"bottom": label.y, "center": label.y - h / 2, "top": label.y - h,
              "baseline": label.y - h * 0.8}[label.anchor_y]
    return left, bottom, w, h


@pytest.mark.parametrize("size", SIZES)
def test_every_game_name_reads_in_full_in_the_chooser(make_ui_app, home, size):
    """Upright the Game chooser is narrow: "Regatta (3M), advanced" showed as
    "Regatta (…". Stepping through every game by its arrow, each name shows whole (two
    lines in smaller type if need be) inside the chooser, and so does every other
    choice of the race panel (board, penalty, …). The game chosen by its arrow gives the
    set-up the screen opened on that game holds (the tests' kit opens it so:
    ``test_ui_newcomer.setup_for``)."""
    from test_ui_newcomer import screen_setup

    app = make_ui_app(*size)
    setup = setup_for(app, home, "dinghy_race")
    seen = set()
    for _ in range(len(setup.games)):
        app.step()
        choice = setup.game_choice
        title = games.GAMES[setup.rules].title
        assert " ".join(choice.text.text.split()) == title, (choice.text.text, title)
        assert setup.setup.with_(seed=0) == screen_setup(setup.rules), setup.rules
        seen.add(setup.rules)
        for w in setup.gui.walk():
            if isinstance(w, ChoiceSelector) and w.visible:
                x, y, lw, lh = label_box(w.text)
                assert "…" not in w.text.text, w.text.text
                assert w.x + w._zone - 1 <= x and x + lw <= w.x + w.w - w._zone + 1, w.text.text
                assert w.y <= y + 1 and y + lh <= w.y + w.h + 1, w.text.text
        if setup.rules == "regatta_advanced":
            shot(app, f"polish_chooser_{size[0]}x{size[1]}.png")
        ui.click(app, *choice.next_point)
    assert seen == set(games.GAMES)


def panel_lines(scene):
    """Every visible line of words in the turn panel: (widget, its pyglet label)."""
    from dinghy.ui.widgets.text import Text

    p = scene.panel
    for w in scene.gui.walk():
        if isinstance(w, Text) and w.visible and w.text.strip() and w.w > 0 \
                and p.x <= w.x + w.w / 2 <= p.x + p.w and p.y <= w.y + w.h / 2 <= p.y + p.h:
            yield w, w.label


def check_panel_lines(scene):
    """Each line of words in the turn panel inside its row and the panel, clear of the
    other lines and of the panel's buttons."""
    from dinghy.ui.widgets.buttons import Button

    p = scene.panel
    lines = list(panel_lines(scene))
    assert lines, "the panel says something"
    boxes = []
    for w, label in lines:
        x, y, lw, lh = label_box(label)
        assert w.x - 1 <= x and x + lw <= w.x + w.w + 1, (label.text, lw, w.w)
        assert p.x <= x and x + lw <= p.x + p.w, (label.text, x, lw, p.x, p.w)
        assert w.y - 1 <= y and y + lh <= w.y + w.h + 1, (label.text, lh, w.h)
        boxes.append((label.text, x, y, lw, lh))
    buttons = [(b.label, b.x, b.y, b.w, b.h) for b in scene.gui.walk() if isinstance(b, Button)
               and b.visible and b.w > 0 and p.x <= b.x + b.w / 2 <= p.x + p.w
               and p.y <= b.y + b.h / 2 <= p.y + p.h]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:] + buttons:
            assert not (a[1] < b[1] + b[3] - 1 and b[1] < a[1] + a[3] - 1 and a[2] < b[2] + b[4] - 1
                        and b[2] < a[2] + a[4] - 1), (a, b)


@pytest.mark.parametrize("rules", sorted(games.GAMES))
@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_every_panel_line_fits_its_panel(make_ui_app, home, rules, size):
    """At 1024x600 the Gigamic panel's "Tap a ghost boat behind the line, or a button
    below" ran past the panel's edge. On the first person's turn of every game, each
    line of words in the turn panel lies inside its row and inside the panel (wrapped
    onto more lines when it is long), and no two lines overlap."""
    from test_ui_newcomer import table_for

    app = make_ui_app(*size)
    scene = table_for(app, home, rules)
    to_a_person_turn(app, scene)
    app.step()
    check_panel_lines(scene)
    shot(app, f"polish_panel_{rules}_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_dinghy_race_panel_words_clear_its_buttons_at_every_step(make_ui_app, home, size):
    """At 1024x600 laying the next card, "Tap a card to lay it face-down in front of the
    bow (with a mouse, hovering over a card first shows where it lies)." took three
    lines where the panel kept room for two, and its last line lay on the first card
    button. At every step of the person's first turns (launch, reveal, sail, luck,
    lay a card), played by taps, the panel's words fit and clear its buttons."""
    import random

    from test_ui_newcomer import table_for
    from test_ui_table import human_turns

    app = make_ui_app(*size)
    scene = table_for(app, home, "dinghy_race")
    steps = set()

    def on_step(app, sc):
        app.step()
        check_panel_lines(sc)
        steps.add(sc.race.state.step.name)
        if len(steps) >= 5 and "PLACE" in steps:
            raise _Reached
        return False

    with pytest.raises(_Reached):
        human_turns(app, scene, random.Random(5), limit=80, on_step=on_step)


def overlaps(a, b):
    """Whether two (left, bottom, width, height) boxes share more than a pixel's edge."""
    return a[0] < b[0] + b[2] - 1 and b[0] < a[0] + a[2] - 1 and a[1] < b[1] + b[3] - 1 \
        and b[1] < a[1] + a[3] - 1


@pytest.mark.parametrize("size", SIZES)
def test_the_gigamic_title_and_places_stay_off_the_table(make_ui_app, home, size):
    """The Gigamic table's title ("Regatta (Gigamic) · Large table") and the places
    ("Orange: ashore" …) were drawn over the table's edge. After "Fit table" the table
    lies clear of both, and of the camera buttons under it; zoomed in on the start
    slots, the board's viewport ends under the strip that holds them."""
    from test_ui_newcomer import table_for

    app = make_ui_app(*size)
    scene = table_for(app, home, "regatta_gigamic")
    view = scene.view
    to_a_person_turn(app, scene)
    cam = view.camera
    ui.tap(app, view.fit_button)
    app.step()
    shot(app, f"polish_gigamic_fit_{size[0]}x{size[1]}.png")
    x0, y0 = cam.world_to_screen(view.bounds[0], view.bounds[1])
    x1, y1 = cam.world_to_screen(view.bounds[2], view.bounds[3])
    table = (x0, y0, x1 - x0, y1 - y0)
    assert cam.contains_screen(x0 + 1, y0 + 1) and cam.contains_screen(x1 - 1, y1 - 1)
    for text in (view.title, view.places):
        box = label_box(text.label)
        assert text.text and not overlaps(box, table), (text.text, box, table)
    assert "Orange: ashore" in view.places.text
    for b in (view.zoom_in, view.zoom_out, view.fit_button):
        assert not overlaps((b.x, b.y, b.w, b.h), table), b.label
    strip = (view.header.x, view.header.y, view.header.w, view.header.h)
    for text in (view.title, view.places):
        box = label_box(text.label)
        assert strip[0] <= box[0] and box[0] + box[2] <= strip[0] + strip[2] + 1
        assert strip[1] <= box[1] + 1 and box[1] + box[3] <= strip[1] + strip[3] + 1
    view.focus_ghosts()                                    # zoomed in on the start slots
    assert cam.zoom > table[2] / (view.bounds[2] - view.bounds[0])
    assert cam.y0 + cam.height <= view.header.y + 1        # the water ends under the strip


def six_seats(scene):
    """The table's seats are six, the person first, the rest bots."""
    seats = scene.race.game.setup.seats
    assert len(seats) == 6 and [s.skipper for s in seats].count(None) == 1
    return scene


def six_boats(app, home, rules="dinghy_race"):
    """Six boats, the person first, the rest bots: the table, started by the Flow with
    the set-up the screen makes with "+ Add boat" to six and the second seat made a bot
    (test_the_replay_seats_bar_shows_six_whole_names adds them by taps)."""
    from test_ui_newcomer import table_for

    return six_seats(table_for(app, home, rules, boats=6))


def six_boats_to_the_first_move(app, home, size):
    """Six boats (the table :func:`six_boats` opens), sailed without the window
    (test_ui_table.sail_on, :func:`uikit.table_sailed`) to the person's first card
    revealed on the water; the table shows that step as play arriving at it shows it."""
    from dinghy.games.dinghy_race.state import Step
    import uikit

    return six_seats(uikit.table_sailed(app, home, "dinghy_race", lambda race: race.state.step is Step.MOVE, 3,
                                        boats=6))


@pytest.mark.parametrize("size", SIZES)
def test_words_on_the_water_at_the_start_do_not_overlap(make_ui_app, home, size):
    """Six boats close together at the start: the revealed card's name ("Close-hauled
    (starboard)") lay across the boat names, and the names across each other. The
    words the chart pins on the water now keep clear of one another and of the
    course's words; the active boat's name and its card's name are shown, whatever
    the zoom ("+" twice, then "Fit course")."""
    from dinghy.ui.dinghy_race.pins import label_box as box, overlaps as hit

    app = make_ui_app(*size)
    scene = six_boats_to_the_first_move(app, home, size)
    view, state = scene.view, scene.race.state
    card = scene.race.game.cards.types[state.turn.card].name
    names = {scene.race.game.name(b.index) for b in state.boats}
    active = scene.race.game.name(state.active)
    for tap in (None, view.zoom_in, view.zoom_in, view.fit_button):
        if tap is not None:
            ui.tap(app, tap)
        chart = view.chart
        words = [p.drawable for p in chart.state_layer.pins if p.is_label and p.drawable.visible]
        fixed = [p.drawable for p in chart.course_layer.pins if p.is_label]
        shown = {w.text for w in words}
        assert active in shown and card in shown, shown
        assert len(names & shown) >= 4, shown
        for i, a in enumerate(words):
            for b in words[i + 1:] + fixed:
                assert not hit(box(a), box(b)), (a.text, b.text)
    shot(app, f"polish_start_words_{size[0]}x{size[1]}.png")


def test_spread_words_never_overlap_and_the_first_stays_put():
    """Any words, anywhere: those :func:`spread` keeps never overlap one another nor
    the fixed ones, each moves by whole lines only, and the most important word (the
    first) stays where it was pinned when nothing fixed is in its way."""
    from hypothesis import given, settings, strategies as st

    from dinghy.ui.dinghy_race.pins import STEPS, overlaps, spread

    box = st.tuples(st.integers(0, 300), st.integers(0, 200), st.integers(8, 120), st.integers(8, 20))

    @settings(deadline=None)
    @given(st.lists(box, min_size=1, max_size=12), st.lists(box, max_size=3))
    def check(boxes, fixed):
        shifts = spread(boxes, fixed)
        assert len(shifts) == len(boxes)
        kept = []
        for b, s in zip(boxes, shifts):
            if s is None:
                continue
            assert any(abs(s - k * (b[3] + 1.0)) < 1e-9 for k in STEPS)
            kept.append((b[0], b[1] + s, b[2], b[3]))
        for i, a in enumerate(kept):
            assert not any(overlaps(a, f) for f in fixed)
            assert not any(overlaps(a, c) for c in kept[i + 1:])
        if not any(overlaps(boxes[0], f) for f in fixed):
            assert shifts[0] == 0

    check()


@pytest.mark.parametrize("rules", ["dinghy_race", "regatta_gigamic"])
def test_upright_the_board_takes_the_full_width(make_ui_app, home, rules):
    """Upright (800x1280) a side column would leave a narrow board: the turn panel lies
    under the board as a sheet, and the board's view is at least 90% of the window's
    width, on the first person's turn and after the folded log is opened."""
    from test_ui_newcomer import table_for

    app = make_ui_app(800, 1280)
    scene = table_for(app, home, rules)
    to_a_person_turn(app, scene)
    view, cam, p = scene.view, scene.view.camera, scene.panel
    for _ in range(2):
        x, y, w, h = view.board_rect
        assert w >= 0.9 * 800 and cam.width >= 0.9 * 800, (w, cam.width)
        assert p.y + p.h <= cam.y0 + 1 and scene.log.y + scene.log.h <= cam.y0 + 1
        ui.tap(app, scene.log_button)
        app.step()
    shot(app, f"polish_upright_{rules}.png")


@pytest.mark.parametrize("rules", ["dinghy_race", "regatta_gigamic"])
@pytest.mark.parametrize("size", SIZES)
def test_six_seat_chips_each_keep_their_room_and_name(make_ui_app, home, rules, size):
    """Upright, six seat chips beside the top buttons were a thumb wide each and lay
    on one another ("Ora…Ver…", "luck 3" spilling onto the next chip). Where the chips
    would be narrower than a short name, the seats bar takes a row of its own under the
    buttons: no two chips overlap, each shows its boat's whole name, and the board
    starts under the bar."""
    from dinghy.ui.dinghy_race.pins import overlaps as hit

    app = make_ui_app(*size)
    scene = six_boats(app, home, rules)
    app.step()
    chips = scene.order.chips
    assert len(chips) == 6
    for i, a in enumerate(chips):
        assert a.text.text == a.label, (a.label, a.text.text, a.w)
        for b in chips[i + 1:]:
            assert not hit((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h)), (a.label, b.label)
        for b in (scene.undo_button, scene.save_button, scene.help_button, scene.menu_button):
            assert not hit((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h)), (a.label, b.label)
        assert scene.top.y <= a.y
    cam = scene.view.camera
    assert cam.y0 + cam.height <= scene.top.y + 1
    shot(app, f"polish_six_chips_{rules}_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", SIZES)
def test_the_first_move_at_the_start_shows_the_exits_apart(make_ui_app, home, size):
    """With Follow off the chart keeps the fleet and the next mark in view: at the start
    that is the whole course, the boat at the chart's foot under the camera buttons and
    its exits' ghosts a few pixels apart. On a person's move the chart shows the boat
    and its ghosts closer: every ghost on the chart, clear of the buttons, a finger's
    width from the next; its name clear of its hull; a tapped ghost sails that exit."""
    app = make_ui_app(*size)
    scene = six_boats_to_the_first_move(app, home, size)
    view, race = scene.view, scene.race
    assert view.follow is False
    chart, cam, g = view.chart, view.camera, scene.gui
    pts = [chart.ghost_screen_point(i) for i in range(len(chart.ghosts))]
    assert len(pts) > 1
    for p in pts:
        assert cam.contains_screen(*p) and g.widget_at(*p) is None, p
    gaps = [((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for i, a in enumerate(pts) for b in pts[i + 1:]]
    assert min(x for x in gaps if x > 0) >= g.touch * 0.75
    name = race.game.name(race.state.active)
    label = next(p.drawable for p in chart.state_layer.pins if p.is_label and p.drawable.text == name)
    hull = chart.hull_points(race.state.boat().pose, race.state.boat().tack)
    sx, sy = zip(*(cam.world_to_screen(x, y) for x, y in hull))
    from dinghy.ui.dinghy_race.pins import label_box, overlaps
    assert not overlaps(label_box(label), (min(sx), min(sy), max(sx) - min(sx), max(sy) - min(sy))) \
        or label.y < min(sy) or label.y > max(sy)
    shot(app, f"polish_first_move_{size[0]}x{size[1]}.png")
    i = next(i for i, gh in enumerate(chart.ghosts) if gh.allowed)
    action = chart.ghosts[i].action
    n = len(race.actions)
    ui.click(app, *chart.ghost_screen_point(i))
    assert race.actions[n] == action


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_gigamic_ghosts_lie_well_inside_the_board(make_ui_app, home, size):
    """On a sailing turn the ghosts once lay at the board's top edge, a hull half under
    the title strip: the view took a ghost's tap point anywhere on the board as "in
    view". Each turn, every ghost's tap point now lies a finger's width inside the
    board, under no button."""
    from test_ui_newcomer import table_for

    app = make_ui_app(*size)
    scene = table_for(app, home, "regatta_gigamic")
    view, cam, g = scene.view, scene.view.camera, scene.gui
    for _ in gigamic_sailing_turns(app, scene):
        inset = g.touch * 0.75 - 1
        for gh in view.ghosts:
            sx, sy = cam.world_to_screen(gh.x, gh.y)
            assert cam.x0 + inset <= sx <= cam.x0 + cam.width - inset, (sx, cam.x0, cam.width)
            assert cam.y0 + inset <= sy <= cam.y0 + cam.height - inset, (sy, cam.y0, cam.height)
            assert g.widget_at(sx, sy) is None
        shot(app, f"polish_gigamic_turn_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_the_fleet_in_view_keeps_clear_of_the_camera_buttons(make_ui_app, home, size):
    """With Follow off the chart keeps the fleet and the next mark in view; at the start
    that put the boats along the chart's foot, their names under "Follow: off" and
    "Hint". Rolling for a hazard or starting a turn (the fleet's view), every racing
    boat and its name lie on the chart, under no camera button. Laying a card shows the
    boat and its cards close up (see test_ui_table_views): there, the boats on the
    chart keep their names clear of the buttons."""
    import random

    from dinghy.games.dinghy_race.state import Step
    from dinghy.ui.dinghy_race.pins import label_box, overlaps
    from test_ui_newcomer import table_for
    from test_ui_table import human_turns

    app = make_ui_app(*size)
    scene = table_for(app, home, "dinghy_race")
    view = scene.view
    buttons = [view.zoom_in, view.zoom_out, view.fit_button, view.follow_button, view.hint_button]
    checked = []

    def on_step(app, sc):
        state = sc.race.state
        if state.step not in (Step.PLACE, Step.LUCK, Step.BEGIN) or state.round < 1:
            return False
        cam, chart = view.camera, view.chart
        names = {sc.race.game.name(b.index): b for b in state.boats if b.launched and b.racing}
        for p in chart.state_layer.pins:
            if p.is_label and p.drawable.text in names:
                b = names[p.drawable.text]
                on_chart = cam.contains_screen(*cam.world_to_screen(b.pose.x, b.pose.y))
                if state.step is Step.PLACE and not on_chart:
                    continue
                assert on_chart
                box = label_box(p.drawable)
                for btn in buttons:
                    assert not overlaps(box, (btn.x, btn.y, btn.w, btn.h)), (p.drawable.text, btn.label)
        checked.append(state.step)
        if len(checked) >= 4:
            raise _Reached
        return False

    with pytest.raises(_Reached):
        human_turns(app, scene, random.Random(5), limit=80, on_step=on_step)
    shot(app, f"polish_fleet_view_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", [(800, 1280), (1280, 800)])
def test_the_replay_seats_bar_shows_six_whole_names(make_ui_app, home, size):
    """The replay's top bar has the title, Export, ? and Close beside the seat chips:
    upright, six chips read "Yell…", "Gre…". Where they would be cut, the seats bar
    takes a row of its own under the title: each chip shows its whole name, no chip
    lies on another or on a button, and the board starts under the bar."""
    from dinghy.ui.dinghy_race.pins import overlaps as hit
    from test_ui_newcomer import race_to_replay

    app = make_ui_app(*size)
    replay = race_to_replay(app, home, "dinghy_race", boats=6)
    for _ in range(12):
        ui.tap(app, replay.fwd_button)
    app.step()
    chips = replay.order.chips
    assert len(chips) == 6
    for i, a in enumerate(chips):
        assert a.text.text == a.label, (a.label, a.text.text, a.w)
        for b in chips[i + 1:] + [replay.close_button, replay.help_button, replay.export_button]:
            assert not hit((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h)), (a.label, getattr(b, "label", b))
        assert replay.top.y <= a.y
    title = replay.title_text.label
    assert title.text.startswith("Replay") and title.x + title.content_width <= replay.export_button.x
    cam = replay.board.camera
    assert cam.y0 + cam.height <= replay.top.y + 1
    shot(app, f"polish_replay_six_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)])
def test_the_compass_leaves_the_course_and_the_start_line_clear(make_ui_app, home, size):
    """On a laptop (1280x800) the wind compass (top left of the chart) covered a corner
    of the course after "Fit course", and (there and upright) the start line's end
    while launching, though the chart had room beside it or under it. Where it costs
    little zoom, the chart keeps the start line with the launch spots, and on a laptop
    the whole course, clear of the compass and of the camera buttons."""
    from dinghy.ui.dinghy_race.pins import overlaps
    from test_ui_newcomer import table_for, to_a_person_turn

    app = make_ui_app(*size)
    scene = table_for(app, home, "dinghy_race")
    to_a_person_turn(app, scene)
    view = scene.view
    cam, c = view.camera, view.compass
    compass = (c.x, c.y, c.w, c.h)
    buttons = [(b.x, b.y, b.w, b.h) for b in (view.zoom_in, view.zoom_out, view.fit_button,
                                              view.follow_button, view.hint_button)]
    for p in view.game.start_line:                       # launching: the start line's ends
        x, y = cam.world_to_screen(*p)
        assert not overlaps((x - 4, y - 4, 8, 8), compass), p
    if size[1] > size[0]:
        return
    ui.tap(app, view.fit_button)
    b = view.chart.bounds
    x0, y0 = cam.world_to_screen(b[0], b[1])
    x1, y1 = cam.world_to_screen(b[2], b[3])
    course = (x0, y0, x1 - x0, y1 - y0)
    assert not overlaps(course, compass)
    assert not any(overlaps(course, r) for r in buttons)
    shot(app, "polish_fit_course_1280x800.png")


@pytest.mark.parametrize("rules", ["dinghy_race", "regatta_gigamic"])
@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_the_replay_board_fits_clear_of_its_camera_buttons(make_ui_app, home, rules, size):
    """The replay showed the whole course with its foot (the start, where every boat
    begins) under the "+", "−" and "Fit" buttons. Fitted, the course or table lies
    clear of the replay's camera buttons."""
    from dinghy.ui.dinghy_race.pins import overlaps
    from test_ui_newcomer import race_to_replay

    app = make_ui_app(*size)
    replay = race_to_replay(app, home, rules)
    board, cam = replay.board, replay.board.camera
    fit = getattr(board, "fit_button", None) or replay.fit_button
    ui.tap(app, fit)
    b = board.chart.bounds if hasattr(board, "chart") and hasattr(board.chart, "bounds") else board.board.bounds
    x0, y0 = cam.world_to_screen(b[0], b[1])
    x1, y1 = cam.world_to_screen(b[2], b[3])
    for btn in (replay.zoom_in, replay.zoom_out, fit):
        assert not overlaps((x0, y0, x1 - x0, y1 - y0), (btn.x, btn.y, btn.w, btn.h)), btn.label
    shot(app, f"polish_replay_fit_{rules}_{size[0]}x{size[1]}.png")


def test_camera_fit_keeps_the_extra_room_free():
    """Camera.fit with room kept for buttons under the water (``bottom``) and a compass
    beside or above it (``left``, ``top``): any bounds, once fitted, lie inside the
    viewport less the margin and that room, and touch it on one axis (the zoom is the
    largest that fits, when no zoom limit applies)."""
    from hypothesis import assume, given, settings, strategies as st

    from dinghy.ui.camera import Camera

    side = st.floats(50, 5000)
    room = st.floats(0, 150)

    @settings(deadline=None)
    @given(st.floats(-1000, 1000), st.floats(-1000, 1000), side, side, st.floats(300, 1400),
           st.floats(300, 1400), st.floats(0, 30), room, room, room)
    def check(x, y, w, h, vw, vh, margin, bottom, left, top):
        cam = Camera(width=vw, height=vh, x0=10, y0=20, min_zoom=1e-4, max_zoom=1e4)
        assume(vw - 2 * margin - left > 10 and vh - 2 * margin - bottom - top > 10)
        cam.fit((x, y, x + w, y + h), margin=margin, bottom=bottom, left=left, top=top)
        sx0, sy0 = cam.world_to_screen(x, y)
        sx1, sy1 = cam.world_to_screen(x + w, y + h)
        eps = 1e-6 * max(vw, vh)
        assert sx0 >= cam.x0 + margin + left - eps and sx1 <= cam.x0 + vw - margin + eps
        assert sy0 >= cam.y0 + margin + bottom - eps and sy1 <= cam.y0 + vh - margin - top + eps
        tight_x = abs((sx1 - sx0) - (vw - 2 * margin - left)) < 1e-6 * vw
        tight_y = abs((sy1 - sy0) - (vh - 2 * margin - bottom - top)) < 1e-6 * vh
        assert tight_x or tight_y

    check()
