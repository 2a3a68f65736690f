"""Corner facts derived from the spaces: stops, inside side, shortest and longest way through."""

from __future__ import annotations

import math
from operator import attrgetter
from typing import Literal

from game.tracks.builder import Builder
from game.tracks.drawing import Shape, say
from game.tracks.geometry import turn
from game.tracks.spaces import LaneGeo
from rules.track import Corner, Edge, Space


def corners_of(
    b: Builder,
    shapes: list[Shape],
    order: list[int],
    rows: dict[int, tuple[int, int]],
    spaces: list[Space],
    edges: list[Edge],
    lanes: list[LaneGeo],
) -> list[Corner]:
    """Corner facts: stops, inside side (AMB-10), shortest and longest way through (CORNER-1, CORNER-2)."""
    by_id = {c.id: c for c in shapes}
    members_of: list[list[Space]] = [[] for _ in order]
    corner_of: dict[str, int] = {}
    for s in spaces:
        if s.corner is not None:
            members_of[s.corner].append(s)
            corner_of[s.name] = s.corner
    # each corner's steps inside it, and the spaces where steps enter and leave it: one pass over the steps
    inner: list[list[Edge]] = [[] for _ in order]
    entries: list[set[str]] = [set() for _ in order]
    exits: list[set[str]] = [set() for _ in order]
    for e, (src, dst) in zip(edges, map(attrgetter("src", "dst"), edges)):
        here, there = corner_of.get(src), corner_of.get(dst)
        if here is not None and here == there:
            inner[here].append(e)
            continue
        if there is not None:
            entries[there].add(dst)
        if here is not None:
            exits[here].add(src)
    out = []
    for i, cid in enumerate(order):
        c = by_id[cid]
        stops = b.int_prop(c, "stops", 1, 3)
        members = members_of[i]
        if stops is None or not members:
            continue
        shortest, longest = ways_through(members, inner[i], entries[i], exits[i])
        if shortest is None:
            b.fail(say("track.corner_no_way"), say("track.corner_no_way.fix"), c)
            continue
        inside = _inside(b, c, members, len(lanes))
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


def _inside(b: Builder, c: Shape, members: list[Space], n_lanes: int) -> Literal["left", "right"]:
    """The corner's inside side (AMB-10): the string property ``inside`` where the designer set
    it (a chicane or an S-bend, whose geometry turns both ways), else the way the middle lane
    turns through the corner, else the side of the lane with fewer spaces."""
    said = c.props.get("inside")
    if said in ("left", "right"):
        return said
    if said is not None:
        b.fail(say("track.corner_inside", value=repr(said)), say("track.corner_inside.fix"), c)
    mid = n_lanes // 2
    lane_sp = sorted((s for s in members if s.lane == mid), key=lambda s: s.index)
    bend = sum(turn(a.heading, z.heading) for a, z in zip(lane_sp, lane_sp[1:]))
    if abs(bend) < 1.0:
        counts = [sum(1 for s in members if s.lane == li) for li in range(n_lanes)]
        return "left" if counts[0] <= counts[-1] else "right"
    return "right" if bend > 0 else "left"


def ways_through(
    members: list[Space], inner: list[Edge], entries: set[str], exits: set[str]
) -> tuple[int | None, int | None]:
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
