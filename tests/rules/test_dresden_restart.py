"""The restart of the Dresden rules, through the engine.

Rules: RESTART-1, RESTART-2, AMB-37. On the shipped oval row 31 is A27, B29 and C32 on the
back straight; the oval has two corners, so its 4th corner after the start is the Seekurve in
lap 2 (rows 46-56). The start/finish straight runs from row 57 round to row 10 (the middle
lane B from B52 to B12 with the line between B64 and B1).
"""

from __future__ import annotations

import pytest

from rules.engine import gear_options
from rules.gears import ShiftCost
from rules.modules.restart import impassable, next_straight
from tests.rules.fixtures import DW, OVAL, D, dcar, kinds, position, settle, turn

WALL = ("A27", "B29", "C32")


def wall_of_wrecks(crossings: int):
    return [dcar(f"w{i}", s, 3, status="out", out_round=1, crossings=crossings) for i, s in enumerate(WALL)]


def test_AMB_37_a_row_of_wrecks_in_every_lane_is_impassable():
    state = position([dcar("lead", "B40", 3), *wall_of_wrecks(1), dcar("m", "B10", 3)], "lead", rules=D)
    assert impassable(OVAL, state)
    two = state.with_car(state.car("w2").with_league(removed=True))
    assert not impassable(OVAL, two)  # one lane still open on a straight


def test_AMB_37_wrecks_in_the_lanes_a_corners_arrows_leave_a_car_are_impassable_for_it():
    """In the Lindenkehre lane changes follow the arrows only: a wreck in the car's lane there,
    with no arrow round it, blocks that car even though other lanes are free."""
    from rules.track import EdgeKind

    inside = [s.name for s in OVAL.lane_spaces(1) if s.corner == 0]
    stuck = next(
        (a for a, b in zip(inside, inside[1:]) if all(e.kind is EdgeKind.STRAIGHT for e in OVAL.out_edges(a))), None
    )
    assert stuck is not None
    wreck = OVAL.ahead(stuck)
    cars = [
        dcar("lead", "B40", 3),
        dcar("w", wreck, 3, status="out", out_round=1),
        dcar("m", stuck, 3, corner=0, stops=1),
    ]
    state = position(cars, "lead", rules=D)
    assert impassable(OVAL, state)


def test_AMB_37_a_wreck_on_the_pit_exit_is_impassable_for_the_cars_in_the_pit_lane():
    """The pit lane leaves the oval onto C6 only: a wreck there kept every car in the pit lane
    standing for ever (a soak race ran 18,980 game rounds); another wreck elsewhere does not."""
    last = OVAL.pit.spaces[-1]
    assert OVAL.successors(last) == (OVAL.pit.exit,)
    cars = [dcar("lead", "B40", 3), dcar("w", OVAL.pit.exit, 3, status="out", out_round=1), dcar("m", last, 1)]
    state = position(cars, "lead", rules=D)
    assert impassable(OVAL, state)
    elsewhere = position([*cars[:1], dcar("w", "A60", 3, status="out", out_round=1), cars[2]], "lead", rules=D)
    assert not impassable(OVAL, elsewhere)


@pytest.mark.rules("START-D-1", "START-D-2", "START-D-3", "RESTART-2")
def test_RESTART_2_before_the_leader_reaches_corner_4_the_whole_race_restarts_from_the_grid():
    lead = dcar("lead", "B40", 4, grid_slot=1, setup=DW, wp=DW.model_copy(update={"tyres": 2}))
    m = dcar("m", "B10", 3, grid_slot=0, setup=DW)
    state = position([lead, *wall_of_wrecks(1), m], "lead", rules=D)
    state, ev = turn(state, 4, 7, "B47")
    state, ev2 = settle(state)
    assert [e.data for e in kinds(ev + ev2, "restart")] == [{"full": True}]
    assert state.league.restarts == 1 and state.round == 1
    assert (state.car("m").space, state.car("lead").space) == (OVAL.grid[0], OVAL.grid[1])
    assert state.car("lead").wp == DW and state.car("lead").gear == 0 and state.car("lead").crossings == 0
    assert all(state.car(w).league.removed for w in ("w0", "w1", "w2"))
    assert state.active == "m"  # game round 1 in grid order
    # START-D-1..3 again: each car's first turn begins with the start roll from gear 0 (settle
    # rolled m's: a 20, the dream start of 4 spaces); lead's is still due
    assert [(e.car, e.data) for e in kinds(ev2, "start")] == [("m", {"result": "dream"})]
    assert state.phase == "move" and state.moves_left == 4 and state.car("lead").league.start == "due"


