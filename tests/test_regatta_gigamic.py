"""Regatta (Gigamic, 2010): every rule of the seed text (003_…, in French), quoted with
an English gloss, checked on positions set up by hand, with hypothesis for the
geometry and seeded bot races for the whole game (one file, as the rules are one text:
over 500 lines because every rule has its own quoted test)."""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from dinghy import games
from dinghy.cli import main as cli_main
from dinghy.core import io
from dinghy.core.errors import DataError, IllegalAction
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_gigamic import data
from dinghy.games.regatta_gigamic.actions import Act, parse
from dinghy.games.regatta_gigamic.course import Course
from dinghy.games.regatta_gigamic.deck import Deck
from dinghy.games.regatta_gigamic.hand import pile_of
from dinghy.games.regatta_gigamic.moving import end_spot
from dinghy.games.regatta_gigamic.progress import advance, initial_wound
from dinghy.games.regatta_gigamic.spot import Spot
from dinghy.games.regatta_gigamic.state import AGAIN, DEAL, DRAW, EXTRA, OVER, SUN, TURN, Boat, State
from dinghy.skippers import play_bots

RULES = "regatta_gigamic"


def _game(course="small", seats=2, seed=0, skipper=None, extra=()):
    names = list(PALETTE)[:seats]
    setup = RaceSetup(seats=tuple(Seat(n, n, skipper) for n in names), course=course, seed=seed, extra=extra)
    return games.load_game(setup, RULES)


def _position(game, spots, hands, active=0, stages=None, step=TURN):
    """A turn set up by hand: boats at ``spots``, ``hands`` dealt, the rest in the pile."""
    stages = stages or [1] * len(spots)
    boats = tuple(Boat(spot=s, stage=st_, wound=initial_wound(game.course, st_, (s.x, s.y)))
                  for s, st_ in zip(spots, stages))
    pile = Counter(dict(game.deck.full_pile()))
    for h in hands:       # a study may hold more copies than the deck has: the pile has none
        pile.subtract(h)
    pile = Counter({c: n for c, n in pile.items() if n > 0})
    return State(step=step, boats=boats, hands=tuple(tuple(sorted(h)) for h in hands),
                 pile=pile_of(pile), active=active, turns=1)


def _fill(card):
    return [card] * 5


def _deck_data():
    return io.read_toml(io.data_dir("cards") / "regatta_gigamic" / "deck.toml")


# --- the deck ------------------------------------------------------------------------

def test_the_deck_has_the_published_53_cards_with_the_three_symbols():
    """"CONTENU: 53 cartes" (53 cards); the symbols "La barre", "Le nuage", "Le soleil"."""
    deck = data.load_deck()
    assert deck.total == 53
    symbols = Counter()
    for f in deck.faces:
        symbols[f.symbol] += f.copies
    assert symbols["barre"] > 0 and symbols["nuage"] > 0 and symbols["soleil"] > 0
    assert any(len(f.arrows) > 1 for f in deck.faces)      # "lorsque plusieurs flèches ..."
    turns = {abs(a.turn) for f in deck.faces for a in f.arrows}
    assert {0, 30, 90} <= turns and max(turns) >= 135          # gentle to sharp turns


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(total=54), "total"),
    (lambda d: d["cards"][0].update(symbol="étoile"), "cards[0].symbol"),
    (lambda d: d["cards"][0]["arrows"][0].update(length=120), "cards[0].arrows[0]"),
    (lambda d: d["cards"][-1].update(arrows=[{"turn": 0, "length": 40}]), f"cards[{{last}}].arrows"),
    (lambda d: d["cards"][1].update(id=d["cards"][0]["id"]), "cards[1].id"),
    (lambda d: d.pop("card_width"), "card_width"),
])
def test_a_bad_deck_is_a_data_error_naming_the_file_and_field(change, field):
    raw = _deck_data()
    change(raw)
    field = field.replace("{last}", str(len(raw["cards"]) - 1))
    with pytest.raises(DataError) as err:
        Deck.from_mapping(raw, source="deck.toml")
    assert err.value.source == "deck.toml" and err.value.field == field, str(err.value)


