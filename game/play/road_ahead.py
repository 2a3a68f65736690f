"""The road ahead of a car, for a camera that frames where the car is going rather than where
it has been: the lap's screens put the car near the trailing edge with this road in view."""

from __future__ import annotations

import math

from rules.track import Space, Track

#: How many spaces ahead a lap's camera keeps in view: a gear 4 roll's worth at most.
AHEAD = 12


def road_ahead(track: Track, space: str, count: int = AHEAD) -> list[Space]:
    """The car's space and up to ``count`` spaces straight ahead of it in its lane (fewer at a
    pit end or a blocked space)."""
    out = [track.space(space)]
    name: str | None = space
    for _ in range(count):
        name = track.ahead(name) if name is not None else None
        if name is None or not track.has_space(name) or track.is_blocked(name):
            break
        out.append(track.space(name))
    return out


def point_ahead(pose: tuple[float, float, float], distance: float) -> tuple[float, float]:
    """The map point ``distance`` in front of a pose (x, y, heading in degrees, 0 = east, 90 = south)."""
    x, y, heading = pose
    return x + math.cos(math.radians(heading)) * distance, y + math.sin(math.radians(heading)) * distance
