"""`track import` of board shapes GP Online's traced boards have, each made here from the
project's own 3-lane oval (tests/tracks/dat/oval3.dat) by editing its nodes and steps: the
community's boards carry no licence, so no test reads them."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from game.main import main
from game.tools.datfile import DatTrack, parse_dat, read_dat
from game.tools.trackimport import conversion, geometry, space_of, step_fates, understand
from game.tools.trackimport.board import measures
from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO
from tests.tracks import make_dat

DAT = REPO / "tests" / "tracks" / "dat"


def dat_text(dat: DatTrack) -> str:
    """A .dat file as GP Online's editor writes it."""
    nodes = [f"{n.id} {n.x:g} {n.y:g} {n.type}" + (" F" if n.finish else "") for n in dat.nodes.values()]
    edges = [f"{a} {b}" for a, b in dat.edges]
    attrs = [f"{k} {v:g}" for k, v in dat.attributes.items()]
    grid = [f"{k} {v:g}" for k, v in dat.grid.items()]
    return "\n".join([dat.header, *nodes, "", *edges, "", *attrs, "", *grid]) + "\n"


def imports(dat: DatTrack, tmp_path: Path, capsys) -> tuple[Path, str]:
    src, out = tmp_path / "board.dat", tmp_path / "board.tmx"
    src.write_text(dat_text(dat), encoding="utf-8")
    code = main(["track", "import", str(src), str(out)])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert main(["track", "check", str(out)]) == 0
    return out, said.out


def test_a_lane_whose_curve_nodes_no_step_links_to_the_next_lane_joins_its_corner(tmp_path, capsys):
    """Lane C's nodes of the 1-stop corner have no lane change at all (a board listing only the
    lane's own steps there): they still belong to that corner, not to a corner of their own."""
    dat = read_dat(DAT / "oval3.dat")
    board = understand(dat)
    stops, group = board.corners[1]
    assert stops == 1
    lane_c = set(board.lanes[2]) & group
    own = set(board.lanes[2])
    dat.edges = [(a, b) for a, b in dat.edges if not ({a, b} & lane_c) or {a, b} <= own]
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert [c.stops for c in track.corners] == [2, 1, 3]
    assert sum(1 for name in track.corners[1].spaces if name[0] == "C") == len(lane_c)


def sharp_hairpins(monkeypatch) -> DatTrack:
    """Two 180-degree hairpins so tight that the inner lane has one curve node, a sharp apex."""
    monkeypatch.setattr(
        make_dat,
        "LAYOUT",
        (
            ("line", 20 * make_dat.SPACE, 0, make_dat.STRAIGHT),
            ("arc", 62.0, 180, make_dat.CURVE_2),
            ("line", 20 * make_dat.SPACE, 0, make_dat.STRAIGHT),
            ("arc", 62.0, 180, make_dat.CURVE_3),
        ),
    )
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    assert [sum(1 for n in board.lanes[2] if n in group) for _, group in board.corners] == [1, 1]
    apex = next(n for n in board.lanes[2] if n in board.corners[0][1])
    node = dat.nodes[apex]
    dat.nodes[apex] = replace(node, x=node.x - 18, y=node.y - 12)  # a sharper apex, as hand traces have
    return dat


def test_a_hairpin_whose_inner_lane_has_one_sharp_space_gets_a_border_it_crosses_twice(tmp_path, capsys, monkeypatch):
    """The corner polygon reaches less far past the lanes at a sharp apex, so every lane enters
    it once and leaves it once (the format's check) and the corner keeps its spaces."""
    dat = sharp_hairpins(monkeypatch)
    board = understand(dat)
    out, _ = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert [c.stops for c in track.corners] == [2, 3]
    assert [[sum(1 for s in c.spaces if s[0] == lane) for lane in "ABC"] for c in track.corners] == [
        [sum(1 for n in lane if n in group) for lane in board.lanes] for _, group in board.corners
    ]