def test_the_courses_are_shipped_in_their_own_folder_and_a_bad_one_names_the_field():
    """Figure 2 is lost: "Placer 2 bouées blanches qui formeront la ligne de départ ainsi
    que les 2 autres bouées comme indiqué figure 2" (two white buoys form the start line,
    the two others as figure 2 shows) — the layouts are course files, one a table size."""
    assert games.GAMES[RULES].boards() == ["large", "medium", "small"]
    assert "small" not in io.shipped("courses")          # Dinghy Race's list stays its own
    raw = io.read_toml(io.data_dir("courses") / "regatta_gigamic" / "small.toml")
    raw["rounding"][0]["buoy"] = "purple"
    with pytest.raises(DataError) as err:
        Course.from_mapping(raw, source="small.toml")
    assert err.value.field == "rounding[0].buoy"
    large = data.load_course("large")
    assert large.obstacles and {b.colour for b in large.buoys} == {"white", "red", "green"}


# --- dealing, drawing, the first player, the start -----------------------------------

def test_five_cards_each_and_the_rest_is_the_pile_drawn_by_count():
    """"On distribue 5 cartes à chaque joueur, le reste des cartes forme la pioche."
    (Five cards to each player; the rest forms the draw pile.) A draw is chance: each
    card with probability its count over the pile."""
    game = _game(seats=3)
    race = Race(game)
    outcomes = game.chance_outcomes(race.state)
    assert sum(p for _, p in outcomes) == 1
    assert dict((a.card, p) for a, p in outcomes)["straight"] == Fraction(4, 53)
    while race.state.step == DEAL:
        race.roll()
    assert [len(h) for h in race.state.hands] == [5, 5, 5]
    assert race.state.pile_count == 53 - 15


def test_the_first_player_is_drawn_at_random_and_boats_start_behind_the_line():
    """"Le premier joueur est désigné au hasard puis chacun choisit un bateau et le place
    à son tour juste derrière la ligne de départ." (The first player is drawn at random,
    then each in turn sets a boat down just behind the start line.)"""
    game = _game(seats=3, seed=4)
    race = Race(game)
    while race.state.step == DEAL:
        race.roll()
    outcomes = game.chance_outcomes(race.state)
    assert [p for _, p in outcomes] == [Fraction(1, 3)] * 3
    race.push("first 2")
    assert race.current_player() == 2
    order = []
    while race.state.step != TURN:
        order.append(race.current_player())
        race.push(race.legal_actions()[0])
    assert order == [2, 0, 1]
    (ax, ay), (bx, by) = game.course.line_ends
    for b in race.state.boats:
        assert ax < b.spot.x < bx and ay - 15 < b.spot.y < ay and b.spot.heading == 0
    assert race.state.active == 2


def test_discard_then_draw_to_five_and_reshuffle_when_the_pile_is_empty():
    """"puis il retire la carte jouée et la pose [...] dans la défausse; enfin il pioche
    une nouvelle carte pour compléter sa main." (The played card goes to the discard, then
    he draws to complete his hand.) "Lorsqu'il ne reste plus de cartes dans la pioche, le
    joueur qui doit piocher mélange le tas de défausse qui devient la pioche." (With the
    pile empty, the one who must draw shuffles the discard into a new pile.)"""
    game = _game()
    s = _position(game, [Spot(500, 300, 0), Spot(800, 300, 0)], [_fill("straight")[:4] + ["short"], _fill("trident")[:2] + ["fork"] * 3])
    rest = s.pile
    s = replace(s, pile=(), discard=tuple(c for c, n in rest for _ in range(n)))
    after, events = game.apply(s, parse("play short 1"))
    assert after.step == DRAW and game.current_player(after) == -1
    assert after.discard == () and after.pile_count == len(s.discard) + 1
    assert any("shuffles the discard" in e.text for e in events)
    drawn, _ = game.apply(after, Act("draw", card="short"))
    assert len(drawn.hands[0]) == 5 and drawn.step == TURN and drawn.active == 1


# --- the move ------------------------------------------------------------------------

