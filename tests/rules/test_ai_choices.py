"""Every choice of every module is the levels' own (issue 15): one test per choice, each through the
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

import pytest

from rules.actions import ChooseGear, Roll
from rules.ai.levels import CHAMPION, LEVELS, Level
from rules.ai.lookahead import Prices, lookahead
from rules.car import Area
from rules.engine import apply, moves
from rules.session import computer_action
from rules.tyres import Tyre
from rules.weather import Weather
from tests.rules.test_odds import TRACK, position

PRICES = Prices(brake=1.0, tyre=1.0, scarce=2.0, out=50.0, spin=10.0, skip=1.0)


# --- the rain slide (TYRE-2) ---------------------------------------------------------------


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


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TYRE_2_in_rain_every_level_prices_the_slide_of_a_stop_in_a_corner(level: Level) -> None:
    """Slicks in rain slide 3 spaces after a stop in a corner (TYRE-2). Without brake WP, ending on
    the last space of the 2-stop Lindenkehre slides out of it (CORNER-5): in rain a level values
    that destination as an elimination, in the dry as a good stop."""
    from rules.ruleset import PRESETS

    rules = PRESETS["fde-advanced"]
    start, face = _deep_stop()
    base = position(start, 3)
    car = base.car("a").model_copy(update={"tyre": Tyre.HARD, "wp": rules.default_wear.model_copy(update={"brakes": 0})})
    other = base.car("b").model_copy(update={"tyre": Tyre.HARD, "wp": rules.default_wear})
    for condition, out in (("rain", True), ("sun", False)):
        state = base.model_copy(update={"rules": rules, "cars": (car, other), "weather": Weather(condition=condition)})
        s, _ = apply(TRACK, state, ChooseGear(gear=3))
        s, _ = apply(TRACK, s, Roll(value=face))
        deep = next(m for m in moves(TRACK, s) if m.corner == 0 and m.out is None and not m.brakes and len(m.path) == face)
        prices = level.prices(TRACK, s, s.car("a"))
        value = level.move_value(TRACK, s, deep, prices)
        assert (value < face - prices.out / 2) is out, (condition, value)


# --- the last WP but one -------------------------------------------------------------------


def test_the_last_body_or_road_holding_wp_but_one_is_dear() -> None:
    """CORE-DANGER-4, CORE-COLL-3: a car down to 2 road-holding WP is one failed check from the
    end, so the WP it would lose costs a share of the race, much more than the third one."""
    state = position("B30", 4)
    prices = CHAMPION.prices(TRACK, state, state.car("a"))
    assert CHAMPION._loss(1, prices) == prices.out
    assert CHAMPION._loss(2, prices) >= CHAMPION.brink * prices.out > CHAMPION._loss(3, prices) >= CHAMPION.brink ** 2 * prices.out


# --- the street race: tunnel and windows (STREET-5, STREET-7) ------------------------------


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


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_ENG_D_3_every_level_boosts_when_the_spaces_pay_and_keeps_its_last_engine_wp(level: Level) -> None:
    """ENG-D-3: on the back straight in 5th, five extra spaces for one of three engine WP; on the
    last lap in 4th just before the line, the spaces that make sure of the flag; not in lap 1 from
    there (the corner beyond the line would take them back), not before the Lindenkehre, and never
    with the last engine WP (the rules refuse it)."""
    from tests.rules.test_dresden_engine import booster, dcar, engine
    from tests.rules.test_dresden_fuel import D
    from tests.rules.test_engine import OVAL, position as board

    def at(space: str, gear: int, crossings: int = 1, engine_wp: int = 3):
        cars = [dcar("b", space, gear, crossings=crossings, wp=engine(engine_wp)), dcar("x", "A10", 3, crossings=crossings)]
        return board(cars, "b", rules=D)

    assert level.choose_boost(OVAL, at("B30", 5), 5)
    assert level.choose_boost(OVAL, at("B55", 4, crossings=3), 4)
    assert not level.choose_boost(OVAL, at("B55", 4), 4)
    assert not level.choose_boost(OVAL, at("B4", 4), 4)
    assert not level.choose_boost(OVAL, booster(engine_wp=1), 2)
    action = computer_action(OVAL, at("B30", 5), level.name)
    assert isinstance(action, ChooseGear) and action.boost == level.choose_boost(OVAL, at("B30", 5), action.gear)


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_KARMA_3_every_level_buys_off_a_failure_that_would_retire_it(level: Level) -> None:
    """KARMA-3: a failed engine check with the last engine WP ends the race; with a pool for a
    raise every level raises (through computer_action, the session's call); a road-holding
    failure on a 1 (four raises) that costs one WP of three it accepts."""
    from rules.actions import Karma
    from tests.rules.test_dresden_karma import held
    from rules.dice import Purpose
    from tests.rules.test_engine import OVAL

    assert computer_action(OVAL, held(Purpose.ENGINE, 4, 30, engine=1), level.name) == Karma(spend="raise")
    assert computer_action(OVAL, held(Purpose.ROAD_HOLDING, 1, 50), level.name) == Karma(spend="accept")


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_H2H_2_every_level_bids_when_behind_and_keeps_a_raise(level: Level) -> None:
    """H2H-2: behind in the normal order (a later arrival at the same gear) every level bids; no
    level lets its pool fall below a raise (20 karma)."""
    from rules.actions import Bid
    from tests.rules.test_dresden_head_to_head import after_leader, bids, level as row

    state, _ = after_leader(row(("a", "A40", 3, 2), ("b", "B42", 3, 5)))
    second, _ = bids(state, ("a", 0))
    action = computer_action(_oval(), second, level.name)
    assert isinstance(action, Bid) and action.amount >= 1
    broke = second.with_car(second.car("b").model_copy(update={"karma": 20}))
    assert computer_action(_oval(), broke, level.name) == Bid(amount=0)


def _oval():
    from tests.rules.test_engine import OVAL

    return OVAL


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TCAR_1_every_level_takes_the_t_car(level: Level) -> None:
    """TCAR-1: out before the end of corner 1 in lap 1, every level races on in the T-car (the set-up
    less 2 WP)."""
    from rules.actions import TCar
    from tests.rules.test_dresden_fuel import DW
    from tests.rules.test_dresden_tcar import crash

    state, _ = crash()
    action = computer_action(_oval(), state, level.name)
    assert isinstance(action, TCar) and action.wp is not None and action.wp.total() == DW.total() - 2


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_D_6_every_level_announces_the_stop_its_car_needs(level: Level) -> None:
    """PIT-D-6..8: with 3 of 6 tyre WP left in lap 1 of 3 a level announces new tyres with its
    gear (6 points); with nothing worn it announces none."""
    from rules.pitpoints import PitPlan
    from tests.rules.test_dresden_fuel import DW, dcar
    from tests.rules.test_dresden_pits import race

    worn = race([dcar("m", "C30", wp=DW.model_copy(update={"tyres": 3}), box="P4", crossings=1), dcar("far", "A30")])
    action = computer_action(_oval(), worn, level.name)
    assert isinstance(action, ChooseGear) and action.pit == PitPlan(tyre=level.choose_tyre(worn))
    fresh = race([dcar("m", "C30", wp=DW, box="P4", crossings=1), dcar("far", "A30")])
    assert computer_action(_oval(), fresh, level.name).pit is None


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_PIT_A_4_every_level_makes_a_long_stop_to_repair_and_a_short_one_otherwise(level: Level) -> None:
    """PIT-A-1/4, MASTERS-TURN-11: at the box with one body WP left a level has the crew repair the
    body from the reserve in a long stop and fit tyres; with nothing to repair the stop is short."""
    from rules.actions import PitStop
    from tests.rules.test_engine import W
    from tests.rules.test_engine_modules import at_box

    damaged, _ = at_box(wp=W.model_copy(update={"body": 1}))
    action = computer_action(_oval(), damaged, level.name)
    assert isinstance(action, PitStop) and action.long and action.repairs == {Area.BODY: 2} and action.tyre is not None
    whole, _ = at_box()
    action = computer_action(_oval(), whole, level.name)
    assert isinstance(action, PitStop) and not action.long and not action.repairs and action.tyre is not None


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_STREET_7_every_level_puts_the_won_wp_where_the_car_has_fewest(level: Level) -> None:
    """STREET-7: the fastest car past the police station wins 2 WP; with one body and one brake WP
    left, a level puts them there (the last body WP ends the race)."""
    from rules.actions import FreeWP
    from tests.rules.test_street import STREET_OVAL, police_round

    state, _ = police_round(b_roll=9)
    assert computer_action(STREET_OVAL, state, level.name) == FreeWP(wp={Area.BODY: 1, Area.BRAKES: 1})


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_TYRE_3_every_level_takes_the_soft_tyres_bonus_space_when_it_is_safe(level: Level) -> None:
    """TYRE-3: fresh soft tyres offer an optional extra space after the roll; where it keeps the
    car in the race and costs no WP, it is a free space and every level takes it."""
    from rules.actions import Drive, EndMove
    from tests.rules.test_engine_modules import corner_stop

    state, _ = corner_stop("sun", Tyre.SOFT)
    found = moves(_oval(), state)
    free = [m for m in found if m.via == "bonus" and m.out is None and not m.brakes and not m.tyres and not m.dangers]
    action = computer_action(_oval(), state, level.name)
    if free:
        assert isinstance(action, Drive) and action.via == "bonus"
    else:
        assert isinstance(action, (Drive, EndMove))


def test_TYRE_2_VAR_28_AMB_48_which_moves_the_levels_expect_to_slide_on() -> None:
    """A roll that ends in a corner slides on; one that ends past it only under VAR-28's B reading
    (any corner space of the movement); a slide itself never slides again (AMB-48)."""
    from rules.ai.levels import _slides_after
    from rules.ruleset import PRESETS

    rules = PRESETS["fde-advanced"]
    start, face = _deep_stop()
    state = position(start, 3).model_copy(update={"rules": rules, "weather": Weather(condition="rain")})
    s, _ = apply(TRACK, state, ChooseGear(gear=3))
    s, _ = apply(TRACK, s, Roll(value=face))
    found = moves(TRACK, s)
    inside = next(m for m in found if m.end is not None and TRACK.space(m.end).corner is not None)
    assert _slides_after(TRACK, s, inside, inside.end)
    assert not _slides_after(TRACK, s, inside.model_copy(update={"via": "slide"}), inside.end)
    through = inside.model_copy(update={"path": (*inside.path, "B30")})
    assert not _slides_after(TRACK, s, through, "B30")
    literal = s.model_copy(update={"rules": rules.model_copy(update={"rain_slide": "any_corner_space"})})
    assert _slides_after(TRACK, literal, through, "B30")


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_CAR_C_2_every_level_builds_its_car_with_a_third_road_holding_wp(level: Level) -> None:
    """CAR-C-2: Formula Dé's crews build their car from 20 WP; the default has two road-holding
    WP, one failed check from the end among a field's markers (CORE-DANGER-4), so every level
    moves one WP there from the fuel (only skips burn it, FUEL-4), tyres for the weather with it.
    Where the set-up is fixed (fd-basic) it keeps the car as entered."""
    from rules.actions import SetUp
    from rules.ruleset import FORMULA_D_BASIC, PRESETS

    rules = PRESETS["fde-advanced"]
    base = position("A30", 1)
    cars = tuple(c.model_copy(update={"wp": rules.default_wear}) for c in base.cars)
    state = base.model_copy(update={"rules": rules, "cars": cars, "phase": "setup", "weather": Weather(condition="rain")})
    action = computer_action(TRACK, state, level.name)
    assert isinstance(action, SetUp) and action.tyre is Tyre.RAIN and action.wp is not None
    assert (action.wp.road_holding, action.wp.fuel) == (rules.default_wear.road_holding + 1, rules.default_wear.fuel - 1)
    assert action.wp.total() == rules.default_wear.total()
    after, _ = apply(TRACK, state, action)
    assert after.car("a").wp == action.wp
    fixed = base.model_copy(update={"rules": FORMULA_D_BASIC, "phase": "setup"})
    assert computer_action(TRACK, fixed, level.name) == SetUp()
