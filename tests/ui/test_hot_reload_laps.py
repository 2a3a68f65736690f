"""Hot reload in qualifying and the time trial, through the screens: saving the map the way Tiled
does shows the new board while a lap is driven, a computer's lap is replayed or the trial's
ghost drives along; laps that would have gone differently stay on the old board and say so.
A race whose map only moved where spaces are drawn moves over without replaying its record."""

from __future__ import annotations

import pygame

from game.play.lapreplay import LapReplay
from game.scenes.launch import start_qualifying
from game.scenes.qualifying.records import RecordsScene
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.qualifying.trial import TrialScene
from rules.qualifying.session import loads_qualifying
from tests.ui.helpers import header, lap_of
from tests.ui.test_hot_reload import app, frames_until, oval, save_like_tiled  # noqa: F401 (app: the fixture)
from tests.ui.test_qualifying_scene import drive_lap, first_roll, key, settle

__all__ = ["app"]


def qualifying(app, preset: str = "fd-basic") -> QualifyingScene:
    """A qualifying session started as the set-up starts it: a human's lap, then a computer's."""
    entry = app.tracks.get("oval.tmx")
    start_qualifying(app, entry, header(("human", "careful"), preset=preset), preset)
    scene = app.scene
    assert isinstance(scene, QualifyingScene)
    return scene


def renamed(app, name: str = "Lindenring Neu") -> None:
    text = oval(app).read_text(encoding="utf-8")
    save_like_tiled(oval(app), text.replace("Lindenring Oval", name))


def test_a_lap_in_progress_goes_on_on_the_saved_board_and_its_save_names_the_new_track(app) -> None:
    scene = qualifying(app)
    first_roll(scene)
    laps, where = scene.session.laps(), lap_of(scene.session).state
    old_board = scene.view.board
    renamed(app)
    frames_until(scene, lambda: scene.track.name == "Lindenring Neu")
    new = app.tracks.get("oval.tmx").track
    assert scene.session.track is new and scene.view.board.track is new and scene.view.board is not old_board
    assert scene.session.laps() == laps
    assert lap_of(scene.session).state == where.model_copy(update={"track_hash": new.content_hash()})
    assert any(n.key == "reload.lap_done" for n in app.notices)
    saved = loads_qualifying(app.saves.current.read_text(encoding="utf-8"))
    assert saved.header.track_hash == new.content_hash() and saved.header.track_name == "Lindenring Neu"
    drive_lap(scene)  # and the lap goes on to the line there
    assert scene.session.results and scene.session.results[0].driver == "car1"


def test_a_computer_lap_being_replayed_follows_the_saved_board(app) -> None:
    scene = qualifying(app)
    scene.begin()
    settle(scene)
    drive_lap(scene)
    scene.proceed()  # past the human's result: the computer's lap is replayed on screen
    assert scene.phase == "computer" and scene.replay is not None
    scene.update(0.3)
    shown = scene.replay
    assert shown.next > 0
    renamed(app)
    frames_until(scene, lambda: scene.track.name == "Lindenring Neu")
    assert scene.replay is not shown and scene.replay.track is scene.track
    assert scene.replay.next >= shown.next and not scene.replay.broken


