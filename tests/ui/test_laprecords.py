"""The lap records database: keeping laps, best laps, ghosts, and damaged or unwritable files."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from game.storage.laprecords import FILE, Ghost, LapRecord, LapRecords
from rules.actions import ChooseGear, Drive, Roll
from rules.qualifying.grid import TimedAction
from rules.ruleset import FORMULA_D_BASIC


def lap(
    driver: str, score: int, time_ms: int, track: str = "h1", variant: str = "fd-basic", ghost: Ghost | None = None
) -> LapRecord:
    return LapRecord(
        track_hash=track,
        track_name=f"Track {track}",
        variant=variant,
        driver=driver,
        rolls=score - 1,
        penalty=1,
        score=score,
        time_ms=time_ms,
        played="2024-05-01T12:00:00",
        ghost=ghost,
    )


GHOST = Ghost(
    rules=FORMULA_D_BASIC,
    tyre="soft",
    wet=False,
    steps=(
        TimedAction(at_ms=0, action=ChooseGear(gear=1)),
        TimedAction(at_ms=900, action=Roll(value=2)),
        TimedAction(at_ms=2400, action=Drive(path=("B2", "B3"))),
    ),
)


def test_laps_are_kept_and_ranked_by_score_then_time(tmp_path: Path) -> None:
    db = LapRecords(tmp_path)
    for record in (
        lap("slow", 24, 263_000),
        lap("fast", 24, 262_000),
        lap("fewer", 23, 400_000),
        lap("other track", 10, 1_000, track="h2"),
        lap("dresden", 5, 1_000, variant="dresden"),
    ):
        db.add(record)
    db.close()
    again = LapRecords(tmp_path)  # read back from the file
    assert [r.driver for r in again.best("h1", "fd-basic")] == ["fewer", "fast", "slow"]
    assert [r.driver for r in again.best("h1")] == ["dresden", "fewer", "fast", "slow"]
    assert again.tracks() == [("h1", "Track h1"), ("h2", "Track h2")]
    assert again.best("h1", limit=1)[0].time_ms == 1_000
    assert again.notices == []


def test_the_ghost_is_stored_as_json_and_read_back(tmp_path: Path) -> None:
    db = LapRecords(tmp_path)
    db.add(lap("no ghost", 20, 100_000))
    db.add(lap("ghost", 21, 100_000, ghost=GHOST))
    best = db.ghost_lap("h1", "fd-basic")
    assert best is not None and best.driver == "ghost" and best.ghost == GHOST
    raw = sqlite3.connect(tmp_path / FILE).execute("SELECT ghost FROM laps WHERE driver = 'ghost'").fetchone()[0]
    assert '"at_ms":2400' in raw and '"kind":"move"' in raw


def test_a_damaged_ghost_drops_only_the_ghost(tmp_path: Path) -> None:
    db = LapRecords(tmp_path)
    db.add(lap("a", 20, 100_000, ghost=GHOST))
    db.close()
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("UPDATE laps SET ghost = '{\"steps\": 5}'")
        raw.execute(
            "INSERT INTO laps (track_hash, track_name, variant, driver, rolls, penalty, score, time_ms, played)"
            " VALUES ('h1', 'T', 'fd-basic', 'junk', 'x', 0, 'many', 0, '')"
        )
    records = LapRecords(tmp_path).best("h1")
    assert [(r.driver, r.ghost) for r in records] == [("a", None)]


@pytest.mark.parametrize("content", [b"this is not a database", b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_corrupt_file_is_set_aside_and_a_new_one_started(tmp_path: Path, content: bytes) -> None:
    (tmp_path / FILE).write_bytes(content)
    (tmp_path / f"{FILE}.corrupt-1").write_bytes(b"an older damaged file")
    db = LapRecords(tmp_path)
    kept = tmp_path / f"{FILE}.corrupt-2"
    assert kept.read_bytes() == content  # kept as it was, next to an older one
    assert [n.key for n in db.notices] == ["notice.records_corrupt"]
    assert db.notices[0].values["kept"] == kept.name
    db.add(lap("a", 20, 100_000))
    assert [r.driver for r in LapRecords(tmp_path).best("h1")] == ["a"]


def test_another_programs_database_is_set_aside(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("CREATE TABLE something (x)")
    db = LapRecords(tmp_path)
    assert [n.key for n in db.notices] == ["notice.records_corrupt"]
    assert (tmp_path / f"{FILE}.corrupt-1").exists()


def test_a_database_from_a_newer_game_is_left_alone_and_this_session_keeps_its_laps(tmp_path: Path) -> None:
    """As the race history and the championships do: a newer game's file is not set aside as corrupt."""
    with sqlite3.connect(tmp_path / FILE) as raw:
        raw.execute("PRAGMA user_version = 99")
    before = (tmp_path / FILE).read_bytes()
    db = LapRecords(tmp_path)
    assert [n.key for n in db.notices] == ["notice.records_newer"] and "newer version" in db.notices[0].text()
    db.add(lap("a", 20, 100_000))
    assert len(db.best("h1")) == 1
    assert (tmp_path / FILE).read_bytes() == before and not list(tmp_path.glob(f"{FILE}.corrupt*"))


def test_a_missing_folder_is_created_without_a_notice(tmp_path: Path) -> None:
    db = LapRecords(tmp_path / "new" / "data")
    db.add(lap("a", 20, 100_000))
    assert db.notices == [] and len(db.best("h1")) == 1


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root ignores file permissions")
def test_a_read_only_folder_keeps_laps_in_memory_with_a_notice(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        db = LapRecords(folder)
        assert [n.key for n in db.notices] == ["notice.records_unavailable"]
        db.add(lap("a", 20, 100_000))
        assert [r.driver for r in db.best("h1")] == ["a"]
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root ignores file permissions")
def test_a_read_only_file_is_read_and_a_new_lap_gives_a_notice(tmp_path: Path) -> None:
    LapRecords(tmp_path).add(lap("a", 20, 100_000))
    (tmp_path / FILE).chmod(0o400)
    try:
        db = LapRecords(tmp_path)
        assert [r.driver for r in db.best("h1")] == ["a"]
        db.add(lap("b", 10, 100_000))
        assert [n.key for n in db.notices] == ["notice.records_not_saved"]
    finally:
        (tmp_path / FILE).chmod(0o600)


def test_a_folder_that_is_a_file_never_crashes(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    db = LapRecords(blocker)
    assert [n.key for n in db.notices] == ["notice.records_unavailable"]
    db.add(lap("a", 20, 100_000))
    assert db.tracks() == [("h1", "Track h1")]
