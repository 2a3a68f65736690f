"""The race screen's queue of things to show, played one after the other.

Animations only show what already happened (the session has moved on);
the race screen waits for the queue to empty before it asks for the next
decision, so the player always sees a roll or a move before the next one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from game.widgets.dice import DiceTray

STEP_TIME = 0.12  # seconds per space at normal speed

Point = tuple[float, float]


class Anim(ABC):
    @abstractmethod
    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True when finished."""

    @abstractmethod
    def finish(self) -> None:
        """Jump to the end (the player is in a hurry)."""


@dataclass
class Delay(Anim):
    seconds: float

    def update(self, dt: float) -> bool:
        self.seconds -= dt
        return self.seconds <= 0

    def finish(self) -> None:
        self.seconds = 0


@dataclass
class Call(Anim):
    """Do something at this point of the queue (write the log, play a sound, act)."""

    fn: Callable[[], None]

    def update(self, dt: float) -> bool:
        self.fn()
        return True

    def finish(self) -> None:
        """Nothing to skip: the call is made when the queue reaches it, hurried or not."""


@dataclass
class Tumble(Anim):
    tray: DiceTray

    def update(self, dt: float) -> bool:
        return self.tray.update(dt)

    def finish(self) -> None:
        self.tray.settle()


@dataclass
class Drive(Anim):
    """A car gliding from space centre to space centre along its path."""

    car: str
    points: list[Point]
    headings: list[float]
    step_time: float
    t: float = 0.0
    pose: tuple[float, float, float] = field(init=False)

    def __post_init__(self) -> None:
        self.pose = (*self.points[0], self.headings[0])

    def update(self, dt: float) -> bool:
        self.t += dt
        legs = len(self.points) - 1
        if legs <= 0:
            return True
        u = min(1.0, self.t / (self.step_time * legs)) * legs
        i = min(legs - 1, int(u))
        f = u - i
        f = f * f * (3 - 2 * f) if legs == 1 else f  # ease a single step
        a, b = self.points[i], self.points[i + 1]
        x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        self.pose = (x, y, _turn(self.headings[i], self.headings[i + 1], f))
        return self.t >= self.step_time * legs

    def finish(self) -> None:
        self.t = self.step_time * len(self.points)
        self.update(0.0)


def play(queue: list[Anim], dt: float) -> None:
    """Run the queued animations in order: the first takes the frame's time, and each one that
    ends leaves the queue so the next starts at once (it gets no time of its own this frame)."""
    budget = dt
    while queue:
        if not queue[0].update(budget):
            break
        queue.pop(0)
        budget = 0.0


def _turn(a: float, b: float, f: float) -> float:
    """Heading between ``a`` and ``b`` degrees the short way round."""
    d = (b - a + 180) % 360 - 180
    return a + d * f
