"""The moves of a face a level plays out when it values a gear (``rules.ai.judging.promising``):
the few that look best at a glance, and one of every other way to stand towards a corner."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Roll
from rules.ai.judging import MOVES_JUDGED, distinct, promising
from rules.ai.position import Position
from rules.ai.presets import CHAMPION
from rules.engine import apply, moves
from tests.rules.fixtures import W, car, position

HOHENAU = load_track(Path(__file__).resolve().parents[2] / "maps" / "hohenau.tmx")


@pytest.mark.rules("CORNER-3", "CORE-BRAKE-1")
def test_a_stop_made_in_a_corner_is_judged_though_longer_moves_look_better() -> None:
    """Hohenau, A114 in 5th with 3 brake WP, a roll of 11: the longest moves end short of the next
    corner or run into the one after without a stop, and look best at a glance (spaces less WP);
    braking all three WP to end in corner 9 makes its stop there (CORNER-3) and is worth more than
    any of them. Every way to stand towards a corner is judged, so the gear's value sees that move."""
    state = position([car("m", "A114", gear=5, wp=W)], "m", track=HOHENAU, laps=1)
    state, _ = apply(HOHENAU, state, ChooseGear(gear=5))
    state, _ = apply(HOHENAU, state, Roll(value=11))
    found = distinct(moves(HOHENAU, state))
    judged = promising(found)
    assert len(found) > len(judged) > MOVES_JUDGED
    assert {(m.corner, m.stops) for m in judged if m.out is None} == {
        (m.corner, m.stops) for m in found if m.out is None
    }
    stop = next(m for m in judged if m.stops == 1)
    assert stop.corner == 9 and stop.brakes == 3
    value = Position(CHAMPION, HOHENAU, state, CHAMPION.prices(HOHENAU, state, state.car("m"))).value
    assert value(stop) > max(value(m) for m in judged[:MOVES_JUDGED])
