"""Generate Formula D track maps (Tiled .tmx) from a centre-line description.

Drawing a track by hand in Tiled is fine for art, but keeping the lanes
parallel and putting every arrow, grid slot and pit box exactly on a space
centre is tedious. This module builds all of that from a compact description
and writes a map in the format of ``docs/track-format.md``.

A circuit is a closed chain of centre-line segments, driven in order::

    Circuit(
        file="oval.tmx", name="Lindenring Oval",
        segments=(
            Straight(1156),                                   # px
            Arc(126, 180, "left", Corner(2, "Lindenkehre",    # radius px, degrees
                arrows=towards(3, "left", (0.1, 0.5)))),      # arrows at 10 % and 50 %
            Straight(1156),
            Arc(126, 180, "left", Corner(1, "Seekurve")),
        ),
        start_at=626,               # the start line, px along the centre line
        pit=Pit(side="right", entry=12, exit=6),
    )

Lanes are laid out ``lane_spacing`` px apart around the centre line, A on
the left in the direction of travel. The generator then derives the spaces
exactly as the game's loader does (cut each lane at the start line and at
the corner borders, spread ``round(piece / space_length)`` spaces evenly
over each piece, a staggered lane's spaces that fraction of a space further
along; see ``Circuit.stagger``) and puts arrows, grid slots, the qualifying
start and the pit lane ends on those space centres. ``Circuit.no_lane_change`` adds the
printed lines between two lanes of a straight where cars may not change lanes
(``NoLaneChange``). Coordinates are rounded the way Tiled
writes them, so opening and saving a generated map in Tiled changes nothing.

Each map also gets its pictures for Tiled: a ``ground`` tile layer (CSV,
tileset ``circuit.tsx`` from ``sprites/make_tiles.py``) and a ``preview``
image layer (``<name>-preview.png``) drawn by the game's own board renderer,
plus a ``scenery`` object layer (stands, buildings, water, trees; see
``Beside``) that the game draws. None of them changes the track's graph.
``close_loop`` sizes two straights so a hand-written lap closes exactly.

``python -m game.tools.trackgen`` regenerates every shipped track plus the Tiled
project file and ``objecttypes.xml`` and prints what the loader should find;
``--check`` only reports files that are out of date.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import xml.etree.ElementTree as ET
from bisect import bisect_right
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Sequence

from rules.track import LANE_LETTERS

Point = tuple[float, float]
Side = Literal["left", "right"]

REPO = Path(__file__).resolve().parents[2]
MAPS_DIR = REPO / "maps"
TILE = 32

ARC_STEP_DEG = 4.0  # polyline resolution of arcs: a 126 px arc deviates < 0.1 px
DEFAULT_LEAD = 2.0  # px a corner polygon reaches into the neighbouring segments (see Corner)
NEAR_HALF = 0.15  # warn when a piece holds x.5 +- this many spaces: rounding is fragile there


# --------------------------------------------------------------------------
# The description
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrow:
    """A lane change allowed inside a corner or an arrow zone (CORE-MOVE-6).

    ``at`` is where it starts, as a fraction 0..1 of the corner (or zone);
    ``src`` and ``dst`` are adjacent lanes (0 = A, the leftmost in the
    direction of travel). A corner arrow ends on the first space of ``dst``
    at least one full row further on; a zone arrow one space further on.
    """

    at: float
    src: int
    dst: int


def both_ways(lanes: int, at: Sequence[float]) -> tuple[Arrow, ...]:
    """Arrows between every pair of adjacent lanes, in both directions, at each place."""
    return tuple(
        Arrow(a, src, dst)
        for a in at
        for lo in range(lanes - 1)
        for src, dst in ((lo, lo + 1), (lo + 1, lo))
    )


def towards(lanes: int, side: Side, at: Sequence[float]) -> tuple[Arrow, ...]:
    """Arrows moving cars one lane towards ``side`` from every lane that can, at each place.

    Inward and outward arrows at different places do not cross each other,
    which keeps a corner readable.
    """
    step = -1 if side == "left" else 1
    return tuple(Arrow(a, src, src + step) for a in at for src in range(lanes) if 0 <= src + step < lanes)


@dataclass(frozen=True)
class Corner:
    """A corner area on an arc: required stops (CORNER-1), label and arrows.

    The polygon covers the arc and the next ``span - 1`` segments (a chicane
    or a double-apex bend is one corner), plus ``lead_in``/``lead_out`` px
    beyond. The default 2 px keeps the corner borders off the lanes'
    vertices (where an arc meets a straight), so no cut point is ambiguous.

    ``zone_spaces`` > 0 adds an arrow zone over that many spaces of the
    straight before the corner, with ``zone_arrows`` (``at`` = fraction of
    the zone).

    ``inside`` is written as the corner's string property ``inside``: the
    side the loader takes as the corner's inside where the geometry leaves
    it open (a chicane or an S-bend turns both ways); None leaves it to the
    geometry.
    """

    stops: int
    label: str = ""
    arrows: tuple[Arrow, ...] = ()
    span: int = 1
    zone_spaces: int = 0
    zone_arrows: tuple[Arrow, ...] = ()
    lead_in: float = DEFAULT_LEAD
    lead_out: float = DEFAULT_LEAD
    inside: Side | None = None


@dataclass(frozen=True)
class NoLaneChange:
    """A printed line between lanes ``left`` and ``left + 1`` (0 = A) where cars may not change
    lanes (CORE-MOVE-3): from fraction ``start`` to ``end`` of segment ``seg``, drawn half way
    between the two lanes' centres, as a ``no_lane_change`` polyline in the layer ``arrows``.
    On a straight, outside corners and arrow zones: the loader refuses a line that crosses no
    diagonal lane change."""

    seg: int
    start: float
    end: float
    left: int


@dataclass(frozen=True)
class Straight:
    length: float  # px


@dataclass(frozen=True)
class Arc:
    """An arc of the centre line; ``radius`` is the centre line's radius in px."""

    radius: float
    angle: float  # degrees, > 0
    turn: Side
    corner: Corner | None = None  # None: a bend without a corner area


Segment = Straight | Arc


@dataclass(frozen=True)
class Pit:
    """A pit lane beside the straight that holds the start line (CORE-PIT-2).

    ``entry`` counts spaces back from the start line (1 = the last space
    before it), ``exit`` counts forward (1 = the first space after it); both
    are spaces of the outermost lane on ``side``. The pit lane runs
    ``offset`` px beside that lane; ``ramp`` is the along-track length of
    each slanted end. Boxes 1..``boxes`` take the middle pit spaces, box 1
    first in driving order.
    """

    side: Side = "right"
    entry: int = 12
    exit: int = 6
    offset: float = 64.0
    ramp: float = 72.0
    boxes: int = 10


@dataclass(frozen=True)
class Beside:
    """A scenery object (a picture only) beside one segment of the centre line.

    It runs from fraction ``start`` to ``end`` of segment ``seg`` and from
    ``near`` to ``far`` px beyond the track's edge on ``side``; on a
    straight it is a rectangle, on an arc a curved band. ``cls`` is one of
    the scenery classes the board draws (docs/track-format.md): stand,
    building, gravel, runoff, paved, grass, water, trees, tree, hill, rocks, tent, boat.
    """

    cls: str
    seg: int
    start: float
    end: float
    side: Side
    near: float
    far: float
    name: str = ""
    rounded: bool | None = None  # round the corners off; default: the classes of NATURE
    roof: str = ""  # a building's roof (gable, flat, glass); empty: the default, gable


@dataclass(frozen=True)
class Street:
    """A street-race zone over the track (STREET-5..7), a polygon across every lane.

    ``cls`` is ``shooting_zone``, ``danger_zone`` or ``police_station``; the
    zone runs from fraction ``start`` to ``end`` of segment ``seg``. ``black``
    lists the danger zone's black spaces as (lane, fraction of the segment):
    each becomes a ``black_space`` point on the nearest space of that lane.
    """

    cls: str
    seg: int
    start: float
    end: float
    black: tuple[tuple[int, float], ...] = ()
    name: str = ""


@dataclass(frozen=True)
class TunnelEnd:
    """A tunnel end on the space of ``lane`` nearest to fraction ``at`` of segment ``seg``."""

    seg: int
    at: float
    lane: int


@dataclass(frozen=True)
class TunnelPair:
    """A numbered tunnel (STREET-7): a car on the entry's space is moved to the exit's."""

    number: int
    entry: TunnelEnd
    exit: TunnelEnd


@dataclass(frozen=True)
class Circuit:
    """Everything that defines one track file."""

    file: str  # name inside maps/
    name: str
    segments: tuple[Segment, ...]
    start_at: float  # px along the centre line from the first segment's start; on a straight
    laps: int = 2
    lanes: int = 3
    lane_spacing: float = 40.0
    # per lane (A first), the lane's float property ``stagger``: its spaces sit that fraction of a space
    # further along than the even spread (the brick pattern of printed boards); missing lanes are 0
    stagger: tuple[float, ...] = ()
    space_length: float = 48.0
    weather_sun: str = "13-20"
    weather_variable: str = "6-12"
    weather_rain: str = "1-5"
    grid_slots: int = 10
    grid_lanes: tuple[int, int] | None = None  # (pole lane, other column); default: inside of C1, outside
    pit: Pit | None = None
    lane_shape: Literal["polyline", "polygon"] = "polyline"
    heading: float = 0.0  # direction of the first segment, degrees: 0 = east, 90 = south
    margin: float = 96.0  # empty border around everything, px
    grow: tuple[int, int] = (0, 0)  # extra tiles right and below (room for art without moving the track)
    background: str = "#2f5d34"
    # the board's ground and barriers (pictures only)
    surroundings: Literal["grass", "meadow", "walls"] = "grass"
    scenery: tuple[Beside, ...] = ()
    no_lane_change: tuple[NoLaneChange, ...] = ()  # printed lines where cars stay in their lane
    street: tuple[Street, ...] = ()  # zones of the street race
    tunnels: tuple[TunnelPair, ...] = ()


class TrackError(ValueError):
    """The description cannot make a valid track."""


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# Numbers as Tiled writes them
# --------------------------------------------------------------------------


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


# --------------------------------------------------------------------------
# Building the layout
# --------------------------------------------------------------------------


@dataclass
class PlannedSpace:
    """A space as the loader will derive it."""

    lane: int
    index: int  # within the lane, from the start line
    piece: int
    k: int  # within the piece
    n: int  # this lane's spaces in this piece
    x: float
    y: float
    heading: float
    shift: float = 0.0  # the lane's stagger in this piece, as the loader reads it (-0.5 < shift <= 0.5)
    row: int = 0  # the row the loader gives it, counted from the start line

    @property
    def frac(self) -> float:
        """Position within the piece, 0..1: spaces sit at (k + 0.5 + shift) / n."""
        return (self.k + 0.5 + self.shift) / self.n

    @property
    def name(self) -> str:
        return f"{LANE_LETTERS[self.lane]}{self.index + 1}"


