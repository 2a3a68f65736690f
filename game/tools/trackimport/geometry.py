"""Where the map's lines go: the start line, corner borders and row lines cutting the lanes, each
node's ``row_position`` among its piece's rows, the lanes that begin and end, the pit boxes and
the printed no-lane-change lines."""

from __future__ import annotations

import math
import statistics

from game.tools.trackimport.board import Board, Point, dot, measures, sub, unit
from game.tracks.geometry import Path
from game.tracks.placed import MAX_GAP
from rules.track import EdgeKind, Track

#: How far a corner border reaches past the outer lanes, in lane widths: the first that every
#: lane crosses exactly twice is taken (a tight hairpin's inner lane needs a short reach).
REACHES = (1.0, 0.6, 0.35, 0.2, 0.1)


def corner_border(
    pos: dict[int, Point],
    lanes: list[list[int]],
    runs: list[list[int]],
    enter: list[tuple[Point, Point]],
    leave: list[tuple[Point, Point]],
    width: float,
    paths: list[Path],
) -> list[Point]:
    """The corner's polygon: the entry line across the lanes, outside the right lane along its
    curve nodes, the exit line back, and outside the left lane; nearer the lanes where a
    wider one would meet a lane more than twice (the format's check, CORE-CORNER)."""
    first, last = lanes[0], lanes[-1]
    poly: list[Point] = []
    for reach in REACHES:
        side = 0.6 * reach * width
        right_side = [
            (pos[last[k]][0] + _right(pos, last, k)[0] * side, pos[last[k]][1] + _right(pos, last, k)[1] * side)
            for k in runs[-1]
        ]
        left_side = [
            (pos[first[k]][0] - _right(pos, first, k)[0] * side, pos[first[k]][1] - _right(pos, first, k)[1] * side)
            for k in runs[0]
        ]
        poly = through(enter, width, reach) + right_side + through(leave, width, reach)[::-1] + left_side[::-1]
        if all(_meets_at(p, poly, (e[0], z[0])) for p, e, z in zip(paths, enter, leave)):
            break
    return poly


def _meets_at(path: Path, poly: list[Point], cuts: tuple[Point, Point]) -> bool:
    """The polygon crosses the lane twice, at its entry and exit cuts: not at a stretch of the
    track that runs close by (a bridge over the bend, a hairpin's other side)."""
    xs = path.crossings(poly, True)
    if len(xs) != 2:
        return False
    want = sorted(path.project(c)[0] for c in cuts)
    return all(min(abs(x - w), path.length - abs(x - w)) < 1.0 for x, w in zip(sorted(xs), want))


def through(cuts: list[tuple[Point, Point]], width: float, reach: float = 1.0) -> list[Point]:
    """A line across the lanes that crosses each lane exactly at its cut point: a short
    piece square to the lane through each point, joined between the lanes, and reaching
    out past the outer lanes (``reach`` times 0.8 lane widths). ``cuts`` holds (point,
    right-hand normal) per lane, left first."""
    out: list[Point] = []
    last = len(cuts) - 1
    for i, (c, n) in enumerate(cuts):
        before, after = (0.8 * reach if i == 0 else 0.3) * width, (0.8 * reach if i == last else 0.3) * width
        out += [(c[0] - n[0] * before, c[1] - n[1] * before), (c[0] + n[0] * after, c[1] + n[1] * after)]
    return out


def _right(pos: dict[int, Point], lane: list[int], k: int) -> Point:
    """The right-hand normal of the lane at its k-th node."""
    a, b = pos[lane[(k - 1) % len(lane)]], pos[lane[(k + 1) % len(lane)]]
    d = unit(sub(b, a))
    return (-d[1], d[0])


#: Nodes per piece at most before a row line cuts it: each cut can take up a piece's
#: uneven spacing, so short pieces keep their nodes' count on hand-traced boards.
CHUNK = 4


