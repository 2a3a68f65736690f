"""Every choice of every module is the levels' own: one test per choice, each through the
level's method or ``computer_action`` (the call the race session makes), each failing if the level
chose badly or not at all.

The choices tested elsewhere: the gear (tests/rules/test_ai_levels.py: no risk when a safe gear
exists, never overshooting a corner it can stop in), the destination and braking (it brakes into
the corner rather than crash), skips paid in WP (it pays a skip when the free shift cannot stop),
the slipstream offer, the tyres for the weather, when to pit (it turns into the pit lane with worn
tyres). Here: the rain slide, the street race's tunnel and windows, the last WP but one, the soft
tyres' bonus, the engine boost, the nitro, the stop by points and its announcement, the crew's work
and the long stop, karma, head-to-head bids, the T-car and the WP won in a street race.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from rules.actions import ChooseGear, Roll
from rules.ai.check_risk import failures_ahead, hazard, loss
from rules.ai.levels import Level
from rules.ai.lookahead import lookahead
from rules.ai.presets import CHAMPION, LEVELS
from rules.ai.prices import Prices
from rules.ai.registry import computer_action
from rules.car import Area
from rules.engine import apply, moves
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from rules.track import Track
from tests.rules.test_odds import TRACK, position

PRICES = Prices(brake=1.0, tyre=1.0, scarce=2.0, out=50.0, spin=10.0, skip=1.0)


def champion_loss(track: Track, state: RaceState, car: CarState, area: Area, prices: Prices) -> float:
    """The Champion's price of one lost WP of ``area``."""
    return loss(track, state, car, area, prices, CHAMPION.exposure)


def champion_failures(track: Track, state: RaceState, car: CarState, area: Area) -> float:
    """The failed checks of ``area`` the Champion expects in the rest of the race."""
    return failures_ahead(track, state, car, area, CHAMPION.exposure)


def champion_hazard(track: Track, state: RaceState, car: CarState, m: Move, prices: Prices) -> float:
    """The Champion's price of the checks ``m`` owes."""
    return hazard(track, state, car, m, prices, CHAMPION.exposure, CHAMPION.exposed)


# --- the rain slide (TYRE-2) ---------------------------------------------------------------


@pytest.mark.rules("CORNER-5", "TYRE-2")
def test_TYRE_2_the_lookahead_drives_the_slide_on_and_counts_the_stop_where_it_ends() -> None:
    """A roll that stops just inside the Lindenkehre (2 stops, CORNER-5) is safe in the dry; in rain
    the 3-space slide that follows carries the car out of it without a stop, and without brakes
    that is an elimination. With brakes the car brakes the slide short and stays in."""
    la = lookahead(TRACK)
    dist, corner, length = la.lane.corner_ahead("B6")
    dry = la.turn("B6", dist, None, 0, 0, 6, 1, 1, PRICES, 0)
    assert not dry.out and dry.corner == corner
    assert la.turn("B6", dist + length - 1, None, 0, 0, 6, 1, 1, PRICES, 3).out
    braked = la.turn("B6", dist + length - 1, None, 0, 3, 6, 1, 1, PRICES, 3)
    assert not braked.out and braked.corner == corner and braked.brakes < 3


def _deep_stop() -> tuple[str, int]:
    """A space in lane B before the Lindenkehre and a 3rd-gear face that ends on the corner's last
    space in that lane."""
    la = lookahead(TRACK)
    faces = set(position("B6", 3).rules.gear_dice.die(3).faces)
    for n in range(1, 12):
        space = f"B{n}"
        dist, corner, length = la.lane.corner_ahead(space)
        if corner == 0 and dist + length - 1 in faces:
            return space, dist + length - 1
    raise AssertionError("no start before the Lindenkehre")


@pytest.mark.rules("CORNER-5", "TYRE-2")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TYRE_2_in_rain_every_level_prices_the_slide_of_a_stop_in_a_corner(level: Level) -> None:
    """Slicks in rain slide 3 spaces after a stop in a corner (TYRE-2). Without brake WP, ending on
    the last space of the 2-stop Lindenkehre slides out of it (CORNER-5): in rain a level values
    that destination as an elimination, in the dry as a good stop."""
    from rules.ruleset import PRESETS

    rules = PRESETS["fde-advanced"]
    start, face = _deep_stop()
    base = position(start, 3)
    car = base.car("a").model_copy(
        update={"tyre": Tyre.HARD, "wp": rules.default_wear.model_copy(update={"brakes": 0})}
    )
    other = base.car("b").model_copy(update={"tyre": Tyre.HARD, "wp": rules.default_wear})
    for condition, out in (("rain", True), ("sun", False)):
        state = base.model_copy(update={"rules": rules, "cars": (car, other), "weather": Weather(condition=condition)})
        s, _ = apply(TRACK, state, ChooseGear(gear=3))
        s, _ = apply(TRACK, s, Roll(value=face))
        deep = next(
            m for m in moves(TRACK, s) if m.corner == 0 and m.out is None and not m.brakes and len(m.path) == face
        )
        prices = level.prices(TRACK, s, s.car("a"))
        value = level.move_value(TRACK, s, deep, prices)
        assert (value < face - prices.out / 2) is out, (condition, value)


# --- the last WP but one -------------------------------------------------------------------


