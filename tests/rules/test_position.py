"""A position at every moment of a turn: ``problem`` refuses positions the track
cannot hold, ``moment`` says what can happen, and every number it gives is checked against
the engine itself: each listed move is accepted and costs what it says, each check's odds
are the share of the black die's faces that the engine turns against the car.

The moments are reached by playing races through ``RaceSession`` with seeds that get there
(Lindenring Oval, six aggressive computer drivers, two laps).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rules.actions import Drive, Roll
from rules.ai.registry import DRIVERS
from rules.dice import BLACK_DIE, Purpose
from rules.engine import apply, gear_options, moves, wet
from rules.files.position import moment, problem
from rules.files.record import same_drivers
from rules.gears import ShiftCost
from rules.odds import gear_odds
from rules.ruleset import PRESETS
from rules.run.session import RaceSession
from rules.state import RaceState
from rules.tables import tyres
from rules.tables.profiles import Profile
from tests.rules.fixtures import OVAL


def reach(seed: int, found: Callable[[RaceState], bool], preset: str = "fde-advanced", cars: int = 6) -> RaceSession:
    """A race played by computer drivers up to the first state where ``found`` holds."""
    header = same_drivers(OVAL, PRESETS[preset], cars, 2, seed, "aggressive")
    if header.rules.grid == "qualifying":
        header = header.model_copy(update={"grid": tuple(e.id for e in header.entries)})
    session = RaceSession(OVAL, header, drivers=DRIVERS)
    while not found(session.state):
        assert not session.state.finished, f"seed {seed} never reaches the moment"
        session.advance()
    assert problem(OVAL, session.state) is None
    return session


def offered(via: str) -> Callable[[RaceState], bool]:
    return lambda s: s.phase == "move" and s.movement is not None and via in s.movement.offer


def checking(purpose: Purpose) -> Callable[[RaceState], bool]:
    return lambda s: bool(s.pending) and s.pending[0].purpose == purpose and s.phase != "move"


# --- segments ---------------------------------------------------------------------------------


def assert_moves_are_the_engines(state: RaceState, via: str) -> None:
    """Every move of the segment is accepted by the engine and strikes what it says."""
    [segment] = [s for s in moment(OVAL, state).segments if s.via == via]
    assert {m.path for m in segment.moves} == {m.path for m in moves(OVAL, state) if m.via == via}
    assert segment.moves
    car = state.car(state.active or "")
    for m in segment.moves:
        after, _ = apply(OVAL, state, Drive(path=m.path, via=via))
        now = after.car(car.id)
        assert now.space == (m.end or car.space)
        if m.out is None:
            assert (car.wp.brakes - now.wp.brakes, car.wp.tyres - now.wp.tyres) == (m.brakes, m.tyres)
        else:
            assert now.status == "out"


@pytest.mark.rules("TYRE-2", "TYRE-4")
def test_TYRE_2_TYRE_4_a_slide_is_a_mandatory_segment_of_the_wet_tyres_length():
    state = reach(2, offered("slide")).state
    m = moment(OVAL, state)
    assert [s.via for s in m.segments] == ["slide"] and m.segments[0].mandatory and not m.may_stop
    car = state.car(state.active)
    assert wet(state) and m.segments[0].spaces == tyres.slide(state.rules.tyres, car.tyre, True) > 0
    assert_moves_are_the_engines(state, "slide")


@pytest.mark.rules("TYRE-3", "TYRE-7")
def test_TYRE_3_TYRE_7_the_soft_tyre_bonus_is_one_optional_space():
    state = reach(0, offered("bonus")).state
    m = moment(OVAL, state)
    [bonus] = [s for s in m.segments if s.via == "bonus"]
    assert not bonus.mandatory and bonus.spaces == 1 and m.may_stop
    assert all(len(mv.path) == 1 and not mv.brakes for mv in bonus.moves)
    assert_moves_are_the_engines(state, "bonus")


@pytest.mark.rules("CORE-SLIP-1", "CORE-SLIP-2")
def test_CORE_SLIP_1_CORE_SLIP_2_slipstream_is_three_optional_spaces_behind_the_car_ahead():
    state = reach(5, offered("slip")).state
    m = moment(OVAL, state)
    [slip] = [s for s in m.segments if s.via == "slip"]
    assert not slip.mandatory and slip.spaces == 3 and m.may_stop
    ahead = OVAL.ahead(state.car(state.active).space)
    assert state.car(slip.behind).space == ahead
    assert_moves_are_the_engines(state, "slip")


@pytest.mark.rules("CORE-TURN-2")
def test_CORE_TURN_2_the_roll_segment_lists_every_legal_move():
    state = reach(0, offered("roll")).state
    [roll] = moment(OVAL, state).segments
    assert roll.via == "roll" and roll.mandatory and roll.spaces == state.moves_left
    assert_moves_are_the_engines(state, "roll")


# --- the start of a turn and the roll -----------------------------------------------------------


@pytest.mark.rules("CORE-GEAR-7")
def test_CORE_GEAR_7_at_a_gear_choice_every_gear_with_its_cost_or_refusal_and_odds():
    state = reach(0, lambda s: s.phase == "gear" and s.round >= 3).state
    m = moment(OVAL, state)
    options = gear_options(OVAL, state)
    odds = gear_odds(OVAL, state)
    assert [g.gear for g in m.gears] == [1, 2, 3, 4, 5, 6]
    for g in m.gears:
        if isinstance(options[g.gear], ShiftCost):
            assert g.refused is None and g.cost == options[g.gear].cost and g.odds == odds[g.gear]
        else:
            assert g.refused == options[g.gear] and g.odds is None
    assert m.decides == state.active and not m.segments and not m.checks


@pytest.mark.rules("CORE-DICE-3")
def test_CORE_DICE_3_before_the_roll_the_odds_of_the_declared_gear():
    session = reach(0, lambda s: s.phase == "gear" and s.round >= 3)
    before = session.state
    session.advance()  # the computer driver declares its gear
    state = session.state
    assert state.phase == "roll"
    gear = state.car(state.active).gear
    cost = sum(gear_options(OVAL, before)[gear].cost.values())
    expected = gear_odds(OVAL, before)[gear]
    assert moment(OVAL, state).odds == expected.model_copy(update={"wear": expected.wear - cost})
    assert moment(OVAL, state).decides is None  # the die is next


# --- black-die checks ------------------------------------------------------------------------------


def faces_where(state: RaceState, happened: Callable[[RaceState, list], bool]) -> Fraction:
    """The share of the black die's faces after which ``happened`` holds, by the engine."""
    hits = 0
    for face in BLACK_DIE.faces:
        after, events = apply(OVAL, state, Roll(value=face))
        hits += happened(after, events)
    return Fraction(hits, len(BLACK_DIE.faces))


