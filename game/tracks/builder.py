"""The builder's shared state: the drawing, the problems found so far, and the map's own properties.

Every step of deriving the graph (``spaces``, ``links``, ``pit``, ``corners``,
``grid``) reports into one ``Builder`` so a designer sees all problems at once.
"""

from __future__ import annotations

import math
from typing import Literal

from game.tracks.drawing import Drawing, Problem, Said, Shape, closest, say
from game.tracks.geometry import Point
from rules.track import LANE_LETTERS, WeatherTable

RESERVED = {"name", "type", "id", "x", "y", "width", "height", "points"}
MIN_GRID = 10
MIN_BOXES = 10
MIN_SPACE = 8  # pixels; smaller spaces are a mistake and would make the graph huge
MAX_SPACES = 2000  # per lane or pit lane
MAX_LANES = len(LANE_LETTERS)  # printed boards have 2 or 3, a few 4; one letter each


def round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


class Builder:
    """Collects problems while deriving the graph, so all are reported at once."""

    def __init__(self, drawing: Drawing) -> None:
        self.d = drawing
        self.problems: list[Problem] = []

    def fail(self, message: Said, hint: Said, shape: Shape | None = None, at: Point | None = None) -> None:
        pt = at or (shape.anchor if shape else None)
        problem = Problem(message, hint, shape.id if shape else None, pt[0] if pt else None, pt[1] if pt else None)
        if problem not in self.problems:  # the same fault found from several lanes is one problem
            self.problems.append(problem)

    # --- map properties -------------------------------------------------------

    def map_props(self) -> tuple[str, int, float, WeatherTable | None]:
        p = self.d.props
        name = p.get("circuit_name")
        if not isinstance(name, str) or not name.strip():
            self.fail(say("track.no_circuit_name"), say("track.no_circuit_name.fix"))
            name = "?"
        laps = p.get("laps")  # the race distance the track proposes; the race set-up starts from it (C-RACE-1)
        if laps is None:
            self.fail(say("track.no_laps"), say("track.no_laps.fix"))
            laps = 1
        elif isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= 3:
            self.fail(say("track.laps", value=repr(laps)), say("track.laps.fix"))
            laps = 1
        sl = p.get("space_length")
        if isinstance(sl, bool) or not isinstance(sl, (int, float)) or not MIN_SPACE <= sl < math.inf:
            self.fail(say("track.space_length", value=repr(sl), least=MIN_SPACE), say("track.space_length.fix"))
            sl = 0.0
        return name.strip(), laps, float(sl), self.weather()

    def weather(self) -> WeatherTable | None:
        """AMB-5: three contiguous ranges covering 1-20, variable between sun and rain."""
        ranges: dict[str, tuple[int, int] | None] = {}
        ok = True
        for cond in ("sun", "variable", "rain"):
            key = f"weather_{cond}"
            if key not in self.d.props:
                self.fail(say("track.no_weather", prop=key), say("track.no_weather.fix", prop=key))
                ok = False
                continue
            raw = self.d.props[key] or ""  # pytmx reads value="" as None
            rng = _parse_range(str(raw))
            if rng is False:
                self.fail(say("track.weather_range", prop=key, value=repr(raw)), say("track.weather_range.fix"))
                ok = False
                continue
            ranges[cond] = rng
        if not ok:
            return None
        owners = {v: [f"weather_{c}" for c, r in ranges.items() if r and r[0] <= v <= r[1]] for v in range(1, 21)}
        twice = {v: keys for v, keys in owners.items() if len(keys) > 1}
        never = [v for v, keys in owners.items() if not keys]
        if twice or never:
            pairs: dict[tuple[str, ...], list[int]] = {}
            for v, keys in twice.items():
                pairs.setdefault(tuple(keys), []).append(v)
            said = [
                say("track.weather_both", results=_numbers(vs), first=", ".join(keys[:-1]), second=keys[-1])
                for keys, vs in pairs.items()
            ]
            said += [say("track.weather_none", results=_numbers(never))] if never else []
            self.fail(say("track.weather_table", gaps=tuple(said)), say("track.weather_table.fix"))
            return None
        sun, var, rain = ranges["sun"], ranges["variable"], ranges["rain"]
        if var and sun and rain and not (min(sun[0], rain[0]) < var[0] <= var[1] < max(sun[1], rain[1])):
            self.fail(say("track.weather_order"), say("track.weather_order.fix"))
            return None
        return WeatherTable(sun=sun, variable=var, rain=rain)

    # --- objects --------------------------------------------------------------

    def objects(self, layer: str, *kinds: str) -> dict[str, list[Shape]]:
        """A layer's objects by class; others are reported so nothing is silently ignored."""
        out: dict[str, list[Shape]] = {k: [] for k in kinds}
        for s in self.d.layer(layer):
            bad = RESERVED & s.props.keys() if s.props else None  # most objects have no properties
            if bad:
                self.fail(
                    say("track.reserved_property", name=repr(sorted(bad)[0])), say("track.reserved_property.fix"), s
                )
            if s.cls in out:
                out[s.cls].append(s)
            else:
                meant = closest(s.cls, kinds) if s.cls else None
                cls = repr(s.cls or "(none)")
                self.fail(
                    say("track.wrong_class_meant", cls=cls, layer=repr(layer), meant=repr(meant))
                    if meant
                    else say("track.wrong_class", cls=cls, layer=repr(layer)),
                    say("track.wrong_class.fix", classes=_either(kinds)),
                    s,
                )
        return out

    def int_prop(self, s: Shape, key: str, lo: int, hi: int) -> int | None:
        v = s.props.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            if v is None:
                self.fail(
                    say("track.int_missing", cls=s.cls, prop=key),
                    say("track.int_missing.fix", prop=key, lo=lo, hi=hi),
                    s,
                )
            else:
                self.fail(
                    say("track.int_wrong", cls=s.cls, prop=key, value=repr(v)),
                    say("track.int_wrong.fix", prop=key, lo=lo, hi=hi),
                    s,
                )
            return None
        return v


def _numbers(values: list[int]) -> Said:
    """[13] -> "result 13"; [6, 7] -> "results 6, 7"."""
    return say("track.results", n=len(values), values=", ".join(str(v) for v in values))


def _either(names: tuple[str, ...]) -> Said | str:
    """("a", "b", "c") -> "a, b or c", with the language's "or"."""
    if len(names) == 1:
        return names[0]
    return say("track.either", some=", ".join(names[:-1]), last=names[-1])


def _parse_range(text: str) -> tuple[int, int] | None | Literal[False]:
    """'13-20' -> (13, 20); '7' -> (7, 7); '' -> None; anything else -> False."""
    t = text.strip()
    if t in ("", "-", "none"):
        return None
    parts = [p.strip() for p in t.split("-")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return False
    a, b = int(parts[0]), int(parts[1])
    return (a, b) if 1 <= a <= b <= 20 else False
