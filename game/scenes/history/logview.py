"""The race log to read back, full-screen: grouped by game round and, within a round, by car;
filtered to one car; scrolled by the wheel and the keys. A click on a line shows the board at that
moment (``on_line`` with the line's moment: the replay viewer opens or moves there).

The lines come from ``game.play.replay.Replay``, read a slice per frame, so a long race opens at
once and fills in. A round's rows are laid out once (wrapped to the width) and kept until its
lines, the width, the filter or the language change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import texts, theme
from game.app.loop import Scene
from game.play.racelog import LogLine
from game.play.replay import Line, Replay
from game.texts import tr
from game.widgets.controls import Button, Widget
from game.widgets.page import Page, message
from game.widgets.race_hud import TONES

if TYPE_CHECKING:
    from game.app.loop import App

BUILD_FRAME = 0.02
PX = 19  # a line's text
LINE_H = 22
HEAD_H = 40  # a round's heading
CAR_H = 28  # a car's name over its lines
FILTER_H = 36
WHEEL_ROWS = 3


@dataclass(frozen=True)
class Row:
    """One row of the list: a round's heading, a car's name, or (a part of) a log line."""

    kind: str  # "round", "car", "line"
    text: str
    height: int
    car: str | None = None
    line: LogLine | None = None
    at: int | None = None  # the moment a click on it shows


def grouped(lines: list[Line], car: str | None = None) -> dict[int, dict[str | None, list[Line]]]:
    """The lines by game round, and in a round by car in the order the cars first appear (lines
    of no car, like the weather, form a group of their own); only ``car``'s when given."""
    out: dict[int, dict[str | None, list[Line]]] = {}
    for line in lines:
        if car is not None and line.line.car != car:
            continue
        out.setdefault(line.round, {}).setdefault(line.line.car, []).append(line)
    return out


