"""A level counts the dangerous spaces it cannot get round (CORE-DANGER-2, CORE-DANGER-3): braking
short of a wall of markers only puts the road-holding check off."""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, Roll
from rules.ai.levels import Level
from rules.ai.presets import LEVELS
from rules.ai.race_ahead import dangers_ahead
from rules.ai.registry import computer_action
from rules.engine import apply, moves
from tests.rules.fixtures import OVAL, W, car, position

ROW = 8  # a row of the oval's first straight


def _row(row: int) -> list[str]:
    return sorted(s.name for s in OVAL.spaces if s.row == row and not s.in_pit)


@pytest.mark.rules("CORE-DANGER-3")
def test_CORE_DANGER_3_the_markers_ahead_a_car_cannot_get_round() -> None:
    """Markers on every lane of a row 2 ahead: one check to come, from either space before it; with
    one lane of that row free the car can get round (CORE-DANGER-3); beyond the wall nothing."""
    start = _row(ROW - 2)[0]
    wall = position([car("m", start, gear=1, wp=W)], "m", markers=_row(ROW))
    gap = position([car("m", start, gear=1, wp=W)], "m", markers=_row(ROW)[:-1])
    assert dangers_ahead(OVAL, wall, ROW - 2, start) == 1
    assert dangers_ahead(OVAL, wall, ROW - 2, _row(ROW - 1)[0]) == 1
    assert dangers_ahead(OVAL, gap, ROW - 2, start) == 0
    assert dangers_ahead(OVAL, wall, ROW - 2, _row(ROW + 1)[0]) == 0


@pytest.mark.rules("CORE-DANGER-2")
@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_CORE_DANGER_2_no_level_brakes_to_a_stand_short_of_a_wall_of_markers(level: Level) -> None:
    """In 1st two rows short of markers on every lane, a roll of 2: the check comes this turn or the
    next, so braking short of the wall (or to a stand) only costs brakes; every level drives on."""
    start = next(s for s in _row(ROW - 2) if OVAL.space(s).lane == 1)
    state = position([car("m", start, gear=1, wp=W), car("f", "A40")], "m", markers=_row(ROW))
    state, _ = apply(OVAL, state, ChooseGear(gear=1))
    state, _ = apply(OVAL, state, Roll(value=2))
    assert any(m.brakes for m in moves(OVAL, state)), "the roll leaves braking short as a choice"
    action = computer_action(OVAL, state, level.name)
    assert isinstance(action, Drive)
    chosen = next(m for m in moves(OVAL, state) if m.path == action.path)
    assert chosen.brakes == 0
