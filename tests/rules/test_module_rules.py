"""More rule-module IDs through the engine, where test_engine_modules.py leaves them out.

Rules: CORE-SLIP-7, FD08-SLIP-5..6, SLIP-D-1, SLIP-D-3, AMB-55, AMB-67;
CORE-WEATHER-1, WEATHER-1, WEATHER-7..9, WEATHER-B-3, WEATHER-D-1, WEATHER-D-3,
WEATHER-D-5; TYRE-B-1..3, AMB-28, AMB-61; ROAD-2..4; PIT-A-2..3, PIT-X-4;
C-RACE-1; MASTERS-LEVER-1..4. Positions on the oval as in fixtures.py.
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, EndMove, PitStop, Roll
from rules.ai.registry import DRIVERS
from rules.dice import Purpose
from rules.engine import chance, gear_options, moves, new_race
from rules.gears import ShiftCost
from rules.ruleset import FORMULA_D_BASIC, PRESETS
from rules.state import Movement
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from rules.track import EdgeKind
from tests.rules.fixtures import (
    OVAL,
    TYRES,
    WEATHER,
    W,
    act,
    at_box,
    behind,
    car,
    corner_stop,
    illegal,
    in_weather,
    offer,
    pending,
    position,
    rolls,
    settle,
)

B = FORMULA_D_BASIC


# --- slipstream ---------------------------------------------------------------------------------


@pytest.mark.rules("CORE-SLIP-7", "FD08-SLIP-5")
def test_CORE_SLIP_7_FD08_SLIP_5_in_a_corner_slipstream_changes_lanes_only_along_arrows():
    """m stands in the Lindenkehre behind f: every lane change of its slipstreams is an arrow."""
    corner = OVAL.corners[0]
    m_space = next(n for n in corner.spaces if OVAL.ahead(n) in corner.spaces and n.startswith("B"))
    f_space = OVAL.ahead(m_space)
    state = position([car("m", m_space, gear=4, corner=0, stops=1), car("f", f_space, gear=4)], "m")
    mv = Movement(start=m_space, corner=0, stops=1, crossings=1, offer=("slip",))
    state = state.model_copy(update={"phase": "move", "movement": mv})
    found = [m for m in moves(OVAL, state) if m.via == "slip"]
    assert found
    for m in found:
        here = m_space
        for dst in m.path:
            edge = next(e for e in OVAL.out_edges(here) if e.dst == dst)
            if OVAL.space(here).corner is not None and OVAL.space(here).lane != OVAL.space(dst).lane:
                assert edge.kind is EdgeKind.ARROW
            here = dst


@pytest.mark.rules("FD08-SLIP-6", "SLIP-D-1")
def test_FD08_SLIP_6_SLIP_D_1_braking_into_the_slipstream_is_not_allowed_and_it_is_optional():
    assert offer(behind(roll=8, brakes=1)[0]) == ()  # braked to end behind f: no slipstream
    state, _ = behind()
    state, _ = act(state, EndMove())  # never required
    assert state.movement is None


@pytest.mark.rules("CORE-SLIP-4", "SLIP-D-3")
def test_SLIP_D_3_CORE_SLIP_4_a_slipstream_into_a_corner_strikes_a_brake_WP():
    cars = [car("m", "B33", gear=4), car("f", "B42", gear=4)]
    state = position(cars, "m")
    state, _ = act(state, ChooseGear(gear=4), Roll(value=8), Drive(path=tuple(f"B{i}" for i in range(34, 42))))
    into = [m for m in moves(OVAL, state) if m.via == "slip" and OVAL.space(m.end).corner is not None]
    assert into and all(m.slip_brake and m.brakes >= 1 for m in into)


@pytest.mark.rules("PIT-B-6")
def test_AMB_55_no_slipstream_in_the_pit_lane():
    """m drives along the pit lane and stops directly behind f, both in 4th: no slipstream."""
    cars = [car("m", "P2", gear=4, box="P13", pit_stops=1), car("f", "P6", gear=4, box="P12", pit_stops=1)]
    state = position(cars, "m", laps=2)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=7))
    to_p5 = [m for m in moves(OVAL, state) if m.end == "P5"]
    assert to_p5  # it waits behind f (PIT-B-6)
    state, _ = act(state, Drive(path=to_p5[0].path))
    assert offer(state) == () and state.movement is None


def test_AMB_67_sliding_first_then_the_bonus_and_slipstream_side_by_side():
    # in rain a stop in a corner slides before anything else, even behind a car
    state = in_weather("rain", rules=TYRES, tyre=Tyre.HARD)
    state = state.with_car(state.car("m").model_copy(update={"space": "B33"}))
    state = state.with_car(state.car("f").model_copy(update={"space": "B45", "gear": 4}))
    state, _ = act(state, ChooseGear(gear=4), Roll(value=11))
    path = next(m.path for m in moves(OVAL, state) if m.end == "B44" and not m.brakes)
    state, _ = act(state, Drive(path=path))
    assert offer(state) == ("slide",)
    # in the dry fresh soft tyres offer the bonus and the slipstream together
    dry = in_weather("sun", rules=TYRES, tyre=Tyre.SOFT)
    state, _ = act(dry, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
    assert offer(state) == ("bonus", "slip")
    state, _ = act(state, Drive(path=("A27", "A28", "A29"), via="slip"))
    assert offer(state) == ("bonus",)  # AMB-48: the bonus once, after the slipstream too


# --- weather -------------------------------------------------------------------------------------


@pytest.mark.rules("CORE-WEATHER-1", "WEATHER-1", "WEATHER-D-1")
@pytest.mark.parametrize(("roll", "condition"), [(19, "sun"), (8, "dry"), (3, "rain")])
def test_CORE_WEATHER_1_WEATHER_1_WEATHER_D_1_three_conditions_read_from_the_barometer(roll, condition):
    """The oval's barometer: sun 13-20, variable 6-12, rain 1-5 (a variable race starts dry)."""
    state, _ = rolls(new_race(OVAL, WEATHER, [("a", W), ("b", W)]), roll)
    assert state.weather.condition == condition