def test_a_replayed_lap_moved_onto_another_track_stands_where_it_stood(app) -> None:
    scene = qualifying(app)
    scene.begin()
    settle(scene)
    drive_lap(scene)
    lap = scene.session.driven[0]
    replay = LapReplay(scene.track, scene.rules, lap.steps, lap.driver)
    replay.advance(lap.steps[len(lap.steps) // 2].at_ms)
    other = scene.track.model_copy(update={"name": "Elsewhere"})
    moved = replay.on(other)
    assert moved.track is other and moved.next == replay.next > 0
    assert moved.state == replay.state.model_copy(update={"track_hash": other.content_hash()})


def test_laps_that_would_have_gone_differently_stay_on_the_old_board(app) -> None:
    scene = qualifying(app, preset="fde-advanced")  # the qualifying weather is rolled on the barometer
    barometer = scene.session.barometer
    assert barometer is not None
    other = {"rain": "sun", "sun": "rain", "variable": "sun"}[barometer]
    text = oval(app).read_text(encoding="utf-8")
    for kind, value in (("rain", "1-5"), ("sun", "13-20"), ("variable", "6-12")):
        text = text.replace(
            f'name="weather_{kind}" value="{value}"', f'name="weather_{kind}" value="{"1-20" if kind == other else ""}"'
        )
    old, session = scene.track, scene.session
    save_like_tiled(oval(app), text)
    frames_until(scene, lambda: any(n.key == "reload.lap_differs" for n in app.notices))
    notice = next(n for n in app.notices if n.key == "reload.lap_differs")
    assert notice.values["action"] == 0  # the weather, before any action
    assert scene.track is old and scene.session is session and scene.view.board.track is old


def test_the_time_trial_ghost_drives_on_the_saved_board_and_the_lap_counts_for_the_new_map(app) -> None:
    trial = TrialScene(app)
    app.push(trial)
    trial.choose(app.tracks.entries[0])
    trial.start()
    lap = app.scene
    lap.begin()
    settle(lap)
    drive_lap(lap)  # a first lap: the best lap, the ghost of the next one
    lap.proceed()
    records = app.scene
    assert isinstance(records, RecordsScene)
    key(records, pygame.K_RETURN)  # drive again: the first lap is the ghost now
    scene = app.scene
    assert isinstance(scene, QualifyingScene) and scene.trial
    first_roll(scene)
    assert isinstance(scene.ghost, LapReplay)
    renamed(app)
    frames_until(scene, lambda: scene.track.name == "Lindenring Neu")
    assert scene.ghost is not None and scene.ghost.track is scene.track
    drive_lap(scene)
    scene.proceed()
    shown = app.scene
    assert isinstance(shown, RecordsScene) and shown.track == scene.track.content_hash()


def test_the_trial_screen_shows_the_saved_map_and_stops_watching_while_a_lap_is_driven(app) -> None:
    trial = TrialScene(app)
    app.push(trial)
    trial.choose(app.tracks.entries[0])
    app.tracks.load(app.tracks.entries[0])
    app.frame(0.02)
    picture = trial.picture
    renamed(app)
    frames_until(trial, lambda: trial.picture is not picture)
    assert trial.entry is not None and trial.entry.name == "Lindenring Neu"
    watch = trial.reload.watch
    trial.start()
    assert watch is not None and watch._stop.is_set()  # only the lap's screen watches the map now
    key(app.scene, pygame.K_ESCAPE)


def test_a_race_whose_spaces_only_moved_on_the_map_moves_over_without_a_replay(app, monkeypatch) -> None:
    """Where a save only moved where spaces are drawn (the engine never reads their pixels),
    the race cannot have gone differently: it moves over as it stands, dice and all, at once."""
    import game.play.retrack as retrack_module
    from game.play.race_control import RaceControl
    from rules.files.record import loads, replay
    from tests.ui.helpers import human_step

    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(entry.track, header(("human", "careful")), app.saves)
    for _ in range(25):
        human_step(control)
    state, dice = control.state, control.session.dice
    data = entry.track.model_dump()
    for space in data["spaces"]:
        space["x"] += 3
        space["heading"] += 1
    moved = type(entry.track).model_validate(data)
    assert retrack_module.drawn_only(entry.track, moved)
    assert not retrack_module.drawn_only(entry.track, moved.model_copy(update={"laps": moved.laps + 1}))
    replayed: list[int] = []  # the actions each new session was made to replay
    real = retrack_module.RaceSession

    def spy(*args, **kwargs):
        replayed.append(len(kwargs.get("actions", ())))
        return real(*args, **kwargs)

    monkeypatch.setattr(retrack_module, "RaceSession", spy)
    assert retrack_module.replay_on(control, moved).session is None  # nothing replayed in the background
    assert retrack_module.retrack(control, moved) is None
    assert sum(replayed) == 0
    assert control.track is moved and control.session.dice is dice
    assert control.state == state.model_copy(update={"track_hash": moved.content_hash()})
    saved = loads(app.saves.current.read_text(encoding="utf-8"))
    assert saved.header.track_hash == moved.content_hash() and replay(moved, saved) == control.state
    for _ in range(10):  # and the race goes on there as it would have
        human_step(control)


def test_the_race_on_the_grid_of_laps_moved_onto_a_saved_map_starts_there(app) -> None:
    from game.scenes.race.scene import RaceScene
    from game.scenes.setup.grid import GridScene

    scene = qualifying(app)
    scene.begin()
    settle(scene)
    renamed(app)
    frames_until(scene, lambda: scene.track.name == "Lindenring Neu")
    drive_lap(scene)
    for _ in range(400):  # the human's result, the computer's lap and result, then the grid
        if isinstance(app.scene, GridScene):
            break
        if app.scene.phase in ("computer", "result"):
            app.scene.proceed()
        app.scene.update(0.05)
    grid = app.scene
    assert isinstance(grid, GridScene)
    key(grid, pygame.K_RETURN)
    race = app.scene
    new = app.tracks.get("oval.tmx").track
    assert isinstance(race, RaceScene) and race.control.track is new
    assert race.control.header.track_hash == new.content_hash() and race.control.header.track_name == "Lindenring Neu"
