"""The results and the race history say more than the places: each car's gap to the winner as
the game measures it (game rounds between finishers), the WP it used, its pit stops, a league
race's points, and where each human finished; a history file from before the places were kept
still loads."""

from __future__ import annotations

import sqlite3
from functools import cache
from pathlib import Path

import pygame
import pytest

from game import texts
from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.play.statistics import race_statistics
from game.scenes.history.races import RacesScene
from game.scenes.history.results import ResultsScene
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.storage.history import FILE, RaceHistory
from game.texts import tr
from rules.classify import classification
from rules.files.record import Record
from rules.league.championship import SEASON_POINTS
from tests.ui.helpers import board_of, header, make_app, oval, play_until, track_of
from tests.ui.test_race_scene import settle
from tests.ui.test_scenes import press


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@cache
def finished(
    preset: str, kinds: tuple[str, ...] = ("human", "careful", "aggressive", "careful"), laps: int = 2
) -> Record:
    """A finished race of four cars (the first a human) under ``preset``: its record."""
    control = RaceControl.start(oval(), header(kinds, laps=laps, seed=11, preset=preset))
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)
    return control.session.record()


def counted(app) -> dict:
    """Frames until the results screen has counted the race's record (a slice a frame): its status."""
    for _ in range(2000):
        app.frame(0.02)
        if not app.scene.status()["counting"]:
            return app.scene.status()
    raise AssertionError("the results never finished counting")


def results_of(tmp: Path, record: Record) -> ResultsScene:
    app = make_app(tmp)
    app.change_settings(app.settings.model_copy(update={"mute": True}))
    app.push(MenuScene(app))
    scene = ResultsScene(app, RaceControl.resume(oval(), record))
    app.push(scene)
    counted(app)
    return scene


def test_the_results_show_each_car_s_gap_wp_used_and_pit_stops_as_counted_from_the_record(tmp_path: Path) -> None:
    record = finished("fd-modules")
    scene = results_of(tmp_path, record)
    stats = race_statistics(oval(), record)
    status = scene.status()
    winner = stats.cars[0]
    assert winner.place.status == "finished" and status["gaps"][0] == ""
    for car, gap in zip(stats.cars[1:], status["gaps"][1:]):
        if car.place.status == "finished":
            rounds = (car.ended or 0) - (winner.ended or 0)
            assert gap == (tr("results.same_round") if rounds == 0 else tr("results.gap_rounds", n=rounds))
        else:
            assert gap == ""
    assert any(g.startswith("+") for g in status["gaps"])
    assert status["wp_used"] == [sum(c.used.values()) for c in stats.cars]
    assert status["pit_stops"] == [c.pit_stops for c in stats.cars]
    assert scene.heads()[3:6] == ("results.col_gap", "results.col_wp", "results.col_pits")
    assert status["points"] == [""] * len(stats.cars)  # a single race of the Formula D rules scores nothing
    row = (scene.table.centerx, scene.table.top + 44 + scene.row // 2)
    used = [f"{tr(f'area.{a.value}')} {n}" for a, n in winner.used.items() if n]
    assert scene.hint_at(row) == [tr("results.wp_used", areas=" · ".join(used))]


@pytest.mark.rules("SEASON-4")
def test_SEASON_4_a_league_race_outside_a_championship_shows_the_league_s_points(tmp_path: Path) -> None:
    record = finished("dresden-2006")
    scene = results_of(tmp_path, record)
    places = classification(oval(), RaceControl.resume(oval(), record).state)
    points = [str(SEASON_POINTS[p.position - 1] if p.laps >= 2 else 0) for p in places]
    assert scene.status()["points"] == points and "results.col_points" in scene.heads()


def test_the_results_say_where_each_human_finished(tmp_path: Path) -> None:
    record = finished("fd-basic", ("human", "careful", "human"))
    scene = results_of(tmp_path, record)
    places = {p.car: p for p in classification(oval(), scene.control.state)}
    expected = [
        tr(
            "results.human_out" if places[c].status == "out" else "results.human_place",
            name=f"Driver {k}",
            place=places[c].position,
        )
        for k, c in ((1, "car1"), (3, "car3"))
    ]
    assert scene.status()["humans"] == tr("results.humans", places=" · ".join(expected))


def test_the_history_keeps_the_humans_places_and_opens_the_results_of_a_kept_race(tmp_path: Path) -> None:
    """A race finished on the race screen: its row names the humans' places; Results shows the
    race as it ended (gaps, WP, pit stops), Back returns to the list."""
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("human", "careful", "careful"), seed=5), app.saves)
    play_until(control, lambda c: c.wait() == Wait.DONE, limit=20_000)  # the human's turns as a player takes them
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    settle(scene, limit=50)
    for _ in range(20):
        scene.update(1.0)
    assert app.scene.name == "results"
    shown = counted(app)
    place = next(p for p in classification(track_of(entry), control.state) if p.car == "car1")
    [row] = RaceHistory(tmp_path).list()
    assert [(h.name, h.place, h.status) for h in row.humans] == [("Driver 1", place.position, place.status)]
    app.home()
    press(app.scene, "races")
    races = app.scene
    assert isinstance(races, RacesScene)
    app.frame(0.02)
    assert races.status()["humans"][row.id] in shown["humans"]
    press(races, f"results.{row.id}")
    kept = app.scene
    assert isinstance(kept, ResultsScene)
    again = counted(app)
    assert {k: again[k] for k in ("places", "gaps", "wp_used", "pit_stops")} == {
        k: shown[k] for k in ("places", "gaps", "wp_used", "pit_stops")
    }
    app.frame(0.02)
    kept.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert app.scene is races


