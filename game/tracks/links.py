"""The steps between spaces: straight ahead, diagonal, the arrows the designer drew, and the
printed lines across which cars may not change lanes."""

from __future__ import annotations

from bisect import bisect_right

from pydantic import TypeAdapter

from game.tracks.builder import Builder
from game.tracks.drawing import Shape, say
from game.tracks.finder import SpaceFinder
from game.tracks.geometry import Point, dist, segment_intersection
from rules.track import LANE_LETTERS, Edge, EdgeKind, Space

#: validates a board's steps in one call, faster than ``Edge(...)`` each
_EDGES = TypeAdapter(list[Edge])


def lane_edges(spaces: list[Space], n_lanes: int) -> list[Edge]:
    """Straight-ahead steps, and diagonal steps outside arrow-only areas (CORE-MOVE-3, AMB-3), of
    the lanes of the whole lap (``partial.partial_edges`` gives those of a lane that begins and ends).

    Each lane's names, rows and arrow-only flags are read into plain lists first, and the
    steps are validated in one call at the end: a stress board has ten thousand spaces and
    thirty thousand steps."""
    lanes: list[list[Space]] = [[] for _ in range(n_lanes)]
    for s in spaces:
        lanes[s.lane].append(s)
    names = [[s.name for s in lane] for lane in lanes]
    rows = [[s.row for s in lane] for lane in lanes]  # never decreasing along a lane
    only = [[s.arrows_only for s in lane] for lane in lanes]
    straight, diagonal = EdgeKind.STRAIGHT, EdgeKind.DIAGONAL
    steps = []
    for li in range(n_lanes):
        mine, my_rows, my_only = names[li], rows[li], only[li]
        sides = [(names[lj], rows[lj], only[lj]) for lj in (li - 1, li + 1) if 0 <= lj < n_lanes and names[lj]]
        for k, name in enumerate(mine):
            steps.append({"src": name, "dst": mine[k + 1] if k + 1 < len(mine) else mine[0], "kind": straight})
            if my_only[k]:
                continue
            for other, other_rows, other_only in sides:
                ahead = bisect_right(other_rows, my_rows[k])  # the first space of the next row
                if ahead == len(other):
                    ahead = 0
                if not other_only[ahead]:
                    steps.append({"src": name, "dst": other[ahead], "kind": diagonal})
    return _EDGES.validate_python(steps)


