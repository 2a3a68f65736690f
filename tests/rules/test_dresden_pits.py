"""Dresden pit stops by points through the engine (``rules.modules.pit_points``).

Rules: PIT-D-1..12, RACE-D-5, ORDER-D-3, TAB-PIT-D, AMB-32, AMB-33, AMB-56.

SUGGESTIONs followed: AMB-32 (refuel and repairs never above the set-up, repairs of 1 or 2 WP
from the box reserve into brakes, body, engine or road holding), AMB-33 (the announced points,
+5 if late; the entering roll's spaces beyond the box count; each later turn at the box is a
4th-gear roll; at <= 0 the WP are restored and |rest| spaces are driven out at once; exactly 0
leaves next game round in at most 4th) and AMB-56 (a pit-lane car counts as standing at the
pit entry).

The oval's pit lane (see tests/rules/test_engine_pit.py): C59 turns off into P1; boxes 1-10 are
P4-P13 (P13 just past the line); P17 rejoins on C6. From C58 box 1 is 5 spaces away, from P1 3.
The Seekurve (1 stop) ends on C57 in lane C.
"""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Drive, PitStop
from rules.ai.classic import CAREFUL
from rules.ai.pit_stops import stop_plan
from rules.ai.registry import DRIVERS
from rules.car import Area
from rules.dice import Purpose
from rules.engine import gear_options, moves, new_race
from rules.files.record import Record
from rules.gears import ShiftCost
from rules.modules.base import start_movement
from rules.modules.pit_points import may_enter_box
from rules.modules.start import CarEntry
from rules.reasons import Code
from rules.ruleset import DRESDEN_2006, DRESDEN_OPEN, FORMULA_D_BASIC, preset
from rules.run.session import RaceSession
from rules.run.simulation import play, race_header
from rules.tables.pit_points import PitPlan
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre
from tests.rules.fixtures import OVAL, act, car, illegal, kinds, pending, position, quiet_turn, rolls, turn_order

D = DRESDEN_2006
DW = D.default_wear  # tyres 6, brakes 3, fuel 4, body 3, engine 2, road holding 3
WORN = DW.model_copy(update={"tyres": 2, "fuel": 1, "body": 2})
TEN = PitPlan(fuel=2, tyre=Tyre.SOFT, repairs={Area.BODY: 1})  # TAB-PIT-D: 10 points


def dcar(car_id: str, space: str, gear: int = 4, **kw):
    """A Dresden car (22 WP: 21 in the car, 1 in the box) in lap 1 of 3."""
    kw.setdefault("wp", WORN)
    kw.setdefault("reserve", 1)
    kw.setdefault("tyre", Tyre.HARD)
    return car(car_id, space, gear=gear, setup=DW, **kw)


def race(cars, active: str = "m", rules=D, laps: int = 3):
    return position(cars, active, rules=rules, laps=laps)


def at_p1(**kw):
    """m waits on P1, 3 spaces before box 1 (it turned in last turn behind a car since gone)."""
    return race([dcar("m", "P1", box="P4", pit_stops=1, **kw), dcar("far", "A30")])


def at_c58(gear: int = 4, **kw):
    """m on C58, 5 spaces before box 1, at the end of lap 1."""
    return race([dcar("m", "C58", gear=gear, box="P4", **kw), dcar("far", "A30")])


def pit_data(events) -> list[dict]:
    return [e.data for e in kinds(events, "pit")]


def into_box(state, gear: int, roll: int, path, plan: PitPlan | None = TEN):
    state, ev = act(state, ChooseGear(gear=gear, pit=plan))
    state, ev2 = rolls(state, roll)
    state, ev3 = act(state, Drive(path=tuple(path)))
    return state, ev + ev2 + ev3


IN_FROM_C58 = ("C59", "P1", "P2", "P3", "P4")