@pytest.mark.rules("CORE-COLL-3", "CORE-DANGER-4")
def test_CORE_DANGER_4_CORE_COLL_3_the_last_wp_but_one_costs_the_chance_the_checks_ahead_take_the_last() -> None:
    """CORE-DANGER-4, CORE-COLL-3: the last road-holding or body WP is the race (``prices.out``);
    the one before costs the race times the Poisson chance that the checks still ahead fail at
    least once, so it is dearer with more laps, cars and markers ahead, and the third cheaper."""
    from rules.ai.race_ahead import retire_odds
    from tests.rules.fixtures import OVAL, W, car
    from tests.rules.fixtures import position as board

    assert retire_odds(1, 0.5) == pytest.approx(1 - math.exp(-0.5))
    assert retire_odds(2, 0.5) == pytest.approx(1 - math.exp(-0.5) * 1.5)
    assert retire_odds(0, 0.0) == 1.0
    two = W.model_copy(update={"road_holding": 2, "body": 2})
    early = board([car("a", "A10", wp=two, crossings=1), *[car(f"o{i}", f"B{20 + i}") for i in range(8)]], "a", laps=3)
    late = board([car("a", "A10", wp=two, crossings=3), *[car(f"o{i}", f"B{20 + i}") for i in range(8)]], "a", laps=3)
    for area in (Area.ROAD_HOLDING, Area.BODY):
        for state in (early, late):
            a = state.car("a")
            prices = CHAMPION.prices(OVAL, state, a)
            assert (
                champion_loss(
                    OVAL, state, a.model_copy(update={"wp": a.wp.model_copy(update={area.value: 1})}), area, prices
                )
                == prices.out
            )
            share = retire_odds(1, champion_failures(OVAL, state, a, area))
            assert champion_loss(OVAL, state, a, area, prices) == pytest.approx(
                max(share * prices.out, prices.tyre + prices.scarce)
            )
        assert champion_failures(OVAL, early, early.car("a"), area) > champion_failures(OVAL, late, late.car("a"), area)
    marked = early.model_copy(update={"markers": ("C40", "C41", "B50")})
    assert champion_failures(OVAL, marked, marked.car("a"), Area.ROAD_HOLDING) > champion_failures(
        OVAL, early, early.car("a"), Area.ROAD_HOLDING
    )


def test_a_retirement_costs_the_race_still_to_drive() -> None:
    """In a field of ten a retirement early in a long race costs more spaces than one near the flag
    (``laps_ahead``), never less than ``out``; in a duel it costs ``out`` (few checks and blocks),
    and the last WP are cheaper there (``field_reserve``)."""
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    field = [car(f"o{i}", f"{'BC'[i % 2]}{20 + 4 * i}") for i in range(9)]
    early = board([car("a", "A10", crossings=1), *field], "a", laps=3)
    late = board([car("a", "A60", crossings=3), *field], "a", laps=3)
    first, last = CHAMPION.prices(OVAL, early, early.car("a")).out, CHAMPION.prices(OVAL, late, late.car("a")).out
    assert first > last >= CHAMPION.out * 0.95
    duel = board([car("a", "A10", crossings=1), field[0]], "a", laps=3)
    prices = CHAMPION.prices(OVAL, duel, duel.car("a"))
    assert prices.out == CHAMPION.out and prices.scarce < CHAMPION.prices(OVAL, early, early.car("a")).scarce


def test_a_retirement_costs_the_laps_left_whatever_a_laps_rows() -> None:
    """On the grid of a 3-lap race of ten, a retirement costs every level as much on the oval (70 rows a
    lap) as on Hohenau (156 rows): the race left is counted in laps, as a race is won, not in rows, which
    would price it twice as dear on the longer board (GP Online's boards have up to 460 rows a lap)."""
    from game.storage.paths import MAPS
    from game.tracks.load import load_track
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    hohenau = load_track(MAPS / "hohenau.tmx")

    def out(level: Level, track: Track, laps: int) -> float:
        cars = [car(f"c{i}", space, crossings=0) for i, space in enumerate(track.grid[:10])]
        state = board(cars, "c0", track=track, laps=laps)
        return level.prices(track, state, state.car("c0")).out

    for level in LEVELS:
        if level.race:
            assert out(level, OVAL, 3) == out(level, hohenau, 3) > out(level, hohenau, 1) >= level.out * 0.95


@pytest.mark.rules("TYRE-2")
def test_TYRE_2_in_rain_a_full_field_makes_the_champion_price_its_scarce_wp_by_more_corners_ahead() -> None:
    """TYRE-2 (the slide after a stop in a corner) and the rain's tyre table spend WP faster in rain,
    and in a race a full field started a car without WP meets blocks and the retired cars' markers:
    there the Champion's scarcity per corner still ahead counts ``rain`` times, in a duel once, as in
    the dry; in a field of ten it counts so even when most of the field is out."""
    from dataclasses import replace

    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    def race(n: int, condition: str, out: int = 0):
        cars = [
            car("a", "A20"),
            *(car(f"c{i}", f"B{30 + 3 * i}", status="out" if i <= out else "racing") for i in range(1, n)),
        ]
        return board(cars, "a", laps=3).model_copy(update={"weather": Weather(condition=condition)})

    def scarce(level: Level, state) -> float:
        return level.prices(OVAL, state, state.car("a")).scarce

    assert CHAMPION.rain > 1
    times = replace(CHAMPION, scarcity=CHAMPION.scarcity * CHAMPION.rain, rain=1.0)
    assert scarce(CHAMPION, race(10, "rain")) == scarce(times, race(10, "sun")) > scarce(CHAMPION, race(10, "sun"))
    assert scarce(CHAMPION, race(10, "rain", out=7)) == scarce(times, race(10, "sun", out=7))
    assert scarce(CHAMPION, race(2, "rain")) == scarce(CHAMPION, race(2, "sun"))


