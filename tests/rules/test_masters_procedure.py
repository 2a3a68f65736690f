"""The Masters 2002 turn procedure (004, 6-3, steps 1-14 and the note on the weather), played
through the engine with the ``masters-2002`` preset.

One golden test plays a game round in the rain and the first turn of the next, worked out
by hand from the rules, and checks every event against the step of the procedure it
belongs to; the tests after it take the steps one by one. Rules: MASTERS-TURN-1..15,
with AMB-48 (the loops after a slipstream and after a quick stop), AMB-49, AMB-55,
AMB-56 and MASTERS-ORDER-5/7 (a lapped car loses its turn).

Positions on the oval (see fixtures.py): the back straight's lane B space of row r is
B(r-2); the Seekurve (1 stop) covers rows 46-56; the pit lane leaves the track at C59 (row
58) and rejoins on C6; box 10 is P13, just past the finish line.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from rules.actions import ChooseGear, Drive, EndMove, Event, PitStop, Roll
from rules.dice import Purpose
from rules.engine import chance, moves
from rules.reasons import Code
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from tests.rules.fixtures import OVAL, act, illegal, kinds, pending, rolls
from tests.rules.test_masters_rules import MW, masters, masters_car

# The step of the procedure each event belongs to. A gear event is steps 1-2 (announce the
# gear, set the lever); when it strikes WP it is step 3 as well.
CHECK_STEP = {"road_holding": 9, "pit": 12, "collision": 13, "engine": 14, "weather": 15}
VIA_STEP = {"roll": 5, "slide": 6, "bonus": 7, "slip": 8}


def procedure(events: list[Event], boxes: dict[str, str]) -> list[tuple[str, int, str]]:
    """(car, step, what) for each event that is a step of the turn procedure."""
    out: list[tuple[str, int, str]] = []
    step = 0
    for e in events:
        car = e.car or ""
        if e.kind == "gear":
            cost = {k: v for k, v in e.data.items() if k != "gear"}
            out.append((car, 2, f"gear {e.data['gear']}"))
            if cost:
                out.append((car, 3, "strike " + " ".join(f"{k} {v}" for k, v in sorted(cost.items()))))
        elif e.kind == "roll":
            out.append((car, 4, f"roll {e.data['value']}"))
        elif e.kind == "moved":
            path = e.data["path"]
            assert isinstance(path, list)
            step = 12 if e.data["from"] == boxes.get(car) else VIA_STEP[str(e.data["via"])]
            out.append((car, step, f"{e.data['via']} to {path[-1]}"))
        elif e.kind == "pit" and "tyres" in e.data:
            out.append((car, step, f"tyres restored to {e.data['tyres']}"))
        elif e.kind == "pit" and "long" in e.data:
            out.append((car, 11, f"crew: {'long' if e.data['long'] else 'quick'} stop, {e.data['tyre']} tyres"))
        elif e.kind == "pit" and "fast" in e.data:
            out.append((car, 12, f"{'fast' if e.data['fast'] else 'slow'} stop"))
        elif e.kind == "check":
            step = CHECK_STEP[str(e.data["purpose"])]
            out.append((car, step, f"{e.data['purpose']} {e.data['value']}"))
        elif e.kind == "wear":
            out.append((car, step, f"lose {e.data['area']} {e.data['lost']}"))
        elif e.kind == "weather":
            out.append(("", 15, f"weather {e.data['condition']}"))
    return out


def in_procedure_order(steps: list[int]) -> bool:
    """Do the steps of one turn follow the procedure? Step numbers only grow, except that
    after a slipstream the procedure goes on with step 6 (MASTERS-TURN-8, AMB-48) and after
    a quick stop with step 7 (MASTERS-TURN-12); the road-holding checks of step 9 are rolled
    once the car has stopped, so after step 12 as well (MASTERS-TURN-9)."""
    for a, b in pairwise(steps):
        if b < a and not (a == 8 and b in (6, 7)) and not (a == 12 and b in (7, 8, 9)):
            return False
    return True


def rain_round():
    """Round 2 of a 2-lap race in rain that may still change (temporarily rainy, TAB-WEATHER-SM).

    - p leads on C58 at the end of lap 1, in 5th on worn hard tyres (3 tyre WP), box 10 (P13);
    - y on B35 in 4th; a damage marker lies on B38;
    - r on B30 in 6th;
    - x on C7 in 4th and w on C10 in 1st, both a lap down.
    """
    cars = [
        masters_car("p", "C58", gear=5, box="P13", wp=MW.model_copy(update={"tyres": 3}), setup=MW),
        masters_car("y", "B35", gear=4),
        masters_car("r", "B30", gear=6),
        masters_car("x", "C7", gear=4),
        masters_car("w", "C10", gear=1),
    ]
    state = masters(cars, markers=("B38",), laps=2)
    return state.model_copy(update={"weather": Weather(condition="temp_rain", last="rain")})


BOX_10 = ("C59", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13")


@pytest.mark.rules(
    "FAQ-5",
    "MASTERS-ORDER-5",
    "MASTERS-ORDER-7",
    "MASTERS-TURN-1",
    "MASTERS-TURN-2",
    "MASTERS-TURN-3",
    "MASTERS-TURN-4",
    "MASTERS-TURN-5",
    "MASTERS-TURN-6",
    "MASTERS-TURN-7",
    "MASTERS-TURN-8",
    "MASTERS-TURN-9",
    "MASTERS-TURN-11",
    "MASTERS-TURN-12",
    "MASTERS-TURN-13",
    "MASTERS-TURN-14",
    "MASTERS-TURN-15",
)
def test_MASTERS_TURN_1_to_15_a_game_round_follows_the_procedure_step_by_step():
    """Every step of 6-3 in one game round, worked out by hand:

    p (the leader) declares 5th (1-2) and rolls a natural 20 (4): it drives into box 10 -
    any speed will do, the surplus is lost (5; FAQ-5); its tyres are restored as it enters.
    The crew announces soft tyres (11) and makes a quick stop: a pit roll of 10 is a fast
    stop, 5 spaces out in 4th to C6 (12). Back on the track directly behind x (4th), p takes
    the slipstream (step 7 is skipped: no bonus after the stop, 8) and passes x: the walk
    of the sweep reaches p's new place before x, so x is lapped and loses its turn
    (MASTERS-ORDER-5/7). p stops directly behind w: both roll for the collision (13); the
    20 strains the engines of p and of r, the car in 6th (14), and calls for the weather.
    y declares 4th, rolls 9 and brakes 2 spaces (5) to stop on B42, across the marker on
    B38: its road-holding check is rolled once it stands, and fails (9).
    r shifts from 6th to 4th, skipping 5th: 1 fuel WP (3); rolls 11 (4) to B41, directly
    behind y (5); its slipstream into the Seekurve costs a brake WP (8); the stop in a corner
    in rain slides it 3 spaces (6, after the slipstream); then the marker's check (9).
    w, a lap down, creeps one space in 1st (1-5). The round ends: the weather is determined
    before the leader moves again (15) - sun, so it is temporarily sunny.
    Round 3: p, on the first lap of its new soft tyres in the dry, may drive one more space
    (7). Step 10 (the blocked lane) needs a wall of cars: test_MASTERS_TURN_10 below.

    Steps played: MASTERS-TURN-1, MASTERS-TURN-2, MASTERS-TURN-3, MASTERS-TURN-4,
    MASTERS-TURN-5, MASTERS-TURN-6, MASTERS-TURN-7, MASTERS-TURN-8, MASTERS-TURN-9,
    MASTERS-TURN-11, MASTERS-TURN-12, MASTERS-TURN-13, MASTERS-TURN-14, MASTERS-TURN-15.
    """
    state = rain_round()
    assert state.active == "p"
    boxes = {"p": "P13"}
    plays = [
        ChooseGear(gear=5),
        Roll(value=20),
        Drive(path=BOX_10),
        PitStop(tyre=Tyre.SOFT),
        Roll(value=10),
        Drive(path=("P14", "P15", "P16", "P17", "C6")),
        Drive(path=("B7", "B8", "C9"), via="slip"),
        Roll(value=20),
        Roll(value=20),
        Roll(value=20),
        Roll(value=20),
        ChooseGear(gear=4),
        Roll(value=9),
        Drive(path=("B36", "B37", "B38", "B39", "B40", "B41", "B42")),
        Roll(value=1),
        ChooseGear(gear=4),
        Roll(value=11),
        Drive(path=tuple(f"B{i}" for i in range(31, 42))),
        Drive(path=("C45", "C46", "C47"), via="slip"),
        Drive(path=("C48", "C49", "C50"), via="slide"),
        Roll(value=20),
        ChooseGear(gear=1),
        Roll(value=1),
        Drive(path=("C11",)),
        Roll(value=15),
        ChooseGear(gear=4),
        Roll(value=7),
        Drive(path=("C10", "B11", "B12", "B13", "B14", "B15", "B16")),
        Drive(path=("B17",), via="bonus"),
    ]
    turns: list[tuple[str, list[Event]]] = [("p", [])]
    for action in plays:
        state, events = act(state, action)
        for e in events:
            if e.kind in ("turn", "round"):
                turns.append((e.car or "end of round", []))
            else:
                turns[-1][1].append(e)
    played = [(who, procedure(events, boxes)) for who, events in turns]
    assert played == [
        (
            "p",
            [
                ("p", 2, "gear 5"),
                ("p", 4, "roll 20"),
                ("p", 5, "roll to P13"),
                ("p", 5, "tyres restored to 6"),
                ("p", 11, "crew: quick stop, soft tyres"),
                ("p", 12, "pit 10"),
                ("p", 12, "fast stop"),
                ("p", 12, "roll to C6"),
                ("p", 8, "slip to C9"),
                ("w", 13, "collision 20"),
                ("p", 13, "collision 20"),
                ("p", 14, "engine 20"),
                ("r", 14, "engine 20"),
            ],
        ),
        (
            "y",
            [
                ("y", 2, "gear 4"),
                ("y", 4, "roll 9"),
                ("y", 5, "roll to B42"),
                ("y", 5, "lose brakes 2"),
                ("y", 9, "road_holding 1"),
                ("y", 9, "lose road_holding 1"),
            ],
        ),
        (
            "r",
            [
                ("r", 2, "gear 4"),
                ("r", 3, "strike fuel 1"),
                ("r", 4, "roll 11"),
                ("r", 5, "roll to B41"),
                ("r", 8, "slip to C47"),
                ("r", 8, "lose brakes 1"),
                ("r", 6, "slide to C50"),
                ("r", 9, "road_holding 20"),
            ],
        ),
        (
            "w",
            [
                ("w", 2, "gear 1"),
                ("w", 4, "roll 1"),
                ("w", 5, "roll to C11"),
                # the round's last turn is over: the weather, before the leader moves again
                ("w", 15, "weather 15"),
                ("", 15, "weather temp_sun"),
            ],
        ),
        ("end of round", []),
        ("p", [("p", 2, "gear 4"), ("p", 4, "roll 7"), ("p", 5, "roll to B16"), ("p", 7, "bonus to B17")]),
        ("x", []),  # lapped in round 2, x moves again in round 3
    ]
    for who, steps in played:
        assert in_procedure_order([s for _, s, _ in steps]), who
    p, y, r = state.car("p"), state.car("y"), state.car("r")
    assert (p.space, p.tyre, p.wp.tyres, p.pit_stops, p.crossings) == ("B17", Tyre.SOFT, MW.tyres, 1, 2)
    assert (y.space, y.wp.brakes, y.wp.road_holding) == ("B42", MW.brakes - 2, MW.road_holding - 1)
    assert (r.space, r.gear, r.wp.fuel, r.wp.brakes, r.corner, r.stops) == ("C50", 4, MW.fuel - 1, MW.brakes - 1, 1, 1)
    assert state.car("x").space == "C7"  # lapped: no turn in round 2
    assert state.weather == Weather(condition="temp_sun", last="sun", determinations=1)


# --- the steps one by one -------------------------------------------------------------------------


def lone(gear: int, space: str = "B21", weather: str = "sun", **kw):
    """m alone on the back straight (f far behind), its turn, in ``gear``."""
    return masters([masters_car("m", space, gear=gear, **kw), masters_car("f", "A5", gear=1)], "m", weather=weather)


@pytest.mark.rules("MASTERS-TURN-2")
def test_MASTERS_TURN_2_the_lever_shows_the_announced_gear_and_picks_the_die():
    """Declaring a gear sets the car's gear at once, and the die to roll is that gear's."""
    for gear in (3, 4, 5):
        state, ev = act(lone(4), ChooseGear(gear=gear))
        assert state.car("m").gear == gear and ev[0].data["gear"] == gear
        assert chance(state).die == state.rules.gear_dice.die(gear)


@pytest.mark.rules("MASTERS-TURN-3")
def test_MASTERS_TURN_3_skipped_gears_are_struck_when_declared_before_the_roll():
    """6th to 3rd skips two gears: 1 fuel and 1 brake WP are struck before the die is rolled,
    and not again when the car moves."""
    state, _ = act(lone(6), ChooseGear(gear=3))
    assert state.phase == "roll" and state.roll is None
    struck = MW.model_copy(update={"fuel": MW.fuel - 1, "brakes": MW.brakes - 1})
    assert state.car("m").wp == struck
    state, _ = act(state, Roll(value=6), Drive(path=tuple(f"B{i}" for i in range(22, 28))))
    assert state.car("m").wp == struck


@pytest.mark.rules("MASTERS-TURN-4")
def test_MASTERS_TURN_4_after_the_gear_the_race_waits_for_its_die_only():
    """Only the gear die is rolled next: no move, no second gear, no face of another die."""
    state, _ = act(lone(4), ChooseGear(gear=4))
    assert chance(state).purpose == Purpose.GEAR
    assert illegal(state, Drive(path=("B22",))).reason.code == Code.NOT_NOW
    assert illegal(state, ChooseGear(gear=3)).reason.code == Code.NOT_NOW
    assert illegal(state, Roll(value=13)).reason.code == Code.NOT_A_FACE
    state, ev = act(state, Roll(value=12))
    assert [e.kind for e in ev] == ["roll"] and state.roll == 12 and state.phase == "move"


@pytest.mark.rules("MASTERS-TURN-5")
def test_MASTERS_TURN_5_the_car_moves_the_spaces_rolled_or_brakes_for_each_space_less():
    """A 9 in 4th: every move without braking covers 9 spaces; each space less costs 1 brake WP."""
    state, _ = act(lone(4), ChooseGear(gear=4), Roll(value=9))
    found = moves(OVAL, state)
    assert {len(m.path) for m in found if not m.brakes} == {9}
    assert {(len(m.path), m.brakes) for m in found if m.brakes} == {(8, 1), (7, 2), (6, 3)}
    state, ev = act(state, Drive(path=tuple(f"B{i}" for i in range(22, 29))))
    assert state.car("m").space == "B28" and state.car("m").wp.brakes == MW.brakes - 2
    assert [e.data for e in kinds(ev, "wear")] == [{"area": "brakes", "lost": 2, "left": MW.brakes - 2}]


def corner_roll(weather: str, roll: int):
    """m (4th, hard tyres) drives ``roll`` spaces from B33 along lane B: 11 end on B44, the
    Seekurve's first space; 10 on B43, the last space before it."""
    state, _ = act(lone(4, "B33", weather=weather), ChooseGear(gear=4), Roll(value=roll))
    return act(state, Drive(path=tuple(f"B{i}" for i in range(34, 34 + roll))))[0]


