"""The board's look in normal and in high contrast, and which one the player chose.

High contrast is for players who see little contrast or few colours: dark plain tarmac,
white space borders twice as wide, corner lines on a white band, bold lane-change arrows,
a white rim round every car, and thick outlines on a dark rim round highlighted spaces.
The app sets the choice from the settings whenever they change (as the language); a board
view repaints its picture when the choice differs from the one it shows, so the change
shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """Colours and line widths of the board's markings (widths in lane widths)."""

    tarmac: Colour | None  # None: the grained asphalt
    line: Colour
    edge: float  # the track's outer edges
    border: float  # between lanes and between spaces
    corner: float  # a corner's start and end line
    corner_rim: Colour | None  # a band under the corner line
    arrow: float  # a lane-change arrow's shaft
    arrow_rim: float  # its dark rim
    chevron_rim: float  # the dark rim round the arrow's head


NORMAL = Look(
    tarmac=None,
    line=(236, 236, 230),
    edge=0.07,
    border=0.03,
    corner=0.08,
    corner_rim=None,
    arrow=0.06,
    arrow_rim=0.11,
    chevron_rim=0.02,
)
HIGH = Look(
    tarmac=(34, 35, 38),
    line=(255, 255, 255),
    edge=0.1,
    border=0.065,
    corner=0.16,
    corner_rim=(255, 255, 255),
    arrow=0.09,
    arrow_rim=0.17,
    chevron_rim=0.06,
)
#: The rim round a car in high contrast: its colour and its width in screen pixels.
RIM: Colour = (255, 255, 255)
RIM_PX = 3

_high = False


def set_high(on: bool) -> None:
    """The player's choice (``Settings.high_contrast``)."""
    global _high
    _high = on


def high() -> bool:
    return _high


def look(on: bool) -> Look:
    return HIGH if on else NORMAL
