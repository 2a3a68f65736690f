"""Pit stops of Formula D 2008 through the engine.

Rules: PIT-B-1..8, CORE-PIT-1..3, AMB-29 (a-e), AMB-54, AMB-56, AMB-60.

SUGGESTIONs followed: AMB-29 (a: the pit roll at once; b: the surplus of the
entering roll is lost; c: after a fast stop the lever shows 4th and normal
shifting follows; d: one stop, at the end of lap 1 only; e: after a slow stop
any gear up to 4th, free), AMB-54 (two stops with the 3-lap module: end of
lap 1 or 2), AMB-56 (a pit-lane car counts as standing at the pit entry) and
AMB-60 (no engine checks in the pit lane). The drive out of the box after a
fast stop comes before the turn's other checks (MASTERS-TURN-12 before
-13/-14).

The oval's pit lane turns off the track at C59 (row 58) into P1; boxes 1-10
are P4-P13 (P13 lies just past the start/finish line); it rejoins the
track from P17 on C6. From C58 a car needs 5 spaces to box 1 (P4).
"""

from __future__ import annotations

import math

import pytest

from rules.actions import ChooseGear, Drive
from rules.dice import Purpose
from rules.engine import chance, gear_options, move_request, moves, to_move
from rules.gears import ShiftCost
from rules.ruleset import FORMULA_D_BASIC
from tests.rules.fixtures import (
    OVAL,
    R,
    W,
    act,
    at_pit_entry,
    car,
    illegal,
    kinds,
    pending,
    position,
    quiet_turn,
    rolls,
    turn,
    turn_order,
    wear,
)


def pit_moves(state) -> list:
    state, _ = act(state, ChooseGear(gear=3))
    state, _ = rolls(state, 8)
    return [m for m in moves(OVAL, state) if any(OVAL.space(n).in_pit for n in m.path)]


# --- PIT-B-1, AMB-29d, AMB-54: when a car may stop ----------------------------------------------


@pytest.mark.rules("PIT-B-1")
def test_PIT_B_1_at_the_end_of_lap_1_a_car_may_turn_into_its_box():
    found = pit_moves(at_pit_entry(crossings=1, laps=2))
    assert [m.path for m in found] == [("C59", "P1", "P2", "P3", "P4")] and found[0].in_box


@pytest.mark.rules("PIT-B-1")
@pytest.mark.parametrize(("crossings", "laps"), [(1, 1), (2, 3), (3, 3)])
def test_PIT_B_1_AMB_29d_only_at_the_end_of_lap_1_of_a_longer_race(crossings: int, laps: int):
    """Not in a 1-lap race; with one stop (no 3-lap module) not at the end of lap 2 either."""
    one_stop = R.model_copy(update={"pit_stops_3_laps": 1})
    assert pit_moves(at_pit_entry(crossings=crossings, laps=laps, rules=one_stop)) == []


@pytest.mark.rules("PIT-B-1")
def test_PIT_B_1_at_the_end_of_lap_1_of_a_3_lap_race():
    assert pit_moves(at_pit_entry(crossings=1, laps=3))


def test_AMB_54_with_two_stops_at_the_end_of_lap_1_or_lap_2_never_the_last():
    two = FORMULA_D_BASIC.model_copy(update={"pit_stops": 2})
    assert pit_moves(at_pit_entry(crossings=2, laps=3, rules=two))
    assert pit_moves(at_pit_entry(crossings=2, laps=3, rules=two, pit_stops=1))  # the second stop
    assert pit_moves(at_pit_entry(crossings=3, laps=3, rules=two)) == []
    assert pit_moves(at_pit_entry(crossings=2, laps=3, rules=two, pit_stops=2)) == []


@pytest.mark.rules("OPT-3LAP-1")
def test_OPT_3LAP_1_a_3_lap_race_allows_a_second_stop_at_the_end_of_lap_2():
    assert pit_moves(at_pit_entry(crossings=2, laps=3, pit_stops=1))
    assert pit_moves(at_pit_entry(crossings=2, laps=3, pit_stops=2)) == []
    assert pit_moves(at_pit_entry(crossings=1, laps=2, pit_stops=1)) == []  # 2 laps: one stop


