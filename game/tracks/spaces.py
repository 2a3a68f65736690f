"""The spaces of the lanes: where each lane is cut, and the spaces spread between the cuts.

The method (docs/track-format.md, "What the game derives"): every lane is
cut at the start/finish line, at corner borders and at row lines. Between
two cuts each lane gets ``round(length / space_length)`` evenly spaced
spaces; the piece has as many rows as its longest lane has spaces, and a
shorter lane's spaces take the nearest rows (AMB-9). Because straights have
the same length in every lane, their spaces line up row by row.

Staggered lanes (the brick pattern of printed boards). A lane's float
property ``stagger`` (0 <= stagger < 1, default 0) moves each of its spaces
that fraction of a space (the lane's own space in that piece) further along
than the even spread. Every space belongs to the piece between the cuts in
which its centre lies; a centre exactly on a cut belongs to the piece before
it. So a stagger above one half draws the same pattern as ``1 - stagger``
behind: with 0.5 the lane's last space before each cut is centred on the
drawn line (the line is read as the stepped border of a printed board) and
the lap's last space of the lane is centred on the start/finish line and
still belongs to the end of the lap. Every lane keeps its space count, and
the lap closes as before.

In a piece where a lane is staggered the rows follow the geometry: the
piece's rows are the distinct positions of its spaces in order, so a
staggered space's row lies strictly between the rows of the two spaces of
the neighbouring lane it overlaps. Then ``links.lane_edges``'s rule (the
first space of the neighbouring lane in a later row) makes the space
diagonally ahead the one that overlaps it ahead; race order (``row``,
``progress``) follows the positions; and a staggered space is never in the
same row as a space of an unstaggered neighbouring lane, so it is level with
none (a half-space offset is neither level nor behind); ``Track.beside``
reads "next to" there as the two spaces it touches (AMB-4).

Spaces placed by hand (``placed``) replace a lane's spread in a piece; they
take the nearest whole row, moved by the lane's stagger, so a traced brick
pattern sets ``stagger`` on its lane too. The rows of the pieces without a
staggered or hand-placed lane are counted as before, so a track that uses
neither keeps its graph.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from pydantic import TypeAdapter

from game.tracks.builder import Builder, round_half_up
from game.tracks.drawing import Said, Shape, say
from game.tracks.geometry import Path, Point, dist, point_in_polygon, turn
from game.tracks.placed import Placed, check_piece
from rules.track import Space, space_name

#: validates a board's spaces in one call: a third faster than ``Space(...)`` each (a stress
#: board has ten thousand), and faster still than ``model_construct``'s Python
_SPACES = TypeAdapter(list[Space])


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
            b.fail(say("track.lane_points"), say("track.lane_points.fix"), s)
            continue
        if not s.closed and dist(s.points[0], s.points[-1]) > max(space_len / 2, 1.0):
            b.fail(say("track.lane_open"), say("track.lane_open.fix"), s, s.points[-1])
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
            b.fail(say("track.start_crossings", lane=lg.shape.id, n=len(xs)), say("track.start_crossings.fix"), start)
            continue
        lg.start = xs[0]
        cuts: list[tuple[float, Cut]] = [(0.0, Cut("start", start.id))]
        for c in corners:
            if len(c.points) < 3:
                b.fail(say("track.corner_not_polygon"), say("track.corner_not_polygon.fix"), c)
                continue
            xs = lg.path.crossings(c.points, True)
            if len(xs) != 2:
                b.fail(say("track.corner_crossings", lane=lg.shape.id, n=len(xs)), say("track.corner_crossings.fix"), c)
                continue
            a, z = sorted(lg.lap(x) for x in xs)
            mid, _ = lg.at((a + z) / 2)
            if not point_in_polygon(mid, c.points):
                b.fail(say("track.corner_has_start"), say("track.corner_has_start.fix"), c)
                continue
            cuts += [(a, Cut("enter", c.id)), (z, Cut("leave", c.id))]
        for r in rows:
            xs = lg.path.crossings(r.points, r.closed)
            if len(xs) != 1:
                b.fail(say("track.row_crossings", lane=lg.shape.id, n=len(xs)), say("track.row_crossings.fix"), r)
                continue
            cuts.append((lg.lap(xs[0]), Cut("row", r.id)))
        lg.cuts = sorted(cuts, key=lambda c: c[0])
    if len(b.problems) > mark:
        return
    headings = [lg.at(0.0)[1] for lg in lanes]
    reversed_ = {id(lg) for lg, h in zip(lanes[1:], headings[1:]) if abs(turn(headings[0], h)) > 90}
    for lg in lanes[1:]:
        if id(lg) in reversed_:
            b.fail(say("track.lane_reversed"), say("track.lane_reversed.fix"), lg.shape)
    ref = [c for _, c in lanes[0].cuts or []]
    for lg in lanes[1:]:
        cuts = lg.cuts or []
        order = [c for _, c in cuts]
        if order != ref and id(lg) not in reversed_:  # a reversed lane meets everything backwards
            k = next(
                (i for i, (mine, theirs) in enumerate(zip(order, ref)) if mine != theirs), min(len(order), len(ref))
            )
            mine = describe(order[k]) if k < len(order) else say("track.what.nothing_more")
            theirs = describe(ref[k]) if k < len(ref) else say("track.what.nothing_more")
            at = lg.at(cuts[k][0])[0] if k < len(cuts) else lg.shape.anchor
            b.fail(
                say("track.cuts_order", lane=lg.shape.id, mine=mine, first=lanes[0].shape.id, theirs=theirs),
                say("track.cuts_order.fix"),
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


def lane_stagger(b: Builder, lane: Shape) -> float:
    """The lane's ``stagger`` property (0 when absent); a wrong value is reported and read as 0."""
    v = lane.props.get("stagger", 0.0)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v < 1:
        b.fail(say("track.stagger", value=repr(v)), say("track.stagger.fix"), lane)
        return 0.0
    return float(v)