# --- TAB-PIT-D: the worked example --------------------------------------------------------------


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_TAB_PIT_D_worked_example():
    """Announced 10 points; the box is 3 spaces away and the 4th-gear roll is 9: the car reaches
    the box and the surplus 6 counts, 4 points remain. Next turn the 4th-gear roll is 8: 4 points
    are worked off and the surplus 4 is moved at once as 4 spaces out of the box."""
    state, ev = into_box(at_p1(), 4, 9, ("P2", "P3", "P4"))
    assert pit_data(ev) == [{"points": 10, "worked": 6, "left": 4}]
    m = state.car("m")
    assert (m.space, m.league.pit_points, m.wp) == ("P4", 4, WORN)  # nothing restored yet
    assert state.active == "far" and pending(state) == []
    state, _ = quiet_turn(state)
    assert state.active == "m"
    state, ev = act(state, ChooseGear(gear=4))
    state, ev2 = rolls(state, 8)
    assert pit_data(ev + ev2) == [
        {"points": 4, "worked": 4, "left": 0},
        {"done": 4, "fuel": 2, "tyre": "soft", "body": 1},
    ]
    assert (state.phase, state.moves_left) == ("move", 4)
    assert [m.path for m in moves(OVAL, state)] == [("P5", "P6", "P7", "P8")]
    state, _ = act(state, Drive(path=("P5", "P6", "P7", "P8")))
    m = state.car("m")
    assert m.space == "P8" and m.league.pit_points is None and m.league.pit_plan is None and state.active == "far"


@pytest.mark.rules("PIT-D-10")
def test_PIT_D_10_TAB_PIT_D_without_an_announcement_15_points():
    """The same work without an announcement costs 10 + 5: the crew's plan is chosen at the box."""
    state, ev = into_box(at_p1(), 4, 9, ("P2", "P3", "P4"), plan=None)
    assert state.phase == "pit" and state.active == "m" and pit_data(ev) == []
    state, ev = act(state, PitStop(fuel=2, tyre=Tyre.SOFT, repairs={Area.BODY: 1}))
    assert pit_data(ev) == [{"points": 15, "worked": 6, "left": 9}]
    assert state.car("m").league.pit_points == 9 and state.active == "far"


# --- PIT-D-1, PIT-D-2: into the pit lane ---------------------------------------------------------


def flying_out(rules):
    """m on C46 in 4th drives 17 spaces (a 12, the engine boost's +4, the Flitzer's +1) through the
    whole Seekurve in lane C without its stop: C47-C57, C58, C59 and P1-P4 would reach box 1."""
    m = dcar("m", "C46", wp=DW.model_copy(update={"tyres": 12}), box="P4")
    state = race([m, dcar("far", "A30")], rules=rules)
    state, _ = act(state, ChooseGear(gear=4))
    state, _ = rolls(state, 12)
    return state.model_copy(update={"moves_left": 17, "movement": start_movement(state.car("m"))})


PATH_17 = tuple(f"C{i}" for i in range(47, 60)) + ("P1", "P2", "P3", "P4")


@pytest.mark.rules("CORNER-8", "LANE-D-5", "PIT-D-1")
def test_PIT_D_1_entering_the_pit_lane_is_a_lane_change():
    """After a corner left with a stop missing the car may not change lanes (LANE-D-5): so it may
    not turn into the pit lane either; without the Dresden pit rules the same turn-in is legal."""
    why = illegal(flying_out(D), Drive(path=PATH_17)).reason
    assert (why.rule, why.code) == ("CORNER-8", Code.NO_LANE_CHANGE_AFTER_OVERSHOOT)
    assert not any(OVAL.space(n).in_pit for m in moves(OVAL, flying_out(D)) for n in m.path)
    other = D.model_copy(update={"pit_points": False})
    state, _ = act(flying_out(other), Drive(path=PATH_17))
    assert state.car("m").space == "P4"


@pytest.mark.rules("PIT-D-1")
def test_PIT_D_1_a_car_that_made_its_stops_turns_in():
    state, _ = act(at_c58(), ChooseGear(gear=4, pit=TEN))
    state, _ = rolls(state, 9)
    assert [m.path for m in moves(OVAL, state) if m.in_box] == [IN_FROM_C58]


@pytest.mark.rules("PIT-D-2")
@pytest.mark.parametrize("gear", [5, 6])
def test_PIT_D_2_no_turning_into_the_pit_lane_above_4th(gear: int):
    state, _ = act(at_c58(gear=gear), ChooseGear(gear=gear, pit=TEN))
    state, _ = rolls(state, 21 if gear == 6 else 12)
    assert not any(OVAL.space(n).in_pit for m in moves(OVAL, state) for n in m.path)
    assert illegal(state, Drive(path=IN_FROM_C58)).reason.code == Code.NO_PIT_NOW


