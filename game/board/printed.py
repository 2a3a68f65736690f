"""What a printed board marks that the track's graph only implies: the lane changes a printed
``no_lane_change`` line forbids, and the roads of a second pit entry or exit.

Both are read from the loaded ``Track`` rather than from the map's objects, so the board
shows exactly what the rules enforce: a line is drawn wherever a diagonal step the lanes
would have (``game.tracks.links.lane_edges``) is missing from the graph, which only a
``no_lane_change`` line removes (CORE-MOVE-3), and a pit road wherever the pit lane has an
entry or exit besides its drawn ends (CORE-PIT-2).
"""

from __future__ import annotations

from game.tracks.geometry import Point
from game.tracks.links import lane_edges
from game.tracks.partial import partial_edges
from rules.track import EdgeKind, Space, Track


def forbidden_diagonals(track: Track) -> list[tuple[Space, Space]]:
    """(from, to) of every diagonal lane change the lanes would offer but the graph leaves out:
    the ones a ``no_lane_change`` line forbids (CORE-MOVE-3), in the lanes' order. A blocked
    space's missing steps are no line (AMB-69): its hatching already says it."""
    lanes = [s for s in track.spaces if not s.in_pit]
    have = {(e.src, e.dst) for e in track.edges if e.kind is EdgeKind.DIAGONAL}
    partial = {run.lane: run.lane + (1 if run.lane == 0 else -1) for run in track.partial}  # and the lane beside
    offered = lane_edges([s for s in lanes if s.lane not in partial], track.lanes)
    offered += partial_edges(list(track.partial), partial, lanes, track.rows)
    return [
        (track.space(e.src), track.space(e.dst))
        for e in offered
        if e.kind is EdgeKind.DIAGONAL
        and (e.src, e.dst) not in have
        and not track.is_blocked(e.src)
        and not track.is_blocked(e.dst)
    ]


def extra_pit_ways(track: Track) -> list[tuple[Point, Point]]:
    """The road of each second pit entry and exit (CORE-PIT-2), from the space cars leave to the
    space they turn into: track space to pit-lane space for an entry, the other way for an exit.
    The drawn entry and exit are not among them: the pit lane's own ends join those."""
    pit = track.pit
    if pit is None:
        return []
    ways = []
    for e in track.edges:
        extra_entry = e.kind is EdgeKind.PIT_ENTRY and e.src in pit.extra_entries
        extra_exit = e.kind is EdgeKind.PIT_EXIT and e.dst in pit.extra_exits
        if extra_entry or extra_exit:
            a, z = track.space(e.src), track.space(e.dst)
            ways.append(((a.x, a.y), (z.x, z.y)))
    return ways
