"""The keyboard's way through a screen: key names, the focus ring over widgets, and its drawing.

The ring appears once the player presses a focus key (Tab by default) and moves
over the visible buttons, sliders and text fields in reading order; the focused
one is pressed with the press key (Enter by default) or Space. A mouse player
never sees it.
"""

from __future__ import annotations

import pygame

from game import theme
from game.storage.keys import ALIASES, SHIFT
from game.texts import tr
from game.widgets.controls import Button, Slider, TextField, Widget

RING_GAP = 4  # px between a widget and its focus ring
SLIDER_STEP = 5  # a slider's value moves this much per arrow key
#: Keys whose names the game says in words (the rest are shown as pygame names them, capitalised).
SPOKEN = ("return", "space", "backspace", "tab", "delete", "insert", "home", "end", "page up", "page down")


def key_name(event: pygame.event.Event) -> str:
    """The key map's name of a KEYDOWN's key: "tab", "shift+tab", "return" (the keypad's Enter too)."""
    base = pygame.key.name(event.key).lower()
    base = ALIASES.get(base, base)
    return SHIFT + base if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else base


def key_label(name: str) -> str:
    """A key as the player reads it: "Shift+Tab", "Enter", "E"."""
    shifted = name.startswith(SHIFT)
    base = name.removeprefix(SHIFT)
    word = tr(f"key.{base.replace(' ', '_')}") if base in SPOKEN else (base.upper() if len(base) == 1 else base.title())
    return tr("key.shifted", name=word) if shifted else word


def focusable(w: Widget) -> bool:
    return w.visible and isinstance(w, (Button, Slider, TextField)) and w.rect.width > 0 and w.rect.height > 0


def reading_order(widgets: list[Widget]) -> list[Widget]:
    """The focusable widgets top to bottom, left to right (a row's widgets share their top)."""
    return sorted((w for w in widgets if focusable(w)), key=lambda w: (w.rect.top, w.rect.left))


class FocusRing:
    """Which widget the keys act on; none until a focus key is pressed."""

    def __init__(self) -> None:
        self.widget: Widget | None = None

    def current(self, widgets: list[Widget]) -> Widget | None:
        """The focused widget if it is still among ``widgets`` and can take focus."""
        w = self.widget
        return w if w is not None and focusable(w) and any(w is x for x in widgets) else None

    def move(self, widgets: list[Widget], step: int) -> Widget | None:
        """The next (``step`` 1) or previous (-1) widget in reading order, round the end."""
        order = reading_order(widgets)
        if not order:
            self.widget = None
            return None
        now = self.current(widgets)
        if now is None:
            self.widget = order[0] if step > 0 else order[-1]
        else:
            self.widget = order[(next(i for i, w in enumerate(order) if w is now) + step) % len(order)]
        return self.widget

    def press(self, widgets: list[Widget]) -> bool:
        """Press the focused widget as a click would; True if there was one to press."""
        w = self.current(widgets)
        if isinstance(w, Button):
            Widget.sound("click")
            w.on_click()
            return True
        if isinstance(w, TextField):
            TextField.focused = w
            return True
        return w is not None

    def nudge(self, widgets: list[Widget], step: int) -> bool:
        """Left or right on a focused slider moves its value; True if it did."""
        w = self.current(widgets)
        if not isinstance(w, Slider):
            return False
        w.on_change(max(0, min(100, w.value() + step * SLIDER_STEP)))
        return True

    def draw(self, surface: pygame.Surface, widgets: list[Widget]) -> None:
        w = self.current(widgets)
        if w is not None:
            draw_ring(surface, w.rect)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A focus ring round ``rect``: a light line in a dark one, seen on any background."""
    outer = rect.inflate(2 * RING_GAP + 4, 2 * RING_GAP + 4)
    pygame.draw.rect(surface, theme.PANEL_DARK, outer, 5, border_radius=11)
    pygame.draw.rect(surface, theme.YELLOW, outer.inflate(-2, -2), 3, border_radius=10)