@pytest.mark.rules("PIT-B-2", "PIT-D-2")
def test_PIT_D_2_in_the_pit_lane_at_most_4th():
    options = gear_options(OVAL, at_p1())
    assert all(isinstance(options[g], ShiftCost) for g in (1, 2, 3, 4))
    assert all(options[g].rule == "PIT-D-2" and options[g].code == Code.PIT_LANE_GEAR for g in (5, 6))
    assert illegal(at_p1(), ChooseGear(gear=5)).reason.rule == "PIT-D-2"
    basic = position([car("m", "P1", gear=4, box="P4", pit_stops=1), car("far", "A30")], "m")
    assert isinstance(gear_options(OVAL, basic)[5], ShiftCost)  # PIT-B-2: no limit in Formula D


# --- PIT-D-3: profiles in the pit lane ------------------------------------------------------------


@pytest.mark.rules("PIT-D-3")
def test_PIT_D_3_no_flitzer_space_in_the_pit_lane_nor_at_the_box():
    """A Leichter Flitzer drives its bare roll in the pit lane: 9 from P1 leaves 6 beyond the box,
    and the work-off roll of 8 works off 8 (AMB-33e)."""
    state, ev = into_box(at_p1(profile=Profile.LEICHTER_FLITZER), 4, 9, ("P2", "P3", "P4"))
    assert pit_data(ev) == [{"points": 10, "worked": 6, "left": 4}]
    state, _ = quiet_turn(state)
    state, _ = act(state, ChooseGear(gear=4))
    state, ev = rolls(state, 8)
    assert pit_data(ev)[0] == {"points": 4, "worked": 4, "left": 0} and state.moves_left == 4


# --- PIT-D-4, RACE-D-5: the team's box -------------------------------------------------------------


@pytest.mark.rules("PIT-B-6", "PIT-D-4")
def test_PIT_D_4_team_mates_share_the_box_and_the_second_waits_in_front_of_it():
    """a works at the team's box P4; b turns in with a 9 and waits on P3 in front of it, free
    (PIT-B-6), its crew not yet at work."""
    a = dcar("a", "P4", box="P4", team=0, pit_stops=1, pit_plan=TEN, pit_points=4)
    b = dcar("b", "C58", box="P4", team=0)
    state = race([a, b, dcar("far", "A30")], active="b")
    state, ev = act(state, ChooseGear(gear=4, pit=TEN))
    state, ev2 = rolls(state, 9)
    assert [m.path for m in moves(OVAL, state) if any(OVAL.space(n).in_pit for n in m.path)] == [
        ("C59", "P1", "P2", "P3")
    ]
    state, ev3 = act(state, Drive(path=("C59", "P1", "P2", "P3")))
    bb = state.car("b")
    assert (bb.space, bb.pit_stops, bb.league.pit_points, bb.wp) == ("P3", 1, None, WORN) and pit_data(
        ev + ev2 + ev3
    ) == []


@pytest.mark.rules("PIT-D-4")
def test_PIT_D_4_the_second_reaches_the_box_once_the_first_has_left():
    b = dcar("b", "P3", box="P4", team=0, pit_stops=1, pit_plan=TEN)
    a = dcar("a", "P6", box="P4", team=0, pit_stops=1)
    state = race([a, b, dcar("far", "A30")], active="b")
    state, ev = act(state, ChooseGear(gear=4))
    state, ev2 = rolls(state, 7)
    state, ev3 = act(state, Drive(path=("P4",)))
    assert pit_data(ev + ev2 + ev3) == [{"points": 10, "worked": 6, "left": 4}]


def entries(teams):
    return [CarEntry(f"c{i}", DW, 1, Profile.NORMALO, t) for i, t in enumerate(teams)]


