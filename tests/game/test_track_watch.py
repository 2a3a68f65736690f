"""`track watch` checks and renders a map after every save, the way Tiled saves (a temporary
file renamed over the map), says what is wrong with the time, and ends cleanly on Ctrl+C."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.main import main
from tests.conftest import REPO, require_tool


def oval_copy(folder: Path) -> Path:
    for name in ("oval.tmx", "circuit.tsx", "circuit-tiles.png"):
        shutil.copy(REPO / "maps" / name, folder / name)
    return folder / "oval.tmx"


def save_like_tiled(path: Path, text: str) -> None:
    """Tiled writes a temporary file beside the map and renames it over the map."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


class Watcher:
    """``python main.py track watch`` in a child process, its lines read as they come."""

    def __init__(self, *args: str) -> None:
        # Ctrl+C as in a terminal: a suite started in the background (``cmd &``) ignores SIGINT,
        # and a child would inherit that and never see the test's Ctrl+C
        self.proc = subprocess.Popen(
            [sys.executable, "main.py", "track", "watch", *args],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=dict(os.environ, SDL_VIDEODRIVER="dummy"),
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 30.0) -> list[str]:
        """Every line up to and including the first that contains ``text``."""
        seen, end = [], time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line)
            if text in line:
                return seen
        raise AssertionError(f"no line with {text!r} in {timeout} s; got {seen}")


@pytest.fixture
def watched(tmp_path):
    track = oval_copy(tmp_path)
    w = Watcher(str(track), "--for", "120")
    yield track, w
    if w.proc.poll() is None:
        w.proc.kill()
        w.proc.wait()


def test_every_save_is_checked_and_rendered_and_ctrl_c_ends_it(watched):
    track, w = watched
    picture = track.with_name("oval-render.png")
    first = w.wait_for("ok, board drawn")
    assert first[0].startswith(f"watching {track}")
    assert picture.is_file()
    good = track.read_text(encoding="utf-8")
    drawn = picture.stat().st_mtime_ns

    save_like_tiled(track, good.replace('name="laps" type="int" value="2"', 'name="laps" type="int" value="7"'))
    broken = w.wait_for("the picture is not updated")
    assert "the picture is not updated" in broken[-1]
    problem = w.wait_for("laps")[-1]
    assert problem.startswith("  ") and "7" in problem
    assert picture.stat().st_mtime_ns == drawn  # the last good picture stays

    save_like_tiled(track, good.replace("Lindenring Oval", "Lindenring Neu"))
    again = w.wait_for("ok, board drawn")[-1]
    assert again[0] == "[" and again[9] == "]"  # [HH:MM:SS]
    assert picture.stat().st_mtime_ns > drawn

    track.unlink()
    w.wait_for("the file is gone")
    save_like_tiled(track, good)
    w.wait_for("ok, board drawn")

    w.proc.send_signal(signal.SIGINT)
    assert w.proc.wait(timeout=30) == 0
    w.wait_for("stopped watching")


def test_runs_ends_after_so_many_checks_and_out_names_the_picture(tmp_path, capsys):
    track = oval_copy(tmp_path)
    out = tmp_path / "board.png"
    assert main(["track", "watch", str(track), "--out", str(out), "--runs", "1", "--names"]) == 0
    said = capsys.readouterr().out
    assert f"ok, board drawn into {out}" in said and out.is_file()
    assert sorted(p.name for p in tmp_path.glob("*.png")) == ["board.png", "circuit-tiles.png"]
    assert not list(tmp_path.glob(".*.png"))  # drawn beside it and renamed over it, nothing left behind


def test_a_broken_map_is_reported_at_once(tmp_path, capsys):
    track = tmp_path / "broken.tmx"
    track.write_text("<map", encoding="utf-8")
    assert main(["track", "watch", str(track), "--runs", "1"]) == 0
    said = capsys.readouterr().out
    assert "1 problem," in said and "not a valid XML file" in said
    assert not (tmp_path / "broken-render.png").exists()


@pytest.mark.parametrize("out, expected", [("board.jpg", "ending in .png"), ("missing/board.png", "does not exist")])
def test_a_bad_picture_name_is_refused_before_watching(tmp_path, capsys, out, expected):
    track = oval_copy(tmp_path)
    assert main(["track", "watch", str(track), "--out", str(tmp_path / out)]) == 1
    assert expected in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--runs", "0"], ["--for", "nan"], ["--for", "-1"]])
def test_bad_limits_get_argparse_messages(tmp_path, args, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["track", "watch", str(tmp_path / "x.tmx"), *args])
    assert exc.value.code == 2
    assert "must be" in capsys.readouterr().err


def test_a_save_by_tiled_itself_is_seen(tmp_path):
    """Tiled's own writer (here its command line, the same code as File > Save) replaces the map."""
    tiled = require_tool("tiled")
    track = oval_copy(tmp_path)
    w = Watcher(str(track), "--for", "120")
    try:
        w.wait_for("ok, board drawn")
        edited = tmp_path / "edited.tmx"
        edited.write_text(
            track.read_text(encoding="utf-8").replace("Lindenring Oval", "Lindenring Tiled"), encoding="utf-8"
        )
        subprocess.run(
            [tiled, "--export-map", "tmx", str(edited), str(track)],
            check=True,
            capture_output=True,
            env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        )
        assert "Lindenring Tiled" in track.read_text(encoding="utf-8")
        w.wait_for("ok, board drawn")
    finally:
        w.proc.kill()
        w.proc.wait()


def test_out_that_is_a_folder_is_refused_and_leaves_no_temporary_file(tmp_path, capsys):
    track = oval_copy(tmp_path)
    folder = tmp_path / "board.png"
    folder.mkdir()
    assert main(["track", "watch", str(track), "--out", str(folder), "--runs", "1"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"{folder}: not written: it is a folder; give the name of a file in it"
    assert folder.is_dir() and not list(tmp_path.glob(".*.png"))


def test_out_made_a_folder_while_watching_is_one_line_and_leaves_no_temporary_file(tmp_path, capsys):
    from game.tools.trackwatch import run_once

    track = oval_copy(tmp_path)
    folder = tmp_path / "board.png"
    folder.mkdir()
    assert not run_once(track, folder, False, False, False)
    said = capsys.readouterr().out
    assert f"{folder}: not written: it is a folder" in said and "Traceback" not in said
    assert folder.is_dir() and not list(tmp_path.glob(".*.png"))
