"""Weather: start conditions, TAB-WEATHER-SM (C, D) and the B row step (AMB-6)."""

from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from rules.tables.weather import Weather, determine, qualifying_wet, race_weather

RESULTS = ("sun", "variable", "rain")
SHORT = {"S": "sun", "V": "variable", "R": "rain"}


def run(start, results, mechanism="state_machine", streak="strict"):
    """Apply a string of results such as "SVS" to a start state."""
    return reduce(lambda w, r: determine(w, SHORT[r], mechanism, streak), results, start)


C_START = Weather(condition="dry")


# --- start of the race --------------------------------------------------------


@pytest.mark.rules("WEATHER-4", "WEATHER-D-2")
@pytest.mark.parametrize("start", ["dry", "qualifying", "row"])
def test_WEATHER_4_WEATHER_D_2_sun_or_rain_roll_is_fixed_for_the_race(start):
    sun = race_weather("sun", start, qualifying="rain")
    rain = race_weather("rain", start, qualifying="sun")
    assert sun.condition == "sun" and not sun.changeable and not sun.wet
    assert rain.condition == "rain" and not rain.changeable and rain.wet


@pytest.mark.rules("WEATHER-4")
def test_WEATHER_4_C_variable_race_starts_dry_and_changeable():
    w = race_weather("variable", "dry")
    assert w == Weather(condition="dry", last=None, determinations=0)
    assert w.changeable and not w.wet


@pytest.mark.rules("QUAL-D-2", "WEATHER-D-2")
@pytest.mark.parametrize(
    ("qualifying", "condition"),
    [("sun", "temp_sun"), ("rain", "temp_rain"), ("variable", "temp_sun"), (None, "temp_sun")],
)
def test_WEATHER_D_2_QUAL_D_2_variable_race_copies_qualifying_weather(qualifying, condition):
    w = race_weather("variable", "qualifying", qualifying)
    assert w == Weather(condition=condition, last=None)
    assert w.changeable
    assert w.wet == (qualifying == "rain")


def test_AMB_6_B_variable_race_starts_on_the_middle_row():
    w = race_weather("variable", "row")
    assert w.condition == "variable"
    assert w.changeable and not w.wet
    assert w.mechanism == "row_step"


@pytest.mark.rules("WEATHER-3", "QUAL-D-2")
@pytest.mark.parametrize(("result", "wet"), [("sun", False), ("variable", False), ("rain", True)])
def test_WEATHER_3_QUAL_D_2_qualifying_variable_counts_as_dry(result, wet):
    assert qualifying_wet(result) is wet


# --- TAB-WEATHER-SM test vectors (C, strict) -------------------------------------


@pytest.mark.rules("WEATHER-5", "WEATHER-6", "WEATHER-7", "WEATHER-8", "WEATHER-9", "WEATHER-10")
@pytest.mark.parametrize(
    ("results", "condition"),
    [
        ("S", "temp_sun"),  # WEATHER-7
        ("SS", "locked_sun"),  # WEATHER-10
        ("SVS", "temp_sun"),  # AMB-7: variable breaks the streak
        ("SR", "temp_rain"),  # WEATHER-8
        ("RR", "locked_rain"),  # WEATHER-10
        ("VV", "dry"),  # WEATHER-6
        ("SRR", "locked_rain"),
        ("R", "temp_rain"),
        ("RS", "temp_sun"),
        ("RVR", "temp_rain"),
        ("SRS", "temp_sun"),
        ("SRSS", "locked_sun"),
        ("VS", "temp_sun"),
        ("VSS", "locked_sun"),
        ("SVV", "temp_sun"),  # WEATHER-9 twice
    ],
)
def test_WEATHER_5_to_10_AMB_7_TAB_WEATHER_SM_vectors(results, condition):
    w = run(C_START, results)
    assert w.condition == condition
    assert w.determinations == len(results)
    assert w.last == SHORT[results[-1]]  # strict: last := result, always


