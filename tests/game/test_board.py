"""The board view: space polygons, hit-testing and the rendered picture (headless)."""

from __future__ import annotations

import math

import pytest

from game.board.palette import GRASS, GRASS_STRIPE
from game.board.render import BoardOptions, BoardRenderer
from game.tracks.build import build
from game.tracks.drawing import Drawing, Shape
from game.tracks.geometry import Path, point_in_polygon
from rules.track import EdgeKind, Track

SPACE = 48.0


def _stadium(r: float, cx1: float = 400, cx2: float = 900, cy: float = 400, n: int = 24) -> tuple:
    """A lane around two half circles, clockwise on screen (y down)."""
    pts = [(cx1, cy - r), (cx2, cy - r)]
    pts += [
        (cx2 + r * math.cos(math.radians(-90 + 180 * i / n)), cy + r * math.sin(math.radians(-90 + 180 * i / n)))
        for i in range(1, n)
    ]
    pts += [(cx2, cy + r), (cx1, cy + r)]
    pts += [
        (cx1 + r * math.cos(math.radians(90 + 180 * i / n)), cy + r * math.sin(math.radians(90 + 180 * i / n)))
        for i in range(1, n)
    ]
    return tuple(pts)


def _base_drawing() -> Drawing:
    d = Drawing(
        props=dict(
            circuit_name="Test Oval",
            laps=2,
            space_length=SPACE,
            weather_sun="13-20",
            weather_variable="6-12",
            weather_rain="1-5",
        )
    )
    d.layers["lanes"] = [Shape(i + 1, "lane", _stadium(r), True) for i, r in enumerate((152, 200, 248))]
    d.layers["start_finish"] = [Shape(10, "start_finish", ((600, 100), (600, 300)))]
    d.layers["corners"] = [
        Shape(11, "corner", ((900, 130), (1200, 130), (1200, 670), (900, 670)), True, "", {"stops": 2}),
        Shape(12, "corner", ((400, 130), (100, 130), (100, 670), (400, 670)), True, "Hairpin", {"stops": 1}),
    ]
    d.layers["grid"] = [
        Shape(
            20 + i,
            "grid_slot",
            ((576 - 48 * (i // 2), 200 + 48 * (1 if i % 2 else -1)),),
            False,
            "",
            {"position": i + 1},
        )
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
    boxes = [
        Shape(70 + k, "box", (path.at((first + k) * path.length / (m + 1))[0],), False, "", {"box": k + 1})
        for k in range(10)
    ]
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


# --- surroundings: pictures only -------------------------------------------------

from game.board.palette import GRAVEL  # noqa: E402
from game.board.render import BoardArt, Scenery, read_art  # noqa: E402

SCENERY_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="10" height="10" tilewidth="32" tileheight="32" infinite="0">
 <properties>
  <property name="surroundings" value="walls"/>
 </properties>
 <objectgroup id="1" name="scenery">
  <object id="1" name="Main" type="stand" x="10" y="20" width="100" height="30"/>
  <object id="2" type="building" x="100" y="100" width="40" height="20" rotation="90"/>
  <object id="3" type="water" x="0" y="0"><polygon points="0,0 50,0 50,50"/></object>
  <object id="4" type="wall" x="5" y="5"><polyline points="0,0 100,0"/></object>
  <object id="5" type="trees" x="0" y="0" width="20" height="10"><ellipse/></object>
  <object id="6" type="castle" x="0" y="0" width="5" height="5"/>
  <object id="7" type="stand" x="0" y="0"><point/></object>
 </objectgroup>
</map>
"""


def test_read_art_understands_the_scenery_layer(tmp_path) -> None:
    path = tmp_path / "art.tmx"
    path.write_text(SCENERY_TMX)
    art = read_art(path)
    assert art.surroundings == "walls"
    by_id = {s.cls: s for s in art.scenery}
    assert by_id["stand"].points == ((10, 20), (110, 20), (110, 50), (10, 50)) and by_id["stand"].name == "Main"
    building = [(round(x), round(y)) for x, y in by_id["building"].points]
    assert building == [(100, 100), (100, 140), (80, 140), (80, 100)]  # Tiled rotates clockwise about x, y
    assert len(by_id["water"].points) == 3 and len(by_id["wall"].points) == 2 and len(by_id["trees"].points) == 32
    assert len(art.notes) == 2 and "castle" in art.notes[0]


def test_read_art_of_a_plain_map_is_grass(tmp_path) -> None:
    assert read_art(REPO_OVAL).surroundings == "grass"
    assert read_art(tmp_path / "missing.tmx") == BoardArt()


REPO_OVAL = __import__("tests.conftest", fromlist=["REPO"]).REPO / "maps" / "oval.tmx"


def test_grass_circuits_get_gravel_outside_every_corner(track: Track) -> None:
    board = BoardRenderer(track)
    assert len(board.gravel) == len(track.corners)
    surf = board.render(BoardOptions(arrows=False), 1.0)
    x0, y0, _, _ = board.bounds
    seen = 0
    for poly, _ in board.gravel:
        n = len(poly)
        inner, outer = poly[n // 6], poly[n - 1 - n // 6]  # a third along (the sign sits half way)
        cx, cy = (inner[0] + outer[0]) / 2, (inner[1] + outer[1]) / 2
        seen += all(abs(c - g) < 40 for c, g in zip(surf.get_at((int(cx - x0), int(cy - y0)))[:3], GRAVEL))
    assert seen == len(board.gravel)
    assert board.walls  # the pit wall between track and pit lane


def test_street_circuits_get_walls_instead_of_gravel(track: Track) -> None:
    board = BoardRenderer(track, art=BoardArt("walls"))
    assert board.gravel == []
    assert len(board.walls) >= 2  # both edges, broken where the pit lane leaves and joins


def test_scenery_grows_the_board_and_never_hides_a_space(track: Track) -> None:
    stand = Scenery("stand", ((650, 380), (750, 380), (750, 420), (650, 420)), "Infield")
    board = BoardRenderer(
        track, art=BoardArt("grass", (stand, Scenery("water", ((2000, 2000), (2100, 2000), (2100, 2100)))))
    )
    x, y, w, h = board.bounds
    assert x + w >= 2100 and y + h >= 2100
    surf = board.render(BoardOptions(), 1.0)
    for s in track.spaces:
        assert board.space_at(s.x, s.y) == s.name
        assert tuple(surf.get_at((int(s.x - x), int(s.y - y))))[:3] not in (GRASS, GRASS_STRIPE)


def test_transparent_render_of_an_area(board: BoardRenderer) -> None:
    surf = board.render(BoardOptions(), 0.5, area=(0.0, 0.0, 1400.0, 900.0), transparent=True)
    assert surf.get_size() == (700, 450)
    assert surf.get_at((2, 2)).a == 0  # the ground is left out
    assert surf.get_at((int(650 * 0.5), int(152 * 0.5))).a == 255  # a space of the oval's top straight


def written_in_english_then_german(board: BoardRenderer, monkeypatch) -> list[str]:
    """Every text the board paints, rendered once in English and once in German."""
    from game import texts
    from game.board import render

    written: list[str] = []
    original = render.Canvas.text

    def recorded(self, s, *a, **k):
        written.append(s)
        return original(self, s, *a, **k)

    monkeypatch.setattr(render.Canvas, "text", recorded)
    board.render(scale=0.5)
    texts.set_language("de")
    try:
        board.render(scale=0.5)
    finally:
        texts.set_language("en")
    return written


def test_the_pit_lane_sign_speaks_the_players_language(monkeypatch):
    """ "PIT LANE" stayed English on the board; it follows the language, and a board
    drawn in one language is not reused for the other."""
    from game.tracks.load import load_track

    written = written_in_english_then_german(BoardRenderer(load_track(REPO_OVAL)), monkeypatch)
    assert "PIT LANE" in written and "BOXENGASSE" in written
