"""``track watch``: check and render a track again every time it is saved, for the designer's loop.

It polls the file's modification time, size and inode a few times a second (cheap, and the
same on every platform). Tiled saves through a temporary file that it renames over the map,
so for a moment the file may be missing or half written: a missing file is waited for, and a
change is only acted on once the file has stayed the same for one poll.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
from pathlib import Path

from game.texts import tr
from game.tools.output import cannot_write
from game.tools.track import render
from game.tracks.filestamp import Stamp, stamp
from game.tracks.load import check_track
from rules.files.filelimits import check_writable

#: Seconds between two looks at the file: a save shows within about two of them.
INTERVAL = 0.25


def default_picture(path: Path) -> Path:
    """Where the board goes without ``--out``: beside the map, ``NAME-render.png``."""
    return path.with_name(f"{path.stem}-render.png")


def watch(
    file: str,
    out: str | None = None,
    names: bool = False,
    arrows: bool = False,
    interval: float = INTERVAL,
    runs: int | None = None,
    seconds: float | None = None,
) -> int:
    """Check and render ``file`` now and after every save until Ctrl+C (or ``runs`` checks, or
    ``seconds``); prints the time and the problems, or "ok" and where the picture is."""
    path = Path(file)
    target = Path(out) if out else default_picture(path)
    if cannot_write(target, ".png", "the picture is written as PNG; give a file name ending in .png"):
        return 1
    deadline = None if seconds is None else time.monotonic() + seconds
    print(tr("track.watch.start", file=str(path), picture=str(target)), flush=True)
    seen: Stamp | None | bool = False  # False: nothing looked at yet
    done = 0
    try:
        while True:
            now = stamp(path)
            if now != seen:
                time.sleep(interval)
                if stamp(path) == now:  # not still being written
                    seen = now
                    run_once(path, target, names, arrows, now is None)
                    done += 1
                    if runs is not None and done >= runs:
                        return 0
                    continue
            if deadline is not None and time.monotonic() >= deadline:
                return 0
            time.sleep(interval)
    except KeyboardInterrupt:
        print(tr("track.watch.stopped", file=str(path)), flush=True)
        return 0


def run_once(path: Path, target: Path, names: bool, arrows: bool, missing: bool) -> bool:
    """One round: the time, then ``ok`` with the picture or every problem; True if ok."""
    now = time.strftime("%H:%M:%S")
    if missing:
        print(tr("track.watch.gone", time=now, file=str(path)), flush=True)
        return False
    problems = check_track(path)
    if problems:
        print(tr("track.watch.problems", time=now, file=str(path), n=len(problems)), flush=True)
        for p in problems:
            print(f"  {p.line()}", flush=True)
        return False
    said = io.StringIO()
    drawing = target.with_name(f".{target.stem}.tmp.png")  # a viewer open on the picture never sees half of it
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        code = render(str(path), str(drawing), names=names, arrows=arrows)
    if code != 0:
        drawing.unlink(missing_ok=True)
        print(tr("track.watch.not_drawn", time=now, file=str(path)), flush=True)
        for line in said.getvalue().replace(str(drawing), str(target)).splitlines():
            print(f"  {line}", flush=True)
        return False
    try:
        check_writable(target)  # made a folder or a pipe since: never replaced
        os.replace(drawing, target)
    except OSError as err:
        drawing.unlink(missing_ok=True)
        print(tr("track.watch.not_written", time=now, picture=str(target), detail=str(err.strerror or err)), flush=True)
        return False
    print(tr("track.watch.ok", time=now, file=str(path), picture=str(target)), flush=True)
    return True