@pytest.mark.rules("CORE-COLL-2", "CORE-ENGINE-2", "CORE-DANGER-2", "CORE-WEATHER-2")
@pytest.mark.parametrize(
    ("seed", "purpose", "area", "rule"),
    [
        (0, Purpose.COLLISION, "body", "CORE-COLL-2"),
        (11, Purpose.ENGINE, "engine", "CORE-ENGINE-2"),
        (11, Purpose.ROAD_HOLDING, "road_holding", "CORE-DANGER-2"),
    ],
)
def test_CORE_WEATHER_2_wear_checks_fail_with_the_share_of_faces_the_engine_strikes(seed, purpose, area, rule):
    state = reach(seed, checking(purpose)).state
    check = moment(OVAL, state).checks[0]
    car = state.car(check.car)
    assert (check.purpose, check.rule, check.area, check.wp) == (purpose, rule, area, car.wp[area])
    lost = faces_where(state, lambda after, _: after.car(car.id).wp[area] < car.wp[area])
    assert check.fails == lost > 0
    assert sum(check.outcomes.values()) == 1 and check.outcomes[f"loses 1 {area.replace('_', ' ')} WP"] == lost


@pytest.mark.rules("CORE-COLL-1")
def test_CORE_COLL_1_every_pending_check_is_listed_in_order():
    state = reach(0, checking(Purpose.COLLISION)).state
    m = moment(OVAL, state)
    assert [(c.purpose, c.car, c.other) for c in m.checks] == [(p.purpose, p.car, p.other) for p in state.pending]


@pytest.mark.rules("PIT-B-4")
def test_TAB_PIT_B_PIT_B_4_a_pit_roll_fails_as_a_slow_stop():
    state = reach(1, checking(Purpose.PIT)).state
    check = moment(OVAL, state).checks[0]
    slow = faces_where(state, lambda after, _: after.car(check.car).pit_wait)
    assert check.rule == "TAB-PIT-B" and check.fails == slow == Fraction(1, 2)
    assert check.outcomes == {"fast stop": 1 - slow, "slow stop": slow}


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_a_start_roll_fails_as_a_stall():
    state = reach(0, checking(Purpose.START), preset="fd-basic").state
    check = moment(OVAL, state).checks[0]
    stalled = faces_where(state, lambda after, _: after.car(check.car).stalled)
    assert check.rule == "FD08-START-1" and check.fails == stalled == Fraction(1, 20)
    assert check.outcomes == {"stall": Fraction(1, 20), "normal": Fraction(18, 20), "dream": Fraction(1, 20)}


