"""The Dresden start: the start roll is part of each car's first turn, from gear 0, and again
after a spin (rules/modules/dresden_start.py).

Rules: START-D-1..4, CAR-D-2, RACE-D-6, OUT-D-1, WEAR-D-2 (VAR-24, VAR-18, TAB-START column D);
FD08-START-1 (B's separate start phase) unchanged. Every race here is on ``maps/oval.tmx`` with
the grid b (pole, A60), c (C69), a (A58), fixed sun (the weather roll 20) and hard tyres; the
start/finish line lies between A60 and A1, so from the pole lane A runs A1, A2, A3, ...
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, Roll, SetUp
from rules.dice import BLACK_DIE, Purpose
from rules.engine import chance, gear_options, moves, new_race, to_move
from rules.gears import ShiftCost
from rules.modules.start import CarEntry
from rules.reasons import Code
from rules.ruleset import D_DEFAULT_RESERVE, D_DEFAULT_WEAR, DRESDEN_2006, FORMULA_D_BASIC, RuleSet
from rules.state import RaceState
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre
from tests.rules.fixtures import OVAL, act, car, drive, illegal, kinds, pending, position, rolls

D = DRESDEN_2006


def d_race(rules: RuleSet = D, **profiles: Profile) -> RaceState:
    """Three D cars on the grid b, c, a after the weather (sun) and their set-ups: game round 1."""
    cars = [
        CarEntry(id=i, wp=D_DEFAULT_WEAR, reserve=D_DEFAULT_RESERVE, profile=profiles.get(i, Profile.NORMALO))
        for i in "abc"
    ]
    state = new_race(OVAL, rules, cars, grid=("b", "c", "a"))
    state, _ = act(state, Roll(value=20), *(SetUp(tyre=Tyre.HARD) for _ in range(3)))
    return state


def settle(state: RaceState) -> tuple[RaceState, list]:
    """Roll the checks the turn owes with 20 (never fails), not the next car's start roll."""
    events: list = []
    while state.phase == "check" and chance(state) is not None:
        state, ev = act(state, Roll(value=20))
        events += ev
    return state, events


def allowed(state: RaceState) -> list[int]:
    return [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)]


@pytest.mark.rules("CAR-D-2")
def test_CAR_D_2_every_car_starts_in_gear_0_due_a_start_roll():
    state = d_race()
    assert [(c.id, c.gear, c.league.start) for c in state.cars] == [("b", 0, "due"), ("c", 0, "due"), ("a", 0, "due")]
    # no gear before the start roll: the turn begins with the black die, nobody chooses
    assert (state.phase, to_move(state)) == ("start", None)
    assert illegal(state, ChooseGear(gear=1)).reason.code == Code.NOT_NOW


@pytest.mark.rules("FD08-START-1", "RACE-D-6")
def test_RACE_D_6_game_round_1_in_grid_order_each_first_turn_with_its_start_roll():
    state = d_race()
    # no start phase before round 1 (that is B's FD08-START-1): only the pole's roll is pending
    assert (state.round, state.active, pending(state)) == (1, "b", [("start", "b", None)])
    assert chance(state) is not None and chance(state).die == BLACK_DIE and chance(state).purpose == Purpose.START
    order = []
    for _ in range(3):
        order.append(state.active)
        state, ev = rolls(state, 10, 2)  # normal start, then the 1st-gear die: 2
        state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
        state, _ = settle(state)
        assert [e.data["result"] for e in kinds(ev, "start")] == ["normal"]
    assert order == ["b", "c", "a"] and state.round == 2
    assert all(c.league.start is None for c in state.cars)


@pytest.mark.rules("START-D-2")
def test_START_D_2_normal_start_engages_first_and_rolls_its_die_this_turn():
    state, ev = rolls(d_race(), 2)  # 2-19: normal
    b = state.car("b")
    assert (b.gear, b.league.start, state.phase, state.active) == (1, None, "roll", "b")
    assert chance(state).die == D.gear_dice.die(1)
    assert [e.data for e in kinds(ev, "gear")] == [{"gear": 1}]
    state, _ = rolls(state, 2)  # the 1st-gear die: 2 spaces, A60 -> A1 -> A2
    assert state.moves_left == 2
    state, _ = drive(state, "A2")
    state, _ = settle(state)
    assert state.car("b").space == "A2" and state.active == "c" and state.phase == "start"


@pytest.mark.rules("START-D-1")
def test_START_D_1_stall_no_move_this_turn_first_gear_next_round_without_a_new_roll():
    state, ev = rolls(d_race(), 1)
    assert [e.data["result"] for e in kinds(ev, "start")] == ["stall_turn"]
    b = state.car("b")
    assert (b.space, b.gear, b.league.start) == ("A60", 0, "stalled")
    assert (state.active, state.phase) == ("c", "start")  # b's turn is over without a move
    for _ in range(2):  # c and a start normally: 2 spaces each
        state, _ = rolls(state, 10, 2)
        state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
        state, _ = settle(state)
    # game round 2: b pulls away in 1st gear, no start roll this time
    while state.active != "b":
        state, _ = act(state, ChooseGear(gear=1), Roll(value=1))
        state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
        state, _ = settle(state)
    assert state.round == 2 and (state.phase, state.pending) == ("gear", ())
    assert allowed(state) == [1]
    assert illegal(state, ChooseGear(gear=2)).reason.code == Code.NOT_FROM_GEAR_ZERO
    state, _ = act(state, ChooseGear(gear=1))
    assert state.car("b").league.start is None and chance(state).die == D.gear_dice.die(1)


