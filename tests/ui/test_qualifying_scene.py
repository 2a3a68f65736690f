"""The qualifying screens headless: stopwatch against a fake clock, keys, grid, race, time trial, records."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.app.loop import App
from game.play.lapreplay import LapReplay
from game.play.series import NextRace, lineup_for
from game.play.stopwatch import Stopwatch
from game.scenes.launch import start_race
from game.scenes.menus.menu import MenuScene
from game.scenes.qualifying.records import RecordsScene
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.qualifying.trial import TrialScene
from game.scenes.race.scene import RaceScene
from game.scenes.setup.grid import GridScene
from game.storage.laprecords import LapRecords
from game.storage.lineup import default_lineup
from rules.ai.registry import DRIVERS
from rules.files.record import Entry
from rules.league import championship as ch
from rules.qualifying.rules import QUAL_D
from rules.qualifying.session import QualifyingSession
from rules.ruleset import DRESDEN_2006, FORMULA_D_BASIC
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre
from tests.ui.helpers import board_of, catalogue, lap_of, make_app, oval, screen_of, top


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def lap_scene(
    tmp_path: Path,
    rules=FORMULA_D_BASIC,
    clock: FakeClock | None = None,
    profile: Profile = Profile.NORMALO,
):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    entries = (
        Entry(id="car1", name="Anna", driver="human", wear=rules.default_wear, profile=profile),
        Entry(id="car2", name="Ben", driver="careful", colour="#2f6fd0", number=2, wear=rules.default_wear),
    )
    done: list[QualifyingSession] = []
    session = QualifyingSession(oval(), rules, entries, seed=5, drivers=DRIVERS)
    board = board_of(catalogue().get("oval.tmx"))
    scene = QualifyingScene(
        app, session, board, done.append, LapRecords(tmp_path), "fd-basic", now=clock or FakeClock()
    )
    app.push(scene)
    return app, scene, done


def settle(scene, clock: FakeClock | None = None, frames: int = 200) -> None:
    """Play animations to their end; the fake clock runs on meanwhile (the animations' time)."""
    for _ in range(frames):
        if clock is not None:
            clock.t += 0.5
        scene.update(0.05)
        if not scene.queue and scene.phase != "countdown":
            return


def first_roll(scene) -> None:
    """Start the lap, take 1st gear and roll: the lap then waits for a destination."""
    scene.begin()
    settle(scene)
    key(scene, pygame.K_1)
    settle(scene)
    key(scene, pygame.K_SPACE)
    settle(scene)


def drive_lap(scene, clock: FakeClock | None = None) -> None:
    """A plain player with the keyboard: highest safe gear, Space, Enter on the suggested space."""
    for _ in range(300):
        if scene.phase != "driving":
            return
        w = scene.wait()
        if w == "gear":
            gears = scene.status()["gears"]
            legal = [int(g) for g, v in gears.items() if v["legal"]]
            safe = [g for g in legal if gears[str(g)]["out"] == 0] or legal
            key(scene, pygame.K_0 + max(safe))
        elif w == "roll":
            key(scene, pygame.K_SPACE)
        elif w == "move":
            key(scene, pygame.K_RETURN)
        settle(scene, clock)
    raise AssertionError("the lap did not end")


@pytest.mark.rules("QUAL-3")
def test_QUAL_3_stopwatch_starts_at_the_first_roll_and_counts_decisions_not_animations(tmp_path: Path) -> None:
    clock = FakeClock()
    _, scene, _ = lap_scene(tmp_path, clock=clock)
    key(scene, pygame.K_SPACE)  # the driver is ready
    settle(scene, clock)
    assert scene.phase == "driving" and not scene.watch.started
    clock.t += 5  # thinking about the first gear: the steward has not started the watch
    key(scene, pygame.K_1)
    settle(scene, clock)
    clock.t += 2
    key(scene, pygame.K_SPACE)  # the first roll starts the watch
    assert scene.watch.started and scene.watch.elapsed_ms == 0
    settle(scene, clock)  # the die tumbles: 0.5 s of fake time per frame, not counted
    assert scene.wait() == "move" and scene.watch.elapsed_ms == 0
    clock.t += 3  # choosing the destination counts
    key(scene, pygame.K_RETURN)
    settle(scene, clock)  # the car drives: not counted
    assert scene.watch.elapsed_ms == 3000
    clock.t += 1.5
    assert scene.status()["clock"] == 4500 and scene.status()["running"]


@pytest.mark.rules("QUAL-D-5")
def test_QUAL_D_5_stopwatch_starts_before_the_first_roll(tmp_path: Path) -> None:
    clock = FakeClock()
    rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_D})
    _, scene, _ = lap_scene(tmp_path, rules, clock)
    scene.begin()
    settle(scene)
    clock.t += 4
    assert scene.wait() == "gear" and scene.watch.elapsed_ms == 4000