@pytest.mark.rules("PIT-B-1")
def test_PIT_B_1_one_stop_only():
    assert pit_moves(at_pit_entry(pit_stops=1)) == []


@pytest.mark.rules("CORE-PIT-2", "PIT-B-3")
def test_PIT_B_3_CORE_PIT_2_in_by_the_entry_space_out_by_the_exit_space():
    """A car turns in only from the track's pit entry and rejoins only on its exit."""
    found = pit_moves(at_pit_entry())
    assert found[0].path[:2] == (OVAL.pit.entry, OVAL.pit.spaces[0])
    state, _ = turn(at_pit_entry(), 3, 5, "P4", in_box=True)
    state, _ = rolls(state, 10)  # 5 spaces out of box 1: still in the pit lane
    assert all(OVAL.space(n).in_pit for m in moves(OVAL, state) for n in m.path)
    out = [e for e in OVAL.edges if e.kind.value == "pit_exit"]
    assert [(e.src, e.dst) for e in out] == [(OVAL.pit.spaces[-1], OVAL.pit.exit)]


@pytest.mark.rules("PIT-B-1")
def test_PIT_B_1_only_with_a_box():
    cars = [car("m", "C58", gear=3, box=None), car("far", "A30")]
    assert pit_moves(position(cars, "m", laps=2)) == []


# --- PIT-B-2, PIT-B-8, CORE-PIT-1, AMB-29a/b: driving in ------------------------------------------


@pytest.mark.rules("PIT-B-2")
def test_PIT_B_2_AMB_29b_no_exact_roll_needed_and_the_surplus_is_lost():
    state, ev = turn(at_pit_entry(), 3, 8, "P4", in_box=True)  # 8 rolled, the box is 5 away
    assert state.car("m").space == "P4"
    assert kinds(ev, "moved")[0].data["path"] == ["C59", "P1", "P2", "P3", "P4"]
    assert state.car("m").wp == W  # no brake WP for the unused 3 spaces


@pytest.mark.rules("CORE-PIT-1", "PIT-B-8")
def test_PIT_B_8_CORE_PIT_1_AMB_29a_tyres_restored_then_the_black_die_at_once():
    state, ev = turn(at_pit_entry(wp=wear(tyres=1)), 3, 5, "P4", in_box=True)
    m = state.car("m")
    assert m.wp.tyres == W.tyres and m.pit_stops == 1
    assert [e.data for e in kinds(ev, "pit")] == [{"tyres": W.tyres}]
    assert pending(state) == [("pit", "m", None)] and chance(state).purpose == Purpose.PIT
    assert to_move(state) is None


@pytest.mark.rules("CORE-PIT-1", "OPT-CAR-1")
def test_CORE_PIT_1_tyres_are_restored_to_the_cars_own_set_up():
    own = wear(tyres=9, brakes=2, gearbox=2, body=3, engine=2, road_holding=2)  # OPT-CAR-1: 20 WP
    state, _ = turn(at_pit_entry(wp=own.model_copy(update={"tyres": 2}), setup=own), 3, 5, "P4", in_box=True)
    assert state.car("m").wp.tyres == 9


@pytest.mark.rules("PIT-B-6", "PIT-B-8", "FAQ-5")
def test_PIT_B_8_tyres_are_restored_on_entering_even_when_the_box_is_not_reached():
    """m rolls the 7 spaces to its box (FAQ-5), but a car in front in the pit lane makes it
    wait behind it (PIT-B-6): it has entered, so its tyres are new already."""
    cars = [
        car("m", "C58", gear=4, box="P6", wp=wear(tyres=2)),
        car("queue", "P3", gear=4, box="P4", pit_stops=1),
        car("far", "A30"),
    ]
    state = position(cars, "m", laps=2)
    state, ev = turn(state, 4, 7, "P2")
    m = state.car("m")
    assert m.wp.tyres == W.tyres and m.pit_stops == 1 and m.wp.brakes == W.brakes
    assert pending(state) == []  # no pit roll before the box, no collision in the pit lane
    ahead = state.model_copy(update={"active": "m", "phase": "move", "roll": 7, "moves_left": 7})
    assert move_request(OVAL, ahead).box == "P6"  # its box is still where it must stop


