"""Blocked spaces: printed spaces no car may use, points of class ``blocked_space`` in the layer ``spaces``.

A traced board keeps every printed space, also the ones its printer crossed out
(a wall, a marshal's post). The space stays in the track, drawn and named, but
no step leads into it or out of it (AMB-69, docs/rules.md), so the graph's
moves, slipstream and restarts never put a car on it. docs/track-format.md,
"Blocked spaces", is the designer's guide.
"""

from __future__ import annotations

from game.tracks.builder import Builder
from game.tracks.drawing import Shape
from game.tracks.finder import SpaceFinder
from rules.track import Edge, PitLane, Space, Tunnel

BLOCKED_SPACE = "blocked_space"


def blocked_points(b: Builder, shapes: list[Shape], near: SpaceFinder, pit_spaces: list[Space]) -> dict[str, Shape]:
    """The track space under each ``blocked_space`` point (snapped like a grid slot), by name;
    a point off every track space, on the pit lane or on a space already blocked is reported."""
    out: dict[str, Shape] = {}
    pit_near = SpaceFinder(pit_spaces, 2 * near.reach) if pit_spaces and shapes else None
    for s in shapes:
        if len(s.points) != 1:
            b.fail(
                "a blocked space is not a point",
                "delete it and place a point (Insert Point, I) of class blocked_space on the centre of the printed space",
                s,
            )
            continue
        sp = near.snap(s.anchor)
        if sp is None:
            in_pit = pit_near.snap(s.anchor, pit=True) if pit_near else None
            if in_pit is not None:
                what = f"pit box {in_pit.box}" if in_pit.box is not None else "a pit-lane space"
                b.fail(
                    f"the blocked space is on {in_pit.name}, {what}: the pit lane has no blocked spaces",
                    "move the blocked_space point onto a space of the lanes, or delete it (draw a pit lane "
                    "only where cars may drive)",
                    s,
                )
            else:
                b.fail(
                    "the blocked space is not on a space",
                    "move the blocked_space point onto the centre of a space of the lanes "
                    "(track render --names shows them), or delete it",
                    s,
                )
            continue
        if sp.name in out:
            b.fail(
                f"two blocked spaces are on {sp.name} (objects {out[sp.name].id} and {s.id})",
                "delete one of them: one blocked_space point per printed space",
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
    uses: dict[str, tuple[str, str]] = {}
    for i, name in enumerate(grid):
        uses[name] = (f"grid slot {i + 1}", "move the grid slot or the blocked space")
    if qual is not None:
        uses.setdefault(qual, ("the qualifying start", "move the qualifying start or the blocked space"))
    for name in lane_ends:
        uses.setdefault(name, ("a space at the start/finish line", "a lap is counted there: move the blocked space "
                                                                      "off the spaces on either side of the line"))
    if pit is not None:
        for name in pit.entries:
            uses.setdefault(name, ("the pit entry", "move the pit_lane line's first point or the blocked space"))
        for name in pit.exits:
            uses.setdefault(name, ("the pit exit", "move the pit_lane line's last point or the blocked space"))
    for t in tunnels:
        uses.setdefault(t.entry, (f"the entry of tunnel {t.number}", "move the tunnel_entry or the blocked space"))
        uses.setdefault(t.exit, (f"the exit of tunnel {t.number}", "move the tunnel_exit or the blocked space"))
    for name, shape in blocked.items():
        if name in uses:
            what, hint = uses[name]
            sp = by_name[name]
            b.fail(f"the blocked space on {sp.name} is {what}, which a car must be able to use", hint, shape)


def lane_ends(spaces: list[Space]) -> set[str]:
    """Each lane's first and last space: the two on either side of the start/finish line."""
    first: dict[int, Space] = {}
    last: dict[int, Space] = {}
    for s in spaces:
        if s.in_pit:
            continue
        if s.lane not in first or s.index < first[s.lane].index:
            first[s.lane] = s
        if s.lane not in last or s.index > last[s.lane].index:
            last[s.lane] = s
    return {s.name for s in (*first.values(), *last.values())}