def weather_rolled(result: str) -> Callable[[RaceState, list], bool]:
    """Whether a roll's events hold the weather ``result`` (for ``faces_where``)."""
    return lambda _, events: any(e.kind == "weather" and e.data["result"] == result for e in events)


@pytest.mark.rules("WEATHER-B-1")
def test_WEATHER_B_1_the_race_weather_roll_gives_the_tracks_weather_table():
    state = reach(0, checking(Purpose.WEATHER)).state
    check = moment(OVAL, state).checks[0]
    assert check.rule == "WEATHER-B-1" and check.fails is None
    for result, p in check.outcomes.items():
        assert faces_where(state, weather_rolled(result)) == p
    assert sum(check.outcomes.values()) == 1


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_a_grid_roll_only_orders_the_cars():
    state = reach(0, checking(Purpose.GRID), preset="fd-basic").state
    check = moment(OVAL, state).checks[0]
    assert (check.rule, check.fails, check.outcomes) == ("FD08-GRID-1", None, {})


# --- positions the track cannot hold ------------------------------------------------------------


@pytest.fixture(scope="module")
def racing() -> RaceState:
    return reach(0, lambda s: s.phase == "gear" and s.round >= 3).state


def cars_edited(state: RaceState, index: int, **update) -> RaceState:
    cars = list(state.cars)
    cars[index] = cars[index].model_copy(update=update)
    return state.model_copy(update={"cars": tuple(cars)})


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda s: cars_edited(s, 1, space=s.cars[0].space), "are both on"),
        (lambda s: cars_edited(s, 0, box="A1"), "box 'A1' is not a pit box of this track"),
        (lambda s: cars_edited(s, 0, corner=len(OVAL.corners)), f"corner {len(OVAL.corners)} does not exist"),
        (lambda s: cars_edited(s, 0, space="Q7"), "space 'Q7' is not a space of this track"),
        (lambda s: s.model_copy(update={"cars": s.cars[:1]}), "a race on this track has 2 to 10 cars, not 1"),
        (
            lambda s: s.model_copy(update={"phase": "roll"}).with_car(s.car(s.active).model_copy(update={"gear": 0})),
            "has declared no gear",
        ),
        (lambda s: s.with_car(s.car(s.active).model_copy(update={"status": "out"})), "is not racing on the track"),
        (lambda s: s.model_copy(update={"phase": "move"}), "the movement is missing"),
    ],
    ids=[
        "two-on-one-space",
        "box-not-a-box",
        "no-such-corner",
        "no-such-space",
        "one-car",
        "roll-without-gear",
        "mover-retired",
        "move-without-movement",
    ],
)
def test_problem_names_what_the_track_cannot_hold(racing, make, expected):
    assert expected in problem(OVAL, make(racing))


@pytest.mark.rules("COLL-D-2", "DRESDEN-PROFILE-5")
@pytest.mark.parametrize(
    ("purpose", "profile", "wreck", "expected"),
    [
        (Purpose.COLLISION, Profile.LEICHTER_FLITZER, False, Fraction(2, 20)),  # 1 and 2 (DRESDEN-PROFILE-5)
        (Purpose.COLLISION, Profile.SCHWERER_TOURER, False, Fraction(0)),  # AMB-40: never in the dry
        (Purpose.ROAD_HOLDING, Profile.LEICHTER_FLITZER, False, Fraction(5, 20)),  # 1-5 instead of 1-4
        (Purpose.COLLISION, Profile.NORMALO, True, Fraction(2, 20)),  # a wreck: one higher (COLL-D-2)
    ],
)
def test_TAB_CHECK_D_AMB_40_check_odds_count_the_profile_and_the_wreck_as_the_engine_does(
    purpose, profile, wreck, expected
):
    state = reach(0 if purpose == Purpose.COLLISION else 11, checking(purpose)).state
    state = state.model_copy(update={"rules": state.rules.model_copy(update={"profiles": True})})
    first = state.pending[0]
    state = state.with_car(state.car(first.car).with_league(profile=profile))
    pending = (first.model_copy(update={"wreck": wreck}), *state.pending[1:])
    state = state.model_copy(update={"pending": pending})
    check = moment(OVAL, state).checks[0]
    area = check.area
    assert area is not None
    before = state.car(first.car).wp[area]
    lost = faces_where(state, lambda after, _: after.car(first.car).wp[area] < before)
    assert check.fails == lost == expected
