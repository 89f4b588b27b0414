"""What a newcomer sees at a Dinghy Race table, played headless by taps at the three
sizes friends play on (1280x800, 1024x600, an upright 800x1280 tablet): the view when
laying a card, the upright sheet, the compass on a small screen and the coach's words.
Each test taps to the place a newcomer tripped and checks what they see."""
from __future__ import annotations

import math
import random

import pytest
import uikit

from dinghy.games.dinghy_race.state import Step
from dinghy.ui import testing as ui

from test_ui_newcomer import home, shot, table_for  # noqa: F401  (the fixture)
from test_ui_table import human_turns, sail_on

SIZES = [(1280, 800), (1024, 600), (800, 1280)]


class _Reached(Exception):
    pass


def to_step(app, scene, step, rounds=1, seed=5):
    """The person's turns played by taps until they stand at ``step`` (from round
    ``rounds`` on)."""
    def on_step(app, sc):
        st = sc.race.state
        if st.step is step and st.round >= rounds:
            raise _Reached
        return False

    with pytest.raises(_Reached):
        human_turns(app, scene, random.Random(seed), limit=300, on_step=on_step)
    app.step()


def at_step(step, rounds=1):
    """Whether a race stands at the person's ``step`` (from round ``rounds`` on)."""
    return lambda race: race.state.step is step and race.state.round >= rounds


def sail_to(scene, step, rounds=1, seed=5):
    """The table at the person's ``step`` (from round ``rounds`` on), the race sailed
    there without the window (:func:`test_ui_table.sail_on`; the close-up when laying a card and the
    upright sheet are reached by taps)."""
    return sail_on(scene, at_step(step, rounds), seed)


def table_at(app, home, step, rounds=1, seed=5):
    """What :func:`sail_to` shows from a fresh Dinghy Race table (``table_for``), without
    opening that table first (:func:`uikit.table_sailed`)."""
    return uikit.table_sailed(app, home, "dinghy_race", at_step(step, rounds), seed)


def screen_box(cam, poly):
    """A world polygon's box on the screen (left, bottom, width, height)."""
    xs, ys = zip(*(cam.world_to_screen(x, y) for x, y in poly.exterior.coords))
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def within(box, cam, slack=1.0):
    x, y, w, h = box
    return (cam.x0 - slack <= x and x + w <= cam.x0 + cam.width + slack
            and cam.y0 - slack <= y and y + h <= cam.y0 + cam.height + slack)


@pytest.mark.parametrize("size", SIZES)
def test_laying_a_card_shows_the_boat_and_the_cards_close_up(make_ui_app, home, size):
    """At the PLACE step the chart went back to the whole course: the boat a speck, the
    card in front of its bow a few pixels long, and the choice could not be judged.
    Laying a card now shows the boat and every card the panel offers in front of the
    bow, on the chart, a card at least a finger's width long (and no longer than half
    the chart), clear of the camera buttons; the boats and marks close by stay in view.
    "Fit course" still shows the whole course, and a tapped card is laid."""
    app = make_ui_app(*size)
    scene = table_for(app, home, "dinghy_race")
    to_step(app, scene, Step.PLACE)
    view, race = scene.view, scene.race
    game, state = race.game, race.state
    cam = view.camera
    boat = state.boat()
    from dinghy.games.dinghy_race import rules as dr

    shapes = [game.hull(boat.pose, boat.tack)] + [
        game.card_shape(boat.pose, game.cards.types[k], boat.tack) for k, _ in dr.card_options(game, state)]
    assert_close_up(scene, shapes, view.place_bounds())
    shot(app, f"views_place_{size[0]}x{size[1]}.png")
    ui.tap(app, view.fit_button)
    b = view.chart.bounds
    for corner in ((b[0], b[1]), (b[2], b[3])):
        assert cam.contains_screen(*cam.world_to_screen(*corner)), corner
    key = next(k for k, btn in view.turn.card_buttons.items() if btn.enabled)
    n = len(race.actions)
    ui.tap(app, view.turn.card_buttons[key])
    assert len(race.actions) > n and race.actions[n].card == key


