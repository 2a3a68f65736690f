"""What everyone at the table should hear the moment it happens, announced over the board.

The log records every step; a few moments matter to all players at once, whoever's turn it
is: a stall at the start (FD08-START-1, START-D-1), a car out and why (TAB-OUT), a driver
whose FD Blitz clock runs out (BLITZ-6), the race weather and its changes (WEATHER-5), a new
leader, the leader starting the last lap and the winner taking the flag (CORE-END-1). This
module finds them in a step (its events and the states before and after) without drawing;
``game.widgets.announcer`` shows them one after another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.play.race_control import RaceControl, Step
from game.play.standings import running_order
from game.texts import reason_text, tr
from rules.actions import TimeOut
from rules.reasons import Code, Reason
from rules.state import Phase, RaceState
from rules.tables.weather import Weather

Kind = Literal["stall", "out", "timeout", "weather", "lead", "last_lap", "winner"]
Tone = Literal["info", "good", "bad"]
#: the kinds the race log has no line of its own for: ``game.play.racelog`` writes these
UNLOGGED: tuple[Kind, ...] = ("lead", "last_lap")


@dataclass(frozen=True)
class Announcement:
    """One announcement: its words as a key and values (so a language switch re-words it)."""

    kind: Kind
    key: str
    values: dict[str, object] = field(default_factory=dict)
    car: str | None = None  # whose colour the card shows
    tone: Tone = "info"
    reason: Reason | None = None  # why a car is out, said under the headline
    weather: Weather | None = None  # the weather announced: its picture and what it means

    def text(self) -> str:
        values = {k: tr(f"weather.{v}") if k == "weather" else v for k, v in self.values.items()}
        return tr(self.key, **values)

    def detail(self) -> str:
        """The line under the headline: the rule's reason a car is out, else nothing."""
        return reason_text(self.reason) if self.reason is not None else ""


def announcements(control: RaceControl, step: Step) -> list[Announcement]:
    """The announcements ``step`` calls for, in the order they happened."""
    said: list[Announcement] = []
    for e in step.events:
        name = control.name(e.car) if e.car else ""
        if e.kind == "start" and e.car and str(e.data.get("result", "")).startswith("stall"):
            said.append(Announcement("stall", "announce.stall", {"name": name}, e.car, "bad"))
        elif e.kind == "out" and e.car:
            why = step.after.car(e.car).out
            timed_out = isinstance(step.action, TimeOut) or (why is not None and why.code == Code.TIME_UP)
            said.append(
                Announcement(
                    "timeout" if timed_out else "out",
                    "announce.timeout" if timed_out else "announce.out",
                    {"name": name},
                    e.car,
                    "bad",
                    reason=why,
                )
            )
        elif e.kind == "weather" and step.after.weather is not None:
            said.append(_weather(step.before.weather, step.after.weather))
        elif e.kind == "lap" and e.car and _last_lap_begins(step.before, e.data.get("crossings")):
            said.append(Announcement("last_lap", "announce.last_lap", {"name": name}, e.car, "info"))
        elif e.kind == "finish" and e.car and e.data.get("place") == 1:
            said.append(Announcement("winner", "announce.winner", {"name": name}, e.car, "good"))
    leader = _leader(control, step)
    if leader is not None:
        said.append(Announcement("lead", "announce.lead", {"name": control.name(leader)}, leader, "info"))
    return said


def _weather(before: Weather | None, after: Weather) -> Announcement:
    """The race weather once rolled (WEATHER-B-1), then each later determination (WEATHER-5)."""
    key = "first" if before is None else ("change" if before.condition != after.condition else "same")
    return Announcement("weather", f"weather.banner.{key}", {"weather": after.condition}, tone="info", weather=after)


def _last_lap_begins(before: RaceState, crossings: object) -> bool:
    """The first car over the line into the last lap (CORE-END-1: the line crossed ``laps``
    times; the grid is behind it). A one-lap race is all last lap: nothing to announce."""
    laps = before.laps
    return laps > 1 and crossings == laps and all(c.crossings < laps for c in before.cars)


def _leader(control: RaceControl, step: Step) -> str | None:
    """The car that took the lead of the running order in ``step`` (None if the lead stayed).
    Only once the race is under way: the grid's order is no lead to take."""
    before, after = _first(control, step.before), _first(control, step.after)
    if before is None or after is None or before == after:
        return None
    return after if step.after.car(after).status != "out" else None


def _first(control: RaceControl, state: RaceState) -> str | None:
    """The leading car of ``state``'s running order, once every car is on the track after the start."""
    if (
        state.round < 1
        or state.phase in (Phase.GRID, Phase.SETUP)
        or any(c.space is None for c in state.cars if c.status == "racing")
    ):
        return None
    return running_order(control.track, state)[0].id
