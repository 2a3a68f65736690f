"""Autosave and resume: the record after every action; a damaged save falls back to the previous one."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.play.race_control import RaceControl, Wait
from game.storage.saves import SaveProblem, SaveSlot
from game.texts import Notice
from game.tracks.load import load_track
from rules.files.record import SCHEMA_VERSION, Record, load
from rules.qualifying.session import QualifyingRecord
from rules.track import Track
from tests.ui.helpers import board_of, header, human_step, oval, play_until


def race_of(save: Record | QualifyingRecord, slot: SaveSlot | None = None, track: Track | None = None) -> RaceControl:
    """The race a save holds, replayed as the game resumes it (every save here is a race's)."""
    assert isinstance(save, Record), "a qualifying save"
    return RaceControl.resume(track or oval(), save, slot)


def started(tmp_path: Path, steps: int = 25) -> tuple[RaceControl, SaveSlot]:
    slot = SaveSlot(tmp_path)
    control = RaceControl.start(oval(), header(), slot)
    for _ in range(steps):
        human_step(control)
    return control, slot


def test_every_action_is_saved_and_the_previous_save_kept(tmp_path: Path) -> None:
    control, slot = started(tmp_path)
    assert load(slot.current) == control.session.record()
    assert load(slot.previous).actions == control.session.record().actions[:-1]


def test_resume_restores_the_same_state_and_the_same_dice(tmp_path: Path) -> None:
    control, slot = started(tmp_path, 40)
    resumed, notices = SaveSlot(tmp_path).resume(lambda r: race_of(r))
    assert notices == [] and resumed is not None
    assert resumed.state == control.state
    # the race goes on exactly as it would have: the same dice, the same choices
    for _ in range(30):
        human_step(control)
        human_step(resumed)
    assert resumed.state == control.state
    assert resumed.session.record() == control.session.record()


def test_a_corrupt_save_gives_a_notice_and_the_previous_save_is_used_and_kept(tmp_path: Path) -> None:
    control, slot = started(tmp_path)
    good_previous = slot.previous.read_bytes()
    slot.current.write_text('{"header": {"schema_version": 1, "track_na')
    fresh = SaveSlot(tmp_path)
    resumed, notices = fresh.resume(lambda r: race_of(r, fresh))
    assert resumed is not None
    assert [n.key for n in notices] == ["notice.save_corrupt", "notice.save_fallback"]
    assert "not JSON" in notices[0].text()
    assert resumed.session.record() == load(slot.previous)
    assert slot.previous.read_bytes() == good_previous
    # playing on overwrites the broken file but never the good previous save
    human_step(resumed)
    assert slot.previous.read_bytes() == good_previous
    assert load(slot.current) == resumed.session.record()
    human_step(resumed)
    assert load(slot.previous).actions == resumed.session.record().actions[:-1]


def test_a_save_that_does_not_replay_is_refused_with_the_reason(tmp_path: Path) -> None:
    control, slot = started(tmp_path)
    record = load(slot.current)
    bad = record.model_copy(update={"actions": record.actions + record.actions[-1:]})
    slot.current.write_text(bad.model_dump_json())
    resumed, notices = SaveSlot(tmp_path).resume(lambda r: race_of(r))
    assert resumed is not None and notices[0].key == "notice.save_corrupt"
    assert "does not replay" in notices[0].text()


def test_nothing_readable_gives_notices_and_no_race(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.current.write_text("garbage")
    slot.previous.write_text("more garbage")
    resumed, notices = slot.resume(lambda r: race_of(r))
    assert resumed is None
    assert [n.key for n in notices] == ["notice.save_corrupt", "notice.save_corrupt", "notice.save_nothing"]
    assert slot.current.read_text() == "garbage" and slot.previous.read_text() == "more garbage"


def test_a_missing_track_is_reported(tmp_path: Path) -> None:
    started(tmp_path, 3)

    def no_track(record: Record | QualifyingRecord) -> RaceControl:
        raise SaveProblem(Notice("notice.save_track_missing", {"track": record.header.track_name}))

    resumed, notices = SaveSlot(tmp_path).resume(no_track)
    assert resumed is None
    assert notices[0].key == "notice.save_track_missing" and "Lindenring Oval" in notices[0].text()


def test_a_finished_race_clears_the_save(tmp_path: Path) -> None:
    control, slot = started(tmp_path, 0)
    play_until(control, lambda c: c.wait() == Wait.DONE)
    assert load(slot.current) == control.session.record()
    slot.clear()
    assert not slot.exists()


def test_race_json_as_a_folder_is_named_at_once_and_the_previous_save_is_used(tmp_path: Path) -> None:
    _, slot = started(tmp_path, 4)
    slot.current.unlink()
    slot.current.mkdir()
    resumed, notices = SaveSlot(tmp_path).resume(lambda r: race_of(r))
    assert resumed is not None and resumed.session.record() == load(slot.previous)
    assert [n.key for n in notices] == ["notice.save_not_a_file", "notice.save_fallback"]
    assert str(slot.current) in notices[0].text() and "delete" in notices[0].text()


def test_an_endless_or_huge_save_is_refused_without_reading_it(tmp_path: Path) -> None:
    """The game reads a save only within the size limit of a save; a pipe
    named race.json (not a plain file) and a sparse 1 GB race.prev.json are named, never read."""
    slot = SaveSlot(tmp_path)
    os.mkfifo(slot.current)
    with slot.previous.open("wb") as f:
        f.truncate(1 << 30)
    resumed, notices = slot.resume(lambda r: race_of(r))
    assert resumed is None
    assert [n.key for n in notices] == ["notice.save_not_a_file", "notice.save_corrupt", "notice.save_nothing"]
    assert str(slot.current) in notices[0].text() and "at most 16 MB" in notices[1].text()


def test_a_failing_autosave_shows_on_the_race_screen_once_per_cause(tmp_path: Path) -> None:
    """A disk that fills mid-race: the race screen shows it at once (not when the next race
    starts), and one notice for the cause however many moves fail, though each names another
    temporary file."""
    from game.board.view import BoardView
    from game.scenes.race.scene import RaceScene
    from tests.ui.helpers import make_app

    app = make_app(tmp_path / "app")
    control, slot = started(tmp_path, 2)
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    scene.update(0.01)
    assert app.notices == []
    full = iter(range(10**6))

    def disk_full(path, text):
        raise OSError(28, "No space left on device", f"{path}.{next(full)}.tmp")

    import game.storage.saves as saves

    original = saves.write_atomic
    saves.write_atomic = disk_full
    try:
        for _ in range(6):
            human_step(control)
            scene.update(0.01)
    finally:
        saves.write_atomic = original
    assert [n.key for n in app.notices] == ["notice.save_failed"]
    assert "No space left on device" in app.notices[0].text() and ".tmp" not in app.notices[0].text()
    app.notices.clear()  # dismissed: the same cause does not come back with every move
    saves.write_atomic = disk_full
    try:
        human_step(control)
        scene.update(0.01)
    finally:
        saves.write_atomic = original
    assert app.notices == []


def test_only_the_backup_copy_failing_says_so_and_the_race_is_saved(tmp_path: Path, monkeypatch) -> None:
    import game.storage.saves as saves

    control, slot = started(tmp_path, 3)
    original = saves.write_atomic

    def no_backup(path, text):
        if Path(path) == slot.previous:
            raise OSError(13, "Permission denied", str(path))
        original(path, text)

    monkeypatch.setattr(saves, "write_atomic", no_backup)
    human_step(control)
    assert [n.key for n in control.notices] == ["notice.backup_failed"]
    assert load(slot.current) == control.session.record()


def test_a_damaged_save_is_kept_as_a_copy_before_the_race_overwrites_it(tmp_path: Path) -> None:
    control, slot = started(tmp_path, 3)
    broken = '{"header": {"schema_version": 1, "track_na'
    slot.current.write_text(broken)
    fresh = SaveSlot(tmp_path)
    resumed, _ = fresh.resume(lambda r: race_of(r, fresh))
    assert resumed is not None
    human_step(resumed)
    assert slot.damaged.read_text() == broken and load(slot.current) == resumed.session.record()


def test_a_save_of_schema_2_resumes_and_is_saved_again_in_the_current_schema(tmp_path: Path) -> None:
    """A race autosaved before the state's slices (tests/rules/data, written by that game)."""
    raw = json.loads((Path(__file__).parents[1] / "rules" / "data" / "v2_street_record.json").read_text())
    assert raw["header"]["schema_version"] == 2
    played = raw["actions"]
    raw["actions"] = played[:150]
    track = load_track(Path(__file__).resolve().parents[2] / "maps" / "hafenstadt.tmx")
    slot = SaveSlot(tmp_path)
    slot.current.write_text(json.dumps(raw))
    resumed, notices = slot.resume(lambda r: race_of(r, slot, track))
    assert notices == [] and resumed is not None
    assert [a.model_dump(mode="json") for a in resumed.session.record().actions] == played[:150]
    human_step(resumed)
    assert load(slot.current).header.schema_version == SCHEMA_VERSION == 3