def test_pause_stops_the_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    rules = FORMULA_D_BASIC.model_copy(update={"qualifying": QUAL_D})
    _, scene, _ = lap_scene(tmp_path, rules, clock)
    scene.begin()
    settle(scene)
    clock.t += 1
    key(scene, pygame.K_ESCAPE)
    clock.t += 60
    scene.update(0.05)
    assert scene.paused and scene.watch.elapsed_ms == 1000
    key(scene, pygame.K_ESCAPE)
    scene.update(0.05)
    clock.t += 1
    assert scene.watch.elapsed_ms == 2000


@pytest.mark.rules("DRESDEN-PROFILE-5")
def test_DRESDEN_PROFILE_5_the_ghost_of_a_leichter_flitzer_keeps_the_profile_and_replays_its_lap(
    tmp_path: Path,
) -> None:
    """A Flitzer's rolls move a space more: the kept ghost names the profile, so its replay drives
    the very lap again; replayed as a Normalo the same actions go astray."""
    clock = FakeClock()
    rules = DRESDEN_2006
    _, scene, _ = lap_scene(tmp_path, rules=rules, clock=clock, profile=Profile.LEICHTER_FLITZER)
    scene.begin()
    settle(scene, clock)
    drive_lap(scene, clock)
    end = scene.shown_state.car("car1")
    ghost = LapRecords(tmp_path).best(oval().content_hash())[0].ghost
    assert ghost is not None and ghost.profile == Profile.LEICHTER_FLITZER

    def replayed(profile: Profile) -> LapReplay:
        replay = LapReplay(oval(), ghost.rules, ghost.steps, "car1", ghost.tyre, ghost.wet, profile)
        replay.advance(ghost.steps[-1].at_ms)
        return replay

    again = replayed(ghost.profile)
    assert not again.broken and again.done and again.state.car("car1") == end
    normalo = replayed(Profile.NORMALO)
    assert normalo.broken or normalo.state.car("car1") != end


def test_a_lap_by_keyboard_is_timed_scored_and_kept_in_the_records(tmp_path: Path) -> None:
    clock = FakeClock()
    _, scene, done = lap_scene(tmp_path, clock=clock)
    scene.begin()
    settle(scene, clock)
    drive_lap(scene, clock)
    assert scene.phase == "result" and scene.result is not None and scene.result.qualified
    assert scene.result.time_ms == 0  # every decision was made with the fake clock standing still
    kept = LapRecords(tmp_path).best(oval().content_hash())
    assert [(r.driver, r.rolls) for r in kept] == [("Anna", scene.result.rolls)] and kept[0].ghost is not None
    key(scene, pygame.K_RETURN)  # next: the computer's lap, replayed fast; Space skips it
    assert scene.phase == "computer"
    # the classification shows the computer's lap only once its car crosses the line
    assert [r.name for r in scene.shown_results()] == ["Anna"] and len(scene.session.results) == 2
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert scene.phase == "result" and [r.name for r in scene.shown_results()] == ["Anna", "Ben"]
    key(scene, pygame.K_SPACE)
    assert len(done) == 1 and [r.name for r in done[0].results] == ["Anna", "Ben"]


def test_a_click_on_a_space_that_cannot_be_reached_is_explained(tmp_path: Path) -> None:
    _, scene, _ = lap_scene(tmp_path)
    first_roll(scene)
    scene.clicked("A40")
    assert "A40" in scene.message and scene.wait() == "move"
    target = scene.ranked_targets()[0]
    scene.clicked(target)
    assert scene.session.lap.state.car("car1").space == target


def test_an_illegal_gear_key_is_refused_with_the_reason(tmp_path: Path) -> None:
    _, scene, _ = lap_scene(tmp_path)
    scene.begin()
    settle(scene)
    key(scene, pygame.K_4)
    assert scene.wait() == "gear" and scene.message


