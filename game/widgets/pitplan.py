"""The pit announcement of the Dresden league (PIT-D-6..10) as a card over the board.

Before the roll that may take the car into its box the driver says what the crew
will do: fuel WP to refuel, a new set of tyres (or none), 1 or 2 repaired WP. The
card shows the points the stop costs as it is edited (TAB-PIT-D: the dearest
action counts, the crew works in parallel) and hands the plan to ``on_confirm``;
the race screen sends it with the next gear (``ChooseGear.pit``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from game import theme
from game.texts import tr
from game.widgets.controls import Button, Widget
from rules.car import Area
from rules.ruleset import RuleSet
from rules.state import CarState
from rules.tables.pit_points import REPAIR_POINTS, REPAIRABLE, PitPlan, plan_points, points_due
from rules.tables.tyres import Tyre

WIDTH = 640
ROW = 40
TYRE_CHOICES: tuple[Tyre | None, ...] = (None, Tyre.HARD, Tyre.SOFT, Tyre.RAIN)


class PitPlanDialog:
    """Edits a ``PitPlan`` for ``car`` within what the crew can do (AMB-32)."""

    kind = "plan"

    def __init__(
        self,
        rules: RuleSet,
        car: CarState,
        name: str,
        on_confirm: Callable[[PitPlan], None],
        on_cancel: Callable[[], None] | None,
    ) -> None:
        """``on_cancel`` None: the plan must be made now (at the box, PIT-D-10), no Cancel."""
        self.car = car
        self.setup = car.setup or rules.default_wear
        self.name = name
        self.on_confirm = on_confirm
        self.plan = car.league.pit_plan or PitPlan(fuel=max(0, self.setup.fuel - car.wp.fuel))
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.rows = ("fuel", "tyre", *(a.value for a in REPAIRABLE))
        self.buttons: list[Button] = []
        for row in self.rows:
            self.buttons += [
                Button(f"plan.{row}.minus", lambda: "−", partial(self.change, row, -1), px=24),
                Button(f"plan.{row}.plus", lambda: "+", partial(self.change, row, 1), px=24),
            ]
        self.confirm = Button("plan.confirm", self._confirm_label, self.done, "primary", px=22)
        self.cancel = Button("plan.cancel", lambda: tr("plan.cancel"), on_cancel or (lambda: None), px=22)
        self.cancel.visible = on_cancel is not None
        self.late = on_cancel is None
        self.widgets: list[Widget] = [*self.buttons, self.confirm, self.cancel]

    def _confirm_label(self) -> str:
        if self.late:  # PIT-D-10: 5 points for the missing announcement
            return tr("plan.work", n=points_due(self.plan, announced=False))
        return tr("plan.announce", n=plan_points(self.plan))

    def change(self, row: str, step: int) -> None:
        """One step in a row, never beyond what the crew may do: fuel up to the set-up, 1 or 2
        repaired WP from the box reserve, never above the set-up (AMB-32, PIT-D-7)."""
        p = self.plan
        if row == "fuel":
            fuel = max(0, min(self.setup.fuel - self.car.wp.fuel, p.fuel + step))
            self.plan = p.model_copy(update={"fuel": fuel})
        elif row == "tyre":
            i = (TYRE_CHOICES.index(p.tyre) + step) % len(TYRE_CHOICES)
            self.plan = p.model_copy(update={"tyre": TYRE_CHOICES[i]})
        else:
            area = Area(row)
            n = p.repairs.get(area, 0) + step
            most = max(REPAIR_POINTS)
            room = self.setup[area] - self.car.wp[area]
            if n < 0 or n > room or p.repaired() + step > min(most, self.car.reserve):
                return
            repairs = {a: k for a, k in {**p.repairs, area: n}.items() if k}
            self.plan = p.model_copy(update={"repairs": repairs})

    def done(self) -> None:
        self.on_confirm(self.plan)

    def value(self, row: str) -> str:
        if row == "fuel":
            return str(self.plan.fuel)
        if row == "tyre":
            return tr(f"tyre.{self.plan.tyre.value}") if self.plan.tyre else tr("plan.keep_tyres")
        return str(self.plan.repairs.get(Area(row), 0))

    def layout(self, area: pygame.Rect) -> None:
        w = min(WIDTH, area.width - 24)
        self.rect = pygame.Rect(0, 0, w, 110 + ROW * len(self.rows) + 76)
        self.rect.center = area.center
        top = self.rect.top + 96
        for k, _row in enumerate(self.rows):
            minus, plus = self.buttons[2 * k], self.buttons[2 * k + 1]
            y = top + k * ROW
            minus.rect = pygame.Rect(self.rect.right - 250, y, 36, ROW - 6)
            plus.rect = pygame.Rect(self.rect.right - 64, y, 36, ROW - 6)
        bottom = self.rect.bottom - 60
        self.cancel.rect = pygame.Rect(self.rect.left + 24, bottom, 180, 44)
        self.confirm.rect = pygame.Rect(self.rect.right - 304, bottom, 280, 44)

    def draw(self, screen: pygame.Surface) -> None:
        theme.dim(screen, screen.get_rect(), 110)
        r = self.rect
        theme.panel(screen, r, theme.PANEL_DARK, 255, theme.YELLOW, 14)
        theme.text(
            screen,
            theme.fit_text(tr("plan.title", name=self.name), 30, r.width - 48),
            30,
            theme.TEXT,
            (r.left + 24, r.top + 16),
        )
        hint = tr("plan.late" if self.late else "plan.hint", reserve=self.car.reserve)
        theme.text(screen, theme.fit_text(hint, 18, r.width - 48), 18, theme.DIM, (r.left + 24, r.top + 58))
        for k, row in enumerate(self.rows):
            y = r.top + 96 + k * ROW + (ROW - 6) // 2
            label = tr("plan.fuel") if row == "fuel" else tr("plan.tyres") if row == "tyre" else tr(f"area.{row}")
            theme.text(screen, label, 20, theme.TEXT, (r.left + 24, y), "midleft")
            value = theme.fit_text(self.value(row), 20, 130)
            theme.text(screen, value, 20, theme.YELLOW, ((r.right - 214 + r.right - 64) // 2, y), "center")
        for b in self.widgets:
            b.draw(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        return []