def test_the_card_lies_in_line_and_the_stern_lands_on_the_arrow_tip():
    """"il pose la carte [...] devant son bateau dans le même axe que celui-ci; il
    soulève son bateau et le place au bout de l'une des flèches de la carte, la poupe
    [...] dans l'axe de la flèche" (the card in front of the boat, in line; the boat set
    at the end of an arrow, its stern on the arrow's axis)."""
    game = _game()
    start = Spot(500, 400, 30)
    s = _position(game, [start, Spot(100, 900, 0)], [_fill("right"), _fill("straight")])
    after, _ = game.apply(s, parse("play right 1"))
    end = after.boats[0].spot
    tip = game.deck.face("right").arrows[0].tip
    stern = end.to_world(0, -game.deck.hull_length)
    assert stern == pytest.approx(start.to_world(tip[0], tip[1]))
    assert end.heading == pytest.approx(75.0)


@settings(max_examples=60, deadline=None)
@given(x=st.floats(-1000, 1000), y=st.floats(-1000, 1000), h=st.floats(0, 359.9),
       k=st.integers(0, 100))
def test_the_stern_is_always_on_the_arrow_axis(x, y, h, k):
    """Hypothesis: for any boat and any arrow, the stern ends on the tip, the hull along
    the arrow's last direction ("la poupe dans l'axe de la flèche")."""
    deck = data.load_deck()
    arrows = [a for f in deck.faces for a in f.arrows]
    arrow = arrows[k % len(arrows)]
    start = Spot(x, y, h)
    end = end_spot(start, arrow, deck.hull_length)
    tx, ty, th = arrow.tip
    assert end.to_world(0, -deck.hull_length) == pytest.approx(start.to_world(tx, ty), abs=1e-6)
    assert (end.heading - h - th) % 360 == pytest.approx(0, abs=1e-6) or \
        (end.heading - h - th) % 360 == pytest.approx(360, abs=1e-6)


def test_several_arrows_the_player_chooses():
    """"lorsque plusieurs flèches sont indiquées sur une carte, le joueur qui la joue
    choisit la direction" (with several arrows, the player chooses)."""
    game = _game()
    s = _position(game, [Spot(500, 400, 0), Spot(100, 900, 0)], [_fill("trident"), _fill("straight")])
    heads = sorted(game.apply(s, parse(f"play trident {k}"))[0].boats[0].spot.heading for k in (1, 2, 3))
    assert heads == pytest.approx([0.0, 30.0, 330.0])
    assert "no arrow 4" in game.why_not(s, parse("play trident 4"))


def test_touching_a_boat_during_the_move_is_refused_with_the_reason():
    """"Il est interdit de toucher le bateau adverse, une bouée ou un obstacle pendant ou
    à la fin de son mouvement." (Never touch an opponent's boat, a buoy or an obstacle
    during or at the end of the move.)"""
    game = _game()
    s = _position(game, [Spot(500, 400, 0), Spot(500, 600, 0)], [_fill("straight")[:3] + ["sharp_left"] * 2, _fill("straight")])
    assert game.why_not(s, parse("play straight 1")) == "along arrow 1 of Straight ahead the boat touches Sky's boat"
    assert parse("play straight 1") not in game.legal_actions(s)
    with pytest.raises(IllegalAction, match="touches Sky's boat"):
        game.apply(s, parse("play straight 1"))
    assert game.why_not(s, parse("play sharp_left 1")) is None


def test_the_whole_path_counts_not_only_where_the_boat_ends():
    """"pendant ou à la fin de son mouvement" (during or at the end): Sky lies across the
    path of a straight card whose end is clear of Sky; the move is still refused."""
    game = _game()
    s = _position(game, [Spot(500, 400, 0), Spot(520, 440, 90)], [_fill("straight"), _fill("straight")])
    end = end_spot(s.boats[0].spot, game.deck.face("straight").arrows[0], game.deck.hull_length)
    sky = s.boats[1].spot
    assert not game.shapes.hull_at(end).intersects(game.shapes.hull_at(sky))
    assert not game.shapes.hull_at(end).intersects(game.shapes.zones([sky])[0])
    assert game.why_not(s, parse("play straight 1")) == "along arrow 1 of Straight ahead the boat touches Sky's boat"


