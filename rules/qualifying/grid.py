"""Qualifying results: the score of a timed lap and the starting grid they give.

Scores (TAB-QUAL-EX):

* QUAL-3 / QUAL-5 (Formula Dé): gear-die rolls + 1 per full minute + the
  spaces flown out of corners times the tyre multiplier (QUAL-8).
* QUAL-B-3 (Formula D 2008): the same with every space counted once; the
  engine's lap tally already holds the overshoot ×1 there (``tyre_multiplier``).
* QUAL-D-11 (Dresden): rolls + penalty points (QUAL-D-8, AMB-45b) + full
  minutes + 10 error points per mistake (QUAL-D-9, AMB-45a), then the driver
  profile's -1 (Theoretiker) or +1 (Praktiker).

QUAL-D-9 on a screen: a mistake is a driving-rule violation the recorder
notes during the lap. Here the engine refuses every illegal gear, roll and
move before it happens (and says why), so no violation can ever be made and
the screen records 0 mistakes for every lap. ``LapResult.mistakes`` and
``QualifyingRules.mistake_points`` keep the rule exact for results that come
from elsewhere (a lap on a physical board entered by hand) and for the tests.

With two runs (QUAL-D-13, the Open) each driver has a lap in each; ``combined`` makes one
result of them: the better run (AMB-45d) or, by the other reading, both added.

The grid: qualified drivers by score, then time (QUAL-6, QUAL-B-4,
QUAL-D-11); drivers whose lap ended in a corner (QUAL-4, QUAL-B-5) or who
did not finish (AMB-45c) start behind them, either last in order of
failure, the first to fail last (QUAL-4), or in random order drawn with the
black die (QUAL-D-12, AMB-45c) the way FD08-GRID-1 rolls a whole grid.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from rules.actions import Action
from rules.dice import BLACK_DIE, Roller
from rules.qualifying.rules import QualifyingRules

MINUTE_MS = 60_000


class LapResult(BaseModel):
    """One driver's qualifying lap as the steward writes it down."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    driver: str  # the car id
    name: str
    rolls: int = Field(ge=0)  # gear-die rolls (QUAL-3 step 2)
    penalty: int = Field(default=0, ge=0)  # overshoot spaces × multiplier (QUAL-3 step 3, QUAL-8, QUAL-D-8)
    mistakes: int = Field(default=0, ge=0)  # QUAL-D-9 (always 0 on screen, see the module doc)
    modifier: int = Field(default=0, ge=-1, le=1)  # QUAL-D-11: Theoretiker -1, Praktiker +1 (DRESDEN-PROFILE-3/4)
    time_ms: int = Field(ge=0)
    failed: str | None = None  # the corner whose missed stops ended the lap (QUAL-4, QUAL-B-5)
    failure_order: int | None = Field(default=None, ge=1)  # 1 = the first lap of the session that failed
    finished: bool = True  # crossed the line

    @property
    def qualified(self) -> bool:
        """A complete lap: it crossed the line with no corner ending it (AMB-45c)."""
        return self.finished and self.failed is None

    @property
    def minutes(self) -> int:
        """Full minutes only: 4 min 22 s counts 4 (QUAL-5)."""
        return self.time_ms // MINUTE_MS


def score(result: LapResult, rules: QualifyingRules) -> int:
    """The lap's "rolls": QUAL-3, QUAL-B-3 or QUAL-D-11 (see the module doc), with the driver
    profile's modifier on the score, never on the time (AMB-45f)."""
    return result.rolls + result.minutes + result.penalty + rules.mistake_points * result.mistakes + result.modifier


class TimedAction(BaseModel):
    """One action of a lap and the stopwatch time (ms) it was made at: a ghost's step."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    at_ms: int = Field(ge=0)
    action: Action


class Grid(BaseModel):
    """The starting grid a session gives: car ids, pole first, and any black-die draws made."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    order: tuple[str, ...]
    draws: dict[str, tuple[int, ...]] = {}  # QUAL-D-12: each non-qualified driver's black-die rolls


def black_die_order(ids: list[str], dice: Roller) -> tuple[list[str], dict[str, tuple[int, ...]]]:
    """FD08-GRID-1's draw: each rolls the black die, highest first; ties re-roll among themselves."""
    rolls: dict[str, tuple[int, ...]] = {i: () for i in ids}
    tied = list(ids)
    while tied:
        for i in tied:
            rolls[i] += (dice.roll(BLACK_DIE),)
        groups: dict[tuple[int, ...], list[str]] = {}
        for i in ids:
            groups.setdefault(rolls[i], []).append(i)
        tied = [i for group in groups.values() if len(group) > 1 for i in group]
    return sorted(ids, key=lambda i: rolls[i], reverse=True), rolls


def ranking(results: list[LapResult], rules: QualifyingRules) -> list[LapResult]:
    """The qualified laps, best first: fewest "rolls", then the faster time (QUAL-6, QUAL-B-4, QUAL-D-11)."""
    return sorted((r for r in results if r.qualified), key=lambda r: (score(r, rules), r.time_ms))


def combined(runs: Sequence[Sequence[LapResult]], rules: QualifyingRules) -> list[LapResult]:
    """QUAL-D-13, AMB-45d: one result per driver, in the first run's driving order. ``best``: the
    better of the driver's laps (a complete lap first, then the score, then the time); ``sum``:
    the rolls, penalties, mistakes and times added, complete only if every lap is."""
    if len(runs) == 1:
        return list(runs[0])
    laps: dict[str, list[LapResult]] = {}
    for run in runs:
        for r in run:
            laps.setdefault(r.driver, []).append(r)
    out = []
    for _driver, mine in laps.items():
        if rules.combine == "best":
            out.append(min(mine, key=lambda r: (not r.qualified, score(r, rules), r.time_ms)))
            continue
        failed = next((r for r in mine if not r.qualified), None)
        out.append(
            mine[0].model_copy(
                update={
                    "rolls": sum(r.rolls for r in mine),
                    "penalty": sum(r.penalty for r in mine),
                    "mistakes": sum(r.mistakes for r in mine),
                    "time_ms": sum(r.time_ms for r in mine),
                    "failed": failed.failed if failed else None,
                    "finished": all(r.finished for r in mine),
                    "failure_order": failed.failure_order if failed else None,
                }
            )
        )
    return out


def grid_order(results: list[LapResult], rules: QualifyingRules, dice: Roller) -> Grid:
    """The starting grid from every driver's lap (the module doc gives the rules).

    ``results`` are in the order the laps were driven: an equal score and an
    equal time to the millisecond keep that order. ``dice`` is only rolled
    when non-qualified drivers are placed at random.
    """
    ids = [r.driver for r in results]
    if len(set(ids)) != len(ids):
        raise ValueError(f"each driver qualifies once; the results name {ids}")
    qualified = ranking(results, rules)
    others = [r for r in results if not r.qualified]
    order = [r.driver for r in qualified]
    if rules.failed_grid == "random":
        behind, draws = black_die_order([r.driver for r in others], dice)
        return Grid(order=tuple(order + behind), draws=draws)

    # QUAL-4: the first to fail starts last; without a failure number the driving order tells
    def failed_when(r: LapResult) -> int:
        return r.failure_order if r.failure_order is not None else results.index(r) + 1

    return Grid(order=tuple(order + [r.driver for r in sorted(others, key=failed_when, reverse=True)]))
