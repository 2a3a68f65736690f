"""The order in which a turn resolves (MASTERS-TURN-1..14, chosen for every rule set: AMB-48)."""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, Roll
from rules.dice import Purpose
from rules.engine import apply, chance, moves
from tests.rules.test_odds import TRACK, position


@pytest.mark.rules("MASTERS-TURN-1", "MASTERS-TURN-2", "MASTERS-TURN-3", "MASTERS-TURN-4")
def test_MASTERS_TURN_1_to_4_gear_then_cost_then_roll():
    """Declare the gear (1-2), strike skip costs at once (3), then the die is rolled (4)."""
    state = position("A40", 5)
    s, events = apply(TRACK, state, ChooseGear(gear=3))  # 5 -> 3 skips one gear: 1 gearbox WP
    assert s.car("a").wp.gearbox == state.car("a").wp.gearbox - 1
    assert s.phase == "roll" and chance(s) is not None and chance(s).purpose == Purpose.GEAR
    assert [e.kind for e in events] == ["gear"]


@pytest.mark.rules("CORE-ENGINE-1", "CORE-ENGINE-2", "MASTERS-TURN-9", "MASTERS-TURN-13", "MASTERS-TURN-14")
def test_MASTERS_TURN_9_13_14_AMB_48_checks_follow_the_move_in_order():
    """Road holding (9) before collisions (13) before engine checks (14), all after the car stops."""
    state = position("B21", 5)  # 20 spaces down the back straight stay before the Seekurve
    s, _ = apply(TRACK, state, ChooseGear(gear=5))
    s, _ = apply(TRACK, s, Roll(value=20))  # a natural 20 in 5th: engine checks (CORE-ENGINE-1)
    assert s.engine_trigger
    plain = max((m for m in moves(TRACK, s) if m.out is None and not m.blocked), key=lambda m: len(m.path))
    path = plain.path
    other = next(n for n in TRACK.beside(path[-1]))
    s = s.model_copy(update={"markers": (path[3],)})
    s = s.with_car(s.car("b").model_copy(update={"space": other, "gear": 5}))
    move = next(m for m in moves(TRACK, s) if m.path == path)
    assert move.dangers == 1
    after, _ = apply(TRACK, s, Drive(path=path))
    purposes = [c.purpose for c in after.pending]
    assert purposes[0] == Purpose.ROAD_HOLDING
    assert purposes.index(Purpose.COLLISION) < purposes.index(Purpose.ENGINE)
    assert purposes.count(Purpose.ENGINE) == 2  # the mover and car b, also in 5th (CORE-ENGINE-2)
    assert purposes[-1] == Purpose.ENGINE
