"""The race screen's layout: the board, the panels, the tray, the bars, fitted to the window.

A part of ``RaceScene`` (``game.scenes.race.scene``) with one job; it reads the scene's state.
"""

from __future__ import annotations

import pygame

from game import theme
from game.play.race_control import Wait
from game.storage.settings import SPEEDS
from game.texts import tr
from game.widgets.dashboard import HEIGHT as DASH_HEIGHT
from game.widgets.gearbox import HEIGHT as GEAR_HEIGHT
from game.widgets.panels import (
    HANDLE,
    TAB_H,
    TITLES,
    free_rects,
    handle_rect,
    tab_width,
)
from game.widgets.race_hud import (
    CLOCKS_H,
    HINT_H,
    MARGIN,
    PANEL_W,
    TOP,
    standings_height,
    standings_width,
)
from game.widgets.street_legend import legend_rect

TRAY_W, TRAY_H = 310, 126
LOG_H = 168
LOG_HANDLE = 18  # px: the open log's fold handle, in the room its last line leaves
LEAGUE_ROW = 48  # the boost and pit-plan buttons under the gear box
CLOSE_UP = 44  # screen px per lane at the start of a race


class RaceLayout:
    """Where the race screen's pieces go in a window of a given size, and what they cover of the board."""

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.top = pygame.Rect(0, 0, w, TOP)
        self.panel = pygame.Rect(w - PANEL_W, TOP, PANEL_W, h - TOP)
        board = pygame.Rect(0, TOP, w - PANEL_W, h - TOP)
        self.view.set_viewport(board)
        if not self.placed:
            self.placed = True
            self._close_up()
        self.hint_rect = pygame.Rect(MARGIN, h - MARGIN - HINT_H, board.width - 2 * MARGIN, HINT_H)
        self.tray_full = pygame.Rect(board.right - MARGIN - TRAY_W, self.hint_rect.top - 8 - TRAY_H, TRAY_W, TRAY_H)
        self.tray_rect = self.tray_full.copy()
        if self.panels.folded("dice"):
            self.tray_rect = pygame.Rect(0, 0, tab_width(tr(TITLES["dice"]), "88"), TAB_H)
            self.tray_rect.bottomright = self.tray_full.bottomright
        log_w = theme.font(17).size(tr("race.full_log", shortcut=self.key_of("race.log")))[0] + 18
        self.log_rect = pygame.Rect(MARGIN, self.hint_rect.top - 8 - LOG_H,
                                    max(200, self.tray_full.left - 2 * MARGIN), LOG_H)
        if self.panels.folded("log"):  # the tab says "Race log" or "Since your turn": as wide as the longer
            tab_w = max(tab_width(tr(title), extra=log_w + 6) for title in ("log.title", "since.title"))
            self.log_rect = pygame.Rect(MARGIN, self.hint_rect.top - 8 - TAB_H, tab_w, TAB_H)
        self.dashboard.rect = pygame.Rect(self.panel.left + 14, TOP + 14, PANEL_W - 28, DASH_HEIGHT)
        gear_top = self.dashboard.rect.bottom + 10
        extras = LEAGUE_ROW if self._league_gears() else 0  # the boost and the pit plan under the gear box
        self.gearbox.rect = pygame.Rect(self.panel.left + 14, gear_top, PANEL_W - 28,
                                        min(GEAR_HEIGHT, h - 8 - gear_top - extras))
        half = (PANEL_W - 28 - 8) // 2
        row_y = self.gearbox.rect.bottom + 6
        self.buttons["boost"].rect = pygame.Rect(self.panel.left + 14, row_y, half, LEAGUE_ROW - 10)
        self.buttons["pitplan"].rect = pygame.Rect(self.panel.left + 22 + half, row_y, half, LEAGUE_ROW - 10)
        # STREET-3: where the boost would be, or beside it when a rule set has both
        self.buttons["nitro"].rect = (self.buttons["pitplan"] if self.control.state.rules.engine_boost else self.buttons["boost"]).rect.copy()
        x = w - MARGIN
        for key, labels in self._bar_labels():
            width = max(theme.font(22).size(label)[0] for label in labels) + 28
            self.buttons[key].rect = pygame.Rect(x - width, 8, width, TOP - 18)
            x -= width + 8
        self.buttons["roll"].rect = pygame.Rect(self.tray_full.left + 120, self.tray_full.top + 52, TRAY_W - 132, 36)
        self.buttons["undo"].rect = pygame.Rect(self.tray_full.left + 120, self.tray_full.top + 92, TRAY_W - 132, 28)
        self.buttons["end"].rect = pygame.Rect(self.tray_full.left, self.tray_rect.top - 52, TRAY_W, 44)
        self.buttons["skip"].rect = self.buttons["end"].rect.copy()  # never shown together
        self.buttons["hint"].rect = self.buttons["end"].rect.copy()  # only at the gear choice, when neither shows
        handles = self.panels.handles
        if self.panels.folded("log"):  # the tab: its title, the full log's button, the handle at its end
            handles["log"].rect = handle_rect(self.log_rect)
            self.buttons["log"].rect = pygame.Rect(handles["log"].rect.left - 6 - log_w, self.log_rect.top + 5, log_w, 22)
        else:  # the handle in the corner under the lines, the title row left to the heading and the button
            handles["log"].rect = pygame.Rect(self.log_rect.right - 4 - LOG_HANDLE, self.log_rect.bottom - 2 - LOG_HANDLE,
                                              LOG_HANDLE, LOG_HANDLE)
            self.buttons["log"].rect = pygame.Rect(self.log_rect.right - 6 - log_w, self.log_rect.top + 5, log_w, 22)
        # the open tray's handle at its top left, clear of the caption; the tab's at its right end
        handles["dice"].rect = handle_rect(self.tray_rect, None if self.panels.folded("dice") else self.tray_rect.left + 6 + HANDLE)
        width = standings_width(self.control)
        if self.panels.folded("order"):  # a tab as wide as its title, over the clocks as wide as ever
            standings = pygame.Rect(MARGIN, TOP + MARGIN, min(width, tab_width(tr(TITLES["order"]))), TAB_H)
        else:
            standings = pygame.Rect(MARGIN, TOP + MARGIN, width, standings_height(self.control))
        self.standings_rect = standings
        handles["order"].rect = handle_rect(standings)
        self.clocks_rect = pygame.Rect(MARGIN, standings.bottom + 8, width, CLOCKS_H if self.control.clocks else 0)
        self.view.free = free_rects(board, self._covers(static=True))
        self.chip = pygame.Rect(x - 224 + 8, 9, 216, TOP - 20)
        self.dialog_area = pygame.Rect(0, TOP, w, h - TOP)  # modal: over the side panel too, for its full width
        if self.dialog is not None:
            self.dialog.layout(self.dialog_area)

    def _bar_labels(self) -> list[tuple[str, list[str]]]:
        """The top bar's buttons from the right, each with every label it can show: a button is as
        wide as its longest, so it never changes size (or cuts its words) when clicked."""
        return [("menu", [tr("race.menu")]),
                ("speed", [tr("race.speed", shortcut=self.key_of("race.speed"), speed=tr(f"speed.{level}")) for level in SPEEDS]),
                ("follow", [tr("race.follow", shortcut=self.key_of("race.follow"), state=tr(f"toggle.{s}")) for s in ("on", "off")]),
                ("fit", [tr("race.fit", shortcut=self.key_of("race.fit"))])]

    def _tray_shown(self) -> pygame.Rect | None:
        """The dice tray as drawn now: open for a roll (its button is in it), else as folded or not;
        None before the first roll of a resumed race."""
        if self.idle and self.control.wait() == Wait.ROLL:
            return self.tray_full
        return self.tray_rect if self.tray.throw is not None else None

    def _covers(self, static: bool = False) -> list[pygame.Rect]:
        """The panels over the board: as drawn now, or (``static``) those the camera keeps clear of
        whatever the moment, the dice tray and the place of the button above it included."""
        rects = [self.standings_rect, self.log_rect, self.hint_rect]
        if self.control.clocks is not None:
            rects.append(self.clocks_rect)
        legend = legend_rect(self.view.viewport, self.track, self.control.state.rules.street)
        if legend is not None:
            rects.append(legend)
        if not static:
            self._sync_buttons()  # the buttons the moment shows, also between frames
        over = [w.rect for w in self.widgets if (w.visible or static and w.id not in ("roll", "undo"))
                and w.rect.colliderect(self.view.viewport)]  # the tray's own buttons show only in the open tray
        if static:
            return rects + [self.tray_rect, self.buttons["end"].rect] + over
        tray = self._tray_shown()
        return rects + ([tray] if tray is not None else []) + over

    def _sync_panels(self) -> None:
        """The dice tray's handle shows while the tray does, and not while a roll holds it open."""
        self.panels.handles["dice"].visible = self._tray_shown() is self.tray_rect

    def _close_up(self) -> None:
        """Start close enough to tell the cars apart, on the car that acts first (or the pole)."""
        lane_px = self.view.board.lane_width * self.view.scale
        if lane_px >= CLOSE_UP:
            return
        self.view.zoom(self.view.viewport.center, CLOSE_UP / lane_px)
        car = self.focus_car()
        space = self.control.state.car(car).space if car else None
        s = self.track.space(space or self.track.grid[0])
        self.view.centre_on((s.x, s.y))
