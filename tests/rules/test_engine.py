"""The turn engine: turn sequence, gears, grid, start and turn order.

Rules: CORE-TURN-1..2, CORE-GEAR-7 (AMB-64), FD08-GRID-1, FD08-START-1..2
(AMB-58, AMB-59), CORE-ORDER-1..5, FD08-ORDER-1, MASTERS-ORDER-5/7 (AMB-47).

Positions on the oval as built by ``tests/rules/fixtures.py``, each test forcing its dice.

Where RULES.md leaves a choice these tests follow its SUGGESTION: AMB-59 (game
round 1 runs in grid order, a stalled car is skipped in it), AMB-58 (a dream
start drives its 4 spaces before game round 1, then a normal first turn in 1st
gear; several dream starts drive in grid order), AMB-9/AMB-10 (level = same lap
and row; inside = against the current or next corner), AMB-47 (the sweep of
MASTERS-ORDER-7 for lapped cars), AMB-64 (a skip whose cost cannot be paid in
full is illegal) and AMB-22 (the marker for a skip's engine WP goes on the
mover's stop, the end space of its movement).
"""

from __future__ import annotations

import pytest

from rules.actions import ChooseGear, Drive, Event, Roll
from rules.dice import BLACK_DIE, Purpose
from rules.engine import chance, gear_options, moves, new_race, to_move
from rules.gears import ShiftCost
from rules.reasons import Code
from rules.state import RaceState
from tests.rules.fixtures import (
    OVAL,
    R,
    W,
    act,
    car,
    drive,
    illegal,
    kinds,
    pending,
    position,
    quiet_turn,
    rolls,
    settle,
    turn,
    turn_order,
    wear,
)

# --- CORE-TURN-1..2 --------------------------------------------------------------------


def two_cars() -> RaceState:
    return position([car("a", "A26", gear=3), car("b", "A18", gear=3)], "a")


@pytest.mark.rules("CORE-TURN-1")
def test_CORE_TURN_1_declare_the_gear_then_roll_its_die_then_move():
    state = two_cars()
    assert (to_move(state), chance(state)) == ("a", None)
    for early in (Roll(value=5), Drive(path=("A27",))):
        assert illegal(state, early).reason.code == Code.NOT_NOW
    state, ev = act(state, ChooseGear(gear=4))
    assert [e.kind for e in ev] == ["gear"] and state.car("a").gear == 4
    assert to_move(state) is None and chance(state).die == R.gear_dice.die(4)
    assert illegal(state, ChooseGear(gear=3)).reason.code == Code.NOT_NOW
    assert illegal(state, Drive(path=("A27",))).reason.code == Code.NOT_NOW
    assert illegal(state, Roll(value=5)).reason.code == Code.NOT_A_FACE  # 5 is not on the 4th-gear die
    state, _ = act(state, Roll(value=9))
    assert (state.phase, to_move(state), chance(state), state.moves_left) == ("move", "a", None, 9)
    state, ev = drive(state, "A35")
    assert state.car("a").space == "A35" and [e.kind for e in ev][:1] == ["moved"]


@pytest.mark.rules("CORE-TURN-2")
def test_CORE_TURN_2_one_stop_per_turn_even_while_checks_are_pending():
    """After the move the car has its stop: no second drive, not even an empty one."""
    state = position([car("a", "A20"), car("b", "B29")], "a")
    state, _ = turn(state, 3, 7, "A27")  # ends beside b: collision checks pending
    assert pending(state) == [("collision", "b", "a"), ("collision", "a", "b")]
    assert to_move(state) is None
    for again in (Drive(path=()), Drive(path=("A28",))):
        assert illegal(state, again).reason.rule == "CORE-TURN-2"
    state, ev = settle(state)
    assert kinds(ev, "round") and state.car("a").space == "A27"  # a new round: a's turn is over