@pytest.mark.rules("CORE-MOVE-7", "MASTERS-TURN-6")
def test_MASTERS_TURN_6_a_stop_in_a_corner_in_rain_slides_on_and_the_slide_is_mandatory():
    """Hard tyres in rain: a roll that ends in the Seekurve slides 3 more spaces; the player
    cannot decline it. In the dry, or on the straight, nothing slides."""
    state = corner_roll("rain", 11)
    assert state.movement is not None and state.movement.offer == ("slide",)
    assert {len(m.path) for m in moves(OVAL, state) if not m.brakes} == {3}
    assert illegal(state, EndMove()).reason.rule == "CORE-MOVE-7"
    state, _ = act(state, Drive(path=("B45", "B46", "B47"), via="slide"))
    assert state.car("m").space == "B47" and state.movement is None
    for weather, roll in (("sun", 11), ("rain", 10)):
        assert corner_roll(weather, roll).movement is None, (weather, roll)


def soft_behind(roll: int = 7, front: str = "B29"):
    """m (4th, fresh soft tyres, dry) drives from B21 to B28 - braking when ``roll`` > 7 -
    with f (4th) on ``front``."""
    cars = [masters_car("m", "B21", gear=4, tyre=Tyre.SOFT), masters_car("f", front, gear=4)]
    state, _ = act(masters(cars, "m"), ChooseGear(gear=4), Roll(value=roll))
    return act(state, Drive(path=tuple(f"B{i}" for i in range(22, 29))))[0]