def test_VAR_20_qualifying_session_then_the_race_starts_on_its_grid(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    start_race(app, default_lineup().model_copy(update={"grid": "qualifying"}))
    scene = app.scene
    assert isinstance(scene, QualifyingScene) and scene.entry is not None and scene.entry.name == "Anna"
    scene.begin()
    settle(scene)
    drive_lap(scene)
    for _ in range(20):
        if isinstance(app.scene, GridScene):
            break
        key(app.scene, pygame.K_SPACE)
        if isinstance(app.scene, QualifyingScene):
            settle(app.scene)
    grid = app.scene
    assert isinstance(grid, GridScene) and len(grid.grid.order) == 4
    app.frame(0.05)
    key(grid, pygame.K_RETURN)
    race = app.scene
    assert isinstance(race, RaceScene)
    assert race.control.header.grid == grid.grid.order and race.control.header.rules.grid == "qualifying"
    state = race.control.state
    by_slot = sorted(state.cars, key=lambda c: -1 if c.grid_slot is None else c.grid_slot)  # a car without one first
    assert [c.id for c in by_slot] == list(grid.grid.order)


def test_leaving_a_qualifying_session_lets_go_of_the_records(tmp_path: Path) -> None:
    for leave in ("home", "replace"):
        app = make_app(tmp_path / leave)
        app.push(MenuScene(app))
        start_race(app, default_lineup().model_copy(update={"grid": "qualifying"}))
        scene = app.scene
        assert isinstance(scene, QualifyingScene) and not scene.records.closed
        if leave == "home":  # the pause card's "leave"
            app.home()
        else:  # the grid screen takes its place
            app.replace(MenuScene(app))
        assert scene.records.closed


@pytest.mark.rules("FD08-GRID-1")
def test_FD08_GRID_1_without_qualifying_the_race_rolls_for_its_grid(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    start_race(app, default_lineup())
    assert isinstance(app.scene, RaceScene)
    assert app.scene.control.header.grid is None and app.scene.control.header.rules.grid == "roll"


def started_trial(tmp_path: Path) -> tuple[App, TrialScene]:
    """The menu, the time-trial screen on it, and its lap started."""
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    trial = TrialScene(app)
    app.push(trial)
    trial.start()
    return app, trial


def test_time_trial_keeps_the_lap_and_the_next_trial_races_its_ghost(tmp_path: Path) -> None:
    app, trial = started_trial(tmp_path)
    scene = app.scene
    assert isinstance(scene, QualifyingScene) and scene.trial and scene.ghost is None
    scene.begin()
    settle(scene)
    drive_lap(scene)
    key(scene, pygame.K_RETURN)
    records = app.scene
    assert isinstance(records, RecordsScene) and records.status()["laps"] == ["Anna"]
    assert records.mark is not None and records.mark.played
    key(records, pygame.K_RETURN)  # drive again: the first lap is the ghost now
    again = app.scene
    assert isinstance(again, QualifyingScene) and again.ghost is not None and again.best is not None
    again.begin()
    settle(again)
    start = again.ghost.pose(0)
    again.ghost.advance(again.best.time_ms)
    assert again.ghost.done and again.ghost.pose(again.best.time_ms + 10_000)[:2] != start[:2]


@pytest.mark.rules("MASTERS-LEVER-2", "MASTERS-LEVER-3")
def test_MASTERS_LEVER_3_a_time_trial_gear_is_taken_back_before_its_roll(tmp_path: Path) -> None:
    """The time trial had no gear undo: Backspace or the button takes the gear back until the die
    is rolled, the lap (and so its save) forgets it, and a gear after the roll stands (MASTERS-LEVER-2)."""
    app, trial = started_trial(tmp_path)
    scene = top(app, QualifyingScene)
    scene.begin()
    settle(scene)
    key(scene, pygame.K_1)
    settle(scene)
    lap = lap_of(scene.session)
    assert scene.wait() == "roll" and lap.state.car(lap.entry.id).gear == 1
    scene.update(0.05)
    assert scene.undo_button.visible
    key(scene, pygame.K_BACKSPACE)
    assert scene.wait() == "gear" and lap.state.car(lap.entry.id).gear == 0 and not lap.actions
    key(scene, pygame.K_2)
    settle(scene)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.undo_button.rect.center)
    scene.update(0.05)
    scene.handle(click)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=scene.undo_button.rect.center))
    assert scene.wait() == "gear"
    key(scene, pygame.K_1)
    settle(scene)
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert not lap.can_undo and scene.wait() == "move"
    key(scene, pygame.K_BACKSPACE)
    assert scene.wait() == "move" and [type(t.action).__name__ for t in lap.actions] == ["ChooseGear", "Roll"]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_qualifying_screen_draws_in_both_languages(tmp_path: Path, language: str) -> None:
    texts.set_language(language)
    app = make_app(tmp_path)
    menu = MenuScene(app)
    app.push(menu)
    assert {"time_trial", "records"} <= set(menu.status()["buttons"])
    app.push(RecordsScene(app))
    app.frame(0.05)
    app.pop()
    app.push(TrialScene(app))
    app.frame(0.05)
    rules = FORMULA_D_BASIC.model_copy(update={"weather": True, "tyres": "C"})
    _, scene, _ = lap_scene(tmp_path, rules)
    scene.app.frame(0.05)
    assert scene.start_button.visible and all(b.visible for b in scene.tyre_buttons)
    scene.choose_tyre(Tyre.SOFT)
    scene.begin()
    scene.app.frame(0.05)
    settle(scene)
    scene.app.frame(0.05)
    drive_lap(scene)
    scene.app.frame(0.05)
    key(scene, pygame.K_SPACE)
    scene.app.frame(0.05)