def test_a_board_whose_lane_changes_are_not_matched_in_the_builds_allowed_says_where(tmp_path, capsys, monkeypatch):
    """The 2-lane oval needs several builds (arrows moved, arrow zones); allowed one, the import
    names the problem the last build had and how to fix it, in one message, no traceback."""
    monkeypatch.setattr(conversion, "ROUNDS", 2)
    out = tmp_path / "oval2.tmx"
    assert main(["track", "import", str(DAT / "oval2.dat"), str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("the lane changes of this board could not be matched in 2 builds; the last still")
    assert "the map allows lane changes the board does not have, from node 79" in err and err.count("Fix:") == 1
    assert "Fix: check the lane changes of the nodes it names" in err and "\n" not in err
    assert not out.exists()


def test_a_corner_border_a_lane_meets_more_than_twice_is_named_by_its_lane_and_curve_nodes(
    tmp_path, capsys, monkeypatch
):
    """Allowed only the widest border, the sharp hairpin's is met 4 times by lane B: the message
    names the lane and the board's curve nodes and the fix in GP Online's editor."""
    dat = sharp_hairpins(monkeypatch)
    monkeypatch.setattr(geometry, "REACHES", (1.0,))
    src = tmp_path / "board.dat"
    src.write_text(dat_text(dat), encoding="utf-8")
    assert main(["track", "import", str(src), str(tmp_path / "board.tmx")]) == 1
    err = capsys.readouterr().err.strip()
    group = sorted(understand(dat).corners[0][1])
    assert err.startswith(
        "the converted map does not pass the checks: lane B meets the border the converter "
        f"drew around the curve nodes {', '.join(map(str, group[:6]))}"
    )
    assert "4 times, not twice" in err and "Fix: in GP Online's editor mark the curve nodes" in err
    assert "\n" not in err and "lanes found may be wrong" not in err


def without_nodes(count: int) -> tuple[DatTrack, list[int]]:
    """oval3.dat with ``count`` nodes in a row of lane B's bottom straight left out, the step
    into the first leading on to the node after them (a lane step ``count + 1`` spaces long)."""
    dat = read_dat(DAT / "oval3.dat")
    lane = understand(dat).lanes[1]
    k = len(lane) * 2 // 3
    gone, after = lane[k : k + count], lane[k + count]
    for n in gone:
        del dat.nodes[n]
        dat.attributes.pop(n, None)
        dat.grid.pop(n, None)
    dat.edges = [
        (a, after if b == gone[0] else b) for a, b in dat.edges if a not in gone and (b == gone[0] or b not in gone)
    ]
    return dat, [n for n in lane if n not in gone]


def test_a_lane_step_two_spaces_long_takes_a_longer_space_length(tmp_path, capsys):
    """One node left out: a step of two spaces, more than the format allows between two
    hand-placed spaces of the board's median step, so the map's space length is longer and the
    lane keeps every node as a space."""
    dat, lane = without_nodes(1)
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert len(track.lane_spaces(1)) == len(lane)
    longest = max(math.dist(dat.nodes[a].pos, dat.nodes[b].pos) for a, b in zip(lane, lane[1:]))
    assert f"space length {round(longest / 1.9, 1)} px" in said  # 0.95 of the most the format allows, 2


def test_a_lane_step_four_spaces_long_is_kept_as_a_gap(tmp_path, capsys):
    """Three nodes left out (as under Suzuka's bridge, where the board has no space): no space
    length fits both that step and the board's others, so the space after it is marked
    after_gap, the lane keeps every node as a space, the step is one step of the map, and the
    output names the gap with its node, space and what to do if a node is missing."""
    dat, lane = without_nodes(3)
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert len(track.lane_spaces(1)) == len(lane)
    assert out.read_text(encoding="utf-8").count('name="after_gap"') == 1
    board = understand(dat)
    spaces = space_of(board, track)
    k = max(range(len(lane) - 1), key=lambda i: math.dist(dat.nodes[lane[i]].pos, dat.nodes[lane[i + 1]].pos))
    assert spaces[lane[k + 1]] in track.successors(spaces[lane[k]])
    assert set(step_fates(board, track, spaces).values()) == {"kept"}
    gap = next(line for line in said.splitlines() if line.startswith("gaps: "))
    far = math.dist(dat.nodes[lane[k]].pos, dat.nodes[lane[k + 1]].pos) / measures(board)[1]
    assert 3.5 < far < 4.5 and f"before node {lane[k + 1]} ({spaces[lane[k + 1]]}, {far:.1f} spaces after" in gap
    assert "add it in GP Online's editor" in gap


def test_a_lane_change_three_rows_ahead_on_a_straight_is_kept_as_an_arrow(tmp_path, capsys):
    """On the bottom straight a space of lane B has, beside its diagonal into lane C, a second
    lane change three spaces on (a long printed arrow): its space gets an arrow zone and both
    steps arrows (AMB-3); before, the long one was dropped."""
    dat = read_dat(DAT / "oval3.dat")
    b_lane, c_lane = understand(dat).lanes[1:]
    src = b_lane[len(b_lane) // 2]
    old = next((a, b) for a, b in dat.edges if a == src and b in c_lane)
    assert not any(dat.nodes[n].curve for n in c_lane[c_lane.index(old[1]) - 2 : c_lane.index(old[1]) + 4])
    new = (src, c_lane[c_lane.index(old[1]) + 2])
    dat.edges.append(new)
    out, said = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    spaces = space_of(board, track)
    fates = step_fates(board, track, spaces)
    assert fates[new] == "kept"
    arrows = {(e.src, e.dst) for e in track.edges if e.kind is EdgeKind.ARROW}
    assert (spaces[new[0]], spaces[new[1]]) in arrows
    assert fates[old] == "kept" and "dropped" not in fates.values()


def test_a_one_way_line_keeps_the_lane_changes_the_other_way(tmp_path, capsys):
    """Lane B's space on the bottom straight loses its diagonal into lane C (a printed line that
    forbids one direction only): it gets an arrow zone, and the diagonal from lane C into it
    is still a step of the map; no step of the board is dropped."""
    dat = read_dat(DAT / "oval3.dat")
    b_lane, c_lane = understand(dat).lanes[1:]
    src = b_lane[len(b_lane) // 2]
    gone = next((a, b) for a, b in dat.edges if a == src and b in c_lane)
    dat.edges.remove(gone)
    into = next((a, b) for a, b in dat.edges if b == src and a in c_lane)
    out, said = imports(dat, tmp_path, capsys)
    board, track = understand(dat), load_track(out)
    fates = step_fates(board, track, space_of(board, track))
    assert fates[into] == "kept" and "dropped" not in fates.values()


def test_a_pit_lane_whose_nodes_lead_back_gets_its_spaces_spread_evenly(tmp_path, capsys):
    """The pit lane's sixth node drawn behind the fifth: spaces on the nodes would lead back
    along the track, which the format refuses, so the importer spreads them evenly (without
    spaces_on_points) and says so; before, the import stopped."""
    dat = read_dat(DAT / "oval3.dat")
    sixth = understand(dat).pit[5]
    dat.nodes[sixth] = replace(dat.nodes[sixth], x=dat.nodes[sixth].x - 60)
    out, said = imports(dat, tmp_path, capsys)
    assert "spaces_on_points" not in out.read_text(encoding="utf-8")
    assert "the pit lane's spaces on its nodes do not pass the checks (they lead back along the" in said
    assert len(load_track(out).pit.boxes) == 10
