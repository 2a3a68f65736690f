"""What the levels see in a move into the pit lane: the tyres are restored on entry, so the tyre WP
worn on the way in cost nothing (PIT-B-8), and a move that reaches the box makes the stop there,
whether the level planned one or not (PIT-B-4)."""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Roll
from rules.ai.levels import Level
from rules.ai.position import Position
from rules.ai.presets import CHAMPION, RACER, ROOKIE
from rules.engine import apply, moves
from rules.ruleset import FORMULA_D_MODULES
from rules.state import RaceState
from tests.rules.fixtures import OVAL, W, car, position

SETUP = W.model_copy(update={"tyres": 10})  # an own car (OPT-CAR-1) with 10 tyre WP


def _rolled(tyres: int) -> RaceState:
    """On the Seekurve's last space (C57) in 3rd, its stop not made, lap 1 of 3: a roll of 6 drives
    C58, C59 and into the pit lane to box P4, six spaces past the corner (six tyre WP, CORNER-6)."""
    me = car("m", "C57", gear=3, box="P4", wp=SETUP.model_copy(update={"tyres": tyres}), setup=SETUP, corner=1)
    state = position([me, car("f", "A30")], "m", rules=FORMULA_D_MODULES)
    state, _ = apply(OVAL, state, ChooseGear(gear=3))
    return apply(OVAL, state, Roll(value=6))[0]


@pytest.mark.rules("PIT-B-8", "PIT-B-4", "CORE-PIT-1")
@pytest.mark.parametrize("level", [CHAMPION, RACER, ROOKIE], ids=lambda lv: lv.name)
def test_a_move_into_the_box_is_worth_the_stop_whatever_tyres_it_wore_on_the_way_in(level: Level) -> None:
    """The move into box P4 wears six tyre WP, restored as the car enters the pit lane: it is worth
    the same with 10 or 7 tyre WP before the roll, and exactly its spaces plus the stop at the box
    (no risk on the way: no car near, no danger marker)."""
    values = []
    for tyres in (10, 7):
        state = _rolled(tyres)
        into_box = next(m for m in moves(OVAL, state) if m.in_box)
        assert into_box.tyres == 6 and into_box.out is None
        car_ = state.car("m")
        prices = level.prices(OVAL, state, car_)
        stop = level.stop_value(OVAL, state, car_, car_.wp.brakes, prices, level.depth)
        value = Position(level, OVAL, state, prices).value(into_box)
        assert value == pytest.approx(len(into_box.path) + stop)
        values.append(value)
    assert values[0] == values[1]


@pytest.mark.rules("PIT-B-8")
def test_with_worn_tyres_the_racer_takes_the_box_over_wearing_them_out_on_the_track() -> None:
    """With 7 tyre WP, every move on along the track wears 3-6 of them; the box restores all 10 and
    the Racer turns in, where it used to price the six worn on the way in and stay out."""
    state = _rolled(7)
    chosen = RACER.choose_move(OVAL, state, moves(OVAL, state))
    assert chosen.in_box
