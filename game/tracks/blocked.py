"""Blocked spaces: printed spaces no car may use, points of class ``blocked_space`` in the layer ``spaces``.

A traced board keeps every printed space, also the ones its printer crossed out
(a wall, a marshal's post). The space stays in the track, drawn and named, but
no step leads into it or out of it (AMB-69, docs/rules.md), so the graph's
moves, slipstream and restarts never put a car on it. docs/track-format.md,
"Blocked spaces", is the designer's guide.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.tracks.builder import Builder
from game.tracks.drawing import Said, Shape, say
from game.tracks.finder import SpaceFinder
from rules.track import Edge, LaneRun, PitLane, Space, Tunnel

BLOCKED_SPACE = "blocked_space"


def blocked_points(b: Builder, shapes: list[Shape], near: SpaceFinder, pit_spaces: list[Space]) -> dict[str, Shape]:
    """The track space under each ``blocked_space`` point (snapped like a grid slot), by name;
    a point off every track space, on the pit lane or on a space already blocked is reported."""
    out: dict[str, Shape] = {}
    pit_near = SpaceFinder(pit_spaces, 2 * near.reach) if pit_spaces and shapes else None
    for s in shapes:
        if len(s.points) != 1:
            b.fail(say("track.blocked_not_point"), say("track.blocked_not_point.fix"), s)
            continue
        sp = near.snap(s.anchor)
        if sp is None:
            in_pit = pit_near.snap(s.anchor, pit=True) if pit_near else None
            if in_pit is not None:
                what = (
                    say("track.what.pit_box", n=in_pit.box) if in_pit.box is not None else say("track.what.pit_space")
                )
                b.fail(say("track.blocked_in_pit", space=in_pit.name, what=what), say("track.blocked_in_pit.fix"), s)
            else:
                b.fail(say("track.blocked_off_space"), say("track.blocked_off_space.fix"), s)
            continue
        if sp.name in out:
            b.fail(
                say("track.blocked_twice", space=sp.name, first=out[sp.name].id, second=s.id),
                say("track.blocked_twice.fix"),
                s,
            )
            continue
        out[sp.name] = s
    return out


def open_edges(edges: list[Edge], blocked: dict[str, Shape]) -> list[Edge]:
    """The steps that neither start nor end on a blocked space (AMB-69)."""
    if not blocked:
        return edges
    return [e for e in edges if e.src not in blocked and e.dst not in blocked]


def check_blocked(
    b: Builder,
    blocked: dict[str, Shape],
    by_name: dict[str, Space],
    grid: list[str],
    qual: str | None,
    pit: PitLane | None,
    lane_ends: set[str],
    tunnels: tuple[Tunnel, ...] = (),
) -> None:
    """A blocked space may not be a space a car must use: a grid slot, the qualifying start,
    a space next to the start/finish line, where cars turn into or out of the pit lane, or a
    tunnel's end (STREET-7 moves a car onto the exit)."""
    uses: dict[str, tuple[Said, Said]] = {}
    for i, name in enumerate(grid):
        uses[name] = (say("track.what.grid_slot", n=i + 1), say("track.blocked_used.grid_slot.fix"))
    if qual is not None:
        uses.setdefault(qual, (say("track.what.qualifying_start"), say("track.blocked_used.qualifying_start.fix")))
    for name in lane_ends:
        uses.setdefault(name, (say("track.what.line_space"), say("track.blocked_used.line_space.fix")))
    if pit is not None:
        for name in pit.entries:
            uses.setdefault(name, (say("track.what.pit_entry"), say("track.blocked_used.pit_entry.fix")))
        for name in pit.exits:
            uses.setdefault(name, (say("track.what.pit_exit"), say("track.blocked_used.pit_exit.fix")))
    for t in tunnels:
        uses.setdefault(
            t.entry, (say("track.what.tunnel_entry", n=t.number), say("track.blocked_used.tunnel_entry.fix"))
        )
        uses.setdefault(t.exit, (say("track.what.tunnel_exit", n=t.number), say("track.blocked_used.tunnel_exit.fix")))
    for name, shape in blocked.items():
        if name in uses:
            what, hint = uses[name]
            sp = by_name[name]
            b.fail(say("track.blocked_used", space=sp.name, what=what), hint, shape)


def lane_ends(spaces: list[Space], runs: Sequence[LaneRun] = ()) -> set[str]:
    """Each lane's first and last space: the two on either side of the start/finish line; a lane
    that begins and ends away from the line (its first space is its first after it) has none."""
    first: dict[int, Space] = {}
    last: dict[int, Space] = {}
    index = {s.name: s.index for s in spaces}
    away = {r.lane for r in runs if index[r.first] == 0}  # begins after the line, ends before it
    for s in spaces:
        if s.in_pit or s.lane in away:
            continue
        if s.lane not in first or s.index < first[s.lane].index:
            first[s.lane] = s
        if s.lane not in last or s.index > last[s.lane].index:
            last[s.lane] = s
    return {s.name for s in (*first.values(), *last.values())}
