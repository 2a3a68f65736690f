"""The T-car of the Dresden rules, through the engine.

Rules: TCAR-1, TCAR-2, AMB-38. On the shipped oval the Lindenkehre (corner 1) ends at row 21;
the boxes P4-P13 lie in the pit lane, P6 at row 63, before the start/finish line.
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, TCar
from rules.ai.registry import computer_action
from rules.engine import gear_options, move_request, moves, to_move
from rules.gears import ShiftCost
from rules.modules.tcar import owed
from rules.reasons import Code
from tests.rules.fixtures import DW, OVAL, D, act, dcar, illegal, kinds, position, rolls, settle, turn

FRAGILE = DW.model_copy(update={"road_holding": 1})
T_WP = DW.model_copy(update={"tyres": 5, "brakes": 2})  # the set-up less 2 WP (21 - 2 = 19, + 1 in the box)


def crash(space: str = "B10", end: str = "B16", crossings: int = 1, rules=D, **kw):
    """Car m drives over a dangerous space and loses its last road-holding WP at ``end``."""
    cars = [
        dcar("lead", "B40", 3, crossings=crossings),
        dcar("m", space, 3, crossings=crossings, wp=FRAGILE, box="P6", **kw),
        dcar("z", "A2", 3, crossings=crossings),
    ]
    state = position(cars, "m", rules=rules, markers=(OVAL.ahead(space) or "",))
    state, _ = turn(state, 3, 6, end, dangers=1)
    state, ev = rolls(state, 1)
    assert state.car("m").status == "out"
    return state, ev


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_a_car_out_before_the_end_of_corner_1_in_lap_1_may_take_the_T_car():
    state, _ = crash()
    assert state.phase == "tcar" and to_move(state) == "m"


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_AMB_38_the_T_car_starts_from_the_box_in_1st_with_2_WP_less_and_the_wreck_stays():
    state, _ = crash()
    state, ev = act(state, TCar(wp=T_WP))
    m = state.car("m")
    assert (m.status, m.space, m.gear, m.wp, m.league.t_car) == ("racing", "P6", 0, T_WP, True)
    assert m.crossings == 0  # the box is before the line: the T-car drives the whole race
    assert [w.space for w in state.league.t_wrecks] == ["B16"]
    assert [e.data for e in kinds(ev, "tcar")] == [{"taken": True, "space": "P6"}]


def test_AMB_38_the_T_car_waits_for_the_next_game_round_then_drives_in_1st():
    state, _ = crash()
    state, _ = act(state, TCar(wp=T_WP))
    assert state.active == "z"  # still this round: z, never m
    rnd = state.round
    seen = []
    while state.round == rnd or state.active != "m":
        seen.append(state.active)
        c = state.car(state.active)
        state, _ = act(state, ChooseGear(gear=c.gear))
        state, _ = rolls(state, state.rules.gear_dice.die(c.gear).lowest)
        best = min(moves(OVAL, state), key=lambda m: (m.out is not None, m.brakes + m.tyres, -len(m.path)))
        state, _ = act(state, Drive(path=best.path))
        state, _ = settle(state)
        assert len(seen) < 10
    assert state.round == rnd + 1
    assert [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)] == [1]


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_the_wreck_of_the_replaced_car_blocks_its_space():
    state, _ = crash()
    state, _ = act(state, TCar(wp=T_WP))
    assert "B16" in move_request(OVAL, state.model_copy(update={"phase": "move", "moves_left": 4})).occupied


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_no_T_car_after_the_end_line_of_corner_1():
    cars = [dcar("lead", "B40", 3), dcar("m", "B22", 3, wp=FRAGILE, box="P6"), dcar("z", "A2", 3)]
    state = position(cars, "m", rules=D, markers=("B23",))
    state, _ = turn(state, 3, 4, "B26", dangers=1)  # B26 is row 28, past the Lindenkehre
    state, _ = rolls(state, 1)
    assert state.car("m").status == "out" and state.phase != "tcar"


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_no_T_car_in_lap_2():
    state = crash_in_lap(2)
    assert state.phase != "tcar"


def crash_in_lap(crossings: int):
    cars = [
        dcar("lead", "B40", 3, crossings=crossings),
        dcar("m", "B10", 3, crossings=crossings, wp=FRAGILE, box="P6"),
        dcar("z", "A2", 3, crossings=crossings),
    ]
    state = position(cars, "m", rules=D, markers=("B11",))
    state, _ = turn(state, 3, 6, "B16", dangers=1)
    state, _ = rolls(state, 1)
    return state


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_AMB_38_the_T_car_has_the_set_up_less_2_WP_each_area_at_least_1():
    state, _ = crash()
    for wrong in (
        DW.model_copy(update={"tyres": 5}),  # only 1 less
        DW.model_copy(update={"tyres": 4, "brakes": 2}),  # 3 less
        DW.model_copy(update={"engine": 0}),  # an empty area
        DW.model_copy(update={"tyres": 7, "brakes": 1, "body": 1}),  # more tyres than the set-up
    ):
        err = illegal(state, TCar(wp=wrong))
        assert (err.reason.rule, err.reason.code) == ("TCAR-1", Code.TCAR_WP)


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_the_driver_may_decline():
    state, _ = crash()
    state, ev = act(state, TCar(wp=None))
    assert state.car("m").status == "out" and state.phase != "tcar" and state.active == "z"
    assert [e.data for e in kinds(ev, "tcar")] == [{"taken": False}]
    assert not state.league.t_wrecks


@pytest.mark.rules("TCAR-2")
def test_TCAR_2_one_T_car_per_team_per_race():
    state, _ = crash(team=3)
    state, _ = act(state, TCar(wp=T_WP))
    assert state.league.t_cars == (3,)
    mate = state.with_car(state.car("lead").model_copy(update={"team": 3, "status": "out", "space": "A12"}))
    assert owed(OVAL, mate) is None


@pytest.mark.rules("TCAR-2")
def test_TCAR_2_a_T_car_gets_no_second_T_car():
    state, _ = crash()
    state, _ = act(state, TCar(wp=T_WP))
    again = state.with_car(state.car("m").model_copy(update={"status": "out", "space": "B12", "crossings": 1}))
    assert owed(OVAL, again) is None


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_without_the_switch_there_is_no_T_car():
    state, _ = crash(rules=D.model_copy(update={"t_car": False}))
    assert state.phase != "tcar"


@pytest.mark.rules("TCAR-1")
def test_TCAR_1_computer_drivers_take_the_T_car():
    state, _ = crash()
    action = computer_action(OVAL, state, "careful")
    assert isinstance(action, TCar) and action.wp is not None and action.wp.total() == DW.total() - 2
    act(state, action)
