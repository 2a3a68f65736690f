"""The board's curve nodes grouped into corners with their stops: linked curve nodes, a curve beside
a lane only, two corners in a row that lane changes link, and what the format cannot keep."""

from __future__ import annotations

import math
import statistics

from game.tools.datfile import BLOCKED, STOPS, DatTrack
from game.tools.trackimport.board import NODE_TYPES, ImportProblem, id_list, listed
from game.tracks.drawing import Said, say
from rules.track import LANE_LETTERS, space_name


def group_corners(dat: DatTrack, lanes: list[list[int]], lost: list[Said], shift: int) -> list[tuple[int, set[int]]]:
    """The curve nodes grouped into corners with their stops; ``shift`` lanes lie left of lane A in the map
    (a lane that begins and ends), so the lines name the map's lanes."""
    nodes = dat.nodes
    in_lane = {n for lane in lanes for n in lane}
    curve = {n for n in in_lane if nodes[n].curve}
    links: dict[int, set[int]] = {n: set() for n in curve}
    for a, b in dat.edges:
        if a in curve and b in curve:
            links[a].add(b)
            links[b].add(a)
    for lane in lanes:  # consecutive curve nodes of a lane belong together even without an edge
        for a, b in zip(lane, lane[1:]):
            if a in curve and b in curve:
                links[a].add(b)
                links[b].add(a)
    groups: list[set[int]] = []
    seen: set[int] = set()
    for n in sorted(curve):
        if n in seen:
            continue
        group, todo = set(), [n]
        while todo:
            m = todo.pop()
            if m not in group:
                group.add(m)
                todo.extend(links[m] - group)
        seen |= group
        groups.append(group)
    where = {n: (li, k) for li, lane in enumerate(lanes) for k, n in enumerate(lane)}
    groups = [part for g in _joined_beside(dat, lanes, groups, where) for part in _split_runs(dat, lanes, g, where)]
    corners = []
    for group in groups:
        kinds = {nodes[n].type for n in group}
        curve_nodes = sorted(group)
        missing = [li for li in range(len(lanes)) if not any(where[n][0] == li for n in group)]
        for li in sorted(missing, key=lambda i: min(abs(i - j) for j in set(range(len(lanes))) - set(missing))):
            lane = lanes[li]  # a curve beside this lane only: its nodes beside the curve (or beside those) join it
            beside = sorted(
                {
                    where[m][1]
                    for a, b in dat.edges
                    for m in (a, b)
                    if (a in group or b in group) and m in where and where[m][0] == li
                }
            )
            if not beside:
                raise ImportProblem(
                    say("import.curve_no_lane", ids=id_list(curve_nodes), lane=LANE_LETTERS[li + shift])
                )
            ks = list(range(beside[0], beside[-1] + 1))
            group |= {lane[k] for k in ks}
            lost.append(
                say(
                    "import.curve_lane_straight",
                    ids=id_list(curve_nodes, 4),
                    lane=LANE_LETTERS[li + shift],
                    nodes=id_list([lane[k] for k in ks], 4),
                )
            )
        for li, lane in enumerate(lanes):
            ks = sorted(where[n][1] for n in group if where[n][0] == li)
            if ks[0] == 0 and len(ks) > 1 and ks == list(range(ks[-1] + 1)):  # the curve begins on the line
                group.discard(lane[0])
                ks = ks[1:]
                lost.append(
                    say(
                        "import.curve_on_finish",
                        ids=id_list(curve_nodes, 4),
                        lane=LANE_LETTERS[li + shift],
                        node=lane[0],
                        space=space_name(li + shift, 0),
                    )
                )
            if ks[0] > 0 and ks != list(range(ks[0], ks[-1] + 1)):  # straight nodes amid a lane's curve
                between = [lane[k] for k in range(ks[0], ks[-1] + 1) if lane[k] not in group]
                group.update(between)
                ks = list(range(ks[0], ks[-1] + 1))
                if any(nodes[n].type != BLOCKED for n in between):  # a blocked node in a curve loses nothing
                    lost.append(
                        say(
                            "import.curve_part_straight",
                            ids=id_list(curve_nodes, 4),
                            lane=LANE_LETTERS[li + shift],
                            nodes=id_list(between, 4),
                        )
                    )
            if 0 in ks or ks != list(range(ks[0], ks[-1] + 1)):
                raise ImportProblem(
                    say("import.curve_broken", ids=id_list(sorted(group)), lane=LANE_LETTERS[li + shift])
                )
        stops = max(STOPS[k] for k in kinds)
        if len(kinds) > 1:
            lost.append(
                say(
                    "import.curve_mixed",
                    ids=id_list(curve_nodes),
                    kinds=listed([say(f"import.type.{NODE_TYPES[k]}") for k in sorted(kinds)]),
                    stops=stops,
                )
            )
        corners.append((stops, group))
    corners.sort(key=lambda c: min(where[n][1] for n in c[1] if where[n][0] == 0))
    return corners


