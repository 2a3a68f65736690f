"""Where the commands write their files: refused with one line saying why, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path

from rules.files.filelimits import check_writable


def cannot_write(out: str | Path, suffix: str | None = None, hint: str = "") -> bool:
    """True, after saying why on stderr, if ``out`` is not a file this command may write: its name
    lacks ``suffix`` (``hint`` says what to give instead), its folder does not exist (the
    commands make no folders), or something other than a regular file is there (a device, a
    pipe, a folder: never replaced)."""
    path = Path(out)
    if suffix is not None and path.suffix.lower() != suffix:
        print(f"{out}: {hint}", file=sys.stderr)
        return True
    if not path.parent.is_dir():
        print(f"{out}: the folder {path.parent} does not exist", file=sys.stderr)
        return True
    try:
        check_writable(path)
    except OSError as err:
        print(f"{out}: not written: {err}", file=sys.stderr)
        return True
    return False