def determination(start: str, roll: int) -> str:
    """m triggers a determination (a 20 in 5th); the round ends; the black die shows ``roll``."""
    cars = [car("m", "B21", gear=5), car("x", "A5", gear=1)]
    state = position(cars, "m", rules=WEATHER).model_copy(update={"weather": Weather(condition=start)})
    state, _ = act(state, ChooseGear(gear=5), Roll(value=20))
    best = max((m for m in moves(OVAL, state) if not m.brakes and m.out is None), key=lambda m: len(m.path))
    state, _ = act(state, Drive(path=best.path))
    state, _ = settle(state)
    state, _ = act(state, ChooseGear(gear=1), Roll(value=1))
    state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
    assert chance(state).purpose == Purpose.WEATHER  # type: ignore[union-attr]
    state, _ = rolls(state, roll)
    return state.weather.condition  # type: ignore[union-attr]


@pytest.mark.rules("WEATHER-7", "WEATHER-8", "WEATHER-9", "WEATHER-D-3")
def test_WEATHER_7_WEATHER_8_WEATHER_9_WEATHER_D_3_determinations_at_the_end_of_the_round():
    assert determination("dry", 15) == "temp_sun"  # WEATHER-7
    assert determination("dry", 2) == "temp_rain"  # WEATHER-8
    assert determination("temp_sun", 8) == "temp_sun"  # WEATHER-9: variable keeps it
    assert determination("temp_rain", 8) == "temp_rain"


