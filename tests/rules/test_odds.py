"""Gear odds are exact: they match playing out every die face through the engine."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.tracks.load import load_track
from rules.actions import ChooseGear, Drive, Roll
from rules.engine import apply, gear_options, moves
from rules.gears import ShiftCost
from rules.moves import Move
from rules.odds import cautious_move, gear_odds
from rules.ruleset import FORMULA_D_BASIC
from rules.state import CarState, RaceState, SweepState
from tests.conftest import REPO

TRACK = load_track(REPO / "maps" / "oval.tmx")


def position(space: str, gear: int, stops: int = 0, corner: int | None = None, tyres: int = 6) -> RaceState:
    """One car to move on the oval, another parked out of the way."""
    wear = FORMULA_D_BASIC.default_wear.model_copy(update={"tyres": tyres})
    cars = (
        CarState(id="a", space=space, gear=gear, wp=wear, crossings=1, corner=corner, stops=stops),
        CarState(id="b", space="A30", gear=3, wp=FORMULA_D_BASIC.default_wear, crossings=1),
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


def enumerate_outcomes(state: RaceState, gear: int) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Play every face of the gear's die through ``apply`` with the cautious policy."""
    s, _ = apply(TRACK, state, ChooseGear(gear=gear))
    stop = out = Fraction(0)
    over: dict[int, Fraction] = {}
    faces = state.rules.gear_dice.die(gear).faces
    for face in faces:
        p = Fraction(1, len(faces))
        rolled, _ = apply(TRACK, s, Roll(value=face))
        move = cautious_move(moves(TRACK, rolled))
        after, _ = apply(TRACK, rolled, Drive(path=move.path))
        car = after.car("a")
        if car.status == "out":
            out += p
        elif car.corner is not None and car.space is not None and TRACK.space(car.space).corner is not None:
            stop += p
        if move.overshoot:
            over[move.overshoot] = over.get(move.overshoot, Fraction(0)) + p
    return stop, out, over


@pytest.mark.parametrize(
    "space, gear, stops, corner",
    [
        ("B8", 4, 0, None),  # approaching the Lindenkehre (2 stops) in 4th
        ("B8", 3, 0, None),
        ("B14", 2, 1, 0),  # inside it with one stop made
        ("A40", 5, 0, None),  # a long straight
    ],
)
def test_odds_match_exhaustive_play(space, gear, stops, corner):
    state = position(space, gear, stops, corner)
    odds = gear_odds(TRACK, state)
    legal = {g for g, o in gear_options(TRACK, state).items() if isinstance(o, ShiftCost)}
    assert set(odds) == legal
    for g in legal:
        stop, out, over = enumerate_outcomes(state, g)
        assert odds[g].corner_stop == stop
        assert odds[g].out == out
        assert odds[g].overshoot == over
        assert sum(odds[g].overshoot.values(), Fraction(0)) <= 1


def test_odds_see_the_danger_of_a_fast_corner_entry():
    """Worn tyres before a 2-stop corner: 6th gear is certain elimination, 2nd is safe."""
    state = position("B8", 5, tyres=1)
    odds = gear_odds(TRACK, state)
    assert odds[6].out == 1
    assert odds[4].out < odds[6].out
    assert odds[5].out > 0


def rain_position(space: str, gear: int, stops: int = 0, corner: int | None = None) -> RaceState:
    """The same position in rain on hard tyres (fde-advanced): every stop in a corner slides on 3 spaces."""
    from rules.ruleset import PRESETS
    from rules.tables.tyres import Tyre
    from rules.tables.weather import Weather

    state = position(space, gear, stops, corner).model_copy(
        update={"rules": PRESETS["fde-advanced"], "weather": Weather(condition="rain")}
    )
    return state.with_car(state.car("a").model_copy(update={"tyre": Tyre.HARD}))


def play_with_slide(state: RaceState, gear: int) -> tuple[Fraction, dict[int, Fraction]]:
    """Every face, every roll move and then every slide move the engine offers, each through
    ``apply``: the movement that stays in the race, loses the fewest WP, then goes furthest."""
    s, _ = apply(TRACK, state, ChooseGear(gear=gear))
    out = Fraction(0)
    over: dict[int, Fraction] = {}
    faces = state.rules.gear_dice.die(gear).faces
    for face in faces:
        rolled, _ = apply(TRACK, s, Roll(value=face))
        best = None
        for move in moves(TRACK, rolled):
            endings: list[tuple[Move, Move | None]] = [(move, None)]
            if move.out is None and move.path:
                after, _ = apply(TRACK, rolled, Drive(path=move.path, via=move.via))
                if after.phase == "move" and after.movement is not None and after.movement.offer == ("slide",):
                    endings = [(move, slide) for slide in moves(TRACK, after)]
            for m, slide in endings:
                gone = m.out is not None or (slide is not None and slide.out is not None)
                cost = m.brakes + m.tyres + (slide.brakes + slide.tyres if slide else 0)
                spaces = len(m.path) + (len(slide.path) if slide else 0)
                flown = m.overshoot + (slide.overshoot if slide else 0)
                key = (gone, cost, -spaces, m.dangers + (slide.dangers if slide else 0), m.path)
                if best is None or key < best[0]:
                    best = (key, flown)
        assert best is not None
        p = Fraction(1, len(faces))
        out += p * best[0][0]
        if best[1]:
            over[best[1]] = over.get(best[1], Fraction(0)) + p
    return out, over


@pytest.mark.rules("TYRE-2")
@pytest.mark.parametrize("space, gear, stops, corner", [("B8", 4, 0, None), ("B8", 5, 0, None), ("B14", 3, 1, 0)])
def test_in_rain_the_odds_play_the_slide_tyre_2(space, gear, stops, corner):
    """TYRE-2: in rain the slide after a stop in a corner is part of the move the odds count, exactly
    as the engine plays it, so a gear whose roll alone stays in the corner may still overshoot."""
    wet = rain_position(space, gear, stops, corner)
    odds = gear_odds(TRACK, wet)
    dry = gear_odds(TRACK, wet.model_copy(update={"weather": wet.weather.model_copy(update={"condition": "sun"})}))
    for g in odds:
        out, over = play_with_slide(wet, g)
        assert odds[g].out == out
        assert odds[g].overshoot == over
    assert any(sum(odds[g].overshoot.values()) > sum(dry[g].overshoot.values()) for g in odds)
