"""`track import` of a staggered board (tests/tracks/dat/oval2-staggered.dat, written by
tests/tracks/make_dat.py: lane B's spaces half a space ahead of lane A's): the lane offset is
detected and written as lane B's ``stagger``, so the map's diagonals, rows and side-by-side
relation follow the board's brick pattern instead of arrow zones standing in for them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.main import main
from game.board.printed import forbidden_diagonals
from game.tools.datfile import STRAIGHT, read_dat
from game.tools.trackimport import _geometry, lane_staggers, space_of, understand
from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO

DAT = REPO / "tests" / "tracks" / "dat"


@pytest.fixture(scope="module")
def imported(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("staggered") / "staggered.tmx"
    assert main(["track", "import", str(DAT / "oval2-staggered.dat"), str(out)]) == 0
    board = understand(read_dat(DAT / "oval2-staggered.dat"))
    return out, board, load_track(out)


def test_the_offset_is_written_as_lane_Bs_stagger(imported):
    out, _, _ = imported
    lanes = [o for o in ET.parse(out).getroot().iter("object") if o.get("type") == "lane"]
    props = [{p.get("name"): (p.get("type"), p.get("value")) for p in lane.iter("property")} for lane in lanes]
    assert props == [{}, {"stagger": ("float", "0.5")}]


def test_every_step_of_the_board_is_a_step_of_the_map_and_no_other_CORE_MOVE_3(imported, capsys):
    out, board, track = imported
    spaces = space_of(board, track)
    dat = board.dat
    assert len(spaces) == len(dat.nodes)
    assert {(spaces[a], spaces[b]) for a, b in dat.edges} == {(e.src, e.dst) for e in track.edges}
    assert main(["track", "import", str(DAT / "oval2-staggered.dat"), str(out)]) == 0
    said = capsys.readouterr().out
    assert "not kept: nothing" in said


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


def test_a_lane_half_a_space_behind_makes_the_others_the_staggered_ones():
    """Lane B moved a space back on the finish straight lies half a space behind lane A: then A
    is the lane the format staggers, half a space ahead of B."""
    board = understand(read_dat(DAT / "oval2-staggered.dat"))
    pos = dict(_geometry(board)[0])
    assert lane_staggers(board, pos) == [0.0, 0.5]
    for n in board.lanes[1][:8]:
        pos[n] = (pos[n][0] - 48.0, pos[n][1])
    assert lane_staggers(board, pos) == [0.5, 0.0]


@pytest.mark.parametrize("name", ["oval3.dat", "oval2.dat", "oval3-traced.dat"])
def test_level_boards_get_no_stagger(name):
    board = understand(read_dat(DAT / name))
    assert set(lane_staggers(board, _geometry(board)[0])) == {0.0}


def test_the_staggered_import_carries_a_whole_simulated_race(imported, capsys):
    out, _, _ = imported
    assert main(["simulate", "--track", str(Path(out)), "--cars", "6", "--laps", "1", "--seed", "3"]) == 0
    assert "finished 1 lap(s)" in capsys.readouterr().out



def test_a_printed_line_becomes_a_no_lane_change_line_not_arrow_zones_CORE_MOVE_3(imported):
    """On the bottom straight the board has no lane change along three of lane A's spaces (its
    9th to 11th there): the map draws a no_lane_change line over the five crossings of the
    zigzag (A into B from each, B into A into the last two), and no arrow zone anywhere."""
    out, board, track = imported
    classes = [o.get("type") for o in ET.parse(out).getroot().iter("object")]
    assert "arrow_zone" not in classes and "no_lane_change" in classes
    pos, spaces = _geometry(board)[0], space_of(board, track)
    low = max(pos[n][1] for n in board.lanes[0])
    bottom = [spaces[n] for n in board.lanes[0] if board.dat.nodes[n].type == STRAIGHT and pos[n][1] == low][8:11]
    forbidden = {(p.name, q.name) for p, q in forbidden_diagonals(track)}
    there = {(x, y) for x, y in forbidden if x in bottom or y in bottom[1:]}
    assert len(there) == 5 and {x for x, _ in there} & set(bottom) == set(bottom)
    assert not any(track.space(n).arrows_only for pair in there for n in pair)
