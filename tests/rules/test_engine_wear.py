"""Wear points and elimination through the engine, and the spin.

Rules: CORE-WEAR-1..3, TAB-OUT (every elimination, each with its reason),
CORNER-5..7, FD08-SPIN-1..2 (AMB-16), CORE-BLOCK-1..3, CORE-GEAR-6.

SUGGESTION followed: AMB-16 (the spin counts spaces beyond the end line; a
blocked-lane tyre loss to 0 is no spin in B).

Geometry on the oval: lane A runs A11 (row 10) into the Lindenkehre
(2 stops, A12-A17) and out on A18; A41 (row 45) into the Seekurve
(1 stop, A42-A47) and out on A48.
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear
from rules.car import AREAS_B, Area
from rules.classify import classification
from rules.engine import gear_options, moves
from rules.gears import ShiftCost
from rules.reasons import Code, Reason
from tests.rules.fixtures import (
    OVAL,
    W,
    act,
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

ROW_30 = [car("x", "A26"), car("y", "B28"), car("z", "C31")]  # the whole of row 30: nobody gets past


@pytest.mark.rules("CORE-WEAR-1")
def test_CORE_WEAR_1_a_basic_car_has_the_six_areas_of_rule_set_B():
    assert set(AREAS_B) == {Area.TYRES, Area.BRAKES, Area.GEARBOX, Area.BODY, Area.ENGINE, Area.ROAD_HOLDING}
    assert all(W[a] > 0 for a in AREAS_B) and W.fuel == 0


# --- TAB-OUT: every elimination, with its reason ---------------------------------------------
#
# Each case: the mover's set-up, its start space, gear, roll and the end of its move; the other
# cars; the checks to roll after the move; the rule and code the car retires with.

ELIMINATIONS = {
    "missed stops": (W, "A11", 3, 7, "A18", [], (), "CORNER-5", Code.MISSED_STOPS),
    "more tyre WP than left": (wear(tyres=1), "A41", 3, 8, "A49", [], (), "CORNER-6", Code.TYRES_GONE),
    "last tyre WP, overshoot > 1": (wear(tyres=2), "A41", 3, 8, "A49", [], (), "FD08-SPIN-2", Code.SPIN_TOO_FAR),
    "blocked 7 or more spaces": (W, "A22", 5, 11, "A25", ROW_30, (), "CORE-BLOCK-2", Code.BLOCKED_TOO_FAR),
    "blocked, WP not enough": (wear(tyres=1), "A22", 4, 8, "A25", ROW_30, (), "CORE-BLOCK-3", Code.BLOCKED_UNPAID),
    "last body WP": (wear(body=1), "A22", 2, 3, "A25", ROW_30, (20, 1), "CORE-COLL-3", Code.AREA_GONE),
    "last road-holding WP": (wear(road_holding=1), "A18", 3, 7, "A25", [], (4,), "CORE-DANGER-4", Code.AREA_GONE),
    "last engine WP": (wear(engine=1), "A18", 5, 20, "A38", [], (20, 1), "CORE-ENGINE-3", Code.AREA_GONE),
}


@pytest.mark.rules("FD08-DANGER-1")
@pytest.mark.parametrize("case", list(ELIMINATIONS))
def test_TAB_OUT_each_elimination_ends_the_race_with_its_reason(case: str):
    wp, start, gear, roll, end, others, checks, rule, code = ELIMINATIONS[case]
    cars = [car("m", start, gear=gear, wp=wp), *others, car("far", "C2")]
    state = position(cars, "m", markers=["A21"])  # one dangerous space on lane A
    state, ev = turn(state, gear, roll, end) if checks else turn(state, gear, roll, end, out=_out(rule))
    state, ev2 = rolls(state, *checks, *[20] * (len(state.pending) - len(checks)))
    m = state.car("m")
    assert m.status == "out" and m.out is not None and (m.out.rule, m.out.code) == (rule, code), m.out
    assert m.out_round == 2 and m.space == end
    assert [e.data["rule"] for e in kinds(ev + ev2, "out")] == [rule]
    assert end in state.markers  # FD08-DANGER-1: the retirement marks its space
    place = next(p for p in classification(OVAL, state) if p.car == "m")
    assert place.status == "out" and place.reason == m.out and place.reason.english()
    order, _ = turn_order(state, 2 * len(state.cars))
    assert "m" not in order  # out of the race: no more turns


class _out:  # noqa: N801 - matches a Move's ``out`` by its rule, for ``move_to``
    def __init__(self, rule: str) -> None:
        self.rule = rule

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and other.rule == self.rule


@pytest.mark.rules("CORE-WEAR-2", "CORE-WEAR-3")
def test_CORE_WEAR_2_only_body_engine_and_road_holding_end_the_race_at_zero():
    """Brakes, gearbox and tyres at 0 leave the car racing (CORE-WEAR-3)."""
    cars = [car("m", "A22", gear=3, wp=wear(brakes=3, tyres=1)), *ROW_30]
    state, _ = turn(position(cars, "m"), 4, 7, "A25")  # 4 spaces short: 3 brakes + 1 tyre
    m = state.car("m")
    assert (m.wp.brakes, m.wp.tyres, m.status, m.spun) == (0, 0, "racing", False)  # AMB-16c: no spin


@pytest.mark.rules("CORE-BRAKE-2", "CORE-WEAR-3")
def test_CORE_WEAR_3_without_brake_WP_the_car_can_no_longer_brake():
    cars = [car("m", "A22", gear=3, wp=wear(brakes=1)), *ROW_30]
    state, _ = turn(position(cars, "m"), 3, 4, "A25")  # 1 space short: the last brake WP
    assert state.car("m").wp.brakes == 0 and state.car("m").status == "racing"
    free = position([car("m", "A22", gear=3, wp=wear(brakes=0)), car("far", "C2")], "m")
    free, _ = act(free, ChooseGear(gear=3))
    free, _ = rolls(free, 8)
    assert {len(mv.path) for mv in moves(OVAL, free)} == {8}  # CORE-BRAKE-2: the full roll only


@pytest.mark.rules("CORE-GEAR-6", "CORE-WEAR-3")
def test_CORE_WEAR_3_CORE_GEAR_6_without_gearbox_WP_only_one_gear_down():
    state = position([car("m", "A22", gear=5, wp=wear(gearbox=1)), car("far", "C2")], "m")
    state, _ = turn(state, 3, 4, "A26")  # 5 -> 3 skips one gear: the last gearbox WP
    m = state.car("m")
    assert m.wp.gearbox == 0 and m.status == "racing"
    while state.active != "m":
        state, _ = quiet_turn(state)
    options = gear_options(OVAL, state)
    assert isinstance(options[2], ShiftCost) and options[2].cost == {}
    assert not isinstance(options[1], ShiftCost) and options[1].rule == "CORE-GEAR-6"


@pytest.mark.rules("CORE-BLOCK-1")
def test_CORE_BLOCK_1_a_blocked_car_pays_the_table_and_stays_in():
    cars = [car("m", "A22", gear=4), *ROW_30]
    state, ev = turn(position(cars, "m"), 4, 9, "A25")  # 6 spaces short: 3 brakes + 3 tyres
    m = state.car("m")
    assert (m.wp.brakes, m.wp.tyres, m.status) == (0, 3, "racing")
    assert [(e.data["area"], e.data["lost"]) for e in kinds(ev, "wear")] == [("brakes", 3), ("tyres", 3)]


# --- CORNER-7, FD08-SPIN-1 ---------------------------------------------------------------------


def spun() -> tuple:
    cars = [car("m", "A41", gear=3, wp=wear(tyres=1)), car("far", "C2")]
    state, ev = turn(position(cars, "m"), 3, 7, "A48")  # 1 space out of the Seekurve: the last tyre WP
    return state, ev


@pytest.mark.rules("CORNER-7", "FD08-SPIN-1")
def test_CORNER_7_FD08_SPIN_1_losing_the_last_tyre_WP_exactly_spins_the_car():
    state, ev = spun()
    m = state.car("m")
    assert (m.status, m.spun, m.wp.tyres, m.space) == ("racing", True, 0, "A48")
    assert [e.data for e in kinds(ev, "spin")] == [{"space": "A48"}]


@pytest.mark.rules("FD08-SPIN-1")
def test_FD08_SPIN_1_the_spun_car_continues_in_1st_gear_on_its_next_turn():
    state, _ = spun()
    while state.active != "m":
        state, _ = quiet_turn(state)
    options = gear_options(OVAL, state)
    assert [g for g, o in options.items() if isinstance(o, ShiftCost)] == [1]
    assert illegal(state, ChooseGear(gear=3)).reason.code == Code.NOT_FROM_GEAR_ZERO
    state, _ = act(state, ChooseGear(gear=1))
    assert state.car("m").spun is False and state.car("m").gear == 1


@pytest.mark.rules("FD08-SPIN-1")
def test_FD08_SPIN_1_a_spin_is_no_elimination_and_no_marker():
    state, _ = spun()
    assert state.markers == () and pending(state) == []
