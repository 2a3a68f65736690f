"""The planning aid (rules.ai.planning): what a gear leaves for the next corner, checked against
the engine's own odds of the positions it leads to (CORNER-3..6, CORE-GEAR-3/4, TAB-DOWNSHIFT)."""

from __future__ import annotations

import time

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Roll
from rules.ai.planning import NO_DROP, downshift_cost, plan
from rules.engine import apply, moves
from rules.odds import cautious_move, gear_odds
from rules.ruleset import FORMULA_D_BASIC
from rules.state import CarState, RaceState, SweepState
from tests.conftest import REPO

TRACK = load_track(REPO / "maps" / "oval.tmx")


def position(
    space: str, gear: int, stops: int = 0, corner: int | None = None, tyres: int = 6, brakes: int = 3
) -> RaceState:
    """One car to move on the oval, another parked out of the way."""
    wear = FORMULA_D_BASIC.default_wear.model_copy(update={"tyres": tyres, "brakes": brakes})
    cars = (
        CarState(id="a", space=space, gear=gear, wp=wear, crossings=1, corner=corner, stops=stops),
        CarState(
            id="b", space="A30" if space != "A30" else "C30", gear=3, wp=FORMULA_D_BASIC.default_wear, crossings=1
        ),
    )
    return RaceState(
        track_hash=TRACK.content_hash(),
        rules=FORMULA_D_BASIC,
        laps=3,
        cars=cars,
        phase="gear",
        active="a",
        round=5,
        sweep=SweepState(),
    )


def ends(state: RaceState, gear: int) -> list[CarState]:
    """The car after each face of ``gear``'s die, played through the engine with the gear table's move."""
    s, _ = apply(TRACK, state, ChooseGear(gear=gear))
    out = []
    for face in state.rules.gear_dice.die(gear).faces:
        rolled, _ = apply(TRACK, s, Roll(value=face))
        move = cautious_move(moves(TRACK, rolled))
        if move.out is None:
            out.append(
                s.car("a").model_copy(
                    update={
                        "space": move.end,
                        "gear": gear,
                        "corner": move.corner,
                        "stops": move.stops if move.corner is not None else 0,
                        "wp": s.car("a").wp.model_copy(
                            update={
                                "brakes": s.car("a").wp.brakes - move.brakes,
                                "tyres": s.car("a").wp.tyres - move.tyres,
                            }
                        ),
                    }
                )
            )
    return out


def next_turn(car: CarState) -> RaceState:
    return position(car.space or "", car.gear, car.stops, car.corner, car.wp.tyres, car.wp.brakes)


def test_safe_gear_is_the_highest_that_never_overshoots_next_turn() -> None:
    """5th gear 22 spaces before a 1-stop corner: this roll is harmless (the gear table shows no
    overshoot), but from where it ends only a low gear stops in the corner next turn: from every
    end, the engine's odds of the plan's ``safe`` gear spend no WP on the corner (the plan reads
    the car's lane, so it may be more careful than a lane change allows, never less)."""
    state = position("A20", 4)
    assert sum(gear_odds(TRACK, state)[5].overshoot.values()) == 0 and gear_odds(TRACK, state)[5].wear == 0
    gp = plan(TRACK, state).gears[5]
    assert 1 <= gp.safe < 4 and gp.drop == 5 - gp.safe
    for car in ends(state, 5):
        odds = gear_odds(TRACK, next_turn(car.model_copy(update={"gear": gp.safe})))[gp.safe]
        assert odds.wear == 0 and odds.out == 0
    assert plan(TRACK, state).gears[3].drop == 0


@pytest.mark.rules("CORE-GEAR-5")
def test_downshift_cost_follows_the_downshift_table() -> None:
    """TAB-DOWNSHIFT: one gear down is free, skipping one to three costs one to three WP;
    CORE-GEAR-5: never 6th to 1st."""
    state = position("A20", 4)
    assert [downshift_cost(state, 6, g) for g in (5, 4, 3, 2, 1)] == [0, 1, 2, 3, NO_DROP]
    assert downshift_cost(state, 3, 0) == NO_DROP


def test_a_gear_that_lands_short_of_a_corner_in_too_high_a_gear_shows_the_risk() -> None:
    """The plan's chances come from the lane: a careful low gear carries none, the top gear does."""
    p = plan(TRACK, position("A20", 4))
    assert p.gears[3].overshoot == 0 and p.gears[3].out == 0
    assert p.gears[5].overshoot > p.gears[4].overshoot >= 0
    assert all(0 <= g.out <= g.overshoot <= 1 for g in p.gears.values())


@pytest.mark.rules("CORNER-3", "CORNER-5")
def test_stop_spaces_mark_the_last_row_of_a_two_stop_corner() -> None:
    """CORNER-3/5: before a 2-stop corner, a first stop on its last row leaves no second stop;
    the engine agrees: from there every roll leaves the corner with a stop missing."""
    p = plan(TRACK, position("A5", 3))
    assert p.corner == 0 and p.owed == 2
    marks = {m.space: m.leaves for m in p.spaces}
    assert set(marks) == set(TRACK.corners[0].spaces)
    assert marks["A17"] is False and marks["A16"] is True and marks["C12"] is True
    last = position("A17", 1, stops=1, corner=0)
    s, _ = apply(TRACK, last, ChooseGear(gear=1))
    for face in last.rules.gear_dice.die(1).faces:
        rolled, _ = apply(TRACK, s, Roll(value=face))
        assert all(m.overshoot > 0 or m.out is not None for m in moves(TRACK, rolled) if m.path)


def test_inside_a_corner_only_the_spaces_ahead_are_marked() -> None:
    p = plan(TRACK, position("A13", 2, stops=1, corner=0))
    assert p.corner == 0 and p.owed == 1
    assert p.spaces and all(m.leaves for m in p.spaces)
    assert "A12" not in {m.space for m in p.spaces}


def test_the_plan_is_cached_per_state_and_fast() -> None:
    state = position("A20", 4)
    t0 = time.perf_counter()
    first = plan(TRACK, state)
    assert time.perf_counter() - t0 < 1.0
    assert plan(TRACK, state) is first
    assert plan(TRACK, state.model_copy()) is not first


@pytest.mark.rules("TYRE-2")
def test_in_rain_the_slide_after_a_stop_counts_tyre_2() -> None:
    """TYRE-2: in rain a stop in a corner slides on, so the same roll leaves less room: the plan's
    safe gear is never higher than in the dry, and lower for some gear on the way to the corner."""
    from rules.engine import slide_spaces
    from rules.ruleset import PRESETS
    from rules.tables.tyres import Tyre
    from rules.tables.weather import Weather

    rules = PRESETS["fde-advanced"]
    dry = position("A3", 3).model_copy(update={"rules": rules, "weather": Weather(condition="sun")})
    dry = dry.with_car(dry.car("a").model_copy(update={"tyre": Tyre.HARD}))
    wet = dry.model_copy(update={"weather": Weather(condition="rain")})
    assert slide_spaces(wet, wet.car("a")) > 0 == slide_spaces(dry, dry.car("a"))
    in_dry, in_rain = plan(TRACK, dry).gears, plan(TRACK, wet).gears
    assert set(in_dry) == set(in_rain)
    assert all(in_rain[g].safe <= in_dry[g].safe for g in in_dry)
    assert any(in_rain[g].safe < in_dry[g].safe or in_rain[g].overshoot > in_dry[g].overshoot for g in in_dry)
