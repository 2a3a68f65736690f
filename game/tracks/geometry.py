"""Plane geometry for turning drawn lanes into spaces (map pixels, y down)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence

Point = tuple[float, float]


def dist(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def heading(a: Point, b: Point) -> float:
    """Direction from a to b in degrees: 0 = east, 90 = south (y down)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def turn(h1: float, h2: float) -> float:
    """Signed change of heading from h1 to h2 in (-180, 180]; positive = right turn."""
    d = (h2 - h1) % 360.0
    return d - 360.0 if d > 180.0 else d


def segment_intersection(p: Point, p2: Point, q: Point, q2: Point) -> float | None:
    """Parameter t in [0, 1) along p-p2 where it crosses q-q2, or None."""
    r = (p2[0] - p[0], p2[1] - p[1])
    s = (q2[0] - q[0], q2[1] - q[1])
    denom = r[0] * s[1] - r[1] * s[0]
    if abs(denom) < 1e-12:
        return None
    qp = (q[0] - p[0], q[1] - p[1])
    t = (qp[0] * s[1] - qp[1] * s[0]) / denom
    u = (qp[0] * r[1] - qp[1] * r[0]) / denom
    if 0.0 <= t < 1.0 and 0.0 <= u <= 1.0:
        return t
    return None


def point_in_polygon(pt: Point, poly: Sequence[Point]) -> bool:
    """Even-odd rule; ``poly`` is not closed explicitly."""
    x, y = pt
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                inside = not inside
    return inside


class Path:
    """A polyline measured by arc length, optionally closed (a lap)."""

    def __init__(self, points: Sequence[Point], closed: bool) -> None:
        pts = list(points)
        if closed and pts[0] != pts[-1]:
            pts.append(pts[0])
        self.points = pts
        self.closed = closed
        self.cum = [0.0]
        for a, b in zip(pts, pts[1:]):
            self.cum.append(self.cum[-1] + dist(a, b))
        self.length = self.cum[-1]

    def at(self, s: float) -> tuple[Point, float]:
        """Point and heading at arc length ``s`` (wrapped on closed paths)."""
        if self.closed:
            s %= self.length
        s = min(max(s, 0.0), self.length)
        i = min(max(bisect_right(self.cum, s) - 1, 0), len(self.points) - 2)
        while i < len(self.points) - 2 and self.cum[i + 1] - self.cum[i] == 0:
            i += 1
        a, b = self.points[i], self.points[i + 1]
        seg = self.cum[i + 1] - self.cum[i]
        t = 0.0 if seg == 0 else (s - self.cum[i]) / seg
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), heading(a, b)

    def crossings(self, other: Sequence[Point], other_closed: bool) -> list[float]:
        """Arc lengths along this path where the polyline ``other`` crosses it."""
        opts = list(other)
        if other_closed:
            opts.append(opts[0])
        found: list[float] = []
        for i, (a, b) in enumerate(zip(self.points, self.points[1:])):
            seg = self.cum[i + 1] - self.cum[i]
            for q, q2 in zip(opts, opts[1:]):
                t = segment_intersection(a, b, q, q2)
                if t is not None:
                    s = self.cum[i] + t * seg
                    if not any(abs(s - f) < 1e-6 for f in found):
                        found.append(s)
        return sorted(found)

    def project(self, pt: Point) -> tuple[float, float]:
        """(arc length of the nearest point on this path, distance to it)."""
        best = (0.0, math.inf)
        for i, (a, b) in enumerate(zip(self.points, self.points[1:])):
            dx, dy = b[0] - a[0], b[1] - a[1]
            seg2 = dx * dx + dy * dy
            t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / seg2))
            d = dist(pt, (a[0] + dx * t, a[1] + dy * t))
            if d < best[1]:
                best = (self.cum[i] + t * (self.cum[i + 1] - self.cum[i]), d)
        return best
