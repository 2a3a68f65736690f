"""Legal moves: every way a car can drive its roll, with what each costs.

One step function (``_step``) decides whether a car may enter the next
space; the enumeration runs it breadth first over (space, steps, lane
history, corner state, ...) and merges paths that reach the same state, so
a 30-space roll stays fast (dynamic programming, not path lists). Checking a
player's own path runs the same step function along it.

Rules implemented here: CORE-MOVE-1..7, FD08-LANE-1..3, CORNER-3..10,
FD08-CORNER-1, FD08-SPIN-1..2, CORE-BRAKE-1..2, CORE-BLOCK-1..3 (TAB-BLOCK),
CORE-DANGER-2 (counting the checks), PIT-B-2, PIT-B-6. Choices for open
points: AMB-3 (each step is one space), AMB-16, AMB-17, AMB-19.

CORE-MOVE-4 (shortest path on straights) holds by construction: the track
builder gives every lane of a straight the same spaces row by row, so every
path between two spaces of a straight has the same length.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pydantic import BaseModel, ConfigDict

from rules.reasons import Code, Reason
from rules.ruleset import RuleSet
from rules.tables import block_cost
from rules.track import EdgeKind, Track


class Move(BaseModel):
    """One legal way to end the turn, identified by its path and what it costs."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: tuple[str, ...]  # the spaces entered, in order; empty = the car stays
    brakes: int = 0  # brake WP: voluntary braking (CORE-BRAKE-1) or TAB-BLOCK
    tyres: int = 0  # tyre WP: overshoot (CORNER-4) and TAB-BLOCK
    blocked: int = 0  # spaces that could not be driven (CORE-BLOCK-1); 0 = not blocked
    overshoot: int = 0  # spaces beyond the end line of corners left with stops missing
    dangers: int = 0  # road-holding checks owed (CORE-DANGER-2)
    corner: int | None = None  # the corner the car stops in
    stops: int = 0  # stops made in that corner after this move (CORNER-3, CORNER-9)
    laps: int = 0  # start/finish lines crossed
    finishes: bool = False  # the car completes the race distance (CORE-END-1)
    in_box: bool = False  # the car reached its pit box (PIT-B-2)
    spin: bool = False  # the last tyre WP was lost exactly (CORNER-7, FD08-SPIN-1)
    out: Reason | None = None  # the move ends the car's race, and why

    @property
    def end(self) -> str | None:
        return self.path[-1] if self.path else None


@dataclass(frozen=True)
class MoveRequest:
    """Everything about the car and the board that its legal moves depend on."""

    track: Track
    rules: RuleSet
    start: str
    roll: int
    occupied: frozenset[str]  # cars and wrecks, without the moving car
    markers: frozenset[str] = frozenset()  # dangerous spaces (CORE-DANGER-1)
    brakes: int = 0
    tyres: int = 0
    corner: int | None = None  # the corner of the car's previous stops
    stops: int = 0  # stops made there so far
    laps_to_go: int = 99  # line crossings until the car finishes
    box: str | None = None  # the car's box if it may pit this turn (PIT-B-1)
    may_brake: bool = True  # False in the pit lane and in D qualifying

    @cached_property
    def obstacle_rows(self) -> dict[int, tuple[int, ...]]:
        """Rows of the cars in each track lane, for the overtaking exception (CORE-MOVE-5)."""
        rows: dict[int, list[int]] = {}
        for n in self.occupied:
            sp = self.track.space(n)
            if not sp.in_pit:
                rows.setdefault(sp.lane, []).append(sp.row)
        return {lane: tuple(r) for lane, r in rows.items()}


@dataclass(frozen=True)
class _Walk:
    """The state of a partial path: what the rest of the path may do depends only on this."""

    space: str
    steps: int
    left: tuple[tuple[int, int], ...] = ()  # (lane, row) where a diagonal left that lane
    locked: bool = False  # no more lane changes (CORNER-8 / FD08-CORNER-1)
    in_first_corner: bool = True  # still inside the corner the move began in
    exits: tuple[tuple[int, int, int], ...] = ()  # (corner, first step outside, stops made)
    dangers: int = 0
    laps: int = 0
    done: bool = False  # finished the race or reached the box: the rest of the roll is lost


