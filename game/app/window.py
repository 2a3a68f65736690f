"""The game's one window: resizable down to a minimum size, and fullscreen at the screen's origin.

Screens are laid out for windows from ``MINIMUM`` up, so nothing is cut off;
on a larger window they may be drawn at a UI scale (``game.app.scale``), and
the window opens at the preferred size times that scale. A
window manager keeps a window at least its minimum size; without one (a bare
X server) the game grows the window back itself. Fullscreen keeps the
desktop's resolution; going back restores the window's size and place.
"""

from __future__ import annotations

import pygame

MINIMUM = (1024, 640)  # the smallest window, in window pixels: the screens' layouts start here at scale 1
PREFERRED = (1280, 800)


def first_size(desktop: tuple[int, int], scale: float = 1.0) -> tuple[int, int]:
    """The preferred size at the UI ``scale``, smaller where the desktop is smaller, but never below the minimum."""
    preferred = (round(PREFERRED[0] * scale), round(PREFERRED[1] * scale))
    return (max(MINIMUM[0], min(preferred[0], desktop[0])), max(MINIMUM[1], min(preferred[1], desktop[1])))


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    return (max(MINIMUM[0], size[0]), max(MINIMUM[1], size[1]))


class GameWindow:
    """A ``pygame.Window`` with the game's rules for its size; toggling fullscreen never re-creates it."""

    def __init__(self, title: str, fullscreen: bool = False, scale: float = 1.0) -> None:
        """``scale``: the UI scale the game will be drawn at, so the first window shows as much."""
        desktop = pygame.display.get_desktop_sizes()[0]
        self.window = pygame.Window(title, first_size(desktop, scale), resizable=True)
        self.window.minimum_size = MINIMUM
        self.fullscreen = False
        self._windowed = (self.window.position, self.window.size)
        if fullscreen:
            self.set_fullscreen(True)

    @property
    def surface(self) -> pygame.Surface:
        return self.window.get_surface()

    def flip(self) -> None:
        self.window.flip()

    def close(self) -> None:
        self.window.destroy()

    def set_title(self, title: str) -> None:
        self.window.title = title

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen at the desktop's resolution, or back to the window as it was."""
        if on == self.fullscreen:
            return
        self.fullscreen = on
        if on:
            self._windowed = (self.window.position, self.window.size)
            if pygame.display.get_num_displays() == 1:
                # Without a window manager nobody moves a fullscreen window to the origin: the
                # board was drawn at the window's old offset, cut off at the screen's edges.
                self.window.position = (0, 0)
                self.window.size = pygame.display.get_desktop_sizes()[0]
            self.window.set_fullscreen(desktop=True)
        else:
            self.window.set_windowed()
            position, size = self._windowed
            self.window.size = size
            self.window.position = position

    def keep_minimum(self) -> None:
        """After a resize: a window made smaller than the minimum (no window manager) grows back."""
        size = self.window.size
        if not self.fullscreen and at_least_minimum(size) != size:
            self.window.size = at_least_minimum(size)
