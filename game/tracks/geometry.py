"""Plane geometry for turning drawn lanes into spaces (map pixels, y down)."""

from __future__ import annotations

import math
import statistics
from bisect import bisect_right
from collections.abc import Sequence
from functools import cached_property

Point = tuple[float, float]


def dist(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def lerp(a: Point, b: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def shrink(pts: Sequence[Point], by: float) -> list[Point]:
    """The polygon moved ``by`` map pixels towards its centroid (roofs, seat blocks, zones)."""
    cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy) or 1.0
        k = max(0.0, d - by) / d
        out.append((cx + (x - cx) * k, cy + (y - cy) * k))
    return out


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

    def at_many(self, arcs: Sequence[float]) -> list[tuple[Point, float]]:
        """``at`` for each arc length, the same to the last bit, found faster when they
        mostly increase (a lane's spaces): each search starts at the last segment found, and
        a segment's heading is worked out once for all the spaces on it (a straight has many)."""
        cum, pts, last, length, closed = self.cum, self.points, len(self.points) - 2, self.length, self.closed
        out = []
        i, headed, h = 0, -1, 0.0
        for s in arcs:
            if closed:
                s %= length
            s = 0.0 if s < 0.0 else s  # min(max(s, 0.0), length), the same to the sign of a zero
            s = length if s > length else s
            if s < cum[i]:
                i = 0
            i = min(max(bisect_right(cum, s, i) - 1, 0), last)
            while i < last and cum[i + 1] - cum[i] == 0:
                i += 1
            a, b = pts[i], pts[i + 1]
            if i != headed:
                headed, h = i, heading(a, b)
            seg = cum[i + 1] - cum[i]
            t = 0.0 if seg == 0 else (s - cum[i]) / seg
            out.append(((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), h))
        return out

    def crossings(self, other: Sequence[Point], other_closed: bool) -> list[float]:
        """Arc lengths along this path where the polyline ``other`` crosses it.

        Only segment pairs whose boxes share a cell of the index are tested, in the order
        of a test of every pair, so the result is the same to the last bit."""
        opts = list(other)
        if other_closed:
            opts.append(opts[0])
        pairs = sorted({(i, j) for j, (q, q2) in enumerate(zip(opts, opts[1:])) for i in self._index.near_box(q, q2)})
        found: list[float] = []
        for i, j in pairs:
            a, b = self.points[i], self.points[i + 1]
            t = segment_intersection(a, b, opts[j], opts[j + 1])
            if t is not None:
                s = self.cum[i] + t * (self.cum[i + 1] - self.cum[i])
                if not any(abs(s - f) < 1e-6 for f in found):
                    found.append(s)
        return sorted(found)

    def project(self, pt: Point) -> tuple[float, float]:
        """(arc length of the nearest point on this path, distance to it)."""
        return nearest([self], pt)[1]

    def project_within(self, pt: Point, radius: float) -> tuple[float, float]:
        """``project`` among the segments the index offers within ``radius`` of ``pt``, compared
        in path order as a scan of all would: exact whenever the distance found is at most
        ``radius``; (0.0, inf) when no segment is offered."""
        best = (0.0, math.inf)
        for i in self._index.near_point(pt, radius):
            a, b = self.points[i], self.points[i + 1]
            dx, dy = b[0] - a[0], b[1] - a[1]
            seg2 = dx * dx + dy * dy
            t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / seg2))
            d = dist(pt, (a[0] + dx * t, a[1] + dy * t))
            if d < best[1]:
                best = (self.cum[i] + t * (self.cum[i + 1] - self.cum[i]), d)
        return best

    @cached_property
    def _index(self) -> SegmentIndex:
        return SegmentIndex(self.points)


