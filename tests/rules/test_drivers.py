"""Computer drivers: deterministic, and the careful one never risks its race needlessly."""

from __future__ import annotations

import pytest

from rules.ai.classic import AGGRESSIVE, CAREFUL
from rules.engine import gear_options, moves
from rules.gears import ShiftCost
from rules.odds import gear_odds
from tests.rules.test_odds import TRACK, position


def test_drivers_are_deterministic():
    state = position("B8", 4)
    assert CAREFUL.choose_gear(TRACK, state) == CAREFUL.choose_gear(TRACK, state)
    assert AGGRESSIVE.choose_gear(TRACK, state) == AGGRESSIVE.choose_gear(TRACK, state)


def test_careful_driver_takes_no_risk_when_a_safe_gear_exists():
    for space, gear, tyres in (("B8", 5, 1), ("B8", 4, 2), ("B10", 3, 1), ("A40", 5, 6)):
        state = position(space, gear, tyres=tyres)
        odds = gear_odds(TRACK, state)
        chosen = CAREFUL.choose_gear(TRACK, state)
        if any(o.out == 0 for o in odds.values()):
            assert odds[chosen].out == 0, (space, gear, chosen)
        assert isinstance(gear_options(TRACK, state)[chosen], ShiftCost)


def test_careful_driver_brakes_into_the_corner_rather_than_crash():
    """In the Lindenkehre with 1 of 2 stops and no tyres to spare, it stays in the corner."""
    state = position("B14", 2, stops=1, corner=0, tyres=1)
    from rules.actions import ChooseGear, Roll
    from rules.engine import apply

    s, _ = apply(TRACK, state, ChooseGear(gear=2))
    s, _ = apply(TRACK, s, Roll(value=4))
    move = CAREFUL.choose_move(TRACK, s, moves(TRACK, s))
    assert move.out is None
    assert move.corner == 0


@pytest.mark.rules("TYRE-2")
def test_a_careful_driver_heads_for_the_pits_on_slicks_when_it_rains():
    """TYRE-2: hard tyres slide 3 spaces after every stop in a corner in rain, so a driver on
    slicks at the end of lap 1 keeps to the pit-entry lane, as with worn tyres."""
    from rules.ruleset import FORMULA_D_BASIC
    from rules.tables.tyres import Tyre
    from rules.tables.weather import Weather
    from tests.rules.fixtures import OVAL, car, position

    rules = FORMULA_D_BASIC.model_copy(update={"tyres": "C", "weather": True})
    for tyre, condition, pits in (
        (Tyre.HARD, "rain", True),
        (Tyre.RAIN, "rain", False),
        (Tyre.RAIN, "sun", True),
        (Tyre.HARD, "sun", False),
    ):
        state = position([car("m", "C50", tyre=tyre, box="P4"), car("f", "A30")], "m", rules=rules, laps=2)
        state = state.model_copy(update={"weather": Weather(condition=condition)})
        assert (CAREFUL.pit_lane(OVAL, state, state.car("m")) is not None) == pits
