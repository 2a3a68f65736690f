"""Where the game finds its assets and keeps the player's files.

The player's files (settings, the remembered race set-up, the autosave) go
to the platform's data folder, so the game never writes into its own
installation; ``XDG_DATA_HOME`` wins everywhere, which is also how the tests
point the game at a temporary folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
MAPS = REPO / "maps"
SOUNDS = REPO / "sounds"
APP_FOLDER = "formula-d"


def data_dir() -> Path:
    """The folder for settings and saves (not created here)."""
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / APP_FOLDER
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / APP_FOLDER
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_FOLDER
    return Path.home() / ".local" / "share" / APP_FOLDER
