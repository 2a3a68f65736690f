"""The pit lane: its spaces beside the track, the entry and exit steps (a second entry or exit
where the board marks one), and the boxes (CORE-PIT-2)."""

from __future__ import annotations

from game.tracks.builder import MAX_SPACES, MIN_BOXES, Builder, round_half_up
from game.tracks.drawing import Shape, say
from game.tracks.finder import SpaceFinder
from game.tracks.geometry import Path, Point, dist, nearest
from game.tracks.spaces import LaneGeo
from rules.track import Edge, EdgeKind, PitLane, Space, space_name


class LaneCentres:
    """Per lane, where each space centre lies along the lap (arc length from the start line),
    measured only when ``progress_at`` asks for it: a pit point needs the two centres around
    it, found by halving, so a pit lane beside a lane of a thousand spaces measures a few
    dozen centres instead of all of them (the centres lie in driving order along the lane)."""

    def __init__(self, spaces: list[Space], lanes: list[LaneGeo], first_lane: int = 0) -> None:
        self.lanes = lanes  # lanes[i] holds the spaces of lane first_lane + i (a lane that begins
        self.spaces: dict[int, list[Space]] = {li: [] for li in range(len(lanes))}  # and ends has none)
        for sp in spaces:
            if 0 <= sp.lane - first_lane < len(lanes):
                self.spaces[sp.lane - first_lane].append(sp)
        self.found: dict[tuple[int, int], float] = {}

    def arc(self, li: int, k: int) -> float:
        """Arc length along the lap of lane ``li``'s ``k``-th space centre."""
        key = (li, k)
        if key not in self.found:
            lg, sp = self.lanes[li], self.spaces[li][k]
            self.found[key] = lg.lap(lg.path.project((sp.x, sp.y))[0])
        return self.found[key]


class AlongPit:
    """The nearest lane to each point of the pit lane, walked from its first point to its
    last: each point is searched only as far from the lanes as the previous one was plus the
    step between them (no nearer lane can lie further), which finds what ``nearest`` finds
    (the same lane, the same place on it) in one search instead of a widening one."""

    def __init__(self, lanes: list[LaneGeo]) -> None:
        self.paths = [lg.path for lg in lanes]
        self.last: tuple[Point, float] | None = None  # the previous point and its distance

    def nearest(self, pt: Point) -> tuple[int, float]:
        """(lane, arc length on its drawn path) of the lane point nearest to ``pt``."""
        if self.last is None:
            best, (along, d) = nearest(self.paths, pt)
        else:
            reach = self.last[1] + dist(self.last[0], pt)
            found = [p.project_within(pt, reach) for p in self.paths]
            best = min(range(len(found)), key=lambda i: found[i][1])
            along, d = found[best]
        self.last = (pt, d)
        return best, along


def progress_at(lanes: list[LaneGeo], centres: LaneCentres, at_lane: tuple[int, float], n_rows: int) -> float:
    """Lap progress of an off-lane point (pit lane) that lies beside lane ``at_lane[0]`` at arc
    length ``at_lane[1]``: the progress interpolated between the space centres before and after
    it there, across the start line too."""
    best, along = at_lane
    lg = lanes[best]
    s = lg.lap(along)
    lane = centres.spaces[best]
    n, length = len(lane), lg.path.length

    def at(j: int) -> tuple[float, float]:
        """Centre j of the lane extended by one lap each way: 0 is the last centre a lap
        back, 1..n the lane's own, n + 1 the first a lap on."""
        if j == 0:
            return centres.arc(best, n - 1) - length, lane[-1].progress - n_rows
        if j == n + 1:
            return centres.arc(best, 0) + length, lane[0].progress + n_rows
        return centres.arc(best, j - 1), lane[j - 1].progress

    lo, hi = 1, n + 1  # the first centre at or beyond s
    while lo < hi:
        mid = (lo + hi) // 2
        if at(mid)[0] < s:
            lo = mid + 1
        else:
            hi = mid
    (c1, p1), (c2, p2) = at(lo - 1), at(lo)
    if c1 <= s <= c2 and c2 > c1:
        return (p1 + (p2 - p1) * (s - c1) / (c2 - c1)) % n_rows
    return lane[0].progress


