"""The race set-up proposes each track's usual number of laps (the map property ``laps``,
C-RACE-1: a race runs over 1, 2 or 3 laps) until the player sets the laps on the screen."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.board.catalogue import TrackCatalogue
from game.scenes.menus.menu import MenuScene
from game.scenes.setup.lineup import SetupScene
from game.storage.lineup import load_lineup
from tests.conftest import REPO
from tests.ui.helpers import make_app
from tests.ui.test_scenes import press

LAPS_2 = '<property name="laps" type="int" value="2"/>'


@pytest.fixture
def app(tmp_path: Path):
    """The oval (2 laps) and a copy of it that proposes 3 laps, in a maps folder of their own."""
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("oval.tmx", "circuit.tsx", "circuit-tiles.png"):
        shutil.copy(REPO / "maps" / name, maps / name)
    text = (maps / "oval.tmx").read_text(encoding="utf-8")
    assert text.count(LAPS_2) == 1
    sprint = text.replace(LAPS_2, LAPS_2.replace('"2"', '"3"')).replace("Lindenring Oval", "Lindenring Sprint")
    (maps / "sprint.tmx").write_text(sprint, encoding="utf-8")
    a = make_app(tmp_path / "data")
    a.tracks = TrackCatalogue(maps, tmp_path / "cache")
    a.push(MenuScene(a))
    a.frame(0.016)
    return a


def to_setup(app) -> SetupScene:
    press(app.scene, "new_race")
    app.frame(0.016)
    assert isinstance(app.scene, SetupScene)
    return app.scene


@pytest.mark.rules("C-RACE-1")
def test_C_RACE_1_choosing_a_track_proposes_its_laps(app) -> None:
    setup = to_setup(app)
    assert setup.track_file == "oval.tmx" and setup.status()["laps"] == 2  # the first set-up: the oval's
    press(setup, "track.sprint")
    assert setup.status()["laps"] == 3
    press(setup, "track.oval")
    app.frame(0.016)
    assert setup.status()["laps"] == 2
    press(setup, "next")
    assert app.scene.name == "carsetup"
    assert load_lineup(app.data)[0].laps == 2  # the race is set up over the track's laps


@pytest.mark.rules("C-RACE-1")
def test_C_RACE_1_laps_the_player_set_stay_when_another_track_is_chosen(app) -> None:
    setup = to_setup(app)
    press(setup, "track.oval")
    press(setup, "laps.minus")
    assert setup.status()["laps"] == 1
    press(setup, "track.sprint")
    assert setup.status()["laps"] == 1
    press(setup, "laps.plus")
    press(setup, "track.oval")
    assert setup.status()["laps"] == 2 and setup.lineup().laps == 2


@pytest.mark.rules("C-RACE-1")
def test_C_RACE_1_a_preset_with_its_own_distance_keeps_it(app) -> None:
    """Formula Dé advanced is a 3-lap race: a track proposing 2 does not shorten it."""
    setup = to_setup(app)
    while setup.preset != "fde-advanced":
        press(setup, "preset")
    assert setup.status()["laps"] == 3
    press(setup, "track.oval")
    assert setup.status()["laps"] == 3


@pytest.mark.rules("C-RACE-1")
def test_C_RACE_1_laps_the_player_set_are_remembered_for_the_next_set_up(app) -> None:
    setup = to_setup(app)
    press(setup, "track.sprint")
    press(setup, "laps.minus")
    press(setup, "back")
    assert load_lineup(app.data)[0].laps == 2 and load_lineup(app.data)[0].laps_set
    again = to_setup(app)
    press(again, "track.oval")
    assert again.status()["laps"] == 2  # set to 2 on the sprint's 3, kept on the oval
    press(again, "laps.minus")
    press(again, "track.sprint")
    assert again.status()["laps"] == 1
