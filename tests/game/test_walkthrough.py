"""The circuit drawn by hand in Tiled by following docs/track-format.md.

``tests/tracks/walkthrough/guide_circuit.tmx`` was made in Tiled 1.8 with
nothing but the guide: three lanes, three corners, arrows, a grid and a pit
lane with boxes, saved from Tiled unchanged. It loads through the same code
as ``track check``, renders like ``track render``, and keeps every invariant
the shipped tracks keep (the tests of test_shipped_tracks.py run on it too).
"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from game.tools import track as trackcli
from game.tracks.load import check_track, load_track
from rules.track import EdgeKind
from tests.conftest import REPO

# The shipped-track invariants, run again on the walkthrough circuit through the
# ``shipped`` fixture below (pytest resolves it in this module).
from tests.game.test_shipped_tracks import (  # noqa: F401
    test_corner_ways_are_ordered,
    test_edges_respect_their_kind,
    test_every_lane_closes_the_lap,
    test_every_space_has_a_way_forward,
    test_grid_is_behind_the_start_line,
    test_progress_increases_except_across_the_line,
    test_side_by_side_is_symmetric,
    test_space_names_are_stable,
    test_tiled_round_trip_keeps_the_graph,
    test_track_check_passes,
    test_track_info_json,
)

WALKTHROUGH = REPO / "tests" / "tracks" / "walkthrough" / "guide_circuit.tmx"


@pytest.fixture(scope="module")
def shipped():
    return WALKTHROUGH, load_track(WALKTHROUGH)


@pytest.fixture(scope="module")
def track(shipped):
    return shipped[1]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    return struct.unpack(">II", data[16:24])


def test_track_check_finds_no_problem():
    # the function behind `python main.py track check`
    assert check_track(WALKTHROUGH) == []


def test_the_tileset_loads_from_the_same_folder():
    tsx = WALKTHROUGH.parent / "circuit.tsx"
    assert 'source="circuit.tsx"' in WALKTHROUGH.read_text(encoding="utf-8")
    assert tsx.exists() and (WALKTHROUGH.parent / "circuit-tiles.png").exists()


def test_three_lanes_three_corners(track):
    assert track.lanes == 3
    assert len(track.corners) == 3
    assert [c.label for c in track.corners] == ["Bergkurve", "Talkurve", "Kesselkehre"]
    assert [c.stops for c in track.corners] == [2, 1, 3]
    assert all(1 <= c.stops <= 3 for c in track.corners)


def test_arrows_lead_through_the_corners(track):
    arrows = [e for e in track.edges if e.kind == EdgeKind.ARROW]
    assert len(arrows) == 7
    for e in arrows:
        assert track.space(e.src).corner is not None or track.space(e.dst).corner is not None


def test_pit_lane_with_boxes(track):
    pit = track.pit
    assert pit is not None
    assert len(pit.spaces) >= 10
    assert len(pit.boxes) == 10
    assert track.space(pit.entry).lane == 0 and track.space(pit.exit).lane == 0  # lane A, the outside


def test_grid_weather_and_name(track):
    assert track.name == "Kesselberg Ring"
    assert track.laps == 2
    assert len(track.grid) == 10 and track.grid[0].startswith("C")  # pole on the inside of the first corner
    assert trackcli.summary(track)["weather"] == {"sun": "15-20", "variable": "8-14", "rain": "1-7"}


def test_track_render_draws_the_board(track, tmp_path, capsys):
    from game.board.render import BoardRenderer, read_art

    out = tmp_path / "guide.png"
    # the function behind `python main.py track render FILE OUT --names --arrows`
    assert trackcli.render(str(WALKTHROUGH), str(out), names=True, arrows=True) == 0
    expected = BoardRenderer(track, art=read_art(WALKTHROUGH)).size_at(1.0)
    assert png_size(out) == expected
    w, h = expected
    assert 1600 <= w <= 2200 and 800 <= h <= 1100  # the 1920 x 960 map, lanes from x 100 to 1620
    assert f"{w} x {h} px" in capsys.readouterr().out
