"""How a rule set runs its qualifying laps (VAR-20..23, AMB-45, AMB-57).

Kept apart from ``rules.qualifying.grid`` (the lap itself) so that ``rules.ruleset``
can hold these parameters without importing the move generator.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class QualifyingRules(BaseModel):
    """The qualifying variant of one rule set; each field names the rule it settles."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # VAR-21: what ends a lap early. "no_stop": 0 stops in a 2- or 3-stop corner (QUAL-B-5);
    # "corner_5": CORNER-5's thresholds (QUAL-4, and AMB-45c for D).
    failure: Literal["no_stop", "corner_5"] = "corner_5"
    # VAR-21: where failed drivers start: last, the first to fail last (QUAL-4, QUAL-B-5),
    # or random slots behind the qualified drivers (QUAL-D-12).
    failed_grid: Literal["last_in_order", "random"] = "last_in_order"
    braking: bool = True  # VAR-22, AMB-57: free in B and C, forbidden in D (QUAL-D-7)
    clock_start: Literal["first_roll", "before_first_roll"] = "first_roll"  # QUAL-3 vs QUAL-D-5
    tyre_multiplier: bool = True  # QUAL-8, QUAL-D-8 (AMB-45b); B counts every space once (QUAL-B-3)
    mistake_points: int = 0  # QUAL-D-9, AMB-45a: 10 per mistake in D; B and C know no error points
    runs: int = Field(default=1, ge=1, le=2)  # QUAL-D-13: the Open has 1 or 2 runs, each with its own weather roll
    # AMB-45d: how two runs give one grid: each driver's better run ("best"), or both added ("sum")
    combine: Literal["best", "sum"] = "best"


QUAL_B = QualifyingRules(failure="no_stop", tyre_multiplier=False)
QUAL_C = QualifyingRules()
QUAL_D = QualifyingRules(failed_grid="random", braking=False, clock_start="before_first_roll", mistake_points=10)
