"""Which clickable destinations a player cannot actually click: the check the race screen's tests run.

``covered_targets`` draws one frame of a race scene, records every panel and button it puts
over the board (whatever helper drew them: ``theme.panel`` and ``Button.paint``), and then
takes the destinations the scene reports as clickable (``status()["targets"]``, what an
end-to-end player reads) one by one: a target whose box around its reported point lies under
one of those panels, outside the board, or where a click would not pick it, is named.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from unittest.mock import patch

import pygame

from game import theme
from game.scenes.race.scene import RaceScene
from game.widgets.controls import Button

BOX = 4  # px around a target's point a finger needs: the point's box is 2 * BOX + 1 across


@dataclass(frozen=True)
class Covered:
    """A destination reported clickable, its point and why a player cannot click it there."""

    space: str
    point: tuple[int, int]
    why: str


def drawn_over_board(scene: RaceScene) -> list[pygame.Rect]:
    """Every panel and button one frame of ``scene`` draws over its board."""
    screen = scene.app.screen
    assert screen is not None
    found: list[pygame.Rect] = []
    panel, paint = theme.panel, Button.paint

    def panel_spy(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kwargs: Any) -> None:
        panel(surface, rect, *args, **kwargs)
        found.append(pygame.Rect(rect))

    def paint_spy(me: Button, surface: pygame.Surface, rect: pygame.Rect, hover: bool) -> None:
        paint(me, surface, rect, hover)
        found.append(pygame.Rect(rect))

    with patch.object(theme, "panel", panel_spy), patch.object(Button, "paint", paint_spy):
        scene.draw(screen)
    board = scene.view.viewport
    return [r for r in found if r.colliderect(board)]


def covered_targets(scene: RaceScene) -> list[Covered]:
    """The destinations ``scene`` reports clickable that a player cannot click where it says."""
    panels = drawn_over_board(scene)
    board = scene.view.viewport
    out: list[Covered] = []
    for target in scene.status().get("targets", []):
        point = (int(target["x"]), int(target["y"]))
        box = pygame.Rect(point[0] - BOX, point[1] - BOX, 2 * BOX + 1, 2 * BOX + 1)
        under = next((p for p in panels if p.colliderect(box)), None)
        if under is not None:
            out.append(Covered(target["space"], point, f"under the panel {tuple(under)}"))
        elif not board.contains(box):
            out.append(Covered(target["space"], point, f"off the board {tuple(board)}"))
        elif scene.input.pointed(point) != target["space"]:
            out.append(Covered(target["space"], point, f"a click there means {scene.input.pointed(point)!r}"))
    return out
