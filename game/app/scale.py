"""The UI scale: how many window pixels one pixel of a screen's layout takes.

Every screen lays out for a logical window, the real one divided by the scale,
and the app scales that picture up to the window. So every layout keeps
reflowing from its size, and text grows with the scale instead of shrinking to
a few pixels on a 4K display. The logical window never gets smaller than the
smallest window the screens are laid out for (``MINIMUM``).

"auto" follows the display's density, its pixels per 96-DPI pixel: the DPI SDL
reports over 96, or, where SDL does not know the DPI (X servers without the
monitor's size, the dummy driver), the desktop's size over full HD, since a
desktop of more pixels than that is usually a denser screen rather than a
wider one.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import lru_cache
from pathlib import Path

import pygame

from game.app.window import MINIMUM
from game.storage.settings import UI_SCALES

BASE_DPI = 96.0  # the DPI a scale of 1 is drawn for
FULL_HD = (1920, 1080)
DPI_RANGE = (48.0, 600.0)  # a reported DPI outside this is a driver's guess, not a screen's


def density(dpi: float | None, desktop: tuple[int, int]) -> float:
    """The display's pixels per 96-DPI pixel: from its ``dpi`` where known, else from the ``desktop``'s size."""
    if dpi is not None and DPI_RANGE[0] <= dpi <= DPI_RANGE[1]:
        return dpi / BASE_DPI
    return max(1.0, min(desktop[0] / FULL_HD[0], desktop[1] / FULL_HD[1]))


def largest_scale(window: tuple[int, int]) -> float:
    """The largest offered scale whose logical window is still at least ``MINIMUM``."""
    fitting = [s for s in UI_SCALES if window[0] // s >= MINIMUM[0] and window[1] // s >= MINIMUM[1]]
    return max(fitting, default=UI_SCALES[0])


def chosen_scale(setting: str | float, window: tuple[int, int], display_density: float) -> float:
    """The scale a ``window`` is drawn at: the setting's number, or for "auto" the offered scale
    nearest the display's density; never so large that the logical window gets below ``MINIMUM``."""
    wanted = min(UI_SCALES, key=lambda s: abs(s - display_density)) if setting == "auto" else float(setting)
    return min(wanted, largest_scale(window))


def logical_size(window: tuple[int, int], scale: float) -> tuple[int, int]:
    """The size the screens lay out for in a ``window`` drawn at ``scale``."""
    return (int(window[0] // scale), int(window[1] // scale))


def window_density(window: pygame.Window) -> float:
    """The density of the display that shows most of ``window``."""
    index = _window_display(window)
    desktops = pygame.display.get_desktop_sizes()
    desktop = desktops[index] if 0 <= index < len(desktops) else desktops[0]
    return density(display_dpi(index), desktop)


def display_dpi(index: int) -> float | None:
    """The diagonal DPI SDL reports for display ``index``; None where it cannot tell."""
    sdl = _sdl()
    if sdl is None:
        return None
    dpi = ctypes.c_float()
    try:
        failed = sdl.SDL_GetDisplayDPI(index, ctypes.byref(dpi), None, None)
    except (AttributeError, OSError):
        return None
    return None if failed or dpi.value <= 0 else float(dpi.value)


def _window_display(window: pygame.Window) -> int:
    """Which display ``window`` is on (0 where SDL cannot be asked)."""
    sdl = _sdl()
    if sdl is None:
        return 0
    try:
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        handle = sdl.SDL_GetWindowFromID(ctypes.c_uint32(window.id))
        index = sdl.SDL_GetWindowDisplayIndex(ctypes.c_void_p(handle)) if handle else -1
    except (AttributeError, OSError):
        return 0
    return max(0, int(index))


@lru_cache(maxsize=1)
def _sdl() -> ctypes.CDLL | None:
    """The SDL library pygame runs on (pygame-ce has no call for the DPI): the copy its wheel
    bundles, else the system's; loading it again hands back the copy already loaded."""
    here = Path(pygame.__file__).parent
    bundled = [*here.parent.glob("pygame_ce.libs/libSDL2-2*"), *here.glob(".dylibs/libSDL2*"), *here.glob("SDL2.dll")]
    system = ctypes.util.find_library("SDL2")
    for path in [*map(str, bundled), *([system] if system else [])]:
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    return None