class SegmentIndex:
    """The segments of a polyline bucketed by square cells of the plane, so that the few near a
    point or a box are found without looking at all of them (a lane has a thousand or more)."""

    def __init__(self, points: Sequence[Point]) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self.box = (min(xs), min(ys), max(xs), max(ys))
        width, height = self.box[2] - self.box[0], self.box[3] - self.box[1]
        self.span = math.hypot(width, height) + 1.0
        # cells of about two typical segments (the median: an arc's many short ones, not a
        # straight's one long one), but never so many that a long segment fills thousands
        typical = statistics.median(dist(a, b) for a, b in zip(points, points[1:])) if len(points) > 1 else 1.0
        self.cell = max(2.0 * typical, self.span / 256, 1.0)
        self.cells: dict[tuple[int, int], list[int]] = {}
        c, cells = self.cell, self.cells
        for seg, (a, b) in enumerate(zip(points, points[1:])):  # _range, inlined: a lane has hundreds of segments
            c0, c1 = math.floor(min(a[0], b[0]) / c), math.floor(max(a[0], b[0]) / c)
            r0, r1 = math.floor(min(a[1], b[1]) / c), math.floor(max(a[1], b[1]) / c)
            for col in range(c0, c1 + 1):
                for row in range(r0, r1 + 1):
                    cells.setdefault((col, row), []).append(seg)

    def covers(self, pt: Point, radius: float) -> bool:
        """Does the square of ``radius`` around ``pt`` hold the whole polyline?"""
        x0, y0, x1, y1 = self.box
        return pt[0] - radius <= x0 and pt[1] - radius <= y0 and x1 <= pt[0] + radius and y1 <= pt[1] + radius

    def _range(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        """The columns and rows of cells a box overlaps: first and last column, first and last row."""
        c = self.cell
        return math.floor(x0 / c), math.floor(x1 / c), math.floor(y0 / c), math.floor(y1 / c)

    def _keys(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]]:
        """The filled cells a box overlaps (found among the filled ones when the box is larger)."""
        i0, i1, j0, j1 = self._range(x0, y0, x1, y1)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(self.cells):
            return [(i, j) for i, j in self.cells if i0 <= i <= i1 and j0 <= j <= j1]
        return [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]

    def near_box(self, a: Point, b: Point) -> set[int]:
        """Segments whose cells overlap the box of the segment a-b (every one that may cross it).
        ``_keys`` written out: a lane is asked for every segment of every line and corner."""
        c, cells = self.cell, self.cells
        i0, i1 = math.floor(min(a[0], b[0]) / c), math.floor(max(a[0], b[0]) / c)
        j0, j1 = math.floor(min(a[1], b[1]) / c), math.floor(max(a[1], b[1]) / c)
        out: set[int] = set()
        if (i1 - i0 + 1) * (j1 - j0 + 1) > len(cells):
            for (i, j), segs in cells.items():
                if i0 <= i <= i1 and j0 <= j <= j1:
                    out.update(segs)
            return out
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                near = cells.get((i, j))
                if near:
                    out.update(near)
        return out

    def near_point(self, pt: Point, radius: float) -> list[int]:
        """Segments, in path order, in the cells overlapping the square of ``radius`` around ``pt``:
        every segment that comes within ``radius`` of it is among them."""
        keys = self._keys(pt[0] - radius, pt[1] - radius, pt[0] + radius, pt[1] + radius)
        return sorted({i for key in keys for i in self.cells.get(key, ())})