def test_touching_a_buoy_or_an_obstacle_or_leaving_the_table_is_refused():
    """Same rule: "toucher [...] une bouée ou un obstacle"; the water ends at the table."""
    game = _game("large")
    red = game.course.buoy("red")
    s = _position(game, [Spot(red.x, red.y - 130, 0), Spot(100, 100, 0)], [_fill("straight"), _fill("straight")])
    assert game.why_not(s, parse("play straight 1")).endswith("touches the red buoy red")
    s = _position(game, [Spot(700, 560, 0), Spot(100, 100, 0)], [_fill("straight"), _fill("straight")])
    assert game.why_not(s, parse("play straight 1")).endswith("touches the Rock")
    s = _position(game, [Spot(900, 1450, 0), Spot(100, 100, 0)], [_fill("straight"), _fill("straight")])
    assert game.why_not(s, parse("play straight 1")).endswith("leaves the table")


def _zone_position(game, hand):
    """Sky's bow points west at the end of Orange's straight move: that end lies in the
    forbidden zone in front of Sky's bow, though the path never touches Sky's hull."""
    return _position(game, [Spot(500, 400, 0), Spot(560, 520, 270)], [hand, _fill("straight")])


def test_ending_in_front_of_a_bow_is_refused_while_another_card_ends_clear():
    """"Il est interdit de créer une collision, c'est-à-dire de finir son mouvement
    devant la proue d'un bateau adverse : la zone interdite correspond à la surface d'une
    carte posée dans l'axe de tout bateau" (never end the move in front of an opponent's
    bow: the forbidden zone is the surface of a card laid in line with every boat)."""
    game = _game()
    s = _zone_position(game, ["straight"] * 4 + ["sharp_left"])
    reason = game.why_not(s, parse("play straight 1"))
    assert "forbidden zone in front of Sky's bow" in reason and "Sharp turn to port" in reason
    assert game.why_not(s, parse("play sharp_left 1")) is None


def test_with_no_other_choice_the_move_stops_at_the_entry_of_the_zone():
    """"Si un joueur n'a pas d'autre choix que de finir dans la zone de manœuvre d'un
    adversaire son déplacement s'arrêtera à l'entrée de cette zone" (with no other
    choice, the move stops at the entry of the zone)."""
    game = _game()
    s = _zone_position(game, _fill("straight"))
    assert game.why_not(s, parse("play straight 1")) is None
    after, events = game.apply(s, parse("play straight 1"))
    me = after.boats[0].spot
    assert 400 < me.y < 547 and me.x == pytest.approx(500)
    zone = game.shapes.zones([s.boats[1].spot])[0]
    hull = game.shapes.hull_at(me)
    assert not hull.intersects(zone) and hull.distance(zone) < 0.05
    assert any(e.kind == "zone" and "stops at the entry" in e.text for e in events)


def test_a_card_that_cannot_lie_flat_is_held_in_the_air_and_its_path_still_counts():
    """"Lorsqu'un joueur est gêné par une bouée ou un bateau pour poser sa carte sur la
    table, il la maintient en l'air et respecte la trajectoire dessinée. Mais le
    déplacement du bateau doit suivre le trajet indiqué par la carte sans toucher une
    bouée ni un autre bateau." (A card hindered by a buoy or boat is held in the air;
    the boat still follows the drawn path without touching a buoy or a boat.)"""
    game = _game()
    red = game.course.buoy("red")
    # the red buoy lies on the card's corner, off the path of a turn to port
    s = _position(game, [Spot(red.x - 22, red.y - 70, 0), Spot(100, 900, 0)],
                  [["sharp_left", "sharp_right", "straight", "straight", "straight"], _fill("straight")])
    assert game.shapes.card_at(s.boats[0].spot).intersects(shapely.Point(red.x, red.y).buffer(red.radius))
    assert game.why_not(s, parse("play sharp_left 1")) is None
    _, events = game.apply(s, parse("play sharp_left 1"))
    assert any(e.kind == "air" and "held in the air" in e.text and "red buoy" in e.text for e in events)
    assert "touches the red buoy" in game.why_not(s, parse("play straight 1"))