def assert_close_up(scene, shapes, bounds):
    """A close-up a card's place can be judged on: a card at least a finger's width and a
    half long, no longer than half the chart; every shape on the chart and clear of the
    camera buttons; the boats within ``bounds`` (world) on the chart too."""
    from dinghy.ui.dinghy_race.pins import overlaps

    view, g, state = scene.view, scene.gui, scene.race.state
    cam = view.camera
    L = scene.race.game.cards.card_length
    assert L * cam.zoom >= g.touch * 1.5, (L * cam.zoom, g.touch)
    assert L * cam.zoom <= 0.5 * min(cam.width, cam.height) + 1
    buttons = [view.zoom_in, view.zoom_out, view.fit_button, view.follow_button, view.hint_button]
    for poly in shapes:
        box = screen_box(cam, poly)
        assert within(box, cam), box
        for b in buttons:
            assert not overlaps(box, (b.x, b.y, b.w, b.h)), b.label
    x0, y0, x1, y1 = bounds
    for other in state.boats:            # the boats close by are on the chart too
        if other.launched and other.racing and x0 <= other.pose.x <= x1 and y0 <= other.pose.y <= y1:
            assert cam.contains_screen(*cam.world_to_screen(*other.pose.xy))


def ask_the_coach(app, scene):
    """"Hint" tapped, waiting for the coach's field if it is being built."""
    view = scene.view
    ui.tap(app, view.hint_button)
    if view._field_job is not None:
        view._field_job.join(300)
    app.step()
    assert 1 <= len(view.hints) <= 3
    return view.hints


@pytest.mark.parametrize("size", SIZES)
def test_the_coach_s_words_on_the_water_can_be_read(make_ui_app, home, size):
    """Issue "Skippers worth racing": the coach draws 'the hard skipper's top three
    choices for this step ... with the rounds it expects and the risk of each'. Those
    words were not on the water at all (only in a mouse's hover), and nothing kept them
    apart. After "Hint" (laying a card, then sailing one), each choice's words are on the
    chart, whole, clear of one another, of the camera buttons and of the compass; the
    best ghost tapped plays its choice."""
    from dinghy.ui.dinghy_race.pins import label_box, overlaps

    app = make_ui_app(*size)
    scene = None
    for step in (Step.PLACE, Step.MOVE):
        scene = table_at(app, home, step, rounds=2) if scene is None else sail_to(scene, step, rounds=2)
        view = scene.view
        hints = ask_the_coach(app, scene)
        cam, chart = view.camera, view.chart
        words = [p.drawable for p in chart.ghost_layer.pins if p.is_label and p.rank is not None]
        badges = [p for p in chart.ghost_layer.pins if p.is_label and p.rank is None]
        # each ghost carries its rank, where a finger taps: its words may lie lines away
        assert [b.drawable.text for b in badges] == [f"{i + 1}." for i in range(len(hints))]
        assert all(math.dist(cam.world_to_screen(b.x, b.y), chart.ghost_screen_point(i)) < 1
                   for i, b in enumerate(badges))
        assert len(words) == len(hints)
        assert all(w.visible for w in words), [w.text for w in words]
        assert [w.text.split(".")[0] for w in words] == [str(i + 1) for i in range(len(hints))]
        assert all("rounds" in w.text for w in words)
        boxes = [label_box(w) for w in words]
        avoid = view.over_the_chart()
        for i, a in enumerate(boxes):
            assert within(a, cam), (words[i].text, a)
            for b in boxes[i + 1:] + avoid:
                assert not overlaps(a, b), (words[i].text, b)
        shot(app, f"views_hint_{step.value}_{size[0]}x{size[1]}.png")
    best = view.hints[0].action
    n = len(scene.race.actions)
    ui.click(app, *view.chart.ghost_screen_point(0))
    assert scene.race.actions[n] == best