@pytest.mark.rules("TYRE-3", "MASTERS-TURN-7")
def test_MASTERS_TURN_7_fresh_soft_tyres_optionally_one_more_space_or_brake():
    """The bonus is one whole space and optional; braking instead (AMB-49) rules out the
    slipstream of step 8 (AMB-15) but not the bonus."""
    state = soft_behind(front="A5")
    assert state.movement is not None and state.movement.offer == ("bonus",)
    assert {len(m.path) for m in moves(OVAL, state)} == {1}
    assert illegal(state, Drive(path=("B29", "B30"), via="bonus")).reason.rule == "TYRE-3"
    declined, _ = act(state, EndMove())
    assert declined.car("m").space == "B28" and declined.movement is None
    state, _ = act(state, Drive(path=("B29",), via="bonus"))
    assert state.car("m").space == "B29" and state.movement is None  # once per turn
    braked = soft_behind(roll=8)  # behind f, but 1 brake WP spent
    assert braked.movement is not None and braked.movement.offer == ("bonus",)
    assert soft_behind().movement.offer == ("bonus", "slip")


@pytest.mark.rules("MASTERS-TURN-8")
def test_MASTERS_TURN_8_slipstream_is_optional_and_steps_6_and_7_follow_it_again():
    """Behind f, m may take the slipstream or stop; after it the procedure goes on with step 6
    and 7: the bonus not used yet is offered (AMB-48), and in rain a slipstream into a corner
    slides (see the golden test: r)."""
    state = soft_behind()
    declined, _ = act(state, EndMove())
    assert declined.car("m").space == "B28" and declined.movement is None
    state, _ = act(state, Drive(path=("A27", "A28", "A29"), via="slip"))
    assert state.car("m").space == "A29" and state.movement is not None and state.movement.offer == ("bonus",)
    state, _ = act(state, Drive(path=("A30",), via="bonus"))
    assert state.car("m").space == "A30" and state.movement is None


