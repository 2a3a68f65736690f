"""Masters 2002, chapter 6 (004): gear choice (6-1), moving the car (6-2-1) and turn order
(6-2-2, 6-2-5), played through the engine with the ``masters-2002`` preset.

Rules: MASTERS-GEAR-1..5, MASTERS-MOVE-1..3, MASTERS-ORDER-1, MASTERS-ORDER-4. The
skip costs follow AMB-50 (fuel first, as in Formula Dé: VAR-2); the pit-lane order
of MASTERS-ORDER-4 is AMB-56's. Positions on the oval are described in fixtures.py.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from rules.actions import ChooseGear, Drive, Roll, SetUp
from rules.car import Area
from rules.engine import chance, gear_options, moves, new_race
from rules.gears import ShiftCost
from rules.reasons import Code
from rules.ruleset import MASTERS_2002
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from tests.rules.fixtures import (
    OVAL,
    act,
    car,
    illegal,
    position,
    rolls,
    turn_order,
)

M = MASTERS_2002
MW = M.default_wear  # tyres 6, brakes 3, fuel 3, body 3, engine 3, road holding 2


def masters_car(car_id: str, space: str, gear: int = 3, **kw):
    """A Masters car: Formula Dé wear points and hard tyres unless told otherwise."""
    kw.setdefault("wp", MW)
    kw.setdefault("tyre", Tyre.HARD)
    return car(car_id, space, gear=gear, **kw)


def masters(cars, active: str | None = None, weather: str = "sun", **kw):
    """A Masters race in progress on the oval, in fixed ``weather``."""
    state = position(cars, active, rules=M, **kw)
    return state.model_copy(update={"weather": Weather(condition=weather)})


def lone(gear: int, space: str = "B21"):
    """Car m alone on the back straight (car f far behind), its turn, in ``gear``."""
    return masters([masters_car("m", space, gear=gear), masters_car("f", "A5", gear=1)], "m")


# --- 6-1 gear choice ---------------------------------------------------------------------------


@pytest.mark.rules("MASTERS-GEAR-1")
def test_MASTERS_GEAR_1_six_gears_each_with_its_own_die_read_as_spaces():
    """Each gear rolls its own die; the face is the number of spaces to drive; higher gears
    have higher faces (TAB-GEAR)."""
    dice = []
    for gear in range(1, 7):
        state, _ = act(lone(gear), ChooseGear(gear=gear))
        die = chance(state).die
        assert die == M.gear_dice.die(gear) and die.name == f"gear{gear}"
        for face in sorted(set(die.faces)):
            rolled, _ = act(state, Roll(value=face))
            assert rolled.moves_left == face
            assert max(len(m.path) for m in moves(OVAL, rolled)) == face
        dice.append(die)
    assert len({d.name for d in dice}) == 6
    assert [d.lowest for d in dice] == sorted(d.lowest for d in dice)
    assert all(a.highest < b.highest for a, b in pairwise(dice))
    assert illegal(state, Roll(value=20)).reason.code == Code.NOT_A_FACE  # a 5th-gear face in 6th


@pytest.mark.rules("CORE-GEAR-2", "MASTERS-GEAR-2")
def test_MASTERS_GEAR_2_up_only_to_the_next_higher_gear():
    """ "Man kann nicht vom 1. in den 3. Gang schalten.\""""
    for gear in range(1, 6):
        options = gear_options(OVAL, lone(gear))
        assert isinstance(options[gear + 1], ShiftCost) and options[gear + 1].cost == {}
        for higher in range(gear + 2, 7):
            assert illegal(lone(gear), ChooseGear(gear=higher)).reason.rule == "CORE-GEAR-2"
    state, _ = act(lone(1), ChooseGear(gear=2))
    assert state.car("m").gear == 2


@pytest.mark.rules("MASTERS-GEAR-3")
def test_MASTERS_GEAR_3_down_one_two_or_three_gears_skipped_costs_WP():
    """6th -> 4th skips one gear, 4th -> 1st two, 5th -> 1st three: each skip strikes WP, fuel
    first (AMB-50, VAR-2), then brakes, then engine (TAB-DOWNSHIFT); down one is free."""
    for start, target, cost in (
        (6, 5, {}),
        (6, 4, {Area.FUEL: 1}),
        (4, 1, {Area.FUEL: 1, Area.BRAKES: 1}),
        (5, 1, {Area.FUEL: 1, Area.BRAKES: 1, Area.ENGINE: 1}),
    ):
        state, ev = act(lone(start), ChooseGear(gear=target))
        m = state.car("m")
        assert (m.gear, m.wp) == (target, MW.pay(cost))
        assert ev[0].data == {"gear": target, **{a.value: n for a, n in cost.items()}}


@pytest.mark.rules("CORE-GEAR-5", "MASTERS-GEAR-4")
def test_MASTERS_GEAR_4_never_from_6th_to_1st():
    """ "Es ist nicht erlaubt, vom 6. in den 1. Gang zu schalten" - not even with every WP left."""
    err = illegal(lone(6), ChooseGear(gear=1))
    assert (err.reason.rule, err.reason.code) == ("CORE-GEAR-5", Code.SIX_TO_ONE)
    assert isinstance(gear_options(OVAL, lone(6))[2], ShiftCost)  # three gears skipped is the most