def test_upright_the_sheet_is_as_tall_as_its_panel(make_ui_app, home):
    """Upright (an 800x1280 tablet) the turn panel's sheet took 40% of the height at
    every step, mostly empty outside the move: "Reveal card" and a toggle under a chart
    squeezed to half the screen. The sheet now holds its panel's rows and little more
    (a fifth of the screen at the least), the chart takes the rest, every row of the
    panel stays inside the sheet, the move still shows its card face, and the panel's
    buttons still play when tapped."""
    app = make_ui_app(800, 1280)
    scene = table_for(app, home, "dinghy_race")
    view, g = scene.view, scene.gui
    seen = {}

    def on_step(app, sc):
        st = sc.race.state
        if st.step in seen or st.round < 1:
            return False
        app.step()
        panel, turn = sc.panel, view.turn
        used = turn.used_height()
        pad = g.px(2 * 16)
        assert sc.sheet_h <= max(g.height * 0.2, used + pad + g.px(24)) + 1, (st.step, sc.sheet_h, used)
        assert sc.sheet_h < sc.sheet_max or used + pad >= sc.sheet_max - g.px(24), st.step
        cam = view.camera
        assert abs(cam.y0 - (sc.sheet_h + g.px(8))) <= 1 and cam.y0 + cam.height <= g.height
        for w in turn.widgets:
            if w.visible and w.h > 0:
                assert panel.y - 1 <= w.y and w.y + w.h <= panel.y + panel.h + 1, (st.step, w)
        if st.step is Step.MOVE:
            assert turn.face is not None, "the card face shows the exits"
        seen[st.step] = sc.sheet_h
        shot(app, f"views_sheet_{st.step.value}_800x1280.png")
        if {Step.BEGIN, Step.MOVE, Step.PLACE} <= set(seen):
            raise _Reached
        return False

    with pytest.raises(_Reached):
        human_turns(app, scene, random.Random(5), limit=60, on_step=on_step)
    assert {Step.BEGIN, Step.MOVE, Step.PLACE} <= set(seen), seen
    assert seen[Step.BEGIN] < 0.3 * g.height, seen


@pytest.mark.parametrize("size", SIZES)
def test_the_compass_is_small_on_a_small_screen_and_clear_of_the_fleet(make_ui_app, home, size):
    """On a small laptop (1024x600) the wind compass was drawn full size (150x190 px,
    a third of the chart's height) over the water. On a chart under 600 px high it is
    now compact (the dial, its title, and the active boat's point of sail instead of
    the legend) and takes no more than a quarter of the chart's height; at every size
    its words stay inside it, and it lies clear of the camera buttons and, in the
    fleet's view (starting a turn), of every racing boat."""
    from dinghy.ui.dinghy_race.pins import label_box, overlaps

    app = make_ui_app(*size)
    scene = table_at(app, home, Step.BEGIN, rounds=2)
    view = scene.view
    c, cam, game = view.compass, view.camera, scene.race.game
    small = cam.height < scene.gui.px(600)
    assert c.compact == small
    if small:
        assert c.h <= cam.height * 0.25 and c.w <= cam.width * 0.18, (c.w, c.h)
        assert c.sail.visible and c.sail.text in ("in irons", "close-hauled", "reaching", "running") \
            or " / " in c.sail.text
        assert not any(lab.visible for lab in c.legend)
    else:
        assert all(lab.visible for lab in c.legend)
    box = (c.x, c.y, c.w, c.h)
    for lab in [c.title] + ([c.sail] if small else c.legend):
        x, y, w, h = label_box(lab)
        assert c.x - 1 <= x and x + w <= c.x + c.w + 1 and c.y - 1 <= y and y + h <= c.y + c.h + 1, lab.text
    for b in (view.zoom_in, view.zoom_out, view.fit_button, view.follow_button, view.hint_button,
              view.protest_button, view.room_button):
        if b.visible:
            assert not overlaps(box, (b.x, b.y, b.w, b.h)), b.label
    for boat in scene.race.state.boats:
        if boat.launched and boat.racing:
            hull = game.hull(boat.pose, boat.tack)
            assert not overlaps(box, screen_box(cam, hull)), game.name(boat.index)
    shot(app, f"views_compass_{size[0]}x{size[1]}.png")
    ui.tap(app, view.turn.buttons["reveal"])             # the table plays on
    assert scene.race.state.step is not Step.BEGIN


