"""The whole graph of a track as plain data, for ``track info --json``: other tools read it
instead of parsing the .tmx or importing the game (docs/track-format.md, "The graph as JSON")."""

from __future__ import annotations

from rules.track import Space, Track


def space_kind(track: Track, s: Space) -> str:
    """What a space is on the board: ``box`` (a pit box), ``pit`` (the rest of the pit lane),
    ``blocked`` (a printed space no car may use, AMB-69), ``grid`` (a starting slot),
    ``corner`` (inside a corner's stop area) or ``straight``."""
    if s.in_pit:
        return "box" if s.box is not None else "pit"
    if track.is_blocked(s.name):
        return "blocked"
    if s.name in track.grid:
        return "grid"
    return "corner" if s.corner is not None else "straight"


def graph(track: Track) -> dict:
    """Every space with its successors and the kind of each edge, the blocked spaces and the
    rows that decide the order of cars (AMB-9 level cars, AMB-56 the pit lane at its entry).

    A blocked space (AMB-69) is listed with its lane, row and position like any other, has
    no successors and no step leads into it.
    """
    grid = {name: i + 1 for i, name in enumerate(track.grid)}
    spaces = []
    for s in track.spaces:
        spaces.append(
            {
                "name": s.name,
                "lane": "pit" if s.in_pit else s.name[0],
                "lane_index": s.lane,
                "index": s.index,
                "row": s.row,
                "order_row": track.order_row(s.name),
                "progress": s.progress,
                "x": s.x,
                "y": s.y,
                "heading": s.heading,
                "kind": space_kind(track, s),
                "corner": s.corner,
                "arrows_only": s.arrows_only,
                "box": s.box,
                "grid": grid.get(s.name),
                "blocked": track.is_blocked(s.name),
                "successors": [{"to": e.dst, "kind": e.kind.value} for e in track.out_edges(s.name)],
            }
        )
    return {"spaces": spaces, "blocked": list(track.blocked), "edges": len(track.edges)}
