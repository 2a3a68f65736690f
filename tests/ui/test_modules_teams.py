"""The team race on screen: the module switch, the dashboard's team line, team tags in the
running order, repairs from the team's stock at the box, and the victory points (TEAM-B-1..3).

Positions come from the rules tests' helpers on the oval (C58 is two spaces before the pit entry).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.play.crew import BoxWork
from game.play.race_control import Wait
from game.play.standings import team_members
from game.scenes.history.results import ResultsScene
from game.scenes.race.scene import RaceScene
from game.scenes.setup.rule_modules import parameters
from game.texts import tr_in
from game.widgets import dashboard as dashboard_module
from game.widgets import race_hud
from game.widgets.crewdialog import CrewDialog
from rules.actions import ChooseGear, Drive, Roll
from rules.car import Area
from rules.choice import RuleChoice, rules_of
from rules.ruleset import FORMULA_D_BASIC
from rules.state import CarState, RaceState
from tests.rules.fixtures import W, act, car, position
from tests.ui.helpers import screen_of, spy_texts
from tests.ui.modules_helpers import control_at, scene_at
from tests.ui.test_race_scene import key, settle

TEAMS = FORMULA_D_BASIC.model_copy(update={"teams": True})


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def team_race(stock: tuple[int, ...] = (4, 3)) -> RaceState:
    """m and f are team 1, g and h team 2; m is to choose its gear."""
    cars = [car("m", "B21", gear=4, team=0), car("f", "B29", team=0), car("g", "A5", team=1), car("h", "A9", team=1)]
    return position(cars, "m", rules=TEAMS).model_copy(update={"team_stock": stock})


def test_the_team_race_is_a_module_of_its_own_with_the_stock_of_four() -> None:
    choice = RuleChoice(preset="fd-basic")
    assert not choice.is_on("teams")
    rules = rules_of(choice.switched("teams", True))
    assert rules.teams and rules.team_stock == 4 and rules.pit_repairs == "none"
    row = next(p for p in parameters(rules) if p[2].startswith("TEAM-B"))
    assert "even number" in row[1] and "4 repair WP" in row[1] and "10-8-6-5-4-3-2-1" in row[1]
    assert next(p for p in parameters(FORMULA_D_BASIC) if p[2].startswith("TEAM-B"))[1] == "off"
    assert "even number of drivers" in tr_in("en", "module.teams.about")
    assert "gerade Fahrerzahl" in tr_in("de", "module.teams.about")


def test_the_dashboard_shows_the_team_and_its_shared_stock(tmp_path: Path, monkeypatch) -> None:
    state = team_race(stock=(4, 3))
    scene = scene_at(tmp_path, control_at(state))
    pips: list[tuple[int, int]] = []
    monkeypatch.setattr(dashboard_module, "draw_pips", lambda s, x, y, w, have, full, c: pips.append((have, full)))
    drawn = spy_texts(monkeypatch)
    dash, control, screen = scene.dashboard, scene.control, screen_of(scene.app)
    dash.draw(screen, scene.track, state, state.car("h"), control.entry("h"), control.index("h"), "Computer")
    assert "Team 2" in drawn and "team stock 3 WP" in drawn and pips[-1] == (3, 4)
    assert dash._kit(state, state.car("h")) == ""  # no own reserve beside the team's stock
    texts.set_language("de")
    drawn.clear()
    dash.draw(screen, scene.track, state, state.car("m"), control.entry("m"), control.index("m"), "Mensch")
    assert "Team 1" in drawn and "Teamvorrat 4 VP" in drawn


def test_no_team_line_outside_a_team_race(tmp_path: Path, monkeypatch) -> None:
    state = position([car("m", "B21", gear=4), car("f", "B29")], "m", rules=FORMULA_D_BASIC)
    scene = scene_at(tmp_path, control_at(state))
    drawn = spy_texts(monkeypatch)
    scene.draw(screen_of(scene.app))
    assert not any(s.startswith(("Team ", "team stock")) for s in drawn)


def test_the_running_order_tags_team_mates_with_their_team(tmp_path: Path, monkeypatch) -> None:
    state = team_race()
    scene = scene_at(tmp_path, control_at(state))
    tags: dict[str, str] = {}
    original = race_hud.draw_team_tag

    def record(screen, at, car_: CarState, colour):
        tags[car_.id] = texts.tr("team.short", n=(car_.team or 0) + 1)
        return original(screen, at, car_, colour)

    monkeypatch.setattr(race_hud, "draw_team_tag", record)
    race_hud.draw_standings(screen_of(scene.app), (10, 60), scene.control, race_hud.standings_width(scene.control))
    assert tags == {"m": "T1", "f": "T1", "g": "T2", "h": "T2"}
    assert team_members(1) == (2, 3)


def team_pit_scene(tmp: Path, stock: int) -> tuple[RaceScene, CrewDialog]:
    """m (team 1, no own reserve) drives into its box P4; its team mate far is on A30."""
    wp = W.model_copy(update={"body": 1, "engine": 1, "brakes": 1})
    cars = [car("m", "C58", gear=3, box="P4", wp=wp, setup=W, team=0), car("far", "A30", team=0)]
    state = position(cars, "m", laps=2, rules=TEAMS).model_copy(update={"team_stock": (stock,)})
    state, _ = act(state, ChooseGear(gear=3), Roll(value=5))
    state, _ = act(state, Drive(path=("C59", "P1", "P2", "P3", "P4")))
    scene = scene_at(tmp, control_at(state))
    settle(scene)
    scene.update(0.0)
    assert isinstance(scene.dialog, CrewDialog)
    return scene, scene.dialog


@pytest.mark.rules("TEAM-B-2")
def test_the_pit_dialog_repairs_from_the_team_stock(tmp_path: Path, monkeypatch) -> None:
    scene, dialog = team_pit_scene(tmp_path, stock=3)
    assert scene.control.wait() == Wait.PIT and dialog is not None and dialog.areas  # TEAM-B-2: any stop repairs
    assert scene.control.state.car("m").reserve == 0 and isinstance(dialog.plan, BoxWork) and dialog.plan.reserve == 3
    for _ in range(3):
        dialog.change(Area.BODY, 1)  # two WP to the set-up's 3 (AMB-31)
    dialog.change(Area.ENGINE, 1)
    dialog.change(Area.BRAKES, 1)  # the team's stock is spent
    assert dialog.plan.repairs == {Area.BODY: 2, Area.ENGINE: 1}
    drawn = spy_texts(monkeypatch)
    scene.draw(screen_of(scene.app))
    assert "Repairs: 0 of Team 1's 3 WP left" in drawn
    assert "Repairs from the team's stock, which the team mate shares." in drawn
    key(scene, pygame.K_RETURN)
    state = scene.control.state
    assert state.team_stock == (0,) and (state.car("m").wp.body, state.car("m").wp.engine) == (3, 2)


def test_an_empty_team_stock_offers_no_repairs(tmp_path: Path) -> None:
    _, dialog = team_pit_scene(tmp_path, stock=0)
    assert dialog is not None and dialog.areas == ()


def finished_team_race(places: dict[str, int]) -> RaceState:
    """A team race over: the cars (pairs in the order of ``places``) finished in the given places."""
    cars = [
        car(cid, "A5", team=i // 2).model_copy(update={"status": "finished", "place": place})
        for i, (cid, place) in enumerate(places.items())
    ]
    return team_race().model_copy(
        update={"cars": tuple(cars), "phase": "done", "active": None, "team_stock": (4,) * (len(cars) // 2)}
    )


@pytest.mark.rules("TEAM-B-3")
def test_the_results_show_each_teams_victory_points_and_the_winning_team(tmp_path: Path) -> None:
    scene = scene_at(tmp_path, control_at(team_race()))
    app = scene.app
    results = ResultsScene(app, control_at(finished_team_race({"m": 2, "f": 3, "g": 1, "h": 4})))
    app.push(results)
    results.draw(screen_of(app))
    assert results.status()["teams"] == [(2, 10 + 5), (1, 8 + 6)]  # TEAM-B-3, AMB-53: most points first
    assert results.winner() == "Team 2 wins!"
    assert results.team_box.top > results.table.bottom and results.back.rect.top > results.team_box.bottom
    texts.set_language("de")
    assert results.winner() == "Team 2 gewinnt!"


def test_a_tie_on_points_names_no_winning_team(tmp_path: Path) -> None:
    state = finished_team_race({"a": 1, "b": 6, "c": 2, "d": 4, "e": 3, "f": 5})  # 10+3, 8+5, 6+4: AMB-53 breaks no tie
    scene = scene_at(tmp_path, control_at(team_race()))
    results = ResultsScene(scene.app, control_at(state))
    assert results.status()["teams"] == [(1, 13), (2, 13), (3, 10)]
    assert results.best_team() is None and results.winner() == "Driver a wins!"


def test_ten_cars_and_five_teams_fit_the_results_screen(tmp_path: Path) -> None:
    state = finished_team_race({f"c{i}": i + 1 for i in range(10)})
    scene = scene_at(tmp_path, control_at(team_race()))
    results = ResultsScene(scene.app, control_at(state))
    scene.app.push(results)
    results.draw(screen_of(scene.app))
    assert results.status()["teams"] == [(1, 18), (2, 11), (3, 7), (4, 3), (5, 0)]
    assert results.team_box.bottom < results.back.rect.top and results.back.rect.bottom <= 800


@pytest.mark.rules("TEAM-B-1")
def test_TEAM_B_1_the_results_name_each_teams_own_cars_whatever_the_grid() -> None:
    """The grid reorders the cars; the team cards still show the entry pairs (1+2, 3+4)."""
    from game.play.race_control import RaceControl
    from rules.files.record import same_drivers
    from rules.ruleset import PRESETS
    from tests.ui.helpers import oval

    track = oval()
    header = same_drivers(track, PRESETS["fd-basic"].model_copy(update={"teams": True}), 4, 1, 3)
    control = RaceControl.start(track, header, None)
    control.session.run_to_end()
    assert [c.id for c in control.state.cars] != ["car1", "car2", "car3", "car4"]  # the grid changed the order
    for team in (0, 1):
        names = [header.entries[i].id for i in team_members(team)]
        assert all(control.state.car(n).team == team for n in names)
