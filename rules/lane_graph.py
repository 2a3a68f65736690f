"""The track as the enumeration of legal moves reads it: plain-dict copies of its spaces and
edges, built once per track, so a step of ``rules.move_step`` is a few dict look-ups."""

from __future__ import annotations

from rules.track import EdgeKind, Track


class Graph:
    """Plain-dict copies of what ``rules.move_step`` steps read, built once per track."""

    def __init__(self, track: Track) -> None:
        self.rows = track.rows
        self.lane: dict[str, int] = {}
        self.row: dict[str, int] = {}
        self.corner: dict[str, int | None] = {}
        self.in_pit: dict[str, bool] = {}
        for s in track.spaces:
            self.lane[s.name] = s.lane
            self.row[s.name] = s.row
            self.corner[s.name] = s.corner
            self.in_pit[s.name] = s.in_pit
        self.stops = tuple(c.stops for c in track.corners)
        self.out: dict[str, tuple[tuple[str, EdgeKind, bool], ...]] = {
            s.name: tuple((e.dst, e.kind, track.crosses_line(e.src, e.dst)) for e in track.out_edges(s.name))
            for s in track.spaces
        }


_GRAPHS: dict[int, tuple[Track, Graph]] = {}


def graph(track: Track) -> Graph:
    """The graph of ``track``, built once per track object (the last 16 kept)."""
    hit = _GRAPHS.get(id(track))
    if hit is not None and hit[0] is track:
        return hit[1]
    if len(_GRAPHS) >= 16:
        _GRAPHS.clear()
    g = Graph(track)
    _GRAPHS[id(track)] = (track, g)
    return g
