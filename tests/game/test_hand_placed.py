"""Spaces placed by hand (layer ``spaces``, points of class ``space``): a traced board keeps each
space where it is printed; the checker names every mistake with what, where and how to fix."""

from __future__ import annotations

import dataclasses
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.tracks.build import build
from game.tracks.drawing import Drawing, Shape, TrackError
from game.tracks.geometry import NearPaths, Path, nearest
from game.tracks.load import check_track
from rules.track import Track
from tests.game.drawing_tmx import write_tmx
from tests.game.drawings import CX2, CY, RADII, START_X, stadium


@pytest.fixture(scope="module")
def plain() -> Track:
    return build(stadium())


def points(d: Drawing, pts: list[tuple[float, float]], first_id: int = 500) -> Drawing:
    d.layers["spaces"] = [Shape(first_id + i, "space", (p,)) for i, p in enumerate(pts)]
    return d


def on_inner_lane(t: float) -> tuple[float, float]:
    """The point a fraction ``t`` round the inner lane C of the first half circle (radius 152)."""
    deg = math.radians(-90 + 180 * t)
    return (CX2 + RADII[2] * math.cos(deg), CY + RADII[2] * math.sin(deg))


def apex(n: int) -> list[tuple[float, float]]:
    """``n`` points spread evenly over the inner lane of the first corner (the spread makes 10)."""
    return [on_inner_lane((i + 0.5) / n) for i in range(n)]


def messages(d: Drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(d)
    return [p.line() for p in err.value.problems]


def test_a_lane_placed_by_hand_where_the_spread_would_put_it_is_the_same_board(plain):
    d = points(stadium(), [(s.x, s.y) for s in plain.lane_spaces(1)])
    t = build(d)
    assert [(s.name, s.row, s.x, s.y, s.corner) for s in t.spaces] == [
        (s.name, s.row, s.x, s.y, s.corner) for s in plain.spaces
    ]
    assert t.edges == plain.edges


def test_hand_placed_apex_spaces_replace_the_spread_of_that_piece_only(plain):
    """Eight printed spaces (1.25 spaces apart) on the inner lane of the first corner, where the spread makes ten."""
    t = build(points(stadium(), apex(8)))
    inner = [s for s in t.lane_spaces(2) if s.corner == 0]
    assert len(inner) == 8
    assert [(s.x, s.y) for s in inner] == [(round(x, 3), round(y, 3)) for x, y in apex(8)]
    assert len(t.lane_spaces(2)) == len(plain.lane_spaces(2)) - 2
    corner = t.corners[0]
    assert corner.last_row - corner.first_row + 1 == 16  # the outer lane's spread still sets the rows (AMB-9)
    assert all(corner.first_row <= s.row <= corner.last_row for s in inner)
    assert all(p.row < q.row for p, q in zip(inner, inner[1:]))
    # the straights keep their spaces: C1 and the spaces before the corner are where they were
    assert [(s.x, s.y) for s in t.lane_spaces(2)[:2]] == [(s.x, s.y) for s in plain.lane_spaces(2)[:2]]
    assert [(s.x, s.y, s.row) for s in t.lane_spaces(0)] == [(s.x, s.y, s.row) for s in plain.lane_spaces(0)]


def test_a_traced_brick_lane_with_stagger_matches_the_staggered_spread_on_the_straights():
    """Points half a space along, on lane B with stagger 0.5: the straights read as the brick board."""
    d = stadium()
    d.layers["lanes"][1] = dataclasses.replace(d.layers["lanes"][1], props={"stagger": 0.5})
    brick = build(d)
    traced = stadium()
    traced.layers["lanes"][1] = dataclasses.replace(traced.layers["lanes"][1], props={"stagger": 0.5})
    traced.layers["grid"][-1] = dataclasses.replace(traced.layers["grid"][-1], points=((START_X, CY - RADII[1]),))
    # traced a few pixels off, as a hand does
    t = build(points(traced, [(s.x + (3 if s.index % 2 else -3), s.y) for s in brick.lane_spaces(1)]))
    straight = [s.name for s in brick.spaces if s.corner is None]
    assert [t.space(n).row for n in straight] == [brick.space(n).row for n in straight]
    assert t.space("B1").row == brick.space("A1").row + 1


def test_a_point_off_every_lane_is_named():
    (line,) = messages(points(stadium(), [(CX2 + 300.0, CY)]))
    assert line.startswith("track: object 500 at (1324, 400): the hand-placed space is 52 pixels from the nearest lane")
    assert "Fix: move the point onto the line of the lane it belongs to, or delete it" in line


def test_a_hand_placed_space_that_is_not_a_point_is_named():
    d = stadium()
    d.layers["spaces"] = [Shape(500, "space", ((CX2, CY - RADII[2]), (CX2 + 10, CY - RADII[2])))]
    (line,) = messages(d)
    assert "object 500" in line and "a hand-placed space is not a point" in line and "Insert Point" in line


def test_two_points_on_one_spot_are_named():
    pts = apex(8)
    pts.insert(3, (pts[3][0] + 4, pts[3][1]))  # 4 px right, where the lane runs down the screen: 1 px along it
    lines = messages(points(stadium(), pts))
    assert any(
        "hand-placed spaces 504 and 503 on lane object 3 are 1 pixels apart" in li
        and "less than half a space" in li
        and "Fix: place one point per printed space" in li
        for li in lines
    ), lines


def test_a_space_left_out_between_two_points_is_named():
    pts = apex(8)
    del pts[4]
    lines = messages(points(stadium(), pts))
    assert any(
        "hand-placed spaces 503 and 504 on lane object 3 are 2.5 spaces apart" in li
        and "a space between them has no point" in li
        for li in lines
    ), lines


def test_a_piece_placed_only_in_part_is_named():
    """Points on half the corner's inner lane: the rest of that piece has no spaces."""
    lines = messages(points(stadium(), apex(8)[:4]))
    assert any(
        "object 503" in li
        and "hand-placed space 503 is the lane's first or last one before the end of corner object 11" in li
        and "spaces from that line" in li
        for li in lines
    ), lines


def test_two_points_nearest_to_one_row_take_that_row_and_the_next():
    """The corner has 16 rows (the outer lane's spaces): inner points at rows 4.55 and 5.45 are
    27 px apart, more than half a space, but both nearest to row 5; the second takes row 6, and
    the rows stay in order along the lane (a traced lane a little off is not a mistake)."""
    pts = apex(8)
    pts[2], pts[3] = on_inner_lane(5.05 / 16), on_inner_lane(5.95 / 16)
    t = build(points(stadium(), pts))
    first = t.corners[0].first_row
    inner = [s for s in t.lane_spaces(2) if s.corner == 0]
    assert [s.row - first for s in inner[2:4]] == [5, 6]
    assert all(p.row < q.row for p, q in zip(inner, inner[1:]))


def test_an_object_of_another_class_in_the_spaces_layer_is_named():
    d = stadium()
    d.layers["spaces"] = [Shape(500, "Space", ((CX2, CY - RADII[2]),))]
    lines = messages(d)
    assert any("object of class 'Space' in layer 'spaces' (the closest class is 'space')" in li for li in lines), lines


def test_a_misnamed_spaces_layer_is_named_with_the_closest_name(tmp_path):
    d = points(stadium(), apex(8))
    d.layers["Spaces"] = d.layers.pop("spaces")
    problems = check_track(write_tmx(d, tmp_path / "misnamed.tmx"))
    assert any(
        "layer 'Spaces' is not a layer the game reads" in p.message and "'spaces'" in p.message for p in problems
    )


def test_a_hand_placed_board_loads_from_its_file_as_built(tmp_path):
    d = points(stadium(), apex(8))
    assert check_track(write_tmx(d, tmp_path / "apex.tmx")) == []
    from game.tracks.load import load_track

    assert load_track(tmp_path / "apex.tmx").content_hash() == build(d).content_hash()


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=1), st.floats(min_value=-30, max_value=30), st.sampled_from([0, 1, 2]))
def test_the_fast_projection_of_hand_placed_points_is_nearest_s_to_the_last_bit(t, off, lane):
    """NearPaths.project (the loader's search for a hand-placed space's lane) gives exactly what
    ``nearest`` does for any point up to half a space from the lanes, and the same beyond."""
    paths = [Path(s.points, True) for s in stadium().layers["lanes"]]
    (x, y), h = paths[lane].at(t * paths[lane].length)
    pt = (x - off * math.sin(math.radians(h)), y + off * math.cos(math.radians(h)))
    assert NearPaths(paths, 24.0).project(pt) == nearest(paths, pt)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.floats(-8, 8), st.floats(-8, 8)), min_size=52, max_size=52), st.sampled_from([None, 0.5]))
