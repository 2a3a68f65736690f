"""Dresden pit stops by points (PIT-D-5..12, TAB-PIT-D, AMB-32, AMB-33).

There are no long and short stops: the driver announces what the crew will do
(a ``PitPlan``), the crew works in parallel, so the stop costs the points of
its most expensive action, and the car works them off with 4th-gear rolls.
Pure arithmetic; the engine decides when a plan is announced and rolled for.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.car import Area, WearPoints
from rules.reasons import Code, Reason
from rules.tables.tyres import Tyre

FUEL_POINTS = 4  # PIT-D-7: per fuel WP, one after the other
TYRE_POINTS = 6  # PIT-D-7: all tyre WP at once
REPAIR_POINTS = {1: 10, 2: 14}  # PIT-D-7: 1 or 2 WP repaired
LATE_POINTS = 5  # PIT-D-10: no announcement before the roll into the box
WORK_GEAR = 4  # PIT-D-11: points are worked off with 4th-gear rolls

# AMB-32: repairs go into these areas; tyres are changed, fuel is refuelled
REPAIRABLE = (Area.BRAKES, Area.BODY, Area.ENGINE, Area.ROAD_HOLDING)


class PitPlan(BaseModel):
    """What the crew does at the box (PIT-D-6): fuel WP to refuel, a new set of tyres of
    this type (TYRE-D-1) or None to keep the set, and 1 or 2 repair WP."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fuel: int = Field(default=0, ge=0)
    tyre: Tyre | None = None
    repairs: dict[Area, int] = {}

    def repaired(self) -> int:
        return sum(self.repairs.values())


def plan_points(plan: PitPlan) -> int:
    """PIT-D-8/9: the points of the most expensive action, since the crew works in parallel
    (4 per fuel WP, 6 for the tyres, 10 or 14 for 1 or 2 repaired WP)."""
    return max(
        FUEL_POINTS * plan.fuel,
        TYRE_POINTS if plan.tyre is not None else 0,
        REPAIR_POINTS.get(plan.repaired(), 0),
    )


def points_due(plan: PitPlan, announced: bool) -> int:
    """The points to work off: the plan's, plus PIT-D-10's 5 if it was not announced in time."""
    return plan_points(plan) + (0 if announced else LATE_POINTS)


def work_off(points: int, spaces: int) -> tuple[int, int]:
    """PIT-D-11, AMB-33: spaces of a roll count as points; returns (points still to work
    off, spaces the car drives out of the box at once). The work is done at 0 points left."""
    left = points - spaces
    return (left, 0) if left > 0 else (0, -left)


def plan_problem(plan: PitPlan, wp: WearPoints, setup: WearPoints, reserve: int) -> Reason | None:
    """Why the crew cannot do this plan, or None (AMB-32): refuelling and repairs never above
    the set-up, repairs of 1 or 2 WP from the box reserve into brakes, body, engine or road
    holding."""
    if wp.fuel + plan.fuel > setup.fuel:
        return Reason(
            rule="AMB-32",
            code=Code.REPAIR_TOO_MUCH,
            values={"area": Area.FUEL.value, "points": plan.fuel, "setup": setup.fuel},
        )
    for area, n in plan.repairs.items():
        if area not in REPAIRABLE or n < 0 or wp[area] + n > setup[area]:
            return Reason(
                rule="AMB-32",
                code=Code.REPAIR_TOO_MUCH,
                values={"area": Area(area).value, "points": n, "setup": setup[area]},
            )
    if plan.repaired() not in (0, *REPAIR_POINTS):
        return Reason(rule="PIT-D-7", code=Code.REPAIR_ONE_OR_TWO, values={"points": plan.repaired()})
    if plan.repaired() > reserve:
        return Reason(
            rule="AMB-32", code=Code.RESERVE_TOO_SMALL, values={"needed": plan.repaired(), "reserve": reserve}
        )
    return None


def after_stop(plan: PitPlan, wp: WearPoints, setup: WearPoints) -> WearPoints:
    """The car's WP once the work is done: fuel added, tyres back to the set-up (PIT-D-12,
    CORE-PIT-1) if they were changed, repairs added."""
    update = {Area.FUEL.value: wp.fuel + plan.fuel}
    if plan.tyre is not None:
        update[Area.TYRES.value] = setup.tyres
    for area, n in plan.repairs.items():
        update[Area(area).value] = wp[area] + n
    return wp.model_copy(update=update)
