"""The built map compared with the board: what became of each of the board's steps, the counts the
report gives, and every line of what the map lost."""

from __future__ import annotations

import math

from game.tools.datfile import BLOCKED
from game.tools.trackimport.board import Board, id_list, listed, map_lanes, measures, next_in_lane, space_of
from game.tools.trackimport.geometry import partial_in
from game.tracks.drawing import Part, Said, say
from rules.track import LANE_LETTERS, EdgeKind, Track

#: What became of a board's step (``step_fates``), as the report counts them.
FATES = ("kept", "moved", "dropped", "refused", "blocked")


def fidelity(board: Board, track: Track) -> dict:
    """The map against the board, counted: spaces per lane, corners, pit lane, grid and the
    board's steps kept as they are, moved to another space (a step lost too) or dropped."""
    spaces = space_of(board, track)
    steps = step_fates(board, track, spaces)
    where = {n: li for li, lane in map_lanes(board, track)[:-1] for n in lane}
    pos, _, width, _ = measures(board)
    pit = track.pit
    return {
        "lanes": [
            {"lane": LANE_LETTERS[li], "board": len(lane), "map": len(track.lane_spaces(li))}
            for li, lane in sorted(map_lanes(board, track)[:-1])
        ],
        "corners": [
            {
                "label": c.label,
                "stops": {"board": stops, "map": c.stops},
                "spaces": [
                    {
                        "lane": LANE_LETTERS[li],
                        "board": sum(1 for n in {*group, *partial_in(board, pos, group, width)} if where.get(n) == li),
                        "map": sum(1 for x in c.spaces if track.space(x).lane == li),
                    }
                    for li in range(track.lanes)
                ],
            }
            for (stops, group), c in zip(board.corners, track.corners)
        ],
        "pit_lane": {
            "board": len(board.pit),
            "map": 0 if pit is None else len(pit.spaces),
            "boxes_board": sum(1 for n in board.pit if n in board.dat.attributes),
            "boxes_map": 0 if pit is None else len(pit.boxes),
        },
        "grid": {"board": len(board.dat.grid), "map": len(track.grid)},
        "blocked": {"board": sum(1 for n in where if board.dat.nodes[n].type == BLOCKED), "map": len(track.blocked)},
        "steps": {"board": len(steps), **{fate: sum(1 for f in steps.values() if f == fate) for fate in FATES}},
    }


def step_fates(board: Board, track: Track, spaces: dict[int, str]) -> dict[tuple[int, int], str]:
    """What became of each step of the board: ``kept`` (the map has it), ``moved`` (the map has
    a step to another space instead), ``dropped``, ``refused`` (no rule lets a car make it, so no
    printed board has it: ``against_rules``) or ``blocked`` (it touches a blocked node, which no
    car may use, AMB-69)."""
    have = {(e.src, e.dst) for e in track.edges}
    same, staggered = _equivalents(board, track, spaces)
    blocked = {n for n in board.dat.nodes if board.dat.nodes[n].type == BLOCKED}
    out = {}
    for a, b in dict.fromkeys(board.dat.edges):
        if a in blocked or b in blocked:
            out[(a, b)] = "blocked"
        elif (a, b) not in same or same[(a, b)] not in have:
            out[(a, b)] = "refused" if against_rules(board, spaces, a, b) is not None else "dropped"
        else:
            out[(a, b)] = "moved" if (a, b) in staggered else "kept"
    return out


def kept_line(t: Track) -> Said:
    """What the map has: lanes, corners, pit lane, grid and blocked spaces."""
    lanes = ", ".join(f"{s[0].name[0]} {len(s)}" for s in (t.lane_spaces(i) for i in range(t.lanes)))
    corners = ", ".join(str(c.stops) for c in t.corners)
    pit = (
        say("import.kept.no_pit")
        if t.pit is None
        else say("import.kept.pit", spaces=len(t.pit.spaces), boxes=len(t.pit.boxes))
    )
    blocked: Part = say("import.kept.blocked", n=len(t.blocked), spaces=" ".join(t.blocked)) if t.blocked else ""
    return say(
        "import.kept",
        lanes=t.lanes,
        per_lane=say("import.kept.spaces", spaces=lanes),
        corners=len(t.corners),
        stops=corners,
        pit=pit,
        grid=len(t.grid),
        blocked=blocked,
    )


