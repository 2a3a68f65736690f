"""The tutorial race: one lap of the oval against two Rookies, with a coach that explains each
thing the moment the player meets it (gears and dice, the roll, picking a destination, corners
and stops, wear points, braking and flying out, the pit lane, the planning aid and the hint).

It is the race screen itself (``RaceScene``) with a panel over the board: what the player sees
and does is exactly what a race asks of them. The lesson shown follows the race, worked out
once per state; the tutorial is not saved, so it never replaces a race the player keeps.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.launch import header_for
from game.scenes.race.scene import RaceScene
from game.storage.lineup import COLOURS, Driver, Lineup
from game.texts import tr
from game.widgets.race_hud import MARGIN
from rules.ai.lookahead import lookahead
from rules.state import Phase

if TYPE_CHECKING:
    from game.app.loop import App

TRACK = "oval.tmx"
YOU = "car1"
NEAR_CORNER = 16  # spaces before a corner from which the coach speaks of corners
NEAR_PIT = 14  # spaces before the pit entry from which it speaks of the pit lane
COACH_W = 560


def tutorial_lineup() -> Lineup:
    """One lap of the oval, the basic game, the player and two Rookies."""
    drivers = (
        Driver(kind="human", name=tr("tut.you"), colour=COLOURS[0], number=1),
        Driver(kind="rookie", name="Rookie 1", colour=COLOURS[1], number=2),
        Driver(kind="rookie", name="Rookie 2", colour=COLOURS[2], number=3),
    )
    return Lineup(track=TRACK, laps=1, preset="fd-basic", grid="roll", drivers=drivers)


def start_tutorial(app: App) -> bool:
    """Open the tutorial race (False if the oval is not there to race on)."""
    entry = app.tracks.get(TRACK)
    if entry is None or entry.track is None or entry.board is None or entry.hash is None:
        return False
    header = header_for(tutorial_lineup(), entry.track.name, entry.hash, random.SystemRandom().randrange(2**31))
    control = RaceControl.start(entry.track, header)  # no save slot: a kept race stays kept
    app.push(TutorialScene(app, control, BoardView(entry.board)))
    return True


class TutorialScene(RaceScene):
    name = "tutorial"

    def __init__(self, app: App, control: RaceControl, view: BoardView) -> None:
        super().__init__(app, control, view)
        self._lesson_for: object = None
        self._lesson = "start"

    def lesson(self) -> str:
        """The lesson for what the race asks now (the last one while the computers drive)."""
        state = self.control.state
        if self._lesson_for is state:
            return self._lesson
        self._lesson_for = state
        found = self._find()
        if found is not None:
            self._lesson = found
        return self._lesson

    def _find(self) -> str | None:
        state = self.control.state
        if state.finished or state.car(YOU).status != "racing":
            return "finish"
        wait = self.control.wait()
        if state.phase in (Phase.GRID, Phase.SETUP) or state.round == 0:
            return "start"
        car = state.car(YOU)
        if wait == Wait.ROLL:
            return "dice"
        if wait == Wait.MOVE:
            costly = any(m.brakes or m.tyres for m in self.control.moves())
            return "brakes" if costly else "move"
        if wait != Wait.GEAR or car.space is None:
            return None
        track = self.track
        lane = lookahead(track).lane
        if car.gear <= 1 and state.round <= 2:
            return "gears"
        if track.pit is not None and not track.space(car.space).in_pit and lane.to_pit_entry(car.space) <= NEAR_PIT:
            return "pit"
        here = track.space(car.space).corner
        dist, c, _ = lane.corner_ahead(car.space)
        if (here is not None and car.corner == here) or (c >= 0 and dist <= NEAR_CORNER):
            full = car.setup or state.rules.default_wear
            return "wp" if car.wp.brakes + car.wp.tyres < full.brakes + full.tyres else "corners"
        return "plan"

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        if self.dialog is not None or self.banner is not None:
            return
        key = self.lesson()
        board = self.view.viewport
        left = self.standings_rect.right + MARGIN
        width = min(COACH_W, board.right - MARGIN - left)
        if width < 240:  # a narrow board: the coach goes under the running order
            left, width = board.left + MARGIN, min(COACH_W, board.width - 2 * MARGIN)
            top = self.standings_rect.bottom + 8
        else:
            top = board.top + MARGIN
        lines = theme.wrap(tr(f"tut.{key}"), 18, width - 24, most=7)
        box = pygame.Rect(left, top, width, 44 + 21 * len(lines))
        theme.panel(screen, box, theme.PANEL_DARK, 240, theme.YELLOW, 10)
        theme.text(screen, tr(f"tut.{key}.title"), 22, theme.YELLOW, (box.left + 12, box.top + 8))
        for i, line in enumerate(lines):
            theme.text(screen, line, 18, theme.TEXT, (box.left + 12, box.top + 36 + 21 * i))

    def finish(self) -> None:
        """The results, without keeping the tutorial among the races played or touching the save."""
        from game.scenes.history.results import ResultsScene

        self.ended = True
        self.app.replace(ResultsScene(self.app, self.control))

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["lesson"] = self.lesson()
        return status
