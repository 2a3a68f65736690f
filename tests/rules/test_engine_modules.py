"""The rule modules through the engine: slipstream, weather, tyres, set-up, pit options.

Rules: CORE-SLIP-1..7, FD08-SLIP-1..6, SLIP-1..9, SLIP-D-1..2, VAR-10, AMB-12..15,
AMB-55, AMB-67; CORE-WEATHER-2..3, WEATHER-B-1, WEATHER-4..11, AMB-8; TYRE-1..8,
TYRE-D-3, AMB-26..28, AMB-48; CAR-C-2..3, OPT-CAR-1..2; PIT-A-1..5, PIT-X-1..4,
AMB-31. The tables themselves are tested cell by cell in test_tyres.py and
test_weather.py; here the engine must use them at the right moment.

Positions on the oval (see fixtures.py): on the back straight lane B's space
of row r is B(r-2) (B28 is row 30, directly behind B29 in row 31); the Seekurve
(1 stop) starts at row 46 (A42, B44, C47).
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, EndMove, PitStop, Roll, SetUp
from rules.car import C_OWN_CAR, Area, WearPoints
from rules.dice import Purpose
from rules.engine import chance, gear_options, moves, new_race, to_move
from rules.gears import ShiftCost
from rules.moves import check_path
from rules.reasons import Code
from rules.ruleset import FORMULA_D_BASIC, MASTERS_2002
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from tests.rules.fixtures import (
    OVAL,
    PIT_C,
    TYRES,
    WEATHER,
    W,
    act,
    at_box,
    behind,
    car,
    corner_stop,
    illegal,
    in_weather,
    kinds,
    lap_to,
    offer,
    overshoot_lap,
    pending,
    position,
    rolls,
    settle,
)

SLIP = FORMULA_D_BASIC


def ends(state, via: str) -> set[str]:
    return {m.end for m in moves(OVAL, state) if m.via == via and not m.brakes and m.end is not None}


# --- slipstream -----------------------------------------------------------------------------


@pytest.mark.rules("CORE-SLIP-1", "SLIP-2")
def test_CORE_SLIP_1_SLIP_2_a_car_ending_directly_behind_may_use_the_slipstream():
    state, ev = behind()
    assert offer(state) == ("slip",) and to_move(state) == "m"
    assert [e.data["offer"] for e in kinds(ev, "offer")] == [["slip"]]


@pytest.mark.rules("CORE-SLIP-1", "SLIP-1")
def test_CORE_SLIP_1_SLIP_1_no_slipstream_below_4th_gear():
    state, _ = behind(gear=3, front_gear=3, roll=7)  # 3rd gear die 4-8: 7 is a face
    assert offer(state) == ()


@pytest.mark.rules("CORE-SLIP-1", "FD08-SLIP-1", "SLIP-4")
def test_CORE_SLIP_1_VAR_10_SLIP_4_the_car_in_front_must_be_in_4th_or_higher():
    assert offer(behind(front_gear=3)[0]) == ()
    b_literal = SLIP.model_copy(update={"slip_front_gear": 0})  # FD08-SLIP-1 read alone
    assert offer(behind(front_gear=3, rules=b_literal)[0]) == ("slip",)


@pytest.mark.rules("SLIP-4")
def test_SLIP_4_AMB_12_the_follower_is_in_the_same_or_a_higher_gear():
    assert offer(behind(gear=4, front_gear=5)[0]) == ()


def test_AMB_2_directly_behind_is_the_straight_ahead_space_only():
    state, _ = behind(end="A26")  # row 30 in lane A, f in row 31 of lane B: not directly behind
    assert offer(state) == ()


@pytest.mark.rules("FD08-SLIP-1", "SLIP-3")
def test_FD08_SLIP_1_SLIP_3_AMB_13_the_three_ways_of_driving_the_three_spaces():
    """From B28 (f on B29): (a) out, past, back in ends on B31; (b) out and straight ends on
    A29 or C34; (c) two lanes out is impossible from the middle of three lanes."""
    state, _ = behind()
    assert ends(state, "slip") == {"B31", "A29", "C34"}


@pytest.mark.rules("FD08-SLIP-1")
def test_FD08_SLIP_1_AMB_13_other_shapes_are_refused():
    state, _ = behind()
    from rules.engine import move_request

    back_at_once = check_path(move_request(OVAL, state, "slip"), ("A27", "B30", "B31"))
    assert back_at_once.rule == "FD08-SLIP-1" and back_at_once.code == Code.SLIP_SHAPE


@pytest.mark.rules("SLIP-D-2")
def test_SLIP_D_2_VAR_11_dresden_slipstream_ignores_the_straight_lane_rules():
    free = SLIP.model_copy(update={"slip_geometry": "free"})
    state, _ = behind(rules=free)
    from rules.engine import move_request

    m = check_path(move_request(OVAL, state, "slip"), ("A27", "B30", "B31"))
    assert m.end == "B31" and m.via == "slip"


@pytest.mark.rules("CORE-SLIP-2", "FD08-SLIP-2", "SLIP-5")
def test_CORE_SLIP_2_SLIP_5_FD08_SLIP_2_all_three_spaces_unless_brake_WP_shorten_them():
    state, _ = behind()
    short = {m.end: m.brakes for m in moves(OVAL, state) if m.via == "slip" and len(m.path) < 3}
    assert short == {"A27": 2, "C32": 2, "A28": 1, "C33": 1}
    state, _ = act(state, Drive(path=("A27", "A28"), via="slip"))
    assert state.car("m").wp.brakes == W.brakes - 1 and state.car("m").space == "A28"


@pytest.mark.rules("CORE-COLL-1", "CORE-SLIP-6", "SLIP-9")
def test_CORE_SLIP_6_SLIP_9_slipstream_is_optional():
    state, _ = behind()
    state, _ = act(state, EndMove())
    assert state.car("m").space == "B28" and state.movement is None
    assert ("collision", "m", "f") in pending(state)  # the stop is behind f (CORE-COLL-1)


@pytest.mark.rules("CORE-SLIP-3", "FD08-SLIP-3", "SLIP-6")
def test_CORE_SLIP_3_SLIP_6_FD08_SLIP_3_slipstream_again_behind_the_next_car():
    cars = [car("m", "B21", gear=4), car("f", "B29", gear=4), car("g", "A30", gear=4)]
    state = position(cars, "m")
    state, _ = act(
        state, ChooseGear(gear=4), Roll(value=7), Drive(path=("B22", "B23", "B24", "B25", "B26", "B27", "B28"))
    )
    state, _ = act(state, Drive(path=("A27", "A28", "A29"), via="slip"))  # A29 is directly behind g
    assert offer(state) == ("slip",) and state.movement.slips == 1


@pytest.mark.rules("CORE-SLIP-5", "SLIP-9")
def test_CORE_SLIP_5_SLIP_9_AMB_15_no_slipstream_after_braking():
    state, _ = behind(roll=8, brakes=1)  # m could drive 8 but stops on B28: 1 brake WP
    assert state.car("m").wp.brakes == W.brakes - 1
    assert offer(state) == ()


def into_corner(brakes: int = 3):
    """m drives to B41 (row 43), directly behind f on B42; three more spaces reach the Seekurve."""
    cars = [car("m", "B33", gear=4, wp=W.model_copy(update={"brakes": brakes})), car("f", "B42", gear=4)]
    state = position(cars, "m")
    return act(state, ChooseGear(gear=4), Roll(value=8), Drive(path=tuple(f"B{i}" for i in range(34, 42))))


@pytest.mark.rules("CORE-SLIP-4", "FD08-SLIP-4", "SLIP-7")
def test_CORE_SLIP_4_SLIP_7_FD08_SLIP_4_AMB_14_a_slipstream_into_a_corner_costs_a_brake_WP():
    state, _ = into_corner()
    m = next(m for m in moves(OVAL, state) if m.via == "slip" and m.end == "A42")
    assert (m.brakes, m.slip_brake) == (1, True)
    state, _ = act(state, Drive(path=m.path, via="slip"))
    assert state.car("m").wp.brakes == W.brakes - 1 and state.car("m").space == "A42"


def test_AMB_14_no_slipstream_into_a_corner_without_a_brake_WP():
    state, _ = into_corner(brakes=0)
    assert offer(state) == ()  # every 3-space slipstream from B41 ends in the Seekurve


@pytest.mark.rules("SLIP-8")
def test_SLIP_8_the_slipstream_is_part_of_the_same_movement_one_stop():
    state, _ = into_corner()
    state, _ = act(state, Drive(path=("A40", "A41", "A42"), via="slip"))
    m = state.car("m")
    assert (m.corner, m.stops) == (OVAL.space("A42").corner, 1)


@pytest.mark.rules("CORE-SLIP-6")
def test_CORE_SLIP_6_a_slipstream_is_never_required_of_a_computer_either():
    from rules.ai.registry import computer_action

    state, _ = into_corner()
    assert computer_action(OVAL, state, "careful") in (
        EndMove(),
        *(Drive(path=m.path, via="slip") for m in moves(OVAL, state)),
    )


# --- weather -----------------------------------------------------------------------------------


@pytest.mark.rules("WEATHER-B-1", "WEATHER-4")
def test_WEATHER_B_1_WEATHER_4_the_race_weather_is_rolled_before_the_grid():
    state = new_race(OVAL, WEATHER, [("a", W), ("b", W)])
    assert chance(state).purpose == Purpose.WEATHER
    state, ev = rolls(state, 3)  # the oval's barometer: rain 1-5
    assert state.weather == Weather(condition="rain")
    assert state.weather.wet and kinds(ev, "weather")[0].data["condition"] == "rain"
    assert chance(state).purpose == Purpose.GRID


@pytest.mark.rules("WEATHER-4")
def test_WEATHER_4_a_variable_race_starts_dry_and_changeable():
    state, _ = rolls(new_race(OVAL, WEATHER, [("a", W), ("b", W)]), 8)
    assert state.weather.condition == "dry" and not state.weather.wet and state.weather.changeable


@pytest.mark.rules("CORE-WEATHER-2", "WEATHER-11")
def test_WEATHER_11_CORE_WEATHER_2_rain_thresholds_for_collisions():
    """m stops behind f: a collision roll of 2 costs body WP in rain, not in the dry."""
    for condition, body in (("sun", W.body), ("rain", W.body - 1)):
        state = in_weather(condition)
        state, _ = act(state, ChooseGear(gear=4), Roll(value=7), Drive(path=tuple(f"B{i}" for i in range(22, 29))))
        state, _ = act(state, EndMove())
        state, _ = rolls(state, 20, 2)  # f's roll, then m's
        assert state.car("m").wp.body == body


def trigger_turn(rules):
    """m rolls a 20 in 5th (CORE-ENGINE-1) in a variable race, then the round ends."""
    cars = [car("m", "B21", gear=5)]
    state = position(cars + [car("x", "A5", gear=1)], "m", rules=rules)
    state = state.model_copy(update={"weather": Weather(condition="dry")})
    state, _ = act(state, ChooseGear(gear=5), Roll(value=20))
    best = max((m for m in moves(OVAL, state) if not m.brakes and m.out is None), key=lambda m: len(m.path))
    return act(state, Drive(path=best.path, via=best.via))


@pytest.mark.rules("WEATHER-5", "MASTERS-TURN-15")
def test_WEATHER_5_AMB_8_MASTERS_TURN_15_determined_at_the_end_of_the_game_round():
    state, _ = trigger_turn(WEATHER)
    assert state.weather_due == 1 and Purpose.WEATHER not in [p.purpose for p in state.pending]
    state, _ = settle(state)  # the engine check passes; x's turn comes next
    assert state.active == "x"
    state, _ = act(state, ChooseGear(gear=1), Roll(value=1))
    state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
    assert chance(state).purpose == Purpose.WEATHER
    state, ev = rolls(state, 15)  # sun
    assert state.weather.condition == "temp_sun" and kinds(ev, "round")


@pytest.mark.rules("WEATHER-5")
def test_WEATHER_5_AMB_8_immediate_timing_rolls_right_after_the_turn():
    state, _ = trigger_turn(WEATHER.model_copy(update={"weather_timing": "immediate"}))
    assert [p.purpose for p in state.pending][-1] == Purpose.WEATHER and state.weather_due == 0


@pytest.mark.rules("CORE-WEATHER-3")
def test_CORE_WEATHER_3_fixed_weather_is_never_determined_again():
    rules = WEATHER
    cars = [car("m", "B21", gear=5), car("x", "A5", gear=1)]
    state = position(cars, "m", rules=rules).model_copy(update={"weather": Weather(condition="sun")})
    state, _ = act(state, ChooseGear(gear=5), Roll(value=20))
    assert state.weather_due == 0


# --- tyres --------------------------------------------------------------------------------------


@pytest.mark.rules("CORE-MOVE-7", "TYRE-2", "TYRE-7")
def test_TYRE_2_AMB_28_hard_tyres_in_rain_slide_three_spaces_after_a_stop_in_a_corner():
    state, _ = corner_stop("rain", Tyre.HARD)
    assert offer(state) == ("slide",)
    assert {len(m.path) for m in moves(OVAL, state) if not m.brakes} == {3}
    assert illegal(state, EndMove()).reason.rule == "CORE-MOVE-7"  # TYRE-7: sliding is mandatory


@pytest.mark.rules("TYRE-5")
def test_TYRE_5_rain_tyres_slide_one_space_and_AMB_48_only_once_per_turn():
    state, _ = corner_stop("rain", Tyre.RAIN)
    assert {len(m.path) for m in moves(OVAL, state) if not m.brakes} == {1}
    state, _ = act(state, Drive(path=("B45",), via="slide"))
    assert state.movement is None and state.car("m").space == "B45"


@pytest.mark.rules("TYRE-2")
def test_TYRE_2_no_sliding_in_the_dry():
    state, _ = corner_stop("sun", Tyre.HARD)
    assert offer(state) == () and state.movement is None


@pytest.mark.rules("TYRE-3", "TYRE-7")
def test_TYRE_3_TYRE_7_fresh_soft_tyres_give_an_optional_extra_space_in_the_dry():
    state, _ = corner_stop("sun", Tyre.SOFT)
    assert offer(state) == ("bonus",) and "B45" in ends(state, "bonus")
    assert all(len(m.path) == 1 for m in moves(OVAL, state))
    state, _ = act(state, Drive(path=("B45",), via="bonus"))
    assert state.car("m").space == "B45" and state.movement is None


@pytest.mark.rules("TYRE-3")
def test_TYRE_3_AMB_26_the_bonus_is_gone_in_the_second_lap_on_the_set():
    state, _ = corner_stop("sun", Tyre.SOFT, crossings=2)  # the set's second lap (tyre_from 1)
    assert offer(state) == ()
    fresh, _ = corner_stop("sun", Tyre.SOFT, crossings=2, tyre_from=2)  # fitted at the last stop
    assert offer(fresh) == ("bonus",)


@pytest.mark.rules("TYRE-4")
def test_TYRE_4_soft_tyres_in_rain_slide_and_have_no_bonus():
    state, _ = corner_stop("rain", Tyre.SOFT)
    assert offer(state) == ("slide",)
    state, _ = act(state, Drive(path=next(m.path for m in moves(OVAL, state) if not m.brakes), via="slide"))
    assert offer(state) == ()


@pytest.mark.rules("TYRE-3")
def test_TYRE_3_soft_tyres_double_the_overshoot_and_triple_it_in_the_third_lap_of_the_set():
    from rules.engine import multiplier

    state = in_weather("sun", rules=TYRES, tyre=Tyre.SOFT)
    assert multiplier(state, state.car("m")) == 2
    old = state.car("m").model_copy(update={"crossings": 3})
    assert multiplier(state, old) == 3


@pytest.mark.rules("TYRE-D-3")
def test_TYRE_D_3_AMB_27_worn_dresden_soft_tyres_lose_a_space_per_turn():
    rules = TYRES.model_copy(update={"tyres": "D"})
    state = in_weather("sun", rules=rules, tyre=Tyre.SOFT, crossings=3)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=10))
    assert state.moves_left == 9 and state.roll == 10


# --- set-up after the weather ------------------------------------------------------------------

C_RULES = MASTERS_2002.model_copy(update={"grid": "roll"})
CW = C_RULES.default_wear


def set_up_race():
    state = new_race(OVAL, C_RULES, [("a", CW), ("b", CW)])
    state, _ = rolls(state, 15, 20, 10)  # sun; a takes pole
    return state


@pytest.mark.rules("TYRE-1", "CAR-C-2")
def test_CAR_C_2_TYRE_1_each_car_sets_up_after_the_weather_in_grid_order():
    state = set_up_race()
    assert state.weather.condition == "sun" and state.phase == "setup" and to_move(state) == "a"
    own = WearPoints(tyres=8, brakes=4, fuel=1, body=3, engine=2, road_holding=2)
    state, ev = act(state, SetUp(tyre=Tyre.SOFT, wp=own))
    assert state.car("a").wp == own and state.car("a").setup == own and state.car("a").tyre == Tyre.SOFT
    assert to_move(state) == "b"
    state, _ = act(state, SetUp(tyre=Tyre.HARD))
    assert state.phase == "start" and state.car("b").wp == CW


@pytest.mark.rules("OPT-CAR-1", "CAR-C-3")
def test_CAR_C_3_every_area_needs_a_WP_and_OPT_CAR_1_the_total_is_fixed():
    state = set_up_race()
    zero = WearPoints(tyres=10, brakes=4, fuel=0, body=3, engine=1, road_holding=2)
    assert illegal(state, SetUp(tyre=Tyre.HARD, wp=zero)).reason.rule == C_OWN_CAR.limit_rule
    over = CW.model_copy(update={"tyres": 9})
    assert illegal(state, SetUp(tyre=Tyre.HARD, wp=over)).reason.rule == C_OWN_CAR.total_rule


@pytest.mark.rules("TYRE-1")
def test_TYRE_1_the_tyre_choice_is_required():
    assert illegal(set_up_race(), SetUp()).reason.code == Code.TYRE_REQUIRED


# --- pit-stop options ----------------------------------------------------------------------------


@pytest.mark.rules("PIT-X-2", "MASTERS-TURN-11")
def test_MASTERS_TURN_11_PIT_X_2_the_crew_chooses_the_tyres_at_the_box():
    state, _ = at_box()
    assert state.phase == "pit" and to_move(state) == "m" and chance(state) is None
    state, _ = act(state, PitStop(tyre=Tyre.HARD))
    assert state.car("m").tyre == Tyre.HARD and chance(state).purpose == Purpose.PIT


@pytest.mark.rules("PIT-A-4")
def test_PIT_A_4_a_long_stop_repairs_and_leaves_next_round_in_4th_or_lower():
    state, _ = at_box(wp=W.model_copy(update={"body": 1}))
    state, _ = act(state, PitStop(tyre=Tyre.HARD, long=True, repairs={Area.BODY: 2}))
    m = state.car("m")
    assert m.wp.body == 3 and m.reserve == 0 and m.pit_wait
    assert Purpose.PIT not in [p.purpose for p in state.pending]


@pytest.mark.rules("PIT-A-1")
def test_PIT_A_1_AMB_31_repairs_come_from_the_reserve_and_never_exceed_the_set_up():
    state, _ = at_box(wp=W.model_copy(update={"body": 1, "engine": 1}))
    assert illegal(state, PitStop(tyre=Tyre.HARD, long=True, repairs={Area.BODY: 3})).reason.rule == "AMB-31"
    assert (
        illegal(state, PitStop(tyre=Tyre.HARD, long=True, repairs={Area.BODY: 2, Area.ENGINE: 1})).reason.rule
        == "PIT-A-1"
    )
    assert illegal(state, PitStop(tyre=Tyre.HARD, long=True, repairs={Area.TYRES: 1})).reason.rule == "AMB-31"


@pytest.mark.rules("PIT-A-4")
def test_PIT_A_4_repairs_only_in_a_long_stop():
    state, _ = at_box(wp=W.model_copy(update={"body": 2}))
    assert illegal(state, PitStop(tyre=Tyre.HARD, repairs={Area.BODY: 1})).reason.rule == "PIT-A-4"


@pytest.mark.rules("PIT-X-1", "PIT-X-3")
def test_PIT_X_1_X_3_extended_stops_repair_up_to_two_areas_from_the_box_stock():
    rules = PIT_C.model_copy(update={"pit_repairs": "any_stop", "pit_repair_areas": 2, "pit_reserve": 3})
    state, _ = at_box(rules=rules, wp=W.model_copy(update={"body": 2, "engine": 2, "brakes": 2}))
    three = {Area.BODY: 1, Area.ENGINE: 1, Area.BRAKES: 1}
    assert illegal(state, PitStop(tyre=Tyre.HARD, repairs=three)).reason.rule == "PIT-X-3"
    state, _ = act(state, PitStop(tyre=Tyre.HARD, repairs={Area.BODY: 1, Area.ENGINE: 1}))
    assert chance(state).purpose == Purpose.PIT


@pytest.mark.rules("TYRE-8", "PIT-A-5")
def test_TYRE_8_PIT_A_5_no_soft_bonus_on_the_drive_out_of_the_box():
    """m leaves box 10 (P13) after a slow stop on fresh soft tyres and reaches the track: no
    bonus. A car that merely passes through the pit lane from another box has it."""
    for box, bonus in (("P13", False), ("P12", True)):
        m = car(
            "m", "P13", gear=4, box=box, pit_stops=1, tyre=Tyre.SOFT, tyre_from=2, crossings=2, pit_wait=box == "P13"
        )
        state = position([m, car("f", "A30")], "m", rules=PIT_C, laps=2).model_copy(
            update={"weather": Weather(condition="sun")}
        )
        state, _ = act(state, ChooseGear(gear=4), Roll(value=8))
        out = next(m for m in moves(OVAL, state) if m.end == "C9" and not m.brakes)
        state, _ = act(state, Drive(path=out.path))
        assert ("bonus" in offer(state)) == bonus


def test_AMB_26_a_new_set_counts_its_laps_from_the_next_lap():
    state, _ = at_box(crossings=1)
    assert state.car("m").tyre_from == 2


@pytest.mark.rules("PIT-B-5")
def test_PIT_B_5_after_a_long_stop_any_gear_up_to_4th():
    state, _ = at_box()
    state, _ = act(state, PitStop(tyre=Tyre.HARD, long=True))
    m = state.car("m")
    state = state.model_copy(update={"phase": "gear", "active": "m", "pending": ()})
    opts = gear_options(OVAL, state)
    assert m.pit_wait and isinstance(opts[4], ShiftCost) and not isinstance(opts[5], ShiftCost)


# --- road holding -------------------------------------------------------------------------------


@pytest.mark.rules("ROAD-1")
def test_ROAD_1_without_the_road_holding_module_no_space_becomes_dangerous():
    for markers, expected in ((True, ("B28",)), (False, ())):
        rules = FORMULA_D_BASIC.model_copy(update={"markers": markers})
        state, _ = behind(rules=rules)
        state, _ = act(state, EndMove())
        state, _ = rolls(state, 20, 1)  # f passes its collision roll, m fails: a body WP
        assert state.car("m").wp.body == W.body - 1 and state.markers == expected


# --- team race ------------------------------------------------------------------------------------

TEAMS = FORMULA_D_BASIC.model_copy(update={"teams": True})


@pytest.mark.rules("TEAM-B-1")
def test_TEAM_B_1_pairs_in_entry_order_and_only_an_even_number_of_cars():
    state = new_race(OVAL, TEAMS, [("a", W), ("b", W), ("c", W), ("d", W)])
    assert [c.team for c in state.cars] == [0, 0, 1, 1] and state.team_stock == (4, 4)
    import pytest

    with pytest.raises(ValueError, match="even number"):
        new_race(OVAL, TEAMS, [("a", W), ("b", W), ("c", W)])


@pytest.mark.rules("TEAM-B-2")
def test_TEAM_B_2_team_mates_share_four_repair_WP_at_their_stops():
    state, _ = at_box(rules=TEAMS, tyre=None, team=0, wp=W.model_copy(update={"body": 1, "engine": 1}))
    state = state.model_copy(update={"team_stock": (4,)})
    assert state.phase == "pit"  # a team's stock gives the crew a choice even without pit options
    state, _ = act(state, PitStop(repairs={Area.BODY: 2, Area.ENGINE: 2}))
    assert state.team_stock == (0,) and state.car("m").wp.body == 3
    mate = state.with_car(state.car("m").model_copy(update={"wp": W.model_copy(update={"body": 2})}))
    mate = mate.model_copy(update={"phase": "pit", "active": "m", "pending": ()})
    assert illegal(mate, PitStop(repairs={Area.BODY: 1})).reason.rule == "TEAM-B-2"


@pytest.mark.rules("TEAM-B-3")
def test_TEAM_B_3_AMB_53_victory_points_on_the_season_scale_summed_per_team():
    from rules.classify import team_points

    cars = [
        car(cid, "A5", team=t).model_copy(update={"status": "finished", "place": p})
        for cid, t, p in (("a", 0, 2), ("b", 0, 3), ("c", 1, 1), ("d", 1, 4))
    ]
    state = position([car("x", "A9", team=None)], "x").model_copy(update={"cars": tuple(cars), "phase": "done"})
    assert team_points(OVAL, state) == {0: 8 + 6, 1: 10 + 5}


# --- qualifying laps -------------------------------------------------------------------------------


@pytest.mark.rules("QUAL-2")
def test_QUAL_2_the_lap_starts_behind_the_line_in_the_middle_lane():
    state = lap_to(FORMULA_D_BASIC)
    assert state.car("q").space == OVAL.qualifying_start == "B64" and to_move(state) == "q"


@pytest.mark.rules("QUAL-B-2", "QUAL-1")
def test_QUAL_1_QUAL_B_2_no_WP_are_struck_and_the_steward_counts_the_rolls():
    state = lap_to(FORMULA_D_BASIC)
    state, _ = act(state, ChooseGear(gear=1), Roll(value=1))
    state, _ = act(state, Drive(path=next(m for m in moves(OVAL, state) if m.path).path))
    state, _ = act(state, ChooseGear(gear=2), Roll(value=4))
    braked = [m for m in moves(OVAL, state) if len(m.path) == 1]  # stop after 1 of 4 spaces
    assert braked and all(m.brakes == 0 for m in braked)  # QUAL-1: braking strikes nothing
    state, _ = act(state, Drive(path=braked[0].path))
    assert state.car("q").wp == W and state.lap.rolls == 2 and state.phase == "gear"


@pytest.mark.rules("CORE-GEAR-5", "QUAL-D-7")
def test_AMB_57_QUAL_D_7_downshifts_are_free_except_6th_to_1st():
    state = lap_to(FORMULA_D_BASIC).model_copy(update={"phase": "gear"})
    state = state.with_car(state.car("q").model_copy(update={"gear": 6}))
    opts = gear_options(OVAL, state)
    assert isinstance(opts[3], ShiftCost) and opts[3].cost == {} and opts[3].waived_by == "AMB-57"
    assert not isinstance(opts[1], ShiftCost) and opts[1].rule == "CORE-GEAR-5"


@pytest.mark.rules("QUAL-D-7")
def test_QUAL_D_7_no_braking_in_dresden_qualifying():
    from rules.qualifying.rules import QUAL_D

    state = lap_to(FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_D}))
    state, _ = act(state, ChooseGear(gear=1), Roll(value=2))
    assert all(m.brakes == 0 for m in moves(OVAL, state))


@pytest.mark.rules("QUAL-B-3", "QUAL-8")
def test_QUAL_8_soft_tyres_double_the_penalty_rolls_QUAL_B_3_counts_each_space_once():
    from rules.qualifying.rules import QUAL_B, QUAL_C

    c = TYRES.model_copy(update={"qualifying": QUAL_C})
    state, spaces = overshoot_lap(c, Tyre.SOFT)
    assert spaces and state.lap.penalty == 2 * spaces
    b = TYRES.model_copy(update={"qualifying": QUAL_B})
    state, spaces = overshoot_lap(b, Tyre.SOFT)
    assert state.lap.penalty == spaces


@pytest.mark.rules("CORNER-5", "QUAL-B-5", "QUAL-4")
def test_QUAL_4_missed_stops_end_the_lap_QUAL_B_5_only_without_any_stop():
    from rules.qualifying.rules import QUAL_B, QUAL_C

    for qrules, ends in ((QUAL_C, True), (QUAL_B, True)):
        state = lap_to(FORMULA_D_BASIC.model_copy(update={"qualifying": qrules}))
        q = state.car("q").model_copy(update={"space": "C16", "gear": 4, "corner": 0, "stops": 0, "crossings": 1})
        state, _ = act(state.with_car(q), ChooseGear(gear=4), Roll(value=12))
        out = next(m for m in moves(OVAL, state) if m.out is not None and m.out.rule == "CORNER-5")
        state, _ = act(state, Drive(path=out.path))
        assert (state.phase == "done" and state.lap.failed == "Lindenkehre") == ends


@pytest.mark.rules("QUAL-B-5", "QUAL-4")
def test_QUAL_4_versus_QUAL_B_5_one_stop_in_a_3_stop_corner():
    """Leaving Hohenau's 3-stop Hairpin after one stop ends a Formula Dé lap (QUAL-4) but not a
    Formula D 2008 lap (QUAL-B-5: only a corner left without any stop); there it costs rolls."""
    from game.tracks.load import load_track
    from rules.engine import apply, new_lap
    from rules.qualifying.rules import QUAL_B, QUAL_C

    hohenau = load_track("maps/hohenau.tmx")
    for qrules, failed in ((QUAL_C, "Hairpin"), (QUAL_B, None)):
        rules = FORMULA_D_BASIC.model_copy(update={"qualifying": qrules})
        state = new_lap(hohenau, rules, "q")
        q = state.car("q").model_copy(update={"space": "B63", "gear": 2, "corner": 5, "stops": 1, "crossings": 1})
        state = state.with_car(q)
        for a in (ChooseGear(gear=2), Roll(value=4)):
            state, _ = apply(hohenau, state, a)
        m = next(m for m in moves(hohenau, state) if m.overshoot and not m.brakes)
        state, _ = apply(hohenau, state, Drive(path=m.path))
        assert state.lap.failed == failed
        assert (state.phase == "done") == (failed is not None)
        if failed is None:
            assert state.lap.penalty == m.overshoot


@pytest.mark.rules("FD08-SLIP-4", "SLIP-7")
def test_VAR_12_AMB_14_the_brake_WP_for_ending_in_or_entering_a_corner():
    """From B41 a slipstream to A42 both enters and ends in the Seekurve: both readings charge
    it. A car already in the corner that slips on inside it is charged only when "ending in a
    corner" counts (FD08-SLIP-4), not by the Formula Dé reading (SLIP-7: brought into a corner)."""
    for rule in ("ends_in_corner", "enters_corner"):
        rules = FORMULA_D_BASIC.model_copy(update={"slip_corner_brake": rule})
        cars = [car("m", "B33", gear=4), car("f", "B42", gear=4)]
        state = position(cars, "m", rules=rules)
        state, _ = act(state, ChooseGear(gear=4), Roll(value=8), Drive(path=tuple(f"B{i}" for i in range(34, 42))))
        assert next(m for m in moves(OVAL, state) if m.via == "slip" and m.end == "A42").slip_brake
        inside = [car("m", "A43", gear=4, corner=1, stops=1), car("f", "A44", gear=4)]
        state = position(inside, "m", rules=rules).model_copy(update={"phase": "move"})
        from rules.state import Movement

        state = state.model_copy(
            update={"movement": Movement(start="A43", corner=1, stops=1, crossings=1, offer=("slip",))}
        )
        charged = {m.slip_brake for m in moves(OVAL, state) if m.via == "slip" and OVAL.space(m.end).corner is not None}
        assert charged == {rule == "ends_in_corner"}


