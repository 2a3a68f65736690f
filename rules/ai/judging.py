"""How a level narrows and compares the moves it plays out: the moves of a face worth judging,
one of each way of ending, ties without rounding noise, prices on a coarse grid, a car's own draw,
and whether a move goes on with the rain's slide."""

from __future__ import annotations

import math
import zlib

from rules.moves import Move
from rules.state import Phase, RaceState
from rules.track import Track

MOVES_JUDGED = 4  # per face of a gear played out exactly, the moves valued (the cheapest look picks them; 8 won
# no more 1-lap fields against the Pro bot, 24 on two circuits, and took a fifth longer; 16, nearly every way of
# ending, won no more of 48 3-lap races on eight GP Online boards and took half as long again)


def slides_after(track: Track, state: RaceState, m: Move, end: str) -> bool:
    """Does ``m`` go on with a slide (TYRE-2: after a stop in a corner; VAR-28's B reading: after
    a movement through any corner space), once a turn (AMB-48)?"""
    if (
        m.via == "slide"
        or m.out is not None
        or state.phase != Phase.MOVE
        or (state.movement is not None and state.movement.slid)
    ):
        return False
    if state.rules.rain_slide == "any_corner_space":
        return any(track.space(n).corner is not None for n in m.path)
    return track.space(end).corner is not None


ENGINE_TRIGGER = {5: 20, 6: 30}  # CORE-ENGINE-1: the rolls that make every car in 5th or 6th check its engine


def tie(value: float) -> float:
    """``value`` without the last bits of float rounding: two moves the look-ahead values the same
    by different sums are a tie (which the longer move wins), not a choice by rounding noise."""
    return round(value, 9)


def coarse(x: float) -> float:
    """``x`` on a grid of steps of a quarter (1, 1.25, 1.56, ...): the look-ahead remembers a
    position's value for each price it saw, so fewer prices mean fewer values to work out."""
    return round(1.25 ** round(math.log(x, 1.25)), 3) if x > 0 else 0.0


def promising(found: list[Move]) -> list[Move]:
    """The ``MOVES_JUDGED`` moves of a face that look best at a glance (staying in the race, spaces
    less WP and checks), and the best-looking of each other way to stand towards a corner (in which
    corner, with how many stops made): a 5th or 6th gear in a wide field has hundreds, and the worst
    decision must stay under a second; but at a glance a move that makes its stop in a corner looks
    no better than one ending short of it, which may leave a car too fast for it."""
    if len(found) <= MOVES_JUDGED:
        return found
    ranked = sorted(
        found, key=lambda m: (m.out is None, len(m.path) - m.brakes - m.tyres - 2 * m.dangers, m.path), reverse=True
    )
    chosen = ranked[:MOVES_JUDGED]
    seen = {(m.corner, m.stops) for m in chosen}
    for m in ranked[MOVES_JUDGED:]:
        if m.out is None and (m.corner, m.stops) not in seen:
            seen.add((m.corner, m.stops))
            chosen.append(m)
    return chosen


def distinct(found: list[Move]) -> list[Move]:
    """One move for each way of ending that a level values differently (many paths reach the
    same space at the same cost)."""
    seen: dict[tuple, Move] = {}
    for m in found:
        seen.setdefault(
            (
                m.end,
                len(m.path),
                m.brakes,
                m.tyres,
                m.dangers,
                m.corner,
                m.stops,
                m.spin,
                m.out is None,
                m.finishes,
                m.in_box,
                m.via,
            ),
            m,
        )
    return list(seen.values())


def draw(car_id: str, round_: int, n: int, offset: int = 0) -> int:
    """A number in ``offset .. offset + n - 1`` read from the car and the game round: the same in
    every run (Python's own string hash changes between runs)."""
    return zlib.crc32(f"{car_id}/{round_}".encode()) % n + offset