@pytest.mark.rules("CORE-TURN-2")
def test_CORE_TURN_2_the_next_car_acts_after_the_move():
    state = two_cars()
    state, ev = turn(state, 3, 4, "A30")
    assert [e.kind for e in ev] == ["gear", "roll", "moved", "turn"]
    assert (state.active, state.phase) == ("b", "gear")
    assert illegal(state, Drive(path=("A31",))).reason.code == Code.NOT_NOW


# --- CORE-GEAR-7, AMB-64 -------------------------------------------------------------------


@pytest.mark.rules("CORE-GEAR-7", "FD08-GEAR-1")
def test_CORE_GEAR_7_skip_cost_is_struck_when_the_gear_is_declared():
    state = position([car("a", "A26", gear=5), car("b", "A18")], "a")
    state, ev = act(state, ChooseGear(gear=2))  # skips 4th and 3rd: 1 gearbox + 1 brakes (FD08-GEAR-1)
    assert state.phase == "roll" and state.roll is None  # before the roll
    assert state.car("a").wp == wear(gearbox=2, brakes=2)
    assert ev[0].data == {"gear": 2, "gearbox": 1, "brakes": 1}
    state, _ = turn_rest(state, 2, "A28")
    assert state.car("a").wp == wear(gearbox=2, brakes=2)  # struck once, not again at the move


def turn_rest(state: RaceState, roll: int, end: str):
    state, ev = act(state, Roll(value=roll))
    state, ev2 = drive(state, end)
    return state, ev + ev2


@pytest.mark.rules("CORE-GEAR-7")
def test_CORE_GEAR_7_AMB_64_a_skip_that_cannot_be_paid_in_full_is_refused():
    state = position([car("a", "A26", gear=5, wp=wear(brakes=0)), car("b", "A18")], "a")
    err = illegal(state, ChooseGear(gear=2))
    assert (err.reason.rule, err.reason.code) == ("AMB-64", Code.SKIP_COST_UNPAYABLE)
    state, _ = act(state, ChooseGear(gear=3))  # one gear skipped: gearbox only
    assert state.car("a").wp == wear(brakes=0, gearbox=2)


@pytest.mark.rules("CORE-GEAR-7", "FD08-DANGER-1")
def test_CORE_GEAR_7_FD08_DANGER_1_a_skip_costing_an_engine_WP_marks_the_stop():
    """Skipping three gears costs an engine WP (TAB-DOWNSHIFT), struck at once; every engine WP
    lost puts a marker on the end space of the movement (FD08-DANGER-1; AMB-22: for the mover,
    its stop). The marker does not check the car that made it (AMB-23)."""
    state = position([car("a", "A26", gear=5), car("b", "A18")], "a")
    state, ev = act(state, ChooseGear(gear=1))
    assert state.car("a").wp == wear(gearbox=2, brakes=2, engine=2) and state.markers == ()
    state, ev = turn_rest(state, 2, "A28")
    assert state.markers == ("A28",) and [e.data for e in kinds(ev, "marker")] == [{"space": "A28"}]
    assert state.active == "b" and state.pending == ()


@pytest.mark.rules("CORE-GEAR-7", "CORE-ENGINE-3", "CORE-WEAR-2")
def test_CORE_GEAR_7_CORE_WEAR_2_a_skip_taking_the_last_engine_WP_ends_the_race():
    state = position([car("a", "A26", gear=5, wp=wear(engine=1)), car("b", "A18")], "a")
    state, ev = act(state, ChooseGear(gear=1))
    a = state.car("a")
    assert a.status == "out" and a.out is not None and (a.out.rule, a.out.code) == ("CORE-ENGINE-3", Code.AREA_GONE)
    assert chance(state) is None and state.active == "b" and state.phase == "gear"  # no roll for a car that is out
    assert "A26" in state.markers


# --- FD08-GRID-1 ---------------------------------------------------------------------------