@dataclass
class MapObject:
    layer: str
    cls: str
    shape: Shape
    kind: Literal["polyline", "polygon", "point"]
    name: str = ""
    props: dict[str, int | float | str] = field(default_factory=dict)


@dataclass
class Layout:
    """The objects to write, plus what the loader should derive from them."""

    circuit: Circuit
    objects: list[MapObject]
    spaces: list[list[PlannedSpace]]  # per lane, in driving order from the start line
    ratios: list[list[float]]  # per lane and piece: piece length / space_length
    pieces: list[int | None]  # per piece from the start line: corner number (lap order) or None
    corner_labels: list[str]  # in lap order
    pit_spaces: list[Point]
    boxes: list[int]  # pit-space index of box 1, 2, ...
    notes: list[str]  # where things landed, for the summary
    warnings: list[str]
    width: int = 0  # tiles
    height: int = 0


def lane_offsets(circuit: Circuit) -> list[float]:
    """Left offset of every lane's centre from the centre line (A is leftmost)."""
    n = circuit.lanes
    return [((n - 1) / 2 - i) * circuit.lane_spacing for i in range(n)]


def build(circuit: Circuit) -> Layout:
    """Compute every map object and the spaces the loader will derive.

    Built twice: once at the origin to measure the objects' extent, then
    shifted by whole pixels so the map has ``margin`` px free on every side.
    """
    probe = _build(circuit, (0.0, 0.0))
    # The track alone sets the shift, so scenery never moves the spaces (their positions are in the hash).
    track = [o for o in probe.objects if o.layer != "scenery"]
    shift = (math.ceil(circuit.margin - min(x for o in track for x, _ in o.shape.absolute)),
             math.ceil(circuit.margin - min(y for o in track for _, y in o.shape.absolute)))
    xs = [x for o in probe.objects for x, _ in o.shape.absolute]
    ys = [y for o in probe.objects for _, y in o.shape.absolute]
    if min(xs) + shift[0] < 0 or min(ys) + shift[1] < 0:
        raise TrackError(f"{circuit.file}: scenery reaches beyond the top or left edge; give a larger margin")
    layout = _build(circuit, shift)
    layout.width = math.ceil((max(xs) + shift[0] + circuit.margin) / TILE) + circuit.grow[0]
    layout.height = math.ceil((max(ys) + shift[1] + circuit.margin) / TILE) + circuit.grow[1]
    return layout


def _build(c: Circuit, shift: Point) -> Layout:
    if not 2 <= c.lanes <= len(LANE_LETTERS):
        raise TrackError(f"a track has 2 to {len(LANE_LETTERS)} lanes")
    offsets = lane_offsets(c)
    half = offsets[0] + c.lane_spacing / 2  # half the track width
    for seg in c.segments:
        if isinstance(seg, Arc) and seg.radius <= half:
            raise TrackError(f"arc radius {seg.radius} is too tight for {c.lanes} lanes")

    # Start pose of every segment, plus the pose after the last one.
    poses = [Pose(shift[0], shift[1], c.heading)]
    for seg in c.segments:
        poses.append(advance(poses[-1], seg, seg_length(seg)))
    first, end = poses[0], poses[-1]
    turn = (end.heading - first.heading + 180) % 360 - 180
    if dist((end.x, end.y), (first.x, first.y)) > 0.5 or abs(turn) > 0.01:
        raise TrackError(
            f"the segments do not close the lap: they end {end.x - first.x:+.1f}, {end.y - first.y:+.1f} px "
            f"from the start, heading {end.heading % 360:.1f} instead of {first.heading % 360:.1f}"
        )
    segs = list(c.segments)
    objects: list[MapObject] = []
    warnings: list[str] = []

    # Lanes, drawn in the direction of travel, starting where the segments start.
    lane_paths: list[Path2D] = []
    for i, off in enumerate(offsets):
        pts = chain_points(poses, segs, off)
        if c.lane_shape == "polygon":
            shape = Shape.of(pts[:-1])
            lane_paths.append(Path2D(shape.absolute + shape.absolute[:1]))
        else:
            shape = Shape.of(pts, close=True)
            lane_paths.append(Path2D(shape.absolute))
        stagger = lane_stagger(c, i)
        props: dict[str, int | float | str] = {"stagger": stagger} if stagger else {}
        objects.append(MapObject("lanes", "lane", shape, c.lane_shape, name=LANE_LETTERS[i], props=props))

    # Start/finish line across the track, drawn from left to right.
    d = c.start_at
    for i, seg in enumerate(segs):
        if d <= seg_length(seg):
            break
        d -= seg_length(seg)
    else:
        raise TrackError("start_at lies beyond the end of the lap")
    if not isinstance(seg, Straight):
        raise TrackError("the start line must lie on a straight")
    sp = advance(poses[i], seg, d)
    start = Shape.of([sp.at(0, half), sp.at(0, -half)])
    objects.append(MapObject("start_finish", "start_finish", start, "polyline"))

    # Corner polygons, in segment order for now.
    corners: list[tuple[Corner, Shape]] = []
    for i, seg in enumerate(segs):
        if not isinstance(seg, Arc) or seg.corner is None:
            continue
        cn = seg.corner
        if cn.stops not in (1, 2, 3):
            raise TrackError(f"corner {cn.label!r}: stops must be 1, 2 or 3")
        span = range(i, i + cn.span)
        if cn.span < 1 or span[-1] >= len(segs):
            raise TrackError(f"corner {cn.label!r}: span {cn.span} runs past the last segment")
        inn, out = poses[i], poses[span[-1] + 1]
        span_poses, span_segs = [poses[j] for j in span], [segs[j] for j in span]
        left = [inn.at(-cn.lead_in, half), *chain_points(span_poses, span_segs, half), out.at(cn.lead_out, half)]
        right = [inn.at(-cn.lead_in, -half), *chain_points(span_poses, span_segs, -half), out.at(cn.lead_out, -half)]
        corners.append((cn, Shape.of(left + right[::-1])))

    # Cut the lanes into pieces; renumber corners in lap order from the start line.
    spaces, ratios, seg_order_pieces = _derive_spaces(c, lane_paths, start, [s for _, s in corners], warnings)
    lap_order = [ci for ci in seg_order_pieces if ci is not None]
    corners = [corners[ci] for ci in lap_order]
    pieces = [None if ci is None else lap_order.index(ci) for ci in seg_order_pieces]
    labels = [cn.label or f"C{n + 1}" for n, (cn, _) in enumerate(corners)]
    for cn, shape in corners:
        props: dict[str, int | float | str] = {"stops": cn.stops}
        if cn.inside is not None:
            props["inside"] = cn.inside
        objects.append(MapObject("corners", "corner", shape, "polygon", name=cn.label, props=props))

    notes: list[str] = []
    for n, (cn, _) in enumerate(corners):
        j = pieces.index(n)
        arrows = []
        for a in cn.arrows:
            found = _corner_arrow(c, spaces, j, a, labels[n])
            if found is None:
                warnings.append(f"corner {labels[n]!r}: {a} finds no space a row further on; left out")
            elif found not in arrows:
                arrows.append(found)
        if cn.zone_spaces:
            arrows += _arrow_zone(c, spaces, pieces, j, cn, labels[n], half, objects)
        objects += [_arrow_object(s, t) for s, t in arrows]
        notes.append(f"{labels[n]} arrows: " + ", ".join(f"{s.name}->{t.name}" for s, t in arrows))

    objects += [_no_lane_change(c, ln, poses, segs) for ln in c.no_lane_change]
    objects += _grid(c, spaces, pieces, notes)
    objects += [_beside(c, b, poses, segs, half) for b in c.scenery]
    objects += _street(c, poses, segs, half, spaces, notes)

    pit_spaces: list[Point] = []
    boxes: list[int] = []
    if c.pit:
        pit_objects, pit_spaces, boxes = _pit(c, c.pit, spaces, pieces, notes, warnings)
        objects += pit_objects

    return Layout(c, objects, spaces, ratios, pieces, labels, pit_spaces, boxes, notes, warnings)


def _derive_spaces(
    c: Circuit,
    lanes: list[Path2D],
    start: Shape,
    corners: list[Shape],
    warnings: list[str],
) -> tuple[list[list[PlannedSpace]], list[list[float]], list[int | None]]:
    """Spaces per lane, as docs/track-format.md says the loader derives them.

    Returns the spaces, each piece's length in spaces, and per piece the
    index into ``corners`` it lies in (None for straights).
    """
    all_spaces: list[list[PlannedSpace]] = []
    all_ratios: list[list[float]] = []
    first_pieces: list[int | None] | None = None
    for li, lane in enumerate(lanes):
        letter = LANE_LETTERS[li]
        at_start = lane.crossings(start.absolute, closed=False)
        if len(at_start) != 1:
            raise TrackError(f"lane {letter} crosses the start line {len(at_start)} times")
        s0, total = at_start[0], lane.length
        cuts: list[tuple[float, int | None]] = []  # (distance after the line, corner entered or None)
        for ci, poly in enumerate(corners):
            hits = sorted((s - s0) % total for s in lane.crossings(poly.absolute, closed=True))
            if len(hits) != 2:
                raise TrackError(f"lane {letter} crosses corner {ci + 1} {len(hits)} times")
            cuts += [(hits[0], ci), (hits[1], None)]
        cuts.sort(key=lambda cut: cut[0])
        pieces: list[int | None] = [None, *(ci for _, ci in cuts)]
        if first_pieces is None:
            first_pieces = pieces
        elif pieces != first_pieces:
            raise TrackError(f"lane {letter} meets the corners in a different order")
        bounds = [0.0] + [s for s, _ in cuts] + [total]
        stagger = lane_stagger(c, li)
        shift = stagger if stagger <= 0.5 else stagger - 1.0  # more than half: that much behind, in the same piece
        lane_spaces: list[PlannedSpace] = []
        all_ratios.append([])
        for j, (a, b) in enumerate(zip(bounds, bounds[1:])):
            ratio = (b - a) / c.space_length
            all_ratios[-1].append(ratio)
            n = round(ratio)
            if n < 1:
                raise TrackError(f"lane {letter}, piece {j}: {b - a:.1f} px holds no space")
            if abs(ratio % 1 - 0.5) < NEAR_HALF:
                warnings.append(
                    f"lane {letter} piece {j}: {ratio:.2f} spaces is close to x.5; "
                    "a small edit in Tiled may change the space count"
                )
            for k in range(n):
                (x, y), h = lane.at(s0 + a + (k + 0.5 + shift) * (b - a) / n)
                lane_spaces.append(PlannedSpace(li, len(lane_spaces), j, k, n, x, y, h, shift))
        all_spaces.append(lane_spaces)
    assert first_pieces is not None
    _number_rows(all_spaces, len(first_pieces))
    return all_spaces, all_ratios, first_pieces