@pytest.mark.rules("CORE-BLOCK-2", "MASTERS-TURN-10")
def test_MASTERS_TURN_10_a_blocked_car_moves_as_far_as_it_can_and_pays_the_blocked_lane_table():
    """a, b and c stand abreast in row 35; m rolls 9 from B28 (row 30): it can drive 4 spaces,
    5 remain: 3 brake and 2 tyre WP (TAB-BLOCK). Its collision roll with b follows (13)."""
    cars = [masters_car("m", "B28", gear=4), masters_car("a", "A31"), masters_car("b", "B33"), masters_car("c", "C36")]
    state, _ = act(masters(cars, "m"), ChooseGear(gear=4), Roll(value=9))
    found = moves(OVAL, state)
    assert {(m.end, m.blocked, m.brakes, m.tyres) for m in found} == {(e, 5, 3, 2) for e in ("A30", "B32", "C35")}
    state, ev = act(state, Drive(path=("B29", "B30", "B31", "B32")))
    assert [(e.kind, e.data.get("area"), e.data.get("lost")) for e in ev if e.kind in ("moved", "wear")] == [
        ("moved", None, None),
        ("wear", "brakes", 3),
        ("wear", "tyres", 2),
    ]
    assert pending(state) == [("collision", "b", "m"), ("collision", "m", "b")]
    out, ev = act(masters(cars, "m"), ChooseGear(gear=4), Roll(value=12))
    assert {m.out.rule for m in moves(OVAL, out)} == {"CORE-BLOCK-2"}


