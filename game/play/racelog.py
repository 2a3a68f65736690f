"""The race log: what each step did, as lines the player reads.

A line keeps its translation key and values, not the finished sentence, so
switching the language mid-race re-words the whole log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

from game.play.announcements import UNLOGGED, announcements
from game.play.race_control import RaceControl, Step
from game.texts import die_name, reason_text, tr
from rules.actions import Event
from rules.dice import Purpose
from rules.reasons import Reason
from rules.state import Phase

Tone = Literal["info", "good", "bad", "round"]
#: Event data keys of a ``gear`` event that are not areas.
_GEAR_KEYS = {"gear"}


@dataclass(frozen=True)
class LogLine:
    key: str
    values: dict[str, object] = field(default_factory=dict)
    car: str | None = None  # whose badge to show
    tone: Tone = "info"

    def text(self) -> str:
        return tr(self.key, **{k: _word(k, v) for k, v in self.values.items()})


def _word(key: str, value: object) -> object:
    """Values that are words in the rules' vocabulary, in the current language."""
    if isinstance(value, Reason):
        return reason_text(value)
    if key == "area" and isinstance(value, str):
        return tr(f"word.area.{value}")
    if key == "die" and isinstance(value, str):
        return die_name(value)
    if key == "purpose" and isinstance(value, str):
        return tr(f"purpose.{value}")
    if key == "weather" and isinstance(value, str):
        return tr(f"weather.{value}")
    if key == "result" and isinstance(value, str):
        return tr(f"barometer.{value}")
    if key == "tyre" and isinstance(value, str):
        return tr(f"tyre.{value}")
    if key == "work" and isinstance(value, tuple):
        return ", ".join(_work(item) for item in value) if value else tr("log.pit.nothing")
    if key == "wp" and isinstance(value, tuple):
        return ", ".join(tr("log.wp_item", area=tr(f"area.{a}"), n=n) for a, n in value)
    if key == "cost" and isinstance(value, tuple):
        return ", ".join(tr("log.cost_item", n=n, area=tr(f"word.area.{a}")) for a, n in value)
    return value


def _work(item: tuple[str, int]) -> str:
    """One thing the pit crew did: new tyres, a long stop or a repair."""
    what, n = item
    if what == "long":
        return tr("log.pit.long")
    if what.startswith("tyre:"):
        return tr("log.pit.tyre", tyre=tr(f"tyre.{what[5:]}"))
    return tr("log.pit.repair", n=n, area=tr(f"word.area.{what}"))


def spaces_line(value: int) -> LogLine:
    """A gear die's result in the tray: "7 spaces"."""
    return LogLine("dice.spaces", {"n": value})


def driven_line(value: int, spaces: int | None) -> LogLine:
    """A gear die's result and the spaces the car drives with it, where tyres, the driver's
    ability, a boost or the nitro change them ("6 spaces (+3)" under a 3)."""
    if spaces is None or spaces == value:
        return spaces_line(value)
    change = f"+{spaces - value}" if spaces > value else f"−{value - spaces}"
    return LogLine("dice.spaces.changed", {"n": spaces, "change": change})


def roll_outcome(step: Step) -> LogLine | None:
    """What a die roll meant, in a few words for the dice tray ("7 spaces", "passed", "-1 body WP")."""
    c = step.chance
    if c is None:
        return None
    value = getattr(step.action, "value", 0)
    if c.purpose == Purpose.GEAR:
        return driven_line(value, step.after.moves_left)
    if c.purpose == Purpose.GRID:
        return None
    if step.after.phase == Phase.KARMA:  # KARMA-3: a failed check held for the driver's karma
        return LogLine("dice.held", tone="bad")
    for e in step.events:
        if e.kind == "start" and e.car == step.car:
            result = str(e.data.get("result"))
            return LogLine(
                f"dice.start.{result}",
                tone="good" if result == "dream" else "bad" if result.startswith("stall") else "info",
            )
        if e.kind == "pit" and e.car == step.car and "fast" in e.data:
            return LogLine(
                "dice.pit_fast" if e.data["fast"] else "dice.pit_slow", tone="good" if e.data["fast"] else "bad"
            )
        if e.kind == "weather":
            return LogLine(
                "dice.weather", {"weather": e.data.get("condition")}, tone="bad" if e.data.get("wet") else "good"
            )
        if e.kind == "wear" and e.car == step.car:
            return LogLine("dice.failed", {"n": e.data.get("lost"), "area": e.data.get("area")}, tone="bad")
    return LogLine("dice.passed", tone="good")


