"""What must stay apart on a board: stretches of track the rules keep apart, and the track and
whatever is drawn over the ground (scenery, corner plates, tags).

Two spaces are of one stretch when they lie a few rows apart along the lap (rows run level
across the lanes), or two steps or places side by side link them; a car gets from any other
two, however near on the map, to each other only along the track, so the board must show
ground between them, as a printed board does. The board view's painter asks ``shoulder`` how
far its asphalt may reach beyond a space; a test asks ``problems`` about every shipped board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from game.board.labels import Box, Measure, box_points, tag_box
from game.board.street_shapes import LABEL_SIZE
from game.tracks.geometry import Point, point_in_polygon
from rules.track import Track

if TYPE_CHECKING:
    from game.board.street_shapes import StreetShapes
    from game.tracks.art import BoardArt

#: Ground between the painted asphalt of two stretches the rules keep apart, in lane widths.
MIN_GAP = 0.25
#: Spaces at most this many rows apart along the lap are of one stretch of track.
STRETCH = 2.5
#: How far the painted asphalt reaches beyond a space's edge where nothing is near, in lane widths.
SHOULDER = 0.16


class Board(Protocol):
    track: Track
    lane_width: float

    def space_polygon(self, name: str) -> list[Point]: ...

    def space_at(self, x: float, y: float) -> str | None: ...


class LaidOut(Board, Protocol):
    """A board laid out for painting, as ``problems`` checks it (``BoardLayout``, which imports
    this module): the corners' plates, the street race's tags (as ``measure`` sizes them) and
    the scenery."""

    corner_boxes: list[tuple[float, float, float, float]]
    street: StreetShapes
    measure: Measure
    art: BoardArt


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    seg2 = dx * dx + dy * dy
    t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / seg2))
    return math.hypot(p[0] - a[0] - dx * t, p[1] - a[1] - dy * t)


def polygon_gap(p: list[Point], q: list[Point]) -> float:
    """The shortest distance between two polygons' rims (0 if they cross)."""

    def one_way(a: list[Point], b: list[Point]) -> float:
        return min(_segment_distance(v, s, t) for v in a for s, t in zip(b, [*b[1:], b[0]]))

    return min(one_way(p, q), one_way(q, p))


class Apart:
    """The pairs of track spaces of one board that must show ground between them."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.track = board.track
        self.w = board.lane_width

    @cached_property
    def _lap(self) -> float:
        return float(max(s.row for s in self.track.spaces) + 1)

    def one_stretch(self, a: str, b: str) -> bool:
        """Do ``a`` and ``b`` belong to one stretch of track: at most ``STRETCH`` rows apart along
        the lap (rows run level across lanes), or two steps or places side by side?"""
        d = abs(self.track.space(a).progress - self.track.space(b).progress)
        return min(d, self._lap - d) <= STRETCH or b in self._linked[a]

    @cached_property
    def _linked(self) -> dict[str, set[str]]:
        """Each space's neighbours within two steps or places side by side, either way."""
        near: dict[str, set[str]] = {s.name: set(self.track.beside(s.name)) for s in self.track.spaces}
        for e in self.track.edges:
            near[e.src].add(e.dst)
            near[e.dst].add(e.src)
        return {name: ones.union(*(near[o] for o in ones)) for name, ones in near.items()}

    @cached_property
    def near_pairs(self) -> dict[tuple[str, str], float]:
        """Every pair of track spaces of different stretches within two lane widths: their gap."""
        spaces = [s for s in self.track.spaces if not s.in_pit]
        polys = {s.name: self.board.space_polygon(s.name) for s in spaces}
        cell = 2 * self.w
        grid: dict[tuple[int, int], list[str]] = {}
        for s in spaces:
            grid.setdefault((math.floor(s.x / cell), math.floor(s.y / cell)), []).append(s.name)
        out: dict[tuple[str, str], float] = {}
        for s in spaces:
            i, j = math.floor(s.x / cell), math.floor(s.y / cell)
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    for other in grid.get((i + di, j + dj), ()):
                        o = self.track.space(other)
                        if (
                            other <= s.name
                            or math.hypot(o.x - s.x, o.y - s.y) > 3 * self.w
                            or self.one_stretch(s.name, other)
                        ):
                            continue
                        gap = polygon_gap(polys[s.name], polys[other])
                        if gap < 2 * self.w:
                            out[(s.name, other)] = gap
        return out

    @cached_property
    def _shoulders(self) -> dict[str, float]:
        room = {s.name: SHOULDER * self.w for s in self.track.spaces}
        for (a, b), gap in self.near_pairs.items():
            half = max(0.0, (gap - MIN_GAP * self.w) / 2)
            room[a], room[b] = min(room[a], half), min(room[b], half)
        return room

    def shoulder(self, name: str) -> float:
        """How far the asphalt of space ``name`` may reach beyond its edges, in map pixels."""
        return self._shoulders[name]

    def touching(self) -> list[str]:
        """Every pair of different stretches whose painted asphalt leaves too little ground between."""
        out = []
        for (a, b), gap in sorted(self.near_pairs.items()):
            painted = gap - self.shoulder(a) - self.shoulder(b)
            if painted < MIN_GAP * self.w - 1e-6:
                out.append(
                    f"spaces {a} and {b} are {painted / self.w:.2f} lane widths apart "
                    f"(at least {MIN_GAP} needed): move the stretches apart in the map"
                )
        return out


def covered_spaces(board: Board, what: str, area: list[Point] | Box, step: float | None = None) -> list[str]:
    """Why ``area`` (a polygon, or a box x, y, w, h) lies over a space: one line per space it covers."""
    step = step or board.lane_width / 6
    if isinstance(area, tuple):
        points: Iterable[Point] = box_points(area, step)
    else:
        xs, ys = [p[0] for p in area], [p[1] for p in area]
        box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        points = [p for p in box_points(box, step) if point_in_polygon(p, area)] + list(area)
    hit = sorted({name for p in points if (name := board.space_at(p[0], p[1])) is not None})
    return [f"{what} lies over space {name}: move it off the track" for name in hit]


#: Scenery painted under the asphalt: ground, which a road may cross (water: under a bridge).
GROUND = ("paved", "grass", "runoff", "gravel", "water", "hill")


def problems(board: LaidOut) -> list[str]:
    """Everything on ``board`` that covers a space or lets two stretches touch, one line each."""
    from game import texts

    out = Apart(board).touching()
    w = board.lane_width
    for corner, box in zip(board.track.corners, board.corner_boxes):
        out += covered_spaces(board, f"the plate of corner {corner.label!r}", box)
    for key, at, _ in board.street.labels:
        for lang in texts.LANGUAGES:
            text = texts.tr_in(lang, key)
            out += covered_spaces(board, f"the tag {text!r}", tag_box(board.measure(text), LABEL_SIZE * w, at))
    for item in board.art.scenery:
        if item.cls not in GROUND and len(item.points) >= 3:
            what = f"scenery {item.cls} {item.name!r}" if item.name else f"a {item.cls} of the scenery"
            out += covered_spaces(board, what, list(item.points))
    return out
