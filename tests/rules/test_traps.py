"""Rule traps a player is warned of (rules.ai.traps): each warning appears exactly where the
engine would spend the WP or end the race, and not elsewhere."""

from __future__ import annotations

import pytest

from rules.ai.traps import box_refusal, gear_traps, move_traps
from rules.engine import moves, rolled
from rules.ruleset import DRESDEN_2006
from rules.tables.pit_points import PitPlan
from tests.rules.test_planning import TRACK, position


@pytest.mark.rules("CORNER-4", "CORE-BRAKE-1")
def test_a_gear_whose_top_roll_passes_the_corner_beyond_the_brakes_is_warned() -> None:
    """CORNER-4, CORE-BRAKE-1: 7 spaces of room in lane A and 3 brake WP: 4th (7-12) can roll
    past them, 3rd (4-8) cannot; and the engine agrees that the top face of 4th costs tyres."""
    state = position("A40", 4)
    traps = gear_traps(TRACK, state)
    assert [t.code for t in traps.get(4, [])] == ["no_brakes"]
    assert traps[4][0].values["roll"] == 11
    assert 3 not in traps
    top = rolled(TRACK, state, 12)
    assert all(m.tyres > 0 or m.out is not None or m.brakes > 0 for m in moves(TRACK, top) if m.path)


@pytest.mark.rules("CORNER-7")
def test_a_move_that_strikes_the_last_tyre_wp_is_warned() -> None:
    """CORNER-7: flying out with 1 tyre WP left spins the car: the move says so first."""
    state = rolled(TRACK, position("A40", 4, tyres=1, brakes=0), 9)
    found = [m for m in moves(TRACK, state) if m.tyres == 1 and m.out is None]
    assert found
    assert any(t.code == "last_wp" and t.values["area"] == "tyres" for t in move_traps(TRACK, state, found[0]))
    clean = [m for m in moves(TRACK, rolled(TRACK, position("A20", 3), 4)) if not m.tyres and not m.brakes]
    assert clean and move_traps(TRACK, position("A20", 3), clean[0]) == []


@pytest.mark.rules("CORNER-3", "CORNER-5")
def test_a_first_stop_on_the_last_row_of_a_two_stop_corner_is_warned() -> None:
    """CORNER-3, CORNER-5: a first stop on the corner's last row leaves no second one."""
    state = rolled(TRACK, position("A9", 3), 8)
    by_end = {m.end: m for m in moves(TRACK, state) if m.out is None}
    last = [m for m in by_end.values() if m.corner == 0 and m.end in ("A17", "B19", "C22")]
    early = [m for m in by_end.values() if m.corner == 0 and m.end not in ("A17", "B19", "C22", "A16", "B18", "C21")]
    assert last and all(any(t.code == "no_further_stop" for t in move_traps(TRACK, state, m)) for m in last)
    assert all(not any(t.code == "no_further_stop" for t in move_traps(TRACK, state, m)) for m in early)


@pytest.mark.rules("PIT-D-2")
def test_an_announced_pit_plan_above_the_pit_lane_gear_is_warned_and_the_refusal_says_why() -> None:
    """PIT-D-2: the pit lane takes at most 4th; a car with a plan in 5th near the entry hears it
    before the gear, and the move phase says why no box is offered."""
    pit = TRACK.pit
    assert pit is not None
    entry = pit.entry
    lane = TRACK.lane_spaces(TRACK.space(entry).lane)
    names = [s.name for s in lane]
    before = names[names.index(entry) - 6]
    state = position(before, 5)
    car = (
        state.car("a")
        .with_league(pit_plan=PitPlan(fuel=1))
        .model_copy(update={"box": pit.boxes[0] if hasattr(pit, "boxes") else None})
    )
    state = state.model_copy(update={"rules": DRESDEN_2006}).with_car(car)
    traps = gear_traps(TRACK, state)
    assert any(t.code == "pit_gear" for t in traps.get(5, []))
    assert not any(t.code == "pit_gear" for t in traps.get(4, []))
    moving = state.model_copy(update={"phase": "move", "roll": 12, "moves_left": 12})
    refusal = box_refusal(TRACK, moving)
    assert refusal is not None and refusal.values == {"gear": 5, "limit": 4}


def _weather(state, condition: str):
    """The state in ``condition`` on hard tyres (fde-advanced): in rain every stop in a corner slides on 3."""
    from rules.ruleset import PRESETS
    from rules.tables.tyres import Tyre
    from rules.tables.weather import Weather

    state = state.model_copy(update={"rules": PRESETS["fde-advanced"], "weather": Weather(condition=condition)})
    return state.with_car(state.car("a").model_copy(update={"tyre": Tyre.HARD}))


@pytest.mark.rules("CORNER-5", "CORE-BRAKE-1", "TYRE-2")
def test_a_stop_whose_slide_leaves_too_few_brakes_for_the_next_stop_is_warned() -> None:
    """CORE-BRAKE-1, TYRE-2, CORNER-5: a first stop on A13 of the 2-stop Lindenkehre slides on 3
    spaces in rain; the second stop in lane A then needs up to 4 brake WP (a 1st-gear 2 and the
    next slide braked into the one space left). The warning counts the car's lane (a lane change
    may save one): it never stays silent where the engine has no way through, and it is silent
    with the brakes that are enough and in the sun."""
    for brakes in range(6):
        wet = rolled(TRACK, _weather(position("A9", 3, brakes=brakes), "rain"), 4)
        stop = next(m for m in moves(TRACK, wet) if m.end == "A13" and m.out is None)
        short = [t for t in move_traps(TRACK, wet, stop) if t.code == "brakes_short"]
        assert bool(short) == (brakes < 4)
        if short:
            assert short[0].values == {"corner": "Lindenkehre", "need": 4, "brakes": brakes}
        if not _second_stop(wet, stop):
            assert short
        if brakes >= 4:
            assert _second_stop(wet, stop)
        dry = rolled(TRACK, _weather(position("A9", 3, brakes=brakes), "sun"), 4)
        dry_stop = next(m for m in moves(TRACK, dry) if m.end == "A13")
        assert not any(t.code == "brakes_short" for t in move_traps(TRACK, dry, dry_stop))


def _second_stop(state, stop) -> bool:
    """Can the car, after ``stop`` and its slide, make the corner's second stop next turn in 1st
    with a roll of 2, every way the engine offers (braking the roll or the slide)?"""
    from rules.actions import Drive
    from rules.engine import apply

    def drive(s, m):
        after, _ = apply(TRACK, s, Drive(path=m.path, via=m.via))
        return after

    def slid(s):
        if s.phase == "move" and s.movement is not None and s.movement.offer == ("slide",):
            return [drive(s, m) for m in moves(TRACK, s) if m.out is None]
        return [s]

    for first in slid(drive(state, stop)):
        car = first.car("a")
        if car.stops != 1:
            continue
        nxt = first.model_copy(update={"phase": "gear", "active": "a"}).with_car(car.model_copy(update={"gear": 1}))
        two = rolled(TRACK, nxt, 2)
        for m in moves(TRACK, two):
            if m.out is None:
                for end in slid(drive(two, m)):
                    c = end.car("a")
                    if c.status == "racing" and c.corner == 0 and c.stops == 2:
                        return True
    return False
