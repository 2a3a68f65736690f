"""The derived graph of a hand-made stadium, checked against hand counts."""

from __future__ import annotations

import dataclasses

import pytest

from game.tracks.build import build
from game.tracks.drawing import Shape, TrackError
from rules.track import EdgeKind
from tests.game.drawings import CY, RADII, SPACE, START_X, stadium


@pytest.fixture(scope="module")
def track():
    return build(stadium())


def messages(drawing) -> list[str]:
    with pytest.raises(TrackError) as err:
        build(drawing)
    return [p.line() for p in err.value.problems]


def test_lanes_are_lettered_from_the_left_in_driving_direction(track):
    # clockwise on screen: the outer lane (largest radius, longest) is on the left
    lengths = [len(track.lane_spaces(li)) for li in range(3)]
    assert lengths == sorted(lengths, reverse=True)
    a1 = track.space("A1")
    assert a1.y == pytest.approx(CY - RADII[0])
    assert track.space("C1").y == pytest.approx(CY - RADII[2])


def test_space_names_count_from_the_start_line(track):
    a1 = track.space("A1")
    assert a1.x == pytest.approx(START_X + SPACE / 2)
    assert a1.row == 0 and a1.index == 0
    assert [s.name for s in track.lane_spaces(0)[:3]] == ["A1", "A2", "A3"]


def test_lap_lengths_follow_lane_length(track):
    # straights: 2 x 13 spaces in every lane; half circles: pi * r / 48 spaces each
    for li, r in enumerate(RADII):
        expected = 26 + 2 * round(3.141592653589793 * r / SPACE)
        assert len(track.lane_spaces(li)) == expected


def test_straight_spaces_line_up_in_rows(track):
    for row in range(0, 2):
        assert [s.lane for s in track.row_spaces(row)] == [0, 1, 2]
        xs = {round(s.x, 3) for s in track.row_spaces(row)}
        assert len(xs) == 1


def test_rows_in_a_corner_spread_the_shorter_lane_AMB_9(track):
    c1 = track.corners[0]
    rows = range(c1.first_row, c1.last_row + 1)
    per_lane = [[s for s in track.lane_spaces(li) if s.corner == 0] for li in range(3)]
    assert len(rows) == len(per_lane[0]) == 16  # the outer lane sets the rows
    assert len(per_lane[2]) == 10
    for lane in per_lane:
        assert len({s.row for s in lane}) == len(lane)  # one space per row at most
        assert all(s.row in rows for s in lane)


def test_progress_increases_along_every_edge_except_the_line(track):
    for e in track.edges:
        if track.crosses_line(e.src, e.dst):
            assert track.space(e.src).progress > track.rows - 3
            assert track.space(e.dst).progress < 3
        else:
            assert track.space(e.dst).progress > track.space(e.src).progress


@pytest.mark.rules("CORE-MOVE-6")
def test_diagonals_only_outside_corners_CORE_MOVE_6(track):
    diag = [e for e in track.edges if e.kind == EdgeKind.DIAGONAL]
    assert diag
    for e in diag:
        src, dst = track.space(e.src), track.space(e.dst)
        assert not src.arrows_only and not dst.arrows_only
        assert abs(src.lane - dst.lane) == 1
        assert (dst.row - src.row) % track.rows == 1


@pytest.mark.rules("CORNER-2")
def test_corner_facts_CORNER_2(track):
    c1, c2 = track.corners
    assert (c1.label, c1.stops, c2.label, c2.stops) == ("C1", 2, "Hairpin", 1)
    assert c1.inside == c2.inside == "right"  # clockwise: the track turns right
    assert (c1.shortest, c1.longest) == (10, 16)  # without arrows: inner and outer lane


