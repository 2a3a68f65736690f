"""`track import` of a staggered board (tests/tracks/dat/oval2-staggered.dat, written by
tests/tracks/make_dat.py: lane B's spaces half a space ahead of lane A's): the lane offset is
written as each space's ``row_position`` (lane B's half a row past lane A's), so the map's
diagonals, rows and side-by-side relation follow the board's brick pattern instead of arrow
zones standing in for them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.board.printed import forbidden_diagonals
from game.main import main
from game.tools.datfile import STRAIGHT, read_dat
from game.tools.trackimport import space_of, understand
from game.tools.trackimport.board import measures
from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO

DAT = REPO / "tests" / "tracks" / "dat"


@pytest.fixture(scope="module")
def imported(tmp_path_factory):
    out = tmp_path_factory.mktemp("staggered") / "staggered.tmx"
    assert main(["track", "import", str(DAT / "oval2-staggered.dat"), str(out)]) == 0
    board = understand(read_dat(DAT / "oval2-staggered.dat"))
    return out, board, load_track(out)


def test_the_offset_is_written_as_the_spaces_row_positions(imported):
    """Every space point carries its row_position; no lane carries a stagger of its own."""
    out, _, _ = imported
    objects = list(ET.parse(out).getroot().iter("object"))
    assert not any(p.get("name") == "stagger" for o in objects if o.get("type") == "lane" for p in o.iter("property"))
    points = [o for o in objects if o.get("type") == "space"]
    assert points and all(any(p.get("name") == "row_position" for p in o.iter("property")) for o in points)


@pytest.mark.rules("CORE-MOVE-3")
def test_every_step_of_the_board_is_a_step_of_the_map_and_no_other_CORE_MOVE_3(imported, capsys):
    out, board, track = imported
    spaces = space_of(board, track)
    dat = board.dat
    assert len(spaces) == len(dat.nodes)
    assert {(spaces[a], spaces[b]) for a, b in dat.edges} == {(e.src, e.dst) for e in track.edges}
    assert main(["track", "import", str(DAT / "oval2-staggered.dat"), str(out)]) == 0
    said = capsys.readouterr().out
    assert "not kept: nothing" in said


@pytest.mark.rules("CORE-MOVE-3")
def test_the_straights_change_lanes_by_plain_diagonals_into_the_overlapping_space_CORE_MOVE_3(imported):
    """On the finish straight A1 leads to B1 (half a space ahead of it) and B1 to A2, as the
    format's own diagonals: no arrow zone stands in for them."""
    _, _, track = imported
    kinds = {(e.src, e.dst): e.kind for e in track.edges}
    for a, z in (("A1", "B1"), ("B1", "A2"), ("A2", "B2"), ("B2", "A3")):
        assert kinds[(a, z)] is EdgeKind.DIAGONAL
    assert not any(track.space(n).arrows_only for n in ("A1", "A2", "A3", "B1", "B2"))


def test_rows_and_side_by_side_follow_the_brick_pattern_AMB_4(imported):
    """B1 lies between A1 and A2 in race order (its row between theirs) and is beside both."""
    _, _, track = imported
    rows = {n: track.space(n).row for n in ("A1", "B1", "A2", "B2", "A3")}
    assert rows["A1"] < rows["B1"] < rows["A2"] < rows["B2"] < rows["A3"]
    assert set(track.beside("B1")) == {"A1", "A2"}


@pytest.mark.parametrize("name", ["oval3.dat", "oval2.dat", "oval3-traced.dat"])
def test_level_boards_have_their_lanes_level_on_the_straights_AMB_9(name, tmp_path):
    """The k-th spaces of every lane after the finish line share a row, on the traced board with
    every node up to 10 px off too."""
    out = tmp_path / "level.tmx"
    assert main(["track", "import", str(DAT / name), str(out)]) == 0
    track = load_track(out)
    board = understand(read_dat(DAT / name))
    spaces = space_of(board, track)
    for k in range(2, 6):
        assert len({track.space(spaces[lane[k]]).row for lane in board.lanes}) == 1


def test_the_staggered_import_carries_a_whole_simulated_race(imported, capsys):
    out, _, _ = imported
    assert main(["simulate", "--track", str(Path(out)), "--cars", "6", "--laps", "1", "--seed", "3"]) == 0
    assert "finished 1 lap(s)" in capsys.readouterr().out


@pytest.mark.rules("CORE-MOVE-3")
def test_a_printed_line_becomes_a_no_lane_change_line_not_arrow_zones_CORE_MOVE_3(imported):
    """On the bottom straight the board has no lane change along three of lane A's spaces (its
    9th to 11th there): the map draws a no_lane_change line over the five crossings of the
    zigzag (A into B from each, B into A into the last two), and no arrow zone anywhere."""
    out, board, track = imported
    classes = [o.get("type") for o in ET.parse(out).getroot().iter("object")]
    assert "arrow_zone" not in classes and "no_lane_change" in classes
    pos, spaces = measures(board)[0], space_of(board, track)
    low = max(pos[n][1] for n in board.lanes[0])
    bottom = [spaces[n] for n in board.lanes[0] if board.dat.nodes[n].type == STRAIGHT and pos[n][1] == low][8:11]
    forbidden = {(p.name, q.name) for p, q in forbidden_diagonals(track)}
    there = {(x, y) for x, y in forbidden if x in bottom or y in bottom[1:]}
    assert len(there) == 5 and {x for x, _ in there} & set(bottom) == set(bottom)
    assert not any(track.space(n).arrows_only for pair in there for n in pair)