@pytest.mark.rules("MASTERS-TURN-13")
def test_MASTERS_TURN_13_collision_rolls_when_the_car_stops_next_to_or_behind_another():
    """m stops beside f: both roll the black die; a 1 costs a body WP. A stop with nobody
    next to it or ahead rolls nothing."""
    cars = [masters_car("m", "B21", gear=4), masters_car("f", "C31", gear=3)]
    state, _ = act(masters(cars, "m"), ChooseGear(gear=4), Roll(value=7))
    beside, _ = act(state, Drive(path=tuple(f"B{i}" for i in range(22, 29))))  # B28: row 30, beside C31
    assert pending(beside) == [("collision", "f", "m"), ("collision", "m", "f")]
    beside, _ = rolls(beside, 20, 1)
    assert beside.car("m").wp.body == MW.body - 1 and beside.car("f").wp.body == MW.body
    alone, ev = act(state, Drive(path=("A20", "A21", "A22", "A23", "A24", "A25", "A26")))  # A26: row 30, lane A
    assert pending(alone) == [] and not kinds(ev, "check") and kinds(ev, "round")


@pytest.mark.rules("MASTERS-TURN-14")
def test_MASTERS_TURN_14_engine_checks_after_a_20_in_5th_or_a_30_in_6th_last_of_all():
    """The natural top face strains every engine in 5th or 6th, the trigger car first; the
    checks come after the collisions. A 1-4 costs an engine WP. One face less: no check."""
    for gear, top in ((5, 20), (6, 30)):
        cars = [masters_car("m", "B21", gear=gear), masters_car("f", "A5", gear=5), masters_car("g", "C5", gear=4)]
        state, _ = act(masters(cars, "m"), ChooseGear(gear=gear), Roll(value=top))
        best = max((mv for mv in moves(OVAL, state) if mv.out is None and not mv.brakes), key=lambda mv: len(mv.path))
        state, _ = act(state, Drive(path=best.path))
        assert [p for p in pending(state) if p[0] == "engine"] == [("engine", "m", None), ("engine", "f", None)]
        assert pending(state)[-2:] == [("engine", "m", None), ("engine", "f", None)]
        state, _ = rolls(state, *([20] * (len(state.pending) - 1)), 4)
        assert state.car("f").wp.engine == MW.engine - 1 and state.car("m").wp.engine == MW.engine
    state, _ = act(masters(cars, "m"), ChooseGear(gear=5), Roll(value=19))
    best = max((mv for mv in moves(OVAL, state) if mv.out is None and not mv.brakes), key=lambda mv: len(mv.path))
    state, _ = act(state, Drive(path=best.path))
    assert [p for p in pending(state) if p[0] == "engine"] == []