def forbidden_changes(b: Builder, lines: list[Shape], edges: list[Edge], near: SpaceFinder) -> list[Edge]:
    """``edges`` without the diagonal steps that cross a ``no_lane_change`` line (CORE-MOVE-3:
    a board may print a line between two lanes of a straight where cars stay in their lane).

    A diagonal step crosses the line when the straight line from its space's centre to the
    next one's does; a line must cross at least one, and neither a lane's own step (then it is
    drawn across the track, not along it) nor pass over a space's centre (then it runs along a
    lane and would cut that lane off from both neighbours)."""
    if not lines:
        return edges
    at = {s.name: (s.x, s.y) for s in near.spaces}
    lane_of = {s.name: s.lane for s in near.spaces}
    steps = [
        (i, e, at[e.src], at[e.dst]) for i, e in enumerate(edges) if e.kind in (EdgeKind.STRAIGHT, EdgeKind.DIAGONAL)
    ]
    step_cells: dict[tuple[int, int], list[int]] = {}  # the steps by the cells their boxes touch, so a
    for k, (_, _, p, q) in enumerate(steps):  # line looks at the steps near it only (traced boards have many)
        for cell in _cells(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1])):
            step_cells.setdefault(cell, []).append(k)
    space_cells: dict[tuple[int, int], list[str]] = {}
    order = {n: k for k, n in enumerate(at)}
    for n, c in at.items():
        space_cells.setdefault((int(c[0] // CELL), int(c[1] // CELL)), []).append(n)
    cut: set[int] = set()
    for ln in lines:
        if len(ln.points) < 2 or ln.closed:
            b.fail(
                say("track.nlc_closed" if ln.closed else "track.nlc_not_polyline"),
                say("track.nlc_not_polyline.fix"),
                ln,
            )
            continue
        segs = list(zip(ln.points, ln.points[1:]))
        x0, y0, x1, y1 = _box(ln.points, 0.0)
        crossed = []
        near_steps = sorted({k for cell in _cells(x0, y0, x1, y1) for k in step_cells.get(cell, ())})
        for i, e, p, q in (steps[k] for k in near_steps):
            if max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0 or min(p[1], q[1]) > y1:
                continue
            if any(segment_intersection(p, q, a, z) is not None for a, z in segs):
                crossed.append((i, e))
        across = next((e for _, e in crossed if e.kind is EdgeKind.STRAIGHT), None)
        gx0, gy0, gx1, gy1 = _box(ln.points, 2 * near.reach)
        candidates = sorted(
            {n for cell in _cells(gx0, gy0, gx1, gy1) for n in space_cells.get(cell, ())}, key=order.__getitem__
        )  # in the spaces' order, as without the cells
        nearby = [(n, at[n]) for n in candidates if gx0 <= at[n][0] <= gx1 and gy0 <= at[n][1] <= gy1]
        over = next((n for n, c in nearby if min(_to_segment(c, a, z) for a, z in segs) < near.reach / 2), None)
        if across is not None:
            b.fail(
                say("track.nlc_across", lane=LANE_LETTERS[lane_of[across.src]], src=across.src, dst=across.dst),
                say("track.nlc_across.fix"),
                ln,
            )
        elif over is not None:
            b.fail(say("track.nlc_over", space=over), say("track.nlc_over.fix"), ln, at[over])
        elif not crossed:
            if nearby:
                b.fail(say("track.nlc_no_change"), say("track.nlc_no_change.fix"), ln)
            else:
                b.fail(say("track.nlc_outside"), say("track.nlc_outside.fix"), ln)
        else:
            cut.update(i for i, _ in crossed)
    return [e for i, e in enumerate(edges) if i not in cut]


#: The cell size of the look-up of steps and spaces near a line, in map pixels.
CELL = 64.0


def _cells(x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]]:
    """The cells a box touches."""
    return [
        (cx, cy)
        for cx in range(int(x0 // CELL), int(x1 // CELL) + 1)
        for cy in range(int(y0 // CELL), int(y1 // CELL) + 1)
    ]


def _to_segment(pt: Point, a: Point, z: Point) -> float:
    """Distance from ``pt`` to the segment a-z."""
    dx, dy = z[0] - a[0], z[1] - a[1]
    seg2 = dx * dx + dy * dy
    t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / seg2))
    return dist(pt, (a[0] + dx * t, a[1] + dy * t))


def _box(points: tuple[Point, ...], grow: float) -> tuple[float, float, float, float]:
    """The line's bounding box grown by ``grow``: steps outside it cannot cross the line."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def arrow_edges(b: Builder, arrows: list[Shape], near: SpaceFinder) -> list[Edge]:
    """Arrows drawn by the designer (CORE-MOVE-6): one step into an adjacent lane, as printed.

    An arrow may point any number of rows ahead (a long printed arrow at an apex) or
    sideways, into the space beside its start (AMB-3 as the game reads it: a printed
    sideways arrow is a step of one space like any other). Two sideways arrows between the
    same two spaces would let a car drive to and fro without getting anywhere, so the
    second is refused.
    """
    rows = max(s.row for s in near.spaces) + 1
    edges: list[Edge] = []
    sideways: set[tuple[str, str]] = set()
    for a in arrows:
        if len(a.points) != 2 or a.closed:
            what = say("track.what.closed") if a.closed else say("track.what.points", n=len(a.points))
            b.fail(say("track.arrow_points", what=what), say("track.arrow_points.fix"), a)
            continue
        src = near.snap(a.points[0])
        dst = near.snap(a.points[1])
        for end, sp, pt in (("start", src, a.points[0]), ("end", dst, a.points[1])):
            if sp is None:
                b.fail(say(f"track.arrow_{end}_off"), say(f"track.arrow_{end}_off.fix"), a, pt)
        if src is None or dst is None:
            continue
        ahead = (dst.row - src.row) % rows
        if abs(dst.lane - src.lane) != 1:
            b.fail(say("track.arrow_not_adjacent", src=src.name, dst=dst.name), say("track.arrow_not_adjacent.fix"), a)
        elif ahead > rows // 2:
            b.fail(
                say("track.arrow_backwards", src=src.name, src_row=src.row, dst=dst.name, dst_row=dst.row),
                say("track.arrow_backwards.fix"),
                a,
            )
        elif not (src.arrows_only or dst.arrows_only):
            b.fail(say("track.arrow_on_straight", src=src.name, dst=dst.name), say("track.arrow_on_straight.fix"), a)
        elif ahead == 0 and (dst.name, src.name) in sideways:
            b.fail(say("track.arrow_to_and_fro", src=src.name, dst=dst.name), say("track.arrow_to_and_fro.fix"), a)
        else:
            if ahead == 0:
                sideways.add((src.name, dst.name))
            edges.append(Edge(src=src.name, dst=dst.name, kind=EdgeKind.ARROW))
    return edges
