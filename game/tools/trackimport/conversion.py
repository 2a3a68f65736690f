"""The board converted: drawn and built as the game builds a map, round after round, moving or
dropping what the format refuses, until the map has every step the board has."""

from __future__ import annotations

import re

from game.tools.trackimport.board import Board, ImportProblem, Point, id_list, measures, space_of
from game.tools.trackimport.comparison import added_steps, compare, missing_changes, sideways_on_straights
from game.tools.trackimport.drawing import draw
from game.tools.trackimport.geometry import forbidding_lines
from game.tracks.build import build
from game.tracks.drawing import Drawing, Part, Problem, Said, TrackError, say
from rules.track import EdgeKind, Track

#: Builds at most. Each one only adds to what the next leaves out or restricts (row lines,
#: arrows moved or dropped, arrow zones, no_lane_change lines given up for zones), so the
#: rounds end; GP Online's boards need 3 to 5.
ROUNDS = 40


def convert(board: Board, name: str) -> tuple[Drawing, Track, list[Said]]:
    """The drawing of the board in this format, its track, and what the format could not take."""
    zones: set[int] = set()
    dropped: dict[tuple[int, int], Said] = {}
    shifted: set[tuple[int, int]] = set()  # staggered lane changes, drawn to the next space of the lane
    skip_rows: set[tuple[int, ...]] = set()
    centres: dict[int, Point] | None = None  # where each node's space is, once a build without arrows placed them
    lines: dict[tuple[Point, ...], set[int]] = {}  # no_lane_change lines, each with the nodes it restricts
    tried: set[tuple[Point, ...]] = set()
    tried_exits: set[int] = set()
    last: list[Said] = []
    space = measures(board)[1]
    for _ in range(ROUNDS):
        drawing, arrows, rows = draw(board, name, zones, set(dropped), shifted, skip_rows, centres, tuple(lines))
        try:
            track = build(drawing)
        except TrackError as err:
            last = [say("track.line_without_fix", where=_where(p), message=p.said) for p in err.problems]
            line_of = {sh.id: sh.points for sh in drawing.layers["arrows"] if sh.cls == "no_lane_change"}
            pits = drawing.layers.get("pit", [])
            pit_line = next((sh.id for sh in pits if sh.props.get("spaces_on_points")), None)
            if pit_line is not None and any(p.object_id == pit_line for p in err.problems):  # pit nodes leading back
                if not _other_exit(board, tried_exits):  # the exit beside the pit lane's end leads back: another
                    board.pit_spread = True  # else spread the pit spaces evenly
                continue
            refused_lines = {line_of[p.object_id] for p in err.problems if p.object_id in line_of}
            if refused_lines:  # the format refused a line: its nodes get arrow zones instead
                for pts in refused_lines:
                    zones |= lines.pop(pts)
                continue
            crossing = {rows[p.object_id] for p in err.problems if p.object_id in rows}
            if crossing:  # a row line in a tight bend met a lane twice: do without it (the spaces move)
                skip_rows |= crossing
                centres = None
                continue
            refused = {p.object_id: p for p in err.problems if p.object_id in arrows}
            if not refused:
                raise ImportProblem(_explain(board, drawing, err.problems)) from None
            for oid, problem in refused.items():
                step = arrows[oid]
                if "does not point forwards" in problem.message and step not in shifted:
                    shifted.add(step)
                elif "outside every corner and arrow zone" in problem.message and step[0] not in zones:
                    zones.add(step[0])  # drawn for the zone of the space it leads to: its own needs one
                else:
                    dropped[step] = problem.said
            continue
        spaces = space_of(board, track)
        if centres is None:  # now the arrows can join the spaces' centres, wherever the nodes lie
            centres = {n: (track.space(name).x, track.space(name).y) for n, name in spaces.items()}
            continue
        added = added_steps(board, track, spaces)
        node_of = {name: n for n, name in spaces.items()}
        extra = {(src, dst) for src, dst, kind in added if kind == EdgeKind.DIAGONAL}
        fresh = {node_of[src] for src, _ in extra if src in node_of} - zones
        fresh |= sideways_on_straights(board, track, spaces) - zones
        fresh |= missing_changes(board, track, spaces, dropped) - zones
        if not fresh:
            return drawing, track, compare(board, track, spaces, dropped)
        last = [say("import.fresh_changes", ids=id_list(sorted(fresh)), count=len(fresh))]
        for pts, srcs in forbidding_lines(track, extra, space):
            nodes = {node_of[n] for n in srcs if n in node_of}
            if pts not in tried and nodes <= fresh:  # a printed line instead of arrow zones, tried once
                tried.add(pts)
                lines[pts] = nodes
                fresh -= nodes
        zones |= fresh
    raise ImportProblem(
        say("import.unmatched", rounds=ROUNDS, n=len(last), first=last[0] if last else say("import.none"))
    )


def _other_exit(board: Board, tried: set[int]) -> bool:
    """Make another of the pit lane's ways back onto the track its exit, the one before a second
    exit, where the pit lane's end has several (one beside the end, level with it, leads back
    in the format); False when none is left to try."""
    if not board.pit or board.pit_exit is None:
        return False
    end = board.pit[-1]
    others = [b for a, b in board.pit_ways if a == end and b not in tried]
    if not others:
        return False
    tried.add(board.pit_exit)
    board.pit_ways = [w for w in board.pit_ways if w != (end, others[0])] + [(end, board.pit_exit)]
    board.pit_exit = others[0]
    return True


def _where(p: Problem) -> Part:
    """Where a problem of the converted map is, as ``Problem.line`` says it, kept to translate."""
    where: Part = p.file or say("track.where.track")
    if p.object_id is not None:
        where = say("track.where.object", where=where, id=p.object_id)
    if p.x is not None and p.y is not None:
        where = say("track.where.at", where=where, x=round(p.x), y=round(p.y))
    return where


def _explain(board: Board, drawing: Drawing, problems: list[Problem]) -> Said:
    """What the board has that the map the converter drew cannot take, in the board's terms:
    its nodes and lanes, and the fix in GP Online's editor."""
    lane_of_id = {sh.id: "ABCD"[li] for li, sh in enumerate(drawing.layers["lanes"])}
    node_of_id = dict(
        zip((sh.id for sh in drawing.layers["spaces"] if sh.cls == "space"), (n for lane in board.lanes for n in lane))
    )
    corner_of_id = {sh.id: group for sh, (_, group) in zip(drawing.layers["corners"], board.corners)}
    out: list[Said] = []
    for p in problems:
        lane = re.search(r"lane object (\d+) crosses the corner border (\d+) times", p.message)
        apart = re.search(r"hand-placed spaces? (\d+)(?: and (\d+))?", p.message)
        if lane and p.object_id in corner_of_id:
            name = lane_of_id.get(int(lane[1]), "?")
            out.append(
                say(
                    "import.border_crossed",
                    lane=name,
                    ids=id_list(sorted(corner_of_id[p.object_id]), 6),
                    times=int(lane[2]),
                )
            )
        elif apart and int(apart[1]) in node_of_id:
            nodes = [node_of_id[int(i)] for i in apart.groups() if i and int(i) in node_of_id]
            lane_at = board.lane_of()
            out.append(
                say(
                    "import.long_step",
                    nodes=", ".join(map(str, nodes)),
                    lane="ABCD"[lane_at[nodes[0]]],
                    message=p.said,
                    count=len(nodes),
                )
            )
        else:
            line = say("track.line", where=_where(p), message=p.said, fix=p.fix)
            out.append(say("import.lanes_maybe_wrong", line=line))
    return say("import.not_converted", problems=tuple(out))