def test_a_lane_traced_a_few_pixels_off_keeps_its_spaces_rows_and_lap(jitter, stagger):
    """Lane B placed by hand, every point up to 8 px off where the spread (or the brick pattern)
    puts it: the board builds (every space reachable), B keeps its 52 spaces in lap order with
    rows and progress increasing, its straight steps close the lap, and the other lanes keep
    their spaces."""
    d = stadium()
    if stagger is not None:
        d.layers["lanes"][1] = dataclasses.replace(d.layers["lanes"][1], props={"stagger": stagger})
        d.layers["grid"][-1] = dataclasses.replace(d.layers["grid"][-1], points=((START_X, CY - RADII[1]),))
    spread = build(d)
    lane = spread.lane_spaces(1)
    t = build(points(d, [(s.x + dx, s.y + dy) for s, (dx, dy) in zip(lane, jitter)]))
    traced = t.lane_spaces(1)
    assert len(traced) == len(lane) == 52
    assert [(s.x, s.y) for s in traced] == [
        (round(s.x + dx, 3), round(s.y + dy, 3)) for s, (dx, dy) in zip(lane, jitter)
    ]
    assert all(p.row < q.row and p.progress < q.progress for p, q in zip(traced, traced[1:]))
    name, seen = traced[0].name, set()
    for _ in traced:
        seen.add(name)
        name = t.ahead(name)
    assert name == traced[0].name and len(seen) == 52
    assert [(s.x, s.y) for s in t.lane_spaces(0)] == [(s.x, s.y) for s in spread.lane_spaces(0)]
