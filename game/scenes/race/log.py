"""The race log as the race screen shows it: written lines and the moments they point at.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

from game import theme
from game.board.view import BoardView
from game.play.racelog import LogLine
from game.play.replay import Replay
from game.scenes.race.screen import RaceScreen

LOG_KEEP = 300


class RaceLog:
    """The race log on the race screen: its lines, the moment each tells of, opening it."""

    def __init__(self, scene: RaceScreen) -> None:
        self.scene = scene

    def open_log(self) -> None:
        """L: the whole log full-screen, read from the record; a click on a line opens the replay
        viewer at that moment in its place, and Esc there comes back to the race as it is."""
        from game.scenes.history.logview import LogViewScene
        from game.scenes.history.replay import ReplayScene

        scene = self.scene
        scene.menu = None
        replay = Replay(scene.track, scene.control.session.record())
        board = scene.view.board
        scene.app.push(
            LogViewScene(
                scene.app,
                replay,
                lambda at: scene.app.replace(ReplayScene(scene.app, replay, BoardView(board), at, live=True)),
            )
        )

    def show_moment(self, at: int) -> None:
        """A click on a line of the log panel: the replay viewer over the race at the moment the
        line was written; its "Back to the race" (Esc) returns to the race as it is."""
        from game.scenes.history.replay import ReplayScene

        scene = self.scene
        scene.menu = None
        replay = Replay(scene.track, scene.control.session.record())
        scene.app.push(ReplayScene(scene.app, replay, BoardView(scene.view.board), at, live=True))

    def line_moment(self, pos: tuple[int, int]) -> int | None:
        """The moment of the log panel's line under ``pos`` (None off the lines)."""
        scene = self.scene
        line = next((line for rect, line in scene.log_rows if rect.collidepoint(pos)), None)
        if line is None:
            return None
        in_summary = scene.summary is not None and any(line is x for x in scene.summary)
        return (scene.summary_moments if in_summary else scene.moments).get(id(line))

    def summary_moments(self, lines: list[LogLine]) -> dict[int, int]:
        """Each line of "since your turn" opens the board right after its car's last action then."""
        scene = self.scene
        last: dict[str, int] = {}
        for step, at in zip(scene.since, scene.since_at):
            for car in {step.car, *(e.car for e in step.events)} - {None}:
                last[str(car)] = at
        return {id(line): last[line.car] for line in lines if line.car in last}

    def pointer(self) -> tuple[int, int] | None:
        """The mouse over the log panel, when a click there would open a line's moment."""
        scene = self.scene
        pos = theme.pointer()
        free = scene.banner is None and scene.dialog is None and scene.menu is None
        return pos if free and scene.log_rect.collidepoint(pos) else None

    def moment(self) -> int:
        """The race's moment now: the actions recorded, as the replay counts them."""
        return len(self.scene.control.session.actions)

    def write(self, lines: list[LogLine], at: int) -> None:
        """Lines for the log panel, written at moment ``at``; the oldest beyond LOG_KEEP go."""
        scene = self.scene
        scene.log.extend(lines)
        scene.moments.update((id(line), at) for line in lines)
        if len(scene.log) > LOG_KEEP:
            del scene.log[:-LOG_KEEP]
            scene.moments = {id(line): scene.moments[id(line)] for line in scene.log if id(line) in scene.moments}
