"""Where the commands write their files: refused with one line saying why, never a traceback."""

from __future__ import annotations

import sys
from pathlib import Path


def cannot_write(out: str | Path, suffix: str | None = None, hint: str = "") -> bool:
    """True, after saying why on stderr, if ``out`` is not a file this command may write: its name
    lacks ``suffix`` (``hint`` says what to give instead) or its folder does not exist (the
    commands make no folders)."""
    path = Path(out)
    if suffix is not None and path.suffix.lower() != suffix:
        print(f"{out}: {hint}", file=sys.stderr)
        return True
    if not path.parent.is_dir():
        print(f"{out}: the folder {path.parent} does not exist", file=sys.stderr)
        return True
    return False