@pytest.mark.rules("START-D-3")
def test_START_D_3_dream_start_four_spaces_now_then_first_or_second():
    state, ev = rolls(d_race(), 20)
    assert [e.data["result"] for e in kinds(ev, "start")] == ["dream"]
    # 4 spaces at once, no gear roll: the player drives them now, still in gear 0
    assert (state.phase, to_move(state), chance(state), state.moves_left, state.car("b").gear) == (
        "move",
        "b",
        None,
        4,
        0,
    )
    assert max(len(m.path) for m in moves(OVAL, state)) == 4
    state, _ = drive(state, "A4")  # A60 -> A1 .. A4
    state, _ = settle(state)
    assert state.car("b").space == "A4" and state.car("b").league.start == "dream" and state.active == "c"
    for _ in range(2):
        state, _ = rolls(state, 10, 1)
        state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
        state, _ = settle(state)
    assert state.round == 2 and state.active == "b" and state.phase == "gear"  # b leads: no start roll
    assert allowed(state) == [1, 2]
    assert illegal(state, ChooseGear(gear=3)).reason.code == Code.NOT_FROM_GEAR_ZERO
    state, _ = act(state, ChooseGear(gear=2))
    assert chance(state).die == D.gear_dice.die(2) and state.car("b").league.start is None


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_B_keeps_its_separate_start_phase_before_round_1():
    """B is untouched: every car rolls for its start before game round 1 (not in its turn)."""
    cars = [CarEntry(id=i, wp=FORMULA_D_BASIC.default_wear) for i in "abc"]
    state = new_race(OVAL, FORMULA_D_BASIC, cars, grid=("b", "c", "a"))
    assert (state.phase, state.round) == ("start", 0)
    assert pending(state) == [("start", "b", None), ("start", "c", None), ("start", "a", None)]
    state, _ = rolls(state, 10, 10, 10)
    assert (state.round, state.phase, state.active) == (1, "gear", "b")
    assert all(c.league.start is None and not c.league.launch for c in state.cars)


# --- after a spin: WEAR-D-2, OUT-D-1, START-D-4 ---------------------------------------------


def spin_position(rules: RuleSet = D) -> RaceState:
    """Car s on A41 in 4th with its last tyre WP, before the Seekurve (1 stop, A42-A47 in lane A);
    car o far behind on C20. A roll of 7 takes s to A48, one space out of the corner: the one
    hard-tyre WP that costs is its last, so it spins (CORNER-7)."""
    s = car("s", "A41", gear=4, wp=D_DEFAULT_WEAR.model_copy(update={"tyres": 1}), tyre=Tyre.HARD)
    o = car("o", "C20", gear=2, wp=D_DEFAULT_WEAR, tyre=Tyre.HARD)
    return position([s, o], "s", rules=rules)


def spun() -> RaceState:
    """The spin, then o's quiet turn: s's next turn begins."""
    state, _ = act(spin_position(), ChooseGear(gear=4), Roll(value=7))
    state, ev = drive(state, "A48", spin=True)
    assert [e.data for e in kinds(ev, "spin")] == [{"space": "A48"}]
    state, _ = settle(state)
    state, _ = act(state, ChooseGear(gear=2), Roll(value=2))
    state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
    state, _ = settle(state)
    assert state.active == "s"
    return state


@pytest.mark.rules("WEAR-D-2")
def test_WEAR_D_2_a_spin_turns_the_car_and_its_next_turn_begins_with_a_start_roll():
    state, _ = act(spin_position(), ChooseGear(gear=4), Roll(value=7))
    state, _ = drive(state, "A48", spin=True)
    s = state.car("s")
    assert (s.spun, s.gear, s.league.start, s.wp.tyres) == (True, 0, "due", 0)
    state = spun()
    assert (state.phase, pending(state), to_move(state)) == ("start", [("start", "s", None)], None)


@pytest.mark.rules("OUT-D-1")
def test_OUT_D_1_after_a_spin_the_start_roll_comes_before_1st_gear():
    state, ev = rolls(spun(), 12)  # 2-19: 1st gear now, and its die
    s = state.car("s")
    assert [e.data["result"] for e in kinds(ev, "start")] == ["normal"]
    assert (s.gear, s.spun, s.league.start, state.phase) == (1, False, None, "roll")
    state, _ = rolls(state, 2)
    state, _ = drive(state, "A50")  # A48 -> A49 -> A50
    assert state.car("s").space == "A50"


@pytest.mark.rules("START-D-4")
def test_START_D_4_after_a_spin_a_1_stalls_and_a_20_is_a_dream_start():
    stalled, _ = rolls(spun(), 1)
    assert stalled.car("s").space == "A48" and stalled.car("s").league.start == "stalled" and stalled.active == "o"
    dream, _ = rolls(spun(), 20)
    assert (dream.phase, dream.moves_left, dream.car("s").gear) == ("move", 4, 0)
    dream, _ = drive(dream, "A52")  # A48 -> A49 .. A52
    dream, _ = settle(dream)
    assert dream.car("s").league.start == "dream" and dream.active == "o"


@pytest.mark.rules("FD08-SPIN-1")
def test_FD08_SPIN_1_B_still_turns_back_in_1st_gear_without_a_start_roll():
    rules = FORMULA_D_BASIC.model_copy(update={"tyres": "D"})
    state, _ = act(spin_position(rules), ChooseGear(gear=4), Roll(value=7))
    state, _ = drive(state, "A48", spin=True)
    assert state.car("s").league.start is None
    state, _ = settle(state)
    state, _ = act(state, ChooseGear(gear=2), Roll(value=2))
    state, _ = act(state, Drive(path=moves(OVAL, state)[0].path))
    state, _ = settle(state)
    assert (state.active, state.phase, state.pending) == ("s", "gear", ())
    assert allowed(state) == [1]