@pytest.mark.rules("CORE-MOVE-6")
def test_arrows_add_lane_changes_inside_corners_CORE_MOVE_6(track):
    d = stadium()
    c_a = [s for s in track.lane_spaces(0) if s.corner == 0]
    c_b = [s for s in track.lane_spaces(1) if s.corner == 0]
    target = next(s for s in c_b if s.row > c_a[1].row)
    assert target.name not in track.successors(c_a[1].name)  # no lane change without the arrow
    d.layers["arrows"] = [Shape(70, "arrow", ((c_a[1].x, c_a[1].y), (target.x, target.y)))]
    t = build(d)
    assert [(e.src, e.dst) for e in t.edges if e.kind == EdgeKind.ARROW] == [(c_a[1].name, target.name)]
    assert target.name in t.successors(c_a[1].name)


def test_backward_arrow_is_refused():
    t = build(stadium())
    a5, b3 = t.space("A5"), t.space("B3")
    d = stadium()
    d.layers["arrows"] = [Shape(70, "arrow", ((a5.x, a5.y), (b3.x, b3.y)))]
    assert any("does not point forwards" in m for m in messages(d))


def test_beside_and_behind_are_consistent_AMB_2_AMB_4(track):
    for s in track.spaces:
        for o in track.beside(s.name):
            assert s.name in track.beside(o)  # symmetric
            assert track.space(o).row == s.row
        ahead = track.ahead(s.name)
        if ahead is not None:
            assert track.behind(ahead) == s.name
    assert track.beside("P3") == ()


@pytest.mark.rules("CORE-PIT-2")
def test_pit_lane_edges_and_boxes_CORE_PIT_2(track):
    pit = track.pit
    assert pit is not None and len(pit.boxes) == 10
    assert pit.entry == "A48" and pit.exit == "A2"
    kinds = [e.kind for e in track.out_edges("A48")]
    assert EdgeKind.PIT_ENTRY in kinds
    assert track.successors(pit.spaces[-1]) == (pit.exit,)
    assert [track.space(b).box for b in pit.boxes] == list(range(1, 11))


def test_pit_cars_order_at_the_entry_AMB_56(track):
    assert track.order_row("P5") == track.space(track.pit.entry).row


@pytest.mark.rules("FD08-ORDER-1")
def test_inside_rank_FD08_ORDER_1(track):
    # every corner turns right, so lane C (right) is innermost
    assert [track.inside_rank(n) for n in ("A1", "B1", "C1")] == [2, 1, 0]


def test_grid_in_position_order(track):
    assert len(track.grid) == 10
    rows = [track.space(n).row for n in track.grid]
    assert rows == sorted(rows, reverse=True)


def test_content_hash_changes_with_the_graph(track):
    other = build(stadium(stops=(3, 1)))
    assert track.content_hash() == build(stadium()).content_hash()
    assert other.content_hash() != track.content_hash()


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda d: d.props.pop("circuit_name"), "no circuit_name"),
        (lambda d: d.props.update(laps=4), "laps is 4"),
        (lambda d: d.props.update(space_length="big"), "space_length is 'big'"),
        (lambda d: d.props.update(weather_rain="1-6"), "cover the black-die results 1 to 20 exactly once"),
        (lambda d: d.props.update(weather_sun="6-12", weather_variable="13-20"), "between sun and rain"),
        (lambda d: d.props.update(weather_variable="six"), "not a range"),
        (lambda d: d.layers.pop("lanes"), "no object layer named 'lanes'"),
        (lambda d: d.layers["lanes"].__delitem__(slice(1, None)), "2 to 10 lanes"),
        (lambda d: d.layers["corners"][0].props.pop("stops"), "stops is missing"),
        (lambda d: d.layers["corners"][0].props.update(stops=4), "stops is 4"),
        (lambda d: d.layers["grid"].pop(0), "needs positions 1 to at least 10"),
        (lambda d: d.layers["pit"].pop(1), "needs boxes numbered 1 to at least 10"),
        (lambda d: d.layers["start_finish"].clear(), "0 start/finish lines"),
    ],
)
def test_problems_are_reported(change, expected):
    d = stadium()
    change(d)
    assert any(expected in m for m in messages(d)), messages(d)


def test_open_lane_does_not_close_the_lap():
    d = stadium()
    lane = d.layers["lanes"][0]
    d.layers["lanes"][0] = dataclasses.replace(lane, points=lane.points[:-3], closed=False)
    assert any("does not close the lap" in m and "object 1" in m for m in messages(d))


