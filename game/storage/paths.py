"""Where the game finds its assets and keeps the player's files.

The assets (tracks, sounds, sprites) are the checkout's top-level folders
when the game runs from a checkout or an editable install, and the package
data under ``game/assets`` when it is installed (``pip install .``);
``FORMULA_D_MAPS`` points the game at another maps folder. The
player's files (settings, the remembered race set-up, the autosave, lap
records) go to the platform's data folder from ``platformdirs``, so the game
never writes into its own installation; ``XDG_DATA_HOME`` wins on every
platform, which is also how the tests point the game at a temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

PACKAGE = Path(__file__).resolve().parent.parent
#: The installed package data, or the checkout that holds the package.
ASSETS = PACKAGE / "assets" if (PACKAGE / "assets" / "maps").is_dir() else PACKAGE.parent
MAPS = ASSETS / "maps"
SOUNDS = ASSETS / "sounds"
APP_FOLDER = "formula-d"


#: The environment variable naming another maps folder to play from (a designer's work, a bench's tracks).
MAPS_ENV = "FORMULA_D_MAPS"


def maps_dir() -> tuple[Path, str]:
    """The maps folder the game plays from: the one ``FORMULA_D_MAPS`` names, else the shipped
    one; and what is wrong with the variable ("" if nothing), for the player to read."""
    named = os.environ.get(MAPS_ENV, "")
    if not named:
        return MAPS, ""
    if Path(named).is_dir():
        return Path(named), ""
    return MAPS, (
        f"{MAPS_ENV}={named} is not a folder: set it to a folder of .tmx tracks, "
        f"or unset it to play the shipped tracks ({MAPS})."
    )


def data_dir() -> Path:
    """The folder for settings and saves (not created here)."""
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / APP_FOLDER
    return Path(platformdirs.user_data_dir(APP_FOLDER, appauthor=False))


def remove_stray_temporaries(folder: Path) -> None:
    """Delete the ``.NAME.*.tmp`` files an atomic write left behind when the game was killed.

    Such a file is never the only copy of anything: the file it was meant to
    replace is still whole. Called once at start, before anything is written.
    """
    for tmp in folder.glob(".*.tmp"):
        try:
            if tmp.is_file():
                tmp.unlink()
        except OSError:
            pass  # one we may not delete only takes space
