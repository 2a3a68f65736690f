"""Where the qualifying screen's pieces go: the board, the stopwatch panel, the dice tray, the
card's buttons where the card's empty lines are; the camera's first look at the road ahead;
which buttons the moment offers.

A part the qualifying scene (``game.scenes.qualifying.scene``) owns, with one job.
"""

from __future__ import annotations

import pygame

from game.play.road_ahead import road_ahead
from game.scenes.qualifying.drawing import READY_GAP
from game.scenes.qualifying.screen import QualifyingScreen
from game.widgets.gearbox import HEIGHT as GEAR_HEIGHT
from game.widgets.qualifying_hud import CLASSIFICATION_W, classification_height
from game.widgets.race_hud import HINT_H, MARGIN, PANEL_W, TOP, free_areas

TRAY_W, TRAY_H = 250, 110
CLOSE_UP = 40


class QualifyingLayout:
    """The qualifying screen's pieces in a window of a given size, and its buttons of the moment."""

    def __init__(self, scene: QualifyingScreen) -> None:
        self.scene = scene

    def layout(self, size: tuple[int, int]) -> None:
        """Board left, stopwatch panel right; the card's buttons sit where the card's empty lines are."""
        scene = self.scene
        w, h = size
        scene.top = pygame.Rect(0, 0, w, TOP)
        scene.panel = pygame.Rect(w - PANEL_W, TOP, PANEL_W, h - TOP)
        board = pygame.Rect(0, TOP, w - PANEL_W, h - TOP)
        scene.view.set_viewport(board)
        scene.hint_rect = pygame.Rect(MARGIN, h - MARGIN - HINT_H, board.width - 2 * MARGIN, HINT_H)
        scene.tray_rect = pygame.Rect(board.right - MARGIN - TRAY_W, scene.hint_rect.top - 8 - TRAY_H, TRAY_W, TRAY_H)
        roomy = h >= GEAR_HEIGHT + 330  # the stopwatch and counters at full size above the whole gear box
        scene.clock_rect = pygame.Rect(scene.panel.left + 14, TOP + 14, PANEL_W - 28, 136 if roomy else 108)
        scene.counters_rect = pygame.Rect(
            scene.panel.left + 14, scene.clock_rect.bottom + 10, PANEL_W - 28, 84 if roomy else 72
        )
        gear_top = scene.counters_rect.bottom + 10
        scene.gearbox.rect = pygame.Rect(
            scene.panel.left + 14, gear_top, PANEL_W - 28, min(GEAR_HEIGHT, h - 8 - gear_top)
        )
        if not scene.placed:
            scene.placed = True
            self.close_up()
        mid = board.center
        lines = 2 + scene.session.tyre_choice  # as _draw_card writes them
        card_top = mid[1] - (110 + 32 * (lines + READY_GAP + scene.session.tyre_choice) + 34) // 2
        row = card_top + 82 + 32 * lines + 4
        for i, b in enumerate(scene.tyre_buttons):
            b.rect = pygame.Rect(mid[0] - 225 + i * 155, row, 140, 40)
        scene.start_button.rect = pygame.Rect(mid[0] - 150, row + (50 if scene.session.tyre_choice else 8), 300, 50)
        scene.stop_button.rect = pygame.Rect(scene.tray_rect.left, scene.tray_rect.top - 52, TRAY_W, 44)
        # where the stop button shows while extras are offered: the two are never offered together
        scene.undo_button.rect = pygame.Rect(scene.tray_rect.left, scene.tray_rect.top - 44, TRAY_W, 36)
        order = pygame.Rect(MARGIN, TOP + MARGIN, CLASSIFICATION_W, classification_height(len(scene.session.entries)))
        scene.view.free = free_areas(board, order, scene.stop_button.rect.top - 8)
        for i, b in enumerate(scene.pause_buttons):
            b.rect = pygame.Rect(mid[0] - 150, mid[1] - 10 + i * 60, 300, 48)
        self.sync_widgets()

    def close_up(self) -> None:
        scene = self.scene
        lane_px = scene.view.board.lane_width * scene.view.scale
        if lane_px < CLOSE_UP:
            scene.view.zoom(scene.view.viewport.center, CLOSE_UP / lane_px)
        lap = scene.session.lap  # a resumed lap: the car where it stands
        s = scene.track.space((lap.state.car(lap.entry.id).space if lap else None) or scene.track.qualifying_start)
        road = [(p.x, p.y) for p in road_ahead(scene.track, s.name)]
        centre = (
            (min(x for x, _ in road) + max(x for x, _ in road)) / 2,
            (min(y for _, y in road) + max(y for _, y in road)) / 2,
        )
        scene.view.place(centre, self.clear().center)  # the road ahead in view, not the grid behind
        scene.framed = lap.state if lap else None

    def clear(self) -> pygame.Rect:
        """The board above the dice tray, where the car and its road show."""
        scene = self.scene
        v = scene.view.viewport
        return pygame.Rect(v.left, v.top, v.width, max(1, scene.tray_rect.top - 8 - v.top))

    def sync_widgets(self) -> None:
        scene = self.scene
        scene.start_button.visible = scene.phase == "ready" and not scene.paused
        for b in scene.tyre_buttons:
            b.visible = scene.start_button.visible and scene.session.tyre_choice
            b.style = "primary" if scene.tyre is not None and b.id == f"tyre.{scene.tyre.value}" else "normal"
        for b in scene.pause_buttons:
            b.visible = scene.paused
        scene.stop_button.visible = not scene.paused and scene.idle and scene.optional()
        lap = scene.session.lap
        scene.undo_button.visible = (
            not scene.paused and scene.idle and scene.phase == "driving" and lap is not None and lap.can_undo
        )
