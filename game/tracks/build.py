"""Derive the spaces and edges of a track from what the designer drew.

The steps, each in its own module: the lanes' spaces (``spaces``), the steps
between them (``links``), the pit lane (``pit``), the corners (``corners``),
the grid (``grid``), the street features (``street``) and the blocked spaces
(``blocked``, whose steps are dropped); then every space but a blocked one
must be reachable. docs/track-format.md, "What the game derives", explains the
method to designers.
"""

from __future__ import annotations

from operator import attrgetter

from game.tracks.blocked import BLOCKED_SPACE, blocked_points, check_blocked, lane_ends, open_edges
from game.tracks.builder import MAX_LANES, MAX_SPACES, Builder
from game.tracks.corners import corners_of
from game.tracks.drawing import Drawing, Said, Shape, TrackError, say
from game.tracks.finder import SpaceFinder
from game.tracks.geometry import Path
from game.tracks.grid import grid_slots, single_point
from game.tracks.links import arrow_edges, forbidden_changes, lane_edges
from game.tracks.partial import is_partial, partial_edges, partial_lanes, partial_spaces
from game.tracks.pit import pit_lane
from game.tracks.placed import hand_placed
from game.tracks.spaces import LaneGeo, ZoneCells, cut_lanes, lane_shapes, make_spaces, right_offset
from game.tracks.street import street_features
from rules.track import LANE_LETTERS, Edge, LaneRun, Space, Track, space_name


def build(drawing: Drawing) -> Track:
    """Derive the track graph, or raise TrackError listing every problem found."""
    b = Builder(drawing)
    name, laps, space_len, weather = b.map_props()
    before_lanes = len(b.problems)
    drawn_lanes = b.objects("lanes", "lane")["lane"]
    partial = [s for s in drawn_lanes if is_partial(b, s)]  # lanes that begin and end: laid out after the lap's
    lanes = [
        LaneGeo(s, Path(s.points, True))
        for s in lane_shapes(b, [s for s in drawn_lanes if s not in partial], space_len)
    ]
    lanes_broken = len(b.problems) > before_lanes  # a missing lane would only cause follow-up noise
    starts = b.objects("start_finish", "start_finish")["start_finish"]
    corner_shapes = b.objects("corners", "corner")["corner"]
    arrow_objs = b.objects("arrows", "arrow", "no_lane_change")
    zone_shapes = b.objects("arrow_zones", "arrow_zone")["arrow_zone"]
    row_shapes = b.objects("rows", "row_line")["row_line"]
    space_objs = b.objects("spaces", "space", BLOCKED_SPACE)
    space_shapes = space_objs["space"]
    grid_objs = b.objects("grid", "grid_slot", "qualifying_start")
    pit_objs = b.objects("pit", "pit_lane", "box")

    mark = len(b.problems)  # problems so far do not stop the geometry below
    if "lanes" not in drawing.layers:
        b.fail(say("track.no_layer", layer="lanes"), say("track.no_lanes_layer.fix"))
    elif not 2 <= len(lanes) <= len(lanes) + len(partial) <= MAX_LANES:
        n = len(lanes) + len(partial)
        count = (
            say("track.too_many_lanes", n=n, most=MAX_LANES, first=LANE_LETTERS[0], last=LANE_LETTERS[-1])
            if n > MAX_LANES
            else say("track.lanes", n=len(lanes))
        )
        b.fail(count, say("track.lanes.fix", most=MAX_LANES))
    if "start_finish" not in drawing.layers:
        b.fail(say("track.no_layer", layer="start_finish"), say("track.no_start_layer.fix"))
    elif len(starts) != 1:
        b.fail(say("track.start_lines", n=len(starts)), say("track.start_lines.fix"))
    if "grid" not in drawing.layers:
        b.fail(say("track.no_layer", layer="grid"), say("track.no_grid_layer.fix"))
    if len(b.problems) > mark or space_len <= 0 or lanes_broken:
        raise TrackError(b.problems)
    for lg in lanes:
        if lg.path.length / space_len > MAX_SPACES:
            b.fail(
                say("track.lane_too_long", pixels=round(lg.path.length), most=MAX_SPACES),
                say("track.lane_too_long.fix"),
                lg.shape,
            )
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    cut_lanes(b, lanes, starts[0], corner_shapes, row_shapes)
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    offsets = {id(lg): right_offset(lanes[0], lg) for lg in lanes}
    lanes.sort(key=lambda lg: offsets[id(lg)])
    parts = partial_lanes(b, partial, lanes, space_len)
    by_hand = hand_placed(b, space_shapes, [*lanes, *parts], space_len)
    spaces, corner_order, corner_rows, n_rows = make_spaces(
        b, lanes, corner_shapes, zone_shapes, space_len, by_hand[: len(lanes)]
    )
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    shift = sum(1 for p in parts if p.side < 0)  # a lane that begins and ends on the left is lane A
    n_lanes = len(lanes) + len(parts)
    if shift:
        spaces = [
            s.model_copy(update={"lane": s.lane + shift, "name": space_name(s.lane + shift, s.index)}) for s in spaces
        ]
    edges = lane_edges(spaces, n_lanes)
    runs: list[LaneRun] = []
    beside_of: dict[int, int] = {}
    polygons = {c.id: c.points for c in corner_shapes}
    in_zone = ZoneCells([zs.points for zs in zone_shapes if len(zs.points) >= 3])
    for part, placed in zip(parts, by_hand[len(lanes) :]):
        lane, beside, next_to = (
            (0, lanes[0], shift) if part.side < 0 else (n_lanes - 1, lanes[-1], shift + len(lanes) - 1)
        )
        more, run = partial_spaces(
            b,
            part,
            lane,
            beside,
            next_to,
            spaces,
            placed,
            [(i, polygons[cid]) for i, cid in enumerate(corner_order)],
            in_zone,
            space_len,
            n_rows,
        )
        if run is not None:
            spaces += more
            runs.append(run)
            beside_of[lane] = next_to
    if len(b.problems) > mark:
        raise TrackError(b.problems)
    edges += partial_edges(runs, beside_of, spaces, n_rows)
    by_name = {s.name: s for s in spaces}
    near = SpaceFinder(spaces, space_len)
    edges = forbidden_changes(b, arrow_objs["no_lane_change"], edges, near)
    edges += arrow_edges(b, arrow_objs["arrow"], near)
    pit, pit_spaces, pit_edges = pit_lane(
        b, pit_objs["pit_lane"], pit_objs["box"], near, lanes, n_rows, "pit" in drawing.layers, shift
    )
    spaces += pit_spaces
    edges += pit_edges
    by_name.update((s.name, s) for s in pit_spaces)
    blocked = blocked_points(b, space_objs[BLOCKED_SPACE], near, pit_spaces)
    edges = open_edges(edges, blocked)
    corners = corners_of(b, corner_shapes, corner_order, corner_rows, spaces, edges, lanes)
    grid = grid_slots(b, grid_objs["grid_slot"], near, n_rows)
    qual = single_point(b, grid_objs["qualifying_start"], "qualifying_start", near, n_rows)
    zones, tunnels = street_features(b, near, "pit" in drawing.layers)
    check_blocked(b, blocked, by_name, grid, qual, pit, lane_ends(spaces, runs), tunnels)
    if not b.problems:
        _check_reachable(b, spaces, edges, grid, blocked)
    if b.problems or weather is None or qual is None:
        raise TrackError(b.problems)
    return Track(
        name=name,
        laps=laps,
        lanes=n_lanes,
        rows=n_rows,
        spaces=tuple(spaces),
        edges=tuple(edges),
        corners=tuple(corners),
        grid=tuple(grid),
        qualifying_start=qual,
        pit=pit,
        weather=weather,
        zones=zones,
        tunnels=tunnels,
        blocked=tuple(s.name for s in sorted((by_name[n] for n in blocked), key=lambda s: (s.row, s.lane))),
        partial=tuple(runs),
    )


