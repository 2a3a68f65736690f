"""Watching a race again: the real board with the cars, turn by turn or at speed, forwards and
backwards by turn and by round, with the running order and the log as they stood at that moment.

The race is read from its record by ``game.play.replay.Replay`` (a slice per frame, so a long race
opens at once and fills in); the screen only chooses the moment shown. Stepping forwards drives
the cars along their paths; stepping backwards jumps. Esc returns to the screen it was opened
from (a race in progress, its log, the results or the list of races) exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.view import BoardView
from game.play.racelog import LogLine
from game.play.record_error import record_text
from game.play.replay import Drive as Moved
from game.play.replay import Replay
from game.texts import Notice, place_name, tr
from game.widgets.anims import STEP_TIME, Drive, play
from game.widgets.controls import Button
from game.widgets.focus import key_label
from game.widgets.race_hud import (
    MARGIN,
    TOP,
    draw_cars,
    draw_log,
    draw_standings,
    draw_topbar,
    free_areas,
    standings_height,
    standings_width,
)
from rules.files.record import Record, RecordError
from rules.league.blitz import decided

if TYPE_CHECKING:
    from game.app.loop import App

LOG_W = 380  # the log beside the board
BAR_H = 64  # the transport buttons under the board
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)  # turns a second while playing
BUILD_FRAME = 0.02  # seconds of each frame spent reading more of the race
LOG_WHEEL = 2


def open_replay(app: App, record: Record, at: int | None = None, replay: Replay | None = None) -> bool:
    """Push the viewer for ``record`` (at moment ``at``, the start if None); False after a notice
    when its track is gone or the record does not fit it."""
    entry = app.tracks.by_hash(record.header.track_hash, record.header.track_name)
    if entry is None or entry.track is None or entry.board is None:
        app.notify(Notice("notice.replay_track_missing", {"track": record.header.track_name}))
        return False
    if replay is None:
        try:
            replay = Replay(entry.track, record)
        except RecordError as err:
            app.notify(Notice("notice.history_race_unreadable", {"detail": record_text(err)}))
            return False
    app.push(ReplayScene(app, replay, BoardView(entry.board), at or 0))
    return True


class ReplayScene(Scene):
    name = "replay"
    arrow_focus = False  # the arrows pan or scroll here

    def __init__(self, app: App, replay: Replay, view: BoardView, at: int = 0, live: bool = False) -> None:
        """``live``: opened over a race in progress (a line of its log clicked): Back says it returns there."""
        super().__init__(app)
        self.replay = replay
        self.track = replay.track
        self.view = view
        if at > replay.built:
            replay.build()  # opened at a moment further on than read so far (a log line of a long race)
        self.at = min(at, replay.built)
        self.state = replay.show(self.at)
        self.playing = False
        self.ending = False  # End was pressed before the whole record was read: go there once it is
        self.speed = 1  # index into SPEEDS
        self.wait = 0.0  # seconds until the next turn while playing
        self.queue: list[Drive] = []
        self.drives: dict[str, Drive] = {}
        self.pulse = 0.0
        self.log_scroll = 0
        self.log_rows: list[tuple[pygame.Rect, LogLine]] = []  # the log's rows as last drawn, for clicks
        self.warned = False
        self.board = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.standings_w = 0  # the running order's width (standings_width)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.top = pygame.Rect(0, 0, 0, 0)
        self.placed = False

        def hint(key: str) -> Any:
            return lambda: [tr(key)]

        self.buttons = {
            "round_back": Button(
                "round_back",
                lambda: tr("replay.round_back"),
                self.round_back,
                px=22,
                hint=hint("replay.key_round_back"),
            ),
            "turn_back": Button(
                "turn_back", lambda: tr("replay.turn_back"), self.turn_back, px=22, hint=hint("replay.key_turn_back")
            ),
            "play": Button(
                "play",
                lambda: tr("replay.pause" if self.playing else "replay.play"),
                self.toggle,
                "primary",
                px=22,
                hint=hint("replay.key_play"),
            ),
            "turn_on": Button(
                "turn_on", lambda: tr("replay.turn_on"), self.turn_on, px=22, hint=hint("replay.key_turn_on")
            ),
            "round_on": Button(
                "round_on", lambda: tr("replay.round_on"), self.round_on, px=22, hint=hint("replay.key_round_on")
            ),
            "slower": Button("slower", lambda: tr("replay.slower"), lambda: self.change_speed(-1), px=20),
            "faster": Button("faster", lambda: tr("replay.faster"), lambda: self.change_speed(1), px=20),
            "back": Button(
                "back",
                lambda: tr("replay.back_race" if live else "button.back"),
                app.pop,
                "primary" if live else "normal",
                px=22,
                hint=hint("replay.key_back_race") if live else None,
            ),
            "log": Button("log", lambda: tr("replay.log"), self.open_log, px=22, hint=hint("replay.key_log")),
            "fit": Button("fit", lambda: tr("race.fit", shortcut=key_label("f")), self.view.fit, px=22),
        }
        self.widgets = list(self.buttons.values())

    # --- layout ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.top = pygame.Rect(0, 0, w, TOP)
        self.bar = pygame.Rect(0, h - BAR_H, w, BAR_H)
        self.board = pygame.Rect(0, TOP, w - LOG_W, h - TOP - BAR_H)
        self.log_rect = pygame.Rect(w - LOG_W + MARGIN, TOP + MARGIN, LOG_W - 2 * MARGIN, h - TOP - BAR_H - 2 * MARGIN)
        self.view.set_viewport(self.board)
        standings = pygame.Rect(
            MARGIN, TOP + MARGIN, standings_width(self.replay.control), standings_height(self.replay.control)
        )
        self.standings_w = standings.width
        self.view.free = free_areas(self.board, standings, self.board.bottom - MARGIN)
        if not self.placed:
            self.placed = True
            self.view.fit()
        x = w - MARGIN
        for key in ("back", "log", "fit"):
            width = theme.font(22).size(self.buttons[key].label())[0] + 28
            self.buttons[key].rect = pygame.Rect(x - width, 8, width, TOP - 18)
            x -= width + 8
        transport = ["round_back", "turn_back", "play", "turn_on", "round_on"]
        labels = {"play": [tr("replay.play"), tr("replay.pause")]}
        widths = {
            k: max(theme.font(22).size(t)[0] for t in labels.get(k, [self.buttons[k].label()])) + 28 for k in transport
        }
        speed_w = self._speed_width()
        extra = [theme.font(20).size(self.buttons[k].label())[0] + 24 for k in ("slower", "faster")]
        total = sum(widths.values()) + 8 * (len(transport) - 1) + 24 + extra[0] + speed_w + extra[1] + 16
        x = (w - total) // 2
        y = self.bar.top + 10
        for k in transport:
            self.buttons[k].rect = pygame.Rect(x, y, widths[k], BAR_H - 20)
            x += widths[k] + 8
        x += 16
        self.buttons["slower"].rect = pygame.Rect(x, y, extra[0], BAR_H - 20)
        self.speed_rect = pygame.Rect(self.buttons["slower"].rect.right + 8, y, speed_w, BAR_H - 20)
        self.buttons["faster"].rect = pygame.Rect(self.speed_rect.right + 8, y, extra[1], BAR_H - 20)

    def _speed_width(self) -> int:
        return max(theme.font(20).size(_speed_text(s))[0] for s in SPEEDS) + 8

    # --- moments ---------------------------------------------------------------------

    def go(self, k: int, drive: bool = False) -> None:
        """Show moment ``k``; ``drive``: the cars drive there along their paths (a step forwards)."""
        k = max(0, min(k, self.replay.built))
        self.ending = False
        self._finish_drives()
        moved = self.replay.drives_between(self.at, k) if drive and k > self.at else []
        self.at = k
        self.state = self.replay.show(k)
        self.log_scroll = 0
        if moved:
            self._queue(moved)
        else:
            self._look_at_active()

    def _look_at_active(self) -> None:
        """After a jump the camera glides to the car whose turn it is, if it is out of view."""
        car = self.state.car(self.state.active) if self.state.active else None
        if car is not None and car.space is not None and self.track.has_space(car.space):
            s = self.track.space(car.space)
            self.view.follow((s.x, s.y), keep=0.8)

    def _queue(self, moved: list[Moved]) -> None:
        """The drives of a turn one after another, quick enough to end before the next turn plays."""
        spaces = sum(len(m.spaces) - 1 for m in moved)
        step = STEP_TIME if not self.playing else min(STEP_TIME, 0.8 / SPEEDS[self.speed] / max(1, spaces))
        for m in moved:
            sp = [self.track.space(s) for s in m.spaces if self.track.has_space(s)]
            if len(sp) >= 2:
                self.queue.append(Drive(m.car, [(s.x, s.y) for s in sp], [s.heading for s in sp], step))

    def _finish_drives(self) -> None:
        self.queue.clear()
        self.drives.clear()

    def turn_on(self) -> None:
        self.go(self.replay.next_turn(self.at), drive=True)

    def turn_back(self) -> None:
        self.playing = False
        self.go(self.replay.previous_turn(self.at))

    def round_on(self) -> None:
        self.go(self.replay.next_round(self.at))

    def round_back(self) -> None:
        self.playing = False
        self.go(self.replay.previous_round(self.at))

    def to_end(self) -> None:
        """The race's last moment; while the record is still being read, as far as it is read
        now, and the last moment once the whole record is (``update``)."""
        self.playing = False
        self.go(self.replay.built)
        self.ending = not self.replay.done

    def at_end(self) -> bool:
        return self.replay.done and self.at >= self.replay.total

    def toggle(self) -> None:
        if not self.playing and self.at_end():
            self.go(0)  # Play at the end watches the race again from the start
        self.playing = not self.playing
        self.wait = 0.0

    def change_speed(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))

    def open_log(self) -> None:
        from game.scenes.history.logview import LogViewScene

        self.playing = False
        self.app.push(LogViewScene(self.app, self.replay, self.show_line))

    def show_line(self, at: int) -> None:
        """A line clicked in the log opened over this viewer: back here, at its moment."""
        self.app.pop()
        self.go(at)

    # --- the frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.pulse += dt
        if not self.replay.done:
            self.replay.build(BUILD_FRAME)
            if self.ending and self.replay.done:
                self.go(self.replay.built)
        if self.replay.error is not None and not self.warned:
            self.warned = True
            self.app.notify(Notice("notice.replay_broken", {"detail": self.replay.error_text()}))
        self.view.update(dt)
        play(self.queue, dt)  # type: ignore[arg-type]
        self.drives = {self.queue[0].car: self.queue[0]} if self.queue else {}
        if self.drives:
            drive = next(iter(self.drives.values()))
            self.view.follow(drive.pose[:2], keep=0.6)
        if not self.playing:
            return
        if self.at_end() and not self.queue:
            self.playing = False
            return
        self.wait -= dt  # a turn's drive counts into its time, so N turns a second are N turns a second
        if self.wait <= 0 and not self.queue and self.at < self.replay.built:
            self.wait = 1.0 / SPEEDS[self.speed]
            self.turn_on()

    def animating(self) -> bool:
        return self.playing or bool(self.queue) or not self.replay.done or self.view.animating()

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return True
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(theme.pointer()):
            self.log_scroll = max(0, self.log_scroll + event.y * LOG_WHEEL)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.log_rect.collidepoint(event.pos):
            self.log_clicked(event.pos)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.board.collidepoint(event.pos):
            return True
        return self.view.handle(event) is not None

    def log_clicked(self, pos: tuple[int, int]) -> None:
        """A line of the log beside the board: back to the moment it was written (the log read back)."""
        line = next((line for rect, line in self.log_rows if rect.collidepoint(pos)), None)
        at = self.replay.moment_of(line) if line is not None else None
        if at is not None:  # the log then ends with the clicked line
            self.playing = False
            self.go(at)

    def _key(self, key: int) -> bool:
        actions = {
            pygame.K_ESCAPE: self.app.pop,
            pygame.K_SPACE: self.toggle,
            pygame.K_PERIOD: self.turn_on,
            pygame.K_COMMA: self.turn_back,
            pygame.K_PAGEDOWN: self.round_on,
            pygame.K_PAGEUP: self.round_back,
            pygame.K_HOME: lambda: self.go(0),
            pygame.K_END: self.to_end,
            pygame.K_l: self.open_log,
        }
        if key not in actions:
            return False
        actions[key]()
        return True

    # --- drawing -----------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        self.view.draw(screen)
        clip = screen.get_clip()
        screen.set_clip(self.board)
        self._draw_cars(screen)
        draw_standings(screen, (MARGIN, TOP + MARGIN), self.replay.control, self.standings_w)
        end = self.end_text()
        if end is not None:  # a band at the foot of the board
            px = theme.fitting_px(end, 26, self.board.width - 60, 18)
            width = theme.font(px).size(end)[0] + 40
            band = pygame.Rect(self.board.centerx - width // 2, self.board.bottom - MARGIN - 46, width, 46)
            theme.panel(screen, band, theme.PANEL_DARK, 230, theme.YELLOW, 10)
            theme.text(screen, end, px, theme.YELLOW, band.center, "center")
        screen.set_clip(clip)
        pygame.draw.rect(screen, theme.PANEL, (w - LOG_W, TOP, LOG_W, h - TOP - BAR_H))
        pygame.draw.line(screen, theme.EDGE, (w - LOG_W, TOP), (w - LOG_W, h - BAR_H))
        help_lines = theme.wrap(tr("replay.help"), 16, self.log_rect.width - 8, most=4)
        log = self.log_rect.copy()
        log.height -= 17 * len(help_lines) + 10
        self.log_rows = []
        pos = theme.pointer()
        self.log_scroll = draw_log(
            screen,
            log,
            self.replay.lines_until(self.at),
            self.replay.control,
            self.log_scroll,
            shown=self.log_rows,
            pointer=pos if log.collidepoint(pos) else None,
        )
        for i, line in enumerate(help_lines):
            theme.text(screen, line, 16, theme.FAINT, (log.left + 4, log.bottom + 8 + 17 * i))
        pygame.draw.rect(screen, theme.PANEL_DARK, self.bar)
        pygame.draw.line(screen, theme.EDGE, self.bar.topleft, self.bar.topright)
        theme.text(screen, _speed_text(SPEEDS[self.speed]), 20, theme.DIM, self.speed_rect.center, "center")
        draw_topbar(screen, self.top, place_name(self.track.name), self.where(), self.buttons["fit"].rect.left - 12)
        self.draw_widgets(screen)

    def where(self) -> str:
        """The round, the leader's lap and the turn shown (of how many, once the whole race is read)."""
        state = self.state
        turn = self.replay.turn_number(self.at)
        if state.round == 0:
            text = tr("replay.where_start", turn=turn)
        else:
            text = tr("replay.where", round=state.round, lap=self.replay.leader_lap(state), laps=state.laps, turn=turn)
        if self.replay.done:
            text = tr("replay.of", where=text, turns=self.replay.turn_number(self.replay.total))
        return text

    def end_text(self) -> str | None:
        """At the last moment: the end of the race, or as far as it was saved (None before)."""
        if not self.at_end():
            return None
        over = self.state.finished or (self.replay.record.header.blitz is not None and decided(self.state))  # AMB-46b
        return tr("replay.finished" if over else "replay.end_of_save")

    def _draw_cars(self, screen: pygame.Surface) -> None:
        draw_cars(
            screen,
            self.view,
            self.track,
            self.state,
            self.replay.control,
            self.drives,
            lambda c: c.id in self.drives,
            self.pulse,
        )

    # --- debug status (end-to-end tests) -----------------------------------------------------

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(
            at=self.at,
            total=self.replay.total,
            round=self.state.round,
            playing=self.playing,
            spaces={c.id: c.space for c in self.state.cars},
        )
        return status


def _speed_text(x: float) -> str:
    """A speed as players write it: 0.5 turns/s, 1 turn/s, 2 turns/s."""
    return tr("replay.speed_one") if x == 1 else tr("replay.speed", n=f"{x:g}")
