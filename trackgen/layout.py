"""Build a circuit's layout: lanes, spaces, arrows, grid and pit, placed as the game's loader finds them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from rules.track import LANE_LETTERS
from trackgen.description import (
    ARC_STEP_DEG,
    NATURE,
    NEAR_HALF,
    SCENERY,
    TILE,
    Arc,
    Arrow,
    Beside,
    Circuit,
    Corner,
    NoLaneChange,
    Pit,
    Point,
    Segment,
    Straight,
    TrackError,
)
from trackgen.geometry import Path2D, Pose, Shape, advance, chain_points, dist, seg_length


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
    shift = (
        math.ceil(circuit.margin - min(x for o in track for x, _ in o.shape.absolute)),
        math.ceil(circuit.margin - min(y for o in track for _, y in o.shape.absolute)),
    )
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
    i, d = _segment_at(segs, c.start_at)
    seg = segs[i]
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
        corner_props: dict[str, int | float | str] = {"stops": cn.stops}
        if cn.inside is not None:
            corner_props["inside"] = cn.inside
        objects.append(MapObject("corners", "corner", shape, "polygon", name=cn.label, props=corner_props))

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


def _segment_at(segs: list[Segment], d: float) -> tuple[int, float]:
    """The segment ``d`` along the lap lies on, and how far into it: the start line is placed by
    its distance from the lap's first segment."""
    for i, seg in enumerate(segs):
        if d <= seg_length(seg):
            return i, d
        d -= seg_length(seg)
    raise TrackError("start_at lies beyond the end of the lap")


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
    along = [
        advance(poses[ln.seg], seg, seg_length(seg) * (ln.start + (ln.end - ln.start) * i / steps))
        for i in range(steps + 1)
    ]
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
        along = [
            advance(poses[z.seg], seg, seg_length(seg) * (z.start + (z.end - z.start) * i / steps))
            for i in range(steps + 1)
        ]
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
            objects.append(
                MapObject(
                    "tunnels",
                    cls,
                    Shape.of([(s.x, s.y)]),
                    "point",
                    name=f"Tunnel {t.number}",
                    props={"number": t.number},
                )
            )
            notes.append(f"tunnel {t.number} {cls.split('_')[1]}: {s.name}")
    return objects


def _chaikin(pts: list[Point]) -> list[Point]:
    """One step of Chaikin's corner cutting on a closed polygon."""
    out: list[Point] = []
    for a, b in zip(pts, pts[1:] + pts[:1]):
        out += [
            (0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]),
            (0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]),
        ]
    return out


def _piece(lane: list[PlannedSpace], j: int) -> list[PlannedSpace]:
    return [s for s in lane if s.piece == j]


def _arrow_object(src: PlannedSpace, dst: PlannedSpace) -> MapObject:
    return MapObject("arrows", "arrow", Shape.of([(src.x, src.y), (dst.x, dst.y)]), "polyline")


def _check_arrow(c: Circuit, a: Arrow, label: str) -> None:
    if abs(a.src - a.dst) != 1 or min(a.src, a.dst) < 0 or max(a.src, a.dst) >= c.lanes:
        raise TrackError(f"corner {label!r}: {a} must join two adjacent lanes")


def _corner_arrow(
    c: Circuit, spaces: list[list[PlannedSpace]], j: int, a: Arrow, label: str
) -> tuple[PlannedSpace, PlannedSpace] | None:
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