@pytest.mark.rules("CORE-COLL-2", "CORE-WEATHER-2", "FD08-COLL-1")
def test_CORE_COLL_2_FD08_COLL_1_a_stop_beside_a_car_is_priced_at_the_black_dies_odds_dearer_in_rain() -> None:
    """CORE-COLL-2, CORE-WEATHER-2, TAB-RAIN: a collision check fails on a 1, in rain on 1-2: the same stop beside a car
    costs twice as much in rain. FD08-COLL-1: the cars close behind roll for the car too when they
    end beside it, so a stop with a car a few rows behind costs more than one with none."""
    from rules.moves import Move
    from tests.rules.fixtures import OVAL, W, car
    from tests.rules.fixtures import position as board

    worn = W.model_copy(update={"body": 2})
    dry = board([car("a", "A20", wp=worn), car("b", "B30")], "a", laps=3)
    rain = dry.model_copy(update={"weather": Weather(condition="rain")})
    beside = Move(path=("A29", "A30"))
    for state in (dry, rain):
        assert champion_hazard(OVAL, state, state.car("a"), beside, CHAMPION.prices(OVAL, state, state.car("a"))) > 0
    hd = champion_hazard(OVAL, dry, dry.car("a"), beside, CHAMPION.prices(OVAL, dry, dry.car("a")))
    hr = champion_hazard(OVAL, rain, rain.car("a"), beside, CHAMPION.prices(OVAL, rain, rain.car("a")))
    assert hr > 1.5 * hd
    alone = board([car("a", "A20", wp=worn), car("b", "B60")], "a", laps=3)
    chased = board([car("a", "A20", wp=worn), car("b", "B25")], "a", laps=3)
    ahead = Move(path=("A29", "A30"))
    prices = CHAMPION.prices(OVAL, alone, alone.car("a"))
    assert champion_hazard(OVAL, alone, alone.car("a"), ahead, prices) == 0
    assert champion_hazard(OVAL, chased, chased.car("a"), ahead, prices) > 0


# --- the street race: tunnel and windows (STREET-5, STREET-7) ------------------------------


@pytest.mark.rules("STREET-7")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_STREET_7_every_level_ends_on_a_free_tunnel_entry(level: Level) -> None:
    """From C25 a 3rd-gear 5 ends on row 29 in any lane; C30 is tunnel 1's entry (out on C36, six
    rows on): in a street race every level ends there, in a plain race it has no reason to."""
    from rules.ruleset import FORMULA_D_BASIC
    from tests.rules.test_street import STREET_OVAL, S, at, car, street

    for rules, tunnel in ((S, True), (FORMULA_D_BASIC, False)):
        state = street([car("t", "C25", 3), car("x", "A5")], "t", rules=rules)
        state, _ = at(state, ChooseGear(gear=3), Roll(value=5))
        found = moves(STREET_OVAL, state)
        if tunnel:
            assert level.choose_move(STREET_OVAL, state, found).end == "C30"
        else:
            prices = level.prices(STREET_OVAL, state, state.car("t"))
            c30 = next(m for m in found if m.end == "C30")
            plain = level.move_value(STREET_OVAL, state, c30, prices)
            street_state = state.model_copy(update={"rules": S})
            assert level.move_value(STREET_OVAL, street_state, c30, prices) > plain + 3


@pytest.mark.rules("STREET-5")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_STREET_5_every_level_counts_the_residents_shots(level: Level) -> None:
    """A path under the windows owes a black-die check that costs body WP on 1-4: the same move is
    worth less in a street race, and much less with the body's last WP."""
    from rules.ruleset import FORMULA_D_BASIC
    from tests.rules.test_street import STREET_OVAL, shooter

    state = shooter()
    under = next(m for m in moves(STREET_OVAL, state) if m.end == "A30")
    prices = level.prices(STREET_OVAL, state, state.car("s"))
    plain = level.move_value(STREET_OVAL, state.model_copy(update={"rules": FORMULA_D_BASIC}), under, prices)
    shot = level.move_value(STREET_OVAL, state, under, prices)
    assert shot < plain
    car = state.car("s")
    fragile = state.with_car(car.model_copy(update={"wp": car.wp.model_copy(update={"body": 1})}))
    assert level.move_value(STREET_OVAL, fragile, under, prices) < shot - 0.15 * prices.out


@pytest.mark.rules("STREET-3")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_STREET_3_every_level_injects_its_nitro_on_a_straight_and_keeps_it_before_a_corner(level: Level) -> None:
    """STREET-3: the gear's spaces again are free progress on the back straight in 5th (and
    computer_action declares them with the gear); a car in 4th just before the Lindenkehre would
    throw them away."""
    from tests.rules.test_street import STREET_OVAL, car, street

    straight = street([car("n", "B30", 5), car("x", "A5")], "n")
    assert level.choose_nitro(STREET_OVAL, straight, 5)
    action = computer_action(STREET_OVAL, straight, level.name)
    assert isinstance(action, ChooseGear) and action.nitro == level.choose_nitro(STREET_OVAL, straight, action.gear)
    corner = street([car("n", "B4", 4), car("x", "A40")], "n")
    assert not level.choose_nitro(STREET_OVAL, corner, 4)


# --- the Dresden choices -------------------------------------------------------------------


