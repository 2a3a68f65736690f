"""The race set-up the player made last time: track, laps, rules and drivers.

Kept in the data folder so the next race starts from it. A bad value is
reset (a driver's to that slot's default driver) and named in a notice; every
valid field is kept, and the damaged file is kept aside
(``game.storage.jsonfile``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.storage.jsonfile import read_model, salvage
from game.texts import Notice
from rules.car import WearPoints
from rules.choice import KEYS as MODULE_KEYS
from rules.choice import RuleChoice, rules_of
from rules.files.record import COLOURS, write_atomic
from rules.ruleset import RuleSet
from rules.tables.profiles import Profile

FILE = "lineup.json"
NAMES = ("Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo", "Ida", "Jonas")
Kind = Literal["human", "rookie", "racer", "champion"]
KINDS: tuple[Kind, ...] = ("human", "rookie", "racer", "champion")  # the computer levels of rules.ai.presets
#: the computer drivers of line-ups before the levels, as the level nearest to each
OLD_KINDS: dict[str, Kind] = {"careful": "rookie", "aggressive": "racer"}
#: the former palette's colours as this palette's colour of the same name, so a remembered line-up
#: wears colours that every player tells apart
OLD_COLOURS: dict[str, str] = dict(
    zip(
        ("#d03030", "#2f6fd0", "#f0c020", "#30a050", "#f07820", "#8040c0", "#20b0c0", "#e060a0", "#f0f0f0", "#404040"),
        COLOURS,
    )
)
GridKind = Literal["roll", "qualifying"]
GRIDS: tuple[GridKind, ...] = ("roll", "qualifying")
MAX_NAME = 14


class Driver(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Kind = "racer"
    name: str = Field(min_length=1, max_length=MAX_NAME)
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    number: int = Field(ge=1, le=99)
    wear: WearPoints | None = None  # a human's own car set-up, where the rules allow one
    profile: Profile = Profile.NORMALO  # DRESDEN-PROFILE-1, where the rules have profiles

    @field_validator("kind", mode="before")
    @classmethod
    def _old_kind(cls, kind: object) -> object:
        """A line-up saved before the levels names the careful or the aggressive driver."""
        return OLD_KINDS.get(kind, kind) if isinstance(kind, str) else kind

    @field_validator("colour", mode="before")
    @classmethod
    def _old_colour(cls, colour: object) -> object:
        """A line-up saved with the former palette wears this palette's colour of the same name."""
        return OLD_COLOURS.get(colour.lower(), colour) if isinstance(colour, str) else colour


class Lineup(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    track: str = "oval.tmx"
    laps: int = Field(default=1, ge=1, le=3)
    laps_set: bool = False  # the player set the laps; else the set-up proposes the track's (C-RACE-1)
    preset: str = "fd-basic"
    grid: GridKind = "roll"  # FD08-GRID-1's black-die roll, or a qualifying session (VAR-20)
    modules: dict[str, bool] = {}  # modules switched away from the preset (the rules screen)
    drivers: tuple[Driver, ...] = Field(min_length=2, max_length=10)

    @field_validator("modules", mode="before")
    @classmethod
    def _known_modules(cls, modules: object) -> object:
        """A module this version does not know (a newer game's file) is dropped, not the line-up."""
        if isinstance(modules, dict):
            return {k: v for k, v in modules.items() if k in MODULE_KEYS}
        return modules

    def choice(self) -> RuleChoice:
        return RuleChoice(preset=self.preset, overrides=self.modules)

    def rules(self) -> RuleSet:
        """The rules the race is played by: the preset, its switched modules and the grid choice."""
        return rules_of(self.choice()).model_copy(update={"grid": self.grid})

    @field_validator("drivers")
    @classmethod
    def _distinct(cls, drivers: tuple[Driver, ...]) -> tuple[Driver, ...]:
        if len({d.number for d in drivers}) != len(drivers):
            raise ValueError("two drivers have the same car number")
        return drivers


def default_lineup() -> Lineup:
    kinds: tuple[Kind, ...] = ("human", "racer", "champion", "rookie")
    return Lineup(drivers=tuple(_default_driver(i, k) for i, k in enumerate(kinds)))


def _default_driver(i: int, kind: Kind = "racer") -> Driver:
    return Driver(kind=kind, name=NAMES[i], colour=COLOURS[i], number=i + 1)


def load_lineup(folder: Path) -> tuple[Lineup, list[Notice]]:
    """The remembered line-up, every valid field kept; notices say what was reset and where the damaged file is."""
    return read_model(folder / FILE, "lineup", _salvage, default_lineup)


def _salvage(raw: dict[str, object]) -> tuple[Lineup, list[str]]:
    """Each driver field by field (a bad one from the slot's default driver), then the line-up's fields."""
    bad: list[str] = []
    drivers = raw.get("drivers")
    if isinstance(drivers, list) and len(drivers) <= len(NAMES):
        fixed = []
        for i, d in enumerate(drivers):
            driver, wrong = salvage(Driver, d, _default_driver(i))
            fixed.append(driver)
            bad += [f"drivers.{i}" + ("" if w == "-" else f".{w}") for w in wrong]
        raw = {**raw, "drivers": fixed}
    lineup, wrong = salvage(Lineup, raw, default_lineup())
    return lineup, bad + wrong


def save_lineup(folder: Path, lineup: Lineup) -> None:
    write_atomic(folder / FILE, lineup.model_dump_json(indent=1) + "\n")
