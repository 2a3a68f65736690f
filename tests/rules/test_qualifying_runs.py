"""Two qualifying runs, as the Open may hold them (QUAL-D-13, QUAL-D-2, AMB-45d): each run its own
weather roll, run 2's "variable" as run 1's weather, one grid from each driver's better run (or,
by the other reading, both runs added), and a saved session with both runs replays exactly."""

from __future__ import annotations

import pytest

from rules.ai.registry import DRIVERS
from rules.qualifying.grid import LapResult, combined, grid_order, score
from rules.qualifying.session import QualifyingSession
from rules.ruleset import DRESDEN_OPEN
from tests.rules.test_qualifying import entries, oval


def open_rules(runs: int = 2, combine: str = "best"):
    return DRESDEN_OPEN.model_copy(
        update={"qualifying": DRESDEN_OPEN.qualifying.model_copy(update={"runs": runs, "combine": combine})}
    )


def lap(driver: str, rolls: int, time_ms: int = 200_000, failed: str | None = None) -> LapResult:
    return LapResult(
        driver=driver, name=driver, rolls=rolls, time_ms=time_ms, failed=failed, failure_order=1 if failed else None
    )


@pytest.mark.rules("QUAL-D-13")
def test_QUAL_D_13_every_driver_drives_once_in_each_run_and_each_run_rolls_its_weather():
    session = QualifyingSession(
        oval(), open_rules(), entries("careful", "aggressive", "careful"), seed=5, drivers=DRIVERS
    )
    assert len(session.barometers) == 1
    for _ in range(3):
        session.drive_computer()
    assert session.run == 1 and len(session.barometers) == 2  # run 2's roll, before its first lap
    assert session.next_entry is not None and session.next_entry.id == "car1"  # run 2 in the same order
    for _ in range(3):
        session.drive_computer()
    assert session.done and [r.driver for r in session.results] == ["car1", "car2", "car3"] * 2
    assert session.grid().order and sorted(session.grid().order) == ["car1", "car2", "car3"]
    one = QualifyingSession(oval(), DRESDEN_OPEN, entries("careful", "careful"), seed=5, drivers=DRIVERS)
    one.drive_computer()
    one.drive_computer()
    assert one.done and len(one.barometers) == 1  # the preset holds one run


@pytest.mark.rules("QUAL-D-2", "QUAL-D-13")
@pytest.mark.parametrize(
    "first,second,wet",
    [
        ("sun", "variable", False),
        ("rain", "variable", True),
        ("variable", "variable", False),
        ("sun", "rain", True),
        ("rain", "sun", False),
    ],
)
def test_QUAL_D_2_QUAL_D_13_run_2s_variable_counts_as_run_1s_weather(first: str, second: str, wet: bool):
    session = QualifyingSession(oval(), open_rules(), entries("careful", "careful"), seed=1, drivers=DRIVERS)
    session.barometers = [first, second]  # type: ignore[list-item]
    assert session.wet == (first == "rain")  # run 1: "variable" is dry
    session.results = [lap("car1", 20), lap("car2", 21)]  # run 1 done: run 2 under way
    assert session.run == 1 and session.wet is wet


def test_AMB_45d_each_driver_s_better_run_counts_a_complete_lap_first():
    rules = open_rules().qualifying
    run1 = [lap("a", 20), lap("b", 18, failed="Seekurve"), lap("c", 22)]
    run2 = [lap("a", 23), lap("b", 25), lap("c", 22, time_ms=150_000)]
    best = {r.driver: r for r in combined([run1, run2], rules)}
    assert best["a"] == run1[0] and best["b"] == run2[1] and best["c"] == run2[2]
    assert grid_order(combined([run1, run2], rules), rules, dice=None).order == ("a", "c", "b")


def test_AMB_45d_by_the_other_reading_both_runs_are_added():
    rules = open_rules(combine="sum").qualifying
    run1 = [lap("a", 20, 100_000), lap("b", 18, failed="Seekurve")]
    run2 = [lap("a", 23, 110_000), lap("b", 19)]
    total = {r.driver: r for r in combined([run1, run2], rules)}
    assert (total["a"].rolls, total["a"].time_ms, total["a"].qualified) == (43, 210_000, True)
    assert score(total["a"], rules) == 43 + 3  # 3 full minutes
    assert not total["b"].qualified  # a failed run fails the sum


@pytest.mark.rules("QUAL-D-13")
def test_QUAL_D_13_a_saved_session_of_two_runs_replays_its_laps_weather_and_grid():
    rules = open_rules()
    original = QualifyingSession(oval(), rules, entries("careful", "aggressive"), seed=12, drivers=DRIVERS)
    for _ in range(3):
        original.drive_computer()
    resumed = QualifyingSession.replay(oval(), rules, original.entries, original.seed, original.laps(), drivers=DRIVERS)
    assert resumed.results == original.results and resumed.barometers == original.barometers
    for s in (original, resumed):
        s.drive_computer()
    assert resumed.grid() == original.grid() and resumed.laps() == original.laps()
