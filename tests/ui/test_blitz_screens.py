"""FD Blitz through its screens, headless: a match set up from the menu, its heats raced one
after the other to the match's winner, the clocks on the race screen running only while their
player decides, a time-out, and the clocks kept in the save (BLITZ-1..8, AMB-46)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app.loop import App, Scene
from game.board.view import BoardView
from game.play.blitz import heat_header
from game.play.race_control import RaceControl, Wait
from game.scenes.history.results import ResultsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.scenes.setup.blitz_setup import BlitzSetupScene
from game.storage.saves import SaveSlot
from game.tracks.load import load_track
from rules.files.record import Record
from rules.league.blitz import Match, decided
from tests.conftest import REPO
from tests.ui.helpers import active_id, board_of, make_app, oval, top, track_of


def click_button(scene: Scene, button_id: str) -> None:
    b = next(w for w in scene.widgets if w.id == button_id)
    assert b.visible, button_id
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=b.rect.center))


def app_on(data: Path) -> App:
    app = make_app(data)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True, "language": "en"}))
    app.push(MenuScene(app))
    return app


@pytest.mark.rules("BLITZ-3", "BLITZ-4")
def test_BLITZ_3_a_match_of_two_computer_drivers_is_raced_heat_after_heat_to_its_winner(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    click_button(app.scene, "blitz")
    setup = app.scene
    assert setup.name == "blitz_setup"
    for i in (1, 2):
        click_button(setup, f"player{i}.kind")  # human -> careful
    while setup.status()["track"] != "oval.tmx":
        click_button(setup, "track")
    click_button(setup, "start")
    heats = []
    for _ in range(3):
        race = app.scene
        assert isinstance(race, RaceScene) and race.control.header.blitz is not None
        heats.append(race.control.header)
        for _ in range(20000):
            if app.scene.name == "results":
                break
            if not race.skipping:
                race.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
            app.scene.update(1 / 60)
        results = top(app, ResultsScene)
        match = results.match
        assert match is not None and len(match.winners) == len(heats)
        if match.winner is not None:
            break
        results.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
        assert app.scene is results  # Esc does not start the next heat
        click_button(results, "back")  # "Next heat"
    assert match is not None and match.winner is not None and match.wins(match.winner) == 2  # BLITZ-3
    assert [h.grid for h in heats[:2]] == [("p1", "p2"), ("p2", "p1")]  # the pole alternates
    assert all(h.blitz is not None and h.blitz.heat == k for k, h in enumerate(heats))
    assert len(heats) < 3 or heats[2].level_start  # BLITZ-4


@pytest.mark.rules("FUEL-1", "BLITZ-2")
def test_BLITZ_2_FUEL_1_blitz_is_offered_only_on_boards_with_a_pit_lane(tmp_path: Path) -> None:
    """A heat's one fuel WP lasts a lap: Brückenau, with no pit lane, ran a car dry "short of its box"."""
    app = app_on(tmp_path)
    click_button(app.scene, "blitz")
    setup = top(app, BlitzSetupScene)
    offered = set()
    for _ in range(2 * len(setup.files)):
        offered.add(setup.status()["track"])
        click_button(setup, "track")
    pitless = {f for f in setup.files if track_of(app.tracks.get(f)).pit is None}
    assert "brueckenau.tmx" in pitless and "oval.tmx" in offered
    assert offered == set(setup.files) - pitless
    setup.track = "brueckenau.tmx"  # as a stale lineup could leave it
    click_button(setup, "start")
    assert app.scene is setup and any(n.key == "blitz.no_pit" for n in app.notices)


@pytest.mark.rules("BLITZ-5", "BLITZ-6", "BLITZ-7")
def test_BLITZ_5_BLITZ_6_the_clock_runs_while_its_player_decides_and_out_of_time_the_car_stops(tmp_path: Path) -> None:
    app = app_on(tmp_path)
    match = Match(players=("p1", "p2"), track="oval.tmx", minutes=1)
    header = heat_header(oval(), match, {"p1": ("Anna", "human"), "p2": ("Ben", "human")}, seed=5)
    control = RaceControl.start(oval(), header, SaveSlot(tmp_path))
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    for _ in range(400):  # the start: the weather, the set-ups (the crews' dialogs), the banner
        scene.update(0.05)
        if control.wait() == Wait.SETUP and scene.dialog is not None:
            scene.dialog.done()
        if scene.banner is not None:
            scene.dismiss_banner()
        if control.wait() in (Wait.GEAR, Wait.ROLL) and scene.banner is None:
            break
    anna = active_id(control.state)
    assert control.wait() in (Wait.GEAR, Wait.ROLL) and control.clock_runs() == anna
    assert control.clocks is not None and control.clocks.left(anna) > 55_000
    for _ in range(70):  # 70 s of thinking: Anna's minute runs out (the banner naming her is not her time)
        if scene.banner is not None:
            scene.dismiss_banner()
        scene.update(1.0)
    car = control.state.car(anna)
    assert car.status == "out" and car.out is not None and car.out.rule == "BLITZ-6"
    assert control.clocks.left(anna) == 0 and active_id(control.state) != anna  # BLITZ-7: the other drives on
    saved = SaveSlot(tmp_path).peek()  # the clocks are in the save (kept every 5 s), a resumed heat has them
    assert isinstance(saved, Record) and saved.clocks["p1"] == 60_000
    other = active_id(control.state)
    assert 0 <= control.clocks.used[other] - saved.clocks[other] <= 5_000
    resumed = RaceControl.resume(oval(), saved)
    assert resumed.clocks is not None and resumed.clocks.used == saved.clocks