def cut_points(
    board: Board, pos: dict[int, Point], space: float, skip: set[tuple[int, ...]]
) -> tuple[list[dict[int, tuple[Point, Point]]], list[tuple[int, ...]]]:
    """Per lane, where the start line (key 0), each corner border and each row line cut the
    lane (key: the index of the first node after the cut), with the normal there; and per
    row line the key it has in each lane.

    The format gives a piece between two cuts ``round(length / space)`` spaces, so each cut
    is slid along its step (between 15 % and 85 % of it) until the piece before it is as long
    as its nodes ask (in a gap, within a space and a fifth of the node before it). Pieces
    longer than ``CHUNK`` nodes in every lane are cut by row lines (``_row_cuts``)."""
    where = {n: (li, k) for li, lane in enumerate(board.lanes) for k, n in enumerate(lane)}
    majors = []
    for li, lane in enumerate(board.lanes):
        bounds = {0}
        for _, group in board.corners:
            ks = sorted(where[m][1] for m in group if where[m][0] == li)
            bounds |= {ks[0], (ks[-1] + 1) % len(lane)}
        majors.append(sorted(bounds))
    rows: list[tuple[int, ...]] = []
    if len({len(m) for m in majors}) == 1:
        for p in range(len(majors[0])):
            ends = [(m[p], m[p + 1] if p + 1 < len(m) else len(lane)) for m, lane in zip(majors, board.lanes)]
            chunks = max(1, min(z - a for a, z in ends) // CHUNK)
            rows += _row_cuts(board, pos, ends, chunks)
        rows = [r for r in rows if r not in skip]  # row lines the format refused (they cross a lane twice)
    out = []
    for li, lane in enumerate(board.lanes):
        n = len(lane)
        order = sorted(set(majors[li]) | {r[li] for r in rows})
        frac = {0: 0.5}
        for prev, k in zip(order, order[1:]):
            inner = sum(math.dist(pos[lane[j]], pos[lane[j + 1]]) for j in range(prev, k - 1))
            have = (1 - frac[prev]) * _chord(pos, lane, prev) + inner
            # in a gap (a step the board has no space in) the line stays near the space before it
            most = min(0.85, 1.2 * space / (_chord(pos, lane, k) or 1.0))
            frac[k] = min(most, max(0.15, ((k - prev) * space - have) / (_chord(pos, lane, k) or 1.0)))
        cuts = {}
        for k, f in frac.items():
            a, b = pos[lane[k - 1]], pos[lane[k % n]]
            d = unit(sub(b, a))
            cuts[k] = ((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), (-d[1], d[0]))
        out.append(cuts)
    return out, rows


def _chord(pos: dict[int, Point], lane: list[int], k: int) -> float:
    """The length of the lane's step into its k-th node (round from the last node for k = 0)."""
    return math.dist(pos[lane[k - 1]], pos[lane[k % len(lane)]])


def _row_cuts(board: Board, pos: dict[int, Point], ends: list[tuple[int, int]], chunks: int) -> list[tuple[int, ...]]:
    """The row lines of one stretch between major cuts (``ends``: each lane's first node and the
    one after its last), ``chunks - 1`` of them: each cuts the lane with the most nodes at an even
    fraction, a lane with as many nodes at the same place among them, and every other lane
    before its first node that lies beside or ahead of that cut
    (a quarter space of slack for the brick pattern), so no node after a row line lies beside or
    behind one before it in the next lane; each piece keeps a node of every lane."""
    ref = max(range(len(ends)), key=lambda li: ends[li][1] - ends[li][0])
    lane, (a_r, z_r) = board.lanes[ref], ends[ref]
    line = [pos[lane[k % len(lane)]] for k in range(a_r - 1, z_r + 1)]
    beside = [
        [_index_on(line, pos[board.lanes[li][k % len(board.lanes[li])]]) + a_r - 1 for k in range(a, z)]
        for li, (a, z) in enumerate(ends)
    ]
    out = []
    before = [a for a, _ in ends]
    for j in range(1, chunks):
        at = a_r + round(j * (z_r - a_r) / chunks)
        keys = []
        for li, (a, z) in enumerate(ends):
            if z - a == z_r - a_r:  # as many nodes as the reference: the same place among them
                k = a + at - a_r
            else:
                k = a + next((i for i, t in enumerate(beside[li]) if t >= at - 0.25), z - a)
            keys.append(min(max(k, before[li] + 1), z - (chunks - j)))
        keys = _unbroken(board, ends, keys, [b + 1 for b in before], [z - (chunks - j) for _, z in ends])
        before = keys
        out.append(tuple(keys))
    return out


def _unbroken(board: Board, ends: list[tuple[int, int]], keys: list[int], low: list[int], high: list[int]) -> list[int]:
    """A row line's keys moved so that no lane change of the board leads from a node after it
    to one before it (the map's rows would make it lead back): the line moves back in the lane
    the change leads into, or else on in the lane it leaves, within ``low``..``high``."""
    where = {n: (li, k) for li, lane in enumerate(board.lanes) for k, n in enumerate(lane)}
    near = [
        (where[a], where[b])
        for a, b in board.dat.edges
        if a in where
        and b in where
        and abs(where[a][0] - where[b][0]) == 1
        and all(ends[li][0] <= k < ends[li][1] for li, k in (where[a], where[b]))
    ]
    keys = list(keys)
    for _ in range(4):
        broken = [(ia, ib) for ia, ib in near if ia[1] >= keys[ia[0]] and ib[1] < keys[ib[0]]]
        if not broken:
            break
        for (la, ka), (lb, kb) in broken:
            if low[lb] <= kb and kb < keys[lb]:
                keys[lb] = max(low[lb], kb)
            elif ka + 1 <= high[la]:
                keys[la] = max(keys[la], ka + 1)
    return keys


#: A node this close to a whole or half row of its piece (in spaces) is taken as level with it
#: or as the brick pattern's half space: traced boards are a few pixels off.
SNAP = 0.2


def row_positions(board: Board, pos: dict[int, Point], cuts: list[dict[int, tuple[Point, Point]]]) -> dict[int, float]:
    """Each lane node's ``row_position``: where it lies among the rows of its piece, measured on
    the lane with the most nodes there (its nodes at 0, 1, 2, ...), every other lane's node at
    the point of that lane's line beside it. So the map's rows follow the board wherever its
    lanes are level or staggered and by how much, section by section."""
    lanes = board.lanes
    order = [sorted(c) for c in cuts]
    out: dict[int, float] = {}
    if len({len(o) for o in order}) > 1:  # the lanes meet different lines: the build names them; each lane alone
        return {n: float(k - max(x for x in o if x <= k)) for lane, o in zip(lanes, order) for k, n in enumerate(lane)}
    for j in range(len(order[0])):
        piece = [lane[o[j] : o[j + 1]] if j + 1 < len(o) else lane[o[j] :] for lane, o in zip(lanes, order)]
        ref = max(range(len(lanes)), key=lambda li: len(piece[li]))
        lane, first = lanes[ref], order[ref][j]
        line = [pos[lane[(first + k) % len(lane)]] for k in range(-1, len(piece[ref]) + 1)]
        for li, nodes in enumerate(piece):
            before = -math.inf
            beside = [float(k) if li == ref else _index_on(line, pos[n]) - 1.0 for k, n in enumerate(nodes)]
            if len(nodes) == len(piece[ref]):  # a lane as long as the reference: one offset, a hand's errors evened out
                offset = statistics.median(t - k for k, t in enumerate(beside))
                beside = [k + offset for k in range(len(nodes))]
            for n, t in zip(nodes, beside):
                half = round(2 * t) / 2
                # a lane's positions increase along it, where its nodes lie beside the same point in a tight bend too
                before = out[n] = max(half if abs(t - half) <= SNAP else round(t, 2), round(before + 0.01, 2))
        _forwards(board, piece, out)
    return out


def _forwards(board: Board, piece: list[list[int]], at: dict[int, float]) -> None:
    """Where a lane change of the board leads to a node the geometry put behind its start in the
    same piece (a hand's tracing a little off in a bend), the two are made level, so the step is
    a sideways arrow instead of one the format refuses as leading back: the node behind moves
    up to its start's position, or the start back to it, whichever keeps its lane's order."""
    home = {n: (li, k) for li, nodes in enumerate(piece) for k, n in enumerate(nodes)}
    changes = [(a, b) for a, b in board.dat.edges if a in home and b in home and abs(home[a][0] - home[b][0]) == 1]

    def fits(n: int, value: float) -> bool:
        """``value`` keeps n's lane in order and every lane change into and out of n forwards."""
        li, k = home[n]
        nodes = piece[li]
        return (
            (k == 0 or at[nodes[k - 1]] < value)
            and (k + 1 == len(nodes) or value < at[nodes[k + 1]])
            and all(at[a] <= value for a, b in changes if b == n)
            and all(value <= at[b] for a, b in changes if a == n)
        )

    for a, b in changes:
        if at[b] < at[a]:
            if fits(b, at[a]):
                at[b] = at[a]
            elif fits(a, at[b]):
                at[a] = at[b]


def _index_on(line: list[Point], q: Point) -> float:
    """Where the point beside ``q`` lies on the polyline, counted in its points (0 the first)."""
    best = (math.inf, 0.0)
    for i, (a, b) in enumerate(zip(line, line[1:])):
        ab = sub(b, a)
        f = min(1.0, max(0.0, dot(sub(q, a), ab) / (dot(ab, ab) or 1.0)))
        gap = math.dist(q, (a[0] + ab[0] * f, a[1] + ab[1] * f))
        best = min(best, (gap, i + f))
    return best[1]


def gaps_before(board: Board) -> dict[int, float]:
    """The lane nodes a step longer than the format lets two hand-placed spaces lie apart leads
    into, with that step in spaces: the board has no space there (its lane runs under a bridge
    or the tracing left one out), and the map keeps it as one step, its later space marked
    ``after_gap``."""
    pos, space, _, _ = measures(board)
    return {
        b: math.dist(pos[a], pos[b]) / space
        for lane in board.lanes
        for a, b in zip(lane, lane[1:] + lane[:1])
        if math.dist(pos[a], pos[b]) > 0.975 * MAX_GAP * space
    }


def open_line(points: list[Point], reach: float) -> tuple[Point, ...]:
    """The points, drawn on by ``reach`` before the first and after the last in the line's direction."""
    if len(points) < 2:
        return tuple(points)
    head, tail = unit(sub(points[0], points[1])), unit(sub(points[-1], points[-2]))
    return (
        (points[0][0] + head[0] * reach, points[0][1] + head[1] * reach),
        *points,
        (points[-1][0] + tail[0] * reach, points[-1][1] + tail[1] * reach),
    )


def partial_curves(board: Board) -> set[int]:
    """The curve nodes of the lanes that begin and end."""
    return {n for nodes, _ in board.partial for n in nodes if board.dat.nodes[n].curve}


def partial_in(board: Board, pos: dict[int, Point], group: set[int], width: float) -> list[int]:
    """The curve nodes of the lanes that begin and end that belong to the corner of ``group``:
    those within two lane widths of its nodes."""
    return [n for n in partial_curves(board) if min(math.dist(pos[n], pos[m]) for m in group) < 2 * width]


def around_partial(
    board: Board, pos: dict[int, Point], poly: list[Point], group: set[int], width: float
) -> list[Point]:
    """The corner's polygon widened over the curve nodes of a lane that begins and ends beside
    it (those within two lane widths of the corner's nodes): outside them, from the polygon's
    point nearest their first to the one nearest their last, so the other lanes still cross its
    border where they did."""
    for nodes, side in board.partial:
        beside = set(partial_in(board, pos, group, width))
        mine = [k for k, n in enumerate(nodes) if n in beside]
        if not mine:
            continue
        # outside each curve node, and on a little towards the nodes before and after them, so
        # the border passes beyond the first and the last
        ks = [max(mine[0] - 0.45, 0), *range(mine[0], mine[-1] + 1), min(mine[-1] + 0.45, len(nodes) - 1)]
        out = [_outside(pos, nodes, side, width, k) for k in ks]
        first = _nearest(poly, out[0])
        last = _nearest(poly, out[-1])
        # the polygon runs along the right side in the driving direction, back along the left; the
        # entry and exit lines' outer ends are left out, as the lane may run on beyond them
        poly = _kept(poly, first, last)[1:-1] + out[::-1] if side < 0 else _kept(poly, last, first)[1:-1] + out
    return poly


def _outside(pos: dict[int, Point], nodes: list[int], side: int, width: float, k: float) -> Point:
    """The point at fractional node index ``k`` along the lane, moved 0.6 lane widths off it: to
    the right for side 1, to the left for side -1."""
    i = min(int(k), len(nodes) - 2)
    (ax, ay), (zx, zy), t = pos[nodes[i]], pos[nodes[i + 1]], k - i
    nx, ny = _right(pos, nodes, round(k))
    return (ax + (zx - ax) * t + side * nx * 0.6 * width, ay + (zy - ay) * t + side * ny * 0.6 * width)


def _nearest(poly: list[Point], p: Point) -> int:
    """The index of the polygon's point nearest ``p``."""
    return min(range(len(poly)), key=lambda i: math.dist(poly[i], p))


def _kept(poly: list[Point], a: int, z: int) -> list[Point]:
    """The polygon's points from index a on, round to z."""
    return [poly[(a + i) % len(poly)] for i in range((z - a) % len(poly) + 1)]


def box_places(board: Board, route: list[Point], space: float) -> list[Point]:
    """Where the boxes go on a pit lane whose spaces the format spreads evenly (as
    ``game.tracks.build`` does): on the space each garage node became, the next free one on a tie."""
    path = Path(route, False)
    m = max(1, math.floor(path.length / space + 0.5) - 1)
    centres = [path.at((k + 1) * path.length / (m + 1))[0] for k in range(m)]
    taken: set[int] = set()
    out: list[Point] = []
    for n in (n for n in board.pit if n in board.dat.attributes):
        k = min(range(m), key=lambda i: math.dist(centres[i], route[board.pit.index(n) + 1]))
        while k in taken and k + 1 < m:
            k += 1
        if k not in taken:
            taken.add(k)
            out.append(centres[k])
    return out


def forbidding_lines(
    track: Track, extra: set[tuple[str, str]], space: float
) -> list[tuple[tuple[Point, ...], set[str]]]:
    """Printed no-lane-change lines (CORE-MOVE-3) for the diagonal steps the map allows and the
    board does not, where the board forbids every lane change between two lanes along a stretch:
    (the line's points, the spaces whose steps it removes).

    A diagonal step crosses the border of its two lanes half way between its spaces' centres.
    Along each border those crossings are ordered by lap progress; a run of consecutive
    crossings, each only of steps in ``extra`` (where the board keeps one direction of a
    crossing, the line would remove both: those are left to arrow zones), becomes a polyline
    through the crossings, reaching a fifth of a space beyond the first and the last, less than
    half the way to the next crossing even on a staggered board."""
    rows = track.rows
    at: dict[tuple[int, float], list[tuple[Point, str, bool]]] = {}
    for e in track.edges:
        if e.kind is not EdgeKind.DIAGONAL:
            continue
        a, z = track.space(e.src), track.space(e.dst)
        along = round((a.progress + ((z.progress - a.progress) % rows) / 2) % rows, 3)
        at.setdefault((min(a.lane, z.lane), along), []).append(
            (((a.x + z.x) / 2, (a.y + z.y) / 2), e.src, (e.src, e.dst) in extra)
        )
    out: list[tuple[tuple[Point, ...], set[str]]] = []
    for border in sorted({lane for lane, _ in at}):
        places = sorted(along for lane, along in at if lane == border)
        run: list[float] = []
        for along in [*places, math.inf]:
            crossing = at.get((border, along), [])
            if crossing and all(forbidden for _, _, forbidden in crossing) and (not run or along - run[-1] <= 1.5):
                run.append(along)
                continue
            if run:
                out.append(_line_through(track, [at[(border, a)] for a in run], space))
            run = [along] if crossing and all(forbidden for _, _, forbidden in crossing) else []
    return out


def _line_through(
    track: Track, crossings: list[list[tuple[Point, str, bool]]], space: float
) -> tuple[tuple[Point, ...], set[str]]:
    """The polyline through a run of crossings, a fifth of a space longer at each end."""
    pts = [c[0][0] for c in crossings]
    srcs = {src for c in crossings for _, src, _ in c}
    if len(pts) > 1:
        first, last = unit(sub(pts[1], pts[0])), unit(sub(pts[-1], pts[-2]))
    else:
        h = math.radians(track.space(crossings[0][0][1]).heading)
        first = last = (math.cos(h), math.sin(h))
    reach = 0.2 * space
    head = (pts[0][0] - first[0] * reach, pts[0][1] - first[1] * reach)
    tail = (pts[-1][0] + last[0] * reach, pts[-1][1] + last[1] * reach)
    return tuple((round(x, 2), round(y, 2)) for x, y in (head, *pts, tail)), srcs
