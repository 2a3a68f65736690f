"""The dice: each gear die in its colour and shape, the black d20 for checks.

A roll on screen only plays a result the session has already decided:
the tray tumbles random faces for a moment, then settles on the
stored value and says what the roll was for.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game import theme
from game.play.racelog import LogLine
from rules.dice import Die

ROLL_TIME = 0.9  # seconds at normal speed
#: Outline corners for a die by its number of faces (a d4 looks like a triangle ...).
SIDES = {4: 3, 6: 4, 8: 4, 12: 5, 20: 6, 24: 6, 30: 8}


def die_colour(die: Die) -> theme.Colour:
    return theme.DIE_COLOURS.get(die.colour, (120, 120, 120))


def draw_die(
    screen: pygame.Surface,
    centre: tuple[float, float],
    radius: float,
    die: Die,
    value: int | None,
    angle: float = 0.0,
    glow: bool = False,
) -> pygame.Rect:
    """A die seen from above with ``value`` on top; returns its bounding box."""
    n = SIDES.get(len(die.faces), 6)
    start = angle + (math.pi / 4 if len(die.faces) == 6 else -math.pi / 2)
    pts = [
        (
            centre[0] + radius * math.cos(start + 2 * math.pi * i / n),
            centre[1] + radius * math.sin(start + 2 * math.pi * i / n),
        )
        for i in range(n)
    ]
    fill = die_colour(die)
    if glow:
        pygame.draw.circle(screen, theme.shade(theme.YELLOW, 0.9), centre, radius * 1.25, 3)
    shadow = [(x + 3, y + 5) for x, y in pts]
    pygame.draw.polygon(screen, (10, 10, 12), shadow)
    pygame.draw.polygon(screen, fill, pts)
    inner = [(centre[0] + (x - centre[0]) * 0.62, centre[1] + (y - centre[1]) * 0.62) for x, y in pts]
    pygame.draw.polygon(screen, theme.shade(fill, 1.15), inner)
    for a, b in zip(pts, inner):
        pygame.draw.aaline(screen, theme.shade(fill, 0.7), a, b)
    rim = (200, 200, 200) if die.colour == "black" else theme.shade(fill, 0.5)
    pygame.draw.polygon(screen, rim, pts, 2)
    if value is not None:
        ink = theme.ink_on(theme.shade(fill, 1.15))
        theme.text(screen, str(value), round(radius * (0.85 if value < 10 else 0.72)), ink, centre, "center")
    return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


@dataclass
class Throw:
    """One roll as the tray shows it: the die, the decided value, and what it was for."""

    die: Die
    value: int
    caption: str
    outcome: LogLine | None = None
    elapsed: float = 0.0
    duration: float = ROLL_TIME

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration


class DiceTray:
    """Tumbles a throw, then keeps showing its result until the next one."""

    def __init__(self) -> None:
        self.throw: Throw | None = None
        self._face = 0
        self._next_face = 0.0
        self._rnd = random.Random()

    def start(self, die: Die, value: int, caption: str, speed: float, outcome: LogLine | None = None) -> None:
        self.throw = Throw(die, value, caption, outcome, duration=ROLL_TIME / speed)
        self._face = self._rnd.choice(die.faces)
        self._next_face = 0.0

    def update(self, dt: float) -> bool:
        """Advance the tumble; True once the throw has settled (or there is none)."""
        t = self.throw
        if t is None or t.done:
            return True
        t.elapsed += dt
        self._next_face -= dt
        if self._next_face <= 0:
            self._face = self._rnd.choice(t.die.faces)
            self._next_face = 0.06
        return t.done

    def settle(self) -> None:
        if self.throw is not None:
            self.throw.elapsed = self.throw.duration

    def draw(self, screen: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
        t = self.throw
        if t is None:
            return
        if t.done:
            draw_die(screen, centre, radius, t.die, t.value)
            return
        p = t.elapsed / t.duration
        bounce = abs(math.sin(p * math.pi * 3)) * (1 - p) * radius * 0.5
        angle = (1 - p) ** 2 * 9.0
        draw_die(screen, (centre[0], centre[1] - bounce), radius * (1 + 0.12 * (1 - p)), t.die, self._face, angle)
