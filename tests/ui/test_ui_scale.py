"""One UI scale for every screen: chosen from the window's size and the display's DPI, changed in the
settings at once, and the mouse and the status file in window pixels whatever the scale."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import theme
from game.app.loop import App
from game.app.scale import chosen_scale, density, display_dpi, largest_scale, logical_size
from game.app.status import in_window
from game.app.window import MINIMUM, PREFERRED, first_size
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.settings import SettingsScene
from game.storage.settings import UI_SCALES, Settings, load_settings
from tests.ui.helpers import make_app, open_display, spy_texts

UHD = (3840, 2160)


@pytest.fixture(autouse=True)
def unscaled() -> Iterator[None]:
    """The pointer's scale is the app's, kept in the theme: the next test starts at scale 1."""
    yield
    theme.set_pointer_scale(1.0, 1.0)


def scaled_app(tmp_path: Path, size: tuple[int, int], **settings: object) -> App:
    """An App shown on the dummy display of ``size`` (as a window of that size), with the menu open."""
    app = make_app(tmp_path)
    app.settings = app.settings.model_copy(update={"mute": True, **settings})
    app.show_on(open_display(size))
    app.push(MenuScene(app))
    return app


def click(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos`` in window pixels, through the app as SDL delivers it."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=pos, button=1, touch=False, window=None))


def press(app: App, button_id: str) -> None:
    """Click a button where the status file says it is, as the end-to-end tests and xdotool do."""
    app.frame(0.016)
    x, y = app.status()["buttons"][button_id]
    click(app, (x, y))


# --- the scale chosen -------------------------------------------------------------------------------


def test_the_density_is_the_dpi_over_96_where_sdl_knows_it() -> None:
    assert density(192.0, (1920, 1080)) == 2.0
    assert density(144.0, UHD) == 1.5


@pytest.mark.parametrize("dpi", [None, 0.0, -1.0, 5000.0])
def test_without_a_believable_dpi_the_desktop_size_tells_the_density(dpi: float | None) -> None:
    assert density(dpi, UHD) == 2.0
    assert density(dpi, (2560, 1440)) == pytest.approx(4 / 3)
    assert density(dpi, (1920, 1080)) == 1.0
    assert density(dpi, (1366, 768)) == 1.0  # a small screen is never drawn below scale 1


@pytest.mark.parametrize(
    "window, dens, scale",
    [
        ((1024, 640), 1.0, 1.0),
        ((1366, 768), 1.0, 1.0),
        ((1920, 1080), 1.0, 1.0),
        (UHD, 2.0, 2.0),  # a 4K desktop (or a 192-DPI one) at twice the size
        ((2560, 1440), 4 / 3, 1.25),  # the offered scale nearest the density
        ((1920, 1080), 1.5, 1.5),  # a dense laptop screen (144 DPI)
        ((1280, 800), 2.0, 1.25),  # a small window on a dense display: as large as still leaves 1024x640
        ((1024, 640), 3.0, 1.0),  # the smallest window has no room for any larger scale
        (UHD, 3.0, 3.0),  # a 4K laptop of 288 DPI: the logical window is 1280x720
    ],
)
def test_auto_takes_the_density_as_far_as_the_window_allows(window: tuple[int, int], dens: float, scale: float) -> None:
    assert chosen_scale("auto", window, dens) == scale
    logical = logical_size(window, scale)
    assert logical[0] >= MINIMUM[0] and logical[1] >= MINIMUM[1]


def test_a_chosen_number_is_kept_where_the_window_has_room_for_it() -> None:
    assert chosen_scale(1.0, UHD, 2.0) == 1.0
    assert chosen_scale(2.5, UHD, 1.0) == 2.5
    assert chosen_scale(3.0, (1920, 1080), 1.0) == largest_scale((1920, 1080)) == 1.5


def test_sdl_is_asked_for_the_dpi_and_the_dummy_driver_does_not_know_it() -> None:
    pygame.display.init()
    assert display_dpi(0) is None


def test_the_first_window_is_the_preferred_size_at_the_scale() -> None:
    assert first_size(UHD, 2.0) == (2 * PREFERRED[0], 2 * PREFERRED[1])  # what a 4K desktop shows at 1280x800
    assert first_size((2560, 1440), 1.25) == (1600, 1000)
    assert first_size((1920, 1080), 1.5) == (1920, 1080)  # never larger than the desktop
    assert first_size((1920, 1080)) == PREFERRED


# --- the setting -------------------------------------------------------------------------------------


def test_the_setting_is_auto_or_an_offered_number_and_a_bad_one_is_reset_with_a_notice(tmp_path: Path) -> None:
    assert Settings().ui_scale == "auto"
    (tmp_path / "settings.json").write_text(json.dumps({"ui_scale": 1.5, "volume": 30}))
    assert load_settings(tmp_path)[0].ui_scale == 1.5
    (tmp_path / "settings.json").write_text(json.dumps({"ui_scale": 7, "volume": 30}))
    settings, notices = load_settings(tmp_path)
    assert (settings.ui_scale, settings.volume) == ("auto", 30)
    assert notices[0].values["field"] == "ui_scale"


def test_the_settings_change_the_scale_at_once_and_relay_the_screen_out(tmp_path: Path) -> None:
    app = scaled_app(tmp_path, UHD)
    assert (app.scale, app.size) == (2.0, (1920, 1080))
    press(app, "settings")
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    assert scene.box.center == (960, 540)

    press(app, "ui_scale.1.0")
    assert (app.scale, app.size, app.settings.ui_scale) == (1.0, UHD, 1.0)
    assert app.scene is scene and scene.box.center == (1920, 1080)  # laid out again for the larger logical window
    app.frame(0.016)
    assert app.status()["size"] == list(UHD)

    press(app, "ui_scale.3.0")
    assert (app.scale, app.size) == (3.0, (1280, 720))
    assert load_settings(tmp_path)[0].ui_scale == 3.0  # kept for the next start

    press(app, "ui_scale.auto")
    assert (app.scale, app.size, app.settings.ui_scale) == (2.0, (1920, 1080), "auto")


def test_the_settings_say_which_scale_the_window_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = scaled_app(tmp_path, (1920, 1080), ui_scale=3.0)
    assert app.scale == 1.5  # 3.0 leaves no room for the smallest layout: the largest that does
    app.push(SettingsScene(app))
    shown = spy_texts(monkeypatch)
    app.frame(0.016)
    assert "In use: 150%" in shown


def test_every_offered_scale_has_a_button(tmp_path: Path) -> None:
    app = scaled_app(tmp_path, (1920, 1080))
    app.push(SettingsScene(app))
    app.frame(0.016)
    buttons = app.status()["buttons"]
    assert {f"ui_scale.{s}" for s in ("auto", *UI_SCALES)} <= set(buttons)


# --- the mouse and the status file ----------------------------------------------------------------------


def test_a_click_at_scale_2_lands_on_the_button_under_the_mouse(tmp_path: Path) -> None:
    app = scaled_app(tmp_path, UHD)
    settings = app.scene.widgets[[w.id for w in app.scene.widgets].index("settings")]
    logical = settings.rect.center
    click(app, logical)  # where the button lies in the screen's own layout is elsewhere in the window
    assert app.scene.name == "menu"
    click(app, (settings.rect.left * 2 + 2, settings.rect.top * 2 + 2))  # its top left corner, in window pixels
    assert app.scene.name == "settings"


def test_the_status_reports_window_pixels(tmp_path: Path) -> None:
    app = scaled_app(tmp_path, UHD)
    app.frame(0.016)
    status = app.status()
    for button in app.scene.widgets:
        if button.visible and button.id:
            x, y = status["buttons"][button.id]
            assert (x // 2, y // 2) == button.rect.center
    assert (status["size"], status["scale"]) == ([3840, 2160], 2.0)


def test_every_point_of_a_status_is_moved_to_the_window() -> None:
    status = {
        "scene": "race",
        "buttons": {"fit": [10, 20]},
        "menu": [[1, 2]],
        "cells": {"Ann.0": [3, 4]},
        "targets": [{"space": "C1", "x": 5, "y": 6, "steps": 3}],
        "lines": [{"text": "a", "y": 7}],
        "dialog": {"kind": "crew", "buttons": {"ok": [8, 9]}},
        "round": 4,
    }
    moved = in_window(status, lambda p: (p[0] * 2 + 1, p[1] * 2 + 1))
    assert moved == {
        "scene": "race",
        "buttons": {"fit": [21, 41]},
        "menu": [[3, 5]],
        "cells": {"Ann.0": [7, 9]},
        "targets": [{"space": "C1", "x": 11, "y": 13, "steps": 3}],
        "lines": [{"text": "a", "y": 15}],
        "dialog": {"kind": "crew", "buttons": {"ok": [17, 19]}},
        "round": 4,
    }


def test_a_slow_drag_at_scale_2_moves_as_far_as_the_mouse_went(tmp_path: Path) -> None:
    scaled_app(tmp_path, UHD)
    x, moved = 1001, 0
    for _ in range(9):  # one window pixel at a time: half a pixel of the layout each
        x += 1
        event = App.logical(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 400), rel=(1, 0), buttons=(1, 0, 0)))
        moved += event.rel[0]
    assert moved == x // 2 - 1001 // 2
    assert event.pos == (x // 2, 200)
