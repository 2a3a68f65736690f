"""Derive the spaces and edges of a track from what the designer drew.

The method (docs/track-format.md, "What the game derives"): every lane is
cut at the start/finish line, at corner borders and at row lines. Between
two cuts each lane gets ``round(length / space_length)`` evenly spaced
spaces; the piece has as many rows as its longest lane has spaces, and a
shorter lane's spaces take the nearest rows (AMB-9). Because straights have
the same length in every lane, their spaces line up row by row.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import deque
from dataclasses import dataclass

from game.tracks.drawing import Drawing, Problem, Shape, TrackError, closest
from game.tracks.geometry import Path, Point, dist, nearest, point_in_polygon, turn
from game.tracks.street import street_features
from rules.track import (
    Corner,
    Edge,
    EdgeKind,
    PitLane,
    Space,
    Track,
    WeatherTable,
    space_name,
)

RESERVED = {"name", "type", "id", "x", "y", "width", "height", "points"}
MIN_GRID = 10
MIN_BOXES = 10
MIN_SPACE = 8  # pixels; smaller spaces are a mistake and would make the graph huge
MAX_SPACES = 2000  # per lane or pit lane
MAX_LANES = 4  # printed boards have 2 or 3, a few 4


@dataclass(frozen=True)
class Cut:
    """A place where every lane is cut: (kind, object id)."""

    kind: str  # "start", "enter", "leave", "row"
    obj: int


def _round(x: float) -> int:
    return math.floor(x + 0.5)


class Builder:
    """Collects problems while deriving the graph, so all are reported at once."""

    def __init__(self, drawing: Drawing) -> None:
        self.d = drawing
        self.problems: list[Problem] = []

    def fail(self, message: str, hint: str, shape: Shape | None = None, at: Point | None = None) -> None:
        pt = at or (shape.anchor if shape else None)
        problem = Problem(message, hint, shape.id if shape else None, pt[0] if pt else None, pt[1] if pt else None)
        if problem not in self.problems:  # the same fault found from several lanes is one problem
            self.problems.append(problem)

    # --- map properties -------------------------------------------------------

    def map_props(self) -> tuple[str, int, float, WeatherTable | None]:
        p = self.d.props
        name = p.get("circuit_name")
        if not isinstance(name, str) or not name.strip():
            self.fail("the map has no circuit_name", "add a string map property circuit_name, e.g. 'Lindenring'")
            name = "?"
        laps = p.get("laps")
        if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= 3:
            self.fail(f"map property laps is {laps!r}, not 1, 2 or 3", "set the int map property laps to 1, 2 or 3")
            laps = 1
        sl = p.get("space_length")
        if isinstance(sl, bool) or not isinstance(sl, (int, float)) or not MIN_SPACE <= sl < math.inf:
            self.fail(
                f"map property space_length is {sl!r}, not a length of at least {MIN_SPACE} pixels",
                "set the float map property space_length to the length of one space in pixels, e.g. 48",
            )
            sl = 0.0
        return name.strip(), laps, float(sl), self.weather()

    def weather(self) -> WeatherTable | None:
        """AMB-5: three contiguous ranges covering 1-20, variable between sun and rain."""
        ranges: dict[str, tuple[int, int] | None] = {}
        ok = True
        for cond in ("sun", "variable", "rain"):
            key = f"weather_{cond}"
            if key not in self.d.props:
                self.fail(f"the map has no {key}", f"add a string map property {key}, e.g. '13-20', or '' if it never happens")
                ok = False
                continue
            raw = self.d.props[key] or ""  # pytmx reads value="" as None
            rng = _parse_range(str(raw))
            if rng is False:
                self.fail(
                    f"map property {key} is {raw!r}, not a range of black-die results",
                    "write it as 'a-b' with 1 <= a <= b <= 20, a single number, or leave it empty",
                )
                ok = False
                continue
            ranges[cond] = rng  # type: ignore[assignment]
        if not ok:
            return None
        owners = {v: [f"weather_{c}" for c, r in ranges.items() if r and r[0] <= v <= r[1]] for v in range(1, 21)}
        twice = {v: keys for v, keys in owners.items() if len(keys) > 1}
        never = [v for v, keys in owners.items() if not keys]
        if twice or never:
            pairs: dict[tuple[str, ...], list[int]] = {}
            for v, keys in twice.items():
                pairs.setdefault(tuple(keys), []).append(v)
            said = [f"{_numbers(vs)} in both {' and '.join(keys)}" for keys, vs in pairs.items()]
            said += [f"{_numbers(never)} in none"] if never else []
            self.fail(
                f"the weather table does not cover the black-die results 1 to 20 exactly once: {'; '.join(said)}",
                "make weather_sun, weather_variable and weather_rain split 1-20 without gaps or overlaps, "
                "e.g. rain 1-5, variable 6-12, sun 13-20",
            )
            return None
        sun, var, rain = ranges["sun"], ranges["variable"], ranges["rain"]
        if var and sun and rain and not (min(sun[0], rain[0]) < var[0] <= var[1] < max(sun[1], rain[1])):
            self.fail(
                "variable weather does not lie between sun and rain on the barometer",
                "order the ranges sun, variable, rain, e.g. rain 1-5, variable 6-12, sun 13-20",
            )
            return None
        return WeatherTable(sun=sun, variable=var, rain=rain)

    # --- objects --------------------------------------------------------------

    def objects(self, layer: str, *kinds: str) -> dict[str, list[Shape]]:
        """A layer's objects by class; others are reported so nothing is silently ignored."""
        out: dict[str, list[Shape]] = {k: [] for k in kinds}
        for s in self.d.layer(layer):
            bad = RESERVED & set(s.props)
            if bad:
                self.fail(
                    f"custom property {sorted(bad)[0]!r} is a reserved name",
                    "rename or delete that custom property; Tiled's own fields use these names",
                    s,
                )
            if s.cls in out:
                out[s.cls].append(s)
            else:
                meant = closest(s.cls, kinds) if s.cls else None
                self.fail(
                    f"object of class {s.cls or '(none)'!r} in layer {layer!r}"
                    + (f" (the closest class is {meant!r})" if meant else ""),
                    f"set its class (the Type field in Tiled 1.8, Class in later versions) to {' or '.join(kinds)}, "
                    "or move it to another layer",
                    s,
                )
        return out

    def int_prop(self, s: Shape, key: str, lo: int, hi: int) -> int | None:
        v = s.props.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            shown = "missing" if v is None else repr(v)
            hint = f"set the int property {key} to a value from {lo} to {hi}"
            if v is None:
                hint += (
                    " (a grey value in Tiled's Properties is only the project's default"
                    " and is not saved: click it and type the number)"
                )
            self.fail(f"{s.cls} property {key} is {shown}", hint, s)
            return None
        return v


