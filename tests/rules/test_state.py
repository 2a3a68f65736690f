"""The race state as a file format: a position read from JSON is
validated as strictly as a record, so impossible positions are refused with the field
that is wrong, and every state the engine makes still passes."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rules.ai.registry import DRIVERS
from rules.files.record import same_drivers
from rules.ruleset import PRESETS
from rules.run.session import RaceSession
from rules.state import RaceState
from tests.rules.fixtures import OVAL


@pytest.fixture(scope="module")
def sample() -> dict:
    """A state of game round 2 or later, as plain JSON data."""
    session = RaceSession(OVAL, same_drivers(OVAL, PRESETS["fd-basic"], 3, 2, 4), drivers=DRIVERS)
    while session.state.round < 2 or session.state.phase != "gear":
        session.advance()
    return json.loads(session.state.model_dump_json())


def refused(raw: dict) -> str:
    """The first problem of validating ``raw`` strictly, as a file is read."""
    with pytest.raises(ValidationError) as err:
        RaceState.model_validate_json(json.dumps(raw), strict=True)
    first = err.value.errors()[0]
    return ".".join(str(p) for p in first["loc"]) + ": " + first["msg"]


def edited(raw: dict, **update) -> dict:
    return {**raw, **update}


def car_edited(raw: dict, index: int = 0, **update) -> dict:
    cars = [dict(c) for c in raw["cars"]]
    cars[index].update(update)
    return {**raw, "cars": cars}


def test_the_sample_itself_is_valid(sample):
    RaceState.model_validate_json(json.dumps(sample), strict=True)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda r: edited(r, laps=0), "laps: Input should be greater than or equal to 1"),
        (lambda r: edited(r, laps=4), "laps: Input should be less than or equal to 3"),
        (lambda r: edited(r, laps="1"), "laps: Input should be a valid integer"),
        (lambda r: edited(r, round=10**30), "round: Input should be less than or equal to 10000"),
        (lambda r: edited(r, round=-1), "round: Input should be greater than or equal to 0"),
        (lambda r: edited(r, seq=-3), "seq: Input should be greater than or equal to 0"),
        (lambda r: car_edited(r, crossings=-1), "cars.0.crossings: Input should be greater than or equal to 0"),
        (lambda r: car_edited(r, gear=7), "cars.0.gear: Input should be less than or equal to 6"),
        (lambda r: car_edited(r, grid_rolls=[21]), "cars.0.grid_rolls.0: Input should be less than or equal to 20"),
        (lambda r: car_edited(r, place=0), "cars.0.place: Input should be greater than or equal to 1"),
        (lambda r: edited(r, cars=[]), "cars: Tuple should have at least 1 item after validation, not 0"),
    ],
    ids=[
        "laps-0",
        "laps-4",
        "laps-string",
        "round-1e30",
        "round-negative",
        "seq-negative",
        "crossings-negative",
        "gear-7",
        "grid-roll-21",
        "place-0",
        "no-cars",
    ],
)
def test_impossible_values_are_refused_with_their_field(sample, make, expected):
    assert refused(make(sample)) == expected


@pytest.mark.rules("CORE-END-1", "TEAM-B-2")
@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda r: edited(r, queue=["car9"]), "queue names 'car9', which is not one of the cars (car"),
        (lambda r: edited(r, active="car9"), "active names 'car9'"),
        (
            lambda r: edited(r, pending=[{"purpose": "collision", "car": "car1", "other": "ghost"}]),
            "pending[0].other names 'ghost'",
        ),
        (lambda r: edited(r, sweep={**r["sweep"], "moved": ["nobody"]}), "sweep.moved names 'nobody'"),
        (lambda r: car_edited(r, 1, id=r["cars"][0]["id"]), "car ids must be unique"),
        (lambda r: car_edited(r, crossings=4), "has crossed the line 4 times in a 2-lap race (at most 3)"),
        (lambda r: car_edited(r, status="finished"), "a finished car has a place and only a finished car has one"),
        (lambda r: {**car_edited(r, team=1), "team_stock": [4]}, "team 1 has no stock (team_stock has 1 teams)"),
        (lambda r: car_edited(r, tyre_from=3, crossings=1), "tyre_from 3 is a lap after the next one (2)"),
    ],
    ids=[
        "queue",
        "active",
        "pending-other",
        "sweep",
        "duplicate-id",
        "crossings-past-the-finish",
        "finished-without-place",
        "team-without-stock",
        "tyre-age",
    ],
)
def test_CORE_END_1_TEAM_B_2_AMB_26_cross_field_checks(sample, make, expected):
    assert expected in refused(make(sample))


@pytest.mark.parametrize("preset", ["fd-basic", "fde-advanced", "masters-2002", "team race"])
def test_every_state_of_a_race_is_a_valid_position(preset):
    """The constraints never refuse what the engine itself makes: each state of a whole
    race round-trips through strict JSON validation."""
    rules = PRESETS["fd-basic"].model_copy(update={"teams": True}) if preset == "team race" else PRESETS[preset]
    header = same_drivers(OVAL, rules, 4, 1, 2, "aggressive")
    if rules.grid == "qualifying":
        header = header.model_copy(update={"grid": ("car3", "car1", "car4", "car2")})
    session = RaceSession(OVAL, header, drivers=DRIVERS)
    while not session.state.finished:
        state = session.state
        assert RaceState.model_validate_json(state.model_dump_json(), strict=True) == state
        session.advance()