@settings(max_examples=25, deadline=None)
@given(dx=st.floats(-160, 160), dy=st.floats(40, 260), h=st.sampled_from(range(0, 360, 15)),
       seed=st.integers(0, 10_000))
def test_no_legal_move_ends_overlapping_a_boat_or_in_a_zone_unless_stopped(dx, dy, h, seed):
    """Hypothesis: whatever the neighbour, every legal play leaves the mover's hull clear
    of the other hull, and outside its forbidden zone unless it stopped at the entry."""
    game = _game()
    rng = random.Random(seed)
    cards = [f.id for f in game.deck.faces if not f.is_sun]
    hand = [rng.choice(cards) for _ in range(5)]
    other = Spot(500 + dx, 400 + dy, float(h))
    s = _position(game, [Spot(500, 400, 0), other], [hand, _fill("straight")])
    if game.shapes.hull_at(s.boats[0].spot).intersects(game.shapes.hull_at(other)):
        return
    plays = [a for a in game.legal_actions(s) if a.verb == "play"]
    other_hull, zone = game.shapes.hull_at(other), game.shapes.zones([other])[0]
    for a in plays:
        after, events = game.apply(s, a)
        hull = game.shapes.hull_at(after.boats[0].spot)
        assert not hull.intersects(other_hull), a
        stopped = any(e.kind == "zone" for e in events)
        assert stopped or not hull.intersects(zone), a


# --- se mettre en panne --------------------------------------------------------------

def test_heaving_to_changes_one_to_three_cards_or_turns_the_boat_and_no_sun():
    """"Il est possible et parfois obligatoire [...] de passer son tour en se mettant en
    panne : [...] changer 1, 2 ou 3 cartes de sa main ou bien orienter son bateau comme
    il le souhaite ; Dans les 2 cas, le bateau n'avance pas et le joueur n'a pas le droit
    de poser de carte soleil." (Heave to: change 1-3 cards or turn the boat at will; the
    boat does not advance and no sun card may be laid.)"""
    game = _game()
    s = _position(game, [Spot(500, 400, 0), Spot(100, 900, 0)],
                  [["soleil", "straight", "short", "fork", "left"], _fill("straight")])
    legal = game.legal_actions(s)
    swaps = [a for a in legal if a.verb == "swap"]
    assert {len(a.cards) for a in swaps} == {1, 2, 3}
    with pytest.raises(IllegalAction):
        parse("swap fork left short straight")                # four cards: no
    assert "does not hold" in game.why_not(s, parse("swap trident"))
    after, _ = game.apply(s, parse("swap fork left soleil"))
    assert after.boats[0].spot == s.boats[0].spot and after.step == DRAW
    assert sorted(after.hands[0]) == ["short", "straight"]
    pivots = sorted(a.n for a in legal if a.verb == "pivot")
    assert pivots == [d for d in range(-165, 181, 15) if d != 0]
    turned, _ = game.apply(s, parse("pivot +45"))
    assert turned.boats[0].spot.heading == pytest.approx(45.0) and turned.step != SUN
    mid0 = s.boats[0].spot.to_world(0, -31)
    mid1 = turned.boats[0].spot.to_world(0, -31)
    assert mid0 == pytest.approx(mid1)                       # turned about the middle
    assert turned.active == 1                                 # full hand: next boat


def test_heaving_to_is_the_way_out_when_every_card_is_blocked():
    """"Mais le déplacement du bateau doit suivre le trajet [...] En ce cas, il faut jouer
    une autre carte ou se mettre en panne." (Blocked: play another card or heave to.)"""
    game = _game()
    s = _position(game, [Spot(500, 400, 0), Spot(500, 520, 0)], [_fill("straight"), _fill("straight")])
    legal = game.legal_actions(s)
    assert not [a for a in legal if a.verb == "play"]
    assert any(a.verb == "swap" for a in legal)
    assert game.why_not(s, parse("pivot +90")) is None
    abreast = _position(game, [Spot(500, 400, 0), Spot(530, 400, 0)], [_fill("straight"), _fill("straight")])
    assert "turning +90° in place the hull touches Sky's boat" == game.why_not(abreast, parse("pivot +90"))
    assert "touches Sky's boat" in game.why_not(abreast, parse("pivot -90"))   # the stern swings in
    assert Act("pivot", n=15) in game.legal_actions(abreast)


