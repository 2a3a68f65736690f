"""What changes when a track file is saved: its modification time, size and inode.

Cheap to ask (one ``stat``) and the same on every platform; the inode changes when an
editor such as Tiled saves through a temporary file that it renames over the map.
``track watch`` and the game's hot reload both poll it.
"""

from __future__ import annotations

import os
from pathlib import Path

Stamp = tuple[int, int, int]


def stamp(path: Path | str) -> Stamp | None:
    """The file's stamp now; None while it is missing (between an editor's delete and rename)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino)