# --- review follow-ups: weather determinations that lock or outlive their car ----------------------


@pytest.mark.rules("WEATHER-10")
def test_WEATHER_10_a_second_determination_after_the_lock_is_void():
    from rules.state import Check

    state = position([car("m", "B21"), car("f", "A30")], "m", rules=WEATHER)
    due = (Check(purpose=Purpose.WEATHER, car="m"), Check(purpose=Purpose.WEATHER, car="m"))
    state = state.model_copy(
        update={"phase": "check", "pending": due, "weather": Weather(condition="temp_sun", last="sun")}
    )
    state, _ = rolls(state, 15)  # sun again: locked
    assert state.weather == Weather(condition="locked_sun", last="sun", determinations=1)
    state, ev = rolls(state, 2)  # rain would change it, but the weather is locked
    assert state.weather.condition == "locked_sun" and kinds(ev, "weather")


@pytest.mark.rules("WEATHER-5")
def test_WEATHER_5_the_determination_outlives_the_car_that_triggered_it():
    from rules.state import Check

    state = position(
        [car("m", "B21", gear=5, wp=W.model_copy(update={"engine": 1})), car("f", "A30")], "m", rules=WEATHER
    )
    checks = (Check(purpose=Purpose.ENGINE, car="m"), Check(purpose=Purpose.WEATHER, car="m"))
    state = state.model_copy(update={"phase": "check", "pending": checks, "weather": Weather(condition="dry")})
    state, _ = rolls(state, 1)  # the engine check takes m's last engine WP: m is out
    assert state.car("m").status == "out" and [p.purpose for p in state.pending] == [Purpose.WEATHER]


def test_AMB_55_slipstream_never_turns_into_the_pit_lane():
    """m stops on C59, the pit entry, directly behind f on C60, at the end of lap 1 with a box."""
    cars = [car("m", "C52", gear=4, box="P13"), car("f", "C60", gear=4)]
    state = position(cars, "m", laps=2)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=7))
    state, _ = act(state, Drive(path=tuple(f"C{i}" for i in range(53, 60))))
    slips = [m for m in moves(OVAL, state) if m.via == "slip"]
    assert not any(OVAL.space(n).in_pit for m in slips for n in m.path)


def test_slipstream_switched_off_is_never_offered():
    no_slip = FORMULA_D_BASIC.model_copy(update={"slipstream": False})
    assert offer(behind(rules=no_slip)[0]) == ()