@pytest.mark.rules("RACE-D-5")
@pytest.mark.parametrize("rules", [DRESDEN_2006, DRESDEN_OPEN])
def test_RACE_D_5_boxes_in_grid_order_the_best_placed_team_first(rules):
    """Grid c3, c0, c2, c1, c4: team 1 (c3 on pole, c1) takes box 1, team 0 (c0, c2) box 2, c4
    (no team) box 3. [S] per team by its best-placed driver and [O] per driver in grid order
    give the same boxes when team-mates share one."""
    state = new_race(OVAL, rules, entries([0, 1, 0, 1, None]), laps=3, grid=("c3", "c0", "c2", "c1", "c4"))
    state, _ = rolls(state, 10)  # the race weather
    boxes = {c.id: c.box for c in state.cars}
    assert boxes == {"c3": "P4", "c1": "P4", "c0": "P5", "c2": "P5", "c4": "P6"}


@pytest.mark.rules("RACE-D-5")
def test_RACE_D_5_without_team_boxes_each_car_keeps_the_box_of_its_entry():
    basic = FORMULA_D_BASIC
    state = new_race(OVAL, basic, [(f"c{i}", basic.default_wear) for i in range(3)], laps=2, grid=("c2", "c0", "c1"))
    assert {c.id: c.box for c in state.cars} == {"c0": "P4", "c1": "P5", "c2": "P6"}


# --- PIT-D-5, PIT-D-6: the announcement, no pit roll ----------------------------------------------


@pytest.mark.rules("PIT-D-5")
def test_PIT_D_5_no_pit_roll_and_no_long_stop():
    state, _ = into_box(at_c58(), 3, 5, IN_FROM_C58)  # exactly to the box: 10 points to work off
    assert Purpose.PIT not in [p.purpose for p in state.pending] and state.car("m").league.pit_points == 10
    state, _ = into_box(at_c58(), 3, 5, IN_FROM_C58, plan=None)
    assert illegal(state, PitStop(long=True)).reason.rule == "PIT-D-5"


@pytest.mark.rules("PIT-D-6")
def test_PIT_D_6_the_last_announcement_before_the_roll_into_the_box_counts():
    state = race([dcar("m", "C50", gear=3, corner=1, stops=1, box="P4"), dcar("far", "A30")])
    tyres_only = PitPlan(tyre=Tyre.RAIN)
    state, _ = act(state, ChooseGear(gear=3, pit=tyres_only))
    assert state.car("m").league.pit_plan == tyres_only
    state, _ = rolls(state, 8)
    state, _ = act(state, Drive(path=("C51", "C52", "C53", "C54", "C55", "C56", "C57", "C58")))
    state, _ = quiet_turn(state)  # far
    state, ev = into_box(state, 3, 5, IN_FROM_C58, plan=TEN)
    assert pit_data(ev) == [{"points": 10, "worked": 0, "left": 10}]


@pytest.mark.rules("PIT-D-6")
def test_PIT_D_6_a_plan_kept_with_no_new_announcement():
    state = race([dcar("m", "C58", box="P4", pit_plan=PitPlan(fuel=1)), dcar("far", "A30")])
    state, ev = into_box(state, 3, 5, IN_FROM_C58, plan=None)
    assert pit_data(ev) == [{"points": 4, "worked": 0, "left": 4}]


@pytest.mark.rules("PIT-D-6")
def test_PIT_D_6_AMB_32_an_announcement_the_crew_cannot_do_is_refused():
    too_much_fuel = PitPlan(fuel=4)  # 1 + 4 > the set-up's 4
    assert illegal(at_c58(), ChooseGear(gear=4, pit=too_much_fuel)).reason.rule == "AMB-32"
    no_reserve = PitPlan(repairs={Area.BODY: 1})
    assert illegal(at_c58(reserve=0), ChooseGear(gear=4, pit=no_reserve)).reason.code == Code.RESERVE_TOO_SMALL
    basic = position([car("m", "C58", box="P4"), car("far", "A30")], "m")
    assert illegal(basic, ChooseGear(gear=4, pit=PitPlan(fuel=1))).reason.code == Code.NO_PIT_POINTS


# --- PIT-D-7..9: the points ---------------------------------------------------------------------


