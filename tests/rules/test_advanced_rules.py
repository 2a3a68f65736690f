"""Formula Dé's advanced rules (002) as a whole, its 3-lap reminders, and the gear after a stop.

Rules: ADV-1 (the seven modules are independent), C3LAP-1, C3LAP-2, C3LAP-4 (the
reminders of module 5), CORE-PIT-3 (at most 4th gear after a stop), and AMB-26 for a
set fitted in a box beyond the finish line. Played with the ``fde-advanced`` rules
(TAB-DOWNSHIFT with fuel, TAB-TYRE-C) on the oval; positions as in fixtures.py.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.actions import ChooseGear, Drive, EndMove, PitStop, Roll, SetUp
from rules.car import AREAS_CD, WearPoints
from rules.dice import Purpose
from rules.engine import (
    IllegalAction,
    apply,
    chance,
    gear_options,
    moves,
    new_race,
    tyre_age,
)
from rules.gears import ShiftCost
from rules.reasons import Code
from rules.ruleset import FORMULA_DE_ADVANCED, RuleSet
from rules.state import RaceState
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from tests.rules.fixtures import (
    OVAL,
    act,
    car,
    illegal,
    kinds,
    pending,
    position,
    rolls,
)

C = FORMULA_DE_ADVANCED
CW = C.default_wear  # tyres 6, brakes 3, fuel 3, body 3, engine 3, road holding 2


def c_car(car_id: str, space: str, gear: int = 4, rules: RuleSet = C, **kw):
    """A Formula Dé car (fuel instead of a gearbox), on hard tyres when the rules have tyres."""
    kw.setdefault("wp", CW)
    kw.setdefault("setup", CW)
    kw.setdefault("tyre", Tyre.HARD if rules.tyres else None)
    return car(car_id, space, gear=gear, **kw)


def race(cars, active: str | None = "m", rules: RuleSet = C, **kw) -> RaceState:
    """A race in progress on the oval, in the sun when the rules have weather."""
    state = position(cars, active, rules=rules, **kw)
    return state.model_copy(update={"weather": Weather(condition="sun") if rules.weather else None})


# --- ADV-1: seven independent modules -----------------------------------------------------------

# Each module of 002 switched off alone, as the RuleSet fields that carry it.
MODULES_OFF: dict[str, dict] = {
    "slipstream": {"slipstream": False},
    "qualifying": {"grid": "roll"},
    "tyres": {"tyres": None},
    "weather": {"weather": False},
    "car construction": {
        "car_setup": C.car_setup.model_copy(
            update={"minimum": {a: CW[a] for a in AREAS_CD}, "maximum": {a: CW[a] for a in AREAS_CD}}
        )
    },
    "road holding": {"markers": False},
    "pit-stop options": {"pit_repairs": "none", "pit_reserve": 0},
}


def _to_setup(rules: RuleSet) -> RaceState | None:
    """A two-car race up to its set-up, or None when the rules have no set-up."""
    state = new_race(OVAL, rules, [("a", CW), ("b", CW)])
    state, _ = rolls(state, *([15] if rules.weather else []), 20, 10)  # sun; a takes pole
    return state if state.phase == "setup" else None


def _slipstream(rules: RuleSet) -> bool:
    """m ends directly behind f, both in 4th: is the slipstream offered?"""
    state = race([c_car("m", "B21", rules=rules), c_car("f", "B29", rules=rules)], rules=rules)
    state, ev = act(state, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
    return any(isinstance(offer := e.data["offer"], list) and "slip" in offer for e in kinds(ev, "offer"))


def _qualifying(rules: RuleSet) -> bool:
    """The set-up runs a timed lap for the grid (VAR-20) only on this switch."""
    return rules.grid == "qualifying"


def _tyres(rules: RuleSet) -> bool:
    """Must each car choose its tyres before the start?"""
    state = _to_setup(rules)
    if state is None:
        return False
    try:
        apply(OVAL, state, SetUp())
    except IllegalAction as err:
        return err.reason.code == Code.TYRE_REQUIRED
    return False


def _weather(rules: RuleSet) -> bool:
    """Is the race weather rolled before the grid?"""
    return chance(new_race(OVAL, rules, [("a", CW), ("b", CW)])).purpose == Purpose.WEATHER  # type: ignore[union-attr]


def _car_construction(rules: RuleSet) -> bool:
    """May a player share out the 20 WP differently from the standard car?"""
    state = _to_setup(rules)
    if state is None:
        return False
    own = WearPoints(tyres=8, brakes=4, fuel=1, body=3, engine=2, road_holding=2)
    try:
        apply(OVAL, state, SetUp(tyre=Tyre.HARD if rules.tyres else None, wp=own))
    except IllegalAction:
        return False
    return True


def _road_holding(rules: RuleSet) -> bool:
    """A collision costs f a body WP: does its space become dangerous?"""
    state = race([c_car("m", "B21", rules=rules), c_car("f", "B29", gear=3, rules=rules)], rules=rules)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
    state, _ = rolls(state, 1, 20)  # f's collision roll fails, m's passes
    return state.car("f").wp.body == CW.body - 1 and "B29" in state.markers


def _pit_options(rules: RuleSet) -> bool:
    """May the crew make a long stop at the box (PIT-A-4)?"""
    state = race(
        [c_car("m", "C58", gear=3, box="P4", rules=rules), c_car("far", "A30", rules=rules)], rules=rules, laps=2
    )
    state, _ = act(state, ChooseGear(gear=3), Roll(value=5), Drive(path=("C59", "P1", "P2", "P3", "P4")))
    if state.phase != "pit":
        return False
    try:
        apply(OVAL, state, PitStop(tyre=Tyre.HARD if rules.tyres else None, long=True))
    except IllegalAction:
        return False
    return True


PROBES: dict[str, Callable[[RuleSet], bool]] = {
    "slipstream": _slipstream,
    "qualifying": _qualifying,
    "tyres": _tyres,
    "weather": _weather,
    "car construction": _car_construction,
    "road holding": _road_holding,
    "pit-stop options": _pit_options,
}


@pytest.mark.rules("ADV-1")
def test_ADV_1_the_seven_modules_are_independent_of_each_other():
    """All seven modules act with the full Formula Dé rules; switching any one off silences
    exactly that one, and the other six go on as before."""
    assert all(probe(C) for probe in PROBES.values())
    for module, off in MODULES_OFF.items():
        rules = C.model_copy(update=off)
        acting = {name for name, probe in PROBES.items() if probe(rules)}
        assert acting == set(PROBES) - {module}, module


@pytest.mark.rules("ADV-1")
def test_ADV_1_the_3_lap_race_brings_modules_5_to_7():
    """Car construction, road holding and the pit-stop options belong to "the race over 3
    laps": the Formula Dé preset runs 3 laps and a 3-lap race has its two stops."""
    assert C.race_laps == 3
    state = race([c_car("m", "C58", gear=3, box="P4", crossings=2, pit_stops=1), c_car("far", "A30")], laps=3)
    state, _ = act(state, ChooseGear(gear=3), Roll(value=5))
    assert any(m.in_box for m in moves(OVAL, state))  # the second stop, at the end of lap 2