def test_reversed_lane_is_reported():
    d = stadium()
    lane = d.layers["lanes"][1]
    d.layers["lanes"][1] = dataclasses.replace(lane, points=tuple(reversed(lane.points)))
    assert any("against the direction" in m for m in messages(d))


def test_arrow_off_the_spaces_is_reported_with_its_position():
    d = stadium()
    d.layers["arrows"] = [Shape(70, "arrow", ((5.0, 5.0), (900.0, 200.0)))]
    lines = messages(d)
    assert any("object 70 at (5, 5)" in m and "start is not on a space" in m for m in lines)


def test_every_problem_is_reported_at_once():
    d = stadium()
    d.props["laps"] = 9
    d.layers["corners"][1].props["stops"] = 0
    d.layers["grid"].pop()
    lines = messages(d)
    assert any("laps is 9" in m for m in lines)
    assert any("stops is 0" in m for m in lines)
    assert any("qualifying_start" in m for m in lines)


def test_row_line_corrects_which_spaces_are_side_by_side_AMB_9(track):
    """A row line across the corner forces a new row to start there in every lane."""
    c1 = track.corners[0]
    inner = [s for s in track.lane_spaces(2) if s.corner == 0]
    outer = [s for s in track.lane_spaces(0) if s.corner == 0]
    before = [next(s for s in track.lane_spaces(li) if s.corner == 0 and s.y > 400.0) for li in range(3)]
    assert len({s.row for s in before}) > 1  # without the line the lanes start the half at different rows
    # a line through the corner's centre, square to the lanes at the half-circle's midpoint
    d = stadium()
    d.layers["rows"] = [Shape(80, "row_line", ((1024.0 + 120.0, 400.0), (1024.0 + 290.0, 400.0)))]
    t = build(d)
    inner2 = [s for s in t.lane_spaces(2) if s.corner == 0]
    outer2 = [s for s in t.lane_spaces(0) if s.corner == 0]
    mid_row = next(s.row for s in outer2 if s.y > 400.0)
    # every lane's first space after the line starts the same row
    firsts = [next(s for s in t.lane_spaces(li) if s.corner == 0 and s.y > 400.0) for li in range(3)]
    assert {s.row for s in firsts} == {mid_row}
    assert len(inner2) == len(inner) and len(outer2) == len(outer)
    assert c1.first_row == t.corners[0].first_row


def test_row_line_that_misses_a_lane_is_reported():
    d = stadium()
    d.layers["rows"] = [Shape(80, "row_line", ((1024.0 + 230.0, 400.0), (1024.0 + 290.0, 400.0)))]
    assert any("row line crosses lane object" in m and "object 80" in m for m in messages(d))


def test_messages_say_how_to_redraw_in_tiled():
    """What a designer following docs/track-format.md in Tiled most often gets wrong, each with its way out."""
    three = stadium()
    three.layers["arrows"] = [Shape(70, "arrow", ((0.0, 0.0), (10.0, 10.0), (20.0, 0.0)))]
    assert any("two points (it has 3 points)" in m and "Select None" in m for m in messages(three))
    closed = stadium()
    closed.layers["arrows"] = [Shape(70, "arrow", ((0.0, 0.0), (10.0, 10.0), (20.0, 0.0)), closed=True)]
    assert any("two points (it is a closed polygon)" in m for m in messages(closed))
    pit = stadium()
    pit.layers["pit"][0] = dataclasses.replace(pit.layers["pit"][0], closed=True)
    assert any("not a polyline (it is a closed polygon)" in m and "press Enter" in m for m in messages(pit))
    stops = stadium()
    stops.layers["corners"][0].props.pop("stops")
    assert any("stops is missing" in m and "grey value" in m for m in messages(stops))
    unclassed = stadium()
    unclassed.layers["lanes"][0] = dataclasses.replace(unclassed.layers["lanes"][0], cls="")
    assert any("class '(none)'" in m and "Type field in Tiled 1.8" in m for m in messages(unclassed))