def describe(control: RaceControl, step: Step) -> list[LogLine]:
    """The log lines of one step, in the order things happened; then the step's announcements
    that no event's line says already (a new leader, the last lap)."""
    lines: list[LogLine] = []
    for event in step.events:
        line = _line(control, step, event)
        if line is not None:
            lines.append(line)
    for said in announcements(control, step):
        if said.kind in UNLOGGED:
            lines.append(
                LogLine(f"log.{said.kind}", said.values, said.car, "round" if said.kind == "last_lap" else "info")
            )
    return lines


class Names(Protocol):
    """What a log line needs of the race: each car's name (a test gives just that)."""

    def name(self, car: str) -> str: ...


def _line(control: Names, step: Step, e: Event) -> LogLine | None:
    name = control.name(e.car) if e.car else ""
    d = e.data
    if e.kind == "grid":
        order = d.get("order") or []
        names = ", ".join(f"{i}. {control.name(c)}" for i, c in enumerate(order, 1)) if isinstance(order, list) else ""
        return LogLine("log.grid", {"order": names}, tone="round")
    if e.kind == "start":
        return LogLine(
            f"log.start.{d.get('result')}", {"name": name}, e.car, "good" if d.get("result") == "dream" else "info"
        )
    if e.kind == "gear":
        cost = tuple((k, v) for k, v in d.items() if k not in _GEAR_KEYS and isinstance(v, int) and v)
        if cost:
            return LogLine("log.gear_cost", {"name": name, "gear": d.get("gear"), "cost": cost}, e.car, "bad")
        return LogLine("log.gear", {"name": name, "gear": d.get("gear")}, e.car)
    if e.kind == "roll":
        return LogLine("log.roll", {"name": name, "value": d.get("value"), "die": d.get("die")}, e.car)
    if e.kind == "moved":
        path = d.get("path")
        if not isinstance(path, list) or not path:
            return LogLine("log.stayed", {"name": name}, e.car)
        via = d.get("via")
        if via in ("slide", "bonus", "slip", "launch"):
            tone: Tone = "bad" if via == "slide" else "good"
            return LogLine(f"log.via.{via}", {"name": name, "n": len(path), "space": path[-1]}, e.car, tone)
        return LogLine("log.moved", {"name": name, "n": len(path), "space": path[-1]}, e.car)
    if e.kind == "wear":
        return LogLine(
            "log.wear",
            {"name": name, "lost": d.get("lost"), "area": d.get("area"), "left": d.get("left")},
            e.car,
            "bad",
        )
    if e.kind == "check":
        return LogLine("log.check", {"name": name, "purpose": d.get("purpose"), "value": d.get("value")}, e.car)
    if e.kind == "collision":
        return LogLine("log.collision", {"name": name}, e.car, "bad")
    if e.kind == "spin":
        return LogLine("log.spin", {"name": name, "space": d.get("space")}, e.car, "bad")
    if e.kind == "marker":
        return LogLine("log.marker", {"space": d.get("space")}, tone="bad")
    if e.kind == "out":
        why = step.after.car(e.car).out if e.car else None
        return LogLine("log.out", {"name": name, "reason": why or ""}, e.car, "bad")
    if e.kind == "weather":
        before = step.before.weather
        key = "first" if before is None else ("change" if before.condition != d.get("condition") else "same")
        return LogLine(
            f"log.weather.{key}",
            {"result": d.get("result"), "weather": d.get("condition")},
            tone="bad" if d.get("wet") else "round",
        )
    if e.kind == "setup":
        wp = tuple((a.value, d[a.value]) for a in step.after.rules.car_setup.areas if isinstance(d.get(a.value), int))
        if d.get("tyre"):
            return LogLine("log.setup.tyre", {"name": name, "tyre": d.get("tyre"), "wp": wp}, e.car)
        return LogLine("log.setup.car", {"name": name, "wp": wp}, e.car)
    if e.kind == "pit":
        if "tyres" in d:
            return LogLine("log.pit_in", {"name": name, "tyres": d.get("tyres")}, e.car)
        if "left" in d:  # PIT-D-11: the crew's points
            return LogLine(
                "log.pit.points",
                {"name": name, "points": d.get("points"), "worked": d.get("worked"), "left": d.get("left")},
                e.car,
            )
        if "done" in d:  # PIT-D-12: the work done, out of the box
            work = [(f"tyre:{d['tyre']}", 0)] if d.get("tyre") else []
            work += [(k, v) for k, v in d.items() if k not in ("done", "tyre") and isinstance(v, int) and v]
            return LogLine("log.pit.done", {"name": name, "work": tuple(work), "out": d.get("done")}, e.car, "good")
        if "long" in d:
            work = ([(f"tyre:{d['tyre']}", 0)] if d.get("tyre") else []) + ([("long", 0)] if d.get("long") else [])
            work += [(k, v) for k, v in d.items() if k not in ("long", "tyre") and isinstance(v, int)]
            return LogLine("log.pit.crew", {"name": name, "work": tuple(work)}, e.car)
        return LogLine(
            "log.pit_fast" if d.get("fast") else "log.pit_slow", {"name": name, "value": d.get("value")}, e.car
        )
    if e.kind == "lap":
        return LogLine("log.lap", {"name": name}, e.car)
    if e.kind == "karma":  # KARMA-2/3
        change = d.get("change")
        spent: Tone = "bad" if isinstance(change, int) and change < 0 else "good"
        return LogLine(
            f"log.karma.{d.get('why')}", {"name": name, "change": change, "left": d.get("left")}, e.car, spent
        )
    if e.kind == "bid":  # H2H-2/3: shown once every bid is in
        return LogLine(
            "log.bid", {"name": name, "amount": d.get("amount"), "place": d.get("place"), "left": d.get("left")}, e.car
        )
    if e.kind == "finish":
        return LogLine("log.finish", {"name": name, "place": d.get("place")}, e.car, "good")
    if e.kind == "round":
        return LogLine("log.round", {"round": d.get("round")}, tone="round")
    if e.kind == "race_over":
        return LogLine("log.race_over", tone="round")
    return _dresden_line(name, e) or _street_line(control, name, e)


