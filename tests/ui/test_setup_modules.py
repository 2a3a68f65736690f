"""The race set-up's rules: preset, switched modules, and what reaches the race record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.scenes.launch import header_for
from game.scenes.menus.menu import MenuScene
from game.scenes.setup.rule_modules import parameters
from game.storage.lineup import default_lineup, load_lineup
from tests.ui.helpers import make_app
from tests.ui.test_scenes import press


@pytest.fixture
def app(tmp_path: Path):
    a = make_app(tmp_path)
    a.push(MenuScene(a))
    a.frame(0.016)
    return a


def to_setup(app):
    press(app.scene, "new_race")
    app.frame(0.016)
    return app.scene


def test_switched_modules_reach_the_lineup_and_the_race_rules(app) -> None:
    setup = to_setup(app)
    press(setup, "modules")
    assert app.scene.name == "rules"
    app.frame(0.016)
    press(app.scene, "module.weather")
    app.frame(0.016)
    press(app.scene, "done")
    assert app.scene is setup and setup.modules == {"weather": True}
    lineup = setup.lineup()
    assert lineup.rules().weather and setup.preset_label().endswith("(changed)")
    header = header_for(lineup, "Oval", "abc", 1)
    assert header.rules.weather and header.rules.name == lineup.rules().name
    press(setup, "next")
    assert load_lineup(app.data)[0].modules == {"weather": True}  # remembered for the next race


@pytest.mark.rules("C-RACE-1")
def test_a_new_preset_starts_without_switched_modules_and_with_its_race_distance(app) -> None:
    setup = to_setup(app)
    setup.modules = {"weather": True}
    while setup.preset != "fde-advanced":
        press(setup, "preset")
    assert setup.modules == {} and setup.laps == 3  # C-RACE-1: the advanced game is a 3-lap race


@pytest.mark.rules("C-RACE-1")
def test_C_RACE_1_the_preset_says_it_set_the_laps_and_the_rules_screen_shows_the_chosen_laps(app) -> None:
    """The preset's 3 laps are announced, and 1 lap chosen afterwards is what
    the rules screen shows (with the source's 3 beside it)."""
    setup = to_setup(app)
    press(setup, "laps.minus")
    press(setup, "laps.minus")
    assert setup.laps == 1
    while setup.preset != "fde-advanced":
        press(setup, "preset")
    assert setup.laps == 3 and "3 laps" in setup.message
    press(setup, "laps.minus")
    press(setup, "laps.minus")
    assert setup.laps == 1 and setup.message == ""
    press(setup, "modules")
    assert app.scene.name == "rules"
    laps = next(value for label, value, _ in parameters(app.scene.rules, app.scene.laps) if label == "Race distance")
    assert laps == "1 lap (its source plays 3)"


@pytest.mark.rules("TEAM-B-1")
def test_TEAM_B_1_a_team_race_needs_an_even_number_of_drivers(app) -> None:
    setup = to_setup(app)
    while len(setup.drivers) > 3:
        press(setup, "driver1.remove")
    if len(setup.drivers) < 3:
        press(setup, "add")
    setup.modules = {"teams": True}
    press(setup, "next")
    assert app.scene is setup and "3" in setup.message
    press(setup, "add")
    press(setup, "next")
    assert app.scene.name == "carsetup"


@pytest.mark.rules("TEAM-B-1")
def test_TEAM_B_1_team_mates_share_the_first_mates_colour() -> None:
    lineup = default_lineup().model_copy(update={"modules": {"teams": True}})
    colours = [e.colour for e in header_for(lineup, "Oval", "abc", 1).entries]
    assert colours[0] == colours[1] != colours[2] == colours[3]


def test_an_unknown_module_in_the_lineup_file_is_dropped_and_the_drivers_kept(tmp_path: Path) -> None:
    lineup = default_lineup().model_copy(update={"laps": 3})
    raw = {**lineup.model_dump(mode="json"), "modules": {"nitro": True, "weather": True}}
    (tmp_path / "lineup.json").write_text(json.dumps(raw))
    loaded, notices = load_lineup(tmp_path)
    assert loaded.modules == {"weather": True} and loaded.laps == 3 and loaded.drivers == lineup.drivers
    assert notices == []


@pytest.mark.rules("DRESDEN-PROFILE-1")
def test_DRESDEN_PROFILE_1_each_driver_picks_a_profile_that_reaches_the_race(app) -> None:
    """Only the league's rules show the profile; clicking it goes through the seven, and the
    race record's entries carry it with the box reserve of the car (AMB-32)."""
    from rules.tables.profiles import Profile

    setup = to_setup(app)
    assert not any(w.visible for w in setup.widgets if w.id.endswith(".profile"))
    while setup.preset != "dresden-2006":
        press(setup, "preset")
    assert all(w.visible for w in setup.widgets if w.id.endswith(".profile"))
    press(setup, "driver2.profile")
    press(setup, "driver2.profile")
    header = header_for(setup.lineup(), "Oval", "abc", 1)
    assert [e.profile for e in header.entries[:2]] == [Profile.NORMALO, Profile.PRAKTIKER]
    assert {e.reserve for e in header.entries} == {22 - header.rules.default_wear.total()}
