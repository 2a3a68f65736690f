"""The board view: space polygons, hit-testing and the rendered picture (headless)."""

from __future__ import annotations

import math

import pytest

from game.board import GRASS, GRASS_STRIPE, BoardOptions, BoardRenderer
from game.geometry import Path, point_in_polygon
from game.trackbuild import build
from game.trackdraw import Drawing, Shape
from rules.track import EdgeKind, Track

SPACE = 48.0


def _stadium(r: float, cx1: float = 400, cx2: float = 900, cy: float = 400, n: int = 24) -> tuple:
    """A lane around two half circles, clockwise on screen (y down)."""
    pts = [(cx1, cy - r), (cx2, cy - r)]
    pts += [(cx2 + r * math.cos(math.radians(-90 + 180 * i / n)), cy + r * math.sin(math.radians(-90 + 180 * i / n)))
            for i in range(1, n)]
    pts += [(cx2, cy + r), (cx1, cy + r)]
    pts += [(cx1 + r * math.cos(math.radians(90 + 180 * i / n)), cy + r * math.sin(math.radians(90 + 180 * i / n)))
            for i in range(1, n)]
    return tuple(pts)


def _base_drawing() -> Drawing:
    d = Drawing(props=dict(circuit_name="Test Oval", laps=2, space_length=SPACE, weather_sun="13-20",
                           weather_variable="6-12", weather_rain="1-5"))
    d.layers["lanes"] = [Shape(i + 1, "lane", _stadium(r), True) for i, r in enumerate((152, 200, 248))]
    d.layers["start_finish"] = [Shape(10, "start_finish", ((600, 100), (600, 300)))]
    d.layers["corners"] = [
        Shape(11, "corner", ((900, 130), (1200, 130), (1200, 670), (900, 670)), True, "", {"stops": 2}),
        Shape(12, "corner", ((400, 130), (100, 130), (100, 670), (400, 670)), True, "Hairpin", {"stops": 1}),
    ]
    d.layers["grid"] = [
        Shape(20 + i, "grid_slot", ((576 - 48 * (i // 2), 200 + 48 * (1 if i % 2 else -1)),), False, "",
              {"position": i + 1})
        for i in range(10)
    ]
    d.layers["grid"].append(Shape(40, "qualifying_start", ((576, 200),)))
    return d


def oval_track() -> Track:
    """A three-lane oval with two corners, arrows in the first, and a pit lane along the top straight.

    Built in two steps: the plain oval tells where its spaces are, so the
    arrows and the pit lane can be drawn onto real space centres.
    """
    plain = build(_base_drawing())
    d = _base_drawing()
    inner = [s for s in plain.spaces if s.corner == 0 and s.lane == 1][2:8:2]
    arrows = []
    for i, s in enumerate(inner):
        t = next(o for o in plain.row_spaces(s.row + 1) if o.lane == 0)
        arrows.append(Shape(50 + i, "arrow", ((s.x, s.y), (t.x, t.y))))
    d.layers["arrows"] = arrows
    top = sorted((s for s in plain.lane_spaces(0) if s.corner is None and s.y < 200), key=lambda s: s.x)
    entry, exit_ = top[0], top[-1]
    pit_pts = ((entry.x, entry.y), (entry.x + 30, 80.0), (exit_.x - 30, 80.0), (exit_.x, exit_.y))
    path = Path(pit_pts, False)
    m = round(path.length / SPACE) - 1  # pit spaces sit at j * length / (m + 1), j = 1..m
    first = 1 + (m - 10) // 2
    boxes = [Shape(70 + k, "box", (path.at((first + k) * path.length / (m + 1))[0],), False, "", {"box": k + 1})
             for k in range(10)]
    d.layers["pit"] = [Shape(60, "pit_lane", pit_pts), *boxes]
    return build(d)


@pytest.fixture(scope="module")
def track() -> Track:
    return oval_track()


@pytest.fixture(scope="module")
def board(track: Track) -> BoardRenderer:
    return BoardRenderer(track)


def test_helper_track_has_pit_and_arrows(track: Track) -> None:
    assert track.pit is not None
    assert any(e.kind == EdgeKind.ARROW for e in track.edges)


def test_every_space_polygon_contains_its_centre(track: Track, board: BoardRenderer) -> None:
    for s in track.spaces:
        poly = board.space_polygon(s.name)
        assert point_in_polygon((s.x, s.y), poly), s.name


def test_space_at_each_centre_finds_that_space(track: Track, board: BoardRenderer) -> None:
    for s in track.spaces:
        assert board.space_at(s.x, s.y) == s.name


def test_space_at_off_the_track_is_none(board: BoardRenderer) -> None:
    assert board.space_at(650.0, 400.0) is None  # the infield
    assert board.space_at(-5000.0, -5000.0) is None


@pytest.mark.parametrize("lane", [0, 1, 2, -1])
def test_neighbours_in_a_lane_share_an_edge(track: Track, board: BoardRenderer, lane: int) -> None:
    spaces = track.lane_spaces(lane)
    pairs = list(zip(spaces, spaces[1:]))
    if lane >= 0:
        pairs.append((spaces[-1], spaces[0]))  # the lap closes
    for a, b in pairs:
        shared = set(board.space_polygon(a.name)) & set(board.space_polygon(b.name))
        assert len(shared) == 2, (a.name, b.name)  # the front cut of one is the back cut of the other


def test_neighbouring_lanes_meet(track: Track, board: BoardRenderer) -> None:
    """Side by side on a straight, a space's right edge is its neighbour's left edge."""
    a, b = track.row_spaces(0)[:2]
    right = board.space_polygon(a.name)[-1]  # back-right
    left = board.space_polygon(b.name)[0]  # back-left
    assert math.dist(right, left) < 0.5


@pytest.mark.parametrize("scale", [0.5, 1.0, 1.7])
def test_rendered_size_follows_the_scale(board: BoardRenderer, scale: float) -> None:
    surf = board.render(BoardOptions(), scale)
    _, _, w, h = board.bounds
    assert surf.get_size() == (round(w * scale), round(h * scale))
    assert board.size_at(scale) == surf.get_size()


def test_render_is_cached_per_scale_and_options(board: BoardRenderer) -> None:
    assert board.render(BoardOptions(), 1.0) is board.render(BoardOptions(), 1.0)
    assert board.render(BoardOptions(names=True), 1.0) is not board.render(BoardOptions(), 1.0)


def test_every_polygon_lies_on_the_board(board: BoardRenderer, track: Track) -> None:
    x, y, w, h = board.bounds
    for s in track.spaces:
        for px, py in board.space_polygon(s.name):
            assert x <= px <= x + w and y <= py <= y + h


@pytest.mark.parametrize("options", [BoardOptions(), BoardOptions(names=True, rows=True, arrows=False)])
def test_space_centres_are_not_grass(track: Track, board: BoardRenderer, options: BoardOptions) -> None:
    scale = 1.0
    surf = board.render(options, scale)
    x0, y0, _, _ = board.bounds
    for s in track.spaces:
        px = surf.get_at((int((s.x - x0) * scale), int((s.y - y0) * scale)))[:3]
        assert tuple(px) not in (GRASS, GRASS_STRIPE), s.name

