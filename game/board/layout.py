"""Where a printed Formula D board puts everything, in map pixels, without drawing a pixel.

The rules' Track knows only space centres. Everything a player sees (space
outlines, kerbs, the corner boxes, gravel, walls) is derived here once, and the
very same space polygons answer "which space did I click", so what you see is
what you click. ``game.board.render`` paints this layout.

Each lane's centre line is a smooth curve through its space centres, cut
halfway between consecutive spaces; a space reaches halfway to the
neighbouring lane on either side. So neighbouring spaces share their cut,
neighbouring lanes meet along their middle line, and tight corners stay
round instead of turning into polygons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import median

from game.board.apart import Apart
from game.board.curves import SAMPLES, MultiNearest, Nearest, cells, dist_to_segment, lane_curve, split_runs
from game.board.labels import Measure, box_points
from game.board.printed import extra_pit_ways, forbidden_diagonals
from game.board.street_shapes import StreetShapes
from game.tracks.art import BoardArt
from game.tracks.geometry import Point, point_in_polygon
from rules.track import Space, Track


@dataclass(frozen=True)
class Section:
    """A cross-section of a lane: a point of its centre curve and how far the lane reaches.

    ``normal`` is the unit vector to the left of the direction of travel;
    ``left`` and ``right`` are the distances to the lane's edges.
    """

    mid: Point
    normal: Point
    left: float
    right: float

    def at(self, offset: float) -> Point:
        """The point ``offset`` map pixels left of the centre curve (negative = right)."""
        return (self.mid[0] + self.normal[0] * offset, self.mid[1] + self.normal[1] * offset)

    @property
    def forward(self) -> Point:
        return (-self.normal[1], self.normal[0])


# --- the board's layout ------------------------------------------------------------


class BoardLayout:
    """Where everything of one track's board lies, in map pixels: sections, space polygons,
    corner boxes, gravel, walls, the pit building; and which space a map point is in."""

    #: What a board's layout copies from another that was laid out from the same drawing.
    LAYOUT = (
        "sections",
        "lane_width",
        "_polys",
        "corner_boxes",
        "_near_track",
        "_near_pit",
        "gravel",
        "walls",
        "pit_building",
        "bounds",
        "_cell",
        "_grid",
        "open_lanes",
        "along",
    )

    def __init__(
        self,
        track: Track,
        scale: float = 1.0,
        art: BoardArt | None = None,
        like: BoardLayout | None = None,
        *,
        measure: Measure,
    ) -> None:
        """Lay out ``track``'s board; or take ``like``'s layout where it was laid out from the
        same drawing (a map saved with other stops, weather or names: hot reload at once).
        ``measure`` gives a tag's proportions from its text, in the font it is painted in."""
        self.track = track
        self.measure = measure
        self.scale = scale
        self.art = art or BoardArt()
        if like is not None and like.laid_out_as(track, self.art):
            for name in self.LAYOUT:
                setattr(self, name, getattr(like, name))
            self.street = StreetShapes(self, self.measure)
        else:
            self._lay_out()
        self.no_change = self._no_change_runs()
        self.apart = Apart(self)

    def laid_out_as(self, track: Track, art: BoardArt) -> bool:
        """Would ``track`` with ``art`` be laid out as this board is? The layout reads the
        spaces, the pit lane, the street's zones and tunnels, each corner's inside and the art;
        a corner's name, stops and ways, the arrows and the grid are only painted."""
        old = self.track
        return (
            old.spaces == track.spaces
            and old.pit == track.pit
            and old.zones == track.zones
            and old.tunnels == track.tunnels
            and old.lanes == track.lanes
            and old.partial == track.partial
            and self.art == art
            and [c.inside for c in old.corners] == [c.inside for c in track.corners]
        )

    def _lay_out(self) -> None:
        track = self.track
        self.sections: dict[int, list[Section]] = {}
        self.lane_width = self._lanes()
        if track.pit is not None:
            half = self.lane_width / 2
            pit = lane_curve([(s.x, s.y) for s in track.lane_spaces(-1)], closed=False)
            self.sections[-1] = [Section(p, n, half, half) for p, n in pit]
        self._polys = {s.name: self._outline(s) for s in track.spaces}
        self._near_track = MultiNearest(
            [
                Nearest([k.mid for k in self.sections[li]], self.lane_width, closed=li not in self.open_lanes)
                for li in range(track.lanes)
            ]
        )
        self._near_pit = MultiNearest(
            [Nearest([k.mid for k in self.sections[-1]], self.lane_width, closed=False)]
            if track.pit is not None
            else []
        )
        self.corner_boxes = [self._corner_box(i) for i in range(len(track.corners))]
        self.gravel = (
            [] if self.art.surroundings == "walls" else [self._gravel_trap(i) for i in range(len(track.corners))]
        )
        self.walls = self._walls()
        self.pit_building = self._pit_building() if track.pit is not None else None
        self.street = StreetShapes(self, self.measure)
        self.bounds = self._bounds()
        self._cell = self.lane_width
        self._grid: dict[tuple[int, int], list[str]] = {}
        for name, poly in self._polys.items():
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            for key in cells(min(xs), min(ys), max(xs), max(ys), self._cell):
                self._grid.setdefault(key, []).append(name)

    # --- geometry -------------------------------------------------------------

    def _lanes(self) -> float:
        """Sections of every track lane; returns the typical lane spacing (the width of a space)."""
        t = self.track
        # a lane that begins and ends is drawn open, from its first space to its last, only there;
        # each space's sections are counted from where its lane's drawing begins
        self.open_lanes = {run.lane for run in t.partial}
        self.along = {s.name: k for li in range(t.lanes) for k, s in enumerate(t.lane_run(li))}
        centres = {li: [(s.x, s.y) for s in t.lane_run(li)] for li in range(t.lanes)}
        step = median(math.dist(a, b) for pts in centres.values() for a, b in zip(pts, pts[1:]))
        curves = {li: lane_curve(pts, closed=li not in self.open_lanes) for li, pts in centres.items()}
        near = {li: Nearest([p for p, _ in c], step, closed=li not in self.open_lanes) for li, c in curves.items()}
        reach = 4 * step

        def along(lane: int, curve: list[tuple[Point, Point]]) -> list[float]:
            """The distance from each point of ``curve`` to ``lane``'s curve (inf: none or too far);
            each search begins a little beyond the last point's answer, as the lanes run side by side."""
            if not 0 <= lane < t.lanes:
                return [math.inf] * len(curve)
            out, last = [], math.inf
            for p, _ in curve:
                last = near[lane].distance(p, reach, None if last == math.inf else 1.2 * last)
                out.append(last)
            return out

        gaps = {li: list(zip(along(li - 1, curve), along(li + 1, curve))) for li, curve in curves.items()}
        spacing = [g for pairs in gaps.values() for pair in pairs for g in pair if g < math.inf]
        width = median(spacing) if spacing else step
        for li, curve in curves.items():
            sections = []
            for (p, n), (gl, gr) in zip(curve, gaps[li]):
                left = gr if gl == math.inf else gl
                right = left if gr == math.inf else gr
                sections.append(Section(p, n, _clamp(left / 2, width), _clamp(right / 2, width)))
            self.sections[li] = sections
        return width

    def _span(self, s: Space) -> list[Section]:
        """The sections from a space's back cut to its front cut."""
        sec = self.sections[s.lane]
        at = s.index if s.in_pit else self.along[s.name]
        return [sec[(at * SAMPLES + j) % len(sec)] for j in range(SAMPLES + 1)]

    def _outline(self, s: Space, grow_left: float = 0.0, grow_right: float = 0.0) -> list[Point]:
        span = self._span(s)
        return [c.at(c.left + grow_left) for c in span] + [c.at(-c.right - grow_right) for c in reversed(span)]

    def _box_corners(self, s: Space) -> tuple[Point, Point, Point, Point]:
        """Back-left, front-left, front-right, back-right of a space."""
        p = self._polys[s.name]
        return p[0], p[SAMPLES], p[SAMPLES + 1], p[-1]

    def _outer_lane(self, corner: int) -> int:
        return 0 if self.track.corners[corner].inside == "right" else self.track.lanes - 1

    def _members(self, corner: int, lane: int) -> tuple[int, list[Space]]:
        """The lane nearest ``lane`` towards the middle that has spaces in the corner (a lane that
        begins and ends may not run through it), and those spaces in driving order."""
        step = 1 if 2 * lane < self.track.lanes else -1
        while True:
            members = [s for s in self.track.lane_run(lane) if s.corner == corner]
            if members or not 0 <= lane + step < self.track.lanes:
                return lane, members
            lane += step

    def _corner_span(self, corner: int, lane: int) -> list[Section]:
        """The sections of one lane from where a corner area begins to where it ends."""
        lane, members = self._members(corner, lane)
        sec = self.sections[lane]
        first, last = self.along[members[0].name], self.along[members[-1].name]
        return [sec[i % len(sec)] for i in range(first * SAMPLES, (last + 1) * SAMPLES + 1)]

    def _kerb_edge(self, corner: int) -> list[tuple[Point, Point]]:
        """(edge point, outward unit normal) along the outer edge of a corner area."""
        lane = self._outer_lane(corner)
        side = 1.0 if lane == 0 else -1.0
        return [
            (c.at(c.left if side > 0 else -c.right), (c.normal[0] * side, c.normal[1] * side))
            for c in self._corner_span(corner, lane)
        ]

    def _corner_box(self, corner: int) -> tuple[float, float, float, float]:
        """Where the corner's sign goes: outside the middle of the corner, clear of the kerb and
        pushed further out where another stretch of track passes near."""
        w = self.lane_width
        bw, bh = 1.7 * w, 1.4 * w
        edge = self._kerb_edge(corner)
        first = None
        for step in range(12):  # out from the kerb, then a little further
            for at in (0.5, 0.35, 0.65, 0.2, 0.8):  # the middle of the corner first
                (x, y), n = edge[round(at * (len(edge) - 1))]
                reach = abs(n[0]) * bw / 2 + abs(n[1]) * bh / 2 + (0.55 + 0.3 * step) * w
                box = (x + n[0] * reach - bw / 2, y + n[1] * reach - bh / 2, bw, bh)
                first = first or box
                if all(self._clear(p, 0.95 * w) for p in box_points(box, 0.25 * w)):
                    return box
        assert first is not None
        return first

    # --- surroundings (pictures only) ------------------------------------------

    def _edge_run(self, lane: int, side: float, first: int, last: int) -> list[tuple[Point, Point]]:
        """(edge point, outward normal) of one side of a lane from section ``first`` to ``last`` (wrapping)."""
        sec = self.sections[lane]
        out = []
        for i in range(first, last + 1):
            k = sec[i % len(sec)]
            out.append((k.at(k.left if side > 0 else -k.right), (k.normal[0] * side, k.normal[1] * side)))
        return out

    def _clear(self, p: Point, expected: float) -> bool:
        """True if no other part of the track or pit lane comes closer to ``p`` than ``expected``."""
        radius = expected - 0.25 * self.lane_width
        return self._near_track.clear(p, radius) and self._near_pit.clear(p, radius)

    def _gravel_trap(self, corner: int) -> tuple[list[Point], list[Point]]:
        """The gravel beyond the kerb of one corner, reaching further out past the apex; and its tyre wall.

        The trap is shallower wherever another part of the track passes near,
        so it never spills over a neighbouring straight.
        """
        w = self.lane_width
        lane = self._outer_lane(corner)
        side = 1.0 if lane == 0 else -1.0
        lane, members = self._members(corner, lane)
        first = self.along[members[0].name] * SAMPLES - SAMPLES
        last = (self.along[members[-1].name] + 1) * SAMPLES + 2 * SAMPLES
        run = self._edge_run(lane, side, first, last)
        inner_gap, depth = 0.32 * w, 1.7 * w
        inner, outer = [], []
        n = len(run) - 1
        for i, (p, nrm) in enumerate(run):
            t = i / n
            ramp = min(1.0, t / 0.3, (1.0 - t) / 0.3)
            d = depth * (3 * ramp * ramp - 2 * ramp * ramp * ramp)
            half = 0.5 * w
            while d > 0.05 * w and not self._clear(
                (p[0] + nrm[0] * (inner_gap + d), p[1] + nrm[1] * (inner_gap + d)), half + inner_gap + d
            ):
                d *= 0.8
            inner.append((p[0] + nrm[0] * inner_gap, p[1] + nrm[1] * inner_gap))
            outer.append((p[0] + nrm[0] * (inner_gap + d), p[1] + nrm[1] * (inner_gap + d)))
        return inner + outer[::-1], outer

    def _walls(self) -> list[list[Point]]:
        """Concrete walls: both edges all round on a street circuit, else only between track and pit lane."""
        w = self.lane_width
        runs: list[list[Point]] = []
        pit_parts = self._pit_connectors()

        def near_pit(p: Point) -> bool:
            return self._near_pit.distance(p, w) < 0.85 * w or any(
                dist_to_segment(p, a, b) < 0.85 * w for a, b in pit_parts
            )

        if self.art.surroundings == "walls":
            gap = 0.36 * w
            for lane, side in ((0, 1.0), (self.track.lanes - 1, -1.0)):
                sec = self.sections[lane]
                pts = [(p[0] + n[0] * gap, p[1] + n[1] * gap) for p, n in self._edge_run(lane, side, 0, len(sec))]
                runs += split_runs(pts, near_pit, closed=lane not in self.open_lanes)
        elif self.track.pit is not None:
            pit = self.sections[-1]
            side = self._pit_track_side()
            pts = [k.at(side * (k.left + 0.28 * w)) for k in pit]
            extra = pit_parts[2:]

            def cut(p: Point) -> bool:
                return not self._clear(p, 0.78 * w) or any(dist_to_segment(p, a, b) < 0.6 * w for a, b in extra)

            runs += [r for r in split_runs(pts, cut, closed=False) if len(r) > SAMPLES]
        return runs

    def _pit_connectors(self) -> list[tuple[Point, Point]]:
        """The roads between track and pit lane: the drawn entry's and exit's, then those of a
        second entry or exit (CORE-PIT-2), each from the space cars leave to the one they reach."""
        pit = self.track.pit
        if pit is None:
            return []
        sec = self.sections[-1]
        entry, exit_ = self.track.space(pit.entry), self.track.space(pit.exit)
        return [((entry.x, entry.y), sec[0].mid), (sec[-1].mid, (exit_.x, exit_.y)), *extra_pit_ways(self.track)]

    def _pit_track_side(self) -> float:
        """+1 if the track lies to the left of the pit lane (in its direction of travel), else -1."""
        mid = self.sections[-1][len(self.sections[-1]) // 2]
        reach = 6 * self.lane_width
        left = self._near_track.distance(mid.at(self.lane_width), reach)
        right = self._near_track.distance(mid.at(-self.lane_width), reach)
        return 1.0 if left < right else -1.0

    def _pit_building(self) -> tuple[list[Point], list[tuple[Point, Point, Point, Point]]]:
        """The garages: a long building behind the boxes, on the far side of the pit lane, one door per box."""
        pit = self.track.pit
        assert pit is not None
        w = self.lane_width
        side = -self._pit_track_side()
        boxes = [self.track.space(n) for n in pit.boxes]
        first = min(b.index for b in boxes) * SAMPLES - SAMPLES // 2
        last = (max(b.index for b in boxes) + 1) * SAMPLES + SAMPLES // 2
        sec = self.sections[-1][max(0, first) : min(len(self.sections[-1]), last + 1)]
        near, far = 0.62 * w, 1.75 * w
        front = [k.at(side * near) for k in sec]
        back = [k.at(side * far) for k in sec]
        doors = []
        for b in boxes:
            mid = self.sections[-1][b.index * SAMPLES + SAMPLES // 2]
            f = mid.forward
            a, z = mid.at(side * near), mid.at(side * (near + 0.45 * w))
            hw = 0.32 * w
            doors.append(
                (
                    (a[0] - f[0] * hw, a[1] - f[1] * hw),
                    (a[0] + f[0] * hw, a[1] + f[1] * hw),
                    (z[0] + f[0] * hw, z[1] + f[1] * hw),
                    (z[0] - f[0] * hw, z[1] - f[1] * hw),
                )
            )
        return front + back[::-1], doors

    def _bounds(self) -> tuple[float, float, float, float]:
        pts = [p for poly in self._polys.values() for p in poly]
        for x, y, w, h in self.corner_boxes:
            pts += [(x, y), (x + w, y + h)]
        pts += [p for poly, _ in self.gravel for p in poly]
        pts += [p for item in self.art.scenery for p in item.points]
        if self.pit_building is not None:
            pts += self.pit_building[0]
        pts += self.street.extent()
        m = self.lane_width
        x0, y0 = math.floor(min(p[0] for p in pts) - m), math.floor(min(p[1] for p in pts) - m)
        x1, y1 = math.ceil(max(p[0] for p in pts) + m), math.ceil(max(p[1] for p in pts) + m)
        return (float(x0), float(y0), float(x1 - x0), float(y1 - y0))

    # --- queries --------------------------------------------------------------

    def space_polygon(self, name: str) -> list[Point]:
        """The space's outline in map coordinates: its left edge forwards, then its right edge backwards."""
        return list(self._polys[name])

    def space_at(self, x: float, y: float) -> str | None:
        """The space under a map point, or None."""
        for name in self._grid.get((math.floor(x / self._cell), math.floor(y / self._cell)), ()):
            if point_in_polygon((x, y), self._polys[name]):
                return name
        return None

    def size_at(self, scale: float) -> tuple[int, int]:
        """Pixel size of the rendered board at ``scale``, rounded as ``paint`` rounds it."""
        scale = round(scale, 4)
        return (max(1, round(self.bounds[2] * scale)), max(1, round(self.bounds[3] * scale)))

    # --- drawing --------------------------------------------------------------

    def _no_change_runs(self) -> list[list[Point]]:
        """The printed lines between two lanes where the graph forbids changing lanes (CORE-MOVE-3):
        along the border of the two lanes, from the centre of each space whose diagonal step is
        forbidden to the centre of the space it would have led to, joined into runs."""
        marked: dict[int, set[int]] = {}  # the left lane of a lane border -> its sections on that border
        for src, dst in forbidden_diagonals(self.track):
            lane = min(src.lane, dst.lane)
            sec = self.sections[lane]
            home = src if src.lane == lane else dst
            base = self.along[home.name] * SAMPLES + SAMPLES // 2
            window = range(base - 3 * SAMPLES, base + 3 * SAMPLES + 1)
            a, z = sorted((_nearest_sample(sec, window, src), _nearest_sample(sec, window, dst)))
            marked.setdefault(lane, set()).update(i % len(sec) for i in range(a, z + 1))
        runs = []
        for lane, found in sorted(marked.items()):
            sec = self.sections[lane]
            n = len(sec)
            starts = sorted(i for i in found if (i - 1) % n not in found)
            if not starts:  # the whole lap
                runs.append([k.at(-k.right) for k in sec] + [sec[0].at(-sec[0].right)])
                continue
            for i in starts:
                run = [i]
                while (run[-1] + 1) % n in found:
                    run.append((run[-1] + 1) % n)
                runs.append([sec[j].at(-sec[j].right) for j in run])
        return runs

    def _at_line(self) -> list[int]:
        """The lanes the start line crosses: all but a lane that begins and ends away from it."""
        return [
            lane
            for lane in range(self.track.lanes)
            if lane not in self.open_lanes or self.along[self.track.lane_spaces(lane)[0].name] > 0
        ]

    def _line_cut(self, lane: int) -> Section:
        """The section of a lane at the start line, where its first space begins."""
        return self.sections[lane][self.along[self.track.lane_spaces(lane)[0].name] * SAMPLES]


def _nearest_sample(sec: list[Section], window: range, s: Space) -> int:
    """The sample of ``window`` (an index that runs on round the lane) nearest the space's centre."""
    return min(window, key=lambda i: math.dist(sec[i % len(sec)].mid, (s.x, s.y)))


def _clamp(half: float, w: float) -> float:
    """Keep a half width sane where lanes part (pit entries, odd drawings)."""
    return max(0.35 * w, min(0.7 * w, half))
