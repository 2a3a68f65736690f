"""Files of schema 2 (the flat car and race state) load in today's shape and replay the same race.

The files ``v2_*`` under ``tests/rules/data`` were written by the game before the state's slices:
two whole races (a street race and a Dresden league race) with their final states, a position of
each from the middle of the race, and a qualifying session's save. ``v3_dresden-2006_position``
is a position of schema 3 with the league's car fields and the engine boost still flat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.tools.race import load_position
from game.tracks.load import load_track
from rules.files import migrate
from rules.files.record import SCHEMA_VERSION, RecordError, loads, replay
from rules.qualifying.session import loads_qualifying
from rules.state import RaceState

DATA = Path(__file__).parent / "data"
MAPS = Path(__file__).resolve().parents[2] / "maps"
RACES = {"street": "hafenstadt", "dresden-2006": "eichwald"}


def old(name: str) -> str:
    return (DATA / name).read_text()


@pytest.mark.parametrize("preset", sorted(RACES))
def test_a_schema_2_record_loads_as_the_current_schema_and_replays_to_the_same_race(preset: str) -> None:
    text = old(f"v2_{preset}_record.json")
    assert json.loads(text)["header"]["schema_version"] == 2
    record = loads(text)
    assert record.header.schema_version == SCHEMA_VERSION == 3
    final = replay(load_track(MAPS / f"{RACES[preset]}.tmx"), record)
    assert final == RaceState.model_validate_json(json.dumps(migrate.state(json.loads(old(f"v2_{preset}_final.json")))))
    assert final.finished


def test_the_street_fields_of_a_schema_2_state_move_into_the_street_slice() -> None:
    flat = json.loads(old("v2_street_position.json"))["state"]
    used = [c["nitro_lap"] for c in flat["cars"]]
    assert any(lap is not None for lap in used)
    state = RaceState.model_validate_json(json.dumps(migrate.state(flat)))
    assert [c.street.nitro_lap for c in state.cars] == used
    assert [c.street.free_wp for c in state.cars] == [c["free_wp"] for c in flat["cars"]]
    assert (state.street.nitro, [p.model_dump() for p in state.street.police]) == (flat["nitro"], flat["police"])
    assert migrate.state(json.loads(state.model_dump_json())) == json.loads(
        state.model_dump_json()
    )  # today's shape stays


def test_the_league_fields_of_a_schema_2_state_move_into_the_league_slice() -> None:
    flat = json.loads(old("v2_dresden-2006_final.json"))
    state = RaceState.model_validate_json(json.dumps(migrate.state(flat)))
    league = state.league.model_dump(mode="json")
    assert league == {f: flat[f] for f in migrate.SLICED["league"][1]}
    cars = [c.league.model_dump(mode="json") for c in state.cars]
    assert cars == [{f: c[f] for f in migrate.SLICED["league"][0]} for c in flat["cars"]]
    assert [c.league.karma for c in state.cars] == [30, 30, 17, 13] and state.league.boost


def test_a_schema_3_position_with_the_league_car_fields_flat_loads_with_them_in_the_slice(tmp_path: Path) -> None:
    """A schema-3 position whose cars hold the league's fields flat, and the race its boost and
    roll-out flags, is read with them in the league slices."""
    raw = json.loads(old("v3_dresden-2006_position.json"))
    flat = raw["state"]
    assert "league" in flat and "karma" in flat["cars"][0] and flat["boost"] is True
    raw["track"] = str(MAPS / Path(raw["track"]).name)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(raw))
    pos = load_position(str(path))
    assert not isinstance(pos, str), pos
    assert [c.league.karma for c in pos.state.cars] == [c["karma"] for c in flat["cars"]] == [30, 30, 11, 10]
    assert [c.league.led for c in pos.state.cars] == [tuple(c["led"]) for c in flat["cars"]]
    assert pos.state.league.model_dump(mode="json") == {**flat["league"], "boost": True, "rolling": flat["rolling"]}


@pytest.mark.parametrize("preset", sorted(RACES))
def test_a_schema_2_position_file_loads(preset: str, tmp_path: Path) -> None:
    raw = json.loads(old(f"v2_{preset}_position.json"))
    raw["track"] = str(MAPS / Path(raw["track"]).name)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(raw))
    pos = load_position(str(path))
    assert not isinstance(pos, str), pos
    assert pos.state.round == raw["state"]["round"] and [c.id for c in pos.state.cars] == [
        c["id"] for c in raw["state"]["cars"]
    ]


def test_a_schema_2_qualifying_save_loads_as_the_current_schema() -> None:
    saved = loads_qualifying(old("v2_qualifying_save.json"))
    assert saved.schema_version == saved.header.schema_version == SCHEMA_VERSION
    assert len(saved.laps) == 2


@pytest.mark.parametrize("version", [1, 4, "2", None])
def test_a_record_of_a_schema_no_migration_knows_is_refused_with_its_version(version: object) -> None:
    raw = json.loads(old("v2_street_record.json"))
    raw["header"]["schema_version"] = version
    with pytest.raises(RecordError, match=f"schema_version {version!r} is not supported"):
        loads(json.dumps(raw))


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("nitro", "yes", "state.street.nitro"),
        ("restarts", -1, "state.league.restarts"),
        ("street", "x", "state.street"),
    ],
)
def test_a_damaged_schema_2_position_is_refused_with_where_it_is_wrong(
    field: str, value: object, where: str, tmp_path: Path
) -> None:
    raw = json.loads(old("v2_street_position.json"))
    raw["state"][field] = value
    path = tmp_path / "position.json"
    path.write_text(json.dumps(raw))
    said = load_position(str(path))
    assert isinstance(said, str) and said.startswith(f"{path}: {where}"), said
