"""How fast the race screen plays a step: the humans' own at the chosen speed, the computers' faster.

A person waits through every computer turn between two of their decisions, so the computers'
turns between two human turns take at most about ``COMPUTERS_GAP`` seconds at the chosen speed
however many computers race, with no beat before a computer's die or decision (its driver
thinks while the steps before it play). A computer far from every human's car (``FAR_ROWS``
rows or more along the race, laps counted) plays ``FAR`` times faster again. Only a die for a
human's car in a human's turn rolls at the chosen speed; any other tumbles at the computers'
pace, ``COMPUTER_DIE`` times shorter than their steps. Every move is still driven on the board
(for ``MIN_DRIVE`` at least) and written in the log, and the human's turn opens with what
happened since their last one.
"""

from __future__ import annotations

from game.play.race_control import RaceControl
from rules.state import CarState

COMPUTER_TURN = 7.0  # seconds a computer turn with its checks takes at full length
COMPUTERS_GAP = 3.0  # seconds all computer turns between two human turns may take
FAR_ROWS = 12  # a computer this many rows or more from every human's car ...
FAR = 3.0  # ... plays this much faster than the others
COMPUTER_DIE = 2.0  # a computer's die settles this much sooner than its steps take
MIN_DRIVE = 0.1  # seconds a drive lasts at least, however fast: the car is seen going its way


def pause(seconds: float, pace: float) -> float:
    """The beat before a die or a decision, ``seconds`` at the step's speed; none between the
    computers' steps played fast (their drivers decide while the steps before them play)."""
    return seconds if pace <= 1.0 else 0.0


def step_time(spaces: int, seconds: float) -> float:
    """Seconds a drive of ``spaces`` spaces takes per space, ``seconds`` at this pace, so that the
    whole drive lasts at least ``MIN_DRIVE``."""
    return max(seconds, MIN_DRIVE / max(1, spaces))


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