@pytest.mark.rules("PIT-D-7", "PIT-D-8", "PIT-D-9")
@pytest.mark.parametrize(
    ("plan", "points"),
    [
        (PitPlan(fuel=1), 4),
        (PitPlan(fuel=1, tyre=Tyre.HARD), 6),
        (PitPlan(fuel=2, tyre=Tyre.HARD), 8),
        (PitPlan(fuel=3, tyre=Tyre.HARD, repairs={Area.ENGINE: 1}), 12),
    ],
)
def test_PIT_D_7_8_9_the_points_are_the_dearest_action(plan: PitPlan, points: int):
    wp = DW.model_copy(update={"fuel": 1, "engine": 1})
    state, ev = into_box(at_c58(wp=wp), 3, 5, IN_FROM_C58, plan=plan)
    assert pit_data(ev) == [{"points": points, "worked": 0, "left": points}]


@pytest.mark.rules("PIT-D-8")
def test_PIT_D_8_two_repairs_are_14_points():
    wp = DW.model_copy(update={"body": 1, "engine": 1})
    state, ev = into_box(
        at_c58(wp=wp, reserve=2), 3, 5, IN_FROM_C58, plan=PitPlan(repairs={Area.BODY: 1, Area.ENGINE: 1})
    )
    assert pit_data(ev)[0]["points"] == 14


# --- PIT-D-11: working off -------------------------------------------------------------------------


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_at_the_box_the_only_gear_is_4th_free():
    state, _ = into_box(at_c58(gear=3), 3, 5, IN_FROM_C58)
    state, _ = quiet_turn(state)
    options = gear_options(OVAL, state)
    assert options[4] == ShiftCost(gear=4, waived_by="PIT-D-11")
    assert all(options[g].code == Code.PIT_WORK_GEAR for g in (1, 2, 3, 5, 6))
    assert illegal(state, ChooseGear(gear=3)).reason.rule == "PIT-D-11"


@pytest.mark.rules("ENG-D-3", "PIT-D-11")
def test_PIT_D_11_ENG_D_3_no_boost_while_the_crew_works():
    """The points go with "normal" 4th-gear rolls: the boost is refused at the box, and a computer
    driver there (which once asked the odds of a boosted work roll and crashed) does not boost."""
    state, _ = into_box(at_c58(), 3, 5, IN_FROM_C58)
    state, _ = quiet_turn(state)
    m = state.car("m")
    state = state.with_car(m.model_copy(update={"wp": m.wp.model_copy(update={"engine": 4})}))
    assert illegal(state, ChooseGear(gear=4, boost=True)).reason.code == Code.BOOST_IN_BOX
    assert CAREFUL.choose_boost(OVAL, state, 4) is False


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_points_left_after_a_work_roll_the_car_stays():
    state, _ = into_box(at_c58(), 3, 5, IN_FROM_C58)  # 10 points
    state, _ = quiet_turn(state)
    state, ev = act(state, ChooseGear(gear=4))
    state, ev = rolls(state, 7)
    assert pit_data(ev) == [{"points": 10, "worked": 7, "left": 3}]
    assert state.car("m").space == "P4" and state.active == "far"


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_AMB_33d_exactly_0_waits_and_leaves_next_game_round_in_at_most_4th():
    state, ev = into_box(at_c58(), 4, 9, IN_FROM_C58, plan=PitPlan(fuel=1))  # 4 beyond the box = 4 points
    assert pit_data(ev) == [{"points": 4, "worked": 4, "left": 0}, {"done": 0, "fuel": 1, "tyre": None}]
    m = state.car("m")
    assert (m.space, m.pit_wait, m.wp.fuel, state.active) == ("P4", True, 2, "far")
    state, _ = quiet_turn(state)
    options = gear_options(OVAL, state)
    assert all(isinstance(options[g], ShiftCost) for g in (1, 2, 3, 4))
    assert not isinstance(options[5], ShiftCost)


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_the_entering_surplus_may_finish_the_work_and_drive_out_at_once():
    """Announced 4 points (1 fuel), a 12 from C58: 7 beyond the box, 3 driven out at once."""
    state, ev = into_box(at_c58(), 4, 12, IN_FROM_C58, plan=PitPlan(fuel=1))
    assert pit_data(ev)[-1]["done"] == 3 and (state.phase, state.moves_left, state.active) == ("move", 3, "m")
    state, _ = act(state, Drive(path=("P5", "P6", "P7")))
    assert state.car("m").space == "P7"