def grid_race(n: int = 3, **rules) -> RaceState:
    ids = "abcdefghij"[:n]
    return new_race(OVAL, R.model_copy(update=rules), [(i, W) for i in ids], laps=3)


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_every_car_rolls_the_black_die_and_the_highest_takes_pole():
    state = grid_race()
    assert chance(state).die == BLACK_DIE and chance(state).purpose == Purpose.GRID
    assert pending(state) == [("grid", "a", None), ("grid", "b", None), ("grid", "c", None)]
    state, ev = rolls(state, 5, 17, 9)
    assert kinds(ev, "grid")[0].data == {"order": ["b", "c", "a"]}
    assert [state.car(i).space for i in "bca"] == list(OVAL.grid[:3])  # pole first, then descending
    assert state.phase == "start"


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_tied_cars_reroll_among_themselves_only():
    state, _ = rolls(grid_race(), 12, 12, 3)
    assert pending(state) == [("grid", "a", None), ("grid", "b", None)]  # c keeps its 3
    state, ev = rolls(state, 4, 9)
    assert kinds(ev, "grid")[0].data == {"order": ["b", "a", "c"]}


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_ties_are_rerolled_until_none_remain():
    state, _ = rolls(grid_race(), 12, 12, 3)
    state, ev = rolls(state, 6, 6)
    assert not kinds(ev, "grid") and pending(state) == [("grid", "a", None), ("grid", "b", None)]
    state, ev = rolls(state, 2, 8)
    assert kinds(ev, "grid")[0].data == {"order": ["b", "a", "c"]}


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_a_reroll_only_orders_the_tied_cars_among_themselves():
    """Two separate ties: the re-rolls never lift a car past one that beat it the first time."""
    state, _ = rolls(grid_race(4), 12, 12, 5, 5)
    assert [p[1] for p in pending(state)] == ["a", "b", "c", "d"]
    state, ev = rolls(state, 1, 2, 20, 19)
    assert kinds(ev, "grid")[0].data == {"order": ["b", "a", "c", "d"]}


# --- FD08-START-1, FD08-START-2, AMB-58, AMB-59 ------------------------------------------


def started(start_rolls: tuple[int, ...]) -> tuple[RaceState, list[Event]]:
    """Three cars: grid b, c, a (grid rolls 5, 17, 9); then the start rolls in grid order."""
    state, _ = rolls(grid_race(), 5, 17, 9)
    assert [p[1] for p in pending(state)] == ["b", "c", "a"] and chance(state).purpose == Purpose.START  # type: ignore[union-attr]
    return rolls(state, *start_rolls)


def round_turns(state: RaceState, rnd: int) -> tuple[list[str], RaceState]:
    """Play quiet turns until game round ``rnd`` is over; who moved in it."""
    who: list[str] = []
    while state.round <= rnd:
        if state.round == rnd:
            who.append(state.active or "?")
        state, _ = quiet_turn(state)
    return who, state


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_normal_start_game_round_1_in_grid_order():
    state, ev = started((10, 2, 19))
    assert [e.data["result"] for e in kinds(ev, "start")] == ["normal"] * 3
    assert state.round == 1 and state.active == "b"
    who, _ = round_turns(state, 1)
    assert who == ["b", "c", "a"]


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_AMB_59_a_stalled_car_misses_game_round_1():
    state, ev = started((10, 1, 10))  # c stalls
    assert [e.data["result"] for e in kinds(ev, "start")] == ["normal", "stall", "normal"]
    c_space = state.car("c").space
    who, state = round_turns(state, 1)
    assert who == ["b", "a"]
    assert state.car("c").space == c_space  # it stayed where it was for a game round
    who, _ = round_turns(state, 2)
    assert "c" in who


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_AMB_58_a_dream_start_drives_4_spaces_before_game_round_1():
    state, ev = started((10, 20, 10))  # c: dream start
    assert [e.data["result"] for e in kinds(ev, "start")] == ["normal", "dream", "normal"]
    # after every start roll, before game round 1: c drives its 4 spaces
    assert (state.round, state.phase, to_move(state), chance(state), state.moves_left) == (0, "move", "c", None, 4)
    assert all(len(m.path) <= 4 for m in moves(OVAL, state)) and any(len(m.path) == 4 for m in moves(OVAL, state))
    before = state.car("c").space
    state, ev = drive(state, _four_ahead(state))
    state, ev2 = settle(state)
    assert state.car("c").space != before and state.car("c").gear == 0
    assert [e.data for e in kinds(ev + ev2, "round")] == [{"round": 1}]
    who, _ = round_turns(state, 1)
    assert who == ["b", "c", "a"]  # then a normal first turn, in grid order


