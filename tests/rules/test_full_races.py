"""A 10-car 3-lap race with computer drivers on every shipped track
ends, classifies every car, and replays identically from its record."""

from __future__ import annotations

import pytest

from game.tracks.load import load_track
from rules.ai.registry import DRIVERS
from rules.classify import classification
from rules.files.record import dumps, loads, replay, same_drivers
from rules.ruleset import FORMULA_D_BASIC, PRESETS
from rules.run.session import RaceSession
from tests.conftest import REPO

TRACKS = sorted((REPO / "maps").glob("*.tmx"))


@pytest.mark.parametrize("path", TRACKS, ids=lambda p: p.name)
def test_ten_cars_three_laps_finish_classify_and_replay(path):
    track = load_track(path)
    mixed = same_drivers(track, FORMULA_D_BASIC, cars=10, laps=3, seed=11)
    header = mixed.model_copy(
        update={
            "entries": tuple(
                e.model_copy(update={"driver": ("careful", "aggressive")[i % 2]}) for i, e in enumerate(mixed.entries)
            )
        }
    )
    session = RaceSession(track, header, drivers=DRIVERS)
    session.run_to_end()
    assert session.state.finished
    places = classification(track, session.state)
    assert sorted(p.car for p in places) == sorted(e.id for e in header.entries)
    for p in places:
        assert p.status in ("finished", "out")
        assert (p.status == "out") == (p.reason is not None)
    record = loads(dumps(session.record()))
    assert replay(track, record).model_dump_json() == session.state.model_dump_json()


@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_preset_races_to_the_end_and_replays_identically(key, seed):
    """Races of computer drivers under each preset (weather, tyres, set-ups, pit choices, extras,
    a decided grid) end with every car classified, and the record replays to the very same
    state. The invariants after every action are in test_properties.py."""
    track = load_track(REPO / "maps" / "oval.tmx")
    mixed = same_drivers(track, PRESETS[key], cars=6, laps=2, seed=seed)
    header = mixed.model_copy(
        update={
            "entries": tuple(
                e.model_copy(update={"driver": ("careful", "aggressive")[i % 2]}) for i, e in enumerate(mixed.entries)
            )
        }
    )
    if PRESETS[key].grid == "qualifying":  # the grid a qualifying session decided (VAR-20)
        header = header.model_copy(update={"grid": tuple(reversed([e.id for e in header.entries]))})
    session = RaceSession(track, header, drivers=DRIVERS)
    session.run_to_end()
    state = session.state
    assert state.finished and state.movement is None
    if header.grid:
        assert [c.id for c in sorted(state.cars, key=lambda c: c.grid_slot or 0)] == list(header.grid)
    assert all(c.status in ("finished", "out") for c in state.cars)
    if PRESETS[key].weather:
        assert state.weather is not None
    if PRESETS[key].tyres:
        assert all(c.tyre is not None for c in state.cars)
    record = loads(dumps(session.record()))
    assert replay(track, record).model_dump_json() == state.model_dump_json()
