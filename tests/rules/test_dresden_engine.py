"""The Dresden engine rules through the engine: the engine check, the boost and the roll-out
after an engine failure.

Rules: ENG-D-1..3, OUT-D-2, AMB-22, AMB-35. Positions on the shipped oval (``maps/oval.tmx``:
the back straight runs from row 22 to row 45, the Lindenkehre (2 stops) from row 11 to 21).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.texts import reason_text, set_language
from rules.actions import ChooseGear, Drive, Roll
from rules.engine import gear_options, move_request, moves
from rules.files.position import moment
from rules.gears import ShiftCost
from rules.modules.base import on_track
from rules.moves import legal_moves
from rules.odds import boost_odds, gear_odds, roll_odds
from rules.reasons import Code
from rules.ruleset import FORMULA_D_BASIC
from tests.rules.fixtures import (
    DW,
    OVAL,
    D,
    act,
    dcar,
    illegal,
    kinds,
    pending,
    position,
    rolls,
    settle,
    turn,
)


def engine(n: int):
    return DW.model_copy(update={"engine": n})


# --- ENG-D-3: the engine boost -------------------------------------------------------------


def booster(engine_wp: int = 2, rules=D):
    return position([dcar("b", "B24", 2, wp=engine(engine_wp)), dcar("x", "A10", 3)], "b", rules=rules)


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_the_boost_adds_the_gear_number_for_1_engine_WP():
    state, ev = act(booster(engine_wp=3), ChooseGear(gear=2, boost=True))
    assert state.car("b").wp.engine == 2
    assert [e.data for e in kinds(ev, "boost")] == [{"spaces": 2, "left": 2}]
    state, _ = act(state, Roll(value=3))
    assert state.moves_left == 5  # 3 rolled + 2 for 2nd gear


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_AMB_22_the_dangerous_space_is_the_boosters_end_space():
    state, _ = act(booster(), ChooseGear(gear=2, boost=True), Roll(value=4))
    assert state.moves_left == 6
    path = ("B25", "B26", "B27", "B28", "B29", "B30")
    state, ev = act(state, Drive(path=path))
    assert state.markers == ("B30",)
    assert state.car("b").wp.engine == 1


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_a_boost_is_announced_before_the_roll_and_each_gear_gets_its_own_number():
    for gear in (1, 2, 3):
        state = position([dcar("b", "B24", gear, wp=engine(3)), dcar("x", "A10")], "b", rules=D)
        state, ev = act(state, ChooseGear(gear=gear, boost=True))
        assert kinds(ev, "boost")[0].data["spaces"] == gear


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_the_last_engine_WP_may_not_be_used():
    err = illegal(booster(engine_wp=1), ChooseGear(gear=2, boost=True))
    assert (err.reason.rule, err.reason.code) == ("ENG-D-3", Code.BOOST_LAST_ENGINE_WP)
    assert "last engine WP" in err.reason.english()
    set_language("de")
    try:
        assert "letzte VP Motor" in reason_text(err.reason)
    finally:
        set_language("en")


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_without_the_switch_there_is_no_boost():
    rules = D.model_copy(update={"engine_boost": False})
    assert illegal(booster(rules=rules), ChooseGear(gear=2, boost=True)).reason.code == Code.NO_BOOST
    basic = position([dcar("b", "B24", 2), dcar("x", "A10")], "b", rules=FORMULA_D_BASIC)
    assert illegal(basic, ChooseGear(gear=2, boost=True)).reason.code == Code.NO_BOOST


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_the_odds_count_the_boost():
    """2nd gear from B24: the die shows 2, 3, 3, 4, 4, 4 (10/3 on average); boosted 4, 5, 5, 6,
    6, 6 (16/3), all on the straight."""
    state = booster(engine_wp=3)
    plain, boosted = gear_odds(OVAL, state)[2], boost_odds(OVAL, state)[2]
    assert plain.advance == Fraction(10, 3) and boosted.advance == Fraction(16, 3) and boosted.boost and not plain.boost
    assert boosted.wear == plain.wear + 1  # the engine WP
    assert moment(OVAL, state).gears[1].boost == boosted
    assert boost_odds(OVAL, booster(engine_wp=1)) == {}


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_the_odds_of_a_declared_boost_count_it():
    state, _ = act(booster(engine_wp=3), ChooseGear(gear=2, boost=True))
    assert roll_odds(OVAL, state).advance == Fraction(16, 3)


# --- ENG-D-1: the engine check ---------------------------------------------------------------


def check_position(engine_wp: int = 2):
    cars = [dcar("m", "A18", 5), dcar("s", "B10", 5, wp=engine(engine_wp)), dcar("four", "C40", 4)]
    return position(cars, "m", rules=D)


@pytest.mark.rules("ENG-D-1")
def test_ENG_D_1_a_20_in_5th_makes_every_car_in_5th_or_6th_check():
    state, _ = turn(check_position(), 5, 20, "A38")
    assert pending(state) == [("engine", "m", None), ("engine", "s", None)]


@pytest.mark.rules("ENG-D-1")
def test_ENG_D_1_a_failed_check_costs_1_engine_WP_and_makes_the_cars_space_dangerous():
    state, _ = turn(check_position(), 5, 20, "A38")
    state, _ = rolls(state, 5, 4)  # dry: 4 or less fails
    assert state.car("m").wp.engine == 2 and state.car("s").wp.engine == 1
    assert state.markers == ("B10",)


# --- ENG-D-2, OUT-D-2: the roll-out after an engine failure ----------------------------------


@pytest.mark.rules("ENG-D-2")
def test_ENG_D_2_the_last_engine_WP_retires_the_car_at_once_and_it_rolls_out():
    state, _ = turn(check_position(engine_wp=1), 5, 20, "A38")
    state, ev = rolls(state, 20, 1)
    s = state.car("s")
    assert s.status == "out" and s.out_round == 2 and s.league.rolling_out == "engine"
    assert "B10" in state.markers and on_track(state, s)


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_AMB_35_the_roll_out_begins_in_the_following_game_round():
    state, _ = turn(check_position(engine_wp=1), 5, 20, "A38")
    state, _ = rolls(state, 20, 1)
    state, _ = settle(state)
    # the failed car was the last to move this round; it waits for the next game round
    assert state.round == 3 and state.active == "m"
    while state.car(state.active).id != "s":
        gear = state.car(state.active).gear
        state, _ = act(state, ChooseGear(gear=gear), Roll(value=state.rules.gear_dice.die(gear).lowest))
        state, _ = act(
            state, Drive(path=min(moves(OVAL, state), key=lambda m: (m.brakes + m.tyres, -len(m.path))).path)
        )
        state, _ = settle(state)
    assert state.round == 3


def rolling(space: str, gear: int, *others):
    s = dcar("s", space, gear, status="out", rolling_out="engine", out_round=1, wp=engine(0))
    return position([s, dcar("x", "A5", 3), *others], "s", rules=D)


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_one_gear_lower_each_round_with_that_gears_die_and_no_choice():
    state = rolling("B24", 5)
    options = gear_options(OVAL, state)
    assert [g for g, o in options.items() if isinstance(o, ShiftCost)] == [4]
    assert illegal(state, ChooseGear(gear=5)).reason.code == Code.ROLLING_OUT
    state, _ = act(state, ChooseGear(gear=4), Roll(value=9))
    assert state.moves_left == 9


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_straight_ahead_where_possible():
    state = rolling("B24", 5)
    state, _ = act(state, ChooseGear(gear=4), Roll(value=9))
    straight = tuple(f"B{n}" for n in range(25, 34))
    offered = {m.path for m in moves(OVAL, state)}
    assert straight in offered and all(p == straight[: len(p)] for p in offered)  # or braking short
    turning = next(m for m in legal_moves(move_request(OVAL, state)) if m.path[-1].startswith("C"))
    assert illegal(state, Drive(path=turning.path)).reason.code == Code.ROLL_OUT_STRAIGHT


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_round_a_car_in_the_way_it_may_leave_its_lane():
    state = rolling("B24", 5, dcar("block", "B30", 2))
    state, _ = act(state, ChooseGear(gear=4), Roll(value=9))
    found = moves(OVAL, state)
    assert found and all("B30" not in m.path for m in found)


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_without_checks_and_a_dangerous_space_at_each_stop():
    state = rolling("B24", 5, dcar("beside", "C36", 3))  # C36 is level with B33
    state, ev = act(state, ChooseGear(gear=4), Roll(value=9), Drive(path=tuple(f"B{n}" for n in range(25, 34))))
    assert state.markers == ("B33",)
    assert state.pending == () and state.active != "s"  # a racing car there would roll twice
    racing = rolling("B24", 5, dcar("beside", "C36", 3)).with_car(dcar("s", "B24", 4))
    racing, _ = act(racing, ChooseGear(gear=4), Roll(value=9), Drive(path=tuple(f"B{n}" for n in range(25, 34))))
    assert len(racing.pending) == 2
    assert state.car("s").league.rolling_out == "engine" and state.car("s").gear == 4


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_after_its_1st_gear_move_the_car_stays_as_a_wreck():
    state = rolling("B24", 2)
    state, _ = act(state, ChooseGear(gear=1), Roll(value=2), Drive(path=("B25", "B26")))
    s = state.car("s")
    assert s.league.rolling_out is None and s.space == "B26" and on_track(state, s)
    assert "B26" in state.markers


@pytest.mark.rules("OUT-D-2")
def test_OUT_D_2_a_car_failing_in_1st_gear_is_a_wreck_at_once():
    cars = [dcar("m", "A18", 5), dcar("s", "B10", 1, wp=engine(1)), dcar("six", "C40", 6)]
    state, _ = turn(position(cars, "m", rules=D), 5, 20, "A38")
    assert ("engine", "s", None) not in pending(state)  # 1st gear: no check
    cars = [dcar("m", "A18", 5), dcar("s", "B10", 5, wp=engine(1))]
    state = position(cars, "m", rules=D.model_copy(update={"engine_failure": "out"}))
    state, _ = turn(state, 5, 20, "A38")
    state, _ = rolls(state, 20, 1)
    assert state.car("s").status == "out" and state.car("s").league.rolling_out is None


@pytest.mark.rules("ENG-D-2")
def test_ENG_D_2_a_skip_taking_the_last_engine_WP_rolls_out_too():
    state = position([dcar("s", "B30", 6, wp=engine(1)), dcar("x", "A10")], "s", rules=D)
    state, _ = act(state, ChooseGear(gear=2))  # skips 3 gears: 1 fuel + 1 brakes + 1 engine
    s = state.car("s")
    assert s.status == "out" and s.league.rolling_out == "engine" and "B30" in state.markers


# --- the computer drivers ----------------------------------------------------------------------


@pytest.mark.rules("ENG-D-3")
def test_ENG_D_3_computer_drivers_boost_when_it_pays_and_keep_their_last_engine_WPs():
    from rules.ai.classic import AGGRESSIVE, CAREFUL

    free_road = booster(engine_wp=3)  # the back straight ahead: the extra spaces cost nothing
    assert AGGRESSIVE.choose_boost(OVAL, free_road, 2)
    assert not CAREFUL.choose_boost(OVAL, free_road, 2)  # 2 spaces are not worth an engine WP to it
    assert not AGGRESSIVE.choose_boost(OVAL, booster(engine_wp=2), 2)  # one to spare only on the last lap
    last_lap = position([dcar("b", "B24", 4, crossings=3), dcar("x", "A10", 3, crossings=3)], "b", rules=D)
    assert AGGRESSIVE.choose_boost(OVAL, last_lap, 4)  # 4 spaces for a dear WP
    assert not AGGRESSIVE.choose_boost(OVAL, booster(engine_wp=1), 2)  # never the last one
