"""The Dresden karma pool (KARMA-1..4, TAB-KARMA, H2H-1..3, AMB-41, AMB-42).

A driver's luck as a balance: income from natural 20s on their own checks and
from the race result, spent on re-rolling or raising their own body, engine
and road-holding checks, or bid in a head-to-head for the turn order. Pure
arithmetic; the engine decides when a spend is offered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

START = 30  # KARMA-1: at the start of the season, the Open, or a single race
REROLL = 40  # KARMA-3: re-roll one of one's own event rolls
RAISE = 20  # KARMA-3: raise one of one's own event rolls by 1
PER_PLACE = 3  # KARMA-2: per grid position gained from start to finish
MOST_LED = 3  # KARMA-2: most lead rounds in a race lap

Spend = Literal["reroll", "raise", "accept"]
COST: dict[Spend, int] = {"reroll": REROLL, "raise": RAISE, "accept": 0}


def check_income(natural: int) -> int:
    """KARMA-2, AMB-41b: +1 for a natural 20 on the driver's own check (modifiers do not count)."""
    return 1 if natural == 20 else 0


def affordable(balance: int) -> tuple[Spend, ...]:
    """What a driver with this balance may do with a check roll (KARMA-3, AMB-41d: never below 0)."""
    return tuple(s for s, cost in COST.items() if cost <= balance)


def places_income(grid_slot: int, place: int | None) -> int:
    """KARMA-2: +3 per position gained from the grid (slot 0 = pole) to the finish; a car that
    did not finish gains nothing."""
    if place is None:
        return 0
    return PER_PLACE * max(0, grid_slot + 1 - place)


def lead_income(led: Mapping[str, Sequence[int]], car: str) -> int:
    """KARMA-2, AMB-41a: +3 for each race lap in which the car ended the most game rounds as
    leader (ties each get it). ``led`` maps each car to its rounds led per lap."""
    mine = led.get(car, ())
    total = 0
    for lap, rounds in enumerate(mine):
        best = max((counts[lap] for counts in led.values() if lap < len(counts)), default=0)
        if rounds and rounds == best:
            total += MOST_LED
    return total


def points_income(points: int, per: int) -> int:
    """KARMA-2, AMB-41e: +1 per championship point ([S], ``per`` 1) or per 100 points ([O])."""
    return points // per


def head_to_head(bids: Mapping[str, int], gears: Mapping[str, int], arrivals: Mapping[str, int]) -> list[str]:
    """H2H-3, AMB-42: level cars move by the larger bid, then the higher gear, then the one
    that reached the position first."""
    return sorted(bids, key=lambda c: (-bids[c], -gears[c], arrivals[c]))
