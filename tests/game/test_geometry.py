"""The indexed geometry the loader uses gives exactly what a scan of every segment gives.

The loader's speed comes from ``SegmentIndex``; the shipped tracks' graph hashes depend on
these answers to the last bit, so they are compared with the plain scans they replace.
"""

from __future__ import annotations

import math

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from game.tracks.geometry import NearPaths, Path, nearest, segment_intersection

coord = st.floats(min_value=-2000, max_value=2000, allow_nan=False, allow_infinity=False).map(lambda v: round(v, 3))
point = st.tuples(coord, coord)
polyline = st.lists(point, min_size=2, max_size=60)


def scan_project(path: Path, pt: tuple[float, float]) -> tuple[float, float]:
    best = (0.0, math.inf)
    for i, (a, b) in enumerate(zip(path.points, path.points[1:])):
        dx, dy = b[0] - a[0], b[1] - a[1]
        seg2 = dx * dx + dy * dy
        t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / seg2))
        d = math.hypot(a[0] + dx * t - pt[0], a[1] + dy * t - pt[1])
        if d < best[1]:
            best = (path.cum[i] + t * (path.cum[i + 1] - path.cum[i]), d)
    return best


def scan_crossings(path: Path, other: list[tuple[float, float]], closed: bool) -> list[float]:
    opts = other + other[:1] if closed else other
    found: list[float] = []
    for i, (a, b) in enumerate(zip(path.points, path.points[1:])):
        for q, q2 in zip(opts, opts[1:]):
            t = segment_intersection(a, b, q, q2)
            if t is not None:
                s = path.cum[i] + t * (path.cum[i + 1] - path.cum[i])
                if not any(abs(s - f) < 1e-6 for f in found):
                    found.append(s)
    return sorted(found)


@settings(max_examples=300, deadline=None)
@given(polyline, st.booleans(), point)
def test_project_is_the_scan_of_every_segment(points, closed, pt):
    path = Path(points, closed)
    assert path.project(pt) == scan_project(path, pt)


@settings(max_examples=300, deadline=None)
@given(polyline, st.booleans(), polyline, st.booleans())
def test_crossings_are_the_scan_of_every_pair(points, closed, other, other_closed):
    path = Path(points, closed)
    assert path.crossings(other, other_closed) == scan_crossings(path, other, other_closed)


@settings(max_examples=200, deadline=None)
@given(st.lists(polyline, min_size=1, max_size=4), point)
@example([[(0.0, 0.0), (-1.0, -1.0)]], (0.0, 31.0))  # a tiny path far from the point: the search must reach it
def test_nearest_path_is_the_first_of_the_closest(lines, pt):
    paths = [Path(p, False) for p in lines]
    scans = [scan_project(p, pt) for p in paths]
    best = min(range(len(paths)), key=lambda i: scans[i][1])
    assert nearest(paths, pt) == (best, scans[best])


unit = st.floats(min_value=-1.0, max_value=1.0)


@settings(max_examples=300, deadline=None)
@given(
    polyline,
    st.booleans(),
    st.lists(st.floats(min_value=-3000, max_value=9000, allow_nan=False), max_size=40),
    st.booleans(),
)
def test_at_many_is_at_for_each_arc_length(points, closed, arcs, increasing):
    """``at_many`` (the lanes' spaces, a segment's heading worked out once) gives what ``at``
    gives for every arc length, in any order, before the start or past the end too."""
    path = Path(points, closed)
    assume(path.length > 0)  # a lane is never a single point (the checker refuses it first)
    arcs = sorted(arcs) if increasing else arcs
    assert path.at_many(arcs) == [path.at(s) for s in arcs]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(polyline, min_size=1, max_size=4),
    st.floats(min_value=0.0, max_value=1.0),
    unit,
    unit,
    st.floats(min_value=1.0, max_value=200.0),
)
@example([[(0.0, 0.0), (0.0, 500.0)]], 0.5, 1.0, 0.0, 24.0)  # a vertical segment at exactly the radius
@example([[(0.0, 0.0), (480.0, 1.0)]], 0.2, 0.0, 1.0, 24.0)  # a long, nearly level one
def test_near_paths_projects_as_nearest_does(lines, along, ox, oy, radius):
    """NearPaths files every segment under each cell it comes within the radius of, so one cell
    offers every segment that can be nearest: for a point up to 1.5 radii off the first line
    (so within the radius and beyond it), in any direction, its answer is ``nearest``'s to the
    last bit, the first of equals winning as there."""
    paths = [Path(p, False) for p in lines]
    (x, y), _ = paths[0].at(along * paths[0].length)
    pt = (x + 1.5 * radius * ox, y + 1.5 * radius * oy)
    near = NearPaths(paths, radius)
    assert near.project(pt) == nearest(paths, pt)
    offered = set(near.cells.get((math.floor(pt[0] / near.cell), math.floor(pt[1] / near.cell)), ()))
    for g, (ax, ay, dx, dy, *_rest) in enumerate(near.segs):  # every segment within the radius is offered
        if scan_project(Path([(ax, ay), (ax + dx, ay + dy)], False), pt)[1] <= radius:
            assert g in offered


def test_a_long_lane_far_from_the_point_is_still_found():
    """A lap of 2,000 short segments and a point far outside it: the search widens until it
    reaches the lane, and the answer is the scan's."""
    lap = Path([(1000 * math.cos(k / 318.3), 1000 * math.sin(k / 318.3)) for k in range(2000)], True)
    far = (5000.0, 0.0)
    assert lap.project(far) == scan_project(lap, far)
    assert math.isclose(lap.project(far)[1], 4000.0, rel_tol=1e-6)