@pytest.mark.rules("MASTERS-GEAR-5")
def test_MASTERS_GEAR_5_the_yellow_1st_gear_die_is_read_at_its_tip():
    """The 1st-gear die is the yellow pyramid (d4): its faces are read as 1 or 2 spaces."""
    state, _ = act(lone(1), ChooseGear(gear=1))
    die = chance(state).die
    assert die.colour == "yellow" and len(die.faces) == 4 and set(die.faces) == {1, 2}
    for face in (1, 2):
        assert act(state, Roll(value=face))[0].moves_left == face
    assert illegal(state, Roll(value=3)).reason.code == Code.NOT_A_FACE


# --- 6-2-1 moving the car --------------------------------------------------------------------------


@pytest.mark.rules("MASTERS-MOVE-1")
def test_MASTERS_MOVE_1_cars_start_in_1st_gear_and_shift_up_to_6th():
    """After the start roll every car is in gear 0 and may only engage 1st; then one gear up
    per turn until 6th, and no further."""
    state = new_race(OVAL, M.model_copy(update={"grid": "roll"}), [("a", MW), ("b", MW)])
    state, _ = rolls(state, 15, 20, 10)  # sun; a takes pole
    state, _ = act(state, SetUp(tyre=Tyre.HARD), SetUp(tyre=Tyre.HARD))
    state, _ = rolls(state, 10, 10)  # normal starts for both
    assert state.round == 1 and state.car(state.active or "").gear == 0
    assert [g for g, o in gear_options(OVAL, state).items() if isinstance(o, ShiftCost)] == [1]
    for gear in range(1, 7):
        legal = [g for g, o in gear_options(OVAL, lone(gear)).items() if isinstance(o, ShiftCost)]
        assert max(legal) == min(gear + 1, 6)
    assert illegal(lone(6), ChooseGear(gear=7)).reason.code == Code.NO_SUCH_GEAR


@pytest.mark.rules("MASTERS-MOVE-2")
def test_MASTERS_MOVE_2_announce_set_the_lever_roll_its_die_then_move():
    """The order of a turn: the gear first (nothing else is accepted), then the die of the
    engaged gear, then the car moves exactly the spaces shown."""
    state = lone(3)
    for early in (Roll(value=6), Drive(path=("B22",))):
        assert illegal(state, early).reason.code == Code.NOT_NOW
    state, _ = act(state, ChooseGear(gear=4))
    assert state.car("m").gear == 4 and chance(state).die.name == "gear4"
    assert illegal(state, Drive(path=("B22",))).reason.code == Code.NOT_NOW
    state, _ = act(state, Roll(value=9))
    assert {len(m.path) for m in moves(OVAL, state) if not m.brakes} == {9}
    state, ev = act(state, Drive(path=tuple(f"B{i}" for i in range(22, 31))))
    assert [e.kind for e in ev][:1] == ["moved"] and state.car("m").space == "B30"


@pytest.mark.rules("MASTERS-MOVE-3")
def test_MASTERS_MOVE_3_one_stop_at_the_end_of_normal_mandatory_and_optional_movement():
    """A car whose roll ends in the Seekurve in rain slides 3 more spaces (mandatory): the
    roll's end is no stop; the corner counts one stop, where the slide ends."""
    rain = masters([masters_car("m", "B33", gear=4), masters_car("f", "A5", gear=1)], "m", weather="rain")
    state, _ = act(rain, ChooseGear(gear=4), Roll(value=11))
    state, _ = act(state, Drive(path=tuple(f"B{i}" for i in range(34, 45))))  # B44: row 46, the Seekurve
    assert state.movement is not None and state.movement.offer == ("slide",)
    m = state.car("m")
    assert (m.space, m.corner, m.stops) == ("B44", 1, 1)
    state, _ = act(state, Drive(path=("B45", "B46", "B47"), via="slide"))
    m = state.car("m")
    assert (m.space, m.corner, m.stops) == ("B47", 1, 1)  # one stop for the whole movement
    assert state.movement is None and state.phase != "move"


# --- 6-2-2, 6-2-5 turn order -----------------------------------------------------------------------


@pytest.mark.rules("MASTERS-ORDER-1")
def test_MASTERS_ORDER_1_the_order_of_each_game_round_follows_the_positions():
    """Each game round the cars move in the order of their places on the track, worked out
    again when the round begins."""
    cars = [masters_car("c", "A10"), masters_car("a", "A30"), masters_car("b", "B24")]
    state = masters(cars)
    assert state.active == "a"
    order, state = turn_order(state, 3)
    assert order == ["a", "b", "c", "|"]
    # a new round: c takes the lead from b and a
    state = state.with_car(state.car("c").model_copy(update={"space": "C45"}))
    state = masters(state.cars)
    assert turn_order(state, 3)[0] == ["c", "a", "b", "|"]


@pytest.mark.rules("MASTERS-ORDER-4")
def test_MASTERS_ORDER_4_the_pit_lane_special_case_takes_precedence():
    """A car waiting in box 10 (P13, just past the finish line: it has crossed the line once
    more than the cars on the straight) does not move by the standard rule, as the leader:
    the pit-lane case puts it on the pit entry C59, in its lap before the line, so it moves
    after the car beyond C59 and before the car behind it (AMB-56)."""
    cars = [
        masters_car("box", "P13", gear=4, box="P13", pit_stops=1, pit_wait=True, crossings=2),
        masters_car("ahead", "B54", gear=3),  # row 59: past the pit entry
        masters_car("behind", "B52", gear=3),  # row 57: before it
    ]
    state = masters(cars, laps=2)
    order, _ = turn_order(state, 3)
    assert order == ["ahead", "box", "behind", "|"]