def _four_ahead(state: RaceState) -> str:
    """The end of a full 4-space dream-start move that costs nothing."""
    return next(m.end for m in moves(OVAL, state) if len(m.path) == 4 and not m.brakes + m.tyres and m.out is None)  # type: ignore[return-value]


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_AMB_58_several_dream_starts_drive_in_grid_order():
    state, ev = started((20, 10, 20))  # b (pole) and a (third)
    assert state.active == "b" and state.round == 0
    state, _ = drive(state, _four_ahead(state))
    state, _ = settle(state)
    assert state.active == "a" and state.round == 0 and state.moves_left == 4
    state, ev = drive(state, _four_ahead(state))
    state, ev2 = settle(state)
    assert [e.data for e in kinds(ev + ev2, "round")] == [{"round": 1}]


@pytest.mark.rules("FD08-START-2")
def test_FD08_START_2_the_first_move_is_made_in_1st_gear():
    state, _ = started((10, 10, 10))
    options = gear_options(OVAL, state)
    assert isinstance(options[1], ShiftCost) and options[1].cost == {}
    assert all(not isinstance(options[g], ShiftCost) for g in range(2, 7))
    assert illegal(state, ChooseGear(gear=2)).reason.code == Code.NOT_FROM_GEAR_ZERO
    state, _ = act(state, ChooseGear(gear=1))
    assert chance(state).die == R.gear_dice.die(1)


@pytest.mark.rules("FD08-START-2")
def test_FD08_START_2_also_after_a_stall_and_after_a_dream_start():
    state, _ = started((20, 1, 10))  # b dreams, c stalls
    state, _ = drive(state, _four_ahead(state))
    state, _ = settle(state)
    assert state.active == "b"
    assert [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)] == [1]
    _, state = round_turns(state, 1)
    while state.active != "c":
        state, _ = quiet_turn(state)
    assert [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)] == [1]


@pytest.mark.rules("FD08-START-1")
def test_FD08_START_1_without_a_start_roll_round_1_follows_the_grid():
    state, _ = rolls(grid_race(start_roll=False), 5, 17, 9)
    assert state.round == 1 and state.active == "b" and chance(state) is None


# --- CORE-ORDER-1..5, FD08-ORDER-1 --------------------------------------------------------


@pytest.mark.rules("CORE-ORDER-1")
def test_CORE_ORDER_1_the_leader_moves_first_then_the_cars_behind():
    state = position([car("c", "A10"), car("a", "A30"), car("b", "B24")])
    assert state.active == "a"
    order, _ = turn_order(state, 4)
    assert order[:4] == ["a", "b", "c", "|"]


@pytest.mark.rules("CORE-ORDER-2")
def test_CORE_ORDER_2_a_car_that_overtook_moves_first_next_round():
    state = position([car("a", "A26", gear=3), car("b", "B22", gear=4)])
    assert state.active == "a"
    state, _ = turn(state, 3, 4, "A30")  # a: row 30 -> 34
    assert state.active == "b"
    state, ev = turn(state, 4, 12, "B34")  # b: row 24 -> 36, past a
    assert kinds(ev, "round") and state.active == "b"
    order, _ = turn_order(state, 2)
    assert order == ["b", "a", "|"]


@pytest.mark.rules("CORE-ORDER-3")
def test_CORE_ORDER_3_level_cars_higher_gear_first():
    state = position([car("a", "A26", gear=3), car("c", "C31", gear=4)])
    assert OVAL.space("A26").row == OVAL.space("C31").row
    assert state.active == "c"  # a is further inside, but c is in the higher gear