class LogViewScene(Scene):
    name = "racelog"
    arrow_focus = False  # the arrows pan or scroll here
    escape_back = True

    def __init__(self, app: App, replay: Replay, on_line: Callable[[int], None]) -> None:
        super().__init__(app)
        self.replay = replay
        self.on_line = on_line
        self.car: str | None = None  # the filter: None = every car
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.filters = [Button("filter.all", lambda: tr("logview.all"), lambda: self.filter(None), px=20)]
        for e in replay.record.header.entries:
            self.filters.append(Button(f"filter.{e.id}", partial(str, e.name), partial(self.filter, e.id), px=20))
        self.widgets: list[Widget] = [self.back, *self.filters]
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # px from the top of the rows
        self.stick = True  # keep the newest lines in view while the race is read
        self._rounds: dict[int, tuple[tuple[Any, ...], list[Row]]] = {}
        self._rows: list[Row] = []
        self._tops: list[int] = []
        self._key: tuple[Any, ...] = ()
        self.line_buttons: dict[tuple[int, str], Button] = {}  # the lines shown, for the focus ring, kept across frames
        self._sync_filters()

    # --- the filter ---------------------------------------------------------------------

    def filter(self, car: str | None) -> None:
        self.car = car
        self.scroll, self.stick = 0, True
        self._sync_filters()

    def _sync_filters(self) -> None:
        for b in self.filters:
            b.style = "primary" if b.id == f"filter.{self.car or 'all'}" else "normal"

    # --- layout -------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        x, y = body.left, body.top
        for b in self.filters:
            width = theme.font(20).size(b.label())[0] + 28
            if x + width > body.right and x > body.left:
                x, y = body.left, y + FILTER_H + 6
            b.rect = pygame.Rect(x, y, width, FILTER_H)
            x += width + 8
        top = y + FILTER_H + 12
        self.list_rect = pygame.Rect(body.left, top, body.width, body.bottom - top)
        self._rounds.clear()

    # --- the rows -------------------------------------------------------------------------

    def rows(self) -> list[Row]:
        """Every row of the list for the lines read so far, laid out for the current width."""
        key = (len(self.replay.lines), self.car, self.list_rect.width, texts.language())
        if key == self._key:
            return self._rows
        if key[1:] != self._key[1:]:
            self._rounds.clear()
        self._key = key
        rows: list[Row] = []
        for rnd, cars in grouped(self.replay.lines, self.car).items():
            count = (sum(len(v) for v in cars.values()),)
            kept = self._rounds.get(rnd)
            if kept is None or kept[0] != count:
                kept = (count, self._round_rows(rnd, cars))
                self._rounds[rnd] = kept
            rows += kept[1]
        self._rows = rows
        self._tops = []
        y = 0
        for row in rows:
            self._tops.append(y)
            y += row.height
        return rows

    def _round_rows(self, rnd: int, cars: dict[str | None, list[Line]]) -> list[Row]:
        heading = tr("logview.round", n=rnd) if rnd > 0 else tr("logview.before")
        rows = [Row("round", heading, HEAD_H)]
        control = self.replay.control
        width = self.list_rect.width - 70
        for car, lines in cars.items():
            if car is not None:
                rows.append(Row("car", control.name(car), CAR_H, car))
            for line in lines:
                for part in theme.wrap(line.line.text(), PX, width) or [""]:
                    rows.append(Row("line", part, LINE_H, car, line.line, line.at))
        return rows

    def height(self) -> int:
        rows = self.rows()
        return self._tops[-1] + rows[-1].height if rows else 0

    def _clamp(self) -> None:
        most = max(0, self.height() - self.list_rect.height)
        if self.stick:
            self.scroll = most
        self.scroll = max(0, min(self.scroll, most))

    def scroll_by(self, px: int) -> None:
        self.scroll += px
        most = max(0, self.height() - self.list_rect.height)
        self.stick = self.scroll >= most
        self._clamp()

    def focusables(self) -> list[Widget]:
        """The lines shown whole are on the focus ring's way too: Enter on one opens its moment."""
        shown: list[Widget] = []
        for row, top in zip(self.rows(), self._tops):
            y = self.list_rect.top + top - self.scroll
            if row.kind != "line" or row.at is None or y < self.list_rect.top or y + row.height > self.list_rect.bottom:
                continue
            key = (row.at, row.text)
            if key not in self.line_buttons:
                self.line_buttons[key] = Button(f"line.{row.at}", lambda: "", partial(self.on_line, row.at))
            self.line_buttons[key].rect = pygame.Rect(
                self.list_rect.left + 40, y, self.list_rect.width - 64, row.height
            )
            shown.append(self.line_buttons[key])
        return [*self.widgets, *shown]

    def row_at(self, pos: tuple[int, int]) -> Row | None:
        """The row under the mouse, if it is shown whole."""
        if not self.list_rect.collidepoint(pos):
            return None
        rows = self.rows()
        y = pos[1] - self.list_rect.top + self.scroll
        for row, top in zip(rows, self._tops):
            if top <= y < top + row.height:
                return row
        return None

    # --- the frame ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if not self.replay.done:
            self.replay.build(BUILD_FRAME)
        self._clamp()

    def animating(self) -> bool:
        return not self.replay.done

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        page = self.list_rect.height - LINE_H
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL_ROWS * LINE_H)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -LINE_H,
                pygame.K_DOWN: LINE_H,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None and row.at is not None:
                self.on_line(row.at)
                return True
        return False

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("logview.title"))
        self._clamp()
        box = self.list_rect
        theme.panel(screen, box, theme.PANEL_DARK, 255, radius=8)
        rows = self.rows()
        hover = self.row_at(theme.pointer()) if pygame.mouse.get_focused() else None
        if not rows:
            name = self.replay.control.name(self.car) if self.car else ""
            empty = tr("logview.nothing_for", name=name) if self.car else tr("logview.empty")
            theme.text(screen, empty, 22, theme.DIM, (box.left + 20, box.top + 20))
        for row, top in zip(rows, self._tops):
            y = box.top + top - self.scroll
            if y < box.top or y + row.height > box.bottom:
                continue  # only rows shown whole
            self._draw_row(
                screen,
                row,
                y,
                hover is not None and hover.at is not None and hover.at == row.at and hover.line is row.line,
            )
        self._draw_scrollbar(screen)
        if not self.replay.done:
            status = tr("logview.reading", n=self.replay.built, total=len(self.replay.record.actions))
        else:
            status = tr("logview.help")
        message(screen, page.between(self.back.rect, pygame.Rect(page.frame.right, 0, 0, 0)), status, theme.DIM)
        self.draw_widgets(screen)

    def _draw_row(self, screen: pygame.Surface, row: Row, y: int, hover: bool) -> None:
        box = self.list_rect
        if row.kind == "round":
            pygame.draw.line(screen, theme.EDGE, (box.left + 12, y + 6), (box.right - 24, y + 6))
            theme.text(screen, row.text, 24, theme.YELLOW, (box.left + 16, y + 12))
            return
        control = self.replay.control
        if row.kind == "car":
            assert row.car is not None
            pygame.draw.circle(screen, theme.colour(control.entry(row.car).colour), (box.left + 26, y + CAR_H // 2), 7)
            theme.text(screen, row.text, 21, theme.TEXT, (box.left + 42, y + CAR_H // 2), "midleft")
            return
        if hover:
            pygame.draw.rect(
                screen, theme.BUTTON_HOVER, (box.left + 40, y, box.width - 64, row.height), border_radius=4
            )
        assert row.line is not None
        theme.text(screen, row.text, PX, TONES[row.line.tone], (box.left + 52, y + 2))

    def _draw_scrollbar(self, screen: pygame.Surface) -> None:
        total = self.height()
        box = self.list_rect
        if total <= box.height:
            return
        track = pygame.Rect(box.right - 14, box.top + 8, 6, box.height - 16)
        pygame.draw.rect(screen, theme.PANEL, track, border_radius=3)
        h = max(24, track.height * box.height // total)
        y = track.top + (track.height - h) * self.scroll // max(1, total - box.height)
        pygame.draw.rect(screen, theme.DIM, (track.left, y, track.width, h), border_radius=3)

    def status(self) -> dict[str, Any]:
        status = super().status()
        shown = []
        for row, top in zip(self.rows(), self._tops):
            y = self.list_rect.top + top - self.scroll
            if row.kind == "line" and y >= self.list_rect.top and y + row.height <= self.list_rect.bottom:
                shown.append({"text": row.text, "at": row.at, "y": y + row.height // 2})
        status.update(car=self.car, lines=shown, read=self.replay.done)
        return status