def lane_stagger(c: Circuit, lane: int) -> float:
    """The lane's ``stagger`` (0 <= stagger < 1; 0 when not given)."""
    stagger = c.stagger[lane] if lane < len(c.stagger) else 0.0
    if not 0.0 <= stagger < 1.0:
        raise TrackError(f"lane {LANE_LETTERS[lane]}: stagger {stagger} is not a fraction of a space from 0 up to 1")
    return stagger


def _number_rows(spaces: list[list[PlannedSpace]], pieces: int) -> None:
    """Give every space the row the loader gives it (game/tracks/spaces.py).

    A piece has as many rows as its longest lane has spaces, and each space
    takes the nearest one (AMB-9); in a piece with a staggered lane the rows
    are the distinct positions instead, an unstaggered space at its nearest
    whole row and a staggered one at its exact position between them.
    """
    row0 = 0
    for j in range(pieces):
        members = [s for lane in spaces for s in lane if s.piece == j]
        n_rows = max(s.n for s in members)
        pos = [s.frac * n_rows - 0.5 for s in members]
        if any(s.shift for s in members):
            keys = [p if s.shift else math.floor(p + 0.5) for s, p in zip(members, pos)]
            rank = {key: r for r, key in enumerate(sorted(set(keys)))}
            rows = [rank[key] for key in keys]
        else:
            rows = [math.floor(p + 0.5) for p in pos]
        for s, r in zip(members, rows):
            s.row = row0 + r
        row0 += max(rows) + 1


def _beside(c: Circuit, b: Beside, poses: list[Pose], segs: list[Segment], half: float) -> MapObject:
    """The polygon of one scenery object beside the track."""
    if b.cls not in SCENERY:
        raise TrackError(f"scenery class {b.cls!r} is not one of {', '.join(SCENERY)}")
    if not (0 <= b.seg < len(segs) and 0 <= b.start < b.end <= 1 and 0 <= b.near < b.far):
        raise TrackError(f"scenery {b} lies outside its segment")
    seg = segs[b.seg]
    total = seg_length(seg)
    steps = 1 if isinstance(seg, Straight) else max(2, math.ceil(seg.angle * (b.end - b.start) / ARC_STEP_DEG))
    sign = 1.0 if b.side == "left" else -1.0
    along = [advance(poses[b.seg], seg, total * (b.start + (b.end - b.start) * i / steps)) for i in range(steps + 1)]
    near = [p.at(0.0, sign * (half + b.near)) for p in along]
    far = [p.at(0.0, sign * (half + b.far)) for p in along]
    outline = near + far[::-1]
    if b.rounded or (b.rounded is None and b.cls in NATURE):  # nature has no corners
        for _ in range(3):
            outline = _chaikin(outline)
    props: dict[str, int | float | str] = {"roof": b.roof} if b.roof else {}
    return MapObject("scenery", b.cls, Shape.of(outline), "polygon", name=b.name, props=props)


def _no_lane_change(c: Circuit, ln: NoLaneChange, poses: list[Pose], segs: list[Segment]) -> MapObject:
    """The polyline of one printed no-lane-change line (CORE-MOVE-3), on the border of its two lanes."""
    if not (0 <= ln.seg < len(segs) and 0 <= ln.start < ln.end <= 1):
        raise TrackError(f"no-lane-change line {ln} lies outside its segment")
    if not 0 <= ln.left < c.lanes - 1:
        raise TrackError(f"no-lane-change line {ln}: lane {ln.left} has no lane to its right among {c.lanes} lanes")
    seg = segs[ln.seg]
    steps = 1 if isinstance(seg, Straight) else max(2, math.ceil(seg.angle * (ln.end - ln.start) / ARC_STEP_DEG))
    offsets = lane_offsets(c)
    between = (offsets[ln.left] + offsets[ln.left + 1]) / 2
    along = [advance(poses[ln.seg], seg, seg_length(seg) * (ln.start + (ln.end - ln.start) * i / steps))
             for i in range(steps + 1)]
    return MapObject("arrows", "no_lane_change", Shape.of([p.at(0.0, between) for p in along]), "polyline")


def _street(
    c: Circuit, poses: list[Pose], segs: list[Segment], half: float, spaces: list[list[PlannedSpace]], notes: list[str]
) -> list[MapObject]:
    """The zone polygons with their black spaces, and the tunnel ends, each point on a space centre."""

    def on_lane(seg: int, at: float, lane: int) -> PlannedSpace:
        if not (0 <= seg < len(segs) and 0 <= at <= 1 and 0 <= lane < c.lanes):
            raise TrackError(f"street feature at segment {seg}, fraction {at}, lane {lane} is not on the track")
        pt = advance(poses[seg], segs[seg], seg_length(segs[seg]) * at).at(0.0, lane_offsets(c)[lane])
        return min(spaces[lane], key=lambda s: dist(pt, (s.x, s.y)))

    objects: list[MapObject] = []
    for z in c.street:
        if z.cls not in ("shooting_zone", "danger_zone", "police_station"):
            raise TrackError(f"street zone class {z.cls!r} is not shooting_zone, danger_zone or police_station")
        seg = segs[z.seg]
        steps = 1 if isinstance(seg, Straight) else max(2, math.ceil(seg.angle * (z.end - z.start) / ARC_STEP_DEG))
        along = [advance(poses[z.seg], seg, seg_length(seg) * (z.start + (z.end - z.start) * i / steps))
                 for i in range(steps + 1)]
        edge = half + 4.0
        outline = [p.at(0.0, edge) for p in along] + [p.at(0.0, -edge) for p in reversed(along)]
        objects.append(MapObject("zones", z.cls, Shape.of(outline), "polygon", name=z.name))
        blacks = [on_lane(z.seg, at, lane) for lane, at in z.black]
        objects += [MapObject("zones", "black_space", Shape.of([(s.x, s.y)]), "point") for s in blacks]
        if blacks:
            notes.append(f"{z.name or z.cls} black spaces: {', '.join(s.name for s in blacks)}")
    for t in c.tunnels:
        for cls, end in (("tunnel_entry", t.entry), ("tunnel_exit", t.exit)):
            s = on_lane(end.seg, end.at, end.lane)
            objects.append(MapObject("tunnels", cls, Shape.of([(s.x, s.y)]), "point", name=f"Tunnel {t.number}",
                                     props={"number": t.number}))
            notes.append(f"tunnel {t.number} {cls.split('_')[1]}: {s.name}")
    return objects


def _chaikin(pts: list[Point]) -> list[Point]:
    """One step of Chaikin's corner cutting on a closed polygon."""
    out: list[Point] = []
    for a, b in zip(pts, pts[1:] + pts[:1]):
        out += [(0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]), (0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1])]
    return out


def _piece(lane: list[PlannedSpace], j: int) -> list[PlannedSpace]:
    return [s for s in lane if s.piece == j]


def _arrow_object(src: PlannedSpace, dst: PlannedSpace) -> MapObject:
    return MapObject("arrows", "arrow", Shape.of([(src.x, src.y), (dst.x, dst.y)]), "polyline")


def _check_arrow(c: Circuit, a: Arrow, label: str) -> None:
    if abs(a.src - a.dst) != 1 or min(a.src, a.dst) < 0 or max(a.src, a.dst) >= c.lanes:
        raise TrackError(f"corner {label!r}: {a} must join two adjacent lanes")


def _corner_arrow(c: Circuit, spaces: list[list[PlannedSpace]], j: int, a: Arrow, label: str) -> tuple[PlannedSpace, PlannedSpace] | None:
    """From the space at ``a.at`` of the corner to the first space a full row further on.

    The longest lane sets a corner's rows; a shorter lane's spaces spread
    over them, so "a full row further" is measured on that common scale.
    """
    _check_arrow(c, a, label)
    src_lane, dst_lane = _piece(spaces[a.src], j), _piece(spaces[a.dst], j)
    rows = max(len(_piece(lane, j)) for lane in spaces)
    src = src_lane[min(len(src_lane) - 1, int(a.at * len(src_lane)))]
    if any(s.shift for lane in spaces for s in _piece(lane, j)):
        # a staggered piece: the overlapping space of the next row, as on a printed brick board
        dst = next((d for d in dst_lane if d.row > src.row), None)
        return (src, dst) if dst is not None and dst.row - src.row <= 3 else None
    for dst in dst_lane:
        if dst.frac * rows >= src.frac * rows + 1 - 1e-9:
            ahead = math.floor(dst.frac * rows) - math.floor(src.frac * rows)  # rows as the loader rounds them
            return (src, dst) if ahead <= 3 else None  # the loader allows 1 to 3 rows ahead

    return None  # a short corner: the caller warns and leaves this arrow out


def _arrow_zone(
    c: Circuit,
    spaces: list[list[PlannedSpace]],
    pieces: list[int | None],
    j: int,
    cn: Corner,
    label: str,
    half: float,
    objects: list[MapObject],
) -> list[tuple[PlannedSpace, PlannedSpace]]:
    """Add the zone polygon over the last spaces before the corner; return its arrows."""
    before = (j - 1) % len(pieces)
    lane_a = _piece(spaces[0], before)
    if pieces[before] is not None or not 2 <= cn.zone_spaces < len(lane_a):
        raise TrackError(f"corner {label!r}: the arrow zone needs 2 or more spaces of a longer straight before it")
    if any(s.shift for lane in spaces for s in _piece(lane, before)):
        raise TrackError(f"corner {label!r}: the generator draws no arrow zone on a straight with a staggered lane")
    zone = cn.zone_spaces
    # From half a space before the first zone space to the corner border.
    first, last = lane_a[-zone], lane_a[-1]
    step = dist((lane_a[-2].x, lane_a[-2].y), (last.x, last.y))
    pa, pb = Pose(first.x, first.y, first.heading), Pose(last.x, last.y, last.heading)
    top, bottom = half - lane_offsets(c)[0], -half - lane_offsets(c)[0]  # track edges, seen from lane A
    polygon = [pa.at(-step / 2, top), pb.at(step / 2, top), pb.at(step / 2, bottom), pa.at(-step / 2, bottom)]
    objects.append(MapObject("arrow_zones", "arrow_zone", Shape.of(polygon), "polygon", name=f"{label} zone"))
    arrows = []
    for a in cn.zone_arrows:
        _check_arrow(c, a, label)
        src_lane, dst_lane = _piece(spaces[a.src], before), _piece(spaces[a.dst], before)
        k = len(src_lane) - zone + min(zone - 2, int(a.at * zone))
        arrows.append((src_lane[k], dst_lane[k + 1]))
    return arrows