class _Word:
    """A stand-in for a pyglet label: a box of text centred on its position."""

    anchor_x = anchor_y = "center"

    def __init__(self, w, h):
        self.content_width, self.content_height = w, h
        self.x = self.y = 0.0
        self.visible = True

    @property
    def position(self):
        return (self.x, self.y, 0)

    @position.setter
    def position(self, p):
        self.x, self.y = p[0], p[1]


def test_words_on_the_chart_stay_apart_on_the_chart_and_off_the_buttons():
    """The coach's words (:func:`pins.words_on_chart`), for any ghosts and any boxes to
    avoid: every word shown lies inside the chart, clear of the boxes and of the words
    shown before it, and its backing box holds it."""
    from hypothesis import given, settings, strategies as st

    from dinghy.ui.camera import Camera
    from dinghy.ui.dinghy_race.pins import Pin, label_box, overlaps, words_on_chart

    coord = st.floats(-200, 1200)
    word = st.tuples(coord, coord, st.floats(20, 500), st.floats(10, 18))
    box = st.tuples(st.floats(0, 800), st.floats(0, 600), st.floats(10, 200), st.floats(10, 80))

    @settings(deadline=None)
    @given(st.lists(word, min_size=1, max_size=4), st.lists(box, max_size=6))
    def check(words, avoid):
        cam = Camera(width=800, height=600, zoom=1.0, cx=400, cy=300)
        pins = [Pin(_Word(w, h), x, y, 0, -30, True, rank=i) for i, (x, y, w, h) in enumerate(words)]
        backs = words_on_chart(pins, cam, avoid, pad=4)
        shown = []
        for p, back in zip(pins, backs):
            assert p.drawable.visible == (back is not None)
            if back is None:
                continue
            b = label_box(p.drawable)
            assert back[0] <= b[0] and b[0] + b[2] <= back[0] + back[2] + 1e-6
            assert back[1] <= b[1] and b[1] + b[3] <= back[1] + back[3] + 1e-6
            if back[2] <= cam.width:            # a word wider than the chart cannot fit
                assert cam.x0 - 1e-6 <= back[0] and back[0] + back[2] <= cam.x0 + cam.width + 1e-6
            assert cam.y0 - 1e-6 <= back[1] and back[1] + back[3] <= cam.y0 + cam.height + 1e-6
            for other in avoid + shown:
                assert not overlaps(back, other)
            shown.append(back)

    check()


@pytest.mark.parametrize("size", SIZES)
def test_a_pivot_shows_its_ghosts_apart(make_ui_app, home, size):
    """A delay card ("Pivot in place: turn up to 45° or stay") showed the whole course:
    the two turned ghosts a speck on the boat, under its name. As on a move, the pivot's
    ghosts are now shown closer: each on the chart, under no button, a finger's width
    from the other; a tapped ghost turns the boat that way."""

    app = make_ui_app(*size)
    scene = table_at(app, home, Step.PIVOT)
    view, g = scene.view, scene.gui
    chart, cam = view.chart, view.camera
    pts = [chart.ghost_screen_point(i) for i in range(len(chart.ghosts))]
    assert len(pts) == 2
    for p in pts:
        assert cam.contains_screen(*p) and g.widget_at(*p) is None, p
    assert math.dist(*pts) >= g.touch * 0.75
    shot(app, f"views_pivot_{size[0]}x{size[1]}.png")
    i = next(i for i, gh in enumerate(chart.ghosts) if gh.allowed)
    action = chart.ghosts[i].action
    n = len(scene.race.actions)
    ui.click(app, *pts[i])
    assert scene.race.actions[n] == action


