"""The race screen's input: clicks on the board and its buttons, keys, the open dialog.

A part of ``RaceScene`` (``game.scenes.race.scene``) with one job; it reads the scene's state.
"""

from __future__ import annotations

import pygame

from game import theme
from game.play.race_control import Wait
from game.widgets.crewdialog import CrewDialog
from game.widgets.freewpdialog import FreeWPDialog
from game.widgets.leaguedialog import LeagueDialog
from game.widgets.panels import clear
from game.widgets.pitplan import PitPlanDialog
from rules.engine import nitro_refusal
from rules.moves import Move

LOG_WHEEL = 2  # log rows per notch of the mouse wheel
#: Keys that look at the board (fit, zoom, pan, follow, speed): they work behind the turn card too.
VIEW_KEYS = (pygame.K_f, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS,
             pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_c, pygame.K_s)


class RaceInput:
    """The race screen's clicks and keys: the board's targets, the dialogs, the buttons."""

    def handle(self, event: pygame.event.Event) -> bool:
        self.calm_for = 0.0
        if event.type == pygame.MOUSEMOTION:
            self.keyboard.picked = None  # the mouse took over: what it points at is lit
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu = None
            elif self.banner is not None or not self.keyboard.cancel_dialog():
                self.pause()
            return True
        if self.banner is not None and not (event.type == pygame.KEYDOWN and event.key in VIEW_KEYS):
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.dismiss_banner()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        self._sync_buttons()
        if self.dialog is not None:
            return self._handle_dialog(event, self.dialog)
        if super().handle(event):
            return True
        if self.menu is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                move = self.menu.pick(event.pos)
                if move is not None:
                    self.drive(move)
                elif not self.menu.rect.collidepoint(event.pos):
                    self.menu = None
            return True
        if self.menu is not None and event.type == pygame.KEYDOWN and self.keyboard.menu_key(event, self.menu):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(theme.pointer()):
            self.log_scroll = max(0, self.log_scroll + event.y * LOG_WHEEL)  # wheel up reads back
            return True  # the wheel over the log scrolls it, never the board
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            gear = self.gearbox.handle(event)
            if gear is not None:
                self.choose(gear)
                return True
            tray = self._tray_shown()
            if tray is not None and tray.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.roll_or_hurry()
                return True
            if self.log_rect.collidepoint(event.pos):  # the panel over the board takes its clicks
                at = self.line_moment(event.pos) if event.type == pygame.MOUSEBUTTONUP else None
                if at is not None:
                    self.show_moment(at)
                return True
            if self.panel.collidepoint(event.pos) or self.top.collidepoint(event.pos):
                return True
            if any(r.collidepoint(event.pos) for r in self._covers()):  # a panel over the board keeps its clicks
                if event.type == pygame.MOUSEBUTTONUP and self.view.dragging:
                    self.view.handle(event)  # a drag of the board may end over a panel
                return True
        clicked = self.view.handle(event)
        if clicked is not None:
            self.clicked(self.pointed(event.pos) or clicked)
        return clicked is not None

    def pointed(self, pos: tuple[int, int]) -> str | None:
        """The space a click or the mouse at ``pos`` means: while a move is picked, the nearest
        destination within its hit area (clickable at any zoom), else the space under it."""
        covers = self._covers()
        if any(r.collidepoint(pos) for r in covers):
            return None  # a panel lies there, not the board
        if self.idle and self.control.wait() == Wait.MOVE:
            target = self.view.target_at(pos, self._clickable(covers))
            if target is not None:
                return target
        return self.view.space_at(pos)

    def _target_point(self, space: str) -> tuple[int, int]:
        """Where a destination is clicked: the middle of its space on screen."""
        pts = self.view.polygon(space)
        return round(sum(p[0] for p in pts) / len(pts)), round(sum(p[1] for p in pts) / len(pts))

    def _clickable(self, covers: list[pygame.Rect] | None = None) -> dict[str, list[Move]]:
        """The destinations a player can click: those whose middle shows clear of every panel
        (``covers``, the panels as drawn now, if already at hand)."""
        covers = self._covers() if covers is None else covers
        return {space: moves for space, moves in self.control.destinations().items()
                if clear(self._target_point(space), self.view.viewport, covers)}

    def _handle_dialog(self, event: pygame.event.Event, dialog: CrewDialog | LeagueDialog | PitPlanDialog | FreeWPDialog) -> bool:
        """While the crew decides, only the dialog and the top bar's buttons take input."""
        if super().handle(event):
            return True
        for w in reversed(dialog.widgets):
            if w.visible and w.handle(event):
                return True
        if event.type == pygame.KEYDOWN and self.keyboard.dialog_key(event, dialog.widgets):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            dialog.done()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _sync_buttons(self) -> None:
        """Roll, undo and end-move are offered exactly while the player may use them."""
        self.buttons["roll"].visible = self.idle and self.control.wait() == Wait.ROLL
        self.buttons["undo"].visible = self.buttons["roll"].visible and self.control.can_undo()
        self.buttons["end"].visible = self.idle and self.control.wait() == Wait.MOVE and self.control.optional()
        self.buttons["skip"].visible = self.control.wait() in (Wait.DICE, Wait.COMPUTER) and not self.skipping
        gear = self.idle and self.control.wait() == Wait.GEAR
        rules, car = self.control.state.rules, self._active_car()
        self.buttons["boost"].visible = gear and rules.engine_boost and car.wp.engine > 1  # ENG-D-3: never the last
        self.buttons["nitro"].visible = gear and nitro_refusal(self.control.state, car) is None  # STREET-3: once per lap
        self.buttons["nitro"].style = "primary" if self.nitro else "normal"
        self.buttons["pitplan"].visible = gear and rules.pit_points and car.box is not None
        self.buttons["hint"].visible = gear and self.app.settings.hints
        self._sync_panels()

    def _key(self, event: pygame.event.Event) -> bool:
        return self.keyboard.key(event)