# Every cell of TAB-WEATHER-SM: (current, last) x result -> new current.
SM_CELLS = [
    # DRY (C start)
    ("dry", None, "variable", "dry"),  # WEATHER-6
    ("dry", None, "sun", "temp_sun"),  # WEATHER-7
    ("dry", None, "rain", "temp_rain"),  # WEATHER-8
    ("dry", "variable", "variable", "dry"),
    ("dry", "variable", "sun", "temp_sun"),
    ("dry", "variable", "rain", "temp_rain"),
    # TEMP-SUN
    ("temp_sun", "sun", "variable", "temp_sun"),  # WEATHER-9
    ("temp_sun", "sun", "sun", "locked_sun"),  # WEATHER-10
    ("temp_sun", "sun", "rain", "temp_rain"),
    ("temp_sun", "variable", "sun", "temp_sun"),  # not last = sun
    ("temp_sun", None, "sun", "temp_sun"),  # D start: no result yet
    ("temp_sun", "rain", "sun", "temp_sun"),
    ("temp_sun", None, "variable", "temp_sun"),
    ("temp_sun", None, "rain", "temp_rain"),
    # TEMP-RAIN
    ("temp_rain", "rain", "variable", "temp_rain"),  # WEATHER-9
    ("temp_rain", "rain", "sun", "temp_sun"),
    ("temp_rain", "rain", "rain", "locked_rain"),  # WEATHER-10
    ("temp_rain", "variable", "rain", "temp_rain"),
    ("temp_rain", None, "rain", "temp_rain"),  # D start: no result yet
    ("temp_rain", "sun", "rain", "temp_rain"),
    ("temp_rain", None, "variable", "temp_rain"),
    ("temp_rain", None, "sun", "temp_sun"),
]


@pytest.mark.rules("WEATHER-6", "WEATHER-7", "WEATHER-8", "WEATHER-9", "WEATHER-10", "WEATHER-D-4")
@pytest.mark.parametrize(("current", "last", "result", "new"), SM_CELLS)
def test_WEATHER_6_to_10_WEATHER_D_4_TAB_WEATHER_SM_every_cell(current, last, result, new):
    w = determine(Weather(condition=current, last=last, determinations=4), result, "state_machine")
    assert w == Weather(condition=new, last=result, determinations=5)


@pytest.mark.rules("WEATHER-10")
@pytest.mark.parametrize("locked", ["locked_sun", "locked_rain", "sun", "rain"])
@pytest.mark.parametrize("mechanism", ["state_machine", "row_step"])
def test_WEATHER_10_locked_or_fixed_weather_makes_no_determination(locked, mechanism):
    w = Weather(condition=locked, last="sun")
    assert not w.changeable
    assert w.mechanism is None
    with pytest.raises(ValueError):
        determine(w, "rain", mechanism)


# --- Dresden start states (WEATHER-D-2..4) --------------------------------------


@pytest.mark.rules("WEATHER-D-4")
def test_WEATHER_D_4_start_from_sunny_qualifying_needs_two_suns_to_lock():
    start = race_weather("variable", "qualifying", "sun")
    assert run(start, "S").condition == "temp_sun"  # the start copy is no result
    assert run(start, "SS").condition == "locked_sun"
    assert run(start, "V").condition == "temp_sun"
    assert run(start, "R").condition == "temp_rain"


@pytest.mark.rules("WEATHER-D-4")
def test_WEATHER_D_4_start_from_rainy_qualifying_needs_two_rains_to_lock():
    start = race_weather("variable", "qualifying", "rain")
    assert run(start, "R").condition == "temp_rain"
    assert run(start, "RR").condition == "locked_rain"
    assert run(start, "V").condition == "temp_rain"
    assert run(start, "S").condition == "temp_sun"


# --- AMB-7 streak flag -------------------------------------------------------------


@pytest.mark.parametrize(
    ("results", "strict", "loose"),
    [
        ("SVS", "temp_sun", "locked_sun"),
        ("RVR", "temp_rain", "locked_rain"),
        ("SVVS", "temp_sun", "locked_sun"),
        ("SVR", "temp_rain", "temp_rain"),
        ("SRVR", "temp_rain", "locked_rain"),
        ("VV", "dry", "dry"),
        ("SS", "locked_sun", "locked_sun"),
    ],
)
def test_AMB_7_variable_breaks_the_streak_only_when_strict(results, strict, loose):
    assert run(C_START, results, streak="strict").condition == strict
    assert run(C_START, results, streak="sun_rain_only").condition == loose


def test_AMB_7_sun_rain_only_keeps_last_over_a_variable_result():
    w = run(C_START, "SV", streak="sun_rain_only")
    assert w.last == "sun" and w.determinations == 2
    assert run(C_START, "SV", streak="strict").last == "variable"


# --- Formula D 2008 row step (AMB-6, WEATHER-B-2) -----------------------------------


