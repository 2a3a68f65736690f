"""The generator of the shipped circuits draws printed no-lane-change lines (CORE-MOVE-3), and
the Tiled project offers every class the loader reads of last session's features."""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as ET

import pytest

from game.board.printed import forbidden_diagonals
from game.tracks.load import load_track
from rules.track import EdgeKind
from tests.conftest import REPO
from trackgen import OVAL, NoLaneChange, TrackError, build, tmx_text

#: On the oval's back straight (segment 2, 24 spaces), from 30 % to 60 % of it, between A and B.
LINE = NoLaneChange(seg=2, start=0.3, end=0.6, left=0)


def loaded(circuit, tmp_path, name: str):
    path = tmp_path / name
    path.write_text(tmx_text(build(circuit)), encoding="utf-8")
    return load_track(path)


@pytest.mark.rules("CORE-MOVE-3")
def test_a_generated_line_removes_the_diagonals_it_crosses_and_nothing_else_CORE_MOVE_3(tmp_path):
    plain = loaded(OVAL, tmp_path, "plain.tmx")
    lined = loaded(dataclasses.replace(OVAL, no_lane_change=(LINE,)), tmp_path, "lined.tmx")
    assert lined.spaces == plain.spaces
    gone = set(plain.edges) - set(lined.edges)
    assert set(lined.edges) <= set(plain.edges)
    assert gone and all(e.kind is EdgeKind.DIAGONAL for e in gone)
    lanes = {frozenset((lined.space(e.src).lane, lined.space(e.dst).lane)) for e in gone}
    assert lanes == {frozenset((0, 1))}  # only between A and B
    # 30 % of 24 spaces: 7 rows, each with its two crossing diagonals (A into B and B into A)
    assert len(gone) == 2 * round(0.3 * 24)
    assert {(a.name, b.name) for a, b in forbidden_diagonals(lined)} == {(e.src, e.dst) for e in gone}


def test_the_line_lies_half_way_between_its_lanes_in_the_layer_arrows():
    layout = build(dataclasses.replace(OVAL, no_lane_change=(LINE,)))
    (obj,) = [o for o in layout.objects if o.cls == "no_lane_change"]
    assert (obj.layer, obj.kind) == ("arrows", "polyline")
    a_lane, b_lane = layout.spaces[0], layout.spaces[1]
    (x0, y0), (x1, y1) = obj.shape.absolute
    ys = {round(s.y) for s in a_lane + b_lane if min(x0, x1) <= s.x <= max(x0, x1) and abs(s.y - y0) < 40}
    assert y0 == y1 and len(ys) == 2 and y0 == pytest.approx(sum(ys) / 2)


@pytest.mark.parametrize(
    "line, said",
    [
        (NoLaneChange(seg=9, start=0.1, end=0.2, left=0), "lies outside its segment"),
        (NoLaneChange(seg=2, start=0.5, end=0.4, left=0), "lies outside its segment"),
        (NoLaneChange(seg=2, start=0.1, end=0.2, left=2), "has no lane to its right"),
    ],
)
def test_a_line_off_the_track_is_refused(line, said):
    with pytest.raises(TrackError, match=said):
        build(dataclasses.replace(OVAL, no_lane_change=(line,)))


def test_tiled_offers_the_classes_of_printed_boards():
    """The project file (Tiled 1.9+) and objecttypes.xml (Tiled 1.8) offer ``no_lane_change`` and
    the hand-placed ``space`` with its ``row_position`` and ``after_gap``, so a designer picks them
    from the list."""
    project = json.loads((REPO / "maps" / "formula-d.tiled-project").read_text(encoding="utf-8"))
    classes = {t["name"]: [m["name"] for m in t["members"]] for t in project["propertyTypes"]}
    types = {t.get("name"): [p.get("name") for p in t] for t in ET.parse(REPO / "maps" / "objecttypes.xml").getroot()}
    for known in (classes, types):
        assert known["no_lane_change"] == []
        assert known["space"] == ["row_position", "after_gap"]  # rows set by hand, a gap under a bridge


def test_tiled_offers_the_pit_lanes_spaces_on_points_as_a_bool():
    """A traced board's pit lane sets the bool ``spaces_on_points``: the project file and
    objecttypes.xml offer it as a bool (a tick box), not an int, defaulting to false."""
    project = json.loads((REPO / "maps" / "formula-d.tiled-project").read_text(encoding="utf-8"))
    pit = next(t for t in project["propertyTypes"] if t["name"] == "pit_lane")
    assert pit["members"] == [{"name": "spaces_on_points", "type": "bool", "value": False}]
    types = {t.get("name"): t for t in ET.parse(REPO / "maps" / "objecttypes.xml").getroot()}
    assert [p.attrib for p in types["pit_lane"]] == [{"name": "spaces_on_points", "type": "bool", "default": "false"}]