@pytest.mark.rules("BLITZ-5")
def test_BLITZ_5_the_clocks_stand_still_while_the_game_menu_is_open(tmp_path: Path) -> None:
    from game.scenes.menus.pause import PauseScene

    app = app_on(tmp_path)
    match = Match(players=("p1", "p2"), track="oval.tmx", minutes=5)
    header = heat_header(oval(), match, {"p1": ("Anna", "human"), "p2": ("Ben", "human")}, seed=5)
    control = RaceControl.start(oval(), header)
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    for _ in range(400):
        app.frame(0.05)
        if control.wait() == Wait.SETUP and scene.dialog is not None:
            scene.dialog.done()
        if scene.banner is not None:
            scene.dismiss_banner()
        if control.clock_runs() is not None and scene.banner is None:
            break
    car = control.clock_runs()
    assert car is not None and control.clocks is not None
    for _ in range(20):  # the banner naming the player, then its time
        if scene.banner is not None:
            scene.dismiss_banner()
        app.frame(1.0)
        if control.clocks.used.get(car):
            break
    running = control.clocks.used[car]
    assert running >= 1000  # the deciding player's seconds count
    app.push(PauseScene(app))
    for _ in range(30):
        app.frame(1.0)
    assert control.clocks.used[car] == running  # the menu is open: nobody's time runs


@pytest.mark.rules("BLITZ-5", "BLITZ-6")
def test_BLITZ_5_BLITZ_6_a_computer_plays_against_the_clock_by_its_think_time() -> None:
    """Two computers with a minute each: their decisions and rolls take their modelled time off
    their clocks, and a clock that runs out stops its car (the heat is decided then, AMB-46b)."""
    from rules.league.blitz import decided

    hohenau = load_track(
        REPO / "tests" / "tracks" / "golden" / "golden_gp.tmx"
    )  # 3 laps of it take far more than a minute
    match = Match(players=("p1", "p2"), track="hohenau.tmx", minutes=1)
    header = heat_header(hohenau, match, {"p1": ("Anna", "careful"), "p2": ("Ben", "aggressive")}, seed=9)
    control = RaceControl.start(hohenau, header)
    for _ in range(5000):
        if control.wait() == Wait.DONE or decided(control.state):
            break
        control.roll() if control.wait() == Wait.DICE else control.computer()
    # both clocks run out, one after the other
    assert control.clocks is not None and control.clocks.used == {"p1": 60_000, "p2": 60_000}
    assert all(c.out is not None and c.out.rule == "BLITZ-6" for c in control.state.cars) and decided(control.state)


@pytest.mark.rules("BLITZ-3")
def test_BLITZ_3_a_match_survives_a_crash_on_the_results_of_a_heat(tmp_path: Path) -> None:
    """The match's score lives in the heat's save until the match is won: after heat 1's flag the
    save stays, and a program started again continues to that heat's results and the next heat."""
    from game.scenes.launch import continue_race

    app = app_on(tmp_path)
    click_button(app.scene, "blitz")
    setup = app.scene
    for i in (1, 2):
        click_button(setup, f"player{i}.kind")  # human -> careful
    while setup.status()["track"] != "oval.tmx":
        click_button(setup, "track")
    click_button(setup, "start")

    def to_results(a: App) -> ResultsScene:
        """The computers drive the heat through its control (saved after every action), then the
        race screen sees the flag."""
        race = a.scene
        assert isinstance(race, RaceScene)
        control = race.control
        while control.wait() in (Wait.DICE, Wait.COMPUTER) and not decided(control.state):
            control.roll() if control.wait() == Wait.DICE else control.computer()
        for _ in range(600):
            if a.scene.name == "results":
                break
            a.scene.update(1 / 60)
        return top(a, ResultsScene)

    first = to_results(app).match
    assert first is not None and first.winner is None and app.saves.exists()
    again = app_on(tmp_path)  # the program was killed on the results screen and starts again
    assert continue_race(again)
    resumed = to_results(again).match
    assert resumed == first
    click_button(again.scene, "back")  # "Next heat"
    assert isinstance(again.scene, RaceScene) and again.scene.control.header.blitz is not None
    assert again.scene.control.header.blitz.heat == 1