# --- PIT-D-12, AMB-32: what the crew restores ------------------------------------------------------


@pytest.mark.rules("PIT-D-12")
def test_PIT_D_12_AMB_32_tyres_new_type_fuel_and_repairs_from_the_reserve():
    state, _ = into_box(at_c58(), 3, 5, IN_FROM_C58)
    state, _ = quiet_turn(state)
    state, _ = act(state, ChooseGear(gear=4))
    state, _ = rolls(state, 12)  # 10 points: 2 out at once
    m = state.car("m")
    assert m.wp == DW.model_copy(update={"fuel": 3, "body": 3})  # 1 + 2 fuel, 2 + 1 body, tyres back to 6
    assert (m.tyre, m.tyre_from, m.reserve) == (Tyre.SOFT, 2, 0)


@pytest.mark.rules("PIT-D-12")
def test_PIT_D_12_tyres_kept_without_a_tyre_change():
    state, _ = into_box(at_c58(), 4, 9, IN_FROM_C58, plan=PitPlan(fuel=1))
    m = state.car("m")
    assert (m.wp.tyres, m.tyre, m.tyre_from) == (WORN.tyres, Tyre.HARD, 1)


@pytest.mark.rules("PIT-D-12")
def test_PIT_D_12_a_box_past_the_line_counts_the_new_set_from_the_next_lap():
    """Box 10 (P13) lies past the finish line: from P9 a 10 crosses it into the box (crossings 2)
    and its 6 beyond the box do the 6 points of the tyre change; the new set's first lap is
    still lap 2 (AMB-26), the lap after the one the car turned in in."""
    state = race([dcar("m", "P9", box="P13", pit_stops=1), dcar("far", "A30")])
    state, ev = into_box(state, 4, 10, ("P10", "P11", "P12", "P13"), plan=PitPlan(tyre=Tyre.SOFT))
    m = state.car("m")
    assert (m.crossings, m.tyre, m.tyre_from, m.wp.tyres, m.pit_wait) == (2, Tyre.SOFT, 2, DW.tyres, True)


# --- when a car may stop ---------------------------------------------------------------------------


@pytest.mark.parametrize(("crossings", "may"), [(1, True), (2, True), (3, False)])
def test_PIT_D_stops_at_the_end_of_any_lap_but_the_last(crossings: int, may: bool):
    state = race([dcar("m", "C58", box="P4", crossings=crossings, pit_stops=crossings - 1), dcar("far", "A30")])
    assert may_enter_box(OVAL, state, state.car("m")) is may


def test_PIT_D_stops_once_per_lap():
    state, _ = into_box(at_c58(), 3, 5, IN_FROM_C58)
    assert state.car("m").pit_stops == 1
    assert (
        may_enter_box(OVAL, state, state.car("m").model_copy(update={"space": "C58"})) is True
    )  # next lap: stops left
    assert may_enter_box(OVAL, state, state.car("m").model_copy(update={"space": "C58", "pit_stops": 3})) is False


@pytest.mark.rules("FUEL-2", "FUEL-3")
def test_FUEL_3_a_car_rolling_out_for_fuel_may_reach_its_box_on_the_last_lap():
    # FUEL-2: rolling out from 5th, the car must drive in 4th this turn
    state = race([dcar("m", "C58", gear=5, box="P4", crossings=3, rolling_out="fuel"), dcar("far", "A30")])
    state, _ = act(state, ChooseGear(gear=4, pit=PitPlan(fuel=1)))
    assert may_enter_box(OVAL, state, state.car("m"))
    state, _ = rolls(state, 7)
    assert any(m.in_box for m in moves(OVAL, state))


# --- ORDER-D-3, AMB-56: pit-lane cars in the turn order ------------------------------------------


