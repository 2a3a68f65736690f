"""The board view paints the board at the zoom shown, whole or in tiles, and it looks the same
as the board painted whole; zoomed in it holds only the tiles near the view (memory)."""

from __future__ import annotations

import math
import time

import pygame
import pytest

import game.board.tiles as tiles
from game.board.palette import GRASS, GRASS_STRIPE
from game.board.render import BoardOptions
from game.board.view import SETTLE, BoardView
from tests.ui.helpers import catalogue, open_display

SIZE = (1000, 640)


@pytest.fixture(scope="module")
def board():
    open_display(SIZE)
    return catalogue().get("oval.tmx").board


def shown(view: BoardView, zoom: float, centre: tuple[float, float]) -> pygame.Surface:
    """The viewport after the camera moved to ``zoom`` at ``centre`` and the zoom has rested."""
    view.camera.zoom = zoom
    view.centre_on(centre)
    view.zoomed_at = time.monotonic() - 2 * SETTLE
    view.update(0.0)
    screen = pygame.Surface(SIZE)
    screen.fill((255, 0, 255))
    view.draw(screen)
    return screen


def expected(board, zoom: float, view: BoardView) -> pygame.Surface:
    """The board painted whole at ``zoom`` on its ground, placed where the camera shows it."""
    picture = board.paint(BoardOptions(arrows=False), zoom)
    screen = pygame.Surface(SIZE)
    board.paint_ground(screen, view.camera.to_screen)
    sx, sy = view.camera.to_screen(board.bounds[:2])
    screen.blit(picture, (math.floor(sx + 0.5), math.floor(sy + 0.5)))  # a half pixel rounds up
    return screen


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """Pixels whose colour differs by more than a rounding step in any channel."""
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return sum(
        1
        for i in range(0, len(pa), 3)
        if max(abs(pa[i] - pb[i]), abs(pa[i + 1] - pb[i + 1]), abs(pa[i + 2] - pb[i + 2])) > 2
    )


def view_of(board) -> BoardView:
    view = BoardView(board)
    view.set_viewport(pygame.Rect((0, 0), SIZE))
    return view


@pytest.mark.parametrize("zoom", [0.5, 1.3])
def test_the_whole_board_view_shows_the_board_as_painted(board, zoom: float) -> None:
    view = view_of(board)
    centre = (board.bounds[0] + board.bounds[2] * 0.45, board.bounds[1] + board.bounds[3] * 0.6)
    got = shown(view, zoom, centre)
    assert view.picture.whole and view.picture.scale == zoom
    assert differing(got, expected(board, zoom, view)) == 0


