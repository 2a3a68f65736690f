"""Every qualifying lap and every race ends within the bounds the rules justify (rules.run.liveness):
a lap that stands still ends (AMB-70), a computer driver never brakes its lap to a standstill,
and over random seeds laps and races stay within their bounds."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.load import load_track
from rules.actions import ChooseGear, Drive, Roll
from rules.ai.registry import DRIVERS
from rules.engine import chance, moves
from rules.files.record import same_drivers
from rules.qualifying import session as qualifying_session
from rules.qualifying.session import QualifyingLap, QualifyingSession, UnfinishedLap
from rules.ruleset import PRESETS, preset
from rules.run import session
from rules.run.liveness import lap_bound, race_bound
from rules.run.session import UnfinishedRace
from rules.run.simulation import QUALIFYING_SEED, play, race_header
from rules.track import Track
from tests.conftest import REPO
from tests.rules.test_qualifying import entries, oval


@cache
def shipped(name: str) -> Track:
    return load_track(REPO / "maps" / f"{name}.tmx")


def drive(lap: QualifyingLap, bound: int) -> None:
    """The computer's lap, at most ``bound`` turns (a lap that runs on fails the test, never hangs it)."""
    for _ in range(bound * 8):
        if lap.done:
            return
        if chance(lap.state) is not None:
            lap.roll(0)
            continue
        action, _ = lap.computer_choice()
        lap.act(action, 0)
    raise AssertionError(f"the lap did not end in {bound} turns: {lap.state.lap}")


@pytest.mark.rules("QUAL-1")
def test_AMB_70_a_qualifying_turn_that_ends_where_it_began_ends_the_lap_not_finished():
    session = QualifyingSession(oval(), PRESETS["fde-advanced"], entries("racer", "racer"), seed=3, drivers=DRIVERS)
    lap = session.start_lap()
    start = lap.state.cars[0].space
    lap.act(ChooseGear(gear=1), 0)
    lap.act(Roll(value=1), 0)
    still = [m for m in moves(oval(), lap.state) if not m.path]
    assert still, "braking is free in qualifying (QUAL-1): the car may brake to a standstill"
    lap.act(Drive(path=(), via="roll"), 0)
    assert lap.done and lap.state.lap is not None and lap.state.lap.stood_still
    assert lap.state.cars[0].space == start
    result = session.finish_lap(1000)
    assert not result.qualified and not result.finished and result.failed is None  # AMB-45c: behind the grid


def test_AMB_70_the_hohenau_computer_lap_in_the_wet_moves_on_and_crosses_the_line():
    """The lap that stood still for ever: car1, rain tyres, 1st gear on B11 (seed 4663, fde-advanced)."""
    track = shipped("hohenau")
    header = same_drivers(track, preset("fde-advanced"), 10, 2, 4663, "racer")
    session = QualifyingSession(track, header.rules, header.entries, header.seed ^ QUALIFYING_SEED, drivers=DRIVERS)
    assert session.wet
    lap = session.start_lap()
    drive(lap, lap_bound(track))
    assert lap.state.lap is not None and lap.state.lap.finished and not lap.state.lap.stood_still


@settings(max_examples=4, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    key=st.sampled_from(sorted(PRESETS)),
    level=st.sampled_from(("rookie", "racer", "champion")),
)
def test_AMB_70_every_qualifying_lap_and_race_ends_within_its_bound(seed: int, key: str, level: str):
    track = oval()
    rules = PRESETS[key].model_copy(update={"grid": "qualifying"})
    header, quali = race_header(track, rules, 2, 1, seed, level, DRIVERS)
    assert quali is not None
    assert all(r.rolls <= lap_bound(track) for r in quali.results)
    session = play(track, header, DRIVERS)
    assert session.state.finished and session.state.round <= race_bound(track, header)


def test_a_race_or_a_computer_lap_past_its_bound_stops_with_a_message_instead_of_running_on(monkeypatch):
    monkeypatch.setattr(session, "race_bound", lambda track, header: 2)
    with pytest.raises(UnfinishedRace, match="ran past its bound of 2 game rounds"):
        play(oval(), same_drivers(oval(), PRESETS["fd-basic"], 2, 1, 5, "racer"), DRIVERS)
    monkeypatch.setattr(qualifying_session, "lap_bound", lambda track: 3)
    quali = QualifyingSession(oval(), PRESETS["fde-advanced"], entries("racer", "racer"), seed=3, drivers=DRIVERS)
    with pytest.raises(UnfinishedLap, match="did not end in 3 turns"):
        quali.drive_computer()
