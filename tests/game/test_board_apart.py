"""No tag, plate or piece of scenery over a space, and ground between stretches of track that
a car cannot cross between, on every shipped board."""

from __future__ import annotations

import dataclasses

import pytest

from game.board import apart
from game.board.render import BoardRenderer, Scenery, read_art
from game.tracks.load import load_track
from tests.conftest import REPO

TRACKS = sorted((REPO / "maps").glob("*.tmx"))


def board_of(path):
    return BoardRenderer(load_track(path), art=read_art(path))


@pytest.fixture(scope="module")
def hohenau():
    return board_of(REPO / "maps" / "hohenau.tmx")


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.name)
def test_nothing_covers_a_space_and_no_stretches_touch(path):
    assert apart.problems(board_of(path)) == []


def test_a_building_over_the_track_is_reported(hohenau):
    s = hohenau.track.space("B10")
    square = ((s.x - 5, s.y - 5), (s.x + 5, s.y - 5), (s.x + 5, s.y + 5), (s.x - 5, s.y + 5))
    shed = Scenery("building", square, "Shed")
    art = dataclasses.replace(hohenau.art, scenery=(*hohenau.art.scenery, shed))
    board = BoardRenderer(hohenau.track, art=art)
    assert apart.problems(board) == ["scenery building 'Shed' lies over space B10: move it off the track"]


def test_stretches_nearer_than_the_gap_are_reported(hohenau, monkeypatch):
    """B60 and C61 lie four rows apart round the Hairpin, about a lane width apart: with a wider
    gap asked for, they are reported."""
    monkeypatch.setattr(apart, "MIN_GAP", 1.2)
    found = apart.Apart(hohenau).touching()
    assert any("B60" in line and "C61" in line for line in found), found


def test_the_hairpin_legs_lie_well_apart(hohenau):
    """The Hairpin's two legs (the inside lane's spaces just before and just after it) show more
    than two lane widths of ground between them, as on a printed board."""
    track = hohenau.track
    hairpin = next(c for c in track.corners if c.label == "Hairpin")
    inside = sorted(track.space(n).index for n in hairpin.spaces if track.space(n).lane == 2)
    lane = track.lane_spaces(2)
    before, after = lane[inside[0] - 1], lane[inside[-1] + 1]
    assert before.corner is None and after.corner is None
    gap = apart.polygon_gap(hohenau.space_polygon(before.name), hohenau.space_polygon(after.name))
    assert gap > 2 * hohenau.lane_width


def test_the_asphalt_shoulder_shrinks_to_leave_the_gap(hohenau, monkeypatch):
    """Where another stretch passes near, the painted shoulder gives way so MIN_GAP of ground
    stays between them: with a gap wider than the shoulders allow, the Hairpin's spaces shrink."""
    monkeypatch.setattr(apart, "MIN_GAP", 1.0)
    a = apart.Apart(hohenau)
    gap = a.near_pairs[("B60", "C61")]
    assert a.shoulder("B60") < apart.SHOULDER * hohenau.lane_width
    assert gap - a.shoulder("B60") - a.shoulder("C61") >= 1.0 * hohenau.lane_width - 1e-6


def test_the_danger_zone_tag_stands_beside_the_street():
    board = board_of(REPO / "maps" / "brueckenau.tmx")
    assert board.street.labels
    assert not [line for line in apart.problems(board) if "tag" in line]


def test_track_render_notes_scenery_over_a_space(tmp_path):
    """The designer's path: `track render` names the object over the track and how to fix it."""
    import shutil
    import subprocess
    import sys

    track = load_track(REPO / "maps" / "oval.tmx")
    s = track.space("B5")
    text = (REPO / "maps" / "oval.tmx").read_text(encoding="utf-8")
    shed = (
        f'<object id="900" name="Shed" type="building" x="{s.x - 6:.0f}" y="{s.y - 6:.0f}" width="12" height="12"/>\n'
    )
    text = text.replace('name="scenery">\n', 'name="scenery">\n' + shed, 1)
    (tmp_path / "oval.tmx").write_text(text, encoding="utf-8")
    for name in ("circuit.tsx", "circuit-tiles.png", "oval-preview.png"):
        shutil.copy(REPO / "maps" / name, tmp_path / name)
    command = [
        sys.executable,
        "main.py",
        "track",
        "render",
        str(tmp_path / "oval.tmx"),
        str(tmp_path / "oval.png"),
        "--scale",
        "0.2",
    ]
    out = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "note: scenery building 'Shed' lies over space B5: move it off the track" in out.stdout
