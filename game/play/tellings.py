"""What a player must be told the moment it happens, in words, beside the log's line.

The log records everything; a player who has never raced Formula D also needs a sentence that
explains it when it happens to them: their own stall at the start (FD08-START-1, START-D-1), a
penalty and its cause (TAB-BLOCK for a blocked path, PIT-D-10 for a box reached without an
announced plan), and what an announced pit plan will cost (PIT-D-7..11: its points, worked off
with 4th-gear rolls, in game rounds at the box). A car going out is for the whole table:
``game.play.announcements`` says it over the board.
"""

from __future__ import annotations

from functools import lru_cache

from game.play.race_control import RaceControl, Step
from game.texts import tr
from rules.actions import ChooseGear, Drive, PitStop
from rules.engine import moves
from rules.state import RaceState
from rules.tables.pit_points import LATE_POINTS, WORK_GEAR, plan_points


def tellings(control: RaceControl, step: Step) -> list[tuple[str, str]]:
    """The sentences ``step`` calls for, each with its tone ("bad", "info")."""
    told: list[tuple[str, str]] = []
    for e in step.events:
        if e.kind == "start" and e.car and str(e.data.get("result", "")).startswith("stall") and control.human(e.car):
            told.append((tr("tell.stall", name=control.name(e.car)), "bad"))
    if not control.human(step.car):
        return told
    action = step.action
    if isinstance(action, ChooseGear) and action.pit is not None:
        points = plan_points(action.pit)
        told.append((tr("tell.pit_plan", points=points, rounds=f"{work_rounds(step.before, points):.1f}"), "info"))
    if isinstance(action, PitStop) and step.before.rules.pit_points:
        told.append((tr("tell.late_plan", n=LATE_POINTS), "bad"))
    if isinstance(action, Drive) and action.path:
        move = next(
            (m for m in moves(control.track, step.before) if m.path == action.path and m.via == action.via), None
        )
        if move is not None and move.blocked:
            told.append((tr("tell.blocked", spaces=move.blocked, brakes=move.brakes, tyres=move.tyres), "bad"))
    return told


def work_rounds(state: RaceState, points: int) -> float:
    """The expected game rounds at the box to work off ``points`` with 4th-gear rolls (PIT-D-11):
    one roll a round until the rolls add up to the points."""
    return _rounds(tuple(state.rules.gear_dice.die(WORK_GEAR).faces), points)


@lru_cache(maxsize=256)
def _rounds(faces: tuple[int, ...], points: int) -> float:
    if points <= 0:
        return 0.0
    return 1.0 + sum(_rounds(faces, points - f) for f in faces) / len(faces)
