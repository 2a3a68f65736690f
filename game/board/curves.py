"""The plane geometry a board is laid out with, in map pixels.

A lane's centre line is a centripetal Catmull-Rom curve through its space centres, sampled
``SAMPLES`` times a space (``lane_curve``); ``Nearest`` answers how far a point lies from a long
polyline by looking only in the grid cells around it; ``split_runs`` cuts a polyline where a
test says no. ``game.board.layout`` builds the board from them, ``game.board.render`` paints
with them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.tracks.geometry import Point

#: Points per space along a lane: enough for round corners at any zoom.
SAMPLES = 6


def unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


def dist_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    seg2 = dx * dx + dy * dy
    t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / seg2))
    return math.hypot(p[0] - a[0] - dx * t, p[1] - a[1] - dy * t)


def _catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point) -> Callable[[float], Point]:
    """The centripetal Catmull-Rom curve from p1 (s=0) to p2 (s=1): smooth, without loops or overshoot.

    Its knots are worked out once for the curve's every point (a board asks for some ten
    thousand); each point is the same nest of linear mixes as ``lerp`` makes them."""
    t1 = max(math.dist(p0, p1), 1e-6) ** 0.5
    t2 = t1 + max(math.dist(p1, p2), 1e-6) ** 0.5
    t3 = t2 + max(math.dist(p2, p3), 1e-6) ** 0.5
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
    span1, span2, span3, span02, span13 = t1, t2 - t1, t3 - t2, t2, t3 - t1

    def at(s: float) -> Point:
        t = t1 + (t2 - t1) * s
        k = t / span1
        ax1, ay1 = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
        k = (t - t1) / span2
        ax2, ay2 = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
        k = (t - t2) / span3
        ax3, ay3 = x2 + (x3 - x2) * k, y2 + (y3 - y2) * k
        k = t / span02
        bx1, by1 = ax1 + (ax2 - ax1) * k, ay1 + (ay2 - ay1) * k
        k = (t - t1) / span13
        bx2, by2 = ax2 + (ax3 - ax2) * k, ay2 + (ay3 - ay2) * k
        k = (t - t1) / span2
        return (bx1 + (bx2 - bx1) * k, by1 + (by2 - by1) * k)

    return at


def lane_curve(points: Sequence[Point], closed: bool) -> list[tuple[Point, Point]]:
    """(point, left normal) every 1/SAMPLES space along a lane, from half a space before its first centre.

    A closed lane gives ``len(points) * SAMPLES`` samples (the last wraps to the
    first); an open one (the pit lane) one more, ending half a space after its last centre.
    """
    n = len(points)
    if closed:

        def ctrl(i: int) -> Point:
            return points[i % n]
    else:
        pts = list(points) if n > 1 else [points[0], (points[0][0] + 1.0, points[0][1])]
        head, tail = pts[0], pts[-1]
        d0, d1 = (pts[1][0] - head[0], pts[1][1] - head[1]), (tail[0] - pts[-2][0], tail[1] - pts[-2][1])
        ext = [
            (head[0] - 2 * d0[0], head[1] - 2 * d0[1]),
            (head[0] - d0[0], head[1] - d0[1]),
            *pts,
            (tail[0] + d1[0], tail[1] + d1[1]),
            (tail[0] + 2 * d1[0], tail[1] + 2 * d1[1]),
        ]

        def ctrl(i: int) -> Point:
            return ext[i + 2]

    out = []
    curves: dict[int, Callable[[float], Point]] = {}
    for i in range(n * SAMPLES + (0 if closed else 1)):
        u = i / SAMPLES - 0.5
        k = math.floor(u)
        if k not in curves:
            curves[k] = _catmull_rom(ctrl(k - 1), ctrl(k), ctrl(k + 1), ctrl(k + 2))
        curve = curves[k]
        s = u - k
        p = curve(s)
        a, b = curve(s - 1e-3), curve(s + 1e-3)
        f = unit(b[0] - a[0], b[1] - a[1])
        out.append((p, (f[1], -f[0])))
    return out


class Nearest:
    """Distance to a long polyline; segments are bucketed on a grid because every question is local.

    A question looks in the cells around its point first and widens the search only while
    nothing lies that near: the answer is the same as searching all of ``reach`` at once (the
    nearest segment within a radius always touches a cell of that radius), and laying out a
    board asks some ten thousand of them.
    """

    def __init__(self, points: Sequence[Point], cell: float, closed: bool = True) -> None:
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[tuple[float, float, float, float, float]]] = {}
        for a, b in zip(points, [*points[1:], points[0]] if closed else points[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            segment = (a[0], a[1], dx, dy, dx * dx + dy * dy)
            for key in cells(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]), cell):
                self.buckets.setdefault(key, []).append(segment)

    def distance(self, p: Point, reach: float, first: float | None = None) -> float:
        """Distance to the nearest segment, or inf if none lies within ``reach``; the search
        begins ``first`` around ``p`` (a guess, such as the answer for a point nearby)."""
        radius = min(reach, self.cell if first is None else max(first, 0.25 * self.cell))
        while True:
            best = self._nearest(p, radius)
            if best <= radius or radius >= reach:
                return best if best <= reach else math.inf
            radius = min(reach, 2 * radius)

    def clear(self, p: Point, radius: float) -> bool:
        """Does no segment come nearer to ``p`` than ``radius``?"""
        return self._nearest(p, radius) >= radius

    def _nearest(self, p: Point, radius: float) -> float:
        """The distance to the nearest segment in the cells ``radius`` around ``p`` (inf if none)."""
        px, py = p
        best = math.inf
        get, cell = self.buckets.get, self.cell
        for cx in range(math.floor((px - radius) / cell), math.floor((px + radius) / cell) + 1):
            for cy in range(math.floor((py - radius) / cell), math.floor((py + radius) / cell) + 1):
                for ax, ay, dx, dy, seg2 in get((cx, cy), ()):
                    t = 0.0 if seg2 == 0 else ((px - ax) * dx + (py - ay) * dy) / seg2
                    if t < 0.0:
                        t = 0.0
                    elif t > 1.0:
                        t = 1.0
                    d = math.hypot(px - ax - dx * t, py - ay - dy * t)
                    if d < best:
                        best = d
        return best


class MultiNearest:
    """Distance to the nearest of several polylines."""

    def __init__(self, parts: list[Nearest]) -> None:
        self.parts = parts

    def distance(self, p: Point, reach: float) -> float:
        return min((n.distance(p, reach) for n in self.parts), default=math.inf)

    def clear(self, p: Point, radius: float) -> bool:
        return all(n.clear(p, radius) for n in self.parts)


def cells(x0: float, y0: float, x1: float, y1: float, cell: float) -> list[tuple[int, int]]:
    return [
        (cx, cy)
        for cx in range(math.floor(x0 / cell), math.floor(x1 / cell) + 1)
        for cy in range(math.floor(y0 / cell), math.floor(y1 / cell) + 1)
    ]


def split_runs(pts: list[Point], cut: Callable[[Point], bool], closed: bool) -> list[list[Point]]:
    """Runs of consecutive points for which ``cut`` is false; a closed run may wrap around."""
    keep = [not cut(p) for p in pts]
    if all(keep):
        return [pts + [pts[0]]] if closed else [pts]
    runs: list[list[Point]] = []
    start = keep.index(False) if closed else 0
    order = [(start + i) % len(pts) for i in range(len(pts))] if closed else list(range(len(pts)))
    run: list[Point] = []
    for i in order:
        if keep[i]:
            run.append(pts[i])
        elif run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return [r for r in runs if len(r) > 1]