def against_rules(board: Board, spaces: dict[int, str], a: int, b: int) -> Said | None:
    """Why no rule lets a car make the board's step from node ``a`` to ``b``, or None when one may:
    a step enters the space straight ahead or one diagonally in the lane beside (CORE-MOVE-3), so
    a step across two lanes, or along its lane past the lane's next space (over a car standing
    there, CORE-MOVE-2), is a stray edge of the tracing that no printed board has."""
    lane_of = board.lane_of()
    if a not in lane_of or b not in lane_of:
        return None
    if abs(lane_of[a] - lane_of[b]) > 1:
        return say("import.why.lanes", n=abs(lane_of[a] - lane_of[b]))
    if lane_of[a] == lane_of[b] and next_in_lane(board, a) != b:
        return say("import.why.past", space=spaces.get(next_in_lane(board, a), "?"))
    return None


def _equivalents(
    board: Board, track: Track, spaces: dict[int, str]
) -> tuple[dict[tuple[int, int], tuple[str, str]], set[tuple[int, int]]]:
    """The map's step for each step of the board, and the staggered lane changes among them.

    On a staggered board a lane change may lead to the space half a space ahead in the next
    lane, which the format puts in the same row; the format's nearest step is the one a row
    ahead, to that lane's next space."""
    lane_of = board.lane_of()
    have = {(e.src, e.dst) for e in track.edges}
    out, staggered = {}, set()
    for a, b in board.dat.edges:
        if a not in spaces or b not in spaces:
            continue
        target = spaces[b]
        if a in lane_of and b in lane_of and lane_of[a] != lane_of[b] and (spaces[a], target) not in have:
            ahead = (track.space(spaces[b]).row - track.space(spaces[a]).row) % track.rows
            later = next_in_lane(board, b)
            if (ahead == 0 or ahead > track.rows // 2) and later in spaces:
                target = spaces[later]
                staggered.add((a, b))
        out[(a, b)] = (spaces[a], target)
    return out, staggered


def sideways_on_straights(board: Board, track: Track, spaces: dict[int, str]) -> set[int]:
    """Nodes whose lane change into the space beside them (the same row of the map) is missing:
    outside corners only an arrow zone lets such a printed sideways step stand as an arrow."""
    lane_of = board.lane_of()
    have = {(e.src, e.dst) for e in track.edges}
    return {
        a
        for a, b in board.dat.edges
        if a in spaces
        and b in spaces
        and a in lane_of
        and b in lane_of
        and abs(lane_of[a] - lane_of[b]) == 1
        and track.space(spaces[a]).row == track.space(spaces[b]).row
        and (spaces[a], spaces[b]) not in have
    }


def missing_changes(
    board: Board, track: Track, spaces: dict[int, str], dropped: dict[tuple[int, int], Said]
) -> set[int]:
    """Nodes with a lane change into the next lane that the map has not got (its diagonals
    lead elsewhere, or a no_lane_change line took it) and the format has not refused yet: in an
    arrow zone it becomes an arrow, which may lead any number of rows on (AMB-3)."""
    lane_of = board.lane_of()
    fates = step_fates(board, track, spaces)
    return {
        a
        for (a, b), fate in fates.items()
        if fate == "dropped"
        and (a, b) not in dropped
        and a in lane_of
        and b in lane_of
        and abs(lane_of[a] - lane_of[b]) == 1
    }


def _dat_steps(board: Board, track: Track, spaces: dict[int, str]) -> set[tuple[str, str]]:
    return set(_equivalents(board, track, spaces)[0].values())


def added_steps(board: Board, track: Track, spaces: dict[int, str]) -> list[tuple[str, str, EdgeKind]]:
    """Steps the map allows that the board does not: (from, to, kind)."""
    steps = _dat_steps(board, track, spaces)
    return [(e.src, e.dst, e.kind) for e in track.edges if (e.src, e.dst) not in steps]


def compare(board: Board, track: Track, spaces: dict[int, str], dropped: dict[tuple[int, int], Said]) -> list[Said]:
    """What the map lost against the board: spaces, corners' spaces, the pit lane's nodes, steps
    and grid slots, each with why and, where it can be, the fix."""
    lost: list[Said] = []
    names = {v: k for k, v in spaces.items()}
    pos, _, width, _ = measures(board)
    for li, lane in map_lanes(board, track):
        made = len(track.lane_spaces(li))
        if made != len(lane):
            what = say("import.the_pit_lane") if li < 0 else say("import.lane", lane=LANE_LETTERS[li])
            lost.append(say("import.lane_count", what=what, board=len(lane), map=made))
    for (stops, group), corner in zip(board.corners, track.corners):
        mine = group | set(partial_in(board, pos, group, width))
        counts = [
            (li, sum(1 for n in lane if n in mine), sum(1 for x in corner.spaces if track.space(x).lane == li))
            for li, lane in sorted(map_lanes(board, track)[:-1])
        ]
        if any(a != b for _, a, b in counts):
            counts_said = [
                say("import.corner_count", lane=LANE_LETTERS[li], board=a, map=b) for li, a, b in counts if a != b
            ]
            lost.append(
                say(
                    "import.corner_counts",
                    corner=corner.label,
                    stops=stops,
                    ids=id_list(sorted(group), 4),
                    counts=listed(counts_said),
                )
            )
    if board.pit_spread:
        far = max(
            (math.dist(pos[n], (track.space(s).x, track.space(s).y)), n)
            for n, s in spaces.items()
            if track.space(s).in_pit
        )
        lost.append(say("import.pit_spread", far=f"{far[0]:.0f}", node=far[1]))
    missing = sorted(n for _, lane in map_lanes(board, track) for n in lane if n not in spaces)
    if missing:
        lost.append(say("import.no_space", n=len(missing), ids=id_list(missing)))
    have = {(e.src, e.dst) for e in track.edges}
    same, staggered = _equivalents(board, track, spaces)
    moved_on: list[Part] = [
        say("import.moved_step", src=spaces[a], dst=spaces[b], to_src=same[(a, b)][0], to_dst=same[(a, b)][1])
        for a, b in dict.fromkeys(board.dat.edges)
        if (a, b) in staggered and same[(a, b)] in have
    ]
    if moved_on:
        lost.append(
            say(
                "import.moved_on", n=len(moved_on), steps=listed(moved_on[:8]), more=" ..." if len(moved_on) > 8 else ""
            )
        )
    blocked = {n for n in spaces if board.dat.nodes[n].type == BLOCKED}
    for a, b in dict.fromkeys(board.dat.edges):
        if a not in spaces or b not in spaces or a in blocked or b in blocked:  # no step touches a blocked space
            continue
        if same[(a, b)] in have:
            continue
        refused = dropped.get((a, b))
        no_move = against_rules(board, spaces, a, b)
        if no_move is not None:
            lost.append(say("import.step_refused", a=a, b=b, space_a=spaces[a], space_b=spaces[b], why=no_move))
            continue
        if refused is not None:  # the format's own check refused it as drawn
            why = say("import.why.refused", message=refused)
        elif board.pit_spread and {a, b} & set(board.pit):
            why = say("import.why.pit_spread")
        else:
            why = say("import.why.other")
        lost.append(say("import.step_lost", a=a, b=b, space_a=spaces[a], space_b=spaces[b], why=why))
    steps = set(same.values())
    for e in track.edges:
        if (e.src, e.dst) not in steps:
            src, dst = names.get(e.src), names.get(e.dst)
            lost.append(
                say(
                    "import.extra_step",
                    kind=say(f"import.edge.{e.kind.value}"),
                    src=e.src,
                    dst=e.dst,
                    a=str(src),
                    b=str(dst),
                )
            )
    grid = [n for n in board.dat.grid if n in spaces]
    if len(grid) != len(board.dat.grid):
        lost.append(say("import.grid_lost", n=len(board.dat.grid) - len(grid)))
    return lost
