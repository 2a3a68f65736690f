"""What a league driver brings into a race: the box reserve, the profile, the team, the karma
pool (AMB-32, DRESDEN-PROFILE-1, SEASON-2, KARMA-1), and the qualifying weather a variable
race starts from (WEATHER-D-2)."""

from __future__ import annotations

from game.tracks.load import load_track
from rules.actions import Roll, SetUp
from rules.car import Area
from rules.engine import IllegalAction, apply
from rules.profiles import Profile
from rules.record import same_drivers, start_state
from rules.ruleset import DRESDEN_2006, FORMULA_DE_ADVANCED
from rules.tyres import Tyre

OVAL = load_track("maps/oval.tmx")


def header(rules, **extras):
    h = same_drivers(OVAL, rules, 2, 3, 1, "careful")
    entries = tuple(e.model_copy(update=extras) for e in h.entries)
    return h.model_copy(update={"entries": entries, "grid": tuple(e.id for e in entries)})


def test_DRESDEN_PROFILE_1_KARMA_1_AMB_32_the_entry_counts_where_the_rules_have_it() -> None:
    extras = {"profile": Profile.REGENGOTT, "team": 3, "reserve": 2}
    dresden = start_state(OVAL, header(DRESDEN_2006, **extras))
    assert {(c.profile, c.karma, c.reserve, c.team) for c in dresden.cars} == {(Profile.REGENGOTT, 30, 2, 3)}
    carried = start_state(OVAL, header(DRESDEN_2006, karma=57))
    assert {c.karma for c in carried.cars} == {57}  # a championship carries the pool on
    classic = start_state(OVAL, header(FORMULA_DE_ADVANCED, **extras))
    assert {(c.profile, c.karma, c.reserve) for c in classic.cars} == {(Profile.NORMALO, 0, FORMULA_DE_ADVANCED.pit_reserve)}


def test_RACE_D_4_AMB_32_the_set_up_shares_22_between_the_car_and_the_box() -> None:
    state = start_state(OVAL, header(DRESDEN_2006))
    while state.phase == "grid":  # the race weather (WEATHER-D-2), then the set-ups
        state, _ = apply(OVAL, state, Roll(value=10))
    assert state.phase == "setup"
    car = state.active
    wp = DRESDEN_2006.default_wear.model_copy(update={"tyres": 5})  # 20 WP in the car
    try:
        apply(OVAL, state, SetUp(car=car, tyre=Tyre.HARD, wp=wp, reserve=1))
    except IllegalAction as err:
        assert err.reason.rule == "RACE-D-4"
    else:
        raise AssertionError("21 WP in all is not a Dresden car")
    state, _ = apply(OVAL, state, SetUp(car=car, tyre=Tyre.HARD, wp=wp, reserve=2))
    assert state.car(car).reserve == 2 and state.car(car).setup[Area.TYRES] == 5


def test_WEATHER_D_2_a_variable_race_starts_as_the_qualifying_weather() -> None:
    h = header(DRESDEN_2006)
    variable = next(v for v in range(1, 21) if OVAL.weather.condition(v) == "variable")
    for quali, condition in (("rain", "temp_rain"), ("sun", "temp_sun"), ("variable", "temp_sun"), (None, "temp_sun")):
        state = start_state(OVAL, h.model_copy(update={"qualifying_weather": quali}))
        state, _ = apply(OVAL, state, Roll(value=variable))
        assert state.weather is not None and state.weather.condition == condition, quali
