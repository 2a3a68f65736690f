"""Every shipped track loads, passes `track check`, survives Tiled, and keeps the graph invariants."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO, require_tool

TRACKS = sorted((REPO / "maps").glob("*.tmx"))


def test_there_are_shipped_tracks():
    assert any(p.name == "oval.tmx" for p in TRACKS)


@pytest.fixture(scope="module", params=TRACKS, ids=lambda p: p.name)
def shipped(request):
    return request.param, load_track(request.param)


def test_track_check_passes(shipped):
    path, _ = shipped
    out = subprocess.run(
        [sys.executable, "main.py", "track", "check", str(path)], cwd=REPO, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip() == f"{path}: ok"


def test_track_info_json(shipped):
    path, track = shipped
    out = subprocess.run(
        [sys.executable, "main.py", "track", "info", str(path), "--json"], cwd=REPO, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    assert facts["hash"] == track.content_hash()
    assert [c["stops"] for c in facts["corners"]] == [c.stops for c in track.corners]
    assert sum(facts["lap_length"].values()) == sum(1 for s in track.spaces if not s.in_pit)


def test_tiled_round_trip_keeps_the_graph(shipped, tmp_path):
    path, track = shipped
    tiled = require_tool("tiled")
    out = tmp_path / path.name
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([tiled, "--export-map", "tmx", str(path), str(out)], check=True, env=env, capture_output=True)
    assert out.exists()
    assert load_track(out).canonical_json() == track.canonical_json()


def test_every_space_has_a_way_forward(shipped):
    _, track = shipped
    for s in track.spaces:
        assert track.successors(s.name), s.name


def test_every_lane_closes_the_lap(shipped):
    _, track = shipped
    for lane in range(track.lanes):
        spaces = track.lane_spaces(lane)
        for a, b in zip(spaces, spaces[1:] + spaces[:1]):
            assert track.ahead(a.name) == b.name
        assert track.crosses_line(spaces[-1].name, spaces[0].name)
        assert {s.row for s in spaces} <= set(range(track.rows))


def test_corner_ways_are_ordered(shipped):
    _, track = shipped
    assert track.corners
    for c in track.corners:
        assert 1 <= c.stops <= 3
        assert 1 <= c.shortest <= c.longest
        lane_counts = [sum(1 for n in c.spaces if track.space(n).lane == li) for li in range(track.lanes)]
        assert c.shortest <= min(lane_counts) and c.longest >= max(lane_counts)


def test_progress_increases_except_across_the_line(shipped):
    _, track = shipped
    crossings = 0
    for e in track.edges:
        a, b = track.space(e.src), track.space(e.dst)
        if b.progress < a.progress:
            crossings += 1
            assert a.progress > track.rows / 2 > b.progress, e
        else:
            assert b.progress > a.progress, e
    assert crossings >= track.lanes


def test_side_by_side_is_symmetric(shipped):
    _, track = shipped
    for s in track.spaces:
        for o in track.beside(s.name):
            assert s.name in track.beside(o)


def test_edges_respect_their_kind(shipped):
    _, track = shipped
    for e in track.edges:
        a, b = track.space(e.src), track.space(e.dst)
        if e.kind == EdgeKind.STRAIGHT:
            assert a.lane == b.lane >= 0
        elif e.kind in (EdgeKind.DIAGONAL, EdgeKind.ARROW):
            assert abs(a.lane - b.lane) == 1
        elif e.kind == EdgeKind.PIT_ENTRY:
            assert not a.in_pit and b.in_pit
        elif e.kind == EdgeKind.PIT_EXIT:
            assert a.in_pit and not b.in_pit


def test_grid_is_behind_the_start_line(shipped):
    _, track = shipped
    assert len(track.grid) >= 10 and len(set(track.grid)) == len(track.grid)
    for name in track.grid + (track.qualifying_start,):
        assert track.space(name).row >= track.rows // 2


def test_space_names_are_stable(shipped):
    _, track = shipped
    for s in track.spaces:
        assert s.name == ("P" if s.in_pit else "ABCD"[s.lane]) + str(s.index + 1)