# --- the symbol cards ------------------------------------------------------------------

def test_the_helm_plays_one_more_card_only_once():
    """"La barre : signifie que le joueur peut, s'il le souhaite, rejouer une carte
    immédiatement. On ne peut rejouer une nouvelle carte qu'une seule fois même si la
    seconde carte porte elle aussi une barre" (the helm: one more card at once if he
    wishes; only once, even if the second card has a helm too)."""
    game = _game()
    s = _position(game, [Spot(500, 150, 0), Spot(100, 900, 0)], [_fill("barre_straight")[:3] + ["short", "short"], _fill("straight")])
    s1, events = game.apply(s, parse("play barre_straight 1"))
    assert s1.step == EXTRA and any(e.kind == "barre" for e in events)
    assert Act("done") in game.legal_actions(s1)
    assert game.why_not(s1, parse("swap short")) is not None
    s2, _ = game.apply(s1, parse("play barre_straight 1"))
    assert s2.step == DRAW and len(s2.hands[0]) == 3
    assert s2.boats[0].spot.y == pytest.approx(150 + 2 * (62 + 85))
    s3, _ = game.apply(s1, parse("done"))
    assert s3.step == DRAW


def test_the_cloud_card_is_played_twice():
    """"Le nuage : signifie que la carte doit être jouée 2 fois." (The cloud: the card
    must be played twice.)"""
    game = _game()
    s = _position(game, [Spot(500, 150, 0), Spot(100, 900, 0)], [_fill("nuage_short"), _fill("straight")])
    s1, _ = game.apply(s, parse("play nuage_short 1"))
    assert s1.step == AGAIN and game.legal_actions(s1) == [Act("again", n=1)]
    assert "not possible now" in game.why_not(s1, parse("done"))
    s2, _ = game.apply(s1, parse("again 1"))
    assert s2.boats[0].spot.y == pytest.approx(150 + 2 * (62 + 45))
    assert len(s2.hands[0]) == 4 and s2.discard == ("nuage_short",)


def test_the_sun_becalms_an_opponent_who_skips_the_next_turn_and_its_player_draws_two():
    """"Le soleil [...] Le joueur pose donc une carte de direction pour bouger son bateau
    puis il pose la carte soleil devant un adversaire de son choix qui devra passer son
    prochain tour, enfin il pioche deux cartes pour compléter sa main. A son tour de jeu,
    l'adversaire ne jouera pas et se contentera de remettre la carte soleil dans la
    défausse." (Move with a direction card, then lay the sun before an opponent, who
    skips the next turn; then draw two. On its turn the opponent only discards the sun.)"""
    game = _game(seats=3)
    s = _position(game, [Spot(500, 150, 0), Spot(100, 900, 0), Spot(900, 900, 180)],
                  [["soleil", "straight", "straight", "straight", "short"], _fill("straight"), _fill("short")])
    assert "not possible now" in game.why_not(s, parse("sun 1"))
    s1, _ = game.apply(s, parse("play straight 1"))
    assert s1.step == SUN
    assert {a.text() for a in game.legal_actions(s1)} == {"sun 1", "sun 2", "no sun"}
    assert "opponent" in game.why_not(s1, parse("sun 0"))
    s2, events = game.apply(s1, parse("sun 1"))
    assert s2.boats[1].sun == "soleil" and len(s2.hands[0]) == 3 and s2.step == DRAW
    s3, _ = game.apply(s2, Act("draw", card="fork"))
    s4, _ = game.apply(s3, Act("draw", card="left"))
    assert s4.step == TURN and s4.active == 1
    assert game.legal_actions(s4) == [Act("becalmed")]
    assert "becalmed" in game.why_not(s4, parse("play straight 1"))
    s5, _ = game.apply(s4, parse("becalmed"))
    assert s5.boats[1].sun is None and s5.discard[-1] == "soleil" and s5.active == 2
    assert s5.boats[1].spot == s4.boats[1].spot


