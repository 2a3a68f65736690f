"""The end of a race and its classification, and whole races.

Rules: CORE-END-1, AMB-51 (classification: finishers in crossing order, then
the rest by distance, the later retirement ahead at equal distance), AMB-66
(finished cars leave the track), TAB-OUT (every car out has its reason).
Both AMB entries are followed as RULES.md suggests.
"""

from __future__ import annotations

import pytest

from rules.ai.registry import DRIVERS
from rules.classify import classification
from rules.engine import move_request
from rules.files.record import Header, replay, same_drivers
from rules.reasons import Code, Reason
from rules.ruleset import FORMULA_D_BASIC
from rules.run.session import RaceSession
from tests.rules.fixtures import OVAL, car, kinds, pending, position, turn, turn_order

# --- CORE-END-1, AMB-66 ---------------------------------------------------------------------------


def last_lap():
    """A 2-lap race (finished at 3 crossings): a and c in their last lap, b a lap behind."""
    cars = [car("a", "A58", crossings=2), car("c", "B61", crossings=2), car("b", "A57", crossings=1)]
    return position(cars, laps=2)


@pytest.mark.rules("CORE-END-1")
def test_CORE_END_1_the_first_car_across_the_line_after_the_distance_wins():
    state = last_lap()
    assert state.active == "a"
    state, ev = turn(state, 3, 4, "A1")
    a = state.car("a")
    assert (a.status, a.place, a.crossings) == ("finished", 1, 3)
    assert [e.data for e in kinds(ev, "finish")] == [{"place": 1}]
    assert kinds(ev, "moved")[0].data["path"] == ["A59", "A60", "A1"]  # the rest of the roll is not driven
    assert state.active == "c"
    state, ev = turn(state, 3, 6, "B1")
    assert state.car("c").place == 2 and state.phase == "gear"  # the race goes on for the others


def test_AMB_66_a_finished_car_leaves_the_track_and_collides_with_nobody():
    state, _ = turn(last_lap(), 3, 4, "A1")  # a finishes on A1
    state, _ = turn(state, 3, 6, "B1")  # c finishes on B1
    assert {"A1", "B1"}.isdisjoint(move_request(OVAL, state).occupied)
    state, _ = turn(state, 3, 4, "A1")  # b stops where a finished, level with where c finished
    assert state.car("b").space == "A1" and state.car("b").crossings == 2
    assert pending(state) == []


def test_AMB_66_a_finished_trigger_car_rolls_no_engine_check_the_others_do():
    cars = [car("a", "A45", gear=5, crossings=2, corner=1, stops=1), car("sixth", "B30", gear=6, crossings=1)]
    state, _ = turn(position(cars, "a", laps=2), 5, 20, "A1")
    assert state.car("a").status == "finished"
    assert pending(state) == [("engine", "sixth", None)]


@pytest.mark.rules("CORE-DANGER-4", "CORE-END-1")
def test_CORE_END_1_the_race_is_over_when_no_car_is_racing():
    gone = car("x", "C40", status="out", out=out("CORE-DANGER-4"), out_round=1)
    state = position([car("a", "A58", crossings=2), car("c", "B61", crossings=2), gone], laps=2)
    state, _ = turn(state, 3, 4, "A1")
    assert state.phase == "gear" and state.active == "c"
    state, ev = turn(state, 3, 6, "B1")
    assert [e.kind for e in ev][-2:] == ["finish", "race_over"]
    assert (state.phase, state.active, state.finished) == ("done", None, True)
    assert [(p.car, p.status) for p in classification(OVAL, state)] == [
        ("a", "finished"),
        ("c", "finished"),
        ("x", "out"),
    ]


# --- AMB-51: the classification ----------------------------------------------------------------------


def out(rule: str, code: Code = Code.AREA_GONE, **values) -> Reason:
    return Reason(rule=rule, code=code, values=values or {"area": "body"})


