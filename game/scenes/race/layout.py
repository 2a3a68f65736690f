"""The race screen's layout: the board, the panels, the tray, the bars, fitted to the window.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

import pygame

from game import theme
from game.play.race_control import Wait
from game.scenes.race.screen import RaceScreen
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
from rules.engine import nitro_refusal

TRAY_W, TRAY_H = 310, 126
LOG_H = 168
LOG_HANDLE = 18  # px: the open log's fold handle, in the room its last line leaves
LEAGUE_ROW = 48  # the boost and pit-plan buttons under the gear box
CLOSE_UP = 44  # screen px per lane at the start of a race


class RaceLayout:
    """Where the race screen's pieces go in a window of a given size, what they cover of the board,
    and which of its buttons the moment offers."""

    def __init__(self, scene: RaceScreen) -> None:
        self.scene = scene

    def layout(self, size: tuple[int, int]) -> None:
        scene = self.scene
        w, h = size
        scene.top = pygame.Rect(0, 0, w, TOP)
        scene.panel = pygame.Rect(w - PANEL_W, TOP, PANEL_W, h - TOP)
        board = pygame.Rect(0, TOP, w - PANEL_W, h - TOP)
        scene.view.set_viewport(board)
        if not scene.placed:
            scene.placed = True
            self.close_up()
        scene.hint_rect = pygame.Rect(MARGIN, h - MARGIN - HINT_H, board.width - 2 * MARGIN, HINT_H)
        scene.tray_full = pygame.Rect(board.right - MARGIN - TRAY_W, scene.hint_rect.top - 8 - TRAY_H, TRAY_W, TRAY_H)
        scene.tray_rect = scene.tray_full.copy()
        if scene.panels.folded("dice"):
            scene.tray_rect = pygame.Rect(0, 0, tab_width(tr(TITLES["dice"]), "88"), TAB_H)
            scene.tray_rect.bottomright = scene.tray_full.bottomright
        log_w = theme.font(17).size(tr("race.full_log", shortcut=scene.key_of("race.log")))[0] + 18
        scene.log_rect = pygame.Rect(
            MARGIN, scene.hint_rect.top - 8 - LOG_H, max(200, scene.tray_full.left - 2 * MARGIN), LOG_H
        )
        if scene.panels.folded("log"):  # the tab says "Race log" or "Since your turn": as wide as the longer
            tab_w = max(tab_width(tr(title), extra=log_w + 6) for title in ("log.title", "since.title"))
            scene.log_rect = pygame.Rect(MARGIN, scene.hint_rect.top - 8 - TAB_H, tab_w, TAB_H)
        scene.dashboard.rect = pygame.Rect(scene.panel.left + 14, TOP + 14, PANEL_W - 28, DASH_HEIGHT)
        gear_top = scene.dashboard.rect.bottom + 10
        extras = LEAGUE_ROW if scene.league_gears() else 0  # the boost and the pit plan under the gear box
        scene.gearbox.rect = pygame.Rect(
            scene.panel.left + 14, gear_top, PANEL_W - 28, min(GEAR_HEIGHT, h - 8 - gear_top - extras)
        )
        half = (PANEL_W - 28 - 8) // 2
        row_y = scene.gearbox.rect.bottom + 6
        scene.buttons["boost"].rect = pygame.Rect(scene.panel.left + 14, row_y, half, LEAGUE_ROW - 10)
        scene.buttons["pitplan"].rect = pygame.Rect(scene.panel.left + 22 + half, row_y, half, LEAGUE_ROW - 10)
        # STREET-3: where the boost would be, or beside it when a rule set has both
        scene.buttons["nitro"].rect = (
            scene.buttons["pitplan"] if scene.control.state.rules.engine_boost else scene.buttons["boost"]
        ).rect.copy()
        x = w - MARGIN
        for key, labels in self.bar_labels():
            width = max(theme.font(22).size(label)[0] for label in labels) + 28
            scene.buttons[key].rect = pygame.Rect(x - width, 8, width, TOP - 18)
            x -= width + 8
        scene.buttons["roll"].rect = pygame.Rect(scene.tray_full.left + 120, scene.tray_full.top + 52, TRAY_W - 132, 36)
        scene.buttons["undo"].rect = pygame.Rect(scene.tray_full.left + 120, scene.tray_full.top + 92, TRAY_W - 132, 28)
        scene.buttons["end"].rect = pygame.Rect(scene.tray_full.left, scene.tray_rect.top - 52, TRAY_W, 44)
        scene.buttons["skip"].rect = scene.buttons["end"].rect.copy()  # never shown together
        scene.buttons["hint"].rect = scene.buttons["end"].rect.copy()  # only at the gear choice, when neither shows
        handles = scene.panels.handles
        if scene.panels.folded("log"):  # the tab: its title, the full log's button, the handle at its end
            handles["log"].rect = handle_rect(scene.log_rect)
            scene.buttons["log"].rect = pygame.Rect(
                handles["log"].rect.left - 6 - log_w, scene.log_rect.top + 5, log_w, 22
            )
        else:  # the handle in the corner under the lines, the title row left to the heading and the button
            handles["log"].rect = pygame.Rect(
                scene.log_rect.right - 4 - LOG_HANDLE, scene.log_rect.bottom - 2 - LOG_HANDLE, LOG_HANDLE, LOG_HANDLE
            )
            scene.buttons["log"].rect = pygame.Rect(scene.log_rect.right - 6 - log_w, scene.log_rect.top + 5, log_w, 22)
        # the open tray's handle at its top left, clear of the caption; the tab's at its right end
        handles["dice"].rect = handle_rect(
            scene.tray_rect, None if scene.panels.folded("dice") else scene.tray_rect.left + 6 + HANDLE
        )
        width = standings_width(scene.control)
        if scene.panels.folded("order"):  # a tab as wide as its title, over the clocks as wide as ever
            standings = pygame.Rect(MARGIN, TOP + MARGIN, min(width, tab_width(tr(TITLES["order"]))), TAB_H)
        else:
            standings = pygame.Rect(MARGIN, TOP + MARGIN, width, standings_height(scene.control))
        scene.standings_rect = standings
        handles["order"].rect = handle_rect(standings)
        scene.clocks_rect = pygame.Rect(MARGIN, standings.bottom + 8, width, CLOCKS_H if scene.control.clocks else 0)
        scene.view.free = free_rects(board, self.covers(static=True))
        scene.chip = pygame.Rect(x - 224 + 8, 9, 216, TOP - 20)
        scene.dialog_area = pygame.Rect(0, TOP, w, h - TOP)  # modal: over the side panel too, for its full width
        if scene.dialog is not None:
            scene.dialog.layout(scene.dialog_area)

    def bar_labels(self) -> list[tuple[str, list[str]]]:
        """The top bar's buttons from the right, each with every label it can show: a button is as
        wide as its longest, so it never changes size (or cuts its words) when clicked."""
        scene = self.scene
        return [
            ("menu", [tr("race.menu")]),
            (
                "speed",
                [tr("race.speed", shortcut=scene.key_of("race.speed"), speed=tr(f"speed.{level}")) for level in SPEEDS],
            ),
            (
                "follow",
                [
                    tr("race.follow", shortcut=scene.key_of("race.follow"), state=tr(f"toggle.{s}"))
                    for s in ("on", "off")
                ],
            ),
            ("fit", [tr("race.fit", shortcut=scene.key_of("race.fit"))]),
        ]

    def tray_shown(self) -> pygame.Rect | None:
        """The dice tray as drawn now: open for a roll (its button is in it), else as folded or not;
        None before the first roll of a resumed race."""
        scene = self.scene
        if scene.idle and scene.control.wait() == Wait.ROLL:
            return scene.tray_full
        return scene.tray_rect if scene.tray.throw is not None else None

    def covers(self, static: bool = False) -> list[pygame.Rect]:
        """The panels over the board: as drawn now, or (``static``) those the camera keeps clear of
        whatever the moment, the dice tray and the place of the button above it included."""
        scene = self.scene
        rects = [scene.standings_rect, scene.log_rect, scene.hint_rect]
        if scene.control.clocks is not None:
            rects.append(scene.clocks_rect)
        legend = legend_rect(scene.view.viewport, scene.track, scene.control.state.rules.street)
        if legend is not None:
            rects.append(legend)
        if not static:
            self.sync_buttons()  # the buttons the moment shows, also between frames
        over = [
            w.rect
            for w in scene.widgets
            if (w.visible or static and w.id not in ("roll", "undo")) and w.rect.colliderect(scene.view.viewport)
        ]  # the tray's own buttons show only in the open tray
        if static:
            return rects + [scene.tray_rect, scene.buttons["end"].rect] + over
        tray = self.tray_shown()
        return rects + ([tray] if tray is not None else []) + over

    def sync_buttons(self) -> None:
        """Roll, undo and end-move are offered exactly while the player may use them."""
        scene = self.scene
        scene.buttons["roll"].visible = scene.idle and scene.control.wait() == Wait.ROLL
        scene.buttons["undo"].visible = scene.buttons["roll"].visible and scene.control.can_undo()
        scene.buttons["end"].visible = scene.idle and scene.control.wait() == Wait.MOVE and scene.control.optional()
        scene.buttons["skip"].visible = scene.control.wait() in (Wait.DICE, Wait.COMPUTER) and not scene.skipping
        gear = scene.idle and scene.control.wait() == Wait.GEAR
        rules, car = scene.control.state.rules, scene.active_car()
        scene.buttons["boost"].visible = gear and rules.engine_boost and car.wp.engine > 1  # ENG-D-3: never the last
        scene.buttons["nitro"].visible = (
            gear and nitro_refusal(scene.control.state, car) is None
        )  # STREET-3: once per lap
        scene.buttons["nitro"].style = "primary" if scene.nitro else "normal"
        scene.buttons["pitplan"].visible = gear and rules.pit_points and car.box is not None
        scene.buttons["hint"].visible = gear and scene.app.settings.hints
        self.sync_panels()

    def sync_panels(self) -> None:
        """The dice tray's handle shows while the tray does, and not while a roll holds it open."""
        scene = self.scene
        scene.panels.handles["dice"].visible = self.tray_shown() is scene.tray_rect

    def close_up(self) -> None:
        """Start close enough to tell the cars apart, on the car that acts first (or the pole)."""
        scene = self.scene
        lane_px = scene.view.board.lane_width * scene.view.scale
        if lane_px >= CLOSE_UP:
            return
        scene.view.zoom(scene.view.viewport.center, CLOSE_UP / lane_px)
        car = scene.focus_car()
        space = scene.control.state.car(car).space if car else None
        s = scene.track.space(space or scene.track.grid[0])
        scene.view.centre_on((s.x, s.y))
