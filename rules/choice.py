"""A preset with single modules switched on or off, turned into the ``RuleSet`` the race uses.

The rules screen edits a ``RuleChoice``; ``rules_of`` is the only place that knows
which ``RuleSet`` fields a module sets, so the screen, the set-up and the results
agree on what "tyres on" means. A module switched on that its preset leaves off
takes the version of the preset's family: Formula D (gearbox) or Formula Dé (fuel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator

from rules.car import AREAS_CD, B_BASIC, B_BASIC_WEAR, B_OWN_CAR, C_OWN_CAR, Area, CarSetupRules
from rules.ruleset import C_DEFAULT_WEAR, PRESETS, RuleSet


@dataclass(frozen=True)
class Module:
    """One switchable module: its key (for texts) and the rule IDs it stands for."""

    key: str
    rules: tuple[str, ...]


MODULES: tuple[Module, ...] = (
    Module("slipstream", ("CORE-SLIP-1", "ADV-1")),
    Module("weather", ("WEATHER-B-1", "WEATHER-4")),
    Module("tyres", ("TYRE-1", "TYRE-B-4")),
    Module("own_car", ("OPT-CAR-1", "CAR-C-2")),
    Module("markers", ("CORE-DANGER-1", "ROAD-1")),
    Module("pit_options", ("PIT-A-1", "PIT-X-1")),
    Module("teams", ("TEAM-B-1", "TEAM-B-2", "TEAM-B-3")),
    Module("street", ("STREET-1", "STREET-3", "STREET-8")),
)
KEYS = tuple(m.key for m in MODULES)

# The Formula Dé car every player gets when the own-car module is off: C's standard car
# (AMB-30-like, ``C_DEFAULT_WEAR``) as fixed as B's basic car.
C_FIXED_CAR = CarSetupRules(
    name="formula_de_fixed",
    total=C_DEFAULT_WEAR.total(),
    areas=AREAS_CD,
    minimum={a: C_DEFAULT_WEAR[a] for a in AREAS_CD},
    maximum={a: C_DEFAULT_WEAR[a] for a in AREAS_CD},
    total_rule="AMB-30",
    limit_rule="AMB-30",
)


def known_preset(key: str) -> str:
    """``key`` if it is a preset, else the first one (a line-up from another version)."""
    return key if key in PRESETS else next(iter(PRESETS))


def following_preset(key: str) -> str:
    """The preset after ``key``, round the list: what a click on the preset button shows next."""
    keys = list(PRESETS)
    return keys[(keys.index(key) + 1) % len(keys)]


class RuleChoice(BaseModel):
    """A preset key and the modules the players switched away from it (key -> on)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    preset: str
    overrides: dict[str, bool] = {}

    @field_validator("preset")
    @classmethod
    def _known_preset(cls, key: str) -> str:
        if key not in PRESETS:
            raise ValueError(f"unknown preset {key!r}; presets: {', '.join(sorted(PRESETS))}")
        return key

    @field_validator("overrides")
    @classmethod
    def _known_modules(cls, overrides: dict[str, bool]) -> dict[str, bool]:
        stray = set(overrides) - set(KEYS)
        if stray:
            raise ValueError(f"unknown modules {sorted(stray)}; modules: {', '.join(KEYS)}")
        return overrides

    def switched(self, key: str, on: bool) -> RuleChoice:
        """The same choice with module ``key`` on or off; a module back at its preset's setting drops out."""
        overrides = {k: v for k, v in self.overrides.items() if k != key}
        if on != enabled(PRESETS[self.preset], key):
            overrides[key] = on
        return self.model_copy(update={"overrides": overrides})

    def is_on(self, key: str) -> bool:
        return enabled(rules_of(self), key)


def _fuel_family(rules: RuleSet) -> bool:
    """Formula Dé and Masters cars have fuel; Formula D 2008 cars have a gearbox (VAR-3)."""
    return Area.FUEL in rules.car_setup.areas


def _fixed_car(setup: CarSetupRules) -> bool:
    return all(setup.minimum.get(a) == setup.maximum.get(a) for a in setup.areas)


def enabled(rules: RuleSet, key: str) -> bool:
    """Is module ``key`` on in ``rules``?"""
    if key == "slipstream":
        return rules.slipstream
    if key == "weather":
        return rules.weather
    if key == "tyres":
        return rules.tyres is not None
    if key == "own_car":
        return not _fixed_car(rules.car_setup)
    if key == "markers":
        return rules.markers
    if key == "pit_options":
        return rules.pit_repairs != "none"
    if key == "teams":
        return rules.teams
    if key == "street":
        return rules.street
    raise KeyError(key)


def _switch(base: RuleSet, key: str, on: bool) -> dict[str, Any]:
    """The RuleSet fields that turn module ``key`` on or off, starting from preset ``base``."""
    fuel = _fuel_family(base)
    if key in ("slipstream", "markers", "teams"):  # teams keep the preset's stock of 4 WP (TEAM-B-2)
        return {key: on}
    if key == "weather":
        if not on:
            return {"weather": False}
        if base.weather:
            return {"weather": True}
        # WEATHER-B-2 with AMB-6 for Formula D; TAB-WEATHER-SM (WEATHER-4..10) for Formula Dé
        return {
            "weather": True,
            "weather_change": "state_machine" if fuel else "row_step",
            "weather_start": "dry" if fuel else "row",
        }
    if key == "tyres":
        return {"tyres": (base.tyres or "C") if on else None}
    if key == "own_car":
        if not on:
            return {
                "car_setup": C_FIXED_CAR if fuel else B_BASIC,
                "default_wear": C_DEFAULT_WEAR if fuel else B_BASIC_WEAR,
            }
        if enabled(base, "own_car"):
            return {"car_setup": base.car_setup}
        return {"car_setup": C_OWN_CAR if fuel else B_OWN_CAR}
    if key == "street":  # STREET-1..8: the roster's abilities (profiles) and hard tyres from the tyre table
        if on:
            return {"street": True, "profiles": True, "tyres": base.tyres or "C"}
        return {
            "street": False,
            "profiles": base.profiles and not base.street,
            "tyres": None if base.street else base.tyres,
        }
    if key == "pit_options":
        if not on:
            return {"pit_repairs": "none", "pit_reserve": 0}
        if base.pit_repairs != "none":
            return {
                "pit_repairs": base.pit_repairs,
                "pit_reserve": base.pit_reserve,
                "pit_repair_areas": base.pit_repair_areas,
            }
        # PIT-A-1..5 (long stop, 2 WP) for Formula Dé; PIT-X-1..4 (any stop, 2 WP, two areas) for Formula D
        if fuel:
            return {"pit_repairs": "long_stop", "pit_reserve": 2, "pit_repair_areas": 6}
        return {"pit_repairs": "any_stop", "pit_reserve": 2, "pit_repair_areas": 2}
    raise KeyError(key)


def rules_of(choice: RuleChoice) -> RuleSet:
    """The preset with the chosen modules switched; the preset itself when nothing changed."""
    base = PRESETS[choice.preset]
    update: dict[str, Any] = {}
    for key, on in choice.overrides.items():
        if on != enabled(base, key):
            update.update(_switch(base, key, on))
    return base.model_copy(update=update) if update else base


def preset_of(rules: RuleSet) -> str | None:
    """The key of the preset ``rules`` are, or were changed from (matched by name)."""
    return next((k for k, p in PRESETS.items() if p.name == rules.name), None)


def changed(rules: RuleSet) -> bool:
    """Were single modules switched away from the preset ``rules`` came from?"""
    key = preset_of(rules)
    return key is None or rules != PRESETS[key]
