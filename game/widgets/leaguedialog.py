"""The Dresden league's questions over the board: karma after a check, a head-to-head bid, the T-car.

Each is one small card with the driver's name, what is at stake and a few buttons;
it hands the finished choice to ``on_confirm`` as the engine's action (``Karma``,
``Bid``, ``TCar``), and the race screen applies it. A head-to-head bid is secret
(H2H-2): the card names the driver who bids now and never shows another bid, so
the drivers at one screen pass it round like a slip of paper. The T-car card
starts from the crew's proposal and lets the driver choose which areas lose the
2 WP (AMB-38), with − and + per area.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game import theme
from game.texts import tr
from game.widgets.controls import Button, Widget
from rules.actions import Bid, Karma, TCar
from rules.car import Area, WearPoints
from rules.engine import t_car_problem, t_car_proposal
from rules.state import RaceState
from rules.tables import karma

WIDTH = 620
AREA_ROW = 46  # one row of a card's areas, two to a row


class LeagueDialog:
    """``kind`` "karma", "bid" or "tcar" for the car that decides now (``to_move``)."""

    def __init__(
        self,
        kind: str,
        state: RaceState,
        car_id: str,
        names: Callable[[str], str],
        on_confirm: Callable[[Karma | Bid | TCar], None],
    ) -> None:
        self.kind = kind
        self.state = state
        self.car = state.car(car_id)
        self.names = names
        self.on_confirm = on_confirm
        self.amount = 0
        self.setup = self.car.setup or state.rules.default_wear
        self.wear: WearPoints = t_car_proposal(state, self.car) if kind == "tcar" else self.setup
        self.areas: tuple[Area, ...] = state.rules.car_setup.areas if kind == "tcar" else ()
        self.cells: dict[Area, pygame.Rect] = {}
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.buttons = self._buttons()
        self.widgets: list[Widget] = list(self.buttons)

    def _buttons(self) -> list[Button]:
        if self.kind == "karma":  # KARMA-3: what the pool can pay for
            can = karma.affordable(self.car.league.karma)
            out = [
                Button(
                    "karma.reroll",
                    lambda: tr("league.reroll", cost=karma.REROLL),
                    lambda: self._send(Karma(spend="reroll")),
                    px=22,
                ),
                Button(
                    "karma.raise",
                    lambda: tr("league.raise", cost=karma.RAISE),
                    lambda: self._send(Karma(spend="raise")),
                    px=22,
                ),
                Button(
                    "karma.accept",
                    lambda: tr("league.accept"),
                    lambda: self._send(Karma(spend="accept")),
                    "primary",
                    px=22,
                ),
            ]
            for b in out[:2]:
                b.visible = b.id.split(".")[1] in can
            return out
        if self.kind == "bid":  # H2H-2: a secret amount from 0 to the pool
            return [
                Button("bid.minus", lambda: "−", lambda: self._step(-1), px=26),
                Button("bid.plus", lambda: "+", lambda: self._step(1), px=26),
                Button("bid.confirm", lambda: tr("league.bid_confirm", n=self.amount), self.done, "primary", px=22),
            ]
        out = [
            Button("tcar.take", lambda: tr("league.tcar_take"), self.done, "primary", px=22),
            Button("tcar.retire", lambda: tr("league.tcar_retire"), lambda: self._send(TCar(wp=None)), px=22),
        ]
        for area in self.areas:  # AMB-38: the driver chooses where the WP come off
            out += [
                Button(f"tcar.less.{area.value}", lambda: "−", partial(self._shift, area, -1), px=22),
                Button(f"tcar.more.{area.value}", lambda: "+", partial(self._shift, area, 1), px=22),
            ]
        return out

    def _shift(self, area: Area, step: int) -> None:
        """One WP off or back on ``area``, never below 1 nor above the set-up; the T-car may go
        once it has exactly its WP (the engine checks the same, ``t_car_problem``)."""
        value = self.wear[area] + step
        if 1 <= value <= self.setup[area]:
            self.wear = self.wear.model_copy(update={area.value: value})
        self.buttons[0].visible = t_car_problem(self.state, self.car, self.wear) is None

    def _step(self, step: int) -> None:
        self.amount = max(0, min(self.car.league.karma, self.amount + step))

    def _send(self, action: Karma | Bid | TCar) -> None:
        self.on_confirm(action)

    def done(self) -> None:
        """Enter: accept the roll, place the bid shown, or take the T-car."""
        if self.kind == "karma":
            self._send(Karma(spend="accept"))
        elif self.kind == "bid":
            self._send(Bid(amount=self.amount))
        elif t_car_problem(self.state, self.car, self.wear) is None:
            self._send(TCar(wp=self.wear))

    def lines(self) -> list[str]:
        """What the card says, in the player's language."""
        name = self.names(self.car.id)
        if self.kind == "karma":
            held = self.state.league.held
            assert held is not None, "phase karma holds a check roll"
            roll = held.natural + held.raised
            return [
                tr("league.karma_title", name=name),
                tr(f"league.check.{held.check.purpose.value}", roll=roll),
                tr("league.karma_pool", n=self.car.league.karma),
            ]
        if self.kind == "bid":
            bids = self.state.league.bids
            others = [self.names(c) for c in (bids.cars if bids else ()) if c != self.car.id]
            return [
                tr("league.bid_title", name=name),
                tr("league.bid_others", others=", ".join(others)),
                tr("league.karma_pool", n=self.car.league.karma),
                tr("league.bid_secret"),
            ]
        target = t_car_proposal(self.state, self.car).total()
        left = self.wear.total() - target
        status = (
            tr("league.tcar_more", n=left)
            if left > 0
            else tr("league.tcar_back", n=-left)
            if left < 0
            else tr("league.tcar_ready", n=target)
        )
        return [
            tr("league.tcar_title", name=name),
            tr("league.tcar_offer", n=target),
            tr("league.tcar_choose", n=self.setup.total() - target),
            status,
        ]

    # --- layout and drawing -------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        self.rect, self.cells, bottom = area_card(area, self.lines(), self.areas, self._area_buttons)
        if self.kind == "bid":
            minus, plus, confirm = self.buttons
            minus.rect = pygame.Rect(self.rect.left + 24, bottom, 46, 44)
            plus.rect = pygame.Rect(self.rect.left + 150, bottom, 46, 44)
            confirm.rect = pygame.Rect(self.rect.right - 284, bottom, 260, 44)
            return
        shown = (
            [b for b in self.buttons[:2] if b.visible]
            if self.kind == "tcar"
            else [b for b in self.buttons if b.visible]
        )
        gap = 12
        bw = (self.rect.width - 48 - gap * (len(shown) - 1)) // max(1, len(shown))
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(self.rect.left + 24 + i * (bw + gap), bottom, bw, 44)

    def draw(self, screen: pygame.Surface) -> None:
        draw_card(screen, self.rect, self.lines())
        for a in self.areas:  # the T-car's areas: what each keeps of the set-up
            cell = self.cells[a]
            ink = theme.TEXT if self.wear[a] == self.setup[a] else theme.YELLOW
            label = theme.fit_text(f"{tr(f'area.{a.value}')} {self.wear[a]}/{self.setup[a]}", 20, cell.width - 92)
            theme.text(screen, label, 20, ink, (cell.left, cell.centery), "midleft")
        if self.kind == "bid":  # the amount between - and +, seen only by the bidder
            theme.text(
                screen, str(self.amount), 30, theme.YELLOW, (self.rect.left + 110, self.rect.bottom - 40), "center"
            )
        for b in self.buttons:
            b.draw(screen)

    def _area_buttons(self, area: Area) -> tuple[Button, Button]:
        less = next(b for b in self.buttons if b.id == f"tcar.less.{area.value}")
        more = next(b for b in self.buttons if b.id == f"tcar.more.{area.value}")
        return less, more

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        return []


