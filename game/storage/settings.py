"""The player's settings as validated JSON in the data folder.

A missing file means the defaults. A value the model refuses is reset to its
default and named in a notice, every other setting is kept; a file that is
not JSON at all gives the defaults. Either way the damaged file is kept aside
(``game.storage.jsonfile``), and the next change the player makes writes a
good file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.storage.jsonfile import read_model, salvage
from game.texts import Notice
from rules.record import write_atomic

FILE = "settings.json"
#: Animation speed levels (the settings store the level) and their time factors.
SPEEDS = {1: 0.5, 2: 1.0, 3: 2.0, 4: 4.0, 5: 10.0}


def system_language() -> Literal["en", "de"]:
    """German if the desktop says so, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


class Settings(BaseModel):
    """Everything the settings screen changes; frozen, so a change is a new object."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    language: Literal["en", "de"] = Field(default_factory=system_language)
    volume: int = Field(default=80, ge=0, le=100)
    mute: bool = False
    animation_speed: int = Field(default=2, ge=min(SPEEDS), le=max(SPEEDS))
    fullscreen: bool = False
    hints: bool = True  # the race screen offers the Champion's hint (the set-up switches it for the races ahead)

    @property
    def speed_factor(self) -> float:
        """How many times faster than normal the animations run."""
        return SPEEDS[self.animation_speed]


def load_settings(folder: Path) -> tuple[Settings, list[Notice]]:
    """The stored settings, every valid one kept; notices say what was wrong and where the damaged file is."""
    return read_model(folder / FILE, "settings", lambda raw: salvage(Settings, raw, Settings()), Settings)


def save_settings(folder: Path, settings: Settings) -> None:
    """Write atomically, so a crash never leaves half a settings file."""
    write_atomic(folder / FILE, settings.model_dump_json(indent=1) + "\n")