@pytest.mark.rules("RESTART-1")
def test_RESTART_1_later_the_race_restarts_in_single_file_on_the_next_straight_ahead_of_the_leader():
    lead = dcar("lead", "B48", 3, crossings=2, corner=1, stops=1)  # in the Seekurve, lap 2
    second, third = dcar("second", "B10", 3, crossings=2), dcar("third", "B5", 3, crossings=2)
    state = position([lead, *wall_of_wrecks(2), second, third], "lead", rules=D)
    state, ev = turn(state, 3, 4, "B51")  # still in the Seekurve
    state, ev2 = settle(state)
    assert [e.data for e in kinds(ev + ev2, "restart")] == [{"full": False}]
    straight = next_straight(OVAL, "B51")
    assert straight[0] == "B52" and straight[-1].startswith("B") and all(OVAL.space(s).corner is None for s in straight)
    middle = len(straight) // 2
    front = straight[middle + 2]
    assert [state.car(c).space for c in ("lead", "second", "third")] == [front, straight[middle], straight[middle - 2]]
    assert all(state.car(w).league.removed for w in ("w0", "w1", "w2"))
    state = state.model_copy(update={"active": "lead", "phase": "gear"})
    assert [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)] == [1, 2, 3, 4]


@pytest.mark.rules("RESTART-1")
def test_RESTART_1_without_the_switch_the_race_goes_on():
    state = position(
        [dcar("lead", "B40", 4), *wall_of_wrecks(1), dcar("m", "B10", 3)],
        "lead",
        rules=D.model_copy(update={"restart": False}),
    )
    state, ev = turn(state, 4, 7, "B47")
    state, ev2 = settle(state)
    assert not kinds(ev + ev2, "restart")


@pytest.mark.rules("PIT-D-11", "RESTART-1")
def test_RESTART_1_a_car_being_worked_on_at_its_box_restarts_with_the_work_done():
    """PIT-D-11: the crew was working off points at the box when the race stopped. The car joins
    the single file with its WP restored as planned and no points left, so its next roll is a
    drive, not more work at a box it is no longer at."""
    from rules.modules.pit_points import working
    from rules.tables.pit_points import PitPlan
    from rules.tables.tyres import Tyre

    box = OVAL.pit.boxes[0]
    lead = dcar("lead", "B48", 3, crossings=2, corner=1, stops=1)
    worn = DW.model_copy(update={"tyres": 1})
    boxed = dcar(
        "boxed",
        box,
        3,
        crossings=2,
        box=box,
        pit_points=4,
        setup=DW,
        wp=worn,
        pit_plan=PitPlan(fuel=0, tyre=Tyre.HARD, repairs={}),
    )
    state = position([lead, *wall_of_wrecks(2), dcar("second", "B10", 3, crossings=2), boxed], "lead", rules=D)
    assert working(state.car("boxed"))
    state, ev = turn(state, 3, 4, "B51")
    state, ev2 = settle(state)
    assert [e.data for e in kinds(ev + ev2, "restart")] == [{"full": False}]
    car = state.car("boxed")
    assert not OVAL.space(car.space).in_pit and car.pit_wait  # in the single file, 1st to 4th gear
    assert not working(car) and car.league.pit_plan is None
    assert car.wp.tyres == DW.tyres and car.tyre == Tyre.HARD
