"""Race weather: the start condition and the variable-weather determinations.

A barometer result ("sun", "variable", "rain") is read from the track's
``WeatherTable`` (CORE-WEATHER-1, AMB-5). This module turns results into a
``Weather`` state; it never rolls dice and never decides *when* a
determination happens (VAR-25, AMB-8: that is the engine's job).

Two mechanisms (VAR-25):

* ``"state_machine"`` — TAB-WEATHER-SM (C: WEATHER-5..10, D: WEATHER-D-2..4,
  also B under the AMB-6 alternative flag). Conditions ``dry``, ``temp_sun``,
  ``temp_rain``, ``locked_sun``, ``locked_rain``.
* ``"row_step"`` — Formula D 2008 (WEATHER-B-2, AMB-6): the condition is a
  row of the barometer and moves one row toward each rolled row. Its rows are
  ``row_sun``, ``variable`` and ``row_rain``. They are kept apart from the
  fixed ``sun``/``rain`` because a B row can still change: the condition
  alone then says whether determinations continue and which mechanism applies.

``sun``/``rain`` are the fixed conditions of a race whose start roll was sun
or rain (WEATHER-4, WEATHER-D-2); they never change.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Barometer = Literal["sun", "variable", "rain"]

Condition = Literal[
    "sun",  # fixed for the whole race (WEATHER-4, WEATHER-D-2)
    "rain",  # fixed for the whole race
    "dry",  # C variable start: overcast, no rain (WEATHER-4)
    "variable",  # B middle row (AMB-6)
    "row_sun",  # B top row: sunny, but may still change (AMB-6)
    "row_rain",  # B bottom row: rainy, but may still change (AMB-6)
    "temp_sun",  # TAB-WEATHER-SM (WEATHER-7)
    "temp_rain",  # TAB-WEATHER-SM (WEATHER-8)
    "locked_sun",  # TAB-WEATHER-SM (WEATHER-10)
    "locked_rain",  # TAB-WEATHER-SM (WEATHER-10)
]

Mechanism = Literal["state_machine", "row_step"]
Streak = Literal["strict", "sun_rain_only"]
Start = Literal["dry", "qualifying", "row"]

# AMB-62: "rain" = fixed rain, temporarily rainy, locked rain (and the B rain
# row); every other condition is dry ("sun" for TYRE-D-3/4 and profiles).
WET: frozenset[Condition] = frozenset({"rain", "temp_rain", "locked_rain", "row_rain"})

_STATE_MACHINE: frozenset[Condition] = frozenset({"dry", "temp_sun", "temp_rain"})
_ROW_STEP: frozenset[Condition] = frozenset({"row_sun", "variable", "row_rain"})

# AMB-6: barometer rows from top to bottom, and the condition of each row.
_ROWS: tuple[Condition, ...] = ("row_sun", "variable", "row_rain")
_ROW_OF: dict[Barometer, int] = {"sun": 0, "variable": 1, "rain": 2}


class Weather(BaseModel):
    """The race's weather state (TAB-WEATHER-SM: current weather and last result).

    ``last`` is the result the streak rule compares with (WEATHER-10, AMB-7);
    under the ``sun_rain_only`` flag a "variable" result does not replace it.
    ``determinations`` counts the determinations made, for records and tests.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    condition: Condition
    last: Barometer | None = None
    determinations: int = Field(default=0, ge=0)

    @property
    def wet(self) -> bool:
        """True in rain (AMB-62): TAB-RAIN thresholds and the tyre "wet" rows apply."""
        return self.condition in WET

    @property
    def changeable(self) -> bool:
        """True while a trigger (20 in 5th, 30 in 6th) still causes a determination.

        Fixed sun/rain (WEATHER-4) and locked weather (WEATHER-10) never
        change; B rows always may (AMB-6: "checks continue for the rest of
        the race").
        """
        return self.condition in _STATE_MACHINE or self.condition in _ROW_STEP

    @property
    def mechanism(self) -> Mechanism | None:
        """The mechanism this state belongs to; None once it can no longer change."""
        if self.condition in _STATE_MACHINE:
            return "state_machine"
        if self.condition in _ROW_STEP:
            return "row_step"
        return None


