"""Poses and paths along a centre line, and numbers rounded the way Tiled writes them."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from trackgen.description import ARC_STEP_DEG, Point, Segment, Straight, TrackError


@dataclass(frozen=True)
class Pose:
    x: float
    y: float
    heading: float  # degrees, screen convention (y down)

    def at(self, ahead: float, left: float) -> Point:
        """The point ``ahead`` px forward and ``left`` px to the left (y down)."""
        h = math.radians(self.heading)
        return (
            self.x + ahead * math.cos(h) + left * math.sin(h),
            self.y + ahead * math.sin(h) - left * math.cos(h),
        )


def seg_length(seg: Segment) -> float:
    return seg.length if isinstance(seg, Straight) else seg.radius * math.radians(seg.angle)


def advance(pose: Pose, seg: Segment, d: float) -> Pose:
    """The centre-line pose ``d`` px into ``seg``, which starts at ``pose``."""
    if isinstance(seg, Straight):
        return Pose(*pose.at(d, 0.0), pose.heading)
    sign = 1.0 if seg.turn == "left" else -1.0
    cx, cy = pose.at(0.0, sign * seg.radius)  # centre of the circle
    heading = pose.heading - sign * math.degrees(d / seg.radius)
    x, y = Pose(cx, cy, heading).at(0.0, -sign * seg.radius)
    return Pose(x, y, heading)


def seg_points(pose: Pose, seg: Segment, offset: float) -> list[Point]:
    """Points of one segment at a lateral offset (left positive), both ends included."""
    steps = 1 if isinstance(seg, Straight) else max(2, math.ceil(seg.angle / ARC_STEP_DEG))
    total = seg_length(seg)
    return [advance(pose, seg, total * i / steps).at(0.0, offset) for i in range(steps + 1)]


def close_loop(segments: Sequence[Segment], a: int, b: int, heading: float = 0.0) -> tuple[Segment, ...]:
    """The segments with straights ``a`` and ``b`` resized so that the lap closes exactly.

    Designing by hand, the arcs set the headings and most straights their
    lengths; two straights in different directions absorb whatever is left,
    like the last two sides of a surveyor's traverse.
    """
    segs = list(segments)
    for k in (a, b):
        if not isinstance(segs[k], Straight):
            raise TrackError(f"segment {k} is not a straight")
    pose = Pose(0.0, 0.0, heading)
    dirs: dict[int, Point] = {}
    for k, seg in enumerate(segs):
        if k in (a, b):
            h = math.radians(pose.heading)
            dirs[k] = (math.cos(h), math.sin(h))
            continue
        pose = advance(pose, seg, seg_length(seg))
    (ax, ay), (bx, by) = dirs[a], dirs[b]
    den = _cross(ax, ay, bx, by)
    if abs(den) < 1e-9:
        raise TrackError("the two closing straights are parallel")
    # la * (ax, ay) + lb * (bx, by) = -(pose.x, pose.y)
    la = _cross(-pose.x, -pose.y, bx, by) / den
    lb = _cross(ax, ay, -pose.x, -pose.y) / den
    if la <= 0 or lb <= 0:
        raise TrackError(f"closing the lap needs straights of {la:.1f} and {lb:.1f} px")
    segs[a], segs[b] = Straight(round(la, 3)), Straight(round(lb, 3))
    return tuple(segs)


def chain_points(poses: Sequence[Pose], segs: Sequence[Segment], offset: float) -> list[Point]:
    """Points of consecutive segments at one offset, without doubled joints."""
    pts: list[Point] = []
    for pose, seg in zip(poses, segs):
        p = seg_points(pose, seg, offset)
        pts.extend(p[1:] if pts else p)
    return pts


def dist(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _cross(ax: float, ay: float, bx: float, by: float) -> float:
    return ax * by - ay * bx


class Path2D:
    """A polyline with arc-length look-ups: what the loader walks along."""

    def __init__(self, points: Sequence[Point]) -> None:
        self.points = list(points)
        self.cum = [0.0]
        for a, b in zip(self.points, self.points[1:]):
            self.cum.append(self.cum[-1] + dist(a, b))

    @property
    def length(self) -> float:
        return self.cum[-1]

    def at(self, s: float) -> tuple[Point, float]:
        """Point and heading (degrees) at arc length ``s``, wrapped around for lanes."""
        s %= self.length
        i = min(max(bisect_right(self.cum, s) - 1, 0), len(self.points) - 2)
        a, b = self.points[i], self.points[i + 1]
        seg = self.cum[i + 1] - self.cum[i]
        t = (s - self.cum[i]) / seg if seg else 0.0
        heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])), heading

    def crossings(self, other: Sequence[Point], closed: bool) -> list[float]:
        """Arc lengths where this path crosses the polyline (or polygon) ``other``."""
        pts = list(other) + ([other[0]] if closed else [])
        found: list[float] = []
        for i, (p, p2) in enumerate(zip(self.points, self.points[1:])):
            rx, ry = p2[0] - p[0], p2[1] - p[1]
            for o, o2 in zip(pts, pts[1:]):
                sx, sy = o2[0] - o[0], o2[1] - o[1]
                den = _cross(rx, ry, sx, sy)
                if abs(den) < 1e-12:
                    continue
                t = _cross(o[0] - p[0], o[1] - p[1], sx, sy) / den
                u = _cross(o[0] - p[0], o[1] - p[1], rx, ry) / den
                if 0.0 <= t < 1.0 and 0.0 <= u <= 1.0:
                    s = self.cum[i] + t * (self.cum[i + 1] - self.cum[i])
                    if all(abs(s - f) > 1e-6 for f in found):
                        found.append(s)
        return sorted(found)


def q(v: float) -> float:
    """Round to what survives a save in Tiled: 2 decimals, at most 6 significant digits.

    Tiled writes coordinates with QString::number (6 significant digits), so
    anything finer would change on the first save in Tiled.
    """
    return float(f"{round(v, 2):.6g}") + 0.0  # + 0.0 turns -0.0 into 0.0


def fmt(v: float) -> str:
    return f"{q(v):.6g}"


@dataclass
class Shape:
    """One object's geometry as stored in the TMX: origin plus relative points."""

    origin: Point
    rel: list[Point]

    @classmethod
    def of(cls, points: Sequence[Point], close: bool = False) -> Shape:
        ox, oy = q(points[0][0]), q(points[0][1])
        rel = [(q(x - ox), q(y - oy)) for x, y in points]
        if close:  # a closed polyline ends exactly where it starts
            rel[-1] = rel[0]
        return cls((ox, oy), rel)

    @property
    def absolute(self) -> list[Point]:
        """Absolute points, computed as pytmx does (relative + origin)."""
        ox, oy = self.origin
        return [(x + ox, y + oy) for x, y in self.rel]

    def points_attr(self) -> str:
        return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in self.rel)
