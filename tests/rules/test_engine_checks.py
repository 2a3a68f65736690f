"""Black-die checks after a move: collisions, engine damage, dangerous spaces.

Rules: CORE-COLL-1..3, FD08-COLL-1 (AMB-4, VAR-5), CORE-ENGINE-1..3,
FD08-ENGINE-1 (AMB-11, AMB-60), CORE-DANGER-1..4, FD08-DANGER-1..2
(AMB-22..24), PIT-B-5 (no collisions or engine checks in the pit lane) and
the ``wrecks`` rule-set switch (a retired car blocks, or leaves a marker).

SUGGESTIONs followed: AMB-4 (next to = same row, adjacent lane; behind = the
mover directly behind the other car; diagonally ahead only with the flag; a car
behind the mover does not count; pit-lane cars never collide), AMB-11 (only the
natural top face of the 5th/6th-gear die triggers), AMB-60 (pit-lane cars are
exempt from engine checks, the trigger car too), AMB-22 (a marker goes where
the car that lost the WP stands), AMB-23 (a marker made this turn does not
check its maker), AMB-24 (one check per dangerous space entered, the stop
included).
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, Roll
from rules.engine import move_request, moves
from rules.reasons import Code
from tests.rules.fixtures import (
    OVAL,
    R,
    W,
    act,
    car,
    kinds,
    pending,
    position,
    rolls,
    settle,
    turn,
    wear,
)

# --- CORE-COLL-1..3, FD08-COLL-1, AMB-4 ---------------------------------------------------

# The mover drives B22 -> B28 -> C32 (row 31). Around its stop:
NEIGHBOURS = [
    car("beside", "B29"),  # same row, adjacent lane: next to it
    car("ahead", "C33"),  # its straight-ahead successor: the mover is directly behind it
    car("diagonal", "B30"),  # one row ahead, adjacent lane: only with the AMB-4 flag
    car("behind", "C31"),  # directly behind the mover: no check (AMB-4)
    car("far", "A27"),  # same row, two lanes away: not next to it
]


def collision_position(**rules):
    cars = [car("m", "B22", gear=3), *NEIGHBOURS]
    state = position(cars, "m", rules=R.model_copy(update=rules))
    state, _ = turn(state, 3, 7, "C32")
    return state


@pytest.mark.rules("CORE-COLL-1", "FD08-COLL-1")
def test_CORE_COLL_1_FD08_COLL_1_each_car_beside_or_ahead_rolls_once_and_the_mover_once_for_each():
    state = collision_position()
    assert pending(state) == [
        ("collision", "beside", "m"),
        ("collision", "m", "beside"),
        ("collision", "ahead", "m"),
        ("collision", "m", "ahead"),
    ]


def test_AMB_4_diagonally_ahead_counts_only_with_the_flag():
    state = collision_position(collision_diagonal=True)
    assert ("collision", "diagonal", "m") in pending(state) and ("collision", "m", "diagonal") in pending(state)
    assert len(state.pending) == 6


def test_VAR_5_the_mover_only_variant():
    state = collision_position(collision_rolls="mover")
    assert pending(state) == [("collision", "m", "beside"), ("collision", "m", "ahead")]


@pytest.mark.rules("CORE-COLL-2")
def test_CORE_COLL_2_a_1_costs_the_car_it_was_rolled_for_1_body_WP():
    state = collision_position()
    state, ev = rolls(state, 1, 2, 2, 1)  # beside fails, m passes; ahead passes, m fails
    assert state.car("beside").wp.body == 2 and state.car("ahead").wp.body == 3
    assert state.car("m").wp.body == 2
    assert [(e.car, e.data["area"]) for e in kinds(ev, "wear")] == [("beside", "body"), ("m", "body")]


@pytest.mark.rules("CORE-COLL-2")
@pytest.mark.parametrize("value", [2, 10, 20])
def test_CORE_COLL_2_dry_only_a_1_fails(value: int):
    state, _ = rolls(collision_position(), value, value, value, value)
    assert all(c.wp == W for c in state.cars)


@pytest.mark.rules("CORE-COLL-3")
def test_CORE_COLL_3_losing_the_last_body_WP_ends_the_race():
    cars = [car("m", "B22", gear=3, wp=wear(body=1)), car("beside", "B29"), car("ahead", "C33")]
    state, _ = turn(position(cars, "m"), 3, 7, "C32")
    state, ev = rolls(state, 20, 1)  # beside passes; m fails with its last body WP
    m = state.car("m")
    assert m.status == "out" and m.out is not None and (m.out.rule, m.out.code) == ("CORE-COLL-3", Code.AREA_GONE)
    assert m.out_round == 2 and kinds(ev, "out")[0].car == "m"
    # the car it collided with still rolls for the collision; the retired car's own roll is void
    assert pending(state) == [("collision", "ahead", "m")]


@pytest.mark.rules("CORE-COLL-1", "PIT-B-5", "PIT-B-6")
def test_CORE_COLL_1_PIT_B_5_a_car_stopping_in_the_pit_lane_never_collides():
    """m waits directly behind "pit" (PIT-B-6), and P2 lies level with C60 on the map:
    still no collision check (PIT-B-5, AMB-4)."""
    cars = [car("m", "P1", gear=4, box="P6", pit_stops=1), car("pit", "P3", gear=4), car("track", "C60")]
    state = position(cars, "m", laps=2)
    state, _ = turn(state, 4, 7, "P2")
    assert OVAL.space("P2").row == OVAL.space("C60").row
    assert pending(state) == []


@pytest.mark.rules("CORE-COLL-1")
def test_CORE_COLL_1_a_track_car_beside_a_pit_lane_car_does_not_collide():
    cars = [car("m", "C54", gear=3, corner=1, stops=1), car("pit", "P2", gear=4)]
    state, _ = turn(position(cars, "m"), 3, 6, "C60")
    assert OVAL.space("C60").row == OVAL.space("P2").row
    assert pending(state) == []


# --- CORE-ENGINE-1..3, FD08-ENGINE-1 -------------------------------------------------------


def engine_position(mover_gear: int = 5, start: str = "A18", **kw):
    cars = [
        car("m", start, gear=mover_gear, **kw),
        car("fifth", "C50", gear=5, corner=1, stops=1),
        car("sixth", "B60", gear=6),
        car("fourth", "B10", gear=4),
        car("pit", "P6", gear=5),  # waiting in the pit lane (AMB-60, PIT-B-5)
    ]
    return position(cars, "m")


@pytest.mark.rules("CORE-ENGINE-1")
def test_CORE_ENGINE_1_a_20_in_5th_makes_every_car_in_5th_or_6th_check():
    state, _ = turn(engine_position(), 5, 20, "A38")
    assert state.engine_trigger
    assert pending(state) == [("engine", "m", None), ("engine", "fifth", None), ("engine", "sixth", None)]


@pytest.mark.rules("CORE-ENGINE-1")
def test_CORE_ENGINE_1_AMB_11_only_the_top_face_triggers():
    state, _ = turn(engine_position(), 5, 19, "A37")
    assert not state.engine_trigger and pending(state) == []


@pytest.mark.rules("CORE-ENGINE-1")
def test_CORE_ENGINE_1_a_30_in_6th_triggers_too():
    # from the Seekurve with its stop made, 30 spaces round to the Lindenkehre
    state = engine_position(mover_gear=6, start="A46", corner=1, stops=1, crossings=1)
    state, _ = turn(state, 6, 30, "A16")
    assert [p[1] for p in pending(state)] == ["m", "fifth", "sixth"]


@pytest.mark.rules("CORE-ENGINE-1")
def test_CORE_ENGINE_1_a_29_in_6th_does_not():
    state = engine_position(mover_gear=6, start="A46", corner=1, stops=1, crossings=1)
    state, _ = turn(state, 6, 29, "A15")
    assert pending(state) == []


@pytest.mark.rules("CORE-ENGINE-1")
def test_CORE_ENGINE_1_a_20_in_6th_is_no_top_face():
    """The 6th-gear die has no 20 at all; the 5th-gear 20 is what counts (AMB-11)."""
    assert 20 not in R.gear_dice.die(6).faces and R.gear_dice.die(5).highest == 20


@pytest.mark.rules("CORE-ENGINE-2")
@pytest.mark.parametrize(("value", "lost"), [(1, 1), (4, 1), (5, 0), (20, 0)])
def test_CORE_ENGINE_2_dry_a_check_fails_on_1_to_4(value: int, lost: int):
    state, _ = turn(engine_position(), 5, 20, "A38")
    state, _ = rolls(state, value, 20, 20)
    assert state.car("m").wp.engine == W.engine - lost
    assert state.car("fifth").wp.engine == W.engine and state.car("sixth").wp.engine == W.engine


@pytest.mark.rules("FD08-ENGINE-1")
def test_FD08_ENGINE_1_other_cars_lose_engine_WP_and_mark_their_own_space():
    state, _ = turn(engine_position(), 5, 20, "A38")
    state, ev = rolls(state, 20, 3, 20)
    assert state.car("fifth").wp.engine == 2
    assert state.markers == ("C50",)  # AMB-22: where that car stands
    assert [e.data for e in kinds(ev, "marker")] == [{"space": "C50"}]


@pytest.mark.rules("CORE-ENGINE-3")
def test_CORE_ENGINE_3_losing_the_last_engine_WP_ends_the_race():
    cars = [car("m", "A18", gear=5), car("sixth", "B60", gear=6, wp=wear(engine=1))]
    state, _ = turn(position(cars, "m"), 5, 20, "A38")
    state, _ = rolls(state, 20, 2)
    out = state.car("sixth")
    assert (
        out.status == "out"
        and out.out is not None
        and (out.out.rule, out.out.code) == ("CORE-ENGINE-3", Code.AREA_GONE)
    )
    assert "B60" in state.markers


@pytest.mark.rules("PIT-B-5")
def test_AMB_60_a_trigger_car_in_the_pit_lane_is_exempt_too():
    """PIT-B-5: no engine damage in the pit lane, also for the car that rolled the 20."""
    cars = [car("m", "C55", gear=5, corner=1, stops=1, box="P4"), car("sixth", "B60", gear=6)]
    state = position(cars, "m", laps=2)
    state, _ = turn(state, 5, 20, "P4", in_box=True)
    assert pending(state) == [("pit", "m", None)]
    state, _ = rolls(state, 15)  # slow stop: the car stays in its box
    assert pending(state) == [("engine", "sixth", None)]


@pytest.mark.rules("CORE-ENGINE-2")
def test_CORE_ENGINE_2_a_trigger_car_that_retires_still_strains_the_other_engines():
    """The 20 triggers the checks; the trigger car leaving the race does not cancel them."""
    cars = [car("m", "A18", gear=5, wp=wear(body=1)), car("sixth", "B60", gear=6), car("block", "A39")]
    state, _ = turn(position(cars, "m"), 5, 20, "A38")  # stops directly behind "block"
    assert pending(state) == [
        ("collision", "block", "m"),
        ("collision", "m", "block"),
        ("engine", "m", None),
        ("engine", "sixth", None),
    ]
    state, _ = rolls(state, 20, 1)  # m loses its last body WP: its engine check is void
    assert state.car("m").status == "out"
    assert pending(state) == [("engine", "sixth", None)]


@pytest.mark.rules("CORNER-6", "CORE-ENGINE-2")
def test_CORE_ENGINE_2_after_a_move_that_ends_the_race_the_others_still_check():
    # 20 spaces from A33 would run the Seekurve (1 stop) and beyond: out of tyres (CORNER-6)
    cars = [car("m", "A33", gear=5, wp=wear(tyres=1)), car("sixth", "B60", gear=6)]
    state, _ = act(position(cars, "m"), ChooseGear(gear=5), Roll(value=20))
    flies_out = next(m for m in moves(OVAL, state) if m.end == "A53" and m.out is not None)
    assert flies_out.out.rule == "CORNER-6"
    state, _ = act(state, Drive(path=flies_out.path))
    assert state.car("m").status == "out"
    assert pending(state) == [("engine", "sixth", None)]


# --- CORE-DANGER-1..4, FD08-DANGER-1..2 ----------------------------------------------------


def danger_position(markers, mover_wp=W):
    return position([car("m", "A20", wp=mover_wp), car("other", "C10")], "m", markers=markers)


@pytest.mark.rules("FD08-DANGER-2")
def test_FD08_DANGER_2_driving_over_a_dangerous_space_costs_a_check():
    state, _ = turn(danger_position(["A24"]), 3, 7, "A27")
    assert pending(state) == [("road_holding", "m", None)]


@pytest.mark.rules("FD08-DANGER-2")
def test_FD08_DANGER_2_stopping_on_a_dangerous_space_costs_a_check():
    state, _ = turn(danger_position(["A27"]), 3, 7, "A27")
    assert pending(state) == [("road_holding", "m", None)]


def test_AMB_24_one_check_per_dangerous_space_entered():
    state, _ = turn(danger_position(["A22", "A24", "A27"]), 3, 7, "A27")
    assert pending(state) == [("road_holding", "m", None)] * 3


@pytest.mark.rules("CORE-DANGER-3")
def test_CORE_DANGER_3_a_dangerous_space_can_be_avoided_by_pulling_out():
    state = danger_position(["A24"])
    state, _ = turn(state, 3, 7, "B29", dangers=0)
    assert pending(state) == []


@pytest.mark.rules("CORE-DANGER-2")
@pytest.mark.parametrize(("value", "lost"), [(1, 1), (4, 1), (5, 0), (20, 0)])
def test_CORE_DANGER_2_dry_a_check_fails_on_1_to_4(value: int, lost: int):
    state, _ = turn(danger_position(["A24"]), 3, 7, "A27")
    state, ev = rolls(state, value)
    assert state.car("m").wp.road_holding == W.road_holding - lost
    assert state.markers == ("A24",)  # a road-holding loss leaves no new marker
    assert not kinds(ev, "marker")


@pytest.mark.rules("CORE-DANGER-4", "FD08-DANGER-1")
def test_CORE_DANGER_4_losing_the_last_road_holding_WP_ends_the_race():
    state, _ = turn(danger_position(["A24"], wear(road_holding=1)), 3, 7, "A27")
    state, ev = rolls(state, 4)
    m = state.car("m")
    assert m.status == "out" and m.out is not None and (m.out.rule, m.out.code) == ("CORE-DANGER-4", Code.AREA_GONE)
    assert state.markers == ("A24", "A27")  # FD08-DANGER-1: a retirement marks the car's space


@pytest.mark.rules("FD08-DANGER-1")
def test_FD08_DANGER_1_a_body_loss_marks_the_space_of_the_car_that_lost_it():
    """AMB-22: the mover's stop for the mover, the partner's own space for the partner."""
    state, ev = rolls(collision_position(), 1, 1, 20, 20)
    assert state.markers == ("B29", "C32")
    assert [e.data for e in kinds(ev, "marker")] == [{"space": "B29"}, {"space": "C32"}]


@pytest.mark.rules("FD08-DANGER-1")
def test_FD08_DANGER_1_several_losses_on_one_space_make_one_dangerous_space():
    state, _ = rolls(collision_position(), 20, 1, 20, 1)  # m fails twice, on C32
    assert state.car("m").wp.body == 1 and state.markers == ("C32",)


def test_AMB_23_a_marker_made_this_turn_does_not_check_the_car_that_made_it():
    state, _ = rolls(collision_position(), 20, 1, 20, 20)
    assert state.markers == ("C32",) and pending(state) == []


@pytest.mark.rules("FD08-DANGER-2")
def test_FD08_DANGER_2_markers_are_dangerous_for_every_later_move():
    state, _ = rolls(collision_position(), 1, 20, 20, 20)  # marker on B29, where "beside" stands
    assert state.markers == ("B29",)
    state, _ = settle(state)
    assert move_request(OVAL, state).markers == frozenset({"B29"})


# --- wrecks: a retired car blocks, or leaves a damage marker ---------------------------------


def retire_on_A27(wrecks: bool):
    rules = R.model_copy(update={"wrecks": wrecks})
    cars = [car("x", "A20", wp=wear(road_holding=1)), car("y", "A18")]
    state = position(cars, "x", rules=rules, markers=["A24"])
    state, _ = turn(state, 3, 7, "A27")
    state, _ = rolls(state, 1)  # x loses its last road-holding WP on A27
    assert state.car("x").status == "out" and state.active == "y"
    return state


def test_without_wrecks_a_retired_car_leaves_a_marker_and_the_road_free():
    state = retire_on_A27(wrecks=False)
    assert "A27" in state.markers and "A27" not in move_request(OVAL, state).occupied
    state, _ = turn(state, 4, 12, "A30")  # straight through where x retired
    assert pending(state) == [("road_holding", "y", None)] * 2  # A24 and A27


def test_with_wrecks_a_retired_car_blocks_its_space_and_leaves_no_marker():
    state = retire_on_A27(wrecks=True)
    assert "A27" not in state.markers and "A27" in move_request(OVAL, state).occupied
    state = state.model_copy(update={"phase": "move", "roll": 12, "moves_left": 12})
    assert all("A27" not in m.path for m in moves(OVAL, state))