def _street_line(control: Names, name: str, e: Event) -> LogLine | None:
    """The street race's events: nitro, the tunnel, the police station, the WP on the line."""
    d = e.data
    if e.kind == "nitro":  # STREET-3
        return LogLine("log.nitro", {"name": name, "spaces": d.get("spaces")}, e.car, "good")
    if e.kind == "tunnel":  # STREET-7
        key = "log.tunnel_blocked" if d.get("blocked") else "log.tunnel"
        return LogLine(key, {"name": name, "number": d.get("number"), "space": d.get("to")}, e.car, "good")
    if e.kind == "police":  # STREET-7
        tied = d.get("tied")
        if isinstance(tied, list):
            return LogLine(
                "log.police_tie",
                {"names": ", ".join(control.name(c) for c in tied), "value": d.get("roll")},
                tone="round",
            )
        return LogLine("log.police", {"name": name, "value": d.get("roll"), "n": d.get("free")}, e.car, "good")
    if e.kind == "tyres_back":  # STREET-8
        return LogLine("log.tyres_back", {"name": name, "tyres": d.get("left"), "n": d.get("free")}, e.car, "good")
    if e.kind == "free_wp":  # STREET-7, STREET-8
        wp = tuple((k, v) for k, v in d.items() if k != "forfeit" and isinstance(v, int) and v)
        if not wp:
            return LogLine("log.free_wp_none", {"name": name}, e.car)
        return LogLine("log.free_wp", {"name": name, "wp": wp}, e.car, "good")
    return None


def _dresden_line(name: str, e: Event) -> LogLine | None:
    """The Dresden events: fuel, the engine boost, wrecks, T-cars and restarts."""
    d = e.data
    if e.kind == "fuel":
        if d.get("rolling_out"):
            return LogLine("log.fuel_empty", {"name": name}, e.car, "bad")
        return LogLine("log.fuel", {"name": name, "left": d.get("left")}, e.car)
    if e.kind == "boost":
        return LogLine("log.boost", {"name": name, "spaces": d.get("spaces")}, e.car, "good")
    if e.kind == "wreck":
        return LogLine("log.wreck", {"space": d.get("space")}, tone="round")
    if e.kind == "tcar":
        return LogLine("log.tcar" if d.get("taken") else "log.tcar_declined", {"name": name}, e.car)
    if e.kind == "restart":
        return LogLine("log.restart_full" if d.get("full") else "log.restart", tone="round")
    return None  # "turn": the banner and the dashboard show whose turn it is