# --- the course -----------------------------------------------------------------------

def _circle(cx, cy, r, a0, a1, n=72):
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * k / n))) for k in range(n + 1)]


def test_the_red_buoy_counts_only_when_left_to_port():
    """"après avoir contourné les bouées dans l'ordre" (after going round the buoys in
    order); the notes: the red buoy left to port, then the green one."""
    course = data.load_course("small")
    red = course.buoy("red")
    w0 = initial_wound(course, 1, (red.x, red.y - 100))
    port = _circle(red.x, red.y, 100, -90, 160)           # counter-clockwise: buoy to port
    stage, _, done = advance(course, 1, w0, port)
    assert done == [1] and stage == 2
    wrong = _circle(red.x, red.y, 100, -90, -430)         # clockwise, more than once round
    stage, wound, done = advance(course, 1, w0, wrong)
    assert done == [] and stage == 1 and wound < -300
    green = course.buoy("green")
    stage, _, done = advance(course, 1, w0, _circle(green.x, green.y, 100, 0, 360))
    assert done == []                                     # in order: green before red is nothing


def test_the_finish_is_the_line_crossed_after_every_buoy_and_the_first_wins():
    """"Le premier joueur qui franchit la ligne d'arrivée en ayant accompli dans l'ordre le
    parcours complet de la régates, est déclaré vainqueur." (The first over the finish
    line, having sailed the whole course in order, wins.)"""
    game = _game()
    (ax, ay), (bx, by) = game.course.line_ends
    spot = Spot((ax + bx) / 2, ay - 60, 0)
    early = _position(game, [spot, Spot(100, 900, 0)], [_fill("straight"), _fill("straight")], stages=[2, 1])
    after, _ = game.apply(early, parse("play straight 1"))
    assert after.boats[0].place is None and after.step != OVER
    home = _position(game, [spot, Spot(100, 900, 0)], [_fill("straight"), _fill("straight")], stages=[3, 1])
    after, events = game.apply(home, parse("play straight 1"))
    assert after.boats[0].place == 1 and game.is_over(after) and game.places(after) == [1, None]
    assert any(e.kind == "finish" and "winner" in e.text for e in events)
    on = _game(extra=(("play_on", True),))
    after, _ = on.apply(home, parse("play straight 1"))
    assert not on.is_over(after) and after.active == 1


# --- reasons, hidden hands, records, bots, the command line ---------------------------

def test_every_refused_action_has_a_reason_in_words():
    """why_not answers every action not in legal_actions with a sentence."""
    game = _game(seats=3, seed=5)
    race = Race(game)
    rng = random.Random(5)
    probes = [parse(t) for t in ("play straight 1", "play soleil 1", "play fork 3", "again 1", "stay",
                                 "done", "sun 0", "sun 1", "no sun", "becalmed", "swap straight",
                                 "pivot +7", "pivot +180", "place 1", "place 99", "first 1",
                                 "draw straight", "draw nothing")]
    checked = 0
    for _ in range(250):
        if race.over:
            break
        legal = race.legal_actions()
        for a in probes:
            reason = race.why_not(a)
            assert (a in legal) == (reason is None) or race.chance, (a, reason)
            if reason is not None:
                assert isinstance(reason, str) and len(reason) > 8
                checked += 1
        race.roll() if race.chance else race.push(rng.choice(legal))
    assert checked > 1000


def test_each_hand_is_private():
    """Each seat sees its own hand and only how many cards the others hold."""
    game = _game(seats=3, seed=2)
    race = Race(game)
    while race.state.step == DEAL:
        race.roll()
    s = race.state
    seen = game.observation(s, 0)
    assert seen["hand"] == list(s.hands[0])
    assert "hands" not in seen and [b["cards"] for b in seen["boats"]] == [5, 5, 5]
    variant = game.hidden_variant(s, 1, random.Random(0))
    assert variant.hands[1] != s.hands[1] and variant.pile_count == s.pile_count
    assert game.observation(variant, 0) == seen
    assert game.observation(variant, 1) != game.observation(s, 1)


