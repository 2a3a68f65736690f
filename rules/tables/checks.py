"""Reference tables of RULES.md section 9 as pure functions of a roll or count."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from rules.car import Area


class BlockCost(NamedTuple):
    """WP a blocked car strikes for its remaining spaces (TAB-BLOCK)."""

    brakes: int
    tyres: int

    def as_cost(self) -> dict[Area, int]:
        """For ``WearPoints.can_pay``/``pay``: each area pays its own part (AMB-19a)."""
        return {Area.BRAKES: self.brakes, Area.TYRES: self.tyres}


def block_cost(remaining: int) -> BlockCost | None:
    """CORE-BLOCK-1: up to 3 spaces cost brakes, the 4th-6th cost tyres on top.

    None means the car is out (CORE-BLOCK-2, BLOCK-D-2: 7 or more spaces).
    0 remaining spaces (not blocked) costs nothing.
    """
    if remaining < 0:
        raise ValueError(f"remaining spaces cannot be negative: {remaining}")
    if remaining >= 7:
        return None
    return BlockCost(brakes=min(remaining, 3), tyres=max(remaining - 3, 0))


class StartKind(StrEnum):
    STALL = "stall"
    NORMAL = "normal"
    DREAM = "dream"


class StartResult(BaseModel):
    """What a start roll means for the car (TAB-START).

    ``spaces``: moved at once (dream start). ``gear_roll``: whether the car
    still makes a gear roll in its first turn. ``next_gears``: the gears it
    may engage for its next gear roll (feed to ``legal_gears``'s
    ``allowed_from_zero`` in D).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule: str
    kind: StartKind
    spaces: int = 0
    gear_roll: bool
    next_gears: tuple[int, ...] = (1,)


def _check_black(roll: int) -> None:
    if not 1 <= roll <= 20:
        raise ValueError(f"a black-die result is 1-20, not {roll}")


def start_b(roll: int) -> StartResult:
    """FD08-START-1 (Formula D 2008): a separate roll after the grid roll.

    1 stalls: the car is skipped in game round 1 (AMB-59). 20 is a dream
    start: 4 spaces before game round 1, then a normal first turn in 1st gear
    (AMB-58).
    """
    _check_black(roll)
    if roll == 1:
        return StartResult(rule="FD08-START-1", kind=StartKind.STALL, gear_roll=False)
    if roll == 20:
        return StartResult(rule="FD08-START-1", kind=StartKind.DREAM, spaces=4, gear_roll=True)
    return StartResult(rule="FD08-START-1", kind=StartKind.NORMAL, gear_roll=True)


def start_d(roll: int) -> StartResult:
    """START-D-1..3 (Dresden): the roll is part of the turn, from gear 0 (CAR-D-2).

    1: no move now, 1st gear next round. 2-19: roll the 1st-gear die now.
    20: 4 spaces instead of a gear roll, then 1st or 2nd gear next round.
    """
    _check_black(roll)
    if roll == 1:
        return StartResult(rule="START-D-1", kind=StartKind.STALL, gear_roll=False)
    if roll == 20:
        return StartResult(rule="START-D-3", kind=StartKind.DREAM, spaces=4, gear_roll=False, next_gears=(1, 2))
    return StartResult(rule="START-D-2", kind=StartKind.NORMAL, gear_roll=True)


class CheckKind(StrEnum):
    """The black-die checks of TAB-RAIN."""

    COLLISION = "collision"
    COLLISION_WRECK = "collision_wreck"  # D only (COLL-D-2)
    ENGINE = "engine"
    ROAD_HOLDING = "road_holding"


# TAB-RAIN / CORE-WEATHER-2: highest failing result, (dry, rain).
RAIN_THRESHOLDS: dict[CheckKind, tuple[int, int]] = {
    CheckKind.COLLISION: (1, 2),  # CORE-COLL-2
    CheckKind.COLLISION_WRECK: (2, 3),  # COLL-D-2
    CheckKind.ENGINE: (4, 3),  # CORE-ENGINE-2: rain makes engines fail less
    CheckKind.ROAD_HOLDING: (4, 5),  # CORE-DANGER-2
}


def check_threshold(kind: CheckKind, rain: bool) -> int:
    """The highest black-die result at which the check fails."""
    dry, wet = RAIN_THRESHOLDS[kind]
    return wet if rain else dry


def check_fails(kind: CheckKind, roll: int, rain: bool) -> bool:
    """True if the check costs 1 WP. ``roll`` may be modified (TAB-CHECK-D), so any int."""
    return roll <= check_threshold(kind, rain)
