"""The race screen's status for end-to-end checks: what it shows, as plain data.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

from typing import Any

from game.play.race_control import Wait
from game.scenes.race.input import RaceInput
from game.scenes.race.keys import RaceKeys
from game.scenes.race.log import RaceLog
from game.scenes.race.screen import RaceScreen
from rules.gears import ShiftCost


class RaceStatus:
    """What the race screen shows, as data for the status file."""

    def __init__(self, scene: RaceScreen, input: RaceInput, log: RaceLog, keys: RaceKeys) -> None:
        self.scene = scene
        self.input = input
        self.log = log
        self.keys = keys

    def status(self, status: dict[str, Any]) -> dict[str, Any]:
        """``status``, what every scene reports, with what the race shows."""
        scene = self.scene
        state = scene.control.state
        wait = scene.control.wait()
        status.update(
            wait=wait.value,
            busy=bool(scene.queue) or scene.view.gliding,
            banner=scene.banner is not None,
            round=state.round,
            car=scene.control.name(state.active),
        )
        if scene.idle and wait == Wait.GEAR:
            odds = scene.control.odds()
            status["gears"] = {
                str(g): {
                    "legal": isinstance(opt, ShiftCost),
                    "out": float(odds[g].out) if g in odds else 1.0,
                    "wear": float(odds[g].wear) if g in odds else 99.0,
                    "stop": float(odds[g].corner_stop) if g in odds else 0.0,
                }
                for g, opt in scene.control.gear_options().items()
            }
        if scene.idle and wait == Wait.MOVE:
            status["targets"] = self.targets()
        if state.weather is not None:
            status["weather"] = state.weather.condition
        if scene.announcer.current is not None:
            status["announcement"] = scene.announcer.current.text()
        if scene.dialog is not None:
            status["dialog"] = {
                "kind": scene.dialog.kind,
                "buttons": {w.id: list(w.rect.center) for w in scene.dialog.widgets if w.visible},
            }
        if scene.menu is not None:
            status["menu"] = [list(scene.menu.item_rect(i).center) for i in range(len(scene.menu.items))]
        status["picked"] = self.keys.selected()
        rows = [(rect, line, self.log.line_moment(rect.center)) for rect, line in scene.log_rows]
        status["log_rows"] = [
            {"text": line.text(), "at": at, "x": rect.centerx, "y": rect.centery}
            for rect, line, at in rows
            if at is not None
        ]
        return status

    def targets(self) -> list[dict[str, Any]]:
        out = []
        for space, moves in self.input.clickable().items():
            x, y = self.input.target_point(space)
            out.append(
                {
                    "space": space,
                    "x": x,
                    "y": y,
                    "steps": max(len(m.path) for m in moves),
                    "out": all(m.out is not None for m in moves),
                    "cost": min(m.brakes + m.tyres for m in moves),
                }
            )
        return out
