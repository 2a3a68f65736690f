"""`track import` turns the project's own GP Online boards (tests/tracks/dat/, written by
tests/tracks/make_dat.py) into maps that pass `track check` and carry a whole simulated race,
keeping every space, step, corner, the pit lane and the grid, and names what it cannot keep."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.main import main
from game.tools.datfile import parse_dat, read_dat
from game.tools.trackimport import convert, space_of, understand
from game.tools.trackimport.board import measures
from game.tracks.load import load_track
from tests.conftest import REPO
from tests.tracks import make_dat

DAT = REPO / "tests" / "tracks" / "dat"


def test_the_boards_are_what_the_generator_writes():
    assert make_dat.main(["--check"]) == 0


def imported(name: str, tmp_path: Path, capsys) -> tuple[Path, str]:
    out = tmp_path / name.replace(".dat", ".tmx")
    assert main(["track", "import", str(DAT / name), str(out)]) == 0, capsys.readouterr().err
    return out, capsys.readouterr().out


def test_a_3_lane_board_keeps_every_space_step_corner_pit_space_box_and_slot(tmp_path, capsys):
    out, said = imported("oval3.dat", tmp_path, capsys)
    assert main(["track", "check", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: ok"
    dat = read_dat(DAT / "oval3.dat")
    board = understand(dat)
    track = load_track(out)
    assert [len(track.lane_spaces(i)) for i in range(track.lanes)] == [len(lane) for lane in board.lanes]
    assert [c.stops for c in track.corners] == [2, 1, 3]
    assert len(track.pit.spaces) == len(board.pit) == 14 and len(track.pit.boxes) == 10
    assert len(track.grid) == 10 and track.grid[0].startswith("C")  # pole inside the first right-hander
    spaces = space_of(board, track)
    assert len(spaces) == len(dat.nodes) and len(set(spaces.values())) == len(dat.nodes)
    steps = {(spaces[a], spaces[b]) for a, b in dat.edges}
    assert steps == {(e.src, e.dst) for e in track.edges}  # every step of the board, and no other
    assert "not kept: nothing" in said  # the pit lane's spaces too: each on its node (spaces_on_points)
    assert "kept: 3 lanes (A 77, B 71, C 66 spaces), 3 corners (stops 2, 1, 3)" in said
    pos = measures(board)[0]  # every lane and pit node is a space, exactly where the board has it
    assert all((track.space(spaces[n]).x, track.space(spaces[n]).y) == pos[n] for lane in board.lanes for n in lane)
    assert all(math.dist((track.space(spaces[n]).x, track.space(spaces[n]).y), pos[n]) < 0.01 for n in board.pit)
    boxes = [n for n in board.pit if n in dat.attributes]
    assert list(track.pit.boxes) == [spaces[n] for n in boxes]  # each box on its garage node


@pytest.mark.rules("CORE-PIT-2")
def test_a_2_lane_board_names_what_the_format_cannot_say(tmp_path, capsys):
    out, said = imported("oval2.dat", tmp_path, capsys)
    assert main(["track", "check", str(out)]) == 0
    lost = [line for line in said.splitlines() if line.startswith("  - ")]
    assert not any("node 40" in line or "blocked" in line for line in lost)  # kept as a blocked space
    assert not any("pit exit" in line for line in lost)  # its second pit exit is kept (CORE-PIT-2)
    # every lane change is kept where the board has it: none moves a row on
    assert not any("so each became a step one row ahead" in line for line in lost)
    # the kink only lane A drives as a curve: lane B's spaces beside it join the corner
    assert any("leaves lane B straight" in line for line in lost)
    track = load_track(out)
    # the straight where the board forbids one lane change: an arrow zone keeps the others as arrows
    dat = read_dat(DAT / "oval2.dat")
    board = understand(dat)
    spaces = space_of(board, track)
    b5, a6 = spaces[board.lanes[1][5]], spaces[board.lanes[0][6]]
    assert a6 not in track.successors(b5)
    assert track.space(b5).arrows_only
    kept = {(spaces[a], spaces[b]) for a, b in dat.edges if a in spaces and b in spaces and 40 not in (a, b)}
    # the map allows the board's steps, its sideways ones and both pit exits too (CORE-PIT-2)
    have = {(e.src, e.dst) for e in track.edges}
    assert len(have - kept) == len(kept - have) <= 1
    assert all((src, track.behind(dst)) in kept for src, dst in have - kept)
    assert track.pit.exits == (spaces[6], spaces[5]) and spaces[155] == track.pit.spaces[-2]
    # the sideways step in the hairpin, which the tracing puts a little behind its start, is level with it
    hairpin = [
        (a, b) for a, b in dat.edges if a in board.lanes[0] and b in board.lanes[1] and board.corners[-1][1] >= {a, b}
    ]
    sideways = [(spaces[a], spaces[b]) for a, b in hairpin if track.space(spaces[a]).row == track.space(spaces[b]).row]
    assert sideways and set(sideways) <= have
    assert [c.stops for c in track.corners] == [2, 1, 1, 3]


def test_AMB_69_a_blocked_node_becomes_a_blocked_space_no_step_leads_into(tmp_path, capsys):
    """GP Online's node type 4 (blocked): the space is kept where the board has it, crossed
    out: listed in ``Track.blocked``, with no step into or out of it (AMB-69)."""
    out, said = imported("oval2.dat", tmp_path, capsys)
    assert "<object id=" in out.read_text(encoding="utf-8") and 'type="blocked_space"' in out.read_text(
        encoding="utf-8"
    )
    track = load_track(out)
    board = understand(read_dat(DAT / "oval2.dat"))
    spaces = space_of(board, track)
    assert track.blocked == (spaces[40],)
    assert track.out_edges(spaces[40]) == () and track.in_edges(spaces[40]) == ()
    assert (track.space(spaces[40]).x, track.space(spaces[40]).y) == measures(board)[0][40]
    assert f"grid of 10, 1 blocked space {spaces[40]}" in said and "node 40" not in said


@pytest.mark.parametrize("name", ["oval3.dat", "oval2.dat"])
def test_an_imported_board_carries_a_whole_simulated_race(name, tmp_path, capsys):
    out, _ = imported(name, tmp_path, capsys)
    assert main(["simulate", "--track", str(out), "--cars", "6", "--laps", "1", "--seed", "2"]) == 0
    assert "finished 1 lap(s)" in capsys.readouterr().out


def test_the_conversion_is_the_same_every_time(tmp_path, capsys):
    first, _ = imported("oval3.dat", tmp_path, capsys)
    text = first.read_text(encoding="utf-8")
    again, _ = imported("oval3.dat", tmp_path, capsys)
    assert again.read_text(encoding="utf-8") == text
    assert (
        load_track(first).content_hash() == convert(understand(read_dat(DAT / "oval3.dat")), "oval3")[1].content_hash()
    )


GOOD = (DAT / "oval3.dat").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "the first line is empty"),
        ("0 10 10 1 F\n", "no header line"),
        ("b.jpg 0\n", "has no nodes"),
        ("b.jpg 0\n0 10 10\n", "a node line must be"),
        ("b.jpg 0\n0 10 10 9\n", "node type 9 is not one of 0-7"),
        ("b.jpg 0\n0 10 10 1 X\n", "can only be F"),
        ("b.jpg 0\n0 10 10 1\n0 20 10 1\n", "node 0 is given twice"),
        ("b.jpg 0\n0 10 10 1\n\n0 5\n", "names node 5"),
        ("b.jpg 0\n0 10 10 1\n\n0\n", "an edge line must be"),
        ("b.jpg 0\n0 10 10 1\n\n\n0 x\n", "must be 'ID NUMBER'"),
        ("b.jpg 0\n0 10 10 1\n\n\n\n\n\n", "more than four sections"),
        ("b.jpg 0\n0 1e308 1e308 1 F\n1 20 10 1 F\n\n0 1\n", "node 0 lies at (1e308, 1e308), off any board"),
        ("b.jpg 0\n0 10 10 1 F\n1 20 10 1 F\n\n0 0\n1 1\n", "the edge 0 0 leads from node 0 to itself"),
    ],
)
def test_a_broken_file_gets_one_message_with_its_line(text, expected, tmp_path, capsys):
    src = tmp_path / "bad.dat"
    src.write_text(text, encoding="utf-8")
    assert main(["track", "import", str(src), str(tmp_path / "out.tmx")]) == 1
    err = capsys.readouterr().err.strip()
    assert expected in err and err.count("\n") == 0 and "Fix:" in err
    assert not (tmp_path / "out.tmx").exists()


def test_boards_the_converter_cannot_read_say_why(tmp_path, capsys):
    one_finish = GOOD.replace(" F\n", "\n", 2)  # only one lane's start keeps its flag
    no_way_on = "\n".join(line for line in GOOD.splitlines() if line != "1 2") + "\n"
    for text, expected in (
        (one_finish, "the finish line has 1 node,"),
        (no_way_on, "check that every node has a step to the next node of its own lane"),
    ):
        src = tmp_path / "board.dat"
        src.write_text(text, encoding="utf-8")
        assert main(["track", "import", str(src), str(tmp_path / "out.tmx")]) == 1
        assert expected in capsys.readouterr().err


@pytest.mark.parametrize("out, expected", [("out.png", "ending in .tmx"), ("missing/out.tmx", "does not exist")])
def test_a_bad_output_name_is_refused(out, expected, tmp_path, capsys):
    assert main(["track", "import", str(DAT / "oval3.dat"), str(tmp_path / out)]) == 1
    assert expected in capsys.readouterr().err


def test_a_missing_file_is_named(tmp_path, capsys):
    assert main(["track", "import", str(tmp_path / "none.dat"), str(tmp_path / "out.tmx")]) == 1
    assert "none.dat" in capsys.readouterr().err


def test_the_format_as_gp_online_writes_it():
    """Types by number, F on finish nodes, curve distances and garages, grid angles."""
    dat = parse_dat("b.jpg 0 0 0\n0 1 2 1 F\n1 3 4 3\n2 5 6 7\n\n0 1\n1 2\n\n1 0.5\n2 1.0\n\n0 180.0\n")
    assert dat.nodes[0].finish and dat.nodes[1].curve and dat.nodes[2].pit
    assert dat.edges == [(0, 1), (1, 2)] and dat.attributes == {1: 0.5, 2: 1.0} and dat.grid == {0: 180.0}


def test_a_hand_traced_board_keeps_its_lanes(tmp_path, capsys):
    """Every node up to 10 px off, as a hand traces a printed board: the same lanes, corners and pit."""
    out, said = imported("oval3-traced.dat", tmp_path, capsys)
    assert main(["track", "check", str(out)]) == 0
    clean = understand(read_dat(DAT / "oval3.dat"))
    board = understand(read_dat(DAT / "oval3-traced.dat"))
    assert board.lanes == clean.lanes and board.pit == clean.pit
    assert [(s, g) for s, g in board.corners] == [(s, g) for s, g in clean.corners]
    track = load_track(out)
    assert [c.stops for c in track.corners] == [2, 1, 3] and len(track.grid) == 10
    assert "not kept: nothing" in said  # every space and step kept
    spaces = space_of(board, track)
    pos = measures(board)[0]
    assert all((track.space(spaces[n]).x, track.space(spaces[n]).y) == pos[n] for lane in board.lanes for n in lane)


def test_the_fidelity_report_counts_what_was_kept_moved_and_dropped(tmp_path, capsys):
    """`track import --report`: per lane, corner, pit lane and grid the board's count and the map's,
    and every step of the board kept, moved or dropped; the printed `steps:` line says the same."""
    out, report = tmp_path / "oval2.tmx", tmp_path / "oval2.json"
    assert main(["track", "import", str(DAT / "oval2.dat"), str(out), "--report", str(report)]) == 0
    said = capsys.readouterr().out
    facts = json.loads(report.read_text(encoding="utf-8"))
    board = understand(read_dat(DAT / "oval2.dat"))
    assert [(ln["board"], ln["map"]) for ln in facts["lanes"]] == [(len(ln), len(ln)) for ln in board.lanes]
    assert [c["stops"]["map"] for c in facts["corners"]] == [c.stops for c in load_track(out).corners]
    assert facts["pit_lane"] == {"board": 14, "map": 14, "boxes_board": 10, "boxes_map": 10}
    assert facts["blocked"] == {"board": 1, "map": 1}
    steps = facts["steps"]
    fates = ("kept", "moved", "dropped", "refused", "blocked")
    assert steps["board"] == len(set(board.dat.edges)) == sum(steps[k] for k in fates)
    assert steps["blocked"] == 4 and steps["kept"] >= 250
    assert (
        f"steps: {steps['board']} on the board, {steps['kept']} kept, {steps['moved']} moved to another "
        f"space, {steps['dropped']} dropped"
    ) in said
    assert facts["not_kept"] == [line[4:] for line in said.splitlines() if line.startswith("  - ")]


def test_a_report_name_not_ending_in_json_is_refused(tmp_path, capsys):
    out = tmp_path / "out.tmx"
    report = str(tmp_path / "r.txt")
    assert main(["track", "import", str(DAT / "oval3.dat"), str(out), "--report", report]) == 1
    assert "ending in .json" in capsys.readouterr().err and not out.exists()


def test_a_pit_lane_with_spaces_on_points_has_a_space_on_every_point_between_its_ends(tmp_path, capsys):
    """The pit_lane's bool property spaces_on_points (a traced board's pit spaces as printed):
    one pit space on each point between the ends, where the even spread would put a different
    number; any other value than a bool is named with the fix."""
    out, _ = imported("oval3.dat", tmp_path, capsys)
    text = out.read_text(encoding="utf-8")
    assert '<property name="spaces_on_points" type="bool" value="true"/>' in text
    track = load_track(out)
    pit = next(o for o in ET.parse(out).getroot().iter("object") if o.get("type") == "pit_lane")
    points = pit.find("polyline").get("points").split()
    assert len(track.pit.spaces) == len(points) - 2
    fewer = out.with_name("fewer.tmx")  # two points left out, two spaces fewer
    first = " ".join(points)
    fewer.write_text(text.replace(first, " ".join(points[:1] + points[3:])), encoding="utf-8")  # before the boxes
    assert len(load_track(fewer).pit.spaces) == len(points) - 4
    wrong = out.with_name("wrong.tmx")
    wrong.write_text(text.replace('type="bool" value="true"', 'type="int" value="1"'), encoding="utf-8")
    assert main(["track", "check", str(wrong)]) == 1
    said = capsys.readouterr().out
    assert "pit_lane property spaces_on_points is 1, not true or false" in said and "Fix:" in said
