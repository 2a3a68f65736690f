"""Finding the space under a point the designer drew (an arrow's end, a grid slot, a box)."""

from __future__ import annotations

import math

from game.tracks.geometry import Point, dist
from rules.track import Space


class SpaceFinder:
    """The spaces by square cells of half a space, to find the one under a drawn point
    (an arrow's end, a grid slot, a box) without measuring the distance to every space."""

    def __init__(self, spaces: list[Space], space_len: float) -> None:
        self.spaces = list(spaces)
        self.reach = space_len * 0.5
        self.cells: dict[tuple[int, int], list[Space]] = {}
        r = self.reach
        for sp in spaces:  # _cell, inlined: a board has thousands of spaces
            self.cells.setdefault((math.floor(sp.x / r), math.floor(sp.y / r)), []).append(sp)

    def _cell(self, pt: Point) -> tuple[int, int]:
        return math.floor(pt[0] / self.reach), math.floor(pt[1] / self.reach)

    def snap(self, pt: Point, pit: bool = False) -> Space | None:
        """The space whose centre is nearest to ``pt``, if within half a space (the first of equals)."""
        cx, cy = self._cell(pt)
        near = [sp for i in (cx - 1, cx, cx + 1) for j in (cy - 1, cy, cy + 1) for sp in self.cells.get((i, j), ())]
        near.sort(key=lambda sp: (sp.lane, sp.index))  # the order of the space list, for ties
        best = min((sp for sp in near if sp.in_pit == pit), key=lambda sp: dist(pt, (sp.x, sp.y)), default=None)
        if best is None or dist(pt, (best.x, best.y)) > self.reach:
            return None
        return best