@pytest.mark.rules("ENG-D-3")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_ENG_D_3_every_level_boosts_when_the_spaces_pay_and_keeps_its_last_engine_wp(level: Level) -> None:
    """ENG-D-3: on the back straight in 5th, five extra spaces for one of three engine WP; on the
    last lap in 4th just before the line, the spaces that make sure of the flag; not in lap 1 from
    there (the corner beyond the line would take them back), not before the Lindenkehre, and never
    with the last engine WP (the rules refuse it)."""
    from tests.rules.fixtures import OVAL, D
    from tests.rules.fixtures import position as board
    from tests.rules.test_dresden_engine import booster, dcar, engine

    def at(space: str, gear: int, crossings: int = 1, engine_wp: int = 3):
        cars = [
            dcar("b", space, gear, crossings=crossings, wp=engine(engine_wp)),
            dcar("x", "A10", 3, crossings=crossings),
        ]
        return board(cars, "b", rules=D)

    assert level.choose_boost(OVAL, at("B30", 5), 5)
    assert level.choose_boost(OVAL, at("B55", 4, crossings=3), 4)
    assert not level.choose_boost(OVAL, at("B55", 4), 4)
    assert not level.choose_boost(OVAL, at("B4", 4), 4)
    assert not level.choose_boost(OVAL, booster(engine_wp=1), 2)
    action = computer_action(OVAL, at("B30", 5), level.name)
    assert isinstance(action, ChooseGear) and action.boost == level.choose_boost(OVAL, at("B30", 5), action.gear)


@pytest.mark.rules("KARMA-3")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_KARMA_3_every_level_buys_off_a_failure_that_would_retire_it(level: Level) -> None:
    """KARMA-3: a failed engine check with the last engine WP ends the race; with a pool for a
    raise every level raises (through computer_action, the session's call); a road-holding
    failure on a 1 (four raises) that costs one WP of three it accepts."""
    from rules.actions import Karma
    from rules.dice import Purpose
    from tests.rules.fixtures import OVAL
    from tests.rules.test_dresden_karma import held

    assert computer_action(OVAL, held(Purpose.ENGINE, 4, 30, engine=1), level.name) == Karma(spend="raise")
    assert computer_action(OVAL, held(Purpose.ROAD_HOLDING, 1, 50), level.name) == Karma(spend="accept")


