"""The autosave under ``kill -9``: whatever moment a save is killed at, a readable race.json remains."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.storage.paths import remove_stray_temporaries
from game.storage.saves import SaveSlot
from rules.files.record import load, save
from tests.conftest import REPO
from tests.ui.helpers import make_app
from tests.ui.test_saves import started

# Saves records of changing length as fast as it can, as the game does after every action.
SAVER = """
import sys
from pathlib import Path
from game.storage.saves import SaveSlot
from rules.files.record import load
record = load(sys.argv[2])
slot = SaveSlot(Path(sys.argv[1]))
i = 0
while True:
    slot.save(record.model_copy(update={"actions": record.actions[: 1 + i % len(record.actions)]}))
    if i == 0:
        print("saving", flush=True)
    i += 1
"""


def test_a_save_killed_at_any_moment_leaves_a_readable_current_save(tmp_path: Path) -> None:
    control, _ = started(tmp_path / "template", 30)
    template = tmp_path / "template.json"
    save(control.session.record(), template)
    data = tmp_path / "data"
    rng = random.Random(12)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for _ in range(20):
        child = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(data), str(template)],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None and child.stdout.readline() == "saving\n"
        time.sleep(rng.uniform(0.0, 0.25))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        assert load(data / "race.json").actions, "the current save is missing or unreadable"
    # the killed writes left their temporary files; the next start removes them and nothing else
    remove_stray_temporaries(data)
    assert sorted(p.name for p in data.iterdir()) == ["race.json", "race.prev.json"]


def test_stray_temporary_files_are_removed_when_the_game_starts(tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    stray = [
        tmp_path / ".race.json.k2j3_x.tmp",
        tmp_path / ".settings.json.abc.tmp",
        tmp_path / "cache" / ".oval-0123.json.q1.tmp",
    ]
    for p in stray:
        p.write_text('{"half": ')
    (tmp_path / "race.json").write_text("kept")
    make_app(tmp_path)
    assert not any(p.exists() for p in stray)
    assert (tmp_path / "race.json").read_text() == "kept"


def test_after_a_fresh_start_the_current_save_becomes_the_previous_one(tmp_path: Path) -> None:
    control, slot = started(tmp_path, 5)
    before = slot.current.read_text()
    fresh = SaveSlot(tmp_path)  # a new start: the slot knows the current file only by reading it
    record = control.session.record()
    fresh.save(record.model_copy(update={"actions": record.actions[:2]}))
    assert slot.previous.read_text() == before
    assert load(slot.current).actions == record.actions[:2]
