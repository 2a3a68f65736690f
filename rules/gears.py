"""Gear changes: which gear a car may declare this turn, and what it costs.

``legal_gears`` answers for every gear 1-6 at once, so the gear box widget
can show each gear as free, as costing WP, or as refused with a reason.

Rules: CORE-GEAR-1..7, FD08-GEAR-1..2, C3LAP-3, MASTERS-GEAR-2 (up one gear at most),
MASTERS-GEAR-3 and CORE-GEAR-4 (down skipping one to three gears, at the cost of
TAB-DOWNSHIFT), MASTERS-GEAR-4 (never 6th to 1st).
"""

from __future__ import annotations

from collections.abc import Collection

from pydantic import BaseModel, ConfigDict

from rules.car import Area, WearPoints
from rules.dice import COMMERCIAL_GEAR_DICE, Die, GearDice
from rules.reasons import Code, Refusal

GEARS = (1, 2, 3, 4, 5, 6)  # CORE-GEAR-1; gear 0 = a D car not started yet (CAR-D-2)


def gear_die(gear: int, dice: GearDice = COMMERCIAL_GEAR_DICE) -> Die:
    """The die a car rolls in ``gear`` (CORE-DICE-2); AMB-1 lets a rule set swap ``dice``."""
    return dice.die(gear)


class DownshiftTable(BaseModel):
    """TAB-DOWNSHIFT: skipping 1/2/3 gears costs the first area, + brakes, + engine.

    Only the first area differs between rule sets (VAR-2): gearbox in B
    (FD08-GEAR-1), fuel in C and D (FUEL-4, C3LAP-3), fuel suggested for E.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_area: Area

    def cost(self, skipped: int) -> dict[Area, int]:
        if not 1 <= skipped <= 3:
            raise ValueError(f"TAB-DOWNSHIFT has no cost for skipping {skipped} gears")
        return {area: 1 for area in (self.first_area, Area.BRAKES, Area.ENGINE)[:skipped]}


DOWNSHIFT_B = DownshiftTable(first_area=Area.GEARBOX)
DOWNSHIFT_CD = DownshiftTable(first_area=Area.FUEL)


class ShiftCost(BaseModel):
    """A legal gear: the WP it costs (empty = free), struck on declaring it (CORE-GEAR-7).

    ``waived_by`` names the rule that made a skip free (PIT-B-5, AMB-57).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: int
    skipped: int = 0
    cost: dict[Area, int] = {}
    waived_by: str | None = None


def legal_gears(
    current_gear: int,
    wp: WearPoints,
    downshift_table: DownshiftTable,
    *,
    in_pit: bool = False,
    free_downshifts: bool = False,
    allowed_from_zero: Collection[int] = (1,),
) -> dict[int, ShiftCost | Refusal]:
    """For each gear 1-6: its cost if the car may declare it now, else why not.

    ``in_pit``: the car is in the pit lane of a rule set with PIT-B-5 (no
    downshift rules there). ``free_downshifts``: qualifying where skips cost
    nothing (QUAL-D-7, AMB-57). ``allowed_from_zero``: the gears a car in gear
    0 may engage; 1st by default (CAR-D-2), the engine widens it after a D
    dream start (START-D-3: 1st or 2nd).
    """
    if not 0 <= current_gear <= 6:
        raise ValueError(f"gear {current_gear} does not exist")
    return {
        target: _shift(current_gear, target, wp, downshift_table, in_pit, free_downshifts, allowed_from_zero)
        for target in GEARS
    }


def _shift(
    current: int,
    target: int,
    wp: WearPoints,
    table: DownshiftTable,
    in_pit: bool,
    free_downshifts: bool,
    allowed_from_zero: Collection[int],
) -> ShiftCost | Refusal:
    gears = {"current": current, "target": target}
    if current == 0:  # CAR-D-2: a car that has not started only engages its start gear
        if target in allowed_from_zero:
            return ShiftCost(gear=target)
        allowed = ", ".join(str(g) for g in sorted(allowed_from_zero))
        return Refusal(
            rule="CAR-D-2",
            code=Code.NOT_FROM_GEAR_ZERO,
            values={"target": target, "allowed": allowed},
        )
    if target > current + 1:  # CORE-GEAR-2: never skip a gear upwards
        return Refusal(rule="CORE-GEAR-2", code=Code.UPSHIFT_SKIP, values=gears)
    skipped = current - target - 1
    if skipped <= 0:  # CORE-GEAR-3, CAR-D-3: up one, stay, or down one is free
        return ShiftCost(gear=target)
    if skipped == 4:  # CORE-GEAR-5, FD08-GEAR-2, FUEL-5: 6th -> 1st never, not even free
        return Refusal(rule="CORE-GEAR-5", code=Code.SIX_TO_ONE)
    if in_pit:  # PIT-B-5
        return ShiftCost(gear=target, skipped=skipped, waived_by="PIT-B-5")
    if free_downshifts:  # AMB-57 (QUAL-B-2, QUAL-1, QUAL-D-7): qualifying ignores skip costs
        return ShiftCost(gear=target, skipped=skipped, waived_by="AMB-57")
    first = table.first_area
    if wp[first] == 0:  # CORE-GEAR-6, FD08-GEAR-2, C3LAP-3: no more skipping once it is empty
        return Refusal(rule="CORE-GEAR-6", code=Code.SKIP_AREA_EMPTY, values={**gears, "area": first.value})
    cost = table.cost(skipped)
    for area, needed in cost.items():  # AMB-64 (CORE-GEAR-7): the full cost or no skip
        if wp[area] < needed:
            return Refusal(
                rule="AMB-64",
                code=Code.SKIP_COST_UNPAYABLE,
                values={
                    **gears,
                    "skipped": skipped,
                    "area": area.value,
                    "needed": needed,
                    "available": wp[area],
                },
            )
    return ShiftCost(gear=target, skipped=skipped, cost=cost)