@pytest.mark.rules("ORDER-D-3")
def test_ORDER_D_3_pit_lane_cars_move_after_the_cars_up_to_the_pit_entry_and_before_those_behind():
    cars = [
        dcar("behind", "C50", gear=3, corner=1, stops=1),  # behind the pit entry
        dcar("box10", "P13", crossings=2, box="P13", pit_stops=1, pit_wait=True),  # past the line
        dcar("box3", "P6", box="P6", pit_stops=1, pit_points=6, pit_plan=TEN),  # at work
        dcar("between", "C62", gear=3),  # between pit entry and exit
        dcar("past", "C3", gear=3, crossings=2),  # past the line, before the exit
    ]
    order, _ = turn_order(position(cars, rules=D, laps=3), 5)
    assert order[:5] == ["past", "between", "box10", "box3", "behind"]


# --- computer drivers, whole races, records --------------------------------------------------------

# every shipped track plays whole Dresden races in test_dresden_races.py; here the stops matter
MAPS = ["maps/oval.tmx"]


@pytest.mark.parametrize("key", ["dresden-2006", "dresden-open"])
@pytest.mark.parametrize("path", MAPS)
def test_PIT_D_a_10_car_3_lap_dresden_race_finishes_with_pit_stops(path: str, key: str):
    """Computer drivers announce their stops, work them off and finish (rules.run.simulation, as
    ``main.py simulate`` plays)."""
    track = OVAL if path.endswith("oval.tmx") else load_track(path)
    header, _ = race_header(track, preset(key), 10, 3, 7, "aggressive", DRIVERS)
    session = play(track, header, DRIVERS)
    assert session.state.finished and all(c.status != "racing" for c in session.state.cars)
    assert any(c.pit_stops for c in session.state.cars)
    assert any(isinstance(a, ChooseGear) and a.pit is not None for a in session.actions)


def test_PIT_D_a_recorded_race_with_a_stop_by_points_replays_exactly():
    header, _ = race_header(OVAL, D, 4, 3, 1, "aggressive", DRIVERS)
    session = play(OVAL, header, DRIVERS)
    record = Record.model_validate_json(session.record().model_dump_json())
    again = RaceSession(OVAL, record.header, actions=record.actions, drivers=DRIVERS)
    assert again.state == session.state
    assert any(isinstance(a, ChooseGear) and a.pit is not None for a in record.actions)
    assert any(c.pit_stops for c in again.state.cars)


@pytest.mark.rules("PIT-D-7", "PIT-D-8")
@pytest.mark.parametrize(
    ("wp", "crossings", "plan"),
    [
        (DW, 1, None),  # nothing needed: no stop
        (DW.model_copy(update={"tyres": 3}), 1, PitPlan(tyre=Tyre.HARD)),  # 6 points
        (DW.model_copy(update={"fuel": 1}), 2, PitPlan(fuel=1)),  # lap 2 and 3 need 2 fuel: 4 points
        (
            DW.model_copy(update={"fuel": 2, "engine": 1}),
            1,
            PitPlan(fuel=2, repairs={Area.ENGINE: 1}),
        ),  # 10: 2 fuel free
        (
            DW.model_copy(update={"fuel": 1, "tyres": 2, "body": 1}),
            2,
            PitPlan(fuel=2, tyre=Tyre.HARD, repairs={Area.BODY: 1}),
        ),
    ],
)
def test_PIT_D_7_8_computer_drivers_plan_a_stop_for_what_the_car_needs(wp, crossings: int, plan: PitPlan | None):
    state = race([dcar("m", "C30", wp=wp, box="P4", crossings=crossings), dcar("far", "A30")])
    assert stop_plan(OVAL, state, state.car("m"), CAREFUL.choose_tyre(state)) == plan
    assert CAREFUL.announce(OVAL, state) == plan


@pytest.mark.rules("PIT-D-11")
def test_PIT_D_11_a_car_at_work_in_its_box_is_judged_by_the_drivers_and_the_gear_table():
    """Every roll of a car whose crew still has points to work off only works them (PIT-D-11):
    no face moves it, and the careful driver and the gear table's odds say so rather than
    looking for a move among none."""
    from rules.odds import gear_odds

    m = dcar("m", "P4", box="P4", pit_stops=1, pit_plan=TEN, pit_points=30)
    state = race([m, dcar("far", "A30")], active="m")
    assert state.phase == "gear"
    odds = gear_odds(OVAL, state)
    assert odds and all(o.advance == 0 and o.out == 0 for o in odds.values())
    assert CAREFUL.choose_gear(OVAL, state) in odds
