"""The computer drivers' approach to a basic pit stop (PIT-B-2): a roll must reach the box, so a
car that wants a stop chooses gears that reach its box or stay short of the pit entry."""

from __future__ import annotations

import pytest

from rules.ai.levels import LEVELS
from rules.drivers import CAREFUL, MISSED_STOP, _pit_progress, _turn_in_chance
from rules.engine import moves, rolled
from rules.session import computer_action
from tests.rules.test_engine import OVAL, W, car, position

WORN = W.model_copy(update={"tyres": 2})  # worn tyres: every driver wants a stop (rules.drivers)


def _at(space: str, gear: int, box: str, wp=WORN, **kw):
    """The car ``m`` on the oval in lap 1 of 3, corner 1's stop made, another car far away."""
    cars = [car("m", space, gear=gear, box=box, wp=wp, crossings=1, corner=1, stops=1, **kw), car("f", "B10")]
    return position(cars, "m", laps=3)


@pytest.mark.parametrize(
    ("entry", "box", "gear", "chance"),
    [
        (3, 13, 5, 1.0),  # 6th's 21-30 all reach the box
        (3, 13, 3, 0.0),  # 2nd-4th pass the entry or stop on it, too slow to reach the box from there
        (0, 10, 3, 0.5),  # on the entry: 4th reaches 10 with 10, 11 or 12, half its faces
        (0, 10, 4, 1.0),  # ... 5th always
        (9, 19, 4, (2 * 0.9 + 2 * 1.0 + 2 * 1.0) / 12),  # 4th's 7/8 end 2/1 short, its 9 on the entry; 5th turns in from there
        (14, 24, 5, 0.7),  # 6th: 24-30; 5th stays short with 11-14 only, 0.4
    ],
)
def test_PIT_B_2_the_chance_of_still_making_the_stop_worked_out_by_hand(entry: int, box: int, gear: int, chance: float) -> None:
    """PIT-B-2 (no exact roll: at least the spaces to the box), CORE-GEAR-1 (one gear up or down
    a turn for free): the chance, over this and the next turns, of a roll that reaches the box
    before one drives past the entry."""
    assert _turn_in_chance(_at("C40", 3, "P4"), entry, box, gear) == pytest.approx(chance)


def test_PIT_B_2_driving_past_the_entry_loses_a_wanted_stop_and_only_a_wanted_one() -> None:
    """From C55, 4 short of the oval's pit entry C59 with the box P10 10 further: a roll of 7
    drives past (the whole ``MISSED_STOP``), 14 ends in the box (nothing lost); with fresh tyres
    no stop is wanted and driving past costs nothing."""
    worn = _at("C55", 5, "P10")
    past = next(m for m in moves(OVAL, rolled(OVAL, worn, 11)) if not m.in_box)
    assert _pit_progress(OVAL, worn, past, 11, CAREFUL) == -MISSED_STOP
    box = [m for m in moves(OVAL, rolled(OVAL, worn, 14)) if m.in_box]
    assert box and _pit_progress(OVAL, worn, box[0], 14, CAREFUL) == 0.0
    fresh = _at("C55", 5, "P10", wp=W)
    assert _pit_progress(OVAL, fresh, past, 11, CAREFUL) == 0.0


@pytest.mark.parametrize("driver", [CAREFUL.name, *(lv.name for lv in LEVELS)])
def test_PIT_B_2_every_driver_that_wants_a_stop_stays_short_of_the_entry_rather_than_drive_past(driver: str) -> None:
    """C55 in 2nd, the box P4 8 spaces on: 3rd's 4-8 drives past the entry with 5, 6 or 7 (and
    reaches the box only with an 8), while 2nd's 2-4 ends short of the entry or on it, from where
    next turn's 3rd reaches the box. With fresh tyres (no stop wanted) the same drivers take 3rd."""
    assert computer_action(OVAL, _at("C55", 2, "P4"), driver).gear == 2
    assert computer_action(OVAL, _at("C55", 2, "P4", wp=W), driver).gear == 3
