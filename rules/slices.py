"""The parts of the race state that one rule set's modules own, as a boardgame.io plugin owns
its part of G: each slice is one field of ``CarState`` or ``RaceState`` with its defaults,
so a new module adds a slice without touching the fields of the others.

``street``: the street race's nitro (STREET-3, ``rules.modules.nitro``), its police station
(STREET-7, ``city``) and the WP won that its drivers distribute (STREET-7, STREET-8, ``free_wp``).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Count = Annotated[int, Field(ge=0)]


class Slice(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PolicePass(Slice):
    """A car that drove past the police station this game round, with its gear-die roll (STREET-7)."""

    car: str
    roll: Count


class StreetCar(Slice):
    """One car's part of the street race."""

    nitro_lap: Count | None = None  # STREET-3: the lap its nitro was last used on
    free_wp: Count = 0  # STREET-7, STREET-8: WP won that its driver still has to distribute


class StreetRace(Slice):
    """The race's part of the street race."""

    nitro: bool = False  # STREET-3: the active car announced its nitro: its roll counts + its gear
    police: tuple[PolicePass, ...] = ()  # STREET-7: this game round's cars past the police station, in order
