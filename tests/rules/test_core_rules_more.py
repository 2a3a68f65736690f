"""Core and set rules the code names that had no test of their own: CORNER-1 (the stops a
corner asks for), CORE-DANGER-1 (damage markers), WEATHER-2 (the weather before qualifying
and before the race, read on each circuit's barometer) and ORDER-D-2 (level cars: higher
gear, then first arrival). Positions as in fixtures.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Drive, Roll
from rules.ai.registry import DRIVERS
from rules.dice import BLACK_DIE, ForcedDice, Purpose
from rules.engine import chance, moves, new_race
from rules.files.record import same_drivers
from rules.qualifying.session import QualifyingSession
from rules.ruleset import FORMULA_D_BASIC, FORMULA_DE_ADVANCED
from tests.rules.fixtures import OVAL, W, act, car, position, rolls, wear

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.mark.rules("CORNER-1")
def test_CORNER_1_each_corner_asks_for_its_number_of_stops():
    """The oval's Lindenkehre asks for 2 stops and its Seekurve for 1: a car that stops once in
    the Seekurve leaves it freely, a car that stops once in the Lindenkehre has one stop to go."""
    assert [(c.label, c.stops) for c in OVAL.corners] == [("Lindenkehre", 2), ("Seekurve", 1)]
    for space, corner in (("A42", 1), ("A12", 0)):  # the first space of each corner
        assert OVAL.space(space).corner == corner
    state = position([car("m", "B33", gear=4), car("f", "A5", gear=1)], "m")
    state, _ = act(state, ChooseGear(gear=4), Roll(value=11), Drive(path=tuple(f"B{i}" for i in range(34, 45))))
    assert (state.car("m").corner, state.car("m").stops) == (1, 1)
    state = state.model_copy(update={"phase": "gear", "active": "m", "pending": ()})
    state, _ = act(state, ChooseGear(gear=4), Roll(value=12))  # out of the Seekurve: no penalty
    assert any(m.corner is None and not m.overshoot and m.out is None for m in moves(OVAL, state))
    lap = position([car("m", "B9", gear=3), car("f", "A1", gear=1)], "m")
    lap, _ = act(lap, ChooseGear(gear=3), Roll(value=4), Drive(path=("B10", "B11", "B12", "B13")))
    assert (lap.car("m").corner, lap.car("m").stops) == (0, 1)  # one of the two stops made


@pytest.mark.rules("CORE-DANGER-1")
def test_CORE_DANGER_1_body_and_engine_losses_and_retirements_mark_dangerous_spaces():
    """m stops behind f and both collide: f's body loss marks f's space. A 20 in 5th and a
    failed engine check mark the checking car's space; a car that retires marks its own."""
    state = position([car("m", "B21", gear=4), car("f", "B29", gear=3)], "m")
    state, _ = act(state, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
    state, _ = rolls(state, 1, 20)  # f's collision roll fails
    assert state.markers == ("B29",)
    state = position([car("m", "B21", gear=5), car("g", "A5", gear=5, wp=wear(engine=1))], "m")
    state, _ = act(state, ChooseGear(gear=5), Roll(value=20))
    best = max((m for m in moves(OVAL, state) if m.out is None and not m.brakes), key=lambda m: len(m.path))
    state, _ = act(state, Drive(path=best.path))
    state, _ = rolls(state, 3, 4)  # both engine checks fail: m loses one, g its last
    assert state.car("m").wp.engine == W.engine - 1 and state.car("g").status == "out"
    assert state.markers == (best.path[-1], "A5")
    quiet = position([car("m", "B21", gear=4), car("f", "A5", gear=1)], "m")
    quiet, _ = act(quiet, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
    assert quiet.markers == ()  # no loss, no marker


@pytest.mark.rules("WEATHER-2")
def test_WEATHER_2_determined_before_qualifying_and_again_before_the_race_on_the_circuit_barometer():
    """The qualifying session rolls the black die once for its laps; the race rolls it again
    before the grid. The same roll reads differently on each circuit's barometer."""
    rules = FORMULA_DE_ADVANCED
    header = same_drivers(OVAL, rules, 2, 1, seed=1)
    session = QualifyingSession(OVAL, rules, header.entries, 1, dice=ForcedDice([3]), drivers=DRIVERS)
    assert (session.weather_roll, session.barometer, session.wet) == (3, "rain", True)
    race = new_race(OVAL, rules, [("a", rules.default_wear), ("b", rules.default_wear)])
    assert chance(race).die == BLACK_DIE and chance(race).purpose == Purpose.WEATHER
    race, _ = rolls(race, 15)
    assert race.weather is not None and race.weather.condition == "sun"
    hohenau, hafenstadt = load_track(MAPS / "hohenau.tmx"), load_track(MAPS / "hafenstadt.tmx")
    readings = {t.name: [t.weather.condition(v) for v in (5, 11, 14)] for t in (OVAL, hohenau, hafenstadt)}
    assert len({tuple(r) for r in readings.values()}) == 3, readings


@pytest.mark.rules("ORDER-D-2")
def test_ORDER_D_2_level_cars_higher_gear_first_then_first_arrival():
    """Dresden breaks a tie of level cars by the gear, then by who got there first (VAR-1:
    ``first_arrival``), not by the inside lane."""
    rules = FORMULA_D_BASIC.model_copy(update={"tie_break": "first_arrival"})
    assert OVAL.space("A26").row == OVAL.space("C31").row
    gear = position([car("in", "A26", gear=3, arrival=1), car("out", "C31", gear=4, arrival=2)], rules=rules)
    assert gear.active == "out"
    arrival = position([car("in", "A26", gear=3, arrival=5), car("out", "C31", gear=3, arrival=2)], rules=rules)
    assert arrival.active == "out"
    inside = position(
        [car("in", "A26", gear=3, arrival=5), car("out", "C31", gear=3, arrival=2)], rules=FORMULA_D_BASIC
    )
    assert inside.active == "in"  # the basic game's inside rule would differ
