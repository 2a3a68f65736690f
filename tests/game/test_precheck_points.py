"""The precheck names a polygon or polyline whose points are not a list of finite x,y numbers
(it reads each number once; a lane has hundreds), and lets good points through."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from game.tracks.load import check_track
from tests.game.drawing_tmx import tmx_text
from tests.game.drawings import stadium


@pytest.mark.parametrize("points", ["0,0 10", "0,0 10,x", "0,0 10,nan", "0,0 1,2,3", "", "0,0 10,inf"])
def test_a_lane_with_broken_points_is_named(tmp_path, points):
    root = ET.fromstring(tmx_text(stadium()))
    lane = next(o for o in root.iter("object") if o.get("id") == "2")
    lane.find("polygon").set("points", points)
    path = tmp_path / "broken.tmx"
    path.write_text(ET.tostring(root, encoding="unicode"), encoding="utf-8")
    lines = [p.line() for p in check_track(path)]
    assert any("object 2" in line and "the polygon's points are not a list of x,y numbers" in line for line in lines), (
        lines
    )


def test_good_points_pass(tmp_path):
    path = tmp_path / "good.tmx"
    path.write_text(tmx_text(stadium()), encoding="utf-8")
    assert check_track(path) == []