@pytest.mark.rules("CORNER-5", "CORE-COLL-3", "CORE-DANGER-4")
def test_AMB_51_finishers_by_crossing_order_then_the_rest_by_distance():
    cars = [
        car("early", "A10", crossings=1, status="out", out=out("CORE-COLL-3"), out_round=3),
        car("second", "B1", crossings=3, status="finished", place=2),
        car("running", "A30", crossings=2),
        car("late", "A10", crossings=1, status="out", out=out("CORE-DANGER-4"), out_round=9),
        car("winner", "A1", crossings=3, status="finished", place=1),
        car("lap2", "A5", crossings=2, status="out", out=out("CORNER-5", Code.MISSED_STOPS), out_round=12),
    ]
    state = position([c for c in cars if c.status == "racing"] + [c for c in cars if c.status != "racing"], laps=2)
    places = classification(OVAL, state)
    assert [(p.position, p.car, p.status) for p in places] == [
        (1, "winner", "finished"),
        (2, "second", "finished"),
        (3, "running", "racing"),  # lap 2, row 34
        (4, "lap2", "out"),  # lap 2, row 4
        (5, "late", "out"),  # equal distance: the later retirement ranks higher
        (6, "early", "out"),
    ]
    assert [p.laps for p in places] == [2, 2, 1, 1, 0, 0]
    assert [p.reason.rule if p.reason else None for p in places] == [
        None,
        None,
        None,
        "CORNER-5",
        "CORE-DANGER-4",
        "CORE-COLL-3",
    ]


# --- a whole race --------------------------------------------------------------------------------


def race_header(seed: int, cars: int = 10, laps: int = 3, aggressive: bool = False) -> Header:
    """Odd cars careful and even cars aggressive, or all aggressive."""
    base = same_drivers(OVAL, FORMULA_D_BASIC, cars, laps, seed)
    return base.model_copy(
        update={
            "entries": tuple(
                e.model_copy(update={"driver": "careful" if i % 2 and not aggressive else "aggressive"})
                for i, e in enumerate(base.entries, start=1)
            )
        }
    )


def race(seed: int, aggressive: bool = False) -> RaceSession:
    session = RaceSession(OVAL, race_header(seed, aggressive=aggressive), drivers=DRIVERS)
    session.run_to_end()
    return session


@pytest.mark.parametrize(("seed", "aggressive"), [(13, False), (33, True)])
def test_a_10_car_3_lap_race_ends_with_every_car_classified(seed: int, aggressive: bool):
    """Seeded dice, computer drivers: every car finishes, or is out with its reason (TAB-OUT).
    The seeds were picked to include retirements with the shipped drivers."""
    session = race(seed, aggressive)
    state = session.state
    assert state.finished and all(c.status in ("finished", "out") for c in state.cars)
    places = classification(OVAL, state)
    assert [p.position for p in places] == list(range(1, 11))
    assert sorted(p.car for p in places) == sorted(c.id for c in state.cars)
    finished = [p for p in places if p.status == "finished"]
    assert finished and places[: len(finished)] == finished
    assert [state.car(p.car).place for p in finished] == list(range(1, len(finished) + 1))
    assert all(p.laps == 3 for p in finished)
    for p in places[len(finished) :]:
        assert p.status == "out" and p.reason is not None and p.reason.english()
        assert state.car(p.car).out == p.reason and state.car(p.car).out_round is not None
    assert len(places) - len(finished) >= 1
    assert replay(OVAL, session.record()) == state  # the record replays to the same end


@pytest.mark.rules("FD08-GRID-1", "FD08-START-1")
def test_a_race_plays_the_start_procedure():
    """Grid roll, start rolls, the dream starts, then game round 1 in grid order without the
    stalled cars (FD08-GRID-1, FD08-START-1, AMB-58, AMB-59). Seed 1 has two stalls and a dream."""
    session = RaceSession(OVAL, race_header(1), drivers=DRIVERS)
    events = []
    while session.state.round < 2:
        events += session.advance()
    grid = kinds(events, "grid")[0].data["order"]
    starts = {e.car: e.data["result"] for e in kinds(events, "start")}
    assert list(starts) == grid  # every car rolls for the start, in grid order
    round_1 = [e.car for e in kinds(events, "turn") if e.data["round"] == 1]
    assert round_1 == [c for c in grid if starts[c] != "stall"]
    dreams = [e.car for e in kinds(events, "turn") if e.data["round"] == 0]
    assert dreams == [c for c in grid if starts[c] == "dream"]
    assert dreams and "stall" in starts.values()


def test_AMB_56_AMB_51_mid_race_a_pit_lane_car_ranks_as_at_the_pit_entry():
    """The standings agree with the turn order: a car in box 10 (past the line) ranks behind a
    track car beyond the pit entry, and ahead of one behind it."""
    cars = [
        car("behind", "C50", corner=1, stops=1, crossings=1),
        car("box10", "P13", gear=4, crossings=2, box="P13", pit_stops=1, pit_wait=True),
        car("between", "C62", crossings=1),
    ]
    state = position(cars, laps=2)
    standings = [p.car for p in classification(OVAL, state)]
    order, _ = turn_order(state, 3)
    assert standings == order[:3] == ["between", "box10", "behind"]