@pytest.mark.rules("WEATHER-B-3", "WEATHER-11", "WEATHER-D-5")
@pytest.mark.parametrize(("condition", "fails"), [("sun", False), ("rain", True), ("temp_rain", True)])
def test_WEATHER_B_3_WEATHER_D_5_WEATHER_11_engine_checks_fail_on_1_to_3_in_rain_1_to_4_dry(condition, fails):
    """A 4 on an engine check: fails in the dry (1-4), passes in rain (1-3)."""
    cars = [car("m", "B21", gear=5), car("x", "A5", gear=1)]
    state = position(cars, "m", rules=WEATHER).model_copy(update={"weather": Weather(condition=condition)})
    state, _ = act(state, ChooseGear(gear=5), Roll(value=20))
    best = max((m for m in moves(OVAL, state) if not m.brakes and m.out is None), key=lambda m: len(m.path))
    state, _ = act(state, Drive(path=best.path))
    if state.phase == "move":
        state, _ = act(state, EndMove())
    assert pending(state)[-1][0] == "engine"
    state, _ = rolls(state, *([20] * (len(state.pending) - 1)), 4)
    assert state.car("m").wp.engine == W.engine - (0 if fails else 1)


# --- tyres (Formula D 2008, read per AMB-28) ----------------------------------------------------------

FD_TYRES = PRESETS["fd-modules"].model_copy(update={"grid": "roll"})


@pytest.mark.rules("TYRE-B-1")
def test_TYRE_B_1_AMB_28_AMB_61_hard_tyres_in_rain_slide_3_when_the_movement_ends_in_a_corner():
    state, _ = corner_stop("rain", Tyre.HARD, rules=FD_TYRES.model_copy(update={"weather": True}))
    assert offer(state) == ("slide",) and {len(m.path) for m in moves(OVAL, state) if not m.brakes} == {3}


@pytest.mark.rules("TYRE-B-1")
def test_AMB_28_B_literal_slides_as_soon_as_any_space_of_the_movement_is_in_a_corner():
    """A movement from B33 that passes into the Seekurve and ends beyond it: no slide by default,
    a slide with B's literal reading (TYRE-B-1: any space of the movement in a corner area)."""
    for rule, slides in (("ends_in_corner", False), ("any_corner_space", True)):
        rules = FD_TYRES.model_copy(update={"weather": True, "rain_slide": rule})
        state = in_weather("rain", rules=rules, tyre=Tyre.HARD)
        state = state.with_car(state.car("m").model_copy(update={"space": "A38", "gear": 5, "corner": None}))
        state = state.with_car(state.car("f").model_copy(update={"space": "C5"}))
        state, _ = act(state, ChooseGear(gear=5), Roll(value=11))
        through = next(
            m
            for m in moves(OVAL, state)
            if m.end is not None
            and OVAL.space(m.end).corner is None
            and m.out is None
            and any(OVAL.space(n).corner is not None for n in m.path)
        )
        state, _ = act(state, Drive(path=through.path))
        assert (offer(state) == ("slide",)) == slides


@pytest.mark.rules("TYRE-B-2")
def test_TYRE_B_2_soft_tyres_one_optional_space_and_double_penalty_in_the_dry():
    from rules.engine import multiplier

    state, _ = corner_stop("sun", Tyre.SOFT, rules=FD_TYRES.model_copy(update={"weather": True}))
    assert offer(state) == ("bonus",)
    assert multiplier(state, state.car("m")) == 2


@pytest.mark.rules("TYRE-B-3")
def test_TYRE_B_3_rain_tyres_slide_one_in_rain_and_double_the_penalty_in_the_dry():
    from rules.engine import multiplier

    rules = FD_TYRES.model_copy(update={"weather": True})
    wet, _ = corner_stop("rain", Tyre.RAIN, rules=rules)
    assert {len(m.path) for m in moves(OVAL, wet) if not m.brakes} == {1} and multiplier(wet, wet.car("m")) == 1
    dry = in_weather("sun", rules=rules, tyre=Tyre.RAIN)
    assert multiplier(dry, dry.car("m")) == 2


# --- road holding --------------------------------------------------------------------------------------


