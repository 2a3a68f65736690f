"""The spaces of the lanes: where each lane is cut, and the spaces spread between the cuts.

The method (docs/track-format.md, "What the game derives"): every lane is
cut at the start/finish line, at corner borders and at row lines. Between
two cuts each lane gets ``round(length / space_length)`` evenly spaced
spaces; the piece has as many rows as its longest lane has spaces, and a
shorter lane's spaces take the nearest rows (AMB-9). Because straights have
the same length in every lane, their spaces line up row by row.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.tracks.builder import Builder, round_half_up
from game.tracks.drawing import Shape
from game.tracks.geometry import Path, Point, dist, point_in_polygon, turn
from rules.track import Space, space_name


@dataclass(frozen=True)
class Cut:
    """A place where every lane is cut: (kind, object id)."""

    kind: str  # "start", "enter", "leave", "row"
    obj: int


@dataclass
class LaneGeo:
    """One lane as drawn, closed into a lap, with where the cuts fall along it."""

    shape: Shape
    path: Path
    start: float = 0.0  # arc length of the start line on the drawn path
    cuts: list[tuple[float, Cut]] | None = None  # along the lap, from the start line

    def at(self, s: float) -> tuple[Point, float]:
        return self.path.at(self.start + s)

    def lap(self, s_drawn: float) -> float:
        return (s_drawn - self.start) % self.path.length



def lane_shapes(b: Builder, drawn: list[Shape], space_len: float) -> list[Shape]:
    """Lane objects, closed into laps; a polyline must end where it began."""
    out = []
    for s in drawn:
        if len(s.points) < 3:
            b.fail("lane has fewer than 3 points", "draw the lane as a polyline or polygon around the whole circuit", s)
            continue
        if not s.closed and dist(s.points[0], s.points[-1]) > max(space_len / 2, 1.0):
            b.fail(
                "lane does not close the lap: its last point is far from its first",
                "move the lane's last point onto its first point, or draw the lane as a polygon",
                s,
                s.points[-1],
            )
            continue
        pts = s.points if s.closed else s.points[:-1]
        out.append(Shape(s.id, s.cls, tuple(pts), True, s.name, s.props))
    return out


def cut_lanes(b: Builder, lanes: list[LaneGeo], start: Shape, corners: list[Shape], rows: list[Shape]) -> None:
    """Find where the start line, corner borders and row lines cut each lane."""
    mark = len(b.problems)
    for lg in lanes:
        xs = lg.path.crossings(start.points, start.closed)
        if len(xs) != 1:
            b.fail(
                f"the start/finish line crosses lane object {lg.shape.id} {len(xs)} times",
                "make the start/finish line cross every lane exactly once",
                start,
            )
            continue
        lg.start = xs[0]
        cuts: list[tuple[float, Cut]] = [(0.0, Cut("start", start.id))]
        for c in corners:
            if len(c.points) < 3:
                b.fail("corner is not a polygon", "draw the corner's stop area as a polygon", c)
                continue
            xs = lg.path.crossings(c.points, True)
            if len(xs) != 2:
                b.fail(
                    f"lane object {lg.shape.id} crosses the corner border {len(xs)} times",
                    "shape the corner polygon so every lane enters it once and leaves it once",
                    c,
                )
                continue
            a, z = sorted(lg.lap(x) for x in xs)
            mid, _ = lg.at((a + z) / 2)
            if not point_in_polygon(mid, c.points):
                b.fail(
                    "the corner contains the start/finish line",
                    "move the start/finish line onto a straight, outside every corner",
                    c,
                )
                continue
            cuts += [(a, Cut("enter", c.id)), (z, Cut("leave", c.id))]
        for r in rows:
            xs = lg.path.crossings(r.points, r.closed)
            if len(xs) != 1:
                b.fail(
                    f"row line crosses lane object {lg.shape.id} {len(xs)} times",
                    "draw the row line straight across the track so it crosses every lane once",
                    r,
                )
                continue
            cuts.append((lg.lap(xs[0]), Cut("row", r.id)))
        lg.cuts = sorted(cuts, key=lambda c: c[0])
    if len(b.problems) > mark:
        return
    headings = [lg.at(0.0)[1] for lg in lanes]
    reversed_ = {id(lg) for lg, h in zip(lanes[1:], headings[1:]) if abs(turn(headings[0], h)) > 90}
    for lg in lanes[1:]:
        if id(lg) in reversed_:
            b.fail(
                "this lane is drawn against the direction of the other lanes",
                "delete the lane and draw it again in the driving direction, from the start/finish line round the lap "
                "(Tiled 1.8 cannot reverse a polyline)",
                lg.shape,
            )
    ref = [c for _, c in lanes[0].cuts or []]
    for lg in lanes[1:]:
        cuts = lg.cuts or []
        order = [c for _, c in cuts]
        if order != ref and id(lg) not in reversed_:  # a reversed lane meets everything backwards
            k = next((i for i, (mine, theirs) in enumerate(zip(order, ref)) if mine != theirs), min(len(order), len(ref)))
            mine = describe(order[k]) if k < len(order) else "nothing more"
            theirs = describe(ref[k]) if k < len(ref) else "nothing more"
            at = lg.at(cuts[k][0])[0] if k < len(cuts) else lg.shape.anchor
            b.fail(
                f"lane object {lg.shape.id} meets {mine} here, where lane object {lanes[0].shape.id} meets {theirs}: "
                "every lane must cross the corner borders and row lines in the same order",
                "make that corner or row line span the whole width of the track, square to the lanes",
                lg.shape,
                at,
            )


def right_offset(ref: LaneGeo, lg: LaneGeo) -> float:
    """How far right of ``ref`` this lane lies at the start line (sort key: left lane first)."""
    (x0, y0), h = ref.at(0.0)
    (x, y), _ = lg.at(0.0)
    rad = math.radians(h)
    # right-hand normal of heading (cos, sin) with y down is (-sin, cos)
    return (x - x0) * -math.sin(rad) + (y - y0) * math.cos(rad)


def make_spaces(
    b: Builder, lanes: list[LaneGeo], corners: list[Shape], zones: list[Shape], space_len: float
) -> tuple[list[Space], list[int], dict[int, tuple[int, int]], int]:
    """Spread spaces over each piece between cuts.

    Returns the spaces, the corner object ids in lap order, each corner's
    first and last row, and the number of rows in the lap.
    """
    cut_order = [c for _, c in lanes[0].cuts or []]
    n_pieces = len(cut_order)
    corner_order = sorted((c.id for c in corners), key=lambda cid: first_cut(cut_order, cid))
    corner_index = {cid: i for i, cid in enumerate(corner_order)}
    per_lane: list[list[Space]] = [[] for _ in lanes]
    corner_rows: dict[int, tuple[int, int]] = {}
    row0 = 0
    open_corner: int | None = None
    for piece in range(n_pieces):
        cut = cut_order[piece]
        if cut.kind == "enter":
            open_corner = corner_index[cut.obj]
            corner_rows[open_corner] = (row0, row0)
        elif cut.kind == "leave":
            open_corner = None
        counts = []
        spans = []
        for lg in lanes:
            cuts = lg.cuts or []
            a = cuts[piece][0]
            z = cuts[piece + 1][0] if piece + 1 < n_pieces else lg.path.length
            spans.append((a, z))
            counts.append(max(1, round_half_up((z - a) / space_len)))
        if min(z - a for a, z in spans) < space_len / 2:
            nxt = cut_order[(piece + 1) % n_pieces]
            b.fail(
                f"less than half a space lies between {describe(cut)} and {describe(nxt)}",
                "move them at least one space apart, or together",
                at=lanes[0].at(spans[0][0])[0],
            )
        n_rows = max(counts)
        for li, lg in enumerate(lanes):
            a, z = spans[li]
            n = counts[li]
            for k in range(n):
                pos = (k + 0.5) * n_rows / n - 0.5
                (x, y), h = lg.at(a + (k + 0.5) * (z - a) / n)
                in_zone = any(point_in_polygon((x, y), zs.points) for zs in zones if len(zs.points) >= 3)
                index = len(per_lane[li])
                per_lane[li].append(
                    Space(
                        name=space_name(li, index),
                        lane=li,
                        index=index,
                        row=row0 + round_half_up(pos),
                        progress=round(row0 + pos, 6),
                        x=round(x, 3),
                        y=round(y, 3),
                        heading=round(h % 360.0, 3),
                        corner=open_corner,
                        arrows_only=open_corner is not None or in_zone,
                    )
                )
        row0 += n_rows
        if open_corner is not None:
            corner_rows[open_corner] = (corner_rows[open_corner][0], row0 - 1)
    return [s for lane in per_lane for s in lane], corner_order, corner_rows, row0


def describe(cut: Cut) -> str:
    what = {"start": "the start/finish line", "enter": "the start of corner", "leave": "the end of corner", "row": "row line"}
    return what[cut.kind] if cut.kind == "start" else f"{what[cut.kind]} object {cut.obj}"


def first_cut(order: list[Cut], obj: int) -> int:
    return next(i for i, c in enumerate(order) if c.obj == obj)