@pytest.mark.parametrize("size", SIZES)
def test_laying_a_weather_eye_card_shows_the_water_near_the_boat(make_ui_app, home, size):
    """Rule text: Weather Eye cards "may be placed anywhere on the playing surface at the
    end of his turn; the only restrictions are that the cards may not touch a boat,
    manoeuvre card or buoy"; its "influence zone with a radius of one ruler length"
    reaches boats near it, and it drifts "downwind by one or two full card lengths" at
    the end of the round. Laying one showed the whole course: boats specks, a card a few
    pixels. Now the chart frames the boat, its card, the boats near it and the places
    around it where the engine lets the card lie (dots on the water): a card a finger's
    width and a half long (no longer than half the chart), the boat clear of the camera
    buttons; a tap on an allowed place on the screen says it fits and "Place here" lays
    it there."""
    app = make_ui_app(*size)
    scene = table_at(app, home, Step.WEATHER_EYE, rounds=6)
    view, race = scene.view, scene.race
    game, state = race.game, race.state
    cam, g = view.camera, scene.gui
    boat = state.boat()
    shapes = [game.hull(boat.pose, boat.tack)]
    if boat.planned is not None and not boat.aside:
        shapes.append(game.card_shape(boat.pose, game.cards.types[boat.planned], boat.tack))
    # (the boats near the places it may lie: ``weather_eye_bounds``)
    assert_close_up(scene, shapes, view.weather_eye_bounds())
    spots = view.weather_eye_spots()
    assert spots, "some place near the boat takes the card"
    assert view.we_spots() == spots and view.chart.preview_layer.drawables   # shown as dots
    from dinghy.games.dinghy_race.actions import WeatherEye
    assert all(race.why_not(WeatherEye(x, y, view.we_long)) is None for x, y in spots)
    on_screen = [cam.world_to_screen(*p) for p in spots]
    on_screen = [p for p in on_screen if cam.contains_screen(*p) and g.widget_at(*p) is None]
    assert len(on_screen) >= len(spots) // 2, (len(on_screen), len(spots))
    shot(app, f"views_weather_eye_{size[0]}x{size[1]}.png")
    n = len(state.weather_eyes)
    ui.click(app, *on_screen[0])
    assert view.we_reason() is None and "fits" in view.turn.hint.text
    ui.tap(app, view.turn.buttons["place_we"])
    assert len(race.state.weather_eyes) == n + 1 or race.state.round > state.round


@pytest.mark.parametrize("step,rounds", [(Step.WEATHER_EYE, 6), (Step.PLACE, 6)])
def test_a_race_resumed_at_a_persons_step_shows_it_as_arriving_there_does(make_ui_app, home, step, rounds):
    """"Resume race" at a person's Weather Eye (or card-laying) step showed the whole
    fleet until the next step: the table's first layout fitted the course after the step's
    close-up had been asked for without a board to frame it in. The resumed table now
    frames the step as play arriving at it does."""
    app = make_ui_app(1024, 600)
    scene = table_at(app, home, step, rounds)
    cam = scene.view.camera
    resumed = (cam.x0, cam.y0, cam.width, cam.height, *cam.screen_to_world(cam.x0, cam.y0),
               *cam.screen_to_world(cam.x0 + cam.width, cam.y0 + cam.height))
    scene.refresh(new_step=True)           # the same step, as play arriving at it shows it
    app.step()
    arrived = (cam.x0, cam.y0, cam.width, cam.height, *cam.screen_to_world(cam.x0, cam.y0),
               *cam.screen_to_world(cam.x0 + cam.width, cam.y0 + cam.height))
    assert resumed == pytest.approx(arrived, abs=0.5), (resumed, arrived)