@pytest.mark.rules("WEATHER-B-2")
@pytest.mark.parametrize(
    ("row", "result", "new"),
    [
        ("variable", "sun", "row_sun"),
        ("variable", "variable", "variable"),
        ("variable", "rain", "row_rain"),
        ("row_sun", "sun", "row_sun"),
        ("row_sun", "variable", "variable"),
        ("row_sun", "rain", "variable"),  # one row only, not straight to rain
        ("row_rain", "rain", "row_rain"),
        ("row_rain", "variable", "variable"),
        ("row_rain", "sun", "variable"),
    ],
)
def test_AMB_6_WEATHER_B_2_row_step_moves_one_row_toward_the_result(row, result, new):
    w = determine(Weather(condition=row), result, "row_step")
    assert w.condition == new
    assert w.last == result and w.determinations == 1
    assert w.changeable  # AMB-6: checks continue for the rest of the race


def test_AMB_6_row_step_never_locks():
    w = run(race_weather("variable", "row"), "SSSSS", "row_step")
    assert w.condition == "row_sun" and w.changeable
    w = run(w, "RR", "row_step")
    assert w.condition == "row_rain" and w.changeable and w.wet
    assert w.determinations == 7


@pytest.mark.parametrize("row", ["row_sun", "variable", "row_rain"])
def test_AMB_6_rows_refuse_the_state_machine(row):
    with pytest.raises(ValueError):
        determine(Weather(condition=row), "sun", "state_machine")


@pytest.mark.parametrize("state", ["dry", "temp_sun", "temp_rain"])
def test_TAB_WEATHER_SM_states_refuse_the_row_step(state):
    with pytest.raises(ValueError):
        determine(Weather(condition=state), "sun", "row_step")


# --- wet / dry (AMB-62, TAB-RAIN) ------------------------------------------------------


@pytest.mark.rules("WEATHER-11")
@pytest.mark.parametrize(
    ("condition", "wet", "changeable"),
    [
        ("sun", False, False),
        ("rain", True, False),
        ("dry", False, True),
        ("variable", False, True),  # AMB-62: overcast without rain is dry
        ("row_sun", False, True),
        ("row_rain", True, True),
        ("temp_sun", False, True),
        ("temp_rain", True, True),
        ("locked_sun", False, False),
        ("locked_rain", True, False),
    ],
)
def test_AMB_62_WEATHER_11_wet_and_changeable_for_every_condition(condition, wet, changeable):
    w = Weather(condition=condition)
    assert w.wet is wet
    assert w.changeable is changeable


def test_weather_is_frozen_and_strict():
    w = Weather(condition="dry")
    with pytest.raises(ValidationError):
        w.condition = "rain"
    with pytest.raises(ValidationError):
        Weather(condition="drizzle")
    with pytest.raises(ValidationError):
        Weather(condition="dry", colour="grey")


# --- properties ------------------------------------------------------------------------


@pytest.mark.rules("WEATHER-10")
@given(
    st.sampled_from(["dry", "qualifying_sun", "qualifying_rain"]),
    st.lists(st.sampled_from(RESULTS), max_size=12),
    st.sampled_from(["strict", "sun_rain_only"]),
)
def test_WEATHER_10_state_machine_locks_exactly_after_two_equal_results(start, results, streak):
    """Replay independently: a lock happens on the first sun/rain equal to the previous counted result."""
    w = (
        race_weather("variable", "dry")
        if start == "dry"
        else race_weather("variable", "qualifying", start.removeprefix("qualifying_"))
    )
    prev = None
    expected = None
    for i, r in enumerate(results):
        if r in ("sun", "rain") and prev == r:
            expected = (i, f"locked_{r}")
            break
        if r != "variable" or streak == "strict":
            prev = r
    for i, r in enumerate(results):
        if not w.changeable:
            break
        w = determine(w, r, "state_machine", streak)
        if expected is None or i < expected[0]:
            assert not w.condition.startswith("locked")
    if expected is None:
        assert w.changeable
    else:
        assert w.condition == expected[1]
        assert w.determinations == expected[0] + 1


@given(st.lists(st.sampled_from(RESULTS), max_size=15))
def test_AMB_6_row_step_moves_at_most_one_row(results):
    rows = ["row_sun", "variable", "row_rain"]
    w = race_weather("variable", "row")
    for r in results:
        new = determine(w, r, "row_step")
        assert abs(rows.index(new.condition) - rows.index(w.condition)) <= 1
        assert new.changeable
        w = new
