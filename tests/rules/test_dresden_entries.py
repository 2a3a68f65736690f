"""What a league driver brings into a race: the box reserve, the profile, the team, the karma
pool (AMB-32, DRESDEN-PROFILE-1, SEASON-2, KARMA-1), and the qualifying weather a variable
race starts from (WEATHER-D-2)."""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.actions import Roll, SetUp
from rules.ai.registry import DRIVERS
from rules.car import Area
from rules.engine import IllegalAction, apply
from rules.files.record import same_drivers, start_state
from rules.ruleset import DRESDEN_2006, FORMULA_DE_ADVANCED
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre

OVAL = load_track("maps/oval.tmx")


def header(rules, **extras):
    h = same_drivers(OVAL, rules, 2, 3, 1, "careful")
    entries = tuple(e.model_copy(update=extras) for e in h.entries)
    return h.model_copy(update={"entries": entries, "grid": tuple(e.id for e in entries)})


@pytest.mark.rules("DRESDEN-PROFILE-1", "KARMA-1")
def test_DRESDEN_PROFILE_1_KARMA_1_AMB_32_the_entry_counts_where_the_rules_have_it() -> None:
    extras = {"profile": Profile.REGENGOTT, "team": 3, "reserve": 2}
    dresden = start_state(OVAL, header(DRESDEN_2006, **extras))
    assert {(c.league.profile, c.league.karma, c.reserve, c.team) for c in dresden.cars} == {
        (Profile.REGENGOTT, 30, 2, 3)
    }
    carried = start_state(OVAL, header(DRESDEN_2006, karma=57))
    assert {c.league.karma for c in carried.cars} == {57}  # a championship carries the pool on
    classic = start_state(OVAL, header(FORMULA_DE_ADVANCED, **extras))
    assert {(c.league.profile, c.league.karma, c.reserve) for c in classic.cars} == {
        (Profile.NORMALO, 0, FORMULA_DE_ADVANCED.pit_reserve)
    }


@pytest.mark.rules("RACE-D-4", "WEATHER-D-2")
def test_RACE_D_4_AMB_32_the_set_up_shares_22_between_the_car_and_the_box() -> None:
    state = start_state(OVAL, header(DRESDEN_2006))
    while state.phase == "grid":  # the race weather (WEATHER-D-2), then the set-ups
        state, _ = apply(OVAL, state, Roll(value=10))
    assert state.phase == "setup" and state.active is not None
    car = state.active
    wp = DRESDEN_2006.default_wear.model_copy(update={"tyres": 5})  # 20 WP in the car
    try:
        apply(OVAL, state, SetUp(car=car, tyre=Tyre.HARD, wp=wp, reserve=1))
    except IllegalAction as err:
        assert err.reason.rule == "RACE-D-4"
    else:
        raise AssertionError("21 WP in all is not a Dresden car")
    state, _ = apply(OVAL, state, SetUp(car=car, tyre=Tyre.HARD, wp=wp, reserve=2))
    set_up = state.car(car).setup
    assert state.car(car).reserve == 2 and set_up is not None and set_up[Area.TYRES] == 5


@pytest.mark.rules("WEATHER-D-2")
def test_WEATHER_D_2_a_variable_race_starts_as_the_qualifying_weather() -> None:
    h = header(DRESDEN_2006)
    variable = next(v for v in range(1, 21) if OVAL.weather.condition(v) == "variable")
    for quali, condition in (("rain", "temp_rain"), ("sun", "temp_sun"), ("variable", "temp_sun"), (None, "temp_sun")):
        state = start_state(OVAL, h.model_copy(update={"qualifying_weather": quali}))
        state, _ = apply(OVAL, state, Roll(value=variable))
        assert state.weather is not None and state.weather.condition == condition, quali


@pytest.mark.rules("RACE-D-1")
def test_RACE_D_1_every_dresden_race_is_preceded_by_qualifying() -> None:
    from rules.ruleset import DRESDEN_OPEN
    from rules.run.simulation import race_header

    for rules in (DRESDEN_2006, DRESDEN_OPEN):
        assert rules.grid == "qualifying"
        header, quali = race_header(OVAL, rules, 3, 3, 5, "careful", DRIVERS)
        assert quali is not None and quali.done and header.grid == quali.grid().order


@pytest.mark.rules("RACE-D-7")
def test_RACE_D_7_three_laps_and_the_race_goes_on_until_every_car_still_in_it_has_crossed_the_line() -> None:
    from rules.run.session import RaceSession
    from rules.run.simulation import race_header

    assert DRESDEN_2006.race_laps == 3
    header, _ = race_header(OVAL, DRESDEN_2006, 3, 3, 5, "careful", DRIVERS)
    session = RaceSession(OVAL, header, drivers=DRIVERS)
    first_finish = None
    while not session.state.finished:
        session.advance()
        if first_finish is None and any(c.place == 1 for c in session.state.cars):
            first_finish = session.state
    assert first_finish is not None
    if any(c.status == "racing" for c in first_finish.cars):  # the winner alone does not end the race
        assert not first_finish.finished
    assert all(c.status in ("finished", "out") for c in session.state.cars)


@pytest.mark.rules("FD08-LANE-1", "LANE-D-1", "LANE-D-2")
def test_LANE_D_1_on_a_straight_one_direction_only_no_zigzag_and_any_number_of_lanes() -> None:
    """From B30 a roll of 4 may end on A32, B34 or C37 (one direction each); B > A > B without a
    car to pass is a zigzag and refused (the arc around cars and dangerous spaces is LANE-D-2)."""
    from rules.moves import MoveRequest, check_path, legal_moves
    from rules.reasons import Code, Reason

    req = MoveRequest(track=OVAL, rules=DRESDEN_2006, start="B30", roll=4, occupied=frozenset(), brakes=3, tyres=6)
    ends = {m.end for m in legal_moves(req) if not m.brakes}
    assert ends == {"A32", "B34", "C37"}
    zigzag = check_path(req, ("A29", "B32", "B33", "B34"))  # out to lane A and straight back
    assert isinstance(zigzag, Reason) and zigzag.code == Code.NO_ZIGZAG
    assert DRESDEN_2006.max_lane_shift is None  # no two-lane limit of FD08-LANE-1