@pytest.mark.rules("FD08-ORDER-1")
@pytest.mark.parametrize(("inner", "outer"), [("x", "y"), ("y", "x")])
def test_FD08_ORDER_1_level_cars_in_the_same_gear_inside_first(inner: str, outer: str):
    """The oval's corners turn left, so lane A is inside (AMB-10), whatever the ids."""
    state = position([car(outer, "C31", gear=3), car(inner, "A26", gear=3)])
    order, _ = turn_order(state, 2)
    assert order[:2] == [inner, outer]


@pytest.mark.rules("CORE-ORDER-4", "FD08-ORDER-1")
def test_CORE_ORDER_4_FD08_ORDER_1_inside_of_the_next_corner_on_a_straight():
    """Level on the straight before the Seekurve: lane A is inside of the next corner (AMB-10)."""
    state = position([car("b", "B42", gear=3), car("a", "A40", gear=3)])
    assert OVAL.space("A40").row == OVAL.space("B42").row
    assert state.active == "a"


@pytest.mark.rules("CORE-ORDER-4", "FD08-ORDER-1")
@pytest.mark.parametrize(("tie_break", "first"), [("inside", "in"), ("first_arrival", "out")])
def test_CORE_ORDER_4_the_tie_break_of_level_cars_is_set_specific(tie_break: str, first: str):
    """VAR-1: B breaks the tie by the inside (FD08-ORDER-1), C, D and E by first arrival."""
    rules = R.model_copy(update={"tie_break": tie_break})
    cars = [car("in", "A26", gear=3, arrival=7), car("out", "C31", gear=3, arrival=3)]
    assert position(cars, rules=rules).active == first


@pytest.mark.rules("CORE-ORDER-5", "MASTERS-ORDER-5", "MASTERS-ORDER-7")
def test_CORE_ORDER_5_AMB_47_a_lapped_car_loses_its_turn():
    """MASTERS-ORDER-5/7: the leader passes a car a lap down; the walk back from the leader's
    start reaches the leader's new position before the lapped car, so it does not move."""
    cars = [
        car("lead", "B40", gear=4, crossings=2),
        car("back", "A41", gear=3, crossings=1),
        car("mid", "A26", gear=3, crossings=2),
    ]
    state = position(cars)
    assert state.active == "lead"
    state, _ = turn(state, 4, 10, "B50")  # row 42 -> 54: past "back" (row 45)
    assert state.active == "mid"
    state, ev = turn(state, 3, 4, "A30")
    assert [e.data for e in kinds(ev, "round")] == [{"round": 3}] and state.active == "lead"
    assert state.car("back").space == "A41"  # its turn of round 2 is lost


@pytest.mark.rules("CORE-ORDER-5")
def test_CORE_ORDER_5_a_car_the_leader_does_not_pass_keeps_its_turn():
    cars = [
        car("lead", "B40", gear=3, crossings=2),
        car("back", "A41", gear=3, crossings=1),
        car("mid", "A26", gear=3, crossings=2),
    ]
    state, _ = turn(position(cars), 2, 2, "B42")  # row 42 -> 44: not up to "back" (row 45)
    assert state.active == "mid"
    state, _ = turn(state, 3, 4, "A30")
    assert state.active == "back" and state.round == 2


@pytest.mark.rules("CORE-ORDER-5", "MASTERS-ORDER-5")
def test_CORE_ORDER_5_AMB_47_an_unlapping_car_moves_twice():
    """The lapped car passes the leader: the walk reaches it again (MASTERS-ORDER-5)."""
    cars = [car("lead", "A26", gear=3, crossings=2), car("back", "A20", gear=4, crossings=1)]
    state = position(cars)
    state, _ = turn(state, 3, 4, "A30")  # lead: row 30 -> 34
    assert state.active == "back"
    state, _ = turn(state, 4, 12, "B34")  # back: row 24 -> 36, physically ahead of lead
    assert state.active == "back" and state.round == 2  # its lost turn back, in the same round
