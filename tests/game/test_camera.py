"""The camera: world <-> screen conversion, zoom at the cursor, fitting a track on screen."""

from __future__ import annotations

import pytest

from game.board.camera import Camera
from tests.game.test_board import oval_track

POINTS = [(0.0, 0.0), (123.5, -40.25), (1250.0, 730.0), (-300.0, 999.0)]


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-6 and abs(a[1] - b[1]) < 1e-6


@pytest.mark.parametrize("zoom", [0.1, 0.37, 1.0, 2.5, 6.0])
def test_to_world_undoes_to_screen(zoom: float) -> None:
    cam = Camera(zoom=zoom, offset=(-87.0, 412.5))
    for p in POINTS:
        assert close(cam.to_world(cam.to_screen(p)), p)
        assert close(cam.to_screen(cam.to_world(p)), p)


@pytest.mark.parametrize("factor", [1.15, 0.8, 3.0, 0.25])
def test_zoom_at_keeps_the_point_under_the_cursor(factor: float) -> None:
    cam = Camera(zoom=1.3, offset=(50.0, -20.0))
    cursor = (411.0, 257.0)
    before = cam.to_world(cursor)
    cam.zoom_at(cursor, factor)
    assert cam.zoom == pytest.approx(1.3 * factor)
    assert close(cam.to_world(cursor), before)


def test_zoom_is_clamped_and_still_keeps_the_cursor_point() -> None:
    cam = Camera(zoom=1.0, min_zoom=0.5, max_zoom=2.0)
    cursor = (100.0, 80.0)
    before = cam.to_world(cursor)
    cam.zoom_at(cursor, 100.0)
    assert cam.zoom == 2.0
    assert close(cam.to_world(cursor), before)
    cam.zoom_at(cursor, 0.0001)
    assert cam.zoom == 0.5


def test_pan_moves_the_picture_with_the_mouse() -> None:
    cam = Camera(zoom=2.0)
    p = (10.0, 20.0)
    before = cam.to_screen(p)
    cam.pan(30.0, -12.0)
    after = cam.to_screen(p)
    assert close((after[0] - before[0], after[1] - before[1]), (30.0, -12.0))


@pytest.mark.parametrize("screen", [(1280, 800), (640, 360), (400, 900)])
def test_fit_puts_the_whole_track_on_screen(screen: tuple[int, int]) -> None:
    track = oval_track()
    xs, ys = [s.x for s in track.spaces], [s.y for s in track.spaces]
    rect = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    cam = Camera()
    top = 60.0
    cam.fit(rect, screen, margin=10.0, top=top)
    for s in track.spaces:
        x, y = cam.to_screen((s.x, s.y))
        assert 10.0 - 1e-6 <= x <= screen[0] - 10.0 + 1e-6
        assert top + 10.0 - 1e-6 <= y <= screen[1] - 10.0 + 1e-6
    # the track fills the space in at least one direction: fitted, not merely shrunk
    left, upper = cam.to_screen((rect[0], rect[1]))
    right, lower = cam.to_screen((rect[0] + rect[2], rect[1] + rect[3]))
    assert right - left == pytest.approx(screen[0] - 20.0) or lower - upper == pytest.approx(screen[1] - top - 20.0)


def test_view_is_what_the_screen_shows() -> None:
    cam = Camera(zoom=2.0, offset=(100.0, 50.0))
    assert cam.view((800, 600)) == (100.0, 50.0, 400.0, 300.0)
