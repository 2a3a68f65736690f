"""Wear points (WP) and the rules for building a car set-up.

CORE-WEAR-1 / VAR-3: a car has six areas, with gearbox in rule set B and fuel
in C and D. ``WearPoints`` holds all seven so one model serves every set;
the area a set does not use stays at 0 and is absent from its ``areas``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.reasons import Code, Problem


class Area(StrEnum):
    """The car's areas; the values equal the ``WearPoints`` field names."""

    TYRES = "tyres"
    BRAKES = "brakes"
    GEARBOX = "gearbox"
    FUEL = "fuel"
    BODY = "body"
    ENGINE = "engine"
    ROAD_HOLDING = "road_holding"


# VAR-3: the six areas of each family of rule sets.
AREAS_B = (Area.TYRES, Area.BRAKES, Area.GEARBOX, Area.BODY, Area.ENGINE, Area.ROAD_HOLDING)
AREAS_CD = (Area.TYRES, Area.BRAKES, Area.FUEL, Area.BODY, Area.ENGINE, Area.ROAD_HOLDING)


class WearPoints(BaseModel):
    """WP left per area; never negative. Changes return a new object."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tyres: int = Field(default=0, ge=0)
    brakes: int = Field(default=0, ge=0)
    gearbox: int = Field(default=0, ge=0)
    fuel: int = Field(default=0, ge=0)
    body: int = Field(default=0, ge=0)
    engine: int = Field(default=0, ge=0)
    road_holding: int = Field(default=0, ge=0)

    def __getitem__(self, area: Area) -> int:
        return getattr(self, Area(area).value)

    def total(self) -> int:
        return sum(self.as_dict().values())

    def as_dict(self) -> dict[Area, int]:
        return {area: self[area] for area in Area}

    def can_pay(self, cost: Mapping[Area, int]) -> bool:
        """True if every listed amount is available in its own area (AMB-19a, AMB-64)."""
        return all(self[area] >= n for area, n in cost.items())

    def spend(self, area: Area, n: int = 1) -> WearPoints:
        """Strike ``n`` WP; the engine decides elimination before overspending."""
        return self.pay({area: n})

    def pay(self, cost: Mapping[Area, int]) -> WearPoints:
        """Strike a whole cost at once (a skip, a blocked lane)."""
        if any(n < 0 for n in cost.values()):
            raise ValueError(f"cannot strike a negative number of WP: {dict(cost)}")
        if not self.can_pay(cost):
            raise ValueError(f"cost {dict(cost)} exceeds the WP left {self.as_dict()}")
        return self.model_copy(update={Area(a).value: self[a] - n for a, n in cost.items()})


class CarSetupRules(BaseModel):
    """How a rule set lets a player distribute WP (TAB-CAR, VAR-4).

    ``minimum``/``maximum`` list per-area limits; an area missing from
    ``maximum`` has no upper limit. ``total_rule``/``limit_rule`` are the
    rule IDs that problems cite.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    total: int
    areas: tuple[Area, ...]
    minimum: dict[Area, int]
    maximum: dict[Area, int] = {}
    total_rule: str
    limit_rule: str
    reserve: bool = False  # AMB-32: part of the total may stay in the box as a repair reserve

    @model_validator(mode="after")
    def _limits_name_used_areas(self) -> CarSetupRules:
        stray = (set(self.minimum) | set(self.maximum)) - set(self.areas)
        if stray:
            raise ValueError(f"limits for areas outside the rule set: {sorted(stray)}")
        return self


# AMB-30: the printed dashboard of the commercial basic game (unverified).
B_BASIC_WEAR = WearPoints(tyres=6, brakes=3, gearbox=3, body=3, engine=3, road_holding=2)

# B basic: no building; the set-up is fixed to B_BASIC_WEAR (min = max).
B_BASIC = CarSetupRules(
    name="formula_d_basic",
    total=20,
    areas=AREAS_B,
    minimum={a: B_BASIC_WEAR[a] for a in AREAS_B},
    maximum={a: B_BASIC_WEAR[a] for a in AREAS_B},
    total_rule="AMB-30",
    limit_rule="AMB-30",
)

# OPT-CAR-1 (20 WP) and OPT-CAR-2 (tyres 1-14, others 1-7).
B_OWN_CAR = CarSetupRules(
    name="formula_d_own_car",
    total=20,
    areas=AREAS_B,
    minimum={a: 1 for a in AREAS_B},
    maximum={a: 14 if a is Area.TYRES else 7 for a in AREAS_B},
    total_rule="OPT-CAR-1",
    limit_rule="OPT-CAR-2",
)

# CAR-C-1 (areas with fuel), CAR-C-2 (20 WP), CAR-C-3 (each >= 1, no maximum).
C_OWN_CAR = CarSetupRules(
    name="formula_de_own_car",
    total=20,
    areas=AREAS_CD,
    minimum={a: 1 for a in AREAS_CD},
    total_rule="CAR-C-2",
    limit_rule="CAR-C-3",
)

# RACE-D-4 (22 WP "car + box": AMB-32, the areas and a box reserve for repairs),
# CAR-D-1 (areas with fuel), CAR-D-4 (each >= 1).
D_DRESDEN = CarSetupRules(
    name="dresden",
    total=22,
    areas=AREAS_CD,
    minimum={a: 1 for a in AREAS_CD},
    total_rule="RACE-D-4",
    limit_rule="CAR-D-4",
    reserve=True,
)


def box_reserve(rules: CarSetupRules, wp: WearPoints) -> int:
    """AMB-32: the WP of the total a set-up leaves in the box; 0 where the rules keep none."""
    return max(0, rules.total - wp.total()) if rules.reserve else 0


def validate_setup(rules: CarSetupRules, wp: WearPoints, reserve: int = 0) -> list[Problem]:
    """Every problem of a proposed set-up at once, for the set-up screen; never raises.
    ``reserve`` is the box reserve (AMB-32), counted in the total where the rules have one."""
    problems: list[Problem] = []
    if reserve and not rules.reserve:
        problems.append(Problem(rule="AMB-32", code=Code.SETUP_NO_RESERVE, values={"points": reserve}))
    for area in Area:
        points = wp[area]
        if area not in rules.areas:
            if points:  # VAR-3: gearbox in B, fuel in C/D, never both
                problems.append(
                    Problem(
                        rule="VAR-3",
                        code=Code.SETUP_AREA_UNUSED,
                        values={"area": area.value, "points": points},
                    )
                )
            continue
        low, high = rules.minimum.get(area, 0), rules.maximum.get(area)
        if points < low:
            problems.append(
                Problem(
                    rule=rules.limit_rule,
                    code=Code.SETUP_BELOW_MINIMUM,
                    values={"area": area.value, "points": points, "minimum": low},
                )
            )
        if high is not None and points > high:
            problems.append(
                Problem(
                    rule=rules.limit_rule,
                    code=Code.SETUP_ABOVE_MAXIMUM,
                    values={"area": area.value, "points": points, "maximum": high},
                )
            )
    if wp.total() + reserve != rules.total:
        problems.append(
            Problem(
                rule=rules.total_rule,
                code=Code.SETUP_WRONG_TOTAL,
                values={"total": wp.total() + reserve, "required": rules.total},
            )
        )
    return problems
