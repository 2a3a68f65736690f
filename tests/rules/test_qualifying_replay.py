"""A qualifying session replays from its saved laps: the same laps, the same dice after them, the same grid."""

from __future__ import annotations

import pytest

from rules.ai.registry import DRIVERS
from rules.engine import chance
from rules.files.record import RecordError
from rules.qualifying.session import DrivenLap, QualifyingSession
from rules.ruleset import PRESETS
from tests.rules.test_qualifying import entries, oval


def test_a_session_replays_from_its_laps_and_draws_the_dice_it_would_have() -> None:
    rules = PRESETS["fde-advanced"]  # weather rolled for the session, tyres chosen per lap
    original = QualifyingSession(oval(), rules, entries("careful", "aggressive", "careful"), seed=9, drivers=DRIVERS)
    original.drive_computer()
    lap = original.start_lap()
    for t in range(5):  # the second driver is half-way through the lap when the game stops
        if chance(lap.state) is not None:
            lap.roll(100 * t)
        else:
            lap.act(lap.computer_choice()[0], 100 * t)
    saved = original.laps()
    assert [d.time_ms is None for d in saved] == [False, True]
    resumed = QualifyingSession.replay(oval(), rules, original.entries, original.seed, saved, drivers=DRIVERS)
    assert resumed.results == original.results and resumed.weather_roll == original.weather_roll
    assert resumed.lap is not None and resumed.lap.state == lap.state and resumed.laps() == saved
    for s in (original, resumed):  # the rest of the session, driven on both: as if never stopped
        assert s.lap is not None
        s.finish_lap(s.lap.drive_computer("first_roll"))
        s.drive_computer()
    assert resumed.results == original.results and resumed.grid() == original.grid()


def test_laps_that_do_not_fit_the_session_are_refused() -> None:
    session = QualifyingSession(oval(), PRESETS["fd-basic"], entries("careful", "careful"), seed=3, drivers=DRIVERS)
    session.drive_computer()
    first = session.laps()[0]
    with pytest.raises(RecordError, match="does not drive now"):
        QualifyingSession.replay(oval(), session.rules, session.entries, 3, (first, first), drivers=DRIVERS)
    unfinished = DrivenLap(driver="car1", steps=first.steps[:2], time_ms=1000)
    with pytest.raises(RecordError, match="did not end"):
        QualifyingSession.replay(oval(), session.rules, session.entries, 3, (unfinished,), drivers=DRIVERS)