@pytest.mark.rules("ROAD-2", "ROAD-3")
def test_ROAD_2_ROAD_3_driving_over_a_marker_costs_a_check_1_to_5_in_rain():
    for condition, roll, lost in (("sun", 5, 0), ("rain", 5, 1), ("sun", 4, 1)):
        state = in_weather(condition).model_copy(update={"markers": ("B24",)})
        state = state.with_car(state.car("f").model_copy(update={"space": "A5"}))
        state, _ = act(state, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
        assert pending(state)[0] == ("road_holding", "m", None)
        state, _ = rolls(state, roll)
        assert state.car("m").wp.road_holding == W.road_holding - lost


@pytest.mark.rules("CORE-DANGER-3", "FD08-LANE-2", "ROAD-4")
def test_ROAD_4_VAR_14_formula_de_drives_around_dangerous_spaces_like_cars():
    """Out of lane B and back past the marker on B24: Formula Dé (ROAD-4) allows the arc,
    Formula D 2008 only around cars (FD08-LANE-2); there the car pulls out and stays out."""
    for rules, arc in ((PRESETS["fde-advanced"], True), (B, False)):
        state = position([car("m", "B21", gear=4), car("f", "A5")], "m", rules=rules, markers=("B24",))
        state, _ = act(state, ChooseGear(gear=4), Roll(value=7))
        around = [m for m in moves(OVAL, state) if m.end == "B28" and m.dangers == 0 and not m.brakes]
        assert bool(around) == arc
        assert any(m.dangers == 0 and not m.brakes for m in moves(OVAL, state))  # CORE-DANGER-3


# --- pit stops ---------------------------------------------------------------------------------------------


@pytest.mark.rules("PIT-A-2", "PIT-A-3")
def test_PIT_A_2_PIT_A_3_a_tyre_change_stop_follows_the_basic_pit_roll():
    state, _ = at_box()
    state, _ = act(state, PitStop(tyre=Tyre.HARD))  # not long: a tyre-change stop
    state, _ = rolls(state, 4)  # TAB-PIT-B: fast, 2 spaces out in 4th
    assert state.phase == "move" and state.moves_left == 2 and state.car("m").gear == 4


@pytest.mark.rules("PIT-X-4")
def test_PIT_X_4_after_an_extended_stop_at_most_4th_gear():
    rules = B.model_copy(update={"tyres": "C", "pit_repairs": "any_stop", "pit_reserve": 2, "pit_repair_areas": 2})
    state, _ = at_box(rules=rules, wp=W.model_copy(update={"body": 2}))
    state, _ = act(state, PitStop(tyre=Tyre.HARD, repairs={"body": 1}))
    state, _ = rolls(state, 15)  # slow stop: next round, 4th or lower
    m = state.car("m")
    state = state.model_copy(update={"phase": "gear", "active": "m", "pending": ()})
    opts = gear_options(OVAL, state)
    assert m.pit_wait and all(isinstance(opts[g], ShiftCost) == (g <= 4) for g in range(1, 7))


# --- race length, gear lever ------------------------------------------------------------------------------


@pytest.mark.rules("C-RACE-1")
@pytest.mark.parametrize("laps", [1, 3])
def test_C_RACE_1_a_race_runs_over_the_laps_it_was_set_for(laps):
    from rules.files.record import same_drivers
    from rules.run.session import RaceSession

    header = same_drivers(OVAL, PRESETS["fde-advanced"].model_copy(update={"grid": "roll"}), 2, laps, seed=4)
    session = RaceSession(OVAL, header, drivers=DRIVERS)
    session.run_to_end()
    finished = [c for c in session.state.cars if c.status == "finished"]
    assert finished and all(c.crossings == laps + 1 for c in finished)


@pytest.mark.rules("CORE-DICE-3", "MASTERS-LEVER-1", "MASTERS-LEVER-2", "MASTERS-LEVER-3", "MASTERS-LEVER-4")
def test_MASTERS_LEVER_1_2_3_4_the_declared_gear_is_the_only_gear_on_a_screen():
    """The die is always the declared gear's (MASTERS-LEVER-4), so a lever that shows another
    gear than the die rolled (MASTERS-LEVER-1..3) cannot happen: a face of another die is refused."""
    state = position([car("m", "B21", gear=3), car("f", "A5")], "m")
    state, _ = act(state, ChooseGear(gear=4))
    assert chance(state).die.name == "gear4"
    assert illegal(state, Roll(value=3)).reason.rule == "CORE-DICE-3"
