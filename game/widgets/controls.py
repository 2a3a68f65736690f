"""Buttons, sliders and text fields: they turn mouse and keys into callbacks.

Each widget has a ``rect`` set by its scene's layout (the window can be
resized at any time), an ``id`` the debug status reports, and an optional
hint shown as a tooltip while the mouse rests on it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import ClassVar, Literal

import pygame

from game import theme

Text = Callable[[], str]
KNOB = 11  # the slider knob's radius: the bar stops this far inside the rect, so the knob stays in it
VALUE_W = 64  # room for the slider's value at its right end
Style = Literal["normal", "primary", "ghost", "danger"]


def _noise(name: str) -> None:
    """Default click sound: none (the app plugs its sound player in)."""


class Widget(ABC):
    #: Played on every click that does something; the app sets it to its sound player.
    sound: ClassVar[Callable[[str], None]] = staticmethod(_noise)

    def __init__(self, id: str, hint: Callable[[], list[str]] | None = None) -> None:
        self.id = id
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self._hint = hint

    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True if it was used up."""
        return False

    @abstractmethod
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the widget into its rect."""

    def hint(self) -> list[str]:
        return self._hint() if self._hint else []

    def over(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)


class Button(Widget):
    def __init__(
        self,
        id: str,
        label: Text,
        on_click: Callable[[], None],
        style: Style = "normal",
        px: int = 26,
        hint: Callable[[], list[str]] | None = None,
        swatch: Callable[[], theme.Colour] | None = None,
    ) -> None:
        super().__init__(id, hint)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.px = px
        self.swatch = swatch  # a colour sample instead of a plain background
        self._pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, False
            if pressed and self.rect.collidepoint(event.pos):
                Widget.sound("click")
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.paint(surface, self.rect, self.over(theme.pointer()) and pygame.mouse.get_focused())

    def paint(self, surface: pygame.Surface, rect: pygame.Rect, hover: bool) -> None:
        """The button at ``rect``, lit up when ``hover``: a dialog also paints it into its cached picture."""
        if self.swatch is not None:
            fill = self.swatch()
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            pygame.draw.rect(surface, theme.YELLOW if hover else theme.shade(fill, 0.6), rect, 2, border_radius=8)
            label = self.label()
            if label:
                theme.text(surface, label, self.px, theme.ink_on(fill), rect.center, "center")
            return
        base = {"normal": theme.BUTTON, "primary": theme.RED, "ghost": theme.PANEL, "danger": theme.RED_DARK}[
            self.style
        ]
        fill = theme.shade(base, 1.18) if hover else base
        if self._pressed:
            fill = theme.shade(base, 0.8)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        rim = theme.YELLOW if hover else theme.shade(base, 1.35)
        pygame.draw.rect(surface, rim, rect, 1 if self.style != "primary" else 2, border_radius=8)
        room = rect.width - 12
        px = theme.fitting_px(self.label(), self.px, room)
        theme.text(surface, theme.fit_text(self.label(), px, room), px, theme.TEXT, rect.center, "center")


class Slider(Widget):
    """A value from 0 to 100, set by clicking or dragging along the bar; the value is written at
    the rect's right end, after the bar."""

    def __init__(self, id: str, value: Callable[[], int], on_change: Callable[[int], None]) -> None:
        super().__init__(id)
        self.value = value
        self.on_change = on_change
        self._dragging = False

    @property
    def bar(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + KNOB, self.rect.centery - 4, self.rect.width - VALUE_W - 2 * KNOB, 8)

    def _set(self, x: int) -> None:
        bar = self.bar
        v = round(100 * (x - bar.left) / max(1, bar.width))
        self.on_change(max(0, min(100, v)))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._dragging = True
            self._set(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._dragging:
            self._set(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging:
            self._dragging = False
            Widget.sound("click")
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        bar = self.bar
        pygame.draw.rect(surface, theme.BUTTON, bar, border_radius=4)
        filled = bar.copy()
        filled.width = round(bar.width * self.value() / 100)
        pygame.draw.rect(surface, theme.RED, filled, border_radius=4)
        knob = (bar.left + filled.width, bar.centery)
        pygame.draw.circle(surface, theme.TEXT, knob, KNOB)
        pygame.draw.circle(surface, theme.RED, knob, KNOB, 2)
        theme.text(surface, f"{self.value()}%", 22, theme.DIM, (self.rect.right - 4, self.rect.centery), "midright")


class TextField(Widget):
    """One line of text, edited after a click; Enter, Esc or a click elsewhere ends editing."""

    focused: ClassVar[TextField | None] = None

    def __init__(
        self,
        id: str,
        value: Callable[[], str],
        on_change: Callable[[str], None],
        max_len: int,
        hint: Callable[[], list[str]] | None = None,
    ) -> None:
        super().__init__(id, hint)
        self.value = value
        self.on_change = on_change
        self.max_len = max_len

    @property
    def editing(self) -> bool:
        return TextField.focused is self

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                TextField.focused = self
                return True
            if self.editing:
                TextField.focused = None
            return False
        if not self.editing:
            return False
        if event.type == pygame.TEXTINPUT:
            text = (self.value() + event.text)[: self.max_len]
            self.on_change(text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.on_change(self.value()[:-1])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                TextField.focused = None
            return True  # typing never reaches the scene's shortcuts
        return False

    def draw(self, surface: pygame.Surface) -> None:
        hover = self.rect.collidepoint(theme.pointer())
        pygame.draw.rect(surface, theme.PANEL_DARK, self.rect, border_radius=6)
        rim = theme.YELLOW if self.editing else (theme.DIM if hover else theme.EDGE)
        pygame.draw.rect(surface, rim, self.rect, 2 if self.editing else 1, border_radius=6)
        room = self.rect.width - 24
        shown = self.value()
        if self.editing:  # the end being typed stays in sight
            while shown and theme.font(24).size(shown)[0] > room:
                shown = shown[1:]
        else:
            shown = theme.fit_text(shown, 24, room)
        r = theme.text(surface, shown, 24, theme.TEXT, (self.rect.left + 10, self.rect.centery), "midleft")
        if self.editing and (pygame.time.get_ticks() // 500) % 2 == 0:
            pygame.draw.line(surface, theme.YELLOW, (r.right + 2, r.top), (r.right + 2, r.bottom), 2)