def make_spaces(
    b: Builder,
    lanes: list[LaneGeo],
    corners: list[Shape],
    zones: list[Shape],
    space_len: float,
    by_hand: list[list[Placed]] | None = None,
) -> tuple[list[Space], list[int], dict[int, tuple[int, int]], int]:
    """Spread spaces over each piece between cuts, or take the ones placed by hand there.

    Returns the spaces, the corner object ids in lap order, each corner's
    first and last row, and the number of rows in the lap.
    """
    cut_order = [c for _, c in lanes[0].cuts or []]
    n_pieces = len(cut_order)
    corner_order = sorted((c.id for c in corners), key=lambda cid: first_cut(cut_order, cid))
    corner_index = {cid: i for i, cid in enumerate(corner_order)}
    # a stagger above one half is the same pattern that far behind: every centre stays in its piece
    shifts = [st if st <= 0.5 else st - 1.0 for st in (lane_stagger(b, lg.shape) for lg in lanes)]
    # a hand-placed space belongs to the piece its spread twin lies in: its centre moved back by
    # the stagger, so a traced brick space centred on a straight line drawn across is not split by it
    hand: list[list[Placed]] = []
    hand_along: list[list[float]] = []
    for ps, shift, lg in zip(by_hand or [[] for _ in lanes], shifts, lanes):
        back = shift * space_len
        home = sorted([(_home(p.along - back, lg.path.length), p) for p in ps], key=itemgetter(0))
        hand_along.append([h for h, _ in home])
        # along the lap from the start line (most often where it was, then the same Placed serves)
        hand.append([p if h + back == p.along else Placed(h + back, p.point, p.shape) for h, p in home])
    # each lane's spaces in lap order: (arc length on the drawn path, row, progress, point drawn by hand, corner)
    per_lane: list[list[tuple[float, int, float, Point | None, int | None]]] = [[] for _ in lanes]
    corner_rows: dict[int, tuple[int, int]] = {}
    starts = [lg.start for lg in lanes]
    row0 = 0
    open_corner: int | None = None
    for piece in range(n_pieces):
        cut = cut_order[piece]
        nxt = cut_order[(piece + 1) % n_pieces]
        if cut.kind == "enter":
            open_corner = corner_index[cut.obj]
            corner_rows[open_corner] = (row0, row0)
        elif cut.kind == "leave":
            open_corner = None
        counts = []
        spans = []
        mine: list[list[Placed]] = []  # each lane's hand-placed spaces in this piece
        for li, lg in enumerate(lanes):
            cuts = lg.cuts or []
            a = cuts[piece][0]
            z = cuts[piece + 1][0] if piece + 1 < n_pieces else lg.path.length
            spans.append((a, z))
            # a centre on a cut belongs to the piece before it
            mine.append(hand[li][bisect_right(hand_along[li], a) : bisect_right(hand_along[li], z)])
            if mine[li]:
                check_piece(b, lg, mine[li], a, z, space_len, (describe(cut), describe(nxt)))
            counts.append(len(mine[li]) or max(1, round_half_up((z - a) / space_len)))
        if min(z - a for a, z in spans) < space_len / 2:
            b.fail(
                say("track.cuts_close", first=describe(cut), second=describe(nxt)),
                say("track.cuts_close.fix"),
                at=lanes[0].at(spans[0][0])[0],
            )
        n_rows = max(counts)
        # each space: (lane, arc length along the lap, position in rows from the piece's start,
        # its lane's stagger in rows, and the point if it was placed by hand)
        placed: list[tuple[int, float, float, float, Point | None]] = []
        for li, (a, z) in enumerate(spans):
            n, shift = counts[li], shifts[li]
            given = given_positions(b, lanes[li], mine[li])
            if given is not None:  # the designer (or the importer) set each space's place among the rows
                placed += [(li, p.along, at, GIVEN, p.point) for p, at in zip(mine[li], given)]
                continue
            if mine[li] and n == n_rows:  # the lane that sets the rows: its spaces take them in order
                placed += [(li, p.along, float(k), shift, p.point) for k, p in enumerate(mine[li])]
                continue
            if mine[li]:
                placed += [
                    (li, p.along, (p.along - a) / (z - a) * n_rows - 0.5, shift * n_rows / n, p.point) for p in mine[li]
                ]
                continue
            for k in range(n):
                placed.append(
                    (
                        li,
                        a + (k + 0.5 + shift) * (z - a) / n,
                        (k + 0.5 + shift) * n_rows / n - 0.5,
                        shift * n_rows / n,
                        None,
                    )
                )
        rows = piece_rows(placed, n_rows)
        for (li, s, _, _, drawn), (row, pos) in zip(placed, rows):
            per_lane[li].append((starts[li] + s, row0 + row, round(row0 + pos, 6), drawn, open_corner))
        row0 += max(rows)[0] + 1
        if open_corner is not None:
            corner_rows[open_corner] = (corner_rows[open_corner][0], row0 - 1)
    in_zone = ZoneCells([zs.points for zs in zones if len(zs.points) >= 3])
    fields = []
    for li, (lg, found) in enumerate(zip(lanes, per_lane)):
        last_h, head = None, 0.0
        for index, ((_along, row, progress, drawn, corner), (xy, h)) in enumerate(
            zip(found, lg.path.at_many([f[0] for f in found]))
        ):
            x, y = drawn or xy
            if h != last_h:  # the spaces of one segment share its heading
                last_h, head = h, round(h % 360.0, 3)
            fields.append(
                {
                    "name": space_name(li, index),
                    "lane": li,
                    "index": index,
                    "row": row,
                    "progress": progress,
                    "x": round(x, 3),
                    "y": round(y, 3),
                    "heading": head,
                    "corner": corner,
                    "arrows_only": corner is not None or in_zone((x, y)),
                }
            )
    spaces = _SPACES.validate_python(fields)
    return spaces, corner_order, corner_rows, row0