def _runs(lanes: list[list[int]], group: set[int], where: dict[int, tuple[int, int]]) -> list[list[int]]:
    """The group's nodes as runs of consecutive nodes of one lane."""
    runs: list[list[int]] = []
    for n in sorted(group, key=lambda m: where[m]):
        li, k = where[n]
        if runs and where[runs[-1][-1]] == (li, k - 1):
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _split_runs(
    dat: DatTrack, lanes: list[list[int]], group: set[int], where: dict[int, tuple[int, int]]
) -> list[set[int]]:
    """A group of curve nodes that every lane drives as the same number of curves with straight
    nodes between (two corners in a row that lane changes between them link) split into one
    group per curve of one lane: every run of another lane goes with the curve whose nodes lie
    nearest. Any other group stays whole."""
    runs = _runs(lanes, group, where)
    per_lane = [[r for r in runs if where[r[0]][0] == li] for li in range(len(lanes))]
    seeds = max(per_lane, key=len)
    if len(seeds) < 2 or any(len(r) != len(seeds) for r in per_lane):
        return [group]  # a lane drives it as one curve: one corner (``group_corners`` fills the other lanes' gaps)
    nodes = dat.nodes

    def gap(a: list[int], b: list[int]) -> float:
        return min(math.dist(nodes[m].pos, nodes[n].pos) for m in a for n in b)

    parts = [set(seed) for seed in seeds]
    for run in runs:
        if run not in seeds:
            parts[min(range(len(seeds)), key=lambda i: gap(run, seeds[i]))].update(run)
    return parts


def _joined_beside(
    dat: DatTrack, lanes: list[list[int]], groups: list[set[int]], where: dict[int, tuple[int, int]]
) -> list[set[int]]:
    """Curve groups that lack a lane joined with the curve beside them: a lane's curve nodes
    that no step links to its neighbour's (a board lists only the lane's own steps there) still
    belong to the neighbour's corner when the nearest node of that lane, less than a lane and
    a half away, is a curve node of it."""
    nodes = dat.nodes
    width = statistics.median(math.dist(nodes[a[0]].pos, nodes[b[0]].pos) for a, b in zip(lanes, lanes[1:]))
    group_of = {n: gi for gi, g in enumerate(groups) for n in g}
    parent = list(range(len(groups)))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for gi, group in enumerate(groups):
        has = {where[n][0] for n in group}
        for li in set(range(len(lanes))) - has:
            if not any(abs(li - j) == 1 for j in has):
                continue
            near = [
                min(lanes[li], key=lambda m: math.dist(nodes[m].pos, nodes[n].pos))
                for n in group
                if abs(where[n][0] - li) == 1
            ]
            for m, n in zip(near, (n for n in group if abs(where[n][0] - li) == 1)):
                if m in group_of and math.dist(nodes[m].pos, nodes[n].pos) < 1.5 * width:
                    parent[root(group_of[m])] = root(gi)
    merged: dict[int, set[int]] = {}
    for gi, group in enumerate(groups):
        merged.setdefault(root(gi), set()).update(group)
    return list(merged.values())
