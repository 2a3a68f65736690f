"""What a human's crew decides before the start and at the box, as plans the dialog edits.

Pure logic, no drawing: the limits here mirror the engine's (``SetUp``, ``PitStop``:
CAR-C-2, OPT-CAR-1/2, PIT-A-1..4, PIT-X-1..3, AMB-31, TEAM-B-2), so the dialog's - and +
never offer a value the engine would refuse; the engine still has the last word.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.texts import tr
from rules.car import Area, CarSetupRules, WearPoints, box_reserve, validate_setup
from rules.engine import needs_setup
from rules.reasons import Problem
from rules.ruleset import RuleSet
from rules.state import CarState, RaceState
from rules.tables import tyres
from rules.tables.tyres import Tyre, TyreTable

TYRES = (Tyre.HARD, Tyre.SOFT, Tyre.RAIN)


def builds_car(rules: RuleSet) -> bool:
    """May players share out their car's WP (CAR-C-2, OPT-CAR-1), not only pick tyres?"""
    s = rules.car_setup
    return needs_setup(rules) and any(s.minimum.get(a) != s.maximum.get(a) for a in s.areas)


def tyre_effects(table: TyreTable, tyre: Tyre, wet: bool, age: int = 1) -> str:
    """A tyre's consequences in one weather, in words: "fly-out ×2 · +1 optional space"."""
    parts = [tr("tyre.penalty", n=tyres.penalty(table, tyre, wet, age))]
    if tyres.bonus(table, tyre, wet, age):
        parts.append(tr("tyre.bonus"))
    slide = tyres.slide(table, tyre, wet)
    if slide:
        parts.append(tr("tyre.slide", n=slide))
    malus = tyres.malus(table, tyre, wet, age)
    if malus:
        parts.append(tr("tyre.malus", n=malus))
    return " · ".join(parts)


def worn_note(table: TyreTable, tyre: Tyre, wet: bool) -> str | None:
    """What changes once the set is in its 3rd lap (TYRE-3, TAB-TYRE-C/D), if anything."""
    fresh, worn = tyre_effects(table, tyre, wet, 1), tyre_effects(table, tyre, wet, 3)
    return None if fresh == worn else tr("tyre.worn", effects=worn)


@dataclass(frozen=True)
class SetupPlan:
    """A car's tyres and WP before the start (TYRE-1, CAR-C-2)."""

    tyre: Tyre | None
    wp: WearPoints
    build: bool  # the rules let the player share out the WP

    @classmethod
    def for_car(cls, rules: RuleSet, car: CarState, wet: bool) -> SetupPlan:
        tyre = (Tyre.RAIN if wet else Tyre.HARD) if rules.tyres else None
        return cls(tyre=tyre, wp=car.wp, build=builds_car(rules))

    def change(self, setup: CarSetupRules, area: Area, step: int) -> SetupPlan:
        """One WP more or less in ``area``, within the area's limits (OPT-CAR-2, CAR-C-3)."""
        value = self.wp[area] + step
        high = setup.maximum.get(area)
        if value < setup.minimum.get(area, 0) or (high is not None and value > high):
            return self
        if step > 0 and self.wp.total() >= setup.total:
            return self
        return replace(self, wp=self.wp.model_copy(update={area.value: value}))

    def reserve(self, setup: CarSetupRules) -> int:
        """The WP left out of the car stay in the box for repairs, where the rules keep a reserve (AMB-32)."""
        return box_reserve(setup, self.wp)

    def problems(self, setup: CarSetupRules) -> list[Problem]:
        return validate_setup(setup, self.wp, self.reserve(setup)) if self.build else []


@dataclass(frozen=True)
class BoxWork:
    """The crew's work at the box (PIT-A-1..4, PIT-X-2..3)."""

    tyre: Tyre | None
    long: bool = False
    repairs: dict[Area, int] = field(default_factory=dict)
    reserve: int = 0  # the repair WP to draw on: the car's reserve, or its team's stock (TEAM-B-2)

    @classmethod
    def for_car(cls, state: RaceState, car: CarState, wet: bool) -> BoxWork:
        tyre = (Tyre.RAIN if wet else (car.tyre or Tyre.HARD)) if state.rules.tyres else None
        return cls(tyre=tyre, reserve=state.reserve_of(car))

    def spent(self) -> int:
        return sum(self.repairs.values())

    def room(self, rules: RuleSet, car: CarState, area: Area) -> int:
        """WP the crew may still put into ``area``: never above the set-up (AMB-31), within the reserve or stock."""
        setup = car.setup or rules.default_wear
        ceiling = setup[area] - car.wp[area] - self.repairs.get(area, 0)
        return max(0, min(ceiling, self.reserve - self.spent()))

    def repair(self, rules: RuleSet, car: CarState, area: Area, step: int) -> BoxWork:
        """One WP more or less for ``area``; a repair with the long-stop rules makes it a long stop."""
        now = self.repairs.get(area, 0)
        if step < 0 and now == 0:
            return self
        if step > 0:
            opened = area not in self.repairs
            if self.room(rules, car, area) <= 0 or (opened and len(self.repairs) >= rules.pit_repair_areas):
                return self
        repairs = {a: n for a, n in {**self.repairs, area: now + step}.items() if n}
        long = self.long or (bool(repairs) and rules.pit_repairs == "long_stop")
        return replace(self, repairs=repairs, long=long)

    def toggle_long(self) -> BoxWork:
        """A long stop repairs (PIT-A-4); without it the repairs go."""
        if self.long:
            return replace(self, long=False, repairs={})
        return replace(self, long=True)


def repairable(rules: RuleSet) -> tuple[Area, ...]:
    """The areas a pit crew may repair: every area but the tyres, which come new (PIT-A-4)."""
    return tuple(a for a in rules.car_setup.areas if a is not Area.TYRES)
