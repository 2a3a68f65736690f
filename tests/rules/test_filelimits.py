"""Bounded reads: a file is read only if it is a regular file within its
kind's size limit; devices, pipes, folders and huge files are refused with one sentence."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rules.files.filelimits import (
    LINEUP,
    POSITION,
    RECORD,
    SAVE,
    SETTINGS,
    TRACK,
    FileKind,
    FileRefused,
    check_writable,
    read_bytes,
    read_text,
)
from rules.files.record import RecordError, load, write_atomic

SMALL = FileKind("a test file", 10)


def test_a_file_within_the_limit_is_read_whole(tmp_path):
    f = tmp_path / "ok.json"
    f.write_text('{"a":"\u00e9"}', encoding="utf-8")  # 10 bytes: exactly the limit
    assert read_text(f, SMALL) == '{"a":"\u00e9"}'
    assert read_bytes(f, SMALL) == f.read_bytes()


def test_a_larger_file_is_refused_without_being_read(tmp_path):
    f = tmp_path / "big.json"
    with f.open("wb") as out:
        out.truncate(3 * (1 << 30))  # sparse: 3 GB that are never read
    with pytest.raises(FileRefused) as err:
        read_text(f, RECORD)
    assert str(err.value) == "it is 3 GB, but a race record is at most 16 MB; check that it is the right file"


def test_an_endless_device_is_refused():
    with pytest.raises(FileRefused, match="device or a pipe"):
        read_text("/dev/zero", RECORD)


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused, match="device or a pipe") as err:
        read_text(fifo, POSITION)
    assert err.value.fix == "give the path of a position"


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(FileRefused, match="it is a folder; give the path of the settings file"):
        read_text(tmp_path, SETTINGS)


def test_text_that_is_not_utf8_is_refused(tmp_path):
    f = tmp_path / "latin1.json"
    f.write_bytes(b'{"name": "\xe9"}')
    with pytest.raises(FileRefused, match=r"not UTF-8 text \(byte 0xe9 at offset 10\)"):
        read_text(f, LINEUP)


def test_a_missing_file_is_the_usual_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "nope.json", SAVE)


def test_refusals_are_os_errors_so_existing_handlers_catch_them():
    assert issubclass(FileRefused, OSError)


def test_every_kind_has_room_for_what_the_game_writes():
    """A 10-car, 3-lap record is about 0.3 MB, a position 20 kB, a shipped track 56 kB."""
    assert min(RECORD.limit, SAVE.limit) >= 50 * 320_000
    assert POSITION.limit >= 50 * 20_000 and TRACK.limit >= 100 * 56_000
    assert min(SETTINGS.limit, LINEUP.limit) >= 1 << 20


def test_a_record_from_a_device_is_one_record_error():
    with pytest.raises(RecordError) as err:
        load(Path("/dev/zero"))
    assert str(err.value) == (
        "/dev/zero: cannot read (it is a device or a pipe, not a file, and may never end; "
        "give the path of a race record)"
    )


def char_device(path: Path) -> Path:
    """A character device like /dev/null (major 1, minor 3), made where the test may (root only)."""
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device file needs root")
    return path


def not_regular(tmp_path: Path) -> dict[str, Path]:
    """A device, a pipe, a folder and links to a device and to a pipe."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    dev = char_device(tmp_path / "null")
    (tmp_path / "to-null").symlink_to(dev)
    (tmp_path / "to-pipe").symlink_to(fifo)
    return {
        "device": dev,
        "pipe": fifo,
        "folder": folder,
        "link to a device": tmp_path / "to-null",
        "link to a pipe": tmp_path / "to-pipe",
    }


def test_only_a_regular_file_or_a_missing_path_may_be_written(tmp_path):
    for what, path in not_regular(tmp_path).items():
        kind = stat.S_IFMT(os.lstat(path).st_mode)
        with pytest.raises(FileRefused):
            check_writable(path)
        with pytest.raises(FileRefused):
            write_atomic(path, "{}")
        assert stat.S_IFMT(os.lstat(path).st_mode) == kind, f"the {what} was replaced"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    check_writable(tmp_path / "new.json")
    (tmp_path / "old.json").write_text("{}")
    check_writable(tmp_path / "old.json")


def test_a_save_made_unreadable_is_readable_again_once_written(tmp_path):
    path = tmp_path / "race.json"
    path.write_text("{}")
    path.chmod(0o000)
    write_atomic(path, "[]")
    assert path.stat().st_mode & 0o600 == 0o600 and path.read_text() == "[]"
