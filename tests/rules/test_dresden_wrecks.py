"""Collisions, wrecks and blocked lanes of the Dresden rules, through the engine.

Rules: COLL-D-1..5, OUT-D-3, OUT-D-4, AMB-20 (all three readings), AMB-36, BLOCK-D-1..3,
ROAD-D-1. Positions on the shipped oval (``maps/oval.tmx``) on the back straight, where each
row has one space per lane (row 31: A27, B29, C32; row 32: A28, B30, C33; ...).
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, Roll
from rules.car import Area
from rules.engine import move_request, moves
from rules.modules.base import on_track
from rules.tables.weather import Weather
from tests.rules.fixtures import DW, OVAL, D, act, dcar, kinds, position, rolls, settle, turn


def pend(state):
    return [(c.car, c.other, c.wreck) for c in state.pending]


def wreck(car_id: str, space: str):
    return dcar(car_id, space, 3, status="out", out_round=1)


def stop_at_B29(*others, rules=D, mover=None, rain=False):
    """The mover drives B22 -> B29 (7 spaces in 3rd gear); ``others`` stand round B29."""
    state = position([mover or dcar("m", "B22", 3), *others], "m", rules=rules)
    if rain:
        state = state.model_copy(update={"weather": Weather(condition="rain")})
    state, _ = turn(state, 3, 7, "B29")
    return state


# --- COLL-D-1..5 -----------------------------------------------------------------------------


@pytest.mark.rules("COLL-D-1")
def test_COLL_D_1_both_drivers_roll_and_the_mover_rolls_last():
    state = stop_at_B29(dcar("beside", "A27"), dcar("ahead", "B30"))
    assert pend(state) == [("beside", "m", False), ("ahead", "m", False), ("m", "beside", False), ("m", "ahead", False)]


@pytest.mark.rules("COLL-D-2")
@pytest.mark.parametrize(("rain", "value", "lost"), [(False, 1, 1), (False, 2, 0), (True, 2, 1), (True, 3, 0)])
def test_COLL_D_2_the_check_fails_on_a_1_and_rain_adds_1(rain: bool, value: int, lost: int):
    state = stop_at_B29(dcar("beside", "A27"), rain=rain)
    state, _ = rolls(state, value, 20)
    assert state.car("beside").wp.body == DW.body - lost


@pytest.mark.rules("COLL-D-2", "OUT-D-4")
@pytest.mark.parametrize(("rain", "value", "lost"), [(False, 2, 1), (False, 3, 0), (True, 3, 1), (True, 4, 0)])
def test_COLL_D_2_OUT_D_4_a_wreck_involved_adds_1(rain: bool, value: int, lost: int):
    state = stop_at_B29(wreck("w", "A27"), rain=rain)
    state, _ = rolls(state, value, 20)
    assert state.car("m").wp.body == DW.body - lost


@pytest.mark.rules("COLL-D-3")
def test_COLL_D_3_a_failed_check_costs_1_body_WP_and_makes_that_cars_space_dangerous():
    state = stop_at_B29(dcar("beside", "A27"))
    state, _ = rolls(state, 1, 20)
    assert state.car("beside").wp.body == 2 and state.markers == ("A27",)
    state = stop_at_B29(dcar("beside", "A27"))
    state, _ = rolls(state, 20, 1)
    assert state.car("m").wp.body == 2 and state.markers == ("B29",)


@pytest.mark.rules("COLL-D-4")
def test_COLL_D_4_AMB_20b_the_mover_rolls_for_each_wreck_too_and_takes_the_loss():
    state = stop_at_B29(dcar("beside", "A27"), wreck("w", "B30"))
    # the car beside, then the wreck's roll (made by the mover), then the mover's own two
    assert pend(state) == [("beside", "m", False), ("m", "w", True), ("m", "beside", False), ("m", "w", True)]
    state, _ = rolls(state, 20, 2, 20, 2)
    assert state.car("m").wp.body == 1 and state.car("w").wp.body == DW.body


@pytest.mark.rules("COLL-D-4")
def test_COLL_D_4_AMB_20a_an_automatic_body_WP_per_wreck():
    state = stop_at_B29(wreck("w", "B30"), rules=D.model_copy(update={"wreck_collision": "automatic"}))
    assert state.car("m").wp.body == 2
    assert pend(state) == [("m", "w", True)]


@pytest.mark.rules("COLL-D-4")
def test_COLL_D_4_AMB_20c_a_body_WP_per_car_this_check_puts_out():
    rules = D.model_copy(update={"wreck_collision": "per_retirement"})
    state = stop_at_B29(dcar("beside", "A27", wp=DW.model_copy(update={"body": 1})), wreck("w", "B30"), rules=rules)
    assert pend(state) == [("beside", "m", False), ("m", "beside", False), ("m", "w", True)]
    state, _ = rolls(state, 1)  # the car beside loses its last body WP: one for the mover
    assert state.car("beside").status == "out" and state.car("m").wp.body == 2


@pytest.mark.rules("CORE-COLL-3", "COLL-D-5")
def test_COLL_D_5_the_last_body_WP_retires_the_driver():
    state = stop_at_B29(
        wreck("w", "B30"), dcar("x", "A5"), mover=dcar("m", "B22", 3, wp=DW.model_copy(update={"body": 1}))
    )
    state, ev = rolls(state, 2)
    m = state.car("m")
    assert m.status == "out" and m.out.rule == "CORE-COLL-3" and on_track(state, m)
    assert state.pending == ()  # its own roll is void


# --- OUT-D-3, AMB-36: wrecks stay until every running car has passed them -------------------------


@pytest.mark.rules("OUT-D-3")
def test_OUT_D_3_a_wreck_blocks_its_space():
    state = position([dcar("m", "B22", 3), wreck("w", "B29"), dcar("x", "A5")], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=7))
    assert all("B29" not in m.path for m in moves(OVAL, state))


@pytest.mark.rules("OUT-D-3")
def test_OUT_D_3_AMB_36_the_wreck_is_removed_once_every_running_car_has_passed_it():
    cars = [dcar("lead", "B40", 3), wreck("w", "B29"), dcar("m", "B22", 3)]
    state = position(cars, "m", rules=D)
    state, ev = turn(state, 3, 6, "B28")  # still behind the wreck
    state, ev2 = settle(state)
    assert not kinds(ev + ev2, "wreck") and on_track(state, state.car("w"))
    state = position([dcar("lead", "B40", 3), wreck("w", "B29"), dcar("m", "B24", 3)], "m", rules=D)
    state, ev = act(state, ChooseGear(gear=3), Roll(value=7))
    past = next(
        m
        for m in moves(OVAL, state)
        if m.end is not None and OVAL.space(m.end).row > OVAL.space("B29").row and not m.brakes
    )
    state, ev = act(state, Drive(path=past.path))
    state, ev2 = settle(state)
    w = state.car("w")
    assert w.league.removed and not on_track(state, w)
    assert [e.data for e in kinds(ev + ev2, "wreck")] == [{"space": "B29"}]


def test_AMB_36_a_car_a_lap_down_ahead_of_the_wreck_must_still_pass_it():
    cars = [dcar("lead", "B40", 3, crossings=2), wreck("w", "B29"), dcar("lapped", "B35", 3, crossings=1)]
    state = position(cars, "lead", rules=D.model_copy())
    state = state.with_car(state.car("w").model_copy(update={"crossings": 2}))
    state, _ = turn(state, 3, 4, "B44")
    state, ev = settle(state)
    assert not kinds(ev, "wreck") and on_track(state, state.car("w"))


# --- BLOCK-D-1..3 --------------------------------------------------------------------------------


def wall(row_spaces=("A28", "B30", "C33")):
    return [dcar(f"wall{i}", s, 2) for i, s in enumerate(row_spaces)]


@pytest.mark.rules("BLOCK-D-1")
def test_BLOCK_D_1_a_blocked_car_uses_as_many_spaces_as_it_can():
    state = position([dcar("m", "B22", 3), *wall()], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=8))
    found = moves(OVAL, state)
    assert {OVAL.space(m.end).row for m in found if m.blocked} == {31}  # right behind the wall
    assert all(m.blocked == 1 for m in found if m.blocked)


@pytest.mark.rules("BLOCK-D-2")
@pytest.mark.parametrize(("roll", "brakes", "tyres"), [(8, 1, 0)])
def test_BLOCK_D_2_surplus_spaces_are_absorbed_by_TAB_BLOCK(roll: int, brakes: int, tyres: int):
    state = position([dcar("m", "B22", 3), *wall()], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=roll))
    m = next(m for m in moves(OVAL, state) if m.blocked)
    assert (m.brakes, m.tyres) == (brakes, tyres)


@pytest.mark.rules("CORE-BLOCK-2", "BLOCK-D-2")
def test_BLOCK_D_2_seven_or_more_spaces_and_the_car_is_out():
    state = position([dcar("m", "B24", 4), *wall(("A26", "B28", "C31"))], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=12))  # 3 spaces free, 9 left over
    m = next(m for m in moves(OVAL, state) if m.blocked)
    assert m.blocked == 9 and m.out.rule == "CORE-BLOCK-2"


@pytest.mark.rules("BLOCK-D-3")
def test_BLOCK_D_3_the_car_directly_in_front_of_a_car_out_blocked_loses_1_body_WP():
    state = position([dcar("m", "B24", 4), *wall(("A26", "B28", "C31"))], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=12))
    m = next(m for m in moves(OVAL, state) if m.blocked and m.end == "B27")
    state, ev = act(state, Drive(path=m.path))
    assert state.car("m").status == "out"
    assert state.car("wall1").wp.body == DW.body - 1 and "B28" in state.markers
    assert state.car("wall0").wp.body == DW.body and state.car("wall2").wp.body == DW.body


@pytest.mark.rules("CORE-BLOCK-3", "BLOCK-D-3")
def test_BLOCK_D_3_WP_not_enough_costs_the_car_in_front_too():
    mover = dcar("m", "B22", 3, wp=DW.model_copy(update={"brakes": 0}))
    state = position([mover, *wall()], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=8))
    m = next(m for m in moves(OVAL, state) if m.blocked and m.end == "B29")
    assert m.out.rule == "CORE-BLOCK-3"
    state, _ = act(state, Drive(path=m.path))
    assert state.car("wall1").wp.body == DW.body - 1


@pytest.mark.rules("BLOCK-D-3")
def test_BLOCK_D_3_without_the_switch_the_car_in_front_keeps_its_WP():
    state = position(
        [dcar("m", "B24", 4), *wall(("A26", "B28", "C31"))], "m", rules=D.model_copy(update={"block_front_body": False})
    )
    state, _ = act(state, ChooseGear(gear=4), Roll(value=12))
    m = next(m for m in moves(OVAL, state) if m.blocked and m.end == "B27")
    state, _ = act(state, Drive(path=m.path))
    assert state.car("wall1").wp.body == DW.body


# --- ROAD-D-1 -------------------------------------------------------------------------------------


@pytest.mark.rules("ROAD-D-1")
@pytest.mark.parametrize(("value", "rain", "lost"), [(4, False, 1), (5, False, 0), (5, True, 1), (6, True, 0)])
def test_ROAD_D_1_driving_over_or_stopping_on_a_dangerous_space_is_a_road_holding_check(value, rain, lost):
    state = position([dcar("m", "B22", 3), dcar("x", "A5")], "m", rules=D, markers=("B25", "B29"))
    if rain:
        state = state.model_copy(update={"weather": Weather(condition="rain")})
    state, _ = turn(state, 3, 7, "B29", dangers=2)
    assert [c.purpose.value for c in state.pending] == ["road_holding", "road_holding"]  # over B25, on B29 (AMB-24)
    state, _ = rolls(state, value, 20)
    assert state.car("m").wp[Area.ROAD_HOLDING] == DW.road_holding - lost


@pytest.mark.rules("CORE-DANGER-4", "ROAD-D-1")
def test_ROAD_D_1_the_last_road_holding_WP_retires_the_driver():
    mover = dcar("m", "B22", 3, wp=DW.model_copy(update={"road_holding": 1}))
    state = position([mover, dcar("x", "A5")], "m", rules=D, markers=("B25",))
    state, _ = turn(state, 3, 7, "B29", dangers=1)
    state, _ = rolls(state, 1)
    assert state.car("m").status == "out" and state.car("m").out.rule == "CORE-DANGER-4"


@pytest.mark.rules("BLOCK-D-1")
def test_BLOCK_D_1_the_request_knows_the_wrecks_block():
    state = position([dcar("m", "B22", 3), wreck("w", "B29"), dcar("x", "A5")], "m", rules=D)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=7))
    assert "B29" in move_request(OVAL, state).occupied