@pytest.mark.parametrize("zoom", [1.3, 2.6])
def test_a_tiled_board_looks_like_the_board_painted_whole(board, zoom: float, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiles are painted on the same pixel grid as the whole board: no seams, nothing moved."""
    monkeypatch.setattr(tiles, "WHOLE_PIXELS", 0)
    monkeypatch.setattr(tiles, "TILE", 128)  # many tile edges across the view
    view = view_of(board)
    centre = (board.bounds[0] + board.bounds[2] * 0.3, board.bounds[1] + board.bounds[3] * 0.5)
    got = shown(view, zoom, centre)
    assert not view.picture.whole and len(view.picture.tiles) > 12
    assert differing(got, expected(board, zoom, view)) < SIZE[0] * SIZE[1] // 1000  # a seam would be thousands


def test_zoomed_in_the_view_holds_the_board_at_its_zoom_near_the_view_only(board) -> None:
    """At the largest zoom the board is painted at that zoom (sharp), in tiles around the view,
    not whole: a small part of what the whole board at that zoom would hold."""
    view = view_of(board)
    zoom = view.camera.max_zoom
    shown(view, zoom, (board.bounds[0] + board.bounds[2] / 2, board.bounds[1] + board.bounds[3] / 2))
    whole_w, whole_h = board.size_at(zoom)
    tiles_held = sum(t.get_width() * t.get_height() for t in view.picture.tiles.values())
    assert view.picture.scale == zoom and not view.picture.whole
    assert view.picture.pixels() < tiles_held + 1.1 * tiles.OVERVIEW_PIXELS
    ring = (SIZE[0] + 4 * tiles.TILE) * (SIZE[1] + 4 * tiles.TILE)
    assert tiles_held <= ring < whole_w * whole_h


def test_a_short_pan_paints_nothing_a_long_one_paints_once_and_forgets_far_tiles(
    board, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tiles, "WHOLE_PIXELS", 0)
    view = view_of(board)
    zoom = 3.0
    x, y = board.bounds[0] + board.bounds[2] * 0.2, board.bounds[1] + board.bounds[3] / 2
    shown(view, zoom, (x, y))
    painted = view.picture.painted
    shown(view, zoom, (x + 100 / zoom, y))  # within the ring painted ahead
    assert view.picture.painted == painted
    first = set(view.picture.tiles)
    shown(view, zoom, (x + 4000 / zoom, y))
    assert view.picture.painted == painted + 1
    assert not first & set(view.picture.tiles)  # the tiles left behind are gone


def test_while_zooming_the_last_picture_is_stretched_and_painted_sharp_once_the_zoom_rests(board) -> None:
    view = view_of(board)
    centre = (board.bounds[0] + board.bounds[2] / 2, board.bounds[1] + board.bounds[3] / 2)
    shown(view, 1.0, centre)
    view.zoom(view.viewport.center, 1.5)
    view.update(0.0)
    screen = pygame.Surface(SIZE)
    view.draw(screen)
    assert view.picture.scale == 1.0  # not painted again mid-zoom
    view.zoomed_at -= 2 * SETTLE
    view.update(0.0)
    assert view.picture.scale == pytest.approx(1.5)


def test_zooming_out_of_tiles_shows_the_overview_not_grass(board, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mid-zoom, where the tiles of the last zoom do not reach, a small picture of the whole
    board stands in, so the track does not vanish until the zoom rests."""
    monkeypatch.setattr(tiles, "WHOLE_PIXELS", 0)
    view = view_of(board)
    centre = (board.bounds[0] + board.bounds[2] / 2, board.bounds[1] + board.bounds[3] / 2)
    shown(view, 3.0, centre)
    view.zoom(view.viewport.center, 1 / 5)
    view.update(0.0)
    screen = pygame.Surface(SIZE)
    view.draw(screen)
    assert view.picture.scale == 3.0
    far = [
        s
        for s in board.track.spaces
        if not s.in_pit and abs(s.x - centre[0]) > 500 and view.viewport.collidepoint(view.to_screen((s.x, s.y)))
    ]  # beyond the tiles painted at 3.0
    assert far
    for s in far:
        sx, sy = view.to_screen((s.x, s.y))
        assert tuple(screen.get_at((round(sx), round(sy))))[:3] not in (GRASS, GRASS_STRIPE), s.name


def test_the_ring_a_pan_opens_is_painted_one_tile_a_frame_once_the_camera_rests(
    board, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the camera moves nothing is painted that the view does not show; at rest the ring
    ahead fills in one tile a frame, and the view says it is still busy until it has."""
    monkeypatch.setattr(tiles, "WHOLE_PIXELS", 0)
    view = view_of(board)
    zoom = 3.0
    x, y = board.bounds[0] + board.bounds[2] * 0.3, board.bounds[1] + board.bounds[3] / 2
    shown(view, zoom, (x, y))
    painted = view.picture.painted
    shown(view, zoom, (x + 1.2 * tiles.TILE / zoom, y))  # the view stays inside the ring painted
    assert view.picture.painted == painted and view.animating()  # moved: the opened ring waits
    for _ in range(10):
        view.update(0.0)
    rows = view.picture._span(view.world_view(), tiles.RING)
    assert all(k in view.picture.tiles for k in view.picture._keys(rows))
    assert view.picture.painted - painted == rows[3] - rows[1]  # the opened column, one tile a frame
    assert not view.animating()


# the oval's board is 1788 map px wide: at this zoom 1163.0 px unrounded, 1162.98 as painted
ODD_ZOOM = 0.6504465942016342


def test_the_size_a_board_is_told_is_the_size_it_is_painted(board) -> None:
    assert board.paint(BoardOptions(arrows=False), ODD_ZOOM).get_size() == board.size_at(ODD_ZOOM)


def test_a_board_stretched_over_its_far_edge_draws(board) -> None:
    """A race screen once fell back to the menu: its board, told a pixel wider than it was painted,
    was read past its edge while the zoom changed with the board's far corner in view."""
    view = view_of(board)
    bx, by, bw, bh = board.bounds
    shown(view, ODD_ZOOM, (bx + bw, by + bh))
    view.zoom(view.viewport.center, 1.1)  # stretched: painted at ODD_ZOOM, shown larger
    screen = pygame.Surface(SIZE)
    view.draw(screen)
    assert view.picture.scale == ODD_ZOOM