def legal_moves(req: MoveRequest) -> list[Move]:
    """Every legal move for ``req.roll`` spaces, paths that cost the same merged."""
    start = _Walk(space=req.start, steps=0)
    layers: list[dict[_Walk, tuple[str, ...]]] = [{start: ()}]
    for _ in range(req.roll):
        nxt: dict[_Walk, tuple[str, ...]] = {}
        for walk, path in layers[-1].items():
            if walk.done:
                continue
            for edge in req.track.out_edges(walk.space):
                w = _step(req, walk, edge.dst, edge.kind)
                if w is not None and w not in nxt:
                    nxt[w] = path + (edge.dst,)
        if not nxt:
            break
        layers.append(nxt)
    longest = len(layers) - 1
    full = longest == req.roll or any(w.done for layer in layers for w in layer)
    moves: dict[str, Move] = {}
    for k, layer in enumerate(layers):
        for walk, path in layer.items():
            move = _finish(req, walk, path, blocked=not full and k == longest)
            if move is not None:
                key = move.model_copy(update={"path": path[-1:]}).model_dump_json()
                moves.setdefault(key, move)
    return list(moves.values())


def check_path(req: MoveRequest, path: tuple[str, ...]) -> Move | Reason:
    """The move a player's own path makes, or why it is not legal."""
    for move in legal_moves(req):
        if move.path == path:
            return move
    walk = _Walk(space=req.start, steps=0)
    for dst in path:
        edge = next((e for e in req.track.out_edges(walk.space) if e.dst == dst), None)
        if edge is None or walk.done:
            return Reason(rule="CORE-MOVE-3", code=Code.NOT_A_STEP, values={"src": walk.space, "dst": dst})
        nxt = _step(req, walk, dst, edge.kind)
        if nxt is None:
            return _why_not(req, walk, dst, edge.kind)
        walk = nxt
    longest = max((len(m.path) for m in legal_moves(req)), default=0)
    move = _finish(req, walk, path, blocked=len(path) == longest < req.roll and not walk.done)
    if move is None:
        return Reason(rule="CORE-BRAKE-2", code=Code.CANNOT_BRAKE, values={"spaces": req.roll - len(path), "brakes": req.brakes})
    return move


def _step(req: MoveRequest, w: _Walk, dst: str, kind: EdgeKind) -> _Walk | None:
    """The walk after entering ``dst``, or None if the rules forbid that step."""
    t = req.track
    if dst in req.occupied:  # CORE-MOVE-2, CORNER-10, PIT-B-6: no jumping, no driving through
        return None
    src_sp, dst_sp = t.space(w.space), t.space(dst)
    left, locked = w.left, w.locked
    if kind == EdgeKind.PIT_ENTRY and (req.box is None):
        return None  # PIT-B-1: only a car allowed to stop this turn turns into the pit lane
    if kind in (EdgeKind.DIAGONAL, EdgeKind.ARROW):
        if locked:  # CORNER-8, FD08-CORNER-1
            return None
    if kind == EdgeKind.DIAGONAL:
        start_lane = t.space(req.start).lane
        if req.rules.max_lane_shift is not None and abs(dst_sp.lane - start_lane) > req.rules.max_lane_shift:
            return None  # FD08-LANE-1
        back = next((row for lane, row in left if lane == dst_sp.lane), None)
        if back is not None and not _passed_obstacle(req, dst_sp.lane, back, dst_sp.row):
            return None  # CORE-MOVE-5, FD08-LANE-2: back into a lane only around a car
        left = left + ((src_sp.lane, src_sp.row),)
    in_first = w.in_first_corner and src_sp.corner is not None and dst_sp.corner == src_sp.corner
    exits = w.exits
    if src_sp.corner is not None and dst_sp.corner != src_sp.corner:
        corner = t.corners[src_sp.corner]
        made = req.stops if (w.in_first_corner and req.corner == src_sp.corner) else 0
        if made < corner.stops:
            exits = exits + ((src_sp.corner, w.steps + 1, made),)
            locked = True  # CORNER-8: no lane change after leaving with a stop missing
        if req.rules.exit_lane_change == "never":
            locked = True  # FD08-CORNER-1 read literally (AMB-17 flag)
    laps = w.laps + (1 if t.crosses_line(w.space, dst) else 0)
    done = laps >= req.laps_to_go or (req.box is not None and dst == req.box)
    return _Walk(
        space=dst,
        steps=w.steps + 1,
        left=left,
        locked=locked,
        in_first_corner=in_first,
        exits=exits,
        dangers=w.dangers + (1 if dst in req.markers else 0),
        laps=laps,
        done=done,
    )


