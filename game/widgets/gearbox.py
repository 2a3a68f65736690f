"""The gear box: an H-pattern shifter plus this turn's odds for every gear.

It only reads what the race offers (each gear's cost or the reason it is
refused, and ``gear_odds``) and answers a click with the gear chosen; the
scene decides what to do with it.
"""

from __future__ import annotations

import math

import pygame

from game import theme
from game.texts import percent, reason_text, tr
from game.widgets.dice import die_colour
from game.widgets.planaid import next_cell, plan_lines, risk_cell, trap_text
from rules.ai.planning import GearPlan
from rules.ai.traps import Trap
from rules.dice import GearDice
from rules.gears import ShiftCost
from rules.odds import GearOdds
from rules.reasons import Reason

SLOT = 17  # knob radius of a gear position
ROW = 25  # odds table row height
MIN_ROW = 19
PLATE = 156  # the H's plate
MIN_PLATE = 112
HEIGHT = 414  # what the widget needs at full size; a shorter rect shrinks the plate, then the table's rows


class GearBox:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 380, HEIGHT)
        self.options: dict[int, ShiftCost | Reason] = {}
        self.odds: dict[int, GearOdds] = {}
        self.dice: GearDice | None = None
        self.gear = 0
        self.enabled = False
        self.plans: dict[int, GearPlan] = {}  # the planning aid's next turns, per gear
        self.traps: dict[int, list[Trap]] = {}  # the rule traps each gear walks into

    def show(
        self,
        gear: int,
        dice: GearDice,
        options: dict[int, ShiftCost | Reason],
        odds: dict[int, GearOdds],
        enabled: bool,
        plans: dict[int, GearPlan] | None = None,
        traps: dict[int, list[Trap]] | None = None,
    ) -> None:
        self.gear, self.dice, self.options, self.odds, self.enabled = gear, dice, options, odds, enabled
        self.plans, self.traps = plans or {}, traps or {}

    # --- geometry ---------------------------------------------------------------------

    @property
    def plate_h(self) -> int:
        return max(MIN_PLATE, min(PLATE, PLATE - (HEIGHT - self.rect.height)))

    @property
    def row_h(self) -> int:
        """The odds table's row: full height unless the rect is too short even for the smallest plate."""
        short = HEIGHT - (PLATE - self.plate_h) - self.rect.height
        return max(MIN_ROW, min(ROW, ROW - math.ceil(short / 7)))

    def slot(self, gear: int) -> tuple[int, int]:
        """Centre of a gear's position in the H: odd gears up, even gears down."""
        col = (gear - 1) // 2
        x = self.rect.left + round(self.rect.width * (0.2 + 0.3 * col))
        gate = self.plate_h // 2 - 31  # from the plate's middle to a gear's knob
        y = self.neutral()[1] + (-gate if gear % 2 else gate)
        return x, y

    def neutral(self) -> tuple[int, int]:
        return self.rect.left + self.rect.width // 2, self.rect.top + 22 + self.plate_h // 2

    def table_top(self) -> int:
        return self.rect.top + 22 + self.plate_h + 18

    def row(self, gear: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.table_top() + self.row_h * gear, self.rect.width, self.row_h)

    def gear_at(self, pos: tuple[int, int]) -> int | None:
        for g in range(1, 7):
            sx, sy = self.slot(g)
            if (pos[0] - sx) ** 2 + (pos[1] - sy) ** 2 <= (SLOT + 6) ** 2:
                return g
            if self.enabled and self.row(g).collidepoint(pos):
                return g
        return None

    # --- input -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> int | None:
        """The gear clicked (legal or not: the scene explains a refusal), else None."""
        if not self.enabled:
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.gear_at(event.pos)
        return None

    def hint(self, pos: tuple[int, int]) -> list[str]:
        g = self.gear_at(pos)
        if g is None or not self.options:
            return []
        opt = self.options.get(g)
        if isinstance(opt, Reason):
            return [reason_text(opt)]
        lines = [tr("die.gear", gear=g) + f": {self._range(g)}"]
        if self._range(g) != self._die_range(g):
            lines[0] += " " + tr("gear.die_range", range=self._die_range(g))
        o = self.odds.get(g)
        if o is not None:
            lines.append(
                f"{tr('gear.col_stop')} {percent(float(o.corner_stop))} · "
                f"{tr('gear.col_over')} {percent(float(sum(o.overshoot.values())))} · "
                f"{tr('gear.col_out')} {percent(float(o.out))}"
            )
        cost = self._cost(g)
        if cost:
            lines.append(f"{tr('gear.col_cost')}: {cost}")
        if o is not None and o.wear:
            lines.append(tr("gear.wear_expected", n=f"{float(o.wear):.1f}"))
        p = self.plans.get(g)
        if p is not None:
            lines += plan_lines(p)
        lines += [trap_text(t) for t in self.traps.get(g, ())]
        return lines

    # --- drawing --------------------------------------------------------------------------

    def _range(self, gear: int) -> str:
        """The spaces the gear moves: the die's range, or where the odds know better (a profile's
        extra or missing space, DRESDEN-PROFILE-3/5/6; the boost, ENG-D-3; the tyres' malus) theirs."""
        o = self.odds.get(gear)
        if o is not None and o.most:
            return f"{o.fewest}–{o.most}"
        return self._die_range(gear)

    def _die_range(self, gear: int) -> str:
        if self.dice is None:
            return ""
        die = self.dice.die(gear)
        return f"{die.lowest}–{die.highest}"

    def _cost(self, gear: int) -> str:
        opt = self.options.get(gear)
        if not isinstance(opt, ShiftCost) or not opt.cost:
            return ""
        return ", ".join(tr("gear.cost", n=n, area=tr(f"area.{a.value}")) for a, n in opt.cost.items() if n)

    def draw(self, screen: pygame.Surface) -> None:
        r = self.rect
        theme.text(screen, tr("gear.title").upper(), 18, theme.DIM, (r.left, r.top))
        now = tr("gear.current", gear=self.gear) if self.gear else tr("gear.neutral")
        theme.text(screen, now, 18, theme.DIM, (r.right, r.top), "topright")
        self._draw_h(screen)
        if self.enabled:
            self._draw_table(screen)

    def _draw_h(self, screen: pygame.Surface) -> None:
        plate = pygame.Rect(self.rect.left, self.rect.top + 22, self.rect.width, self.plate_h)
        theme.panel(screen, plate, theme.PANEL_DARK, radius=12)
        nx, ny = self.neutral()
        gate = (12, 12, 14)
        left, right = self.slot(1)[0], self.slot(5)[0]
        pygame.draw.line(screen, gate, (left, ny), (right, ny), 12)
        for g in (1, 3, 5):
            x, y_top = self.slot(g)
            pygame.draw.line(screen, gate, (x, y_top), (x, self.slot(g + 1)[1]), 12)
        mouse = theme.pointer()
        hover = self.gear_at(mouse) if self.enabled else None
        for g in range(1, 7):
            self._draw_slot(screen, g, hover == g)
        lever = self.slot(self.gear) if self.gear else (nx, ny)
        ball = die_colour(self.dice.die(self.gear)) if self.gear and self.dice else (44, 46, 54)
        pygame.draw.circle(screen, (12, 12, 14), (lever[0] + 2, lever[1] + 4), SLOT + 7)
        pygame.draw.circle(screen, theme.shade(ball, 0.75), lever, SLOT + 7)
        pygame.draw.circle(screen, theme.shade(ball, 1.25), (lever[0] - 5, lever[1] - 6), SLOT - 6)
        pygame.draw.circle(screen, theme.YELLOW, lever, SLOT + 7, 3)
        theme.text(screen, str(self.gear) if self.gear else "N", 32, theme.ink_on(ball), lever, "center")

    def _draw_slot(self, screen: pygame.Surface, g: int, hover: bool) -> None:
        x, y = self.slot(g)
        opt = self.options.get(g)
        legal = isinstance(opt, ShiftCost)
        if self.dice is not None and (legal or not self.options):
            fill = die_colour(self.dice.die(g))
        else:
            fill = theme.DISABLED
        pygame.draw.circle(screen, fill, (x, y), SLOT)
        pygame.draw.circle(screen, theme.YELLOW if hover else theme.shade(fill, 0.6), (x, y), SLOT, 3 if hover else 2)
        ink = theme.ink_on(fill) if legal or not self.options else theme.FAINT
        theme.text(screen, str(g), 28, ink, (x, y + 1), "center")
        if self.options and not legal:
            pygame.draw.line(screen, theme.FAINT, (x - 11, y + 11), (x + 11, y - 11), 2)
        cost = self._cost(g)
        if cost and self.enabled:
            n = sum(opt.cost.values()) if isinstance(opt, ShiftCost) else 0
            tag = pygame.Rect(0, 0, 34, 20)
            tag.midleft = (x + SLOT + 2, y - SLOT + 4)
            pygame.draw.rect(screen, theme.RED, tag, border_radius=10)
            theme.text(screen, f"−{n}", 18, theme.TEXT, tag.center, "center")

    def _draw_table(self, screen: pygame.Surface) -> None:
        r = self.rect
        cols = self._columns()
        head_y = self.table_top()
        keys = (
            "gear.col_gear",
            "gear.col_spaces",
            "gear.col_stop",
            "gear.col_over",
            "gear.col_out",
            "gear.col_cost",
            "plan.col_next",
            "plan.col_risk",
        )
        for (x, anchor), key in zip(cols, keys):
            theme.text(screen, tr(key), 17, theme.DIM, (x, head_y + 4), anchor)
        mouse = theme.pointer()
        for g in range(1, 7):
            row = self.row(g)
            opt = self.options.get(g)
            legal = isinstance(opt, ShiftCost)
            if legal and row.collidepoint(mouse):
                pygame.draw.rect(screen, theme.BUTTON_HOVER, row, border_radius=6)
            ink = theme.TEXT if legal else theme.FAINT
            o = self.odds.get(g)
            if self.dice is not None:
                chip = die_colour(self.dice.die(g)) if legal else theme.DISABLED
                pygame.draw.circle(screen, chip, (cols[0][0] + 8, row.centery), 9)
                theme.text(screen, str(g), 18, theme.ink_on(chip), (cols[0][0] + 8, row.centery + 1), "center")
            theme.text(screen, self._range(g), 20, ink, (cols[1][0], row.centery), cols[1][1])
            if legal and o is not None:
                over = float(sum(o.overshoot.values()))
                values = ((float(o.corner_stop), theme.GREEN), (over, theme.ORANGE), (float(o.out), theme.RED))
                for (x, anchor), (p, c) in zip(cols[2:5], values):
                    theme.text(screen, percent(p), 18, c if p > 0 else theme.FAINT, (x, row.centery), anchor)
                label = self._short_cost(g)
                theme.text(
                    screen,
                    label or tr("gear.cost_none"),
                    18,
                    theme.RED if label else theme.FAINT,
                    (cols[5][0], row.centery),
                    cols[5][1],
                )
                self._draw_plan(screen, g, row, cols)
            elif not legal:
                pygame.draw.line(screen, theme.FAINT, (cols[2][0], row.centery), (cols[4][0], row.centery), 1)
        legend = theme.wrap(tr("gear.legend") + " · " + tr("plan.legend"), 16, r.width, most=2)
        for i, line in enumerate(legend):
            theme.text(screen, line, 16, theme.DIM, (r.left, self.row(6).bottom + 6 + 16 * i))

    def _draw_plan(self, screen: pygame.Surface, g: int, row: pygame.Rect, cols: list[tuple[int, str]]) -> None:
        """The planning aid's two columns and a warning sign on a gear that walks into a rule trap."""
        p = self.plans.get(g)
        if p is not None:
            for (x, anchor), (text, colour) in zip(cols[6:8], (next_cell(p), risk_cell(p))):
                theme.text(screen, text, 18, colour, (x, row.centery), anchor)
        if self.traps.get(g):
            sign = pygame.Rect(0, 0, 16, 16)  # beside the gear's chip: the plan's columns fill the row's right end
            sign.midleft = (cols[0][0] + 20, row.centery)
            pygame.draw.polygon(screen, theme.ORANGE, (sign.midtop, sign.bottomright, sign.bottomleft))
            theme.text(screen, "!", 14, theme.ink_on(theme.ORANGE), (sign.centerx, sign.centery + 2), "center")

    def _short_cost(self, gear: int) -> str:
        opt = self.options.get(gear)
        if not isinstance(opt, ShiftCost):
            return ""
        return " ".join(f"−{n}{tr(f'area_short.{a.value}')}" for a, n in opt.cost.items() if n)

    def _columns(self) -> list[tuple[int, str]]:
        """x and text anchor of the eight table columns: the roll's six, then the plan's two."""
        r = self.rect
        w = r.width
        return [
            (r.left + 4, "midleft"),
            (r.left + round(w * 0.2), "center"),
            (r.left + round(w * 0.32), "center"),
            (r.left + round(w * 0.435), "center"),
            (r.left + round(w * 0.55), "center"),
            (r.left + round(w * 0.615), "midleft"),
            (r.left + round(w * 0.8), "center"),
            (r.left + round(w * 0.935), "center"),
        ]
