"""The race screen's input: clicks on the board and its buttons, keys, the open dialog.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.play.race_control import Wait
from game.scenes.race.board import middle
from game.scenes.race.dialogs import RaceDialogs
from game.scenes.race.keys import RaceKeys
from game.scenes.race.layout import RaceLayout
from game.scenes.race.log import RaceLog
from game.scenes.race.pacing import RacePacing
from game.scenes.race.screen import RaceScreen
from game.widgets.panels import clear
from rules.moves import Move

LOG_WHEEL = 2  # log rows per notch of the mouse wheel
#: Keys that look at the board (fit, zoom, pan, follow, speed): they work behind the turn card too.
VIEW_KEYS = (
    pygame.K_f,
    pygame.K_PLUS,
    pygame.K_EQUALS,
    pygame.K_KP_PLUS,
    pygame.K_MINUS,
    pygame.K_KP_MINUS,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_c,
    pygame.K_s,
)


class RaceInput:
    """The race screen's clicks and keys: the board's targets, the dialogs, the buttons."""

    def __init__(
        self,
        scene: RaceScreen,
        layout: RaceLayout,
        pacing: RacePacing,
        dialogs: RaceDialogs,
        log: RaceLog,
        keys: RaceKeys,
    ) -> None:
        self.scene = scene
        self.layout = layout
        self.pacing = pacing
        self.dialogs = dialogs
        self.log = log
        self.keys = keys

    def handle(self, event: pygame.event.Event, widgets: Callable[[pygame.event.Event], bool]) -> bool:
        """An event on the race screen; ``widgets`` gives it to the scene's buttons first."""
        scene = self.scene
        scene.calm_for = 0.0
        if event.type == pygame.MOUSEMOTION:
            self.keys.picked = None  # the mouse took over: what it points at is lit
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if scene.menu is not None:
                scene.menu = None
            elif scene.banner is not None or not self.dialogs.cancel_dialog():
                scene.pause()
            return True
        if scene.banner is not None and not (event.type == pygame.KEYDOWN and event.key in VIEW_KEYS):
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            ):
                scene.dismiss_banner()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        self.layout.sync_buttons()
        if scene.dialog is not None:
            return self.dialogs.handle(event, scene.dialog, widgets)
        if widgets(event):
            return True
        if scene.menu is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                move = scene.menu.pick(event.pos)
                if move is not None:
                    scene.drive(move)
                elif not scene.menu.rect.collidepoint(event.pos):
                    scene.menu = None
            return True
        if scene.menu is not None and event.type == pygame.KEYDOWN and self.keys.menu_key(event, scene.menu):
            return True
        if event.type == pygame.KEYDOWN and self.keys.key(event):
            return True
        if event.type == pygame.MOUSEWHEEL and scene.log_rect.collidepoint(theme.pointer()):
            scene.log_scroll = max(0, scene.log_scroll + event.y * LOG_WHEEL)  # wheel up reads back
            return True  # the wheel over the log scrolls it, never the board
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            gear = scene.gearbox.handle(event)
            if gear is not None:
                scene.choose(gear)
                return True
            tray = self.layout.tray_shown()
            if tray is not None and tray.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.pacing.roll_or_hurry()
                return True
            if scene.log_rect.collidepoint(event.pos):  # the panel over the board takes its clicks
                at = self.log.line_moment(event.pos) if event.type == pygame.MOUSEBUTTONUP else None
                if at is not None:
                    self.log.show_moment(at)
                return True
            if scene.panel.collidepoint(event.pos) or scene.top.collidepoint(event.pos):
                return True
            if any(r.collidepoint(event.pos) for r in self.layout.covers()):  # a panel over the board keeps its clicks
                if event.type == pygame.MOUSEBUTTONUP and scene.view.dragging:
                    scene.view.handle(event)  # a drag of the board may end over a panel
                return True
        clicked = scene.view.handle(event)
        if clicked is not None:
            scene.clicked(self.pointed(event.pos) or clicked)
        return clicked is not None

    def pointed(self, pos: tuple[int, int]) -> str | None:
        """The space a click or the mouse at ``pos`` means: while a move is picked, the nearest
        destination within its hit area (clickable at any zoom), else the space under it."""
        scene = self.scene
        covers = self.layout.covers()
        if any(r.collidepoint(pos) for r in covers):
            return None  # a panel lies there, not the board
        if scene.idle and scene.control.wait() == Wait.MOVE:
            target = scene.view.target_at(pos, self.clickable(covers))
            if target is not None:
                return target
        return scene.view.space_at(pos)

    def target_point(self, space: str) -> tuple[int, int]:
        """Where a destination is clicked: the middle of its space on screen."""
        return middle(self.scene.view, space)

    def clickable(self, covers: list[pygame.Rect] | None = None) -> dict[str, list[Move]]:
        """The destinations a player can click: those whose middle shows clear of every panel
        (``covers``, the panels as drawn now, if already at hand)."""
        scene = self.scene
        covers = self.layout.covers() if covers is None else covers
        return {
            space: moves
            for space, moves in scene.control.destinations().items()
            if clear(self.target_point(space), scene.view.viewport, covers)
        }
