"""The builder's shared state: the drawing, the problems found so far, and the map's own properties.

Every step of deriving the graph (``spaces``, ``links``, ``pit``, ``corners``,
``grid``) reports into one ``Builder`` so a designer sees all problems at once.
"""

from __future__ import annotations

import math

from game.tracks.drawing import Drawing, Problem, Shape, closest
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

    def fail(self, message: str, hint: str, shape: Shape | None = None, at: Point | None = None) -> None:
        pt = at or (shape.anchor if shape else None)
        problem = Problem(message, hint, shape.id if shape else None, pt[0] if pt else None, pt[1] if pt else None)
        if problem not in self.problems:  # the same fault found from several lanes is one problem
            self.problems.append(problem)

    # --- map properties -------------------------------------------------------

    def map_props(self) -> tuple[str, int, float, WeatherTable | None]:
        p = self.d.props
        name = p.get("circuit_name")
        if not isinstance(name, str) or not name.strip():
            self.fail("the map has no circuit_name", "add a string map property circuit_name, e.g. 'Lindenring'")
            name = "?"
        laps = p.get("laps")  # the race distance the track proposes; the race set-up starts from it (C-RACE-1)
        if laps is None:
            self.fail("the map has no laps property (the laps a race here usually runs)",
                      "add an int map property laps: 1, 2 or 3, e.g. 2 for a Grand Prix circuit")
            laps = 1
        elif isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= 3:
            self.fail(f"map property laps is {laps!r}, not 1, 2 or 3", "set the int map property laps to 1, 2 or 3")
            laps = 1
        sl = p.get("space_length")
        if isinstance(sl, bool) or not isinstance(sl, (int, float)) or not MIN_SPACE <= sl < math.inf:
            self.fail(
                f"map property space_length is {sl!r}, not a length of at least {MIN_SPACE} pixels",
                "set the float map property space_length to the length of one space in pixels, e.g. 48",
            )
            sl = 0.0
        return name.strip(), laps, float(sl), self.weather()

    def weather(self) -> WeatherTable | None:
        """AMB-5: three contiguous ranges covering 1-20, variable between sun and rain."""
        ranges: dict[str, tuple[int, int] | None] = {}
        ok = True
        for cond in ("sun", "variable", "rain"):
            key = f"weather_{cond}"
            if key not in self.d.props:
                self.fail(f"the map has no {key}", f"add a string map property {key}, e.g. '13-20', or '' if it never happens")
                ok = False
                continue
            raw = self.d.props[key] or ""  # pytmx reads value="" as None
            rng = _parse_range(str(raw))
            if rng is False:
                self.fail(
                    f"map property {key} is {raw!r}, not a range of black-die results",
                    "write it as 'a-b' with 1 <= a <= b <= 20, a single number, or leave it empty",
                )
                ok = False
                continue
            ranges[cond] = rng  # type: ignore[assignment]
        if not ok:
            return None
        owners = {v: [f"weather_{c}" for c, r in ranges.items() if r and r[0] <= v <= r[1]] for v in range(1, 21)}
        twice = {v: keys for v, keys in owners.items() if len(keys) > 1}
        never = [v for v, keys in owners.items() if not keys]
        if twice or never:
            pairs: dict[tuple[str, ...], list[int]] = {}
            for v, keys in twice.items():
                pairs.setdefault(tuple(keys), []).append(v)
            said = [f"{_numbers(vs)} in both {' and '.join(keys)}" for keys, vs in pairs.items()]
            said += [f"{_numbers(never)} in none"] if never else []
            self.fail(
                f"the weather table does not cover the black-die results 1 to 20 exactly once: {'; '.join(said)}",
                "make weather_sun, weather_variable and weather_rain split 1-20 without gaps or overlaps, "
                "e.g. rain 1-5, variable 6-12, sun 13-20",
            )
            return None
        sun, var, rain = ranges["sun"], ranges["variable"], ranges["rain"]
        if var and sun and rain and not (min(sun[0], rain[0]) < var[0] <= var[1] < max(sun[1], rain[1])):
            self.fail(
                "variable weather does not lie between sun and rain on the barometer",
                "order the ranges sun, variable, rain, e.g. rain 1-5, variable 6-12, sun 13-20",
            )
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
                    f"custom property {sorted(bad)[0]!r} is a reserved name",
                    "rename or delete that custom property; Tiled's own fields use these names",
                    s,
                )
            if s.cls in out:
                out[s.cls].append(s)
            else:
                meant = closest(s.cls, kinds) if s.cls else None
                self.fail(
                    f"object of class {s.cls or '(none)'!r} in layer {layer!r}"
                    + (f" (the closest class is {meant!r})" if meant else ""),
                    f"set its class (the Type field in Tiled 1.8, Class in later versions) to {' or '.join(kinds)}, "
                    "or move it to another layer",
                    s,
                )
        return out

    def int_prop(self, s: Shape, key: str, lo: int, hi: int) -> int | None:
        v = s.props.get(key)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            shown = "missing" if v is None else repr(v)
            hint = f"set the int property {key} to a value from {lo} to {hi}"
            if v is None:
                hint += (
                    " (a grey value in Tiled's Properties is only the project's default"
                    " and is not saved: click it and type the number)"
                )
            self.fail(f"{s.cls} property {key} is {shown}", hint, s)
            return None
        return v


def _numbers(values: list[int]) -> str:
    """[13] -> "result 13"; [6, 7] -> "results 6, 7"."""
    return ("result " if len(values) == 1 else "results ") + ", ".join(str(v) for v in values)


def _parse_range(text: str) -> tuple[int, int] | None | bool:
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