def _numbers(values: list[int]) -> str:
    """[13] -> "result 13"; [6, 7] -> "results 6, 7"."""
    return ("result " if len(values) == 1 else "results ") + ", ".join(str(v) for v in values)


def _parse_range(text: str) -> tuple[int, int] | None | bool:
    """'13-20' -> (13, 20); '7' -> (7, 7); '' -> None; anything else -> False."""
    t = text.strip()
    if t in ("", "-", "none"):
        return None
    parts = [p.strip() for p in t.split("-")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return False
    a, b = int(parts[0]), int(parts[1])
    return (a, b) if 1 <= a <= b <= 20 else False


@dataclass
class LaneGeo:
    shape: Shape
    path: Path
    start: float = 0.0  # arc length of the start line on the drawn path
    cuts: list[tuple[float, Cut]] | None = None  # along the lap, from the start line

    def at(self, s: float) -> tuple[Point, float]:
        return self.path.at(self.start + s)

    def lap(self, s_drawn: float) -> float:
        return (s_drawn - self.start) % self.path.length


def build(drawing: Drawing) -> Track:
    """Derive the track graph, or raise TrackError listing every problem found."""
    b = Builder(drawing)
    name, laps, space_len, weather = b.map_props()
    before_lanes = len(b.problems)
    lanes = [LaneGeo(s, Path(s.points, True)) for s in _lane_shapes(b, b.objects("lanes", "lane")["lane"], space_len)]
    lanes_broken = len(b.problems) > before_lanes  # a missing lane would only cause follow-up noise
    starts = b.objects("start_finish", "start_finish")["start_finish"]
    corner_shapes = b.objects("corners", "corner")["corner"]
    arrow_shapes = b.objects("arrows", "arrow")["arrow"]
    zone_shapes = b.objects("arrow_zones", "arrow_zone")["arrow_zone"]
    row_shapes = b.objects("rows", "row_line")["row_line"]
    grid_objs = b.objects("grid", "grid_slot", "qualifying_start")
    pit_objs = b.objects("pit", "pit_lane", "box")

    mark = len(b.problems)  # problems so far do not stop the geometry below
    if "lanes" not in drawing.layers:
        b.fail("the map has no object layer named 'lanes'", "add an object layer 'lanes' with one polyline per lane")
    elif not 2 <= len(lanes) <= MAX_LANES:
        b.fail(f"the track has {len(lanes)} lanes", f"draw 2 to {MAX_LANES} lanes (3 is usual) in the layer 'lanes'")
    if "start_finish" not in drawing.layers:
        b.fail("the map has no object layer named 'start_finish'", "add an object layer 'start_finish' with one polyline across all lanes")
    elif len(starts) != 1:
        b.fail(f"layer 'start_finish' has {len(starts)} start/finish lines", "draw exactly one polyline of class start_finish")
    if "grid" not in drawing.layers:
        b.fail("the map has no object layer named 'grid'", "add an object layer 'grid' with the grid slots and the qualifying start")
    if len(b.problems) > mark or space_len <= 0 or lanes_broken:
        raise TrackError(b.problems)
    for lg in lanes:
        if lg.path.length / space_len > MAX_SPACES:
            b.fail(
                f"the lane is {lg.path.length:.0f} pixels long: more than {MAX_SPACES} spaces",
                "draw the track smaller or make space_length larger",
                lg.shape,
            )
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    _cut_lanes(b, lanes, starts[0], corner_shapes, row_shapes)
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    offsets = {id(lg): _right_offset(lanes[0], lg) for lg in lanes}
    lanes.sort(key=lambda lg: offsets[id(lg)])
    spaces, corner_order, corner_rows, n_rows = _make_spaces(b, lanes, corner_shapes, zone_shapes, space_len)
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    by_name = {s.name: s for s in spaces}
    edges = _lane_edges(spaces, len(lanes))
    near = SpaceFinder(spaces, space_len)
    edges += _arrow_edges(b, arrow_shapes, near)
    pit, pit_spaces, pit_edges = _pit(b, pit_objs["pit_lane"], pit_objs["box"], near, lanes, n_rows, "pit" in drawing.layers)
    spaces += pit_spaces
    edges += pit_edges
    by_name.update((s.name, s) for s in pit_spaces)
    corners = _corners(b, corner_shapes, corner_order, corner_rows, spaces, edges, lanes)
    grid = _grid(b, grid_objs["grid_slot"], near, n_rows)
    qual = _single_point(b, grid_objs["qualifying_start"], "qualifying_start", near, n_rows)
    zones, tunnels = street_features(b, near, "pit" in drawing.layers)
    if not b.problems:
        _check_reachable(b, spaces, edges, grid)
    if b.problems or weather is None or qual is None:
        raise TrackError(b.problems)
    return Track(
        name=name,
        laps=laps,
        lanes=len(lanes),
        rows=n_rows,
        spaces=tuple(spaces),
        edges=tuple(edges),
        corners=tuple(corners),
        grid=tuple(grid),
        qualifying_start=qual,
        pit=pit,
        weather=weather,
        zones=zones,
        tunnels=tunnels,
    )


def _lane_shapes(b: Builder, drawn: list[Shape], space_len: float) -> list[Shape]:
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


def _cut_lanes(b: Builder, lanes: list[LaneGeo], start: Shape, corners: list[Shape], rows: list[Shape]) -> None:
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
            mine = _describe(order[k]) if k < len(order) else "nothing more"
            theirs = _describe(ref[k]) if k < len(ref) else "nothing more"
            at = lg.at(cuts[k][0])[0] if k < len(cuts) else lg.shape.anchor
            b.fail(
                f"lane object {lg.shape.id} meets {mine} here, where lane object {lanes[0].shape.id} meets {theirs}: "
                "every lane must cross the corner borders and row lines in the same order",
                "make that corner or row line span the whole width of the track, square to the lanes",
                lg.shape,
                at,
            )


def _right_offset(ref: LaneGeo, lg: LaneGeo) -> float:
    """How far right of ``ref`` this lane lies at the start line (sort key: left lane first)."""
    (x0, y0), h = ref.at(0.0)
    (x, y), _ = lg.at(0.0)
    rad = math.radians(h)
    # right-hand normal of heading (cos, sin) with y down is (-sin, cos)
    return (x - x0) * -math.sin(rad) + (y - y0) * math.cos(rad)


def _make_spaces(
    b: Builder, lanes: list[LaneGeo], corners: list[Shape], zones: list[Shape], space_len: float
) -> tuple[list[Space], list[int], dict[int, tuple[int, int]], int]:
    """Spread spaces over each piece between cuts.

    Returns the spaces, the corner object ids in lap order, each corner's
    first and last row, and the number of rows in the lap.
    """
    cut_order = [c for _, c in lanes[0].cuts or []]
    n_pieces = len(cut_order)
    corner_order = sorted((c.id for c in corners), key=lambda cid: _first_cut(cut_order, cid))
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
            counts.append(max(1, _round((z - a) / space_len)))
        if min(z - a for a, z in spans) < space_len / 2:
            nxt = cut_order[(piece + 1) % n_pieces]
            b.fail(
                f"less than half a space lies between {_describe(cut)} and {_describe(nxt)}",
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
                        row=row0 + _round(pos),
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


def _describe(cut: Cut) -> str:
    what = {"start": "the start/finish line", "enter": "the start of corner", "leave": "the end of corner", "row": "row line"}
    return what[cut.kind] if cut.kind == "start" else f"{what[cut.kind]} object {cut.obj}"


def _first_cut(order: list[Cut], obj: int) -> int:
    return next(i for i, c in enumerate(order) if c.obj == obj)


def _lane_edges(spaces: list[Space], n_lanes: int) -> list[Edge]:
    """Straight-ahead steps, and diagonal steps outside arrow-only areas (CORE-MOVE-3, AMB-3)."""
    lanes: list[list[Space]] = [[s for s in spaces if s.lane == li] for li in range(n_lanes)]
    rows = [[s.row for s in lane] for lane in lanes]  # never decreasing along a lane
    edges = []
    for li, lane in enumerate(lanes):
        for k, s in enumerate(lane):
            edges.append(Edge(src=s.name, dst=lane[(k + 1) % len(lane)].name, kind=EdgeKind.STRAIGHT))
            if s.arrows_only:
                continue
            for lj in (li - 1, li + 1):
                if 0 <= lj < n_lanes:
                    other = lanes[lj]
                    ahead = bisect_right(rows[lj], s.row)  # the first space of the next row
                    t = other[ahead] if ahead < len(other) else other[0]
                    if not t.arrows_only:
                        edges.append(Edge(src=s.name, dst=t.name, kind=EdgeKind.DIAGONAL))
    return edges


class SpaceFinder:
    """The spaces by square cells of half a space, to find the one under a drawn point
    (an arrow's end, a grid slot, a box) without measuring the distance to every space."""

    def __init__(self, spaces: list[Space], space_len: float) -> None:
        self.spaces = list(spaces)
        self.reach = space_len * 0.5
        self.cells: dict[tuple[int, int], list[Space]] = {}
        for sp in spaces:
            self.cells.setdefault(self._cell((sp.x, sp.y)), []).append(sp)

    def _cell(self, pt: Point) -> tuple[int, int]:
        return math.floor(pt[0] / self.reach), math.floor(pt[1] / self.reach)

    def snap(self, pt: Point, pit: bool = False) -> Space | None:
        """The space whose centre is nearest to ``pt``, if within half a space (the first of equals)."""
        cx, cy = self._cell(pt)
        near = [sp for i in (cx - 1, cx, cx + 1) for j in (cy - 1, cy, cy + 1) for sp in self.cells.get((i, j), ())]
        near.sort(key=lambda sp: (sp.lane, sp.index))  # the order of the space list, for ties
        best = min((sp for sp in near if sp.in_pit == pit), key=lambda sp: dist(pt, (sp.x, sp.y)), default=None)
        if best is None or dist(pt, (best.x, best.y)) > self.reach:
            return None
        return best


def _arrow_edges(b: Builder, arrows: list[Shape], near: SpaceFinder) -> list[Edge]:
    """Arrows drawn by the designer (CORE-MOVE-6): one step into an adjacent lane, forwards."""
    rows = max(s.row for s in near.spaces) + 1
    edges: list[Edge] = []
    for a in arrows:
        if len(a.points) != 2 or a.closed:
            what = "it is a closed polygon" if a.closed else f"it has {len(a.points)} points"
            b.fail(
                f"arrow is not a line with two points ({what})",
                "redraw it with the Insert Polygon tool: click its start space, then its end space, then press Enter "
                "(first select nothing, Edit > Select None: a click on the end of a selected line extends that line)",
                a,
            )
            continue
        src = near.snap(a.points[0])
        dst = near.snap(a.points[1])
        for end, sp, pt in (("start", src, a.points[0]), ("end", dst, a.points[1])):
            if sp is None:
                b.fail(f"the arrow's {end} is not on a space", f"move the arrow's {end} point onto the centre of a space", a, pt)
        if src is None or dst is None:
            continue
        ahead = (dst.row - src.row) % rows
        if abs(dst.lane - src.lane) != 1:
            b.fail(
                f"arrow from {src.name} to {dst.name} does not lead into an adjacent lane",
                "let the arrow end in the lane right next to its start",
                a,
            )
        elif not 0 < ahead <= 3:
            b.fail(
                f"arrow from {src.name} to {dst.name} does not point forwards to the next rows",
                "draw the arrow in the driving direction, ending one row further on",
                a,
            )
        elif not (src.arrows_only or dst.arrows_only):
            b.fail(
                f"arrow from {src.name} to {dst.name} lies on a straight, outside every corner and arrow zone, "
                "where cars change lanes without arrows",
                "delete the arrow, or draw an arrow_zone around it if lane changes there go only along arrows",
                a,
            )
        else:
            edges.append(Edge(src=src.name, dst=dst.name, kind=EdgeKind.ARROW))
    return edges


class LaneCentres:
    """Per lane, each space centre as (arc length along the lap, progress): what
    ``_progress_at`` interpolates between; measured for a lane when it is first asked for
    (the pit lane lies beside one lane)."""

    def __init__(self, spaces: list[Space], lanes: list[LaneGeo]) -> None:
        self.spaces = spaces
        self.lanes = lanes
        self.found: dict[int, list[tuple[float, float]]] = {}

    def of(self, li: int) -> list[tuple[float, float]]:
        if li not in self.found:
            lg = self.lanes[li]
            self.found[li] = [(lg.lap(lg.path.project((sp.x, sp.y))[0]), sp.progress) for sp in self.spaces if sp.lane == li]
        return self.found[li]


def _progress_at(lanes: list[LaneGeo], centres_of: LaneCentres, pt: Point, n_rows: int) -> float:
    """Lap progress of an off-lane point (pit lane): project it onto the nearest lane."""
    best, (along, _) = nearest([lg.path for lg in lanes], pt)
    lg = lanes[best]
    s = lg.lap(along)
    centres = centres_of.of(best)
    # interpolate between the lane's space centres, wrapping around the lap
    L = lg.path.length
    ext = [(c - L, p - n_rows) for c, p in centres[-1:]] + centres + [(c + L, p + n_rows) for c, p in centres[:1]]
    for (c1, p1), (c2, p2) in zip(ext, ext[1:]):
        if c1 <= s <= c2 and c2 > c1:
            return ((p1 + (p2 - p1) * (s - c1) / (c2 - c1)) % n_rows)
    return centres[0][1]


def _pit(
    b: Builder,
    pit_lanes: list[Shape],
    boxes: list[Shape],
    near: SpaceFinder,
    lanes: list[LaneGeo],
    n_rows: int,
    has_layer: bool,
) -> tuple[PitLane | None, list[Space], list[Edge]]:
    """The pit lane: entry edge, its spaces, exit edge, and the boxes (CORE-PIT-2)."""
    if not has_layer:
        return None, [], []
    spaces, space_len = near.spaces, 2 * near.reach
    if len(pit_lanes) != 1:
        b.fail(f"layer 'pit' has {len(pit_lanes)} pit lanes", "draw exactly one polyline of class pit_lane, or delete the layer 'pit'")
        return None, [], []
    pl = pit_lanes[0]
    if len(pl.points) < 2 or pl.closed:
        b.fail(
            "the pit lane is not a polyline" + (" (it is a closed polygon)" if pl.closed else ""),
            "redraw it with the Insert Polygon tool from the entry space to the exit space and press Enter "
            "(clicking the first point again closes it into a polygon)",
            pl,
        )
        return None, [], []
    entry = near.snap(pl.points[0])
    exit_ = near.snap(pl.points[-1])
    if entry is None:
        b.fail("the pit lane does not start on a track space", "move the pit lane's first point onto the entry space", pl, pl.points[0])
    if exit_ is None:
        b.fail("the pit lane does not end on a track space", "move the pit lane's last point onto the exit space", pl, pl.points[-1])
    path = Path(pl.points, False)
    if path.length / space_len > MAX_SPACES:
        b.fail(f"the pit lane is more than {MAX_SPACES} spaces long", "draw the pit lane beside the track", pl)
        return None, [], []
    m = _round(path.length / space_len) - 1
    if m < MIN_BOXES:
        b.fail(
            f"the pit lane has room for {max(m, 0)} spaces, fewer than {MIN_BOXES} boxes need",
            "make the pit lane longer",
            pl,
        )
        return None, [], []
    pit_spaces = []
    centres = LaneCentres(spaces, lanes)
    for k in range(m):
        (x, y), h = path.at((k + 1) * path.length / (m + 1))
        prog = round(_progress_at(lanes, centres, (x, y), n_rows), 6)
        pit_spaces.append(
            Space(
                name=space_name(-1, k),
                lane=-1,
                index=k,
                row=_round(prog) % n_rows,
                progress=prog,
                x=round(x, 3),
                y=round(y, 3),
                heading=round(h % 360.0, 3),
            )
        )
    boxes_near = SpaceFinder(pit_spaces, space_len)
    numbered: dict[int, Space] = {}
    unplaced = False  # a box already named as wrong: the count below would only repeat it
    for bx in boxes:
        num = b.int_prop(bx, "box", 1, 99)
        sp = boxes_near.snap(bx.anchor, pit=True)
        if sp is None:
            b.fail("box is not on a pit-lane space", "move the box point onto the pit lane", bx)
            unplaced = True
            continue
        if num is None:
            unplaced = True
            continue
        if num in numbered:
            b.fail(f"two boxes have number {num}", "number the boxes 1, 2, 3, ... once each", bx)
            unplaced = True
        elif sp.box is not None or sp.name in {s.name for s in numbered.values()}:
            b.fail(f"two boxes are on pit space {sp.name}", "put every box on its own pit-lane space", bx)
            unplaced = True
        else:
            numbered[num] = sp
    if not unplaced and (len(numbered) < MIN_BOXES or sorted(numbered) != list(range(1, len(numbered) + 1))):
        b.fail(
            f"the pit lane has boxes {sorted(numbered)}; it needs boxes numbered 1 to at least {MIN_BOXES}",
            "add box points numbered 1, 2, 3, ... without gaps, one per car",
            pl,
        )
    box_of = {sp.name: n for n, sp in numbered.items()}
    pit_spaces = [s.model_copy(update={"box": box_of.get(s.name)}) for s in pit_spaces]
    if entry is None or exit_ is None:
        return None, pit_spaces, []
    names = [s.name for s in pit_spaces]
    edges = [Edge(src=entry.name, dst=names[0], kind=EdgeKind.PIT_ENTRY)]
    edges += [Edge(src=a, dst=z, kind=EdgeKind.PIT) for a, z in zip(names, names[1:])]
    edges.append(Edge(src=names[-1], dst=exit_.name, kind=EdgeKind.PIT_EXIT))
    chain = [entry.progress] + [s.progress for s in pit_spaces] + [exit_.progress]
    backs = sum(1 for p, q in zip(chain, chain[1:]) if q <= p)
    if backs > 1 or (backs == 1 and not any(q < p - n_rows / 2 for p, q in zip(chain, chain[1:]))):
        b.fail(
            "the pit lane runs backwards along the track somewhere",
            "draw the pit lane in the driving direction, beside the track, from entry to exit",
            pl,
        )
    return PitLane(spaces=tuple(names), entry=entry.name, exit=exit_.name, boxes=tuple(sp.name for _, sp in sorted(numbered.items()))), pit_spaces, edges


def _corners(
    b: Builder,
    shapes: list[Shape],
    order: list[int],
    rows: dict[int, tuple[int, int]],
    spaces: list[Space],
    edges: list[Edge],
    lanes: list[LaneGeo],
) -> list[Corner]:
    """Corner facts: stops, inside side, shortest and longest way through (CORNER-1, CORNER-2)."""
    by_id = {c.id: c for c in shapes}
    out = []
    for i, cid in enumerate(order):
        c = by_id[cid]
        stops = b.int_prop(c, "stops", 1, 3)
        members = [s for s in spaces if s.corner == i]
        if stops is None or not members:
            continue
        names = {s.name for s in members}
        inner = [e for e in edges if e.src in names and e.dst in names]
        entries = {e.dst for e in edges if e.dst in names and e.src not in names}
        exits = {e.src for e in edges if e.src in names and e.dst not in names}
        shortest, longest = _ways(members, inner, entries, exits)
        if shortest is None:
            b.fail("no way leads through this corner", "add arrows so cars can drive from the corner's entry to its exit", c)
            continue
        mid = len(lanes) // 2
        lane_sp = sorted((s for s in members if s.lane == mid), key=lambda s: s.index)
        bend = sum(turn(a.heading, z.heading) for a, z in zip(lane_sp, lane_sp[1:]))
        if abs(bend) < 1.0:
            counts = [sum(1 for s in members if s.lane == li) for li in range(len(lanes))]
            inside = "left" if counts[0] <= counts[-1] else "right"
        else:
            inside = "right" if bend > 0 else "left"
        first, last = rows[i]
        out.append(
            Corner(
                index=i,
                label=c.name or f"C{i + 1}",
                stops=stops,
                inside=inside,
                spaces=tuple(s.name for s in sorted(members, key=lambda s: (s.row, s.lane))),
                first_row=first,
                last_row=last,
                shortest=shortest,
                longest=longest,
                object_id=c.id,
            )
        )
    return out


def _ways(members: list[Space], inner: list[Edge], entries: set[str], exits: set[str]) -> tuple[int | None, int | None]:
    """Fewest and most corner spaces on a path from an entry space to an exit space."""
    succ: dict[str, list[str]] = {s.name: [] for s in members}
    for e in inner:
        succ[e.src].append(e.dst)
    memo: dict[str, tuple[float, float]] = {}

    def walk(n: str) -> tuple[float, float]:
        if n not in memo:
            best = (math.inf, -math.inf)
            if n in exits:
                best = (1, 1)
            for m in succ[n]:
                lo, hi = walk(m)
                best = (min(best[0], lo + 1), max(best[1], hi + 1))
            memo[n] = best
        return memo[n]

    ways = [walk(n) for n in entries]
    lo = min((w[0] for w in ways), default=math.inf)
    hi = max((w[1] for w in ways), default=-math.inf)
    if lo == math.inf:
        return None, None
    return int(lo), int(hi)


def _behind_line(b: Builder, s: Shape, sp: Space, n_rows: int) -> None:
    """Cars start behind the line, so their first crossing starts lap 1."""
    if sp.row < n_rows // 2:
        b.fail(
            f"{s.cls} on {sp.name} is not behind the start/finish line",
            "place the grid and the qualifying start on the spaces just before the start/finish line",
            s,
        )


def _grid(b: Builder, slots: list[Shape], near: SpaceFinder, n_rows: int) -> list[str]:
    """Grid slots in position order (FD08-GRID-1 fills them); at least ten, each on its own space."""
    placed: dict[int, str] = {}
    unplaced = False  # a slot already named as wrong: the count below would only repeat it
    for s in slots:
        pos = b.int_prop(s, "position", 1, 99)
        sp = near.snap(s.anchor)
        if sp is None:
            b.fail("grid slot is not on a track space", "move the grid slot point onto the centre of a space", s)
            unplaced = True
            continue
        _behind_line(b, s, sp, n_rows)
        if pos is None:
            unplaced = True
            continue
        if pos in placed:
            b.fail(f"two grid slots have position {pos}", "number the grid slots 1, 2, 3, ... once each", s)
            unplaced = True
        elif sp.name in placed.values():
            b.fail(f"two grid slots are on space {sp.name}", "put every grid slot on its own space", s)
            unplaced = True
        else:
            placed[pos] = sp.name
    if not unplaced and (len(placed) < MIN_GRID or sorted(placed) != list(range(1, len(placed) + 1))):
        b.fail(
            f"the grid has positions {sorted(placed)}; it needs positions 1 to at least {MIN_GRID}",
            "add grid_slot points in layer 'grid' numbered 1, 2, 3, ... without gaps",
        )
    return [placed[p] for p in sorted(placed)]


def _single_point(
    b: Builder, shapes: list[Shape], cls: str, near: SpaceFinder, n_rows: int
) -> str | None:
    if len(shapes) != 1:
        b.fail(f"layer 'grid' has {len(shapes)} objects of class {cls}", f"place exactly one point of class {cls}")
        return None
    sp = near.snap(shapes[0].anchor)
    if sp is None:
        b.fail(f"the {cls} point is not on a track space", "move it onto the centre of a space", shapes[0])
        return None
    _behind_line(b, shapes[0], sp, n_rows)
    return sp.name


def _check_reachable(b: Builder, spaces: list[Space], edges: list[Edge], grid: list[str]) -> None:
    """Every space can be reached from the grid, and from every space the lap goes on."""
    succ: dict[str, list[str]] = {s.name: [] for s in spaces}
    pred: dict[str, list[str]] = {s.name: [] for s in spaces}
    for e in edges:
        succ[e.src].append(e.dst)
        pred[e.dst].append(e.src)

    def closure(start: list[str], nxt: dict[str, list[str]]) -> set[str]:
        seen = set(start)
        todo = deque(start)
        while todo:
            for m in nxt[todo.popleft()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        return seen

    by_name = {s.name: s for s in spaces}
    reached = closure(grid, succ)
    unreached = [s for s in spaces if s.name not in reached]
    if unreached:
        first = unreached[0]
        b.fail(
            f"{len(unreached)} spaces cannot be reached from the grid, starting with {first.name}",
            "add arrows or diagonal room so cars can get into that lane, or join the pit lane to the track",
            at=(first.x, first.y),
        )
    if grid:
        home = closure([grid[0]], pred)
        stuck = [by_name[n] for n in succ if n not in home]
        if stuck:
            first = stuck[0]
            b.fail(
                f"{len(stuck)} spaces lead nowhere (the lap cannot go on from them), starting with {first.name}",
                "join the lane or pit lane back to the track",
                at=(first.x, first.y),
            )
