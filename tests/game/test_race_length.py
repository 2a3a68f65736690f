"""The set-up's expected race length (game.play.race_length) against races actually played."""

from __future__ import annotations

import pytest

from game.play.race_length import race_length
from game.tracks.load import load_track
from rules.ai.presets import DEFAULT
from rules.ai.registry import DRIVERS
from rules.ruleset import PRESETS
from rules.run.simulation import play, race_header
from tests.conftest import REPO


@pytest.mark.parametrize("name", ["oval", "kranzfeld"])
def test_the_estimate_is_near_a_played_race(name: str) -> None:
    """Two laps of 10 Racers: the estimate lies within a quarter of the rounds the race took."""
    track = load_track(REPO / "maps" / f"{name}.tmx")
    header, _ = race_header(track, PRESETS["fd-basic"], 10, 2, 5, DEFAULT.name, DRIVERS)
    played = play(track, header, DRIVERS).state.round
    rounds, _ = race_length(track, 2, 10, 0)
    assert abs(rounds - played) <= 0.25 * played


def test_minutes_grow_with_laps_and_people() -> None:
    track = load_track(REPO / "maps" / "oval.tmx")
    one = race_length(track, 1, 10, 1)
    assert race_length(track, 3, 10, 1)[0] > one[0]
    assert race_length(track, 1, 10, 4)[1] > one[1] > 0
