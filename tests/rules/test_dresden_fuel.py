"""Fuel per lap and the fuel roll-out of the Dresden rules, through the engine.

Rules: FUEL-1..5, AMB-34. Positions on the shipped oval (``maps/oval.tmx``): the Seekurve
(corner 1, 1 stop, lane B from B47 to B51) is the last corner before the start/finish line;
its end line lies between B51 and B52. The pit lane turns off at C59, its boxes are P4-P13.
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear
from rules.engine import gear_options
from rules.gears import ShiftCost
from rules.modules.base import on_track
from rules.modules.fuel import exits, last_corner
from rules.reasons import Code
from tests.rules.fixtures import DW, OVAL, D, act, dcar, illegal, kinds, position, turn


def in_seekurve(fuel: int = 4, gear: int = 3, crossings: int = 1, **kw):
    """One car in the Seekurve with its stop made, another far behind it."""
    cars = [
        dcar("f", "B50", gear, crossings=crossings, corner=1, stops=1, wp=DW.model_copy(update={"fuel": fuel}), **kw),
        dcar("x", "B20", 3, crossings=crossings),
    ]
    return position(cars, "f", rules=D)


@pytest.mark.rules("FUEL-1")
def test_FUEL_1_the_last_corner_before_the_line_is_the_seekurve():
    assert last_corner(OVAL).label == "Seekurve"
    assert exits(OVAL, "B50", ("B51", "B52", "B53")) == 1
    assert exits(OVAL, "B20", ("B21", "B22")) == 0  # leaving the Lindenkehre costs no fuel


@pytest.mark.rules("FUEL-1")
def test_FUEL_1_one_fuel_WP_when_the_car_crosses_the_end_line_of_the_last_corner():
    state, ev = turn(in_seekurve(), 3, 4, "B54")
    assert state.car("f").wp.fuel == 3
    assert [e.data for e in kinds(ev, "fuel")] == [{"left": 3}]


@pytest.mark.rules("FUEL-1")
def test_FUEL_1_AMB_34_in_every_lap_including_the_last():
    state, _ = turn(in_seekurve(crossings=3), 3, 4, "B54")
    assert state.car("f").wp.fuel == 3


@pytest.mark.rules("FUEL-1")
def test_FUEL_1_a_move_that_stays_in_the_corner_strikes_nothing():
    cars = [dcar("f", "B47", 2, corner=1, stops=1), dcar("x", "B20")]
    state, ev = turn(position(cars, "f", rules=D), 2, 3, "B50")
    assert state.car("f").wp.fuel == 4 and not kinds(ev, "fuel")


@pytest.mark.rules("FUEL-1")
def test_FUEL_1_without_the_switch_no_fuel_is_struck():
    cars = [dcar("f", "B50", corner=1, stops=1), dcar("x", "B20")]
    state = position(cars, "f", rules=D.model_copy(update={"fuel_per_lap": False}))
    state, _ = turn(state, 3, 4, "B54")
    assert state.car("f").wp.fuel == 4


@pytest.mark.rules("FUEL-2")
def test_FUEL_2_an_empty_tank_starts_the_roll_out():
    state, ev = turn(in_seekurve(fuel=0, gear=4), 4, 7, "B57")
    assert state.car("f").league.rolling_out == "fuel" and state.car("f").status == "racing"
    assert [e.data for e in kinds(ev, "fuel")] == [{"left": 0, "rolling_out": True}]


def rolling_out(space: str, gear: int, **kw):
    cars = [dcar("f", space, gear, rolling_out="fuel", wp=DW.model_copy(update={"fuel": 0}), **kw), dcar("x", "B20")]
    return position(cars, "f", rules=D)


@pytest.mark.rules("FUEL-2")
def test_FUEL_2_AMB_34_each_turn_the_previous_gear_minus_one_no_choice_no_cost():
    state = rolling_out("B57", 4)
    options = gear_options(OVAL, state)
    assert [g for g, o in options.items() if isinstance(o, ShiftCost)] == [3]
    assert options[3].cost == {} and options[3].waived_by == "FUEL-2"
    assert illegal(state, ChooseGear(gear=4)).reason.code == Code.ROLLING_OUT
    assert illegal(state, ChooseGear(gear=2)).reason.code == Code.ROLLING_OUT
    state, _ = turn(state, 3, 4, "B61")
    assert state.car("f").gear == 3 and state.car("f").status == "racing"


@pytest.mark.rules("FUEL-3", "OUT-D-3")
def test_FUEL_3_after_its_1st_gear_turn_short_of_box_and_line_the_car_retires_as_a_wreck():
    state = rolling_out("B57", 2)
    state, ev = turn(state, 1, 2, "B59")
    f = state.car("f")
    assert f.status == "out" and f.out.rule == "FUEL-3" and f.out.code == Code.OUT_OF_FUEL
    assert f.space == "B59" and on_track(state, f)  # a normal wreck (OUT-D-3)
    assert not kinds(ev, "wreck")


@pytest.mark.rules("FUEL-3")
def test_FUEL_3_AMB_34_a_car_already_in_1st_gear_drives_one_more_turn_in_1st():
    state = rolling_out("B57", 1)
    assert [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)] == [1]


@pytest.mark.rules("FUEL-3")
def test_FUEL_3_the_turn_it_runs_dry_in_1st_gear_is_not_yet_its_roll_out_turn():
    state, _ = turn(in_seekurve(fuel=0, gear=1), 1, 2, "B52")
    assert state.car("f").league.rolling_out == "fuel" and state.car("f").status == "racing"


@pytest.mark.rules("FUEL-3")
def test_FUEL_3_a_car_rolling_out_across_the_finish_line_finishes():
    state = rolling_out("B63", 2, crossings=3)  # lap 3 of 3, the line after B64
    state, ev = turn(state, 1, 2, "B1")
    assert state.car("f").status == "finished"


@pytest.mark.rules("FUEL-3")
def test_FUEL_3_a_car_that_retires_in_the_pit_lane_is_removed_at_once():
    state = rolling_out("P1", 2, box="P9")
    state, ev = turn(state, 1, 2, "P3")
    f = state.car("f")
    assert f.status == "out" and f.league.removed and not on_track(state, f)
    assert [e.data for e in kinds(ev, "wreck")] == [{"space": "P3"}]


@pytest.mark.rules("FUEL-3")
def test_FUEL_3_AMB_34_a_car_that_rolls_out_into_its_box_is_saved():
    state = rolling_out("P2", 2, box="P4")
    state, _ = turn(state, 1, 2, "P4")
    f = state.car("f")
    assert f.status == "racing" and f.league.rolling_out is None and state.phase == "pit"


@pytest.mark.rules("FUEL-4")
def test_FUEL_4_skipping_a_gear_costs_1_fuel_WP_in_a_dresden_race():
    state = position([dcar("f", "B30", 5), dcar("x", "B20")], "f", rules=D)
    assert gear_options(OVAL, state)[3].cost == {"fuel": 1}
    state, _ = act(state, ChooseGear(gear=3))
    assert state.car("f").wp.fuel == 3


@pytest.mark.rules("FUEL-5")
def test_FUEL_5_six_to_one_is_impossible_in_a_dresden_race():
    state = position([dcar("f", "B30", 6), dcar("x", "B20")], "f", rules=D)
    assert gear_options(OVAL, state)[1].code == Code.SIX_TO_ONE