# --- PIT-B-4, TAB-PIT-B, AMB-29c/e: the stop ------------------------------------------------------


@pytest.mark.rules("PIT-B-4", "PIT-B-5")
@pytest.mark.parametrize("value", [1, 2, 3, 7, 10])
def test_PIT_B_4_fast_stop_drives_half_the_roll_rounded_up_out_of_the_box_in_4th(value: int):
    state, _ = turn(at_pit_entry(), 3, 5, "P4", in_box=True)
    state, ev = rolls(state, value)
    spaces = math.ceil(value / 2)
    assert [e.data for e in kinds(ev, "pit")] == [{"fast": True, "value": value}]
    assert (state.phase, state.moves_left, state.car("m").gear) == ("move", spaces, 4)
    assert to_move(state) == "m" and chance(state) is None
    assert {len(m.path) for m in moves(OVAL, state)} == {spaces}  # PIT-B-5: no braking
    pit = OVAL.pit.spaces  # type: ignore[union-attr]
    state, _ = act(state, Drive(path=pit[4 : 4 + spaces]))
    assert state.car("m").space == pit[3 + spaces] and state.active == "far"


@pytest.mark.rules("PIT-B-4", "PIT-B-5")
@pytest.mark.parametrize("value", [11, 15, 20])
def test_PIT_B_4_AMB_29e_slow_stop_waits_for_the_next_game_round_then_any_gear_up_to_4th_free(value: int):
    cars = [car("m", "C55", gear=5, corner=1, stops=1, box="P4"), car("far", "A30")]
    state = position(cars, "m", laps=2)
    state, _ = turn(state, 5, 11, "P4", in_box=True)
    state, ev = rolls(state, value)
    assert [e.data for e in kinds(ev, "pit")] == [{"fast": False, "value": value}]
    assert state.car("m").pit_wait and state.car("m").space == "P4"
    assert state.active == "far" and state.round == 2
    state, ev = quiet_turn(state)
    assert kinds(ev, "round") and state.active == "m" and state.round == 3  # the next game round
    options = gear_options(OVAL, state)
    assert all(isinstance(o := options[g], ShiftCost) and o.cost == {} for g in (1, 2, 3, 4))
    assert all(not isinstance(o := options[g], ShiftCost) and o.rule == "PIT-B-4" for g in (5, 6))
    state, _ = act(state, ChooseGear(gear=1))  # 5th -> 1st: no skip cost (PIT-B-5)
    assert state.car("m").wp == W and not state.car("m").pit_wait


def test_AMB_29c_after_a_fast_stop_the_lever_shows_4th_and_normal_shifting_follows():
    """Box 10 (P13) is 5 spaces from the exit: a 10 drives the car back onto the track."""
    cars = [car("m", "C55", gear=5, corner=1, stops=1, box="P13"), car("far", "A30")]
    state = position(cars, "m", laps=2)
    state, _ = turn(state, 5, 18, "P13", in_box=True)
    assert state.car("m").crossings == 2  # the line runs across the pit lane before P13
    state, _ = rolls(state, 10)
    state, _ = act(state, Drive(path=("P14", "P15", "P16", "P17", "C6")))
    while state.active != "m":
        state, _ = quiet_turn(state)
    options = gear_options(OVAL, state)
    assert options[5] == ShiftCost(gear=5) and not isinstance(options[6], ShiftCost)
    assert isinstance(options[2], ShiftCost) and options[2].cost  # on the track skipping costs again


# --- PIT-B-5, AMB-60: what does not apply in the pit lane ------------------------------------------


