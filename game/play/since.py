"""What happened since a human's last decision, one line per car: the summary the race screen
shows when that human's turn comes, so fast computer turns can be read back at a glance.

Built from the same steps as the log: where each car drove from and to, the WP it lost,
and whether it went into the pits, went out or finished.
"""

from __future__ import annotations

from game.play.race_control import RaceControl, Step
from game.play.racelog import LogLine


def summary(control: RaceControl, steps: list[Step]) -> list[LogLine]:
    """One line per car that did something in ``steps``, in the order they first acted."""
    first: dict[str, str] = {}
    last: dict[str, str] = {}
    lost: dict[str, dict[str, int]] = {}
    fate: dict[str, LogLine] = {}
    for step in steps:
        for e in step.events:
            car = e.car
            if car is None:
                continue
            path = e.data.get("path")
            if e.kind == "moved" and isinstance(path, list) and path:
                first.setdefault(car, str(e.data.get("from")))
                last[car] = path[-1]
            elif e.kind == "wear":
                areas = lost.setdefault(car, {})
                area, spent = str(e.data["area"]), e.data.get("lost", 1)
                areas[area] = areas.get(area, 0) + (spent if isinstance(spent, int) else 1)
            elif e.kind == "out":
                fate[car] = LogLine("since.out", {"name": control.name(car)}, car, "bad")
            elif e.kind == "finish":
                fate[car] = LogLine(
                    "since.finished", {"name": control.name(car), "place": e.data.get("place")}, car, "good"
                )
            elif e.kind == "pit" and "tyres" in e.data:
                fate.setdefault(car, LogLine("since.pit", {"name": control.name(car)}, car))
    cars = list(dict.fromkeys([*first, *lost, *fate]))
    lines = []
    for car in cars:
        name = control.name(car)
        cost = tuple(sorted(lost.get(car, {}).items()))  # (area, WP) as the log words them
        if car in first:
            key = "since.moved_cost" if cost else "since.moved"
            lines.append(
                LogLine(
                    key,
                    {"name": name, "start": first[car], "end": last[car], "cost": cost},
                    car,
                    "bad" if cost else "info",
                )
            )
        elif cost:
            lines.append(LogLine("since.lost", {"name": name, "cost": cost}, car, "bad"))
        if car in fate:
            lines.append(fate[car])
    return lines
