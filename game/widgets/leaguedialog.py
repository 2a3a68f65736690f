"""The Dresden league's questions over the board: karma after a check, a head-to-head bid, the T-car.

Each is one small card with the driver's name, what is at stake and a few buttons;
it hands the finished choice to ``on_confirm`` as the engine's action (``Karma``,
``Bid``, ``TCar``), and the race screen applies it. A head-to-head bid is secret
(H2H-2): the card names the driver who bids now and never shows another bid, so
the drivers at one screen pass it round like a slip of paper.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.play.crew import t_car_wear
from game.texts import tr
from game.widgets.controls import Button, Widget
from rules import karma
from rules.actions import Action, Bid, Karma, TCar
from rules.state import RaceState

WIDTH = 620


class LeagueDialog:
    """``kind`` "karma", "bid" or "tcar" for the car that decides now (``to_move``)."""

    def __init__(self, kind: str, state: RaceState, car_id: str, names: Callable[[str], str],
                 on_confirm: Callable[[Action], None]) -> None:
        self.kind = kind
        self.state = state
        self.car = state.car(car_id)
        self.names = names
        self.on_confirm = on_confirm
        self.amount = 0
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.buttons = self._buttons()
        self.widgets: list[Widget] = list(self.buttons)

    def _buttons(self) -> list[Button]:
        if self.kind == "karma":  # KARMA-3: what the pool can pay for
            can = karma.affordable(self.car.karma)
            out = [Button("karma.reroll", lambda: tr("league.reroll", cost=karma.REROLL), lambda: self._send(Karma(spend="reroll")), px=22),
                   Button("karma.raise", lambda: tr("league.raise", cost=karma.RAISE), lambda: self._send(Karma(spend="raise")), px=22),
                   Button("karma.accept", lambda: tr("league.accept"), lambda: self._send(Karma(spend="accept")), "primary", px=22)]
            for b in out[:2]:
                b.visible = b.id.split(".")[1] in can
            return out
        if self.kind == "bid":  # H2H-2: a secret amount from 0 to the pool
            return [Button("bid.minus", lambda: "−", lambda: self._step(-1), px=26),
                    Button("bid.plus", lambda: "+", lambda: self._step(1), px=26),
                    Button("bid.confirm", lambda: tr("league.bid_confirm", n=self.amount), self.done, "primary", px=22)]
        return [Button("tcar.take", lambda: tr("league.tcar_take"), self.done, "primary", px=22),
                Button("tcar.retire", lambda: tr("league.tcar_retire"), lambda: self._send(TCar(wp=None)), px=22)]

    def _step(self, step: int) -> None:
        self.amount = max(0, min(self.car.karma, self.amount + step))

    def _send(self, action: Action) -> None:
        self.on_confirm(action)

    def done(self) -> None:
        """Enter: accept the roll, place the bid shown, or take the T-car."""
        if self.kind == "karma":
            self._send(Karma(spend="accept"))
        elif self.kind == "bid":
            self._send(Bid(amount=self.amount))
        else:
            self._send(TCar(wp=t_car_wear(self.state.rules, self.car)))

    def lines(self) -> list[str]:
        """What the card says, in the player's language."""
        name = self.names(self.car.id)
        if self.kind == "karma":
            held = self.state.held
            assert held is not None, "phase karma holds a check roll"
            roll = held.natural + held.raised
            return [tr("league.karma_title", name=name), tr(f"league.check.{held.check.purpose.value}", roll=roll),
                    tr("league.karma_pool", n=self.car.karma)]
        if self.kind == "bid":
            bids = self.state.bids
            others = [self.names(c) for c in (bids.cars if bids else ()) if c != self.car.id]
            return [tr("league.bid_title", name=name), tr("league.bid_others", others=", ".join(others)),
                    tr("league.karma_pool", n=self.car.karma), tr("league.bid_secret")]
        wear = t_car_wear(self.state.rules, self.car)
        return [tr("league.tcar_title", name=name), tr("league.tcar_offer", n=wear.total())]

    # --- layout and drawing -------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        w = min(WIDTH, area.width - 24)
        self.rect = pygame.Rect(0, 0, w, 96 + 30 * len(self.lines()) + 70)
        self.rect.center = area.center
        bottom = self.rect.bottom - 62
        if self.kind == "bid":
            minus, plus, confirm = self.buttons
            minus.rect = pygame.Rect(self.rect.left + 24, bottom, 46, 44)
            plus.rect = pygame.Rect(self.rect.left + 150, bottom, 46, 44)
            confirm.rect = pygame.Rect(self.rect.right - 284, bottom, 260, 44)
            return
        shown = [b for b in self.buttons if b.visible]
        gap = 12
        bw = (w - 48 - gap * (len(shown) - 1)) // max(1, len(shown))
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(self.rect.left + 24 + i * (bw + gap), bottom, bw, 44)

    def draw(self, screen: pygame.Surface) -> None:
        theme.dim(screen, screen.get_rect(), 110)
        theme.panel(screen, self.rect, theme.PANEL_DARK, 255, theme.YELLOW, 14)
        lines = self.lines()
        theme.text(screen, theme.fit_text(lines[0], 30, self.rect.width - 48), 30, theme.TEXT,
                   (self.rect.left + 24, self.rect.top + 18))
        y = self.rect.top + 70
        for line in lines[1:]:
            for part in theme.wrap(line, 20, self.rect.width - 48):
                theme.text(screen, part, 20, theme.DIM, (self.rect.left + 24, y))
                y += 26
        if self.kind == "bid":  # the amount between - and +, seen only by the bidder
            theme.text(screen, str(self.amount), 30, theme.YELLOW, (self.rect.left + 110, self.rect.bottom - 40), "center")
        for b in self.buttons:
            b.draw(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        return []
