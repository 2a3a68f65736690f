"""Whole Dresden races of computer drivers: every shipped track finishes, and a race with an
engine boost, a fuel roll-out and a wreck replays exactly from its record.

Rules: FUEL-1..3, ENG-D-3, OUT-D-3 (in play), CORE-END-1 (the race ends).
"""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from game.tracks.load import load_track
from rules.ai.registry import DRIVERS
from rules.files.record import load, replay, save
from rules.ruleset import preset
from rules.run.session import RaceSession
from rules.run.simulation import play, race_header

MAPS = sorted(Path("maps").glob("*.tmx"))
# every track once, the two Dresden presets taking turns (bench/soak.py draws every pairing)
RACES = [(path, ("dresden-2006", "dresden-open")[i % 2]) for i, path in enumerate(MAPS)]


@pytest.mark.parametrize(("path", "rules"), RACES, ids=lambda v: v.stem if isinstance(v, Path) else v)
def test_a_10_car_3_lap_dresden_race_finishes_on_every_shipped_track(path: Path, rules: str):
    track = load_track(str(path))
    header, _ = race_header(track, preset(rules), 10, 3, 11, "careful", DRIVERS)
    state = play(track, header, DRIVERS).state
    assert state.finished and all(c.status in ("finished", "out") for c in state.cars)


@pytest.mark.rules("FUEL-2", "FUEL-3", "ENG-D-3", "OUT-D-3")
def test_FUEL_2_ENG_D_3_OUT_D_3_a_race_with_a_boost_a_roll_out_and_a_wreck_replays_exactly(tmp_path):
    track = load_track("maps/oval.tmx")
    # two fuel WP for three laps and no stops to refuel: the tanks run dry in lap 3 (FUEL-2)
    rules = preset("dresden-2006")
    dry = rules.model_copy(
        update={
            "pit_stops": 0,
            "pit_stops_3_laps": 0,
            "default_wear": rules.default_wear.model_copy(update={"fuel": 2, "tyres": 8}),
        }
    )
    header, _ = race_header(track, dry, 10, 3, 7, "aggressive", DRIVERS)
    session = RaceSession(track, header, drivers=DRIVERS)
    seen = collections.Counter()
    while not session.state.finished:
        for e in session.advance():
            seen[e.kind] += 1
            if e.kind == "fuel" and e.data.get("rolling_out"):
                seen["roll-out"] += 1
    wrecks = [c for c in session.state.cars if c.status == "out" and c.out is not None and c.out.rule == "FUEL-3"]
    assert seen["boost"] and seen["roll-out"] and wrecks
    path = tmp_path / "race.json"
    save(session.record(), path)
    assert replay(track, load(path)).model_dump_json() == session.state.model_dump_json()
    resumed = RaceSession(track, header, actions=session.record().actions, drivers=DRIVERS)
    assert resumed.state.model_dump_json() == session.state.model_dump_json()
