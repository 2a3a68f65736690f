"""The dice as data, and the sources that roll them.

A die is a tuple of faces, so its exact odds are known (odds previews,
computer drivers) and a rule set can swap the face lists (AMB-1). Rolling is
explicit: the engine asks for a ``Chance`` and a ``DiceSource`` (seeded) or
``ForcedDice`` (tests) answers with a face. Records store the faces rolled,
never the generator's state, so replays do not depend on ``random``'s
internals.

Rules: CORE-DICE-1..3, MASTERS-GEAR-1 (one die per gear, its face is the number of
spaces), CORE-DICE-4 and MASTERS-GEAR-5 (a pyramid die's face is the number on its tip:
a face is just a number here).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from pydantic import BaseModel, ConfigDict, field_validator


class Die(BaseModel):
    """One die: a name, the colour of the physical die, and its faces."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    colour: str
    faces: tuple[int, ...]

    @field_validator("faces")
    @classmethod
    def _not_empty(cls, faces: tuple[int, ...]) -> tuple[int, ...]:
        if not faces:
            raise ValueError("a die needs at least one face")
        return faces

    @property
    def lowest(self) -> int:
        return min(self.faces)

    @property
    def highest(self) -> int:
        """The top face: on the 5th/6th gear die it triggers CORE-ENGINE-1 (AMB-11)."""
        return max(self.faces)

    def outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """Each distinct value with its exact probability, lowest value first."""
        counts = Counter(self.faces)
        n = len(self.faces)
        return tuple((value, Fraction(counts[value], n)) for value in sorted(counts))


# CORE-DICE-1: the black d20, for grid, start, checks, weather and pit rolls.
BLACK_DIE = Die(name="black", colour="black", faces=tuple(range(1, 21)))

# CORE-DICE-3: the range of spaces each gear die covers.
GEAR_RANGES: dict[int, tuple[int, int]] = {
    1: (1, 2),
    2: (2, 4),
    3: (4, 8),
    4: (7, 12),
    5: (11, 20),
    6: (21, 30),
}

_GEAR_COLOURS = {1: "yellow", 2: "orange", 3: "red", 4: "green", 5: "purple", 6: "blue"}


class GearDice(BaseModel):
    """The six gear dice of a rule set, 1st gear first (CORE-DICE-2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dice: tuple[Die, Die, Die, Die, Die, Die]

    def die(self, gear: int) -> Die:
        if not 1 <= gear <= 6:
            raise ValueError(f"there is no gear die for gear {gear}")
        return self.dice[gear - 1]


def _gear_die(gear: int, faces: Iterable[int]) -> Die:
    return Die(name=f"gear{gear}", colour=_GEAR_COLOURS[gear], faces=tuple(faces))


# AMB-1 default / TAB-GEAR: the face lists of the commercial dice.
COMMERCIAL_GEAR_DICE = GearDice(
    dice=(
        _gear_die(1, (1, 1, 2, 2)),
        _gear_die(2, (2, 3, 3, 4, 4, 4)),
        _gear_die(3, (4, 5, 6, 6, 7, 7, 8, 8)),
        _gear_die(4, (v for v in range(7, 13) for _ in range(2))),
        _gear_die(5, (v for v in range(11, 21) for _ in range(2))),
        _gear_die(6, (v for v in range(21, 31) for _ in range(3))),
    )
)


def uniform_gear_dice() -> GearDice:
    """AMB-1 alternative: every value of each CORE-DICE-3 range equally likely."""
    dice = tuple(_gear_die(g, range(lo, hi + 1)) for g, (lo, hi) in sorted(GEAR_RANGES.items()))
    return GearDice(dice=dice)  # six dice, checked by pydantic


class Purpose(StrEnum):
    """What a roll decides; kept with the roll in records and narration."""

    GEAR = "gear"
    START = "start"
    COLLISION = "collision"
    ENGINE = "engine"
    ROAD_HOLDING = "road_holding"
    PIT = "pit"
    WEATHER = "weather"
    GRID = "grid"
    SHOOTING = "shooting"  # STREET-5: the residents' windows


class Chance(BaseModel):
    """A chance step: the state waits for this die to be rolled for this purpose."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    die: Die
    purpose: Purpose

    def outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        return self.die.outcomes()


class Roller(Protocol):
    """Anything that can answer a roll: ``DiceSource`` in play, ``ForcedDice`` in tests."""

    def roll(self, die: Die) -> int: ...


class DiceSource:
    """Seeded dice: the same seed gives the same faces in the same order."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, die: Die) -> int:
        return die.faces[self._rng.randrange(len(die.faces))]


class ForcedDiceError(Exception):
    """A test forced a result the die cannot show, or ran out of results."""


class ForcedDice:
    """Dice that return queued results in order, so tests can force exact rolls."""

    def __init__(self, results: Iterable[int]) -> None:
        self._queue = deque(results)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Results not rolled yet (a test can assert that all were used)."""
        return tuple(self._queue)

    def roll(self, die: Die) -> int:
        if not self._queue:
            raise ForcedDiceError(f"no forced result left for a roll of the {die.name} die")
        value = self._queue[0]
        if value not in die.faces:
            raise ForcedDiceError(
                f"forced result {value} is not a face of the {die.name} die (faces {sorted(set(die.faces))})"
            )
        return self._queue.popleft()
