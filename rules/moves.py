"""Legal moves: every way a car can drive its roll, with what each costs.

One step function (``rules.move_step.step``) decides whether a car may enter
the next space; the enumeration runs it breadth first over a small state (space,
lane history of the current straight, corner state, counters) and merges
paths that reach the same state, so a 30-space roll with ten cars on the
board stays fast (dynamic programming, not path lists). Checking a player's
own path runs the same step function along it, so ``check_path`` and
``legal_moves`` can never disagree.

Rules implemented here and in ``rules.move_step``: CORE-MOVE-1..7, FD08-LANE-1..3,
CORNER-3..10, FD08-CORNER-1, FD08-SPIN-1..2, CORE-BRAKE-1..2, CORE-BLOCK-1..3 (TAB-BLOCK),
CORE-DANGER-2 (counting the checks), PIT-B-2, PIT-B-5, PIT-B-6, PIT-D-1 (with ``pit_points``).
Choices for open points:

* AMB-3: each step (straight, diagonal or arrow) is one space; a lane the
  car left on a straight may be re-entered only after passing a car in it
  (CORE-MOVE-5, FD08-LANE-2), measured from the last time the car left it.
* FD08-LANE-1 / CORE-MOVE-4 are rules of *a straight* ("the section between
  two corners"): the two-lane limit counts from the lane the car had when
  the straight began for it (its start space, its corner exit, or the pit
  exit), and the lane history starts afresh on every straight.
* AMB-16 (spin/out), AMB-17 (overshoot = spaces beyond the end line of each
  corner left with a stop missing, summed over those corners; lane-change
  ban on and after the exit step only when a stop is missing, or always
  with ``exit_lane_change="never"``), AMB-19 (a-d).
* CORE-END-1: a car that completes the race distance stops on the first
  space after the line; the rest of its roll is not driven. Likewise a car
  that reaches its box stops there and loses the surplus (PIT-B-2, AMB-29b).
* PIT-B-5/PIT-B-6: no braking in the pit lane; a car that cannot go on
  because the car in front is in the way waits behind it for free.

* CORE-MOVE-4, AMB-3(b): on a straight the path must be a shortest one
  between where the straight began for the car (as for FD08-LANE-1) and the
  end, counted round the other cars ("the shortest possible path"). This
  matters where lanes have different lengths (Hohenau after Turn 7): a
  detour through the longer lane to burn spaces is refused, the car brakes
  instead. Each prefix of a shortest path is a shortest path, so every step
  is checked. Slipstream segments follow their own geometry (SLIP-3) instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from rules.move_step import (
    DETOUR,
    EXIT_LANE_CHANGE,
    LOCKED,
    NO_PIT,
    OCCUPIED,
    OVER,
    SLIP_SHAPE,
    TOO_MANY_LANES,
    Ctx,
    Walk,
    start_walk,
    step,
)
from rules.reasons import Code, Reason
from rules.ruleset import RuleSet
from rules.segment import Move, MoveRequest, Via
from rules.tables.checks import block_cost
from rules.track import Track

__all__ = ["Move", "MoveRequest", "Via", "check_path", "check_paths", "forget", "legal_moves"]


# --- every reachable state ------------------------------------------------------------


def _explore(ctx: Ctx) -> tuple[list[dict[Walk, tuple[str, ...]]], bool]:
    """Every reachable state after 0..roll steps, each with its first path; and whether the
    roll can be driven in full (or ends early at the finish or the box).

    The states after k steps do not depend on the roll (only what ending there costs does), so
    the layers of the last requests from the same start among the same cars are kept and a
    longer roll goes on from them: a driver weighing every face of a die asks for 11, 12, ...
    20 spaces from one space. Each layer is built whole before it is kept and never changed."""
    req = ctx.req
    start = start_walk(ctx)  # sets ctx.base, which ``_outcome`` reads
    key = (req.start, req.occupied, req.markers, req.corner, req.stops, req.laps_to_go, req.box, req.prefix, req.via)
    hit = _EXPLORED.get(key)
    if hit is not None and hit[0] is req.track and hit[1] is req.rules:
        layers, dones, ended = list(hit[2]), list(hit[3]), hit[4]
    else:
        layers, dones, ended = [{start: ()}], [False], False
    grown = False
    out = ctx.g.out
    while len(layers) - 1 < req.roll and not ended:
        nxt: dict[Walk, tuple[str, ...]] = {}
        done = False
        for walk, path in layers[-1].items():
            if walk.done:
                continue
            for dst, kind, crosses in out[walk.space]:
                w = step(ctx, walk, dst, kind, crosses)
                if type(w) is Walk and w not in nxt:
                    nxt[w] = path + (dst,)
                    done = done or w.done
        grown = True
        if not nxt:
            ended = True
            break
        layers.append(nxt)
        dones.append(done)
    if grown or hit is None:
        _keep(_EXPLORED, _EXPLORED_KEPT, key, (req.track, req.rules, tuple(layers), tuple(dones), ended))
    layers = layers[: req.roll + 1]
    full = len(layers) - 1 == req.roll or any(dones[1 : len(layers)])
    return layers, full


#: the explorations of the last requests, without their rolls (``_explore``): (track, rules,
#: layers, whether each layer holds a finished walk, whether the walks can go no further)
_EXPLORED: dict[tuple, tuple[Track, RuleSet, tuple[dict[Walk, tuple[str, ...]], ...], tuple[bool, ...], bool]] = {}
_EXPLORED_KEPT = 8


# --- what ending a move costs ------------------------------------------------------

# (brakes, tyres, blocked, overshoot, dangers, corner, stops, laps, finishes, in_box, spin, out)
_Outcome = tuple
_Out = tuple  # (rule, code, ((name, value), ...))


def _can_go_on(ctx: Ctx, w: Walk) -> bool:
    return any(type(step(ctx, w, d, k, c)) is Walk for d, k, c in ctx.g.out[w.space])


def _outcome(ctx: Ctx, w: Walk, blocked: bool) -> _Outcome | str:
    """What ending the move here costs and causes, or why the car may not stop here."""
    req, g = ctx.req, ctx.g
    missing = 0 if w.done else req.roll - w.steps
    brakes = tyres = stuck = 0
    out: _Out | None = None
    if missing:
        if g.in_pit[w.space]:
            if _can_go_on(ctx, w):
                return "pit"  # PIT-B-5: no braking in the pit lane
            stuck = missing  # PIT-B-6: waiting behind the car in front costs nothing
        elif blocked:  # CORE-BLOCK-1: no legal path drives the whole roll
            stuck = missing
            cost = block_cost(missing)
            if cost is None:
                out = ("CORE-BLOCK-2", Code.BLOCKED_TOO_FAR, (("spaces", missing),))
            else:
                brakes, tyres = cost.brakes, cost.tyres
                if req.brakes < brakes or req.tyres < tyres:  # AMB-19a: tyres never stand in for brakes
                    out = (
                        "CORE-BLOCK-3",
                        Code.BLOCKED_UNPAID,
                        (("spaces", missing), ("brakes", brakes), ("tyres", tyres)),
                    )
        elif not req.may_brake:
            return "no_brake"
        elif missing > req.brakes:  # CORE-BRAKE-1 (AMB-19c: 1 brake WP a space), CORE-BRAKE-2
            return "brakes"
        else:
            brakes = missing
    base = ctx.base or w
    slip_brake = False
    into_corner = w.slip_entered if req.rules.slip_corner_brake == "enters_corner" else g.corner[w.space] is not None
    if req.via == "slip" and w.steps and into_corner:  # CORE-SLIP-4, VAR-12, AMB-14
        if req.brakes - brakes < 1:
            return "slip_brake"  # AMB-14: no slipstream into a corner without a brake WP
        brakes, slip_brake = brakes + 1, True
    overshoot = w.over - base.over  # this segment's; earlier segments were charged already
    loss = overshoot * (req.rules.overshoot_multiplier if req.multiplier is None else req.multiplier)  # CORNER-4
    spin = False
    eliminate = req.rules.missed_stops_eliminate or req.report_missed
    if out is None and w.missed is not None and base.missed is None and eliminate:
        c, made = w.missed  # CORNER-5
        out = (
            "CORNER-5",
            Code.MISSED_STOPS,
            (("corner", req.track.corners[c].label), ("stops", made), ("required", g.stops[c])),
        )
    if out is None and loss:
        tyres_left = req.tyres - tyres
        if loss > tyres_left:  # CORNER-6, AMB-16b/d
            out = ("CORNER-6", Code.TYRES_GONE, (("needed", loss), ("available", tyres_left)))
        elif loss == tyres_left:  # CORNER-7, FD08-SPIN-1; FD08-SPIN-2 beyond the overshoot limit
            if overshoot > req.rules.spin_max_overshoot:  # AMB-16a: spaces, not WP
                out = ("FD08-SPIN-2", Code.SPIN_TOO_FAR, (("spaces", overshoot),))
            else:
                spin = True
    tyres += loss
    corner = g.corner[w.space]
    stops = 0
    if corner is not None:
        if w.in_first_corner and req.corner == corner:
            stops = req.stops + 1  # CORNER-3: another stop in the same corner
        else:
            stops = 0 if w.exits else 1  # CORNER-9: an overshoot's stop does not count
    dangers = w.dangers - base.dangers
    if not req.rules.danger_on_stop and w.steps and w.space in req.markers:
        dangers -= 1  # VAR-7: this rule set checks only for driving over
    finishes = w.laps >= req.laps_to_go
    in_box = req.box is not None and w.space == req.box
    laps = w.laps - base.laps
    return (
        brakes,
        slip_brake,
        tyres,
        stuck,
        overshoot,
        dangers,
        corner,
        stops,
        laps,
        finishes,
        in_box,
        spin and out is None,
        out,
    )


def _move(req: MoveRequest, path: tuple[str, ...], o: _Outcome) -> Move:
    """The move of ``path`` with outcome ``o``, built as ``Move.model_construct`` builds one, without
    its validation or its field-by-field search: every field is already of its type (a tuple of
    names, ints, bools; tests/rules/test_driver_memos.py checks them against the validated Move),
    and the enumeration builds tens of thousands a race (validation was a sixth of a race's time)."""
    brakes, slip_brake, tyres, blocked, overshoot, dangers, corner, stops, laps, finishes, in_box, spin, out = o
    fields = {
        "path": path,
        "via": req.via,
        "brakes": brakes,
        "slip_brake": slip_brake,
        "tyres": tyres,
        "blocked": blocked,
        "overshoot": overshoot,
        "dangers": dangers,
        "corner": corner,
        "stops": stops,
        "laps": laps,
        "finishes": finishes,
        "in_box": in_box,
        "spin": spin,
        "out": None if out is None else Reason(rule=out[0], code=out[1], values=dict(out[2])),
    }
    m = _new_move(Move)
    _set(m, "__dict__", fields)
    _set(m, "__pydantic_fields_set__", set(_MOVE_FIELDS))
    _set(m, "__pydantic_extra__", None)
    _set(m, "__pydantic_private__", None)
    return m


_new_move = Move.__new__
_set = object.__setattr__
_MOVE_FIELDS = frozenset(Move.model_fields)


# --- the public functions ------------------------------------------------------------


def legal_moves(req: MoveRequest) -> list[Move]:
    """Every legal move for ``req.roll`` spaces; paths that end alike and cost the same are merged
    (the first one found stands for them all). Deterministic: same request, same list, so the
    last requests' lists are remembered (a driver asks for the same roll from several gears, and
    again once it is rolled)."""
    key = _request_key(req)
    hit = _LEGAL.get(key)
    if hit is not None and hit[0] is req.track and hit[1] is req.rules:
        return list(hit[2])
    found = _legal_moves(req)
    _keep(_LEGAL, _LEGAL_KEPT, key, (req.track, req.rules, tuple(found)))
    return found


_LEGAL: dict[tuple, tuple[Track, RuleSet, tuple[Move, ...]]] = {}
_LEGAL_KEPT = 64


def _keep(kept: dict, limit: int, key: tuple, value: tuple) -> None:
    """Remember ``value``, the oldest request forgotten past ``limit``. Under a lock: the window
    asks for the moves it shows while a computer driver thinks in its own thread
    (``RaceControl.think``), and two threads evicting at once broke the dict's iteration."""
    with _KEEPING:
        if key not in kept and len(kept) >= limit:
            del kept[next(iter(kept))]
        kept[key] = value


_KEEPING = threading.Lock()


def forget() -> None:
    """Drop the remembered lists and explorations (a bench that times the enumeration itself)."""
    _LEGAL.clear()
    _EXPLORED.clear()


def _request_key(req: MoveRequest) -> tuple:
    """Every field of the request but the track and the rules (compared by identity: hashing
    them is slow)."""
    return (
        req.start,
        req.roll,
        req.occupied,
        req.markers,
        req.brakes,
        req.tyres,
        req.corner,
        req.stops,
        req.laps_to_go,
        req.box,
        req.may_brake,
        req.multiplier,
        req.report_missed,
        req.prefix,
        req.via,
    )


def _legal_moves(req: MoveRequest) -> list[Move]:
    ctx = Ctx(req)
    layers, full = _explore(ctx)
    longest = len(layers) - 1
    in_pit = ctx.g.in_pit
    # a walk this many steps short of the roll or more may end only if it has finished or waits in the pit
    # lane (CORE-BRAKE-1: a brake WP a space, none without braking; PIT-B-6): ``_outcome`` refuses the others
    short = (req.brakes if req.may_brake else 0) + 1
    found: dict[tuple[str | None, _Outcome], tuple[str, ...]] = {}
    for k, layer in enumerate(layers):
        blocked = not full and k == longest
        every = blocked or req.roll - k < short
        for walk, path in layer.items():
            if every or walk.done or in_pit[walk.space]:
                o = _outcome(ctx, walk, blocked)
                if type(o) is tuple:
                    found.setdefault((walk.space if path else None, o), path)
    return [_move(req, path, o) for (_, o), path in found.items()]


# every reachable state by steps, and whether the roll can be driven in full (``_explore``)
_Explored = tuple[list[dict[Walk, tuple[str, ...]]], bool]


def check_path(req: MoveRequest, path: tuple[str, ...]) -> Move | Reason:
    """The move a player's own path makes, or why it is not legal."""
    return check_paths(req, [path])[0]


def check_paths(req: MoveRequest, paths: list[tuple[str, ...]]) -> list[Move | Reason]:
    """``check_path`` for several paths of one request; the enumeration that says whether the
    roll can be driven in full (CORE-BLOCK-1) runs once for them all."""
    ctx = Ctx(req)
    explored: list[_Explored] = []

    def explore() -> _Explored:
        if not explored:
            explored.append(_explore(ctx))
        return explored[0]

    return [_check(ctx, tuple(path), explore) for path in paths]


def _check(ctx: Ctx, path: tuple[str, ...], explore: Callable[[], _Explored]) -> Move | Reason:
    """One path of ``check_paths``."""
    req = ctx.req
    walk = start_walk(ctx)
    if req.via == "slip" and not path:
        return Reason(rule="CORE-SLIP-2", code=Code.SLIP_EMPTY)
    if len(path) > req.roll:  # CORE-TURN-1: exactly the spaces rolled, fewer only by braking
        if req.via == "bonus":
            return Reason(rule="TYRE-3", code=Code.BONUS_WHOLE_SPACE)
        return Reason(rule="CORE-TURN-1", code=Code.TOO_MANY_SPACES, values={"spaces": len(path), "roll": req.roll})
    for dst in path:
        edge = next(((k, c) for d, k, c in ctx.g.out[walk.space] if d == dst), None)
        if edge is None or walk.done:
            return Reason(rule="CORE-MOVE-3", code=Code.NOT_A_STEP, values={"src": walk.space, "dst": dst})
        nxt = step(ctx, walk, dst, edge[0], edge[1])
        if isinstance(nxt, str):
            return _why_not(ctx, walk, dst, nxt)
        walk = nxt
    blocked = False
    if not walk.done and len(path) < req.roll:  # only a move short of its roll can be blocked (CORE-BLOCK-1)
        layers, full = explore()
        blocked = not full and len(path) == len(layers) - 1
    o = _outcome(ctx, walk, blocked)
    if type(o) is tuple:
        return _move(req, path, o)
    spaces = req.roll - len(path)
    if o == "pit":
        return Reason(rule="PIT-B-5", code=Code.NO_BRAKING_IN_PIT, values={"spaces": spaces})
    if o == "no_brake":
        return Reason(rule="CORE-MOVE-7", code=Code.NO_BRAKING_NOW, values={"roll": req.roll})
    if o == "slip_brake":
        return Reason(rule="CORE-SLIP-4", code=Code.SLIP_NEEDS_BRAKE, values={"space": path[-1]})
    return Reason(rule="CORE-BRAKE-2", code=Code.CANNOT_BRAKE, values={"spaces": spaces, "brakes": req.brakes})


def _why_not(ctx: Ctx, w: Walk, dst: str, why: str) -> Reason:
    """The rule a refused step breaks, for the player's message."""
    if why == OCCUPIED:
        return Reason(rule="CORE-MOVE-2", code=Code.SPACE_OCCUPIED, values={"space": dst})
    if why == NO_PIT:
        return Reason(rule="PIT-B-1", code=Code.NO_PIT_NOW)  # its template names no space
    if why == LOCKED:
        return Reason(rule="CORNER-8", code=Code.NO_LANE_CHANGE_AFTER_OVERSHOOT, values={"space": dst})
    if why == EXIT_LANE_CHANGE:
        return Reason(rule="FD08-CORNER-1", code=Code.NO_LANE_CHANGE_ON_EXIT, values={"space": dst})
    if why == TOO_MANY_LANES:
        return Reason(rule="FD08-LANE-1", code=Code.TOO_MANY_LANES, values={"space": dst})
    if why == SLIP_SHAPE:
        return Reason(rule="FD08-SLIP-1", code=Code.SLIP_SHAPE, values={"space": dst})
    if why == DETOUR:
        return Reason(rule="CORE-MOVE-4", code=Code.NOT_SHORTEST, values={"space": dst})
    if why == OVER:
        return Reason(rule="CORE-MOVE-3", code=Code.NOT_A_STEP, values={"src": w.space, "dst": dst})
    return Reason(rule="CORE-MOVE-5", code=Code.NO_ZIGZAG, values={"space": dst})