@pytest.mark.rules("H2H-2")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_H2H_2_every_level_bids_when_behind_and_keeps_a_raise(level: Level) -> None:
    """H2H-2: behind in the normal order (a later arrival at the same gear) every level bids; no
    level lets its pool fall below a raise (20 karma)."""
    from rules.actions import Bid
    from tests.rules.test_dresden_head_to_head import after_leader, bids
    from tests.rules.test_dresden_head_to_head import level as row

    state, _ = after_leader(row(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    second, _ = bids(state, ("a", 0))
    action = computer_action(_oval(), second, level.name)
    assert isinstance(action, Bid) and action.amount >= 1
    broke = second.with_car(second.car("b").with_league(karma=20))
    assert computer_action(_oval(), broke, level.name) == Bid(amount=0)


def _oval():
    from tests.rules.fixtures import OVAL

    return OVAL


@pytest.mark.rules("TCAR-1")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TCAR_1_every_level_takes_the_t_car(level: Level) -> None:
    """TCAR-1: out before the end of corner 1 in lap 1, every level races on in the T-car (the set-up
    less 2 WP)."""
    from rules.actions import TCar
    from tests.rules.fixtures import DW
    from tests.rules.test_dresden_tcar import crash

    state, _ = crash()
    action = computer_action(_oval(), state, level.name)
    assert isinstance(action, TCar) and action.wp is not None and action.wp.total() == DW.total() - 2


@pytest.mark.rules("PIT-D-6", "PIT-D-7", "PIT-D-8")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_D_6_every_level_announces_the_stop_its_car_needs(level: Level) -> None:
    """PIT-D-6..8: with 3 of 6 tyre WP left in lap 1 of 3 a level announces new tyres with its
    gear (6 points); with nothing worn it announces none."""
    from rules.tables.pit_points import PitPlan
    from tests.rules.fixtures import DW, dcar, gear_choice
    from tests.rules.test_dresden_pits import race

    worn = race([dcar("m", "C30", wp=DW.model_copy(update={"tyres": 3}), box="P4", crossings=1), dcar("far", "A30")])
    action = computer_action(_oval(), worn, level.name)
    assert isinstance(action, ChooseGear) and action.pit == PitPlan(tyre=level.choose_tyre(worn))
    fresh = race([dcar("m", "C30", wp=DW, box="P4", crossings=1), dcar("far", "A30")])
    assert gear_choice(computer_action(_oval(), fresh, level.name)).pit is None


@pytest.mark.rules("PIT-A-1", "PIT-A-4", "MASTERS-TURN-11")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_A_4_every_level_makes_a_long_stop_to_repair_and_a_short_one_otherwise(level: Level) -> None:
    """PIT-A-1/4, MASTERS-TURN-11: at the box with one body WP left and two laps of a field of ten to go, a level has
    the crew repair the body from the reserve in a long stop and fit tyres; alone with one car far
    away (few collision checks ahead) the repair is not worth the game round standing, and with
    nothing to repair the stop is short."""
    from rules.actions import PitStop
    from tests.rules.fixtures import W, at_box, car

    alone, _ = at_box(wp=W.model_copy(update={"body": 1}), laps=3)
    damaged = alone.model_copy(update={"cars": alone.cars + tuple(car(f"o{i}", f"B{10 + 3 * i}") for i in range(8))})
    action = computer_action(_oval(), damaged, level.name)
    assert isinstance(action, PitStop) and action.long and action.repairs == {Area.BODY: 2} and action.tyre is not None
    action = computer_action(_oval(), alone, level.name)
    assert isinstance(action, PitStop) and not action.long and not action.repairs
    whole, _ = at_box()
    action = computer_action(_oval(), whole, level.name)
    assert isinstance(action, PitStop) and not action.long and not action.repairs and action.tyre is not None


@pytest.mark.rules("PIT-A-1", "PIT-A-4")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_A_1_every_level_heads_for_the_pits_when_a_repair_is_worth_the_long_stop(level: Level) -> None:
    """PIT-A-1, PIT-A-4: with one body WP left, the reserve to repair it and a lap of a field of ten
    to go, a level keeps to the pit entry's lane (the older careful driver, which pits only for
    tyres, does not); with the body whole, or in the last lap (no stop allowed), it does not."""
    from rules.ai.classic import CAREFUL
    from tests.rules.fixtures import OVAL, PIT_C, W, car, pit_of
    from tests.rules.fixtures import position as board

    def at(body: int, crossings: int = 1):
        cars = [
            car("m", "C40", gear=3, crossings=crossings, box="P4", wp=W.model_copy(update={"body": body}), reserve=2)
        ]
        cars += [car(f"o{i}", f"A{10 + 3 * i}") for i in range(8)]
        return board(cars, "m", laps=3, rules=PIT_C)

    entry = OVAL.space(pit_of(OVAL).entry).lane
    assert level.pit_lane(OVAL, at(1), at(1).car("m")) == entry
    assert CAREFUL.pit_lane(OVAL, at(1), at(1).car("m")) is None
    assert level.pit_lane(OVAL, at(3), at(3).car("m")) is None
    assert level.pit_lane(OVAL, at(1, crossings=3), at(1, crossings=3).car("m")) is None


@pytest.mark.rules("PIT-A-4")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_A_4_a_brake_wp_alone_is_not_worth_a_long_stop(level: Level) -> None:
    """PIT-A-4: at the box with only one brake WP gone, a level lets the crew change the tyres in
    a short stop (a game round standing costs more than a brake WP); the older careful driver
    repairs whatever it can and stands the round."""
    from rules.actions import PitStop
    from rules.ai.classic import CAREFUL
    from tests.rules.fixtures import W, at_box

    state, _ = at_box(wp=W.model_copy(update={"brakes": 2}), laps=3)
    action = computer_action(_oval(), state, level.name)
    assert isinstance(action, PitStop) and not action.long and not action.repairs and action.tyre is not None
    assert level.choose_repairs(_oval(), state) == {}
    assert CAREFUL.choose_repairs(_oval(), state) == {Area.BRAKES: 1}


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_every_level_keeps_to_the_lane_of_the_nearest_pit_entry(level: Level) -> None:
    """A board may mark a second pit entry (``PitLane.extra_entries``): a level that wants a stop
    keeps to the lane of the entry nearest ahead of it (lane A's A40 from A30, the drawn entry C59 in
    lane C once past A40); the careful driver the same."""
    from rules.ai.classic import CAREFUL
    from tests.rules.fixtures import OVAL, W, car, pit_of
    from tests.rules.fixtures import position as board

    two = OVAL.model_copy(update={"pit": pit_of(OVAL).model_copy(update={"extra_entries": ("A40",)})})
    worn = W.model_copy(update={"tyres": 2})

    def at(space: str):
        state = board([car("m", space, gear=3, box="P4", wp=worn), car("f", "B10")], "m", laps=3)
        return state, state.car("m")

    assert level.pit_lane(two, *at("A30")) == two.space("A40").lane == 0
    assert level.pit_lane(two, *at("A45")) == two.space("C59").lane == 2
    assert level.pit_lane(OVAL, *at("A30")) == 2
    assert CAREFUL.pit_lane(two, *at("A30")) == 0


@pytest.mark.rules("PIT-D-10")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_D_10_every_level_has_its_crew_work_off_what_the_car_needs(level: Level) -> None:
    """PIT-D-10: at the box without an announcement, a level's crew plans the stop the car needs
    (worn tyres, fuel for the laps left, the body one WP from the end not yet: two of three)."""
    from rules.actions import PitStop
    from tests.rules.test_dresden_pits import at_p1, into_box

    state, _ = into_box(at_p1(), 4, 9, ("P2", "P3", "P4"), plan=None)
    action = computer_action(_oval(), state, level.name)
    assert isinstance(action, PitStop) and action.tyre is not None and action.fuel >= 1


@pytest.mark.rules("STREET-7")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_STREET_7_every_level_puts_the_won_wp_where_the_car_has_fewest(level: Level) -> None:
    """STREET-7: the fastest car past the police station wins 2 WP; with one body and one brake WP
    left, a level puts them there (the last body WP ends the race)."""
    from rules.actions import FreeWP
    from tests.rules.test_street import STREET_OVAL, police_round

    state, _ = police_round(b_roll=9)
    assert computer_action(STREET_OVAL, state, level.name) == FreeWP(wp={Area.BODY: 1, Area.BRAKES: 1})


@pytest.mark.rules("TYRE-3")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TYRE_3_every_level_takes_the_soft_tyres_bonus_space_when_it_is_safe(level: Level) -> None:
    """TYRE-3: fresh soft tyres offer an optional extra space after the roll; where it keeps the
    car in the race and costs no WP, it is a free space and every level takes it."""
    from rules.actions import Drive, EndMove
    from tests.rules.fixtures import corner_stop

    state, _ = corner_stop("sun", Tyre.SOFT)
    found = moves(_oval(), state)
    free = [m for m in found if m.via == "bonus" and m.out is None and not m.brakes and not m.tyres and not m.dangers]
    action = computer_action(_oval(), state, level.name)
    if free:
        assert isinstance(action, Drive) and action.via == "bonus"
    else:
        assert isinstance(action, (Drive, EndMove))


@pytest.mark.rules("TYRE-2")
def test_TYRE_2_VAR_28_AMB_48_which_moves_the_levels_expect_to_slide_on() -> None:
    """A roll that ends in a corner slides on; one that ends past it only under VAR-28's B reading
    (any corner space of the movement); a slide itself never slides again (AMB-48)."""
    from rules.ai.judging import slides_after
    from rules.ruleset import PRESETS

    rules = PRESETS["fde-advanced"]
    start, face = _deep_stop()
    state = position(start, 3).model_copy(update={"rules": rules, "weather": Weather(condition="rain")})
    s, _ = apply(TRACK, state, ChooseGear(gear=3))
    s, _ = apply(TRACK, s, Roll(value=face))
    found = moves(TRACK, s)
    inside = next(m for m in found if m.end is not None and TRACK.space(m.end).corner is not None)
    end = inside.end or ""
    assert slides_after(TRACK, s, inside, end)
    assert not slides_after(TRACK, s, inside.model_copy(update={"via": "slide"}), end)
    through = inside.model_copy(update={"path": (*inside.path, "B30")})
    assert not slides_after(TRACK, s, through, "B30")
    literal = s.model_copy(update={"rules": rules.model_copy(update={"rain_slide": "any_corner_space"})})
    assert slides_after(TRACK, literal, through, "B30")


@pytest.mark.rules("CORE-DANGER-4", "CORE-WEATHER-2", "CAR-C-2", "FUEL-4", "CORE-BLOCK-3")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
@pytest.mark.parametrize(("condition", "extra"), [("sun", 1), ("rain", 2)])
def test_CAR_C_2_every_level_builds_its_car_with_more_road_holding_wp_in_rain_two(
    level: Level, condition: str, extra: int
) -> None:
    """CAR-C-2: Formula Dé's crews build their car from 20 WP; the default has two road-holding
    WP, one failed check from the end among a field's markers (CORE-DANGER-4), so every level
    moves one WP there from the fuel (only skips burn it, FUEL-4), in rain two (CORE-WEATHER-2:
    a check fails on 1-5), and one from the tyres to the brakes, which pay a field's blocks
    (CORE-BLOCK-1..3), tyres for the weather with it, in a race of three; over one lap the tyres
    stay. Where the set-up is fixed (fd-basic) it keeps the car as entered."""
    from rules.actions import SetUp
    from rules.ruleset import FORMULA_D_BASIC, PRESETS

    rules = PRESETS["fde-advanced"]
    base = position("A30", 1)
    third = base.car("b").model_copy(update={"id": "c", "space": "A20"})
    cars = tuple(c.model_copy(update={"wp": rules.default_wear}) for c in (*base.cars, third))
    state = base.model_copy(
        update={"rules": rules, "cars": cars, "phase": "setup", "weather": Weather(condition=condition)}
    )
    action = computer_action(TRACK, state, level.name)
    assert isinstance(action, SetUp) and (action.tyre is Tyre.RAIN) == (condition == "rain") and action.wp is not None
    assert (action.wp.road_holding, action.wp.fuel, action.wp.brakes, action.wp.tyres) == (
        rules.default_wear.road_holding + extra,
        rules.default_wear.fuel - extra,
        rules.default_wear.brakes + 1,
        rules.default_wear.tyres - 1,
    )
    assert action.wp.total() == rules.default_wear.total()
    after, _ = apply(TRACK, state, action)
    assert after.car("a").wp == action.wp
    one = computer_action(TRACK, state.model_copy(update={"laps": 1}), level.name)
    assert isinstance(one, SetUp) and one.wp is not None and one.wp.road_holding == action.wp.road_holding
    assert (one.wp.brakes, one.wp.tyres) == (rules.default_wear.brakes, rules.default_wear.tyres)
    fixed = base.model_copy(update={"rules": FORMULA_D_BASIC, "phase": "setup"})
    assert computer_action(TRACK, fixed, level.name) == SetUp()


@pytest.mark.rules("CAR-C-2", "CAR-C-3", "CORE-COLL-2", "CORE-ENGINE-1", "FUEL-4")
@pytest.mark.parametrize(("condition", "road_holding", "tyres"), [("sun", 2, 10), ("rain", 3, 9)])
def test_CAR_C_2_the_champion_builds_a_duel_car_with_the_wp_few_checks_need_on_its_tyres(
    condition: str, road_holding: int, tyres: int
) -> None:
    """CAR-C-2/3: with one other car there are few collision checks, damage markers and engine
    checks, so in a race of two the Champion builds body 2, engine 2, fuel 1 and road holding 2
    (3 in rain) from the default 3/3/3/2, the 4 WP saved (3 in rain) on the tyres; the Racer
    builds its car as in a field."""
    from rules.actions import SetUp
    from rules.ruleset import PRESETS

    rules = PRESETS["fde-advanced"]
    base = position("A30", 1)
    cars = tuple(c.model_copy(update={"wp": rules.default_wear}) for c in base.cars)
    state = base.model_copy(
        update={"rules": rules, "cars": cars, "phase": "setup", "weather": Weather(condition=condition)}
    )
    action = computer_action(TRACK, state, "champion")
    assert isinstance(action, SetUp) and action.wp is not None
    built = (action.wp.body, action.wp.engine, action.wp.fuel, action.wp.road_holding, action.wp.tyres)
    assert built == (2, 2, 1, road_holding, tyres)
    assert action.wp.brakes == rules.default_wear.brakes and action.wp.total() == rules.default_wear.total()
    after, _ = apply(TRACK, state, action)
    assert after.car("a").wp == action.wp
    racer = computer_action(TRACK, state, "racer")
    assert isinstance(racer, SetUp) and racer.wp is not None
    assert (racer.wp.tyres, racer.wp.brakes) == (rules.default_wear.tyres, rules.default_wear.brakes)


@pytest.mark.rules("TYRE-2", "TYRE-4", "TYRE-5", "WEATHER-4", "WEATHER-10")
@pytest.mark.parametrize("laps", [1, 3])
@pytest.mark.parametrize("condition", ["dry", "temp_sun", "locked_sun", "sun"])
def test_TYRE_5_the_champion_starts_on_rain_tyres_while_rain_may_still_come(condition: str, laps: int) -> None:
    """TYRE-2/4/5, WEATHER-4/10: in dry weather that may still turn (a variable race's start, a
    temporary sun) the Champion builds its car on rain tyres for a race of more than one lap,
    since slicks caught by the rain slide 3 spaces after every stop in a corner; in weather that
    can no longer change, or over one lap, it takes the soft tyres. The Racer keeps to soft tyres
    and the Rookie to hard ones in any dry weather."""
    from rules.actions import SetUp
    from rules.ruleset import PRESETS

    rules = PRESETS["fde-advanced"]
    base = position("A30", 1)
    cars = tuple(c.model_copy(update={"wp": rules.default_wear}) for c in base.cars)
    state = base.model_copy(
        update={"rules": rules, "cars": cars, "laps": laps, "phase": "setup", "weather": Weather(condition=condition)}
    )
    changeable = condition in ("dry", "temp_sun")
    want = {"champion": Tyre.RAIN if changeable and laps > 1 else Tyre.SOFT, "racer": Tyre.SOFT, "rookie": Tyre.HARD}
    for name, tyre in want.items():
        action = computer_action(TRACK, state, name)
        assert isinstance(action, SetUp) and action.tyre is tyre, name


@pytest.mark.rules("TYRE-2", "TYRE-5", "PIT-B-1")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TYRE_5_a_level_pits_off_rain_tyres_once_the_weather_can_no_longer_bring_rain(level: Level) -> None:
    """TYRE-5 (rain tyres' penalties doubled in the dry), PIT-B-1: in lap 1 of 3 on rain tyres and
    still dry, a level keeps to the pit entry's lane for dry tyres, except the Champion while
    rain may still come (it chose them for that); once the sun is locked it stops too."""
    from rules.ruleset import FORMULA_D_BASIC
    from tests.rules.fixtures import OVAL, car, pit_of
    from tests.rules.fixtures import position as board

    rules = FORMULA_D_BASIC.model_copy(update={"tyres": "C", "weather": True})
    entry = OVAL.space(pit_of(OVAL).entry).lane

    def lane(condition: str) -> int | None:
        state = board([car("m", "C50", tyre=Tyre.RAIN, box="P4"), car("f", "A30")], "m", rules=rules, laps=3)
        state = state.model_copy(update={"weather": Weather(condition=condition)})
        return level.pit_lane(OVAL, state, state.car("m"))

    assert lane("dry") == (None if level.name == "champion" else entry)
    assert lane("locked_sun") == entry
    assert lane("locked_rain") is None


@pytest.mark.rules("CORE-ENGINE-1", "CORE-ENGINE-2", "CORE-ENGINE-3")
def test_CORE_ENGINE_1_2_3_5th_and_6th_cost_the_engine_checks_they_may_bring() -> None:
    """CORE-ENGINE-1..3: a 20 in 5th or a 30 in 6th makes every car in 5th or 6th check its engine
    (1-4 fails), the last engine WP ends the race: declaring 5th costs something, more with other
    cars in 5th or 6th and with fewer engine WP left; 4th costs nothing."""
    from tests.rules.fixtures import OVAL, W, car
    from tests.rules.fixtures import position as board

    def risk(engine: int, others_gear: int, gear: int) -> float:
        state = board(
            [
                car("a", "A10", gear=4, wp=W.model_copy(update={"engine": engine})),
                *[car(f"o{i}", f"B{20 + 3 * i}", gear=others_gear) for i in range(4)],
            ],
            "a",
            laps=3,
        )
        a = state.car("a")
        return CHAMPION.engine_risk(OVAL, state, a, gear, CHAMPION.prices(OVAL, state, a))

    assert risk(3, 3, 4) == 0
    assert 0 < risk(3, 3, 5) < risk(3, 5, 5) < risk(2, 5, 5) < risk(1, 5, 5)


@pytest.mark.rules("CORE-ENGINE-1", "CORE-ENGINE-2", "CORE-ENGINE-3")
def test_CORE_ENGINE_2_a_full_field_does_not_make_the_first_engine_wp_a_retirement() -> None:
    """CORE-ENGINE-2 checks only the cars in 5th or 6th, so a car meets far fewer engine checks
    than collision checks: at the start of a 3-lap race among nine others the Champion expects
    about one failed engine check (its cars lost 0.5 on GP Online's boards), not the
    near three its collision exposure would give, so losing its first engine WP is a risk of
    the race, not most of it; and declaring 5th among cars in 5th costs a third as much."""
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    state = board([car("a", "A10", gear=4), *[car(f"o{i}", f"B{20 + 3 * i}", gear=5) for i in range(9)]], "a", laps=3)
    a = state.car("a")
    prices = CHAMPION.prices(OVAL, state, a)
    assert CHAMPION.engine_exposure is not None
    assert 0.5 < failures_ahead(OVAL, state, a, Area.ENGINE, CHAMPION.engine_exposure) < 1.5
    assert failures_ahead(OVAL, state, a, Area.ENGINE, CHAMPION.exposure) > 2
    assert loss(OVAL, state, a, Area.ENGINE, prices, CHAMPION.exposure) > prices.out / 2
    assert loss(OVAL, state, a, Area.ENGINE, prices, CHAMPION.engine_exposure) < prices.out / 4
    risk = CHAMPION.engine_risk(OVAL, state, a, 5, prices)
    assert 0 < risk < replace(CHAMPION, engine_exposure=None).engine_risk(OVAL, state, a, 5, prices) / 3


@pytest.mark.rules("CORE-BLOCK-1", "CORE-BLOCK-2", "CORE-BLOCK-3")
def test_CORE_BLOCK_1_2_3_a_stop_behind_a_wall_of_slow_cars_without_brakes_is_a_retirement_ahead() -> None:
    """CORE-BLOCK-1..3, TAB-BLOCK: behind a row of cars in 1st gear across every lane, next turn's
    roll in 2nd is mostly a block; with no brake WP left to pay it the car is out, so ``boxed_odds``
    is high, with brakes to pay it low, and with a lane free it is nothing."""
    from rules.ai.race_ahead import boxed_odds
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    here = OVAL.space("A20")
    wall = [next(s.name for s in OVAL.spaces if s.lane == lane and s.row == here.row + 1) for lane in range(OVAL.lanes)]
    state = board([car("a", "A20", gear=3), *[car(f"w{i}", n, gear=1) for i, n in enumerate(wall)]], "a")
    a = state.car("a")
    assert boxed_odds(OVAL, state, a, "A20", 0, 6) > 0.5
    assert boxed_odds(OVAL, state, a, "A20", 3, 6) < boxed_odds(OVAL, state, a, "A20", 0, 6)
    gap = state.model_copy(update={"cars": tuple(c for c in state.cars if c.id != "w1")})
    assert boxed_odds(OVAL, gap, gap.car("a"), "A20", 0, 6) == 0


@pytest.mark.rules("CORE-BLOCK-1", "CORE-BLOCK-2", "CORE-BLOCK-3")
def test_the_field_prices_count_the_cars_within_reach_not_the_field_size() -> None:
    """CORE-BLOCK-1..3: a car can be blocked only by cars near it, so the blocks' price and the
    reserve for them count the other cars within ``REACH_ROWS`` rows: a car alone on the road in a
    10-car race pays a duel's brake, tyre and scarcity prices; the same car among the field pays more."""
    from rules.ai.race_ahead import REACH_ROWS, within_reach
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    far = [car(f"o{i}", f"{'BC'[i % 2]}{45 + i}") for i in range(9)]  # rows 44-53: over 15 rows from A10
    alone = board([car("a", "A10"), *far], "a", laps=3)
    duel = board([car("a", "A10"), far[0]], "a", laps=3)
    close = [car(f"o{i}", f"{'BC'[i % 2]}{12 + i}") for i in range(9)]
    crowded = board([car("a", "A10"), *close], "a", laps=3)
    assert within_reach(OVAL, alone, alone.car("a")) == 0
    assert within_reach(OVAL, crowded, crowded.car("a")) == 9
    assert REACH_ROWS < 44 - 9
    p_alone, p_duel = CHAMPION.prices(OVAL, alone, alone.car("a")), CHAMPION.prices(OVAL, duel, duel.car("a"))
    p_crowd = CHAMPION.prices(OVAL, crowded, crowded.car("a"))
    assert (p_alone.brake, p_alone.tyre, p_alone.scarce) == (p_duel.brake, p_duel.tyre, p_duel.scarce)
    assert p_crowd.brake > p_alone.brake and p_crowd.scarce > p_alone.scarce
    assert p_alone.out > p_duel.out  # a retirement still loses the places of the whole field


@pytest.mark.rules("CORE-END-1")
def test_a_wp_left_at_the_flag_is_worth_nothing_so_the_last_corners_spend_them() -> None:
    """CORE-END-1 scores places, not WP: on the last lap the brake, tyre and scarcity prices fall to
    half before the last corner and to nothing after it, while a retirement still costs ``out``."""
    from rules.ai.race_ahead import LAST_CORNERS
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    assert LAST_CORNERS == 2 and len(OVAL.corners) == 2
    other = car("b", "B5", crossings=3)
    early = board([car("a", "A1", crossings=3), other], "a", laps=3)  # both corners of the last lap ahead
    between = board([car("a", "A30", crossings=3), other], "a", laps=3)  # the last corner ahead
    final = board([car("a", "A60", crossings=3), other], "a", laps=3)  # the flag ahead
    level = replace(CHAMPION, brake=1.0, tyre=1.0)  # whole spaces: each halving shows on the half-space grid
    p = [level.prices(OVAL, s, s.car("a")) for s in (early, between, final)]
    assert p[0].tyre > p[1].tyre > p[2].tyre == 0 and p[0].brake > p[1].brake > p[2].brake == 0
    assert p[0].scarce > p[1].scarce > p[2].scarce == 0
    assert p[2].out >= CHAMPION.out


@pytest.mark.rules("CORE-BLOCK-1", "CORE-BLOCK-2", "CORE-BLOCK-3")
def test_on_the_last_lap_the_field_prices_are_gone_its_wp_need_last_only_to_the_flag() -> None:
    """CORE-BLOCK-1..3: the blocks' price and the field's reserve keep WP for blocks still to come;
    on the last lap the same crowd costs the car what a duel does (the scarcity of the corners left
    stays), a lap earlier it costs more."""
    from tests.rules.fixtures import OVAL, car
    from tests.rules.fixtures import position as board

    def crowd(crossings: int, others: int = 9):
        close = [car(f"o{i}", f"{'BC'[i % 2]}{5 + i}", crossings=crossings) for i in range(others)]
        state = board([car("a", "A1", crossings=crossings), *close], "a", laps=3)
        return CHAMPION.prices(OVAL, state, state.car("a"))

    last, second, duel = crowd(3), crowd(2), crowd(3, others=1)
    assert (last.brake, last.tyre, last.scarce) == (duel.brake, duel.tyre, duel.scarce)
    assert second.brake > last.brake and second.scarce > last.scarce