# --- C3LAP-1, C3LAP-2, C3LAP-4 --------------------------------------------------------------------


def behind_after_20(**wp: int) -> RaceState:
    """m (5th) rolls a natural 20 from B21 and stops on B41, directly behind f (4th) on B42,
    declining the slipstream: its collision rolls, then its engine check, are due."""
    cars = [c_car("m", "B21", gear=5, wp=CW.model_copy(update=wp)), c_car("f", "B42")]
    state = race(cars, markers=("B30",))
    state, _ = act(state, ChooseGear(gear=5), Roll(value=20), Drive(path=tuple(f"B{i}" for i in range(22, 42))))
    state, _ = act(state, EndMove())
    return state


@pytest.mark.rules("CORE-COLL-3", "CORE-ENGINE-3", "CORE-DANGER-4", "C3LAP-1")
def test_C3LAP_1_the_last_body_engine_or_road_holding_WP_puts_the_car_out_at_once():
    """Each check is rolled after the stop: road holding (the marker on B30), collisions, the
    engine. Losing the last WP of body, engine or road holding ends the race there and then:
    the car's later checks are not rolled."""
    state = behind_after_20()
    assert pending(state) == [
        ("road_holding", "m", None),
        ("collision", "f", "m"),
        ("collision", "m", "f"),
        ("engine", "m", None),
    ]
    for area, failing in (("road_holding", (1,)), ("body", (20, 20, 1)), ("engine", (20, 20, 20, 1))):
        state = behind_after_20(**{area: 1})
        state, ev = rolls(state, *failing)
        m = state.car("m")
        assert m.status == "out" and m.wp[area] == 0, area
        assert [e.data["rule"] for e in kinds(ev, "out")] == [
            {"road_holding": "CORE-DANGER-4", "body": "CORE-COLL-3", "engine": "CORE-ENGINE-3"}[area]
        ]
        assert all(p.car != "m" for p in state.pending), area
    survivor, _ = rolls(behind_after_20(body=2), 20, 20, 1, 20)
    assert survivor.car("m").status == "racing" and survivor.car("m").wp.body == 1


@pytest.mark.rules("C3LAP-2")
def test_C3LAP_2_without_brake_WP_the_car_can_no_longer_brake():
    """m rolls 9 in 4th on the open back straight: with one brake WP it may stop short,
    with none only the full 9 spaces are legal, and a shorter drive is refused."""
    for brakes, shortest in ((1, 8), (0, 9)):
        state = race([c_car("m", "B21", wp=CW.model_copy(update={"brakes": brakes})), c_car("f", "A5", gear=1)])
        state, _ = act(state, ChooseGear(gear=4), Roll(value=9))
        assert min(len(m.path) for m in moves(OVAL, state)) == shortest
    short = illegal(state, Drive(path=tuple(f"B{i}" for i in range(22, 30))))
    assert (short.reason.code, short.reason.values) == (Code.CANNOT_BRAKE, {"spaces": 1, "brakes": 0})