def area_card(
    area: pygame.Rect, lines: list[str], areas: tuple[Area, ...], buttons_of: Callable[[Area], tuple[Button, Button]]
) -> tuple[pygame.Rect, dict[Area, pygame.Rect], int]:
    """A card of text ``lines`` over a grid of wear areas, two to a row, each with its - and +
    buttons placed, centred on ``area``: its rectangle, each area's cell and the y of its bottom
    row of buttons (the T-car's and the street race's free WP cards)."""
    w = min(WIDTH, area.width - 24)
    grid = AREA_ROW * -(-len(areas) // 2)
    rows = sum(len(theme.wrap(line, 20, w - 48)) for line in lines[1:])
    rect = pygame.Rect(0, 0, w, 70 + 26 * rows + 16 + grid + 70)
    rect.center = area.center
    bottom = rect.bottom - 62
    cell = (w - 48) // 2
    cells: dict[Area, pygame.Rect] = {}
    for i, a in enumerate(areas):
        x, y = rect.left + 24 + cell * (i % 2), bottom - grid - 8 + AREA_ROW * (i // 2)
        cells[a] = pygame.Rect(x, y, cell, 44)
        less, more = buttons_of(a)
        less.rect = pygame.Rect(x + cell - 84, y + 4, 36, 36)
        more.rect = pygame.Rect(x + cell - 44, y + 4, 36, 36)
    return rect, cells, bottom


def draw_card(screen: pygame.Surface, rect: pygame.Rect, lines: list[str]) -> None:
    """The window dimmed, the card's frame, its title and its wrapped lines of text."""
    theme.dim(screen, screen.get_rect(), 110)
    theme.panel(screen, rect, theme.PANEL_DARK, 255, theme.YELLOW, 14)
    theme.text(screen, theme.fit_text(lines[0], 30, rect.width - 48), 30, theme.TEXT, (rect.left + 24, rect.top + 18))
    y = rect.top + 70
    for line in lines[1:]:
        for part in theme.wrap(line, 20, rect.width - 48):
            theme.text(screen, part, 20, theme.DIM, (rect.left + 24, y))
            y += 26