_ENDS = attrgetter("src", "dst")


def _check_reachable(
    b: Builder, spaces: list[Space], edges: list[Edge], grid: list[str], blocked: dict[str, Shape]
) -> None:
    """Every space can be reached from the grid, and from every space the lap goes on; a blocked
    space is exempt (no step leads into or out of it), but a lane it closes with no way round is not."""
    number = {s.name: i for i, s in enumerate(spaces)}  # spaces by position in the list, for plain lists below
    succ: list[list[int]] = [[] for _ in spaces]
    pred: list[list[int]] = [[] for _ in spaces]
    for src, dst in map(_ENDS, edges):  # attrgetter reads both ends in C: a board has thirty thousand steps
        src, dst = number[src], number[dst]
        succ[src].append(dst)
        pred[dst].append(src)

    def closure(start: list[int], nxt: list[list[int]]) -> list[bool]:
        seen = [False] * len(spaces)
        todo = list(start)
        for i in todo:
            seen[i] = True
        while todo:
            for m in nxt[todo.pop()]:
                if not seen[m]:
                    seen[m] = True
                    todo.append(m)
        return seen

    reached = closure([number[g] for g in grid], succ)
    unreached = [s for s, ok in zip(spaces, reached) if not ok and s.name not in blocked]
    if unreached:
        first = unreached[0]
        b.fail(
            say("track.unreached", n=len(unreached), space=first.name),
            say("track.unreached.fix", blocked=_blocked_hint(blocked)),
            at=(first.x, first.y),
        )
    if grid:
        home = closure([number[grid[0]]], pred)
        stuck = [s for s, ok in zip(spaces, home) if not ok and s.name not in blocked]
        if stuck:
            first = stuck[0]
            b.fail(
                say("track.stuck", n=len(stuck), space=first.name),
                say("track.stuck.fix", blocked=_blocked_hint(blocked)),
                at=(first.x, first.y),
            )


def _blocked_hint(blocked: dict[str, Shape]) -> Said | str:
    """Where blocked spaces may be the cause: they close a lane that has no way round them."""
    if not blocked:
        return ""
    named = tuple(say("track.what.blocked_on", space=n, id=s.id) for n, s in sorted(blocked.items())[:4])
    return say("track.blocked_hint", spaces=named)