#: The race history as the game wrote it before it kept the humans' places.
OLD_SCHEMA = """
CREATE TABLE races (id INTEGER PRIMARY KEY, digest TEXT NOT NULL UNIQUE, played TEXT NOT NULL,
    track_name TEXT NOT NULL, track_hash TEXT NOT NULL, rules TEXT NOT NULL, variant TEXT, laps INTEGER NOT NULL,
    cars INTEGER NOT NULL, winner TEXT, record TEXT NOT NULL);
CREATE INDEX races_by_date ON races (played);
PRAGMA user_version = 1;
"""


def test_an_old_history_file_still_loads_and_keeps_places_from_now_on(tmp_path: Path) -> None:
    from rules.files.record import dumps

    record = finished("fd-basic", ("human", "careful"), laps=1)
    db = sqlite3.connect(tmp_path / FILE)
    db.executescript(OLD_SCHEMA)
    h = record.header
    db.execute(
        "INSERT INTO races (digest, played, track_name, track_hash, rules, variant, laps, cars, winner, record)"
        " VALUES ('old', '2026-11-01T10:00:00', ?, ?, ?, 'fd-basic', 1, 2, 'Driver 2', ?)",
        (h.track_name, h.track_hash, h.rules.name, dumps(record)),
    )
    db.commit()
    db.close()
    history = RaceHistory(tmp_path)
    [old] = history.list()
    assert (old.winner, old.humans) == ("Driver 2", ()) and history.record(old.id) == record
    assert not history.notices and not list(tmp_path.glob(f"{FILE}.corrupt*"))
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    press(app.scene, "races")
    app.frame(0.02)
    assert app.scene.status()["races"] == [(old.id, h.track_name, "Driver 2")] and not app.notices
    press(app.scene, f"results.{old.id}")
    assert isinstance(app.scene, ResultsScene) and counted(app)["wp_used"][0] is not None


@pytest.mark.parametrize("language", texts.LANGUAGES)
@pytest.mark.parametrize("screen", ["results", "results-teams"])
def test_the_counted_results_fit_the_smallest_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, screen: str, language: str
) -> None:
    """The gap, WP and stops columns beside the longest retirement reason, once counted, at 1024x640."""
    from tests.ui.layout import problems
    from tests.ui.test_layout import SCREENS, record_frame

    texts.set_language(language)
    app = make_app(tmp_path, (1024, 640))
    app.change_settings(app.settings.model_copy(update={"language": language, "mute": True}))
    app.push(MenuScene(app))
    SCREENS[screen](app)
    assert any(g for g in counted(app)["gaps"])
    found = problems(record_frame(app, monkeypatch))
    assert not found, "\n".join(found)
