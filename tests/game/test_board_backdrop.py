"""The board view keeps what its viewport shows (ground and board) as one backdrop while nothing
it shows changes, and draws it anew when the zoom, the camera, the window, the picture or the
board (a saved map) change; a board shown in place of another is painted first where the view
shows it (frame time; hot reload within a second)."""

from __future__ import annotations

import time

import pygame
import pytest

from game import texts
from game.board.render import BoardRenderer
from game.board.view import SETTLE, BoardView
from game.scenes.hotreload import swap_board
from tests.game.test_board_tiles import SIZE, differing, expected
from tests.ui.helpers import catalogue, open_display


@pytest.fixture(scope="module")
def board():
    open_display(SIZE)
    return catalogue().get("oval.tmx").board


def rested(board, zoom: float = 0.5) -> BoardView:
    view = BoardView(board)
    view.set_viewport(pygame.Rect((0, 0), SIZE))
    view.camera.zoom = zoom
    view.centre_on((board.bounds[0] + board.bounds[2] / 2, board.bounds[1] + board.bounds[3] / 2))
    view.zoomed_at = time.monotonic() - 2 * SETTLE
    view.update(0.0)
    return view


def frame(view: BoardView, screen: pygame.Surface) -> pygame.Surface:
    screen.fill((255, 0, 255))
    view.update(0.0)
    view.draw(screen)
    return screen


def test_a_resting_view_draws_its_backdrop_once_and_then_blits_it_unchanged(board) -> None:
    view = rested(board, 0.3)  # zoomed out: the ground shows around the board
    screen = pygame.Surface(SIZE)
    first = frame(view, screen).copy()
    for _ in range(5):
        assert differing(frame(view, screen), first) == 0
    assert view.composed == 2  # drawn, drawn again the same and kept
    assert differing(first, expected(board, 0.3, view)) == 0  # the same as ground and board drawn
    bare = view._bare(view.viewport, view.world_view())  # the ground only around the board
    assert len(bare) == 4 and sum(r.width * r.height for r in bare) < SIZE[0] * SIZE[1] - 500 * 150


def test_the_backdrop_is_drawn_anew_after_a_pan_a_zoom_and_a_resize(board) -> None:
    view = rested(board)
    screen = pygame.Surface(SIZE)
    frame(view, screen)
    frame(view, screen)  # kept
    view.camera.pan(13, -7)
    got = frame(view, screen)
    assert view.composed == 3 and differing(got, expected(board, 0.5, view)) == 0
    view.zoom(view.viewport.center, 1.15)
    frame(view, screen)
    assert view.composed == 4  # stretched while the zoom changes
    view.zoomed_at = time.monotonic() - 2 * SETTLE
    got = frame(view, screen)
    assert view.composed == 5 and view.picture.scale == view.camera.zoom
    assert differing(got, expected(board, view.camera.zoom, view)) == 0
    smaller = pygame.Surface((800, 500))
    view.set_viewport(pygame.Rect(0, 0, 800, 500))
    frame(view, smaller)
    assert view.composed == 6


def test_a_moving_camera_draws_every_frame_anew_without_keeping_a_copy(board) -> None:
    view = rested(board)
    screen = pygame.Surface(SIZE)
    for _ in range(4):
        view.camera.pan(2, 0)
        got = frame(view, screen)
    assert view.composed == 4 and view._backdrop is None
    assert differing(got, expected(board, 0.5, view)) == 0


def test_the_backdrop_follows_the_language_and_a_saved_map(board) -> None:
    view = rested(board)
    screen = pygame.Surface(SIZE)
    frame(view, screen)
    frame(view, screen)  # kept
    try:
        texts.set_language("de")
        frame(view, screen)
        assert view.composed == 3  # painted again in German, so drawn again
    finally:
        texts.set_language("en")
    new = BoardRenderer(board.track.model_copy(update={"name": "Neu"}), art=board.art)
    swap_board(view, new)
    frame(view, screen)
    assert view.composed == 4 and view.board is new and view.picture.board is new


def test_a_swapped_board_is_painted_where_the_view_shows_it_first_and_whole_when_the_camera_rests(board) -> None:
    view = rested(board, 0.9)
    screen = pygame.Surface(SIZE)
    frame(view, screen)
    swap_board(view, BoardRenderer(board.track, art=board.art))
    view._last_shot = (0.0, (0.0, 0.0))  # the camera moved in the frame the save came
    view.update(0.0)
    picture = view.picture
    assert picture.part is not None and not picture.tiles and picture.painted == 1
    part = picture.part[0]
    assert part.width * part.height < picture.size[0] * picture.size[1]  # only what the view shows
    got = frame(view, screen)  # the camera rests: the whole board is painted now
    assert picture.tiles and picture.part is None and picture.painted == 2
    assert differing(got, expected(board, 0.9, view)) == 0


def test_a_view_leaving_the_part_painted_first_gets_the_whole_board_at_once(board) -> None:
    view = rested(board, 0.9)
    screen = pygame.Surface(SIZE)
    frame(view, screen)
    swap_board(view, BoardRenderer(board.track, art=board.art))
    view._last_shot = (0.0, (0.0, 0.0))
    view.update(0.0)
    picture = view.picture
    assert picture.part is not None and picture.painted == 1
    view.camera.pan(-picture.part[0].width, 0)  # gliding on, beyond the part
    view.update(0.0)
    assert picture.tiles and picture.part is None and picture.painted == 2  # the whole one, not another part
