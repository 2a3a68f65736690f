"""How to play, in short: a few pages on a rule set, each beside a picture of the board.

Reached from the set-up (the rule set chosen there) and the pause menu (the race's). The first
pages hold what every rule set shares (gears and dice, corners and stops, wear points, braking
and flying out, the pit lane), the last one what this rule set adds. The pictures are the
oval's board as the race draws it, with what the page speaks of marked on it: the dice's
reach from the grid, the stop spaces of a 2-stop corner (green: a stop there leaves the
second one; red: it does not), a corner's end line, the pit lane.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene
from game.board.view import BoardView
from game.texts import tr
from game.widgets.controls import Button
from game.widgets.page import Page
from game.widgets.planaid import draw_stop_marks
from rules.ai.planning import Plan, stop_spaces
from rules.ruleset import PRESETS
from rules.state import CarState

if TYPE_CHECKING:
    from game.app.loop import App

PAGES = ("gears", "corners", "wp", "brakes", "pit")  # every rule set's pages, then the rule set's own
FOCUS = {
    "gears": "grid",
    "corners": "corner",
    "wp": "corner",
    "brakes": "end",
    "pit": "pit",
}  # where each picture looks
OVAL = "oval.tmx"


def primer_keys(preset: str) -> list[str]:
    """The primer's pages for ``preset`` (an unknown one gets the shared pages): ``primer.<page>``
    holds a page's text, ``primer.<page>.title`` its title."""
    keys = list(PAGES)
    if preset in PRESETS:
        keys.append(f"set.{preset}")
    return keys


class PrimerScene(Scene):
    name = "primer"
    arrow_focus = False  # the arrows pan or scroll here

    def __init__(self, app: App, preset: str) -> None:
        super().__init__(app)
        self.preset = preset
        self.keys = primer_keys(preset)
        self.at = 0
        entry = app.tracks.get(OVAL)
        self.track = entry.track if entry is not None else None
        self.view = BoardView(entry.board) if entry is not None and entry.board is not None else None
        self.picture = pygame.Rect(0, 0, 0, 0)
        self.text_area = pygame.Rect(0, 0, 0, 0)
        self.widgets = [
            Button("back", lambda: tr("button.back"), app.pop),
            Button("prev", lambda: tr("primer.prev"), lambda: self.turn(-1)),
            Button("next", lambda: tr("primer.next"), lambda: self.turn(1), "primary"),
        ]

    def turn(self, step: int) -> None:
        self.at = max(0, min(len(self.keys) - 1, self.at + step))
        self._aim()

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        back, nxt = page.back(), page.forward(200)
        self.widgets[0].rect = back
        self.widgets[2].rect = nxt
        self.widgets[1].rect = pygame.Rect(nxt.left - 12 - 200, nxt.top, 200, nxt.height)
        split = body.left + body.width * 11 // 20
        self.picture = pygame.Rect(split + 16, body.top, body.right - split - 16, body.height)
        self.text_area = pygame.Rect(body.left, body.top, split - body.left, body.height)
        if self.view is not None:
            self.view.set_viewport(self.picture)
            self._aim()

    def _aim(self) -> None:
        """Centre the picture on what the page speaks of, three lanes across."""
        if self.view is None or self.track is None or self.picture.width < 2:
            return
        focus = FOCUS.get(self.keys[self.at], "corner")
        t = self.track
        if focus == "grid":
            name = t.grid[0]
        elif focus == "pit" and t.pit is not None:
            name = t.pit.entry
        elif focus == "end":
            name = t.corners[0].spaces[-1]
        else:
            name = t.corners[0].spaces[len(t.corners[0].spaces) // 2]
        lane_px = self.view.board.lane_width * self.view.scale
        want = max(14.0, self.picture.height / 9)
        self.view.zoom(self.picture.center, want / lane_px)
        s = t.space(name)
        self.view.centre_on((s.x, s.y))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN):
                self.turn(1)
                return True
            if event.key == pygame.K_LEFT:
                self.turn(-1)
                return True
        return super().handle(event)

    def _marks(self) -> Plan | None:
        """The corners page's marks: a car on the straight before the oval's 2-stop corner."""
        if self.track is None or self.keys[self.at] not in ("corners", "wp"):
            return None
        c = self.track.corners[0]
        lane = self.track.lane_spaces(self.track.space(c.spaces[0]).lane)
        names = [s.name for s in lane]
        before = names[names.index(c.spaces[0]) - 3]
        car = CarState(id="you", space=before, gear=2, wp=PRESETS["fd-basic"].default_wear)
        corner, owed, spaces = stop_spaces(self.track, car)
        return Plan(car=car.id, gears={}, corner=corner, owed=owed, spaces=spaces)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        preset = tr(f"preset.{self.preset}") if self.preset in PRESETS else ""
        page.draw(screen, tr("primer.title", preset=preset))
        key = self.keys[self.at]
        a = self.text_area
        theme.text(screen, tr(f"primer.{key}.title"), 30, theme.YELLOW, (a.left, a.top))
        theme.text(
            screen,
            tr("primer.page", page=self.at + 1, pages=len(self.keys)),
            20,
            theme.DIM,
            (a.right, a.top + 8),
            "topright",
        )
        y = a.top + 48
        most = max(1, (a.bottom - y) // 26)
        for line in theme.wrap(tr(f"primer.{key}"), 21, a.width, most=most):
            theme.text(screen, line, 21, theme.TEXT, (a.left, y))
            y += 26
        if self.view is not None:
            clip = screen.get_clip()
            screen.set_clip(self.picture)
            self.view.draw(screen)
            marks = self._marks()
            if marks is not None:
                draw_stop_marks(screen, self.view, marks, 0.0)
            screen.set_clip(clip)
            pygame.draw.rect(screen, theme.EDGE, self.picture, 2, border_radius=6)
        self.widgets[1].visible = self.at > 0
        self.widgets[2].visible = self.at < len(self.keys) - 1
        self.draw_widgets(screen)
