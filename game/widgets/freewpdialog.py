"""The street race's card for the WP a car won (STREET-7 at the police station, STREET-8 on the
line): the driver puts them into the areas with − and + and confirms.

The card offers only what the engine accepts (``rules.modules.free_wp``, through ``rules.engine``): each area up to its
room (never above the set-up unless the rules lift the cap, AMB-52), and the confirm button once
exactly the amount is placed. It hands the choice to ``on_confirm`` as a ``FreeWP`` action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game import theme
from game.texts import tr
from game.widgets.controls import Button, Widget
from game.widgets.leaguedialog import WIDTH, area_card, draw_card
from rules.actions import FreeWP
from rules.car import Area
from rules.engine import free_wp_amount, free_wp_room
from rules.state import RaceState


class FreeWPDialog:
    """The card of the car whose driver distributes won WP now (phase "wp")."""

    kind = "wp"

    def __init__(
        self, state: RaceState, car_id: str, names: Callable[[str], str], on_confirm: Callable[[FreeWP], None]
    ) -> None:
        self.state = state
        self.car = state.car(car_id)
        self.names = names
        self.on_confirm = on_confirm
        self.room = free_wp_room(state, self.car)
        self.amount = free_wp_amount(state, self.car)
        self.setup = self.car.setup or state.rules.default_wear
        self.areas: tuple[Area, ...] = tuple(a for a in state.rules.car_setup.areas if a in self.room)
        self.chosen: dict[Area, int] = {}
        self.cells: dict[Area, pygame.Rect] = {}
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.confirm = Button("wp.confirm", lambda: tr("street.wp_confirm"), self.done, "primary", px=22)
        self.confirm.visible = False
        self.buttons = [self.confirm]
        for area in self.areas:
            self.buttons += [
                Button(f"wp.less.{area.value}", lambda: "−", partial(self._shift, area, -1), px=22),
                Button(f"wp.more.{area.value}", lambda: "+", partial(self._shift, area, 1), px=22),
            ]
        self.widgets: list[Widget] = list(self.buttons)

    def placed(self) -> int:
        return sum(self.chosen.values())

    def _shift(self, area: Area, step: int) -> None:
        """One WP more or less into ``area``, within its room and the amount won."""
        value = self.chosen.get(area, 0) + step
        if 0 <= value <= self.room[area] and self.placed() + step <= self.amount:
            self.chosen[area] = value
        self.confirm.visible = self.placed() == self.amount

    def done(self) -> None:
        """Enter: confirm once every WP has its area."""
        if self.placed() == self.amount:
            self.on_confirm(FreeWP(wp={a: n for a, n in self.chosen.items() if n}))

    def lines(self) -> list[str]:
        """What the card says, in the player's language."""
        cap = "street.wp_cap_setup" if self.state.rules.free_wp_cap == "setup" else "street.wp_cap_none"
        left = self.amount - self.placed()
        status = tr("street.wp_left", n=left) if left else tr("street.wp_ready")
        return [tr("street.wp_title", name=self.names(self.car.id), n=self.amount), tr(cap), status]

    # --- layout and drawing -------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        self.rect, self.cells, bottom = area_card(area, self.lines(), self.areas, self._area_buttons)
        self.confirm.rect = pygame.Rect(self.rect.left + 24, bottom, self.rect.width - 48, 44)

    def draw(self, screen: pygame.Surface) -> None:
        draw_card(screen, self.rect, self.lines())
        for a in self.areas:  # each area: what it has now, and the WP put in
            cell = self.cells[a]
            n = self.chosen.get(a, 0)
            ink = theme.YELLOW if n else theme.TEXT
            label = f"{tr(f'area.{a.value}')} {self.car.wp[a] + n}/{self.setup[a]}" + (f" (+{n})" if n else "")
            theme.text(
                screen, theme.fit_text(label, 20, cell.width - 92), 20, ink, (cell.left, cell.centery), "midleft"
            )
        for b in self.buttons:
            b.draw(screen)

    def _area_buttons(self, area: Area) -> tuple[Button, Button]:
        less = next(b for b in self.buttons if b.id == f"wp.less.{area.value}")
        more = next(b for b in self.buttons if b.id == f"wp.more.{area.value}")
        return less, more

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        return []