@pytest.fixture(scope="module")
def greedy_race():
    """One seeded race of four greedy boats on the largest course (the small and medium
    ones are the same plan on smaller tables, without the rock), sailed once for the
    tests of this file that need a finished race."""
    race = Race(_game("large", seats=4, seed=2, skipper="greedy"))
    play_bots(race, random.Random(2), max_actions=6000)
    return race


@pytest.mark.race
def test_a_seeded_bot_race_finishes_and_replays(greedy_race, tmp_path):
    """The greedy skipper sails the largest course to the finish; the record replays.
    (The greedy skipper sails the small course to the finish in the race of every level
    below, and in test_simulate_report.)"""
    race = greedy_race
    assert race.over and 1 in race.places()
    path = tmp_path / "race.json"
    games.save_race(path, race)
    again = games.load_race(path)
    assert again.state == race.state and again.rules_name == RULES


def test_the_command_line_races_the_gigamic_rules(capsys):
    assert cli_main(["race", "--rules", RULES, "--course", "small", "--boats", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Regatta (Gigamic), small:") and "1. " in out


def test_damaged_deck_and_course_files_load_or_raise_a_data_error(tmp_path):
    """Seeded: the shipped deck and every course, damaged 40 ways each: each either loads
    or is one DataError naming the file (never another exception)."""
    from test_damaged_files import _damage

    targets = [(io.data_dir("cards") / "regatta_gigamic" / "deck.toml", data.load_deck)]
    targets += [(p, data.load_course) for p in sorted((io.data_dir("courses") / "regatta_gigamic").glob("*.toml"))]
    failed = 0
    for path, load in targets:
        raw = path.read_bytes()
        rng = random.Random(f"damage:{path.name}")
        for _ in range(40):
            hurt = raw
            for _ in range(rng.randint(1, 3)):
                hurt = _damage(hurt, rng)
            target = tmp_path / path.name
            target.write_bytes(hurt)
            try:
                load(target)
            except DataError as exc:
                assert str(target) in str(exc)
                failed += 1
    assert failed > 20          # the damage does bite


def test_a_bad_course_on_the_command_line_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text((io.data_dir("courses") / "regatta_gigamic" / "small.toml").read_text()
                   .replace('side = "port" }, { buoy = "green"', 'side = "left" }, { buoy = "green"'))
    assert cli_main(["race", "--rules", RULES, "--course", str(bad), "--boats", "2"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rounding[0].side" in err[0] and str(bad) in err[0]


@pytest.mark.race
def test_every_level_sails_a_gigamic_race_to_the_finish():
    """easy, medium and hard (dinghy.skippers.any_game.levels) each resolve to a skipper that
    finishes; hard is this game's own, not the generic Monte Carlo (a minute a move)."""
    from dinghy.skippers.any_game import levels
    from dinghy.skippers.regatta_gigamic import greedy
    from dinghy.skippers.regatta_gigamic import hard as regatta_gigamic_hard

    assert levels.level_skipper("hard", RULES) is regatta_gigamic_hard.HARD
    assert levels.level_skipper("medium", RULES) is greedy
    names = list(PALETTE)[:3]
    setup = RaceSetup(seats=tuple(Seat(n, n, lv) for n, lv in zip(names, levels.LEVELS)), course="small", seed=7)
    race = Race(games.load_game(setup, RULES))
    play_bots(race, random.Random(7), max_actions=6000)
    assert race.over and 1 in race.places()


def test_the_results_say_why_the_others_have_no_place(greedy_race):
    """"Le premier joueur qui franchit la ligne d'arrivée ... est déclaré vainqueur" (the
    first player over the finish line is declared the winner): the race ends there, and
    the boats still sailing are said to be so, not to have failed to finish."""
    from dinghy.ui.shell.results import ResultsScene

    race = greedy_race
    assert race.over
    places = race.places()
    assert places.count(1) == 1 and places.count(None) == 3
    notes = {race.game.unplaced_note(race.state, k) for k, p in enumerate(places) if p is None}
    assert notes == {"still sailing: the first boat home wins"}
    rows = ResultsScene(race).rows()
    assert [r[3] for r in rows if r[0] == "–"] == ["still sailing: the first boat home wins"] * 3
