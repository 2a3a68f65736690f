"""One step of a move: the state of a partial path (``Walk``) and the one step function that
decides whether a car may enter the next space (``step``). ``rules.moves`` runs it breadth first to
enumerate the legal moves and along a player's own path to check it, so the two can never disagree.

Rules here: CORE-MOVE-2..6, FD08-LANE-1..3, CORNER-4, CORNER-5, CORNER-8, CORNER-10, FD08-CORNER-1,
FD08-SLIP-1, SLIP-3, SLIP-D-2, SLIP-8, VAR-12, PIT-B-1, PIT-B-6, PIT-D-1, CORE-END-1, PIT-B-2 (a car
reaching its box stops there); the choices for open points are listed in ``rules.moves``.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.lane_graph import graph
from rules.segment import MoveRequest
from rules.track import EdgeKind

_STRAIGHT_EDGES = (EdgeKind.STRAIGHT, EdgeKind.DIAGONAL)  # the steps of a straight (CORE-MOVE-4)
_NO_CAR = 1 << 30  # "no car ahead in that lane": the lane may not be re-entered on this straight


class Walk(NamedTuple):
    """The state of a partial path: what the rest of the path may do depends only on this."""

    space: str
    steps: int
    base: int  # lane the current straight began in (FD08-LANE-1); -9 inside corners
    # lanes left on this straight: (lane, distance from the start row to the first car in
    # that lane after the car left it). Re-entering is zigzag unless the walk is past that
    # car (CORE-MOVE-5); an entry is dropped as soon as the walk is level with its car.
    left: tuple[tuple[int, int], ...]
    locked: str | None  # no more lane changes, and the rule why: CORNER-8 or FD08-CORNER-1
    in_first_corner: bool  # still inside the corner the move began in
    exits: int  # corners left with a stop missing (CORNER-4)
    over: int  # spaces driven beyond those corners' end lines so far (AMB-17)
    missed: tuple[int, int] | None  # first corner left short enough to be out: (corner, stops made)
    dangers: int
    laps: int
    done: bool  # finished the race or reached the box: the rest of the roll is lost
    slip: tuple[int, ...] | None = None  # lanes of a slipstream segment so far (SLIP-3, AMB-13)
    slip_entered: bool = False  # the slipstream segment crossed into a corner (VAR-12)
    straight: tuple[str, int] | None = None  # (space, steps) where this straight began; None in corners (CORE-MOVE-4)


_new_walk = tuple.__new__  # a Walk from its fields, without the named tuple's own __new__ (a frame a step)


class Ctx:
    """Per-request look-ups for ``step``."""

    __slots__ = (
        "req",
        "g",
        "start_row",
        "cars",
        "max_shift",
        "never",
        "free_slip",
        "pit_lane_change",
        "base",
        "_shortest",
    )

    def __init__(self, req: MoveRequest) -> None:
        self.req = req
        self.g = graph(req.track)
        self.start_row = self.g.row[req.start]
        self.cars = req.obstacle_rows
        self.max_shift = req.rules.max_lane_shift
        self.never = req.rules.exit_lane_change == "never"
        self.free_slip = req.rules.slip_geometry == "free"
        self.pit_lane_change = req.rules.pit_points  # PIT-D-1: turning into the pit lane is a lane change
        self.base: Walk | None = None  # the walk after ``req.prefix``, set by ``start_walk``
        self._shortest: dict[str, dict[str, int]] = {}

    def rel(self, space: str) -> int:
        """Rows from the start space to ``space`` (a move never laps its own start)."""
        return (self.g.row[space] - self.start_row) % self.g.rows

    def shortest(self, begin: str) -> dict[str, int]:
        """CORE-MOVE-4: the fewest steps from ``begin`` to each space of its straight within the
        roll, round the other cars (breadth first along straight and diagonal edges)."""
        hit = self._shortest.get(begin)
        if hit is None:
            g, occupied = self.g, self.req.occupied
            hit, frontier = {begin: 0}, [begin]
            for k in range(1, self.req.roll + 1):
                reached = []
                for src in frontier:
                    for d, kind, _ in g.out[src]:
                        if kind in _STRAIGHT_EDGES and g.corner[d] is None and d not in occupied and d not in hit:
                            hit[d] = k
                            reached.append(d)
                frontier = reached
            self._shortest[begin] = hit
        return hit

    def car_ahead(self, lane: int, row: int, rel_row: int) -> int:
        """``rel`` of the first car in ``lane`` after ``row``, or _NO_CAR."""
        n = self.g.rows
        d = min(((r - row) % n for r in self.cars.get(lane, ()) if (r - row) % n), default=None)
        return _NO_CAR if d is None else rel_row + d


def start_walk(ctx: Ctx) -> Walk:
    """The walk at the start of this segment: the movement's start, then its earlier segments.

    The earlier segments were legal when driven (some under slipstream rules), so they
    are replayed without the checks, only to carry the corner and lane state forward
    (SLIP-8: one movement, one stop). A slipstream segment starts a fresh lane history:
    its own geometry decides the lane changes on a straight (SLIP-3, SLIP-D-2).
    """
    req, g = ctx.req, ctx.g
    base = -9 if g.corner[req.start] is not None else g.lane[req.start]
    straight = None if g.corner[req.start] is not None else (req.start, 0)
    w = Walk(req.start, 0, base, (), None, True, 0, 0, None, 0, 0, False, straight=straight)
    for dst in req.prefix:
        kind, crosses = next((k, c) for d, k, c in g.out[w.space] if d == dst)
        nxt = step(ctx, w, dst, kind, crosses, strict=False)
        assert type(nxt) is Walk
        w = nxt
    w = w._replace(steps=0, straight=None if g.corner[w.space] is not None else (w.space, 0))
    if req.via == "slip":
        here = w.space
        w = w._replace(base=-9 if g.corner[here] is not None else g.lane[here], left=(), slip=(g.lane[here],))
    ctx.base = w
    return w


# Why ``step`` refused a step (turned into a Reason only when a player asks).
OCCUPIED, NO_PIT, LOCKED, EXIT_LANE_CHANGE, TOO_MANY_LANES, ZIGZAG, OVER, SLIP_SHAPE, DETOUR = (
    "occupied",
    "no_pit",
    "locked",
    "exit_lane_change",
    "too_many_lanes",
    "zigzag",
    "over",
    "slip_shape",
    "detour",
)


def _slip_shape(lanes: tuple[int, ...], dst_lane: int, src_in_corner: bool) -> bool:
    """FD08-SLIP-1 / SLIP-3 (AMB-13): may a slipstream segment go on into ``dst_lane``?

    The three options, as lane sequences from the space behind the car in front:
    (a) out one lane, straight past, back in; (b) out one lane, two straight;
    (c) out two lanes, one straight. Inside a corner only the arrows decide (CORE-SLIP-7).
    """
    if src_in_corner:
        return True
    lanes = lanes + (dst_lane,)
    moves = [b - a for a, b in zip(lanes, lanes[1:])]
    if moves[0] == 0:
        return False  # every option starts by pulling out
    if len(moves) >= 2 and moves[1] not in (0, moves[0]):
        return False  # the second step goes straight on, or further out (c)
    if len(moves) == 3:
        if moves[1] == 0:
            return moves[2] in (0, -moves[0])  # (b) straight on, or (a) back in
        return moves[2] == 0  # (c) ends with one space straight on
    return True


def stops_missed_out(need: int, made: int) -> bool:
    """CORNER-5: leaving a corner with ``made`` of its ``need`` stops ends the race (a 2-stop corner
    left with none, a 3-stop corner with fewer than two); one stop short only flies out (CORNER-4)."""
    return (need == 2 and made == 0) or (need == 3 and made <= 1)


def step(ctx: Ctx, w: Walk, dst: str, kind: EdgeKind, crosses: bool, strict: bool = True) -> Walk | str:
    """The walk after entering ``dst``, or why the rules forbid that step.

    ``strict=False`` replays a step already driven: the state is carried, nothing is refused.
    """
    req, g = ctx.req, ctx.g
    if strict:
        if w.done:
            return OVER
        if dst in req.occupied:  # CORE-MOVE-2, CORNER-10, PIT-B-6: no jumping, no driving through
            return OCCUPIED
        if kind is EdgeKind.PIT_ENTRY and req.box is None:
            return NO_PIT  # PIT-B-1: only a car allowed to stop this turn turns into the pit lane
    lane_change = (
        kind is EdgeKind.DIAGONAL or kind is EdgeKind.ARROW or (kind is EdgeKind.PIT_ENTRY and ctx.pit_lane_change)
    )
    if strict and lane_change and w.locked:  # CORNER-8, FD08-CORNER-1
        return LOCKED if w.locked == "CORNER-8" else EXIT_LANE_CHANGE
    slip = w.slip
    if slip is not None:
        if strict and not ctx.free_slip and not _slip_shape(slip, g.lane[dst], g.corner[w.space] is not None):
            return SLIP_SHAPE
        slip = slip + (g.lane[dst],)
    entered = w.slip_entered or (slip is not None and g.corner[dst] is not None and g.corner[dst] != g.corner[w.space])
    src = w.space
    src_corner, dst_corner = g.corner[src], g.corner[dst]
    base, left, locked = w.base, w.left, w.locked
    in_first = w.in_first_corner and src_corner is not None and dst_corner == src_corner
    exits, missed = w.exits, w.missed
    if src_corner is not None and dst_corner != src_corner:  # leaving a corner
        need = g.stops[src_corner]
        made = req.stops if (w.in_first_corner and req.corner == src_corner) else 0
        if made < need:  # CORNER-4: flying out; CORNER-8: no lane change from here on
            if lane_change and strict:
                return LOCKED
            exits += 1
            locked = "CORNER-8"
            if missed is None and stops_missed_out(need, made):
                missed = (src_corner, made)  # CORNER-5
        if ctx.never:  # FD08-CORNER-1 read literally (AMB-17 flag): never on the exit
            if lane_change and strict:
                return EXIT_LANE_CHANGE
            locked = locked or "FD08-CORNER-1"
        base, left = g.lane[dst], ()  # a new straight begins (FD08-LANE-1, CORE-MOVE-5)
    if dst_corner is not None:
        base, left = -9, ()  # corners: arrows only (CORE-MOVE-6); the straight's history ends
    elif kind is EdgeKind.PIT_EXIT:
        base, left = g.lane[dst], ()
    if dst_corner is not None:
        straight = None
    elif src_corner is not None or kind not in _STRAIGHT_EDGES:
        straight = (dst, w.steps + 1)  # a new straight begins here, as for FD08-LANE-1
    else:
        straight = w.straight
        if strict and slip is None and straight is not None:
            begin, at = straight
            if ctx.shortest(begin).get(dst) != w.steps + 1 - at:
                return DETOUR  # CORE-MOVE-4, AMB-3(b): a shorter way leads there
    rel_dst = (g.row[dst] - ctx.start_row) % g.rows  # ctx.rel(dst), inlined: the hottest line of the enumeration
    free = slip is not None and ctx.free_slip  # SLIP-D-2: no straight lane rules in slipstream
    if kind is EdgeKind.DIAGONAL and not free:
        dst_lane, src_lane = g.lane[dst], g.lane[src]
        if strict and ctx.max_shift is not None and abs(dst_lane - base) > ctx.max_shift:
            return TOO_MANY_LANES  # FD08-LANE-1
        kept = []
        for lane, car in left:
            if lane == dst_lane:
                if strict and rel_dst <= car:  # CORE-MOVE-5, FD08-LANE-2: back into a lane only past a car
                    return ZIGZAG
            elif lane != src_lane:
                kept.append((lane, car))
        kept.append((src_lane, ctx.car_ahead(src_lane, g.row[src], ctx.rel(src))))
        left = tuple(sorted(kept))
    if left:
        left = tuple(e for e in left if e[1] > rel_dst)  # past that car: the lane is free again
    over = w.over + exits
    laps = w.laps + 1 if crosses else w.laps
    done = laps >= req.laps_to_go or (req.box is not None and dst == req.box)
    return _new_walk(
        Walk,
        (
            dst,
            w.steps + 1,
            base,
            left,
            locked,
            in_first,
            exits,
            over,
            missed,
            w.dangers + 1 if dst in req.markers else w.dangers,
            laps,
            done,
            slip,
            entered,
            straight,
        ),
    )