def _grid(c: Circuit, spaces: list[list[PlannedSpace]], pieces: list[int | None], notes: list[str]) -> list[MapObject]:
    """A staggered grid: pole on the last space before the line, each later slot a row back.

    Odd positions take the pole's lane, even ones the other column, like the
    two staggered columns of a real grid. The qualifying start is the middle
    lane's last space before the line (QUAL-2, QUAL-D-3).
    """
    last = len(pieces) - 1
    if pieces[last] is not None:
        raise TrackError("the grid needs a straight before the start line")
    if c.grid_lanes is None:
        first_arc = next(s for s in c.segments if isinstance(s, Arc) and s.corner)
        pole, other = (0, c.lanes - 1) if first_arc.turn == "left" else (c.lanes - 1, 0)
    else:
        pole, other = c.grid_lanes
    objects: list[MapObject] = []
    slots: list[str] = []
    for pos in range(1, c.grid_slots + 1):
        behind = _piece(spaces[pole if pos % 2 else other], last)
        if pos > len(behind):
            raise TrackError(f"grid slot {pos} does not fit on the straight before the start line")
        s = behind[-pos]
        slots.append(s.name)
        objects.append(
            MapObject("grid", "grid_slot", Shape.of([(s.x, s.y)]), "point", name=f"P{pos}", props={"position": pos})
        )
    mid = _piece(spaces[c.lanes // 2], last)[-1]
    objects.append(MapObject("grid", "qualifying_start", Shape.of([(mid.x, mid.y)]), "point", name="Q"))
    notes.append(f"grid P1..P{c.grid_slots}: {', '.join(slots)}; qualifying start {mid.name}")
    return objects


def _pit(
    c: Circuit,
    pit: Pit,
    spaces: list[list[PlannedSpace]],
    pieces: list[int | None],
    notes: list[str],
    warnings: list[str],
) -> tuple[list[MapObject], list[Point], list[int]]:
    """The pit lane from the entry space to the exit space, with boxes on its middle spaces.

    Pit spaces sit where the loader puts them: m = round(L / space_length) - 1
    spaces at (k + 1) * L / (m + 1) along the polyline.
    """
    if pieces[0] is not None or pieces[-1] is not None:
        raise TrackError("the pit lane needs straights on both sides of the start line")
    lane = 0 if pit.side == "left" else c.lanes - 1
    sign = 1.0 if pit.side == "left" else -1.0
    before, after = _piece(spaces[lane], len(pieces) - 1), _piece(spaces[lane], 0)
    if not (1 <= pit.entry <= len(before) and 1 <= pit.exit <= len(after)):
        raise TrackError("the pit entry or exit lies outside the straight around the start line")
    e, x = before[-pit.entry], after[pit.exit - 1]
    pe, px = Pose(e.x, e.y, e.heading), Pose(x.x, x.y, x.heading)
    points = [(e.x, e.y), pe.at(pit.ramp, sign * pit.offset), px.at(-pit.ramp, sign * pit.offset), (x.x, x.y)]
    if dist(points[0], points[3]) <= 2 * pit.ramp:
        raise TrackError("the pit entry and exit are too close together for the ramps")
    shape = Shape.of(points)
    path = Path2D(shape.absolute)
    ratio = path.length / c.space_length
    m = round(ratio) - 1
    if m < pit.boxes:
        raise TrackError(f"the pit lane holds {m} spaces, fewer than {pit.boxes} boxes")
    if abs(ratio % 1 - 0.5) < NEAR_HALF:
        warnings.append(f"pit lane: {ratio:.2f} spaces is close to x.5")
    where = [(k + 1) * path.length / (m + 1) for k in range(m)]
    pit_spaces = [path.at(s)[0] for s in where]
    first = (m - pit.boxes) // 2
    boxes = list(range(first, first + pit.boxes))
    for no, b in enumerate(boxes, start=1):
        if not path.cum[1] <= where[b] <= path.cum[2]:
            warnings.append(f"pit box {no} sits on a ramp")
    objects = [MapObject("pit", "pit_lane", shape, "polyline", name="Pit lane")]
    for no, b in enumerate(boxes, start=1):
        objects.append(MapObject("pit", "box", Shape.of([pit_spaces[b]]), "point", name=f"Box {no}", props={"box": no}))
    notes.append(
        f"pit: entry {e.name}, exit {x.name}, {m} pit spaces, boxes 1-{pit.boxes} on pit spaces "
        f"{boxes[0] + 1}-{boxes[-1] + 1}"
    )
    return objects, pit_spaces, boxes


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------

# Object classes: name -> (colour, int members with their defaults). The one
# source for the layer colours, the Tiled project file and objecttypes.xml.
# Defaults are 0 on purpose: Tiled never saves an inherited default, so a
# value the designer did not set stays missing and the loader can say so.
CLASSES: dict[str, tuple[str, dict[str, int | float | bool | str]]] = {
    "lane": ("#e6e6e6", {"partial": False}),
    "start_finish": ("#ffffff", {}),
    "corner": ("#ff3b30", {"stops": 0}),
    "arrow": ("#ffd60a", {}),
    "arrow_zone": ("#ff9f0a", {}),
    "no_lane_change": ("#ffcc00", {}),
    "row_line": ("#8e8e93", {}),
    "space": ("#f2f2f7", {"row_position": 0.0, "after_gap": False}),
    "grid_slot": ("#0a84ff", {"position": 0}),
    "qualifying_start": ("#64d2ff", {}),
    "pit_lane": ("#bf5af2", {"spaces_on_points": False}),
    "box": ("#bf5af2", {"box": 0}),
    # scenery: pictures only (docs/track-format.md); the rules never see them
    "stand": ("#5e5ce6", {}),
    "building": ("#98989d", {"roof": ""}),
    "gravel": ("#d4c294", {}),
    "runoff": ("#707379", {}),
    "paved": ("#a09e97", {}),
    "grass": ("#48863a", {}),
    "water": ("#2c6492", {}),
    "trees": ("#245828", {}),
    "wall": ("#e2e2dc", {}),
    "tyres": ("#1a1a1c", {}),
    "tree": ("#2f6b2f", {}),
    "hill": ("#7a9a5a", {}),
    "rocks": ("#8a867e", {}),
    "tent": ("#f2f2ec", {}),
    "boat": ("#f0f0ea", {}),
    # the street race (game/tracks/street.py)
    "shooting_zone": ("#ff2d55", {}),
    "danger_zone": ("#ff9500", {}),
    "black_space": ("#1c1c1e", {}),
    "police_station": ("#0a3cff", {}),
    "tunnel_entry": ("#30d158", {"number": 0}),
    "tunnel_exit": ("#66d4cf", {"number": 0}),
    # a printed space no car may use (game/tracks/blocked.py), layer 'spaces'
    "blocked_space": ("#d0312d", {}),
}
SCENERY = ("stand", "building", "gravel", "runoff", "paved", "grass", "water", "trees", "wall", "tyres",
           "tree", "hill", "rocks", "tent", "boat")
#: Scenery drawn with rounded corners unless told otherwise: nature has none.
NATURE = ("trees", "grass", "tree", "hill", "rocks")

# Object layers, bottom first, each with the class whose colour it uses.
LAYERS: list[tuple[str, str]] = [
    ("corners", "corner"),
    ("arrow_zones", "arrow_zone"),
    ("zones", "danger_zone"),
    ("lanes", "lane"),
    ("rows", "row_line"),
    ("start_finish", "start_finish"),
    ("arrows", "arrow"),
    ("pit", "pit_lane"),
    ("tunnels", "tunnel_entry"),
    ("grid", "grid_slot"),
]


def _serialise(root: ET.Element) -> str:
    """XML text laid out like Tiled's writer, so a save in Tiled gives no diff."""
    ET.indent(root, space=" ")
    body = ET.tostring(root, encoding="unicode").replace(" />", "/>")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


@dataclass
class Art:
    """The pictures of a map for Tiled: the ``ground`` tile layer and the ``preview`` image layer."""

    ground: list[int]  # global tile ids, row by row
    preview: str  # PNG file name beside the map
    size: tuple[int, int]  # of the preview, px


TILESET = "circuit.tsx"


def tmx_text(layout: Layout, art: Art | None = None) -> str:
    """The .tmx file for a built layout (Tiled 1.8 style: the class is the ``type`` attribute).

    Bottom to top: the ``ground`` tile layer and the ``preview`` image layer
    (pictures for Tiled, when ``art`` is given), the ``scenery`` object
    layer, then the track layers. Object ids number the track layers first,
    so adding scenery never renumbers a corner (its id is part of the graph).
    """
    c = layout.circuit
    # A pit layer promises a pit lane (docs/track-format.md): leave it out when there is none; the
    # street layers only on a street-race circuit, so the other maps stay as they were.
    layers = [("scenery", "building")]
    present = {"pit": c.pit is not None, "zones": bool(c.street), "tunnels": bool(c.tunnels)}
    layers += [(name, cls) for name, cls in LAYERS if present.get(name, True)]
    ids: dict[int, int] = {}
    for layer, _ in layers[1:] + layers[:1]:
        for obj in (o for o in layout.objects if o.layer == layer):
            ids[id(obj)] = len(ids) + 1
    picture_layers = 2 if art is not None else 0
    root = ET.Element(
        "map",
        {
            "version": "1.8",
            "tiledversion": "1.8.2",
            "orientation": "orthogonal",
            "renderorder": "right-down",
            "width": str(layout.width),
            "height": str(layout.height),
            "tilewidth": str(TILE),
            "tileheight": str(TILE),
            "infinite": "0",
            "backgroundcolor": c.background,
            "nextlayerid": str(len(layers) + picture_layers + 1),
            "nextobjectid": str(len(layout.objects) + 1),
        },
    )
    props = ET.SubElement(root, "properties")
    for name, typ, value in (  # sorted by name, as Tiled writes them
        ("circuit_name", "", c.name),
        ("laps", "int", str(c.laps)),
        ("space_length", "float", fmt(c.space_length)),
        ("surroundings", "", c.surroundings),
        ("weather_rain", "", c.weather_rain),
        ("weather_sun", "", c.weather_sun),
        ("weather_variable", "", c.weather_variable),
    ):
        ET.SubElement(props, "property", {"name": name} | ({"type": typ} if typ else {}) | {"value": value})

    if art is not None:
        ET.SubElement(root, "tileset", {"firstgid": "1", "source": TILESET})
        tiles = ET.SubElement(root, "layer", {"id": "1", "name": "ground", "locked": "1",
                                              "width": str(layout.width), "height": str(layout.height)})
        data = ET.SubElement(tiles, "data", {"encoding": "csv"})
        rows = [",".join(str(g) for g in art.ground[r * layout.width:(r + 1) * layout.width])
                for r in range(layout.height)]
        data.text = "\n" + ",\n".join(rows) + "\n"
        image = ET.SubElement(root, "imagelayer", {"id": "2", "name": "preview", "locked": "1"})
        ET.SubElement(image, "image", {"source": art.preview, "width": str(art.size[0]), "height": str(art.size[1])})

    for layer_id, (layer, cls) in enumerate(layers, start=picture_layers + 1):
        group = ET.SubElement(root, "objectgroup", {"color": CLASSES[cls][0], "id": str(layer_id), "name": layer})
        for obj in (o for o in layout.objects if o.layer == layer):
            object_id = ids[id(obj)]
            attrs = {"id": str(object_id)} | ({"name": obj.name} if obj.name else {})
            attrs |= {"type": obj.cls, "x": fmt(obj.shape.origin[0]), "y": fmt(obj.shape.origin[1])}
            el = ET.SubElement(group, "object", attrs)
            if obj.props:
                pel = ET.SubElement(el, "properties")
                for name in sorted(obj.props):
                    ET.SubElement(pel, "property", _property(name, obj.props[name]))
            if obj.kind == "point":
                ET.SubElement(el, "point")
            else:
                ET.SubElement(el, obj.kind, {"points": obj.shape.points_attr()})
    if len(ids) != len(layout.objects):
        raise TrackError("internal: an object is in no layer")
    return _serialise(root)


def _property(name: str, value: int | float | str) -> dict[str, str]:
    """An object property's attributes as Tiled writes them: ints and floats typed, strings plain."""
    if isinstance(value, str):
        return {"name": name, "value": value}
    if isinstance(value, float):
        return {"name": name, "type": "float", "value": fmt(value)}
    return {"name": name, "type": "int", "value": str(value)}


def _kind(value: int | float | bool | str) -> str:
    """A class member's type as Tiled names it: ``bool`` for a flag (``pit_lane``'s
    spaces_on_points), ``float`` for a fraction (a space's row_position), ``string`` for a
    name (a building's roof), else ``int``."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, float):
        return "float"
    return "string" if isinstance(value, str) else "int"


def project_text() -> str:
    """The Tiled project file.

    Tiled 1.8 reads the object types from ``objectTypesFile``. Tiled 1.9+
    use the ``propertyTypes`` classes (``useAs: object``) and also import
    the object types file on load, replacing same-named classes. The
    compatibility version 1080 (Tiled 1.8) makes Tiled 1.9 save the class
    as ``type`` like 1.8 and 1.10+ do, not as ``class``.
    """
    types = [
        {
            "color": "#ff" + colour[1:],
            "id": i,
            "members": [{"name": m, "type": _kind(v), "value": v} for m, v in members.items()],
            "name": name,
            "type": "class",
            "useAs": ["object"],
        }
        for i, (name, (colour, members)) in enumerate(CLASSES.items(), start=1)
    ]
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "compatibilityVersion": 1080,
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": "objecttypes.xml",
        "properties": [],
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4) + "\n"


def objecttypes_text() -> str:
    """objecttypes.xml in the layout of Tiled's Object Types Editor."""
    root = ET.Element("objecttypes")
    for name, (colour, members) in CLASSES.items():
        el = ET.SubElement(root, "objecttype", {"name": name, "color": colour})
        for m, v in members.items():
            default = str(v).lower() if isinstance(v, bool) else str(v)
            ET.SubElement(el, "property", {"name": m, "type": _kind(v), "default": default})
    return _serialise(root)


def summary(layout: Layout) -> str:
    """What `track info` should report for this map, in a few lines."""
    c = layout.circuit
    lines = [f"{c.file}: {c.name!r}, {c.lanes} lanes, {layout.width}x{layout.height} tiles"]
    kinds = " ".join("S" if ci is None else layout.corner_labels[ci] for ci in layout.pieces)
    lines.append(f"  pieces from the start line: {kinds}")
    for li, lane in enumerate(layout.spaces):
        per_piece = " ".join(f"{round(r)}({r:.2f})" for r in layout.ratios[li])
        lines.append(f"  lane {LANE_LETTERS[li]}: {len(lane)} spaces; per piece, rounded (exact): {per_piece}")
    rows = max(s.row for lane in layout.spaces for s in lane) + 1
    lines.append(f"  rows per lap: {rows}")
    for n, label in enumerate(layout.corner_labels):
        j = layout.pieces.index(n)
        counts = " ".join(f"{LANE_LETTERS[li]}:{round(r[j])}" for li, r in enumerate(layout.ratios))
        lines.append(f"  corner {label!r}: spaces {counts}")
    lines += [f"  {note}" for note in layout.notes]
    lines += [f"  warning: {w}" for w in layout.warnings]
    return "\n".join(lines)


# --------------------------------------------------------------------------
# The shipped circuits
# --------------------------------------------------------------------------

L: Side = "left"
R: Side = "right"

OVAL = Circuit(
    file="oval.tmx",
    name="Lindenring Oval",
    laps=2,
    lanes=3,
    lane_spacing=40.0,
    space_length=48.0,
    segments=(
        Straight(1156.0),  # main straight: 13 spaces before the line, 11 after
        Arc(
            126.0,  # 6 / 8 / 11 spaces in lanes A / B / C
            180.0,
            "left",
            Corner(
                2,
                "Lindenkehre",
                arrows=towards(3, "left", (0.1, 0.5)) + towards(3, "right", (0.3, 0.7)),
                zone_spaces=2,
                zone_arrows=towards(3, "left", (0.0,)),
            ),
        ),
        Straight(1156.0),  # back straight: 24 spaces
        Arc(
            126.0,
            180.0,
            "left",
            Corner(1, "Seekurve", arrows=towards(3, "left", (0.1, 0.5)) + towards(3, "right", (0.3, 0.7))),
        ),
    ),
    start_at=626.0,
    weather_sun="13-20",
    weather_variable="6-12",
    weather_rain="1-5",
    pit=Pit(side="right", entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    grow=(0, 1),
    scenery=(
        Beside("stand", 2, 0.12, 0.88, L, 22, 82, "Linden grandstand"),
        Beside("tent", 0, 0.12, 0.18, R, 70, 140),
        Beside("tent", 0, 0.21, 0.27, R, 70, 140),
        Beside("trees", 0, 0.35, 0.95, R, 190, 330),
        Beside("tree", 0, 0.3, 0.32, R, 190, 240),
    ),
)


def _arrows(lanes: int, inside: Side, at_in: Sequence[float] = (0.0, 0.4), at_out: Sequence[float] = (0.2,)) -> tuple[Arrow, ...]:
    """A corner's arrows: towards the inside early and half way, towards the outside in between."""
    outside: Side = "left" if inside == "right" else "right"
    return towards(lanes, inside, at_in) + towards(lanes, outside, at_out)


# The Grand Prix circuit: eleven corners with 15 stops a lap, the proportions of a printed
# board: a long main straight with the pits on the outside into a 2-stop Turn 1, fast 1-stop
# bends, a 3-stop hairpin in a dip (wide enough that its legs stay apart), a 2-stop Turn 7 out
# of it and a flat-out kink. Driven clockwise. Straights 8 and 18 are sized by close_loop so
# the lap closes exactly.
GP = Circuit(
    file="hohenau.tmx",
    name="Hohenau Grand Prix Circuit",
    laps=2,
    lanes=3,
    segments=close_loop(
        (
            Straight(974),  # 0 main straight
            Arc(150, 90, R, Corner(2, "Turn 1", arrows=_arrows(3, R), zone_spaces=2, zone_arrows=towards(3, R, (0.0,)))),
            Straight(180),
            Arc(218, 40, L, Corner(1, "Turn 2", arrows=_arrows(3, L))),
            Straight(116),
            Arc(220, 40, R, Corner(1, "Turn 3", arrows=_arrows(3, R))),
            Straight(400),
            Arc(150, 90, R, Corner(1, "Turn 4", arrows=_arrows(3, R))),
            Straight(600),  # 8 closes the lap
            Arc(151, 90, L, Corner(1, "Turn 5", arrows=_arrows(3, L))),
            Straight(116),
            Arc(116, 180, R, Corner(3, "Hairpin", arrows=_arrows(3, R))),
            Straight(400),
            Arc(120, 90, L, Corner(2, "Turn 7", arrows=_arrows(3, L))),
            Straight(218),
            Arc(300, 30, L),  # a flat-out kink: no corner area
            Straight(220),
            Arc(157, 120, R, Corner(1, "Turn 8", arrows=_arrows(3, R))),
            Straight(500),  # 18 closes the lap
            Arc(184, 60, R, Corner(1, "Turn 9", arrows=_arrows(3, R))),
            Straight(200),
            Arc(182, 60, L, Corner(1, "Turn 10", arrows=_arrows(3, L))),
            Straight(160),
            Arc(150, 90, R, Corner(1, "Turn 11", arrows=_arrows(3, R))),
            Straight(300),
        ),
        8,
        18,
    ),
    start_at=630,
    weather_sun="11-20",
    weather_variable="5-10",
    weather_rain="1-4",
    pit=Pit(side=L, entry=12, exit=7, offset=64.0, ramp=72.0, boxes=10),
    margin=360.0,
    scenery=(
        Beside("paved", 0, 0.25, 0.78, L, 150, 330),
        Beside("building", 0, 0.3, 0.42, L, 180, 250, "Race control", roof="flat"),
        Beside("building", 0, 0.47, 0.56, L, 180, 250, "Paddock", roof="glass"),
        Beside("building", 0, 0.6, 0.72, L, 180, 250),
        Beside("tent", 0, 0.73, 0.76, L, 190, 240),
        Beside("tent", 0, 0.26, 0.29, L, 190, 240),
        Beside("stand", 0, 0.15, 0.7, R, 40, 130, "Main grandstand"),
        Beside("tent", 0, 0.72, 0.76, R, 60, 130),
        Beside("tent", 0, 0.78, 0.82, R, 60, 130),
        Beside("trees", 0, 0.1, 0.75, R, 160, 300),
        Beside("stand", 8, 0.3, 0.75, R, 40, 110),
        Beside("hill", 8, 0.1, 0.9, L, 80, 420),
        Beside("rocks", 8, 0.35, 0.6, L, 160, 300),
        Beside("trees", 8, 0.1, 0.9, R, 150, 330),
        Beside("stand", 11, 0.25, 0.75, L, 110, 180, "Hairpin"),
        Beside("water", 14, 0.1, 0.9, R, 120, 300, "", rounded=True),
        Beside("boat", 14, 0.35, 0.5, R, 180, 230),
        Beside("tree", 14, 0.05, 0.28, L, 50, 100),
        Beside("tree", 14, 0.55, 0.82, L, 60, 120),
        Beside("stand", 18, 0.2, 0.8, L, 40, 110),
        Beside("tent", 18, 0.05, 0.12, L, 60, 120),
        Beside("trees", 18, 0.1, 0.9, R, 80, 260),
        Beside("trees", 24, 0.0, 1.0, L, 60, 220),
        Beside("hill", 24, 0.1, 0.9, R, 100, 300),
    ),
)

def _street_arrows(inside: Side) -> tuple[Arrow, ...]:
    """A street corner's arrows: inwards at the entry, a third and two thirds in, outwards in between.

    Three lanes between walls need room to get round a car or a damage
    marker inside the corner, so there are more arrows than in the Grand
    Prix corners; every one of them fits a 4-space inside lane.
    """
    return _arrows(3, inside, (0.0, 0.35, 0.65), (0.2, 0.5))


# The street circuit: three lanes between walls, nine tight corners with 13 stops a lap (the
# 3-stop Cathedral, the 2-stop Bank and Lighthouse, the other bends and the chicane 1-stop)
# round the old harbour; driven anticlockwise. Every 90-degree bend but the Cathedral has radius 150
# (4 / 5 / 6 spaces from the inside lane out), the Cathedral 181 (5 / 6 / 7), the chicane
# 5 spaces in every lane. Straights 6 and 8 are sized by close_loop so the lap closes exactly.
STREET = Circuit(
    file="hafenstadt.tmx",
    name="Hafenstadt Street Circuit",
    laps=2,
    lanes=3,
    segments=close_loop(
        (
            Straight(1150),  # 0 harbour front: start/finish and pits, 30 spaces with segment 20
            Arc(150, 90, L, Corner(1, "Station", arrows=_street_arrows(L))),
            Straight(228),
            Arc(150, 90, R, Corner(2, "Bank", arrows=_street_arrows(R))),
            Straight(250),
            Arc(150, 90, L, Corner(1, "Market", arrows=_street_arrows(L))),
            Straight(300),  # 6 closes the lap
            Arc(181, 90, L, Corner(3, "Cathedral", arrows=_street_arrows(L))),
            Straight(1000),  # 8 closes the lap: the back straight, 22 spaces
            Arc(140, 45, R, Corner(1, "Chicane", span=3, arrows=_arrows(3, R, (0.0, 0.3), (0.6,)))),
            Straight(20),
            Arc(140, 45, L),
            Straight(250),
            Arc(150, 90, L, Corner(1, "Fountain", arrows=_street_arrows(L))),
            Straight(250),
            Arc(150, 90, R, Corner(1, "Harbour", arrows=_street_arrows(R))),
            Straight(250),
            Arc(150, 90, L, Corner(2, "Lighthouse", arrows=_street_arrows(L))),
            Straight(352),
            Arc(150, 90, L, Corner(1, "Quay", arrows=_street_arrows(L))),
            Straight(300),
        ),
        6,
        8,
    ),
    start_at=700,  # 9 spaces to Station, 21 behind the line for the grid and the pit entry
    weather_sun="15-20",
    weather_variable="8-14",
    weather_rain="1-7",
    pit=Pit(side=R, entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    margin=280.0,
    background="#8e8c86",
    surroundings="walls",
    scenery=(
        # the harbour: the basin behind the pits and the quay, the lighthouse on its mole
        Beside("water", 0, 0.0, 1.0, R, 150, 520),
        Beside("water", 20, 0.0, 1.0, R, 150, 520),
        Beside("water", 19, 0.0, 1.0, R, 150, 260),
        Beside("water", 18, 0.0, 1.0, R, 150, 260),
        Beside("water", 17, 0.0, 1.0, R, 150, 260),
        Beside("building", 18, 0.12, 0.3, R, 175, 240, "Lighthouse", roof="flat"),
        Beside("boat", 0, 0.1, 0.16, R, 250, 300),
        Beside("boat", 0, 0.2, 0.25, R, 250, 300),
        Beside("boat", 0, 0.3, 0.36, R, 250, 300),
        Beside("boat", 0, 0.55, 0.7, R, 330, 420),
        Beside("boat", 20, 0.3, 0.6, R, 300, 380),
        Beside("stand", 0, 0.3, 0.78, L, 30, 120, "Harbour grandstand"),
        Beside("building", 0, 0.04, 0.26, L, 30, 200),
        Beside("building", 0, 0.78, 0.9, L, 30, 200),
        Beside("trees", 0, 0.2, 0.85, L, 240, 680),
        # the old town
        Beside("building", 2, 0.05, 0.95, L, 30, 220, "Station"),
        Beside("building", 2, 0.1, 0.6, R, 30, 160),
        Beside("building", 4, 0.05, 0.95, R, 30, 160),
        Beside("building", 4, 0.1, 0.9, L, 30, 130),
        Beside("building", 6, 0.05, 0.95, R, 30, 170, "Market hall", roof="glass"),
        Beside("building", 6, 0.1, 0.9, L, 30, 180),
        Beside("building", 8, 0.02, 0.28, R, 30, 170),
        Beside("building", 8, 0.33, 0.62, R, 30, 170, "Cathedral"),
        Beside("building", 8, 0.67, 0.97, R, 30, 170),
        Beside("building", 8, 0.12, 0.34, L, 30, 190),
        Beside("building", 8, 0.68, 0.95, L, 30, 190),
        Beside("building", 12, 0.1, 0.9, R, 30, 160),
        Beside("building", 12, 0.1, 0.9, L, 30, 120),
        Beside("stand", 14, 0.1, 0.9, R, 30, 100, "Fountain"),
        Beside("building", 14, 0.1, 0.9, L, 30, 200),
        Beside("stand", 16, 0.1, 0.9, R, 30, 100),
        Beside("building", 16, 0.1, 0.9, L, 30, 140),
        Beside("building", 18, 0.05, 0.95, L, 30, 200),
    ),
)

def _block(seg: int, start: float, end: float, side: Side, near: float, far: float, along: int = 2,
           across: int = 2, length: float = 1300.0) -> tuple[Beside, ...]:
    """A city block beside segment ``seg``: ``along`` x ``across`` houses with narrow yards between them.

    ``length`` is the segment's length in px, so the yards are about 10 px wide.
    """
    gap_f, gap = 10.0 / length, 10.0
    out = []
    for i in range(along):
        a = start + (end - start) * i / along + (gap_f / 2 if i else 0.0)
        b = start + (end - start) * (i + 1) / along - (gap_f / 2 if i < along - 1 else 0.0)
        for j in range(across):
            lo = near + (far - near) * j / across + (gap / 2 if j else 0.0)
            hi = near + (far - near) * (j + 1) / across - (gap / 2 if j < across - 1 else 0.0)
            if j == across - 1 and (i + j) % 2:
                hi -= 18.0  # not every back yard wall in one line
            out.append(Beside("building", seg, a, b, side, lo, hi))
    return tuple(out)


# The street-race circuit (this is only the board, the rules are elsewhere): two lanes
# between walls through an old town, driven clockwise. A kinked street with roadworks (the
# danger zone) along the river, a bottom street lined with houses (the residents' windows), a loop hanging
# south around a block that tunnel 1 runs under, and the police station on the way back
# north. No pit lane (STREET-4). Straights 14 and 16 are sized by close_loop.
CITY = Circuit(
    file="brueckenau.tmx",
    name="Brückenau City Circuit",
    laps=2,
    lanes=2,
    segments=close_loop(
        (
            Straight(1300),  # 0 the main street: start/finish
            Arc(165, 90, R, Corner(2, "Town Hall", arrows=_arrows(2, R, (0.0, 0.5), (0.25,)))),
            Straight(250),  # 2 heading south
            Arc(140, 30, L),  # a jog in the street: no corner area
            Straight(80),
            Arc(140, 30, R),
            Straight(520),  # 6 the roadworks: the danger zone
            Arc(135, 90, R, Corner(1, "Church Lane", arrows=_arrows(2, R, (0.0, 0.5), (0.25,)))),
            Straight(525),  # 8 the bottom street: the residents' windows
            Arc(135, 90, L, Corner(2, "Well Corner", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(340),  # 10 into the loop: tunnel 1's entry
            Arc(130, 180, R, Corner(3, "The Loop", arrows=_arrows(2, R, (0.0, 0.35, 0.7), (0.2, 0.5)))),
            Straight(340),  # 12 out of the loop: tunnel 1's exit
            Arc(135, 90, L, Corner(2, "Market Gate", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(330),  # 14 closes the lap
            Arc(165, 90, R, Corner(1, "Post Office", arrows=_arrows(2, R, (0.0, 0.5), (0.25,)))),
            Straight(580),  # 16 heading north past the police station; closes the lap
            Arc(195, 90, R, Corner(3, "Station Bend", arrows=_arrows(2, R, (0.0, 0.35, 0.7), (0.2, 0.5)))),
        ),
        14,
        16,
    ),
    start_at=916,
    weather_sun="12-20",
    weather_variable="6-11",
    weather_rain="1-5",
    margin=340.0,
    background="#8e8c86",
    surroundings="walls",
    street=(
        Street("danger_zone", 6, 0.15, 0.85, black=((0, 0.3), (1, 0.5), (0, 0.72)), name="Roadworks"),
        Street("shooting_zone", 8, 0.1, 0.9, name="Residents' windows"),
        Street("police_station", 16, 0.35, 0.65, name="Police station"),
    ),
    tunnels=(TunnelPair(1, TunnelEnd(10, 0.8, 1), TunnelEnd(12, 0.2, 1)),),
    scenery=(
        # outside: the grandstand and the town hall on the main street, the river round the east
        Beside("stand", 0, 0.3, 0.7, L, 30, 130, "Main grandstand"),
        *_block(0, 0.04, 0.26, L, 30, 190, along=3),
        Beside("building", 0, 0.74, 0.97, L, 30, 210, "Town Hall"),
        Beside("paved", 0, 0.28, 0.72, L, 140, 260),
        *_block(2, 0.05, 0.95, L, 30, 110, along=2, across=1, length=250),
        Beside("trees", 2, 0.0, 1.0, L, 150, 430, "", rounded=True),
        Beside("water", 6, 0.0, 1.0, L, 150, 460, "", rounded=True),  # the river's round head
        Beside("water", 6, 0.4, 1.0, L, 150, 460),
        Beside("water", 7, 0.0, 1.0, L, 150, 460),
        Beside("boat", 6, 0.5, 0.62, L, 260, 320),
        Beside("boat", 8, 0.2, 0.3, L, 300, 360),
        Beside("water", 8, 0.0, 0.7, L, 150, 460),
        Beside("trees", 8, 0.72, 1.0, L, 120, 300),
        *_block(10, 0.05, 0.95, L, 30, 170, along=2, across=1, length=340),
        Beside("trees", 10, 0.0, 1.0, L, 200, 330),
        Beside("building", 10, 0.08, 0.92, R, 30, 150, "Old Mill"),
        Beside("trees", 11, 0.1, 0.9, L, 60, 200),
        *_block(12, 0.1, 0.9, L, 30, 150, along=2, across=1, length=340),
        Beside("trees", 14, 0.05, 0.95, L, 40, 330, "", rounded=True),
        *_block(14, 0.06, 0.94, R, 30, 170, along=3, length=382),
        *_block(16, 0.02, 0.3, L, 30, 190, along=2, length=919),
        *_block(16, 0.7, 0.97, L, 30, 190, along=2, length=919),
        Beside("grass", 16, 0.3, 0.7, L, 150, 300),
        Beside("building", 17, 0.2, 0.8, L, 110, 230, "Station"),
        # inside: the old town's blocks, the cathedral square and the park
        *_block(16, 0.08, 0.3, R, 30, 140, along=2, across=1, length=919),
        *_block(16, 0.34, 0.62, R, 30, 140, along=2, across=1, length=919),
        *_block(16, 0.66, 0.9, R, 30, 140, along=2, across=1, length=919),
        *_block(0, 0.0, 0.18, R, 30, 230),
        *_block(0, 0.22, 0.4, R, 30, 230),
        Beside("building", 0, 0.44, 0.56, R, 30, 230, "Cathedral"),
        *_block(0, 0.6, 0.78, R, 30, 230),
        *_block(0, 0.82, 0.98, R, 30, 230),
        *_block(0, 0.0, 0.18, R, 280, 480),
        Beside("paved", 0, 0.22, 0.78, R, 280, 730),
        Beside("grass", 0, 0.26, 0.74, R, 300, 710),
        Beside("trees", 0, 0.3, 0.45, R, 330, 680, "", rounded=True),
        Beside("water", 0, 0.48, 0.7, R, 420, 600, "", rounded=True),
        Beside("building", 0, 0.82, 0.98, R, 280, 480, "Market hall", roof="glass"),
        *_block(0, 0.0, 0.18, R, 530, 730),
        *_block(0, 0.82, 0.98, R, 530, 730),
        *_block(0, 0.0, 0.18, R, 780, 980),
        *_block(0, 0.22, 0.4, R, 780, 980),
        *_block(0, 0.44, 0.6, R, 780, 960),
        *_block(0, 0.64, 0.8, R, 780, 960),
        *_block(0, 0.84, 0.98, R, 780, 960),
        *_block(6, 0.05, 0.95, R, 30, 90, along=4, across=1, length=520),
    ),
)

# The fast circuit: a former airfield, three lanes, driven clockwise, 12 stops a lap. Two long
# straights where the slipstream decides (the runway, 25 spaces either side of the 1-stop
# taxiway chicane, and the main straight), joined by fast 1-stop bends, a hard 3-stop braking
# point at the end of the runway and a twisty 2-stop infield back to the pits. Straights 0 and
# 14 are sized by close_loop so the lap closes exactly.
AIRFIELD = Circuit(
    file="kranzfeld.tmx",
    name="Kranzfeld Airfield Circuit",
    laps=2,
    lanes=3,
    segments=close_loop(
        (
            Straight(1500),  # 0 the main straight: start/finish and pits; closes the lap
            Arc(199, 70, R, Corner(1, "Tower", arrows=_arrows(3, R))),
            Straight(192),
            Arc(226, 70, R, Corner(1, "Radar", arrows=_arrows(3, R))),
            Straight(1200),  # 4 the runway: 25 spaces to the taxiway chicane
            Arc(160, 40, R, Corner(1, "Taxiway", span=3, inside=R, arrows=_arrows(3, R, (0.0, 0.6), (0.3,)))),
            Straight(24),
            Arc(160, 40, L),
            Straight(1200),  # 8 and 25 after it
            Arc(130, 130, R, Corner(3, "Runway End", arrows=_arrows(3, R), zone_spaces=2,
                                   zone_arrows=towards(3, R, (0.0,)))),
            Straight(450),
            Arc(236, 30, L, Corner(1, "Fuel Depot", arrows=towards(3, L, (0.0,)))),
            Straight(230),
            Arc(225.4, 60, R, Corner(1, "Hangar", arrows=_arrows(3, R))),
            Straight(300),  # 14 closes the lap
            Arc(170, 60, R, Corner(2, "Windsock", arrows=_arrows(3, R))),
            Straight(144),
            Arc(212, 90, L, Corner(1, "Apron", arrows=_arrows(3, L))),
            Straight(150),
            Arc(212, 90, R, Corner(1, "Pylon", arrows=_arrows(3, R))),
            Straight(100),
        ),
        0,
        14,
    ),
    start_at=805,
    weather_sun="8-20",
    weather_variable="4-7",
    weather_rain="1-3",
    pit=Pit(side=L, entry=14, exit=8, offset=64.0, ramp=72.0, boxes=10),
    margin=440.0,
    background="#4a7a3a",
    scenery=(
        # outside the main straight: the paddock behind the pits, woods beyond
        Beside("paved", 0, 0.22, 0.8, L, 150, 330),
        Beside("building", 0, 0.27, 0.4, L, 180, 250, "Race control", roof="flat"),
        Beside("building", 0, 0.45, 0.58, L, 180, 250, "Paddock", roof="glass"),
        Beside("building", 0, 0.63, 0.76, L, 180, 250),
        Beside("trees", 0, 0.05, 0.95, L, 360, 470),
        Beside("stand", 0, 0.12, 0.72, R, 40, 130, "Main grandstand"),
        # the runway: the old taxiway beside it inside, spectators' banks outside
        Beside("runoff", 4, 0.3, 0.95, R, 90, 160),
        Beside("runoff", 8, 0.05, 0.7, R, 90, 160),
        Beside("water", 8, 0.1, 0.5, R, 230, 420, "", rounded=True),
        Beside("trees", 4, 0.4, 0.72, R, 220, 380),
        Beside("stand", 4, 0.3, 0.8, L, 40, 110, "Runway grandstand"),
        Beside("stand", 8, 0.15, 0.6, L, 40, 110),
        Beside("trees", 4, 0.1, 1.0, L, 180, 340),
        Beside("trees", 8, 0.0, 0.9, L, 180, 340),
        Beside("stand", 9, 0.25, 0.75, L, 120, 190),
        Beside("tent", 8, 0.65, 0.7, L, 60, 110),
        Beside("tent", 8, 0.73, 0.78, L, 60, 110),
        # the apron with its hangars inside the triangle, the control tower by the first bend
        Beside("paved", 14, 0.05, 0.95, R, 60, 420),
        Beside("building", 14, 0.1, 0.45, R, 90, 250, "Hangar 1", roof="flat"),
        Beside("building", 14, 0.55, 0.9, R, 90, 250, "Hangar 2", roof="flat"),
        Beside("paved", 0, 0.8, 1.0, R, 180, 360),
        Beside("building", 0, 0.85, 0.97, R, 210, 330, "Tower", roof="glass"),
        Beside("tent", 0, 0.74, 0.78, R, 60, 130),
        Beside("tent", 0, 0.05, 0.09, R, 60, 130),
        Beside("stand", 1, 0.25, 0.75, L, 120, 190),
        # the fuel depot outside the kink, the woods round the west
        Beside("paved", 10, 0.1, 0.9, L, 40, 200),
        Beside("building", 10, 0.2, 0.45, L, 70, 170, "Fuel depot"),
        Beside("building", 10, 0.55, 0.8, L, 70, 170),
        Beside("trees", 12, 0.0, 1.0, L, 100, 330),
        Beside("trees", 14, 0.1, 0.9, L, 60, 280),
        Beside("stand", 15, 0.2, 0.8, L, 110, 180),
    ),
)

# The mountain circuit: an old road circuit of two lanes up the Adlerjoch and back, driven
# anticlockwise, 12 stops a lap. From the lakeside main straight the road climbs in a
# switchback (the 3-stop Adlerkehre hairpin), runs along the ridge through a chicane and winds down through
# the woods. The chicane turns right and then left, so its inside is set by hand. Straights 8
# and 14 are sized by close_loop so the lap closes exactly.
MOUNTAIN = Circuit(
    file="adlerjoch.tmx",
    name="Adlerjoch Mountain Circuit",
    laps=2,
    lanes=2,
    segments=close_loop(
        (
            Straight(1300),  # 0 the lakeside main straight: start/finish and pits
            Arc(137, 160, L, Corner(2, "Seekehre", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(620),  # 2 the first leg of the switchback
            Arc(82.2, 160, R, Corner(3, "Adlerkehre", arrows=_arrows(2, R, (0.0, 0.35), (0.2, 0.5)))),
            Straight(500),  # 4 the second leg
            Arc(150, 110, L, Corner(1, "Kanzel", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(300),
            Arc(200, 70, L, Corner(1, "Gipfel", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(400),  # 8 the ridge; closes the lap
            Arc(95, 70, R, Corner(1, "Schikane", span=3, inside=R, arrows=_arrows(2, R, (0.0, 0.6), (0.3,)))),
            Straight(10),
            Arc(95, 70, L),
            Straight(500),
            Arc(140, 90, L, Corner(1, "Wetterkreuz", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
            Straight(300),  # 14 down through the woods; closes the lap
            Arc(264.5, 30, R, Corner(1, "Hirschsprung", arrows=_arrows(2, R, (0.0,), (0.34,)))),
            Straight(200),
            Arc(264.5, 30, L, Corner(1, "Mühle", arrows=_arrows(2, L, (0.0,), (0.34,)))),
            Straight(280),
            Arc(140, 90, L, Corner(1, "Talkurve", arrows=_arrows(2, L, (0.0, 0.5), (0.25,)))),
        ),
        8,
        14,
    ),
    start_at=722,
    weather_sun="14-20",
    weather_variable="6-13",
    weather_rain="1-5",
    pit=Pit(side=R, entry=12, exit=6, offset=64.0, ramp=72.0, boxes=10),
    margin=330.0,
    background="#3f6b35",
    surroundings="meadow",
    scenery=(
        # the valley: the village behind the pits, the lake round the Seekehre
        Beside("paved", 0, 0.3, 0.8, R, 130, 250),
        Beside("building", 0, 0.36, 0.5, R, 150, 230, "Race office"),
        Beside("building", 0, 0.56, 0.74, R, 150, 230),
        *_block(0, 0.04, 0.26, R, 130, 290, along=2, length=1300),
        Beside("stand", 0, 0.08, 0.46, L, 40, 130, "Main grandstand"),
        Beside("water", 0, 0.8, 1.0, R, 110, 420, "Adlersee", rounded=True),
        Beside("boat", 0, 0.86, 0.9, R, 200, 240),
        Beside("boat", 0, 0.92, 0.95, R, 300, 330),
        Beside("trees", 1, 0.3, 1.0, R, 130, 300),
        Beside("rocks", 2, 0.3, 0.5, R, 50, 120),
        Beside("hill", 4, 0.0, 1.0, R, 160, 330),
        Beside("rocks", 3, 0.3, 0.7, R, 50, 110),
        Beside("hill", 0, 0.15, 0.55, L, 170, 460),
        Beside("rocks", 6, 0.2, 0.7, L, 40, 110),
        Beside("rocks", 16, 0.2, 0.8, L, 40, 100),
        Beside("rocks", 13, 0.2, 0.7, L, 40, 120),
        # the switchback: spectators at the hairpin, woods on the slope
        Beside("stand", 3, 0.2, 0.8, L, 110, 180),
        Beside("trees", 2, 0.05, 0.7, L, 50, 140),
        Beside("trees", 4, 0.2, 0.9, R, 50, 150),
        Beside("stand", 5, 0.25, 0.75, R, 110, 180),
        Beside("trees", 6, 0.0, 1.0, R, 60, 230),
        # the ridge: the mountain hut, the tarn and the chicane's stand, woods below the summit
        Beside("hill", 8, 0.0, 1.0, R, 60, 400),
        Beside("rocks", 8, 0.05, 0.2, R, 40, 100),
        Beside("building", 8, 0.25, 0.75, R, 110, 190, "Mountain hut"),
        Beside("rocks", 9, 0.1, 0.9, L, 40, 110),
        Beside("hill", 12, 0.05, 0.95, L, 180, 420),
        Beside("trees", 8, 0.0, 1.0, R, 230, 330),
        Beside("water", 12, 0.55, 0.95, R, 100, 260, "Bergsee", rounded=True),
        Beside("stand", 8, 0.3, 0.85, L, 30, 100),  # before the chicane, clear of its gravel on the left
        Beside("trees", 12, 0.0, 0.45, R, 60, 260),
        Beside("trees", 7, 0.0, 1.0, R, 130, 300),
        Beside("stand", 13, 0.25, 0.75, R, 110, 180),
        # the way down: the mill by its pond, the forest inside the lap
        Beside("trees", 14, 0.0, 1.0, R, 50, 260),
        Beside("building", 18, 0.15, 0.45, R, 40, 110, "Mill"),
        Beside("water", 18, 0.5, 1.0, R, 40, 160, "", rounded=True),
        Beside("trees", 16, 0.0, 1.0, R, 50, 200),
        Beside("trees", 14, 0.1, 0.9, L, 180, 300),
        Beside("paved", 14, 0.1, 0.9, L, 40, 160),
        Beside("building", 14, 0.15, 0.45, L, 60, 140, "Chapel"),
        *_block(14, 0.55, 0.85, L, 60, 140, along=2, across=1, length=389),
        Beside("trees", 18, 0.1, 0.9, L, 50, 200),
        Beside("trees", 8, 0.1, 0.6, L, 130, 240),
        Beside("trees", 6, 0.1, 0.9, L, 50, 150),
    ),
)

# The classic Grand Prix board: three lanes with the middle one staggered half a space ahead,
# the brick pattern of printed boards, so every diagonal step goes to the space it overlaps.
# Driven clockwise round a park, 12 stops a lap: a long main straight, a 3-stop hairpin at the
# bottom (its legs a lane and a half apart), 2-stop corners between woods and the lake and three
# fast 1-stop bends. Straights 8 and 10 are sized by close_loop so the lap closes exactly.
CLASSIC = Circuit(
    file="eichwald.tmx",
    name="Eichwald Grand Prix Circuit",
    laps=2,
    lanes=3,
    stagger=(0.0, 0.5, 0.0),
    segments=close_loop(
        (
            Straight(1322),  # 0 the main straight: start/finish and pits
            Arc(119, 90, R, Corner(2, "Eichkurve", arrows=_arrows(3, R))),
            Straight(350),
            Arc(176, 60, R, Corner(1, "Waldeck", arrows=_arrows(3, R))),
            Straight(250),
            Arc(180, 60, L, Corner(1, "Brücke", arrows=_arrows(3, L))),
            Straight(300),
            Arc(110, 180, R, Corner(3, "Haarnadel", arrows=_arrows(3, R))),
            Straight(400),  # 8 back up the hill; closes the lap
            Arc(120, 90, L, Corner(2, "Mühlbach", arrows=_arrows(3, L))),
            Straight(500),  # 10 the back straight past the lake; closes the lap
            Arc(149.6, 90, R, Corner(2, "Sägewerk", arrows=_arrows(3, R))),
            Straight(300),
            Arc(210.7, 90, R, Corner(1, "Zielkurve", arrows=_arrows(3, R))),
        ),
        8,
        10,
    ),
    start_at=782,
    weather_sun="10-20",
    weather_variable="5-9",
    weather_rain="1-4",
    pit=Pit(side=L, entry=13, exit=7, offset=64.0, ramp=72.0, boxes=10),
    margin=360.0,
    scenery=(
        # the paddock behind the pits, the main grandstand facing them
        Beside("paved", 0, 0.24, 0.8, L, 150, 330),
        Beside("building", 0, 0.29, 0.42, L, 180, 250, "Race control", roof="flat"),
        Beside("building", 0, 0.47, 0.6, L, 180, 250, "Paddock", roof="glass"),
        Beside("building", 0, 0.65, 0.76, L, 180, 250),
        Beside("stand", 0, 0.1, 0.7, R, 40, 130, "Main grandstand"),
        Beside("tent", 0, 0.73, 0.77, R, 60, 130),
        Beside("tent", 0, 0.79, 0.83, R, 60, 130),
        Beside("stand", 1, 0.2, 0.8, L, 110, 180),
        Beside("tree", 2, 0.1, 0.2, R, 50, 110),
        Beside("tree", 2, 0.55, 0.65, R, 60, 120),
        # the brook under the bridge, the oak woods round the hairpin
        Beside("water", 4, 0.8, 1.0, L, 0, 220),
        Beside("water", 4, 0.8, 1.0, R, 0, 90),
        Beside("trees", 2, 0.1, 0.9, L, 60, 220),
        Beside("trees", 4, 0.0, 0.7, L, 60, 240),
        Beside("trees", 6, 0.2, 0.9, L, 60, 260),
        Beside("stand", 7, 0.2, 0.8, L, 110, 180),
        Beside("trees", 10, 0.12, 0.9, L, 60, 330),
        # the lake in the park inside the lap, the sawmill by the last corners
        Beside("water", 10, 0.2, 0.75, R, 110, 330, "", rounded=True),
        Beside("boat", 10, 0.35, 0.45, R, 190, 240),
        Beside("tent", 10, 0.05, 0.1, R, 60, 120),
        Beside("trees", 10, 0.78, 1.0, R, 60, 250),
        Beside("stand", 10, 0.25, 0.65, L, 30, 100),
        Beside("trees", 12, 0.1, 0.9, R, 60, 200),
        Beside("trees", 11, 0.0, 1.0, L, 130, 260),
        Beside("trees", 13, 0.0, 1.0, L, 200, 300),
        Beside("paved", 12, 0.05, 0.95, L, 60, 260),
        Beside("building", 12, 0.1, 0.5, L, 90, 230, "Sawmill"),
        Beside("building", 12, 0.58, 0.9, L, 90, 200),
        Beside("stand", 13, 0.25, 0.75, L, 110, 180),
    ),
)

CIRCUITS: tuple[Circuit, ...] = (OVAL, GP, STREET, CITY, AIRFIELD, MOUNTAIN, CLASSIC)




def make_art(layout: Layout) -> tuple[Art, object]:
    """The ground tiles and the preview picture of a map, drawn by the game's own board renderer.

    The map is loaded exactly as the game loads it, so the preview in Tiled
    is the board the players will see. Returns the art and the preview
    surface (a pygame Surface) to save beside the map.
    """
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    import pygame

    from game.board.render import BoardOptions, BoardRenderer, read_art
    from game.tracks.geometry import point_in_polygon
    from game.tracks.load import load_track
    from sprites.make_tiles import TILES

    pygame.font.init()
    c = layout.circuit
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / c.file
        path.write_text(tmx_text(layout), encoding="utf-8")
        track = load_track(path)
        board = BoardRenderer(track, art=read_art(path))
    width, height = layout.width * TILE, layout.height * TILE
    preview = board.render(BoardOptions(), 1.0, area=(0.0, 0.0, float(width), float(height)), transparent=True)
    # the tileset's nearest picture for the scenery classes it has no tile of
    as_tile = {"tree": "trees", "hill": "grass_dark", "rocks": "gravel", "tent": "building", "boat": "water"}
    areas = [(as_tile.get(s.cls, s.cls), s.points) for s in board.art.scenery
             if len(s.points) >= 3 and s.cls not in ("wall", "tyres")]
    areas.sort(key=lambda a: a[0] in ("stand", "building"))  # blocks on top of ground areas
    areas += [("gravel", poly) for poly, _ in board.gravel]
    if board.pit_building is not None:
        areas.append(("garage", board.pit_building[0]))

    # Each area with its bounding box (widened a hair for rounding): a point beyond it is never
    # inside, so the even-odd test runs only where it can say yes (most of the tiles' time).
    boxed = [(cls, poly, min(x for x, _ in poly) - 1e-6, max(x for x, _ in poly) + 1e-6,
              min(y for _, y in poly) - 1e-6, max(y for _, y in poly) + 1e-6) for cls, poly in reversed(areas)]

    def what(x: float, y: float) -> str:
        if board.space_at(x, y) is not None:
            return "asphalt"
        for cls, poly, x0, x1, y0, y1 in boxed:
            if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon((x, y), poly):
                return cls
        return "paved" if c.surroundings == "walls" else "grass"

    def tile(tx: int, ty: int) -> str:
        """What the whole tile shows; the plain ground where it shows several things.

        A tile is painted only where the preview covers all of it, so with
        the preview shown no tile edge (no staircase) is ever visible.
        """
        probes = {what((tx + u) * TILE, (ty + v) * TILE) for u in (0.02, 0.5, 0.98) for v in (0.02, 0.5, 0.98)}
        return probes.pop() if len(probes) == 1 else ("paved" if c.surroundings == "walls" else "grass")

    ground = [TILES.index(tile(tx, ty)) + 1 for ty in range(layout.height) for tx in range(layout.width)]
    name = Path(c.file).stem + "-preview.png"
    return Art(ground, name, preview.get_size()), preview


def outputs(circuits: Sequence[Circuit]) -> tuple[dict[Path, tuple[str, str]], dict[Path, object]]:
    """Every generated file: path -> (content, summary); and the preview pictures: path -> Surface."""
    files: dict[Path, tuple[str, str]] = {}
    pictures: dict[Path, object] = {}
    for c in circuits:
        layout = build(c)
        art, preview = make_art(layout)
        files[MAPS_DIR / c.file] = (tmx_text(layout, art), summary(layout))
        pictures[MAPS_DIR / art.preview] = preview
    files[MAPS_DIR / "formula-d.tiled-project"] = (project_text(), "formula-d.tiled-project: object classes")
    files[MAPS_DIR / "objecttypes.xml"] = (objecttypes_text(), "objecttypes.xml: object types for Tiled 1.8")
    return files, pictures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the shipped tracks and the Tiled project files.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    args = parser.parse_args(argv)
    try:
        files, pictures = outputs(CIRCUITS)
    except TrackError as exc:
        print(f"trackgen: {exc}", file=sys.stderr)
        return 2
    import pygame

    stale = 0
    for path, picture in pictures.items():
        if args.check:
            if not path.exists() or pygame.image.load(str(path)).get_size() != picture.get_size():
                stale += 1
                print(f"out of date: {path.name} (run python -m game.tools.trackgen)", file=sys.stderr)
        else:
            pygame.image.save(picture, str(path))
    for path, (text, info) in files.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if args.check:
            if current != text:
                stale += 1
                print(f"out of date: {path.name} (run python -m game.tools.trackgen)", file=sys.stderr)
            continue
        if current != text:
            path.write_text(text, encoding="utf-8")
        if not args.quiet:
            print(info)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
