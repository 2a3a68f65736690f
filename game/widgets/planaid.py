"""The planning aid on the race screen: the gear table's two plan columns, the warnings' words
and the marks on the corner's stop spaces.

It only words and draws what ``rules.ai.planning`` and ``rules.ai.traps`` worked out; the
scene asks for them once per decision (``PlanAid.of``), never once per frame.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.view import BoardView
from game.texts import percent, tr
from rules.ai.planning import NO_DROP, GearPlan, Plan, plan, stop_spaces
from rules.ai.traps import Trap, gear_traps
from rules.state import RaceState
from rules.tables.pit_points import PitPlan
from rules.track import Track


class PlanAid:
    """The plan and the gears' warnings of the last state asked about."""

    def __init__(self) -> None:
        self._for: tuple[object, PitPlan | None] | None = None
        self.plan: Plan | None = None
        self.traps: dict[int, list[Trap]] = {}
        self._marks_for: object = None
        self._marks: Plan | None = None

    def of(self, track: Track, state: RaceState, announce: PitPlan | None = None) -> tuple[Plan, dict[int, list[Trap]]]:
        """The plan and the warnings for ``state`` with the pit plan about to be announced (worked
        out once per state object and announcement)."""
        if self._for is None or self._for[0] is not state or self._for[1] != announce or self.plan is None:
            self.plan, self.traps, self._for = plan(track, state), gear_traps(track, state, announce), (state, announce)
        return self.plan, self.traps

    def marks(self, track: Track, state: RaceState) -> Plan:
        """The corner ahead and its stop spaces for the active car, without the gears (the move
        phase shows them too; once per state)."""
        if self._marks_for is not state or self._marks is None:
            car = state.car(state.active or state.cars[0].id)
            corner, owed, spaces = stop_spaces(track, car)
            self._marks = Plan(car=car.id, gears={}, corner=corner, owed=owed, spaces=spaces)
            self._marks_for = state
        return self._marks


def next_cell(gp: GearPlan) -> tuple[str, theme.Colour]:
    """The "next turn" column: the highest gear that surely stops in the next corner, with the
    WP of the skip down to it (red) or a free shift (green)."""
    if gp.drop_cost == NO_DROP:
        return tr("plan.no_safe"), theme.RED
    text = tr("plan.safe", gear=gp.safe)
    if gp.drop_cost > 0:
        return f"{text} −{gp.drop_cost}", theme.RED
    return text, theme.GREEN if gp.drop <= 1 else theme.TEXT


def risk_cell(gp: GearPlan) -> tuple[str, theme.Colour]:
    """The "two turns" column: the chance of a forced overshoot (orange) or of going out (red)."""
    if gp.out > 0:
        return percent(gp.out), theme.RED
    if gp.overshoot > 0:
        return percent(gp.overshoot), theme.ORANGE
    return percent(0.0), theme.FAINT


def plan_lines(gp: GearPlan) -> list[str]:
    """The plan of one gear in words, for the gear box's hover hint."""
    if gp.drop_cost == NO_DROP:
        first = tr("plan.line_no_safe", gear=gp.gear)
    elif gp.drop_cost > 0:
        first = tr("plan.line_drop_cost", gear=gp.gear, safe=gp.safe, n=gp.drop_cost)
    else:
        first = tr("plan.line_free", gear=gp.gear, safe=gp.safe)
    return [first, tr("plan.line_risk", over=percent(gp.overshoot), out=percent(gp.out))]


def trap_text(trap: Trap) -> str:
    """A warning in the player's words."""
    values = dict(trap.values)
    if "area" in values:
        values["area"] = tr(f"area.{values['area']}")
    return tr(f"trap.{trap.code}", **values)


def draw_stop_marks(screen: pygame.Surface, view: BoardView, aid: Plan, pulse: float) -> None:
    """On the corner ahead: a green ring on every space whose stop leaves the stops the corner
    still needs, a red cross on those that do not. Only for corners of two stops or more."""
    if aid.corner is None or aid.owed < 2:
        return
    glow = 0.75 + 0.25 * abs(((pulse * 1.5) % 2) - 1)
    for mark in aid.spaces:
        pts = view.polygon(mark.space)
        if not pts:
            continue
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        size = max(4, min(18, round(view.board.lane_width * view.scale * 0.22)))
        if mark.leaves:
            pygame.draw.circle(screen, theme.shade(theme.GREEN, glow), (round(cx), round(cy)), size, 2)
        else:
            colour = theme.shade(theme.RED, glow)
            pygame.draw.line(screen, colour, (cx - size, cy - size), (cx + size, cy + size), 3)
            pygame.draw.line(screen, colour, (cx - size, cy + size), (cx + size, cy - size), 3)
