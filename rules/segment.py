"""A segment of a movement: what its legal moves depend on (``MoveRequest``) and one legal way
to end it, with what it costs (``Move``); ``rules.moves`` enumerates and checks them.

Rules here: CORE-TURN-2 (a movement's segments), CORE-MOVE-5 (the overtaking exception's rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.reasons import Reason
from rules.ruleset import RuleSet
from rules.track import Track

# What a segment of a movement is (CORE-TURN-2: "the rolled spaces plus mandatory and
# optional extra spaces"): the roll (or a dream start, or the drive out of the box),
# sliding in rain (TYRE-2..5), the soft-tyre bonus (TYRE-3), slipstream (CORE-SLIP-2) or the
# Praktiker's optional space on a launch (DRESDEN-PROFILE-4).
Via = Literal["roll", "slide", "bonus", "slip", "launch"]


class Move(BaseModel):
    """One legal way to end a segment of the turn, identified by its path and what it costs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: tuple[str, ...]  # the spaces entered, in order; empty = the car stays
    via: Via = "roll"
    brakes: int = 0  # brake WP: voluntary braking (CORE-BRAKE-1), TAB-BLOCK, or a slipstream into a corner
    slip_brake: bool = False  # one of ``brakes`` is CORE-SLIP-4's WP for a slipstream ending in a corner
    tyres: int = 0  # tyre WP: overshoot (CORNER-4) and TAB-BLOCK
    blocked: int = 0  # spaces that could not be driven (CORE-BLOCK-1, PIT-B-6); 0 = not blocked
    overshoot: int = 0  # spaces beyond the end line of corners left with stops missing
    dangers: int = 0  # road-holding checks owed (CORE-DANGER-2)
    corner: int | None = None  # the corner the car stops in
    stops: int = 0  # stops made in that corner after this move (CORNER-3, CORNER-9)
    laps: int = 0  # start/finish lines crossed
    finishes: bool = False  # the car completes the race distance (CORE-END-1)
    in_box: bool = False  # the car reached its pit box (PIT-B-2)
    spin: bool = False  # the last tyre WP was lost exactly (CORNER-7, FD08-SPIN-1)
    out: Reason | None = None  # the move ends the car's race, and why

    @property
    def end(self) -> str | None:
        return self.path[-1] if self.path else None


@dataclass(frozen=True)
class MoveRequest:
    """Everything about the car and the board that its legal moves depend on."""

    track: Track
    rules: RuleSet
    start: str
    roll: int
    occupied: frozenset[str]  # cars and wrecks, without the moving car
    markers: frozenset[str] = frozenset()  # dangerous spaces (CORE-DANGER-1)
    brakes: int = 0
    tyres: int = 0
    corner: int | None = None  # the corner of the car's previous stops
    stops: int = 0  # stops made there so far
    laps_to_go: int = 99  # line crossings until the car finishes
    box: str | None = None  # the car's box if it may pit this turn (PIT-B-1)
    may_brake: bool = True  # False in the pit lane and in D qualifying
    multiplier: int | None = (
        None  # tyre WP (or qualifying "rolls") per overshoot space (TAB-TYRE-*); None = the rule set's
    )
    report_missed: bool = False  # report CORNER-5's missed stops even if the race rule ignores them (qualifying)
    prefix: tuple[str, ...] = ()  # spaces already driven in this movement (earlier segments)
    via: Via = "roll"  # which segment this is; "slip" follows the slipstream geometry

    @cached_property
    def obstacle_rows(self) -> dict[int, tuple[int, ...]]:
        """Rows of the cars in each track lane, for the overtaking exception (CORE-MOVE-5); with
        ``arc_around_markers`` dangerous spaces too, "like other cars" (ROAD-4, LANE-D-2, VAR-14).
        Not to be changed: the requests of one board share it (``_obstacle_rows``)."""
        return _obstacle_rows(self.track, self.occupied, self.markers if self.rules.arc_around_markers else None)


def _obstacle_rows(
    track: Track, occupied: frozenset[str], markers: frozenset[str] | None
) -> dict[int, tuple[int, ...]]:
    """``MoveRequest.obstacle_rows``; the last answer kept with the sets it was worked out from (a
    driver asks for the moves of every face of a gear among the same cars, the same set objects:
    ``rules.turn``). One assignment replaces it, so a window's thread may ask too."""
    last = _LAST_ROWS[0]
    if last is not None and last[0] is track and last[1] is occupied and last[2] is markers:
        return last[3]
    rows: dict[int, list[int]] = {}
    for n in occupied if markers is None else occupied | markers:
        sp = track.space(n)
        if not sp.in_pit:
            rows.setdefault(sp.lane, []).append(sp.row)
    found = {lane: tuple(sorted(r)) for lane, r in rows.items()}
    _LAST_ROWS[0] = (track, occupied, markers, found)
    return found


_LAST_ROWS: list[tuple[Track, frozenset[str], frozenset[str] | None, dict[int, tuple[int, ...]]] | None] = [None]