@pytest.mark.rules("PIT-B-5")
def test_PIT_B_5_no_skip_costs_in_the_pit_lane():
    cars = [car("m", "P8", gear=4, box="P4", pit_stops=1), car("far", "A30")]
    options = gear_options(OVAL, position(cars, "m", laps=2))
    assert options[1] == ShiftCost(gear=1, skipped=2, waived_by="PIT-B-5")


@pytest.mark.rules("PIT-B-5")
def test_PIT_B_5_no_braking_in_the_pit_lane():
    cars = [car("m", "P5", gear=3, box="P4", pit_stops=1), car("far", "A30")]
    state, _ = act(position(cars, "m", laps=2), ChooseGear(gear=3))
    state, _ = rolls(state, 6)
    assert {len(m.path) for m in moves(OVAL, state)} == {6}


def leaving_the_pit_lane(pit_exit_braking: bool):
    """m on P14, three spaces before the pit exit (P17 > C6), rolls a 10 in 4th: it reaches the
    Lindenkehre's first row (A12 B12 C12), 6 spaces after C6."""
    cars = [car("m", "P14", gear=4, box="P4", pit_stops=1), car("far", "A30")]
    state = position(cars, "m", laps=2, rules=R.model_copy(update={"pit_exit_braking": pit_exit_braking}))
    state, _ = act(state, ChooseGear(gear=4))
    state, _ = rolls(state, 10)
    return state


@pytest.mark.rules("CORE-BRAKE-1", "PIT-B-5")
def test_PIT_B_5_AMB_68_a_car_leaving_the_pit_lane_may_brake_for_a_stop_on_the_track():
    """The default reading: braking is suspended inside the pit lane only, so the car may stop
    1-3 rows short on the track for 1-3 brake WP (CORE-BRAKE-1); C6 (6 short) is too far."""
    assert FORMULA_D_BASIC.pit_exit_braking
    state = leaving_the_pit_lane(True)
    got = {(m.end, m.brakes) for m in moves(OVAL, state)}
    rows = {0: ("A12", "B12", "C12"), 1: ("A11", "B11", "C11"), 2: ("A10", "B10", "C10"), 3: ("A9", "B9", "C9")}
    assert got == {(end, brakes) for brakes, ends in rows.items() for end in ends}


@pytest.mark.rules("CORE-MOVE-7", "PIT-B-5")
def test_PIT_B_5_AMB_68_read_widely_a_car_leaving_the_pit_lane_drives_its_whole_roll():
    state = leaving_the_pit_lane(False)
    assert {(m.end, m.brakes) for m in moves(OVAL, state)} == {("A12", 0), ("B12", 0), ("C12", 0)}
    short = ("P15", "P16", "P17", "C6", "C7", "C8", "C9")
    assert illegal(state, Drive(path=short)).reason.rule == "CORE-MOVE-7"


@pytest.mark.rules("PIT-B-5")
@pytest.mark.parametrize("pit_exit_braking", [True, False])
def test_PIT_B_5_AMB_68_no_braking_inside_the_pit_lane_with_either_reading(pit_exit_braking: bool):
    cars = [car("m", "P5", gear=3, box="P4", pit_stops=1), car("far", "A30")]
    rules = R.model_copy(update={"pit_exit_braking": pit_exit_braking})
    state, _ = act(position(cars, "m", laps=2, rules=rules), ChooseGear(gear=3))
    state, _ = rolls(state, 6)
    assert {len(m.path) for m in moves(OVAL, state)} == {6}
    assert illegal(state, Drive(path=("P6", "P7", "P8"))).reason.rule == "PIT-B-5"


@pytest.mark.rules("PIT-B-6")
def test_PIT_B_6_waiting_behind_a_car_in_the_pit_lane_costs_nothing():
    cars = [car("m", "P1", gear=4, box="P6", pit_stops=1), car("queue", "P3", gear=4), car("far", "A30")]
    state, _ = turn(position(cars, "m", laps=2), 4, 12, "P2")  # 11 spaces short
    assert state.car("m").wp == W and pending(state) == []