def pit_lane(
    b: Builder,
    pit_lanes: list[Shape],
    boxes: list[Shape],
    near: SpaceFinder,
    lanes: list[LaneGeo],
    n_rows: int,
    has_layer: bool,
    first_lane: int = 0,
) -> tuple[PitLane | None, list[Space], list[Edge]]:
    """The pit lane: entry edge, its spaces, exit edge, the boxes, and the steps of a second
    entry or exit (CORE-PIT-2). The longest ``pit_lane`` line is the pit lane; each other one
    is such a step. ``lanes`` are the lanes of the whole lap, the first of them lane
    ``first_lane`` (after a lane that begins and ends on the left)."""
    if not has_layer:
        return None, [], []
    spaces, space_len = near.spaces, 2 * near.reach
    if not pit_lanes:
        b.fail(say("track.pit_none"), say("track.pit_none.fix"))
        return None, [], []
    pl = max(pit_lanes, key=lambda s: Path(s.points, s.closed).length if len(s.points) > 1 else 0.0)
    links = [s for s in pit_lanes if s is not pl]
    if len(pl.points) < 2 or pl.closed:
        b.fail(
            say("track.pit_closed" if pl.closed else "track.pit_not_polyline"), say("track.pit_not_polyline.fix"), pl
        )
        return None, [], []
    entry = near.snap(pl.points[0])
    exit_ = near.snap(pl.points[-1])
    if entry is None:
        b.fail(say("track.pit_start_off"), say("track.pit_start_off.fix"), pl, pl.points[0])
    if exit_ is None:
        b.fail(say("track.pit_end_off"), say("track.pit_end_off.fix"), pl, pl.points[-1])
    path = Path(pl.points, False)
    if path.length / space_len > MAX_SPACES:
        b.fail(say("track.pit_too_long", most=MAX_SPACES), say("track.pit_too_long.fix"), pl)
        return None, [], []
    on_points = pl.props.get("spaces_on_points", False)
    if not isinstance(on_points, bool):
        b.fail(say("track.pit_on_points", value=repr(on_points)), say("track.pit_on_points.fix"), pl)
        return None, [], []
    m = len(pl.points) - 2 if on_points else round_half_up(path.length / space_len) - 1
    if m < MIN_BOXES:
        b.fail(say("track.pit_short", n=max(m, 0), boxes=MIN_BOXES), say("track.pit_short.fix"), pl)
        return None, [], []
    pit_spaces = []
    centres = LaneCentres(spaces, lanes, first_lane)
    beside = AlongPit(lanes)
    for k in range(m):
        # a traced pit lane keeps its spaces where they are printed: on the line's points
        along = path.cum[k + 1] if on_points else (k + 1) * path.length / (m + 1)
        (x, y), h = path.at(along)
        prog = round(progress_at(lanes, centres, beside.nearest((x, y)), n_rows), 6)
        pit_spaces.append(
            Space(
                name=space_name(-1, k),
                lane=-1,
                index=k,
                row=round_half_up(prog) % n_rows,
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
            b.fail(say("track.box_off_pit"), say("track.box_off_pit.fix"), bx)
            unplaced = True
            continue
        if num is None:
            unplaced = True
            continue
        if num in numbered:
            b.fail(say("track.box_number_twice", number=num), say("track.box_number_twice.fix"), bx)
            unplaced = True
        elif sp.box is not None or sp.name in {s.name for s in numbered.values()}:
            b.fail(say("track.boxes_share_space", space=sp.name), say("track.boxes_share_space.fix"), bx)
            unplaced = True
        else:
            numbered[num] = sp
    if not unplaced and (len(numbered) < MIN_BOXES or sorted(numbered) != list(range(1, len(numbered) + 1))):
        b.fail(say("track.box_numbers", boxes=str(sorted(numbered)), least=MIN_BOXES), say("track.box_numbers.fix"), pl)
    box_of = {sp.name: n for n, sp in numbered.items()}
    pit_spaces = [s.model_copy(update={"box": box_of.get(s.name)}) for s in pit_spaces]
    if entry is None or exit_ is None:
        return None, pit_spaces, []
    names = [s.name for s in pit_spaces]
    edges = [Edge(src=entry.name, dst=names[0], kind=EdgeKind.PIT_ENTRY)]
    edges += [Edge(src=a, dst=z, kind=EdgeKind.PIT) for a, z in zip(names, names[1:])]
    edges.append(Edge(src=names[-1], dst=exit_.name, kind=EdgeKind.PIT_EXIT))
    boxed = [s.index for s in pit_spaces if s.box is not None] or [0, m - 1]
    more = _more_ways(b, links, near, boxes_near, (entry, exit_), (min(boxed), max(boxed)), n_rows)
    edges += more
    chain = [entry.progress] + [s.progress for s in pit_spaces] + [exit_.progress]
    backs = sum(1 for p, q in zip(chain, chain[1:]) if q <= p)
    if backs > 1 or (backs == 1 and not any(q < p - n_rows / 2 for p, q in zip(chain, chain[1:]))):
        b.fail(say("track.pit_backwards"), say("track.pit_backwards.fix"), pl)
    pit = PitLane(
        spaces=tuple(names),
        entry=entry.name,
        exit=exit_.name,
        boxes=tuple(sp.name for _, sp in sorted(numbered.items())),
        extra_entries=tuple(e.src for e in more if e.kind is EdgeKind.PIT_ENTRY),
        extra_exits=tuple(e.dst for e in more if e.kind is EdgeKind.PIT_EXIT),
    )
    return pit, pit_spaces, edges


#: How far (in rows) a second pit entry or exit may fall back and still lead sideways, onto the
#: space beside its start: a pit-lane space's progress is read off the lane beside it.
SIDEWAYS = 0.5


def _more_ways(
    b: Builder,
    links: list[Shape],
    near: SpaceFinder,
    pit_near: SpaceFinder,
    ends: tuple[Space, Space],
    boxed: tuple[int, int],
    n_rows: int,
) -> list[Edge]:
    """A second pit entry or exit (CORE-PIT-2: where the board marks more than one): a
    ``pit_lane`` line of two points from a track space onto the pit-lane space cars turn into,
    or from a pit-lane space onto the track space they rejoin on.

    Every car must still reach its box from any entry and leave it by any exit, so an entry
    joins the pit lane at or before the first box and an exit leaves it at or after the last.
    A way may lead sideways, onto the space beside (AMB-3: a printed way, as a sideways arrow),
    but never backwards."""
    edges: list[Edge] = []
    entries, exits = {ends[0].name}, {ends[1].name}
    for ln in links:
        if len(ln.points) != 2 or ln.closed:
            b.fail(
                say("track.pit_second_closed" if ln.closed else "track.pit_second_points", n=len(ln.points)),
                say("track.pit_second_points.fix"),
                ln,
            )
            continue
        a, z = ln.points
        if near.snap(a) is not None and pit_near.snap(z, pit=True) is not None:
            src, dst, kind = near.snap(a), pit_near.snap(z, pit=True), EdgeKind.PIT_ENTRY
        elif pit_near.snap(a, pit=True) is not None and near.snap(z) is not None:
            src, dst, kind = pit_near.snap(a, pit=True), near.snap(z), EdgeKind.PIT_EXIT
        else:
            b.fail(say("track.pit_second_ends"), say("track.pit_second_ends.fix"), ln)
            continue
        assert src is not None and dst is not None
        entry = kind is EdgeKind.PIT_ENTRY
        what, track_sp, pit_sp = ("entry", src, dst) if entry else ("exit", dst, src)
        if SIDEWAYS < (src.progress - dst.progress) % n_rows <= n_rows / 2:
            b.fail(
                say(f"track.pit_second_{what}_backwards", src=src.name, dst=dst.name),
                say("track.pit_second_backwards.fix"),
                ln,
            )
        elif entry and pit_sp.index > boxed[0]:
            b.fail(say("track.pit_entry_late", space=pit_sp.name), say("track.pit_entry_late.fix"), ln, ln.points[1])
        elif not entry and pit_sp.index < boxed[1]:
            b.fail(say("track.pit_exit_early", space=pit_sp.name), say("track.pit_exit_early.fix"), ln, ln.points[0])
        elif track_sp.name in (entries if entry else exits):
            b.fail(say(f"track.pit_{what}_twice", space=track_sp.name), say("track.pit_link_twice.fix"), ln)
        else:
            (entries if entry else exits).add(track_sp.name)
            edges.append(Edge(src=src.name, dst=dst.name, kind=kind))
    return edges
