"""Tyre and brake wear under the Dresden preset, through the engine.

Rules: WEAR-D-1, WEAR-D-3, WEAR-D-4 (TAB-TYRE-D, TYRE-D-2..4). On the shipped oval a car in
lane A at A41 in 3rd gear that rolls 8 runs A42-A43, through the whole Seekurve (1 stop,
A44-A47) without stopping and 2 spaces beyond its end line (A48, A49): 2 spaces flown out.
"""

from __future__ import annotations

import pytest

from rules.reasons import Code
from rules.tables.tyres import Tyre
from tests.rules.fixtures import DW, D, dcar, kinds, position, turn


def flying_out(tyre: Tyre, crossings: int = 1, tyres: int = 6, weather=None):
    mover = dcar("m", "A41", 3, crossings=crossings, tyre=tyre, wp=DW.model_copy(update={"tyres": tyres}))
    state = position([mover, dcar("x", "C5", crossings=crossings)], "m", rules=D)
    return state.model_copy(update={"weather": weather})


@pytest.mark.rules("WEAR-D-1", "TYRE-D-2", "TYRE-D-3", "TYRE-D-4")
@pytest.mark.parametrize(
    ("tyre", "crossings", "end", "lost"),
    [
        (Tyre.HARD, 1, "A49", 2),  # TYRE-D-2: 1 per space
        (Tyre.SOFT, 1, "A49", 4),  # TYRE-D-3: 2 per space in laps 1 and 2 on the set
        (Tyre.SOFT, 2, "A49", 4),
        (Tyre.SOFT, 3, "A48", 3),  # its 3rd lap: 3 per space, and 1 space less per turn (7, 1 out)
        (Tyre.RAIN, 1, "A49", 4),  # TYRE-D-4: 2 per space in sun
    ],
)
def test_WEAR_D_1_leaving_a_corner_with_a_stop_missing_costs_tyre_WP_per_space_by_tyre(tyre, crossings, end, lost):
    state, ev = turn(flying_out(tyre, crossings), 3, 8, end, overshoot=2 if end == "A49" else 1)
    assert state.car("m").wp.tyres == 6 - lost
    assert [e.data for e in kinds(ev, "wear")] == [{"area": "tyres", "lost": lost, "left": 6 - lost}]


@pytest.mark.rules("WEAR-D-1")
def test_WEAR_D_1_rain_tyres_in_rain_cost_1_per_space():
    from rules.tables.weather import Weather

    state, _ = turn(flying_out(Tyre.RAIN, weather=Weather(condition="rain")), 3, 8, "A49", overshoot=2)
    assert state.car("m").wp.tyres == 4


@pytest.mark.rules("CORNER-6", "WEAR-D-3")
def test_WEAR_D_3_more_tyre_WP_than_are_left_and_the_driver_retires_with_tyre_failure():
    state, _ = turn(flying_out(Tyre.SOFT, tyres=3), 3, 8, "A49", overshoot=2)
    m = state.car("m")
    assert m.status == "out" and (m.out.rule, m.out.code) == ("CORNER-6", Code.TYRES_GONE)


@pytest.mark.rules("WEAR-D-4")
def test_WEAR_D_4_brake_WP_drive_fewer_spaces_than_rolled_one_per_space():
    state, ev = turn(flying_out(Tyre.HARD), 3, 8, "A47", brakes=2)
    m = state.car("m")
    assert m.wp.brakes == DW.brakes - 2 and m.wp.tyres == 6 and m.corner is not None
