"""Where a tag of text goes on the board: beside the track, never over a space.

A tag's size on the map follows from its text's proportions (the default font's width and
height per pixel of font size), measured on the painting side (``game.board.tag_metrics``)
and handed in, so its place is chosen without a font or a window and checked by a test at
every zoom: the tag scales with the board.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.tracks.geometry import Point

Box = tuple[float, float, float, float]  # x, y, width, height in map pixels
#: A text's width and height in the default font, per pixel of font size.
Proportions = tuple[float, float]
#: What tells a tag's proportions from its text.
Measure = Callable[[str], Proportions]


def tag_box(proportions: Proportions, size: float, centre: Point) -> Box:
    """The map rectangle a tag of those ``proportions`` ``size`` map pixels high covers (with its dark backing)."""
    w, h = proportions
    width, height = w * size + size / 3, h * size
    return (centre[0] - width / 2, centre[1] - height / 2, width, height)


def box_points(box: Box, step: float) -> list[Point]:
    """Points over a rectangle, ``step`` apart, its rim included: what a test of overlap samples."""
    x, y, w, h = box
    nx, ny = max(1, math.ceil(w / step)), max(1, math.ceil(h / step))
    return [(x + w * i / nx, y + h * j / ny) for i in range(nx + 1) for j in range(ny + 1)]


def clear_spot(
    proportions: Proportions,
    size: float,
    anchor: Point,
    normal: Point,
    free: Callable[[Point], bool],
    start: float,
    reach: float,
) -> Point:
    """The centre of a tag beside ``anchor``: pushed out along ``normal`` from ``start`` until
    every point of its box is ``free`` (off the track), at most ``reach`` map pixels out."""
    step = size / 4
    d = start
    while True:
        centre = (anchor[0] + normal[0] * d, anchor[1] + normal[1] * d)
        if d >= reach or all(free(p) for p in box_points(tag_box(proportions, size, centre), size / 3)):
            return centre
        d += step