@pytest.mark.rules("PIT-B-5")
def test_PIT_B_5_AMB_29a_fast_stop_then_the_turns_checks_once_after_the_drive_out():
    """The 20 in 5th takes m into its box; road-holding checks for the way in, collisions and
    the engine checks come after the drive out, the engine checks exactly once."""
    cars = [car("m", "C55", gear=5, corner=1, stops=1, box="P13"), car("sixth", "B60", gear=6)]
    state = position(cars, "m", laps=2, markers=["C57"])
    state, _ = turn(state, 5, 20, "P13", in_box=True)
    assert pending(state) == [("pit", "m", None), ("road_holding", "m", None)]
    state, _ = rolls(state, 10)
    assert (state.phase, to_move(state), chance(state)) == ("move", "m", None)  # drive out first
    state, _ = act(state, Drive(path=("P14", "P15", "P16", "P17", "C6")))
    assert pending(state) == [("road_holding", "m", None), ("engine", "m", None), ("engine", "sixth", None)]


def test_AMB_60_the_trigger_car_that_stays_in_the_pit_lane_makes_no_engine_check():
    cars = [car("m", "C55", gear=5, corner=1, stops=1, box="P4"), car("sixth", "B60", gear=6)]
    state, _ = turn(position(cars, "m", laps=2), 5, 20, "P4", in_box=True)
    state, _ = rolls(state, 2)  # fast: 1 space, still in the pit lane
    state, _ = act(state, Drive(path=("P5",)))
    assert pending(state) == [("engine", "sixth", None)]


# --- PIT-B-7, AMB-56: turn order with cars in the pit lane -------------------------------------------


@pytest.mark.rules("PIT-B-7")
def test_PIT_B_7_AMB_56_track_cars_between_entry_and_exit_move_before_pit_lane_cars():
    """Pit cars count as standing at the pit entry (row 58) on the lap they had there: after the
    track cars at or beyond it (also those past the line), before the track cars behind it;
    among themselves the one further along the lane first."""
    cars = [
        car("behind", "C50", gear=3, corner=1, stops=1, crossings=1),  # row 49: behind the entry
        car("box10", "P13", gear=4, crossings=2, box="P13", pit_stops=1, pit_wait=True),  # past the line
        car("box3", "P6", gear=4, crossings=1, box="P6", pit_stops=1, pit_wait=True),
        car("between", "C62", gear=3, crossings=1),  # row 61: between pit entry and exit
        car("past", "C3", gear=3, crossings=2),  # row 2: past the line, still before the exit
    ]
    state = position(cars, laps=2)
    order, _ = turn_order(state, 5)
    assert order[:5] == ["past", "between", "box10", "box3", "behind"]


@pytest.mark.rules("CORE-MOVE-4", "PIT-B-2", "PIT-B-5", "FAQ-5")
def test_PIT_B_2_FAQ_5_CORE_MOVE_4_a_roll_that_reaches_the_box_by_the_shortest_way_ends_in_it():
    """On C51 in 5th, 13 reaches the box P7 by the inside of the last corner (C52 B49 C56 ...);
    the outer lane's longer way would stop the car on P5, short of its box, though no car is in
    the way and braking is off in the pit lane (PIT-B-5): not legal."""
    state = position([car("m", "C51", gear=4, box="P7"), car("far", "A30")], "m", laps=3)
    state, _ = act(state, ChooseGear(gear=5))
    state, _ = rolls(state, 13)
    found = moves(OVAL, state)
    in_pit = [m for m in found if m.end is not None and OVAL.space(m.end).in_pit]
    assert in_pit and all(m.in_box and m.end == "P7" for m in in_pit)
    longer = ("C52", "C53", "C54", "C55", "C56", "C57", "C58", "C59", "P1", "P2", "P3", "P4", "P5")
    reason = illegal(state, Drive(path=longer)).reason
    assert reason.rule == "PIT-B-2" and "drives into it" in reason.english()
