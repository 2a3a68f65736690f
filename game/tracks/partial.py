"""Lanes that begin and end: a lane of class ``lane`` with the bool property ``partial``, drawn
as an open polyline from where the printed lane begins to where it ends (a fourth lane along a
start straight). docs/track-format.md, "Lanes that begin and end".

The lanes of the whole lap are laid out first, as if the partial lane were not there, so a
map keeps its rows. The partial lane must be the leftmost or the rightmost lane wherever it
runs; its spaces are hand-placed points on it (layer ``spaces``) or spread evenly along it,
and each takes its place among the rows from the lane beside it: its progress is where it
lies between that lane's spaces, its row that of the nearer one (AMB-9). Its spaces belong to
the corner whose polygon holds their centre. Its steps: straight along it from its first
space to its last, and diagonal into the lane beside, to that lane's first space further on,
and back from that lane to its first space further on, outside arrow-only areas (CORE-MOVE-3,
CORE-MOVE-6); arrows join it like any lane.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import TypeAdapter

from game.tracks.builder import Builder, round_half_up
from game.tracks.drawing import Shape, say
from game.tracks.geometry import Path, Point, point_in_polygon
from game.tracks.pit import LaneCentres, progress_at
from game.tracks.placed import Placed
from game.tracks.spaces import LaneGeo
from rules.track import Edge, EdgeKind, LaneRun, Space, space_name

PARTIAL = "partial"
#: validates a lane's spaces in one call
_SPACES = TypeAdapter(list[Space])


@dataclass
class PartialLane:
    """A partial lane as drawn and where it runs: ``side`` is -1 left of every lane, +1 right."""

    shape: Shape
    path: Path
    side: int
    start: float = 0.0  # arc lengths along it count from its first point (``placed.hand_placed``)


def is_partial(b: Builder, shape: Shape) -> bool:
    """The lane's ``partial`` property; a value that is not a bool is reported and read as false."""
    v = shape.props.get(PARTIAL, False)
    if not isinstance(v, bool):
        b.fail(say("track.partial_value", value=repr(v)), say("track.partial_value.fix"), shape)
        return False
    return v


def _right_of(lg: LaneGeo, pt: Point) -> float:
    """How far right of lane ``lg`` (in its driving direction) the point lies; negative: left."""
    along, _ = lg.path.project(pt)
    (x0, y0), h = lg.path.at(along)
    rad = math.radians(h)
    return (pt[0] - x0) * -math.sin(rad) + (pt[1] - y0) * math.cos(rad)


def partial_lanes(b: Builder, shapes: list[Shape], lanes: list[LaneGeo], space_len: float) -> list[PartialLane]:
    """The partial lanes as drawn, each on its side of the lanes of the whole lap; at most one a side."""
    out: list[PartialLane] = []
    for s in shapes:
        if s.closed or len(s.points) < 2:
            b.fail(
                say("track.partial_closed" if s.closed else "track.partial_points"), say("track.partial_closed.fix"), s
            )
            continue
        path = Path(s.points, False)
        if path.length < space_len:
            b.fail(say("track.partial_short", pixels=round(path.length)), say("track.partial_short.fix"), s)
            continue
        mid, _ = path.at(path.length / 2)
        offsets = [_right_of(lg, mid) for lg in lanes]
        if all(o < 0 for o in offsets):
            side = -1
        elif all(o > 0 for o in offsets):
            side = 1
        else:
            b.fail(
                say("track.partial_between", x=round(mid[0]), y=round(mid[1])), say("track.partial_between.fix"), s, mid
            )
            continue
        if any(p.side == side for p in out):
            b.fail(
                say("track.partial_twice", side=say(f"track.what.side_{'left' if side < 0 else 'right'}")),
                say("track.partial_twice.fix"),
                s,
            )
            continue
        out.append(PartialLane(s, path, side))
    return out