def fly_out(tyre: Tyre, tyres: int) -> tuple[RaceState, list]:
    """m drives 12 spaces along lane B from B40 through the Seekurve (1 stop) without a stop:
    it ends on B52, one space past the corner's end."""
    state = race(
        [c_car("m", "B40", gear=5, tyre=tyre, wp=CW.model_copy(update={"tyres": tyres})), c_car("f", "A5", gear=1)]
    )
    state, _ = act(state, ChooseGear(gear=5), Roll(value=12))
    return act(state, Drive(path=tuple(f"B{i}" for i in range(41, 53))))


@pytest.mark.rules("CORNER-6", "C3LAP-4")
def test_C3LAP_4_a_fly_out_strikes_tyre_WP_per_space_times_the_tyre_multiplier():
    """One space too far strikes 1 tyre WP on hard tyres (x1) and 2 on soft tyres (x2,
    TAB-TYRE-C); the last tyre WP struck exactly spins the car (VAR-18), more is out."""
    for tyre, lost in ((Tyre.HARD, 1), (Tyre.SOFT, 2)):
        state, _ = fly_out(tyre, 6)
        assert state.car("m").wp.tyres == 6 - lost and state.car("m").status == "racing"
    state, ev = fly_out(Tyre.SOFT, 2)
    m = state.car("m")
    assert (m.wp.tyres, m.status, m.gear, m.space) == (0, "racing", 0, "B52") and kinds(ev, "spin")
    state, ev = fly_out(Tyre.SOFT, 1)
    assert state.car("m").status == "out" and [e.data["rule"] for e in kinds(ev, "out")] == ["CORNER-6"]


# --- CORE-PIT-3 -------------------------------------------------------------------------------------


def at_box(gear: int, roll: int, box: str = "P4", crossings: int = 1) -> RaceState:
    """m, in ``gear`` on C58 at the end of lap 1, drives into its box with ``roll``."""
    state = race([c_car("m", "C58", gear=gear, box=box, crossings=crossings), c_car("far", "A30")], laps=2)
    state, _ = act(state, ChooseGear(gear=gear), Roll(value=roll))
    path = next(m.path for m in moves(OVAL, state) if m.in_box)
    state, _ = act(state, Drive(path=path))
    return state


def next_turn_gears(state: RaceState) -> list[int]:
    """The gears m may declare when its turn comes again."""
    state = state.model_copy(update={"phase": "gear", "active": "m", "pending": (), "movement": None})
    return [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)]


@pytest.mark.rules("CORE-PIT-3", "PIT-B-4", "PIT-A-4")
def test_CORE_PIT_3_after_a_stop_at_most_4th_gear():
    """A car that came in in 5th: a fast stop sends it out in exactly 4th (PIT-B-4); a slow
    stop and a long stop (PIT-A-4) let it leave next round in any gear up to 4th, free."""
    fast, _ = act(at_box(5, 11), PitStop(tyre=Tyre.HARD), Roll(value=4))
    assert fast.phase == "move" and fast.car("m").gear == 4 and fast.car("m").wp == CW
    for stop in ((PitStop(tyre=Tyre.HARD), Roll(value=15)), (PitStop(tyre=Tyre.HARD, long=True),)):
        state, _ = act(at_box(5, 11), *stop)
        assert state.car("m").pit_wait
        assert next_turn_gears(state) == [1, 2, 3, 4]


# --- AMB-26 with a box beyond the finish line ----------------------------------------------------------


@pytest.mark.rules("TYRE-3")
def test_AMB_26_TYRE_3_a_set_fitted_in_a_box_past_the_line_is_new_for_the_lap_the_car_starts():
    """Box 10 (P13) lies just past the finish line: the car enters the pit lane in lap 1 and
    crosses the line on the way to its box. Its new set's first lap is lap 2, so in lap 2 the
    set is one lap old and in lap 3 two (no soft bonus there, TYRE-3) - as for box 1 (P4),
    which lies before the line."""
    for box, roll in (("P4", 5), ("P13", 14)):
        state = race([c_car("m", "C58", gear=5 if roll > 12 else 3, box=box), c_car("far", "A30")], laps=3)
        state, _ = act(state, ChooseGear(gear=state.car("m").gear), Roll(value=roll))
        state, _ = act(state, Drive(path=next(m.path for m in moves(OVAL, state) if m.in_box)))
        state, _ = act(state, PitStop(tyre=Tyre.SOFT))
        m = state.car("m")
        assert [tyre_age(m.model_copy(update={"crossings": lap})) for lap in (2, 3)] == [1, 2], box