def qualifying_wet(result: Barometer) -> bool:
    """WEATHER-3 / QUAL-D-2: a "variable" qualifying roll is overcast but dry."""
    return result == "rain"


def race_weather(result: Barometer, start: Start, qualifying: Barometer | None = None) -> Weather:
    """The weather at the race start from the pre-race roll (WEATHER-4, WEATHER-D-2, AMB-6).

    Sun or rain hold for the whole race in every rule set. A "variable" roll
    starts changeable weather, whose start state depends on ``start``:

    * ``"dry"`` (C, WEATHER-4): overcast and dry (``dry``).
    * ``"qualifying"`` (D, WEATHER-D-2, VAR-26): temporarily the qualifying
      weather; a "variable" (or unknown) qualifying result counts as sun
      (QUAL-D-2). For D [O] pass the last run's effective weather.
    * ``"row"`` (B, AMB-6): the middle row of the barometer (``variable``).
    """
    if result == "sun":
        return Weather(condition="sun")
    if result == "rain":
        return Weather(condition="rain")
    if start == "dry":
        return Weather(condition="dry")
    if start == "qualifying":
        return Weather(condition="temp_rain" if qualifying == "rain" else "temp_sun")
    if start == "row":
        return Weather(condition="variable")
    raise ValueError(f"unknown start mode {start!r}")


def determine(w: Weather, result: Barometer, mechanism: Mechanism, streak: Streak = "strict") -> Weather:
    """One determination with the barometer ``result``; returns the new state.

    Raises ValueError on weather that cannot change (fixed or locked: callers
    check ``changeable``) or whose condition belongs to the other mechanism.
    ``streak`` only matters for the state machine (AMB-7).
    """
    if not w.changeable:
        raise ValueError(f"weather {w.condition!r} is fixed; no determination is made")
    if mechanism == "state_machine":
        if w.condition not in _STATE_MACHINE:
            raise ValueError(f"{w.condition!r} is not a TAB-WEATHER-SM state")
        return _state_machine(w, result, streak)
    if mechanism == "row_step":
        if w.condition not in _ROW_STEP:
            raise ValueError(f"{w.condition!r} is not a barometer row (AMB-6)")
        return _row_step(w, result)
    raise ValueError(f"unknown weather mechanism {mechanism!r}")


def _state_machine(w: Weather, result: Barometer, streak: Streak) -> Weather:
    """TAB-WEATHER-SM, one row per current state; ``last := result`` afterwards.

    AMB-7 strict: a "variable" result becomes ``last`` and so breaks a
    streak (S,V,S stays temporary). ``sun_rain_only``: it leaves ``last``
    alone, so S,V,S locks.
    """
    if result == "variable":
        # WEATHER-6 (dry stays dry), WEATHER-9 (temporary stays as it is).
        condition: Condition = w.condition
    elif result == "sun":
        # WEATHER-7; WEATHER-10: the second sun in a row locks.
        condition = "locked_sun" if w.condition == "temp_sun" and w.last == "sun" else "temp_sun"
    elif result == "rain":
        # WEATHER-8; WEATHER-10: the second rain in a row locks.
        condition = "locked_rain" if w.condition == "temp_rain" and w.last == "rain" else "temp_rain"
    else:
        raise ValueError(f"unknown barometer result {result!r}")
    last = w.last if result == "variable" and streak == "sun_rain_only" else result
    return Weather(condition=condition, last=last, determinations=w.determinations + 1)


def _row_step(w: Weather, result: Barometer) -> Weather:
    """AMB-6 / WEATHER-B-2: move one row toward the rolled row; the same row stays."""
    if result not in _ROW_OF:
        raise ValueError(f"unknown barometer result {result!r}")
    here, target = _ROWS.index(w.condition), _ROW_OF[result]
    step = (target > here) - (target < here)
    return Weather(condition=_ROWS[here + step], last=result, determinations=w.determinations + 1)