def partial_spaces(
    b: Builder,
    part: PartialLane,
    lane: int,
    beside: LaneGeo,
    beside_lane: int,
    spaces: list[Space],
    placed: list[Placed],
    corners: list[tuple[int, tuple[Point, ...]]],
    in_zone: Callable[[Point], bool],
    space_len: float,
    n_rows: int,
) -> tuple[list[Space], LaneRun | None]:
    """The partial lane's spaces (lane index ``lane``) and where it begins and ends; ``spaces`` are
    the lap's, ``beside`` the lane of the whole lap next to it (index ``beside_lane`` there)."""
    length = part.path.length
    if placed:
        arcs = sorted(p.along for p in placed)
        points: list[Point | None] = [p.point for p in sorted(placed, key=lambda p: p.along)]
    else:
        n = max(1, round_half_up(length / space_len))
        arcs = [(k + 0.5) * length / n for k in range(n)]
        points = [None] * n
    centres = LaneCentres(spaces, [beside], beside_lane)
    level = sorted((s.progress, s.row) for s in spaces if s.lane == beside_lane)
    boxes = [
        (i, poly, min(p[0] for p in poly), min(p[1] for p in poly), max(p[0] for p in poly), max(p[1] for p in poly))
        for i, poly in corners
    ]
    found = []
    for _arc, drawn, (xy, heading) in zip(arcs, points, part.path.at_many(arcs)):
        x, y = drawn or xy
        along, off = beside.path.project_within((x, y), 3 * space_len)  # a lane's width away, or little more
        if off == math.inf:
            along, _ = beside.path.project((x, y))
        progress = round(progress_at([beside], centres, (0, along), n_rows), 6)
        row = _nearest_row(level, progress, n_rows)
        corner = next(
            (
                i
                for i, poly, x0, y0, x1, y1 in boxes
                if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon((x, y), poly)
            ),
            None,
        )
        found.append((progress, row, x, y, heading, corner))
    back = [
        k
        for k in range(1, len(found))
        if (found[k][0] - found[k - 1][0]) % n_rows >= n_rows / 2 or found[k][0] == found[k - 1][0]
    ]
    wraps = [k for k in range(1, len(found)) if found[k][0] < found[k - 1][0]]
    if back or len(wraps) > 1:
        k = (back or wraps)[0]
        b.fail(
            say("track.partial_order", space=k + 1, x=round(found[k][2]), y=round(found[k][3])),
            say("track.partial_order.fix"),
            part.shape,
            (found[k][2], found[k][3]),
        )
        return [], None
    order = sorted(range(len(found)), key=lambda k: found[k][0])  # from the start line, as every lane
    index = {k: i for i, k in enumerate(order)}
    out = _SPACES.validate_python(
        [
            {
                "name": space_name(lane, index[k]),
                "lane": lane,
                "index": index[k],
                "row": found[k][1],
                "progress": found[k][0],
                "x": round(found[k][2], 3),
                "y": round(found[k][3], 3),
                "heading": round(found[k][4] % 360.0, 3),
                "corner": found[k][5],
                "arrows_only": found[k][5] is not None or in_zone((found[k][2], found[k][3])),
            }
            for k in order
        ]
    )
    run = LaneRun(lane=lane, first=space_name(lane, index[0]), last=space_name(lane, index[len(found) - 1]))
    return out, run


def _nearest_row(level: list[tuple[float, int]], progress: float, n_rows: int) -> int:
    """The row of the space of the lane beside whose progress lies nearest; between that lane's
    last space and its first, the one on the same side of the start line, so a lap is counted
    where its progress says."""
    i = bisect_right(level, (progress, n_rows))
    behind, ahead = level[i - 1], level[i % len(level)]
    if ahead[0] < behind[0]:  # across the start line
        return behind[1] if progress >= behind[0] else ahead[1]
    gap_behind = (progress - behind[0]) % n_rows
    gap_ahead = (ahead[0] - progress) % n_rows
    return behind[1] if gap_behind <= gap_ahead else ahead[1]


def partial_edges(runs: list[LaneRun], beside_of: dict[int, int], spaces: list[Space], n_rows: int) -> list[Edge]:
    """The steps of the partial lanes: straight along each from its first space to its last, and
    diagonal between it and the lane beside, outside arrow-only areas (CORE-MOVE-3, AMB-3)."""
    by_lane: dict[int, list[Space]] = {}
    for s in spaces:
        if not s.in_pit:
            by_lane.setdefault(s.lane, []).append(s)
    for v in by_lane.values():
        v.sort(key=lambda s: s.index)
    edges: list[Edge] = []
    for run in runs:
        mine = by_lane[run.lane]
        first = next(k for k, s in enumerate(mine) if s.name == run.first)
        ring = mine[first:] + mine[:first]
        other = by_lane[beside_of[run.lane]]
        edges += [Edge(src=a.name, dst=z.name, kind=EdgeKind.STRAIGHT) for a, z in zip(ring, ring[1:])]
        out_prog = [s.progress for s in other]
        for s in ring:
            if s.arrows_only:
                continue
            t = other[bisect_right(out_prog, s.progress) % len(other)]
            if not t.arrows_only:
                edges.append(Edge(src=s.name, dst=t.name, kind=EdgeKind.DIAGONAL))
        in_prog = [(s.progress - ring[0].progress) % n_rows for s in ring]
        for k, s in enumerate(other):
            if s.arrows_only:
                continue
            to_first = (ring[0].progress - s.progress) % n_rows
            if 0 < to_first <= (other[(k + 1) % len(other)].progress - s.progress) % n_rows:
                j = 0  # the lane begins no further on than this space's own next step
            else:
                j = bisect_right(in_prog, (s.progress - ring[0].progress) % n_rows)
                if j == len(ring):
                    continue  # beside or past the lane's end, or before it begins
            if not ring[j].arrows_only:
                edges.append(Edge(src=s.name, dst=ring[j].name, kind=EdgeKind.DIAGONAL))
    return edges
