"""The race screen's panels over the board: folding them away, and the board they leave free.

The running order, the race log and the dice tray lie over the board. Each can be folded to a
small tab by a click on its handle or a key of the key map (``race.fold_NAME``); the choice lasts for the session, kept
per ``App`` so every race of the session opens the same way. ``free_rects`` gives the parts of
the board no panel covers, where the camera frames what a player must see, and ``clear`` says
whether a point there can be clicked.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game import theme
from game.storage.keys import KeyMap
from game.texts import tr
from game.widgets.controls import Button
from game.widgets.focus import key_label

#: The panels that fold, in the order their keys run.
NAMES = ("order", "log", "dice")
TITLES = {"order": "standings.title", "log": "log.title", "dice": "dice.title"}
BOTTOM = ("log", "dice")  # the panels that stand on the board's bottom edge fold down, the running order up
HANDLE = 22  # px: the handle's square
TAB_H = 32  # px: a folded panel's height
REACH = 4  # px around a target's centre that must lie clear of every panel for it to be clickable

_folded: weakref.WeakKeyDictionary[object, set[str]] = weakref.WeakKeyDictionary()


def folded_in(app: object) -> set[str]:
    """The panels folded in this session of ``app`` (the same set for every race it shows)."""
    return _folded.setdefault(app, set())


class Keyed(Protocol):
    """What the panels need of the app (which lies above the widgets): the player's key map."""

    @property
    def keys(self) -> KeyMap: ...


class Handle(Button):
    """A small chevron that folds or unfolds its panel, pointing the way the panel will go; pressed
    like any button, drawn as a chevron instead of a label."""

    def __init__(self, name: str, panels: Panels) -> None:
        super().__init__(
            f"fold.{name}",
            lambda: "",
            lambda: panels.toggle(name),
            hint=lambda: [tr(f"panel.{'unfold' if panels.folded(name) else 'fold'}.{name}", keys=panels.key_of(name))],
        )
        self.name = name
        self.panels = panels

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        hover = self.over(theme.pointer()) and pygame.mouse.get_focused()
        pygame.draw.rect(surface, theme.shade(theme.BUTTON, 1.18) if hover else theme.BUTTON, r, border_radius=5)
        pygame.draw.rect(surface, theme.YELLOW if hover else theme.EDGE, r, 1, border_radius=5)
        cx, cy, d = r.centerx, r.centery, r.width // 4
        down = self.panels.folded(self.name) != (self.name in BOTTOM)
        tip, base = (cy + d // 2, cy - d // 2) if down else (cy - d // 2, cy + d // 2)
        pygame.draw.lines(surface, theme.TEXT, False, [(cx - d, base), (cx, tip), (cx + d, base)], 2)


class Panels:
    """Which panels are folded (for the session) and their handles; ``changed`` lays the screen out anew."""

    def __init__(self, app: Keyed, changed: Callable[[], None]) -> None:
        self.app = app
        self._folded = folded_in(app)
        self._changed = changed
        self.handles = {name: Handle(name, self) for name in NAMES}

    def folded(self, name: str) -> bool:
        return name in self._folded

    def toggle(self, name: str) -> None:
        """Fold the panel ``name`` ("order", "log", "dice"), or unfold it: what a handle's click
        and a key do, and what any other input may call."""
        self._folded.symmetric_difference_update({name})
        self._changed()

    def key_of(self, name: str) -> str:
        """The key that folds the panel ``name``, as the player's key map has it."""
        return key_label(self.app.keys.key(f"race.fold_{name}"))


def draw_tab(screen: pygame.Surface, rect: pygame.Rect, title: str, detail: str = "") -> None:
    """A folded panel: its title (and a short ``detail``, the dice's last value) on a small tab;
    the handle is drawn at its right end."""
    theme.panel(screen, rect, theme.PANEL_DARK, 215, radius=8)
    t = theme.text(screen, title.upper(), 17, theme.DIM, (rect.left + 10, rect.centery), "midleft")
    if detail:
        theme.text(screen, detail, 19, theme.TEXT, (t.right + 10, rect.centery), "midleft")


def tab_width(title: str, detail: str = "", extra: int = 0) -> int:
    """How wide a folded panel's tab is: its title, its ``detail``, ``extra`` px of buttons and its handle."""
    width = 10 + theme.font(17).size(title.upper())[0] + 10 + extra + HANDLE + 6
    if detail:
        width += theme.font(19).size(detail)[0] + 10
    return width


def handle_rect(panel: pygame.Rect, right: int | None = None) -> pygame.Rect:
    """A handle in the title row of ``panel``, its right edge at ``right`` (the panel's own right, less 6)."""
    r = pygame.Rect(0, 0, HANDLE, HANDLE)
    r.topright = ((panel.right - 6) if right is None else right, panel.top + (min(TAB_H, panel.height) - HANDLE) // 2)
    return r


def free_rects(area: pygame.Rect, covers: Sequence[pygame.Rect], gap: int = 8) -> list[pygame.Rect]:
    """The largest rectangles of ``area`` that no rect of ``covers`` (grown by ``gap``) touches:
    each is as wide and as tall as it can be, none lies inside another; the biggest first."""
    grown = [c.inflate(2 * gap, 2 * gap).clip(area) for c in covers]
    grown = [c for c in grown if c.width > 0 and c.height > 0]
    xs = sorted({area.left, area.right, *(c.left for c in grown), *(c.right for c in grown)})
    found: list[pygame.Rect] = []
    for i, x0 in enumerate(xs):
        for x1 in xs[i + 1 :]:
            blocks = sorted((c.top, c.bottom) for c in grown if c.left < x1 and c.right > x0)
            y = area.top
            for top, bottom in [*blocks, (area.bottom, area.bottom)]:
                if top > y:
                    found.append(pygame.Rect(x0, y, x1 - x0, top - y))
                y = max(y, bottom)
    unique = {tuple(r) for r in found}
    kept = [r for r in unique if not any(o != r and pygame.Rect(o).contains(r) for o in unique)]
    return [pygame.Rect(r) for r in sorted(kept, key=lambda r: (-r[2] * r[3], r))]


def clear(point: tuple[float, float], area: pygame.Rect, covers: Sequence[pygame.Rect]) -> bool:
    """Can a player click ``point``: inside ``area``, with ``REACH`` px around it clear of every panel?"""
    box = pygame.Rect(round(point[0]) - REACH, round(point[1]) - REACH, 2 * REACH + 1, 2 * REACH + 1)
    return area.contains(box) and not any(box.colliderect(c) for c in covers)
