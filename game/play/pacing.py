"""How fast the race screen plays a step: the humans' own at the chosen speed, the computers' faster.

A person waits through every computer turn between two of their decisions, so the computers'
turns between two human turns take at most about ``COMPUTERS_GAP`` seconds at the chosen speed
however many computers race, with no beat before a computer's die or decision (its driver
thinks while the steps before it play). A computer far from every human's car (``FAR_ROWS``
rows or more along the race, laps counted) plays ``FAR`` times faster again. Only a die for a
human's car in a human's turn rolls at the chosen speed; any other tumbles at the computers'
pace, ``COMPUTER_DIE`` times shorter than their steps; a check's die (no player chose to roll it)
settles ``CHECK_DIE`` times sooner than a gear die. Every move is still driven on the board
(for ``MIN_DRIVE`` at least) and written in the log, and the human's turn opens with what
happened since their last one.
"""

from __future__ import annotations

from game.play.race_control import RaceControl
from rules.dice import Purpose
from rules.state import CarState

COMPUTER_TURN = 7.0  # seconds a computer turn with its checks takes at full length
COMPUTERS_GAP = 3.0  # seconds all computer turns between two human turns may take
FAR_ROWS = 12  # a computer this many rows or more from every human's car ...
FAR = 3.0  # ... plays this much faster than the others
COMPUTER_DIE = 2.0  # a computer's die settles this much sooner than its steps take
CHECK_DIE = 2.0  # a check's die (a collision, a wear or weather roll) settles this much sooner than a gear die
MIN_DRIVE = 0.1  # seconds a drive lasts at least, however fast: the car is seen going its way
LONG_DRIVE = 6  # spaces: a longer drive takes the time of one this long


def pause(seconds: float, pace: float) -> float:
    """The beat before a die or a decision, ``seconds`` at the step's speed; none between the
    computers' steps played fast (their drivers decide while the steps before them play)."""
    return seconds if pace <= 1.0 else 0.0


def step_time(spaces: int, seconds: float) -> float:
    """Seconds a drive of ``spaces`` spaces takes per space, ``seconds`` at this pace: a drive
    longer than ``LONG_DRIVE`` spaces lasts as long as one of ``LONG_DRIVE`` (a fast car is seen
    going fast, not kept on the road longer), and the whole drive lasts at least ``MIN_DRIVE``."""
    n = max(1, spaces)
    return max(seconds * min(1.0, LONG_DRIVE / n), MIN_DRIVE / n)


def die_speed(purpose: Purpose, pace: float) -> float:
    """How much faster than the chosen speed a die of ``purpose`` settles at ``pace``: a gear die
    a player rolled at the chosen speed, a roll that only sets up the race (the grid, the start)
    twice as fast, a check's die ``CHECK_DIE`` times; a computer's ``COMPUTER_DIE`` times again."""
    kind = 2.0 if purpose in (Purpose.GRID, Purpose.START) else (1.0 if purpose == Purpose.GEAR else CHECK_DIE)
    return kind * (COMPUTER_DIE if pace > 1.0 else 1.0)


def pace(control: RaceControl, actor: str | None) -> float:
    """How much faster than the chosen speed a step of ``actor``'s (the car that acts or rolls) plays:
    1 for a human's car, and when no human races (a race of computers alone is watched as it is)."""
    if actor is None or control.human(actor) or not control.humans_racing():
        return 1.0
    state = control.state
    computers = sum(1 for c in state.cars if c.status == "racing" and not control.human(c.id))
    base = max(1.0, computers * COMPUTER_TURN / COMPUTERS_GAP)
    return base * FAR if far_from_humans(control, state.car(actor)) else base


def far_from_humans(control: RaceControl, car: CarState) -> bool:
    """Is the car ``FAR_ROWS`` rows or more from every human's car still racing (before the grid
    is set, none is)?"""
    track, state = control.track, control.state
    if car.space is None:
        return False

    def along(c: CarState) -> float:
        return c.crossings * track.rows + track.space(c.space or "").progress

    humans = [c for c in state.cars if control.human(c.id) and c.status == "racing"]
    if not humans or any(h.space is None for h in humans):
        return False
    return all(abs(along(car) - along(h)) >= FAR_ROWS for h in humans)