def _passed_obstacle(req: MoveRequest, lane: int, row_left: int, row_back: int) -> bool:
    """Is there a car in ``lane`` between the rows where the path left and re-entered it?"""
    n_rows = req.track.rows
    span = (row_back - row_left) % n_rows
    return any(0 < (row - row_left) % n_rows < span for row in req.obstacle_rows.get(lane, ()))


def _finish(req: MoveRequest, w: _Walk, path: tuple[str, ...], blocked: bool) -> Move | None:
    """What ending the move here costs and causes; None if the car may not stop here."""
    t, rules = req.track, req.rules
    missing = 0 if w.done else req.roll - w.steps
    in_pit = t.space(w.space).in_pit
    brakes = tyres = 0
    out: Reason | None = None
    if missing and blocked:
        if not in_pit:  # PIT-B-6: waiting behind a car in the pit lane costs nothing
            cost = block_cost(missing)
            if cost is None:
                out = Reason(rule="CORE-BLOCK-2", code=Code.BLOCKED_TOO_FAR, values={"spaces": missing})
            else:
                brakes, tyres = cost.brakes, cost.tyres
                if req.brakes < brakes or req.tyres < tyres:
                    out = Reason(
                        rule="CORE-BLOCK-3",
                        code=Code.BLOCKED_UNPAID,
                        values={"spaces": missing, "brakes": brakes, "tyres": tyres},
                    )
    elif missing:
        if not req.may_brake or in_pit or missing > req.brakes:  # CORE-BRAKE-1, CORE-BRAKE-2
            return None
        brakes = missing
    overshoot = sum(w.steps - first + 1 for _, first, _ in w.exits)
    loss = overshoot * rules.overshoot_multiplier  # CORNER-4
    spin = False
    if out is None and rules.missed_stops_eliminate:
        for c, _, made in w.exits:
            need = t.corners[c].stops
            if (need == 2 and made == 0) or (need == 3 and made <= 1):  # CORNER-5
                out = Reason(rule="CORNER-5", code=Code.MISSED_STOPS, values={"corner": t.corners[c].label, "stops": made, "required": need})
                break
    if out is None and loss:
        left = req.tyres - tyres
        if loss > left:  # CORNER-6
            out = Reason(rule="CORNER-6", code=Code.TYRES_GONE, values={"needed": loss, "available": left})
        elif loss == left:  # CORNER-7, FD08-SPIN-1; FD08-SPIN-2 beyond the overshoot limit
            if overshoot > rules.spin_max_overshoot:
                out = Reason(rule="FD08-SPIN-2", code=Code.SPIN_TOO_FAR, values={"spaces": overshoot})
            else:
                spin = True
    tyres += loss
    end = t.space(w.space)
    corner, stops = None, 0
    if end.corner is not None:
        corner = end.corner
        if w.in_first_corner and req.corner == end.corner:
            stops = req.stops + 1  # CORNER-3: another stop in the same corner
        else:
            stops = 0 if w.exits else 1  # CORNER-9: an overshoot's stop does not count
    dangers = w.dangers
    if not rules.danger_on_stop and w.space in req.markers and w.steps > 0:
        dangers -= 1  # VAR-7: this rule set checks only for driving over
    return Move(
        path=path,
        brakes=brakes,
        tyres=tyres,
        blocked=missing if blocked else 0,
        overshoot=overshoot,
        dangers=dangers,
        corner=corner,
        stops=stops,
        laps=w.laps,
        finishes=w.laps >= req.laps_to_go,
        in_box=req.box is not None and w.space == req.box,
        spin=spin and out is None,
        out=out,
    )


def _why_not(req: MoveRequest, w: _Walk, dst: str, kind: EdgeKind) -> Reason:
    """The rule a refused step breaks, for the player's message."""
    t = req.track
    if dst in req.occupied:
        return Reason(rule="CORE-MOVE-2", code=Code.SPACE_OCCUPIED, values={"space": dst})
    if kind == EdgeKind.PIT_ENTRY:
        return Reason(rule="PIT-B-1", code=Code.NO_PIT_NOW, values={"space": dst})
    if w.locked:
        return Reason(rule="CORNER-8", code=Code.NO_LANE_CHANGE_AFTER_OVERSHOOT, values={"space": dst})
    start_lane = t.space(req.start).lane
    if req.rules.max_lane_shift is not None and abs(t.space(dst).lane - start_lane) > req.rules.max_lane_shift:
        return Reason(rule="FD08-LANE-1", code=Code.TOO_MANY_LANES, values={"space": dst})
    return Reason(rule="CORE-MOVE-5", code=Code.NO_ZIGZAG, values={"space": dst})


