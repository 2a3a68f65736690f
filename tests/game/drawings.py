"""Small hand-made track drawings for loader tests, built without Tiled.

A stadium: two straights joined by two half circles, driven clockwise on
screen (so every corner turns right). Lane radii 152, 200 and 248 px around
the half-circle centres; the outer lane (radius 248) is the leftmost, A.
"""

from __future__ import annotations

import math

from game.tracks.drawing import Drawing, Shape
from game.tracks.geometry import Path

CX1, CX2, CY = 400.0, 1024.0, 400.0  # half-circle centres; straights are 13 spaces long
START_X = 928.0  # the start/finish line: 11 spaces after the top straight begins, 2 before it ends
RADII = (248.0, 200.0, 152.0)  # lanes A (outer, left), B, C (inner, right)
SPACE = 48.0


def stadium_points(r: float, steps: int = 36) -> tuple[tuple[float, float], ...]:
    """A closed lane, starting at the left end of the top straight, clockwise."""
    pts = [(CX1, CY - r), (CX2, CY - r)]
    pts += [_on(CX2, r, -90 + 180 * i / steps) for i in range(1, steps)]
    pts += [(CX2, CY + r), (CX1, CY + r)]
    pts += [_on(CX1, r, 90 + 180 * i / steps) for i in range(1, steps)]
    return tuple(pts)


def pit_space_centre(line: tuple[tuple[float, float], ...], k: int) -> tuple[float, float]:
    """Centre of pit space k (0-based) as the loader places it along the pit polyline."""
    path = Path(line, False)
    m = math.floor(path.length / SPACE + 0.5) - 1
    return path.at((k + 1) * path.length / (m + 1))[0]


def _on(cx: float, r: float, deg: float) -> tuple[float, float]:
    return (cx + r * math.cos(math.radians(deg)), CY + r * math.sin(math.radians(deg)))


def stadium(stops: tuple[int, int] = (2, 1), pit: bool = True) -> Drawing:
    """A valid 3-lane stadium with two corners, a grid of 10 and a pit lane."""
    d = Drawing(
        props=dict(
            circuit_name="Test Stadium",
            laps=2,
            space_length=SPACE,
            weather_sun="13-20",
            weather_variable="6-12",
            weather_rain="1-5",
        )
    )
    d.layers["lanes"] = [Shape(1 + i, "lane", stadium_points(r), True) for i, r in enumerate(RADII)]
    d.layers["start_finish"] = [Shape(10, "start_finish", ((START_X, 100.0), (START_X, 300.0)))]
    d.layers["corners"] = [
        Shape(
            11, "corner", ((CX2, 120.0), (1340.0, 120.0), (1340.0, 680.0), (CX2, 680.0)), True, "", {"stops": stops[0]}
        ),
        Shape(
            12,
            "corner",
            ((CX1, 120.0), (80.0, 120.0), (80.0, 680.0), (CX1, 680.0)),
            True,
            "Hairpin",
            {"stops": stops[1]},
        ),
    ]
    d.layers["arrows"] = []
    # top straight, lanes A and C at y 152 and 248, slots staggered one row apart
    d.layers["grid"] = [
        Shape(
            20 + i,
            "grid_slot",
            ((START_X - SPACE / 2 - SPACE * i, CY - RADII[0 if i % 2 == 0 else 2]),),
            props={"position": i + 1},
        )
        for i in range(10)
    ]
    d.layers["grid"].append(Shape(40, "qualifying_start", ((START_X - SPACE / 2, CY - RADII[1]),)))
    if pit:
        # the pit lane runs above the top straight, from A spaces before the line to A spaces after it
        y = CY - RADII[0] - 60.0
        line = ((424.0, CY - RADII[0]), (460.0, y), (964.0, y), (1000.0, CY - RADII[0]))
        d.layers["pit"] = [Shape(50, "pit_lane", line)]
        d.layers["pit"] += [
            Shape(60 + i, "box", (pit_space_centre(line, i + 1),), props={"box": i + 1}) for i in range(10)
        ]
    return d
