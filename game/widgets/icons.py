"""Small drawn icons for the rule modules: the weather (sun, clouds, rain) and a tyre.

Drawn with primitives at any size, so the top bar, the banner and the dialogs
share one look without image files.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from rules.tables.tyres import Tyre
from rules.tables.weather import WET, Condition

SUN = (255, 200, 40)
CLOUD = (206, 212, 224)
CLOUD_DARK = (122, 132, 150)
DROP = (96, 168, 255)
#: The sidewall stripe of each compound, as on real tyres.
TYRE_STRIPE: dict[Tyre, theme.Colour] = {
    Tyre.HARD: (236, 236, 236),
    Tyre.SOFT: (230, 50, 56),
    Tyre.RAIN: (60, 140, 240),
}
_SUNNY = {"sun", "row_sun", "temp_sun", "locked_sun"}


def weather_kind(condition: Condition) -> str:
    """ "sun", "cloud" (dry but overcast or changeable) or "rain" (AMB-62: wet conditions)."""
    if condition in WET:
        return "rain"
    return "sun" if condition in _SUNNY else "cloud"


def _cloud(screen: pygame.Surface, x: float, y: float, s: float, colour: theme.Colour) -> None:
    for dx, dy, r in ((-0.32, 0.08, 0.26), (0.0, -0.1, 0.34), (0.32, 0.06, 0.26)):
        pygame.draw.circle(screen, colour, (x + dx * s, y + dy * s), r * s)
    pygame.draw.rect(
        screen, colour, pygame.Rect(x - 0.58 * s, y + 0.02 * s, 1.16 * s, 0.3 * s), border_radius=round(0.15 * s)
    )


def draw_weather(screen: pygame.Surface, centre: tuple[float, float], size: float, condition: Condition) -> None:
    """The weather's icon in a ``size`` box around ``centre``."""
    x, y = centre
    kind = weather_kind(condition)
    if kind == "sun":
        r = size * 0.24
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.line(
                screen,
                SUN,
                (x + math.cos(a) * r * 1.35, y + math.sin(a) * r * 1.35),
                (x + math.cos(a) * r * 1.9, y + math.sin(a) * r * 1.9),
                max(2, round(size / 14)),
            )
        pygame.draw.circle(screen, SUN, (x, y), r)
        return
    if kind == "cloud":
        pygame.draw.circle(screen, SUN, (x + size * 0.2, y - size * 0.16), size * 0.2)
        _cloud(screen, x - size * 0.04, y + size * 0.06, size * 0.8, CLOUD)
        return
    _cloud(screen, x, y - size * 0.12, size * 0.8, CLOUD_DARK)
    w = max(2, round(size / 16))
    for dx in (-0.26, 0.0, 0.26):
        top = (x + dx * size, y + size * 0.2)
        pygame.draw.line(screen, DROP, top, (top[0] - size * 0.08, top[1] + size * 0.24), w)


def draw_tyre(screen: pygame.Surface, centre: tuple[float, float], r: float, tyre: Tyre) -> None:
    """A tyre seen from the side: black rubber, the compound's stripe, a grey rim; rain tyres show grooves."""
    x, y = centre
    pygame.draw.circle(screen, (18, 18, 20), (x, y), r)
    if tyre is Tyre.RAIN:
        for k in range(12):
            a = k * math.pi / 6
            pygame.draw.line(
                screen,
                (52, 52, 58),
                (x + math.cos(a) * r * 0.8, y + math.sin(a) * r * 0.8),
                (x + math.cos(a) * r * 0.97, y + math.sin(a) * r * 0.97),
                max(1, round(r / 12)),
            )
    pygame.draw.circle(screen, TYRE_STRIPE[tyre], (x, y), r * 0.7, max(2, round(r * 0.1)))
    pygame.draw.circle(screen, (150, 154, 162), (x, y), r * 0.48)
    pygame.draw.circle(screen, (92, 96, 104), (x, y), r * 0.48, max(1, round(r * 0.06)))
    pygame.draw.circle(screen, (60, 62, 68), (x, y), r * 0.14)