def out_of_box_10(pit_roll: int, *others):
    """p (5th, sun, soft tyres) drives 14 spaces from C58 into box 10 (P13), asks for fresh soft
    tyres and a quick stop, and rolls ``pit_roll`` on the black die."""
    cars = [masters_car("p", "C58", gear=5, box="P13", tyre=Tyre.SOFT), *others]
    state, _ = act(masters(cars, "p", laps=2), ChooseGear(gear=5), Roll(value=14), Drive(path=BOX_10))
    assert state.phase == "pit"
    return act(state, PitStop(tyre=Tyre.SOFT), Roll(value=pit_roll))[0]


@pytest.mark.rules("MASTERS-TURN-12")
def test_MASTERS_TURN_12_after_a_quick_stop_slipstream_back_on_the_track_but_no_bonus():
    """A fast stop of 10 drives p 5 spaces out, to C6, directly behind x (4th): the slipstream
    is offered, the soft bonus is not, although the tyres are fresh and the track dry - neither
    before nor after the slipstream (the procedure goes on with step 7, which the stop skips)."""
    state = out_of_box_10(10, masters_car("x", "C7", gear=4))
    out = [m.path for m in moves(OVAL, state)]
    assert out == [("P14", "P15", "P16", "P17", "C6")]
    state, ev = act(state, Drive(path=out[0]))
    assert state.movement is not None and state.movement.offer == ("slip",)
    state, ev = act(state, Drive(path=("B7", "B8", "B9"), via="slip"))
    assert state.car("p").space == "B9" and state.movement is None and not kinds(ev, "offer")


@pytest.mark.rules("MASTERS-TURN-12")
def test_MASTERS_TURN_12_no_slipstream_while_still_in_the_pit_lane():
    """A fast stop of 2 drives p one space, to P14, directly behind q in the pit lane: no
    slipstream there (AMB-55)."""
    state = out_of_box_10(2, masters_car("q", "P15", gear=4, box="P4", pit_stops=1, crossings=2))
    state, ev = act(state, Drive(path=("P14",)))
    assert state.car("p").space == "P14" and state.movement is None and not kinds(ev, "offer")
