"""The drawing of the board in this game's format, one build round's worth: lanes, spaces, rows,
corners, arrows and zones, grid and pit lane."""

from __future__ import annotations

from game.tools.datfile import BLOCKED
from game.tools.trackimport.board import LAPS, WEATHER, Board, Point, measures, next_in_lane
from game.tools.trackimport.geometry import (
    around_partial,
    box_places,
    corner_border,
    cut_points,
    gaps_before,
    open_line,
    partial_curves,
    row_positions,
    through,
)
from game.tracks.drawing import Drawing, Shape
from game.tracks.geometry import Path


def draw(
    board: Board,
    name: str,
    zones: set[int],
    dropped: set[tuple[int, int]],
    shifted: set[tuple[int, int]],
    skip: set[tuple[int, ...]],
    centres: dict[int, Point] | None,
    lines: tuple[tuple[Point, ...], ...] = (),
) -> tuple[Drawing, dict[int, tuple[int, int]], dict[int, tuple[int, ...]]]:
    """The drawing; its arrows' and row lines' object ids with the steps and cuts they stand for.
    Without ``centres`` (the spaces not placed yet) it has no arrows and no arrow zones;
    ``lines`` are its printed no-lane-change lines (``forbidding_lines``)."""
    pos, space, width, _ = measures(board)
    lanes = board.lanes
    d = Drawing(
        props={
            "circuit_name": name.replace("_", " ").title(),
            "laps": LAPS,
            "space_length": space,
            "surroundings": "grass",
            **WEATHER,
        }
    )
    ids = iter(range(1, 1_000_000))
    d.layers["lanes"] = [
        Shape(next(ids), "lane", tuple(pos[n] for n in lane), True, "ABCD"[li]) for li, lane in enumerate(lanes)
    ]
    # a lane that begins and ends: from half a space before its first node to half a space after its last
    d.layers["lanes"] += [
        Shape(next(ids), "lane", open_line([pos[n] for n in nodes], space / 2), False, "", {"partial": True})
        for nodes, _ in board.partial
    ]
    cuts, row_keys = cut_points(board, pos, space, skip)
    # every lane node a hand-placed space, where the board has it, at its place among its piece's rows
    at_row = row_positions(board, pos, cuts)
    gaps = set(gaps_before(board))
    d.layers["spaces"] = [
        Shape(
            next(ids),
            "space",
            (pos[n],),
            props={"row_position": at_row[n], **({"after_gap": True} if n in gaps else {})},
        )
        for lane in lanes
        for n in lane
    ]
    d.layers["spaces"] += [Shape(next(ids), "space", (pos[n],)) for nodes, _ in board.partial for n in nodes]
    rows = {next(ids): keys for keys in row_keys}
    d.layers["rows"] = [
        Shape(oid, "row_line", tuple(through([cuts[li][k] for li, k in enumerate(keys)], width)))
        for oid, keys in rows.items()
    ]
    d.layers["start_finish"] = [Shape(next(ids), "start_finish", tuple(through([c[0] for c in cuts], width)))]
    d.layers["corners"] = []
    paths = [Path([pos[n] for n in lane], True) for lane in lanes]
    where = {n: (li, k) for li, lane in enumerate(lanes) for k, n in enumerate(lane)}
    for stops, group in board.corners:
        runs = [sorted(where[n][1] for n in group if where[n][0] == li) for li in range(len(lanes))]
        enter = [cuts[li][r[0]] for li, r in enumerate(runs)]
        leave = [cuts[li][(r[-1] + 1) % len(lanes[li])] for li, r in enumerate(runs)]
        poly = corner_border(pos, lanes, runs, enter, leave, width, paths)
        poly = around_partial(board, pos, poly, group, width)
        d.layers["corners"].append(Shape(next(ids), "corner", tuple(poly), True, "", {"stops": stops}))
    lane_of = board.lane_of()
    in_corner = {n for _, group in board.corners for n in group} | partial_curves(board)
    arrows: dict[int, tuple[int, int]] = {}
    d.layers["arrows"] = []
    for a, b in dict.fromkeys(board.dat.edges):
        if a not in lane_of or b not in lane_of or lane_of[a] == lane_of[b] or (a, b) in dropped:
            continue
        if abs(lane_of[a] - lane_of[b]) != 1:
            continue  # reported by the comparison: the format changes one lane per step
        if centres is not None and ({a, b} & in_corner or a in zones or b in zones):
            oid = next(ids)
            arrows[oid] = (a, b)
            end = next_in_lane(board, b) if (a, b) in shifted else b
            d.layers["arrows"].append(Shape(oid, "arrow", (centres.get(a, pos[a]), centres.get(end, pos[end]))))
    d.layers["arrows"] += [Shape(next(ids), "no_lane_change", pts) for pts in lines]
    half = 0.3 * space
    at = centres or {}
    d.layers["arrow_zones"] = [
        Shape(
            next(ids),
            "arrow_zone",
            ((x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)),
            True,
        )
        for x, y in (at.get(n, pos[n]) for n in sorted(zones))
    ]
    grid = sorted(
        board.dat.grid, key=lambda n: (-where[n][1] / len(lanes[where[n][0]]), where[n][0]) if n in where else (1, 0)
    )
    d.layers["grid"] = [
        Shape(next(ids), "grid_slot", (pos[n],), props={"position": i + 1})
        for i, n in enumerate(g for g in grid if g in where)
    ]
    middle = lanes[len(lanes) // 2]
    d.layers["grid"].append(Shape(next(ids), "qualifying_start", (pos[middle[-1]],)))
    if board.pit and board.pit_entry is not None and board.pit_exit is not None:
        route = [board.pit_entry, *board.pit, board.pit_exit]
        # every pit node a pit space on the line's point, each garage a box on it (CORE-PIT-2)
        on_points: dict[str, object] = {} if board.pit_spread else {"spaces_on_points": True}
        d.layers["pit"] = [Shape(next(ids), "pit_lane", tuple(pos[n] for n in route), props=on_points)]
        garages = [pos[n] for n in board.pit if n in board.dat.attributes]
        places = box_places(board, [pos[n] for n in route], space) if board.pit_spread else garages
        d.layers["pit"] += [Shape(next(ids), "box", (at,), props={"box": i + 1}) for i, at in enumerate(places)]
        if centres is not None:  # a second entry or exit joins the pit lane's spaces, once they are placed
            for a, b in board.pit_ways:
                if (a, b) not in dropped:
                    oid = next(ids)
                    arrows[oid] = (a, b)
                    d.layers["pit"].append(Shape(oid, "pit_lane", (centres.get(a, pos[a]), centres.get(b, pos[b]))))
    # a blocked node is a printed space no car may use (AMB-69): its space stays, crossed out; the
    # first build, which only places the spaces, has no arrows yet to lead round it
    # (a lane that begins and ends on a blocked node has it from the first: nothing leads on from it)
    d.layers["spaces"] += [
        Shape(next(ids), "blocked_space", (pos[n],))
        for lane, always in [*((lane, False) for lane in lanes), *((nodes, True) for nodes, _ in board.partial)]
        for n in lane
        if board.dat.nodes[n].type == BLOCKED and (centres is not None or always)
    ]
    for layer, shapes in d.layers.items():  # as the .tmx will hold them, so the map builds as checked here
        d.layers[layer] = [
            Shape(sh.id, sh.cls, tuple((round(x, 2), round(y, 2)) for x, y in sh.points), sh.closed, sh.name, sh.props)
            for sh in shapes
        ]
    return d, arrows, rows
