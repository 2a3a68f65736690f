"""The race screen's status for end-to-end checks: what it shows, as plain data.

A part of ``RaceScene`` (``game.scenes.race.scene``) with one job; it reads the scene's state.
"""

from __future__ import annotations

from typing import Any

from game.play.race_control import Wait
from rules.gears import ShiftCost


class RaceStatus:
    """What the race screen shows, as data for the status file."""

    def status(self) -> dict[str, Any]:
        status = super().status()
        state = self.control.state
        wait = self.control.wait()
        status.update(wait=wait.value, busy=bool(self.queue) or self.view.gliding, banner=self.banner is not None, round=state.round,
                      car=self.control.name(state.active))
        if self.idle and wait == Wait.GEAR:
            odds = self.control.odds()
            status["gears"] = {
                str(g): {"legal": isinstance(opt, ShiftCost), "out": float(odds[g].out) if g in odds else 1.0,
                         "wear": float(odds[g].wear) if g in odds else 99.0,
                         "stop": float(odds[g].corner_stop) if g in odds else 0.0}
                for g, opt in self.control.gear_options().items()
            }
        if self.idle and wait == Wait.MOVE:
            status["targets"] = self._targets()
        if state.weather is not None:
            status["weather"] = state.weather.condition
        if self.announcer.current is not None:
            status["announcement"] = self.announcer.current.text()
        if self.dialog is not None:
            status["dialog"] = {"kind": self.dialog.kind,
                                "buttons": {w.id: list(w.rect.center) for w in self.dialog.widgets if w.visible}}
        if self.menu is not None:
            status["menu"] = [list(self.menu.item_rect(i).center) for i in range(len(self.menu.items))]
        status["picked"] = self.keyboard.selected()
        rows = [(rect, line, self.line_moment(rect.center)) for rect, line in self.log_rows]
        status["log_rows"] = [{"text": line.text(), "at": at, "x": rect.centerx, "y": rect.centery}
                              for rect, line, at in rows if at is not None]
        return status

    def _targets(self) -> list[dict[str, Any]]:
        out = []
        for space, moves in self._clickable().items():
            x, y = self._target_point(space)
            out.append({"space": space, "x": x, "y": y, "steps": max(len(m.path) for m in moves),
                        "out": all(m.out is not None for m in moves), "cost": min(m.brakes + m.tyres for m in moves)})
        return out
