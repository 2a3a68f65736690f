"""The player's settings as validated JSON in the data folder.

A missing file means the defaults. A value the model refuses is reset to its
default and named in a notice, every other setting is kept; a file that is
not JSON at all gives the defaults. Either way the damaged file is kept aside
(``game.storage.jsonfile``), and the next change the player makes writes a
good file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.storage.jsonfile import read_model, salvage
from game.texts import LANGUAGES, Notice, system_language
from rules.files.atomic import write_atomic

FILE = "settings.json"
#: Animation speed levels (the settings store the level) and their time factors.
SPEEDS = {1: 0.5, 2: 1.0, 3: 2.0, 4: 4.0, 5: 10.0}
#: The UI scales a player may choose (besides "auto"): how many window pixels one pixel of a screen's layout takes.
UI_SCALES = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


class Settings(BaseModel):
    """Everything the settings screen changes; frozen, so a change is a new object."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: One of ``texts.LANGUAGES``; at first start the desktop's language if the game speaks it.
    language: str = Field(default_factory=system_language)
    volume: int = Field(default=80, ge=0, le=100)
    mute: bool = False
    animation_speed: int = Field(default=2, ge=min(SPEEDS), le=max(SPEEDS))
    fullscreen: bool = False
    ui_scale: Literal["auto"] | float = "auto"  # "auto": chosen from the window's size and the display's DPI
    hints: bool = True  # the race screen offers the Champion's hint (the set-up switches it for the races ahead)
    high_contrast: bool = False  # the board's markings, cars and highlights in strong contrast (game.board.contrast)

    @field_validator("language")
    @classmethod
    def _spoken(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"the game speaks {', '.join(LANGUAGES)}, not {value!r}")
        return value

    @field_validator("ui_scale")
    @classmethod
    def _offered(cls, value: str | float) -> str | float:
        if value != "auto" and value not in UI_SCALES:
            raise ValueError(f"the UI scale is 'auto' or one of {', '.join(map(str, UI_SCALES))}, not {value!r}")
        return value

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
