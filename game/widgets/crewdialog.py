"""The crew's dialog over the board: tyres and car before the start, tyres and repairs at the box.

It edits a ``SetupPlan`` or ``BoxWork`` (``game.play.crew``) with buttons and hands
the finished plan to ``on_confirm``; the race screen turns it into the engine's
``SetUp`` or ``PitStop``. Each tyre card shows what the compound does in the dry
and in the rain, the current weather's line highlighted.

The dialog's picture (panel, cards, rows and buttons at rest) is drawn once
into a cached surface and redrawn only when the plan, the layout or the
language changes; per frame it is blitted and only the button under the
mouse is drawn again on top, lit up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pygame

from game import theme
from game.play.crew import TYRES, BoxWork, SetupPlan, repairable, tyre_effects, worn_note
from game.texts import language, reason_text, tr
from game.widgets.controls import Button, Widget
from game.widgets.dashboard import draw_pips
from game.widgets.icons import draw_tyre, draw_weather
from game.widgets.weatherfx import weather_word
from rules.car import Area
from rules.engine import repairs_at, wet
from rules.state import CarState, RaceState
from rules.tables.tyres import Tyre

WIDTH = 840
CARD_H = 196
ROW = 34
MIN_ROW = 30
Plan = SetupPlan | BoxWork


class CrewDialog:
    """``kind`` "setup" (before the start) or "pit" (at the box) for ``car``."""

    def __init__(
        self, kind: str, state: RaceState, car: CarState, name: str, on_confirm: Callable[[Plan], None]
    ) -> None:
        self.kind = kind
        self.rules = state.rules
        self.car = car
        self.name = name
        self.wet = wet(state)
        self.weather = state.weather
        self.on_confirm = on_confirm
        self.plan: Plan = (
            SetupPlan.for_car(self.rules, car, self.wet) if kind == "setup" else BoxWork.for_car(state, car, self.wet)
        )
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.rows_top = 0  # the first repair or set-up row's top, set by layout
        self.row = ROW
        self._picture: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.cards = [Button(f"tyre.{t.value}", lambda: "", partial(self.pick, t), "ghost") for t in TYRES]
        if not self.rules.tyres:
            self.cards = []
        self.areas: tuple[Area, ...] = self._areas()
        self.steppers: list[Button] = []
        for area in self.areas:
            self.steppers += [
                Button(f"{area.value}.minus", lambda: "−", partial(self.change, area, -1), px=26),
                Button(f"{area.value}.plus", lambda: "+", partial(self.change, area, 1), px=26),
            ]
        self.long = Button(
            "long",
            lambda: tr("crew.long_stop", state=tr("toggle.on" if self._is_long() else "toggle.off")),
            self.toggle_long,
            px=20,
        )
        self.long.visible = kind == "pit" and self.rules.pit_repairs == "long_stop"
        self.confirm = Button(
            "crew.confirm", lambda: tr("crew.start" if kind == "setup" else "crew.leave"), self.done, "primary", px=24
        )
        self.widgets: list[Widget] = [*self.cards, *self.steppers, self.long, self.confirm]

    def _areas(self) -> tuple[Area, ...]:
        if self.kind == "setup":
            return self.rules.car_setup.areas if isinstance(self.plan, SetupPlan) and self.plan.build else ()
        reserve = self.plan.reserve if isinstance(self.plan, BoxWork) else 0
        return repairable(self.rules) if repairs_at(self.rules) != "none" and reserve > 0 else ()

    def _is_long(self) -> bool:
        return isinstance(self.plan, BoxWork) and self.plan.long

    # --- editing ------------------------------------------------------------------------

    def pick(self, tyre: Tyre) -> None:
        self.plan = replace(self.plan, tyre=tyre)

    def change(self, area: Area, step: int) -> None:
        if isinstance(self.plan, SetupPlan):
            self.plan = self.plan.change(self.rules.car_setup, area, step)
        else:
            self.plan = self.plan.repair(self.rules, self.car, area, step)

    def toggle_long(self) -> None:
        if isinstance(self.plan, BoxWork):
            self.plan = self.plan.toggle_long()

    def problems(self) -> list[str]:
        if isinstance(self.plan, SetupPlan):
            return [reason_text(p) for p in self.plan.problems(self.rules.car_setup)]
        return []

    def done(self) -> None:
        self.on_confirm(self.plan)

    # --- layout and drawing -------------------------------------------------------------

    def layout(self, area: pygame.Rect) -> None:
        """Centred in ``area``; where it is short, the rows close up (to ``MIN_ROW``) and the gap
        under them goes, so it fits a 640 px window."""
        w = min(WIDTH, area.width - 24)
        rows = (len(self.areas) + 1) // 2
        fixed = 96 + (CARD_H + 16 if self.cards else 0) + 76 + (44 if self.long.visible else 0)
        room = area.height - 16 - fixed
        gap = 36 if room >= 34 + 36 + rows * ROW else 6  # under the rows, above the footer
        self.row = max(MIN_ROW, min(ROW, (room - 34 - gap) // rows)) if rows else ROW
        self.rect = pygame.Rect(0, 0, w, fixed + (34 + rows * self.row + gap if self.areas else 0))
        self.rect.center = area.center
        self.rect.clamp_ip(area.inflate(0, -16))
        y = self.rect.top + 92
        card_w = (w - 48 - 24) // 3
        for i, card in enumerate(self.cards):
            card.rect = pygame.Rect(self.rect.left + 24 + i * (card_w + 12), y, card_w, CARD_H)
        if self.cards:
            y += CARD_H + 16
        if self.long.visible:
            self.long.rect = pygame.Rect(self.rect.left + 24, y, 300, 34)
            y += 44
        self.rows_top = y + 34
        col_w = (w - 48) // 2
        for k, _area in enumerate(self.areas):
            x = self.rect.left + 24 + (k % 2) * col_w
            yy = self.rows_top + (k // 2) * self.row
            minus, plus = self.steppers[2 * k], self.steppers[2 * k + 1]
            minus.rect = pygame.Rect(x + 128, yy, 30, self.row - 6)
            plus.rect = pygame.Rect(x + col_w - 44, yy, 30, self.row - 6)
        self.confirm.rect = pygame.Rect(self.rect.right - 304, self.rect.bottom - 62, 280, 46)

    def draw(self, screen: pygame.Surface) -> None:
        theme.dim(screen, screen.get_rect(), 110)
        screen.blit(self._body(), self.rect)
        pos = theme.pointer()
        if not pygame.mouse.get_focused():
            return
        for w in self.widgets:
            if w.over(pos) and w in self.cards:  # a card's words stay: only its rim lights up
                pygame.draw.rect(screen, theme.YELLOW, w.rect, 1, border_radius=8)
            elif w.over(pos):
                w.draw(screen)

    def _body(self) -> pygame.Surface:
        """The dialog at rest, drawn again only when what it shows changed."""
        key = (self.plan, tuple(self.rect), tuple(tuple(w.rect) for w in self.widgets), language())
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self._paint())
        return self._picture[1]

    def _paint(self) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        r = surf.get_rect()
        ox, oy = self.rect.topleft
        theme.panel(surf, r, theme.PANEL_DARK, 255, theme.YELLOW, 14)
        title = tr("crew.setup_title" if self.kind == "setup" else "crew.pit_title", name=self.name)
        theme.text(surf, theme.fit_text(title, 36, r.width - 48), 36, theme.TEXT, (r.left + 24, r.top + 16))
        self._draw_weather(surf, (r.left + 24, r.top + 58))
        for w in self.widgets:
            if w.visible and isinstance(w, Button):
                w.paint(surf, w.rect.move(-ox, -oy), False)
        for card, tyre in zip(self.cards, TYRES):
            rect = card.rect.move(-ox, -oy)
            if self.plan.tyre is tyre:
                pygame.draw.rect(surf, theme.shade(theme.PANEL, 1.25), rect.inflate(-4, -4), border_radius=8)
                pygame.draw.rect(surf, theme.YELLOW, rect, 3, border_radius=8)
            self._draw_card(surf, rect, tyre)
        if self.areas:
            self._draw_rows(surf, r, self.rows_top - oy)
        problems = self.problems()
        foot = problems[0] if problems else self._footer()
        room = r.width - 360  # left of the confirm button; a long hint takes two lines
        px = theme.fitting_px(foot, 19, room, 16)
        lines = theme.wrap(foot, px, room, most=2)
        for i, line in enumerate(lines):
            theme.text(
                surf,
                line,
                px,
                (255, 150, 140) if problems else theme.DIM,
                (r.left + 24, r.bottom - 39 + (i - (len(lines) - 1) / 2) * (px - 1)),
                "midleft",
            )
        return surf

    def _draw_weather(self, screen: pygame.Surface, at: tuple[int, int]) -> None:
        if self.weather is None:
            theme.text(screen, tr("crew.no_weather"), 20, theme.DIM, at)
            return
        draw_weather(screen, (at[0] + 12, at[1] + 11), 26, self.weather.condition)
        theme.text(
            screen, tr("crew.weather_now", weather=weather_word(self.weather)), 21, theme.TEXT, (at[0] + 32, at[1])
        )

    def _draw_card(self, screen: pygame.Surface, rect: pygame.Rect, tyre: Tyre) -> None:
        table = self.rules.tyres or "C"
        draw_tyre(screen, (rect.left + 34, rect.top + 36), 26, tyre)
        theme.text(screen, tr(f"tyre.{tyre.value}"), 26, theme.TEXT, (rect.left + 70, rect.top + 14))
        if self.plan.tyre is tyre:
            theme.text(screen, tr("crew.chosen"), 17, theme.YELLOW, (rect.left + 70, rect.top + 42))
        y = rect.top + 70
        for wet_, key in ((False, "crew.dry"), (True, "crew.wet")):
            now = wet_ == self.wet
            ink = theme.TEXT if now else theme.FAINT
            label = tr(key) + (" " + tr("crew.now") if now else "")
            theme.text(screen, label, 17, theme.YELLOW if now else theme.FAINT, (rect.left + 12, y))
            # a set fitted now drives its first lap (AMB-26): the fresh column
            for line in theme.wrap(tyre_effects(table, tyre, wet_), 17, rect.width - 24, most=2):
                y += 18
                theme.text(screen, line, 17, ink, (rect.left + 12, y))
            y += 22
        note = worn_note(table, tyre, self.wet)
        if note:
            lines = theme.wrap(note, 15, rect.width - 24, most=2)
            for k, line in enumerate(lines):
                theme.text(screen, line, 15, theme.DIM, (rect.left + 12, rect.bottom - 8 - 16 * (len(lines) - k)))

    def _draw_rows(self, screen: pygame.Surface, r: pygame.Rect, top: int) -> None:
        """The set-up or repair rows in ``r`` (the dialog's rect where it is drawn), the first at ``top``."""
        col_w = (r.width - 48) // 2
        head = self._rows_title()
        theme.text(screen, head, 21, theme.YELLOW, (r.left + 24, top - 30))
        for k, area in enumerate(self.areas):
            x = r.left + 24 + (k % 2) * col_w
            y = top + (k // 2) * self.row + (self.row - 6) // 2
            theme.text(screen, tr(f"area.{area.value}"), 20, theme.TEXT, (x, y), "midleft")
            have, full, limit = self._row_values(area)
            if isinstance(self.plan, BoxWork):  # the repaired WP in yellow over what is left
                draw_pips(screen, x + 166, y, max(0, col_w - 316), have, full, theme.YELLOW)
                have_now = self.car.wp[area]
                draw_pips(screen, x + 166, y, max(0, col_w - 316), have_now, full, theme.GREEN)
            else:
                draw_pips(screen, x + 166, y, max(0, col_w - 316), have, full, theme.GREEN)
            theme.text(screen, str(have), 22, theme.YELLOW, (x + col_w - 52, y), "midright")
            theme.text(screen, limit, 15, theme.FAINT, (x + col_w - 86, y + 1), "midright")

    def _rows_title(self) -> str:
        if isinstance(self.plan, SetupPlan):
            s = self.rules.car_setup
            if s.reserve:  # AMB-32: what is not in the car stays in the box
                return tr(
                    "crew.build_reserve", points=self.plan.wp.total(), total=s.total, reserve=self.plan.reserve(s)
                )
            return tr("crew.build", points=self.plan.wp.total(), total=s.total)
        left = self.plan.reserve - self.plan.spent()
        if self.car.team is not None:  # TEAM-B-2: the team mates share one stock
            return tr("crew.team_repairs", left=left, reserve=self.plan.reserve, team=self.car.team + 1)
        return tr("crew.repairs", left=left, reserve=self.plan.reserve)

    def _row_values(self, area: Area) -> tuple[int, int, str]:
        """(WP shown, pips, the limit as text) for one row."""
        if isinstance(self.plan, SetupPlan):
            s = self.rules.car_setup
            low, high = s.minimum.get(area, 0), s.maximum.get(area)
            have = self.plan.wp[area]
            if high is None:  # CAR-C-3: no maximum but what the other areas' minimums leave
                most = s.total - sum(s.minimum.get(a, 0) for a in s.areas if a is not area)
                return have, max(have, most), tr("crew.limit_low", low=low)
            return have, max(have, high), tr("crew.limits", low=low, high=high)
        setup = self.car.setup or self.rules.default_wear
        have = self.car.wp[area] + self.plan.repairs.get(area, 0)
        return have, max(setup[area], have), tr("crew.of_setup", n=setup[area])

    def _footer(self) -> str:
        if self.kind == "setup":
            return tr("crew.setup_hint")
        if isinstance(self.plan, BoxWork) and self.areas:
            if self.car.team is not None:  # TEAM-B-2
                areas = self.rules.pit_repair_areas
                return tr("crew.team_hint_areas", areas=areas) if areas < len(self.areas) else tr("crew.team_hint")
            return tr("crew.repair_hint", areas=self.rules.pit_repair_areas)
        return tr("crew.pit_hint")

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        for card, tyre in zip(self.cards, TYRES):
            if card.rect.collidepoint(pos):
                table = self.rules.tyres or "C"
                return [
                    tr(f"tyre.{tyre.value}"),
                    tr("crew.dry") + " " + tyre_effects(table, tyre, False),
                    tr("crew.wet") + " " + tyre_effects(table, tyre, True),
                ]
        return []
