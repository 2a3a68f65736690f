"""`track import` of board shapes GP Online's traced boards have, each made here from the
project's own 3-lane oval (tests/tracks/dat/oval3.dat) by editing its nodes and steps: the
community's boards carry no licence, so no test reads them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.main import main
from game.tools.datfile import CURVE_1, STRAIGHT, DatTrack, parse_dat, read_dat
from game.tools import trackimport
from game.tools.trackimport import understand
from game.tracks.load import load_track
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


def imports(dat: DatTrack, tmp_path: Path, capsys) -> tuple[Path, str]:  # type: ignore[no-untyped-def]
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


def sharp_hairpins(monkeypatch) -> DatTrack:  # type: ignore[no-untyped-def]
    """Two 180-degree hairpins so tight that the inner lane has one curve node, a sharp apex."""
    monkeypatch.setattr(make_dat, "LAYOUT", (("line", 20 * make_dat.SPACE, 0, make_dat.STRAIGHT),
                                             ("arc", 62.0, 180, make_dat.CURVE_2),
                                             ("line", 20 * make_dat.SPACE, 0, make_dat.STRAIGHT),
                                             ("arc", 62.0, 180, make_dat.CURVE_3)))
    dat = parse_dat(make_dat.board(3, False))
    board = understand(dat)
    assert [sum(1 for n in board.lanes[2] if n in group) for _, group in board.corners] == [1, 1]
    apex = next(n for n in board.lanes[2] if n in board.corners[0][1])
    node = dat.nodes[apex]
    dat.nodes[apex] = replace(node, x=node.x - 18, y=node.y - 12)  # a sharper apex, as hand-traced boards have
    return dat


def test_a_hairpin_whose_inner_lane_has_one_sharp_space_gets_a_corner_border_it_crosses_twice(tmp_path, capsys,
                                                                                            monkeypatch):
    """The corner polygon reaches less far past the lanes at a sharp apex, so every lane enters
    it once and leaves it once (the format's check) and the corner keeps its spaces."""
    dat = sharp_hairpins(monkeypatch)
    board = understand(dat)
    out, _ = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert [c.stops for c in track.corners] == [2, 3]
    assert [[sum(1 for s in c.spaces if s[0] == lane) for lane in "ABC"] for c in track.corners] == \
        [[sum(1 for n in lane if n in group) for lane in board.lanes] for _, group in board.corners]


def test_a_board_whose_lane_changes_are_not_matched_in_the_builds_allowed_says_where(tmp_path, capsys,
                                                                                   monkeypatch):
    """The 2-lane oval needs several builds (arrows moved, arrow zones); allowed one, the import
    names the problem the last build had and how to fix it, in one message, no traceback."""
    monkeypatch.setattr(trackimport, "ROUNDS", 2)
    out = tmp_path / "oval2.tmx"
    assert main(["track", "import", str(DAT / "oval2.dat"), str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("the lane changes of this board could not be matched in 2 build(s); the last still had")
    assert "arrow from A48 (row 49) to B45 (row 48) does not point forwards" in err and err.count("Fix:") == 1
    assert "Fix: check the lane changes of the nodes it names" in err and "\n" not in err
    assert not out.exists()


def test_a_corner_border_a_lane_meets_more_than_twice_is_named_by_its_lane_and_curve_nodes(tmp_path, capsys,
                                                                                         monkeypatch):
    """Allowed only the widest border, the sharp hairpin's is met 4 times by lane B: the message
    names the lane and the board's curve nodes and the fix in GP Online's editor."""
    dat = sharp_hairpins(monkeypatch)
    monkeypatch.setattr(trackimport, "REACHES", (1.0,))
    src = tmp_path / "board.dat"
    src.write_text(dat_text(dat), encoding="utf-8")
    assert main(["track", "import", str(src), str(tmp_path / "board.tmx")]) == 1
    err = capsys.readouterr().err.strip()
    group = sorted(understand(dat).corners[0][1])
    assert err.startswith("the converted map does not pass the checks: lane B meets the border the converter drew "
                          f"around the curve nodes {', '.join(map(str, group[:6]))}")
    assert "4 times, not twice" in err and "Fix: in GP Online's editor mark the curve nodes" in err
    assert "\n" not in err and "lanes found may be wrong" not in err


def test_a_lane_step_two_spaces_long_names_its_nodes(tmp_path, capsys):
    """A node of lane B's bottom straight left out (its steps lead on to the next node): the
    format needs a node on every printed space, and the message names the lane and node."""
    dat = read_dat(DAT / "oval3.dat")
    lane = understand(dat).lanes[1]
    gone = lane[len(lane) * 2 // 3]
    after = lane[lane.index(gone) + 1]
    del dat.nodes[gone]
    dat.attributes.pop(gone, None)
    dat.grid.pop(gone, None)
    dat.edges = [(a, after if b == gone else b) for a, b in dat.edges if a != gone and (a, b) != (a, after)]
    src = tmp_path / "board.dat"
    src.write_text(dat_text(dat), encoding="utf-8")
    assert main(["track", "import", str(src), str(tmp_path / "board.tmx")]) == 1
    err = capsys.readouterr().err.strip()
    assert "of lane B, a step much longer than the board's other steps" in err
    assert "Fix: the format needs a node on every printed space" in err and "\n" not in err


def test_a_curve_one_lane_leaves_part_of_the_way_stays_one_corner(tmp_path, capsys):
    """Lane A's middle nodes of the 2-stop corner made straight: lane A drives two curves where
    lanes B and C drive one. It stays one corner, lane A's straight nodes in it corner spaces,
    and the line says so; before, the import stopped."""
    dat = read_dat(DAT / "oval3.dat")
    board = understand(dat)
    run_a = [n for n in board.lanes[0] if n in board.corners[0][1]]
    middle = run_a[len(run_a) // 2 - 1:len(run_a) // 2 + 1]
    for n in middle:
        dat.nodes[n] = replace(dat.nodes[n], type=STRAIGHT)
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert [c.stops for c in track.corners] == [2, 1, 3]
    assert sum(1 for s in track.corners[0].spaces if s[0] == "A") == len(run_a)
    assert f"leaves lane A straight part of the way (nodes {', '.join(map(str, middle))})" in said


def test_two_corners_in_a_row_that_lane_changes_link_stay_two_corners(tmp_path, capsys):
    """The 2-stop corner's middle nodes made straight in every lane, the lane changes between
    its halves kept: every lane drives two curves, so the map has two 2-stop corners."""
    dat = read_dat(DAT / "oval3.dat")
    board = understand(dat)
    middles, runs = [], []
    for lane in board.lanes:
        run = [n for n in lane if n in board.corners[0][1]]
        runs.append(run)
        middles += run[len(run) // 2 - 1:len(run) // 2 + 1]
    for n in middles:
        dat.nodes[n] = replace(dat.nodes[n], type=STRAIGHT)
    a, b = runs[0][len(runs[0]) // 2 - 2], runs[1][len(runs[1]) // 2 + 1]
    dat.edges.append((a, b))  # a long lane change from the first curve into the second links them
    assert dat.nodes[a].curve and dat.nodes[b].curve
    out, _ = imports(dat, tmp_path, capsys)
    assert [c.stops for c in load_track(out).corners] == [2, 2, 1, 3]


def test_a_curve_that_begins_on_the_finish_line_keeps_the_rest_of_its_corner(tmp_path, capsys):
    """A 1-stop curve right after the line whose first node in lane C is the finish node: the
    format's start line cannot lie in a corner, so that space is straight and the line says so."""
    dat = read_dat(DAT / "oval3.dat")
    lanes = understand(dat).lanes
    for n in [*lanes[0][1:3], *lanes[1][1:3], *lanes[2][0:3]]:
        dat.nodes[n] = replace(dat.nodes[n], type=CURVE_1)
    out, said = imports(dat, tmp_path, capsys)
    track = load_track(out)
    assert [c.stops for c in track.corners] == [1, 2, 1, 3]
    assert [sum(1 for s in track.corners[0].spaces if s[0] == x) for x in "ABC"] == [2, 2, 2]
    assert f"begins on the finish line in lane C (node {lanes[2][0]}); the format's start line cannot lie in a " \
           "corner, so that space, C1, is a straight space" in said
