"""The race screen's panel for a race between homes: the room's chat and the referee's notices,
a line to chat in, and a head-to-head bid sealed for the referee (H2H-2).

It sits over the board's right edge, above the dice tray, as one widget of the race screen: the
screen knows nothing of rooms and files, the panel nothing of the race screen but where it may draw.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.play.remote_control import RemoteControl
from game.texts import tr
from game.widgets.controls import Button, TextField, Widget

PX = 18
ROW = 22
FIELD_H = 34
#: The most height the panel takes from the board.
HEIGHT = 280


def _wrapped(text: str, width: int) -> list[str]:
    """The text's lines (at most 3), a word too long for a line (a file's path) cut where it must."""
    lines: list[str] = []
    for line in theme.wrap(text, PX, width):
        while theme.font(PX).size(line)[0] > width and len(line) > 1:
            cut = len(line)
            while cut > 1 and theme.font(PX).size(line[:cut])[0] > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines if len(lines) <= 3 else [*lines[:2], theme.fit_text(" ".join(lines[2:]), PX, width)]


class EnterField(TextField):
    """A text field whose Enter does something (sends the chat line, seals the bid)."""

    def __init__(
        self,
        id: str,
        value: Callable[[], str],
        on_change: Callable[[str], None],
        max_len: int,
        on_enter: Callable[[], None],
    ) -> None:
        super().__init__(id, value, on_change, max_len)
        self.on_enter = on_enter
        self.placeholder = ""  # a text key shown while the field is empty

    def handle(self, event: pygame.event.Event) -> bool:
        if self.editing and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_enter()
            TextField.focused = None  # the keys are the race's again (1-6 a gear)
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.placeholder and not self.value() and not self.editing:
            hint = theme.fit_text(tr(self.placeholder), PX, self.rect.width - 20)
            theme.text(surface, hint, PX, theme.FAINT, (self.rect.left + 10, self.rect.centery), "midleft")


def remote_widgets(control: RemoteControl, area: Callable[[], pygame.Rect]) -> list[Widget]:
    """The panel and its fields and button, for the race screen's widgets (the panel first: it
    draws the ground they stand on)."""
    panel = RemotePanel(control, area)
    return [panel, panel.chat, panel.bid, panel.seal]


class RemotePanel(Widget):
    def __init__(self, control: RemoteControl, area: Callable[[], pygame.Rect]) -> None:
        """``area`` says where the panel may draw now (the screen's layout changes with its size)."""
        super().__init__("remote")
        self.control = control
        self.area = area
        self.message = ""
        self.amount = ""
        self.problem = ""
        self.chat = EnterField("chat", lambda: self.message, self._typed, 300, self.send_chat)
        self.bid = EnterField("bid", lambda: self.amount, self._bid_typed, 3, self.seal_bid)
        self.seal = Button("seal", lambda: tr("remote.seal"), self.seal_bid, "primary", px=20)
        self.bid.visible = self.seal.visible = False  # until a head-to-head asks for a bid
        self.chat.placeholder = "remote.chat_hint"

    def _typed(self, text: str) -> None:
        self.message = text

    def _bid_typed(self, text: str) -> None:
        self.amount = "".join(ch for ch in text if ch.isdigit())
        self.problem = ""

    def asked(self) -> str | None:
        """The car of this player whose sealed bid the race waits for, if any."""
        cars = self.control.bids_asked()
        return cars[0] if cars else None

    def send_chat(self) -> None:
        text = self.message.strip()
        if text and self.control.link.chats:
            self.control.link.say(text)
        self.message = ""

    def seal_bid(self) -> None:
        car = self.asked()
        if car is None:
            return
        pool = self.control.state.car(car).league.karma
        if not self.amount or int(self.amount) > pool:
            self.problem = tr("remote.bid_range", karma=pool)
            return
        self.control.seal_bid(car, int(self.amount))
        self.amount = ""

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the panel stays on it (the board under it is not clicked)."""
        inside = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)
        return inside and not self.too_small()

    def place(self) -> None:
        """The panel's rect, and its fields' and button's, from the space it is given now."""
        area = self.area()
        height = area.height
        lines = sum(len(_wrapped(t, area.width - 20)) for t in self.control.transcript[-8:])
        if not self.control.link.chats and self.asked() is None:  # notices only: as tall as they need
            height = min(height, 40 + lines * ROW) if lines else 0
        else:  # the chat line, the bid, and the messages above them
            below = (FIELD_H + 8 if self.control.link.chats else 0) + (FIELD_H + 3 * ROW if self.asked() else 0)
            height = min(height, 48 + max(lines, 3) * ROW + below)
        self.rect = pygame.Rect(area.left, area.top, area.width, max(0, height))
        bottom = self.rect.bottom - 8
        if self.control.link.chats:
            self.chat.rect = pygame.Rect(self.rect.left + 8, bottom - FIELD_H, self.rect.width - 16, FIELD_H)
            bottom = self.chat.rect.top - 8
        self.bid.rect = pygame.Rect(self.rect.left + 8, bottom - FIELD_H, 80, FIELD_H)
        self.seal.rect = pygame.Rect(self.bid.rect.right + 8, bottom - FIELD_H, 160, FIELD_H)

    def too_small(self) -> bool:
        """A window too small for the panel: the notices still show over the board."""
        return self.rect.height < (4 * ROW if self.control.link.chats or self.asked() else 40 + ROW)

    def draw(self, surface: pygame.Surface) -> None:
        self.control.poll()  # chat and notices come while this player decides, too
        self.place()
        asked = self.asked() is not None and not self.too_small()
        self.bid.visible = self.seal.visible = asked
        self.chat.visible = self.control.link.chats and not self.too_small()
        if self.too_small():
            return
        theme.panel(surface, self.rect, theme.PANEL_DARK, radius=8)
        title = "remote.chat" if self.control.link.chats else "remote.notices"
        theme.text(surface, tr(title).upper(), 15, theme.DIM, (self.rect.left + 10, self.rect.top + 8))
        car = self.asked()
        bottom = (self.chat.rect.top if self.control.link.chats else self.rect.bottom) - 8
        if car is not None:
            bottom = self.bid.rect.top - 8
            name = self.control.name(car)
            ask = tr("remote.bid", name=name, karma=self.control.state.car(car).league.karma)
            if self.problem:
                ask = self.problem
            for line in reversed(theme.wrap(ask, PX, self.rect.width - 20, 2)):
                bottom -= ROW
                theme.text(surface, line, PX, theme.YELLOW, (self.rect.left + 10, bottom))
            bottom -= 6
        top = self.rect.top + 30
        width = self.rect.width - 20
        rows: list[str] = []
        for said in reversed(self.control.transcript):
            rows = _wrapped(said, width) + rows
            if len(rows) * ROW > bottom - top:
                break
        while rows and len(rows) * ROW > bottom - top:
            rows.pop(0)
        for i, line in enumerate(rows):
            theme.text(surface, line, PX, theme.TEXT, (self.rect.left + 10, top + i * ROW))