def board_brightness(app, scene) -> float:
    """The mean brightness of the board's part of the window, as drawn by the next frame."""
    app.frame(0.02)
    r, g, b, _ = pygame.transform.average_color(app.screen, scene.view.viewport)
    return (r + g + b) / 3


def test_the_lap_against_a_ghost_shows_the_board_and_the_ghost(tmp_path: Path) -> None:
    """With a ghost, the destinations' layer lost its blending and painted the board black."""
    app, trial = started_trial(tmp_path)
    first = top(app, QualifyingScene)
    first.begin()
    settle(first)
    drive_lap(first)
    key(first, pygame.K_RETURN)
    key(app.scene, pygame.K_RETURN)  # "Again" on the records screen: the first lap is the ghost
    scene = app.scene
    assert isinstance(scene, QualifyingScene) and scene.ghost is not None
    first_roll(scene)
    assert scene.wait() == "move" and scene.destinations()
    for _ in range(3):  # the second frame blits the destinations' layer after the ghost's
        assert board_brightness(app, scene) > 40
    ghost = scene.ghost
    scene.view.fit()  # the whole board, and the ghost a third into its lap: away from the car
    scene.watch = Stopwatch(lambda: 0.0, ghost.end_ms // 3)
    app.frame(0.02)
    x, y = scene.view.to_screen(ghost.pose(scene.watch.elapsed_ms)[:2])
    spot = pygame.Rect(round(x) - 10, round(y) - 10, 20, 20)

    def coloured() -> int:
        """Pixels of the spot in the ghost's cold cyan: a pale white ghost was a mere shade of the
        asphalt; the cyan shows on asphalt, kerbs and grass alike."""
        screen = screen_of(app)
        pixels = (screen.get_at((px, py)) for px in range(spot.left, spot.right) for py in range(spot.top, spot.bottom))
        return sum(1 for p in pixels if p.b > p.r + 40 and p.g > p.r + 30)

    with_ghost = coloured()
    scene.ghost = None
    app.frame(0.02)
    assert with_ghost >= 20 + coloured()


@pytest.mark.rules("QUAL-D-13")
def test_QUAL_D_13_an_open_race_qualifies_in_two_runs_on_the_screen(tmp_path: Path) -> None:
    """An Open championship's race with 2 runs: the human drives a lap in each run (the card says
    which), the computers' laps pass, and the grid of the better runs follows."""
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    members = (
        ch.Member(id="a", name="Anna", driver="human", number=1),
        ch.Member(id="b", name="Ben", driver="careful", number=2, colour="#2f6fd0"),
        ch.Member(id="c", name="Clara", driver="careful", number=3, colour="#f0c020"),
    )
    champ = ch.Championship(
        name="Open",
        preset="dresden-open",
        tracks=("oval.tmx",),
        members=members,
        scheme=ch.SCHEMES["open"],
        qualifying_runs=2,
    )
    start_race(app, lineup_for(champ, 0), NextRace(1, champ, 0, {}))
    for run in (1, 2):
        scene = app.scene
        assert isinstance(scene, QualifyingScene) and scene.entry is not None
        assert scene.entry.name == "Anna" and scene.phase == "ready"
        assert scene.session.run == run - 1
        scene.draw(screen_of(app))
        scene.begin()
        settle(scene)
        drive_lap(scene)
        for _ in range(20):
            now = app.scene
            if isinstance(now, GridScene) or (
                isinstance(now, QualifyingScene) and now.phase == "ready" and now.session.run == run
            ):
                break
            key(app.scene, pygame.K_SPACE)
            if isinstance(app.scene, QualifyingScene):
                settle(app.scene)
        if run == 2:  # the qualifying table: one line per driver, its better run
            assert isinstance(scene, QualifyingScene) and sorted(r.driver for r in scene.shown_results()) == [
                "a",
                "b",
                "c",
            ]
    grid = app.scene
    assert isinstance(grid, GridScene) and sorted(grid.grid.order) == ["a", "b", "c"]
    assert len(grid.session.results) == 6 and len(grid.session.barometers) == 2
