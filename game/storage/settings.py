"""The player's settings as validated JSON in the data folder.

A missing file means the defaults. A file that is not valid JSON, or holds a
value the model refuses, gives one clear notice and the defaults; the game
never crashes on it, and the next change the player makes writes a good file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

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

    @property
    def speed_factor(self) -> float:
        """How many times faster than normal the animations run."""
        return SPEEDS[self.animation_speed]


def load_settings(folder: Path) -> tuple[Settings, Notice | None]:
    """The stored settings, or the defaults with a notice saying why they were not read."""
    path = folder / FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as err:
        return Settings(), Notice("notice.settings_unreadable", {"path": str(path), "detail": str(err)})
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, RecursionError, ValueError) as err:
        return Settings(), Notice("notice.settings_not_json", {"path": str(path), "detail": str(err)})
    try:
        return Settings.model_validate(raw), None
    except ValidationError as err:
        first = err.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "-"
        return Settings(), Notice("notice.settings_invalid", {"path": str(path), "field": field})


def save_settings(folder: Path, settings: Settings) -> None:
    """Write atomically, so a crash never leaves half a settings file."""
    write_atomic(folder / FILE, settings.model_dump_json(indent=1) + "\n")
