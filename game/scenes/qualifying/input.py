"""The qualifying screen's input: the card's keys, the gear box, the dice, the board's clicks
and the race's keys of the player's key map for the lap (the gears, the roll, the
destinations, the stop).

A part the qualifying scene (``game.scenes.qualifying.scene``) owns, with one job.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scenes.qualifying.screen import QualifyingScreen
from game.widgets.focus import key_name


class QualifyingInput:
    """Clicks and keys on the qualifying screen."""

    def __init__(self, scene: QualifyingScreen) -> None:
        self.scene = scene

    def handle(self, event: pygame.event.Event, widgets: Callable[[pygame.event.Event], bool]) -> bool:
        """An event on the qualifying screen; ``widgets`` gives it to the scene's buttons first."""
        scene = self.scene
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.resume() if scene.paused else scene.pause()
            return True
        if widgets(event):
            return True
        if scene.paused:
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if event.type == pygame.KEYDOWN and self.key(event):
            return True
        if scene.phase in ("computer", "result") and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            scene.proceed()
            return True
        if scene.phase != "driving":
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            if scene.panel.collidepoint(event.pos) or scene.top.collidepoint(event.pos):
                gear = scene.gearbox.handle(event)
                if gear is not None:
                    scene.choose(gear)
                return True
            if scene.tray_rect.collidepoint(event.pos) and scene.wait() == "roll":
                if event.type == pygame.MOUSEBUTTONUP:
                    scene.roll()
                return True
        clicked = scene.view.handle(event)
        if clicked is not None:
            scene.clicked(self.pointed(event.pos) or clicked)
        return clicked is not None

    def pointed(self, pos: tuple[int, int]) -> str | None:
        """The space a click or the mouse at ``pos`` means: while a move is picked, the nearest
        destination within its hit area (clickable at any zoom), else the space under it."""
        scene = self.scene
        target = scene.view.target_at(pos, scene.destinations()) if scene.idle else None
        return target if target is not None else scene.view.space_at(pos)

    def key(self, event: pygame.event.Event) -> bool:
        """The race's keys of the player's key map: the gears, the roll, the destinations, the stop."""
        scene = self.scene
        k = event.key
        go = k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        moving = scene.idle and scene.wait() == "move"
        action = scene.app.keys.action(key_name(event), ("race.move", "race") if moving else ("race",))
        if scene.phase == "ready" and go:
            scene.begin()
        elif scene.phase in ("computer", "result") and go:
            scene.proceed()
        elif scene.phase != "driving":
            return False
        elif action is not None and action.startswith("race.gear"):
            scene.choose(int(action.removeprefix("race.gear")))
        elif action == "race.roll" or (k == pygame.K_SPACE and action is None):
            if scene.queue:
                scene.queue[0].finish()
            else:
                scene.roll()
        elif action in ("race.target_next", "race.target_previous"):
            scene.pick += 1 if action == "race.target_next" else -1
        elif action == "race.target_choose":
            scene.enter()
        elif action == "race.end_move":
            scene.stop_here()
        elif action == "race.undo":
            scene.undo()
        else:
            return False
        return True
