"""Atomic file writes: a file is either its old self or its complete new self, never half written.

Apart from the race records, which write with it most, so the settings and the
track cache write their files without importing the rules engine (the game's first frame
does not wait for it).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rules.files.filelimits import check_writable


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over.

    Either the old file or the complete new one is at ``path``, whatever fails
    (a full disk, a crash, Ctrl+C); the temporary file never stays behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    check_writable(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            _keep_mode(f.fileno(), path)
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def _keep_mode(fd: int, path: Path) -> None:
    """mkstemp makes 0600 files: give the new file the old one's mode, or rw-r--r--; the owner
    may always read and write it, so a file made unreadable once is readable again."""
    if not hasattr(os, "fchmod"):
        return
    try:
        mode = path.stat().st_mode & 0o777 | 0o600
    except OSError:
        mode = 0o644
    os.fchmod(fd, mode)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the OS allows syncing a directory."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
