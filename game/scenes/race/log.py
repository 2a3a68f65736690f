"""The race log as the race screen shows it: written lines and the moments they point at.

A part of ``RaceScene`` (``game.scenes.race.scene``) with one job; it reads the scene's state.
"""

from __future__ import annotations

from game import theme
from game.board.view import BoardView
from game.play.racelog import LogLine
from game.play.replay import Replay

LOG_KEEP = 300


class RaceLog:
    """The race log on the race screen: its lines, the moment each tells of, opening it."""

    def open_log(self) -> None:
        """L: the whole log full-screen, read from the record; a click on a line opens the replay
        viewer at that moment in its place, and Esc there comes back to the race as it is."""
        from game.scenes.history.logview import LogViewScene
        from game.scenes.history.replay import ReplayScene

        self.menu = None
        replay = Replay(self.track, self.control.session.record())
        board = self.view.board
        self.app.push(LogViewScene(self.app, replay, lambda at: self.app.replace(
            ReplayScene(self.app, replay, BoardView(board), at, live=True))))

    def show_moment(self, at: int) -> None:
        """A click on a line of the log panel: the replay viewer over the race at the moment the
        line was written; its "Back to the race" (Esc) returns to the race as it is."""
        from game.scenes.history.replay import ReplayScene

        self.menu = None
        replay = Replay(self.track, self.control.session.record())
        self.app.push(ReplayScene(self.app, replay, BoardView(self.view.board), at, live=True))

    def line_moment(self, pos: tuple[int, int]) -> int | None:
        """The moment of the log panel's line under ``pos`` (None off the lines)."""
        line = next((line for rect, line in self.log_rows if rect.collidepoint(pos)), None)
        if line is None:
            return None
        in_summary = self.summary is not None and any(line is x for x in self.summary)
        return (self.summary_moments if in_summary else self.moments).get(id(line))

    def _summary_moments(self, lines: list[LogLine]) -> dict[int, int]:
        """Each line of "since your turn" opens the board right after its car's last action then."""
        last: dict[str, int] = {}
        for step, at in zip(self.since, self.since_at):
            for car in {step.car, *(e.car for e in step.events)} - {None}:
                last[str(car)] = at
        return {id(line): last[line.car] for line in lines if line.car in last}

    def _log_pointer(self) -> tuple[int, int] | None:
        """The mouse over the log panel, when a click there would open a line's moment."""
        pos = theme.pointer()
        free = self.banner is None and self.dialog is None and self.menu is None
        return pos if free and self.log_rect.collidepoint(pos) else None

    def _moment(self) -> int:
        """The race's moment now: the actions recorded, as the replay counts them."""
        return len(self.control.session.actions)

    def _write(self, lines: list[LogLine], at: int) -> None:
        """Lines for the log panel, written at moment ``at``; the oldest beyond LOG_KEEP go."""
        self.log.extend(lines)
        self.moments.update((id(line), at) for line in lines)
        if len(self.log) > LOG_KEEP:
            del self.log[:-LOG_KEEP]
            self.moments = {id(line): self.moments[id(line)] for line in self.log if id(line) in self.moments}