class ZoneCells:
    """Whether a point lies in an arrow zone, each zone looked up by the 64-px cells its box
    touches: a traced board has hundreds of small zones, and every space would test them all."""

    CELL = 64.0

    def __init__(self, polygons: list[tuple[Point, ...]]) -> None:
        self.cells: dict[tuple[int, int], list[tuple[tuple[Point, ...], float, float, float, float]]] = {}
        for poly in polygons:
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            box = (poly, min(xs), min(ys), max(xs), max(ys))
            for cx in range(int(box[1] // self.CELL), int(box[3] // self.CELL) + 1):
                for cy in range(int(box[2] // self.CELL), int(box[4] // self.CELL) + 1):
                    self.cells.setdefault((cx, cy), []).append(box)

    def __call__(self, pt: Point) -> bool:
        near = self.cells.get((int(pt[0] // self.CELL), int(pt[1] // self.CELL)), ())
        return any(
            x0 <= pt[0] <= x1 and y0 <= pt[1] <= y1 and point_in_polygon(pt, poly) for poly, x0, y0, x1, y1 in near
        )


#: the stagger slot of a hand-placed space whose ``row_position`` is given: its key is that position
GIVEN = math.inf


def given_positions(b: Builder, lane: LaneGeo, placed: list[Placed]) -> list[float] | None:
    """The ``row_position`` of each of a lane's hand-placed spaces in one piece, or None when they
    have none. A traced board whose lanes are offset differently along the lap (the brick pattern
    half a space one way here, level or the other way there) says where each space lies among the
    piece's rows instead of one ``stagger`` for the whole lane: the piece's rows are the distinct
    positions in order, so equal positions are level and a lane change leads to the first space
    of the next lane at a greater one."""
    values = [p.shape.props.get("row_position") for p in placed]
    if not placed or all(v is None for v in values):
        return None
    out: list[float] = []
    for p, v in zip(placed, values):
        if v is None:
            b.fail(
                say("track.row_position_missing", space=p.shape.id, lane=lane.shape.id),
                say("track.row_position_missing.fix"),
                p.shape,
            )
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not abs(v) < 1e6:
            b.fail(
                say("track.row_position_nan", value=repr(v), space=p.shape.id),
                say("track.row_position_nan.fix"),
                p.shape,
            )
            return None
        if out and v <= out[-1]:
            b.fail(
                say(
                    "track.row_position_order",
                    value=f"{v:g}",
                    space=p.shape.id,
                    before=f"{out[-1]:g}",
                    lane=lane.shape.id,
                ),
                say("track.row_position_order.fix"),
                p.shape,
            )
            return None
        out.append(float(v))
    return out


def piece_rows(placed: list[tuple[int, float, float, float, Point | None]], n_rows: int) -> list[tuple[int, float]]:
    """The row and progress of each space within its piece (of ``n_rows`` rows as AMB-9 counts).

    When every lane is spread evenly without stagger, a space takes the nearest
    row (AMB-9) and its exact position as progress. Otherwise the rows are the
    distinct positions in order, and progress is the row: an evenly spread space
    still at its nearest whole row, a staggered one at its exact position, and a
    hand-placed one at the nearest whole row, moved by its lane's stagger (so
    spaces traced a little off are level, and a traced brick pattern lies
    exactly between the rows of the neighbouring lane), one row on where two
    would share a row; in a lane with as many spaces as the piece has rows,
    the k-th space is at row k."""
    if all(shift == 0 and drawn is None for _, _, _, shift, drawn in placed):
        return [(math.floor(pos + 0.5), pos) for _, _, pos, _, _ in placed]  # round_half_up, inlined
    keys: list[float] = []
    for _, group in groupby(placed, key=itemgetter(0)):  # lane by lane
        lane = list(group)
        shift = lane[0][3]
        if shift == GIVEN:
            keys += [pos for _, _, pos, _, _ in lane]
        elif lane[0][4] is None:
            keys += [pos if shift else round_half_up(pos) for _, _, pos, _, _ in lane]
        else:
            keys += [r + shift for r in _increasing([pos - shift for _, _, pos, _, _ in lane], n_rows)]
    rank = {key: r for r, key in enumerate(sorted(set(keys)))}
    return [(rank[key], float(rank[key])) for key in keys]


def _increasing(positions: list[float], n_rows: int) -> list[int]:
    """The nearest whole rows for positions along a lane, made strictly increasing within
    0..n_rows-1 where a space traced a little off would share a row with its neighbour."""
    rows = []
    before = -1  # the row of the space before
    for pos in positions:
        before = max(math.floor(pos + 0.5), before + 1)  # round_half_up, inlined
        rows.append(before)
    after = n_rows  # one past the row the space after may take
    for k in range(len(rows) - 1, -1, -1):
        after = rows[k] = min(rows[k], n_rows - len(rows) + k, after - 1 if k + 1 < len(rows) else n_rows)
    return rows


def _home(along: float, length: float) -> float:
    """An arc length moved into the lap (0, length]: on the start line is the end of the lap."""
    along %= length
    return along if along > 0 else length


def describe(cut: Cut) -> Said:
    """The line a lane crosses, as a designer's message names it ("the start of corner object 5")."""
    return say(f"track.what.cut_{cut.kind}", id=cut.obj)


def first_cut(order: list[Cut], obj: int) -> int:
    return next(i for i, c in enumerate(order) if c.obj == obj)