class NearPaths:
    """The segments of several paths by square cells of four times ``radius``, to project many
    points onto the nearest path quickly when only a path within ``radius`` counts
    (hand-placed spaces on their lanes; a traced board has ten thousand).

    A segment is filed under every cell it comes within ``radius`` of (column by column:
    the part of the segment over the column widened by ``radius``, then that part's rows
    widened by ``radius``, each with a hair to spare against rounding). So a segment
    within ``radius`` of a point is filed under the point's own cell, and a point needs
    one look-up. Segments are numbered across the paths in path order and filed in that
    order, so a cell lists them in the order ``nearest`` compares them (the first of
    equals wins); what a comparison needs of a segment is kept in one tuple."""

    def __init__(self, paths: Sequence[Path], radius: float) -> None:
        self.paths = list(paths)
        self.radius = radius
        self.cell = 4 * radius  # so a long straight fills few cells; a point is offered a few more segments
        # per segment: start, direction, squared length, path number, arc length at its start and its length
        self.segs: list[tuple[float, float, float, float, float, int, float, float]] = []
        self.cells: dict[tuple[int, int], list[int]] = {}
        for pi, path in enumerate(self.paths):
            cum = path.cum
            for i, (a, b) in enumerate(zip(path.points, path.points[1:])):
                dx, dy = b[0] - a[0], b[1] - a[1]
                seg = len(self.segs)
                self.segs.append((a[0], a[1], dx, dy, dx * dx + dy * dy, pi, cum[i], cum[i + 1] - cum[i]))
                for key in self._cells_near(a, b):
                    self.cells.setdefault(key, []).append(seg)

    def _cells_near(self, a: Point, b: Point) -> list[tuple[int, int]]:
        """The cells whose squares, widened by ``radius``, the segment a-b touches; for a segment
        whose widened box spans at most three cells one way (an arc's short segment, a level or
        upright straight), every cell of that box, a few more at most and found without
        working out the segment's heights column by column (more cells only offer a point
        more segments to compare)."""
        c, r = self.cell, self.radius * (1 + 1e-9) + 1e-9
        (x0, y0), (x1, y1) = (a, b) if a[0] <= b[0] else (b, a)
        cols = range(math.floor((x0 - r) / c), math.floor((x1 + r) / c) + 1)
        rows = range(math.floor((min(y0, y1) - r) / c), math.floor((max(y0, y1) + r) / c) + 1)
        if len(cols) <= 3 or len(rows) <= 3:
            return [(col, row) for col in cols for row in rows]
        out = []
        for col in cols:
            lo, hi = max(x0, col * c - r), min(x1, (col + 1) * c + r)
            if x1 > x0:  # the segment's heights where it enters and leaves the widened column
                ya, yb = y0 + (y1 - y0) * (lo - x0) / (x1 - x0), y0 + (y1 - y0) * (hi - x0) / (x1 - x0)
            else:
                ya, yb = y0, y1
            out += [
                (col, row) for row in range(math.floor((min(ya, yb) - r) / c), math.floor((max(ya, yb) + r) / c) + 1)
            ]
        return out

    def project(self, pt: Point) -> tuple[int, tuple[float, float]]:
        """``nearest(paths, pt)``, the same to the last bit whenever the distance is at most
        ``radius``; else that of ``nearest`` itself (a point off every path is rare)."""
        x, y = pt
        segs = self.segs
        best_d, best_path, best_along = math.inf, 0, 0.0
        for g in self.cells.get((math.floor(x / self.cell), math.floor(y / self.cell)), ()):
            ax, ay, dx, dy, seg2, pi, cum, length = segs[g]
            t = 0.0 if seg2 == 0 else ((x - ax) * dx + (y - ay) * dy) / seg2
            t = (t if t > 0.0 else 0.0) if t < 1.0 else 1.0  # max(0.0, min(1.0, t)) without two calls
            d = math.hypot(ax + dx * t - x, ay + dy * t - y)
            if d < best_d:
                best_d, best_path, best_along = d, pi, cum + t * length
        return (best_path, (best_along, best_d)) if best_d <= self.radius else nearest(self.paths, pt)


def nearest(paths: Sequence[Path], pt: Point) -> tuple[int, tuple[float, float]]:
    """The path nearest to ``pt`` (the first of equals) and ``project`` on it.

    The search widens around ``pt`` until a distance found is no larger than the search
    radius: then no segment outside it, of any path, can be nearer."""
    radius = min(p._index.cell for p in paths)
    while True:
        found = [p.project_within(pt, radius) for p in paths]
        best = min(range(len(paths)), key=lambda i: found[i][1])
        d = found[best][1]
        if d <= radius or all(p._index.covers(pt, radius) for p in paths):
            return best, found[best]
        radius = max(d, 2 * radius) if d < math.inf else 2 * radius
